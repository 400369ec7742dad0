"""Trophies: won by what a person's games hold, kept once won, news only the first time (game.records.trophies)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import Seat
from game.core.engine import new_match
from game.core.i18n import ENGLISH
from game.present import setup as setups
from game.present import standings, trophy_words
from game.records.daily import _demo
from game.records.endings import ending
from game.records.history import History
from game.records.record import record_game
from game.records.trophies import RUN, Trophy, earned, won_in, won_now


def played(rules: str, seats: list, faces: dict[str, list[int]], seed: int = 1):
    """A finished match whose every box is scored on the faces given for it (five 1s where none are)."""
    m = new_match(rules, seats, seed=seed)
    while not m.game_over:
        box = m.open_categories()[0]
        m = m.roll(faces=faces.get(box, [1, 1, 1, 1, 2])).score(box)
    return m


STRAIGHTS = {"small_straight": [1, 2, 3, 4, 6], "large_straight": [2, 3, 4, 5, 6]}
FULL = {
    "ones": [1, 1, 1, 2, 3],
    "twos": [2, 2, 2, 1, 3],
    "threes": [3, 3, 3, 1, 2],
    "fours": [4, 4, 4, 1, 2],
    "fives": [5, 5, 5, 1, 2],
    "sixes": [6, 6, 6, 1, 2],
    "three_of_a_kind": [6, 6, 6, 5, 5],
    "four_of_a_kind": [6, 6, 6, 6, 5],
    "full_house": [6, 6, 6, 5, 5],
    "yahtzee": [6, 6, 6, 6, 6],
    "chance": [6, 6, 5, 5, 4],
    **STRAIGHTS,
}


def test_a_game_wins_what_its_card_holds():
    full = record_game(played("yahtzee", ["Ann"], FULL), 0, "2026-11-30T10:00:00Z", [0], [None])
    assert won_in(full, 0) == {Trophy.FIVES, Trophy.BONUS, Trophy.STRAIGHTS, Trophy.NO_ZEROS}
    plain = record_game(played("yahtzee", ["Ann"], {}), 0, "2026-11-30T10:00:00Z", [0], [None])
    assert won_in(plain, 0) == set()  # zeros in most boxes, no straight, no bonus, no five alike
    straights = record_game(played("yahtzee", ["Ann"], STRAIGHTS), 0, "2026-11-30T10:00:00Z", [0], [None])
    assert won_in(straights, 0) == {Trophy.STRAIGHTS}


def test_a_computer_beaten_and_one_playing_perfectly():
    for level, won in (("good", {Trophy.BEATEN}), ("perfect", {Trophy.BEATEN, Trophy.BEST_BEATEN})):
        m = new_match("yacht", [Seat("Ann"), Seat.computer("Robin", level)], seed=3)
        while not m.game_over:  # Ann's boxes on sixes, Robin's on ones: Ann ahead
            box = m.open_categories()[0]
            m = m.roll(faces=[6, 6, 6, 6, 5] if m.player == 0 else [1, 1, 2, 2, 3]).score(box)
        record = record_game(m, 0, "2026-11-30T10:00:00Z", [0, 0], [None, None])
        assert won_in(record, 0) >= won and Trophy.BEST_BEATEN not in won_in(record, 0) - won
        assert won_in(record, 1) == set()  # a computer wins none


def test_the_daily_run_counts_days_in_a_row():
    days = [_demo(f"daily:2026-11-{d}:yacht", f"2026-11-{d}T08:00:00Z", 40) for d in (20, 21, 23, 24)]
    assert Trophy.RUN not in earned(History(days), "Ann")  # two and two
    third = _demo("daily:2026-11-22:yacht", "2026-11-22T08:00:00Z", 40)
    assert RUN == 3 and Trophy.RUN in earned(History((*days, third)), "Ann")


records = st.sampled_from(
    [
        replace(_demo(f"daily:2026-11-{d}:yacht", f"2026-11-{d}T08:00:00Z", total), id=f"{d:02d}{total:014d}")
        for d in range(10, 16)
        for total in (30, 60, 90)
    ]
)


@settings(max_examples=60, deadline=None)
@given(st.lists(records, max_size=8), records)
def test_trophies_are_kept_once_won_and_news_only_the_first_time(games, game):
    before = History(tuple(games)).without(game.id)
    after = before.add(game)
    assert earned(before, "Ann") <= earned(after, "Ann")  # a game never takes one away
    new = set(won_now(before, game, "Ann"))
    assert not new & earned(before, "Ann")  # news only the first time
    assert new <= earned(after, "Ann") and new <= won_in(game, 0)
    assert earned(after, "Ann") - {Trophy.RUN} <= earned(before, "Ann") | won_in(game, 0)
    assert earned(after, "Bob") == frozenset()  # another name's games are not theirs


def test_the_end_names_a_trophy_won_and_the_lobby_counts_them():
    m = played("yahtzee", ["Ann"], STRAIGHTS)
    shown = standings.results(m, ending=ending(m, History()))
    assert shown.trophies == (("New trophy:", (("Every straight", "straights"),)),)
    again = History().add(
        record_game(played("yahtzee", ["Ann"], STRAIGHTS, seed=2), 0, "2026-11-29T10:00:00Z", [0], [None])
    )
    assert standings.results(m, ending=ending(m, again)).trophies == ()  # won before: no news
    assert "Trophies: 1 of 8" in setups.trophies(again, {"rules": "yahtzee", "name1": "Ann"})
    assert setups.trophies(again, {"rules": "yahtzee", "name1": "Bob"}) == ""
    assert trophy_words.listing(earned(again, "Ann"), ENGLISH).count("(won)") == 1
