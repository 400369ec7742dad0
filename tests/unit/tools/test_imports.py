"""The shape of game/, read with ``ast`` by tools/structure.py (nothing is imported).

No import cycle; no arrow up the layers (core < coach < records < present < app < shell); no module
over 500 lines; no module reading another's private names; only the shell reaching the browser. A
cycle fails with one path through each strongly connected component, for example::

    import cycles: game.present.markup -> game.app -> game.present.markup

``python -m tools.structure`` prints the whole picture (``--at REVISION`` for an older tree).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tools.structure import (
    GAME,
    LAYERS,
    MAX_LINES,
    cycles,
    import_graph,
    import_nodes,
    imported,
    lines,
    markdown,
    module_names,
    upward,
)


def test_game_has_no_import_cycles():
    graph = import_graph(GAME)
    assert graph["game.shell"], "the graph was read"
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(found)


def test_no_import_points_up_a_layer():
    """core < coach < records < present < app < shell (tools/structure.py's LAYERS): each layer stands on
    the ones below it; a name a lower layer needs moves down, or comes in as a value."""
    graph = import_graph(GAME)
    assert all(package in graph for package in LAYERS), "every layer is a package of game/"
    assert upward(graph) == []


def test_the_layer_check_finds_an_arrow_up():
    assert upward({"game.core.a": {"game.app"}, "game.app": {"game.core.a"}}) == ["game.core.a -> game.app"]
    assert upward({"game.app": {"game.core.a", "game.app.x"}, "game.app.x": set(), "game.core.a": set()}) == []


def test_docs_structure_is_the_codes_own():
    page = GAME.parent / "docs" / "structure.md"
    assert page.read_text(encoding="utf-8") == markdown(GAME), (
        "python -m tools.structure --markdown > docs/structure.md"
    )


def test_every_module_holds_one_concern_in_at_most_500_lines():
    over = {module: lines(path) for module, path in module_names(GAME).items() if lines(path) > MAX_LINES}
    assert over == {}


def test_the_cycle_finder_finds_a_known_cycle_and_passes_an_acyclic_graph():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a -> b -> c -> a"]
    assert cycles({"a": {"a"}, "b": set()}) == ["a -> a"]
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_graph_resolves_imports_and_skips_own_packages(tmp_path):
    """``pkg`` imports its submodules, ``a`` and ``b`` import each other as siblings (a cycle, not one
    through ``pkg``), ``c`` imports ``pkg.sub.d`` (which runs ``pkg.sub`` first), and ``d`` imports
    ``pkg.c`` for type checking (an arrow all the same) and a name from ``pkg`` itself (a cycle
    through ``pkg``, and one through ``pkg.c``)."""
    files = {
        "__init__.py": "from . import a, c\n",
        "a.py": "def f():\n    from .b import g\n",
        "b.py": "import os\nfrom . import a\n",
        "c.py": "from . import b\nfrom .sub import d\n",
        "sub/__init__.py": "",
        "sub/d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .. import c\nfrom .. import X\n",
    }
    for name, text in files.items():
        (tmp_path / "pkg" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "pkg" / name).write_text(text)
    graph = import_graph(tmp_path / "pkg")
    assert graph == {
        "pkg": {"pkg.a", "pkg.c"},
        "pkg.a": {"pkg.b"},
        "pkg.b": {"pkg.a"},
        "pkg.c": {"pkg.b", "pkg.sub", "pkg.sub.d"},
        "pkg.sub": set(),
        "pkg.sub.d": {"pkg", "pkg.c"},
    }
    assert cycles(graph) == [
        "pkg -> pkg.c -> pkg.sub.d -> pkg",
        "pkg.a -> pkg.b -> pkg.a",
    ]


def test_an_import_for_type_checking_is_an_arrow_too(tmp_path):
    """A name needed only for the types is still one the module stands on: a cycle through
    ``if TYPE_CHECKING:`` is a cycle of the design, and an arrow up there is an arrow up."""
    files = {
        "__init__.py": "",
        "core/__init__.py": "",
        "core/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.app.b import B\n",
        "app/__init__.py": "",
        "app/b.py": "import typing\nfrom game.core import a\nif typing.TYPE_CHECKING:\n    pass\n",
    }
    for name, text in files.items():
        (tmp_path / "game" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "game" / name).write_text(text)
    graph = import_graph(tmp_path / "game")
    assert graph["game.core.a"] == {"game.app", "game.app.b"}
    assert cycles(graph) == ["game.app.b -> game.core.a -> game.app.b"]
    assert upward(graph) == ["game.core.a -> game.app", "game.core.a -> game.app.b"]


def test_only_the_shell_imports_the_browser():
    """``js`` and ``pyscript`` (and pyodide's own modules) are the shell's alone: game.app and all
    below it run in CPython as they do in the worker."""
    names = module_names(GAME)
    known = set(names)
    browser = {"js", "pyscript", "pyodide"}
    reaching = sorted(
        module
        for module, path in names.items()
        if not module.startswith("game.shell")
        for name in imported(module, path, known)
        if name.split(".")[0] in browser
    )
    assert reaching == []
    shell = {name.split(".")[0] for name in imported("game.shell", names["game.shell"], known)}
    assert "js" in shell  # the check reads the shell's imports (it would pass on no imports at all)


def private_reads(module: str, path: Path, known: set[str]) -> list[str]:
    """Where ``module`` reads another module's private name: ``from game.x import _y``, ``x._y`` on a
    game module, or ``obj._y`` for a ``_y`` this module never defines, assigns or takes as a parameter
    (a member of another module's class). ``_`` (gettext's function) and dunders are public."""
    tree = ast.parse(path.read_text(), str(path))

    def private(name: str) -> bool:
        return name.startswith("_") and name != "_" and not name.startswith("__")

    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.arg):
            own.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            own.add(node.value)  # object.__setattr__(self, "_by_id", ...) defines it too
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    modules: set[str] = set()  # local names bound to game modules
    found = []
    for node in import_nodes([tree]):
        if isinstance(node, ast.Import):
            modules |= {(alias.asname or alias.name).split(".")[0] for alias in node.names if alias.name in known}
            continue
        parts = package.split(".")[: package.count(".") + 2 - node.level] if node.level else []
        base = ".".join(parts + ([node.module] if node.module else []))
        for alias in node.names:
            if f"{base}.{alias.name}" in known:
                modules.add(alias.asname or alias.name)
            elif base in known and base != module and private(alias.name):
                found.append(f"{module}:{node.lineno} from {base} import {alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr) and not isinstance(node.ctx, ast.Store):
            on_module = isinstance(node.value, ast.Name) and node.value.id in modules
            if on_module or node.attr not in own:
                found.append(f"{module}:{node.lineno} {ast.unparse(node)}")
    return found


def test_no_module_reads_another_modules_private_names():
    names = module_names(GAME)
    found = [line for module, path in names.items() for line in private_reads(module, path, set(names))]
    assert found == []


def test_the_private_name_check_finds_each_kind(tmp_path):
    root = tmp_path / "game"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "a.py").write_text("_secret = 1\nclass A:\n    def __init__(self):\n        self._inner = 2\n")
    (root / "b.py").write_text(
        "from .a import _secret\nfrom . import a\nx = a._secret\ny = a.A()._inner\nz = t._('ok')\nw = self._mine\n"
        "def f(self):\n    self._mine = 1\n"
    )
    names = module_names(root)
    found = private_reads("game.b", names["game.b"], set(names))
    assert found == ["game.b:1 from game.a import _secret", "game.b:3 a._secret", "game.b:4 a.A()._inner"]


TESTS = GAME.parent / "tests"


def imports_of_tests(tree: ast.Module) -> list[str]:
    """What a test file imports from the tests but tests/helpers: another test module, a conftest, or a
    module beside them (a name pytest would also import as a top-level test module)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] if node.module != "tests" else [f"tests.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found += [
            f"{node.lineno}: {name}"
            for name in names
            if (name == "tests" or name.startswith("tests."))
            and name != "tests.helpers"
            and not name.startswith("tests.helpers.")
            or name.split(".")[0].startswith("test_")
            or name.split(".")[0] == "conftest"
        ]
    return found


def test_no_test_module_imports_another():
    """What tests share is in tests/helpers (the App's one driver, the page's readers, ready-made situations): a
    reader finds a helper there, and no test module is imported twice (by pytest and by another test)."""
    found = {
        str(path.relative_to(TESTS)): imports
        for path in sorted(TESTS.rglob("*.py"))
        if "helpers" not in path.relative_to(TESTS).parts
        and (imports := imports_of_tests(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_the_test_import_check_finds_each_kind():
    source = (
        "from tests.unit.test_app import send\nfrom tests.e2e import ui\nimport tests.unit.test_app\n"
        "from tests import helpers, unit\nfrom test_app import send\nfrom conftest import open_game\n"
        "from tests.helpers.app import send\nfrom tests.helpers import ui\nfrom game.app import update\n"
    )
    assert imports_of_tests(ast.parse(source)) == [
        "1: tests.unit.test_app",
        "2: tests.e2e",
        "3: tests.unit.test_app",
        "4: tests.unit",
        "5: test_app",
        "6: conftest",
    ]


def test_every_test_file_has_a_name_of_its_own():
    """pytest imports test files by their base name (rootdir-relative packages are not used here): two
    files of one name in different folders collide as soon as one worker collects both."""
    tests = TESTS
    names: dict[str, list[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        names.setdefault(path.name, []).append(str(path.relative_to(tests)))
    assert {name: where for name, where in names.items() if len(where) > 1} == {}
