"""Drive the game page by its accessible names, as a screen-reader user or a test would."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.e2e.conftest import open_game

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
DIE_LABEL = re.compile(r"^Die (\d+), (?:showing (\d+)|blank)$")
ROLL = re.compile(r"^Roll")
CHOICE = re.compile(r"^(.+), (\d+) points?$")


def start(page, base_url: str, query: str):
    """Open a new match from a link and wait until it is on the board."""
    open_game(page, base_url, "?" + query)
    page.get_by_role("button", name=ROLL).wait_for()
    return page


def more(page):
    """Open the setup screen's More (the lobby folds every choice but the rule set, and Start, in it); the form."""
    more = page.locator("#setup-more")
    if more.get_attribute("open") is None:
        more.locator("summary").click()
    return page.locator("#setup-form")


def roll(page) -> None:
    """Press the Roll button."""
    page.get_by_role("button", name=ROLL).click()


def die(page, number: int):
    """The locator of die ``number`` (1-based)."""
    return page.get_by_role("button", name=re.compile(rf"^Die {number}, "))


def dice(page) -> list[int | None]:
    """The faces the tray shows (None for a blank die), read from the dice's names."""
    faces = []
    for label in page.locator("#dice button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))"):
        match = DIE_LABEL.match(label)
        assert match, label
        faces.append(int(match.group(2)) if match.group(2) else None)
    return faces


def held(page) -> list[bool]:
    """Which dice are held, from aria-pressed."""
    return [
        v == "true"
        for v in page.locator("#dice button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-pressed'))")
    ]


def choices(page) -> dict[str, int]:
    """The category buttons offered now: display name -> points."""
    names = page.locator("#scorecard button.choice").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    out = {}
    for label in names:
        match = CHOICE.match(label)
        assert match, label
        out[match.group(1)] = int(match.group(2))
    return out


def choose(page, name: str) -> None:
    """Score the dice in the category with this display name."""
    page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}, \d+ points?$")).click()


def play_out(page) -> None:
    """Roll once and take the first offered category until the game is over."""
    while page.locator("#results").is_hidden():
        roll(page)
        page.locator("#scorecard button.choice").first.click()


def cell(page, row: str, player: int = 0) -> str:
    """The text of one scorecard cell (row key such as 'grand_total', 0-based player)."""
    return page.locator(f"#scorecard td[data-row='{row}'][data-player='{player}']").inner_text().strip()


def status(page) -> str:
    """The live region's text."""
    return page.locator("#status").inner_text()


def notice(page) -> str:
    """The explanation shown for a refused action ('' when none)."""
    box = page.locator("#notice")
    return box.inner_text() if box.is_visible() else ""


def screenshot(page, name: str) -> None:
    """Save a screenshot for people to look at (tests/e2e/screenshots/, not committed)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def run_python(page, code: str):
    """Run ``code`` in the game's Python, in its worker; it must bind ``result`` to something JSON can hold."""
    worker = next(w for w in page.workers if w.evaluate("typeof yachtPyodide === 'object'"))
    return json.loads(
        worker.evaluate(
            """code => {
            const scope = yachtPyodide.globals.get("dict")();
            yachtPyodide.runPython(code, { globals: scope });
            return yachtPyodide.runPython("import json; json.dumps(result)", { globals: scope });
        }""",
            code,
        )
    )


FORGET = """async () => {
    await window.yachtPage.answered();
    window.yachtPage.stop();  // no event reaches Python from now on: nothing of the game writes storage again
    localStorage.clear();
    sessionStorage.clear();
}"""
"""Empty the site's storage from the game's page, once Python has answered everything, and keep it empty."""


def start_afresh(page, base_url: str, query: str):
    """:func:`start` in the same page with the site's storage emptied first, as a new context has it (a link
    would otherwise ask before it replaced the match in progress): a page load, without a new context's downloads."""
    if page.url.startswith(base_url) and page.evaluate("() => window.yachtPage !== undefined"):
        page.evaluate(FORGET)
    return start(page, base_url, query)
