"""The end screen tells the story (issue 54, part 7): a win, a loss to the computer by a little and one by a lot
read differently (no trophy over the computer's name when the person lost), and no sentence is said twice on the
end screen: the scene's large words and the line under them, the standings and each person's game in context."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from game.app.keys import HISTORY_KEY
from game.coach.session import Session
from game.core.cards import Seat
from game.core.engine import new_match
from game.present import markup, standings
from game.present.stories import dice_of
from game.records.history import History
from game.records.record import demo_record
from tests.helpers.app import ended
from tests.helpers.page import words
from tests.helpers.scenes import at_the_last_box

ROBIN = Seat.computer("Robin", "perfect")

STORIES = [
    # the person's dice, the computer's, the outcome, the large words, the line under them
    ([6] * 5, [1] * 5, "win", "Ann", "Ann wins by 95 points."),
    ([6, 6, 6, 6, 5], [6, 6, 6, 5, 5], "close", "So close: 2 points", "Robin wins, just. One more game?"),
    ([1, 2, 3, 4, 6], [6] * 5, "lost", "Robin wins this one", "Not your game this time. One more?"),
]


def sentences(page: dict) -> list[str]:
    """Every line the end screen shows: the scene's large words and the line under them, the standings' and each
    person's game in context."""
    scene = re.findall(r'<p class="scene-[a-z]+">(.*?)</p>', page["scene"]["html"])
    lines = [*scene, *re.findall(r"<li>(.*?)</li>", page["standings"]["html"])]
    return lines + re.findall(r"<li>(.*?)</li>", page.get("ending", {}).get("html", ""))


@pytest.mark.parametrize("person, computer, outcome, headline, detail", STORIES)
def test_a_win_a_near_miss_and_a_clear_loss_read_differently(person, computer, outcome, headline, detail):
    app, page = ended(at_the_last_box("yacht", [ROBIN, "Ann"], person=person, other=computer))
    scene = page["scene"]
    assert scene["attrs"] == {"data-outcome": outcome}
    assert f'<p class="scene-headline">{headline}</p>' in scene["html"]
    assert f'<p class="scene-detail">{detail}</p>' in scene["html"]
    festive = outcome == "win"  # the trophy and the confetti only over the person's own win
    assert ('class="trophy"' in scene["html"]) is festive and ('class="confetti"' in scene["html"]) is festive


def test_the_close_call_and_the_loss_are_told_apart_by_the_gap():
    assert standings.CLOSE_GAP == 20  # a loss by at most this is a near miss
    for person, computer, outcome, *_ in STORIES[1:]:
        app, _ = ended(at_the_last_box("yacht", [ROBIN, "Ann"], person=person, other=computer))
        shown = standings.results(app.session.match)
        top, ann = shown.lines
        gap = int(top.rsplit(" ", 1)[1]) - int(ann.rsplit(" ", 1)[1])
        assert (gap <= standings.CLOSE_GAP) is (outcome == "close") and shown.outcome.value == outcome


@pytest.mark.parametrize(
    "seats, person, other",
    [
        (["Ann"], [6] * 5, [6] * 5),  # solo: once "225 points / Ann scored 225. / 1. Ann — 225 / Ann: 225 points"
        ([ROBIN, "Ann"], [6] * 5, [1] * 5),
        ([ROBIN, "Ann"], [6, 6, 6, 6, 5], [6, 6, 6, 5, 5]),
        (["Bob", "Ann"], [2] * 5, [2] * 5),  # a tie
    ],
)
def test_no_sentence_appears_twice_on_an_end_screen(seats, person, other):
    if len(seats) == 1:
        match = new_match("yacht", seats, seed=9)
        for box in match.open_categories()[:-1]:
            match = match.roll(faces=person).score(box)
        app, page = ended(Session(match.roll(faces=person)))
    else:
        app, page = ended(at_the_last_box("yacht", seats, person=person, other=other))
    said = sentences(page)
    assert said and words(page, "ending")  # the context came
    twice = [text for text, count in Counter(said).items() if count > 1]
    assert not twice, said
    if len(seats) == 1:  # a solo game's total is said once: the scene's large words
        total = app.session.match.totals(0).grand_total
        assert sum(str(total) in text for text in said if "dice" not in text) == 1, said
        assert markup.lines(standings.results(app.session.match).lines) == ""


