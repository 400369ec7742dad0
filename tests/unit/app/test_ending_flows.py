"""The end of a match through ``update``, read as the page shows it (moved from tests/e2e/test_ending.py): a solo
game's scene and context, Play again with the same seat, and a two-seat ending's every outcome (Ann wins, Bob wins,
a tie), each with its own words and trophies; the scene's motion and layout stay in the browser. Luck and skill
(issue 57): each person's total split into the dice and the choices, and who won by which, in every language."""

from __future__ import annotations

import html
import json
import re

import pytest

from game.app.events import BoxChosen, Button, Pressed, read_timer
from game.app.keys import SAVE_KEY
from game.coach.luck import splits
from game.coach.session import Session
from game.core.cards import Seat
from game.core.engine import new_match
from game.core.i18n import DEFAULT, LANGUAGES
from game.present.luck_view import Share, coach_line, luck_words, signed
from game.records import challenge
from tests.helpers.app import after, ended, of, opened, ops, play, play_out, send, settled, stores, ticks
from tests.helpers.page import TAG, cell, status, words
from tests.helpers.scenes import at_the_last_box
from tests.helpers.words import text_in

SEED = 31


def reported(app, page) -> str:
    """The report's words (How did I play?): the game against the optimal player's, and its luck and choices."""
    app, page, _ = after(*play(app, page, Pressed(Button.SHOW_REPORT)), "report")
    return html.unescape(TAG.sub(" ", page["report"]["html"]))


def test_a_one_game_match_ends_in_its_scene_and_plays_again_with_the_same_seat():
    app, page, _ = opened(f"rules=yacht&players=Ann&seed={SEED}")
    app, page, effects = play_out(app, page)
    assert ("play-again",) in of(effects, "focus")
    app, page = settled(app, page, effects)
    total = cell(page, "grand_total")
    assert words(page, "results-title") == "Game over" and page["scene"]["hidden"] is False  # no standings of one
    scene = page["scene"]["html"]
    assert re.search(rf'class="scene-headline"[^>]*>{total} points<', scene)  # a solo game: a result, not a win
    assert "scene-detail" in scene and "medal" not in scene and "trophy" not in scene  # its good news; no best yet
    ending = words(page, "ending")
    assert "Ann: the first game under these rules." in ending and "optimal" not in ending  # warm and true first
    assert "The optimal player averages 167.0 under these rules." in reported(app, page)
    assert page["next-game"]["hidden"] is True and page["finish-match"]["hidden"] is True
    assert page["show-report"]["hidden"] is False and page["play-again"]["hidden"] is False

    app, page, effects = play(app, page, Pressed(Button.PLAY_AGAIN))
    assert page["results"]["hidden"] is True  # the scene is in the results panel
    app, page, effects = play(app, page, Pressed(Button.ROLL))  # a new match: the same seat and rules, an empty card
    assert "Ann rolled " in status(page) and "(roll 1 of 3)" in status(page) and cell(page, "grand_total") == "0"
    saved = json.loads(stores(effects, SAVE_KEY)[-1])["match"]
    assert saved["seats"] == [{"name": "Ann", "kind": "human", "level": None}]
    assert saved["ruleset"] == {"name": "yacht", "options": {}} and saved["games"] == 1 and saved["seed"] != SEED

    app, page, effects = play_out(app, page)  # the second game: against the first, now in the history
    app, page = settled(app, page, effects)
    ending = words(page, "ending")  # its bars beside the first game (or the medal's line, over it)
    assert f"Average so far — {total}" in ending or f"A new best for Ann, up from {total}!" in ending, ending


def two_seats_at_the_last_box(ann: list[int], bob: list[int]) -> Session:
    """A Yacht match of Ann's and Bob's, every box scored with these dice but Bob's last, rolled with his."""
    match = new_match("yacht", ["Ann", "Bob"], seed=5)
    boxes = match.open_categories()
    for box in boxes:
        match = match.roll(faces=ann).score(box)
        if box != boxes[-1]:
            match = match.roll(faces=bob).score(box)
    return Session(match.roll(faces=bob))


