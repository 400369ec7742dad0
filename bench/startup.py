"""Start-up, interaction, bytes and memory of the game against a bare PyScript page.

    .venv/bin/python -m bench.startup [--runs 7] [--json out.json] [--no-build]

Builds dist/, serves it from a temporary folder together with bench/bare.html (the same vendored
PyScript + Pyodide, one Python script that only sets the ready marker) and every vendored PyScript
chunk (a bare page loads all plugins, which dist/ does not ship), then, in headless Chromium on
127.0.0.1, runs the two pages in turn (bare, game, bare, game, ...) and prints a Markdown table of
medians with the ratio game / bare:

- ready: navigation start -> ``data-ready="true"`` on <html> (a MutationObserver installed before
  any page script records ``performance.now()``, which counts from navigation start);
  cold = a new browser profile; warm = the same profile after a browser restart (HTTP cache
  only: service workers are blocked in cold and warm runs); offline = a profile whose service
  worker finished installing, restarted offline, then a second offline launch in the same
  browser (game only: compared with the bare page warm);
- the table on screen (a returning player's launch): after the cold visit and the first visit with
  the service worker, the game's page starts a match by link and rolls once, so the warm launch and
  the offline launches resume it; the time is the first animation frame that shows ``#play`` with
  its scorecard (the kept table painted before Python, static/js/table.js, or Python's own);
- first contentful paint (the paint timing entry) for the same visits;
- roll and score: ``button.click()`` plus a forced layout, timed inside the page for every turn
  of a full game of Yacht in each run (p50 and p95 of all turns); Roll is pressed first
  (``pointerdown``, a frame before the click) as a tap presses it;
- bytes of a first visit, counted by the server (headers + bodies) and by Playwright, for the
  page alone and, for the game, with the service worker's precache downloads;
- memory: JS heap after a forced GC (CDP Performance.getMetrics, performance.memory) and the
  WebAssembly memories the page instantiated; the game's after a full game, the bare page's
  once ready.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import math
import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import browser as browser_finder  # noqa: E402
from tools import build as build_module  # noqa: E402
from tools import serve  # noqa: E402
from tools.build import build  # noqa: E402

BARE_SOURCE = Path(__file__).resolve().parent / "bare.html"
WORKER_SOURCES = ("bare_worker.html", "bare_worker.mjs", "bare_worker.py")
"""The bare page with Python in a PyScript worker (bench/lighthouse.py's third page), beside bare.html."""
GAME_PATH = "/"
BARE_PATH = "/bare.html"
PLAY_LINK = "/?rules=yacht&players=Ann&seed={seed}"
WAIT_MS = 60_000  # the longest any single wait may take
FCP_WAIT_MS = 5_000
VIEWPORT = {"width": 1280, "height": 800}

# Runs before any page script: records when data-ready becomes "true" (performance.now() counts
# from navigation start), the first contentful paint, and every WebAssembly memory instantiated.
INIT_SCRIPT = r"""
(() => {
  const mark = () => {
    const root = document.documentElement;
    if (window.__readyAt === undefined && root && root.dataset.ready === "true") {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === "first-contentful-paint" && window.__fcpAt === undefined) window.__fcpAt = entry.startTime;
      }
    }).observe({type: "paint", buffered: true});
  } catch (error) { /* older browsers: read the entries at the end instead */ }
  // The table on screen: the first frame that shows #play with its scorecard (a later launch's kept table,
  // painted before Python by static/js/table.js, or Python's own), not while the page is held back for it.
  const table = () => {
    const play = document.getElementById("play");
    const root = document.documentElement;
    if (window.__tableSeen || !play || play.hidden || root.dataset.waking === "painting" || !play.querySelector("#scorecard table")) return;
    window.__tableSeen = true;
    requestAnimationFrame(() => { window.__tableAt = performance.now(); });
  };
  new MutationObserver(table).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["hidden", "data-waking"]});
  const memories = (window.__wasmMemories = []);
  const keep = (result) => {
    try {
      const instance = result instanceof WebAssembly.Instance ? result : result && result.instance;
      if (instance) {
        for (const value of Object.values(instance.exports)) {
          if (value instanceof WebAssembly.Memory && !memories.includes(value)) memories.push(value);
        }
      }
    } catch (error) { /* measuring must never break the page */ }
    return result;
  };
  const streaming = WebAssembly.instantiateStreaming;
  if (streaming) WebAssembly.instantiateStreaming = function (...args) { return streaming.apply(this, args).then(keep); };
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = function (...args) { return instantiate.apply(this, args).then(keep); };
})();
"""

READ_TIMINGS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return {
    ready: window.__readyAt === undefined ? null : window.__readyAt,
    table: window.__tableAt === undefined ? null : window.__tableAt,
    painted: window.__tableAt !== undefined && window.__tableAt < window.__readyAt,
    fcp: window.__fcpAt !== undefined ? window.__fcpAt : (fcp ? fcp.startTime : null),
    response_end: nav ? nav.responseEnd : null,
    dom_content_loaded: nav ? nav.domContentLoadedEventEnd : null,
    load: nav ? nav.loadEventEnd : null,
    sw_controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
    python: document.documentElement.dataset.python || null,
  };
}"""

# Plays one full game in the page: every turn rolls once and scores the first choice offered.
# Roll is pressed as a tap is (pointerdown, then the click at the next frame: the page makes its
# audio context on the press, as bench/feel.py does); a keyboard's Enter has no press before it.
# Each click is timed to the first change it makes in the page (a MutationObserver: the answer comes
# from Python's worker after the click returns) plus a forced layout; "frame" is the time to the
# next animation frame after that change (includes waiting for vsync). The first roll is pressed as
# soon as the page is ready, as a player's first tap.
PLAY_GAME = """async () => {
  const q = (selector) => document.querySelector(selector);
  const nextFrame = () => new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 1000);
    requestAnimationFrame(() => { clearTimeout(timer); resolve(performance.now()); });
  });
  // Resolves once the element's content differs from `before` (at the mutation that makes it so).
  const changed = (element, before) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no change within 5 s")); }, 5000);
    const observer = new MutationObserver(() => {
      if (element.innerHTML === before) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    observer.observe(element, {subtree: true, childList: true, attributes: true, characterData: true});
  });
  const out = {roll: [], roll_frame: [], score: [], score_frame: [], unchanged_rolls: 0, turns: 0};
  const results = q("#results");
  if (!results) throw new Error("no #results on the page");
  while (results.hidden) {
    if (out.turns >= 100) throw new Error("the game did not end within 100 turns");
    const roll = q("#roll-button");
    if (!roll || roll.disabled) throw new Error("turn " + (out.turns + 1) + ": the Roll button is missing or disabled");
    const dice = q("#dice");
    const before = dice.innerHTML;
    roll.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));  // a tap's press comes a frame or more before its click
    if (out.turns > 0) await nextFrame();
    let t0 = performance.now();
    let change = changed(dice, before);
    roll.click();
    await change;
    void document.body.offsetHeight;
    let t1 = performance.now();
    let t2 = await nextFrame();
    out.roll.push(t1 - t0);
    if (t2 !== null) out.roll_frame.push(t2 - t0);
    if (document.querySelectorAll("#dice button").length === 0) throw new Error("turn " + (out.turns + 1) + ": no dice after Roll");
    if (dice.innerHTML === before) out.unchanged_rolls += 1;

    const choice = q("#scorecard button.choice");
    if (!choice) throw new Error("turn " + (out.turns + 1) + ": no category to choose after Roll");
    const card = q("#scorecard");
    const cardBefore = card.innerHTML;
    await nextFrame();
    t0 = performance.now();
    change = changed(card, cardBefore);
    choice.click();
    await change;
    void document.body.offsetHeight;
    t1 = performance.now();
    t2 = await nextFrame();
    out.score.push(t1 - t0);
    if (t2 !== null) out.score_frame.push(t2 - t0);
    if (card.innerHTML === cardBefore) throw new Error("turn " + (out.turns + 1) + ": the scorecard did not change after choosing " + choice.getAttribute("aria-label"));
    out.turns += 1;
  }
  return out;
}"""

READ_MEMORY = """() => ({
  used_js_heap: performance.memory ? performance.memory.usedJSHeapSize : null,
  wasm: (window.__wasmMemories || []).reduce((sum, memory) => sum + memory.buffer.byteLength, 0),
  wasm_memories: (window.__wasmMemories || []).length,
})"""


class BenchError(RuntimeError):
    """A run could not be measured: the message says which and why."""


# ---------------------------------------------------------------------- the server


class Traffic:
    """What the server sent: one (path, status, header bytes, body bytes, gzipped) per request."""

    def __init__(self):
        self._lock = threading.Lock()
        self._rows: list[tuple[str, int, int, int]] = []

    def add(self, row):
        with self._lock:
            self._rows.append(row)

    def take(self) -> list[tuple[str, int, int, int]]:
        """The requests since the last take (and forget them)."""
        with self._lock:
            rows, self._rows = self._rows, []
        return rows


class _CountingWriter:
    def __init__(self, raw, handler):
        self._raw = raw
        self._handler = handler

    def write(self, data):
        self._handler.sent += len(memoryview(data))
        return self._raw.write(data)

    def __getattr__(self, name):
        return getattr(self._raw, name)


class CountingHandler(serve.Handler):
    """tools/serve.py's handler (same content types), counting the bytes of every response."""

    traffic: Traffic

    def setup(self):
        super().setup()
        self.sent = 0
        self.status = None
        self.header_bytes = 0
        self.encoding = None
        self.wfile = _CountingWriter(self.wfile, self)

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if keyword.lower() == "content-encoding":
            self.encoding = value
        super().send_header(keyword, value)

    def end_headers(self):
        self.header_bytes = sum(len(chunk) for chunk in getattr(self, "_headers_buffer", []))
        super().end_headers()

    def handle_one_request(self):
        self.sent, self.status, self.header_bytes, self.encoding = 0, None, 0, None
        super().handle_one_request()
        if self.status is not None:
            self.traffic.add((self.path, self.status, self.header_bytes, self.sent - self.header_bytes, self.encoding))


