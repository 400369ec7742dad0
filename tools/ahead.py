"""Python compiled ahead, into the snapshot: the modules the worker's start imports from source compile nothing.

The game's worker imports PyScript's package and the game's shell from files written at start
(PyScript's imports polyscript, a JavaScript module the worker registers, so it cannot be imported
into a snapshot; the shell is left out too, tools/snapshot.py's SHELL). Compiling PyScript's and
the old shell's 87 KB of source took 88 ms of the page's main thread then (measured in Chromium).
:func:`install`, run by
tools/snapshot.mjs before the memory is saved, compiles them there and has the import system
take a compiled module when, and only when, the file's bytes are the ones compiled: a changed
file compiles as usual. It runs inside Pyodide (standard library only) and is tested in CPython.

>>> import importlib.util, pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp()); source = folder / "ahead_example.py"
>>> _ = source.write_text("ANSWER = 42\\n")
>>> code = compile(source.read_bytes(), str(source), "exec", dont_inherit=True)
>>> ahead = install({str(source): code})
>>> spec = importlib.util.spec_from_file_location("ahead_example", source)
>>> module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)
>>> module.ANSWER, len(ahead.taken), ahead.compiled
(42, 1, [])
>>> uninstall(ahead)
"""

from __future__ import annotations

import _frozen_importlib_external as external
import sys

__all__ = ["Ahead", "compiled", "install", "uninstall", "write_sources"]


def compiled(sources: dict[str, str]) -> dict[str, object]:
    """Each file's code object, compiled as the import system compiles it (by path: its text)."""
    return {path: compile(text.encode(), path, "exec", dont_inherit=True) for path, text in sources.items()}


class Ahead:
    """The code compiled ahead, by path with the source bytes it came from, and what imports found.

    ``taken``: the paths whose compiled code an import used; ``compiled``: those compiled at import
    (a file not compiled ahead, or changed since); ``before``: the modules imported when it was
    installed (in the snapshot, every module the snapshot holds).
    """

    def __init__(self, codes: dict[str, object], sources: dict[str, bytes], original) -> None:
        self.codes = codes
        self.sources = sources
        self.original = original
        self.taken: list[str] = []
        self.compiled: list[str] = []
        self.before = frozenset(sys.modules)

    def source_to_code(self, loader, data, path, **options):
        """SourceLoader.source_to_code: the code compiled ahead for exactly these bytes, else a compile."""
        if isinstance(data, bytes) and self.sources.get(path) == data:
            self.taken.append(path)
            del self.sources[path]  # each module is imported once: the bytes need not stay in memory
            return self.codes.pop(path)
        self.compiled.append(path)
        return self.original(loader, data, path, **options)


def install(codes: dict[str, object], sources: dict[str, bytes] | None = None) -> Ahead:
    """Have source imports take ``codes`` ({path: code}) while the file holds the bytes compiled.

    ``sources`` ({path: bytes}) defaults to each file's bytes now.
    """
    if sources is None:
        sources = {}
        for path in codes:
            with open(path, "rb") as file:
                sources[path] = file.read()
    ahead = Ahead(dict(codes), dict(sources), external.SourceLoader.source_to_code)

    def source_to_code(loader, data, path, **options):
        return ahead.source_to_code(loader, data, path, **options)

    source_to_code.ahead = ahead
    external.SourceLoader.source_to_code = source_to_code
    return ahead


def write_sources(prefix: str) -> list[str]:
    """Write the files compiled ahead under ``prefix`` that are not on disk, from the bytes kept: a start from
    the snapshot fetches none of the game's files (static/js/python.mjs), and the import system finds the
    shell's only on disk. The paths written.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp()); source = folder / "pkg" / "mod.py"
    >>> ahead = install({str(source): compile("X = 1", str(source), "exec")}, {str(source): b"X = 1"})
    >>> write_sources(str(folder)) == [str(source)], source.read_text(), write_sources(str(folder))
    (True, 'X = 1', [])
    >>> uninstall(ahead)
    """
    import os

    ahead = current()
    written = []
    for path, data in ahead.sources.items() if ahead else ():
        if path.startswith(prefix) and not os.path.exists(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as file:
                file.write(data)
            written.append(path)
    return written


def uninstall(ahead: Ahead) -> None:
    """Compile every import again (tests)."""
    external.SourceLoader.source_to_code = ahead.original


def current() -> Ahead | None:
    """The installed :class:`Ahead`, if any (what the browser tests read)."""
    return getattr(external.SourceLoader.source_to_code, "ahead", None)
