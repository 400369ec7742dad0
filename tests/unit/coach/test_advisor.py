"""The optimal advisor: published values, table integrity, decisions on known positions."""

from __future__ import annotations

import random
from functools import cache

import pytest

from game.coach import advisor, model, sampled, solve, tables
from game.coach.advisor import Advisor, Option
from game.core.actions import Keep, Score
from game.core.rules import RuleSet
from game.core.variants import ruleset, table_name


@cache
def shared(rs: RuleSet) -> Advisor:
    """One Advisor per rule set for the whole run, as the game holds one per match."""
    return Advisor(rs)


def options(rs: RuleSet, *args, **kwargs) -> list[Option]:
    return shared(rs).options(*args, **kwargs)


def expected_score(rs: RuleSet) -> float:
    return shared(rs).expected_score()


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
    assert shared(rs).has_table()
    assert expected_score(rs) == pytest.approx(value, abs=0.0005)


def test_published_yatzy_value():
    assert expected_score(ruleset("yatzy")) == pytest.approx(YATZY, abs=0.0005)


def test_yacht_value():
    assert expected_score(ruleset("yacht")) == pytest.approx(YACHT, abs=0.0005)


def test_yacht_table_equals_a_pure_python_solve():
    """The NumPy build and the pure-Python program agree on every Yacht turn-start state."""
    rs = ruleset("yacht")
    m = shared(rs).model
    values = solve.solve(m)
    table = shared(rs)._find_table()
    assert values[0] == pytest.approx(expected_score(rs), abs=1e-9)
    for mask in range(m.full):
        assert table.row(mask, 0)[0] == pytest.approx(values[mask], abs=1e-5)


@pytest.mark.parametrize("name", ["yahtzee", "yatzy", "yacht"])
def test_tables_satisfy_the_bellman_equation(name):
    """A turn-start value equals the within-turn program over its successors' table values."""
    rs = ruleset(name)
    m = shared(rs).model
    table = shared(rs)._find_table()
    rng = random.Random(7)
    for _ in range(12):
        mask = rng.randrange(m.full)
        up = rng.choice(m.ups(mask))
        flag = rng.randrange(2) if m.F == 2 and mask >> m.Y & 1 else 0
        assert m.start_value(table, mask, up, flag) == pytest.approx(table.row(mask, flag)[up], abs=2e-5)
    assert m.start_value(table, 0, 0, 0) == pytest.approx(expected_score(rs), abs=2e-5)


def test_first_roll_average_equals_the_expected_score():
    rs = ruleset("yahtzee")
    m = shared(rs).model
    mean = sum(p * options(rs, {}, list(r), 2)[0].expected for p, r in zip(m.prob, m.rolls))
    assert mean == pytest.approx(expected_score(rs), abs=1e-4)


def test_the_dp_sees_the_rules_choices():
    """Outside all-alike rolls, the legal choices are the open boxes at their plain scores."""
    for name in ("yahtzee", "yatzy", "yacht"):
        rs = ruleset(name)
        m = shared(rs).model
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
    assert best.action == Score("large_straight")


def test_yahtzee_on_the_first_roll_is_kept():
    for name, box in (("yahtzee", "yahtzee"), ("yatzy", "yatzy"), ("yacht", "yacht")):
        best = options(ruleset(name), {}, [4, 4, 4, 4, 4], 2)[0]
        assert best.action == Score(box)


def test_forced_joker_goes_in_the_matching_upper_box():
    rs = ruleset("yahtzee")
    scores = {"yahtzee": 50, "chance": 20}
    got = options(rs, scores, [5, 5, 5, 5, 5], 0)
    assert [o.action for o in got] == [Score("fives")]
    # 70 written + 25 in Fives + the 100 bonus + the rest of the game
    assert got[0].expected > 70 + 25 + 100


def test_forced_joker_with_the_upper_box_filled_takes_a_lower_box():
    rs = ruleset("yahtzee")
    scores = {"yahtzee": 50, "fives": 15, "ones": 3}
    got = options(rs, scores, [5, 5, 5, 5, 5], 0)
    assert {o.action.category for o in got} == set(rs.choices(scores, [5] * 5))
    assert all(rs.category(o.action.category).section.value == "lower" for o in got)
    assert got[0].action == Score("large_straight")


def test_keeps_are_every_distinct_sub_multiset():
    rs = ruleset("yahtzee")
    got = options(rs, {}, [3, 1, 3, 6, 1], 1)
    keeps = [o.action.faces for o in got if isinstance(o.action, Keep)]
    assert len(keeps) == len(set(keeps)) == 3 * 3 * 2 - 1
    assert all(list(k) == sorted(k) and len(k) < 5 for k in keeps)
    assert () in keeps
    scored = [o.action.category for o in got if isinstance(o.action, Score)]
    assert sorted(scored) == sorted(rs.choices({}, [1, 1, 3, 3, 6]))
    assert [o.expected for o in got] == sorted((o.expected for o in got), reverse=True)