def start_server(site: Path, traffic: Traffic):
    handler = type("Handler", (CountingHandler,), {"traffic": traffic})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def make_site(dist: Path, target: Path) -> Path:
    """dist/, every vendored PyScript chunk (the bare page loads them all), Pyodide's whole standard
    library, bare.html and the worker baseline (bare_worker.html, .mjs, .py: bench/lighthouse.py).

    When the build writes ``file.gz`` beside files (served with Content-Encoding: gzip), the
    chunks added here get them too, with the same rule, so the bare page is not sent more bytes.
    """
    shutil.copytree(dist, target, copy_function=shutil.copy2)
    vendor = ROOT / "static" / "vendor" / "pyscript"
    added = []
    for source in sorted(vendor.iterdir()):
        destination = target / "static/vendor/pyscript" / source.name
        if source.is_file() and not source.name.endswith(".gz") and not destination.exists():
            shutil.copy2(source, destination)
            added.append(destination)
    # The bare page loads Pyodide's whole standard library (the game ships a trimmed one: tools/stdlib.py).
    whole = target / "static/vendor/pyodide/python_stdlib.zip"
    if not whole.exists():
        shutil.copy2(ROOT / "static/vendor/pyodide/python_stdlib.zip", whole)
    shutil.copy2(BARE_SOURCE, target / "bare.html")
    for name in WORKER_SOURCES:
        shutil.copy2(BARE_SOURCE.with_name(name), target / name)
    if any(target.rglob("*.gz")):
        compressible = getattr(build_module, "COMPRESSIBLE", (".js", ".mjs", ".css", ".html", ".json", ".wasm"))
        for file in [*added, target / "bare.html"]:
            data = file.read_bytes()
            if not file.name.endswith(compressible) or len(data) < 1024:
                continue
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) <= 0.9 * len(data):
                file.with_name(file.name + ".gz").write_bytes(packed)
    return target


