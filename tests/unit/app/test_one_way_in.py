"""Outside data has one way in: the strict reader, and a start survives anything storage holds.

Every value read from storage, a file, a link or a fetched file goes through ``game.core.inputs.read_json``
(bounded in size and depth, no NaN or infinities): no ``json.loads`` or ``json.load`` anywhere else in
``game/``. And a start over any stored values (deep, huge, truncated, of the wrong type, from a future
version) ends ready on a screen a person can use, with every original value still in storage or kept
aside (issue 36: nothing lost, nothing stuck).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from urllib.parse import parse_qsl

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.effects import Download, Ready, Remove, Store
from game.app.events import Button, Pressed, Start
from game.app.keys import HINTED_KEY, HISTORY_KEY, KEPT_PREFIX, SAVE_KEY, SETUP_KEY, STORED_KEYS, UNREADABLE_KEY
from game.app.state import App, Screen
from game.app.update import update
from game.coach.session import Session
from game.core.engine import new_match
from game.records.history import History
from game.records.record import session_record

GAME = Path(__file__).resolve().parents[3] / "game"
READER = GAME / "core" / "inputs.py"
NOW = "2026-11-24T10:00:00Z"


def json_reads(path: Path) -> list[int]:
    """The lines of ``path`` that call json.loads or json.load (as attributes of any name bound to json)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name == "json"
    }
    direct = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "json"
        for alias in node.names
        if alias.name in ("loads", "load")
    }
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (
            (
                isinstance(node.func, ast.Attribute)
                and node.func.attr in ("loads", "load")
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in names
            )
            or (isinstance(node.func, ast.Name) and node.func.id in direct)
        )
    ]


def test_only_the_strict_reader_parses_json():
    found = {
        str(path.relative_to(GAME.parent)): lines
        for path in sorted(GAME.rglob("*.py"))
        if path != READER and (lines := json_reads(path))
    }
    assert found == {}
    assert json_reads(READER)  # the check sees the reader's own call (it would pass on a check that sees nothing)


