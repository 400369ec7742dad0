"""Why the game refuses something: the one error family of the game and its wording for players.

Every error the game raises is a :class:`GameError` (a ``ValueError``); a refusal's ``reason`` is a
:class:`Refusal`. ``str(error)`` is the developer's English detail, :meth:`GameError.text` the
player's sentence in any language, read from one table of msgids by reason and case (an error
with no reason: its class's own msgid, :attr:`GameError.words`). :func:`is_whole` is the one check
of a whole number from outside (a bool is not one) that the refusals start from.

>>> error = RollError("Ann cannot roll: all 3 rolls of this turn are used", Refusal.NO_ROLLS_LEFT,
...                   {"name": "Ann", "count": 3}, "roll")
>>> error.text(), isinstance(error, ValueError)
('Ann cannot roll: all 3 rolls of this turn are used; choose a box', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import ClassVar, Protocol, TypeGuard

from game.core.i18n import ENGLISH, N_, Text, n_

__all__ = [
    "SAVE_MESSAGE_CHARS",
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
    "TableError",
    "SaveError",
    "Worded",
    "is_whole",
    "worded",
]

SAVE_MESSAGE_CHARS = 300
"""The longest message about a save: it may quote data someone else wrote."""


def is_whole(value: object, low: int | None = None, high: int | None = None) -> TypeGuard[int]:
    """Whether ``value`` is an int (not a bool) within ``low`` to ``high`` (each bound optional, inclusive).

    >>> is_whole(3), is_whole(True), is_whole(3.0), is_whole(7, 1, 6), is_whole(-1, high=5)
    (True, False, False, False, True)
    """
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


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
    ORDER = "order"
    RULES = "rules"
    BAD_ACTION = "bad_action"
    BAD_SETUP = "bad_setup"
    BAD_SAVE = "bad_save"
    COMPUTER_PLAYING = "computer_playing"
    UNDO_OFF = "undo_off"
    NOTHING_TO_UNDO = "nothing_to_undo"
    ENTERED_DICE = "entered_dice"


Wording = str | tuple[str, str]


class Worded(Protocol):
    """What words itself for a player: a save's problem (game.core.inputs.Problem, which stands on this module)."""

    def text(self, t: Text = ENGLISH) -> str: ...


