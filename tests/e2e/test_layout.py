"""The table on a screen (issue 32): one phone screen for 1–2 seats, Roll under the thumb before and after hints,
full tap targets, names never cut, disabled controls that look disabled, nothing that jumps on a score, and the
whole card with its grand total on a desktop."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game.core import i18n
from tests.e2e import ui
from tests.e2e.conftest import open_game

PHONES = [(390, 844), (360, 640)]
SIZES = [*PHONES, (768, 1024), (1440, 900), (1280, 720)]

FITS = (
    "() => document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth"
)
BOX = "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def box(page, selector: str) -> list[float]:
    return page.locator(selector).first.evaluate(BOX)


def visible_in_viewport(page, selector: str) -> bool:
    left, top, right, bottom = box(page, selector)
    size = page.viewport_size
    return top >= 0 and left >= 0 and bottom <= size["height"] + 0.5 and right <= size["width"] + 0.5


@pytest.mark.parametrize("rules", ["yahtzee", "yatzy"])
@pytest.mark.parametrize("players", ["Ann", "Ann,Bob"])
def test_one_or_two_seats_fit_one_screen(page, base_url, rules, players):
    ui.start(page, base_url, f"rules={rules}&players={players}&seed=3")
    ui.roll(page)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        where = (width, height)
        assert page.evaluate(FITS), (where, page.evaluate("[document.documentElement.scrollHeight, innerHeight]"))
        for selector in ('#scorecard td[data-row="grand_total"]', "#roll-button", "#status", "#dice button"):
            assert visible_in_viewport(page, selector), (where, selector)
        for key in ("ones", "chance"):
            assert visible_in_viewport(page, f'#scorecard td[data-row="{key}"][data-player="0"]'), (where, key)
        if (width, height) in PHONES:
            assert box(page, "#roll-button")[1] >= 0.6 * height  # Roll's box in the bottom 40 % of the screen


@pytest.mark.parametrize("players", ["Ann", "Ann,Bob"])
def test_maxi_yatzys_twenty_boxes_fit_one_screen(page, base_url, players):
    """A long card (game.present.markup.LONG_PART): its rows shrink with the screen, never below 24 px, and Roll,
    under six dice on a phone, keeps its longest label ("Roll (4 left, 2 saved)") on one line. Not 360 × 640:
    twenty boxes at 24 px and wrapped names ("Three of a Kind") need more, and there the card scrolls under the tray."""
    ui.start(page, base_url, f"rules=maxi&players={players}&seed=3")
    for _ in players.split(","):  # each seat stops after one roll: two saved
        ui.roll(page)
        page.locator("#scorecard button.choice").first.click()
    ui.roll(page)
    assert page.locator("#roll-button").inner_text() == "Roll (4 left, 2 saved)"
    for width, height in [size for size in SIZES if size != (360, 640)]:
        page.set_viewport_size({"width": width, "height": height})
        where = (width, height)
        assert page.evaluate(FITS), (where, page.evaluate("[document.documentElement.scrollHeight, innerHeight]"))
        for selector in ('#scorecard td[data-row="grand_total"]', "#roll-button", "#status", "#dice button"):
            assert visible_in_viewport(page, selector), (where, selector)
        heights = page.locator("#scorecard button.choice").evaluate_all("bs => bs.map(b => b.offsetHeight)")
        assert min(heights) >= 24, (where, heights)
        if (width, height) in PHONES:
            roll = box(page, "#roll-button")
            assert roll[1] >= 0.6 * height and roll[3] - roll[1] <= 46, (where, roll)  # under the thumb, one line


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_roll_stays_under_the_thumb_with_hints_on(page, base_url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    ui.start(page, base_url, "rules=yahtzee&players=Ann,Bob&seed=3")
    before = box(page, "#roll-button")
    assert before[1] >= 0.6 * size[1]  # Roll's box in the bottom 40 % of the screen
    page.locator("#hint-toggle").check()
    ui.roll(page)
    page.locator("#hint p").first.wait_for(state="attached")
    after = box(page, "#roll-button")
    assert after == before  # hints never move the tray
    assert page.evaluate(FITS)
    assert page.locator("#hint").is_hidden()  # the ranked options wait for Why?
    page.locator("#hint-open").click()
    assert page.locator("#hint").is_visible() and page.locator("#hint-open").get_attribute("aria-expanded") == "true"
    assert box(page, "#roll-button") == before
    hint_bottom = box(page, "#hint")[3]
    assert hint_bottom <= box(page, "#tray")[1] + 0.5  # the sheet opens above the tray, not over the dice
    page.keyboard.press("Escape")
    assert page.locator("#hint").is_hidden()


def test_scoring_moves_nothing(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})
    ui.start(page, base_url, "rules=yahtzee&players=Ann,Bob&seed=3")
    page.locator("#hint-toggle").check()
    ui.roll(page)
    places = {s: box(page, s) for s in ("#roll-button", '#scorecard td[data-row="chance"][data-player="0"]', "#dice")}
    page.locator("#scorecard button.choice").first.click()
    page.locator("#scorecard button.choice").first.wait_for(state="detached")
    assert {s: box(page, s) for s in places} == places


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_tap_target_is_44_px(page, base_url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    ui.start(page, base_url, "rules=yatzy&players=Ann,Bob&seed=3")
    page.locator("#hint-toggle").check()
    ui.roll(page)
    ui.die(page, 1).click()
    small = page.evaluate(
        """() => [...document.querySelectorAll('#play button, #play label:has(input), header button, header summary')]
            .filter(e => e.offsetParent !== null)
            .map(e => { const r = e.getBoundingClientRect(); return [e.id || e.className || e.textContent, r.width, r.height]; })
            .filter(([, w, h]) => w < 44 || h < 44)"""
    )
    assert small == []


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_five_names_are_never_cut(page, base_url, code):
    names = "Alexandrina,Maximilian,Guðrún Ósk,Jean-Baptiste,Wolfgang"
    page.set_viewport_size({"width": 360, "height": 640})
    page.add_init_script(f"localStorage.setItem('yacht-dice/language', '{code}')")
    open_game(page, base_url, f"?rules=yatzy&players={names}&cpu=5:good&seed=3")
    page.locator("#roll-button").wait_for()
    assert page.evaluate("document.documentElement.lang") == code
    for size in ({"width": 360, "height": 640}, {"width": 390, "height": 844}, {"width": 768, "height": 1024}):
        page.set_viewport_size(size)
        cut = page.locator("#scorecard thead th").evaluate_all(
            "hs => hs.filter(h => h.dataset.seat !== undefined && h.scrollWidth > h.clientWidth).map(h => h.textContent)"
        )
        assert cut == [], (size, cut)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


# Each word of an element's text as the lines it lies on: a word broken across two lines has two boxes.
BROKEN_WORDS = """e => {
  const text = e.firstChild && e.firstChild.nodeType === 3 ? e.firstChild : [...e.childNodes].find(n => n.nodeType === 3);
  const broken = [];
  for (const match of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, match.index);
    range.setEnd(text, match.index + match[0].length);
    if (new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1) broken.push(match[0]);
  }
  return broken;
}"""


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_tray_keeps_its_words_readable_with_hints_on_in_every_language(page, base_url, code):
    """With hints on, the tray's head holds the status line, Undo, the hints switch and Why?: the status keeps a
    readable width on a phone (it ran to five lines of a few words in French), and Roll's label breaks no word on
    a 360 px phone ("Lancer (2 restants)" broke as "restant s")."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script(f"localStorage.setItem('yacht-dice/language', '{code}')")
    open_game(page, base_url, "?rules=yatzy&players=Ann,Bob&seed=3")
    page.locator("#roll-button").wait_for()
    page.locator("#hint-toggle").check()
    page.locator("#roll-button").click()
    page.locator("#hint-open").wait_for()  # shown once the hint is there
    status = box(page, "#status")
    assert status[2] - status[0] >= 130 and status[3] - status[1] <= 50, status  # at most three lines
    assert page.evaluate(FITS)
    page.set_viewport_size({"width": 360, "height": 640})
    assert page.locator("#roll-button").evaluate(BROKEN_WORDS) == []
    assert visible_in_viewport(page, "#roll-button") and visible_in_viewport(page, "#hint-open")


