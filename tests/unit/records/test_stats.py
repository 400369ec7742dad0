"""Statistics of the history (game.records.stats) against tiny histories computed by hand."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import variants
from game.records.history import HISTORY_FORMAT, History
from game.records.stats import (
    BIN_WIDTH,
    TREND_GAMES,
    BoxAverage,
    HeadToHead,
    PlayerStats,
    head_to_head,
    players,
    reference_from_dict,
    references_from_dict,
    rule_sets,
    ruleset_key,
    ruleset_label,
    summary,
)

YAHTZEE = variants.ruleset("yahtzee")
YACHT = variants.ruleset("yacht")
TABLE = (YAHTZEE, YACHT)
YAHTZEE_KEY = ruleset_key(YAHTZEE)
YACHT_KEY = ruleset_key(YACHT)
OPTIMAL = Path(__file__).parents[3] / "static" / "tables" / "optimal.json"


def card(ruleset, **boxes):
    """A full card's points in scorecard order: the boxes named, 0 elsewhere."""
    return [boxes.get(category.id, 0) for category in ruleset.categories]


def seat(name, ruleset, level=None, bonus=0, lost=None, **boxes):
    return [name, level, card(ruleset, **boxes), bonus, 0, lost]


def history(*games):
    """A history of (day, rule set, seats) games; ids from their position."""
    data = [
        [f"{n:016x}", f"2026-01-{day:02d}T12:00:00Z", TABLE.index(ruleset), 7, 0, seats]
        for n, (day, ruleset, seats) in enumerate(games)
    ]
    return History.from_dict(
        {"format": HISTORY_FORMAT, "version": 1, "rules": [rs.to_dict() for rs in TABLE], "games": data}
    )


Y = YAHTZEE
# Ann's Yahtzee games, by hand: totals 168, 78, 282, 20.
#   1: upper 30+25+8 = 63 -> bonus 35, Yahtzee 50, chance 20 = 168 (Bob 90: Ann wins)
#   2: upper 24+20+12 = 56, no bonus, chance 22 = 78 (Bob 78: a tie)
#   3: upper 30+25+12 = 67 -> 35, Yahtzee 50 + bonus 100, chance 30 = 282 (against a computer)
#   4: ones 3, chance 17 = 20 (Bob 25: Bob wins)
# and a game of Bob against Cy (Ann absent), a Yacht game of Ann's.
FIXTURE = history(
    (1, Y, [seat("Ann", Y, lost=10.0, sixes=30, fives=25, fours=8, yahtzee=50, chance=20), seat("Bob", Y, chance=30, sixes=24, fives=20, fours=16)]),
    (2, Y, [seat("Ann", Y, sixes=24, fives=20, fours=12, chance=22), seat("Bob", Y, chance=30, threes=15, twos=10, ones=3, fours=20)]),
    (3, Y, [seat("Robo", Y, level="perfect", chance=5), seat("Ann", Y, bonus=100, lost=4.5, sixes=30, fives=25, fours=12, yahtzee=50, chance=30)]),
    (4, Y, [seat("Ann", Y, lost=20.25, ones=3, chance=17), seat("Bob", Y, chance=25)]),
    (5, Y, [seat("Bob", Y, chance=30), seat("Cy", Y, chance=10)]),
    (6, YACHT, [seat("Ann", YACHT, lost=2.0, yacht=50, choice=20), seat("anna", YACHT, choice=25)]),
)  # fmt: skip  # one game a line, as the comment above numbers them


def test_the_totals_of_the_fixture_are_the_hand_computed_ones():
    assert [record.totals for record in FIXTURE.games] == [(168, 90), (78, 78), (5, 282), (20, 25), (30, 10), (70, 25)]


def test_rule_sets_and_players():
    assert rule_sets(FIXTURE) == ((YAHTZEE_KEY, "Yahtzee"), (YACHT_KEY, "Yacht"))
    assert players(FIXTURE, YAHTZEE_KEY) == ("Ann", "Bob", "Cy")  # not the computer
    assert players(FIXTURE, YACHT_KEY) == ("Ann", "anna")
    assert players(FIXTURE, ruleset_key(variants.ruleset("yatzy"))) == ()
    assert rule_sets(History()) == ()


