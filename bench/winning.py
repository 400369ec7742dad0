"""Win chances, measured: their calibration, and Perfect (to win) against Perfect.

    .venv/bin/python -m bench.winning calibrate --games 10000 [--rules yahtzee] [--jobs 2]
    .venv/bin/python -m bench.winning duel --games 40000 [--rules yahtzee yatzy] [--jobs 16]

``calibrate`` plays two-seat games of two Perfect (expected-score) players and, at every turn
start, records the first seat's predicted chance of winning (game.coach.winning, what the page shows);
it prints predicted against observed by decile. ``duel`` plays Perfect (to win) against Perfect,
seats alternating who starts, and prints the win rate (a tie counts half) with its 95% interval.
Games are played on the game's own code (game.coach.advisor, game.coach.winning), not the engine, with dice
from ``random.Random(seed)``: a given ``--seed`` replays the same games.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.coach.advisor import Advisor  # noqa: E402
from game.coach.race import Prospect  # noqa: E402
from game.coach.winning import Winning  # noqa: E402
from game.core.actions import Decision, Score  # noqa: E402
from game.core.rules import RuleSet  # noqa: E402
from game.core.variants import ruleset  # noqa: E402

Card = tuple[dict[str, int], int]  # scores and Yahtzee bonus points
Policy = Callable[[Card, tuple[int, ...], int, Sequence[Card]], Decision]
Z95 = 1.959964


def play_turn(rs: RuleSet, policy: Policy, card: Card, rivals: Sequence[Card], rng: random.Random) -> Card:
    """One turn of ``policy`` on ``card`` (the rivals' cards are what it sees): the card after it."""
    scores, bonus = card
    dice = tuple(sorted(rng.randint(1, rs.sides) for _ in range(rs.dice)))
    for rolls_left in range(rs.rolls_per_turn - 1, -1, -1):
        decision = policy(card, dice, rolls_left, rivals)
        if isinstance(decision, Score):
            extra = rs.yahtzee_bonus(scores, dice)
            return {**scores, decision.category: rs.choices(scores, dice)[decision.category]}, bonus + extra
        kept = decision.faces
        dice = tuple(sorted(kept + tuple(rng.randint(1, rs.sides) for _ in range(rs.dice - len(kept)))))
    raise AssertionError("a policy must score with no roll left")


def perfect(advisor: Advisor) -> Policy:
    """The expected-score optimal player."""
    return lambda card, dice, rolls_left, rivals: advisor.options(card[0], dice, rolls_left, yahtzee_bonus=card[1])[
        0
    ].action


def to_win(winning: Winning) -> Policy:
    """The player who plays to win against the rivals' cards."""

    def choose(card: Card, dice: tuple[int, ...], rolls_left: int, rivals: Sequence[Card]) -> Decision:
        prospects = [winning.prospect(*rival) for rival in rivals]
        return winning.options(card[0], dice, rolls_left, prospects, yahtzee_bonus=card[1])[0].action

    return choose


def total(rs: RuleSet, card: Card) -> int:
    return rs.totals(card[0], card[1]).grand_total


def _duel_chunk(args: tuple[str, int, int]) -> tuple[float, int]:
    """Points (win 1, tie 0.5) of Perfect (to win) over ``count`` games from game ``first``."""
    name, first, count = args
    rs = ruleset(name)
    advisor = Advisor(rs)
    players = (to_win(Winning(advisor)), perfect(Advisor(rs)))
    points = 0.0
    for game in range(first, first + count):
        rng = random.Random(f"duel:{name}:{game}")
        order = (0, 1) if game % 2 == 0 else (1, 0)  # who starts alternates
        cards: list[Card] = [({}, 0), ({}, 0)]
        for _ in rs.categories:
            for seat in order:
                cards[seat] = play_turn(rs, players[seat], cards[seat], [cards[1 - seat]], rng)
        mine, theirs = total(rs, cards[0]), total(rs, cards[1])
        points += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return points, count


def _calibrate_chunk(args: tuple[str, int, int]) -> list[tuple[float, float]]:
    """(predicted chance of the first seat, its outcome) at each turn start of ``count`` games."""
    name, first, count = args
    rs = ruleset(name)
    advisor = Advisor(rs)
    winning = Winning(advisor)
    player = perfect(advisor)
    out = []
    for game in range(first, first + count):
        rng = random.Random(f"calibrate:{name}:{game}")
        cards: list[Card] = [({}, 0), ({}, 0)]
        predictions = []
        for turn in range(len(rs.categories)):
            for seat in (0, 1):
                if turn or seat:
                    predictions.append(winning.chances(cards).chances[0])
                cards[seat] = play_turn(rs, player, cards[seat], [cards[1 - seat]], rng)
        a, b = total(rs, cards[0]), total(rs, cards[1])
        outcome = 1.0 if a > b else 0.5 if a == b else 0.0
        out.extend((p, outcome) for p in predictions)
    return out


def _chunks(name: str, games: int, jobs: int) -> list[tuple[str, int, int]]:
    size = max(1, math.ceil(games / (jobs * 4)))
    return [(name, a, min(size, games - a)) for a in range(0, games, size)]


def duel(names: Sequence[str], games: int, jobs: int) -> None:
    for name in names:
        t0 = time.perf_counter()
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_duel_chunk, _chunks(name, games, jobs)))
        points = sum(p for p, _ in results)
        n = sum(c for _, c in results)
        rate = points / n
        half = Z95 * math.sqrt(rate * (1 - rate) / n)
        print(
            f"{name}: Perfect (to win) against Perfect, {n:,} games, seats alternating who starts:"
            f" {100 * rate:.2f}% (95% interval {100 * (rate - half):.2f}-{100 * (rate + half):.2f}%)"
            f"  [{time.perf_counter() - t0:.0f} s, {jobs} processes]",
            flush=True,
        )


def calibrate(names: Sequence[str], games: int, jobs: int) -> None:
    for name in names:
        t0 = time.perf_counter()
        with ProcessPoolExecutor(jobs) as pool:
            pairs = [pair for chunk in pool.map(_calibrate_chunk, _chunks(name, games, jobs)) for pair in chunk]
        print(f"{name}: {games:,} two-seat games of two Perfect players, {len(pairs):,} predictions (every turn start)")
        print("  decile      predictions  predicted  observed  95% interval")
        worst = 0.0
        for d in range(10):
            lo, hi = d / 10, (d + 1) / 10
            got = [(p, o) for p, o in pairs if lo <= p < hi or (d == 9 and p == 1.0)]
            if not got:
                continue
            predicted = sum(p for p, _ in got) / len(got)
            observed = sum(o for _, o in got) / len(got)
            half = Z95 * math.sqrt(max(observed * (1 - observed), 1e-9) / len(got))
            worst = max(worst, abs(predicted - observed))
            print(
                f"  {lo:.1f}-{hi:.1f}  {len(got):11,}  {100 * predicted:8.1f}%  {100 * observed:7.1f}%"
                f"  {100 * (observed - half):.1f}-{100 * (observed + half):.1f}%"
            )
        brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
        print(
            f"  largest gap by decile {100 * worst:.1f} points; Brier score {brier:.4f}"
            f"  [{time.perf_counter() - t0:.0f} s, {jobs} processes]",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("calibrate", "duel"))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--rules", nargs="*", default=None)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    if args.what == "duel":
        duel(args.rules or ["yahtzee", "yatzy"], args.games, args.jobs)
    else:
        calibrate(args.rules or ["yahtzee"], args.games, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ("Prospect", "play_turn", "perfect", "to_win", "duel", "calibrate")
