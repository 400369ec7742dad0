"""A challenge by link between two phones (two browser contexts, each with its own storage): Ann ends a game beside
a computer (its first turns played in CPython) and taps Challenge a friend; where the browser cannot share, the
link is copied to the clipboard; the link (and its QR code, read back by Debian's zbarimg) opens a game on the
very same dice on the friend's phone, which asks the friend's name once and ends with both cards side by side, the rounds chosen differently and
the optimal player's total, clean for axe and whole on a 390×844 phone. The challenge's logic (the turns taken out,
the comparison, refusals) is asserted in CPython: tests/unit/app/test_challenges.py, test_shared_games.py."""

from __future__ import annotations

import re
import shutil
import subprocess
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import expect

from game.app.events import BoxChosen, Button, Pressed, Start, read_timer
from game.app.state import App
from game.app.update import update
from game.coach.session import Next
from tests.helpers import ui
from tests.helpers.site import open_game
from tests.helpers.ui import SAVE_KEY, store

ANN = "rules=yacht&players=Ann&cpu=2:easy"  # no seed: a typed one is never a challenge
NO_SHARE = "Object.defineProperty(Navigator.prototype, 'share', {value: undefined, configurable: true});"
"""Headless Chromium has no navigator.share by default; this makes sure of it (the clipboard fallback)."""
PHONE = {"width": 390, "height": 844}
FITS = (
    "() => document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth"
)


def play_beside_a_computer(page) -> None:
    """Ann's turns (a roll, the first offered box) until the game is over; the computer's are skipped through."""
    ready = "() => !document.getElementById('results').hidden || /Ann's turn/.test(document.getElementById('status').textContent)"
    while page.locator("#results").is_hidden():
        skip = page.locator("#skip-button")
        if skip.is_visible():
            skip.click()
        page.wait_for_function(ready)
        if page.locator("#results").is_visible():
            break
        ui.roll(page)
        page.locator("#scorecard button.choice").first.click()


def one_turn_left(query: str) -> str:
    """The save of the match of ``query`` once every turn but the first person's last was played (the computers'
    on their ticks), through game.app.update as the page runs it."""
    app, _ = update(App(), Start(query=tuple(parse_qsl(query))))
    while True:
        if app.session.next is Next.COMPUTER:
            app, _ = update(app, read_timer(app.waiting.computer.wire))
            continue
        if len(app.session.match.open_categories()) == 1:
            return app.session.to_json()
        app, _ = update(app, Pressed(Button.ROLL))
        app, _ = update(app, BoxChosen(next(iter(app.session.match.options()))))


