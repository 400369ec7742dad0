"""Hints to beat a target: the choices of a player who plays for the chance to reach a target total.

Standard library only (it runs in Pyodide). A target (the challenge's score, the person's best, a
number typed in) is a fixed score to reach: the one-seat case of playing to win (game.coach.winning),
with the chance of a final score of at least the target in place of a win chance. Every way to end
the turn is valued by that chance, and the advisor's within-turn program runs on those chances
(:class:`game.coach.shaped.Program`): the best keep or box for the target, each with its chance.

How exact the chance is:

* with at most EXACT_OPEN boxes open at the turn's start it is **exact**: a dynamic program over
  the open boxes and the points still needed, played for the target to the end;
* otherwise the turn is played exactly for the target, and the rest of the game after it is
  **estimated** as the advisor (expected-score) player would play it: the exact distribution of
  its points to come when at most SHAPE_OPEN boxes are left (game.coach.shaped), else a normal of
  the optimal player's mean and spread (the spread table; a rough rule without it). Playing the
  rest for the target does at least as well, so the shaped chances are a little low, never high;
  the normal's may be either.

Ties between chances (a target already reached, or out of reach) go to the expected-score choice.

>>> from game.coach.advisor import Advisor
>>> from game.core.variants import ruleset
>>> reach = Reaching(Winning(Advisor(ruleset("yacht"))))
>>> card = {c.id: 0 for c in reach.ruleset.categories if c.id not in ("yacht", "choice")}
>>> best = reach.options(card, [6, 6, 6, 6, 1], 2, 40)[0]  # only a Yacht reaches 40
>>> best.action, best.exact, round(best.expected, 3)
(Keep(faces=(6, 6, 6, 6)), True, 0.338)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game.coach.advice import position
from game.coach.advisor import Option
from game.coach.model import Model
from game.coach.shaped import SHAPE_OPEN, Program, Worth
from game.coach.winning import EXACT_OPEN, ROUGH_SPREAD, Winning
from game.core.engine import Match
from game.core.rules import RuleSet

__all__ = ("EXACT_OPEN", "PROGRAMS", "TARGETS", "TIE", "Reaching", "TargetHint", "target_hint")

TIE = 1e-9
"""Chances closer than this are level: the expected-score choice is taken among them."""

PROGRAMS = 64
"""Turn starts (with their target) whose within-turn program a :class:`Reaching` keeps (oldest out)."""

TARGETS = 4
"""Targets whose chances a :class:`Reaching` keeps (oldest out): a person may type one number after another."""

_SQRT2 = math.sqrt(2.0)


def _keep(kept: dict[int, Worth], target: int, start: Worth) -> None:
    """Keep a target's chances, the oldest target's out beyond TARGETS."""
    if len(kept) >= TARGETS:
        del kept[next(iter(kept))]
    kept[target] = start


@dataclass(frozen=True)
class TargetHint:
    """The best choice for reaching ``target`` and the expected-score best choice, each with its chance.

    ``best.expected`` and ``usual.expected`` are chances of a final score of at least ``target``
    (both weighed alike, see the module); ``exact`` says whether they are exact.

    >>> from game.core.actions import Keep
    >>> h = TargetHint(300, Option(Keep((6, 6)), 0.25), Option(Keep((5, 6)), 0.2), exact=False)
    >>> h.differs, round(h.gain, 2)
    (True, 0.05)
    """

    target: int
    best: Option
    usual: Option
    exact: bool

    @property
    def differs(self) -> bool:
        """Whether playing for the target means another choice than playing for points."""
        return self.best.action != self.usual.action

    @property
    def gain(self) -> float:
        """How much more likely the target is with the target's choice (0 when they are the same)."""
        return max(0.0, self.best.expected - self.usual.expected)


