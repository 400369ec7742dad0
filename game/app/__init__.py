"""The game on the page as a value: :class:`App`, the events it takes and the effects it asks for.

``update(app, event)`` returns the new App and the effects; it reads no clock, no storage and no
page, and changes nothing in place. The shell (game/shell) keeps the App and hands the effects to
static/js/page.js, which carries them out and sends the next event (docs/protocol.md)::

    >>> app, effects = update(App(), Start(query=(("rules", "yacht"), ("players", "Ann"))))
    >>> app.screen, app.session.match.players
    (<Screen.PLAY: 'play'>, ('Ann',))
    >>> [effect.kind for effect in effects][-1]
    'ready'

This package's face is here: ``update`` and its dispatch tables (each event, each button, each
answer, to its handler) and every name the shell and the tests use, re-exported. The handlers live
by concern, each module importing (at run time) only those listed before it:

- ``state``: the App value, its screens, the stored keys and the effects; ``events``: the events;
- ``storage``: what storage holds, read, written and kept aside; ``waits``: what waits for a file or a timer;
- ``table``: play at the table; ``records``: Statistics and backups; ``sharing``: the share dialog and
  what it sends; ``screens``: the setup, save-problem, link-choice and Rules screens;
- ``settings``: the page's language; ``start``: the start and the links it opens; ``ticks``: timers
  and fetched files.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.app import ticks, waking
from game.app.events import (
    Change,
    Click,
    Confirmed,
    Early,
    Event,
    Fetched,
    File,
    Key,
    Motion,
    Persisted,
    Refused,
    Shared,
    Start,
    Stored,
    Submit,
    Tick,
    Visibility,
    read_event,
)
from game.app.keys import (
    CHALLENGE_KEY,
    HINTS_KEY,
    HISTORY_KEY,
    KEPT_PREFIX,
    LANGUAGE_KEY,
    PHONE_KEY,
    SAVE_KEY,
    SETUP_KEY,
    SHARED_KEY,
    STORED_KEYS,
    UNREADABLE_KEY,
    UNSAVED_KEY,
)
from game.app.records import (
    REFERENCES,
    close_stats,
    delete_games,
    delete_kept,
    export_backup,
    on_file,
    on_persisted,
    open_stats,
)
from game.app.screens import (
    choose_link,
    close_rules,
    form_changed,
    leave_match,
    leave_save_problem,
    load_newer,
    on_submit,
    open_rules,
    open_setup,
    quick_start,
)
from game.app.settings import NO_CATALOGUE, switch_language
from game.app.sharing import (
    QR_LABEL,
    challenge_friend,
    close_share,
    on_shared,
    send_result,
    send_shared,
    send_turn,
    share_daily,
    show_qr,
)
from game.app.start import on_start
from game.app.state import App, Effect, Out, Over, Screen, Waiting, ask, draw, focus
from game.app.storage import download_kept, download_unreadable, on_refused, on_stored, remembered_fields
from game.app.table import (
    act,
    dismiss_cheer,
    finish,
    hand_over,
    next_game,
    on_key,
    on_visibility,
    play_again,
    playing,
    rematch,
    roll,
    show_report,
    skip,
    switch_chances,
    switch_hints,
    undo,
)
from game.app.waits import TABLES
from game.core.actions import Score
from game.present import keys, view
from game.present import setup as setups
from game.present.paint import say
from game.present.words import WORDS, failure

__all__ = [
    "BUTTONS",
    "CHALLENGE_KEY",
    "HANDLERS",
    "HINTS_KEY",
    "HISTORY_KEY",
    "KEPT_PREFIX",
    "LANGUAGE_KEY",
    "NO_CATALOGUE",
    "PHONE_KEY",
    "QR_LABEL",
    "REFERENCES",
    "SAVE_KEY",
    "SETUP_KEY",
    "SHARED_KEY",
    "STORED_KEYS",
    "TABLES",
    "UNREADABLE_KEY",
    "UNSAVED_KEY",
    "App",
    "Change",
    "Click",
    "Confirmed",
    "Early",
    "Effect",
    "Event",
    "Fetched",
    "File",
    "Key",
    "Motion",
    "Out",
    "Over",
    "Persisted",
    "Refused",
    "Screen",
    "Shared",
    "Start",
    "Stored",
    "Submit",
    "Tick",
    "Visibility",
    "Waiting",
    "failed",
    "read_event",
    "rematch",
    "remembered_fields",
    "update",
]


def update(app: App, event: Event, now: str = "") -> Out:
    """The app after ``event`` and what the page must do (an event out of turn changes nothing); once the start
    has drawn, the early events that waited for it, and after a draw what the page keeps (game.app.waking).

    >>> update(App(), Key("r"))
    (App(...), [])
    """
    app = replace(app, now=now or app.now)
    handler = HANDLERS.get(type(event))
    app, effects = handler(app, event) if handler else (app, [])
    if app.early and not waking.starting(app):
        held, app = app.early, replace(app, early=())
        for early in held:
            app, more = on_early(app, early)
            effects += more
    return app, effects + waking.keep(app, effects)


def on_early(app: App, event: Early) -> Out:
    """A person's event sent before Python was ready: kept until the start has drawn, then taken only if it was
    made on the table the start drew (a tap on a table that has moved on since does nothing)."""
    if waking.starting(app):
        return replace(app, early=(*app.early, event)), []
    if event.board != app.woke:
        return app, []
    app, effects = HANDLERS[type(event.event)](app, event.event)
    return app, effects


def failed(app: App, event: Event | None, error: BaseException) -> list[Effect]:
    """What the page shows when ``update`` itself failed: words, never a traceback, and a start that ends."""
    start = isinstance(event, Start) or event is None
    words = failure(WORDS.cannot_start if start else WORDS.went_wrong, error, saved=not start, t=app.t)
    effects = [draw([say(words)]), Effect("console", ("error", f"{type(error).__name__}: {error}"))]
    return effects + ([Effect("ready", (app.python, ""))] if start else [])


BUTTONS: dict[str, Callable[[App], Out]] = {
    "share-send": send_shared,
    "share-close": close_share,
    "roll-button": roll,
    "undo-button": undo,
    "results-undo": undo,
    "next-game": next_game,
    "finish-match": finish,
    "skip-button": skip,
    "pass-start": hand_over,
    "send-here": hand_over,
    "send-link": send_turn,
    "send-result": send_result,
    "cheer-close": dismiss_cheer,
    "show-report": show_report,
    "challenge-friend": challenge_friend,
    "share-qr-button": show_qr,
    "new-match": lambda app: open_setup(app),
    "quick-solo": lambda app: quick_start(app, setups.Quick.SOLO),
    "quick-computer": lambda app: quick_start(app, setups.Quick.COMPUTER),
    "quick-pass": lambda app: quick_start(app, setups.Quick.PASS),
    "quick-daily": lambda app: quick_start(app, setups.Quick.DAILY),
    "share-result": share_daily,
    "play-again": play_again,
    "menu-new": leave_match,
    "save-problem-dismiss": leave_save_problem,
    "save-problem-download": lambda app: (app, [download_unreadable(app)]),
    "link-keep": lambda app: choose_link(app, False),
    "link-start": lambda app: choose_link(app, True),
    "load-newer": load_newer,
    "menu-stats": lambda app: open_stats(*close_rules(app)),
    "stats-close": close_stats,
    "menu-rules": open_rules,
    "rules-close": close_rules,
    "export-backup": export_backup,
    "delete-all": lambda app: (app, [ask(app, WORDS.delete_all, WORDS.delete_all_yes, "delete-all")]),
    "kept-download": lambda app: (app, [download_kept(app)]),
    "kept-delete": lambda app: (app, [ask(app, WORDS.delete_kept, WORDS.delete_kept_yes, "delete-kept")]),
}
"""What each button with an id does."""


def on_click(app: App, event: Click) -> Out:
    """A button or a cell, by its id or what its data-* values say it is."""
    app = replace(app, form=event.form or app.form)
    data = dict(event.data)
    if event.id:
        return BUTTONS.get(event.id, lambda app: (app, []))(app)
    session = app.session if playing(app) else None
    if "die" in data and session is not None and data["die"].isascii() and data["die"].isdigit():
        return act(app, keys.toggle(session.match, int(data["die"])))
    if "category" in data and session is not None:
        app, effects = act(app, Score(data["category"]))
        return app, effects + [focus("roll-button")]
    if "game" in data:
        return app, [ask(app, WORDS.delete_game, WORDS.delete_game_yes, "delete:" + data["game"])]
    player = data.get("player", "")
    if "row" in data and session is not None and player.isascii() and player.isdigit():
        return app, [draw([say(view.cell_refusal(session.match, data["row"], int(data["player"]), t=app.t))])]
    return app, []


def on_confirmed(app: App, event: Confirmed) -> Out:
    """A question the app asked (game.app.state.ask), answered yes."""
    if event.answer == "leave":
        return open_setup(app)
    if event.answer == "delete-kept":
        return delete_kept(app)
    if event.answer == "delete-all" or event.answer.startswith("delete:"):
        return delete_games(app, event)
    return app, []


def on_change(app: App, event: Change) -> Out:
    """A switch, the language picker or a Statistics filter changed."""
    app = replace(app, form=event.form or app.form)
    if event.id == "hint-toggle" and playing(app):
        return switch_hints(app, event.checked)
    if event.id == "chances-toggle" and app.session is not None:
        return switch_chances(app, event.checked)
    if event.id == "language":
        return switch_language(app, event.value)
    if event.id == "stats-rules":
        return open_stats(app, [], event.value, "")
    if event.id == "stats-player":
        return open_stats(app, [], None, event.value)
    if event.id == "setup-form":
        return form_changed(app)
    return app, []


def on_tick(app: App, event: Tick) -> Out:
    """A timer the app set fired (game.app.ticks); the history's, once it is put aside, replays here
    through ``update`` the events that waited to write it."""
    if event.token.partition(":")[0] == "history":
        return history_kept(app)
    return ticks.on_tick(app, event)


def history_kept(app: App) -> Out:
    """The history is put aside (or could not be): what waited to write it goes on."""
    waiting, state = app.history_waiting, app.history_keeping
    app = replace(app, history_waiting=(), history_keeping=state if state is not None and state[1] == 3 else None)
    effects: list[Effect] = []
    for event in waiting:
        app, more = update(app, event, app.now)
        effects += more
    return app, effects


HANDLERS: dict[type, Callable[[App, Any], Out]] = {
    Start: on_start,
    Click: on_click,
    Submit: on_submit,
    Change: on_change,
    File: on_file,
    Key: on_key,
    Tick: on_tick,
    Stored: on_stored,
    Visibility: on_visibility,
    Motion: lambda app, event: (replace(app, reduced=event.reduced), []),
    Fetched: ticks.on_fetched,
    Refused: on_refused,
    Confirmed: on_confirmed,
    Persisted: on_persisted,
    Shared: on_shared,
    Early: on_early,
}
"""What each event does: one dispatch table."""
