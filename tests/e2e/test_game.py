"""The playable game in headless Chromium, driven by accessible names (issue 5)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from game.coach.session import Session
from game.core import cards, engine
from tests.e2e import ui
from tests.e2e.conftest import open_game

LINKS = {
    "yacht": "rules=yacht",
    "yahtzee": "rules=yahtzee",
    "yatzy": "rules=yatzy",
    "custom": "rules=custom&dice=6&sides=8",
}


def engine_twin(query: str) -> engine.Match:
    """The engine's match for the same link, to check the page against."""
    from game.present.setup import parse_link

    setup, problems = parse_link("?" + query)
    assert problems == ()
    return setup.start()


# Two rule sets in the browser (five dice, and six of eight sides): the page shows what Python draws. Every
# rule set's whole game by clicks is played in CPython (tests/unit/test_app.py).
@pytest.mark.parametrize("rules", ["custom", "yatzy"])
def test_full_solo_game_matches_the_engine(page, base_url, rules):
    query = f"{LINKS[rules]}&players=Solo&seed=2024"
    ui.start(page, base_url, query)
    twin = engine_twin(query)
    names = {c.name: c.id for c in twin.ruleset.categories}
    for turn in range(twin.rounds):
        ui.roll(page)
        twin = twin.roll()
        assert ui.dice(page) == list(twin.dice), f"turn {turn + 1}, first roll"
        ui.die(page, 1).click()
        ui.die(page, 3).click()
        twin = twin.hold(0).hold(2)
        assert ui.held(page)[:3] == [True, False, True]
        ui.roll(page)
        twin = twin.roll()
        assert ui.dice(page) == list(twin.dice), f"turn {turn + 1}, second roll"
        offered = ui.choices(page)
        assert {names[n]: p for n, p in offered.items()} == twin.options()
        best = max(offered, key=lambda name: (offered[name], -list(offered).index(name)))
        ui.choose(page, best)
        twin = twin.score(names[best])
    assert ui.cell(page, "grand_total") == str(twin.totals(0).grand_total)
    region = page.get_by_role("region", name="Final standings")
    expect(region).to_be_visible()
    expect(region).to_contain_text(f"Solo — {twin.totals(0).grand_total}")
    ui.screenshot(page, f"final-{rules}-desktop")


def test_three_player_yatzy_round(page, base_url):
    ui.start(page, base_url, "rules=yatzy&players=Ann,Bob,Cy&seed=7")
    headers = page.locator("#scorecard .upper thead th").all_inner_texts()
    assert headers[1:] == ["Ann", "Bob", "Cy"]
    assert page.locator("#scorecard tbody th").count() >= 15
    for index, name in enumerate(["Ann", "Bob", "Cy"]):
        expect(page.get_by_role("status").first).to_contain_text(f"{name}'s turn")
        ui.roll(page)
        expect(page.get_by_role("status").first).to_contain_text(f"{name}'s turn, roll 1 of 3")
        rolled = ui.dice(page)
        ui.choose(page, "Chance")
        assert ui.cell(page, "chance", index) == str(sum(rolled))
    for index in range(3):
        assert ui.cell(page, "chance", index).isdigit()
        assert ui.cell(page, "grand_total", index) == ui.cell(page, "chance", index)
    expect(page.get_by_role("status").first).to_contain_text("Ann's turn")
    page.set_viewport_size({"width": 390, "height": 844})
    ui.screenshot(page, "yatzy-3-players-phone")


