"""Turn-start values without a table: a pure-Python solve of every state, or a heuristic estimate.

Standard library only (it runs in Pyodide). Both are :class:`game.coach.model.Values` for the
advisor (game.coach.advisor): :class:`Solved` holds exact values for custom dice small enough to
solve here (:func:`fits_budget`); :class:`Heuristic` values the card after a turn roughly, so the
one-turn advisor can play that turn exactly (``exact`` False), and values rolls saved for later
turns where the rule set saves them (:meth:`Heuristic.saved_value`).

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

__all__ = ("SAVED_MOST", "SAVED_SCALE", "SOLVE_BUDGET", "Heuristic", "Solved", "fits_budget", "solve")

SOLVE_BUDGET = 20_000_000
"""Elementary steps a pure-Python solve may take: short enough to wait for on first use (the time
it takes is in docs/speed.md)."""

SAVED_MOST = 6
"""Extra rolls one later turn is credited with at most: Maxi's mean gain per roll falls from 2.5 to
1.3 points by the sixth (docs/advisor.md), and more than six are rarely worth spending on one box."""

SAVED_SCALE = 2.0
"""The mean gain counts this many times: a saved roll is spent on the turn that needs it most, not on
an average box (and the par is on the heuristic's own, low, scale). Measured best of 0 to 4 (docs/advisor.md)."""


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
    """A quick estimate of the points to come: each open box's one-turn par, plus bonus chances.

    Where the rule set saves rolls it also values them (:meth:`saved_value`): one turn's gain from
    j extra rolls is the mean over the boxes of its par with j more rolls, less its par, and rolls
    saved are spread over the turns still to come as well as they can be (SAVED_SCALE times that).

    >>> from game.core.variants import ruleset
    >>> h = Heuristic(Model(ruleset("maxi")))
    >>> round(h.saved_value(1, 5), 2), round(h.saved_value(2, 5), 2), h.saved_value(2, 0)
    (4.91, 9.81, 0.0)
    """

    exact = False

    def __init__(self, m: Model) -> None:
        self.m = m
        self.par = []
        self._saving = m.rs.saved_rolls
        self.pars: list[list[float]] = []  # per box, the par with 1 + s rolls (kept where rolls are saved)
        for c in range(m.ncat):
            values = [float(p) for p in m.pts[c]]
            pars = [sum(p * v for p, v in zip(m.prob, values))]
            for _ in range(m.stages + (SAVED_MOST if self._saving else 0)):
                values = m.up(m.down(values))
                pars.append(sum(p * v for p, v in zip(m.prob, values)))
            self.par.append(pars[m.stages])
            self.pars.append(pars)
        self._bank: list[list[float]] | None = None
        # three dice of n/5 showing the face: the classic upper-box par
        self.upar = [0.6 * max(m.pts[c]) if m.is_upper[c] else 0.0 for c in range(m.ncat)]
        self.p_yahtzee = self.par[m.Y] / m.ymax if m.Y is not None and m.ymax else 0.0
        self.cache: dict[tuple[int, int], list[float]] = {}
        self.zero = [0.0] * m.U
        self.expected = self.row(0, 0)[0]

    def saved_value(self, rolls: int, turns: int) -> float:
        """What ``rolls`` saved rolls are estimated to add over ``turns`` turns still to come.

        The gain of j extra rolls in one turn, g(j), is SAVED_SCALE times the mean over all boxes of
        the box's par with j more rolls than a turn has, less its par (Maxi: 2 × 2.45 points for
        the first, then less for each); the saved rolls are shared among the turns to maximize the
        sum of their gains, at most SAVED_MOST to a turn (rolls beyond that count nothing). 0 where
        the rule set saves no rolls or no turn is left. Computed once per rule set.

        >>> from game.core.variants import ruleset
        >>> Heuristic(Model(ruleset("yatzy"))).saved_value(2, 5)
        0.0
        """
        if not self._saving or rolls <= 0 or turns <= 0:
            return 0.0
        if self._bank is None:
            m = self.m
            gain = [
                SAVED_SCALE * math.fsum(pars[m.stages + j] - pars[m.stages] for pars in self.pars) / m.ncat
                for j in range(SAVED_MOST + 1)
            ]
            most = m.stages * m.ncat  # more rolls than any card can save
            bank = [[0.0] * (most + 1)]
            for _ in range(m.ncat):  # bank[t][k]: k rolls shared among t turns
                last = bank[-1]
                bank.append(
                    [max(gain[j] + last[k - j] for j in range(min(k, SAVED_MOST) + 1)) for k in range(most + 1)]
                )
            self._bank = bank
        bank = self._bank
        return bank[min(turns, len(bank) - 1)][min(rolls, len(bank[0]) - 1)]

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
