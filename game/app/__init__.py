"""The game on the page as a value: :class:`App`, the events it takes and the effects it asks for.

``update(app, message)`` returns the new App and the effects; it reads no clock, no storage and no
page, and changes nothing in place. The shell (game/shell) keeps the App and hands the effects to
static/js/page.js, which carries them out and sends the next event (docs/protocol.md)::

    >>> app, effects = update(App(), Start(query=(("rules", "yacht"), ("players", "Ann"))))
    >>> app.screen.kind, app.session.match.players
    (<Screen.PLAY: 'play'>, ('Ann',))
    >>> effects[-1].KIND
    'ready'

This package's face is here: ``update`` and its dispatch tables (each message type, button, switch,
answer and timer, to its handler; the page's JSON is read into those typed messages by game.app.events) and every name the shell and the tests use, re-exported. The handlers live
by concern, each module importing (at run time) only those listed before it:

- ``state``: the App value, its screens, the stored keys and the effects; ``events``: the page's messages and their reader;
- ``storage``: what storage holds, read, written and kept aside; ``waits``: what waits for a file or a timer;
- ``table``: play at the table; ``aiming``: the target the hints may play for; ``entering``: the faces of real dice entered;
  ``records``: Statistics and backups; ``sharing``: the share dialog and
  what it sends; ``screens``: the setup, save-problem, link-choice and Rules screens; ``trainer``: the trainer's
  puzzles;
- ``settings``: the page's language; ``start``: the start and the links it opens; ``ticks``: timers
  and fetched files; ``view``: what the page shows, from the App alone, drawn by ``update`` as the difference
  between the view before and after the handler.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.app import aiming, entering, ticks, trainer, waking
from game.app.effects import Console, ConsoleLevel, Ready, to_json
from game.app.events import (
    DELETE_GAME,
    Answer,
    Answered,
    BoxChosen,
    Button,
    CellPressed,
    DieToggled,
    DrillAnswered,
    Early,
    Event,
    FaceTapped,
    Fetched,
    File,
    FormChanged,
    GameDeleteConfirmed,
    GameDeletePressed,
    Input,
    Key,
    LanguagePicked,
    Message,
    Motion,
    Persisted,
    Pressed,
    Refused,
    Shared,
    Start,
    StatsFiltered,
    Stored,
    Submit,
    Switch,
    TimerFired,
    TimerKind,
    Toggled,
    Visibility,
    read_answer,
    read_change,
    read_click,
    read_event,
    read_timer,
)
from game.app.keys import (
    CHALLENGE_KEY,
    HINTED_KEY,
    HINTS_KEY,
    HISTORY_KEY,
    KEPT_PREFIX,
    LANGUAGE_KEY,
    PHONE_KEY,
    SAVE_KEY,
    SETUP_KEY,
    SHARED_KEY,
    STORED_KEYS,
    TRAINER_KEY,
    UNREADABLE_KEY,
    UNSAVED_KEY,
)
from game.app.records import (
    REFERENCES_PATH,
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
    name_given,
    name_skipped,
    on_shared,
    send_result,
    send_shared,
    send_turn,
    share_daily,
    show_qr,
)
from game.app.start import on_start
from game.app.state import (
    App,
    Effect,
    LinkChoice,
    LoadingScreen,
    Out,
    Over,
    PlayScreen,
    SaveProblem,
    Screen,
    SetupScreen,
    Shown,
    Until,
    Waiting,
    ask,
    draw,
    focus,
)
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
from game.app.view import drawn
from game.app.waits import TABLES
from game.core.actions import Score
from game.core.entered import entered
from game.present import keys, view
from game.present import setup as setups
from game.present.aiming import AimKind
from game.present.paint import say
from game.present.words import WORDS, failure

__all__ = [
    "BUTTONS",
    "CHALLENGE_KEY",
    "ANSWERS",
    "HANDLERS",
    "HINTED_KEY",
    "HINTS_KEY",
    "HISTORY_KEY",
    "KEPT_PREFIX",
    "LANGUAGE_KEY",
    "NO_CATALOGUE",
    "PHONE_KEY",
    "QR_LABEL",
    "REFERENCES_PATH",
    "SAVE_KEY",
    "SETUP_KEY",
    "SHARED_KEY",
    "STORED_KEYS",
    "SWITCHES",
    "TABLES",
    "TIMERS",
    "TRAINER_KEY",
    "UNREADABLE_KEY",
    "UNSAVED_KEY",
    "Answer",
    "Answered",
    "App",
    "BoxChosen",
    "Button",
    "CellPressed",
    "DieToggled",
    "DrillAnswered",
    "Early",
    "Effect",
    "Event",
    "Fetched",
    "File",
    "FormChanged",
    "GameDeleteConfirmed",
    "GameDeletePressed",
    "Key",
    "LanguagePicked",
    "LinkChoice",
    "LoadingScreen",
    "Message",
    "Motion",
    "Out",
    "Over",
    "Persisted",
    "PlayScreen",
    "Pressed",
    "Refused",
    "SaveProblem",
    "Screen",
    "SetupScreen",
    "Shown",
    "Shared",
    "Start",
    "StatsFiltered",
    "Stored",
    "Submit",
    "Switch",
    "TimerFired",
    "TimerKind",
    "Toggled",
    "Visibility",
    "Waiting",
    "failed",
    "read_answer",
    "read_change",
    "read_click",
    "read_event",
    "read_timer",
    "rematch",
    "remembered_fields",
    "to_json",
    "update",
]


def update(app: App, event: Event, now: str = "") -> Out:
    """The app after ``event`` and what the page must do (an event out of turn changes nothing); then the held
    events whose wait is over, and after a draw what the page keeps (game.app.waking).

    >>> update(App(), Key("r"))
    (App(...), [])
    """
    before = app
    app, effects = dispatch(replace(app, now=now or app.now), event)
    app, more = take_up(app, event)
    app, effects = drawn(before, app, effects + more)
    return app, effects + waking.keep(app, effects)


def wait_over(app: App, event: Event, until: Until) -> bool:
    """Whether a held event's wait is over, after ``event``: the start drew, or the history's tick came."""
    if until is Until.START:
        return not waking.starting(app)
    return isinstance(event, TimerFired) and event.kind is TimerKind.HISTORY


def take_up(app: App, event: Event) -> Out:
    """The held events whose wait ``event`` ended, in the order they came; one pass (what they hold waits on)."""
    if not app.held:
        return app, []
    done = [wait_over(app, event, held.until) for held in app.held]
    ready = [held.event for held, ended in zip(app.held, done, strict=True) if ended]
    app = replace(app, held=tuple(held for held, ended in zip(app.held, done, strict=True) if not ended))
    effects: list[Effect] = []
    for waited in ready:
        app, more = dispatch(app, waited)
        effects += more
    return app, effects


def on_early(app: App, event: Early) -> Out:
    """A person's event sent before Python was ready: held until the start has drawn, then taken only if it was
    made on the table the start drew (a tap on a table that has moved on since does nothing)."""
    if waking.starting(app):
        return app.hold(event, Until.START), []
    if event.board != app.woke:
        return app, []
    return dispatch(app, event.event)


def dispatch(app: App, message: Message) -> Out:
    """The message's handler, by its type (a person's tap or change brings the setup form's fields as they are)."""
    if isinstance(message, Input):
        app = replace(app, form=message.form or app.form)
    handler = HANDLERS.get(type(message))
    return handler(app, message) if handler else (app, [])