# ---------------------------------------------------------------------- the browser


class Notes:
    """Console warnings and errors, failed requests and error statuses, counted by page kind."""

    def __init__(self):
        self.counts: dict[str, Counter] = {}

    def add(self, kind: str, text: str):
        self.counts.setdefault(kind, Counter())[text[:300]] += 1


class Visit:
    """One browser (a persistent profile) and what it saw: responses, console, failures."""

    def __init__(
        self, chromium, args, profile: Path, kind: str, notes: Notes, *, service_workers="block", offline=False
    ):
        self.kind = kind
        self.notes = notes
        self.responses = []
        self.context = chromium.launch_persistent_context(
            str(profile),
            executable_path=args["executable_path"],
            args=args["args"],
            headless=True,
            service_workers=service_workers,
            offline=offline,
            viewport=VIEWPORT,
            timeout=WAIT_MS,
        )
        self.context.set_default_timeout(WAIT_MS)
        self.context.add_init_script(INIT_SCRIPT)
        self.context.on("console", self._console)
        self.context.on("weberror", lambda error: notes.add(kind, f"page error: {error.error}"))
        self.context.on("requestfailed", self._failed)
        self.context.on("response", self._response)

    def _console(self, message):
        if message.type in ("warning", "error"):
            self.notes.add(self.kind, f"console {message.type}: {message.text}")

    def _failed(self, request):
        self.notes.add(self.kind, f"request failed: {urlsplit(request.url).path} ({request.failure})")

    def _response(self, response):
        self.responses.append(response)
        if response.status >= 400:
            self.notes.add(self.kind, f"HTTP {response.status}: {urlsplit(response.url).path}")

    def page(self):
        pages = self.context.pages
        return pages[0] if pages else self.context.new_page()

    def playwright_bytes(self) -> dict:
        """Sum of Playwright's request.sizes() over every response this browser saw."""
        transferred = body = 0
        from_sw = 0
        for response in self.responses:
            try:
                sizes = response.request.sizes()
            except Exception:  # a response that never finished counts as nothing
                continue
            transferred += max(sizes["responseBodySize"], 0) + max(sizes["responseHeadersSize"], 0)
            body += max(sizes["responseBodySize"], 0)
            from_sw += response.from_service_worker
        return {
            "responses": len(self.responses),
            "transferred": transferred,
            "body": body,
            "from_service_worker": from_sw,
        }

    def close(self):
        try:
            self.context.close()
        except Exception:  # closing a browser that already died is fine
            pass


