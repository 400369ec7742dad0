"""The imperative shell: the only code that touches the browser (``pyscript``), in three parts.

``dom`` (elements, storage, words on the page), ``board`` (the match: steps taken, view values
drawn, computers and hints scheduled) and ``records`` (history, statistics, backups); this module
binds the events and starts the page. No rule, label or phase decision lives here.
"""

from __future__ import annotations

import asyncio
import json
import time

from pyodide.ffi import create_proxy
from pyscript import document, when, window

window.performance.mark("yacht:python")  # Python runs: the interpreter is up (see bench/startup.py)

from .. import setup as setups, view  # noqa: E402
from ..actions import Finish, NextGame, Roll, Score  # noqa: E402
from ..engine import GameError  # noqa: E402
from ..session import Session  # noqa: E402
from . import records  # noqa: E402
from .board import BOARD, act, read_form, sync_form  # noqa: E402
from .dom import (  # noqa: E402
    HINTS_KEY, SAVE_KEY, SETUP_KEY, UNREADABLE_KEY, by_id, closest, guarded, remember, say, show, stored,
)

# game.advisor, game.coach and game.bots are imported by the session on first need (a hint, a
# computer turn, a report): a game without them starts faster when Python starts afresh.

WARM_UP_SECONDS = 0.4  # Python time spent on throwaway turns after a start from the snapshot


@when("change", "#setup-form")
@guarded
def on_form_change(event):
    sync_form()


@when("submit", "#setup-form")
@guarded
def on_start(event):
    event.preventDefault()
    fields = read_form()
    try:
        session = Session.new(*setups.setup_from_fields(fields))
    except ValueError as problem:
        by_id("setup-error").textContent = str(problem)
        show("setup-error")
        return
    show("setup-error", False)
    remember(SETUP_KEY, json.dumps(fields))  # the form's choices, for next time
    BOARD.begin(session)


# ---------------------------------------------------------------------- play


def leave_match() -> None:
    """The header's "New match": ask first when a match is under way."""
    match = BOARD.session.match if BOARD.session else None
    if match is None or match.finished or not match.actions or window.confirm(view.WORDS.leave_match):
        BOARD.open_setup()


def next_game() -> None:
    act(NextGame())
    by_id("roll-button").focus()


def skip() -> None:
    BOARD.fast = True


BUTTONS = {
    "roll-button": lambda: act(Roll()),
    "undo-button": lambda: BOARD.commit(BOARD.session.undo()),
    "results-undo": lambda: BOARD.commit(BOARD.session.undo()),
    "next-game": next_game,
    "finish-match": lambda: act(Finish()),
    "skip-button": skip,
    "show-report": lambda: asyncio.ensure_future(BOARD.draw_report()),
    "new-match": lambda: BOARD.open_setup(),
    "menu-new": leave_match,
    "save-problem-dismiss": lambda: BOARD.open_setup(),
    "menu-stats": lambda: asyncio.ensure_future(records.open_stats()),
    "stats-close": records.close_stats,
    "export-backup": records.export_backup,
    "delete-all": lambda: records.delete_games(None),
}
"""What each button with an id does (one click handler on the page's stable body)."""


@when("click", "body")
@guarded
def on_click(event):
    for selector, handle in CLICKS:  # the first match only: each lookup crosses into the page
        element = closest(event, selector)
        if element is not None:
            handle(element)
            return


def score(choice) -> None:
    act(Score(str(choice.dataset.category)))
    by_id("roll-button").focus()


CLICKS = (
    ("button[id]", lambda button: BUTTONS.get(str(button.id), lambda: None)()),
    ("button[data-die]", lambda die: act(view.toggle(BOARD.session.match, int(die.dataset.die)))),
    ("button.choice", score),
    ("button[data-game]", lambda game: records.delete_games(str(game.dataset.game))),
    ("td[data-row]", lambda td: say(view.cell_refusal(BOARD.session.match, str(td.dataset.row), int(td.dataset.player)))),
)
"""Clicks on the page's stable body, by what was clicked: (selector, what to do with the element)."""


@when("change", "#stats")
@guarded
def on_stats_change(event):
    if str(event.target.id) == "import-backup":
        files = event.target.files
        if files.length:
            asyncio.ensure_future(records.import_backup(files.item(0)))
        event.target.value = ""
    else:
        asyncio.ensure_future(records.open_stats(str(by_id("stats-rules").value), str(by_id("stats-player").value)))


