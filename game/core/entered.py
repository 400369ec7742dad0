"""Real dice: a roll made on the table and entered by hand, as the engine's actions.

A match whose ``draw`` is :attr:`~game.core.dice.Draw.ENTERED` draws no dice from its seed: each roll's faces are
entered. A person enters the whole roll as the dice lie on the table after each throw, never the rethrown dice
alone: a family at a table reads five dice off the table far more surely than it remembers which ones it kept,
and has nothing to hold on the phone. The keep is worked out here instead: the faces the new roll shares with the
last one stayed on the table (held), the others were thrown. Which die is which does not change a score, the
coach's advice or its odds (all read the faces as a set), so the engine's holds and its roll of the dice not
held record the entry exactly as a seeded match records a turn.

>>> from game.core.engine import new_match
>>> m = new_match("yacht", ["Ann"], seed=1, draw=Draw.ENTERED)
>>> entry(m, (6, 6, 2, 3, 4))
(Roll(faces=(6, 6, 2, 3, 4)),)
>>> m = m.apply_all(entry(m, (6, 6, 2, 3, 4)))
>>> entry(m, (6, 6, 6, 1, 6))
(Hold(die=0, held=True), Hold(die=1, held=True), Roll(faces=(6, 1, 6)))
>>> m.apply_all(entry(m, (6, 6, 6, 1, 6))).dice
(6, 6, 6, 1, 6)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.core.actions import Action, Hold, Roll
from game.core.dice import Draw
from game.core.match_state import MatchState

__all__ = ["entered", "entry", "valid_face"]


def entered(match: MatchState) -> bool:
    """Whether ``match`` is played with real dice, their faces entered by hand."""
    return match.draw is Draw.ENTERED


def valid_face(match: MatchState, face: object) -> bool:
    """Whether ``face`` is a face of the match's dice (1 to its sides).

    >>> from game.core.engine import new_match
    >>> m = new_match("generalized", ["Ann"], seed=1, draw=Draw.ENTERED)
    >>> valid_face(m, 6), valid_face(m, 7), valid_face(m, True)
    (True, False, False)
    """
    return type(face) is int and 1 <= face <= match.ruleset.sides


def entry(match: MatchState, faces: Sequence[int]) -> tuple[Action, ...]:
    """The actions that bring ``match`` to the roll ``faces`` (the whole roll, as it lies on the table).

    The first roll of a turn is a roll of every die. A later one holds the dice whose faces the new roll keeps
    (one of each face as often as both rolls show it) and rolls the others; when every face is the same as
    before, the last die counts as thrown (it came up the same: a roll needs a die not held). Faces of the wrong
    number or not on the dice are left as given: the engine refuses the roll, naming what is wrong.
    """
    given = tuple(faces)
    if not match.dice or len(given) != match.ruleset.dice or not all(valid_face(match, face) for face in given):
        return (Roll(given),)
    left = Counter(given)
    keep = []
    for face in match.dice:
        keep.append(left[face] > 0)
        left[face] -= 1 if keep[-1] else 0
    if all(keep):
        keep[-1] = False
    thrown = list(given)
    for index, face in enumerate(match.dice):
        if keep[index]:
            thrown.remove(face)
    holds = tuple(Hold(index, want) for index, want in enumerate(keep) if match.held[index] != want)
    return (*holds, Roll(tuple(thrown)))
