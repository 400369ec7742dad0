"""game.core.rules: the seeds' scoring tables, the rule sets' shapes, the scorecard rules and the errors.

Data files (tests/data/):
- yahtzee_scoring.json: every row of seed 001's scoring tables. `counts` is the seed's Value Count
  cells for 1's..6's (an int, "DC", "< k", ">= k") or its "Any (other) combination" wording,
  `seed_result` the seed's Expected Result cell, `dice` one concrete roll of that row, `expected`
  its score; `note` marks where the seed is garbled or disagrees with another seed.
- rules_yacht.json (seed 000) and rules_yatzy.json (seed 002): description / category / dice /
  expected / source.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest

from game.core import standard, variants
from game.core.rule_errors import (
    CategoryFilledError,
    ChoiceError,
    InvalidDiceError,
    InvalidOptionError,
    JokerRuleError,
    RulesError,
    UnknownCategoryError,
    UnknownRuleSetError,
)
from game.core.rules import Category, Joker, RuleSet, Section, Totals
from game.core.variants import RULESET_NAMES, VARIANTS, from_dict, ruleset, variant

DATA = Path(__file__).resolve().parents[2] / "data"
ROLLS_5D6 = list(itertools.combinations_with_replacement(range(1, 7), 5))  # the 252 distinct rolls

SEED_001 = ruleset("yahtzee", upper_bonus=False, yahtzee_bonus=False, joker="none")
YAHTZEE = ruleset("yahtzee")
YACHT = ruleset("yacht")
YATZY = ruleset("yatzy")


def load(name: str) -> list[dict]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def cases(name: str):
    return [pytest.param(case, id=case["description"]) for case in load(name)]


# --------------------------------------------------------------------------------------------
# Seed 001: every row of the scoring tables
# --------------------------------------------------------------------------------------------

SEED_001_CASES = load("yahtzee_scoring.json")


def cell_holds(cell, count: int) -> bool:
    """Whether a face's count satisfies one Value Count cell of seed 001 ("DC", 3, "< 3", ">= 1"…)."""
    if cell == "DC":
        return True
    if isinstance(cell, int):
        return count == cell
    text = cell.replace(" ", "")
    if text.startswith(">="):
        return count >= int(text[2:])
    if text.startswith("<"):
        return count < int(text[1:])
    raise AssertionError(f"unreadable cell {cell!r}")


def row_holds(row_counts, dice) -> bool:
    """Whether a roll belongs to a table row given as six Value Count cells."""
    counts = Counter(dice)
    return all(cell_holds(cell, counts[face]) for face, cell in zip(range(1, 7), row_counts))


def seed_value(seed_result: str, dice) -> int:
    """The seed's Expected Result cell as points: a number, 'Sum of all dice' or 'Scratch' (0)."""
    if seed_result == "Sum of all dice":
        return sum(dice)
    if seed_result == "Scratch":
        return 0
    return int(seed_result.split()[0])


def test_seed_001_tables_are_all_there():
    tables = Counter(case["table"] for case in SEED_001_CASES if isinstance(case["counts"], list))
    assert tables == {
        "Ones": 6,
        "Twos": 6,
        "Threes": 6,
        "Fours": 6,
        "Fives": 6,
        "Sixes": 6,
        "3-of-a-kind": 7,
        "4-of-a-kind": 7,
        "Full House": 30,
        "Small Straight": 3,
        "Large Straight": 2,
        "Yahtzee": 6,
    }
    other_rows = {(c["table"], c["variant"]) for c in SEED_001_CASES if not isinstance(c["counts"], list)}
    assert other_rows == {
        ("Full House", 31),
        ("Small Straight", 4),
        ("Large Straight", 3),
        ("Yahtzee", 7),
        ("Chance", 1),
    }
    # The 30 full-house rows are the 30 (three-face, two-face) pairs, each once.
    full_houses = [tuple(c["counts"]) for c in SEED_001_CASES if c["table"] == "Full House" and c["variant"] <= 30]
    assert sorted(full_houses) == sorted(
        tuple(3 if f == three else 2 if f == two else 0 for f in range(1, 7))
        for three, two in itertools.permutations(range(1, 7), 2)
    )


@pytest.mark.parametrize("case", cases("yahtzee_scoring.json"))
def test_seed_001_scoring_table_row(case):
    dice = case["dice"]
    if isinstance(case["counts"], list):  # the example really belongs to its row
        assert row_holds(case["counts"], dice)
    assert seed_value(case["seed_result"], dice) == case["expected"]
    assert SEED_001.score(case["category"], dice) == case["expected"]
    assert YAHTZEE.score(case["category"], dice) == case["expected"]  # out of context, options change nothing


