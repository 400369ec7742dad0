"""The Sound and look panel (static/js/settings.js): sound, theme and dice style, remembered across
reloads, applied before Python starts, heard (or not) through Web Audio, and accessible in every theme.
The sounds' recipes are CPython's (tests/unit/present/test_sound_recipes.py); here the page plays them."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.helpers import ui
from tests.helpers.site import open_game

BACKGROUND = {"light": "rgb(239, 229, 209)", "dark": "rgb(26, 20, 14)", "contrast": "rgb(0, 0, 0)"}
"""The page's background in each theme (app.css: --page): the table the felt lies on, light wood by day, dark walnut
at night; black in high contrast."""

# Count what the page plays: every oscillator or noise burst started, every audio context made, every buzz.
LISTEN = """(() => {
  window.__sounds = 0; window.__contexts = 0; window.__buzzes = [];
  const Real = window.AudioContext;
  if (Real) {
    window.AudioContext = class extends Real { constructor(...args) { super(...args); window.__contexts += 1; } };
    for (const Node of [AudioScheduledSourceNode, OscillatorNode, AudioBufferSourceNode]) {  // each own start, once
      if (!Object.prototype.hasOwnProperty.call(Node.prototype, "start")) continue;
      const start = Node.prototype.start;
      Node.prototype.start = function (...args) { window.__sounds += 1; return start.apply(this, args); };
    }
  }
  Object.defineProperty(navigator, "vibrate", {value: ms => { window.__buzzes.push(ms); return true; }, configurable: true});
})();"""
# Each die's visible face (the face of its strip inside its body): its number's text and what is displayed.
NUMBERS = """() => [...document.querySelectorAll("#dice button")].map(button => {
  const body = button.querySelector(".body").getBoundingClientRect();
  const face = [...button.querySelectorAll(".face")].find(f => {
    const box = f.getBoundingClientRect();
    return Math.abs(box.top - body.top) < 4 && Math.abs(box.left - body.left) < 4;
  });
  const number = face && face.querySelector(".number"), pips = face && face.querySelector(".pips");
  return {
    label: button.getAttribute("aria-label"), face: face ? face.dataset.face : null,
    number: number ? number.textContent.trim() : null,
    numberShown: Boolean(number && number.checkVisibility() && number.getBoundingClientRect().height > 0),
    pipsShown: Boolean(pips && pips.checkVisibility()),
  };
})"""
SETTLED = "() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null))).then(() => true)"


def open_settings(page) -> None:
    """Open the Sound and look panel (a click on its summary; on a phone, in the header's Menu)."""
    if (
        page.locator("#menu-button").is_visible()
        and page.locator("#menu-button").get_attribute("aria-expanded") != "true"
    ):
        page.locator("#menu-button").click()
    if page.locator("#settings").get_attribute("open") is None:
        page.get_by_text("Sound and look", exact=True).click()
    expect(page.locator("#theme")).to_be_visible()


def sound_state(page) -> tuple[bool, str | None, str | None]:
    return (
        page.locator("#sound-toggle").is_checked(),
        page.locator("html").get_attribute("data-sound"),
        page.evaluate("localStorage.getItem('yacht-dice/sound')"),
    )


def test_a_roll_sounds_and_buzzes_only_with_sound_on_and_the_switch_is_remembered(browser, base_url):
    context = browser.new_context(locale="en-US")
    context.add_init_script(LISTEN)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" or m.text.startswith("sound:") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        ui.start(page, base_url, "rules=yacht&players=Ann&seed=3")
        assert sound_state(page) == (True, "on", None)  # nothing stored, no reduced motion: on
        assert page.evaluate("window.__sounds") == 0  # nothing before a person acts
        ui.roll(page)
        page.wait_for_function("window.__sounds > 0")
        rolled = page.evaluate("window.__sounds")
        assert rolled >= 3  # a rattle of several clacks
        assert page.evaluate("window.__contexts") == 1
        assert page.evaluate("window.__buzzes") == [25]
        ui.die(page, 2).click()  # a hold: a soft tick
        page.wait_for_function(f"window.__sounds > {rolled}")
        heard = page.evaluate("window.__sounds")
        open_settings(page)
        page.locator("#sound-toggle").uncheck()
        assert sound_state(page) == (False, "off", "off")
        ui.roll(page)
        ui.die(page, 3).click()
        expect(ui.die(page, 3)).to_have_attribute(
            "aria-pressed", "true"
        )  # the roll and the hold are drawn (and were silent)
        assert page.evaluate("window.__sounds") == heard
        assert page.evaluate("window.__buzzes") == [25]
        assert page.evaluate("window.__contexts") == 1  # one context for the visit

        page.reload()
        page.wait_for_selector("html[data-ready='true']")
        assert sound_state(page) == (False, "off", "off")
        # by keyboard: the summary closes and opens the panel, Space switches sound back on
        ui.open_menu(page)  # the header's actions fold under Menu
        summary = page.locator("#settings summary")
        summary.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#sound-toggle")).to_be_visible()
        page.locator("#sound-toggle").focus()
        page.keyboard.press("Space")
        assert sound_state(page) == (True, "on", "on")
        page.reload()
        page.wait_for_selector("html[data-ready='true']")
        assert sound_state(page) == (True, "on", "on")

        # With reduced motion, sound starts off; a choice made wins over that default.
        page.evaluate("localStorage.removeItem('yacht-dice/sound')")
        page.emulate_media(reduced_motion="reduce")
        page.reload()
        page.wait_for_selector("html[data-ready='true']")
        assert sound_state(page) == (False, "off", None)
        open_settings(page)
        page.locator("#sound-toggle").check()
        page.reload()
        page.wait_for_selector("html[data-ready='true']")
        assert sound_state(page) == (True, "on", "on")
        assert errors == []
    finally:
        context.close()


def test_the_theme_is_remembered_and_applies_before_python(browser, base_url):
    # No Python at all (its runtime refused): the theme is the page's own, from settings.js.
    context = browser.new_context(color_scheme="light", service_workers="block", locale="en-US")
    page = context.new_page()
    page.route("**/static/vendor/**", lambda route: route.abort())
    page.route("**/static/python/**", lambda route: route.abort())
    background = "document.readyState !== 'loading' && getComputedStyle(document.body).backgroundColor"
    try:
        page.goto(f"{base_url}/", wait_until="domcontentloaded")
        assert page.locator("html").get_attribute("data-theme") == "system"
        assert page.evaluate(background) == BACKGROUND["light"]
        for theme in ("dark", "light", "contrast"):
            open_settings(page)
            page.locator("#theme").select_option(theme)
            page.reload(wait_until="domcontentloaded")
            assert page.locator("html").get_attribute("data-theme") == theme
            assert page.evaluate(background) == BACKGROUND[theme]
            assert page.locator("html").get_attribute("data-ready") != "true"  # Python never started
            assert page.locator("#theme").input_value() == theme
        assert page.locator("meta[name='theme-color']").get_attribute("content") == "#000000"
        page.evaluate("localStorage.setItem('yacht-dice/theme', 'neon')")  # an unknown value: the default
        for system in ("light", "dark"):  # the system's own scheme
            page.emulate_media(color_scheme=system)
            page.reload(wait_until="domcontentloaded")
            assert page.locator("html").get_attribute("data-theme") == "system"
            assert page.evaluate(background) == BACKGROUND[system]
    finally:
        context.close()


def test_refused_storage_means_defaults_and_the_choice_lasts_the_visit(browser, base_url):
    context = browser.new_context(service_workers="block", locale="en-US")
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});"
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_game(page, base_url)
        assert [page.locator("html").get_attribute(f"data-{n}") for n in ("theme", "dice-style", "sound")] == [
            "system",
            "pips",
            "on",
        ]
        open_settings(page)
        page.locator("#theme").select_option("contrast")
        assert page.locator("html").get_attribute("data-theme") == "contrast"
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == BACKGROUND["contrast"]
        assert errors == []
    finally:
        context.close()


