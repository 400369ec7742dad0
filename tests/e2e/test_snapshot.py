"""Python starts from the build's memory snapshot, behaves as a fresh start, and starts anyway without it."""

from __future__ import annotations

import gzip
import re
import time

from tests.helpers.site import DIST, PLAYED_HERE, PageLog, open_game
from tests.helpers.ui import choose, roll, run_python, start_afresh
from tools.serve import ROOT

SNAPSHOT_URL = "**/static/python/snapshot-*.bin"


WARMED = """() => new Promise(resolve => {
    const warm = () => performance.getEntriesByName('yacht:warm').length === 1;
    if (warm()) return resolve(true);
    const marks = new PerformanceObserver(() => { if (warm()) { marks.disconnect(); resolve(true); } });
    marks.observe({type: 'mark'});
    setTimeout(() => resolve(warm()), 20000);  // reached only by a warm-up that does not end
})"""
"""Whether the warm-up (throwaway turns after a snapshot start) has ended, in the worker's timeline (Playwright
waits for a function only on the page): at once, or when its mark comes."""

RANDOM = "import random\nresult = [random.random() for _ in range(3)]"


def test_a_first_visit_and_a_later_launch_start_python_from_the_snapshot(page, page_log, plain_base_url):
    """A first visit (on a fast line) keeps the snapshot, sent as Brotli by a host that serves .br copies (the browser
    decodes it to the bare pages), takes its left-out static pages from the module it instantiates, warms up without a
    complaint and holds the game's modules as their files, compiled ahead, without docstrings. A later launch, served
    by the service worker, starts from it again without watching its pace, and plays; each start reseeds `random`
    (the snapshot is the same memory every time: without a reseed, `random` would repeat itself)."""
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    encodings = []
    page.on(
        "response", lambda r: encodings.append(r.headers.get("content-encoding")) if "/snapshot-" in r.url else None
    )
    page.add_init_script(PLAYED_HERE)
    open_game(page, plain_base_url)
    assert page.locator("html").get_attribute("data-python") == "snapshot"
    assert encodings == ["br"], encodings
    # The snapshot leaves out the pages that read as Pyodide's module has them once instantiated (its data
    # segments): the worker copies them from the module it instantiates. On a fast line the pace keeps it at once.
    measures = worker_measures(page)
    assert "python:snapshot-initial" in measures and "python:snapshot-kept" in measures, measures
    assert python_worker(page).evaluate(WARMED), "the warm-up did not end within 20 s"
    assert not any("warm-up" in text for text in warnings), warnings
    assert page_log.errors == []
    found = run_python(
        page,
        "\n".join(
            [
                "import os, sys, game.core.engine, game.present.board_view",
                "result = [game.core.engine.__file__, os.path.isfile(game.present.board_view.__file__), 'game.shell' in sys.modules]",
            ]
        ),
    )
    # The snapshot's modules are named by their files' paths, but a start from the snapshot writes no files
    # (python.mjs: nothing imports them; a traceback shows the game's file and line, without its text).
    assert found == ["/home/pyodide/game/core/engine.py", False, True]
    # The snapshot holds no docstrings (tools/snapshot.mjs), and its code's line numbers are the files', without
    # columns (PYTHONNODEBUGRANGES: smaller line tables, a smaller first visit; issue 54).
    found = run_python(
        page,
        "\n".join(
            [
                "import types, json, game.core.engine as engine, game.present.board_view as view",
                "functions = [f for f in vars(view).values() if isinstance(f, types.FunctionType) and f.__module__ == view.__name__]",
                "result = [engine.__doc__, [f.__name__ for f in functions if f.__doc__], json.JSONDecoder.__doc__,",
                "          [p for f in functions for p in f.__code__.co_positions() if p[2] is not None][:3],",
                "          [f.__code__.co_firstlineno for f in functions]]",
            ]
        ),
    )
    source = (ROOT / "game" / "present" / "board_view.py").read_text().splitlines()
    starts = [source[line - 1].split()[:1] for line in found.pop()]
    assert found == [None, [], None, []], found
    assert len(starts) > 3 and all(start in (["def"], ["@"]) for start in starts), starts
    # Every module a start imports was in the snapshot or compiled into it (tools/ahead.py: PyScript's and the
    # shell's, imported from files): none is compiled at start, from a file or from the standard library's zip
    # (urllib.parse, with ipaddress, once took 230 ms of the page's thread).
    found = run_python(
        page,
        "\n".join(
            [
                "import sys, yacht_ahead",
                "ahead = yacht_ahead.current()",
                "new = {n: getattr(m, '__file__', None) for n, m in list(sys.modules.items()) if n not in ahead.before}",  # JavaScript's have none
                "result = [sorted(ahead.taken), ahead.compiled, sorted(f for f in new.values() if f)]",
            ]
        ),
    )
    taken, compiled, started = found
    assert compiled == []
    assert "/home/pyodide/game/shell/__init__.py" in taken  # the rest of the game is in the snapshot itself
    assert started == taken  # every module with a file the start imported came compiled ahead
    first_draws = run_python(page, RANDOM)

    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    open_game(page, plain_base_url, "?rules=yacht&players=Ann&seed=5")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.locator("html").get_attribute("data-python") == "snapshot"
    measures = worker_measures(page)
    assert "python:snapshot-unpack" in measures
    assert not any(name in measures for name in ("python:snapshot-kept", "python:snapshot-given-up")), measures
    assert run_python(page, RANDOM) != first_draws
    roll(page)
    assert page.locator("#dice button").count() == 5


