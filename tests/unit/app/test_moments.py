"""Moments at the table (issue 54), as facts the view draws: a Yahtzee stops the table on the roll that shows it, for
about a second and a half once its dice land, with its dice; scoring it is then a plain score; a straight and the upper
bonus get a smaller moment, and a tap skips each."""

from __future__ import annotations

from game.app.events import BoxChosen, Button, Key, Pressed, read_timer
from game.app.sounds import RECIPES, recipe_data
from game.app.view import view
from game.coach import moments
from game.coach.session import Session
from game.core.dice import Draw
from game.core.engine import new_match
from game.present import feel
from tests.helpers.app import of, ops, send, start, ticks, visible
from tests.helpers.scenes import yahtzee_seed


def shown_moment(effects) -> str:
    return [c["attrs"]["data-moment"] for c in ops(effects, "cheer") if "attrs" in c][-1]


def test_a_yahtzee_stops_the_table_on_its_roll_with_its_dice_and_a_tap_skips_it():
    app, _ = start(f"rules=yahtzee&players=Ann&seed={yahtzee_seed()}")
    app, effects = send(app, Pressed(Button.ROLL))  # the roll that shows it: the moment is now, not at the score
    face = app.session.match.dice[0]
    assert visible(effects, "cheer") and shown_moment(effects) == "yahtzee"
    assert [ms for _, ms in ticks(effects, "cheer")] == [round(feel.MOMENT_SECONDS[feel.Moment.YAHTZEE] * 1000)]
    jumping = ops(effects, "cheer-dice")[-1]["html"]
    assert jumping.count('class="die"') == 5 and jumping.count(f'data-face="{face}"') == 5
    assert ops(effects, "cheer-text")[-1]["text"] == "Yahtzee for Ann!"
    assert ops(effects, "status")[-1]["text"].startswith("Yahtzee for Ann! Ann rolled")
    assert of(effects, "vibrate") and of(effects, "play")[-1][0] == recipe_data(RECIPES[feel.Cue.YAHTZEE])  # its sound
    app, effects = send(app, Pressed(Button.CHEER_CLOSE))  # the tap that skips it
    assert visible(effects, "cheer") is False
    app, effects = send(app, BoxChosen("yahtzee"))  # scored: a plain score, no second moment, nothing said twice
    assert not ticks(effects, "cheer") and not ops(effects, "cheer-text")
    assert "Yahtzee for" not in ops(effects, "status")[-1]["text"]


def test_only_all_the_dice_alike_make_the_moment():
    m = new_match("yahtzee", ["Ann"], seed=1)
    assert feel.cues(m, m.roll(faces=[4, 4, 4, 4, 2])) == (feel.Cue.ROLL,)
    assert feel.cues(m, m.roll(faces=[4] * 5)) == (feel.Cue.ROLL, feel.Cue.YAHTZEE)
    held = m.roll(faces=[4, 4, 4, 4, 2]).hold(0).hold(1).hold(2).hold(3)
    assert feel.cues(held, held.roll(faces=[4])) == (feel.Cue.ROLL, feel.Cue.YAHTZEE)  # the last die joins them
    maxi = new_match("maxi", ["Ann"], seed=1)
    assert feel.cues(maxi, maxi.roll(faces=[3] * 6))[-1] is feel.Cue.YAHTZEE
    assert feel.cues(maxi, maxi.roll(faces=[3] * 5 + [2])) == (feel.Cue.ROLL,)


