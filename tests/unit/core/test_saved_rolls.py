"""Saved rolls (issue 37): a turn's unused rolls carry over to that seat's later turns, derived from the actions.

Under a rule set with ``saved_rolls`` a seat that scores with rolls unused keeps them: a turn that
stops after one roll leaves two for later, and a later turn may roll up to five times. The count
follows from replaying the actions, so undo, a save and a link carry it; a rule set without the
rule plays exactly as before.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import links, saves
from game.core.actions import Finish, Hold, NextGame, Roll, Score
from game.core.engine import Match, Phase, new_match
from game.core.refusals import Refusal, RollError, ScoreError
from game.core.variants import ruleset
from tests.helpers.matches import random_turns as play_turns

RULES = ruleset("maxi")


def test_the_rule_set_saves_rolls_and_the_others_do_not():
    assert (RULES.saved_rolls, RULES.dice, RULES.sides, RULES.rolls_per_turn) == (True, 6, 6, 3)
    assert not any(ruleset(name).saved_rolls for name in ("yahtzee", "yatzy", "yacht", "generalized"))


def test_a_turn_that_stops_after_one_roll_leaves_two_for_later():
    m = new_match(RULES, ["Ann", "Bob"], seed=1).roll().score("chance")
    assert (m.saved_rolls(0), m.saved_rolls("Ann"), m.saved_rolls(1)) == (2, 2, 0)
    assert m.current_name == "Bob" and m.rolls_left == 3  # Bob's turn: his own three only
    m = m.roll().roll().score("ones")  # Bob leaves one
    assert (m.saved_rolls(0), m.saved_rolls(1)) == (2, 1)
    assert m.current_name == "Ann" and m.rolls_left == 5 and m.rolls_allowed == 5


def test_a_later_turn_can_use_them_and_spends_its_own_rolls_first():
    m = new_match(RULES, ["Ann"], seed=2).roll().score("chance")
    assert m.rolls_left == 5
    seen = []
    for _ in range(5):
        m = m.roll()
        seen.append((m.rolls_left, m.saved_rolls(0), m.phase))
    assert seen == [
        (4, 2, Phase.MID_TURN),
        (3, 2, Phase.MID_TURN),
        (2, 2, Phase.MID_TURN),  # the turn's own three spent: the saved two are left
        (1, 1, Phase.MID_TURN),
        (0, 0, Phase.MUST_SCORE),
    ]
    error = m.refusal(Roll())
    assert isinstance(error, RollError) and error.reason is Refusal.NO_ROLLS_LEFT
    assert str(error) == "Ann cannot roll: all 5 rolls of this turn are used; choose a box"
    assert error.text() == "Ann cannot roll: all 5 rolls of this turn are used; choose a box"
    assert m.refusal(Hold(0)).reason is Refusal.NO_ROLLS_LEFT
    assert m.score("ones").saved_rolls(0) == 0


def test_spending_some_saved_rolls_keeps_the_rest():
    m = new_match(RULES, ["Ann"], seed=3).roll().score("chance").roll().score("ones")  # 2, then 4 saved
    assert m.saved_rolls(0) == 4 and m.rolls_left == 7
    m = m.roll().roll().roll().roll().score("twos")  # four of seven used: three left over
    assert m.saved_rolls(0) == 3


def test_at_least_one_roll_a_turn_even_with_rolls_saved():
    m = new_match(RULES, ["Ann"], seed=4).roll().score("chance")
    assert m.saved_rolls(0) == 2 and m.phase is Phase.FIRST_ROLL
    error = m.refusal(Score("ones"))
    assert isinstance(error, ScoreError) and error.reason is Refusal.NOT_ROLLED
    assert m.legal_actions() == [Roll()]


def test_saved_rolls_last_only_their_game():
    m = new_match(RULES, ["Ann"], games=2, seed=5)
    for category in m.open_categories():
        m = m.roll().score(category)
    assert m.game_over and m.saved_rolls(0) == 2 * m.rounds
    m = m.next_game()
    assert (m.saved_rolls(0), m.rolls_left) == (0, 3)


def played_at_random(match: Match, rng: random.Random, turns: int) -> Match:
    """``turns`` turns of random legal play (test_links.py's: few rolls or many), then maybe a turn under way."""
    match = play_turns(match, rng, turns)
    if not (match.finished or match.game_over) and rng.random() < 0.5:
        match = match.roll()  # a turn under way
    return match


def expected_saved(match: Match) -> list[int]:
    """Each seat's saved rolls counted from the record alone: the rolls each finished turn left unused."""
    saved = [0] * len(match.seats)
    seat, rolled = 0, 0
    for action in match.actions:
        if isinstance(action, Roll):
            rolled += 1
        elif isinstance(action, Score):
            assert 1 <= rolled <= 3 + saved[seat]
            saved[seat] += 3 - rolled
            seat, rolled = (seat + 1) % len(match.seats), 0
        elif isinstance(action, NextGame):
            saved, seat = [0] * len(match.seats), 0
    if not (match.finished or match.game_over):
        saved[seat] = min(saved[seat], 3 + saved[seat] - rolled)
    return saved


@settings(max_examples=40, deadline=None)
@given(seats=st.integers(1, 3), games=st.integers(1, 2), seed=st.integers(0, 2**53 - 1), turns=st.integers(0, 50))
def test_the_count_follows_from_the_actions_and_a_save_and_a_link_carry_it(seats, games, seed, turns):
    names = [f"P{i}" for i in range(seats)]
    match = played_at_random(new_match(RULES, names, games, seed), random.Random(seed), turns)
    counts = [match.saved_rolls(i) for i in range(seats)]
    assert counts == expected_saved(match)
    assert match.rolls_left == match.rolls_allowed - match.rolls
    restored = saves.from_json(saves.to_json(match))
    assert restored == match and [restored.saved_rolls(i) for i in range(seats)] == counts
    replayed = saves.replay(RULES, names, games, seed, match.actions)
    assert replayed == match
    got = links.read(links.write(match)).match  # a link carries finished turns: the turn under way is left out
    finished = saves.replay(RULES, names, games, seed, _turn_start(match))
    assert got.banked == finished.banked and got.cards == finished.cards and got.player == finished.player
    assert [got.saved_rolls(i) for i in range(seats)] == expected_saved(finished)
    assert links.relation(finished, got) is links.Relation.SAME


def _turn_start(match: Match) -> tuple:
    """The actions up to the start of the turn under way."""
    index = len(match.actions)
    while index and not isinstance(match.actions[index - 1], (Score, NextGame, Finish)):
        index -= 1
    return match.actions[:index]


def test_undo_restores_the_count():
    from game.coach.session import Session

    m = new_match(RULES, ["Ann"], seed=6).roll().score("chance")
    session = Session(m)
    for action in (Roll(), Roll(), Roll(), Roll()):
        session = session.act(action).session
    assert session.match.saved_rolls(0) == 1 and session.match.rolls_left == 1
    assert session.undo().refusal is not None  # a roll is never taken back
    session = Session(m).act(Roll()).session.act(Roll()).session
    session = session.act(Score("ones")).session
    assert session.match.saved_rolls(0) == 3  # two of five used
    undone = session.undo().session.match
    assert (undone.saved_rolls(0), undone.rolls_left, undone.phase) == (2, 3, Phase.MID_TURN)
    for index in range(len(session.match.actions) + 1):  # every point of the record replays to the same count
        before = saves.replay(RULES, ["Ann"], 1, 6, session.match.actions[:index])
        assert before.saved_rolls(0) == expected_saved(before)[0]


@pytest.mark.parametrize("name", ["yahtzee", "yatzy", "yacht", "generalized"])
def test_a_rule_set_without_the_rule_never_saves_a_roll(name):
    m = new_match(name, ["Ann", "Bob"], seed=7)
    assert m.banked == ()
    for _ in range(6):
        m = m.roll().score(m.open_categories()[0])
        assert (m.saved_rolls(0), m.saved_rolls(1), m.rolls_left, m.rolls_allowed) == (0, 0, 3, 3)
    m = m.roll()
    assert m.rolls_left == 2 and m.saved_rolls() == 0
    assert m.roll().roll().phase is Phase.MUST_SCORE


def test_any_rule_set_can_switch_the_rule_on():
    rules = dataclasses.replace(ruleset("yacht"), saved_rolls=True)
    m = new_match(rules, ["Ann"], seed=8).roll().score("choice")
    assert (m.saved_rolls(0), m.rolls_left) == (2, 5)
    assert m.roll().roll().roll().roll().roll().phase is Phase.MUST_SCORE


def test_the_table_counts_saved_rolls_and_says_how_many_are_saved():
    from game.coach.session import Session
    from game.core.i18n import LANGUAGES, Text
    from game.present import board_view, controls
    from tests.helpers.marked import Marked

    m = new_match(RULES, ["Ann", "Bob"], seed=9).roll().score("chance").roll().score("chance")
    assert board_view.roll_label(m) == "Roll (5 left, 2 saved)" and board_view.roll_marks(m) == (False,) * 5
    m = m.roll().roll().roll()
    assert board_view.roll_label(m) == "Roll (2 left, 2 saved)"
    assert board_view.roll_marks(m) == (True, True, True, False, False)
    assert board_view.status(m) == "Ann's turn, roll 3 of 5"
    m = m.roll()
    assert board_view.roll_label(m) == "Roll (1 left, 1 saved)"
    assert controls.elements(Session(m), None)["roll-button"].text == "Roll (1 left, 1 saved)"
    m = m.roll()
    assert (
        board_view.roll_label(m) == "Roll (0 left)" and board_view.status(m) == "Ann's turn, roll 5 of 5: choose a box"
    )
    bob = m.score("ones")
    assert board_view.roll_label(bob) == "Roll (5 left, 2 saved)"  # Bob's own two, from his first turn
    ann = bob.roll().roll().roll().roll().roll().score("twos")  # Bob spends all five
    assert (
        board_view.roll_label(ann) == "Roll (3 left)" and board_view.roll_marks(ann) == (False,) * 3
    )  # Ann spent hers
    marked = Text(LANGUAGES["sv"], Marked())
    assert board_view.roll_label(new_match(RULES, ["Ann"], seed=9).roll().score("chance"), marked) == (
        "«Roll (5 left, 2 saved)»"
    )
