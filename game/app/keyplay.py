"""Keyboard play at the table: R rolls, digits hold dice, U undoes, S and the arrows go to the boxes, Escape skips a
moment, B reads the board, A says the last words again (docs/playing.md).

Its own module beside game.app.table, whose commands the keys reach.
"""

from __future__ import annotations

import json

from game.app import keyboard
from game.app.effects import MoveFocus
from game.app.events import Key
from game.app.notices import BoardRead, KeyRefused, NoBoxNamed, Passing
from game.app.state import App, Out, Over, SetupScreen
from game.app.table import act, commit, dismiss_cheer, handing, playing, roll, undo
from game.coach.session import Next
from game.core.actions import Roll


def on_key(app: App, event: Key) -> Out:
    """Keyboard play: R rolls, 1–9 (0 for the tenth) hold dice, U or Ctrl+Z undoes, S goes to the boxes (then a face's
    number or a box's first letter names one), arrows, Home and End move through the boxes offered, Escape dismisses
    a celebration, B reads the board aloud, A says the last words again. A key that cannot act says why (issue 58)."""
    if event.alt or event.typing:
        return app, []
    if not playing(app):
        known = event.key.casefold() in keyboard.TABLE_KEYS and not event.ctrl
        lobby = isinstance(app.screen, SetupScreen) and app.over is Over.NOTHING
        return (app.say(KeyRefused(event.key, None)), []) if known and lobby else (app, [])
    match = app.played.match
    boxing, app = app.table.boxing, app.at_table(boxing=False)  # S names the boxes for the keys right after it
    if boxing and event.choice and not event.ctrl and len(event.key) == 1 and event.key.isalnum():
        return name_box(app.at_table(boxing=True), event)
    command = keyboard.key_command(match, event.key, event.ctrl)
    if command == keyboard.DISMISS:
        return dismiss_cheer(app)
    if command == keyboard.BOARD:  # said again on each press, the same words too; with the upper bonus's progress
        return app.at_table(spoken=app.table.spoken.then((BoardRead(match),))), []
    passing = handing(app)
    if passing is not None and command != keyboard.UNDO:
        if command is None:
            return app, []
        # The phone is being passed (or the match sent): the dice wait for the next person's Start; the key says so.
        return app.say(Passing(passing, app.played.remote)), []
    if command is None:
        digit = len(event.key) == 1 and event.key.isascii() and event.key.isdigit() and not event.ctrl
        return (app.say(KeyRefused(event.key, match)), []) if digit else (app, [])
    if command == keyboard.UNDO:
        return undo(app)
    if command in keyboard.BOX_MOVES and (event.choice or command == keyboard.TO_BOXES or event.at == ROLL):
        return to_boxes(app, str(command), event)
    if isinstance(command, str):
        return app, []  # every command in words is taken above
    return roll(app) if isinstance(command, Roll) else act(app, command)


ROLL = "roll-button"  # the arrows, Home and End on Roll go to the boxes (elsewhere off a box the page scrolls)
CHOICES = "#scorecard button.choice"
"""The boxes offered now (game.present.markup.cell's buttons), in the card's order."""


def box_button(category: str) -> str:
    """Where a box's choice button is: game.present.paint.box_at's selector (tests/unit/app/test_page_addresses.py checks
    that the two agree).

    >>> box_button("full_house")
    '#scorecard button[data-category="full_house"]'
    """
    return f"#scorecard button[data-category={json.dumps(category, ensure_ascii=False)}]"


def to_boxes(app: App, command: str, event: Key) -> Out:
    """S, an arrow, Home or End: the focus to the boxes offered (from Roll: the first, or the last for Up and End),
    or along them on a box; S then names them (the keys right after it). None offered: why."""
    session = app.played
    if session.next is Next.COMPUTER:
        return commit(app, session.act(Roll()))  # the computer's turn: its refusal says whose
    if not session.match.options():
        return app.say(KeyRefused(event.key, session.match)), []
    if command == keyboard.TO_BOXES:
        return app.at_table(boxing=True), [MoveFocus(CHOICES, "first")]
    if event.choice and command in (keyboard.NEXT_CHOICE, keyboard.PREVIOUS_CHOICE):
        return app, [MoveFocus(CHOICES, 1 if command == keyboard.NEXT_CHOICE else -1)]
    last = command in (keyboard.LAST_CHOICE, keyboard.PREVIOUS_CHOICE)
    return app, [MoveFocus(CHOICES, "last" if last else "first")]


def name_box(app: App, event: Key) -> Out:
    """A key right after S, on a box: the box it names gets the focus (the same letter again: the next it begins)."""
    match = app.played.match
    box = keyboard.named_box(match, event.key, event.box, app.t)
    if box is None:
        return app.say(NoBoxNamed(event.key)), []
    return app, [MoveFocus(box_button(box.id), "first")]
