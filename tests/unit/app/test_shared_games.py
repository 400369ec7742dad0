"""Shared games through ``update``: the daily game and a challenge are played without undo or hints, taken up
where they stand from every start path, counted once, and a day of a streak is a day played on it."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import pytest

from game.app.events import Answer, Answered, BoxChosen, Button, Key, Pressed, Stored, Switch, Toggled
from game.app.keys import HISTORY_KEY, SAVE_KEY, SHARED_KEY
from game.app.shared import game_key
from game.app.state import Screen
from game.coach.session import Session
from game.coach.undo import Undo
from game.core import links
from game.core.actions import Hold
from game.core.cards import Seat
from game.core.engine import new_match
from game.present import controls
from game.records import challenge, daily
from game.records.history import History
from game.records.record import session_record
from tests.helpers.app import after_ticks, notice, of, play_out, send, start, stores
from tests.helpers.scenes import lobby

DAY = date(2026, 11, 24)


def daily_begun(rolls: int = 1):
    """An App on today's Yatzy daily game, begun from the lobby, with ``rolls`` turns' first rolls scored but the last."""
    app, _ = start()
    app, _ = send(app, Pressed(Button.QUICK_DAILY, form=lobby()))
    for _ in range(rolls - 1):
        box = app.session.match.open_categories()[0]
        app, _ = send(app, Pressed(Button.ROLL), BoxChosen(box))
    app, _ = send(app, Pressed(Button.ROLL))
    return app


def leave(app):
    """New match, confirmed: the setup screen."""
    app, _ = send(app, Pressed(Button.MENU_NEW), Answered(Answer.LEAVE))
    assert app.screen.kind is Screen.SETUP
    return app


def stored_of(app) -> dict:
    """What storage holds, as a later start (or another tab) reads it."""
    return dict(app.storage.stored)


# ----------------------------------------------------------------------------- the daily game, from every path


def test_the_daily_game_has_no_undo_and_no_hints():
    app = daily_begun()
    assert app.session.shared and not app.session.undo_allowed and not app.session.can_undo
    app, effects = send(app, Toggled(Switch.HINTS, True))
    assert app.session.hints == frozenset() and not app.session.hinted
    app, effects = send(app, Key("1"), Key("u"))
    assert notice(effects) == "Undo is off for this match." and app.session.match.held[0]


def test_from_the_lobby_after_another_match_the_daily_game_resumes_where_it_stood():
    app = daily_begun(rolls=3)
    where = app.session.match
    app = leave(app)
    app, _ = send(app, Pressed(Button.QUICK_SOLO, form=lobby()))  # the path: Play solo replaces the saved match
    assert app.screen.kind is Screen.PLAY and app.session.match.seed != where.seed
    app = leave(app)
    app, _ = send(app, Pressed(Button.QUICK_DAILY, form=lobby()))
    assert app.session.match == where and app.session.shared


def test_a_link_typing_the_days_seed_is_a_practice_on_other_dice_and_the_daily_game_stays():
    app = daily_begun(rolls=2)
    where = app.session.match
    app, _ = send(leave(app), Pressed(Button.QUICK_SOLO, form=lobby()), Pressed(Button.ROLL))
    later, _ = start("players=Zoe&rules=yatzy&seed=daily:2026-11-24:yatzy", stored=stored_of(app))
    assert later.screen.kind is Screen.LINK_CHOICE  # over the solo match in progress: asked first
    later, _ = send(later, Pressed(Button.LINK_START), Pressed(Button.ROLL))
    practice = later.session
    assert not practice.shared and practice.undo_allowed and practice.match.seed == where.seed
    assert practice.match.dice != where.begun().roll().dice  # a typed seed deals in its own domain
    later, _ = send(leave(later), Pressed(Button.QUICK_DAILY, form=lobby()))
    assert later.session.match == where and later.session.shared  # the daily game, where it stood


def test_a_reload_and_another_tab_take_the_daily_game_up_where_it_stands():
    app = daily_begun(rolls=2)
    reloaded, _ = start(stored=stored_of(app))
    assert reloaded.session.match == app.session.match
    other, _ = start()  # another tab, on the setup screen since before
    other, _ = send(other, *[Stored(key, value) for key, value in app.storage.stored])
    other, _ = send(other, Pressed(Button.QUICK_DAILY, form=lobby()))
    assert other.screen.kind is Screen.PLAY  # the other tab's state of this very game, taken up without a question
    assert other.session.match == app.session.match


def test_only_the_first_finish_counts_and_the_lobby_then_offers_the_result():
    app = daily_begun()
    while not app.session.match.game_over:
        box = app.session.match.open_categories()[0]
        app, effects = send(app, BoxChosen(box))
        if not app.session.match.game_over:
            app, _ = send(app, Pressed(Button.ROLL))
    app, effects = after_ticks(app, effects, "records")
    history = History.from_json(stores(effects, HISTORY_KEY)[-1])
    assert len(daily.results(history)) == 1
    app, effects = send(app, Pressed(Button.NEW_MATCH))
    app, effects = send(app, Pressed(Button.QUICK_DAILY, form=lobby()))
    assert app.screen.kind is Screen.SETUP and ("share", True) in of(effects, "dialog")  # the result, not a new game
    # the history deleted: the daily game is still the one played, finished, never begun again
    fresh, _ = start(stored={key: value for key, value in app.storage.stored if key != HISTORY_KEY})
    fresh, _ = send(fresh, Pressed(Button.QUICK_DAILY, form=lobby()))
    assert fresh.session.match.game_over and fresh.session.match.actions == app.session.match.actions


# ----------------------------------------------------------------------------- the streak


def record_of(day: date, began: str, ended: str, rules_name: str = "yacht"):
    match = new_match(daily.standard(rules_name), ["Ann"], seed=daily.seed(rules_name, day))
    for box in match.open_categories():
        match = match.roll().score(box)
    return session_record(Session(match, False, shared=True, began=began), 0, ended)


@pytest.mark.parametrize(
    ("began", "ended", "counts"),
    [
        ("2026-11-24T10:00:00Z", "2026-11-24T10:20:00Z", True),
        ("2026-11-24T23:50:00Z", "2026-11-25T00:10:00Z", True),  # begun before midnight, ended after it
        ("2026-11-25T08:00:00Z", "2026-11-25T08:20:00Z", False),  # yesterday's game, begun and played today
        ("2026-11-23T23:00:00Z", "2026-11-24T00:10:00Z", False),  # typed in More the day before
    ],
)
def test_a_daily_game_counts_for_its_day_only_when_begun_on_it(began, ended, counts):
    record = record_of(DAY, began, ended)
    assert (daily.day_of(record) == (DAY, "yacht")) is counts
    assert History.from_json(History().add(record).to_json()).games[0].began == began  # kept in the history


def test_a_streak_of_two_needs_two_days_played():
    today = date(2026, 11, 25)
    yesterdays_game_today = record_of(DAY, "2026-11-25T08:00:00Z", "2026-11-25T08:20:00Z")
    todays = record_of(today, "2026-11-25T09:00:00Z", "2026-11-25T09:20:00Z")
    assert daily.streak(History().add(yesterdays_game_today).add(todays), today) == 1
    yesterdays = record_of(DAY, "2026-11-24T23:50:00Z", "2026-11-25T00:10:00Z")
    assert daily.streak(History().add(yesterdays).add(todays), today) == 2


def test_the_share_text_says_how_the_daily_game_was_played():
    text = daily.share_text(record_of(DAY, "2026-11-24T10:00:00Z", "2026-11-24T10:20:00Z"))
    assert text.endswith("no undo, no hints")


# ----------------------------------------------------------------------------- a challenge


def challenge_link(seat_of_ann: int = 1) -> tuple[str, Session]:
    """Ann's finished game beside a computer, as the challenge link she sends, and her table."""
    seats = [Seat.computer("Robin", "easy"), Seat.human("Ann")]
    table = new_match("yacht", seats if seat_of_ann else seats[::-1], seed=5)
    while not table.game_over:
        table = table.roll()
        table = table.score(table.open_categories()[0])
    return links.write(challenge.solo(table), links.LinkKind.CHALLENGE), Session(table)


