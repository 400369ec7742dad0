"""The registry of rule sets: each one's name, aliases, title, option schema and advisor tables.

Pure and standard-library only. :data:`VARIANTS` holds every rule set the game offers (built as
data by :mod:`game.core.standard`) with its options: kind, range, default and label. Links, forms
and saves reach a rule set only through :func:`ruleset` (or :func:`from_dict`), which checks
every option.

>>> ruleset("custom", dice=3, sides=4).title
'Custom 3 dice × 4 sides'
>>> [spec.name for spec in variant("yahtzee").options]
['upper_bonus', 'yahtzee_bonus', 'joker', 'forced_order']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.i18n import ENGLISH, N_, Text
from game.core.rule_errors import InvalidOptionError, RulesError, UnknownRuleSetError
from game.core.rules import RuleSet
from game.core.standard import (
    MAX_DICE,
    MAX_SIDES,
    Design,
    build_generalized,
    build_maxi,
    build_yacht,
    build_yahtzee,
    build_yatzy,
)

__all__ = [
    "RULESET_NAMES",
    "VARIANTS",
    "OptionKind",
    "OptionSpec",
    "Variant",
    "from_dict",
    "has_table",
    "known_names",
    "ruleset",
    "table_name",
    "variant",
]


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
    # False: the advisor needs no table for its other values (it solves forced order exactly on first use)
    tabled: bool = True
    # False: left out of the rule set's data (to_dict, links, keys, table headers) while at its default, so that
    # the records, saves and tables made before the option existed name the same rule set
    listed: bool = True
    # the name of a flag option this one is played with: while that one is off, this one is at its default
    within: str = ""

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
        game.core.rule_errors.InvalidOptionError: dice=11 is outside 2..10 for generalized (at most 10 dice)
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
        game.core.rule_errors.InvalidOptionError: sides='³' is not valid for generalized; valid values: whole numbers 2..20
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
    build: Callable[..., Design] = field(repr=False)
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
        chosen = {spec.name: given.get(spec.name, spec.default) for spec in self.options}
        normalized = tuple(
            (spec.name, chosen[spec.name] if not spec.within or chosen[spec.within] else spec.default)
            for spec in self.options
        )
        unlisted = tuple((spec.name, spec.default) for spec in self.options if not spec.listed)
        return RuleSet(name=self.name, option_items=normalized, unlisted=unlisted, **self.build(**dict(normalized)))

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

    def has_table(self, options: Mapping[str, Any]) -> bool:
        """Whether the advisor has a shipped table for these options (every untabled one at its default).

        >>> VARIANTS["yatzy"].has_table({"two_pairs_four": True}), VARIANTS["yatzy"].has_table({"forced_order": True})
        (True, False)
        """
        return self.tables and all(
            spec.tabled or options.get(spec.name, spec.default) == spec.default for spec in self.options
        )

    def shipped_tables(self) -> tuple[RuleSet, ...]:
        """The rule sets whose advisor tables are shipped: every combination of tabled options, defaults first.

        >>> len(VARIANTS["yahtzee"].shipped_tables()), len(VARIANTS["yatzy"].shipped_tables())
        (12, 4)
        >>> len(VARIANTS["generalized"].shipped_tables())
        0
        """
        if not self.tables:
            return ()
        combos: list[dict[str, Any]] = [{}]
        for spec in (spec for spec in self.options if spec.tabled):
            combos = [
                {**combo, spec.name: value}
                for combo in combos
                for value in (spec.default,) + tuple(v for v in spec.values if v != spec.default)
            ]
        return tuple(self.ruleset(**combo) for combo in combos)


_JOKER_CHOICES = (("forced", N_("Forced joker (official)")), ("free", N_("Free joker")), ("none", N_("No joker")))
_BONUS_OPTIONS = (
    OptionSpec("upper_bonus", OptionKind.FLAG, True, N_("Upper bonus")),
    OptionSpec("yahtzee_bonus", OptionKind.FLAG, True, N_("Yahtzee bonus")),
    OptionSpec("joker", OptionKind.CHOICE, "forced", N_("Joker rule"), choices=_JOKER_CHOICES),
)
# Forced order ("tvångsyatzy"): each turn scores the next open box, down the card; the advisor solves it exactly.
_FORCED_ORDER = OptionSpec("forced_order", OptionKind.FLAG, False, N_("Forced order"), tabled=False, listed=False)
# The house rules precisit's Yatzy solver calls +fh5 and +tp4 (docs/rules.md cites it and the published values).
# Norwegian rule sheets lower the upper bonus's threshold to 42 (two of each face) in forced order, where 63 is
# seldom reached; played only in forced order (solved exactly there, so no table), in free order it is off.
_BONUS_AT_42 = OptionSpec(
    "bonus_at_42",
    OptionKind.FLAG,
    False,
    N_("Bonus at 42 in forced order"),
    tabled=False,
    listed=False,
    within="forced_order",
)
_YATZY_OPTIONS = (
    OptionSpec("full_house_five", OptionKind.FLAG, False, N_("Five alike as Full House"), listed=False),
    OptionSpec("two_pairs_four", OptionKind.FLAG, False, N_("Four alike as Two Pairs"), listed=False),
    _FORCED_ORDER,
    _BONUS_AT_42,
)
_SIZES = (  # the generalized rule set's shape
    OptionSpec("dice", OptionKind.NUMBER, 5, N_("Dice"), low=2, high=MAX_DICE),
    OptionSpec("sides", OptionKind.NUMBER, 6, N_("Sides"), low=2, high=MAX_SIDES),
)

# Maxi Yatzy's upper bonus, by its points: 100 at 84 in most rule sheets, 50 at 75 in others (docs/rules.md cites them).
_MAXI_BONUS = OptionSpec(
    "upper_bonus",
    OptionKind.CHOICE,
    "100",
    N_("Upper bonus"),
    choices=(("100", N_("Bonus of 100 at 84")), ("50", N_("Bonus of 50 at 75"))),
)

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("yahtzee", N_("Yahtzee"), (), _BONUS_OPTIONS + (_FORCED_ORDER,), build_yahtzee, tables=True),
        Variant("yatzy", N_("Yatzy"), (), _YATZY_OPTIONS, build_yatzy, tables=True),
        Variant("maxi", N_("Maxi Yatzy"), ("maxi-yatzy", "maxiyatzy"), (_MAXI_BONUS,), build_maxi, tables=False),
        Variant("yacht", N_("Yacht"), (), (), build_yacht, tables=True),
        Variant(
            "generalized", N_("Custom dice"), ("custom",), _SIZES + _BONUS_OPTIONS, build_generalized, tables=False
        ),
    )
}
"""Every rule set, in the order the setup form offers them, found by name (see :func:`variant`)."""

RULESET_NAMES: tuple[str, ...] = tuple(VARIANTS)


def variant(name: str) -> Variant:
    """The registry's rule set called ``name`` or one of its aliases (exactly: links lower-case first).

    >>> variant("yatzy").title
    'Yatzy'
    >>> variant("yatzee")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.UnknownRuleSetError: unknown rule set 'yatzee'; valid rule sets: yahtzee, yatzy, maxi (or maxi-yatzy, maxiyatzy), yacht, generalized (or custom)
    """
    key = name if isinstance(name, str) else None
    for v in VARIANTS.values():
        if key == v.name or key in v.aliases:
            return v
    raise UnknownRuleSetError(f"unknown rule set {name!r}; valid rule sets: {known_names()}")


def known_names() -> str:
    """The registry's rule set names and their aliases, for a message.

    >>> known_names()
    'yahtzee, yatzy, maxi (or maxi-yatzy, maxiyatzy), yacht, generalized (or custom)'
    """
    return ", ".join(v.name + (f" (or {', '.join(v.aliases)})" if v.aliases else "") for v in VARIANTS.values())


def ruleset(name: str, **options: Any) -> RuleSet:
    """The rule set called `name` (or an alias) with these options (defaults for the rest).

    >>> ruleset("yatzy").title, len(ruleset("yatzy").categories)
    ('Yatzy', 15)
    >>> ruleset("generalized", dice=11)
    Traceback (most recent call last):
    ...
    game.core.rule_errors.InvalidOptionError: dice=11 is outside 2..10 for generalized (at most 10 dice)
    >>> ruleset("yatzy", two_pairs_four=True).score("two_pairs", [6, 6, 6, 6, 2])
    24
    >>> ruleset("yatzy", forced_order=True, bonus_at_42=True).upper_bonus_threshold, ruleset("yatzy", bonus_at_42=True) == ruleset("yatzy")
    (42, True)
    >>> ruleset("yacht", joker="free")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.InvalidOptionError: unknown option 'joker' for yacht; yacht takes no options
    """
    return variant(name).ruleset(**options)


def has_table(rs: RuleSet) -> bool:
    """Whether the advisor of ``rs`` has a shipped table (else it solves or estimates: game.coach.advisor).

    >>> has_table(ruleset("yatzy", full_house_five=True)), has_table(ruleset("yahtzee", forced_order=True))
    (True, False)
    """
    return VARIANTS[rs.name].has_table(rs.options)


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
