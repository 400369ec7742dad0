"""Time loading saved matches of growing length inside the page, in Pyodide: linear, not quadratic.

    .venv/bin/python -m bench.load_browser [--runs 3]

Builds, in the page's own interpreter, saves of a two-seat Yahtzee match whose first turn holds and
releases dice N times (N = 5,000 to 40,000 actions; 40,000 is about 0.8 MB, near the largest save
read), then times ``Session.from_json`` on each: the call the page makes when it resumes. Prints
the medians, the time per 1,000 actions and, for each doubling, the ratio (2.0 is linear, 4.0
quadratic). Before the fix: 20,000 actions 1.6 s, 80,000 20 s.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.inpage import run_in_page  # noqa: E402

SIZES = (5_000, 10_000, 20_000, 40_000)
PAGE_SCRIPT = """
import json, time
from pyscript import document
from game.core.engine import new_match
from game.coach.session import Session

out = {}
start = new_match("yahtzee", ["Ann", "Bob"], seed=3).roll()
for n in SIZES:
    text = Session(start.apply_all([["hold", i % 5, (i // 5) % 2 == 0] for i in range(n)])).to_json()
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        Session.from_json(text)
        times.append(time.perf_counter() - t)
    out[str(n)] = {"seconds": sorted(times)[len(times) // 2], "bytes": len(text)}  # statistics is not in the page's zip
document.body.dataset.bench = json.dumps(out)
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    code = PAGE_SCRIPT.replace("SIZES", repr(SIZES)).replace("RUNS", str(args.runs))
    figures, version = run_in_page(code)
    print(f"Loading a saved match in the page (Pyodide, Chromium {version}), median of {args.runs}:\n")
    print("| actions | save | load | per 1,000 actions | × the half-size save |\n|---|---|---|---|---|")
    previous = None
    for n in SIZES:
        row = figures[str(n)]
        ratio = f"{row['seconds'] / previous:.2f}" if previous else "–"
        print(
            f"| {n:,} | {row['bytes'] / 1024:.0f} KB | {row['seconds']:.2f} s | {1e6 * row['seconds'] / n:.0f} ms | {ratio} |"
        )
        previous = row["seconds"]
    return 0


if __name__ == "__main__":
    sys.exit(main())