# The sub-key of a wording is the action refused ("roll", "hold", "release", "score", "next_game",
# "finish"), the joker rule's case ("upper", "lower"), or None. Fields: {name} the player (or seat) who
# would act, {die} a die's number from 1, {category} a box's name, {count} the number a plural counts.
_WORDINGS: dict[tuple[Refusal, str | None], Wording] = {
    # Translators: {count} is the number of games the match had when it ended.
    (Refusal.MATCH_OVER, "roll"): n_(
        "{name} cannot roll: the match is over ({count} game played)",
        "{name} cannot roll: the match is over ({count} games played)",
    ),
    (Refusal.MATCH_OVER, "hold"): n_(
        "{name} cannot hold die {die}: the match is over ({count} game played)",
        "{name} cannot hold die {die}: the match is over ({count} games played)",
    ),
    (Refusal.MATCH_OVER, "release"): n_(
        "{name} cannot release die {die}: the match is over ({count} game played)",
        "{name} cannot release die {die}: the match is over ({count} games played)",
    ),
    (Refusal.MATCH_OVER, "score"): n_(
        "{name} cannot score {category}: the match is over ({count} game played)",
        "{name} cannot score {category}: the match is over ({count} games played)",
    ),
    (Refusal.MATCH_OVER, "next_game"): n_(
        "The match cannot go on to the next game: the match is over ({count} game played)",
        "The match cannot go on to the next game: the match is over ({count} games played)",
    ),
    (Refusal.MATCH_OVER, "finish"): n_(
        "The match cannot finish: the match is over ({count} game played)",
        "The match cannot finish: the match is over ({count} games played)",
    ),
    (Refusal.GAME_OVER, "roll"): N_("{name} cannot roll: game {game} is over; start the next game or finish the match"),
    (Refusal.GAME_OVER, "hold"): N_(
        "{name} cannot hold die {die}: game {game} is over; start the next game or finish the match"
    ),
    (Refusal.GAME_OVER, "release"): N_(
        "{name} cannot release die {die}: game {game} is over; start the next game or finish the match"
    ),
    (Refusal.GAME_OVER, "score"): N_(
        "{name} cannot score {category}: game {game} is over; start the next game or finish the match"
    ),
    (Refusal.GAME_IN_PROGRESS, "next_game"): N_(
        "The match cannot go on to the next game: game {game} is still in progress "
        "(round {round} of {rounds}, {name} to play)"
    ),
    (Refusal.GAME_IN_PROGRESS, "finish"): N_(
        "The match cannot finish: game {game} is still in progress (round {round} of {rounds}, {name} to play)"
    ),
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
        "{name} cannot roll: all {count} roll of this turn is used; choose a box",
        "{name} cannot roll: all {count} rolls of this turn are used; choose a box",
    ),
    (Refusal.NO_ROLLS_LEFT, "hold"): N_("{name} cannot hold die {die}: no rolls are left this turn; choose a box"),
    (Refusal.NO_ROLLS_LEFT, "release"): N_(
        "{name} cannot release die {die}: no rolls are left this turn; choose a box"
    ),
    # Translators: {count} is the number of dice, always two or more.
    (Refusal.ALL_HELD, "roll"): n_(
        "{name} cannot roll: all {count} die is held", "{name} cannot roll: all {count} dice are held"
    ),
    (Refusal.HELD_BEFORE_FIRST_ROLL, "roll"): N_("{name} cannot roll: dice are held before the first roll of the turn"),
    (Refusal.UNKNOWN_DIE, "hold"): n_(
        "{name} cannot hold die {die}: there is {count} die", "{name} cannot hold die {die}: there are {count} dice"
    ),
    (Refusal.UNKNOWN_DIE, "release"): n_(
        "{name} cannot release die {die}: there is {count} die",
        "{name} cannot release die {die}: there are {count} dice",
    ),
    # Translators: {faces} are die faces asked for, as a list ("[1, 2]"); {sides} the dice's number of sides.
    (Refusal.BAD_FACES, "roll"): n_(
        "{name} cannot roll {faces}: {count} face from 1 to {sides} is needed for the dice not held",
        "{name} cannot roll {faces}: {count} faces from 1 to {sides} are needed for the dice not held",
    ),
    # Translators: a game played with real dice on the table: the game draws no dice, the person enters what they show.
    (Refusal.ENTERED_DICE, "roll"): N_("{name} rolls real dice in this match: enter the faces they show"),
    # Translators: a game the app rolls the dice for: faces typed or tapped in are not taken.
    (Refusal.ENTERED_DICE, "seeded"): N_("This match rolls its own dice: there are no faces to enter."),
    # Translators: {rules} is the name of the game's rules (Yahtzee, Yatzy, Yacht…).
    (Refusal.UNKNOWN_CATEGORY, "score"): N_("{name} cannot score {category}: {rules} has no such box"),
    # Translators: {points} are the points already written in the box.
    (Refusal.FILLED, "score"): N_(
        "{name} cannot score {category}: it is already filled ({points}); choose another box"
    ),
    # Translators: {dice} are the faces rolled ("4-4-4-4-4"); {box} the upper box of that face (Fours).
    (Refusal.JOKER, "upper"): N_(
        "{name} cannot score {category}: {category} is not allowed for {dice}: "
        "a Yahtzee joker must go in the matching upper box, {box}, while it is open"
    ),
    # Translators: {dice} are the faces rolled ("4-4-4-4-4"); {boxes} the boxes allowed, separated by commas.
    (Refusal.JOKER, "lower"): N_(
        "{name} cannot score {category}: {category} is not allowed for {dice}: "
        "a Yahtzee joker must go in an open lower box ({boxes}) before any upper box"
    ),
    # Translators: forced order: each turn scores the next open box of the card; {box} is that box (Twos).
    (Refusal.ORDER, "score"): N_("{name} cannot score {category}: in forced order this turn scores {box}"),
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
    # Translators: pass and play: undo cannot take back what was played before the phone was passed to this person.
    (Refusal.NOTHING_TO_UNDO, "passed"): N_("The phone was passed on: the turns before it are final."),
    # Translators: undo refused after a roll (or another player's move): it only mends a mis-tap since the last roll.
    (Refusal.NOTHING_TO_UNDO, "roll"): N_(
        "Undo takes back only a hold or a box chosen since the last roll, never a roll."
    ),
    # Translators: undo refused once a game has ended: the box that ended it, and the result, cannot be taken back.
    (Refusal.NOTHING_TO_UNDO, "over"): N_("The game is over: its result is final."),
    # Translators: a match that travels by link between phones: a turn cannot be taken back once scored (it is sent).
    (Refusal.NOTHING_TO_UNDO, "sent"): N_("This turn is scored and sent: it is final."),
}
"""How a refusal is worded for a player: one msgid (or plural pair) per reason, and per sub-key where
a reason has several wordings. Read through :meth:`GameError.text`."""
_REFUSED = N_("That cannot be done now.")
"""The wording of an error with no reason (or one the table lacks)."""


