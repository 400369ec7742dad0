"""Win chances: each seat's chance of winning the game, and the choices of a player who plays to win.

Standard library only (it runs in Pyodide). A seat's *final score* is the points on its card
(bonuses included) and the points still to come. Under the advisor's play those have a mean (the
advisor's turn-start value) and a spread (a standard deviation, from the spread table that
tools/build_tables.py writes beside each value table). From there, two ways to a chance:

* **estimate**: each unfinished seat's final score is a normal variable of that mean and spread,
  rounded to whole points, independent of the others; tied winners share the win (game.coach.race);
* **exact**: when one seat alone is still playing and has at most EXACT_OPEN open boxes, a dynamic
  program over its open boxes and its margin over the leader gives its chance of winning when it
  plays for the win (:class:`Winning` runs the advisor's within-turn program on win chances
  instead of points).

A player who plays to win (:meth:`Winning.options`) values every way to end a turn by its win
chance: the estimate against the rivals' distributions, or the exact program at the very end.
Near the end a normal is a poor shape (a Yahtzee is 50 points or none, the upper bonus 35 or
none), so there it weighs *shaped* distributions (game.coach.shaped): a rival with at most
SHAPE_OPEN open boxes has the exact distribution of its points to come under the advisor's play
(a forward pass of its turns, :meth:`Winning.to_come`), and so has its own card after a turn that
leaves at most SHAPE_OPEN boxes open; with at most EXACT_OPEN open it runs the program on win
chances against the rivals' shaped scores.

>>> from game.coach.advisor import Advisor
>>> from game.core.variants import ruleset
>>> w = Winning(Advisor(ruleset("yacht")))
>>> [round(p, 3) for p in w.chances([({}, 0), ({}, 0)]).chances]  # two fresh cards
[0.5, 0.5]
>>> w.chances([({"yacht": 50}, 0), ({}, 0)]).chances[0] > 0.5
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.coach.advisor import Advisor, Option
from game.coach.model import Model
from game.coach.race import Prospect, Rivals, final_points, shares
from game.coach.shaped import SHAPE_OPEN, Program, Shapes, Worth

__all__ = ("EXACT_OPEN", "ROUGH_SPREAD", "WinChances", "Winning")

EXACT_OPEN = 2
"""A lone seat still playing with this many open boxes or fewer gets an exact win chance; a player
to win with this many open plays the program on win chances whenever its rivals' scores are shaped."""

ROUGH_SPREAD = 0.2
"""Without a spread table: the spread of a fresh card's points to come, as a share of their mean
(near what the shipped spread tables give a fresh card: docs/advisor.md). It grows as 1/sqrt(open boxes)
as the card fills."""


@dataclass(frozen=True)
class WinChances:
    """Each seat's chance of winning the game (they add up to 1) and whether they are exact.

    >>> WinChances((0.25, 0.75), exact=False).chances[1]
    0.75
    """

    chances: tuple[float, ...]
    exact: bool


