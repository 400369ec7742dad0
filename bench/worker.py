"""Python in PyScript's worker on both kinds of host: ready, the visit's first roll, roll and score latency.

    .venv/bin/python -m bench.worker [--runs 5] [--no-build] [--first-only] [--service-worker | --paired]

Serves dist/ twice with tools/serve.py's handler: as a plain host (no COOP and COEP, as GitHub Pages)
and as an isolating host (tools/serve.py's default). Python runs in a worker on both; the page
only sends events and carries out the effects that come back. Each run opens a new browser context
(empty cache, service worker blocked, as a first visit; ``--service-worker`` lets the first rolls' visits
install it, as a true first visit does), waits for ``data-ready`` and at once
presses Roll, as a player's first tap (the visit's first roll: the warm-up after a snapshot start
shares the worker with it); then, once the warm-up is over, plays turns pressed as taps are
(``pointerdown``, then the click), timing each Roll and each Score from the click to the change it
makes in the page (a MutationObserver: the answer comes from the worker after the click returns).
Times first the first roll of each start path (issue 47: lobby, link, resume, a link's match, a challenge),
each from a new context whose storage remembers a name: the tap on Roll as soon as the table is there (the
lobby's after its Play, resume's after a reload) to the dice drawn, with what the service worker was doing at the
tap; with ``--service-worker``, a return visit too (RETURN); ``--first-only`` stops there; ``--paired`` times each
path blocked, then allowed, one after the other, and stops there too. Also counts
the page thread's long tasks (over 50 ms) from navigation to ready. Prints medians and
95th percentiles; a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import browser as browser_finder  # noqa: E402
from tools.build import build  # noqa: E402
from tools.serve import serve_in_background  # noqa: E402

TURNS = 12
LONG_TASKS = """() => {
  window.__long = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push(e.duration)))
    .observe({type: "longtask", buffered: true});
}"""
# The time from a click to the first change of the watched element's content, in the page.
TIMED_CLICK = """([target, watched]) => new Promise((resolve, reject) => {
  const box = document.querySelector(watched);
  const button = document.querySelector(target);
  if (!box || !button) return reject(new Error("missing " + target + " or " + watched));
  const before = box.innerHTML;
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no change after " + target)); }, 5000);
  const observer = new MutationObserver(() => {
    if (box.innerHTML === before) return;
    observer.disconnect();
    clearTimeout(timer);
    resolve(performance.now() - started);
  });
  observer.observe(box, {subtree: true, childList: true, attributes: true, characterData: true});
  button.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));
  const started = performance.now();
  button.click();
})"""


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _links() -> dict[str, str]:
    """The queries of the start paths opened by a link: a new match's, a match link's and a challenge's."""
    from game.core import links
    from game.core.engine import new_match

    played = new_match("yahtzee", ["Ann"], seed=7)
    for box in played.open_categories():
        played = played.roll().score(box)
    under_way = new_match("yahtzee", ["Ann", "Bob"], seed=7)
    for _ in range(2):
        rolled = under_way.roll()
        under_way = rolled.score(next(iter(rolled.options())))
    return {
        "link": "?rules=yahtzee&players=Ann&seed=7",
        "a link's match": "?match=" + links.write(under_way, links.LinkKind.MATCH),
        "challenge": "?challenge=" + links.write(played, links.LinkKind.CHALLENGE),
    }


PATHS = ("lobby", "link", "resume", "a link's match", "challenge")
"""The start paths whose first roll is timed (issue 47): each from a first visit but resume, a reload."""
RETURN = "return visit"
"""With ``--service-worker``, one more path: resume's reload once the service worker the first box
registered has installed and taken the page (a player coming back), not while it still installs."""
SW_STATE = """() => !navigator.serviceWorker ? Promise.resolve("none") : navigator.serviceWorker.getRegistration()
  .then((r) => !r ? "none" : r.installing ? "installing" : r.waiting ? "waiting"
    : navigator.serviceWorker.controller ? "controlling" : r.active ? "active" : "none")"""
