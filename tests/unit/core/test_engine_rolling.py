"""Seed 001's die-holding table "Should rolling be permitted?", one test per row (and per DC case).

The rows live in tests/data/engine_rolling.json exactly as the seed states them; every
"DC" (don't care) cell is expanded to both "held" and "not held".  A state is reached
through the public API where the flow allows it (holds between rolls); states the API
itself forbids (dice held before the first roll, holds after the last roll) are built with
dataclasses.replace so that the roll guard is tested on its own too.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path

import pytest

from game.core.actions import Roll
from game.core.engine import new_match
from game.core.refusals import HoldError, Refusal, RollError
from game.core.saves import to_dict

TABLE = json.loads((Path(__file__).parents[2] / "data" / "engine_rolling.json").read_text(encoding="utf-8"))
ROWS = TABLE["rows"]


def _patterns(cells: list[str]):
    """Every concrete held pattern of a row (DC expanded)."""
    options = [{"held": (True,), "not held": (False,), "DC": (False, True)}[cell] for cell in cells]
    return [tuple(p) for p in itertools.product(*options)]


def _state(rolls_used: int, held: tuple[bool, ...]):
    """A yahtzee match for Ann with ``rolls_used`` rolls taken and ``held`` dice held."""
    match = new_match(TABLE["ruleset"], ["Ann", "Bob"], seed=2024)
    faces = iter([[1, 2, 3, 4, 5], [6, 6, 6, 6, 6], [2, 2, 2, 2, 2]])
    for _ in range(rolls_used):
        match = match.roll(faces=next(faces))
    if 0 < rolls_used < match.ruleset.rolls_per_turn:
        for index, flag in enumerate(held):  # reachable: hold through the API
            match = match.hold(index, flag)
    else:  # unreachable through the API (which refuses these holds): build it
        for index, flag in enumerate(held):
            if flag:
                with pytest.raises(HoldError):
                    match.hold(index)
        match = dataclasses.replace(match, held=held)
    assert match.held == held and match.rolls == rolls_used
    return match


def test_table_has_every_row_of_seed_001():
    assert [row["variant"] for row in ROWS] == list(range(1, 20))
    assert sum(row["permit"] for row in ROWS) == 11


@pytest.mark.parametrize("row", ROWS, ids=[f"variant-{row['variant']}" for row in ROWS])
def test_should_rolling_be_permitted(row):
    rolls_used = 3 if row["roll"] == ">3" else row["roll"] - 1
    patterns = _patterns(row["held"])
    assert patterns
    for held in patterns:
        match = _state(rolls_used, held)
        assert match.can_roll is row["permit"], held
        assert (Roll() in match.legal_actions()) is row["permit"]
        if row["permit"]:
            assert match.refusal(Roll()) is None
            after = match.roll()
            assert after.rolls == rolls_used + 1
            assert len(after.dice) == 5 and all(1 <= face <= 6 for face in after.dice)
            for index, flag in enumerate(held):
                if flag:
                    assert after.dice[index] == match.dice[index]
            assert after.held == held
        else:
            before = to_dict(match)
            with pytest.raises(RollError) as info:
                match.roll()
            assert info.value.reason is Refusal(row["reason"])
            assert str(info.value).startswith("Ann cannot roll: ")
            assert str(match.refusal(Roll())) == str(info.value)
            assert match.refusal(Roll()).reason is info.value.reason
            assert to_dict(match) == before


def test_all_held_message_names_player_and_dice():
    match = _state(1, (True,) * 5)
    with pytest.raises(RollError, match=r"^Ann cannot roll: all 5 dice are held$"):
        match.roll()


def test_holding_before_the_first_roll_is_refused_through_the_api():
    match = new_match("yahtzee", ["Ann"], seed=1)
    for index in range(5):
        with pytest.raises(HoldError) as info:
            match.hold(index)
        assert info.value.reason is Refusal.NOT_ROLLED
        assert str(info.value) == f"Ann cannot hold die {index + 1}: roll the dice first"
    assert match.holdable() == ()


def test_a_die_held_on_the_first_reroll_may_be_released_for_the_second():
    match = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[1, 2, 3, 4, 5]).hold(0).hold(4)
    match = match.roll(faces=[6, 6, 6])
    assert match.dice == (1, 6, 6, 6, 5)
    match = match.hold(0, False)
    match = match.roll(faces=[2, 3, 3, 3])
    assert match.dice == (2, 3, 3, 3, 5)
    assert not match.can_roll and match.holdable() == ()