def test_the_check_finds_each_spelling(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("import json as j\nfrom json import loads\nj.load(f)\nloads(t)\nj.dumps(x)\n")
    assert json_reads(path) == [3, 4]


# ----------------------------------------------------------------------------- any stored value at start


def finished_history() -> str:
    match = new_match("yacht", ["Ann"], seed=5)
    for box in match.open_categories():
        match = match.roll().score(box)
    return History().add(session_record(Session(match), 0, NOW)).to_json()


def hostile(good: str) -> st.SearchStrategy[str]:
    """A stored value as a careless or hostile visitor leaves it: deep, huge, cut short, of the wrong
    type, from a future version, garbage, or the good one."""
    return st.one_of(
        st.just(good),
        st.just(good[: len(good) // 2]),
        st.just("[" * 10_000 + "]" * 10_000),
        st.just('{"a":' * 3_000 + "1" + "}" * 3_000),
        st.just("x" * 1_500_000),
        st.just("[]"),
        st.just("null"),
        st.just('{"format": "yacht-dice/history", "version": 99}'),
        st.just('{"format": "yacht-dice/session", "version": 99}'),
        st.just("\ud800{"),
        st.text(max_size=40),
    )


GOOD = {
    SAVE_KEY: Session(new_match("yacht", ["Ann"], seed=3).roll()).to_json(),
    HISTORY_KEY: finished_history(),
    SETUP_KEY: json.dumps({"rules": "yacht", "count": "1", "name1": "Ann"}),
    UNREADABLE_KEY: "{an old copy",
    HINTED_KEY: json.dumps(["Ann", "Bob"]),
}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    values=st.fixed_dictionaries({}, optional={key: hostile(good) for key, good in GOOD.items()}),
    link=st.sampled_from(["", "players=Bob&rules=yatzy", "players=" + "B" * 5000]),
)
def test_a_start_over_any_stored_values_ends_ready_and_loses_nothing(values, link):
    event = Start(tuple(values.items()), query=tuple(parse_qsl(link, keep_blank_values=True)))
    app, effects = update(App(), event, now=NOW)
    assert isinstance(effects[-1], Ready)
    assert app.screen.kind in (Screen.SETUP, Screen.PLAY, Screen.SAVE_PROBLEM, Screen.LINK_CHOICE)
    stored = dict(values)
    for effect in effects:
        match effect:
            case Store(key, value):
                assert key in STORED_KEYS or key.startswith(KEPT_PREFIX)
                stored[key] = value
            case Remove(key):
                stored.pop(key, None)
    for key, value in values.items():  # in its place, or kept aside
        assert stored.get(key) == value or value in [v for k, v in stored.items() if k.startswith(KEPT_PREFIX)], key


# ----------------------------------------------------------------------------- every limit both ways


def test_b7_a_link_with_huge_names_starts_a_match_whose_backup_imports():
    """B7: five 20,000-character names in a link are cut to the form's limit, so what the game then
    writes (the remembered setup, the backup) is within what it reads back."""
    from game.app.events import Submit
    from game.records.backup import Backup
    from game.records.choices import form_values, parse_link

    link = "players=" + ",".join(ch * 20_000 for ch in "ABCDE") + "&rules=yatzy"
    setup, problems = parse_link(link)
    assert problems == () and all(len(name) == 32 for name in setup.players)
    fields = tuple(form_values(setup).items())
    app, _ = update(App(), Start(query=tuple(parse_qsl(link)), form=fields), now=NOW)
    app, effects = update(app, Submit(fields), now=NOW)
    remembered = {effect.key: effect.value for effect in effects if isinstance(effect, Store)}[SETUP_KEY]
    assert len(remembered) < 4_000
    app, effects = update(app, Pressed(Button.EXPORT_BACKUP), now=NOW)
    (download,) = [effect for effect in effects if isinstance(effect, Download)]
    assert Backup.from_json(download.text).settings["setup"]["name1"] == "A" * 32


def test_b7_the_largest_legal_setup_is_remembered_and_read_back():
    """Every seat named with the longest name of the widest characters, the longest seed: the form's
    choices are remembered within the reader's bound and read back the same."""
    from game.app.events import Submit
    from game.app.storage import remembered_fields
    from game.core.cards import MAX_PLAYERS, NAME_LENGTH
    from game.core.inputs import MAX_SETTINGS_BYTES
    from game.records.choices import SEED_LENGTH, Setup, form_values

    setup = Setup(
        rules="yahtzee", players=tuple("😀" * NAME_LENGTH for _ in range(MAX_PLAYERS)), seed="9" * SEED_LENGTH
    )
    fields = tuple(form_values(setup).items())
    app, _ = update(App(), Start(form=fields), now=NOW)
    app, effects = update(app, Submit(fields), now=NOW)
    remembered = {effect.key: effect.value for effect in effects if isinstance(effect, Store)}[SETUP_KEY]
    assert len(remembered.encode()) <= MAX_SETTINGS_BYTES
    assert remembered_fields(app) == dict(fields)


def test_b7_the_largest_legal_history_and_match_fit_the_backup_the_game_reads():
    """MAX_GAMES_KEPT games of the most seats with the longest names of the widest characters, the
    largest match save and the largest settings: the backup the game exports is one it imports."""
    from game.core.cards import MAX_PLAYERS, NAME_LENGTH
    from game.core.inputs import MAX_SAVE_BYTES
    from game.records.backup import MAX_SETTINGS_CHARS
    from game.records.history import MAX_GAMES_KEPT
    from game.records.loading import MAX_BACKUP_BYTES

    def largest(seed: int):
        names = [chr(0x1F600 + seat) * (NAME_LENGTH - 1) + str(seat) for seat in range(MAX_PLAYERS)]
        match = new_match("yahtzee", names, seed=seed)
        while not match.game_over:
            match = match.roll().roll().roll().score(match.open_categories()[0])
        return session_record(Session(match), 0, NOW)

    one, two = (len(History(tuple(largest(seed) for seed in range(n))).to_json().encode()) for n in (1, 2))
    history = one + (two - one) * (MAX_GAMES_KEPT - 1)
    assert history + MAX_SAVE_BYTES + 4 * MAX_SETTINGS_CHARS + 1024 <= MAX_BACKUP_BYTES, history
