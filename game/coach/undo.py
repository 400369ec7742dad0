"""Undo at the table: how far back a take-back reaches, and the record each one leaves.

An undo takes back the last action of a person in the current game and every computer action
after it; it never crosses into an earlier game. The records travel in the session's save.

>>> from game.core.engine import new_match
>>> m = new_match("yacht", ["Ann"], seed=1).roll()
>>> undo_point(m), Undo(game=0, player=0, actions=1)
((0, 0), Undo(game=0, player=0, actions=1))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.actions import Finish, NextGame, Score
from game.core.cards import SeatKind
from game.core.engine import Match

__all__ = ["Undo", "is_undo_record", "undo_point"]


@dataclass(frozen=True)
class Undo:
    """One undo: in which game, by which seat, and how many actions it took back."""

    game: int
    player: int
    actions: int


def undo_point(match: Match) -> tuple[int, int] | None:
    """(index, seat) of the last action of a person in the current game, or None.

    Walks back from the end (a score was made by the seat before the one now to move), so it
    costs the few actions since that person's, not the whole match.
    """
    seat = match.player
    for index in range(len(match.actions) - 1, -1, -1):
        action = match.actions[index]
        if isinstance(action, (NextGame, Finish)):
            return None  # undo never crosses into an earlier game
        if isinstance(action, Score):
            seat = (seat - 1) % len(match.seats)
        if match.seats[seat].kind is SeatKind.HUMAN:
            return index, seat
    return None


def is_undo_record(item: Any, match: Match) -> bool:
    """Whether a saved item is an undo of ``match``: ``[game, seat, actions]``, whole numbers in range.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> is_undo_record([0, 0, 2], m), is_undo_record([0, 1, 2], m), is_undo_record([0, True, 2], m)
    (True, False, False)
    """
    return (
        isinstance(item, list)
        and len(item) == 3
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in item)
        and item[0] < len(match.cards)
        and item[1] < len(match.seats)
    )
