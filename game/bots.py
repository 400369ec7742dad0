"""Computer players: one decision at a time, in the advisor's action vocabulary.

Pure and standard library only. Actions are ``("keep", faces)`` (faces ascending, fewer than
all the dice, only while rolls are left) or ``("score", category_id)``. Randomness comes only
from the ``rng`` passed in (a ``random.Random``).

>>> import random
>>> from game.rules import ruleset
>>> choose(ruleset("yacht"), {}, [6, 6, 6, 6, 6], 2, level=Level.PERFECT)
('score', 'yacht')
>>> choose(ruleset("yacht"), {}, [2, 5, 5, 1, 3], 2, level="easy", rng=random.Random(2))
('keep', (5, 5))
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from typing import Any, Mapping, Sequence

from game import advisor

__all__ = ["Level", "choose"]


class Level(enum.Enum):
    """How well a computer player plays.

    EASY plays like a beginner (chases the most common face, takes the biggest score, sometimes
    a random move); GOOD plays each turn exactly against a heuristic value of the card (no
    table); PERFECT plays the optimal strategy from the advisor's tables.

    >>> Level("good") is Level.GOOD
    True
    """

    EASY = "easy"
    GOOD = "good"
    PERFECT = "perfect"


def choose(
    ruleset: Any,
    scores: Mapping[str, int],
    dice: Sequence[int],
    rolls_left: int,
    held: Sequence[int] | None = None,
    level: Level | str = Level.GOOD,
    rng: random.Random | None = None,
    *,
    yahtzee_bonus: int = 0,
) -> tuple[str, Any]:
    """The action a computer player of this level takes now (always a legal one).

    ``held`` (the faces the player holds now) is accepted for the UI's convenience; the
    decision depends only on the dice showing. ``rng`` defaults to a fresh ``random.Random()``.

    >>> from game.rules import ruleset
    >>> choose(ruleset("yahtzee"), {}, [2, 3, 4, 5, 6], 2, level=Level.GOOD)
    ('score', 'large_straight')
    """
    level = Level(level)
    if level is Level.PERFECT:
        return advisor.options(ruleset, scores, dice, rolls_left, yahtzee_bonus=yahtzee_bonus)[0].action
    if level is Level.GOOD:
        return advisor.heuristic_options(ruleset, scores, dice, rolls_left, yahtzee_bonus=yahtzee_bonus)[0].action
    return _easy(ruleset, scores, dice, rolls_left, rng or random.Random())


def _easy(ruleset: Any, scores: Mapping[str, int], dice: Sequence[int], rolls_left: int, rng: random.Random) -> tuple[str, Any]:
    """A beginner: chase the most common face; score the biggest points (a little randomly)."""
    faces = tuple(sorted(ruleset.validate_dice(dice)))
    if isinstance(rolls_left, bool) or not isinstance(rolls_left, int) or not 0 <= rolls_left < ruleset.rolls_per_turn:
        raise ValueError(f"rolls_left={rolls_left!r} must be an int in 0..{ruleset.rolls_per_turn - 1}")
    choices = ruleset.choices(scores, faces)
    order = list(choices)
    best = max(order, key=lambda c: (choices[c], -order.index(c)))
    counts = Counter(faces)
    face, count = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
    if rolls_left and count < len(faces):
        # happy with a big score (a straight, a full house...) most of the time
        big = choices[best] >= 0.8 * len(faces) * ruleset.sides
        if not (big and rng.random() < 0.8):
            if rng.random() < 0.15:  # a hunch: keep a random handful
                keep = tuple(sorted(rng.sample(faces, rng.randrange(len(faces)))))
            else:
                keep = (face,) * count
            return ("keep", keep)
    if rng.random() < 0.1:
        scoring = [c for c in order if choices[c] > 0] or order
        return ("score", rng.choice(scoring))
    return ("score", best)
