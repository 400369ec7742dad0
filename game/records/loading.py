"""Strict reading of a history or backup file: its JSON, its format header, and every game checked against its rules.

A file is read whole or refused with a SaveError naming what is wrong (game.core.inputs.Trouble):
too large or too deep JSON, a foreign format, a newer version, unknown fields, an unknown rule
set, or a game no play makes (a score no roll makes in its box, a Yahtzee bonus the boxes do
not allow, a name the setup would not give).

>>> game = ["0" * 16, "2026-11-23T06:40:00Z", 0, 1, 0, [["Ann", None, [99] * 12, 0, 0, None]]]
>>> read_games([{"name": "yacht", "options": {}}], [game])
Traceback (most recent call last):
...
game.core.refusals.SaveError: history game 1: seat 1's points: 99 in Aces is a score no roll makes in Yacht
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from operator import contains
from typing import Any

from game.core.cards import MAX_GAMES, MAX_PLAYERS, NAME_LENGTH, Level, SeatKind, normalize_name
from game.core.dice import MAX_SEED, SEED_TEXT_LENGTH
from game.core.i18n import N_
from game.core.inputs import QUOTE_CHARS, Trouble, read_json, refusal
from game.core.refusals import GameError, is_whole
from game.core.variants import from_dict
from game.records.record import (
    ID_LENGTH,
    MAX_DECISIONS,
    MAX_LOST,
    MAX_UNDOS,
    TYPED_MARK,
    GameRecord,
    SeatRecord,
    Shape,
    build_record,
    shape_of,
    utc_time,
)

__all__ = [
    "MAX_BACKUP_BYTES",
    "check_header",
    "parse_json",
    "read_games",
]

MAX_BACKUP_BYTES = 64 * 1024 * 1024
"""The largest history or backup file read (UTF-8 bytes): room for game.records.history.MAX_GAMES_KEPT
games of five seats with long names (docs/speed.md gives a two-seat game's size)."""
"""The longest text seed (as the engine's setup allows)."""

_ID = re.compile(f"[0-9a-f]{{{ID_LENGTH}}}")
_HUMAN = SeatKind.HUMAN.value
_COMPUTER = SeatKind.COMPUTER.value
_LEVELS = frozenset(level.value for level in Level)


def read_games(table: list[Any], games: list[Any]) -> tuple[GameRecord, ...]:
    """The records of a history file's rule sets (``table``) and games, each checked; SaveError on the first problem.

    >>> read_games([{"name": "yacht", "options": {}}], [])
    ()
    """
    shapes = [_shape(item, index) for index, item in enumerate(table)]
    names: set[str] = set()  # names already found good: people play many games
    return tuple(_game(item, index, shapes, names) for index, item in enumerate(games))


def _shape(item: Any, index: int) -> Shape:
    """The ``index``-th rule set of a history file (SaveError unless it is a known rule set)."""
    try:
        ruleset = from_dict(item)
    except (ValueError, TypeError) as exc:  # RulesError is a ValueError
        raise refusal(
            f"the history's rule set {index + 1} is unknown: {exc}"[:300], Trouble.UNKNOWN_RULES, number=index + 1
        ) from None
    return shape_of(ruleset)


class _BadGame(GameError):
    """What is wrong with one game of a file: the developer's detail, the part (a field's name), seat and box.

    Read into a SaveError naming the game (its problem words it for a player, game and seat);
    worded on its own too, as every error of the game is.

    >>> _BadGame("seat 2's undos -1 are not a count", "undos", 2).text()
    'A game of this file is damaged or impossible.'
    """

    # Translators: one game of a history or backup file holds data its rules cannot have made.
    words = N_("A game of this file is damaged or impossible.")

    def __init__(self, message: str, part: str, seat: int | None = None, box: str | None = None) -> None:
        super().__init__(message)
        self.part, self.seat, self.box = part, seat, box


def _seat(item: Any, number: int, shape: Shape, names: set[str]) -> None:
    """_BadGame naming what is wrong with seat ``number``'s data (1-based); ``names`` holds names found good."""
    if type(item) is not list or len(item) not in (6, 8):
        raise _BadGame(
            f"seat {number} must be [name, level, points, yahtzee bonus, undos, lost] and [decisions, hinted]",
            "seat",
            number,
        )
    name, level, points, bonus, undos, lost = item[:6]
    if len(item) == 8:
        decisions, hinted = item[6:]
        if decisions is not None and (level is not None or not is_whole(decisions, 0, MAX_DECISIONS)):
            raise _BadGame(
                f"seat {number}'s decisions {decisions!r} are not a count (null for a computer)", "decisions", number
            )
        if type(hinted) is not bool:
            raise _BadGame(f"seat {number}'s hinted {hinted!r} is not true or false", "hinted", number)
    if type(name) is not str or (name not in names and normalize_name(name, number - 1) != name):
        raise _BadGame(
            f"seat {number}'s name {name!r} is not a player's name (text of 1 to {NAME_LENGTH} printable characters)",
            "name",
            number,
        )
    if level is not None and (type(level) is not str or level not in _LEVELS):
        raise _BadGame(
            f"seat {number}'s level {level!r} is not one of {', '.join(sorted(_LEVELS))} (or null for a person)",
            "level",
            number,
        )
    names.add(name)
    title, possible = shape.ruleset.title, shape.achievable
    if type(points) is not list or len(points) != len(shape.ids) or set(map(type, points)) != {int}:
        raise _BadGame(f"seat {number}'s points {points!r} are not one score per box of {title}", "points", number)
    if not all(map(contains, possible.boxes, points)):  # one check a card, at C speed
        box = next(index for index, value in enumerate(points) if value not in possible.boxes[index])
        category = shape.ruleset.categories[box]
        raise _BadGame(
            f"seat {number}'s points: {points[box]} in {category.name} is a score no roll makes in {title}",
            "points",
            number,
            category.id,
        )
    amount = shape.ruleset.yahtzee_bonus_amount
    if not (is_whole(bonus, 0, shape.most_bonus) and (bonus == 0 or bonus % amount == 0)):
        raise _BadGame(f"seat {number}'s Yahtzee bonus {bonus!r} is impossible in {title}", "yahtzee_bonus", number)
    # The totals are worked out from the boxes on loading; the bonus is the one part a file holds.
    if bonus and bonus // amount > possible.bonuses(points):
        raise _BadGame(
            f"seat {number}'s Yahtzee bonus {bonus} does not follow from the boxes: {bonus // amount} bonus Yahtzees "
            f"need the Yahtzee box's points and as many other boxes holding what alike dice make there",
            "yahtzee_bonus",
            number,
        )
    if not is_whole(undos, 0, MAX_UNDOS):
        raise _BadGame(f"seat {number}'s undos {undos!r} are not a count", "undos", number)
    if lost is not None and (level is not None or type(lost) not in (int, float) or not 0 <= lost <= MAX_LOST):
        raise _BadGame(
            f"seat {number}'s points lost {lost!r} are not a number from 0 to {MAX_LOST:g} (null for a computer)",
            "lost",
            number,
        )


def _check_game(item: Any, shapes: list[Shape], names: set[str]) -> str:
    """A game's data checked (_BadGame naming what is wrong); its end time as recorded."""
    if type(item) is not list or len(item) not in (6, 7, 8):
        raise _BadGame(
            "a game must be [id, ended, rules, seed, game, seats], when it began and its dice's mark", "game"
        )
    ident, ended, table, seed, game, seats = item[:6]
    if len(item) == 8 and item[7] is not True and item[7] != TYPED_MARK:  # real dice, or a typed seed's; else none
        raise _BadGame(f"the dice's mark {item[7]!r} is not true or {TYPED_MARK!r}", "game")
    if len(item) == 7 or (len(item) == 8 and item[6] != ""):  # "": when it began is not known
        try:
            utc_time(item[6])
        except ValueError as exc:
            raise _BadGame(str(exc), "began") from None
    if type(ident) is not str or not _ID.fullmatch(ident):
        raise _BadGame(f"the id {ident!r} is not {ID_LENGTH} hex digits", "id")
    if not is_whole(table, 0, len(shapes) - 1):
        raise _BadGame(f"rules {table!r} is not one of the file's {len(shapes)} rule sets", "rules")
    if not (is_whole(seed, 0, MAX_SEED) or (type(seed) is str and len(seed) <= SEED_TEXT_LENGTH)):
        raise _BadGame(
            f"the seed {seed!r} is not an integer from 0 to 2**53 - 1 or a text of at most {SEED_TEXT_LENGTH}", "seed"
        )
    if not is_whole(game, 0, MAX_GAMES - 1):
        raise _BadGame(f"the game index {game!r} is not from 0 to {MAX_GAMES - 1}", "game")
    if type(seats) is not list or not 1 <= len(seats) <= MAX_PLAYERS:
        raise _BadGame(f"seats must be a list of 1 to {MAX_PLAYERS} seats", "seats")
    for number, seat in enumerate(seats, 1):
        _seat(seat, number, shapes[table], names)
    try:
        return utc_time(ended)
    except ValueError as exc:
        raise _BadGame(str(exc), "ended") from None


def _game(item: Any, index: int, shapes: list[Shape], names: set[str]) -> GameRecord:
    """The ``index``-th game of a history file (SaveError naming the problem)."""
    try:
        ended = _check_game(item, shapes, names)
    except _BadGame as bad:
        raise refusal(
            f"history game {index + 1}: {bad}"[:300],
            Trouble.BAD_GAME,
            number=index + 1,
            seat=bad.seat,
            part=bad.part,
            box=bad.box,
        ) from None
    ident, _, table, seed, game, seats = item[:6]
    return build_record(
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
        utc_time(item[6]) if len(item) >= 7 and item[6] != "" else "",
        *_known(seats),
        len(item) == 8 and item[7] is True,
        len(item) == 8 and item[7] == TYPED_MARK,
    )


def _known(seats: list[Any]) -> tuple[tuple[int | None, ...], tuple[bool, ...]]:
    """Each seat's decisions and hinted where every seat has them (else both empty: an older record)."""
    if not all(len(seat) == 8 for seat in seats):
        return (), ()
    return tuple(seat[6] for seat in seats), tuple(seat[7] for seat in seats)


def check_header(data: Any, form: str, version: int, keys: tuple[str, ...], what: str) -> None:
    """SaveError unless ``data`` is an object of this format and version with exactly ``keys``.

    >>> keys = ("format", "version", "rules", "games")
    >>> check_header({"format": "yacht-dice/history", "version": 1}, "yacht-dice/history", 1, keys, "history")
    Traceback (most recent call last):
    ...
    game.core.refusals.SaveError: the history is incomplete or has unknown fields: rules missing, games missing
    """
    if not isinstance(data, Mapping):
        raise refusal(f"this is not a Yacht Dice {what}: it is not a JSON object", Trouble.FOREIGN, what=what)
    given = data.get("format")
    if given != form:
        raise refusal(
            f"this is not a Yacht Dice {what} (its format is {given!r}, not {form!r})"[:200], Trouble.FOREIGN, what=what
        )
    number = data.get("version")
    if type(number) is int and number > version:
        raise refusal(
            f"this {what} comes from a newer version of the game (version {number}); this one reads version {version}",
            Trouble.NEWER,
            version=number,
            supported=version,
        )
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
        raise refusal(
            f"the {what} is incomplete or has unknown fields: {wrong}"[:300],
            Trouble.FIELDS,
            names=tuple(names[:6]) + (("…",) if len(names) > 6 else ()),
        )


def parse_json(text: Any, what: str = "backup") -> Any:
    """A history or backup file's JSON read strictly (game.core.inputs.read_json, MAX_BACKUP_BYTES).

    >>> parse_json("[" * 10_000)
    Traceback (most recent call last):
    ...
    game.core.refusals.SaveError: the backup nests 10000 levels deep; at most 64 are read
    """
    return read_json(text, what, MAX_BACKUP_BYTES)
