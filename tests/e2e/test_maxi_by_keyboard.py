"""Maxi Yatzy on a phone, played by keyboard in Swedish (issue 37): six dice and twenty boxes on one screen, a turn
by keys alone (the focus moved back from Roll to a box, up through the boxes, Enter) that stops after one roll and
saves two rolls, and the longest Roll label fitting the phone in both themes.

The page's dice are replayed here (the same link, the same keys as actions), so each roll and each offered box are
checked against the words the view functions give in Swedish (CPython here, Pyodide there). The whole game by keys,
saved rolls spent and the ending in Swedish, is CPython's (tests/unit/app/test_maxi_by_keys.py).
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.actions import Action, Hold, Roll, Score
from game.core.engine import Match
from game.present import board_view
from game.records.choices import parse_link
from tests.helpers import ui
from tests.helpers.site import open_game
from tests.helpers.ui import text_in

SEED = 41  # its second turn rolls four times without six alike
QUERY = f"rules=maxi&players=Ann&seed={SEED}"
PHONE = {"width": 390, "height": 844}
ON_A_BOX = "document.activeElement.matches('#scorecard button.choice')"
TRAY = "bs => bs.map(b => [b.getAttribute('aria-label'), b.getAttribute('aria-pressed') === 'true'])"
OFFERED = "bs => bs.map(b => [b.dataset.category, b.getAttribute('aria-label')])"
FITS = "document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth"
BOX = "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


@pytest.fixture
def phone(browser, base_url):
    """A phone's page (390 × 844) whose browser speaks Swedish."""
    context = browser.new_context(locale="sv-SE", viewport=PHONE, base_url=base_url)
    yield context.new_page()
    context.close()


class Table:
    """The page played by keyboard, and the same match replayed here action by action."""

    def __init__(self, page):
        setup, problems = parse_link("?" + QUERY)
        assert problems == ()
        self.page, self.sv = page, text_in("sv")
        self.match: Match = setup.start(t=self.sv)

    def key(self, key: str, action: Action) -> None:
        self.page.keyboard.press(key)
        self.match = self.match.apply(action)

    def roll(self) -> None:
        self.key("r", Roll())
        shown = self.page.locator("#dice button").evaluate_all(TRAY)
        assert shown == [
            [die.label, die.held] for die in board_view.dice(self.match, t=self.sv)
        ]  # the same dice, held alike

    def hold_the_most(self) -> None:
        """Hold (keys 1–6) every die showing the face most dice show, the higher face on a tie."""
        face = max(Counter(self.match.dice).items(), key=lambda item: (item[1], item[0]))[0]
        for index, shown in enumerate(self.match.dice):
            if shown == face and not self.match.held[index]:
                self.key(str(index + 1), Hold(index))

    def score_the_best(self) -> None:
        """Reach the offered box of the most points by keyboard (Shift+Tab back from Roll to the last offered box,
        then up through the offered ones) and choose it with Enter."""
        cells = board_view.cells(self.match, t=self.sv)
        expected = [[c.id, cells[(c.id, 0)].label] for c in self.match.ruleset.categories if cells[(c.id, 0)].label]
        assert self.page.locator("#scorecard button.choice").evaluate_all(OFFERED) == expected
        order = [c.id for c in self.match.ruleset.categories]
        options = self.match.options()
        best = max(options, key=lambda box: (options[box], -order.index(box)))
        for _ in range(12):  # the dice, Hints, Undo and Win chances lie between
            self.page.keyboard.press("Shift+Tab")
            if self.page.evaluate(ON_A_BOX):
                break
        offered = [box for box, _ in expected]
        for _ in range(len(offered) - 1 - offered.index(best)):
            self.page.keyboard.press("ArrowUp")
        assert self.page.evaluate("document.activeElement.dataset.category") == best
        self.key("Enter", Score(best))

    def roll_label(self) -> str:
        shown = self.page.locator("#roll-button").inner_text()
        assert shown == board_view.roll_label(self.match, t=self.sv)
        return shown

    def status(self) -> str:
        return self.page.locator("#status").inner_text()


def box(page, selector: str) -> list[float]:
    return page.locator(selector).first.evaluate(BOX)


def fits_the_phone_table(page) -> None:
    """One screen: no scroll, Roll whole and under the thumb on one line, the grand total in sight, boxes ≥ 24 px."""
    assert page.evaluate(FITS), page.evaluate("[document.documentElement.scrollHeight, innerHeight]")
    left, top, right, bottom = box(page, "#roll-button")
    assert left >= 0 and right <= PHONE["width"] and bottom <= PHONE["height"] and top >= 0.6 * PHONE["height"]
    assert bottom - top <= 46, "Roll's label wraps"
    assert box(page, '#scorecard td[data-row="grand_total"]')[3] <= box(page, "#tray")[1] + 0.5
    heights = page.locator("#scorecard button.choice").evaluate_all("bs => bs.map(b => b.offsetHeight)")
    assert heights and min(heights) >= 24, heights


def test_a_maxi_yatzy_turn_by_keyboard_on_a_swedish_phone(phone, base_url):
    page = open_game(phone, base_url, "?" + QUERY)
    table = Table(page)
    assert page.locator("#scorecard tr.category").count() == len(table.match.ruleset.categories) == 20
    assert page.locator("#dice button").count() == 6

    table.roll()  # the first turn stops after one roll: two are saved
    table.score_the_best()
    assert page.evaluate("document.activeElement.id") == "roll-button"  # the focus back on Roll for the next turn
    assert table.match.saved_rolls(0) == 2
    assert table.roll_label() == "Slå (5 kvar, sparade: 2)"
    table.roll()
    fits_the_phone_table(page)  # the longest label, mid-game: shown in both themes and on a desktop
    ui.screenshot(page, "maxi-phone-sv-light")
    page.emulate_media(color_scheme="dark")
    fits_the_phone_table(page)
    ui.screenshot(page, "maxi-phone-sv-dark")
    page.emulate_media(color_scheme="light")
    page.set_viewport_size({"width": 1440, "height": 900})
    assert page.evaluate(FITS)
    ui.screenshot(page, "maxi-desktop-sv")
    table.hold_the_most()
    table.roll()
    assert table.status().startswith(board_view.rolled(table.match, t=table.sv))
