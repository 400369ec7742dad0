"""What the split of a game into luck and skill costs, in CPython (game.coach.luck): per game, median and longest.

    .venv/bin/python -m bench.luck [--games 20] [--rules yacht yahtzee yatzy] [--seats 1 2]

Plays ``--games`` games per rule set and table size (seeds 1, 2, …), each seat as the Easy computer plays (a
beginner's keeps and boxes: many turn starts an optimal player never meets), through the engine as the app
plays them, then splits the finished game as the end screen does: every seat, one Advisor per rule set kept
from game to game (the page's coach), its within-turn values cleared before each split ("cold": the end of a
game played without hints, whose turn starts nobody asked about) and again without clearing ("warm": right
after the split, as a second look at the end screen would be). The table is loaded before the first game.
The browser's Pyodide runs the same Python some 2-3 times slower (docs/speed.md).
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
from game.coach.advisor import Advisor  # noqa: E402
from game.coach.luck import splits  # noqa: E402
from game.core.engine import Match, new_match  # noqa: E402
from game.core.variants import ruleset  # noqa: E402

__all__ = ("main", "played", "timed")


def played(coach: Advisor, seats: int, seed: int) -> Match:
    """A finished game of ``seats`` Easy computers (the engine's own dice for the seed)."""
    match = new_match(coach.ruleset, [f"P{i + 1}" for i in range(seats)], seed=seed)
    while not match.game_over:
        for action in advice.bot_step(coach, match, "easy"):
            match = match.apply(action)
    return match


def timed(coach: Advisor, match: Match, cold: bool) -> float:
    """Seconds to split every seat of ``match``; ``cold`` forgets the advisor's within-turn values first."""
    if cold:
        coach._turns.clear()
    t0 = time.perf_counter()
    found = splits(coach, match)
    elapsed = time.perf_counter() - t0
    assert found is not None and all(abs(s.error) < 1e-6 for s in found)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rules", nargs="*", default=["yacht", "yahtzee", "yatzy"])
    ap.add_argument("--seats", nargs="*", type=int, default=[1, 2])
    args = ap.parse_args(argv)
    for name in args.rules:
        coach = Advisor(ruleset(name))
        coach.expected_score()  # the table read and the model built, as on the page before a game ends
        for seats in args.seats:
            cold, warm = [], []
            for seed in range(1, args.games + 1):
                match = played(coach, seats, seed)
                cold.append(timed(coach, match, cold=True))
                warm.append(timed(coach, match, cold=False))
            ms = lambda xs: statistics.median(xs) * 1000  # noqa: E731
            print(
                f"{name:8s} {seats} seat(s): split per game, cold median {ms(cold):5.1f} ms, longest"
                f" {max(cold) * 1000:5.1f} ms | warm median {ms(warm):5.1f} ms, longest {max(warm) * 1000:5.1f} ms"
                f" ({args.games} games)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
