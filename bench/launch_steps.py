"""A returning player's launch, step by step: where the time to ready goes.

    .venv/bin/python -m bench.launch_steps [--runs 5] [--no-build] [--warm | --floor]

The launch bench.startup calls "offline, later launch" (a profile whose service worker holds the
game, restarted offline, its second launch; a match under way), or with ``--warm`` its "warm"
launch (HTTP cache only, service workers blocked, after a browser restart), or with ``--floor``
the floor of any page's ready with this runtime: bench/restore_floor.html, no page to parse and
no PyScript, a plain worker made by the page's first script that restores the same snapshot
through static/js/python.mjs (served by the service worker) and imports the game's shell. Each launch's
timeline is read from the page and from Python's worker (their own clocks, put on the page's by
``performance.timeOrigin``): the page's navigation timing and marks, when each file of the start
was asked for and came (resource timing, on both threads), and the marks and measures the
game's scripts leave (``yacht:*`` in the page, ``python:*`` in the worker). Prints the median of
each step over the runs, in ms after navigation start, in the order they happen.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import startup  # noqa: E402
from tools import browser as browser_finder  # noqa: E402
from tools.build import build  # noqa: E402

# The files whose fetches tell the story, by a part of their path.
FILES = (
    "/static/js/settings.js",
    "/static/css/app.css",
    "/static/js/page-parts.js",  # the first of the page's parts (index.html loads them in order)
    "/static/js/page.js",  # the last
    "/static/js/game.mjs",
    "/static/vendor/pyscript/core",
    "/static/js/python.mjs",
    "/static/vendor/pyodide/pyodide.mjs",
    "/static/vendor/pyodide/pyodide.asm.mjs",
    "/static/vendor/pyodide/pyodide.asm.wasm",
    "/static/vendor/pyodide/pyodide-lock.json",
    "/static/python/snapshot-",
    "/static/python/rest-",
    "/static/python/stdlib-",
)

PAGE_TIMELINE = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const out = {origin: performance.timeOrigin, steps: []};
  if (nav) {
    for (const key of ["workerStart", "fetchStart", "responseStart", "responseEnd", "domInteractive",
                       "domContentLoadedEventStart", "domContentLoadedEventEnd", "loadEventEnd"]) {
      if (nav[key]) out.steps.push(["page: navigation " + key, nav[key], null]);
    }
  }
  for (const e of performance.getEntriesByType("resource")) out.steps.push(["page: " + e.name, e.startTime, e.responseEnd]);
  for (const e of performance.getEntriesByType("mark")) out.steps.push(["page: mark " + e.name, e.startTime, null]);
  for (const e of performance.getEntriesByType("measure")) out.steps.push(["page: " + e.name, e.startTime, e.startTime + e.duration]);
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  if (fcp) out.steps.push(["page: first contentful paint", fcp.startTime, null]);
  if (window.__tableAt !== undefined) out.steps.push(["page: the table's frame", window.__tableAt, null]);
  if (window.__readyAt !== undefined) out.steps.push(["page: ready", window.__readyAt, null]);
  return out;
}"""

WORKER_TIMELINE = """() => {
  const out = {origin: performance.timeOrigin, steps: [["worker: its clock starts", 0, null]]};
  for (const e of performance.getEntriesByType("resource")) out.steps.push(["worker: " + e.name, e.startTime, e.responseEnd]);
  for (const e of performance.getEntriesByType("mark")) out.steps.push(["worker: mark " + e.name, e.startTime, null]);
  for (const e of performance.getEntriesByType("measure")) out.steps.push(["worker: " + e.name, e.startTime, e.startTime + e.duration]);
  return out;
}"""


def label(name: str) -> str | None:
    """A step's name without the address's host and hash, or None for a file that tells nothing.

    >>> label("worker: http://127.0.0.1:8000/static/python/snapshot-ab12.bin")
    'worker: /static/python/snapshot-…'
    >>> label("page: http://127.0.0.1:8000/static/js/page.js?v=2"), label("page: http://h/static/icons/a.svg")
    ('page: /static/js/page.js', None)
    >>> label("worker: mark python:up")
    'worker: mark python:up'
    """
    kind, _, rest = name.partition(": ")
    if rest.startswith("http"):
        path = "/" + rest.split("/", 3)[3].split("?")[0].split("#")[0]
        known = next((part for part in FILES if part in path), None)
        if known is None:
            return None
        return f"{kind}: {known}…" if known.endswith(("-", "core")) else f"{kind}: {known}"  # a hashed name cut short
    return name


def timeline(page) -> dict[str, tuple[float, float | None]]:
    """Every step of this launch (start, end) in ms after the page's navigation start."""
    page_side = page.evaluate(PAGE_TIMELINE)
    steps = {}
    sources = [(page_side, 0.0)]
    for worker in page.workers:
        try:
            sources.append((worker.evaluate(WORKER_TIMELINE), None))
        except Exception:  # a worker gone (the advisor's) tells nothing
            continue
    for source, shift in sources:
        shift = source["origin"] - page_side["origin"] if shift is None else shift
        for name, start, end in source["steps"]:
            key = label(name)
            if key is None or key in steps:
                continue
            steps[key] = (start + shift, None if end is None else end + shift)
    return steps


