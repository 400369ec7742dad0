"""Real dice on a phone (touch emulation, 390 × 844): two people's game, rolled on a table and entered by taps on
the face pad, played to its end. Custom dice of two faces, two dice: the fewest boxes (9) and taps a turn (3)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.helpers import ui
from tests.helpers.site import open_game


def test_a_real_dice_game_of_two_people_is_played_to_its_end_by_taps_on_a_phone(browser, base_url):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=3
    )
    page = context.new_page()
    try:
        open_game(page, base_url)
        ui.more(page)
        page.get_by_label("Custom dice", exact=True).tap()
        page.get_by_label("Dice", exact=True).fill("2")
        page.get_by_label("Sides", exact=True).fill("2")
        page.get_by_label("Number of players").select_option("2")
        page.get_by_label("Player 1", exact=True).fill("Ann")
        page.get_by_label("Player 2", exact=True).fill("Bob")
        page.get_by_label("Player 2", exact=True).blur()
        page.get_by_role("button", name="Real dice", exact=True).tap()

        pad = page.locator("#face-pad")
        expect(pad).to_be_visible()
        expect(page.locator("#roll-button")).to_be_hidden()
        expect(pad.locator("button")).to_have_count(2)  # the custom dice's faces, no more
        one, two = pad.get_by_role("button", name="Enter a 1"), pad.get_by_role("button", name="Enter a 2")
        expect(one).to_be_in_viewport()  # under the thumb

        one.tap()  # a mistake, taken back by a tap on its die in the tray
        taken = page.get_by_role("button", name="Die 1, entered 1: tap to take it back")
        taken.tap()
        expect(page.locator("#dice button").first).to_have_attribute("aria-label", "Die 1, blank")

        turns = 0
        while True:
            name = "Ann" if turns % 2 == 0 else "Bob"
            expect(page.locator("#status")).to_contain_text(name)
            one.tap()
            two.tap()  # the second die enters the roll (1 and 2: no dice alike, so no Yahtzee's moment to wait out)
            boxes = page.locator("#scorecard button.choice")
            expect(boxes.first).to_be_visible()
            boxes.first.tap()
            turns += 1
            if turns == 18:
                break
        expect(page.locator("#results")).to_be_visible()
        expect(page.locator("#spoken")).to_contain_text("The match is over.")  # the tray is hidden (issue 58)
        expect(pad).to_be_hidden()
        expect(page.locator("#challenge-friend")).to_be_hidden()
        assert re.search(r"Ann", page.locator("#standings").inner_text())
    finally:
        context.close()