@pytest.mark.parametrize(
    "ann, bob, headline, said, trophies",
    [
        ([6] * 5, [1] * 5, "Ann", "Ann wins by 95 points.", 1),
        ([1] * 5, [6] * 5, "Bob", "Bob wins by 95 points.", 1),
        ([2] * 5, [2] * 5, "A tie!", "Ann and Bob share the first place.", 2),
    ],
)
def test_each_outcome_of_a_two_seat_match_is_named_with_its_trophies(ann, bob, headline, said, trophies):
    app, page, _ = opened(match=two_seats_at_the_last_box(ann, bob))
    last = app.session.match.open_categories()[-1]
    app, page, effects = play(app, page, BoxChosen(last))
    app, page = settled(app, page, effects)
    scene = page["scene"]["html"]
    assert page["scene"]["hidden"] is False and words(page, "results-title") == "Final standings"
    assert re.search(rf'class="scene-headline"[^>]*>{re.escape(headline)}<', scene), scene
    assert said in scene and said.split(" ")[0] in page["spoken"]["text"]  # the tray is hidden: the ear's region
    assert scene.count('class="trophy"') == trophies and "medal" not in scene
    assert words(page, "ending").count("the first game under these rules") == 2
    assert "optimal player" not in words(page, "ending") and "optimal player" in reported(app, page)


def test_a_solo_games_ending_splits_its_total_into_the_dice_and_the_choices():
    app, page, _ = opened(f"rules=yacht&players=Ann&seed={SEED}")
    app, page, effects = play_out(app, page)
    app, page = settled(app, page, effects)
    (ann,) = splits(app.session.coach.advisor, app.session.match) or ()
    total = ann.total
    assert abs(ann.error) < 1e-6 and ann.loss > 0  # the first box every turn: far from the best
    line = f"Ann {total}: dice {signed(round(ann.luck))}, choices {signed(-round(ann.loss))}"
    # the card's coach line, far from the best: an invitation to the report, no numbers (kind dice beside a low total
    # read as praise, fresh eyes round 40; what better choices were worth, as a telling-off, round 41)
    card = "Want more points? “How did I play?” shows the choices that cost the most."
    told = reported(app, page)  # the numbers, the report's (issue 57: shown there, first)
    assert card in words(page, "ending") and 'class="ending-coach"' in page["ending"]["html"]
    assert line in told and line not in words(page, "ending") and "won by" not in told
    assert told.index(line) < told.index("Round ")


def test_against_the_computer_the_ending_says_who_won_by_the_dice_and_by_the_choices():
    robin = Seat.computer("Robin", "perfect")
    app, page = ended(at_the_last_box("yacht", [robin, "Ann"], person=[1, 2, 3, 4, 6], other=[6, 6, 6, 6, 6]))
    robin_split, ann_split = splits(app.session.coach.advisor, app.session.match) or ()
    gap = robin_split.total - ann_split.total
    dice = round(robin_split.luck - ann_split.luck)
    ending, told = words(page, "ending"), reported(app, page)  # how it was won on the card, each person's split told
    choices = gap - dice  # the rest of the gap: Robin's choices (Ann's are better where it is negative)
    won = f"Robin won by {gap}: the dice gave Robin {dice} more, "
    if choices < 0:  # Ann lost to the dice alone: said on the card, kindly
        assert gap > 0 and f"Unlucky! {won}your choices were {-choices} better" in ending and "won by" not in told
    else:  # Robin chose better too: the card invites to the report, which says it (rounds 110 to 116)
        assert "Luck or skill? “How did I play?” has the answer." in ending and "won by" not in ending
        assert f"{won}Robin's choices were {choices} better" in told
    assert f"Ann {ann_split.total}: dice " in told and "Robin " + str(robin_split.total) + ":" not in told


def test_against_the_computer_a_win_by_the_dice_is_the_reports_to_tell_and_one_by_the_choices_the_cards():
    """A person alone against a computer, who won by the dice while its choices were better, is not told so at the
    moment of winning (fresh eyes rounds 110 to 116: "it takes the shine off the win"): the card invites to the
    report, which tells it. A win by the choices is praise, said on the card."""
    robin = Share("Robin", False, 206, 0.0, 10.0)
    lucky, able = Share("You", True, 226, 47.0, 37.0), Share("You", True, 226, 0.0, 0.0)
    teaser = "Luck or skill? “How did I play?” has the answer."
    assert coach_line((lucky, robin)) == teaser
    assert (
        luck_words((lucky, robin), said=teaser)[-1]
        == "You won by 20: the dice gave you 47 more, Robin's choices were 27 better"
    )
    assert coach_line((able, robin)) == "You won by 20: the dice were even, your choices were 20 better"
    lost = Share("You", True, 196, 0.0, 20.0)  # behind Robin by 10, by the choices alone: invited, not told off
    assert coach_line((lost, robin)) == teaser
    ann = Share("Ann", True, 196, 0.0, 20.0)  # between people, who chose better is the point: said
    assert coach_line((ann, Share("Bob", True, 206, 0.0, 10.0))).startswith("Bob won by 10: ")


