"""What the page shows, from the App alone (:func:`view`), and the ops that bring the page from one view to the
next (:func:`diff`): ``update`` draws the difference once, after the handler (Elm's ``view``).

    >>> from game.app.state import App
    >>> view(App()).table is None, diff(view(App()), view(App()))
    (True, ([], None))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.app.effects import Apply, Flag, Language, Remove, Store
from game.app.keys import UNREADABLE_KEY
from game.app.screens import rules_shown
from game.app.state import App, Effect, LinkChoice, Notice, Over, SaveProblem, Screen
from game.app.storage import kept_under
from game.app.table import against
from game.present import paint, rules_text, stats_view
from game.present.words import SAVE_KEPT, WORDS
from game.records import challenge


@dataclass(frozen=True)
class Page:
    """What the page shows: the main screen (None while loading: the page's own; a table put on the board is shown
    anew), what is open over it, the notice (its words and how many times they were said) and the table (None
    when no match is on the screen)."""

    screen: tuple[Screen, int] | None = None
    over: Over = Over.NOTHING
    notice: Notice = Notice()
    cheer: tuple[Notice, bool] = (Notice(), False)  # the celebration's words, and whether it is shown
    table: paint.Table | None = None
    other_tab: Notice = Notice()  # the offer of another tab's newer match ("": hidden)
    odds: str = ""  # the win chances line
    storage: str = ""  # on Statistics: whether the browser keeps the games ("": not answered yet)
    texts: tuple = ()  # the save-problem's or the link choice's texts, while that screen is shown
    report: tuple | None = None  # the after-game report's op while it is open (None: as the table has it)
    hint: str | None = None  # the hint's markup (None: hidden)
    rules: str | None = None  # the Rules screen's text while it is open
    hinted: tuple = ()  # the dice or box it marks, each with its mark


SHOWN_SAVE_CHARS = 64 * 1024  # of an unreadable save, shown on the page (all of it is kept and downloadable)

SCREENS = (Screen.SETUP, Screen.SAVE_PROBLEM, Screen.LINK_CHOICE, Screen.PLAY)
"""The main screens, each an element of its kind's id: one is shown, the others hidden."""


def inputs(app: App) -> tuple:
    """What the view reads of the App: when they are the same objects, the view is the same (cheap to tell)."""
    return (
        app.notice,
        app.cheer,
        app.waiting.cheer,
        app.over,
        app.screen,
        app.session,
        app.t,
        app.status,
        app.handing,
        app.thrown,
        app.reporting,
        app.board,
        app.challenge,
        app.other_tab,
        app.odds,
        app.persisted,
        app.hint,
        app.hinted,
        app.form,
        app.waiting.starting,
    )


def view(app: App) -> Page:
    """What the page shows for ``app``."""
    kind = app.screen.kind
    loading = kind is Screen.LOADING or app.waiting.starting is not None  # the start waits for its language
    screen = None if loading else (kind, app.board if kind is Screen.PLAY else 0)
    cheer = (app.cheer, app.waiting.cheer is not None)
    storage = stats_view.storage_status(app.persisted.persisted, t=app.t) if app.persisted is not None else ""
    page = Page(screen, app.over, app.notice, cheer, None, app.other_tab, app.odds, storage, screen_texts(app))
    rules = rules_text.panel_html(rules_shown(app), t=app.t) if app.over is Over.RULES else None
    page = replace(page, hint=app.hint, hinted=app.hinted, rules=rules)
    if kind is not Screen.PLAY or app.session is None:
        return page
    theirs = against(app)
    line = challenge.line(theirs, app.t) if theirs is not None else None  # who sent it and the total to beat
    reporting = app.reporting is not None
    table = paint.table(app.session, app.t, app.status, app.handing, app.thrown, reporting, app.board, line)
    return replace(page, table=table, report=report_op(app))


def report_op(app: App) -> tuple | None:
    """The after-game report open (a word while it is worked out, then the report), or None: the table's own."""
    if app.reporting is None:
        return None
    if not app.reporting:
        return ("report", {"text": app.t._(WORDS.reviewing), "hidden": False})
    return ("report", {"html": app.reporting})


