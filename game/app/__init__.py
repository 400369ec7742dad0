"""The game on the page as a value: :class:`App`, the events it takes and the effects it asks for.

``update(app, event)`` returns the new App and the effects; it reads no clock, no storage and no
page, and changes nothing in place. The shell (game/shell) keeps the App and hands the effects to
static/js/page.js, which carries them out and sends the next event (docs/protocol.md)::

    >>> app, effects = update(App(), Start(query=(("rules", "yacht"), ("players", "Ann"))))
    >>> app.screen, app.session.match.players
    (<Screen.PLAY: 'play'>, ('Ann',))
    >>> [effect.kind for effect in effects][-1]
    'ready'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from game.coach.session import Next, Session
from game.core import links
from game.core.engine import GameError, Match
from game.core.i18n import DEFAULT, ENGLISH, LANGUAGES, N_, Text, negotiate
from game.core.inputs import MAX_SETTINGS_BYTES, read_json
from game.present import coach_view, feel, markup, paint, rules_text, view
from game.present import setup as setups
from game.present.boot import LANGUAGE_KEY
from game.present.paint import Drawn, say, show
from game.present.sounds import RECIPES, ROLL_VIBRATION_MS, most_notable, recipe_data

SAVE_KEY = "yacht-dice/match"
UNREADABLE_KEY = "yacht-dice/unreadable-save"  # the first unreadable save kept aside; later ones beside it
KEPT_PREFIX = "yacht-dice/unreadable-"  # every copy kept aside: unreadable-save, unreadable-history/<time>...
UNSAVED_KEY = "yacht-dice/unsaved"  # in sessionStorage (its own quota): this tab's last save failed
SETUP_KEY = "yacht-dice/setup"
QUICK_BUTTONS = tuple(
    f"quick-{quick.value}" for quick in setups.Quick
)  # the lobby's one-tap matches (game.present.markup)
HINTS_KEY = "yacht-dice/hints"  # format 1 kept hints apart; read once, when such a save loads
HISTORY_KEY = "yacht-dice/history"
CHALLENGE_KEY = "yacht-dice/challenge"  # the challenge link this phone's person plays against (its text)
STORED_KEYS = (SAVE_KEY, SETUP_KEY, HISTORY_KEY, HINTS_KEY, UNREADABLE_KEY, LANGUAGE_KEY, CHALLENGE_KEY)
"""The localStorage keys the page reads at start (docs/protocol.md)."""

TABLES = "./static/tables/"
REFERENCES = TABLES + "optimal.json"  # the optimal player's distributions (tools/build_optimal.py)
CATALOGUE = "./static/locale/{code}.mo"  # tools/i18n.mo_name: where the build writes each compiled catalogue
MANIFEST = "./static/manifest{suffix}.webmanifest"  # tools/build.manifest_name
PREFETCH_SECONDS = 3.0  # after a match starts, before its advisor table is fetched for offline use
MAX_MESSAGE_BYTES = 64 * 1024 * 1024  # a start carries all the game's storage; a file event, a backup
SHOWN_SAVE_CHARS = 64 * 1024  # of an unreadable save, shown on the page (all of it is kept and downloadable)

NO_CATALOGUE = N_("That language could not be loaded (no connection?), so the page stays as it was.")


class Screen(Enum):
    """The main screen shown (Rules and Statistics open over it)."""

    LOADING = "loading"
    SETUP = "setup"
    PLAY = "play"
    SAVE_PROBLEM = "save-problem"
    LINK_CHOICE = "link-choice"


class Over(Enum):
    """What is open over the screen."""

    NOTHING = ""
    RULES = "rules"
    STATS = "stats"


SCREENS = {
    Screen.SETUP: "setup",
    Screen.PLAY: "play",
    Screen.SAVE_PROBLEM: "save-problem",
    Screen.LINK_CHOICE: "link-choice",
}


# ----------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Start:
    """The page is ready for Python: what it holds (stored values, the link, the browser's wishes)."""

    stored: tuple[tuple[str, str], ...] = ()
    unsaved: bool = False
    query: tuple[tuple[str, str], ...] = ()
    languages: tuple[str, ...] = ()
    form: tuple[tuple[str, str], ...] = ()
    hidden: bool = False
    reduced: bool = False
    msgids: tuple[str, ...] = ()
    python: str = ""
    address: str = ""  # the page's own address, without its query (location.origin + location.pathname): links


@dataclass(frozen=True)
class Click:
    """A click on a button or a scorecard cell: its id and data-* values."""

    id: str = ""
    data: tuple[tuple[str, str], ...] = ()
    form: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Submit:
    """The setup form's Start."""

    form: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Change:
    """A switch, the language picker or a Statistics filter changed."""

    id: str
    value: str = ""
    checked: bool = False
    form: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class File:
    """A backup file chosen for import: its size in bytes and its text."""

    size: int
    text: str


@dataclass(frozen=True)
class Key:
    """A key pressed on the page (``typing``: in a field; ``choice``: on a box of the scorecard)."""

    key: str
    ctrl: bool = False
    alt: bool = False
    typing: bool = False
    choice: bool = False


@dataclass(frozen=True)
class Tick:
    """A timer the app set has fired."""

    token: str


@dataclass(frozen=True)
class Stored:
    """Another tab stored (or removed, None) a key."""

    key: str
    value: str | None


@dataclass(frozen=True)
class Visibility:
    hidden: bool


@dataclass(frozen=True)
class Motion:
    reduced: bool


@dataclass(frozen=True)
class Fetched:
    """A file the app asked for, its bytes (None when it could not be fetched)."""

    name: str
    data: bytes | None


@dataclass(frozen=True)
class Refused:
    """The browser refused to store a key (full, or storage off)."""

    key: str


@dataclass(frozen=True)
class Confirmed:
    """The person said yes to a question the app asked."""

    answer: str


@dataclass(frozen=True)
class Shared:
    """How sending a link or a text went: "shared", "copied", "cancelled" or "failed" (copy it by hand)."""

    how: str


@dataclass(frozen=True)
class Persisted:
    """Whether the browser keeps this site's storage for good (None: it cannot say)."""

    persisted: bool | None


Event = (
    Start
    | Click
    | Submit
    | Change
    | File
    | Key
    | Tick
    | Stored
    | Visibility
    | Motion
    | Fetched
    | Refused
    | Confirmed
    | Persisted
    | Shared
)


def _pairs(value: Any) -> tuple[tuple[str, str], ...]:
    items = value.items() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return tuple((str(k), "" if v is None else str(v)) for k, v in (tuple(pair) for pair in items if len(pair) == 2))


def read_event(text: str, data: bytes | None = None, python: str = "") -> tuple[Event | None, str]:
    """The event a page message (docs/protocol.md) names, and its time; None for anything else.

    >>> read_event('{"type": "key", "key": "r", "now": "2026-11-24T10:00:00Z"}')
    (Key(key='r', ctrl=False, alt=False, typing=False, choice=False), '2026-11-24T10:00:00Z')
    >>> read_event('{"type": "nope"}')
    (None, '')
    """
    try:
        message = read_json(text, "page's message", limit=MAX_MESSAGE_BYTES)
        kind, now, form = message["type"], str(message.get("now", "")), _pairs(message.get("form", {}))
        event = {
            "start": lambda: Start(
                tuple(
                    (key, value)
                    for key, value in message.get("stored", {}).items()
                    if (key in STORED_KEYS or key.startswith(KEPT_PREFIX)) and isinstance(value, str)
                ),
                bool(message.get("unsaved")),
                _pairs(message.get("query", [])),
                tuple(str(code) for code in message.get("languages", [])),
                form,
                bool(message.get("hidden")),
                bool(message.get("reduced")),
                tuple(str(msgid) for msgid in message.get("msgids", [])),
                python,
                str(message.get("address", "")),
            ),
            "click": lambda: Click(str(message.get("id") or ""), _pairs(message.get("data", {})), form),
            "submit": lambda: Submit(form),
            "change": lambda: Change(
                str(message["id"]), str(message.get("value", "")), bool(message.get("checked")), form
            ),
            "file": lambda: File(int(message["size"]), str(message["text"])),
            "key": lambda: Key(
                str(message["key"]), *(bool(message.get(n)) for n in ("ctrl", "alt", "typing", "choice"))
            ),
            "tick": lambda: Tick(str(message["token"])),
            "storage": lambda: Stored(
                str(message["key"]), message["value"] if isinstance(message.get("value"), str) else None
            ),
            "visibility": lambda: Visibility(bool(message["hidden"])),
            "motion": lambda: Motion(bool(message["reduced"])),
            "fetched": lambda: Fetched(
                str(message["name"]), bytes(data) if message.get("ok") and data is not None else None
            ),
            "refused": lambda: Refused(str(message["key"])),
            "confirmed": lambda: Confirmed(str(message["answer"])),
            "persisted": lambda: Persisted(
                message["persisted"] if isinstance(message.get("persisted"), bool) else None
            ),
            "shared": lambda: Shared(str(message["how"])),
        }[kind]()
    except (GameError, ValueError, KeyError, TypeError, AttributeError, RecursionError, OverflowError):
        return None, ""
    return event, now


# ----------------------------------------------------------------------------- effects


@dataclass(frozen=True)
class Effect:
    """One thing for the page to do: a kind (docs/protocol.md) and its arguments, as JSON holds them.

    >>> Effect("store", ("yacht-dice/setup", "{}")).to_json()
    ['store', 'yacht-dice/setup', '{}']
    """

    kind: str
    args: tuple = ()

    def to_json(self) -> list:
        return [self.kind, *self.args]


def draw(ops: list | tuple, motion: dict | None = None) -> Effect:
    return Effect("apply", (list(ops), motion))


def store(key: str, value: str) -> Effect:
    return Effect("store", (key, value))


def focus(element_id: str) -> Effect:
    return Effect("focus", (element_id,))


def tick(token: str, seconds: float) -> Effect:
    return Effect("tick", (token, round(seconds * 1000)))


def ask(app: App, question: str, yes: str, answer: str) -> Effect:
    """The game's own question (page.js's #ask dialog): ``question`` and ``yes``, its confirming button,
    are msgids; ``answer`` comes back in a ``confirmed`` event only when the person chooses ``yes``.

    >>> ask(App(), view.WORDS.leave_match, view.WORDS.leave_yes, "leave").args[1:]
    ('Leave the match', 'leave')
    """
    return Effect("confirm", (app.t._(question), app.t._(yes), answer))


def fetch(name: str, path: str) -> Effect:
    return Effect("fetch", (name, path))


# ----------------------------------------------------------------------------- the app


@dataclass(frozen=True)
class Waiting:
    """Work that waits for a file or a timer: each is done once what it needs is here."""

    computer: str | None = None  # the computer's turn: "table" while its table comes, else its tick's token
    hint: bool = False
    chances: bool = False
    report: bool | str = False  # True while the table comes, then the tick's token
    ending: bool | str = False  # the results' context: True while the table comes, then the tick's token
    stats: tuple[str | None, str | None] | None = None  # the Statistics screen's filter, while its numbers come
    language: str | None = None  # a language whose catalogue comes
    starting: Start | None = None  # the start, which goes on once the language is here
    records: tuple = ()  # finished games to record: (session, game, ended)
    recording: str | None = None  # their tick's token: recorded a moment after the last score is drawn


@dataclass(frozen=True)
class App:
    """Everything the page shows and waits for, as one value."""

    t: Text = ENGLISH
    screen: Screen = Screen.LOADING
    over: Over = Over.NOTHING
    session: Session | None = None
    stored: tuple[tuple[str, str], ...] = ()  # what storage holds, as far as this tab knows
    saved: str | None = None  # the save this tab last wrote
    offered: Session | None = None  # a link's match, waiting for an answer
    kept: Session | None = None  # the saved match a link would replace
    unkept: str | None = None  # the unreadable save being put aside
    keeping: int = 0  # tries at putting it aside: 1 a copy, 2 a move, 3 none could be kept
    keeping_key: str | None = None  # where it is being put
    # An unreadable history being put aside: its key, the try (3: it could not be) and its text; what
    # would write the history waits until then (the events, taken up again on the history's tick).
    history_keeping: tuple[str, int, str] | None = None
    history_waiting: tuple = ()
    handed: int | None = None  # the match's action count when the phone was last passed on
    handing: str | None = None  # who the pass screen last showed
    cheers: int = 0
    serial: int = 0  # for the tokens of timers (a newer schedule makes older ticks moot)
    hint_request: int = 0
    fast: bool = False  # skip the computer's pauses until a person's turn
    chances: bool = False
    hidden: bool = False
    reduced: bool = False
    python: str = ""
    form: tuple[tuple[str, str], ...] = ()
    msgids: tuple[str, ...] = ()
    hinted: tuple = ()  # where the hint marked dice or a box
    drawn: Drawn = field(default_factory=Drawn)
    fetching: frozenset[str] = frozenset()
    waiting: Waiting = field(default_factory=Waiting)
    references: dict | None = None  # the optimal player's numbers, once fetched ({} when they cannot be)
    persisted: bool | None = None
    unwritten: str | None = None  # the history storage held before this tab's last write of it
    filters: tuple[str, str] = ("", "")  # the Statistics screen's rule set and person ("": all)
    now: str = ""
    sharing: tuple[str, str, str] | None = None  # what the share dialog sends: title, text, address
    address: str = ""  # the page's own address (the start's), that links to this game begin with
    challenge: Match | None = None  # the challenger's game of the challenge kept, or None

    def value(self, key: str) -> str | None:
        """What storage holds under ``key``, as far as this tab knows."""
        return dict(self.stored).get(key)

    def holding(self, key: str, value: str | None) -> App:
        held = {k: v for k, v in self.stored if k != key}
        return replace(self, stored=tuple((held | ({} if value is None else {key: value})).items()))

    @property
    def stale(self) -> bool:
        """Another tab saved a match since this one last did: then this tab writes nothing."""
        current = self.value(SAVE_KEY)
        return self.saved is not None and current is not None and current != self.saved

    def token(self, kind: str) -> tuple[App, str]:
        return replace(self, serial=self.serial + 1), f"{kind}:{self.serial + 1}"

    def wait(self, **changes: Any) -> App:
        return replace(self, waiting=replace(self.waiting, **changes))


Out = tuple[App, list[Effect]]


def update(app: App, event: Event, now: str = "") -> Out:
    """The app after ``event`` and what the page must do (an event out of turn changes nothing).

    >>> update(App(), Key("r"))
    (App(...), [])
    """
    app = replace(app, now=now or app.now)
    handler = HANDLERS.get(type(event))
    return handler(app, event) if handler else (app, [])


def failed(app: App, event: Event | None, error: BaseException) -> list[Effect]:
    """What the page shows when ``update`` itself failed: words, never a traceback, and a start that ends."""
    start = isinstance(event, Start) or event is None
    words = view.failure(view.WORDS.cannot_start if start else view.WORDS.went_wrong, error, saved=not start, t=app.t)
    effects = [draw([say(words)]), Effect("console", ("error", f"{type(error).__name__}: {error}"))]
    return effects + ([Effect("ready", (app.python,))] if start else [])


# ----------------------------------------------------------------------------- the table


def begin(app: App, session: Session) -> Out:
    """Put a new or restored session on the board (a new match replaces whatever was saved)."""
    app = replace(app, session=session, screen=Screen.PLAY, offered=None, kept=None, handed=None, drawn=Drawn())
    app, effects = save(app)
    screens = [
        show(element_id, element_id == "play")
        for element_id in ("setup", "save-problem", "link-choice", "other-tab", "play")
    ]
    before = [*screens, show("menu-new"), show("challenge-result", False), *challenge_line(app)]
    app, drawing = board(app, view.status(session.match, t=app.t), before=before)
    app, token = app.token("prefetch")
    return app, [*effects, *drawing, focus("roll-button"), tick(token, PREFETCH_SECONDS)]


def save(app: App) -> Out:
    """Keep the session in storage so a reload resumes it exactly."""
    saved = app.session.to_json()
    return replace(app.holding(SAVE_KEY, saved), saved=saved), [
        store(SAVE_KEY, saved),
        Effect("flag", (UNSAVED_KEY, False)),
    ]


def handing(app: App) -> str | None:
    """The person the phone is being passed to (game.present.feel.handover), until they tap Start; in a match that
    travels by link, the person to send it to (never on the phone that has just received their turn)."""
    session = app.session
    match = session.match
    if app.handed == len(match.actions) or (session.remote and session.floor == len(match.actions)):
        return None
    return feel.handover(match, session.pass_phone or session.remote)


def board(app: App, announce: str = "", thrown: frozenset[int] = frozenset(), before: list | tuple = ()) -> Out:
    """Draw what changed (``thrown`` dice tumble), then schedule what the session says is next."""
    match = app.session.match
    passing = handing(app)
    drawn, ops, results = paint.table(
        app.drawn,
        app.session,
        app.t,
        announce or view.status(match, t=app.t),
        passing,
        thrown if not app.reduced else frozenset(),
    )
    effects = [draw([*before, *ops], paint.MOTION if thrown and not app.reduced else None)]
    if passing is not None and passing != app.handing:
        effects.append(focus("send-link" if app.session.remote else "pass-start"))
    if results is not None:
        effects.append(focus("play-again" if results.final else "next-game"))
        app = app.wait(ending=True)  # the game in context (history, optimal mean) comes on a tick after this draw
    app, scheduled = schedule(replace(app, drawn=drawn, handing=passing))
    return app, effects + scheduled


def commit(app: App, step, person: bool = True) -> Out:
    """Take a step's session (or explain its refusal), store it, draw it and sound it."""
    if step.refusal is not None:
        return app, [draw([say(step.refusal.text(app.t))])]
    if app.stale:
        return offer_newer(app)
    before, after = app.session.match, step.session.match
    app, effects = save(replace(app, session=step.session))
    found = feel.cues(before, after)
    cheer = feel.cheer(after, found, t=app.t)
    app, drawing = board(
        app,
        " ".join(filter(None, (view.announcement(step, t=app.t), cheer))),
        feel.thrown(before, after),
        before=[say("")],
    )
    finale = feel.finale(before, after)  # the match's end: the winner scene, and its fanfare over the step's cue
    effects += drawing + sound((*found, feel.FINALE) if finale else found, person)
    if cheer:
        app, shown = celebrate(app, cheer)
        effects += shown
    if step.finished is not None:
        app = app.wait(records=(*app.waiting.records, (step.session, step.finished, app.now)))
        app, more = advance(app)
        effects += more
    if step.reopened is not None:
        from game.records.history import game_id

        app = app.wait(records=tuple(due for due in app.waiting.records if due[1] != step.reopened))
        app, more = change_history(app, lambda history: history.without(game_id(step.before, step.reopened)))
        effects += more
    return app, effects


def sound(cues, person: bool) -> list[Effect]:
    """A step's most notable cue (page.js plays it where Sound is on); a person's roll also buzzes the phone."""
    cue = most_notable(cues)
    if cue is None:
        return []
    buzz = [Effect("vibrate", (ROLL_VIBRATION_MS,))] if person and cue is feel.Cue.ROLL else []
    return [*buzz, Effect("play", (recipe_data(RECIPES[cue]),))]


def act(app: App, action) -> Out:
    """A person's action, through the session."""
    return commit(app, app.session.act(action)) if playing(app) else (app, [])


def playing(app: App) -> bool:
    return app.session is not None and app.screen is Screen.PLAY


def offer_newer(app: App) -> Out:
    """Another tab saved this match since this tab did: say so, offer its newer state, write nothing."""
    return app, [draw([("other-tab-text", {"text": app.t._(view.WORDS.other_tab)}), show("other-tab")])]


def celebrate(app: App, words: str) -> Out:
    """A brief celebration (its words are spoken with the step's): shown, then gone unless a newer one came."""
    app = replace(app, cheers=app.cheers + 1)
    return app, [
        draw([("cheer-text", {"text": words}), show("cheer")]),
        tick(f"cheer:{app.cheers}", feel.CHEER_SECONDS),
    ]


def hand_over(app: App) -> Out:
    """The pass screen's Start: the turn begins."""
    if not playing(app):
        return app, []
    app, effects = board(replace(app, handed=len(app.session.match.actions)))
    return app, effects + [focus("roll-button")]


# ----------------------------------------------------------------------------- what waits


def schedule(app: App) -> Out:
    """Start the computer's turn, or refresh the hint and the win chances, as the session says."""
    unmark = {"toggle": {"hint-keep": False, "hint-best": False}, "optional": True}
    effects = [draw([(at, unmark) for at in app.hinted])] if app.hinted else []
    app = replace(app, hint_request=app.hint_request + 1, hinted=())
    app = app.wait(hint=app.session.wants_hint(), chances=app.chances)
    if app.session.next is not Next.COMPUTER:
        app = replace(app, fast=False)
    if not app.session.wants_hint():
        effects.append(draw([show("hint", False)]))
    if app.session.next is Next.COMPUTER and app.waiting.computer is None and not app.hidden:
        app = app.wait(computer="table")
    app, more = advance(app)
    return app, effects + more


def needing(app: App, name: str | None) -> tuple[App, list[Effect], bool]:
    """Ask for an advisor table unless it is here or coming; whether the caller must wait for it."""
    if name is None:
        return app, [], False
    if name in app.fetching:
        return app, [], True
    return replace(app, fetching=app.fetching | {name}), [fetch(name, TABLES + name)], True


def advance(app: App) -> Out:
    """Do whatever waits and can be done now; ask for the files the rest waits for."""
    effects: list[Effect] = []
    for step in (advance_computer, advance_hint, advance_chances, advance_report, advance_ending, advance_records):
        if app.session is not None or step is advance_records:
            app, more = step(app)
            effects += more
    return app, effects


def advance_computer(app: App) -> Out:
    if app.waiting.computer != "table":
        return app, []
    session = app.session
    if session.next is not Next.COMPUTER or app.hidden:
        return replace(app.wait(computer=None), fast=False), []
    app, effects, wait = needing(app, session.table_needed())
    if wait:
        return app, effects
    app, token = app.token("computer")
    pause = 0 if app.fast else session.pause_before(session.computer_move())
    return app.wait(computer=token), [tick(token, pause)]


def advance_hint(app: App) -> Out:
    if not app.waiting.hint:
        return app, []
    app, effects, wait = needing(app, app.session.table_needed())
    if wait:
        return app, effects
    return app.wait(hint=False), [tick(f"hint:{app.hint_request}", 0)]


def advance_chances(app: App) -> Out:
    if not app.waiting.chances:
        return app, []
    app, effects, wait = needing(app, app.session.coach.needs_spread())
    if wait:
        return app, effects
    return app.wait(chances=False), [tick(f"chances:{app.hint_request}", 0)]


def advance_with_table(app: App, what: str) -> Out:
    """A panel that waits for the advisor's table, then for a tick (``what``: "report" or "ending"):
    the ending's context reads the history only once the results are on the page."""
    if getattr(app.waiting, what) is not True:
        return app, []
    app, effects, wait = needing(app, app.session.coach.needs_table())
    if wait:
        return app, effects
    app, token = app.token(what)
    return app.wait(**{what: token}), [tick(token, 0)]


def advance_report(app: App) -> Out:
    return advance_with_table(app, "report")


def advance_ending(app: App) -> Out:
    """The game in context waits for the advisor's table (the optimal player's mean), then for a tick."""
    return advance_with_table(app, "ending")


def draw_ending(app: App) -> Out:
    """The results' context: each person's total against their earlier games (the history as storage holds
    it, this game's own record left out) and the optimal player's mean where its table is here."""
    app = app.wait(ending=False)
    match = app.session.match
    if view.results(match) is None:
        return app, []
    app, history, _ = read_history(app)  # unreadable: no personal numbers (Statistics says why)
    advisor = app.session.coach.advisor
    optimal = advisor.expected_score() if advisor.has_table() else None
    shown = view.results(match, t=app.t, ending=view.ending(match, history, optimal))
    ops = [("ending", {"html": markup.lines(shown.context), "hidden": not shown.context}), *challenge_result(app)]
    return app, [draw(ops)]


def advance_records(app: App) -> Out:
    """Ask for the advisor's table finished games are recorded with (their points lost), then for a
    tick: the record's review weighs every choice of the game, so it comes after the last score is drawn."""
    if not app.waiting.records or app.waiting.recording is not None:
        return app, []
    app, asked, wait = needing(app, app.waiting.records[0][0].coach.needs_table())
    if wait:
        return app, asked
    app, token = app.token("records")
    return app.wait(recording=token), [tick(token, 0)]


def record_finished(app: App, event: Tick) -> Out:
    """Record the finished games whose table is here; ask for the next one's."""
    from game.records.history import session_record

    app, history, answer = history_to_write(app, event)
    if answer is not None:
        return answer
    effects: list[Effect] = []
    app = app.wait(recording=None)
    while app.waiting.records:
        session, game, ended = app.waiting.records[0]
        app, asked, wait = needing(app, session.coach.needs_table())
        if wait:
            return app, effects + asked
        app = app.wait(records=app.waiting.records[1:])
        finale = game == session.match.game and view.match_over(session.match)  # its fanfare played already
        app, history, more = record(app, history, session_record(session, game, ended), fanfare=not finale)
        effects += more
    return app, effects


def record(app: App, history, finished, fanfare: bool = True):
    """``history`` with a finished game added, written, and a personal best celebrated (its fanfare
    unless ``fanfare`` is False: the match's end played one)."""
    from game.records.stats import new_bests

    bests = new_bests(history, finished)
    history = history.add(finished)
    app, effects = write_history(app, history)
    if bests:
        words = feel.best_cheer(bests, t=app.t)
        app, shown = celebrate(app, words)
        status = app.drawn.values.get("status", "")
        effects += [draw([("status", {"text": f"{status} {words}".strip()})]), *shown]
        effects += sound((feel.Cue.BEST,), True) if fanfare else []
    return app, history, effects


def on_tick(app: App, event: Tick) -> Out:
    kind, _, number = event.token.partition(":")
    if kind == "cheer":
        return app, [draw([show("cheer", False)])] if number == str(app.cheers) else []
    if kind == "records":
        return record_finished(app, event) if event.token == app.waiting.recording else (app, [])
    if kind == "history":
        return history_kept(app)
    if app.session is None:
        return app, []
    if kind == "computer":
        if event.token != app.waiting.computer:
            return app, []
        app = app.wait(computer=None)
        if app.hidden or not playing(app):
            return app, []  # taken up again when the tab is shown (on_visibility)
        if app.session.next is not Next.COMPUTER or app.stale:
            return replace(app, fast=False), ([] if not app.stale else offer_newer(app)[1])
        return commit(app, app.session.computer_step(), person=False)
    if kind == "report":
        return draw_report(app.wait(report=False)) if event.token == app.waiting.report else (app, [])
    if kind == "ending":
        return draw_ending(app) if event.token == app.waiting.ending else (app, [])
    if kind == "prefetch":
        app, effects, _ = needing(app, app.session.coach.needs_table())
        return app, effects
    if number != str(app.hint_request):
        return app, []  # the board moved on since
    return {"hint": draw_hint, "chances": draw_chances}.get(kind, lambda app: (app, []))(app)


def draw_hint(app: App) -> Out:
    """The best option and the others' expected final scores; the best keep or box marked."""
    hint = app.session.hint()
    if hint is None:
        return app, []
    advice = coach_view.advice(app.session.match, hint, t=app.t)
    targets = [paint.die_at(index) for index in advice.keep]
    if advice.category is not None:
        targets.append(paint.box_at(advice.category))
    mark = {"toggle": {"hint-keep" if advice.category is None else "hint-best": True}, "optional": True}
    ops = [("hint", {"html": markup.advice(advice, t=app.t), "hidden": False}), *[(at, mark) for at in targets]]
    return replace(app, hinted=tuple(targets)), [draw(ops)]


def draw_chances(app: App) -> Out:
    """The win chances line (asked for with its switch)."""
    match = app.session.match
    best = None
    if len(match.seats) == 1:
        from game.records.stats import best_total, ruleset_key

        app, history, _ = read_history(app)
        best = None if history is None else best_total(history, ruleset_key(match.ruleset), match.seats[0].name)
    chances = app.session.win_chances(best)
    return app, [draw([("chances", {"text": coach_view.chances_text(match, chances, best, t=app.t)})])]


def draw_report(app: App) -> Out:
    """The after-game report: each person's choices against the best, costliest first."""
    return app, [draw([("report", {"html": markup.report(coach_view.report(app.session, t=app.t), t=app.t)})])]


def on_fetched(app: App, event: Fetched) -> Out:
    """A file came (or could not): the advisor's table, the optimal player's numbers or a language."""
    app = replace(app, fetching=app.fetching - {event.name})
    kind, _, rest = event.name.partition(":")
    if kind == "language":
        return language_came(app, rest, event.data)
    if kind == "references":
        return references_came(app, event.data)
    sessions = ([app.session] if app.session is not None else []) + [session for session, _, _ in app.waiting.records]
    for coach in {id(session.coach): session.coach for session in sessions}.values():
        if event.name in (coach.needs_table(), coach.needs_spread()):  # never another rule set's table
            coach.load_table(event.data, event.name)  # the coach's cache: a failed fetch lets it estimate
    return advance(app)


# ----------------------------------------------------------------------------- commands


def leave_match(app: App) -> Out:
    """The header's "New match": ask first when a match is under way."""
    if app.session is not None and view.in_progress(app.session.match):
        return app, [ask(app, view.WORDS.leave_match, view.WORDS.leave_yes, "leave")]
    return open_setup(app)


def undo(app: App) -> Out:
    return commit(app, app.session.undo()) if playing(app) else (app, [])


def between_games(app: App) -> bool:
    """Whether the match waits between its planned games: only then are Next game and Finish offered."""
    shown = view.results(app.session.match) if playing(app) else None
    return shown is not None and shown.can_next


def next_game(app: App) -> Out:
    """The next planned game (never one more than the match was set up for)."""
    from game.core.actions import NextGame

    if not between_games(app):
        return app, []
    app, effects = act(app, NextGame())
    return app, effects + [focus("roll-button")]


def finish(app: App) -> Out:
    """End a match of several games before its planned last."""
    from game.core.actions import Finish

    return act(app, Finish()) if between_games(app) else (app, [])


def rematch(session: Session, seed: int | str | None = None) -> Session:
    """A new match like ``session``'s: the same seats (names, kinds, levels), rules, options, number of
    games, undo, hints and pass-the-phone; a new seed (drawn when None). The advisor's tables stay loaded.

    >>> from game.core.engine import Seat, new_match
    >>> old = Session(new_match("yatzy", ["Ann", Seat.computer("Cy", "good")], games=2, seed=1))
    >>> new = rematch(old, seed=2)
    >>> new.match.seats == old.match.seats, new.match.ruleset == old.match.ruleset, new.match.games, new.match.seed
    (True, True, 2, 2)
    """
    from game.core.engine import new_match

    match = session.match
    fresh = new_match(match.ruleset, match.seats, games=match.games, seed=seed)
    return replace(session, match=fresh, undos=(), feedback=None, floor=0)


def play_again(app: App) -> Out:
    """The results' Play again: a new match with the same seats and rules (only once the match is over)."""
    if not playing(app) or not view.match_over(app.session.match):
        return app, []
    return begin(app.wait(ending=False, report=False), rematch(app.session))


def roll(app: App) -> Out:
    from game.core.actions import Roll

    return act(app, Roll())


def skip(app: App) -> Out:
    """Skip the computer's pauses until a person's turn (a waiting pause ends now)."""
    if app.session is None or app.session.next is not Next.COMPUTER:
        return app, []
    app = replace(app, fast=True)
    if app.waiting.computer not in (None, "table"):
        app, token = app.token("computer")
        return app.wait(computer=token), [tick(token, 0)]
    return app, []


def dismiss_cheer(app: App) -> Out:
    return replace(app, cheers=app.cheers + 1), [draw([show("cheer", False)])]


def show_report(app: App) -> Out:
    if app.session is None:
        return app, []
    ops = [("report", {"text": app.t._(view.WORDS.reviewing), "hidden": False})]
    app = replace(app, drawn=app.drawn.changed({"report": view.Element(hidden=False)})).wait(report=True)
    app, effects = advance(app)
    return app, [draw(ops), *effects]


BUTTONS: dict[str, Callable[[App], Out]] = {
    "share-send": lambda app: send_shared(app),
    "share-close": lambda app: close_share(app),
    "roll-button": roll,
    "undo-button": undo,
    "results-undo": undo,
    "next-game": next_game,
    "finish-match": finish,
    "skip-button": skip,
    "pass-start": hand_over,
    "send-here": hand_over,
    "send-link": lambda app: send_turn(app),
    "send-result": lambda app: send_result(app),
    "cheer-close": dismiss_cheer,
    "show-report": show_report,
    "challenge-friend": lambda app: challenge_friend(app),
    "share-qr-button": lambda app: show_qr(app),
    "new-match": lambda app: open_setup(app),
    "quick-solo": lambda app: quick_start(app, setups.Quick.SOLO),
    "quick-computer": lambda app: quick_start(app, setups.Quick.COMPUTER),
    "quick-pass": lambda app: quick_start(app, setups.Quick.PASS),
    "quick-daily": lambda app: quick_start(app, setups.Quick.DAILY),
    "share-result": lambda app: share_daily(app),
    "play-again": play_again,
    "menu-new": leave_match,
    "save-problem-dismiss": lambda app: leave_save_problem(app),
    "save-problem-download": lambda app: (app, [download_unreadable(app)]),
    "link-keep": lambda app: choose_link(app, False),
    "link-start": lambda app: choose_link(app, True),
    "load-newer": lambda app: load_newer(app),
    "menu-stats": lambda app: open_stats(*close_rules(app)),
    "stats-close": lambda app: close_stats(app),
    "menu-rules": lambda app: open_rules(app),
    "rules-close": lambda app: close_rules(app),
    "export-backup": lambda app: export_backup(app),
    "delete-all": lambda app: (app, [ask(app, view.WORDS.delete_all, view.WORDS.delete_all_yes, "delete-all")]),
    "kept-download": lambda app: (app, [download_kept(app)]),
    "kept-delete": lambda app: (app, [ask(app, view.WORDS.delete_kept, view.WORDS.delete_kept_yes, "delete-kept")]),
}
"""What each button with an id does."""


def on_click(app: App, event: Click) -> Out:
    """A button or a cell, by its id or what its data-* values say it is."""
    app = replace(app, form=event.form or app.form)
    data = dict(event.data)
    if event.id:
        return BUTTONS.get(event.id, lambda app: (app, []))(app)
    if "die" in data and playing(app) and data["die"].isascii() and data["die"].isdigit():
        return act(app, view.toggle(app.session.match, int(data["die"])))
    if "category" in data and playing(app):
        from game.core.actions import Score

        app, effects = act(app, Score(data["category"]))
        return app, effects + [focus("roll-button")]
    if "game" in data:
        return app, [ask(app, view.WORDS.delete_game, view.WORDS.delete_game_yes, "delete:" + data["game"])]
    player = data.get("player", "")
    if "row" in data and playing(app) and player.isascii() and player.isdigit():
        return app, [draw([say(view.cell_refusal(app.session.match, data["row"], int(data["player"]), t=app.t))])]
    return app, []


def on_confirmed(app: App, event: Confirmed) -> Out:
    if event.answer == "leave":
        return open_setup(app)
    if event.answer == "delete-kept":  # the player's own choice: the only way a kept copy goes
        keys = [key for key, _ in kept_copies(app)]
        for key in keys:
            app = app.holding(key, None)
        app, more = open_stats(app)
        return app, [*(Effect("remove", (key,)) for key in keys), *more]
    if event.answer == "delete-all" or event.answer.startswith("delete:"):
        game = event.answer.partition(":")[2] or None
        app, history, answer = history_to_write(app, event)
        if answer is not None:
            return answer
        app, effects = write_history(app, history.without(game) if game else history.cleared())
        app, more = open_stats(app)
        return app, effects + more
    return app, []


def on_key(app: App, event: Key) -> Out:
    """Keyboard play: R rolls, 1–9 (0 for the tenth) hold dice, U or Ctrl+Z undoes, arrows move through
    choices, Escape dismisses a celebration."""
    if event.alt or event.typing or not playing(app):
        return app, []
    command = view.key_command(app.session.match, event.key, event.ctrl)
    if command == view.DISMISS:
        return dismiss_cheer(app)
    if handing(app) is not None and command != view.UNDO:
        return app, []  # the phone is being passed: the dice wait for the next person's Start
    if command is None or (command in (view.NEXT_CHOICE, view.PREVIOUS_CHOICE) and not event.choice):
        return app, []
    if command == view.UNDO:
        return undo(app)
    if command in (view.NEXT_CHOICE, view.PREVIOUS_CHOICE):
        return app, [Effect("moveFocus", ("#scorecard button.choice", 1 if command == view.NEXT_CHOICE else -1))]
    return act(app, command)


def on_submit(app: App, event: Submit) -> Out:
    """The setup form's Start (in More): the match its every choice describes."""
    app = replace(app, form=event.form)
    setup, problems = setups.setup_from_fields(dict(event.form))
    return start_setup(app, setup, problems, setup)


def quick_start(app: App, quick: setups.Quick) -> Out:
    """A one-tap match of the lobby (game.present.setup.quick_setup), from the form's choices as they are now.

    What is remembered is the form's own setup (More's seats stay as they were), so the next one-tap
    match of another kind finds its names and computer level again.
    """
    if app.screen is not Screen.SETUP:
        return app, []  # a click that arrives after the setup was left
    if quick is setups.Quick.DAILY:
        return daily_start(app)
    fields = dict(app.form)
    setup, problems = setups.quick_setup(fields, quick)
    return start_setup(app, setup, problems, setups.setup_from_fields(fields)[0])


def daily_start(app: App) -> Out:
    """The lobby's Daily game: today's game (UTC) of the rule set chosen, for the first person (game.records.daily).

    Played once a day: when today's game of that rule set is in the history, its result and Share are
    offered instead; one left in progress (New match, then Daily game) is taken up where it was, not
    begun again on dice already seen.
    """
    from game.core import rules
    from game.records import daily

    day = daily.today(app.now)
    if day is None:
        return app, []  # the page's every event carries its time: never without one
    fields = dict(app.form)
    setup, problems = setups.quick_setup(fields, setups.Quick.DAILY, day)
    if app.session is not None and daily.match_day(app.session.match) == (day, setup.rules):
        if view.in_progress(app.session.match):
            return begin(app, app.session)
    app, history, _ = read_history(app)
    done = daily.played(history, setup.rules, day) if history is not None else None
    if done is not None:
        rules_name = rules.variant(setup.rules).display(app.t)
        # Translators: said in the share dialog when the lobby's Daily game was already played today.
        note = app.t._("You have played today's {rules} game: a new one comes at midnight (UTC).", rules=rules_name)
        return open_share(app, app.t._(DAILY_TITLE), daily.share_text(done, app.t), note=note)
    return start_setup(app, setup, problems, setups.setup_from_fields(fields)[0])


# Translators: the title of the share dialog for a daily game's result.
DAILY_TITLE = N_("Your daily result")


def share_daily(app: App) -> Out:
    """The results' Share result, after a daily game: its spoiler-free text (game.records.daily.share_text), from
    the history's record (its points lost against optimal play) or, before it is written, the game's own."""
    from game.records import daily
    from game.records.history import game_id, session_record, utc_time

    if not playing(app) or not view.match_over(app.session.match) or daily.match_day(app.session.match) is None:
        return app, []
    app, history, _ = read_history(app)
    record = history.get(game_id(app.session.match, 0)) if history is not None else None
    if record is None:
        try:
            ended = utc_time(app.now)
        except ValueError:
            ended = "1970-01-01T00:00:00Z"  # the text never says when it ended
        record = session_record(app.session, 0, ended)
    return open_share(app, app.t._(DAILY_TITLE), daily.share_text(record, app.t))


def start_setup(app: App, setup: setups.Setup, problems: tuple, remembered_setup: setups.Setup) -> Out:
    """Begin the match of ``setup``, remembering ``remembered_setup`` as the form holds it; or show what is
    wrong in More, opened (a one-tap start comes from outside it) and scrolled to."""
    try:
        if problems:
            raise ValueError(problems)
        session = Session.new(setup, t=app.t)
    except ValueError as problem:
        words = [p.text(app.t) for p in problems] or [
            problem.text(app.t) if isinstance(problem, GameError) else str(problem)
        ]
        html = markup.problems(words, t=app.t)
        return app, [
            draw(
                [
                    ("setup-more", {"attrs": {"open": ""}}),
                    ("setup-error", {"html": html, "hidden": False, "scroll": True}),
                ]
            )
        ]
    app, effects = begin(app, session)
    remembered = json.dumps(setups.form_values(remembered_setup))  # the choices as the form holds them: bounded
    return app.holding(SETUP_KEY, remembered), [
        draw([show("setup-error", False)]),
        store(SETUP_KEY, remembered),
        *effects,
    ]


def on_change(app: App, event: Change) -> Out:
    app = replace(app, form=event.form or app.form)
    if event.id == "hint-toggle" and playing(app):
        if app.stale:
            return offer_newer(app)
        app, effects = save(replace(app, session=app.session.with_hints(event.checked)))
        app, drawing = board(app)
        return app, effects + drawing
    if event.id == "chances-toggle" and app.session is not None:
        app, effects = schedule(replace(app, chances=event.checked))
        return app, [draw([("chances", {"text": ""})]), *effects]
    if event.id == "language":
        return switch_language(app, event.value)
    if event.id == "stats-rules":
        return open_stats(app, [], event.value, "")
    if event.id == "stats-player":
        return open_stats(app, [], None, event.value)
    return app, []


# ----------------------------------------------------------------------------- screens


def open_setup(app: App, problems: tuple = (), setup: setups.Setup | None = None) -> Out:
    """Show the setup screen (with a link's or the last start's choices, and a link's problems, in More opened)."""
    ops: list = [("setup-form", {"fill": setups.form_values(setup)})] if setup is not None else []
    ops += [show(element_id, False) for element_id in ("play", "results", "menu-new", "save-problem", "link-choice")]
    words = markup.problems([p.text(app.t) for p in problems], t=app.t) if problems else ""
    ops += [("setup-more", {"attrs": {"open": ""}})] if problems else []
    ops += [show("setup"), ("setup-error", {"html": words, "hidden": not problems, "scroll": bool(problems)})]
    effects = [draw(ops)] + ([] if problems else [Effect("offerFocus", (QUICK_BUTTONS[0],))])
    return replace(
        app, screen=Screen.SETUP, form=tuple(setups.form_values(setup).items()) if setup else app.form
    ), effects


def rules_shown(app: App):
    """The rule set whose rules the Rules screen shows: the match's, else the one chosen in the form."""
    if app.session is not None and app.screen is not Screen.SETUP:
        return app.session.match.ruleset
    setup, _ = setups.setup_from_fields(dict(app.form))
    try:
        return setup.ruleset()
    except ValueError:  # options the form would refuse: the rule set's defaults
        return setups.Setup(rules=setup.rules).ruleset()


def open_rules(app: App) -> Out:
    """The Rules screen, in the player's language, over whatever is on the page."""
    app, closing = close_stats(app.wait(stats=None))
    ops = [
        ("rules-body", {"html": rules_text.panel_html(rules_shown(app), t=app.t)}),
        (("body", 0), {"attrs": {"data-screen": "rules"}}),
        show("rules"),
        (("html", 0), {"scroll": True}),  # the page's top: the rules are read from their start
    ]
    # The focus on the heading (Back, at the end of a long text, would scroll the start out of sight).
    return replace(app, over=Over.RULES), [*closing, draw(ops), focus("rules-title")]


def close_rules(app: App) -> Out:
    return (
        (replace(app, over=Over.NOTHING), [draw([show("rules", False), (("body", 0), {"remove": ["data-screen"]})])])
        if app.over is Over.RULES
        else (app, [])
    )


def close_stats(app: App) -> Out:
    return (
        (replace(app, over=Over.NOTHING), [draw([show("stats", False), (("body", 0), {"remove": ["data-screen"]})])])
        if app.over is Over.STATS
        else (app, [])
    )


def open_stats(app: App, effects: list | None = None, key: str | None = None, name: str | None = None) -> Out:
    """The Statistics screen over the stored history (the optimal player's numbers fetched once), filtered
    by rule set and person (the last filter when None)."""
    effects = list(effects or [])
    key, name = app.filters[0] if key is None else key, app.filters[1] if name is None else name
    app = replace(app, filters=(key, name))
    if app.references is None:
        if "references" not in app.fetching:
            app = replace(app, fetching=app.fetching | {"references"})
            effects.append(fetch("references", REFERENCES))
        return app.wait(stats=(key, name)), effects
    from game.present import stats_view

    app, history, problem, kept = readable_history(app)
    effects += kept
    ops: list = [say(problem)] if problem else []
    if history is not None:
        from game.records.daily import today

        page = stats_view.statistics(history, app.references, key or None, name or None, t=app.t, today=today(app.now))
        ops.append(("stats-body", {"html": markup.statistics(page, t=app.t)}))
    count = len(kept_copies(app))
    ops += [("kept-text", {"text": app.t.n_(*view.KEPT_COPIES, count)}), show("kept", count > 0)]
    ops += [(("body", 0), {"attrs": {"data-screen": "stats"}}), show("stats")]
    effects += [draw(ops), Effect("persisted")]
    if app.over is not Over.STATS:  # opened (not a filter changed): read from the top, as the rules are
        effects += [draw([(("html", 0), {"scroll": True})]), focus("stats-title")]
    return replace(app, over=Over.STATS).wait(stats=None), effects


def references_came(app: App, data: bytes | None) -> Out:
    from game.records import stats

    try:
        references = (
            stats.references_from_dict(read_json(data, "optimal player's numbers", limit=len(data))) if data else {}
        )
    except (GameError, ValueError, TypeError, KeyError):  # damaged: charts without them
        references = {}
    app = replace(app, references=references)
    return open_stats(app, [], *app.waiting.stats) if app.waiting.stats is not None else (app, [])


def on_persisted(app: App, event: Persisted) -> Out:
    from game.present.stats_view import storage_status

    return replace(app, persisted=event.persisted), [
        draw([("storage-status", {"text": storage_status(event.persisted, t=app.t)})])
    ]


# ----------------------------------------------------------------------------- history and backups


def read_history(app: App):
    """The stored history (a game.records.history.History) or None, and the problem's words when it cannot be read."""
    from game.records.history import History, problem_text

    raw = app.value(HISTORY_KEY) or ""
    try:
        return app, History.from_json(raw) if raw else History(), ""
    except GameError as error:
        if any(value == raw for _, value in kept_copies(app)):
            return app, History(), ""  # kept aside: a new history begins over it
        return app, None, f"{app.t._(view.WORDS.history_unreadable)} {problem_text(error, app.t)}"


def readable_history(app: App):
    """For a reader (Statistics, export): the history, or a new one once an unreadable one is being put
    aside (begun here: its effects come fourth), or None and the problem when it could not be kept."""
    app, history, problem = read_history(app)
    if history is not None or app.history_keeping is not None:
        return app, history, problem, []
    app, effects = keep_history_aside(app)
    return (*read_history(app), effects)


def history_to_write(app: App, event):
    """The history to change, or the answer instead: ``event`` waits while an unreadable history is put
    aside (the first writer to find it so begins that), and once it could not be, the problem is said."""
    state = app.history_keeping
    if state is not None and state[1] < 3:  # a refusal of the copy may still be on its way
        return app, None, (replace(app, history_waiting=(*app.history_waiting, event)), [])
    app, history, problem = read_history(app)
    if history is not None:
        return app, history, None
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
        words = draw([say(app.t._(view.WORDS.history_set_aside))])
        return replace(app.holding(key, raw), history_keeping=(key, 1, raw)), [store(key, raw), words, tick(token, 0)]
    key, _, raw = app.history_keeping
    if attempt == 2:
        app = replace(app.holding(HISTORY_KEY, None), history_keeping=(key, 2, raw))
        return app, [Effect("remove", (HISTORY_KEY,)), store(key, raw)]
    app = replace(app.holding(key, None).holding(HISTORY_KEY, raw), history_keeping=(key, 3, raw))
    return app, [store(HISTORY_KEY, raw), draw([say(app.t._(view.WORDS.history_unreadable))])]


def history_kept(app: App) -> Out:
    """The history is put aside (or could not be): what waited to write it goes on."""
    waiting, state = app.history_waiting, app.history_keeping
    app = replace(app, history_waiting=(), history_keeping=state if state is not None and state[1] == 3 else None)
    effects: list[Effect] = []
    for event in waiting:
        app, more = update(app, event, app.now)
        effects += more
    return app, effects


def write_history(app: App, history) -> Out:
    text = history.to_json()
    return replace(app.holding(HISTORY_KEY, text), unwritten=app.value(HISTORY_KEY)), [store(HISTORY_KEY, text)]


def change_history(app: App, change) -> Out:
    """Change the history as storage holds it now (another tab's games are never lost) and write it back;
    nothing while an unreadable one is being put aside (what it held is not in the new one)."""
    if app.history_keeping is not None and app.history_keeping[1] < 3:
        return app, []
    app, history, problem = read_history(app)
    if history is None:
        return app, [draw([say(problem)]), Effect("console", ("warn", f"history: {problem}"))]
    return write_history(app, change(history))


def export_backup(app: App) -> Out:
    """Download one file: the history, the match in progress and the setup form's choices."""
    from game.records.history import Backup

    app, history, problem, kept = readable_history(app)
    if history is None:
        return app, [draw([say(problem)])]
    setup = remembered_fields(app)
    session = app.session.to_dict() if app.session else None
    return app, [
        *kept,
        Effect(
            "download",
            (f"yacht-dice-backup-{app.now[:10]}.json", Backup(history, session, {"setup": setup}, app.now).to_json()),
        ),
    ]


def on_file(app: App, event: File) -> Out:
    """Merge a backup file's games into the history (and restore its match if none is in progress)."""
    from game.present.stats_view import imported
    from game.records.history import MAX_BACKUP_BYTES, Backup, problem_text

    t = app.t
    if event.size > MAX_BACKUP_BYTES:
        return app, [draw([say(t._(view.WORDS.import_too_large))])]
    try:
        backup = Backup.from_json(event.text)
    except GameError as error:
        return app, [
            draw([say(f"{t._(view.WORDS.import_refused)} {problem_text(error, t)}")]),
            Effect("console", ("warn", f"import: {error}")),
        ]
    app, before, answer = history_to_write(app, event)
    if answer is not None:
        return answer
    after = before.merge(backup.history)
    app, effects = write_history(app, after)
    restore = backup.session is not None and (app.session is None or app.session.next is Next.OVER)
    if restore:
        app, more = begin(app, Session.from_dict(backup.session))
        effects += more
    app, shown = open_stats(app)
    return app, [*effects, draw([say(imported(len(before.games), len(after.games), restore, t=t))]), *shown]


# ----------------------------------------------------------------------------- storage


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
    key = kept_key(app, "setup", raw) if raw is not None and stored_setup(app) is None else None
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
        return app, [Effect("flag", (UNSAVED_KEY, True)), draw([say(app.t._(view.WORDS.storage_full))])]
    if event.key == HISTORY_KEY:  # storage still holds what it held before
        return app.holding(HISTORY_KEY, app.unwritten), [draw([say(app.t._(view.WORDS.history_not_saved))])]
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
    app = replace(app, keeping=attempt)
    if attempt == 2:
        return app.holding(SAVE_KEY, None), [Effect("remove", (SAVE_KEY,)), store(app.keeping_key, raw)]
    words = [
        ("save-problem-kept", {"text": app.t._(view.WORDS.save_not_kept)}),
        ("save-problem-dismiss", {"text": app.t._(view.WORDS.download_then_start)}),
    ]
    return app.holding(app.keeping_key, None).holding(SAVE_KEY, raw), [store(SAVE_KEY, raw), draw(words)]


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


def report_unreadable(app: App, error: GameError) -> Out:
    """The save-problem screen: what happened, whether a copy is kept, the data to download."""
    raw = app.value(SAVE_KEY) or ""
    app, effects = keep_aside(replace(app, screen=Screen.SAVE_PROBLEM), raw, 1)
    ops = [
        ("save-problem-kept", {"text": app.t._(view.WORDS.save_kept)}),
        ("save-problem-reason", {"text": str(error)}),
        ("save-problem-text", {"value": raw[:SHOWN_SAVE_CHARS]}),
        ("save-problem-dismiss", {"text": app.t._(view.WORDS.start_new)}),
    ]
    ops += [
        show(element_id, element_id == "save-problem")
        for element_id in ("save-problem", "setup", "play", "link-choice")
    ]
    return app, [*effects, draw(ops)]


def download_kept(app: App) -> Effect:
    """Every copy kept aside, in one file: {key: the value as it was stored}."""
    return Effect("download", (f"yacht-dice-kept-{app.now[:10]}.json", json.dumps(dict(kept_copies(app)), indent=1)))


def download_unreadable(app: App) -> Effect:
    return Effect("download", (f"yacht-dice-unreadable-save-{app.now[:10]}.json", app.unkept or ""))


def leave_save_problem(app: App) -> Out:
    """Past the save-problem screen: to the link's match if one waits, otherwise the setup form."""
    if app.screen is not Screen.SAVE_PROBLEM:
        return app, []
    effects = [download_unreadable(app)] if app.keeping > 2 else []
    app = replace(app, keeping=0, keeping_key=None)
    if app.offered is not None:
        app, more = begin(app, app.offered)
    else:
        app, more = open_setup(app, setup=saved_setup(app))
    return app, effects + more


def choose_link(app: App, start_it: bool) -> Out:
    """The answer to "Start the match in this link?"."""
    chosen = app.offered if start_it else app.kept
    return begin(app, chosen) if chosen is not None and app.screen is Screen.LINK_CHOICE else (app, [])


def load_newer(app: App) -> Out:
    """Take the match another tab saved (this tab's own state is older and was never written)."""
    session, error = stored_session(app)
    if error is not None:
        return report_unreadable(app, error)
    return begin(app, session) if session is not None else (app, [draw([show("other-tab", False)])])


# ----------------------------------------------------------------------------- the start and languages


def on_start(app: App, event: Start) -> Out:
    """The page is ready: word it in the player's language, then resume or set up a match."""
    app = replace(
        app,
        stored=event.stored,
        form=event.form,
        msgids=event.msgids,
        hidden=event.hidden,
        reduced=event.reduced,
        python=event.python,
        address=event.address,
        screen=Screen.SETUP,
    )
    app = app.wait(starting=event)
    code = preferred(app.value(LANGUAGE_KEY), event.languages)
    if code != app.t.code:
        return ask_language(app.wait(language=code), code)
    return started(app)


def started(app: App) -> Out:
    """The rest of the start, once the page speaks the player's language."""
    event = app.waiting.starting or Start()
    app = app.wait(starting=None)
    ready = [(button, {"disabled": False}) for button in ("start-button", "roll-button", *QUICK_BUTTONS)]
    ready += [(button, {"remove": ["aria-disabled"]}) for button in ("menu-stats", "menu-rules")]
    effects = [draw(ready)]
    remembered = saved_setup(app)
    if remembered is not None:  # the form under a resumed match too: its New match shows the last choices
        app = replace(app, form=tuple(setups.form_values(remembered).items()))
        effects.append(draw([("setup-form", {"fill": dict(app.form)})]))
    app = stored_challenge(app)
    carried = [(key, value) for key, value in event.query if key in links.PARAMS]
    if carried:
        app, more = from_game_link(app, *carried[0])
    elif setups.has_start_params(event.query):
        app, more = from_link(app, event.query)
    else:
        app, more = resume_or_setup(app, event.unsaved)
    app, setup_kept = keep_setup_aside(app)
    return app, [*effects, *more, *setup_kept, Effect("ready", (app.python,))]


def from_link(app: App, query) -> Out:
    """Start a link's match, or show its problems, or ask first when it would replace a match in progress."""
    effects = [Effect("dropQuery")]  # a reload never repeats a link
    setup, problems = setups.parse_link(query)
    if problems:
        app, more = open_setup(app, problems, setup)
        return app, effects + more
    try:
        offered = Session.new(setup, t=app.t)
    except ValueError as error:
        words = error.text(app.t) if isinstance(error, GameError) else str(error)
        app, more = open_setup(app, (setups.LinkProblem("link", words),), setup)
        return app, effects + more
    saved, error = stored_session(app)
    if error is not None:
        app, more = report_unreadable(replace(app, offered=offered), error)
    elif saved is not None and view.in_progress(saved.match):
        app, more = offer_link(app, saved, offered, view.link_choice(saved.match, offered.match, t=app.t))
    else:
        app, more = begin(app, offered)
    return app, effects + more


def offer_link(app: App, saved: Session, offered: Session, words: str) -> Out:
    """Ask first: a link's match would replace the match in progress (``words`` say which is which)."""
    app = replace(app, offered=offered, kept=saved, screen=Screen.LINK_CHOICE)
    ops = [("link-choice-text", {"text": words})]
    ops += [show(element_id, element_id == "link-choice") for element_id in ("link-choice", "setup", "play")]
    return app, [draw(ops), focus("link-keep")]


def from_game_link(app: App, param: str, text: str) -> Out:
    """A match (``?match=``) or a challenge (``?challenge=``) sent by link: read by replaying it; a link
    that cannot be used is said in words, and what this phone holds goes on as it was."""
    effects = [Effect("dropQuery")]  # a reload never repeats a link
    try:
        link = links.read(text)
    except links.LinkError as error:
        app, more = resume_or_setup(app, False)
        return app, [*effects, *more, draw([say(error.text(app.t))])]
    opened = open_match_link if link.kind is links.LinkKind.MATCH else open_challenge
    app, more = opened(app, link)
    return app, effects + more


# ----------------------------------------------------------------------------- a match that travels by link

# Translators: a link of a match played on separate phones was opened again on the phone that already has its turn.
SAME_TURN = N_("You already have this turn: play on.")
# Translators: a link of another match was opened while a match is in progress; {saved} and {offered} are matches
# in a few words ("Yacht, Ann and Bob, game 1 of 1, round 3 of 12").
OTHER_MATCH = N_(
    "You have a match in progress ({saved}). This link brings another match ({offered}), which would replace it."
)
# Translators: the share dialog's text, sent with the link of a match played on separate phones; {rules} is its rule set.
YOUR_TURN = N_("{name}, your turn in our match of {rules}: open the link to play.")
# Translators: the share dialog's text, sent with the link of a finished match played on separate phones.
MATCH_RESULT = N_("Our match of {rules} is over: open the link to see the standings.")


def open_match_link(app: App, link: links.Link) -> Out:
    """A match sent by link, compared with what this phone holds (links.relation): another match or none
    is played on (asked first over a match in progress); a newer state is taken; the same is said so; an
    older or a forked one is refused in words, this phone's state kept and offered to send again. Undo
    never reaches back into the turns the link brought (Session.floor)."""
    incoming = Session(link.match, link.undo, pass_phone=link.pass_phone, remote=True, floor=len(link.match.actions))
    saved, error = stored_session(app)
    if error is not None:
        return report_unreadable(replace(app, offered=incoming), error)
    try:
        relation = links.Relation.OTHER if saved is None else links.relation(saved.match, link.match)
    except links.LinkError:  # a stored match no link can carry (its dice drawn in sequence): another match
        relation = links.Relation.OTHER
    t = app.t
    if relation is links.Relation.OTHER:
        if saved is not None and view.in_progress(saved.match):
            words = t._(
                OTHER_MATCH,
                saved=view.match_summary(saved.match, t),
                offered=view.match_summary(link.match, t),
            )
            return offer_link(app, saved, incoming, words)
        return begin(app, incoming)
    if relation is links.Relation.NEWER:
        taken = replace(saved, match=link.match, undo_allowed=link.undo, pass_phone=link.pass_phone, remote=True)
        return begin(app, replace(taken, floor=incoming.floor, feedback=None))
    app, effects = begin(app, saved)
    if relation is links.Relation.SAME:
        return app, [*effects, draw([say(t._(SAME_TURN))])]
    why = links.Why.OLDER if relation is links.Relation.OLDER else links.Why.ANOTHER_MATCH
    words = links.LinkError(relation.value, why).text(t)
    effects.append(draw([say(words)]))
    if not links.turn_over(saved.match):
        return app, effects  # a turn under way here: it is sent once it ends
    app, shared = share_match(app, words)  # this phone's state, offered to send again
    return app, effects + shared


def match_address(app: App) -> str:
    """The link that carries this phone's match (its finished turns): the page's address and ``?match=``;
    LinkError when the match cannot travel by link."""
    session = app.session
    value = links.write(session.match, undo=session.undo_allowed, pass_phone=session.pass_phone)
    return f"{app.address}?{links.LinkKind.MATCH.value}={value}"


def share_match(app: App, note: str = "") -> Out:
    """The share dialog with this phone's match: to the person whose turn comes, or the result to the others."""
    t, match = app.t, app.session.match
    try:
        url = match_address(app)
    except links.LinkError as error:
        return app, [draw([say(error.text(t))])]
    rules_name = match.ruleset.display(t)
    if view.match_over(match):
        title, text = view.result_title(match, t), t._(MATCH_RESULT, rules=rules_name)
    else:
        name = handing(app) or match.current_name
        title, text = view.send_title(name, t), t._(YOUR_TURN, name=name, rules=rules_name)
    return open_share(app, title, text, url, note)


def send_turn(app: App) -> Out:
    """The send screen's "Send to Bob": the share dialog with the match's link; the dice wait."""
    return share_match(app) if playing(app) and app.session.remote and handing(app) else (app, [])


def send_result(app: App) -> Out:
    """The standings' "Send the result to …": the finished match's link, for everyone else's phone."""
    session = app.session if playing(app) else None
    if session is None or not session.remote or not view.match_over(session.match):
        return app, []
    return share_match(app)


def open_challenge(app: App, link: links.Link) -> Out:
    """A challenge: a one-game match on the challenge's rules and seed (the very same dice) for this phone's
    person (the first remembered name, else the default one). The challenge is kept in storage
    (CHALLENGE_KEY), so a reload does not lose it; a match in progress is asked about first, and the same
    challenge opened again resumes the game under way."""
    from game.core.engine import new_match
    from game.records import challenge

    theirs = link.match
    if link.kind is not links.LinkKind.CHALLENGE or not challenge.playable(theirs):
        app, more = resume_or_setup(app, False)
        return app, [*more, draw([say(links.LinkError("not one person's game", links.Why.DAMAGED).text(app.t))])]
    text = links.write(theirs, links.LinkKind.CHALLENGE, link.undo)
    app = replace(app.holding(CHALLENGE_KEY, text), challenge=theirs)
    effects = [store(CHALLENGE_KEY, text)]
    seat = setups.quick_setup(dict(app.form), setups.Quick.SOLO)[0].seats(app.t)[0]
    offered = Session(new_match(theirs.ruleset, [seat], 1, theirs.seed, t=app.t), undo_allowed=link.undo)
    saved, error = stored_session(app)
    if error is not None:
        app, more = report_unreadable(replace(app, offered=offered), error)
    elif saved is not None and challenge.applies(theirs, saved.match) and saved.match.games == 1:
        app, more = begin(app, saved)  # this challenge, under way (or played) on this phone already
    elif saved is not None and view.in_progress(saved.match):
        app, more = offer_link(app, saved, offered, view.link_choice(saved.match, offered.match, t=app.t))
    else:
        app, more = begin(app, offered)
    return app, effects + more


def stored_challenge(app: App) -> App:
    """The challenge this phone keeps (CHALLENGE_KEY), taken up at the start: a reload does not lose it."""
    from game.records import challenge

    try:
        link = links.read(app.value(CHALLENGE_KEY) or "")
    except links.LinkError:
        return app  # none, or unreadable: no challenge (a new one writes over it)
    playable = link.kind is links.LinkKind.CHALLENGE and challenge.playable(link.match)
    return replace(app, challenge=link.match) if playable else app


def against(app: App):
    """The challenger's game (a game.core.engine.Match) this phone's match is played against, or None."""
    from game.records import challenge

    session = app.session
    return app.challenge if session is not None and challenge.applies(app.challenge, session.match) else None


def challenge_line(app: App) -> list:
    """The line above the card while a challenge is played: who sent it and the total to beat."""
    from game.records import challenge

    theirs = against(app)
    return [("challenge-line", {"text": challenge.line(theirs, app.t) if theirs else "", "hidden": theirs is None})]


def challenge_result(app: App) -> list:
    """The end of a challenge (drawn with the ending, which waited for the advisor's table): who won, both
    cards side by side, the rounds chosen differently and the optimal player's total on the same dice (left
    out where the advisor is not exact: its table could not be fetched)."""
    from game.records import challenge

    theirs, match = against(app), app.session.match
    if theirs is None or not match.game_over:
        return [show("challenge-result", False)]
    advisor = app.session.coach.advisor
    optimal = challenge.optimal_game(advisor, theirs).totals(0, 0).grand_total if advisor.is_exact() else None
    shown = challenge.compare(match, theirs, optimal)
    return [("challenge-result", {"html": markup.challenge(shown, match, t=app.t), "hidden": False})]


CHALLENGE_TITLE = N_("Challenge a friend")  # the results' button (index.html) and the share dialog's title
# Translators: the accessible name of the QR code the share dialog draws of a challenge link.
QR_LABEL = N_("QR code of the challenge link")


def challenge_friend(app: App) -> Out:
    """The results' "Challenge a friend": the share dialog with a link carrying this game (the person's turns
    alone: computers beside them are left out, and with slot dice a one-seat replay meets the same dice), its
    rules, options, seed and undo setting; offered only for a match's first game (game.records.challenge.offerable)."""
    from game.records import challenge

    if not playing(app) or not challenge.offerable(app.session.match):
        return app, []
    game = challenge.solo(app.session.match)
    try:
        value = links.write(game, links.LinkKind.CHALLENGE, app.session.undo_allowed)
    except links.LinkError as error:
        return app, [draw([say(error.text(app.t))])]
    url = f"{app.address}?{links.LinkKind.CHALLENGE.value}={value}"
    return open_share(app, app.t._(CHALLENGE_TITLE), challenge.invitation(game, app.t), url, qr=True)


def show_qr(app: App) -> Out:
    """The share dialog's "QR code": the address drawn as a QR code (game.present.qr, loaded only when asked)."""
    if app.sharing is None or not app.sharing[2]:
        return app, []
    from game.present.qr import svg

    return app, [draw([("share-qr", {"html": svg(app.sharing[2], app.t._(QR_LABEL)), "hidden": False})])]


def resume_or_setup(app: App, unsaved: bool) -> Out:
    """Resume the saved session, or say why it cannot be, or show the setup form."""
    session, error = stored_session(app)
    if error is not None:
        return report_unreadable(app, error)
    if session is None:
        return open_setup(app, setup=saved_setup(app))
    app, effects = begin(app, session)
    return app, effects + ([draw([say(app.t._(view.WORDS.lost_moves))])] if unsaved else [])


def preferred(stored_choice: str | None, browser: tuple[str, ...]) -> str:
    """The language to start in: the remembered choice if the game speaks it, else the browser's.

    >>> preferred("sv", ("de",)), preferred(None, ("de-AT", "en")), preferred("xx", ())
    ('sv', 'de', 'en')
    """
    return stored_choice if stored_choice in LANGUAGES else negotiate(browser).code


def ask_language(app: App, code: str) -> Out:
    name = f"language:{code}"
    if name in app.fetching:
        return app, []
    return replace(app, fetching=app.fetching | {name}), [fetch(name, CATALOGUE.format(code=code))]


def switch_language(app: App, code: str) -> Out:
    """The picker's choice: its catalogue fetched, then the page worded in it and the choice remembered."""
    if code == app.t.code or code not in LANGUAGES:
        return app.wait(language=None), []  # a catalogue on its way for another choice is no longer wanted
    if code == DEFAULT:
        return use_language(app, ENGLISH, remember=True)
    return ask_language(app.wait(language=code), code)


def language_came(app: App, code: str, data: bytes | None) -> Out:
    """A catalogue came (or could not): the page worded in it, unless the player chose another since."""
    if code != app.waiting.language:
        return app, []
    app = app.wait(language=None)
    try:
        t = Text.from_mo(code, data) if data is not None else None
    except Exception:  # noqa: BLE001 - a damaged catalogue (gettext raises struct.error too): as if never fetched
        t = None
    if t is None:
        if app.waiting.starting:
            return started(app)
        return app, [draw([("language", {"value": app.t.code}), say(app.t._(NO_CATALOGUE))])]
    if app.waiting.starting:
        app, effects = use_language(app, t, remember=False)
        app, more = started(app)
        return app, effects + more
    return use_language(app, t, remember=True)


def use_language(app: App, t: Text, remember: bool) -> Out:
    """Word the whole page in ``t``'s language: fixed texts, the form (its choices kept), the board, open screens."""
    app = replace(app, t=t)
    ops: list = [
        ("setup-form", {"outer": markup.setup_form(t=t)}),
        ("setup-form", {"fill": dict(app.form)}),
        *((button, {"disabled": app.waiting.starting is not None}) for button in ("start-button", *QUICK_BUTTONS)),
    ]
    if app.over is Over.RULES:
        ops.append(("rules-body", {"html": rules_text.panel_html(rules_shown(app), t=t)}))
    words = {msgid: t._(msgid) for msgid in app.msgids}
    manifest = MANIFEST.format(suffix="" if t.code == DEFAULT else f".{t.code}")
    # The fixed texts first: some are the board's too (the Roll button, the hint switch), which the draw
    # then words as the table says ("Roll (2 left)"); worded after it, they would show the bare msgid's word.
    effects: list[Effect] = [Effect("language", (t.code, manifest, words)), draw(ops)]
    effects += [store(LANGUAGE_KEY, t.code), draw([say("")])] if remember else []
    reporting = app.drawn.values.get("report") == view.Element(hidden=False)
    app = replace(app, drawn=Drawn())  # the page's words changed under the draw's memory: it holds no more
    if app.session is not None and app.screen is Screen.PLAY:
        app, more = board(app, before=challenge_line(app))
        effects += more
        if reporting:
            app, more = show_report(app)
            effects += more
    if app.over is Over.STATS:
        app, more = open_stats(app)
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
    Visibility: lambda app, event: on_visibility(app, event),
    Motion: lambda app, event: (replace(app, reduced=event.reduced), []),
    Fetched: on_fetched,
    Refused: on_refused,
    Confirmed: on_confirmed,
    Persisted: on_persisted,
    Shared: lambda app, event: on_shared(app, event),
}
"""What each event does: one dispatch table."""


