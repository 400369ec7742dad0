"""What a player can do, as small frozen values: the one vocabulary of the engine, the coach and the bots.

An action is one of :class:`Roll`, :class:`Hold`, :class:`Score`, :class:`NextGame` and
:class:`Finish`; :class:`Keep` is a *decision* ("roll again keeping these faces"), which the
advisor and the computer players speak and the coach turns into holds and a roll. Actions are
parsed once, from saves (:func:`from_data`); links and keys become actions in the view.

>>> from_data(["hold", 2, True])
Hold(die=2, held=True)
>>> Score("chance").data(), NextGame().data(), Finish().data()
(['score', 'chance'], ['next_game'], ['finish'])
>>> from_data(["jump"])
Traceback (most recent call last):
...
game.core.refusals.ActionError: not a valid action: ['jump']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from game.core.refusals import ActionError, is_whole

__all__ = ["Roll", "Hold", "Score", "NextGame", "Finish", "Keep", "Action", "Decision", "from_data"]


class _Action:
    """What every action has: a name, and its JSON form ``[name, *fields]`` for a save."""

    NAME: ClassVar[str] = ""
    __dataclass_fields__: ClassVar[dict[str, Any]]  # every action is a dataclass: fields() reads them

    def data(self) -> list:
        """The JSON form of a save: ``["roll"]``, ``["hold", 2, true]``…"""
        values = (getattr(self, f.name) for f in fields(self))
        return [self.NAME] + [list(v) if isinstance(v, tuple) else v for v in values if v is not None]


@dataclass(frozen=True)
class Roll(_Action):
    """Roll the dice not held; ``faces`` (for tests and replays) gives the new faces in die order.

    >>> Roll().data(), Roll((1, 2)).data()
    (['roll'], ['roll', [1, 2]])
    """

    NAME = "roll"
    faces: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.faces, list):  # a value is hashable and equals its saved and restored self
            object.__setattr__(self, "faces", tuple(self.faces))


@dataclass(frozen=True)
class Hold(_Action):
    """Hold (``held=True``) or release die ``die`` (0-based) between rolls.

    >>> Hold(0, False).data()
    ['hold', 0, False]
    """

    NAME = "hold"
    die: int
    held: bool = True


@dataclass(frozen=True)
class Score(_Action):
    """Write the dice into the box ``category`` (its id) and end the turn."""

    NAME = "score"
    category: str


@dataclass(frozen=True)
class NextGame(_Action):
    """Between games: start the next one."""

    NAME = "next_game"


@dataclass(frozen=True)
class Finish(_Action):
    """Between games: end the match."""

    NAME = "finish"


@dataclass(frozen=True)
class Keep:
    """A decision, not an engine action: roll again keeping exactly these faces (ascending).

    ``Keep(())`` rerolls every die. The coach turns it into holds and a :class:`Roll`.

    >>> Keep((5, 5, 5))
    Keep(faces=(5, 5, 5))
    """

    faces: tuple[int, ...]


Action = Roll | Hold | Score | NextGame | Finish
"""Anything the engine applies."""
Decision = Keep | Score
"""A choice the advisor values: keep some faces and roll, or score a box."""

_SHAPES: dict[str, tuple[Callable[[list], bool], Callable[[list], Action]]] = {
    "roll": (
        lambda a: not a or (len(a) == 1 and isinstance(a[0], list) and all(map(is_whole, a[0]))),
        lambda a: Roll(tuple(a[0]) if a else None),
    ),
    "hold": (lambda a: len(a) == 2 and is_whole(a[0]) and isinstance(a[1], bool), lambda a: Hold(a[0], a[1])),
    "score": (lambda a: len(a) == 1 and isinstance(a[0], str), lambda a: Score(a[0])),
    "next_game": (lambda a: not a, lambda a: NextGame()),
    "finish": (lambda a: not a, lambda a: Finish()),
}
"""Per action name: whether a save's arguments have the right shape, and the action they make."""


def from_data(data: Any) -> Action:
    """The action a save's JSON list describes (an action value is returned as it is).

    >>> from_data(["roll", [3, 3]]), from_data(["next_game"]), from_data(Score("ones"))
    (Roll(faces=(3, 3)), NextGame(), Score(category='ones'))
    >>> from_data(["hold", 1, "yes"])
    Traceback (most recent call last):
    ...
    game.core.refusals.ActionError: not a valid action: ['hold', 1, 'yes']
    """
    if isinstance(data, (Roll, Hold, Score, NextGame, Finish)):
        return data
    if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
        raise ActionError(f"an action is a list starting with its name, not {data!r}")
    args = [list(a) if isinstance(a, tuple) else a for a in data[1:]]
    shape = _SHAPES.get(data[0])
    if shape is None or not shape[0](args):
        raise ActionError(f"not a valid action: {data!r}")
    return shape[1](args)
