"""What each cue of the table (game.coach.moments.Cue) sounds like: short synthesized recipes, as data.

Pure and standard-library only: static/js/page-sound.js schedules a recipe's tones with Web
Audio, so no audio file is ever downloaded. A tone is an oscillator (or, for ``NOISE``, a burst of
noise through a band-pass filter centred on its frequency) with a quick attack and a soft decay.

>>> most_notable((Cue.SCORE, Cue.YAHTZEE)), most_notable(())
(<Cue.YAHTZEE: 'yahtzee'>, None)
>>> round(length(RECIPES[Cue.ROLL]), 3) <= 0.4, all(length(r) <= MAX_SECONDS for r in RECIPES.values())
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from game.coach.moments import Cue

__all__ = [
    "ATTACK",
    "MASTER_GAIN",
    "MAX_SECONDS",
    "RECIPES",
    "ROLL_VIBRATION_MS",
    "Tone",
    "Wave",
    "length",
    "most_notable",
    "recipe_data",
]


class Wave(Enum):
    """What sounds a tone: one of Web Audio's oscillator types (its value), or a burst of noise."""

    SINE = "sine"
    TRIANGLE = "triangle"
    SQUARE = "square"
    SAWTOOTH = "sawtooth"
    NOISE = "noise"  # not an oscillator: white noise, band-passed around the tone's frequency (a die's clack)


SINE, TRIANGLE, SQUARE, NOISE = Wave.SINE, Wave.TRIANGLE, Wave.SQUARE, Wave.NOISE  # the recipes' shorthand

MASTER_GAIN = 0.5
"""Every cue's loudness at the end, under the tones' own gains: the table stays quiet."""
MAX_SECONDS = 1.0
"""No cue lasts longer: the game never waits for a sound, and sounds never pile up."""
ROLL_VIBRATION_MS = 25
"""A person's roll also buzzes the phone this long (where the browser vibrates and sound is on)."""
ATTACK = 0.006
"""Seconds from silence to a tone's peak: quick enough to sound struck, slow enough not to click."""


@dataclass(frozen=True)
class Tone:
    """One note of a recipe: its pitch (Hz), when it starts and how long it rings (s), its peak gain, its wave."""

    frequency: float
    start: float
    duration: float
    gain: float
    wave: Wave = Wave.SINE


# Notes (equal temperament, A4 = 440 Hz)
G4, C5, E5, G5, B5, C6, E6, G6 = 392.00, 523.25, 659.25, 783.99, 987.77, 1046.50, 1318.51, 1567.98

ROLL = tuple(
    Tone(frequency, start, 0.045, gain, NOISE)
    for frequency, start, gain in (
        (2600, 0.00, 0.9),
        (3400, 0.05, 0.7),
        (2100, 0.11, 0.8),
        (3000, 0.17, 0.55),
        (2400, 0.24, 0.45),
        (3600, 0.32, 0.3),
    )
)
"""A rattle: dice clacking on the table, each clack a little softer (0.37 s)."""
HOLD = (Tone(1400, 0.0, 0.05, 0.25, TRIANGLE),)
"""A soft tick."""
SCORE = (Tone(E5, 0.0, 0.3, 0.35), Tone(B5, 0.09, 0.4, 0.3))
"""A two-note chime."""
BONUS = (Tone(C5, 0.0, 0.22, 0.3, TRIANGLE), Tone(E5, 0.1, 0.22, 0.3, TRIANGLE), Tone(G5, 0.2, 0.45, 0.32, TRIANGLE))
"""A rising three-note arpeggio."""
YAHTZEE = (
    Tone(C5, 0.0, 0.16, 0.28, SQUARE),
    Tone(E5, 0.09, 0.16, 0.28, SQUARE),
    Tone(G5, 0.18, 0.16, 0.28, SQUARE),
    Tone(C6, 0.28, 0.65, 0.3, TRIANGLE),
    Tone(E6, 0.28, 0.65, 0.12),
    Tone(G6, 0.36, 0.55, 0.08),
)
"""A brighter fanfare: three quick notes up to a ringing chord (0.93 s)."""
BEST = (
    Tone(G4, 0.0, 0.14, 0.28, TRIANGLE),
    Tone(C5, 0.1, 0.14, 0.28, TRIANGLE),
    Tone(E5, 0.2, 0.14, 0.28, TRIANGLE),
    Tone(G5, 0.3, 0.2, 0.3, TRIANGLE),
    Tone(E5, 0.46, 0.12, 0.24, TRIANGLE),
    Tone(G5, 0.56, 0.4, 0.32, TRIANGLE),
)
"""A fanfare variant for a personal best: up, a step back, and up again (0.96 s)."""

STRAIGHT = (
    Tone(C5, 0.0, 0.12, 0.26, TRIANGLE),
    Tone(E5, 0.07, 0.12, 0.26, TRIANGLE),
    Tone(G5, 0.14, 0.12, 0.26, TRIANGLE),
    Tone(C6, 0.21, 0.3, 0.28, TRIANGLE),
)
"""A quick run of four notes up, one after another as a straight's faces are (0.51 s)."""

RECIPES: dict[Cue, tuple[Tone, ...]] = {
    Cue.ROLL: ROLL,
    Cue.HOLD: HOLD,
    Cue.SCORE: SCORE,
    Cue.STRAIGHT: STRAIGHT,
    Cue.BONUS: BONUS,
    Cue.YAHTZEE: YAHTZEE,
    Cue.BEST: BEST,
}
"""Each cue's recipe."""


def length(recipe: Iterable[Tone]) -> float:
    """Seconds from a recipe's start until its last tone has rung out.

    >>> length(SCORE)
    0.49
    """
    return max((tone.start + tone.duration for tone in recipe), default=0.0)


def most_notable(cues: Iterable[Cue]) -> Cue | None:
    """The one cue to play of a step's cues: the last, as game.coach.moments.cues lists them plainest first.

    (A score that reaches the bonus plays the bonus alone: two sounds at once would only blur.)
    """
    return next(reversed(tuple(cues)), None)


LEAD = 0.01
"""Seconds between scheduling a cue and its first tone: every tone of it is then set before it starts."""
NOISE_SECONDS = 0.06
"""The noise buffer's length, shared by every clack (longer than any noise tone)."""
NOISE_SEED = 6
"""The noise is the same every visit (page-sound.js draws it from this seed): a recipe, not a chance."""
NOISE_Q = 1.8
"""How narrow the band-pass around a clack's frequency is: wide enough to sound like wood, not a whistle."""


def recipe_data(recipe: tuple[Tone, ...]) -> dict:
    """A recipe as static/js/page-sound.js schedules it (one effect, whatever its length).

    >>> recipe_data((Tone(440.0, 0.0, 0.1, 0.3),))["tones"]
    [{'frequency': 440.0, 'start': 0.0, 'duration': 0.1, 'gain': 0.3, 'wave': 'sine'}]
    """
    tones = [
        {"frequency": t.frequency, "start": t.start, "duration": t.duration, "gain": t.gain, "wave": t.wave.value}
        for t in recipe
    ]
    return {
        "tones": tones,
        "lead": LEAD,
        "attack": ATTACK,
        "noiseQ": NOISE_Q,
        "noiseSeconds": NOISE_SECONDS,
        "noiseSeed": NOISE_SEED,
        "masterGain": MASTER_GAIN,
    }
