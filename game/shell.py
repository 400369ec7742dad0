"""The imperative shell: the only module that touches the browser (``pyscript``).

It turns DOM events into engine calls and engine state into DOM updates. Every rule lives in
``game.engine`` / ``game.rules`` and every label in ``game.view``; this module only reads the
page, calls them, saves, and writes back the cells that changed.
"""

from __future__ import annotations

import asyncio
import functools
import json
import time

from pyodide.ffi import jsnull
from pyscript import document, fetch, when, window

window.performance.mark("yacht:python")  # Python runs: the interpreter is up (see bench/startup.py)

from . import view
from .engine import GameError, Match, Phase, SeatKind, from_json, new_match

# game.advisor, game.coach and game.bots are imported on first need (a hint, a computer turn,
# a report): a game without them starts faster when Python starts afresh (the build's snapshot
# holds them already imported).

SAVE_KEY = "yacht-dice/match"
UNREADABLE_KEY = "yacht-dice/unreadable-save"
SETUP_KEY = "yacht-dice/setup"
HINTS_KEY = "yacht-dice/hints"
BOT_PAUSE = 0.7  # seconds between a computer player's steps: slow enough to watch
HOLD_PAUSE = 0.25
WARM_UP_SECONDS = 0.4  # Python time spent on throwaway turns after a start from the snapshot
PIPS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (1, 2, 6, 7), 5: (1, 2, 4, 6, 7), 6: (1, 2, 3, 5, 6, 7)}
"""Pip positions (cells of a 3×3 grid, see app.css) of each face of a six-sided die."""


def by_id(element_id: str):
    """The page element with this id."""
    return document.getElementById(element_id)


def show(element_id: str, visible: bool = True) -> None:
    """Show or hide an element by id."""
    by_id(element_id).hidden = not visible


def stored(key: str) -> str | None:
    """A localStorage value, or None when absent or when the browser refuses storage.

    (JavaScript's null is not Python's None; some private modes throw on any access.)
    """
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


