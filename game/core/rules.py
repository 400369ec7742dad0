"""How every supported game scores: Yacht, Yahtzee, Yatzy and generalized n dice × d sides.

Pure and standard-library only. A rule set is data: each category carries a small rule built
from face counts (which single-face groups the dice must form, which run of consecutive faces,
which set of faces) and a payout (fixed points, the sum of all dice, or the sum of the matched
dice). One mechanism scores every set; nothing branches on a category's name.

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
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any, NamedTuple

from game.core.i18n import ENGLISH, N_, Text

__all__ = [
    "MAX_ROLLS_ENUMERATED",
    "RULESET_NAMES",
    "VARIANTS",
    "OptionKind",
    "OptionSpec",
    "Variant",
    "table_name",
    "variant",
    "CategoryFilledError",
    "Category",
    "ChoiceError",
    "InvalidDiceError",
    "InvalidOptionError",
    "Joker",
    "JokerRuleError",
    "RuleSet",
    "RulesError",
    "Section",
    "Totals",
    "UnknownCategoryError",
    "UnknownRuleSetError",
    "Achievable",
    "achievable",
    "from_dict",
    "ruleset",
]

# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


class RulesError(ValueError):
    """Base of every error raised by this module (a ValueError).

    >>> issubclass(UnknownCategoryError, RulesError) and issubclass(RulesError, ValueError)
    True
    """


class UnknownRuleSetError(RulesError):
    """An unknown rule set name; the message lists the valid names.

    >>> ruleset("yatzee")
    Traceback (most recent call last):
    ...
    game.core.rules.UnknownRuleSetError: unknown rule set 'yatzee'; valid rule sets: yahtzee, yatzy, yacht, generalized (or custom)
    """


class InvalidOptionError(RulesError):
    """An unknown option or a bad option value; the message lists the valid ones.

    >>> ruleset("yahtzee", joker="sometimes")
    Traceback (most recent call last):
    ...
    game.core.rules.InvalidOptionError: joker='sometimes' is not valid for yahtzee; valid values: forced, free, none
    """


class InvalidDiceError(RulesError):
    """Dice of the wrong count, a face out of range or not an int; names the bad value.

    >>> ruleset("yahtzee").validate_dice([1, 2, 7, 3, 3])
    Traceback (most recent call last):
    ...
    game.core.rules.InvalidDiceError: dice [1, 2, 7, 3, 3]: face 7 is outside 1..6 for Yahtzee
    """


class UnknownCategoryError(RulesError):
    """A category id (or object) the rule set does not have; lists the valid ids.

    >>> ruleset("yacht").category("chance")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    game.core.rules.UnknownCategoryError: unknown category 'chance' for Yacht; valid ids: ones, ..., choice, yacht
    """


class ChoiceError(RulesError):
    """Base of the errors for an illegal choice on a scorecard.

    >>> issubclass(CategoryFilledError, ChoiceError) and issubclass(JokerRuleError, ChoiceError)
    True
    """


class CategoryFilledError(ChoiceError):
    """The chosen category already holds a score.

    >>> ruleset("yahtzee").check({"full_house": 25}, [1, 1, 2, 2, 2], "full_house")
    Traceback (most recent call last):
    ...
    game.core.rules.CategoryFilledError: Full House is already filled (25)
    """


class JokerRuleError(ChoiceError):
    """A forced Yahtzee joker may not go in the chosen category; says where it must go.

    >>> ruleset("yahtzee").check({"yahtzee": 50}, [4, 4, 4, 4, 4], "chance")
    Traceback (most recent call last):
    ...
    game.core.rules.JokerRuleError: Chance is not allowed for 4-4-4-4-4: a Yahtzee joker must go in the matching upper box, Fours, while it is open
    """


# --------------------------------------------------------------------------------------------
# Enums and value types
# --------------------------------------------------------------------------------------------


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


class Hand(NamedTuple):
    """A roll seen through its face counts (built once per sorted roll)."""

    faces: tuple[int, ...]  # sorted
    counts: tuple[tuple[int, int], ...]  # (face, count), faces ascending
    distinct: frozenset[int]
    total: int


def _read(faces: tuple[int, ...]) -> Hand:
    """A sorted roll's face counts, not cached: enumerating every roll would flush the game's cache."""
    counts = Counter(faces)
    return Hand(faces, tuple(sorted(counts.items())), frozenset(counts), sum(faces))


@lru_cache(maxsize=1 << 15)
def hand_of(faces: tuple[int, ...]) -> Hand:
    return _read(faces)


# Matchers: (hand, *args) -> the sum of the matched dice, or None when the roll does not match.


def match_face(hand: Hand, face: int) -> int | None:
    """Every die showing `face` (an upper box always matches, possibly with no dice)."""
    return face * sum(c for f, c in hand.counts if f == face)


def match_groups(hand: Hand, sizes: tuple[int, ...], distinct: bool) -> int | None:
    """Best sum of disjoint groups of single-face dice of the given sizes (faces differ if distinct)."""
    best: int | None = None
    counts = dict(hand.counts)

    def place(i: int, used: frozenset[int], acc: int) -> None:
        nonlocal best
        if i == len(sizes):
            best = acc if best is None or acc > best else best
            return
        for face, count in counts.items():
            if count >= sizes[i] and not (distinct and face in used):
                counts[face] = count - sizes[i]
                place(i + 1, used | {face}, acc + face * sizes[i])
                counts[face] = count

    place(0, frozenset(), 0)
    return best


def match_run(hand: Hand, length: int) -> int | None:
    """Sum of the longest run of consecutive faces (duplicates removed) if it is at least `length` long."""
    best_len = best_sum = cur_len = cur_sum = 0
    prev = None
    for face, _ in hand.counts:
        cur_len, cur_sum = (cur_len + 1, cur_sum + face) if prev == face - 1 else (1, face)
        if cur_len >= best_len:
            best_len, best_sum = cur_len, cur_sum
        prev = face
    return best_sum if best_len >= length else None


def match_face_set(hand: Hand, faces: frozenset[int]) -> int | None:
    """Sum of `faces` if every one of them shows on some die."""
    return sum(faces) if faces <= hand.distinct else None


# Payouts: (hand, matched sum, fixed points) -> points written.


def pay_fixed(hand: Hand, matched: int, points: int) -> int:
    return points


def pay_total(hand: Hand, matched: int, points: int) -> int:
    return hand.total


def pay_matched(hand: Hand, matched: int, points: int) -> int:
    return matched


@dataclass(frozen=True)
class Rule:
    """A category's scoring data: a matcher with its arguments and a payout."""

    match: Callable[..., int | None]
    args: tuple[Any, ...]
    pay: Callable[[Hand, int, int], int]
    points: int = 0