def failed(app: App, event: Event | None, error: BaseException) -> list[Effect]:
    """What the page shows when ``update`` itself failed: words, never a traceback, and a start that ends."""
    start = isinstance(event, Start) or event is None
    words = failure(WORDS.cannot_start if start else WORDS.went_wrong, error, saved=not start, t=app.t)
    effects: list[Effect] = [draw([say(words)]), Console(ConsoleLevel.ERROR, f"{type(error).__name__}: {error}")]
    return effects + ([Ready(app.python, "")] if start else [])


BUTTONS: dict[Button, Callable[[App], Out]] = {
    Button.SHARE_SEND: send_shared,
    Button.SHARE_CLOSE: close_share,
    Button.ROLL: roll,
    Button.UNDO: undo,
    Button.RESULTS_UNDO: undo,
    Button.NEXT_GAME: next_game,
    Button.FINISH_MATCH: finish,
    Button.SKIP: skip,
    Button.PASS_START: hand_over,
    Button.SEND_HERE: hand_over,
    Button.SEND_LINK: send_turn,
    Button.SEND_RESULT: send_result,
    Button.CHEER_CLOSE: dismiss_cheer,
    Button.SHOW_REPORT: show_report,
    Button.CHALLENGE_FRIEND: challenge_friend,
    Button.SHARE_QR: show_qr,
    Button.NEW_MATCH: lambda app: open_setup(app),
    Button.QUICK_SOLO: lambda app: quick_start(app, setups.Quick.SOLO),
    Button.QUICK_COMPUTER: lambda app: quick_start(app, setups.Quick.COMPUTER),
    Button.QUICK_PASS: lambda app: quick_start(app, setups.Quick.PASS),
    Button.QUICK_DAILY: lambda app: quick_start(app, setups.Quick.DAILY),
    Button.QUICK_REAL: lambda app: quick_start(app, setups.Quick.REAL),
    Button.SHARE_RESULT: share_daily,
    Button.PLAY_AGAIN: play_again,
    Button.NAMING_OK: name_given,
    Button.NAMING_SKIP: name_skipped,
    Button.MENU_NEW: leave_match,
    Button.SAVE_PROBLEM_DISMISS: leave_save_problem,
    Button.SAVE_PROBLEM_DOWNLOAD: lambda app: (
        app,
        [download_unreadable(app)] if app.screen.kind is Screen.SAVE_PROBLEM else [],
    ),
    Button.LINK_KEEP: lambda app: choose_link(app, False),
    Button.LINK_START: lambda app: choose_link(app, True),
    Button.LOAD_NEWER: load_newer,
    Button.MENU_STATS: lambda app: open_stats(*close_rules(app)),
    Button.STATS_CLOSE: close_stats,
    Button.MENU_RULES: open_rules,
    Button.RULES_CLOSE: close_rules,
    Button.EXPORT_BACKUP: export_backup,
    Button.DELETE_ALL: lambda app: (app, [ask(app, WORDS.delete_all, WORDS.delete_all_yes, Answer.DELETE_ALL)]),
    Button.KEPT_DOWNLOAD: lambda app: (app, [download_kept(app)]),
    Button.KEPT_DELETE: lambda app: (app, [ask(app, WORDS.delete_kept, WORDS.delete_kept_yes, Answer.DELETE_KEPT)]),
    Button.AIM_POINTS: lambda app: aiming.aim_at(app, AimKind.POINTS),
    Button.AIM_CHALLENGE: lambda app: aiming.aim_at(app, AimKind.CHALLENGE),
    Button.AIM_BEST: lambda app: aiming.aim_at(app, AimKind.BEST),
    Button.AIM_SET: aiming.aim_typed,
    Button.PRACTISE: trainer.open_trainer,
    Button.DRILL_NEXT: trainer.next_puzzle,
    Button.DRILL_LEAVE: trainer.leave,
}
"""What each button with an id does."""


