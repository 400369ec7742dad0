"""The history of finished games (game.records.record, history, loading, backup): records from real matches, the
saved history, backups."""

from __future__ import annotations

import itertools
import json
import re
from datetime import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.coach.session import Session
from game.core import rules, variants
from game.core.cards import MAX_PLAYERS, NAME_LENGTH, Level, Seat, competition_ranks
from game.core.engine import new_match
from game.core.inputs import MAX_DEPTH, Trouble
from game.core.possible import achievable
from game.core.refusals import FlowError, QueryError, SaveError
from game.records.backup import BACKUP_FORMAT, Backup
from game.records.history import HISTORY_FORMAT, MAX_GAMES_KEPT, History
from game.records.loading import MAX_BACKUP_BYTES, parse_json
from game.records.record import ID_LENGTH, GameRecord, SeatRecord, game_id, record_game, shape_of, utc_time

ENDED = "2026-11-23T06:40:00Z"
RULESETS = (
    variants.ruleset("yacht"),
    variants.ruleset("yatzy"),
    variants.ruleset("yahtzee"),
    variants.ruleset("yahtzee", joker="free", upper_bonus=False),
    variants.ruleset("generalized", dice=3, sides=4),
)


def finished_match(ruleset="yacht", players=("Ann", "Bob"), seed=1, games=1):
    """A match played to the end of ``games`` games, each turn one roll and the first option."""
    match = new_match(ruleset, players, games=games, seed=seed)
    for game in range(games):
        if game:
            match = match.next_game()
        while not match.game_over:
            match = match.roll()
            match = match.score(next(iter(match.options())))
    return match


# ------------------------------------------------------------------------- record_game


def test_a_record_of_a_real_match_has_its_scores_totals_and_places():
    match = finished_match()
    record = record_game(match, 0, ENDED, undos=[0, 2], lost=[12.3456, None])
    assert record.totals == match.game_totals(0)
    assert record.places == competition_ranks(record.totals)
    assert record.seats == (SeatRecord("Ann", "human", None), SeatRecord("Bob", "human", None))
    for seat in range(2):
        card = match.scorecard(seat, 0)
        assert record.scores[seat] == card.scores
        assert list(record.scores[seat]) == [c.id for c in match.ruleset.categories]  # scorecard order
        assert record.upper_bonus[seat] == match.totals(seat, 0).upper_bonus
    assert record.yahtzee_bonus == (0, 0) and record.undos == (0, 2) and record.lost == (12.35, None)
    assert (record.title, record.rules, record.seed, record.game, record.ended) == (
        "Yacht",
        {"name": "yacht", "options": {}},
        1,
        0,
        ENDED,
    )
    assert re.fullmatch(f"[0-9a-f]{{{ID_LENGTH}}}", record.id), record.id


def test_the_id_is_stable_and_tells_games_apart():
    first = record_game(finished_match(seed=1), 0, ENDED, [0, 0], [None, None])
    again = record_game(finished_match(seed=1), 0, "2027-01-01T00:00:00Z", [3, 0], [1.0, 2.0])
    other = record_game(finished_match(seed=2), 0, ENDED, [0, 0], [None, None])
    renamed = record_game(finished_match(seed=1, players=("Ann", "Cy")), 0, ENDED, [0, 0], [None, None])
    assert first.id == again.id  # the same game: the same id, whatever else is recorded
    assert len({first.id, other.id, renamed.id}) == 3


def test_each_game_of_a_match_has_its_own_id_that_later_games_do_not_change():
    one = finished_match(games=1)
    two = finished_match(games=2)
    assert game_id(one, 0) == game_id(two, 0) == game_id(two.finish(), 0)
    assert game_id(two, 1) != game_id(two, 0)
    assert record_game(two, 1, ENDED, [0, 0], [None, None]).totals == two.game_totals(1)


def test_computers_have_a_level_and_no_points_lost():
    match = finished_match(players=("Ann", Seat.computer("Robo", "easy")))
    record = record_game(match, 0, ENDED, [1, 0], [3.0, 7.5])
    assert record.seats[1] == SeatRecord("Robo", "computer", "easy") and not record.seats[1].person
    assert record.lost == (3.0, None)