def test_no_keeps_without_rolls_left():
    got = options(ruleset("yacht"), {"ones": 2}, [1, 2, 3, 4, 5], 0)
    assert all(isinstance(o.action, Score) for o in got) and len(got) == 11


def test_expected_counts_points_on_the_card_and_earned_bonuses():
    rs = ruleset("yahtzee")
    scores = {c.id: 0 for c in rs.categories if c.id != "chance"}
    scores.update(ones=3, twos=6, threes=9, fours=12, fives=15, sixes=18, yahtzee=50)
    got = options(rs, scores, [6, 6, 5, 5, 4], 0, yahtzee_bonus=100)
    assert got == [Option(Score("chance"), 63 + 35 + 50 + 100 + 26)]
    assert options(rs, scores, [6, 6, 5, 5, 4], 1)[0].expected == 63 + 35 + 50 + 26  # 26 beats 25.5 + 1/1296 yahtzee
    best = options(rs, scores, [1, 1, 2, 2, 3], 1, yahtzee_bonus=100)[0]
    # reroll all: 17.5 on average, and a Yahtzee (6 rolls in 7776) earns another 100
    assert best.action == Keep(()) and best.expected == pytest.approx(63 + 35 + 50 + 100 + 17.5 + 100 * 6 / 7776)


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


def test_table_names():
    assert Advisor(ruleset("yatzy")).table_name == "yatzy.bin"
    rs = ruleset("yahtzee", joker="none", yahtzee_bonus=False)
    assert Advisor(rs).table_name == table_name(rs) == "yahtzee.joker-none.yahtzee_bonus-false.bin"


def test_load_table_checks_the_rules():
    data = (advisor.TABLE_DIR / "yacht.bin").read_bytes()
    with pytest.raises(advisor.TableMismatchError):
        Advisor(ruleset("yatzy"), table_dir=None).load_table(data)
    with pytest.raises(advisor.TableMismatchError):
        Advisor(ruleset("yacht"), table_dir=None).load_table(data[:-50])
    with pytest.raises(advisor.TableMismatchError):
        Advisor(ruleset("yacht"), table_dir=None).load_table(b"nonsense")
    assert advisor.TableMismatchError is tables.TableMismatchError


def test_loaded_bytes_serve_the_browser_path(tmp_path):
    """Without files on disk (as in Pyodide) only a loaded table counts."""
    rs = ruleset("yacht")
    data = (advisor.TABLE_DIR / "yacht.bin").read_bytes()
    for folder in (tmp_path, None):
        adv = Advisor(rs, table_dir=folder)
        assert not adv.has_table()
        assert adv.load_table(data) == pytest.approx(YACHT, abs=0.0005)
        assert adv.has_table() and adv.is_exact()
        assert adv.options({}, [6] * 5, 2)[0].action == Score("yacht")


def test_a_table_loaded_later_replaces_the_solve_or_estimate():
    """Turns valued before a table arrives are not reused after it (their source changed)."""
    rs = ruleset("yahtzee", joker="none", yahtzee_bonus=False)
    adv = Advisor(rs, table_dir=None)
    assert not adv.is_exact()
    before = adv.options({}, [1, 2, 3, 4, 6], 2)
    assert not any(o.exact for o in before)
    adv.load_table((advisor.TABLE_DIR / adv.table_name).read_bytes())
    after = adv.options({}, [1, 2, 3, 4, 6], 2)
    assert all(o.exact for o in after)
    assert after == options(rs, {}, [1, 2, 3, 4, 6], 2)


def test_encode_round_trip_small_ruleset():
    rs = ruleset("generalized", dice=2, sides=3)
    m = model.Model(rs)
    values = solve.solve(m)
    data = tables.encode(m, values, values[0])
    table = tables.Table(m, data)
    assert table.expected == values[0] and tables.read_header(data)["rules_crc"] == m.crc
    for mask, flag in m.rows():
        for up in m.ups(mask):
            assert table.row(mask, flag)[up] == pytest.approx(values[(mask * m.F + flag) * m.U + up], abs=1e-5)


def test_a_shipped_table_re_encodes_to_the_same_bytes():
    """The format is stable: decoding the shipped Yacht table and encoding it again gives its bytes."""
    rs = ruleset("yacht")
    data = (advisor.TABLE_DIR / "yacht.bin").read_bytes()
    m = model.Model(rs)
    table = tables.Table(m, data)
    values = [0.0] * ((m.full + 1) * m.F * m.U)
    for mask, flag in m.rows():
        a = (mask * m.F + flag) * m.U
        values[a : a + m.U] = table.row(mask, flag)
    assert tables.encode(m, values, table.expected) == data