def _points(rule: Rule, hand: Hand) -> int:
    """Points of a roll in a category, out of context (not cached)."""
    matched = rule.match(hand, *rule.args)
    return 0 if matched is None else rule.pay(hand, matched, rule.points)


def _joker_points(rule: Rule, hand: Hand) -> int:
    """Points of a roll played as a joker, the pattern counted as matched (not cached)."""
    matched = rule.match(hand, *rule.args)
    return rule.pay(hand, hand.total if matched is None else matched, rule.points)


@lru_cache(maxsize=1 << 16)
def _score(rule: Rule, faces: tuple[int, ...]) -> int:
    """Points of a sorted roll in a category, out of context."""
    return _points(rule, hand_of(faces))


@lru_cache(maxsize=1 << 12)
def _joker_score(rule: Rule, faces: tuple[int, ...]) -> int:
    """Points of a sorted roll played as a joker: the pattern counts as matched."""
    return _joker_points(rule, hand_of(faces))


@dataclass(frozen=True)
class Category:
    """One box of the scorecard: id, display name, section and the most it can ever hold.

    ``max_score`` bounds every score and every joker value: a pattern's fixed points, or the
    largest sum of dice it can take.

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

    def display(self, t: Text = ENGLISH) -> str:
        """The box's name in the language of ``t`` (the catalogue's word for it: Yatzy's Full House is "Kåk").

        >>> ruleset("generalized", dice=8).category("three_of_a_kind").display()
        '4 of a Kind'
        """
        return t._(self._template or self.name, count=self._count)


@dataclass(frozen=True)
class Totals:
    """The totals of a scorecard.

    >>> ruleset("yatzy").totals({"sixes": 24, "fives": 20, "fours": 20, "chance": 25})
    Totals(upper_subtotal=64, upper_bonus=50, upper_total=114, lower_total=25, yahtzee_bonus=0, grand_total=139)
    """

    upper_subtotal: int
    upper_bonus: int
    upper_total: int
    lower_total: int
    yahtzee_bonus: int
    grand_total: int


# --------------------------------------------------------------------------------------------
# The rule set
# --------------------------------------------------------------------------------------------


def _show(faces: Iterable[int]) -> str:
    return "-".join(str(f) for f in faces)


@dataclass(frozen=True, repr=False)
class RuleSet:
    """Everything a game needs to score: dice, rolls, categories, bonuses and the joker rule.

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
    _options: tuple[tuple[str, Any], ...] = ()
    wording: str = field(default="", repr=False, compare=False)  # the title's msgid when it has {dice} and {sides}
    _by_id: dict[str, Category] = field(init=False, repr=False, compare=False, hash=False)
    _by_face: dict[int, Category] = field(init=False, repr=False, compare=False, hash=False)
    _hash: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in self.categories})
        object.__setattr__(self, "_by_face", {c._face: c for c in self.categories if c._face})
        object.__setattr__(self, "_hash", hash((self.name, self.categories, self._options, self.joker)))

    def has(self, category_id: object) -> bool:
        """Whether the scorecard has a box of this id.

        >>> ruleset("yacht").has("yacht"), ruleset("yacht").has("full_house"), ruleset("yacht").has(["x"])
        (True, True, False)
        """
        return isinstance(category_id, str) and category_id in self._by_id

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        """Show how to build this rule set again.

        >>> ruleset("generalized", dice=6, sides=8)
        ruleset('generalized', dice=6, sides=8, upper_bonus=True, yahtzee_bonus=True, joker='forced')
        """
        args = "".join(f", {k}={v!r}" for k, v in self._options)
        return f"ruleset({self.name!r}{args})"

    def display(self, t: Text = ENGLISH) -> str:
        """The rule set's title in the language of ``t``.

        >>> ruleset("generalized", dice=4, sides=8).display()
        'Custom 4 dice × 8 sides'
        """
        return t._(self.wording or self.title, dice=self.dice, sides=self.sides)

    @property
    def options(self) -> dict[str, Any]:
        """The normalized options, defaults included: ``ruleset(rs.name, **rs.options) == rs``.

        >>> ruleset("yahtzee", joker="free").options
        {'upper_bonus': True, 'yahtzee_bonus': True, 'joker': 'free'}
        """
        return dict(self._options)

    @property
    def upper(self) -> tuple[Category, ...]:
        """The upper-section categories, in scorecard order.

        >>> [c.id for c in ruleset("generalized", sides=8).upper][-2:]
        ['sevens', 'eights']
        """
        return tuple(c for c in self.categories if c.section is Section.UPPER)

    @property
    def lower(self) -> tuple[Category, ...]:
        """The lower-section categories, in scorecard order.

        >>> [c.name for c in ruleset("yacht").lower]
        ['Full House', 'Four of a Kind', 'Little Straight', 'Big Straight', 'Choice', 'Yacht']
        """
        return tuple(c for c in self.categories if c.section is Section.LOWER)

    def _ids(self) -> str:
        return ", ".join(c.id for c in self.categories)

    def category(self, category: str | Category) -> Category:
        """The category with this id (or this very category); UnknownCategoryError otherwise.

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

        >>> ruleset("yacht").validate_dice([6, 1, 6, 2, 3])
        (6, 1, 6, 2, 3)
        >>> ruleset("yacht").validate_dice([1, 2, 3])
        Traceback (most recent call last):
        ...
        game.core.rules.InvalidDiceError: dice [1, 2, 3]: 3 dice given, Yacht needs 5
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

        >>> ruleset("yacht").score("four_of_a_kind", [3, 3, 3, 3, 3])
        12
        >>> ruleset("yahtzee").score("full_house", [3, 3, 3, 3, 3])
        0
        """
        rule = self.category(category).rule
        return _score(rule, tuple(sorted(self.validate_dice(dice))))

    def is_yahtzee(self, dice: Iterable[int]) -> bool:
        """Whether every die shows the same face.

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
        joker = self.joker is not Joker.NONE and self.yahtzee_id in scores and faces[0] == faces[-1]
        if not joker or self.joker is Joker.FREE:
            return joker, open_
        matching = self._by_face.get(faces[0])
        if matching is not None and matching.id not in scores:
            return joker, (matching,)
        lower = tuple(c for c in open_ if c.section is Section.LOWER)
        return joker, lower or open_

    def choices(self, scores: Mapping[str, int], dice: Iterable[int]) -> dict[str, int]:
        """The categories the dice may be scored in now, in scorecard order, with the points each would write.

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
            return {c.id: (_joker_score if c.section is Section.LOWER else _score)(c.rule, faces) for c in allowed}
        return {c.id: _score(c.rule, faces) for c in allowed}

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
            if all(c.section is Section.UPPER for c in allowed) and len(allowed) == 1:
                where = f"the matching upper box, {allowed[0].name}, while it is open"
            else:
                where = "an open lower box (" + ", ".join(c.name for c in allowed) + ") before any upper box"
            raise JokerRuleError(f"{cat.name} is not allowed for {_show(faces)}: a Yahtzee joker must go in {where}")
        return choices[cat.id]

    def totals(self, scores: Mapping[str, int], yahtzee_bonus: int = 0) -> Totals:
        """The totals of a scorecard (filled id -> points) plus the Yahtzee bonus points accumulated.

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
        """A JSON-compatible description: ``{"name": ..., "options": {...}}``.

        >>> ruleset("generalized", dice=3, sides=4, joker="none").to_dict()
        {'name': 'generalized', 'options': {'dice': 3, 'sides': 4, 'upper_bonus': True, 'yahtzee_bonus': True, 'joker': 'none'}}
        """
        return {"name": self.name, "options": self.options}


MAX_ROLLS_ENUMERATED = 10_000
"""The most sorted rolls :func:`achievable` scores one by one in the lower boxes (about 0.1 s in
CPython): five dice of six sides have 252, custom dice up to C(29, 10) = 20,030,010 (ten dice of
twenty sides)."""


@dataclass(frozen=True)
class Achievable:
    """The points each box of a rule set can hold, in scorecard order, and what alike dice write in each.

    ``boxes`` hold every score a roll makes in the box, joker values included: an upper box's
    multiples of its face (a range), a lower box's scores (a frozenset) or, where the rule set has
    more than MAX_ROLLS_ENUMERATED sorted rolls (``exact`` False), 0 to its most (a range).
    ``alike`` is what a roll of alike dice, a bonus Yahtzee, can write in each box (nothing in
    the Yahtzee box: it is filled before any bonus); ``yahtzee_box`` is its index.

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

    >>> a = achievable(ruleset("generalized", dice=2, sides=3))
    >>> [sorted(points) for points in a.boxes]
    [[0, 1, 2], [0, 2, 4], [0, 3, 6], [2, 3, 4, 5, 6], [0, 2, 4, 6], [0, 5], [0, 6], [0, 8], [0, 10], [2, 3, 4, 5, 6]]
    >>> big = achievable(ruleset("generalized", dice=10, sides=20))
    >>> big.exact, big.boxes[1], 7 in big.boxes[1], 199 in big.boxes[20]
    (False, range(0, 21, 2), False, True)
    """
    joker = rs.joker is not Joker.NONE
    alike = tuple(_read((face,) * rs.dice) for face in range(1, rs.sides + 1))

    def made_by(category: Category, hands: Iterable[Hand]) -> set[int]:
        """What these rolls write in the box, joker values included where a joker may go."""
        rule = category.rule
        points = {_points(rule, hand) for hand in hands}
        if joker and category.section is Section.LOWER:
            # Under a joker rule alike dice score a lower box as if they matched it (a Yahtzee
            # roll may write 25 in Full House): only on a filled Yahtzee box, which any game allows.
            points.update(_joker_points(rule, hand) for hand in alike)
        return points

    # Past MAX_ROLLS_ENUMERATED there are too many rolls to score while a file is read (ten dice
    # of twenty sides have twenty million): a lower box is then only known not to pass its most,
    # which bounds its joker values too.
    exact = comb(rs.dice + rs.sides - 1, rs.dice) <= MAX_ROLLS_ENUMERATED
    rolls = tuple(map(_read, _sorted_rolls(rs))) if exact else ()

    def box(category: Category) -> frozenset[int] | range:
        if category._face:  # an upper box counts its face on any number of dice, none to all
            return range(0, category.max_score + 1, category._face)
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


# --------------------------------------------------------------------------------------------
# Rule sets as data
# --------------------------------------------------------------------------------------------

_UPPER_WORDS = (
    "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "elevens", "twelves", "thirteens", "fourteens", "fifteens", "sixteens", "seventeens",
    "eighteens", "nineteens", "twenties",
)  # fmt: skip
_UPPER_NAMES = (
    N_("Ones"), N_("Twos"), N_("Threes"), N_("Fours"), N_("Fives"), N_("Sixes"), N_("Sevens"), N_("Eights"),
    N_("Nines"), N_("Tens"), N_("Elevens"), N_("Twelves"), N_("Thirteens"), N_("Fourteens"), N_("Fifteens"),
    N_("Sixteens"), N_("Seventeens"), N_("Eighteens"), N_("Nineteens"), N_("Twenties"),
)  # fmt: skip
MAX_DICE = 10
MAX_SIDES = len(_UPPER_WORDS)


def _upper(dice: int, sides: int, names: dict[int, str] | None = None) -> tuple[Category, ...]:
    """One box per face: the sum of the dice showing it."""
    names = names or {}
    return tuple(
        Category(
            _UPPER_WORDS[f - 1],
            names.get(f, _UPPER_NAMES[f - 1]),
            Section.UPPER,
            dice * f,
            Rule(match_face, (f,), pay_matched),
            f,
        )
        for f in range(1, sides + 1)
    )


def _lower(*rows: tuple[str, str | tuple[str, int], int, Rule]) -> tuple[Category, ...]:
    """Lower boxes; a name is a msgid, or (a template with {count}, count) such as ("{count} of a Kind", 4)."""
    out = []
    for id_, name, top, rule in rows:
        template, count = name if isinstance(name, tuple) else ("", 0)
        out.append(
            Category(
                id_,
                template.format(count=count) if template else name,
                Section.LOWER,
                top,
                rule,
                _count=count,
                _template=template,
            )
        )
    return tuple(out)


def _kind(
    sizes: tuple[int, ...], pay: Callable[[Hand, int, int], int], points: int = 0, *, distinct: bool = True
) -> Rule:
    """Disjoint groups of alike dice of the given sizes (of different faces when distinct)."""
    return Rule(match_groups, (tuple(sorted(sizes, reverse=True)), distinct), pay, points)


def _straight(length: int, points: int) -> Rule:
    """A run of `length` consecutive faces, duplicates ignored."""
    return Rule(match_run, (length,), pay_fixed, points)


def _faces(faces: range, points: int) -> Rule:
    """These very faces, each on some die."""
    return Rule(match_face_set, (frozenset(faces),), pay_fixed, points)


_CHANCE = _kind((), pay_total)  # no group required: every roll matches


def _build_yacht() -> dict[str, Any]:
    # Seed 000 (Z spec): ENTRY ::= ks<FACE> | full_house | four_of_a_kind | little_straight | big_straight | choice | yacht
    return dict(
        title=N_("Yacht"), dice=5, sides=6, rolls_per_turn=3, yahtzee_id="yacht",
        categories=_upper(5, 6, {1: N_("Aces")}) + _lower(
            # three alike and two alike, the same face allowed: a Yacht is a Full House
            ("full_house", N_("Full House"), 30, _kind((3, 2), pay_total, distinct=False)),
            ("four_of_a_kind", N_("Four of a Kind"), 24, _kind((4,), pay_matched)),
            ("little_straight", N_("Little Straight"), 30, _faces(range(1, 6), 30)),
            ("big_straight", N_("Big Straight"), 30, _faces(range(2, 7), 30)),
            ("choice", N_("Choice"), 30, _CHANCE),
            ("yacht", N_("Yacht"), 50, _kind((5,), pay_fixed, 50)),
        ),
    )  # fmt: skip


def _build_yahtzee(upper_bonus: bool, yahtzee_bonus: bool, joker: str) -> dict[str, Any]:
    # Seed 001 (tables), cross-checked with seed 003; bonuses and joker from the official rules.
    return dict(
        title=N_("Yahtzee"), dice=5, sides=6, rolls_per_turn=3, yahtzee_id="yahtzee",
        categories=_upper(5, 6) + _lower(
            ("three_of_a_kind", N_("Three of a Kind"), 30, _kind((3,), pay_total)),
            ("four_of_a_kind", N_("Four of a Kind"), 30, _kind((4,), pay_total)),
            ("full_house", N_("Full House"), 25, _kind((3, 2), pay_fixed, 25)),  # faces differ: 5 alike is not one
            ("small_straight", N_("Small Straight"), 30, _straight(4, 30)),
            ("large_straight", N_("Large Straight"), 40, _straight(5, 40)),
            ("yahtzee", N_("Yahtzee"), 50, _kind((5,), pay_fixed, 50)),
            ("chance", N_("Chance"), 30, _CHANCE),
        ),
        upper_bonus_threshold=63 if upper_bonus else 0,
        upper_bonus_amount=35 if upper_bonus else 0,
        yahtzee_bonus_amount=100 if yahtzee_bonus else 0,
        joker=Joker(joker),
    )  # fmt: skip


def _build_yatzy() -> dict[str, Any]:
    # Seed 002: Scandinavian Yatzy, 15 boxes, 50 bonus at 63, no joker, no Yatzy bonus.
    return dict(
        title=N_("Yatzy"), dice=5, sides=6, rolls_per_turn=3, yahtzee_id="yatzy",
        categories=_upper(5, 6) + _lower(
            ("one_pair", N_("One Pair"), 12, _kind((2,), pay_matched)),
            ("two_pairs", N_("Two Pairs"), 22, _kind((2, 2), pay_matched)),
            ("three_of_a_kind", N_("Three of a Kind"), 18, _kind((3,), pay_matched)),
            ("four_of_a_kind", N_("Four of a Kind"), 24, _kind((4,), pay_matched)),
            ("small_straight", N_("Small Straight"), 15, _faces(range(1, 6), 15)),
            ("large_straight", N_("Large Straight"), 20, _faces(range(2, 7), 20)),
            ("full_house", N_("Full House"), 28, _kind((3, 2), pay_total)),
            ("chance", N_("Chance"), 30, _CHANCE),
            ("yatzy", N_("Yatzy"), 50, _kind((5,), pay_fixed, 50)),
        ),
        upper_bonus_threshold=63, upper_bonus_amount=50,
    )  # fmt: skip


def _ceil(value: int, factor: str) -> int:
    """⌈value × factor⌉ for a decimal ``factor`` such as "0.83", in exact integer arithmetic.

    No binary rounding can move the ceiling: "0.83" is read as 83/100.

    >>> _ceil(30, "0.83"), _ceil(100, "0.83"), _ceil(5, "0.5")
    (25, 83, 3)
    """
    whole, _, fraction = factor.partition(".")
    scale = 10 ** len(fraction)
    return -(-value * int(whole + fraction) // scale)


def _build_generalized(dice: int, sides: int, upper_bonus: bool, yahtzee_bonus: bool, joker: str) -> dict[str, Any]:
    # Seed 004, "Yahtzee Formulae": n dice, d sides, every decimal constant taken exactly (see _ceil).
    n, d = dice, sides
    dn = d * n
    small_kind = _ceil(n, "0.5")  # (3)
    large_kind = _ceil(n, "0.75")  # (4)
    full_house = _ceil(dn, "0.83")  # (5)
    small_run = _ceil(n, "0.75")  # (6): run length needed, scores d*n
    large_straight = _ceil(dn, "1.33")  # (7)
    yahtzee = _ceil(dn, "1.66")  # (8)
    kind_names = (
        (N_("Three of a Kind"), N_("Four of a Kind"))
        if (small_kind, large_kind) == (3, 4)
        else ((N_("{count} of a Kind"), small_kind), (N_("{count} of a Kind"), large_kind))
    )
    return dict(
        title=f"Custom {n} dice × {d} sides", wording=N_("Custom {dice} dice × {sides} sides"),
        dice=n, sides=d,
        rolls_per_turn=_ceil(max(d, n), "0.5"),  # (1)
        yahtzee_id="yahtzee",
        categories=_upper(n, d) + _lower(
            ("three_of_a_kind", kind_names[0], dn, _kind((small_kind,), pay_total)),
            ("four_of_a_kind", kind_names[1], dn, _kind((large_kind,), pay_total)),
            # a group of floor(n/2) alike and one of ceil(n/2) alike of another face: all the dice
            ("full_house", N_("Full House"), full_house, _kind((n // 2, n - n // 2), pay_fixed, full_house)),
            # a run longer than d faces cannot be rolled (n > d): then only a joker fills these boxes
            ("small_straight", N_("Small Straight"), dn, _straight(small_run, dn)),
            ("large_straight", N_("Large Straight"), large_straight, _straight(n, large_straight)),
            ("yahtzee", N_("Yahtzee"), yahtzee, _kind((n,), pay_fixed, yahtzee)),
            ("chance", N_("Chance"), dn, _CHANCE),
        ),
        upper_bonus_threshold=_ceil(n, "0.5") * (d * (d + 1) // 2) if upper_bonus else 0,  # (10)
        upper_bonus_amount=_ceil(dn, "1.162") if upper_bonus else 0,  # (11)
        yahtzee_bonus_amount=_ceil(dn, "3.32") if yahtzee_bonus else 0,  # (12)
        joker=Joker(joker),
    )  # fmt: skip


# --------------------------------------------------------------------------------------------
# The registry: every rule set, its options schema and its advisor tables
# --------------------------------------------------------------------------------------------


class OptionKind(enum.Enum):
    """The kind of a rule set option: a switch, one of a few choices, or a whole number in a range."""

    FLAG = "flag"
    CHOICE = "choice"
    NUMBER = "number"


_TRUE_WORDS = ("1", "true", "yes", "on")
_FALSE_WORDS = ("0", "false", "no", "off")


@dataclass(frozen=True)
class OptionSpec:
    """One option of a rule set: its name, kind, default, label and allowed values.

    >>> spec = VARIANTS["yahtzee"].option("joker")
    >>> spec.kind.value, spec.default, spec.values
    ('choice', 'forced', ('forced', 'free', 'none'))
    >>> spec.from_text("yahtzee", "free")
    'free'
    """

    name: str
    kind: OptionKind
    default: Any
    label: str
    choices: tuple[tuple[str, str], ...] = ()  # CHOICE: (value, label)
    low: int = 0  # NUMBER: the range
    high: int = 0

    @property
    def values(self) -> tuple[Any, ...]:
        """Every allowed value, in the order a form offers them."""
        if self.kind is OptionKind.FLAG:
            return (True, False)
        if self.kind is OptionKind.CHOICE:
            return tuple(value for value, _ in self.choices)
        return tuple(range(self.low, self.high + 1))

    def display(self, t: Text = ENGLISH) -> str:
        """The option's label in the language of ``t``."""
        return t._(self.label)

    def choice_display(self, value: Any, t: Text = ENGLISH) -> str:
        """A CHOICE value's label in the language of ``t``.

        >>> VARIANTS["yahtzee"].option("joker").choice_display("free")
        'Free joker'
        """
        return t._(dict(self.choices)[value])

    def _valid(self) -> str:
        if self.kind is OptionKind.NUMBER:
            return f"whole numbers {self.low}..{self.high}"
        return ", ".join(map(str, self.values))

    def normalize(self, rules_name: str, value: Any) -> Any:
        """The option's value, checked (InvalidOptionError names the value and the valid ones).

        >>> VARIANTS["generalized"].option("dice").normalize("generalized", 11)
        Traceback (most recent call last):
        ...
        game.core.rules.InvalidOptionError: dice=11 is outside 2..10 for generalized (at most 10 dice)
        """
        value = getattr(value, "value", value) if self.kind is OptionKind.CHOICE else value
        if self.kind is OptionKind.NUMBER and _is_number(value) and not self.low <= value <= self.high:
            raise InvalidOptionError(
                f"{self.name}={value} is outside {self.low}..{self.high} for {rules_name} (at most {self.high} {self.name})"
            )
        ok = (
            _is_number(value)
            if self.kind is OptionKind.NUMBER
            else (isinstance(value, bool) if self.kind is OptionKind.FLAG else value in self.values)
        )
        if not ok:
            raise InvalidOptionError(
                f"{self.name}={value!r} is not valid for {rules_name}; valid values: {self._valid()}"
            )
        return value

    def from_text(self, rules_name: str, text: str) -> Any:
        """The value a link or form field gives as text ("1", "on", "free", "8").

        >>> VARIANTS["yahtzee"].option("upper_bonus").from_text("yahtzee", "off")
        False
        >>> VARIANTS["generalized"].option("sides").from_text("generalized", "³")
        Traceback (most recent call last):
        ...
        game.core.rules.InvalidOptionError: sides='³' is not valid for generalized; valid values: whole numbers 2..20
        """
        word = text.strip().lower()
        if self.kind is OptionKind.FLAG and word in _TRUE_WORDS + _FALSE_WORDS:
            return word in _TRUE_WORDS
        if self.kind is OptionKind.NUMBER and word.isascii() and word.isdigit() and len(word) <= 3:
            return self.normalize(rules_name, int(word))
        if self.kind is OptionKind.CHOICE and word in self.values:
            return word
        raise InvalidOptionError(f"{self.name}={text!r} is not valid for {rules_name}; valid values: {self._valid()}")


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Variant:
    """A rule set of the registry: name, other names, title, options schema and advisor tables.

    >>> v = variant("custom")
    >>> v.name, v.title, [o.name for o in v.options][:2]
    ('generalized', 'Custom dice', ['dice', 'sides'])
    >>> v.ruleset(dice=3, sides=4).dice
    3
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    options: tuple[OptionSpec, ...]
    build: Callable[..., dict[str, Any]] = field(repr=False)
    tables: bool  # whether the advisor's tables of every option combination are shipped

    def display(self, t: Text = ENGLISH) -> str:
        """The rule set's name in the language of ``t`` (for the setup form)."""
        return t._(self.title)

    def option(self, name: str) -> OptionSpec:
        """The option called ``name`` (InvalidOptionError when this rule set has none)."""
        for spec in self.options:
            if spec.name == name:
                return spec
        valid = (
            f"valid options: {', '.join(o.name for o in self.options)}"
            if self.options
            else f"{self.name} takes no options"
        )
        raise InvalidOptionError(f"unknown option {name!r} for {self.name}; {valid}")

    def ruleset(self, **options: Any) -> RuleSet:
        """The rule set with these options (defaults for the rest)."""
        given = {name: self.option(name).normalize(self.name, value) for name, value in options.items()}
        normalized = tuple((spec.name, given.get(spec.name, spec.default)) for spec in self.options)
        fields = {
            "upper_bonus_threshold": 0, "upper_bonus_amount": 0, "yahtzee_bonus_amount": 0, "joker": Joker.NONE,
        }  # fmt: skip
        fields.update(self.build(**dict(normalized)))
        return RuleSet(name=self.name, _options=normalized, **fields)

    def table_name(self, options: Mapping[str, Any]) -> str:
        """The advisor table's file name for these options: the name, then each option not at its default.

        >>> VARIANTS["yahtzee"].table_name({"joker": "free", "upper_bonus": True})
        'yahtzee.joker-free.bin'
        """
        parts = []
        for spec in sorted(self.options, key=lambda s: s.name):
            value = options.get(spec.name, spec.default)
            if value != spec.default:
                parts.append(f"{spec.name}-{str(value).lower() if isinstance(value, bool) else value}")
        return ".".join([self.name, *parts, "bin"])

    def shipped_tables(self) -> tuple[RuleSet, ...]:
        """The rule sets whose advisor tables are shipped: every option combination, defaults first.

        >>> len(VARIANTS["yahtzee"].shipped_tables()), len(VARIANTS["generalized"].shipped_tables())
        (12, 0)
        """
        if not self.tables:
            return ()
        combos = [{}]
        for spec in self.options:
            combos = [
                {**combo, spec.name: value}
                for combo in combos
                for value in (spec.default,) + tuple(v for v in spec.values if v != spec.default)
            ]
        return tuple(self.ruleset(**combo) for combo in combos)


