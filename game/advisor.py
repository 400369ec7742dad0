"""The exact optimal advisor: maximum expected final score for solitaire play.

Standard library only (it runs in Pyodide). The classic dynamic program:

* A *turn-start state* is ``(filled, up, flag)``: the set of filled categories (a bit mask in
  scorecard order), the upper subtotal capped at the bonus threshold (always 0 when the rule
  set has no upper bonus) and, only when the rule set has a Yahtzee bonus, whether the Yahtzee
  box holds its points (``flag`` 1) rather than 0 or nothing.
* Its value is the expected sum of all points still to come under optimal play: boxes still to
  fill, the upper bonus when it is still to be earned, future Yahtzee bonuses.
* Inside a turn, with ``s`` rolls left, ``V_s[roll]`` is the best value of the roll and
  ``K_s[keep] = E[V_s[keep + rerolled dice]]``; ``K`` is computed for every kept multiset by
  averaging over one more die at a time, and ``V_{s+1}[roll]`` is the best ``K_s`` over the
  roll's sub-multisets (found by removing one die at a time). Everything runs on the 252 sorted
  rolls and 462 keeps of 5 six-sided dice (other shapes alike).

Where the turn-start values come from, in this order (see is_exact):

1. A table (shipped: Yacht, Yahtzee with each joker rule and with/without the Yahtzee bonus,
   Yatzy). ``tools/build_tables.py`` (NumPy, offline) writes them to ``static/tables/``
   (``table_filename(ruleset)``; ``manifest.json`` lists them). In the browser the shell
   fetches the bytes and calls ``load_table(ruleset, data)``; in CPython a missing registration
   falls back to reading the file from the repository. Format: see ``_encode_table`` (values
   rounded to 2**-16 points, reachable states only, zlib).
2. Small custom dice: every state solved here in pure Python on first use (SOLVE_BUDGET, about
   1.5 s in CPython at most).
3. Otherwise a one-turn advisor, flagged ``exact=False``: this turn is played exactly against a
   heuristic value of the card after it (``heuristic_options``); for huge shapes (more than
   MAX_KEEPS kept multisets) keeps are valued by a few sample rerolls instead.

>>> from game.rules import ruleset
>>> rs = ruleset("yacht")
>>> best = options(rs, {}, [6, 6, 6, 6, 6], rolls_left=2)[0]
>>> best.action
('score', 'yacht')
"""

from __future__ import annotations

import array
import json
import math
import random
import struct
import sys
import zlib
from dataclasses import dataclass
from itertools import accumulate, combinations_with_replacement, product
from operator import itemgetter
from pathlib import Path
from typing import Any, Mapping, Sequence

__all__ = [
    "Option",
    "TableMismatchError",
    "TableMissingError",
    "expected_score",
    "has_table",
    "heuristic_options",
    "is_exact",
    "load_table",
    "options",
    "table_filename",
    "unload_tables",
]

FORMAT_MAGIC = b"YADVTB01"
SCALE_BITS = 16  # table values are stored as integers of 2**-16 points (float32-like precision)
TABLE_DIR = Path(__file__).resolve().parent.parent / "static" / "tables"
# Pure-Python solving budget (elementary steps, about 1-2 s in CPython, a few seconds in Pyodide).
SOLVE_BUDGET = 20_000_000
# Beyond this many kept multisets (C(dice + sides, dice)) not even one turn is solved exactly:
# options() then samples rerolls (exact=False).
MAX_KEEPS = 25_000
SAMPLES = 4
_NEG = float("-inf")


class TableMissingError(LookupError):
    """The rule set needs a table that was not loaded (and is too large to solve here).

    >>> issubclass(TableMissingError, LookupError)
    True
    """


class TableMismatchError(ValueError):
    """The table bytes were built for other rules (or are corrupt).

    >>> issubclass(TableMismatchError, ValueError)
    True
    """


