"""The challenge link (game.records.challenge and its wiring in game.app): a person's turns taken out of a game with
computers, two finished games on one seed compared box by box and round by round, the optimal player's total
on the same dice, and no challenge from a match whose dice were drawn in sequence."""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import parse_qsl, urlsplit

import pytest

from game.app.events import Button, Pressed, Start, Stored, read_timer
from game.app.keys import CHALLENGE_KEY, SAVE_KEY, STORED_KEYS
from game.app.sharing import QR_LABEL
from game.app.state import App, PlayScreen, Screen
from game.app.update import update
from game.app.view import view
from game.coach.advisor import Advisor
from game.coach.session import Next, Session
from game.core import links
from game.core.actions import Hold, Roll, Score
from game.core.cards import Level, Seat
from game.core.dice import Draw
from game.core.engine import new_match
from game.present import board_view, controls, markup, standings
from game.records import challenge
from tests.helpers.app import ADDRESS, NOW, challenger, ending, friend, of, ops, play_out, send, stores, ticks
from tests.helpers.matches import finish


def test_the_persons_turns_are_taken_out_of_a_game_with_a_computer():
    table = finish(new_match("yacht", [Seat.computer("Robin", Level.EASY), "Ann"], seed=11), keep=(6,))
    assert challenge.offerable(table) and challenge.person(table) == 1
    alone = challenge.solo(table)
    assert alone.players == ("Ann",) and len(alone.seats) == 1 and alone.game_over
    assert alone.cards[0][0] == table.cards[0][1]  # slot dice: alone, the same dice, so the same card
    assert challenge.turns(alone) == challenge.turns(table, seat=1)
    assert challenge.turns(table, seat=1) != challenge.turns(table, seat=0)  # the computer's turns are left out
    kept = [turn.keeps for turn in challenge.turns(alone)]
    assert len(kept) == 12 and all(len(keeps) == 1 and set(keeps[0]) <= {6} for keeps in kept)
    link = links.read(links.write(alone, links.LinkKind.CHALLENGE))
    assert link.kind is links.LinkKind.CHALLENGE and challenge.playable(link.match)
    assert link.match.cards == alone.cards and link.match.seed == 11


def test_two_finished_games_on_one_seed_are_compared_box_by_box():
    theirs = finish(new_match("yahtzee", ["Ann"], seed=21))
    yours = finish(new_match("yahtzee", ["Bob"], seed=21), pick=lambda m: max(m.options(), key=m.options().get))
    shown = challenge.compare(yours, theirs, optimal=250)
    assert shown.challenger == "Ann" and shown.optimal == 250
    assert shown.yours_total == yours.totals(0).grand_total and shown.theirs_total == theirs.totals(0).grand_total
    for category in theirs.ruleset.categories:
        assert shown.row(category.id) == (yours.scorecard(0).get(category.id), theirs.scorecard(0).get(category.id))
    assert shown.row("upper_bonus") == (yours.totals(0).upper_bonus, theirs.totals(0).upper_bonus)
    assert shown.row("grand_total") == (shown.yours_total, shown.theirs_total)
    html = markup.challenge(shown, yours)
    assert html.count("<tr") == 1 + len(board_view.rows(yours.ruleset))  # the heading, then a row per box and total
    assert challenge.outcome(shown) in html and "250 points on these very dice" in html


def test_the_rounds_where_the_choices_differed():
    theirs = finish(new_match("yacht", ["Ann"], seed=8))  # the first open box, at once
    yours = finish(new_match("yacht", ["Bob"], seed=8), pick=lambda m: m.open_categories()[-1])
    same = finish(new_match("yacht", ["Cy"], seed=8))
    assert challenge.differences(same, theirs) == ()
    found = challenge.differences(yours, theirs)
    assert [d.round for d in found] == list(range(12))  # the boxes in order, and in reverse: never the same
    first = found[0]
    assert (first.theirs.category, first.yours.category) == ("ones", "yacht")
    text = challenge.difference_text(yours, challenge.compare(yours, theirs), first)
    assert text.startswith("Round 1 — Ann: scored ") and "in Aces. You: scored " in text and text.endswith("in Yacht.")
    # Slot dice: both meet the same first roll of every round, whatever they did before.
    first_rolls = [[], []]
    for index, match in enumerate((yours, theirs)):
        replay = new_match("yacht", match.seats, 1, 8)
        for action in match.actions:
            if isinstance(action, Roll) and replay.rolls == 0:
                first_rolls[index].append(replay.apply(action).dice)
            replay = replay.apply(action)
    assert first_rolls[0] == first_rolls[1]


