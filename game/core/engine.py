"""The match engine: a pure state machine that plays a whole match under any rule set.

A :class:`Match` is an immutable value.  Every action (``roll``, ``hold``, ``score``,
``next_game``, ``finish``) returns a NEW match; a refused action raises a :class:`GameError`
subclass and, since nothing is ever mutated, changes nothing.  The flow follows seed 001
(1-5 players, up to 6 games, one round per category, a turn of one roll plus rerolls of the
dice not held) and seed 000 (the same turn, formally).

Randomness is injected and restorable. A new match's dice come from its slot (:func:`slot_face`):
the seed, the game, the round, the roll of the turn and the die's position, so every person meets
the same fresh dice in the same slot however they kept, and undo cannot fish. Matches made before
(``Draw.SEQUENCE``) drew the ``draws``-th die from the seed (:func:`die_face`) and still do.  Tests
and replays may also pass the faces of a roll explicitly.  Every action is recorded in ``Match.actions`` as
an action value (game.core.actions), so ``seed + actions`` replays a match exactly; game.core.saves
writes and restores a match at any point, validating a save by replaying it.

Indices of players, dice and games are 0-based in the API; messages number them from 1, as
people do ("Ann cannot hold die 3: roll the dice first").

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
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.core import actions, rules
from game.core.actions import Action, Finish, Hold, NextGame, Roll, Score
from game.core.i18n import ENGLISH, N_, Text, n_
from game.core.rules import RulesError, RuleSet, Totals

__all__ = [
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "MAX_GAMES",
    "NAME_LENGTH",
    "MAX_SEED",
    "Refusal",
    "Draw",
    "slot_face",
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
    "TableError",
    "SaveError",
    "SeatKind",
    "Level",
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
]

MIN_PLAYERS = 1
MAX_PLAYERS = 5
MAX_GAMES = 6
NAME_LENGTH = 32
"""Longest player name kept (longer names are trimmed): room for a full name, not a paragraph."""
MAX_SEED = 2**53 - 1
"""Largest integer seed: seeds stay exact when a save passes through JavaScript."""
_MAX_SEED_TEXT = 64
SAVE_MESSAGE_CHARS = 300
"""The longest message about a save: it may quote data someone else wrote."""

PlayerRef = int | str | None


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
    COMPUTER_PLAYING = "computer_playing"
    UNDO_OFF = "undo_off"
    NOTHING_TO_UNDO = "nothing_to_undo"


Wording = str | tuple[str, str]

# The sub-key of a wording is the action refused ("roll", "hold", "release", "score", "next_game",
# "finish"), the joker rule's case ("upper", "lower"), or None. Fields: {name} the player (or seat) who
# would act, {die} a die's number from 1, {category} a box's name, {count} the number a plural counts.
# fmt: off
_WORDINGS: dict[tuple[Refusal, str | None], Wording] = {
    # Translators: {count} is the number of games the match had when it ended.
    (Refusal.MATCH_OVER, "roll"): n_(
        "{name} cannot roll: the match is over ({count} game played)",
        "{name} cannot roll: the match is over ({count} games played)"),
    (Refusal.MATCH_OVER, "hold"): n_(
        "{name} cannot hold die {die}: the match is over ({count} game played)",
        "{name} cannot hold die {die}: the match is over ({count} games played)"),
    (Refusal.MATCH_OVER, "release"): n_(
        "{name} cannot release die {die}: the match is over ({count} game played)",
        "{name} cannot release die {die}: the match is over ({count} games played)"),
    (Refusal.MATCH_OVER, "score"): n_(
        "{name} cannot score {category}: the match is over ({count} game played)",
        "{name} cannot score {category}: the match is over ({count} games played)"),
    (Refusal.MATCH_OVER, "next_game"): n_(
        "The match cannot go on to the next game: the match is over ({count} game played)",
        "The match cannot go on to the next game: the match is over ({count} games played)"),
    (Refusal.MATCH_OVER, "finish"): n_(
        "The match cannot finish: the match is over ({count} game played)",
        "The match cannot finish: the match is over ({count} games played)"),
    (Refusal.GAME_OVER, "roll"): N_(
        "{name} cannot roll: game {game} is over; start the next game or finish the match"),
    (Refusal.GAME_OVER, "hold"): N_(
        "{name} cannot hold die {die}: game {game} is over; start the next game or finish the match"),
    (Refusal.GAME_OVER, "release"): N_(
        "{name} cannot release die {die}: game {game} is over; start the next game or finish the match"),
    (Refusal.GAME_OVER, "score"): N_(
        "{name} cannot score {category}: game {game} is over; start the next game or finish the match"),
    (Refusal.GAME_IN_PROGRESS, "next_game"): N_(
        "The match cannot go on to the next game: game {game} is still in progress "
        "(round {round} of {rounds}, {name} to play)"),
    (Refusal.GAME_IN_PROGRESS, "finish"): N_(
        "The match cannot finish: game {game} is still in progress (round {round} of {rounds}, {name} to play)"),
    # Translators: {current} is the player whose turn it is; {name} another player who tried to act.
    (Refusal.NOT_YOUR_TURN, None): N_("{current} is to play, not {name}."),
    (Refusal.NOT_YOUR_TURN, "computer"): N_("No computer player is to move now."),
    (Refusal.UNKNOWN_PLAYER, None): N_("There is no such player in this match."),
    (Refusal.UNKNOWN_GAME, None): N_("There is no such game in this match."),
    (Refusal.NOT_ROLLED, "hold"): N_("{name} cannot hold die {die}: roll the dice first"),
    (Refusal.NOT_ROLLED, "release"): N_("{name} cannot release die {die}: roll the dice first"),
    (Refusal.NOT_ROLLED, "score"): N_("{name} cannot score {category}: roll the dice first"),
    # Translators: {count} is the number of rolls a turn has (3 in the usual games).
    (Refusal.NO_ROLLS_LEFT, "roll"): n_(
        "{name} cannot roll: all {count} roll of this turn is used; choose a category",
        "{name} cannot roll: all {count} rolls of this turn are used; choose a category"),
    (Refusal.NO_ROLLS_LEFT, "hold"): N_(
        "{name} cannot hold die {die}: no rolls are left this turn; choose a category"),
    (Refusal.NO_ROLLS_LEFT, "release"): N_(
        "{name} cannot release die {die}: no rolls are left this turn; choose a category"),
    # Translators: {count} is the number of dice, always two or more.
    (Refusal.ALL_HELD, "roll"): n_(
        "{name} cannot roll: all {count} die is held",
        "{name} cannot roll: all {count} dice are held"),
    (Refusal.HELD_BEFORE_FIRST_ROLL, "roll"): N_(
        "{name} cannot roll: dice are held before the first roll of the turn"),
    (Refusal.UNKNOWN_DIE, "hold"): n_(
        "{name} cannot hold die {die}: there is {count} die",
        "{name} cannot hold die {die}: there are {count} dice"),
    (Refusal.UNKNOWN_DIE, "release"): n_(
        "{name} cannot release die {die}: there is {count} die",
        "{name} cannot release die {die}: there are {count} dice"),
    # Translators: {faces} are die faces asked for, as a list ("[1, 2]"); {sides} the dice's number of sides.
    (Refusal.BAD_FACES, "roll"): n_(
        "{name} cannot roll {faces}: {count} face from 1 to {sides} is needed for the dice not held",
        "{name} cannot roll {faces}: {count} faces from 1 to {sides} are needed for the dice not held"),
    # Translators: {rules} is the name of the game's rules (Yahtzee, Yatzy, Yacht…).
    (Refusal.UNKNOWN_CATEGORY, "score"): N_("{name} cannot score {category}: {rules} has no such category"),
    # Translators: {points} are the points already written in the box.
    (Refusal.FILLED, "score"): N_(
        "{name} cannot score {category}: it is already filled ({points}); choose another category"),
    # Translators: {dice} are the faces rolled ("4-4-4-4-4"); {box} the upper box of that face (Fours).
    (Refusal.JOKER, "upper"): N_(
        "{name} cannot score {category}: {category} is not allowed for {dice}: "
        "a Yahtzee joker must go in the matching upper box, {box}, while it is open"),
    # Translators: {dice} are the faces rolled ("4-4-4-4-4"); {boxes} the boxes allowed, separated by commas.
    (Refusal.JOKER, "lower"): N_(
        "{name} cannot score {category}: {category} is not allowed for {dice}: "
        "a Yahtzee joker must go in an open lower box ({boxes}) before any upper box"),
    (Refusal.RULES, "score"): N_("{name} cannot score {category}: the rules do not allow it"),
    (Refusal.BAD_ACTION, None): N_("That is not an action of this game."),
    (Refusal.BAD_SETUP, None): N_("This match could not be set up."),
    (Refusal.BAD_SAVE, None): N_("The saved match could not be read."),
    # Translators: "Skip to the result" is the label of the button that hurries a computer player's turn.
    (Refusal.COMPUTER_PLAYING, None): N_("{name} (computer) is playing: wait, or press Skip to the result."),
    (Refusal.UNDO_OFF, None): N_("Undo is off for this match."),
    (Refusal.NOTHING_TO_UNDO, None): N_("There is nothing to undo in this game yet."),
    # Translators: a match that travels by link between phones: undo cannot take back the turns the link brought.
    (Refusal.NOTHING_TO_UNDO, "link"): N_("Undo cannot reach back before the turn this link brought."),
}
# fmt: on
"""How a refusal is worded for a player: one msgid (or plural pair) per reason, and per sub-key where
a reason has several wordings. Read through :meth:`GameError.text`."""
_REFUSED = N_("That cannot be done now.")
"""The wording of an error with no reason (or one the table lacks)."""


def _field(value: object, t: Text) -> object:
    """A field as a player reads it: a box or rule set in ``t``'s words, boxes as a list, others as they are."""
    if hasattr(value, "display"):
        return value.display(t)  # type: ignore[union-attr]
    if isinstance(value, tuple):
        return ", ".join(str(_field(item, t)) for item in value)
    return value


