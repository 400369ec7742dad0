"""Every score each box of a rule set can hold, and what a bonus Yahtzee can write in each.

Pure and standard-library only. An imported game is checked against this: each box must hold a
score some roll makes under its rule set, and each Yahtzee bonus must follow from the boxes.

>>> from game.core.variants import ruleset
>>> a = achievable(ruleset("yacht"))
>>> sorted(a.boxes[9]), 29 in a.boxes[6], 5 in a.boxes[6], a.exact  # Big Straight; Full House: five 1s, not 29
([0, 30], False, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import comb

from game.core.matchers import Hand, read_hand
from game.core.rules import Category, Joker, RuleSet, Section

__all__ = ["MAX_ROLLS_ENUMERATED", "Achievable", "achievable"]


MAX_ROLLS_ENUMERATED = 10_000
"""The most sorted rolls :func:`achievable` scores one by one in the lower boxes (a blink while a file
is read; docs/speed.md has the times): five dice of six sides have 252, custom dice up to
C(29, 10) = 20,030,010 (ten dice of twenty sides)."""


@dataclass(frozen=True)
class Achievable:
    """The points each box of a rule set can hold, in scorecard order, and what alike dice write in each.

    ``boxes`` hold every score a roll makes in the box, joker values included: an upper box's
    multiples of its face (a range), a lower box's scores (a frozenset) or, where the rule set has
    more than MAX_ROLLS_ENUMERATED sorted rolls (``exact`` False), 0 to its most (a range).
    ``alike`` is what a roll of alike dice, a bonus Yahtzee, can write in each box (nothing in
    the Yahtzee box: it is filled before any bonus); ``yahtzee_box`` is its index.

    >>> from game.core.variants import ruleset
    >>> a = achievable(ruleset("yahtzee"))
    >>> 7 in a.boxes[1], 8 in a.boxes[1], sorted(a.boxes[8]), sorted(a.boxes[11]), a.exact
    (False, True, [0, 25], [0, 50], True)
    >>> sorted(a.alike[0]), sorted(a.alike[9])
    ([0, 5], [0, 30])
    """

    boxes: tuple[frozenset[int] | range, ...]
    alike: tuple[frozenset[int], ...]
    yahtzee_box: int | None
    exact: bool

    def bonuses(self, points: Sequence[int]) -> int:
        """The most bonus Yahtzees a full card of these points (each one possible) can have earned.

        Each fills another box with what alike dice write there, and earns a bonus only while
        the Yahtzee box holds its points.

        >>> from game.core.variants import ruleset
        >>> a = achievable(ruleset("yahtzee"))
        >>> a.bonuses([5, 10, 0, 8, 0, 24, 25, 30, 25, 0, 0, 50, 17]), a.bonuses([5, 10] + [0] * 11)
        (9, 0)
        """
        if self.yahtzee_box is None or not points[self.yahtzee_box]:
            return 0
        return sum(value in alike for value, alike in zip(points, self.alike))


@cache  # one per rule set: the few an import meets, each worked out once
def achievable(rs: RuleSet) -> Achievable:
    """Every score each box of ``rs`` can hold: each sorted roll scored in each lower box, and the joker's values.

    >>> from game.core.variants import ruleset
    >>> a = achievable(ruleset("generalized", dice=2, sides=3))
    >>> [sorted(points) for points in a.boxes]
    [[0, 1, 2], [0, 2, 4], [0, 3, 6], [2, 3, 4, 5, 6], [0, 2, 4, 6], [0, 5], [0, 6], [0, 8], [0, 10], [2, 3, 4, 5, 6]]
    >>> big = achievable(ruleset("generalized", dice=10, sides=20))
    >>> big.exact, big.boxes[1], 7 in big.boxes[1], 199 in big.boxes[20]
    (False, range(0, 21, 2), False, True)
    """
    joker = rs.joker is not Joker.NONE
    alike = tuple(read_hand((face,) * rs.dice) for face in range(1, rs.sides + 1))

    def made_by(category: Category, hands: Iterable[Hand]) -> set[int]:
        """What these rolls write in the box, joker values included where a joker may go."""
        rule = category.rule
        assert rule is not None, f"{category.id!r} has no rule"  # every box the registry builds has one
        points = {rule.pays(hand) for hand in hands}
        if joker and category.section is Section.LOWER:
            # Under a joker rule alike dice score a lower box as if they matched it (a Yahtzee
            # roll may write 25 in Full House): only on a filled Yahtzee box, which any game allows.
            points.update(rule.pays_as_joker(hand) for hand in alike)
        return points

    # Past MAX_ROLLS_ENUMERATED there are too many rolls to score while a file is read (ten dice
    # of twenty sides have twenty million): a lower box is then only known not to pass its most,
    # which bounds its joker values too.
    exact = comb(rs.dice + rs.sides - 1, rs.dice) <= MAX_ROLLS_ENUMERATED
    rolls = tuple(map(read_hand, _sorted_rolls(rs))) if exact else ()

    def box(category: Category) -> frozenset[int] | range:
        if category.face:  # an upper box counts its face on any number of dice, none to all
            return range(0, category.max_score + 1, category.face)
        return frozenset(made_by(category, rolls)) if exact else range(0, category.max_score + 1)

    return Achievable(
        tuple(map(box, rs.categories)),
        tuple(frozenset() if c.id == rs.yahtzee_id else frozenset(made_by(c, alike)) for c in rs.categories),
        next((index for index, c in enumerate(rs.categories) if c.id == rs.yahtzee_id), None),
        exact,
    )


def _sorted_rolls(rs: RuleSet) -> Iterable[tuple[int, ...]]:
    """Every roll of ``rs``'s dice as sorted faces (a multiset of faces): C(dice + sides - 1, dice) of them."""
    return combinations_with_replacement(range(1, rs.sides + 1), rs.dice)
