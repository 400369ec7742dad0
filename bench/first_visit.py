"""A first visit's bytes and time to ready, on a fast line and on a line the browser rates slow.

    .venv/bin/python -m bench.first_visit [--runs 3] [--no-build]

Builds dist/ and serves it with tools/serve.py's handler (Brotli or gzip, as a static host
should), then opens the game in a new Chromium profile with the service worker blocked (so only
the page's own downloads count) and sums what Playwright's ``request.sizes()`` says every
response took (headers and body, as sent) until ``<html data-ready="true">``. The slow line is
``navigator.connection`` saying ``3g``, as Chromium says on such a line (static/js/python.mjs
then skips a snapshot the browser does not hold); the CPU and the network here are not slowed.
Prints the median of ``--runs`` and what the largest files took.
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

LINES = {
    "fast": "",
    "slow (3g)": """Object.defineProperty(navigator, 'connection', {
        configurable: true, value: {saveData: false, effectiveType: '3g', downlink: 1.6}})""",
}
WAIT_MS = 120_000


def visit(browser, url: str, line: str) -> tuple[float, Counter]:
    """One first visit: (ms to ready, bytes per file name)."""
    context = browser.new_context(service_workers="block")
    if line:
        context.add_init_script(line)
    page = context.new_page()
    sizes: Counter = Counter()
    responses = []
    page.on("requestfinished", lambda request: responses.append(request))
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']", timeout=WAIT_MS)
    ready = page.evaluate("performance.now()")
    for request in list(responses):
        size = request.sizes()
        sizes[request.url.rsplit("/", 1)[-1].split("?")[0] or "index.html"] += size["responseBodySize"] + size["responseHeadersSize"]
    context.close()
    return ready, sizes


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)
    if not args.no_build:
        build(ROOT / "dist")
    from playwright.sync_api import sync_playwright

    server = serve_in_background(ROOT / "dist", 0)
    url = f"http://127.0.0.1:{server.server_address[1]}/?rules=yahtzee&players=Ann&seed=1"
    rows = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(browser_finder.ensure()), args=browser_finder.launch_args())
            for name, line in LINES.items():
                rows[name] = [visit(browser, url, line) for _ in range(args.runs)]
            browser.close()
    finally:
        server.shutdown()
    print(f"First visit (service worker blocked), median of {args.runs}, Chromium {browser_finder.ensure()}:\n")
    print("| line | bytes until ready | ready at | largest files |\n|---|---|---|---|")
    for name, runs in rows.items():
        total = statistics.median(sum(sizes.values()) for _, sizes in runs)
        ready = statistics.median(ms for ms, _ in runs)
        largest = ", ".join(f"{file} {size / 1e6:.2f}" for file, size in runs[0][1].most_common(4))
        print(f"| {name} | {total / 1e6:.2f} MB | {ready / 1000:.1f} s | {largest} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
