"""Records and histories made for a test: hand-built Yacht records, and games played into the Statistics."""

from __future__ import annotations

import json
from pathlib import Path

from game.core import variants
from game.core.engine import new_match
from game.records import stats
from game.records.history import History
from game.records.record import SeatRecord, build_record, demo_record, record_game, shape_of

ROOT = Path(__file__).resolve().parents[2]


YACHT = variants.ruleset("yacht")


ROW = [5] + [0] * 9 + [5, 50]  # scores rolls make in Yacht


def game(number, lost=(6.0,), decisions=(30,), hinted=(False,), undos=(0,), seats=(("Ann", "human", None),)):
    """A hand-built Yacht record, its id and time from ``number`` (later numbers end later)."""
    return build_record(
        f"{number:016x}",
        f"2026-11-{1 + number // 24:02d}T{number % 24:02d}:00:00Z",
        shape_of(YACHT),
        number,
        0,
        tuple(SeatRecord(*seat) for seat in seats),
        [ROW] * len(seats),
        (0,) * len(seats),
        undos,
        lost,
        decisions=decisions,
        hinted=hinted,
    )


def history(*records):
    out = History()
    for record in records:
        out = out.add(record)
    return out


def recorded(ruleset, players, seed: int, ended: str, lost: list[float | None]):
    """A finished game of ``ruleset`` by seed, each turn scoring the first open box."""
    m = new_match(ruleset, list(players), seed=seed)
    while not m.game_over:
        m = m.roll().score(m.open_categories()[0])
    return record_game(m, 0, ended, [0] * len(players), lost)


def statistics_history() -> History:
    """Yacht games of Ann and Bob (one a tie, won and lost), and one Yahtzee game with options off their defaults."""
    h = History().add(demo_record())
    for seed, day in ((3, "2026-01-05"), (4, "2026-02-17"), (7, "2026-03-09")):
        h = h.add(recorded("yacht", ("Ann", "Bob"), seed, f"{day}T10:00:00Z", [12.25, 3.5]))
    options = variants.ruleset("yahtzee", joker="free", upper_bonus=False)
    return h.add(recorded(options, ["Ann"], 11, "2026-04-01T08:30:00Z", [20.0]))


def references() -> dict:
    return stats.references_from_dict(json.loads((ROOT / "static" / "tables" / "optimal.json").read_text()))


def yacht(h: History) -> str:
    return next(key for key, label in stats.rule_sets(h) if label == "Yacht")