@dataclass(frozen=True)
class Option:
    """One choice of a decision and the expected final score if it is taken.

    ``action`` is ``("keep", faces)`` (faces ascending, fewer than all dice) or
    ``("score", category_id)``. ``expected`` is the expected *final* score of the game:
    the points already on the card, the upper bonus if the card already earned it, the Yahtzee
    bonuses passed to :func:`options`, and the expected points still to come with optimal play
    afterwards. ``exact`` is False when the advisor only plays this turn exactly (large custom
    dice shapes without a table).

    >>> Option(("score", "chance"), 22.0)
    Option(action=('score', 'chance'), expected=22.0, exact=True)
    """

    action: tuple[str, Any]
    expected: float
    exact: bool = True


# --------------------------------------------------------------------------------------------
# The per-rule-set model: rolls, keeps, transitions, per-roll scores
# --------------------------------------------------------------------------------------------


def _norm(value: Any) -> Any:
    value = getattr(value, "value", value)  # an Enum's value
    return value if isinstance(value, (bool, int, str)) or value is None else str(value)


def _fingerprint(rs: Any) -> dict[str, Any]:
    return {
        "name": rs.name,
        "options": {k: _norm(v) for k, v in sorted(dict(rs.options).items())},
        "dice": rs.dice,
        "sides": rs.sides,
        "rolls_per_turn": rs.rolls_per_turn,
        "categories": [c.id for c in rs.categories],
        "upper": [c.id for c in rs.upper],
        "upper_bonus": [rs.upper_bonus_threshold, rs.upper_bonus_amount],
        "yahtzee_bonus": rs.yahtzee_bonus_amount,
        "joker": _norm(rs.joker),
        "yahtzee_id": rs.yahtzee_id,
    }


_KEYS: dict[int, tuple[Any, str]] = {}


def _key(rs: Any) -> str:
    """The rule set's identity for the caches (memoized per rule set object)."""
    got = _KEYS.get(id(rs))
    if got is not None and got[0] is rs:
        return got[1]
    if len(_KEYS) > 256:
        _KEYS.clear()
    key = json.dumps(_fingerprint(rs), sort_keys=True)
    _KEYS[id(rs)] = (rs, key)  # the reference keeps the id from being reused
    return key


class _Model:
    """Everything about a rule set the dynamic program needs, computed once."""

    def __init__(self, rs: Any) -> None:
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
        pad = lambda t: t if len(t) > 1 else t + t  # noqa: E731  (itemgetter of 2+ gives a tuple)
        self.child = [[itemgetter(*pad(t)) for t in rows] for rows in self.child_idx]
        self.parent = [[]] + [[itemgetter(*pad(t)) for t in rows] for rows in self.parent_idx[1:]]
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

    def joker(self, mask: int, flag: int) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
        """For each all-alike roll: (roll index, Yahtzee bonus, legal (category, points)) per the rules."""
        key = (mask, flag)
        got = self._joker.get(key)
        if got is None:
            rs, scores = self.rs, self.rep_scores(mask, flag)
            got = []
            for ri in self.ypos:
                dice = self.rolls[ri]
                ch = rs.choices(scores, dice)
                got.append((ri, rs.yahtzee_bonus(scores, dice), tuple((self.index[c], p) for c, p in ch.items())))
            self._joker[key] = got
        return got

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

    def v0(self, src: Any, mask: int, up: int, flag: int) -> list[float]:
        """Value of each roll with no roll left: best category now plus the value after it."""
        cols = []
        row = src.row
        for c in range(self.ncat):
            if mask >> c & 1:
                continue
            m2 = mask | 1 << c
            vals = self.vals[c]
            if vals is None:
                e = row(m2, flag)[up]
                cols.append([p + e for p in self.pts[c]])
            else:
                w = []
                for p in vals:
                    _, up2, f2, extra = self.succ(c, p, mask, up, flag)
                    w.append(p + extra + row(m2, f2)[up2])
                cols.append(list(map(w.__getitem__, self.pidx[c])))
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

    def up(self, K: list[list[float]]) -> list[float]:
        """Roll values with one more roll left: the best keep among each roll's sub-multisets."""
        best = K[0]
        for j in range(1, self.n + 1):
            prev = best
            best = [a if a >= b else b for a, b in zip(K[j], [max(g(prev)) for g in self.parent[j]])]
        return best

    def start_value(self, src: Any, mask: int, up: int, flag: int) -> float:
        """Expected points to come from a turn-start state."""
        values = self.v0(src, mask, up, flag)
        for _ in range(self.stages):
            values = self.up(self.down(values))
        return math.fsum(p * v for p, v in zip(self.prob, values))

    def state(self, scores: Mapping[str, int]) -> tuple[int, int, int]:
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
            for um, ups in self._reach.items():
                pos, i = [], 0
                for u in range(self.U):
                    if i + 1 < len(ups) and ups[i + 1] <= u:
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
                if um | lm != self.full and (not flag or (um | lm) >> self.Y & 1)
            ]
        return self._rows

    def row_states(self) -> int:
        """How many turn-start states a full solve visits."""
        return sum(len(self.ups(mask)) for mask, _ in self.rows())


