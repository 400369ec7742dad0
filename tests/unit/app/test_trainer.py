"""The trainer: its puzzles (built-in and the person's own), their exact answers, the Leitner schedule and the
trainer's screen driven through ``update`` (ask, answer right and wrong, the missed one back, progress, refusals)."""

from __future__ import annotations

import json

import pytest

from game.app.events import BoxChosen, Button, DrillAnswered, Pressed, read_click
from game.app.keys import TRAINER_KEY
from game.app.state import App, Screen, TrainerScreen
from game.app.view import view
from game.coach.advisor import Advisor
from game.coach.coaching import Coach
from game.coach.drills import (
    MARGIN,
    OWN_PER_GAME,
    PER_THEME,
    Position,
    Theme,
    built_in,
    code,
    instructive,
    mistakes,
    rules_key,
    solve,
)
from game.coach.drills_data import POSITIONS
from game.coach.session import Session
from game.core.actions import Keep, Score
from game.core.cards import Seat
from game.core.engine import new_match
from game.core.variants import ruleset
from game.records.trainer import WAITS, Trainer, pick
from tests.helpers.app import of, ops, send, start, stores

TABLED = ("yacht", "yahtzee", "yatzy")


# --------------------------------------------------------------------------- the built-in set


@pytest.mark.parametrize("name", TABLED)
def test_each_rule_set_has_eight_instructive_positions_or_more(name):
    """Each built-in position's best choice beats the tempting one by MARGIN points at least, and each rule set
    has at least eight, of every theme its rules have."""
    rs = ruleset(name)
    advisor = Advisor(rs)
    mine = built_in(rs)
    assert len(mine) >= 8
    themes = {Theme.STRAIGHT, Theme.LAST} | ({Theme.BONUS} if rs.upper_bonus_amount else set())
    assert {p.theme for p in mine} == themes
    for p in mine:
        assert instructive(advisor, p) >= MARGIN, p
        assert len({q.ident for q in mine if q.theme is p.theme}) == PER_THEME


def test_the_built_in_set_serves_every_rule_set_of_its_variants():
    """A rule set of the variant with other tabled options practises its variant's positions; no bonus, no races."""
    plain = ruleset("yahtzee", upper_bonus=False, yahtzee_bonus=False)
    assert built_in(plain) and all(p.theme is not Theme.BONUS for p in built_in(plain))
    assert len(built_in(ruleset("yatzy", two_pairs_four=True))) == len(built_in(ruleset("yatzy")))
    assert all(Theme(theme) is not Theme.OWN and not rules.startswith("{") for rules, *_, theme in POSITIONS)


def test_an_answer_shows_the_exact_ranking_and_each_choice_s_cost():
    rs = ruleset("yacht")
    s = solve(Coach(rs), Position("yacht", (), (6, 6, 6, 6, 6), 0))
    assert s.best == Score("yacht") and s.right(Score("yacht"))
    assert s.loss(Score("sixes")) == pytest.approx(
        s.options[0].expected - dict((o.action, o.expected) for o in s.options)[Score("sixes")]
    )
    assert s.loss(Score("nope")) is None and not s.right(Score("nope"))
    keep = solve(Coach(rs), Position("yacht", (), (3, 4, 4, 4, 5), 1))
    assert keep.best == Keep((4, 4, 4)) and keep.best in keep.offered and keep.offered[0] != keep.best


# --------------------------------------------------------------------------- the person's own mistakes


def hand_made(lost: float, dice=(1, 2, 3, 4, 6)) -> Position:
    """A person's own costly decision as the trainer keeps it (a hand-made record)."""
    return Position(rules_key(ruleset("yacht")), (("ones", 3),), dice, 1, chosen="keep:1", lost=lost)


def test_own_mistakes_are_ranked_by_points_lost_and_come_first():
    small, big, middle = hand_made(1.5, (1, 1, 2, 3, 4)), hand_made(9.0, (2, 2, 3, 4, 6)), hand_made(4.0)
    t = Trainer().with_mistakes("Ann", [small, big]).with_mistakes("Ann", [middle, big])
    assert [p.lost for p in t.mistakes("Ann")] == [9.0, 4.0, 1.5]
    candidates = [p.ident for p in t.mistakes("Ann")] + [p.ident for p in built_in(ruleset("yacht"))]
    assert pick(t.progress("Ann"), candidates) == big.ident
    assert t.mistakes("Bob") == ()
    assert Trainer.from_json(t.to_json()) == t