def open_and_wait(page, url: str, what: str) -> dict:
    """Navigate, wait until the page is ready (or says it failed), return its timings."""
    try:
        page.goto(url, wait_until="commit", timeout=WAIT_MS)
    except Exception as error:
        raise BenchError(f"{what}: could not open {url}: {error}") from None
    try:
        page.wait_for_function(
            "() => ['true', 'failed'].includes(document.documentElement && document.documentElement.dataset.ready)",
            polling=100,
            timeout=WAIT_MS,
        )
    except Exception:
        raise BenchError(f"{what}: {url} did not set data-ready within {WAIT_MS / 1000:.0f} s") from None
    if page.evaluate("document.documentElement.dataset.ready") != "true":
        reason = page.evaluate("(document.getElementById('boot-error') || {}).textContent || ''")
        raise BenchError(f"{what}: the page reported a failed start: {reason}")
    try:
        page.wait_for_function(
            "() => window.__fcpAt !== undefined || performance.getEntriesByName('first-contentful-paint').length > 0",
            polling=100,
            timeout=FCP_WAIT_MS,
        )
    except Exception:  # reported as a missing FCP
        pass
    timings = page.evaluate(READ_TIMINGS)
    if timings["ready"] is None:
        raise BenchError(f"{what}: data-ready was set but the observer did not record it")
    return timings


def under_way(page, base: str, what: str) -> None:
    """Start a match from a link on the page and roll once: a later launch resumes it, and the page keeps its
    table (static/js/table.js) for that launch to paint before Python starts."""
    open_and_wait(page, base + PLAY_LINK.format(seed=1), what + ", a match begun")
    page.evaluate("document.getElementById('roll-button').click()")
    try:
        page.wait_for_function(
            "() => window.yachtPage.answered().then(() => localStorage.getItem('yacht-dice/table') !== null)",
            timeout=WAIT_MS,
        )
    except Exception:
        raise BenchError(f"{what}: the table was not kept after a roll") from None


def memory(visit: Visit, page) -> dict:
    """JS heap after a forced GC (CDP and performance.memory) and the WebAssembly memories."""
    cdp = visit.context.new_cdp_session(page)
    try:
        cdp.send("HeapProfiler.collectGarbage")
        cdp.send("Performance.enable")
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    finally:
        cdp.detach()
    result = page.evaluate(READ_MEMORY)
    result["cdp_js_heap_used"] = metrics.get("JSHeapUsedSize")
    result["cdp_js_heap_total"] = metrics.get("JSHeapTotalSize")
    return result


def summarize_traffic(rows, site: Path) -> dict:
    """Requests, statuses and bytes the server sent, and the bodies' uncompressed size."""
    statuses = Counter(row[1] for row in rows)
    uncompressed = 0
    for path, status, _, body, encoding in rows:
        file = site / (unquote(urlsplit(path).path).lstrip("/") or "index.html")
        if file.is_dir():
            file = file / "index.html"
        uncompressed += file.stat().st_size if status == 200 and encoding and file.is_file() else body
    return {
        "requests": len(rows),
        "statuses": {str(k): v for k, v in sorted(statuses.items())},
        "gzipped": sum(1 for row in rows if row[4]),
        "headers": sum(row[2] for row in rows),
        "body": sum(row[3] for row in rows),
        "transferred": sum(row[2] + row[3] for row in rows),
        "uncompressed": sum(row[2] for row in rows) + uncompressed,
        "errors": sorted({f"{row[1]} {row[0]}" for row in rows if row[1] >= 400}),
        "paths": sorted(f"{row[0]}{' (gzip)' if row[4] else ''}" for row in rows),
    }


# ---------------------------------------------------------------------- one run of each page


