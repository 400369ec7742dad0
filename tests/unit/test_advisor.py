"""The optimal advisor: published values, table integrity, decisions on known positions."""

from __future__ import annotations

import random

import pytest

from game import advisor
from game.advisor import Option, expected_score, is_exact, options
from game.rules import ruleset

# (options, published optimal expected score)
PUBLISHED = [
    ({}, 254.5877),  # official rules: forced joker
    ({"joker": "free"}, 254.5896),  # joker points in the lower section once the upper box is filled
    ({"joker": "none"}, 253.9702),
    ({"joker": "none", "yahtzee_bonus": False}, 245.8708),
]
YATZY = 248.4400
YACHT = 166.9881  # computed here (seed 000's Yacht: Full House = sum, Four of a Kind = the four dice)


@pytest.mark.parametrize(("opts", "value"), PUBLISHED)
def test_published_yahtzee_values_from_shipped_tables(opts, value):
    rs = ruleset("yahtzee", **opts)
    assert advisor.has_table(rs)
    assert expected_score(rs) == pytest.approx(value, abs=0.0005)


def test_published_yatzy_value():
    assert expected_score(ruleset("yatzy")) == pytest.approx(YATZY, abs=0.0005)


def test_yacht_value():
    assert expected_score(ruleset("yacht")) == pytest.approx(YACHT, abs=0.0005)


def test_yacht_table_equals_a_pure_python_solve():
    """The NumPy build and the pure-Python program agree on every Yacht turn-start state."""
    rs = ruleset("yacht")
    m = advisor._model(rs)
    values = advisor._solve(m)
    table = advisor._find_table(rs)
    assert values[0] == pytest.approx(expected_score(rs), abs=1e-9)
    for mask in range(m.full):
        assert table.row(mask, 0)[0] == pytest.approx(values[mask], abs=1e-5)


@pytest.mark.parametrize("name", ["yahtzee", "yatzy", "yacht"])
def test_tables_satisfy_the_bellman_equation(name):
    """A turn-start value equals the within-turn program over its successors' table values."""
    rs = ruleset(name)
    m = advisor._model(rs)
    table = advisor._find_table(rs)
    rng = random.Random(7)
    for _ in range(12):
        mask = rng.randrange(m.full)
        up = rng.choice(m.ups(mask))
        flag = rng.randrange(2) if m.F == 2 and mask >> m.Y & 1 else 0
        assert m.start_value(table, mask, up, flag) == pytest.approx(table.row(mask, flag)[up], abs=2e-5)
    assert m.start_value(table, 0, 0, 0) == pytest.approx(expected_score(rs), abs=2e-5)


def test_first_roll_average_equals_the_expected_score():
    rs = ruleset("yahtzee")
    m = advisor._model(rs)
    mean = sum(p * options(rs, {}, list(r), 2)[0].expected for p, r in zip(m.prob, m.rolls))
    assert mean == pytest.approx(expected_score(rs), abs=1e-4)


def test_the_dp_sees_the_rules_choices():
    """Outside all-alike rolls, the legal choices are the open boxes at their plain scores."""
    for name in ("yahtzee", "yatzy", "yacht"):
        rs = ruleset(name)
        m = advisor._model(rs)
        rng = random.Random(3)
        for _ in range(30):
            mask = rng.randrange(m.full)
            scores = m.rep_scores(mask, 1)
            for ri in rng.sample(range(m.R), 10):
                if ri in m.ypos:
                    continue
                dice = m.rolls[ri]
                want = {m.ids[c]: m.pts[c][ri] for c in range(m.ncat) if not mask >> c & 1}
                assert rs.choices(scores, dice) == want
                assert rs.yahtzee_bonus(scores, dice) == 0


# ---- decisions on known positions ----------------------------------------------------------------


def test_made_large_straight_is_scored_early():
    best = options(ruleset("yahtzee"), {}, [2, 3, 4, 5, 6], 2)[0]
    assert best.action == ("score", "large_straight")


def test_yahtzee_on_the_first_roll_is_kept():
    for name, box in (("yahtzee", "yahtzee"), ("yatzy", "yatzy"), ("yacht", "yacht")):
        best = options(ruleset(name), {}, [4, 4, 4, 4, 4], 2)[0]
        assert best.action == ("score", box)


def test_forced_joker_goes_in_the_matching_upper_box():
    rs = ruleset("yahtzee")
    scores = {"yahtzee": 50, "chance": 20}
    got = options(rs, scores, [5, 5, 5, 5, 5], 0)
    assert [o.action for o in got] == [("score", "fives")]
    # 70 written + 25 in Fives + the 100 bonus + the rest of the game
    assert got[0].expected > 70 + 25 + 100


def test_forced_joker_with_the_upper_box_filled_takes_a_lower_box():
    rs = ruleset("yahtzee")
    scores = {"yahtzee": 50, "fives": 15, "ones": 3}
    got = options(rs, scores, [5, 5, 5, 5, 5], 0)
    assert {o.action[1] for o in got} == set(rs.choices(scores, [5] * 5))
    assert all(rs.category(o.action[1]).section.value == "lower" for o in got)
    assert got[0].action == ("score", "large_straight")


def test_keeps_are_every_distinct_sub_multiset():
    rs = ruleset("yahtzee")
    got = options(rs, {}, [3, 1, 3, 6, 1], 1)
    keeps = [o.action[1] for o in got if o.action[0] == "keep"]
    assert len(keeps) == len(set(keeps)) == 3 * 3 * 2 - 1
    assert all(list(k) == sorted(k) and len(k) < 5 for k in keeps)
    assert () in keeps
    scored = [o.action[1] for o in got if o.action[0] == "score"]
    assert sorted(scored) == sorted(rs.choices({}, [1, 1, 3, 3, 6]))
    assert [o.expected for o in got] == sorted((o.expected for o in got), reverse=True)


