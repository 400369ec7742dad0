"""Undo through ``update``, read as the page shows it (moved from tests/e2e/test_undo.py and the history's undo of
tests/e2e/test_statistics_page.py): a misclick mended, never a roll, off by choice, and a game's end final."""

from __future__ import annotations

from game.app.events import BoxChosen, Button, Key, Pressed
from game.app.keys import HISTORY_KEY, SAVE_KEY
from game.records.history import History
from tests.helpers.app import after_ticks, notice, of, opened, play, play_out, stores
from tests.helpers.page import cell, choices, dice, held, status


def test_score_the_wrong_box_undo_score_the_right_one_and_reload():
    app, page, _ = opened("rules=yahtzee&players=Ann&seed=5")
    app, page, _ = play(app, page, Pressed(Button.ROLL))
    offered = choices(page)
    app, page, _ = play(app, page, BoxChosen("chance"))  # the wrong box
    assert cell(page, "chance") == str(offered["Chance"])
    app, page, _ = play(app, page, Pressed(Button.UNDO))
    assert status(page).startswith("Undone: Chance is open again.") and cell(page, "grand_total") == "0"
    assert choices(page) == offered  # the box is open again: the same dice, the same choices
    app, page, effects = play(app, page, BoxChosen("ones"))  # the right one
    _, reloaded, _ = opened(stored={SAVE_KEY: stores(effects, SAVE_KEY)[-1]})
    assert cell(reloaded, "ones") == str(offered["Ones"]) and cell(reloaded, "chance") == ""
    assert cell(reloaded, "grand_total") == cell(reloaded, "upper_subtotal") == str(offered["Ones"])


def test_roll_roll_undo_leaves_the_second_roll_on_the_table():
    app, page, _ = opened("rules=yacht&players=Ann&seed=12")
    app, page, _ = play(app, page, Key("r"), Key("1"), Key("r"))
    assert page["roll-marks"]["html"].count('class="mark used"') == 2
    second = dice(page, 5)
    same, page, effects = play(app, page, Key("u"))  # a roll is never taken back: undone, it would show the next
    assert "never a roll" in notice(effects) and same.session == app.session and not of(effects, "store")
    assert dice(page, 5) == second and held(page, 5)[0]
    app, page, _ = play(same, page, Key("2"))
    assert held(page, 5)[1]
    app, page, _ = play(app, page, Key("z", ctrl=True))  # a hold since the roll: a mis-tap, mended
    assert not held(page, 5)[1] and held(page, 5)[0] and dice(page, 5) == second
    assert page["roll-marks"]["html"].count('class="mark used"') == 2


def test_undo_off_has_no_button_and_the_key_says_why():
    app, page, _ = opened("rules=yacht&players=Ann&seed=4&undo=0")
    app, page, _ = play(app, page, Pressed(Button.ROLL))
    assert page["undo-button"]["hidden"] is True
    same, _, effects = play(app, page, Key("u"))
    assert "Undo is off for this match" in notice(effects) and same.session == app.session
    assert None not in same.session.match.dice


def test_the_box_that_ends_a_game_is_final_by_key_and_by_button_and_the_game_stays_recorded():
    app, page, _ = opened("rules=yacht&players=Ann&seed=6")
    app, page, effects = play_out(app, page)
    app, effects = after_ticks(app, effects, "records")
    assert len(History.from_json(stores(effects, HISTORY_KEY)[-1]).games) == 1
    assert page["undo-button"]["attrs"]["aria-disabled"] == "true"  # in sight, but it says it can do nothing
    for undo in (Key("u"), Pressed(Button.UNDO)):
        same, page, effects = play(app, page, undo)
        assert same.session == app.session and not stores(effects, HISTORY_KEY)
        assert notice(effects) == "The game is over: its result is final."
