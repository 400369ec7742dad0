"""The daily game: one per rule set per UTC day, the same dice for everyone everywhere.

Its seed is text made of the day and the daily game's name (:func:`seed`); it is played alone, one game,
with the rule set's standard options, so that everyone who plays a day's game meets the same
dice in the same slots (game.core.engine's slot dice). A rule set played in forced order has a daily
game of its own, named with :data:`FORCED` (``yatzy-forced``): its own seed, result and share text. The core never reads the clock: the day comes
from the ``now`` each page event carries (:func:`today`). A finished game is known as a daily one
from its record's seed, rules and seats (:func:`day_of`), so the history needs no new field.

The streak counts days with a daily game of any rule set: a habit of playing every day, whichever
game. A day's result is its first finished daily game of that rule set: playing it again is
allowed (the lobby says it was played and offers its result first) but changes nothing here.

>>> seed("yatzy", date(2026, 11, 24))
'daily:2026-11-24:yatzy'
>>> today("2026-11-24T23:59:59.999Z"), today("2026-11-25T01:00:00+02:00")
(datetime.date(2026, 11, 24), datetime.date(2026, 11, 24))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from game.core import rules, variants
from game.core.dice import Draw
from game.core.i18n import ENGLISH, Text

if TYPE_CHECKING:
    from game.core.engine import Match
    from game.records.history import History
    from game.records.record import GameRecord

__all__ = [
    "FORCED",
    "RESULTS_SHOWN",
    "game_name",
    "display",
    "seed",
    "today",
    "standard",
    "day_of",
    "match_day",
    "results",
    "played",
    "streak",
    "share_text",
    "result_line",
    "short_day",
    "table_line",
]

RESULTS_SHOWN = 10
"""Daily results listed on the Statistics screen, newest first."""

FORCED = "-forced"
"""The end of a daily game's name played in forced order (a rule set name has no hyphen)."""

_SEED = re.compile(r"daily:(\d{4}-\d{2}-\d{2}):([a-z]+(?:-forced)?)")
_PERSON = "human"  # a seat record's kind for a person (game.core.cards.SeatKind.HUMAN's value)


def game_name(rules_name: str, forced: bool = False) -> str:
    """The daily game's name of a rule set (its name in links), played in forced order or not.

    >>> game_name("yatzy"), game_name("yatzy", forced=True), game_name("yacht", forced=True)
    ('yatzy', 'yatzy-forced', 'yacht')
    """
    forced = forced and any(spec.name == "forced_order" for spec in variants.variant(rules_name).options)
    return rules_name + FORCED if forced else rules_name


def _names() -> frozenset[str]:
    """Every daily game's name: each rule set's, and that of each one that can be played in forced order."""
    return frozenset(game_name(name, forced) for name in variants.VARIANTS for forced in (False, True))


def display(name: str, t: Text = ENGLISH) -> str:
    """A daily game's name as a player reads it: the rule set's, and in forced order, said so.

    >>> display("yatzy"), display("yatzy-forced")
    ('Yatzy', 'Yatzy in forced order')
    """
    rules_name = name.removesuffix(FORCED)
    shown = variants.variant(rules_name).display(t)
    if rules_name == name:
        return shown
    # Translators: a daily game's rule set played in forced order (each turn fills the next box): "Yatzy in forced order".
    return t._("{rules} in forced order", rules=shown)


def seed(name: str, day: date) -> str:
    """The daily game's seed for a daily game's name (:func:`game_name`) and a UTC day.

    >>> seed("yacht", date(2026, 1, 5)), seed("yatzy-forced", date(2026, 1, 5))
    ('daily:2026-01-05:yacht', 'daily:2026-01-05:yatzy-forced')
    """
    return f"daily:{day.isoformat()}:{name}"


def today(now: str) -> date | None:
    """The UTC day of a page event's ``now`` (ISO 8601; a time without an offset is UTC); None if unreadable.

    >>> today("2026-11-24T10:00:00.000Z"), today(""), today("24/11/2026")
    (datetime.date(2026, 11, 24), None, None)
    """
    try:
        moment = datetime.fromisoformat(now)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.date()


def standard(name: str) -> rules.RuleSet:
    """The rule set a daily game is played with: the named one, every option at its default (but forced order).

    >>> standard("yahtzee").options["joker"], standard("yahtzee").forced_order, standard("yahtzee-forced").forced_order
    ('forced', False, True)
    """
    rules_name = name.removesuffix(FORCED)
    return variants.variant(rules_name).ruleset(**({"forced_order": True} if rules_name != name else {}))


def _seed_day(value: Any, rules_data: Mapping[str, Any]) -> tuple[date, str] | None:
    """The day and daily game's name a daily seed names, when the rules are that game's standard ones."""
    found = _SEED.fullmatch(value) if isinstance(value, str) else None
    if found is None or found.group(2) not in _names():
        return None
    try:
        day = date.fromisoformat(found.group(1))
    except ValueError:
        return None
    if dict(rules_data) != standard(found.group(2)).to_dict():
        return None
    return day, found.group(2)