def test_a_loss_that_one_box_decided_names_it():
    """A clear loss says what decided it where one box did (the winner ahead in it by the whole gap), a Yahtzee's
    bonuses counted with its box; where the gap is more than any one box, it says only that it was not the game."""

    def lost(robin_chance: list[int], ann_chance: tuple[int, ...] = (6, 6, 6, 6, 4)) -> str:
        match = new_match("yahtzee", [ROBIN, "Ann"], seed=9)
        for box in match.open_categories()[:-2]:  # alike everywhere but the Yahtzee and Chance
            match = match.roll(faces=[2, 2, 3, 4, 6]).score(box).roll(faces=[2, 2, 3, 4, 6]).score(box)
        match = match.roll(faces=[6] * 5).score("yahtzee").roll(faces=[1, 2, 3, 4, 6]).score("yahtzee")
        match = match.roll(faces=robin_chance).score("chance").roll(faces=list(ann_chance)).score("chance")
        shown = standings.results(match)
        assert shown.outcome is standings.Outcome.LOST
        return standings.story_text(match, shown.outcome)

    # Chance alike (28 each): the Yahtzee's 50 is the whole gap
    assert lost([6, 6, 6, 6, 4]) == "Robin's Yahtzee (50 points) made the difference. One more?"
    # a second Yahtzee in Chance: 50 + its bonus's 100 in the Yahtzee's name, against a gap of 152
    assert lost([6] * 5) == "Not your game this time. One more?"
    # Chance alike again (30 each): the Yahtzee and its bonus, 150 of a gap of 150, said as such (150 alone read as a
    # puzzle: fresh eyes round 45)
    assert lost([6] * 5, (6,) * 5) == "Robin's Yahtzee and its bonus (150 points) made the difference. One more?"


def test_a_loss_the_bonus_would_have_won_says_it_was_nearly_won_and_a_heavy_one_does_not():
    """No one box decided it, but the person's upper bonus was a few points away: where its points would have won the
    game that is said, not a bare "not your game" (fresh eyes, round 28: 61 of 63 went unmentioned); after a heavy
    loss it is not (round 40: "missed by just 6" after losing by 92 read as tone-deaf)."""

    def lost(robins_sixes: list[int]) -> str:
        upper = [("ones", 1), ("twos", 2), ("threes", 3), ("fours", 4), ("fives", 5)]
        match = new_match("yahtzee", [ROBIN, "Ann"], seed=9)
        for box, face in upper:  # three of each: 45 each
            match = match.roll(faces=[face] * 3 + [6, 5 if face != 5 else 4]).score(box)
            match = match.roll(faces=[face] * 3 + [6, 5 if face != 5 else 4]).score(box)
        match = match.roll(faces=robins_sixes).score("sixes").roll(faces=[6, 6, 1, 2, 3]).score("sixes")  # Ann: 57
        for box in match.open_categories():  # Robin ahead a little in Three of a Kind and Chance
            match = match.roll(faces=[3, 3, 3, 5, 6]).score(box).roll(faces=[1, 1, 1, 2, 4]).score(box)
        shown = standings.results(match)
        assert shown.outcome is standings.Outcome.LOST
        return standings.story_text(match, shown.outcome)

    assert lost([6, 6, 1, 2, 3]) == "Upper bonus missed by just 6 points! One more?"  # by 22: the bonus's 35 won it
    assert lost([6, 6, 6, 6, 1]) == "Not your game this time. One more?"  # by 81, Robin's own bonus in it


