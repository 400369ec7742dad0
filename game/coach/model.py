"""The advisor's model of one rule set: rolls, keeps, transitions, per-roll points, and the
within-turn dynamic program (see game.coach.advisor for the program and where values come from).

Standard library only (it runs in Pyodide); ``tools/build_tables.py`` vectorizes the same
program with NumPy from these arrays. A :class:`Model` is computed once per rule set and
holds only what follows from the rules, memoized on demand (the joker rules per scorecard).

>>> from game.core.variants import ruleset
>>> m = Model(ruleset("yacht"))
>>> m.R, len(m.keeps[2]), m.stages, m.ids[:2]
(252, 21, 2, ('ones', 'twos'))
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations_with_replacement, product
from operator import itemgetter
from typing import Any, Protocol

from game.core.rules import RuleSet

__all__ = (
    "MAX_KEEPS",
    "Model",
    "Values",
    "check_rolls_left",
    "fingerprint",
    "modelable",
    "most_rolls_left",
    "sub_keeps",
)

_NEG = float("-inf")

MAX_KEEPS = 25_000
"""Beyond this many kept multisets (C(dice + sides, dice)) no shape is modelled, not even one turn:
the advisor then samples rerolls (game.coach.sampled) and there are no odds."""

Pick = Callable[[list[float]], tuple[float, ...]]
"""An itemgetter of two or more indices: the values at those indices, as a tuple."""


class Values(Protocol):
    """Where turn-start values come from: a table, a pure-Python solve or a heuristic.

    ``row(mask, flag)[up]`` is the expected sum of all points still to come from the turn-start
    state ``(mask, up, flag)``; ``expected`` is that of a fresh scorecard; ``exact`` is False for
    an estimate.
    """

    exact: bool
    expected: float

    def row(self, mask: int, flag: int) -> list[float]: ...


def _norm(value: Any) -> Any:
    value = getattr(value, "value", value)  # an Enum's value
    return value if isinstance(value, (bool, int, str)) or value is None else str(value)


def fingerprint(rs: RuleSet) -> dict[str, Any]:
    """The rule set as a table header records it (JSON-ready): a table is for these rules only.

    >>> from game.core.variants import ruleset
    >>> fp = fingerprint(ruleset("yahtzee", joker="free"))
    >>> fp["options"], fp["joker"], fp["upper_bonus"]
    ({'joker': 'free', 'upper_bonus': True, 'yahtzee_bonus': True}, 'free', [63, 35])
    """
    return {
        "name": rs.name,
        "options": {k: _norm(v) for k, v in sorted(rs.listed_items())},  # the shipped tables' headers stand
        "dice": rs.dice,
        "sides": rs.sides,
        "rolls_per_turn": rs.rolls_per_turn,
        "categories": [c.id for c in rs.categories],
        "upper": [c.id for c in rs.upper],
        "upper_bonus": [rs.upper_bonus_threshold, rs.upper_bonus_amount],
        "yahtzee_bonus": rs.yahtzee_bonus_amount,
        "joker": _norm(rs.joker),
        "yahtzee_id": rs.yahtzee_id,
    } | ({"saved_rolls": True} if rs.saved_rolls else {})  # left out when off: the shipped tables' headers stand


def most_rolls_left(rs: RuleSet) -> int:
    """The most rolls a decision can have left: a turn's after its first roll, or where rolls are
    saved, every turn's unused ones too (each turn spends at least one roll).

    >>> from game.core.variants import ruleset
    >>> most_rolls_left(ruleset("yatzy")), most_rolls_left(ruleset("maxi"))
    (2, 40)
    """
    per_turn = max(0, rs.rolls_per_turn - 1)
    return per_turn * len(rs.categories) if rs.saved_rolls else per_turn


def modelable(rs: RuleSet) -> bool:
    """Whether the rolls and keeps of the dice are few enough to model (else: the sampled advisor).

    >>> from game.core.variants import ruleset
    >>> modelable(ruleset("yacht")), modelable(ruleset("generalized", dice=10, sides=20))
    (True, False)
    """
    return math.comb(rs.dice + rs.sides, rs.dice) <= MAX_KEEPS


def sub_keeps(dice: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct multiset of the dice with fewer than all of them, ascending.

    >>> sub_keeps((2, 2, 5))
    [(), (5,), (2,), (2, 5), (2, 2)]
    """
    faces = sorted(set(dice))
    counts = [dice.count(f) for f in faces]
    out = []
    for take in product(*(range(c + 1) for c in counts)):
        if sum(take) < len(dice):
            out.append(tuple(f for f, t in zip(faces, take) for _ in range(t)))
    return out


