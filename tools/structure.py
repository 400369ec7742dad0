"""The structure of ``game/``: its layers, modules, import arrows, and what goes against them.

Read with ``ast`` (nothing is imported), so it can read any revision of the tree::

    python -m tools.structure            # the working tree
    python -m tools.structure --at HEAD~3  # a commit, read through git (the tree before a change)
    python -m tools.structure --dot > game.dot  # the arrows as Graphviz (dot -Tsvg game.dot > game.svg)
    python -m tools.structure --markdown > docs/structure.md  # the page, from the code (a test holds them equal)

It prints every layer from the bottom up with its modules and their lines, each module's arrows,
then the numbers a redesign is judged by: modules over :data:`MAX_LINES`, arrows that point up
the layers (:data:`LAYERS`), imports inside functions, and import cycles. tests/unit/tools/test_imports.py
holds the tree to them.

Every import counts: function-level ones, and those under ``if TYPE_CHECKING:`` too (a name a module
needs only for its types is still a name it stands on: a cycle through one is a cycle of the design).
A package is its ``__init__.py``; ``from . import name`` imports the submodule ``name`` where there is
one, else the package. Importing ``game.a.b`` runs ``game.a`` first: an arrow to it too, unless the
importer is inside ``game.a`` (its own packages have started before it runs).
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter, deque
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

LAYERS = ("game.core", "game.coach", "game.records", "game.present", "game.app", "game.shell")
"""The packages from the bottom up: a module imports from its own layer and the ones below, never above."""

MAX_LINES = 500
"""The most lines a module of ``game/`` may have: one concern each."""


def module_names(root: Path) -> dict[str, Path]:
    """Every module under the package ``root``, by dotted name (a package by its own name)."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = (root.name, *path.relative_to(root).with_suffix("").parts)
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def import_nodes(nodes: Iterable[ast.AST]) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every Import and ImportFrom in ``nodes``, at any depth, ``if TYPE_CHECKING:`` bodies included."""
    for node in nodes:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        else:
            yield from import_nodes(ast.iter_child_nodes(node))


def imported(module: str, path: Path, known: set[str]) -> Iterator[str]:
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


def import_graph(root: Path = GAME) -> dict[str, set[str]]:
    """Each module under ``root`` and the modules of that package it imports."""
    modules = module_names(root)
    known = set(modules)
    return {m: {t for name in imported(m, path, known) for t in targets(m, name, known)} for m, path in modules.items()}


def components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components that hold a cycle: more than one module, or a self-import."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            members: list[str] = []
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
    came_from: dict[str, str] = {}
    queue = deque([start])
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
    """One cycle per component, with the component's modules where it has more than the cycle's.

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    ['a -> b -> a']
    """
    found = []
    for members in components(graph):
        cycle = cycle_through(graph, members)
        whole = len(members) > cycle.count(" -> ")
        found.append(f"{cycle}  (all of: {', '.join(members)})" if whole else cycle)
    return found


def layer(module: str) -> int:
    """The index of ``module``'s layer in :data:`LAYERS`; -1 for ``game`` itself and modules of no layer.

    >>> layer("game.core.rules"), layer("game.app"), layer("game")
    (0, 4, -1)
    """
    for number, package in enumerate(LAYERS):
        if module == package or module.startswith(package + "."):
            return number
    return -1


def upward(graph: dict[str, set[str]]) -> list[str]:
    """The arrows that point up the layers, as "importer -> imported"; a module of no layer has none.

    >>> upward({"game.core.a": {"game.present.b"}, "game.present.b": {"game.core.a"}})
    ['game.core.a -> game.present.b']
    """
    return [
        f"{module} -> {other}"
        for module in sorted(graph)
        for other in sorted(graph[module])
        if layer(module) >= 0 and layer(other) > layer(module)
    ]


def backward(graph: dict[str, set[str]]) -> list[str]:
    """The arrows between two modules of one cycle, as "importer -> imported".

    >>> backward({"a": {"b"}, "b": {"a", "c"}, "c": set()})
    ['a -> b', 'b -> a']
    """
    inside = {module: number for number, members in enumerate(components(graph)) for module in members}
    return [
        f"{module} -> {other}"
        for module in sorted(graph)
        for other in sorted(graph[module])
        if module in inside and inside.get(other) == inside[module]
    ]


def lazy_imports(path: Path) -> int:
    """How many imports of ``path`` stand inside a function."""
    tree = ast.parse(path.read_text(), str(path))
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    inner = {id(node) for function in functions for node in import_nodes(function.body)}
    return len(inner)


def floors(graph: dict[str, set[str]]) -> int:
    """How many modules the longest chain of imports passes through (an arrow inside a cycle is not followed).

    >>> floors({"a": {"b"}, "b": {"c"}, "c": set(), "d": {"c"}})
    3
    """
    depth: dict[str, int] = {}

    def visit(node: str, seen: frozenset[str]) -> int:
        if node not in depth:
            below = [visit(other, seen | {node}) for other in graph.get(node, ()) if other not in seen | {node}]
            depth[node] = 1 + max(below, default=0)
        return depth[node]

    return max((visit(node, frozenset()) for node in graph), default=0)


def lines(path: Path) -> int:
    """The lines of a file, as ``wc -l`` counts them."""
    return path.read_bytes().count(b"\n")


def report(root: Path) -> str:
    """The structure of the package at ``root`` in words (what ``python -m tools.structure`` prints)."""
    names = module_names(root)
    graph = import_graph(root)
    layered = all(package in names for package in LAYERS)  # a tree from before the layers: one flat list
    out = []
    for number, package in [(-1, root.name), *enumerate(LAYERS)] if layered else [(-1, root.name)]:
        members = [m for m in names if (layer(m) if layered else -1) == number]
        if not members:
            continue
        out.append(f"{package}: {len(members)} modules, {sum(lines(names[m]) for m in members):,} lines")
        for module in members:
            arrows = ", ".join(sorted(graph[module])) or "-"
            out.append(f"  {module} ({lines(names[module])}) -> {arrows}")
    if layered:
        out += ["", "arrows between the layers (importer -> imported: how many):"]
        between = Counter((layer(m), layer(t)) for m in graph for t in graph[m] if layer(m) >= 0 and layer(t) >= 0)
        for (low, high), count in sorted(between.items(), key=lambda item: (-item[0][0], -item[0][1])):
            out.append(f"  {LAYERS[low]} -> {LAYERS[high]}: {count}")
    over = [f"{m} ({lines(p)})" for m, p in names.items() if lines(p) > MAX_LINES]
    ups, found = upward(graph) if layered else [], cycles(graph)
    out += [
        "",
        f"modules: {len(names)}; arrows: {sum(map(len, graph.values()))}; "
        f"largest: {max(lines(p) for p in names.values())} lines",
        f"over {MAX_LINES} lines: {len(over)}" + (f" ({', '.join(over)})" if over else ""),
        f"floors (the longest chain of imports, cycles aside): {floors(graph)}",
        (f"arrows up the layers: {len(ups)}" if layered else "layers: none (one flat package)")
        + "".join(f"\n  {arrow}" for arrow in ups),
        f"arrows inside cycles (each leads back up to a module it stands on): {len(backward(graph))}",
        f"imports inside functions: {sum(lazy_imports(p) for p in names.values())}",
        f"import cycles: {len(found)}" + "".join(f"\n  {cycle}" for cycle in found),
    ]
    return "\n".join(out)


def dot(root: Path) -> str:
    """The structure as a Graphviz digraph: the layers, each with its modules and lines, and the arrows
    between them with how many imports each stands for (a red one points up); the modules themselves
    for a tree without layers (a red arrow is one inside a cycle)."""
    names, graph = module_names(root), import_graph(root)
    out = ["digraph game {", "  rankdir=BT; node [shape=box, fontname=Helvetica, fontsize=11];"]
    if not all(package in names for package in LAYERS):
        out += [f'  "{m}" [label="{m} ({lines(names[m])})"];' for m in names]
        cycled = set(backward(graph))
        out += [
            f'  "{m}" -> "{other}"{" [color=red]" if f"{m} -> {other}" in cycled else ""};'
            for m in sorted(graph)
            for other in sorted(graph[m])
        ]
        return "\n".join([*out, "}"])
    for number, package in enumerate(LAYERS):
        members = [m for m in names if layer(m) == number]
        rows = "\\l".join(f"{m.removeprefix(package + '.') or '__init__'} ({lines(names[m])})" for m in members)
        out.append(
            f'  "{package}" [label="{package}: {len(members)} module{"s" * (len(members) != 1)}\\n\\n{rows}\\l"];'
        )
    between = Counter((layer(m), layer(t)) for m in graph for t in graph[m] if layer(m) >= 0 and layer(t) >= 0)
    for (low, high), count in sorted(between.items()):
        if low != high:
            colour = ", color=red" if high > low else ""
            out.append(f'  "{LAYERS[low]}" -> "{LAYERS[high]}" [label="{count}"{colour}];')
    return "\n".join([*out, "}"])


def markdown(root: Path) -> str:
    """docs/structure.md, from the code: each layer with its modules and the modules each imports, the arrows
    between the layers, and the figures a redesign is judged by (no line counts: the page changes when a module,
    an import or a figure does, not at every edit). tests/unit/tools/test_imports.py fails when the page drifts."""
    names, graph = module_names(root), import_graph(root)
    out = [
        "# The structure of `game/`",
        "",
        "Made by `python -m tools.structure --markdown > docs/structure.md` from the code (read with `ast`);",
        "`tests/unit/tools/test_imports.py` fails when this page and the code part ways. `python -m tools.structure`",
        "prints the same with each module's lines; `--dot` draws the layers as Graphviz. A layer imports from itself",
        "and the layers below, never above. The layers before and after they were drawn (issue 34):",
        "[structure-before.svg](structure-before.svg), [structure-after.svg](structure-after.svg).",
        "",
        "    "
        + " < ".join(
            f"{package.removeprefix('game.')} ({sum(layer(m) == n for m in names)})" for n, package in enumerate(LAYERS)
        ),
    ]
    for number, package in enumerate(LAYERS):
        out += ["", f"## {package}", "", "| module | imports |", "|---|---|"]
        for module in (m for m in names if layer(m) == number):
            arrows = ", ".join(f"`{other}`" for other in sorted(graph[module])) or "—"
            out.append(f"| `{module}` | {arrows} |")
    between = Counter((layer(m), layer(t)) for m in graph for t in graph[m] if layer(m) >= 0 and layer(t) >= 0)
    out += ["", "## Arrows between the layers", "", "| importer | imported | imports |", "|---|---|---|"]
    for (low, high), count in sorted(between.items(), key=lambda item: (-item[0][0], -item[0][1])):
        out.append(f"| `{LAYERS[low]}` | `{LAYERS[high]}` | {count} |")
    over = [m for m, p in names.items() if lines(p) > MAX_LINES]
    out += [
        "",
        "## The figures",
        "",
        f"- modules: {len(names)}; arrows: {sum(map(len, graph.values()))}",
        f"- modules over {MAX_LINES} lines: {len(over)}",
        f"- arrows up the layers: {len(upward(graph))}",
        f"- import cycles: {len(cycles(graph))}",
        f"- the longest chain of imports (modules): {floors(graph)}",
    ]
    return "\n".join(out) + "\n"


def checkout(revision: str, into: Path) -> Path:
    """``game/`` as it was at ``revision``, written under ``into`` (read through ``git archive``)."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision, "game"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryFile() as handle:
        handle.write(archive)
        handle.seek(0)
        with tarfile.open(fileobj=handle) as tar:
            tar.extractall(into, filter="data")
    return into / "game"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", metavar="REVISION", help="read game/ at a git revision instead of the working tree")
    parser.add_argument("--dot", action="store_true", help="print the arrows as Graphviz instead of words")
    parser.add_argument("--markdown", action="store_true", help="print docs/structure.md")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        root = checkout(args.at, Path(folder)) if args.at else GAME
        print(
            dot(root) if args.dot else markdown(root) if args.markdown else report(root),
            end="" if args.markdown else "\n",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