class Bench:
    def __init__(self, chromium, launch, base: str, site: Path, profiles: Path, traffic: Traffic, notes: Notes):
        self.chromium, self.launch, self.base, self.site = chromium, launch, base, site
        self.profiles, self.traffic, self.notes = profiles, traffic, notes

    def visit(self, profile, kind, **options) -> Visit:
        self.traffic.take()  # nothing from before this browser counts
        return Visit(self.chromium, self.launch, profile, kind, self.notes, **options)

    def cold_and_warm(self, kind: str, path: str, run: int, play_seed: int | None) -> dict:
        """A new profile (cold), then the same profile after a browser restart (warm)."""
        profile = self.profiles / f"{kind}-{run}"
        out: dict = {}
        visit = self.visit(profile, kind)
        try:
            out["cold"] = open_and_wait(visit.page(), self.base + path, f"{kind} cold, run {run}")
            out["cold_bytes_server"] = summarize_traffic(self.traffic.take(), self.site)
            out["cold_bytes_playwright"] = visit.playwright_bytes()
            if kind == "game":  # a returning player: the warm launch resumes a match under way
                under_way(visit.page(), self.base, f"{kind} cold, run {run}")
        finally:
            visit.close()
        visit = self.visit(profile, kind)
        try:
            page = visit.page()
            out["warm"] = open_and_wait(page, self.base + path, f"{kind} warm, run {run}")
            out["warm_traffic"] = summarize_traffic(self.traffic.take(), self.site)
            if play_seed is None:
                out["memory"] = memory(visit, page)
            else:
                # A new tab for the game, as a person would open the link.
                page.evaluate("localStorage.removeItem('yacht-dice/match')")  # the link's match asks nothing first
                page.close()
                page = visit.context.new_page()
                open_and_wait(page, self.base + PLAY_LINK.format(seed=play_seed), f"{kind} play, run {run}")
                out["play"] = page.evaluate(PLAY_GAME)
                out["memory"] = memory(visit, page)
        finally:
            visit.close()
        return out

    def offline(self, run: int) -> dict:
        """A first visit with the service worker (bytes incl. its precache), then offline."""
        profile = self.profiles / f"game-sw-{run}"
        out: dict = {}
        visit = self.visit(profile, "game", service_workers="allow")
        try:
            page = visit.page()
            out["first_visit"] = open_and_wait(
                page, self.base + GAME_PATH, f"game first visit with the service worker, run {run}"
            )
            under_way(page, self.base, f"game first visit, run {run}")  # offline launches resume it
            try:
                page.wait_for_function(
                    "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                    polling=100,
                    timeout=WAIT_MS,
                )
            except Exception:
                raise BenchError(
                    f"game, run {run}: the service worker did not take control within {WAIT_MS / 1000:.0f} s"
                ) from None
            page.evaluate("() => navigator.serviceWorker.ready.then(() => null)")
            out["first_visit_bytes_server"] = summarize_traffic(self.traffic.take(), self.site)
            out["first_visit_bytes_playwright"] = visit.playwright_bytes()
        finally:
            visit.close()
        visit = self.visit(profile, "game", service_workers="allow", offline=True)
        try:
            out["offline"] = open_and_wait(visit.page(), self.base + GAME_PATH, f"game offline, run {run}")
            # A later offline launch: the first one compiles the WebAssembly served from the
            # worker's cache; Chromium keeps that compiled code, so later launches are faster.
            out["offline_again"] = open_and_wait(visit.page(), self.base + GAME_PATH, f"game offline again, run {run}")
            out["offline_traffic"] = summarize_traffic(self.traffic.take(), self.site)
        finally:
            visit.close()
        if not out["offline"]["sw_controlled"]:
            raise BenchError(f"game offline, run {run}: the page was not controlled by the service worker")
        return out


# ---------------------------------------------------------------------- the report


def percentile(values, fraction):
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)] if ordered else None


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def machine_info(browser_version: str) -> dict:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory_total = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory_total = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    pyodide = re.search(r'var \w+="(\d+\.\d+\.\d+)"', (ROOT / "static/vendor/pyodide/pyodide.mjs").read_text())
    pyscript = None
    package = ROOT / "node_modules/@pyscript/core/package.json"
    if package.is_file():
        pyscript = json.loads(package.read_text()).get("version")
    try:
        from importlib.metadata import version

        playwright_version = version("playwright")
    except Exception:
        playwright_version = None
    return {
        "cpus": os.cpu_count(),
        "cpu_model": cpu,
        "memory": memory_total,
        "os": platform.platform(),
        "chromium": browser_version,
        "playwright": playwright_version,
        "pyodide": pyodide.group(1) if pyodide else None,
        "pyscript": pyscript,
        "python": platform.python_version(),
    }


def ms(value):
    return (
        "—"
        if value is None
        else f"{value:,.0f} ms"
        if value >= 100
        else f"{value:.1f} ms"
        if value >= 1
        else f"{value:.2f} ms"
    )


def mb(value):
    if value is None:
        return "—"
    return f"{value / 1e6:.2f} MB" if value >= 100_000 else f"{value / 1e3:.1f} kB"


def ratio(game, bare):
    return "—" if game is None or not bare else f"{game / bare:.2f}×"


