"""The effects' value types (game.app.effects) against docs/protocol.md's Effects table, and the one writer
of an effect as the JSON list page.js reads: the doc and the code cannot drift apart."""

from __future__ import annotations

import json
import re
from dataclasses import FrozenInstanceError, fields
from pathlib import Path

import pytest

from game.app.effects import (
    EFFECTS,
    Apply,
    AskPersisted,
    Console,
    ConsoleLevel,
    DropQuery,
    Focus,
    Share,
    Store,
    Timer,
    to_json,
)
from game.app.ids import Answer, Asked, TimerKind, Token
from game.app.state import App, ask, tick
from game.app.view import confirm, painted
from game.core.i18n import ENGLISH
from game.present.ops import Op, SetText
from game.present.words import WORDS

ROOT = Path(__file__).resolve().parents[3]


def protocol_rows() -> list[tuple[str, tuple[str, ...]]]:
    """Each row of docs/protocol.md's Effects table: its kind and its arguments' names (the words before any
    note on their shape, such as "recipe (object)" or "words {msgid: text}")."""
    table = (ROOT / "docs/protocol.md").read_text(encoding="utf-8").split("## Effects", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \|([^|]*)\|", table, re.M)
    return [
        (kind, tuple(re.match(r"\s*(\w+)", arg)[1] for arg in args.split(",") if arg.strip())) for kind, args in rows
    ]


def test_the_protocols_effects_table_is_the_effect_types_kinds_and_fields_in_order():
    assert protocol_rows() == [(effect.KIND, tuple(field.name for field in fields(effect))) for effect in EFFECTS]


def test_each_effect_type_has_its_own_kind_and_is_a_frozen_value():
    assert len({effect.KIND for effect in EFFECTS}) == len(EFFECTS) == 21
    with pytest.raises(FrozenInstanceError):
        Store("k", "v").key = "other"


@pytest.mark.parametrize(
    ("effect", "sent"),
    [
        (Store("yacht-dice/setup", "{}"), ["store", "yacht-dice/setup", "{}"]),
        (tick(Token(TimerKind.HINT, 1), 0.25), ["tick", "hint:1", 250]),
        (painted([Op("notice", (SetText("Hi"),))]), ["apply", (("notice", {"text": "Hi"}),), None]),
        (AskPersisted(), ["persisted"]),
        (DropQuery(), ["dropQuery"]),
        (Console(ConsoleLevel.WARN, "import: bad"), ["console", "warn", "import: bad"]),
        (
            Share("Challenge", "Beat my 250", "https://example.org/"),
            ["share", "Challenge", "Beat my 250", "https://example.org/"],
        ),
        (Focus("roll-button"), ["focus", "roll-button"]),
    ],
)
def test_an_effect_is_sent_as_its_kind_then_its_fields_in_order(effect, sent):
    assert to_json(effect) == sent
    assert json.loads(json.dumps(to_json(effect))) == json.loads(json.dumps(sent))  # what the page reads


def test_the_helpers_build_the_typed_effects():
    assert tick(Token(TimerKind.COMPUTER, 3), 1.2) == Timer("computer:3", 1200)
    assert painted([Op("a", ())], {"dice": []}) == Apply((("a", {}),), {"dice": []})  # the one place ops are wired
    asking = ask(App(), Asked.LEAVE_MATCH, Answer.LEAVE).asking  # a fact of the App, worded by the view
    assert asking is not None and "Leave" not in repr(asking)
    asked = confirm(asking, ENGLISH)
    assert (asked.question, asked.yes, asked.answer) == (ENGLISH._(WORDS.leave_match), "Leave the match", "leave")
