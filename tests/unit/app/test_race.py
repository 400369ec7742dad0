"""The race over the dice (game.present.markup.race): two seats' totals, or a game alone against the player's best."""

from __future__ import annotations

from game.app.keys import HISTORY_KEY
from game.coach.session import Session
from game.core.cards import Seat
from game.core.engine import new_match
from game.records.history import History
from game.records.record import session_record
from tests.helpers.app import after_ticks, ops, start


def played(rules: str = "yacht"):
    """A finished game alone, each box written with five sixes."""
    match = new_match(rules, ["Ann"], seed=1)
    for box in match.open_categories():
        match = match.roll(faces=[6] * 5).score(box)
    return match


def race(effects) -> str:
    """The race's markup as the effects leave it ("" hidden, emptied or untouched)."""
    html = [change["html"] for change in ops(effects, "race") if "html" in change]
    return html[-1] if html else ""


def test_a_game_alone_races_the_players_best_under_its_rules_once_the_history_is_read():
    """The history is read a moment after the match starts (the prefetch tick), off a tap's path: then the best under
    these rules is the race's other end. None before a first game, nor under other rules."""
    history = History().add(session_record(Session(played()), 0, "2026-11-20T09:00:00Z"))
    stored = {HISTORY_KEY: history.to_json()}
    app, effects = start(match=Session(new_match("yacht", ["Ann"], seed=3)), stored=stored)
    _, effects = after_ticks(app, effects, "prefetch")
    best = played().totals(0, 0).grand_total
    assert f"Best<b>{best}</b>" in race(effects) and "race-bar fill-0" in race(effects)
    for save, kept in (
        (Session(new_match("yacht", ["Ann"], seed=3)), {}),
        (Session(new_match("yatzy", ["Ann"])), stored),
    ):
        app, effects = start(match=save, stored=kept)
        _, effects = after_ticks(app, effects, "prefetch")
        assert "Best" not in race(effects)


def test_two_seats_race_each_other_and_a_computers_face_is_at_its_end():
    _, effects = start(match=Session(new_match("yacht", ["Ann", Seat.computer("Robin", "good")], seed=3)))
    shown = race(effects)
    assert shown.count('class="race-seat"') == 2 and "data-computer" in shown and "Best" not in shown