"""The service worker's state as the first roll is pressed: none registered, installing (its precache
running), waiting, active, or controlling the page."""
SW_READY = """() => new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error("the service worker did not take the page within 60 s")), 60000);
  const taken = () => navigator.serviceWorker.controller ? resolve() : setTimeout(taken, 100);
  taken();
})"""


def _ready(page) -> None:
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=120_000)


def first_roll(
    browser, base: str, path: str, queries: dict[str, str], service_workers: str = "block"
) -> tuple[float, str]:
    """One start path's first roll: the tap on Roll as soon as the table is there, to the dice drawn (ms), and the
    service worker's state at the tap (SW_STATE). ``service_workers="allow"``: a true first visit, the service
    worker free to register and install as it would."""
    context = browser.new_context(service_workers=service_workers)
    page = context.new_page()
    page.add_init_script("localStorage.setItem('yacht-dice/setup', JSON.stringify({name1: 'Ann'}))")
    if path == "lobby":
        page.goto(base + "/")
        _ready(page)
        page.click("#quick-solo")
        page.wait_for_selector("#roll-button:not([disabled])", timeout=60_000)
    elif path in ("resume", RETURN):
        page.goto(base + "/" + queries["link"])
        _ready(page)
        page.evaluate(TIMED_CLICK, ["#roll-button", "#dice"])
        page.evaluate(TIMED_CLICK, ["#scorecard button.choice", "#scorecard"])
        page.wait_for_timeout(1500)
        if path == RETURN:
            page.evaluate(SW_READY)
            page.wait_for_timeout(1500)
        page.goto(base + "/")
        _ready(page)
    else:
        page.goto(base + "/" + queries[path])
        _ready(page)
    try:
        state = page.evaluate(SW_STATE)
        return page.evaluate(TIMED_CLICK, ["#roll-button", "#dice"]), state
    finally:
        context.close()