_MODELS: dict[str, _Model] = {}


def _model(rs: Any) -> _Model:
    key = _key(rs)
    m = _MODELS.get(key)
    if m is None:
        m = _MODELS[key] = _Model(rs)
    return m


# --------------------------------------------------------------------------------------------
# Value sources: a table, a pure-Python solve, or a heuristic
# --------------------------------------------------------------------------------------------


def _int32_planes(ints: Sequence[int]) -> bytes:
    raw = array.array("i", ints)
    if sys.byteorder == "big":
        raw.byteswap()
    data = raw.tobytes()
    return b"".join(data[i::4] for i in range(4))


def _encode_table(m: _Model, values: Sequence[float], expected: float) -> bytes:
    """The table file: magic, header length, JSON header, then zlib of int32 byte planes.

    ``values`` are dense, ``values[(mask * F + flag) * U + up]``. Each value is rounded to a
    multiple of 2**-SCALE_BITS. Rows (one filled set and flag) go in _rows order; only reachable
    capped subtotals are stored: first the zigzag differences of the rows' first values, then
    each row's differences between consecutive reachable subtotals. The int32 stream is split
    into four byte planes (low bytes first), which zlib compresses well.
    """
    U = m.U
    scale = float(1 << SCALE_BITS)
    firsts: list[int] = []
    deltas: list[int] = []
    for mask, flag in m.rows():
        a = (mask * m.F + flag) * U
        q = [round(values[a + u] * scale) for u in m.ups(mask)]
        firsts.append(q[0])
        deltas.extend(y - x for x, y in zip(q, q[1:]))
    prev = 0
    zig = []
    for f in firsts:
        dlt = f - prev
        prev = f
        zig.append(dlt << 1 if dlt >= 0 else (-dlt << 1) - 1)
    meta = {
        "format": 1,
        "rules": _fingerprint(m.rs),
        "rules_crc": m.crc,
        "U": U,
        "F": m.F,
        "rows": len(firsts),
        "scale_bits": SCALE_BITS,
        "expected": repr(float(expected)),
    }
    header = json.dumps(meta, sort_keys=True).encode()
    payload = zlib.compress(_int32_planes(zig + deltas), 9)
    return FORMAT_MAGIC + struct.pack("<I", len(header)) + header + payload


