"""What is wrong with a link or the setup form, as values worded in the player's language.

A :class:`LinkProblem` names the parameter or field, why it could not be used (a reason of
this module's wordings) and the facts the sentence fills in, so the page words it in any language
(game.records.choices finds the problems).

>>> LinkProblem.of("games", "games", value="9", most=6).text()
"games='9' is not a number of games from 1 to 6"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core import variants
from game.core.i18n import ENGLISH, N_, Text, n_
from game.core.inputs import shorten
from game.core.variants import OptionKind, OptionSpec, Variant

__all__ = ["LinkProblem"]


@dataclass(frozen=True)
class LinkProblem:
    """One link parameter or form field that could not be used: why (``reason``) and the facts, worded by text(t).

    ``fields`` are (name, value) pairs the wording fills in. A ``reason`` that is not one of this
    module's is an English sentence from elsewhere, shown as it is.

    >>> problem = LinkProblem("games", "games", (("value", "9"), ("most", 6)))
    >>> problem.text(), problem.message == problem.text()
    ("games='9' is not a number of games from 1 to 6", True)
    >>> LinkProblem("link", "Something else went wrong.").text()
    'Something else went wrong.'
    """

    param: str
    reason: str
    fields: tuple[tuple[str, Any], ...] = ()

    @property
    def message(self) -> str:
        """The problem in English (for logs, developers' errors and tests); people read text(t)."""
        return self.text()

    @classmethod
    def of(cls, param: str, reason: str, /, **fields: Any) -> LinkProblem:
        """The problem of ``param``, its facts given by name.

        >>> LinkProblem.of("seed", "seed", count=64).text()
        'seed must be 1 to 64 characters'
        """
        return cls(param, reason, tuple(fields.items()))

    @classmethod
    def unknown_option(cls, chosen: Variant, key: str) -> LinkProblem:
        """An option ``key`` the rule set does not take: its options named, or that it takes none.

        >>> LinkProblem.unknown_option(variants.VARIANTS["yacht"], "joker").text()
        "unknown option 'joker' for yacht; yacht takes no options"
        """
        if not chosen.options:
            return cls.of(key, "option-unknown", option=key, rules=chosen.name)
        options = ", ".join(o.name for o in chosen.options)
        return cls.of(key, "option-other", option=key, rules=chosen.name, options=options)

    @classmethod
    def bad_option(cls, chosen: Variant, spec: OptionSpec, text: str) -> LinkProblem:
        """Why ``text`` is not a value of the option (spec.from_text refused it): out of range, or not one.

        >>> dice = variants.VARIANTS["generalized"].option("dice")
        >>> LinkProblem.bad_option(variants.VARIANTS["generalized"], dice, "40").text()
        'dice=40 is outside 2..10 for Custom dice (at most 10 dice)'
        """
        word = text.strip().lower()
        name, low, high, variant = spec.name, spec.low, spec.high, chosen.name
        if spec.kind is OptionKind.NUMBER and word.isascii() and word.isdigit() and len(word) <= 3:
            return cls.of(name, "option-range", option=name, number=int(word), low=low, high=high, variant=variant)
        if spec.kind is OptionKind.NUMBER:
            return cls.of(name, "option-number", option=name, value=text, low=low, high=high, variant=variant)
        values = ", ".join(map(str, spec.values))
        return cls.of(name, "option-value", option=name, value=text, values=values, variant=variant)

    def text(self, t: Text = ENGLISH) -> str:
        """The problem in the language of ``t``."""
        return _wording(self.reason, dict(self.fields), t)


# A LinkProblem's sentence by reason: one whole message, or a plural pair counted by its "count" field.
# The parameter names (games=, cpu:) and the values they take (2:perfect, on) are what a link says,
# so they stay as they are in every language.
_LINK_WORDINGS: dict[str, str | tuple[str, str]] = {
    # Translators: {param} is a link parameter's name (games, players…), kept as it is.
    "repeated": N_("{param} is given more than once; the first value is used"),
    # Translators: "players:" is the link parameter's name, kept as it is.
    "players": n_(
        "players: {count} name given; a match has 1 to {most} players",
        "players: {count} names given; a match has 1 to {most} players",
    ),
    # Translators: "games=" is the link parameter's name, kept as it is; {value} is what the link gave, quoted.
    "games": N_("games={value} is not a number of games from 1 to {most}"),
    # Translators: "seed" is the link parameter's name, kept as it is.
    "seed": n_("seed must be 1 to {count} character", "seed must be 1 to {count} characters"),
    # Translators: "undo=" is the link parameter's name and 1, 0, on and off the values it takes, kept as they are.
    "undo": N_("undo={value} must be 1 or 0 (on or off)"),
    # Translators: "pass=" is the link parameter's name and 1, 0, on and off the values it takes, kept as they are.
    "pass": N_("pass={value} must be 1 or 0 (on or off)"),
    # Translators: "remote=" is the link parameter's name and 1, 0, on and off the values it takes, kept as they are.
    "remote": N_("remote={value} must be 1 or 0 (on or off)"),
    # Translators: "cpu=" is the link parameter's name; "seat:level", "2:perfect" and {levels} are what it takes, kept as they are.
    "cpu": N_("cpu={value}: use seat:level pairs such as 2:perfect (levels {levels})"),
    # Translators: "rules=" is the link parameter's name; {names} are the names it takes, kept as they are.
    "rules": N_("rules={value} is not a rule set; valid rule sets: {names}"),
    # Translators: "cpu" and "players" are link parameters' names, kept as they are; {count} players are named in the link.
    "cpu-seat": n_(
        "cpu: seat {seat} is a computer, but only {count} player is named and seat {empty} would have "
        "nobody; name them in players, or make them computers too",
        "cpu: seat {seat} is a computer, but only {count} players are named and seat {empty} would have "
        "nobody; name them in players, or make them computers too",
    ),
    # Translators: "cpu" and "players" are link parameters' names, kept as they are; {count} players are named in the link.
    "cpu-seats": n_(
        "cpu: seat {seat} is a computer, but only {count} player is named and seats {first} to {last} "
        "would have nobody; name them in players, or make them computers too",
        "cpu: seat {seat} is a computer, but only {count} players are named and seats {first} to {last} "
        "would have nobody; name them in players, or make them computers too",
    ),
    # Translators: {option} is a link parameter's name and {rules} a rule set's name in links, kept as they are.
    "option-unknown": N_("unknown option '{option}' for {rules}; {rules} takes no options"),
    # Translators: {option} is a link parameter's name, {rules} a rule set's name in links and {options} the options it takes, kept as they are.
    "option-other": N_("unknown option '{option}' for {rules}; valid options: {options}"),
    # Translators: {option} is a link parameter's name (dice, sides), kept as it is; {rules} is the rule set's title.
    "option-range": N_("{option}={number} is outside {low}..{high} for {rules} (at most {high} {option})"),
    # Translators: {option} is a link parameter's name, kept as it is; {value} is what the link gave, quoted; {rules} is the rule set's title.
    "option-number": N_("{option}={value} is not valid for {rules}; valid values: whole numbers {low}..{high}"),
    # Translators: {option} is a link parameter's name and {values} the values it takes, kept as they are; {value} is what the link gave, quoted; {rules} is the rule set's title.
    "option-value": N_("{option}={value} is not valid for {rules}; valid values: {values}"),
}


def _wording(reason: str, fields: dict[str, Any], t: Text) -> str:
    """A LinkProblem's sentence (see _LINK_WORDINGS), its facts filled in after translation."""
    if "value" in fields:
        fields["value"] = shorten(fields["value"], t=t)
    if "variant" in fields:
        fields["rules"] = variants.variant(fields.pop("variant")).display(t)
    wording = _LINK_WORDINGS.get(reason)
    if wording is None:
        return reason  # an English sentence from elsewhere, shown as it is
    if isinstance(wording, tuple):
        return t.n_(*wording, fields.pop("count"), **fields)
    return t._(wording, **fields)
