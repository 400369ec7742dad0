"""The standard library the game loads, as a zip of its own: 0.9 MB of Pyodide's 2.5 MB.

Pyodide's ``python_stdlib.zip`` holds all of Python's standard library, 559 modules; the game and
PyScript load 151 of them. :func:`make` finds which by running them (tools/stdlib.mjs
starts Pyodide under Node with the whole zip, and tools/stdlib_finder.py imports every module
named by an import in the game's or PyScript's Python, then plays the game's core), and writes
a zip of those files alone. The page hands it to Pyodide (``stdLibURL``, read by
static/js/python.mjs from its ``BUILT`` table) and the snapshot is made with it.

Nothing is listed by hand: a module the game starts importing is found on the next build.
tests/e2e/test_first_visit.py checks a page's play against the whole zip.

    python3 -m tools.stdlib [--out DIR]     # writes DIR/static/python/stdlib-<hash>.zip
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

from tools import snapshot

ROOT = Path(__file__).resolve().parent.parent
FULL = snapshot.PYODIDE / "python_stdlib.zip"
SCRIPT = Path("tools/stdlib.mjs")
FINDER = Path("tools/stdlib_finder.py")
PYSCRIPT = Path("static/vendor/pyscript")
PYTHON_IN_JS = re.compile(
    r"(?:^|\\n|[;\"'`])[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import|import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*))"
)
"""A Python import inside PyScript's JavaScript (its Python ships as strings there)."""


class StdlibError(RuntimeError):
    """The trimmed standard library could not be made; the message says why."""


def game_files(root: Path = ROOT) -> list[str]:
    """The Python files pyscript.toml ships (the game package, its shell included)."""
    config = tomllib.loads((root / "pyscript.toml").read_text())
    return [path.removeprefix("./") for path in config["files"] if path.endswith(".py")]


def imported_names(source: str) -> set[str]:
    """Every absolute module name a Python source imports, anywhere in it (functions included).

    >>> sorted(imported_names("import os.path, json\\nfrom . import x\\ndef f():\\n    from email import message"))
    ['email', 'json', 'os.path']
    """
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def names_in_javascript(text: str) -> set[str]:
    """Module names of the Python imports written in JavaScript source (a scan, so a superset).

    >>> sorted(names_in_javascript('run("import os, gzip, tarfile\\\\nfrom pyscript import x")'))
    ['gzip', 'os', 'pyscript', 'tarfile']
    """
    names = set()
    for found in PYTHON_IN_JS.finditer(text):
        names.update(name.strip() for name in (found.group(1) or found.group(2)).split(","))
    return names


def pyscript_chunks(root: Path, paths: list[str]) -> list[str]:
    """The PyScript chunks the site ships (their Python is PyScript's part of the page)."""
    return [p for p in paths if p.startswith(str(PYSCRIPT) + "/") and p.endswith(".js")]


def candidates(root: Path, paths: list[str]) -> list[str]:
    """Module names the page may import: the game's files' imports and PyScript's."""
    names = set()
    for path in game_files(root):
        names |= imported_names((root / path).read_text())
    for chunk in pyscript_chunks(root, paths):
        names |= names_in_javascript((root / chunk).read_text())
    return sorted(names)