def test_seed_001_every_roll_obeys_its_table():
    """Each table row, applied to all 252 rolls: rows with counts score their result, 'other' rows 0."""
    by_table: dict[str, list[dict]] = {}
    for case in SEED_001_CASES:
        rows = by_table.setdefault(case["table"], [])
        if all(row["variant"] != case["variant"] for row in rows):
            rows.append(case)
    checked = 0
    for table, rows in by_table.items():
        category = rows[0]["category"]
        for dice in ROLLS_5D6:
            matching = [r for r in rows if isinstance(r["counts"], list) and row_holds(r["counts"], dice)]
            if matching:
                want = {seed_value(r["seed_result"], dice) for r in matching}
            else:
                others = [r for r in rows if not isinstance(r["counts"], list)]
                assert others, f"{table}: {dice} matches no row"
                want = {seed_value(others[0]["seed_result"], dice)}
            assert want == {SEED_001.score(category, dice)}, (table, dice)
            checked += 1
    assert checked == 252 * 13


def test_seed_001_game_has_no_bonus_and_plain_totals():
    assert (SEED_001.upper_bonus_threshold, SEED_001.upper_bonus_amount, SEED_001.yahtzee_bonus_amount) == (0, 0, 0)
    assert SEED_001.joker is Joker.NONE
    full = {c.id: c.max_score for c in SEED_001.categories}
    t = SEED_001.totals(full)
    assert t == Totals(105, 0, 105, 235, 0, 340)  # grand total = sum of the two subtotals
    # No Yahtzee bonus, no joker: a second Yahtzee scores as usual and earns nothing.
    scores = {"yahtzee": 50}
    assert SEED_001.yahtzee_bonus(scores, [6] * 5) == 0
    assert SEED_001.choices(scores, [6] * 5) == {
        c.id: SEED_001.score(c, [6] * 5) for c in SEED_001.categories if c.id != "yahtzee"
    }
    assert SEED_001.choices(scores, [6] * 5)["full_house"] == 0


# --------------------------------------------------------------------------------------------
# Seed 003: the list-based cross-check of Yahtzee scoring
# --------------------------------------------------------------------------------------------


def sgc(dice):
    """Seed 003's 'sorted group counts'."""
    return sorted(Counter(dice).values())


def seed_003(category: str, dice) -> int:
    """Seed 003's routines, literally (LCNT, SGC, sorted differences, LEQ)."""
    s = sorted(dice)
    if category in standard._UPPER_WORDS[:6]:
        face = standard._UPPER_WORDS.index(category) + 1
        return dice.count(face) * face
    if category in ("three_of_a_kind", "four_of_a_kind"):
        k = 3 if category == "three_of_a_kind" else 4
        return sum(dice) * (k <= sgc(dice)[-1])
    if category == "full_house":
        return 25 * (sgc(dice) == [2, 3])
    if category in ("small_straight", "large_straight"):
        k = 3 if category == "small_straight" else 4
        deltas = sorted(b - a for a, b in zip(s, s[1:]))
        return 10 * k * all(x == 1 for x in deltas[:k] + [1])
    if category == "yahtzee":
        return 50 * (len(set(dice)) == 1)
    return sum(dice)


def test_seed_003_agrees_except_its_small_straight():
    """Seed 003 agrees on every roll and category but Small Straight, where sorted differences go wrong."""
    wrong = set()
    for dice in ROLLS_5D6:
        for c in YAHTZEE.categories:
            if seed_003(c.id, list(dice)) != YAHTZEE.score(c, dice):
                assert c.id == "small_straight"
                wrong.add(dice)
    # False positives: two separate runs whose differences still contain three 1s.
    assert (1, 2, 4, 5, 6) in wrong and YAHTZEE.score("small_straight", (1, 2, 4, 5, 6)) == 0
    assert (1, 2, 3, 5, 6) in wrong and YAHTZEE.score("small_straight", (1, 2, 3, 5, 6)) == 0
    # False negatives: a duplicate inside the run gives a 0 difference.
    assert (1, 2, 3, 4, 4) in wrong and YAHTZEE.score("small_straight", (1, 2, 3, 4, 4)) == 30
    assert (2, 3, 3, 4, 5) in wrong and YAHTZEE.score("small_straight", (2, 3, 3, 4, 5)) == 30
    # Exactly these 14 rolls: the 2 above and 12 small straights holding one duplicate face.
    assert len(wrong) == 14
    assert {d for d in wrong if YAHTZEE.score("small_straight", d) == 0} == {(1, 2, 3, 5, 6), (1, 2, 4, 5, 6)}
    assert all(len(set(d)) == 4 for d in wrong if YAHTZEE.score("small_straight", d) == 30)
    # Our rule is seed 001's table: some four consecutive faces are all present.
    for dice in ROLLS_5D6:
        present = set(dice)
        table = any({a, a + 1, a + 2, a + 3} <= present for a in (1, 2, 3))
        assert YAHTZEE.score("small_straight", dice) == 30 * table