def test_the_yahtzee_bonus_is_recorded_and_counted():
    match = new_match("yahtzee", ["Ann"], seed=4)
    match = match.roll(faces=[6] * 5).score("yahtzee").roll(faces=[6] * 5).score("sixes")
    while not match.game_over:
        match = match.roll()
        match = match.score(next(iter(match.options())))
    record = record_game(match, 0, ENDED, [0], [None])
    assert record.yahtzee_bonus == (100,)
    assert record.totals == (match.totals(0, 0).grand_total,)
    assert History.from_json(History().add(record).to_json()).games == (record,)


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: record_game(new_match("yacht", ["Ann"], seed=1).roll(), 0, ENDED, [0], [None]), FlowError, "not over"),
        (lambda: record_game(finished_match(), 1, ENDED, [0, 0], [None, None]), QueryError, "no game 1"),
        (lambda: record_game(finished_match(), 0, ENDED, [0], [None, None]), ValueError, "one value per seat"),
        (lambda: record_game(finished_match(), 0, "yesterday", [0, 0], [None, None]), ValueError, "not a UTC time"),
        (lambda: record_game(finished_match(), 0, ENDED, [-1, 0], [None, None]), ValueError, "undos"),
        (lambda: record_game(finished_match(), 0, ENDED, [0, 0], [-1.0, None]), ValueError, "points lost"),
        (lambda: record_game(finished_match(), 0, ENDED, [0, 0], [float("nan"), None]), ValueError, "points lost"),
    ],
)
def test_record_game_refuses_what_is_not_a_finished_game(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_times_are_utc_to_the_second():
    assert utc_time("2026-11-23T06:40:00.999Z") == ENDED
    for bad in ("2026-11-23T06:40:00+01:00", "2026-02-30T00:00:00Z", "2026-11-23 06:40:00Z", 1700000000, None):
        with pytest.raises(ValueError):
            utc_time(bad)


# ------------------------------------------------------------------------- the history


def test_the_history_is_sorted_by_end_time_and_holds_each_game_once():
    late = record_game(finished_match(seed=1), 0, "2026-11-24T00:00:00Z", [0, 0], [None, None])
    early = record_game(finished_match(seed=2), 0, "2026-11-23T00:00:00Z", [0, 0], [None, None])
    history = History().add(late).add(early).add(late)
    assert history.games == (early, late) and len(history) == 2
    assert history.get(late.id) == late and history.get("f" * ID_LENGTH) is None
    assert history.without(early.id).games == (late,) and history.without("x") == history
    assert history.cleared() == History()


def test_a_game_recorded_twice_keeps_one_record_whichever_order_they_come_in():
    first = record_game(finished_match(), 0, "2026-11-23T00:00:00Z", [0, 0], [None, None])
    second = record_game(finished_match(), 0, "2026-11-24T00:00:00Z", [1, 0], [2.0, None])
    assert History((first, second)) == History((second, first)) == History((first,))


def test_the_oldest_games_go_beyond_the_most_kept(monkeypatch):
    import game.records.history as history_module

    monkeypatch.setattr(history_module, "MAX_GAMES_KEPT", 2)
    records = [
        record_game(finished_match(seed=s), 0, f"2026-11-2{s}T00:00:00Z", [0, 0], [None, None]) for s in (1, 2, 3)
    ]
    assert History(tuple(records)).games == tuple(records[1:])


def test_the_saved_history_is_compact():
    match = finished_match(players=("Ann", Seat.computer("Robo", "perfect")))
    record = record_game(match, 0, ENDED, [2, 0], [1.25, None])
    data = History().add(record).to_dict()
    assert data["format"] == HISTORY_FORMAT and data["version"] == 1
    assert data["rules"] == [{"name": "yacht", "options": {}}]
    ann, robo = data["games"][0][5]
    assert data["games"][0][:5] == [record.id, ENDED, 0, 1, 0]
    assert ann == ["Ann", None, list(record.scores[0].values()), 0, 2, 1.25]
    assert robo[:2] == ["Robo", "perfect"] and robo[4:] == [0, None]


def test_ten_thousand_games_take_under_three_megabytes():
    ann = [3, 8, 12, 16, 20, 24, 25, 18, 25, 30, 40, 50, 23]
    bob = [2, 6, 9, 12, 15, 18, 21, 0, 25, 30, 0, 0, 22]
    games = [
        [f"{n:016x}", ENDED, 0, 2**52 + n, 0, [["Ann", None, ann, 100, 1, 12.34], ["Bob", None, bob, 0, 0, 8.5]]]
        for n in range(10_000)
    ]
    data = {"format": HISTORY_FORMAT, "version": 1, "rules": [RULESETS[2].to_dict()], "games": games}
    text = History.from_dict(data).to_json()
    assert len(text.encode()) < 3_000_000


# ------------------------------------------------------------------------- properties

NAMES = ("Ann", "Bob", "Cy", "Zoë", "[{ x", 'A "q"', "x" * NAME_LENGTH)
IDS = tuple(f"{n:016x}" for n in range(6))  # few ids: the same game comes up again


def possible_card(ruleset):
    """A full card of scores some roll makes in each box (not necessarily one game's)."""
    return st.tuples(*(st.sampled_from(sorted(points)) for points in achievable(ruleset).boxes)).map(list)


@st.composite
def game_data(draw):
    table = draw(st.integers(0, len(RULESETS) - 1))
    shape = shape_of(RULESETS[table])
    seats = []
    for _ in range(draw(st.integers(1, MAX_PLAYERS))):
        level = draw(st.none() | st.sampled_from([level.value for level in Level]))
        points = draw(possible_card(shape.ruleset))
        amount = shape.ruleset.yahtzee_bonus_amount
        bonus = amount * draw(st.integers(0, shape.achievable.bonuses(points))) if amount else 0
        lost = None if level else draw(st.none() | st.floats(0, 500).map(lambda x: round(x, 2)))
        seats.append([draw(st.sampled_from(NAMES)), level, points, bonus, draw(st.integers(0, 9)), lost])
    ident = draw(st.sampled_from(IDS) | st.text("0123456789abcdef", min_size=16, max_size=16))
    ended = draw(st.datetimes(datetime(2000, 1, 1), datetime(2099, 12, 31))).strftime("%Y-%m-%dT%H:%M:%SZ")
    seed = draw(st.integers(0, 2**53 - 1) | st.text(max_size=64))
    return [ident, ended, table, seed, draw(st.integers(0, 5)), seats]


def history_from(games):
    return History.from_dict(
        {"format": HISTORY_FORMAT, "version": 1, "rules": [rs.to_dict() for rs in RULESETS], "games": games}
    )


histories = st.lists(game_data(), max_size=6).map(history_from)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(histories)
def test_export_import_export_is_identical(history):
    text = history.to_json()
    again = History.from_json(text)
    assert again == history and again.to_json() == text
    backup = Backup(history, None, {"players": ["Ann"]}, ENDED)
    assert Backup.from_json(backup.to_json()) == backup
    assert Backup.from_json(backup.to_json()).to_json() == backup.to_json()


@FAST
@given(histories)
def test_importing_twice_changes_nothing(history):
    imported = History.from_json(history.to_json())
    assert history.merge(imported) == history
    assert history.merge(imported).merge(imported) == history.merge(imported)


@FAST
@given(histories, histories, histories)
def test_merging_is_commutative_associative_and_idempotent(a, b, c):
    assert a.merge(b) == b.merge(a)
    assert a.merge(b).merge(c) == a.merge(b.merge(c))
    assert a.merge(a) == a and a.merge(b).merge(b) == a.merge(b)
    assert {record.id for record in a.merge(b).games} == {record.id for record in a.games + b.games}


@FAST
@given(st.sampled_from(RULESETS), st.data())
def test_the_loaded_totals_are_the_rule_sets(ruleset, data):
    shape = shape_of(ruleset)
    points = data.draw(possible_card(ruleset))
    bonus = ruleset.yahtzee_bonus_amount * data.draw(st.integers(0, 3))
    totals = ruleset.totals(dict(zip(shape.ids, points)), bonus)
    assert shape.totals(points, bonus) == (totals.grand_total, totals.upper_bonus)


# ------------------------------------------------------------------------- backups


def sample_session() -> Session:
    match = new_match("yahtzee", ["Ann", Seat.computer("Robo", "good")], games=2, seed=8).roll().hold(1)
    return Session(match, hints=frozenset({0}))


def sample_backup() -> dict:
    record = record_game(finished_match(), 0, ENDED, [0, 1], [4.5, None])
    return Backup(History().add(record), sample_session().to_dict(), {"rules": "yacht"}, ENDED).to_dict()


def test_a_backup_brings_back_the_history_the_game_in_progress_and_the_settings():
    data = sample_backup()
    text = json.dumps(data)
    backup = Backup.from_json(text)
    assert backup.to_dict() == data
    assert Session.from_dict(backup.session).match == sample_session().match
    assert backup.settings == {"rules": "yacht"} and backup.exported == ENDED
    assert len(backup.history) == 1 and Backup.from_json(text.encode()) == backup
    assert json.loads(Backup().to_json())["session"] is None


def changed(**changes) -> str:
    data = sample_backup()
    data.update(changes)
    return json.dumps(data)


def changed_game(index: int, value) -> str:
    data = sample_backup()
    data["history"]["games"][0][index] = value
    return json.dumps(data)


def changed_seat(index: int, value) -> str:
    data = sample_backup()
    data["history"]["games"][0][5][0][index] = value
    return json.dumps(data)


BAD = [
    ("", "not valid JSON"),
    ("{", "not valid JSON"),
    ('{"format": "yacht-dice/backup", "vers', "truncated"),
    (changed()[:-40], "truncated"),
    ("[1, 2]", "not a JSON object"),
    ('"backup"', "not a JSON object"),
    ('{"format": "yacht-dice/match", "version": 1}', "format is 'yacht-dice/match'"),
    ("{}", "format is None"),
    (changed(version=2), "newer version of the game \\(version 2\\)"),
    (changed(version="1"), "unsupported backup version '1'"),
    (changed(version=True), "unsupported backup version True"),
    (changed(version=0), "unsupported backup version 0"),
    ("[" * 10_000, "nests 10000 levels deep"),
    ('{"a":' * 100 + "1" + "}" * 100, "nests 100 levels deep"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"nests {MAX_DEPTH + 1} levels"),
    ("[" * MAX_DEPTH + "]" * MAX_DEPTH, "not a JSON object"),
    (" " * (MAX_BACKUP_BYTES + 1), "too large"),
    ("é" * (MAX_BACKUP_BYTES // 2 + 1), "too large"),
    (b"\xff\xfe", "not UTF-8"),
    (changed(settings={"x": float("nan")}), "NaN is not a number"),
    (changed(extra=1), "extra unknown"),
    (json.dumps({k: v for k, v in sample_backup().items() if k != "history"}), "history missing"),
    (changed(exported="now"), "export time"),
    (changed(settings=[]), "settings must be a JSON object"),
    (changed(settings={str(n): n for n in range(100)}), "100 settings"),
    (changed(settings={"x": "y" * 70_000}), "characters"),
    (changed(session={"format": "yacht-dice/session", "version": 2}), "game in progress cannot be restored"),
    (changed(session=[]), "game in progress cannot be restored"),
    (changed(history=[]), "not a Yacht Dice history"),
    (changed(history={"format": HISTORY_FORMAT, "version": 9, "rules": [], "games": []}), "newer version"),
    (changed(history={"format": HISTORY_FORMAT, "version": 1, "rules": [], "games": {}}), "games must be a list"),
    (changed(history={"format": HISTORY_FORMAT, "version": 1, "rules": {}, "games": []}), "rules must be a list"),
    (
        changed(history={"format": HISTORY_FORMAT, "version": 1, "rules": [{"name": "poker"}], "games": []}),
        "rule set 1 is unknown",
    ),
    (
        changed(history={"format": HISTORY_FORMAT, "version": 1, "rules": [], "games": [0] * (MAX_GAMES_KEPT + 1)}),
        f"{MAX_GAMES_KEPT + 1} games",
    ),
    (changed_game(0, "abc"), "id 'abc' is not 16 hex"),
    (changed_game(0, "ABCDEF0123456789"), "hex digits"),
    (changed_game(1, "2026-13-01T00:00:00Z"), "not a UTC time"),
    (changed_game(2, 1), "not one of the file's 1 rule sets"),
    (changed_game(2, True), "rules True"),
    (changed_game(3, -1), "seed -1"),
    (changed_game(3, 2**53), "seed"),
    (changed_game(3, "s" * 65), "seed"),
    (changed_game(4, 6), "game index 6"),
    (changed_game(5, []), "1 to 5 seats"),
    (changed_game(5, [["Ann", None, [0] * 12, 0, 0, None]] * 6), "1 to 5 seats"),
    (changed_game(5, "seats"), "1 to 5 seats"),
    (changed_game(5, [["Ann"]]), "seat 1 must be"),
    (changed_seat(0, "x" * (NAME_LENGTH + 1)), "seat 1's name"),
    (changed_seat(0, ""), "seat 1's name"),
    (changed_seat(0, " Ann"), "seat 1's name"),
    (changed_seat(0, ["Ann"]), "seat 1's name"),
    (changed_seat(1, "godlike"), "level 'godlike'"),
    (changed_seat(1, "human"), "level 'human'"),
    (changed_seat(2, [0] * 13), "points"),
    (changed_seat(2, [0] * 10 + [5, 51]), "points: 51 in Yacht is a score no roll makes in Yacht"),
    (changed_seat(2, [0] * 10 + [5, -1]), "points: -1 in Yacht"),
    (changed_seat(2, [0] * 12), "points: 0 in Choice"),
    (changed_seat(2, [0] * 11 + [True]), "points"),
    (changed_seat(2, [0] * 11 + [1.0]), "points"),
    (changed_seat(3, 100), "Yahtzee bonus 100 is impossible in Yacht"),
    (changed_seat(4, -1), "undos -1"),
    (changed_seat(5, "12"), "points lost '12'"),
    (changed_seat(5, 1e9), "points lost"),
]


@pytest.mark.parametrize("text, words", BAD, ids=[f"bad{n}" for n in range(len(BAD))])
def test_a_bad_backup_is_refused_with_a_message(text, words):
    with pytest.raises(SaveError, match=words) as caught:
        Backup.from_json(text)
    assert len(str(caught.value)) <= 300 and isinstance(caught.value, ValueError)


def test_a_computer_with_points_lost_or_an_impossible_bonus_is_refused():
    data = sample_backup()
    data["history"]["games"][0][5][1][5] = 3.0  # Bob, made a computer below
    data["history"]["games"][0][5][1][1] = "easy"
    with pytest.raises(SaveError, match="seat 2's points lost 3.0"):
        Backup.from_dict(data)
    data["history"]["games"][0][5][1][5] = None
    assert Backup.from_dict(data).history.games[0].seats[1] == SeatRecord("Bob", "computer", "easy")
    data["history"]["rules"] = [RULESETS[2].to_dict()]
    data["history"]["games"][0][5] = [["Ann", None, [0] * 12 + [5], 150, 0, None]]
    with pytest.raises(SaveError, match="Yahtzee bonus 150 is impossible in Yahtzee"):
        Backup.from_dict(data)


def test_brackets_inside_text_do_not_count_as_nesting():
    deep_text = {"note": "[" * 500 + '\\"{' * 100, "names": ["]]]]", "{{{{"]}
    backup = Backup.from_json(changed(settings=deep_text))
    assert backup.settings == deep_text
    assert parse_json('{"a": "\\\\"}') == {"a": "\\"}


def test_a_history_file_is_read_as_safely():
    with pytest.raises(SaveError, match="the history nests 10000 levels"):
        History.from_json("[" * 10_000)
    with pytest.raises(SaveError, match="not a Yacht Dice history"):
        History.from_json(json.dumps(sample_backup()))
    with pytest.raises(SaveError, match="must be JSON text"):
        History.from_json(None)  # type: ignore[arg-type]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def mutate(data, path, value):
    """``data`` with the value at ``path`` (a list of choices) replaced; the path stops where it can."""
    if not path or not isinstance(data, (dict, list)) or not data:
        return value
    keys = list(data) if isinstance(data, dict) else list(range(len(data)))
    key = keys[path[0] % len(keys)]
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[key] = mutate(data[key], path[1:], value)
    return copy


SAMPLE = sample_backup()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 50), max_size=8), JSON)
def test_a_damaged_backup_is_read_or_refused_with_a_save_error_only(path, value):
    text = json.dumps(mutate(SAMPLE, path, value))
    try:
        Backup.from_json(text)
    except SaveError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text() | JSON.map(json.dumps) | st.binary())