def test_a_finished_game_s_costliest_decisions_become_puzzles():
    m = new_match("yacht", ["Ann"], seed=3).roll(faces=[6, 6, 6, 6, 6]).score("ones")  # Yacht given up: costly
    found = mistakes(Advisor(m.ruleset), m, 0, 0)
    assert len(found) == 1
    (p,) = found
    assert p.chosen == "box:ones" and p.lost > 20 and p.dice == (6, 6, 6, 6, 6) and p.rolls_left == 2
    assert p.fits(m.ruleset) and not p.fits(ruleset("yahtzee"))


# --------------------------------------------------------------------------- the schedule


def test_the_leitner_schedule_brings_a_missed_puzzle_back_after_two_others():
    t = Trainer().answered("Ann", "a", right=False)
    ids = ("a", "b", "c", "d")
    assert pick(t.progress("Ann"), ids) == "b"
    t = t.answered("Ann", "b", right=True)
    assert pick(t.progress("Ann"), ids) == "c"
    t = t.answered("Ann", "c", right=True)
    assert pick(t.progress("Ann"), ids) == "a"  # due: missed, after two others
    t = t.answered("Ann", "a", right=True)
    p = t.progress("Ann")
    assert dict((i, (box, due)) for i, box, due in p.boxes)["a"] == (2, 4 + WAITS[1])
    assert (p.solved, p.missed, p.streak, p.best_streak, p.box_counts()) == (3, 1, 3, 3, (0, 3, 0, 0, 0))


@pytest.mark.parametrize(
    "raw",
    [
        "{oops",
        "[]",
        '{"format": "yacht-dice/trainer", "version": 1, "people": {"Ann": [[["a", 9, 1]], 1, 1, 0, 1, 1]}, "own": {}}',
        "null",
    ],
)
def test_data_that_is_not_the_trainer_s_is_refused(raw):
    with pytest.raises(ValueError, match="not the trainer's data"):
        Trainer.from_json(raw)


# --------------------------------------------------------------------------- the screen, through update


def practise(stored: dict | None = None, query: str = "rules=yacht&players=Ann"):
    app, _ = start(query, stored=stored)
    return send(app, Pressed(Button.PRACTISE))


def shown(app: App) -> TrainerScreen:
    assert isinstance(app.screen, TrainerScreen)
    return app.screen


def wrong_choice(screen: TrainerScreen) -> str:
    assert screen.solution is not None
    return next(code(c) for c in screen.solution.offered if not screen.solution.right(c))


def right_choice(screen: TrainerScreen) -> str:
    assert screen.solution is not None
    return code(screen.solution.best)


def html(effects) -> str:
    return "".join(c.get("html", "") for ops_, _ in of(effects, "apply") for at, c in ops_ if at == "trainer-body")


def stored_trainer(app: App) -> Trainer:
    return Trainer.from_json(app.value(TRAINER_KEY) or "")


def test_practise_asks_a_puzzle_with_its_dice_card_and_rolls_left():
    app, effects = practise()
    screen = shown(app)
    assert app.screen.kind is Screen.TRAINER and screen.solution is not None and not screen.answer
    body = html(effects)
    assert "What&#x27;s the best keep?" in body or "Which box?" in body
    assert 'role="img" aria-label="Dice: ' in body and "Scorecard" in body and 'data-choice="' in body
    assert "left." in body


def test_an_answer_right_then_one_wrong_and_the_missed_one_comes_back():
    app, _ = practise()
    first = shown(app).solution.position.ident
    app, effects = send(app, DrillAnswered(right_choice(shown(app))))
    assert "Right: that is the best choice." in html(effects)
    assert ops(effects, "drill-next")[-1] == {"hidden": False} and of(effects, "focus") == [("drill-answer",)]
    assert stored_trainer(app).progress("Ann").solved == 1 and stores(effects, TRAINER_KEY)
    app, effects = send(app, Pressed(Button.DRILL_NEXT))
    missed = shown(app).solution.position.ident
    assert missed != first
    app, effects = send(app, DrillAnswered(wrong_choice(shown(app))))
    body = html(effects)
    assert "Not the best: your choice costs" in body and "(your choice)" in body and "1. " in body
    seen = []
    for _ in range(3):
        app, _ = send(app, Pressed(Button.DRILL_NEXT))
        seen.append(shown(app).solution.position.ident)
        app, _ = send(app, DrillAnswered(right_choice(shown(app))))
    assert seen[:2] != [missed, missed] and seen[2] == missed  # back after two others
    progress = stored_trainer(app).progress("Ann")
    assert (progress.solved, progress.missed, progress.asked) == (4, 1, 5)


