"""A first visit's bytes and time to ready, on a fast line and on lines slow enough to skip the snapshot.

    .venv/bin/python -m bench.first_visit [--runs 3] [--no-build] [--dist DIR] [--lines fast ...]

Builds dist/ (or takes ``--dist``, a build as it is, another commit's for instance) and serves it with
tools/serve.py's handler (Brotli or gzip, as a static host should), then opens the game in a new
Chromium profile with the service worker blocked (its precache waits for the first turn anyway:
static/js/offline.js) and sums the bytes every response took on the wire (headers and body, as
Chromium's network log counts them; a download the page stopped counts what came) until
``<html data-ready="true">``: the page's requests and those of PyScript's worker, where Python runs
and which fetches the runtime, the snapshot and the game's files. The worker is a target of its own
in Chromium's DevTools protocol, unseen by the page's network log: the page's session attaches to
it as it starts (``Target.setAutoAttach``, held until its network log is on). The server counts what
it sent as well; on the fast line the two agree to the byte (printed, as a check). The lines:

- fast: this machine's loopback, nothing slowed;
- slow (3g): ``navigator.connection`` says ``3g``, as Chromium says on such a line, to the page and
  to the worker (static/js/python.mjs, in the worker, then skips a snapshot the browser does not
  hold); nothing slowed;
- unrated: ``navigator.connection`` absent from the page, as in Safari and Firefox, and the network
  slowed by Chromium's throttling (60 ms latency; the page's conditions hold for its worker too):
  the worker watches the snapshot's pace and keeps it or gives it up, as it does wherever no rating
  says the line is slow.

Prints the median of ``--runs``, how Python started, and what the largest files took; ``--precache`` adds
the whole first visit, played to its first box and on until the service worker has installed (its precache
included: the server's count, the worker being out of the page's reach).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import statistics
import sys
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.startup import CountingHandler, Traffic  # noqa: E402
from tools import browser as browser_finder  # noqa: E402
from tools import serve  # noqa: E402
from tools.build import build  # noqa: E402

SLOW_3G = {"offline": False, "latency": 300, "downloadThroughput": 200_000, "uploadThroughput": 100_000}
"""navigator.connection as Chromium rates a 3g line (``effectiveType: '3g'``), for the page and its worker alike
(``Network.overrideNetworkState``: what the page reads, nothing slowed)."""
UNRATED = "Object.defineProperty(navigator, 'connection', {configurable: true, value: undefined})"
LINES = {  # name: (the page's init script, its rating, download rate in MB/s or None for the machine's own)
    "fast": ("", None, None),
    "slow (3g)": ("", SLOW_3G, None),
    "unrated, 3 MB/s": (UNRATED, None, 3.0),
    "unrated, 2 MB/s": (UNRATED, None, 2.0),
    "unrated, 1 MB/s": (UNRATED, None, 1.0),
    "unrated, 0.25 MB/s": (UNRATED, None, 0.25),  # 2 Mbps: a train
}
LATENCY_MS = 60
WAIT_MS = 120_000
NETWORK = ("Network.requestWillBeSent", "Network.responseReceived", "Network.dataReceived", "Network.loadingFinished")


class Wire:
    """Every request of a page and of the workers it starts, and the bytes each took on the wire."""

    def __init__(self, session):
        self.names: dict[tuple[str, str], str] = {}
        self.came: Counter = Counter()
        self.finished: dict[tuple[str, str], int] = {}
        self._session = session
        self._ids = itertools.count(1)
        for method in NETWORK:
            session.on(method, functools.partial(self._event, "page", method))
        # Non-flat auto-attach: a worker's messages come back through this session, which Playwright's
        # CDPSession (no session ids of its own) can send and receive. The worker waits until it is told
        # to run, so its first fetch is logged.
        session.on("Target.attachedToTarget", self._attached)
        session.on("Target.receivedMessageFromTarget", self._message)
        session.send("Network.enable")
        session.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})

    def _event(self, target: str, method: str, params: dict) -> None:
        key = (target, params.get("requestId", ""))
        if method == "Network.requestWillBeSent":
            self.names.setdefault(key, params["request"]["url"])
        elif method == "Network.responseReceived":
            self.names.setdefault(key, params["response"]["url"])
        elif method == "Network.dataReceived":
            self.came[key] += params["encodedDataLength"]
        elif method == "Network.loadingFinished":
            self.finished[key] = params["encodedDataLength"]

    def _send(self, target: str, method: str) -> None:
        message = json.dumps({"id": next(self._ids), "method": method, "params": {}})
        self._session.send("Target.sendMessageToTarget", {"sessionId": target, "message": message})

    def _attached(self, event: dict) -> None:
        self._send(event["sessionId"], "Network.enable")
        self._send(event["sessionId"], "Runtime.runIfWaitingForDebugger")

    def _message(self, event: dict) -> None:
        message = json.loads(event["message"])
        if message.get("method") in NETWORK:
            self._event(event["sessionId"], message["method"], message["params"])

    def sizes(self) -> tuple[Counter, int]:
        """(bytes per file name, how many requests the workers made)."""
        sizes: Counter = Counter()
        for key in {*self.names, *self.came, *self.finished}:
            address = self.names.get(key, "(unnamed)")
            sizes[address.rsplit("/", 1)[-1].split("?")[0] or "index.html"] += self.finished.get(key, self.came[key])
        return sizes, sum(1 for target, _ in self.names if target != "page")


def visit(browser, url: str, script: str, rating: dict | None, rate: float | None) -> tuple[float, str, Counter, int]:
    """One first visit: (ms to ready, how Python started, bytes per file name, the workers' requests)."""
    context = browser.new_context(service_workers="block")
    if script:
        context.add_init_script(script)
    page = context.new_page()
    session = context.new_cdp_session(page)
    wire = Wire(session)
    if rating:
        session.send("Network.overrideNetworkState", rating)
    if rate:
        session.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": LATENCY_MS, "downloadThroughput": rate * 1e6, "uploadThroughput": rate * 1e6},
        )
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=WAIT_MS)
    ready = page.evaluate("performance.now()")
    python = page.get_attribute("html", "data-python") or "?"
    sizes, in_workers = wire.sizes()
    context.close()
    return ready, python, sizes, in_workers


