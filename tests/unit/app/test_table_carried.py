"""The table's state lives in the play screen (issue 56): the screens opened over the table carry it back as it was,
ticks that come meanwhile land on it, and what holds for the visit (the switches, the target, the tables drawn)
outlasts a new match, which begins on a table of its own."""

from __future__ import annotations

from dataclasses import replace

from game.app.events import Answered, Button, FaceTapped, Fetched, Pressed, Switch, Toggled, read_timer
from game.app.ids import Answer
from game.app.keys import REFERENCES
from game.app.state import PlayScreen, TrainerScreen
from game.app.view import view
from game.coach.session import Session
from game.core.dice import Draw
from game.core.engine import new_match
from tests.helpers.app import click, send, start, ticks
from tests.helpers.scenes import rolled


def test_the_trainer_opened_from_the_table_returns_to_it_as_it_was():
    """Faces entered, the status line and the table drawn: Back from the trainer finds them all again."""
    session = Session(new_match("yahtzee", ["Ann", "Bob"], seed=7, draw=Draw.ENTERED))
    app, _ = start(match=session)
    app, _ = send(app, *[FaceTapped(face) for face in (6, 6, 3)])
    table, drawn = app.table, view(app).table
    trainer, _ = send(app, Pressed(Button.PRACTISE))
    assert isinstance(trainer.screen, TrainerScreen) and trainer.screen.back == app.screen
    assert trainer.table == table and table.entering == (6, 6, 3)
    back, _ = send(trainer, Pressed(Button.DRILL_LEAVE))
    assert isinstance(back.screen, PlayScreen) and back.table == table and view(back).table == drawn
    back, _ = send(back, *[FaceTapped(face) for face in (2, 2)])  # the roll entered goes on where it stood
    assert back.session.match.dice == (6, 6, 3, 2, 2) and back.table.entering == ()


def test_a_hint_that_comes_while_the_trainer_shows_is_on_the_table_it_returns_to():
    app, effects = start(match=rolled("yahtzee").with_hints(True))
    ((token, _),) = ticks(effects, "hint")
    trainer, _ = send(app, Pressed(Button.PRACTISE))
    trainer, _ = send(trainer, read_timer(token))
    assert isinstance(trainer.screen, TrainerScreen) and trainer.table.hint is not None
    back, effects = send(trainer, Pressed(Button.DRILL_LEAVE))
    hinted, _ = send(app, read_timer(token))  # the same tick at the table
    # Back takes the table up again: the hint stays, its dice unmarked until its next tick (as after any draw).
    assert back.table.hint == replace(hinted.table.hint, marked=False)
    ((token, _),) = ticks(effects, "hint")
    again, _ = send(back, read_timer(token))
    assert replace(again.table.hint, explain=True) == hinted.table.hint  # how its dice look is told once a visit


def test_statistics_opened_over_the_table_leave_it_and_the_computer_plays_on():
    app, effects = start("players=Ann&cpu=2:easy")
    app, _ = send(app, Pressed(Button.ROLL))
    app, effects = send(app, click(next(iter(app.session.match.options()))))
    (token, _), *_ = ticks(effects, "computer")
    table = app.table
    app, _ = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, b"{}"))
    assert app.over.value == "stats"
    app, _ = send(app, read_timer(token))  # the computer's pause ends while Statistics is open: it plays
    assert isinstance(app.screen, PlayScreen) and app.session.match.actions[-1:] != table.status.match.actions[-1:]
    assert app.table.status.match == app.session.match


def test_a_new_match_begins_on_a_table_of_its_own_and_the_visits_switches_stay():
    app, _ = start("players=Ann&cpu=2:easy")
    app, _ = send(app, Toggled(Switch.CHANCES, True), Pressed(Button.ROLL))
    assert app.visit.chances and app.waiting.chances is not None and app.table.status.match.rolls == 1
    board = app.visit.board
    app, _ = send(app, Pressed(Button.MENU_NEW), Answered(Answer.LEAVE))  # the match under way left
    assert not isinstance(app.screen, PlayScreen) and app.visit.chances
    app, _ = send(app, Pressed(Button.QUICK_SOLO))
    assert isinstance(app.screen, PlayScreen) and app.session.match.rolls == 0
    assert app.table.status.match == app.session.match and app.table.odds is None
    assert app.visit.chances and app.waiting.chances is not None and app.visit.board == board + 1
