"""Forced order and the house rules in a browser (issue 49): a forced-order Yatzy game played to its end by keyboard
alone, the card marking the one box each turn may fill; and Yatzy's five alike as a Full House chosen in More, then
said by the Rules screen. The scoring, the exact hints and the links are CPython's (tests/unit/coach/test_forced_order.py,
test_house_rules.py).
"""

from __future__ import annotations

from playwright.sync_api import expect

from game.core.actions import Roll, Score
from game.records.choices import parse_link
from tests.helpers import ui
from tests.helpers.site import open_game
from tests.helpers.ui import press_header

QUERY = "rules=yatzy&forced_order=1&players=Ann&seed=49"
FOCUSED = "document.activeElement ? (document.activeElement.dataset.category || document.activeElement.id) : ''"
ON_A_BOX = "document.activeElement.matches('#scorecard button.choice')"


def test_a_forced_order_game_by_keyboard_to_its_end(page, base_url):
    ui.start(page, base_url, QUERY)
    setup, problems = parse_link("?" + QUERY)
    assert problems == ()
    match = setup.start()  # the same dice, replayed here: the page's total is checked at the end
    order = [category.id for category in match.ruleset.categories]
    page.locator("#roll-button").focus()
    for turn, box in enumerate(order):
        page.keyboard.press("r")
        match = match.apply(Roll())
        offered = page.locator("#scorecard button.choice")
        assert offered.evaluate_all("bs => bs.map(b => b.dataset.category)") == [box]  # only the next box
        next_cell = page.locator("#scorecard td.next")
        assert next_cell.count() == 1 and next_cell.get_attribute("data-row") == box  # and the card marks it
        for _ in range(12):  # Shift+Tab back from Roll past the dice and the tray's switches, to the box
            page.keyboard.press("Shift+Tab")
            if page.evaluate(ON_A_BOX):
                break
        assert page.evaluate(FOCUSED) == box, (turn, box)
        page.keyboard.press("Enter")
        match = match.apply(Score(box))
        if turn < len(order) - 1:
            assert page.evaluate(FOCUSED) == "roll-button"  # the focus back on Roll for the next turn
    expect(page.locator("#results")).to_be_visible()
    assert match.game_over
    assert ui.cell(page, "grand_total") == str(match.ruleset.totals(match.cards[-1][0].scores).grand_total)


def test_five_alike_as_a_full_house_chosen_in_more_is_said_by_the_rules(page, base_url):
    open_game(page, base_url)
    form = ui.more(page)
    page.get_by_label("Yatzy", exact=True).check()
    house_rule = form.locator('input[name="yatzy.full_house_five"]')
    expect(house_rule).to_be_visible()
    house_rule.check()
    page.locator("#start-button").click()
    page.locator("#roll-button").wait_for()
    press_header(page, "menu-rules")
    expect(page.locator("#rules-title")).to_have_text("Rules: Yatzy")
    expect(page.locator("#rules")).to_contain_text("The groups may show the same face: 5 dice alike count too.")
    expect(page.locator("#rules")).not_to_contain_text("5 dice alike do not count")
    page.locator("#rules-close").click()
    # the match itself plays the house rule: its save names the option (a plain Yatzy's names none)
    saved = 'Object.values(localStorage).some(v => /"full_house_five": ?true/.test(v))'
    assert page.evaluate(saved)
