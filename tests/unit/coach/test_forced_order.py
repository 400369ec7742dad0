"""Forced order: each turn scores the next open box; its exact value, checked by a plain program of its own."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial

import pytest

from game.coach import advice, bots
from game.coach.advisor import Advisor
from game.coach.coaching import Coach
from game.coach.winning import Winning
from game.core import links, saves
from game.core.actions import Score
from game.core.cards import Level, Seat
from game.core.engine import new_match
from game.core.refusals import Refusal, ScoreError
from game.core.rule_errors import OrderError
from game.core.variants import from_dict, ruleset
from game.present import board_view, rules_text
from game.records.choices import parse_link

FORCED_YATZY = 122.5585  # printed by Advisor(ruleset("yatzy", forced_order=True)).expected_score() (README)
FORCED_YAHTZEE = 130.2860  # the same for Yahtzee (official rules but forced order)
FORCED_YATZY_42 = 150.2168  # Yatzy in forced order with the Norwegian sheets' upper bonus at 42


# -- a plain dynamic programme over (box, upper sum), written apart from game.coach ------------------------


def _yatzy_points(box: int, dice: tuple[int, ...]) -> int:
    """Scandinavian Yatzy's boxes, top to bottom, scored here from scratch."""
    counts = Counter(dice)
    if box < 6:
        return (box + 1) * counts[box + 1]
    pairs = sorted((f for f, c in counts.items() if c >= 2), reverse=True)
    if box == 6:  # one pair
        return 2 * pairs[0] if pairs else 0
    if box == 7:  # two pairs, of different faces
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else 0
    if box in (8, 9):  # three, four alike
        need = box - 5
        alike = [f for f, c in counts.items() if c >= need]
        return need * max(alike) if alike else 0
    if box == 10:
        return 15 if sorted(dice) == [1, 2, 3, 4, 5] else 0
    if box == 11:
        return 20 if sorted(dice) == [2, 3, 4, 5, 6] else 0
    if box == 12:  # full house: three alike and two alike of another face
        return sum(dice) if sorted(counts.values()) == [2, 3] else 0
    if box == 13:
        return sum(dice)
    return 50 if len(counts) == 1 else 0


def _chances(n: int) -> dict[tuple[int, ...], float]:
    """Each sorted outcome of rolling n dice, with its chance."""
    out: dict[tuple[int, ...], float] = {}
    for faces in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for c in Counter(faces).values():
            ways //= factorial(c)
        out[faces] = ways / 6**n
    return out


ROLLS = _chances(5)
KEEPS = {roll: {tuple(d for d, k in zip(roll, pick) if k) for pick in product((0, 1), repeat=5)} for roll in ROLLS}
AFTER = {  # each kept set of dice: the rolls the others' reroll makes of it, with their chances
    keep: [(tuple(sorted(keep + more)), p) for more, p in _chances(5 - len(keep)).items()]
    for keeps in KEEPS.values()
    for keep in keeps
}


def _turn(last: dict[tuple[int, ...], float]) -> float:
    """A turn's value: the last roll's values, two rerolls of any kept dice, then the first roll's mean."""
    values = last
    for _ in range(2):
        kept = {keep: sum(p * values[roll] for roll, p in after) for keep, after in AFTER.items()}
        values = {roll: max(kept[keep] for keep in keeps) for roll, keeps in KEEPS.items()}
    return sum(p * values[roll] for roll, p in ROLLS.items())


@cache
def _lower(box: int) -> float:
    """Points to come from a lower box on: the upper sum changes nothing there."""
    if box == 15:
        return 0.0
    return _turn({roll: _yatzy_points(box, roll) + _lower(box + 1) for roll in ROLLS})