def test_any_text_is_read_or_refused_with_a_save_error_only(text):
    with pytest.raises(SaveError):
        Backup.from_json(text)


def test_the_demo_record_and_direct_values_agree_with_the_loader():
    record = History.from_json(
        History().add(record_game(finished_match(), 0, ENDED, [0, 0], [None, None])).to_json()
    ).games[0]
    assert isinstance(record, GameRecord) and record.winners == tuple(
        seat.name for seat, place in zip(record.seats, record.places) if place == 1
    )
    assert BACKUP_FORMAT == "yacht-dice/backup"


# ------------------------------------------------------------------------- impossible games

YAHTZEE = variants.ruleset("yahtzee")
YACHT = variants.ruleset("yacht")


def card(ruleset, **boxes):
    """A full card in scorecard order: the boxes named, the smallest score some roll makes elsewhere."""
    possible = achievable(ruleset).boxes
    return [boxes.get(c.id, min(points)) for c, points in zip(ruleset.categories, possible)]


def backup_of(ruleset, *seats) -> str:
    """A backup of one game of ``ruleset`` whose seats are (points, Yahtzee bonus)."""
    rows = [[f"P{n}", None, points, bonus, 0, None] for n, (points, bonus) in enumerate(seats, 1)]
    history = {
        "format": HISTORY_FORMAT,
        "version": 1,
        "rules": [ruleset.to_dict()],
        "games": [["0123456789abcdef", ENDED, 0, 1, 0, rows]],
    }
    return json.dumps({**Backup().to_dict(), "history": history})