def test_a_straight_and_the_upper_bonus_get_a_smaller_moment():
    m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[1, 2, 3, 4, 5])
    app, _ = start(match=Session(m))
    app, effects = send(app, BoxChosen("large_straight"))
    assert shown_moment(effects) == "straight" and ops(effects, "cheer-text")[-1]["text"] == "Large Straight for Ann!"
    assert ops(effects, "cheer-dice")[-1]["html"] == ""  # no dice jump: a banner, not a stop
    assert [ms for _, ms in ticks(effects, "cheer")] == [round(feel.MOMENT_SECONDS[feel.Moment.STRAIGHT] * 1000)]
    full = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[2, 2, 5, 5, 5])  # a full house is cheered as a straight
    app, effects = send(start(match=Session(full))[0], BoxChosen("full_house"))
    assert shown_moment(effects) == "straight" and ops(effects, "cheer-text")[-1]["text"] == "Full House for Ann!"
    app, effects = send(
        start(match=Session(full.score("chance").roll(faces=[1, 2, 3, 4, 6])))[0], BoxChosen("full_house")
    )
    assert not ops(effects, "cheer-text")  # scratched: nothing to cheer
    m = new_match("yahtzee", ["Ann"], seed=1)
    for face in (6, 5, 4, 3, 2):
        m = m.roll(faces=[face] * 3 + [1, 1]).score({6: "sixes", 5: "fives", 4: "fours", 3: "threes", 2: "twos"}[face])
    app, _ = start(match=Session(m.roll(faces=[1, 1, 1, 1, 2])))  # 60 so far: these four 1s make 64
    app, effects = send(app, BoxChosen("ones"))
    assert shown_moment(effects) == "bonus"
    reward = ops(effects, "cheer-dice")[-1]["html"]  # "+35" large, and the dice that reached it hopping
    assert "+35" in reward and reward.count('data-face="1"') == 4 and reward.count('class="die"') == 4  # the 1s counted
    assert reward.count('class="die aside"') == 1  # the roll's 2 set aside, as on the felt (round 107)
    assert (
        reward.index('data-face="1"') < reward.index("<b>+4</b> Ones") < reward.index("+35")
    )  # the box, then the bonus
    assert feel.MOMENT_SECONDS[feel.Moment.BONUS] < 4 and feel.MOMENT_SECONDS[feel.Moment.YAHTZEE] < 2.5


def test_a_computer_to_move_next_waits_for_a_yahtzees_moment():
    seed = next(
        s
        for s in range(100_000)
        if len(set(new_match("yahtzee", ["Ann", "Cy"], seed=s, draw=Draw.TYPED).roll().dice)) == 1
    )
    app, _ = start(f"rules=yahtzee&players=Ann,Cy&cpu=2:easy&seed={seed}")
    app, effects = send(app, Pressed(Button.ROLL))
    assert shown_moment(effects) == "yahtzee"
    app, effects = send(app, Pressed(Button.CHEER_CLOSE), BoxChosen("yahtzee"))
    assert [ms for _, ms in ticks(effects, "computer")] != [2200]  # skipped, then scored: the computer goes on


def test_a_persons_yahtzee_box_gets_its_second_beat_before_a_computer_rolls_and_a_small_box_none():
    """Fresh eyes rounds 97 and 98: "the Yahtzee is celebrated when rolled, not when written". Its "+50" on the felt
    is seen whole before the computer's first roll; a plain box waits the pace's own wait."""
    from game.app.waits import LANDING_SECONDS
    from game.core.cards import Seat

    m = new_match("yahtzee", ["Ann", Seat.computer("Cy", "easy")], seed=1).roll(faces=[4] * 5)
    waits = {}
    for box in ("yahtzee", "fours"):
        app, _ = start(match=Session(m))
        app, effects = send(app, Pressed(Button.CHEER_CLOSE), BoxChosen(box))
        waits[box] = [ms for _, ms in ticks(effects, "computer")]
    assert waits == {"yahtzee": [round(LANDING_SECONDS * 1000)], "fours": [500]}  # Brisk, the default pace


def test_a_computers_yahtzee_gets_the_moment_on_its_roll_and_it_waits_for_it():
    seed = next(
        s
        for s in range(100_000)
        if len(set(new_match("yahtzee", ["Cy", "Ann"], seed=s, draw=Draw.TYPED).roll().dice)) == 1
    )
    app, effects = start(f"rules=yahtzee&players=Cy,Ann&cpu=1:easy&seed={seed}")
    (token, _), *_ = ticks(effects, "computer")
    app, effects = send(app, read_timer(token))  # the computer rolls five alike
    assert shown_moment(effects) == "yahtzee" and ops(effects, "cheer-text")[-1]["text"] == "Yahtzee for Cy!"
    assert [ms for _, ms in ticks(effects, "computer")] == [2200]  # its next move waits: the table is stopped
    assert not visible(effects, "cheer-take")  # its box is its own choice: nothing offered to the people watching
    same, effects = send(app, Pressed(Button.CHEER_TAKE))
    assert same == app and not effects