def test_a_challenge_is_played_on_the_challengers_own_dice_with_no_undo():
    text, table = challenge_link()
    app, _ = start(f"challenge={text}")
    ann_first_roll = table.match.alone(1).roll().dice
    assert app.session.shared and not app.session.undo_allowed
    app, _ = send(app, Pressed(Button.ROLL))
    assert app.session.match.dice == ann_first_roll


def test_a_challenges_result_is_locked():
    text, _ = challenge_link()
    app, _ = start(f"challenge={text}")
    app, _, _ = play_out(app, pick=-1)
    played = app.session.match
    app, effects = send(app, Key("u"), Pressed(Button.UNDO))
    assert app.session.match == played and notice(effects) == "Undo is off for this match."
    app, _ = send(
        app, Pressed(Button.NEW_MATCH), Pressed(Button.QUICK_SOLO, form=lobby()), Pressed(Button.ROLL)
    )  # another match
    again, _ = start(f"challenge={text}", stored=stored_of(app))
    assert again.screen.kind is Screen.LINK_CHOICE  # over the solo match in progress: asked first
    again, _ = send(again, Pressed(Button.LINK_START))
    assert again.session.match == played  # the same game, finished: never played again on seen dice


def test_challenge_a_friend_only_from_a_game_with_no_undo_and_with_hints_said():
    _, table = challenge_link()
    assert controls.challengeable(table) and not controls.challenge_hints(table)
    undone = Session(new_match("yacht", ["Ann"], seed=5).roll()).act(Hold(0)).session.undo().session
    assert not undone.played_alone(0)
    assert not controls.challengeable(replace(table, undos=(Undo(0, 1, 3),)))  # Ann (seat 1) took a move back
    hinted = replace(table, hinted=frozenset({(0, 1)}))  # Ann (seat 1) had hints on for a while
    assert controls.challengeable(hinted) and controls.challenge_hints(hinted)  # sent "with hints"


def test_a_shared_game_is_kept_with_its_progress_and_bounded():
    app = daily_begun()
    kept = json.loads(app.value(SHARED_KEY))
    assert len(kept) == 1 and Session.from_dict(kept[0][1]).match == app.session.match
    assert kept[0][0] == game_key(app.session.match)
    for rules_name in ("yacht", "yahtzee", "maxi", "yatzy", "yacht", "yahtzee"):
        app, _ = send(
            leave(app) if app.screen.kind is Screen.PLAY else app,
            Pressed(Button.QUICK_DAILY, form=lobby(rules_name=rules_name)),
        )
        app, _ = send(app, Pressed(Button.ROLL))
    assert len(json.loads(app.value(SHARED_KEY))) == 4 and app.value(SAVE_KEY) is not None  # one for each rule set


def test_a_shared_game_shows_no_hint_whatever_its_save_says():
    match = new_match("yacht", ["Ann"], seed="daily:2026-11-24:yacht").roll()
    edited = Session(match, False, frozenset({0}), shared=True)  # a save edited to turn hints on
    assert not edited.wants_hint() and edited.hint() is None
    assert Session(match, False, frozenset({0})).wants_hint()  # the same, not shared: hints as asked
