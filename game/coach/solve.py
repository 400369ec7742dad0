"""Turn-start values without a table: a pure-Python solve of every state, or a heuristic estimate.

Standard library only (it runs in Pyodide). Both are :class:`game.coach.model.Values` for the
advisor (game.coach.advisor): :class:`Solved` holds exact values for custom dice small enough to
solve here (:func:`fits_budget`); :class:`Heuristic` values the card after a turn roughly, so the
one-turn advisor can play that turn exactly (``exact`` False).

>>> from game.coach.model import Model
>>> from game.core.variants import ruleset
>>> m = Model(ruleset("generalized", dice=2, sides=3))
>>> round(Solved(m, solve(m)).expected, 4), Heuristic(m).exact
(152.4081, False)
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.coach.model import Model
from game.core.rules import RuleSet

__all__ = ("SOLVE_BUDGET", "Heuristic", "Solved", "fits_budget", "solve")

SOLVE_BUDGET = 20_000_000
"""Elementary steps a pure-Python solve may take: short enough to wait for on first use (the time
it takes is in the README's Speed section)."""


class Solved:
    """Turn-start values solved here in pure Python (small shapes): rows of U values per (mask, flag)."""

    exact = True

    def __init__(self, m: Model, values: list[float]) -> None:
        self.m = m
        self.values = values
        self.expected = values[0]
        self.zero = [0.0] * m.U

    def row(self, mask: int, flag: int) -> list[float]:
        """The values of the state's capped upper subtotals (all 0 for a full card)."""
        if mask == self.m.full:
            return self.zero
        a = (mask * self.m.F + flag) * self.m.U
        return self.values[a : a + self.m.U]


def solve(m: Model) -> list[float]:
    """Every turn-start value, by filled count from the last turn back (dense, rows of U)."""
    U, F = m.U, m.F
    values = [0.0] * ((m.full + 1) * F * U)
    src = Solved(m, values)
    ybit = 1 << m.Y if m.Y is not None else 0
    masks = sorted(range(m.full), key=lambda x: -bin(x).count("1"))
    for mask in masks:
        ups = m.ups(mask)
        flags = (0, 1) if F == 2 and mask & ybit else (0,)
        for flag in flags:
            a = (mask * F + flag) * U
            for u in ups:
                values[a + u] = m.start_value(src, mask, u, flag)
            last = values[a]
            for u in range(U):  # unreachable subtotals copy the one below (compress well)
                if u in ups:
                    last = values[a + u]
                else:
                    values[a + u] = last
        if F == 2 and not mask & ybit:
            a = mask * F * U
            values[a + U : a + 2 * U] = values[a : a + U]
    return values


def fits_budget(rs: RuleSet, model: Callable[[], Model]) -> bool:
    """Whether a pure-Python solve of every turn-start state fits SOLVE_BUDGET (see Model.work).

    ``model`` gives the rule set's model: it is built only when the quick bounds leave it open.

    >>> from game.core.variants import ruleset
    >>> fits_budget(ruleset("generalized", dice=2, sides=2), lambda: Model(ruleset("generalized", dice=2, sides=2)))
    True
    """
    n, d, ncat = rs.dice, rs.sides, len(rs.categories)
    work = math.comb(n + d - 1, n) * ncat + math.comb(n + d, n) * (d + 4) * max(0, rs.rolls_per_turn - 1)
    states = 2**ncat * (rs.upper_bonus_threshold + 1) * 2  # an upper bound
    if work * states <= SOLVE_BUDGET:
        return True
    return ncat <= 16 and work * states <= 50 * SOLVE_BUDGET and work * model().row_states() <= SOLVE_BUDGET


class Heuristic:
    """A quick estimate of the points to come: each open box's one-turn par, plus bonus chances."""

    exact = False

    def __init__(self, m: Model) -> None:
        self.m = m
        self.par = []
        for c in range(m.ncat):
            values = [float(p) for p in m.pts[c]]
            for _ in range(m.stages):
                values = m.up(m.down(values))
            self.par.append(sum(p * v for p, v in zip(m.prob, values)))
        # three dice of n/5 showing the face: the classic upper-box par
        self.upar = [0.6 * max(m.pts[c]) if m.is_upper[c] else 0.0 for c in range(m.ncat)]
        self.p_yahtzee = self.par[m.Y] / m.ymax if m.Y is not None and m.ymax else 0.0
        self.cache: dict[tuple[int, int], list[float]] = {}
        self.zero = [0.0] * m.U
        self.expected = self.row(0, 0)[0]

    def row(self, mask: int, flag: int) -> list[float]:
        """The estimated points to come for each capped upper subtotal (all 0 for a full card)."""
        m = self.m
        if mask == m.full:
            return self.zero
        got = self.cache.get((mask, flag))
        if got is None:
            open_ = [c for c in range(m.ncat) if not mask >> c & 1]
            base = sum(self.par[c] for c in open_)
            if flag:
                base += 0.5 * len(open_) * self.p_yahtzee * m.rs.yahtzee_bonus_amount
            got = [base] * m.U
            if m.T:
                remaining = sum(self.upar[c] for c in open_)
                spread = max(1.0, 0.35 * m.T)
                for up in range(m.T):
                    if remaining:
                        chance = min(1.0, max(0.0, 0.5 + (up + remaining - m.T) / spread))
                        got[up] += chance * m.bonus
            self.cache[(mask, flag)] = got
        return got
