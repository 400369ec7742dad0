"""Playing at the table through ``update``, read as the page shows it (moved from tests/e2e/test_game.py): whole
games, rounds, matches of two games, the setup form, links good and bad, a reload, refused actions and names.

``shown`` folds the ``apply`` effects into what each element holds, so a test reads the board as a person would:
the scorecard's cells, the dice's names, the status line, the results panel.
"""

from __future__ import annotations

import re

import pytest

from game.app.events import BoxChosen, Button, CellPressed, DieToggled, Pressed, Submit, read_click
from game.app.keys import SAVE_KEY, UNREADABLE_KEY
from game.app.state import Screen
from game.coach.session import Session
from game.core import cards
from game.records.choices import form_values, parse_link
from tests.helpers.app import notice, of, opened, play, play_out, stores
from tests.helpers.page import cell, choices, dice, heads, held, labels, row_names, status, words


@pytest.mark.parametrize("rules", ["rules=custom&dice=6&sides=8", "rules=yatzy"])
def test_a_whole_solo_game_shows_the_engines_dice_choices_and_final_standings(rules):
    query = f"{rules}&players=Solo&seed=2024"
    app, page, _ = opened(query)
    twin = parse_link("?" + query)[0].start()
    names = {c.name: c.id for c in twin.ruleset.categories}
    count = twin.ruleset.dice
    for turn in range(twin.rounds):
        app, page, _ = play(app, page, Pressed(Button.ROLL))
        twin = twin.roll()
        assert dice(page, count) == labels(twin.dice), f"turn {turn + 1}, first roll"
        app, page, _ = play(app, page, DieToggled(0), DieToggled(2))
        twin = twin.hold(0).hold(2)
        assert held(page, count)[:3] == [True, False, True]
        app, page, _ = play(app, page, Pressed(Button.ROLL))
        twin = twin.roll()
        assert dice(page, count) == labels(twin.dice), f"turn {turn + 1}, second roll"
        offered = choices(page)
        assert {names[n]: p for n, p in offered.items()} == twin.options()
        best = max(offered, key=lambda name: (offered[name], -list(offered).index(name)))
        app, page, _ = play(app, page, BoxChosen(names[best]))
        twin = twin.score(names[best])
    total = twin.totals(0).grand_total
    assert cell(page, "grand_total") == str(total)
    assert page["results"]["hidden"] is False and words(page, "results-title") == "Game over"
    # a solo game's total is the scene's large words, said once (issue 54): no standings list of one
    assert words(page, "standings") == "" and f"{total} points" in words(page, "scene")


def test_a_three_player_yatzy_round():
    app, page, _ = opened("rules=yatzy&players=Ann,Bob,Cy&seed=7")
    assert heads(page)[1:] == ["Ann", "Bob", "Cy"] and len(row_names(page)) >= 15
    for index, name in enumerate(["Ann", "Bob", "Cy"]):
        assert f"{name}'s turn" in status(page)
        app, page, _ = play(app, page, Pressed(Button.ROLL))
        assert status(page).startswith(f"{name} rolled ") and "(roll 1 of 3)" in status(page)
        rolled = app.session.match.dice
        assert dice(page, 5) == labels(rolled)
        app, page, _ = play(app, page, BoxChosen("chance"))
        assert cell(page, "chance", index) == str(sum(rolled))
    for index in range(3):
        assert cell(page, "chance", index).isdigit()
        assert cell(page, "grand_total", index) == cell(page, "chance", index)
    assert status(page).endswith("Ann's turn: roll the dice")


def test_a_two_game_match_finished_after_game_one():
    app, page, _ = opened("rules=yacht&players=Ann,Bob&games=2&seed=5")
    assert row_names(page).count("Match total") == 1
    app, page, effects = play_out(app, page)
    assert page["results"]["hidden"] is False and words(page, "results-title") == "Standings after game 1"
    assert page["next-game"]["hidden"] is False and ("next-game",) in of(effects, "focus")
    app, page, _ = play(app, page, Pressed(Button.FINISH_MATCH))
    assert words(page, "results-title") == "Final standings" and page["scene"]["hidden"] is False
    assert re.search(r"(wins by|share the first place)", words(page, "scene"))
    assert cell(page, "match", 0) == cell(page, "game:0", 0) != ""
    assert page["new-match"]["hidden"] is False and page["next-game"]["hidden"] is True