def summarize(runs: list[dict]) -> dict:
    """Medians over runs (and pooled percentiles of the turns)."""
    bare = [r["bare"] for r in runs]
    game = [r["game"] for r in runs]
    sw = [r["game_sw"] for r in runs]
    plays = [g["play"] for g in game]

    def pick(rows, *keys):
        values = []
        for row in rows:
            for key in keys:
                row = row[key]
            values.append(row)
        return values

    # The visit's first roll (pressed at ready) has a row of its own; the pooled turns are the rest.
    turns = {
        key: [v for p in plays for v in p[key][1 if key.startswith("roll") else 0 :]]
        for key in ("roll", "roll_frame", "score", "score_frame")
    }

    def both(bare_visit: str, game_rows: list, game_visit: str, figure: str) -> tuple:
        """(bare, game): the median of one figure, the bare page's from one visit, the game's from another."""
        return median(pick(bare, bare_visit, figure)), median(pick(game_rows, game_visit, figure))

    return {
        "runs": len(runs),
        "ready_cold": both("cold", game, "cold", "ready"),
        "ready_warm": both("warm", game, "warm", "ready"),
        "ready_offline": both("warm", sw, "offline", "ready"),
        "ready_offline_again": both("warm", sw, "offline_again", "ready"),
        "ready_first_visit_sw": both("cold", sw, "first_visit", "ready"),
        "table_warm": (None, median(pick(game, "warm", "table"))),
        "table_offline_again": (None, median(pick(sw, "offline_again", "table"))),
        "table_before_ready": sum(v["painted"] for v in pick(game, "warm") + pick(sw, "offline_again")),
        "table_launches": len(game) + len(sw),
        "fcp_cold": both("cold", game, "cold", "fcp"),
        "fcp_warm": both("warm", game, "warm", "fcp"),
        "fcp_offline": both("warm", sw, "offline", "fcp"),
        "fcp_offline_again": (None, median(pick(sw, "offline_again", "fcp"))),
        "turns": {
            key: {"n": len(v), "p50": percentile(v, 0.5), "p95": percentile(v, 0.95)} for key, v in turns.items()
        },
        "first_roll": (median([p["roll"][0] for p in plays]), max(p["roll"][0] for p in plays)),
        "turns_per_game": median([p["turns"] for p in plays]),
        "unchanged_rolls": sum(p["unchanged_rolls"] for p in plays),
        "bytes_page": both("cold_bytes_server", game, "cold_bytes_server", "transferred"),
        "bytes_first_visit": both("cold_bytes_server", sw, "first_visit_bytes_server", "transferred"),
        "bytes_first_visit_playwright": both(
            "cold_bytes_playwright", sw, "first_visit_bytes_playwright", "transferred"
        ),
        "bytes_page_uncompressed": both("cold_bytes_server", game, "cold_bytes_server", "uncompressed"),
        "bytes_first_visit_uncompressed": both("cold_bytes_server", sw, "first_visit_bytes_server", "uncompressed"),
        "gzipped_responses": both("cold_bytes_server", game, "cold_bytes_server", "gzipped"),
        "requests_page": both("cold_bytes_server", game, "cold_bytes_server", "requests"),
        "requests_first_visit": both("cold_bytes_server", sw, "first_visit_bytes_server", "requests"),
        "warm_requests": both("warm_traffic", game, "warm_traffic", "requests"),
        "warm_bytes": both("warm_traffic", game, "warm_traffic", "transferred"),
        "offline_requests": max(pick(sw, "offline_traffic", "requests")),
        "heap_cdp": both("memory", game, "memory", "cdp_js_heap_used"),
        "heap_performance": both("memory", game, "memory", "used_js_heap"),
        "wasm": both("memory", game, "memory", "wasm"),
        "wasm_memories": both("memory", game, "memory", "wasm_memories"),
    }


def table(summary: dict) -> str:
    n = summary["runs"]
    t = summary["turns"]
    rows = [
        ("Ready, cold (new profile, no SW)", *summary["ready_cold"], ms),
        ("Ready, warm (HTTP cache, browser restarted)", *summary["ready_warm"], ms),
        ("Ready, offline, first launch (game: SW cache; bare: warm)", *summary["ready_offline"], ms),
        ("Ready, offline, later launch (game: SW cache; bare: warm)", *summary["ready_offline_again"], ms),
        ("Ready, first visit with SW installing (bare: cold)", *summary["ready_first_visit_sw"], ms),
        ("A match under way: its table in place (the frame it is drawn in), warm", *summary["table_warm"], ms),
        ("  the same, offline, later launch", *summary["table_offline_again"], ms),
        ("First contentful paint, cold", *summary["fcp_cold"], ms),
        ("First contentful paint, warm", *summary["fcp_warm"], ms),
        ("First contentful paint, offline (bare: warm)", *summary["fcp_offline"], ms),
        ("First contentful paint, offline, later launch (the kept table)", *summary["fcp_offline_again"], ms),
        ("The visit's first roll (pressed at ready) → dice updated, median", None, summary["first_roll"][0], ms),
        ("  the same, the slowest run", None, summary["first_roll"][1], ms),
        (f"Roll → dice updated, p50 (n={t['roll']['n']})", None, t["roll"]["p50"], ms),
        (f"Roll → dice updated, p95 (n={t['roll']['n']})", None, t["roll"]["p95"], ms),
        (f"Score → scorecard updated, p50 (n={t['score']['n']})", None, t["score"]["p50"], ms),
        (f"Score → scorecard updated, p95 (n={t['score']['n']})", None, t["score"]["p95"], ms),
        ("Roll → next frame, p50 / p95", None, None, None),
        ("First visit, page only: bytes sent (no SW)", *summary["bytes_page"], mb),
        ("  same, uncompressed", *summary["bytes_page_uncompressed"], mb),
        ("First visit incl. SW precache: bytes sent (bare: no SW)", *summary["bytes_first_visit"], mb),
        ("  same, as Playwright's request.sizes() sums", *summary["bytes_first_visit_playwright"], mb),
        ("  same, uncompressed", *summary["bytes_first_visit_uncompressed"], mb),
        ("Warm visit, bytes sent by the server", *summary["warm_bytes"], mb),
        ("JS heap used after GC (CDP JSHeapUsedSize)", *summary["heap_cdp"], mb),
        ("JS heap used (performance.memory)", *summary["heap_performance"], mb),
        ("WebAssembly memory on the page (the game's Python is in its worker)", *summary["wasm"], mb),
    ]
    lines = [
        f"| metric (median of {n} runs each) | bare | game | game/bare |",
        "| --- | ---: | ---: | ---: |",
    ]
    for label, bare, game, fmt in rows:
        if fmt is None:
            frame = f"{ms(t['roll_frame']['p50'])} / {ms(t['roll_frame']['p95'])}"
            score = f"{ms(t['score_frame']['p50'])} / {ms(t['score_frame']['p95'])}"
            lines.append(f"| Roll → next frame, p50 / p95 | — | {frame} | — |")
            lines.append(f"| Score → next frame, p50 / p95 | — | {score} | — |")
            continue
        lines.append(f"| {label} | {fmt(bare) if bare is not None else '—'} | {fmt(game)} | {ratio(game, bare)} |")
    requests_page = summary["requests_page"]
    requests_first = summary["requests_first_visit"]
    lines.append(
        f"| Requests, first visit page only / incl. SW | {requests_page[0]:.0f} | {requests_page[1]:.0f} / {requests_first[1]:.0f} | "
        f"{ratio(requests_page[1], requests_page[0])} |"
    )
    lines.append(
        f"| Requests reaching the server, warm visit | {summary['warm_requests'][0]:.0f} | {summary['warm_requests'][1]:.0f} | — |"
    )
    return "\n".join(lines)


