"""What the page shows, from the App alone (:func:`view`), and the ops that bring the page from one view to the
next (:func:`diff`): ``update`` draws the difference once, after the handler (Elm's ``view``).

    >>> from game.app.state import App
    >>> view(App()).table is None, diff(view(App()), view(App()))
    (True, ([], None))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.app.effects import Apply, Flag, Language, Remove, Store
from game.app.state import App, Effect, Notice, Screen
from game.present import paint


@dataclass(frozen=True)
class Page:
    """What the page shows: the notice (its words and how many times they were said) and the table (None when no
    match is on the screen)."""

    notice: Notice = Notice()
    table: paint.Table | None = None


def inputs(app: App) -> tuple:
    """What the view reads of the App: when they are the same objects, the view is the same (cheap to tell)."""
    return (
        app.notice,
        app.screen.kind,
        app.session,
        app.t,
        app.status,
        app.handing,
        app.thrown,
        app.reporting,
        app.board,
    )


def view(app: App) -> Page:
    """What the page shows for ``app``."""
    if app.screen.kind is not Screen.PLAY or app.session is None:
        return Page(app.notice)
    table = paint.table(app.session, app.t, app.status, app.handing, app.thrown, app.reporting, app.board)
    return Page(app.notice, table)


def diff(old: Page, new: Page) -> tuple[list, dict | None]:
    """The ops that bring the page from ``old`` to ``new``, and the dice's motion when some are thrown."""
    ops = [paint.say(new.notice.words)] if new.notice != old.notice else []
    if new.table is None:
        return ops, None  # the table left the screen: it stays as it was, hidden
    ops += paint.table_ops(old.table, new.table)
    return ops, paint.MOTION if new.table.thrown else None


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
