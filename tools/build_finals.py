"""Build the optimal player's exact final-score distribution of every shipped rule set (CPython + NumPy, offline).

    .venv/bin/python tools/build_finals.py                 # every shipped rule set: game/coach/finals_data.py
    .venv/bin/python tools/build_finals.py --only yatzy.bin

(NumPy as for tools/build_tables.py: the ``tables`` extra.)

The play is the advisor's, from the shipped value table (static/tables, the values the game plays
by): every turn start's outcomes (the chance of each state after the turn and the points it adds)
come from a forward pass of the within-turn program whose decisions the table's values make (a roll
keeps its best sub-multiset, ties to the larger keep as in tools/build_tables.py; a box by its
value, ties to the first box). Then, last turn first, each turn start's distribution of the points
still to come is the mix of its outcomes' distributions shifted by their points: exact, not
sampled (floating-point sums). The fresh card's distribution is written to game/coach/finals_data.py
as probabilities in units of 2**-48 (game.coach.finals reads them), after each rule set. On the
shared 2-core dev machine under load: Yacht 2 s, Yahtzee 16 min, Yatzy 19 min.
"""

from __future__ import annotations

import argparse
import base64
import sys
import time
import zlib
from pathlib import Path

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.coach.finals import UNIT_BITS, percentiles  # noqa: E402
from game.coach.finals_data import FINALS  # noqa: E402
from game.coach.model import Model  # noqa: E402
from game.coach.tables import Table  # noqa: E402
from game.core import variants  # noqa: E402
from game.core.rules import RuleSet  # noqa: E402
from tools.build_tables import _pad, shipped  # noqa: E402

CHUNK = 2048  # turn-start states at once
OUT = ROOT / "game" / "coach" / "finals_data.py"


def dense_values(m: Model, table: Table) -> np.ndarray:
    """The table's turn-start values, dense: ``E[(mask * F + flag) * U + up]`` (0 for a full card)."""
    E = np.zeros((m.full + 1) * m.F * m.U)
    for mask in range(m.full):
        for flag in range(m.F):
            a = (mask * m.F + flag) * m.U
            E[a : a + m.U] = table.row(mask, flag)
    return E


def keep_matrix(m: Model) -> tuple[np.ndarray, list[int]]:
    """Each keep's (all sizes, in a row) chance of each roll after its other dice are rolled; the sizes' offsets."""
    offsets = [0]
    for ks in m.keeps:
        offsets.append(offsets[-1] + len(ks))
    M = np.zeros((offsets[-1], m.R))
    M[offsets[m.n] :, :] = np.eye(m.R)
    for j in range(m.n - 1, -1, -1):
        for k, children in enumerate(m.child_idx[j]):
            M[offsets[j] + k] = sum(M[offsets[j + 1] + c] for c in children) / m.d
    return M, offsets