def test_a_new_best_rating_gets_a_smaller_moment_of_its_own():
    from game.app.state import App, PlayScreen
    from game.app.ticks import record
    from game.records.rating import new_best_ratings
    from tests.helpers.records import game, history

    earlier = history(game(1, lost=(6.0,)), game(2, lost=(6.0,)))  # 0.2 per decision, twice
    better, worse = game(3, lost=(3.0,)), game(4, lost=(9.0,))
    ((name, value),) = new_best_ratings(earlier, better)
    assert name == "Ann" and abs(value - 15.0 / 90) < 1e-9
    assert new_best_ratings(earlier, worse) == ()
    assert new_best_ratings(history(game(1, lost=(6.0,))), game(2, lost=(3.0,))) == ()  # too few games yet
    assert new_best_ratings(earlier, game(3, lost=(3.0,), hinted=(True,))) == ()  # helped: rated apart
    app, _, effects = record(App(screen=PlayScreen()), earlier, better)  # at the table: its status line
    assert (
        app.visit.moment is feel.Moment.RATING
        and view(app).cheer[0].words == "A new best rating for Ann: 0.17 per decision!"
    )
    assert app.table.status.ratings == ((("Ann", value),),)  # said through the status line too
    assert [ms for _, ms in ticks(effects, "cheer")] == [3000]


def test_the_yahtzee_box_is_marked_gold_while_its_dice_are_on_the_table():
    from game.present import board_view, markup

    m = new_match("yahtzee", ["Ann"], seed=1)
    alike, four = m.roll(faces=[5] * 5), m.roll(faces=[5, 5, 5, 5, 1])
    assert "alike" in board_view.cells(alike)[("yahtzee", 0)].classes
    assert 'class="choice alike"' in markup.cell("yahtzee", board_view.cells(alike)[("yahtzee", 0)])
    assert "alike" not in board_view.cells(four)[("yahtzee", 0)].classes
    assert "alike" not in board_view.cells(alike)[("fives", 0)].classes  # its box alone


def test_roll_while_a_yahtzee_stops_the_table_skips_the_moment_and_keeps_the_dice():
    """A hasty second tap on Roll (or R) while the Yahtzee is being cheered skips the moment, as a tap on it does: it
    never throws the Yahtzee away. Once the moment is gone, Roll rolls."""
    for again in (Pressed(Button.ROLL), Key("r")):
        app, _ = start(f"rules=yahtzee&players=Ann&seed={yahtzee_seed()}")
        app, effects = send(app, Pressed(Button.ROLL))
        dice, rolls = app.session.match.dice, app.session.match.rolls
        assert visible(effects, "cheer")
        app, effects = send(app, again)
        assert visible(effects, "cheer") is False
        assert (app.session.match.dice, app.session.match.rolls) == (dice, rolls)  # the Yahtzee still on the table
        app, _ = send(app, again)
        assert app.session.match.rolls == rolls + 1  # the moment gone: Roll rolls


