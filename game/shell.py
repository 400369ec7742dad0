"""The imperative shell: the only module that touches the browser (``pyscript``).

It binds events, asks the session (``game.session``) for steps, draws the view's values with the
markup's HTML (``game.view``, ``game.markup``), stores the session, and schedules what the
session says is next (a computer's move, a hint). No rule, label or phase decision lives here.
"""

from __future__ import annotations

import asyncio
import functools
import json
import time

from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, fetch, when, window

window.performance.mark("yacht:python")  # Python runs: the interpreter is up (see bench/startup.py)

from . import markup, setup as setups, view
from .actions import Finish, NextGame, Roll, Score
from .engine import GameError
from .session import Next, Session

# game.advisor, game.coach and game.bots are imported by the session on first need (a hint, a
# computer turn, a report): a game without them starts faster when Python starts afresh.

SAVE_KEY = "yacht-dice/match"
UNREADABLE_KEY = "yacht-dice/unreadable-save"
SETUP_KEY = "yacht-dice/setup"
HINTS_KEY = "yacht-dice/hints"  # format 1 kept hints apart; read once, when such a save loads
HISTORY_KEY = "yacht-dice/history"
TABLES = "./static/tables/"
REFERENCES = TABLES + "optimal.json"  # the optimal player's distributions (tools/build_optimal.py)
WARM_UP_SECONDS = 0.4  # Python time spent on throwaway turns after a start from the snapshot


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


def say(message: str) -> None:
    """Explain something in words (an illegal action, a problem); empty clears it."""
    notice = by_id("notice")
    notice.textContent = message
    notice.hidden = not message


