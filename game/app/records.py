"""The records' screens and files: Statistics over the stored history (with the optimal player's
numbers), the backup exported and imported, the games and kept copies the player deletes.

    >>> from game.app.state import App
    >>> app, effects = open_stats(App())
    >>> app.over, effects[0]
    (<Over.NOTHING: ''>, Fetch(name='references', path='./static/tables/optimal.json'))
"""

from __future__ import annotations

from dataclasses import replace

from game.app.effects import AskPersisted, Console, ConsoleLevel, Download, Remove
from game.app.events import Answered, File, GameDeleteConfirmed, Persisted
from game.app.facts import Statistics
from game.app.keys import CHALLENGE_KEY, HISTORY_KEY, REFERENCES, TRAINER_KEY
from game.app.notices import Imported, Plain, Unreadable
from game.app.state import App, Out, Over, fetch, focus, store
from game.app.storage import (
    history_to_write,
    kept_copies,
    read_history,
    readable_history,
    remembered_fields,
    saved_elsewhere,
    trainer_read,
    unreadable,
    write_history,
)
from game.app.table import begin
from game.app.waits import TABLES
from game.coach.session import Next, Session
from game.core import links
from game.core.cards import SeatKind
from game.core.inputs import read_json
from game.core.refusals import GameError
from game.records import stats
from game.records.backup import Backup
from game.records.daily import today
from game.records.history import History
from game.records.loading import MAX_BACKUP_BYTES
from game.records.record import NO_TIME, utc_time
from game.records.trainer import Trainer

REFERENCES_PATH = TABLES + "optimal.json"  # the optimal player's distributions (tools/build_optimal.py)


def close_stats(app: App) -> Out:
    """Statistics closed (its Back, or the Rules opened over it)."""
    return (replace(app, overlay=Over.NOTHING), []) if app.over is Over.STATS else (app, [])


def open_stats(app: App, effects: list | None = None, key: str | None = None, name: str | None = None) -> Out:
    """The Statistics screen over the stored history (the optimal player's numbers fetched once), filtered
    by rule set and person (the last filter when None)."""
    effects = list(effects or [])
    key, name = app.statistics.filters[0] if key is None else key, app.statistics.filters[1] if name is None else name
    app, references = app.at_statistics(filters=(key, name)), app.files.references
    if references is None:
        if REFERENCES not in app.files.fetching:
            app = app.at_files(fetching=app.files.fetching | {REFERENCES})
            effects.append(fetch(REFERENCES, REFERENCES_PATH))
        return app.wait(stats=(key, name)), effects
    app, history, problem, kept = readable_history(app)
    effects += kept
    app = unreadable(app, problem)[0]  # said (the console's warning is a writer's: history_to_write)
    if history is not None:  # else the body as it was (the notice says why)
        trainer, day = stored_trainer(app), today(app.now)
        app = app.at_statistics(
            stats=Statistics(history, references, key or None, name or None, day, trainer, person(app))
        )
    effects.append(AskPersisted())
    if app.over is not Over.STATS:  # opened (not a filter changed): the view scrolls it to its top
        effects.append(focus("stats-title"))
    return replace(app, overlay=Over.STATS).wait(stats=None), effects


def shown_key(app: App) -> tuple[History | None, str]:
    """The history and the rule set Statistics shows (its filter's, else its first; "" without games)."""
    _, history, _ = read_history(app)
    if history is None or not history.games:
        return history, ""
    sets = dict(stats.rule_sets(history, t=app.t))
    return history, app.statistics.filters[0] if app.statistics.filters[0] in sets else next(iter(sets), "")


def person(app: App) -> str:
    """Whose practice it is: the person Statistics shows (its filter's, else its first of the rule set it shows),
    else the first person at the table."""
    if app.statistics.filters[1]:
        return app.statistics.filters[1]
    history, key = shown_key(app)
    names = stats.players(history, key) if history is not None and key else ()
    if names:
        return names[0]
    seats = app.session.match.seats if app.session is not None else ()
    return next((seat.name for seat in seats if seat.kind is SeatKind.HUMAN), "")


def stored_trainer(app: App) -> Trainer:
    """The trainer's stored progress for Statistics (unreadable: none yet; the trainer keeps it aside when opened)."""
    _, trainer = trainer_read(app)
    return Trainer() if isinstance(trainer, ValueError) else trainer


def references_came(app: App, data: bytes | None) -> Out:
    """The optimal player's numbers came (or could not: the charts go without them); Statistics, if it waits, drawn."""
    try:
        references = (
            stats.references_from_dict(read_json(data, "optimal player's numbers", limit=len(data))) if data else {}
        )
    except (GameError, ValueError, TypeError, KeyError):  # damaged: charts without them
        references = {}
    app = app.at_files(references=references)
    return open_stats(app, [], *app.waiting.stats) if app.waiting.stats is not None else (app, [])


