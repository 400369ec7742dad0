"""The hint in a player's words (issue 54, part 3c): what to do and why without numbers, the panel's first line
(:func:`plain_text`), and the one short line a screen reader hears, the dice by their positions (:func:`said_text`,
issue 58, 4.3). game.present.coach_view's Advice carries both beside the numbers its Why? shows.

>>> from game.core.engine import new_match
>>> plain_text(new_match("yacht", ["Ann"], seed=1).roll(faces=[6, 6, 6, 6, 6]), Score("yacht"))
'Score 50 in Yacht'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.actions import Decision, Score
from game.core.engine import Match
from game.core.i18n import ENGLISH, Text

if TYPE_CHECKING:
    from game.coach.odds import Chances

__all__ = ["plain_text", "said_text"]


def _same_face(faces: tuple[int, ...]) -> int | None:
    """The one face of a keep of two or more dice alike ("the 2s"), else None."""
    return faces[0] if len(faces) > 1 and len(set(faces)) == 1 else None


def plain_text(match: Match, decision: Decision, aims: Chances = (), t: Text = ENGLISH) -> str:
    """What to do now and why, as a player says it: the hint panel's first line, no expected scores, no decimals.

    ``aims`` are the boxes the keep aims at, likeliest first (game.coach.odds.shown): the first is the reason.

    >>> from game.core.engine import new_match
    >>> from game.core.actions import Keep
    >>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[2, 2, 5, 3, 6])
    >>> plain_text(m, Keep((2, 2)), (("twos", 0.6),))
    'Keep the 2s: your best chance at Twos'
    >>> plain_text(m, Keep((2, 3, 5, 6))), plain_text(m, Keep(())), plain_text(m, Score("chance"))
    ('Keep 2, 3, 5 and 6', 'Roll all the dice again', 'Score 18 in Chance')
    >>> plain_text(m, Score("yahtzee"))
    'Put a 0 in Yahtzee: it costs you the least'
    """
    ruleset = match.ruleset
    if isinstance(decision, Score):
        name = ruleset.category(decision.category).display(t)
        points = match.options().get(decision.category, 0)
        if not points:
            # Translators: the hint's first line: the best now is to write 0 in a box ({category}) that is the
            # cheapest to give up.
            return t._("Put a 0 in {category}: it costs you the least", category=name)
        # Translators: the hint's first line: the best now is to write {count} points in the box {category}.
        return t.n_("Score {count} in {category}", "Score {count} in {category}", points, category=name)
    faces = decision.faces
    if not faces:
        # Translators: the hint's first line: the best now is to roll every die again.
        return t._("Roll all the dice again")
    face = _same_face(faces)
    if face is not None:
        # Translators: the hint's first line: keep the dice showing {face} ("Keep the 2s"); {count} of them.
        action = t.n_("Keep the {face}s", "Keep the {face}s", len(faces), face=face)
    else:
        # Translators: the hint's first line: keep these dice ({dice}: "2, 3, 5 and 6").
        action = t._("Keep {dice}", dice=t.join(str(f) for f in faces))
    if not aims:
        return action
    # Translators: the hint's first line after what to keep ("Keep the 2s"): the box it gives the best chance at.
    return t._(
        "{action}: your best chance at {category}", action=action, category=ruleset.category(aims[0][0]).display(t)
    )


def said_text(match: Match, decision: Decision, keep: tuple[int, ...], t: Text = ENGLISH) -> str:
    """The hint as a screen reader hears it, in one short line: the dice to keep by their positions (the keys that
    hold them), the box to score in, or a reroll.

    >>> from game.core.engine import new_match
    >>> from game.core.actions import Keep
    >>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[5, 2, 2, 3, 2])
    >>> said_text(m, Keep((2, 2, 2)), (1, 2, 4))
    'Hint: keep dice 2, 3 and 5 — the 2s'
    >>> said_text(m, Keep((2, 3)), (1, 3)), said_text(m, Score("twos"), ())
    ('Hint: keep dice 2 and 4', 'Hint: score 6 in Twos')
    """
    if isinstance(decision, Score):
        points = match.options().get(decision.category, 0)
        name = match.ruleset.category(decision.category).display(t)
        # Translators: the hint spoken to a screen reader: write {count} points in the box {category}.
        return t.n_("Hint: score {count} in {category}", "Hint: score {count} in {category}", points, category=name)
    if not keep:
        # Translators: the hint spoken to a screen reader: roll every die again.
        return t._("Hint: roll all the dice again")
    positions = t.join(str(index + 1) for index in keep)
    face = _same_face(decision.faces)
    if face is not None:
        # Translators: the hint spoken to a screen reader: the dice to keep by position ("2, 3 and 5"), showing {face}.
        return t.n_(
            "Hint: keep die {positions} — the {face}s",
            "Hint: keep dice {positions} — the {face}s",
            len(keep),
            positions=positions,
            face=face,
        )
    # Translators: the hint spoken to a screen reader: the dice to keep by position ("2, 3 and 5").
    return t.n_("Hint: keep die {positions}", "Hint: keep dice {positions}", len(keep), positions=positions)