class Board:
    """The session on screen and what was last drawn, so a draw writes only what changed."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.shape: tuple | None = None
        self.drawn: dict = {}  # key -> the view value last drawn there
        self.elements: dict = {}  # key -> its element
        self.computer = None  # the task playing computer turns
        self.fast = False  # skip the computer's pauses until a person's turn
        self.hint_request = 0
        self.references = None  # the optimal player's numbers per rule set, fetched on first need
        self.history = (None, None)  # the stored history's text and its value, as last read
        self.saved: str | None = None  # the session save this tab last wrote

    def commit(self, step) -> bool:
        """Take a step's session (or explain its refusal), store it and draw it."""
        if step.refusal is not None or self.stale():
            say(view.WORDS.other_tab if step.refusal is None else str(step.refusal))
            return False
        say("")
        self.session = step.session
        self.store()
        self.draw(view.announcement(step))
        if step.finished is not None:
            asyncio.ensure_future(self.record(step.session, step.finished))
        if step.reopened is not None:
            from .history import game_id

            change_history(lambda history: history.without(game_id(step.before, step.reopened)))
        return True

    async def record(self, session: Session, game: int) -> None:
        """Add a finished game to the history (with points lost, once the advisor's table is here)."""
        await self.load_table(session.coach.needs_table())
        record = session.record(game, now())
        change_history(lambda history: history.add(record))

    def store(self) -> None:
        """Keep the session in localStorage so a reload resumes it exactly."""
        self.saved = self.session.to_json()
        if not remember(SAVE_KEY, self.saved):
            say(view.WORDS.not_saving)

    def stale(self) -> bool:
        """Whether another tab has saved a match since this one last did: then this tab writes nothing."""
        current = stored(SAVE_KEY)
        return self.saved is not None and current is not None and current != self.saved

    def begin(self, session: Session) -> None:
        """Put a new or restored session on the board (a new match replaces whatever was saved)."""
        self.session = session
        self.store()
        for element_id, visible in (("setup", False), ("save-problem", False), ("play", True), ("menu-new", True)):
            show(element_id, visible)
        self.draw(view.status(session.match))
        by_id("roll-button").focus()

    def build(self) -> None:
        """Lay out the scorecard and dice for the match's shape (only when it changes)."""
        match = self.session.match
        games = max(match.games, len(match.cards))
        shape = (match.ruleset, match.seats, games)
        if shape == self.shape:
            return
        self.shape, self.drawn, self.elements = shape, {}, {}
        by_id("scorecard").innerHTML = markup.scorecard(match.ruleset, match.players, games)
        by_id("dice").innerHTML = markup.tray(match.ruleset.dice)
        for td in document.querySelectorAll("#scorecard td[data-row]"):
            self.elements[(td.dataset.row, int(td.dataset.player))] = td
        for index, th in enumerate(document.querySelectorAll("#scorecard thead th[title]")):
            self.elements[("head", index)] = th
        for button in document.querySelectorAll("#dice button[data-die]"):
            self.elements[("die", int(button.dataset.die))] = button

    def changed(self, key, value) -> bool:
        """Whether ``value`` differs from what was last drawn at ``key`` (and remember it)."""
        if self.drawn.get(key) == value:
            return False
        self.drawn[key] = value
        return True

    def draw(self, announce: str = "") -> None:
        """Write to the page what changed, then schedule what the session says is next."""
        match = self.session.match
        self.build()
        for key, cell in view.cells(match).items():
            if self.changed(key, cell):
                td = self.elements[key]
                td.className = " ".join(cell.classes)
                td.innerHTML = markup.cell(key[0], cell)
        for index in range(len(match.seats)):
            self.elements[("head", index)].classList.toggle("current", index == view.current_seat(match))
        for die in view.dice(match):
            self.draw_die(die)
        self.patch(view.elements(self.session))
        results = view.results(match)
        if self.changed("results", results) and results is not None:
            by_id("standings").innerHTML = markup.lines(results.lines)
            by_id("new-match" if results.final else "next-game").focus()
        status = by_id("status")
        text = announce or view.status(match)
        if status.textContent != text:
            status.textContent = text
        self.schedule()

    def patch(self, elements: dict[str, view.Element]) -> None:
        """Give each element by id the text, visibility, check and attributes the view says (if changed)."""
        for element_id, want in elements.items():
            if not self.changed(element_id, want):
                continue
            element = by_id(element_id)
            if want.text is not None:
                element.textContent = want.text
            if want.hidden is not None:
                element.hidden = want.hidden
            if want.checked is not None:
                element.checked = want.checked
            for name, value in want.attributes:
                element.setAttribute(name, value)

    def draw_die(self, die: view.Die) -> None:
        """One die: its face, held (a pressed button) and whether a tap does anything."""
        old = self.drawn.get(("die", die.index))
        if not self.changed(("die", die.index), die):
            return
        button = self.elements[("die", die.index)]
        button.setAttribute("aria-label", die.label)
        button.setAttribute("aria-pressed", "true" if die.held else "false")
        button.setAttribute("aria-disabled", "false" if die.enabled else "true")
        button.classList.toggle("die-empty", die.face is None)
        if old is None or old.face != die.face:
            button.innerHTML = markup.die_face(die.face, self.session.match.ruleset.sides)
            if old is not None and die.face is not None:
                button.classList.remove("rolling")
                _ = button.offsetWidth  # restart the animation
                button.classList.add("rolling")

    # ------------------------------------------------------------------ scheduling

    def schedule(self) -> None:
        """Start the computer's turn, or refresh the hint, as the session says."""
        session = self.session
        if session.next is Next.COMPUTER and self.computer is None:
            self.computer = asyncio.ensure_future(self.play_computers())
        self.hint_request += 1
        for element in document.querySelectorAll(".hint-keep, .hint-best"):
            element.classList.remove("hint-keep", "hint-best")
        if session.wants_hint():
            asyncio.ensure_future(self.draw_hint(self.hint_request))
        else:
            show("hint", False)

    async def load_table(self, name: str | None) -> None:
        """Fetch an advisor table the session needs (once; a failed fetch lets the advisor estimate)."""
        if name is None:
            return
        try:
            response = await fetch(TABLES + name)
            data = bytes(await response.bytearray()) if response.ok else None
        except Exception:  # noqa: BLE001 - offline and not cached: the advisor estimates instead
            data = None
        self.session.coach.load_table(data)

    async def play_computers(self) -> None:
        """Play computer turns one action at a time, at a pace people can follow (at once after Skip)."""
        try:
            while self.session.next is Next.COMPUTER:
                await self.load_table(self.session.table_needed())
                action = self.session.computer_move()
                await asyncio.sleep(0 if self.fast else Session.pause_before(action))
                if self.session.next is Next.COMPUTER and not self.commit(self.session.computer_step()):
                    return
        except Exception as error:  # noqa: BLE001 - never a silent hang
            say(view.failure(view.WORDS.computer_stopped, error))
        finally:
            self.computer = None
            self.fast = False
            show("skip-button", self.session.next is Next.COMPUTER)

    async def draw_hint(self, request: int) -> None:
        """The best option and the others' expected final scores; the best keep or box highlighted."""
        await self.load_table(self.session.table_needed())
        hint = self.session.hint()
        if request != self.hint_request or hint is None:
            return  # the board moved on while the table loaded
        advice = view.advice(self.session.match, hint)
        box = by_id("hint")
        box.innerHTML = markup.advice(advice)
        box.hidden = False
        targets = [self.elements[("die", index)] for index in advice.keep]
        if advice.category is not None:
            targets.append(document.querySelector(f"#scorecard button[data-category='{advice.category}']"))
        for element in targets:
            if element is not None and element is not jsnull:
                element.classList.add("hint-keep" if advice.category is None else "hint-best")

    async def draw_report(self) -> None:
        """The after-game report: each person's choices against the best, costliest first."""
        box = by_id("report")
        box.textContent = view.WORDS.reviewing
        self.patch({"report": view.Element(hidden=False)})
        await self.load_table(self.session.coach.needs_table())
        await asyncio.sleep(0)  # let the page paint before the review's work
        box.innerHTML = markup.report(view.report(self.session))

    async def open_stats(self, key: str | None = None, name: str | None = None) -> None:
        """The Statistics screen over the stored history (the optimal player's numbers fetched once)."""
        from . import stats

        if self.references is None:
            try:
                self.references = stats.references_from_dict(json.loads(await (await fetch(REFERENCES)).text()))
            except Exception:  # noqa: BLE001 - offline and not cached, or damaged: charts without them
                self.references = {}
        history = read_history()
        if history is not None:
            by_id("stats-body").innerHTML = markup.statistics(view.statistics(history, self.references, key, name))
        document.body.dataset.screen = "stats"
        show("stats")
        storage = getattr(window.navigator, "storage", None)
        try:
            persisted = bool(await storage.persisted()) if storage else None
        except Exception:  # noqa: BLE001 - a browser that cannot say
            persisted = None
        by_id("storage-status").textContent = view.storage_status(persisted)

    async def import_backup(self, file) -> None:
        """Merge a backup file's games into the history (and restore its match if none is in progress)."""
        from .history import MAX_BACKUP_BYTES, Backup

        if file.size > MAX_BACKUP_BYTES:
            say(view.WORDS.import_too_large)
            return
        try:
            backup = Backup.from_json(str(await file.text()))
        except GameError as error:
            say(f"{view.WORDS.import_refused}: {error}")
            return
        before = read_history()
        if before is None or not change_history(lambda history: history.merge(backup.history)):
            return
        restore = backup.session is not None and (self.session is None or self.session.next is Next.OVER)
        if restore:
            self.begin(Session.from_dict(backup.session))
        say(view.imported(len(before.games), len(read_history().games), restore))
        await self.open_stats()

    def open_setup(self, problems: tuple = (), setup: setups.Setup | None = None) -> None:
        """Show the setup form (with a link's choices and problems, if any)."""
        if setup is not None:
            fill_form(setups.form_values(setup))
        hidden = ("play", "results", "menu-new", "save-problem")
        for element_id, visible in [(element_id, False) for element_id in hidden] + [("setup", True)]:
            show(element_id, visible)
        error = by_id("setup-error")
        error.textContent = " ".join(p.message for p in problems)
        error.hidden = not problems
        sync_form()
        if not problems:
            by_id("start-button").focus()