def outcomes(m: Model, E: np.ndarray, states: np.ndarray, M: np.ndarray, offsets: list[int]):
    """For each state (rows: mask, up, flag) and roll: the chance the turn ends scoring it, the dense
    index of the state after, and the points the turn adds."""
    U, F, T, n, R = m.U, m.F, m.T, m.n, m.R
    mask, up, flag = states[:, 0], states[:, 1], states[:, 2]
    S = len(mask)
    rows = np.arange(S)[:, None]
    V = np.full((S, R), -np.inf)
    nxt = np.zeros((S, R), dtype=np.int64)
    gain = np.zeros((S, R), dtype=np.int64)

    def take(W, at, g):
        better = W > V  # the first box wins a tie, as the advisor's options
        np.copyto(V, W, where=better)
        np.copyto(nxt, at, where=better)
        np.copyto(gain, g, where=better)

    for c in range(m.ncat):
        is_open = (mask >> c & 1) == 0
        if not is_open.any():
            continue
        mask2 = mask | 1 << c
        if m.vals[c] is None:
            at = (mask2 * F + flag) * U + up
            p = np.array(m.pts[c], dtype=np.int64)[None, :]
            W = np.where(is_open[:, None], p + E[at][:, None], -np.inf)
            take(W, np.broadcast_to(at[:, None], (S, R)), np.broadcast_to(p, (S, R)))
        else:
            p = np.array(m.vals[c], dtype=np.int64)[None, :]
            if m.is_upper[c] and T:
                up2 = np.minimum(T, up[:, None] + p)
                extra = np.where((up[:, None] < T) & (up2 >= T), m.bonus, 0)
            else:
                up2, extra = np.broadcast_to(up[:, None], (S, p.shape[1])), np.zeros((S, p.shape[1]), dtype=np.int64)
            if c == m.Y and F == 2:
                flag2 = np.broadcast_to((p > 0).astype(np.int64), (S, p.shape[1]))
            else:
                flag2 = np.broadcast_to(flag[:, None], (S, p.shape[1]))
            at = (mask2[:, None] * F + flag2) * U + up2
            g = p + extra
            W = g + E[at]
            W[~is_open] = -np.inf
            pi = np.array(m.pidx[c], dtype=np.int64)
            take(W[:, pi], at[:, pi], g[:, pi])
    for ri in m.ypos:  # all alike: the joker rules' boxes and bonus
        best = np.full(S, -np.inf)
        for s in range(S):
            value, what = -np.inf, None
            for c, p in _joker(m, int(mask[s]), int(flag[s]), ri)[1]:
                m2, u2, f2, extra = m.succ(c, p, int(mask[s]), int(up[s]), int(flag[s]))
                at_s = (m2 * F + f2) * U + u2
                v = p + extra + E[at_s]
                if v > value:
                    value, what = v, (at_s, p + extra)
            bonus = _joker(m, int(mask[s]), int(flag[s]), ri)[0]
            best[s] = value + bonus
            nxt[s, ri], gain[s, ri] = what[0], what[1] + bonus
        V[:, ri] = best
    decisions = []
    child = [np.array(r, dtype=np.int64) for r in m.child_idx]
    parent = [None] + [_pad(r) for r in m.parent_idx[1:]]
    for _ in range(m.stages):
        K = [None] * (n + 1)
        K[n] = V
        for j in range(n - 1, -1, -1):
            K[j] = K[j + 1][:, child[j]].sum(axis=2) * m.inv_d
        B, ids = K[0], np.zeros((S, 1), dtype=np.int64)
        for j in range(1, n + 1):
            sub = B[:, parent[j]]
            pick = sub.argmax(axis=2)[:, :, None]
            sub_best = np.take_along_axis(sub, pick, axis=2)[:, :, 0]
            sub_ids = np.take_along_axis(ids[:, parent[j]], pick, axis=2)[:, :, 0]
            here = K[j] >= sub_best
            B = np.where(here, K[j], sub_best)
            ids = np.where(here, offsets[j] + np.arange(len(m.keeps[j]))[None, :], sub_ids)
        V = B
        decisions.append(ids)
    mass = np.broadcast_to(np.array(m.prob)[None, :], (S, R)).copy()
    for ids in reversed(decisions):  # the first decision of the turn first
        flat = (rows * M.shape[0] + ids).ravel()
        kept = np.bincount(flat, weights=mass.ravel(), minlength=S * M.shape[0]).reshape(S, M.shape[0])
        mass = kept @ M
    return mass, nxt, gain


_JOKER: dict[tuple[int, int, int], tuple[int, tuple[tuple[int, int], ...]]] = {}


