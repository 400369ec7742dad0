"""The first paint shows the real setup form, written by game.present.forms at build time, before Python starts,
and answers its choices at once (static/js/page-patch.js). With Python the form becomes ready to start: see
tests/e2e/test_hosts.py, whose first visit starts a match from it."""

from __future__ import annotations

from playwright.sync_api import expect

from game.core import variants
from game.core.cards import MAX_PLAYERS
from game.present.setup import SEAT_KINDS
from tests.helpers import ui
from tests.helpers.ui import more


def test_the_setup_form_paints_and_follows_its_choices_before_python(page, base_url):
    # No runtime at all: PyScript and Pyodide never load, so whatever shows is the static page.
    page.route("**/static/vendor/**", lambda route: route.abort())
    page.goto(f"{base_url}/")
    form = page.locator("#setup-form")
    expect(form).to_be_visible()
    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    expect(form.locator("input[name=rules][value='yahtzee']")).to_be_hidden()  # folded: "Rules: Yahtzee"
    expect(page.locator("#rules-pick > summary > span:visible")).to_have_text("Rules: Yahtzee")
    ui.rules(page)  # a details element: it opens without Python
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
    # static/js/page-patch.js keeps the form in step with its choices from the first paint.
    form.locator("input[name='rules'][value='generalized']").check()
    expect(form.locator("fieldset[data-rules='generalized']")).to_be_visible()
    expect(form.locator("fieldset[data-rules='yahtzee']")).to_be_hidden()
    expect(page.locator("#rules-pick > summary > span:visible")).to_have_text(
        "Rules: Custom dice"
    )  # the folded choice follows
    form.locator("select[name='count']").select_option("4")
    expect(form.locator(".player-row[data-seat='4']")).to_be_visible()
    # The script that starts Python could not be loaded: said at once, not after a stall (and the
    # choices above were answered at once too: nothing waits for a Python that cannot come).
    expect(page.locator("html")).to_have_attribute("data-ready", "failed", timeout=5_000)
    expect(page.locator("#boot-error")).to_have_text(
        "The game could not start: one of its files did not download. Check the connection, then reload the page."
    )