class GameError(ValueError):
    """Base of every error of the engine; ``reason`` is a :class:`Refusal`.

    ``str(error)`` is the message for developers (English, with the details); :meth:`text` words the
    refusal for a player, in any language, from ``fields`` (the facts: player, die, box, counts) and
    ``case`` (the sub-key of the wording: the action refused, for most reasons).

    >>> issubclass(RollError, GameError) and issubclass(GameError, ValueError)
    True
    >>> GameError("undo is off", Refusal.UNDO_OFF).text()
    'Undo is off for this match.'
    """

    def __init__(
        self,
        message: str,
        reason: Refusal | None = None,
        fields: Mapping[str, object] | None = None,
        case: str | None = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.fields: dict[str, object] = dict(fields or {})
        self.case = case

    @property
    def wording(self) -> Wording:
        """The msgid (or plural pair) this refusal is worded by: the table's for its reason and case."""
        key = (self.reason, self.case)
        return _WORDINGS.get(key) or _WORDINGS.get((self.reason, None)) or _REFUSED  # type: ignore[arg-type]

    def text(self, t: Text = ENGLISH) -> str:
        """The refusal in words for a player, in the language of ``t``.

        >>> error = new_match("yacht", ["Ann"], seed=1).refusal(Score("yacht"))
        >>> error.text(), error.fields["name"], error.case
        ('Ann cannot score Yacht: roll the dice first', 'Ann', 'score')
        """
        fields = {key: _field(value, t) for key, value in self.fields.items()}
        wording = self.wording
        if isinstance(wording, tuple):
            count = fields.pop("count", 0)
            return t.n_(wording[0], wording[1], count if _is_int(count) else 0, **fields)  # type: ignore[arg-type]
        return t._(wording, **fields)


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
        fields: Mapping[str, object] | None = None,
        case: str | None = None,
    ) -> None:
        super().__init__(message, reason, fields, case)
        self.category = category
        self.rules_error = rules_error


