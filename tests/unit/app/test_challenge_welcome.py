"""A challenge link opens on a welcome card (issue 54, part 6): who challenges, the score to beat, the rules, "no
undo, no hints", and one Play button; the name field (and Not now) only where this phone knows no name. The sender
is asked for a name under Send (Challenge a friend), never on the welcome card's Play."""

from __future__ import annotations

import re

from game.app.events import Button, Pressed
from game.app.state import Naming
from game.records import challenge
from tests.helpers.app import challenger, friend, of, ops, play_out, send, start

KNOWN = {"yacht-dice/setup": '{"name1": "Bob", "count": "1"}'}


def card(effects) -> tuple[str, list[str]]:
    (title,) = ops(effects, "naming-title")
    (text,) = ops(effects, "naming-text")
    assert title["hidden"] is False and text["hidden"] is False
    return title["text"], re.findall(r"<p>(.*?)</p>", text["html"])


def test_a_challenge_link_opens_on_a_welcome_card_with_one_play_button():
    theirs_app, _ = challenger()
    total = challenge.solo(theirs_app.session.match).totals(0).grand_total
    app, effects = friend(theirs_app.sharing.url, KNOWN)
    assert app.naming is Naming.CHALLENGED and ("naming", True) in of(effects, "dialog")
    title, lines = card(effects)
    assert title == "Ann challenges you"
    assert lines == [
        f"Ann scored {total} points at Yacht. Beat it on the very same dice, roll for roll.",
        "No undo, no hints.",
    ]
    assert ops(effects, "naming-ask") == [{"hidden": True}] and ops(effects, "naming-skip") == [{"hidden": True}]
    assert ops(effects, "naming") == [{"attrs": {"aria-labelledby": "naming-title"}}]
    app, effects = send(app, Pressed(Button.NAMING_OK))  # Play: the game, under the name this phone knows
    assert app.naming is None and ("naming", False) in of(effects, "dialog")
    assert app.session.match.players == ("Bob",) and not app.session.undo_allowed


def test_a_phone_that_knows_no_name_asks_for_it_on_the_card():
    theirs_app, _ = challenger()
    app, effects = friend(theirs_app.sharing.url)
    title, _ = card(effects)
    assert title == "Ann challenges you" and ops(effects, "naming-ask") == [{"hidden": False}]
    app, effects = send(app, Pressed(Button.NAMING_OK, form=(("asked-name", "Cy"),)))
    assert app.naming is None and app.session.match.players == ("Cy",)


def test_the_sender_is_asked_under_send_without_the_welcome():
    app, effects = challenger()  # Ann's name is known: Challenge a friend shares at once
    assert app.naming is None and app.sharing is not None
    words = challenge.welcome(app.session.match)[0]
    assert words == "Ann challenges you" and not ops(effects, "naming-title")  # no card on the sender's side


def test_the_sender_without_a_name_is_asked_under_send_not_play():
    app, _ = start("rules=yacht&players=&cpu=2:easy")  # no name given: asked when the challenge is sent
    app, _, _ = play_out(app)
    app, effects = send(app, Pressed(Button.CHALLENGE_FRIEND))
    assert app.naming is Naming.CHALLENGING and ("naming", True) in of(effects, "dialog")
    assert ops(effects, "naming-ok") == [{"text": "Send"}]  # its button sends: never "Play" on the sender's side
    assert ops(effects, "naming-title") == [{"text": "", "hidden": True}]  # no welcome card for the sender