_BONUS_OPTIONS = (
    OptionSpec("upper_bonus", OptionKind.FLAG, True, N_("Upper bonus")),
    OptionSpec("yahtzee_bonus", OptionKind.FLAG, True, N_("Yahtzee bonus")),
    OptionSpec("joker", OptionKind.CHOICE, "forced", N_("Joker rule"), (
        ("forced", N_("Forced joker (official)")), ("free", N_("Free joker")), ("none", N_("No joker")))),
)  # fmt: skip

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("yahtzee", N_("Yahtzee"), (), _BONUS_OPTIONS, _build_yahtzee, tables=True),
        Variant("yatzy", N_("Yatzy"), (), (), _build_yatzy, tables=True),
        Variant("yacht", N_("Yacht"), (), (), _build_yacht, tables=True),
        Variant("generalized", N_("Custom dice"), ("custom",), (
            OptionSpec("dice", OptionKind.NUMBER, 5, N_("Dice"), low=2, high=MAX_DICE),
            OptionSpec("sides", OptionKind.NUMBER, 6, N_("Sides"), low=2, high=MAX_SIDES),
        ) + _BONUS_OPTIONS, _build_generalized, tables=False),
    )
}  # fmt: skip
"""Every rule set, in the order the setup form offers them, found by name (see :func:`variant`)."""