class _Table:
    """Turn-start values decoded lazily, row by row, from the compressed table bytes."""

    exact = True

    def __init__(self, m: _Model, data: bytes) -> None:
        data = bytes(data)
        if data[: len(FORMAT_MAGIC)] != FORMAT_MAGIC:
            raise TableMismatchError("not an advisor table (bad magic)")
        try:
            (hlen,) = struct.unpack_from("<I", data, len(FORMAT_MAGIC))
            start = len(FORMAT_MAGIC) + 4
            meta = json.loads(data[start : start + hlen].decode())
            raw = zlib.decompress(data[start + hlen :])
        except (struct.error, ValueError, zlib.error) as error:
            raise TableMismatchError(f"corrupt advisor table: {error}") from None
        want = _fingerprint(m.rs)
        if meta.get("rules") != want:
            raise TableMismatchError(f"table built for {meta.get('rules')}, not for {want}")
        if meta.get("rules_crc") != m.crc:
            raise TableMismatchError(
                f"table for {m.rs!r} was built from other scoring or joker rules (checksum differs): "
                "rebuild it with tools/build_tables.py"
            )
        rows = m.rows()
        lengths = [len(m.ups(mask)) - 1 for mask, _ in rows]
        if (meta.get("U"), meta.get("F"), meta.get("rows")) != (m.U, m.F, len(rows)) or len(raw) != 4 * (
            len(rows) + sum(lengths)
        ):
            raise TableMismatchError("table layout does not match the rule set")
        self.meta = meta
        self.m = m
        self.expected = float(meta["expected"])
        self.scale = 2.0 ** -meta["scale_bits"]
        size = len(raw) // 4
        view = memoryview(raw)
        self.planes = [view[i * size : (i + 1) * size] for i in range(4)]
        zig = self._ints(0, len(rows))
        self.firsts = list(accumulate((z >> 1) ^ -(z & 1) for z in zig))
        self.offsets = list(accumulate(lengths, initial=len(rows)))
        self.where = {key: i for i, key in enumerate(rows)}
        self.cache: dict[tuple[int, int], list[float]] = {}
        self.zero = [0.0] * m.U

    def _ints(self, a: int, b: int) -> array.array:
        buf = bytearray(4 * (b - a))
        for i, plane in enumerate(self.planes):
            buf[i::4] = plane[a:b]
        ints = array.array("i")
        ints.frombytes(bytes(buf))
        if sys.byteorder == "big":
            ints.byteswap()
        return ints

    def row(self, mask: int, flag: int) -> list[float]:
        """Values of (mask, flag) for every capped upper subtotal (unreachable ones copy the one below)."""
        got = self.cache.get((mask, flag))
        if got is None:
            if mask == self.m.full:
                return self.zero
            r = self.where.get((mask, flag))
            if r is None:  # a flag the card cannot show (Yahtzee box still open)
                r = self.where[(mask, 0)]
            a = self.offsets[r]
            scale = self.scale
            vals = [q * scale for q in accumulate(self._ints(a, self.offsets[r + 1]), initial=self.firsts[r])]
            got = self.cache[(mask, flag)] = [vals[i] for i in self.m.posmap(mask)]
        return got


class _Solved:
    """Turn-start values solved here in pure Python (small shapes)."""

    exact = True

    def __init__(self, m: _Model, values: list[float]) -> None:
        self.m = m
        self.values = values
        self.expected = values[0]
        self.zero = [0.0] * m.U

    def row(self, mask: int, flag: int) -> list[float]:
        if mask == self.m.full:
            return self.zero
        a = (mask * self.m.F + flag) * self.m.U
        return self.values[a : a + self.m.U]


def _solve(m: _Model) -> list[float]:
    """Every turn-start value, by filled count from the last turn back (dense, rows of U)."""
    U, F = m.U, m.F
    values = [0.0] * ((m.full + 1) * F * U)
    src = _Solved(m, values)
    masks = sorted(range(m.full), key=lambda x: -bin(x).count("1"))
    for mask in masks:
        ups = m.ups(mask)
        flags = (0, 1) if m.F == 2 and mask >> m.Y & 1 else (0,)
        for flag in flags:
            a = (mask * F + flag) * U
            for u in ups:
                values[a + u] = m.start_value(src, mask, u, flag)
            last = values[a]
            for u in range(U):  # unreachable subtotals copy the one below (compress well)
                if u in ups:
                    last = values[a + u]
                else:
                    values[a + u] = last
        if F == 2 and not (m.Y is not None and mask >> m.Y & 1):
            a = mask * F * U
            values[a + U : a + 2 * U] = values[a : a + U]
    return values


