"""The shell's browser helpers: elements by id, storage that never raises, words on the page, safe handlers."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from urllib.parse import urljoin

from pyodide.ffi import jsnull, to_js
from pyscript import document, window

from .. import view
from ..app import HINTS_KEY, HISTORY_KEY, REFERENCES, SAVE_KEY, SETUP_KEY, TABLES, UNREADABLE_KEY, UNSAVED_KEY

__all__ = ["HINTS_KEY", "HISTORY_KEY", "REFERENCES", "SAVE_KEY", "SETUP_KEY", "TABLES", "UNREADABLE_KEY", "UNSAVED_KEY"]


class Page:
    """The page objects the shell reaches again and again, each looked up once.

    Where Python runs in a worker (static/js/python.mjs), a new reference to a page object costs
    3-13 ms (measured in Chromium), a property of one already held 0.05 ms: the steps that need no
    element go to static/js/page.js by id (:meth:`steps`). An element is looked up again once it
    has left the page (a form drawn anew).
    """

    def __init__(self) -> None:
        self.elements: dict = {}
        self.held: dict = {}
        self.root = document.documentElement.dataset  # <html data-*>: live, as every DOM collection
        self.base = str(document.baseURI)  # the page's address (a worker's own is a blob: URL)

    def site(self, path: str) -> str:
        """A site file's address, for fetch() wherever Python runs.

        >>> urljoin("http://example.org/yacht/?rules=yacht", TABLES + "yacht.bin")
        'http://example.org/yacht/static/tables/yacht.bin'
        """
        return urljoin(self.base, path)

    def by_id(self, element_id: str):
        """The page element with this id."""
        element = self.elements.get(element_id)
        if element is None or not element.isConnected:
            element = document.getElementById(element_id)
            if element is None or element is jsnull:
                return element
            self.elements[element_id] = element
        return element

    def hold(self, name: str, get):
        """A page object by name, ``get()`` the first time (an error is raised again on the next call)."""
        if name not in self.held:
            self.held[name] = get()
        return self.held[name]

    def storage(self, name: str = "localStorage"):
        """``window.localStorage`` or ``window.sessionStorage`` (raises where the browser refuses storage)."""
        return self.hold(name, lambda: getattr(window, name))

    def navigator(self):
        """``window.navigator``."""
        return self.hold("navigator", lambda: window.navigator)

    def steps(self):
        """static/js/page.js: steps on the page by element id, each one call (motion and sound too)."""
        return self.hold("steps", lambda: window.yachtPage)

    def apply(self, ops: list, motion: str = "") -> None:
        """Changes to the page in one call (static/js/page.js's apply): [(where, changes), ...] in order.

        ``motion``: game.feel's keyframes as JSON, for the changes that toss a die.
        """
        if ops:
            self.steps().apply(json.dumps(ops), motion)


PAGE = Page()
"""The shell's one view of the page."""


def by_id(element_id: str):
    """The page element with this id."""
    return PAGE.by_id(element_id)


def show(element_id: str, visible: bool = True) -> None:
    """Show or hide an element by id."""
    PAGE.steps().show(element_id, visible)


def stored(key: str) -> str | None:
    """A localStorage value, or None when absent or when the browser refuses storage."""
    try:
        value = PAGE.storage().getItem(key)
    except Exception:  # noqa: BLE001 - storage disabled: play without saving
        return None
    return value if isinstance(value, str) else None


def remember(key: str, value: str) -> bool:
    """Store a value in localStorage; False when the browser refuses (full, or disabled)."""
    try:
        PAGE.storage().setItem(key, value)
    except Exception:  # noqa: BLE001 - the caller says what it means for the player
        return False
    return True


def forget(key: str) -> None:
    """Remove a localStorage value (nothing happens where storage is refused)."""
    try:
        PAGE.storage().removeItem(key)
    except Exception:  # noqa: BLE001 - storage disabled: there is nothing to remove
        pass


def mark(key: str, on: bool) -> None:
    """Set or clear a flag in sessionStorage, which outlives a reload of this tab and has its own quota."""
    try:
        if on:
            PAGE.storage("sessionStorage").setItem(key, "1")
        else:
            PAGE.storage("sessionStorage").removeItem(key)
    except Exception:  # noqa: BLE001 - a flag only improves a message
        pass


def marked(key: str) -> bool:
    """Whether a sessionStorage flag is set."""
    try:
        return PAGE.storage("sessionStorage").getItem(key) == "1"
    except Exception:  # noqa: BLE001
        return False


def download(filename: str, text: str) -> None:
    """Offer ``text`` as a JSON file download."""
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
    link = document.createElement("a")
    link.href = window.URL.createObjectURL(blob)
    link.download = filename
    link.click()
    window.setTimeout(window.URL.revokeObjectURL, 0, link.href)


def offer_focus(element_id: str) -> None:
    """Focus a control for keyboard play, without scrolling and never away from a field in use."""
    PAGE.steps().offerFocus(element_id)


def say(message: str) -> None:
    """Explain something in words (an illegal action, a problem); empty clears it."""
    PAGE.steps().say("notice", message)


@dataclass(frozen=True)
class Found:
    """An element a delegated event was at (static/js/page.js's delegate): its id and data-* values.

    >>> Found.from_json('{"id": "", "data": {"die": "2"}}').data["die"]
    '2'
    """

    id: str
    data: dict

    @classmethod
    def from_json(cls, text: str) -> Found:
        found = json.loads(text)
        return cls(str(found["id"]), {str(k): str(v) for k, v in found["data"].items()})


def guarded(handler):
    """Run an event handler so that no exception ever reaches the page as a traceback."""

    @functools.wraps(handler)
    def run(*event):
        try:
            handler(*event)
        except Exception as error:  # noqa: BLE001 - the last line of defence
            say(view.failure(view.WORDS.went_wrong, error))
            window.console.error(f"{type(error).__name__}: {error}")

    return run


@dataclass(frozen=True)
class Pressed:
    """A key pressed on the page (static/js/page.js's delegateKeys): the key, Ctrl (or the command key)
    and Alt held, whether it was typed into a field and whether on a box of the scorecard.

    >>> Pressed.from_json('{"key": "r", "ctrl": false, "alt": false, "typing": false, "choice": true}').choice
    True
    """

    key: str
    ctrl: bool
    alt: bool
    typing: bool
    choice: bool

    @classmethod
    def from_json(cls, text: str) -> Pressed:
        pressed = json.loads(text)
        return cls(str(pressed["key"]), *(bool(pressed[name]) for name in ("ctrl", "alt", "typing", "choice")))


def now() -> str:
    """The time now, UTC, ISO 8601 (the core never reads the clock)."""
    return str(window.Date.new().toISOString())