def test_a_stray_or_second_answer_changes_nothing():
    app, _ = practise()
    for stray in ("box:nope", "keep:9-9", "rubbish", ""):
        assert send(app, DrillAnswered(stray)) == (app, [])
    app, _ = send(app, DrillAnswered(right_choice(shown(app))))
    assert send(app, DrillAnswered(wrong_choice(shown(app)))) == (app, [])
    lobby, _ = start("rules=yacht")
    assert send(lobby, DrillAnswered("box:yacht")) == (lobby, [])
    assert send(lobby, Pressed(Button.DRILL_NEXT)) == (lobby, [])


def test_next_waits_for_an_answer_and_back_leaves():
    app, _ = practise()
    assert send(app, Pressed(Button.DRILL_NEXT)) == (app, [])
    app, _ = send(app, Pressed(Button.DRILL_LEAVE))
    assert app.screen.kind is Screen.PLAY  # the match it was opened over
    app, _ = practise(query="")
    assert shown(app).person == ""
    app, _ = send(app, Pressed(Button.DRILL_LEAVE))
    assert app.screen.kind is Screen.SETUP


def test_a_click_on_a_choice_is_read_as_an_answer():
    assert read_click(data=(("choice", "keep:4-4"),)) == DrillAnswered("keep:4-4")


def test_unreadable_trainer_data_is_kept_aside_and_practice_starts_afresh():
    garbage = "{not json"
    app, effects = practise({TRAINER_KEY: garbage})
    kept = [(key, value) for key, value in of(effects, "store") if value == garbage]
    assert kept and kept[0][0].startswith("yacht-dice/unreadable-trainer")
    assert "could not be read" in (html(effects) + " ".join(str(e) for e in effects))
    assert shown(app).solution is not None
    app, effects = send(app, DrillAnswered(right_choice(shown(app))))
    assert stored_trainer(app).progress("Ann").solved == 1
    assert app.value(kept[0][0]) == garbage  # the copy is still there


def test_unreadable_trainer_data_whose_copy_was_refused_is_never_written_over():
    from game.app.events import Refused

    app, effects = practise({TRAINER_KEY: "[1, 2"})
    (key,) = [k for k, v in of(effects, "store") if v == "[1, 2"]
    app, _ = send(app, Refused(key))
    app, effects = send(app, DrillAnswered(right_choice(shown(app))))
    assert not stores(effects, TRAINER_KEY) and app.value(TRAINER_KEY) == "[1, 2"


def test_progress_is_shown_in_statistics_with_practise():
    from game.app.events import Fetched
    from game.app.keys import REFERENCES

    app, _ = practise()
    app, _ = send(app, DrillAnswered(wrong_choice(shown(app))))
    app, _ = send(app, Pressed(Button.DRILL_LEAVE), Pressed(Button.MENU_STATS))
    app, effects = send(app, Fetched(REFERENCES, json.dumps({}).encode()))
    body = (view(app).stats or ("",))[0]  # the App holds the numbers, the view their markup
    assert "Puzzles missed" in body and "1 · 0 · 0 · 0 · 0" in body


def test_rules_without_a_table_are_refused_with_words():
    app, _ = start("rules=generalized&dice=4")
    after, _ = send(app, Pressed(Button.PRACTISE))
    assert after.screen.kind is not Screen.TRAINER and "table" in view(after).notice.words


