"""Hints and a computer player in the page (issue 7): the hint panel as the worker draws it with the advisor's table it
fetched, whole and marked on the board, and a computer's turn that its worker's timers play on after a reload.

Each hint being the advisor's best, the cost of a worse choice, win chances, a computer's whole match and the
after-game report are played through ``update`` in CPython (tests/unit/app/test_advice_flows.py)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from game.coach import advisor
from game.coach.advice import hint
from game.coach.odds import Odds
from game.core import variants
from game.present import coach_view
from game.records.choices import parse_link
from tests.helpers import ui

BEST = re.compile(r"^Best: (keep [\d ]+|reroll all|score .+)$")


def test_the_hint_panel_is_cpythons_whole_and_marked_then_the_computer_plays_on_after_a_reload(page, base_url):
    """The panel's lines and reason are the ones CPython words for the same position (exact odds, issue 16)."""
    query = "rules=yahtzee&players=Ann&cpu=2:good&seed=21"
    ui.start(page, base_url, query)
    ui.roll(page)
    page.get_by_label("Hints for Ann").check()
    twin = parse_link("?" + query)[0].start().roll()
    want = coach_view.advice(twin, hint(advisor.Advisor(twin.ruleset), twin, Odds(twin.ruleset)))
    # First the plain words (issue 54): what to do and why; the screen reader hears the dice by position, once.
    expect(page.locator("#hint .hint-line")).to_have_text(want.plain, timeout=30_000)
    expect(page.locator("#hint-said")).to_have_text(want.said)
    assert want.said.startswith("Hint: keep di") and "%" not in want.plain and "." not in want.plain
    page.locator("#hint summary").click()  # the numbers behind Why?
    best = page.locator("#hint details p")
    expect(best).to_have_text(BEST)
    assert best.inner_text() == want.title
    assert page.locator("#hint ol li").all_inner_texts() == list(want.lines)
    assert any("%" in line for line in want.lines)  # at least one keep aims at a box
    assert page.locator("#hint .hint-why").inner_text() == want.why
    assert want.keep and want.category is None  # this position's best is a keep: its dice are marked, no box
    expect(page.locator("#dice .hint-keep")).to_have_count(len(want.keep))
    expect(page.locator("#scorecard button.choice.hint-best")).to_have_count(0)
    # Every option is shown whole: the panel does not clip its own list.
    clipped = page.evaluate(
        "() => { const h = document.querySelector('#hint'); return h.scrollHeight - h.clientHeight; }"
    )
    assert clipped <= 1

    ui.choose(page, "Chance")
    expect(page.locator("#status")).to_contain_text(
        "Robin"
    )  # the computer's turn: "Robin (computer) is playing", then its rolls and holds
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    # After the reload the computer finishes its turn, and it is Ann's turn again.
    expect(page.locator("#status")).to_contain_text("Ann's turn", timeout=60_000)
    filled = [ui.cell(page, c.id, 1) for c in variants.ruleset("yahtzee").categories]
    assert sum(1 for text in filled if text) == 1
