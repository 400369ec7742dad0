"""The match engine: a pure state machine that plays a whole match under any rule set.

A :class:`Match` is an immutable value.  Every action (``roll``, ``hold``, ``score``,
``next_game``, ``finish``) returns a NEW match; a refused action raises a :class:`GameError`
subclass and, since nothing is ever mutated, changes nothing.  The flow follows seed 001
(1-5 players, up to 6 games, one round per category, a turn of one roll plus rerolls of the
dice not held) and seed 000 (the same turn, formally).

Randomness is injected and restorable: die faces come from a counter-based generator
(:func:`die_face`), so the generator state is just ``(seed, draws)``; tests and replays may
also pass the faces of a roll explicitly.  Every action is recorded in ``Match.actions`` as
a JSON-compatible tuple, so ``seed + actions`` replays a match exactly (:func:`replay`), and
:meth:`Match.to_dict` / :func:`from_dict` save and restore a match at any point, validating a
save by replaying it.

Indices of players, dice and games are 0-based in the API; messages number them from 1, as
people do ("Ann cannot hold die 3: roll the dice first").

>>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1)
>>> m = m.roll(faces=[3, 3, 3, 5, 5])
>>> m.options()["full_house"]
25
>>> m = m.score("full_house")
>>> m.current_name, m.totals(0).grand_total
('Bob', 25)
>>> from_dict(m.to_dict()) == m
True
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Union

from . import rules
from .rules import RuleSet, RulesError, Totals

__all__ = [
    "SCHEMA_VERSION",
    "SAVE_FORMAT",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "MAX_GAMES",
    "NAME_LENGTH",
    "MAX_SEED",
    "Refusal",
    "GameError",
    "SetupError",
    "ActionError",
    "QueryError",
    "NotYourTurnError",
    "GameOverError",
    "FlowError",
    "HoldError",
    "RollError",
    "ScoreError",
    "SaveError",
    "SeatKind",
    "Seat",
    "Phase",
    "Scorecard",
    "LastScored",
    "Standing",
    "Match",
    "die_face",
    "competition_ranks",
    "normalize_name",
    "make_seats",
    "new_match",
    "replay",
    "from_dict",
    "from_json",
]

SCHEMA_VERSION = 1
"""Version of the save format written by :meth:`Match.to_dict`."""
SAVE_FORMAT = "yacht-dice/match"
"""The ``format`` tag of a saved match."""
MIN_PLAYERS = 1
MAX_PLAYERS = 5
MAX_GAMES = 6
NAME_LENGTH = 32
"""Longest player name kept (longer names are trimmed): room for a full name, not a paragraph."""
MAX_SEED = 2**53 - 1
"""Largest integer seed: seeds stay exact when a save passes through JavaScript."""
_MAX_SEED_TEXT = 64

PlayerRef = Union[int, str, None]


# --------------------------------------------------------------------------- errors


class Refusal(Enum):
    """Why an action was refused: a closed vocabulary a UI can switch on."""

    MATCH_OVER = "match_over"
    GAME_OVER = "game_over"
    GAME_IN_PROGRESS = "game_in_progress"
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_PLAYER = "unknown_player"
    UNKNOWN_GAME = "unknown_game"
    NOT_ROLLED = "not_rolled"
    NO_ROLLS_LEFT = "no_rolls_left"
    ALL_HELD = "all_held"
    HELD_BEFORE_FIRST_ROLL = "held_before_first_roll"
    UNKNOWN_DIE = "unknown_die"
    BAD_FACES = "bad_faces"
    UNKNOWN_CATEGORY = "unknown_category"
    FILLED = "filled"
    JOKER = "joker"
    RULES = "rules"
    BAD_ACTION = "bad_action"
    BAD_SETUP = "bad_setup"
    BAD_SAVE = "bad_save"


class GameError(ValueError):
    """Base of every error of the engine; ``reason`` is a :class:`Refusal`.

    >>> issubclass(RollError, GameError) and issubclass(GameError, ValueError)
    True
    """

    def __init__(self, message: str, reason: Refusal | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class SetupError(GameError):
    """A match cannot be set up: bad rule set, players, number of games or seed."""


class ActionError(GameError):
    """A recorded action is malformed (not one of the action shapes)."""


class QueryError(GameError):
    """A query named a player or game that the match does not have."""


class NotYourTurnError(GameError):
    """The action names a player whose turn it is not (or no player of the match)."""


class GameOverError(GameError):
    """A turn action after the game, or any action after the match, is over."""


class FlowError(GameError):
    """``next_game`` or ``finish`` while a game is still being played."""


class HoldError(GameError):
    """A die may not be held or released now (or there is no such die)."""


class RollError(GameError):
    """The dice may not be rolled now (or the injected faces are impossible)."""


class ScoreError(GameError):
    """A category may not be scored now; wraps the rules' ChoiceError and keeps its message.

    ``category`` is the category asked for; ``rules_error`` the rules exception, if any.
    """

    def __init__(
        self,
        message: str,
        reason: Refusal | None = None,
        category: Any = None,
        rules_error: Exception | None = None,
    ) -> None:
        super().__init__(message, reason)
        self.category = category
        self.rules_error = rules_error


class SaveError(GameError):
    """Save data that cannot be restored: malformed, wrong version, impossible or tampered."""

    def __init__(self, message: str, reason: Refusal | None = Refusal.BAD_SAVE) -> None:
        super().__init__(message, reason)


# --------------------------------------------------------------------------- values


class SeatKind(Enum):
    """Who sits in a seat."""

    HUMAN = "human"
    COMPUTER = "computer"


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a player's name, kind and (for computer players) level.

    >>> Seat("Ann")
    Seat(name='Ann', kind=<SeatKind.HUMAN: 'human'>, level=None)
    >>> Seat.computer("Robo", "hard").to_dict()
    {'name': 'Robo', 'kind': 'computer', 'level': 'hard'}
    """

    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: str | None = None

    @classmethod
    def human(cls, name: str) -> Seat:
        """A human player's seat.

        >>> Seat.human("Bob").kind.value
        'human'
        """
        return cls(name, SeatKind.HUMAN)

    @classmethod
    def computer(cls, name: str, level: str | None = None) -> Seat:
        """A computer player's seat, with an optional level string.

        >>> Seat.computer("CPU").kind.value
        'computer'
        """
        return cls(name, SeatKind.COMPUTER, level)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible data.

        >>> Seat("Ann").to_dict()
        {'name': 'Ann', 'kind': 'human', 'level': None}
        """
        return {"name": self.name, "kind": self.kind.value, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        """The seat described by :meth:`to_dict` data (raises SetupError on bad data).

        >>> Seat.from_dict({"name": "Ann", "kind": "computer", "level": "easy"}).level
        'easy'
        """
        if not isinstance(data, Mapping) or set(data) - {"name", "kind", "level"} or "name" not in data:
            raise SetupError(f"a seat must be {{'name', 'kind', 'level'}}, not {data!r}", Refusal.BAD_SETUP)
        try:
            kind = SeatKind(data.get("kind", "human"))
        except ValueError:
            raise SetupError(f"unknown seat kind {data.get('kind')!r}", Refusal.BAD_SETUP) from None
        return cls(data["name"], kind, data.get("level"))


class Phase(Enum):
    """Where the match stands."""

    FIRST_ROLL = "first_roll"  # a turn begins: the dice must be rolled
    MID_TURN = "mid_turn"  # rolled: hold, roll again or score
    MUST_SCORE = "must_score"  # every roll used: a category must be chosen
    GAME_OVER = "game_over"  # between games: next_game or finish
    MATCH_OVER = "match_over"  # nothing more to do


@dataclass(frozen=True)
class Scorecard:
    """One player's column for one game: categories filled (in fill order) and Yahtzee bonus.

    >>> card = Scorecard().with_score("chance", 22)
    >>> card.scores, card.filled("chance"), card.filled("ones")
    ({'chance': 22}, True, False)
    """

    entries: tuple[tuple[str, int], ...] = ()
    yahtzee_bonus: int = 0

    @property
    def scores(self) -> dict[str, int]:
        """Filled category id -> points written, in the order filled."""
        return dict(self.entries)

    def filled(self, category: str) -> bool:
        """Whether ``category`` has been filled."""
        return any(cat == category for cat, _ in self.entries)

    def get(self, category: str) -> int | None:
        """Points written in ``category``, or None if it is open.

        >>> Scorecard((("ones", 3),)).get("ones"), Scorecard().get("ones")
        (3, None)
        """
        for cat, points in self.entries:
            if cat == category:
                return points
        return None

    def __len__(self) -> int:
        return len(self.entries)

    def with_score(self, category: str, points: int, bonus: int = 0) -> Scorecard:
        """A new card with ``category`` filled and ``bonus`` added to the Yahtzee bonus."""
        return Scorecard(self.entries + ((category, points),), self.yahtzee_bonus + bonus)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible data.

        >>> Scorecard((("ones", 3),), 100).to_dict()
        {'scores': {'ones': 3}, 'yahtzee_bonus': 100}
        """
        return {"scores": dict(self.entries), "yahtzee_bonus": self.yahtzee_bonus}


