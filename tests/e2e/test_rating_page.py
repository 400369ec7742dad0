"""The rating and where a total stands, in the page (issue 48): Statistics shows a person's rating, its scale in
words and its chart from a stored history; an ending says where the total stands against the optimal player's
games; both clean for axe. The figures themselves are CPython's (tests/unit/records/test_rating.py, test_finals.py)."""

from __future__ import annotations

import json
import math

from playwright.sync_api import expect

from game.coach.finals import standing
from game.core import variants
from game.records.history import History
from game.records.record import SeatRecord, build_record, shape_of
from tests.helpers import ui
from tests.helpers.site import open_game
from tests.helpers.ui import STILL, at_the_last_box, press_header

YACHT = variants.ruleset("yacht")
ROWS = ([3, 6, 9, 12, 15, 18, 0, 24, 30, 0, 20, 50], [2, 8, 9, 16, 20, 24, 26, 20, 0, 30, 23, 0])  # 187, 178
SERIOUS = ("serious", "critical")


def stored_history() -> str:
    """Ann's Yacht games as the history keeps them: five on her own (0.30, 0.20, 0.10, 0.10, 0.05 lost per
    decision over 40), one with an undo (rated apart) and one played on hints (left out)."""
    games = [(12.0, 0, False), (8.0, 0, False), (4.0, 0, False), (4.0, 0, False), (2.0, 0, False)]
    games += [(20.0, 1, False), (0.0, 0, True)]
    history = History()
    for n, (lost, undos, hinted) in enumerate(games):
        record = build_record(
            f"{n + 1:016x}",
            f"2026-11-{10 + n:02d}T18:00:00Z",
            shape_of(YACHT),
            n + 1,
            0,
            (SeatRecord("Ann", "human", None),),
            [ROWS[n % 2]],
            (0,),
            (undos,),
            (lost,),
            decisions=(40,),
            hinted=(hinted,),
        )
        history = history.add(record)
    return json.dumps(history.to_dict())


def serious(page) -> list:
    from axe_playwright_python.sync_playwright import Axe

    violations = Axe().run(page).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations if v["impact"] in SERIOUS]


def test_statistics_show_the_rating_its_scale_and_its_chart(page, base_url):
    open_game(page, base_url)
    page.evaluate("t => localStorage.setItem('yacht-dice/history', t)", stored_history())
    open_game(page, base_url)  # Python reads the stored history at its start
    press_header(page, "menu-stats")
    numbers = page.locator(".stats-numbers")
    expect(numbers).to_be_visible()
    # (12 + 8 + 4 + 4 + 2) / 200 = 0.15: strong; the undone game apart, the game played on hints left out
    expect(numbers.get_by_role("row", name="Rating, last 5 games")).to_contain_text("0.15 per decision, strong")
    expect(numbers.get_by_role("row", name="Rating, all 5 games")).to_contain_text("0.15 per decision")
    expect(numbers.get_by_role("row", name="With undos or hints, 1 game")).to_contain_text("0.50 per decision")
    expect(numbers.get_by_role("row", name="Best against the optimal player")).to_contain_text(
        f"better than {math.floor((standing(YACHT, 187) or 0) * 100)}% of its games"
    )
    scale = page.locator(".stats-scale")
    expect(scale).to_contain_text("Below 0.1: superb")
    expect(scale).to_contain_text("Tom Verhoeff")
    chart = page.locator("figure.chart").filter(has_text="Rating: points lost per decision")
    expect(chart.locator("svg[role='img']")).to_be_visible()
    expect(chart.locator("table tbody td")).to_have_text(["0.30", "0.20", "0.10", "0.10", "0.05"])  # oldest first
    expect(chart.locator("table tfoot td")).to_have_text("0.15")  # their mean
    assert serious(page) == []
    for width, height in ((390, 844), (1440, 900)):
        page.set_viewport_size({"width": width, "height": height})
        for theme in ("light", "dark"):
            page.evaluate("theme => { document.documentElement.dataset.theme = theme; }", theme)
            chart.scroll_into_view_if_needed()
            ui.screenshot(page, f"rating-{width}-{theme}")
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), (width, theme)
    assert serious(page) == []  # dark, on a desktop


def test_an_ending_says_where_the_total_stands(page, base_url):
    at_the_last_box(page, base_url)
    ui.choose(page, "Yacht")  # Bob's last box: Ann ends on 164
    share = standing(YACHT, 164)
    assert share is not None
    expect(page.locator("#ending li").first).to_have_text("Ann: the first game under these rules.", timeout=30_000)
    page.get_by_role("button", name="How did I play?").click()  # the numbers head the report
    analysis = page.locator("#report .analysis")
    words = f"Ann: Better than {math.floor(share * 100)}% of the optimal player's games."
    expect(analysis.locator("li").first).to_have_text(words, timeout=30_000)
    expect(analysis).to_contain_text("The optimal player averages 167.0 under these rules.")
    # luck and skill (issue 57): each person's dice and choices in the report; how Ann won by them, the end card's
    # coach line (not said again in the report)
    expect(analysis).to_contain_text("Ann 164: dice +476, choices \N{MINUS SIGN}479")
    won = "Ann won by 95: the dice were even, Ann's choices were 95 better"
    expect(page.locator("#ending .ending-coach")).to_have_text(won)
    expect(analysis).not_to_contain_text("Ann won by")
    page.wait_for_function(STILL)  # the scene come to rest: axe weighs its colours, not a frame of its fade
    assert serious(page) == []
