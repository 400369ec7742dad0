"""The race between final scores: each seat's prospect, its distribution over whole points, and
each one's chance of being the highest.

Standard library only (it runs in Pyodide). A seat's final score is the points on its card and
the points still to come, which have a mean and a spread (:class:`Prospect`; game.coach.winning
works them out from the advisor's tables). As an estimate, a final score is a normal variable
rounded to whole points (:func:`final_points`); tied winners share the win (:func:`shares`).
:class:`Rivals` is the field a player who plays to win weighs: its chance of beating them all.

>>> [round(p, 6) for p in shares([final_points(Prospect(100, 20.0, 5.0)), final_points(Prospect(120))])]
[0.5, 0.5]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ("TAIL", "Prospect", "Rivals", "final_points", "shares")

TAIL = 6.0
"""Spreads either side of the mean that a final score's distribution covers (the rest is below 1e-8)."""

_SQRT2 = math.sqrt(2.0)


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / _SQRT2))


@dataclass(frozen=True)
class Prospect:
    """One seat's final score: the points on its card, and the mean and spread of those to come.

    ``state`` is the card's turn-start state (mask, up, flag) when known
    (:meth:`game.coach.winning.Winning.prospect` sets it): near the end a player to win weighs its exact distribution instead of a normal.

    >>> Prospect(120).finished, Prospect(80, 95.5, 31.0).finished
    (True, False)
    """

    total: int
    mean: float = 0.0
    sd: float = 0.0
    state: tuple[int, int, int] | None = None

    @property
    def finished(self) -> bool:
        """Whether nothing more is to come (its final score is its total)."""
        return self.mean == 0.0 and self.sd == 0.0


def final_points(p: Prospect) -> tuple[int, list[float]]:
    """A final score's distribution over whole points: (lowest score, chance of each score from it).

    A normal variable of the prospect's mean and spread rounded to whole points, cut TAIL spreads
    either side of the mean and scaled back to 1; a finished seat's is its total.

    >>> final_points(Prospect(200))
    (200, [1.0])
    >>> lo, probs = final_points(Prospect(100, 20.0, 2.0))
    >>> lo, round(sum(probs), 12), max(range(len(probs)), key=probs.__getitem__) + lo
    (108, 1.0, 120)
    """
    mu = p.total + p.mean
    if p.sd <= 0.0:
        return round(mu), [1.0]
    lo = math.floor(mu - TAIL * p.sd)
    hi = math.ceil(mu + TAIL * p.sd)
    cdf = [_phi((k + 0.5 - mu) / p.sd) for k in range(lo - 1, hi + 1)]
    probs = [b - a for a, b in zip(cdf, cdf[1:])]
    total = math.fsum(probs)
    return lo, [q / total for q in probs]


def shares(dists: Sequence[tuple[int, Sequence[float]]]) -> tuple[float, ...]:
    """Each of several independent final scores' chance of being the highest, tied winners sharing.

    ``dists`` are (lowest score, chances) as :func:`final_points` gives. The shares add up to 1.

    >>> shares([(10, [1.0]), (9, [0.5, 0.0, 0.5])])  # 10 against 9 or 11
    (0.5, 0.5)
    >>> shares([(10, [1.0]), (10, [1.0]), (8, [1.0])])
    (0.5, 0.5, 0.0)
    """
    below: list[Callable[[int], float]] = []
    at: list[Callable[[int], float]] = []
    for lo, probs in dists:
        cumulative = [0.0]
        for q in probs:
            cumulative.append(cumulative[-1] + q)

        def less(k: int, lo: int = lo, cumulative: list[float] = cumulative) -> float:
            return cumulative[min(max(k - lo, 0), len(cumulative) - 1)]

        def equal(k: int, lo: int = lo, probs: Sequence[float] = probs) -> float:
            return probs[k - lo] if 0 <= k - lo < len(probs) else 0.0

        below.append(less)
        at.append(equal)
    out = []
    for i, (lo, probs) in enumerate(dists):
        total = 0.0
        for offset, q in enumerate(probs):
            if q == 0.0:
                continue
            k = lo + offset
            poly = [1.0]  # chances that t of the others tie at k and none is above it
            for j in range(len(dists)):
                if j != i:
                    b, e = below[j](k), at[j](k)
                    poly = [x * b + y * e for x, y in zip(poly + [0.0], [0.0] + poly)]
            total += q * math.fsum(c / (t + 1) for t, c in enumerate(poly))
        out.append(total)
    return tuple(out)


