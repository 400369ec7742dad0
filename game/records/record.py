"""A finished game as a record: who sat where, every box, totals and places, and recording one from a match.

A :class:`GameRecord` is one finished game of a match: who sat where, every box, the totals
and places, undos and the points each person lost against optimal play. Its id is a hash of
how the game was played (:func:`game_id`), so the same game gets the same id on every device.
The core never reads the clock: the page gives the time a game ended as ISO 8601 UTC text
("2026-11-23T06:40:00Z").

>>> from game.core.engine import new_match
>>> m = new_match("yacht", ["Ann"], seed=1)
>>> while not m.game_over:
...     m = m.roll().score(m.open_categories()[0])
>>> record = record_game(m, 0, "2026-11-23T06:40:00Z", undos=[0], lost=[12.5])
>>> record.id == game_id(m, 0), record.places, record.lost
(True, (1,), (12.5,))
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from itertools import compress
from typing import TYPE_CHECKING, Any

from game.core.actions import Finish, NextGame
from game.core.cards import SeatKind, competition_ranks
from game.core.dice import Draw
from game.core.engine import Match
from game.core.entered import entered
from game.core.possible import Achievable, achievable
from game.core.refusals import FlowError, QueryError, Refusal, is_whole
from game.core.rules import RuleSet, Section
from game.core.variants import ruleset

if TYPE_CHECKING:
    from game.coach.session import Session

__all__ = [
    "ID_LENGTH",
    "TYPED_MARK",
    "LOST_DECIMALS",
    "MAX_LOST",
    "MAX_DECISIONS",
    "MAX_UNDOS",
    "NO_TIME",
    "SeatRecord",
    "GameRecord",
    "Shape",
    "shape_of",
    "build_record",
    "game_id",
    "record_game",
    "session_record",
    "utc_time",
    "demo_record",
]

TYPED_MARK = "typed"
"""A history game's mark (after when it began) for a game dealt from a typed seed; real dice are marked ``true``."""
ID_LENGTH = 16
"""Hex digits of SHA-256 kept as a game's id."""
LOST_DECIMALS = 2
"""Expected points lost are recorded to the hundredth."""
MAX_LOST = 10_000.0
"""More points lost than any game holds: a larger value is bad data."""
MAX_UNDOS = 1_000_000
"""More undos than any game allows (each takes back at least one action)."""
MAX_DECISIONS = 10_000
"""More decisions than any game's card asks for (a keep or a box a roll): a larger count is bad data."""
NO_TIME = "1970-01-01T00:00:00Z"
"""The time of what is stamped where no valid time is known (the page sends one with every message): still a time."""

_ENDED = re.compile(r"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d{1,9})?Z")
_HUMAN = SeatKind.HUMAN.value


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
    computers, or when it could not be computed), ``decisions`` how many decisions that loss
    is over and ``hinted`` whether the seat had hints on (both empty in records from before
    they were kept: game.records.rating leaves such games out of the rating).

    >>> record = demo_record()
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
    began: str = ""  # when the match began (UTC), for its first game where known: a daily game's day is its start's
    decisions: tuple[int | None, ...] = ()  # each person's decisions the review weighed (None, or empty: not known)
    hinted: tuple[bool, ...] = ()  # whether each seat had hints on in the game (empty: not known, older records)
    real_dice: bool = False  # played with real dice, their faces entered (game.core.entered): not the game's dice
    typed_seed: bool = False  # dealt from a typed seed's own domain (game.core.dice.Draw.TYPED): never a daily game

    @property
    def winners(self) -> tuple[str, ...]:
        """Names of the seats placed first.

        >>> demo_record().winners
        ('Ann', 'Bob')
        """
        return tuple(seat.name for seat, place in zip(self.seats, self.places) if place == 1)


@dataclass(frozen=True)
class Shape:
    """A rule set as its records need it, read once per file: boxes, their possible points, the upper bonus.

    >>> shape_of(ruleset("yatzy")).totals([3, 6, 9, 12, 15, 18] + [0] * 9, 0)
    (113, 50)
    """

    ruleset: RuleSet
    data: dict[str, Any]
    ids: tuple[str, ...]
    upper: tuple[bool, ...]
    most_bonus: int

    @cached_property
    def achievable(self) -> Achievable:
        """The points each box can hold, worked out when a file is first read (recording a game needs none)."""
        return achievable(self.ruleset)

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


def shape_of(ruleset: RuleSet) -> Shape:
    """The shape of a rule set's records.

    >>> shape_of(ruleset("yacht")).ids[-1]
    'yacht'
    """
    categories = ruleset.categories
    return Shape(
        ruleset,
        ruleset.to_dict(),
        tuple(category.id for category in categories),
        tuple(category.section is Section.UPPER for category in categories),
        ruleset.yahtzee_bonus_amount * (len(categories) - 1),
    )