@dataclass(frozen=True)
class LastScored:
    """The most recent scoring, for the UI: who wrote what where, with which dice."""

    game: int
    player: int
    category: str
    points: int
    bonus: int
    dice: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible data."""
        return {
            "game": self.game,
            "player": self.player,
            "category": self.category,
            "points": self.points,
            "bonus": self.bonus,
            "dice": list(self.dice),
        }


@dataclass(frozen=True)
class Standing:
    """One line of a ranking: competition rank (ties shared), seat index, name and total."""

    rank: int
    player: int
    name: str
    total: int


# --------------------------------------------------------------------------- helpers


def die_face(seed: int | str, index: int, sides: int) -> int:
    """Face (1..sides) of the ``index``-th die drawn from ``seed``; the same on every Python.

    A counter-based generator (SHA-256 of seed and index, with rejection sampling), so the
    generator's whole state is the seed and the number of dice drawn so far.

    >>> [die_face(42, i, 6) for i in range(5)] == [die_face(42, i, 6) for i in range(5)]
    True
    >>> all(1 <= die_face("x", i, 8) <= 8 for i in range(50))
    True
    """
    import hashlib  # here, not at the top: it costs start-up time in the browser before any roll

    if not isinstance(sides, int) or sides < 1:
        raise ValueError(f"sides must be a positive integer, not {sides!r}")
    key = f"yacht-dice:{json.dumps(seed)}:{index}".encode()
    limit = (1 << 64) - ((1 << 64) % sides)
    salt = 0
    while True:
        digest = hashlib.sha256(key if salt == 0 else key + b"#" + str(salt).encode()).digest()
        for offset in range(0, len(digest), 8):
            value = int.from_bytes(digest[offset : offset + 8], "big")
            if value < limit:
                return value % sides + 1
        salt += 1  # pragma: no cover - probability below 2**-200


def competition_ranks(values: Sequence[int]) -> tuple[int, ...]:
    """Competition ranks of ``values`` (higher is better; ties share a rank: 1, 1, 3).

    >>> competition_ranks([50, 70, 50, 10])
    (2, 1, 2, 4)
    >>> competition_ranks([5, 5, 3])
    (1, 1, 3)
    """
    return tuple(1 + sum(other > value for other in values) for value in values)


def normalize_name(name: Any, seat: int) -> str:
    """A player's display name: whitespace collapsed, empty -> "Player N", at most NAME_LENGTH (32) chars.

    ``seat`` is the 0-based seat index (used for the default name).

    >>> normalize_name("  Ann   Lee ", 0), normalize_name("", 2), len(normalize_name("x" * 40, 0))
    ('Ann Lee', 'Player 3', 32)
    """
    if name is None:
        name = ""
    if not isinstance(name, str):
        raise SetupError(f"player {seat + 1}'s name must be text, not {name!r}", Refusal.BAD_SETUP)
    printable = "".join(ch if ch.isprintable() else " " for ch in name)
    clean = " ".join(printable.split())[:NAME_LENGTH].rstrip()
    return clean or f"Player {seat + 1}"


def make_seats(players: Iterable[str | Seat | None]) -> tuple[Seat, ...]:
    """Validated seats from names or :class:`Seat` values (1 to 5 players).

    >>> [s.name for s in make_seats(["Ann", " ", Seat.computer("CPU", "easy")])]
    ['Ann', 'Player 2', 'CPU']
    """
    if isinstance(players, (str, Seat)):
        players = [players]
    try:
        given = list(players)
    except TypeError:
        raise SetupError(f"players must be a list of names or seats, not {players!r}", Refusal.BAD_SETUP) from None
    if not MIN_PLAYERS <= len(given) <= MAX_PLAYERS:
        raise SetupError(
            f"a match has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(given)}", Refusal.BAD_SETUP
        )
    seats = []
    for index, player in enumerate(given):
        if isinstance(player, Seat):
            kind, level, name = player.kind, player.level, player.name
        else:
            kind, level, name = SeatKind.HUMAN, None, player
        if not isinstance(kind, SeatKind):
            raise SetupError(f"seat {index + 1} has an unknown kind {kind!r}", Refusal.BAD_SETUP)
        if level is not None:
            if kind is not SeatKind.COMPUTER:
                raise SetupError(f"seat {index + 1}: only computer players have a level", Refusal.BAD_SETUP)
            if not isinstance(level, str) or not level.strip() or len(level) > NAME_LENGTH:
                raise SetupError(f"seat {index + 1} has an invalid level {level!r}", Refusal.BAD_SETUP)
        seats.append(Seat(normalize_name(name, index), kind, level))
    return tuple(seats)


def _check_games(games: Any) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise SetupError(f"a match is played for 1 to {MAX_GAMES} games, not {games!r}", Refusal.BAD_SETUP)
    return games


def _check_seed(seed: Any) -> int | str:
    if seed is None:
        return random.SystemRandom().randrange(MAX_SEED + 1)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise SetupError(f"the seed must be an integer or text, not {seed!r}", Refusal.BAD_SETUP)
    if isinstance(seed, int) and not 0 <= seed <= MAX_SEED:
        raise SetupError(f"an integer seed must be between 0 and 2**53 - 1, not {seed}", Refusal.BAD_SETUP)
    if isinstance(seed, str) and len(seed) > _MAX_SEED_TEXT:
        raise SetupError(f"a text seed has at most {_MAX_SEED_TEXT} characters", Refusal.BAD_SETUP)
    return seed


def _resolve_ruleset(ruleset: Any) -> RuleSet:
    if isinstance(ruleset, RuleSet):
        return ruleset
    if isinstance(ruleset, str):
        try:
            return rules.ruleset(ruleset)
        except RulesError as exc:
            raise SetupError(f"unknown rule set {ruleset!r}: {exc}", Refusal.BAD_SETUP) from exc
    if isinstance(ruleset, Mapping):
        try:
            return rules.from_dict(ruleset)
        except RulesError as exc:
            raise SetupError(f"bad rule set {ruleset!r}: {exc}", Refusal.BAD_SETUP) from exc
    raise SetupError(f"a rule set or its name is needed, not {ruleset!r}", Refusal.BAD_SETUP)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _freeze_action(action: Any) -> tuple:
    """A recorded action as a tuple (faces as a tuple), checking its shape."""
    if not isinstance(action, (list, tuple)) or not action or not isinstance(action[0], str):
        raise ActionError(f"an action is a list starting with its name, not {action!r}", Refusal.BAD_ACTION)
    kind, args = action[0], list(action[1:])
    if kind == "roll" and not args:
        return ("roll",)
    if kind == "roll" and len(args) == 1 and isinstance(args[0], (list, tuple)):
        if all(_is_int(face) for face in args[0]):
            return ("roll", tuple(args[0]))
    if kind == "hold" and len(args) == 2 and _is_int(args[0]) and isinstance(args[1], bool):
        return ("hold", args[0], args[1])
    if kind == "score" and len(args) == 1 and isinstance(args[0], str):
        return ("score", args[0])
    if kind in ("next_game", "finish") and not args:
        return (kind,)
    raise ActionError(f"not a valid action: {action!r}", Refusal.BAD_ACTION)


def _thaw(action: tuple) -> list:
    return [list(arg) if isinstance(arg, tuple) else arg for arg in action]


# --------------------------------------------------------------------------- the match


@dataclass(frozen=True)
class Match:
    """An immutable match; actions return a new Match, refused actions raise GameError.

    Build one with :func:`new_match`.  Fields: ``ruleset``, ``seats``, ``games`` (the number
    planned at setup: a default, not a cage), ``seed`` and ``draws`` (the generator state),
    ``cards`` (per game, one :class:`Scorecard` per seat), ``player`` (whose turn), ``dice``
    (empty before the first roll of a turn), ``held``, ``rolls`` (rolls used this turn),
    ``finished``, ``actions`` (the record) and ``last_scored``.

    >>> m = new_match("yacht", ["Ann"], seed=3)
    >>> m.phase, m.rolls_left, m.dice
    (<Phase.FIRST_ROLL: 'first_roll'>, 3, ())
    """

    ruleset: RuleSet
    seats: tuple[Seat, ...]
    games: int
    seed: int | str
    cards: tuple[tuple[Scorecard, ...], ...]
    held: tuple[bool, ...]
    draws: int = 0
    player: int = 0
    dice: tuple[int, ...] = ()
    rolls: int = 0
    finished: bool = False
    actions: tuple[tuple, ...] = ()
    last_scored: LastScored | None = None

    # ----------------------------------------------------------------- basic queries

    def __repr__(self) -> str:
        if self.finished:
            where = f"match over after {self.games_played} game(s)"
        elif self.game_over:
            where = f"game {self.game + 1} over"
        else:
            where = (
                f"game {self.game + 1}, round {self.round + 1}/{self.rounds}, {self.current_name}, "
                f"roll {self.rolls}/{self.ruleset.rolls_per_turn}, dice={self.dice}, held={self.held}"
            )
        return f"<Match {self.ruleset.name} {len(self.seats)}p: {where}>"

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order.

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
    def match_over(self) -> bool:
        """Whether the match has ended (finished early, or after the sixth game)."""
        return self.finished

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
        if self.rolls >= self.ruleset.rolls_per_turn:
            return Phase.MUST_SCORE
        return Phase.MID_TURN

    @property
    def current_player(self) -> int:
        """Seat index of the player whose turn it is (seat 0 between games)."""
        return self.player

    @property
    def current_seat(self) -> Seat:
        """The seat whose turn it is."""
        return self.seats[self.player]

    @property
    def current_name(self) -> str:
        """Name of the player whose turn it is."""
        return self.seats[self.player].name

    @property
    def rolls_used(self) -> int:
        """Rolls used in this turn."""
        return self.rolls

    @property
    def rolls_left(self) -> int:
        """Rolls left in this turn.

        >>> new_match("yahtzee", seed=1).roll().rolls_left
        2
        """
        return self.ruleset.rolls_per_turn - self.rolls

    @property
    def generator_state(self) -> tuple[int | str, int]:
        """The random generator's whole state: (seed, dice drawn so far)."""
        return (self.seed, self.draws)

    # ----------------------------------------------------------------- refusals

    def _seat_index(self, player: PlayerRef) -> int | None:
        if _is_int(player):
            return player if 0 <= player < len(self.seats) else None
        if isinstance(player, str):
            if player == self.current_name:
                return self.player
            for index, seat in enumerate(self.seats):
                if seat.name == player:
                    return index
        return None

    def _actor(self, player: PlayerRef) -> str:
        if player is None:
            return self.current_name
        index = self._seat_index(player)
        return self.seats[index].name if index is not None else f"Player {player!r}"

    def _match_over_error(self, actor: str, verb: str) -> GameOverError:
        return GameOverError(
            f"{actor} cannot {verb}: the match is over ({self.games_played} game(s) played)",
            Refusal.MATCH_OVER,
        )

    def _turn_refusal(self, verb: str, player: PlayerRef) -> GameError | None:
        actor = self._actor(player)
        if self.finished:
            return self._match_over_error(actor, verb)
        if self.game_over:
            return GameOverError(
                f"{actor} cannot {verb}: game {self.game + 1} is over; start the next game or finish the match",
                Refusal.GAME_OVER,
            )
        if player is not None:
            index = self._seat_index(player)
            if index is None:
                return NotYourTurnError(
                    f"{actor} cannot {verb}: there is no such player in this match", Refusal.UNKNOWN_PLAYER
                )
            if index != self.player:
                return NotYourTurnError(
                    f"{actor} cannot {verb}: it is {self.current_name}'s turn", Refusal.NOT_YOUR_TURN
                )
        return None

    def _roll_refusal(self, faces: Any, player: PlayerRef) -> GameError | None:
        refusal = self._turn_refusal("roll", player)
        if refusal is not None:
            return refusal
        name, limit, count = self.current_name, self.ruleset.rolls_per_turn, self.ruleset.dice
        if self.rolls >= limit:
            return RollError(
                f"{name} cannot roll: all {limit} rolls of this turn are used; choose a category",
                Refusal.NO_ROLLS_LEFT,
            )
        if self.rolls == 0 and any(self.held):
            return RollError(
                f"{name} cannot roll: dice are held before the first roll of the turn",
                Refusal.HELD_BEFORE_FIRST_ROLL,
            )
        if all(self.held):
            return RollError(f"{name} cannot roll: all {count} dice are held", Refusal.ALL_HELD)
        if faces is not None:
            free = self.held.count(False)
            sides = self.ruleset.sides
            if (
                not isinstance(faces, (list, tuple))
                or len(faces) != free
                or not all(_is_int(face) and 1 <= face <= sides for face in faces)
            ):
                shown = list(faces) if isinstance(faces, (list, tuple)) else faces
                return RollError(
                    f"{name} cannot roll {shown!r}: {free} faces from 1 to {sides} are needed "
                    f"for the dice not held",
                    Refusal.BAD_FACES,
                )
        return None

    def _hold_refusal(self, index: Any, held: Any, player: PlayerRef) -> GameError | None:
        valid = _is_int(index) and 0 <= index < self.ruleset.dice
        verb = "hold" if held else "release"
        what = f"{verb} die {index + 1}" if valid else f"{verb} die index {index!r}"
        refusal = self._turn_refusal(what, player)
        if refusal is not None:
            return refusal
        name, count = self.current_name, self.ruleset.dice
        if not valid:
            return HoldError(
                f"{name} cannot {what}: there are {count} dice (indices 0 to {count - 1})", Refusal.UNKNOWN_DIE
            )
        if not isinstance(held, bool):
            return HoldError(f"{name} cannot {what}: held must be True or False, not {held!r}", Refusal.BAD_ACTION)
        if self.rolls == 0:
            return HoldError(f"{name} cannot {what}: roll the dice first", Refusal.NOT_ROLLED)
        if self.rolls >= self.ruleset.rolls_per_turn:
            return HoldError(
                f"{name} cannot {what}: no rolls are left this turn; choose a category", Refusal.NO_ROLLS_LEFT
            )
        return None

    def _category_label(self, category: Any) -> str:
        if isinstance(category, str):
            try:
                return self.ruleset.category(category).name
            except RulesError:
                pass
        return repr(category)

    def _score_refusal(self, category: Any, player: PlayerRef) -> tuple[GameError | None, int, int]:
        """(refusal, points, bonus) for scoring ``category`` now."""
        label = self._category_label(category)
        verb = f"score {label}"
        refusal = self._turn_refusal(verb, player)
        if refusal is not None:
            return refusal, 0, 0
        name = self.current_name
        known = isinstance(category, str) and any(cat.id == category for cat in self.ruleset.categories)
        if not known:
            return (
                ScoreError(
                    f"{name} cannot {verb}: {self.ruleset.title} has no such category",
                    Refusal.UNKNOWN_CATEGORY,
                    category,
                ),
                0,
                0,
            )
        if self.rolls == 0:
            return ScoreError(f"{name} cannot {verb}: roll the dice first", Refusal.NOT_ROLLED, category), 0, 0
        card = self.cards[-1][self.player]
        scores = card.scores
        try:
            points = self.ruleset.check(scores, self.dice, category)
        except RulesError as exc:
            if isinstance(exc, rules.CategoryFilledError):
                detail = f"it is already filled ({scores.get(category)}); choose another category"
                reason = Refusal.FILLED
            else:
                detail = str(exc)
                reason = (
                    Refusal.JOKER
                    if isinstance(exc, rules.JokerRuleError)
                    else Refusal.UNKNOWN_CATEGORY
                    if isinstance(exc, rules.UnknownCategoryError)
                    else Refusal.RULES
                )
            error = ScoreError(f"{name} cannot {verb}: {detail}", reason, category, exc)
            error.__cause__ = exc
            return error, 0, 0
        bonus = self.ruleset.yahtzee_bonus(scores, self.dice)
        return None, points, bonus

    def _between_games_refusal(self, verb: str) -> GameError | None:
        if self.finished:
            return self._match_over_error("The match", verb)
        if not self.game_over:
            return FlowError(
                f"The match cannot {verb}: game {self.game + 1} is still in progress "
                f"(round {self.round + 1} of {self.rounds}, {self.current_name} to play)",
                Refusal.GAME_IN_PROGRESS,
            )
        return None

    def refusal(self, action: Sequence[Any], player: PlayerRef = None) -> GameError | None:
        """The error ``action`` would raise now, or None if it is legal (nothing is changed).

        >>> m = new_match("yahtzee", ["Ann"], seed=1)
        >>> str(m.refusal(["hold", 2, True]))
        'Ann cannot hold die 3: roll the dice first'
        >>> m.refusal(["roll"]) is None
        True
        """
        try:
            frozen = _freeze_action(action)
        except ActionError as exc:
            return exc
        kind = frozen[0]
        if kind == "roll":
            return self._roll_refusal(frozen[1] if len(frozen) > 1 else None, player)
        if kind == "hold":
            return self._hold_refusal(frozen[1], frozen[2], player)
        if kind == "score":
            return self._score_refusal(frozen[1], player)[0]
        if kind == "next_game":
            return self._between_games_refusal("go on to the next game")
        return self._between_games_refusal("finish")

    def is_legal(self, action: Sequence[Any], player: PlayerRef = None) -> bool:
        """Whether ``action`` would be accepted now.

        >>> new_match("yahtzee", seed=1).is_legal(["score", "chance"])
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
        return self._roll_refusal(None, None) is None

    @property
    def roll_blocker(self) -> str | None:
        """Why rolling is refused now (the message), or None when it is allowed.

        >>> new_match("yahtzee", ["Ann"], seed=1).roll().roll().roll().roll_blocker
        'Ann cannot roll: all 3 rolls of this turn are used; choose a category'
        """
        refusal = self._roll_refusal(None, None)
        return None if refusal is None else str(refusal)

    def can_hold(self, index: int) -> bool:
        """Whether die ``index`` may be held or released now.

        >>> m = new_match("yahtzee", seed=1)
        >>> m.can_hold(0), m.roll().can_hold(0), m.roll().can_hold(5)
        (False, True, False)
        """
        return self._hold_refusal(index, True, None) is None

    def holdable(self) -> tuple[int, ...]:
        """Indices of the dice that may be held or released now.

        >>> new_match("yahtzee", seed=1).roll().holdable()
        (0, 1, 2, 3, 4)
        """
        return tuple(i for i in range(self.ruleset.dice) if self.can_hold(i))

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

    def legal_actions(self) -> list[tuple]:
        """Every action that would be accepted now, as action tuples.

        >>> new_match("yahtzee", seed=1).legal_actions()
        [('roll',)]
        >>> len(new_match("yahtzee", seed=1).roll(faces=[1, 1, 1, 1, 1]).legal_actions())
        19
        """
        if self.finished:
            return []
        if self.game_over:
            return [("next_game",), ("finish",)]
        actions: list[tuple] = []
        if self.can_roll:
            actions.append(("roll",))
        for index in self.holdable():
            actions.append(("hold", index, not self.held[index]))
        actions.extend(("score", category) for category in self.options())
        return actions

    # ----------------------------------------------------------------- score queries

    def _player_index(self, player: PlayerRef) -> int:
        if player is None:
            return self.player
        index = self._seat_index(player)
        if index is None:
            raise QueryError(f"there is no player {player!r} in this match", Refusal.UNKNOWN_PLAYER)
        return index

    def _game_index(self, game: int | None) -> int:
        if game is None:
            return self.game
        if not _is_int(game) or not 0 <= game < len(self.cards):
            raise QueryError(
                f"there is no game {game!r}: games 0 to {len(self.cards) - 1} have been played",
                Refusal.UNKNOWN_GAME,
            )
        return game

    @property
    def history(self) -> tuple[tuple[Scorecard, ...], ...]:
        """Per game (started so far), one :class:`Scorecard` per seat."""
        return self.cards

    def scorecard(self, player: PlayerRef = None, game: int | None = None) -> Scorecard:
        """``player``'s scorecard (default: current player) in ``game`` (default: current game).

        >>> new_match("yahtzee", ["Ann"], seed=1).roll(faces=[6] * 5).score("sixes").scorecard(0).scores
        {'sixes': 30}
        """
        return self.cards[self._game_index(game)][self._player_index(player)]

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
        index = self._game_index(game)
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

    def _record(self, action: tuple, **changes: Any) -> Match:
        return dataclasses.replace(self, actions=self.actions + (action,), **changes)

    def roll(self, faces: Sequence[int] | None = None, *, player: PlayerRef = None) -> Match:
        """Roll the dice not held (all of them on the first roll); ``faces`` injects the result.

        ``faces`` gives the new faces of the dice not held, in die order; without it they come
        from the match's generator.  ``player`` (index or name), if given, must be on turn.

        >>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[1, 2, 3, 4, 5])
        >>> m.hold(0).roll(faces=[6, 6, 6, 6]).dice
        (1, 6, 6, 6, 6)
        >>> new_match("yahtzee", ["Ann"], seed=1).roll().dice == new_match("yahtzee", ["Ann"], seed=1).roll().dice
        True
        """
        refusal = self._roll_refusal(faces, player)
        if refusal is not None:
            raise refusal
        count = self.ruleset.dice
        free = [i for i in range(count) if not self.held[i]]
        draws = self.draws
        if faces is None:
            new = tuple(die_face(self.seed, draws + k, self.ruleset.sides) for k in range(len(free)))
            draws += len(free)
            action: tuple = ("roll",)
        else:
            new = tuple(faces)
            action = ("roll", new)
        dice = list(self.dice) if self.dice else [0] * count
        for position, face in zip(free, new):
            dice[position] = face
        return self._record(action, dice=tuple(dice), rolls=self.rolls + 1, draws=draws)

    def hold(self, index: int, held: bool = True, *, player: PlayerRef = None) -> Match:
        """Hold (or with ``held=False`` release) die ``index`` between rolls.

        Holding a die already held (or releasing a free one) is accepted and changes nothing.

        >>> m = new_match("yahtzee", ["Ann"], seed=1)
        >>> m.hold(0)
        Traceback (most recent call last):
        ...
        game.engine.HoldError: Ann cannot hold die 1: roll the dice first
        >>> m.roll().hold(0).held
        (True, False, False, False, False)
        """
        refusal = self._hold_refusal(index, held, player)
        if refusal is not None:
            raise refusal
        if self.held[index] == held:
            return self
        new = list(self.held)
        new[index] = held
        return self._record(("hold", index, held), held=tuple(new))

    def release(self, index: int, *, player: PlayerRef = None) -> Match:
        """Release die ``index`` (same as ``hold(index, False)``).

        >>> new_match("yahtzee", seed=1).roll().hold(1).release(1).held[1]
        False
        """
        return self.hold(index, False, player=player)

    def toggle_hold(self, index: int, *, player: PlayerRef = None) -> Match:
        """Hold die ``index`` if it is free, release it if it is held.

        >>> m = new_match("yahtzee", seed=1).roll().toggle_hold(4)
        >>> m.held[4], m.toggle_hold(4).held[4]
        (True, False)
        """
        if _is_int(index) and 0 <= index < self.ruleset.dice:
            return self.hold(index, not self.held[index], player=player)
        return self.hold(index, True, player=player)

    def score(self, category: str, *, player: PlayerRef = None) -> Match:
        """Write the dice into open ``category`` (0 if they do not meet it) and end the turn.

        >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[2, 2, 3, 3, 4])
        >>> m = m.score("yahtzee")
        >>> m.totals("Ann").grand_total, m.current_name, m.last_scored.category
        (0, 'Bob', 'yahtzee')
        """
        refusal, points, bonus = self._score_refusal(category, player)
        if refusal is not None:
            raise refusal
        game_cards = list(self.cards[-1])
        game_cards[self.player] = game_cards[self.player].with_score(category, points, bonus)
        cards = self.cards[:-1] + (tuple(game_cards),)
        last = LastScored(self.game, self.player, category, points, bonus, self.dice)
        next_player = (self.player + 1) % len(self.seats)
        game_over = len(game_cards[-1]) >= self.rounds
        finished = game_over and len(cards) >= MAX_GAMES
        return self._record(
            ("score", category),
            cards=cards,
            player=next_player,
            dice=(),
            held=(False,) * self.ruleset.dice,
            rolls=0,
            last_scored=last,
            finished=finished,
        )

    def next_game(self) -> Match:
        """Start the next game (only between games, and never a seventh).

        >>> new_match("yacht", seed=1).next_game()
        Traceback (most recent call last):
        ...
        game.engine.FlowError: The match cannot go on to the next game: game 1 is still in progress (round 1 of 12, Player 1 to play)
        """
        refusal = self._between_games_refusal("go on to the next game")
        if refusal is not None:
            raise refusal
        fresh = tuple(Scorecard() for _ in self.seats)
        return self._record(
            ("next_game",),
            cards=self.cards + (fresh,),
            player=0,
            dice=(),
            held=(False,) * self.ruleset.dice,
            rolls=0,
        )

    def finish(self) -> Match:
        """End the match between games (before the number of games planned, or at it).

        >>> m = new_match("yacht", ["Ann"], games=3, seed=1)
        >>> for category in m.open_categories():
        ...     m = m.roll().score(category)
        >>> m.phase.value, m.finish().match_over, m.finish().games_played
        ('game_over', True, 1)
        """
        refusal = self._between_games_refusal("finish")
        if refusal is not None:
            raise refusal
        return self._record(("finish",), finished=True)

    def apply(self, action: Sequence[Any], *, player: PlayerRef = None) -> Match:
        """Perform a recorded action: ``["roll"]``, ``["roll", faces]``, ``["hold", i, bool]``,
        ``["score", id]``, ``["next_game"]`` or ``["finish"]``.

        >>> new_match("yahtzee", seed=1).apply(["roll", [1, 1, 2, 2, 2]]).apply(["score", "full_house"]).totals(0).lower_total
        25
        """
        frozen = _freeze_action(action)
        kind = frozen[0]
        if kind == "roll":
            return self.roll(frozen[1] if len(frozen) > 1 else None, player=player)
        if kind == "hold":
            return self.hold(frozen[1], frozen[2], player=player)
        if kind == "score":
            return self.score(frozen[1], player=player)
        if player is not None and self._seat_index(player) is None:
            raise NotYourTurnError(f"there is no player {player!r} in this match", Refusal.UNKNOWN_PLAYER)
        if kind == "next_game":
            return self.next_game()
        return self.finish()

    # ----------------------------------------------------------------- save / restore

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible data (schema ``version``) that :func:`from_dict` restores exactly.

        >>> data = new_match("yacht", ["Ann"], seed=5).roll().to_dict()
        >>> data["version"], data["actions"], data["state"]["rolls"]
        (1, [['roll']], 1)
        """
        return {
            "format": SAVE_FORMAT,
            "version": SCHEMA_VERSION,
            "ruleset": self.ruleset.to_dict(),
            "seats": [seat.to_dict() for seat in self.seats],
            "games": self.games,
            "seed": self.seed,
            "actions": [_thaw(action) for action in self.actions],
            "state": {
                "game": self.game,
                "player": self.player,
                "rolls": self.rolls,
                "dice": list(self.dice),
                "held": list(self.held),
                "draws": self.draws,
                "finished": self.finished,
                "cards": [[card.to_dict() for card in game] for game in self.cards],
                "last_scored": None if self.last_scored is None else self.last_scored.to_dict(),
            },
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as compact JSON text.

        >>> from_json(new_match("yacht", seed=5).to_json()).seed
        5
        """
        return json.dumps(self.to_dict(), separators=(",", ":"))


# --------------------------------------------------------------------------- construction


def new_match(
    ruleset: RuleSet | str,
    players: Iterable[str | Seat | None] = ("Player 1",),
    games: int = 1,
    seed: int | str | None = None,
) -> Match:
    """A new match: rule set (or its name), 1-5 players (names or Seats), 1-6 games, a seed.

    Without a seed, one is drawn from the system's randomness (and kept, for replays).

    >>> m = new_match("yahtzee", ["Ann", "", Seat.computer("CPU")], games=2, seed=9)
    >>> m.players, m.games, m.phase.value
    (('Ann', 'Player 2', 'CPU'), 2, 'first_roll')
    """
    rule_set = _resolve_ruleset(ruleset)
    seats = make_seats(players)
    return Match(
        ruleset=rule_set,
        seats=seats,
        games=_check_games(games),
        seed=_check_seed(seed),
        cards=(tuple(Scorecard() for _ in seats),),
        held=(False,) * rule_set.dice,
    )


def replay(
    ruleset: RuleSet | str,
    seats: Iterable[str | Seat | None],
    games: int,
    seed: int | str,
    actions: Iterable[Sequence[Any]],
) -> Match:
    """The match that ``seed`` and ``actions`` produce (raises the first refused action's error).

    >>> m = new_match("yatzy", ["Ann"], seed=11).roll().hold(0).roll().score("chance")
    >>> replay("yatzy", ["Ann"], 1, 11, m.actions) == m
    True
    """
    if seed is None:
        raise SetupError("a replay needs the match's seed", Refusal.BAD_SETUP)
    match = new_match(ruleset, seats, games, seed)
    for action in actions:
        match = match.apply(action)
    return match


_TOP_KEYS = {"format", "version", "ruleset", "seats", "games", "seed", "actions", "state"}


def _first_difference(expected: Any, given: Any, path: str = "") -> str:
    if isinstance(expected, dict) and isinstance(given, dict):
        for key in list(expected) + [k for k in given if k not in expected]:
            if key not in given:
                return f"{path}{key} is missing"
            if key not in expected:
                return f"{path}{key} is unexpected"
            if expected[key] != given[key]:
                return _first_difference(expected[key], given[key], f"{path}{key}.")
    if isinstance(expected, list) and isinstance(given, list) and len(expected) == len(given):
        for index, (a, b) in enumerate(zip(expected, given)):
            if a != b:
                return _first_difference(a, b, f"{path}{index}.")
    return f"{path.rstrip('.') or 'data'} is {given!r}, the replay gives {expected!r}"


def from_dict(data: Any) -> Match:
    """The match saved by :meth:`Match.to_dict`, rebuilt by replaying its actions and checked.

    Any problem (not a save, wrong version, malformed or impossible values, a state that does
    not match its actions) raises :class:`SaveError`; a half-built match is never returned.

    >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=4).roll().hold(2)
    >>> from_dict(m.to_dict()) == m
    True
    >>> from_dict({"version": 99})
    Traceback (most recent call last):
    ...
    game.engine.SaveError: unsupported save version 99 (this build reads version 1)
    """
    if not isinstance(data, Mapping):
        raise SaveError(f"a saved match is a JSON object, not {type(data).__name__}")
    if data.get("format", SAVE_FORMAT) != SAVE_FORMAT:
        raise SaveError(f"not a saved match (format {data.get('format')!r})")
    version = data.get("version")
    if version != SCHEMA_VERSION or isinstance(version, bool):
        raise SaveError(f"unsupported save version {version!r} (this build reads version {SCHEMA_VERSION})")
    missing = sorted(_TOP_KEYS - set(data))
    if missing:
        raise SaveError(f"the save is incomplete: {', '.join(missing)} missing")
    extra = sorted(str(key) for key in set(data) - _TOP_KEYS)
    if extra:
        raise SaveError(f"the save has unknown fields: {', '.join(extra)}")
    try:
        normalized = json.loads(json.dumps(dict(data), allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(f"the save is not plain JSON data: {exc}") from exc
    if not isinstance(normalized["actions"], list):
        raise SaveError("the save's actions must be a list")
    if not isinstance(normalized["seats"], list):
        raise SaveError("the save's seats must be a list")
    try:
        rule_set = rules.from_dict(normalized["ruleset"])
        seats = [Seat.from_dict(seat) for seat in normalized["seats"]]
        match = replay(rule_set, seats, normalized["games"], normalized["seed"], normalized["actions"])
        expected = json.loads(json.dumps(match.to_dict()))
    except SaveError:
        raise
    except (GameError, RulesError) as exc:
        raise SaveError(f"the save cannot be replayed: {exc}") from exc
    except Exception as exc:  # noqa: BLE001 - any failure of bad data is a SaveError
        raise SaveError(f"the save is malformed: {type(exc).__name__}: {exc}") from exc
    if expected != normalized:
        raise SaveError(
            "the saved state does not match its recorded actions: " + _first_difference(expected, normalized)
        )
    return match


def from_json(text: str | bytes) -> Match:
    """The match saved by :meth:`Match.to_json` (SaveError on anything else).

    >>> from_json("{truncated")
    Traceback (most recent call last):
    ...
    game.engine.SaveError: the save is not valid JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(f"the save is not valid JSON: {exc}") from exc
    return from_dict(data)