def match_day(match: Match) -> tuple[date, str] | None:
    """The day and daily game's name of a daily match (one person, a daily seed, its rules), else None.

    >>> from game.core.engine import new_match
    >>> match_day(new_match("yatzy", ["Ann"], seed="daily:2026-11-24:yatzy"))
    (datetime.date(2026, 11, 24), 'yatzy')
    >>> match_day(new_match("yatzy", ["Ann", "Bob"], seed="daily:2026-11-24:yatzy")) is None
    True
    >>> match_day(new_match(standard("yatzy-forced"), ["Ann"], seed="daily:2026-11-24:yatzy-forced"))
    (datetime.date(2026, 11, 24), 'yatzy-forced')
    >>> match_day(new_match("yatzy", ["Ann"], seed="daily:2026-11-24:yatzy-forced")) is None
    True
    >>> match_day(new_match("yatzy", ["Ann"], seed="daily:2026-11-24:yatzy", draw=Draw.TYPED)) is None
    True
    """
    if len(match.seats) != 1 or match.seats[0].kind.value != _PERSON or match.games != 1 or match.draw is not Draw.SEAT:
        return None  # real dice, or a typed seed's own domain (game.core.dice.Draw), are never the day's dice
    return _seed_day(match.seed, match.ruleset.to_dict())


def day_of(record: GameRecord) -> tuple[date, str] | None:
    """The day and daily game's name a finished game was the daily game of, or None when it was not one.

    A daily game is one person's first game on a daily seed with the standard rules and no undo, begun on
    its day (UTC) and finished on it or the next (a game begun before midnight): a day's seed played on
    another day plays the same dice but is not that day's result, nor a day of a streak. A record from
    before starts were recorded is known by its end alone.

    >>> day_of(_demo("daily:2026-11-24:yacht", "2026-11-25T00:10:00Z"))
    (datetime.date(2026, 11, 24), 'yacht')
    >>> day_of(_demo("daily:2026-11-24:yacht", "2026-11-26T00:10:00Z")) is None
    True
    """
    if record.game != 0 or len(record.seats) != 1 or record.seats[0].kind != _PERSON or any(record.undos):
        return None
    if record.real_dice or record.typed_seed:  # the day's seed drew none of its dice, or drew them elsewhere
        return None
    named = _seed_day(record.seed, record.rules)
    if named is None or not 0 <= (date.fromisoformat(record.ended[:10]) - named[0]).days <= 1:
        return None
    if record.began and date.fromisoformat(record.began[:10]) != named[0]:
        return None  # a day's game begun on another day: its dice, not its result (nor a day of a streak)
    return named


def results(history: History) -> tuple[GameRecord, ...]:
    """Each day's result, newest day first: the first finished daily game of each day and daily game.

    >>> first, again = _demo("daily:2026-11-24:yacht", "2026-11-24T08:00:00Z", 20), _demo("daily:2026-11-24:yacht", "2026-11-24T09:00:00Z", 25)
    >>> from game.records.history import History
    >>> [r.totals for r in results(History().add(again).add(first))]
    [(20,)]
    """
    first: dict[tuple[date, str], GameRecord] = {}
    for record in history.games:  # oldest first
        named = day_of(record)
        if named is not None and named not in first:
            first[named] = record
    return tuple(record for _, record in sorted(first.items(), key=lambda item: item[0][0], reverse=True))


def played(history: History, name: str, day: date) -> GameRecord | None:
    """The day's result of a daily game (:func:`game_name`), when it has been played.

    >>> from game.records.history import History
    >>> h = History().add(_demo("daily:2026-11-24:yacht", "2026-11-24T08:00:00Z"))
    >>> played(h, "yacht", date(2026, 11, 24)) is not None, played(h, "yatzy", date(2026, 11, 24))
    (True, None)
    """
    return next((record for record in results(history) if day_of(record) == (day, name)), None)


def streak(history: History, day: date) -> int:
    """Days in a row, up to ``day`` (today) or the day before, each with a daily game of any rule set.

    A streak is still alive on a day not yet played; it ends once a whole day went by without one.

    >>> from game.records.history import History
    >>> h = History().add(_demo("daily:2026-11-23:yacht", "2026-11-23T08:00:00Z"))
    >>> h = h.add(_demo("daily:2026-11-24:yacht", "2026-11-24T08:00:00Z"))
    >>> streak(h, date(2026, 11, 24)), streak(h, date(2026, 11, 25)), streak(h, date(2026, 11, 26))
    (2, 2, 0)
    """
    days = {named[0] for named in map(day_of, history.games) if named is not None}
    current = day if day in days else day - timedelta(days=1)
    count = 0
    while current in days:
        count += 1
        current -= timedelta(days=1)
    return count


def _fives(record: GameRecord, ruleset: rules.RuleSet) -> int:
    """How many of the top box (Yahtzee, Yatzy, Yacht) the person made: the box, then each bonus."""
    if ruleset.yahtzee_id is None:
        return 0
    box = 1 if record.scores[0].get(ruleset.yahtzee_id) else 0
    bonuses = record.yahtzee_bonus[0] // ruleset.yahtzee_bonus_amount if ruleset.yahtzee_bonus_amount else 0
    return box + bonuses


