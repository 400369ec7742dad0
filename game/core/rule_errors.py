"""The errors of the rules: an unknown rule set, option, category, bad dice or an illegal choice.

Every one is a :class:`RulesError`, itself a :class:`~game.core.refusals.GameError` (a ValueError):
its message names the bad value and the valid ones, for a developer (a log); :meth:`text` is what a
player reads, in any language, its class's msgid (:attr:`~game.core.refusals.GameError.words`).

>>> sorted(error.__name__ for error in RulesError.__subclasses__())
['ChoiceError', 'InvalidDiceError', 'InvalidOptionError', 'UnknownCategoryError', 'UnknownRuleSetError']
"""

from __future__ import annotations

from game.core.i18n import N_
from game.core.refusals import GameError

__all__ = [
    "CategoryFilledError",
    "ChoiceError",
    "InvalidDiceError",
    "InvalidOptionError",
    "JokerRuleError",
    "OrderError",
    "RulesError",
    "UnknownCategoryError",
    "UnknownRuleSetError",
]


class RulesError(GameError):
    """Base of every error of the rules (a GameError, so a ValueError).

    >>> issubclass(UnknownCategoryError, RulesError) and issubclass(RulesError, ValueError)
    True
    >>> RulesError("scores[3] = -1 is not a non-negative int").text()
    "That goes against this game's rules."
    """

    # Translators: a rule set, a scorecard or dice (from a link, a save or a file) that its rules do not allow.
    words = N_("That goes against this game's rules.")


class UnknownRuleSetError(RulesError):
    """An unknown rule set name; the message lists the valid names.

    >>> from game.core.variants import ruleset
    >>> ruleset("yatzee")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.UnknownRuleSetError: unknown rule set 'yatzee'; valid rule sets: yahtzee, yatzy, maxi (or maxi-yatzy, maxiyatzy), yacht, generalized (or custom)
    """

    # Translators: a rule set's name (from a link, a save or a file) that the game does not know.
    words = N_("This game does not know that rule set.")


class InvalidOptionError(RulesError):
    """An unknown option or a bad option value; the message lists the valid ones.

    >>> from game.core.variants import ruleset
    >>> ruleset("yahtzee", joker="sometimes")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.InvalidOptionError: joker='sometimes' is not valid for yahtzee; valid values: forced, free, none
    """

    # Translators: an option of a rule set (from a link, a save or a file), or its value, that the rule set does not have.
    words = N_("One of the rule set's options is not valid.")


class InvalidDiceError(RulesError):
    """Dice of the wrong count, a face out of range or not an int; names the bad value.

    >>> from game.core.variants import ruleset
    >>> ruleset("yahtzee").validate_dice([1, 2, 7, 3, 3])
    Traceback (most recent call last):
    ...
    game.core.rule_errors.InvalidDiceError: dice [1, 2, 7, 3, 3]: face 7 is outside 1..6 for Yahtzee
    """

    # Translators: dice (from a link, a save or a file) that cannot come up in this game (a wrong count, or a face out of range).
    words = N_("These dice cannot come up in this game.")


class UnknownCategoryError(RulesError):
    """A category id (or object) the rule set does not have; lists the valid ids.

    >>> from game.core.variants import ruleset
    >>> ruleset("yacht").category("chance")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    game.core.rule_errors.UnknownCategoryError: unknown category 'chance' for Yacht; valid ids: ones, ..., choice, yacht
    """

    # Translators: a scorecard box (from a link, a save or a file) that this rule set does not have.
    words = N_("This scorecard has no such box.")


class ChoiceError(RulesError):
    """Base of the errors for an illegal choice on a scorecard.

    >>> issubclass(CategoryFilledError, ChoiceError) and issubclass(JokerRuleError, ChoiceError)
    True
    """

    # Translators: a box chosen on the scorecard that the rules do not allow for these dice.
    words = N_("That box cannot be chosen for these dice.")


class CategoryFilledError(ChoiceError):
    """The chosen category already holds a score.

    >>> from game.core.variants import ruleset
    >>> ruleset("yahtzee").check({"full_house": 25}, [1, 1, 2, 2, 2], "full_house")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.CategoryFilledError: Full House is already filled (25)
    """

    # Translators: a box chosen on the scorecard that already holds points.
    words = N_("That box is already filled.")


class JokerRuleError(ChoiceError):
    """A forced Yahtzee joker may not go in the chosen category; says where it must go.

    >>> from game.core.variants import ruleset
    >>> ruleset("yahtzee").check({"yahtzee": 50}, [4, 4, 4, 4, 4], "chance")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.JokerRuleError: Chance is not allowed for 4-4-4-4-4: a Yahtzee joker must go in the matching upper box, Fours, while it is open
    """

    # Translators: a Yahtzee joker (five alike after a Yahtzee is scored) may not go in the box chosen.
    words = N_("The joker rule does not allow that box for these dice.")


class OrderError(ChoiceError):
    """In forced order a turn scores the next open box of the card; says which.

    >>> from game.core.variants import ruleset
    >>> ruleset("yatzy", forced_order=True).check({"ones": 3}, [2, 2, 2, 5, 6], "chance")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.OrderError: Chance is not the next box: in forced order this turn scores Twos
    """

    # Translators: in forced order each turn must score the next open box of the scorecard, from the top down.
    words = N_("In forced order, each turn scores the next open box.")