class TableError(GameError):
    """A step of the table refused: a person acting in a computer's turn, or an undo that cannot be."""


class SaveError(GameError):
    """Save data that cannot be restored: malformed, wrong version, impossible or tampered.

    The message is cut to SAVE_MESSAGE_CHARS: it may quote data someone else wrote.

    >>> len(str(SaveError("x" * 10_000))) == SAVE_MESSAGE_CHARS
    True
    """

    def __init__(
        self,
        message: str,
        reason: Refusal | None = Refusal.BAD_SAVE,
        fields: Mapping[str, object] | None = None,
        case: str | None = None,
        problem: Any = None,
    ) -> None:
        if len(message) > SAVE_MESSAGE_CHARS:
            message = message[: SAVE_MESSAGE_CHARS - 1] + "…"
        super().__init__(message, reason, fields, case)
        self.problem = problem  # a game.core.inputs.Problem: what is wrong with the data, for a player

    def text(self, t: Text = ENGLISH) -> str:
        """The problem for a player: its ``problem`` (game.core.inputs: what is wrong with the data), else a
        general sentence; the message stays the developer's detail.

        >>> SaveError("the save's actions must be a list").text()
        'The saved match could not be read.'
        """
        return self.problem.text(t) if self.problem is not None else super().text(t)


