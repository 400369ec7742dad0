"""The lobby's ladder of rivals (fresh eyes rounds 83 to 109: "after Robin, who?"): Sam the beginner, Robin who plays
well, Alex who plays perfectly, each a computer level with a name and a face of its own. Play the computer climbs it:
Robin until the player leads their games against Robin, then Alex; a tap on a rival plays that one at once; a computer
More's seats name is played as chosen."""

from __future__ import annotations

import json

from game.app.effects import OfferFocus
from game.app.events import Button, Pressed, RivalPicked, read_click
from game.app.keys import HISTORY_KEY, SETUP_KEY
from game.app.state import Screen
from game.coach.session import Session
from game.core.cards import Level, Seat
from game.core.engine import Match, new_match
from game.records.history import History
from game.records.record import session_record
from tests.helpers.app import ended, ops, send, start
from tests.helpers.page import words

ALONE = {"rules": "yacht", "count": "1", "name1": "Ann"}  # the form as a player alone left it: no computer in More


def game(rival: Seat, mine: int, its: int, seed: int = 1) -> Match:
    """A finished Yacht game of Ann's against ``rival``, every roll ``mine`` for her and ``its`` for it."""
    played = new_match("yacht", ["Ann", rival], seed=seed)
    for box in played.open_categories():
        played = played.roll(faces=[mine] * 5).score(box).roll(faces=[its] * 5).score(box)
    return played


def lobby(*games: Match, form: dict | None = None):
    """The lobby after ``games``, with the form as ``form`` (default: Ann alone)."""
    history = History()
    for number, played in enumerate(games):
        history = history.add(session_record(Session(played), 0, f"2026-11-2{number}T09:00:00Z"))
    return start(stored={SETUP_KEY: json.dumps(form or ALONE), HISTORY_KEY: history.to_json()})


ROBIN, SAM, ALEX = Seat.computer("Robin", "good"), Seat.computer("Sam", "easy"), Seat.computer("Alex", "perfect")


def test_play_the_computer_is_the_rival_last_played_and_alex_opens_for_good_once_robin_is_led():
    app, effects = lobby()
    assert ops(effects, "quick-computer-line")[-1] == {"text": "You against Robin, who plays well"}
    assert {"attrs": {"data-rival": "good"}} in ops(effects, "quick-computer")  # Robin's face
    app, effects = lobby(game(ROBIN, 1, 6))  # Robin leads: a score to settle first
    assert ops(effects, "quick-computer-title")[-1] == {"text": "Rematch Robin"}
    app, effects = lobby(game(ROBIN, 1, 6), game(ROBIN, 6, 1, 2), game(ROBIN, 6, 1, 3))  # Ann leads, 2–1: Alex opens
    assert ops(effects, "quick-computer-line")[-1] == {"text": "You against Robin, who plays well"}  # as last played
    assert " disabled" not in rivals_shown(effects).split("<button")[3]  # Alex's face takes a tap now
    app, effects = lobby(game(ROBIN, 6, 1), game(ALEX, 1, 6, 2))  # then Alex, played from there
    assert ops(effects, "quick-computer-title")[-1] == {"text": "Rematch Alex"}
    assert {"attrs": {"data-rival": "perfect"}} in ops(effects, "quick-computer")
    app, effects = send(app, read_click("quick-computer", (), tuple(ALONE.items())))
    assert app.screen.kind is Screen.PLAY
    assert [(s.name, s.level) for s in app.session.match.seats] == [("Ann", None), ("Alex", Level.PERFECT)]
    assert {"attrs": {"data-rival": "perfect"}} in ops(effects, ("html", 0))  # Alex's face at the table
    # once open, Alex stays open: two losses to Robin later (2–3), its face still takes a tap (round 111: "a ladder
    # that gives, then takes back"); Play the computer is Robin, last played, not Alex pushed on a player just beaten
    later = (game(ROBIN, 1, 6), game(ROBIN, 6, 1, 2), game(ROBIN, 6, 1, 3), game(ROBIN, 1, 6, 4), game(ROBIN, 1, 6, 5))
    app, effects = lobby(*later)
    assert ops(effects, "quick-computer-title")[-1] == {"text": "Rematch Robin"}
    assert " disabled" not in rivals_shown(effects).split("<button")[3]


def rivals_shown(effects) -> str:
    """The ladder's markup the lobby last drew."""
    return [op["html"] for op in ops(effects, "rivals") if "html" in op][-1]


