"""The setup form's words: who may play a seat (a person, or the computer at each level) and who "Play the computer"
sets you against. The form's model (a new match's choices from a link or the form, and the session they begin) is
game.records.choices.

>>> opponent({"count": "2", "name1": "Ann", "kind2": "perfect"})
'You against Robin, who plays perfectly'
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.cards import Level
from game.core.i18n import ENGLISH, N_, Text
from game.records.choices import Quick, quick_setup

__all__ = ["SEAT_KINDS", "opponent"]


_LEVEL_LABELS = {
    # Translators: who plays a seat (the setup form): the computer, at its beginner's level.
    Level.EASY: N_("Computer (Easy)"),
    # Translators: who plays a seat (the setup form): the computer, at its middle level.
    Level.GOOD: N_("Computer (Good)"),
    # Translators: who plays a seat (the setup form): the computer, playing the best possible game.
    Level.PERFECT: N_("Computer (Perfect)"),
    # Translators: who plays a seat (the setup form): the computer, playing to win against the others, not for the most points.
    Level.WIN: N_("Computer (Perfect, to win)"),
}


SEAT_KINDS: tuple[tuple[str, str], ...] = (
    # Translators: who plays a seat (the setup form): a person at this device.
    ("human", N_("Person")),
    *((level.value, _LEVEL_LABELS[level]) for level in Level),
)
"""Who plays a seat, as (value, label): a person, or the computer at each of its levels (labels worded by ``t._``)."""


_OPPONENTS = {
    # Translators: under the setup screen's "Play the computer": who you will play; {name} is the computer player's name.
    Level.EASY: N_("You against {name}, a beginner"),
    # Translators: under the setup screen's "Play the computer": who you will play, a computer at its middle level.
    Level.GOOD: N_("You against {name}, who plays well"),
    # Translators: under the setup screen's "Play the computer": who you will play, a computer playing the best game.
    Level.PERFECT: N_("You against {name}, who plays perfectly"),
    # Translators: under the setup screen's "Play the computer": a computer that plays to win against you, not for points.
    Level.WIN: N_("You against {name}, who plays to win"),
}


def opponent(fields: Mapping[str, str], t: Text = ENGLISH) -> str:
    """Who "Play the computer" sets you against, from the form's fields as they are: its name and level.

    >>> opponent({"count": "2", "name1": "Ann", "kind2": "perfect"}), opponent({})
    ('You against Robin, who plays perfectly', 'You against Robin, who plays well')
    """
    computer = quick_setup(fields, Quick.COMPUTER)[0].seats(t)[1]
    return t._(_OPPONENTS[computer.level or Level.GOOD], name=computer.name)
