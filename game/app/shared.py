"""Shared games (the daily game, a challenge): played without undo or hints, and kept apart from the saved match,
so that no path (the lobby, a link, New match, another tab) begins one again on dice already seen.

A shared game is known by its match (game.records.daily.match_day, game.records.challenge.applies). Storage keeps
the latest few under SHARED_KEY, newest first, each ``[game_key, session save]``; a shared game about to be put on the board is taken up from there
where it stands, finished or not, so only its first play counts.

    >>> from game.core.actions import Roll
    >>> from game.core.engine import new_match
    >>> fresh = marked(App(), Session(new_match("yacht", ["Ann"], seed="daily:2026-11-24:yacht")))
    >>> app, effects = keep(App(), fresh.act(Roll()).session)
    >>> fresh.shared, fresh.undo_allowed, taken_up(app, fresh).match.rolls, [effect.KIND for effect in effects]
    (True, False, 1, ['store'])
"""

from __future__ import annotations

import json
from dataclasses import replace

from game.app.keys import SHARED_KEY
from game.app.state import App, Effect, store
from game.coach.session import Session
from game.core.engine import Match
from game.core.inputs import read_json
from game.core.refusals import GameError
from game.records import challenge, daily

__all__ = ["MAX_SHARED", "game_key", "is_shared", "marked", "taken_up", "keep"]

MAX_SHARED = 6
"""Shared games kept: today's daily games of every rule set, and the challenge under way, with room to spare."""


def game_key(match: Match) -> str:
    """What makes a shared game itself: its rules, seed and dice, games and seat count (not who plays it).

    >>> from game.core.engine import new_match
    >>> game_key(new_match("yacht", ["Ann"], seed=1)) == game_key(new_match("yacht", ["Bob"], seed=1).roll())
    True
    """
    items = [
        match.ruleset.to_dict(),
        match.seed,
        match.draw.value,
        list(match.dice_seats),
        match.games,
        len(match.seats),
    ]
    return json.dumps(items, sort_keys=True, separators=(",", ":"))


def is_shared(app: App, session: Session) -> bool:
    """Whether ``session`` is a shared game: a daily game, or a game against the challenge this phone keeps."""
    match = session.match
    if daily.match_day(match) is not None:
        return True
    return app.challenge is not None and match.games == 1 and challenge.applies(app.challenge, match)


def marked(app: App, session: Session) -> Session:
    """The session as a shared game when it is one (no undo; no hints, unless a challenge sent with hints allows
    them), else as it is."""
    if session.shared or not is_shared(app, session):
        return session
    allowed = app.challenge_hints and daily.match_day(session.match) is None
    hints = session.hints if allowed else frozenset()
    return replace(session, shared=True, undo_allowed=False, hints=hints, open_hints=allowed)


def _kept(app: App) -> list[list]:
    """The shared games storage holds, newest first, each ``[game_key, session save]`` as stored (read, not replayed:
    a save of a shared game comes at every click of one); anything else is left out (it is only a guard)."""
    try:
        items = read_json(app.value(SHARED_KEY) or "[]")
    except (GameError, ValueError):
        return []
    entries = items if isinstance(items, list) else []
    return [item for item in entries if isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)]


def taken_up(app: App, session: Session) -> Session:
    """The shared game ``session`` is, where storage holds it further on (or as far): else ``session`` itself.

    A fresh start of a game kept is the kept one: the dice it showed were seen, and it goes on from there.
    """
    if not session.shared:
        return session
    key = game_key(session.match)
    data = next((data for kept_key, data in _kept(app) if kept_key == key), None)
    try:
        kept = None if data is None else Session.from_dict(data)
    except GameError:
        kept = None  # a damaged copy is no reason to lose the game on the board
    if kept is None or not kept.shared or game_key(kept.match) != key:
        return session
    return replace(kept, coach=session.coach) if len(kept.match.actions) >= len(session.match.actions) else session


def keep(app: App, session: Session) -> tuple[App, list[Effect]]:
    """Store a shared game among those kept (in its place, or first), at most MAX_SHARED."""
    if not session.shared:
        return app, []
    key = game_key(session.match)
    others = [entry for entry in _kept(app) if entry[0] != key][: MAX_SHARED - 1]
    value = json.dumps([[key, session.to_dict()], *others], separators=(",", ":"))
    if value == app.value(SHARED_KEY):
        return app, []
    return app.holding(SHARED_KEY, value), [store(SHARED_KEY, value)]
