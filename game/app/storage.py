"""What this tab knows storage holds, read and written: the saved match, the remembered setup, the
history, and the copies kept aside (KEPT_PREFIX) of any of them that could not be read.

A value that cannot be read is never written over: it is copied aside first. The copies are bounded
(MAX_KEPT_PER_KIND, KEPT_BUDGET): once a newer copy is known kept, the oldest beyond the bound go::

    >>> from game.app.keys import SETUP_KEY
    >>> from game.app.state import App
    >>> app = App(now="2026-11-24T10:00:00Z").holding(SETUP_KEY, "not json")
    >>> stored_setup(app), keep_setup_aside(app)[1][0]
    (None, Store(key='yacht-dice/unreadable-setup', value='not json'))
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace

from game.app.effects import Console, ConsoleLevel, Download, Flag, Remove
from game.app.events import Event, Refused, Stored, TimerKind, Token
from game.app.keys import HISTORY_KEY, KEPT_PREFIX, SAVE_KEY, SETUP_KEY, TRAINER_KEY, UNSAVED_KEY
from game.app.notices import KeptGone, Plain, Unreadable
from game.app.parts import Aside, Attempt, SetAside, decode_history, decode_trainer
from game.app.state import App, Effect, Notice, Out, SaveProblem, Until, store, tick
from game.coach.moments import in_progress
from game.coach.session import Session
from game.core.engine import Match
from game.core.inputs import problem_text
from game.core.refusals import GameError
from game.core.rules import RuleSet
from game.records import choices as setups
from game.records.history import History
from game.records.stats import best_total, ruleset_key
from game.records.trainer import Trainer

MAX_KEPT_PER_KIND = 3  # copies of a save, a history or a setup: enough to go back a few launches
# Browsers give a site about 5 million characters of localStorage, which the save, the history (thousands of games)
# and the setup share: the copies kept aside take at most 1.5 million of them, never more than the newest alone.
KEPT_BUDGET = 1_500_000


def same_match(one: Match, other: Match) -> bool:
    """Whether two matches are one match at two moments: they began alike (rules, seats, games, seed and dice).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=2)
    >>> other_dice = new_match("yacht", ["Ann"], seed=2, dice_seats=(1,))
    >>> same_match(m, m.roll()), same_match(m, new_match("yacht", ["Ann"], seed=3)), same_match(m, other_dice)
    (True, False, False)
    """
    return one.begun() == other.begun()


def offer_newer(app: App) -> Out:
    """Another tab saved since this tab did: say whether it continued this match or replaced it with another,
    offer its match, write nothing."""
    newer, _ = stored_session(app)
    continued = newer is not None and app.session is not None and same_match(newer.match, app.session.match)
    said = Plain.OTHER_TAB if continued else Plain.OTHER_TAB_REPLACED
    return replace(app, other_tab=Notice((said,), app.other_tab.said + 1)), []


def saved_elsewhere(app: App) -> bool:
    """Storage holds a match in progress (or one it cannot read) that another tab saved since this tab last saw
    one: nothing here replaces it without asking."""
    if not app.behind:
        return False
    saved, error = stored_session(app)
    return error is not None or (saved is not None and in_progress(saved.match))


def history_read(app: App) -> App:
    """The App with the stored history decoded, unless it is since its text last changed (a start does not read it)."""
    if app.storage.history is not None:
        return app
    return app.keeping(history=decode_history(app.value(HISTORY_KEY)))


def trainer_read(app: App) -> tuple[App, Trainer | ValueError]:
    """The App with the stored trainer's data decoded, unless it is since its text last changed, and that data (or why
    it cannot be read)."""
    trainer = app.storage.trainer
    if trainer is None:
        trainer = decode_trainer(app.value(TRAINER_KEY))
        app = app.keeping(trainer=trainer)
    return app, trainer


def read_history(app: App) -> tuple[App, History | None, GameError | None]:
    """The stored history or None, and the problem when it cannot be read (said by :func:`unreadable`): as decoded
    once per stored text (game.app.parts.Storage.history)."""
    app = history_read(app)
    history = app.storage.history
    if not isinstance(history, GameError):
        return app, history, None
    raw = app.value(HISTORY_KEY) or ""
    if any(value == raw for _, value in kept_copies(app)):
        return app, History(), None  # kept aside: a new history begins over it
    return app, None, history


def unreadable(app: App, problem: GameError | None) -> Out:
    """An unreadable history said (nothing is written over it), and warned of in the console."""
    if problem is None:
        return app, []
    return app.say(Plain.HISTORY_UNREADABLE, Unreadable(problem)), [
        Console(ConsoleLevel.WARN, f"history: {problem_text(problem)}")
    ]


def stored_best(app: App, ruleset: RuleSet, name: str) -> int | None:
    """``name``'s best total of ``ruleset`` in the stored history (None: none yet, or unreadable), for the hint's
    target and the win chances of a game alone, drawn again and again while they are on: the history decoded once
    (a thousand games take 30 ms to read in CPython, more in the browser), its index looked up."""
    history = history_read(app).storage.history  # the callers read it first (history_read): then once per text
    return None if isinstance(history, GameError | None) else best_total(history, ruleset_key(ruleset), name)


def readable_history(app: App) -> tuple[App, History | None, GameError | None, list[Effect]]:
    """For a reader (Statistics, export): the history, or a new one once an unreadable one is being put
    aside (begun here: its effects come fourth), or None and the problem when it could not be kept."""
    app, history, problem = read_history(app)
    if history is not None or app.storage.history_aside is not None:
        return app, history, problem, []
    app, effects = keep_history_aside(app)
    return (*read_history(app), effects)


def history_to_write(app: App, event: Event) -> tuple[App, History | None, Out]:
    """The history to change, or None and the answer instead: ``event`` waits while an unreadable history is
    put aside (the first writer to find it so begins that), and once it could not be, the problem is said."""
    aside = app.storage.history_aside
    if aside is not None and aside.trying:  # a refusal of the copy may still be on its way
        return app, None, (app.hold(event, Until.HISTORY), [])
    app, history, problem = read_history(app)
    if history is not None:
        return app, history, (app, [])
    if aside is not None:
        return app, None, unreadable(app, problem)
    app, effects = keep_history_aside(app)
    return app, None, (app.hold(event, Until.HISTORY), effects)


def set_aside(app: App, kind: Aside) -> tuple[App, SetAside, list[Effect]]:
    """An unreadable value put where nothing overwrites it, its first try: a copy (none when one is kept already).
    Each refused write of the copy is the next try (:func:`set_aside_again`)."""
    raw = app.value(kind.origin) or ""
    aside = SetAside(kind, kept_key(app, kind.value, raw), raw)
    app, effects = keep_copy(app, aside.key, raw) if aside.key is not None else (app, [])
    return app, aside, effects


def set_aside_again(app: App, aside: SetAside) -> tuple[App, SetAside, list[Effect]]:
    """The copy was refused: a move (the value's own room makes space for it); if that is refused too, the value
    is put back as it was (Attempt.FAILED) and nothing is written over it."""
    origin = aside.kind.origin
    if aside.attempt is Attempt.COPY and aside.key is not None:
        key = aside.key
        if app.value(key) not in (None, aside.raw):  # another tab kept a value there since: never over it
            beside = kept_key(app, aside.kind.value, aside.raw)
            if beside is None:  # that tab kept this very value: it is kept, nothing to move
                return app, replace(aside, key=None), []
            key = beside
        aside = replace(aside, key=key)
        app, kept = keep_copy(app.holding(origin, None), key, aside.raw)
        return app, replace(aside, attempt=Attempt.MOVE), [Remove(origin), *kept]
    if aside.key is not None and app.value(aside.key) == aside.raw:  # the copy this tab meant, not another's
        app = app.holding(aside.key, None)
    return app.holding(origin, aside.raw), replace(aside, attempt=Attempt.FAILED), [store(origin, aside.raw)]


def keep_history_aside(app: App) -> Out:
    """An unreadable history set aside so that a new one can begin; the tick after the copy says it is done (a
    refusal would have come before it)."""
    app, aside, kept = set_aside(app, Aside.HISTORY)
    app, token = app.token(TimerKind.HISTORY)
    app = app.say(Plain.HISTORY_SET_ASIDE)
    return app.keeping(history_aside=aside), [*kept, tick(token, 0)]


def history_kept(app: App) -> Out:
    """The history's tick: it is set aside (its copy was not refused), or could not be (then it stays so, and nothing
    is written over it). What waited to write it goes on (Until.HISTORY, game.app.update)."""
    aside = app.storage.history_aside
    return app.keeping(history_aside=aside if aside is not None and not aside.trying else None), []


def write_history(app: App, history: History) -> Out:
    """Write ``history``, remembering what storage held before (a refused write leaves that)."""
    text = history.to_json()
    app = app.holding(HISTORY_KEY, text, history).keeping(unwritten=app.value(HISTORY_KEY))
    return app, [store(HISTORY_KEY, text)]


def stored_setup(app: App) -> dict[str, str] | None:
    """The form's choices remembered from the last start ({} when none; None when they cannot be read): as decoded
    once per stored text (game.app.parts.Storage.setup)."""
    fields = app.storage.setup
    return None if fields is None else dict(fields)


def remembered_fields(app: App) -> dict[str, str]:
    """The form's choices remembered from the last start ({} when none can be read)."""
    return stored_setup(app) or {}


