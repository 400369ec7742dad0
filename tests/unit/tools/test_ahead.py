"""tools/ahead.py: imports take code compiled ahead for exactly the bytes compiled, and compile anything else."""

from __future__ import annotations

import doctest
import importlib.util
import sys

import pytest

from tools import ahead, snapshot


def _import(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def installed():
    made = []
    yield lambda codes, sources=None: made.append(ahead.install(codes, sources)) or made[-1]
    for one in reversed(made):
        ahead.uninstall(one)


def test_doctests():
    assert doctest.testmod(ahead).failed == 0


def test_an_unchanged_file_takes_the_code_compiled_ahead(tmp_path, installed):
    source = tmp_path / "ahead_same.py"
    source.write_text("VALUE = 'from the file'\n")
    code = compile("VALUE = 'compiled ahead'\n", str(source), "exec", dont_inherit=True)  # told apart by its value
    found = installed({str(source): code}, {str(source): source.read_bytes()})
    sys.dont_write_bytecode = True
    try:
        assert _import(source, "ahead_same").VALUE == "compiled ahead"
    finally:
        sys.dont_write_bytecode = False
    assert found.taken == [str(source)] and found.compiled == [] and found.codes == {}


def test_a_changed_file_compiles_as_usual(tmp_path, installed):
    source = tmp_path / "ahead_changed.py"
    source.write_text("VALUE = 'changed'\n")
    code = compile("VALUE = 'stale'\n", str(source), "exec", dont_inherit=True)
    found = installed({str(source): code}, {str(source): b"VALUE = 'stale'\n"})
    sys.dont_write_bytecode = True
    try:
        assert _import(source, "ahead_changed").VALUE == "changed"
    finally:
        sys.dont_write_bytecode = False
    assert found.taken == [] and found.compiled == [str(source)]


def test_compiled_matches_what_an_import_compiles(tmp_path):
    source = tmp_path / "ahead_match.py"
    source.write_text('"""Doc."""\nfrom __future__ import annotations\nx: int = 1\n')
    code = ahead.compiled({str(source): source.read_text()})[str(source)]
    assert code.co_filename == str(source)
    loader = importlib.machinery.SourceFileLoader("ahead_match", str(source))
    assert code == loader.source_to_code(source.read_bytes(), str(source))


def test_the_snapshot_compiles_pyscript_s_package_and_the_shell_ahead():
    sources = snapshot.ahead_sources(snapshot.ROOT)
    pyscript = {path for path in sources if path.startswith("/home/pyodide/pyscript/")}
    assert "/home/pyodide/pyscript/__init__.py" in pyscript and len(pyscript) >= 10
    for path, text in sources.items():
        compile(text, path, "exec", dont_inherit=True)  # whole files, read out of PyScript's JavaScript intact
    shell = {path.removeprefix("/home/pyodide/") for path in sources} - {
        p.removeprefix("/home/pyodide/") for p in pyscript
    }
    assert shell == set(snapshot.SHELL) and "game/shell/__init__.py" in shell
