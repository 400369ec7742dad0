"""The trainer on a phone, by taps: Statistics' Practice, a puzzle answered right, the next answered wrong (its cost
and the ranking shown), clean for axe. Its schedule and refusals are asserted in CPython (tests/unit/app/test_trainer.py)."""

from __future__ import annotations

import os
import re

from playwright.sync_api import expect

from game.coach.coaching import Coach
from game.coach.drills import built_in, code, solve
from game.core.variants import ruleset
from tests.helpers.site import open_game

SHOTS = os.environ.get("YACHT_SHOTS")  # a folder: the trainer's screenshots are written there to be looked at


def answers(index: int) -> tuple[str, str]:
    """The right and a wrong choice of the built-in Yacht puzzle a new person meets ``index``-th (nothing stored)."""
    rs = ruleset("yacht")
    solution = solve(Coach(rs), built_in(rs)[index])
    wrong = next(c for c in solution.offered if not solution.right(c))
    return code(solution.best), code(wrong)


def test_a_puzzle_is_answered_right_and_one_wrong_on_a_phone(browser, base_url):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    try:
        open_game(page, base_url, "?rules=yacht&players=Ann&seed=3")
        page.locator("#menu-button").tap()  # a phone's header keeps Statistics in its Menu
        page.get_by_role("button", name="Statistics").tap()
        page.get_by_role("button", name="Practice").tap()
        expect(page.get_by_role("heading", name="Practice")).to_be_visible()
        expect(page.get_by_role("img", name=re.compile(r"^Dice: "))).to_be_visible()
        right, wrong = answers(0)
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/trainer-puzzle.png", full_page=True)
        page.locator(f'[data-choice="{right}"]').tap()
        expect(page.locator("#drill-answer")).to_contain_text("Right: that is the best choice.")
        expect(page.locator("#drill-answer")).to_be_focused()

        page.get_by_role("button", name="Next puzzle").tap()
        right, wrong = answers(1)
        page.locator(f'[data-choice="{wrong}"]').tap()
        answer = page.locator("#drill-answer")
        expect(answer).to_contain_text("Not the best: your choice costs")
        expect(answer.locator("li.mine")).to_contain_text("(your choice)")
        expect(answer.locator("li").first).to_contain_text("1. ")
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/trainer-answer.png", full_page=True)

        from axe_playwright_python.sync_playwright import Axe

        violations = Axe().run(page).response["violations"]
        serious = [
            (v["id"], [n["target"] for n in v["nodes"]][:3])
            for v in violations
            if v["impact"] in ("serious", "critical")
        ]
        assert serious == []

        page.get_by_role("button", name="Back").tap()
        expect(page.locator("#play")).to_be_visible()
        page.locator("#menu-button").tap()
        page.get_by_role("button", name="Statistics").tap()
        progress = page.locator(".stats-practice")
        expect(progress).to_contain_text(re.compile(r"Puzzles missed\s*1"))
        expect(progress).to_contain_text("1 · 1 · 0 · 0 · 0")
        if SHOTS:
            progress.screenshot(path=f"{SHOTS}/trainer-progress.png")
    finally:
        context.close()
