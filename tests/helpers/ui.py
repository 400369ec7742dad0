"""Drive the game page by its accessible names, as a screen-reader user or a test would."""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.coach.session import Session
from game.core.engine import new_match
from game.core.i18n import LANGUAGES, Text
from tests.helpers.site import open_game
from tools import i18n

SCREENSHOTS = Path(__file__).resolve().parents[1] / "e2e" / "screenshots"
DIE_LABEL = re.compile(r"^Die (\d+), (?:showing (\d+)|blank)$")
ROLL = re.compile(r"^Roll")
CHOICE = re.compile(r"^(.+), (\d+) points?(?:, hinted)?$")  # the hint's best box says so


def start(page, base_url: str, query: str):
    """Open a new match from a link and wait until it is on the board."""
    open_game(page, base_url, "?" + query)
    page.get_by_role("button", name=ROLL).wait_for()
    return page


def more(page):
    """Open the setup screen's rule sets and its More (the lobby folds every choice, and Start, in them); the form."""
    rules(page)
    more = page.locator("#setup-more")
    if more.get_attribute("open") is None:
        more.locator("summary").click()
    return page.locator("#setup-form")


def rules(page):
    """Open the lobby's choice of rule set (folded to the one chosen: "Rules: Yahtzee"); the form."""
    pick = page.locator("#rules-pick")
    if pick.get_attribute("open") is None:
        pick.locator("summary").click()
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
    page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}, \d+ points?(?:, hinted)?$")).click()


def play_out(page, last: bool = False) -> None:
    """Roll once and take the first (or last) offered category until the game is over."""
    while page.locator("#results").is_hidden():
        roll(page)
        boxes = page.locator("#scorecard button.choice")
        (boxes.last if last else boxes.first).click()


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


STILL = "() => document.getAnimations().every(a => a.playState !== 'running')"  # the scene has come to rest


def at_the_last_box(page, base_url: str) -> None:
    """Open the game on a saved Yacht match of Ann's and Bob's that Bob ends by scoring Yacht: Ann has 164, Bob 19
    with his last dice (five sixes) rolled. Stored once before the page's first load, as a match left there."""
    match = new_match("yacht", ["Ann", "Bob"], seed=5)
    for box in match.open_categories():
        match = match.roll(faces=[6] * 5).score(box)
        if box != "yacht":
            match = match.roll(faces=[1] * 5).score(box)
    save = Session(match.roll(faces=[6] * 5)).to_json()
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem('yacht-dice/match', {json.dumps(save)}); sessionStorage.setItem('seeded', '1'); }}"
    )
    open_game(page, base_url)
    page.get_by_role("button", name=ROLL).wait_for()


def text_in(code: str) -> Text:
    """The language as the page has it: its catalogue compiled from the .po, as the build does."""
    return Text(LANGUAGES["en"]) if code == "en" else Text.from_mo(code, i18n.compiled(code))


def wait_for_control(page, timeout=60_000):
    """Wait until the service worker has installed, activated and controls the page."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=timeout)


SAVE_KEY = "yacht-dice/match"


UNREADABLE_KEY = "yacht-dice/unreadable-save"


def store(page, base_url, items: dict[str, str]) -> None:
    """Put values into the site's localStorage from a page that runs no game code."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # the icon's page asks for one
    page.goto(f"{base_url}/static/icons/icon.svg")
    page.evaluate(
        "items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items,
    )


def open_menu(page) -> None:
    """Open the header's menu (its actions fold under Menu) unless it is open."""
    menu = page.locator("#menu-button")
    if menu.count() and menu.is_visible() and menu.get_attribute("aria-expanded") != "true":
        menu.click()


def press_header(page, element_id: str) -> None:
    """Press a header button, opening the header's menu first where it is folded away."""
    button = page.locator(f"#{element_id}")
    if not button.is_visible():
        open_menu(page)
    button.click()
