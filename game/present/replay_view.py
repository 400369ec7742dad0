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
from game.present.tags import element

if TYPE_CHECKING:
    from game.coach.drills import Position

__all__ = ["replay", "replay_label"]


def replay(costliest: Position | None, sides: int, t: Text = ENGLISH) -> str:
    """The replay's content ("": none): the dice as they lay on that turn, for the eyes (fresh eyes rounds 100 and 101:
    "show the one turn that mattered, with its dice"), and its words, which name it for the ear as well."""
    if costliest is None:
        return ""
    dice = element("span", moment_dice(costliest.dice, sides), class_="replay-dice", aria_hidden="true")
    return dice + escape(replay_label(costliest, t))


def replay_label(costliest: Position | None, t: Text = ENGLISH) -> str:
    """The button that plays a game's costliest turn again as a puzzle, with the points it cost ("": none): points to
    find, not a telling-off (fresh eyes round 97: "let me find the 5 points"; round 98: "cost you 6 points" scolds).

    >>> from game.coach.drills import Position
    >>> replay_label(Position("yacht", (), (1, 1, 2, 5, 6), 2, chosen="k:1,1", lost=4.6)), replay_label(None)
    ('Replay turn 1: find 5 more points', '')
    """
    if costliest is None:
        return ""
    lost, turn = max(1, round(costliest.lost)), len(costliest.scores) + 1  # a box a turn: the boxes filled before it
    # Translators: a button at a game's end: it plays again, as a puzzle, the person's turn {turn} of the game, which
    # cost the most points ({count}, what a better choice would have added): a challenge, not a reproach.
    return t.n_(
        "Replay turn {turn}: find {count} more point", "Replay turn {turn}: find {count} more points", lost, turn=turn
    )
