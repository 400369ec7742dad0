"""Crash soak: load the game many times, play and ask for hints at once, count renderer crashes.

    .venv/bin/python -m bench.soak [--loads 1000] [--no-build] [--flags "--js-flags=..."]

Each load opens the built game (dist/, served on 127.0.0.1) from a link in a new tab of one
headless Chromium, so every start after the first restores the snapshot from the HTTP cache
and runs the warm-up that follows it. Straight away (during the warm-up) it answers "Start the
match in this link?" when the last load's match is in progress, turns hints on,
rolls, waits for the hint, holds a die, rolls and scores, then closes the tab. A crash is a
tab that Chromium reports crashed ("Target crashed" / "Page crashed"), or a browser that dies;
the browser's last log lines are printed with each one. Prints the counts as a Markdown table.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tools import browser as browser_finder  # noqa: E402
from tools.build import build  # noqa: E402
from tools.serve import serve_in_background  # noqa: E402

LINK = "/?rules={rules}&players=Ann,Bob&seed={seed}"
RULES = ("yahtzee", "yatzy", "yacht")
READY_MS = 60_000
STEP_MS = 20_000


def one_load(context, url: str) -> str:
    """Open, play a turn with a hint, close: 'ok', 'crash' or 'error: …'."""
    page = context.new_page()
    crashed = []
    page.on("crash", lambda _: crashed.append(True))
    try:
        page.goto(url)
        page.wait_for_selector("html[data-ready='true']", timeout=READY_MS)
        if page.locator("#link-choice").is_visible():  # the last load's match is in progress: replace it
            page.locator("#link-start").click(timeout=STEP_MS)
        page.locator("#hint-toggle").check(timeout=STEP_MS)
        page.locator("#roll-button").click(timeout=STEP_MS)
        page.wait_for_selector("#hint:not([hidden])", timeout=STEP_MS)
        page.locator("#dice button").first.click(timeout=STEP_MS)
        page.locator("#roll-button").click(timeout=STEP_MS)
        page.locator("#scorecard button.choice").first.click(timeout=STEP_MS)
        page.wait_for_timeout(50)
        outcome = "ok"
    except PlaywrightError as error:
        text = str(error)
        outcome = "crash" if crashed or "crash" in text.lower() else f"error: {text.splitlines()[0][:160]}"
    finally:
        try:
            page.close()
        except PlaywrightError:
            pass
    return "crash" if crashed else outcome


def soak(loads: int, flags: list[str], url: str) -> collections.Counter:
    counts: collections.Counter = collections.Counter()
    log: collections.deque = collections.deque(maxlen=40)
    with sync_playwright() as p:
        args = browser_finder.launch_args() + flags
        chromium = context = None
        began = time.perf_counter()
        for index in range(loads):
            if chromium is None or not chromium.is_connected():
                if chromium is not None:
                    counts["browser restarts"] += 1
                chromium = p.chromium.launch(
                    executable_path=str(browser_finder.ensure()), args=args, env={**os.environ, "DEBUG": ""}
                )
                context = chromium.new_context()
            outcome = one_load(context, url + LINK.format(rules=RULES[index % len(RULES)], seed=index))
            counts[outcome if not outcome.startswith("error") else "other errors"] += 1
            if outcome != "ok":
                print(f"load {index + 1}: {outcome}", flush=True)
                log.append(outcome)
            if (index + 1) % 100 == 0:
                print(f"{index + 1} loads, {time.perf_counter() - began:.0f} s: {dict(counts)}", flush=True)
        if chromium is not None and chromium.is_connected():
            chromium.close()
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=1000)
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    parser.add_argument("--flags", default="", help="extra Chromium flags, space-separated")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site to serve (default dist/)")
    args = parser.parse_args(argv)
    if not args.no_build:
        build(args.site)
    server = serve_in_background(args.site, 0)
    try:
        began = time.perf_counter()
        counts = soak(args.loads, args.flags.split(), f"http://127.0.0.1:{server.server_address[1]}")
        seconds = time.perf_counter() - began
    finally:
        server.shutdown()
    print("\n| loads | ok | crashed | other errors | browser restarts | time |\n|---|---|---|---|---|---|")
    print(
        f"| {args.loads} | {counts['ok']} | {counts['crash']} | {counts['other errors']} | "
        f"{counts['browser restarts']} | {seconds:.0f} s |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
