"""Run a benchmark's Python inside the game page (Pyodide), in headless Chromium: the built dist/ served locally.

The code runs as a ``<script type="py">`` once the page is ready and reports by writing JSON into
``<body data-bench="…">``.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import browser
from tools.build import build
from tools.serve import serve_in_background

ROOT = Path(__file__).resolve().parent.parent
BENCH_SECONDS = 600
"""How long the code in the page may run before the benchmark gives up."""
INJECT = "code => { const s = document.createElement('script'); s.type = 'py'; s.textContent = code; document.body.appendChild(s); }"


def run_in_page(code: str, query: str = "", storage: dict[str, str] | None = None) -> tuple[dict, str]:
    """Build dist/, open the game (``query`` after ``/``), set ``storage`` items, run ``code``: its figures and Chromium's version."""
    build(ROOT / "dist")
    server = serve_in_background(ROOT / "dist", 0)
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=str(browser.ensure()), args=browser.launch_args())
            page = chromium.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/{query}")
            page.wait_for_selector("html[data-ready='true']", timeout=60_000)
            for key, value in (storage or {}).items():
                page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.evaluate(INJECT, code)
            for _ in range(BENCH_SECONDS):  # the benchmark's own error ends the wait at once
                if errors or page.locator("body[data-bench]").count():
                    break
                page.wait_for_timeout(1000)
            if not page.locator("body[data-bench]").count():
                raise RuntimeError(
                    "the benchmark in the page wrote no figures:\n" + "\n".join(errors or ["(timed out)"])
                )
            figures = json.loads(page.locator("body").get_attribute("data-bench"))
            version = chromium.version
            chromium.close()
    finally:
        server.shutdown()
    return figures, version
