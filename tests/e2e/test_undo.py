"""Undo in the page: a misclick mended, across a computer's turn, the same dice again, and off by choice."""

from __future__ import annotations

from playwright.sync_api import expect

from game.present.setup import parse_link
from tests.e2e import ui


def twin(query: str):
    setup, problems = parse_link("?" + query)
    assert problems == ()
    return setup.start()


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


def test_undo_a_roll_by_keyboard_and_roll_again_gives_the_same_dice(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=12")
    page.keyboard.press("r")
    page.keyboard.press("1")
    page.keyboard.press("r")
    second = ui.dice(page)
    page.keyboard.press("u")  # takes back the second roll
    page.keyboard.press("Control+z")  # and the hold
    assert ui.held(page) == [False] * 5
    page.keyboard.press("1")
    page.keyboard.press("r")
    assert ui.dice(page) == second


def test_undo_takes_back_the_computers_turn_with_the_persons_action(page, base_url):
    query = "rules=yacht&players=Ann&cpu=2:easy&seed=3"
    ui.start(page, base_url, query)
    ui.roll(page)
    ui.choose(page, "Choice")
    page.get_by_role("button", name="Skip to the result").click()
    expect(page.locator("#scorecard td[data-player='1'].last")).to_have_count(1, timeout=20_000)
    page.get_by_role("button", name="Undo").click()
    assert "Choice" in ui.choices(page)
    assert ui.cell(page, "grand_total", 1) == "0"
    assert page.locator("#scorecard td[data-player='1'].last").count() == 0
    assert ui.dice(page) == list(twin(query).roll().dice)


def test_undo_off_has_no_button_and_the_key_says_why(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=4&undo=0")
    ui.roll(page)
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    page.keyboard.press("u")
    assert "Undo is off for this match" in ui.notice(page)
    assert None not in ui.dice(page)
