"""Everything from outside (a link, a stored save, an imported file) is read by strict parsers that
never raise anything but their own error and never quote a whole hostile value back.

Together the fuzz tests below run more than 10,000 generated cases per run (see EXAMPLES), with
the hostile inputs found by hand pinned as explicit examples.
"""

from __future__ import annotations

import json
import string

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.coach.session import Session
from game.core.engine import new_match
from game.core.inputs import MAX_DEPTH, MAX_SAVE_BYTES, read_json, shorten
from game.core.refusals import GameError
from game.records import choices as setups
from game.records.backup import Backup
from game.records.history import History

EXAMPLES = {"link": 4_500, "save": 4_000, "backup": 2_000}
"""Generated cases per run, by parser: 10,500 in all."""
MESSAGE_CHARS = 400
"""No message about outside data is longer than this (a 5,000-digit value is quoted, not echoed)."""

PYTHON_WORDS = ("Traceback", "ValueError", "OverflowError", "TypeError", "KeyError", "SyntaxError", "invalid literal")
PARAMS = setups.START_PARAMS + ("utm_source", "")
DIGITS = "0123456789"
ODD = "³²¹٣੩໓\u00a0\u200b\x00'\"<>&%]}{[\\"
link_text = st.text(alphabet=st.sampled_from(list(DIGITS + string.ascii_letters + ",:=.-_ " + ODD)), max_size=40)
link_values = st.one_of(link_text, st.sampled_from(["³", "9" * 5000, "2:perfect", "5:easy", "x]", "1e400", ""]))
links = st.lists(st.tuples(st.sampled_from(PARAMS), link_values), max_size=8)


@settings(max_examples=EXAMPLES["link"], deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(links)
@example([("games", "³")])
@example([("players", "Ann"), ("cpu", "²:perfect")])
@example([("games", "9" * 5000)])
@example([("players", "Ann"), ("cpu", "5:easy")])
@example([("games", "2"), ("games", "3")])
@example([("rules", "x]")])
def test_any_link_gives_a_setup_or_short_problems(pairs):
    setup, problems = setups.parse_link(pairs)
    for problem in problems:
        assert len(problem.message) <= MESSAGE_CHARS, problem.message
        for leak in PYTHON_WORDS:  # Python's own words, unless the link itself said them
            assert leak not in problem.message or any(leak in value for _, value in pairs), problem.message
    if problems:
        return  # the setup screen lists them, with the form (see the e2e tests)
    try:
        session = setups.new_session(setup, problems)
    except ValueError as error:  # the setup screen shows it: it must be a sentence, not a dump
        assert len(str(error)) <= MESSAGE_CHARS
    else:
        assert 1 <= len(session.match.seats) <= 5
        assert all(seat.name for seat in session.match.seats)


def _real_save() -> dict:
    match = new_match("yahtzee", ["Ann", "Bob"], seed=7).roll().hold(1).roll().score("chance").roll()
    return json.loads(Session(match).to_json())


REAL = _real_save()
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, prefix + (index,))


PATHS = list(_paths(REAL))[1:]


def _mutated(path, value):
    data = json.loads(json.dumps(REAL))
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return json.dumps(data)


save_texts = st.one_of(
    st.builds(_mutated, st.sampled_from(PATHS), json_values),
    json_values.map(json.dumps),
    st.text(max_size=60),
    st.integers(1, 20_000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 20_000).map(lambda n: '{"a":' * n),
)


@settings(max_examples=EXAMPLES["save"], deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(save_texts)
@example("[" * 10_000 + "]" * 10_000)
@example('{"seed":"7","players":[1e400]}')
@example(json.dumps(REAL).replace('"seed":7', '"seed":1e400'))
@example("x" * (MAX_SAVE_BYTES + 1))
def test_any_stored_save_is_a_session_or_a_save_error(text):
    try:
        session = Session.from_json(text)
    except GameError as error:
        assert len(str(error)) <= 2 * MESSAGE_CHARS
    else:
        assert Session.from_json(session.to_json()).to_json() == session.to_json()


@settings(max_examples=EXAMPLES["backup"], deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=80), save_texts.map(str.encode)))
@example(b"\xff\xfe")
@example(b"[" * 100_000)
def test_any_imported_file_is_a_backup_or_a_save_error(data):
    for reader in (Backup.from_json, History.from_json):
        try:
            reader(data)
        except GameError as error:
            assert len(str(error)) <= 2 * MESSAGE_CHARS


def test_the_reader_checks_depth_before_parsing():
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    nested = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    try:
        read_json(nested)
    except GameError as error:
        assert f"at most {MAX_DEPTH}" in str(error)
    else:
        raise AssertionError("a save nested past MAX_DEPTH was parsed")


def test_a_save_too_large_to_be_real_is_refused_with_its_size():
    text = json.dumps({**REAL, "padding": "x" * MAX_SAVE_BYTES})
    try:
        Session.from_json(text)
    except GameError as error:
        assert "too large" in str(error) and str(MAX_SAVE_BYTES) in str(error)
    else:
        raise AssertionError("an oversized save was read")


def test_links_report_each_problem_once_and_briefly():
    setup, problems = setups.parse_link("?games=" + "9" * 5000 + "&games=2&players=Ann&cpu=5:easy")
    messages = [p.message for p in problems]
    assert messages[0] == "games='999999999999999999999999…' (5000 characters) is not a number of games from 1 to 6"
    assert messages[1] == "games is given more than once; the first value is used"
    assert messages[2].startswith("cpu: seat 5 is a computer, but only 1 player is named")
    assert setup.players == ("Ann",) and setup.games == 1
    assert shorten("³") == "'³'"
