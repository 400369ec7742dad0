"""Luck and skill, exactly: a seat's game split into what the dice gave and what the choices cost.

The optimal player's value of a position is the final total it expects from there (game.coach.advisor:
the points on the card, the upper bonus and Yahtzee bonuses earned, and the optimal expectation of all
still to come). Along one seat's game that value moves only at two kinds of steps:

* a roll moves it by the roll's *luck*: the value after the roll less the value expected before it (the
  mean of the values after, over every way the dice could fall; zero on average). Before a turn's first
  roll that is the turn start's value (read from the table); before a reroll it is the value of the
  keep that was chosen, which the advisor computes as exactly that mean;
* a choice (a keep, or a box) moves it down by the choice's *loss*: the best option's value less the
  chosen one's, the after-game review's number (game.coach.advice.Move.loss), the rating's.

So ``start + Σ luck − Σ loss = value now`` telescopes exactly (up to float rounding), and once the card is
full the value now is the final total, bonuses included. Each seat's card is a solitaire position of its
own, so in a match of several seats each has its own split. Where the advisor is not exact (Maxi Yatzy's
saved rolls, custom dice too large to solve, a table not loaded) there is no split: None, never an estimate.

>>> from game.coach.advisor import Advisor
>>> from game.core.engine import new_match
>>> m = new_match("yacht", ["Ann"], seed=4)
>>> for box in m.open_categories():
...     m = m.roll().score(box)
>>> (ann,) = splits(Advisor(m.ruleset), m)
>>> round(ann.start, 2), ann.total == m.totals(0).grand_total, abs(ann.error) < 1e-9
(166.99, True, True)
>>> len(ann.rolls), len(ann.choices), ann.finished
(12, 12, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.coach.advice import Move, hint, review, reviews
from game.coach.advisor import Advisor
from game.core.actions import Score
from game.core.engine import Match

__all__ = ("Luck", "Split", "difference", "largest_error", "split", "splits")


@dataclass(frozen=True)
class Luck:
    """One roll of a seat: the value expected before it and the value after it (the dice it showed).

    ``roll`` counts the turn's rolls from 1 (the turn's first roll); ``round`` is 0-based, as Move's.

    >>> Luck(0, 0, 3, 2, (6, 6, 6, 6, 6), 150.0, 190.5).luck
    40.5
    """

    game: int
    player: int
    round: int
    roll: int
    dice: tuple[int, ...]
    before: float
    after: float

    @property
    def luck(self) -> float:
        """Points the roll gave (negative: took) against what was expected before it."""
        return self.after - self.before


@dataclass(frozen=True)
class Split:
    """One seat's game: its start value, every roll's luck, every choice's loss, and where it stands.

    ``total`` is the points on the card now (bonuses included); ``value`` the optimal expected final total
    from where the seat stands now, which is ``total`` once the card is full (``finished``). ``start + luck − loss = value``.

    >>> s = Split(0, 0, 100.0, (Luck(0, 0, 0, 1, (1, 2, 3, 4, 5), 100.0, 104.0),), (), 0, 104.0)
    >>> s.luck, s.loss, s.error, s.finished, s.luckiest().luck, s.unluckiest(), s.costliest()
    (4.0, 0.0, 0.0, False, 4.0, None, None)
    """

    game: int
    player: int
    start: float
    rolls: tuple[Luck, ...]
    choices: tuple[Move, ...]
    total: int
    value: float
    finished: bool = False

    @property
    def luck(self) -> float:
        """The dice's share: every roll's luck, summed (exactly rounded)."""
        return math.fsum(r.luck for r in self.rolls)

    @property
    def loss(self) -> float:
        """The choices' share: every choice's expected points lost, summed (the review's total_loss)."""
        return math.fsum(c.loss for c in self.choices)

    @property
    def error(self) -> float:
        """How far ``start + luck − loss`` is from ``value``: float rounding only (the tests hold it under 1e-6)."""
        return self.start + self.luck - self.loss - self.value

    def luckiest(self) -> Luck | None:
        """The roll that gave the most (None when no roll gave anything); the first of equals."""
        best = max(self.rolls, key=lambda r: r.luck, default=None)
        return best if best is not None and best.luck > 0 else None

    def unluckiest(self) -> Luck | None:
        """The roll that took the most (None when no roll took anything); the first of equals."""
        worst = min(self.rolls, key=lambda r: r.luck, default=None)
        return worst if worst is not None and worst.luck < 0 else None

    def costliest(self) -> Move | None:
        """The choice that lost the most (None when every choice was a best one, within the review's 0.005)."""
        worst = max(self.choices, key=lambda c: c.loss, default=None)
        return worst if worst is not None and worst.loss >= 0.005 else None


def _start(coach: Advisor) -> float:
    """A fresh card's value as the table holds it: the very number the first box's option adds (so the sum
    telescopes exactly), not the header's unrounded ``expected``."""
    source = coach.source()
    assert source is not None  # an exact advisor has a source
    return source.row(0, 0)[0]


def split(coach: Advisor, match: Match, game: int, player: int) -> Split | None:
    """Seat ``player``'s split in game ``game`` (0-based) of ``match``, finished or not; None where the
    advisor is not exact for the rules (no estimate is given).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=3).roll(faces=[6, 6, 6, 6, 6])
    >>> s = split(Advisor(m.ruleset), m, 0, 0)
    >>> s.rolls[0].roll, round(s.luck, 2), s.choices, round(s.value, 2) == round(s.start + s.luck, 2)
    (1, 34.57, (), True)
    >>> split(Advisor(new_match("maxi", seed=1).ruleset), new_match("maxi", seed=1), 0, 0) is None
    True
    """
    if not coach.is_exact():
        return None
    return _split(coach, match, game, player, review(coach, match, game, player).decisions)


def _split(coach: Advisor, match: Match, game: int, player: int, moves: tuple[Move, ...]) -> Split:
    """The split of one seat's reviewed decisions: each roll's value before it is the last choice's value, or
    the start's for the game's first roll."""
    start = _start(coach)
    rs = match.ruleset
    rolls: list[Luck] = []
    before = start  # the value expected before the next roll
    turn_start = True  # whether that roll is a turn's first
    for move in moves:
        roll = rs.rolls_per_turn - move.rolls_left
        assert turn_start == (roll == 1)  # exact rules save no rolls: a turn's first decision follows its first roll
        rolls.append(Luck(game, player, move.round, roll, move.dice, before, move.best_expected))
        before = move.chosen_expected  # a keep's value is the mean over its reroll; a box's the next turn start's
        turn_start = isinstance(move.chosen, Score)
    pending = match.game == game and match.player == player and not match.finished
    known = hint(coach, match) if pending else None
    if known is not None:  # rolled, not yet decided: that roll's luck is in, no choice yet
        rolls.append(Luck(game, player, match.round, match.rolls, match.dice, before, known.best.expected))
        before = known.best.expected
    total = match.totals(player, game).grand_total
    full = len(match.scorecard(player, game).scores) >= match.rounds
    return Split(game, player, start, tuple(rolls), moves, total, before, full)


def splits(coach: Advisor, match: Match, game: int | None = None) -> tuple[Split, ...] | None:
    """Every seat's split in game ``game`` (default: the current one), in seat order; None where the
    advisor is not exact for the rules.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=3).roll().score("choice").roll().score("yacht")
    >>> [(s.player, len(s.rolls), len(s.choices)) for s in splits(Advisor(m.ruleset), m)]
    [(0, 1, 1), (1, 1, 1)]
    """
    if not coach.is_exact():
        return None
    game = match.game if game is None else game
    found = reviews(coach, match, game)  # one replay for every seat
    return tuple(_split(coach, match, game, seat, report.decisions) for seat, report in enumerate(found))


def difference(mine: Split, theirs: Split) -> tuple[float, float, float]:
    """How two splits differ, theirs less mine: (values, luck, loss); values = luck − loss, telescoped from
    the same start (each seat's card starts fresh under the same rules).

    >>> a = Split(0, 0, 100.0, (), (), 0, 100.0)
    >>> b = Split(0, 1, 100.0, (Luck(0, 1, 0, 1, (6,) * 5, 100.0, 112.0),), (), 0, 112.0)
    >>> difference(a, b)
    (12.0, 12.0, 0.0)
    """
    return theirs.value - mine.value, theirs.luck - mine.luck, theirs.loss - mine.loss


def largest_error(found: Sequence[Split]) -> float:
    """The largest rounding error among splits (0.0 for none): what the identity's tests bound.

    >>> largest_error([Split(0, 0, 1.0, (), (), 1, 1.0)])
    0.0
    """
    return max((abs(s.error) for s in found), default=0.0)