def _joker(m: Model, mask: int, flag: int, ri: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    key = (mask, flag, ri)
    if key not in _JOKER:
        for r, bonus, legal in m.joker(mask, flag):
            _JOKER[(mask, flag, r)] = (bonus, legal)
    return _JOKER[key]


def distribution(rs: RuleSet, log=print) -> np.ndarray:
    """The fresh card's final-score distribution under the advisor's play: chance of each total 0..max."""
    m = Model(rs)
    _JOKER.clear()
    name = variants.table_name(rs)
    table = Table(m, (ROOT / "static" / "tables" / name).read_bytes())
    E = dense_values(m, table)
    M, offsets = keep_matrix(m)
    width = 1 + sum(max(p) for p in m.pts) + m.bonus + rs.yahtzee_bonus_amount * (m.ncat - 1) * (m.F == 2)
    GAIN = 1 + max(max(p) for p in m.pts) + m.bonus + rs.yahtzee_bonus_amount * (m.F == 2)  # > one turn's points
    levels: dict[int, list[tuple[int, int, int]]] = {}
    for mask in range(m.full):
        flags = (0, 1) if m.F == 2 and mask >> m.Y & 1 else (0,)
        levels.setdefault(bin(mask).count("1"), []).extend((mask, up, f) for f in flags for up in m.ups(mask))
    size = (m.full + 1) * m.F * m.U
    where = np.zeros(size, dtype=np.int64)  # dense index -> row of the level after
    P_next = np.zeros((1, width))
    P_next[0, 0] = 1.0  # a full card: nothing to come
    for level in range(m.ncat - 1, -1, -1):
        t0 = time.perf_counter()
        states = np.array(levels[level], dtype=np.int64)
        P = np.zeros((len(states), P_next.shape[1] + GAIN))
        for a in range(0, len(states), CHUNK):
            part = states[a : a + CHUNK]
            q, nxt, gain = outcomes(m, E, part, M, offsets)
            S, R = q.shape
            key = where[nxt] * width + gain
            key = np.where(q > 0, key, np.iinfo(np.int64).max)
            order = np.argsort(key, axis=1, kind="stable")
            ks = np.take_along_axis(key, order, axis=1)
            qs = np.take_along_axis(q, order, axis=1)
            new = np.ones((S, R), dtype=bool)
            new[:, 1:] = ks[:, 1:] != ks[:, :-1]
            gid = np.cumsum(new, axis=1) - 1
            flat = (np.arange(S)[:, None] * R + gid).ravel()
            qsum = np.bincount(flat, weights=qs.ravel(), minlength=S * R).reshape(S, R)
            ukey = np.zeros((S, R), dtype=np.int64)
            ukey[np.arange(S)[:, None], gid] = ks
            out = P[a : a + S]
            span = P_next.shape[1]
            if gain.max() >= GAIN:
                raise SystemExit(f"a turn adds {gain.max()} points: raise GAIN")
            for j in range(int(gid[:, -1].max()) + 1):
                sel = np.nonzero((qsum[:, j] > 0) & (ukey[:, j] != np.iinfo(np.int64).max))[0]
                if not len(sel):
                    continue
                k = ukey[sel, j]
                row, g = k // width, k % width
                buf = np.zeros((len(sel), span + 2 * GAIN))
                buf[:, GAIN : GAIN + span] = P_next[row]
                windows = sliding_window_view(buf, span + GAIN, axis=1)  # [i, GAIN - g]: row i shifted right by g
                out[sel] += qsum[sel, j][:, None] * windows[np.arange(len(sel)), GAIN - g]
        dense = (states[:, 0] * m.F + states[:, 2]) * m.U + states[:, 1]
        where[:] = 0
        where[dense] = np.arange(len(states))
        nonzero = np.nonzero(P.any(axis=0))[0]
        P_next = np.ascontiguousarray(P[:, : nonzero[-1] + 1])  # exact zeros beyond: the most points to come
        log(f"  level {level:2d}: {len(states):7d} states {time.perf_counter() - t0:6.1f}s")
    probs = np.zeros(width)
    probs[: P_next.shape[1]] = P_next[0]
    return probs


def encode(probs: np.ndarray) -> str:
    """Probabilities as integers of 2**-UNIT_BITS, comma-separated, zlib, base64 (trailing zeros cut)."""
    ints = np.rint(probs * 2.0**UNIT_BITS).astype(np.int64)
    last = int(np.nonzero(ints)[0][-1])
    text = ",".join(str(int(i)) for i in ints[: last + 1])
    return base64.b64encode(zlib.compress(text.encode(), 9)).decode()


def write(out: Path, found: dict[str, str]) -> None:  # base64 text by name
    """The generated module of the distributions found."""
    lines = [
        '"""The optimal player\'s final-score distributions, written by tools/build_finals.py: do not edit."""',
        "",
        "FINALS = {",
        *(f'    "{name}": b"{found[name]}",' for name in sorted(found)),  # bytes: no words for the catalogue's scan
        "}",
        "",
    ]
    out.write_text("\n".join(lines))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="*", help="table file names (e.g. yatzy.bin) to build")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    found = {name: data if isinstance(data, str) else data.decode() for name, data in FINALS.items()}
    if args.out != OUT:
        found = {}  # a fresh module elsewhere; here the rule sets not rebuilt are kept
    for rs in shipped():
        name = variants.table_name(rs)
        if args.only and name not in args.only:
            continue
        print(f"{name}: {rs!r}", flush=True)
        t0 = time.perf_counter()
        probs = distribution(rs, log=lambda s: print(s, flush=True))
        mean = float((np.arange(len(probs)) * probs).sum())
        sd = float(np.sqrt((np.arange(len(probs)) ** 2 * probs).sum() - mean * mean))
        found[name] = encode(probs)
        cuts = percentiles([float(p) for p in probs], (5, 50, 95, 99))
        print(
            f"  sum {probs.sum():.12f} mean {mean:.4f} sd {sd:.2f} 5/50/95/99%: {cuts}"
            f"  {len(found[name])} chars  {time.perf_counter() - t0:.1f}s",
            flush=True,
        )
        write(args.out, found)  # after each rule set: a long run keeps what it finished
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
