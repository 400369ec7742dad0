"""Optimal play, simulated: the mean final score of 10,000 games per rule set lies within three
standard errors of the advisor's expected score (run with ``pytest -m slow``)."""

from __future__ import annotations

import math
import random

import pytest

from game.coach.advisor import Advisor
from game.core.actions import Score
from game.core.variants import ruleset

GAMES = 10_000

pytestmark = pytest.mark.slow


def game_score(adv: Advisor, rng: random.Random) -> int:
    """One game, every decision the advisor's best; the final grand total with Yahtzee bonuses."""
    rs = adv.ruleset
    scores: dict[str, int] = {}
    bonus = 0
    last = rs.rolls_per_turn - 1
    while len(scores) < len(rs.categories):
        dice = [rng.randint(1, rs.sides) for _ in range(rs.dice)]
        for rolls_left in range(last, -1, -1):
            action = adv.options(scores, dice, rolls_left)[0].action
            if isinstance(action, Score):
                bonus += rs.yahtzee_bonus(scores, dice)
                scores[action.category] = rs.choices(scores, dice)[action.category]
                break
            kept = action.faces
            dice = list(kept) + [rng.randint(1, rs.sides) for _ in range(rs.dice - len(kept))]
    return rs.totals(scores, bonus).grand_total


@pytest.mark.parametrize(
    "rs",
    [
        ruleset("yacht"),
        ruleset("yahtzee"),
        ruleset("yahtzee", joker="free"),
        ruleset("yatzy"),
        ruleset("yahtzee", joker="none"),
        ruleset("yahtzee", joker="none", yahtzee_bonus=False),
        ruleset("generalized", dice=3, sides=3),
    ],
    ids=repr,
)
def test_simulated_mean_matches_expected_score(rs):
    rng = random.Random(20240601)
    adv = Advisor(rs)
    results = [game_score(adv, rng) for _ in range(GAMES)]
    mean = sum(results) / GAMES
    sd = math.sqrt(sum((x - mean) ** 2 for x in results) / (GAMES - 1))
    se = sd / math.sqrt(GAMES)
    value = adv.expected_score()
    print(f"{rs!r}: mean {mean:.3f} sd {sd:.2f} se {se:.3f} expected {value:.4f} z {(mean - value) / se:+.2f}")
    assert abs(mean - value) <= 3 * se
