"""Bugs met at the table (issue 32) that need the browser: Rules opening at its end on a phone, and the browser's
confirm() instead of the game's own question (its focus, its keys). A second language switch mid-turn, the setup's
last choices after a reload and the question in the player's language are CPython's (tests/unit/app/test_app.py).
"""

from __future__ import annotations

from playwright.sync_api import expect

from game.present import words
from tests.helpers.site import open_game
from tests.helpers.ui import press_header

ROLL_BUTTON = "#roll-button"
MATCH = "localStorage.getItem('yacht-dice/match')"


def focused(page) -> str:
    return page.evaluate("document.activeElement ? document.activeElement.id : ''")


def test_rules_open_at_their_start_on_a_phone(browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=base_url)
    page = context.new_page()
    try:
        open_game(page, base_url, "?rules=yatzy&players=Ann&seed=5")
        page.locator(ROLL_BUTTON).click()
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        press_header(page, "menu-rules")
        heading = page.locator("#rules-title")
        expect(heading).to_have_text("Rules: Yatzy")
        top = heading.evaluate("h => h.getBoundingClientRect().top")
        assert page.evaluate("window.scrollY") == 0 or 0 <= top < page.evaluate("window.innerHeight"), top
        assert 0 <= top < 844, f"the rules' heading is out of sight ({top} px from the top)"
        assert focused(page) == "rules-title"  # read from their start
        for _ in range(40):  # Back stays one Tab away at a time, after the text
            if focused(page) == "rules-close":
                break
            page.keyboard.press("Tab")
        assert focused(page) == "rules-close"
        page.keyboard.press("Enter")
        expect(page.locator("#rules")).to_be_hidden()
        expect(page.locator(ROLL_BUTTON)).to_be_visible()
    finally:
        context.close()


def test_new_match_mid_match_asks_the_games_own_question(page, base_url):
    browser_dialogs = []
    page.on("dialog", lambda d: (browser_dialogs.append(d.message), d.dismiss()))
    open_game(page, base_url, "?rules=yatzy&players=Ann&seed=5")
    page.locator(ROLL_BUTTON).click()
    match = page.evaluate(MATCH)
    ask = page.get_by_role("dialog")
    # Cancel keeps the match, and the focus goes back to Menu, where New match was (the menu folds on a choice).
    press_header(page, "menu-new")
    expect(ask).to_be_visible()
    expect(ask).to_contain_text(words.WORDS.leave_match)
    assert focused(page) == "ask-no"  # the focus moves into the question, on the safe answer
    ask.get_by_role("button", name="Cancel").click()
    expect(ask).to_be_hidden()
    expect(page.locator(ROLL_BUTTON)).to_be_visible()
    assert focused(page) == "menu-button" and page.evaluate(MATCH) == match
    # Escape too; a key in the question is no command to the table (r would roll).
    press_header(page, "menu-new")
    expect(ask).to_be_visible()
    page.keyboard.press("r")
    page.keyboard.press("Escape")
    expect(ask).to_be_hidden()
    assert focused(page) == "menu-button" and page.evaluate(MATCH) == match
    # The confirming button opens the setup.
    press_header(page, "menu-new")
    ask.get_by_role("button", name=words.WORDS.leave_yes).click()
    expect(ask).to_be_hidden()
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#play")).to_be_hidden()
    assert browser_dialogs == []  # never the browser's confirm()
