"""Who sits at the table and what they write: seats, scorecards, the last scoring and rankings.

Plain frozen values of a match (game.core.engine): a :class:`Seat` (a name, a person or a computer
at a :class:`Level`), a :class:`Scorecard` per seat and game, the :class:`LastScored` box for the
view, a :class:`Standing` per line of a ranking. Also the table's limits (1 to 5 players, names of
at most 32 characters, up to 6 games) and the checks that make seats from what a setup form or a
save gives (:func:`make_seats`, :func:`normalize_name`).

>>> [seat.name for seat in make_seats(["Ann", Seat.computer("CPU")])]
['Ann', 'CPU']
>>> Scorecard().with_score("chance", 22).scores
{'chance': 22}
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.core.i18n import ENGLISH, Text
from game.core.refusals import Refusal, SetupError

__all__ = [
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "MAX_GAMES",
    "NAME_LENGTH",
    "PlayerRef",
    "SeatKind",
    "Level",
    "Seat",
    "Scorecard",
    "LastScored",
    "Standing",
    "competition_ranks",
    "clean_name",
    "normalize_name",
    "make_seats",
]

MIN_PLAYERS = 1
MAX_PLAYERS = 5
MAX_GAMES = 6
"""Most games in a match: a setup plans 1 to 6, and a match ends by itself after the sixth."""
NAME_LENGTH = 32
"""Longest player name kept (longer names are trimmed): room for a full name, not a paragraph."""

PlayerRef = int | str | None
"""A player as a caller names one: a seat's index (from 0), a name, or None for the one on turn."""


class SeatKind(Enum):
    """Who sits in a seat."""

    HUMAN = "human"
    COMPUTER = "computer"


class Level(Enum):
    """How well a computer player plays (see game.coach.bots).

    EASY plays like a beginner, GOOD plays each turn exactly against a heuristic value of the
    card, PERFECT plays the optimal strategy of the advisor's tables (the best expected score), WIN
    plays for the best chance of winning against the other seats (game.coach.winning).

    >>> Level("good") is Level.GOOD
    True
    """

    EASY = "easy"
    GOOD = "good"
    PERFECT = "perfect"
    WIN = "win"


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a player's name, kind and (for computer players) level.

    >>> Seat("Ann")
    Seat(name='Ann', kind=<SeatKind.HUMAN: 'human'>, level=None)
    >>> Seat.computer("Robo", "perfect").to_dict()
    {'name': 'Robo', 'kind': 'computer', 'level': 'perfect'}
    """

    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: Level | None = None

    @classmethod
    def human(cls, name: str) -> Seat:
        """A human player's seat.

        >>> Seat.human("Bob").kind.value
        'human'
        """
        return cls(name, SeatKind.HUMAN)

    @classmethod
    def computer(cls, name: str, level: Level | str = Level.GOOD) -> Seat:
        """A computer player's seat at a level (a Level or its value).

        >>> Seat.computer("CPU").level
        <Level.GOOD: 'good'>
        """
        return cls(name, SeatKind.COMPUTER, _level(level, name))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible data.

        >>> Seat("Ann").to_dict()
        {'name': 'Ann', 'kind': 'human', 'level': None}
        """
        return {"name": self.name, "kind": self.kind.value, "level": None if self.level is None else self.level.value}

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        """The seat described by :meth:`to_dict` data (raises SetupError on bad data).

        >>> Seat.from_dict({"name": "Ann", "kind": "computer", "level": "easy"}).level
        <Level.EASY: 'easy'>
        """
        if not isinstance(data, Mapping) or set(data) - {"name", "kind", "level"} or "name" not in data:
            raise SetupError(f"a seat must be {{'name', 'kind', 'level'}}, not {data!r}", Refusal.BAD_SETUP)
        try:
            kind = SeatKind(data.get("kind", "human"))
        except ValueError:
            raise SetupError(f"unknown seat kind {data.get('kind')!r}", Refusal.BAD_SETUP) from None
        level = data.get("level")
        return cls(data["name"], kind, None if level is None else _level(level, data["name"]))


