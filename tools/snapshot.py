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

The memory is 31 MB: Pyodide's static data (3.4 MB, which the WebAssembly module's data segments
write when it is instantiated, some of it changed since), the heap (11 MB in use) and zero pages.
:func:`pack` keeps the non-zero 4 KiB pages but leaves out those that still read as the freshly
instantiated module has them (INITIAL runs) and carries the changed static pages XORed with it
(DELTA runs): the worker completes both from its own instance of the module before Pyodide restores
the memory. tools/snapshot.mjs also leaves the docstrings out and zeroes the allocator's free blocks
and the dead C stack first. The result is gzipped (4.4 MB), which python.mjs unpacks with the
browser's DecompressionStream: a plain file to any host, no server-side compression needed.
Beside it, ``snapshot-<hash>.bin.br`` is the same pages without gzip, Brotli-compressed (3.5 MB; it
was 4.9 MB before the INITIAL and DELTA runs and the docstrings): a host that serves ``.br`` copies
sends that, the browser decodes it, and python.mjs sees the pages' header instead of gzip's and
reads them as they are.

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
import zipfile
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
"""The Brotli copy's quality: 3.46 MB in 3 s (10: 3.23 MB in 13 s; 11, the highest: 3.13 MB in 25 s,
each build; measured on this snapshot, a loaded 2-core machine; gzip: 4.41 MB)."""

MAGIC = b"YSNAP\x00\x02\x00"
"""The packed snapshot's first bytes; the seventh is the format's version (2: runs may refer to the
initial memory), so that a reader of another version refuses the file instead of misreading it."""
PAGE = 4096
HEADER = struct.Struct("<8sIII")
"""MAGIC, the memory's length, the number of runs, and where the heap starts in the memory."""
RUN = struct.Struct("<III")
"""A run: its offset in the memory, its length, and where its bytes come from (CARRIED, INITIAL or DELTA)."""
CARRIED = 0
"""A run whose bytes the packed file carries, in order after the runs."""
INITIAL = 1
"""A run whose bytes are the module's initial memory at the run's heap address (offset less the
heap's start): the data segments Pyodide's WebAssembly module writes when instantiated, which the
worker copies from its own instance (static/js/python.mjs); the file carries none of them."""
DELTA = 2
"""A run the file carries XORed with the initial memory at its heap address (zeros past its end):
static data that start-up changed in places, mostly zeros so (0.10 MB of Brotli -> 0.04 MB)."""


class SnapshotError(RuntimeError):
    """The snapshot could not be made or read; the message says why."""


def pack(memory: bytes, initial: bytes = b"", base: int = 0) -> bytes:
    """The memory without its zero pages or those as the initial memory has them (:func:`layout`), gzipped.

    >>> memory = bytes(8192) + b"python" + bytes(4090) + bytes(4096)
    >>> len(pack(memory)) < 100 and unpack(pack(memory)) == memory == unpack(layout(memory))
    True
    """
    return gzipped(layout(memory, initial, base))


def gzipped(laid_out: bytes) -> bytes:
    """A :func:`layout` gzip-packed, as :func:`pack` and the build write it."""
    return gzip.compress(laid_out, compresslevel=9, mtime=0)


def layout(memory: bytes, initial: bytes = b"", base: int = 0) -> bytes:
    """The memory without its zero pages: header, runs (offset, length, source), then the carried runs' bytes.

    ``memory`` is Pyodide's snapshot, the heap from offset ``base`` on (heap address 0 is there);
    ``initial`` is the module's memory as instantiation leaves it, from heap address 0 (zeros after its
    end). A non-zero 4 KiB page that reads as ``initial`` has it at its heap address goes in an INITIAL
    run, without its bytes; another one at a heap address ``initial`` covers in a DELTA run, XORed
    with it; any other non-zero page in a CARRIED one.

    >>> initial = b"static data!" * 1100
    >>> memory = bytearray(b"head" + initial[:12284])  # heap address 0 at offset 4, all as instantiated
    >>> memory[8192:8198] = b"python"  # but 6 bytes of the third page, which start-up changed
    >>> laid_out = layout(bytes(memory), initial, base=4)
    >>> [RUN.unpack_from(laid_out, HEADER.size + RUN.size * i) for i in range(HEADER.unpack_from(laid_out)[2])]
    [(0, 4096, 0), (4096, 4096, 1), (8192, 4096, 2)]
    >>> laid_out[-PAGE:].rstrip(bytes(1))  # the DELTA page's bytes: zeros where nothing changed
    b'\\x19\\x1aT\\x0c\\x0e\\x1a'
    >>> len(laid_out) == HEADER.size + 3 * RUN.size + 2 * PAGE and unpack(laid_out, initial) == memory
    True
    """
    if not 0 <= base <= len(memory):
        raise SnapshotError(f"the heap's start ({base}) lies outside the memory")
    runs: list[tuple[int, int, int]] = []
    zero = bytes(PAGE)
    view = memoryview(memory)
    for start in range(0, len(memory), PAGE):
        end = min(start + PAGE, len(memory))
        page = view[start:end]
        if page == zero[: end - start]:
            continue
        if start < base or start - base >= len(initial):
            source = CARRIED
        else:
            source = INITIAL if initial[start - base : end - base] == page else DELTA
        if runs and runs[-1][0] + runs[-1][1] == start and runs[-1][2] == source:
            runs[-1] = (runs[-1][0], end - runs[-1][0], source)
        else:
            runs.append((start, end - start, source))
    # The runs in the order their bytes come, the DELTA ones last: mostly zeros, they pack the
    # tightest, and first they would make a slow line's first bytes look fast to the worker's pace.
    runs.sort(key=lambda run: run[2] == DELTA)
    header = HEADER.pack(MAGIC, len(memory), len(runs), base)
    table = b"".join(RUN.pack(*run) for run in runs)
    body = b"".join(
        view[offset : offset + length]
        if source == CARRIED
        else xor(view[offset : offset + length], initial, offset - base)
        for offset, length, source in runs
        if source != INITIAL
    )
    return header + table + body


