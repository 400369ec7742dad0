"""The advisor of dice shapes too large to model: a few sample rerolls per keep, scored greedily.

Standard library only (it runs in Pyodide). Beyond MAX_KEEPS kept multisets
(:func:`game.coach.model.modelable` is False) not even one turn can be played exactly, so
:func:`sampled` values each open box's future at half its maximum and each keep by SAMPLES
deterministic rerolls (the same decision always gets the same values); rolls a turn saves for
later (``RuleSet.saved_rolls``) count nothing here, only one reroll is looked at. The advisor
(game.coach.advisor) ranks these values as options with ``exact=False``.

>>> from game.core.variants import ruleset
>>> got = sampled(ruleset("generalized", dice=10, sides=20), {}, [20] * 10, 0, 0)
>>> max(got, key=lambda pair: pair[1])[0]
Score(category='yahtzee')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from game.coach.model import check_rolls_left, most_rolls_left, sub_keeps
from game.core.actions import Decision, Keep, Score
from game.core.rules import RuleSet

__all__ = ("SAMPLES", "sampled")

SAMPLES = 4
"""Sample rerolls per keep."""


def sampled(
    rs: RuleSet, scores: Mapping[str, int], dice: Sequence[int], rolls_left: int, yahtzee_bonus: int
) -> list[tuple[Decision, float]]:
    """Each legal option of one decision with its estimated final score: the scoring options in the
    rule set's order, then the keeps (while rolls are left). ValueError for a decision that cannot be."""
    faces = tuple(sorted(rs.validate_dice(dice)))
    check_rolls_left(rolls_left, most_rolls_left(rs))
    totals = rs.totals(scores, yahtzee_bonus)
    if len(scores) >= len(rs.categories):
        raise ValueError("the scorecard is full: no decision is left")
    par = {c.id: 0.5 * c.max_score for c in rs.categories if c.id not in scores}
    upper = {c.id for c in rs.upper}
    threshold, amount = rs.upper_bonus_threshold, rs.upper_bonus_amount
    subtotal = totals.upper_subtotal
    base = totals.grand_total + sum(par.values())

    def value(roll: tuple[int, ...]) -> dict[str, float]:
        bonus = rs.yahtzee_bonus(scores, roll)
        out = {}
        for cid, points in rs.choices(scores, roll).items():
            crossed = amount and cid in upper and subtotal < threshold <= subtotal + points
            out[cid] = base + points + bonus + (amount if crossed else 0) - par[cid]
        return out

    out: list[tuple[Decision, float]] = [(Score(cid), v) for cid, v in value(faces).items()]
    if rolls_left:
        rng = random.Random(repr((faces, rolls_left, sorted(scores.items()))))
        for keep in sub_keeps(faces):
            total = 0.0
            for _ in range(SAMPLES):
                roll = keep + tuple(rng.randint(1, rs.sides) for _ in range(rs.dice - len(keep)))
                total += max(value(tuple(sorted(roll))).values())
            out.append((Keep(keep), total / SAMPLES))
    return out