def _level(level: object, who: object) -> Level:
    """A computer level from a Level or its value (SetupError naming both otherwise)."""
    try:
        return Level(level)
    except ValueError:
        valid = ", ".join(item.value for item in Level)
        raise SetupError(
            f"{who!r} has an unknown computer level {level!r}; levels: {valid}", Refusal.BAD_SETUP
        ) from None


@dataclass(frozen=True)
class Scorecard:
    """One player's column for one game: categories filled (in fill order) and Yahtzee bonus.

    >>> card = Scorecard().with_score("chance", 22)
    >>> card.scores, card.filled("chance"), card.filled("ones")
    ({'chance': 22}, True, False)
    """

    entries: tuple[tuple[str, int], ...] = ()
    yahtzee_bonus: int = 0

    @property
    def scores(self) -> dict[str, int]:
        """Filled category id -> points written, in the order filled."""
        return dict(self.entries)

    def filled(self, category: str) -> bool:
        """Whether ``category`` has been filled."""
        return any(cat == category for cat, _ in self.entries)

    def get(self, category: str) -> int | None:
        """Points written in ``category``, or None if it is open.

        >>> Scorecard((("ones", 3),)).get("ones"), Scorecard().get("ones")
        (3, None)
        """
        for cat, points in self.entries:
            if cat == category:
                return points
        return None

    def __len__(self) -> int:
        return len(self.entries)

    def with_score(self, category: str, points: int, bonus: int = 0) -> Scorecard:
        """A new card with ``category`` filled and ``bonus`` added to the Yahtzee bonus."""
        return Scorecard(self.entries + ((category, points),), self.yahtzee_bonus + bonus)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible data.

        >>> Scorecard((("ones", 3),), 100).to_dict()
        {'scores': {'ones': 3}, 'yahtzee_bonus': 100}
        """
        return {"scores": dict(self.entries), "yahtzee_bonus": self.yahtzee_bonus}


@dataclass(frozen=True)
class LastScored:
    """The most recent scoring, for the UI: who wrote what where, with which dice."""

    game: int
    player: int
    category: str
    points: int
    bonus: int
    dice: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible data."""
        return {
            "game": self.game,
            "player": self.player,
            "category": self.category,
            "points": self.points,
            "bonus": self.bonus,
            "dice": list(self.dice),
        }


@dataclass(frozen=True)
class Standing:
    """One line of a ranking: competition rank (ties shared), seat index, name and total."""

    rank: int
    player: int
    name: str
    total: int


def competition_ranks(values: Sequence[int]) -> tuple[int, ...]:
    """Competition ranks of ``values`` (higher is better; ties share a rank: 1, 1, 3).

    >>> competition_ranks([50, 70, 50, 10])
    (2, 1, 2, 4)
    >>> competition_ranks([5, 5, 3])
    (1, 1, 3)
    """
    return tuple(1 + sum(other > value for other in values) for value in values)


_JOINERS = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: invisible, but inside a word they hold it together (an emoji family, a Persian word)."""
_BLACK_FLAG = "\U0001f3f4"
"""The flag that tags turn into a region's (England, Scotland, Wales)."""


def _is_tag(ch: str) -> bool:
    return "\U000e0020" <= ch <= "\U000e007f"


_REGIONAL = "".join(chr(code) for code in range(0x1F1E6, 0x1F200))
"""The regional indicator letters: two make a country's flag."""


def _is_regional(ch: str) -> bool:
    return ch in _REGIONAL


def _joins_on(text: str, i: int) -> bool:
    """Whether ``text[i]`` belongs to what shows as one character with the one before it."""
    ch, before = text[i], text[i - 1]
    if before in _JOINERS or ch in _JOINERS or _is_tag(ch) or "\U0001f3fb" <= ch <= "\U0001f3ff":  # skin tones
        return True
    if unicodedata.category(ch) in ("Mn", "Mc", "Me"):  # accents, vowel signs, variation selectors
        return True
    if _is_regional(ch) and _is_regional(before):
        letters = len(text[:i]) - len(text[:i].rstrip(_REGIONAL))  # the run of them before: pairs, then maybe one
        return letters % 2 == 1
    return False


