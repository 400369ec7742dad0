"""The match engine: a pure state machine that plays a whole match under any rule set.

A :class:`Match` is an immutable value.  Every action (``roll``, ``hold``, ``score``,
``next_game``, ``finish``) returns a NEW match; a refused action raises a
:class:`~game.core.refusals.GameError` subclass and, since nothing is ever mutated, changes
nothing.  The flow follows seed 001 (1-5 players, up to 6 games, one round per category, a turn
of one roll plus rerolls of the dice not held) and seed 000 (the same turn, formally).

A match asks game.core.legality why an action is refused now and game.core.moves what it does.
The dice come from the seed and each die's slot, the seat's own (game.core.dice), so ``seed +
actions`` replays a match exactly (game.core.saves). Indices are 0-based in the API; messages number
from 1, as people do ("Ann cannot hold die 3: roll the dice first").

>>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1)
>>> m = m.roll(faces=[3, 3, 3, 5, 5])
>>> m.options()["full_house"]
25
>>> m = m.score("full_house")
>>> m.current_name, m.totals(0).grand_total
('Bob', 25)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from game.core import actions, legality, moves, starting
from game.core.actions import Action, Finish, Hold, NextGame, Roll, Score
from game.core.cards import (
    PlayerRef,
    Scorecard,
    Seat,
    SeatKind,
    Standing,
    competition_ranks,
    make_seats,
)
from game.core.dice import Draw, check_seed, derived_seed
from game.core.i18n import ENGLISH, Text
from game.core.match_state import MatchState, Phase
from game.core.refusals import ActionError, GameError, Refusal, SetupError
from game.core.rules import RuleSet, Totals

__all__ = ["Phase", "Match", "new_match"]


# --------------------------------------------------------------------------- the match


class Match(MatchState):
    """An immutable match; actions return a new Match, refused actions raise GameError.

    Build one with :func:`new_match`. Its fields and queries are :class:`~game.core.match_state.MatchState`'s.

    >>> m = new_match("yacht", ["Ann"], seed=3)
    >>> m.phase, m.rolls_left, m.dice
    (<Phase.FIRST_ROLL: 'first_roll'>, 3, ())
    """

    def begun(self) -> Match:
        """This match as it began: the same rules, seats, games, seed and dice, no action yet.

        >>> new_match("yacht", ["Ann", "Bob"], seed=1).roll().begun() == new_match("yacht", ["Ann", "Bob"], seed=1)
        True
        """
        return new_match(self.ruleset, self.seats, self.games, self.seed, draw=self.draw, dice_seats=self.dice_seats)

    def alone(self, seat: int, who: Seat | None = None) -> Match:
        """A one-game match of ``seat`` alone (or of ``who`` in its place) on the dice that seat meets here.

        >>> m = new_match("yacht", ["Ann", "Bob"], seed=1)
        >>> m.alone(1).dice_seats, m.alone(1).roll().dice == m.roll().score("choice").roll().dice
        ((1,), True)
        """
        dice_seat = self.dice_seat(seat)
        dice_seats = (dice_seat,) if dice_seat and self.draw.by_seat else ()
        return new_match(self.ruleset, [who or self.seats[seat]], 1, self.seed, draw=self.draw, dice_seats=dice_seats)

    def saved_rolls(self, seat: PlayerRef = None) -> int:
        """Rolls ``seat`` (default: the one on turn) saved from earlier turns and has not spent.

        A turn spends its own rolls first, so its saved ones are those left beyond them.

        >>> new_match("yahtzee", seed=1).saved_rolls(0)
        0
        """
        index = legality.player_index(self, seat)
        banked = self.banked[index] if self.banked else 0
        if index == self.player and not (self.game_over or self.finished):
            return min(banked, self.rolls_left)
        return banked

    # ----------------------------------------------------------------- refusals

    def refusal(self, action: Action | Sequence[Any], player: PlayerRef = None) -> GameError | None:
        """The error ``action`` would raise now, or None if it is legal (nothing is changed).

        >>> m = new_match("yahtzee", ["Ann"], seed=1)
        >>> str(m.refusal(Hold(2)))
        'Ann cannot hold die 3: roll the dice first'
        >>> m.refusal(Roll()) is None
        True
        """
        try:
            parsed = actions.from_data(action)
        except ActionError as error:
            return error
        return legality.refusal(self, parsed, player)

    def is_legal(self, action: Action | Sequence[Any], player: PlayerRef = None) -> bool:
        """Whether ``action`` would be accepted now.

        >>> new_match("yahtzee", seed=1).is_legal(Score("chance"))
        False
        """
        return self.refusal(action, player) is None

    # ----------------------------------------------------------------- UI queries

    @property
    def can_roll(self) -> bool:
        """Whether the current player may roll now.

        >>> m = new_match("yahtzee", seed=1)
        >>> m.can_roll, m.roll().roll().roll().can_roll
        (True, False)
        """
        return self.is_legal(Roll())

    def holdable(self) -> tuple[int, ...]:
        """Indices of the dice that may be held or released now.

        >>> new_match("yahtzee", seed=1).roll().holdable()
        (0, 1, 2, 3, 4)
        """
        return tuple(i for i in range(self.ruleset.dice) if self.is_legal(Hold(i)))

    def options(self) -> dict[str, int]:
        """Legal categories now (open and allowed by the joker rule) -> points they would write.

        Empty when the current player cannot score (before the first roll, between games).

        >>> m = new_match("yahtzee", seed=1).roll(faces=[1, 2, 3, 4, 5])
        >>> m.options()["large_straight"], m.options()["yahtzee"]
        (40, 0)
        """
        if self.finished or self.game_over or self.rolls == 0:
            return {}
        return dict(self.ruleset.choices(self.cards[-1][self.player].scores, self.dice))

    def pending_bonus(self) -> int:
        """Yahtzee bonus points scoring the current dice would earn (0 if none or not rolled).

        >>> m = new_match("yahtzee", seed=1).roll(faces=[4] * 5).score("yahtzee")
        >>> m.roll(faces=[4] * 5).pending_bonus(), m.roll(faces=[4, 4, 4, 4, 1]).pending_bonus()
        (100, 0)
        """
        if self.finished or self.game_over or self.rolls == 0:
            return 0
        return self.ruleset.yahtzee_bonus(self.cards[-1][self.player].scores, self.dice)

    def open_categories(self, player: PlayerRef = None) -> tuple[str, ...]:
        """Ids of the categories ``player`` (default: current) has not filled this game.

        >>> len(new_match("yahtzee", seed=1).open_categories())
        13
        """
        card = self.scorecard(player)
        return tuple(cat.id for cat in self.ruleset.categories if not card.filled(cat.id))

    def legal_actions(self) -> list[Action]:
        """Every action that would be accepted now: the same checks as :meth:`apply`.

        >>> new_match("yahtzee", seed=1).legal_actions()
        [Roll(faces=None)]
        >>> len(new_match("yahtzee", seed=1).roll(faces=[1, 1, 1, 1, 1]).legal_actions())
        19
        """
        candidates: list[Action] = [Roll(), *(Hold(i, not self.held[i]) for i in range(self.ruleset.dice))]
        candidates += [Score(category.id) for category in self.ruleset.categories] + [NextGame(), Finish()]
        return [action for action in candidates if self.is_legal(action)]

    # ----------------------------------------------------------------- score queries

    def scorecard(self, player: PlayerRef = None, game: int | None = None) -> Scorecard:
        """``player``'s scorecard (default: current player) in ``game`` (default: current game).

        >>> new_match("yahtzee", ["Ann"], seed=1).roll(faces=[6] * 5).score("sixes").scorecard(0).scores
        {'sixes': 30}
        """
        return self.cards[legality.game_index(self, game)][legality.player_index(self, player)]

    def totals(self, player: PlayerRef = None, game: int | None = None) -> Totals:
        """Upper subtotal, bonus and total, lower total, Yahtzee bonus and grand total.

        >>> new_match("yahtzee", seed=1).totals().grand_total
        0
        """
        card = self.scorecard(player, game)
        return self.ruleset.totals(card.scores, card.yahtzee_bonus)

    def game_totals(self, game: int | None = None) -> tuple[int, ...]:
        """Grand total of each player in ``game`` (default: current game).

        >>> new_match("yacht", ["Ann", "Bob"], seed=1).roll(faces=[2, 2, 2, 2, 2]).score("yacht").game_totals()
        (50, 0)
        """
        index = legality.game_index(self, game)
        return tuple(self.ruleset.totals(card.scores, card.yahtzee_bonus).grand_total for card in self.cards[index])

    def match_totals(self) -> tuple[int, ...]:
        """Each player's grand totals summed over every game played (the current one included).

        >>> new_match("yahtzee", ["Ann", "Bob"], seed=1).match_totals()
        (0, 0)
        """
        sums = [0] * len(self.seats)
        for game in range(len(self.cards)):
            for index, total in enumerate(self.game_totals(game)):
                sums[index] += total
        return tuple(sums)

    def standings(self, game: int | None = None) -> tuple[Standing, ...]:
        """Ranking by match totals (``game=None``) or by one game's totals; ties share a rank.

        >>> [(s.rank, s.name) for s in new_match("yacht", ["Ann", "Bob"], seed=1).standings()]
        [(1, 'Ann'), (1, 'Bob')]
        """
        totals = self.match_totals() if game is None else self.game_totals(game)
        ranks = competition_ranks(totals)
        lines = [Standing(ranks[i], i, self.seats[i].name, totals[i]) for i in range(len(self.seats))]
        return tuple(sorted(lines, key=lambda line: (line.rank, line.player)))

    # ----------------------------------------------------------------- actions

    def apply_all(self, actions: Iterable[Action | Sequence[Any]]) -> Match:
        """Perform actions in turn, as repeated :meth:`apply` would, in time linear in their number.

        (Each apply copies the record of actions; here the record is kept aside and joined once.)

        >>> m = new_match("yacht", ["Ann"], seed=2)
        >>> m.apply_all([Roll(), Hold(0, True), ["roll"]]) == m.apply(Roll()).apply(Hold(0, True)).apply(Roll())
        True
        """
        done = list(self.actions)
        match = dataclasses.replace(self, actions=())
        for action in actions:
            match = match.apply(action)
            if match.actions:
                done.extend(match.actions)
                match = dataclasses.replace(match, actions=())
        return dataclasses.replace(match, actions=tuple(done))

    def apply(self, action: Action | Sequence[Any], *, player: PlayerRef = None) -> Match:
        """Perform an action (a value of game.core.actions, or a save's JSON list); GameError if refused.

        ``player`` (index or name), if given, must be the one on turn.

        >>> new_match("yahtzee", seed=1).apply(Roll((1, 1, 2, 2, 2))).apply(["score", "full_house"]).totals(0).lower_total
        25
        """
        parsed = actions.from_data(action)
        refused = legality.refusal(self, parsed, player)
        if refused is not None:
            raise refused
        return moves.perform(self, parsed)

    def roll(self, faces: Sequence[int] | None = None, *, player: PlayerRef = None) -> Match:
        """Roll the dice not held (all of them on the first roll); ``faces`` injects the result.

        >>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[1, 2, 3, 4, 5])
        >>> m.hold(0).roll(faces=[6, 6, 6, 6]).dice
        (1, 6, 6, 6, 6)
        >>> new_match("yahtzee", ["Ann"], seed=1).roll().dice == new_match("yahtzee", ["Ann"], seed=1).roll().dice
        True
        """
        # Roll keeps a list as a tuple, and the refusal words any other shape: passed as given.
        return self.apply(Roll(faces), player=player)  # type: ignore[arg-type]

    def hold(self, index: int, held: bool = True, *, player: PlayerRef = None) -> Match:
        """Hold (or with ``held=False`` release) die ``index`` between rolls.

        >>> new_match("yahtzee", ["Ann"], seed=1).hold(0)
        Traceback (most recent call last):
        ...
        game.core.refusals.HoldError: Ann cannot hold die 1: roll the dice first
        >>> new_match("yahtzee", ["Ann"], seed=1).roll().hold(0).held
        (True, False, False, False, False)
        """
        return self.apply(Hold(index, held), player=player)

    def score(self, category: str, *, player: PlayerRef = None) -> Match:
        """Write the dice into open ``category`` (0 if they do not meet it) and end the turn.

        >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[2, 2, 3, 3, 4]).score("yahtzee")
        >>> m.totals("Ann").grand_total, m.current_name, m.last_scored.category
        (0, 'Bob', 'yahtzee')
        """
        return self.apply(Score(category), player=player)

    def next_game(self) -> Match:
        """Start the next game (only between games, and never a seventh).

        >>> new_match("yacht", seed=1).next_game()
        Traceback (most recent call last):
        ...
        game.core.refusals.FlowError: The match cannot go on to the next game: game 1 is still in progress (round 1 of 12, Player 1 to play)
        """
        return self.apply(NextGame())

    def finish(self) -> Match:
        """End the match between games (before the number of games planned, or at it).

        >>> m = new_match("yacht", ["Ann"], games=3, seed=1)
        >>> for category in m.open_categories():
        ...     m = m.roll().score(category)
        >>> m.phase.value, m.finish().finished, m.finish().games_played
        ('game_over', True, 1)
        """
        return self.apply(Finish())


# --------------------------------------------------------------------------- construction


def new_match(
    ruleset: RuleSet | str,
    players: Iterable[str | Seat | None] = (None,),
    games: int = 1,
    seed: int | str | None = None,
    t: Text = ENGLISH,
    draw: Draw = Draw.SEAT,
    dice_seats: Sequence[int] = (),
) -> Match:
    """A new match: rule set (or its name), 1-5 players (names or Seats), 1-6 games, a seed.

    Without a seed, one is derived from the rules, seats and games (the same ones, the same dice: the game
    reads no hidden randomness; the app passes a seed of its own, game.app.table.new_seed). ``draw`` is
    where the dice come from (Draw.ENTERED: real dice, each roll's faces entered, game.core.entered; only the replay
    of a save or link made by an earlier build asks for an older way);
    ``dice_seats`` the seat whose dice each seat meets, where not its own (a challenge replays one seat alone). A player
    without a name is called "Player N" in the words of ``t`` (one person, by default: "Player 1").

    >>> m = new_match("yahtzee", ["Ann", "", Seat.computer("CPU")], games=2, seed=9)
    >>> m.players, m.games, m.phase.value
    (('Ann', 'Player 2', 'CPU'), 2, 'first_roll')
    """
    rule_set = starting.ruleset(ruleset)
    seats = make_seats(players, t)
    if draw is Draw.ENTERED and any(seat.kind is SeatKind.COMPUTER for seat in seats):
        raise SetupError("a match of real dice is played by people alone", Refusal.BAD_SETUP)
    return Match(
        ruleset=rule_set,
        seats=seats,
        games=starting.games(games),
        seed=check_seed(derived_seed(repr(rule_set), repr(seats), games) if seed is None else seed),
        cards=(tuple(Scorecard() for _ in seats),),
        held=(False,) * rule_set.dice,
        draw=draw,
        dice_seats=starting.dice_seats(dice_seats, len(seats), draw),
        banked=(0,) * len(seats) if rule_set.saved_rolls else (),
    )
