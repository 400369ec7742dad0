"""Real dice at the table: the faces a person taps (or types) for the roll on the table, then the roll entered.

In a match played with real dice (game.core.entered) the tray shows the faces entered so far, and the face pad
under it one button per face. The last die of a roll enters it at once (five taps, nothing more to confirm): a
wrong one is taken back before that by a tap on its die (or Backspace), and after by Undo, which takes back the
whole entry. A seeded match takes no faces: what is entered can never become a seeded match's dice.

    >>> from game.app.state import App
    >>> from game.app.table import begin
    >>> from game.coach.session import Session
    >>> from game.core.dice import Draw
    >>> from game.core.engine import new_match
    >>> app, _ = begin(App(), Session(new_match("yacht", ["Ann"], seed=1, draw=Draw.ENTERED)))
    >>> for face in (6, 6, 2, 3):
    ...     app, _ = tap(app, face)
    >>> app.table.entering, app.session.match.rolls
    ((6, 6, 2, 3), 0)
    >>> app, _ = tap(app, 4)
    >>> app.table.entering, app.session.match.dice
    ((), (6, 6, 2, 3, 4))
"""

from __future__ import annotations

from dataclasses import replace

from game.app.events import Key
from game.app.notices import Faces, Failed, MoveRefused, Said
from game.app.state import App, Out
from game.app.table import commit, handing, playing
from game.coach.session import Step
from game.core.actions import Roll
from game.core.entered import entered, entry, valid_face
from game.core.i18n import N_
from game.core.refusals import Refusal, RollError

__all__ = ["tap", "take_back", "on_key", "TAKE_BACK_KEYS"]

TAKE_BACK_KEYS = ("Backspace", "Delete")
"""Keys that take back the last face entered."""


# Translators: a face typed that the dice do not have (a 7 on six-sided dice); {sides} is the dice's sides.
FACES = N_("These dice have faces from 1 to {sides}.")


def _refusal(app: App, face: int) -> Said | None:
    """Why ``face`` cannot be entered now, or None."""
    session = app.played
    match = session.match
    if not entered(match):
        return Failed(
            RollError(
                "This match rolls its own dice: there are no faces to enter.", Refusal.ENTERED_DICE, case="seeded"
            )
        )
    if not valid_face(match, face):
        return Faces(match.ruleset.sides)
    refused = session.act(Roll((face,) * match.held.count(False))).refusal  # a computer's turn, no rolls left...
    return None if refused is None else MoveRefused(refused)


def tap(app: App, face: int) -> Out:
    """A face tapped on the pad (or its digit typed): one more die of the roll; the last one enters the roll."""
    if not playing(app) or handing(app) is not None:
        return app, []  # the phone is being passed: the dice wait for the next person's Start
    refused = _refusal(app, face)
    if refused is not None:
        return app.say(refused), []
    faces = (*app.table.entering, face)
    if len(faces) < app.played.match.ruleset.dice:
        return app.at_table(entering=faces), []
    return enter(app, faces)


def enter(app: App, faces: tuple[int, ...]) -> Out:
    """The roll ``faces`` entered: the holds and the roll that make it (game.core.entered.entry), as one step."""
    session = before = app.played
    step = Step(session, before.match)
    for action in entry(session.match, faces):
        step = session.act(action)
        if step.refusal is not None:
            return app.say(MoveRefused(step.refusal)), []
        session = step.session
    app, effects = commit(app.at_table(entering=()), replace(step, before=before.match))
    return app, effects


def take_back(app: App, index: int | None = None) -> Out:
    """A die of the roll being entered taken back (``index``; None: the last one); a tap on the dice in a match
    of real dice with nothing being entered says how the dice are entered."""
    if not playing(app) or not entered(app.played.match) or handing(app) is not None:
        return app, []
    faces = app.table.entering
    if index is None:
        index = len(faces) - 1
    if not 0 <= index < len(faces):
        name = app.played.match.current_name
        why = f"{name} rolls real dice in this match: enter the faces they show"  # the engine's Roll() refusal
        return app.say(MoveRefused(RollError(why, Refusal.ENTERED_DICE, {"name": name}, "roll"))), []
    return app.at_table(entering=faces[:index] + faces[index + 1 :]), []


def on_key(app: App, event: Key) -> Out | None:
    """A digit enters a face (0: a ten), Backspace takes the last one back, in a match of real dice; None for any
    other key or match (the table's keys take it)."""
    if event.alt or event.ctrl or event.typing or not playing(app) or not entered(app.played.match):
        return None
    key = event.key
    if len(key) == 1 and key.isascii() and key.isdigit():
        return tap(app, int(key) or 10)
    if key in TAKE_BACK_KEYS:
        return take_back(app) if app.table.entering else (app, [])
    return None
