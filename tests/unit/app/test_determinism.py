"""A deterministic update: nothing in game/ outside game/shell reads the clock or the system's randomness, the
same App and event give the same result, and a table that arrives gives new values (older Apps keep theirs).

The clock and the entropy come in the page's messages (docs/protocol.md: every message's ``now``, the start's
``entropy``); game.app.table.new_seed derives each new match's seed from them.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.events import (
    BoxChosen,
    Button,
    DieToggled,
    Fetched,
    Pressed,
    Start,
    Submit,
    TimerFired,
    TimerKind,
    read_timer,
)
from game.app.keys import Wanted
from game.app.state import App
from game.app.update import update
from game.coach.session import Session
from game.core.engine import new_match
from game.present import board_view
from tests.helpers.app import NOW, of, send, table_bytes, ticks

ROOT = Path(__file__).resolve().parents[3]
GAME = ROOT / "game"

CLOCK_AND_CHANCE = frozenset(
    {
        *(
            f"time.{name}{ns}"
            for name in ("time", "monotonic", "perf_counter", "process_time", "thread_time", "clock_gettime")
            for ns in ("", "_ns")
        ),
        "time.localtime",
        "time.gmtime",
        "time.ctime",
        "time.asctime",
        "time.strftime",
        "datetime.datetime.now",
        "datetime.datetime.utcnow",
        "datetime.datetime.today",
        "datetime.date.today",
        "random.SystemRandom",
        "os.urandom",
        "os.getrandom",
        "uuid.uuid1",
        "uuid.uuid4",
        "uuid.getnode",
    }
)
"""What reads the clock or the system's randomness (besides ``secrets``, the global generator and an unseeded Random)."""

SEEDED = "random.Random"  # a generator of its own: allowed with a seed (an argument), never without one


def qualified_names(tree: ast.Module) -> dict[str, str]:
    """Each name the module's imports bind (anywhere in it), to the dotted name it stands for."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                root = alias.name.partition(".")[0]  # "import os.path" binds os
                names[alias.asname or root] = alias.name if alias.asname else root
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


def dotted(node: ast.expr, names: dict[str, str]) -> str | None:
    """The dotted name an expression (``a.b.c``) stands for, where its root is an imported name."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in names:
        return None
    return ".".join([names[node.id], *reversed(parts)])


