"""Addresses inside the service worker's scope: only the game's own page opens the game; any other
navigation opens the file the host has, or a plain "not found" page with a link back (issue 36)."""

from __future__ import annotations

import pytest

from tests.e2e import ui
from tests.e2e.conftest import open_game
from tests.e2e.test_offline import wait_for_control

ELSEWHERE = ("/nope/deep/path", "/index.html/x", "/static/nope.html")
"""Navigations that are not the game's page: given the game's page, its relative links would miss."""
LINKS = ("/?rules=yacht&players=Ann&seed=3", "/index.html?rules=yacht&players=Ann&seed=3")


@pytest.fixture
def controlled(page, base_url):
    """The page after one visit, with the service worker in control."""
    open_game(page, base_url)
    wait_for_control(page)
    return page


@pytest.mark.parametrize("offline", [False, True], ids=["online", "offline"])
def test_other_addresses_show_not_found_with_a_way_back(context, controlled, base_url, offline):
    page = controlled
    context.set_offline(offline)
    try:
        for path in ELSEWHERE:
            response = page.goto(base_url + path)
            assert response.status == 404, path
            assert page.title() == "Not found · Yacht Dice", path
            assert page.locator("h1").inner_text() == "Page not found"
            assert page.locator("meta[name=viewport]").count() == 1
            link = page.get_by_role("link", name="Open the game")
            assert link.get_attribute("href") == base_url + "/"
            link.click()
            page.wait_for_selector("html[data-ready='true']", timeout=60_000)
            assert page.url == base_url + "/"
    finally:
        context.set_offline(False)


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/static/icons/icon.svg", "image/svg+xml"),
        ("/static/tables/optimal.json", "application/json"),
    ],
)
@pytest.mark.parametrize("offline", [False, True], ids=["online", "offline"])
def test_a_real_file_opens_as_itself(context, controlled, base_url, path, kind, offline):
    """Online from the host; offline from the service worker's cache (both files are precached)."""
    context.set_offline(offline)
    try:
        response = controlled.goto(base_url + path)
        assert response.ok
        assert response.headers["content-type"].startswith(kind)
        assert controlled.evaluate("document.contentType") == kind
    finally:
        context.set_offline(False)


def test_only_the_games_own_links_boot_offline(context, controlled, base_url):
    page = controlled
    context.set_offline(True)
    try:
        for link in LINKS:
            page.goto(base_url + link)
            page.wait_for_selector("html[data-ready='true']", timeout=60_000)
            page.get_by_role("button", name=ui.ROLL).wait_for()  # the link's match is on the board
        # The same query on another address is not the game's page.
        response = page.goto(base_url + "/static/index.html?rules=yacht&players=Ann&seed=3")
        assert response.status == 404
        assert page.title() == "Not found · Yacht Dice"
    finally:
        context.set_offline(False)
