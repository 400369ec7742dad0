"""What the page shows, from the App alone (:func:`view`), and the ops that bring the page from one view to the
next (:func:`diff`): ``update`` draws the difference once, after the handler (Elm's ``view``).

    >>> from game.app.state import App
    >>> view(App()).table is None, diff(view(App()), view(App()))
    (True, ([], None))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.app.effects import Apply
from game.app.state import App, Effect, Screen
from game.present import paint


@dataclass(frozen=True)
class Page:
    """What the page shows: the table (None when no match is on the screen)."""

    table: paint.Table | None = None


def inputs(app: App) -> tuple:
    """What the view reads of the App: when they are the same objects, the view is the same (cheap to tell)."""
    return app.screen.kind, app.session, app.t, app.status, app.handing, app.thrown, app.reporting, app.board


def view(app: App) -> Page:
    """What the page shows for ``app``."""
    if app.screen.kind is not Screen.PLAY or app.session is None:
        return Page()
    table = paint.table(app.session, app.t, app.status, app.handing, app.thrown, app.reporting, app.board)
    return Page(table=table)


def diff(old: Page, new: Page) -> tuple[list, dict | None]:
    """The ops that bring the page from ``old`` to ``new``, and the dice's motion when some are thrown."""
    if new.table is None:
        return [], None  # the table left the screen: it stays as it was, hidden
    ops = paint.table_ops(old.table, new.table)
    return ops, paint.MOTION if new.table.thrown else None


def drawn(before: App, after: App, effects: list[Effect]) -> tuple[App, list[Effect]]:
    """The handler's effects with the view's changes drawn in the first of their applies (after its ops), or
    first when they have none; the App with its one-draw events (thrown dice) spent."""
    if inputs(before) == inputs(after):
        return after, effects
    ops, motion = diff(view(before), view(after))
    after = replace(after, thrown=frozenset()) if after.thrown else after
    if not ops:
        return after, effects
    for index, effect in enumerate(effects):
        if isinstance(effect, Apply):
            merged = Apply((*effect.ops, *ops), motion or effect.motion)
            return after, [*effects[:index], merged, *effects[index + 1 :]]
    return after, [Apply(tuple(ops), motion), *effects]