# --------------------------------------------------------------------------- values


class SeatKind(Enum):
    """Who sits in a seat."""

    HUMAN = "human"
    COMPUTER = "computer"


class Level(Enum):
    """How well a computer player plays (see game.coach.bots).

    EASY plays like a beginner, GOOD plays each turn exactly against a heuristic value of the
    card, PERFECT plays the optimal strategy of the advisor's tables (the best expected score), WIN
    plays for the best chance of winning against the other seats (game.coach.winning).

    >>> Level("good") is Level.GOOD
    True
    """

    EASY = "easy"
    GOOD = "good"
    PERFECT = "perfect"
    WIN = "win"


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a player's name, kind and (for computer players) level.

    >>> Seat("Ann")
    Seat(name='Ann', kind=<SeatKind.HUMAN: 'human'>, level=None)
    >>> Seat.computer("Robo", "perfect").to_dict()
    {'name': 'Robo', 'kind': 'computer', 'level': 'perfect'}
    """

    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: Level | None = None

    @classmethod
    def human(cls, name: str) -> Seat:
        """A human player's seat.

        >>> Seat.human("Bob").kind.value
        'human'
        """
        return cls(name, SeatKind.HUMAN)

    @classmethod
    def computer(cls, name: str, level: Level | str = Level.GOOD) -> Seat:
        """A computer player's seat at a level (a Level or its value).

        >>> Seat.computer("CPU").level
        <Level.GOOD: 'good'>
        """
        return cls(name, SeatKind.COMPUTER, _level(level, name))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible data.

        >>> Seat("Ann").to_dict()
        {'name': 'Ann', 'kind': 'human', 'level': None}
        """
        return {"name": self.name, "kind": self.kind.value, "level": None if self.level is None else self.level.value}

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        """The seat described by :meth:`to_dict` data (raises SetupError on bad data).

        >>> Seat.from_dict({"name": "Ann", "kind": "computer", "level": "easy"}).level
        <Level.EASY: 'easy'>
        """
        if not isinstance(data, Mapping) or set(data) - {"name", "kind", "level"} or "name" not in data:
            raise SetupError(f"a seat must be {{'name', 'kind', 'level'}}, not {data!r}", Refusal.BAD_SETUP)
        try:
            kind = SeatKind(data.get("kind", "human"))
        except ValueError:
            raise SetupError(f"unknown seat kind {data.get('kind')!r}", Refusal.BAD_SETUP) from None
        level = data.get("level")
        return cls(data["name"], kind, None if level is None else _level(level, data["name"]))


def _level(level: Any, who: Any) -> Level:
    """A computer level from a Level or its value (SetupError naming both otherwise)."""
    try:
        return Level(level)
    except ValueError:
        valid = ", ".join(item.value for item in Level)
        raise SetupError(
            f"{who!r} has an unknown computer level {level!r}; levels: {valid}", Refusal.BAD_SETUP
        ) from None


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


class Draw(Enum):
    """Where a match's dice come from: each die's slot (every match since links), or a count of
    the dice drawn so far (matches made before; kept so that their saves replay the same dice)."""

    SLOT = "slot"
    SEQUENCE = "sequence"


def die_face(seed: int | str, index: int, sides: int) -> int:
    """Face (1..sides) of the ``index``-th die drawn from ``seed``; the same on every Python.

    A counter-based generator (SHA-256 of seed and index, with rejection sampling), so the
    generator's whole state is the seed and the number of dice drawn so far.

    >>> [die_face(42, i, 6) for i in range(5)] == [die_face(42, i, 6) for i in range(5)]
    True
    >>> all(1 <= die_face("x", i, 8) <= 8 for i in range(50))
    True
    """
    return _face(f"yacht-dice:{json.dumps(seed)}:{index}", sides)