def refused(text: str) -> SaveError:
    with pytest.raises(SaveError) as caught:
        Backup.from_json(text)
    return caught.value


def test_a_box_holding_what_no_roll_scores_there_is_refused_naming_the_game_and_the_box():
    error = refused(backup_of(YAHTZEE, (card(YAHTZEE), 0), (card(YAHTZEE, twos=7), 0)))
    assert str(error) == "history game 1: seat 2's points: 7 in Twos is a score no roll makes in Yahtzee"
    assert error.problem.trouble is Trouble.BAD_GAME
    assert error.problem.fields == {"number": 1, "seat": 2, "part": "points", "box": "twos"}
    assert error.problem.text() == "Game 1 (seat 2) is damaged or impossible."
    error = refused(backup_of(YACHT, (card(YACHT, yacht=49), 0)))
    assert str(error).endswith("seat 1's points: 49 in Yacht is a score no roll makes in Yacht")
    assert error.problem.fields["box"] == "yacht"
    Backup.from_json(backup_of(YACHT, (card(YACHT, twos=8, yacht=50), 0)))  # the same cards, possible


@pytest.mark.parametrize(
    "ruleset, boxes, words",
    [
        (YAHTZEE, {"full_house": 24}, "24 in Full House"),
        (YAHTZEE, {"large_straight": 30}, "30 in Large Straight"),
        (YAHTZEE, {"chance": 0}, "0 in Chance"),
        (YAHTZEE, {"three_of_a_kind": 4}, "4 in Three of a Kind"),
        (variants.ruleset("yatzy"), {"two_pairs": 4}, "4 in Two Pairs"),  # two pairs of different faces
        (variants.ruleset("yatzy"), {"small_straight": 20}, "20 in Small Straight"),
        (YACHT, {"four_of_a_kind": 10}, "10 in Four of a Kind"),
        (variants.ruleset("yahtzee", joker="none"), {"yahtzee": 0, "sixes": 31}, "31 in Sixes"),
        (variants.ruleset("generalized", dice=8, sides=4), {"small_straight": 1}, "1 in Small Straight"),
        # ten dice of six sides make no run of eight: only a joker fills Small Straight, and there is none
        (
            variants.ruleset("generalized", dice=10, sides=6, joker="none"),
            {"small_straight": 60},
            "60 in Small Straight",
        ),
        # too many rolls to enumerate: an upper box is still checked exactly, a lower box against its most
        (variants.ruleset("generalized", dice=10, sides=20), {"threes": 31}, "31 in Threes"),
        (variants.ruleset("generalized", dice=10, sides=20), {"chance": 201}, "201 in Chance"),
    ],
)
def test_impossible_points_in_each_kind_of_box_are_refused(ruleset, boxes, words):
    assert words in str(refused(backup_of(ruleset, (card(ruleset, **boxes), 0))))


