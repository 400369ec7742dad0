"""Every module of the `game` package is shipped to the browser by pyscript.toml."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyscript.toml").read_text())
SHELL = "shell.py"


def test_interpreter_is_the_vendored_pyodide():
    assert CONFIG["interpreter"] == "./static/vendor/pyodide/pyodide.mjs"


def test_every_game_module_is_shipped():
    modules = sorted(f"./game/{p.name}" for p in (ROOT / "game").glob("*.py"))
    shipped = sorted(source for source, target in CONFIG["files"].items() if source == target)
    assert modules == shipped


def test_no_package_is_installed_at_run_time():
    assert "packages" not in CONFIG
    assert "micropip" not in (ROOT / "pyscript.toml").read_text()


def test_only_the_shell_imports_the_browser():
    """The core stays testable in CPython: only game/shell.py may import pyscript or js."""
    offenders = []
    for path in (ROOT / "game").glob("*.py"):
        if path.name == SHELL:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in {"pyscript", "js", "pyodide"}]
    assert offenders == []