class _Heuristic:
    """A quick estimate of the points to come: each open box's one-turn par, plus bonus chances."""

    exact = False

    def __init__(self, m: _Model) -> None:
        self.m = m
        self.par = []
        for c in range(m.ncat):
            values = [float(p) for p in m.pts[c]]
            for _ in range(m.stages):
                values = m.up(m.down(values))
            self.par.append(sum(p * v for p, v in zip(m.prob, values)))
        # three dice of n/5 showing the face: the classic upper-box par
        self.upar = [0.6 * max(m.pts[c]) if m.is_upper[c] else 0.0 for c in range(m.ncat)]
        self.p_yahtzee = self.par[m.Y] / m.ymax if m.Y is not None and m.ymax else 0.0
        self.cache: dict[tuple[int, int], list[float]] = {}
        self.zero = [0.0] * m.U
        self.expected = self.row(0, 0)[0]

    def row(self, mask: int, flag: int) -> list[float]:
        m = self.m
        if mask == m.full:
            return self.zero
        got = self.cache.get((mask, flag))
        if got is None:
            open_ = [c for c in range(m.ncat) if not mask >> c & 1]
            base = sum(self.par[c] for c in open_)
            if flag:
                base += 0.5 * len(open_) * self.p_yahtzee * m.rs.yahtzee_bonus_amount
            got = [base] * m.U
            if m.T:
                remaining = sum(self.upar[c] for c in open_)
                spread = max(1.0, 0.35 * m.T)
                for up in range(m.T):
                    if remaining:
                        chance = min(1.0, max(0.0, 0.5 + (up + remaining - m.T) / spread))
                        got[up] += chance * m.bonus
            self.cache[(mask, flag)] = got
        return got


_TABLES: dict[str, _Table] = {}
_SOLVED: dict[str, _Solved] = {}
_NO_FILE: set[str] = set()
_HEURISTICS: dict[str, _Heuristic] = {}


def table_filename(ruleset: Any) -> str:
    """The file name of the rule set's table under static/tables/ (shipped or not).

    >>> from game.rules import ruleset
    >>> table_filename(ruleset("yahtzee")), table_filename(ruleset("yahtzee", joker="free"))
    ('yahtzee.bin', 'yahtzee.joker-free.bin')
    """
    parts = []
    try:
        from game.rules import ruleset as build

        defaults = dict(build(ruleset.name).options)
    except Exception:  # pragma: no cover - unknown name: spell every option
        defaults = {}
    for key, value in sorted(dict(ruleset.options).items()):
        if key not in defaults or defaults[key] != value:
            value = _norm(value)
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            parts.append(f"{key}-{shown}")
    return ".".join([ruleset.name, *parts, "bin"])


def load_table(ruleset: Any, data: bytes) -> float:
    """Register a table's bytes (as fetched from static/tables/) for the rule set; returns its value.

    Raises TableMismatchError when the bytes were built for other rules.

    >>> from game.rules import ruleset
    >>> rs = ruleset("yacht")
    >>> round(load_table(rs, (TABLE_DIR / table_filename(rs)).read_bytes()), 2)
    166.99
    """
    m = _model(ruleset)
    table = _Table(m, data)
    _TABLES[_key(ruleset)] = table
    _TURNS.clear()
    return table.expected


def unload_tables() -> None:
    """Forget every loaded table and pure-Python solve (mainly for tests).

    >>> unload_tables()
    """
    _TABLES.clear()
    _SOLVED.clear()
    _NO_FILE.clear()
    _TURNS.clear()