def test_a_different_keep_on_the_same_first_roll_is_a_difference():
    start = new_match("yacht", ["Ann"], seed=3).roll()
    theirs = start.hold(0).roll().score("choice")
    yours = replace(start, seats=(Seat.human("Bob"),)).hold(1).roll().score("choice")
    (found,) = challenge.differences(yours, theirs)
    assert found.round == 0 and found.yours.keeps == ((start.dice[1],),) and found.theirs.keeps == ((start.dice[0],),)


def test_the_optimal_total_is_the_perfect_players_on_the_same_dice():
    theirs = finish(new_match("yatzy", ["Ann"], seed=5))
    best = challenge.optimal_game(Advisor(theirs.ruleset), theirs)
    total = best.totals(0).grand_total
    assert isinstance(total, int) and total >= 0 and best.seed == theirs.seed and best.ruleset == theirs.ruleset
    # The same seat played by the session's own Perfect computer, step by step, on the same seed.
    session = Session(new_match("yatzy", [Seat.computer("Perfect", Level.PERFECT)], 1, 5))
    while session.next is Next.COMPUTER:
        session = session.computer_step().session
    assert session.match.totals(0).grand_total == total
    assert total >= theirs.totals(0).grand_total  # this seed's Ann scored the first open box every turn


def test_a_match_that_drew_its_dice_in_sequence_offers_no_challenge():
    old = finish(new_match("yacht", ["Ann"], seed=4, draw=Draw.SEQUENCE))
    assert old.game_over and not challenge.offerable(old)
    with pytest.raises(links.LinkError) as refused:
        links.write(challenge.solo(old), links.LinkKind.CHALLENGE)
    assert refused.value.why is links.Why.UNSENDABLE
    app = App(screen=PlayScreen(), session=Session(old))
    assert controls.elements(app.session, standings.results(old))["challenge-friend"].hidden is True
    assert update(app, Pressed(Button.CHALLENGE_FRIEND), now=NOW) == (replace(app, now=NOW), [])


@pytest.mark.parametrize(
    ("match", "offered"),
    [
        (new_match("yacht", ["Ann", Seat.computer("Robin")], seed=2), True),  # one person, a computer beside
        (new_match("yacht", ["Ann", "Bob"], seed=2), False),  # two people
        (new_match("yacht", ["Ann"], games=2, seed=2), True),  # the first game of two
    ],
)
def test_only_one_persons_first_game_is_offered(match, offered):
    done = finish(match)
    assert challenge.offerable(done) is offered
    assert controls.elements(Session(done), standings.results(done))["challenge-friend"].hidden is not offered
    if offered and done.games > 1:
        later = finish(done.next_game())
        assert not challenge.offerable(later)  # the second game's dice are another game's slots


# ----------------------------------------------------------------------------- the app


def test_challenge_a_friend_shares_the_persons_game_by_link_with_a_qr_code():
    app, effects = challenger()
    title, text, url = view(app).share.title, view(app).share.text, app.sharing.url
    assert title == "Challenge a friend" and url.startswith(ADDRESS + "?challenge=")
    total = challenge.solo(app.session.match).totals(0).grand_total
    assert (
        text
        == f"I scored {total} points at Yacht. Can you beat me on the very same dice? No undo, no hints, for either of us."
    )
    assert ("share", True) in of(effects, "dialog")
    assert ops(effects, "share-qr-button")[-1]["hidden"] is False
    link = links.read(dict(parse_qsl(urlsplit(url).query))["challenge"])
    assert link.match.players == ("Ann",) and link.match.cards[0][0] == app.session.match.cards[0][0]
    app, effects = send(app, Pressed(Button.SHARE_QR))
    drawn = ops(effects, "share-qr")[-1]
    assert drawn["hidden"] is False and drawn["html"].startswith("<svg") and f'aria-label="{QR_LABEL}"' in drawn["html"]


