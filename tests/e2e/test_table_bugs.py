"""Bugs met at the table (issue 32): a second language switch mid-turn, Rules opening at its end, the
setup form forgetting its last choices after a reload, and the browser's confirm() instead of the game's
own question.
"""

from __future__ import annotations

from playwright.sync_api import expect

from game.core.engine import new_match
from game.core.i18n import LANGUAGES, Text
from game.present import view, words
from tests.e2e.conftest import open_game
from tools import i18n

ROLL_BUTTON = "#roll-button"
MATCH = "localStorage.getItem('yacht-dice/match')"

BOARD_TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.getElementById('play'), NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const text = node.textContent.replace(/\\s+/g, ' ').trim();
    if (text) out.push(text);
  }
  return out;
}"""
"""Every text node of the board (#play), whitespace collapsed."""


def press_header(page, element_id: str) -> None:
    """Press a header button, opening the header's menu first where a narrow screen folds it away."""
    button = page.locator(f"#{element_id}")
    menu = page.locator("#menu-button")
    if not button.is_visible() and menu.count() and menu.is_visible():
        menu.click()
    button.click()


def reveal(locator):
    """A setup field, its folded parts (<details>) opened, as a person opens them to reach it."""
    locator.evaluate(
        "e => { for (let d = e.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; }"
    )
    return locator


def focused(page) -> str:
    return page.evaluate("document.activeElement ? document.activeElement.id : ''")


def text_in(code: str) -> Text:
    """The language as the page has it: its catalogue compiled from the .po, as the build does."""
    return Text(LANGUAGES["en"]) if code == "en" else Text.from_mo(code, i18n.compiled(code))


def test_a_second_language_switch_mid_turn_leaves_no_word_of_the_first(page, base_url):
    open_game(page, base_url, "?rules=yatzy&players=Ann&seed=5")
    page.locator(ROLL_BUTTON).click()
    match = new_match("yatzy", ["Ann"], seed=5).roll()  # the turn as the page has it: one roll made
    page.select_option("#language", "sv")
    page.wait_for_function("document.documentElement.lang === 'sv'")
    sv = text_in("sv")
    expect(page.locator(ROLL_BUTTON)).to_have_text(view.roll_label(match, t=sv))
    page.select_option("#language", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    de = text_in("de")
    expect(page.locator(ROLL_BUTTON)).to_have_text(view.roll_label(match, t=de))
    expect(page.locator("#hint-toggle-text")).to_have_text(de._("Hints for {name}", name="Ann"))
    swedish = {
        view.roll_label(match, t=sv),
        sv._("Roll"),
        sv._("Hints for {name}", name="Ann"),
        sv._("Hints"),
        view.status(match, t=sv),
    } - {view.roll_label(match, t=de), de._("Roll"), de._("Hints"), de._("Hints for {name}", name="Ann")}
    left = [text for text in page.evaluate(BOARD_TEXTS) if text in swedish]
    assert left == [], f"Swedish words left on the German board: {left}"


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


def test_new_match_after_a_reload_shows_the_last_starts_choices(page, base_url):
    open_game(page, base_url)
    page.locator("input[name=rules][value=yatzy]").check()
    reveal(page.locator("#setup-form [name=count]")).select_option("3")
    reveal(page.locator("#setup-form [name=name1]")).fill("Zelda")
    reveal(page.locator("#start-button")).click()
    expect(page.locator(ROLL_BUTTON)).to_be_visible()
    open_game(page, base_url)  # the reload: the match resumes
    expect(page.locator(ROLL_BUTTON)).to_be_visible()
    press_header(page, "menu-new")
    if page.locator("#ask").is_visible():  # leaving a match in progress is asked first
        page.locator("#ask-yes").click()
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("input[name=rules][value=yatzy]")).to_be_checked()
    expect(page.locator("#setup-form [name=count]")).to_have_value("3")
    expect(page.locator("#setup-form [name=name1]")).to_have_value("Zelda")


def test_new_match_mid_match_asks_the_games_own_question(page, base_url):
    browser_dialogs = []
    page.on("dialog", lambda d: (browser_dialogs.append(d.message), d.dismiss()))
    open_game(page, base_url, "?rules=yatzy&players=Ann&seed=5")
    page.locator(ROLL_BUTTON).click()
    match = page.evaluate(MATCH)
    ask = page.get_by_role("dialog")
    # Cancel keeps the match, and the focus goes back to New match.
    press_header(page, "menu-new")
    expect(ask).to_be_visible()
    expect(ask).to_contain_text(words.WORDS.leave_match)
    assert focused(page) == "ask-no"  # the focus moves into the question, on the safe answer
    ask.get_by_role("button", name="Cancel").click()
    expect(ask).to_be_hidden()
    expect(page.locator(ROLL_BUTTON)).to_be_visible()
    assert focused(page) == "menu-new" and page.evaluate(MATCH) == match
    # Escape too; a key in the question is no command to the table (r would roll).
    press_header(page, "menu-new")
    expect(ask).to_be_visible()
    page.keyboard.press("r")
    page.keyboard.press("Escape")
    expect(ask).to_be_hidden()
    assert focused(page) == "menu-new" and page.evaluate(MATCH) == match
    # In the player's language; the confirming button opens the setup.
    page.select_option("#language", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    de = text_in("de")
    press_header(page, "menu-new")
    expect(ask).to_contain_text(de._(words.WORDS.leave_match))
    expect(page.locator("#ask-no")).to_have_text(de._("Cancel"))
    ask.get_by_role("button", name=de._(words.WORDS.leave_yes)).click()
    expect(ask).to_be_hidden()
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#play")).to_be_hidden()
    assert browser_dialogs == []  # never the browser's confirm()
