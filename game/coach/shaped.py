"""Shaped scores: the exact distribution of a card's points to come under the advisor's play.

Standard library only (it runs in Pyodide). Near the end a normal is a poor shape for the points
to come (a Yahtzee is 50 points or none, the upper bonus 35 or none), so a player who plays to win
(game.coach.winning) weighs a card with at most SHAPE_OPEN open boxes by their exact distribution:
a forward pass of the advisor's within-turn program gives each state and score after one turn
(:meth:`Shapes.turn_outcomes`), and turn after turn the distribution (:meth:`Shapes.to_come`).

The same within-turn program also runs on values other than points (:class:`Program` from the
last roll's values of :meth:`Shapes.last_roll`): the player to win runs it on win chances.

>>> from game.coach.advisor import Advisor
>>> from game.core.variants import ruleset
>>> shapes = Shapes(Advisor(ruleset("yacht")))
>>> m = shapes.model
>>> [(k, round(q, 4)) for k, q in shapes.to_come(m.full ^ 1 << m.index["yacht"], 0, 0)]
[(0, 0.954), (50, 0.046)]
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.coach.advisor import Advisor
from game.coach.model import Model, Values
from game.coach.race import Prospect

__all__ = ("COME_CACHE", "SHAPE_OPEN", "Program", "Shapes")

SHAPE_OPEN = 3
"""A card with this many open boxes or fewer has its points to come as their exact distribution
under the advisor's play (:meth:`Shapes.to_come`) when a player to win weighs it, not a normal."""

COME_CACHE = 4096
"""Turn-start states whose distribution of points to come a :class:`Shapes` keeps (oldest out)."""

Worth = Callable[[int, int, int, int], float]
"""A value of a turn-start state and some points: ``worth(mask, up, flag, points)``."""


class Program:
    """The within-turn program of one turn start from the last roll's values: each roll's and keep's.

    ``V[s]`` is each roll's value with s rolls left, ``K[s]`` each keep's with s + 1 rolls to come.

    >>> from game.core.variants import ruleset
    >>> m = Model(ruleset("yacht"))
    >>> round(Program(m, [1.0] * m.R).start(), 12)  # a turn worth 1 whatever it rolls
    1.0
    """

    def __init__(self, m: Model, last: list[float]) -> None:
        self.m = m
        self.V = [last]
        self.K: list[list[list[float]]] = []
        for _ in range(m.stages):
            self.K.append(m.down(self.V[-1]))
            self.V.append(m.up(self.K[-1]))

    def start(self) -> float:
        """The value before the turn's first roll."""
        return math.fsum(p * v for p, v in zip(self.m.prob, self.V[-1]))