@cache
def _upper(box: int, total: int, bonus_at: int = 63) -> float:
    """Points to come from an upper box on, with this upper sum so far, capped at the bonus's threshold (50 points)."""
    if box == 6:
        return (50 if total >= bonus_at else 0) + _lower(6)
    return _turn(
        {
            roll: _yatzy_points(box, roll) + _upper(box + 1, min(bonus_at, total + _yatzy_points(box, roll)), bonus_at)
            for roll in ROLLS
        }
    )


def test_the_forced_order_value_equals_a_plain_program_over_box_and_upper_sum():
    got = Advisor(ruleset("yatzy", forced_order=True)).expected_score()
    plain = _upper(0, 0)
    print(f"Yatzy in forced order: {got:.4f} (the plain programme: {plain:.4f})")
    assert got == pytest.approx(plain, abs=1e-9)
    assert round(got, 4) == FORCED_YATZY


def test_the_norwegian_bonus_at_42_in_forced_order_equals_the_plain_program():
    rs = ruleset("yatzy", forced_order=True, bonus_at_42=True)
    adv = Advisor(rs)
    assert rs.upper_bonus_threshold == 42 and adv.is_exact() and not adv.has_table()
    plain = _upper(0, 0, 42)
    print(f"Yatzy in forced order, bonus at 42: {adv.expected_score():.4f} (the plain programme: {plain:.4f})")
    assert adv.expected_score() == pytest.approx(plain, abs=1e-9)
    assert round(adv.expected_score(), 4) == FORCED_YATZY_42


def test_the_bonus_at_42_is_played_in_forced_order_only():
    assert ruleset("yatzy", bonus_at_42=True) == ruleset("yatzy")  # in free order it is off: the tables stay exact
    assert ruleset("yatzy", bonus_at_42=True).to_dict() == {"name": "yatzy", "options": {}}
    rs = ruleset("yatzy", forced_order=True, bonus_at_42=True)
    assert rs.to_dict() == {"name": "yatzy", "options": {"forced_order": True, "bonus_at_42": True}}
    assert from_dict(rs.to_dict()) == rs and links.read(links.write(_played(rs, 7))).match.ruleset == rs
    setup, problems = parse_link("?rules=yatzy&forced_order=1&bonus_at_42=1")
    assert not problems and setup.ruleset() == rs


def test_the_forced_order_yahtzee_value_and_its_hints_are_exact():
    adv = Advisor(ruleset("yahtzee", forced_order=True))
    assert adv.is_exact() and not adv.has_table()
    print(f"Yahtzee in forced order: {adv.expected_score():.4f}")
    assert round(adv.expected_score(), 4) == FORCED_YAHTZEE
    m = adv.model  # the first roll's best options average the fresh card's value
    mean = sum(p * adv.options({}, list(r), 2)[0].expected for p, r in zip(m.prob, m.rolls))
    assert mean == pytest.approx(adv.expected_score(), abs=1e-9)


# -- the rules -----------------------------------------------------------------------------------------


def test_each_turn_scores_the_next_open_box_and_nothing_else():
    rs = ruleset("yatzy", forced_order=True)
    assert rs.choices({}, [6, 6, 6, 6, 6]) == {"ones": 0}
    assert rs.choices({"ones": 2, "twos": 4}, [3, 3, 3, 1, 2]) == {"threes": 9}
    with pytest.raises(OrderError):
        rs.check({}, [6, 6, 6, 6, 6], "yatzy")
    assert ruleset("yatzy").choices({}, [6, 6, 6, 6, 6])["yatzy"] == 50  # free order, unchanged


def test_a_yahtzee_joker_in_forced_order_scores_the_next_box_and_earns_the_bonus():
    rs = ruleset("yahtzee", forced_order=True)
    filled = {c.id: 1 for c in rs.categories[:-1]} | {"yahtzee": 50}
    assert rs.choices(filled, [4] * 5) == {"chance": 20} and rs.yahtzee_bonus(filled, [4] * 5) == 100


