"""Slot dice: a die's face comes from the seed and its slot (game, round, seat, roll, position), so one seat
on one seed meets the same fresh dice however it keeps, and saves made before replay their own dice."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.coach.session import Session
from game.core import saves
from game.core.actions import Hold, Roll
from game.core.dice import Draw, die_face, seat_face
from game.core.engine import new_match
from game.core.refusals import SaveError

DATA = Path(__file__).resolve().parents[2] / "data"


def play_turn(match, keeps):
    """Roll, then for each keep (die positions) hold exactly those and roll again; return the rolls seen."""
    match = match.roll()
    seen = [match.dice]
    for keep in keeps:
        for die in range(match.ruleset.dice):
            match = match.apply(Hold(die, die in keep))
        match = match.roll()
        seen.append(match.dice)
    return match, seen


def test_every_turns_first_roll_is_the_same_whatever_was_kept_before():
    a = b = new_match("yahtzee", ["Ann"], seed=2026)
    for _ in range(6):
        a, seen_a = play_turn(a, [(0, 1), ()])
        b, seen_b = play_turn(b, [(4,), (2, 3)])
        a = a.score(a.open_categories()[0])
        b = b.score(b.open_categories()[-1])
        assert seen_a[0] == seen_b[0]  # the first roll of the turn
    assert a.draws != b.draws  # they drew different numbers of dice, and still met the same dice


def test_two_seats_of_a_match_begun_before_seat_dice_meet_the_same_first_roll_each_round():
    match = new_match("yatzy", ["Ann", "Bob"], seed="duplicate", draw=Draw.SLOT)
    for _ in range(3):
        ann = match.roll()
        bob = ann.score(ann.open_categories()[0]).roll()
        assert ann.dice == bob.dice
        match = bob.score(bob.open_categories()[0])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**53 - 1), keep=st.sets(st.integers(0, 4), max_size=4))
def test_a_fresh_die_is_its_slots_face(seed, keep):
    match, seen = play_turn(new_match("yahtzee", ["Ann"], seed=seed), [tuple(keep)])
    for position in range(5):
        expected = seen[0][position] if position in keep else seat_face(seed, 0, 0, 0, 1, position, 6)
        assert seen[1][position] == expected


def test_undo_cannot_fish_for_other_dice():
    session = Session(new_match("yahtzee", ["Ann"], seed=9))
    first = session.act(Roll()).session
    held = first.act(Hold(0)).session
    second = held.act(Roll()).session
    assert second.undo().refusal is not None  # a roll is never taken back
    # undoing a hold and keeping differently still gives the same fresh dice in those slots
    other = held.undo().session.act(Hold(1)).session.act(Roll()).session
    assert other.match.dice[2:] == second.match.dice[2:]


def test_a_new_match_saves_as_version_3_and_restores_exactly():
    match = new_match("yacht", ["Ann", "Bob"], seed="x").roll().apply(Hold(1)).roll()
    data = saves.to_dict(match)
    assert data["version"] == 3 and data["draw"] == "seat" and data["dice_seats"] == []
    assert saves.from_dict(json.loads(json.dumps(data))) == match


def test_a_save_made_before_slot_dice_keeps_its_dice_and_its_format():
    data = json.loads((DATA / "engine_save_v1.json").read_text(encoding="utf-8"))
    match = saves.from_dict(data)
    assert match.draw is Draw.SEQUENCE and saves.to_dict(match) == data
    rolled = match.roll()
    free = [i for i in range(5) if not match.held[i]]
    assert [rolled.dice[i] for i in free] == [die_face(match.seed, match.draws + k, 6) for k in range(len(free))]


def test_a_save_that_mixes_the_versions_is_refused():
    data = saves.to_dict(new_match("yacht", ["Ann"], seed=1).roll())
    for change in ({"version": 1}, {"draw": "sideways"}, {"draw": None}):
        try:
            saves.from_dict({**data, **change})
        except SaveError:
            continue
        raise AssertionError(f"{change} was read")
    legacy = {key: value for key, value in data.items() if key != "draw"}
    try:
        saves.from_dict({**legacy, "version": 2})
    except SaveError as error:
        assert "draw" in str(error)
    else:
        raise AssertionError("a version 2 save without its draw was read")
