"""The imperative shell: the only code that touches the browser (``pyscript``), in three parts.

``dom`` (elements, storage, words on the page), ``board`` (the match: steps taken, view values
drawn, computers and hints scheduled) and ``records`` (history, statistics, backups); this module
binds the events and starts the page. No rule, label or phase decision lives here.
"""

from __future__ import annotations

import asyncio
import json
import time

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

window.performance.mark("yacht:python")  # Python runs: the interpreter is up (see bench/startup.py)

from .. import markup, rules_text, setup as setups, view  # noqa: E402
from ..actions import Finish, NextGame, Roll, Score  # noqa: E402
from ..engine import GameError  # noqa: E402
from ..i18n import N_, Text  # noqa: E402
from ..session import Session  # noqa: E402
from . import language, records, sound  # noqa: E402
from .board import BOARD, act, fill_form, read_form, sync_form  # noqa: E402
from .dom import (  # noqa: E402
    HINTS_KEY, PAGE, SAVE_KEY, SETUP_KEY, UNREADABLE_KEY, UNSAVED_KEY, Found, Pressed, by_id, download, forget, guarded, marked,
    now, remember, say, show, stored,
)

# game.advisor, game.coach and game.bots are imported by the session on first need (a hint, a
# computer turn, a report): a game without them starts faster when Python starts afresh.

WARM_UP_SECONDS = 0.4  # Python time spent on throwaway turns after a start from the snapshot
SHOWN_SAVE_CHARS = 64 * 1024  # of an unreadable save, shown on the page (all of it is kept and downloadable)


NO_CATALOGUE = N_("That language could not be loaded (no connection?), so the page stays as it was.")
# Events are delegated from the page's body (DELEGATED): the form and the scorecard are drawn anew.


def on_start(_form: Found) -> None:
    """The setup form's Start (static/js/page.js prevents the form's own submission at once)."""
    fields = read_form()
    setup, problems = setups.setup_from_fields(fields)
    try:
        if problems:
            raise ValueError(problems)
        session = Session.new(setup, t=BOARD.t)
    except ValueError as problem:
        words = [p.text(BOARD.t) for p in problems] or [problem.text(BOARD.t) if isinstance(problem, GameError) else str(problem)]
        by_id("setup-error").innerHTML = markup.problems(words, t=BOARD.t)
        show("setup-error")
        return
    show("setup-error", False)
    remember(SETUP_KEY, json.dumps(fields))  # the form's choices, for next time
    BOARD.begin(session)


# ---------------------------------------------------------------------- play


def leave_match() -> None:
    """The header's "New match": ask first when a match is under way."""
    match = BOARD.session.match if BOARD.session else None
    if not view.in_progress(match) or window.confirm(BOARD.t._(view.WORDS.leave_match)):
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
    "pass-start": lambda: BOARD.hand_over(),
    "cheer-close": lambda: BOARD.dismiss_cheer(),
    "show-report": lambda: asyncio.ensure_future(BOARD.draw_report()),
    "new-match": lambda: BOARD.open_setup(),
    "menu-new": leave_match,
    "save-problem-dismiss": lambda: leave_save_problem(),
    "save-problem-download": lambda: download_unreadable(),
    "link-keep": lambda: choose_link(False),
    "link-start": lambda: choose_link(True),
    "load-newer": lambda: load_newer(),
    "menu-stats": lambda: (close_rules(), asyncio.ensure_future(records.open_stats())),
    "stats-close": records.close_stats,
    "menu-rules": lambda: open_rules(),
    "rules-close": lambda: close_rules(),
    "export-backup": records.export_backup,
    "delete-all": lambda: records.delete_games(None),
}
"""What each button with an id does (one click handler on the page's stable body)."""


def score(choice: Found) -> None:
    act(Score(choice.data["category"]))
    by_id("roll-button").focus()


CLICKS = (
    ("button[id]", lambda button: BUTTONS.get(button.id, lambda: None)()),
    ("button[data-die]", lambda die: act(view.toggle(BOARD.session.match, int(die.data["die"])))),
    ("button.choice", score),
    ("button[data-game]", lambda game: records.delete_games(game.data["game"])),
    ("td[data-row]", lambda td: say(view.cell_refusal(BOARD.session.match, td.data["row"], int(td.data["player"]), t=BOARD.t))),
)
"""Clicks on the page's stable body, by what was clicked: (selector, what to do with it); the first match only."""