def test_joker_values_are_possible_where_a_joker_may_go():
    for ruleset in (YAHTZEE, variants.ruleset("yahtzee", joker="free")):
        Backup.from_json(backup_of(ruleset, (card(ruleset, full_house=25, yahtzee=50), 0)))
    # ten dice of six sides make no run of eight: Small Straight pays its 60 only to a joker
    joker, none = (
        variants.ruleset("generalized", dice=10, sides=6),
        variants.ruleset("generalized", dice=10, sides=6, joker="none"),
    )
    assert 60 in achievable(joker).boxes[9] and achievable(none).boxes[9] == {0}
    Backup.from_json(backup_of(joker, (card(joker, small_straight=60), 0)))


def test_a_yahtzee_bonus_that_does_not_follow_from_the_boxes_is_refused():
    # the bonus is the one part of the totals a file holds: the rest is worked out from the boxes
    sixes = card(YAHTZEE, sixes=30, yahtzee=50)
    assert Backup.from_json(backup_of(YAHTZEE, (sixes, 100))).history.games[0].totals == (sum(sixes) + 100,)
    error = refused(backup_of(YAHTZEE, (card(YAHTZEE, sixes=30, yahtzee=0), 100)))
    assert "seat 1's Yahtzee bonus 100 does not follow from the boxes" in str(error)
    assert error.problem.fields["part"] == "yahtzee_bonus"
    # alike dice write 0 or 5 × a face in an upper box, their sum or a joker's points below: each bonus needs one such box
    few = card(
        YAHTZEE,
        ones=3,
        twos=8,
        threes=12,
        fours=16,
        fives=20,
        sixes=24,
        three_of_a_kind=17,
        four_of_a_kind=17,
        full_house=25,
        small_straight=30,
        large_straight=40,
        yahtzee=50,
        chance=23,
    )
    Backup.from_json(backup_of(YAHTZEE, (few, 300)))
    assert "Yahtzee bonus 400 does not follow" in str(refused(backup_of(YAHTZEE, (few, 400))))
    assert "Yahtzee bonus 100 is impossible in Yahtzee" in str(
        refused(backup_of(variants.ruleset("yahtzee", yahtzee_bonus=False), (sixes, 100)))
    )
    assert "Yahtzee bonus 0.0 is impossible" in str(refused(backup_of(YAHTZEE, (sixes, 0.0))))