class Page:
    """The page's state: the match on screen and what was last written to each DOM node."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.shape: tuple | None = None
        self.cells: dict = {}
        self.elements: dict = {}
        self.dice: tuple = ()
        self.shown_results: view.Results | None = None
        self.hints: set[int] = set()  # seats that asked for hints
        self.hint = None  # the coach.Hint on screen, for the cost of the next choice
        self.hint_request = 0
        self.bot_task = None
        self.fast = False  # skip the computer's pauses until a person's turn
        self.missing_tables: set[str] = set()

    # ------------------------------------------------------------------ acting

    def computer_turn(self) -> bool:
        """Whether a computer player is to move."""
        m = self.match
        return m is not None and not (m.game_over or m.finished) and m.current_seat.kind is SeatKind.COMPUTER

    def act(self, action: tuple, by_person: bool = True) -> bool:
        """Apply one engine action; on refusal explain it and change nothing."""
        before = self.match
        if before is None:
            return False
        if by_person and self.computer_turn():
            say(f"{before.current_name} (computer) is playing: wait, or press Skip to the result.")
            return False
        try:
            after = before.apply(action)
        except GameError as error:
            say(str(error))
            return False
        say("")
        announce = view.describe(before, after)
        lost = None
        if by_person and self.hint is not None:
            from . import coach

            lost = coach.cost(before, action, self.hint)
        if lost is not None and lost[0] >= 0.05:
            best = view.action_text(before.ruleset, lost[1].action)
            announce += f" (That cost {lost[0]:.1f} points against the best: {best}.)"
        self.match = after
        self.save()
        self.render(announce=announce)
        return True

    def toggle(self, index: int) -> bool:
        """Hold or release a die (an unknown index is refused by the engine, with its message)."""
        held = self.match.held[index] if 0 <= index < len(self.match.held) else False
        return self.act(("hold", index, not held))

    def save(self) -> None:
        """Keep the match in localStorage so a reload resumes it exactly."""
        if not remember(SAVE_KEY, self.match.to_json()):
            say("This browser is not saving the match: it will not survive a reload.")

    def start(self, match: Match) -> None:
        """Put a new or restored match on the board."""
        self.match = match
        self.hints = set(self.saved_hints())
        self.save()
        show("setup", False)
        show("save-problem", False)
        show("play")
        show("menu-new")
        self.render(announce=view.status(match))
        by_id("roll-button").focus()

    # ------------------------------------------------------------------ drawing

    def build(self) -> None:
        """Create the scorecard table and dice for the match's shape (only when it changes)."""
        match = self.match
        games = max(match.games, len(match.cards))
        shape = (match.ruleset, match.seats, games)
        if shape == self.shape:
            return
        self.shape, self.cells, self.elements = shape, {}, {}
        table = by_id("scorecard")
        table.replaceChildren()
        caption = document.createElement("caption")
        caption.className = "visually-hidden"
        caption.textContent = f"{match.ruleset.title} scorecard"
        head = document.createElement("thead")
        head_row = document.createElement("tr")
        corner = document.createElement("th")
        corner.scope = "col"
        corner.textContent = match.ruleset.title
        head_row.append(corner)
        for index, seat in enumerate(match.seats):
            th = document.createElement("th")
            th.scope = "col"
            th.textContent = seat.name  # text, never HTML
            th.title = seat.name
            self.elements[("head", index)] = th
            head_row.append(th)
        head.append(head_row)
        body = document.createElement("tbody")
        for row in view.rows(match.ruleset, games):
            tr = document.createElement("tr")
            tr.className = row.kind.value
            th = document.createElement("th")
            th.scope = "row"
            th.textContent = row.label
            tr.append(th)
            for index in range(len(match.seats)):
                td = document.createElement("td")
                td.dataset.row = row.key
                td.dataset.player = str(index)
                self.elements[(row.key, index)] = td
                tr.append(td)
            body.append(tr)
        table.append(caption, head, body)
        tray = by_id("dice")
        tray.replaceChildren()
        for index in range(match.ruleset.dice):
            button = document.createElement("button")
            button.type = "button"
            button.className = "die"
            button.dataset.die = str(index)
            self.elements[("die", index)] = button
            tray.append(button)
        self.dice = ()

    def render(self, announce: str = "") -> None:
        """Write to the page what changed since the last render."""
        match = self.match
        self.build()
        for key, cell in view.cells(match).items():
            if self.cells.get(key) != cell:
                self.draw_cell(self.elements[key], key[0], cell)
                self.cells[key] = cell
        for index in range(len(match.seats)):
            current = index == match.player and not (match.game_over or match.finished)
            self.elements[("head", index)].classList.toggle("current", current)
        self.draw_dice(view.dice(match))
        roll = by_id("roll-button")
        roll.disabled = False  # disabled only while loading; refusals are explained instead
        roll.textContent = view.roll_label(match)
        roll.setAttribute("aria-disabled", "false" if match.can_roll else "true")
        show("tray", not (match.game_over or match.finished))
        status = by_id("status")
        text = announce or view.status(match)
        if status.textContent != text:
            status.textContent = text
        self.draw_results(view.results(match))
        self.after_render()

    # ------------------------------------------------------------------ advice and computers

    def after_render(self) -> None:
        """Start a computer's turn, or refresh the hint, for the player now to move."""
        match = self.match
        computer = self.computer_turn()
        show("skip-button", computer)
        toggle_label = by_id("hint-toggle-label")
        toggle_label.hidden = computer or match.game_over or match.finished
        by_id("hint-toggle").checked = match.player in self.hints
        by_id("hint-toggle-text").textContent = f"Hints for {match.current_name}"
        if computer and self.bot_task is None:
            self.bot_task = asyncio.ensure_future(self.play_computer())
        self.hint = None
        self.hint_request += 1
        for element in document.querySelectorAll(".hint-keep, .hint-best"):
            element.classList.remove("hint-keep", "hint-best")
        if match.player in self.hints and not computer and match.rolls > 0 and not (match.game_over or match.finished):
            asyncio.ensure_future(self.draw_hint(self.hint_request))
        else:
            show("hint", False)

    async def load_advice(self) -> None:
        """Fetch the rule set's table of optimal values once (lazily: only for hints and computers)."""
        from . import advisor

        ruleset = self.match.ruleset
        name = advisor.table_filename(ruleset)
        if name in self.missing_tables or advisor.has_table(ruleset):
            return
        try:
            response = await fetch(f"./static/tables/{name}")
            if not response.ok:
                raise OSError(f"HTTP {response.status}")
            advisor.load_table(ruleset, bytes(await response.bytearray()))
        except Exception:  # noqa: BLE001 - no table: the advisor solves or estimates instead
            self.missing_tables.add(name)

    async def draw_hint(self, request: int) -> None:
        """Show the best option and the others' expected final scores; highlight the best."""
        from . import coach

        await self.load_advice()
        if request != self.hint_request:
            return  # the board moved on while the table loaded
        found = coach.hint(self.match)
        if found is None:
            return
        self.hint = found
        box = by_id("hint")
        box.replaceChildren()
        title = document.createElement("p")
        title.textContent = ("Best: " if found.exact else "Best this turn (estimate): ") + view.action_text(self.match.ruleset, found.best.action)
        box.append(title)
        listing = document.createElement("ol")
        for option in found.options[:5]:
            item = document.createElement("li")
            item.textContent = f"{view.action_text(self.match.ruleset, option.action)} — {option.expected:.1f}"
            listing.append(item)
        box.append(listing)
        box.hidden = False
        kind, value = found.best.action
        if kind == "score":
            button = document.querySelector(f"#scorecard button[data-category='{value}']")
            if button:
                button.classList.add("hint-best")
        else:
            for index, keep in enumerate(coach.holds_for(self.match, value)):
                if keep:
                    self.elements[("die", index)].classList.add("hint-keep")

    async def play_computer(self) -> None:
        """Play computer turns step by step at a watchable pace (or at once after Skip)."""
        from . import coach

        try:
            while self.computer_turn():
                await self.load_advice()
                await asyncio.sleep(0 if self.fast else BOT_PAUSE)
                if not self.computer_turn():
                    break
                for step in coach.bot_step(self.match, self.match.current_seat.level or "good"):
                    if not self.act(step, by_person=False):
                        return
                    if step[0] == "hold" and not self.fast:
                        await asyncio.sleep(HOLD_PAUSE)
        except Exception as error:  # noqa: BLE001 - never a silent hang
            say(f"The computer player stopped ({type(error).__name__}: {error}). Your match is saved.")
        finally:
            self.bot_task = None
            self.fast = False
            if self.match is not None:
                show("skip-button", self.computer_turn())

    def saved_hints(self) -> list[int]:
        """The seats of this match that turned hints on (kept across reloads)."""
        try:
            data = json.loads(stored(HINTS_KEY) or "{}")
            if data.get("seed") == str(self.match.seed):
                return [int(i) for i in data.get("players", [])]
        except (ValueError, TypeError, AttributeError):
            pass
        return []

    def save_hints(self) -> None:
        """Remember which seats of this match asked for hints."""
        remember(HINTS_KEY, json.dumps({"seed": str(self.match.seed), "players": sorted(self.hints)}))

    def draw_cell(self, td, row_key: str, cell: view.Cell) -> None:
        """One scorecard cell: a choice button while it can be chosen, plain text otherwise."""
        td.className = " ".join(cell.classes)
        if cell.label:
            button = document.createElement("button")
            button.type = "button"
            button.className = "choice" + (" zero" if "zero" in cell.classes else "")
            button.dataset.category = row_key
            button.setAttribute("aria-label", cell.label)
            button.textContent = cell.text
            td.replaceChildren(button)
        else:
            td.replaceChildren()
            td.textContent = cell.text

    def draw_dice(self, dice: tuple[view.Die, ...]) -> None:
        """The dice tray: pips up to six sides, numbers above; held dice are pressed buttons."""
        six = self.match.ruleset.sides <= 6
        for die in dice:
            old = self.dice[die.index] if len(self.dice) > die.index else None
            if old == die:
                continue
            button = self.elements[("die", die.index)]
            button.setAttribute("aria-label", die.label)
            button.setAttribute("aria-pressed", "true" if die.held else "false")
            button.setAttribute("aria-disabled", "false" if die.enabled else "true")
            button.classList.toggle("die-empty", die.face is None)
            if old is None or old.face != die.face:
                button.replaceChildren()
                if die.face is not None and six:
                    pips = document.createElement("span")
                    pips.className = "pips"
                    pips.setAttribute("aria-hidden", "true")
                    for spot in PIPS[die.face]:
                        pip = document.createElement("span")
                        pip.className = f"pip p{spot}"
                        pips.append(pip)
                    button.append(pips)
                elif die.face is not None:
                    button.textContent = str(die.face)
                if old is not None and die.face is not None:
                    button.classList.remove("rolling")
                    _ = button.offsetWidth  # restart the animation
                    button.classList.add("rolling")
        self.dice = dice

    def draw_results(self, results: view.Results | None) -> None:
        """The standings panel after a game and after the match."""
        if results == self.shown_results:
            return
        self.shown_results = results
        show("results", results is not None)
        # After the match the panel's own "New match" button is the one to press.
        show("menu-new", results is None or not results.final)
        if results is None:
            return
        by_id("results-title").textContent = results.title
        standings = by_id("standings")
        standings.replaceChildren()
        for line in results.lines:
            item = document.createElement("li")
            item.textContent = line
            standings.append(item)
        by_id("winner").textContent = results.winner
        show("report", False)
        show("show-report", any(seat.kind is SeatKind.HUMAN for seat in self.match.seats))
        show("next-game", results.can_next)
        show("finish-match", results.can_finish)
        show("new-match", results.final)
        focus = "new-match" if results.final else "next-game"
        by_id(focus).focus()

    async def draw_report(self) -> None:
        """The after-game report: each person's choices against the best, costliest first."""
        from . import coach

        box = by_id("report")
        box.replaceChildren()
        box.textContent = "Reviewing every decision…"
        box.hidden = False
        await self.load_advice()
        match = self.match
        game = len(match.cards) - 1
        box.replaceChildren()
        for player, seat in enumerate(match.seats):
            if seat.kind is not SeatKind.HUMAN:
                continue
            await asyncio.sleep(0)  # let the page paint between players
            report = coach.review(match, game, player)
            heading = document.createElement("h3")
            heading.textContent = seat.name
            summary = document.createElement("p")
            summary.textContent = view.report_summary(report)
            box.append(heading, summary)
            worst = report.worst(3)
            if worst:
                listing = document.createElement("ol")
                for decision in worst:
                    item = document.createElement("li")
                    item.textContent = view.decision_text(match.ruleset, decision)
                    listing.append(item)
                box.append(listing)

    # ------------------------------------------------------------------ setup

    def open_setup(self, problems: tuple = (), setup: view.Setup | None = None) -> None:
        """Show the setup form (with a link's choices and problems, if any)."""
        if setup is not None:
            fill_form(setup)
        show("play", False)
        show("results", False)
        show("menu-new", False)
        show("setup")
        error = by_id("setup-error")
        error.textContent = " ".join(p.message for p in problems)
        error.hidden = not problems
        sync_form()
        if not problems:
            by_id("start-button").focus()