BOARD = Board()


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


def act(action) -> None:
    """A person's action, through the session."""
    BOARD.commit(BOARD.session.act(action))


def now() -> str:
    """The time now, UTC, ISO 8601 (the core never reads the clock)."""
    return str(window.Date.new().toISOString())


def read_history():
    """The stored history (a game.history.History), or None when it cannot be read (said on the page).

    The last one read is kept with its text: reading again parses only when another write (this
    tab's or another's) changed it.
    """
    from .history import History

    raw = stored(HISTORY_KEY) or ""
    if raw != BOARD.history[0]:
        try:
            BOARD.history = (raw, History.from_json(raw) if raw else History())
        except GameError as error:
            say(f"{view.WORDS.history_unreadable}: {error}")
            return None
    return BOARD.history[1]


def change_history(change) -> bool:
    """Re-read the stored history, change it and write it back: another tab's games are never lost."""
    history = read_history()
    if history is None:
        return False
    if not remember(HISTORY_KEY, change(history).to_json()):
        say(view.WORDS.history_not_saved)
        return False
    return True


def export_backup() -> None:
    """Download one JSON file: the history, the match in progress and the setup form's choices."""
    from .history import Backup

    history = read_history()
    if history is None:
        return
    setup = json.loads(stored(SETUP_KEY) or "{}") if (stored(SETUP_KEY) or "").startswith("{") else {}
    session = BOARD.session.to_dict() if BOARD.session else None
    text = Backup(history, session, {"setup": setup}, now()).to_json()
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
    link = document.createElement("a")
    link.href = window.URL.createObjectURL(blob)
    link.download = f"yacht-dice-backup-{now()[:10]}.json"
    link.click()
    window.setTimeout(window.URL.revokeObjectURL, 0, link.href)


