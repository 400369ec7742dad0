"""The page's messages (docs/protocol.md) as typed values, and :func:`read_event`, the one reader of their JSON.

Every id, data-* value, answer and timer token the page sends is read here, into an enum or a field of the
right type; the handlers (game.app's dispatch tables) only match on the message's type and enums::

    >>> read_event('{"type": "click", "id": "roll-button", "now": "2026-11-24T10:00:00Z"}')
    (Pressed(button=<Button.ROLL: 'roll-button'>), '2026-11-24T10:00:00Z')
    >>> read_event('{"type": "tick", "token": "hint:3"}')[0]
    TimerFired(kind=<TimerKind.HINT: 'hint'>, token=3)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.app.ids import (  # the messages carry them: importable from here too
    DELETE_GAME,
    Answer,
    Button,
    Switch,
    TimerKind,
    Token,
)
from game.app.keys import KEPT_PREFIX, STORED_KEYS, Sent, Wanted
from game.core.inputs import read_json
from game.core.refusals import GameError

MAX_MESSAGE_BYTES = 64 * 1024 * 1024  # a start carries all the game's storage; a file event, a backup

Form = tuple[tuple[str, str], ...]
"""The setup form's fields, as the page sent them."""


@dataclass(frozen=True)
class Start:
    """The page is ready for Python: what it holds (stored values, the link, the browser's wishes)."""

    stored: tuple[tuple[str, str], ...] = ()
    unsaved: bool = False
    query: tuple[tuple[str, str], ...] = ()
    languages: tuple[str, ...] = ()
    form: tuple[tuple[str, str], ...] = ()
    hidden: bool = False
    reduced: bool = False
    msgids: tuple[str, ...] = ()
    python: str = ""
    address: str = ""  # the page's own address, without its query (location.origin + location.pathname): links
    entropy: str = ""  # a fresh random id the page drew (game.core.marks): this phone's, where it keeps none yet


@dataclass(frozen=True)
class Input:
    """A person's tap or change on the page, with the setup form's fields as they stood (app.form follows them)."""

    form: Form = field(default=(), kw_only=True, repr=False)  # named, after each message's own fields


@dataclass(frozen=True)
class Pressed(Input):
    """A button with an id."""

    button: Button


@dataclass(frozen=True)
class DieToggled(Input):
    """A die (``data-die``): held or let go."""

    index: int


@dataclass(frozen=True)
class FaceTapped(Input):
    """A face of the face pad (``data-face``), in a match of real dice: one die of the roll entered."""

    face: int


@dataclass(frozen=True)
class BoxChosen(Input):
    """A box of the scorecard offered as a choice (``data-category``): scored."""

    category: str


@dataclass(frozen=True)
class CellPressed(Input):
    """A cell of the scorecard (``data-row``, ``data-player``): why it cannot be chosen."""

    row: str
    player: int


@dataclass(frozen=True)
class GameDeletePressed(Input):
    """A game's delete button in Statistics (``data-game``): asked first."""

    game: str


@dataclass(frozen=True)
class RivalPicked(Input):
    """A rival of the lobby's ladder (``data-rival``: a computer level): a match against it at once."""

    level: str


@dataclass(frozen=True)
class DrillAnswered(Input):
    """A choice of the trainer's puzzle (``data-choice``: game.coach.drills.code), the person's answer."""

    choice: str


@dataclass(frozen=True)
class Toggled(Input):
    """A switch at the table turned on or off."""

    switch: Switch
    checked: bool


@dataclass(frozen=True)
class LanguagePicked(Input):
    """The language picker's choice (a code, maybe one the game lacks)."""

    code: str


@dataclass(frozen=True)
class PacePicked(Input):
    """Sound and look's Pace picked (a value of game.coach.pacing.Pace; any other: the default)."""

    pace: str


@dataclass(frozen=True)
class StatsFiltered(Input):
    """A Statistics filter changed: a rule set (the person's filter cleared) or, ``rules`` None, a person."""

    rules: str | None = None
    player: str = ""


@dataclass(frozen=True)
class FormChanged(Input):
    """A choice of the setup form changed (its fields come in ``form``)."""


@dataclass(frozen=True)
class Submit:
    """The setup form's Start."""

    form: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class File:
    """A backup file chosen for import: its size in bytes and its text."""

    size: int
    text: str


@dataclass(frozen=True)
class Key:
    """A key pressed on the page (``typing``: in a field; ``choice``: on a box of the scorecard, ``box`` its
    category)."""

    key: str
    ctrl: bool = False
    alt: bool = False
    typing: bool = False
    choice: bool = False
    box: str = ""
    at: str = ""  # the focused element's id ("": none has one)


