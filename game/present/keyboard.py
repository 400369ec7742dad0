"""What a key or a tap asks for: the keyboard's mapping onto actions and the page's own commands.

The shell hands over ``KeyboardEvent.key`` as it is; :func:`key_command` answers with an action for
the engine, one of the commands here (UNDO, moving between the offered boxes, DISMISS), or None.
static/js/page-events.js keeps a copy of :data:`CHOICE_KEYS`, whose scrolling it prevents at once.

>>> from game.core.engine import new_match
>>> key_command(new_match("yacht", seed=1), "u"), key_command(new_match("yacht", seed=1), "x")
('undo', None)
"""

from __future__ import annotations

from game.core.actions import Action, Hold, Roll
from game.core.engine import Match

__all__ = [
    "UNDO",
    "NEXT_CHOICE",
    "PREVIOUS_CHOICE",
    "FIRST_CHOICE",
    "LAST_CHOICE",
    "TO_BOXES",
    "BOX_MOVES",
    "DISMISS",
    "BOARD",
    "AGAIN",
    "CHOICE_KEYS",
    "TABLE_KEYS",
    "key_command",
    "toggle",
]


def toggle(match: Match, index: int) -> Hold:
    """The hold that a tap on die ``index`` asks for: hold it if free, release it if held.

    >>> from game.core.engine import new_match
    >>> toggle(new_match("yacht", seed=1).roll().hold(1), 1), toggle(new_match("yacht", seed=1), 9)
    (Hold(die=1, held=False), Hold(die=9, held=True))
    """
    held = match.held[index] if 0 <= index < len(match.held) else False
    return Hold(index, not held)


UNDO = "undo"
NEXT_CHOICE = "next-choice"
PREVIOUS_CHOICE = "previous-choice"
FIRST_CHOICE = "first-choice"
LAST_CHOICE = "last-choice"
TO_BOXES = "to-boxes"  # S: the first box offered, and the keys right after it name a box (game.present.ear)
BOX_MOVES = (NEXT_CHOICE, PREVIOUS_CHOICE, FIRST_CHOICE, LAST_CHOICE, TO_BOXES)
DISMISS = "dismiss"  # a celebration
BOARD = "board"  # read the board aloud (game.present.words.reading)
AGAIN = "again"  # say the last words again
_KEYS: dict[str, Action | str] = {
    "r": Roll(),
    "R": Roll(),
    "u": UNDO,
    "U": UNDO,
    "s": TO_BOXES,
    "S": TO_BOXES,
    "ArrowDown": NEXT_CHOICE,
    "ArrowUp": PREVIOUS_CHOICE,
    "Home": FIRST_CHOICE,
    "End": LAST_CHOICE,
    "Escape": DISMISS,
    "b": BOARD,
    "B": BOARD,
    "a": AGAIN,
    "A": AGAIN,
}
_CTRL_KEYS: dict[str, Action | str] = {"z": UNDO, "Z": UNDO}
CHOICE_KEYS = tuple(
    key for key, command in _KEYS.items() if command in (NEXT_CHOICE, PREVIOUS_CHOICE, FIRST_CHOICE, LAST_CHOICE)
)
"""The keys that move between the offered boxes (their own action, scrolling, is prevented on a box).

>>> CHOICE_KEYS
('ArrowDown', 'ArrowUp', 'Home', 'End')
"""
TABLE_KEYS = ("r", "u", "s", "b", "a", *"0123456789")
"""The letters and numbers the keys help names (casefolded): each says why where it cannot act (issue 58)."""


def key_command(match: Match, key: str, ctrl: bool = False) -> Action | str | None:
    """What a key asks for: an action (R rolls, 1-9 and 0 hold dice), UNDO (U, Ctrl+Z), moving to or between
    choices (S, arrows, Home, End), DISMISS (Escape), BOARD (B), AGAIN (A).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", seed=1).roll()
    >>> key_command(m, "r"), key_command(m, "3"), key_command(m, "7")
    (Roll(faces=None), Hold(die=2, held=True), None)
    >>> key_command(m, "z", ctrl=True), key_command(m, "r", ctrl=True)
    ('undo', None)
    """
    if ctrl:
        return _CTRL_KEYS.get(key)
    if len(key) == 1 and key.isascii() and key.isdigit():
        index = (int(key) or 10) - 1
        return toggle(match, index) if index < match.ruleset.dice else None
    return _KEYS.get(key)
