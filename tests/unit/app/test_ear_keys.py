"""The game by ear, second pass (issue 58) and the computer's pace (issue 54), through ``update``: a box in a few keys,
a person's box never lost to the computer's timing, the focus always somewhere named, every key answering, a
computer's turn said once, and nothing said into a hidden region."""

from __future__ import annotations

from game.app.events import Button, Fetched, Key, PacePicked, Pressed, read_timer
from game.app.keys import PACE_KEY, REFERENCES
from game.app.state import Over
from game.coach.session import Session
from game.core.cards import Seat
from game.core.engine import new_match
from tests.helpers.app import click, notice, of, ops, send, start, stores, tick_token, ticks
from tests.helpers.scenes import rolled


def focus_moves(effects) -> list[tuple]:
    return of(effects, "moveFocus")


def written(effects, where: str) -> list[str]:
    return [changes["text"] for changes in ops(effects, where) if "text" in changes]


def against_computer(rules: str = "yahtzee", seed: int = 1, stored: dict | None = None):
    """Ann against Robin (a computer), Ann to roll."""
    match = new_match(rules, ["Ann", Seat.computer("Robin", "easy")], seed=seed)
    return start(match=Session(match), stored=stored)


def computer_ms(effects) -> int:
    ((_, ms),) = ticks(effects, "computer")
    return ms


# ----------------------------------------------------------------------------- the pace (issue 54)


def test_the_pace_sets_the_computers_waits_brisk_by_default():
    app, _ = against_computer()
    app, _ = send(app, Pressed(Button.ROLL))
    _, effects = send(app, click("chance"))
    assert computer_ms(effects) == 500  # Brisk: a tap, no keys: no grace
    for pace, ms in (("relaxed", 700), ("instant", 0), ("nonsense", 500)):
        picked, effects = send(app, PacePicked(pace))
        assert stores(effects, PACE_KEY) == [pace if pace != "nonsense" else "brisk"]
        assert computer_ms(send(picked, click("chance"))[1]) == ms


def test_at_the_instant_pace_the_computers_dice_are_not_thrown():
    app, _ = against_computer(stored={PACE_KEY: "instant"})
    app, _ = send(app, Pressed(Button.ROLL))
    app, effects = send(app, click("chance"))
    motions = []
    while app.session.match.player == 1:
        app, effects = send(app, read_timer(tick_token(effects, "computer")))
        motions += [effect.motion for effect in effects if effect.KIND == "apply"]
    assert motions and not any(motions)


# ----------------------------------------------------------------------------- a choice never lost to timing


def test_a_box_chosen_by_keys_waits_two_seconds_and_undo_takes_it_back_till_the_computer_rolls():
    app, _ = against_computer()
    app, _ = send(app, Key("r"))
    app, scored = send(app, click("chance"))
    assert computer_ms(scored) >= 2000  # keys play: the ear hears the box first
    undone, _ = send(app, Key("u"))  # within the wait: taken back
    assert undone.session.match.player == 0 and "chance" in undone.session.match.options()
    app, _ = send(app, read_timer(tick_token(scored, "computer")))  # the wait is over: the computer rolls
    assert app.session.match.rolls == 1 and app.session.match.player == 1
    refused, effects = send(app, Key("u"))  # the computer has rolled: final (the fair-play rule)
    assert refused.session == app.session and "never a roll" in notice(effects)


# ----------------------------------------------------------------------------- a box in a few keys


def test_s_goes_to_the_boxes_and_a_letter_or_a_face_names_one():
    app, _ = start(match=rolled("yahtzee", faces=[2, 2, 2, 5, 5]))
    app, effects = send(app, Key("s", at="roll-button"))
    assert focus_moves(effects) == [("#scorecard button.choice", "first")] and app.table.boxing
    app, effects = send(app, Key("f", choice=True, box="ones"))
    assert focus_moves(effects) == [('#scorecard button[data-category="four_of_a_kind"]', "first")]
    app, effects = send(app, Key("f", choice=True, box="four_of_a_kind"))  # the same letter: the next it begins
    assert focus_moves(effects) == [('#scorecard button[data-category="full_house"]', "first")]
    app, effects = send(app, Key("5", choice=True, box="full_house"))  # a face names its upper box
    assert focus_moves(effects) == [('#scorecard button[data-category="fives"]', "first")]
    app, effects = send(app, Key("q", choice=True, box="fives"))
    assert notice(effects) == "No open box answers to Q." and not focus_moves(effects)
    app, effects = send(app, Key("ArrowDown", choice=True, box="fives"))  # any other key: names no more
    assert focus_moves(effects) == [("#scorecard button.choice", 1)] and not app.table.boxing
    _, effects = send(app, Key("5", choice=True, box="sixes"))  # a die's number again
    assert app.session.match.held != send(app, Key("5", choice=True, box="sixes"))[0].session.match.held


def test_arrows_home_and_end_on_roll_reach_the_boxes_and_say_why_before_a_roll():
    app, _ = start(match=rolled("yahtzee", faces=[2, 2, 2, 5, 5]))
    moves = {
        key: focus_moves(send(app, Key(key, at="roll-button"))[1]) for key in ("ArrowDown", "ArrowUp", "Home", "End")
    }
    assert moves == {
        "ArrowDown": [("#scorecard button.choice", "first")],
        "ArrowUp": [("#scorecard button.choice", "last")],
        "Home": [("#scorecard button.choice", "first")],
        "End": [("#scorecard button.choice", "last")],
    }
    assert focus_moves(send(app, Key("End", choice=True, box="ones"))[1]) == [("#scorecard button.choice", "last")]
    assert send(app, Key("ArrowDown", at="hint-toggle"))[1] == []  # elsewhere the page scrolls as it will
    app, _ = start(match=Session(new_match("yahtzee", ["Ann"], seed=1)))
    for key in ("s", "ArrowDown"):
        after, effects = send(app, Key(key, at="roll-button"))
        assert notice(effects) == "Roll first: a box is chosen after a roll." and after.session == app.session