def test_a_solo_end_sets_its_total_beside_the_players_own_games():
    """A solo game's end draws its total as a bar beside the person's average and best before it (their best left
    out when this game beat it: the medal's line says it), in place of the sentence that said them; a first game has
    nothing to measure it by. Fresh eyes, round 29: perfect play's average there read as "you were bad"."""
    before = History().add(demo_record())  # Ann's and Bob's Yacht game: 60 each
    match = new_match("yacht", ["Ann"], seed=9)
    for box in match.open_categories()[:-1]:
        match = match.roll(faces=[1, 2, 3, 4, 6]).score(box)
    app, page = ended(Session(match.roll(faces=[1, 2, 3, 4, 6])), stored={HISTORY_KEY: before.to_json()})
    total = app.session.match.totals(0).grand_total
    shown = page["ending"]["html"]
    assert f'<li class="first">Ann — {total}<span class="bar fill-' in shown
    assert "<li>Average so far — 60<span" in shown and "<li>Best so far — 60<span" in shown
    assert "before this game" not in shown and page["standings"]["html"] == ""
    first = new_match("yacht", ["Ann"], seed=9)
    for box in first.open_categories()[:-1]:
        first = first.roll(faces=[6] * 5).score(box)
    app, page = ended(Session(first.roll(faces=[6] * 5)))
    assert 'class="yardstick"' not in page["ending"]["html"]  # a first game: its line dares the next


def test_a_narrow_win_says_just_and_a_loss_shows_no_medal():
    """A win by a few points is told as one ("Just!"), as a loss by a few is ("So close"); a new best in a game lost
    keeps its words but not its medal (round 31: a gold medal beside "Robin wins this one" read as a win)."""
    app, page = ended(at_the_last_box("yacht", ["Bob", "Ann"], person=[6, 6, 6, 5, 5], other=[6, 6, 6, 6, 5]))
    assert '<p class="scene-detail">Ann wins by just 2 points.</p>' in page["scene"]["html"]  # 84 to 82
    you = at_the_last_box("yacht", ["Bob", "You"], person=[6, 6, 6, 5, 5], other=[6, 6, 6, 6, 5])
    app, page = ended(you)
    assert '<p class="scene-detail">Just! By 2 points.</p>' in page["scene"]["html"]
    wider = at_the_last_box("yacht", ["Bob", "You"], person=[6, 6, 6, 6, 5], other=[5, 5, 5, 5, 4])
    app, page = ended(wider)  # 82 to 68: a margin a loser would call close, not a narrow win (round 34)
    assert standings.JUST_GAP < 14 <= standings.CLOSE_GAP
    assert '<p class="scene-detail">You beat Bob by 14 points!</p>' in page["scene"]["html"]  # whom, by how much
    earlier = History().add(demo_record())  # Ann's best before: 60
    app, page = ended(
        at_the_last_box("yacht", [ROBIN, "Ann"], person=[6, 6, 6, 6, 5], other=[6] * 5),
        stored={HISTORY_KEY: earlier.to_json()},
    )
    shown = standings.results(app.session.match, ending=app.table.ended.ending)
    assert shown.outcome is standings.Outcome.LOST and shown.new_best
    assert "A new best for Ann" in markup.ending(shown) and "ending-best" not in markup.ending(shown)
    assert '<li class="ending-star">A new best for Ann' in markup.ending(shown)  # a star, not a medal