def notes_text(summary: dict, runs: list[dict], notes: Notes, loads: tuple, warmup: int) -> list[str]:
    out = [
        f"The table was on screen before ready in {summary['table_before_ready']} of {summary['table_launches']} "
        "warm and later offline launches (a match under way: the kept table, painted before Python)."
    ]
    warm_statuses = {kind: Counter() for kind in ("bare", "game")}
    for run in runs:
        for kind in ("bare", "game"):
            warm_statuses[kind].update(run[kind]["warm_traffic"]["statuses"])
    out.append(
        "Warm: the server sends Cache-Control (tools/serve.py: a year for hashed files, no-cache for the rest, "
        "which the browser revalidates); across all warm runs the requests that reached the server were "
        f"bare {dict(warm_statuses['bare']) or 'none'}, game {dict(warm_statuses['game']) or 'none'} (304 = revalidated)."
    )
    out.append(
        f"Offline: after the service worker took control, the browser was restarted offline; requests reaching the "
        f"server during offline runs: {summary['offline_requests']} (the SW serves everything). The bare page has no "
        "service worker, so its row shows its warm figure."
    )
    out.append(
        "Roll/score: from the click to the change it makes in the page (Python answers from its worker), plus a forced "
        "layout; the first roll of each visit is pressed at ready and has its own rows; 'next frame' "
        "adds the wait for the next requestAnimationFrame (vsync-aligned, ~16.7 ms granularity). "
        f"Turns per game: {summary['turns_per_game']:.0f}; rolls that left the dice markup unchanged: {summary['unchanged_rolls']}."
    )
    gzipped = summary["gzipped_responses"]
    out.append(
        "Bytes: counted by the server as sent (status line + headers + body); 'uncompressed' counts each gzipped body at "
        f"its file's size. Gzipped responses on a first visit (median): bare {gzipped[0]:.0f}, game {gzipped[1]:.0f} "
        "(tools/serve.py sends file.gz where the build wrote one). The SW precaches with cache: 'no-cache': files the "
        "page already downloaded are revalidated (304), the rest (tables, icons) are downloaded."
    )
    out.append(
        "Memory: bare page once ready, game after a full game of Yacht; forced GC first. WebAssembly memory = "
        "byteLength of every WebAssembly.Memory exported by an instance the page created (hooked before page scripts)."
    )
    starts = Counter(
        visit.get("python") or "unknown"
        for run in runs
        for visit in (
            run["game"]["cold"],
            run["game"]["warm"],
            run["game_sw"]["first_visit"],
            run["game_sw"]["offline"],
            run["game_sw"]["offline_again"],
        )
    )
    out.append(
        f"Python started from the build's snapshot in {starts['snapshot']} of {sum(starts.values())} game visits"
        + (
            f" (others: {dict((k, v) for k, v in starts.items() if k != 'snapshot')})."
            if len(starts) > 1 or "snapshot" not in starts
            else "."
        )
    )
    errors = Counter(e for run in runs for kind in ("bare", "game") for e in run[kind]["cold_bytes_server"]["errors"])
    errors.update(e for run in runs for e in run["game_sw"]["first_visit_bytes_server"]["errors"])
    if errors:
        out.append(
            "Error statuses the server sent on first visits: " + ", ".join(f"{e} ×{n}" for e, n in errors.items()) + "."
        )
    out.append(
        f"{warmup} warm-up run(s) of each page (not counted) first; then bare and game alternate run by run "
        "(each run: bare cold, bare warm, game cold, game warm + a full game, game first visit with SW, game offline)."
    )
    out.append(
        f"Load average (1/5/15 min) before: {loads[0]}, after: {loads[1]} — other jobs on the machine skew timings."
    )
    for kind in ("bare", "game"):
        for text, count in sorted(notes.counts.get(kind, {}).items(), key=lambda item: -item[1]):
            out.append(f"[{kind}] ×{count}: {text}")
    if any("Offline play is unavailable" in text for text in notes.counts.get("game", {})):
        out.append(
            "Cold/warm runs block service workers in Playwright, which makes register() resolve to undefined: "
            "hence the game's 'Offline play is unavailable' warning there (not seen in a real browser)."
        )
    return out


