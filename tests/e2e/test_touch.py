"""A turn played by touch on a phone-sized screen (touch emulation: taps, not clicks), on the plain host."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.helpers.site import open_game
from tests.helpers.ui import ROLL, dice, held

FACES = "() => [...document.querySelectorAll('#dice button')].every(b => /showing/.test(b.getAttribute('aria-label')))"


def test_a_turn_is_played_by_taps_on_a_phone(browser, base_url):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=3
    )
    page = context.new_page()
    try:
        open_game(page, base_url, "?rules=yacht&players=Ann&seed=3")
        roll = page.get_by_role("button", name=ROLL)
        expect(roll).to_be_in_viewport()  # under the thumb at once
        roll.tap()
        page.wait_for_function(FACES)
        first = dice(page)
        page.get_by_role("button", name=re.compile(r"^Die 2, ")).tap()
        expect(page.locator("#dice button").nth(1)).to_have_attribute("aria-pressed", "true")
        roll.tap()
        expect(roll).to_have_text(re.compile(r"1 left"))
        assert held(page)[1] and dice(page)[1] == first[1]
        box = page.locator("#scorecard button.choice").first
        box.scroll_into_view_if_needed()
        box.tap()
        expect(page.locator("#scorecard button.choice")).to_have_count(0)
        expect(page.locator("#status")).to_contain_text("Ann")
    finally:
        context.close()