def test_the_end_shows_the_dice_its_story_names():
    """The end's dice are those of the box its words name (a solo game's Yahtzee, the box that won a loss), not the
    last roll's, which read as meaning nothing (fresh eyes round 34); without a named box, the winner's best box's."""
    solo = new_match("yacht", ["Ann"], seed=3).roll(faces=[4] * 5).score("yacht")
    for box in solo.open_categories():
        solo = solo.roll(faces=[1, 2, 3, 5, 6]).score(box)
    shown = standings.results(solo)
    assert shown.winner == "Your Yacht earned 50 points!" and shown.dice == (4, 4, 4, 4, 4)
    lost = new_match("yacht", [ROBIN, "Ann"], seed=3)
    for box in lost.open_categories():  # alike but in the Yacht, which only Robin makes
        lost = lost.roll(faces=[6] * 5 if box == "yacht" else [2, 2, 3, 5, 6]).score(box)
        lost = lost.roll(faces=[1, 2, 3, 5, 6] if box == "yacht" else [2, 2, 3, 5, 6]).score(box)
    shown = standings.results(lost)
    assert shown.outcome is standings.Outcome.LOST and "Yacht" in shown.winner and shown.dice == (6,) * 5
    close = at_the_last_box("yacht", [ROBIN, "Ann"], person=[6, 6, 6, 6, 5], other=[6, 6, 6, 5, 5]).match
    close = close.score(close.open_categories()[0])
    shown = standings.results(close)
    ann = 1  # no box named: the person's own best box's, not the winner's (Robin's roll at the heart of Ann's loss)
    scores = close.cards[0][ann].scores
    best = max(scores, key=lambda box: scores[box])
    assert close.standings()[0].player != ann  # Robin won
    assert shown.dice == dice_of(close, ann, best)
    assert shown.dice_box == f"Ann's {close.ruleset.category(best).name} · {scores[best]}"


def test_a_win_says_whom_it_beat_and_the_ends_dice_say_whose_box_they_made():
    """A win says whom it beat and by how much, no bonus nearly won under it (fresh eyes round 115: "it takes the shine
    off the win"; round 46 had asked for it); a solo end's five 4s, unnamed, read as a Yahtzee whose bonus was missed
    at the end (it had been scored on turn 2)."""
    yours = {"ones": [1, 1, 1, 2, 3], "twos": [2, 2, 2, 1, 3], "threes": [3, 3, 3, 1, 2], "fours": [4, 4, 4, 1, 2]}
    yours |= {"fives": [5, 5, 5, 1, 2], "sixes": [6, 6, 1, 2, 3]}  # 57 of 63
    match = new_match("yahtzee", ["You", ROBIN], seed=9)
    for box in match.open_categories():
        match = match.roll(faces=yours.get(box, [5, 5, 5, 2, 2])).score(box).roll(faces=[1, 1, 2, 2, 6]).score(box)
    shown = standings.results(match)
    assert shown is not None and shown.outcome is standings.Outcome.WIN
    beaten = match.standings()[0].total - match.standings()[1].total
    assert standings.story_text(match, shown.outcome) == f"You beat Robin by {beaten} points!"  # the bonus row says 57
    assert shown.dice_box == "Your Full House · 25" and shown.dice == (5, 5, 5, 2, 2)  # a win's dice: its best box's
    solo = new_match("yahtzee", ["You"], seed=1).roll(faces=[4] * 5).score("yahtzee")
    for box in solo.open_categories():
        solo = solo.roll(faces=[1, 2, 3, 5, 6]).score(box)
    end = standings.results(solo)
    assert end is not None and end.dice == (4, 4, 4, 4, 4) and end.dice_box == "Your Yahtzee · 50"
    assert '<p class="scene-dice-box">Your Yahtzee · 50</p>' in markup.scene(end)


def test_a_solo_end_told_by_its_bonus_shows_its_best_box_not_its_last_roll():
    """Fresh eyes round 48: a solo game that reached the bonus showed its last box's dice, a scratch at 0, as "Your
    Three of a Kind"; the end's dice are the game's best box's."""
    solo = new_match("yahtzee", ["You"], seed=1)
    for face, box in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), start=1):
        solo = solo.roll(faces=[face] * 3 + [1 if face > 1 else 2] * 2).score(box)  # three of each: the bonus
    solo = solo.roll(faces=[2, 3, 4, 5, 6]).score("large_straight")
    for box in solo.open_categories():
        solo = solo.roll(faces=[1, 1, 2, 4, 6]).score(box)
    end = standings.results(solo)
    assert end is not None and solo.totals(0).upper_bonus and solo.cards[0][0].scores["three_of_a_kind"] == 0
    assert end.dice == (2, 3, 4, 5, 6) and end.dice_box == "Your Large Straight · 40"