def rule_sets_to_play():
    """Every rule set of the registry with every option combination shipped, and custom dice of many shapes."""
    shipped = [rs for v in variants.VARIANTS.values() for rs in v.shipped_tables()]
    shipped += [  # a rule set without tables (Maxi Yatzy), at each of its switches and choices
        v.ruleset(**dict(zip((o.name for o in v.options), values)))
        for v in variants.VARIANTS.values()
        if not v.tables and all(o.kind is not variants.OptionKind.NUMBER for o in v.options)
        for values in itertools.product(*(o.values for o in v.options))
    ]
    custom = [
        variants.ruleset("generalized", dice=dice, sides=sides, **options)
        for dice, sides in ((2, 2), (3, 4), (5, 6), (10, 6), (4, 12), (6, 20), (10, 20))
        for options in ({}, {"joker": "none", "upper_bonus": False}, {"joker": "free", "yahtzee_bonus": False})
    ]
    return shipped + custom


def test_a_real_game_is_imported_for_every_rule_set():
    assert {rs.name for rs in rule_sets_to_play()} == set(variants.VARIANTS)
    for ruleset in rule_sets_to_play():
        match = finished_match(ruleset, seed=5, games=2)
        records = [record_game(match, game, ENDED, [0, 0], [1.5, None]) for game in range(2)]
        text = Backup(History(tuple(records)), None, {}, ENDED).to_json()
        assert Backup.from_json(text).history.games == History(tuple(records)).games, ruleset