def keep_setup_aside(app: App) -> Out:
    """A remembered setup that cannot be read, copied aside before the next start writes over it."""
    raw = app.value(SETUP_KEY)
    if raw is None or app.storage.setup is not None:
        return app, []
    key = kept_key(app, "setup", raw)
    return (app, []) if key is None else keep_copy(app, key, raw)


def saved_setup(app: App) -> setups.Setup | None:
    """The setup remembered from the last start (None if unreadable)."""
    fields = remembered_fields(app)
    setup, problems = setups.setup_from_fields(fields)
    return None if problems or not fields else setup


def stored_session(app: App) -> tuple[Session | None, GameError | None]:
    """The saved session, or the reason it cannot be read (None, None when there is none): as decoded once per
    stored text (game.app.parts.Storage.session), never replayed again here."""
    saved = app.storage.session
    return (None, saved) if isinstance(saved, GameError) else (saved, None)


def on_stored(app: App, event: Stored) -> Out:
    """Another tab stored: say at once that this tab's match is out of date, and offer the newer one."""
    app = app.holding(event.key, event.value)
    if event.key == SAVE_KEY and app.stale:
        return offer_newer(app)
    return app, []


def on_refused(app: App, event: Refused) -> Out:
    """A write the browser refused: said as what it is, and never taken as written."""
    if event.key == SAVE_KEY:
        app = app.holding(SAVE_KEY, None).keeping(saved=None)
        return app.say(Plain.STORAGE_FULL), [Flag(UNSAVED_KEY, True)]
    if event.key == HISTORY_KEY:  # storage still holds what it held before
        return app.holding(HISTORY_KEY, app.storage.unwritten).say(Plain.HISTORY_NOT_SAVED), []
    history, shown = app.storage.history_aside, app.screen
    if history is not None and history.trying and event.key == history.key:
        app, history, effects = set_aside_again(app, history)
        if not history.trying:
            app = app.say(Plain.HISTORY_UNREADABLE)
        return app.keeping(history_aside=history), effects
    if isinstance(shown, SaveProblem) and shown.aside.trying and event.key == shown.aside.key:
        app, save, effects = set_aside_again(app, shown.aside)
        return replace(app, screen=replace(shown, aside=save)), effects
    if event.key.startswith(KEPT_PREFIX):  # a copy that did not fit: not kept, so it makes no older one go
        return app.holding(event.key, None), []
    return app, []


