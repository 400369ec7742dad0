"""What this tab knows storage holds, read and written: the saved match, the remembered setup, the
history, and the copies kept aside (KEPT_PREFIX) of any of them that could not be read.

A value that cannot be read is never written over: it is copied aside first, and only the player
removes a kept copy::

    >>> from game.app.state import App, SETUP_KEY
    >>> app = App(now="2026-11-24T10:00:00Z").holding(SETUP_KEY, "not json")
    >>> stored_setup(app), keep_setup_aside(app)[1][0].args
    (None, ('yacht-dice/unreadable-setup', 'not json'))
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace

from game.app.events import Event, Refused, Stored
from game.app.state import (
    HINTS_KEY,
    HISTORY_KEY,
    KEPT_PREFIX,
    SAVE_KEY,
    SETUP_KEY,
    UNSAVED_KEY,
    App,
    Effect,
    Out,
    Screen,
    draw,
    store,
    tick,
)
from game.coach.session import Session
from game.core.inputs import MAX_SETTINGS_BYTES, problem_text, read_json
from game.core.refusals import GameError
from game.present import setup as setups
from game.present.paint import say, show
from game.present.words import WORDS
from game.records.history import History


def offer_newer(app: App) -> Out:
    """Another tab saved this match since this tab did: say so, offer its newer state, write nothing."""
    return app, [draw([("other-tab-text", {"text": app.t._(WORDS.other_tab)}), show("other-tab")])]


def read_history(app: App) -> tuple[App, History | None, str]:
    """The stored history or None, and the problem's words when it cannot be read."""
    raw = app.value(HISTORY_KEY) or ""
    try:
        return app, History.from_json(raw) if raw else History(), ""
    except GameError as error:
        if any(value == raw for _, value in kept_copies(app)):
            return app, History(), ""  # kept aside: a new history begins over it
        return app, None, f"{app.t._(WORDS.history_unreadable)} {problem_text(error, app.t)}"


def readable_history(app: App) -> tuple[App, History | None, str, list[Effect]]:
    """For a reader (Statistics, export): the history, or a new one once an unreadable one is being put
    aside (begun here: its effects come fourth), or None and the problem when it could not be kept."""
    app, history, problem = read_history(app)
    if history is not None or app.history_keeping is not None:
        return app, history, problem, []
    app, effects = keep_history_aside(app)
    return (*read_history(app), effects)


def history_to_write(app: App, event: Event) -> tuple[App, History | None, Out]:
    """The history to change, or None and the answer instead: ``event`` waits while an unreadable history is
    put aside (the first writer to find it so begins that), and once it could not be, the problem is said."""
    state = app.history_keeping
    if state is not None and state[1] < 3:  # a refusal of the copy may still be on its way
        return app, None, (replace(app, history_waiting=(*app.history_waiting, event)), [])
    app, history, problem = read_history(app)
    if history is not None:
        return app, history, (app, [])
    if state is not None:
        return app, None, (app, [draw([say(problem)]), Effect("console", ("warn", f"history: {problem}"))])
    app, effects = keep_history_aside(app)
    return app, None, (replace(app, history_waiting=(*app.history_waiting, event)), effects)


def keep_history_aside(app: App, attempt: int = 1) -> Out:
    """An unreadable history, put where nothing overwrites it so that a new one can begin: a copy; if
    that does not fit, a move; if that fails too, it is put back and left as it is (nothing written over
    it). The tick after the copy says it is done: a refusal would have come before it."""
    if attempt == 1:
        raw = app.value(HISTORY_KEY) or ""
        key = kept_key(app, "history", raw) or ""  # read_history found no copy of it
        app, token = app.token("history")
        words = draw([say(app.t._(WORDS.history_set_aside))])
        return replace(app.holding(key, raw), history_keeping=(key, 1, raw)), [store(key, raw), words, tick(token, 0)]
    assert app.history_keeping is not None  # a later try follows the first, which set it
    key, _, raw = app.history_keeping
    if attempt == 2:
        app = replace(app.holding(HISTORY_KEY, None), history_keeping=(key, 2, raw))
        return app, [Effect("remove", (HISTORY_KEY,)), store(key, raw)]
    app = replace(app.holding(key, None).holding(HISTORY_KEY, raw), history_keeping=(key, 3, raw))
    return app, [store(HISTORY_KEY, raw), draw([say(app.t._(WORDS.history_unreadable))])]


def write_history(app: App, history: History) -> Out:
    """Write ``history``, remembering what storage held before (a refused write leaves that)."""
    text = history.to_json()
    return replace(app.holding(HISTORY_KEY, text), unwritten=app.value(HISTORY_KEY)), [store(HISTORY_KEY, text)]


def change_history(app: App, change: Callable[[History], History]) -> Out:
    """Change the history as storage holds it now (another tab's games are never lost) and write it back;
    nothing while an unreadable one is being put aside (what it held is not in the new one)."""
    if app.history_keeping is not None and app.history_keeping[1] < 3:
        return app, []
    app, history, problem = read_history(app)
    if history is None:
        return app, [draw([say(problem)]), Effect("console", ("warn", f"history: {problem}"))]
    return write_history(app, change(history))