def screen_texts(app: App) -> tuple:
    """The texts of the save-problem or the link-choice screen shown (their elements' ops), else none."""
    shown, t = app.screen, app.t
    if isinstance(shown, SaveProblem):
        failed = not shown.aside.trying  # not even moved aside: downloaded before anything is written over it
        # Where its copy is kept now (a copy refused moves beside another tab's: game.app.storage.set_aside_again).
        key = kept_under(app, shown.aside.raw) or UNREADABLE_KEY
        kept = t._(WORDS.save_not_kept) if failed else t._(SAVE_KEPT, key=key)
        return (
            ("save-problem-kept", {"text": kept}),
            ("save-problem-reason", {"text": shown.reason}),
            ("save-problem-text", {"value": shown.aside.raw[:SHOWN_SAVE_CHARS]}),
            ("save-problem-dismiss", {"text": t._(WORDS.download_then_start if failed else WORDS.start_new)}),
        )
    if isinstance(shown, LinkChoice):
        title, start = shown.question
        return (
            ("link-choice-text", {"text": shown.words}),
            ("link-choice-title", {"text": t._(title)}),
            ("link-start", {"text": t._(start)}),
        )
    return ()


def lines_ops(old: Page, new: Page) -> list:
    """The lines outside the table: the other tab's offer (each saying drawn), the win chances, the storage's."""
    ops: list = []
    if new.other_tab != old.other_tab:
        words = new.other_tab.words
        ops += (
            [("other-tab-text", {"text": words}), paint.show("other-tab")]
            if words
            else [paint.show("other-tab", False)]
        )
    ops += [("chances", {"text": new.odds})] if new.odds != old.odds else []
    ops += [("storage-status", {"text": new.storage})] if new.storage != old.storage else []
    ops += [op for index, op in enumerate(new.texts) if old.texts[index : index + 1] != (op,)]
    return ops


def screen_ops(old: Page, new: Page) -> list:
    """The main screen shown and what is open over it (the page's body says which, for its styles)."""
    ops = []
    if new.screen is not None and new.screen != old.screen:
        ops += [paint.show(kind.value, kind is new.screen[0]) for kind in SCREENS]
    if new.over is not old.over:
        ops += [paint.show(old.over.value, False)] if old.over is not Over.NOTHING else []
        if new.over is Over.NOTHING:
            ops.append((("body", 0), {"remove": ["data-screen"]}))
        else:
            ops += [(("body", 0), {"attrs": {"data-screen": new.over.value}}), paint.show(new.over.value)]
    return ops


def diff(old: Page, new: Page) -> tuple[list, dict | None]:
    """The ops that bring the page from ``old`` to ``new``, and the dice's motion when some are thrown."""
    ops = screen_ops(old, new)
    if new.rules is not None and new.rules != old.rules:
        ops.append(("rules-body", {"html": new.rules}))
        ops += [(("html", 0), {"scroll": True})] if old.rules is None else []  # opened: read from their start
    ops += [paint.say(new.notice.words)] if new.notice != old.notice else []
    (said, shown), (was_said, was_shown) = new.cheer, old.cheer
    if shown and said != was_said:  # a new celebration, over any still shown
        ops += [("cheer-text", {"text": said.words}), paint.show("cheer")]
    elif shown != was_shown:
        ops.append(paint.show("cheer", shown))
    ops += lines_ops(old, new)
    if new.table is not None:  # else the table left the screen: it stays as it was, hidden
        ops += paint.table_ops(old.table, new.table)
        ops += [new.report] if new.report is not None and new.report != old.report else []
    ops += hint_ops(old, new)
    return ops, paint.MOTION if new.table is not None and new.table.thrown else None


UNMARK = {"toggle": {"hint-keep": False, "hint-best": False}, "optional": True}
"""A die or box the hint no longer marks (optional: a table drawn afresh has none of the old ones)."""


def hint_ops(old: Page, new: Page) -> list:
    """The hint: its words shown or hidden, the marks it no longer makes taken off, then its new marks."""
    ops: list = []
    if new.hint != old.hint:
        ops.append(paint.show("hint", False) if new.hint is None else ("hint", {"html": new.hint, "hidden": False}))
    ops += [(at, UNMARK) for at, mark in old.hinted if (at, mark) not in new.hinted]
    ops += [(at, {"toggle": {mark: True}, "optional": True}) for at, mark in new.hinted if (at, mark) not in old.hinted]
    return ops


WRITES = (Store, Remove, Flag, Language)
"""What the page does before the view's draw: what storage keeps, and the page's words (which the view's then word)."""


def drawn(before: App, after: App, effects: list[Effect]) -> tuple[App, list[Effect]]:
    """The handler's effects with the view's changes drawn after their leading writes and language, before the
    rest (the handler's own draws, focus, sounds, ticks); the App with its one-draw events (thrown dice) spent."""
    if inputs(before) == inputs(after):
        return after, effects
    ops, motion = diff(view(before), view(after))
    after = replace(after, thrown=frozenset()) if after.thrown else after
    if not ops:
        return after, effects
    at = next((index for index, effect in enumerate(effects) if not isinstance(effect, WRITES)), len(effects))
    return after, [*effects[:at], Apply(tuple(ops), motion), *effects[at:]]
