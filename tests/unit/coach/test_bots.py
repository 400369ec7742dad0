"""Computer players: always legal, Perfect plays the advisor's best."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.coach.advisor import Advisor
from game.coach.bots import COMPUTER_NAMES, LADDER, NAME_MOST, Level, choose, computer_names, rival_name
from game.core.actions import Keep, Score
from game.core.cards import MAX_PLAYERS
from game.core.i18n import DEFAULT, ENGLISH, LANGUAGES, Text
from game.core.rules import RuleSet
from game.core.variants import ruleset
from game.records.choices import Setup
from tools import i18n

RULES = [
    ruleset("yacht"),
    ruleset("yahtzee"),
    ruleset("yatzy"),
    ruleset("yahtzee", joker="free"),
    ruleset("generalized", dice=2, sides=3),
    ruleset("generalized", dice=6, sides=8),
]


@cache
def advisor_of(rs: RuleSet) -> Advisor:
    """One Advisor per rule set for the whole run, as the game holds one per match."""
    return Advisor(rs)


def _legal(rs, scores, dice, rolls_left, action) -> bool:
    if isinstance(action, Score):
        return action.category in rs.choices(scores, dice)
    if not isinstance(action, Keep):
        return False
    what = action.faces
    if not rolls_left or len(what) >= rs.dice or list(what) != sorted(what):
        return False
    pool = list(dice)
    for face in what:
        if face not in pool:
            return False
        pool.remove(face)
    return True


def _play(rs, level, rng, check=None) -> int:
    """One whole game by a bot; returns the final score."""
    scores: dict[str, int] = {}
    bonus = 0
    while len(scores) < len(rs.categories):
        dice = [rng.randint(1, rs.sides) for _ in range(rs.dice)]
        rolls_left = rs.rolls_per_turn - 1
        while True:
            action = choose(advisor_of(rs), scores, dice, rolls_left, level=level, rng=rng, yahtzee_bonus=bonus)
            if check:
                check(scores, dice, rolls_left, action)
            if isinstance(action, Score):
                bonus += rs.yahtzee_bonus(scores, dice)
                scores[action.category] = rs.choices(scores, dice)[action.category]
                break
            kept = action.faces
            dice = list(kept) + [rng.randint(1, rs.sides) for _ in range(rs.dice - len(kept))]
            rolls_left -= 1
    return rs.totals(scores, bonus).grand_total


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("rs", RULES, ids=lambda rs: repr(rs))
def test_every_level_only_plays_legal_actions(rs, level):
    rng = random.Random(11)

    def check(scores, dice, rolls_left, action):
        assert _legal(rs, scores, dice, rolls_left, action), (scores, dice, rolls_left, action)

    games = 1 if level is not Level.EASY and rs.dice > 5 else 2
    for _ in range(games):
        _play(rs, level, rng, check)


@pytest.mark.parametrize("name", ["yacht", "yahtzee", "yatzy"])
def test_perfect_is_the_advisors_best(name):
    rs = ruleset(name)
    rng = random.Random(5)
    for _ in range(40):
        scores = {}
        for c in rng.sample(rs.categories, rng.randrange(len(rs.categories))):
            dice = [rng.randint(1, 6) for _ in range(5)]
            scores[c.id] = rs.score(c.id, dice)
        dice = [rng.randint(1, 6) for _ in range(5)]
        rolls_left = rng.randrange(3)
        want = Advisor(rs).options(scores, dice, rolls_left)[0].action
        assert choose(advisor_of(rs), scores, dice, rolls_left, level=Level.PERFECT, rng=rng) == want


def test_levels_by_name_and_randomness_from_rng():
    adv = advisor_of(ruleset("yahtzee"))
    one = [choose(adv, {}, [1, 2, 2, 5, 6], 2, level="easy", rng=random.Random(s)) for s in range(30)]
    two = [choose(adv, {}, [1, 2, 2, 5, 6], 2, level=Level.EASY, rng=random.Random(s)) for s in range(30)]
    assert one == two
    assert Keep((2, 2)) in one
    with pytest.raises(ValueError):
        choose(adv, {}, [1, 2, 2, 5, 6], 2, level="genius")


def test_easy_keeps_the_most_common_face_and_takes_big_scores():
    adv = advisor_of(ruleset("yahtzee"))
    picks = [choose(adv, {}, [3, 3, 3, 1, 6], 2, level=Level.EASY, rng=random.Random(s)) for s in range(50)]
    assert picks.count(Keep((3, 3, 3))) > 30
    picks = [choose(adv, {}, [1, 2, 3, 4, 5], 0, level=Level.EASY, rng=random.Random(s)) for s in range(50)]
    assert picks.count(Score("large_straight")) > 40


def test_good_plays_sensibly():
    adv = advisor_of(ruleset("yahtzee"))
    assert choose(adv, {}, [2, 3, 4, 5, 6], 2, level=Level.GOOD) == Score("large_straight")
    assert choose(adv, {}, [5, 5, 5, 5, 5], 2, level=Level.GOOD) == Score("yahtzee")
    assert choose(adv, {}, [6, 6, 6, 2, 1], 2, level=Level.GOOD) == Keep((6, 6, 6))


def test_good_needs_no_table():
    """Good plays the same with or without the rule set's table at hand."""
    rs = ruleset("yahtzee")
    bare = Advisor(rs, table_dir=None)
    for dice in ([2, 3, 4, 5, 6], [6, 6, 6, 2, 1], [1, 1, 3, 4, 6]):
        assert choose(bare, {}, dice, 2, level=Level.GOOD) == choose(advisor_of(rs), {}, dice, 2, level=Level.GOOD)
    assert not bare.has_table()


