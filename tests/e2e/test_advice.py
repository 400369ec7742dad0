"""Hints, computer players and the after-game report in the page (issue 7)."""

from __future__ import annotations

import re
from collections import Counter

from playwright.sync_api import expect

from game.coach import advisor
from game.core import engine, variants
from tests.e2e import ui

BEST = re.compile(r"^Best: (keep ([\d ]+)|reroll all|score (.+))$")


def test_hint_names_a_legal_move_and_its_expected_score(page, base_url):
    ui.start(page, base_url, "rules=yahtzee&players=Ann&seed=21")
    ui.roll(page)
    page.get_by_label("Hints for Ann").check()
    best = page.locator("#hint p")
    expect(best).to_have_text(BEST, timeout=30_000)
    text = best.inner_text()
    match = BEST.match(text)
    if match.group(3):
        assert match.group(3) in ui.choices(page)
        expect(page.locator("#scorecard button.choice.hint-best")).to_have_count(1)
    elif match.group(2):
        kept = Counter(int(f) for f in match.group(2).split())
        assert not kept - Counter(ui.dice(page))
        expect(page.locator("#dice .hint-keep")).to_have_count(sum(kept.values()))
    # Each listed option shows the expected final score, the best first and highest.
    values = [float(v) for v in re.findall(r"— (\d+\.\d)", page.locator("#hint ol").inner_text())]
    assert values and values == sorted(values, reverse=True)
    assert 100 < values[0] < 400
    # The same decision in CPython gives the same best value (the shipped table in both).
    twin = engine.new_match(variants.ruleset("yahtzee"), ["Ann"], seed=21).roll()
    assert f"{advisor.Advisor(twin.ruleset).options({}, twin.dice, 2)[0].expected:.1f}" == f"{values[0]:.1f}"