def test_the_fallback_for_many_rolls_only_widens_the_enumerated_scores(monkeypatch):
    for ruleset in (YAHTZEE, YACHT, variants.ruleset("yatzy"), variants.ruleset("generalized", dice=4, sides=8)):
        exact = achievable.__wrapped__(ruleset)
        monkeypatch.setattr("game.core.possible.MAX_ROLLS_ENUMERATED", 0)
        wide = achievable.__wrapped__(ruleset)
        monkeypatch.undo()
        assert exact.exact and not wide.exact and exact.alike == wide.alike
        for category, points, widened in zip(ruleset.categories, exact.boxes, wide.boxes):
            assert set(points) <= set(widened) and max(widened) == category.max_score
            if category.section is rules.Section.UPPER:
                assert points == widened


@st.composite
def played_games(draw):
    """A match of a drawn rule set played at random to its end: holds, rerolls, boxes, and alike dice now and then."""
    ruleset = draw(
        st.sampled_from(
            [v.ruleset() for v in variants.VARIANTS.values()] + [rs for rs in rule_sets_to_play() if rs.dice <= 6]
        )
    )
    players = draw(st.integers(1, 2))
    match = new_match(
        ruleset, [f"P{n}" for n in range(players)], games=draw(st.integers(1, 2)), seed=draw(st.integers(0, 99))
    )
    while True:
        while not match.game_over:
            if draw(st.integers(0, 5)) == 0:  # alike dice: bonus Yahtzees and jokers
                match = match.roll(faces=[draw(st.integers(1, ruleset.sides))] * ruleset.dice)
            else:
                match = match.roll()
                while match.can_roll and draw(st.booleans()):
                    kept = draw(
                        st.sets(st.integers(0, ruleset.dice - 1), max_size=ruleset.dice - 1)
                    )  # one die at least rolls
                    for index in match.holdable():
                        match = match.hold(index, index in kept)
                    match = match.roll()
            match = match.score(draw(st.sampled_from(sorted(match.options()))))
        if not match.more_games_planned:
            return match
        match = match.next_game()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(played_games())
