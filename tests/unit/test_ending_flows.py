"""The end of a match through ``update``, read as the page shows it (moved from tests/e2e/test_ending.py): a solo
game's scene and context, Play again with the same seat, and a two-seat ending's every outcome (Ann wins, Bob wins,
a tie), each with its own words and trophies; the scene's motion and layout stay in the browser."""

from __future__ import annotations

import json
import re

import pytest

from game.app import SAVE_KEY, BoxChosen, Button, Pressed, read_timer
from game.coach.session import Session
from game.core.engine import new_match
from tests.unit.test_app import of, stores, ticks
from tests.unit.test_table_play import cell, opened, play, play_out, status, words

SEED = 31


def settled(app, page, effects):
    """The App and page once the ticks the ending asked for (its record, its context) have come."""
    while pending := [token for kind in ("records", "ending") for token, _ in ticks(effects, kind)]:
        app, page, effects = play(app, page, *[read_timer(token) for token in pending])
    return app, page


def test_a_one_game_match_ends_in_its_scene_and_plays_again_with_the_same_seat():
    app, page, _ = opened(f"rules=yacht&players=Ann&seed={SEED}")
    app, page, effects = play_out(app, page)
    assert ("play-again",) in of(effects, "focus")
    app, page = settled(app, page, effects)
    total = cell(page, "grand_total")
    assert words(page, "results-title") == "Final standings" and page["scene"]["hidden"] is False
    scene = page["scene"]["html"]
    assert re.search(rf'class="scene-headline"[^>]*>{total} points<', scene)  # a solo game: a result, not a win
    assert f"Ann scored {total}." in scene and scene.count('class="medal"') == 1 and "trophy" not in scene
    ending = words(page, "ending")
    assert f"Ann: {total} points this game, the first under these rules." in ending
    assert "The optimal player averages 167.0 under these rules." in ending
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
    assert f"Before it: best {total}, average {float(total):.1f} over 1 game." in words(page, "ending")


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
        ([6] * 5, [1] * 5, "Ann", "Ann wins with 164.", 1),
        ([1] * 5, [6] * 5, "Bob", "Bob wins with 164.", 1),
        ([2] * 5, [2] * 5, "A tie!", "A tie between Ann and Bob", 2),
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
    assert said in scene and said.split(" with")[0] in status(page)
    assert scene.count('class="trophy"') == trophies and "medal" not in scene
    assert words(page, "ending").count("points this game") == 2 and "optimal player" in words(page, "ending")