def clean_name(name: str) -> str:
    r"""A name as it is kept and shown: what cannot show becomes a space, whitespace collapsed, at most NAME_LENGTH
    code points, never cut inside what shows as one character (an emoji sequence, a letter and its accents, a flag).

    Joiners stay inside a word and a region's tags after its flag: they are how a family or a Persian name is written.

    >>> family = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
    >>> clean_name(f" Ann  {family}\n") == f"Ann {family}", clean_name("Bo\u202eoB"), clean_name("\u200dAnn\u200d")
    (True, 'Bo oB', 'Ann')
    >>> clean_name("x" * 28 + family) == "x" * 28  # the family would be cut: all of it goes
    True
    """
    kept: list[str] = []
    for i, ch in enumerate(name):
        word_goes_on = i + 1 < len(name) and name[i + 1].isprintable() and not name[i + 1].isspace()
        if ch.isprintable():
            kept.append(ch)
        elif ch in _JOINERS and kept and not kept[-1].isspace() and word_goes_on:
            kept.append(ch)
        elif _is_tag(ch) and kept and (kept[-1] == _BLACK_FLAG or _is_tag(kept[-1])):
            kept.append(ch)
        else:
            kept.append(" ")  # a control, a direction override, a joiner with nothing to join
    text = " ".join("".join(kept).split())
    end = min(len(text), NAME_LENGTH)
    while 0 < end < len(text) and _joins_on(text, end):
        end -= 1
    return text[:end].rstrip()


def normalize_name(name: object, seat: int, t: Text = ENGLISH) -> str:
    """A player's display name: whitespace collapsed, empty -> "Player N", at most NAME_LENGTH (32) chars.

    ``seat`` is the 0-based seat index (used for the default name, in the words of ``t``).

    >>> normalize_name("  Ann   Lee ", 0), normalize_name("", 2), len(normalize_name("x" * 40, 0))
    ('Ann Lee', 'Player 3', 32)
    """
    if name is None:
        name = ""
    if not isinstance(name, str):
        raise SetupError(f"player {seat + 1}'s name must be text, not {name!r}", Refusal.BAD_SETUP)
    clean = clean_name(name)
    # Translators: the name of a person the players left unnamed; {number} is the seat's number.
    return clean or t._("Player {number}", number=seat + 1)


def make_seats(players: Iterable[str | Seat | None], t: Text = ENGLISH) -> tuple[Seat, ...]:
    """Validated seats from names or :class:`Seat` values (1 to 5 players); ``t`` words default names.

    >>> [s.name for s in make_seats(["Ann", " ", Seat.computer("CPU", "easy")])]
    ['Ann', 'Player 2', 'CPU']
    """
    if isinstance(players, (str, Seat)):
        players = [players]
    try:
        given = list(players)
    except TypeError:
        raise SetupError(f"players must be a list of names or seats, not {players!r}", Refusal.BAD_SETUP) from None
    if not MIN_PLAYERS <= len(given) <= MAX_PLAYERS:
        raise SetupError(f"a match has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(given)}", Refusal.BAD_SETUP)
    seats = []
    for index, player in enumerate(given):
        kind: object = SeatKind.HUMAN  # a Seat built by a caller may hold anything: checked below
        level: object = None
        name: object = player
        if isinstance(player, Seat):
            kind, level, name = player.kind, player.level, player.name
        if not isinstance(kind, SeatKind):
            raise SetupError(f"seat {index + 1} has an unknown kind {kind!r}", Refusal.BAD_SETUP)
        if level is not None:
            if kind is not SeatKind.COMPUTER:
                raise SetupError(f"seat {index + 1}: only computer players have a level", Refusal.BAD_SETUP)
            level = _level(level, f"seat {index + 1}")
        elif kind is SeatKind.COMPUTER:
            level = Level.GOOD
        seats.append(Seat(normalize_name(name, index, t), kind, level))
    return tuple(seats)