PAGE = Page()


def guarded(handler):
    """Run an event handler so that no exception ever reaches the page as a traceback."""

    @functools.wraps(handler)
    def run(event):
        try:
            handler(event)
        except Exception as error:  # noqa: BLE001 - the last line of defence
            say(f"Something went wrong ({type(error).__name__}: {error}). Your match is saved.")
            window.console.error(f"{type(error).__name__}: {error}")

    return run


def closest(event, selector: str):
    """The element matching ``selector`` at or above the event's target, or None."""
    target = event.target
    found = target.closest(selector) if hasattr(target, "closest") else None
    return None if found is None or found is jsnull else found


# ---------------------------------------------------------------------- the form


def read_form() -> dict[str, str]:
    """The setup form's raw values."""
    fields = {
        "rules": document.querySelector("input[name=rules]:checked").value,
        "upper_bonus": "1" if by_id("opt-upper-bonus").checked else "0",
        "yahtzee_bonus": "1" if by_id("opt-yahtzee-bonus").checked else "0",
        "joker": by_id("opt-joker").value,
        "dice": by_id("opt-dice").value,
        "sides": by_id("opt-sides").value,
        "count": by_id("player-count").value,
        "games": by_id("games").value,
        "seed": by_id("seed").value,
    }
    for seat in range(1, 6):
        fields[f"name{seat}"] = by_id(f"player-name-{seat}").value
        fields[f"kind{seat}"] = by_id(f"player-kind-{seat}").value
    return fields


