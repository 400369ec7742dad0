"""The game by ear, through ``update`` (issue 47): every roll, hold and release said in the live region (the status
line), the key B reading the board in a live region of its own, Roll looking disabled while the computer plays,
and the hint switch remembered per person from one match to the next."""

from __future__ import annotations

import json
import re

from game.app.events import Answer, Answered, BoxChosen, Button, Key, Pressed, Switch, Toggled, read_timer
from game.app.keys import HINTED_KEY, SAVE_KEY
from game.core.engine import Phase
from tests.helpers.app import computers_turn, notice, ops, send, start, stores, tick_token
from tests.helpers.scenes import rolled


def said(effects) -> list[str]:
    """What the live region of the steps (the status line) was given to say."""
    return [changes["text"] for changes in ops(effects, "status") if "text" in changes]


def spoken(effects) -> list[str]:
    """What the board's reading (the key B) was given to say."""
    return [changes["text"].removesuffix("\u00a0") for changes in ops(effects, "spoken")]


def test_a_roll_is_said_with_who_rolled_every_die_and_which_roll():
    app, _ = start("players=Ann&rules=yacht&seed=3")
    app, effects = send(app, Key("r"))
    dice = ", ".join(map(str, app.session.match.dice))
    assert said(effects) == [f"Ann rolled {dice} (roll 1 of 3)"]
    app, _ = send(app, Key("r"))
    app, effects = send(app, Key("r"))  # the last roll: a box is to be chosen
    dice = ", ".join(map(str, app.session.match.dice))
    assert said(effects) == [f"Ann rolled {dice} (roll 3 of 3): choose a box"]


def test_a_computers_turn_is_shown_move_by_move_and_said_once_at_its_end():
    app, effects = computers_turn("players=Kim&cpu=2:good&rules=yahtzee&seed=1")
    shown, heard, live = [], [], []
    while app.session.match.player == 1:
        app, effects = send(app, read_timer(tick_token(effects, "computer")))
        shown += said(effects)
        heard += [words for words in spoken(effects) if words]
        live += [changes["attrs"]["aria-live"] for changes in ops(effects, "status") if "attrs" in changes]
    name = app.session.match.seats[1].name
    assert any(words.startswith(f"{name} rolled ") for words in shown)  # the eyes see each move
    assert live[0] == "off" and live[-1] == "off"  # ...which the status line does not say
    (turn,) = heard  # the ear hears the turn once, when it ends: its rolls, what it kept, its box
    assert re.fullmatch(
        rf"{name} rolled [\d, ]+(, (kept [\d, ]+|kept none), rolled [\d, ]+)*: [^:]+, \d+ points?\.", turn
    )
    app, effects = send(app, Key("r"))  # Kim's roll: the status line says it again
    assert ops(effects, "status")[0] == {"attrs": {"aria-live": "polite"}} and said(effects)[0].startswith("Kim rolled")


def test_holding_and_releasing_a_die_are_said_with_its_face_first():
    app, _ = start(match=rolled(faces=[3, 5, 3, 5, 6]))
    app, effects = send(app, Key("2"))
    assert said(effects) == ["Held 5 (die 2)"]
    app, effects = send(app, Key("2"))
    assert said(effects) == ["Released 5 (die 2)"]


def test_b_reads_the_board_aloud_and_again_on_each_press():
    app, _ = start(match=rolled(players=("Ann", "Bob"), faces=[3, 5, 3, 5, 6]))
    app, _ = send(app, Key("2"))
    app, effects = send(app, Key("b"))
    (board,) = spoken(effects)
    assert board.startswith("Ann's turn, roll 1 of 3. 2 rolls left. Dice: 3, 5 held, 3, 5, 6. Open boxes: ")
    assert "Fives, 10 points; " in board and "Choice, 22 points; " in board and board.endswith("Scores: Ann 0, Bob 0.")
    assert said(effects) == [] and not stores(effects, SAVE_KEY)  # the status line and the match as they were
    again, effects = send(app, Key("B"))
    assert spoken(effects) == [board] and again.session == app.session  # the same words, said again
    app, effects = send(again, Key("r"))
    assert spoken(effects) == [""]  # a step empties it: never an old board left to read
    app, _ = send(app, Key("b"))
    app, effects = send(app, Pressed(Button.MENU_NEW), Answered(Answer.LEAVE), Pressed(Button.QUICK_SOLO))
    assert not app.session.match.actions and spoken(effects)[-1] == ""  # a new match: nor the last one's


def test_b_before_the_first_roll_names_the_open_boxes_without_points():
    app, _ = start("players=Ann&rules=yacht")
    app, effects = send(app, Key("b"))
    assert spoken(effects) == [
        "Ann's turn: roll the dice. 3 rolls left. The dice are not rolled yet. Open boxes: Aces; Twos; Threes; "
        "Fours; Fives; Sixes; Full House; Four of a Kind; Little Straight; Big Straight; Choice; Yacht. Scores: Ann 0."
    ]


def test_roll_looks_disabled_while_the_computer_plays_and_a_tap_says_why():
    app, effects = computers_turn("players=Ann&cpu=2:easy&rules=yacht")
    assert ops(effects, "roll-button")[-1]["attrs"] == {"aria-disabled": "true"}
    after, tapped = send(app, Pressed(Button.ROLL))
    assert after.session == app.session and "(computer) is playing" in notice(tapped)
    while app.session.match.player == 1:
        app, effects = send(app, read_timer(tick_token(effects, "computer")))
    assert app.session.match.phase is Phase.FIRST_ROLL
    assert ops(effects, "roll-button")[-1]["attrs"] == {"aria-disabled": "false"}  # Ann's turn: Roll is hers


def test_the_hint_switch_is_remembered_per_person_in_their_next_match():
    app, _ = start("players=Ann,Bob&rules=yacht")
    app, effects = send(app, Toggled(Switch.HINTS, True))  # Ann's
    assert json.loads(stores(effects, HINTED_KEY)[-1]) == ["Ann"]
    # The next match (a new visit's link, over the match not started): Ann's hints are on again, Bob's are not.
    app, _ = start("players=Bob,Ann&rules=yatzy", stored=dict(app.storage.stored))
    assert app.session.hints == {1} and app.session.match.players == ("Bob", "Ann")
    app, _ = send(app, Key("r"))
    app, effects = send(app, BoxChosen(next(iter(app.session.match.options()))))  # Bob's turn over
    assert ops(effects, "hint-toggle")[-1] == {"attrs": {}, "checked": True}  # Ann's switch shows on
    app, effects = send(app, Toggled(Switch.HINTS, False))  # Ann turns hers off: her next match has none
    assert json.loads(stores(effects, HINTED_KEY)[-1]) == []
    kept = {key: value for key, value in app.storage.stored if key != SAVE_KEY}
    app, _ = start("players=Ann&rules=yacht", stored=kept)
    assert app.session.hints == frozenset()
