"""The warm-up: throwaway turns of engine and view work that get a fresh interpreter's code paths going.

A start from the snapshot skips the Python work a fresh start does, and with it what gets the
interpreter's WebAssembly optimised; the shell plays these turns between events after such a start,
never on the page (docs/speed.md, "The restored interpreter is warmed up", has the figures).

>>> turns = practice_turns()
>>> next(turns).game_over
False
"""

from __future__ import annotations

from collections.abc import Iterator

from game.core.engine import Match, new_match
from game.present.board_view import cells, dice, status

__all__ = ["practice_turns"]


def practice_turns() -> Iterator[Match]:
    """Endless throwaway turns of engine and view work, a third of a turn per ``next()`` (a roll, its view, a
    score): a fresh interpreter's warm-up, in slices short enough that a tap made meanwhile waits little.

    >>> turns = practice_turns()
    >>> [(next(turns).rolls, next(turns).rolls, next(turns).player) for _ in range(2)]
    [(1, 1, 1), (1, 1, 0)]
    """
    seed = 0
    while True:
        seed += 1
        match = new_match("yahtzee", ("A", "B"), seed=seed)
        while not match.game_over:
            match = match.roll()
            yield match
            cells(match), dice(match), status(match)
            yield match
            match = match.score(next(iter(match.options())))
            yield match
