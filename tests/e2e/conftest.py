"""End-to-end fixtures: a local server for the repository and Chromium found by tools/browser.py."""

from __future__ import annotations

import shutil

import pytest

from tools import browser as browser_finder
from tools.build import build
from tools.serve import ROOT, serve_in_background

DIST = ROOT / "dist"


@pytest.fixture(scope="session")
def site_server():
    """The built site (dist/, rebuilt incrementally) served on a free loopback port."""
    build(DIST)
    server = serve_in_background(DIST, 0)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(site_server) -> str:
    """Where the game is served (overrides pytest-base-url's fixture)."""
    return f"http://127.0.0.1:{site_server.server_address[1]}"


@pytest.fixture(scope="session")
def isolated_base_url(site_server):
    """The same site from a host that sends COOP and COEP (tools/serve.py --isolate): Python runs in a worker."""
    server = serve_in_background(DIST, 0, isolate=True)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch the Chromium found by tools/browser.py, headless, without calling out."""
    try:
        path = browser_finder.ensure()
    except browser_finder.BrowserNotFound as error:
        pytest.exit(str(error), returncode=1)
    return {
        **browser_type_launch_args,
        "executable_path": str(path),
        "args": browser_finder.launch_args(),
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Pages speak English unless a test says otherwise: the machine's own locale must not choose."""
    return {**browser_context_args, "locale": "en-US"}


class PageLog:
    """What a page said and asked for: console errors, page errors and request URLs."""

    def __init__(self, page):
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: self.requests.append(r.url))


@pytest.fixture
def page_log(page) -> PageLog:
    """Record the page's console errors and requests from before it loads."""
    return PageLog(page)


def copy_sources(target):
    """A private copy of the repository's site sources, for a test that changes them."""
    skip = shutil.ignore_patterns("node_modules", ".venv", "dist", ".git", "tests", "*.egg-info")
    shutil.copytree(ROOT, target, ignore=skip, symlinks=True)
    return target


def open_game(page, base_url: str, query: str = "", timeout: float = 60_000):
    """Open the game and wait until Python has bound the page (never a fixed sleep)."""
    page.goto(f"{base_url}/{query}")
    page.wait_for_selector("html[data-ready='true']", timeout=timeout)
    return page
