"""The end of a match in the page: the winner scene shown, come to rest, and still where motion is reduced; the
celebration toast clear of the status line. Its words, each outcome (a win either way, a tie), the game's total in
context and Play again are CPython's (tests/unit/app/test_ending_flows.py, test_match_ending.py)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.helpers import ui
from tests.helpers.ui import STILL, at_the_last_box

# Whether two elements' boxes overlap on the screen (a hidden one, or one made invisible, has no box: it overlaps
# nothing). A small moment's words may stand over the dice that made it: the issue keeps Menu and Roll clear.
OVERLAP = """([a, b]) => {
  const seen = id => getComputedStyle(document.getElementById(id)).visibility !== "hidden";
  const [p, q] = [a, b].map(id => document.getElementById(id).getBoundingClientRect());
  return seen(a) && seen(b) && p.width > 0 && q.width > 0 && p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
}"""


RESULT_FIRST = """() => {
  window.scrollTo(0, 0);
  const box = id => document.getElementById(id).getBoundingClientRect();
  return {results: box("results").top, card: box("card").top, again: box("play-again").bottom,
          screen: innerHeight};
}"""


def test_the_celebration_is_clear_of_the_board_and_the_scene_comes_to_rest(page, base_url):
    at_the_last_box(page, base_url)
    # The longest celebration there is, shown as the page shows one (390 × 844: a tall phone's large dice, no felt over them).
    words = "Ann reached the upper bonus: 35 more points! Yacht for Ann!"
    page.evaluate(
        "words => { document.getElementById('cheer-text').textContent = words;"
        " document.getElementById('cheer').hidden = false; }",
        words,
    )
    page.wait_for_function(STILL)  # its words risen as high as they go (a slower machine measured them there)
    for size in (
        {"width": 360, "height": 640},
        {"width": 360, "height": 740},
        {"width": 390, "height": 844},
        {"width": 1024, "height": 768},
        {"width": 1280, "height": 800},
    ):
        page.set_viewport_size(size)
        ui.screenshot(page, f"cheer-{size['width']}x{size['height']}")
        for other in ("headline", "last-move", "roll-button", "card", "menu-button"):  # the status line as seen
            assert not page.evaluate(OVERLAP, ["cheer", other]), json.dumps({"size": size, "covers": other})
    page.evaluate("document.getElementById('cheer').hidden = true")

    ui.choose(page, "Yacht")  # Bob's last box: Ann wins
    scene = page.locator("#scene")
    expect(scene).to_be_visible()
    expect(page.get_by_role("region", name="Final standings")).to_be_visible()  # two seats: standings
    expect(scene.locator(".scene-headline")).to_have_text("Ann")
    expect(scene.locator("svg.trophy")).to_have_count(1)
    expect(page.get_by_role("button", name="Rematch")).to_be_focused()  # two seats: the same table again
    # Ann's and Bob's games in context, and the coach's line: how Ann won (by the dice, by the choices); the numbers
    # (the optimal player, each person's dice and choices, issue 57) head the report, How did I play?
    expect(page.locator("#ending li")).to_have_count(5, timeout=30_000)
    expect(page.locator("#ending li.ending-coach")).to_contain_text("Ann won by ")
    # their first game on this browser: each person's trophies, a line each (game.records.trophies)
    expect(page.locator("#ending li.ending-trophy")).to_have_text(
        [re.compile("^New troph(y|ies) for Ann: "), re.compile("^New troph(y|ies) for Bob: ")]
    )
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function(STILL)
    ui.screenshot(page, "ending-win-phone")
    # The result first, over the card (a scroll away); Play again whole on the first screen.
    laid = page.evaluate(RESULT_FIRST)
    assert laid["results"] < laid["card"] and laid["again"] <= laid["screen"], laid
    expect(page.locator("#ending li.ending-coach")).to_have_text(
        "Ann won by 95: the dice were even, Ann's choices were 95 better"
    )
    page.get_by_role("button", name="How did I play?").click()
    expect(page.locator("#report .analysis li")).to_have_count(5, timeout=30_000)  # the coach's line not again
    expect(page.locator("#report .analysis li").filter(has_text="Ann 164: dice ")).to_have_count(1)


def test_where_motion_is_reduced_the_scene_stands_still(browser, base_url):
    context = browser.new_context(reduced_motion="reduce", locale="en-US")
    page = context.new_page()
    try:
        at_the_last_box(page, base_url)
        ui.choose(page, "Yacht")
        expect(page.locator("#scene")).to_be_visible()
        moving = page.evaluate(
            "() => document.getAnimations().filter(a => a.effect.target.closest('#scene')).length"
            " + [...document.querySelectorAll('#scene .confetti')].filter(c => c.getClientRects().length).length"
        )
        assert moving == 0
    finally:
        context.close()
