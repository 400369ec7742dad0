"""The same game on every kind of host. One that sends COOP and COEP (`make play`, tools/serve.py) and
one that sends neither (GitHub Pages, `tools/serve.py --plain`) both run Python in PyScript's
worker, off the page's thread, and play alike by mouse and keyboard (every other end-to-end test
plays on the host --host names, plain by default).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.helpers.site import open_game
from tests.helpers.ui import ROLL, choices, dice, held, more, open_menu, start_afresh, status

FACES = "() => [...document.querySelectorAll('#dice button')].every(b => /showing/.test(b.getAttribute('aria-label')))"


HOSTS = {"plain": ("plain_base_url", False), "isolating": ("isolated_base_url", True)}
"""Each kind of host: its address's fixture, and whether the page is cross-origin isolated there."""


@pytest.fixture(params=sorted(HOSTS))
def host(request) -> tuple[str, bool]:
    """The game's address on each kind of host, and whether the page is isolated there."""
    fixture, isolated = HOSTS[request.param]
    return request.getfixturevalue(fixture), isolated


def in_worker(page, isolated: bool) -> bool:
    """Python runs in a worker and not on the page, isolated or not as the host makes it."""
    on_page = page.evaluate("[crossOriginIsolated, typeof yachtPyodide, typeof pyodide]")
    workers = [w for w in page.workers if w.evaluate("typeof yachtPyodide === 'object'")]
    return on_page == [isolated, "undefined", "undefined"] and len(workers) == 1


def plays_by_mouse(page, url: str) -> None:
    """A match from the setup form's Start, played by mouse: a die held, a hint, a box scored, German chosen."""
    expect(page.get_by_role("button", name="Play solo", exact=True)).to_be_enabled()  # ready to start, with Python
    more(page).locator("input[name='name1']").fill("Ann")
    expect(page.get_by_role("button", name="Start")).to_be_enabled()
    # The form's Start: answered by Python, prevented at once on the page (the address stays).
    page.get_by_role("button", name="Start").click()
    page.get_by_role("button", name=ROLL).wait_for()
    assert page.url.rstrip("/") == url
    page.get_by_role("button", name=ROLL).click()
    page.wait_for_function(FACES)
    first = dice(page)
    page.get_by_role("button", name=re.compile(r"^Die 1, ")).click()
    expect(page.locator("#dice button").first).to_have_attribute("aria-pressed", "true")
    assert held(page)[0] and dice(page) == first
    # The advisor's table and a catalogue are fetched by Python (in a worker, its own address is a blob: URL).
    page.get_by_label("Hints for Ann").check()
    expect(page.locator("#hint .hint-line")).to_have_text(re.compile(r"^(Keep|Roll all|Score|Put a 0)"))
    offered = choices(page)
    name, points = next(iter(offered.items()))
    page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}, \d+ points?(?:, hinted)?$")).click()
    expect(page.locator("#scorecard button.choice")).to_have_count(0)
    expect(page.locator("#status")).to_contain_text("Ann")
    open_menu(page)
    page.select_option("#language", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("button", name="Statistik")).to_be_visible()


def plays_by_keyboard(page, url: str, isolated: bool) -> None:
    """A turn by keys alone (Enter on Roll, 2 holds die 2, r rolls, the arrows between boxes), then a reload that
    resumes the match, where Python ran before."""
    start_afresh(page, url, "rules=yacht&players=Ann&seed=3")
    assert in_worker(page, isolated)
    page.get_by_role("button", name=ROLL).focus()
    page.keyboard.press("Enter")
    page.wait_for_function(FACES)
    page.keyboard.press("2")  # holds die 2
    expect(page.locator("#dice button").nth(1)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("r")
    expect(page.get_by_role("button", name=ROLL)).to_have_text(re.compile(r"1 left"))
    assert held(page)[1]
    page.locator("#scorecard button.choice").first.focus()
    scrolled = page.evaluate("window.scrollY")
    page.keyboard.press("ArrowDown")  # to the next box, and the page does not scroll
    expect(page.locator("#scorecard button.choice").nth(1)).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.locator("#scorecard button.choice").first).to_be_focused()
    assert page.evaluate("window.scrollY") == scrolled
    page.keyboard.press("Enter")
    expect(page.locator("#scorecard button.choice")).to_have_count(0)
    assert "Ann" in status(page)
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    assert in_worker(page, isolated) and dice(page) == [None] * 5


def boots_offline(context, page, url: str, isolated: bool) -> None:
    """The service worker keeps each response with its headers: offline, an isolated page is isolated still."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=60_000)
    context.set_offline(True)
    try:
        start_afresh(page, url, "rules=yacht&players=Ann&seed=3")
        assert page.evaluate("navigator.onLine") is False and in_worker(page, isolated)
        page.get_by_role("button", name=ROLL).click()
        page.wait_for_function(FACES)
        page.locator("#scorecard button.choice").first.click()
        expect(page.locator("#scorecard button.choice")).to_have_count(0)
        assert "Ann" in status(page)
    finally:
        context.set_offline(False)


def test_the_game_plays_by_mouse_and_keyboard_and_offline_where_the_host_puts_python(context, page, page_log, host):
    """A first visit starts Python from the snapshot in a worker (isolated or not, as the host makes it), loading
    only the rest of the standard library that the snapshot has not loaded (tools/snapshot.py), not the trimmed
    one nor Pyodide's whole one; then a match by mouse, a turn by keyboard and a reload, and a start offline."""
    url, isolated = host
    open_game(page, url)
    assert in_worker(page, isolated)
    assert page.locator("html").get_attribute("data-python") == "snapshot"
    asked = page_log.requests
    assert any(re.search(r"/static/python/rest-[0-9a-f]{16}\.zip$", u) for u in asked), asked
    assert not any(re.search(r"/static/python/stdlib-[0-9a-f]{16}\.zip$", u) for u in asked), asked
    assert not any(u.endswith("python_stdlib.zip") for u in asked)
    plays_by_mouse(page, url)
    plays_by_keyboard(page, url, isolated)
    assert page_log.errors == []
    boots_offline(context, page, url, isolated)