class Rivals:
    """The other seats' final scores, as a player who plays to win weighs them.

    ``beat(mean, sd)`` is the chance that a final score of that mean and spread beats them all
    (a tie with the best of them counts half). One rival still playing is a normal variable and
    the chance is one closed form; several are the distribution of their best score. ``dists``
    gives some rivals' final scores as (lowest score, chances) instead of a normal (None: the
    normal); when every rival has one or has finished, the rivals are *shaped* and ``win(total)``
    is the chance that a final score of ``total`` beats them (a tie shared with the leaders when
    they have finished, else half).

    >>> round(Rivals([Prospect(100, 50.0, 30.0)]).beat(150.0, 40.0), 3)
    0.5
    >>> Rivals([Prospect(200)]).beat(200.0, 0.0), Rivals([]).beat(0.0, 0.0)
    (0.5, 1.0)
    >>> r = Rivals([Prospect(100, 10.0, 20.0)], [(100, [0.75, 0.0, 0.25])])  # 100 or 102
    >>> r.shaped, r.win(101), r.win(102), r.win(99), r.win(103)
    (True, 0.75, 0.875, 0.0, 1.0)
    """

    def __init__(
        self, prospects: Sequence[Prospect], dists: Sequence[tuple[int, list[float]] | None] | None = None
    ) -> None:
        self.prospects = tuple(prospects)
        given = list(dists) if dists is not None else [None] * len(self.prospects)
        self.finished = all(p.finished for p in self.prospects)
        self.shaped = all(d is not None or p.finished for p, d in zip(self.prospects, given))
        self.single = self.prospects[0] if len(self.prospects) == 1 and given[0] is None else None
        if (self.single is None or self.shaped) and self.prospects:
            self.lo, self.best = self._best_of(
                [final_points(p) if d is None else d for p, d in zip(self.prospects, given)]
            )
        self.leader = max((p.total for p in self.prospects), default=None)
        self.ties = sum(1 for p in self.prospects if p.total == self.leader)
        self._wins: list[float] | None = None

    @staticmethod
    def _best_of(dists: Sequence[tuple[int, Sequence[float]]]) -> tuple[int, list[float]]:
        lo = min(d[0] for d in dists)
        hi = max(d[0] + len(d[1]) for d in dists)
        below = [1.0] * (hi - lo + 1)  # chance that every rival is below lo + i
        for start, probs in dists:
            cumulative = 0.0
            for i in range(hi - lo + 1):
                k = lo + i
                below[i] *= cumulative
                if 0 <= k - start < len(probs):
                    cumulative += probs[k - start]
        return lo, [b - a for a, b in zip(below, below[1:])]

    def beat(self, mean: float, sd: float) -> float:
        """The chance that a final score of this mean and spread beats every rival."""
        if not self.prospects:
            return 1.0
        single = self.single
        if single is not None:
            spread = math.hypot(sd, single.sd)
            gap = mean - (single.total + single.mean)
            if spread <= 0.0:
                return 1.0 if gap > 0.25 else 0.5 if gap > -0.25 else 0.0
            return _phi(gap / spread)
        if sd <= 0.0:
            k = round(mean) - self.lo
            return math.fsum(self.best[: max(0, min(k, len(self.best)))]) + 0.5 * (
                self.best[k] if 0 <= k < len(self.best) else 0.0
            )
        return math.fsum(q * _phi((mean - (self.lo + i)) / sd) for i, q in enumerate(self.best) if q > 1e-12)

    def win(self, total: int) -> float:
        """The chance that a final score of ``total`` beats every rival (shaped rivals only)."""
        wins = self._wins
        if wins is None:
            if not self.prospects:
                return 1.0
            share = 1.0 / (self.ties + 1) if self.finished else 0.5
            wins, below = [], 0.0
            for q in self.best:
                wins.append(below + share * q)
                below += q
            self._wins = wins
        k = total - self.lo
        return wins[k] if 0 <= k < len(wins) else 0.0 if k < 0 else 1.0

    def key(self) -> tuple[object, ...]:
        """What ``win`` depends on (shaped rivals): the best score's distribution and a tie's share."""
        return (self.lo, tuple(self.best), self.finished, self.ties) if self.prospects else ()