def slot_face(seed: int | str, game: int, round_: int, roll: int, position: int, sides: int) -> int:
    """Face (1..sides) of the die at ``position`` on roll ``roll`` of round ``round_`` of game ``game``.

    The slot alone decides it, not how many dice were drawn before: two people on one seed
    who keep differently meet the same fresh dice in the same slot.

    >>> slot_face(7, 0, 0, 0, 2, 6) == slot_face(7, 0, 0, 0, 2, 6)
    True
    >>> sorted({slot_face("x", 0, r, 0, 0, 6) for r in range(60)})
    [1, 2, 3, 4, 5, 6]
    """
    return _face(f"yacht-dice/slot:{json.dumps(seed)}:{game}:{round_}:{roll}:{position}", sides)


def _face(text: str, sides: int) -> int:
    import hashlib  # here, not at the top: it costs start-up time in the browser before any roll

    if not isinstance(sides, int) or sides < 1:
        raise ValueError(f"sides must be a positive integer, not {sides!r}")
    key = text.encode()
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


def normalize_name(name: Any, seat: int, t: Text = ENGLISH) -> str:
    """A player's display name: whitespace collapsed, empty -> "Player N", at most NAME_LENGTH (32) chars.

    ``seat`` is the 0-based seat index (used for the default name, in the words of ``t``).

    >>> normalize_name("  Ann   Lee ", 0), normalize_name("", 2), len(normalize_name("x" * 40, 0))
    ('Ann Lee', 'Player 3', 32)
    """
    if name is None:
        name = ""
    if not isinstance(name, str):
        raise SetupError(f"player {seat + 1}'s name must be text, not {name!r}", Refusal.BAD_SETUP)
    printable = "".join(ch if ch.isprintable() else " " for ch in name)
    clean = " ".join(printable.split())[:NAME_LENGTH].rstrip()
    # Translators: the name of a person the players left unnamed; {number} is the seat's number.
    return clean or t._("Player {number}", number=seat + 1)


def make_seats(players: Iterable[str | Seat | None], t: Text = ENGLISH) -> tuple[Seat, ...]:
    """Validated seats from names or :class:`Seat` values (1 to 5 players); ``t`` words default names.

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
        raise SetupError(f"a match has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(given)}", Refusal.BAD_SETUP)
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
            level = _level(level, f"seat {index + 1}")
        elif kind is SeatKind.COMPUTER:
            level = Level.GOOD
        seats.append(Seat(normalize_name(name, index, t), kind, level))
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


def _parse(action: Any) -> Action:
    """An action value from a value or a save's JSON list (ActionError naming the data otherwise)."""
    try:
        return actions.from_data(action)
    except actions.ActionError as error:
        raise ActionError(str(error), Refusal.BAD_ACTION) from None


# --------------------------------------------------------------------------- the match