def build_record(
    ident: str,
    ended: str,
    shape: Shape,
    seed: int | str,
    game: int,
    seats: tuple[SeatRecord, ...],
    points: Sequence[Sequence[int]],
    bonuses: tuple[int, ...],
    undos: tuple[int, ...],
    lost: tuple[float | None, ...],
    began: str = "",
    decisions: tuple[int | None, ...] = (),
    hinted: tuple[bool, ...] = (),
    real_dice: bool = False,
    typed_seed: bool = False,
) -> GameRecord:
    """The record of checked data, with what is derived from its boxes: scores by id, totals, upper bonus, places.

    >>> seats = (SeatRecord("Ann", "human"),)
    >>> build_record("0" * 16, "2026-11-23T06:40:00Z", shape_of(ruleset("yacht")), 1, 0, seats,
    ...              [[5] + [0] * 11], (0,), (0,), (None,)).totals
    (5,)
    """
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
        began=began,
        decisions=decisions,
        hinted=hinted,
        real_dice=real_dice,
        typed_seed=typed_seed,
    )


def demo_record() -> GameRecord:
    """A two-seat Yacht record for the examples.

    >>> [seat.name for seat in demo_record().seats]
    ['Ann', 'Bob']
    """
    seats = (SeatRecord("Ann", _HUMAN), SeatRecord("Bob", _HUMAN))
    row = [5] + [0] * 9 + [5, 50]  # scores rolls make: five 1s in Aces and in Choice (never 0), a Yacht
    shape = shape_of(ruleset("yacht"))
    return build_record(
        "0" * ID_LENGTH, "2026-11-23T06:40:00Z", shape, 1, 0, seats, [row, row], (0, 0), (0, 0), (1.5, None)
    )


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


def record_game(
    match: Match,
    game: int,
    ended: str,
    undos: Sequence[int],
    lost: Sequence[float | None],
    began: str = "",
    decisions: Sequence[int | None] = (),
    hinted: Sequence[bool] = (),
) -> GameRecord:
    """The record of the match's finished game ``game`` (0-based); ``undos`` and ``lost`` per seat; ``began``
    when the match began, where known (a time that is not one is taken as unknown); ``decisions`` (how
    many decisions ``lost`` is over) and ``hinted`` (hints on) per seat, where known.

    ``lost`` is each seat's after-game review ``total_loss`` (None where it could not be
    computed); it is rounded to the hundredth, and None for computers whatever is given.

    >>> from game.core.engine import new_match
    >>> record_game(new_match("yacht", ["Ann"], seed=1), 0, "2026-11-23T06:40:00Z", [0], [None])
    Traceback (most recent call last):
    ...
    game.core.refusals.FlowError: game 1 is not over: only finished games are recorded
    """
    if not is_whole(game, 0, len(match.cards) - 1):
        raise QueryError(f"there is no game {game!r}: the match has games 0 to {match.game}", Refusal.UNKNOWN_GAME)
    ruleset, cards, seats = match.ruleset, match.cards[game], match.seats
    if any(len(card) < len(ruleset.categories) for card in cards):
        raise FlowError(f"game {game + 1} is not over: only finished games are recorded", Refusal.GAME_IN_PROGRESS)
    undos, lost = tuple(undos), tuple(lost)
    if len(undos) != len(seats) or len(lost) != len(seats):
        raise ValueError(f"undos and lost need one value per seat ({len(seats)}), not {undos!r} and {lost!r}")
    if not all(is_whole(count, 0, MAX_UNDOS) for count in undos):
        raise ValueError(f"undos must be counts from 0 to {MAX_UNDOS}, not {undos!r}")
    decisions, hinted = tuple(decisions), tuple(bool(on) for on in hinted)
    if decisions and (
        len(decisions) != len(seats) or not all(d is None or is_whole(d, 0, MAX_DECISIONS) for d in decisions)
    ):
        raise ValueError(f"decisions must be one count (or None) per seat, not {decisions!r}")
    if hinted and len(hinted) != len(seats):
        raise ValueError(f"hinted needs one value per seat ({len(seats)}), not {hinted!r}")
    people = tuple(seat.kind is SeatKind.HUMAN for seat in seats)
    filled = [card.scores for card in cards]  # every box filled: checked above
    return build_record(
        game_id(match, game),
        utc_time(ended),
        shape_of(ruleset),
        match.seed,
        game,
        tuple(SeatRecord(s.name, s.kind.value, None if s.level is None else s.level.value) for s in seats),
        [[scores[category.id] for category in ruleset.categories] for scores in filled],
        tuple(card.yahtzee_bonus for card in cards),
        undos,
        tuple(_lost_value(value) if person else None for value, person in zip(lost, people)),
        _known_time(began),
        tuple(count if person else None for count, person in zip(decisions, people)),
        hinted,
        entered(match),
        match.draw is Draw.TYPED,
    )


def _known_time(text: str) -> str:
    try:
        return utc_time(text) if text else ""
    except ValueError:
        return ""


def session_record(session: Session, game: int, ended: str) -> GameRecord:
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
    reviews = [
        session.review(p, game) if exact and session.match.seats[p].kind is SeatKind.HUMAN else None for p in seats
    ]
    lost = [None if review is None else review.total_loss for review in reviews]
    decisions = [None if review is None else len(review.decisions) for review in reviews]
    hinted = [(game, p) in session.hinted for p in seats]
    undos = [session.undo_count(p, game) for p in seats]
    began = session.began if game == 0 else ""
    return record_game(session.match, game, ended, undos, lost, began, decisions, hinted)
