"""The marks of the phones a match by link was played on: each seat's, carried by its link and its save.

A phone's id is a short random text (:data:`ID_LENGTH` URL-safe base64 characters) the page draws once and
keeps (the entropy comes from the page: nothing here draws it). A seat's mark is "" until a person scores
its first turn; then the id of the phone that did; and once a turn of that seat is scored on another phone,
that phone's id after it (the latest such phone). A link that brings a mark with a new second id tells its
reader that a turn was played on a phone other than the seat's first.

The marks prove nothing: anyone who reads the code or edits a link can write any mark. They catch honest
mix-ups (a turn played twice, on the wrong phone), not a determined cheat.

>>> marks = marked(("", ""), 1, "BBBBBB")
>>> marks
('', 'BBBBBB')
>>> later = marked(marks, 1, "AAAAAA")
>>> later, elsewhere(marks, later), elsewhere(later, later)
(('', 'BBBBBBAAAAAA'), (1,), ())
"""

from __future__ import annotations

import re
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a match is read here, never made
    from game.core.engine import Match

__all__ = ["ID_LENGTH", "is_id", "is_mark", "valid", "marked", "elsewhere", "merged"]

ID_LENGTH = 6
"""A phone's id: 36 random bits, enough to tell a few phones apart (never a secret)."""
_ID = re.compile(rf"[A-Za-z0-9_-]{{{ID_LENGTH}}}")


def is_id(value: Any) -> bool:
    """Whether ``value`` is a phone's id.

    >>> is_id("Ab3_-z"), is_id("short"), is_id("Ab3_-z!"), is_id(None)
    (True, False, False, False)
    """
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def is_mark(value: Any) -> bool:
    """Whether ``value`` is a seat's mark: "", the first phone's id, or it and another phone's id.

    >>> is_mark(""), is_mark("AAAAAA"), is_mark("AAAAAABBBBBB"), is_mark("AAAAAAAAAAAA"), is_mark("AAA")
    (True, True, True, False, False)
    """
    if not isinstance(value, str) or len(value) not in (0, ID_LENGTH, 2 * ID_LENGTH):
        return False
    ids = [value[i : i + ID_LENGTH] for i in range(0, len(value), ID_LENGTH)]
    return all(is_id(one) for one in ids) and len(set(ids)) == len(ids)


def valid(value: Any, seats: int) -> bool:
    """Whether ``value`` is the marks of a match of ``seats`` seats: none at all, or one mark a seat.

    >>> valid((), 2), valid(("", "AAAAAA"), 2), valid(("",), 2), valid(["", ""], 2)
    (True, True, False, True)
    """
    return isinstance(value, (list, tuple)) and (not value or (len(value) == seats and all(map(is_mark, value))))


def marked(marks: tuple[str, ...], seat: int, phone: str) -> tuple[str, ...]:
    """``marks`` (one a seat) after a person scored a turn of ``seat`` on the phone ``phone`` (an id, else none).

    >>> marked(("",), 0, "AAAAAA"), marked(("AAAAAA",), 0, "AAAAAA"), marked(("AAAAAACCCCCC",), 0, "BBBBBB")
    (('AAAAAA',), ('AAAAAA',), ('AAAAAABBBBBB',))
    """
    if not is_id(phone) or not 0 <= seat < len(marks):
        return marks
    mark = marks[seat]
    first = mark[:ID_LENGTH]
    new = phone if not first else mark if first == phone or mark[ID_LENGTH:] == phone else first + phone
    return (*marks[:seat], new, *marks[seat + 1 :])


def elsewhere(held: tuple[str, ...], incoming: tuple[str, ...]) -> tuple[int, ...]:
    """The seats whose ``incoming`` marks say a turn was played on another phone than the seat's first, news
    to a phone that holds ``held`` (a phone told once is not told again).

    >>> elsewhere((), ("AAAAAABBBBBB", "CCCCCC")), elsewhere(("AAAAAABBBBBB",), ("AAAAAABBBBBB",))
    ((0,), ())
    """
    return tuple(
        seat
        for seat, mark in enumerate(incoming)
        if len(mark) > ID_LENGTH and (seat >= len(held) or held[seat] != mark)
    )


def merged(held: tuple[str, ...], incoming: tuple[str, ...]) -> tuple[str, ...]:
    """The marks of a newer state a link brings: its own, where it has them; this phone's where it has none
    (a link from a build before marks).

    >>> merged(("AAAAAA", ""), ()), merged(("AAAAAA", ""), ("", "BBBBBB"))
    (('AAAAAA', ''), ('AAAAAA', 'BBBBBB'))
    """
    if not incoming or len(held) != len(incoming):
        return incoming or held
    return tuple(theirs or mine for mine, theirs in zip(held, incoming, strict=True))


def filled_since(before: Match | None, after: Match) -> list[tuple[int, str, int]]:
    """The boxes a match by link filled since this phone last played it (in ``after``, not in ``before``, this phone's
    last state; with none, the last box filled): (seat, box, points) in the order they were played.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[3, 3, 3, 5, 5]).score("full_house")
    >>> filled_since(m, m.roll(faces=[4, 4, 1, 2, 3]).score("fours")), filled_since(m, m)
    ([(1, 'fours', 8)], [])
    """
    filled: list[tuple[int, str, int]] = []
    if before is None or before.game != after.game or len(before.cards) != len(after.cards):
        last = after.last_scored
        if last is not None:
            filled.append((last.player, last.category, last.points))
    else:
        seats = len(after.seats)
        order = [(before.player + step) % seats for step in range(seats)]  # from the seat whose turn was sent on
        new = [
            [
                (seat, cid, points)
                for cid, points in after.cards[-1][seat].entries[len(before.cards[-1][seat].entries) :]
            ]
            for seat in order
        ]
        filled = [entry for turn in zip_longest(*new) for entry in turn if entry is not None]
    return filled
