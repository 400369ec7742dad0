"""Save and restore: exact round trips at any point, and ONE error (SaveError) for bad data."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest

from game.core.cards import Level, Seat
from game.core.engine import Match, new_match
from game.core.refusals import GameError, SaveError
from game.core.saves import SAVE_FORMAT, SCHEMA_VERSION, from_dict, from_json, to_dict, to_json

GOLDEN = Path(__file__).parents[2] / "data" / "engine_save_v1.json"


def sample_match() -> Match:
    """A two-game yahtzee match saved mid-turn in its second game, with holds."""
    match = new_match("yahtzee", ["Ann", Seat.computer("CPU", "easy")], games=2, seed=555)
    while not match.game_over:
        match = match.roll().hold(0).roll()
        match = match.score(next(iter(match.options())))
    match = match.next_game().roll().hold(1).hold(4).roll().hold(4, False)
    return match


SAMPLE = to_dict(sample_match())


def test_round_trip_at_every_step():
    match = new_match("yatzy", ["Ann", "Bob", "Cy"], games=2, seed=12)
    steps = [lambda m: m.roll(), lambda m: m.hold(2), lambda m: m.roll(faces=[1, 2, 3, 4]), lambda m: m.hold(2, False)]
    for turn in range(8):
        for step in steps[: 1 + turn % 4]:
            match = step(match)
            data = to_dict(match)
            restored = from_dict(json.loads(json.dumps(data)))
            assert restored == match and to_dict(restored) == data
        match = match.score(next(iter(match.options())))
        assert from_json(to_json(match)) == match


def test_the_next_roll_after_a_restore_equals_the_next_roll_without_one():
    match = sample_match()
    restored = from_json(to_json(match))
    assert (restored.seed, restored.draws) == (match.seed, match.draws)
    assert restored.dice == match.dice and restored.held == match.held and restored.rolls == match.rolls
    assert restored.roll().dice == match.roll().dice
    assert restored.score("chance").roll().dice == match.score("chance").roll().dice


def test_save_is_plain_json_with_a_version():
    data = to_dict(sample_match())
    assert data["version"] == SCHEMA_VERSION == 3 and data["format"] == SAVE_FORMAT == "yacht-dice/match"
    assert json.loads(json.dumps(data)) == data
    assert data["state"]["game"] == 1 and data["state"]["rolls"] == 2
    assert data["state"]["held"] == [False, True, False, False, False]
    assert data["seats"][1] == {"name": "CPU", "kind": "computer", "level": "easy"}
    assert all(isinstance(action, list) and isinstance(action[0], str) for action in data["actions"])
    assert data["actions"][-3:] == [["hold", 4, True], ["roll"], ["hold", 4, False]]
    assert to_json(sample_match()) == json.dumps(data, separators=(",", ":"))


def test_golden_save_still_loads_and_rolls_the_same():
    # A save written by version 1 of the format must keep loading, and replay to the same dice.
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    match = from_dict(data)
    assert to_dict(match) == data
    assert json.loads(to_json(match)) == data
    assert match.players == ("Ann", "CPU") and match.seats[1].level is Level.EASY
    assert match.dice == (2, 5, 6, 1, 3) and match.held == (False, True, False, True, False)
    assert match.roll().dice == (2, 5, 5, 1, 4)
    assert match.totals("CPU").grand_total == 50


def _set(path: str, value):
    """A mutation that sets ``data[path]`` (dotted path, list indices as ints)."""

    def mutate(data):
        *parents, last = path.split(".")
        target = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
        return data

    return mutate


def _delete(path: str):
    def mutate(data):
        *parents, last = path.split(".")
        target = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        del target[int(last) if isinstance(target, list) else last]
        return data

    return mutate


def _truncate_actions(data):
    data["actions"] = data["actions"][:-1]
    return data


def _append_action(action):
    def mutate(data):
        data["actions"].append(action)
        return data

    return mutate


def _prepend_action(action):
    def mutate(data):
        data["actions"].insert(0, action)
        return data

    return mutate


def _tamper_score(data):
    card = data["state"]["cards"][0][0]["scores"]
    first = next(iter(card))
    card[first] += 1
    return data


BAD = {
    "wrong version": _set("version", 4),
    "version zero": _set("version", 0),
    "version as text": _set("version", "1"),
    "version as bool": _set("version", True),
    "no version": _delete("version"),
    "wrong format": _set("format", "chess/game"),
    "no ruleset": _delete("ruleset"),
    "no seats": _delete("seats"),
    "no games": _delete("games"),
    "no seed": _delete("seed"),
    "no actions": _delete("actions"),
    "no state": _delete("state"),
    "extra field": _set("cheat", True),
    "unknown rule set": _set("ruleset.name", "chess"),
    "bad rule set option": _set("ruleset.options.joker", "wild"),
    "other rule set": _set("ruleset", {"name": "yatzy", "options": {}}),
    "ruleset not an object": _set("ruleset", "yahtzee"),
    "seats not a list": _set("seats", "Ann"),
    "no seats at all": _set("seats", []),
    "six seats": _set("seats", [{"name": f"P{i}", "kind": "human", "level": None} for i in range(6)]),
    "bad seat kind": _set("seats.0.kind", "alien"),
    "seat not an object": _set("seats.0", "Ann"),
    "seat extra key": _set("seats.0.age", 7),
    "unnormalized name": _set("seats.0.name", "  Ann  "),
    "human with a level": _set("seats.0.level", "easy"),
    "unknown computer level": _set("seats.1.level", "hard"),
    "computer level not a value": _set("seats.1.level", "EASY"),
    "games zero": _set("games", 0),
    "games seven": _set("games", 7),
    "games text": _set("games", "2"),
    "seed negative": _set("seed", -1),
    "seed float": _set("seed", 1.5),
    "seed null": _set("seed", None),
    "seed changed": _set("seed", 556),
    "actions not a list": _set("actions", {"0": ["roll"]}),
    "truncated actions": _truncate_actions,
    "no actions recorded": _set("actions", []),
    "illegal extra roll": _append_action(["roll", [1, 1, 1, 1]]),
    "score before roll": _prepend_action(["score", "chance"]),
    "hold before roll": _prepend_action(["hold", 0, True]),
    "impossible faces": _prepend_action(["roll", [7, 7, 7, 7, 7]]),
    "unknown action": _append_action(["jump"]),
    "action not a list": _append_action("roll"),
    "hold flag as int": _append_action(["hold", 2, 1]),
    "unknown die": _append_action(["hold", 9, True]),
    "finish mid game": _append_action(["finish"]),
    "impossible die": _set("state.dice.0", 7),
    "dice changed": _set("state.dice.2", 1),
    "too few dice": _set("state.dice", [1, 2, 3]),
    "held tampered": _set("state.held.0", True),
    "rolls used impossible": _set("state.rolls", 4),
    "rolls used changed": _set("state.rolls", 1),
    "draws tampered": _set("state.draws", 0),
    "wrong player": _set("state.player", 1),
    "no such player": _set("state.player", 5),
    "wrong game": _set("state.game", 0),
    "finished tampered": _set("state.finished", True),
    "tampered score": _tamper_score,
    "tampered bonus": _set("state.cards.0.0.yahtzee_bonus", 100),
    "extra category": _set("state.cards.1.0.scores.chance", 30),
    "missing game": _delete("state.cards.0"),
    "tampered last scored": _set("state.last_scored.points", 99),
    "missing state key": _delete("state.dice"),
    "extra state key": _set("state.round", 3),
    "state not an object": _set("state", []),
    "not plain json": _set("seed", math.nan),
    "non-json value": _set("state.dice", {1, 2}),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_data_raises_one_save_error(name):
    data = BAD[name](copy.deepcopy(SAMPLE))
    with pytest.raises(SaveError) as info:
        from_dict(data)
    assert isinstance(info.value, GameError) and str(info.value)


@pytest.mark.parametrize("data", [None, [], "save", 42, b"{}", {}])
def test_not_a_save_at_all(data):
    with pytest.raises(SaveError):
        from_dict(data)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        json.dumps(SAMPLE)[:-1],
        json.dumps(SAMPLE)[: len(json.dumps(SAMPLE)) // 2],
        "null",
        "[1, 2]",
        b"\xff\xfe",
        "[" * 100000,
    ],
)
def test_truncated_or_broken_json_text(text):
    with pytest.raises(SaveError):
        from_json(text)


def test_a_tampered_score_is_caught_even_when_totals_stay_consistent():
    data = copy.deepcopy(SAMPLE)
    scores = data["state"]["cards"][0][1]["scores"]
    categories = list(scores)
    scores[categories[0]], scores[categories[1]] = scores[categories[1]], scores[categories[0]]
    if scores[categories[0]] == scores[categories[1]]:  # pragma: no cover - depends on the sample
        scores[categories[0]] += 1
    with pytest.raises(SaveError, match="does not match its recorded actions"):
        from_dict(data)


def test_inputs_that_replay_identically_are_accepted():
    # Seats and the planned number of games are inputs, not results: a save that changes them
    # describes another valid match (nothing in the state contradicts it).
    data = copy.deepcopy(SAMPLE)
    data["seats"][0]["name"] = "Eve"
    data["games"] = 3
    match = from_dict(data)
    assert match.players == ("Eve", "CPU") and match.games == 3


def test_refused_restore_leaves_the_input_untouched():
    data = _tamper_score(copy.deepcopy(SAMPLE))
    snapshot = copy.deepcopy(data)
    with pytest.raises(SaveError):
        from_dict(data)
    assert data == snapshot