def test_a_recorded_game_keeps_its_costly_decisions_and_practice_asks_the_costliest_first():
    from tests.helpers.app import after_ticks, click
    from tests.helpers.scenes import last_box

    app, _ = start(match=last_box(8, [5] * 5))
    app, effects = after_ticks(*send(app, click("yacht")), "records")
    own = stored_trainer(app).mistakes("Ann")
    assert len(own) == OWN_PER_GAME and stores(effects, TRAINER_KEY)
    assert [p.lost for p in own] == sorted((p.lost for p in own), reverse=True) and own[0].lost >= 1
    app, effects = send(app, Pressed(Button.PRACTISE))
    puzzle = shown(app).solution.position
    assert puzzle == own[0] and puzzle.theme is Theme.OWN
    assert "One of your own decisions: it cost" in html(effects)
    assert code(shown(app).solution.best) != puzzle.chosen and puzzle.chosen in map(code, shown(app).solution.offered)


def test_a_games_end_offers_its_costliest_turn_again_and_back_returns_to_the_result():
    """Fresh eyes round 97: "after a close loss, let me find the points". The end of a game lost names the points its
    costliest turn cost; its button asks that very turn first, before the schedule's own; Back is the result again."""
    from tests.helpers.app import click, ending, visible
    from tests.helpers.scenes import last_box

    alone, _ = ending(*send(start(match=last_box(8, [5] * 5))[0], click("yacht")))
    assert alone.table.ended.replay is not None  # a game alone: not offered (rounds 116 to 118: "homework")
    assert view(alone).ended is not None and view(alone).ended[2] == ""
    robin = new_match("yacht", [Seat.computer("Robin", "good"), "Ann"], seed=8)
    for box in [c.id for c in robin.ruleset.categories if c.id != "yacht"]:  # Ann's first box each turn: costly
        robin = robin.roll(faces=[6] * 5).score(box).roll(faces=[1, 2, 3, 4, 6]).score(box)
    app, _ = start(match=Session(robin.roll(faces=[6] * 5).score("yacht").roll(faces=[5] * 5)))
    app, effects = send(app, click("yacht"))
    app, effects = ending(app, effects)  # lost to Robin: the costliest turn, to find the points
    costliest = mistakes(Advisor(app.session.match.ruleset), app.session.match, 0, 1)[0]
    assert app.table.ended.replay == costliest
    label = ops(effects, "replay-turn")[-1]["html"]  # the turn's dice for the eyes, then its words
    turn = len(costliest.scores) + 1
    assert label.endswith(f"Replay turn {turn}: find {round(costliest.lost)} more points") and visible(
        effects, "replay-turn"
    )
    assert label.count('class="die"') == len(costliest.dice) and 'aria-hidden="true"' in label
    app, effects = send(app, Pressed(Button.REPLAY_TURN))
    assert shown(app).solution.position == costliest and "One of your own decisions: it cost" in html(effects)
    app, effects = send(app, Pressed(Button.DRILL_LEAVE))
    assert app.screen.kind is Screen.PLAY and app.session.match.game_over and app.table.ended.replay == costliest


def test_no_replay_where_several_people_share_the_table():
    from tests.helpers.app import ending, visible

    match = new_match("yacht", ["Ann", "Bob"], seed=4)
    for box in [c.id for c in match.ruleset.categories][:-1]:
        match = match.roll(faces=[6] * 5).score(box).roll(faces=[6] * 5).score(box)  # Yachts thrown away: costly
    from game.coach.session import Session

    app, _ = start(match=Session(match.roll(faces=[6] * 5).score("yacht").roll(faces=[1, 2, 3, 4, 6])))
    app, effects = ending(*send(app, BoxChosen("yacht")))
    assert app.session.match.game_over and app.table.ended is not None and app.table.ended.replay is None
    assert visible(effects, "replay-turn") is not True
    assert send(app, Pressed(Button.REPLAY_TURN)) == (app, [])  # a stray press changes nothing


@pytest.mark.usefixtures("in_browser")
def test_in_the_browser_practise_waits_for_the_table_then_asks():
    """No table on this phone yet: Practice fetches it and says so; its arrival asks the first puzzle (one that
    fails to come leaves the trainer with words: the advisor would only estimate)."""
    from game.app.events import Fetched
    from game.app.keys import Wanted
    from game.app.waits import TABLES
    from tests.helpers.app import table_bytes

    app, _ = start()
    app, effects = send(app, Pressed(Button.PRACTISE))
    assert of(effects, "fetch") == [("yahtzee.bin", TABLES + "yahtzee.bin")] and shown(app).solution is None
    assert "Loading" in html(effects)
    assert send(app, DrillAnswered("box:chance")) == (app, [])  # nothing to answer yet
    ready, effects = send(app, Fetched(Wanted.table("yahtzee.bin"), table_bytes("yahtzee.bin")))
    assert shown(ready).solution is not None and 'data-choice="' in html(effects)
    failed, _ = send(app, Fetched(Wanted.table("yahtzee.bin"), None))
    assert failed.screen.kind is Screen.SETUP and "table" in view(failed).notice.words


