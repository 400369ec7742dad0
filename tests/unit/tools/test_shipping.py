"""Every module of the `game` package is shipped to the browser by pyscript.toml."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CONFIG = tomllib.loads((ROOT / "pyscript.toml").read_text())
SHELL = "shell"
"""The package that touches the browser: game/shell/."""


def test_interpreter_is_the_vendored_pyodide():
    """PyScript loads static/js/python.mjs, which wraps the vendored Pyodide (never a CDN's)."""
    assert CONFIG["interpreter"] == "./static/js/python.mjs"
    wrapper = (ROOT / "static/js/python.mjs").read_text()
    imported = re.findall(r'^import .* from "([^"]+)";', wrapper, re.M)
    assert imported == ["../vendor/pyodide/pyodide.mjs"]
    assert (ROOT / "static/js" / imported[0]).resolve() == ROOT / "static/vendor/pyodide/pyodide.mjs"
    assert "http" not in wrapper.replace("HTTP ${", "")


def test_the_snapshot_holds_only_shipped_modules_without_page_objects():
    """The snapshot imports the game's pure modules, shipped as they are; never the shell."""
    import importlib

    from tools import snapshot

    shipped = {source.removeprefix("./") for source in CONFIG["files"]}
    assert set(snapshot.FILES) <= shipped
    assert not any(path.startswith(f"game/{SHELL}/") for path in snapshot.FILES)
    # every module of the game but the shell's, read from the package itself (not from pyscript.toml)
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")}
    assert set(snapshot.FILES) == {p for p in modules if not p.startswith(f"game/{SHELL}/")}
    assert len(snapshot.FILES) == len(set(snapshot.FILES))
    game_imports = {name for name in snapshot.IMPORTS if name.startswith("game.")}
    assert game_imports == {
        p.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for p in snapshot.FILES
        if p != "game/__init__.py"
    }
    assert not any(name.startswith(f"game.{SHELL}") for name in snapshot.IMPORTS)
    for name in snapshot.IMPORTS:  # each imports without a page (the snapshot imports them all before one)
        importlib.import_module(name)


def test_every_game_module_is_shipped():
    modules = sorted(f"./{p.relative_to(ROOT)}" for p in (ROOT / "game").rglob("*.py") if "__pycache__" not in p.parts)
    shipped = sorted(source for source, target in CONFIG["files"].items() if source == target)
    assert modules == shipped


def test_no_package_is_installed_at_run_time():
    assert "packages" not in CONFIG
    assert "micropip" not in (ROOT / "pyscript.toml").read_text()


def test_only_the_shell_imports_the_browser():
    """The core stays testable in CPython: only the shell (game/shell/) may import pyscript or js."""
    offenders = []
    for path in (ROOT / "game").glob("*.py"):  # every module but the shell package's
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in {"pyscript", "js", "pyodide"}]
    assert offenders == []