def xor(data: bytes, initial: bytes, start: int) -> bytes:
    """The bytes XORed with the initial memory from ``start`` on (zeros past its end): a DELTA run's.

    >>> xor(b"abcd", b"abc", 1), xor(xor(b"abcd", b"abc", 1), b"abc", 1)
    (b'\\x03\\x01cd', b'abcd')
    """
    against = initial[start : start + len(data)]
    against = bytes(against) + bytes(len(data) - len(against))
    return (int.from_bytes(data, "little") ^ int.from_bytes(against, "little")).to_bytes(len(data), "little")


def unpack(packed: bytes, initial: bytes = b"") -> bytes:
    """The memory that :func:`pack` packed, or its :func:`layout` as a host's Brotli copy arrives
    once the browser has decoded it (the same steps as static/js/python.mjs), its INITIAL and
    DELTA runs read against ``initial``, the module's initial memory.

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
    if len(data) < HEADER.size:
        raise SnapshotError("packed snapshot is cut short in its header")
    _, total, count, base = HEADER.unpack_from(data)
    position = HEADER.size + RUN.size * count
    if position > len(data):
        raise SnapshotError("packed snapshot is cut short in its runs")
    memory = bytearray(total)
    for index in range(count):
        offset, length, source = RUN.unpack_from(data, HEADER.size + RUN.size * index)
        if offset + length > total:
            raise SnapshotError(f"a run of the packed snapshot lies outside its memory ({offset} + {length})")
        if source not in (CARRIED, INITIAL, DELTA):
            raise SnapshotError(f"a run of the packed snapshot has an unknown source ({source})")
        if source != CARRIED and offset < base:
            raise SnapshotError(f"a run of initial memory lies before the heap ({offset}, heap at {base})")
        if source == INITIAL:
            if offset - base + length > len(initial):
                raise SnapshotError(f"a run of initial memory lies outside it ({offset} + {length}, heap at {base})")
            memory[offset : offset + length] = initial[offset - base : offset - base + length]
            continue
        if position + length > len(data):
            raise SnapshotError("packed snapshot is cut short in its bytes")
        carried = data[position : position + length]
        memory[offset : offset + length] = carried if source == CARRIED else xor(carried, initial, offset - base)
        position += length
    if position != len(data):
        raise SnapshotError(f"packed snapshot has {len(data) - position} bytes after its last run")
    return bytes(memory)


def heap_start(snapshot: bytes) -> int:
    """Where the heap starts in a Pyodide memory snapshot: its header (a magic number, this offset,
    the length of the JSON after them, ...; pyodide.asm.mjs's makeSnapshot) comes first.

    >>> heap_start(bytes(4) + (128).to_bytes(4, "little") + bytes(200))
    128
    """
    start = int.from_bytes(snapshot[4:8], "little") if len(snapshot) >= 8 else 0
    if not 16 <= start <= len(snapshot) or start % 16:
        raise SnapshotError(f"not a Pyodide memory snapshot (its heap would start at {start})")
    return start


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
    if target.is_file() and (zip_file is None or (out / rest_name(name)).is_file()):
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
        if result.returncode != 0 or not raw.is_file() or not raw.with_name(raw.name + ".initial").is_file():
            raise SnapshotError(f"tools/snapshot.mjs failed ({result.returncode}): {node_error(result.stderr)}")
        if zip_file is not None:
            loaded = json.loads(raw.with_name(raw.name + ".loaded.json").read_text())
            write_rest(zip_file, loaded, out / rest_name(name))
        memory, initial = raw.read_bytes(), raw.with_name(raw.name + ".initial").read_bytes()
        laid_out = Path(scratch) / "snapshot.raw"
        laid_out.write_bytes(layout(memory, initial, heap_start(memory)))
        if unpack(laid_out.read_bytes(), initial) != memory:  # never ship one that does not give it back
            raise SnapshotError("the packed snapshot does not unpack to the memory")
        del memory, initial
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


def rest_name(name: str) -> str:
    """The site path of the standard library a start from snapshot ``name`` loads (:func:`write_rest`).

    >>> rest_name("static/python/snapshot-0123456789abcdef.bin")
    'static/python/rest-0123456789abcdef.zip'
    """
    return name.replace("/snapshot-", "/rest-").removesuffix(".bin") + ".zip"


def write_rest(zip_file: Path, loaded: list[str], target: Path) -> None:
    """The standard library zip without the files the snapshot has loaded: all a start from it can still
    import (tools/snapshot.mjs drops zipimport's copy of the whole zip's directory, so the restored
    interpreter reads this one's). 0.07 MB where the whole trimmed zip is 0.87 MB: Pyodide's own start
    loads most of it, and that is in the snapshot already."""
    from tools.stdlib import trim  # tools/stdlib imports this module

    with zipfile.ZipFile(zip_file) as whole:
        names = [info.filename for info in whole.infolist()]
    gone = set(loaded)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(trim(zip_file, [n for n in names if n not in gone]))


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