def _field(value: object, t: Text) -> object:
    """A field as a player reads it: a box or rule set in ``t``'s words, boxes as a list, others as they are."""
    display = getattr(value, "display", None)
    if display is not None:
        return display(t)
    if isinstance(value, tuple):
        return ", ".join(str(_field(item, t)) for item in value)
    return value


class GameError(ValueError):
    """Base of every error of the game (tests/unit/tools/test_error_family.py holds it); ``reason`` is a :class:`Refusal`.

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

    words: ClassVar[Wording] = _REFUSED
    """How an error of this class is worded when its reason has no wording (or it has no reason): each
    error class of the game that has no reason of its own says what went wrong in its own msgid."""

    @property
    def wording(self) -> Wording:
        """The msgid (or plural pair) this refusal is worded by: the table's for its reason and case,
        else its class's :attr:`words`."""
        if self.reason is None:
            return self.words
        return _WORDINGS.get((self.reason, self.case)) or _WORDINGS.get((self.reason, None)) or self.words

    def text(self, t: Text = ENGLISH, wording: Wording | None = None) -> str:
        """The refusal in words for a player, in the language of ``t`` (in ``wording``, a variant of its own, where
        given: game.present.you's second person).

        >>> from game.core.actions import Score
        >>> from game.core.engine import new_match
        >>> error = new_match("yacht", ["Ann"], seed=1).refusal(Score("yacht"))
        >>> error.text(), error.fields["name"], error.case
        ('Ann cannot score Yacht: roll the dice first', 'Ann', 'score')
        """
        fields = {key: _field(value, t) for key, value in self.fields.items()}
        wording = wording or self.wording
        if isinstance(wording, tuple):
            count = fields.pop("count", 0)
            return t.n_(wording[0], wording[1], count if is_whole(count) else 0, **fields)
        return t._(wording, **fields)


def worded(error: BaseException, t: Text = ENGLISH) -> str:
    """What a player reads about ``error``, in the language of ``t``: a GameError's own words (every error
    the game raises is one); anything else, a bug, the general refusal (its message is for the console).

    >>> worded(SetupError("games='9' is out of range", Refusal.BAD_SETUP)), worded(KeyError("seats"))
    ('This match could not be set up.', 'That cannot be done now.')
    """
    return error.text(t) if isinstance(error, GameError) else t._(_REFUSED)


class SetupError(GameError):
    """A match cannot be set up: bad rule set, players, number of games or seed."""


class ActionError(GameError):
    """Data that is not one of the action shapes (from a save, or a caller); the message names the data.

    The one error of a malformed action, for the parser (game.core.actions) and the match alike:
    a GameError whose reason is BAD_ACTION unless another is given.

    >>> error = ActionError("not a valid action: ['jump']")
    >>> error.reason, isinstance(error, ValueError), error.text()
    (<Refusal.BAD_ACTION: 'bad_action'>, True, 'That is not an action of this game.')
    """

    def __init__(
        self,
        message: str,
        reason: Refusal | None = Refusal.BAD_ACTION,
        fields: Mapping[str, object] | None = None,
        case: str | None = None,
    ) -> None:
        super().__init__(message, reason, fields, case)


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
        category: object = None,
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
        problem: Worded | None = None,
    ) -> None:
        if len(message) > SAVE_MESSAGE_CHARS:
            message = message[: SAVE_MESSAGE_CHARS - 1] + "…"
        super().__init__(message, reason, fields, case)
        self.problem = problem  # what is wrong with the data, for a player

    def text(self, t: Text = ENGLISH, wording: Wording | None = None) -> str:
        """The problem for a player: its ``problem`` (game.core.inputs: what is wrong with the data), else a
        general sentence; the message stays the developer's detail.

        >>> SaveError("the save's actions must be a list").text()
        'The saved match could not be read.'
        """
        return self.problem.text(t) if self.problem is not None else super().text(t, wording)
