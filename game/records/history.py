"""Every finished game, recorded on the device: game records, the history, and backups.

A :class:`GameRecord` is one finished game of a match: who sat where, every box, the totals
and places, undos and the points each person lost against optimal play. A :class:`History`
holds them sorted by when they ended, each once: its id is a hash of how the game was
played, so importing the same game again never doubles it. A :class:`Backup` is the whole
device in one file: the history, the match in progress and the settings.

The core never reads the clock: the page gives the time a game ended, and a backup's export
time, as ISO 8601 UTC text ("2026-11-23T06:40:00Z").

>>> from game.core.engine import new_match
>>> m = new_match("yacht", ["Ann"], seed=1)
>>> while not m.game_over:
...     m = m.roll().score(m.open_categories()[0])
>>> record = record_game(m, 0, "2026-11-23T06:40:00Z", undos=[0], lost=[12.5])
>>> History().add(record).add(record).games == (record,)
True
>>> History.from_json(History().add(record).to_json()).games == (record,)
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from itertools import compress
from operator import contains
from typing import Any

from game.core import rules
from game.core.actions import Finish, NextGame
from game.core.engine import (
    MAX_GAMES,
    MAX_PLAYERS,
    MAX_SEED,
    NAME_LENGTH,
    FlowError,
    Level,
    Match,
    QueryError,
    Refusal,
    SeatKind,
    competition_ranks,
    normalize_name,
)
from game.core.inputs import MAX_DEPTH, QUOTE_CHARS, Problem, Trouble, problem_text, read_json, refusal
from game.core.rules import RuleSet

__all__ = [
    "HISTORY_FORMAT",
    "HISTORY_VERSION",
    "BACKUP_FORMAT",
    "BACKUP_VERSION",
    "MAX_GAMES_KEPT",
    "MAX_BACKUP_BYTES",
    "MAX_DEPTH",
    "ID_LENGTH",
    "LOST_DECIMALS",
    "SeatRecord",
    "GameRecord",
    "History",
    "Backup",
    "game_id",
    "record_game",
    "utc_time",
    "parse_json",
    "Problem",
    "Trouble",
    "problem_text",
]

HISTORY_FORMAT = "yacht-dice/history"
"""The ``format`` tag of a saved history."""
HISTORY_VERSION = 1
BACKUP_FORMAT = "yacht-dice/backup"
"""The ``format`` tag of a backup file."""
BACKUP_VERSION = 1
MAX_GAMES_KEPT = 50_000
"""The most games a history keeps (the oldest go first) and the most a file may hold."""
MAX_BACKUP_BYTES = 64 * 1024 * 1024
"""The largest history or backup file read (UTF-8 bytes): room for MAX_GAMES_KEPT games of five
seats with long names (two-seat games take about 190 bytes each)."""
ID_LENGTH = 16
"""Hex digits of SHA-256 kept as a game's id."""
LOST_DECIMALS = 2
"""Expected points lost are recorded to the hundredth."""
MAX_LOST = 10_000.0
"""More points lost than any game holds: a larger value is bad data."""
MAX_UNDOS = 1_000_000
"""More undos than any game allows (each takes back at least one action)."""
SEED_TEXT_LENGTH = 64
"""The longest text seed (as the engine's setup allows)."""
MAX_SETTINGS = 64
"""The most entries a backup's settings may have."""
MAX_SETTINGS_CHARS = 64 * 1024
"""The most characters a backup's settings take as JSON."""

