"""A person's games against one computer (fresh eyes rounds 66 to 68: a rival to get even with): counted alike in the
lobby's scoreboard and at a game's end (on Rematch, round 103), this game in, its own record never twice, ties
aside."""

from __future__ import annotations

from game.core.cards import Seat
from game.core.engine import new_match
from game.core.i18n import ENGLISH
from game.present import markup, setup, standings
from game.records.endings import Series, ending, series
from game.records.history import History
from game.records.record import game_id, record_game
from game.records.stats import ruleset_key


def record(match, game: int, ended: str):
    """The history record of ``match``'s game ``game`` (no undos, no loss measured)."""
    return record_game(match, game, ended, [0] * len(match.seats), [None] * len(match.seats))


def played(first: int, second: int, seed: int = 1):
    """A Yacht game of Ann against Robin, every box of Ann's filled with ``first``s and Robin's with ``second``s."""
    m = new_match("yacht", ["Ann", Seat.computer("Robin", "good")], seed=seed)
    for box in m.open_categories():
        m = m.roll(faces=[first] * 5).score(box).roll(faces=[second] * 5).score(box)
    return m


def test_the_end_counts_the_series_with_this_game_in_and_its_record_once():
    won, lost, tie = played(6, 1, seed=1), played(1, 6, seed=2), played(3, 3, seed=3)
    history = History()
    for minute, game in enumerate((won, lost, tie)):  # in this order: Ann led Robin after her first game
        history = history.add(record(game, 0, f"2026-11-20T09:0{minute}:00Z"))
    key = ruleset_key(won.ruleset)
    assert series(history, key, "Ann", "Robin") == (1, 1)  # the tie is neither
    assert series(history, key, "Ann", "Cy") == (0, 0) and series(history, key, "Bob", "Robin") == (0, 0)
    again = played(6, 1, seed=4)
    assert ending(again, history).series == Series("Robin", 2, 1)  # this game in, before its record is written
    written = history.add(record(again, 0, "2026-11-20T10:00:00Z"))
    assert ending(again, written).series == Series("Robin", 2, 1)  # its own record left out: counted once
    assert series(written, key, "Ann", "Robin", game_id(again, 0)) == (1, 1)
    assert ending(again).series is None  # no history read: nothing said
    first = ending(again, History()).series  # a first win: ahead for the first time, the ladder's next rival opens
    assert first == Series("Robin", 1, 0, first_lead=True)
    behind = History().add(record(lost, 0, "2026-11-20T09:00:00Z"))
    assert ending(again, behind).series == Series("Robin", 1, 1)  # level, not ahead
    alone = new_match("yacht", ["Ann"], seed=5)
    for box in alone.open_categories():
        alone = alone.roll(faces=[6] * 5).score(box)
    assert ending(alone, history).series is None  # a game alone has no rival


def test_the_series_is_said_at_the_end_and_the_lobby_counts_the_same_games():
    history = History().add(record(played(1, 6, seed=2), 0, "2026-11-20T09:00:00Z"))
    shown = ending(played(1, 6, seed=6), history)
    assert standings.series_words(shown, ENGLISH) == "Series: you 0, Robin 2"
    assert not any("Series" in line for line in standings._context(shown, ENGLISH))  # on Rematch, not a line more
    results = standings.results(played(1, 6, seed=6), ENGLISH, ending=shown)
    assert results is not None and results.tally == "0\u20132"  # drawn on Rematch (app.css), as the lobby draws it
    assert '<li class="visually-hidden">Series: you 0, Robin 2</li>' in markup.ending(results)  # the ear's words
    fields = {"rules": "yacht", "count": "2", "name1": "Ann", "kind2": "good", "name2": ""}
    assert setup.rivalry(history, fields) == (0, 1)
