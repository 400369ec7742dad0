"""Build the deployable site into dist/: only what the game needs, plus a generated service worker.

The precache list is made from the files themselves and the cache version from their content
hashes, so nothing is listed by hand and any change of content makes a new version.

    python3 -m tools.build            # -> dist/
    python3 -m tools.build --out DIR
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import sys
import tomllib
from pathlib import Path

from tools.vendor import copy_if_changed

ROOT = Path(__file__).resolve().parent.parent
SW_SOURCE = "static/js/sw.js"

# Site files besides the game package (whose files come from pyscript.toml's [files]).
INCLUDE = (
    "index.html",
    "pyscript.toml",
    "static/main.py",
    "static/manifest.webmanifest",
    "static/css/*",
    "static/js/*",
    "static/icons/*",
    "static/tables/*",
    "static/vendor/pyodide/*",
    "static/vendor/pyscript/*",
)
# PyScript chunks that pyscript.toml switches off (plugins = ["!…"]) or that a py-only,
# main-thread page never loads: shipping them would only make the first visit heavier.
EXCLUDE = (
    SW_SOURCE,
    "static/vendor/pyscript/codemirror*",
    "static/vendor/pyscript/py-editor-*",
    "static/vendor/pyscript/py-game-*",
    "static/vendor/pyscript/py-terminal-*",
    "static/vendor/pyscript/xterm*",
    "static/vendor/pyscript/donkey-*",
    "static/vendor/pyscript/deprecations-manager-*",
    "static/vendor/pyscript/mpy-*",
    "static/vendor/pyscript/service-worker.js",
    "static/vendor/pyscript/storage.js",
)


def site_files(root: Path = ROOT) -> list[str]:
    """Relative paths of every file the deployed site holds (the service worker aside)."""
    config = tomllib.loads((root / "pyscript.toml").read_text())
    paths = {source.removeprefix("./") for source in config.get("files", {})}
    for pattern in INCLUDE:
        paths.update(str(p.relative_to(root)) for p in root.glob(pattern) if p.is_file())
    kept = sorted(p for p in paths if not any(fnmatch.fnmatch(p, x) for x in EXCLUDE))
    missing = [p for p in kept if not (root / p).is_file()]
    if missing:
        raise SystemExit(f"build: missing {', '.join(missing)} (run 'make setup' first?)")
    return kept


def content_version(root: Path, paths: list[str]) -> str:
    """A short hash of every file's path and content: changes whenever any file does."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.encode() + b"\0" + hashlib.sha256((root / path).read_bytes()).digest())
    return digest.hexdigest()[:16]


def service_worker(source: str, paths: list[str], version: str) -> str:
    """The worker's source with its precache list and version filled in."""
    precache = json.dumps(["./" + p for p in paths], indent=2)
    return source.replace("__VERSION__", version).replace("__PRECACHE__", precache)


def build(out: Path, root: Path = ROOT) -> tuple[list[str], str]:
    """Copy the site into ``out`` (only changed files), write sw.js, and drop stale files."""
    paths = site_files(root)
    version = content_version(root, paths)
    copied = sum(copy_if_changed(root / p, out / p) for p in paths)
    (out / "sw.js").write_text(service_worker((root / SW_SOURCE).read_text(), paths, version))
    wanted = {out / p for p in paths} | {out / "sw.js"}
    stale = [p for p in out.rglob("*") if p.is_file() and p not in wanted]
    for path in stale:
        path.unlink()
    size = sum((root / p).stat().st_size for p in paths)
    print(f"build: {len(paths)} files ({size / 1e6:.1f} MB) in {out} — version {version}; {copied} copied, {len(stale)} stale removed")
    return paths, version


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    args = parser.parse_args(argv)
    build(args.out.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
