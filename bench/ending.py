"""The end of a game in the page, Python in its worker: from the tap on the last box to the end screen, and to the
luck and skill split's lines (game.coach.luck, worked out on the ending's tick after the results are drawn).

    .venv/bin/python -m bench.ending [--runs 5] [--rules yacht yahtzee] [--no-build]

Each run opens a new browser context (service worker blocked, as a first visit) on a one-person game of the rule
set, plays every turn but the last (a roll, the first box offered), waits for the advisor's table (the prefetch
a few seconds after the start), then rolls and taps the last box: the time to ``#results`` shown is the end
screen's, the time to ``#ending`` holding the split ("dice …, choices …") the split's, both from the tap (a
MutationObserver in the page). Prints medians and the longest; a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import browser as browser_finder  # noqa: E402
from tools.build import build  # noqa: E402
from tools.serve import serve_in_background  # noqa: E402

# From the tap on the last box: when #results is first shown, and when #ending first holds a split line (ms).
LAST_BOX = """() => new Promise((resolve, reject) => {
  const results = document.getElementById("results");
  const ending = document.getElementById("ending");
  const button = document.querySelector("#scorecard button.choice");
  if (!results || !ending || !button) return reject(new Error("no results, ending or box"));
  const found = {};
  const timer = setTimeout(() => { observer.disconnect(); resolve(found); }, 10000);
  const look = () => {
    const now = performance.now() - started;
    if (found.results === undefined && !results.hidden) found.results = now;
    if (found.split === undefined && /dice .*, choices /.test(ending.textContent)) found.split = now;
    if (found.results !== undefined && found.split !== undefined) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(found);
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  button.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));
  const started = performance.now();
  button.click();
})"""


def one_game(browser, base: str, rules: str) -> dict[str, float]:
    """One game to its last box; the last box's times (ms)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        page.goto(f"{base}/?rules={rules}&players=Ann")
        page.wait_for_selector("html[data-ready='true']", state="attached", timeout=120_000)
        page.wait_for_timeout(4000)  # the advisor's table comes a few seconds after the start (its prefetch)
        while page.locator("#scorecard button.choice").count() != 1 or page.locator("#roll-button").is_enabled():
            page.click("#roll-button")
            page.wait_for_selector("#scorecard button.choice")
            if page.locator("#scorecard button.choice").count() == 1:
                break
            page.click("#scorecard button.choice >> nth=0")
            page.wait_for_selector("#roll-button:not([disabled])")
        page.wait_for_timeout(300)
        return page.evaluate(LAST_BOX)
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rules", nargs="*", default=["yacht", "yahtzee"])
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)
    if not args.no_build:
        build(ROOT / "dist")
    from playwright.sync_api import sync_playwright

    server = serve_in_background(ROOT / "dist", 0)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    found: dict[str, list[dict[str, float]]] = {rules: [] for rules in args.rules}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(browser_finder.ensure()), args=browser_finder.launch_args()
            )
            for run in range(args.runs):
                for rules in args.rules:
                    found[rules].append(one_game(browser, base, rules))
                print(f"run {run + 1} of {args.runs} done", file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.shutdown()
    print(f"Chromium, Python in its worker, {args.runs} games per rule set; from the tap on the last box, ms\n")
    print("| rules | end screen, median | longest | split's lines, median | longest |\n|---|---|---|---|---|")
    for rules, runs in found.items():
        shown = [run["results"] for run in runs if "results" in run]
        split = [run["split"] for run in runs if "split" in run]
        if not shown or not split:
            print(f"| {rules} | {len(shown)} of {len(runs)} shown | | {len(split)} of {len(runs)} split | |")
            continue
        print(
            f"| {rules} | {statistics.median(shown):,.0f} | {max(shown):,.0f} | "
            f"{statistics.median(split):,.0f} | {max(split):,.0f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
