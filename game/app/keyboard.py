"""What a key or a tap asks for: the keyboard's mapping onto actions and the page's own commands, and the box a
key names after S (issue 58: a face's number, or a box's first letter in the player's language).

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
from game.core.i18n import ENGLISH, Text
from game.core.rules import Category, Section

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
    "named_box",
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
TO_BOXES = "to-boxes"  # S: the first box offered, and the keys right after it name a box (named_box)
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


def _offered(match: Match) -> list[Category]:
    options = match.options()
    return [box for box in match.ruleset.categories if box.id in options]


def named_box(match: Match, key: str, at: str = "", t: Text = ENGLISH) -> Category | None:
    """The box that ``key`` names among those offered now: a face's number names its upper box; a letter the next box
    after ``at`` (the box focused) whose name begins with it, the lower section's first (their faces name the upper
    ones), round the end. None: no offered box answers to it.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[2, 2, 2, 5, 5])
    >>> named_box(m, "5").id, named_box(m, "f").id, named_box(m, "f", "four_of_a_kind").id, named_box(m, "F", "full_house").id
    ('fives', 'four_of_a_kind', 'full_house', 'fours')
    >>> named_box(m, "q"), named_box(m.score("fives").roll(faces=[1, 1, 1, 1, 1]), "5")
    (None, None)
    """
    offered = _offered(match)
    if key.isdigit():
        face = int(key)
        return next((box for box in offered if box.section is Section.UPPER and box.face == face), None)
    letter = key.casefold()
    if len(letter) != 1 or not letter.isalpha():
        return None
    ordered = [box for box in offered if box.section is not Section.UPPER] + [
        box for box in offered if box.section is Section.UPPER
    ]
    matching = [box for box in ordered if box.display(t).casefold().startswith(letter)]
    if not matching:
        return None
    ids = [box.id for box in matching]
    return matching[(ids.index(at) + 1) % len(matching)] if at in ids else matching[0]
