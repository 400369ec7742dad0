"""A roll throws the dice (issue 54): each thrown die flies along a flight of its own and lands in a pose of its own,
held dice keep theirs, and the page draws the poses game.present.feel names. The browser's side (the flight drawn,
a tap or R landing it at once, reduced motion) is tests/e2e/test_feel.py's."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.coach.session import Session
from game.core.engine import new_match
from game.core.i18n import ENGLISH
from game.present import board_view, feel, paint
from game.present.ops import wire

CSS = Path(__file__).resolve().parents[3] / "static" / "css" / "app.css"


def test_app_css_draws_every_pose_as_feel_names_it():
    drawn = {
        int(k): (int(x), int(y), int(a))
        for k, x, y, a in re.findall(
            r'\.die\[data-pose="(\d+)"\] \.body \{ transform: translate\((-?\d+)%, (-?\d+)%\) rotate\((-?\d+)deg\); \}',
            CSS.read_text(encoding="utf-8"),
        )
    }
    assert drawn == dict(enumerate(feel.POSES))


def test_the_dice_of_a_throw_land_in_differing_poses_and_a_held_die_keeps_its_own():
    m = new_match("yahtzee", ["Ann", "Bob"], seed=3).roll(faces=[2, 2, 5, 6, 1])
    first = board_view.dice(m)
    assert len({die.pose for die in first}) >= 4  # places and angles differ across the felt
    held = m.hold(1).hold(3)
    again = board_view.dice(held.roll(faces=[4, 3, 3]))
    assert again[1].pose == first[1].pose and again[3].pose == first[3].pose  # held: where they lay
    assert [die.pose for die in again] != [die.pose for die in first]
    # The next turn's dice land elsewhere, though the faces be the same.
    later = held.roll(faces=[4, 3, 3]).score("chance").roll(faces=[2, 2, 5, 6, 1])
    assert [die.pose for die in board_view.dice(later)] != [die.pose for die in first]


def test_each_thrown_die_flies_its_own_flight_to_its_pose_and_held_dice_do_not_fly():
    m = new_match("yahtzee", ["Ann"], seed=3).roll(faces=[2, 2, 5, 6, 1]).hold(1).hold(3)
    before = paint.table(Session(m), ENGLISH, "", None)
    after = paint.table(Session(m.roll(faces=[4, 3, 3])), ENGLISH, "", None, thrown=feel.thrown(m, m.roll()))
    wired = [wire(op) for op in paint.table_ops(before, after)]
    flights = {where[0]: changes["toss"] for where, changes in wired if changes.get("toss")}
    assert sorted(flights) == [paint.die_at(index)[0] for index in (0, 2, 4)]  # not the held 1 and 3
    starts = {flight[0]["transform"] for flight in flights.values()}
    assert len(starts) == 3  # from one hand beyond the edge: each from its own distance
    for index in (0, 2, 4):
        x, y, angle = feel.POSES[after.dice[index].pose]
        assert flights[paint.die_at(index)[0]][-1] == {"transform": f"translate({x}%, {y}%) rotate({angle}deg)"}
    assert all(
        set(frame) <= {"transform", "offset"} for flight in flights.values() for frame in flight
    )  # the compositor alone draws it


def test_kept_dice_stand_side_by_side_in_the_shelfs_middle_and_close_up_when_one_is_let_go():
    """A kept die moves along the shelf (Die.move, drawn by app.css as that many places), so that the kept dice stand
    together in the tray's order, in the shelf's middle; a die let go leaves no gap among them."""
    m = new_match("yahtzee", ["Ann"], seed=3).roll(faces=[2, 2, 5, 6, 1])
    kept = m.hold(1).hold(3).hold(4)
    assert [die.move for die in board_view.dice(kept)] == [0, 0, 0, -2, -2]  # in half places: to places 1, 2 and 3
    assert [2 * die.index + die.move for die in board_view.dice(kept) if die.held] == [2, 4, 6]
    let_go = board_view.dice(kept.hold(1, False))
    assert [2 * die.index + die.move for die in let_go if die.held] == [3, 5]  # places 1.5 and 2.5: the middle
    css = CSS.read_text(encoding="utf-8")
    assert all(f'.tray .die[data-move="{n}"] {{ --move: {n / 2:g}; }}' in css for n in range(-18, 19) if n)


@settings(max_examples=150, deadline=None)
@given(
    rules=st.sampled_from(["yacht", "maxi"]), steps=st.lists(st.tuples(st.booleans(), st.integers(0, 5)), max_size=14)
)
def test_the_dice_of_a_throw_gather_in_the_row_and_nothing_moves_under_a_second_tap(rules, steps):
    """In any turn, the dice not kept stand in the row's places, one die a place (Die.move: places moved, drawn by
    app.css); the dice of a throw stand side by side; a die kept or let go moves no other die of the row; the kept
    dice stand side by side in the shelf's middle."""
    m = new_match(rules, ["Ann"], seed=5).roll()
    dice = m.ruleset.dice
    for rolls, die in steps:
        before = board_view.dice(m)
        if rolls and m.rolls_left and not all(m.held):  # a roll with every die kept is refused
            m, thrown = m.roll(), [i for i in range(dice) if not m.held[i]]
            places = sorted((2 * d.index + d.move) / 2 for d in board_view.dice(m) if d.index in thrown)
            assert places == [places[0] + place for place in range(len(thrown))]  # side by side, no hole
            assert places[0] == (dice - len(thrown)) // 2  # in the middle, in whole places
        elif not rolls and m.rolls_left:
            m = m.hold(die % dice, not m.held[die % dice])
            after = board_view.dice(m)
            assert all(
                a.move == b.move for a, b in zip(after, before, strict=True) if a.index != die % dice and not a.held
            )
        free = [(2 * d.index + d.move) / 2 for d in board_view.dice(m) if not d.held]
        assert len(set(free)) == len(free) and all(0 <= place < dice for place in free)
        shelf = [(2 * d.index + d.move) / 2 for d in board_view.dice(m) if d.held]
        assert shelf == [(dice - len(shelf)) / 2 + place for place in range(len(shelf))]  # centred


