"""Fair play in the page: each seat meets dice of its own, and the daily game begun, left and begun again is taken
up where it stood (the rules themselves are tested in CPython: tests/unit/test_fair_play.py, test_shared_games.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e import ui


def test_pass_and_play_shows_bob_other_first_dice_than_ann_on_the_same_seed(page, base_url):
    ui.start(page, base_url, "rules=yahtzee&players=Ann,Bob&pass=1&seed=7")
    ui.roll(page)
    ann = ui.dice(page)
    page.locator("#scorecard button.choice").first.click()
    page.get_by_role("region", name="Bob's turn").get_by_role("button", name="Start").click()
    ui.roll(page)
    bob = ui.dice(page)
    assert None not in ann and None not in bob and bob != ann  # seed 7 gave both 3 3 5 6 4 before


def test_a_daily_game_begun_left_and_started_again_resumes_where_it_stood(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=1")  # a match first, then the lobby
    page.get_by_role("button", name="New match").first.click()
    page.get_by_role("button", name="Daily game").click()
    expect(page.get_by_role("button", name=ui.ROLL)).to_be_visible()
    ui.roll(page)
    page.locator("#scorecard button.choice").first.click()
    ui.roll(page)
    expect(page.locator("#roll-marks .mark.used")).to_have_count(1)
    seen = ui.dice(page)
    page.get_by_role("button", name="New match").first.click()
    page.get_by_role("button", name="Leave the match").click()
    page.get_by_role("button", name="Play solo").click()  # another match over it
    expect(page.get_by_role("button", name=ui.ROLL)).to_be_visible()
    page.get_by_role("button", name="New match").first.click()
    page.get_by_role("button", name="Daily game").click()
    expect(page.locator("#roll-marks .mark.used")).to_have_count(1)  # round 2, rolled once: not begun again
    assert ui.dice(page) == seen
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    assert ui.dice(page) == seen