def test_the_panel_is_tappable_dice_style_numbers_shows_each_number_and_no_web_audio_plays_on(browser, base_url):
    """The panel's controls are full tap targets and fold when the rules open; the dice style changes the faces;
    all in a browser without Web Audio, which plays on silently."""
    context = browser.new_context(locale="en-US")
    context.add_init_script("delete window.AudioContext; delete window.webkitAudioContext;")
    page = context.new_page()
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    try:
        ui.start(page, base_url, "rules=yahtzee&players=Ann&seed=5")
        open_settings(page)
        boxes = [
            page.locator(s).bounding_box() for s in ("#settings summary", ".settings-switch", "#theme", "#dice-style")
        ]
        assert all(b["height"] >= 44 and b["width"] >= 44 for b in boxes), boxes
        expect(page.get_by_label("Sound", exact=True)).to_be_visible()
        expect(page.get_by_label("Theme", exact=True)).to_be_visible()
        expect(page.get_by_label("Dice faces", exact=True)).to_be_visible()
        page.locator("#menu-rules").click()  # a tap elsewhere folds the panel, and the menu with it
        expect(page.locator("#theme")).to_be_hidden()
        expect(page.locator("#menu-button")).to_be_visible()
        page.locator("#rules-close").click()
        page.keyboard.press("Escape")
        open_settings(page)
        page.keyboard.press("Escape")  # and Escape folds it
        expect(page.locator("#theme")).to_be_hidden()

        open_settings(page)
        page.locator("#dice-style").select_option("numbers")
        assert page.locator("html").get_attribute("data-dice-style") == "numbers"
        ui.roll(page)
        page.locator("#dice button[aria-label*='showing']").first.wait_for()
        page.evaluate(SETTLED)
        faces = page.evaluate(NUMBERS)
        assert len(faces) == 5
        for die in faces:
            shown = ui.DIE_LABEL.match(die["label"]).group(2)
            assert die["face"] == shown and die["number"] == shown, die
            assert die["numberShown"] and not die["pipsShown"], die
        open_settings(page)  # the roll's tap folded the panel
        page.locator("#dice-style").select_option("pips")  # and back: pips again, at once
        assert all(d["pipsShown"] and not d["numberShown"] for d in page.evaluate(NUMBERS))

        ui.die(page, 1).click()
        ui.roll(page)
        assert None not in ui.dice(page)
        assert ui.notice(page) == ""
        assert len([w for w in warnings if w.startswith("sound:")]) == 1  # warned once, then silent
    finally:
        context.close()