def test_a_worse_choice_says_what_it_cost(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=4")
    page.get_by_label("Hints for Ann").check()
    ui.roll(page)
    expect(page.locator("#hint p")).to_have_text(BEST, timeout=30_000)
    # Scoring a poor box on the first roll of the game is never the best move.
    ui.choose(page, "Aces")
    expect(page.get_by_role("status").first).to_contain_text(re.compile(r"That cost \d+\.\d points against the best"))


def test_a_match_with_a_computer_seat_plays_to_the_end(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&cpu=2:perfect&seed=8")
    headers = page.locator("#scorecard .upper thead th").all_inner_texts()
    assert headers[1:] == ["Ann", "Robin"]  # a computer left unnamed: the first of the names
    for _ in range(12):
        expect(page.get_by_role("status").first).to_contain_text("Ann's turn", timeout=60_000)
        ui.roll(page)
        page.locator("#scorecard button.choice").first.click()
        # The computer plays its turn by itself, visibly; skip its pauses.
        skip = page.get_by_role("button", name="Skip to the result")
        if skip.is_visible():
            skip.click()
    final = page.get_by_role("region", name="Final standings")
    expect(final).to_be_visible(timeout=60_000)
    assert ui.cell(page, "grand_total", 1).isdigit()
    assert int(ui.cell(page, "grand_total", 1)) > 0


def test_computer_turn_resumes_after_a_reload(page, base_url):
    ui.start(page, base_url, "rules=yatzy&players=Ann&cpu=2:good&seed=19")
    ui.roll(page)
    ui.choose(page, "Chance")
    expect(page.get_by_role("status").first).to_contain_text("(computer)")
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    # After the reload the computer finishes its turn, and it is Ann's turn again.
    expect(page.get_by_role("status").first).to_contain_text("Ann's turn", timeout=60_000)
    filled = [ui.cell(page, c.id, 1) for c in variants.ruleset("yatzy").categories]
    assert sum(1 for text in filled if text) == 1


def test_after_game_report(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=6")
    ui.play_out(page)
    page.get_by_role("button", name="How did I play?").click()
    report = page.locator("#report")
    expect(report).to_contain_text(
        re.compile(r"\d+ of \d+ decisions were the best move; expected points lost in all: \d+\.\d"), timeout=60_000
    )
    first = report.locator("li").first
    expect(first).to_contain_text(
        re.compile(r"^Round \d+, dice [\d ]+ with .*best was .*\(−\d+\.\d points\)( · best keep: .+ \d+\.\d%.*)?$")
    )
    if re.search(r"best was keep", first.inner_text()):  # a keep's aims and their odds follow
        expect(first).to_contain_text(re.compile(r" · best keep: .+ \d+\.\d%"))


def test_the_hint_shows_each_keep_s_exact_odds_and_why(page, base_url):
    """The panel's lines and reason are the ones CPython words for the same position (exact odds, issue 16)."""
    from game.coach.advice import hint
    from game.coach.odds import Odds
    from game.present import coach_view

    ui.start(page, base_url, "rules=yahtzee&players=Ann&seed=21")
    ui.roll(page)
    page.get_by_label("Hints for Ann").check()
    expect(page.locator("#hint p")).to_have_text(BEST, timeout=30_000)
    twin = engine.new_match(variants.ruleset("yahtzee"), ["Ann"], seed=21).roll()
    want = coach_view.advice(twin, hint(advisor.Advisor(twin.ruleset), twin, Odds(twin.ruleset)))
    assert page.locator("#hint ol li").all_inner_texts() == list(want.lines)
    assert any("%" in line for line in want.lines)  # at least one keep aims at a box
    assert page.locator("#hint .hint-why").inner_text() == want.why
    # Every option is shown whole: the panel does not clip its own list.
    clipped = page.evaluate(
        "() => { const h = document.querySelector('#hint'); return h.scrollHeight - h.clientHeight; }"
    )
    assert clipped <= 1


CHANCES = re.compile(r"^Chances to win \((estimated|exact)\): (.+) (\d+\.\d)% and (.+) (\d+\.\d)%$")


def test_win_chances_add_up_and_follow_the_game_against_a_computer_playing_to_win(page, base_url):
    """A 2-seat game by link (Ann against a computer that plays to win): the chances add up to 100%
    after every turn; each hint's keeps show their odds; the last turns and the end are exact."""
    ui.start(page, base_url, "rules=yacht&players=Ann&cpu=2:win&seed=12")
    assert page.locator("#scorecard .upper thead th").all_inner_texts()[1:] == ["Ann", "Robin"]
    page.get_by_label("Win chances").check()
    chances = page.locator("#chances")
    expect(chances).to_have_text("Chances to win (estimated): Ann 50.0% and Robin 50.0%", timeout=30_000)
    page.get_by_label("Hints for Ann").check()
    seen = set()
    with_odds = 0
    for _turn in range(12):
        expect(page.get_by_role("status").first).to_contain_text("Ann's turn", timeout=60_000)
        ui.roll(page)
        expect(page.locator("#hint p").first).to_have_text(BEST, timeout=30_000)
        lines = page.locator("#hint ol li").all_inner_texts()
        keeps = [line for line in lines if line.startswith("keep")]
        # A keep aiming at a box says its odds; a turn's keeps may all aim at none (a keep of everything but a
        # made box, or the best for winning late in a game), so the odds are counted over the game.
        with_odds += any(re.search(r" · .+ \d+\.\d%", line) for line in keeps)
        expect(chances).to_have_text(CHANCES, timeout=30_000)
        match = CHANCES.match(chances.inner_text())
        seen.add(match.group(1))
        assert abs(float(match.group(3)) + float(match.group(5)) - 100.0) <= 0.1
        page.locator("#scorecard button.choice").first.click()
        skip = page.get_by_role("button", name="Skip to the result")
        if skip.is_visible():
            skip.click()
    expect(page.get_by_role("region", name="Final standings")).to_be_visible(timeout=60_000)
    expect(chances).to_have_text(CHANCES, timeout=30_000)
    final = CHANCES.match(chances.inner_text())
    seen.add(final.group(1))
    assert final.group(1) == "exact" and sorted([final.group(3), final.group(5)]) in (
        ["0.0", "100.0"],
        ["50.0", "50.0"],
    )
    totals = [int(ui.cell(page, "grand_total", p)) for p in (0, 1)]
    winner = 0 if totals[0] > totals[1] else 1
    if totals[0] != totals[1]:
        assert float(final.group(3 + 2 * winner)) == 100.0
    assert seen == {"estimated", "exact"}  # the last turns are solved exactly
    assert with_odds >= 6, with_odds  # most turns have a keep aiming at a box, with its odds