def decoded(png: bytes, tmp_path) -> str:
    """The text of the QR code in a screenshot, read by zbarimg (Debian's zbar-tools)."""
    picture = tmp_path / "qr.png"
    picture.write_bytes(png)
    done = subprocess.run(["zbarimg", "--raw", "-q", str(picture)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_challenge_sent_by_link_and_qr_code_is_played_on_another_phone(browser, base_url, tmp_path):
    ann_context = browser.new_context(locale="en-US")
    ann_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    ann_context.add_init_script(NO_SHARE)
    ann = ann_context.new_page()
    store(ann, base_url, {SAVE_KEY: one_turn_left(ANN)})
    open_game(ann, base_url)
    play_beside_a_computer(ann)
    expect(ann.get_by_role("region", name="Final standings")).to_be_visible()
    split = re.compile(r"Ann \d+: dice \S+, choices \S+")  # luck and skill, against the computer: the report's
    ann.get_by_role("button", name="How did I play?").click()
    expect(ann.locator("#report")).to_contain_text(split, timeout=30_000)
    total = ui.cell(ann, "grand_total", 0)
    ann.get_by_role("button", name="Challenge a friend").click()
    dialog = ann.get_by_role("dialog", name="Challenge a friend")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(f"I scored {total} points at Yacht. Can you beat me on the very same dice?")
    link = ann.locator("#share-link").input_value()
    assert link.startswith(f"{base_url}/?challenge=")
    text = ann.locator("#share-text").inner_text()
    dialog.get_by_role("button", name="Share").click()  # no Web Share API here: the clipboard takes it
    expect(ann.locator("#share-note")).to_have_text("Copied: paste it into a message.")
    assert ann.evaluate("navigator.clipboard.readText()") == f"{text}\n{link}"
    ann.get_by_role("button", name="QR code").click()
    qr = ann.get_by_role("img", name="QR code of the challenge link")
    expect(qr).to_be_visible()
    picture = qr.screenshot()  # read back at the end (where zbarimg is installed)

    bob = browser.new_context(locale="en-US", viewport=PHONE).new_page()
    open_game(bob, base_url, link[len(base_url) + 1 :])
    naming = bob.get_by_role("dialog", name="Ann challenges you")  # the welcome card (issue 54)
    expect(naming).to_be_visible()
    expect(naming).to_contain_text(f"Ann scored {total} points at Yacht.")
    expect(naming).to_contain_text("No undo, no hints.")
    expect(naming.get_by_role("textbox", name="Your name, for the challenge")).to_be_visible()  # none remembered
    naming.get_by_role("textbox").fill("Bob")
    naming.get_by_role("textbox").press("Enter")  # gives it (the field is the setup form's: never its submit)
    expect(naming).to_be_hidden()
    expect(bob.locator("#status")).to_contain_text("Bob")
    line = bob.locator("#challenge-line")
    expect(line).to_have_text(f"Challenge from Ann: {total} points")
    assert parse_qsl(urlsplit(bob.url).query) == []  # the link's query is dropped: a reload never repeats it
    bob.reload()  # the challenge is kept across a reload
    bob.wait_for_selector("html[data-ready='true']")
    expect(line).to_have_text(f"Challenge from Ann: {total} points")
    expect(naming).to_be_hidden()  # asked once: remembered
    ui.roll(bob)
    assert bob.evaluate(FITS)  # the line above the card keeps the table on one phone screen
    ui.play_out(bob, last=True)
    result = bob.get_by_role("region", name="Challenge from Ann")
    expect(result).to_be_visible(timeout=30_000)
    expect(result).to_contain_text(re.compile(r"The optimal player scores \d+ points on these very dice\."))
    table = result.get_by_role("table", name="The two cards, box by box")
    expect(table.get_by_role("columnheader")).to_have_text(["Box", "You", "Ann"])
    expect(table.get_by_role("row", name=re.compile("^Grand total"))).to_contain_text(total)
    yours = ui.cell(bob, "grand_total", 0)
    expect(table.get_by_role("row", name=re.compile("^Grand total"))).to_have_text(re.compile(rf"{yours}\s*{total}$"))
    expect(result).to_contain_text("Where your choices differed")
    bob.get_by_role("button", name="How did I play?").click()
    told = bob.locator("#report")
    expect(told).to_contain_text(re.compile(r"Bob \d+: dice \S+, choices \S+"), timeout=30_000)  # both splits
    expect(told).to_contain_text(split)
    expect(result.locator(".challenge-rounds li").first).to_contain_text(re.compile(r"^Round \d+ — Ann: "))
    assert bob.evaluate(
        "() => document.documentElement.scrollWidth <= window.innerWidth"
    )  # nothing wider than the phone
    result.scroll_into_view_if_needed()
    ui.screenshot(bob, "challenge-result-phone")

    from axe_playwright_python.sync_playwright import Axe

    violations = Axe().run(bob).response["violations"]
    serious = [
        (v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations if v["impact"] in ("serious", "critical")
    ]
    assert serious == []
    ann.context.close()
    bob.context.close()

    if shutil.which("zbarimg") is None:
        pytest.skip(
            "zbarimg is not installed (Debian's zbar-tools: apt-get install zbar-tools): the QR code was not read back"
        )
    assert decoded(picture, tmp_path) == link
