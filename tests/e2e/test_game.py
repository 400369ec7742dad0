"""The playable game in headless Chromium, driven by accessible names (issue 5): what only a browser shows.

A turn by clicks (the dice Python draws in its worker, tossed and held on the page, the box scored, the save in
localStorage read back after a reload), a turn by keys alone (focus and the live region), the phone's layout, and
play without storage. Whole games, matches, the setup form, links and refused actions are played through
``update`` in CPython (tests/unit/app/test_table_play.py, test_app.py).
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from game.coach.session import Session
from game.core import engine
from game.present import board_view
from tests.helpers import ui

# Counts the tosses page.js starts on the dice (Element.animate on a die's body), before the page's own script runs.
COUNT_TOSSES = """
window.tossed = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (this.closest && this.closest('#dice')) window.tossed += 1;
  return animate.apply(this, args);
};
"""


def engine_twin(query: str) -> engine.Match:
    """The engine's match for the same link, to check the page against."""
    from game.records.choices import parse_link

    setup, problems = parse_link("?" + query)
    assert problems == ()
    return setup.start()


def test_a_turn_by_clicks_shows_pythons_dice_tossed_and_held_and_a_reload_keeps_it(page, base_url):
    query = "rules=custom&dice=6&sides=8&players=Solo,Bob&seed=2024"
    page.add_init_script(COUNT_TOSSES)
    ui.start(page, base_url, query)
    assert "?" not in page.url  # the link's query leaves the address
    twin = engine_twin(query)
    names = {c.name: c.id for c in twin.ruleset.categories}
    ui.roll(page)
    twin = twin.roll()
    assert ui.dice(page) == list(twin.dice)
    page.wait_for_function("window.tossed >= 6")  # each die thrown
    ui.die(page, 1).click()
    ui.die(page, 3).click()
    twin = twin.hold(0).hold(2)
    assert ui.held(page) == [True, False, True, False, False, False]
    ui.roll(page)
    twin = twin.roll()
    assert ui.dice(page) == list(twin.dice)
    offered = ui.choices(page)
    assert {names[n]: p for n, p in offered.items()} == twin.options()
    ui.choose(page, "Chance")
    twin = twin.score("chance")
    assert ui.cell(page, "chance") == str(offered["Chance"])
    expect(page.locator("#status")).to_contain_text("Bob's turn")
    ui.roll(page)
    twin = twin.roll()
    # a tap while the dice fly lands them (issue 54): the hold waits for the throw to land, and for its answer
    page.wait_for_function(
        "document.getAnimations().filter(a => a.effect.target.closest('#dice') && a.playState === 'running'"
        " && !(a instanceof CSSTransition)).length === 0"
    )
    ui.die(page, 2).click()
    expect(ui.die(page, 2)).to_have_attribute("aria-pressed", "true")
    twin = twin.hold(1)
    saved = json.loads(page.evaluate("localStorage.getItem('yacht-dice/match')"))
    assert Session.from_dict(saved).match == twin  # the save is the session's, as CPython reads it
    before = (ui.dice(page), ui.held(page), page.get_by_role("button", name=ui.ROLL).inner_text())
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    assert (ui.dice(page), ui.held(page), page.get_by_role("button", name=ui.ROLL).inner_text()) == before
    assert ui.cell(page, "chance") == str(offered["Chance"]) and before[2] == board_view.roll_label(twin)
    expect(page.locator("#status")).to_contain_text(f"Bob's turn, roll 1 of {twin.ruleset.rolls_per_turn}")


def test_a_turn_by_keys_alone_moves_the_focus_and_speaks_in_the_live_region(page, base_url):
    """A whole turn by keyboard and ear (issue 47): each roll, hold and release said in the live region (the status
    line), once per step, and B reading the board into a live region of its own."""
    ui.start(page, base_url, "rules=yahtzee&players=Kim&seed=13")
    live, board = page.locator("#status[aria-live='polite']"), page.locator("#spoken[aria-live='polite']")
    page.keyboard.press("r")
    expect(live).to_contain_text("Kim rolled ")
    first = ui.dice(page)
    assert None not in first
    expect(live).to_have_text(f"Kim rolled {', '.join(map(str, first))} (roll 1 of 3)")
    page.keyboard.press("1")
    expect(live).to_have_text(f"Held {first[0]} (die 1)")
    page.keyboard.press("1")
    expect(live).to_have_text(f"Released {first[0]} (die 1)")
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.keyboard.press("3")
    page.keyboard.press("Control+z")  # a mis-tap mended: the last hold taken back
    assert ui.held(page)[:3] == [True, True, False]
    page.keyboard.press("b")
    held = f"Dice: {first[0]} held, {first[1]} held, {', '.join(map(str, first[2:]))}. Open boxes: Ones, "
    expect(board).to_contain_text(f"Kim's turn, roll 1 of 3. 2 rolls left. {held}")
    expect(board).to_contain_text("Chance, ")
    page.keyboard.press("r")
    expect(board).to_have_text("")  # the next step: the old board is not left to read
    again = ui.dice(page)
    assert again[:2] == first[:2]
    expect(live).to_have_text(f"Kim rolled {', '.join(map(str, again))} (roll 2 of 3)")
    offered = list(ui.choices(page).items())
    page.locator("#scorecard button.choice").first.focus()
    page.keyboard.press("ArrowDown")  # the focus moves to the next box offered, which says its points
    name, points = offered[1]
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == (
        f"{name}, {points} point{'s' if points != 1 else ''}"
    )
    page.keyboard.press("Enter")
    expect(live).to_contain_text(f"Kim scored {points} in {name}")
    assert page.evaluate("document.activeElement.id") == "roll-button"


def test_no_horizontal_scroll_and_big_touch_targets_on_a_phone(page, base_url):
    page.set_viewport_size({"width": 360, "height": 640})
    ui.start(page, base_url, "rules=yatzy&players=Ann,Bob,Cy,Dee,Eve&seed=1")
    ui.roll(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    sizes = page.locator("#dice button, #roll-button, #scorecard button.choice").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert sizes and all(w >= 44 and h >= 40 for w, h in sizes), sizes
    roll_box = page.locator("#roll-button").bounding_box()
    assert roll_box["y"] + roll_box["height"] <= 640
    ui.screenshot(page, "yatzy-5-players-360")
    page.set_viewport_size({"width": 1280, "height": 800})
    ui.screenshot(page, "yatzy-5-players-desktop")


def test_play_goes_on_when_the_browser_refuses_storage(page, base_url):
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});"
    )
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=2")
    ui.roll(page)
    assert None not in ui.dice(page)
    assert "not being saved" in ui.notice(page)