_ENDED = re.compile(r"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d{1,9})?Z")
_ID = re.compile(f"[0-9a-f]{{{ID_LENGTH}}}")
_HUMAN = SeatKind.HUMAN.value
_COMPUTER = SeatKind.COMPUTER.value
_LEVELS = frozenset(level.value for level in Level)
_HISTORY_KEYS = ("format", "version", "rules", "games")
_BACKUP_KEYS = ("format", "version", "exported", "history", "session", "settings")


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class SeatRecord:
    """Who sat in a seat: name, "human" or "computer", and a computer's level value (else None).

    >>> SeatRecord("Robo", "computer", "perfect").person
    False
    """

    name: str
    kind: str
    level: str | None = None

    @property
    def person(self) -> bool:
        """Whether a person sat here (statistics are about people).

        >>> SeatRecord("Ann", "human", None).person
        True
        """
        return self.kind == _HUMAN


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a match; every per-seat tuple is in seat order.

    ``scores`` maps each box id to its points (scorecard order), ``totals`` are grand totals,
    ``upper_bonus`` the upper bonus points each seat earned, ``places`` competition ranks (ties
    shared), ``lost`` the expected points each person lost against optimal play (None for
    computers, or when it could not be computed).

    >>> record = _demo_record()
    >>> record.title, record.totals, record.places, record.winners
    ('Yacht', (60, 60), (1, 1), ('Ann', 'Bob'))
    """

    id: str
    ended: str
    rules: dict[str, Any]
    title: str
    seed: int | str
    game: int
    seats: tuple[SeatRecord, ...]
    scores: tuple[dict[str, int], ...]
    yahtzee_bonus: tuple[int, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    undos: tuple[int, ...]
    lost: tuple[float | None, ...]
    upper_bonus: tuple[int, ...] = ()

    @property
    def winners(self) -> tuple[str, ...]:
        """Names of the seats placed first.

        >>> _demo_record().winners
        ('Ann', 'Bob')
        """
        return tuple(seat.name for seat, place in zip(self.seats, self.places) if place == 1)


@dataclass(frozen=True)
class _Shape:
    """A rule set as its records need it, read once per file: boxes, their possible points, the upper bonus.

    >>> _shape_of(rules.ruleset("yatzy")).totals([3, 6, 9, 12, 15, 18] + [0] * 9, 0)
    (113, 50)
    """

    ruleset: RuleSet
    data: dict[str, Any]
    ids: tuple[str, ...]
    upper: tuple[bool, ...]
    most_bonus: int

    @cached_property
    def achievable(self) -> rules.Achievable:
        """The points each box can hold, worked out when a file is first read (recording a game needs none)."""
        return rules.achievable(self.ruleset)

    def totals(self, points: Sequence[int], yahtzee_bonus: int) -> tuple[int, int]:
        """(grand total, upper bonus) of a full card of checked points: ``RuleSet.totals`` without its checks.

        A test holds it equal to ``RuleSet.totals`` for every rule set; loading 10,000 games
        would spend most of its time in those checks.
        """
        ruleset = self.ruleset
        upper = sum(compress(points, self.upper))
        earned = (
            ruleset.upper_bonus_amount if ruleset.upper_bonus_amount and upper >= ruleset.upper_bonus_threshold else 0
        )
        return sum(points) + earned + yahtzee_bonus, earned


def _shape_of(ruleset: RuleSet) -> _Shape:
    """The shape of a rule set's records."""
    categories = ruleset.categories
    return _Shape(
        ruleset,
        ruleset.to_dict(),
        tuple(category.id for category in categories),
        tuple(category.section is rules.Section.UPPER for category in categories),
        ruleset.yahtzee_bonus_amount * (len(categories) - 1),
    )


def _build(
    ident: str,
    ended: str,
    shape: _Shape,
    seed: int | str,
    game: int,
    seats: tuple[SeatRecord, ...],
    points: Sequence[Sequence[int]],
    bonuses: tuple[int, ...],
    undos: tuple[int, ...],
    lost: tuple[float | None, ...],
) -> GameRecord:
    """The record with what is derived from its boxes: scores by id, totals, upper bonus, places."""
    totals = [shape.totals(row, bonus) for row, bonus in zip(points, bonuses)]
    grand = tuple(total for total, _ in totals)
    return GameRecord(
        id=ident,
        ended=ended,
        rules=shape.data,
        title=shape.ruleset.title,
        seed=seed,
        game=game,
        seats=seats,
        scores=tuple(dict(zip(shape.ids, row)) for row in points),
        yahtzee_bonus=bonuses,
        totals=grand,
        places=competition_ranks(grand),
        undos=undos,
        lost=lost,
        upper_bonus=tuple(earned for _, earned in totals),
    )


