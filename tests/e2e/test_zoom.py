"""The table at 400 % zoom (WCAG 1.4.10 reflow): a CSS viewport of 320 px by 180 to 320 px. The dice tray must
not cover the scorecard there (a sticky tray taller than the screen would): every box offered, every die and the
Roll button can be scrolled into sight and tapped, and a real click at a box's centre scores it."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.helpers import ui

# The element at the centre of a target once it is scrolled into sight, and whether that is the target itself or
# inside it (nothing covers it). The point must lie in the viewport: elementFromPoint sees nothing outside it.
UNCOVERED = """target => {
  const box = target.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const inside = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  const hit = inside ? document.elementFromPoint(x, y) : null;
  const describe = e => e ? e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\\s+/).join(".") : "") : "nothing";
  return {x, y, inside, covered: !(hit && target.contains(hit)), by: describe(hit)};
}"""
SETTLED = "() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))"


def tappable(locator) -> dict:
    """Scroll the target into sight as a browser would and say where its centre is and what lies there."""
    locator.scroll_into_view_if_needed()
    return locator.evaluate(UNCOVERED)


def assert_tappable(locator, what: str) -> dict:
    spot = tappable(locator)
    assert spot["inside"] and not spot["covered"], (
        f"{what}: its centre ({spot['x']:.0f}, {spot['y']:.0f}) shows {spot['by']}"
    )
    return spot


def test_every_box_die_and_roll_can_be_tapped_at_400_percent_zoom(page, base_url):
    for height in (180, 256, 320):  # a fresh card in the same page for each screen
        page.set_viewport_size({"width": 320, "height": height})
        ui.start_afresh(page, base_url, "rules=yacht&players=Ann&seed=3")
        plays_a_turn_by_taps_at_their_centres(page, height)


def plays_a_turn_by_taps_at_their_centres(page, height: int) -> None:
    roll = page.get_by_role("button", name=ui.ROLL)

    spot = assert_tappable(roll, f"Roll ({height} px)")
    page.mouse.click(spot["x"], spot["y"])  # a real click where a finger would land
    page.evaluate(SETTLED)  # the thrown dice have landed
    assert None not in ui.dice(page)

    boxes = page.locator("#scorecard button.choice")
    offered = boxes.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert len(offered) == 12, offered  # a fresh Yacht card: every box is offered
    for index, name in enumerate(offered):
        assert_tappable(boxes.nth(index), f"{name} ({height} px)")
    for number in range(1, 6):
        assert_tappable(ui.die(page, number), f"Die {number} ({height} px)")
    assert_tappable(roll, f"Roll after a roll ({height} px)")

    last = boxes.nth(len(offered) - 1)  # the card's last box: the one a sticky tray covers longest
    spot = assert_tappable(last, offered[-1])
    page.mouse.click(spot["x"], spot["y"])
    expect(boxes).to_have_count(0)  # scored: the card offers nothing until the next roll
    expect(page.locator("#status")).to_contain_text("Ann scored")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320  # no sideways scrolling either
    assert_tappable(roll, f"Roll for the next turn ({height} px)")