def test_a_players_summary_by_hand():
    stats = summary(FIXTURE, YAHTZEE_KEY, "Ann")
    assert (stats.key, stats.title, stats.name, stats.games) == (YAHTZEE_KEY, "Yahtzee", "Ann", 4)
    assert stats.mean == 137.0  # (168 + 78 + 282 + 20) / 4
    assert stats.median == 123.0  # (78 + 168) / 2
    assert stats.sd == pytest.approx(math.sqrt((31**2 + 59**2 + 145**2 + 117**2) / 4))  # population
    assert (stats.best, stats.best_ended) == (282, "2026-01-03T12:00:00Z")
    assert stats.upper_bonus_rate == 0.5 and stats.yahtzee_rate == 0.5
    assert stats.lost_trend == (10.0, 4.5, 20.25)  # game 2 has no value
    bars = {low: count for low, _, count in stats.histogram}
    assert stats.histogram[0] == (20, 20 + BIN_WIDTH - 1, 1) and stats.histogram[-1] == (280, 289, 1)
    assert [low for low, count in bars.items() if count] == [20, 70, 160, 280]
    assert all(high == low + BIN_WIDTH - 1 for low, high, _ in stats.histogram)
    means = {box.id: box.mean for box in stats.boxes}
    assert means["sixes"] == 21.0 and means["fives"] == 17.5 and means["fours"] == 8.0 and means["ones"] == 0.75
    assert means["chance"] == 22.25 and means["yahtzee"] == 25.0 and means["full_house"] == 0.0
    assert [box.id for box in stats.boxes] == [c.id for c in YAHTZEE.categories]  # no reference: scorecard order


def test_boxes_come_shortfalls_first_against_the_reference():
    reference = reference_from_dict(
        {
            "games": 2,
            "expected": 249.8,
            "mean": 250.0,
            "sd": 50.0,
            "bin_width": BIN_WIDTH,
            "histogram": [[200, 1], [300, 1]],
            "boxes": {"sixes": 20.0, "fives": 19.0, "yahtzee": 16.0, "chance": 22.0},
            "upper_bonus_rate": 0.68,
            "yahtzee_rate": 0.34,
        }
    )
    boxes = summary(FIXTURE, YAHTZEE_KEY, "Ann", reference).boxes
    assert boxes[:4] == (
        BoxAverage("fives", "Fives", 17.5, 19.0, 1.5),
        BoxAverage("chance", "Chance", 22.25, 22.0, -0.25),
        BoxAverage("sixes", "Sixes", 21.0, 20.0, -1.0),
        BoxAverage("yahtzee", "Yahtzee", 25.0, 16.0, -9.0),
    )
    rest = [c.id for c in YAHTZEE.categories if c.id not in {"fives", "chance", "sixes", "yahtzee"}]
    assert [box.id for box in boxes[4:]] == rest and all(box.shortfall is None for box in boxes[4:])


def test_rates_the_rule_set_does_not_have_are_none():
    stats = summary(FIXTURE, YACHT_KEY, "Ann")
    assert stats.games == 1 and stats.upper_bonus_rate is None and stats.yahtzee_rate == 1.0
    assert (stats.mean, stats.median, stats.sd, stats.lost_trend) == (70.0, 70.0, 0.0, (2.0,))


def test_nobody_and_computers_have_no_summary():
    assert summary(FIXTURE, YAHTZEE_KEY, "Zed") == PlayerStats(YAHTZEE_KEY, "Yahtzee", "Zed", 0)
    assert summary(FIXTURE, YAHTZEE_KEY, "Robo").games == 0
    assert summary(History(), YACHT_KEY, "Ann").mean is None


def test_head_to_head_by_hand():
    assert head_to_head(FIXTURE, YAHTZEE_KEY) == (HeadToHead("Ann", "Bob", 1, 1, 1), HeadToHead("Bob", "Cy", 1, 0, 0))
    assert head_to_head(FIXTURE, YACHT_KEY) == (HeadToHead("Ann", "anna", 1, 0, 0),)
    assert head_to_head(FIXTURE, YAHTZEE_KEY)[0].games == 3


def test_people_of_the_same_name_in_one_game_are_not_a_pair():
    same = history(
        (1, YACHT, [seat("Ann", YACHT, choice=20), seat("Ann", YACHT, choice=10), seat("Bob", YACHT, choice=10)])
    )
    assert head_to_head(same, YACHT_KEY) == (HeadToHead("Ann", "Bob", 1, 0, 1),)
    assert summary(same, YACHT_KEY, "Ann").games == 2  # each of Ann's seats is a game of Ann's


def test_the_trend_covers_the_latest_games_oldest_first():
    games = [
        (1 + n % 28, YACHT, [seat("Ann", YACHT, lost=None if n % 10 == 3 else float(n), choice=5 + n % 26)])
        for n in range(70)
    ]
    stats = summary(history(*games), YACHT_KEY, "Ann")
    latest = sorted(range(70), key=lambda n: (1 + n % 28, f"{n:016x}"))[-TREND_GAMES:]
    assert stats.lost_trend == tuple(float(n) for n in latest if n % 10 != 3)


