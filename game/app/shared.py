"""Shared games (the daily game, a challenge): played without undo or hints, and kept apart from the saved match,
so that no path (the lobby, a link, New match, another tab) begins one again on dice already seen.

A shared game is known by its match (game.records.daily.match_day, game.records.challenge.applies). Storage keeps
them under SHARED_KEY, newest first, each ``[game_key, session save, facts]``; a shared game about to be put on the
board is taken up from there where it stands, finished or not, so only its first play counts. What stays kept whole
is bounded by what matters, never by how many other shared games came after: today's and yesterday's daily games
always; the games under way (MAX_BEGUN) and the finished ones (MAX_SHARED), newest first. One that goes is
remembered under SEEN_KEY by a fingerprint (and its total, when finished): it is never dealt again (:func:`seen`).

    >>> from game.core.actions import Roll
    >>> from game.core.engine import new_match
    >>> fresh = marked(App(), Session(new_match("yacht", ["Ann"], seed="daily:2026-11-24:yacht")))
    >>> app, effects = keep(App(), fresh.act(Roll()).session)
    >>> fresh.shared, fresh.undo_allowed, taken_up(app, fresh).match.rolls, [effect.KIND for effect in effects]
    (True, False, 1, ['store'])
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import date

from game.app.keys import SEEN_KEY, SHARED_KEY
from game.app.state import App, Effect, store
from game.coach.session import Session
from game.core.engine import Match
from game.core.i18n import N_, Text
from game.core.refusals import GameError
from game.records import challenge, daily

__all__ = ["MAX_SHARED", "MAX_BEGUN", "MAX_SEEN", "Seen", "game_key", "is_shared", "marked", "taken_up", "keep", "seen"]

MAX_SHARED = 6
"""Finished shared games kept whole (opened again, each shows its end), beside today's and yesterday's daily games."""
MAX_BEGUN = 30
"""Shared games under way kept whole, each to resume where it stands: past them the oldest is only remembered."""
MAX_SEEN = 5_000
"""Shared games remembered by their fingerprint alone (about 30 characters each): years of daily games and challenges."""

# Translators: a shared game (the daily game, a challenge) opened again once it was finished on this phone long ago.
PLAYED_HERE = N_("You played this game on this phone already ({total} points): a shared game is played once.")
# Translators: a shared game opened again that was begun on this phone and left unfinished for many newer ones.
BEGUN_HERE = N_("You began this game on this phone and left it for newer ones: its dice are never dealt again.")


@dataclass(frozen=True)
class Seen:
    """A shared game this phone began and keeps no longer whole: its total where it was finished, else None."""

    total: int | None

    def text(self, t: Text) -> str:
        """What a person reads when they open it again."""
        return t._(BEGUN_HERE) if self.total is None else t._(PLAYED_HERE, total=self.total)


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
    return app.kept.challenge is not None and match.games == 1 and challenge.applies(app.kept.challenge, match)


def marked(app: App, session: Session) -> Session:
    """The session as a shared game when it is one (no undo; no hints, unless a challenge sent with hints allows
    them), else as it is."""
    if session.shared or not is_shared(app, session):
        return session
    allowed = app.kept.challenge_hints and daily.match_day(session.match) is None
    hints = session.hints if allowed else frozenset()
    return replace(session, shared=True, undo_allowed=False, hints=hints, open_hints=allowed)


def _kept(app: App) -> list[list]:
    """The shared games storage holds, newest first, each ``[game_key, session save, facts]`` as stored (read, not
    replayed: a save of a shared game comes at every click of one), decoded once (game.app.parts.Storage.shared)."""
    return list(app.storage.shared)


def taken_up(app: App, session: Session) -> Session:
    """The shared game ``session`` is, where storage holds it further on (or as far): else ``session`` itself.

    A fresh start of a game kept is the kept one: the dice it showed were seen, and it goes on from there.
    """
    if not session.shared:
        return session
    key = game_key(session.match)
    data = next((entry[1] for entry in _kept(app) if entry[0] == key), None)
    try:
        kept = None if data is None else Session.from_dict(data)
    except GameError:
        kept = None  # a damaged copy is no reason to lose the game on the board
    if kept is None or not kept.shared or game_key(kept.match) != key:
        return session
    return replace(kept, coach=session.coach) if len(kept.match.actions) >= len(session.match.actions) else session


def seen(app: App, session: Session) -> Seen | None:
    """The shared game ``session`` is, when this phone began it and keeps it no longer whole; else None."""
    if not session.shared:
        return None
    key = game_key(session.match)
    if any(entry[0] == key for entry in _kept(app)):
        return None
    mark = _fingerprint(key)
    return next((Seen(total) for found, total in _seen(app) if found == mark), None)


def keep(app: App, session: Session) -> tuple[App, list[Effect]]:
    """Store a shared game among those kept (in its place, or first); what no longer matters goes to the seen."""
    if not session.shared:
        return app, []
    key = game_key(session.match)
    entries = [[key, session.to_dict(), _facts(session.match)], *(e for e in _kept(app) if e[0] != key)]
    kept, gone = _bounded(entries, daily.today(app.now))
    effects: list[Effect] = []
    if gone:
        now_seen = {found for found, _ in gone}
        ledger = [*gone, *(entry for entry in _seen(app) if entry[0] not in now_seen)][:MAX_SEEN]
        written = json.dumps(ledger, separators=(",", ":"))
        app, effects = app.holding(SEEN_KEY, written, tuple(ledger)), [store(SEEN_KEY, written)]
    value = json.dumps(kept, separators=(",", ":"))
    if value == app.value(SHARED_KEY):
        return app, effects
    return app.holding(SHARED_KEY, value, tuple(kept)), [*effects, store(SHARED_KEY, value)]


def _facts(match: Match) -> dict[str, object]:
    """What the bound asks of a kept game, without replaying it: finished (and its total), and its day if daily."""
    day = daily.match_day(match)
    over = match.game_over
    return {"done": over, "total": match.totals(0).grand_total if over else None, "day": day and day[0].isoformat()}


def _facts_of(entry: list) -> dict[str, object]:
    """An entry's facts: as stored, or for an earlier build's pair, from its save (once, when the bound asks)."""
    if len(entry) == 3 and isinstance(entry[2], dict):
        return entry[2]
    try:
        return _facts(Session.from_dict(entry[1]).match)
    except GameError:
        return {"done": False, "total": None, "day": None}  # unreadable: kept as under way, never dropped unseen


def _bounded(entries: list[list], today: date | None) -> tuple[list[list], list[list]]:
    """The entries kept whole, newest first, and the fingerprints of those that go, each with its total (or None)."""
    kept: list[list] = []
    gone: list[list] = []
    begun = done = 0
    for entry in entries:
        facts = _facts_of(entry)
        day = facts.get("day")
        recent = isinstance(day, str) and today is not None and _days(day, today) <= 1
        if facts.get("done"):
            done += not recent
            keep_it = recent or done <= MAX_SHARED
        else:
            begun += not recent
            keep_it = recent or begun <= MAX_BEGUN
        if keep_it:
            kept.append([entry[0], entry[1], facts])
        else:
            total = facts.get("total")
            gone.append([_fingerprint(entry[0]), total if isinstance(total, int) and facts.get("done") else None])
    return kept, gone


def _days(day: str, today: date) -> int:
    """Days from a daily game's day to today (a day that cannot be read is long past)."""
    try:
        return (today - date.fromisoformat(day)).days
    except ValueError:
        return 1_000_000


def _fingerprint(key: str) -> str:
    """A game key's fingerprint: what SEEN_KEY remembers of a shared game (no dice, no name)."""
    import hashlib  # here, not at the top: it costs start-up time in the browser before any roll

    return hashlib.sha256(key.encode()).hexdigest()[:20]


def _seen(app: App) -> list[list]:
    """The fingerprints remembered, newest first, each ``[fingerprint, total or None]``, decoded once
    (game.app.parts.Storage.gone)."""
    return list(app.storage.gone)
