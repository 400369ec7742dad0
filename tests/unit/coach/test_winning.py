"""Win chances (game.coach.winning) and the spread tables they stand on, against brute force and simulation."""

from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.winning import Card, perfect, play_turn, to_win
from game.coach.advisor import TABLE_DIR, Advisor
from game.coach.odds import Odds
from game.coach.race import Prospect, Rivals, final_points, shares
from game.coach.tables import Table, TableMismatchError
from game.coach.winning import EXACT_OPEN, Winning
from game.core.actions import Keep, Score
from game.core.variants import ruleset

distribution = st.tuples(
    st.integers(0, 6),
    st.lists(st.integers(0, 5), min_size=1, max_size=4).filter(any).map(lambda w: [x / sum(w) for x in w]),
)


@given(st.lists(distribution, min_size=1, max_size=4))
@settings(max_examples=150, deadline=None)
def test_shares_equal_brute_force_and_add_up_to_one(dists):
    want = [0.0] * len(dists)
    supports = [[(lo + i, q) for i, q in enumerate(probs) if q] for lo, probs in dists]
    for outcome in itertools.product(*supports):
        chance = math.prod(q for _, q in outcome)
        best = max(score for score, _ in outcome)
        winners = [i for i, (score, _) in enumerate(outcome) if score == best]
        for i in winners:
            want[i] += chance / len(winners)
    got = shares(dists)
    assert got == pytest.approx(want, abs=1e-12)
    assert math.fsum(got) == pytest.approx(1.0, abs=1e-12)


def test_final_points_is_a_rounded_normal():
    lo, probs = final_points(Prospect(50, 100.0, 30.0))
    mean = sum((lo + i) * q for i, q in enumerate(probs))
    sd = math.sqrt(sum((lo + i - mean) ** 2 * q for i, q in enumerate(probs)))
    assert mean == pytest.approx(150.0, abs=1e-6) and sd == pytest.approx(30.0, rel=1e-3)


@given(
    st.floats(0, 300),
    st.floats(3, 60),
    st.lists(st.tuples(st.integers(0, 200), st.floats(0, 150), st.floats(3, 50)), min_size=1, max_size=3),
)
@settings(max_examples=60, deadline=None)
def test_rivals_beat_agrees_with_shares(mean, sd, rivals):
    """The player to win's chance (normal rivals, ties half) is the page's (discrete, ties shared)
    for one rival, and within a tie's share for several."""
    prospects = [Prospect(*r) for r in rivals]
    page = shares([final_points(Prospect(0, mean, sd))] + [final_points(p) for p in prospects])[0]
    assert Rivals(prospects).beat(mean, sd) == pytest.approx(page, abs=0.01)


def test_spread_table_matches_its_header_and_refuses_the_wrong_quantity():
    rs = ruleset("yahtzee")
    advisor = Advisor(rs, table_dir=None)
    values = (TABLE_DIR / advisor.table_name).read_bytes()
    spread = (TABLE_DIR / advisor.spread_name).read_bytes()
    with pytest.raises(TableMismatchError, match="not sd"):
        Table(advisor.model, values, spread=True)
    with pytest.raises(TableMismatchError, match="not expected values"):
        Table(advisor.model, spread)
    with pytest.raises(TableMismatchError):
        Advisor(ruleset("yatzy"), table_dir=None).load_spread(spread)
    assert advisor.load_spread(spread) == pytest.approx(59.61, abs=0.005)  # Verhoeff's optimal Yahtzee


def test_a_lone_seat_needing_a_yahtzee_wins_with_the_chance_of_one():
    """Exact: everything else filled, 49 behind with only the Yahtzee box open: a Yahtzee in a turn."""
    rs = ruleset("yahtzee")
    winning = Winning(Advisor(rs))
    card = {c.id: 0 for c in rs.categories if c.id != "yahtzee"}
    rival = {c.id: 0 for c in rs.categories} | {"chance": 49}
    chances = winning.chances([(card, 0), (rival, 0)])
    assert chances.exact
    assert chances.chances[0] == pytest.approx(Odds(rs).turn_chance("yahtzee"), abs=1e-12)
    assert chances.chances[1] == pytest.approx(1 - chances.chances[0], abs=1e-12)


def _game_from(rs, card: Card, rng: random.Random, policy) -> Card:
    while len(card[0]) < len(rs.categories):
        card = play_turn(rs, policy, card, [], rng)
    return card


def _random_card(rs, advisor, boxes: int, rng: random.Random) -> Card:
    card: Card = ({}, 0)
    while len(card[0]) < boxes:
        card = play_turn(rs, perfect(advisor), card, [], rng)
    return card


