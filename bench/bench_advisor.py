"""Time Advisor.options() on positions from real optimal games (median ms per decision).

    .venv/bin/python bench/bench_advisor.py [--games 30] [--rules yacht yahtzee yatzy]

"cold" is the first decision of a turn (a new turn-start state: the within-turn program and the
table rows it reads are computed then); "warm" are the later decisions of the same turn.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.coach.advisor import Advisor  # noqa: E402
from game.core.actions import Score  # noqa: E402
from game.core.variants import ruleset  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--rules", nargs="*", default=["yacht", "yahtzee", "yatzy"])
    args = ap.parse_args(argv)
    rng = random.Random(2024)
    for name in args.rules:
        rs = ruleset(name)
        t0 = time.perf_counter()
        adv = Advisor(rs)
        adv.expected_score()  # load the table (and build the model)
        adv.options({}, [1, 2, 3, 4, 5], 2)
        load = time.perf_counter() - t0
        cold, warm = [], []
        for _ in range(args.games):
            scores: dict[str, int] = {}
            while len(scores) < len(rs.categories):
                adv._turns.clear()  # every turn starts cold
                dice = [rng.randint(1, rs.sides) for _ in range(rs.dice)]
                for rolls_left in range(rs.rolls_per_turn - 1, -1, -1):
                    t = time.perf_counter()
                    action = adv.options(scores, dice, rolls_left)[0].action
                    (cold if rolls_left == rs.rolls_per_turn - 1 else warm).append(time.perf_counter() - t)
                    if isinstance(action, Score):
                        scores[action.category] = rs.choices(scores, dice)[action.category]
                        break
                    kept = action.faces
                    dice = list(kept) + [rng.randint(1, rs.sides) for _ in range(rs.dice - len(kept))]
        ms = lambda xs: statistics.median(xs) * 1000  # noqa: E731
        every = cold + warm
        print(
            f"{name:8s} load+model {load * 1000:6.1f} ms | options() median: all {ms(every):5.2f} ms,"
            f" cold {ms(cold):5.2f} ms, warm {ms(warm):5.2f} ms, max {max(every) * 1000:5.1f} ms"
            f" ({len(every)} decisions)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