def on_press(_body: Found) -> None:
    sound.wake()  # a tap starts before its click: the audio context is made now, not in the roll's frame


def on_stats_change(changed: Found) -> None:
    if changed.id == "import-backup":
        picker = by_id("import-backup")
        files = picker.files
        if files.length:
            asyncio.ensure_future(records.import_backup(files.item(0)))
        picker.value = ""
    else:
        asyncio.ensure_future(records.open_stats(str(by_id("stats-rules").value), str(by_id("stats-player").value)))


def on_hint_toggle(_toggle: Found) -> None:
    if BOARD.stale():
        BOARD.offer_newer()
        return
    BOARD.session = BOARD.session.with_hints(bool(by_id("hint-toggle").checked))
    BOARD.store()
    BOARD.draw()


def on_chances_toggle(_toggle: Found) -> None:
    BOARD.chances = bool(by_id("chances-toggle").checked)
    by_id("chances").textContent = ""
    BOARD.schedule()


# ---------------------------------------------------------------------- rules and language


def rules_shown():
    """The rule set whose rules the Rules screen shows: the match's, else the one chosen in the form."""
    if BOARD.session is not None and by_id("setup").hidden:
        return BOARD.session.match.ruleset
    setup, _ = setups.setup_from_fields(read_form())
    try:
        return setup.ruleset()
    except ValueError:  # options the form would refuse: the rule set's defaults
        return setups.Setup(rules=setup.rules).ruleset()


def open_rules() -> None:
    """The Rules screen, in the player's language, over whatever is on the page."""
    records.close_stats()
    by_id("rules-body").innerHTML = rules_text.panel_html(rules_shown(), t=BOARD.t)
    document.body.dataset.screen = "rules"
    show("rules")
    by_id("rules-close").focus()


def close_rules() -> None:
    show("rules", False)
    document.body.removeAttribute("data-screen")


def use_language(t: Text) -> None:
    """Word the whole page in ``t``'s language: fixed texts, the form (its choices kept), the board, open screens."""
    BOARD.t = t
    fields = read_form()
    by_id("setup-form").outerHTML = markup.setup_form(t=t)
    fill_form(fields)
    sync_form()
    by_id("start-button").disabled = False
    if BOARD.session is not None:
        BOARD.shape = None  # lay the scorecard out again, in the new words
        BOARD.draw()
        if not by_id("report").hidden:
            asyncio.ensure_future(BOARD.draw_report())
    if not by_id("rules").hidden:
        by_id("rules-body").innerHTML = rules_text.panel_html(rules_shown(), t=t)
    if not by_id("stats").hidden:
        asyncio.ensure_future(records.open_stats())
    language.apply(t)


async def switch_language(code: str) -> None:
    """The picker's choice: fetch its catalogue, then word the page in it and remember it."""
    t = await language.load(code)
    if t is None:
        by_id("language").value = BOARD.t.code
        say(BOARD.t._(NO_CATALOGUE))
        return
    say("")
    language.remember_choice(t.code)
    use_language(t)


def on_language(_picker: Found) -> None:
    asyncio.ensure_future(switch_language(str(by_id("language").value)))


DELEGATED = {
    "click": CLICKS,
    "submit": (("#setup-form", on_start),),
    "pointerdown": (("body", on_press),),
    "change": (("#hint-toggle", on_hint_toggle), ("#chances-toggle", on_chances_toggle), ("#language", on_language),
               ("#stats input, #stats select", on_stats_change)),
}
"""Events on the page's body the shell answers, by type: (selector, what to do with the element);
static/js/page.js finds the element, on the page's thread, and prevents a submission there at once."""


@create_proxy
@guarded
def delegated(kind, index, found) -> None:
    """static/js/page.js's delegate: DELEGATED's entry for the event's type and the selector that
    matched, given the element's id and data-* values (in a worker, every look at the element would cross over)."""
    DELEGATED[str(kind)][int(index)][1](Found.from_json(str(found)))


PAGE.steps().delegate(json.dumps([(kind, [selector for selector, _ in table], kind == "submit") for kind, table in DELEGATED.items()]),
                      delegated)