def kept_copies(app: App) -> tuple[tuple[str, str], ...]:
    """Every value kept aside (KEPT_PREFIX), by key."""
    return tuple(sorted((key, value) for key, value in app.storage.stored if key.startswith(KEPT_PREFIX)))


def kept_kind(key: str) -> str:
    """What a copy kept aside is of ("save", "history", "setup").

    >>> kept_kind("yacht-dice/unreadable-save"), kept_kind("yacht-dice/unreadable-history/2026-11-24T10:00:00Z-3")
    ('save', 'history')
    """
    return key.removeprefix(KEPT_PREFIX).partition("/")[0]


def kept_age(key: str) -> tuple[bool, str, int]:
    """A copy's place in time, oldest first: the first of its kind (no time), then by time and number.

    >>> keys = ["save/2026-11-24T10:00:00Z-3", "save/2026-11-24T10:00:00Z", "save"]
    >>> sorted(keys, key=kept_age)
    ['save', 'save/2026-11-24T10:00:00Z', 'save/2026-11-24T10:00:00Z-3']
    """
    _, timed, stamp = key.removeprefix(KEPT_PREFIX).partition("/")
    numbered = re.fullmatch(r"(.*?)-(\d+)", stamp)  # a time's own dashes are followed by more than digits
    time, number = numbered.groups() if numbered else (stamp, "2")
    return bool(timed), time, int(number)


