"""A challenge's names and ending (issue 47): the person's name asked once and used, and a lost challenge's
ending led by the comparison, not a medal."""

from __future__ import annotations

from game.app import BoxChosen, Button, Pressed
from game.records import challenge
from tests.unit.test_app import ops, send
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
