"""game.core.rules: properties that hold for every rule set and shape (hypothesis)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.rule_errors import CategoryFilledError, JokerRuleError
from game.core.rules import Section
from game.core.variants import RULESET_NAMES, from_dict, ruleset

NAMED = [ruleset(name) for name in RULESET_NAMES]
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "upper_bonus": st.booleans(),
        "yahtzee_bonus": st.booleans(),
        "joker": st.sampled_from(["forced", "free", "none"]),
    },
)


@st.composite
def rule_sets(draw):
    """A named rule set, or a generalized one of random shape and options."""
    if draw(st.booleans()):
        return draw(st.sampled_from(NAMED))
    options = draw(OPTIONS)
    return ruleset("generalized", dice=draw(st.integers(2, 10)), sides=draw(st.integers(2, 20)), **options)


@st.composite
def rule_set_and_dice(draw):
    rs = draw(rule_sets())
    dice = draw(st.lists(st.integers(1, rs.sides), min_size=rs.dice, max_size=rs.dice))
    return rs, dice


@st.composite
def scorecards(draw):
    """A rule set, a partly filled scorecard (plausible scores) and a roll."""
    rs, dice = draw(rule_set_and_dice())
    scores = {}
    for c in rs.categories:
        if draw(st.booleans()):
            scores[c.id] = draw(st.sampled_from(sorted({0, c.max_score, c.max_score // 2})))
    if rs.yahtzee_id and draw(st.booleans()):  # often a Yahtzee, to reach the joker rules
        dice = [dice[0]] * rs.dice
    return rs, scores, dice


@given(rule_set_and_dice(), st.randoms(use_true_random=False))
def test_order_of_dice_never_matters(case, random):
    rs, dice = case
    shuffled = list(dice)
    random.shuffle(shuffled)
    for c in rs.categories:
        assert rs.score(c, dice) == rs.score(c, shuffled) == rs.score(c.id, tuple(sorted(dice)))


@given(rule_set_and_dice())
def test_scores_are_bounded_and_upper_is_count_times_face(case):
    rs, dice = case
    for c in rs.categories:
        points = rs.score(c, dice)
        assert isinstance(points, int) and 0 <= points <= c.max_score, (c.id, dice)
    for face, c in enumerate(rs.upper, 1):
        assert rs.score(c, dice) == dice.count(face) * face
    chance = "choice" if rs.name == "yacht" else "chance"
    assert rs.score(chance, dice) == sum(dice)
    assert rs.score(rs.yahtzee_id, dice) == (rs.category(rs.yahtzee_id).max_score if len(set(dice)) == 1 else 0)
    assert rs.is_yahtzee(dice) == (len(set(dice)) == 1)


@given(scorecards())
@settings(max_examples=200)
def test_totals_are_sums_of_their_fields(case):
    rs, scores, _ = case
    bonus = rs.yahtzee_bonus_amount * (len(scores) % 3)  # 0 when the set has no Yahtzee bonus
    t = rs.totals(scores, bonus)
    upper = sum(v for k, v in scores.items() if rs.category(k).section is Section.UPPER)
    lower = sum(v for k, v in scores.items() if rs.category(k).section is Section.LOWER)
    assert t.upper_subtotal == upper and t.lower_total == lower
    assert t.upper_bonus == (
        rs.upper_bonus_amount if rs.upper_bonus_amount and upper >= rs.upper_bonus_threshold else 0
    )
    assert t.upper_total == t.upper_subtotal + t.upper_bonus
    assert t.yahtzee_bonus == bonus
    assert t.grand_total == t.upper_total + t.lower_total + t.yahtzee_bonus
    assert t.grand_total == sum(scores.values()) + t.upper_bonus + bonus


@given(scorecards())
@settings(max_examples=300)
def test_choices_agree_with_check_and_the_joker_rules(case):
    rs, scores, dice = case
    choices = rs.choices(scores, dice)
    open_ids = [c.id for c in rs.categories if c.id not in scores]
    assert list(choices) == [i for i in open_ids if i in choices]  # scorecard order, open boxes only
    assert bool(choices) == bool(open_ids)  # some box is always allowed while one is open
    for cid in open_ids:
        if cid in choices:
            assert rs.check(scores, dice, cid) == choices[cid]
        else:  # refused by choices: check refuses it too, for the joker rule
            with pytest.raises(JokerRuleError):
                rs.check(scores, dice, cid)
    for cid in scores:
        with pytest.raises(CategoryFilledError):
            rs.check(scores, dice, cid)
    joker = rs.joker.value != "none" and rs.yahtzee_id in scores and len(set(dice)) == 1
    if not joker:
        assert choices == {cid: rs.score(cid, dice) for cid in open_ids}
    else:
        for cid, points in choices.items():
            c = rs.category(cid)
            if c.section is Section.UPPER:
                assert points == rs.score(c, dice)
            elif rs.upper[dice[0] - 1].id in scores:  # joker values once the upper box is filled
                assert points in (c.max_score, sum(dice)) and rs.score(c, dice) <= points <= c.max_score
            else:  # a free joker before its upper box is filled scores lower boxes as usual
                assert points == rs.score(c, dice)
        if rs.joker.value == "free":
            assert list(choices) == open_ids
    bonus = rs.yahtzee_bonus(scores, dice)
    assert bonus in (0, rs.yahtzee_bonus_amount)
    assert bool(bonus) == bool(
        rs.yahtzee_bonus_amount and len(set(dice)) == 1 and scores.get(rs.yahtzee_id, 0) > 0 and open_ids
    )


@given(rule_sets())
def test_rule_sets_round_trip(rs):
    assert ruleset(rs.name, **rs.options) == rs
    if rs.name == "generalized":
        assert ruleset("custom", **rs.options) == rs
    assert from_dict(rs.to_dict()) == rs
    assert hash(from_dict(rs.to_dict())) == hash(rs)
    assert rs.categories == rs.upper + rs.lower
    assert [c._face for c in rs.upper] == list(range(1, rs.sides + 1))


def test_named_sets_reach_their_max_scores():
    """max_score is exactly the best any roll makes (all 252 rolls of 5 six-sided dice, 462 of 6)."""
    for rs in NAMED:
        rolls = list(itertools.combinations_with_replacement(range(1, rs.sides + 1), rs.dice))
        assert {c.id: max(rs.score(c, r) for r in rolls) for c in rs.categories} == {
            c.id: c.max_score for c in rs.categories
        }, rs.name