# ----------------------------------------------------------------------------- sending a link or a result


def open_share(app: App, title: str, text: str = "", url: str = "", note: str = "", qr: bool = False) -> Out:
    """The share dialog for ``text`` and the address ``url``: Share sends both where the browser can
    (the Web Share API), copies them otherwise; the address is also shown to select by hand.

    >>> app, effects = open_share(App(), "Challenge", "Beat my 250", "https://example.org/?challenge=x")
    >>> app.sharing, effects[-1].kind, effects[-1].args
    (('Challenge', 'Beat my 250', 'https://example.org/?challenge=x'), 'focus', ('share-send',))
    """
    ops = [
        ("share-title", {"text": title}),
        ("share-text", {"text": text}),
        ("share-link", {"value": url}),
        show("share-link-row", bool(url)),
        ("share-note", {"text": note}),
        show("share-note", bool(note)),
        show("share-qr-button", qr and bool(url)),
        show("share-qr", False),
        ("share-qr", {"html": ""}),
    ]
    app = replace(app, sharing=(title, text, url))
    return app, [draw(ops), Effect("dialog", ("share", True)), focus("share-send")]


def send_shared(app: App) -> Out:
    """Share (or copy) what the dialog holds."""
    return app, ([Effect("share", app.sharing)] if app.sharing else [])