def _demo_record() -> GameRecord:
    """A two-seat Yacht record for the examples."""
    seats = (SeatRecord("Ann", _HUMAN), SeatRecord("Bob", _HUMAN))
    row = [5] + [0] * 9 + [5, 50]  # scores rolls make: five 1s in Aces and in Choice (never 0), a Yacht
    return _build("0" * ID_LENGTH, "2026-11-23T06:40:00Z", _shape_of(rules.ruleset("yacht")), 1, 0, seats,
                  [row, row], (0, 0), (0, 0), (1.5, None))  # fmt: skip


# --------------------------------------------------------------------------- recording


def utc_time(text: Any) -> str:
    """ISO 8601 UTC to the second ("YYYY-MM-DDTHH:MM:SSZ"); a fraction (JavaScript's toISOString) is dropped.

    >>> utc_time("2026-11-23T06:40:00.123Z")
    '2026-11-23T06:40:00Z'
    >>> utc_time("23/11/2026")
    Traceback (most recent call last):
    ...
    ValueError: '23/11/2026' is not a UTC time such as '2026-11-23T06:40:00Z'
    """
    found = _ENDED.fullmatch(text) if isinstance(text, str) else None
    try:
        if found is None:
            raise ValueError
        datetime.fromisoformat(found.group(1))
    except ValueError:
        raise ValueError(f"{text!r} is not a UTC time such as '2026-11-23T06:40:00Z'") from None
    return found.group(1) + "Z"


def _game_end(match: Match, game: int) -> int:
    """How many of the match's actions lead to the end of game ``game`` (0-based)."""
    current = end = 0
    for index, action in enumerate(match.actions):
        if isinstance(action, (NextGame, Finish)):
            current += 1
            if current > game:
                break
        else:
            end = index + 1
    return end


def game_id(match: Match, game: int) -> str:
    """A game's identity: SHA-256 of the seed, rule set, game index, seats and actions up to its end.

    The same game gets the same id on every device, so an import never doubles it.

    >>> from game.core.engine import new_match
    >>> game_id(new_match("yacht", ["Ann"], seed=1), 0) == game_id(new_match("yacht", ["Ann"], seed=1), 0)
    True
    """
    import hashlib  # here, not at the top: start-up time in the browser

    data = [
        match.seed,
        match.ruleset.to_dict(),
        game,
        [seat.to_dict() for seat in match.seats],
        [action.data() for action in match.actions[: _game_end(match, game)]],
    ]
    if match.draw.value != "sequence":  # slot dice: the same actions meet other dice (ids from before stay)
        data.append(match.draw.value)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:ID_LENGTH]