def offences(source: str) -> list[str]:
    """Every use of the clock or the system's randomness in a module's source, as ``line: what``.

    >>> offences("import random\\nrandom.Random(3)\\nrng: random.Random")
    []
    >>> offences("from random import Random, choice\\nRandom()\\nchoice([1])")
    ['2: random.Random() without a seed', '3: random.choice']
    """
    tree = ast.parse(source)
    names = qualified_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found += [f"{node.lineno}: import {module}" for module in modules if module.partition(".")[0] == "secrets"]
            continue
        if not isinstance(node, (ast.Attribute, ast.Name)) or not isinstance(node.ctx, ast.Load):
            continue
        name = dotted(node, names)
        if name is None:
            continue
        if name in CLOCK_AND_CHANCE or (name.startswith("random.") and name.count(".") == 1 and name != SEEDED):
            found.append(f"{node.lineno}: {name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and dotted(node.func, names) == SEEDED and not node.args and not node.keywords:
            found.append(f"{node.lineno}: random.Random() without a seed")
    return sorted(set(found), key=lambda line: int(line.partition(":")[0]))


def game_modules() -> list[Path]:
    """Every module of game/ but the shell's (the shell talks to the page: it may read the clock)."""
    return sorted(path for path in GAME.rglob("*.py") if "shell" not in path.relative_to(GAME).parts)


@pytest.mark.parametrize("path", game_modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_of_the_game_reads_the_clock_or_the_systems_randomness(path):
    assert offences(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("source", "offence"),
    [
        ("import time\ntime.time()", "time.time"),
        ("import time as clock\nclock.perf_counter_ns()", "time.perf_counter_ns"),
        ("from time import monotonic\nmonotonic()", "time.monotonic"),
        ("from datetime import datetime\ndatetime.now()", "datetime.datetime.now"),
        ("import datetime\ndatetime.datetime.utcnow()", "datetime.datetime.utcnow"),
        ("from datetime import date\ndate.today()", "datetime.date.today"),
        ("import random\nrandom.SystemRandom().random()", "random.SystemRandom"),
        ("import random\nrandom.randint(1, 6)", "random.randint"),
        ("from random import shuffle\nshuffle([])", "random.shuffle"),
        ("import random\nrandom.Random()", "random.Random() without a seed"),
        ("import os\nos.urandom(8)", "os.urandom"),
        ("import secrets", "import secrets"),
        ("from secrets import token_hex", "import secrets"),
        ("import uuid\nuuid.uuid4()", "uuid.uuid4"),
    ],
)
def test_each_way_to_read_the_clock_or_the_systems_randomness_is_found(source, offence):
    assert [line.partition(": ")[2] for line in offences(source)] == [offence]


def test_what_reads_neither_is_let_be():
    source = (
        "import random\nfrom datetime import datetime, date\n"
        "random.Random(7).random()\ndatetime.fromisoformat('2026-11-24')\ndate(2026, 11, 24)\n"
        "def today(now): return now\ntoday('x')"
    )
    assert offences(source) == []


# ----------------------------------------------------------------------------- update is a function


EVENTS = st.lists(
    st.sampled_from(
        [
            Pressed(Button.ROLL),
            DieToggled(0),
            BoxChosen("choice"),
            BoxChosen("yacht"),
            Pressed(Button.UNDO),
            Pressed(Button.NEW_MATCH),
            Pressed(Button.QUICK_SOLO),
            Pressed(Button.QUICK_COMPUTER),
            Pressed(Button.PLAY_AGAIN),
            Submit((("rules", "yacht"), ("players", "Ann"))),
            TimerFired(TimerKind.COMPUTER, 1),
            TimerFired(TimerKind.PREFETCH, 1),
        ]
    ),
    max_size=12,
)


def started(entropy: str, query: tuple = ()) -> App:
    app, _ = update(App(), Start(query=query, entropy=entropy), NOW)
    return app


def twice(app: App, event, now: str = NOW):
    """``update`` of the same App and event twice over (an update that changed the App in place would differ)."""
    return update(app, event, now), update(app, event, now)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(EVENTS, st.sampled_from(["", "AnnAnn", "BobBob"]))
def test_the_same_app_and_event_give_the_same_app_and_effects(events, entropy):
    app = started(entropy, (("rules", "yacht"), ("players", "Ann,Cy"), ("cpu", "2:easy")))
    for event in events:
        first, second = twice(app, event)
        assert first == second, event
        app, effects = first
        for token, _ in ticks(effects, "computer"):  # the computer's turns too, one action a tick
            first, second = twice(app, read_timer(token))
            assert first == second
            app = first[0]


def finished_solo(entropy: str) -> App:
    """An App whose solo Yacht match is over (its results on the board)."""
    app = started(entropy, (("rules", "yacht"), ("players", "Ann")))
    for box in app.session.match.open_categories():
        app, _ = send(app, Pressed(Button.ROLL), BoxChosen(box))
    assert board_view.match_over(app.session.match)
    return app


def test_play_again_from_equal_apps_gives_equal_seeds_and_each_time_a_new_one():
    app = finished_solo("AnnAnn")
    (one, _), (two, _) = twice(app, Pressed(Button.PLAY_AGAIN))
    assert one.session.match.seed == two.session.match.seed != app.session.match.seed
    again = finished_solo("AnnAnn")
    for box in one.session.match.open_categories():
        one, _ = send(one, Pressed(Button.ROLL), BoxChosen(box))
    third, _ = send(one, Pressed(Button.PLAY_AGAIN))
    assert third.session.match.seed not in (one.session.match.seed, app.session.match.seed)
    assert again == app  # the same start and clicks: the same App, seed and all


def test_two_phones_starting_the_same_match_at_once_get_different_dice():
    quick = [Pressed(Button.QUICK_SOLO)]
    ann, _ = send(started("AnnAnn"), *quick)
    bob, _ = send(started("BobBob"), *quick)
    assert ann.session.match.seed != bob.session.match.seed


def test_a_browser_without_entropy_still_gets_a_new_seed_at_each_match():
    app, _ = send(started(""), Pressed(Button.QUICK_SOLO))
    first = app.session.match.seed
    app, _ = send(app, Pressed(Button.MENU_NEW), Pressed(Button.QUICK_SOLO))
    assert app.session.match.seed != first
    later, _ = update(started(""), Pressed(Button.QUICK_SOLO), "2026-11-24T10:00:01Z")
    assert later.session.match.seed != first  # a second later: another seed


def test_a_new_match_from_a_link_without_a_seed_gets_the_apps():
    one = started("AnnAnn", (("rules", "yacht"), ("players", "Ann")))
    two = started("BobBob", (("rules", "yacht"), ("players", "Ann")))
    assert one.session.match.seed != two.session.match.seed and (one.counts.seeds, two.counts.seeds) == (1, 1)


def test_a_match_without_a_seed_outside_the_app_is_derived_from_its_setup():
    assert new_match("yacht", ["Ann"]).seed == new_match("yacht", ["Ann"]).seed != new_match("yacht", ["Bob"]).seed


# ----------------------------------------------------------------------------- tables arrive as new values


def waiting_for_a_table() -> tuple[App, list]:
    """A match against a Perfect computer at its first turn, whose table the App asked for."""
    app = started("AnnAnn", (("rules", "yacht"), ("players", "Ann,Cy"), ("cpu", "2:perfect")))
    app, _ = send(app, Pressed(Button.ROLL))
    return send(app, BoxChosen(next(iter(app.session.match.options()))))  # Cy's turn: its table


@pytest.mark.usefixtures("in_browser")
def test_a_table_that_arrives_leaves_the_app_before_it_as_it_was():
    app, effects = waiting_for_a_table()
    coach = app.session.coach
    assert coach.needs_table() == "yacht.bin" and [name for name, _ in of(effects, "fetch")] == ["yacht.bin"]
    after, _ = send(app, Fetched(Wanted.table("yacht.bin"), table_bytes("yacht.bin")))
    assert after.session.coach.needs_table() is None and after.session.coach.advisor.has_table()
    assert app.session.coach is coach and coach.needs_table() == "yacht.bin" and not coach.advisor.has_table()
    assert app == waiting_for_a_table()[0]  # the same events again: the same App


@pytest.mark.usefixtures("in_browser")
def test_a_table_that_could_not_come_gives_a_coach_that_estimates_and_leaves_the_old_one():
    app = started("AnnAnn", (("rules", "yacht"), ("players", "Ann")))
    session = replace(app.session, hints=frozenset({0}))
    app = replace(app, session=session)
    assert session.coach.needs_table() == "yacht.bin"
    after, _ = send(app, Fetched(Wanted.table("yacht.bin"), None))
    assert after.session.coach.needs_table() is None and session.coach.needs_table() == "yacht.bin"


@pytest.mark.usefixtures("in_browser")
def test_a_coach_loaded_gives_a_new_one_and_another_rule_sets_table_is_refused():
    session = Session(new_match("yacht", ["Ann"], seed=1))
    coach = session.coach
    loaded = coach.loaded(table_bytes("yacht.bin"), "yacht.bin")
    assert loaded is not coach and loaded.advisor.has_table() and not coach.advisor.has_table()
    spread = loaded.loaded(table_bytes("yacht.sd.bin"), "yacht.sd.bin")
    assert spread.needs_spread() is None and loaded.needs_spread() == "yacht.sd.bin"
    wrong = coach.loaded(table_bytes("yahtzee.bin"), "yacht.bin")  # another rule set's bytes: it estimates
    assert wrong.needs_table() is None and not wrong.advisor.has_table() and coach.needs_table() == "yacht.bin"
