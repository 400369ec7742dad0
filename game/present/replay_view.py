"""The button that plays a game's costliest turn again (game.app.ticks.costliest): the turn's dice, then its words.

>>> from game.coach.drills import Position
>>> html = replay(Position("yacht", (("ones", 1),) * 8, (1, 1, 2, 5, 6), 2, chosen="k:1,1", lost=4.6), 6)
>>> html.count('class="die"'), html.split("</span>")[-1], replay(None, 6)
(5, 'Replay turn 9: find 5 more points', '')
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from game.core.i18n import ENGLISH, Text
from game.present.markup import moment_dice
from game.present.standings import replay_label
from game.present.tags import element

if TYPE_CHECKING:
    from game.coach.drills import Position

__all__ = ["replay"]


def replay(costliest: Position | None, sides: int, t: Text = ENGLISH) -> str:
    """The replay's content ("": none): the dice as they lay on that turn, for the eyes (fresh eyes rounds 100 and 101:
    "show the one turn that mattered, with its dice"), and its words, which name it for the ear as well."""
    label = replay_label(costliest, t)
    if costliest is None or not label:
        return ""
    dice = element("span", moment_dice(costliest.dice, sides), class_="replay-dice", aria_hidden="true")
    return dice + escape(label)