def on_persisted(app: App, event: Persisted) -> Out:
    """Whether the browser keeps this site's storage for good, said on the Statistics screen."""
    return app.keeping(persisted=event), []


def export_backup(app: App) -> Out:
    """Download one file: the history, the match in progress, the setup form's choices, the challenge kept and the
    trainer's progress (when readable: unreadable data is the trainer's to keep aside)."""
    app, history, problem, kept = readable_history(app)
    if history is None:
        return unreadable(app, problem)[0], []
    setup = remembered_fields(app)
    session = app.session.to_dict() if app.session else None
    try:
        exported = utc_time(app.now)
    except ValueError:  # a time the page should never send: never a file the game cannot import again
        exported = NO_TIME
    trainer = stored_trainer(app)
    practised = trainer.to_json() if trainer != Trainer() else None
    backup = Backup(history, session, {"setup": setup}, exported, kept_challenge(app), practised)
    return app, [*kept, Download(f"yacht-dice-backup-{exported[:10]}.json", backup.to_json())]


def kept_challenge(app: App) -> str | None:
    """The challenge link's text this phone keeps (CHALLENGE_KEY), when it is one (as the start reads it)."""
    text = app.value(CHALLENGE_KEY)
    return text if text is not None and app.kept.challenge is not None else None


def restore_challenge(app: App, text: str | None) -> Out:
    """A backup's challenge, kept where this phone keeps none (its own is never replaced: the file still has it)."""
    if text is None or kept_challenge(app) is not None:
        return app, []
    link = links.read(text)
    app = app.holding(CHALLENGE_KEY, text).keeping_challenge(challenge=link.match, challenge_hints=link.hints)
    return app, [store(CHALLENGE_KEY, text)]


def restore_trainer(app: App, text: str | None) -> Out:
    """A backup's trainer merged into this phone's: a person's progress here is kept, and unreadable trainer data
    here is never written over (the trainer keeps it aside when it opens)."""
    if text is None:
        return app, []
    read, here = trainer_read(app)
    if isinstance(here, ValueError):
        return app, []
    merged = here.merged(Trainer.from_json(text))
    if merged == here:
        return app, []
    text = merged.to_json()
    return read.holding(TRAINER_KEY, text, merged), [store(TRAINER_KEY, text)]


def on_file(app: App, event: File) -> Out:
    """Merge a backup file's games into the history (and restore its match if none is in progress, here or in
    another tab, and its challenge if this phone keeps none)."""
    if event.size > MAX_BACKUP_BYTES:
        return app.say(Plain.IMPORT_TOO_LARGE), []
    try:
        backup = Backup.from_json(event.text)
    except GameError as error:
        app = app.say(Plain.IMPORT_REFUSED, Unreadable(error))
        return app, [Console(ConsoleLevel.WARN, f"import: {error}")]
    app, before, answer = history_to_write(app, event)
    if before is None:
        return answer
    after = before.merge(backup.history)
    app, effects = write_history(app, after)
    app, more = restore_challenge(app, backup.challenge)
    effects += more
    app, more = restore_trainer(app, backup.trainer)
    effects += more
    ended = app.session is None or app.session.next is Next.OVER
    restore = backup.session is not None and ended and not saved_elsewhere(app)  # never over another tab's match
    if restore:
        app, more = begin(app, Session.from_dict(backup.session))
        effects += more
    app, shown = open_stats(app)
    return app.say(Imported(len(before.games), len(after.games), restore)), [*effects, *shown]


def delete_kept(app: App) -> Out:
    """The player's yes to deleting the kept copies (else only the oldest beyond the bound go: storage.prune_kept)."""
    copies = kept_copies(app)
    kept = [key for key, _ in copies]
    # A history kept aside by a copy still stands under its key until a game is recorded, read as a new, empty
    # history: it goes with its copy, else the next reader would find it unreadable again and copy it back.
    if app.value(HISTORY_KEY) in {value for _, value in copies}:
        kept.append(HISTORY_KEY)
    for key in kept:
        app = app.holding(key, None)
    app, more = open_stats(app)
    return app, [*(Remove(key) for key in kept), *more]


def delete_games(app: App, event: Answered | GameDeleteConfirmed) -> Out:
    """The player's yes to deleting one game or all: the history as storage holds it now, written back without them."""
    game = event.game if isinstance(event, GameDeleteConfirmed) else None
    app, history, answer = history_to_write(app, event)
    if history is None:
        return answer
    app, effects = write_history(app, history.without(game) if game else history.cleared())
    app, more = open_stats(app)
    return app, effects + more
