"""What tests/e2e/test_feel.py played in the browser, through ``update`` only: roll marks, the pass-the-phone screen
(between people only, and only when asked for), a Yahtzee's celebration and a personal best. The browser keeps
the dice's tumble, reduced motion and the Escape key carried out."""

from __future__ import annotations

import re

from game.app.events import BoxChosen, Button, Key, Pressed, read_timer
from game.app.keys import HISTORY_KEY
from game.app.state import Screen
from game.core.dice import Draw
from game.core.engine import new_match
from game.records.history import History
from game.records.record import demo_record
from tests.helpers.app import after_ticks, of, ops, play_out, send, start, ticks, visible
from tests.helpers.scenes import yahtzee_seed


def used_marks(effects) -> tuple[int, int] | None:
    """(used, all) of the roll marks the last draw left, None when the effects leave them alone."""
    drawn = ops(effects, "roll-marks")
    if not drawn:
        return None
    marks = re.findall(r'class="(mark(?: used)?)"', drawn[-1]["html"])
    return marks.count("mark used"), len(marks)


def status(effects) -> str:
    return ops(effects, "status")[-1]["text"]


def first_box(app):
    return BoxChosen(next(iter(app.session.match.options())))


def test_roll_marks_count_the_rolls_of_the_turn():
    app, effects = start("rules=yatzy&players=Ann&seed=2")
    assert used_marks(effects) == (0, 3)
    for used in range(1, 4):
        app, effects = send(app, Pressed(Button.ROLL))
        assert used_marks(effects) == (used, 3)
    app, effects = send(app, first_box(app))
    assert used_marks(effects) == (0, 3)


def test_the_pass_screen_comes_between_people_and_holds_the_dice_until_start():
    app, effects = start("rules=yacht&players=Ann,Bob&pass=1&seed=4")
    assert visible(effects, "pass") is not True  # the first turn: the phone is already in hand
    app, _ = send(app, Pressed(Button.ROLL))
    app, effects = send(app, first_box(app))
    assert visible(effects, "pass") and visible(effects, "tray") is False
    assert ops(effects, "pass-text")[-1]["text"] == "Pass the phone to Bob, then tap Start."
    assert ("pass-start",) in of(effects, "focus")
    after, effects = send(app, Key("r"))  # the dice wait for Bob: the key says so (issue 58)
    assert after.session == app.session and not ops(effects, "dice")
    app, effects = send(app, Pressed(Button.PASS_START))
    assert visible(effects, "tray") and visible(effects, "pass") is False and ("roll-button",) in of(effects, "focus")
    app, _ = send(app, Pressed(Button.ROLL))
    app, effects = send(app, first_box(app))
    assert (
        visible(effects, "pass") and ops(effects, "pass-text")[-1]["text"] == "Pass the phone to Ann, then tap Start."
    )
    # A reload keeps the phone with whoever holds it until they start.
    again, effects = start(match=app.session)
    assert visible(effects, "pass") and ops(effects, "pass-text")[-1]["text"].startswith("Pass the phone to Ann")


def test_no_pass_screen_against_a_computer():
    app, _ = start("rules=yacht&players=Ann,Cy&cpu=2:easy&pass=1&seed=4")
    app, _ = send(app, Pressed(Button.ROLL))
    app, effects = send(app, first_box(app))
    app, more = send(app, Pressed(Button.SKIP))
    effects += more
    while ticks(effects, "computer"):  # the computer's turn, at no pause
        app, effects = send(app, *[read_timer(token) for token, _ in ticks(effects, "computer")])
    assert app.session.match.current_name == "Ann" and app.session.match.rolls == 0
    assert visible(effects, "pass") is not True and status(effects).endswith("Ann's turn: roll the dice")
    assert [c["attrs"]["aria-disabled"] for c in ops(effects, "roll-button") if "attrs" in c][-1] == "false"


def test_no_pass_screen_between_people_unless_asked_for():
    app, _ = start("rules=yacht&players=Ann,Bob&seed=4")
    app, _ = send(app, Pressed(Button.ROLL))
    app, effects = send(app, first_box(app))
    assert "Bob's turn" in status(effects) and visible(effects, "pass") is not True
    assert visible(effects, "tray") is not False


def test_a_yahtzee_is_celebrated_spoken_and_dismissible():
    app, _ = start(f"rules=yahtzee&players=Ann&seed={yahtzee_seed()}")
    app, effects = send(app, Pressed(Button.ROLL))  # on the roll that shows it
    assert visible(effects, "cheer") and ops(effects, "cheer-text")[-1]["text"] == "Yahtzee for Ann!"
    assert "Yahtzee for Ann!" in status(effects)  # what a screen reader hears
    app, effects = send(app, Pressed(Button.CHEER_CLOSE))
    assert visible(effects, "cheer") is False


