"""The events the page sends (docs/protocol.md) as values, and :func:`read_event`, which reads one from its message.

>>> read_event('{"type": "click", "id": "roll-button", "now": "2026-11-24T10:00:00Z"}')
(Click(id='roll-button', data=(), form=()), '2026-11-24T10:00:00Z')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.app.keys import KEPT_PREFIX, STORED_KEYS
from game.core.inputs import read_json
from game.core.refusals import GameError

MAX_MESSAGE_BYTES = 64 * 1024 * 1024  # a start carries all the game's storage; a file event, a backup


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
class Click:
    """A click on a button or a scorecard cell: its id and data-* values."""

    id: str = ""
    data: tuple[tuple[str, str], ...] = ()
    form: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Submit:
    """The setup form's Start."""

    form: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Change:
    """A switch, the language picker or a Statistics filter changed."""

    id: str
    value: str = ""
    checked: bool = False
    form: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class File:
    """A backup file chosen for import: its size in bytes and its text."""

    size: int
    text: str


@dataclass(frozen=True)
class Key:
    """A key pressed on the page (``typing``: in a field; ``choice``: on a box of the scorecard)."""

    key: str
    ctrl: bool = False
    alt: bool = False
    typing: bool = False
    choice: bool = False


@dataclass(frozen=True)
class Early:
    """A person's event sent before Python was ready (a click, key, change or submit), and the stamp of the table
    it was made on: the kept table the page painted (game.app.waking), or "" where it painted none."""

    event: Click | Submit | Change | Key
    board: str = ""


@dataclass(frozen=True)
class Tick:
    """A timer the app set has fired."""

    token: str


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

    name: str
    data: bytes | None


@dataclass(frozen=True)
class Refused:
    """The browser refused to store a key (full, or storage off)."""

    key: str


@dataclass(frozen=True)
class Confirmed:
    """The person said yes to a question the app asked."""

    answer: str


@dataclass(frozen=True)
class Shared:
    """How sending a link or a text went: "shared", "copied", "cancelled" or "failed" (copy it by hand)."""

    how: str


@dataclass(frozen=True)
class Persisted:
    """Whether the browser keeps this site's storage for good (None: it cannot say)."""

    persisted: bool | None


Event = (
    Start
    | Click
    | Submit
    | Change
    | File
    | Key
    | Tick
    | Stored
    | Visibility
    | Motion
    | Fetched
    | Refused
    | Confirmed
    | Persisted
    | Shared
    | Early
)


def _pairs(value: Any) -> tuple[tuple[str, str], ...]:
    items = value.items() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return tuple((str(k), "" if v is None else str(v)) for k, v in (tuple(pair) for pair in items if len(pair) == 2))


def read_event(text: str, data: bytes | None = None, python: str = "") -> tuple[Event | None, str]:
    """The event a page message (docs/protocol.md) names, and its time; None for anything else.

    >>> read_event('{"type": "key", "key": "r", "now": "2026-11-24T10:00:00Z"}')
    (Key(key='r', ctrl=False, alt=False, typing=False, choice=False), '2026-11-24T10:00:00Z')
    >>> read_event('{"type": "nope"}')
    (None, '')
    >>> read_event('{"type": "key", "key": "r", "board": ""}')[0]
    Early(event=Key(key='r', ctrl=False, alt=False, typing=False, choice=False), board='')
    """
    try:
        message = read_json(text, "page's message", limit=MAX_MESSAGE_BYTES)
        kind, now, form = message["type"], str(message.get("now", "")), _pairs(message.get("form", {}))
        readers: dict[str, Callable[[], Event]] = {
            "start": lambda: Start(
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
            ),
            "click": lambda: Click(str(message.get("id") or ""), _pairs(message.get("data", {})), form),
            "submit": lambda: Submit(form),
            "change": lambda: Change(
                str(message["id"]), str(message.get("value", "")), bool(message.get("checked")), form
            ),
            "file": lambda: File(int(message["size"]), str(message["text"])),
            "key": lambda: Key(
                str(message["key"]), *(bool(message.get(n)) for n in ("ctrl", "alt", "typing", "choice"))
            ),
            "tick": lambda: Tick(str(message["token"])),
            "storage": lambda: Stored(
                str(message["key"]), message["value"] if isinstance(message.get("value"), str) else None
            ),
            "visibility": lambda: Visibility(bool(message["hidden"])),
            "motion": lambda: Motion(bool(message["reduced"])),
            "fetched": lambda: Fetched(
                str(message["name"]), bytes(data) if message.get("ok") and data is not None else None
            ),
            "refused": lambda: Refused(str(message["key"])),
            "confirmed": lambda: Confirmed(str(message["answer"])),
            "persisted": lambda: Persisted(
                message["persisted"] if isinstance(message.get("persisted"), bool) else None
            ),
            "shared": lambda: Shared(str(message["how"])),
        }
        event = readers[kind]()
        board = message.get("board")
        if isinstance(board, str) and isinstance(event, Click | Submit | Change | Key):
            event = Early(event, board)
    except (GameError, ValueError, KeyError, TypeError, AttributeError, RecursionError, OverflowError):
        return None, ""
    return event, now
