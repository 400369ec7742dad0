"""A box's short name on a phone's narrow card (issue 54, fresh eyes): "Sm. straight" where "Small Straight" takes
two lines, the upper bonus as what it pays ("Bonus +35": its cell says how far the boxes have come, "33/63"). The full name stays the row's text,
title and accessible name (game.present.markup.scorecard); app.css shows the short one on a narrow screen. Words, not
rules: the rule sets keep their names (game.core.standard), the short ones live here with their translations."""

from __future__ import annotations

from game.core import rules
from game.core.i18n import ENGLISH, N_, Text

__all__ = ["short_name", "short_sum"]


def short_sum(ruleset: rules.RuleSet, key: str, t: Text = ENGLISH) -> str:
    """A sum row's name on a narrow card: the upper bonus's says what it pays, on one line ("" for others); its cell
    says how far the upper boxes have come ("33/63", game.present.board_view.cells).

    >>> from game.core.variants import ruleset
    >>> short_sum(ruleset("yahtzee"), "upper_bonus"), short_sum(ruleset("yahtzee"), "grand_total")
    ('Bonus +35', '')
    """
    if key != "upper_bonus":
        return ""
    # Translators: the upper bonus's row on a phone's narrow card, on one line: the {amount} points it pays.
    return t.p_("short box name", "Bonus +{amount}", amount=ruleset.upper_bonus_amount)


def short_name(category: rules.Category, t: Text = ENGLISH) -> str:
    """A box's name on a narrow card, where its full name would take two lines ("" where it fits as it is); the full
    name stays the row's accessible name and title (game.present.markup.scorecard).

    >>> from game.core.variants import ruleset
    >>> short_name(ruleset("yahtzee").category("small_straight")), short_name(ruleset("yahtzee").category("chance"))
    ('Sm. straight', '')
    >>> short_name(ruleset("generalized", dice=8).category("three_of_a_kind"))  # "4 of a Kind": no short one
    ''
    """
    # Translators: the short names of boxes on a phone's narrow card (the full name is said and shown in its title).
    name = category.name  # a templated name ("4 of a Kind" of eight dice) has none
    if name == N_("Three of a Kind"):
        return t.p_("short box name", "3 of a kind")
    if name == N_("Four of a Kind"):
        return t.p_("short box name", "4 of a kind")
    if name == N_("Full House"):
        return t.p_("short box name", "Full house")
    if name in (N_("Small Straight"), N_("Little Straight")):
        return t.p_("short box name", "Sm. straight")
    if name in (N_("Large Straight"), N_("Big Straight")):
        return t.p_("short box name", "Lg. straight")
    return ""