def first_box_totals(seed: int) -> tuple[int, int]:
    """Ann's two game totals when every turn rolls once and takes the first open box."""
    match = new_match("yacht", ["Ann"], games=2, seed=seed, draw=Draw.TYPED)  # as a link's seed deals
    totals = []
    for _ in range(2):
        while not match.game_over:
            match = match.roll()
            match = match.score(match.open_categories()[0])
        totals.append(match.game_totals()[0])
        if len(totals) < 2:
            match = match.next_game()
    return totals[0], totals[1]


def test_a_personal_best_is_celebrated_when_a_game_beats_the_last():
    seed = next(s for s in range(1, 500) if first_box_totals(s)[1] > first_box_totals(s)[0])
    best = first_box_totals(seed)[1]
    app, _ = start(f"rules=yacht&players=Ann&games=2&seed={seed}")
    app, _, effects = play_out(app)
    app, effects = after_ticks(app, effects, "records")
    assert not [text for text in (c.get("text") for c in ops(effects, "cheer-text")) if "personal best" in (text or "")]
    assert app.screen.kind is Screen.PLAY  # the first game set no best: nothing to beat yet
    app, _ = send(app, Pressed(Button.NEXT_GAME))
    app, _, effects = play_out(app)
    app, effects = after_ticks(app, effects, "records")
    assert ops(effects, "cheer-text")[-1]["text"].startswith(f"A personal best for Ann: {best} points!")
    assert f"A personal best for Ann: {best} points!" in ops(effects, "spoken")[-1]["text"]  # the tray is hidden


def test_a_total_passing_the_players_best_mid_game_is_celebrated_once():
    """A person's total passing their best under the rules mid-game is a moment of its own, at the box that passed
    it, and only there (fresh eyes rounds 40 and 41: a new best had no flourish in play); the last box's is the
    end's "A new best". A first game sets no best to pass."""

    def crossing(seed: int) -> bool:  # game 2 passes game 1's total before its last box
        first, second = first_box_totals(seed)
        match = new_match("yacht", ["Ann"], games=2, seed=seed, draw=Draw.TYPED)
        for _ in match.ruleset.categories:
            match = match.roll()
            match = match.score(match.open_categories()[0])
        match = match.next_game()
        for _ in match.ruleset.categories[:-1]:
            match = match.roll()
            match = match.score(match.open_categories()[0])
        return match.game_totals()[0] > first

    seed = next(s for s in range(1, 500) if crossing(s))
    app, _ = start(f"rules=yacht&players=Ann&games=2&seed={seed}")
    cheers: list[str] = []
    while not app.session.match.game_over:
        app, _ = send(app, Pressed(Button.ROLL))
        app, effects = send(app, BoxChosen(app.session.match.open_categories()[0]))
        cheers += [c["text"] for c in ops(effects, "cheer-text") if "best" in c.get("text", "")]
    assert not cheers  # nothing to pass yet
    best = app.session.match.game_totals()[0]
    app, _ = after_ticks(app, effects, "records")  # game 1 in the history
    app, _ = send(app, Pressed(Button.NEXT_GAME))
    passed = []
    while not app.session.match.game_over:
        app, _ = send(app, Pressed(Button.ROLL))
        was = app.session.match.game_totals()[0]
        app, effects = send(app, BoxChosen(app.session.match.open_categories()[0]))
        now = app.session.match.game_totals()[0]
        said = [c["text"] for c in ops(effects, "cheer-text") if "best" in c.get("text", "")]
        if was <= best < now and not app.session.match.game_over:
            passed.append(now)
            assert said == [f"Ann is past their best of {best}!"], (was, now, said)
            assert f"Ann is past their best of {best}!" in status(effects)  # heard with the step's words
        else:
            assert not said, (was, now, said)
    assert len(passed) == 1


def test_a_match_opened_by_link_reads_the_history_after_its_start_for_a_best_passed_mid_game():
    """A link skips the lobby, which reads the history: the match reads it a moment after it starts (off a tap's
    path), so that its first total past the person's best is celebrated there too."""
    stored = {HISTORY_KEY: History().add(demo_record()).to_json()}  # Ann's Yacht game: 60
    app, effects = start("rules=yacht&players=Ann&seed=5", stored=stored)
    assert app.storage.history is None  # not read at the start
    app, _ = after_ticks(app, effects, "prefetch")
    said = []
    while not app.session.match.game_over and not said:
        app, _ = send(app, Pressed(Button.ROLL), Pressed(Button.ROLL), Pressed(Button.ROLL))
        app, effects = send(app, BoxChosen(max(app.session.match.options().items(), key=lambda kv: kv[1])[0]))
        said = [c["text"] for c in ops(effects, "cheer-text") if "best" in c.get("text", "")]
    assert said == ["Ann is past their best of 60!"]
