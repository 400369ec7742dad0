"""The feel of the table in the page: thrown dice fly in and land on the faces named, each in a pose of its own (held
dice stay put, a tap or R lands a throw at once), or appear there unmoved where motion is reduced; roll marks drawn;
a Yahtzee's moment over the table, clear of Menu and Roll, skipped by a tap, and still where motion is reduced. What the game decides (the marks'
count, the pass-the-phone screen, celebrations, a personal best) is asserted in CPython: tests/unit/app/test_feel_flows.py."""

from __future__ import annotations

from playwright.sync_api import expect

from game.coach.pacing import ROLL_SECONDS
from game.core.dice import Draw
from game.core.engine import new_match
from game.present import feel
from tests.helpers import ui

ROLL_MS = ROLL_SECONDS * 1000

# Click Roll from inside the page, note every animation the click started in the tray once the shell has
# answered (in a worker, a moment after the click), and wait until they end. A kept die's lift is a CSS transition,
# not a throw: it is left out.
THROW = """async () => {
  document.getElementById("roll-button").click();
  await window.yachtPage.answered();
  const animations = document.getAnimations().filter(a => !(a instanceof CSSTransition) && !(a instanceof CSSAnimation) && a.effect.target.closest("#dice"));  // thrown (scripted), not a moment's jump (CSS)
  await Promise.all(animations.map(a => a.finished.catch(() => null)));
  return {
    count: animations.length,
    dice: [...new Set(animations.map(a => a.effect.target.closest("button").dataset.die))].map(Number).sort(),
    longest: Math.max(0, ...animations.map(a => a.effect.getComputedTiming().endTime)),
    properties: [...new Set(animations.flatMap(a => a.effect.getKeyframes().flatMap(Object.keys)))].sort(),
  };
}"""
REDUCED = "(prefers-reduced-motion: reduce)"
# The face each die shows: the strip's face whose box lies inside the die's body, and the face its name says.
SHOWN = """() => [...document.querySelectorAll("#dice button")].map(button => {
  const body = button.querySelector(".body").getBoundingClientRect();
  const inside = [...button.querySelectorAll(".face")].filter(face => {
    const box = face.getBoundingClientRect();
    return Math.abs(box.top - body.top) < 4 && Math.abs(box.left - body.left) < 4;
  });
  return {shown: inside.map(face => Number(face.dataset.face)), label: button.getAttribute("aria-label")};
})"""


# Each die's body as it lies now: its computed transform (its pose on the felt), by die.
POSES = """() => [...document.querySelectorAll("#dice button .body")].map(body => getComputedStyle(body).transform)"""
# Roll, and once the shell has answered, what is in the air: the dice with running animations.
START = """async () => {
  document.getElementById("roll-button").click();
  await window.yachtPage.answered();
  const running = document.getAnimations().filter(a => a.playState === "running" && !(a instanceof CSSTransition) && a.effect.target.closest("#dice"));
  return [...new Set(running.map(a => Number(a.effect.target.closest("button").dataset.die)))].sort();
}"""
IN_THE_AIR = """() => document.getAnimations().filter(a => a.playState === "running" && !(a instanceof CSSTransition) && a.effect.target.closest("#dice")).length"""
# Whether the element at the centre of each of these is that element (or inside it): nothing covers it.
CLEAR = """ids => ids.map(id => {
  const box = document.getElementById(id).getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return Boolean(hit) && (hit.id === id || hit.closest("#" + id) !== null);
})"""
# Animations that move something (a transform changing), anywhere on the page.
MOVING = """() => document.getAnimations().filter(a => a.playState === "running" && (a.effect.getKeyframes()
  .some(frame => "transform" in frame || "translate" in frame || "rotate" in frame))).length"""

# The moment's sizes: a die in it and on the table, its word and the status line's (font sizes), the share of the
# page's area it covers, and how far down the page its confetti falls (its keyframes' end, as a share of the height).
SIZES = """() => {
  const px = el => el.getBoundingClientRect();
  const cheer = px(document.getElementById("cheer"));
  const pieces = [...document.querySelectorAll("#cheer .confetti i")];
  const fall = Math.max(...pieces.map(i => {
    const [a] = i.getAnimations();
    if (!a) return 0;
    const at = a.currentTime;
    a.currentTime = a.effect.getComputedTiming().endTime * 0.95;
    const down = (px(i).top - cheer.top) / cheer.height;
    a.currentTime = at;
    return down;
  }));
  return {
    moment: px(document.querySelector("#cheer-dice .die")).width,
    jumping: document.getAnimations().filter(a => a instanceof CSSAnimation && a.playState === "running"
      && a.effect.target.matches("#dice .die")).length,
    table: px(document.querySelector("#dice button")).width,
    onTable: ((tray, card) => cheer.top >= tray.top - 1 && cheer.left >= tray.left - 1 && cheer.right <= card.right + 1
      && cheer.right >= card.right - 1 && cheer.bottom <= px(document.getElementById("roll-button")).top)(
      px(document.getElementById("tray")), px(document.getElementById("card"))),
    word: parseFloat(getComputedStyle(document.getElementById("cheer-text")).fontSize),
    status: parseFloat(getComputedStyle(document.getElementById("headline")).fontSize),
    cover: cheer.width * cheer.height / (innerWidth * innerHeight),
    take: (at => Boolean(at && at.closest("#cheer-take")))((box => document.elementFromPoint(box.left + box.width / 2,
      box.top + box.height / 2))(px(document.getElementById("cheer-take")))),
    fall,
  };
}"""
# Animations running on the card's Yahtzee box (its would-score pulsing gold).
PULSE = """() => document.getAnimations().filter(a => a.playState === "running"
  && a.effect.target.matches("#scorecard .choice[data-category='yahtzee']")).length"""