def whole_visit(browser, url: str, traffic: Traffic) -> int:
    """A first visit with the service worker allowed, played to its first box (which lets static/js/offline.js
    register it) until the installed worker takes the page: the bytes the server sent for it all, precache included
    (the worker's own fetches are a target the page's session does not reach; the server counts every one)."""
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    traffic.take()
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=WAIT_MS)
    page.click("#roll-button")
    page.click("#scorecard button.choice")
    page.wait_for_function("Boolean(navigator.serviceWorker.controller)", timeout=WAIT_MS, polling=100)
    page.wait_for_timeout(500)  # a table the page asks for once the worker serves it
    sent = sum(header + body for _, _, header, body, _ in traffic.take())
    context.close()
    return sent


def counting_server(site: Path, traffic: Traffic) -> serve.Server:
    """tools/serve.py's server and handler, counting every byte each response sent (bench.startup's count)."""
    handler = type("Handler", (CountingHandler,), {"traffic": traffic})
    server = serve.Server(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--dist", type=Path, help="serve this build as it is (another commit's dist, say)")
    parser.add_argument("--lines", nargs="+", choices=list(LINES), default=list(LINES), metavar="LINE")
    parser.add_argument(
        "--precache", action="store_true", help="also the whole first visit on the fast line, precache included"
    )
    args = parser.parse_args(argv)
    site = args.dist or ROOT / "dist"
    if not (args.no_build or args.dist):
        build(site)
    from playwright.sync_api import sync_playwright

    traffic = Traffic()
    server = counting_server(site, traffic)
    url = f"http://127.0.0.1:{server.server_address[1]}/?rules=yahtzee&players=Ann&seed=1"
    rows, sent, whole = {}, [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(browser_finder.ensure()), args=browser_finder.launch_args()
            )
            for name in args.lines:
                script, rating, rate = LINES[name]
                rows[name] = []
                for _ in range(args.runs):
                    traffic.take()
                    rows[name].append(visit(browser, url, script, rating, rate))
                    if name == "fast":
                        sent.append(sum(header + body for _, _, header, body, _ in traffic.take()))
            if args.precache:
                whole = [whole_visit(browser, url, traffic) for _ in range(args.runs)]
            browser.close()
    finally:
        server.shutdown()
    print(
        f"First visit of {site} (service worker blocked), median of {args.runs}, Chromium {browser_finder.ensure()}:\n"
    )
    print("| line | bytes until ready | ready at | Python | largest files (MB) |\n|---|---|---|---|---|")
    for name, runs in rows.items():
        total = statistics.median(sum(sizes.values()) for _, _, sizes, _ in runs)
        ready = statistics.median(ms for ms, _, _, _ in runs)
        started = "/".join(sorted({python for _, python, _, _ in runs}))
        largest = ", ".join(f"{file} {size / 1e6:.2f}" for file, size in runs[0][2].most_common(4))
        print(f"| {name} | {total / 1e6:.2f} MB | {ready / 1000:.1f} s | {started} | {largest} |")
    if "fast" in rows:
        fast = rows["fast"]
        print(
            f"\nfast line, bytes until ready: {', '.join(f'{sum(s.values()):,}' for _, _, s, _ in fast)} "
            f"(Chromium's log, page and worker; {statistics.median(w for *_, w in fast)} of the requests the worker's); "
            f"the server sent {', '.join(f'{n:,}' for n in sent)}"
        )
    if whole:
        print(
            f"\nthe whole first visit, precache included (a box written, the service worker installed; the server's "
            f"count): median {statistics.median(whole):,.0f} bytes ({', '.join(f'{n:,}' for n in whole)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
