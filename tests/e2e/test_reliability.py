"""Nothing lost, nothing stuck: hostile links and stored values, unreadable and oversized saves,
two tabs, and a link that would replace a match in progress."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from game.coach.session import Session
from game.core.engine import new_match
from game.core.inputs import MAX_SAVE_BYTES
from game.core.saves import to_dict
from tests.e2e import ui
from tests.e2e.conftest import open_game

SAVE_KEY = "yacht-dice/match"
UNREADABLE_KEY = "yacht-dice/unreadable-save"


def store(page, base_url, items: dict[str, str]) -> None:
    """Put values into the site's localStorage from a page that runs no game code."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # the icon's page asks for one
    page.goto(f"{base_url}/static/icons/icon.svg")
    page.evaluate(
        "items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items,
    )


def refuse_storage(key: str) -> str:
    """A script that makes localStorage refuse writes of ``key`` as a full storage does."""
    return f"""(() => {{
        const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {{
            if (this === window.localStorage && key === '{key}') throw new DOMException('full', 'QuotaExceededError');
            return real.call(this, key, value);
        }};
    }})()"""


def test_a_link_with_several_problems_lists_them_and_a_reload_does_not_repeat_them(page, page_log, base_url):
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, base_url, "?games=" + "9" * 5000 + "&games=2&players=Ann&cpu=5:easy")
    items = page.locator("#setup-error li")
    expect(items).to_have_count(3)
    expect(items.first).to_be_in_viewport()  # brought into sight below the form
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # a long value wraps, no sideways scroll
    texts = items.all_inner_texts()
    assert texts[0] == "games='999999999999999999999999…' (5000 characters) is not a number of games from 1 to 6"
    assert texts[1] == "games is given more than once; the first value is used"
    assert texts[2].startswith("cpu: seat 5 is a computer, but only 1 player is named")
    assert "?" not in page.url
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator("#setup-error")).to_be_hidden()
    expect(page.get_by_role("button", name="Play solo", exact=True)).to_be_enabled()
    assert page_log.errors == []


def test_hostile_stored_values_never_stop_the_start(page, page_log, base_url):
    old_save = json.dumps(to_dict(new_match("yacht", ["Ann"], seed=7).roll()))
    store(
        page,
        base_url,
        {
            SAVE_KEY: old_save,  # a format-1 save, with its hints record…
            "yacht-dice/hints": '{"seed":"7","players":[1e400]}',  # …holding a number too large for a float
            "yacht-dice/setup": '{"rules":"x]"}',
        },
    )
    open_game(page, base_url)
    expect(page.locator("#play")).to_be_visible()  # the match resumed; the bad hints record only lost the hints
    assert None not in ui.dice(page)
    assert page_log.errors == []


def test_a_deeply_nested_save_is_reported_kept_and_never_breaks_a_start(page, page_log, base_url):
    nested = "[" * 10_000 + "]" * 10_000
    store(page, base_url, {SAVE_KEY: nested})
    open_game(page, base_url)
    expect(page.get_by_role("region", name="The saved match could not be read")).to_be_visible()
    expect(page.locator("#save-problem-reason")).to_have_text(  # in the player's words (the detail: the console)
        "The data nests 10,000 levels deep; at most 64 are read."
    )
    expect(page.locator("#save-problem-kept")).to_contain_text("Nothing was deleted")
    assert page.evaluate(f"localStorage.getItem('{UNREADABLE_KEY}')") == nested
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the saved data").click()
    assert download.value.suggested_filename.startswith("yacht-dice-unreadable-save-")
    page.get_by_role("button", name="Start a new match").click()
    page.get_by_role("button", name="Play solo", exact=True).click()  # the lobby's one tap
    ui.roll(page)
    assert page.evaluate(f"localStorage.getItem('{UNREADABLE_KEY}')") == nested  # still kept after a new match
    assert not [e for e in page_log.errors if "Maximum call stack" in e]


