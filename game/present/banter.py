"""What a computer says at the table. Through its turn, over the dice: what it plays for, as the dice it holds show it
(fresh eyes round 81: "Robin's turn is a wait to skip; let it say what it is going for"), for the eyes only: the ear
hears the computer's turn once, at its end, as before. Of the box it has just written, and of a person's moment: its
quips (game.coach.moments.Quip).

>>> from game.core.engine import new_match
>>> from game.core.cards import Seat
>>> m = new_match("yahtzee", ["You", Seat.computer("Robin", "good")], seed=1).roll(faces=[1] * 5).score("ones")
>>> m = m.roll(faces=[6, 6, 2, 6, 3])
>>> rooting(m), rooting(m.hold(0).hold(1).hold(3))
('', 'Come on, 6!')
"""

from __future__ import annotations

from collections import Counter

from game.coach.moments import Moment, Quip, computer_plays, quip, reaction
from game.core.engine import Match, Phase
from game.core.i18n import ENGLISH, N_, Text
from game.present.words import last_move

__all__ = ["QUIPS", "quipped", "reacted", "rooting", "teaser"]


def rooting(match: Match, t: Text = ENGLISH) -> str:
    """What the computer whose turn it is roots for as it rolls again, said until it writes its box: the face it keeps
    two or more of, or the straight that three or more dice in a row begin ("": a person's turn, or nothing held to
    read).

    >>> from game.core.engine import new_match
    >>> from game.core.cards import Seat
    >>> m = new_match("yahtzee", ["You", Seat.computer("Robin", "good")], seed=1).roll(faces=[1] * 5).score("ones")
    >>> run = m.roll(faces=[2, 3, 4, 6, 6]).hold(0).hold(1).hold(2)
    >>> rooting(run), rooting(run.roll().roll()), rooting(m.roll(faces=[2, 3, 4, 6, 6]).hold(3))
    ('A straight, here I come!', 'A straight, here I come!', '')
    >>> rooting(run.roll().roll().score("chance"))  # written: the person's turn
    ''
    """
    if not computer_plays(match) or match.phase not in (Phase.MID_TURN, Phase.MUST_SCORE):
        return ""
    kept = sorted(face for face, held in zip(match.dice, match.held, strict=True) if held)
    if len(kept) >= 2 and len(set(kept)) == 1:
        # Translators: a computer player, keeping two or more dice of a face, as it rolls the others ("Come on, 6!").
        return t._("Come on, {face}!", face=kept[0])
    if len(kept) >= 3 and len(set(kept)) == len(kept) and kept[-1] - kept[0] == len(kept) - 1:
        # Translators: a computer player, keeping three or more dice in a row, as it rolls for a straight.
        return t._("A straight, here I come!")
    return ""


def teaser(match: Match, t: Text = ENGLISH) -> str:
    """What a person's dice are one die away from while they may roll again: all alike, while its box is open (fresh
    eyes round 86: "one-away teasers on roll 2"); "" else. For the eyes, over the dice, as a computer's rooting.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["You"], seed=1)
    >>> teaser(m.roll(faces=[6, 6, 2, 6, 6])), teaser(m.roll(faces=[6, 6, 2, 5, 6])), teaser(m.roll(faces=[6, 6, 2, 6, 6]).roll().roll())
    ('One 6 away from Yahtzee!', '', '')
    """
    top = match.ruleset.yahtzee_id
    if computer_plays(match) or match.phase is not Phase.MID_TURN or top not in match.open_categories():
        return ""
    face, most = Counter(match.dice).most_common(1)[0]
    if most != len(match.dice) - 1:
        return ""
    # Translators: over a person's dice with a roll left, all alike but one, while the top box is open ("One 6 away
    # from Yahtzee!"); {box} is that box's name.
    return t._("One {face} away from {box}!", face=face, box=match.ruleset.category(top).display(t))


# What a computer player says of the box it has just written, under it on the table: short and friendly.
QUIPS = {
    # Translators: a computer player, of its own Yahtzee (five alike) just written: a friendly boast.
    Quip.FIVE_ALIKE: N_("Five alike! Beat that."),
    # Translators: a computer player, of a box it just had to fill with 0 points.
    Quip.CROSSED_OUT: N_("Ouch. I had to cross that one out."),
    # Translators: a computer player, of the box that just took it into the lead of the game.
    Quip.AHEAD: N_("I'm in front now!"),
    # Translators: a computer player, of a box of 25 points or more it just wrote: pleased with itself.
    Quip.PROUD: N_("Not bad, eh?"),
    # Translators: a computer player, of the Yahtzee (five alike) the person playing it has just rolled: teasing.
    Quip.SHOW_OFF: N_("Show-off!"),
    # Translators: a computer player, of the upper bonus the person playing it has just reached: a good loser.
    Quip.STUNG: N_("Ouch, that bonus stings."),
}


def quipped(match: Match, t: Text = ENGLISH) -> str:
    """What the computer that wrote the last box says of it, beside :func:`last_move` ("" where that is not shown).

    >>> from game.core.engine import new_match
    >>> from game.core.cards import Seat
    >>> m = new_match("yahtzee", ["You", Seat.computer("Robin", "good")], seed=1)
    >>> m = m.roll(faces=[1, 2, 3, 4, 4]).score("fours").roll(faces=[3, 3, 3, 5, 5]).score("full_house")
    >>> quipped(m), quipped(m.roll(faces=[1, 1, 2, 3, 6]).score("ones"))
    ("I'm in front now!", '')
    """
    spoken = quip(match) if last_move(match, t) else None
    return t._(QUIPS[spoken]) if spoken is not None else ""


def reacted(match: Match, moment: Moment, t: Text = ENGLISH) -> str:
    """What the computer at the table says under a person's moment ("" where it says nothing: moments.reaction)."""
    said = reaction(match, moment)
    return t._(QUIPS[said]) if said is not None else ""
