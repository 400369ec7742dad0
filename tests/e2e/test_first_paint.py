"""The first paint shows the real setup form, written by game.present.forms at build time, before Python starts."""

from __future__ import annotations

from playwright.sync_api import expect

from game.core import variants
from game.core.cards import MAX_PLAYERS
from game.present.setup import SEAT_KINDS
from tests.e2e.conftest import open_game
from tests.e2e.ui import more


def test_the_setup_form_paints_before_python(page, base_url):
    # No runtime at all: PyScript and Pyodide never load, so whatever shows is the static page.
    page.route("**/static/vendor/**", lambda route: route.abort())
    page.goto(f"{base_url}/")
    form = page.locator("#setup-form")
    expect(form).to_be_visible()
    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    for v in variants.VARIANTS.values():
        expect(form.locator(f"input[name=rules][value='{v.name}']")).to_be_visible()
        expect(page.get_by_label(v.title, exact=True)).to_be_visible()
    expect(form.locator("input[name=rules]:checked")).to_have_attribute("value", next(iter(variants.VARIANTS)))
    for name in ("Play solo", "Play the computer", "Pass and play"):  # the lobby: waiting for Python, as Start
        expect(page.get_by_role("button", name=name, exact=True)).to_be_disabled()
    more(page)  # a details element: it opens without Python
    expect(form.locator("li.player-row")).to_have_count(MAX_PLAYERS)
    expect(form.locator("li.player-row:visible")).to_have_count(1)  # a first visit plays alone
    expect(page.get_by_label("Player 1", exact=True)).to_be_visible()
    kinds = form.locator("#player-kind-1 option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
    assert [tuple(k) for k in kinds] == list(SEAT_KINDS)
    expect(page.get_by_role("button", name="Start")).to_be_disabled()
    expect(page.locator("#play")).to_be_hidden()
    assert page.locator("html").get_attribute("data-ready") != "true"


def test_with_python_the_form_becomes_ready_to_start(page, page_log, base_url):
    open_game(page, base_url)
    expect(page.locator("#setup-form")).to_be_visible()
    expect(page.get_by_role("button", name="Play solo", exact=True)).to_be_enabled()
    more(page)
    expect(page.get_by_role("button", name="Start")).to_be_enabled()
    assert page_log.errors == []
