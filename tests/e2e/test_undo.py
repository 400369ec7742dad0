"""Undo in the page: a misclick mended, never a roll, and off by choice (that it never takes back a computer's turn
is CPython's: tests/unit/test_session.py and the property in tests/unit/test_fair_play.py)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e import ui


def test_score_the_wrong_box_undo_score_the_right_one_and_reload(page, base_url):
    query = "rules=yahtzee&players=Ann&seed=5"
    ui.start(page, base_url, query)
    ui.roll(page)
    offered = ui.choices(page)
    ui.choose(page, "Chance")  # the wrong box
    assert ui.cell(page, "chance") == str(offered["Chance"])
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#status")).to_contain_text("Undone")
    assert ui.cell(page, "grand_total") == "0"
    assert ui.choices(page) == offered  # the box is open again: the same dice, the same choices
    ui.choose(page, "Ones")  # the right one
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    assert ui.cell(page, "ones") == str(offered["Ones"])
    assert ui.cell(page, "chance") == ""
    assert ui.cell(page, "grand_total") == str(offered["Ones"])
    assert ui.cell(page, "upper_subtotal") == str(offered["Ones"])


def test_roll_roll_undo_leaves_the_second_roll_on_the_table(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=12")
    page.keyboard.press("r")
    page.keyboard.press("1")
    page.keyboard.press("r")
    expect(page.locator("#roll-marks .mark.used")).to_have_count(2)
    second = ui.dice(page)
    page.keyboard.press("u")  # a roll is never taken back: undone, it would show the roll to come
    assert "never a roll" in ui.notice(page)
    assert ui.dice(page) == second and ui.held(page)[0]
    expect(page.locator("#roll-marks .mark.used")).to_have_count(2)
    page.keyboard.press("2")
    page.keyboard.press("Control+z")  # a hold since the roll: a mis-tap, mended
    expect(page.get_by_role("button", name=re.compile(r"^Die 2, "))).to_have_attribute("aria-pressed", "false")
    assert ui.dice(page) == second


def test_undo_off_has_no_button_and_the_key_says_why(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=4&undo=0")
    ui.roll(page)
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    page.keyboard.press("u")
    assert "Undo is off for this match" in ui.notice(page)
    assert None not in ui.dice(page)
