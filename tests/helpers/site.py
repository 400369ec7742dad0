"""The browser tests' site: dist/ as `make play` serves it, private copies built from changed sources, and the game
opened on a page, answered before a test reads it."""

from __future__ import annotations

import shutil

from playwright.sync_api import Error, Page

from tools.build import build
from tools.serve import ROOT

DIST = ROOT / "dist"


def build_dist() -> None:
    """Build dist/ (incrementally) under a lock: of the processes of a run (pytest-xdist's workers) that need it,
    the first builds it, the next ones find nothing to change."""
    import fcntl

    with open(ROOT / ".dist-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        build(DIST)


def build_copy(source, site):
    """Build a private source tree's site (tools.build), starting from dist/'s Python files: the snapshot
    and the standard library are named by a hash of their inputs, so an unchanged game reuses them
    instead of making them again (two runs of Pyodide under Node)."""
    python = DIST / "static" / "python"
    if python.is_dir() and not (site / "static" / "python").exists():
        shutil.copytree(python, site / "static" / "python")
    return build(site, root=source)


def copy_sources(target):
    """A private copy of the repository's site sources, for a test that changes them."""
    skip = shutil.ignore_patterns("node_modules", ".venv", "dist", ".git", "tests", "*.egg-info")
    shutil.copytree(ROOT, target, ignore=skip, symlinks=True)
    return target


ANSWERED = (
    "() => window.yachtPage && Promise.race([window.yachtPage.answered(), new Promise(r => setTimeout(r, 30000))])"
)
"""Kept once the shell has answered every event so far (static/js/page.js's answered), or after 30 s:
a shell that never answers fails the test's next look at the page, not its run."""


def settle(page: Page) -> None:
    """Wait until the shell has answered every event so far: at once where Python runs on the page's
    thread; in a worker, a moment after the click, as a person would see it."""
    if page.is_closed():
        return
    try:
        page.evaluate(ANSWERED)
    except Error:
        pass  # the action navigated, reloaded or closed the page: there is nothing to answer


class PageLog:
    """What a page said and asked for: console errors, page errors and request URLs."""

    def __init__(self, page):
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: self.requests.append(r.url))


PLAYED_HERE = "localStorage.setItem('yacht-dice/offline', '1')"
"""An init script: this browser has written a box here before, so the service worker registers as soon as the game
is ready (static/js/offline.js; a true first visit waits until its first turn is over)."""


def open_game(page, base_url: str, query: str = "", timeout: float = 60_000):
    """Open the game and wait until Python has bound the page (never a fixed sleep)."""
    page.goto(f"{base_url}/{query}")
    page.wait_for_selector("html[data-ready='true']", timeout=timeout)
    return page
