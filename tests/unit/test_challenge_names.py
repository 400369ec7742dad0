"""A challenge's names and ending (issue 47): the person's name asked once and used, and a lost challenge's
ending led by the comparison, not a medal."""

from __future__ import annotations

import json

from game.app import SAVE_KEY, SETUP_KEY, BoxChosen, Button, Pressed
from game.coach.session import Session
from game.records import challenge
from tests.unit.test_app import of, ops, send, stores
from tests.unit.test_challenges import challenger, friend


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
    assert app.naming and ("naming", True) in of(effects, "dialog")
    assert app.session.match.players == ("Player",)
    app, effects = send(app, Pressed(Button.NAMING_OK, form=(("asked-name", "  "),)))  # blank: refused
    assert app.naming and effects == []
    app, effects = send(app, Pressed(Button.NAMING_OK, form=(("asked-name", "Bob"),)))
    assert not app.naming and ("naming", False) in of(effects, "dialog")
    assert app.session.match.players == ("Bob",) and json.loads(stores(effects, SETUP_KEY)[-1])["name1"] == "Bob"
    assert Session.from_json(stores(effects, SAVE_KEY)[-1]).match.players == ("Bob",)
    assert any("Bob" in op["html"] for op in ops(effects, "scorecard"))  # the card drawn again, under the name
    assert "Player" not in ops(effects, "status")[-1]["text"]
    # The same challenge opened again on this phone: the name is remembered, not asked.
    remembered = {SETUP_KEY: stores(effects, SETUP_KEY)[-1]}
    again, effects = friend(theirs_app.sharing.url, remembered)
    assert not again.naming and not of(effects, "dialog") and again.session.match.players == ("Bob",)
    app, effects = play_badly(app)
    assert "Ann wins by" in next(op for op in ops(effects, "scene") if not op["hidden"])["html"]
    assert all("Player" not in text for text in app.session.match.players)


def test_a_name_not_given_leaves_the_challenge_as_it_was():
    theirs_app, _ = challenger()
    app, _ = friend(theirs_app.sharing.url)
    app, effects = send(app, Pressed(Button.NAMING_SKIP))
    assert not app.naming and of(effects, "dialog") == [("naming", False)] and not stores(effects, SETUP_KEY)
    assert app.session.match.players == ("Player",)
    assert send(app, Pressed(Button.NAMING_OK, form=(("asked-name", "Bob"),)))[1] == []  # no longer asked
