"""Computer players: one decision at a time, in the game's decision vocabulary.

Pure and standard library only. A decision is a :class:`~game.core.actions.Keep` (faces ascending,
fewer than all the dice, only while rolls are left) or a :class:`~game.core.actions.Score`. The
caller passes the :class:`~game.coach.advisor.Advisor` of the match's rule set (it holds the tables and
caches; a bot makes none). Randomness comes only from the ``rng`` passed in (a
``random.Random``).

>>> import random
>>> from game.coach.advisor import Advisor
>>> from game.core.variants import ruleset
>>> yacht = Advisor(ruleset("yacht"))
>>> choose(yacht, {}, [6, 6, 6, 6, 6], 2, level=Level.PERFECT)
Score(category='yacht')
>>> choose(yacht, {}, [2, 5, 5, 1, 3], 2, level="easy", rng=random.Random(2))
Keep(faces=(5, 5))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from game.coach.advisor import Advisor
from game.coach.model import check_rolls_left, most_rolls_left
from game.coach.race import Prospect
from game.coach.winning import Winning
from game.core.actions import Decision, Keep, Score
from game.core.cards import Level
from game.core.i18n import ENGLISH, N_, Text
from game.core.rules import RuleSet

__all__ = (
    "LADDER",
    "Level",
    "NAME_MOST",
    "choose",
    "computer_names",
    "rival_name",
)  # Level is game.core.cards.Level, re-exported

# Translators: the names computer players get, separated by commas: five short first names (at most 8 letters
# each) that read as names in your language, such as Elsa, Nils, Maja, Olle, Saga in Swedish.
COMPUTER_NAMES = N_("Robin, Sam, Alex, Charlie, Jamie")
NAME_MOST = 8  # a computer's name fits a scorecard column of five seats on a phone


def computer_names(t: Text = ENGLISH) -> tuple[str, ...]:
    """The names computer players get in ``t``'s language: at least five, none longer than NAME_MOST.

    A catalogue's list too short (or with a long name) is made whole from the English names.

    >>> computer_names()
    ('Robin', 'Sam', 'Alex', 'Charlie', 'Jamie')
    """
    english = tuple(name.strip() for name in COMPUTER_NAMES.split(","))
    names = [name for name in (part.strip() for part in t._(COMPUTER_NAMES).split(",")) if 0 < len(name) <= NAME_MOST]
    names = list(dict.fromkeys(names))  # no name twice
    return tuple(names + [name for name in english if name not in names])[: max(len(names), len(english))]


LADDER = (Level.EASY, Level.GOOD, Level.PERFECT)
"""The lobby's rivals, weakest first: each level a computer player of its own name (a ladder to climb, fresh eyes
rounds 83 to 109: "after Robin, who?"). The player starts at GOOD's; WIN is More's alone."""

_RIVAL_NAME = {Level.GOOD: 0, Level.EASY: 1, Level.PERFECT: 2, Level.WIN: 3}  # GOOD first: "Robin", as ever


def rival_name(level: Level, t: Text = ENGLISH) -> str:
    """The name a nameless computer player of ``level`` takes in ``t``'s language, where no other seat has it.

    >>> [rival_name(level) for level in LADDER]
    ['Sam', 'Robin', 'Alex']
    """
    return computer_names(t)[_RIVAL_NAME[Level(level)]]


EASY_HAPPY_SHARE = 0.8  # a score this share of the dice's maximum is "big"
EASY_TAKES_BIG = 0.8  # how often Easy stops rolling on a big score
EASY_HUNCH = 0.15  # how often Easy keeps a random handful instead
EASY_WHIM = 0.1  # how often Easy scores a random (non-zero) box instead of the biggest


def choose(
    advisor: Advisor,
    scores: Mapping[str, int],
    dice: Sequence[int],
    rolls_left: int,
    level: Level | str = Level.GOOD,
    rng: random.Random | None = None,
    *,
    yahtzee_bonus: int = 0,
    winning: Winning | None = None,
    rivals: Sequence[Prospect] = (),
) -> Decision:
    """The decision a computer player of this level takes now (always a legal one).

    EASY plays like a beginner (chases the most common face, takes the biggest score, sometimes
    a random move, and spends every roll it has); GOOD plays each turn exactly against a heuristic
    value of the card (no table), giving rolls the rule set would save no worth; PERFECT plays the
    advisor's optimal strategy (where none is known, as for Maxi Yatzy's saved rolls, the one-turn
    advisor that weighs a saved roll against spending it: game.coach.advisor); WIN plays for the best chance of beating
    the ``rivals`` (the other seats' prospects) with ``winning`` (game.coach.winning), and like PERFECT
    without them. ``advisor`` serves the rule set being played; ``rng`` is Easy's only randomness (the caller's,
    seeded: game.coach.advice.bot_rng; an Easy decision without one is a ValueError).

    >>> from game.core.variants import ruleset
    >>> choose(Advisor(ruleset("yahtzee")), {}, [2, 3, 4, 5, 6], 2, level=Level.GOOD)
    Score(category='large_straight')
    """
    level = Level(level)
    if level is Level.WIN and winning is not None and rivals:
        return winning.options(scores, dice, rolls_left, rivals, yahtzee_bonus=yahtzee_bonus)[0].action
    if level in (Level.PERFECT, Level.WIN):
        return advisor.options(scores, dice, rolls_left, yahtzee_bonus=yahtzee_bonus)[0].action
    if level is Level.GOOD:
        ranked = advisor.heuristic_options(scores, dice, rolls_left, yahtzee_bonus=yahtzee_bonus)
        return _keeping_its_yahtzee(advisor.ruleset, scores, dice, [option.action for option in ranked])
    if rng is None:  # never the system's randomness: a computer's turn replays identically
        raise ValueError("an Easy computer's decision needs the caller's rng")
    return _easy(advisor.ruleset, scores, dice, rolls_left, rng)


SCRATCH_LATE = 3
"""Good writes a 0 in the Yahtzee box only with this many boxes open or fewer (see :func:`_keeping_its_yahtzee`)."""


def _keeping_its_yahtzee(
    ruleset: RuleSet, scores: Mapping[str, int], dice: Sequence[int], ranked: list[Decision]
) -> Decision:
    """Good's decision: the heuristic's best, but never a 0 in the Yahtzee box while more than :data:`SCRATCH_LATE`
    boxes are open. The heuristic values that box at one turn's par (about 2 points), so it wrote its 0 there first;
    a computer "who plays well" scratching its Yahtzee on turn 2 read as careless (fresh eyes rounds 35 and 39).

    >>> from game.core.variants import ruleset
    >>> _keeping_its_yahtzee(ruleset("yahtzee"), {}, [1, 2, 4, 5, 6], [Score("yahtzee"), Score("ones")])
    Score(category='ones')
    >>> late = {box.id: 1 for box in ruleset("yahtzee").categories if box.id not in ("yahtzee", "ones")}
    >>> _keeping_its_yahtzee(ruleset("yahtzee"), late, [1, 2, 4, 5, 6], [Score("yahtzee"), Score("ones")])
    Score(category='yahtzee')
    """
    box = ruleset.yahtzee_id
    if box is None or len(set(dice)) == 1 or len(ruleset.categories) - len(scores) <= SCRATCH_LATE:
        return ranked[0]
    return next((decision for decision in ranked if decision != Score(box)), ranked[0])


def _easy(
    ruleset: RuleSet, scores: Mapping[str, int], dice: Sequence[int], rolls_left: int, rng: random.Random
) -> Decision:
    """A beginner: chase the most common face; score the biggest points (a little randomly)."""
    faces = tuple(sorted(ruleset.validate_dice(dice)))
    check_rolls_left(rolls_left, most_rolls_left(ruleset))  # saved rolls included where the rules save them
    choices = ruleset.choices(scores, faces)
    order = list(choices)
    best = max(order, key=lambda c: (choices[c], -order.index(c)))
    counts = Counter(faces)
    face, count = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
    if rolls_left and count < len(faces):
        # happy with a big score (a straight, a full house...) most of the time
        big = choices[best] >= EASY_HAPPY_SHARE * len(faces) * ruleset.sides
        if not (big and rng.random() < EASY_TAKES_BIG):
            if rng.random() < EASY_HUNCH:  # a hunch: keep a random handful
                keep = tuple(sorted(rng.sample(faces, rng.randrange(len(faces)))))
            else:
                keep = (face,) * count
            return Keep(keep)
    if rng.random() < EASY_WHIM:
        scoring = [c for c in order if choices[c] > 0] or order
        return Score(rng.choice(scoring))
    return Score(best)
