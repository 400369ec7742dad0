"""What the Statistics screen shows, as plain values: the pure half of that screen (game.present.markup draws it).

Every word, number and date is in the language of a :class:`~game.core.i18n.Text` (``t``, English by default).

>>> from game.records.history import History
>>> statistics(History(), {}).empty
'No finished games yet: they are recorded here as you play.'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING

from game.core import variants
from game.core.i18n import ENGLISH, N_, Text

if TYPE_CHECKING:  # the records are read when the screen is drawn, not at the start
    from game.core.rules import RuleSet
    from game.records.history import History
    from game.records.rating import Rating
    from game.records.record import GameRecord
    from game.records.stats import Reference

__all__ = [
    "BAND_WORDS",
    "RECENT_GAMES",
    "SCALE",
    "StatsPage",
    "better_than",
    "statistics",
    "storage_status",
    "imported",
]

RECENT_GAMES = 20
"""Finished games listed (newest first) on the Statistics screen, each with its Delete button."""

BAND_WORDS = {
    # Translators: a rating's band in words (mean points lost per decision below 0.1), as in the scale below it.
    "superb": N_("superb"),
    # Translators: a rating's band (below 0.2, Tom Verhoeff's aim).
    "strong": N_("strong"),
    # Translators: a rating's band (below 0.5).
    "good": N_("good"),
    # Translators: a rating's band (below 1).
    "fair": N_("fair"),
    # Translators: a rating's band (1 or more points lost per decision).
    "learning": N_("learning"),
}
"""Each game.records.rating.Band's words, by its value."""

# Translators: under the rating on the Statistics screen: what it measures and its bands ({superb} is "0.1", and so on).
SCALE = N_(
    "Rating: the mean points lost per decision (a keep or a box) against the optimal player; lower is better. "
    "Below {superb}: superb; below {strong}: strong (Tom Verhoeff's aim in his Yahtzee proficiency test); "
    "below {good}: good; below {fair}: fair; above: learning. Games with undos or hints are rated apart."
)
# Translators: a rating's value: mean points lost per decision and its band in words ("0.34 per decision, good").
PER_DECISION_BAND = N_("{value} per decision, {band}")
# Translators: a rating's value: mean points lost per decision ("0.34 per decision").
PER_DECISION = N_("{value} per decision")
# Translators: where a final total stands against the optimal player's games ("better than 62% of its games").
BETTER_THAN = N_("better than {percent} of its games")
# Translators: where a final total below nearly all the optimal player's games stands ("lower than 99% of its games").
LOWER_THAN = N_("lower than {percent} of its games")


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
    rating_trend: tuple[float, ...] = ()  # each game's points lost per decision, played alone, oldest first
    luck_trend: tuple[float, ...] = ()  # what the dice gave each game (game.coach.luck), oldest first
    scale: str = ""  # the rating's scale in words (shown with the rating)
    rivals: tuple[str, ...] = ()  # head-to-head lines
    recent: tuple[tuple[str, str], ...] = ()  # (game id, what happened)
    empty: str = ""
    streak: str = ""  # the daily games' streak, in words (game.records.daily)
    daily: tuple[str, ...] = ()  # the latest days' results (date, rule set, total), newest first


def _percent(rate: float | None, t: Text) -> str:
    return "—" if rate is None else t.percent(rate, 0)


def _rating_rows(rated: Rating, t: Text) -> tuple[tuple[str, str], ...]:
    """The rating's rows: recent and overall, then the games with undos or hints apart."""
    from game.records.rating import RECENT

    def value(mean: float) -> str:
        return t._(PER_DECISION, value=t.number(mean, 2))

    rows = []
    if rated.recent is not None and rated.overall is not None and rated.band is not None:
        recent = t._(PER_DECISION_BAND, value=t.number(rated.recent, 2), band=t._(BAND_WORDS[rated.band.value]))
        # Translators: a row of the Statistics screen: the rating over the latest games played without undo or hint.
        count = len(rated.games)
        recent_count = min(RECENT, count)
        rows.append((t.n_("Rating, last game", "Rating, last {count} games", recent_count), recent))
        # Translators: a row of the Statistics screen: the rating over every game played without undo or hint.
        rows.append((t.n_("Rating, all {count} game", "Rating, all {count} games", count), value(rated.overall)))
    else:
        # Translators: a row of the Statistics screen where no game played without undo or hint was rated yet.
        rows.append((t._("Rating"), t._("no game rated yet")))
    if rated.helped_overall is not None:
        count = len(rated.helped)
        # Translators: a row of the Statistics screen: the rating of the games played with undos or hints, apart.
        rows.append(
            (
                t.n_("With undos or hints, {count} game", "With undos or hints, {count} games", count),
                value(rated.helped_overall),
            )
        )
    return tuple(rows)