def delete_games(game: str | None) -> None:
    """Delete one game (by id) or, with None, every game; each behind a confirmation."""
    if window.confirm(view.WORDS.delete_game if game else view.WORDS.delete_all):
        change_history(lambda history: history.without(game) if game else history.cleared())
        asyncio.ensure_future(BOARD.open_stats())


def close_stats() -> None:
    """Back to the game (or the setup form)."""
    show("stats", False)
    document.body.removeAttribute("data-screen")


# ---------------------------------------------------------------------- the form (game.markup.setup_form)


def read_form() -> dict[str, str]:
    """The setup form's raw values by field name (a checkbox is "1" or "0")."""
    fields = {}
    for element in by_id("setup-form").elements:
        if not element.name or (element.type == "radio" and not element.checked):
            continue
        fields[element.name] = ("1" if element.checked else "0") if element.type == "checkbox" else element.value
    return fields


def fill_form(values: dict[str, str]) -> None:
    """Put field values into the form."""
    elements = by_id("setup-form").elements
    for name, value in values.items():
        element = elements.namedItem(name)
        if element is None or element is jsnull:
            continue
        if getattr(element, "type", None) == "checkbox":
            element.checked = value == "1"
        else:
            element.value = value


def sync_form() -> None:
    """Show the options of the chosen rule set and as many seat rows as players."""
    fields = read_form()
    for fieldset in document.querySelectorAll("#setup-form fieldset[data-rules]"):
        fieldset.hidden = fieldset.dataset.rules != fields.get("rules")
    count = int(fields.get("count", "2"))
    for row in document.querySelectorAll("#setup-form .player-row"):
        row.hidden = int(row.dataset.seat) > count


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
    "menu-stats": lambda: asyncio.ensure_future(BOARD.open_stats()),
    "stats-close": close_stats,
    "export-backup": export_backup,
    "delete-all": lambda: delete_games(None),
}
"""What each button with an id does (one click handler on the page's stable body)."""


@when("click", "body")
@guarded
def on_click(event):
    selectors = ("button[id]", "button[data-die]", "button.choice", "td[data-row]", "button[data-game]")
    button, die, choice, cell, game = (closest(event, s) for s in selectors)
    if button is not None and str(button.id) in BUTTONS:
        BUTTONS[str(button.id)]()
    elif game is not None:
        delete_games(str(game.dataset.game))
    elif die is not None:
        act(view.toggle(BOARD.session.match, int(die.dataset.die)))
    elif choice is not None:
        act(Score(str(choice.dataset.category)))
        by_id("roll-button").focus()
    elif cell is not None:
        say(view.cell_refusal(BOARD.session.match, str(cell.dataset.row), int(cell.dataset.player)))


@when("change", "#stats")
@guarded
def on_stats_change(event):
    if str(event.target.id) == "import-backup":
        files = event.target.files
        if files.length:
            asyncio.ensure_future(BOARD.import_backup(files.item(0)))
        event.target.value = ""
    else:
        asyncio.ensure_future(BOARD.open_stats(str(by_id("stats-rules").value), str(by_id("stats-player").value)))


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