def test_labels_name_the_options_not_at_their_default():
    assert ruleset_label(YAHTZEE) == "Yahtzee"
    assert (
        ruleset_label(variants.ruleset("yahtzee", yahtzee_bonus=False, joker="none"))
        == "Yahtzee (Yahtzee bonus off, No joker)"
    )
    assert (
        ruleset_label(variants.ruleset("generalized", dice=3, sides=4, upper_bonus=False))
        == "Custom 3 dice × 4 sides (Upper bonus off)"
    )


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.sampled_from((0, 50)), st.integers(5, 30), st.integers(0, 30)), min_size=1, max_size=30))
def test_the_numbers_agree_with_the_statistics_module(cards):
    games = [
        (1 + n % 28, YACHT, [seat("Ann", YACHT, yacht=y, choice=c, sixes=s - s % 6)])
        for n, (y, c, s) in enumerate(cards)
    ]
    hist = history(*games)
    totals = [total for record in hist.games for total in record.totals]
    stats = summary(hist, YACHT_KEY, "Ann")
    assert stats.games == len(totals)
    assert stats.mean == pytest.approx(statistics.fmean(totals))
    assert stats.median == statistics.median(totals)
    assert stats.sd == pytest.approx(statistics.pstdev(totals))
    assert sum(count for _, _, count in stats.histogram) == len(totals)
    assert stats.best == max(totals)


# ------------------------------------------------------------------------- the optimal player


def reference_data(**changes):
    data = {
        "games": 4,
        "expected": 164.8,
        "mean": 165.0,
        "sd": 10.0,
        "bin_width": BIN_WIDTH,
        "histogram": [[150, 2], [160, 0], [170, 2]],
        "boxes": {"yacht": 20.0, "choice": 22},
        "upper_bonus_rate": 0,
        "yahtzee_rate": 0.4,
        "title": "Yacht",
    }
    data.update(changes)
    return data


def test_a_reference_is_read():
    reference = reference_from_dict(reference_data())
    assert reference.histogram == ((150, 159, 2), (160, 169, 0), (170, 179, 2))
    assert reference.counts == ((150, 2), (160, 0), (170, 2))
    assert reference.boxes == {"yacht": 20.0, "choice": 22.0}
    assert (reference.games, reference.mean, reference.sd) == (4, 165.0, 10.0)
    assert (reference.upper_bonus_rate, reference.yahtzee_rate) == (0.0, 0.4)
    assert reference_from_dict(reference_data(upper_bonus_rate=None)).upper_bonus_rate is None


@pytest.mark.parametrize(
    "data, words",
    [
        ([], "an object with"),
        ({k: v for k, v in reference_data().items() if k != "boxes"}, "an object with"),
        (reference_data(games=0), "games"),
        (reference_data(games=True), "games"),
        (reference_data(bin_width=5), "5 points wide"),
        (reference_data(histogram={}), "list of \\[low, count\\]"),
        (reference_data(histogram=[[150, 2, 3]]), "list of \\[low, count\\]"),
        (reference_data(histogram=[[155, 4]]), "bar at 155"),
        (reference_data(histogram=[[150, 2], [150, 2]]), "bar at 150"),
        (reference_data(histogram=[["150", 4]]), "bar at '150'"),
        (reference_data(histogram=[[150, -1], [160, 5]]), "-1 games"),
        (reference_data(histogram=[[150, 2.0], [160, 2]]), "2.0 games"),
        (reference_data(histogram=[[150, 3]]), "counts 3 games, not 4"),
        (reference_data(boxes=[]), "boxes"),
        (reference_data(boxes={"yacht": -1}), "average of yacht"),
        (reference_data(boxes={"yacht": "20"}), "average of yacht"),
        (reference_data(mean="165"), "mean"),
        (reference_data(sd=float("nan")), "sd"),
        (reference_data(yahtzee_rate=1.5), "Yahtzee rate"),
        (reference_data(upper_bonus_rate=True), "upper bonus rate"),
    ],
)
def test_a_malformed_reference_is_refused(data, words):
    with pytest.raises(ValueError, match=words):
        reference_from_dict(data)


def test_references_are_keyed_by_rule_set_keys():
    assert list(references_from_dict({YACHT_KEY: reference_data()})) == [YACHT_KEY]
    for key, words in (
        ('{"name": "yacht"}', "that rule set's is"),
        ("yacht", "not a rule set's key"),
        ('{"name":"poker"}', "not a rule set's key"),
    ):
        with pytest.raises(ValueError, match=words):
            references_from_dict({key: reference_data()})
    with pytest.raises(ValueError, match="bar at 155"):
        references_from_dict({YACHT_KEY: reference_data(histogram=[[155, 4]])})
    with pytest.raises(ValueError):
        references_from_dict([])


@pytest.mark.skipif(not OPTIMAL.exists(), reason="static/tables/optimal.json is built by tools/build_optimal.py")
def test_the_shipped_optimal_numbers_are_read():
    found = references_from_dict(json.loads(OPTIMAL.read_text()))
    assert YAHTZEE_KEY in found and YACHT_KEY in found
    for key, reference in found.items():
        ruleset = variants.from_dict(json.loads(key))
        assert set(reference.boxes) == {category.id for category in ruleset.categories}