@dataclass(frozen=True)
class Early:
    """A person's message sent before Python was ready, and the stamp of the table it was made on (game.app.waking)."""

    event: PersonMessage
    board: str = ""


@dataclass(frozen=True)
class Answered:
    """The person said yes to a question the app asked."""

    answer: Answer


@dataclass(frozen=True)
class GameDeleteConfirmed:
    """The person said yes to deleting one game of the history."""

    game: str


@dataclass(frozen=True)
class TimerFired:
    """A timer the app set has fired: what for, and the App's count it was set at."""

    kind: TimerKind
    token: int

    @property
    def tag(self) -> Token:
        """The timer's token, as the App keeps it for the timers it waits for."""
        return Token(self.kind, self.token)


@dataclass(frozen=True)
class Stored:
    """Another tab stored (or removed, None) a key."""

    key: str
    value: str | None


@dataclass(frozen=True)
class Visibility:
    hidden: bool


@dataclass(frozen=True)
class Motion:
    reduced: bool


@dataclass(frozen=True)
class Fetched:
    """A file the app asked for, its bytes (None when it could not be fetched)."""

    file: Wanted
    data: bytes | None


@dataclass(frozen=True)
class Refused:
    """The browser refused to store a key (full, or storage off)."""

    key: str


@dataclass(frozen=True)
class Shared:
    """How sending a link or a text went."""

    how: Sent


@dataclass(frozen=True)
class Persisted:
    """Whether the browser keeps this site's storage for good (None: it cannot say)."""

    persisted: bool | None


PersonMessage = (
    Pressed
    | DieToggled
    | FaceTapped
    | BoxChosen
    | CellPressed
    | GameDeletePressed
    | DrillAnswered
    | RivalPicked
    | Toggled
    | LanguagePicked
    | PacePicked
    | StatsFiltered
    | FormChanged
    | Submit
    | Key
)
"""What a person does on the page: the messages that may come before Python is ready (:class:`Early`)."""

Message = (
    PersonMessage
    | Start
    | File
    | TimerFired
    | Stored
    | Visibility
    | Motion
    | Fetched
    | Refused
    | Answered
    | GameDeleteConfirmed
    | Persisted
    | Shared
    | Early
)
"""Every message the page sends, read."""

Event = Message  # the older name, which game.app.state and storage still say

BUTTON_IDS = {button.value: button for button in Button}
SWITCH_IDS = {switch.value: switch for switch in Switch}


def _pairs(value: object) -> Form:
    items = value.items() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return tuple((str(k), "" if v is None else str(v)) for k, v in (tuple(pair) for pair in items if len(pair) == 2))


def _count(text: str) -> int | None:  # ASCII digits only: never "²" or "-1"
    return int(text) if text.isascii() and text.isdigit() else None


def read_click(id: str = "", data: Form = (), form: Form = ()) -> PersonMessage | None:
    """A click's message from its element's id and data-* values; None for an id Python does not answer or data
    that names nothing (a die or player that is not a count).

    >>> read_click(data=(("die", "2"),))
    DieToggled(index=2)
    >>> read_click("menu-button"), read_click(data=(("row", "yacht"), ("player", "x")))
    (None, None)
    """
    if id:
        button = BUTTON_IDS.get(id)
        return None if button is None else Pressed(button, form=form)
    values = dict(data)
    die, player = _count(values.get("die", "")), _count(values.get("player", ""))
    if die is not None:
        return DieToggled(die, form=form)
    if _count(values.get("face", "")) is not None:
        return FaceTapped(int(values["face"]), form=form)
    if "category" in values:
        return BoxChosen(values["category"], form=form)
    if values.get("game"):
        return GameDeletePressed(values["game"], form=form)
    if "choice" in values:
        return DrillAnswered(values["choice"], form=form)
    if "rival" in values:
        return RivalPicked(values["rival"], form=form)
    if "row" in values and player is not None:
        return CellPressed(values["row"], player, form=form)
    return None


def read_change(id: str, value: str = "", checked: bool = False, form: Form = ()) -> PersonMessage | None:
    """A change's message from its element's id; None for an element Python does not answer.

    >>> read_change("hint-toggle", checked=True)
    Toggled(switch=<Switch.HINTS: 'hint-toggle'>, checked=True)
    """
    switch = SWITCH_IDS.get(id)
    if switch is not None:
        return Toggled(switch, checked, form=form)
    match id:
        case "language":
            return LanguagePicked(value, form=form)
        case "pace":
            return PacePicked(value, form=form)
        case "stats-rules":
            return StatsFiltered(value, form=form)
        case "stats-player":
            return StatsFiltered(None, value, form=form)
        case "setup-form":
            return FormChanged(form=form)
        case _:
            return None


