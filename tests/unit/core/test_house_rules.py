"""Yatzy's house rules (+fh5, +tp4): their scoring, the published optimal values, the form and the Rules screen."""

from __future__ import annotations

from html import escape

import pytest

from game.coach.advisor import Advisor
from game.core import variants
from game.core.i18n import LANGUAGES, Text
from game.core.variants import ruleset
from game.present import forms, rules_text
from game.records.choices import Setup, form_values, setup_from_fields
from tests.helpers.words import catalogue

# precisit's published free-order values of Scandinavian Yatzy (issue 49; README cites them)
PUBLISHED = [
    ({}, 248.4400),
    ({"full_house_five": True}, 248.4681),
    ({"two_pairs_four": True}, 248.6441),
    ({"full_house_five": True, "two_pairs_four": True}, 248.6749),
]


@pytest.mark.parametrize(("opts", "value"), PUBLISHED)
def test_the_advisor_reproduces_the_published_yatzy_values(opts, value):
    rs = ruleset("yatzy", **opts)
    adv = Advisor(rs)
    assert adv.has_table() and round(adv.expected_score(), 4) == value
    # the fresh card's value again, by the within-turn programme over the table's rows and these very rules
    table = adv._find_table()
    assert adv.model.start_value(table, 0, 0, 0) == pytest.approx(value, abs=6e-5)


def test_five_alike_is_a_full_house_and_four_alike_two_pairs_only_under_the_house_rules():
    plain, fh5, tp4 = ruleset("yatzy"), ruleset("yatzy", full_house_five=True), ruleset("yatzy", two_pairs_four=True)
    assert (plain.score("full_house", [4] * 5), fh5.score("full_house", [4] * 5)) == (0, 20)
    assert (plain.score("two_pairs", [6, 6, 6, 6, 1]), tp4.score("two_pairs", [6, 6, 6, 6, 1])) == (0, 24)
    assert fh5.score("full_house", [6, 6, 6, 6, 5]) == 0 and tp4.score("two_pairs", [6, 6, 6, 5, 5]) == 22
    assert fh5.score("two_pairs", [6, 6, 6, 6, 1]) == 0 and tp4.score("full_house", [4] * 5) == 0


def test_each_house_rule_has_its_table_named_by_the_option_and_the_standard_one_is_unchanged():
    names = [variants.table_name(rs) for rs in variants.VARIANTS["yatzy"].shipped_tables()]
    assert names == [
        "yatzy.bin",
        "yatzy.two_pairs_four-true.bin",
        "yatzy.full_house_five-true.bin",
        "yatzy.full_house_five-true.two_pairs_four-true.bin",
    ]
    assert ruleset("yatzy").to_dict() == {"name": "yatzy", "options": {}}  # yatzy.bin's header and old records


def test_the_rules_screen_words_the_house_rules_from_the_data():
    plain = rules_text.rules_of(ruleset("yatzy"))
    both = rules_text.rules_of(ruleset("yatzy", full_house_five=True, two_pairs_four=True))
    assert [n.text() for n in plain.box("full_house").notes] == [
        "The groups must show different faces: 5 dice alike do not count."
    ]
    assert [n.text() for n in both.box("full_house").notes] == [
        "The groups may show the same face: 5 dice alike count too."
    ]
    assert [n.text() for n in both.box("two_pairs").notes] == [
        "The groups may show the same face: 4 dice alike count too."
    ]


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_setup_form_offers_the_new_options_in_every_language(code):
    t = Text.from_mo(code, catalogue(code)) if code != "en" else Text(LANGUAGES[code])
    html = forms.setup_form(t)
    for name in ("yatzy", "yahtzee"):
        spec = variants.VARIANTS[name].option("forced_order")
        assert f'name="{name}.forced_order"' in html and escape(spec.display(t)) in html
    for option in ("full_house_five", "two_pairs_four", "bonus_at_42"):
        label = variants.VARIANTS["yatzy"].option(option).display(t)
        assert f'name="yatzy.{option}"' in html and escape(label) in html
        assert code == "en" or label != variants.VARIANTS["yatzy"].option(option).display()  # translated


def test_the_forms_fields_give_the_house_rules_and_back():
    fields = form_values(Setup(rules="yatzy", options=(("two_pairs_four", True), ("forced_order", True))))
    assert fields["yatzy.two_pairs_four"] == "1" and fields["yatzy.full_house_five"] == "0"
    setup, problems = setup_from_fields(fields)
    assert not problems and setup.ruleset() == ruleset("yatzy", two_pairs_four=True, forced_order=True)


def _other_values(spec):
    return [value for value in spec.values if value != spec.default][:3]


@pytest.mark.parametrize(
    ("name", "option", "value"),
    [
        (v.name, spec.name, value)
        for v in variants.VARIANTS.values()
        for spec in v.options
        for value in _other_values(spec)
    ],
)
def test_the_rules_screen_words_every_option_from_the_data(name, option, value):
    """Each option's value changes what the Rules screen says (an option played within another is played with it)."""
    spec = variants.VARIANTS[name].option(option)
    base = {spec.within: True} if spec.within else {}
    plain = rules_text.panel_html(ruleset(name, **base))
    changed = rules_text.panel_html(ruleset(name, **base, **{option: value}))
    assert changed != plain


def test_the_rules_screen_says_the_bonus_at_42():
    forced = ruleset("yatzy", forced_order=True)
    panel = rules_text.panel_html(ruleset("yatzy", forced_order=True, bonus_at_42=True))
    assert "total 42 or more" in panel and "total 42 or more" not in rules_text.panel_html(forced)


def test_only_the_default_rules_tables_are_precached_and_the_bonus_at_42_needs_none():
    """The first visit downloads no option's table: each is fetched when its rules are played."""
    from game.coach.coaching import Coach
    from game.coach.tables import spread_name
    from tools import build

    defaults, options = set(), set()
    for v in variants.VARIANTS.values():
        for rs in v.shipped_tables():
            name = variants.table_name(rs)
            (defaults if rs == v.ruleset() else options).update({name, spread_name(name)})
    paths = [f"static/tables/{name}" for name in sorted(defaults | options)]
    assert {p.removeprefix("static/tables/") for p in build.precached(paths)} <= defaults
    assert {"yatzy.full_house_five-true.bin", "yatzy.two_pairs_four-true.sd.bin"} <= options
    coach = Coach(ruleset("yatzy", forced_order=True, bonus_at_42=True))
    assert coach.needs_table() is None and coach.needs_spread() is None
