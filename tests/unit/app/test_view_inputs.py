"""The view's inputs are checked, not only listed (issue 56): every part of the App that ``view`` reads, through any
function of game/app it hands the App to, is among ``game.app.view.inputs``. The draw compares those inputs before and
after an answer and draws nothing when they are the same objects, so a part read but not listed would leave the page
behind the App. Read with ``ast`` (nothing runs): a function is followed where the App is passed to it by name."""

from __future__ import annotations

import ast
from pathlib import Path

import game.app

APP = Path(game.app.__file__).parent
RECORDS = {"visit", "table", "kept", "storage", "waiting", "counts", "statistics", "files", "givens"}
"""The App's fields that are records of their own: the view's reads of them are counted field by field."""


def functions() -> dict[str, list[ast.FunctionDef]]:
    """Every function of game/app (top level and the App's methods) by name."""
    found: dict[str, list[ast.FunctionDef]] = {}
    for path in sorted(APP.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                found.setdefault(node.name, []).append(node)
    return found


def chain(node: ast.expr, name: str) -> tuple[str, ...] | None:
    """``name.a.b`` as ("a", "b") (a record's field, or a field alone); None when ``node`` is no such read."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not (isinstance(node, ast.Name) and node.id == name) or not parts:
        return None
    parts.reverse()
    return tuple(parts[:2]) if parts[0] in RECORDS else tuple(parts[:1])


def app_names(function: ast.FunctionDef) -> set[str]:
    """The names the App goes by in ``function``: its parameters typed App (or named app), ``self`` in the App's own."""
    args = [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]
    return {
        arg.arg
        for arg in args
        if arg.arg in ("app", "self", "after") or (arg.annotation is not None and ast.unparse(arg.annotation) == "App")
    }


def readers() -> set[str]:
    """The App's properties (App.over, App.played, ...) and its one reader, ``value``: what they read is read."""
    tree = ast.parse((APP / "state.py").read_text())
    app = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "App")
    return {"value"} | {
        node.name
        for node in app.body
        if isinstance(node, ast.FunctionDef) and any(ast.unparse(d) == "property" for d in node.decorator_list)
    }


def read_by(start: str) -> set[tuple[str, ...]]:
    """The App's parts read by ``start`` and every function of game/app the App is handed to from there."""
    known = functions()
    methods = readers()  # the App's own properties and readers: followed into, as a helper is
    seen: set[str] = set()
    todo = [start]
    reads: set[tuple[str, ...]] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in known:
            continue
        seen.add(name)
        for function in known[name]:
            names = app_names(function) or {"app"}
            inner = {id(node.value) for node in ast.walk(function) if isinstance(node, ast.Attribute)}
            for node in ast.walk(function):
                for alias in names:
                    whole = isinstance(node, ast.Attribute) and id(node) not in inner  # app.a.b, not its app.a
                    if whole and (found := chain(node, alias)) is not None:
                        if found[0] in methods:
                            todo.append(found[0])
                        elif alias != "self" or name in methods:
                            reads.add(found)
                if isinstance(node, ast.Call):
                    passed = [*node.args, *(keyword.value for keyword in node.keywords)]
                    if any(isinstance(arg, ast.Name) and arg.id in names for arg in passed):
                        callee = node.func
                        todo.append(callee.attr if isinstance(callee, ast.Attribute) else getattr(callee, "id", ""))
    return reads


def listed() -> set[tuple[str, ...]]:
    """The inputs ``game.app.view.inputs`` lists, each as the parts it names."""
    tree = ast.parse((APP / "view.py").read_text())
    inputs = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "inputs")
    returned = next(node for node in ast.walk(inputs) if isinstance(node, ast.Return))
    assert isinstance(returned.value, ast.Tuple)
    return {found for element in returned.value.elts if (found := chain(element, "app")) is not None}


def covered(read: tuple[str, ...], inputs: set[tuple[str, ...]]) -> bool:
    """Whether a read part is an input, or inside one (a record read whole is covered only when listed whole)."""
    return any(read[: len(each)] == each for each in inputs)


def test_every_part_of_the_app_the_view_reads_is_one_of_its_inputs():
    reads, inputs = read_by("view"), listed()
    # The scan follows the view into its helpers, and into App.table to the screen that holds the table's state.
    assert ("session",) in reads and ("visit", "board") in reads and ("screen",) in reads
    missing = sorted(read for read in reads if not covered(read, inputs))
    assert missing == [], f"the view reads these parts of the App, which view.inputs does not list: {missing}"
    unread = sorted(each for each in inputs if not any(read[: len(each)] == each for read in reads))
    assert unread == [], f"view.inputs lists parts of the App the view never reads: {unread}"


def test_each_input_is_listed_once():
    tree = ast.parse((APP / "view.py").read_text())
    inputs = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "inputs")
    returned = next(node for node in ast.walk(inputs) if isinstance(node, ast.Return))
    assert isinstance(returned.value, ast.Tuple)
    listed = [ast.unparse(element) for element in returned.value.elts]
    assert len(listed) == len(set(listed)), sorted({each for each in listed if listed.count(each) > 1})
