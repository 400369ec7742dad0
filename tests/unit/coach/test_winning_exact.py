"""Shaped scores near the end (game.coach.winning): the exact distribution of the points to come under the
advisor's play, and a player to win weighing it, against tables, simulation and hand-made cases."""

from __future__ import annotations

import collections
import math
import random

import pytest

from bench.winning import Card, perfect, play_turn
from game.coach.advisor import Advisor
from game.coach.odds import Odds
from game.coach.race import Prospect, Rivals
from game.coach.shaped import SHAPE_OPEN
from game.coach.winning import Winning
from game.core.variants import ruleset


def _card(rs, advisor, boxes: int, rng: random.Random) -> Card:
    card: Card = ({}, 0)
    while len(card[0]) < boxes:
        card = play_turn(rs, perfect(advisor), card, [], rng)
    return card


@pytest.mark.parametrize("name", ["yahtzee", "yatzy"])
def test_to_come_has_the_tables_mean_and_spread(name):
    """Its mean is the value table's and its spread the spread table's, from cards with 1 to SHAPE_OPEN open."""
    rs = ruleset(name)
    advisor = Advisor(rs)
    winning = Winning(advisor)
    rng = random.Random(f"to-come:{name}")
    for open_boxes in range(1, SHAPE_OPEN + 1):
        for _ in range(2):
            card = _card(rs, advisor, len(rs.categories) - open_boxes, rng)
            p = winning.prospect(*card)
            come = winning.to_come(*p.state)
            assert math.fsum(q for _, q in come) == pytest.approx(1.0, abs=1e-12)
            assert [k for k, _ in come] == sorted({k for k, _ in come})
            mean = math.fsum(k * q for k, q in come)
            sd = math.sqrt(math.fsum((k - mean) ** 2 * q for k, q in come))
            assert mean == pytest.approx(p.mean, abs=1e-3), (card, mean, p.mean)
            assert sd == pytest.approx(p.sd, abs=0.07), (card, sd, p.sd)  # the table holds 1/8 points


def test_to_come_matches_simulation_of_the_advisor():
    """Two boxes open (Yahtzee, with the upper bonus in play): each outcome's chance against 4,000 plays."""
    rs = ruleset("yahtzee")
    advisor = Advisor(rs)
    winning = Winning(advisor)
    upper = {"fives": 20, "fours": 16, "threes": 9, "twos": 6}
    card = ({c.id: 0 for c in rs.categories if c.id not in ("sixes", "yahtzee")} | upper, 0)
    p = winning.prospect(*card)
    assert p.state[1] == 51  # the bonus needs 12 in sixes
    want = dict(winning.to_come(*p.state))
    rng = random.Random("to-come-sim")
    n = 4000
    got: collections.Counter[int] = collections.Counter()
    for _ in range(n):
        end = card
        while len(end[0]) < len(rs.categories):
            end = play_turn(rs, perfect(advisor), end, [], rng)
        got[rs.totals(*end).grand_total - p.total] += 1
    assert set(got) <= set(want)
    for k, q in want.items():
        assert abs(got[k] / n - q) < 4 * math.sqrt(q * (1 - q) / n) + 1e-3, (k, got[k] / n, q)


def test_rivals_win_shares_ties_with_finished_leaders_and_halves_others():
    finished = Rivals([Prospect(100), Prospect(100), Prospect(90)])
    assert finished.shaped and finished.win(100) == pytest.approx(1 / 3) and finished.win(101) == 1.0
    assert finished.win(99) == 0.0
    shaped = Rivals([Prospect(80, 5.0, 10.0), Prospect(90)], [(80, [0.5] + [0.0] * 19 + [0.5]), None])
    assert shaped.shaped  # the one still playing is 80 or 100, the other 90: the best is 90 or 100
    assert shaped.win(95) == pytest.approx(0.5) and shaped.win(90) == pytest.approx(0.25)
    assert shaped.win(100) == pytest.approx(0.75) and shaped.win(101) == 1.0
    assert not Rivals([Prospect(80, 5.0, 10.0)]).shaped


def test_a_rival_with_only_the_yahtzee_box_is_beaten_unless_it_rolls_one():
    """First seat's last turn, 10 behind a rival who has only the Yahtzee box left: 12 in Chance wins
    unless the rival rolls a Yahtzee (a normal of its mean and spread says about a half)."""
    rs = ruleset("yahtzee")
    winning = Winning(Advisor(rs))
    mine = {c.id: 0 for c in rs.categories if c.id != "chance"} | {"yahtzee": 50}
    rival = {c.id: 0 for c in rs.categories if c.id != "yahtzee"} | {"chance": 60}
    me, them = winning.prospect(mine), winning.prospect(rival)
    assert them.total == me.total + 10
    best = winning.options(mine, (1, 2, 2, 3, 4), 0, [them])[0]
    assert best.expected == pytest.approx(1 - Odds(rs).turn_chance("yahtzee"), abs=1e-9)
    assert not best.exact  # the rival is weighed under the advisor's play, not known
    plain = Rivals([them]).beat(me.total + 12, 0.0)
    assert 0.3 < plain < 0.7


def test_a_player_to_win_against_a_shaped_rival_plays_the_program():
    """Two boxes open against a shaped rival: each option is the program's win chance after it.
    The rival (18 points, Chance open) ends on 23 to 48; 15 in Chance leaves at most 20 (no chance),
    3 in Ones leaves Chance to reach at least 24 (a chance, so the best)."""
    rs = ruleset("yahtzee")
    winning = Winning(Advisor(rs))
    m = winning.model
    mine = {c.id: 0 for c in rs.categories if c.id not in ("chance", "ones")}
    rival = {c.id: 0 for c in rs.categories if c.id != "chance"} | {"sixes": 18}
    them = winning.prospect(rival)
    field = winning.rivals([them])
    assert field.shaped and field.lo == 18 + 5
    total = rs.totals(mine).grand_total
    mask, up, flag = m.state(mine)
    options = {o.action.category: o for o in winning.options(mine, (1, 1, 1, 6, 6), 0, [them])}
    assert set(options) == {"ones", "chance"}
    for box, points in (("ones", 3), ("chance", 15)):
        m2, up2, f2, extra = m.succ(m.index[box], points, mask, up, flag)
        assert options[box].expected == pytest.approx(winning._endgame(field)(m2, up2, f2, total + points + extra))
    assert options["chance"].expected == 0.0
    assert 0.0 < options["ones"].expected < 0.5
