"""Trophies in words (game.records.trophies): each one's name and what wins it, the lobby's shelf, the end's news and
Statistics' list.

>>> from game.records.trophies import Trophy
>>> shelf({Trophy.BONUS})
'<span class="trophy-count">Trophies: 1 of 8</span><span class="medals" aria-hidden="true"><i data-trophy="fives"></i><i data-trophy="bonus" class="won"></i><i data-trophy="straights"></i><i data-trophy="no-zeros"></i><i data-trophy="twice"></i><i data-trophy="beaten"></i><i data-trophy="best-beaten"></i><i data-trophy="run"></i></span><span class="trophy-next">Next trophy: All alike</span>'
>>> news((("Ann", (Trophy.BONUS, Trophy.NO_ZEROS)),))
(('New trophies:', (('Upper bonus', 'bonus'), ('No zeros', 'no-zeros'))),)
>>> news((("Ann", (Trophy.BONUS,)), ("Bob", (Trophy.FIVES,))))
(('New trophy for Ann:', (('Upper bonus', 'bonus'),)), ('New trophy for Bob:', (('All alike', 'fives'),)))
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

from game.core.i18n import ENGLISH, N_, Text
from game.present.tags import element
from game.records.trophies import RUN, Trophy

__all__ = ["NAMES", "listing", "news", "shelf"]

# Translators: the trophies' names and what wins each (the lobby counts them, Statistics lists them, a game's end
# names one won). "All alike": every die showing one face, scored in the top box (Yahtzee, Yatzy, Yacht).
NAMES: dict[Trophy, tuple[str, str]] = {
    Trophy.FIVES: (N_("All alike"), N_("Score the top box: every die showing one face")),
    Trophy.BONUS: (N_("Upper bonus"), N_("Reach the upper section's bonus")),
    Trophy.STRAIGHTS: (N_("Every straight"), N_("Score every straight on the card in one game")),
    Trophy.NO_ZEROS: (N_("No zeros"), N_("Fill a whole card without a 0")),
    Trophy.TWICE: (N_("All alike, twice"), N_("Score the top box, then a bonus for another")),
    Trophy.BEATEN: (N_("Computer beaten"), N_("Win a game against the computer")),
    Trophy.BEST_BEATEN: (N_("Perfect play beaten"), N_("Win against the computer playing perfectly")),
    Trophy.RUN: (N_("Days running"), N_("Play the daily game {count} days in a row")),
}
"""Each trophy's name and what wins it, in English (translated where shown)."""


def _name(trophy: Trophy, t: Text) -> str:
    return t._(NAMES[trophy][0])


def _wins(trophy: Trophy, t: Text) -> str:
    return t._(NAMES[trophy][1], count=RUN) if trophy is Trophy.RUN else t._(NAMES[trophy][1])


def shelf(won: Collection[Trophy], t: Text = ENGLISH) -> str:
    """The lobby's shelf: how many of the trophies the player has won, then a medal each, gold where won (for the
    eyes: the count says it to the ear)."""
    # Translators: in the lobby, beside a row of medals: the trophies the player has won of all there are.
    said = t._("Trophies: {won} of {count}", won=len(won), count=len(Trophy))
    count = element("span", escape(said), class_="trophy-count")
    medals = "".join(
        element("i", data_trophy=trophy.value, class_="won" if trophy in won else None) for trophy in Trophy
    )
    shelf = count + element("span", medals, class_="medals", aria_hidden="true")
    ahead = next((trophy for trophy in Trophy if trophy not in won), None)
    if ahead is None:
        return shelf
    # Translators: in the lobby, after the trophies won: the next one to win, a goal for the next game ("Next trophy:
    # No zeros"); Statistics says what wins each.
    goal = t._("Next trophy: {name}", name=_name(ahead, t))
    return shelf + element("span", escape(goal), class_="trophy-next")


def news(
    won: Sequence[tuple[str, tuple[Trophy, ...]]], t: Text = ENGLISH
) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """A game's end: the trophies it won, each person's words before their trophies' names and kinds (drawn as
    badges, each with its own emblem), a line for the one person who won any, else one per person."""
    if len(won) == 1:
        ((_, trophies),) = won
        # Translators: at a game's end, before the names of the trophies it won (drawn as badges): "New trophies:".
        return (
            (
                t.n_("New trophy:", "New trophies:", len(trophies)),
                tuple((_name(each, t), each.value) for each in trophies),
            ),
        )
    return tuple(
        # Translators: at the end of a game of several people, before the names of the trophies one of them won.
        (
            t.n_("New trophy for {name}:", "New trophies for {name}:", len(trophies), name=name),
            tuple((_name(each, t), each.value) for each in trophies),
        )
        for name, trophies in won
    )


def listing(won: Collection[Trophy], t: Text = ENGLISH) -> str:
    """Statistics' list of every trophy: its name, what wins it, and whether the player has it (words, not only a
    medal's colour).

    >>> listing({Trophy.BONUS}).count("<li"), listing({Trophy.BONUS}).count("(won)"), "No zeros: Fill a whole card" in listing(())
    (8, 1, True)
    """
    items = []
    for trophy in Trophy:
        name, said = _name(trophy, t), _wins(trophy, t)
        # Translators: Statistics' list of trophies: a trophy won ("Upper bonus: Reach the upper section's bonus").
        line = t._("{name}: {wins} (won)", name=name, wins=said) if trophy in won else f"{name}: {said}"
        items.append(element("li", escape(line), data_trophy=trophy.value, class_="won" if trophy in won else None))
    # Translators: the heading of Statistics' list of trophies.
    return element("h3", escape(t._("Trophies"))) + element("ul", "".join(items), class_="trophies-list")