def close_share(app: App) -> Out:
    return replace(app, sharing=None), [Effect("dialog", ("share", False))]


SHARE_WORDS = {
    # Translators: said after a link (or a result) was copied because the browser cannot share it directly.
    "copied": N_("Copied: paste it into a message."),
    # Translators: said when neither sharing nor copying worked; the link is selected for the person to copy.
    "failed": N_("The link could not be copied for you: it is selected, copy it with your keyboard or a long press."),
}


def on_shared(app: App, event: Shared) -> Out:
    """Say how sending went, in the dialog: copied, or copy it by hand (the address selected); a share
    needs no words."""
    words = SHARE_WORDS.get(event.how)
    if words is None:
        return app, []
    ops = [("share-note", {"text": app.t._(words)}), show("share-note", True)]
    if event.how != "failed":
        return app, [draw(ops)]
    _, text, url = app.sharing or ("", "", "")
    ops += [("share-link", {"value": url or text}), show("share-link-row", True)]  # a text alone too, to copy
    return app, [draw(ops), focus("share-link")]


def on_visibility(app: App, event: Visibility) -> Out:
    """A tab shown again takes up the computer's turns (a hidden tab never plays them)."""
    app = replace(app, hidden=event.hidden)
    if event.hidden or not playing(app) or app.stale:
        return app, []
    return schedule(app)
