"""The coach of a session: one rule set's advisor, odds and win chances, each made on first need.

A table without hints or a Perfect computer never imports the advisor, so a start without them
stays short; the tables the advisor reads are fetched by the page and handed over here.

>>> Coach(variants.ruleset("generalized", dice=3, sides=4)).needs_table() is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import variants
from game.core.rules import RuleSet

if TYPE_CHECKING:
    from game.coach.advisor import Advisor
    from game.coach.odds import Odds
    from game.coach.winning import Winning

__all__ = ["Coach"]


class Coach:
    """The session's advisor, made on first need; it owns the advisor's tables and caches.

    The sessions that follow one another in a match share it (same rule set).

    >>> Coach(variants.ruleset("yacht")).advisor.ruleset.name
    'yacht'
    """

    def __init__(self, ruleset: RuleSet) -> None:
        self.ruleset = ruleset
        self._advisor: Advisor | None = None
        self._odds: Odds | None = None
        self._winning: Winning | None = None
        self.table_missing = False
        self.spread_missing = False

    @property
    def advisor(self) -> Advisor:
        """The game.coach.advisor.Advisor of the rule set (imported only now: a start without hints skips it)."""
        if self._advisor is None:
            from game.coach.advisor import Advisor

            self._advisor = Advisor(self.ruleset)
        return self._advisor

    @property
    def odds(self) -> Odds:
        """The game.coach.odds.Odds of the rule set (the advisor's model shared), made on first use."""
        if self._odds is None:
            from game.coach.odds import Odds, modelable

            self._odds = Odds(self.ruleset, self.advisor.model if modelable(self.ruleset) else None)
        return self._odds

    @property
    def winning(self) -> Winning:
        """The game.coach.winning.Winning of the rule set (win chances, play to win), made on first use."""
        if self._winning is None:
            from game.coach.winning import Winning

            self._winning = Winning(self.advisor)
        return self._winning

    def needs_table(self) -> str | None:
        """The advisor table's file name while it is still to be fetched; None when loaded or not shipped."""
        if self.table_missing or not variants.VARIANTS[self.ruleset.name].tables or self.advisor.has_table():
            return None
        return self.advisor.table_name

    def needs_spread(self) -> str | None:
        """The file still to fetch for win chances: the value table, then the spread table; None when loaded.

        >>> Coach(variants.ruleset("yacht")).needs_spread() is None  # CPython reads static/tables/
        True
        """
        table = self.needs_table()
        if table is not None:
            return table
        if self.spread_missing or not variants.VARIANTS[self.ruleset.name].tables or self.advisor.spread() is not None:
            return None
        return self.advisor.spread_name

    def load_table(self, data: bytes | None, name: str | None = None) -> None:
        """Register a fetched table, the value table or (by ``name``) the spread table.

        None: it could not be fetched; the advisor estimates instead (win chances: a rough spread).
        """
        spread = name is not None and name == self.advisor.spread_name
        try:
            if data is None:
                raise ValueError("no table")
            if spread:
                self.advisor.load_spread(data)
            else:
                self.advisor.load_table(data)
        except ValueError:
            if spread:
                self.spread_missing = True
            else:
                self.table_missing = True
