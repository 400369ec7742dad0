"""Time the Statistics screen over 10,000 recorded games inside the page, in Pyodide.

    .venv/bin/python -m bench.stats_browser [--games 10000] [--runs 5]

Makes a history of ``--games`` two-person Yahtzee games (plausible random scores, in the
history's own save format), puts it in the page's localStorage, and times in the page's own
interpreter: loading it (``History.from_json``), and rendering the screen (``stats_view.statistics``
and ``stats_markup.statistics``, the same calls the shell makes, plus writing the HTML into the page).
Prints the medians of ``--runs`` runs; the target is a render of at most 100 ms.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.inpage import run_in_page  # noqa: E402
from game.core.variants import ruleset  # noqa: E402
from game.records.history import HISTORY_FORMAT, History  # noqa: E402

SEED = 2026
# Runs in the page (Pyodide); writes its figures into <body data-bench="…">.
PAGE_SCRIPT = """
import json, statistics, time
from pyscript import document, window
from game.present import stats_markup, stats_view
from game.records.history import History
from game.shell.records import CACHE

loads, renders, values, htmls = [], [], [], []
for _ in range(RUNS):
    t0 = time.perf_counter()
    history = History.from_json(window.localStorage.getItem("yacht-dice/history"))
    t1 = time.perf_counter()
    page = stats_view.statistics(history, CACHE.references or {})
    t2 = time.perf_counter()
    html = stats_markup.statistics(page)
    t3 = time.perf_counter()
    document.getElementById("stats-body").innerHTML = html
    document.body.offsetHeight  # layout included
    t4 = time.perf_counter()
    loads.append(t1 - t0)
    renders.append(t4 - t1)
    values.append(t2 - t1)
    htmls.append(t3 - t2)
document.body.dataset.bench = json.dumps({
    "games": len(history.games),
    "load_ms": statistics.median(loads) * 1000,
    "render_ms": statistics.median(renders) * 1000,
    "render_max_ms": max(renders) * 1000,
    "values_ms": statistics.median(values) * 1000,
    "markup_ms": statistics.median(htmls) * 1000,
})
"""


def synthetic_history(games: int, seed: int = SEED) -> str:
    """``games`` two-person Yahtzee games with plausible random scores, as the history's JSON."""
    rng = random.Random(seed)
    rs = ruleset("yahtzee")
    lower = {
        "three_of_a_kind": range(5, 31),
        "four_of_a_kind": range(5, 31),
        "full_house": (0, 25),
        "small_straight": (0, 30, 30),
        "large_straight": (0, 40),
        "yahtzee": (0, 0, 0, 50),
        "chance": range(5, 31),
    }

    def card() -> tuple[list[int], int]:
        """A card and its Yahtzee bonus: a bonus only beside a scored Yahtzee box, with the alike dice
        of the bonus roll written in Chance (imports check that a card is one the rules allow)."""
        boxes = [face * rng.randint(0, 5) for face in range(1, 7)] + [rng.choice(lower[c.id]) for c in rs.lower]
        if boxes[-2] == 50 and rng.random() < 0.5:
            boxes[-1] = 5 * rng.randint(1, 6)
            return boxes, 100
        return boxes, 0

    rows = [
        [f"{n:016x}", f"2026-{1 + n * 12 // games:02d}-{1 + n % 28:02d}T12:00:00Z", 0, n, 0,
         [[name, None, *card(), rng.randint(0, 2), round(rng.uniform(0, 40), 2)] for name in ("Ann", "Bob")]]
        for n in range(games)
    ]  # fmt: skip
    data = {"format": HISTORY_FORMAT, "version": 1, "rules": [rs.to_dict()], "games": rows}
    return History.from_dict(data).to_json()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    text = synthetic_history(args.games)
    figures, version = run_in_page(PAGE_SCRIPT.replace("RUNS", str(args.runs)), storage={"yacht-dice/history": text})
    print(f"Statistics screen in Pyodide (headless Chromium {version}), median of {args.runs} runs")
    print(f"history: {figures['games']} games, {len(text.encode()) / 1e6:.2f} MB of JSON")
    print(f"load (History.from_json): {figures['load_ms']:.0f} ms")
    print(
        f"render (stats_view.statistics + stats_markup.statistics + innerHTML + layout): {figures['render_ms']:.0f} ms"
        f" (max {figures['render_max_ms']:.0f} ms; target 100 ms)"
    )
    print(
        f"  of which stats_view.statistics {figures['values_ms']:.0f} ms, stats_markup.statistics {figures['markup_ms']:.0f} ms,"
        f" the rest writing the HTML and layout"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
