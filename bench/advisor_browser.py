"""Time Advisor.options() inside the page, in Pyodide, on positions from real optimal games.

    .venv/bin/python -m bench.advisor_browser [--games 10] [--rules yacht yahtzee yatzy]

Builds dist/, opens the game in headless Chromium, and runs the same loop as
bench/bench_advisor.py (CPython) in the page's own interpreter: it fetches each rule set's
table as the game does (an Advisor per rule set, which loads the fetched bytes), then times every decision of ``--games`` games played optimally.
Prints, per rule set, the table load time and options() median / p95 / max in milliseconds, and the
same decision with its odds (options() and every keep's exact chances, as game.coach.advice.hint computes
them for the hint panel; the odds' programs built on first use are counted in the first decisions),
and a Perfect (to win) decision (game.coach.winning.Winning.options against one Perfect rival, from the
same games' cards, with the spread table loaded as the page loads it; a new Winning per game, so
its caches start empty each game as in a new match).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.inpage import run_in_page  # noqa: E402

# Runs in the page (Pyodide); writes its times into <body data-bench="…"> (figured here: the page's
# trimmed standard library has no statistics module).
PAGE_SCRIPT = """
import json, random, time
from pyscript import document, fetch
from game.core.actions import Keep, Score
from game.coach.advisor import Advisor
from game.coach.odds import Odds
from game.core.variants import ruleset
from game.coach.winning import Winning

async def bench(names, games):
    rng = random.Random(2024)
    out = {}
    for name in names:
        rs = ruleset(name)
        t0 = time.perf_counter()
        adv = Advisor(rs, table_dir=None)
        data = await (await fetch("./static/tables/" + adv.table_name)).bytearray()
        adv.load_table(bytes(data))
        adv.options({}, [1, 2, 3, 4, 5], 2)
        load = time.perf_counter() - t0
        spread = await (await fetch("./static/tables/" + adv.spread_name)).bytearray()
        adv.load_spread(bytes(spread))
        odds = Odds(rs, adv.model)
        times, with_odds, to_win = [], [], []
        for _ in range(games):
            scores, rival, winning = {}, {}, Winning(adv)
            while len(scores) < len(rs.categories):
                rival_dice = [rng.randint(1, rs.sides) for _ in range(rs.dice)]
                for rolls_left in range(rs.rolls_per_turn - 1, -1, -1):
                    action = adv.options(rival, rival_dice, rolls_left)[0].action
                    if isinstance(action, Score):
                        rival[action.category] = rs.choices(rival, rival_dice)[action.category]
                        break
                    rival_dice = list(action.faces) + [rng.randint(1, rs.sides) for _ in range(rs.dice - len(action.faces))]
                dice = [rng.randint(1, rs.sides) for _ in range(rs.dice)]
                for rolls_left in range(rs.rolls_per_turn - 1, -1, -1):
                    t = time.perf_counter()
                    options = adv.options(scores, dice, rolls_left)
                    times.append(time.perf_counter() - t)
                    if rolls_left:
                        for o in options:
                            if isinstance(o.action, Keep):
                                odds.chances(scores, o.action.faces, rolls_left, most=None, least=0.0)
                        odds.chances(scores, (), rolls_left, most=None, least=0.0)
                    with_odds.append(time.perf_counter() - t)
                    t = time.perf_counter()
                    winning.options(scores, dice, rolls_left, [winning.prospect(rival)])
                    to_win.append(time.perf_counter() - t)
                    action = options[0].action
                    if isinstance(action, Score):
                        scores[action.category] = rs.choices(scores, dice)[action.category]
                        break
                    kept = action.faces
                    dice = list(kept) + [rng.randint(1, rs.sides) for _ in range(rs.dice - len(kept))]
        out[name] = {"load": load, "plain": times, "odds": with_odds, "win": to_win}  # seconds per decision
    document.body.dataset.bench = json.dumps(out)

await bench(NAMES, GAMES)
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rules", nargs="*", default=["yacht", "yahtzee", "yatzy"])
    args = parser.parse_args(argv)
    code = PAGE_SCRIPT.replace("NAMES", json.dumps(args.rules)).replace("GAMES", str(args.games))
    figures, version = run_in_page(code, "?rules=yacht&players=Bench&seed=1")
    print(f"Advisor.options() in Pyodide (headless Chromium {version}), {args.games} optimal games per rule set")
    print(
        f"{'rules':8s} {'table load':>10s} {'median':>8s} {'p95':>8s} {'max':>8s} {'decisions':>9s}"
        f" {'with odds: median':>18s} {'p95':>8s} {'max':>8s} {'to win: median':>15s} {'p95':>8s} {'max':>8s}"
    )
    for name, f in figures.items():
        cells = [f"{name:8s} {f['load'] * 1000:8.0f}ms"]
        for key, width in (("plain", 6), ("odds", 16), ("win", 13)):
            times = sorted(t * 1000 for t in f[key])
            if key == "odds":
                cells.append(f"{len(f['plain']):9d}")
            cells.append(
                f"{statistics.median(times):{width}.2f}ms {times[int(0.95 * (len(times) - 1))]:6.2f}ms {times[-1]:6.1f}ms"
            )
        print(" ".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
