"""The daily game in the browser: two people on two devices (two browser contexts) get the same first
roll from the lobby's Daily game, and its result is copied where the Web Share API is absent."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e import ui
from tests.e2e.conftest import open_game

NO_SHARE = "Object.defineProperty(Navigator.prototype, 'share', {value: undefined, configurable: true});"
"""Headless Chromium has no navigator.share by default; this makes sure of it (the clipboard fallback)."""


def daily(page) -> None:
    page.get_by_role("button", name="Daily game").click()
    expect(page.get_by_role("button", name=ui.ROLL)).to_be_visible()


def test_two_devices_get_the_same_first_roll(browser, base_url):
    rolls = []
    contexts = [browser.new_context(locale="en-US"), browser.new_context(locale="en-US")]
    try:
        for context in contexts:  # each its own storage: nothing shared but the day
            page = open_game(context.new_page(), base_url)
            daily(page)
            expect(page.locator("#undo-button")).to_be_hidden()  # undo would show the dice to come
            ui.roll(page)
            rolls.append(ui.dice(page))
        assert rolls[0] == rolls[1] and None not in rolls[0], rolls
    finally:
        for context in contexts:
            context.close()


def test_the_daily_result_is_copied_where_the_browser_cannot_share(browser, base_url):
    context = browser.new_context(locale="en-US", base_url=base_url)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    context.add_init_script(NO_SHARE)
    try:
        page = open_game(context.new_page(), base_url)
        page.get_by_label("Yatzy", exact=True).check()
        daily(page)
        ui.play_out(page)
        share = page.get_by_role("button", name="Share result")
        expect(share).to_be_visible()
        share.click()
        dialog = page.locator("#share")
        expect(dialog).to_be_visible()
        text = page.locator("#share-text").inner_text()
        assert re.fullmatch(r"Yacht Dice · Yatzy daily \d{4}-\d{2}-\d{2} — \d+ points?, bonus [✓✗], Yatzy × \d.*", text)
        dialog.get_by_role("button", name="Share").click()
        expect(page.locator("#share-note")).to_have_text("Copied: paste it into a message.")
        assert page.evaluate("navigator.clipboard.readText()") == text
        dialog.get_by_role("button", name="Close").click()
        expect(dialog).to_be_hidden()
        # Daily game again the same day: its result and Share, not a new game on dice already seen
        page.get_by_role("button", name="New match").first.click()
        daily_button = page.get_by_role("button", name="Daily game")
        daily_button.click()
        expect(dialog).to_be_visible()
        expect(page.locator("#share-text")).to_have_text(text)
        expect(page.locator("#share-note")).to_contain_text("You have played today's Yatzy game")
    finally:
        context.close()