@dataclass(frozen=True)
class Match:
    """An immutable match; actions return a new Match, refused actions raise GameError.

    Build one with :func:`new_match`.  Fields: ``ruleset``, ``seats``, ``games`` (the number
    planned at setup: a default, not a cage), ``seed``, ``draw`` (where dice come from) and ``draws``
    (the dice drawn so far),
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
    draw: Draw = Draw.SLOT
    dice: tuple[int, ...] = ()
    rolls: int = 0
    finished: bool = False
    actions: tuple[Action, ...] = ()
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
    def current_seat(self) -> Seat:
        """The seat whose turn it is."""
        return self.seats[self.player]

    @property
    def current_name(self) -> str:
        """Name of the player whose turn it is."""
        return self.seats[self.player].name

    @property
    def rolls_left(self) -> int:
        """Rolls left in this turn.

        >>> new_match("yahtzee", seed=1).roll().rolls_left
        2
        """
        return self.ruleset.rolls_per_turn - self.rolls

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

    def _match_over_error(self, actor: str, verb: str, case: str, fields: dict[str, object]) -> GameOverError:
        return GameOverError(
            f"{actor} cannot {verb}: the match is over ({self.games_played} game(s) played)",
            Refusal.MATCH_OVER,
            fields | {"count": self.games_played},
            case,
        )

    def _turn_refusal(self, verb: str, player: PlayerRef, case: str, fields: dict[str, object]) -> GameError | None:
        """Why no turn action may be taken now (the match or game over, another player's turn), or None.

        ``verb`` says the action in the developer's message; ``case`` (the action's sub-key of the
        wording table) and ``fields`` (its facts, e.g. the die) word it for a player.
        """
        actor = self._actor(player)
        known = player is None or self._seat_index(player) is not None
        fields = {"name": actor if known else repr(player)} | fields  # no English "Player" in a player's words
        if self.finished:
            return self._match_over_error(actor, verb, case, fields)
        if self.game_over:
            return GameOverError(
                f"{actor} cannot {verb}: game {self.game + 1} is over; start the next game or finish the match",
                Refusal.GAME_OVER,
                fields | {"game": self.game + 1},
                case,
            )
        if player is not None:
            index = self._seat_index(player)
            if index is None:
                return NotYourTurnError(
                    f"{actor} cannot {verb}: there is no such player in this match",
                    Refusal.UNKNOWN_PLAYER,
                    fields,
                    case,
                )
            if index != self.player:
                return NotYourTurnError(
                    f"{actor} cannot {verb}: it is {self.current_name}'s turn",
                    Refusal.NOT_YOUR_TURN,
                    fields | {"current": self.current_name},
                    case,
                )
        return None

    def _roll_refusal(self, action: Roll, player: PlayerRef) -> GameError | None:
        refusal = self._turn_refusal("roll", player, "roll", {})
        if refusal is not None:
            return refusal
        name, limit, count = self.current_name, self.ruleset.rolls_per_turn, self.ruleset.dice
        if self.rolls >= limit:
            return RollError(
                f"{name} cannot roll: all {limit} rolls of this turn are used; choose a category",
                Refusal.NO_ROLLS_LEFT,
                {"name": name, "count": limit},
                "roll",
            )
        if self.rolls == 0 and any(self.held):
            return RollError(
                f"{name} cannot roll: dice are held before the first roll of the turn",
                Refusal.HELD_BEFORE_FIRST_ROLL,
                {"name": name},
                "roll",
            )
        if all(self.held):
            return RollError(
                f"{name} cannot roll: all {count} dice are held",
                Refusal.ALL_HELD,
                {"name": name, "count": count},
                "roll",
            )
        faces = action.faces
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
                    f"{name} cannot roll {shown!r}: {free} faces from 1 to {sides} are needed for the dice not held",
                    Refusal.BAD_FACES,
                    {"name": name, "faces": repr(shown), "count": free, "sides": sides},
                    "roll",
                )
        return None

    def _hold_refusal(self, action: Hold, player: PlayerRef) -> GameError | None:
        index, held = action.die, action.held
        valid = _is_int(index) and 0 <= index < self.ruleset.dice
        verb = "hold" if held else "release"
        what = f"{verb} die {index + 1}" if valid else f"{verb} die index {index!r}"
        die = {"die": index + 1 if _is_int(index) else repr(index)}
        refusal = self._turn_refusal(what, player, verb, die)
        if refusal is not None:
            return refusal
        name, count = self.current_name, self.ruleset.dice
        fields = {"name": name} | die
        if not valid:
            return HoldError(
                f"{name} cannot {what}: there are {count} dice (indices 0 to {count - 1})",
                Refusal.UNKNOWN_DIE,
                fields | {"count": count},
                verb,
            )
        if not isinstance(held, bool):
            return HoldError(
                f"{name} cannot {what}: held must be True or False, not {held!r}", Refusal.BAD_ACTION, fields, verb
            )
        if self.rolls == 0:
            return HoldError(f"{name} cannot {what}: roll the dice first", Refusal.NOT_ROLLED, fields, verb)
        if self.rolls >= self.ruleset.rolls_per_turn:
            return HoldError(
                f"{name} cannot {what}: no rolls are left this turn; choose a category",
                Refusal.NO_ROLLS_LEFT,
                fields,
                verb,
            )
        return None

    def _category_label(self, category: Any) -> str:
        if isinstance(category, str):
            try:
                return self.ruleset.category(category).name
            except RulesError:
                pass
        return repr(category)

    def _category_field(self, category: Any) -> object:
        """The box as a refusal's field: the Category (worded by display(t)), or the unknown id quoted."""
        if self.ruleset.has(category):
            return self.ruleset.category(category)
        return repr(category)

    def _score_refusal(self, action: Score, player: PlayerRef) -> GameError | None:
        category = action.category
        verb = f"score {self._category_label(category)}"
        box = {"category": self._category_field(category)}
        refusal = self._turn_refusal(verb, player, "score", box)
        if refusal is not None:
            return refusal
        name = self.current_name
        fields = {"name": name} | box
        if not self.ruleset.has(category):
            return ScoreError(
                f"{name} cannot {verb}: {self.ruleset.title} has no such category",
                Refusal.UNKNOWN_CATEGORY,
                category,
                fields=fields | {"rules": self.ruleset},
                case="score",
            )
        if self.rolls == 0:
            return ScoreError(
                f"{name} cannot {verb}: roll the dice first", Refusal.NOT_ROLLED, category, fields=fields, case="score"
            )
        scores = self.cards[-1][self.player].scores
        try:
            self.ruleset.check(scores, self.dice, category)
        except RulesError as exc:
            case = "score"
            if isinstance(exc, rules.CategoryFilledError):
                detail = f"it is already filled ({scores.get(category)}); choose another category"
                reason = Refusal.FILLED
                fields |= {"points": scores.get(category)}
            else:
                detail = str(exc)
                reason = Refusal.JOKER if isinstance(exc, rules.JokerRuleError) else Refusal.RULES
                if reason is Refusal.JOKER:
                    case, joker = self._joker_fields()
                    fields |= joker
            error = ScoreError(f"{name} cannot {verb}: {detail}", reason, category, exc, fields, case)
            error.__cause__ = exc
            return error
        return None

    def _joker_fields(self) -> tuple[str, dict[str, object]]:
        """The joker rule's case and fields for the current dice: where the rules let a joker go.

        The same facts as the rules' JokerRuleError message: the matching upper box ("upper"),
        or the open lower boxes ("lower"), and the dice.
        """
        ruleset = self.ruleset
        allowed = tuple(ruleset.category(box) for box in ruleset.choices(self.cards[-1][self.player].scores, self.dice))
        dice = "-".join(str(face) for face in sorted(self.dice))
        if len(allowed) == 1 and allowed[0].section is rules.Section.UPPER:
            return "upper", {"dice": dice, "box": allowed[0]}
        return "lower", {"dice": dice, "boxes": allowed}

    def _between_games_refusal(self, action: NextGame | Finish, player: PlayerRef) -> GameError | None:
        verb = "finish" if isinstance(action, Finish) else "go on to the next game"
        case = action.NAME
        if player is not None and self._seat_index(player) is None:
            return NotYourTurnError(
                f"there is no player {player!r} in this match", Refusal.UNKNOWN_PLAYER, {"name": repr(player)}, case
            )
        if self.finished:
            return self._match_over_error("The match", verb, case, {})
        if not self.game_over:
            return FlowError(
                f"The match cannot {verb}: game {self.game + 1} is still in progress "
                f"(round {self.round + 1} of {self.rounds}, {self.current_name} to play)",
                Refusal.GAME_IN_PROGRESS,
                {"game": self.game + 1, "round": self.round + 1, "rounds": self.rounds, "name": self.current_name},
                case,
            )
        return None

    def refusal(self, action: Action | Sequence[Any], player: PlayerRef = None) -> GameError | None:
        """The error ``action`` would raise now, or None if it is legal (nothing is changed).

        >>> m = new_match("yahtzee", ["Ann"], seed=1)
        >>> str(m.refusal(Hold(2)))
        'Ann cannot hold die 3: roll the dice first'
        >>> m.refusal(Roll()) is None
        True
        """
        try:
            action = _parse(action)
        except ActionError as error:
            return error
        return _RULES[type(action)][0](self, action, player)

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
        candidates = [Roll(), *(Hold(i, not self.held[i]) for i in range(self.ruleset.dice))]
        candidates += [Score(category.id) for category in self.ruleset.categories] + [NextGame(), Finish()]
        return [action for action in candidates if self.is_legal(action)]

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

    def _record(self, action: Action, **changes: Any) -> Match:
        return dataclasses.replace(self, actions=self.actions + (action,), **changes)

    def _roll(self, action: Roll) -> Match:
        count = self.ruleset.dice
        free = [i for i in range(count) if not self.held[i]]
        draws = self.draws
        sides = self.ruleset.sides
        if action.faces is None and self.draw is Draw.SLOT:
            new = tuple(slot_face(self.seed, self.game, self.round, self.rolls, p, sides) for p in free)
            draws += len(free)
        elif action.faces is None:
            new = tuple(die_face(self.seed, draws + k, sides) for k in range(len(free)))
            draws += len(free)
        else:
            new = action.faces
        dice = list(self.dice) if self.dice else [0] * count
        for position, face in zip(free, new):
            dice[position] = face
        return self._record(action, dice=tuple(dice), rolls=self.rolls + 1, draws=draws)

    def _hold(self, action: Hold) -> Match:
        if self.held[action.die] == action.held:
            return self  # holding a held die (or releasing a free one) changes nothing
        new = list(self.held)
        new[action.die] = action.held
        return self._record(action, held=tuple(new))

    def _score(self, action: Score) -> Match:
        category = action.category
        scores = self.cards[-1][self.player].scores
        points = self.ruleset.check(scores, self.dice, category)
        bonus = self.ruleset.yahtzee_bonus(scores, self.dice)
        game_cards = list(self.cards[-1])
        game_cards[self.player] = game_cards[self.player].with_score(category, points, bonus)
        cards = self.cards[:-1] + (tuple(game_cards),)
        last = LastScored(self.game, self.player, category, points, bonus, self.dice)
        game_over = len(game_cards[-1]) >= self.rounds
        return self._record(
            action,
            cards=cards,
            player=(self.player + 1) % len(self.seats),
            dice=(),
            held=(False,) * self.ruleset.dice,
            rolls=0,
            last_scored=last,
            finished=game_over and len(cards) >= MAX_GAMES,
        )

    def _next_game(self, action: NextGame) -> Match:
        fresh = tuple(Scorecard() for _ in self.seats)
        return self._record(
            action, cards=self.cards + (fresh,), player=0, dice=(), held=(False,) * self.ruleset.dice, rolls=0
        )

    def _finish(self, action: Finish) -> Match:
        return self._record(action, finished=True)

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
        action = _parse(action)
        refuse, perform = _RULES[type(action)]
        refusal = refuse(self, action, player)
        if refusal is not None:
            raise refusal
        return perform(self, action)

    def roll(self, faces: Sequence[int] | None = None, *, player: PlayerRef = None) -> Match:
        """Roll the dice not held (all of them on the first roll); ``faces`` injects the result.

        >>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[1, 2, 3, 4, 5])
        >>> m.hold(0).roll(faces=[6, 6, 6, 6]).dice
        (1, 6, 6, 6, 6)
        >>> new_match("yahtzee", ["Ann"], seed=1).roll().dice == new_match("yahtzee", ["Ann"], seed=1).roll().dice
        True
        """
        return self.apply(Roll(faces), player=player)

    def hold(self, index: int, held: bool = True, *, player: PlayerRef = None) -> Match:
        """Hold (or with ``held=False`` release) die ``index`` between rolls.

        >>> new_match("yahtzee", ["Ann"], seed=1).hold(0)
        Traceback (most recent call last):
        ...
        game.core.engine.HoldError: Ann cannot hold die 1: roll the dice first
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
        game.core.engine.FlowError: The match cannot go on to the next game: game 1 is still in progress (round 1 of 12, Player 1 to play)
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


_RULES: dict[type, tuple[Any, Any]] = {
    Roll: (Match._roll_refusal, Match._roll),
    Hold: (Match._hold_refusal, Match._hold),
    Score: (Match._score_refusal, Match._score),
    NextGame: (Match._between_games_refusal, Match._next_game),
    Finish: (Match._between_games_refusal, Match._finish),
}
"""One dispatch for every action type: (why it is refused now, or None; what it does)."""


# --------------------------------------------------------------------------- construction


def new_match(
    ruleset: RuleSet | str,
    players: Iterable[str | Seat | None] = (None,),
    games: int = 1,
    seed: int | str | None = None,
    t: Text = ENGLISH,
    draw: Draw = Draw.SLOT,
) -> Match:
    """A new match: rule set (or its name), 1-5 players (names or Seats), 1-6 games, a seed.

    Without a seed, one is drawn from the system's randomness (and kept, for replays). ``draw`` is
    where the dice come from (only the replay of a save made before slot dice asks for the old way). A player
    without a name is called "Player N" in the words of ``t`` (one person, by default: "Player 1").

    >>> m = new_match("yahtzee", ["Ann", "", Seat.computer("CPU")], games=2, seed=9)
    >>> m.players, m.games, m.phase.value
    (('Ann', 'Player 2', 'CPU'), 2, 'first_roll')
    """
    rule_set = _resolve_ruleset(ruleset)
    seats = make_seats(players, t)
    return Match(
        ruleset=rule_set,
        seats=seats,
        games=_check_games(games),
        seed=_check_seed(seed),
        cards=(tuple(Scorecard() for _ in seats),),
        held=(False,) * rule_set.dice,
        draw=draw,
    )