def test_the_computer_s_turn_paused_while_practising_goes_on_once_back():
    from game.app.events import Key, read_timer
    from tests.helpers.app import ticks

    app, _ = start("players=Ann&cpu=2:easy")
    app, effects = send(app, Key("r"))
    app, effects = send(app, BoxChosen(next(iter(app.session.match.options()))))
    (token, _), *_ = ticks(effects, "computer")
    app, _ = send(app, Pressed(Button.PRACTISE))
    app, effects = send(app, read_timer(token))  # its pause ends while the trainer is shown: not played
    assert app.screen.kind is Screen.TRAINER and not ticks(effects, "computer")
    app, effects = send(app, Pressed(Button.DRILL_LEAVE))
    assert app.screen.kind is Screen.PLAY and ticks(effects, "computer")


def test_practise_from_statistics_is_for_the_person_and_rules_it_shows():
    """Opened from Statistics, the trainer is the shown person's, of the shown rule set, whatever the form says."""
    from game.app.events import Fetched, StatsFiltered
    from game.app.keys import HISTORY_KEY, REFERENCES
    from game.records.history import History
    from game.records.record import demo_record

    history = History().add(demo_record()).to_json()  # Ann and Bob, Yacht
    app, _ = start(stored={HISTORY_KEY: history})
    app, _ = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, b"{}"))
    opened, _ = send(app, Pressed(Button.PRACTISE))
    assert (shown(opened).person, shown(opened).ruleset.name) == ("Ann", "yacht")
    app, _ = send(app, StatsFiltered(None, "Bob"))
    opened, _ = send(app, Pressed(Button.PRACTISE))
    assert (shown(opened).person, shown(opened).ruleset.name) == ("Bob", "yacht")
    lobby, _ = send(start(stored={HISTORY_KEY: history})[0], Pressed(Button.PRACTISE))
    assert shown(lobby).ruleset.name == "yahtzee"  # the form's rules, off Statistics


def test_a_backup_carries_the_trainer_and_its_import_adds_only_the_people_this_phone_lacks():
    from game.app.events import File
    from game.records.backup import Backup

    app, _ = practise()
    app, _ = send(app, DrillAnswered(right_choice(shown(app))))
    app, effects = send(app, Pressed(Button.EXPORT_BACKUP))
    text = of(effects, "download")[0][1]
    assert Trainer.from_json(Backup.from_json(text).trainer or "").progress("Ann").solved == 1
    bob = Trainer().answered("Bob", "k1", False).to_json()
    phone, _ = start("rules=yacht&players=Bob", stored={TRAINER_KEY: bob})
    phone, effects = send(phone, File(len(text.encode()), text))
    merged = Trainer.from_json(stores(effects, TRAINER_KEY)[-1])
    assert merged.progress("Ann").solved == 1 and merged.progress("Bob").missed == 1  # Ann's from the file, Bob kept
    here = Trainer().answered("Ann", "k9", False).to_json()
    phone, effects = send(start(stored={TRAINER_KEY: here})[0], File(len(text.encode()), text))
    assert not stores(effects, TRAINER_KEY)  # this phone's own Ann is never replaced by the file's
    damaged = json.loads(text) | {"trainer": {"format": "yacht-dice/trainer", "version": 1, "people": 3}}
    bad = json.dumps(damaged)
    phone, effects = send(start(stored={TRAINER_KEY: bob})[0], File(len(bad), bad))
    assert not stores(effects, TRAINER_KEY) and phone.value(TRAINER_KEY) == bob and "trainer" in str(effects)
    garbage = "{not json"
    phone, effects = send(start(stored={TRAINER_KEY: garbage})[0], File(len(text.encode()), text))
    assert not stores(effects, TRAINER_KEY) and phone.value(TRAINER_KEY) == garbage  # never over unreadable data
