"""static/tables/optimal.json: the optimal player's distributions (tools/build_optimal.py) agree with the advisor."""

from __future__ import annotations

import json
import math

import pytest

from game.coach.advisor import TABLE_DIR, Advisor
from game.records.charts import BIN_WIDTH
from tools import build, build_optimal

PATH = TABLE_DIR / "optimal.json"
DATA = json.loads(PATH.read_text())
RULESETS = build_optimal.rulesets()


def test_the_file_holds_the_rule_sets_whose_tables_ship_by_default():
    assert [rs.name for rs in RULESETS] == ["yahtzee", "yatzy", "yacht"]
    assert list(DATA) == [build_optimal.key(rs) for rs in RULESETS]
    assert PATH.stat().st_size < 8_000  # a few KB


def test_the_file_is_shipped_and_precached():
    path = str(PATH.relative_to(build.ROOT))
    assert path in build.site_files()
    assert build.precached([path]) == [path]


@pytest.mark.parametrize("rs", RULESETS, ids=repr)
def test_an_entry_is_consistent(rs):
    entry = DATA[build_optimal.key(rs)]
    games = entry["games"]
    assert entry["title"] == rs.title and entry["bin_width"] == BIN_WIDTH
    assert isinstance(games, int) and games >= 1000
    lows = [low for low, _ in entry["histogram"]]
    assert lows == list(range(lows[0], lows[-1] + 1, BIN_WIDTH)) and lows[0] % BIN_WIDTH == 0
    assert sum(count for _, count in entry["histogram"]) == games
    assert entry["histogram"][0][1] > 0 and entry["histogram"][-1][1] > 0
    assert lows[0] <= entry["mean"] < lows[-1] + BIN_WIDTH
    assert list(entry["boxes"]) == [c.id for c in rs.categories]
    assert all(0 <= entry["boxes"][c.id] <= c.max_score for c in rs.categories)
    assert 0 <= entry["upper_bonus_rate"] <= 1 and 0 < entry["yahtzee_rate"] < 1
    # the boxes and the upper bonus add up to the mean, but for the Yahtzee bonuses
    parts = sum(entry["boxes"].values()) + entry["upper_bonus_rate"] * rs.upper_bonus_amount
    slack = 1e-4 * (len(entry["boxes"]) + rs.upper_bonus_amount + 1)
    if rs.yahtzee_bonus_amount:
        assert parts <= entry["mean"] + slack
    else:
        assert parts == pytest.approx(entry["mean"], abs=slack)
    if not rs.upper_bonus_amount:
        assert entry["upper_bonus_rate"] == 0


@pytest.mark.parametrize("rs", RULESETS, ids=repr)
def test_the_mean_lies_within_three_standard_errors_of_the_expected_score(rs):
    entry = DATA[build_optimal.key(rs)]
    expected = Advisor(rs).expected_score()
    assert entry["expected"] == pytest.approx(expected, abs=1e-4)
    se = entry["sd"] / math.sqrt(entry["games"])
    assert abs(entry["mean"] - expected) <= 3 * se
    # the standard deviation agrees with the histogram's (bins add at most BIN_WIDTH / 2 of error)
    mid = [(low + (BIN_WIDTH - 1) / 2, count) for low, count in entry["histogram"]]
    binned = math.sqrt(sum(c * (x - entry["mean"]) ** 2 for x, c in mid) / entry["games"])
    assert abs(binned - entry["sd"]) < BIN_WIDTH / 2


@pytest.mark.parametrize("rs", RULESETS, ids=repr)
def test_statistics_and_the_end_screen_show_the_one_exact_optimal_mean(rs):
    """Statistics' "Optimal player's mean" is the end screen's (the advisor's exact mean), not the simulation's."""
    from game.core.engine import new_match
    from game.present import standings, stats_view
    from game.records import stats
    from game.records.history import History
    from game.records.record import record_game

    match = new_match(rs, ["Ann"], seed=3)
    for box in match.open_categories():
        match = match.roll().score(box)
    history = History().add(record_game(match, 0, "2026-11-24T10:00:00Z", [0], [None]))
    references = stats.references_from_dict(DATA)
    numbers = dict(stats_view.statistics(history, references, build_optimal.key(rs), "Ann").numbers)
    ending = standings.results(match, ending=standings.ending(match, None, Advisor(rs).expected_score()))
    assert ending is not None
    said = "The optimal player averages {} under these rules.".format(numbers["Optimal player's mean"])
    assert said in ending.analysis  # the report's head (How did I play?)