def _find_table(ruleset: Any) -> _Table | None:
    key = _key(ruleset)
    table = _TABLES.get(key)
    if table is None and key not in _NO_FILE:
        path = TABLE_DIR / table_filename(ruleset)
        try:
            data = path.read_bytes()
        except OSError:  # in the browser the shell fetches and registers tables instead
            _NO_FILE.add(key)
            return None
        table = _TABLES[key] = _Table(_model(ruleset), data)
    return table


def has_table(ruleset: Any) -> bool:
    """Whether a table for the rule set is loaded (or, in CPython, found in static/tables/).

    >>> from game.rules import ruleset
    >>> has_table(ruleset("yacht")), has_table(ruleset("generalized", dice=7, sides=9))
    (True, False)
    """
    return _find_table(ruleset) is not None


def _modelable(rs: Any) -> bool:
    """Whether the rolls and keeps of the dice are few enough to model (else: the sampled advisor)."""
    return math.comb(rs.dice + rs.sides, rs.dice) <= MAX_KEEPS


def _solvable(rs: Any) -> bool:
    """Whether a pure-Python solve of every turn-start state fits SOLVE_BUDGET (see _Model.work)."""
    n, d, ncat = rs.dice, rs.sides, len(rs.categories)
    work = math.comb(n + d - 1, n) * ncat + math.comb(n + d, n) * (d + 4) * max(0, rs.rolls_per_turn - 1)
    states = 2**ncat * (rs.upper_bonus_threshold + 1) * 2  # an upper bound
    if work * states <= SOLVE_BUDGET:
        return True
    return ncat <= 16 and work * states <= 50 * SOLVE_BUDGET and work * _model(rs).row_states() <= SOLVE_BUDGET


def is_exact(ruleset: Any) -> bool:
    """Whether options() is exactly optimal for the rule set (a table, or small enough to solve here).

    >>> from game.rules import ruleset
    >>> is_exact(ruleset("yacht")), is_exact(ruleset("generalized", dice=2, sides=2))
    (True, True)
    >>> is_exact(ruleset("generalized", dice=7, sides=9))
    False
    """
    if _key(ruleset) in _SOLVED or _find_table(ruleset) is not None:
        return True
    return _modelable(ruleset) and _solvable(ruleset)


def _source(ruleset: Any) -> _Table | _Solved | _Heuristic | None:
    """Where turn-start values come from; None when the dice are too many to model."""
    key = _key(ruleset)
    if not _modelable(ruleset):
        return None
    table = _find_table(ruleset)
    if table is not None:
        return table
    solved = _SOLVED.get(key)
    if solved is not None:
        return solved
    m = _model(ruleset)
    if _solvable(ruleset):
        solved = _SOLVED[key] = _Solved(m, _solve(m))
        return solved
    heuristic = _HEURISTICS.get(key)
    if heuristic is None:
        heuristic = _HEURISTICS[key] = _Heuristic(m)
    return heuristic


def expected_score(ruleset: Any) -> float:
    """The optimal expected final score of a fresh scorecard under the rule set.

    Raises TableMissingError for a rule set whose table is not loaded and that is too large to
    solve here (see is_exact).

    >>> from game.rules import ruleset
    >>> round(expected_score(ruleset("yacht")), 4)
    166.9881
    >>> round(expected_score(ruleset("generalized", dice=2, sides=3)), 4)
    152.4081
    """
    src = _source(ruleset)
    if src is None or not src.exact:
        raise TableMissingError(
            f"no table loaded for {ruleset!r} ({table_filename(ruleset)}) and too large to solve here"
        )
    return src.expected


# --------------------------------------------------------------------------------------------
# One decision
# --------------------------------------------------------------------------------------------


