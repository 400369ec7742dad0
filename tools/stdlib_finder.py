"""Run inside Pyodide (tools/stdlib.mjs): which files of the standard library zip the game loads.

Not part of the game: tools/stdlib.py hands this file to Node, where Pyodide starts with its whole
standard library and the site's Python files written where PyScript writes them. Found by running:

1. every module named by an import anywhere in the game's files (its shell too, which needs a page
   and is not run here) and in PyScript's Python (``candidates``, found by tools/stdlib.py) is
   imported, which loads what each of them imports in turn;
2. the game's own modules are imported and played: throwaway turns of every rule set, a match
   with a computer and the coach, saved and read back, a catalogue read, the statistics;
3. every module then loaded from the zip, with its packages, is kept, and what Pyodide loaded to
   start.

It leaves ``result``: the zip's member names to keep, in the zip's order.
"""

import importlib
import json
import sys

ZIP = next(entry for entry in sys.path if entry.endswith(".zip"))


def as_bytes(path):
    """A file's bytes (tools/stdlib.mjs wrote the tables and catalogues into Pyodide's file system)."""
    with open(path, "rb") as file:
        return file.read()


def loaded_from_zip():
    """Members of the zip that loaded modules came from (packages' __init__ files included)."""
    out = set()
    for module in list(sys.modules.values()):
        where = getattr(module, "__file__", None) or ""
        if where.startswith(ZIP + "/"):
            out.add(where[len(ZIP) + 1 :])
    return out


def import_candidates(names):
    """Import each name the zip can give (a name found by a text scan may be no module at all)."""
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # not a module of the zip, or one that needs a page
            pass


def tour():
    """Play the game's core as the page does, through its public functions."""
    from dataclasses import replace

    from game.coach.session import Session
    from game.core import i18n, variants
    from game.core.cards import Seat
    from game.core.engine import new_match
    from game.present import coach_view, stats_markup, stats_view, warmup
    from game.records import stats
    from game.records.backup import Backup
    from game.records.history import History
    from game.records.record import session_record

    turns = warmup.practice_turns()
    for _ in range(40):
        next(turns)
    for name in variants.VARIANTS:
        session = Session(new_match(name, ["Ann", Seat.computer("Cy", "win")], seed=3), hints=frozenset({0}))
        for table in (session.coach.needs_table(), session.coach.needs_spread()):
            if table in TABLES:
                session = replace(session, coach=session.coach.loaded(as_bytes(TABLES[table]), table))
        session = session.act(session.match.legal_actions()[0]).session
        hint = session.hint()
        if hint is not None:
            coach_view.advice(session.match, hint)
        coach_view.chances_text(session.match, session.win_chances())
        session = Session.from_json(session.to_json())
        for _ in range(3):
            if session.computer_move() is not None:
                session = session.computer_step().session
        coach_view.report(session)
    finished = new_match("yacht", ["Ann"], seed=3)
    for box in finished.open_categories():
        finished = finished.roll().score(box)
    history = History.from_json(History().add(session_record(Session(finished), 0, "2026-11-23T06:40:00Z")).to_json())
    references = stats.references_from_dict(REFERENCES)
    stats_markup.statistics(stats_view.statistics(history, references))
    Backup.from_json(Backup(history, session.to_dict(), {"theme": "dark"}, "2026-11-23T07:00:00Z").to_json())
    for code, mo in CATALOGUES.items():
        i18n.Text.from_mo(code, as_bytes(mo))


import_candidates(CANDIDATES)
for name in GAME_MODULES:
    importlib.import_module(name)
try:
    tour()
except Exception as error:  # report, the build decides
    TOUR_ERROR = f"{type(error).__name__}: {error}"
else:
    TOUR_ERROR = None
keep = loaded_from_zip()
members = [info.filename for info in __import__("zipfile").ZipFile(ZIP).infolist()]
folders = {"/".join(path.split("/")[:depth]) + "/" for path in keep for depth in range(1, path.count("/") + 1)}
result = json.dumps(
    {
        "keep": [name for name in members if name in keep or name in folders],
        "tour_error": TOUR_ERROR,
        "count": len(keep),
    }
)