def kept_key(app: App, what: str, raw: str) -> str | None:
    """Where to keep ``raw`` aside, never over another kept copy; None when it is kept already.

    The first of each kind goes under KEPT_PREFIX + what (as before), later ones under it with their time.
    """
    if any(value == raw for _, value in kept_copies(app)):
        return None
    if not any(kept_kind(key) == what for key, _ in kept_copies(app)):
        return KEPT_PREFIX + what
    key, number = f"{KEPT_PREFIX}{what}/{app.now}", 2
    while app.value(key) is not None:
        number += 1
        key = f"{KEPT_PREFIX}{what}/{app.now}-{number}"
    return key


def kept_under(app: App, raw: str) -> str | None:
    """The key ``raw`` is kept aside under, if it is."""
    return next((key for key, value in kept_copies(app) if value == raw), None)


def keep_copy(app: App, key: str, raw: str) -> Out:
    """``raw`` stored aside under ``key``; the tick after it says it is kept (a refusal comes before a tick)."""
    app, token = app.token(TimerKind.KEPT)
    waiting = app.storage.pruning[1] if app.storage.pruning is not None else ()
    return app.holding(key, raw).keeping(pruning=(token, (*waiting, key))), [store(key, raw), tick(token, 0)]


def copy_kept(app: App, token: Token) -> Out:
    """The tick after the newest copy kept aside: the copies made since the last prune are kept (unless refused,
    which came before), so the oldest beyond the bound may go now, never before and never these."""
    if app.storage.pruning is None or token != app.storage.pruning[0]:
        return app, []  # a newer copy's tick comes after this one
    newest = tuple(key for key in app.storage.pruning[1] if app.value(key) is not None)
    app = app.keeping(pruning=None)
    return prune_kept(app, newest) if newest else (app, [])


def prune_kept(app: App, newest: tuple[str, ...] = ()) -> Out:
    """The oldest copies kept aside go while a kind has more than MAX_KEPT_PER_KIND or all take more than
    KEPT_BUDGET characters; never the ``newest`` (by default the latest kept), which may alone take more.

    A copy the game said it kept is never deleted without a word: those that go are downloaded as one file first,
    and the notice says so (Statistics downloads or deletes the rest by hand)."""
    copies = dict(kept_copies(app))
    by_age = sorted(copies, key=kept_age)
    newest = newest or tuple(by_age[-1:])
    counts = Counter(kept_kind(key) for key in copies)
    total = sum(len(value) for value in copies.values())
    gone = []
    for key in by_age:
        if key not in newest and (counts[kept_kind(key)] > MAX_KEPT_PER_KIND or total > KEPT_BUDGET):
            gone.append(key)
            counts[kept_kind(key)] -= 1
            total -= len(copies[key])
    if not gone:
        return app, []
    name = f"yacht-dice-kept-{app.now[:10]}-{len(copies)}.json"
    saved = Download(name, json.dumps({key: copies[key] for key in gone}, indent=1))
    for key in gone:
        app = app.holding(key, None)
    return app.say(KeptGone(len(gone), name)), [saved, *[Remove(key) for key in gone]]


def download_kept(app: App) -> Effect:
    """Every copy kept aside, in one file: {key: the value as it was stored}."""
    return Download(f"yacht-dice-kept-{app.now[:10]}.json", json.dumps(dict(kept_copies(app)), indent=1))


def download_unreadable(app: App) -> Effect:
    """The unreadable save being put aside (the save-problem screen's), as a file."""
    raw = app.screen.aside.raw if isinstance(app.screen, SaveProblem) else ""
    return Download(f"yacht-dice-unreadable-save-{app.now[:10]}.json", raw)
