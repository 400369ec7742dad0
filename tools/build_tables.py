"""Build the advisor's turn-start value tables into static/tables/ (CPython + NumPy, offline).

    .venv/bin/python -m pip install -e '.[tables]'   # NumPy, pinned; build-time only: the game never imports it
    .venv/bin/python tools/build_tables.py           # the shipped tables + manifest.json
    .venv/bin/python tools/build_tables.py --only yacht.bin --out /tmp/tables

(or ``.venv/bin/python -m pip install numpy==2.4.6``: the version the ``tables`` extra of
pyproject.toml pins). The shipped tables are those of the registry, ``Variant.shipped_tables()``
of every rule set in ``game.core.variants.VARIANTS``, named by ``game.core.variants.table_name``. The dynamic
program is the one in game/coach/advisor.py (which documents it), vectorized over all turn-start
states with the same number of filled boxes, last turn first. Per-roll points, legal choices
under the joker rules and Yahtzee bonuses all come from game.core.rules through the model
(game/coach/model.py); the file format is game/coach/tables.py. Each table is then checked: decoded values
and the pure-Python Bellman step on 200 random states must match the NumPy values (gap about
8e-6, the 2**-16 rounding).

Each value table gets a spread table beside it (``*.sd.bin``, game.coach.tables.spread_name): the
standard deviation of the points to come under the same play (game.coach.winning), 1.88 MB for all 14.
With them, all 14 build in 7.7 min on the dev machine (459 s, alone on it). Before the spreads:

Single process. Measured on the 2-core dev machine (shared): all 14 tables in about 3.5 min
(Yacht 1 s, Yahtzee 16-26 s, Yatzy 40-65 s, each other Yahtzee variant 1-30 s). Sizes: Yacht
11 KB, Yahtzee 700 KB, Yatzy 1.85 MB (2.56 MB for the three), 5.5 MB for all 14. Tables must
be rebuilt when game.core.rules changes how anything scores: the advisor refuses a table whose
rules checksum differs.

Yatzy's house rules (``full_house_five``, ``two_pairs_four``) added three tables, 1.85 MB each
(+ 0.64 MB spread), 17 in all; each took 20-26 min here with the 2-core machine shared by several
jobs. Options an ``OptionSpec`` marks ``tabled=False`` (forced order) get no table: the advisor
solves them on first use (game.coach.ordered).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# the game's modules are found once the repository is on the path (this runs as a script)
from game.coach.advisor import Advisor  # noqa: E402
from game.coach.model import Model  # noqa: E402
from game.coach.tables import Table, encode, spread_name  # noqa: E402
from game.core import variants  # noqa: E402
from game.core.rules import RuleSet  # noqa: E402

CHUNK = 4096  # turn-start states solved at once (NumPy arrays of CHUNK x rolls)
CHECK_SAMPLES = 200  # random states whose decoded and Bellman values are compared with NumPy's
MAX_GAP = 1e-4  # the largest gap a table may show (the 2**-16 rounding gives about 8e-6)


def shipped() -> list[RuleSet]:
    """The rule sets whose tables ship with the game, as the registry lists them.

    >>> [variants.table_name(rs) for rs in shipped()][:3]
    ['yahtzee.bin', 'yahtzee.joker-free.bin', 'yahtzee.joker-none.bin']
    """
    return [rs for v in variants.VARIANTS.values() for rs in v.shipped_tables()]


def _pad(rows: list[tuple[int, ...]]) -> np.ndarray:
    width = max(len(r) for r in rows)
    return np.array([r + (r[0],) * (width - len(r)) for r in rows], dtype=np.int64)


def solve(m: Model, log=print) -> tuple[np.ndarray, float, np.ndarray]:
    """Every turn-start value (dense, rows of U: mask * F + flag), the fresh card's value, and the
    second moment of the points to come under the same (expected-score optimal) play.

    The second moment follows the decisions the values make: where a roll's best box or a keep is
    chosen by its value, the square of the points to come is carried along from that choice, so
    ``sqrt(E2 - E**2)`` is the spread of the final score of a player who follows the advisor.
    """
    U, F, T, n, R = m.U, m.F, m.T, m.n, m.R
    E = np.zeros((m.full + 1) * F * U)
    E2 = np.zeros_like(E)
    pts = [np.array(p, dtype=np.float64) for p in m.pts]
    vals = [None if v is None else np.array(v, dtype=np.int64) for v in m.vals]
    pidx = [None if p is None else np.array(p, dtype=np.int64) for p in m.pidx]
    child = [np.array(rows, dtype=np.int64) for rows in m.child_idx]
    parent = [None] + [_pad(rows) for rows in m.parent_idx[1:]]
    prob = np.array(m.prob)
    upper = np.array(m.is_upper)

    # the rules for all-alike rolls, per (filled set, flag): points per category (-1: illegal), bonus
    t0 = time.perf_counter()
    nrow = (m.full + 1) * F
    jp = np.full((len(m.ypos), m.ncat, nrow), -1, dtype=np.int64)
    jb = np.zeros((len(m.ypos), nrow), dtype=np.int64)
    for mask in range(m.full):
        for flag in range(F):
            for t, (_, bonus, legal) in enumerate(m.joker(mask, flag, memo=False)):
                jb[t, mask * F + flag] = bonus
                for c, p in legal:
                    jp[t, c, mask * F + flag] = p
    log(f"  joker tables {time.perf_counter() - t0:.1f}s")

    levels: dict[int, list[tuple[int, int, int]]] = {}
    for mask in range(m.full):
        ups = m.ups(mask)
        flags = (0, 1) if F == 2 and mask >> m.Y & 1 else (0,)
        levels.setdefault(bin(mask).count("1"), []).extend((mask, up, f) for f in flags for up in ups)

    def next_index(mask2, up2, flag2):
        return (mask2 * F + flag2) * U + up2

    def take(V, V2, W, W2):
        """Keep the better of (V, W) and carry the second moment of the one kept."""
        better = W > V
        np.copyto(V, W, where=better)
        np.copyto(V2, W2, where=better)

    def step(states: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        mask, up, flag = states[:, 0], states[:, 1], states[:, 2]
        S = len(mask)
        V = np.full((S, R), -np.inf)
        V2 = np.zeros((S, R))
        for c in range(m.ncat):
            is_open = (mask >> c & 1) == 0
            if not is_open.any():
                continue
            mask2 = mask | 1 << c
            if vals[c] is None:
                at = next_index(mask2, up, flag)
                e = np.where(is_open, E[at], -np.inf)[:, None]
                e2 = E2[at][:, None]
                p = pts[c][None, :]
                take(V, V2, p + e, p * p + 2 * p * np.where(np.isfinite(e), e, 0) + e2)
            else:
                p = vals[c][None, :]
                if upper[c] and T:
                    up2 = np.minimum(T, up[:, None] + p)
                    extra = np.where((up[:, None] < T) & (up2 >= T), m.bonus, 0)
                else:
                    up2, extra = np.broadcast_to(up[:, None], (S, p.shape[1])), 0
                if c == m.Y and F == 2:
                    flag2 = np.broadcast_to((p > 0).astype(np.int64), (S, p.shape[1]))
                else:
                    flag2 = flag[:, None]
                at = next_index(mask2[:, None], up2, flag2)
                gain = p + extra
                W = gain + E[at]
                W2 = gain * gain + 2 * gain * E[at] + E2[at]
                W[~is_open] = -np.inf
                take(V, V2, W[:, pidx[c]], W2[:, pidx[c]])
        rowid = mask * F + flag
        for t, ri in enumerate(m.ypos):
            best = np.full(S, -np.inf)
            best2 = np.zeros(S)
            for c in range(m.ncat):
                p = jp[t, c, rowid]
                legal = p >= 0
                if not legal.any():
                    continue
                up2, extra = up, 0
                if upper[c] and T:
                    up2 = np.minimum(T, up + p)
                    extra = np.where((up < T) & (up2 >= T), m.bonus, 0)
                flag2 = (p > 0).astype(np.int64) if (c == m.Y and F == 2) else flag
                at = np.clip(next_index(mask | 1 << c, up2, flag2), 0, None)
                gain = p + extra
                v = gain + E[at]
                v2 = gain * gain + 2 * gain * E[at] + E2[at]
                better = legal & (v > best)
                best = np.where(better, v, best)
                best2 = np.where(better, v2, best2)
            b = jb[t, rowid]
            V[:, ri] = best + b
            V2[:, ri] = best2 + 2 * b * best + b * b
        for _ in range(m.stages):
            K = [None] * (n + 1)
            K2 = [None] * (n + 1)
            K[n], K2[n] = V, V2
            for j in range(n - 1, -1, -1):
                K[j] = K[j + 1][:, child[j]].sum(axis=2) * m.inv_d
                K2[j] = K2[j + 1][:, child[j]].sum(axis=2) * m.inv_d
            B, B2 = K[0], K2[0]
            for j in range(1, n + 1):
                sub = B[:, parent[j]]
                pick = sub.argmax(axis=2)[:, :, None]
                sub_best = np.take_along_axis(sub, pick, axis=2)[:, :, 0]
                sub_best2 = np.take_along_axis(B2[:, parent[j]], pick, axis=2)[:, :, 0]
                keep_here = K[j] >= sub_best
                B = np.where(keep_here, K[j], sub_best)
                B2 = np.where(keep_here, K2[j], sub_best2)
            V, V2 = B, B2
        return V @ prob, V2 @ prob

    for level in range(m.ncat - 1, -1, -1):
        t1 = time.perf_counter()
        states = np.array(levels[level], dtype=np.int64)
        for a in range(0, len(states), CHUNK):
            part = states[a : a + CHUNK]
            at = next_index(part[:, 0], part[:, 1], part[:, 2])
            E[at], E2[at] = step(part)
        log(f"  level {level:2d}: {len(states):7d} states {time.perf_counter() - t1:6.1f}s")

    return E, float(E[0]), E2


def check(rs: RuleSet, data: bytes, E: np.ndarray, samples: int = CHECK_SAMPLES, seed: int = 1) -> float:
    """Largest gap between the numpy values, the decoded table and the pure-Python Bellman step.

    The bytes are also loaded as the game loads them (an Advisor given the fetched bytes).
    """
    m = Model(rs)  # a fresh model: nothing carried over from the build
    table = Table(m, data)
    rng = random.Random(seed)
    worst = abs(Advisor(rs, table_dir=None).load_table(data) - E[0])
    for _ in range(samples):
        mask = rng.randrange(m.full)
        up = rng.choice(m.ups(mask))
        flag = rng.randrange(2) if m.F == 2 and mask >> m.Y & 1 else 0
        want = E[(mask * m.F + flag) * m.U + up]
        worst = max(worst, abs(table.row(mask, flag)[up] - want), abs(m.start_value(table, mask, up, flag) - want))
    return worst


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "static" / "tables")
    ap.add_argument("--only", nargs="*", help="table file names (e.g. yacht.bin) to build")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    manifest_path = args.out / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {"tables": {}}
    start = time.perf_counter()
    for rs in shipped():
        filename = variants.table_name(rs)
        if args.only and filename not in args.only:
            continue
        print(f"{filename}: {rs!r}", flush=True)
        t0 = time.perf_counter()
        m = Model(rs)
        E, expected, E2 = solve(m, log=lambda s: print(s, flush=True))
        solved = time.perf_counter() - t0
        data = encode(m, E.tolist(), expected)
        (args.out / filename).write_bytes(data)
        sd = np.sqrt(np.maximum(E2 - E * E, 0.0))
        spread = encode(m, sd.tolist(), float(sd[0]), spread=True)
        (args.out / spread_name(filename)).write_bytes(spread)
        gap = check(rs, data, E)
        print(
            f"  expected {expected:.6f}  solve {solved:.1f}s  total {time.perf_counter() - t0:.1f}s"
            f"  {len(data):,} bytes  max table/Bellman gap {gap:.2e}",
            flush=True,
        )
        if gap > MAX_GAP:
            raise SystemExit(f"{filename}: the table does not reproduce the solved values (gap {gap:.2e})")
        print(f"  spread: sd {sd[0]:.4f}  {len(spread):,} bytes", flush=True)
        manifest["tables"][filename] = {
            "rules": rs.to_dict(),
            "expected": round(expected, 6),
            "bytes": len(data),
            "sd": round(float(sd[0]), 4),
            "sd_bytes": len(spread),
        }
    manifest["tables"] = dict(sorted(manifest["tables"].items()))
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"done in {time.perf_counter() - start:.1f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