def fill_form(setup: view.Setup) -> None:
    """Put a setup's choices into the form."""
    document.querySelector(f"input[name=rules][value={setup.rules}]").checked = True
    by_id("opt-upper-bonus").checked = setup.upper_bonus
    by_id("opt-yahtzee-bonus").checked = setup.yahtzee_bonus
    by_id("opt-joker").value = setup.joker
    by_id("opt-dice").value = str(setup.dice)
    by_id("opt-sides").value = str(setup.sides)
    by_id("player-count").value = str(len(setup.players))
    for seat in range(1, 6):
        by_id(f"player-name-{seat}").value = setup.players[seat - 1] if seat <= len(setup.players) else ""
        by_id(f"player-kind-{seat}").value = setup.kinds[seat - 1] if seat <= len(setup.kinds) else "human"
    by_id("games").value = str(setup.games)
    by_id("seed").value = setup.seed


def sync_form() -> None:
    """Show the options and name fields that apply to the current choices."""
    rules = document.querySelector("input[name=rules]:checked").value
    show("yahtzee-options", rules in ("yahtzee", "custom"))
    show("custom-options", rules == "custom")
    count = int(by_id("player-count").value)
    for row in document.querySelectorAll(".player-row"):
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
    setup, problems = view.setup_from_fields(fields)
    error = by_id("setup-error")
    try:
        if problems:
            raise ValueError(" ".join(p.message for p in problems))
        match = setup.start()
    except ValueError as problem:
        error.textContent = str(problem)
        error.hidden = False
        return
    error.hidden = True
    remember(SETUP_KEY, json.dumps(fields))  # the form's choices, for next time
    PAGE.start(match)