def test_a_box_written_pops_on_its_cell_as_its_points_and_a_zero_does_not():
    m = new_match("yahtzee", ["Ann", "Bob"], seed=3).roll(faces=[3, 3, 3, 5, 5])
    before = paint.table(Session(m), ENGLISH, "", None)

    def gains(after):
        wired = [wire(op) for op in paint.table_ops(before, paint.table(Session(after), ENGLISH, "", None))]
        return {
            where[0]: changes["attrs"]["data-gain"]
            for where, changes in wired
            if "data-gain" in changes.get("attrs", {})
        }

    written = gains(m.score("full_house"))
    assert written[paint.cell_at(("full_house", 0))[0]] == "+25"
    assert {gain for where, gain in written.items() if where != paint.cell_at(("full_house", 0))[0]} <= {""}
    assert gains(m.score("yahtzee"))[paint.cell_at(("yahtzee", 0))[0]] == ""  # crossed out: quiet
    bob = gains(m.score("full_house").roll(faces=[1, 1, 2, 2, 3]).score("chance"))  # Ann's box no longer the last
    assert (bob[paint.cell_at(("full_house", 0))[0]], bob[paint.cell_at(("chance", 1))[0]]) == ("", "+9")
    drawn = paint.table_ops(None, paint.table(Session(m.score("full_house")), ENGLISH, "", None))  # a reload: no news
    assert {wire(op)[1]["attrs"].get("data-gain") for op in drawn if "data-gain" in wire(op)[1].get("attrs", {})} == {
        ""
    }


def test_a_turns_first_roll_pours_the_dice_out_of_the_cup_and_a_later_roll_throws_them_from_the_edge():
    m = new_match("yahtzee", ["Ann"], seed=3)

    def starts(before, after):
        old, new = (
            paint.table(Session(x), ENGLISH, "", None, thrown=feel.thrown(before, after)) for x in (before, after)
        )
        wired = [wire(op) for op in paint.table_ops(old, new)]
        return [changes["toss"][0]["transform"] for _, changes in wired if changes.get("toss")]

    first = starts(m, m.roll(faces=[2, 2, 5, 6, 1]))
    assert len(first) == 5 and all("scale(0.4)" in start for start in first)  # small, as in the cup's mouth
    middle = [float(start.split("translate(")[1].split("%")[0]) for start in first]
    assert middle == sorted(middle, reverse=True) and middle[2] == 0  # each from the row's middle, where the cup stood
    rolled = m.roll(faces=[2, 2, 5, 6, 1]).hold(0)
    again = starts(rolled, rolled.roll(faces=[3, 3, 3, 3]))
    assert len(again) == 4 and all(start.startswith("translate(-") and "scale(0.82)" in start for start in again)