# --------------------------------------------------------------------------------------------
# Seed 000 (Yacht) and seed 002 (Yatzy), data-driven
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases("rules_yacht.json"))
def test_yacht_seed_000(case):
    assert YACHT.score(case["category"], case["dice"]) == case["expected"]


@pytest.mark.parametrize("case", cases("rules_yatzy.json"))
def test_yatzy_seed_002(case):
    assert YATZY.score(case["category"], case["dice"]) == case["expected"]


def test_yacht_matches_the_z_specification_on_every_roll():
    """Each Z schema of seed 000, written out over dice positions, against the rule set."""
    posn = range(5)
    for r in ROLLS_5D6:
        spec = {f"{w}": sum(v for v in r if v == k) for k, w in enumerate(standard._UPPER_WORDS[:6], 1)}
        fh = [
            sum(r)
            for x in itertools.combinations(posn, 3)
            if len({r[i] for i in x}) == 1 and len({r[i] for i in posn if i not in x}) == 1
        ]
        spec["full_house"] = fh[0] if fh else 0
        fk = [sum(r[i] for i in x) for x in itertools.combinations(posn, 4) if len({r[i] for i in x}) == 1]
        spec["four_of_a_kind"] = fk[0] if fk else 0
        spec["little_straight"] = 30 if set(r) == set(range(1, 6)) else 0
        spec["big_straight"] = 30 if set(r) == set(range(2, 7)) else 0
        spec["choice"] = sum(r)
        spec["yacht"] = 50 if len(set(r)) == 1 else 0
        assert spec == {c.id: YACHT.score(c, r) for c in YACHT.categories}, r


def test_yacht_shape():
    assert (YACHT.dice, YACHT.sides, YACHT.rolls_per_turn) == (5, 6, 3)
    assert [c.id for c in YACHT.categories] == [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "full_house",
        "four_of_a_kind",
        "little_straight",
        "big_straight",
        "choice",
        "yacht",
    ]
    assert [c.name for c in YACHT.lower] == [
        "Full House",
        "Four of a Kind",
        "Little Straight",
        "Big Straight",
        "Choice",
        "Yacht",
    ]
    assert YACHT.category("ones").name == "Aces"  # seed 000: "score a roll as Aces, Twos, Threes etc"
    assert (YACHT.upper_bonus_threshold, YACHT.upper_bonus_amount, YACHT.yahtzee_bonus_amount) == (0, 0, 0)
    assert (YACHT.joker, YACHT.yahtzee_id, YACHT.options, YACHT.title) == (Joker.NONE, "yacht", {}, "Yacht")


def test_yacht_final_score_is_the_plain_sum():
    scores = {"sixes": 24, "fives": 25, "fours": 20, "threes": 15, "twos": 10, "ones": 5, "yacht": 50}
    t = YACHT.totals(scores)
    assert t == Totals(99, 0, 99, 50, 0, 149)  # 99 >= 63 but Yacht has no upper bonus
    assert YACHT.yahtzee_bonus({"yacht": 50}, [2] * 5) == 0
    with pytest.raises(RulesError, match="no Yahtzee bonus"):
        YACHT.totals(scores, 100)


def test_yatzy_shape_and_bonus():
    assert [c.id for c in YATZY.categories] == [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "one_pair",
        "two_pairs",
        "three_of_a_kind",
        "four_of_a_kind",
        "small_straight",
        "large_straight",
        "full_house",
        "chance",
        "yatzy",
    ]
    assert [c.name for c in YATZY.lower] == [
        "One Pair",
        "Two Pairs",
        "Three of a Kind",
        "Four of a Kind",
        "Small Straight",
        "Large Straight",
        "Full House",
        "Chance",
        "Yatzy",
    ]
    assert (YATZY.upper_bonus_threshold, YATZY.upper_bonus_amount, YATZY.yahtzee_bonus_amount) == (63, 50, 0)
    assert (YATZY.joker, YATZY.yahtzee_id) == (Joker.NONE, "yatzy")
    three_each = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    assert YATZY.totals(three_each).upper_bonus == 50
    assert YATZY.totals({**three_each, "sixes": 12}).upper_bonus == 0
    # No joker: a second Yatzy goes anywhere at its plain score.
    assert YATZY.choices({"yatzy": 50}, [3] * 5)["full_house"] == 0


