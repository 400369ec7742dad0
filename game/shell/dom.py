"""The shell's browser helpers: elements by id, storage that never raises, words on the page, safe handlers."""

from __future__ import annotations

import functools

from pyodide.ffi import jsnull, to_js
from pyscript import document, window

from .. import view

SAVE_KEY = "yacht-dice/match"
UNREADABLE_KEY = "yacht-dice/unreadable-save"
UNSAVED_KEY = "yacht-dice/unsaved"  # in sessionStorage (its own quota): this tab's last save failed
SETUP_KEY = "yacht-dice/setup"
HINTS_KEY = "yacht-dice/hints"  # format 1 kept hints apart; read once, when such a save loads
HISTORY_KEY = "yacht-dice/history"
TABLES = "./static/tables/"
REFERENCES = TABLES + "optimal.json"  # the optimal player's distributions (tools/build_optimal.py)


def by_id(element_id: str):
    """The page element with this id."""
    return document.getElementById(element_id)


def show(element_id: str, visible: bool = True) -> None:
    """Show or hide an element by id."""
    by_id(element_id).hidden = not visible


def stored(key: str) -> str | None:
    """A localStorage value, or None when absent or when the browser refuses storage."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # noqa: BLE001 - storage disabled: play without saving
        return None
    return value if isinstance(value, str) else None


def remember(key: str, value: str) -> bool:
    """Store a value in localStorage; False when the browser refuses (full, or disabled)."""
    try:
        window.localStorage.setItem(key, value)
    except Exception:  # noqa: BLE001 - the caller says what it means for the player
        return False
    return True


def forget(key: str) -> None:
    """Remove a localStorage value (nothing happens where storage is refused)."""
    try:
        window.localStorage.removeItem(key)
    except Exception:  # noqa: BLE001 - storage disabled: there is nothing to remove
        pass


def mark(key: str, on: bool) -> None:
    """Set or clear a flag in sessionStorage, which outlives a reload of this tab and has its own quota."""
    try:
        if on:
            window.sessionStorage.setItem(key, "1")
        else:
            window.sessionStorage.removeItem(key)
    except Exception:  # noqa: BLE001 - a flag only improves a message
        pass


def marked(key: str) -> bool:
    """Whether a sessionStorage flag is set."""
    try:
        return window.sessionStorage.getItem(key) == "1"
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
    """Focus a control for keyboard play, without scrolling and never away from a field in use.

    (Python may become ready while someone on a slow phone is typing a name in the form.)
    """
    active = document.activeElement
    if active is not None and active is not jsnull and str(active.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
        return
    by_id(element_id).focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))


def say(message: str) -> None:
    """Explain something in words (an illegal action, a problem); empty clears it."""
    notice = by_id("notice")
    notice.textContent = message
    notice.hidden = not message


def guarded(handler):
    """Run an event handler so that no exception ever reaches the page as a traceback."""

    @functools.wraps(handler)
    def run(event):
        try:
            handler(event)
        except Exception as error:  # noqa: BLE001 - the last line of defence
            say(view.failure(view.WORDS.went_wrong, error))
            window.console.error(f"{type(error).__name__}: {error}")

    return run


def closest(event, selector: str):
    """The element matching ``selector`` at or above the event's target, or None."""
    target = event.target
    found = target.closest(selector) if hasattr(target, "closest") else None
    return None if found is None or found is jsnull else found


def now() -> str:
    """The time now, UTC, ISO 8601 (the core never reads the clock)."""
    return str(window.Date.new().toISOString())
