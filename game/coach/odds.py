"""The odds of a keep: the exact chance of making each open box's pattern by the end of the turn.

Standard library only (it runs in Pyodide). For a lower-section box whose pattern can fail (not an
upper box, which takes any roll, nor a Chance-like box that every roll matches), the chance of
*making* it from a keep is the best chance over every way of playing the rest of the turn: the
advisor's within-turn program (:meth:`game.coach.model.Model.down` and :meth:`~game.coach.model.Model.up`) run
on a roll value of 1 where the box scores (its pattern matches) and 0 elsewhere. One program per box
serves every scorecard (a box's pattern does not depend on the card; joker rules are left out).

An :class:`Odds` serves one rule set and keeps its programs, so its owner (the session's coach)
holds on to it. Shapes too large for the advisor's model have no odds (None), never a guess.

>>> from game.core.variants import ruleset
>>> odds = Odds(ruleset("yahtzee"))
>>> odds.chance("yahtzee", (6, 6, 6, 6), rolls_left=1) == 1 / 6
True
>>> round(odds.turn_chance("yahtzee"), 6)  # a Yahtzee in three rolls, from scratch
0.046029
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from game.coach.model import Model, most_rolls_left
from game.coach.model import modelable as model_modelable
from game.core.rules import RuleSet

__all__ = ("ODDS_SHOWN", "ODDS_MIN", "ODDS_CERTAIN", "AIM_MARGIN", "Odds", "modelable", "shown")

ODDS_SHOWN = 3
"""Boxes whose odds a hint shows per option, likeliest first."""

ODDS_MIN = 0.01
"""The least chance a hint shows (1%): rarer boxes are left out."""

ODDS_CERTAIN = 0.9995
"""A chance shown as certain (99.95% and up) is a box the kept dice have made already: a hint leaves it out."""

AIM_MARGIN = 0.0005
"""How much likelier than rerolling every die a keep must make a box to be said to aim at it."""

Chances = tuple[tuple[str, float], ...]
"""(category id, chance) pairs, likeliest first (ties in scorecard order)."""


def modelable(rs: RuleSet) -> bool:
    """Whether the advisor models this shape exactly (else: no odds).

    >>> from game.core.variants import ruleset
    >>> modelable(ruleset("yacht")), modelable(ruleset("generalized", dice=10, sides=20))
    (True, False)
    """
    return model_modelable(rs)


def shown(
    chances: Chances | None, baseline: Chances | None = (), most: int = ODDS_SHOWN, least: float = ODDS_MIN
) -> Chances:
    """The odds a hint shows for a keep: the boxes it aims at, likeliest first.

    A keep aims at a box when it makes it likelier than rerolling every die would (``baseline``) and
    has not made it already; the ``most`` likeliest of at least ``least`` are shown.

    >>> keep = (("three_of_a_kind", 1.0), ("four_of_a_kind", 0.5), ("small_straight", 0.2), ("yahtzee", 0.05))
    >>> shown(keep, (("four_of_a_kind", 0.1), ("small_straight", 0.3), ("yahtzee", 0.013)))
    (('four_of_a_kind', 0.5), ('yahtzee', 0.05))
    >>> shown(None)
    ()
    """
    base = dict(baseline or ())
    aims = [(cid, p) for cid, p in (chances or ()) if least <= p < ODDS_CERTAIN and p > base.get(cid, 0.0) + AIM_MARGIN]
    return tuple(aims[:most])


class Odds:
    """The chances of making each box of one rule set, from any keep; programs built on first use.

    ``model`` may be the advisor's (shared); none is built for a shape the advisor cannot model.

    >>> from game.core.variants import ruleset
    >>> [(cid, round(p, 3)) for cid, p in Odds(ruleset("yacht")).chances({}, (6, 6, 6, 6), rolls_left=1)]
    [('four_of_a_kind', 1.0), ('full_house', 0.167), ('yacht', 0.167)]
    """

    def __init__(self, ruleset: RuleSet, model: Model | None = None) -> None:
        self.ruleset = ruleset
        self._model = model
        self._modelable = modelable(ruleset)
        self._boxes: tuple[int, ...] | None = None
        self._programs: dict[int, list[list[list[float]]]] = {}  # box -> K per reroll stage

    @property
    def model(self) -> Model | None:
        """The rolls and keeps (None for a shape too large to model)."""
        if self._model is None and self._modelable:
            self._model = Model(self.ruleset)
        return self._model

    def boxes(self) -> tuple[str, ...]:
        """The ids of the boxes with a pattern that can fail, in scorecard order.

        >>> from game.core.variants import ruleset
        >>> Odds(ruleset("yacht")).boxes()
        ('full_house', 'four_of_a_kind', 'little_straight', 'big_straight', 'yacht')
        """
        m = self.model
        if m is None:
            return ()
        if self._boxes is None:
            self._boxes = tuple(c for c in range(m.ncat) if not m.is_upper[c] and not all(p > 0 for p in m.pts[c]))
        return tuple(m.ids[c] for c in self._boxes)

    def _program(self, c: int, stages: int | None = None) -> list[list[list[float]]]:
        """K[s][j][k]: the chance of making box c keeping k (j dice) with s + 1 rolls to come, for s below
        ``stages`` at least (a turn's own by default; saved rolls ask for more, built as far as asked)."""
        m = self.model
        assert m is not None  # a box of the model: there is one
        stages = m.stages if stages is None else stages
        got = self._programs.setdefault(c, [])
        while len(got) < stages:
            values = m.up(got[-1]) if got else [1.0 if p > 0 else 0.0 for p in m.pts[c]]
            got.append(m.down(values))
        return got

    def chance(self, category: str, kept: Sequence[int], rolls_left: int) -> float | None:
        """The chance of making ``category`` keeping ``kept`` and rolling the rest with ``rolls_left``
        rolls to come (the advisor's rolls_left of the decision, saved rolls included), under the best
        play for it.

        None where there are no odds: a shape too large to model, no roll left, or a box without
        a pattern that can fail.

        >>> from game.core.variants import ruleset
        >>> round(Odds(ruleset("yahtzee")).chance("yahtzee", (), 2), 5)  # two rolls from scratch
        0.01263
        >>> maxi = Odds(ruleset("maxi"))  # saved rolls: four rolls to come from scratch, then eight
        >>> [round(maxi.chance("maxi_yatzy", (), rolls), 4) for rolls in (2, 4, 8)]
        [0.004, 0.0547, 0.3232]
        """
        m = self.model
        if m is None or not 0 < rolls_left <= most_rolls_left(self.ruleset):
            return None
        if category not in self.boxes():
            return None
        keep = tuple(sorted(kept))
        if len(keep) >= m.n:
            return None
        index = m.kidx[len(keep)].get(keep)
        if index is None:
            raise ValueError(f"kept faces {tuple(kept)} are not dice of {self.ruleset!r}")
        return self._program(m.index[category], rolls_left)[rolls_left - 1][len(keep)][index]

    def chances(
        self,
        scores: Mapping[str, int],
        kept: Sequence[int],
        rolls_left: int,
        most: int | None = ODDS_SHOWN,
        least: float = ODDS_MIN,
    ) -> Chances | None:
        """Each open box's chance from this keep, likeliest first: the ``most`` (None: all) of at least ``least``.

        () when no roll is left (scoring now); None for a shape too large to model.

        >>> from game.core.variants import ruleset
        >>> Odds(ruleset("yahtzee")).chances({"yahtzee": 50}, (6, 6, 6, 6), 1, most=2)
        (('three_of_a_kind', 1.0), ('four_of_a_kind', 1.0))
        >>> Odds(ruleset("yahtzee")).chances({}, (6, 6, 6, 6), 0)
        ()
        >>> Odds(ruleset("yatzy", forced_order=True)).chances({f: 0 for f in ("ones", "twos", "threes", "fours", "fives", "sixes")}, (6, 6), 2)
        (('one_pair', 1.0),)
        """
        if self.model is None:
            return None
        if rolls_left <= 0:
            return ()
        got = []
        upcoming = self.ruleset.next_box(scores)  # in forced order only the next box can be made
        for cid in self.boxes():
            if cid not in scores and (upcoming is None or cid == upcoming.id):
                p = self.chance(cid, kept, rolls_left)
                if p is not None and p >= least:
                    got.append((cid, p))
        got.sort(key=lambda pair: -pair[1])
        return tuple(got if most is None else got[:most])

    def turn_chance(self, category: str) -> float | None:
        """The chance of making ``category`` in a whole turn from scratch (None: no odds).

        >>> from game.core.variants import ruleset
        >>> round(Odds(ruleset("yatzy")).turn_chance("large_straight"), 4)
        0.1968
        """
        m = self.model
        if m is None or category not in self.boxes():
            return None
        c = m.index[category]
        values = [1.0 if p > 0 else 0.0 for p in m.pts[c]]
        if m.stages:
            values = m.up(self._program(c)[m.stages - 1])
        return math.fsum(p * v for p, v in zip(m.prob, values))
