"""Hints to beat a target, measured: how often target play reaches a target, against expected-score play.

    .venv/bin/python -m bench.target --games 10000 [--rules yahtzee yatzy] [--jobs 2]

Each game is played twice on the same dice (common random numbers): once by the expected-score
optimal player (game.coach.advisor) and once by the player who follows the target hints
(game.coach.target, the target fixed for the whole game: Yahtzee 300, Yatzy 280 unless
``--target`` says otherwise). The dice of game g come from ``random.Random(f"target:{rules}:{g}")``:
each turn has its own faces per roll, and the dice rerolled take that roll's faces in order, so two
players who keep alike roll alike. It prints, per rule set, the share of games that reach the
target with each player (95% intervals), their paired difference (95% interval) and the mean
final scores. Games are played on the game's own code, not the engine.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.coach import shaped  # noqa: E402
from game.coach.advisor import Advisor  # noqa: E402
from game.coach.target import Reaching  # noqa: E402
from game.coach.winning import Winning  # noqa: E402
from game.core.actions import Decision, Score  # noqa: E402
from game.core.rules import RuleSet  # noqa: E402
from game.core.variants import ruleset  # noqa: E402

__all__ = ("COME_CACHE", "TARGETS", "Z95", "dice_of", "play", "main")

TARGETS = {"yahtzee": 300, "yatzy": 280}
"""The issue's targets per rule set (about the optimal player's 80th percentile)."""
Z95 = 1.959964
Card = tuple[dict[str, int], int]  # scores and Yahtzee bonus points
Policy = Callable[[Card, tuple[int, ...], int], Decision]
Faces = list[list[list[int]]]  # per turn, per roll: the faces the rolled dice take, in order


def dice_of(rs: RuleSet, name: str, game: int) -> Faces:
    """Game ``game``'s dice: per turn and roll, a face for each die that may be rolled."""
    rng = random.Random(f"target:{name}:{game}")
    return [
        [[rng.randint(1, rs.sides) for _ in range(rs.dice)] for _ in range(rs.rolls_per_turn)] for _ in rs.categories
    ]


def play(rs: RuleSet, policy: Policy, faces: Faces) -> int:
    """One game of ``policy`` on these dice: its final score."""
    card: Card = ({}, 0)
    for turn in faces:
        scores, bonus = card
        dice = tuple(sorted(turn[0]))
        for roll, rolls_left in enumerate(range(rs.rolls_per_turn - 1, -1, -1), start=1):
            decision = policy(card, dice, rolls_left)
            if isinstance(decision, Score):
                extra = rs.yahtzee_bonus(scores, dice)
                card = {**scores, decision.category: rs.choices(scores, dice)[decision.category]}, bonus + extra
                break
            kept = decision.faces
            dice = tuple(sorted(kept + tuple(turn[roll][: rs.dice - len(kept)])))
        else:
            raise AssertionError("a policy must score with no roll left")
    return rs.totals(card[0], card[1]).grand_total


COME_CACHE = 200_000
"""Turn starts whose shaped points to come a bench process keeps (the page keeps game.coach.shaped.COME_CACHE):
working them out for the cards with three boxes left is most of a target player's time, and the games share them."""

_PLAYERS: dict[str, tuple[Advisor, Reaching]] = {}  # per rule set, kept by a process from chunk to chunk


def _players(name: str) -> tuple[Advisor, Reaching]:
    got = _PLAYERS.get(name)
    if got is None:
        shaped.COME_CACHE = COME_CACHE
        advisor = Advisor(ruleset(name))
        got = _PLAYERS[name] = advisor, Reaching(Winning(advisor))
    return got


def _chunk(args: tuple[str, int, int, int]) -> list[tuple[int, int]]:
    """(expected-score player's final score, target player's) for ``count`` games from game ``first``."""
    name, target, first, count = args
    advisor, reaching = _players(name)
    rs = advisor.ruleset

    def points(card: Card, dice: tuple[int, ...], rolls_left: int) -> Decision:
        return advisor.options(card[0], dice, rolls_left, yahtzee_bonus=card[1])[0].action

    def for_target(card: Card, dice: tuple[int, ...], rolls_left: int) -> Decision:
        return reaching.options(card[0], dice, rolls_left, target, yahtzee_bonus=card[1])[0].action

    out = []
    for game in range(first, first + count):
        faces = dice_of(rs, name, game)
        out.append((play(rs, points, faces), play(rs, for_target, faces)))
    return out


def _share(hits: int, n: int) -> str:
    p = hits / n
    half = Z95 * math.sqrt(p * (1 - p) / n)
    return f"{100 * p:.2f}% (95% interval {100 * (p - half):.2f}-{100 * (p + half):.2f}%)"


def report(name: str, target: int, pairs: Sequence[tuple[int, int]]) -> str:
    """The figures of one rule set's games."""
    n = len(pairs)
    usual = sum(a >= target for a, _ in pairs)
    aimed = sum(b >= target for _, b in pairs)
    diffs = [(b >= target) - (a >= target) for a, b in pairs]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    half = Z95 * sd / math.sqrt(n)
    return "\n".join(
        (
            f"{name}: {n:,} games on the same dice, target {target}",
            f"  expected-score play reaches it: {_share(usual, n)}; mean final score {sum(a for a, _ in pairs) / n:.1f}",
            f"  target hints reach it:          {_share(aimed, n)}; mean final score {sum(b for _, b in pairs) / n:.1f}",
            f"  difference (paired): {100 * mean:+.2f} points of percentage"
            f" (95% interval {100 * (mean - half):+.2f} to {100 * (mean + half):+.2f});"
            f" only the target player reaches it in {sum(d > 0 for d in diffs):,} games,"
            f" only the expected-score player in {sum(d < 0 for d in diffs):,}",
        )
    )


def run(name: str, target: int, games: int, jobs: int) -> str:
    """Play ``games`` games of the rule set in ``jobs`` processes, printing progress; the figures."""
    t0 = time.perf_counter()
    size = max(1, min(250, math.ceil(games / (jobs * 4))))
    chunks = [(name, target, a, min(size, games - a)) for a in range(0, games, size)]
    pairs: list[tuple[int, int]] = []
    with ProcessPoolExecutor(jobs) as pool:
        for done in as_completed([pool.submit(_chunk, chunk) for chunk in chunks]):
            pairs += done.result()
            print(
                f"  {name}: {len(pairs):,}/{games:,} games [{time.perf_counter() - t0:.0f} s]",
                file=sys.stderr,
                flush=True,
            )
    return f"{report(name, target, pairs)}\n  [{time.perf_counter() - t0:.0f} s, {jobs} processes]"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--rules", nargs="*", default=list(TARGETS))
    ap.add_argument("--target", type=int, default=None, help="one target for every rule set (default: TARGETS)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    for name in args.rules:
        target = args.target if args.target is not None else TARGETS.get(name)
        if target is None:
            ap.error(f"no target for {name}: give --target")
        print(run(name, target, args.games, args.jobs), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