def test_the_friend_plays_the_same_dice_and_sees_both_cards_and_the_optimal_total():
    theirs_app, _ = challenger()
    url = theirs_app.sharing.url
    theirs = challenge.solo(theirs_app.session.match)
    app, effects = friend(url, {"yacht-dice/setup": '{"name1": "Bob", "count": "1"}'})
    assert (
        app.screen.kind is Screen.PLAY and app.session.match.players == ("Bob",) and len(app.session.match.seats) == 1
    )
    assert (app.session.match.ruleset, app.session.match.seed) == (theirs.ruleset, theirs.seed)
    stored = stores(effects, CHALLENGE_KEY)
    assert stored and links.read(stored[-1]).match == theirs
    assert ops(effects, "challenge-line")[-1] == {
        "text": f"Challenge from Ann: {theirs.totals(0).grand_total} points",
        "hidden": False,
    }
    # A reload: the challenge comes back from storage, with the match in progress.
    saved = stores(effects, SAVE_KEY)[-1]
    app, effects = update(App(), Start(stored=((SAVE_KEY, saved), (CHALLENGE_KEY, stored[-1]))), now=NOW)
    assert app.kept.challenge == theirs and ops(effects, "challenge-line")[-1]["hidden"] is False
    app, _, effects = play_out(app, pick=-1)
    app, effects = ending(app, effects)
    html = ops(effects, "challenge-result")[-1]["html"]
    best = challenge.optimal_game(app.session.coach.advisor, theirs).totals(0).grand_total
    assert "Challenge from Ann" in html and f"The optimal player scores {best} points on these very dice." in html
    assert html.count("<tr") == 1 + len(board_view.rows(theirs.ruleset)) and "Where your choices differed" in html
    assert CHALLENGE_KEY in STORED_KEYS


def test_a_challenge_over_a_match_in_progress_asks_first():
    theirs_app, _ = challenger()
    saved = Session(new_match("yatzy", ["Cy"], seed=1).roll())
    app, effects = friend(theirs_app.sharing.url, {SAVE_KEY: saved.to_json()})
    assert app.screen.kind is Screen.LINK_CHOICE and app.screen.kept.match == saved.match
    app, effects = send(app, Pressed(Button.LINK_START))
    assert app.screen.kind is Screen.PLAY and challenge.applies(app.kept.challenge, app.session.match)


def test_a_challenge_left_unanswered_is_not_taken_by_a_later_question():
    """The challenge waits with its link's question only (LinkChoice): left for the setup, a later question (another
    tab's match) starts no challenge."""
    theirs_app, _ = challenger()
    saved = Session(new_match("yatzy", ["Cy"], seed=1).roll())
    app, _ = friend(theirs_app.sharing.url, {SAVE_KEY: saved.to_json()})
    app, _ = send(app, Pressed(Button.MENU_NEW))  # past the question, to the setup
    assert app.screen.kind is Screen.SETUP
    newer = Session(new_match("yacht", ["Di"], seed=2).roll())
    app, _ = send(app, Stored(SAVE_KEY, newer.to_json()), Pressed(Button.QUICK_SOLO))
    assert app.screen.kind is Screen.LINK_CHOICE  # another tab's match in progress: asked first
    app, effects = send(app, Pressed(Button.LINK_START))
    assert app.screen.kind is Screen.PLAY and app.kept.challenge is None and not stores(effects, CHALLENGE_KEY)


def test_another_game_shows_no_challenge():
    theirs_app, _ = challenger()
    app, _ = friend(theirs_app.sharing.url)
    app, _, effects = play_out(app)
    app, effects = send(app, *[read_timer(token) for token, _ in ticks(effects, "ending")])
    assert ops(effects, "challenge-result")[-1]["hidden"] is False  # the end of the challenge
    app, effects = send(app, Pressed(Button.PLAY_AGAIN))  # a new seed: no longer the challenge's dice
    assert ops(effects, "challenge-line")[-1]["hidden"] is True and ops(effects, "challenge-result")[-1] == {
        "html": "",
        "hidden": True,
    }


def test_a_challenge_link_of_several_people_is_refused_in_words():
    two = finish(new_match("yacht", ["Ann", "Bob"], seed=3))
    url = ADDRESS + "?challenge=" + links.write(two, links.LinkKind.CHALLENGE)
    app, effects = friend(url)
    assert app.screen.kind is Screen.SETUP and app.kept.challenge is None
    assert ops(effects, "notice")[-1]["text"] == links.LinkError("", links.Why.DAMAGED).text()


def test_the_challenge_step_words_a_turn():
    match = new_match("yacht", ["Ann"], seed=1).roll(faces=[5, 5, 2, 3, 1])
    match = match.apply(Hold(0, True)).apply(Hold(1, True)).roll(faces=[5, 2, 2]).apply(Score("full_house"))
    (turn,) = challenge.turns(match)
    assert challenge.turn_text(match, turn) == "kept 5 5, scored 19 in Full House"