def packed_snapshot() -> bytes:
    """The built snapshot file, gzip-packed (as a host without Brotli copies sends it)."""
    [path] = DIST.glob("static/python/snapshot-*.bin")
    return path.read_bytes()


def damaged(damage: str) -> bytes:
    """The snapshot's bytes, damaged as named."""
    body = packed_snapshot()
    if damage == "not gzip":
        return b"this is not a snapshot"
    if damage == "wrong magic":  # only its start: the page stops reading at the magic
        return gzip.compress(b"XXXXXXXX" + gzip.decompress(body)[8:65536])
    return body[: len(body) // 2]  # cut short


def test_a_gzip_packed_snapshot_starts_python_and_a_damaged_or_unusable_one_only_costs_speed(browser, base_url):
    """A host without .br copies sends the gzip-packed file itself, which starts Python from the snapshot (a browser
    that does not take Brotli gets the packed file from the same server, at its speed). A snapshot that is missing or
    damaged, or whose static pages are never filled, costs only the speed: Python starts afresh and the game plays.
    One page (no service worker: each start fetches the snapshot itself), a start for each."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    log = PageLog(page)
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    encodings: list[str | None] = []
    page.on(
        "response", lambda r: encodings.append(r.headers.get("content-encoding")) if "/snapshot-" in r.url else None
    )

    def start(how: str) -> None:
        for said in (log.errors, warnings, encodings):
            said.clear()
        start_afresh(page, base_url, "rules=yacht&players=Ann&seed=5")
        assert page.locator("#boot-error").is_hidden(), how
        roll(page)
        assert page.locator("#dice button").count() == 5, how

    context.set_extra_http_headers({"Accept-Encoding": "gzip, deflate"})
    start("gzip-packed")
    assert page.locator("html").get_attribute("data-python") == "snapshot"
    assert encodings == [None], encodings
    context.set_extra_http_headers({})

    damage = {"now": ""}

    def serve_damaged(route):
        if damage["now"] == "missing":
            route.fulfill(status=404, body="not found")
        else:
            route.fulfill(status=200, body=damaged(damage["now"]), content_type="application/octet-stream")

    page.route(SNAPSHOT_URL, serve_damaged)
    for how in ("missing", "not gzip", "wrong magic", "cut short"):
        damage["now"] = how
        start(how)
        assert page.locator("html").get_attribute("data-python") == "started", how
        # The browser itself logs a failed download; nothing else may complain.
        assert [e for e in log.errors if not e.startswith("Failed to load resource")] == [], how
        assert any("without its snapshot" in text for text in warnings), (how, warnings)
    page.unroute(SNAPSHOT_URL, serve_damaged)

    # If the worker never sees Pyodide's module instantiated (here: it looks for a core no module has), the
    # snapshot's left-out pages stay empty, and Pyodide refuses the memory instead of starting a broken
    # interpreter from it: Python starts afresh.
    def serve_blind(route):
        response = route.fetch()
        text = response.text().replace("PyInit__pyodide_core", "PyInit__no_such_core")
        route.fulfill(response=response, body=text)

    page.route(re.compile(r".*/static/js/python\.mjs(\?.*)?$"), serve_blind)
    start("blind")
    assert page.locator("html").get_attribute("data-python") == "started"
    assert any("without its snapshot" in text and "not seen" in text for text in warnings), warnings
    assert log.errors == []
    context.close()


def slow_rated_line(context, page) -> None:
    """A line the browser rates "3g" (300 ms round trips, any speed), in the page and its worker alike
    (Chromium's emulation reaches both; an init script would reach only the page)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 300, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def python_worker(page):
    """The worker Python runs in (Playwright evaluates in a worker as on the page)."""
    return next(w for w in page.workers if w.evaluate("typeof yachtPyodide === 'object'"))


def worker_measures(page) -> list[str]:
    """The measures python.mjs took, in the worker's own timeline."""
    return python_worker(page).evaluate("performance.getEntriesByType('measure').map(m => m.name)")


def test_on_a_slow_line_the_first_visit_skips_the_snapshot_and_the_next_one_uses_it(browser, plain_base_url):
    """3.5 MB on a slow line cost more than Python's start without them: the first visit starts
    afresh and the service worker, registered only once the game is ready, keeps the snapshot."""
    context = browser.new_context()
    page = context.new_page()
    slow_rated_line(context, page)
    assert page.evaluate("navigator.connection.effectiveType") == "3g"
    answered = []  # when (ms since the epoch) the page or its worker got the snapshot from the server
    context.on(
        "response", lambda r: answered.append(time.time() * 1000) if "/static/python/snapshot-" in r.url else None
    )
    open_game(page, plain_base_url, "?rules=yacht&players=Ann&seed=3")
    assert page.locator("html").get_attribute("data-python") == "started"
    ready = page.evaluate("performance.timeOrigin + performance.getEntriesByName('yacht:ready')[0].startTime")
    roll(page)
    choose(page, "Choice")  # the first turn over, the service worker registers (static/js/offline.js)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    # Downloaded once, by the worker's install, after the first turn: not for this visit.
    assert len(answered) == 1 and answered[0] > ready, (answered, ready)
    page.close()
    again = context.new_page()
    slow_rated_line(context, again)
    open_game(again, plain_base_url)  # the match under way comes back
    assert again.locator("html").get_attribute("data-python") == "snapshot"
    roll(again)
    assert again.locator("#dice button").count() == 5
    context.close()


def test_on_a_line_too_slow_for_it_the_first_visit_gives_the_snapshot_up(browser, plain_base_url):
    """Where the browser does not rate the line slow (as Safari and Firefox never do, and Chromium
    does not at 0.25 MB/s with short round trips), the snapshot's pace decides: at 0.25 MB/s its
    3.5 MB take longer than the start they save, so the download stops within a second (about a
    twentieth in) and Python starts afresh. (At 1 MB/s they come in about SNAPSHOT_PAYS_WITHIN_MS,
    and at 0.5 MB/s the pace's first tenth of a second, which Chromium's throttling lets through
    faster, still says they will: kept, both.)"""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 60, "downloadThroughput": 250_000, "uploadThroughput": 250_000},
    )
    stopped = []
    page.on("requestfailed", lambda r: stopped.append(r.failure) if "/static/python/snapshot-" in r.url else None)
    said = []
    page.on("console", lambda m: said.append(m.text) if m.type == "info" else None)
    with page.expect_event("requestfailed", lambda r: "/static/python/snapshot-" in r.url, timeout=60_000):
        page.goto(f"{plain_base_url}/?rules=yacht&players=Ann&seed=3")
    # The snapshot given up, nothing of the start watches the line's pace again: the rest of it (Pyodide's own
    # files, at 0.25 MB/s another 15 s of a test machine's time) comes at full speed.
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    page.wait_for_selector("html[data-ready='true']", timeout=60_000)
    assert page.locator("html").get_attribute("data-python") == "started"
    assert "python:snapshot-given-up" in worker_measures(page)
    assert len(stopped) == 1, stopped
    [given_up] = [text for text in said if "longer to come than it saves" in text]
    came, whole = map(float, re.search(r"\(([\d.]+) of ([\d.]+) MB of its memory came\)", given_up).groups())
    assert came < whole / 4, given_up  # unpacked bytes: 0.5 of 11 MB is about 0.15 MB of the Brotli download
    roll(page)
    assert page.locator("#dice button").count() == 5
    context.close()
