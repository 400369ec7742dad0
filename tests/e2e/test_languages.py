"""The page in the player's language: chosen from the browser, switched mid-match, fitting a phone, accessible.

Expected words come from the compiled catalogues through the same view functions the page runs
(CPython here, Pyodide there), so a test names one word by hand only where the issue does (Kåk).
What Python words (the card, the status, the rules screen, Maxi Yatzy in Swedish) is asserted in CPython:
tests/unit/app/test_language_flows.py; here the page's own part: <html lang>, the fixed texts, the catalogue's
fetch, layout and axe.
"""

from __future__ import annotations

import re

from game.app.settings import NO_CATALOGUE
from game.core import variants
from game.core.engine import new_match
from game.present import board_view
from tests.helpers.site import open_game
from tests.helpers.ui import open_menu, text_in

ROLL_BUTTON = "#roll-button"
FIRST_CHOICE = "#scorecard button.choice"


SAVE = "localStorage.getItem('yacht-dice/match')"
SHOWN = "bs => bs.map(b => b.querySelector('.face').dataset.face)"  # each strip's first face: the one in sight
PRESSED = "bs => bs.map(b => b.getAttribute('aria-pressed'))"


def axe_serious(page) -> list:
    from axe_playwright_python.sync_playwright import Axe

    found = [v for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    return [(v["id"], v["nodes"][0]["html"]) for v in found]


def test_the_page_speaks_the_browsers_language_switches_mid_match_and_is_axe_clean_in_each(browser, base_url):
    """A Swedish browser gets Swedish; a language whose catalogue cannot be fetched (offline before it was ever
    kept) is said and changes nothing; each language then switched to mid-match words the page's fixed texts,
    leaves the match as it was and is axe-clean on the table; the last one is remembered across a reload.

    No service worker: once installed it precaches every catalogue (its own fetches pass the page's route).
    """
    context = browser.new_context(locale="sv-SE", base_url=base_url, service_workers="block")
    page = context.new_page()
    refused = []

    def once(route):  # the first fetch of the Danish catalogue fails, as offline; a later one comes
        if refused:
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page.route("**/static/locale/da.mo", once)
    try:
        open_game(page, base_url, "?rules=yahtzee&players=Ann,Bob&seed=11")
        sv = text_in("sv")
        assert page.evaluate("document.documentElement.lang") == "sv"
        full_house = page.locator("#scorecard tr:has(td[data-row='full_house']) th").inner_text()
        assert full_house == "Kåk" == variants.ruleset("yahtzee").category("full_house").display(sv)
        assert page.locator(ROLL_BUTTON).inner_text() == board_view.roll_label(
            new_match("yahtzee", ["Ann", "Bob"], seed=11), t=sv
        )
        assert page.locator("#menu-stats").inner_text() == sv._("Statistics")  # the page's fixed texts
        assert page.title() == sv._("Yacht Dice")
        page.locator(ROLL_BUTTON).click()
        page.locator("#dice button[data-die='1']").click()
        before = page.evaluate(SAVE)
        faces = page.locator("#dice button").evaluate_all(SHOWN)
        pressed = page.locator("#dice button").evaluate_all(PRESSED)

        open_menu(page)  # the language picker is one of the header's actions, under Menu
        page.select_option("#language", "da")
        page.locator("#notice").filter(has_text=re.compile(".")).wait_for()
        assert refused and page.locator("#notice").inner_text() == sv._(NO_CATALOGUE)
        assert page.evaluate("document.documentElement.lang") == "sv"
        assert page.locator("#language").input_value() == "sv"
        assert page.evaluate("localStorage.getItem('yacht-dice/language')") is None
        assert page.evaluate(SAVE) == before

        for code in ("en", "da", "es", "fr", "nb", "sv", "de"):
            page.select_option("#language", code)
            page.wait_for_function(f"document.documentElement.lang === '{code}'")
            t = text_in(code)
            assert page.locator("#menu-stats").inner_text() == t._("Statistics"), code
            assert page.title() == t._("Yacht Dice"), code
            chance = page.locator("#scorecard tr:has(td[data-row='chance']) th").inner_text()
            assert chance == variants.ruleset("yahtzee").category("chance").display(t), code
            assert page.evaluate(SAVE) == before, code  # the match is untouched
            assert page.locator("#dice button").evaluate_all(SHOWN) == faces, code
            assert page.locator("#dice button").evaluate_all(PRESSED) == pressed, code
            assert axe_serious(page) == [], code
        page.keyboard.press("Escape")  # the menu folds
        page.locator(FIRST_CHOICE).first.click()  # play goes on, in German
        after = page.evaluate(SAVE)
        assert after != before
        # Remembered: a reload comes back in German, the match where it was.
        open_game(page, base_url)
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.evaluate(SAVE) == after
    finally:
        context.close()


CLIPPED = """() => {
  const out = [];
  for (const el of document.querySelectorAll('button, label, th, td, h1, h2, h3, legend, summary, option, p, span, select')) {
    if (!el.offsetParent && el.tagName !== 'OPTION') continue;
    if (el.closest('.visually-hidden') || el.getBoundingClientRect().width <= 1) continue;  // for screen readers only
    if (el.matches('#dice .die')) continue;  // a landed die's pose tilts its face past its box on purpose (feel.POSES)
    const style = getComputedStyle(el);
    if (style.textOverflow === 'ellipsis' && el.title === el.textContent) continue;  // a long name, whole in its title
    if (style.overflow === 'visible' && style.textOverflow !== 'ellipsis') {
      // text that does not fit overflows its box: compare the box to its content
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && style.display !== 'inline') out.push(el.outerHTML.slice(0, 120));
    } else if (el.scrollWidth > el.clientWidth + 1) {
      out.push(el.outerHTML.slice(0, 120));
    }
  }
  return out;
}"""


def test_german_at_360_px_has_no_sideways_scroll_and_no_clipped_label(browser, base_url):
    """The setup screen, then a match of three long names, in German on a 360 px phone."""
    context = browser.new_context(locale="de-DE", viewport={"width": 360, "height": 740}, base_url=base_url)
    page = context.new_page()
    try:
        for query in ("", "?rules=yahtzee&players=Annemarie,Bartholomäus,Christiane&seed=3"):
            open_game(page, base_url, query)
            assert page.evaluate("document.documentElement.lang") == "de"
            if query:
                page.locator(ROLL_BUTTON).click()
                page.locator(FIRST_CHOICE).first.wait_for()
                page.evaluate(
                    "Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))"
                )  # a tumbling die leaves its box
            wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert wide <= 0, f"the German page {query or '(setup)'} scrolls sideways by {wide} px"
            assert page.evaluate(CLIPPED) == [], query
    finally:
        context.close()
