"""The imperative shell: the only module that touches the browser (``pyscript``).

It turns DOM events into engine calls and engine state into DOM updates. Every rule lives in
``game.engine`` / ``game.rules`` and every label in ``game.view``; this module only reads the
page, calls them, saves, and writes back the cells that changed.
"""

from __future__ import annotations

import functools
import json

from pyodide.ffi import jsnull
from pyscript import document, when, window

from . import view
from .engine import GameError, Match, from_json

SAVE_KEY = "yacht-dice/match"
UNREADABLE_KEY = "yacht-dice/unreadable-save"
SETUP_KEY = "yacht-dice/setup"
PIPS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (1, 2, 6, 7), 5: (1, 2, 4, 6, 7), 6: (1, 2, 3, 5, 6, 7)}
"""Pip positions (cells of a 3×3 grid, see app.css) of each face of a six-sided die."""


def by_id(element_id: str):
    """The page element with this id."""
    return document.getElementById(element_id)


def show(element_id: str, visible: bool = True) -> None:
    """Show or hide an element by id."""
    by_id(element_id).hidden = not visible


def stored(key: str) -> str | None:
    """A localStorage value, or None when absent (JavaScript's null is not Python's None)."""
    value = window.localStorage.getItem(key)
    return value if isinstance(value, str) else None


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

    # ------------------------------------------------------------------ acting

    def act(self, change, *args) -> bool:
        """Apply one engine action; on refusal explain it and change nothing."""
        before = self.match
        if before is None:
            return False
        try:
            after = change(before, *args)
        except GameError as error:
            say(str(error))
            return False
        say("")
        self.match = after
        self.save()
        self.render(announce=view.describe(before, after))
        return True

    def save(self) -> None:
        """Keep the match in localStorage so a reload resumes it exactly."""
        try:
            window.localStorage.setItem(SAVE_KEY, self.match.to_json())
        except Exception:  # noqa: BLE001 - storage full or disabled: play on, but say so
            say("This browser is not saving the match: it will not survive a reload.")

    def start(self, match: Match) -> None:
        """Put a new or restored match on the board."""
        self.match = match
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
        show("next-game", results.can_next)
        show("finish-match", results.can_finish)
        show("new-match", results.final)
        focus = "new-match" if results.final else "next-game"
        by_id(focus).focus()

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
    window.localStorage.setItem(SETUP_KEY, json.dumps(fields))  # the form's choices, for next time
    PAGE.start(match)


# ---------------------------------------------------------------------- play


@when("click", "#roll-button")
@guarded
def on_roll(event):
    PAGE.act(Match.roll)


@when("click", "#dice")
@guarded
def on_die(event):
    button = closest(event, "button[data-die]")
    if button is not None:
        PAGE.act(Match.toggle_hold, int(button.dataset.die))


@when("click", "#scorecard")
@guarded
def on_card(event):
    button = closest(event, "button[data-category]")
    if button is not None:
        PAGE.act(Match.score, button.dataset.category)
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
    PAGE.act(Match.next_game)
    by_id("roll-button").focus()


@when("click", "#finish-match")
@guarded
def on_finish(event):
    PAGE.act(Match.finish)


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
        PAGE.act(Match.roll)
    elif key.isdigit():
        index = (int(key) or 10) - 1
        if index < PAGE.match.ruleset.dice:
            event.preventDefault()
            PAGE.act(Match.toggle_hold, index)
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
    query = str(window.location.search)
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
        window.localStorage.setItem(UNREADABLE_KEY, raw)
        by_id("save-problem-reason").textContent = str(error)
        by_id("save-problem-text").value = raw
        show("save-problem")
        show("play", False)
        return
    PAGE.start(match)


def start() -> None:
    """Bind the page, resume or set up a match, and mark the page ready for people and tests."""
    try:
        resume_or_setup()
    except Exception as error:  # noqa: BLE001 - never leave a silent page
        say(f"The game could not start ({type(error).__name__}: {error}).")
    finally:
        show("loading", False)
        document.documentElement.dataset.ready = "true"
