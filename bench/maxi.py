"""Maxi Yatzy's computer players, measured: Perfect's mean score, and Perfect, Good and Easy head to head.

    .venv/bin/python -m bench.maxi --games 10000 [--jobs 2] [--levels perfect good easy] [--first 0]
    .venv/bin/python -m bench.maxi --games 100 --hints     # also time the hint (with its odds) at each step

Every game is played on the game's own code: the engine (game.core.engine, saved rolls included)
and the computer's steps (game.coach.advice.bot_step), one seat, seeds ``first`` .. ``first +
games - 1`` for each level. Dice come from slots (game.core.dice.seat_face: the game, round, seat,
roll and position), so two solo games on a seed meet the same dice, as a duplicate tournament deals
them: the head to head of two levels over the seeds is the pair of their solo games, a tie counting half. Prints, per level, the mean score with its 95% interval, its spread,
and the rolls made and saved rolls left unspent per game; then each pair's win share with its 95%
interval. A given ``--first`` replays the same games.

Each computer step (game.coach.advice.bot_step) is timed, and with ``--hints`` the hint with its
odds (game.coach.advice.hint, what the hint panel shows) at each of them: median, p95 and max in
milliseconds, in CPython (the first step of each worker's fresh Advisor builds its heuristic).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.coach.advice import bot_step, hint  # noqa: E402
from game.coach.advisor import Advisor  # noqa: E402
from game.coach.odds import Odds  # noqa: E402
from game.core.actions import Roll  # noqa: E402
from game.core.engine import new_match  # noqa: E402
from game.core.variants import ruleset  # noqa: E402

Z95 = 1.959964
LEVELS = ("perfect", "good", "easy")


Game = tuple[int, int, int, list[float], list[float]]  # score, rolls, unspent, step and hint seconds


def play(advisor: Advisor, level: str, seed: int, odds: Odds | None = None) -> Game:
    """One solo game of ``level`` on ``seed``: its final score, rolls made, saved rolls left at the
    end, and the seconds of each computer step and (with ``odds``) of the hint beside it."""
    match = new_match(advisor.ruleset, ["CPU"], seed=seed)
    rolls = 0
    steps: list[float] = []
    hints: list[float] = []
    while not match.game_over:
        if odds is not None:
            start = time.perf_counter()
            hint(advisor, match, odds)
            hints.append(time.perf_counter() - start)
        start = time.perf_counter()
        actions = bot_step(advisor, match, level)
        steps.append(time.perf_counter() - start)
        for action in actions:
            rolls += isinstance(action, Roll)
            match = match.apply(action)
    card = match.cards[-1][0]
    score = advisor.ruleset.totals(card.scores, card.yahtzee_bonus).grand_total
    return score, rolls, match.saved_rolls(0), steps, hints


def _chunk(args: tuple[str, str, int, int, bool]) -> list[Game]:
    rules, level, first, count, hints = args
    advisor = Advisor(ruleset(rules))
    odds = Odds(advisor.ruleset, advisor.model) if hints else None
    return [play(advisor, level, seed, odds) for seed in range(first, first + count)]


def spread_ms(seconds: list[float]) -> str:
    """Median, p95 and max of some timings, in milliseconds."""
    ms = sorted(1000 * x for x in seconds)
    return (
        f"median {statistics.median(ms):.2f} ms, p95 {ms[min(len(ms) - 1, int(0.95 * len(ms)))]:.2f}, max {ms[-1]:.1f}"
    )


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rules", default="maxi")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--hints", action="store_true", help="also time the hint with its odds at each step")
    args = parser.parse_args(argv)
    size = max(1, min(250, args.games // max(1, 4 * args.jobs)))
    results: dict[str, list[Game]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for level in args.levels:
            start = time.perf_counter()
            chunks = [
                (args.rules, level, first, min(size, args.first + args.games - first), args.hints)
                for first in range(args.first, args.first + args.games, size)
            ]
            results[level] = [game for part in pool.map(_chunk, chunks) for game in part]
            games = results[level]
            scores = [float(game[0]) for game in games]
            mean, half = interval(scores)
            rolls = statistics.fmean(game[1] for game in games)
            unspent = statistics.fmean(game[2] for game in games)
            print(
                f"{level:8} {len(scores)} games: mean {mean:.2f} (95% {mean - half:.2f}-{mean + half:.2f}), "
                f"sd {statistics.stdev(scores):.2f}, {rolls:.1f} rolls a game, {unspent:.2f} saved rolls "
                f"left unspent; {time.perf_counter() - start:.0f} s",
                flush=True,
            )
            print(f"{'':8} a step: {spread_ms([t for game in games for t in game[3]])}")
            if args.hints:
                print(f"{'':8} a hint with its odds: {spread_ms([t for game in games for t in game[4]])}")
    for i, a in enumerate(args.levels):
        for b in args.levels[i + 1 :]:
            share = [1.0 if x[0] > y[0] else 0.5 if x[0] == y[0] else 0.0 for x, y in zip(results[a], results[b])]
            mean, half = interval(share)
            print(f"{a} vs {b}: {a} wins {100 * mean:.2f}% (95% {100 * (mean - half):.2f}-{100 * (mean + half):.2f}%)")


if __name__ == "__main__":
    main()
