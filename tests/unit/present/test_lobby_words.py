"""The lobby's rule sets each said in a line under their tiles (issue 54: a rule set's name alone is jargon)."""

from __future__ import annotations

import re

from game.core import variants
from game.present import forms
from tests.helpers.words import text_in


def test_every_rule_set_has_its_line_and_the_first_chosen_shows_alone():
    form = forms.setup_form()
    briefs = re.findall(r'<p data-show-if="rules" data-equals="([a-z]+)"( hidden)?>([^<]+)</p>', form)
    assert [name for name, _, _ in briefs] == list(variants.VARIANTS)
    assert [name for name, hidden, _ in briefs if not hidden] == [next(iter(variants.VARIANTS))]
    # the facts each line gives are the rule set's own
    said = {name: text for name, _, text in briefs}
    for name, text in said.items():
        rules = variants.ruleset(name)
        if name == "generalized":
            continue  # its dice and boxes are the person's own choice
        assert f"{len(rules.categories)} boxes" in text
        if rules.upper_bonus_amount and name != "maxi":
            assert f"{rules.upper_bonus_amount} bonus points at {rules.upper_bonus_threshold}" in text


def test_the_lines_are_in_the_players_language():
    assert "Den amerikanske klassiker" in forms.setup_form(t=text_in("da"))
