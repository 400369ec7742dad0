"""A returning player's table in a blink (static/js/table.js, game/app/waking.py): the last table painted before
Python starts, a tap on it answered once Python is ready, another build's table never painted, and a table that
another tab moved on replaced before anything is done on it. Python's start is held back by holding its
interpreter module (static/js/python.mjs) in the network until the test lets it go."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game.core.i18n import Text
from tests.e2e import ui
from tools import i18n

TABLE_KEY = "yacht-dice/table"
SAVE_KEY = "yacht-dice/match"
HELD = "**/static/js/python.mjs*"

ROLLS = """() => JSON.parse(localStorage.getItem('yacht-dice/match') || '{}').match.actions
    .filter(action => action[0] === 'roll').length"""
FACES = "() => Array.from(document.querySelectorAll('#dice button')).map(b => b.getAttribute('aria-label'))"
TAP_ROLL = "() => document.getElementById('roll-button').click()"  # untimed: the page's click() waits for answers


@pytest.fixture
def context(browser, base_url):
    """A context without service workers (the test holds Python's start in the network; the kept table lives in
    localStorage either way)."""
    context = browser.new_context(base_url=base_url, service_workers="block", locale="en-US")
    yield context
    context.close()


class Hold:
    """Python's start held back: the worker's request for its interpreter module waits until :meth:`release`."""

    def __init__(self, context):
        self.routes: list = []
        self.holding = True
        context.route(HELD, self.held)

    def held(self, route) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self, page) -> None:
        for _ in range(200):  # the worker asks for it once the page has painted
            if self.routes:
                break
            page.wait_for_timeout(50)
        assert self.routes, "Python's start was not held: the worker never asked for its interpreter module"
        self.holding = False
        for route in self.routes:
            route.continue_()
        page.wait_for_selector("html[data-ready='true']")


def rolls(page) -> int:
    """How many rolls the saved match holds (its actions, as the save lists them)."""
    return page.evaluate(ROLLS)


def later_launch(context, base_url: str):
    """A page with a match under way (one roll made and kept), and a hold on Python's next start."""
    page = context.new_page()
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=7")
    ui.roll(page)
    assert page.evaluate(f"() => localStorage.getItem('{TABLE_KEY}') !== null")
    return page, page.evaluate(FACES)


def test_a_later_launch_shows_the_stored_table_before_python_and_answers_a_tap_once_ready(context, base_url):
    page, faces = later_launch(context, base_url)
    saved = rolls(page)
    hold = Hold(context)
    page.reload(wait_until="domcontentloaded")
    # The table is there, as it was, while Python is held back: marked as waking up, not ready.
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#setup")).to_be_hidden()
    assert page.evaluate(FACES) == faces
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.evaluate("document.body.dataset.waking") == "Waking up…"
    page.evaluate(TAP_ROLL)  # queued: Python is not there yet
    assert rolls(page) == saved
    hold.release(page)
    page.wait_for_function(f"() => ({ROLLS})() === {saved + 1}")
    assert page.evaluate("document.documentElement.dataset.waking") is None
    assert page.evaluate(FACES) != faces  # the tap's roll, drawn on Python's own table
    expect(page.get_by_role("button", name=ui.ROLL)).to_be_enabled()


SHIFTS = """() => new Promise(resolve => {
    const seen = [];
    new PerformanceObserver(list => seen.push(...list.getEntries())).observe({type: 'layout-shift', buffered: true});
    setTimeout(() => resolve(seen.filter(e => !e.hadRecentInput).map(e => e.sources.map(s => s.node && s.node.id))), 200);
})"""
"""The layout shifts of the page so far (each as the ids of what moved), a person's own input aside."""


@pytest.mark.parametrize("launch", ["first visit", "later launch"])
def test_nothing_moves_when_python_arrives(context, base_url, launch):
    """What is on screen at the first paint stays where it is when Python's start draws (CLS 0): the setup form
    of a first visit, the kept table of a later launch; on a phone's screen."""
    if launch == "later launch":
        page, faces = later_launch(context, base_url)
        page.set_viewport_size({"width": 412, "height": 823})
        page.reload()
    else:
        page = context.new_page()
        page.set_viewport_size({"width": 412, "height": 823})
        page.goto(base_url + "/")
    page.wait_for_selector("html[data-ready='true']")
    page.wait_for_timeout(300)  # the ready answer's draws, and any that follow it
    assert page.evaluate(SHIFTS) == []
    if launch == "later launch":
        assert page.evaluate(FACES) == faces


def test_a_stored_table_from_another_build_is_not_painted(context, base_url):
    page, _ = later_launch(context, base_url)
    page.evaluate(
        f"""() => {{
            const kept = JSON.parse(localStorage.getItem('{TABLE_KEY}'));
            kept.build = 'another-build';
            localStorage.setItem('{TABLE_KEY}', JSON.stringify(kept));
        }}"""
    )
    hold = Hold(context)
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#play")).to_be_hidden()
    assert page.evaluate("document.documentElement.dataset.waking") is None
    hold.release(page)
    expect(page.locator("#play")).to_be_visible()  # the match resumes as ever, once Python is there


@pytest.mark.parametrize(
    "damage",
    [
        "() => 'not a table {'",
        "kept => JSON.stringify({...kept, play: '<div>no table</div>'})",
        "kept => JSON.stringify({...kept, words: 5, play: kept.play.replace('id=\"play\"', 'id=\"elsewhere\"')})",
    ],
    ids=["not JSON", "not a table", "wrong words and no #play"],
)
def test_a_damaged_kept_table_paints_the_setup_and_the_match_resumes(context, base_url, damage):
    page, _ = later_launch(context, base_url)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.evaluate(
        f"""() => {{
            const kept = JSON.parse(localStorage.getItem('{TABLE_KEY}'));
            localStorage.setItem('{TABLE_KEY}', ({damage})(kept));
        }}"""
    )
    hold = Hold(context)
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#setup")).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.waking") is None
    hold.release(page)
    expect(page.locator("#play")).to_be_visible()
    assert errors == []


