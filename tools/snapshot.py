"""A memory snapshot of Python after start-up, so the game's worker restores an interpreter instead of starting one.

Starting Pyodide means running CPython's and Pyodide's initialisation (under Node here: 1.95 s,
against 0.25 s to restore a snapshot). A Pyodide memory snapshot is the WebAssembly memory
once that is done; restoring it is a copy. ``tools/build.py`` calls :func:`make`, which runs
``tools/snapshot.mjs`` under Node with the vendored Pyodide: it starts Pyodide, imports the
game's modules (all but the shell's, the worker's endpoint, which are compiled ahead instead; see
FILES, IMPORTS and SHELL) and saves the memory. The game's worker (``static/js/python.mjs``)
restores it and falls back to a normal start if anything about it is wrong.

What a snapshot freezes, being one start replayed: the ``random`` generator (python.mjs reseeds
it), the string hash seed, ``os.environ`` and the time zone names as Node's start set them (the
game reads neither: no wall-clock time, locale or environment).

The memory is 30 MB, mostly zero pages; :func:`pack` keeps the non-zero 4 KiB pages and
gzips the result (5.8 MB, the free allocator blocks zeroed first), which python.mjs unpacks with the browser's DecompressionStream.
It is a plain file to any host: no server-side compression needed. Beside it, ``snapshot-<hash>.bin.br``
is the same pages without gzip, Brotli-compressed (4.6 MB): a host that serves ``.br`` copies sends
that, the browser decodes it, and python.mjs sees the pages' header instead of gzip's and reads them as they are.

    python3 -m tools.snapshot [--out DIR]     # writes the packed snapshot into DIR/static/python/
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = Path("static/vendor/pyodide")
SCRIPT = Path("tools/snapshot.mjs")
FOLDER = "static/python"
"""Where the packed snapshot goes in the site; its name holds a hash of everything it came from."""

FILES = tuple(
    path.removeprefix("./")
    for path in tomllib.loads((Path(__file__).resolve().parent.parent / "pyscript.toml").read_text())["files"]
    if path.endswith(".py") and not path.startswith("./game/shell/")
)
"""The game's modules in the snapshot: every one pyscript.toml ships but the shell's (SHELL)."""
IMPORTS = ("html", "hashlib") + tuple(
    path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in FILES if path != "game/__init__.py"
)
"""What to import before the snapshot, beyond what Pyodide imports at start: ``html`` (PyScript's
package imports it in the worker), the standard modules the worker loads at start that Pyodide has
not (tests/e2e/test_snapshot.py finds any other), ``hashlib`` (the first roll's), and the game's
modules, the lazily imported advisor ones included: in a snapshot an import costs nothing at start,
and the first hint or roll then compiles nothing. (``urllib.parse`` is not: the page hands Python
the address's query decoded, and only game.present.setup's string form, for CPython, imports it; it was
0.1 MB of the Brotli snapshot, measured.)"""
SHELL = tuple(
    path.removeprefix("./")
    for path in tomllib.loads((Path(__file__).resolve().parent.parent / "pyscript.toml").read_text())["files"]
    if path.endswith(".py") and path.startswith("./game/shell/")
)
"""The shell's modules (the worker imports ``game.shell`` as it starts): not imported into the snapshot,
but compiled there (tools/ahead.py). They need no page (docs/protocol.md) and read only
``js.yachtPython``, when called; an import into the snapshot was tried (it builds, restores and
plays) and was no faster at start, measured: the snapshot keeps only the pure modules."""
HOME = "/home/pyodide"
"""Where PyScript writes Python files (the worker's working folder): the snapshot's files go there too."""
PYSCRIPT = Path("static/vendor/pyscript")
PYSCRIPT_FILES = re.compile(r'\{pyscript:\{(?="__init__\.py":)')
"""Where PyScript's JavaScript holds its Python package ({pyscript:{"__init__.py":"...",...}}), which it
writes and imports as the worker starts."""
PYSCRIPT_FILE = re.compile(r'"([\w.]+\.py)":("(?:[^"\\]|\\.)*"),?')
INPUTS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

AHEAD = Path("tools/ahead.py")
BROTLI = Path("tools/brotli.mjs")
BROTLI_QUALITY = 9
"""The Brotli copy's quality: 4.56 MB in 6 s (11, the highest: 4.0 MB in 38 s, each build; gzip: 5.83 MB)."""

MAGIC = b"YSNAP\x00\x01\x00"
PAGE = 4096


class SnapshotError(RuntimeError):
    """The snapshot could not be made or read; the message says why."""


def pack(memory: bytes) -> bytes:
    """The memory without its zero pages (:func:`layout`), gzipped.

    >>> memory = bytes(8192) + b"python" + bytes(4090) + bytes(4096)
    >>> len(pack(memory)) < 100 and unpack(pack(memory)) == memory == unpack(layout(memory))
    True
    """
    return gzipped(layout(memory))


def gzipped(laid_out: bytes) -> bytes:
    """A :func:`layout` gzip-packed, as :func:`pack` and the build write it."""
    return gzip.compress(laid_out, compresslevel=9, mtime=0)


def layout(memory: bytes) -> bytes:
    """The memory without its zero pages: header, (offset, length) runs, then the runs' bytes."""
    runs: list[tuple[int, int]] = []
    zero = bytes(PAGE)
    view = memoryview(memory)
    for start in range(0, len(memory), PAGE):
        if view[start : start + PAGE] != zero:
            end = min(start + PAGE, len(memory))
            if runs and runs[-1][0] + runs[-1][1] == start:
                runs[-1] = (runs[-1][0], end - runs[-1][0])
            else:
                runs.append((start, end - start))
    header = MAGIC + struct.pack("<II", len(memory), len(runs))
    table = b"".join(struct.pack("<II", offset, length) for offset, length in runs)
    body = b"".join(view[offset : offset + length] for offset, length in runs)
    return header + table + body


def unpack(packed: bytes) -> bytes:
    """The memory that :func:`pack` packed, or its :func:`layout` as a host's Brotli copy arrives
    once the browser has decoded it (the same steps as static/js/python.mjs).

    >>> unpack(b"not a snapshot")
    Traceback (most recent call last):
    ...
    tools.snapshot.SnapshotError: not a packed snapshot (no gzip header)
    """
    try:
        data = packed if packed[:8] == MAGIC else gzip.decompress(packed)
    except (OSError, EOFError) as error:
        raise SnapshotError("not a packed snapshot (no gzip header)") from error
    if data[:8] != MAGIC:
        raise SnapshotError("not a packed snapshot (wrong magic number)")
    total, count = struct.unpack_from("<II", data, 8)
    memory = bytearray(total)
    position = 16 + 8 * count
    for index in range(count):
        offset, length = struct.unpack_from("<II", data, 16 + 8 * index)
        memory[offset : offset + length] = data[position : position + length]
        position += length
    if position != len(data):
        raise SnapshotError(f"packed snapshot has {len(data) - position} bytes after its last run")
    return bytes(memory)


def pyscript_sources(root: Path) -> dict[str, str]:
    """PyScript's Python package as PyScript writes it at start ({path in Python's file system: text}).

    Read out of its JavaScript, where each file is a JSON-escaped string literal; {} (nothing
    compiled ahead, nothing broken) if no chunk holds it.
    """
    for chunk in sorted((root / PYSCRIPT).glob("*.js")):
        text = chunk.read_text(encoding="utf-8")
        found = PYSCRIPT_FILES.search(text)
        if not found:
            continue
        sources, position = {}, found.end()
        while (entry := PYSCRIPT_FILE.match(text, position)) is not None:
            sources[f"{HOME}/pyscript/{entry.group(1)}"] = json.loads(entry.group(2))
            position = entry.end()
        return sources
    return {}


def ahead_sources(root: Path) -> dict[str, str]:
    """What the snapshot compiles ahead (tools/ahead.py): PyScript's package and the game's shell."""
    shell = {f"{HOME}/{path}": (root / path).read_text(encoding="utf-8") for path in SHELL}
    return {**pyscript_sources(root), **shell}


def fingerprint(root: Path, stdlib: Path | None = None) -> str:
    """A short hash of everything the snapshot depends on: the runtime, the modules and the recipe.

    ``stdlib`` is the standard library zip it is made with, when not Pyodide's own (zipimport
    keeps a zip's offsets in memory, so the worker must load that very zip with it).
    """
    digest = hashlib.sha256(json.dumps([FILES, IMPORTS]).encode())
    for path in [PYODIDE / name for name in INPUTS] + [Path(p) for p in FILES] + [SCRIPT]:
        digest.update(str(path).encode() + b"\0" + hashlib.sha256((root / path).read_bytes()).digest())
    if stdlib is not None:
        digest.update(b"stdlib\0" + hashlib.sha256(stdlib.read_bytes()).digest())
    digest.update(hashlib.sha256(json.dumps(ahead_sources(root), sort_keys=True).encode()).digest())
    digest.update(hashlib.sha256((root / AHEAD).read_bytes()).digest())
    digest.update(hashlib.sha256(Path(__file__).read_bytes()).digest())  # the packing format
    return digest.hexdigest()[:16]


def node() -> str:
    """The Node.js executable (the build needs it already: npm installs the runtime)."""
    found = shutil.which("node")
    if not found:
        raise SnapshotError("node is not on PATH: install Node.js 18 or newer (it is needed for npm ci too)")
    return found


def node_error(stderr: str) -> str:
    """What went wrong in a Node run of Pyodide, readable: Node prints the minified line that threw
    (one line of 60 kB and more) before the Python traceback, so long lines are left out.

    >>> node_error("x" * 9000 + "\\nTraceback:\\n  File a\\nImportError: no daily")
    'Traceback: | File a | ImportError: no daily'
    """
    lines = [line.strip() for line in stderr.splitlines() if line.strip() and len(line) < 500]
    return " | ".join(lines[-20:])[-2000:]


def make(root: Path, out: Path, stdlib: str | None = None) -> str:
    """Write the packed snapshot into ``out`` (unless there already) and return its site path.

    ``stdlib``: the site path (in ``out``) of the standard library zip the worker loads, when not
    Pyodide's own (tools/stdlib.py). The name carries :func:`fingerprint`, so a browser never
    pairs a cached snapshot with other modules, another standard library or another runtime.
    """
    zip_file = out / stdlib if stdlib else None
    name = f"{FOLDER}/snapshot-{fingerprint(root, zip_file)}.bin"
    target = out / name
    if target.is_file():
        return name
    with tempfile.TemporaryDirectory() as scratch:
        raw = Path(scratch) / "memory.bin"
        ahead = Path(scratch) / "ahead.json"
        ahead.write_text(json.dumps(ahead_sources(root)))
        spec = json.dumps(
            {
                "files": list(FILES),
                "imports": list(IMPORTS),
                "stdlib": str(zip_file) if zip_file else None,
                "ahead": str(ahead),
                "aheadModule": str(root / AHEAD),
            }
        )
        result = subprocess.run(
            [node(), str(root / SCRIPT), str(root / PYODIDE), str(root), str(raw), spec],
            capture_output=True,
            text=True,
            timeout=300,
        )
        if result.returncode != 0 or not raw.is_file():
            raise SnapshotError(f"tools/snapshot.mjs failed ({result.returncode}): {node_error(result.stderr)}")
        laid_out = Path(scratch) / "snapshot.raw"
        laid_out.write_bytes(layout(raw.read_bytes()))
        brotli = subprocess.run(
            [node(), str(root / BROTLI), f"--quality={BROTLI_QUALITY}", str(laid_out)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        packed = gzipped(laid_out.read_bytes())
        target.parent.mkdir(parents=True, exist_ok=True)
        if brotli.returncode == 0 and laid_out.with_name("snapshot.raw.br").is_file():
            shutil.copyfile(laid_out.with_name("snapshot.raw.br"), target.with_name(target.name + ".br"))
        else:  # hosts then send the gzip-packed file: 1.3 MB more, nothing broken
            print(f"snapshot: WARNING: no Brotli copy: {brotli.stderr.strip()[-500:]}", file=sys.stderr)
    target.write_bytes(packed)
    return name


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="site folder to write into (default dist/)")
    args = parser.parse_args(argv)
    try:
        name = make(ROOT, args.out.resolve())
    except SnapshotError as error:
        print(f"snapshot: {error}", file=sys.stderr)
        return 1
    print(f"snapshot: {args.out / name} ({(args.out / name).stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