# ---- advisors are independent objects --------------------------------------------------------------


def test_advisors_of_different_rule_sets_share_nothing():
    yacht, yatzy = Advisor(ruleset("yacht")), Advisor(ruleset("yatzy"))
    assert yacht.options({}, [4] * 5, 2)[0].action == Score("yacht")
    assert yatzy.options({}, [4] * 5, 2)[0].action == Score("yatzy")
    assert yacht.expected_score() == pytest.approx(YACHT, abs=0.0005)
    assert yatzy.expected_score() == pytest.approx(YATZY, abs=0.0005)
    assert yacht.model is not yatzy.model and yacht._find_table() is not yatzy._find_table()
    assert yacht._turns and yatzy._turns and yacht._turns is not yatzy._turns
    # loading into one (here: a table for other rules, refused) leaves the other as it was
    fresh = Advisor(ruleset("yatzy"), table_dir=None)
    with pytest.raises(advisor.TableMismatchError):
        fresh.load_table((advisor.TABLE_DIR / "yacht.bin").read_bytes())
    assert not fresh.has_table() and yatzy.has_table()


def test_two_advisors_of_one_rule_set_agree_but_keep_their_own_caches():
    one, two = Advisor(ruleset("yahtzee")), Advisor(ruleset("yahtzee"), table_dir=None)
    assert not two.has_table() and one.has_table()
    assert one.options({}, [2, 3, 4, 5, 5], 2) == shared(ruleset("yahtzee")).options({}, [2, 3, 4, 5, 5], 2)


@pytest.mark.parametrize("module", [advisor, model, sampled, solve, tables])
def test_no_module_level_mutable_state(module):
    """Everything an advisor computes lives on the Advisor: the modules hold only constants."""
    mutable = (dict, list, set, bytearray)
    found = {
        name: type(value).__name__
        for name, value in vars(module).items()
        if not name.startswith("__") and isinstance(value, mutable)
    }
    assert found == {}


def test_the_turn_cache_is_bounded():
    adv = Advisor(ruleset("yacht"))
    rng = random.Random(1)
    cats = [c.id for c in adv.ruleset.categories]
    for _ in range(3 * advisor.TURN_CACHE):
        filled = rng.sample(cats, rng.randrange(len(cats)))
        adv.options({c: 0 for c in filled}, [1, 2, 3, 4, 5], 2)
    assert len(adv._turns) <= advisor.TURN_CACHE


def test_the_keeps_cache_is_bounded():
    rs = ruleset("generalized", dice=5, sides=8)  # 792 distinct rolls
    adv = Advisor(rs)
    for dice in adv.model.rolls[: advisor.KEEPS_CACHE + 100]:
        got = adv.options({}, dice, 1)
        assert len(got) == len({o.action for o in got})
    assert len(adv._keeps) == advisor.KEEPS_CACHE


# ---- small and large custom dice -------------------------------------------------------------------


def test_small_custom_dice_are_solved_exactly_here():
    rs = ruleset("generalized", dice=2, sides=3)
    adv = Advisor(rs)
    assert adv.is_exact() and not adv.has_table()
    value = adv.expected_score()
    got = adv.options({}, [1, 3], rs.rolls_per_turn - 1)
    assert all(o.exact for o in got)
    m = adv.model
    mean = sum(p * adv.options({}, list(r), rs.rolls_per_turn - 1)[0].expected for p, r in zip(m.prob, m.rolls))
    assert mean == pytest.approx(value, abs=1e-9)


def test_large_custom_dice_get_the_labelled_one_turn_advisor():
    rs = ruleset("generalized", dice=6, sides=8)
    adv = Advisor(rs)
    assert not adv.is_exact()
    with pytest.raises(advisor.TableMissingError):
        adv.expected_score()
    got = adv.options({}, [8, 8, 8, 8, 8, 8], rs.rolls_per_turn - 1)
    assert got and not any(o.exact for o in got)
    assert got[0].action == Score("yahtzee")
    assert got == adv.heuristic_options({}, [8, 8, 8, 8, 8, 8], rs.rolls_per_turn - 1)


def test_huge_custom_dice_get_sampled_advice_quickly():
    rs = ruleset("generalized", dice=10, sides=20)
    adv = Advisor(rs)
    assert not adv.is_exact()
    dice = [1, 2, 3, 5, 8, 13, 20, 20, 7, 7]
    got = adv.options({"ones": 1}, dice, 1)
    assert got and not any(o.exact for o in got)
    assert len(got) == len(rs.choices({"ones": 1}, dice)) + 3 * 3 * 2**6 - 1
    assert got == Advisor(rs).options({"ones": 1}, dice, 1)  # deterministic
    assert [o.action for o in adv.options({}, [20] * 10, 0)][0] == Score("yahtzee")
    assert adv._model is None  # never modelled
