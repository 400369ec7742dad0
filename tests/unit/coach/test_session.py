"""The table (game.coach.session) in CPython: undo, computer turns, hints and feedback, saves old and new."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from game.coach.pacing import ROLL_SECONDS
from game.coach.session import SESSION_FORMAT, Feedback, Next, Session
from game.coach.undo import Undo
from game.core import saves
from game.core.actions import Finish, Hold, NextGame, Roll, Score
from game.core.cards import Level, Seat, SeatKind, competition_ranks
from game.core.dice import Draw
from game.core.engine import new_match
from game.core.refusals import Refusal, SaveError
from game.records.choices import new_session, parse_link
from game.records.record import session_record

SAVES_V1 = sorted((Path(__file__).parents[2] / "data" / "saves_v1").glob("*.json"))


def table(query: str) -> Session:
    return new_session(*parse_link(query))


def play_computers(session: Session) -> Session:
    while session.next is Next.COMPUTER:
        step = session.computer_step()
        assert step.refusal is None
        session = step.session
    return session


# ------------------------------------------------------------------------- undo


def test_undo_of_a_score_restores_the_box_and_every_total():
    session = table("?rules=yahtzee&players=Ann,Bob&seed=3")
    match = new_match("yahtzee", ["Ann", "Bob"], seed=3, draw=Draw.TYPED)  # a link's seed deals in its own domain
    for category in ("sixes", "fives"):  # a few boxes on each card first
        for _ in range(2):
            session = session.act(Roll()).session
            session = session.act(Score(category)).session
            match = match.roll().score(category)
    assert session.match == match
    rolled = session.act(Roll()).session
    scored = rolled.act(Score("chance")).session
    assert scored.match.scorecard(0).get("chance") is not None
    step = scored.undo()
    assert step.refusal is None and step.undone == Undo(game=0, player=0, actions=1)
    back = step.session
    assert back.match == rolled.match
    assert back.match.scorecard(0).get("chance") is None
    assert back.match.totals(0) == rolled.match.totals(0) and back.match.totals(1) == rolled.match.totals(1)
    assert back.match.current_name == "Ann" and back.match.dice == rolled.match.dice
    assert back.undos == (Undo(0, 0, 1),) and back.undo_count(0) == 1 and back.undo_count(1) == 0


def test_undo_never_takes_back_a_computers_action_nor_a_score_it_rolled_after():
    session = table("?rules=yacht&players=Ann&cpu=2:good&seed=11")
    rolled = session.act(Roll()).session
    scored = rolled.act(Score("choice")).session
    step = scored.undo()  # the computer has not rolled yet: Ann's score is hers to mend
    assert step.refusal is None and step.session.match == rolled.match and step.undone.actions == 1
    after = play_computers(scored)
    assert after.next is Next.PERSON and len(after.match.scorecard(1).scores) == 1  # the computer played its turn
    refused = after.undo()
    assert refused.refusal.reason is Refusal.NOTHING_TO_UNDO and refused.session is after


def test_undo_never_takes_back_a_roll():
    session = table("?rules=yahtzee&players=Ann&seed=99").act(Roll()).session
    session = session.act(Hold(0)).session
    rolled = session.act(Roll()).session
    step = rolled.undo()
    assert step.refusal.case == "roll" and step.session is rolled and not rolled.can_undo


def test_undo_takes_back_one_hold_at_a_time_then_stops_at_the_roll():
    session = table("?rules=yacht&players=Ann&seed=2").act(Roll()).session
    held = session.act(Hold(1)).session.act(Hold(3)).session
    once = held.undo().session
    assert once.match.held == (False, True, False, False, False)
    assert once.undo().session.match == session.match
    assert once.undo().session.undo().refusal.case == "roll"


def test_undo_off_refuses_with_a_reason_and_changes_nothing():
    session = table("?rules=yacht&players=Ann&seed=1&undo=0").act(Roll()).session
    step = session.undo()
    assert step.session is session
    assert step.refusal.reason is Refusal.UNDO_OFF and "Undo is off" in str(step.refusal)
    assert not session.can_undo


def test_nothing_to_undo_before_a_persons_action_and_never_across_games():
    fresh = table("?rules=yacht&players=Ann&seed=1")
    assert fresh.undo().refusal.reason is Refusal.NOTHING_TO_UNDO
    computer_first = table("?rules=yacht&players=Ann,Bob&cpu=1:easy&seed=1")
    assert play_computers(computer_first).undo().refusal.reason is Refusal.NOTHING_TO_UNDO
    session = table("?rules=yacht&players=Ann&games=2&seed=1")
    for category in session.match.open_categories():
        session = session.act(Roll()).session.act(Score(category)).session
    assert not session.can_undo  # the box that ended a game is final, between games too
    session = session.act(NextGame()).session
    assert session.undo().refusal.reason is Refusal.NOTHING_TO_UNDO


def test_undos_are_saved_and_counted():
    session = table("?rules=yacht&players=Ann&seed=1").act(Roll()).session.act(Hold(0)).session.undo().session
    restored = Session.from_json(session.to_json())
    assert restored.undos == (Undo(0, 0, 1),) and restored.undo_count(0) == 1


# ------------------------------------------------------------------------- computers and people


def test_a_person_cannot_act_in_a_computers_turn():
    session = table("?rules=yacht&players=Ann&cpu=1:easy&seed=1")
    assert session.next is Next.COMPUTER
    step = session.act(Roll())
    assert step.session is session and step.refusal.reason is Refusal.COMPUTER_PLAYING


def test_a_computer_turn_is_played_one_action_at_a_time_with_pauses():
    session = table("?rules=yahtzee&players=Ann&cpu=1:perfect&seed=8")
    actions = []
    while session.next is Next.COMPUTER:
        move = session.computer_move()
        pause = session.pause_before(move)
        assert pause > 0
        if session.match.actions and isinstance(session.match.actions[-1], Roll):
            assert pause > ROLL_SECONDS  # the thrown dice land before the computer's next move
        step = session.computer_step()
        assert step.session.match.actions[-1:] == (move,)  # the very move announced, holds included
        actions.append(move)
        session = step.session
    assert isinstance(actions[-1], Score) and isinstance(actions[0], Roll)
    assert session.match.current_name == "Ann"
    assert session.computer_move() is None
    assert session.computer_step().refusal is not None


def test_the_computer_decision_survives_a_reload_between_holds():
    session = table("?rules=yacht&cpu=1:easy&players=X&seed=21")
    moves = []
    for _ in range(40):
        if session.next is not Next.COMPUTER:
            break
        restored = Session.from_json(session.to_json())
        assert restored.computer_move() == session.computer_move()
        moves.append(session.computer_move())
        session = session.computer_step().session
    assert any(isinstance(m, Hold) for m in moves)  # reloads fell between a decision's holds


def test_hints_give_the_best_option_and_feedback_names_the_cost():
    session = table("?rules=yacht&players=Ann&seed=1").with_hints(True)
    assert session.hint() is None  # nothing to decide before the roll
    session = session.act(Roll((6, 6, 6, 6, 6))).session
    assert session.wants_hint()
    assert session.hint().best.action == Score("yacht")
    step = session.act(Score("choice"))
    assert isinstance(step.feedback, Feedback) and step.feedback.best == Score("yacht") and step.feedback.loss > 10
    assert session.with_hints(False).act(Score("choice")).feedback is None


def test_a_table_needed_only_for_hints_or_a_perfect_computer():
    assert table("?rules=yahtzee&players=Ann&seed=1").table_needed() is None
    assert table("?rules=custom&players=Ann&seed=1").with_hints(True).table_needed() is None  # none shipped


# ------------------------------------------------------------------------- saves


@pytest.mark.parametrize("path", SAVES_V1, ids=lambda p: p.stem)
def test_format_1_saves_load_unchanged(path):
    storage = json.loads(path.read_text())["storage"]
    raw = storage["yacht-dice/match"]
    session = Session.from_json(raw, storage.get("yacht-dice/hints"))
    old = json.loads(raw)
    assert saves.to_dict(session.match) == old  # the match is exactly the one saved
    assert session.undo_allowed and session.undos == ()
    hints = json.loads(storage.get("yacht-dice/hints", '{"players": []}'))["players"]
    assert sorted(session.hints) == hints
    again = Session.from_json(session.to_json())
    assert again == session and again.to_dict()["format"] == SESSION_FORMAT


def test_format_1_hints_of_another_match_are_ignored():
    raw = saves.to_json(new_match("yacht", ["Ann"], seed=5))
    assert Session.from_json(raw, '{"seed": "6", "players": [0]}').hints == frozenset()
    assert Session.from_json(raw, "{not json").hints == frozenset()


@pytest.mark.parametrize(
    "change, message",
    [
        ({"version": 3}, "unsupported session version 3"),
        ({"undo": "yes"}, "undo setting"),
        ({"hints": [7]}, "hints must list seats"),
        ({"undos": [[0, 0]]}, "undos must be"),
        ({"extra": 1}, "fields"),
        ({"match": {"format": "yacht-dice/match", "version": 1}}, "incomplete"),
    ],
)
def test_bad_session_saves_are_refused_with_a_reason(change, message):
    data = table("?rules=yacht&players=Ann&seed=1").act(Roll()).session.to_dict()
    with pytest.raises(SaveError, match=message):
        Session.from_dict({**data, **change})


# ------------------------------------------------------------------------- a random table, saved after every step

SEATS = [Seat("Ann"), Seat.computer("Cy", Level.EASY), Seat("Bo")]


class RandomTable(RuleBasedStateMachine):
    """People act, computers play, undo and hints toggle at random; every session survives a save."""

    def __init__(self):
        super().__init__()
        self.session = Session(new_match("yacht", SEATS, games=2, seed=17))

    @precondition(lambda self: self.session.next is Next.PERSON)
    @rule(data=st.data())
    def person_acts(self, data):
        legal = self.session.match.legal_actions()
        before = self.session
        step = self.session.act(data.draw(st.sampled_from(legal)))
        assert step.refusal is None
        self.session = step.session
        assert self.session.match.actions[: len(before.match.actions)] == before.match.actions

    @precondition(lambda self: self.session.next is Next.COMPUTER)
    @rule()
    def computer_plays(self):
        self.session = self.session.computer_step().session

    @rule()
    def undo(self):
        before = self.session
        step = before.undo()
        if step.refusal is not None:
            assert step.session is before and not before.can_undo
        else:
            self.session = step.session
            assert len(self.session.match.actions) < len(before.match.actions)
            seat = self.session.match.seats[step.undone.player]
            assert seat.kind is SeatKind.HUMAN

    @rule(on=st.booleans())
    def hints(self, on):
        self.session = self.session.with_hints(on)

    @precondition(lambda self: self.session.match.game_over and not self.session.match.finished)
    @rule()
    def finish(self):
        self.session = self.session.act(Finish()).session

    @invariant()
    def a_save_restores_the_same_session(self):
        text = self.session.to_json()
        restored = Session.from_json(text)
        assert restored == self.session
        assert restored.to_json() == text


TestRandomTable = RandomTable.TestCase
TestRandomTable.settings = settings(
    max_examples=25, stateful_step_count=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def test_a_step_says_which_game_it_finished_and_that_game_is_never_reopened():
    session = table("?rules=yacht&players=Ann&games=2&seed=1")
    steps = []
    for category in session.match.open_categories():
        steps.append(session.act(Roll()))
        session = steps[-1].session
        steps.append(session.act(Score(category)))
        session = steps[-1].session
    assert [s.finished for s in steps if s.finished is not None] == [0]
    assert steps[-1].finished == 0
    undo = session.undo()
    assert undo.refusal.case == "over" and undo.session == session and undo.finished is None
    assert session.act(NextGame()).finished is None


def test_a_match_ended_early_keeps_the_record_of_the_game_it_finished():
    session = table("?rules=yacht&players=Ann,Bob&games=3&seed=2")
    finished = []
    while not session.match.game_over:
        rolled = session.act(Roll()).session
        step = rolled.act(Score(next(iter(rolled.match.options()))))
        finished += [step.finished] if step.finished is not None else []
        session = step.session
    ended = session.act(Finish()).session
    assert finished == [0] and ended.match.finished and ended.match.games_played == 1
    record = session_record(ended, 0, "2026-11-23T07:00:00Z")
    assert record.totals == ended.match.game_totals(0) and record.game == 0
    assert record.places == competition_ranks(ended.match.game_totals(0))


def test_loading_a_save_does_not_copy_its_record_for_every_action(monkeypatch):
    """Linear load: replaying n actions passes O(n) recorded actions around, not O(n²)."""
    import dataclasses

    from game.core import engine, saves

    copied = []
    real_replace = dataclasses.replace

    def counting_replace(obj, **changes):
        copied.append(len(changes.get("actions", ())))
        return real_replace(obj, **changes)

    monkeypatch.setattr(engine.dataclasses, "replace", counting_replace)
    start = engine.new_match("yahtzee", ["Ann"], seed=3).roll()

    def work(n):
        copied.clear()
        holds = [["hold", i % 5, (i // 5) % 2 == 0] for i in range(n)]
        saves.replay(start.ruleset, start.seats, 1, 3, [["roll"], *holds])
        return sum(copied)

    small, large = work(1_000), work(4_000)
    assert large <= 5 * small, (small, large)  # four times the actions: about four times the work


def test_a_match_is_in_progress_until_its_planned_games_are_played():
    from game.present import board_view

    match = new_match("yacht", ["Ann"], games=2, seed=4)
    assert not board_view.in_progress(match)
    while not match.game_over:
        match = match.roll()
        match = match.score(next(iter(match.options())))
    assert board_view.in_progress(match)  # one game of two: a link must ask before replacing it
    match = match.next_game()
    while not match.game_over:
        match = match.roll()
        match = match.score(next(iter(match.options())))
    assert not board_view.in_progress(match)  # both played: the results are on screen, nothing to lose
