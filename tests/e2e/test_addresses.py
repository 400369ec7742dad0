"""Addresses inside the service worker's scope: only the game's own page opens the game; any other
navigation opens the file the host has, or a plain "not found" page with a link back (issue 36)."""

from __future__ import annotations

from tests.helpers import ui
from tests.helpers.site import PLAYED_HERE, open_game
from tests.helpers.ui import wait_for_control

ELSEWHERE = ("/nope/deep/path", "/index.html/x", "/static/nope.html")
"""Navigations that are not the game's page: given the game's page, its relative links would miss."""
LINKS = ("/?rules=yacht&players=Ann&seed=3", "/index.html?rules=yacht&players=Ann&seed=3")


FILES = (("/static/icons/icon.svg", "image/svg+xml"), ("/static/tables/optimal.json", "application/json"))
"""Real files, precached: online from the host, offline from the service worker's cache."""


def test_other_addresses_show_not_found_real_files_open_and_only_the_games_links_boot_online_and_offline(
    context, page, base_url
):
    page.add_init_script(PLAYED_HERE)  # the service worker registers once the game is ready, not after 20 s of quiet
    open_game(page, base_url)
    wait_for_control(page)  # the service worker in control after one visit
    try:
        for offline in (False, True):
            context.set_offline(offline)
            mode = "offline" if offline else "online"
            for path in ELSEWHERE:
                response = page.goto(base_url + path)
                assert response.status == 404, (mode, path)
                assert page.title() == "Not found · Yacht Dice", (mode, path)
                assert page.locator("h1").inner_text() == "Page not found"
                assert page.locator("meta[name=viewport]").count() == 1
                link = page.get_by_role("link", name="Open the game")
                assert link.get_attribute("href") == base_url + "/", (mode, path)
            link.click()  # the way back opens the game
            page.wait_for_selector("html[data-ready='true']", timeout=60_000)
            assert page.url == base_url + "/"
            for path, kind in FILES:
                response = page.goto(base_url + path)
                assert response.ok, (mode, path)
                assert response.headers["content-type"].startswith(kind), (mode, path)
                assert page.evaluate("document.contentType") == kind
        for link in LINKS:  # offline still
            page.goto(base_url + link)
            page.wait_for_selector("html[data-ready='true']", timeout=60_000)
            page.get_by_role("button", name=ui.ROLL).wait_for()  # the link's match is on the board
        # The same query on another address is not the game's page.
        response = page.goto(base_url + "/static/index.html?rules=yacht&players=Ann&seed=3")
        assert response.status == 404
        assert page.title() == "Not found · Yacht Dice"
    finally:
        context.set_offline(False)
