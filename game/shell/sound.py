"""Sounds and touch for the table's cues (game.feel.Cue): synthesized with Web Audio, no audio files.

The recipes are data (game.sounds); here they are scheduled. Nothing plays unless the page's Sound
setting is on (``html[data-sound="on"]``, set by static/js/settings.js before Python starts). The
audio context is made on the first cue, which a person's tap brings, so the browser lets it start;
where ``navigator.audioSession`` exists it is "ambient", so iOS keeps quiet when the ringer is muted.
A browser without Web Audio stays silent, with one warning in the console: a sound never breaks play.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from ..feel import Cue
from ..sounds import ATTACK, MASTER_GAIN, RECIPES, ROLL_VIBRATION_MS, Tone, Wave, most_notable

LEAD = 0.01
"""Seconds between scheduling a cue and its first tone: every tone of it is then set before it starts."""
SILENT = 0.0001
"""The gain a tone rises from and decays to (an exponential ramp cannot reach 0)."""
NOISE_SECONDS = 0.06
"""The noise buffer's length, shared by every clack (longer than any noise tone)."""
NOISE_Q = 1.8
"""How narrow the band-pass around a clack's frequency is: wide enough to sound like wood, not a whistle."""


class Speaker:
    """The page's audio: the context and its output, made on first need, and whether sound works here."""

    def __init__(self) -> None:
        self.context = None  # the AudioContext, made on the first cue with sound on
        self.output = None  # the master gain every tone goes through
        self.noise = None  # a buffer of white noise (the rattle's clacks), made once
        self.broken = False  # Web Audio is missing or failed: silent from then on (warned once)

    def play(self, cues: Iterable[Cue], person: bool) -> None:
        """Play a step's most notable cue, if sound is on; a person's roll also buzzes the phone."""
        cue = most_notable(cues)
        if cue is None:
            return
        try:
            if document.documentElement.dataset.sound != "on":
                return
            if person and cue is Cue.ROLL:
                if hasattr(window.navigator, "vibrate"):
                    window.navigator.vibrate(ROLL_VIBRATION_MS)
            if not self.broken:
                self.ready()  # now, in the person's tap: browsers (iOS above all) start audio only then
                after_paint(lambda: self.attempt(lambda: self.schedule(RECIPES[cue])))
        except Exception as error:  # noqa: BLE001 - a sound never stops play
            self.fail(error)

    def wake(self) -> None:
        """Make the audio context ahead of the first cue (at a tap's start), so a roll's frame never pays for it."""
        if self.context is None and not self.broken and document.documentElement.dataset.sound == "on":
            self.attempt(self.ready)

    def attempt(self, action) -> None:
        """Run an audio step later (after the frame), silent for the visit if it fails."""
        try:
            action()
        except Exception as error:  # noqa: BLE001 - a sound never stops play
            self.fail(error)

    def fail(self, error: Exception) -> None:
        if not self.broken:
            window.console.warn(f"sound: off for this visit: {type(error).__name__}: {error}")
        self.broken = True

    def ready(self):
        """The running audio context, made on first use (a person's tap then unlocks it), resumed when suspended."""
        if self.context is None:
            session = getattr(window.navigator, "audioSession", None)
            if session is not None:
                session.type = "ambient"  # iOS: respect the ringer's mute switch, mix with other audio
            make = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
            if make is None:
                raise RuntimeError("this browser has no Web Audio")
            context = make.new()
            self.output = context.createGain()
            self.output.gain.value = MASTER_GAIN
            self.output.connect(context.destination)
            self.context = context
        if self.context.state != "running":
            self.context.resume()  # its promise is not awaited: the tones are scheduled on its clock anyway
        return self.context

    def noise_buffer(self, context):
        """White noise, made once (one crossing into JavaScript for all its samples)."""
        if self.noise is None:
            rate = context.sampleRate
            count = int(rate * NOISE_SECONDS)
            buffer = context.createBuffer(1, count, rate)
            draw = random.Random(6).uniform  # the same noise every visit: a recipe, not a chance
            buffer.getChannelData(0).set(to_js([draw(-1.0, 1.0) for _ in range(count)]))
            self.noise = buffer
        return self.noise

    def schedule(self, recipe: tuple[Tone, ...]) -> None:
        """Set every tone of a recipe on the audio clock: a source, a quick attack, a soft decay."""
        context = self.ready()
        now = context.currentTime + LEAD
        for tone in recipe:
            start, end = now + tone.start, now + tone.start + tone.duration
            if tone.wave is Wave.NOISE:
                source = context.createBufferSource()
                source.buffer = self.noise_buffer(context)
                head = context.createBiquadFilter()
                head.type = "bandpass"
                head.frequency.value = tone.frequency
                head.Q.value = NOISE_Q
                source.connect(head)
            else:
                source = head = context.createOscillator()
                source.type = tone.wave.value
                source.frequency.value = tone.frequency
            envelope = context.createGain()
            level = envelope.gain
            level.setValueAtTime(SILENT, start)
            level.exponentialRampToValueAtTime(tone.gain, start + min(ATTACK, tone.duration / 2))
            level.exponentialRampToValueAtTime(SILENT, end)
            head.connect(envelope).connect(self.output)
            source.start(start)
            source.stop(end)


def after_paint(action) -> None:
    """Run ``action`` once the next frame is drawn: the roll's dice reach the screen first, its sound a frame later."""
    window.requestAnimationFrame(create_once_callable(lambda _time: window.setTimeout(create_once_callable(action), 0)))


SPEAKER = Speaker()
"""The page's one speaker (the shell's only audio state)."""


def play(cues: Iterable[Cue], person: bool) -> None:
    """Play a step's cues (``person``: a person's own action, which may also vibrate on a roll)."""
    SPEAKER.play(cues, person)


def wake() -> None:
    """A person's tap begins: have the audio ready for the cue its click may bring."""
    SPEAKER.wake()