def _lost_value(value: Any) -> float | None:
    """Expected points lost as recorded (rounded), None kept; ValueError on anything else."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_LOST:
        raise ValueError(f"points lost must be a number from 0 to {MAX_LOST:g} or None, not {value!r}")
    return round(float(value), LOST_DECIMALS)


def _is_int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def record_game(match: Match, game: int, ended: str, undos: Sequence[int], lost: Sequence[float | None]) -> GameRecord:
    """The record of the match's finished game ``game`` (0-based); ``undos`` and ``lost`` per seat.

    ``lost`` is each seat's after-game review ``total_loss`` (None where it could not be
    computed); it is rounded to the hundredth, and None for computers whatever is given.

    >>> from game.core.engine import new_match
    >>> record_game(new_match("yacht", ["Ann"], seed=1), 0, "2026-11-23T06:40:00Z", [0], [None])
    Traceback (most recent call last):
    ...
    game.core.engine.FlowError: game 1 is not over: only finished games are recorded
    """
    if not _is_int(game, 0, len(match.cards) - 1):
        raise QueryError(f"there is no game {game!r}: the match has games 0 to {match.game}", Refusal.UNKNOWN_GAME)
    ruleset, cards, seats = match.ruleset, match.cards[game], match.seats
    if any(len(card) < len(ruleset.categories) for card in cards):
        raise FlowError(f"game {game + 1} is not over: only finished games are recorded", Refusal.GAME_IN_PROGRESS)
    undos, lost = tuple(undos), tuple(lost)
    if len(undos) != len(seats) or len(lost) != len(seats):
        raise ValueError(f"undos and lost need one value per seat ({len(seats)}), not {undos!r} and {lost!r}")
    if not all(_is_int(count, 0, MAX_UNDOS) for count in undos):
        raise ValueError(f"undos must be counts from 0 to {MAX_UNDOS}, not {undos!r}")
    people = tuple(seat.kind is SeatKind.HUMAN for seat in seats)
    return _build(
        game_id(match, game),
        utc_time(ended),
        _shape_of(ruleset),
        match.seed,
        game,
        tuple(SeatRecord(s.name, s.kind.value, None if s.level is None else s.level.value) for s in seats),
        [[card.get(category.id) for category in ruleset.categories] for card in cards],
        tuple(card.yahtzee_bonus for card in cards),
        undos,
        tuple(_lost_value(value) if person else None for value, person in zip(lost, people)),
    )


# --------------------------------------------------------------------------- the history


def session_record(session, game: int, ended: str) -> GameRecord:
    """The history record of a game.coach.session.Session's finished game ``game``, ended at ``ended`` (UTC ISO).

    Points lost against optimal play are measured for people when the advisor is exact for
    the rule set (its table loaded, or small enough to solve); otherwise they are None.

    >>> from game.core.engine import new_match
    >>> from game.coach.session import Session
    >>> m = new_match("yacht", ["Ann"], seed=3)
    >>> for box in m.open_categories():
    ...     m = m.roll().score(box)
    >>> r = session_record(Session(m), 0, "2026-11-23T06:40:00Z")
    >>> r.totals == (m.totals(0).grand_total,), r.lost[0] > 0
    (True, True)
    """
    exact = session.coach.needs_table() is None and session.coach.advisor.is_exact()
    seats = range(len(session.match.seats))
    lost = [
        session.review(p, game).total_loss if exact and session.match.seats[p].kind is SeatKind.HUMAN else None
        for p in seats
    ]
    return record_game(session.match, game, ended, [session.undo_count(p, game) for p in seats], lost)


def _rank(record: GameRecord) -> tuple[str, str]:
    """Which of two records with one id is kept: a total order, so merging is commutative."""
    return record.ended, repr(record)


def _normalized(games: Iterable[GameRecord]) -> tuple[GameRecord, ...]:
    """Each id once (the same choice whatever the order given), by (ended, id), the newest kept."""
    by_id: dict[str, GameRecord] = {}
    for record in games:
        kept = by_id.setdefault(record.id, record)
        if kept is not record and kept != record and _rank(record) < _rank(kept):
            by_id[record.id] = record
    ordered = sorted(by_id.values(), key=lambda record: (record.ended, record.id))
    return tuple(ordered[-MAX_GAMES_KEPT:])


@dataclass(frozen=True)
class History:
    """Every finished game on the device, oldest first, each id once, at most MAX_GAMES_KEPT.

    A value: every change returns a new history. Saved as compact JSON: 10,000 two-seat
    Yahtzee games take 1.9 MB (188 bytes a game) and load in 0.3 to 0.45 s in CPython on the
    2-core dev machine, linear in the games (json.loads itself takes 0.1 s of it).

    >>> record = _demo_record()
    >>> h = History().add(record)
    >>> len(h.games), h.merge(h) == h, h.without(record.id).games
    (1, True, ())
    """

    games: tuple[GameRecord, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "games", _normalized(self.games))

    def __len__(self) -> int:
        return len(self.games)

    @cached_property
    def by_rules(self) -> dict[str, tuple[GameRecord, ...]]:
        """The games grouped by rule set key (game.records.stats.ruleset_key), oldest first; worked out once per history.

        >>> list(History().add(_demo_record()).by_rules)
        ['{"name":"yacht","options":{}}']
        """
        groups: dict[str, list[GameRecord]] = {}
        keys: dict[int, str] = {}  # games loaded together share one rules dict: key it once
        for record in self.games:
            key = keys.get(id(record.rules))
            if key is None:
                key = keys[id(record.rules)] = json.dumps(record.rules, sort_keys=True, separators=(",", ":"))
            groups.setdefault(key, []).append(record)
        return {key: tuple(records) for key, records in groups.items()}

    @cached_property
    def people(self) -> dict[str, dict[str, tuple[tuple[GameRecord, int], ...]]]:
        """Per rule set key, per person's name: their games as (record, seat), oldest first; worked out once.

        >>> sorted(History().add(_demo_record()).people['{"name":"yacht","options":{}}'])
        ['Ann', 'Bob']
        """
        out: dict[str, dict[str, list[tuple[GameRecord, int]]]] = {}
        for key, records in self.by_rules.items():
            names = out[key] = {}
            for record in records:
                for seat, sitter in enumerate(record.seats):
                    if sitter.kind == _HUMAN:
                        names.setdefault(sitter.name, []).append((record, seat))
        return {key: {name: tuple(games) for name, games in names.items()} for key, names in out.items()}

    def get(self, ident: str) -> GameRecord | None:
        """The game with this id, or None.

        >>> History().get("0" * 16) is None
        True
        """
        return next((record for record in self.games if record.id == ident), None)

    def add(self, record: GameRecord) -> History:
        """This history with ``record`` (a game already here is not doubled).

        >>> len(History().add(_demo_record()).add(_demo_record()))
        1
        """
        return History(self.games + (record,))

    def merge(self, other: History) -> History:
        """Both histories' games, each id once; commutative and idempotent.

        >>> h = History().add(_demo_record())
        >>> h.merge(History()) == History().merge(h) == h.merge(h) == h
        True
        """
        return History(self.games + other.games)

    def without(self, ident: str) -> History:
        """This history less the game with id ``ident`` (the same history if there is none).

        >>> History().add(_demo_record()).without("0" * 16) == History()
        True
        """
        return History(tuple(record for record in self.games if record.id != ident))

    def cleared(self) -> History:
        """An empty history.

        >>> len(History().add(_demo_record()).cleared())
        0
        """
        return History()

    # ----------------------------------------------------------------- save

    def to_dict(self) -> dict[str, Any]:
        """Compact plain JSON data, versioned; :meth:`from_dict` restores it exactly.

        ``rules`` lists each rule set once; a game is ``[id, ended, rules index, seed, game,
        seats]`` and a seat ``[name, level or null for a person, [points in scorecard order],
        yahtzee bonus, undos, lost or null]``. Totals and places are derived on loading.

        >>> History().add(_demo_record()).to_dict()["games"][0][5][0]
        ['Ann', None, [5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 50], 0, 0, 1.5]
        """
        table: list[dict[str, Any]] = []
        where: dict[str, int] = {}
        by_object: dict[int, int] = {}  # records loaded together share one rules dict
        games = []
        for record in self.games:
            index = by_object.get(id(record.rules))
            if index is None:
                key = json.dumps(record.rules, sort_keys=True)
                index = where.setdefault(key, len(table))
                if index == len(table):
                    table.append(record.rules)
                by_object[id(record.rules)] = index
            seats = [
                [seat.name, seat.level, list(card.values()), bonus, undos, lost]
                for seat, card, bonus, undos, lost in zip(
                    record.seats, record.scores, record.yahtzee_bonus, record.undos, record.lost
                )
            ]
            games.append([record.id, record.ended, index, record.seed, record.game, seats])
        return {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "rules": table, "games": games}

    def to_json(self) -> str:
        """:meth:`to_dict` as compact JSON text.

        >>> History().to_json()
        '{"format":"yacht-dice/history","version":1,"rules":[],"games":[]}'
        """
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any) -> History:
        """The history :meth:`to_dict` describes; SaveError naming what is wrong otherwise (see :func:`problem_text`).

        >>> History.from_dict({"format": "yacht-dice/history", "version": 1, "rules": [], "games": "x"})
        Traceback (most recent call last):
        ...
        game.core.engine.SaveError: the history's games must be a list, not 'x'
        """
        _check_header(data, HISTORY_FORMAT, HISTORY_VERSION, _HISTORY_KEYS, "history")
        table, games = data["rules"], data["games"]
        if not isinstance(table, list) or not isinstance(games, list):
            bad = "rules" if not isinstance(table, list) else "games"
            raise refusal(f"the history's {bad} must be a list, not {data[bad]!r}"[:200], Trouble.DAMAGED, part=bad)
        if len(games) > MAX_GAMES_KEPT:
            raise refusal(f"the history holds {len(games)} games; at most {MAX_GAMES_KEPT} are kept",
                          Trouble.TOO_MANY_GAMES, count=len(games), limit=MAX_GAMES_KEPT)  # fmt: skip
        shapes = [_shape(item, index) for index, item in enumerate(table)]
        names: set[str] = set()  # names already found good: people play many games
        return cls(tuple(_game(item, index, shapes, names) for index, item in enumerate(games)))

    @classmethod
    def from_json(cls, text: str | bytes) -> History:
        """The history saved as JSON text; SaveError on anything else (see :func:`parse_json`).

        >>> History.from_json('{"format":"yacht-dice/history","version":1,"rules":[],"games":[]}')
        History(games=())
        """
        return cls.from_dict(parse_json(text, "history"))


# --------------------------------------------------------------------------- loading


def _shape(item: Any, index: int) -> _Shape:
    """The ``index``-th rule set of a history file (SaveError unless it is a known rule set)."""
    try:
        ruleset = rules.from_dict(item)
    except (ValueError, TypeError) as exc:  # RulesError is a ValueError
        raise refusal(
            f"the history's rule set {index + 1} is unknown: {exc}"[:300], Trouble.UNKNOWN_RULES, number=index + 1
        ) from None
    return _shape_of(ruleset)


class _BadGame(Exception):
    """What is wrong with one game of a file: the developer's detail, the part (a field's name), the seat and the box."""

    def __init__(self, message: str, part: str, seat: int | None = None, box: str | None = None) -> None:
        super().__init__(message)
        self.part, self.seat, self.box = part, seat, box


def _seat(item: Any, number: int, shape: _Shape, names: set[str]) -> None:
    """_BadGame naming what is wrong with seat ``number``'s data (1-based); ``names`` holds names found good."""
    if type(item) is not list or len(item) != 6:
        raise _BadGame(f"seat {number} must be [name, level, points, yahtzee bonus, undos, lost]", "seat", number)
    name, level, points, bonus, undos, lost = item
    if type(name) is not str or (name not in names and normalize_name(name, number - 1) != name):
        raise _BadGame(f"seat {number}'s name {name!r} is not a player's name (text of 1 to {NAME_LENGTH} printable characters)",
                       "name", number)  # fmt: skip
    if level is not None and (type(level) is not str or level not in _LEVELS):
        raise _BadGame(f"seat {number}'s level {level!r} is not one of {', '.join(sorted(_LEVELS))} (or null for a person)",
                       "level", number)  # fmt: skip
    names.add(name)
    title, possible = shape.ruleset.title, shape.achievable
    if type(points) is not list or len(points) != len(shape.ids) or set(map(type, points)) != {int}:
        raise _BadGame(f"seat {number}'s points {points!r} are not one score per box of {title}", "points", number)
    if not all(map(contains, possible.boxes, points)):  # one check a card, at C speed
        box = next(index for index, value in enumerate(points) if value not in possible.boxes[index])
        category = shape.ruleset.categories[box]
        raise _BadGame(f"seat {number}'s points: {points[box]} in {category.name} is a score no roll makes in {title}",
                       "points", number, category.id)  # fmt: skip
    amount = shape.ruleset.yahtzee_bonus_amount
    if not (_is_int(bonus, 0, shape.most_bonus) and (bonus == 0 or bonus % amount == 0)):
        raise _BadGame(f"seat {number}'s Yahtzee bonus {bonus!r} is impossible in {title}", "yahtzee_bonus", number)
    # The totals are worked out from the boxes on loading; the bonus is the one part a file holds.
    if bonus and bonus // amount > possible.bonuses(points):
        raise _BadGame(f"seat {number}'s Yahtzee bonus {bonus} does not follow from the boxes: {bonus // amount} bonus Yahtzees "
                       f"need the Yahtzee box's points and as many other boxes holding what alike dice make there",
                       "yahtzee_bonus", number)  # fmt: skip
    if not _is_int(undos, 0, MAX_UNDOS):
        raise _BadGame(f"seat {number}'s undos {undos!r} are not a count", "undos", number)
    if lost is not None and (level is not None or type(lost) not in (int, float) or not 0 <= lost <= MAX_LOST):
        raise _BadGame(f"seat {number}'s points lost {lost!r} are not a number from 0 to {MAX_LOST:g} (null for a computer)",
                       "lost", number)  # fmt: skip


