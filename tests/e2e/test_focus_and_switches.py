"""The table's look, round 2 (issue 54, fresh eyes), in one page: a focus ring only where the keys moved the focus
(a click on Roll draws none, a Tab draws one, never in an error's colour), Win chances hidden in a solo game and shown
against someone, and a phone's card showing a box's short name while its accessible name stays the full one."""

from __future__ import annotations

from tests.helpers import ui

RING = "() => { const e = document.activeElement; const s = getComputedStyle(e); return [e.id || e.outerHTML.slice(0, 60), s.outlineStyle, e.matches(':focus-visible'), document.documentElement.dataset.pointer || ''].slice(0, 3); }"
SHORT = """() => { const h = [...document.querySelectorAll('#scorecard th[scope=row]')]
    .find(e => e.textContent === 'Small Straight'); return [getComputedStyle(h, '::after').content, h.title]; }"""


def test_a_ring_only_for_keys_win_chances_only_against_someone_and_short_names_on_a_phone(page, base_url):
    page.set_viewport_size({"width": 1440, "height": 900})
    ui.start(page, base_url, "rules=yahtzee&players=Ann&seed=3")
    page.locator("#roll-button").click()  # a click focuses Roll: no ring
    page.locator("#dice button").first.wait_for()
    assert page.evaluate(RING)[:2] == ["roll-button", "none"]
    page.keyboard.press("Shift+Tab")  # the keys move it (to the last die): a ring
    ident, style, keys = page.evaluate(RING)
    assert style == "solid" and keys, (ident, style)
    assert page.locator("#chances-toggle").is_hidden()  # solo: no one to beat
    page.set_viewport_size({"width": 390, "height": 844})
    content, title = page.evaluate(SHORT)
    assert content.startswith('"Sm. straight"') and title == "Small Straight", content
    assert page.get_by_role("rowheader", name="Small Straight").count() == 1  # its name stays the full one
    ui.start_afresh(page, base_url, "rules=yahtzee&players=Ann&cpu=2:good&seed=3")
    assert page.locator("#chances-toggle").is_visible()  # against the computer: the chances to beat it
