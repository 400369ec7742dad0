"""A hypothesis state machine drives random legal and illegal actions through whole matches.

After every step it checks: totals equal their sums, dice are in range, rolls used never
exceed rolls per turn, every category is filled at most once, turn order holds, refused
actions changed nothing (and were predicted by ``refusal``/``legal_actions``), and
save -> restore -> save is identical.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from game.core import actions, legality, variants
from game.core.actions import Finish, Hold, NextGame, Roll, Score
from game.core.cards import Level, Seat, competition_ranks
from game.core.dice import MAX_SEED
from game.core.engine import Match, Phase, new_match
from game.core.refusals import GameError, Refusal
from game.core.saves import from_dict, to_dict

RULESETS = [
    variants.ruleset("yacht"),
    variants.ruleset("yahtzee"),
    variants.ruleset("yahtzee", joker="free"),
    variants.ruleset("yahtzee", yahtzee_bonus=False, joker="none", upper_bonus=False),
    variants.ruleset("yatzy"),
    variants.ruleset("generalized"),
    variants.ruleset("generalized", dice=6, sides=8),
    variants.ruleset("generalized", dice=3, sides=4),
]
ALL_CATEGORIES = sorted({c.id for rs in RULESETS for c in rs.categories} | {"bogus", ""})
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
WHO = st.sampled_from(["nobody", "current-index", "current-name", "other", "unknown"])


class MatchMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.match: Match | None = None
        self.refused = 0
        self.held_for: dict[str, Match] = {}

    # ------------------------------------------------------------------ setup

    @initialize(
        rs=st.sampled_from(RULESETS),
        players=st.integers(1, 5),
        games=st.integers(1, 6),
        seed=st.one_of(st.integers(0, MAX_SEED), st.text(max_size=8)),
        warmup=st.integers(0, 60),
        computer=st.booleans(),
        level=st.sampled_from(list(Level)),
    )
    def start(self, rs, players, games, seed, warmup, computer, level):
        seats = [Seat.computer(n, level) if computer and i else n for i, n in enumerate(NAMES[:players])]
        match = new_match(rs, seats, games, seed)
        for _ in range(warmup):  # quick turns, so game ends and later games are reached too
            if match.finished:
                break
            if match.game_over:
                match = match.next_game()
                continue
            match = match.roll()
            options = match.options()  # the Yahtzee box first: jokers come into play sooner
            match = match.score(rs.yahtzee_id if rs.yahtzee_id in options else next(iter(options)))
        self.match = match

    # ------------------------------------------------------------------ helpers

    def _player(self, who: str):
        match = self.match
        return {
            "nobody": None,
            "current-index": match.player,
            "current-name": match.current_name,
            "other": (match.player + 1) % len(match.seats) if len(match.seats) > 1 else None,
            "unknown": "Nobody-here",
        }[who]

    def attempt(self, action, call, player=None):
        """Perform ``call`` on the match; a refusal must be predicted and change nothing.

        ``action`` is the action value ``call`` performs; its refusal is predicted from the
        value and from its JSON form (as a save holds it), which must agree.
        """
        before = self.match
        snapshot = to_dict(before)
        predicted = before.refusal(action, player)
        from_data = before.refusal(action.data(), player)
        assert type(from_data) is type(predicted) and str(from_data) == str(predicted)
        assert actions.from_data(action.data()) == action
        legal = before.legal_actions()
        listed = Roll() if isinstance(action, Roll) else action  # injected faces: still a roll
        try:
            after = call(before)
        except GameError as exc:
            self.refused += 1
            event(f"refused: {exc.reason.value}")
            assert to_dict(before) == snapshot, "a refused action changed the match"
            assert predicted is not None, f"{action} refused but predicted legal: {exc}"
            assert type(predicted) is type(exc) and str(predicted) == str(exc)
            assert predicted.reason is exc.reason
            assert exc.reason is not None and str(exc)
            if player is None or legality.seat_index(before, player) == before.player:
                if not (isinstance(action, Roll) and exc.reason is Refusal.BAD_FACES):
                    assert listed not in legal, f"{action} refused but listed in legal_actions"
            return
        assert predicted is None, f"{action} accepted but predicted refused: {predicted}"
        assert to_dict(before) == snapshot, "an action mutated the old match"
        if after is not before:
            assert after.actions[: len(before.actions)] == before.actions
            assert len(after.actions) == len(before.actions) + 1
            assert after.actions[-1] == action
            assert listed in legal, f"{action} accepted but not listed in legal_actions"
        else:
            assert isinstance(action, Hold) and before.held[action.die] == action.held
        self.match = after

    # ------------------------------------------------------------------ rules

    @rule(who=WHO)
    def roll(self, who):
        player = self._player(who)
        self.attempt(Roll(), lambda m: m.roll(player=player), player)

    @rule(faces=st.lists(st.integers(-1, 11), max_size=11))
    def roll_any_faces(self, faces):
        self.attempt(Roll(tuple(faces)), lambda m: m.roll(faces=faces))

    @rule(data=st.data())
    def roll_good_faces(self, data):
        match = self.match
        count = match.held.count(False)
        faces = data.draw(st.lists(st.integers(1, match.ruleset.sides), min_size=count, max_size=count))
        self.attempt(Roll(tuple(faces)), lambda m: m.roll(faces=faces))

    @rule(face=st.integers(1, 10))
    def roll_same_face(self, face):
        """Roll the same face on every free die (Yahtzees, jokers and bonuses)."""
        faces = [face] * self.match.held.count(False)
        self.attempt(Roll(tuple(faces)), lambda m: m.roll(faces=faces))

    @rule()
    def hold_every_die(self):
        for index in range(self.match.ruleset.dice):
            self.attempt(Hold(index, True), lambda m: m.hold(index))

    @rule(index=st.integers(-2, 11), held=st.booleans(), who=WHO)
    def hold(self, index, held, who):
        player = self._player(who)
        self.attempt(Hold(index, held), lambda m: m.hold(index, held, player=player), player)

    @rule(index=st.integers(-1, 10))
    def toggle(self, index):
        match = self.match
        valid = 0 <= index < match.ruleset.dice
        held = (not match.held[index]) if valid else True
        self.attempt(Hold(index, held), lambda m: m.hold(index, held))

    @rule(data=st.data(), who=WHO)
    def score_legal(self, data, who):
        options = list(self.match.options())
        category = data.draw(st.sampled_from(options)) if options else data.draw(st.sampled_from(ALL_CATEGORIES))
        player = self._player(who)
        self.attempt(Score(category), lambda m: m.score(category, player=player), player)

    @rule(category=st.sampled_from(ALL_CATEGORIES))
    def score_any(self, category):
        self.attempt(Score(category), lambda m: m.score(category))

    @rule()
    def score_yahtzee_box(self):
        """Fill the Yahtzee box when it is open (so that jokers and bonuses come into play)."""
        box = self.match.ruleset.yahtzee_id
        if box in self.match.options():
            self.attempt(Score(box), lambda m: m.score(box))

    @rule(data=st.data())
    def score_forbidden(self, data):
        """Try an open category that is not a legal option now (the joker rule forbids it)."""
        match = self.match
        options = match.options()
        forbidden = [c for c in match.open_categories() if c not in options] if options else []
        if forbidden:
            category = data.draw(st.sampled_from(forbidden))
            self.attempt(Score(category), lambda m: m.score(category))

    @rule()
    def next_game(self):
        self.attempt(NextGame(), Match.next_game)

    @rule()
    def finish(self):
        self.attempt(Finish(), Match.finish)

    @rule(data=st.data(), as_data=st.booleans())
    def any_legal_action(self, data, as_data):
        legal = self.match.legal_actions()
        if legal:
            action = data.draw(st.sampled_from(legal))
            given = action.data() if as_data else action  # a save's JSON list is applied the same
            self.attempt(action, lambda m: m.apply(given))

    @precondition(lambda self: self.match is not None and not self.match.game_over)
    @rule(turns=st.integers(1, 6))
    def play_turns(self, turns):
        for _ in range(turns):
            if self.match.game_over:
                return
            self.attempt(Roll(), Match.roll)
            if self.match.can_roll:
                self.attempt(Hold(0, True), lambda m: m.hold(0))
                self.attempt(Roll(), Match.roll)
            category = next(iter(self.match.options()))
            self.attempt(Score(category), lambda m: m.score(category))

    # ------------------------------------------------------------------ invariants

    def held_already(self, invariant: str) -> bool:
        """Whether ``invariant`` was checked on this very match (a match is immutable: a refused action, or a hold
        that changed nothing, leaves the same object, and the check, a function of the match, would only repeat
        itself). Save -> restore -> save replays every action so far: checked again after each refusal, it took
        most of this test's time."""
        if self.held_for.get(invariant) is self.match:
            return True
        self.held_for[invariant] = self.match
        return False

    @invariant()
    def dice_and_rolls(self):
        match = self.match
        rs = match.ruleset
        assert 0 <= match.rolls <= rs.rolls_per_turn
        assert match.rolls_left == rs.rolls_per_turn - match.rolls
        assert len(match.held) == rs.dice
        if match.rolls == 0:
            assert match.dice == () and not any(match.held)
        else:
            assert len(match.dice) == rs.dice
            assert all(type(face) is int and 1 <= face <= rs.sides for face in match.dice)
        assert match.draws >= 0

    @invariant()
    def scorecards_and_totals(self):
        if self.held_already("scorecards_and_totals"):
            return
        match = self.match
        rs = match.ruleset
        assert 1 <= len(match.cards) <= 6
        ids = {c.id for c in rs.categories}
        sums = [0] * len(match.seats)
        for game, cards in enumerate(match.cards):
            assert len(cards) == len(match.seats)
            grand = []
            for player, card in enumerate(cards):
                filled = [category for category, _ in card.entries]
                assert len(filled) == len(set(filled)), "a category filled twice"
                assert set(filled) <= ids
                if game < len(match.cards) - 1:
                    assert len(filled) == len(ids)
                scores = card.scores
                assert all(type(p) is int and 0 <= p <= rs.category(c).max_score for c, p in scores.items())
                totals = match.totals(player, game)
                upper = sum(scores.get(c.id, 0) for c in rs.upper)
                lower = sum(scores.get(c.id, 0) for c in rs.lower)
                assert totals.upper_subtotal == upper and totals.lower_total == lower
                assert totals.upper_bonus in (0, rs.upper_bonus_amount)
                assert totals.upper_total == upper + totals.upper_bonus
                assert totals.yahtzee_bonus == card.yahtzee_bonus
                if rs.yahtzee_bonus_amount:
                    assert card.yahtzee_bonus % rs.yahtzee_bonus_amount == 0
                else:
                    assert card.yahtzee_bonus == 0
                assert totals.grand_total == totals.upper_total + totals.lower_total + totals.yahtzee_bonus
                grand.append(totals.grand_total)
                sums[player] += totals.grand_total
            assert match.game_totals(game) == tuple(grand)
        assert match.match_totals() == tuple(sums)
        standings = match.standings()
        ranks = competition_ranks(sums)
        assert sorted((s.player, s.rank, s.total) for s in standings) == [
            (p, ranks[p], sums[p]) for p in range(len(sums))
        ]

    @invariant()
    def turn_order_and_phase(self):
        match = self.match
        current = match.cards[-1]
        phase = match.phase
        event(f"reached: {phase.value}, game {match.game + 1}")
        if match.finished:
            assert phase is Phase.MATCH_OVER and match.game_over and match.legal_actions() == []
        elif match.game_over:
            assert phase is Phase.GAME_OVER and match.legal_actions() == [NextGame(), Finish()]
            assert len(match.cards) < 6 and match.rolls == 0
        else:
            mine = len(current[match.player])
            for player, card in enumerate(current):
                assert len(card) == (mine + 1 if player < match.player else mine)
            assert match.legal_actions(), "a game in progress always has a legal action"
            if match.rolls:
                assert match.options(), "a rolled turn always has a legal category"
        if len(match.cards) == 6 and match.game_over:
            assert match.finished

    @invariant()
    def legal_actions_are_accepted(self):
        if self.held_already("legal_actions_are_accepted"):
            return
        match = self.match
        for action in match.legal_actions():
            assert match.is_legal(action)

    @invariant()
    def save_restore_save_is_identical(self):
        if self.held_already("save_restore_save_is_identical"):
            return
        match = self.match
        data = to_dict(match)
        text = json.dumps(data)
        restored = from_dict(json.loads(text))
        assert restored == match
        assert to_dict(restored) == data
        assert json.dumps(to_dict(restored)) == text
        if match.can_roll:
            assert restored.roll().dice == match.roll().dice


MatchMachine.TestCase.settings = settings(
    max_examples=50,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestMatchMachine = MatchMachine.TestCase