def on_storage(changed: dict) -> None:
    """Another tab saved: say at once that this tab's match is out of date, and offer the newer one.

    ``changed``: the storage event's key and newValue (static/js/page.js's listen).
    """
    if changed.get("key") == SAVE_KEY and BOARD.saved is not None and changed.get("newValue") != BOARD.saved:
        BOARD.offer_newer()


def on_visibility(state: dict) -> None:
    """A tab shown again takes up the computer's turns (a hidden tab never plays them)."""
    if not state.get("hidden") and BOARD.session is not None and not BOARD.stale():
        BOARD.schedule()


LISTENED = {"storage": on_storage, "visibilitychange": on_visibility}
"""The window's and the document's events the shell answers (static/js/page.js's listen), with plain values."""


@create_proxy
@guarded
def heard(kind, values) -> None:
    """static/js/page.js's listen: another tab stored, or this tab was hidden or shown."""
    LISTENED[str(kind)](json.loads(str(values)))


def on_key(pressed: Pressed) -> None:
    """Keyboard play: R rolls, 1–9 (0 for the tenth) hold dice, U or Ctrl+Z undoes, arrows move through choices, Escape
    dismisses a celebration."""
    if pressed.alt or pressed.typing or BOARD.session is None or by_id("play").hidden:
        return
    command = view.key_command(BOARD.session.match, pressed.key, pressed.ctrl)
    if command == view.DISMISS:
        BOARD.dismiss_cheer()
        return
    if BOARD.handing() is not None and command != view.UNDO:
        return  # the phone is being passed: the dice wait for the next person's Start
    if command is None or (command in (view.NEXT_CHOICE, view.PREVIOUS_CHOICE) and not pressed.choice):
        return
    if command == view.UNDO:
        BOARD.commit(BOARD.session.undo())
    elif command in (view.NEXT_CHOICE, view.PREVIOUS_CHOICE):
        PAGE.steps().moveFocus("#scorecard button.choice", 1 if command == view.NEXT_CHOICE else -1)
    else:
        act(command)


@create_proxy
@guarded
def keys_pressed(pressed) -> None:
    on_key(Pressed.from_json(str(pressed)))


PAGE.steps().delegateKeys(keys_pressed)
# The page prevents the arrows' scrolling on a box itself: where Python runs in a worker, a
# preventDefault() from here would come after the event.
PAGE.steps().preventKeys("button.choice", json.dumps(view.CHOICE_KEYS))


# ---------------------------------------------------------------------- start-up


def saved_setup() -> setups.Setup | None:
    """The form's choices remembered from the last start (forgotten if unreadable)."""
    try:
        fields = {str(k): str(v) for k, v in json.loads(stored(SETUP_KEY) or "{}").items()}
    except (ValueError, AttributeError, RecursionError):
        return None
    setup, problems = setups.setup_from_fields(fields)
    return None if problems or not fields else setup


def stored_session() -> tuple[Session | None, GameError | None]:
    """The saved session, or the reason it cannot be read (None, None when there is none)."""
    raw = stored(SAVE_KEY)
    if raw is None:
        return None, None
    try:
        return Session.from_json(raw, stored(HINTS_KEY)), None
    except GameError as error:
        return None, error


def keep_aside(raw: str) -> bool:
    """Put an unreadable save where nothing overwrites it; False when storage is too full to.

    A copy first; if that does not fit, a move (the save's own room makes space for it).
    """
    if stored(UNREADABLE_KEY) == raw or remember(UNREADABLE_KEY, raw):
        return True
    forget(SAVE_KEY)
    if remember(UNREADABLE_KEY, raw):
        return True
    remember(SAVE_KEY, raw)  # it fitted there before: put it back
    return False


def report_unreadable(error: GameError) -> None:
    """The save-problem screen: what happened, whether a copy is kept, the data to download."""
    raw = stored(SAVE_KEY) or stored(UNREADABLE_KEY) or ""
    kept = keep_aside(raw)
    BOARD.pending["unkept"] = None if kept else raw
    by_id("save-problem-kept").textContent = BOARD.t._(view.WORDS.save_kept if kept else view.WORDS.save_not_kept)
    by_id("save-problem-reason").textContent = str(error)
    by_id("save-problem-text").value = raw[:SHOWN_SAVE_CHARS]
    by_id("save-problem-dismiss").textContent = BOARD.t._(view.WORDS.start_new if kept else view.WORDS.download_then_start)
    for element_id, visible in (("save-problem", True), ("setup", False), ("play", False), ("link-choice", False)):
        show(element_id, visible)


