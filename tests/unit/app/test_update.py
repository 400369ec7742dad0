"""game.app.update: one ``match`` over the message union, and one over each enum a message carries.

mypy proves each ``match`` complete (its last case is ``assert_never``); these tests say the same without mypy, read
with ``ast``: every message type, button, switch, answer and timer kind has a case of its own, so a new one without
a case fails here too, never falling through silently."""

from __future__ import annotations

import ast
import importlib
import typing
from enum import Enum
from pathlib import Path

import pytest

from game.app.events import Answer, Button, Message, Switch, TimerKind
from game.app.state import App, Until

update_module = importlib.import_module("game.app.update")  # game.app.update, the attribute, is the function
GAME_APP = Path(update_module.__file__).parent


def function(module: str, name: str) -> ast.FunctionDef:
    tree = ast.parse((GAME_APP / f"{module}.py").read_text())
    return next(node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == name)


def patterns(node: ast.AST) -> list[ast.pattern]:
    """Every pattern of the ``match`` statements in ``node``, the alternatives of an ``|`` each on its own."""
    found: list[ast.pattern] = []
    for match in (inner for inner in ast.walk(node) if isinstance(inner, ast.Match)):
        for case in match.cases:
            found += case.pattern.patterns if isinstance(case.pattern, ast.MatchOr) else [case.pattern]
    return found


def matched(node: ast.AST, unguarded: bool = True) -> set[str]:
    """The classes (``Start()``) and enum members (``Button.ROLL``) the matches in ``node`` have a case for; a
    guarded case counts only with ``unguarded`` False (it does not take every message of its kind)."""
    names: set[str] = set()
    for match in (inner for inner in ast.walk(node) if isinstance(inner, ast.Match)):
        for case in match.cases:
            if unguarded and case.guard is not None:
                continue
            for pattern in case.pattern.patterns if isinstance(case.pattern, ast.MatchOr) else [case.pattern]:
                if isinstance(pattern, ast.MatchClass) and isinstance(pattern.cls, ast.Name):
                    names.add(pattern.cls.id)
                elif isinstance(pattern, ast.MatchValue) and isinstance(pattern.value, ast.Attribute):
                    names.add(pattern.value.attr)
    return names


def ends_in_assert_never(node: ast.AST) -> bool:
    matches = [inner for inner in ast.walk(node) if isinstance(inner, ast.Match)]
    return bool(matches) and all(
        isinstance(last.pattern, ast.MatchAs)
        and last.pattern.pattern is None
        and any(
            isinstance(call, ast.Call) and getattr(call.func, "id", "") == "assert_never" for call in ast.walk(last)
        )
        for last in (match.cases[-1] for match in matches)
    )


def test_every_message_type_has_its_case():
    dispatch = function("update", "dispatch")
    assert {kind.__name__ for kind in typing.get_args(Message)} == matched(dispatch)
    assert ends_in_assert_never(dispatch)


@pytest.mark.parametrize(
    ("module", "name", "enum"),
    [
        ("update", "press", Button),
        ("update", "toggle", Switch),
        ("update", "answered", Answer),
        ("update", "wait_over", Until),
        ("ticks", "on_timer", TimerKind),
    ],
)
def test_every_member_has_its_case(module: str, name: str, enum: type[Enum]):
    handler = function(module, name)
    assert {member.name for member in enum} == matched(handler)
    assert ends_in_assert_never(handler)


def test_the_check_finds_a_missing_case():
    source = "def f(x):\n    match x:\n        case Button.ROLL:\n            pass\n        case _:\n            assert_never(x)\n"
    tree = ast.parse(source)
    assert matched(tree) == {"ROLL"} != {member.name for member in Button} and ends_in_assert_never(tree)
    assert not ends_in_assert_never(ast.parse("def f(x):\n    match x:\n        case 1:\n            pass\n"))


def test_an_unhandled_value_is_an_error_not_a_silent_no_op():
    """What no case takes reaches ``assert_never``, which raises (a bug), where ``.get`` on a table answered
    nothing."""
    with pytest.raises(AssertionError):
        update_module.dispatch(App(), object())  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        update_module.press(App(), "no-such-button")  # type: ignore[arg-type]
    assert len(patterns(function("update", "press"))) == len(Button) + 1  # one case each, and the wildcard


def test_a_caller_that_keeps_the_page_gets_the_same_answers_and_never_a_view_worked_out_twice():
    """``step`` (the shell's way in) with the page kept answers as ``update`` does, and hands back the page shown."""
    from game.app.events import Key, Pressed, Start, read_click
    from game.app.view import view

    messages = [
        Start(query=(("players", "Ann,Bob"),)),
        Key("r"),
        read_click(data=(("die", "1"),)),
        Key("r"),
        Pressed(Button.MENU_RULES),
        Pressed(Button.RULES_CLOSE),
        Pressed(Button.MENU_STATS),
    ]
    app = kept = App()
    shown = view(kept)
    for message in messages:
        assert message is not None
        app, effects = update_module.update(app, message, now="2026-11-24T10:00:00Z")
        kept, shown, answered = update_module.step(kept, shown, message, now="2026-11-24T10:00:00Z")
        assert (kept, answered) == (app, effects) and shown == view(kept)
    assert not kept.table.thrown  # the dice thrown in a draw are spent by update, never by the view