def fingerprint(root: Path, inputs: list[Path], out: Path | None = None) -> str:
    """A short hash of everything the trimmed zip depends on: each input's place in the site ``out``, the tree
    ``root`` or this tool's own tree (not where the tree or the site lies: two checkouts of one commit make one zip,
    and so do dist/ inside the tree, a site outside it and a copy of the tree built with this tool) and its content.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     a, b = Path(d, "a"), Path(d, "b")
    ...     for site in (a / "dist", b):
    ...         _ = (site / "x.mo").parent.mkdir(parents=True), (site / "x.mo").write_text("x")
    ...     fingerprint(a, [a / "dist/x.mo", Path(__file__)], a / "dist") == fingerprint(ROOT, [b / "x.mo", Path(__file__)], b)
    True
    """
    digest = hashlib.sha256()
    for path in inputs:
        base = next((b for b in (out, root, ROOT) if b is not None and path.is_relative_to(b)), None)
        place = path.relative_to(base) if base else Path(path.name)
        digest.update(str(place).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def trim(full: bytes | Path, keep: list[str]) -> bytes:
    """A zip of ``full``'s members named in ``keep``, in the same order and with the same dates.

    >>> import io
    >>> buffer = io.BytesIO()
    >>> with zipfile.ZipFile(buffer, "w") as z:
    ...     z.writestr("a.py", "A = 1"); z.writestr("b.py", "B = 2")
    >>> zipfile.ZipFile(io.BytesIO(trim(buffer.getvalue(), ["b.py"]))).namelist()
    ['b.py']
    """
    import io

    source = zipfile.ZipFile(io.BytesIO(full) if isinstance(full, bytes) else full)
    wanted = set(keep)
    missing = wanted - set(source.namelist())
    if missing:
        raise StdlibError(f"not in the standard library zip: {', '.join(sorted(missing))}")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            if info.filename in wanted:
                copy = zipfile.ZipInfo(info.filename, info.date_time)
                copy.compress_type = info.compress_type
                copy.external_attr = info.external_attr
                target.writestr(copy, source.read(info), compresslevel=9)
    return out.getvalue()


def make(root: Path, out: Path, paths: list[str]) -> str:
    """Write the trimmed standard library into ``out`` (unless there already); its site path.

    ``paths`` are the site's files (``out`` holds the compiled catalogues among them). The name
    carries a hash of every input, so a browser never pairs a cached zip with other modules.
    """
    tables = {Path(p).name: out / p for p in paths if p.startswith("static/tables/") and p.endswith(".bin")}
    tables = {
        name: file for name, file in tables.items() if re.fullmatch(r"[a-z]+(\.sd)?\.bin", name)
    }  # default rules'
    catalogues = {Path(p).stem: out / p for p in paths if p.endswith(".mo")}
    references = out / "static/tables/optimal.json"
    files = game_files(root)
    inputs = [root / FULL, root / SCRIPT, root / FINDER, Path(__file__)] + [root / p for p in files]
    inputs += [root / p for p in pyscript_chunks(root, paths)] + sorted(catalogues.values()) + sorted(tables.values())
    name = f"{snapshot.FOLDER}/stdlib-{fingerprint(root, inputs, out)}.zip"
    if (out / name).is_file():
        return name
    modules = [p.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for p in files if "/shell/" not in p]
    spec = {
        "root": str(root),
        "files": files,
        "modules": modules,
        "candidates": candidates(root, paths),
        "tables": {k: str(v) for k, v in tables.items()},
        "catalogues": {k: str(v) for k, v in catalogues.items()},
        "references": str(references),
        "finder": str(root / FINDER),
    }
    with tempfile.TemporaryDirectory() as scratch:
        spec_file, result_file = Path(scratch) / "spec.json", Path(scratch) / "result.json"
        spec_file.write_text(json.dumps(spec))
        ran = subprocess.run(
            [snapshot.node(), str(root / SCRIPT), str(root / snapshot.PYODIDE), str(spec_file), str(result_file)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        if ran.returncode != 0 or not result_file.is_file():
            raise StdlibError(f"tools/stdlib.mjs failed ({ran.returncode}): {snapshot.node_error(ran.stderr)}")
        result = json.loads(result_file.read_text())
    if result["tour_error"]:
        raise StdlibError(f"the game's tour failed under Pyodide: {result['tour_error']}")
    data = trim(root / FULL, result["keep"])
    (out / name).parent.mkdir(parents=True, exist_ok=True)
    (out / name).write_bytes(data)
    return name


def main(argv=None) -> int:
    from tools import build

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="a built site (default dist/)")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    paths = [str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()] or build.site_files(ROOT)
    try:
        name = make(ROOT, out, paths)
    except StdlibError as error:
        print(f"stdlib: {error}", file=sys.stderr)
        return 1
    with zipfile.ZipFile(out / name) as z:
        print(
            f"stdlib: {out / name}: {len(z.namelist())} of {len(zipfile.ZipFile(ROOT / FULL).namelist())} members, "
            f"{(out / name).stat().st_size / 1e6:.2f} of {(ROOT / FULL).stat().st_size / 1e6:.2f} MB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