def at_table(handler: Callable[[App, Any], Out]) -> Callable[[App, Any], Out]:
    """A tap on the board's dice or card: nothing unless a match is being played."""
    return lambda app, message: handler(app, message) if playing(app) else (app, [])


def choose(app: App, message: BoxChosen) -> Out:
    """A box offered as a choice, scored; the focus back on Roll."""
    app, effects = act(app, Score(message.category))
    return app, effects + [focus("roll-button")]


def toggle_die(app: App, message: DieToggled) -> Out:
    """A die tapped: held or let go; with real dice (game.app.entering), a face being entered taken back."""
    if entered(app.played.match):
        return entering.take_back(app, message.index)
    return act(app, keys.toggle(app.played.match, message.index))


def refuse_cell(app: App, message: CellPressed) -> Out:
    """A cell that is no choice: why."""
    return app.say(view.cell_refusal(app.played.match, message.row, message.player, t=app.t)), []


def ask_delete(app: App, message: GameDeletePressed) -> Out:
    return app, [ask(app, WORDS.delete_game, WORDS.delete_game_yes, DELETE_GAME + message.game)]


SWITCHES: dict[Switch, Callable[[App, bool], Out]] = {
    Switch.HINTS: lambda app, checked: switch_hints(app, checked) if playing(app) else (app, []),
    Switch.CHANCES: lambda app, checked: switch_chances(app, checked) if app.session is not None else (app, []),
}
"""What each switch does, turned on or off."""

ANSWERS: dict[Answer, Callable[[App, Answered], Out]] = {
    Answer.LEAVE: lambda app, _: open_setup(app),
    Answer.DELETE_KEPT: lambda app, _: delete_kept(app),
    Answer.DELETE_ALL: delete_games,
}
"""What each yes to a question the app asked (game.app.state.ask) does."""


TIMERS = ticks.TIMERS
"""What each timer the app set does when it fires."""

HANDLERS: dict[type, Callable[[App, Any], Out]] = {
    Start: on_start,
    Pressed: lambda app, message: BUTTONS[message.button](app),
    DieToggled: at_table(toggle_die),
    FaceTapped: at_table(lambda app, message: entering.tap(app, message.face)),
    BoxChosen: at_table(choose),
    CellPressed: at_table(refuse_cell),
    GameDeletePressed: ask_delete,
    DrillAnswered: trainer.answer,
    Submit: on_submit,
    Toggled: lambda app, message: SWITCHES[message.switch](app, message.checked),
    LanguagePicked: lambda app, message: switch_language(app, message.code),
    StatsFiltered: lambda app, message: open_stats(app, [], message.rules, message.player),
    FormChanged: lambda app, _: (app, []),  # its fields are the form's (dispatch): the view's lobby lines follow them
    File: on_file,
    Key: lambda app, message: entering.on_key(app, message) or on_key(app, message),
    TimerFired: lambda app, message: TIMERS[message.kind](app, message),
    Stored: on_stored,
    Visibility: on_visibility,
    Motion: lambda app, event: (replace(app, reduced=event.reduced), []),
    Fetched: ticks.on_fetched,
    Refused: on_refused,
    Answered: lambda app, message: ANSWERS[message.answer](app, message),
    GameDeleteConfirmed: delete_games,
    Persisted: on_persisted,
    Shared: on_shared,
    Early: on_early,
}
"""What each message does: one dispatch table, by type (and by enum in the tables above it)."""