# ---------------------------------------------------------------------- play


@when("click", "#roll-button")
@guarded
def on_roll(event):
    PAGE.act(("roll",))


@when("click", "#dice")
@guarded
def on_die(event):
    button = closest(event, "button[data-die]")
    if button is not None:
        PAGE.toggle(int(button.dataset.die))


@when("click", "#scorecard")
@guarded
def on_card(event):
    button = closest(event, "button[data-category]")
    if button is not None:
        PAGE.act(("score", str(button.dataset.category)))
        by_id("roll-button").focus()
        return
    cell = closest(event, "td[data-row]")
    match = PAGE.match
    if cell is not None and match is not None and int(cell.dataset.player) == match.player:
        refusal = match.refusal(["score", cell.dataset.row])
        if refusal is not None and cell.dataset.row in {c.id for c in match.ruleset.categories}:
            say(str(refusal))


@when("click", "#next-game")
@guarded
def on_next_game(event):
    PAGE.act(("next_game",))
    by_id("roll-button").focus()


@when("click", "#finish-match")
@guarded
def on_finish(event):
    PAGE.act(("finish",))


@when("click", "#skip-button")
@guarded
def on_skip(event):
    PAGE.fast = True


@when("change", "#hint-toggle")
@guarded
def on_hint_toggle(event):
    player = PAGE.match.player
    if by_id("hint-toggle").checked:
        PAGE.hints.add(player)
    else:
        PAGE.hints.discard(player)
    PAGE.save_hints()
    PAGE.after_render()


@when("click", "#show-report")
@guarded
def on_show_report(event):
    asyncio.ensure_future(PAGE.draw_report())


@when("click", "#new-match")
@guarded
def on_new_match(event):
    PAGE.open_setup()


@when("click", "#menu-new")
@guarded
def on_menu_new(event):
    match = PAGE.match
    if match is not None and not match.finished and match.actions:
        if not window.confirm("Leave this match and set up a new one? The current match will be lost."):
            return
    PAGE.open_setup()


@when("click", "#save-problem-dismiss")
@guarded
def on_dismiss_save_problem(event):
    show("save-problem", False)
    PAGE.open_setup()