def test_yatzy_seed_002_full_house_choice():
    """'A full house could be scored in Full House, Three of a Kind, Two Pairs, One Pair or Chance.'"""
    got = {k: v for k, v in YATZY.choices({}, [2, 2, 5, 5, 5]).items() if v}
    assert got == {
        "twos": 4,
        "fives": 15,
        "one_pair": 10,
        "two_pairs": 14,
        "three_of_a_kind": 15,
        "full_house": 19,
        "chance": 19,
    }


# --------------------------------------------------------------------------------------------
# Yahtzee: shape, bonuses, joker
# --------------------------------------------------------------------------------------------


def test_yahtzee_shape():
    assert (YAHTZEE.dice, YAHTZEE.sides, YAHTZEE.rolls_per_turn, YAHTZEE.title) == (5, 6, 3, "Yahtzee")
    assert [c.id for c in YAHTZEE.upper] == ["ones", "twos", "threes", "fours", "fives", "sixes"]
    assert [c.id for c in YAHTZEE.lower] == [
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "yahtzee",
        "chance",
    ]
    assert [c.name for c in YAHTZEE.categories][6:] == [
        "Three of a Kind",
        "Four of a Kind",
        "Full House",
        "Small Straight",
        "Large Straight",
        "Yahtzee",
        "Chance",
    ]
    assert all(c.section is Section.UPPER for c in YAHTZEE.upper)
    assert all(c.section is Section.LOWER for c in YAHTZEE.lower)
    assert YAHTZEE.categories == YAHTZEE.upper + YAHTZEE.lower
    assert (YAHTZEE.upper_bonus_threshold, YAHTZEE.upper_bonus_amount, YAHTZEE.yahtzee_bonus_amount) == (63, 35, 100)
    assert (YAHTZEE.joker, YAHTZEE.yahtzee_id) == (Joker.FORCED, "yahtzee")
    assert YAHTZEE.options == {"upper_bonus": True, "yahtzee_bonus": True, "joker": "forced", "forced_order": False}


@pytest.mark.parametrize(
    "dice, expected",
    [
        ([1, 1, 1, 2, 2], {"ones": 3, "twos": 4, "three_of_a_kind": 7, "full_house": 25, "chance": 7}),
        ([3, 3, 3, 3, 3], {"threes": 15, "three_of_a_kind": 15, "four_of_a_kind": 15, "yahtzee": 50, "chance": 15}),
        (
            [6, 1, 3, 4, 5],
            {"ones": 1, "threes": 3, "fours": 4, "fives": 5, "sixes": 6, "small_straight": 30, "chance": 19},
        ),
        (
            [2, 3, 4, 5, 6],
            {
                "twos": 2,
                "threes": 3,
                "fours": 4,
                "fives": 5,
                "sixes": 6,
                "small_straight": 30,
                "large_straight": 40,
                "chance": 20,
            },
        ),
        ([4, 4, 4, 4, 1], {"ones": 1, "fours": 16, "three_of_a_kind": 17, "four_of_a_kind": 17, "chance": 17}),
    ],
    ids=lambda v: "-".join(map(str, v)) if isinstance(v, list) else "",
)
def test_yahtzee_whole_roll(dice, expected):
    """Every category at once for a few rolls (zeros left out)."""
    assert {k: v for k, v in YAHTZEE.choices({}, dice).items() if v} == expected


def test_upper_bonus_at_63():
    three_each = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    assert YAHTZEE.totals(three_each) == Totals(63, 35, 98, 0, 0, 98)
    assert YAHTZEE.totals({**three_each, "ones": 2}) == Totals(62, 0, 62, 0, 0, 62)
    no_bonus = ruleset("yahtzee", upper_bonus=False)
    assert no_bonus.totals(three_each) == Totals(63, 0, 63, 0, 0, 63)
    assert (no_bonus.upper_bonus_threshold, no_bonus.upper_bonus_amount) == (0, 0)


def test_yahtzee_bonus_only_when_the_box_holds_50():
    for joker in ("forced", "free", "none"):
        rs = ruleset("yahtzee", joker=joker)
        assert rs.yahtzee_bonus({"yahtzee": 50}, [5] * 5) == 100
        assert rs.yahtzee_bonus({"yahtzee": 0}, [5] * 5) == 0  # scratched: joker maybe, bonus never
        assert rs.yahtzee_bonus({}, [5] * 5) == 0  # first Yahtzee: goes in the box, no bonus
        assert rs.yahtzee_bonus({"yahtzee": 50}, [5, 5, 5, 5, 4]) == 0  # not a Yahtzee
    assert ruleset("yahtzee", yahtzee_bonus=False).yahtzee_bonus({"yahtzee": 50}, [5] * 5) == 0
    assert ruleset("yahtzee", yahtzee_bonus=False).yahtzee_bonus_amount == 0
    full = {c.id: 0 for c in YAHTZEE.categories} | {"yahtzee": 50}
    assert YAHTZEE.yahtzee_bonus(full, [5] * 5) == 0  # nothing left to score it in


