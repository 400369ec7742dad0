"""Nothing lost, nothing stuck: a hostile link, a save too large for the browser's real quota, storage full,
two tabs. What the game decides (the words, the screens, what it stores) is asserted in CPython:
tests/unit/app/test_storage_flows.py, test_app.py, test_tabs_and_copies.py; hostile stored values in
tests/e2e/test_hostile.py."""

from __future__ import annotations

from playwright.sync_api import expect

from game.core.inputs import MAX_SAVE_BYTES
from tests.helpers import ui
from tests.helpers.site import open_game
from tests.helpers.ui import SAVE_KEY, UNREADABLE_KEY, store


def test_a_link_with_several_problems_lists_them_and_a_reload_does_not_repeat_them(page, page_log, base_url):
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, base_url, "?games=" + "9" * 5000 + "&games=2&players=Ann&cpu=5:easy")
    items = page.locator("#setup-error li")
    expect(items).to_have_count(3)
    expect(items.first).to_be_in_viewport()  # brought into sight below the form
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # a long value wraps, no sideways scroll
    texts = items.all_inner_texts()
    assert texts[0] == "games='999999999999999999999999…' (5000 characters) is not a number of games from 1 to 6"
    assert texts[1] == "games is given more than once; the first value is used"
    assert texts[2].startswith("cpu: seat 5 is a computer, but only 1 player is named")
    assert "?" not in page.url
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator("#setup-error")).to_be_hidden()
    expect(page.get_by_role("button", name="Play solo", exact=True)).to_be_enabled()
    assert page_log.errors == []


FILL = """() => {
  // Fill localStorage to the last character the browser's quota allows, in keys of the test's own.
  let size = 1 << 22, n = 0;
  while (size >= 1) {
    try { localStorage.setItem("test-filler-" + n, "f".repeat(size)); n += 1; } catch (full) { size >>= 1; }
  }
  return n;
}"""
TABLE_KEY = "yacht-dice/table"
"""static/js/table.js's picture of the table: the page drops it first when storage is short."""


def test_a_save_too_large_to_copy_is_moved_aside_and_a_full_storage_is_said_and_remembered(page, base_url):
    """The browser's own quota: a 3 MiB save cannot be copied beside itself, so it is moved; then storage filled
    to the brim refuses the moves' saves, which is said (never blamed on another tab) and remembered for the
    next visit (the flag in sessionStorage)."""
    huge = '{"format":"yacht-dice/session","padding":"' + "x" * (3 * 1024 * 1024) + '"}'
    store(page, base_url, {SAVE_KEY: huge})
    open_game(page, base_url)
    expect(page.locator("#save-problem-reason")).to_contain_text(
        f"too much data: {len(huge):,} bytes, and at most {MAX_SAVE_BYTES:,} are read"
    )
    expect(page.locator("#save-problem-kept")).to_contain_text("a copy is kept")
    # The copy beside the save does not fit, so the save is moved: that takes a round trip to the worker
    # (its refusal is answered there), so the move is waited for, not read at once.
    page.wait_for_function(f"localStorage.getItem('{UNREADABLE_KEY}') !== null")
    assert page.evaluate(f"localStorage.getItem('{UNREADABLE_KEY}')") == huge
    page.get_by_role("button", name="Start a new match").click()
    page.get_by_role("button", name="Play solo", exact=True).click()  # the lobby's one tap
    ui.roll(page)
    assert page.evaluate(f"localStorage.getItem('{UNREADABLE_KEY}')") == huge
    dice = ui.dice(page)
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")

    page.evaluate(f"localStorage.removeItem('{TABLE_KEY}')")  # nothing left to drop to make room
    assert page.evaluate(FILL) > 0
    for die in (1, 2, 3, 2):
        ui.die(page, die).click()
        assert "not being saved" in ui.notice(page)
    ui.roll(page)
    expect(page.locator("#other-tab")).to_be_hidden()
    assert "another tab" not in page.locator("main").inner_text()
    assert ui.held(page)[0] and ui.held(page)[2]  # every hold was taken, none refused
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    assert "last moves were not saved" in ui.notice(page)
    assert ui.dice(page) == dice and ui.held(page) == [False] * 5  # the match as last saved: after the first roll


def test_a_stale_tab_offers_the_newer_match(context, base_url):
    first = context.new_page()
    ui.start(first, base_url, "rules=yacht&players=Ann&seed=7")
    ui.roll(first)
    second = context.new_page()
    open_game(second, base_url)  # resumes the same match
    ui.roll(second)
    newer = second.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    expect(first.locator("#other-tab")).to_contain_text("continued in another tab")  # said at once
    dice = ui.dice(first)
    first.get_by_role("button", name=ui.ROLL).click()
    assert ui.dice(first) == dice  # refused: this tab writes nothing
    assert first.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == newer
    first.get_by_role("button", name="Show the newer match").click()
    expect(first.locator("#other-tab")).to_be_hidden()
    assert ui.dice(first) == ui.dice(second)
    ui.roll(first)  # now this tab is the current one
    assert first.evaluate(f"localStorage.getItem('{SAVE_KEY}')") != newer
