"""A whole game by ear (issue 58): Yahtzee solo by keys alone, each box chosen from what the live regions said and
the focused names, counting the keys; then a box chosen by mistake against the computer, undone within its 2 s, and
the computer's turn heard in at most two messages. A MutationObserver records every write to a live region with
whether the region is shown and live: none is written into a hidden one.

The keys' logic is CPython's (tests/unit/app/test_ear_keys.py); here the page's own focus, regions and queue are checked,
on one page per test, a few seconds each.
"""

from __future__ import annotations

import re

from tests.helpers.site import open_game
from tests.helpers.ui import press_header

# Every write to a live region (a status, an alert, aria-live) once the page's markup is parsed, with its text, whether
# the region is shown (not in a hidden element) and live (aria-live not off), and when.
RECORD = """() => {
  window.__said = [];
  const LIVE = '[aria-live], [role=status], [role=alert]';
  const note = node => {
    const element = node.nodeType === 1 ? node : node.parentElement;
    const region = element && element.closest(LIVE);
    if (!region) return;
    const text = region.textContent.trim();
    if (!text) return;
    const last = window.__said[window.__said.length - 1];
    if (last && last.id === region.id && last.text === region.textContent) return;  // one write, several mutations
    window.__said.push({id: region.id, text: region.textContent, shown: region.checkVisibility(),
                        live: region.getAttribute('aria-live') !== 'off', at: performance.now()});
  };
  const observe = () => new MutationObserver(list => list.forEach(m => note(m.target))).observe(
    document.body, {subtree: true, childList: true, characterData: true});
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', observe); else observe();
}"""
FOCUSED = "document.activeElement.getAttribute('aria-label') || document.activeElement.id"
UPPER = {"Ones": "1", "Twos": "2", "Threes": "3", "Fours": "4", "Fives": "5", "Sixes": "6"}


def said(page) -> list[dict]:
    return page.evaluate("window.__said")


def hidden_writes(page) -> list[dict]:
    return [write for write in said(page) if not write["shown"]]


class Ear:
    """The page played by keys, every key counted."""

    def __init__(self, page):
        self.page, self.keys = page, 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1

    def spoken_after(self, key: str) -> str:
        """Press ``key`` and hear the ear's region's new words."""
        count = len(said(self.page))
        self.press(key)
        self.page.wait_for_function(f"window.__said.slice({count}).some(w => w.id === 'spoken')")
        return next(w["text"] for w in said(self.page)[count:] if w["id"] == "spoken")

    def focused(self) -> str:
        return self.page.evaluate(FOCUSED)


def best_box(reading: str) -> str:
    """The open box of the most points the board's reading names (the first on a tie)."""
    boxes = re.search(r"Open boxes: (.*?)\. Scores", reading).group(1).split("; ")
    points = [
        (int(m.group(2)), -i, m.group(1)) for i, m in enumerate(re.match(r"(.+), (\d+) points?", b) for b in boxes)
    ]
    return max(points)[2]


def test_a_whole_yahtzee_game_by_ear_in_a_few_keys_a_turn(page, base_url):
    page.add_init_script(f"({RECORD})()")
    open_game(page, base_url, "?rules=yahtzee&players=Ann&seed=7")
    ear = Ear(page)
    page.focus("#roll-button")
    turns, to_box = 0, []
    while page.locator("#roll-button").is_visible():
        start = ear.keys
        for _ in range(3):
            ear.press("r")
        page.wait_for_function("document.getElementById('status').textContent.includes('(roll 3 of 3)')")
        target = best_box(ear.spoken_after("b"))  # heard: the open boxes with their points
        from_roll = ear.keys
        ear.press("s")
        key = UPPER.get(target, target[0].lower())
        for _ in range(3):
            if ear.focused().startswith(target + ","):
                break
            ear.press(key)
        assert ear.focused().startswith(target + ","), (target, ear.focused())
        ear.press("Enter")
        to_box.append(ear.keys - from_roll)
        turns += 1
        page.wait_for_function("!document.querySelector('#scorecard button.choice')")
        if turns < 13:
            page.wait_for_function("document.activeElement.id === 'roll-button'")
        assert ear.keys - start <= 9
    assert turns == 13 and ear.keys / turns <= 8 and max(to_box) <= 4, (ear.keys / turns, to_box)
    # The ending said where it is shown (the tray, with its status line, is hidden then), the focus on what appeared.
    page.wait_for_function("window.__said.some(w => w.id === 'spoken' && w.text.includes('The match is over'))")
    assert page.evaluate("document.activeElement.id") == "play-again"
    assert hidden_writes(page) == []
    print(f"by ear: {ear.keys} keys, {ear.keys / turns:.1f} a turn, {max(to_box)} at most from Roll to a box")


def test_against_the_computer_a_mistaken_box_is_undone_and_its_turn_is_heard_once(page, base_url):
    page.add_init_script(f"({RECORD})()")
    page.add_init_script("localStorage.setItem('yacht-dice/pace', 'instant')")  # the computer's own waits: none
    open_game(page, base_url, "?rules=yahtzee&players=Ann&cpu=2:easy&seed=3")
    ear = Ear(page)
    page.focus("#roll-button")
    ear.press("r")
    page.wait_for_function("document.getElementById('status').textContent.includes('(roll 1 of 3)')")
    ear.press("s")
    page.wait_for_function("document.activeElement.matches('#scorecard button.choice')")
    ear.press("Enter")  # the first box, by mistake
    page.wait_for_function("document.activeElement.id === 'roll-button' && !document.querySelector('button.choice')")
    ear.press("u")  # within the computer's 2 s: taken back
    page.wait_for_function("document.querySelector('#scorecard button.choice') !== null")
    assert page.locator("#status").inner_text().startswith("Undone")
    # Rules and Escape: the focus back on Roll.
    press_header(page, "menu-rules")
    page.keyboard.press("Escape")
    page.wait_for_function("document.activeElement.id === 'roll-button'")
    ear.press("s")
    ear.press("Enter")
    page.wait_for_function("document.activeElement.id === 'roll-button' && !document.querySelector('button.choice')")
    before = len(said(page))
    page.wait_for_function(
        "document.getElementById('roll-button').getAttribute('aria-disabled') === 'false'", timeout=15_000
    )
    page.wait_for_timeout(300)  # the last words of the turn
    heard = [w for w in said(page)[before:] if w["live"] and w["shown"]]
    assert 1 <= len(heard) <= 2 and any(" rolled " in w["text"] for w in heard), heard
    assert hidden_writes(page) == []
    print("the computer's turn heard:", [w["text"] for w in heard])
