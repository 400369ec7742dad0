"""History, statistics and backups in the page: games recorded, the screen, export and import, two tabs."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.e2e import ui
from tests.e2e.conftest import open_game


def play_game(page, base_url: str, seed: int, name: str = "Ann") -> int:
    """Play a solo Yacht game by link to the end; its grand total."""
    ui.start(page, base_url, f"rules=yacht&players={name}&seed={seed}")
    ui.play_out(page)
    return int(ui.cell(page, "grand_total"))


def recorded(page) -> int:
    """How many games the stored history holds (waits for the record, written after the game ends)."""
    page.wait_for_function("() => (localStorage.getItem('yacht-dice/history') || '').includes('\"games\"')")
    return len(json.loads(page.evaluate("localStorage.getItem('yacht-dice/history')"))["games"])


def stat(page, what: str) -> str:
    return (
        page.locator(".stats-numbers tr", has=page.get_by_role("rowheader", name=what, exact=True))
        .locator("td")
        .inner_text()
    )


def open_stats(page) -> None:
    page.get_by_role("button", name="Statistics").click()
    expect(page.get_by_role("heading", name="Statistics")).to_be_visible()


def test_two_games_by_link_show_in_statistics_with_mean_and_best(page, base_url):
    first = play_game(page, base_url, 1)
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('yacht-dice/history') || '{\"games\": []}').games.length === 1"
    )
    second = play_game(page, base_url, 2)
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('yacht-dice/history') || '{\"games\": []}').games.length === 2"
    )
    open_stats(page)
    expect(page.locator(".stats-numbers")).to_be_visible()
    assert stat(page, "Games") == "2"
    assert stat(page, "Mean") == f"{(first + second) / 2:.1f}"
    assert stat(page, "Best").startswith(str(max(first, second)))
    assert page.locator("svg[role='img']").count() >= 2  # charts, each with its table of numbers
    assert page.locator("figure.chart table").count() >= 2
    assert page.locator(".recent-games li").count() == 2


def test_export_clear_import_and_a_bad_file_changes_nothing(page, base_url, tmp_path):
    total = play_game(page, base_url, 3)
    assert recorded(page) == 1
    open_stats(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export backup").click()
    path = tmp_path / "backup.json"
    download.value.save_as(path)
    backup = json.loads(path.read_text())
    assert backup["format"] == "yacht-dice/backup" and len(backup["history"]["games"]) == 1
    page.evaluate("localStorage.clear()")
    open_game(page, base_url)
    open_stats(page)
    expect(page.locator("#stats-body")).to_contain_text("No finished games yet")
    page.set_input_files("#import-backup", str(path))
    expect(page.locator("#notice")).to_contain_text("Imported 1 new game")
    assert stat(page, "Best").startswith(str(total))
    page.set_input_files("#import-backup", str(path))  # twice: nothing doubled
    expect(page.locator("#notice")).to_contain_text("Imported 0 new games")
    before = page.evaluate("localStorage.getItem('yacht-dice/history')")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "yacht-dice/backup", "version": 99}')
    page.set_input_files("#import-backup", str(bad))
    expect(page.locator("#notice")).to_contain_text("not imported")
    bad.write_text("[" * 10000)
    page.set_input_files("#import-backup", str(bad))
    expect(page.locator("#notice")).to_contain_text("not imported")
    assert page.evaluate("localStorage.getItem('yacht-dice/history')") == before


def test_two_tabs_finishing_games_both_land_in_the_history(context, base_url):
    first, second = context.new_page(), context.new_page()
    open_game(second, base_url)
    open_stats(second)  # this tab has read the (empty) history before the other tab's game ends
    first.bring_to_front()  # a person plays in the tab in front (a tab behind has its timers slowed to 1 s)
    play_game(first, base_url, 4, "Ann")
    assert recorded(first) == 1
    second.bring_to_front()
    play_game(second, base_url, 5, "Bob")  # a new match in the second tab, finished there
    second.wait_for_function("() => JSON.parse(localStorage.getItem('yacht-dice/history')).games.length === 2")
    names = {
        seat[0]
        for game in json.loads(second.evaluate("localStorage.getItem('yacht-dice/history')"))["games"]
        for seat in game[5]
    }
    assert names == {"Ann", "Bob"}


def test_undoing_the_last_score_withdraws_the_game_from_the_history(page, base_url):
    play_game(page, base_url, 6)
    assert recorded(page) == 1
    page.get_by_role("button", name="Undo the last score").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('yacht-dice/history')).games.length === 0")
    page.locator("#scorecard button.choice").first.click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('yacht-dice/history')).games.length === 1")


def test_the_statistics_screen_has_no_serious_accessibility_violations(page, base_url):
    from axe_playwright_python.sync_playwright import Axe

    from bench.stats_browser import synthetic_history

    open_game(page, base_url)
    page.evaluate("t => localStorage.setItem('yacht-dice/history', t)", synthetic_history(30))
    open_game(page, base_url)  # Python reads the stored history at its start (this tab's own writes are its)
    open_stats(page)
    expect(page.locator(".stats-numbers")).to_be_visible()
    violations = Axe().run(page).response["violations"]
    serious = [
        (v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations if v["impact"] in ("serious", "critical")
    ]
    assert serious == []
