"""The cues' sound recipes (game.app.sounds): one per cue, short, quiet enough, and in hearing range."""

from __future__ import annotations

import dataclasses

import pytest

from game.app.sounds import MASTER_GAIN, MAX_SECONDS, RECIPES, ROLL_VIBRATION_MS, Wave, length, most_notable
from game.present.feel import Cue


def test_every_cue_has_a_recipe():
    assert set(RECIPES) == set(Cue)
    assert all(RECIPES[cue] for cue in Cue)


@pytest.mark.parametrize("cue", list(Cue), ids=lambda c: c.value)
def test_a_recipe_is_short_quiet_and_audible(cue):
    recipe = RECIPES[cue]
    assert 0 < length(recipe) <= MAX_SECONDS <= 1.0
    for tone in recipe:
        assert tone.start >= 0 and tone.duration > 0
        assert 0 < tone.gain <= 1
        assert 40 <= tone.frequency <= 8000
        assert isinstance(tone.wave, Wave)


def test_a_roll_is_a_rattle_of_at_most_400_ms_and_a_short_buzz():
    assert length(RECIPES[Cue.ROLL]) <= 0.4
    assert len(RECIPES[Cue.ROLL]) >= 3
    assert 10 <= ROLL_VIBRATION_MS <= 50
    assert 0 < MASTER_GAIN <= 1


def test_recipes_are_frozen_data():
    tone = RECIPES[Cue.HOLD][0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        tone.gain = 1.0  # type: ignore[misc]
    assert all(isinstance(recipe, tuple) for recipe in RECIPES.values())


def test_of_several_cues_the_most_notable_plays():
    assert most_notable([Cue.SCORE, Cue.BONUS, Cue.YAHTZEE]) is Cue.YAHTZEE
    assert most_notable([Cue.ROLL]) is Cue.ROLL
    assert most_notable(iter(())) is None
