"""A challenge's names and ending (issue 47): the person's name asked once and used, and a lost challenge's
ending led by the comparison, not a medal."""

from __future__ import annotations

import json

from game.app.events import BoxChosen, Button, Pressed, Start
from game.app.keys import SAVE_KEY, SETUP_KEY
from game.app.state import App, Naming
from game.app.update import update
from game.coach.session import Session
from game.records import challenge
from tests.helpers.app import ADDRESS, NOW, challenger, friend, of, ops, play_out, send, stores


def play_badly(app):
    """The App's one-person game played out: a roll, then the box offering the fewest points, each turn."""
    effects = []
    while not app.session.match.game_over:
        app, more = send(app, Pressed(Button.ROLL))
        options = app.session.match.options()
        app, effects = send(app, BoxChosen(min(options, key=options.get)))
        effects = more + effects
    return app, effects


def test_a_lost_challenge_ends_with_the_comparison_and_no_medal():
    theirs_app, _ = challenger()
    theirs = challenge.solo(theirs_app.session.match)
    app, _ = friend(theirs_app.sharing.url, {"yacht-dice/setup": '{"name1": "Bob", "count": "1"}'})
    app, effects = play_badly(app)
    gap = theirs.totals(0).grand_total - app.session.match.totals(0).grand_total
    assert gap > 0
    (scene,) = [op for op in ops(effects, "scene") if not op["hidden"]]
    assert scene["attrs"] == {"data-outcome": "beaten"}
    assert 'class="medal"' not in scene["html"] and 'class="trophy"' not in scene["html"]
    assert f'<p class="scene-headline">Ann wins by {gap} points: ' in scene["html"]


def test_a_challenge_asks_the_name_once_and_uses_it():
    theirs_app, _ = challenger()
    app, effects = friend(theirs_app.sharing.url)  # this phone remembers no name
    assert app.naming is Naming.CHALLENGED and ("naming", True) in of(effects, "dialog")
    assert app.session.match.players == ("You",)
    app, effects = send(app, Pressed(Button.NAMING_OK, form=(("asked-name", "  "),)))  # blank: refused
    assert app.naming is Naming.CHALLENGED and effects == []
    app, effects = send(app, Pressed(Button.NAMING_OK, form=(("asked-name", "Bob"),)))
    assert app.naming is None and ("naming", False) in of(effects, "dialog")
    assert app.session.match.players == ("Bob",) and json.loads(stores(effects, SETUP_KEY)[-1])["name1"] == "Bob"
    assert Session.from_json(stores(effects, SAVE_KEY)[-1]).match.players == ("Bob",)
    assert any("Bob" in op["html"] for op in ops(effects, "scorecard"))  # the card drawn again, under the name
    assert "You" not in ops(effects, "status")[-1]["text"]
    # The same challenge opened again on this phone: the name is remembered, not asked.
    remembered = {SETUP_KEY: stores(effects, SETUP_KEY)[-1]}
    again, effects = friend(theirs_app.sharing.url, remembered)
    assert again.session.match.players == ("Bob",) and ops(effects, "naming-ask") == [{"hidden": True}]  # not asked
    again, effects = send(again, Pressed(Button.NAMING_OK))  # the welcome card's Play
    assert again.naming is None and ("naming", False) in of(effects, "dialog")
    app, effects = play_badly(app)
    assert "Ann wins by" in next(op for op in ops(effects, "scene") if not op["hidden"])["html"]
    assert all("You" not in text for text in app.session.match.players)


def test_a_name_not_given_leaves_the_challenge_as_it_was():
    theirs_app, _ = challenger()
    app, _ = friend(theirs_app.sharing.url)
    app, effects = send(app, Pressed(Button.NAMING_SKIP))
    assert app.naming is None and of(effects, "dialog") == [("naming", False)] and not stores(effects, SETUP_KEY)
    assert app.session.match.players == ("You",)
    assert send(app, Pressed(Button.NAMING_OK, form=(("asked-name", "Bob"),)))[1] == []  # no longer asked


def test_a_challenger_with_no_name_is_asked_before_the_link_is_sent():
    """Alone under the default name ("You"), Challenge a friend asks the name first: the link carries it."""
    app, _ = update(App(), Start(address=ADDRESS), now=NOW)
    app, _ = send(app, Pressed(Button.QUICK_SOLO, form=(("rules", "yacht"),)))  # alone, no name given
    app, _, _ = play_out(app)
    assert app.session.match.players == ("You",)
    app, effects = send(app, Pressed(Button.CHALLENGE_FRIEND))
    assert app.naming is Naming.CHALLENGING and of(effects, "dialog") == [("naming", True)] and app.sharing is None
    app, effects = send(app, Pressed(Button.NAMING_OK, form=(("asked-name", "Cy"),)))
    assert app.session.match.players == ("Cy",) and ("share", True) in of(effects, "dialog")
    friend_app, _ = friend(app.sharing.url, {SETUP_KEY: stores(effects, SETUP_KEY)[-1]})
    assert ops(_, "challenge-line")[-1]["text"].startswith("Challenge from Cy: ")
    # Asked once: remembered, the next challenge is sent at once.
    app, effects = send(app, Pressed(Button.SHARE_CLOSE), Pressed(Button.CHALLENGE_FRIEND))
    assert app.naming is None and ("share", True) in of(effects, "dialog")


def test_a_challenger_who_gives_no_name_sends_the_link_all_the_same():
    app, _ = update(App(), Start(address=ADDRESS), now=NOW)
    app, _ = send(app, Pressed(Button.QUICK_SOLO, form=(("rules", "yacht"),)))  # alone, no name given
    app, _, _ = play_out(app)
    app, effects = send(app, Pressed(Button.CHALLENGE_FRIEND), Pressed(Button.NAMING_SKIP))
    assert app.naming is None and ("share", True) in of(effects, "dialog") and not stores(effects, SETUP_KEY)
    assert app.session.match.players == ("You",)  # this phone's own seat stays "You"
    # The link never names the sender "You" (the friend would read it as themselves): the neutral "Player".
    friend_app, opened = friend(app.sharing.url, {SETUP_KEY: '{"name1": "Bob", "count": "1"}'})
    assert ops(opened, "challenge-line")[-1]["text"].startswith("Challenge from Player: ")
    assert friend_app.kept.challenge is not None and friend_app.kept.challenge.players == ("Player",)