def stored_setup(app: App) -> dict[str, str] | None:
    """The form's choices remembered from the last start ({} when none; None when they cannot be read)."""
    try:
        fields = read_json(app.value(SETUP_KEY) or "{}", "setup", limit=MAX_SETTINGS_BYTES)
    except GameError:
        return None
    return {str(k): str(v) for k, v in fields.items()} if isinstance(fields, dict) else None


def remembered_fields(app: App) -> dict[str, str]:
    """The form's choices remembered from the last start ({} when none can be read)."""
    return stored_setup(app) or {}


def keep_setup_aside(app: App) -> Out:
    """A remembered setup that cannot be read, copied aside before the next start writes over it."""
    raw = app.value(SETUP_KEY)
    if raw is None or stored_setup(app) is not None:
        return app, []
    key = kept_key(app, "setup", raw)
    return (app, []) if key is None else (app.holding(key, raw), [store(key, raw)])


def saved_setup(app: App) -> setups.Setup | None:
    """The setup remembered from the last start (None if unreadable)."""
    fields = remembered_fields(app)
    setup, problems = setups.setup_from_fields(fields)
    return None if problems or not fields else setup


def stored_session(app: App) -> tuple[Session | None, GameError | None]:
    """The saved session, or the reason it cannot be read (None, None when there is none)."""
    raw = app.value(SAVE_KEY)
    if raw is None:
        return None, None
    try:
        return Session.from_json(raw, app.value(HINTS_KEY)), None
    except GameError as error:
        return None, error


def on_stored(app: App, event: Stored) -> Out:
    """Another tab stored: say at once that this tab's match is out of date, and offer the newer one."""
    app = app.holding(event.key, event.value)
    if event.key == SAVE_KEY and app.stale:
        return offer_newer(app)
    return app, []


def on_refused(app: App, event: Refused) -> Out:
    """A write the browser refused: said as what it is, and never taken as written."""
    if event.key == SAVE_KEY:
        app = replace(app.holding(SAVE_KEY, None), saved=None)
        return app, [Effect("flag", (UNSAVED_KEY, True)), draw([say(app.t._(WORDS.storage_full))])]
    if event.key == HISTORY_KEY:  # storage still holds what it held before
        return app.holding(HISTORY_KEY, app.unwritten), [draw([say(app.t._(WORDS.history_not_saved))])]
    if app.history_keeping is not None and event.key == app.history_keeping[0] and app.history_keeping[1] < 3:
        return keep_history_aside(app, app.history_keeping[1] + 1)
    if event.key == app.keeping_key and app.screen is Screen.SAVE_PROBLEM:
        return keep_aside(app, app.unkept or "", app.keeping + 1)
    return app, []


def keep_aside(app: App, raw: str, attempt: int) -> Out:
    """Put an unreadable save where nothing overwrites it: a copy first; if that does not fit, a move (the
    save's own room makes space for it); if that fails too, the save is put back and offered for download."""
    if attempt == 1:
        key = kept_key(app, "save", raw)
        app = replace(app, keeping=attempt, unkept=raw, keeping_key=key)
        return (app, []) if key is None else (app.holding(key, raw), [store(key, raw)])
    app, key = replace(app, keeping=attempt), app.keeping_key
    assert key is not None  # a later try comes of a refused write there
    if attempt == 2:
        return app.holding(SAVE_KEY, None), [Effect("remove", (SAVE_KEY,)), store(key, raw)]
    words = [
        ("save-problem-kept", {"text": app.t._(WORDS.save_not_kept)}),
        ("save-problem-dismiss", {"text": app.t._(WORDS.download_then_start)}),
    ]
    return app.holding(key, None).holding(SAVE_KEY, raw), [store(SAVE_KEY, raw), draw(words)]


def kept_copies(app: App) -> tuple[tuple[str, str], ...]:
    """Every value kept aside (KEPT_PREFIX), by key: only the player removes them."""
    return tuple(sorted((key, value) for key, value in app.stored if key.startswith(KEPT_PREFIX)))


def kept_key(app: App, what: str, raw: str) -> str | None:
    """Where to keep ``raw`` aside, never over another kept copy; None when it is kept already.

    The first of each kind goes under KEPT_PREFIX + what (as before), later ones under it with their time.
    """
    if any(value == raw for _, value in kept_copies(app)):
        return None
    key, number = KEPT_PREFIX + what, 1
    while app.value(key) is not None:
        number += 1
        key = f"{KEPT_PREFIX}{what}/{app.now}" + (f"-{number}" if number > 2 else "")
    return key


def download_kept(app: App) -> Effect:
    """Every copy kept aside, in one file: {key: the value as it was stored}."""
    return Effect("download", (f"yacht-dice-kept-{app.now[:10]}.json", json.dumps(dict(kept_copies(app)), indent=1)))


def download_unreadable(app: App) -> Effect:
    """The unreadable save being put aside, as a file."""
    return Effect("download", (f"yacht-dice-unreadable-save-{app.now[:10]}.json", app.unkept or ""))
