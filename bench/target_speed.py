"""How long a target hint takes at the table, in CPython: each decision's expected-score hint and its target hint.

    .venv/bin/python -m bench.target_speed [--games 6] [--rules yahtzee yatzy yacht] [--target N]

Plays ``--games`` games per rule set (seeds 1, 2, …) following the target hints, as a person who picked a
target would, on the page's own objects: one Coach per rule set for all its games (its advisor, odds and
game.coach.target.Reaching kept between decisions and games, with the page's cache sizes), the hint as
game.coach.advice.hint works it out and the target hint as game.app.aiming asks game.coach.target.target_hint.
It prints, per rule set, the time of the first target hint (nothing known yet: a new target) and the median,
90th percentile and longest of the rest, by the boxes open at the decision, beside the expected-score hint's.
The browser's Pyodide runs the same Python some 2-3 times slower (docs/speed.md); the hint runs in the worker,
never on the page's thread, and the target's only once a target is picked.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.coach import advice  # noqa: E402
from game.coach.coaching import Coach  # noqa: E402
from game.coach.target import target_hint  # noqa: E402
from game.core.actions import Hold, Roll, Score  # noqa: E402
from game.core.engine import Match, new_match  # noqa: E402
from game.core.variants import ruleset  # noqa: E402

__all__ = ("TARGETS", "main", "timed_games")

TARGETS = {"yahtzee": 300, "yatzy": 280, "yacht": 200}
"""A target per rule set (bench.target's, and one for Yacht)."""

BUCKETS = ((1, 2, "1-2 open (exact)"), (3, 5, "3-5 open"), (6, 99, "6+ open"))


def _step(match: Match, action) -> Match:
    """The person's decision applied: a box scored, or the keep held and the rest rolled."""
    if isinstance(action, Score):
        return match.apply(action)
    for die, held in enumerate(advice.holds_for(match, action.faces)):
        if match.held[die] != held:
            match = match.apply(Hold(die, held))
    return match.apply(Roll())


def timed_games(name: str, games: int, target: int) -> tuple[float, list[tuple[int, float, float]]]:
    """The first target hint's seconds, then (boxes open, hint seconds, target hint seconds) per later decision."""
    coach = Coach(ruleset(name))
    first = -1.0
    rows: list[tuple[int, float, float]] = []
    for seed in range(1, games + 1):
        match = new_match(name, ["Ann"], seed=seed)
        while not match.game_over:
            if match.rolls == 0:
                match = match.apply(Roll())
            open_boxes = len(match.open_categories())
            t0 = time.perf_counter()
            hint = advice.hint(coach.advisor, match, coach.odds)
            t1 = time.perf_counter()
            assert hint is not None
            aim = target_hint(coach.reaching, match, target, hint.best)
            t2 = time.perf_counter()
            assert aim is not None
            if first < 0:
                first = t2 - t1
            else:
                rows.append((open_boxes, t1 - t0, t2 - t1))
            match = _step(match, aim.best.action)
    return first, rows


def _figures(values: list[float]) -> str:
    ms = sorted(1000 * v for v in values)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return f"median {statistics.median(ms):6.1f} ms, 90% {p90:6.1f} ms, longest {ms[-1]:6.1f} ms"


def report(name: str, target: int, games: int, first: float, rows: list[tuple[int, float, float]]) -> str:
    lines = [f"{name}: {games} games played for {target} ({len(rows) + 1} decisions)"]
    lines.append(f"  first target hint (a new target, nothing known): {1000 * first:.0f} ms")
    for low, high, label in BUCKETS:
        picked = [row for row in rows if low <= row[0] <= high]
        if picked:
            lines.append(f"  {label:17} target hint: {_figures([row[2] for row in picked])}  ({len(picked)} decisions)")
            lines.append(f"  {'':17} hint alone:  {_figures([row[1] for row in picked])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--rules", nargs="*", default=list(TARGETS))
    ap.add_argument("--target", type=int, default=None, help="one target for every rule set (default: TARGETS)")
    args = ap.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, CPython timings")
    for name in args.rules:
        target = args.target if args.target is not None else TARGETS[name]
        t0 = time.perf_counter()
        first, rows = timed_games(name, args.games, target)
        print(report(name, target, args.games, first, rows), f"\n  [{time.perf_counter() - t0:.0f} s]", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
