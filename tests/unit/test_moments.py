"""Moments at the table (issue 54), as facts the view draws: a Yahtzee stops the table for about a second and a half
with its dice, a straight and the upper bonus get a smaller moment, and a tap skips each."""

from __future__ import annotations

from game.app.events import BoxChosen, Button, Pressed
from game.coach.session import Session
from game.core.dice import Draw
from game.core.engine import new_match
from game.present import feel
from tests.unit.test_app import ops, send, start, ticks, visible
from tests.unit.test_feel_flows import yahtzee_seed


def shown_moment(effects) -> str:
    return [c["attrs"]["data-moment"] for c in ops(effects, "cheer") if "attrs" in c][-1]


def test_a_yahtzee_stops_the_table_a_moment_with_its_dice_and_a_tap_skips_it():
    app, _ = start(f"rules=yahtzee&players=Ann&seed={yahtzee_seed()}")
    app, _ = send(app, Pressed(Button.ROLL))
    face = app.session.match.dice[0]
    app, effects = send(app, BoxChosen("yahtzee"))
    assert visible(effects, "cheer") and shown_moment(effects) == "yahtzee"
    assert [ms for _, ms in ticks(effects, "cheer")] == [1500]
    jumping = ops(effects, "cheer-dice")[-1]["html"]
    assert jumping.count('class="die"') == 5 and jumping.count(f'data-face="{face}"') == 5
    assert ops(effects, "cheer-text")[-1]["text"] == "Yahtzee for Ann!"
    app, effects = send(app, Pressed(Button.CHEER_CLOSE))  # the tap that skips it
    assert visible(effects, "cheer") is False


def test_a_straight_and_the_upper_bonus_get_a_smaller_moment():
    m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[1, 2, 3, 4, 5])
    app, _ = start(match=Session(m))
    app, effects = send(app, BoxChosen("large_straight"))
    assert shown_moment(effects) == "straight" and ops(effects, "cheer-text")[-1]["text"] == "Large Straight for Ann!"
    assert ops(effects, "cheer-dice")[-1]["html"] == ""  # no dice jump: a banner, not a stop
    assert [ms for _, ms in ticks(effects, "cheer")] == [round(feel.MOMENT_SECONDS[feel.Moment.STRAIGHT] * 1000)]
    m = new_match("yahtzee", ["Ann"], seed=1)
    for face in (6, 5, 4, 3, 2):
        m = m.roll(faces=[face] * 3 + [1, 1]).score({6: "sixes", 5: "fives", 4: "fours", 3: "threes", 2: "twos"}[face])
    app, _ = start(match=Session(m.roll(faces=[1, 1, 1, 1, 2])))  # 60 so far: these four 1s make 64
    app, effects = send(app, BoxChosen("ones"))
    assert shown_moment(effects) == "bonus"
    assert feel.MOMENT_SECONDS[feel.Moment.BONUS] < 4 and feel.MOMENT_SECONDS[feel.Moment.YAHTZEE] == 1.5


def test_a_computer_to_move_next_waits_for_a_yahtzees_moment():
    seed = next(
        s
        for s in range(100_000)
        if len(set(new_match("yahtzee", ["Ann", "Cy"], seed=s, draw=Draw.TYPED).roll().dice)) == 1
    )
    app, _ = start(f"rules=yahtzee&players=Ann,Cy&cpu=2:easy&seed={seed}")
    app, _ = send(app, Pressed(Button.ROLL))
    app, effects = send(app, BoxChosen("yahtzee"))
    assert shown_moment(effects) == "yahtzee"
    assert [ms for _, ms in ticks(effects, "computer")] == [1500]  # not its 0.7 s: the table is stopped


def test_a_new_best_rating_gets_a_smaller_moment_of_its_own():
    from game.app.state import App
    from game.app.ticks import record
    from game.records.rating import new_best_ratings
    from tests.unit.test_rating import game, history

    earlier = history(game(1, lost=(6.0,)), game(2, lost=(6.0,)))  # 0.2 per decision, twice
    better, worse = game(3, lost=(3.0,)), game(4, lost=(9.0,))
    ((name, value),) = new_best_ratings(earlier, better)
    assert name == "Ann" and abs(value - 15.0 / 90) < 1e-9
    assert new_best_ratings(earlier, worse) == ()
    assert new_best_ratings(history(game(1, lost=(6.0,))), game(2, lost=(3.0,))) == ()  # too few games yet
    assert new_best_ratings(earlier, game(3, lost=(3.0,), hinted=(True,))) == ()  # helped: rated apart
    app, _, effects = record(App(), earlier, better)
    assert app.moment is feel.Moment.RATING and app.cheer.words == "A new best rating for Ann: 0.17 per decision!"
    assert app.status.ratings == ((("Ann", value),),)  # said through the status line too
    assert [ms for _, ms in ticks(effects, "cheer")] == [3000]
