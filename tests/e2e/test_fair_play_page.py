"""Fair play in the page, second pass: a practice match typed on the daily game's seed meets other dice, the daily
game resumes where it stood after seven other shared games, and the next person's Undo after the pass screen is
refused in words."""

from __future__ import annotations

from datetime import UTC, datetime

from playwright.sync_api import expect

from game.app.events import Button, Pressed, Start
from game.app.keys import SAVE_KEY
from game.app.state import App
from game.app.update import update
from game.core import links
from game.core.engine import new_match
from game.records import daily
from tests.helpers import ui
from tests.helpers.site import open_game
from tests.helpers.ui import store

ROLL_BUTTON = "#roll-button"


def daily_rules(page) -> str:
    """The rule set the lobby's Daily game plays (the form's rule set)."""
    return page.locator("input[name='rules']:checked").get_attribute("value")


def test_a_practice_match_on_the_daily_games_seed_meets_other_dice(page, base_url):
    open_game(page, base_url)
    rules = daily_rules(page)
    page.locator("#quick-daily").click()
    ui.roll(page)
    the_days = ui.dice(page)
    seed = daily.seed(daily.game_name(rules), datetime.now(UTC).date())
    open_game(page, base_url, f"?rules={rules}&players=Me,Bob&seed={seed}&undo=1")  # the hostile link
    page.locator("#link-start").click()  # over the daily game in progress: asked first
    for _ in range(3):
        ui.roll(page)
        assert ui.dice(page) != the_days  # no roll of the practice shows the day's first roll


def challenge(index: int) -> str:
    """A finished game of Cy's as the challenge link's value, on a seed of its own."""
    match = new_match("yacht", ["Cy"], seed=7_000 + index)
    while not match.game_over:
        match = match.roll()
        match = match.score(match.open_categories()[0])
    return links.write(match, links.LinkKind.CHALLENGE)


def test_after_seven_shared_games_the_daily_game_resumes_where_it_stood(page, base_url):
    now = datetime.now(UTC).isoformat().replace("+00:00", "Z")
    app, _ = update(App(), Start(), now=now)
    app, _ = update(app, Pressed(Button.QUICK_DAILY), now=now)
    app, _ = update(app, Pressed(Button.ROLL), now=now)
    where = app.session.match
    for index in range(7):  # seven challenges opened after it, each rolled once: what this phone's storage holds
        app, _ = update(App(), Start(stored=app.storage.stored, query=(("challenge", challenge(index)),)), now=now)
        if app.screen.kind.value == "link-choice":
            app, _ = update(app, Pressed(Button.LINK_START), now=now)
        app, _ = update(app, Pressed(Button.ROLL), now=now)
    held = {key: value for key, value in app.storage.stored if key != SAVE_KEY}  # the last challenge is off the board
    store(page, base_url, held)
    open_game(page, base_url)  # the lobby
    page.locator("#quick-daily").click()
    expect(page.locator(ROLL_BUTTON)).to_be_visible()
    assert ui.dice(page) == list(where.dice)  # the day's first roll, as it stood: not dealt again
    assert page.locator(ROLL_BUTTON).inner_text().startswith("Roll")


def test_bobs_undo_after_the_pass_screen_is_refused_in_words(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann,Bob&pass=1")
    ui.roll(page)
    page.locator("#scorecard button.choice").first.click()
    page.locator("#pass-start").click()  # Bob takes the phone
    page.keyboard.press("u")
    expect(page.locator("#notice")).to_have_text("The phone was passed on: the turns before it are final.")
    expect(page.locator("#status")).to_contain_text("Bob")
