"""The last table, painted before Python is up, and the taps made on it.

Whenever an answer draws, the page keeps what the table shows (static/js/table.js: its markup, with the
build's version and :func:`stamp`); a later launch paints it before Python starts, and the taps made on it
wait in the page's queue. They reach Python as ``game.app.events.Early`` events, each with the stamp of the table it
was made on, and are answered only once the start has drawn the real table, and only if it is the same
table: a tap on a table that another tab, a new release or a changed storage has moved on does nothing.

    >>> from game.app.state import App
    >>> stamp(App())
    ''
"""

from __future__ import annotations

import hashlib

from game.app.state import App, LoadingScreen, PlayScreen

STAMP_LENGTH = 16
"""Hex digits of a stamp: enough that two tables of one phone never share one by chance."""


def stamp(app: App) -> str:
    """What identifies the table on screen: the saved match and whether the phone is being passed ("" when no
    table is on screen). Two tables with one stamp look alike and mean the same for every tap.

    >>> from game.app.table import begin
    >>> from game.coach.session import Session
    >>> from game.core.engine import new_match
    >>> app, _ = begin(App(), Session(new_match("yacht", ["Ann"], seed=1)))
    >>> len(stamp(app)), stamp(app) == stamp(begin(App(), Session(new_match("yacht", ["Ann"], seed=2)))[0])
    (16, False)
    """
    if not isinstance(app.screen, PlayScreen) or app.session is None:
        return ""
    shown = f"{app.storage.saved or app.session.to_json()}\n{app.table.handing or ''}"
    return hashlib.sha256(shown.encode()).hexdigest()[:STAMP_LENGTH]


def starting(app: App) -> bool:
    """Whether the start has yet to draw (it may wait for the player's language): early events wait until then."""
    return isinstance(app.screen, LoadingScreen) or app.waiting.starting is not None