def test_a_first_yahtzee_is_no_joker():
    """With the Yahtzee box open, a Yahtzee scores normally anywhere (no joker values, no order)."""
    choices = YAHTZEE.choices({"fives": 25}, [5] * 5)
    assert choices == {c.id: YAHTZEE.score(c, [5] * 5) for c in YAHTZEE.categories if c.id != "fives"}
    assert choices["full_house"] == 0 and choices["yahtzee"] == 50


@pytest.mark.parametrize("box", [50, 0])
def test_forced_joker_matching_upper_box_first(box):
    scores = {"yahtzee": box}
    assert YAHTZEE.choices(scores, [4] * 5) == {"fours": 20}
    assert YAHTZEE.check(scores, [4] * 5, "fours") == 20
    with pytest.raises(JokerRuleError, match="must go in the matching upper box, Fours") as err:
        YAHTZEE.check(scores, [4] * 5, "full_house")
    assert isinstance(err.value, ChoiceError) and isinstance(err.value, ValueError)
    assert "Full House is not allowed for 4-4-4-4-4" in str(err.value)


@pytest.mark.parametrize("box", [50, 0])
def test_forced_joker_then_any_open_lower_box_at_joker_values(box):
    scores = {"yahtzee": box, "fours": 12, "chance": 20, "small_straight": 30}
    assert YAHTZEE.choices(scores, [4] * 5) == {
        "three_of_a_kind": 20,
        "four_of_a_kind": 20,
        "full_house": 25,
        "large_straight": 40,
    }
    assert YAHTZEE.check(scores, [4] * 5, "large_straight") == 40
    with pytest.raises(
        JokerRuleError, match=r"an open lower box \(Three of a Kind, Four of a Kind, Full House, Large Straight\)"
    ):
        YAHTZEE.check(scores, [4] * 5, "sixes")
    assert YAHTZEE.yahtzee_bonus(scores, [4] * 5) == (100 if box else 0)


def test_forced_joker_last_a_zero_in_any_open_upper_box():
    lower = {c.id: c.max_score for c in YAHTZEE.lower}
    scores = {**lower, "fours": 12, "ones": 3}
    assert YAHTZEE.choices(scores, [4] * 5) == {"twos": 0, "threes": 0, "fives": 0, "sixes": 0}
    assert YAHTZEE.check(scores, [4] * 5, "sixes") == 0


def test_free_joker_any_open_box():
    rs = ruleset("yahtzee", joker="free")
    # Any open box may take the joker; while Fours is open, the lower boxes score as usual.
    scores = {"yahtzee": 50}
    assert rs.choices(scores, [4] * 5) == {
        "ones": 0,
        "twos": 0,
        "threes": 0,
        "fours": 20,
        "fives": 0,
        "sixes": 0,
        "three_of_a_kind": 20,
        "four_of_a_kind": 20,
        "full_house": 0,
        "small_straight": 0,
        "large_straight": 0,
        "chance": 20,
    }
    # Once Fours is filled, Full House and the straights pay their joker points.
    scores = {"yahtzee": 50, "fours": 12}
    assert rs.choices(scores, [4] * 5) == {
        "ones": 0,
        "twos": 0,
        "threes": 0,
        "fives": 0,
        "sixes": 0,
        "three_of_a_kind": 20,
        "four_of_a_kind": 20,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "chance": 20,
    }
    assert rs.check(scores, [4] * 5, "full_house") == 25
    assert rs.check({"yahtzee": 0, "sixes": 24}, [6] * 5, "small_straight") == 30
    assert rs.check({"yahtzee": 0}, [6] * 5, "small_straight") == 0
    assert rs.yahtzee_bonus(scores, [4] * 5) == 100


def test_no_joker_plain_scores():
    rs = ruleset("yahtzee", joker="none")
    assert rs.joker is Joker.NONE
    choices = rs.choices({"yahtzee": 50}, [4] * 5)
    assert choices["full_house"] == 0 and choices["large_straight"] == 0 and choices["fours"] == 20
    assert len(choices) == 12
    assert rs.yahtzee_bonus({"yahtzee": 50}, [4] * 5) == 100  # the bonus does not need the joker


def test_joker_needs_a_yahtzee():
    scores = {"yahtzee": 50}
    assert YAHTZEE.choices(scores, [4, 4, 4, 4, 3])["full_house"] == 0
    assert len(YAHTZEE.choices(scores, [4, 4, 4, 4, 3])) == 12