def test_next_game_starts_a_fresh_card_and_keeps_the_first():
    app, page, _ = opened("rules=yacht&players=Ann&games=2&seed=11")
    app, page, _ = play_out(app, page)
    first = cell(page, "grand_total")
    app, page, _ = play(app, page, Pressed(Button.NEXT_GAME))
    assert cell(page, "grand_total") == "0" and cell(page, "game:0") == first and cell(page, "match") == first
    assert page["results"]["hidden"] is True


def test_the_setup_form_starts_the_chosen_match():
    app, page, _ = opened()
    fields = {**form_values(parse_link("?rules=yatzy&players=Ann,,Cy&games=2")[0]), "name2": ""}
    app, page, _ = play(app, page, Submit(tuple(fields.items())))
    assert app.screen.kind is Screen.PLAY and heads(page) == ["Upper section", "Ann", "Bob", "Cy"]
    assert app.session.match.ruleset.title == "Yatzy"
    rows = row_names(page)
    assert "One Pair" in rows and "Two Pairs" in rows and "Game 2" in rows


def test_the_setup_form_refuses_bad_custom_dice():
    app, page, _ = opened()
    fields = {**form_values(parse_link("?rules=custom")[0]), "generalized.dice": "40"}
    app, page, effects = play(app, page, Submit(tuple(fields.items())))
    assert "dice=40 is outside 2..10 for Custom dice" in words(page, "setup-error")
    assert page["setup-error"]["hidden"] is False and app.screen.kind is Screen.SETUP and not of(effects, "store")


def test_a_link_start_is_reproducible_and_leaves_the_address():
    query = "rules=yatzy&players=Ann,Bob&games=2&seed=42"
    app, page, effects = opened(query)
    assert of(effects, "dropQuery") == [()]
    app, page, effects = play(app, page, Pressed(Button.ROLL))
    twin = parse_link("?" + query)[0].start().roll()
    assert dice(page, 5) == labels(twin.dice)
    again, page, _ = opened(stored={SAVE_KEY: stores(effects, SAVE_KEY)[-1]})  # the reload
    assert dice(page, 5) == labels(twin.dice) and again.session.match == app.session.match


@pytest.mark.parametrize(
    "query, message",
    [
        ("rules=poker", "rules='poker' is not a rule set"),
        ("rules=yatzy&games=9", "games='9' is not a number of games from 1 to 6"),
        ("players=A,B,C,D,E,F", "6 names given; a match has 1 to 5 players"),
        ("rules=custom&dice=1", "dice=1 is outside 2..10 for Custom dice"),
        ("games=%C2%B3", "games='³' is not a number of games from 1 to 6"),
        ("players=Ann&cpu=%C2%B2:perfect", "cpu='²:perfect': use seat:level pairs"),
        ("rules=custom&sides=" + "9" * 5000, "sides='999"),
    ],
)
def test_a_bad_link_shows_the_setup_screen_with_a_message(query, message):
    app, page, effects = opened(query)
    assert app.screen.kind is Screen.SETUP and page["setup"]["hidden"] is False
    assert message in words(page, "setup-error") and page["setup-error"]["hidden"] is False
    assert page["setup-more"]["attrs"] == {"open": ""}  # a link's problems open More, where Start is


def test_a_reload_mid_turn_restores_everything_from_the_saved_session():
    app, page, _ = opened("rules=yahtzee&players=Ann,Bob&seed=3")
    app, page, _ = play(app, page, Pressed(Button.ROLL), BoxChosen("chance"))
    app, page, effects = play(app, page, Pressed(Button.ROLL), DieToggled(1), DieToggled(4), Pressed(Button.ROLL))
    saved = stores(effects, SAVE_KEY)[-1]
    assert Session.from_json(saved).match.dice == app.session.match.dice  # the saved JSON is the session's save
    before = (dice(page, 5), held(page, 5), words(page, "roll-button"), cell(page, "chance", 0))
    again, after, _ = opened(stored={SAVE_KEY: saved})
    assert (dice(after, 5), held(after, 5), words(after, "roll-button"), cell(after, "chance", 0)) == before
    assert before[1] == [False, True, False, False, True] and before[2] == "Roll (1 left)"
    assert (
        "Bob rolled " in status(page) and "(roll 2 of 3)" in status(page) and "Bob's turn, roll 2 of 3" in status(after)
    )