def _check_game(item: Any, shapes: list[_Shape], names: set[str]) -> str:
    """A game's data checked (_BadGame naming what is wrong); its end time as recorded."""
    if type(item) is not list or len(item) != 6:
        raise _BadGame("a game must be [id, ended, rules, seed, game, seats]", "game")
    ident, ended, table, seed, game, seats = item
    if type(ident) is not str or not _ID.fullmatch(ident):
        raise _BadGame(f"the id {ident!r} is not {ID_LENGTH} hex digits", "id")
    if not _is_int(table, 0, len(shapes) - 1):
        raise _BadGame(f"rules {table!r} is not one of the file's {len(shapes)} rule sets", "rules")
    if not (_is_int(seed, 0, MAX_SEED) or (type(seed) is str and len(seed) <= SEED_TEXT_LENGTH)):
        raise _BadGame(
            f"the seed {seed!r} is not an integer from 0 to 2**53 - 1 or a text of at most {SEED_TEXT_LENGTH}", "seed"
        )
    if not _is_int(game, 0, MAX_GAMES - 1):
        raise _BadGame(f"the game index {game!r} is not from 0 to {MAX_GAMES - 1}", "game")
    if type(seats) is not list or not 1 <= len(seats) <= MAX_PLAYERS:
        raise _BadGame(f"seats must be a list of 1 to {MAX_PLAYERS} seats", "seats")
    for number, seat in enumerate(seats, 1):
        _seat(seat, number, shapes[table], names)
    try:
        return utc_time(ended)
    except ValueError as exc:
        raise _BadGame(str(exc), "ended") from None