def test_every_record_of_a_randomly_played_game_is_imported(match):
    records = tuple(
        record_game(match, game, ENDED, [0] * len(match.seats), [None] * len(match.seats))
        for game in range(len(match.cards))
    )
    history = History(records)
    assert History.from_json(history.to_json()) == history
    assert Backup.from_json(Backup(history).to_json()).history == history


@pytest.mark.parametrize(
    "ruleset",
    [
        YAHTZEE,
        YACHT,
        variants.ruleset("yatzy"),
        variants.ruleset("yahtzee", joker="none"),
        variants.ruleset("yahtzee", joker="free"),
        variants.ruleset("generalized", dice=3, sides=4),
        variants.ruleset("generalized", dice=7, sides=3),
    ],
    ids=repr,
)
def test_the_possible_points_are_exactly_what_rolls_and_jokers_write(ruleset):
    """Every sorted roll scored through the public API, and alike dice offered as jokers: nothing more, nothing less."""
    from itertools import combinations_with_replacement

    made = {c.id: set() for c in ruleset.categories}
    for roll in combinations_with_replacement(range(1, ruleset.sides + 1), ruleset.dice):
        for c in ruleset.categories:
            made[c.id].add(ruleset.score(c, roll))
    for face in range(1, ruleset.sides + 1):  # a joker: the Yahtzee box filled, the matching upper box too
        upper = next(c.id for c in ruleset.upper if ruleset.score(c, [face] * ruleset.dice))
        for box, points in ruleset.choices({ruleset.yahtzee_id: 0, upper: 0}, [face] * ruleset.dice).items():
            made[box].add(points)
    possible = achievable(ruleset)
    assert possible.exact and [set(points) for points in possible.boxes] == [made[c.id] for c in ruleset.categories]
