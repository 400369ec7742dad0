"""Win chances: each seat's chance of winning the game, and the choices of a player who plays to win.

Standard library only (it runs in Pyodide). A seat's *final score* is the points on its card
(bonuses included) and the points still to come. Under the advisor's play those have a mean (the
advisor's turn-start value) and a spread (a standard deviation, from the spread table that
tools/build_tables.py writes beside each value table). From there, two ways to a chance:

* **estimate**: each unfinished seat's final score is a normal variable of that mean and spread,
  rounded to whole points, independent of the others; tied winners share the win (:func:`shares`);
* **exact**: when one seat alone is still playing and has at most EXACT_OPEN open boxes, a dynamic
  program over its open boxes and its margin over the leader gives its chance of winning when it
  plays for the win (:class:`Winning` runs the advisor's within-turn program on win chances
  instead of points).

A player who plays to win (:meth:`Winning.options`) values every way to end a turn by its win
chance: the estimate against the rivals' distributions, or the exact program at the very end.
Near the end a normal is a poor shape (a Yahtzee is 50 points or none, the upper bonus 35 or
none), so there it weighs *shaped* distributions: a rival with at most SHAPE_OPEN open boxes
has the exact distribution of its points to come under the advisor's play (a forward pass of
its turns, :meth:`Winning.to_come`), and so has its own card after a turn that leaves at most
SHAPE_OPEN boxes open; with at most EXACT_OPEN open it runs the program on win chances against
the rivals' shaped scores.

>>> from game.coach.advisor import Advisor
>>> from game.core.rules import ruleset
>>> w = Winning(Advisor(ruleset("yacht")))
>>> [round(p, 3) for p in w.chances([({}, 0), ({}, 0)]).chances]  # two fresh cards
[0.5, 0.5]
>>> w.chances([({"yacht": 50}, 0), ({}, 0)]).chances[0] > 0.5
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game.coach.advisor import Advisor, Option
from game.coach.model import Model, Values

__all__ = (
    "COME_CACHE", "EXACT_OPEN", "ROUGH_SPREAD", "SHAPE_OPEN", "TAIL",
    "Prospect", "WinChances", "Rivals", "Winning", "final_points", "shares",
)  # fmt: skip

EXACT_OPEN = 2
"""A lone seat still playing with this many open boxes or fewer gets an exact win chance; a player
to win with this many open plays the program on win chances whenever its rivals' scores are shaped."""

SHAPE_OPEN = 3
"""A card with this many open boxes or fewer has its points to come as their exact distribution
under the advisor's play (:meth:`Winning.to_come`) when a player to win weighs it, not a normal."""

COME_CACHE = 4096
"""Turn-start states whose distribution of points to come a :class:`Winning` keeps (oldest out)."""

TAIL = 6.0
"""Spreads either side of the mean that a final score's distribution covers (the rest is below 1e-8)."""

ROUGH_SPREAD = 0.2
"""Without a spread table: the spread of a fresh card's points to come, as a share of their mean
(0.16 Yatzy, 0.21 Yacht, 0.23 Yahtzee). It grows as 1/sqrt(open boxes) as the card fills."""

_SQRT2 = math.sqrt(2.0)


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / _SQRT2))


