"""A first visit's bytes: the page loads a trimmed standard library, and it holds every module the game loads (that a
start from the snapshot loads only the rest of it: tests/e2e/test_hosts.py)."""

from __future__ import annotations

import json
import re
import zipfile

from playwright.sync_api import expect

from tests.helpers import ui
from tests.helpers.site import DIST, open_game
from tools.build import FULL_STDLIB
from tools.serve import ROOT

TRIMMED_URL = "**/static/python/stdlib-*.zip"
SNAPSHOT_URL = "**/static/python/snapshot-*.bin"


def trimmed_zip() -> zipfile.ZipFile:
    """The trimmed standard library the built page names."""
    starter = (DIST / "static/js/python.mjs").read_text()
    return zipfile.ZipFile(
        DIST
        / "static/python"
        / json.loads(re.search(r"^const BUILT = (\{.*\});$", starter, re.M).group(1))["stdlib"].removeprefix(
            "../python/"
        )
    )


def test_the_trimmed_standard_library_holds_every_module_the_game_loads(page, page_log, plain_base_url):
    """Play through the game's features with Pyodide's whole standard library in the trimmed one's place
    (and no snapshot, made with the trimmed one): every module then loaded from the zip is in the trimmed one."""
    whole = (ROOT / FULL_STDLIB).read_bytes()
    page.route(TRIMMED_URL, lambda route: route.fulfill(body=whole, content_type="application/zip"))
    page.route(SNAPSHOT_URL, lambda route: route.abort())
    open_game(page, plain_base_url, "?rules=yahtzee&players=Ann&cpu=2:win&seed=12")
    assert page.locator("html").get_attribute("data-python") == "started"
    page.get_by_label("Hints for Ann").check()
    page.get_by_label("Win chances").check()
    ui.roll(page)
    expect(page.locator("#chances")).to_contain_text("Chances to win", timeout=30_000)
    page.locator("#scorecard button.choice").first.click()
    ui.press_header(page, "menu-rules")
    ui.press_header(page, "menu-stats")
    ui.open_menu(page)
    page.select_option("#language", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    loaded = ui.run_python(
        page,
        "\n".join(
            [
                "import sys",
                "zip_path = next(p for p in sys.path if p.endswith('.zip'))",
                "result = sorted({m.__file__[len(zip_path) + 1:] for m in list(sys.modules.values())",
                "                 if (getattr(m, '__file__', None) or '').startswith(zip_path + '/')})",
            ]
        ),
    )
    assert len(loaded) > 50 and "json/__init__.py" in loaded  # the tour did load modules from the zip
    missing = sorted(set(loaded) - set(trimmed_zip().namelist()))
    assert missing == [], f"loaded from the whole zip but not in the trimmed one: {missing}"
    assert [e for e in page_log.errors if "ERR_FAILED" not in e] == []  # the snapshot's refused download aside
