"""No import cycles among game's own modules, read with ``ast`` (nothing is imported).

Every import counts, function-level ones too; only those under ``if TYPE_CHECKING:`` are skipped.
A package is its ``__init__.py``; ``from . import name`` imports the submodule ``name`` where
there is one, else the package. Importing ``game.a.b`` runs ``game.a`` first: an edge to it too,
unless the importer is inside ``game.a`` (its own packages have started before it runs). A cycle
fails the test with one path through each strongly connected component, for example::

    import cycles: game.shell.board -> game.shell.records -> game.shell.board
"""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"


def module_names(root: Path) -> dict[str, Path]:
    """Every module under the package ``root``, by dotted name (a package by its own name)."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = (root.name, *path.relative_to(root).with_suffix("").parts)
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING``."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_nodes(nodes):
    """Every Import and ImportFrom in ``nodes``, at any depth, leaving out ``if TYPE_CHECKING:`` bodies."""
    for node in nodes:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and is_type_checking(node.test):
            yield from import_nodes(node.orelse)
        else:
            yield from import_nodes(ast.iter_child_nodes(node))


def imported(module: str, path: Path, known: set[str]):
    """The dotted names ``module`` (at ``path``) imports, relative imports resolved."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in import_nodes([ast.parse(path.read_text(), str(path))]):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
            continue
        parts = package.split(".")[: package.count(".") + 2 - node.level] if node.level else []
        base = ".".join(parts + ([node.module] if node.module else []))
        for alias in node.names:
            yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base


def targets(importer: str, name: str, known: set[str]) -> set[str]:
    """The modules an import of ``name`` runs: the longest known prefix, and the packages above it
    that are not ``importer`` or its own packages."""
    parts = name.split(".")
    chain = [m for m in (".".join(parts[:i]) for i in range(1, len(parts) + 1)) if m in known]
    if not chain:
        return set()
    own = {".".join(importer.split(".")[:i]) for i in range(1, importer.count(".") + 2)}
    return {chain[-1]} | (set(chain[:-1]) - own)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module under ``root`` and the modules of that package it imports."""
    modules = module_names(root)
    known = set(modules)
    return {m: {t for name in imported(m, path, known) for t in targets(m, name, known)} for m, path in modules.items()}


def components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components that hold a cycle: more than one module, or a self-import."""
    index, low, stack, found = {}, {}, [], []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            members = []
            while not members or members[-1] != node:
                members.append(stack.pop())
            if len(members) > 1 or node in graph.get(node, ()):
                found.append(sorted(members))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def cycle_through(graph: dict[str, set[str]], members: list[str]) -> str:
    """A shortest cycle from the component's first module back to it, as "a -> b -> a"."""
    start, inside = members[0], set(members)
    came_from, queue = {}, deque([start])
    while queue:
        node = queue.popleft()
        for other in sorted(graph[node] & inside):
            if other == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return " -> ".join([*reversed(path), start])
            if other not in came_from:
                came_from[other] = node
                queue.append(other)
    raise AssertionError(f"no cycle through {start}")


def cycles(graph: dict[str, set[str]]) -> list[str]:
    """One cycle per component, with the component's modules where it has more than the cycle's."""
    found = []
    for members in components(graph):
        cycle = cycle_through(graph, members)
        whole = len(members) > cycle.count(" -> ")
        found.append(f"{cycle}  (all of: {', '.join(members)})" if whole else cycle)
    return found


def test_game_has_no_import_cycles():
    graph = import_graph(GAME)
    assert graph["game.shell"], "the graph was read"
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(found)


def test_the_cycle_finder_finds_a_known_cycle_and_passes_an_acyclic_graph():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a -> b -> c -> a"]
    assert cycles({"a": {"a"}, "b": set()}) == ["a -> a"]
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_graph_resolves_imports_and_skips_own_packages(tmp_path):
    """``pkg`` imports its submodules, ``a`` and ``b`` import each other as siblings (a cycle, not one
    through ``pkg``), ``c`` imports ``pkg.sub.d`` (which runs ``pkg.sub`` first), and ``d`` imports
    ``pkg.c`` only for type checking but a name from ``pkg`` itself (a cycle through ``pkg``)."""
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
        "pkg.sub.d": {"pkg"},
    }
    assert cycles(graph) == ["pkg -> pkg.c -> pkg.sub.d -> pkg", "pkg.a -> pkg.b -> pkg.a"]


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
