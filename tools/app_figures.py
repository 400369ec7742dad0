"""The app layer's figures (issue 56), read with ``ast`` (nothing is imported): ``python -m tools.app_figures``;
with ``--trace``, ``--remove-a-case`` or ``--coverage``, the figures that run code instead (tools.app_measures).

- App fields: the fields of game.app.state.App;
- worded fields: the model's fields (App, its screens and parts) that a handler fills with text or markup: a keyword
  of ``replace``, ``say`` or a model class whose value calls into game.present or a catalogue (``t._``, ``t.n_``);
  (form, seats and undo_allowed were counted while their handlers called game.present.setup and .you: they hold
  facts, the form's values as typed, seat names and a flag, made by game.records.choices and game.coach.names now);
- model fields typed with ``str`` (a type scan of the model's classes, listed for a reader to judge);
- present imports from update's handlers: names imported from game.present by game/app outside its view (VIEWS);
- lines of game/app/__init__.py;
- ``Any`` in game/app;
- ``match`` statements, and those with ``assert_never``;
- screen tests (``.kind is Screen.X`` or ``is not``) left beside the union;
- lambdas in game/app;
- module names shared across layers (the same name in two layers' packages).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "game" / "app"
VIEWS = {"view.py", "page.py", "wording.py"}
"""The app's view (``view``, the page and its diff, the words of the model's facts): present is reached from these."""
LAYERS = ("core", "coach", "records", "present", "app", "shell")


def trees() -> dict[str, ast.Module]:
    return {path.name: ast.parse(path.read_text()) for path in sorted(APP.glob("*.py"))}


def app_fields(tree: ast.Module) -> list[str]:
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "App":
            return [
                item.target.id
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            ]
    return []


SCREENS = ("LoadingScreen", "SetupScreen", "PlayScreen", "SaveProblem", "LinkChoice", "TrainerScreen")
"""game.app.state.Shown's variants: the records they hold are counted too (the table's state is the play screen's)."""


def records(all_trees: dict[str, ast.Module], holders: tuple[str, ...] = ("App",)) -> dict[str, int]:
    """The fields of ``holders`` (the App, or its screens) that are records of the model's own (their class in
    state.py, parts.py or facts.py), with their fields: what the App holds is counted honestly, not only its top
    level. A screen's are named by their holder (PlayScreen.table)."""
    classes = {
        node.name: sum(isinstance(item, ast.AnnAssign) for item in node.body)
        for name in ("state.py", "facts.py", "parts.py")
        for node in all_trees[name].body
        if isinstance(node, ast.ClassDef)
    }
    found = {}
    for node in all_trees["state.py"].body:
        if isinstance(node, ast.ClassDef) and node.name in holders:
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.annotation, ast.Name):
                    kind = item.annotation.id
                    if classes.get(kind):  # a record (an enum has no annotated fields)
                        named = kind if node.name == "App" else f"{node.name}.{ast.unparse(item.target)} {kind}"
                        found[named] = classes[kind]
    return found


def present_names(tree: ast.Module) -> set[str]:
    """The local names bound to game.present modules or their names."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.present"):
            names |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {alias.asname or alias.name for alias in node.names if alias.name.startswith("game.present")}
    return names


def worded(node: ast.AST, present: set[str]) -> bool:
    """Whether ``node`` calls into the present layer or a catalogue."""
    for inner in ast.walk(node):
        if not isinstance(inner, ast.Call):
            continue
        func = inner.func
        if isinstance(func, ast.Attribute) and func.attr in {"_", "n_"}:
            return True
        root = func
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id in present:
            return True
    return False


MODEL_CALLS = {"replace", "say", "wait", "Notice", "Sharing", "SaveProblem", "LinkChoice", "SetupScreen"}


def worded_fields(all_trees: dict[str, ast.Module]) -> set[str]:
    found: set[str] = set()
    for name, tree in all_trees.items():
        if name in VIEWS:
            continue
        present = present_names(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if called not in MODEL_CALLS:
                continue
            for keyword in node.keywords:
                if keyword.arg and worded(keyword.value, present):
                    found.add(f"{called}.{keyword.arg}" if called != "replace" else keyword.arg)
            if called in {"say", "Notice", "Sharing"} and node.args and worded(node.args[0], present):
                found.add(f"{called}(words)")
    return found


MODEL = ("state.py", "parts.py", "facts.py", "notices.py")
"""The model's modules: the App, its screens and parts, and the facts they hold."""