class Reaching:
    """Chances of reaching a target and the choices that play for them, for one rule set.

    It shares ``winning``'s advisor and shaped distributions and keeps what it computes: each
    target's chances from turn starts, and the last turns' programs.

    >>> from game.coach.advisor import Advisor
    >>> from game.core.variants import ruleset
    >>> reach = Reaching(Winning(Advisor(ruleset("yacht"))))
    >>> reach.chance({c.id: 10 for c in reach.ruleset.categories}, 120)  # a full card of 120 points
    1.0
    """

    def __init__(self, winning: Winning) -> None:
        self.winning = winning
        self.advisor = winning.advisor
        self.shapes = winning.shapes
        self._exact: dict[int, Worth] = {}  # per target: the chance from a turn start, played for it
        self._estimate: dict[int, Worth] = {}
        self._programs: dict[tuple[int, int, int, int, int], Program] = {}  # most recent last

    @property
    def ruleset(self) -> RuleSet:
        """The rule set."""
        return self.advisor.ruleset

    @property
    def model(self) -> Model:
        """The advisor's model of the rule set."""
        return self.advisor.model

    @property
    def modelled(self) -> bool:
        """Whether the rule set has a model to solve (else there are no target hints)."""
        return self.shapes.modelled

    def is_exact(self, mask: int) -> bool:
        """Whether chances from a turn start with these boxes filled are exact (few open)."""
        return self.model.open_boxes(mask) <= EXACT_OPEN

    # -- chances from a turn start --------------------------------------------------------------

    def _rest(self, mask: int, up: int, flag: int) -> tuple[float, float]:
        """The mean and spread of the points to come under the advisor's play."""
        m = self.model
        mean = self.shapes.values().row(mask, flag)[up]
        spread = self.advisor.spread()
        if spread is not None:
            return mean, spread.row(mask, flag)[up]
        return mean, ROUGH_SPREAD * mean * math.sqrt(m.open_boxes(mask) / m.ncat)

    def _starts(
        self, target: int, kept: dict[int, Worth], chance: Callable[[Worth, int, int, int, int], float]
    ) -> Worth:
        """A turn start's chance of reaching ``target`` (mask, up, flag, points so far), ``chance`` working out one
        not yet known (given this function, the state and the points still needed), memoised by the points needed:
        totals share them."""
        got = kept.get(target)
        if got is not None:
            return got
        full = self.model.full
        memo: dict[tuple[int, int, int, int], float] = {}

        def start(mask: int, up: int, flag: int, total: int) -> float:
            need = target - total
            if need <= 0:  # points never go down
                return 1.0
            if mask == full:
                return 0.0
            key = (mask, up, flag, need)
            if key not in memo:
                memo[key] = chance(start, mask, up, flag, need)
            return memo[key]

        _keep(kept, target, start)
        return start

    def exact_start(self, target: int) -> Worth:
        """The exact chance of reaching ``target`` from a turn start with at most EXACT_OPEN boxes open, played for
        the target to the end."""
        m, shapes = self.model, self.shapes

        def played(start: Worth, mask: int, up: int, flag: int, need: int) -> float:
            total = target - need
            last = shapes.last_roll(mask, up, flag, lambda m2, up2, f2, gain: start(m2, up2, f2, total + gain))
            return Program(m, last).start()

        return self._starts(target, self._exact, played)

    def estimate_start(self, target: int) -> Worth:
        """The estimated chance of reaching ``target`` from a turn start, the rest played for points:
        the shaped distribution of the points to come with at most SHAPE_OPEN boxes open, else a normal."""

        def estimated(start: Worth, mask: int, up: int, flag: int, need: int) -> float:
            if self.model.open_boxes(mask) <= SHAPE_OPEN:
                return math.fsum(q for k, q in self.shapes.to_come(mask, up, flag) if k >= need)
            mean, sd = self._rest(mask, up, flag)
            # a normal rounded to whole points: at least ``need`` once above need - 0.5
            x = (need - 0.5 - mean) / sd if sd > 0.0 else (math.inf if need - 0.5 > mean else -math.inf)
            return 0.5 * math.erfc(x / _SQRT2)

        return self._starts(target, self._estimate, estimated)

    def start(self, mask: int, target: int) -> Worth:
        """How a turn starting with these boxes filled values the ways to end it: exact or estimated."""
        return self.exact_start(target) if self.is_exact(mask) else self.estimate_start(target)

    def chance(self, scores: Mapping[str, int], target: int, yahtzee_bonus: int = 0) -> float:
        """The chance of reaching ``target`` from a turn start, played for it (see the module for how exact).

        >>> from game.coach.advisor import Advisor
        >>> from game.core.variants import ruleset
        >>> reach = Reaching(Winning(Advisor(ruleset("yacht"))))
        >>> round(reach.chance({}, 150), 3), round(reach.chance({}, 200), 3)
        (0.691, 0.176)
        """
        m = self.model
        mask, up, flag = m.state(scores)
        total = self.ruleset.totals(scores, yahtzee_bonus).grand_total
        return self.start(mask, target)(mask, up, flag, total)

    # -- the choices ----------------------------------------------------------------------------

    def _program(self, mask: int, up: int, flag: int, total: int, target: int) -> Program:
        key = (mask, up, flag, total, target)
        got = self._programs.pop(key, None)
        if got is None:
            start = self.start(mask, target)
            last = self.shapes.last_roll(mask, up, flag, lambda m2, up2, f2, gain: start(m2, up2, f2, total + gain))
            got = Program(self.model, last)
            if len(self._programs) >= PROGRAMS:
                del self._programs[next(iter(self._programs))]
        self._programs[key] = got
        return got

    def options(
        self, scores: Mapping[str, int], dice: Sequence[int], rolls_left: int, target: int, *, yahtzee_bonus: int = 0
    ) -> list[Option]:
        """Every legal option of one decision with its chance of reaching ``target``, best first.

        The contract of :meth:`game.coach.advisor.Advisor.options` with ``expected`` the chance (exact
        when is_exact): options of level chances are ranked by their expected final score.
        """
        faces, (mask, up, flag), total, scorings = self.advisor.position(scores, dice, rolls_left, yahtzee_bonus)
        exact = self.is_exact(mask)
        start = self.start(mask, target)
        out = [Option(score, start(m2, up2, f2, total + gain), exact) for score, m2, up2, f2, gain in scorings]
        if rolls_left:
            K = self._program(mask, up, flag, total, target).K[rolls_left - 1]
            for size, index, keep in self.advisor.keeps_of(faces):
                out.append(Option(keep, K[size][index], exact))
        out.sort(key=lambda o: -o.expected)
        level = [o for o in out if o.expected >= out[0].expected - TIE]
        if len(level) > 1:  # the target does not choose: points do
            advised = self.advisor.options(scores, faces, rolls_left, yahtzee_bonus=yahtzee_bonus)
            points = {o.action: o.expected for o in advised}
            usual = advised[0].action
            pick = max(level, key=lambda o: (o.action == usual, points.get(o.action, -math.inf)))
            out.remove(pick)
            out.insert(0, pick)
        return out

    def hint(
        self,
        scores: Mapping[str, int],
        dice: Sequence[int],
        rolls_left: int,
        target: int,
        *,
        yahtzee_bonus: int = 0,
        usual: Option | None = None,
    ) -> TargetHint:
        """The target's best choice beside the expected-score best (``usual``: the advisor's, when known).

        >>> from game.coach.advisor import Advisor
        >>> from game.core.variants import ruleset
        >>> reach = Reaching(Winning(Advisor(ruleset("yacht"))))
        >>> card = {c.id: 0 for c in reach.ruleset.categories if c.id not in ("yacht", "choice")}
        >>> h = reach.hint(card, [6, 6, 6, 6, 1], 0, 40)  # no roll left: 25 points in Choice, or a Yacht...
        >>> h.best.action, h.usual.action, round(h.gain, 3)
        (Score(category='choice'), Score(category='choice'), 0.0)
        """
        options = self.options(scores, dice, rolls_left, target, yahtzee_bonus=yahtzee_bonus)
        if usual is None:
            usual = self.advisor.options(scores, dice, rolls_left, yahtzee_bonus=yahtzee_bonus)[0]
        chance = next(o for o in options if o.action == usual.action)
        return TargetHint(target, options[0], chance, options[0].exact)


def target_hint(reaching: Reaching, match: Match, target: int, usual: Option | None = None) -> TargetHint | None:
    """The current player's target hint (None before the first roll, or for rules without a model).

    >>> from game.coach.advisor import Advisor
    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1).roll(faces=[6, 6, 6, 6, 2])
    >>> h = target_hint(Reaching(Winning(Advisor(m.ruleset))), m, 200)
    >>> h.target, h.exact, 0.0 < h.best.expected < 1.0
    (200, False, True)
    """
    if match.rolls == 0 or match.game_over or match.finished or not reaching.modelled:
        return None
    scores, dice, rolls_left, bonus = position(match)
    return reaching.hint(scores, dice, rolls_left, target, yahtzee_bonus=bonus, usual=usual)