class _Turn:
    """The within-turn values of one turn-start state, computed stage by stage on demand."""

    def __init__(self, m: _Model, src: Any, mask: int, up: int, flag: int) -> None:
        self.m = m
        self.V = [m.v0(src, mask, up, flag)]
        self.K: list[list[list[float]]] = []

    def keep_values(self, rolls_left: int) -> list[list[float]]:
        """K for a reroll made with rolls_left rolls left (it leaves rolls_left - 1)."""
        while len(self.K) < rolls_left:
            s = len(self.K)
            if len(self.V) <= s:
                self.V.append(self.m.up(self.K[s - 1]))
            self.K.append(self.m.down(self.V[s]))
        return self.K[rolls_left - 1]

    def roll_values(self, rolls_left: int) -> list[float]:
        """V with rolls_left rolls left (max over scoring now and every keep)."""
        while len(self.V) <= rolls_left:
            self.V.append(self.m.up(self.keep_values(len(self.V))))
        return self.V[rolls_left]


_TURNS: dict[tuple[str, int, int, int, bool], _Turn] = {}
_TURN_CACHE = 64


def _turn(ruleset: Any, m: _Model, src: Any, mask: int, up: int, flag: int) -> _Turn:
    key = (_key(ruleset), mask, up, flag, src.exact)
    turn = _TURNS.pop(key, None)
    if turn is None:
        turn = _Turn(m, src, mask, up, flag)
        if len(_TURNS) >= _TURN_CACHE:
            del _TURNS[next(iter(_TURNS))]
    _TURNS[key] = turn  # most recent last
    return turn