def text_fields(all_trees: dict[str, ast.Module]) -> list[str]:
    """A type scan: the model's fields whose annotation holds ``str`` (each a class's field, ``Class.field``), for a
    reader to judge which are words (none should be: ids, times, storage's raw values and typed form values are
    text that is no words)."""
    found = []
    for name in MODEL:
        tree = all_trees.get(name)
        for node in tree.body if tree is not None else ():
            if not isinstance(node, ast.ClassDef) or any(ast.unparse(base) == "TypedDict" for base in node.bases):
                continue  # a record's changes (a TypedDict) repeat its fields
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and _has_str(item.annotation):
                    found.append(f"{node.name}.{item.target.id}")
    return found


def _has_str(annotation: ast.expr) -> bool:
    """Whether an annotation names ``str`` (``from __future__ import annotations`` leaves none a string)."""
    return any(isinstance(node, ast.Name) and node.id == "str" for node in ast.walk(annotation))


def present_imports(all_trees: dict[str, ast.Module]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name, tree in all_trees.items():
        if name in VIEWS:
            continue
        count = len(present_names(tree))
        if count:
            counts[name] = count
    return counts


def count_any(all_trees: dict[str, ast.Module]) -> int:
    return sum(
        isinstance(node, ast.Name) and node.id == "Any" and isinstance(node.ctx, ast.Load)
        for tree in all_trees.values()
        for node in ast.walk(tree)
    )


def matches(all_trees: dict[str, ast.Module]) -> tuple[int, int]:
    total = proven = 0
    for tree in all_trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Match):
                total += 1
                calls = {
                    inner.func.id
                    for case in node.cases
                    for inner in ast.walk(case)
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)
                }
                proven += "assert_never" in calls
    return total, proven


def screen_tests(all_trees: dict[str, ast.Module]) -> int:
    count = 0
    for tree in all_trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and any(isinstance(op, ast.Is | ast.IsNot) for op in node.ops):
                sides = [node.left, *node.comparators]
                if any(isinstance(side, ast.Attribute) and side.attr == "kind" for side in sides) and any(
                    isinstance(side, ast.Attribute) and isinstance(side.value, ast.Name) and side.value.id == "Screen"
                    for side in sides
                ):
                    count += 1
    return count


def lambdas(all_trees: dict[str, ast.Module]) -> int:
    return sum(isinstance(node, ast.Lambda) for tree in all_trees.values() for node in ast.walk(tree))


def shared_names() -> dict[str, list[str]]:
    owners: dict[str, list[str]] = defaultdict(list)
    for layer in LAYERS:
        for path in sorted((ROOT / "game" / layer).glob("*.py")):
            if path.name != "__init__.py":
                owners[path.stem].append(layer)
    return {name: layers for name, layers in sorted(owners.items()) if len(layers) > 1}


def main() -> None:
    all_trees = trees()
    init = APP / "__init__.py"
    fields = app_fields(all_trees["state.py"])
    words = worded_fields(all_trees)
    imports = present_imports(all_trees)
    total, proven = matches(all_trees)
    parts = records(all_trees)
    inner = ", ".join(f"{name} {count}" for name, count in parts.items())
    print(f"App fields: {len(fields)} (records among them, with their own fields: {inner})")
    held = ", ".join(f"{name} {count}" for name, count in records(all_trees, SCREENS).items())
    print(f"records the screens hold, with their own fields: {held}")
    print(f"worded fields filled by handlers: {len(words)} ({', '.join(sorted(words))})")
    print(f"present names imported outside the view: {sum(imports.values())} in {len(imports)} modules")
    print(f"  ({', '.join(f'{module} {count}' for module, count in sorted(imports.items()))})")
    texts = text_fields(all_trees)
    print(f"model fields typed with str (type scan, to judge by eye): {len(texts)} ({', '.join(texts)})")
    print(f"lines of game/app/__init__.py: {len(init.read_text().splitlines())}")
    print(f"Any in game/app: {count_any(all_trees)}")
    print(f"match statements: {total}, with assert_never: {proven}")
    print(f"screen tests (.kind is Screen.X): {screen_tests(all_trees)}")
    print(f"lambdas in game/app: {lambdas(all_trees)}")
    shared = shared_names()
    listed = ", ".join(f"{name}: {'/'.join(layers)}" for name, layers in shared.items())
    print(f"module names shared across layers: {len(shared)} ({listed})")


FLAGS = ("--trace", "--remove-a-case", "--coverage")
"""The figures that run code (tools.app_measures): a roll's trace, mypy on a copy with a case taken out, coverage."""


if __name__ == "__main__":
    import sys

    from tools import app_measures

    asked = [flag for flag in sys.argv[1:] if flag in FLAGS]
    if not asked:
        main()
    for flag in asked:
        {
            "--trace": app_measures.trace,
            "--remove-a-case": app_measures.remove_a_case,
            "--coverage": app_measures.coverage,
        }[flag]()
