"""Sounds and touch for the table's cues (game.feel.Cue): synthesized with Web Audio, no audio files.

The recipes are data (game.sounds); static/js/page.js makes the audio and schedules a recipe handed
over in one call. Nothing plays unless the page's Sound setting is on (``html[data-sound="on"]``,
set by static/js/settings.js before Python starts). The audio context is made at a person's first
tap, so the browser lets it start; where ``navigator.audioSession`` exists it is "ambient", so iOS
keeps quiet when the ringer is muted. A browser without Web Audio stays silent, with one warning in
the console: a sound never breaks play.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from pyscript import window

from ..feel import Cue
from ..sounds import ATTACK, MASTER_GAIN, RECIPES, ROLL_VIBRATION_MS, Tone, most_notable
from .dom import PAGE

LEAD = 0.01
"""Seconds between scheduling a cue and its first tone: every tone of it is then set before it starts."""
NOISE_SECONDS = 0.06
"""The noise buffer's length, shared by every clack (longer than any noise tone)."""
NOISE_SEED = 6
"""The noise is the same every visit (page.js draws it from this seed): a recipe, not a chance."""
NOISE_Q = 1.8
"""How narrow the band-pass around a clack's frequency is: wide enough to sound like wood, not a whistle."""


class Speaker:
    """Whether the page's audio (static/js/page.js: the context and its output) is awake, and whether sound works here."""

    def __init__(self) -> None:
        self.awake = False  # the audio context is made (on the first tap or cue with sound on)
        self.broken = False  # Web Audio is missing or failed: silent from then on (warned once)

    def play(self, cues: Iterable[Cue], person: bool) -> None:
        """Play a step's most notable cue, if sound is on; a person's roll also buzzes the phone."""
        cue = most_notable(cues)
        if cue is None:
            return
        try:
            if PAGE.root.sound != "on":
                return
            if person and cue is Cue.ROLL:
                navigator = PAGE.navigator()
                if hasattr(navigator, "vibrate"):
                    navigator.vibrate(ROLL_VIBRATION_MS)
            if not self.broken:
                self.ready()  # now, in the person's tap: browsers (iOS above all) start audio only then
                PAGE.steps().play(recipe_json(RECIPES[cue]))
        except Exception as error:  # noqa: BLE001 - a sound never stops play
            self.fail(error)

    def wake(self) -> None:
        """Make the audio context ahead of the first cue (at a tap's start), so a roll's frame never pays for it."""
        if not self.awake and not self.broken and PAGE.root.sound == "on":
            try:
                self.ready()
            except Exception as error:  # noqa: BLE001 - a sound never stops play
                self.fail(error)

    def fail(self, error: Exception) -> None:
        if not self.broken:
            window.console.warn(f"sound: off for this visit: {type(error).__name__}: {error}")
        self.broken = True

    def ready(self) -> None:
        """The audio context made on the page (a person's tap then unlocks it), resumed when suspended."""
        if not PAGE.steps().wakeAudio(MASTER_GAIN):
            raise RuntimeError("this browser has no Web Audio")
        self.awake = True


def recipe_json(recipe: tuple[Tone, ...]) -> str:
    """A recipe as static/js/page.js schedules it (one call to the page, whatever its length).

    >>> json.loads(recipe_json((Tone(440.0, 0.0, 0.1, 0.3),)))["tones"]
    [{'frequency': 440.0, 'start': 0.0, 'duration': 0.1, 'gain': 0.3, 'wave': 'sine'}]
    """
    tones = [{"frequency": t.frequency, "start": t.start, "duration": t.duration, "gain": t.gain, "wave": t.wave.value}
             for t in recipe]
    return json.dumps({"tones": tones, "lead": LEAD, "attack": ATTACK, "noiseQ": NOISE_Q,
                       "noiseSeconds": NOISE_SECONDS, "noiseSeed": NOISE_SEED})


SPEAKER = Speaker()
"""The page's one speaker (the shell's only audio state)."""


def play(cues: Iterable[Cue], person: bool) -> None:
    """Play a step's cues (``person``: a person's own action, which may also vibrate on a roll)."""
    SPEAKER.play(cues, person)


def wake() -> None:
    """A person's tap begins: have the audio ready for the cue its click may bring."""
    SPEAKER.wake()