def share_text(record: GameRecord, t: Text = ENGLISH) -> str:
    """A daily result to send, without spoilers: the total, the upper bonus, the top boxes made and the
    points lost against optimal play where the history has them; never the dice or the boxes chosen.

    >>> share_text(_demo("daily:2026-11-24:yacht", "2026-11-24T08:00:00Z", lost=12.44))
    'Yacht Dice · Yacht daily 2026-11-24 — 60 points, Yacht × 1, 12.4 points from optimal'
    """
    named = day_of(record) or _seed_day(record.seed, record.rules)
    ruleset = variants.from_dict(record.rules)
    name = named[1] if named else game_name(ruleset.name, ruleset.forced_order)
    parts = [t.n_("{count} point", "{count} points", record.totals[0])]
    if ruleset.upper_bonus_amount:
        bonus = record.upper_bonus[0] if record.upper_bonus else 0
        # Translators: in a daily result to share: the upper section's bonus made (✓) or missed (✗).
        parts.append(t._("bonus ✓") if bonus else t._("bonus ✗"))
    if ruleset.yahtzee_id is not None:
        top = ruleset.category(ruleset.yahtzee_id).display(t)
        # Translators: in a daily result to share: how many Yahtzees (Yatzies, Yachts) were made ("Yatzy × 1").
        parts.append(t._("{box} × {count}", box=top, count=_fives(record, ruleset)))
    lost = record.lost[0] if record.lost else None
    if lost is not None:
        # Translators: in a daily result to share: the expected points lost against the optimal player ("12.4").
        parts.append(t._("{points} points from optimal", points=t.number(lost, 1)))
    if record.began:  # recorded by a build that plays the daily game without undo or hints: said, as it was played
        # Translators: in a daily result to share: how it was played (a daily game has neither undo nor hints).
        parts.append(t._("no undo, no hints"))
    # Translators: a daily result to share: the game's name, the rule set, the day (2026-11-24) and the result.
    return t._(
        "Yacht Dice · {rules} daily {date} — {result}",
        rules=display(name, t),
        date=named[0].isoformat() if named else "",
        result=", ".join(parts),
    )


def result_line(record: GameRecord, t: Text = ENGLISH) -> str:
    """A day's result in the Statistics screen's list: its day, rule set and total.

    >>> result_line(_demo("daily:2026-11-24:yacht", "2026-11-24T08:00:00Z"))
    '24 Nov 2026 · Yacht · 60'
    """
    ruleset = variants.from_dict(record.rules)
    day, name = day_of(record) or (date.fromisoformat(record.ended[:10]), game_name(ruleset.name, ruleset.forced_order))
    # Translators: a daily game in the Statistics screen's list: its day, its rule set and the total.
    return t._(
        "{date} · {rules} · {total}", date=t.day_month(day, year=True), rules=display(name, t), total=record.totals[0]
    )


def short_day(day: date, t: Text = ENGLISH) -> str:
    """A day as the daily game's table names it: its day of the month and its month's short name, in ``t``'s words.

    >>> short_day(date(2026, 11, 29))
    '29 Nov'
    """
    return t.day_month(day)


def table_line(match: Match, t: Text = ENGLISH) -> str | None:
    """The line above a daily game's card: that it is the daily game, and which day's (None: not a daily game).

    >>> from game.core.engine import new_match
    >>> table_line(new_match("yatzy", ["Ann"], seed="daily:2026-11-29:yatzy"))
    'Daily game · 29 Nov'
    >>> table_line(new_match("yatzy", ["Ann"], seed=1)) is None
    True
    """
    found = match_day(match)
    if found is None:
        return None
    # Translators: the line above the daily game's card: the day whose dice these are ("29 Nov").
    return t._("Daily game · {day}", day=short_day(found[0], t))


def _demo(seed_text: str, ended: str, total: int = 60, lost: float | None = 1.5) -> GameRecord:
    """A one-person Yacht record of ``total`` points (a Yacht among them from 50) for the examples."""
    import hashlib

    from game.records.record import GameRecord, SeatRecord

    ruleset = standard("yacht")
    yacht = 50 if total >= 50 else 0
    scores = {category.id: 0 for category in ruleset.categories} | {"yacht": yacht, "choice": total - yacht}
    ident = hashlib.sha256(f"{seed_text}|{ended}|{total}".encode()).hexdigest()[:16]
    return GameRecord(
        id=ident,
        ended=ended,
        rules=ruleset.to_dict(),
        title=ruleset.title,
        seed=seed_text,
        game=0,
        seats=(SeatRecord("Ann", _PERSON),),
        scores=(scores,),
        yahtzee_bonus=(0,),
        totals=(total,),
        places=(1,),
        undos=(0,),
        lost=(lost,),
        upper_bonus=(0,),
    )
