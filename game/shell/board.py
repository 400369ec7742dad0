"""The match on the page: the session's steps taken, its view values drawn, computers and hints scheduled."""

from __future__ import annotations

import asyncio
import json

from pyscript import document, fetch, window

from .. import coach_view, feel, markup, setup as setups, view
from ..app import PREFETCH_SECONDS
from ..i18n import ENGLISH, Text
from ..paint import HEADS, MOTION, box_at, cell_at, die_at
from ..session import Next, Session
from . import records, sound
from .dom import PAGE, SAVE_KEY, TABLES, UNSAVED_KEY, by_id, mark, offer_focus, remember, say, show, stored

REDUCED_MOTION = "(prefers-reduced-motion: reduce)"


class Motion:
    """Thrown dice tumbling (game.feel's keyframes, run by the compositor); none where motion is reduced."""

    def __init__(self) -> None:
        self.frames = json.dumps(MOTION)
        self.reduced = None  # the media query, asked once (it follows the setting)

    def allowed(self) -> bool:
        if self.reduced is None:
            self.reduced = window.matchMedia(REDUCED_MOTION)
        return not self.reduced.matches


class Board:
    """The session on screen and what was last drawn, so a draw writes only what changed."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.shape: tuple | None = None
        self.drawn: dict = {}  # key -> the view value last drawn there
        self.computer = None  # the task playing computer turns
        self.fast = False  # skip the computer's pauses until a person's turn
        self.hint_request = 0
        self.chances = False  # the win chances line asked for (a choice of this page, not of the match)
        self.saved: str | None = None  # the session save this tab last wrote
        self.pending: dict = {}  # what waits for the player's answer: a link's session, the saved one, an unkept save
        self.t: Text = ENGLISH  # the player's language (game.shell.language sets it)
        self.handed: int | None = None  # the match's action count when the phone was last passed on
        self.cheers = 0  # celebrations shown (each hides itself unless a newer one came)
        self.motion = Motion()
        self.hinted: list = []  # where the hint marked dice or a box (cleared at the next schedule)

    def commit(self, step, person: bool = True) -> bool:
        """Take a step's session (or explain its refusal), store it, draw it and sound it."""
        if step.refusal is not None:
            say(step.refusal.text(self.t))
            return False
        if self.stale():
            self.offer_newer()
            return False
        say("")
        before, self.session = self.session.match, step.session
        self.store()
        after = step.session.match
        found = feel.cues(before, after)
        cheer = feel.cheer(after, found, t=self.t)
        self.draw(" ".join(filter(None, (view.announcement(step, t=self.t), cheer))), thrown=feel.thrown(before, after))
        sound.play(found, person)
        if cheer:
            self.celebrate(cheer)
        if step.finished is not None:
            asyncio.ensure_future(records.record(step.session, step.finished))
        if step.reopened is not None:
            records.withdraw(step.before, step.reopened)
        return True

    def store(self) -> None:
        """Keep the session in localStorage so a reload resumes it exactly."""
        self.saved = self.session.to_json()
        kept = remember(SAVE_KEY, self.saved)
        mark(UNSAVED_KEY, not kept)  # after a reload the page can say that moves were lost
        if not kept:
            say(self.t._(view.WORDS.storage_full))

    def stale(self) -> bool:
        """Whether another tab has saved a match since this one last did: then this tab writes nothing."""
        current = stored(SAVE_KEY)
        return self.saved is not None and current is not None and current != self.saved

    def offer_newer(self) -> None:
        """Another tab saved this match since this tab did: say so, offer its newer state, write nothing."""
        by_id("other-tab-text").textContent = self.t._(view.WORDS.other_tab)
        show("other-tab")

    def begin(self, session: Session) -> None:
        """Put a new or restored session on the board (a new match replaces whatever was saved)."""
        self.session = session
        self.store()
        screens = (("setup", False), ("save-problem", False), ("link-choice", False), ("other-tab", False),
                   ("play", True), ("menu-new", True))
        self.draw(view.status(session.match, t=self.t), before=[(element_id, {"hidden": not visible}) for element_id, visible in screens])
        by_id("roll-button").focus()
        asyncio.ensure_future(self.prefetch_table(session.coach.needs_table()))

    async def prefetch_table(self, name: str | None) -> None:
        """Fetch the advisor table of the rules being played, so the service worker keeps it for offline hints."""
        if name is None:
            return
        await asyncio.sleep(PREFETCH_SECONDS)
        try:
            await fetch(PAGE.site(TABLES + name))
        except Exception:  # noqa: BLE001 - offline: the table is fetched on a later visit
            pass

    def build(self, ops: list) -> None:
        """Lay out the scorecard and dice for the match's shape (only when it changes), as ``ops``' first steps."""
        match = self.session.match
        games = max(match.games, len(match.cards))
        shape = (match.ruleset, match.seats, games, self.t.code)
        if shape == self.shape:
            return
        self.shape, self.drawn, self.hinted = shape, {}, []
        ops.append(("scorecard", {"html": markup.scorecard(match.ruleset, match.players, games, t=self.t)}))
        ops.append(("dice", {"html": markup.tray(match.ruleset.dice, t=self.t)}))

    def changed(self, key, value) -> bool:
        """Whether ``value`` differs from what was last drawn at ``key`` (and remember it)."""
        if self.drawn.get(key) == value:
            return False
        self.drawn[key] = value
        return True

    def draw(self, announce: str = "", thrown: frozenset[int] = frozenset(), before: list | tuple = ()) -> None:
        """Write to the page what changed (``thrown`` dice tumble), then schedule what the session says is next.

        Every change goes to the page in one call (static/js/page.js's apply), ``before``'s steps first
        (the screens a new match shows): where Python runs in a worker, each call to the page is a round trip.
        """
        match = self.session.match
        ops: list = list(before)
        self.build(ops)
        for key, cell in view.cells(match, t=self.t).items():
            if self.changed(key, cell):
                ops.append((cell_at(key), {"class": " ".join(cell.classes), "html": markup.cell(key[0], cell)}))
        current = view.current_seat(match)
        for index in range(len(match.seats)):
            if self.changed(("head", index), index == current):
                ops.append(((HEADS, index), {"toggle": {"current": index == current}}))
        tumbling = thrown and self.motion.allowed()
        for die in view.dice(match, t=self.t):
            ops += self.die_ops(die, tumbling and die.index in thrown)
        results = view.results(match, t=self.t)
        handing = self.handing()
        ops += self.patch_ops(view.elements(self.session, results, t=self.t, handing=handing))
        marks = view.roll_marks(match)
        if self.changed("marks", marks):
            ops.append(("roll-marks", {"html": markup.roll_marks(marks)}))
        new_results = self.changed("results", results) and results is not None
        if new_results:
            ops.append(("standings", {"html": markup.lines(results.lines)}))
        ops.append(("status", {"text": announce or view.status(match, t=self.t)}))  # written only if it differs
        PAGE.apply(ops, self.motion.frames if tumbling else "")
        if self.changed("handing", handing) and handing is not None:
            by_id("pass-start").focus()
        if new_results:
            by_id("new-match" if results.final else "next-game").focus()
        self.schedule()

    def patch(self, elements: dict[str, view.Element]) -> None:
        """Give each element by id the text, visibility, check and attributes the view says (if changed)."""
        PAGE.apply(self.patch_ops(elements))

    def patch_ops(self, elements: dict[str, view.Element]) -> list:
        """:meth:`patch`'s steps, for a draw's one call."""
        ops = []
        for element_id, want in elements.items():
            if not self.changed(element_id, want):
                continue
            changes: dict = {"attrs": dict(want.attributes)}
            for name, value in (("text", want.text), ("hidden", want.hidden), ("checked", want.checked)):
                if value is not None:
                    changes[name] = value
            ops.append((element_id, changes))
        return ops

    def die_ops(self, die: view.Die, thrown: bool = False) -> list:
        """One die: its face (tumbling to it when ``thrown``), held (a pressed button) and whether a tap does anything."""
        old = self.drawn.get(("die", die.index))
        if not self.changed(("die", die.index), die) and not thrown:
            return []
        changes: dict = {
            "attrs": {"aria-label": die.label, "aria-pressed": "true" if die.held else "false",
                      "aria-disabled": "false" if die.enabled else "true"},
            "toggle": {"die-empty": die.face is None},
        }
        if old is None or old.face != die.face or thrown:
            match = self.session.match
            tumble = feel.tumble(die.face, die.index, match.ruleset.sides, match.draws) if thrown and die.face else ()
            changes["html"] = markup.die_face(die.face, match.ruleset.sides, tumble)
            changes["toss"] = bool(tumble)
        return [(die_at(die.index), changes)]

    def handing(self) -> str | None:
        """The person the phone is being passed to (game.feel.handover), until they tap Start."""
        match = self.session.match
        return None if self.handed == len(match.actions) else feel.handover(match, self.session.pass_phone)

    def hand_over(self) -> None:
        """The pass screen's Start: the turn begins."""
        self.handed = len(self.session.match.actions)
        self.draw()
        by_id("roll-button").focus()

    def celebrate(self, words: str) -> None:
        """A brief celebration (its words are spoken with the step's): shown, then gone unless a newer one came."""
        self.cheers += 1
        by_id("cheer-text").textContent = words
        show("cheer")
        asyncio.ensure_future(self.end_cheer(self.cheers))

    async def end_cheer(self, shown: int) -> None:
        await asyncio.sleep(feel.CHEER_SECONDS)
        if shown == self.cheers:
            show("cheer", False)

    def dismiss_cheer(self) -> None:
        self.cheers += 1
        show("cheer", False)

    # ------------------------------------------------------------------ scheduling

    def schedule(self) -> None:
        """Start the computer's turn, or refresh the hint, as the session says."""
        session = self.session
        if session.next is Next.COMPUTER and self.computer is None and not document.hidden:  # a visible tab plays
            self.computer = asyncio.ensure_future(self.play_computers())
        self.hint_request += 1
        unmark = {"toggle": {"hint-keep": False, "hint-best": False}, "optional": True}
        PAGE.apply([(at, unmark) for at in self.hinted])
        self.hinted = []
        if session.wants_hint():
            asyncio.ensure_future(self.draw_hint(self.hint_request))
        else:
            show("hint", False)
        if self.chances:
            asyncio.ensure_future(self.draw_chances(self.hint_request))

    async def load_table(self, name: str | None) -> None:
        """Fetch an advisor table the session needs (once; a failed fetch lets the advisor estimate)."""
        if name is None:
            return
        try:
            response = await fetch(PAGE.site(TABLES + name))
            data = bytes(await response.bytearray()) if response.ok else None
        except Exception:  # noqa: BLE001 - offline and not cached: the advisor estimates instead
            data = None
        self.session.coach.load_table(data, name)

    async def draw_chances(self, request: int) -> None:
        """The win chances line (asked for with its switch): fetched tables first, then the numbers."""
        coach = self.session.coach
        for _ in range(2):  # the value table, then the spread table
            await self.load_table(coach.needs_spread())
        if request != self.hint_request or not self.chances:
            return  # the board moved on while the tables loaded
        match = self.session.match
        best = None
        if len(match.seats) == 1:
            from ..stats import best_total, ruleset_key

            history = records.read_history()
            best = None if history is None else best_total(history, ruleset_key(match.ruleset), match.seats[0].name)
        chances = self.session.win_chances(best)
        by_id("chances").textContent = coach_view.chances_text(match, chances, best, t=self.t)

    async def play_computers(self) -> None:
        """Play computer turns one action at a time, at a pace people can follow (at once after Skip)."""
        try:
            while self.session.next is Next.COMPUTER:
                await self.load_table(self.session.table_needed())
                action = self.session.computer_move()
                await asyncio.sleep(0 if self.fast else self.session.pause_before(action))
                if self.session.next is Next.COMPUTER and not self.commit(self.session.computer_step(), person=False):
                    return
        except Exception as error:  # noqa: BLE001 - never a silent hang
            say(view.failure(view.WORDS.computer_stopped, error, t=self.t))
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
        advice = coach_view.advice(self.session.match, hint, t=self.t)
        targets = [die_at(index) for index in advice.keep]
        if advice.category is not None:
            targets.append(box_at(advice.category))
        mark = {"toggle": {"hint-keep" if advice.category is None else "hint-best": True}, "optional": True}
        PAGE.apply([("hint", {"html": markup.advice(advice, t=self.t), "hidden": False}), *[(at, mark) for at in targets]])
        self.hinted = targets

    async def draw_report(self) -> None:
        """The after-game report: each person's choices against the best, costliest first."""
        box = by_id("report")
        box.textContent = self.t._(view.WORDS.reviewing)
        self.patch({"report": view.Element(hidden=False)})
        await self.load_table(self.session.coach.needs_table())
        await asyncio.sleep(0)  # let the page paint before the review's work
        box.innerHTML = markup.report(coach_view.report(self.session, t=self.t), t=self.t)

    def open_setup(self, problems: tuple = (), setup: setups.Setup | None = None) -> None:
        """Show the setup form (with a link's choices and problems, if any)."""
        if setup is not None:
            fill_form(setups.form_values(setup))
        hidden = ("play", "results", "menu-new", "save-problem", "link-choice")
        screens = [(element_id, {"hidden": True}) for element_id in hidden] + [("setup", {"hidden": False})]
        words = markup.problems([p.text(self.t) for p in problems], t=self.t) if problems else ""
        PAGE.apply([*screens, ("setup-error", {"html": words, "hidden": not problems})])
        sync_form()
        if problems:
            by_id("setup-error").scrollIntoView()  # below the form on a phone: bring the problems into sight
        else:
            offer_focus("start-button")


BOARD = Board()


def act(action) -> None:
    """A person's action, through the session."""
    BOARD.commit(BOARD.session.act(action))


# ---------------------------------------------------------------------- the form (game.markup.setup_form)

FORM = "setup-form"


def read_form() -> dict[str, str]:
    """The setup form's raw values by field name (a checkbox is "1" or "0")."""
    return {str(k): str(v) for k, v in json.loads(PAGE.steps().formFields(FORM)).items()}


def fill_form(values: dict[str, str]) -> None:
    """Put field values into the form."""
    PAGE.steps().fillForm(FORM, json.dumps(values))


def sync_form() -> None:
    """Show the options of the chosen rule set and as many seat rows as players (static/js/page.js
    also does so at each change, before Python has started too)."""
    PAGE.steps().syncForm(FORM)