@when("keydown", "body")
@guarded
def on_key(event):
    """Keyboard play: R rolls, 1–9 (0 for the tenth) hold dice, arrows move through choices."""
    if event.ctrlKey or event.metaKey or event.altKey:
        return
    if closest(event, "input, select, textarea, summary"):
        return
    if PAGE.match is None or by_id("play").hidden:
        return
    key = event.key
    if key in ("r", "R"):
        event.preventDefault()
        PAGE.act(("roll",))
    elif key.isdigit():
        index = (int(key) or 10) - 1
        if index < PAGE.match.ruleset.dice:
            event.preventDefault()
            PAGE.toggle(index)
    elif key in ("ArrowDown", "ArrowUp") and closest(event, "button.choice"):
        choices = list(document.querySelectorAll("#scorecard button.choice"))
        current = closest(event, "button.choice")
        position = next((i for i, b in enumerate(choices) if b == current), 0)
        step = 1 if key == "ArrowDown" else -1
        event.preventDefault()
        choices[(position + step) % len(choices)].focus()


# ---------------------------------------------------------------------- start-up


def _saved_setup() -> view.Setup | None:
    raw = stored(SETUP_KEY)
    if not raw:
        return None
    try:
        fields = {str(k): str(v) for k, v in json.loads(raw).items()}
    except (ValueError, AttributeError):  # a bad remembered form is just forgotten
        return None
    setup, problems = view.setup_from_fields(fields)
    return None if problems else setup


def resume_or_setup() -> None:
    """Start from a link, resume the saved match, or show the setup form."""
    query = [(str(key), str(value)) for key, value in window.URLSearchParams.new(window.location.search).entries()]
    if view.has_start_params(query):
        setup, problems = view.parse_link(query)
        if problems:
            PAGE.open_setup(problems, setup)
            return
        try:
            match = setup.start()
        except ValueError as error:
            PAGE.open_setup((view.LinkProblem("link", str(error)),), setup)
            return
        # The address no longer carries the start parameters: a reload resumes the match.
        window.history.replaceState(None, "", str(window.location.pathname))
        PAGE.start(match)
        return
    raw = stored(SAVE_KEY)
    if raw is None:
        PAGE.open_setup(setup=_saved_setup())
        return
    try:
        match = from_json(raw)
    except GameError as error:
        remember(UNREADABLE_KEY, raw)
        by_id("save-problem-reason").textContent = str(error)
        by_id("save-problem-text").value = raw
        show("save-problem")
        show("play", False)
        return
    PAGE.start(match)


async def warm_up(budget: float = WARM_UP_SECONDS) -> None:
    """Play throwaway turns (engine and view only, never the page), one per slice between events.

    A start from the snapshot skips the second of Python work a fresh start does, and with it
    what gets the interpreter's WebAssembly optimised: the first turns would run on the browser's
    baseline tier (measured: rolls of 10-15 ms instead of 5). A few tenths of a second of play
    gets the hot code optimised before a player's first tap.
    """
    spent, seed, match = 0.0, 0, None
    try:
        while spent < budget:
            if match is None or match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
                seed += 1
                match = new_match("yahtzee", ("A", "B"), seed=seed)
            began = time.perf_counter()
            match = match.roll()
            view.cells(match), view.dice(match), view.status(match)
            match = match.score(next(iter(match.options())))
            spent += time.perf_counter() - began
            await asyncio.sleep(0)
    except Exception as error:  # noqa: BLE001 - only speed is at stake: say so in the console
        window.console.warn(f"warm-up stopped: {type(error).__name__}: {error}")
    window.performance.mark("yacht:warm")


def start() -> None:
    """Bind the page, resume or set up a match, and mark the page ready for people and tests."""
    try:
        resume_or_setup()
    except Exception as error:  # noqa: BLE001 - never leave a silent page
        say(f"The game could not start ({type(error).__name__}: {error}).")
    finally:
        show("loading", False)
        document.documentElement.dataset.ready = "true"
        window.performance.mark("yacht:ready")
    if document.documentElement.dataset.python == "snapshot":
        asyncio.ensure_future(warm_up())