def test_two_game_match_finished_after_game_one(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann,Bob&games=2&seed=5")
    assert page.locator("#scorecard tbody th", has_text="Match total").count() == 1
    ui.play_out(page)
    results = page.get_by_role("region", name="Standings after game 1")
    expect(results).to_be_visible()
    expect(page.get_by_role("button", name="Next game")).to_be_visible()
    page.get_by_role("button", name="Finish the match").click()
    final = page.get_by_role("region", name="Final standings")
    expect(final).to_be_visible()
    expect(final).to_contain_text(re.compile(r"(wins with|A tie between)"))
    assert ui.cell(page, "match", 0) == ui.cell(page, "game:0", 0)
    expect(page.get_by_role("button", name="New match")).to_be_visible()
    page.set_viewport_size({"width": 360, "height": 640})
    ui.screenshot(page, "final-standings-phone")


def test_next_game_starts_a_fresh_card_and_keeps_the_first(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&games=2&seed=11")
    ui.play_out(page)
    first = ui.cell(page, "grand_total")
    page.get_by_role("button", name="Next game").click()
    assert ui.cell(page, "grand_total") == "0"
    assert ui.cell(page, "game:0") == first
    assert ui.cell(page, "match") == first


def test_setup_form_starts_the_chosen_match(page, base_url):
    open_game(page, base_url)
    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    page.get_by_label("Yatzy", exact=True).check()
    ui.more(page)
    expect(page.locator("#options-yahtzee")).to_be_hidden()
    page.get_by_label("Number of players").select_option("3")
    page.get_by_label("Player 1").fill("Ann")
    page.get_by_label("Player 3").fill("Cy")
    page.get_by_label("Games in the match").select_option("2")
    ui.screenshot(page, "setup-desktop")
    page.get_by_role("button", name="Start").click()
    headers = page.locator("#scorecard .upper thead th").all_inner_texts()
    assert headers == ["Yatzy", "Ann", "Player 2", "Cy"]
    rows = page.locator("#scorecard tbody th").all_inner_texts()
    assert "One Pair" in rows and "Two Pairs" in rows and "Game 2" in rows


def test_setup_form_refuses_bad_custom_dice(page, base_url):
    open_game(page, base_url)
    page.get_by_label("Custom dice").check()
    ui.more(page)
    page.get_by_label("Dice", exact=True).fill("40")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#setup-error")).to_contain_text("dice=40 is outside 2..10 for Custom dice")
    expect(page.locator("#play")).to_be_hidden()


def test_link_start_is_reproducible_and_leaves_the_address(page, base_url):
    query = "rules=yatzy&players=Ann,Bob&games=2&seed=42"
    ui.start(page, base_url, query)
    assert "?" not in page.url
    ui.roll(page)
    assert ui.dice(page) == list(engine_twin(query).roll().dice)
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    assert ui.dice(page) == list(engine_twin(query).roll().dice)


@pytest.mark.parametrize(
    "query, message",
    [
        ("rules=poker", "rules='poker' is not a rule set"),
        ("rules=yatzy&games=9", "games='9' is not a number of games from 1 to 6"),
        ("players=A,B,C,D,E,F", "6 names given; a match has 1 to 5 players"),
        ("rules=custom&dice=1", "dice=1 is outside 2..10 for Custom dice"),
        ("games=%C2%B3", "games='³' is not a number of games from 1 to 6"),
        ("players=Ann&cpu=%C2%B2:perfect", "cpu='²:perfect': use seat:level pairs"),
        ("rules=custom&sides=" + "9" * 5000, "sides='999"),
    ],
)
def test_bad_link_shows_the_setup_screen_with_a_message(page, page_log, base_url, query, message):
    open_game(page, base_url, "?" + query)
    expect(page.locator("#setup-error")).to_contain_text(message)
    expect(page.get_by_role("button", name="Start")).to_be_visible()  # a link's problems open More
    assert page_log.errors == []


def test_reload_mid_turn_restores_everything(page, base_url):
    ui.start(page, base_url, "rules=yahtzee&players=Ann,Bob&seed=3")
    ui.roll(page)
    ui.choose(page, "Chance")
    ui.roll(page)
    ui.die(page, 2).click()
    ui.die(page, 5).click()
    ui.roll(page)
    before = (
        ui.dice(page),
        ui.held(page),
        page.get_by_role("button", name=ui.ROLL).inner_text(),
        ui.cell(page, "chance", 0),
    )
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    after = (
        ui.dice(page),
        ui.held(page),
        page.get_by_role("button", name=ui.ROLL).inner_text(),
        ui.cell(page, "chance", 0),
    )
    assert after == before
    assert before[1] == [False, True, False, False, True]
    assert before[2] == "Roll (1 left)"
    expect(page.get_by_role("status").first).to_contain_text("Bob's turn, roll 2 of 3")


def test_corrupted_save_is_reported_and_kept(page, base_url):
    open_game(page, base_url)
    page.evaluate("localStorage.setItem('yacht-dice/match', '{\"format\": \"yacht-dice/match\", truncated')")
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    problem = page.get_by_role("region", name="The saved match could not be read")
    expect(problem).to_be_visible()
    expect(page.locator("#save-problem-text")).to_have_value('{"format": "yacht-dice/match", truncated')
    page.get_by_role("button", name="Start a new match").click()
    ui.more(page)
    page.get_by_role("button", name="Start").click()
    ui.roll(page)
    kept = page.evaluate("localStorage.getItem('yacht-dice/unreadable-save')")
    assert kept == '{"format": "yacht-dice/match", truncated'


def test_illegal_actions_are_explained_and_change_nothing(page, base_url):
    ui.start(page, base_url, "rules=yahtzee&players=Ann&seed=9")
    # Holding before the first roll.
    ui.die(page, 3).click(force=True)
    assert "Ann cannot hold die 3: roll the dice first" in ui.notice(page)
    assert ui.held(page) == [False] * 5
    # Rolling with every die held.
    ui.roll(page)
    for number in range(1, 6):
        ui.die(page, number).click()
    faces = ui.dice(page)
    expect(page.get_by_role("button", name=ui.ROLL)).to_be_disabled()
    page.get_by_role("button", name=ui.ROLL).click(force=True)
    assert "all 5 dice are held" in ui.notice(page)
    assert ui.dice(page) == faces
    # Rolling after the last roll.
    ui.die(page, 1).click()
    ui.roll(page)
    ui.roll(page)
    faces = ui.dice(page)
    page.get_by_role("button", name=ui.ROLL).click(force=True)
    assert "rolls of this turn are used" in ui.notice(page)
    assert ui.dice(page) == faces
    # Choosing a filled category.
    ui.choose(page, "Chance")
    ui.roll(page)
    page.locator("#scorecard td[data-row='chance'][data-player='0']").click()
    assert "Chance" in ui.notice(page) and "already filled" in ui.notice(page)
    assert "Chance" not in ui.choices(page)


def test_player_names_are_text_never_html(page, base_url):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    name = "<img src=x onerror=alert(1)>"
    open_game(page, base_url)
    ui.more(page)
    page.get_by_label("Number of players").select_option("2")
    page.get_by_label("Player 1").fill(name)
    page.get_by_label("Player 2").fill("   ")
    page.get_by_role("button", name="Start").click()
    headers = page.locator("#scorecard .upper thead th").all_inner_texts()
    assert headers[1:] == [name, "Player 2"]
    assert page.locator("#scorecard img").count() == 0
    assert dialogs == []


def test_long_names_are_trimmed(page, base_url):
    ui.start(page, base_url, "players=" + "W" * 80)
    header = page.locator("#scorecard .upper thead th").nth(1).inner_text()
    assert 0 < len(header) <= cards.NAME_LENGTH


def test_keyboard_only_turn(page, base_url):
    ui.start(page, base_url, "rules=yahtzee&players=Kim&seed=13")
    page.keyboard.press("r")
    first = ui.dice(page)
    assert None not in first
    page.keyboard.press("1")
    page.keyboard.press("2")
    assert ui.held(page)[:2] == [True, True]
    page.keyboard.press("r")
    assert ui.dice(page)[:2] == first[:2]
    page.locator("#scorecard button.choice").first.focus()
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert re.match(r".+, \d+ points?$", focused)
    page.keyboard.press("Enter")
    expect(page.get_by_role("status").first).to_contain_text("Kim scored")
    assert page.evaluate("document.activeElement.id") == "roll-button"


def test_holding_a_die_by_key_is_announced_in_the_live_region(page, base_url):
    """A screen reader hears each hold and release (the status line is the live region), once per toggle."""
    ui.start(page, base_url, "rules=yacht&players=Kim&seed=13")
    live = page.locator("#status[aria-live='polite']")
    page.keyboard.press("r")
    expect(live).to_contain_text("Kim's turn, roll 1 of 3")
    face = ui.dice(page)[0]
    page.keyboard.press("1")
    expect(live).to_have_text(f"Die 1 held: {face}")
    page.keyboard.press("1")
    expect(live).to_have_text(f"Die 1 released: {face}")


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


def test_saved_json_is_the_session_save(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=8")
    ui.roll(page)
    saved = json.loads(page.evaluate("localStorage.getItem('yacht-dice/match')"))
    restored = Session.from_dict(saved)
    assert list(restored.match.dice) == ui.dice(page)


def test_play_goes_on_when_the_browser_refuses_storage(page, base_url):
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});"
    )
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=2")
    ui.roll(page)
    assert None not in ui.dice(page)
    assert "not being saved" in ui.notice(page)
