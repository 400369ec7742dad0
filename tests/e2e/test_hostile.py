"""The second hostile pass (issue 36) in the page: stored values that cannot be read, a damaged
history, full storage and text that must survive exactly. The decisions are tested in CPython
(tests/unit/test_app.py, tests/unit/test_one_way_in.py); these check that the page carries them out."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.e2e import ui
from tests.e2e.conftest import open_game
from tests.e2e.test_reliability import SAVE_KEY, UNREADABLE_KEY, refuse_storage, store

HISTORY_KEY = "yacht-dice/history"
SETUP_KEY = "yacht-dice/setup"
KEPT_PREFIX = "yacht-dice/unreadable-"
KEPT = f"""() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('{KEPT_PREFIX}'))
    .map(k => [k, localStorage.getItem(k)]))"""


def test_b1_a_deep_remembered_setup_never_stops_the_start(page, page_log, base_url):
    deep = '{"a":' * 10_000 + "1" + "}" * 10_000
    store(page, base_url, {SETUP_KEY: deep})
    open_game(page, base_url)
    expect(page.get_by_role("button", name="Play solo", exact=True)).to_be_enabled()
    assert page.evaluate(KEPT) == {f"{KEPT_PREFIX}setup": deep}
    ui.more(page).locator("input[name='name1']").fill("Ann")
    page.get_by_role("button", name="Start").click()
    ui.roll(page)
    assert None not in ui.dice(page)
    assert page.evaluate(KEPT) == {f"{KEPT_PREFIX}setup": deep}  # the new start wrote its setup, not over the copy
    assert page_log.errors == []


def test_b2_a_damaged_history_is_kept_aside_and_new_games_are_recorded(page, base_url):
    damaged = '{"format": "yacht-dice/history", "version": 1, "rules": [{"name": "yac'
    store(page, base_url, {HISTORY_KEY: damaged})
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=4")
    ui.play_out(page)
    expect(page.locator("#notice")).to_contain_text("kept aside")  # when the finished game is to be recorded
    page.wait_for_function("() => (localStorage.getItem('yacht-dice/history') || '').includes('\"games\"')")
    assert len(json.loads(page.evaluate("localStorage.getItem('yacht-dice/history')"))["games"]) == 1
    page.get_by_role("button", name="Statistics").click()
    expect(page.locator("#kept-text")).to_have_text(
        "1 copy of data this game could not read is kept aside in this browser."
    )
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the kept copies").click()
    assert json.loads(download.value.path().read_text()) == {f"{KEPT_PREFIX}history": damaged}
    page.get_by_role("button", name="Delete the kept copies").click()  # the game asks first
    expect(page.get_by_role("dialog")).to_contain_text("Delete the copies kept aside?")
    page.get_by_role("dialog").get_by_role("button", name="Delete the kept copies").click()
    expect(page.locator("#kept")).to_be_hidden()
    assert page.evaluate(KEPT) == {}


def test_b3_a_second_unreadable_save_never_replaces_the_first_copy(page, base_url):
    store(page, base_url, {SAVE_KEY: "{first"})
    open_game(page, base_url)
    page.get_by_role("button", name="Start a new match").click()
    ui.more(page).locator("input[name='name1']").fill("Ann")
    page.get_by_role("button", name="Start").click()
    ui.roll(page)
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', '{{second')")
    open_game(page, base_url)
    expect(page.locator("#save-problem-kept")).to_contain_text("Nothing was deleted")
    kept = page.evaluate(KEPT)
    assert kept[UNREADABLE_KEY] == "{first" and sorted(kept.values()) == ["{first", "{second"]


def test_b4_full_storage_is_never_blamed_on_another_tab(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=2")
    page.evaluate(refuse_storage(SAVE_KEY))
    ui.roll(page)
    for die in (1, 2, 3, 2):
        ui.die(page, die).click()
        assert "not being saved" in ui.notice(page)
    ui.roll(page)
    expect(page.locator("#other-tab")).to_be_hidden()
    assert "another tab" not in page.locator("main").inner_text()
    assert ui.held(page)[0] and ui.held(page)[2]  # every hold was taken, none refused


def test_b9_a_kept_copy_is_exactly_what_was_stored_even_a_lone_surrogate(page, base_url):
    page.goto(f"{base_url}/static/icons/icon.svg")
    page.evaluate(f"localStorage.clear(); localStorage.setItem('{SAVE_KEY}', '{{\"name\": \"\\ud800\"')")
    open_game(page, base_url)
    expect(page.locator("#save-problem-kept")).to_contain_text("Nothing was deleted")
    same = page.evaluate(f"localStorage.getItem('{UNREADABLE_KEY}') === '{{\"name\": \"\\ud800\"'")
    assert same is True


def test_a_family_emoji_in_a_name_stays_one_character(page, base_url):
    """Issue 36's smaller item: a name's zero-width joiners were taken for controls, so a family came out as four
    people with spaces between them, in the setup form, on the card and in the save."""
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
    ui.start(page, base_url, f"rules=yacht&players=Ann {family}&seed=3")
    expect(page.locator('#scorecard thead th[data-seat="0"]').first).to_have_text(f"Ann {family}")
    ui.roll(page)
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert f"Ann {family}" in json.dumps(saved, ensure_ascii=False)
