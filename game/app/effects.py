"""The effects the app asks the page for (docs/protocol.md's Effects table), one value type each, and
:func:`to_json`, the one place that writes an effect as the ``[kind, ...args]`` list page.js reads.

Each type's ``KIND`` is its kind on the page and its fields, in order, are that kind's arguments
(tests/unit/app/test_effects.py holds the protocol's table to them)::

    >>> to_json(Store("yacht-dice/setup", "{}")), to_json(Console(ConsoleLevel.WARN, "import: bad"))
    (['store', 'yacht-dice/setup', '{}'], ['console', 'warn', 'import: bad'])
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import ClassVar, get_args


@dataclass(frozen=True)
class Apply:
    """Draw: the ops (``[where, changes]`` pairs: game.present.ops.wire, from game.app.view.painted alone) and the
    dice's motion (None: none)."""

    KIND: ClassVar[str] = "apply"
    ops: tuple = ()
    motion: dict | None = None


@dataclass(frozen=True)
class Store:
    """Write a key of localStorage (a refusal comes back as a ``refused`` event)."""

    KIND: ClassVar[str] = "store"
    key: str
    value: str


@dataclass(frozen=True)
class Remove:
    """Remove a key of localStorage."""

    KIND: ClassVar[str] = "remove"
    key: str


@dataclass(frozen=True)
class Flag:
    """Set (or clear) a key of sessionStorage: this tab's own marks."""

    KIND: ClassVar[str] = "flag"
    key: str
    on: bool


@dataclass(frozen=True)
class Timer:
    """Send a ``tick`` event with this token after ``ms`` milliseconds."""

    KIND: ClassVar[str] = "tick"
    token: str
    ms: int


@dataclass(frozen=True)
class Play:
    """Play a sound: a recipe of game.app.sounds, as data."""

    KIND: ClassVar[str] = "play"
    recipe: dict


@dataclass(frozen=True)
class Vibrate:
    KIND: ClassVar[str] = "vibrate"
    ms: int


@dataclass(frozen=True)
class Download:
    """Offer a JSON file for download."""

    KIND: ClassVar[str] = "download"
    filename: str
    text: str


@dataclass(frozen=True)
class Focus:
    KIND: ClassVar[str] = "focus"
    id: str


@dataclass(frozen=True)
class OfferFocus:
    """Focus an element unless the person is busy in a field (and without scrolling)."""

    KIND: ClassVar[str] = "offerFocus"
    id: str


@dataclass(frozen=True)
class MoveFocus:
    """Move the focus ``step`` places along the elements ``selector`` finds (from none focused: the first, or the last
    going back), or to the "first" or "last" of them."""

    KIND: ClassVar[str] = "moveFocus"
    selector: str
    step: int | str


@dataclass(frozen=True)
class Fetch:
    """Fetch a file: its bytes come back in a ``fetched`` event with this name."""

    KIND: ClassVar[str] = "fetch"
    name: str
    path: str


@dataclass(frozen=True)
class Confirm:
    """The game's own question, worded: ``answer`` comes back in a ``confirmed`` event when the person says ``yes``."""

    KIND: ClassVar[str] = "confirm"
    question: str
    yes: str
    answer: str


@dataclass(frozen=True)
class AskPersisted:
    """Ask whether the browser keeps the storage for good: a ``persisted`` event answers."""

    KIND: ClassVar[str] = "persisted"


@dataclass(frozen=True)
class Share:
    """Send a link through the browser's share sheet (else the clipboard): a ``shared`` event says how it went."""

    KIND: ClassVar[str] = "share"
    title: str
    text: str
    url: str


@dataclass(frozen=True)
class Dialog:
    """Open (or close) the ``<dialog>`` with this id."""

    KIND: ClassVar[str] = "dialog"
    id: str
    open: bool


@dataclass(frozen=True)
class Language:
    """Word the page's fixed texts in a language: its code, its manifest's path and its words by msgid."""

    KIND: ClassVar[str] = "language"
    code: str
    manifest: str
    words: dict


@dataclass(frozen=True)
class DropQuery:
    """Take the link's query off the address, so a reload never repeats it."""

    KIND: ClassVar[str] = "dropQuery"


@dataclass(frozen=True)
class Ready:
    """The start has drawn: how Python started and the stamp of the table it drew ("" for none)."""

    KIND: ClassVar[str] = "ready"
    python: str
    stamp: str


@dataclass(frozen=True)
class Keep:
    """Keep a picture of the table for a later launch: its stamp ("" for none) and its status line."""

    KIND: ClassVar[str] = "keep"
    stamp: str
    status: str


class ConsoleLevel(Enum):
    """A console line's level (the console's own method names)."""

    WARN = "warn"
    ERROR = "error"


@dataclass(frozen=True)
class Console:
    KIND: ClassVar[str] = "console"
    level: ConsoleLevel
    text: str


Effect = (
    Apply
    | Store
    | Remove
    | Flag
    | Timer
    | Play
    | Vibrate
    | Download
    | Focus
    | OfferFocus
    | MoveFocus
    | Fetch
    | Confirm
    | AskPersisted
    | Share
    | Dialog
    | Language
    | DropQuery
    | Ready
    | Keep
    | Console
)
"""One thing for the page to do."""

EFFECTS: tuple[type[Effect], ...] = get_args(Effect)
"""Every effect type, in docs/protocol.md's order."""


def to_json(effect: Effect) -> list[object]:
    """The effect as page.js reads it: ``[kind, ...args]``, its fields in order (an enum as its value)."""
    args = (getattr(effect, field.name) for field in fields(effect))
    return [effect.KIND, *(arg.value if isinstance(arg, Enum) else arg for arg in args)]