# ---------------------------------------------------------------------- main


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--runs", type=int, default=7, help="runs of each page (default 7; the issue asks for at least 7)"
    )
    parser.add_argument("--json", type=Path, help="also write every measurement and the summary here")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured runs of each page first (default 1)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    from playwright.sync_api import sync_playwright

    dist = ROOT / "dist"
    if not args.no_build:
        build(dist)
    try:
        executable = browser_finder.ensure()
    except browser_finder.BrowserNotFound as error:
        print(f"startup: {error}", file=sys.stderr)
        return 1
    launch = {
        "executable_path": str(executable),
        "args": [*browser_finder.launch_args(), "--enable-precise-memory-info"],
    }
    loads_before = tuple(round(x, 2) for x in os.getloadavg())
    started = time.monotonic()
    notes = Notes()
    traffic = Traffic()
    runs: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        site = make_site(dist, Path(tmp) / "site")
        profiles = Path(tmp) / "profiles"
        profiles.mkdir()
        server = start_server(site, traffic)
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            with sync_playwright() as p:
                probe = p.chromium.launch(executable_path=launch["executable_path"], args=launch["args"], headless=True)
                browser_version = probe.version
                probe.close()
                bench = Bench(p.chromium, launch, base, site, profiles, traffic, notes)
                for run in range(1 - args.warmup, args.runs + 1):
                    t0 = time.monotonic()
                    label = f"run {run}/{args.runs}" if run > 0 else "warm-up (not counted)"
                    record = {"run": run}
                    record["bare"] = bench.cold_and_warm("bare", BARE_PATH, run, None)
                    record["game"] = bench.cold_and_warm("game", GAME_PATH, run, play_seed=run if run > 0 else 99)
                    record["game_sw"] = bench.offline(run)
                    if run > 0:
                        runs.append(record)
                    print(
                        f"{label}: ready cold bare {record['bare']['cold']['ready']:.0f} / game "
                        f"{record['game']['cold']['ready']:.0f} ms, warm {record['bare']['warm']['ready']:.0f} / "
                        f"{record['game']['warm']['ready']:.0f} ms, offline game {record['game_sw']['offline']['ready']:.0f} ms "
                        f"({time.monotonic() - t0:.0f} s)",
                        flush=True,
                    )
                    shutil.rmtree(profiles / f"bare-{run}", ignore_errors=True)
                    shutil.rmtree(profiles / f"game-{run}", ignore_errors=True)
                    shutil.rmtree(profiles / f"game-sw-{run}", ignore_errors=True)
        except BenchError as error:
            print(f"startup: {error}", file=sys.stderr)
            return 1
        finally:
            server.shutdown()
            server.server_close()

    loads_after = tuple(round(x, 2) for x in os.getloadavg())
    machine = machine_info(browser_version)
    summary = summarize(runs)
    print()
    print(f"Machine: {machine['cpus']} × {machine['cpu_model']}, {machine['memory']}, {machine['os']}")
    print(
        f"Chromium {machine['chromium']} (headless), Playwright {machine['playwright']}, Pyodide {machine['pyodide']}, "
        f"PyScript {machine['pyscript']}; served from 127.0.0.1 by tools/serve.py's handler; "
        f"{time.monotonic() - started:.0f} s in all"
    )
    print()
    print(table(summary))
    print()
    for line in notes_text(summary, runs, notes, (loads_before, loads_after), args.warmup):
        print(f"- {line}")
    if args.json:
        payload = {
            "machine": machine,
            "load_average": {"before": loads_before, "after": loads_after},
            "summary": {k: (list(v) if isinstance(v, tuple) else v) for k, v in summary.items()},
            "runs": runs,
            "notes": {kind: dict(c) for kind, c in notes.counts.items()},
        }
        args.json.write_text(json.dumps(payload, indent=2))
        print(f"\nWrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