RULESET_NAMES: tuple[str, ...] = tuple(VARIANTS)


def variant(name: str) -> Variant:
    """The registry's rule set called ``name`` or one of its aliases (exactly: links lower-case first).

    >>> variant("yatzy").title
    'Yatzy'
    >>> variant("yatzee")
    Traceback (most recent call last):
    ...
    game.core.rules.UnknownRuleSetError: unknown rule set 'yatzee'; valid rule sets: yahtzee, yatzy, yacht, generalized (or custom)
    """
    key = name if isinstance(name, str) else None
    for v in VARIANTS.values():
        if key == v.name or key in v.aliases:
            return v
    raise UnknownRuleSetError(f"unknown rule set {name!r}; valid rule sets: {known_names()}")


def known_names() -> str:
    """The registry's rule set names and their aliases, for a message.

    >>> known_names()
    'yahtzee, yatzy, yacht, generalized (or custom)'
    """
    return ", ".join(v.name + "".join(f" (or {a})" for a in v.aliases) for v in VARIANTS.values())


def ruleset(name: str, **options: Any) -> RuleSet:
    """The rule set called `name` (or an alias) with these options (defaults for the rest).

    >>> ruleset("yatzy").title, len(ruleset("yatzy").categories)
    ('Yatzy', 15)
    >>> ruleset("generalized", dice=11)
    Traceback (most recent call last):
    ...
    game.core.rules.InvalidOptionError: dice=11 is outside 2..10 for generalized (at most 10 dice)
    >>> ruleset("yacht", joker="free")
    Traceback (most recent call last):
    ...
    game.core.rules.InvalidOptionError: unknown option 'joker' for yacht; yacht takes no options
    """
    return variant(name).ruleset(**options)


def table_name(rs: RuleSet) -> str:
    """The file name of the advisor table for ``rs`` (under static/tables/, shipped or not).

    >>> table_name(ruleset("yahtzee")), table_name(ruleset("yahtzee", joker="free"))
    ('yahtzee.bin', 'yahtzee.joker-free.bin')
    """
    return VARIANTS[rs.name].table_name(rs.options)


def from_dict(data: Mapping[str, Any]) -> RuleSet:
    """The rule set a ``to_dict()`` result describes; RulesError on bad data.

    >>> from_dict({"name": "yahtzee", "options": {"joker": "free"}}) == ruleset("yahtzee", joker="free")
    True
    >>> from_dict(ruleset("yacht").to_dict()) == ruleset("yacht")
    True
    """
    if not isinstance(data, Mapping) or "name" not in data:
        raise RulesError(f"rule set data {data!r} must be a mapping with a 'name' (and 'options')")
    extra = set(data) - {"name", "options"}
    if extra:
        raise RulesError(f"rule set data {data!r}: unexpected keys {sorted(extra)}; valid keys: name, options")
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise RulesError(f"rule set data {data!r}: 'options' must be a mapping of option names to values")
    return ruleset(data["name"], **options)