def test_a_yahtzees_moment_offers_its_box_and_writes_it_at_once():
    """The moment points the way on: "Score 50 in Yahtzee" on it writes the Yahtzee in its box, the moment gone and the
    focus on Roll. Once the moment has passed it offers nothing, and a tap on its button then changes nothing."""
    app, _ = start(f"rules=yahtzee&players=Ann&seed={yahtzee_seed()}")
    app, effects = send(app, Pressed(Button.ROLL))
    said = [change["text"] for change in ops(effects, "cheer-take") if "text" in change]
    assert said == ["Score 50 in Yahtzee"] and visible(effects, "cheer-take")
    app, effects = send(app, Pressed(Button.CHEER_TAKE))
    assert app.session.match.cards[0][0].scores == {"yahtzee": 50}
    assert visible(effects, "cheer") is False and visible(effects, "cheer-take") is False
    assert of(effects, "focus")[-1][0] == "roll-button"
    again, effects = send(app, Pressed(Button.CHEER_TAKE))  # a late second tap: nothing to take
    assert again == app and not effects
    app, _ = start(f"rules=yahtzee&players=Ann&seed={yahtzee_seed()}")
    app, effects = send(app, Pressed(Button.ROLL), Pressed(Button.CHEER_CLOSE))
    assert visible(effects, "cheer-take") is False  # skipped: the card's box offers it, as before
    same, effects = send(app, Pressed(Button.CHEER_TAKE))
    assert same == app and not effects and not app.session.match.cards[0][0].scores


def test_a_yahtzee_whose_box_is_filled_or_a_computers_offers_nothing_to_take():
    five = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[5] * 5)
    assert moments.its_box(five) == ("yahtzee", 50)
    assert moments.its_box(five.score("yahtzee").roll(faces=[5] * 5)) is None  # a bonus Yahtzee: a box to choose
    scratched = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[1, 2, 3, 4, 6]).score("yahtzee")
    assert moments.its_box(scratched.roll(faces=[5] * 5)) is None  # scratched: nothing to write
    assert moments.its_box(new_match("yatzy", ["Ann"], seed=1).roll(faces=[2] * 5)) == ("yatzy", 50)
    assert moments.its_box(new_match("yacht", ["Ann"], seed=1).roll(faces=[2] * 5)) == ("yacht", 50)


def test_a_computer_to_move_next_waits_for_a_smaller_moments_words_to_rise_and_fade():
    """Fresh eyes round 50: the words of a person's bonus rose over the computer's first roll, as if its own."""
    from game.app.keys import PACE_KEY
    from game.coach.pacing import Pace
    from game.core.cards import Seat

    m = new_match("yahtzee", ["Ann", Seat.computer("Cy", "easy")], seed=1).roll(faces=[1, 2, 3, 4, 5])
    app, _ = start(match=Session(m))
    assert app.pace is Pace.BRISK
    _, effects = send(app, BoxChosen("large_straight"))
    assert shown_moment(effects) == "straight"
    assert [ms for _, ms in ticks(effects, "computer")] == [round(moments.RISING_SECONDS * 1000)]
    _, effects = send(app, BoxChosen("chance"))  # no moment: the computer's own brisk pause
    assert [ms for _, ms in ticks(effects, "computer")] < [round(moments.RISING_SECONDS * 1000)]
    _, effects = send(app.holding(PACE_KEY, "instant"), BoxChosen("large_straight"))  # instant: no wait for words
    assert [ms for _, ms in ticks(effects, "computer")] == [0]


def test_robin_has_a_word_for_a_persons_yahtzee_and_none_for_its_own_or_a_game_alone():
    """Fresh eyes round 71: the rival at the table reacts to a person's big moment, for the eyes (data-quip), in the
    player's language; never to its own, and nobody speaks in a game alone."""
    from game.core.cards import Seat

    def table(seats):
        seed = next(s for s in range(100_000) if len(set(new_match("yahtzee", seats, seed=s).roll().dice)) == 1)
        return Session(new_match("yahtzee", seats, seed=seed))

    app, _ = start(match=table(["Ann", Seat.computer("Robin", "good")]))
    app, effects = send(app, Pressed(Button.ROLL))
    assert view(app).cheer[2] == "yahtzee" and view(app).cheer[4] == "Show-off!"
    assert any(change.get("attrs", {}).get("data-quip") == "Show-off!" for change in ops(effects, "cheer"))
    alone, _ = start(match=table(["Ann"]))
    alone, effects = send(alone, Pressed(Button.ROLL))
    assert view(alone).cheer[2] == "yahtzee" and view(alone).cheer[4] == ""
