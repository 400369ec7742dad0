"""A returning player's table in a blink (static/js/table.js, game/app/waking.py): the last table painted before
Python starts, a tap on it answered once Python is ready, another build's table never painted, and a table that
another tab moved on replaced before anything is done on it. Python's start is held back by holding its
interpreter module (static/js/python.mjs) in the network until the test lets it go.

Each test plays one match in one context and reloads its page for each launch it looks at (a page load costs
seconds): the table kept by one launch is the next one's."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game.core.i18n import Text
from tests.helpers import ui
from tests.helpers.site import settle
from tools import i18n

TABLE_KEY = "yacht-dice/table"
SAVE_KEY = "yacht-dice/match"
HELD = "**/static/js/python.mjs*"

ROLLS = """() => JSON.parse(localStorage.getItem('yacht-dice/match') || '{}').match.actions
    .filter(action => action[0] === 'roll').length"""
FACES = "() => Array.from(document.querySelectorAll('#dice button')).map(b => b.getAttribute('aria-label'))"
TAP_ROLL = "() => document.getElementById('roll-button').click()"  # untimed: the page's click() waits for answers
KEPT = f"() => JSON.parse(localStorage.getItem('{TABLE_KEY}'))"
PAINTABLE = f"""build => {{
    try {{ const kept = ({KEPT})(); return kept.build === build && kept.play.includes('id="play"'); }}
    catch (error) {{ return false; }} }}"""
"""Whether the kept table is one this build paints (a draw keeps it again: a damaged one is written over)."""

LAYOUT_SHIFTS = """(() => {
    const seen = [];
    const shifts = new PerformanceObserver(list => seen.push(...list.getEntries()));
    shifts.observe({type: 'layout-shift', buffered: true});
    window.yachtLayoutShifts = () => [...seen, ...shifts.takeRecords()]
        .filter(e => !e.hadRecentInput).map(e => e.sources.map(s => [
            s.node && s.node.id, Math.round(e.startTime), [s.previousRect.y, s.previousRect.height], [s.currentRect.y, s.currentRect.height],
            document.getElementById('app') ? [...document.getElementById('app').children].filter(c => !c.hidden).map(c => c.id) : null,
        ]));
})()"""
"""An init script: every layout shift of the page's load, from its first paint, collected as it comes: what moved, when
(ms from the start), from where to where (top, height), and what the page's main showed when asked (the shift CI saw
once on a first visit, never here, says what came before it)."""
SHIFTS = """async () => {
    await window.yachtPage.answered();  // the ready answer's draws, and those of every event since
    await new Promise(painted => requestAnimationFrame(() => requestAnimationFrame(painted)));  // on screen
    return window.yachtLayoutShifts();
}"""
"""The layout shifts of the page's load (each as the ids of what moved), a person's own input aside, once every draw
asked for so far is on screen."""


@pytest.fixture
def context(browser, base_url):
    """A context without service workers (the test holds Python's start in the network; the kept table lives in
    localStorage either way)."""
    context = browser.new_context(base_url=base_url, service_workers="block", locale="en-US")
    yield context
    context.close()


def is_held(request) -> bool:
    return "/static/js/python.mjs" in request.url


class Hold:
    """Python's start held back: the worker's request for its interpreter module waits until :meth:`release`."""

    def __init__(self, context):
        self.context = context
        self.routes: list = []
        self.asked: list = []
        self.holding = True
        context.on("request", self.ask)
        context.route(HELD, self.held)

    def ask(self, request) -> None:
        if is_held(request):
            self.asked.append(request)

    def held(self, route) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self, page) -> None:
        """Let Python start (once the worker has asked for it: it does once the page has painted), and wait until
        it is ready. A route not yet handed to :meth:`held` goes on when it is."""
        if not self.asked:
            self.context.wait_for_event("request", predicate=is_held, timeout=20_000)
        self.holding = False
        for route in self.routes:
            route.continue_()
        self.context.remove_listener("request", self.ask)
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


def console_errors(page) -> list[str]:
    """The page's console errors and uncaught errors from now on (a CSP refusal is a console error)."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_nothing_moves_and_nothing_is_refused_when_python_arrives(context, base_url):
    """What is on screen at the first paint stays where it is when Python's start draws (CLS 0): the setup form of a
    first visit, the kept table of a later launch; on a phone's screen. And the later launch logs no console error:
    the page's Content-Security-Policy refuses nothing on the way, not even a style set on the table through the
    CSSOM (which the CSP allows: a browser extension's, a tool's), which is no style attribute in the kept table:
    the next launch's paint would parse it as inline markup, which the CSP (style-src 'self') refuses with a console
    error, one per element."""
    page = context.new_page()
    page.add_init_script(LAYOUT_SHIFTS)
    errors = console_errors(page)
    page.set_viewport_size({"width": 412, "height": 823})
    page.goto(base_url + "/")
    page.wait_for_selector("html[data-ready='true']")
    assert page.evaluate(SHIFTS) == []  # a first visit

    ui.start(page, base_url, "rules=yacht&players=Ann&seed=7")
    page.evaluate(
        "() => { document.getElementById('play').style.outline = '1px solid'; "
        "document.getElementById('roll-marks').style.setProperty('color', 'red'); }"
    )
    ui.roll(page)  # a draw: the table is kept
    kept = page.evaluate(KEPT)["play"]
    assert "style=" not in kept and "roll-marks" in kept
    faces = page.evaluate(FACES)
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    assert page.evaluate(SHIFTS) == []  # a later launch
    assert page.evaluate(FACES) == faces
    assert errors == []


