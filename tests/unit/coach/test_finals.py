"""Where a final total stands (game.coach.finals): the optimal player's exact final-score distributions, their
published Yatzy figures, and the ending and Statistics giving a total's percentile."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from game.coach.finals import distribution, percentiles, standing
from game.coach.finals_data import FINALS
from game.core import variants
from game.core.engine import new_match
from game.present import standings
from game.present.stats_view import statistics
from game.records.history import History
from game.records.record import record_game
from game.records.stats import ruleset_key

ROOT = Path(__file__).resolve().parents[3]
MANIFEST = json.loads((ROOT / "static" / "tables" / "manifest.json").read_text())["tables"]
SHIPPED = {variants.table_name(rs): rs for v in variants.VARIANTS.values() for rs in v.shipped_tables()}
BUILT = sorted(FINALS)


def moments(probs):
    mean = math.fsum(k * p for k, p in enumerate(probs))
    return mean, math.sqrt(math.fsum((k - mean) ** 2 * p for k, p in enumerate(probs)))


def test_every_rule_set_with_a_table_has_its_distribution():
    assert set(BUILT) == set(SHIPPED)  # each shipped table's, and nothing for a rule set without one
    assert all(distribution(rs) is not None for rs in SHIPPED.values())


@pytest.mark.parametrize("name", BUILT)
def test_each_distribution_sums_to_one_and_has_the_advisors_mean(name):
    probs = distribution(SHIPPED[name])
    assert probs is not None and min(probs) >= 0
    assert math.fsum(probs) == pytest.approx(1.0, abs=1e-9)
    mean, sd = moments(probs)
    assert mean == pytest.approx(MANIFEST[name]["expected"], abs=1e-6)  # the solver's, to the manifest's 6 decimals
    assert sd == pytest.approx(MANIFEST[name]["sd"], abs=0.01)  # the spread table's, from the same play


def test_yatzy_matches_the_published_figures_within_a_point():
    """Scandinavian Yatzy under optimal play: median 249; 5th, 95th, 99th percentiles 179, 309, 325; sd 38.5."""
    probs = distribution(variants.ruleset("yatzy"))
    assert probs is not None
    for got, published in zip(percentiles(probs, (50, 5, 95, 99)), (249, 179, 309, 325)):
        assert abs(got - published) <= 1
    assert moments(probs)[1] == pytest.approx(38.5, abs=0.5)


def readme_figures() -> dict[str, tuple[float, ...]]:
    """docs/records.md's table of each distribution's figures, by table file: mean, sd, median, 5th, 95th, 99th."""
    rows = {}
    for line in (ROOT / "docs" / "records.md").read_text().splitlines():
        found = re.fullmatch(r"\s*\|[^|]*\| `([\w.-]+\.bin)` \|((?: [\d.]+ \|){6})", line)
        if found:
            rows[found[1]] = tuple(float(cell) for cell in found[2].strip(" |").split(" | "))
    return rows


def test_the_readme_gives_each_distributions_figures_as_computed():
    figures = readme_figures()
    assert set(figures) == set(BUILT)
    for name, (mean, sd, *cuts) in figures.items():
        probs = distribution(SHIPPED[name])
        assert probs is not None
        assert (round(moments(probs)[0], 2), round(moments(probs)[1], 2)) == (mean, sd), name
        assert percentiles(probs, (50, 5, 95, 99)) == tuple(cuts), name


def test_a_standing_is_the_share_of_games_below_the_total():
    yahtzee = variants.ruleset("yahtzee")
    probs = distribution(yahtzee)
    assert probs is not None
    shares = [standing(yahtzee, total) for total in range(0, 400, 7)]
    assert shares == sorted(shares) and shares[0] == 0.0
    assert standing(yahtzee, 254) == pytest.approx(math.fsum(probs[:254]))
    assert standing(yahtzee, 5000) == pytest.approx(1.0)
    assert standing(variants.ruleset("generalized", dice=3, sides=4), 20) is None  # no shipped distribution


def test_percentiles_are_the_lowest_totals_reaching_each_share():
    assert percentiles([0.1, 0.0, 0.4, 0.5], (5, 10, 11, 50, 51, 100)) == (0, 0, 2, 2, 3, 3)


def solo(ruleset="yacht", faces=(6, 6, 6, 6, 6), seed=3):
    match = new_match(ruleset, ["Ann"], seed=seed)
    for box in match.open_categories():
        match = match.roll(faces=list(faces)).score(box)
    return match


def test_the_ending_gives_where_the_total_stands():
    match = solo()
    total = match.totals(0).grand_total
    share = standing(match.ruleset, total)
    assert share is not None and 0 < share < 1
    shown = standings.results(match, ending=standings.ending(match, History(), 166.99))
    words = f"Better than {math.floor(share * 100)}% of the optimal player's games."
    assert shown.analysis[0] == words and not any(words in line for line in shown.context)  # the report's


def test_the_ending_words_it_in_the_players_language():
    from game.core.i18n import Text
    from tools import i18n

    match = solo()
    share = standing(match.ruleset, match.totals(0).grand_total)
    assert share is not None
    de = Text.from_mo("de", i18n.compiled("de"))
    shown = standings.results(match, t=de, ending=standings.ending(match, History(), 166.99))
    assert f"Besser als {math.floor(share * 100)}\xa0% der Spiele des optimalen Spielers." in shown.analysis[0]


def test_statistics_give_where_the_median_and_best_stand():
    low, high = solo(faces=(1, 1, 1, 1, 1)), solo(faces=(6, 6, 6, 6, 6))
    history = History()
    for n, match in enumerate((low, high)):
        history = history.add(record_game(match, 0, f"2026-11-2{n}T09:00:00Z", [0], [None]))
    page = statistics(history, {}, ruleset_key(variants.ruleset("yacht")), "Ann")
    numbers = dict(page.numbers)
    yacht = variants.ruleset("yacht")
    best, median = high.totals(0).grand_total, (low.totals(0).grand_total + high.totals(0).grand_total) / 2
    best_share, median_share = standing(yacht, best), standing(yacht, math.ceil(median))
    assert best_share is not None and median_share is not None
    assert numbers["Best against the optimal player"] == f"better than {math.floor(best_share * 100)}% of its games"
    assert numbers["Median against the optimal player"] == f"better than {math.floor(median_share * 100)}% of its games"


def test_statistics_of_rules_without_a_distribution_have_no_standing():
    custom = solo(variants.ruleset("generalized", dice=3, sides=4), faces=(4, 4, 4))
    history = History().add(record_game(custom, 0, "2026-11-20T09:00:00Z", [0], [None]))
    page = statistics(history, {}, ruleset_key(custom.ruleset), "Ann")
    assert not any("optimal player" in what for what, _ in page.numbers)
