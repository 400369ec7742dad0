"""The last table painted before Python (game/app/waking.py): what the page keeps after a draw, and the taps made
on a painted table, answered once the start has drawn and only on the same table."""

from __future__ import annotations

import json
from dataclasses import replace

from game.app.events import Button, Early, Fetched, Key, Pressed, Start, TimerFired, TimerKind, read_event
from game.app.keys import SAVE_KEY, Wanted
from game.app.state import App, Screen
from game.app.update import update
from game.app.waking import stamp
from game.core.actions import Roll
from tests.helpers.app import NOW, kinds, of, send, start
from tests.helpers.scenes import fresh, rolled
from tests.helpers.words import catalogue


def resumed(session, languages=()) -> tuple[App, list]:
    """The App after a start that resumes ``session`` from storage."""
    return start(match=session, languages=languages)


def rolls(app: App) -> int:
    return sum(isinstance(action, Roll) for action in app.played.match.actions) if app.session else 0


def test_a_table_has_a_stamp_that_names_its_match_and_moves_with_it():
    app, effects = resumed(rolled())
    (ready,) = of(effects, "ready")
    assert app.screen.kind is Screen.PLAY and ready[1] == stamp(app) == app.givens.woke and len(app.givens.woke) == 16
    assert stamp(resumed(rolled())[0]) == app.givens.woke  # the same table after another start
    assert stamp(resumed(rolled(seed=2))[0]) != app.givens.woke
    moved, _ = send(app, Key("r"))
    assert stamp(moved) != app.givens.woke
    assert stamp(App()) == stamp(start()[0]) == ""  # the setup: no table


def test_after_a_draw_the_page_keeps_the_table_and_the_status_a_start_would_draw():
    app, _ = resumed(fresh())
    app, effects = send(app, Key("r"))
    (keep,) = of(effects, "keep")
    assert keep == (stamp(app), "Ann's turn, roll 1 of 3") and kinds(effects)[-1] == "keep"
    again, _ = resumed(app.played)
    assert stamp(again) == keep[0]  # what a later launch's start draws is what was kept
    app, effects = send(app, Pressed(Button.NEW_MATCH))
    assert app.screen.kind is Screen.SETUP and of(effects, "keep") == [("", "")]  # no table: a later launch paints none


def test_nothing_is_kept_by_an_answer_that_draws_nothing():
    app, _ = resumed(rolled())
    app, effects = send(app, Key("x"))
    assert effects == [] and of(effects, "keep") == []


def test_a_tap_made_on_the_painted_table_is_answered_once_the_start_has_drawn():
    app, _ = resumed(rolled())
    painted = app.givens.woke
    app, effects = send(App(), Start(stored=((SAVE_KEY, rolled().to_json()),)), Early(Key("r"), painted))
    assert rolls(app) == 2 and of(effects, "keep")


def test_a_tap_made_on_a_table_that_has_moved_on_does_nothing():
    old = stamp(resumed(rolled())[0])
    saved = replace(rolled(), match=rolled().match.roll())  # the same match, one more roll: another table
    app, _ = update(App(), Start(stored=((SAVE_KEY, saved.to_json()),)), now=NOW)
    before = app
    app, effects = update(app, Early(Pressed(Button.ROLL), old), now=NOW)
    assert app == before and effects == []


def test_a_tap_on_the_setup_the_page_came_with_does_nothing_when_the_start_resumes_a_match():
    app, _ = update(App(), Start(stored=((SAVE_KEY, rolled().to_json()),)), now=NOW)
    before = app
    app, effects = update(app, Early(Pressed(Button.QUICK_SOLO), ""), now=NOW)
    assert app == before and effects == []  # the saved match is not replaced by a tap on a form that was not there


def test_early_taps_wait_while_the_start_waits_for_its_language_then_are_answered():
    saved = rolled()
    app, effects = update(App(), Start(stored=((SAVE_KEY, saved.to_json()),), languages=("sv",)), now=NOW)
    assert of(effects, "fetch") and app.waiting.starting is not None
    painted = stamp(resumed(saved)[0])
    app, effects = send(app, Early(Key("r"), painted), Early(Key("r"), painted))
    assert effects == [] and len(app.held) == 2 and rolls(app) == 0  # held: nothing drawn yet
    app, effects = send(app, Fetched(Wanted.language("sv"), catalogue("sv")))
    assert app.t.code == "sv" and app.held == () and rolls(app) == 3  # both taps, on the table the start drew
    assert kinds(effects).index("ready") < kinds(effects).index("keep")


def test_the_page_marks_a_persons_events_made_before_ready_with_their_table():
    event, _ = read_event(json.dumps({"type": "click", "id": "roll-button", "board": "abc", "now": NOW}))
    assert event == Early(Pressed(Button.ROLL), "abc")
    event, _ = read_event(json.dumps({"type": "tick", "token": "computer:1", "board": "abc"}))
    assert event == TimerFired(TimerKind.COMPUTER, 1)  # only a person's messages: a timer is never early
    event, _ = read_event(json.dumps({"type": "key", "key": "r", "board": 3}))
    assert event == Key("r")  # not a stamp: taken as a plain event