def test_a_persons_box_just_written_stands_on_the_felt_until_the_next_roll_and_a_computers_does_not():
    from game.core.cards import Seat

    m = new_match("yahtzee", ["Ann", Seat.computer("Robin", "good")], seed=3).roll(faces=[3, 3, 3, 5, 5])

    def felt(before, after):
        old, new = (paint.table(Session(x), ENGLISH, "", None) for x in (before, after))
        return dict(map(wire, paint.table_ops(old, new))).get("gain")

    written = m.score("full_house")
    shown = felt(m, written)
    assert not shown["hidden"] and shown["html"].count('class="die"') == 5  # the five dice that made it
    assert shown["html"].endswith('<span class="gain-points">+25</span>Full House')
    assert shown["attrs"] == {"data-size": "big"} and felt(m, m.score("threes"))["attrs"] == {"data-size": "small"}
    five = new_match("yahtzee", ["Ann"], seed=3).roll(faces=[6] * 5)  # a Yahtzee: the largest of all, five 6s
    assert felt(five, five.score("yahtzee"))["attrs"] == {"data-size": "jackpot"}  # in Sixes they are 30, big only
    assert felt(five, five.score("sixes"))["attrs"] == {"data-size": "big"}
    threes = felt(m, m.score("threes"))["html"]  # the roll stays whole, the 5s that did not count set aside (round 103)
    assert threes.count('class="die"') == 3 and threes.count('class="die aside"') == 2
    gone = felt(written, written.roll(faces=[1, 2, 3, 4, 6]))  # gone with the throw
    assert gone["html"] == "" and gone["hidden"] is True
    robin = written.roll(faces=[1, 2, 3, 4, 6]).score("chance")
    assert felt(m, robin) is None  # nothing changed on the felt from before Ann's box: Robin's own says nothing


def test_a_computers_kept_dice_stand_in_the_order_of_their_faces_and_a_persons_in_the_trays():
    from game.core.cards import Seat

    m = new_match("yacht", ["Ann", Seat.computer("Robin", "good")], seed=1)
    faces = [5, 1, 4, 2, 6]
    mine = m.roll(faces=faces).hold(0).hold(1).hold(2).hold(3)
    robins = m.roll(faces=[1] * 5).score("ones").roll(faces=faces).hold(0).hold(1).hold(2).hold(3)

    def ranks(match):  # each die's place on a tall phone's rack, as the page is told it
        old = paint.table(Session(match.hold(0, False)), ENGLISH, "", None)
        new = paint.table(Session(match), ENGLISH, "", None)
        wired = dict(map(wire, paint.table_ops(old, new)))
        return [wired[paint.die_at(index)]["attrs"]["data-rank"] for index in range(4)]

    assert feel.shelf_order(mine) == (0, 1, 2, 3) and feel.shelf_order(robins) == (1, 3, 2, 0)  # 1 2 4 5 from the left
    assert ranks(robins) == ["3", "0", "2", "1"] and ranks(mine) == ["0", "1", "2", "3"]
    for match in (mine, robins):  # the wide shelf's moves put each die where the rack's place says
        order = feel.shelf_order(match)
        assert all((2 * d.index + d.move - 1) / 2 == order.index(d.index) for d in board_view.dice(match) if d.held)


def test_a_persons_last_turn_at_a_table_is_a_showdown_in_gold_and_no_one_elses_is():
    """Round 102: "the last turn is just a line". The person's last turn lights its line (app.css #headline.last)
    while the line says its stakes (words.stakes); a computer's last turn, a game alone and any earlier turn do not."""
    from game.core.cards import Seat

    def last(match):
        ops = dict(map(wire, paint.table_ops(None, paint.table(Session(match), ENGLISH, "", None))))
        return ops["headline"]["toggle"]["last"]

    m = new_match("yahtzee", ["Ann", Seat.computer("Robin", "good")], seed=3)
    boxes = [category.id for category in m.ruleset.categories]
    assert last(m) is False  # the first turn
    for box in boxes[:-1]:
        m = m.roll(faces=[1, 2, 3, 4, 6]).score(box).roll(faces=[1, 2, 3, 4, 6]).score(box)
    assert last(m) is True and last(m.roll(faces=[1, 1, 2, 2, 3])) is True  # before and after its first roll
    assert last(m.roll().roll().roll()) is False  # every roll used: the line says to choose a box, not the stakes
    robin = m.roll(faces=[1, 1, 2, 2, 3]).score(boxes[-1])
    assert last(robin) is False  # the computer's last turn
    alone = new_match("yahtzee", ["Ann"], seed=3)
    for box in boxes[:-1]:
        alone = alone.roll(faces=[1, 2, 3, 4, 6]).score(box)
    assert last(alone) is False  # a game alone has no one to beat
