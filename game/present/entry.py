"""Real dice on the page (game.core.entered): the face pad a person taps the roll on the table into, and the tray
showing the faces entered so far.

>>> from game.core.dice import Draw
>>> from game.core.engine import new_match
>>> m = new_match("yacht", ["Ann"], seed=1, draw=Draw.ENTERED)
>>> pad(m.ruleset).count("data-face=")
12
>>> [(die.face, die.enabled) for die in dice(m, (6, 2))][:3]
[(6, True), (2, True), (None, False)]
"""

from __future__ import annotations

from html import escape

from game.core.engine import Match
from game.core.i18n import ENGLISH, Text
from game.core.rules import RuleSet
from game.present import board_view, you
from game.present.markup import die_face
from game.present.tags import element

__all__ = ["pad", "dice", "pad_label", "status"]


def pad(ruleset: RuleSet, t: Text = ENGLISH) -> str:
    """The face pad: what it is for, seen (a screen reader has it as the pad's name), then one button per face of
    the rule set's dice (``data-face``), each drawn as that face."""
    caption = element("span", escape(pad_label(t)), class_="face-pad-label", aria_hidden="true")
    return caption + "".join(
        element(
            "button",
            die_face(face, ruleset.sides),
            type="button",
            class_="die face-key",
            data_face=face,
            # Translators: a button of the face pad (real dice): enters one die showing {face} into the roll.
            aria_label=t._("Enter a {face}", face=face),
        )
        for face in range(1, ruleset.sides + 1)
    )


def pad_label(t: Text = ENGLISH) -> str:
    """The face pad's name, read by screen readers."""
    # Translators: the name of the row of face buttons that enters the dice rolled on the table (real dice).
    return t._("Enter the dice as they lie on the table")


def dice(match: Match, entering: tuple[int, ...], t: Text = ENGLISH) -> tuple[board_view.Die, ...]:
    """The tray while a roll is entered: the faces entered so far (a tap takes one back), blanks after them; with
    none entered, the last roll entered, which no tap holds (the dice are held on the table)."""
    if not entering:
        return tuple(
            board_view.Die(die.index, die.face, False, die.label, False, die.pose) for die in board_view.dice(match, t)
        )
    out = []
    for index in range(match.ruleset.dice):
        face = entering[index] if index < len(entering) else None
        if face is None:
            label = t._("Die {number}, blank", number=index + 1)
        else:
            # Translators: a die of the roll being entered (real dice); a tap on it takes it back.
            label = t._("Die {number}, entered {face}: tap to take it back", number=index + 1, face=face)
        out.append(board_view.Die(index, face, False, label, face is not None))
    return tuple(out)


def status(match: Match, entering: tuple[int, ...], said: str, t: Text = ENGLISH) -> str:
    """The status line while a roll is entered: who enters it, the faces so far and how many of the dice, so that
    each tap (or take-back) is heard in the live region; ``said`` (the step's line) when none is entered.

    >>> from game.core.dice import Draw
    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1, draw=Draw.ENTERED)
    >>> status(m, (6, 2), "Ann's turn: roll the dice"), status(m, (), "Ann's turn: roll the dice")
    ('Ann enters the roll: 6, 2 (2 of 5 dice)', "Ann's turn: roll the dice")
    """
    if not entering:
        return said
    faces = ", ".join(str(face) for face in entering)
    # Translators: the status line (read aloud) while the dice rolled on a table are entered ("6, 2 (2 of 5 dice)").
    return you.said(
        t,
        "{name} enters the roll: {faces} ({count} of {dice} dice)",
        match.current_name,
        faces=faces,
        count=len(entering),
        dice=match.ruleset.dice,
    )
