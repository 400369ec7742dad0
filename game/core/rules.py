"""How a rule set scores: its boxes and the scorecard rules (joker, bonuses, totals).

Pure and standard-library only. A rule set is data: each category carries a rule from the small
vocabulary of :mod:`game.core.matchers` (which single-face groups the dice must form, which run
of consecutive faces, which set of faces; fixed points, the sum of all dice or of the matched
dice). One mechanism scores every set; nothing branches on a category's name. The standard rule
sets and their options are built by the registry, :mod:`game.core.variants`; what goes wrong is
one of the errors of :mod:`game.core.rule_errors`.

>>> from game.core.variants import ruleset
>>> rs = ruleset("yahtzee")
>>> rs.score("full_house", [2, 2, 5, 5, 5])
25
>>> rs.choices({"yahtzee": 50, "sixes": 30}, [6, 6, 6, 6, 6])["large_straight"]
40
>>> rs.totals({"sixes": 30, "fives": 25, "fours": 12, "chance": 20}).grand_total
122
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.i18n import ENGLISH, Text
from game.core.matchers import Rule, face_rule, joker_score_sorted, score_sorted
from game.core.rule_errors import (
    CategoryFilledError,
    InvalidDiceError,
    JokerRuleError,
    OrderError,
    RulesError,
    UnknownCategoryError,
)

__all__ = ["Category", "Joker", "RuleSet", "Section", "Totals"]


class Section(enum.Enum):
    """The scorecard section a category belongs to.

    >>> Section("upper") is Section.UPPER
    True
    """

    UPPER = "upper"
    LOWER = "lower"


class Joker(enum.Enum):
    """How a Yahtzee rolled while the Yahtzee box is filled may be scored.

    >>> Joker("forced")
    <Joker.FORCED: 'forced'>
    """

    NONE = "none"
    FORCED = "forced"
    FREE = "free"


@dataclass(frozen=True)
class Category:
    """One box of the scorecard: id, display name, section and the most it can ever hold.

    ``max_score`` bounds every score and every joker value: a pattern's fixed points, or the
    largest sum of dice it can take.

    >>> from game.core.variants import ruleset
    >>> ruleset("yatzy").category("two_pairs")
    Category(id='two_pairs', name='Two Pairs', section=<Section.LOWER: 'lower'>, max_score=22)
    """

    id: str
    name: str
    section: Section
    max_score: int
    rule: Rule | None = field(default=None, repr=False)
    _face: int = field(default=0, repr=False)  # the face an upper box counts (0 in the lower section)
    _count: int = field(default=0, repr=False)  # the {count} of a templated name ("{count} of a Kind")
    _template: str = field(default="", repr=False, compare=False)

    @classmethod
    def upper_box(cls, id: str, name: str, face: int, dice: int) -> Category:
        """The upper box of ``face``: the total of the dice showing it, at most ``dice`` of them.

        >>> Category.upper_box("sixes", "Sixes", 6, 5).max_score
        30
        """
        return cls(id, name, Section.UPPER, dice * face, face_rule(face), _face=face)

    @classmethod
    def lower_box(cls, id: str, name: str | tuple[str, int], max_score: int, rule: Rule) -> Category:
        """A lower box; ``name`` is a msgid, or (a template with {count}, count) such as ("{count} of a Kind", 4).

        >>> from game.core.matchers import CHANCE
        >>> Category.lower_box("k", ("{count} of a Kind", 4), 30, CHANCE).name
        '4 of a Kind'
        """
        if isinstance(name, tuple):
            template, count = name
            return cls(
                id, template.format(count=count), Section.LOWER, max_score, rule, _count=count, _template=template
            )
        return cls(id, name, Section.LOWER, max_score, rule)

    @property
    def face(self) -> int:
        """The face an upper box counts (0 for a lower box).

        >>> Category.upper_box("twos", "Twos", 2, 5).face
        2
        """
        return self._face

    def display(self, t: Text = ENGLISH) -> str:
        """The box's name in the language of ``t`` (the catalogue's word for it: Yatzy's Full House is "Kåk").

        >>> from game.core.variants import ruleset
        >>> ruleset("generalized", dice=8).category("three_of_a_kind").display()
        '4 of a Kind'
        """
        return t._(self._template or self.name, count=self._count)


@dataclass(frozen=True)
class Totals:
    """The totals of a scorecard.

    >>> from game.core.variants import ruleset
    >>> ruleset("yatzy").totals({"sixes": 24, "fives": 20, "fours": 20, "chance": 25})
    Totals(upper_subtotal=64, upper_bonus=50, upper_total=114, lower_total=25, yahtzee_bonus=0, grand_total=139)
    """

    upper_subtotal: int
    upper_bonus: int
    upper_total: int
    lower_total: int
    yahtzee_bonus: int
    grand_total: int


def _show(faces: Iterable[int]) -> str:
    return "-".join(str(f) for f in faces)


@dataclass(frozen=True, repr=False)
class RuleSet:
    """Everything a game needs to score: dice, rolls, categories, bonuses and the joker rule.

    >>> from game.core.variants import ruleset
    >>> rs = ruleset("yahtzee")
    >>> (rs.dice, rs.sides, rs.rolls_per_turn, len(rs.categories))
    (5, 6, 3, 13)
    >>> (rs.upper_bonus_threshold, rs.upper_bonus_amount, rs.yahtzee_bonus_amount, rs.joker)
    (63, 35, 100, <Joker.FORCED: 'forced'>)
    >>> ruleset(rs.name, **rs.options) == rs
    True
    """

    name: str
    title: str
    dice: int
    sides: int
    rolls_per_turn: int
    categories: tuple[Category, ...]
    upper_bonus_threshold: int
    upper_bonus_amount: int
    yahtzee_bonus_amount: int
    joker: Joker
    yahtzee_id: str | None
    saved_rolls: bool = False  # unused rolls of a turn carry over to that seat's later turns (Maxi Yatzy)
    forced_order: bool = False  # each turn scores the next open box, in the card's order
    option_items: tuple[tuple[str, Any], ...] = ()  # the chosen options as (name, value) pairs; `options` as a dict
    # (name, default) of the options its data leaves out while at their default (game.core.variants.OptionSpec.listed)
    unlisted: tuple[tuple[str, Any], ...] = field(default=(), repr=False, compare=False)
    wording: str = field(default="", repr=False, compare=False)  # the title's msgid when it has {dice} and {sides}
    _by_id: dict[str, Category] = field(init=False, repr=False, compare=False, hash=False)
    _by_face: dict[int, Category] = field(init=False, repr=False, compare=False, hash=False)
    _hash: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in self.categories})
        object.__setattr__(self, "_by_face", {c._face: c for c in self.categories if c._face})
        object.__setattr__(self, "_hash", hash((self.name, self.categories, self.option_items, self.joker)))

    def has(self, category_id: object) -> bool:
        """Whether the scorecard has a box of this id.

        >>> from game.core.variants import ruleset
        >>> ruleset("yacht").has("yacht"), ruleset("yacht").has("full_house"), ruleset("yacht").has(["x"])
        (True, True, False)
        """
        return isinstance(category_id, str) and category_id in self._by_id

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        """Show how to build this rule set again.

        >>> from game.core.variants import ruleset
        >>> ruleset("generalized", dice=6, sides=8)
        ruleset('generalized', dice=6, sides=8, upper_bonus=True, yahtzee_bonus=True, joker='forced')
        """
        args = "".join(f", {k}={v!r}" for k, v in self.listed_items())
        return f"ruleset({self.name!r}{args})"

    def display(self, t: Text = ENGLISH) -> str:
        """The rule set's title in the language of ``t``.

        >>> from game.core.variants import ruleset
        >>> ruleset("generalized", dice=4, sides=8).display()
        'Custom 4 dice × 8 sides'
        """
        return t._(self.wording or self.title, dice=self.dice, sides=self.sides)

    def listed_items(self) -> tuple[tuple[str, Any], ...]:
        """The options its data names: all but those left out while at their default.

        >>> from game.core.variants import ruleset
        >>> ruleset("yatzy").listed_items(), ruleset("yatzy", forced_order=True).listed_items()
        ((), (('forced_order', True),))
        """
        return tuple(item for item in self.option_items if item not in self.unlisted)

    @property
    def options(self) -> dict[str, Any]:
        """The normalized options, defaults included: ``ruleset(rs.name, **rs.options) == rs``.

        >>> from game.core.variants import ruleset
        >>> ruleset("yahtzee", joker="free").options
        {'upper_bonus': True, 'yahtzee_bonus': True, 'joker': 'free', 'forced_order': False}
        """
        return dict(self.option_items)

    @property
    def upper(self) -> tuple[Category, ...]:
        """The upper-section categories, in scorecard order.

        >>> from game.core.variants import ruleset
        >>> [c.id for c in ruleset("generalized", sides=8).upper][-2:]
        ['sevens', 'eights']
        """
        return tuple(c for c in self.categories if c.section is Section.UPPER)

    @property
    def lower(self) -> tuple[Category, ...]:
        """The lower-section categories, in scorecard order.

        >>> from game.core.variants import ruleset
        >>> [c.name for c in ruleset("yacht").lower]
        ['Full House', 'Four of a Kind', 'Little Straight', 'Big Straight', 'Choice', 'Yacht']
        """
        return tuple(c for c in self.categories if c.section is Section.LOWER)

    def _ids(self) -> str:
        return ", ".join(c.id for c in self.categories)

    def category(self, category: str | Category) -> Category:
        """The category with this id (or this very category); UnknownCategoryError otherwise.

        >>> from game.core.variants import ruleset
        >>> ruleset("yahtzee").category("small_straight").name
        'Small Straight'
        """
        if isinstance(category, str):
            found = self._by_id.get(category)
            if found is None:
                raise UnknownCategoryError(f"unknown category {category!r} for {self.title}; valid ids: {self._ids()}")
            return found
        if isinstance(category, Category):
            found = self._by_id.get(category.id)
            if found != category:
                raise UnknownCategoryError(
                    f"category {category.name!r} ({category.id!r}) is not one of {self.title}'s; "
                    f"valid ids: {self._ids()}"
                )
            return category
        raise UnknownCategoryError(
            f"category {category!r} is neither an id nor a Category; valid ids for {self.title}: {self._ids()}"
        )

    def validate_dice(self, dice: Iterable[int]) -> tuple[int, ...]:
        """The dice as a tuple of ints, in the given order; InvalidDiceError if they are not a valid roll.

        >>> from game.core.variants import ruleset
        >>> ruleset("yacht").validate_dice([6, 1, 6, 2, 3])
        (6, 1, 6, 2, 3)
        >>> ruleset("yacht").validate_dice([1, 2, 3])
        Traceback (most recent call last):
        ...
        game.core.rule_errors.InvalidDiceError: dice [1, 2, 3]: 3 dice given, Yacht needs 5
        """
        try:
            faces = tuple(dice)
        except TypeError:
            raise InvalidDiceError(f"dice {dice!r} are not a sequence of {self.dice} ints for {self.title}") from None
        if len(faces) == self.dice and all(type(f) is int and 1 <= f <= self.sides for f in faces):
            return faces
        shown = list(faces)
        if isinstance(dice, (str, bytes)):
            raise InvalidDiceError(f"dice {dice!r} are not a sequence of {self.dice} ints for {self.title}")
        if len(faces) != self.dice:
            raise InvalidDiceError(f"dice {shown}: {len(faces)} dice given, {self.title} needs {self.dice}")
        for f in faces:
            if not isinstance(f, int) or isinstance(f, bool):
                raise InvalidDiceError(
                    f"dice {shown}: face {f!r} is not an int (faces are 1..{self.sides} for {self.title})"
                )
            if not 1 <= f <= self.sides:
                raise InvalidDiceError(f"dice {shown}: face {f} is outside 1..{self.sides} for {self.title}")
        return tuple(int(f) for f in faces)  # int subclasses, made plain

    def score(self, category: str | Category, dice: Iterable[int]) -> int:
        """The points the dice make in the category, out of context (no joker, no bonus).

        >>> from game.core.variants import ruleset
        >>> ruleset("yacht").score("four_of_a_kind", [3, 3, 3, 3, 3])
        12
        >>> ruleset("yahtzee").score("full_house", [3, 3, 3, 3, 3])
        0
        """
        rule = self.category(category).rule
        return score_sorted(rule, tuple(sorted(self.validate_dice(dice))))

    def is_yahtzee(self, dice: Iterable[int]) -> bool:
        """Whether every die shows the same face.

        >>> from game.core.variants import ruleset
        >>> ruleset("yatzy").is_yahtzee([2, 2, 2, 2, 2]), ruleset("yatzy").is_yahtzee([2, 2, 2, 2, 3])
        (True, False)
        """
        return len(set(self.validate_dice(dice))) == 1

    def _filled(self, scores: Mapping[str, int]) -> Mapping[str, int]:
        """Check a scorecard: known ids mapped to non-negative ints."""
        if not isinstance(scores, Mapping):
            raise RulesError(f"scores {scores!r} must map filled category ids to points")
        for key, value in scores.items():
            if key not in self._by_id:
                raise UnknownCategoryError(
                    f"scores: unknown category {key!r} for {self.title}; valid ids: {self._ids()}"
                )
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise RulesError(f"scores[{key!r}] = {value!r} is not a non-negative int")
        return scores

    def _allowed(self, scores: Mapping[str, int], faces: tuple[int, ...]) -> tuple[bool, tuple[Category, ...]]:
        """(joker applies?, the categories the dice may go in now), in scorecard order."""
        open_ = tuple(c for c in self.categories if c.id not in scores)
        if self.forced_order:
            open_ = open_[:1]  # the next box: a joker only changes what it pays
        joker = self.joker is not Joker.NONE and self.yahtzee_id in scores and faces[0] == faces[-1]
        if not joker or self.joker is Joker.FREE or self.forced_order:
            return joker, open_
        matching = self._by_face.get(faces[0])
        if matching is not None and matching.id not in scores:
            return joker, (matching,)
        lower = tuple(c for c in open_ if c.section is Section.LOWER)
        return joker, lower or open_

    def next_box(self, scores: Mapping[str, int]) -> Category | None:
        """The box this turn must score in forced order (None in free order, or on a full card).

        >>> from game.core.variants import ruleset
        >>> ruleset("yatzy", forced_order=True).next_box({"ones": 3}).id, ruleset("yatzy").next_box({})
        ('twos', None)
        """
        filled = self._filled(scores)
        if not self.forced_order:
            return None
        return next((c for c in self.categories if c.id not in filled), None)

    def choices(self, scores: Mapping[str, int], dice: Iterable[int]) -> dict[str, int]:
        """The categories the dice may be scored in now, in scorecard order, with the points each would write.

        >>> from game.core.variants import ruleset
        >>> rs = ruleset("yahtzee")
        >>> rs.choices({"yahtzee": 0, "fives": 15}, [5, 5, 5, 5, 5])["full_house"]
        25
        >>> rs.choices({"yahtzee": 0}, [5, 5, 5, 5, 5])
        {'fives': 25}
        """
        faces = tuple(sorted(self.validate_dice(dice)))
        filled = self._filled(scores)
        joker, allowed = self._allowed(filled, faces)
        if joker and self._wild(filled, faces):
            return {
                c.id: (joker_score_sorted if c.section is Section.LOWER else score_sorted)(c.rule, faces)
                for c in allowed
            }
        return {c.id: score_sorted(c.rule, faces) for c in allowed}

    def _wild(self, scores: Mapping[str, int], faces: tuple[int, ...]) -> bool:
        """Whether a joker scores lower boxes at joker values: once its matching upper box is filled.

        Under the forced rule a joker reaches the lower section only then anyway; under the free
        rule it may go in any open box at any time, but Full House and the straights pay their
        joker points only once the matching upper box is filled (the rule behind the published
        optimal value 254.5896).
        """
        matching = self._by_face.get(faces[0])
        return matching is None or matching.id in scores

    def yahtzee_bonus(self, scores: Mapping[str, int], dice: Iterable[int]) -> int:
        """The bonus points scoring these dice now earns: a Yahtzee while the Yahtzee box holds its points.

        >>> from game.core.variants import ruleset
        >>> rs = ruleset("yahtzee")
        >>> rs.yahtzee_bonus({"yahtzee": 50}, [3] * 5), rs.yahtzee_bonus({"yahtzee": 0}, [3] * 5)
        (100, 0)
        """
        faces = self.validate_dice(dice)
        self._filled(scores)
        earned = (
            self.yahtzee_bonus_amount
            and len(set(faces)) == 1
            and scores.get(self.yahtzee_id, 0) > 0  # type: ignore[arg-type]
            and len(scores) < len(self.categories)
        )
        return self.yahtzee_bonus_amount if earned else 0

    def check(self, scores: Mapping[str, int], dice: Iterable[int], category: str | Category) -> int:
        """The points choosing the category would write; a RulesError says why the choice is illegal.

        >>> from game.core.variants import ruleset
        >>> ruleset("yahtzee").check({"yahtzee": 50, "twos": 6}, [2, 2, 2, 2, 2], "large_straight")
        40
        """
        cat = self.category(category)
        faces = tuple(sorted(self.validate_dice(dice)))
        self._filled(scores)
        if cat.id in scores:
            raise CategoryFilledError(f"{cat.name} is already filled ({scores[cat.id]})")
        choices = self.choices(scores, faces)
        if cat.id not in choices:
            _, allowed = self._allowed(scores, faces)
            if self.forced_order:
                raise OrderError(f"{cat.name} is not the next box: in forced order this turn scores {allowed[0].name}")
            if all(c.section is Section.UPPER for c in allowed) and len(allowed) == 1:
                where = f"the matching upper box, {allowed[0].name}, while it is open"
            else:
                where = "an open lower box (" + ", ".join(c.name for c in allowed) + ") before any upper box"
            raise JokerRuleError(f"{cat.name} is not allowed for {_show(faces)}: a Yahtzee joker must go in {where}")
        return choices[cat.id]

    def totals(self, scores: Mapping[str, int], yahtzee_bonus: int = 0) -> Totals:
        """The totals of a scorecard (filled id -> points) plus the Yahtzee bonus points accumulated.

        >>> from game.core.variants import ruleset
        >>> ruleset("yahtzee").totals({"sixes": 30, "fives": 25, "fours": 8, "yahtzee": 50}, 100)
        Totals(upper_subtotal=63, upper_bonus=35, upper_total=98, lower_total=50, yahtzee_bonus=100, grand_total=248)
        """
        self._filled(scores)
        if not isinstance(yahtzee_bonus, int) or isinstance(yahtzee_bonus, bool) or yahtzee_bonus < 0:
            raise RulesError(f"yahtzee_bonus={yahtzee_bonus!r} is not a non-negative int")
        if yahtzee_bonus and not self.yahtzee_bonus_amount:
            raise RulesError(f"yahtzee_bonus={yahtzee_bonus}: {self!r} has no Yahtzee bonus")
        upper = sum(v for k, v in scores.items() if self._by_id[k].section is Section.UPPER)
        lower = sum(v for k, v in scores.items() if self._by_id[k].section is Section.LOWER)
        bonus = self.upper_bonus_amount if self.upper_bonus_amount and upper >= self.upper_bonus_threshold else 0
        return Totals(upper, bonus, upper + bonus, lower, yahtzee_bonus, upper + bonus + lower + yahtzee_bonus)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible description: ``{"name": ..., "options": {...}}``, the options its data lists.

        >>> from game.core.variants import ruleset
        >>> ruleset("generalized", dice=3, sides=4, joker="none").to_dict()
        {'name': 'generalized', 'options': {'dice': 3, 'sides': 4, 'upper_bonus': True, 'yahtzee_bonus': True, 'joker': 'none'}}
        """
        return {"name": self.name, "options": dict(self.listed_items())}
