"""Games to split (tests/unit/coach/test_luck.py, tests/slow/test_luck_simulation.py): random people, computers at
every level, real dice, and the optimal player, each played through the engine as the app plays them."""

from __future__ import annotations

import random

from game.coach import advice
from game.coach.advisor import Advisor
from game.coach.winning import Winning
from game.core.actions import Action, Roll
from game.core.cards import Level, Seat
from game.core.dice import Draw
from game.core.engine import Match, new_match
from game.core.entered import entry
from game.core.rules import RuleSet
from game.core.variants import ruleset

RULES = [
    ruleset("yacht"),
    ruleset("yahtzee"),
    ruleset("yahtzee", joker="free"),
    ruleset("yahtzee", joker="none", yahtzee_bonus=False),
    ruleset("yahtzee", upper_bonus=False),
    ruleset("yatzy"),
    ruleset("yatzy", full_house_five=True, two_pairs_four=True),
    ruleset("yatzy", forced_order=True),
    ruleset("yatzy", forced_order=True, bonus_at_42=True),
    ruleset("yahtzee", forced_order=True),
]
"""Every rule set with an exact advisor that the tests split: the tables, each joker and bonus, the house
rules, forced order (solved here) and its bonus at 42."""


def random_step(match: Match, rng: random.Random) -> Match:
    """One random person's step: roll, or score a random box, or hold a random subset (never all) and roll."""
    if match.rolls == 0:
        return match.apply_all(_roll(match, rng))
    if match.rolls_left == 0 or rng.random() < 0.3:
        return match.score(rng.choice(list(match.options())))
    holds = [rng.random() < 0.5 for _ in match.dice]
    if all(holds):
        holds[rng.randrange(len(holds))] = False
    for die, held in enumerate(holds):
        if match.held[die] != held:
            match = match.hold(die, held)
    return match.apply_all(_roll(match, rng))


def _roll(match: Match, rng: random.Random) -> list[Action]:
    """A roll: the seed's dice, or with real dice the whole roll entered as it lies (game.core.entered)."""
    if match.draw is not Draw.ENTERED:
        return [Roll()]
    sides = match.ruleset.sides
    faces = [
        face if held else rng.randint(1, sides) for face, held in zip(match.dice or [0] * len(match.held), match.held)
    ]
    return list(entry(match, faces))


def people(rs: RuleSet, seed: int, seats: int = 2, draw: Draw = Draw.SEAT, steps: int | None = None) -> Match:
    """A game of people choosing at random (``steps``: only that many steps of it, an unfinished game)."""
    rng = random.Random(seed)
    match = new_match(rs, [f"P{i}" for i in range(seats)], seed=seed, draw=draw)
    done = 0
    while not match.game_over and (steps is None or done < steps):
        match = random_step(match, rng)
        done += 1
    return match


def computers(rs: RuleSet, seed: int, coach: Advisor, winning: Winning) -> Match:
    """A game of a random person and a computer at every level, as the app drives them (advice.bot_step)."""
    rng = random.Random(seed)
    seats = [Seat.human("Ann")] + [Seat.computer(level.value, level) for level in Level]
    match = new_match(rs, seats, seed=seed)
    while not match.game_over:
        seat = match.current_seat
        if seat.level is None:
            match = random_step(match, rng)
            continue
        for action in advice.bot_step(coach, match, seat.level, winning):
            match = match.apply(action)
    return match


def optimal(rs: RuleSet, seed: int, coach: Advisor) -> Match:
    """A game of the optimal player alone (every decision the advisor's best)."""
    match = new_match(rs, ["Opt"], seed=seed)
    while not match.game_over:
        for action in advice.bot_step(coach, match, Level.PERFECT):
            match = match.apply(action)
    return match
