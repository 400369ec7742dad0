"""What the Statistics screen shows, as plain values: the pure half of that screen (game.markup draws it).

>>> from game.history import History
>>> statistics(History(), {}).empty
'No finished games yet: they are recorded here as you play.'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import rules

__all__ = ["RECENT_GAMES", "StatsPage", "statistics", "storage_status", "imported"]

RECENT_GAMES = 20
"""Finished games listed (newest first) on the Statistics screen, each with its Delete button."""


@dataclass(frozen=True)
class StatsPage:
    """The Statistics screen: which rule set and person, their numbers, the charts' values, the games."""

    rule_sets: tuple[tuple[str, str], ...] = ()  # (key, label)
    key: str | None = None
    players: tuple[str, ...] = ()
    name: str | None = None
    numbers: tuple[tuple[str, str], ...] = ()  # (what, value)
    histogram: tuple[tuple[int, int, int], ...] = ()
    reference: tuple[tuple[int, int], ...] | None = None
    boxes: tuple[tuple[str, float, float | None], ...] = ()
    trend: tuple[float, ...] = ()
    rivals: tuple[str, ...] = ()  # head-to-head lines
    recent: tuple[tuple[str, str], ...] = ()  # (game id, what happened)
    empty: str = ""


def _percent(rate: float | None) -> str:
    return "—" if rate is None else f"{100 * rate:.0f}%"


def _game_line(record) -> str:
    seats = ", ".join(f"{seat.name} {total}" for seat, total in zip(record.seats, record.totals))
    return f"{record.ended[:10]} · {record.title} · {seats}"


def statistics(history, references: dict, key: str | None = None, name: str | None = None) -> StatsPage:
    """The Statistics screen for a game.history.History, one rule set (key) and one person (name).

    Unknown or missing choices fall back to the first rule set and person; ``references`` maps a
    rule set key to the optimal player's game.stats.Reference.

    >>> from game.history import History
    >>> statistics(History(), {}).empty
    'No finished games yet: they are recorded here as you play.'
    """
    from . import stats

    sets = stats.rule_sets(history)
    recent = tuple((r.id, _game_line(r)) for r in reversed(history.games[-RECENT_GAMES:]))
    if not sets:
        return StatsPage(empty="No finished games yet: they are recorded here as you play.")
    key = key if key in dict(sets) else sets[0][0]
    names = stats.players(history, key)
    name = name if name in names else (names[0] if names else None)
    reference = references.get(key)
    page = StatsPage(sets, key, names, name, recent=recent)
    if name is None:
        return replace(page, empty="Only computer players have finished games of these rules.")
    s = stats.summary(history, key, name, reference)
    ruleset = rules.from_dict(history.by_rules[key][0].rules)
    top = ruleset.category(ruleset.yahtzee_id).name if ruleset.yahtzee_id else "Top box"
    numbers = (
        ("Games", str(s.games)), ("Mean", f"{s.mean:.1f}"), ("Median", f"{s.median:g}"),
        ("Best", f"{s.best} ({s.best_ended[:10]})"), ("Standard deviation", f"{s.sd:.1f}"),
        ("Upper bonus", _percent(s.upper_bonus_rate)), (f"Games with a {top}", _percent(s.yahtzee_rate)),
    ) + ((("Optimal player's mean", f"{reference.mean:.1f}"),) if reference else ())  # fmt: skip
    rivals = tuple(
        f"{h.a} {h.wins_a} – {h.wins_b} {h.b}" + (f" ({h.ties} tied)" if h.ties else "")
        for h in stats.head_to_head(history, key, name)
    )
    return replace(
        page, numbers=numbers, histogram=s.histogram, reference=reference.counts if reference else None,
        boxes=tuple((b.name, b.mean, b.reference) for b in s.boxes), trend=s.lost_trend, rivals=rivals,
    )  # fmt: skip


def storage_status(persisted: bool | None) -> str:
    """Whether the browser promised to keep this site's data (None: it cannot say).

    >>> storage_status(True)
    'This browser keeps your games: storage is persistent.'
    """
    if persisted is None:
        return "This browser does not say whether it keeps your games: export a backup now and then."
    if persisted:
        return "This browser keeps your games: storage is persistent."
    return "This browser may delete your games after a while without a visit: export a backup now and then."


def imported(before: int, after: int, restored: bool) -> str:
    """What an import did.

    >>> imported(3, 5, False)
    'Imported 2 new games (3 were already here).'
    """
    new = after - before
    text = f"Imported {new} new game{'' if new == 1 else 's'} ({before} were already here)."
    return text + (" The match in progress was restored." if restored else "")
