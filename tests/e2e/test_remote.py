"""A match that travels by link: two people, each in a browser of their own (two contexts, two storages),
the link read from the share dialog in one and opened in the other, to the match's end; and links that
cannot be used, refused in words with the stored match unchanged."""

from __future__ import annotations

import base64
import hashlib
import json
import re

from playwright.sync_api import expect

from game.core import links
from game.core.engine import new_match
from tests.e2e import ui
from tests.e2e.conftest import open_game

SHORT = "rules=custom&dice=2&sides=2&seed=5&players=Ann,Bob&remote=1"  # 9 boxes, one roll a turn
SAVE_KEY = "yacht-dice/match"


def phone(browser):
    """A person's own browser: its own storage, English words."""
    return browser.new_context(locale="en-US").new_page()


def play_turn(page) -> None:
    ui.roll(page)
    page.locator("#scorecard button.choice").first.click()


def send_turn(page, name: str, axe: bool = False) -> str:
    """The send screen's "Send to …": the link the share dialog holds (the dialog closed again)."""
    send = page.get_by_role("region", name=f"{name}'s turn")
    expect(send).to_be_visible()
    expect(page.locator("#tray")).to_be_hidden()
    button = send.get_by_role("button", name=f"Send to {name}")
    expect(button).to_be_focused()
    button.click()
    return shared_link(page, axe)


def shared_link(page, axe: bool = False) -> str:
    dialog = page.locator("#share")
    expect(dialog).to_be_visible()
    if axe:
        assert axe_serious(page) == []  # the share dialog
    url = page.locator("#share-link").input_value()
    assert "?match=" in url, url
    page.locator("#share-close").click()
    expect(dialog).to_be_hidden()
    return url


def opened(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']")


def stored(page) -> str | None:
    return page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')")


def axe_serious(page) -> list:
    from axe_playwright_python.sync_playwright import Axe

    page.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished))")
    violations = Axe().run(page).response["violations"]
    return [
        (v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations if v["impact"] in ("serious", "critical")
    ]


def test_a_two_person_match_passed_back_and_forth_by_link_to_its_end(browser, base_url):
    phones = {"Ann": phone(browser), "Bob": phone(browser)}
    open_game(phones["Ann"], base_url, "?" + SHORT)
    name, other, turns = "Ann", "Bob", 0
    while True:
        page = phones[name]
        expect(page.get_by_role("button", name=ui.ROLL)).to_be_visible()
        play_turn(page)
        turns += 1
        if page.locator("#results").is_visible():
            break
        if turns == 1:
            assert axe_serious(page) == []  # the send screen
        if turns <= 4:  # back and forth by link twice each way; then the rest on one phone ("Bob is here")
            url = send_turn(page, other, axe=turns == 1)
            opened(phones[other], url)
            expect(phones[other].locator("#send")).to_be_hidden()  # their turn, on their own phone
            expect(phones[other].locator("#status")).to_contain_text(other)
            name, other = other, name
        else:
            page.get_by_role("button", name=f"{other} is here: play on this phone").click()
            expect(page.locator("#status")).to_contain_text(other)
            phones[name], phones[other] = phones[other], phones[name]  # the same phone, now the other's
            name, other = other, name
    assert turns == 18
    ids = [page.evaluate("() => localStorage.getItem('yacht-dice/phone')") for page in phones.values()]
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{6}", str(id_)) for id_ in ids) and ids[0] != ids[1]  # each phone's own
    page = phones[name]
    result = page.get_by_role("button", name=f"Send the result to {other}")
    expect(result).to_be_visible()
    result.click()
    url = shared_link(page)
    opened(phones[other], url)
    there = phones[other]
    expect(there.locator("#results")).to_be_visible()
    expect(there.locator("#send-result")).to_be_hidden()  # the last turn's phone sends the result
    assert there.locator("#standings").inner_text() == page.locator("#standings").inner_text()


def test_links_that_cannot_be_used_are_refused_in_words_and_change_nothing(browser, base_url):
    ann, bob = phone(browser), phone(browser)
    open_game(ann, base_url, "?" + SHORT)
    play_turn(ann)
    first = send_turn(ann, "Bob")
    opened(bob, first)
    play_turn(bob)
    held = stored(bob)
    prefix, _, value = first.partition("?match=")
    edited = value[:12] + ("B" if value[12] != "B" else "C") + value[13:]
    opened(bob, f"{prefix}?match={edited}")
    notice = bob.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_text("This link is damaged or cut short: ask for it again.")
    assert stored(bob) == held
    expect(bob.get_by_role("region", name="Ann's turn")).to_be_visible()  # Bob's phone holds his sent turn still
    opened(bob, first)  # older than what this phone holds
    expect(notice).to_have_text(re.compile("^This phone already has a newer state of this match"))
    expect(bob.locator("#share")).to_be_visible()  # and it is offered to send again
    assert stored(bob) == held
    fresh = phone(browser)
    opened(fresh, f"{prefix}?match={edited}")  # nothing stored: the words over the setup screen
    expect(fresh.locator("#setup")).to_be_visible()
    expect(fresh.locator("#notice")).to_have_text("This link is damaged or cut short: ask for it again.")
    assert stored(fresh) is None


def resigned(data: dict) -> str:
    """A link value carrying ``data`` with a checksum that matches it (as links._check makes it: it has no secret)."""
    body = json.dumps(data, separators=(",", ":")).encode()
    b64 = lambda raw: base64.urlsafe_b64encode(raw).decode().rstrip("=")  # noqa: E731 - one line, used twice just below
    return f"{b64(body)}.{b64(hashlib.sha256(body).digest()[:6])}"


def test_a_resigned_link_of_the_wrong_type_never_stops_the_start(page, page_log, base_url):
    """Issue 45: a list where the link's kind (text) belongs raised TypeError in Python, the page said the game
    could not start, and every reload kept the link and failed again."""
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=4")
    ui.roll(page)
    held = stored(page)
    value = links.write(new_match("yacht", ["Bob"], seed=3))
    encoded = value.partition(".")[0]
    data = json.loads(base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)))
    open_game(page, base_url, "?match=" + resigned({**data, "k": []}))
    expect(page.locator("#notice")).to_have_text("This link is damaged or cut short: ask for it again.")
    assert "match=" not in page.url  # a reload never meets it again
    assert stored(page) == held
    expect(page.locator("#status")).to_contain_text("roll 1 of 3")
    ui.roll(page)
    expect(page.locator("#status")).to_contain_text("roll 2 of 3")
    assert page_log.errors == []