def test_check_filled_and_unknown():
    with pytest.raises(CategoryFilledError, match=r"^Full House is already filled \(25\)$"):
        YAHTZEE.check({"full_house": 25}, [1, 2, 3, 4, 5], "full_house")
    with pytest.raises(CategoryFilledError, match=r"Yahtzee is already filled \(0\)"):
        YAHTZEE.check({"yahtzee": 0}, [1, 2, 3, 4, 5], YAHTZEE.category("yahtzee"))
    with pytest.raises(UnknownCategoryError, match="'fullhouse'"):
        YAHTZEE.check({}, [1, 2, 3, 4, 5], "fullhouse")
    with pytest.raises(InvalidDiceError):
        YAHTZEE.check({}, [1, 2, 3, 4], "chance")
    assert YAHTZEE.check({}, [1, 2, 3, 4, 5], "large_straight") == 40
    assert YAHTZEE.check({}, [1, 2, 3, 4, 6], "large_straight") == 0  # a scratch is always allowed


def test_choices_are_open_boxes_in_scorecard_order():
    scores = {"ones": 2, "full_house": 25, "chance": 17}
    choices = YAHTZEE.choices(scores, [1, 2, 3, 4, 5])
    assert list(choices) == [c.id for c in YAHTZEE.categories if c.id not in scores]
    assert YAHTZEE.choices({c.id: 0 for c in YAHTZEE.categories}, [1, 2, 3, 4, 5]) == {}


def test_totals_full_game_with_yahtzee_bonuses():
    scores = {
        "ones": 3,
        "twos": 6,
        "threes": 12,
        "fours": 12,
        "fives": 15,
        "sixes": 18,
        "three_of_a_kind": 22,
        "four_of_a_kind": 0,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "yahtzee": 50,
        "chance": 21,
    }
    assert YAHTZEE.totals(scores, 200) == Totals(66, 35, 101, 188, 200, 489)
    assert YAHTZEE.totals({}) == Totals(0, 0, 0, 0, 0, 0)


# --------------------------------------------------------------------------------------------
# The RuleSet object
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_ruleset_round_trips(name):
    rs = ruleset(name)
    assert isinstance(rs, RuleSet) and rs.name == name
    assert ruleset(rs.name, **rs.options) == rs
    assert from_dict(rs.to_dict()) == rs
    assert from_dict(json.loads(json.dumps(rs.to_dict()))) == rs
    assert hash(rs) == hash(ruleset(name, **rs.options))
    assert len({c.id for c in rs.categories}) == len(rs.categories)
    assert rs.categories == rs.upper + rs.lower
    assert rs.category(rs.yahtzee_id).max_score == {"maxi": 100}.get(name, 50)  # Maxi Yatzy, six alike: 100
    assert eval(repr(rs), {"ruleset": ruleset}) == rs


def test_ruleset_is_immutable_and_options_are_a_copy():
    rs = ruleset("yahtzee")
    with pytest.raises(AttributeError):
        rs.dice = 6  # type: ignore[misc]
    rs.options["joker"] = "free"
    assert rs.options["joker"] == "forced"
    assert ruleset("yahtzee", joker=Joker.FREE) == ruleset("yahtzee", joker="free")
    assert ruleset("yahtzee", joker="free") != rs
    assert {ruleset("yahtzee"), ruleset("yahtzee", upper_bonus=True)} == {rs}


def test_category_accepts_ids_and_its_own_objects():
    fh = YAHTZEE.category("full_house")
    assert isinstance(fh, Category) and (fh.id, fh.name, fh.section, fh.max_score) == (
        "full_house",
        "Full House",
        Section.LOWER,
        25,
    )
    assert YAHTZEE.category(fh) is fh
    assert YAHTZEE.score(fh, [2, 2, 3, 3, 3]) == YAHTZEE.score("full_house", [2, 2, 3, 3, 3]) == 25
    with pytest.raises(UnknownCategoryError, match="not one of Yahtzee's"):
        YAHTZEE.category(YACHT.category("full_house"))  # Yacht's Full House scores differently
    with pytest.raises(UnknownCategoryError):
        YAHTZEE.category(7)  # type: ignore[arg-type]
    assert hash(fh) == hash(ruleset("yahtzee", joker="none").category("full_house"))


def test_dice_may_be_any_sequence():
    for dice in ([6, 6, 5, 5, 5], (5, 6, 5, 6, 5), range(2, 7)):
        assert YAHTZEE.validate_dice(dice) == tuple(dice)
    assert YAHTZEE.validate_dice(iter([3, 1, 2, 1, 1])) == (3, 1, 2, 1, 1)  # order kept
    assert YAHTZEE.score("large_straight", range(2, 7)) == 40
    assert YAHTZEE.score("chance", iter([1, 2, 3, 4, 5])) == 15
    assert YAHTZEE.is_yahtzee((2, 2, 2, 2, 2)) and not YAHTZEE.is_yahtzee([2, 2, 2, 2, 1])