class Winning:
    """Win chances and play to win for one rule set; it holds what it computes (its owner keeps it).

    ``advisor`` gives the model and the mean of the points to come; the spread comes from the
    advisor's spread table (:meth:`game.coach.advisor.Advisor.spread`), else a rough rule (ROUGH_SPREAD).

    >>> from game.core.variants import ruleset
    >>> Winning(Advisor(ruleset("yahtzee"))).prospect({"chance": 22}).total
    22
    """

    def __init__(self, advisor: Advisor) -> None:
        self.advisor = advisor
        self.ruleset = advisor.ruleset
        self.shapes = Shapes(advisor)
        self._last: tuple[tuple[object, ...], Program] | None = None  # the last turn a player to win planned
        self._end: tuple[tuple[object, ...], Worth] | None = None  # the last endgame

    # -- where a card stands ------------------------------------------------------------------

    @property
    def model(self) -> Model:
        """The advisor's model of the rule set."""
        return self.advisor.model

    def exact(self) -> bool:
        """Whether means and spreads come from tables (or an exact solve), not rough rules."""
        return self.shapes.values().exact and self.advisor.spread() is not None

    def _mean_sd(self, mask: int, up: int, flag: int) -> tuple[float, float]:
        m = self.model
        if mask == m.full:
            return 0.0, 0.0
        mean = self.shapes.values().row(mask, flag)[up]
        spread = self.advisor.spread()
        if spread is not None:
            return mean, spread.row(mask, flag)[up]
        return mean, ROUGH_SPREAD * mean * math.sqrt(m.open_boxes(mask) / m.ncat)

    def prospect(self, scores: Mapping[str, int], yahtzee_bonus: int = 0) -> Prospect:
        """A card's prospect at the start of a turn.

        >>> from game.core.variants import ruleset
        >>> p = Winning(Advisor(ruleset("yahtzee"))).prospect({})
        >>> round(p.mean, 2), round(p.sd, 1), p.state
        (254.59, 59.6, (0, 0, 0))
        """
        m = self.model
        total = self.ruleset.totals(scores, yahtzee_bonus).grand_total
        state = m.state(scores)
        mean, sd = self._mean_sd(*state)
        return Prospect(total, mean, sd, state)

    # -- shaped: the exact distribution of the points to come near the end ----------------------

    def turn_outcomes(self, mask: int, up: int, flag: int) -> dict[tuple[int, int, int], dict[int, float]]:
        """One turn of the advisor's play from a turn start (:meth:`game.coach.shaped.Shapes.turn_outcomes`)."""
        return self.shapes.turn_outcomes(mask, up, flag)

    def to_come(self, mask: int, up: int, flag: int) -> tuple[tuple[int, float], ...]:
        """The distribution of the points to come from a turn start (:meth:`game.coach.shaped.Shapes.to_come`).

        >>> from game.core.variants import ruleset
        >>> w = Winning(Advisor(ruleset("yahtzee")))
        >>> m = w.model
        >>> [(k, round(q, 4)) for k, q in w.to_come(m.full ^ 1 << m.Y, 0, 0)]
        [(0, 0.954), (50, 0.046)]
        """
        return self.shapes.to_come(mask, up, flag)

    def rivals(self, prospects: Sequence[Prospect]) -> Rivals:
        """The rivals as a player to win weighs them: shaped where they have few boxes open.

        >>> from game.core.variants import ruleset
        >>> w = Winning(Advisor(ruleset("yahtzee")))
        >>> last_box = {c.id: 0 for c in w.ruleset.categories[1:]}  # only Ones open
        >>> w.rivals([w.prospect({})]).shaped, w.rivals([w.prospect(last_box)]).shaped
        (False, True)
        """
        return Rivals(prospects, [self.shapes.shape(p) for p in prospects])

    # -- exact: one seat left, few boxes --------------------------------------------------------

    def _endgame(self, field: Rivals) -> Worth:
        """The win chance of a seat playing to win from a turn start (mask, up, flag, total so far)
        against shaped rivals (exact when they have finished).

        The last one is kept with what it solved: a seat's turns in a round all play against one field.
        """
        key = field.key()
        if self._end is not None and self._end[0] == key:
            return self._end[1]
        m = self.model
        final = field.win
        memo: dict[tuple[int, int, int, int], float] = {}

        def start(mask: int, up: int, flag: int, total: int) -> float:
            if mask == m.full:
                return final(total)
            key = (mask, up, flag, total)
            got = memo.get(key)
            if got is None:
                got = memo[key] = self._program(mask, up, flag, total, start).start()
            return got

        self._end = (key, start)
        return start

    def _program(self, mask: int, up: int, flag: int, total: int, start: Worth) -> Program:
        def worth(m2: int, up2: int, f2: int, gain: int) -> float:
            return start(m2, up2, f2, total + gain)

        return Program(self.model, self.shapes.last_roll(mask, up, flag, worth))

    def _estimate(self, rivals: Rivals) -> Worth:
        """The estimated win chance from a turn start (mask, up, flag, total so far): against shaped
        rivals with few boxes open, the card's own shaped points to come; else a normal's."""
        shaped = rivals.shaped and self.shapes.modelled
        memo: dict[tuple[int, int, int, int], float] = {}

        def start(mask: int, up: int, flag: int, total: int) -> float:
            key = (mask, up, flag, total)
            got = memo.get(key)
            if got is None:
                if shaped and self.model.open_boxes(mask) <= SHAPE_OPEN:
                    win = rivals.win
                    got = math.fsum(q * win(total + k) for k, q in self.to_come(mask, up, flag))
                else:
                    mean, sd = self._mean_sd(mask, up, flag)
                    got = rivals.beat(total + mean, sd)
                memo[key] = got
            return got

        return start

    def _is_exact(self, mask: int, rivals: Rivals) -> bool:
        return rivals.finished and self.model.open_boxes(mask) <= EXACT_OPEN and self.shapes.modelled

    # -- playing to win -----------------------------------------------------------------------

    def options(
        self,
        scores: Mapping[str, int],
        dice: Sequence[int],
        rolls_left: int,
        rivals: Sequence[Prospect],
        *,
        yahtzee_bonus: int = 0,
    ) -> list[Option]:
        """Every legal option of one decision with its chance of winning the game, best first.

        The same contract as :meth:`game.coach.advisor.Advisor.options`, with ``expected`` the win chance
        (exact when ``rivals`` have all finished and at most EXACT_OPEN boxes are open). With no
        rivals there is nothing to win against: the advisor's options (expected final score).

        >>> from game.core.variants import ruleset
        >>> w = Winning(Advisor(ruleset("yacht")))
        >>> card = {c.id: 0 for c in w.ruleset.categories if c.id not in ("yacht", "choice")}
        >>> behind = w.options(card, [6, 6, 6, 6, 1], 2, [Prospect(40)])  # only a Yacht wins
        >>> behind[0].action, behind[0].exact, round(behind[0].expected, 3)
        (Keep(faces=(6, 6, 6, 6)), True, 0.338)
        """
        if not rivals:
            return self.advisor.options(scores, dice, rolls_left, yahtzee_bonus=yahtzee_bonus)
        faces, (mask, up, flag), total, scorings = self.advisor.position(scores, dice, rolls_left, yahtzee_bonus)
        field = self.rivals(rivals)
        exact = self._is_exact(mask, field)
        program = field.shaped and self.model.open_boxes(mask) <= EXACT_OPEN and self.shapes.modelled
        start = self._endgame(field) if program else self._estimate(field)
        out = [Option(score, start(m2, up2, f2, total + gain), exact) for score, m2, up2, f2, gain in scorings]
        if rolls_left:
            key = (mask, up, flag, total, field.prospects)
            if self._last is None or self._last[0] != key:
                self._last = (key, self._program(mask, up, flag, total, start))
            K = self._last[1].K[rolls_left - 1]
            for size, index, keep in self.advisor.keeps_of(faces):
                out.append(Option(keep, K[size][index], exact))
        out.sort(key=lambda o: -o.expected)
        return out

    # -- the table's chances ------------------------------------------------------------------

    def chances(
        self,
        cards: Sequence[tuple[Mapping[str, int], int]],
        current: int | None = None,
        dice: Sequence[int] = (),
        rolls_left: int = 0,
        against: Sequence[int] = (),
    ) -> WinChances:
        """Each seat's chance of winning the game: ``cards`` are (scores, Yahtzee bonus) per seat.

        ``current`` is the seat in the middle of its turn with ``dice`` showing and ``rolls_left``
        (None: between turns). ``against`` adds finished seats of these totals (a target to beat;
        their chances follow the cards'). Exact when at most one seat is still playing with at
        most EXACT_OPEN open boxes (it plays to win), else an estimate (see the module).

        >>> from game.core.variants import ruleset
        >>> w = Winning(Advisor(ruleset("yacht")))
        >>> full = {c.id: 0 for c in w.ruleset.categories}
        >>> w.chances([(full, 0), ({**full, "choice": 3}, 0)])
        WinChances(chances=(0.0, 1.0), exact=True)
        >>> one_left = {**full, "yacht": 0}
        >>> del one_left["yacht"]
        >>> got = w.chances([(full | {"yacht": 50}, 0), (one_left, 0)], current=1, dice=(5, 5, 5, 5, 5), rolls_left=2)
        >>> got  # 50 points against a Yacht showing: a tie
        WinChances(chances=(0.5, 0.5), exact=True)
        """
        m = self.model
        prospects = [self.prospect(scores, bonus) for scores, bonus in cards] + [Prospect(total) for total in against]
        playing = [i for i, (scores, _) in enumerate(cards) if m.state(scores)[0] != m.full]
        if not playing:
            return WinChances(shares([final_points(p) for p in prospects]), True)
        if len(playing) == 1:
            lone = playing[0]
            rivals = Rivals([p for i, p in enumerate(prospects) if i != lone])
            scores, bonus = cards[lone]
            mask, up, flag = m.state(scores)
            if self._is_exact(mask, rivals):
                if current == lone and dice:
                    options = self.options(scores, dice, rolls_left, rivals.prospects, yahtzee_bonus=bonus)
                    mine = options[0].expected
                else:
                    mine = self._endgame(rivals)(mask, up, flag, prospects[lone].total)
                others = [i for i, p in enumerate(prospects) if i != lone and p.total == rivals.leader]
                chances = [0.0] * len(prospects)
                chances[lone] = mine
                for i in others:
                    chances[i] = (1.0 - mine) / len(others)
                return WinChances(tuple(chances), True)
        if current is not None and dice and current in playing:
            scores, bonus = cards[current]
            best = self.advisor.options(scores, dice, rolls_left, yahtzee_bonus=bonus)[0].expected
            p = prospects[current]
            prospects[current] = Prospect(p.total, best - p.total, p.sd)
        return WinChances(shares([final_points(p) for p in prospects]), False)
