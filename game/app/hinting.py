"""The hint switch remembered per person: the people who left their hints on (HINTED_KEY), and a new match's hints as
they left them.

    >>> from game.app.state import App
    >>> hinted_names(App()), hinted_names(App().holding(HINTED_KEY, '["Ann"]'))
    (None, ('Ann',))
"""

from __future__ import annotations

import json
from dataclasses import replace

from game.app.keys import HINTED_KEY
from game.app.parts import MOST_HINTED
from game.app.state import App, Out, store
from game.coach.session import Session
from game.core.cards import SeatKind


def hinted_names(app: App) -> tuple[str, ...] | None:
    """The people who left their hints on, as storage has them (None: never remembered; unreadable: nobody): as
    decoded once per stored text (game.app.parts.Storage.hinted)."""
    return app.storage.hinted


def remembered_hints(app: App, session: Session) -> Session:
    """A new match's hints as its people left them in their last match (a shared game has none)."""
    names = hinted_names(app)
    if names is None or session.shared:
        return session  # nothing remembered yet: as the match brings them (a rematch keeps its own)
    people = enumerate(session.match.seats)
    seats = frozenset(seat for seat, who in people if who.kind is SeatKind.HUMAN and who.name in names)
    return replace(session, hints=seats, hinted=frozenset((session.match.game, seat) for seat in seats))


def remember_hints(app: App) -> Out:
    """The hint switch as the person to move left it, kept under their name for their next match."""
    session = app.played
    if session.shared:
        return app, []
    name = session.match.current_name
    names = [other for other in hinted_names(app) or () if other != name]
    names = ([name] if session.match.player in session.hints else []) + names
    value = json.dumps(names[:MOST_HINTED], ensure_ascii=False)
    return app.holding(HINTED_KEY, value), [store(HINTED_KEY, value)]
