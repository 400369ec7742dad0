"""What the Statistics screen shows, as plain values: the pure half of that screen (game.present.markup draws it).

Every word, number and date is in the language of a :class:`~game.core.i18n.Text` (``t``, English by default).

>>> from game.records.history import History
>>> statistics(History(), {}).empty
'No finished games yet: they are recorded here as you play.'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING

from game.core import variants
from game.core.i18n import ENGLISH, Text

if TYPE_CHECKING:  # the records are read when the screen is drawn, not at the start
    from game.records.history import History
    from game.records.record import GameRecord
    from game.records.stats import Reference

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
    streak: str = ""  # the daily games' streak, in words (game.records.daily)
    daily: tuple[str, ...] = ()  # the latest days' results (date, rule set, total), newest first


def _percent(rate: float | None, t: Text) -> str:
    return "—" if rate is None else t.percent(rate, 0)


def _day(ended: str) -> date:
    """The day (UTC) of a recorded time such as "2026-11-23T06:40:00Z"."""
    return date.fromisoformat(ended[:10])


def _game_line(record: GameRecord, title: str, t: Text) -> str:
    # Translators: a player's final score in a list of a game's players ("Ann 212").
    seats = ", ".join(
        t._("{name} {points}", name=seat.name, points=total) for seat, total in zip(record.seats, record.totals)
    )
    # Translators: a finished game in the list of recent games: its day, its rule set and each player's score.
    return t._("{date} · {rules} · {scores}", date=t.date(_day(record.ended)), rules=title, scores=seats)


def _daily(history: History, today: date | None, t: Text) -> tuple[str, tuple[str, ...]]:
    """The daily games' part of the page: their streak up to ``today`` (UTC) and the latest days' results
    ("" and () without daily games)."""
    from game.records import daily

    shown = daily.results(history)
    if not shown:
        return "", ()
    count = daily.streak(history, today) if today is not None else 0
    # Translators: on the Statistics screen: days in a row with a daily game played (up to today or yesterday).
    streak = t.n_("Daily streak: {count} day", "Daily streak: {count} days", count)
    return streak, tuple(daily.result_line(record, t) for record in shown[: daily.RESULTS_SHOWN])


def statistics(
    history: History,
    references: dict[str, Reference],
    key: str | None = None,
    name: str | None = None,
    *,
    t: Text = ENGLISH,
    today: date | None = None,
) -> StatsPage:
    """The Statistics screen for a game.records.history.History, one rule set (key) and one person (name).

    Unknown or missing choices fall back to the first rule set and person; ``references`` maps a
    rule set key to the optimal player's game.records.stats.Reference. Words, numbers and dates are in
    the language of ``t``. ``today`` (UTC) is the day the daily games' streak runs to (game.records.daily).

    >>> from game.records.history import History
    >>> from game.records.record import demo_record
    >>> statistics(History(), {}).empty
    'No finished games yet: they are recorded here as you play.'
    >>> statistics(History().add(demo_record()), {}).recent[0][1]
    '11/23/2026 · Yacht · Ann 60, Bob 60'
    """
    from game.records import stats

    sets = stats.rule_sets(history, t=t)
    titles: dict[int, str] = {}  # the games of one rule set share one rules dict: word its title once
    recent = []
    for record in reversed(history.games[-RECENT_GAMES:]):
        title = titles.get(id(record.rules))
        if title is None:
            title = titles[id(record.rules)] = variants.from_dict(record.rules).display(t)
        recent.append((record.id, _game_line(record, title, t)))
    if not sets:
        return StatsPage(empty=t._("No finished games yet: they are recorded here as you play."))
    key = key if key in dict(sets) else sets[0][0]
    names = stats.players(history, key)
    name = name if name in names else (names[0] if names else None)
    reference = references.get(key)
    streak, days = _daily(history, today, t)
    page = StatsPage(sets, key, names, name, recent=tuple(recent), streak=streak, daily=days)
    if name is None:
        return replace(page, empty=t._("Only computer players have finished games of these rules."))
    s = stats.summary(history, key, name, reference)
    # the person has finished games of these rules, so every number is there
    assert s.mean is not None and s.median is not None and s.sd is not None and s.best_ended is not None
    ruleset = variants.from_dict(history.by_rules[key][0].rules)
    top = ruleset.category(ruleset.yahtzee_id).display(t) if ruleset.yahtzee_id else t._("Top box")
    median = t.number(s.median, 0 if float(s.median).is_integer() else 1)
    # Translators: the best final score and the day it was first reached ("212 (11/23/2026)").
    best = t._("{points} ({date})", points=s.best, date=t.date(_day(s.best_ended)))
    numbers = (
        # Translators: the rows of a player's statistics: games played, then the mean and median final score.
        (t._("Games"), t.number(s.games)),
        (t._("Mean"), t.number(s.mean, 1)),
        (t._("Median"), median),
        (t._("Best"), best),
        (t._("Standard deviation"), t.number(s.sd, 1)),
        (t._("Upper bonus"), _percent(s.upper_bonus_rate, t)),
        # Translators: the share of games in which the player filled the top box ("Games with a Yahtzee").
        (t._("Games with a {box}", box=top), _percent(s.yahtzee_rate, t)),
    ) + (((t._("Optimal player's mean"), t.number(reference.expected, 1)),) if reference else ())
    rivals = []
    for h in stats.head_to_head(history, key, name):
        if h.ties:
            # Translators: two players' wins against each other, and their ties ("Ann 3 – 2 Bob (1 tied)").
            rivals.append(
                t.n_(
                    "{a} {wins_a} – {wins_b} {b} ({count} tied)",
                    "{a} {wins_a} – {wins_b} {b} ({count} tied)",
                    h.ties,
                    a=h.a,
                    b=h.b,
                    wins_a=h.wins_a,
                    wins_b=h.wins_b,
                )
            )
        else:
            # Translators: two players' wins against each other ("Ann 3 – 2 Bob").
            rivals.append(t._("{a} {wins_a} – {wins_b} {b}", a=h.a, b=h.b, wins_a=h.wins_a, wins_b=h.wins_b))
    names_of = {category.id: category.display(t) for category in ruleset.categories}
    return replace(
        page,
        numbers=numbers,
        histogram=s.histogram,
        reference=reference.counts if reference else None,
        boxes=tuple((names_of[b.id], b.mean, b.reference) for b in s.boxes),
        trend=s.lost_trend,
        rivals=tuple(rivals),
    )


def storage_status(persisted: bool | None, *, t: Text = ENGLISH) -> str:
    """Whether the browser promised to keep this site's data (None: it cannot say), in the language of ``t``.

    >>> storage_status(True)
    'This browser keeps your games: storage is persistent.'
    """
    if persisted is None:
        return t._("This browser does not say whether it keeps your games: export a backup now and then.")
    if persisted:
        return t._("This browser keeps your games: storage is persistent.")
    return t._("This browser may delete your games after a while without a visit: export a backup now and then.")


def imported(before: int, after: int, restored: bool, *, t: Text = ENGLISH) -> str:
    """What an import did, in the language of ``t`` (each count with its own plural, numbers grouped).

    >>> imported(3, 5, False), imported(1, 2, False), imported(0, 40_000, False)
    ('Imported 2 new games. 3 were already here.', 'Imported 1 new game. 1 was already here.', 'Imported 40,000 new games.')
    """
    new = after - before
    text = t.n_("Imported {number} new game.", "Imported {number} new games.", new, number=t.number(new))
    if before:
        text += " " + t.n_("{number} was already here.", "{number} were already here.", before, number=t.number(before))
    return text + (" " + t._("The match in progress was restored.") if restored else "")