@pytest.mark.parametrize("name", ["yacht", "yahtzee", "yatzy"])
def test_spread_tables_match_the_advisor_s_play(name):
    """The mean and spread of the points to come, from a card a third filled, against 600 games."""
    rs = ruleset(name)
    advisor = Advisor(rs)
    rng = random.Random(f"spread:{name}")
    card = _random_card(rs, advisor, len(rs.categories) - 5, rng)
    winning = Winning(advisor)
    p = winning.prospect(*card)
    finals = []
    for _ in range(600):
        end = _game_from(rs, card, rng, perfect(advisor))
        finals.append(rs.totals(end[0], end[1]).grand_total - p.total)
    mean, sd = statistics.fmean(finals), statistics.pstdev(finals)
    n = len(finals)
    assert abs(mean - p.mean) < 4 * p.sd / math.sqrt(n), (mean, p.mean)
    assert abs(sd - p.sd) < 4 * p.sd / math.sqrt(2 * n), (sd, p.sd)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["yacht", "yahtzee", "yatzy"])
def test_spread_tables_match_simulation_from_many_cards(name):
    rs = ruleset(name)
    advisor = Advisor(rs)
    winning = Winning(advisor)
    rng = random.Random(f"spread-slow:{name}")
    for boxes in (0, 3, 6, 9, 11):
        card = _random_card(rs, advisor, boxes, rng)
        p = winning.prospect(*card)
        finals = [rs.totals(*_game_from(rs, card, rng, perfect(advisor))).grand_total - p.total for _ in range(2000)]
        n = len(finals)
        assert abs(statistics.fmean(finals) - p.mean) < 3.5 * p.sd / math.sqrt(n)
        assert abs(statistics.pstdev(finals) - p.sd) < 3.5 * p.sd / math.sqrt(2 * n) + 0.1


def test_exact_endgame_matches_simulation_of_its_own_play():
    """Two boxes left against a finished rival: the exact chance against 3,000 plays of the player to win."""
    rs = ruleset("yahtzee")
    advisor = Advisor(rs)
    winning = Winning(advisor)
    rng = random.Random("endgame")
    card = {c.id: 0 for c in rs.categories if c.id not in ("large_straight", "full_house")} | {"chance": 20}
    rival = ({c.id: 0 for c in rs.categories} | {"chance": 44}, 0)
    chance = winning.chances([(card, 0), rival]).chances[0]
    assert len(rs.categories) - len(card) == EXACT_OPEN
    wins = 0.0
    for _ in range(3000):
        end = _game_from(rs, (card, 0), rng, lambda c, d, r, _: to_win(winning)(c, d, r, [rival]))
        mine = rs.totals(*end).grand_total
        wins += 1.0 if mine > 44 else 0.5 if mine == 44 else 0.0
    n = 3000
    assert abs(wins / n - chance) < 3 * math.sqrt(chance * (1 - chance) / n) + 1e-9, (wins / n, chance)


def test_chances_add_up_to_one_through_a_game():
    rs = ruleset("yacht")
    advisor = Advisor(rs)
    winning = Winning(advisor)
    rng = random.Random(5)
    cards: list[Card] = [({}, 0), ({}, 0), ({}, 0)]
    for _ in rs.categories:
        for seat in range(3):
            got = winning.chances(cards)
            assert math.fsum(got.chances) == pytest.approx(1.0, abs=1e-9)
            assert all(0.0 <= c <= 1.0 for c in got.chances)
            cards[seat] = play_turn(rs, perfect(advisor), cards[seat], [], rng)
    final = winning.chances(cards)
    totals = [rs.totals(*card).grand_total for card in cards]
    winners = [i for i, t in enumerate(totals) if t == max(totals)]
    assert final.exact and final.chances == tuple(1 / len(winners) if i in winners else 0.0 for i in range(3))


def test_a_player_to_win_takes_a_risk_only_when_behind():
    """Last turn, Yacht: chase a Yacht when only it wins, take the sure points when they are enough."""
    rs = ruleset("yacht")
    winning = Winning(Advisor(rs))
    card = {c.id: 0 for c in rs.categories if c.id not in ("yacht",)} | {"choice": 20}
    dice = (6, 6, 6, 6, 1)
    behind = winning.options(card, dice, 2, [Prospect(45)])[0]
    ahead = winning.options(card, dice, 0, [Prospect(15)])[0]
    assert behind.action == Keep((6, 6, 6, 6)) and behind.exact
    assert behind.expected == pytest.approx(1 - (5 / 6) ** 2)
    assert ahead.action == Score("yacht") and ahead.expected == 1.0


def test_with_no_rival_a_player_to_win_plays_for_points():
    rs = ruleset("yatzy")
    advisor = Advisor(rs)
    assert Winning(advisor).options({}, (1, 2, 3, 4, 6), 1, []) == advisor.options({}, (1, 2, 3, 4, 6), 1)


def test_without_a_spread_table_the_spread_is_a_rough_estimate():
    rs = ruleset("generalized", dice=3, sides=4)
    winning = Winning(Advisor(rs))
    assert not winning.exact()
    p = winning.prospect({})
    assert 0 < p.sd < p.mean
    assert math.fsum(winning.chances([({}, 0), ({}, 0)]).chances) == pytest.approx(1.0)
