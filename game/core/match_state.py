"""A match's state: its fields and the queries on them, below the engine and the modules it calls.

:class:`MatchState` is what game.core.legality (why an action is refused) and game.core.moves (what
it does) read; game.core.engine's ``Match`` adds the actions, asking those two modules. Here, so
that neither has to import the engine that imports them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.core.actions import Action
from game.core.cards import LastScored, Scorecard, Seat
from game.core.dice import Draw
from game.core.rules import RuleSet

__all__ = ["Phase", "MatchState"]


class Phase(Enum):
    """Where the match stands."""

    FIRST_ROLL = "first_roll"  # a turn begins: the dice must be rolled
    MID_TURN = "mid_turn"  # rolled: hold, roll again or score
    MUST_SCORE = "must_score"  # every roll used: a category must be chosen
    GAME_OVER = "game_over"  # between games: next_game or finish
    MATCH_OVER = "match_over"  # nothing more to do


@dataclass(frozen=True)
class MatchState:
    """What a match holds and what follows from it alone: its fields and the queries on them.

    game.core.engine's :class:`~game.core.engine.Match` is this with the actions (``roll``, ``score``, ...);
    game.core.legality and game.core.moves read a match through this class, below the engine that
    calls them. Fields: ``ruleset``, ``seats``, ``games`` (the number planned at setup: a default, not a
    cage), ``seed``, ``draw`` (where dice come from) and ``draws`` (the dice drawn so far),
    ``dice_seats`` (for each seat, the seat whose dice it meets; empty: its own, as at any table: a
    challenge replays another table's seat alone),
    ``cards`` (per game, one :class:`Scorecard` per seat), ``player`` (whose turn), ``dice``
    (empty before the first roll of a turn), ``held``, ``rolls`` (rolls used this turn),
    ``finished``, ``actions`` (the record), ``last_scored`` and ``banked`` (under a rule set that saves
    rolls, each seat's saved rolls as its turn began; derived from the actions like the rest).
    """

    ruleset: RuleSet
    seats: tuple[Seat, ...]
    games: int
    seed: int | str
    cards: tuple[tuple[Scorecard, ...], ...]
    held: tuple[bool, ...]
    draws: int = 0
    player: int = 0
    draw: Draw = Draw.SEAT
    dice_seats: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()
    rolls: int = 0
    finished: bool = False
    actions: tuple[Action, ...] = ()
    last_scored: LastScored | None = None
    banked: tuple[int, ...] = ()  # empty unless the rule set saves rolls

    # ----------------------------------------------------------------- basic queries

    def __repr__(self) -> str:
        if self.finished:
            where = f"match over after {self.games_played} game(s)"
        elif self.game_over:
            where = f"game {self.game + 1} over"
        else:
            where = (
                f"game {self.game + 1}, round {self.round + 1}/{self.rounds}, {self.current_name}, "
                f"roll {self.rolls}/{self.rolls_allowed}, dice={self.dice}, held={self.held}"
            )
        return f"<Match {self.ruleset.name} {len(self.seats)}p: {where}>"

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order.

        >>> from game.core.engine import new_match

        >>> new_match("yacht", ["Ann", "Bob"], seed=1).players
        ('Ann', 'Bob')
        """
        return tuple(seat.name for seat in self.seats)

    @property
    def game(self) -> int:
        """0-based index of the current game (the last one once the match is over)."""
        return len(self.cards) - 1

    @property
    def rounds(self) -> int:
        """Rounds per game: one per category (13 Yahtzee, 12 Yacht, 15 Yatzy).

        >>> from game.core.engine import new_match

        >>> new_match("yatzy", seed=1).rounds
        15
        """
        return len(self.ruleset.categories)

    @property
    def round(self) -> int:
        """0-based index of the current round (the last one once the game is over)."""
        return min(len(self.cards[-1][self.player]), self.rounds - 1)

    @property
    def game_over(self) -> bool:
        """Whether the current game has ended (every category of every player filled)."""
        return len(self.cards[-1][-1]) >= self.rounds

    @property
    def games_played(self) -> int:
        """How many games have been completed."""
        return len(self.cards) if self.game_over else len(self.cards) - 1

    @property
    def more_games_planned(self) -> bool:
        """Between games: whether the number of games chosen at setup suggests another one."""
        return self.game_over and not self.finished and self.games_played < self.games

    @property
    def phase(self) -> Phase:
        """Where the match stands (see :class:`Phase`)."""
        if self.finished:
            return Phase.MATCH_OVER
        if self.game_over:
            return Phase.GAME_OVER
        if self.rolls == 0:
            return Phase.FIRST_ROLL
        if self.rolls >= self.rolls_allowed:
            return Phase.MUST_SCORE
        return Phase.MID_TURN

    def dice_seat(self, seat: int) -> int:
        """The seat whose dice ``seat`` meets (its own, unless the match replays another table's seat)."""
        return self.dice_seats[seat] if self.dice_seats else seat

    @property
    def current_seat(self) -> Seat:
        """The seat whose turn it is."""
        return self.seats[self.player]

    @property
    def current_name(self) -> str:
        """Name of the player whose turn it is."""
        return self.seats[self.player].name

    @property
    def rolls_allowed(self) -> int:
        """Rolls this turn may make: the rule set's own, and the seat's saved ones where rolls are saved.

        >>> from game.core.engine import new_match

        >>> new_match("yahtzee", seed=1).rolls_allowed
        3
        """
        return self.ruleset.rolls_per_turn + (self.banked[self.player] if self.banked else 0)

    @property
    def rolls_left(self) -> int:
        """Rolls left in this turn, saved ones included.

        >>> from game.core.engine import new_match

        >>> new_match("yahtzee", seed=1).roll().rolls_left
        2
        """
        return self.rolls_allowed - self.rolls
