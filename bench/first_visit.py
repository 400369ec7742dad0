"""A first visit's bytes and time to ready, on a fast line and on lines slow enough to skip the snapshot.

    .venv/bin/python -m bench.first_visit [--runs 3] [--no-build]

Builds dist/ and serves it with tools/serve.py's handler (Brotli or gzip, as a static host
should), then opens the game in a new Chromium profile with the service worker blocked (so only
the page's own downloads count) and sums the bytes every response took on the wire (headers and
body, as Chromium's network log counts them; a download the page stopped counts what came) until
``<html data-ready="true">``. The lines:

- fast: this machine's loopback, nothing slowed;
- slow (3g): ``navigator.connection`` says ``3g``, as Chromium says on such a line
  (static/js/python.mjs then skips a snapshot the browser does not hold); nothing slowed;
- unrated: ``navigator.connection`` absent, as in Safari and Firefox, and the network slowed by
  Chromium's throttling (60 ms latency): the page watches the snapshot's pace and keeps it or
  gives it up.

Prints the median of ``--runs``, how Python started, and what the largest files took.
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

SLOW_3G = """Object.defineProperty(navigator, 'connection', {
    configurable: true, value: {saveData: false, effectiveType: '3g', downlink: 1.6}})"""
UNRATED = "Object.defineProperty(navigator, 'connection', {configurable: true, value: undefined})"
LINES = {  # name: (init script, download rate in MB/s or None for the machine's own)
    "fast": ("", None),
    "slow (3g)": (SLOW_3G, None),
    "unrated, 3 MB/s": (UNRATED, 3.0),
    "unrated, 2 MB/s": (UNRATED, 2.0),
    "unrated, 1 MB/s": (UNRATED, 1.0),
    "unrated, 0.25 MB/s": (UNRATED, 0.25),  # 2 Mbps: a train
}
LATENCY_MS = 60
WAIT_MS = 120_000


def visit(browser, url: str, script: str, rate: float | None) -> tuple[float, str, Counter]:
    """One first visit: (ms to ready, how Python started, bytes per file name)."""
    context = browser.new_context(service_workers="block")
    if script:
        context.add_init_script(script)
    page = context.new_page()
    network = context.new_cdp_session(page)
    network.send("Network.enable")
    names, came, finished = {}, Counter(), {}
    network.on("Network.requestWillBeSent", lambda e: names.setdefault(e["requestId"], e["request"]["url"]))
    network.on("Network.dataReceived", lambda e: came.update({e["requestId"]: e["encodedDataLength"]}))
    network.on("Network.loadingFinished", lambda e: finished.__setitem__(e["requestId"], e["encodedDataLength"]))
    if rate:
        network.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": LATENCY_MS, "downloadThroughput": rate * 1e6, "uploadThroughput": rate * 1e6},
        )
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']", timeout=WAIT_MS)
    ready = page.evaluate("performance.now()")
    python = page.get_attribute("html", "data-python") or "?"
    sizes: Counter = Counter()
    for request, address in names.items():
        sizes[address.rsplit("/", 1)[-1].split("?")[0] or "index.html"] += finished.get(request, came[request])
    context.close()
    return ready, python, sizes


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
            browser = playwright.chromium.launch(
                executable_path=str(browser_finder.ensure()), args=browser_finder.launch_args()
            )
            for name, (script, rate) in LINES.items():
                rows[name] = [visit(browser, url, script, rate) for _ in range(args.runs)]
            browser.close()
    finally:
        server.shutdown()
    print(f"First visit (service worker blocked), median of {args.runs}, Chromium {browser_finder.ensure()}:\n")
    print("| line | bytes until ready | ready at | Python | largest files (MB) |\n|---|---|---|---|---|")
    for name, runs in rows.items():
        total = statistics.median(sum(sizes.values()) for _, _, sizes in runs)
        ready = statistics.median(ms for ms, _, _ in runs)
        started = "/".join(sorted({python for _, python, _ in runs}))
        largest = ", ".join(f"{file} {size / 1e6:.2f}" for file, size in runs[0][2].most_common(4))
        print(f"| {name} | {total / 1e6:.2f} MB | {ready / 1000:.1f} s | {started} | {largest} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
