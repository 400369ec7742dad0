"""Undo at the table: what a take-back may reach, and the record each one leaves.

An undo mends a mis-tap: it takes back the last action when that is a person's hold or score made
since the last roll. It never takes back a roll (a roll made again would show the next dice, or the
same ones: either way a person would choose knowing the roll), never a computer's action, and never
crosses into an earlier game. So no state a person can reach shows a face before the roll that
reveals it. Nor does it take back the box that ended a game: its result has been shown to the whole
table, recorded, and maybe sent, so it is final. The records travel in the
session's save. A match played with real dice (game.core.entered) is the exception: its rolls were
made on a table, so nothing is foreseen, and an undo takes back a mis-entered roll (with the holds its
entry made), up to the game's end.

>>> from game.core.engine import new_match
>>> m = new_match("yacht", ["Ann"], seed=1).roll()
>>> undo_point(m), undo_point(m.hold(0)), Undo(game=0, player=0, actions=1)
(None, (1, 0), Undo(game=0, player=0, actions=1))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.actions import Hold, Roll, Score
from game.core.cards import SeatKind
from game.core.engine import Match
from game.core.entered import entered
from game.core.refusals import Refusal, TableError

__all__ = ["Undo", "is_undo_record", "refusal", "undo_point"]


@dataclass(frozen=True)
class Undo:
    """One undo: in which game, by which seat, and how many actions it took back."""

    game: int
    player: int
    actions: int


def undo_point(match: Match) -> tuple[int, int] | None:
    """(index, seat) of the action an undo would take back: the last one, when it is a person's hold or
    score (a score hands the turn on, so it was the seat before the one now to move); else None.

    >>> from game.core.cards import Seat
    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", Seat.computer("Cy", "easy")], seed=1).roll().score("choice")
    >>> undo_point(m), undo_point(m.roll())
    ((1, 0), None)
    """
    if not match.actions:
        return None
    index = len(match.actions) - 1
    action = match.actions[index]
    if isinstance(action, Hold):
        seat = match.player
    elif isinstance(action, Score):
        seat = (match.player - 1) % len(match.seats)
    elif isinstance(action, Roll) and entered(match):  # an entered roll, with the holds its entry made
        seat = match.player
        while index > 0 and isinstance(match.actions[index - 1], Hold):
            index -= 1
    else:
        return None  # a roll, or a game's end: never taken back
    return (index, seat) if match.seats[seat].kind is SeatKind.HUMAN else None


def refusal(match: Match, off: bool, floor: int, remote: bool) -> TableError | None:
    """Why an undo of ``match``'s last action is refused (None: it is allowed): undo ``off``, nothing to take back,
    or an action below the ``floor`` (a link brought it, or the phone was passed since: the pass is a wall, as a
    sent turn is), or a turn scored and sent.

    >>> from game.core.cards import Seat
    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1).roll().score("choice")
    >>> refusal(m, False, 0, False), refusal(m, False, 2, False).case, refusal(m, False, 2, True).case
    (None, 'passed', 'link')
    """
    if off:
        return TableError("Undo is off for this match.", Refusal.UNDO_OFF)
    if not match.actions:
        return TableError("There is nothing to undo in this game yet.", Refusal.NOTHING_TO_UNDO)
    if match.game_over:
        return TableError("The game is over: its result is final.", Refusal.NOTHING_TO_UNDO, case="over")
    point = undo_point(match)
    if point is None:
        return TableError(
            "Undo takes back only a hold or a box chosen since the last roll, never a roll.",
            Refusal.NOTHING_TO_UNDO,
            case="roll",
        )
    if point[0] < floor and not remote:
        return TableError(
            "The phone was passed on: the turns before it are final.", Refusal.NOTHING_TO_UNDO, case="passed"
        )
    if point[0] < floor:
        return TableError(
            "Undo cannot reach back before the turn this link brought.", Refusal.NOTHING_TO_UNDO, case="link"
        )
    if remote and isinstance(match.actions[point[0]], Score):
        return TableError("This turn is scored and sent: it is final.", Refusal.NOTHING_TO_UNDO, case="sent")
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