def _game(item: Any, index: int, shapes: list[_Shape], names: set[str]) -> GameRecord:
    """The ``index``-th game of a history file (SaveError naming the problem)."""
    try:
        ended = _check_game(item, shapes, names)
    except _BadGame as bad:
        raise refusal(f"history game {index + 1}: {bad}"[:300], Trouble.BAD_GAME,
                      number=index + 1, seat=bad.seat, part=bad.part, box=bad.box) from None  # fmt: skip
    ident, _, table, seed, game, seats = item
    return _build(
        ident,
        ended,
        shapes[table],
        seed,
        game,
        tuple(SeatRecord(s[0], _HUMAN if s[1] is None else _COMPUTER, s[1]) for s in seats),
        [s[2] for s in seats],
        tuple(s[3] for s in seats),
        tuple(s[4] for s in seats),
        tuple(None if s[5] is None else float(s[5]) for s in seats),
    )


def _check_header(data: Any, form: str, version: int, keys: tuple[str, ...], what: str) -> None:
    """SaveError unless ``data`` is an object of this format and version with exactly ``keys``."""
    if not isinstance(data, Mapping):
        raise refusal(f"this is not a Yacht Dice {what}: it is not a JSON object", Trouble.FOREIGN, what=what)
    given = data.get("format")
    if given != form:
        raise refusal(
            f"this is not a Yacht Dice {what} (its format is {given!r}, not {form!r})"[:200], Trouble.FOREIGN, what=what
        )
    number = data.get("version")
    if type(number) is int and number > version:
        raise refusal(f"this {what} comes from a newer version of the game (version {number}); this one reads version {version}",
                      Trouble.NEWER, version=number, supported=version)  # fmt: skip
    if number != version or type(number) is not int:
        message = f"unsupported {what} version {number!r} (this build reads version {version})"[:200]
        if type(number) is int:
            raise refusal(message, Trouble.VERSION, version=number, supported=version)
        raise refusal(message, Trouble.DAMAGED, part="version")
    missing = [key for key in keys if key not in data]
    extra = sorted(str(key) for key in data if key not in keys)
    if missing or extra:
        wrong = ", ".join([f"{key} missing" for key in missing] + [f"{key} unknown" for key in extra])
        names = [key if len(key) <= QUOTE_CHARS else key[:QUOTE_CHARS] + "…" for key in missing + extra]
        raise refusal(f"the {what} is incomplete or has unknown fields: {wrong}"[:300], Trouble.FIELDS,
                      names=tuple(names[:6]) + (("…",) if len(names) > 6 else ()))  # fmt: skip