def one_run(browser, base: str) -> dict:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.add_init_script(f"({LONG_TASKS})()")
    page.goto(base + "/?rules=yahtzee&players=Ann&seed=7")
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=120_000)
    ready = page.evaluate("performance.getEntriesByName('yacht:ready')[0].startTime")
    long_tasks = page.evaluate("window.__long.slice()")
    first = page.evaluate(TIMED_CLICK, ["#roll-button", "#dice"])
    isolated = page.evaluate("crossOriginIsolated")
    worker = page.evaluate("typeof yachtPyodide === 'undefined'") and any(
        w.evaluate("typeof yachtPyodide === 'object'") for w in page.workers
    )
    page.wait_for_timeout(100)
    page.evaluate(TIMED_CLICK, ["#scorecard button.choice", "#scorecard"])
    page.wait_for_timeout(1500)  # the warm-up's throwaway turns end (bench/startup.py measures with it done too)
    rolls, scores = [], []
    for _ in range(TURNS):
        rolls.append(page.evaluate(TIMED_CLICK, ["#roll-button", "#dice"]))
        page.wait_for_timeout(100)
        scores.append(page.evaluate(TIMED_CLICK, ["#scorecard button.choice", "#scorecard"]))
        page.wait_for_timeout(100)
    context.close()
    return {
        "ready": ready,
        "long": long_tasks,
        "worker": worker,
        "isolated": isolated,
        "first": first,
        "rolls": rolls,
        "scores": scores,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--first-only", action="store_true", help="time only each start path's first roll")
    parser.add_argument(
        "--service-worker",
        action="store_true",
        help="let the first rolls' visits register and install the service worker (a true first visit)",
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="time each path's first roll with the service worker blocked and then allowed, one after the other "
        "(the same load on a busy machine for both)",
    )
    args = parser.parse_args(argv)
    modes = ("block", "allow") if args.paired else ("allow",) if args.service_worker else ("block",)
    if not args.no_build:
        build(ROOT / "dist")
    from playwright.sync_api import sync_playwright

    servers = {isolate: serve_in_background(ROOT / "dist", 0, isolate=isolate) for isolate in (False, True)}
    results: dict[bool, list[dict]] = {False: [], True: []}
    firsts: dict[tuple[str, bool, str], list[float]] = {}
    states: dict[tuple[str, str], Counter] = {}
    paths = {mode: (*PATHS, RETURN) if mode == "allow" else PATHS for mode in modes}
    queries = _links()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(browser_finder.ensure()), args=browser_finder.launch_args()
            )
            for run in range(args.runs):
                for isolate, server in servers.items():
                    base = f"http://127.0.0.1:{server.server_address[1]}"
                    for path in paths[modes[-1]]:
                        for mode in modes:
                            if path not in paths[mode]:
                                continue
                            took, state = first_roll(browser, base, path, queries, mode)
                            firsts.setdefault((mode, isolate, path), []).append(took)
                            states.setdefault((mode, path), Counter())[state] += 1
                    if args.first_only or args.paired:
                        continue
                    found = one_run(browser, f"http://127.0.0.1:{server.server_address[1]}")
                    if not found["worker"] or found["isolated"] != isolate:
                        raise SystemExit(
                            f"run {run + 1}: Python not in a worker, or the page's isolation not as its host sends"
                        )
                    results[isolate].append(found)
                print(f"run {run + 1} of {args.runs} done", file=sys.stderr, flush=True)
            browser.close()
    finally:
        for server in servers.values():
            server.shutdown()
    for mode in modes:
        print(
            f"Chromium {browser_finder.ensure()}, {args.runs} runs per host and path, service worker "
            f"{'allowed' if mode == 'allow' else 'blocked'}; first roll (tap at ready → dice), ms\n"
        )
        print(
            "| start path | plain host, median | worst | isolating host, median | worst | service worker at the tap |\n"
            "|---|---|---|---|---|---|"
        )
        for path in paths[mode]:
            plain, isolating = firsts[(mode, False, path)], firsts[(mode, True, path)]
            seen = ", ".join(f"{state} {count}" for state, count in states[(mode, path)].most_common())
            print(
                f"| {path} | {statistics.median(plain):,.1f} | {max(plain):,.1f} | "
                f"{statistics.median(isolating):,.1f} | {max(isolating):,.1f} | {seen} |"
            )
        print()
    if args.first_only or args.paired:
        return 0
    print(
        f"\nChromium {browser_finder.ensure()}, {args.runs} first visits per host (service worker blocked), "
        f"then {TURNS} turns each; times in ms\n"
    )
    print("| | plain host (no COOP/COEP) | isolating host |\n|---|---|---|")
    rows = (
        ("ready (navigation → data-ready), median", lambda r: statistics.median(x["ready"] for x in r)),
        ("the visit's first roll (pressed at ready), median", lambda r: statistics.median(x["first"] for x in r)),
        ("the visit's first roll, worst", lambda r: max(x["first"] for x in r)),
        (
            "long tasks on the page's thread before ready, median count",
            lambda r: statistics.median(len(x["long"]) for x in r),
        ),
        ("their total length, median", lambda r: statistics.median(sum(x["long"]) for x in r)),
        ("the longest, median", lambda r: statistics.median(max(x["long"], default=0) for x in r)),
        ("Roll → dice changed, median", lambda r: statistics.median(v for x in r for v in x["rolls"])),
        ("Roll → dice changed, p95", lambda r: p95([v for x in r for v in x["rolls"]])),
        ("Score → scorecard changed, median", lambda r: statistics.median(v for x in r for v in x["scores"])),
        ("Score → scorecard changed, p95", lambda r: p95([v for x in r for v in x["scores"]])),
    )
    for label, figure in rows:
        print(f"| {label} | {figure(results[False]):,.1f} | {figure(results[True]):,.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