def test_a_corrupted_save_is_reported_kept_and_stays_kept_after_a_new_match():
    damaged = '{"format": "yacht-dice/match", truncated'
    app, page, effects = opened(match=damaged)
    assert page["save-problem"]["hidden"] is False and page["save-problem-text"]["value"] == damaged
    assert stores(effects, UNREADABLE_KEY) == [damaged]
    app, page, effects = play(app, page, Pressed(Button.SAVE_PROBLEM_DISMISS))
    assert app.screen.kind is Screen.SETUP
    fields = form_values(parse_link("?players=Ann")[0])
    app, page, more = play(app, page, Submit(tuple(fields.items())), Pressed(Button.ROLL))
    assert dict(app.storage.stored)[UNREADABLE_KEY] == damaged and not stores(effects + more, UNREADABLE_KEY)


def test_illegal_actions_are_explained_and_change_nothing():
    app, page, _ = opened("rules=yahtzee&players=Ann&seed=9")
    same, _, effects = play(app, page, DieToggled(2))  # holding before the first roll
    assert "Ann cannot hold die 3: roll the dice first" in notice(effects) and same.session == app.session
    app, page, _ = play(app, page, Pressed(Button.ROLL), *[read_click(data=(("die", str(i)),)) for i in range(5)])
    assert page["roll-button"]["attrs"]["aria-disabled"] == "true"
    same, _, effects = play(app, page, Pressed(Button.ROLL))  # every die held
    assert "all 5 dice are held" in notice(effects) and same.session == app.session and not of(effects, "store")
    app, page, _ = play(app, page, DieToggled(0), Pressed(Button.ROLL), Pressed(Button.ROLL))
    same, _, effects = play(app, page, Pressed(Button.ROLL))  # after the last roll
    assert "rolls of this turn are used" in notice(effects) and same.session == app.session
    app, page, _ = play(app, page, BoxChosen("chance"), Pressed(Button.ROLL))
    same, _, effects = play(app, page, CellPressed("chance", 0))  # a filled box
    assert "Chance" in notice(effects) and "already filled" in notice(effects) and same.session == app.session
    assert "Chance" not in choices(page)


def test_player_names_are_text_never_html():
    name = "<img src=x onerror=alert(1)>"
    app, page, _ = opened()
    fields = {**form_values(parse_link("?players=A,B")[0]), "name1": name, "name2": "   "}
    app, page, _ = play(app, page, Submit(tuple(fields.items())))
    assert heads(page)[1:] == [name, "Ann"]
    assert "<img" not in page["scorecard"]["html"] and "&lt;img src=x onerror=alert(1)&gt;" in page["scorecard"]["html"]


def test_long_names_are_trimmed():
    app, page, _ = opened("players=" + "W" * 80)
    assert 0 < len(heads(page)[1]) <= cards.NAME_LENGTH


def test_pass_and_play_shows_bob_other_first_dice_than_ann_on_the_same_seed():
    app, page, _ = opened("rules=yahtzee&players=Ann,Bob&pass=1&seed=7")
    app, page, _ = play(app, page, Pressed(Button.ROLL))
    ann = dice(page, 5)
    app, page, _ = play(app, page, BoxChosen(next(iter(app.session.match.options()))))
    assert page["pass"]["hidden"] is False and page["tray"]["hidden"] is True
    app, page, _ = play(app, page, Pressed(Button.PASS_START), Pressed(Button.ROLL))
    bob = dice(page, 5)
    assert "blank" not in " ".join(ann + bob) and bob != ann  # seed 7 gave both 3 3 5 6 4 before