@dataclass(frozen=True)
class Prospect:
    """One seat's final score: the points on its card, and the mean and spread of those to come.

    ``state`` is the card's turn-start state (mask, up, flag) when known (:meth:`Winning.prospect`
    sets it): near the end a player to win weighs its exact distribution instead of a normal.

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


@dataclass(frozen=True)
class WinChances:
    """Each seat's chance of winning the game (they add up to 1) and whether they are exact.

    >>> WinChances((0.25, 0.75), exact=False).chances[1]
    0.75
    """

    chances: tuple[float, ...]
    exact: bool


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

        def less(k: int, lo=lo, cumulative=cumulative) -> float:
            return cumulative[min(max(k - lo, 0), len(cumulative) - 1)]

        def equal(k: int, lo=lo, probs=probs) -> float:
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

    def key(self) -> tuple:
        """What ``win`` depends on (shaped rivals): the best score's distribution and a tie's share."""
        return (self.lo, tuple(self.best), self.finished, self.ties) if self.prospects else ()


class _Program:
    """The within-turn program of one turn start on win chances: each roll's and keep's value."""

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


class Winning:
    """Win chances and play to win for one rule set; it holds what it computes (its owner keeps it).

    ``advisor`` gives the model and the mean of the points to come; the spread comes from the
    advisor's spread table (:meth:`game.coach.advisor.Advisor.spread`), else a rough rule (ROUGH_SPREAD).

    >>> from game.core.rules import ruleset
    >>> Winning(Advisor(ruleset("yahtzee"))).prospect({"chance": 22}).total
    22
    """

    def __init__(self, advisor: Advisor) -> None:
        self.advisor = advisor
        self.ruleset = advisor.ruleset
        self._distinct: list[tuple[list[int], list[int]]] | None = None
        self._last: tuple[tuple, _Program] | None = None  # the last turn a player to win planned
        self._end: tuple[tuple, Callable[[int, int, int, int], float]] | None = None  # the last endgame
        self._come: dict[tuple[int, int, int], tuple[tuple[int, float], ...]] = {}  # to_come, oldest first
        self._rolls_keeps: list[list[tuple[int, int]]] | None = None

    # -- where a card stands ------------------------------------------------------------------

    @property
    def model(self) -> Model:
        return self.advisor.model

    def _values(self) -> Values:
        src = self.advisor.source()
        if src is None:
            raise ValueError(f"{self.ruleset!r} is too large to model: no win chances")
        return src

    def exact(self) -> bool:
        """Whether means and spreads come from tables (or an exact solve), not rough rules."""
        return self._values().exact and self.advisor.spread() is not None

    def _mean_sd(self, mask: int, up: int, flag: int) -> tuple[float, float]:
        m = self.model
        if mask == m.full:
            return 0.0, 0.0
        mean = self._values().row(mask, flag)[up]
        spread = self.advisor.spread()
        if spread is not None:
            return mean, spread.row(mask, flag)[up]
        return mean, ROUGH_SPREAD * mean * math.sqrt(self._open(mask) / m.ncat)

    def prospect(self, scores: Mapping[str, int], yahtzee_bonus: int = 0) -> Prospect:
        """A card's prospect at the start of a turn.

        >>> from game.core.rules import ruleset
        >>> p = Winning(Advisor(ruleset("yahtzee"))).prospect({})
        >>> round(p.mean, 2), round(p.sd, 1), p.state
        (254.59, 59.6, (0, 0, 0))
        """
        m = self.model
        total = self.ruleset.totals(scores, yahtzee_bonus).grand_total
        state = m.state(scores)
        mean, sd = self._mean_sd(*state)
        return Prospect(total, mean, sd, state)

    # -- shaped: the exact distribution of the points to come near the end ----------------------

    def _open(self, mask: int) -> int:
        return self.model.ncat - bin(mask).count("1")

    @property
    def _modelled(self) -> bool:
        """Whether the rule set has a model to solve (its values exist), not only rough rules."""
        return self.advisor.source() is not None

    def _roll_keeps(self) -> list[list[tuple[int, int]]]:
        """Per roll: its keeps of fewer dice as (size, index), in the advisor's order."""
        if self._rolls_keeps is None:
            keeps_of = self.advisor.keeps_of
            self._rolls_keeps = [[(size, index) for size, index, _ in keeps_of(r)] for r in self.model.rolls]
        return self._rolls_keeps

    def turn_outcomes(self, mask: int, up: int, flag: int) -> dict[tuple[int, int, int], dict[int, float]]:
        """One turn of the advisor's play from a turn start: the chance of each state after it and
        the points it adds, as {(mask, up, flag): {points: chance}}.

        A forward pass of the advisor's within-turn program: each roll is scored when no keep is
        worth more (ties score, then the first keep in the advisor's order wins, as in its options).

        >>> from game.core.rules import ruleset
        >>> w = Winning(Advisor(ruleset("yahtzee")))
        >>> m = w.model
        >>> out = w.turn_outcomes(m.full ^ 1 << m.Y, 0, 0)  # only the Yahtzee box is open
        >>> sorted((k, round(q, 4)) for k, q in out[(m.full, 0, 1)].items()), round(out[(m.full, 0, 0)][0], 4)
        ([(50, 0.046)], 0.954)
        """
        m = self.model
        row = self._values().row
        R = m.R
        value, choice = self._last_roll(mask, up, flag, lambda m2, up2, f2, gain: gain + row(m2, f2)[up2], choose=True)
        mass, scored = list(m.prob), [0.0] * R
        keeps = self._roll_keeps()
        for K in reversed(_Program(m, value).K):  # the first decision's keeps first
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

        >>> from game.core.rules import ruleset
        >>> w = Winning(Advisor(ruleset("yahtzee")))
        >>> m = w.model
        >>> [(k, round(q, 4)) for k, q in w.to_come(m.full ^ 1 << m.Y, 0, 0)]
        [(0, 0.954), (50, 0.046)]
        >>> w.to_come(m.full, 0, 0)
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

    def _shape(self, p: Prospect) -> tuple[int, list[float]] | None:
        """A rival's final score as (lowest, chances) when it is shaped (few boxes open), else None."""
        if p.state is None or p.finished or self._open(p.state[0]) > SHAPE_OPEN or not self._modelled:
            return None
        come = self.to_come(*p.state)
        lo = come[0][0]
        probs = [0.0] * (come[-1][0] - lo + 1)
        for k, q in come:
            probs[k - lo] = q
        return p.total + lo, probs

    def rivals(self, prospects: Sequence[Prospect]) -> Rivals:
        """The rivals as a player to win weighs them: shaped where they have few boxes open.

        >>> from game.core.rules import ruleset
        >>> w = Winning(Advisor(ruleset("yahtzee")))
        >>> last_box = {c.id: 0 for c in w.ruleset.categories[1:]}  # only Ones open
        >>> w.rivals([w.prospect({})]).shaped, w.rivals([w.prospect(last_box)]).shaped
        (False, True)
        """
        return Rivals(prospects, [self._shape(p) for p in prospects])

    # -- the last roll's values ---------------------------------------------------------------

    def _points(self) -> list[tuple[list[int], list[int]]]:
        """Per box: its distinct points, and each roll's index among them."""
        if self._distinct is None:
            self._distinct = []
            for pts in self.model.pts:
                distinct = sorted(set(pts))
                where = {p: i for i, p in enumerate(distinct)}
                self._distinct.append((distinct, [where[p] for p in pts]))
        return self._distinct

    def _last_roll(
        self, mask: int, up: int, flag: int, worth: Callable[[int, int, int, int], float], *, choose: bool = False
    ) -> tuple[list[float], list[tuple[tuple[int, int, int], int]] | None]:
        """Each roll's value with no roll left: its best box, ``worth(mask2, up2, flag2, gain)`` (the
        first in the rule set's order on a tie); with ``choose``, also each roll's (state after, gain)."""
        m = self.model
        columns, ends = [], []
        for c, (distinct, where) in enumerate(self._points()):
            if mask >> c & 1:
                continue
            values, after = [], []
            for p in distinct:
                m2, up2, f2, extra = m.succ(c, p, mask, up, flag)
                values.append(worth(m2, up2, f2, p + extra))
                after.append(((m2, up2, f2), p + extra))
            columns.append(list(map(values.__getitem__, where)))
            ends.append((after, where))
        best = list(map(max, *columns)) if len(columns) > 1 else list(columns[0])
        choices = None
        if choose:
            choices = []
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
                choices[ri] = what
        return best, choices

    # -- exact: one seat left, few boxes --------------------------------------------------------

    def _endgame(self, field: Rivals) -> Callable[[int, int, int, int], float]:
        """The win chance of a seat playing to win from a turn start (mask, up, flag, total so far)
        against shaped rivals (exact when they have finished).

        The last one is kept with what it solved: a seat's turns in a round all play against one field.
        """
        key = field.key()
        if self._end is not None and self._end[0] == key:
            return self._end[1]
        m = self.model
        final = field.win
        memo: dict[tuple[int, int, int, int], float] = {}

        def start(mask: int, up: int, flag: int, total: int) -> float:
            if mask == m.full:
                return final(total)
            key = (mask, up, flag, total)
            got = memo.get(key)
            if got is None:
                got = memo[key] = self._program(mask, up, flag, total, start).start()
            return got

        self._end = (key, start)
        return start

    def _program(
        self, mask: int, up: int, flag: int, total: int, start: Callable[[int, int, int, int], float]
    ) -> _Program:
        def worth(m2: int, up2: int, f2: int, gain: int) -> float:
            return start(m2, up2, f2, total + gain)

        return _Program(self.model, self._last_roll(mask, up, flag, worth)[0])

    def _estimate(self, rivals: Rivals) -> Callable[[int, int, int, int], float]:
        """The estimated win chance from a turn start (mask, up, flag, total so far): against shaped
        rivals with few boxes open, the card's own shaped points to come; else a normal's."""
        shaped = rivals.shaped and self._modelled
        memo: dict[tuple[int, int, int, int], float] = {}

        def start(mask: int, up: int, flag: int, total: int) -> float:
            key = (mask, up, flag, total)
            got = memo.get(key)
            if got is None:
                if shaped and self._open(mask) <= SHAPE_OPEN:
                    win = rivals.win
                    got = math.fsum(q * win(total + k) for k, q in self.to_come(mask, up, flag))
                else:
                    mean, sd = self._mean_sd(mask, up, flag)
                    got = rivals.beat(total + mean, sd)
                memo[key] = got
            return got

        return start

    def _is_exact(self, mask: int, rivals: Rivals) -> bool:
        return rivals.finished and self._open(mask) <= EXACT_OPEN and self._modelled

    # -- playing to win -----------------------------------------------------------------------

    def options(
        self,
        scores: Mapping[str, int],
        dice: Sequence[int],
        rolls_left: int,
        rivals: Sequence[Prospect],
        *,
        yahtzee_bonus: int = 0,
    ) -> list[Option]:
        """Every legal option of one decision with its chance of winning the game, best first.

        The same contract as :meth:`game.coach.advisor.Advisor.options`, with ``expected`` the win chance
        (exact when ``rivals`` have all finished and at most EXACT_OPEN boxes are open). With no
        rivals there is nothing to win against: the advisor's options (expected final score).

        >>> from game.core.rules import ruleset
        >>> w = Winning(Advisor(ruleset("yacht")))
        >>> card = {c.id: 0 for c in w.ruleset.categories if c.id not in ("yacht", "choice")}
        >>> behind = w.options(card, [6, 6, 6, 6, 1], 2, [Prospect(40)])  # only a Yacht wins
        >>> behind[0].action, behind[0].exact, round(behind[0].expected, 3)
        (Keep(faces=(6, 6, 6, 6)), True, 0.338)
        """
        if not rivals:
            return self.advisor.options(scores, dice, rolls_left, yahtzee_bonus=yahtzee_bonus)
        faces, (mask, up, flag), total, scorings = self.advisor.position(scores, dice, rolls_left, yahtzee_bonus)
        field = self.rivals(rivals)
        exact = self._is_exact(mask, field)
        program = field.shaped and self._open(mask) <= EXACT_OPEN and self._modelled
        start = self._endgame(field) if program else self._estimate(field)
        out = [Option(score, start(m2, up2, f2, total + gain), exact) for score, m2, up2, f2, gain in scorings]
        if rolls_left:
            key = (mask, up, flag, total, field.prospects)
            if self._last is None or self._last[0] != key:
                self._last = (key, self._program(mask, up, flag, total, start))
            K = self._last[1].K[rolls_left - 1]
            for size, index, keep in self.advisor.keeps_of(faces):
                out.append(Option(keep, K[size][index], exact))
        out.sort(key=lambda o: -o.expected)
        return out

    # -- the table's chances ------------------------------------------------------------------

    def chances(
        self,
        cards: Sequence[tuple[Mapping[str, int], int]],
        current: int | None = None,
        dice: Sequence[int] = (),
        rolls_left: int = 0,
        against: Sequence[int] = (),
    ) -> WinChances:
        """Each seat's chance of winning the game: ``cards`` are (scores, Yahtzee bonus) per seat.

        ``current`` is the seat in the middle of its turn with ``dice`` showing and ``rolls_left``
        (None: between turns). ``against`` adds finished seats of these totals (a target to beat;
        their chances follow the cards'). Exact when at most one seat is still playing with at
        most EXACT_OPEN open boxes (it plays to win), else an estimate (see the module).

        >>> from game.core.rules import ruleset
        >>> w = Winning(Advisor(ruleset("yacht")))
        >>> full = {c.id: 0 for c in w.ruleset.categories}
        >>> w.chances([(full, 0), ({**full, "choice": 3}, 0)])
        WinChances(chances=(0.0, 1.0), exact=True)
        >>> one_left = {**full, "yacht": 0}
        >>> del one_left["yacht"]
        >>> got = w.chances([(full | {"yacht": 50}, 0), (one_left, 0)], current=1, dice=(5, 5, 5, 5, 5), rolls_left=2)
        >>> got  # 50 points against a Yacht showing: a tie
        WinChances(chances=(0.5, 0.5), exact=True)
        """
        m = self.model
        prospects = [self.prospect(scores, bonus) for scores, bonus in cards] + [Prospect(total) for total in against]
        playing = [i for i, (scores, _) in enumerate(cards) if m.state(scores)[0] != m.full]
        if not playing:
            return WinChances(shares([final_points(p) for p in prospects]), True)
        if len(playing) == 1:
            lone = playing[0]
            rivals = Rivals([p for i, p in enumerate(prospects) if i != lone])
            scores, bonus = cards[lone]
            mask, up, flag = m.state(scores)
            if self._is_exact(mask, rivals):
                if current == lone and dice:
                    options = self.options(scores, dice, rolls_left, rivals.prospects, yahtzee_bonus=bonus)
                    mine = options[0].expected
                else:
                    mine = self._endgame(rivals)(mask, up, flag, prospects[lone].total)
                others = [i for i, p in enumerate(prospects) if i != lone and p.total == rivals.leader]
                chances = [0.0] * len(prospects)
                chances[lone] = mine
                for i in others:
                    chances[i] = (1.0 - mine) / len(others)
                return WinChances(tuple(chances), True)
        if current is not None and dice and current in playing:
            scores, bonus = cards[current]
            best = self.advisor.options(scores, dice, rolls_left, yahtzee_bonus=bonus)[0].expected
            p = prospects[current]
            prospects[current] = Prospect(p.total, best - p.total, p.sd)
        return WinChances(shares([final_points(p) for p in prospects]), False)