def read_answer(answer: str) -> Answered | GameDeleteConfirmed | None:
    """A yes's message from the answer the question carried (game.app.state.ask); None for any other.

    >>> read_answer("leave"), read_answer("delete:ab"), read_answer("delete:")
    (Answered(answer=<Answer.LEAVE: 'leave'>), GameDeleteConfirmed(game='ab'), None)
    """
    if answer in Answer.__members__.values():
        return Answered(Answer(answer))
    game = answer.removeprefix(DELETE_GAME)
    return GameDeleteConfirmed(game) if game and game != answer else None


def read_timer(token: str) -> TimerFired | None:
    """A fired timer's message from the token its tick effect gave (game.app.ids.Token.wire); None for any other.

    >>> read_timer("computer:12"), read_timer("computer"), read_timer("soon:1")
    (TimerFired(kind=<TimerKind.COMPUTER: 'computer'>, token=12), None, None)
    """
    kind, _, number = token.partition(":")
    count = _count(number)
    if count is None or kind not in TimerKind.__members__.values():
        return None
    return TimerFired(TimerKind(kind), count)


def _read(kind: object, message: dict, form: Form, data: bytes | None, python: str) -> Message | None:
    """The message of the page's JSON ``message`` of type ``kind``; None for a type Python does not answer."""
    match kind:
        case "start":
            return Start(
                tuple(
                    (key, value)
                    for key, value in message.get("stored", {}).items()
                    if (key in STORED_KEYS or key.startswith(KEPT_PREFIX)) and isinstance(value, str)
                ),
                bool(message.get("unsaved")),
                _pairs(message.get("query", [])),
                tuple(str(code) for code in message.get("languages", [])),
                form,
                bool(message.get("hidden")),
                bool(message.get("reduced")),
                tuple(str(msgid) for msgid in message.get("msgids", [])),
                python,
                str(message.get("address", "")),
                str(message.get("entropy", "")),
            )
        case "click":
            return read_click(str(message.get("id") or ""), _pairs(message.get("data", {})), form)
        case "submit":
            return Submit(form)
        case "change":
            return read_change(str(message["id"]), str(message.get("value", "")), bool(message.get("checked")), form)
        case "file":
            return File(int(message["size"]), str(message["text"]))
        case "key":
            ctrl, alt, typing, choice = (bool(message.get(n)) for n in ("ctrl", "alt", "typing", "choice"))
            box, at = (str(message.get(n) or "") for n in ("box", "at"))
            return Key(str(message["key"]), ctrl, alt, typing, choice, box, at)
        case "tick":
            return read_timer(str(message["token"]))
        case "storage":
            return Stored(str(message["key"]), message["value"] if isinstance(message.get("value"), str) else None)
        case "visibility":
            return Visibility(bool(message["hidden"]))
        case "motion":
            return Motion(bool(message["reduced"]))
        case "fetched":
            return Fetched(
                Wanted.read(str(message["name"])), bytes(data) if message.get("ok") and data is not None else None
            )
        case "refused":
            return Refused(str(message["key"]))
        case "confirmed":
            return read_answer(str(message["answer"]))
        case "persisted":
            return Persisted(message["persisted"] if isinstance(message.get("persisted"), bool) else None)
        case "shared":
            return Shared(Sent(message["how"]))
        case _:
            return None


def read_event(text: str, data: bytes | None = None, python: str = "") -> tuple[Message | None, str]:
    """The message a page's JSON (docs/protocol.md) is, and its time; None (and "") for anything else.

    >>> read_event('{"type": "key", "key": "r", "now": "2026-11-24T10:00:00Z"}')
    (Key(key='r', ctrl=False, alt=False, typing=False, choice=False, box='', at=''), '2026-11-24T10:00:00Z')
    >>> read_event('{"type": "nope"}'), read_event('{"type": "click", "id": "nope"}')
    ((None, ''), (None, ''))
    >>> read_event('{"type": "key", "key": "r", "board": ""}')[0]
    Early(event=Key(key='r', ctrl=False, alt=False, typing=False, choice=False, box='', at=''), board='')
    """
    try:
        message = read_json(text, "page's message", limit=MAX_MESSAGE_BYTES)
        kind, now, form = message["type"], str(message.get("now", "")), _pairs(message.get("form", {}))
        event = _read(kind, message, form, data, python)
        board = message.get("board")
        if isinstance(board, str) and isinstance(event, PersonMessage):
            event = Early(event, board)
    except (GameError, ValueError, KeyError, TypeError, AttributeError, RecursionError, OverflowError):
        return None, ""
    return (None, "") if event is None else (event, now)