def test_the_engine_refuses_another_box_with_the_next_ones_name_and_changes_nothing():
    match = new_match(ruleset("yatzy", forced_order=True), ["Ann"], seed=3).roll(faces=[2, 2, 5, 5, 6])
    error = match.refusal(Score("chance"))
    assert isinstance(error, ScoreError) and error.reason is Refusal.ORDER
    assert error.text() == "Ann cannot score Chance: in forced order this turn scores Ones"
    assert list(match.options()) == ["ones"]


def test_the_card_marks_each_players_next_box():
    match = new_match(ruleset("yahtzee", forced_order=True), ["Ann", "Bob"], seed=3)
    match = match.roll().score("ones")
    cells = board_view.cells(match)
    assert "next" in cells[("twos", 0)].classes and "next" in cells[("ones", 1)].classes
    assert not any("next" in cell.classes for cell in board_view.cells(new_match("yahtzee", ["Ann"], seed=3)).values())


def test_the_rules_screen_says_the_boxes_are_filled_in_turn():
    free = [s.text() for s in rules_text.rules_of(ruleset("yatzy")).general]
    forced = [s.text() for s in rules_text.rules_of(ruleset("yatzy", forced_order=True)).general]
    assert any("next open box" in s for s in forced) and not any("next open box" in s for s in free)


# -- the option travels: links, saves, challenges, the data -------------------------------------------


def _played(rs, turns: int, seats=("Ann", "Bob")):
    match = new_match(rs, list(seats), seed=11)
    rng = random.Random(4)
    for _ in range(turns):
        match = match.roll()
        if rng.random() < 0.5:
            match = match.roll()
        match = match.score(next(iter(match.options())))
    return match


@pytest.mark.parametrize("name", ["yatzy", "yahtzee"])
def test_a_forced_order_match_round_trips_through_a_save_and_a_link(name):
    match = _played(ruleset(name, forced_order=True), 9)
    assert saves.from_json(saves.to_json(match)) == match
    got = links.read(links.write(match)).match
    assert got.ruleset == match.ruleset and got.ruleset.forced_order and got.cards == match.cards
    assert from_dict(json.loads(json.dumps(match.ruleset.to_dict()))) == match.ruleset


def test_a_forced_order_challenge_carries_the_option():
    game = _played(ruleset("yatzy", forced_order=True), 15, seats=("Ann",))
    link = links.read(links.write(game, links.LinkKind.CHALLENGE))
    assert link.match.game_over and link.match.ruleset.forced_order and link.match.cards == game.cards


def test_a_start_link_names_the_option_and_the_default_data_is_unchanged():
    setup, problems = parse_link("?rules=yatzy&forced_order=1&two_pairs_four=on")
    assert not problems and setup.ruleset() == ruleset("yatzy", forced_order=True, two_pairs_four=True)
    # records, keys and table headers made before these options name the same rule sets
    assert ruleset("yatzy").to_dict() == {"name": "yatzy", "options": {}}
    assert ruleset("yahtzee").to_dict()["options"] == {"upper_bonus": True, "yahtzee_bonus": True, "joker": "forced"}
    assert ruleset("yatzy", forced_order=True).to_dict() == {"name": "yatzy", "options": {"forced_order": True}}


def test_forced_order_needs_no_table_fetch():
    assert Coach(ruleset("yatzy", forced_order=True)).needs_table() is None
    assert Coach(ruleset("yatzy", forced_order=True)).needs_spread() is None


# -- the computer plays it at every level --------------------------------------------------------------


@pytest.mark.parametrize("level", list(Level))
def test_the_computer_plays_a_whole_forced_order_game_at_every_level(level):
    rs = ruleset("yatzy", forced_order=True)
    adv = Advisor(rs)
    match = new_match(rs, [Seat.computer("CPU", level)], seed=5)
    rng = random.Random(1)
    while not match.game_over:
        match = match.roll()
        while True:
            scores = match.cards[-1][match.player].scores
            decision = bots.choose(adv, scores, match.dice, rs.rolls_per_turn - match.rolls, level, rng)
            if isinstance(decision, Score):
                assert decision.category == rs.next_box(scores).id
                match = match.score(decision.category)
                break
            match = _keep(match, decision.faces)
    assert list(match.cards[-1][0].scores) == [c.id for c in rs.categories]


