"""Statistics and backups in the page: the screen drawn with its charts and no serious accessibility violation, a
backup downloaded and read back through the file input. Games recorded, counted, imported and withdrawn, and two
tabs' games, are CPython's (tests/unit/app/test_statistics_flows.py, test_undo_flows.py, test_app.py)."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.helpers.site import open_game
from tests.helpers.ui import press_header

HISTORY = "localStorage.getItem('yacht-dice/history')"


def open_stats(page) -> None:
    press_header(page, "menu-stats")
    expect(page.get_by_role("heading", name="Statistics")).to_be_visible()


def test_the_statistics_screen_is_accessible_and_a_backup_goes_out_and_comes_back(page, base_url, tmp_path):
    from axe_playwright_python.sync_playwright import Axe

    from bench.stats_browser import synthetic_history

    open_game(page, base_url)
    page.evaluate("t => localStorage.setItem('yacht-dice/history', t)", synthetic_history(30))
    open_game(page, base_url)  # Python reads the stored history at its start (this tab's own writes are its)
    open_stats(page)
    expect(page.locator(".stats-numbers")).to_be_visible()
    assert page.locator("figure.chart svg[role='img']").count() >= 2  # charts, each with its table of numbers
    assert page.locator("figure.chart table").count() >= 2
    violations = Axe().run(page).response["violations"]
    serious = [
        (v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations if v["impact"] in ("serious", "critical")
    ]
    assert serious == []

    with page.expect_download() as download:
        page.get_by_role("button", name="Export backup").click()
    path = tmp_path / "backup.json"
    download.value.save_as(path)
    backup = json.loads(path.read_text())
    assert backup["format"] == "yacht-dice/backup" and len(backup["history"]["games"]) == 30
    page.evaluate("localStorage.clear()")
    open_game(page, base_url)
    open_stats(page)
    expect(page.locator("#stats-body")).to_contain_text("No finished games yet")
    page.set_input_files("#import-backup", str(path))
    expect(page.locator("#notice")).to_contain_text("Imported 30 new games")
    assert len(json.loads(page.evaluate(HISTORY))["games"]) == 30
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "yacht-dice/backup", "version": 99}')
    page.set_input_files("#import-backup", str(bad))
    expect(page.locator("#notice")).to_contain_text("not imported")