def test_no_keeps_without_rolls_left():
    got = options(ruleset("yacht"), {"ones": 2}, [1, 2, 3, 4, 5], 0)
    assert all(o.action[0] == "score" for o in got) and len(got) == 11


def test_expected_counts_points_on_the_card_and_earned_bonuses():
    rs = ruleset("yahtzee")
    scores = {c.id: 0 for c in rs.categories if c.id != "chance"}
    scores.update(ones=3, twos=6, threes=9, fours=12, fives=15, sixes=18, yahtzee=50)
    got = options(rs, scores, [6, 6, 5, 5, 4], 0, yahtzee_bonus=100)
    assert got == [Option(("score", "chance"), 63 + 35 + 50 + 100 + 26)]
    assert options(rs, scores, [6, 6, 5, 5, 4], 1)[0].expected == 63 + 35 + 50 + 26  # 26 beats 25.5 + 1/1296 yahtzee
    best = options(rs, scores, [1, 1, 2, 2, 3], 1, yahtzee_bonus=100)[0]
    # reroll all: 17.5 on average, and a Yahtzee (6 rolls in 7776) earns another 100
    assert best.action == ("keep", ()) and best.expected == pytest.approx(63 + 35 + 50 + 100 + 17.5 + 100 * 6 / 7776)


def test_bad_arguments():
    rs = ruleset("yacht")
    with pytest.raises(ValueError):
        options(rs, {}, [1, 2, 3, 4, 5], 3)
    with pytest.raises(ValueError):
        options(rs, {}, [1, 2, 3, 4, 9], 1)
    with pytest.raises(ValueError):
        options(rs, {"chance": 3}, [1, 2, 3, 4, 5], 1)
    with pytest.raises(ValueError):
        options(rs, {c.id: 0 for c in rs.categories}, [1, 2, 3, 4, 5], 0)


# ---- tables -------------------------------------------------------------------------------------


def test_table_filenames():
    assert advisor.table_filename(ruleset("yatzy")) == "yatzy.bin"
    assert advisor.table_filename(ruleset("yahtzee", joker="none", yahtzee_bonus=False)) == (
        "yahtzee.joker-none.yahtzee_bonus-false.bin"
    )


def test_load_table_checks_the_rules():
    data = (advisor.TABLE_DIR / "yacht.bin").read_bytes()
    with pytest.raises(advisor.TableMismatchError):
        advisor.load_table(ruleset("yatzy"), data)
    with pytest.raises(advisor.TableMismatchError):
        advisor.load_table(ruleset("yacht"), data[:-50])
    with pytest.raises(advisor.TableMismatchError):
        advisor.load_table(ruleset("yacht"), b"nonsense")


def test_loaded_bytes_serve_the_browser_path(monkeypatch, tmp_path):
    """Without files on disk (as in Pyodide) only registered tables count."""
    rs = ruleset("yacht")
    data = (advisor.TABLE_DIR / "yacht.bin").read_bytes()
    monkeypatch.setattr(advisor, "TABLE_DIR", tmp_path)
    advisor.unload_tables()
    try:
        assert not advisor.has_table(rs)
        assert advisor.load_table(rs, data) == pytest.approx(YACHT, abs=0.0005)
        assert advisor.has_table(rs) and is_exact(rs)
    finally:
        advisor.unload_tables()


def test_encode_round_trip_small_ruleset():
    rs = ruleset("generalized", dice=2, sides=3)
    m = advisor._model(rs)
    values = advisor._solve(m)
    data = advisor._encode_table(m, values, values[0])
    table = advisor._Table(m, data)
    for mask, flag in m.rows():
        for up in m.ups(mask):
            assert table.row(mask, flag)[up] == pytest.approx(values[(mask * m.F + flag) * m.U + up], abs=1e-5)


# ---- small and large custom dice -------------------------------------------------------------------


def test_small_custom_dice_are_solved_exactly_here():
    rs = ruleset("generalized", dice=2, sides=3)
    assert is_exact(rs) and not advisor.has_table(rs)
    value = expected_score(rs)
    got = options(rs, {}, [1, 3], rs.rolls_per_turn - 1)
    assert all(o.exact for o in got)
    m = advisor._model(rs)
    mean = sum(p * options(rs, {}, list(r), rs.rolls_per_turn - 1)[0].expected for p, r in zip(m.prob, m.rolls))
    assert mean == pytest.approx(value, abs=1e-9)


def test_large_custom_dice_get_the_labelled_one_turn_advisor():
    rs = ruleset("generalized", dice=6, sides=8)
    assert not is_exact(rs)
    with pytest.raises(advisor.TableMissingError):
        expected_score(rs)
    got = options(rs, {}, [8, 8, 8, 8, 8, 8], rs.rolls_per_turn - 1)
    assert got and not any(o.exact for o in got)
    assert got[0].action == ("score", "yahtzee")


def test_huge_custom_dice_get_sampled_advice_quickly():
    rs = ruleset("generalized", dice=10, sides=20)
    assert not is_exact(rs)
    dice = [1, 2, 3, 5, 8, 13, 20, 20, 7, 7]
    got = options(rs, {"ones": 1}, dice, 1)
    assert got and not any(o.exact for o in got)
    assert len(got) == len(rs.choices({"ones": 1}, dice)) + 3 * 3 * 2**6 - 1
    assert got == options(rs, {"ones": 1}, dice, 1)  # deterministic
    assert [o.action for o in options(rs, {}, [20] * 10, 0)][0] == ("score", "yahtzee")
