"""The same game on every kind of host. One that sends COOP and COEP (`make play`, tools/serve.py) and
one that sends neither (GitHub Pages, `tools/serve.py --plain`) both run Python in PyScript's
worker, off the page's thread, and play alike by mouse and keyboard (every other end-to-end test
plays on the host --host names, plain by default).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import open_game
from tests.e2e.ui import ROLL, choices, dice, held, more, status

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


def test_python_starts_from_the_snapshot_where_the_host_puts_it_and_a_match_plays(page, page_log, host):
    url, isolated = host
    open_game(page, url)
    assert in_worker(page, isolated)
    assert page.locator("html").get_attribute("data-python") == "snapshot"
    # The form's Start: answered by Python, prevented at once on the page (the address stays).
    more(page).locator("input[name='name1']").fill("Ann")
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
    expect(page.locator("#hint p").first).to_have_text(re.compile(r"^Best: "))
    offered = choices(page)
    name, points = next(iter(offered.items()))
    page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}, \d+ points?$")).click()
    expect(page.locator("#scorecard button.choice")).to_have_count(0)
    expect(page.get_by_role("status").first).to_contain_text("Ann")
    page.select_option("#language", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("button", name="Statistik")).to_be_visible()
    assert page_log.errors == []


def test_a_turn_plays_by_keyboard_where_the_host_puts_python(page, page_log, host):
    url, isolated = host
    open_game(page, url, "?rules=yacht&players=Ann&seed=3")
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
    # A reload resumes the match, where Python ran before.
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    assert in_worker(page, isolated) and dice(page) == [None] * 5
    assert page_log.errors == []


def test_the_setup_form_shows_the_chosen_rules_options_before_python_has_started(page, base_url):
    """static/js/page-patch.js keeps the form in step with its choices from the first paint."""
    page.route("**/static/vendor/pyscript/core*.js", lambda route: route.abort())  # Python never starts
    page.goto(base_url)
    page.locator("#setup-form input[name='rules'][value='generalized']").check()
    more(page)
    expect(page.locator("#setup-form fieldset[data-rules='generalized']")).to_be_visible()
    expect(page.locator("#setup-form fieldset[data-rules='yahtzee']")).to_be_hidden()
    page.locator("#setup-form select[name='count']").select_option("4")
    expect(page.locator("#setup-form .player-row[data-seat='4']")).to_be_visible()
    # The script that starts Python could not be loaded: said at once, not after a stall (and the
    # choices above were answered at once too: nothing waits for a Python that cannot come).
    expect(page.locator("html")).to_have_attribute("data-ready", "failed", timeout=5_000)
    expect(page.locator("#boot-error")).to_have_text(
        "The game could not start: one of its files did not download. Check the connection, then reload the page."
    )


def test_the_game_boots_offline_after_one_visit_on_either_host(context, page, host):
    """The service worker keeps each response with its headers: offline, an isolated page is isolated still."""
    url, isolated = host
    open_game(page, url)
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=60_000)
    context.set_offline(True)
    try:
        open_game(page, url, "?rules=yacht&players=Ann&seed=3")
        assert page.evaluate("navigator.onLine") is False and in_worker(page, isolated)
        page.get_by_role("button", name=ROLL).click()
        page.wait_for_function(FACES)
        page.locator("#scorecard button.choice").first.click()
        expect(page.locator("#scorecard button.choice")).to_have_count(0)
        assert "Ann" in status(page)
    finally:
        context.set_offline(False)