def test_stronger_levels_score_more():
    rs = ruleset("yacht")
    rng = random.Random(99)
    mean = {level: sum(_play(rs, level, rng) for _ in range(12)) / 12 for level in Level}
    assert mean[Level.EASY] < mean[Level.GOOD] <= mean[Level.PERFECT] + 15


@st.composite
def positions(draw):
    rs = draw(st.sampled_from([ruleset("yahtzee"), ruleset("yatzy"), ruleset("yacht")]))
    cats = [c.id for c in rs.categories]
    filled = draw(st.lists(st.sampled_from(cats), unique=True, max_size=len(cats) - 1))
    scores = {}
    for cid in filled:
        scores[cid] = rs.score(cid, draw(st.lists(st.integers(1, 6), min_size=5, max_size=5)))
    dice = draw(st.lists(st.integers(1, 6), min_size=5, max_size=5))
    return rs, scores, dice, draw(st.integers(0, 2))


@settings(max_examples=60, deadline=None)
@given(positions(), st.sampled_from(list(Level)), st.integers(0, 2**32))
def test_any_position_any_level_is_legal(position, level, seed):
    rs, scores, dice, rolls_left = position
    action = choose(advisor_of(rs), scores, dice, rolls_left, level=level, rng=random.Random(seed))
    assert _legal(rs, scores, dice, rolls_left, action)


# ------------------------------------------------------------------ names


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_computers_have_short_names_in_each_language(code):
    """Names that fit a scorecard column of five seats, from the language's own list (not English elsewhere)."""
    t = ENGLISH if code == DEFAULT else Text.from_mo(code, i18n.compiled(code))
    names = computer_names(t)
    assert len(names) >= MAX_PLAYERS and len(set(names)) == len(names)
    assert all(0 < len(name) <= NAME_MOST and name == name.strip() and name[0].isupper() for name in names), names
    assert (names == computer_names()) == (code == DEFAULT), names
    seats = Setup(players=("Ann", "", "", ""), kinds=("human", "easy", "good", "perfect")).seats(t)
    # each rival of the lobby's ladder its own name: the beginner the second, who plays well the first (Robin)
    assert [seat.name for seat in seats] == ["Ann", names[1], names[0], names[2]]
    assert [seat.level for seat in seats][1:] == [Level.EASY, Level.GOOD, Level.PERFECT]
    assert [rival_name(level, t) for level in LADDER] == [names[1], names[0], names[2]]


def test_a_computer_never_takes_a_name_another_seat_has():
    seats = Setup(players=("robin", "", "Sam", ""), kinds=("human", "good", "human", "win")).seats()
    assert [seat.name for seat in seats] == ["robin", "Alex", "Sam", "Charlie"]
    assert [seat.name for seat in Setup(players=(" HAL  9000 ", ""), kinds=("good", "good")).seats()] == [
        "HAL 9000",
        "Robin",
    ]


def test_a_short_or_long_list_in_a_catalogue_is_made_whole_from_english():
    class Short:
        def gettext(self, message):
            return "Kim, Kim, Bartholomew, " if message == COMPUTER_NAMES else message

    assert computer_names(Text(LANGUAGES["sv"], Short())) == ("Kim", "Robin", "Sam", "Alex", "Charlie")