@pytest.mark.parametrize("name", ["yatzy", "yahtzee"])
def test_a_table_of_computers_at_every_level_plays_forced_order_to_its_end(name):
    """As the app drives them (game.coach.advice.bot_step): Win weighs the other seats, each scores the next box."""
    rs = ruleset(name, forced_order=True)
    adv = Advisor(rs)
    winning = Winning(adv)
    match = new_match(rs, [Seat.computer(level.value, level) for level in Level], seed=5)
    while not match.game_over:
        seat, card = match.player, match.cards[-1][match.player]
        if match.rolls_left < rs.rolls_per_turn:  # a decision is open: the Win seat has rivals to weigh
            assert match.seats[seat].level is not Level.WIN or advice.rivals(winning, match)
        for action in advice.bot_step(adv, match, match.seats[seat].level, winning):
            if isinstance(action, Score):
                assert action.category == rs.next_box(card.scores).id
            match = match.apply(action)
    assert all(list(card.scores) == [c.id for c in rs.categories] for card in match.cards[-1])


def _keep(match, faces):
    """Hold the kept faces, release the rest, and roll."""
    left = list(faces)
    for i, face in enumerate(match.dice):
        held = face in left
        if held:
            left.remove(face)
        if match.held[i] != held:
            match = match.hold(i, held)
    return match.roll()


# -- through the app, as the page drives it ----------------------------------------------------------------


def test_the_app_refuses_another_box_and_hints_without_fetching_a_table(monkeypatch):
    from game.app.events import CellPressed, Switch, Toggled
    from game.app.keys import SAVE_KEY
    from game.coach.session import Session
    from tests.helpers.app import after_ticks, notice, of, send, start, stores, visible

    monkeypatch.setattr(Advisor, "_read", lambda self, name: None)  # as in the browser: nothing read from disk
    rolled = new_match(ruleset("yatzy", forced_order=True), ["Ann"], seed=3).roll(faces=[2, 2, 5, 5, 6])
    app, _ = start(match=Session(rolled))
    after, effects = send(app, CellPressed("chance", 0))
    assert notice(effects) == "Ann cannot score Chance: in forced order this turn scores Ones"
    assert after.session == app.session and not stores(effects, SAVE_KEY)
    app, effects = send(app, Toggled(Switch.HINTS, True))
    assert not of(effects, "fetch")
    app, effects = after_ticks(app, effects, "hint")
    assert visible(effects, "hint")


def test_the_ending_gives_the_optimal_mean_of_forced_order(monkeypatch):
    """Forced order has no table (it is solved here), and its ending still gives the optimal player's exact mean."""
    from game.app.events import BoxChosen, read_timer
    from game.coach.session import Session
    from tests.helpers.app import ops, send, start, ticks

    monkeypatch.setattr(Advisor, "_read", lambda self, name: None)  # as in the browser: nothing read from disk
    match = new_match(ruleset("yatzy", forced_order=True), ["Ann"], seed=4)
    while len(match.open_categories()) > 1:
        match = match.roll()
        match = match.score(next(iter(match.options())))
    app, _ = start(match=Session(match.roll()))
    app, effects = send(app, BoxChosen(next(iter(app.session.match.options()))))
    app, more = send(app, *[read_timer(token) for token, _ in ticks(effects, "ending")])
    assert ops(more, "ending")  # the ending's context came; the numbers are the report's (How did I play?)
    from game.app.events import Button, Pressed

    app, effects = send(app, Pressed(Button.SHOW_REPORT))
    app, effects = send(app, *[read_timer(token) for token, _ in ticks(effects, "report")])
    assert "The optimal player averages 122.6 under these rules." in ops(effects, "report")[-1]["html"]