def launch(visit, url: str, what: str) -> dict[str, tuple[float, float | None]]:
    """Open the page in the visit's tab (a reload of the last launch: a new tab measured the same) and read its steps."""
    page = visit.page()
    startup.open_and_wait(page, url, what)
    page.wait_for_timeout(300)  # the worker's entries after ready (the warm-up's mark)
    return timeline(page)


FLOOR_SOURCES = ("restore_floor.html", "restore_floor.js", "restore_floor.mjs")


def first_visit(bench: startup.Bench, profile: Path, run: int, *, service_workers: str, match: bool) -> None:
    """The profile's first visit: the game opened (a match begun by link and a roll, when `match`), and with
    service workers allowed, the service worker in control (it has cached the runtime)."""
    visit = bench.visit(profile, "game", service_workers=service_workers)
    try:
        page = visit.page()
        startup.open_and_wait(page, bench.base + startup.GAME_PATH, f"first visit, run {run}")
        if match:
            startup.under_way(page, bench.base, f"first visit, run {run}")
        if service_workers == "allow":
            page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    finally:
        visit.close()


def later(bench: startup.Bench, profile: Path, path: str, run: int, *, again: bool, **options) -> dict:
    """The profile's browser started again: `path` launched (twice when `again`: the second is measured)."""
    visit = bench.visit(profile, "game", **options)
    try:
        if again:
            startup.open_and_wait(visit.page(), bench.base + path, f"launch, run {run}")
        return launch(visit, bench.base + path, f"measured launch, run {run}")
    finally:
        visit.close()
        shutil.rmtree(profile, ignore_errors=True)


def offline_run(bench: startup.Bench, run: int) -> dict:
    """bench.startup's offline later launch: the service worker's cache, offline, the browser's second launch."""
    profile = bench.profiles / f"steps-{run}"
    first_visit(bench, profile, run, service_workers="allow", match=True)
    return later(bench, profile, startup.GAME_PATH, run, again=True, service_workers="allow", offline=True)


def floor_run(bench: startup.Bench, run: int) -> dict:
    """bench/restore_floor.html's later launch (online: the service worker serves the runtime from its cache)."""
    profile = bench.profiles / f"steps-floor-{run}"
    first_visit(bench, profile, run, service_workers="allow", match=False)
    return later(bench, profile, "/restore_floor.html", run, again=True, service_workers="allow")


def warm_run(bench: startup.Bench, run: int) -> dict:
    """bench.startup's warm launch: the HTTP cache only, the browser restarted."""
    profile = bench.profiles / f"steps-warm-{run}"
    first_visit(bench, profile, run, service_workers="block", match=True)
    return later(bench, profile, startup.GAME_PATH, run, again=False)


def report(runs: list[dict]) -> str:
    """A Markdown table of each step's median start and end over the runs, in the order they happen.

    >>> print(report([{"b": (5.0, None), "a": (1.0, 3.0)}, {"a": (3.0, 5.0)}]))
    | step | at (ms) | done (ms) | seen |
    |---|---|---|---|
    | a | 2 | 4 | 2/2 |
    | b | 5 |  | 1/2 |
    """
    names = {name for run in runs for name in run}
    rows = []
    for name in names:
        starts = [run[name][0] for run in runs if name in run]
        ends = [run[name][1] for run in runs if name in run and run[name][1] is not None]
        rows.append((statistics.median(starts), name, statistics.median(ends) if ends else None, len(starts)))
    lines = ["| step | at (ms) | done (ms) | seen |", "|---|---|---|---|"]
    for start, name, end, seen in sorted(rows):
        done = f"{end:.0f}" if end is not None else ""
        lines.append(f"| {name} | {start:.0f} | {done} | {seen}/{len(runs)} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--warm", action="store_true", help="the warm launch (HTTP cache) instead of the offline one")
    which.add_argument("--floor", action="store_true", help="bench/restore_floor.html: a plain worker made at once")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    dist = ROOT / "dist"
    if not args.no_build:
        build(dist)
    launch_args = {
        "executable_path": str(browser_finder.ensure()),
        "args": [*browser_finder.launch_args(), "--enable-precise-memory-info"],
    }
    runs = []
    with tempfile.TemporaryDirectory(prefix="bench-steps-") as tmp:
        site = startup.make_site(dist, Path(tmp) / "site")
        for name in FLOOR_SOURCES:
            shutil.copy2(ROOT / "bench" / name, site / name)
        profiles = Path(tmp) / "profiles"
        profiles.mkdir()
        traffic = startup.Traffic()
        server = startup.start_server(site, traffic)
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            with sync_playwright() as p:
                bench = startup.Bench(p.chromium, launch_args, base, site, profiles, traffic, startup.Notes())
                for run in range(1, args.runs + 1):
                    steps = (floor_run if args.floor else warm_run if args.warm else offline_run)(bench, run)
                    runs.append(steps)
                    ready = steps.get("page: ready", (float("nan"),))[0]
                    print(f"run {run}: ready {ready:.0f} ms", flush=True)
        finally:
            server.shutdown()
            server.server_close()
    print()
    print(report(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