def parse_json(text: Any, what: str = "backup") -> Any:
    """A history or backup file's JSON read strictly (game.core.inputs.read_json, MAX_BACKUP_BYTES).

    >>> parse_json("[" * 10_000)
    Traceback (most recent call last):
    ...
    game.core.engine.SaveError: the backup nests 10000 levels deep; at most 64 are read
    """
    return read_json(text, what, MAX_BACKUP_BYTES)


# --------------------------------------------------------------------------- backups


def _settings(value: Any) -> dict[str, Any]:
    """A backup's settings checked: an object of at most MAX_SETTINGS plain JSON entries."""
    if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
        raise refusal("the backup's settings must be a JSON object", Trouble.BAD_SETTINGS)
    if len(value) > MAX_SETTINGS:
        raise refusal(f"the backup has {len(value)} settings; at most {MAX_SETTINGS} are read",
                      Trouble.TOO_MANY_SETTINGS, count=len(value), limit=MAX_SETTINGS)  # fmt: skip
    try:
        text = json.dumps(dict(value), allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise refusal(f"the backup's settings are not plain JSON data: {exc}", Trouble.BAD_SETTINGS) from None
    if len(text) > MAX_SETTINGS_CHARS:
        raise refusal(f"the backup's settings take {len(text)} characters; at most {MAX_SETTINGS_CHARS} are read",
                      Trouble.SETTINGS_TOO_LARGE, size=len(text), limit=MAX_SETTINGS_CHARS)  # fmt: skip
    return read_json(text, "backup's settings", limit=4 * MAX_SETTINGS_CHARS)  # a copy as plain data, read back


def _session(value: Any) -> dict[str, Any] | None:
    """A backup's session save, checked by restoring it (SaveError naming the problem); None kept."""
    if value is None:
        return None
    from game.coach.session import Session

    try:
        return Session.from_dict(value).to_dict()
    except Exception as exc:  # noqa: BLE001 - any failure of bad data refuses the backup
        raise refusal(f"the backup's game in progress cannot be restored: {exc}"[:300], Trouble.BAD_SESSION) from None


@dataclass(frozen=True)
class Backup:
    """The device in one file: the history, the match in progress (a session save or None), the settings.

    ``exported`` is when the file was made (ISO 8601 UTC, given by the page).

    >>> b = Backup(History().add(_demo_record()), None, {"theme": "dark"}, "2026-11-23T07:00:00Z")
    >>> Backup.from_json(b.to_json()) == b
    True
    """

    history: History = History()
    session: dict[str, Any] | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    exported: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data, versioned; :meth:`from_dict` restores it exactly.

        >>> sorted(Backup().to_dict())
        ['exported', 'format', 'history', 'session', 'settings', 'version']
        """
        return {
            "format": BACKUP_FORMAT,
            "version": BACKUP_VERSION,
            "exported": self.exported,
            "history": self.history.to_dict(),
            "session": self.session,
            "settings": self.settings,
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as compact JSON text (the file people keep).

        >>> Backup().to_json()[:44]
        '{"format":"yacht-dice/backup","version":1,"e'
        """
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any) -> Backup:
        """The backup :meth:`to_dict` describes; SaveError naming what is wrong otherwise.

        >>> Backup.from_dict({"format": "yacht-dice/backup", "version": 2})
        Traceback (most recent call last):
        ...
        game.core.engine.SaveError: this backup comes from a newer version of the game (version 2); this one reads version 1
        """
        _check_header(data, BACKUP_FORMAT, BACKUP_VERSION, _BACKUP_KEYS, "backup")
        exported = data["exported"]
        if exported is not None:
            try:
                exported = utc_time(exported)
            except ValueError as exc:
                raise refusal(f"the backup's export time: {exc}"[:200], Trouble.BAD_TIME) from None
        return cls(History.from_dict(data["history"]), _session(data["session"]), _settings(data["settings"]), exported)

    @classmethod
    def from_json(cls, text: str | bytes) -> Backup:
        """The backup in a file's text; a bad, foreign, truncated or newer file raises SaveError.

        >>> Backup.from_json('{"format": "yacht-dice/backup", "vers')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        game.core.engine.SaveError: the backup is not valid JSON (truncated or damaged?): ...
        """
        return cls.from_dict(parse_json(text, "backup"))