def _standing_rows(ruleset: RuleSet, median: float, best: int, t: Text) -> tuple[tuple[str, str], ...]:
    """Where the median and best totals stand against the optimal player's games (none without its distribution)."""
    from game.coach.finals import standing

    rows = []
    # Translators: rows of the Statistics screen: the median (then best) total against the optimal player's games.
    for what, total in (
        (t._("Median against the optimal player"), median),
        (t._("Best against the optimal player"), best),
    ):
        share = standing(ruleset, math.ceil(total))
        if share is not None:
            rows.append((what, better_than(share, t)))
    return tuple(rows)


def _luck_rows(
    ruleset: RuleSet, luck: tuple[float, ...], reference: Reference | None, t: Text
) -> tuple[tuple[str, str], ...]:
    """What the dice gave the person's games (game.coach.luck's split, read back from the records): the mean per game
    and the spread, the optimal player's beside them (mean 0, the spread of its exact distribution), and where the
    median game's dice stand among the optimal player's games (its luck is its total less its mean)."""
    from game.coach.finals import spread, standing
    from game.present.luck_view import signed

    if not luck or reference is None:
        return ()
    mean = math.fsum(luck) / len(luck)
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in luck) / len(luck))
    # Translators: a row of the Statistics screen: what the dice gave the person's games, against what the optimal
    # player expected: the mean per game ("+4.2") and the spread (standard deviation) of the games' luck.
    what = t.n_("Luck per game, {count} game", "Luck per game, {count} games", len(luck))
    # Translators: a luck row's value: the mean ("+4.2") and the spread, a standard deviation ("31.0").
    rows = [(what, t._("{mean}, spread {spread}", mean=signed(mean, t, 1), spread=t.number(sd, 1)))]
    optimal = spread(ruleset)
    if optimal is not None:
        # Translators: a row of the Statistics screen: the luck of the optimal player's games (mean 0 and its spread).
        label = t._("Optimal player's luck")
        rows.append((label, t._("{mean}, spread {spread}", mean=t.number(0, 1), spread=t.number(optimal, 1))))
    share = standing(ruleset, math.ceil(reference.expected + _median(luck)))
    if share is not None:
        # Translators: a row of the Statistics screen: the median game's dice against the optimal player's games' dice.
        rows.append((t._("Median dice against the optimal player"), better_than(share, t)))
    return tuple(rows)


def _median(values: tuple[float, ...]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def better_than(share: float, t: Text = ENGLISH) -> str:
    """A share of the optimal player's games below a total, in words, the percentage rounded down.

    >>> better_than(0.625), better_than(0.999), better_than(0.0)
    ('better than 62% of its games', 'better than 99% of its games', 'lower than 99% of its games')
    """
    if share < 0.01:  # "better than 0%" says it the wrong way round
        return t._(LOWER_THAN, percent=t.percent(min(math.floor((1 - share) * 100) / 100, 0.99), 0))
    return t._(BETTER_THAN, percent=t.percent(math.floor(share * 100) / 100, 0))


def _day(ended: str) -> date:
    """The day (UTC) of a recorded time such as "2026-11-23T06:40:00Z"."""
    return date.fromisoformat(ended[:10])


def _game_line(record: GameRecord, title: str, t: Text) -> str:
    # Translators: a player's final score in a list of a game's players ("Ann 212").
    seats = ", ".join(
        t._("{name} {points}", name=seat.name, points=total) for seat, total in zip(record.seats, record.totals)
    )
    if record.real_dice:  # marked: its dice were rolled on a table, not the game's
        # Translators: the rule set of a game played with real dice in the list of recent games ("Yatzy, real dice").
        title = t._("{rules}, real dice", rules=title)
    # Translators: a finished game in the list of recent games: its day, its rule set and each player's score.
    return t._(
        "{date} · {rules} · {scores}", date=t.day_month(_day(record.ended), year=True), rules=title, scores=seats
    )


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
    '23 Nov 2026 · Yacht · Ann 60, Bob 60'
    """
    from game.records import rating, stats

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
    assert s.best is not None
    ruleset = variants.from_dict(history.by_rules[key][0].rules)
    top = ruleset.category(ruleset.yahtzee_id).display(t) if ruleset.yahtzee_id else t._("Top box")
    median = t.number(s.median, 0 if float(s.median).is_integer() else 1)
    # Translators: the best final score and the day it was first reached ("212 (23 Nov 2026)").
    best = t._("{points} ({date})", points=s.best, date=t.day_month(_day(s.best_ended), year=True))
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
    rated = rating.rating(history, key, name)
    numbers += _standing_rows(ruleset, s.median, s.best, t) + _luck_rows(ruleset, s.luck, reference, t)
    numbers += _rating_rows(rated, t)
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
        rating_trend=rated.trend,
        luck_trend=s.luck,
        scale=t._(SCALE, **{b.value: t.number(top, 1) for top, b in rating.BANDS}),
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