def styles(page, selector: str) -> dict:
    return page.locator(selector).evaluate(
        "e => { const s = getComputedStyle(e); return {bg: s.backgroundColor, fg: s.color, border: s.borderStyle}; }"
    )


def test_disabled_controls_look_disabled(page, base_url):
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=3")
    page.locator("#undo-button").wait_for()
    undo_off = styles(page, "#undo-button")
    assert page.locator("#undo-button").get_attribute("aria-disabled") == "true"
    roll_on = styles(page, "#roll-button")
    ui.roll(page)
    page.keyboard.press("1")  # a hold since the roll: undo can take it back
    expect(page.locator("#undo-button")).to_have_attribute("aria-disabled", "false")
    undo_on = styles(page, "#undo-button")
    for _ in range(2):
        ui.roll(page)
    assert page.locator("#roll-button").get_attribute("aria-disabled") == "true"
    roll_off = styles(page, "#roll-button")
    assert roll_off["bg"] != roll_on["bg"] and roll_off["border"] != roll_on["border"]
    assert undo_off != undo_on


def test_desktop_shows_the_whole_card_beside_the_tray(page, base_url):
    page.set_viewport_size({"width": 1440, "height": 900})
    ui.start(page, base_url, "rules=yahtzee&players=Ann,Bob&seed=3")
    ui.roll(page)
    tray, card = box(page, "#tray"), box(page, "#card")
    assert tray[2] <= card[0]  # side by side
    assert box(page, "#dice button")[2] - box(page, "#dice button")[0] >= 60  # dice sized to the screen
    ui.screenshot(page, "table-desktop")


