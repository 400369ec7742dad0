"""Forced order's turn-start values, solved exactly on first use: no table is needed.

Standard library only (it runs in Pyodide). In forced order each turn scores the next open box, so
the filled set is always the card's first boxes and a turn start is only (next box, capped upper
subtotal, and where the rule set has a Yahtzee bonus, the flag): a few hundred states, each one a
within-turn program for its one box (:meth:`game.coach.model.Model.start_value`, whose rolls may be
scored only in that box: :meth:`game.coach.model.Model.playable`). Once every upper box is filled
the subtotal changes nothing to come (the bonus was paid when it was reached), so such a row is
solved once. tests/unit/coach/test_forced_order.py checks the values against a plain program of its own.

>>> from game.coach.model import Model
>>> from game.core.variants import ruleset
>>> round(Ordered(Model(ruleset("yatzy", forced_order=True))).expected, 4)
122.5585
"""

from __future__ import annotations

from game.coach.model import Model

__all__ = ("Ordered",)


class Ordered:
    """Exact turn-start values of a forced-order rule set, row by row on demand (a Values)."""

    exact = True

    def __init__(self, m: Model) -> None:
        if not m.forced:
            raise ValueError(f"{m.rs!r} is not played in forced order")
        self.m = m
        self.zero = [0.0] * m.U
        self.cache: dict[tuple[int, int], list[float]] = {}
        # the deepest row first: each row reads the next box's, so none recurses far
        for k in range(m.ncat - 1, -1, -1):
            mask = (1 << k) - 1
            for flag in range(m.F if m.Y is not None and m.Y < k else 1):
                self.row(mask, flag)
        self.expected = self.row(0, 0)[0]

    def row(self, mask: int, flag: int) -> list[float]:
        """The values of the state's capped upper subtotals (all 0 for a full card)."""
        m = self.m
        if mask == m.full:
            return self.zero
        if m.Y is None or not mask >> m.Y & 1:
            flag = 0  # the Yahtzee box still open: no flag to tell apart
        got = self.cache.get((mask, flag))
        if got is None:
            ups = m.ups(mask)
            if mask & m.umask == m.umask:  # the subtotal is final: one value serves them all
                values = [m.start_value(self, mask, ups[0], flag)] * len(ups)
            else:
                values = [m.start_value(self, mask, up, flag) for up in ups]
            got = self.cache[(mask, flag)] = [values[i] for i in m.posmap(mask)]
        return got
