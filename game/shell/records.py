"""History, statistics and backups on the page: the stored history, the Statistics screen, export and import."""

from __future__ import annotations

import asyncio
import json

from pyscript import document, fetch, window

from .. import feel, markup, stats_view, view
from ..engine import GameError
from ..session import Next, Session
from . import board, sound
from .dom import HISTORY_KEY, PAGE, REFERENCES, SETUP_KEY, by_id, download, now, remember, say, show, stored


class Cache:
    """What this module keeps between calls: the optimal player's numbers, and the history as last read."""

    def __init__(self) -> None:
        self.references = None  # per rule set key, fetched on first need
        self.history = (None, None)  # the stored history's text and its value


CACHE = Cache()


def read_history():
    """The stored history (a game.history.History), or None when it cannot be read (said on the page).

    The last one read is kept with its text: reading again parses only when another write (this
    tab's or another's) changed it.
    """
    from ..history import History, problem_text

    raw = stored(HISTORY_KEY) or ""
    if raw != CACHE.history[0]:
        try:
            CACHE.history = (raw, History.from_json(raw) if raw else History())
        except GameError as error:
            say(f"{board.BOARD.t._(view.WORDS.history_unreadable)} {problem_text(error, board.BOARD.t)}")
            window.console.warn(f"history: {error}")
            return None
    return CACHE.history[1]


def change_history(change) -> bool:
    """Re-read the stored history, change it and write it back: another tab's games are never lost."""
    history = read_history()
    if history is None:
        return False
    if not remember(HISTORY_KEY, change(history).to_json()):
        say(board.BOARD.t._(view.WORDS.history_not_saved))
        return False
    return True


def export_backup() -> None:
    """Download one JSON file: the history, the match in progress and the setup form's choices."""
    from ..history import Backup

    history = read_history()
    if history is None:
        return
    setup = json.loads(stored(SETUP_KEY) or "{}") if (stored(SETUP_KEY) or "").startswith("{") else {}
    session = board.BOARD.session.to_dict() if board.BOARD.session else None
    download(f"yacht-dice-backup-{now()[:10]}.json", Backup(history, session, {"setup": setup}, now()).to_json())


def delete_games(game: str | None) -> None:
    """Delete one game (by id) or, with None, every game; each behind a confirmation."""
    if window.confirm(board.BOARD.t._(view.WORDS.delete_game if game else view.WORDS.delete_all)):
        change_history(lambda history: history.without(game) if game else history.cleared())
        asyncio.ensure_future(open_stats())


def close_stats() -> None:
    """Back to the game (or the setup form)."""
    show("stats", False)
    document.body.removeAttribute("data-screen")


async def record(session, game: int) -> None:
    """Add a finished game to the history (with points lost, once the advisor's table is here)."""
    from ..history import session_record
    from ..stats import new_bests

    await board.BOARD.load_table(session.coach.needs_table())
    record = session_record(session, game, now())
    history = read_history()
    bests = () if history is None else new_bests(history, record)
    if change_history(lambda history: history.add(record)) and bests:
        words = feel.best_cheer(bests, t=board.BOARD.t)
        status = by_id("status")
        status.textContent = f"{status.textContent} {words}"  # spoken with the game's end
        board.BOARD.celebrate(words)
        sound.play((feel.Cue.BEST,), True)


def withdraw(match, game: int) -> None:
    """Take a game an undo reopened out of the history (it is recorded again when it ends)."""
    from ..history import game_id

    change_history(lambda history: history.without(game_id(match, game)))


async def open_stats(key: str | None = None, name: str | None = None) -> None:
    """The Statistics screen over the stored history (the optimal player's numbers fetched once)."""
    from .. import stats

    if CACHE.references is None:
        try:
            CACHE.references = stats.references_from_dict(json.loads(await (await fetch(PAGE.site(REFERENCES))).text()))
        except Exception:  # noqa: BLE001 - offline and not cached, or damaged: charts without them
            CACHE.references = {}
    history = read_history()
    if history is not None:
        t = board.BOARD.t
        by_id("stats-body").innerHTML = markup.statistics(stats_view.statistics(history, CACHE.references, key, name, t=t), t=t)
    document.body.dataset.screen = "stats"
    show("stats")
    storage = getattr(window.navigator, "storage", None)
    try:
        persisted = bool(await storage.persisted()) if storage else None
    except Exception:  # noqa: BLE001 - a browser that cannot say
        persisted = None
    by_id("storage-status").textContent = stats_view.storage_status(persisted, t=board.BOARD.t)

async def import_backup(file) -> None:
    """Merge a backup file's games into the history (and restore its match if none is in progress)."""
    from ..history import MAX_BACKUP_BYTES, Backup, problem_text

    t = board.BOARD.t
    if file.size > MAX_BACKUP_BYTES:
        say(t._(view.WORDS.import_too_large))
        return
    try:
        backup = Backup.from_json(str(await file.text()))
    except GameError as error:
        say(f"{t._(view.WORDS.import_refused)} {problem_text(error, t)}")
        window.console.warn(f"import: {error}")
        return
    before = read_history()
    if before is None or not change_history(lambda history: history.merge(backup.history)):
        return
    restore = backup.session is not None and (board.BOARD.session is None or board.BOARD.session.next is Next.OVER)
    if restore:
        board.BOARD.begin(Session.from_dict(backup.session))
    say(stats_view.imported(len(before.games), len(read_history().games), restore, t=t))
    await open_stats()