def download_unreadable() -> None:
    download(f"yacht-dice-unreadable-save-{now()[:10]}.json", stored(UNREADABLE_KEY) or stored(SAVE_KEY) or "")


def leave_save_problem() -> None:
    """Past the save-problem screen: to the link's match if one waits, otherwise the setup form."""
    if BOARD.pending.get("unkept") is not None:
        download_unreadable()
    offered = BOARD.pending.pop("link", None)
    if offered is not None:
        BOARD.begin(offered)
    else:
        BOARD.open_setup(setup=saved_setup())


def choose_link(start_it: bool) -> None:
    """The answer to "Start the match in this link?"."""
    offered, saved = BOARD.pending.pop("link", None), BOARD.pending.pop("saved", None)
    chosen = offered if start_it else saved
    if chosen is not None:
        BOARD.begin(chosen)


def load_newer() -> None:
    """Take the match another tab saved (this tab's own state is older and was never written)."""
    session, error = stored_session()
    if error is not None:
        report_unreadable(error)
    elif session is not None:
        BOARD.begin(session)


def from_link(query) -> bool:
    """Start a link's match, or show its problems, or ask first when it would replace a match in progress."""
    PAGE.steps().dropQuery()  # a reload never repeats a link
    setup, problems = setups.parse_link(query)
    if problems:
        BOARD.open_setup(problems, setup)
        return True
    try:
        offered = Session.new(setup, t=BOARD.t)
    except ValueError as error:
        words = error.text(BOARD.t) if isinstance(error, GameError) else str(error)
        BOARD.open_setup((setups.LinkProblem("link", words),), setup)
        return True
    saved, error = stored_session()
    if error is not None:
        BOARD.pending["link"] = offered  # started once the unreadable save is dealt with
        report_unreadable(error)
    elif saved is not None and view.in_progress(saved.match):
        BOARD.pending.update(link=offered, saved=saved)
        by_id("link-choice-text").textContent = view.link_choice(saved.match, offered.match, t=BOARD.t)
        for element_id, visible in (("link-choice", True), ("setup", False), ("play", False)):
            show(element_id, visible)
        by_id("link-keep").focus()
    else:
        BOARD.begin(offered)
    return True


def resume_or_setup() -> None:
    """Start from a link, resume the saved session, or show the setup form."""
    query = [(str(key), str(value)) for key, value in json.loads(PAGE.steps().query())]
    if setups.has_start_params(query) and from_link(query):
        return
    session, error = stored_session()
    if error is not None:
        report_unreadable(error)
    elif session is None:
        BOARD.open_setup(setup=saved_setup())
    else:
        lost = marked(UNSAVED_KEY)  # read before the board saves again
        BOARD.begin(session)
        if lost:
            say(BOARD.t._(view.WORDS.lost_moves))


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


async def start() -> None:
    """Bind the page, word it in the player's language, resume or set up a match, and mark it ready."""
    try:
        code = language.preferred(stored(language.LANGUAGE_KEY))
        t = await language.load(code) if code != BOARD.t.code else None
        if t is not None:
            use_language(t)
        # Start and Roll wait for Python; the menu's buttons look the same either way: nothing moves at start.
        ready = [(button, {"disabled": False}) for button in ("start-button", "roll-button")]
        ready += [(button, {"remove": ["aria-disabled"]}) for button in ("menu-stats", "menu-rules")]
        PAGE.apply(ready)
        PAGE.steps().listen(heard)
        resume_or_setup()
    except Exception as error:  # noqa: BLE001 - never leave a silent page
        say(view.failure(view.WORDS.cannot_start, error, saved=False, t=BOARD.t))
    finally:
        started = getattr(js, "yachtPython", None)  # how static/js/python.mjs started Python, where it runs
        PAGE.steps().ready(json.dumps([("loading", {"hidden": True})]), started or "")  # <html data-ready>, in one call
    if started == "snapshot":
        asyncio.ensure_future(warm_up())