def test_a_later_launch_paints_the_kept_table_before_python_and_only_a_table_it_can(context, base_url):
    """The kept table is there at once, as it was, and a tap on it is answered once Python is ready. A table kept by
    another build, a damaged one, or one that storage refuses to read, is not painted: the setup is, and the match
    resumes once Python is there."""
    page, faces = later_launch(context, base_url)
    build = page.evaluate("document.querySelector('meta[name=\"yacht-build\"]').content")
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
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

    damages = {
        "another build": "kept => JSON.stringify({...kept, build: 'another-build'})",
        "not JSON": "() => 'not a table {'",
        "not a table": "kept => JSON.stringify({...kept, play: '<div>no table</div>'})",
        "wrong words and no #play": "kept => JSON.stringify({...kept, words: 5, play: kept.play.replace('id=\"play\"', 'id=\"elsewhere\"')})",
    }
    for damage, change in damages.items():
        page.wait_for_function(PAINTABLE, arg=build)  # kept again by the last start's draw
        page.evaluate(f"() => localStorage.setItem('{TABLE_KEY}', ({change})(({KEPT})()))")
        hold = Hold(context)
        page.reload(wait_until="domcontentloaded")
        expect(page.locator("#setup")).to_be_visible()
        expect(page.locator("#play")).to_be_hidden()
        assert page.evaluate("document.documentElement.dataset.waking") is None, damage
        hold.release(page)
        expect(page.locator("#play")).to_be_visible()  # the match resumes as ever, once Python is there
    assert errors == []

    saved = rolls(page)
    refusing = context.new_page()  # its own init script: storage that throws on reading the kept table
    refusing.on("pageerror", lambda error: errors.append(str(error)))
    refusing.add_init_script(
        f"""(() => {{
            const real = Storage.prototype.getItem;
            Storage.prototype.getItem = function (key) {{
                if (key === '{TABLE_KEY}') throw new DOMException('denied', 'SecurityError');
                return real.call(this, key);
            }};
        }})()"""
    )
    page.close()
    refusing.goto(base_url + "/")
    refusing.wait_for_selector("html[data-ready='true']")
    expect(refusing.locator("#play")).to_be_visible()  # the saved match resumes
    ui.roll(refusing)
    assert rolls(refusing) == saved + 1 and errors == []


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
    settle(second)  # every event so far answered, the tap's included
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
        page.add_init_script(LAYOUT_SHIFTS)
        page.set_viewport_size({"width": 412, "height": 823})
        first = Hold(context)
        page.goto(base_url + "/", wait_until="domcontentloaded")
        first_words = page.locator("#loading").inner_text()  # a first visit's, before Python
        first.release(page)
        context.unroute(HELD)
        expect(page.locator("#quick-solo-title")).to_have_text("Jouer seul")
        kept = page.evaluate(KEPT)
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
        assert page.evaluate(SHIFTS) == []
        expect(page.locator("#quick-solo-title")).to_have_text("Jouer seul")
    finally:
        context.close()


USED_TYPE = """() => {
    const title = document.getElementById("quick-solo-title");
    return [document.documentElement.dataset.lobbyType || null,
            [...document.fonts].some(face => face.family === '"Fredoka Ready"' || face.family === 'Fredoka Ready'),
            getComputedStyle(title).fontFamily.startsWith('"Fredoka Ready"')];
}"""
"""Whether the lobby's titles are in the game's type: html[data-lobby-type], the face added (document.fonts.check says
true of a family it never had), the title's rule."""


def test_the_lobby_is_in_the_games_type_when_it_comes_in_a_moment_and_nothing_ever_swaps(context, base_url):
    """Fresh eyes rounds 48 to 62: the lobby in the system's type read as a form beside the table's rounded type. Every
    launch, a first visit's too, asks for the type at once: the lobby waits a moment for it, unseen, and is in the
    game's type when it came in time; when it did not, the lobby keeps the system's type for the visit (a swap under
    the player's eyes moves words). Nothing moves either way."""
    page = context.new_page()
    page.add_init_script(LAYOUT_SHIFTS)
    page.set_viewport_size({"width": 412, "height": 823})
    font = "**/static/fonts/**"
    page.route(font, lambda route: route.abort())  # the type never comes
    page.goto(base_url + "/")
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator("#quick-solo-title")).to_be_visible()
    assert page.evaluate(USED_TYPE) == [None, False, False] and page.evaluate(SHIFTS) == []
    page.unroute(font)
    page.reload()  # a first visit still: nothing stored says the type came before
    page.wait_for_selector("html[data-ready='true']")
    assert page.evaluate(USED_TYPE) == ["ready", True, True]
    assert page.evaluate(SHIFTS) == []
    page.reload()  # a later launch
    page.wait_for_selector("html[data-ready='true']")
    assert page.evaluate(USED_TYPE) == ["ready", True, True]
    assert page.evaluate(SHIFTS) == []