def test_a_save_too_large_to_copy_is_moved_aside_not_lost(page, base_url):
    huge = '{"format":"yacht-dice/session","padding":"' + "x" * (3 * 1024 * 1024) + '"}'
    store(page, base_url, {SAVE_KEY: huge})
    open_game(page, base_url)
    expect(page.locator("#save-problem-reason")).to_contain_text(
        f"too much data: {len(huge):,} bytes, and at most {MAX_SAVE_BYTES:,} are read"
    )
    expect(page.locator("#save-problem-kept")).to_contain_text("a copy is kept")
    # The copy beside the save does not fit, so the save is moved: that takes a round trip to the worker
    # (its refusal is answered there), so the move is waited for, not read at once.
    page.wait_for_function(f"localStorage.getItem('{UNREADABLE_KEY}') !== null")
    assert page.evaluate(f"localStorage.getItem('{UNREADABLE_KEY}')") == huge
    page.get_by_role("button", name="Start a new match").click()
    page.get_by_role("button", name="Play solo", exact=True).click()  # the lobby's one tap
    ui.roll(page)
    assert page.evaluate(f"localStorage.getItem('{UNREADABLE_KEY}')") == huge


def test_when_nothing_can_be_put_aside_the_new_match_waits_for_a_download(page, base_url):
    store(page, base_url, {SAVE_KEY: "{truncated"})
    page.add_init_script(refuse_storage(UNREADABLE_KEY))
    open_game(page, base_url)
    expect(page.locator("#save-problem-kept")).to_contain_text("storage is full")
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == "{truncated"  # put back where it was
    with page.expect_download() as download:
        page.get_by_role("button", name="Download it, then start a new match").click()
    assert download.value.suggested_filename.endswith(".json")
    expect(page.get_by_role("button", name="Play solo", exact=True)).to_be_visible()


def test_a_link_asks_before_it_replaces_a_match_in_progress(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=5")
    ui.roll(page)
    dice = ui.dice(page)
    open_game(page, base_url, "?rules=yatzy&players=Bob,Cy&seed=6")
    choice = page.get_by_role("region", name="Start the match in this link?")
    expect(choice).to_be_visible()
    expect(page.locator("#link-choice-text")).to_have_text(
        "You have a match in progress (Yacht, Ann, game 1 of 1, round 1 of 12). "
        "This link starts a new one (Yatzy, Bob and Cy, not started), which would replace it."
    )
    assert "?" not in page.url
    page.get_by_role("button", name="Keep playing my match").click()
    assert ui.dice(page) == dice
    open_game(page, base_url, "?rules=yatzy&players=Bob,Cy&seed=6")
    page.get_by_role("button", name="Start the new match").click()
    expect(page.locator("#scorecard .upper thead th").first).to_have_text("Yatzy")
    saved = Session.from_json(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert saved.match.ruleset.name == "yatzy"


def test_a_link_starts_at_once_when_no_match_is_in_progress(page, base_url):
    ui.start(page, base_url, "rules=yatzy&players=Bob&seed=6")
    expect(page.locator("#link-choice")).to_be_hidden()


def test_a_stale_tab_offers_the_newer_match(context, base_url):
    first = context.new_page()
    ui.start(first, base_url, "rules=yacht&players=Ann&seed=7")
    ui.roll(first)
    second = context.new_page()
    open_game(second, base_url)  # resumes the same match
    ui.roll(second)
    newer = second.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    expect(first.locator("#other-tab")).to_contain_text("continued in another tab")  # said at once
    dice = ui.dice(first)
    first.get_by_role("button", name=ui.ROLL).click()
    assert ui.dice(first) == dice  # refused: this tab writes nothing
    assert first.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == newer
    first.get_by_role("button", name="Show the newer match").click()
    expect(first.locator("#other-tab")).to_be_hidden()
    assert ui.dice(first) == ui.dice(second)
    ui.roll(first)  # now this tab is the current one
    assert first.evaluate(f"localStorage.getItem('{SAVE_KEY}')") != newer


def test_a_long_save_loads_and_one_too_large_to_be_real_is_refused(page, base_url):
    start = new_match("yahtzee", ["Ann", "Bob"], seed=3).roll()
    holds = [["hold", i % 5, (i // 5) % 2 == 0] for i in range(20_000)]
    long = Session(start.apply_all(holds))
    store(page, base_url, {SAVE_KEY: long.to_json()})
    open_game(page, base_url)
    expect(page.locator("#play")).to_be_visible()
    assert ui.dice(page) == list(long.match.dice)


def test_storage_full_is_said_and_remembered_after_a_reload(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=2")
    page.evaluate(refuse_storage(SAVE_KEY))
    ui.roll(page)
    assert "not being saved" in ui.notice(page)
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    assert "last moves were not saved" in ui.notice(page)
    assert ui.dice(page) == [None] * 5  # the match as last saved: before the roll
