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
    from game.coach.target import Reaching
    from game.coach.winning import Winning

__all__ = ["Coach"]


class Coach:
    """The session's advisor, made on first need, with the tables fetched for it: a value.

    A fetched table gives a new Coach (:meth:`loaded`); this one stays as it was, so an older session (an
    older App) never gains a table it did not have. The sessions that follow one another in a match share one
    (same rule set); what it makes on first need (the advisor, odds, win chances) is a cache, never a change.

    >>> Coach(variants.ruleset("yacht")).advisor.ruleset.name
    'yacht'
    """

    __slots__ = ("ruleset", "_advisor", "_odds", "_winning", "_reaching", "_table_missing", "_spread_missing")

    def __init__(self, ruleset: RuleSet) -> None:
        self.ruleset = ruleset
        self._advisor: Advisor | None = None
        self._odds: Odds | None = None
        self._winning: Winning | None = None
        self._reaching: Reaching | None = None
        self._table_missing = False  # its fetch failed: the advisor estimates instead
        self._spread_missing = False

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

    @property
    def reaching(self) -> Reaching:
        """The game.coach.target.Reaching of the rule set (hints to beat a target), on the win chances' model."""
        if self._reaching is None or self._reaching.winning is not self.winning:
            from game.coach.target import Reaching

            self._reaching = Reaching(self.winning)
        return self._reaching

    def needs_table(self) -> str | None:
        """The advisor table's file name while it is still to be fetched; None when loaded or not shipped."""
        if self._table_missing or not variants.has_table(self.ruleset) or self.advisor.has_table():
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
        if self._spread_missing or not variants.has_table(self.ruleset) or self.advisor.spread() is not None:
            return None
        return self.advisor.spread_name

    def loaded(self, data: bytes | None, name: str | None = None) -> Coach:
        """A new coach with a fetched table, the value table or (by ``name``) the spread table; this one unchanged.

        None: it could not be fetched; the new coach's advisor estimates instead (win chances: a rough spread).
        (tests/unit/app/test_determinism.py loads one as the browser does.)
        """
        spread = name is not None and name == self.advisor.spread_name
        new = Coach(self.ruleset)
        new._advisor, new._odds = self.advisor, self._odds  # the odds read the model alone: shared
        new._table_missing, new._spread_missing = self._table_missing, self._spread_missing
        try:
            if data is None:
                raise ValueError("no table")
            new._advisor = self.advisor.with_spread(data) if spread else self.advisor.with_table(data)
        except ValueError:
            if spread:
                new._spread_missing = True
            else:
                new._table_missing = True
            new._winning = self._winning  # the same advisor: its win chances too
        return new