def shown_faces_match_names(page) -> list[int]:
    faces = []
    for die in page.evaluate(SHOWN):
        face = int(ui.DIE_LABEL.match(die["label"]).group(2))
        assert die["shown"] == [face], die  # exactly one face in sight: the one the die is named by
        faces.append(face)
    return faces


def yahtzee_seed() -> int:
    """A seed whose first roll is five of a kind (found by the engine, as the page will roll it)."""
    return next(
        seed
        for seed in range(100_000)
        if len(set(new_match("yahtzee", ["Ann"], seed=seed, draw=Draw.TYPED).roll().dice)) == 1
    )


def test_thrown_dice_tumble_within_the_roll_time_land_on_their_faces_and_a_yahtzee_is_cheered(page, base_url):
    seed = yahtzee_seed()
    ui.start(page, base_url, f"rules=yahtzee&players=Ann&seed={seed}")
    marks = page.locator("#roll-marks .mark")
    expect(marks).to_have_count(3)
    # The Yahtzee's moment comes with this roll; its second and a half is made to last here (the page's timer for it),
    # so that the tap, not the clock, ends it.
    page.evaluate(
        f"() => {{ const later = window.setTimeout; window.setTimeout = (f, ms, ...rest) =>"
        f" later(f, ms === {round(feel.MOMENT_SECONDS[feel.Moment.YAHTZEE] * 1000)} ? 600000 : ms, ...rest); }}"
    )
    first = page.evaluate(THROW)
    assert first["dice"] == [0, 1, 2, 3, 4] and first["count"] == 10  # each die: its body and its strip of faces
    assert set(first["properties"]) <= {
        "transform",
        "offset",
        "easing",
        "composite",
        "computedOffset",
    }  # compositor only
    # Landed within the roll time: the animations' own length, exactly (a wall-clock reading would time the
    # machine's load, not the game: CI failed on 874 ms; the page's speed is measured by the benchmarks).
    assert first["longest"] <= ROLL_MS <= 600
    faces = shown_faces_match_names(page)
    assert faces == list(new_match("yahtzee", ["Ann"], seed=seed, draw=Draw.TYPED).roll().dice)
    expect(page.locator("#roll-marks .mark.used")).to_have_count(1)

    # Thrown dice land at differing places and angles (their poses).
    landed = page.evaluate(POSES)
    assert len(set(landed)) >= 4 and "none" not in landed, landed

    # A Yahtzee's moment, on the roll that shows it: over the table (a phone's screen), its dice jumping, its Score
    # button on it, clear of Menu and Roll, spoken; a tap elsewhere on it skips it;
    # scoring it then is a plain score.
    cheer = page.locator("#cheer")
    expect(cheer).to_be_visible()
    expect(cheer).to_have_attribute("data-moment", "yahtzee")
    expect(cheer).to_contain_text("Yahtzee for Ann!")
    expect(page.locator("#cheer-dice .die")).to_have_count(5)
    expect(page.locator("#status")).to_contain_text("Yahtzee for Ann!")  # what a screen reader hears
    for size, menu in (({"width": 390, "height": 844}, "menu-button"), ({"width": 1440, "height": 900}, "menu-button")):
        page.set_viewport_size(size)
        assert page.evaluate(CLEAR, [menu, "roll-button"]) == [True, True], size  # Menu and Roll stay in reach
        sizes = page.evaluate(SIZES)
        # Wide, it takes the whole table under the header, the card's column too, above Roll (fresh eyes rounds 96
        # to 103: "on a desktop it stays in its panel"); on a phone the screen between the header and Roll. Its own
        # Score button is in reach on it (over its skip), its dice as large as the table's or larger, shown once: the
        # tray's own stay still under it.
        phone = size["width"] < 768
        assert (sizes["cover"] >= 0.6) if phone else sizes["onTable"], (size, sizes)
        assert sizes["take"] and sizes["jumping"] == 0, (size, sizes)
        expect(page.locator("#cheer-take")).to_have_text("Score 50 in Yahtzee")
        assert sizes["moment"] >= 0.9 * sizes["table"], (size, sizes)
        assert sizes["word"] >= 2 * sizes["status"], (size, sizes)
        assert sizes["fall"] >= 0.6, (size, sizes)  # confetti down it
    assert page.evaluate(MOVING) > 0  # the dice jump, the confetti falls
    assert page.evaluate(PULSE) > 0  # the box it would score in
    page.mouse.click(*centre(page, "#cheer-text"))  # a tap anywhere on it
    expect(cheer).to_be_hidden()
    ui.choose(page, "Yahtzee")
    expect(page.locator("#roll-marks .mark.used")).to_have_count(0)
    expect(cheer).to_be_hidden()

    # The next turn: held dice stay put while the others fly; a tap lands a throw at once, and so does R (which then
    # rolls again where a roll is left: here none is).
    page.evaluate(THROW)  # its dice landed before any is held
    faces = shown_faces_match_names(page)
    ui.die(page, 1).click()
    ui.die(page, 4).click()
    # a kept die is set square on the shelf (a short transition), then lies still through the throws that follow
    page.evaluate(
        "() => Promise.all(document.getAnimations().filter(a => a instanceof CSSTransition).map(a => a.finished))"
    )
    lying = page.evaluate(POSES)
    assert page.evaluate(START) == [1, 2, 4]  # held dice stay put
    page.mouse.click(*centre(page, "#status"))
    assert page.evaluate(IN_THE_AIR) == 0
    after = shown_faces_match_names(page)
    assert after[0] == faces[0] and after[3] == faces[3]
    now = page.evaluate(POSES)
    assert (now[0], now[3]) == (lying[0], lying[3])  # not a pixel moved
    assert ui.held(page) == [True, False, False, True, False]
    expect(page.locator("#roll-marks .mark.used")).to_have_count(2)
    assert page.evaluate(START) == [1, 2, 4]
    page.keyboard.press("r")
    assert page.evaluate(IN_THE_AIR) == 0
    page.evaluate("() => window.yachtPage.answered()")
    expect(page.locator("#roll-marks .mark.used")).to_have_count(3)
    assert page.evaluate(IN_THE_AIR) == 0  # the turn's rolls used: R threw no more

    # Where motion is reduced (the system's setting, changed mid-visit): a roll changes the dice at once.
    page.locator("#scorecard button.choice").first.click()
    page.evaluate(f"() => {{ window.motionChanged = new Promise(r => matchMedia('{REDUCED}').onchange = r); }}")
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("() => window.motionChanged.then(() => window.yachtPage.answered())")  # the page told Python
    thrown = page.evaluate(THROW)
    assert thrown["count"] == 0  # nothing tumbles: the faces change at once
    shown_faces_match_names(page)
    assert page.locator("#dice .face").count() == 5  # no faces to tumble through: only the ones landed on
    assert "none" not in page.evaluate(POSES)  # they appear where they land
    # A moment, drawn as the page draws one, moves nothing either.
    page.evaluate("""() => { const cheer = document.getElementById("cheer");
      document.getElementById("cheer-dice").innerHTML = document.getElementById("dice").innerHTML;
      cheer.dataset.moment = "yahtzee"; cheer.hidden = false; }""")
    assert page.evaluate(MOVING) == 0


def centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# Each die's place, sampled through a throw (every animation paused at each tenth of its length): the die whose button
# a tap at that place's centre reaches ("" for none).
TAPPED_IN_FLIGHT = """async () => {
  document.getElementById("roll-button").click();
  await window.yachtPage.answered();
  const thrown = document.getAnimations().filter(a => a.playState === "running" && a.effect.target.closest("#dice"));
  thrown.forEach(a => a.pause());
  const buttons = [...document.querySelectorAll("#dice button")];
  const reached = [];
  for (let tenth = 0; tenth <= 10; tenth++) {
    thrown.forEach(a => { a.currentTime = a.effect.getComputedTiming().endTime * tenth / 10; });
    reached.push(buttons.map(button => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const die = hit && hit.closest("#dice button");
      return die ? die.dataset.die : "";
    }));
  }
  thrown.forEach(a => a.finish());
  return reached;
}"""


def test_a_tap_during_a_throw_is_the_die_whose_place_it_taps(page, base_url):
    """A die flies from the edge across the others' places: a tap on a place mid-throw is that place's die's, never
    the die passing over it (the press on a die in flight, the release on the die landed under the finger: the tap
    held nothing)."""
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 720}):
        page.set_viewport_size(size)
        for seed in (3, 4):
            ui.start_afresh(page, base_url, f"rules=yacht&players=Ann&seed={seed}")
            places = [str(die) for die in range(5)]
            assert page.evaluate(TAPPED_IN_FLIGHT) == [places] * 11, (size, seed)