# --------------------------------------------------------------------------------------------
# The registry
# --------------------------------------------------------------------------------------------


def test_the_registry_lists_every_rule_set_in_order():
    assert RULESET_NAMES == ("yahtzee", "yatzy", "maxi", "yacht", "generalized")
    assert tuple(VARIANTS) == RULESET_NAMES
    assert variants.VARIANTS is VARIANTS
    for name, v in VARIANTS.items():
        assert v.name == name and variant(name) is v
        assert v.ruleset() == ruleset(name) and v.ruleset().name == name
        assert tuple(ruleset(name).options) == tuple(spec.name for spec in v.options)
        assert ruleset(name).options == {spec.name: spec.default for spec in v.options}
        assert all(variant(alias) is v for alias in v.aliases)
    assert [v.aliases for v in VARIANTS.values()] == [(), (), ("maxi-yatzy", "maxiyatzy"), (), ("custom",)]


def test_custom_is_another_name_for_generalized():
    assert variant("custom") is variant("generalized")
    assert ruleset("custom") == ruleset("generalized") and ruleset("custom").name == "generalized"
    assert ruleset("custom", dice=3, sides=4, joker="free") == ruleset("generalized", dice=3, sides=4, joker="free")
    assert ruleset("custom").to_dict()["name"] == "generalized"  # saves keep the registry name
    assert from_dict({"name": "custom", "options": {"sides": 8}}) == ruleset("generalized", sides=8)
    with pytest.raises(InvalidOptionError, match="for generalized"):
        ruleset("custom", dice=11)


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


def test_unknown_ruleset_lists_the_valid_names():
    with pytest.raises(UnknownRuleSetError) as err:
        ruleset("kniffel")
    message = str(err.value)
    assert "'kniffel'" in message and all(name in message for name in RULESET_NAMES)
    assert (
        message
        == "unknown rule set 'kniffel'; valid rule sets: yahtzee, yatzy, maxi (or maxi-yatzy, maxiyatzy), yacht, generalized (or custom)"
    )
    assert isinstance(err.value, ValueError) and isinstance(err.value, RulesError)
    for bad in ("Yahtzee", "Custom", "GENERALIZED", " yacht", "", None, 3):
        with pytest.raises(UnknownRuleSetError):
            ruleset(bad)  # type: ignore[arg-type]
        with pytest.raises(UnknownRuleSetError, match="valid rule sets: yahtzee, yatzy, maxi"):
            variant(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "name, options, fragments",
    [
        ("yahtzee", {"bonus": True}, ["'bonus'", "upper_bonus", "yahtzee_bonus", "joker"]),
        ("yahtzee", {"joker": "sometimes"}, ["joker='sometimes'", "forced", "free", "none"]),
        ("yahtzee", {"upper_bonus": "yes"}, ["upper_bonus='yes'", "True", "False"]),
        ("yahtzee", {"yahtzee_bonus": 1}, ["yahtzee_bonus=1", "True, False"]),
        ("yahtzee", {"dice": 6}, ["'dice'", "upper_bonus, yahtzee_bonus, joker"]),
        ("yacht", {"joker": "free"}, ["'joker'", "yacht takes no options"]),
        ("yatzy", {"upper_bonus": False}, ["'upper_bonus'", "full_house_five, two_pairs_four, forced_order"]),
        ("generalized", {"dice": 11}, ["dice=11", "2..10"]),
        ("generalized", {"dice": 1}, ["dice=1", "2..10"]),
        ("generalized", {"sides": 21}, ["sides=21", "2..20"]),
        ("generalized", {"sides": 1}, ["sides=1", "2..20"]),
        ("generalized", {"sides": 6.0}, ["sides=6.0", "2..20"]),
        ("generalized", {"dice": True}, ["dice=True", "2..10"]),
        ("generalized", {"faces": 6}, ["'faces'", "dice, sides, upper_bonus, yahtzee_bonus, joker"]),
    ],
)
def test_bad_options_list_the_valid_ones(name, options, fragments):
    with pytest.raises(InvalidOptionError) as err:
        ruleset(name, **options)
    assert isinstance(err.value, ValueError)
    for fragment in fragments:
        assert fragment in str(err.value)


