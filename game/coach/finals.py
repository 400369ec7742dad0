"""Where a final total stands: the optimal player's exact final-score distribution and its percentiles.

Standard library only (it runs in Pyodide). ``tools/build_finals.py`` (NumPy, offline) computes,
for every rule set with a shipped table, the chance of each final total when the advisor plays a
whole game from a fresh card (exact, a forward pass of its play: that tool's docstring), and writes
them to game/coach/finals_data.py as integers of 2**-UNIT_BITS, a few KB each. The figures it
gives are in docs/records.md (Yahtzee, Yatzy: median and 5th, 95th and 99th percentiles).

>>> from game.core.variants import ruleset
>>> probs = distribution(ruleset("yatzy"))
>>> round(sum(probs), 9), percentiles(probs, (50,))
(1.0, (249,))
>>> round(standing(ruleset("yatzy"), 249), 3)  # the share of the optimal player's games below 249
0.498
>>> distribution(ruleset("generalized", dice=2, sides=2)) is None
True
"""

from __future__ import annotations

import base64
import math
import zlib
from collections.abc import Sequence
from functools import cache
from itertools import accumulate

from game.core.rules import RuleSet
from game.core.variants import table_name

__all__ = ("UNIT_BITS", "distribution", "percentiles", "spread", "standing")

UNIT_BITS = 48
"""The stored chances are integers of 2**-48: far finer than a percent, and a few KB a rule set."""


@cache
def _decoded(name: str) -> tuple[float, ...] | None:
    from game.coach.finals_data import FINALS  # here: only read when a standing is asked for

    data = FINALS.get(name)
    if data is None:
        return None
    ints = zlib.decompress(base64.b64decode(data)).decode().split(",")
    unit = 2.0**-UNIT_BITS
    return tuple(int(i) * unit for i in ints)


def distribution(rs: RuleSet) -> tuple[float, ...] | None:
    """The chance of each final total 0, 1, 2... under the optimal player's play; None without a shipped table."""
    try:
        name = table_name(rs)
    except ValueError:
        return None
    return _decoded(name)


def percentiles(probs: Sequence[float], cuts: Sequence[float]) -> tuple[int, ...]:
    """The p-th percentile for each p of ``cuts``: the lowest total whose share of games at or below it reaches p%.

    >>> percentiles([0.25, 0.5, 0.25], (5, 50, 80))
    (0, 1, 2)
    """
    cdf = list(accumulate(probs))
    total = cdf[-1]
    out = []
    for p in cuts:
        want = total * p / 100 - 1e-12
        out.append(next(i for i, c in enumerate(cdf) if c >= want))
    return tuple(out)


def standing(rs: RuleSet, total: int) -> float | None:
    """The share of the optimal player's games that end below ``total`` (0 to 1); None without a distribution.

    >>> from game.core.variants import ruleset
    >>> standing(ruleset("yacht"), 0), standing(ruleset("yacht"), 10_000)
    (0.0, 1.0)
    """
    probs = distribution(rs)
    if probs is None:
        return None
    below = sum(probs[: max(0, min(total, len(probs)))])
    return min(1.0, max(0.0, below / sum(probs)))


def spread(rs: RuleSet) -> float | None:
    """The standard deviation of the optimal player's final totals (None without a distribution): its luck's too, since
    its luck is its total less its mean (game.coach.luck).

    >>> from game.core.variants import ruleset
    >>> round(spread(ruleset("yacht")), 2), spread(ruleset("generalized", dice=2, sides=2))
    (34.99, None)
    """
    probs = distribution(rs)
    if probs is None:
        return None
    mean = math.fsum(k * p for k, p in enumerate(probs))
    return math.sqrt(math.fsum((k - mean) ** 2 * p for k, p in enumerate(probs)))


def summary(name: str) -> str:
    """A shipped distribution's figures in a line: mean, standard deviation, median, 5th, 95th and 99th percentiles.

    >>> summary("yacht.bin")
    'yacht.bin: mean 166.99, sd 34.99, median 167, 5th 111, 95th 231, 99th 244'
    """
    probs = _decoded(name)
    assert probs is not None, name
    mean = math.fsum(k * p for k, p in enumerate(probs))
    sd = math.sqrt(math.fsum((k - mean) ** 2 * p for k, p in enumerate(probs)))
    median, p5, p95, p99 = percentiles(probs, (50, 5, 95, 99))
    return f"{name}: mean {mean:.2f}, sd {sd:.2f}, median {median}, 5th {p5}, 95th {p95}, 99th {p99}"


if __name__ == "__main__":  # .venv/bin/python -m game.coach.finals: docs/records.md's figures
    from game.coach.finals_data import FINALS

    for name in sorted(FINALS):
        print(summary(name))