def test_pass_and_play_names_the_winner_and_the_better_chooser():
    app, page = ended(at_the_last_box("yahtzee", ["Bob", "Ann"], person=[6, 6, 6, 6, 6], other=[1, 2, 2, 4, 6]))
    ending, told = words(page, "ending"), reported(app, page)
    assert "Ann won by " in ending and "the dice gave Ann " in ending and "your choices" not in ending
    assert told.count(": dice ") == 2 and "won by" not in told  # a line per person in the report


def test_a_tie_and_rules_without_an_exact_table_say_no_more_than_they_know():
    app, page = ended(at_the_last_box("yacht", ["Bob", "Ann"], person=[2] * 5, other=[2] * 5))
    told = reported(app, page)
    assert "won by" not in told and told.count(": dice ") == 2
    app, page = ended(at_the_last_box("maxi", ["Bob", "Ann"], person=[2] * 6, other=[3] * 6))
    assert page["results"]["hidden"] is False and ": dice " not in reported(app, page)


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != DEFAULT])
def test_the_split_is_told_in_every_language(code):
    t = text_in(code)
    ann, robin = Share("Ann", True, 265, 3.4, 17.2), Share("Robin", False, 268, 15.4, 8.2)
    english, told = luck_words((ann, robin)), luck_words((ann, robin), t)
    assert len(told) == 2 and all(a != b for a, b in zip(english, told))
    assert "Ann" in told[0] and "+3" in told[0] and "\N{MINUS SIGN}17" in told[0]
    assert all(str(n) in told[1] for n in (3, 12, 9)) and "Robin" in told[1]
    won = luck_words((Share("Ann", True, 270, 20.0, 5.0), robin), t)[1]  # the person won: "you", not "Ann"
    assert "Ann" not in won and "Robin" in won and all(str(n) in won for n in (2, 5, 3))


def test_the_report_shows_the_rolls_that_made_the_difference():
    """A tap on "How did I play?": the costliest choices, then the luckiest and the unluckiest roll."""
    app, page, _ = opened("rules=yahtzee&players=Ann&seed=6")
    app, page, effects = play_out(app, page)
    app, page = settled(app, page, effects)
    app, page, _ = after(*play(app, page, Pressed(Button.SHOW_REPORT)), "report")
    (ann,) = splits(app.session.coach.advisor, app.session.match) or ()
    best, worst = ann.luckiest(), ann.unluckiest()
    assert best is not None and worst is not None
    report = html.unescape(TAG.sub(" ", page["report"]["html"]))
    dice = " ".join(map(str, best.dice))
    assert (
        f"Luckiest roll: round {best.round + 1} (roll 1), dice {dice}: {signed(best.luck, digits=1)} points" in report
    )
    assert f"Unluckiest roll: round {worst.round + 1} (roll 1)" in report  # play_out rolls once a turn
    assert report.index("Round ") < report.index("Luckiest roll")  # the choices first


def test_a_challenges_ending_shows_both_splits_side_by_side():
    """Bob plays Ann's challenge on her very dice: both people's lines, and how the winner won, Bob as "you"."""
    from tests.helpers.app import challenger, ending, friend

    theirs_app, _ = challenger()
    theirs = challenge.solo(theirs_app.session.match)
    app, _ = friend(theirs_app.sharing.url, {"yacht-dice/setup": '{"name1": "Bob", "count": "1"}'})
    app, _, effects = play_out(app, pick=-1)
    app, effects = ending(app, effects)
    card = html.unescape(TAG.sub(" ", ops(effects, "ending")[-1]["html"]))
    assert ": dice " not in card  # the card says how the game was won in words; each person's numbers, the report's
    app, effects = send(app, Pressed(Button.SHOW_REPORT))
    app, effects = send(app, *[read_timer(token) for token, _ in ticks(effects, "report")])
    context = html.unescape(TAG.sub(" ", ops(effects, "report")[-1]["html"]))
    advisor = app.session.coach.advisor
    (bob,), (ann,) = splits(advisor, app.session.match) or (), splits(advisor, theirs) or ()
    for name, s in (("Bob", bob), ("Ann", ann)):
        assert f"{name} {s.total}: dice {signed(round(s.luck))}, choices {signed(-round(s.loss))}" in context
    gap = abs(bob.total - ann.total)
    assert gap and f"{'You' if bob.total > ann.total else 'Ann'} won by {gap}: " in card and "won by" not in context
    assert ("your choices were" in card) != ("Ann's choices were" in card) or "choices were even" in card