# ----------------------------------------------------------------------------- every key answers; repeat


def test_every_documented_key_answers_in_every_state():
    states = {
        "before the roll": start(match=Session(new_match("yahtzee", ["Ann"], seed=1)))[0],
        "rolled": start(match=rolled("yahtzee"))[0],
        "computer's turn": send(send(against_computer()[0], Pressed(Button.ROLL))[0], click("chance"))[0],
        "lobby": start()[0],
    }
    for state, app in states.items():
        for key in ("r", "s", "b", "a", "u", "1", "6"):
            _, effects = send(app, Key(key, at="roll-button"))
            heard = notice(effects) or "".join(written(effects, "spoken") + written(effects, "status"))
            assert heard or focus_moves(effects) or of(effects, "store"), (state, key)


def test_b_twice_speaks_twice_with_the_upper_bonus_and_a_says_the_last_words_again():
    match = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[6, 6, 6, 1, 2]).score("sixes").roll(faces=[1, 2, 3, 4, 4])
    app, _ = start(match=Session(match))
    app, first = send(app, Key("b"))
    app, second = send(app, Key("b"))
    (one,), (two,) = written(first, "spoken"), written(second, "spoken")
    assert one != two and one.strip() == two.strip()  # written again differently: a screen reader says it again
    assert one.endswith("Upper section: 18 of 63 for the bonus.")
    app, effects = send(app, Key("r"))
    (rolled_line,) = written(effects, "status")
    _, effects = send(app, Key("a"))
    assert written(effects, "spoken") == [rolled_line]


# ----------------------------------------------------------------------------- focus always lands somewhere named


def test_focus_lands_on_roll_after_statistics_rules_escape_and_skip():
    app, _ = start(match=rolled("yacht"))
    opened, _ = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))
    assert opened.over is Over.STATS
    assert ("roll-button",) in of(send(opened, Pressed(Button.STATS_CLOSE))[1], "focus")
    closed, effects = send(opened, Key("Escape"))  # Escape closes Statistics, and the Rules
    assert closed.over is app.over and ("roll-button",) in of(effects, "focus")
    ruled, _ = send(app, Pressed(Button.MENU_RULES))
    closed, effects = send(ruled, Key("Escape"))
    assert closed.over is app.over and ("roll-button",) in of(effects, "focus")
    app, _ = send(send(against_computer()[0], Pressed(Button.ROLL))[0], click("chance"))
    assert ("roll-button",) in of(send(app, Pressed(Button.SKIP))[1], "focus")


# ----------------------------------------------------------------------------- the computer's turn, said once


def test_a_computers_turn_speaks_at_most_two_messages():
    app, _ = against_computer(seed=3)
    app, _ = send(app, Pressed(Button.ROLL))
    app, effects = send(app, click("chance"))
    live, spoken = True, []
    while app.session.match.player == 1:
        app, effects = send(app, read_timer(tick_token(effects, "computer")))
        for changes in ops(effects, "status"):  # in order: the line's live switch, then its words
            live = changes.get("attrs", {}).get("aria-live", "polite" if live else "off") == "polite"
            spoken += [changes["text"]] if "text" in changes and live else []
        spoken += [text for text in written(effects, "spoken") + written(effects, "notice") if text]
    assert 1 <= len(spoken) <= 2 and spoken[-1].startswith("Robin rolled "), spoken


# ----------------------------------------------------------------------------- nothing said into a hidden region


def test_the_hand_over_says_its_words_where_they_are_shown():
    app, _ = start("players=Ann,Bob&pass=1")
    app, _ = send(app, Key("r"))
    app, effects = send(app, click(next(iter(app.session.match.options()))))
    hidden = [changes.get("hidden") for changes in ops(effects, "tray") if "hidden" in changes]
    assert hidden == [True] and written(effects, "status") in ([], [""])  # the hidden tray's line says nothing
    assert written(effects, "spoken")[-1].startswith("Ann scored")  # the ear's region, outside the tray, says it
    assert ("pass-start",) in of(effects, "focus")


def test_by_link_the_send_screen_says_the_box_where_it_is_shown_and_takes_the_focus():
    match = new_match("yacht", ["Ann", "Bob"], seed=1).roll()
    app, _ = start(match=Session(match, remote=True))
    app, effects = send(app, Key("s", at="roll-button"))
    app, effects = send(app, click("choice"))  # Ann's box: the turn goes to Bob's phone
    assert [changes["hidden"] for changes in ops(effects, "tray") if "hidden" in changes] == [True]
    assert written(effects, "status") in ([], [""]) and written(effects, "spoken")[-1].startswith("Ann scored")
    assert ("send-link",) in of(effects, "focus")
    after, effects = send(app, Key("r"))  # a key on the send screen says what to do, and rolls nothing
    assert after.session == app.session and notice(effects).startswith("Send the match to Bob by link")


def test_a_match_that_a_computer_ends_is_said_with_its_turn_where_it_is_shown():
    match = new_match("yacht", ["Ann", Seat.computer("Robin", "easy")], seed=1)
    for box in match.ruleset.categories[:-1]:
        match = match.roll().score(box.id).roll().score(box.id)
    app, _ = start(match=Session(match.roll()))
    app, effects = send(app, click(match.ruleset.categories[-1].id))
    heard = []
    while not app.session.match.game_over:
        app, effects = send(app, read_timer(tick_token(effects, "computer")))
        heard += written(effects, "spoken")
    assert heard[-1].startswith("Robin rolled ") and "The match is over." in heard[-1]
