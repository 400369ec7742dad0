"""Hints and computer players on Maxi Yatzy: six dice, twenty boxes, and rolls saved for later turns.

No table knows saved rolls, so the one-turn advisor plays (game.coach.advisor) and values a saved
roll (game.coach.solve.Heuristic.saved_value); these tests hold its steps legal, its saved rolls
worth something and spent when that pays, and whole games by each level to the end.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from game.coach.advice import bot_step, hint, review
from game.coach.advisor import Advisor, TableMissingError
from game.coach.bots import choose
from game.coach.model import most_rolls_left
from game.coach.odds import Odds
from game.core.actions import Keep, Roll, Score
from game.core.engine import Match, new_match
from game.core.variants import ruleset

MAXI = ruleset("maxi")
LEVELS = ("easy", "good", "perfect")
IDS = tuple(c.id for c in MAXI.categories)


@pytest.fixture(scope="module")
def coach() -> Advisor:
    return Advisor(MAXI)


def _total(match: Match, seat: int = 0) -> int:
    card = match.cards[-1][seat]
    return match.ruleset.totals(card.scores, card.yahtzee_bonus).grand_total


def _play(coach: Advisor, match: Match, level: str) -> Match:
    while not match.game_over:
        for action in bot_step(coach, match, level):
            assert match.is_legal(action), (level, action, match)
            match = match.apply(action)
    return match


def test_maxi_is_played_by_the_one_turn_advisor(coach: Advisor) -> None:
    assert MAXI.saved_rolls and MAXI.dice == 6 and len(MAXI.categories) == 20
    assert not coach.is_exact() and not coach.has_table()
    with pytest.raises(TableMissingError):
        coach.expected_score()
    assert most_rolls_left(MAXI) == 40  # two a turn saved over twenty turns
    with pytest.raises(ValueError, match="0..40"):
        coach.options({}, [1] * 6, 41)


def test_saved_rolls_switched_on_elsewhere_leave_the_table_alone() -> None:
    """Any rule set may save rolls: its table knows nothing of them, so the one-turn advisor plays."""
    yatzy = Advisor(ruleset("yatzy"))
    saving = Advisor(dataclasses.replace(ruleset("yatzy"), saved_rolls=True))
    assert yatzy.is_exact() and not saving.is_exact() and not saving.has_table()
    best = saving.options({}, [1, 2, 3, 4, 5], 4)[0]
    assert not best.exact
    assert yatzy.options({}, [1, 2, 3, 4, 5], 2)[0].exact


def test_every_hint_option_and_bot_step_is_legal(coach: Advisor) -> None:
    odds = Odds(MAXI)
    for seed in range(3):
        match = new_match(MAXI, ["Ann"], seed=seed)
        steps = 0
        while not match.game_over and steps < 120:
            known = hint(coach, match, odds)
            if known is None:
                assert match.phase.value == "first_roll"
            else:
                scores, dice = match.scorecard().scores, Counter(match.dice)
                for option in known.options:
                    if isinstance(option.action, Score):
                        assert option.action.category in match.options()
                    else:
                        assert match.rolls_left > 0 and len(option.action.faces) < MAXI.dice
                        assert not Counter(option.action.faces) - dice
                assert {o.action.category for o in known.options if isinstance(o.action, Score)} == set(
                    MAXI.choices(scores, match.dice)
                )
            level = LEVELS[steps % 3]
            for action in bot_step(coach, match, level):
                assert match.is_legal(action), (level, action)
                match = match.apply(action)
            steps += 1


def test_a_saved_roll_is_worth_something_and_nothing_on_the_last_turn(coach: Advisor) -> None:
    heuristic = coach.source()
    assert heuristic is not None and not heuristic.exact
    worth = coach.saved_worth(0)  # a fresh card: nineteen turns after this one
    assert 0 < worth(1) < worth(2) < worth(3)
    assert worth(2) - worth(1) <= worth(1) + 1e-9  # each more roll gains no more than the first
    last = coach.model.full ^ 1  # only Ones open: no turn after this one
    assert coach.saved_worth(last)(5) == 0.0
    # scoring with rolls unused counts their worth; the Good computer gives them none
    dice = [1, 2, 3, 4, 5, 6]
    perfect = {o.action: o.expected for o in coach.options({}, dice, 4)}
    good = {o.action: o.expected for o in coach.heuristic_options({}, dice, 4)}
    straight = Score("full_straight")
    assert perfect[straight] == pytest.approx(good[straight] + worth(4))
    assert coach.options({}, dice, 4)[0].action == straight  # 21 points made: stop, save four rolls


def test_a_saved_roll_is_spent_when_it_pays(coach: Advisor) -> None:
    # five sixes, Maxi Yatzy (100) open, three rolls left: rolling on for the sixth beats stopping
    scores = {cid: 0 for cid in IDS if cid not in ("maxi_yatzy", "chance", "ones")}
    best = coach.options(scores, [6, 6, 6, 6, 6, 2], 3)[0]
    assert best.action == Keep((6, 6, 6, 6, 6))
    # the last turn: rolls left are worth nothing kept, so a poor chance roll is rolled again
    last = {cid: 0 for cid in IDS if cid != "chance"}
    assert isinstance(coach.options(last, [1, 1, 2, 2, 3, 3], 4)[0].action, Keep)
    assert (
        choose(coach, last, [1, 1, 2, 2, 3, 3], 4, level="perfect")
        == coach.options(last, [1, 1, 2, 2, 3, 3], 4)[0].action
    )


def test_saved_rolls_are_used_in_a_game(coach: Advisor) -> None:
    """Perfect saves rolls and spends them later: some turn rolls more than three times."""
    match = new_match(MAXI, ["Ann"], seed=11)
    most_in_a_turn = rolls = 0
    while not match.game_over:
        for action in bot_step(coach, match, "perfect"):
            if isinstance(action, Roll):
                rolls += 1
            if isinstance(action, Score):
                most_in_a_turn, rolls = max(most_in_a_turn, rolls), 0
            match = match.apply(action)
    assert most_in_a_turn > MAXI.rolls_per_turn


@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_solo_game_by_each_level_finishes(coach: Advisor, level: str) -> None:
    match = _play(coach, new_match(MAXI, ["CPU"], seed=7), level)
    card = match.cards[-1][0]
    assert set(card.scores) == set(IDS)
    assert 0 < _total(match) <= sum(c.max_score for c in MAXI.categories) + MAXI.upper_bonus_amount


def test_each_seat_meets_the_dice_of_its_solo_game_on_its_own_dice(coach: Advisor) -> None:
    """bench/maxi.py pairs solo games on one seed as a head to head: each seat's dice are its own, and a solo
    game on a seat's dice (Match.alone) is that seat's game."""
    duel = _play(coach, new_match(MAXI, ["Ann", "Bob"], seed=5), "perfect")
    solo = _play(coach, new_match(MAXI, ["Ann"], seed=5), "perfect")
    bob = _play(coach, duel.alone(1), "perfect")
    assert _total(duel, 0) == _total(solo) and _total(duel, 1) == _total(bob)


def test_the_report_of_a_maxi_game(coach: Advisor) -> None:
    match = _play(coach, new_match(MAXI, ["Ann"], seed=2), "good")
    report = review(coach, match, 0, 0, Odds(MAXI))
    assert report.decisions and all(move.loss >= 0 for move in report.decisions)
    assert report.total_loss > 0  # Good gives saved rolls no worth: the advisor sees what that costs
