"""Copy the pinned runtime from node_modules/ into static/vendor/ (idempotent).

PyScript's ``dist/`` (without source maps) goes to ``static/vendor/pyscript/`` and the
Pyodide files the page needs go to ``static/vendor/pyodide/``. A file is copied only
when it is missing or differs in size or modification time, so a second run is instant.

    python3 tools/vendor.py
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

PINNED = {"@pyscript/core": "0.7.31", "pyodide": "314.0.7"}
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def _installed_version(package: str) -> str:
    manifest = MODULES / package / "package.json"
    if not manifest.is_file():
        sys.exit(f"vendor: {package} is not installed in node_modules/; run 'npm ci' first")
    return json.loads(manifest.read_text())["version"]


def copy_if_changed(source: Path, target: Path) -> bool:
    """Copy one file when it changed; return whether it was copied."""
    if target.is_file():
        s, t = source.stat(), target.stat()
        if s.st_size == t.st_size and int(s.st_mtime) == int(t.st_mtime):
            return False
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)
    return True


def planned() -> list[tuple[Path, Path]]:
    """Every (source, target) pair the vendor folder is made of."""
    pairs = []
    dist = MODULES / "@pyscript" / "core" / "dist"
    for source in sorted(dist.iterdir()):
        if source.is_file() and not source.name.endswith(".map"):
            pairs.append((source, VENDOR / "pyscript" / source.name))
    for name in PYODIDE_FILES:
        pairs.append((MODULES / "pyodide" / name, VENDOR / "pyodide" / name))
    return pairs


BROTLI_TYPES = (".wasm", ".mjs", ".js", ".json", ".css")
"""Vendored files also kept Brotli-compressed (``file.br``), made once here and copied by the build."""


def brotli(targets: list[Path]) -> list[Path]:
    """Write ``file.br`` beside each compressible vendored file with Node (tools/brotli.mjs); [] without Node."""
    files = [t for t in targets if t.name.endswith(BROTLI_TYPES) and t.stat().st_size >= 1024]
    node = shutil.which("node")
    if node is None:
        print("vendor: no node on PATH: no Brotli copies (gzip only)", file=sys.stderr)
        return []
    subprocess.run([node, str(ROOT / "tools" / "brotli.mjs"), *map(str, files)], check=True, stdout=subprocess.DEVNULL)
    return [p for f in files if (p := f.with_name(f.name + ".br")).is_file()]


def main() -> int:
    for package, version in PINNED.items():
        found = _installed_version(package)
        if found != version:
            sys.exit(f"vendor: {package} {found} is installed but {version} is pinned; run 'npm ci'")
    pairs = planned()
    wanted = {target for _, target in pairs}
    copied = sum(copy_if_changed(source, target) for source, target in pairs)
    wanted |= set(brotli(sorted(wanted)))
    stale = [p for p in VENDOR.rglob("*") if p.is_file() and p not in wanted]
    for path in stale:
        path.unlink()
    print(f"vendor: {len(pairs)} runtime files in static/vendor/ ({copied} copied, {len(stale)} stale removed)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