def test_the_phone_menu_holds_the_header_actions(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})
    ui.start(page, base_url, "rules=yahtzee&players=Ann&seed=3")
    assert page.locator("#menu-rules").is_hidden()
    page.locator("#menu-button").click()
    assert page.locator("#menu-button").get_attribute("aria-expanded") == "true"
    page.locator("#menu-rules").click()
    page.locator("#rules").wait_for()
    assert page.locator("#menu").evaluate("m => !m.classList.contains('open')")
    ui.screenshot(page, "table-phone-rules")


# "system" is light, or dark with the dark theme's very colours (tests/unit/test_css_themes.py).
THEMES = ["light", "dark", "contrast"]


@pytest.mark.parametrize("theme", THEMES)
def test_every_screen_is_clean_for_axe_in_every_theme(page, base_url, theme):
    """The lobby, the table (a die held, hints and their sheet open, the phone's menu open), the rules, the
    statistics and the ending: no serious or critical axe violation, contrast included, in each theme."""
    from axe_playwright_python.sync_playwright import Axe

    axe, found = Axe(), {}

    def check(screen: str) -> None:
        page.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished))")
        violations = axe.run(page).response["violations"]
        found[screen] = [
            (v["id"], [n["target"] for n in v["nodes"]][:3])
            for v in violations
            if v["impact"] in ("serious", "critical")
        ]

    # The dice as numbers in two themes (axe checks the contrast of text, and pips are none), as pips in dark.
    style = "pips" if theme == "dark" else "numbers"
    page.add_init_script(
        f"localStorage.setItem('yacht-dice/theme', '{theme}'); localStorage.setItem('yacht-dice/dice-style', '{style}')"
    )
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, base_url)
    check("lobby")
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=4")
    page.locator("#hint-toggle").check()
    ui.roll(page)
    ui.die(page, 2).click()
    page.locator("#hint-open").click()
    check("table")
    page.keyboard.press("Escape")
    page.locator("#menu-button").click()
    check("menu")
    page.locator("#menu-rules").click()
    check("rules")
    page.locator("#rules-close").click()
    page.locator("#menu-button").click()
    page.locator("#menu-stats").click()
    page.locator("#stats-body").wait_for()
    check("statistics")
    page.locator("#stats-close").click()
    page.locator("#hint-toggle").uncheck()
    ui.play_out(page)
    check("ending")
    assert found == {screen: [] for screen in found}