@pytest.mark.parametrize(
    "dice, fragments",
    [
        ([1, 2, 7, 3, 3], ["dice [1, 2, 7, 3, 3]", "face 7", "1..6", "Yahtzee"]),
        ([0, 1, 2, 3, 4], ["face 0", "1..6"]),
        ([1, 2, 3, 4], ["dice [1, 2, 3, 4]", "4 dice given", "needs 5"]),
        ([1, 2, 3, 4, 5, 6], ["6 dice given"]),
        ([], ["0 dice given"]),
        ([1, 2, 3.0, 4, 5], ["face 3.0", "not an int"]),
        ([1, 2, "3", 4, 5], ["face '3'", "not an int"]),
        ([1, 2, True, 4, 5], ["face True", "not an int"]),
        (12345, ["dice 12345"]),
        ("12345", ["dice '12345'"]),
        (None, ["dice None"]),
    ],
)
def test_bad_dice_name_the_bad_value(dice, fragments):
    for call in (
        lambda: YAHTZEE.validate_dice(dice),
        lambda: YAHTZEE.score("chance", dice),
        lambda: YAHTZEE.is_yahtzee(dice),
        lambda: YAHTZEE.choices({}, dice),
        lambda: YAHTZEE.yahtzee_bonus({}, dice),
        lambda: YAHTZEE.check({}, dice, "chance"),
    ):
        with pytest.raises(InvalidDiceError) as err:
            call()
        assert isinstance(err.value, ValueError)
        for fragment in fragments:
            assert fragment in str(err.value)


def test_face_range_follows_the_ruleset():
    g = ruleset("generalized", dice=3, sides=4)
    with pytest.raises(InvalidDiceError, match=r"face 5 is outside 1\.\.4 for Custom 3 dice × 4 sides"):
        g.score("chance", [1, 5, 2])
    with pytest.raises(InvalidDiceError, match="5 dice given, Custom 3 dice × 4 sides needs 3"):
        g.score("chance", [1, 2, 3, 4, 4])


def test_unknown_category_names_it_and_lists_the_valid_ids():
    with pytest.raises(UnknownCategoryError) as err:
        YACHT.score("three_of_a_kind", [1, 2, 3, 4, 5])
    message = str(err.value)
    assert "'three_of_a_kind'" in message and "Yacht" in message
    assert all(c.id in message for c in YACHT.categories)
    assert isinstance(err.value, ValueError)


def test_scores_are_validated():
    with pytest.raises(UnknownCategoryError, match="scores: unknown category 'bonus'"):
        YAHTZEE.totals({"bonus": 35})
    with pytest.raises(UnknownCategoryError, match="'little_straight'"):
        YAHTZEE.choices({"little_straight": 30}, [1, 2, 3, 4, 5])
    with pytest.raises(RulesError, match=r"scores\['chance'\] = -1"):
        YAHTZEE.totals({"chance": -1})
    with pytest.raises(RulesError, match=r"scores\['chance'\] = '20'"):
        YAHTZEE.check({"chance": "20"}, [1, 2, 3, 4, 5], "ones")
    with pytest.raises(RulesError, match="must map filled category ids"):
        YAHTZEE.totals([("chance", 20)])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="yahtzee_bonus=-100"):
        YAHTZEE.totals({}, -100)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "yahtzee",
        {},
        {"name": "yatzee"},
        {"name": "yahtzee", "options": {"joker": "always"}},
        {"name": "yahtzee", "options": [["joker", "free"]]},
        {"name": "yahtzee", "options": {}, "version": 2},
        {"name": "generalized", "options": {"dice": 99}},
    ],
)
def test_from_dict_rejects_bad_data(data):
    with pytest.raises(RulesError):
        from_dict(data)


def test_from_dict_fills_defaults():
    assert from_dict({"name": "generalized", "options": {"sides": 8}}) == ruleset("generalized", sides=8)
    assert from_dict({"name": "yacht"}) == YACHT


def test_every_error_is_a_rules_error_and_a_value_error():
    for cls in (
        UnknownRuleSetError,
        InvalidOptionError,
        InvalidDiceError,
        UnknownCategoryError,
        ChoiceError,
        CategoryFilledError,
        JokerRuleError,
    ):
        assert issubclass(cls, RulesError) and issubclass(cls, ValueError)
    assert issubclass(CategoryFilledError, ChoiceError) and issubclass(JokerRuleError, ChoiceError)


def test_rules_are_data_not_code_per_category():
    """One mechanism: every category's rule is one of four matchers and three payouts."""
    matchers, payouts = set(), set()
    for name in RULESET_NAMES:
        for c in ruleset(name).categories:
            matchers.add(c.rule.match.__name__)
            payouts.add(c.rule.pay.__name__)
    assert matchers == {"match_face", "match_groups", "match_run", "match_face_set"}
    assert payouts == {"pay_fixed", "pay_total", "pay_matched"}
