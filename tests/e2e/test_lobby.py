"""The setup screen as a lobby, on a 390 × 844 phone: four one-tap matches and the rule set on the first
screen, everything else in More, the last choices remembered, computers named in the page's language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from game.coach.bots import computer_names
from game.core.i18n import Text
from tests.e2e import ui
from tests.e2e.conftest import open_game
from tools import i18n

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


@pytest.fixture
def swedish_phone(browser, base_url):
    context, page = _phone(browser, base_url, "sv-SE")
    yield page
    context.close()


def names(page) -> list[str]:
    """The seats' names, as the scorecard's column headers give them (each once, in seat order)."""
    return list(
        dict.fromkeys(page.locator("#scorecard thead th[title]").evaluate_all("ths => ths.map(th => th.title)"))
    )


def quick(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def play_a_turn(page) -> None:
    page.locator("#roll-button").click()  # by id: the page may speak another language
    page.locator("#scorecard button.choice").first.click()


@pytest.mark.parametrize(
    "choice, seats, status",
    [
        ("Play solo", ["Player"], "Player's turn: roll the dice"),
        ("Play the computer", ["Player", "Robin"], "Player's turn: roll the dice"),
        ("Pass and play", ["Player 1", "Player 2"], "Player 1's turn: roll the dice"),
    ],
)
def test_each_one_tap_choice_starts_its_match_in_one_tap(phone, base_url, choice, seats, status):
    page = open_game(phone, base_url)
    for name in CHOICES:  # the first screen, without scrolling: the four choices and the rule set in use
        expect(quick(page, name)).to_be_in_viewport(ratio=1)
    expect(page.locator("#rules-choice")).to_be_in_viewport(ratio=1)
    expect(page.get_by_label("Yahtzee", exact=True)).to_be_checked()
    assert page.evaluate("window.scrollY") == 0
    quick(page, choice).tap()
    expect(page.get_by_role("button", name=ui.ROLL)).to_be_visible()
    assert names(page) == seats
    expect(page.get_by_role("status").first).to_have_text(status)
    play_a_turn(page)
    if choice == "Play the computer":  # worded as a name, never "Computer 2's (computer) turn"
        expect(page.get_by_role("status").first).to_contain_text("Robin (computer) is playing")
    elif choice == "Pass and play":  # the phone goes to the next person
        expect(page.locator("#pass")).to_be_visible()
        expect(page.locator("#pass-title")).to_contain_text("Player 2")
    else:
        expect(page.get_by_role("status").first).to_contain_text("Player's turn")


def test_more_holds_every_choice_and_starts_with_them(phone, base_url):
    page = open_game(phone, base_url)
    form = page.locator("#setup-form")
    expect(page.get_by_label("Player 1", exact=True)).to_be_hidden()  # folded
    ui.more(page)
    for label in ("Number of players", "Player 1", "Who plays seat 1", "Games in the match", "Allow undo"):
        expect(page.get_by_label(label, exact=True)).to_be_visible()
    expect(page.get_by_label("Seed (optional: the same seed gives the same dice)")).to_be_visible()
    expect(form.locator("#options-yahtzee")).to_be_visible()
    page.get_by_label("Custom dice", exact=True).check()
    expect(form.locator("#options-generalized")).to_be_visible()
    expect(form.locator("#options-yahtzee")).to_be_hidden()
    page.get_by_label("Yatzy", exact=True).check()
    page.get_by_label("Number of players").select_option("3")
    expect(page.get_by_label("Pass the phone: show whose turn it is between people")).to_be_visible()
    levels = form.locator("#player-kind-2 option").all_inner_texts()
    assert levels == [
        "Person",
        "Computer (Easy)",
        "Computer (Good)",
        "Computer (Perfect)",
        "Computer (Perfect, to win)",
    ]
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Who plays seat 2").select_option("perfect")
    page.get_by_label("Player 3", exact=True).fill("Bob")
    page.get_by_label("Games in the match").select_option("2")
    page.get_by_role("button", name="Start").tap()
    expect(page.get_by_role("button", name=ui.ROLL)).to_be_visible()
    assert names(page) == ["Ann", "Robin", "Bob"]
    expect(page.locator("#scorecard tbody th", has_text=re.compile("^One Pair$")).first).to_be_attached()
    expect(page.locator("#scorecard td[data-row='game:1']").first).to_be_attached()  # two games


def test_the_last_choices_are_remembered_after_a_reload(phone, base_url):
    page = open_game(phone, base_url)
    page.get_by_label("Yacht", exact=True).check()
    ui.more(page)
    page.get_by_label("Number of players").select_option("3")
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bob")
    page.get_by_label("Who plays seat 3").select_option("easy")
    page.get_by_role("button", name="Start").tap()
    assert names(page) == ["Ann", "Bob", "Robin"]
    for choice, seats in [("Play the computer", ["Ann", "Robin"]), ("Pass and play", ["Ann", "Bob"])]:
        page.evaluate("localStorage.removeItem('yacht-dice/match')")  # no match to resume: the setup screen
        page.reload()
        page.wait_for_selector("html[data-ready='true']")
        expect(page.get_by_label("Yacht", exact=True)).to_be_checked()  # the rule set in use, on the first screen
        quick(page, choice).tap()
        expect(page.get_by_role("button", name=ui.ROLL)).to_be_visible()
        assert names(page) == seats, choice
        expect(page.locator("#scorecard tbody th", has_text=re.compile("^Yacht$")).first).to_be_attached()
    page.evaluate("localStorage.removeItem('yacht-dice/match')")
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    ui.more(page)  # More still holds the three seats (the one-tap matches never change them)
    expect(page.get_by_label("Number of players")).to_have_value("3")
    expect(page.get_by_label("Player 2", exact=True)).to_have_value("Bob")
    expect(page.get_by_label("Who plays seat 3")).to_have_value("easy")


def test_a_computers_name_is_in_the_pages_language(swedish_phone, base_url):
    sv = Text.from_mo("sv", i18n.compiled("sv"))
    page = open_game(swedish_phone, base_url)
    assert page.evaluate("document.documentElement.lang") == "sv"
    quick(page, sv._("Play the computer")).tap()
    expect(page.get_by_role("button", name=re.compile("^" + sv._("Roll")))).to_be_visible()
    robot = computer_names(sv)[0]
    assert robot != computer_names()[0] and len(robot) <= 8
    assert names(page) == [sv.p_("default name", "Player"), robot]
    play_a_turn(page)
    expect(page.get_by_role("status").first).to_contain_text(sv._("{name} (computer) is playing", name=robot))


def test_play_the_computer_says_who_you_will_play(phone, swedish_phone, base_url):
    # Its line names the computer and its level, and follows More's choices as they change.
    page = open_game(phone, base_url)
    line = page.locator("#quick-computer-line")
    expect(line).to_have_text("You against Robin, who plays well")
    expect(quick(page, "Play the computer")).to_have_accessible_description("You against Robin, who plays well")
    ui.more(page)
    page.get_by_label("Number of players").select_option("2")
    page.get_by_label("Who plays seat 2").select_option("perfect")
    expect(line).to_have_text("You against Robin, who plays perfectly")
    page.get_by_label("Player 2", exact=True).fill("HAL")
    page.get_by_label("Player 2", exact=True).blur()
    expect(line).to_have_text("You against HAL, who plays perfectly")
    quick(page, "Play the computer").tap()
    assert names(page) == ["Player", "HAL"]
    sv = Text.from_mo("sv", i18n.compiled("sv"))
    swedish = open_game(swedish_phone, base_url)
    expect(swedish.locator("#quick-computer-line")).to_have_text(
        sv._("You against {name}, who plays well", name=computer_names(sv)[0])
    )
