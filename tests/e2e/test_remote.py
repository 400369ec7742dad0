"""A match that travels by link: two people, each in a browser of their own (two contexts, two storages), the link
read from the share dialog in one and opened in the other, to the match's end. The match's logic (the turns sent
and taken, links refused in words, forks, undo's floor) is asserted in CPython: tests/unit/app/test_match_by_link.py,
test_link_fuzz.py; here the page carries it out, over its last turns (the first ones played in CPython)."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

from playwright.sync_api import expect

from game.app.events import BoxChosen, Button, Pressed, Start
from game.app.state import App
from game.app.update import update
from tests.helpers import ui
from tests.helpers.site import open_game
from tests.helpers.ui import store

ANN = "Ann \U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # a family: one character, its joiners kept
SHORT = f"rules=custom&dice=2&sides=2&seed=5&players={ANN},Bob&remote=1"  # 9 boxes each, one roll a turn
SAVE_KEY = "yacht-dice/match"


def phone(browser):
    """A person's own browser: its own storage, English words."""
    return browser.new_context(locale="en-US").new_page()


def played_on_one_phone(turns: int) -> str:
    """The save of a phone on which the match's first ``turns`` turns were played, each handed on here ("… is
    here: play on this phone"), through game.app.update as the page runs it."""
    app, _ = update(App(), Start(query=tuple(parse_qsl(SHORT))))
    for _ in range(turns):
        app, _ = update(app, Pressed(Button.ROLL))
        box = next(iter(app.session.match.options()))
        for event in (BoxChosen(box), Pressed(Button.SEND_HERE)):
            app, _ = update(app, event)
    return app.session.to_json()


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


def axe_serious(page) -> list:
    from axe_playwright_python.sync_playwright import Axe

    page.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))")
    violations = Axe().run(page).response["violations"]
    return [
        (v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations if v["impact"] in ("serious", "critical")
    ]


def test_a_two_person_match_passed_back_and_forth_by_link_to_its_end(browser, base_url):
    phones = {ANN: phone(browser), "Bob": phone(browser)}
    store(phones[ANN], base_url, {SAVE_KEY: played_on_one_phone(14)})  # four turns left, two each
    open_game(phones[ANN], base_url)  # at the handover, as the phone was left: sent or played here?
    phones[ANN].get_by_role("button", name=f"{ANN} is here: play on this phone").click()
    expect(phones[ANN].locator("#status")).to_contain_text(ANN)
    name, other, turns = ANN, "Bob", 0
    while True:
        page = phones[name]
        expect(page.get_by_role("button", name=ui.ROLL)).to_be_visible()
        play_turn(page)
        turns += 1
        if page.locator("#results").is_visible():
            break
        if turns == 1:
            assert axe_serious(page) == []  # the send screen
        url = send_turn(page, other, axe=turns == 1)  # back and forth by link, each turn
        opened(phones[other], url)
        expect(phones[other].locator("#send")).to_be_hidden()  # their turn, on their own phone
        expect(phones[other].locator("#status")).to_contain_text(other)
        name, other = other, name
    assert turns == 4 and name == "Bob"
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
    assert ANN in there.locator("#standings").inner_text()  # the family came through every link whole