def check_rolls_left(rolls_left: int, most: int) -> None:
    """ValueError unless ``rolls_left`` is an int in 0..most (a bool is not).

    >>> check_rolls_left(True, 2)
    Traceback (most recent call last):
    ValueError: rolls_left=True must be an int in 0..2
    """
    if isinstance(rolls_left, bool) or not isinstance(rolls_left, int) or not 0 <= rolls_left <= most:
        raise ValueError(f"rolls_left={rolls_left!r} must be an int in 0..{most}")


class Model:
    """Everything about a rule set the dynamic program needs, computed once.

    Dice multisets are sorted tuples: ``keeps[j]`` lists those of j dice (``rolls`` is
    ``keeps[n]``, ``prob`` their chances); ``pts[c][r]`` is roll r's points in box c; a
    turn-start state is ``(mask, up, flag)`` (see game.coach.advisor).

    >>> from game.core.variants import ruleset
    >>> m = Model(ruleset("yahtzee"))
    >>> m.ncat, m.T, m.U, m.F, m.state({"sixes": 24, "yahtzee": 50})
    (13, 63, 64, 2, (2080, 24, 1))
    """

    def __init__(self, rs: RuleSet) -> None:
        self.rs = rs
        n, d = self.n, self.d = rs.dice, rs.sides
        self.stages = max(0, rs.rolls_per_turn - 1)
        cats = rs.categories
        self.ids = tuple(c.id for c in cats)
        self.ncat = len(cats)
        self.index = {cid: i for i, cid in enumerate(self.ids)}
        self.full = (1 << self.ncat) - 1
        upper_ids = {c.id for c in rs.upper}
        self.is_upper = tuple(cid in upper_ids for cid in self.ids)
        self.umask = sum(1 << i for i, u in enumerate(self.is_upper) if u)
        threshold, amount = rs.upper_bonus_threshold, rs.upper_bonus_amount
        self.T = threshold if threshold > 0 and amount > 0 and self.umask else 0
        self.bonus = amount if self.T else 0
        self.U = self.T + 1
        y = rs.yahtzee_id
        self.Y = self.index.get(y) if y is not None else None
        self.F = 2 if self.Y is not None and rs.yahtzee_bonus_amount > 0 else 1
        self.forced = rs.forced_order

        faces = range(1, d + 1)
        self.keeps = [list(combinations_with_replacement(faces, j)) for j in range(n + 1)]
        self.kidx = [{k: i for i, k in enumerate(ks)} for ks in self.keeps]
        self.rolls = self.keeps[n]
        self.R = len(self.rolls)
        fact = math.factorial
        total = d**n
        self.prob = []
        for r in self.rolls:
            ways = fact(n)
            for f in set(r):
                ways //= fact(r.count(f))
            self.prob.append(ways / total)
        # child[j][k]: indices in keeps[j+1] of keep k plus each face; parent[j][k]: of k minus one die
        self.child_idx: list[list[tuple[int, ...]]] = []
        self.parent_idx: list[list[tuple[int, ...]]] = [[]]
        for j in range(n):
            nxt = self.kidx[j + 1]
            self.child_idx.append([tuple(nxt[tuple(sorted(k + (f,)))] for f in faces) for k in self.keeps[j]])
        for j in range(1, n + 1):
            prv = self.kidx[j - 1]
            rows = []
            for k in self.keeps[j]:
                seen = sorted(set(k))
                rows.append(tuple(prv[k[: k.index(f)] + k[k.index(f) + 1 :]] for f in seen))
            self.parent_idx.append(rows)

        def pick(t: tuple[int, ...]) -> Pick:
            return itemgetter(*(t if len(t) > 1 else t + t))  # itemgetter of 2+ gives a tuple

        self.child = [[pick(t) for t in rows] for rows in self.child_idx]
        self.parent: list[list[Pick]] = [[]] + [[pick(t) for t in rows] for rows in self.parent_idx[1:]]
        self.inv_d = 1.0 / d

        self.pts = [[rs.score(cid, r) for r in self.rolls] for cid in self.ids]
        self.ymax = max(self.pts[self.Y]) if self.Y is not None else 0
        self.ypos = [i for i, r in enumerate(self.rolls) if rs.is_yahtzee(r)]
        # categories whose points change the state beyond the mask: distinct points + index per roll
        self.vals: list[list[int] | None] = []
        self.pidx: list[list[int] | None] = []
        for c in range(self.ncat):
            if (self.is_upper[c] and self.T) or (c == self.Y and self.F == 2):
                vals = sorted(set(self.pts[c]))
                where = {p: i for i, p in enumerate(vals)}
                self.vals.append(vals)
                self.pidx.append([where[p] for p in self.pts[c]])
            else:
                self.vals.append(None)
                self.pidx.append(None)
        self._joker: dict[tuple[int, int], list[tuple[int, int, tuple[tuple[int, int], ...]]]] = {}
        self._crc: int | None = None
        self._reach: dict[int, list[int]] | None = None
        self._posmap: dict[int, list[int]] = {}
        self._rows: list[tuple[int, int]] | None = None
        self.work = self.R * self.ncat + sum(len(ks) for ks in self.keeps) * (d + 4) * self.stages

    # -- the rules, per filled set ------------------------------------------------------------

    @property
    def crc(self) -> int:
        """A checksum of the rules as the tables see them: every roll's points in every box, and
        the legal choices and bonus of all-alike rolls on a sample of scorecards (the joker rules)."""
        if self._crc is None:
            full, Y = self.full, self.Y
            masks = [0, full ^ (1 << (self.ncat - 1))]
            if Y is not None:
                ybit = 1 << Y
                masks += [ybit, ybit | self.umask, full ^ self.umask, full ^ (full ^ self.umask) | ybit]
                masks += [ybit | 1 << c for c in range(self.ncat)]
                masks += [(full ^ 1 << c) | ybit for c in range(self.ncat) if c != Y]
                masks += [(self.umask ^ 1 << c) | ybit for c in range(self.ncat) if self.is_upper[c]]
            sample = [[m, f, self.joker(m, f)] for m in sorted(set(masks)) if m != full for f in range(self.F)]
            self._crc = zlib.crc32(json.dumps([self.pts, sample]).encode())
        return self._crc

    def rep_scores(self, mask: int, flag: int) -> dict[str, int]:
        """A scorecard with this filled set (zeros) and the Yahtzee box per the flag."""
        scores = {self.ids[c]: 0 for c in range(self.ncat) if mask >> c & 1}
        if self.Y is not None and mask >> self.Y & 1 and (flag or self.F == 1):
            scores[self.ids[self.Y]] = self.ymax
        return scores

    def joker(self, mask: int, flag: int, *, memo: bool = True) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
        """For each all-alike roll: (roll index, Yahtzee bonus, legal (category, points)) per the rules.

        Memoized per (mask, flag) unless ``memo`` is False (a table build visits every card once).

        >>> from game.core.variants import ruleset
        >>> Model(ruleset("yacht")).joker(0, 0)[0][:2]
        (0, 0)
        """
        got = self._joker.get((mask, flag))
        if got is None:
            rs, scores = self.rs, self.rep_scores(mask, flag)
            got = []
            for ri in self.ypos:
                dice = self.rolls[ri]
                ch = rs.choices(scores, dice)
                got.append((ri, rs.yahtzee_bonus(scores, dice), tuple((self.index[c], p) for c, p in ch.items())))
            if memo:
                self._joker[(mask, flag)] = got
        return got

    def open_boxes(self, mask: int) -> int:
        """How many boxes are still open with this filled set.

        >>> from game.core.variants import ruleset
        >>> Model(ruleset("yacht")).open_boxes(0b101)
        10
        """
        return self.ncat - bin(mask).count("1")

    def playable(self, mask: int) -> list[int]:
        """The boxes a roll may be scored in with this filled set (bar a joker): the open ones, in forced order the next.

        >>> from game.core.variants import ruleset
        >>> Model(ruleset("yatzy")).playable(0b101)[:2], Model(ruleset("yatzy", forced_order=True)).playable(0b101)
        ([1, 3], [1])
        """
        open_ = [c for c in range(self.ncat) if not mask >> c & 1]
        return open_[:1] if self.forced else open_

    def succ(self, c: int, p: int, mask: int, up: int, flag: int) -> tuple[int, int, int, int]:
        """(mask, up, flag, upper bonus earned) after writing p points in category c."""
        up2, extra = up, 0
        if self.is_upper[c] and self.T:
            up2 = min(self.T, up + p)
            if up < self.T <= up2:
                extra = self.bonus
        flag2 = (1 if p > 0 else 0) if (c == self.Y and self.F == 2) else flag
        return mask | 1 << c, up2, flag2, extra

    # -- the within-turn dynamic program ------------------------------------------------------

    def v0(self, src: Values, mask: int, up: int, flag: int) -> list[float]:
        """Value of each roll with no roll left: best category now plus the value after it."""
        cols = []
        row = src.row
        for c in self.playable(mask):
            m2 = mask | 1 << c
            vals, pidx = self.vals[c], self.pidx[c]
            if vals is None or pidx is None:  # both or neither
                e = row(m2, flag)[up]
                cols.append([p + e for p in self.pts[c]])
            else:
                w = []
                for p in vals:
                    _, up2, f2, extra = self.succ(c, p, mask, up, flag)
                    w.append(p + extra + row(m2, f2)[up2])
                cols.append(list(map(w.__getitem__, pidx)))
        values = list(map(max, *cols)) if len(cols) > 1 else list(cols[0])
        for ri, bonus, legal in self.joker(mask, flag):
            best = _NEG
            for c, p in legal:
                m2, up2, f2, extra = self.succ(c, p, mask, up, flag)
                v = p + extra + row(m2, f2)[up2]
                if v > best:
                    best = v
            values[ri] = best + bonus
        return values

    def down(self, values: list[float]) -> list[list[float]]:
        """Keep values: K[j][k] = expected value of keeping k (j dice) and rerolling the rest."""
        n, inv = self.n, self.inv_d
        K: list[list[float]] = [[]] * (n + 1)
        K[n] = values
        for j in range(n - 1, -1, -1):
            nxt = K[j + 1]
            K[j] = [sum(g(nxt)) * inv for g in self.child[j]]
        return K

    def reroll(self, kept: list[list[float]]) -> list[float]:
        """Where kept dice land: ``kept[j][k]`` is the chance of keeping k (j dice) and rerolling the
        rest; the chance of each roll after (the forward twin of :meth:`down`).

        >>> from game.core.variants import ruleset
        >>> m = Model(ruleset("yacht"))
        >>> kept = [[1.0]] + [[0.0] * len(ks) for ks in m.keeps[1:]]  # reroll all five
        >>> got = m.reroll(kept)
        >>> round(sum(got), 12), max(abs(a - b) for a, b in zip(got, m.prob)) < 1e-15  # a first roll's chances
        (1.0, True)
        """
        n, inv = self.n, self.inv_d
        mass = [list(row) for row in kept]
        for j in range(n):  # the rerolled dice, one at a time
            nxt = mass[j + 1]
            for k, q in enumerate(mass[j]):
                if q:
                    q *= inv
                    for child in self.child_idx[j][k]:
                        nxt[child] += q
        return mass[n]

    def up(self, K: list[list[float]]) -> list[float]:
        """Roll values with one more roll left: the best keep among each roll's sub-multisets."""
        best = K[0]
        for j in range(1, self.n + 1):
            prev = best
            best = [a if a >= b else b for a, b in zip(K[j], [max(g(prev)) for g in self.parent[j]])]
        return best

    def start_value(self, src: Values, mask: int, up: int, flag: int) -> float:
        """Expected points to come from a turn-start state."""
        values = self.v0(src, mask, up, flag)
        for _ in range(self.stages):
            values = self.up(self.down(values))
        return math.fsum(p * v for p, v in zip(self.prob, values))

    def state(self, scores: Mapping[str, int]) -> tuple[int, int, int]:
        """The turn-start state ``(mask, up, flag)`` of a scorecard (ValueError for an unknown box)."""
        mask = 0
        upper = 0
        for cid, points in scores.items():
            c = self.index.get(cid)
            if c is None:
                raise ValueError(f"scores: unknown category {cid!r}; valid ids: {', '.join(self.ids)}")
            mask |= 1 << c
            if self.is_upper[c]:
                upper += points
        up = min(self.T, upper) if self.T else 0
        flag = 1 if self.F == 2 and self.Y is not None and scores.get(self.ids[self.Y], 0) > 0 else 0
        return mask, up, flag

    def reach(self) -> dict[int, list[int]]:
        """Reachable capped upper subtotals for each set of filled upper boxes."""
        if self._reach is None:
            got: dict[int, set[int]] = {0: {0}}
            for c in range(self.ncat):
                if self.is_upper[c]:
                    pts = set(self.pts[c]) | {0}
                    for um, ups in list(got.items()):
                        got[um | 1 << c] = {min(self.T, u + p) for u in ups for p in pts}
            self._reach = {um: sorted(ups) for um, ups in got.items()}
            self._posmap = {}
            for um, reachable in self._reach.items():
                pos, i = [], 0
                for u in range(self.U):
                    if i + 1 < len(reachable) and reachable[i + 1] <= u:
                        i += 1
                    pos.append(i)
                self._posmap[um] = pos
        return self._reach

    def ups(self, mask: int) -> list[int]:
        """Reachable capped upper subtotals with this filled set."""
        return self.reach()[mask & self.umask]

    def posmap(self, mask: int) -> list[int]:
        """For each capped subtotal, the index of the largest reachable one not above it."""
        self.reach()
        return self._posmap[mask & self.umask]

    def rows(self) -> list[tuple[int, int]]:
        """Table rows (mask, flag) in file order: by filled upper set, flag, filled lower set."""
        if self._rows is None:

            def subsets(bits: list[int]) -> list[int]:
                return [sum(1 << b for i, b in enumerate(bits) if x >> i & 1) for x in range(1 << len(bits))]

            ubits = [c for c in range(self.ncat) if self.is_upper[c]]
            lbits = [c for c in range(self.ncat) if not self.is_upper[c]]
            lowers = subsets(lbits)
            self._rows = [
                (um | lm, flag)
                for um in subsets(ubits)
                for flag in range(self.F)
                for lm in lowers
                if um | lm != self.full and (not flag or (self.Y is not None and (um | lm) >> self.Y & 1))
            ]
        return self._rows

    def row_states(self) -> int:
        """How many turn-start states a full solve visits."""
        return sum(len(self.ups(mask)) for mask, _ in self.rows())
