"""The setup screen as a lobby, on a 390 × 844 phone with touch: four one-tap matches and the rule set on the first
screen, everything else folded in More, and a match begun and played by taps. What each one-tap match starts, the
last choices remembered, the levels More offers and a computer named in the page's language are CPython's
(tests/unit/app/test_lobby_flows.py, test_app.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.helpers import ui
from tests.helpers.site import open_game

PHONE = {"width": 390, "height": 844}
CHOICES = ("Play solo", "Play the computer", "Pass and play", "Daily game")


def _phone(browser, base_url, locale: str):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale=locale, base_url=base_url)
    return context, context.new_page()


@pytest.fixture
def phone(browser, base_url):
    """A phone-sized page with touch, in English."""
    context, page = _phone(browser, base_url, "en-US")
    yield page
    context.close()


def names(page) -> list[str]:
    """The seats' names, as the scorecard's column headers give them (each once, in seat order)."""
    return list(
        dict.fromkeys(page.locator("#scorecard thead th[title]").evaluate_all("ths => ths.map(th => th.title)"))
    )


def quick(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def test_the_first_screen_more_and_a_match_played_by_taps(phone, base_url):
    page = open_game(phone, base_url)
    for name in CHOICES:  # the first screen, without scrolling: the four choices and the rule set in use
        expect(quick(page, name)).to_be_in_viewport(ratio=1)
    expect(page.locator("#rules-pick > summary")).to_be_in_viewport(ratio=1)
    expect(page.locator("#rules-pick > summary > span:visible")).to_have_text(
        "Rules: Yahtzee"
    )  # folded to the one chosen
    expect(page.get_by_label("Yahtzee", exact=True)).to_be_checked()
    assert page.evaluate("window.scrollY") == 0
    expect(quick(page, "Play the computer")).to_have_accessible_description("You against Robin, who plays well")

    form = page.locator("#setup-form")
    expect(page.get_by_label("Player 1", exact=True)).to_be_hidden()  # folded
    ui.more(page)
    for label in ("Number of players", "Player 1", "Who plays seat 1", "Games in the match", "Allow undo"):
        expect(page.get_by_label(label, exact=True)).to_be_visible()
    expect(page.get_by_label("Seed (optional: the same seed gives the same dice)")).to_be_visible()
    expect(form.locator("#options-yahtzee")).to_be_visible()
    page.get_by_label("Custom dice", exact=True).tap()
    expect(form.locator("#options-generalized")).to_be_visible()
    expect(form.locator("#options-yahtzee")).to_be_hidden()
    page.get_by_label("Number of players").select_option("3")
    expect(page.get_by_label("Pass the phone: show whose turn it is between people")).to_be_visible()
    page.get_by_label("Number of players").select_option("2")
    page.get_by_label("Who plays seat 2").select_option("easy")
    page.get_by_label("Player 2", exact=True).fill("HAL")
    page.get_by_label("Player 2", exact=True).blur()
    expect(page.locator("#quick-computer-line")).to_have_text("You against HAL, a beginner")
    page.get_by_label("Yacht", exact=True).tap()

    quick(page, "Play the computer").tap()  # a match begun, and a turn played, by taps
    expect(page.get_by_role("button", name=ui.ROLL)).to_be_visible()
    assert names(page) == ["You", "HAL"]
    expect(page.locator("#scorecard tbody th", has_text=re.compile("^Yacht$")).first).to_be_attached()
    expect(page.locator("#status")).to_have_text("Your turn: roll the dice")
    page.get_by_role("button", name=ui.ROLL).tap()
    ui.die(page, 1).tap()
    expect(ui.die(page, 1)).to_have_attribute("aria-pressed", "true")
    page.locator("#scorecard button.choice").first.tap()
    expect(page.locator("#status")).to_contain_text(
        "HAL"
    )  # its turn: "HAL (computer) is playing", then its own rolls and holds