def _sub_keeps(dice: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct multiset of the dice with fewer than all of them, ascending."""
    faces = sorted(set(dice))
    counts = [dice.count(f) for f in faces]
    out = []
    for take in product(*(range(c + 1) for c in counts)):
        if sum(take) < len(dice):
            out.append(tuple(f for f, t in zip(faces, take) for _ in range(t)))
    return out


def options(
    ruleset: Any,
    scores: Mapping[str, int],
    dice: Sequence[int],
    rolls_left: int,
    *,
    yahtzee_bonus: int = 0,
) -> list[Option]:
    """Every legal option of one decision with its expected final score, best first.

    ``scores`` maps each filled category id to its points; ``dice`` are the faces showing;
    ``rolls_left`` is 2 after the first roll of a 3-roll turn, 0 after the last. Keeps are offered
    only while rolls are left (``("keep", ())`` rerolls every die); scoring options are exactly
    ``ruleset.choices(scores, dice)``. ``expected`` = points written + upper bonus if earned +
    ``yahtzee_bonus`` (the Yahtzee bonus points already earned, which the scorecard cannot show)
    + the optimal expectation of everything still to come (including any Yahtzee bonus this
    roll earns). Ties keep scorecard order, scoring before keeping. Exact (``exact=True``) when
    is_exact(ruleset); otherwise the one-turn advisor of heuristic_options.

    >>> from game.rules import ruleset
    >>> best = options(ruleset("yacht"), {}, [1, 2, 3, 4, 6], rolls_left=1)[0]
    >>> best.action, round(best.expected, 2)
    (('keep', (1, 2, 3, 4)), 162.5)
    """
    src = _source(ruleset)
    if src is None:
        return _sampled(ruleset, scores, dice, rolls_left, yahtzee_bonus)
    return _rank(ruleset, scores, dice, rolls_left, yahtzee_bonus, src)


def heuristic_options(
    ruleset: Any,
    scores: Mapping[str, int],
    dice: Sequence[int],
    rolls_left: int,
    *,
    yahtzee_bonus: int = 0,
) -> list[Option]:
    """The one-turn advisor (no table): exact play of this turn against a heuristic future, exact=False.

    The position after the turn is valued at each open box's one-turn par (its expected score
    when a whole turn aims at it) plus a rough chance of the upper bonus and of more Yahtzee
    bonuses. Same contract as options(); ``expected`` is an estimate.

    >>> from game.rules import ruleset
    >>> best = heuristic_options(ruleset("yahtzee"), {}, [2, 3, 4, 5, 6], rolls_left=2)[0]
    >>> best.action, best.exact
    (('score', 'large_straight'), False)
    """
    if not _modelable(ruleset):
        return _sampled(ruleset, scores, dice, rolls_left, yahtzee_bonus)
    key = _key(ruleset)
    heuristic = _HEURISTICS.get(key)
    if heuristic is None:
        heuristic = _HEURISTICS[key] = _Heuristic(_model(ruleset))
    return _rank(ruleset, scores, dice, rolls_left, yahtzee_bonus, heuristic)


def _rank(
    ruleset: Any, scores: Mapping[str, int], dice: Sequence[int], rolls_left: int, yahtzee_bonus: int, src: Any
) -> list[Option]:
    m = _model(ruleset)
    faces = tuple(sorted(ruleset.validate_dice(dice)))
    if isinstance(rolls_left, bool) or not isinstance(rolls_left, int) or not 0 <= rolls_left <= m.stages:
        raise ValueError(f"rolls_left={rolls_left!r} must be an int in 0..{m.stages}")
    mask, up, flag = m.state(scores)
    if mask == m.full:
        raise ValueError("the scorecard is full: no decision is left")
    base = ruleset.totals(scores, yahtzee_bonus).grand_total
    exact = src.exact
    out = []
    bonus = ruleset.yahtzee_bonus(scores, faces)
    for cid, points in ruleset.choices(scores, faces).items():
        m2, up2, f2, extra = m.succ(m.index[cid], points, mask, up, flag)
        value = points + bonus + extra + src.row(m2, f2)[up2]
        out.append(Option(("score", cid), base + value, exact))
    if rolls_left:
        K = _turn(ruleset, m, src, mask, up, flag).keep_values(rolls_left)
        for keep in _sub_keeps(faces):
            out.append(Option(("keep", keep), base + K[len(keep)][m.kidx[len(keep)][keep]], exact))
    out.sort(key=lambda o: -o.expected)
    return out


def _sampled(
    ruleset: Any, scores: Mapping[str, int], dice: Sequence[int], rolls_left: int, yahtzee_bonus: int
) -> list[Option]:
    """Huge dice shapes: each open box's future is worth half its maximum; keeps are valued by a
    few deterministic sample rerolls scored greedily. exact=False."""
    faces = tuple(sorted(ruleset.validate_dice(dice)))
    if isinstance(rolls_left, bool) or not isinstance(rolls_left, int) or not 0 <= rolls_left < ruleset.rolls_per_turn:
        raise ValueError(f"rolls_left={rolls_left!r} must be an int in 0..{ruleset.rolls_per_turn - 1}")
    totals = ruleset.totals(scores, yahtzee_bonus)
    if len(scores) >= len(ruleset.categories):
        raise ValueError("the scorecard is full: no decision is left")
    par = {c.id: 0.5 * c.max_score for c in ruleset.categories if c.id not in scores}
    upper = {c.id for c in ruleset.upper}
    threshold, amount = ruleset.upper_bonus_threshold, ruleset.upper_bonus_amount
    subtotal = totals.upper_subtotal
    base = totals.grand_total + sum(par.values())

    def value(roll: tuple[int, ...]) -> dict[str, float]:
        bonus = ruleset.yahtzee_bonus(scores, roll)
        out = {}
        for cid, points in ruleset.choices(scores, roll).items():
            crossed = amount and cid in upper and subtotal < threshold <= subtotal + points
            out[cid] = base + points + bonus + (amount if crossed else 0) - par[cid]
        return out

    out = [Option(("score", cid), v, False) for cid, v in value(faces).items()]
    if rolls_left:
        rng = random.Random(repr((faces, rolls_left, sorted(scores.items()))))
        for keep in _sub_keeps(faces):
            total = 0.0
            for _ in range(SAMPLES):
                roll = keep + tuple(rng.randint(1, ruleset.sides) for _ in range(ruleset.dice - len(keep)))
                total += max(value(tuple(sorted(roll))).values())
            out.append(Option(("keep", keep), total / SAMPLES, False))
    out.sort(key=lambda o: -o.expected)
    return out
