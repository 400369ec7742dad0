"""Hostile values in the browser's real localStorage (issues 36 and 45) never stop the start: a save nested too deep
for any reader and a remembered setup with a lone surrogate, at once. They are kept aside exactly as stored (strings
through the worker and back), downloaded, and deleted when asked. The decisions are tested in CPython (tests/unit/app/test_app.py,
test_storage_flows.py, test_one_way_in.py, test_inputs_fuzz.py); this checks that the page carries them out."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.helpers import ui
from tests.helpers.site import open_game
from tests.helpers.ui import SAVE_KEY, UNREADABLE_KEY, press_header

SETUP_KEY = "yacht-dice/setup"
KEPT_PREFIX = "yacht-dice/unreadable-"
KEPT = f"""() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('{KEPT_PREFIX}'))
    .map(k => [k, localStorage.getItem(k)]))"""
NESTED = "[" * 10_000 + "]" * 10_000
SURROGATE = '{"name1": "\ud800"'  # a lone surrogate (JavaScript's strings may hold one; no UTF-8 can carry it)
STORE = f"""() => {{
  localStorage.clear();
  localStorage.setItem('{SAVE_KEY}', {json.dumps(NESTED)});
  localStorage.setItem('{SETUP_KEY}', {json.dumps(SURROGATE)});
}}"""
SAME_SETUP = f"() => localStorage.getItem('{KEPT_PREFIX}setup') === {json.dumps(SURROGATE)}"


def test_hostile_stored_values_never_stop_the_start_and_are_kept_exactly_until_deleted(page, page_log, base_url):
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # the icon's page asks for one
    page.goto(f"{base_url}/static/icons/icon.svg")  # a page of the site that runs no game code
    page.evaluate(STORE)
    open_game(page, base_url)
    expect(page.get_by_role("region", name="The saved match could not be read")).to_be_visible()
    expect(page.locator("#save-problem-reason")).to_have_text("The data nests 10,000 levels deep; at most 64 are read.")
    expect(page.locator("#save-problem-kept")).to_contain_text("Nothing was deleted")
    assert page.evaluate(f"localStorage.getItem('{UNREADABLE_KEY}')") == NESTED
    assert page.evaluate(SAME_SETUP) is True  # the setup kept aside exactly, its lone surrogate too
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the saved data").click()
    assert download.value.suggested_filename.startswith("yacht-dice-unreadable-save-")
    page.get_by_role("button", name="Start a new match").click()
    page.get_by_role("button", name="Play solo", exact=True).click()  # the lobby's one tap
    ui.roll(page)
    assert None not in ui.dice(page)
    assert page.evaluate(f"localStorage.getItem('{UNREADABLE_KEY}')") == NESTED  # still kept after a new match
    assert page.evaluate(SAME_SETUP) is True  # the new start wrote its setup, not over the copy

    # Statistics lists the copies kept aside: they can be downloaded, then deleted.
    press_header(page, "menu-stats")
    expect(page.locator("#kept-text")).to_have_text(
        "2 copies of data this game could not read are kept aside in this browser."
    )
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the kept copies").click()
    assert json.loads(download.value.path().read_text()) == {UNREADABLE_KEY: NESTED, f"{KEPT_PREFIX}setup": SURROGATE}
    page.get_by_role("button", name="Delete the kept copies").click()  # the game asks first
    expect(page.get_by_role("dialog")).to_contain_text("Delete the copies kept aside?")
    page.get_by_role("dialog").get_by_role("button", name="Delete the kept copies").click()
    expect(page.locator("#kept")).to_be_hidden()
    assert page.evaluate(KEPT) == {}
    assert page_log.errors == []
