"""The errors of the rules: an unknown rule set, option, category, bad dice or an illegal choice.

Every one is a :class:`RulesError`, itself a ValueError, and its message names the bad value and
the valid ones: what a caller (a link, a saved match, the engine) shows or logs as it is.

>>> sorted(error.__name__ for error in RulesError.__subclasses__())
['ChoiceError', 'InvalidDiceError', 'InvalidOptionError', 'UnknownCategoryError', 'UnknownRuleSetError']
"""

from __future__ import annotations

__all__ = [
    "CategoryFilledError",
    "ChoiceError",
    "InvalidDiceError",
    "InvalidOptionError",
    "JokerRuleError",
    "RulesError",
    "UnknownCategoryError",
    "UnknownRuleSetError",
]


class RulesError(ValueError):
    """Base of every error of the rules (a ValueError).

    >>> issubclass(UnknownCategoryError, RulesError) and issubclass(RulesError, ValueError)
    True
    """


class UnknownRuleSetError(RulesError):
    """An unknown rule set name; the message lists the valid names.

    >>> from game.core.variants import ruleset
    >>> ruleset("yatzee")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.UnknownRuleSetError: unknown rule set 'yatzee'; valid rule sets: yahtzee, yatzy, maxi (or maxi-yatzy, maxiyatzy), yacht, generalized (or custom)
    """


class InvalidOptionError(RulesError):
    """An unknown option or a bad option value; the message lists the valid ones.

    >>> from game.core.variants import ruleset
    >>> ruleset("yahtzee", joker="sometimes")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.InvalidOptionError: joker='sometimes' is not valid for yahtzee; valid values: forced, free, none
    """


class InvalidDiceError(RulesError):
    """Dice of the wrong count, a face out of range or not an int; names the bad value.

    >>> from game.core.variants import ruleset
    >>> ruleset("yahtzee").validate_dice([1, 2, 7, 3, 3])
    Traceback (most recent call last):
    ...
    game.core.rule_errors.InvalidDiceError: dice [1, 2, 7, 3, 3]: face 7 is outside 1..6 for Yahtzee
    """


class UnknownCategoryError(RulesError):
    """A category id (or object) the rule set does not have; lists the valid ids.

    >>> from game.core.variants import ruleset
    >>> ruleset("yacht").category("chance")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    game.core.rule_errors.UnknownCategoryError: unknown category 'chance' for Yacht; valid ids: ones, ..., choice, yacht
    """


class ChoiceError(RulesError):
    """Base of the errors for an illegal choice on a scorecard.

    >>> issubclass(CategoryFilledError, ChoiceError) and issubclass(JokerRuleError, ChoiceError)
    True
    """


class CategoryFilledError(ChoiceError):
    """The chosen category already holds a score.

    >>> from game.core.variants import ruleset
    >>> ruleset("yahtzee").check({"full_house": 25}, [1, 1, 2, 2, 2], "full_house")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.CategoryFilledError: Full House is already filled (25)
    """


class JokerRuleError(ChoiceError):
    """A forced Yahtzee joker may not go in the chosen category; says where it must go.

    >>> from game.core.variants import ruleset
    >>> ruleset("yahtzee").check({"yahtzee": 50}, [4, 4, 4, 4, 4], "chance")
    Traceback (most recent call last):
    ...
    game.core.rule_errors.JokerRuleError: Chance is not allowed for 4-4-4-4-4: a Yahtzee joker must go in the matching upper box, Fours, while it is open
    """
