"""Whole matches simulated for every rule set, 1 and 5 players, multi-game and early finish."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.core import variants
from game.core.actions import Finish, NextGame, Roll
from game.core.cards import Seat
from game.core.engine import Match, Phase, new_match
from game.core.saves import from_dict, from_json, replay, to_dict, to_json

RULESETS = {
    "yacht": variants.ruleset("yacht"),
    "yahtzee": variants.ruleset("yahtzee"),
    "yahtzee-free-joker": variants.ruleset("yahtzee", joker="free"),
    "yatzy": variants.ruleset("yatzy"),
    "maxi": variants.ruleset("maxi"),  # saved rolls: play_turn's rerolls reach into them
    "generalized": variants.ruleset("generalized"),
    "generalized-6x8": variants.ruleset("generalized", dice=6, sides=8),
    "generalized-2x2": variants.ruleset("generalized", dice=2, sides=2),
    "generalized-10x10": variants.ruleset("generalized", dice=10, sides=10),
}
assert {rs.name for rs in RULESETS.values()} == set(variants.RULESET_NAMES)


def play_turn(match: Match, rng: random.Random) -> Match:
    """One turn of a simple player: keep the most common face, reroll a random number of times,
    then take the best-paying legal option."""
    match = match.roll()
    for _ in range(rng.randrange(match.rolls_left + 1)):
        face, _ = Counter(match.dice).most_common(1)[0]
        for index, die in enumerate(match.dice):
            match = match.hold(index, die == face)
        if not match.can_roll:
            break
        match = match.roll()
    options = match.options()
    assert options, "a rolled turn always has a legal category"
    best = max(options.values())
    return match.score(next(c for c, p in options.items() if p == best))


def check_finished_game(match: Match) -> None:
    rs = match.ruleset
    assert match.game_over and match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    for card in match.cards[match.game]:
        assert sorted(card.scores) == sorted(c.id for c in rs.categories)
        totals = rs.totals(card.scores, card.yahtzee_bonus)
        upper = sum(card.scores[c.id] for c in rs.upper)
        lower = sum(card.scores[c.id] for c in rs.lower)
        assert totals.upper_subtotal == upper and totals.lower_total == lower
        assert totals.upper_total == upper + totals.upper_bonus
        assert totals.grand_total == totals.upper_total + totals.lower_total + totals.yahtzee_bonus
        assert all(0 <= card.scores[c.id] <= c.max_score for c in rs.categories)


def play_game(match: Match, rng: random.Random) -> Match:
    turns = sum(len(card) for card in match.cards[-1])
    while not match.game_over:
        assert match.round == turns // len(match.seats)
        assert match.player == turns % len(match.seats)
        match = play_turn(match, rng)
        turns += 1
    assert turns == match.rounds * len(match.seats)
    check_finished_game(match)
    return match


@pytest.mark.parametrize("players", [1, 5])
@pytest.mark.parametrize("key", list(RULESETS))
def test_whole_game(key, players):
    rs = RULESETS[key]
    names = ["Ann", "Bob", "Cy", "Dee", Seat.computer("Eve", "good")][:players]
    match = new_match(rs, names, games=1, seed=sum(map(ord, key)) + players)
    match = play_game(match, random.Random(key))
    assert match.rounds == len(rs.categories)
    assert match.legal_actions() == [NextGame(), Finish()]
    match = match.finish()
    assert match.finished and match.games_played == 1
    totals = match.match_totals()
    assert totals == match.game_totals(0)
    standings = match.standings()
    assert [s.total for s in standings] == sorted(totals, reverse=True)
    assert standings[0].rank == 1
    # seed + actions replay it exactly, and a save restores it
    assert replay(rs, match.seats, 1, match.seed, match.actions) == match
    assert from_json(to_json(match)) == match


def test_rounds_per_rule_set():
    assert {key: len(rs.categories) for key, rs in RULESETS.items() if "-" not in key} == {
        "yacht": 12,
        "yahtzee": 13,
        "yatzy": 15,
        "maxi": 20,
        "generalized": 13,
    }


def test_multi_game_match_that_ends_early():
    rng = random.Random(1)
    match = new_match("yahtzee", ["Ann", "Bob", "Cy"], games=4, seed=31)
    per_game = []
    for game in range(2):
        match = play_game(match, rng)
        per_game.append(match.game_totals())
        assert match.more_games_planned
        if game == 0:
            match = match.next_game()
    match = match.finish()
    assert match.finished and match.games_played == 2 and match.games == 4
    assert match.match_totals() == tuple(a + b for a, b in zip(*per_game))
    assert [s.rank for s in match.standings()] == sorted(s.rank for s in match.standings())
    assert match.standings(game=1)[0].total == max(per_game[1])
    assert from_dict(json.loads(json.dumps(to_dict(match)))) == match


def test_six_game_match_ends_by_itself():
    rng = random.Random(6)
    match = new_match("yacht", ["Ann"], games=6, seed=6)
    for game in range(6):
        match = play_game(match, rng)
        if game < 5:
            match = match.next_game()
    assert match.finished and match.games_played == 6 and len(match.cards) == 6
    assert match.match_totals()[0] == sum(match.game_totals(g)[0] for g in range(6))


def _dice_seen(match: Match) -> list[tuple[int, ...]]:
    """Replay ``match`` step by step and list the dice after every roll."""
    seen, step = [], new_match(match.ruleset, match.seats, match.games, match.seed)
    for action in match.actions:
        step = step.apply(action)
        if isinstance(action, Roll):
            seen.append(step.dice)
    return seen


def test_same_seed_and_actions_give_the_same_dice():
    rng_a, rng_b = random.Random(3), random.Random(3)
    a = play_game(new_match("yatzy", ["Ann", "Bob"], seed=1234), rng_a)
    b = play_game(new_match("yatzy", ["Ann", "Bob"], seed=1234), rng_b)
    assert a.actions == b.actions and a == b
    assert _dice_seen(a) == _dice_seen(b)
    c = play_game(new_match("yatzy", ["Ann", "Bob"], seed=1235), random.Random(3))
    assert _dice_seen(c) != _dice_seen(a)


def test_restore_mid_match_then_play_on_gives_the_same_result():
    rng = random.Random(9)
    match = new_match("generalized", ["Ann", "Bob"], games=2, seed=99)
    for _ in range(7):
        match = play_turn(match, rng)
    match = match.roll().hold(0).hold(2)
    restored = from_json(to_json(match))
    assert restored == match
    assert restored.roll().dice == match.roll().dice
    finished_a = play_game(match.score(next(iter(match.options()))), random.Random(5))
    finished_b = play_game(restored.score(next(iter(restored.options()))), random.Random(5))
    assert finished_a == finished_b
