"""Maxi Yatzy as data: the rule sheets' worked examples, every box against a plain definition of its own
over all 462 sorted rolls of six dice, the registry, links, the setup form and the Rules panel.

The rule sheets (README, Rules in the game): maxiyahtzee.com's rules and maxiyatzy.com's Swedish sheet
(the same examples), playonlinedicegames.com's rules; the 50-point bonus at 75 from svenskaspelregler.se.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import pytest

from game.core import variants
from game.core.i18n import Text
from game.core.matchers import MATCHERS, PAYOUTS
from game.core.rule_errors import InvalidOptionError
from game.core.rules import Joker, Section
from game.present import rules_text as rt
from game.present.forms import setup_form
from game.records.choices import parse_link, setup_from_fields
from game.records.stats import ruleset_label

MAXI = variants.ruleset("maxi")
ROLLS = list(itertools.combinations_with_replacement(range(1, 7), 6))


def _dice(text: str) -> list[int]:
    return [int(c) for c in text.split()]


# --------------------------------------------------------------------------------------------
# The rule sheets' worked examples
# --------------------------------------------------------------------------------------------

SHEET = [  # (roll, box, points): every example of maxiyahtzee.com's rules, in its order
    ("3 1 1 6 1 4", "ones", 3),
    ("2 5 4 3 2 6", "twos", 4),
    ("3 2 1 3 4 3", "threes", 9),
    ("4 4 3 4 5 4", "fours", 16),
    ("5 1 2 5 5 4", "fives", 15),
    ("4 6 3 1 6 6", "sixes", 18),
    ("6 4 2 6 5 1", "one_pair", 12),
    ("2 1 3 3 5 5", "two_pairs", 16),
    ("2 2 5 5 6 6", "three_pairs", 26),
    ("4 5 3 5 5 4", "three_of_a_kind", 15),
    ("2 4 2 2 5 2", "four_of_a_kind", 8),
    ("3 3 2 3 3 3", "five_of_a_kind", 15),
    ("1 2 3 4 5 3", "small_straight", 15),
    ("2 3 4 5 6 6", "large_straight", 20),
    ("1 2 3 4 5 6", "full_straight", 21),
    ("3 4 4 6 6 6", "full_house", 26),
    ("2 2 2 5 5 5", "villa", 21),
    ("3 3 6 6 6 6", "tower", 30),
    ("3 4 2 6 5 4", "chance", 24),
    ("4 4 4 4 4 4", "maxi_yatzy", 100),  # maxiyatzy.com's Swedish sheet
]
NOT_MADE = [  # (roll, box): the sheets' "have to have different values", and a straight's faces
    ("3 3 3 3 1 2", "two_pairs"),  # four alike are not two pairs
    ("2 2 2 2 6 6", "three_pairs"),
    ("5 5 5 5 5 5", "three_pairs"),
    ("6 6 6 6 6 1", "full_house"),  # five alike hold no pair of another face
    ("4 4 4 4 4 4", "villa"),
    ("4 4 4 4 4 4", "tower"),
    ("1 2 3 4 6 6", "small_straight"),
    ("1 3 4 5 6 6", "large_straight"),
    ("1 2 3 4 5 5", "full_straight"),
    ("1 2 3 4 5 6", "one_pair"),
    ("6 6 6 6 6 5", "maxi_yatzy"),
]


@pytest.mark.parametrize(("roll", "box", "points"), SHEET, ids=[box for _, box, _ in SHEET])
def test_the_rule_sheets_worked_examples(roll, box, points):
    assert MAXI.score(box, _dice(roll)) == points


@pytest.mark.parametrize(("roll", "box"), NOT_MADE, ids=[f"{box}-{roll}" for roll, box in NOT_MADE])
def test_rolls_that_do_not_make_the_box_score_nothing(roll, box):
    assert MAXI.score(box, _dice(roll)) == 0


def test_the_sheet_names_every_box_once():
    assert [box for _, box, _ in SHEET] == [c.id for c in MAXI.categories]


def test_the_upper_bonus_is_100_at_84_or_50_at_75():
    assert MAXI.totals({"sixes": 36, "fives": 30, "fours": 18}).upper_bonus == 100  # 84: four of each face
    assert MAXI.totals({"sixes": 36, "fives": 30, "fours": 16, "ones": 1}).upper_bonus == 0  # 83
    fifty = variants.ruleset("maxi", upper_bonus="50")
    assert fifty.totals({"sixes": 36, "fives": 30, "threes": 9}).upper_bonus == 50  # 75
    assert fifty.totals({"sixes": 36, "fives": 30, "threes": 6, "twos": 2}).upper_bonus == 0  # 74
    assert fifty.categories == MAXI.categories and fifty != MAXI


# --------------------------------------------------------------------------------------------
# Every box against a plain definition of its own, over all 462 sorted rolls of six dice
# --------------------------------------------------------------------------------------------


def _best(counts: Counter, shape: tuple[int, ...]) -> int:
    """The most points of dice of different faces, ``shape[i]`` of the i-th face (0 when none)."""
    return max(
        (
            sum(face * size for face, size in zip(faces, shape))
            for faces in itertools.permutations(range(1, 7), len(shape))
            if all(counts[face] >= size for face, size in zip(faces, shape))
        ),
        default=0,
    )


def _has(counts: Counter, faces: range) -> bool:
    return all(counts[face] for face in faces)


PLAIN = {
    "one_pair": lambda c, roll: _best(c, (2,)),
    "two_pairs": lambda c, roll: _best(c, (2, 2)),
    "three_pairs": lambda c, roll: _best(c, (2, 2, 2)),
    "three_of_a_kind": lambda c, roll: _best(c, (3,)),
    "four_of_a_kind": lambda c, roll: _best(c, (4,)),
    "five_of_a_kind": lambda c, roll: _best(c, (5,)),
    "small_straight": lambda c, roll: 15 if _has(c, range(1, 6)) else 0,
    "large_straight": lambda c, roll: 20 if _has(c, range(2, 7)) else 0,
    "full_straight": lambda c, roll: 21 if _has(c, range(1, 7)) else 0,
    "full_house": lambda c, roll: _best(c, (3, 2)),
    "villa": lambda c, roll: _best(c, (3, 3)),
    "tower": lambda c, roll: _best(c, (4, 2)),
    "chance": lambda c, roll: sum(roll),
    "maxi_yatzy": lambda c, roll: 100 if len(c) == 1 else 0,
    **{box: (lambda face: lambda c, roll: face * c[face])(face) for face, box in enumerate(
        ("ones", "twos", "threes", "fours", "fives", "sixes"), start=1
    )},
}  # fmt: skip


def test_there_are_462_sorted_rolls_of_six_dice():
    assert len(ROLLS) == len(set(ROLLS)) == 462


@pytest.mark.parametrize("box", list(PLAIN))
def test_each_box_agrees_with_its_plain_definition_on_every_roll(box):
    for roll in ROLLS:
        assert MAXI.score(box, roll) == PLAIN[box](Counter(roll), roll), (box, roll)
    assert max(MAXI.score(box, roll) for roll in ROLLS) == MAXI.category(box).max_score


def test_the_order_of_the_dice_never_matters():
    for roll in ROLLS[::7]:
        for shuffled in set(itertools.permutations(roll)):
            assert all(MAXI.score(c, shuffled) == MAXI.score(c, roll) for c in MAXI.categories)


def test_every_box_is_built_from_the_vocabulary():
    assert all(c.rule is not None and c.rule.match in MATCHERS and c.rule.pay in PAYOUTS for c in MAXI.categories)


# --------------------------------------------------------------------------------------------
# The registry
# --------------------------------------------------------------------------------------------


def test_the_registry_has_maxi_yatzy_with_saved_rolls():
    assert (MAXI.name, MAXI.title, MAXI.dice, MAXI.sides, MAXI.rolls_per_turn) == ("maxi", "Maxi Yatzy", 6, 6, 3)
    assert MAXI.saved_rolls is True
    assert [v.name for v in variants.VARIANTS.values() if v.ruleset().saved_rolls] == ["maxi"]
    assert len(MAXI.upper) == 6 and len(MAXI.lower) == 14 and len(MAXI.categories) == 20
    assert all(c.section is Section.UPPER for c in MAXI.upper)
    assert (MAXI.upper_bonus_threshold, MAXI.upper_bonus_amount, MAXI.yahtzee_bonus_amount) == (84, 100, 0)
    assert (MAXI.joker, MAXI.yahtzee_id) == (Joker.NONE, "maxi_yatzy")


@pytest.mark.parametrize("name", ["maxi", "maxi-yatzy", "maxiyatzy"])
def test_its_names(name):
    assert variants.variant(name) is variants.VARIANTS["maxi"]
    assert variants.ruleset(name) == MAXI


def test_its_option_is_the_upper_bonus():
    assert MAXI.options == {"upper_bonus": "100"}
    assert variants.ruleset("maxi", upper_bonus="50").upper_bonus_amount == 50
    with pytest.raises(InvalidOptionError, match="valid values: 100, 50"):
        variants.ruleset("maxi", upper_bonus="75")
    with pytest.raises(InvalidOptionError):
        variants.ruleset("maxi", joker="free")


def test_it_round_trips_through_saves_and_names_its_table():
    for rs in (MAXI, variants.ruleset("maxi", upper_bonus="50")):
        assert variants.from_dict(rs.to_dict()) == rs
        assert eval(repr(rs), {"ruleset": variants.ruleset}) == rs
    assert variants.table_name(MAXI) == "maxi.bin"
    assert variants.table_name(variants.ruleset("maxi", upper_bonus="50")) == "maxi.upper_bonus-50.bin"
    assert variants.VARIANTS["maxi"].shipped_tables() == ()  # no table is built for twenty boxes


# --------------------------------------------------------------------------------------------
# Links, the setup form and the statistics' label
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["?rules=maxi", "?rules=Maxi-Yatzy", "?rules=maxiyatzy&upper_bonus=100"])
def test_a_link_starts_maxi_yatzy(query):
    setup, problems = parse_link(query)
    assert problems == () and setup.ruleset() == MAXI
    match = setup.start()
    assert match.ruleset == MAXI and len(match.ruleset.categories) == 20


def test_a_link_chooses_the_bonus_and_a_bad_one_is_a_problem():
    setup, problems = parse_link("?rules=maxi&upper_bonus=50")
    assert problems == () and setup.ruleset().upper_bonus_amount == 50
    setup, problems = parse_link("?rules=maxi&upper_bonus=1")
    assert setup.ruleset() == MAXI and len(problems) == 1 and "upper_bonus" in problems[0].message


def test_the_setup_form_offers_it_from_the_registry():
    form = setup_form()
    assert 'value="maxi"' in form and 'name="maxi.upper_bonus"' in form
    setup, problems = setup_from_fields({"rules": "maxi", "maxi.upper_bonus": "50", "count": "1", "name1": "Ann"})
    assert problems == () and setup.ruleset() == variants.ruleset("maxi", upper_bonus="50")


def test_the_statistics_label_says_a_bonus_not_at_its_default():
    assert ruleset_label(MAXI) == "Maxi Yatzy"
    assert ruleset_label(variants.ruleset("maxi", upper_bonus="50")) == "Maxi Yatzy (Bonus of 50 at 75)"


# --------------------------------------------------------------------------------------------
# The Rules panel
# --------------------------------------------------------------------------------------------


def test_the_rules_explain_saved_rolls_from_the_rule_not_the_name():
    said = [s.msgid for s in rt.rules_of(MAXI).general]
    assert rt._SAVED in said and rt._SAVED_EXAMPLE[0] in said and rt._ROLL_ONCE in said
    example = next(s for s in rt.rules_of(MAXI).general if s.msgid == rt._SAVED_EXAMPLE[0])
    assert example.text() == "Stop after the first roll, for example, and your next turn has up to 5 rolls."
    yatzy = variants.ruleset("yatzy")
    assert rt._SAVED not in [s.msgid for s in rt.rules_of(yatzy).general]
    # the sentence follows the rule: any rule set with saved rolls says it, Maxi without them does not
    assert rt._SAVED in [s.msgid for s in rt.rules_of(replace(yatzy, saved_rolls=True)).general]
    assert rt._SAVED not in [s.msgid for s in rt.rules_of(replace(MAXI, saved_rolls=False)).general]


def test_the_rules_word_every_new_box():
    text = rt.rules_of(MAXI)
    words = {
        box.category_id: (box.condition.text(), box.payout.text(), [n.text() for n in box.notes]) for box in text.boxes
    }
    assert words["three_pairs"][0] == "3 groups of 2 dice alike"
    assert words["three_pairs"][2] == ["The groups must show different faces: 6 dice alike do not count."]
    assert words["villa"][0] == "Two groups of 3 dice alike"
    assert words["tower"][0] == "A group of 4 dice alike and another group of 2"
    assert words["full_house"][1] == "Scores the total of the 5 dice that match (the highest, if there is a choice)"
    assert words["five_of_a_kind"][0] == "At least 5 dice showing the same face"
    assert words["maxi_yatzy"][:2] == ("All 6 dice showing the same face", "Scores 100 points")
    assert words["full_straight"][:2] == ("The faces 1, 2, 3, 4, 5 and 6, each on at least one die", "Scores 21 points")
    assert [s.text() for s in text.bonuses] == ["If your upper boxes total 84 or more, you get a bonus of 100 points."]
    html = rt.panel_html(MAXI)
    assert "Rules: Maxi Yatzy" in html and html.count("<dt>") == 20


def _text(code: str) -> Text:
    i18n = pytest.importorskip("tools.i18n")
    return Text.from_mo(code, i18n.compiled(code))


def test_the_boxes_have_each_traditions_names():
    sv = _text("sv")
    names = [c.display(sv) for c in MAXI.lower]
    assert names == [
        "Ett par", "Två par", "Tre par", "Tretal", "Fyrtal", "Femtal", "Liten stege", "Stor stege", "Full stege",
        "Kåk", "Hus", "Torn", "Chans", "Maxi Yatzy",
    ]  # fmt: skip
    assert MAXI.category("tower").display(_text("de")) == "Turm"
    assert MAXI.category("villa").display(_text("da")) == "Villa"
    panel = rt.panel_html(MAXI, sv)
    assert "Slag du inte använder sparas" in panel and "Regler" in panel
