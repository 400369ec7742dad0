"""How long the table waits, in seconds: thrown dice in the air, and a computer before each move.

One home for the pace that both halves keep: the page animates thrown dice for :data:`ROLL_SECONDS`
(game.present.feel), and the session waits that long after a computer's roll before its next move
(game.coach.session.Session.pause_before), so people see the dice land first.

>>> HOLD_PAUSE < COMPUTER_PAUSE
True
"""

from __future__ import annotations

__all__ = ["COMPUTER_PAUSE", "HOLD_PAUSE", "ROLL_SECONDS"]

ROLL_SECONDS = 0.56
"""How long thrown dice tumble before they land (game.present.feel's TOSS and FLICK; a computer waits as long after its roll)."""
COMPUTER_PAUSE = 0.7
"""Seconds before a computer's roll or score: slow enough for people to follow."""
HOLD_PAUSE = 0.25
"""Seconds before each die a computer holds or releases."""
