"""How long the table waits, in seconds: thrown dice in the air, and a computer before each move, at each pace.

One home for the pace that both halves keep: the page animates thrown dice for :data:`ROLL_SECONDS`
(game.present.feel), and the session waits for them to land after a computer's roll before its next move
(game.coach.session.Session.pause_before), so people see the dice first. A person picks the pace in Sound and look
(issue 54): **Brisk** by default (a computer's turn in about 2.5 s), **Relaxed** (the old, slower timings) or
**Instant** (no waits; the computer's dice are not thrown). A computer's holds come at once at Brisk: one glance, never
one die at a time (the ear hears the turn in one sentence: game.present.ear.computer_turn).

>>> HOLD_PAUSE < COMPUTER_PAUSE, Pace.read("instant"), Pace.read("nonsense") is Pace.BRISK
(True, <Pace.INSTANT: 'instant'>, True)
>>> Pace.BRISK.timing.before_score, Pace.INSTANT.timing.land
(0.35, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["COMPUTER_PAUSE", "HOLD_PAUSE", "ROLL_SECONDS", "GRACE_SECONDS", "Pace", "Timing"]

ROLL_SECONDS = 0.56
"""How long thrown dice tumble before they land (game.present.feel's TOSS and FLICK)."""
COMPUTER_PAUSE = 0.7
"""Relaxed: seconds before a computer's roll or score."""
HOLD_PAUSE = 0.25
"""Relaxed: seconds before each die a computer holds or releases."""
GRACE_SECONDS = 2.0
"""After a person's box, the least wait before a computer's first roll while a keyboard is in use (issue 58): long
enough for a screen reader to say the box, and for Undo to take it back before anyone has seen the next dice."""


@dataclass(frozen=True)
class Timing:
    """A pace's waits: before a computer's turn begins (its first roll), before a later roll, before each hold, before
    its score, and after thrown dice (they land first)."""

    before_turn: float
    before_roll: float
    before_hold: float
    before_score: float
    land: float


class Pace(Enum):
    """How fast a computer plays (Sound and look's Pace, kept in the page's storage)."""

    BRISK = "brisk"
    RELAXED = "relaxed"
    INSTANT = "instant"

    @classmethod
    def read(cls, stored: str | None) -> Pace:
        """The pace a stored value names; anything else (none kept, an old or foreign value): the default."""
        return next((pace for pace in cls if pace.value == stored), cls.BRISK)

    @property
    def timing(self) -> Timing:
        return _TIMINGS[self]


_TIMINGS = {
    Pace.RELAXED: Timing(COMPUTER_PAUSE, COMPUTER_PAUSE, HOLD_PAUSE, COMPUTER_PAUSE, ROLL_SECONDS),
    # The dice land in 0.56 s, but the eased toss has them all but still by 0.45 s: the holds come as they settle. Half
    # a second before its first roll: the person's box is seen written, its points popping, before the computer
    # throws (0.3 s read as a handover too rough, fresh eyes round 92).
    Pace.BRISK: Timing(0.5, 0.12, 0.0, 0.35, 0.45),
    Pace.INSTANT: Timing(0.0, 0.0, 0.0, 0.0, 0.0),
}