def test_storage_that_refuses_to_read_the_kept_table_still_lets_the_game_start(context, base_url):
    page, _ = later_launch(context, base_url)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(
        f"""(() => {{
            const real = Storage.prototype.getItem;
            Storage.prototype.getItem = function (key) {{
                if (key === '{TABLE_KEY}') throw new DOMException('denied', 'SecurityError');
                return real.call(this, key);
            }};
        }})()"""
    )
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator("#play")).to_be_visible()  # the saved match resumes
    ui.roll(page)
    assert rolls(page) == 2 and errors == []


def test_a_table_another_tab_changed_is_replaced_before_anything_is_done_on_it(context, base_url):
    first, _ = later_launch(context, base_url)
    saved = rolls(first)
    hold = Hold(context)
    second = context.new_page()
    second.goto(base_url + "/", wait_until="domcontentloaded")
    expect(second.locator("#play")).to_be_visible()  # the kept table, painted at once
    assert second.evaluate(FACES) == first.evaluate(FACES)
    second.evaluate(TAP_ROLL)  # a tap on that table, waiting for Python
    ui.roll(first)  # meanwhile the first tab rolls again: the kept table moves on
    moved = first.evaluate(FACES)
    second.wait_for_function(f"faces => ({FACES})().join() === faces.join()", arg=moved)
    hold.release(second)
    # The second tab's tap was made on a table that is gone: it does nothing. Its table is the first tab's.
    second.wait_for_timeout(300)
    assert rolls(second) == saved + 1
    assert second.evaluate(FACES) == moved
    ui.roll(second)  # and it plays on from there
    assert rolls(second) == saved + 2


def test_a_returning_players_setup_is_in_their_language_before_python(browser, base_url):
    """No table on screen (the setup), the page's words and the setup form are kept: a later launch shows the lobby in
    the player's language from its first paint, not English until Python's start (seen in French: "Play solo"), and
    nothing moves when Python arrives; the page is never held back for a table that is not there."""
    context = browser.new_context(base_url=base_url, service_workers="block", locale="fr-FR")
    try:
        page = context.new_page()
        page.set_viewport_size({"width": 412, "height": 823})
        first = Hold(context)
        page.goto(base_url + "/", wait_until="domcontentloaded")
        first_words = page.locator("#loading").inner_text()  # a first visit's, before Python
        first.release(page)
        context.unroute(HELD)
        expect(page.locator("#quick-solo-title")).to_have_text("Jouer seul")
        kept = page.evaluate(f"() => JSON.parse(localStorage.getItem('{TABLE_KEY}'))")
        assert kept["play"] is None and kept["lang"] == "fr" and kept["words"]["Statistics"] == "Statistiques"
        hold = Hold(context)
        page.reload(wait_until="domcontentloaded")
        assert page.locator("#quick-solo-title").inner_text() == "Jouer seul"
        assert page.locator("#quick-computer-line").inner_text() == "Toi contre Léa, bon niveau"
        assert page.locator("#quick-solo").is_disabled()  # waits for Python, as the page's own does, and says so
        french = Text.from_mo("fr", i18n.compiled("fr"))
        assert page.locator("#loading").is_visible() and page.locator("#loading").inner_text() == french._(first_words)
        assert page.evaluate("[document.documentElement.lang, document.documentElement.dataset.waking]") == ["fr", None]
        expect(page.locator("#setup")).to_be_visible()
        hold.release(page)
        page.wait_for_timeout(300)  # the ready answer's draws, and any that follow it
        assert page.evaluate(SHIFTS) == []
        expect(page.locator("#quick-solo-title")).to_have_text("Jouer seul")
    finally:
        context.close()


def console_errors(page) -> list[str]:
    """The page's console errors and uncaught errors from now on (a CSP refusal is a console error)."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_a_returning_launch_logs_no_console_error(context, base_url):
    """A first visit that starts a match and rolls, then a reload that paints the kept table before Python: the
    page's Content-Security-Policy refuses nothing on the way."""
    page = context.new_page()
    errors = console_errors(page)
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=7")
    ui.roll(page)
    assert page.evaluate(f"() => localStorage.getItem('{TABLE_KEY}') !== null")
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    page.wait_for_timeout(300)  # the ready answer's draws, and any that follow it
    assert errors == []


def test_a_style_set_on_the_table_is_not_kept_for_the_csp_to_refuse(context, base_url):
    """A style set on the table through the CSSOM (which the CSP allows: a browser extension's, a tool's) is no
    style attribute in the kept table: the next launch's paint would parse it as inline markup, which the CSP
    (style-src 'self') refuses with a console error, one per element."""
    page = context.new_page()
    errors = console_errors(page)
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=7")
    page.evaluate(
        "() => { document.getElementById('play').style.outline = '1px solid'; "
        "document.getElementById('roll-marks').style.setProperty('color', 'red'); }"
    )
    ui.roll(page)  # a draw: the table is kept
    kept = page.evaluate(f"() => JSON.parse(localStorage.getItem('{TABLE_KEY}')).play")
    assert "style=" not in kept and "roll-marks" in kept
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    page.wait_for_timeout(300)
    assert errors == []
