"""The table's look, round 2 (issue 54, fresh eyes): an open box worth nothing is blank but says its 0 points, a
narrow card's short box names keep the full name as the row's text and title in every language, and a person's
first roll says once that a tap keeps a die."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from game.app.events import BoxChosen, Button, DieToggled, Pressed
from game.core import variants
from game.core.engine import new_match
from game.core.i18n import LANGUAGES, Text
from game.present import board_view, controls, markup
from tests.helpers.app import opened, play
from tests.helpers.words import catalogue


def worded(code: str) -> Text:
    return Text.from_mo(code, catalogue(code)) if code != "en" else Text(LANGUAGES[code])


ROLLED = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[2, 2, 2, 5, 5])


def test_an_open_box_worth_nothing_is_blank_but_named_with_its_zero_points():
    cells = board_view.cells(ROLLED)
    blank = markup.cell("yahtzee", cells[("yahtzee", 0)])
    assert re.search(r">(.*)</button>", blank).group(1) == ""  # nothing drawn in the box
    assert 'aria-label="Yahtzee, 0 points"' in blank  # still a box to choose, its name says what it scores
    assert markup.cell("full_house", cells[("full_house", 0)]).endswith(">25</button>")
    hinted = board_view.cells(ROLLED, best="yahtzee")[("yahtzee", 0)]  # the hint's pick of a 0 shows its 0
    assert markup.cell("yahtzee", hinted).endswith(">0</button>")


def test_the_upper_bonus_cell_says_how_far_the_boxes_have_come_in_numbers_and_as_a_bar_in_tenths():
    match = ROLLED
    start = board_view.cells(match)[("upper_bonus", 0)]
    assert start.text == "0/63" and "fill-0" in start.classes
    fours = match.score("fours")  # 2, 2, 2, 5, 5: no fours; then 18 in Sixes
    sixes = fours.roll(faces=[6, 6, 6, 1, 2]).score("sixes")
    cell = board_view.cells(sixes)[("upper_bonus", 0)]
    assert cell.text == "18/63" and "fill-2" in cell.classes  # 18 of 63: two tenths of the way
    css = (Path(__file__).resolve().parents[3] / "static" / "css" / "app.css").read_text(encoding="utf-8")
    assert all(f".fill-{n} {{ --fill: {n / 10:g}; }}" in css for n in range(1, 10))


def test_the_short_box_names_keep_the_full_name_as_text_and_title_in_every_language():
    for code in LANGUAGES:
        t = worded(code)
        for rules in ("yacht", "yahtzee", "yatzy", "maxi"):
            card = markup.scorecard(variants.ruleset(rules), ["Ann"], 1, t=t)
            heads = re.findall(r'<th scope="row" title="([^"]*)" data-short="([^"]*)">([^<]*)</th>', card)
            assert len(heads) >= 3, (code, rules)  # the straights and a kind at least
            for title, short, text in heads:
                assert title == text and short and len(short) <= len(text), (code, rules, text, short)
    card = markup.scorecard(variants.ruleset("yahtzee"), ["Ann"], 1, t=worded("de"))
    assert '<th scope="row" title="Kleine Straße" data-short="Kl. Straße">Kleine Straße</th>' in card
    assert 'data-short="Bonus +35"' in card  # the upper bonus as what it pays, on one line


def test_a_persons_roll_says_that_a_tap_keeps_a_die_until_they_keep_one():
    app, page, _ = opened("rules=yahtzee&players=Ann&seed=4")
    assert page["keep-tip"]["hidden"] is True  # nothing rolled yet
    app, page, _ = play(app, page, Pressed(Button.ROLL))
    fine = {"data-fine": "Click a die to keep it, or a box to score"}  # a mouse: "Click" (app.css)
    assert page["keep-tip"] == {"attrs": fine, "text": "Tap a die to keep it, or a box to score", "hidden": False}
    app, page, _ = play(app, page, DieToggled(1))
    assert page["keep-tip"]["hidden"] is True  # a die kept: known
    app, page, _ = play(app, page, DieToggled(1), Pressed(Button.ROLL))
    assert page["keep-tip"]["hidden"] is True  # let go and rolled again: known all the same
    app, page, _ = play(app, page, BoxChosen("chance"), Pressed(Button.ROLL))
    assert page["keep-tip"]["hidden"] is True  # the next turn: never again


def test_the_keep_tip_comes_back_until_a_person_keeps_a_die_and_never_shows_a_computers_turn():
    app, page, _ = opened("rules=yahtzee&players=Ann&seed=4")
    app, page, _ = play(app, page, Pressed(Button.ROLL), BoxChosen("chance"))
    assert page["keep-tip"]["hidden"] is True  # between turns: nothing to keep
    app, page, _ = play(app, page, Pressed(Button.ROLL))
    assert page["keep-tip"]["hidden"] is False  # scored without keeping a die: not found yet
    app, page, _ = play(app, page, Pressed(Button.ROLL), Pressed(Button.ROLL))
    assert page["keep-tip"]["hidden"] is True  # the last roll: nothing left to keep a die for
    app, page, _ = opened("rules=yahtzee&players=Ann&cpu=2:good&seed=4")
    app, page, _ = play(app, page, Pressed(Button.ROLL))
    assert page["keep-tip"]["hidden"] is False
    session = app.played
    computer = controls.keep_tip(replace(session, match=session.match.score("chance").roll(faces=[1, 2, 3, 4, 4])))
    assert computer.hidden  # the computer's turn: never
    match = (
        session.match.score("chance").roll(faces=[1, 2, 3, 4, 4]).hold(0).score("chance").roll(faces=[2, 3, 3, 4, 6])
    )
    assert not controls.keep_tip(replace(session, match=match)).hidden  # the computer's keeping teaches Ann nothing


def test_the_upper_bonus_shows_its_progress_while_it_can_still_be_won():
    twos = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[2, 2, 2, 5, 5]).score("twos")
    assert board_view.cells(twos)[("upper_bonus", 0)].text == "6/63"  # on the way, not a 0 that reads as lost
    match = new_match("yahtzee", ["Ann"], seed=1)
    for face, box in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), start=1):
        match = match.roll(faces=[face] * 3 + [1 if face != 1 else 2] * 2).score(box)
    assert board_view.cells(match)[("upper_bonus", 0)].text == "35"  # 63 reached: the bonus written
    assert ("upper_bonus", 0) not in board_view.cells(new_match("yacht", ["Ann"], seed=1))  # no bonus: no row


def test_the_upper_bonus_reached_is_written_as_won():
    from game.core.engine import new_match

    match = new_match("yahtzee", ["Ann"], seed=1)
    for box, face in (("threes", 3), ("fours", 4), ("fives", 5), ("sixes", 6)):  # 69 points
        match = match.roll(faces=[face] * 4 + [1]).score(box)
    cell = board_view.cells(match)[("upper_bonus", 0)]
    assert cell.text == "35" and "won" in cell.classes and not any(c.startswith("fill-") for c in cell.classes)


def test_the_upper_bonus_nearly_reached_is_drawn_so_while_a_box_can_still_reach_it():
    """Within 10 points of the bonus with an upper box open, its cell is "near" (its bar in gold, round 35); not
    further off, not once reached, not with every upper box filled."""
    from game.core.engine import new_match

    match = new_match("yahtzee", ["Ann"], seed=1)
    for box, face in (("threes", 3), ("fours", 4), ("fives", 5), ("sixes", 6)):
        match = match.roll(faces=[face] * 3 + [1, 2]).score(box)
        near = "near" in board_view.cells(match)[("upper_bonus", 0)].classes
        assert near is (box == "sixes")  # 9, 21, 36, then 54 of 63: 9 short
    full = match.roll(faces=[2, 2, 3, 4, 5]).score("twos").roll(faces=[1, 1, 2, 3, 4]).score("ones")
    assert board_view.cells(full)[("upper_bonus", 0)].text == "60/63"  # 3 short, but no upper box left
    assert "near" not in board_view.cells(full)[("upper_bonus", 0)].classes


def test_a_tall_phones_large_dice_are_for_a_short_card_of_its_own_dice_with_no_hints_at_the_table():
    """data-heap lets app.css lay the dice three over two: one or two seats, a card of 13 boxes or fewer, five dice,
    and nobody's hints on (for the table, so that nothing moves from one person's turn to the next); real dice keep
    the row for the face pad."""
    from game.app.events import Switch, Toggled

    app, page, _ = opened("rules=yahtzee&players=Ann,Bob&seed=4")
    assert page["tray"]["attrs"]["data-heap"] == "true"
    app, page, _ = play(app, page, Toggled(Switch.HINTS, checked=True))  # Ann's hints: the table's dice in a row
    assert page["tray"]["attrs"]["data-heap"] == "false"
    for query in (
        "rules=yatzy&players=Ann&seed=4",
        "rules=yacht&players=Ann,Bob,Cy&seed=4",
        "rules=maxi&players=Ann&seed=4",
    ):
        assert opened(query)[1]["tray"]["attrs"]["data-heap"] == "false", query
    from game.coach.session import Session
    from game.core.dice import Draw

    real = Session(new_match("yacht", ["Ann"], seed=7, draw=Draw.ENTERED))
    assert controls.heaped(real) is False and controls.heaped(Session(new_match("yacht", ["Ann"], seed=7)))