def test_the_ladder_shows_each_rival_its_record_and_which_one_play_the_computer_plays():
    _, effects = lobby(game(ROBIN, 6, 1), game(SAM, 1, 6, 2))
    [shown] = [op["html"] for op in ops(effects, "rivals") if "html" in op][-1:]
    chips = shown.split("<button")[1:]
    assert [chip.split('data-rival="')[1].split('"')[0] for chip in chips] == ["easy", "good", "perfect"]
    sam, robin, alex = chips
    assert ">0\u20131<" in sam and "data-beaten" not in sam  # lost to Sam: no star
    assert ">1\u20130<" in robin and "data-beaten" in robin and 'aria-current="true"' not in robin
    assert 'aria-current="true"' in sam  # last played: Play the computer's
    assert ">Champion<" in alex  # not played yet: its level
    assert " disabled" not in alex  # open: Ann was ahead of Robin
    _, effects = lobby()
    [shown] = [op["html"] for op in ops(effects, "rivals") if "html" in op][-1:]
    assert shown.count(" disabled") == 1 and ">Locked<" in shown.split("<button")[3]  # before: Alex waits, locked
    assert "Get ahead of Robin to meet Alex" in shown
    assert 'aria-label="You against Sam, a beginner: won 0, lost 1"' in sam  # the ear hears who and the games


def test_a_tap_on_a_rival_plays_it_at_once_and_a_tap_that_names_none_changes_nothing():
    app, _ = lobby()
    assert read_click(data=(("rival", "easy"),)) == RivalPicked("easy")
    played, effects = send(app, read_click(data=(("rival", "easy"),), form=tuple(ALONE.items())))
    assert [(s.name, s.level) for s in played.session.match.seats] == [("Ann", None), ("Sam", Level.EASY)]
    assert {"attrs": {"data-rival": "easy"}} in ops(effects, ("html", 0))
    for level in ("perfect", "win", "hard", ""):  # Alex still locked, More's own level, and no level: not the ladder's
        same, effects = send(app, RivalPicked(level, form=tuple(ALONE.items())))
        assert same.screen == app.screen and same.session is app.session and not effects


def test_a_computer_more_names_is_played_as_chosen_not_the_ladders():
    chosen = {**ALONE, "count": "2", "kind2": "good", "name2": ""}
    app, effects = lobby(game(ROBIN, 6, 1), form=chosen)  # Ann leads Robin, but More says Robin
    assert ops(effects, "quick-computer-line")[-1] == {"text": "You against Robin, who plays well"}
    assert not any('aria-current="true"' in op.get("html", "") for op in ops(effects, "rivals"))


def last_box(rival: Seat, mine: int, its: int) -> Session:
    """A Yacht match of ``rival`` against Ann with only Ann's last box open, every roll ``mine`` for her."""
    played = new_match("yacht", [rival, "Ann"], seed=5)
    boxes = played.open_categories()
    for box in boxes[:-1]:
        played = played.roll(faces=[its] * 5).score(box).roll(faces=[mine] * 5).score(box)
    return Session(played.roll(faces=[its] * 5).score(boxes[-1]).roll(faces=[mine] * 5))


def test_a_rival_beaten_the_end_offers_the_next_one_and_plays_it():
    app, page = ended(last_box(ROBIN, 6, 1), stored={SETUP_KEY: json.dumps(ALONE)})  # Ann leads Robin 1–0
    # her first lead opens Alex, locked until now: a moment of its own over the offer
    assert words(page, "next-rival") == "New rival unlocked! Next rival: Alex" and page["next-rival"]["hidden"] is False
    assert page["next-rival"]["attrs"] == {"data-rival": "perfect", "data-quip": "So you beat Robin? Try me."}
    assert page["replay-turn"]["hidden"] is True  # one pull beside Rematch, not two
    app, effects = send(app, Pressed(Button.NEXT_RIVAL))
    assert [(s.name, s.level) for s in app.session.match.seats] == [("Alex", Level.PERFECT), ("Ann", None)]
    assert not app.session.match.game_over and app.screen.kind is Screen.PLAY  # a new match, Ann's seat as it was


def test_no_next_rival_after_a_loss_at_the_top_or_against_a_computer_more_named():
    for rival, mine, its in ((ROBIN, 1, 6), (ALEX, 6, 1), (Seat.computer("HAL", "good"), 6, 1)):
        app, page = ended(last_box(rival, mine, its), stored={SETUP_KEY: json.dumps(ALONE)})
        assert page["next-rival"]["hidden"] is True, rival
        again, effects = send(app, Pressed(Button.NEXT_RIVAL))  # a tap on a button not offered: nothing changes
        assert again.session is app.session and not effects


def test_the_lobbys_gold_is_the_way_the_player_last_played():
    """After a game against a computer, Play the computer is the lobby's gold and first way (the way up the ladder);
    after a game alone, Play solo again (round 112: "the rivals are the hook, yet Play solo is the huge button")."""
    alone = new_match("yacht", ["Ann"], seed=9)
    for box in alone.open_categories():
        alone = alone.roll(faces=[5] * 5).score(box)
    _, effects = lobby(game(ROBIN, 6, 1))
    assert {"toggle": {"primary": False}} in ops(effects, "quick-solo") and OfferFocus("quick-computer") in effects
    _, effects = lobby(game(ROBIN, 6, 1), alone)  # the solo game is the later one
    assert all(op.get("toggle", {}).get("primary") is not True for op in ops(effects, "quick-computer"))
    assert OfferFocus("quick-solo") in effects
