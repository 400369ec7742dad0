"""End-to-end fixtures: a local server for the repository and Chromium found by tools/browser.py."""

from __future__ import annotations

import functools

import pytest
from playwright._impl._sync_base import mapping
from playwright.sync_api import Keyboard, Locator, Mouse, Page

from tests.helpers.site import DIST, PageLog, build_dist, settle
from tools import browser as browser_finder
from tools.serve import serve_in_background


@pytest.fixture(scope="session")
def site_server():
    """The built site (dist/, rebuilt incrementally) served on a free loopback port. Each pytest-xdist
    worker builds under one lock: the first builds, the next finds nothing to change."""
    build_dist()
    server = serve_in_background(DIST, 0)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def plain_base_url(site_server) -> str:
    """The site from a host that sends no COOP and COEP (GitHub Pages): Python runs in a worker, as on
    every host."""
    return f"http://127.0.0.1:{site_server.server_address[1]}"


@pytest.fixture(scope="session")
def base_url(request) -> str:
    """Where the game is served (overrides pytest-base-url's fixture): by the host --host names."""
    host = request.config.getoption("--host")
    return request.getfixturevalue("isolated_base_url" if host == "isolating" else "plain_base_url")


@pytest.fixture(scope="session")
def isolated_base_url(site_server):
    """The same site from a host that sends COOP and COEP (tools/serve.py's default, as `make play`): the
    page is cross-origin isolated, and plays as on the plain host (tests/e2e/test_hosts.py)."""
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


INPUTS = {
    Locator: (
        "click",
        "dblclick",
        "tap",
        "press",
        "press_sequentially",
        "fill",
        "check",
        "uncheck",
        "set_checked",
        "select_option",
        "set_input_files",
        "dispatch_event",
    ),
    Page: (
        "click",
        "dblclick",
        "tap",
        "press",
        "fill",
        "check",
        "uncheck",
        "select_option",
        "set_input_files",
        "dispatch_event",
    ),
    Keyboard: ("press", "type", "down", "up", "insert_text"),
    Mouse: ("click", "dblclick", "down", "up"),
}
"""What a person does to a page, by Playwright class: each waits, after acting, for the shell's answer."""


def page_of(target) -> Page:
    if isinstance(target, Page):
        return target
    if isinstance(target, Locator):
        return target.page
    return mapping.from_impl(target._impl_obj._page)  # a page's keyboard or mouse


def answered(act):
    @functools.wraps(act)
    def then_wait(self, *args, **kwargs):
        result = act(self, *args, **kwargs)
        settle(page_of(self))
        return result

    return then_wait


@pytest.fixture(scope="session", autouse=True)
def inputs_wait_for_answers():
    """A test reads the page after an action as a person would, once Python has answered it (from its
    worker: a click returns before its answer)."""
    saved = [(cls, name, getattr(cls, name)) for cls, names in INPUTS.items() for name in names]
    for cls, name, act in saved:
        setattr(cls, name, answered(act))
    yield
    for cls, name, act in saved:
        setattr(cls, name, act)


@pytest.fixture
def page_log(page) -> PageLog:
    """Record the page's console errors and requests from before it loads."""
    return PageLog(page)