class Shapes:
    """The shaped points to come of one rule set under ``advisor``'s play; it keeps what it computes.

    >>> from game.core.variants import ruleset
    >>> Shapes(Advisor(ruleset("yahtzee"))).shape(Prospect(100, 150.0, 40.0, (0, 0, 0))) is None  # 13 open
    True
    """

    def __init__(self, advisor: Advisor) -> None:
        self.advisor = advisor
        self._distinct: list[tuple[list[int], list[int]]] | None = None
        self._come: dict[tuple[int, int, int], tuple[tuple[int, float], ...]] = {}  # to_come, oldest first
        self._rolls_keeps: list[list[tuple[int, int]]] | None = None

    @property
    def model(self) -> Model:
        """The advisor's model of the rule set."""
        return self.advisor.model

    def values(self) -> Values:
        """The advisor's turn-start values (ValueError for a shape too large to model)."""
        src = self.advisor.source()
        if src is None:
            raise ValueError(f"{self.advisor.ruleset!r} is too large to model: no win chances")
        return src

    @property
    def modelled(self) -> bool:
        """Whether the rule set has a model to solve (its values exist), not only rough rules."""
        return self.advisor.source() is not None

    def _roll_keeps(self) -> list[list[tuple[int, int]]]:
        """Per roll: its keeps of fewer dice as (size, index), in the advisor's order."""
        if self._rolls_keeps is None:
            keeps_of = self.advisor.keeps_of
            self._rolls_keeps = [[(size, index) for size, index, _ in keeps_of(r)] for r in self.model.rolls]
        return self._rolls_keeps

    def _points(self) -> list[tuple[list[int], list[int]]]:
        """Per box: its distinct points, and each roll's index among them."""
        if self._distinct is None:
            self._distinct = []
            for pts in self.model.pts:
                distinct = sorted(set(pts))
                where = {p: i for i, p in enumerate(distinct)}
                self._distinct.append((distinct, [where[p] for p in pts]))
        return self._distinct

    def last_roll(self, mask: int, up: int, flag: int, worth: Worth) -> list[float]:
        """Each roll's value with no roll left: its best box by ``worth`` (the first in the rule set's
        order on a tie; the joker rules' boxes for all-alike rolls).

        >>> from game.core.variants import ruleset
        >>> shapes = Shapes(Advisor(ruleset("yacht")))
        >>> max(shapes.last_roll(0, 0, 0, lambda mask, up, flag, gain: gain))  # a Yacht
        50
        """
        return self._last_roll(mask, up, flag, worth, None)

    def _last_roll(
        self, mask: int, up: int, flag: int, worth: Worth, choices: list[tuple[tuple[int, int, int], int]] | None
    ) -> list[float]:
        """last_roll, also filling ``choices`` (when given) with each roll's (state after, gain)."""
        m = self.model
        columns, ends = [], []
        points = self._points()
        for c in m.playable(mask):
            distinct, where = points[c]
            values, after = [], []
            for p in distinct:
                m2, up2, f2, extra = m.succ(c, p, mask, up, flag)
                values.append(worth(m2, up2, f2, p + extra))
                after.append(((m2, up2, f2), p + extra))
            columns.append(list(map(values.__getitem__, where)))
            ends.append((after, where))
        best = list(map(max, *columns)) if len(columns) > 1 else list(columns[0])
        if choices is not None:
            for r, v in enumerate(best):
                after, where = ends[next(i for i, column in enumerate(columns) if column[r] == v)]
                choices.append(after[where[r]])
        for ri, bonus, legal in m.joker(mask, flag):
            value, what = -1.0, None
            for c, p in legal:
                m2, up2, f2, extra = m.succ(c, p, mask, up, flag)
                v = worth(m2, up2, f2, p + extra + bonus)
                if v > value:
                    value, what = v, ((m2, up2, f2), p + extra + bonus)
            best[ri] = value
            if choices is not None:
                assert what is not None  # an unfinished card has a legal box for every roll, worth 0 or more
                choices[ri] = what
        return best

    def turn_outcomes(self, mask: int, up: int, flag: int) -> dict[tuple[int, int, int], dict[int, float]]:
        """One turn of the advisor's play from a turn start: the chance of each state after it and
        the points it adds, as {(mask, up, flag): {points: chance}}.

        A forward pass of the advisor's within-turn program: each roll is scored when no keep is
        worth more (ties score, then the first keep in the advisor's order wins, as in its options).

        >>> from game.core.variants import ruleset
        >>> shapes = Shapes(Advisor(ruleset("yahtzee")))
        >>> m = shapes.model
        >>> out = shapes.turn_outcomes(m.full ^ 1 << m.Y, 0, 0)  # only the Yahtzee box is open
        >>> sorted((k, round(q, 4)) for k, q in out[(m.full, 0, 1)].items()), round(out[(m.full, 0, 0)][0], 4)
        ([(50, 0.046)], 0.954)
        """
        m = self.model
        row = self.values().row
        R = m.R
        choice: list[tuple[tuple[int, int, int], int]] = []
        value = self._last_roll(mask, up, flag, lambda m2, up2, f2, gain: gain + row(m2, f2)[up2], choice)
        mass, scored = list(m.prob), [0.0] * R
        keeps = self._roll_keeps()
        for K in reversed(Program(m, value).K):  # the first decision's keeps first
            kept = [[0.0] * len(ks) for ks in m.keeps]
            for r, q in enumerate(mass):
                if q == 0.0:
                    continue
                best, at = value[r], None
                for size, index in keeps[r]:
                    if K[size][index] > best:
                        best, at = K[size][index], (size, index)
                if at is None:
                    scored[r] += q
                else:
                    kept[at[0]][at[1]] += q
            mass = m.reroll(kept)
        out: dict[tuple[int, int, int], dict[int, float]] = {}
        for r in range(R):
            q = scored[r] + mass[r]
            if q:
                state, points = choice[r]
                gains = out.setdefault(state, {})
                gains[points] = gains.get(points, 0.0) + q
        return out

    def to_come(self, mask: int, up: int, flag: int) -> tuple[tuple[int, float], ...]:
        """The distribution of the points to come from a turn start under the advisor's play, as
        (points, chance) pairs, ascending (:meth:`turn_outcomes`, turn after turn). Kept (COME_CACHE).

        >>> from game.core.variants import ruleset
        >>> shapes = Shapes(Advisor(ruleset("yahtzee")))
        >>> m = shapes.model
        >>> [(k, round(q, 4)) for k, q in shapes.to_come(m.full ^ 1 << m.Y, 0, 0)]
        [(0, 0.954), (50, 0.046)]
        >>> shapes.to_come(m.full, 0, 0)
        ((0, 1.0),)
        """
        if mask == self.model.full:
            return ((0, 1.0),)
        key = (mask, up, flag)
        got = self._come.get(key)
        if got is None:
            acc: dict[int, float] = {}
            for state, gains in self.turn_outcomes(mask, up, flag).items():
                rest = self.to_come(*state)
                for g, q in gains.items():
                    for k, r in rest:
                        acc[g + k] = acc.get(g + k, 0.0) + q * r
            got = tuple(sorted((k, q) for k, q in acc.items() if q > 1e-15))
            if len(self._come) >= COME_CACHE:
                del self._come[next(iter(self._come))]
            self._come[key] = got
        return got

    def shape(self, p: Prospect) -> tuple[int, list[float]] | None:
        """A card's final score as (lowest, chances) when it is shaped (few boxes open), else None."""
        if p.state is None or p.finished or self.model.open_boxes(p.state[0]) > SHAPE_OPEN or not self.modelled:
            return None
        come = self.to_come(*p.state)
        lo = come[0][0]
        probs = [0.0] * (come[-1][0] - lo + 1)
        for k, q in come:
            probs[k - lo] = q
        return p.total + lo, probs