@when("change", "#hint-toggle")
@guarded
def on_hint_toggle(event):
    if BOARD.stale():
        say(view.WORDS.other_tab)
        return
    BOARD.session = BOARD.session.with_hints(bool(by_id("hint-toggle").checked))
    BOARD.store()
    BOARD.draw()


def on_storage(event) -> None:
    """Another tab saved: say at once that this tab's match is out of date (its next move is refused)."""
    if event.key == SAVE_KEY and BOARD.saved is not None and event.newValue != BOARD.saved:
        say(view.WORDS.other_tab)


@when("keydown", "body")
@guarded
def on_key(event):
    """Keyboard play: R rolls, 1–9 (0 for the tenth) hold dice, U or Ctrl+Z undoes, arrows move through choices."""
    if event.altKey or closest(event, "input, select, textarea, summary") or BOARD.session is None or by_id("play").hidden:
        return
    command = view.key_command(BOARD.session.match, event.key, bool(event.ctrlKey or event.metaKey))
    current = closest(event, "button.choice")
    if command is None or (command in (view.NEXT_CHOICE, view.PREVIOUS_CHOICE) and current is None):
        return
    event.preventDefault()
    if command == view.UNDO:
        BOARD.commit(BOARD.session.undo())
    elif command in (view.NEXT_CHOICE, view.PREVIOUS_CHOICE):
        choices = list(document.querySelectorAll("#scorecard button.choice"))
        position = next((i for i, b in enumerate(choices) if b == current), 0)
        choices[(position + (1 if command == view.NEXT_CHOICE else -1)) % len(choices)].focus()
    else:
        act(command)


# ---------------------------------------------------------------------- start-up


def saved_setup() -> setups.Setup | None:
    """The form's choices remembered from the last start (forgotten if unreadable)."""
    try:
        fields = {str(k): str(v) for k, v in json.loads(stored(SETUP_KEY) or "{}").items()}
    except (ValueError, AttributeError, RecursionError):
        return None
    setup, problems = setups.setup_from_fields(fields)
    return None if problems or not fields else setup


def resume_or_setup() -> None:
    """Start from a link, resume the saved session, or show the setup form."""
    query = [(str(key), str(value)) for key, value in window.URLSearchParams.new(window.location.search).entries()]
    if setups.has_start_params(query):
        setup, problems = setups.parse_link(query)
        try:
            session = Session.new(setup, problems)
        except ValueError as error:
            BOARD.open_setup((setups.LinkProblem("link", str(error)),), setup)
            return
        window.history.replaceState(None, "", str(window.location.pathname))  # a reload resumes
        BOARD.begin(session)
        return
    raw = stored(SAVE_KEY)
    if raw is None:
        BOARD.open_setup(setup=saved_setup())
        return
    try:
        session = Session.from_json(raw, stored(HINTS_KEY))
    except GameError as error:
        remember(UNREADABLE_KEY, raw)
        by_id("save-problem-reason").textContent = str(error)
        by_id("save-problem-text").value = raw
        for element_id, visible in (("save-problem", True), ("setup", False), ("play", False)):
            show(element_id, visible)
        return
    BOARD.begin(session)


async def warm_up(budget: float = WARM_UP_SECONDS) -> None:
    """Play throwaway turns (view.practice_turns, never the page), one per slice between events.

    A start from the snapshot skips the second of Python work a fresh start does, and with it what
    gets the interpreter's WebAssembly optimised (measured: first rolls of 10-15 ms instead of 5).
    """
    spent, turns = 0.0, view.practice_turns()
    try:
        while spent < budget:
            began = time.perf_counter()
            next(turns)
            spent += time.perf_counter() - began
            await asyncio.sleep(0)
    except Exception as error:  # noqa: BLE001 - only speed is at stake: say so in the console
        window.console.warn(f"warm-up stopped: {type(error).__name__}: {error}")
    window.performance.mark("yacht:warm")


def start() -> None:
    """Bind the page, resume or set up a match, and mark the page ready for people and tests."""
    try:
        by_id("start-button").disabled = by_id("roll-button").disabled = False  # they wait for Python
        window.addEventListener("storage", create_proxy(guarded(on_storage)))
        show("menu-stats")
        resume_or_setup()
    except Exception as error:  # noqa: BLE001 - never leave a silent page
        say(view.failure(view.WORDS.cannot_start, error, saved=False))
    finally:
        show("loading", False)
        document.documentElement.dataset.ready = "true"
        window.performance.mark("yacht:ready")
    if document.documentElement.dataset.python == "snapshot":
        asyncio.ensure_future(warm_up())
