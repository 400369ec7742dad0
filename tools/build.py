"""Build the deployable site into dist/: only what the game needs, a snapshot of Python, and a service worker.

The precache list is made from the files themselves and the cache version from their content
hashes, so nothing is listed by hand and any change of content makes a new version.

    python3 -m tools.build            # -> dist/
    python3 -m tools.build --out DIR
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import gzip
import hashlib
import json
import os
import re
import sys
import tomllib
from pathlib import Path

from tools import i18n, snapshot, stdlib
from tools.vendor import copy_if_changed

ROOT = Path(__file__).resolve().parent.parent
SW_SOURCE = "static/js/sw.js"

# Site files besides the game package (whose files come from pyscript.toml's [files]).
INCLUDE = (
    "index.html",
    "pyscript.toml",
    "static/manifest.webmanifest",
    "static/css/*",
    "static/js/*",
    "static/icons/*",
    "static/fonts/*.woff2",
    "static/tables/*",
    "static/vendor/pyodide/*",
    "static/vendor/pyscript/*",
)
# PyScript chunks that pyscript.toml switches off (plugins = ["!…"]) or that a page whose Python
# runs in a PyScript worker (static/js/game.mjs) never loads: shipping them would only make the
# first visit heavier.
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
    "static/js/table.js",  # inlined into the page (inline_table)
    "*.br",  # tools/vendor.py's Brotli copies travel beside their files (see compress), never on their own
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


def precached(paths: list[str]) -> list[str]:
    """What the service worker downloads at install: everything but optional advisor tables.

    Tables of the default rule sets (``yahtzee.bin``) are precached so hints and computer
    players work offline; tables of option variants (``yahtzee.joker-free.bin``) are cached
    the first time they are used.
    """
    return [p for p in paths if not (p.startswith("static/tables/") and p.count(".") > 1)]


def service_worker(source: str, paths: list[str], version: str) -> str:
    """The worker's source with its precache list and version filled in."""
    precache = json.dumps(["./" + p for p in precached(paths)], indent=2)
    return source.replace("__VERSION__", version).replace("__PRECACHE__", precache)


FULL_STDLIB = "static/vendor/pyodide/python_stdlib.zip"
"""Pyodide's whole standard library: shipped only when the trimmed one (tools/stdlib.py) cannot be made."""
PRELOAD_MARKER = "<!-- preloads: written by tools/build.py -->"
# Files worth compressing for transfer (the tables and the stdlib zip are compressed already).
COMPRESSIBLE = (".wasm", ".mjs", ".js", ".json", ".py", ".toml", ".css", ".html", ".svg", ".webmanifest", ".mo")
MANIFEST = "static/manifest.webmanifest"


def preloads(root: Path, paths: list[str]) -> list[str]:
    """<link> tags for the small modules at the head of PyScript's and Python's start (the
    snapshot's, the trimmed standard library's and the game bundle's names go into python.mjs
    itself: see :func:`starter`).

    PyScript's core (imported by static/js/game.mjs, the page's module script, found only once
    game.mjs is read) and its chunks are the page's; pyodide.mjs is the worker's, preloaded so that
    the worker, made later, finds it in the HTTP cache once it has read python.mjs. python.mjs itself
    is not: the worker's own request for it is how python.mjs tells a launch from the browser's
    store (its transferSize is 0) from a first visit, whose snapshot it watches (Pace).
    The large downloads (Pyodide's 1.2 MB module, its 9.6 MB WebAssembly, the 2.5 MB standard
    library, the 5.6 MB snapshot) are not preloaded: on a slow line they would share the first
    moments with the page's own HTML and CSS, and the form would paint later. The worker starts
    them once the page has painted.
    """
    vendor = root / "static" / "vendor" / "pyscript"
    core = re.search(r'from"\./(core-[\w-]+\.js)"', (vendor / "core.js").read_text())
    modules = ["static/vendor/pyscript/core.js"]
    if core:
        modules.append(f"static/vendor/pyscript/{core.group(1)}")
        chunk = (vendor / core.group(1)).read_text()
        # The error plugin's stub, loaded even when the plugin is off.
        modules += [
            f"static/vendor/pyscript/{name}" for name in re.findall(r'import\("\./(error-[\w-]+\.js)"\)', chunk)
        ]
    modules.append("static/vendor/pyodide/pyodide.mjs")
    modules = list(dict.fromkeys(modules))
    return [f'<link rel="modulepreload" href="./{m}">' for m in modules if m in paths]


BUNDLE = f"{snapshot.FOLDER}/game-"
"""The game bundle's name before its hash (:func:`bundle_game`)."""
STARTER = "static/js/python.mjs"
BUILT = "const BUILT = {};"
"""The line of STARTER that the build fills with the start's files (:func:`starter`)."""
STARTS = (
    ("snapshot", f"{snapshot.FOLDER}/snapshot-"),
    ("stdlib", f"{snapshot.FOLDER}/stdlib-"),
    ("rest", f"{snapshot.FOLDER}/rest-"),
    ("files", BUNDLE),
)
"""The files STARTER reads by name (their names carry a hash): its name for each, the file name's start."""


DOWNLOADS = (
    "static/vendor/pyodide/pyodide.asm.wasm",
    "static/vendor/pyodide/pyodide-lock.json",
    FULL_STDLIB,
    f"{snapshot.FOLDER}/stdlib-",
    f"{snapshot.FOLDER}/rest-",
    BUNDLE,
)
"""The files a start downloads besides the snapshot, by path or its start: their sizes go into STARTER's
BUILT.sizes, the total of the page's progress bar (a start from the snapshot takes the rest of the standard
library, one without it the whole trimmed zip and the game's files: python.mjs counts the others done)."""


def starter(root: Path, paths: list[str], out: Path | None = None) -> str:
    """static/js/python.mjs with the snapshot's, the trimmed standard library's and the game
    bundle's addresses (relative to it) in its BUILT table; in a worker it has no page to read them from.
    With ``out`` (the built site), also the sizes of the start's downloads (:data:`DOWNLOADS`), as the
    browser counts them (decoded), for the loading's progress.
    """
    text = (root / STARTER).read_text()
    if BUILT not in text:
        raise SystemExit(f"build: {STARTER} lacks {BUILT!r}")
    folder = str(Path(STARTER).parent)
    built = {name: os.path.relpath(p, folder) for name, prefix in STARTS for p in paths if p.startswith(prefix)}
    if out is not None:
        downloads = [p for p in paths if p.startswith(DOWNLOADS) and (out / p).is_file()]
        built["sizes"] = {os.path.relpath(p, folder): (out / p).stat().st_size for p in downloads}
    return text.replace(BUILT, f"const BUILT = {json.dumps(built)};")


def bundle_game(root: Path, out: Path) -> tuple[str, list[str]]:
    """Write pyscript.toml's [files] (the game package) as one JSON file,
    ``static/python/game-<hash>.json`` ({path in Python's file system: text}); its site path, and
    the source paths it carries (the site needs them no more).

    static/js/python.mjs fetches it as the worker starts (beside the runtime's downloads, not after
    Python is up as PyScript's [files] are) and writes it into Python's file system; the built
    config then lists no [files]. One request instead of one per module, cached for good (hashed).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     name, sources = bundle_game(ROOT, Path(tmp))
    ...     files = json.loads((Path(tmp) / name).read_text())
    >>> re.fullmatch(r"static/python/game-[0-9a-f]{16}\\.json", name) is not None, sorted(files) == sources
    (True, True)
    """
    listed = tomllib.loads((root / "pyscript.toml").read_text()).get("files", {})
    pairs = {source.removeprefix("./"): target.removeprefix("./") for source, target in listed.items()}
    files = {target: (root / source).read_text(encoding="utf-8") for source, target in pairs.items()}
    data = json.dumps(files, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()
    name = f"{BUNDLE}{hashlib.sha256(data).hexdigest()[:16]}.json"
    write_if_changed(out / name, data)
    return name, sorted(pairs)


CONFIG_ATTRIBUTE = 'config="./pyscript.toml"'
"""index.html's config for Python's worker, on the element static/js/game.mjs reads it from: the
build puts pyscript.toml there as JSON (:func:`page_with_preloads`)."""
MARKUP_MARKER = re.compile(r"^([ \t]*)<!-- markup:([\w-]+) -->[ \t]*$", re.M)
"""``<!-- markup:NAME -->`` on a line of its own in index.html: replaced by that part of the page."""


def page_markup(texts: dict | None = None, build_id: str = "") -> dict[str, str]:
    """The parts of index.html that Python writes (game.present.forms and markup), by marker name.

    They are the real setup form, an empty tray of the first rule set's dice and the language
    picker, in the default language, so the first paint shows them before Python starts; boot.js's
    messages in every language of ``texts`` (code -> game.core.i18n.Text); and the build's id, which a
    kept table must carry to be painted (static/js/table.js). (Rendered by this checkout's ``game`` package.)
    """
    from game.core import i18n as words
    from game.core import variants
    from game.present import boot, forms, markup

    texts = texts or {words.DEFAULT: words.ENGLISH}
    first = next(iter(variants.VARIANTS.values()))
    data = {
        "key": boot.LANGUAGE_KEY,
        "tags": words.PRIMARY_TAGS,
        "default": words.DEFAULT,
        "words": {code: boot.boot_words(t) for code, t in texts.items()},
    }
    block = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return {
        "setup-form": forms.setup_form(),
        "tray": markup.tray(first.ruleset().dice),
        "language": forms.language_picker(words.DEFAULT),
        "boot-words": f'<script type="application/json" id="boot-words">{block}</script>',
        "build": f'<meta name="yacht-build" content="{build_id}">',
    }


def catalogues(out: Path, root: Path = ROOT) -> tuple[list[str], dict]:
    """Every language's compiled catalogue and web app manifest, written into ``out``.

    Stops the build (tools.i18n.CatalogueError, naming each problem) when a language lacks a
    translation, holds a fuzzy one, or no longer matches the game's strings. Returns the files
    written (relative paths) and each language's Text.
    """
    from game.core.i18n import DEFAULT, ENGLISH, LANGUAGES, Text
    from game.present import boot

    i18n.check(root)
    manifest = json.loads((root / MANIFEST).read_text())
    paths, texts = [], {DEFAULT: ENGLISH}
    for code in LANGUAGES:
        if code == DEFAULT:
            continue
        data = i18n.compiled(code, root)
        texts[code] = Text.from_mo(code, data)
        target = i18n.mo_name(code)
        write_if_changed(out / target, data)
        localized = manifest | boot.manifest_words(texts[code]) | {"lang": code}
        name = manifest_name(code)
        write_if_changed(out / name, json.dumps(localized, ensure_ascii=False, indent=2) + "\n")
        paths += [target, name]
    return paths, texts


def manifest_name(code: str) -> str:
    """A language's web app manifest (the default language's is static/manifest.webmanifest itself).

    >>> manifest_name("sv"), manifest_name("en")
    ('static/manifest.sv.webmanifest', 'static/manifest.webmanifest')
    """
    from game.core.i18n import DEFAULT

    return MANIFEST if code == DEFAULT else MANIFEST.replace(".webmanifest", f".{code}.webmanifest")


def render_markup(text: str, parts: dict[str, str] | None = None) -> str:
    """``text`` with each markup marker replaced by its part, indented like the marker.

    Every part must have its marker and every marker a part: else the build stops, naming them.

    >>> render_markup("<ol>\\n  <!-- markup:x -->\\n</ol>", {"x": "<li>1</li>\\n<li>2</li>"})
    '<ol>\\n  <li>1</li>\\n  <li>2</li>\\n</ol>'
    """
    parts = page_markup() if parts is None else parts
    found = [m.group(2) for m in MARKUP_MARKER.finditer(text)]
    missing = [name for name in parts if name not in found]
    unknown = [name for name in found if name not in parts]
    if missing or unknown or len(found) != len(set(found)):
        raise SystemExit(
            f"build: index.html needs each of {', '.join(f'<!-- markup:{n} -->' for n in parts)} once, on a line of its own"
            f" (missing: {', '.join(missing) or 'none'}; unknown: {', '.join(unknown) or 'none'}; found: {', '.join(found) or 'none'})"
        )

    def part(marker: re.Match) -> str:
        indent = marker.group(1)
        return "\n".join(indent + line if line else line for line in parts[marker.group(2)].splitlines())

    return MARKUP_MARKER.sub(part, text)


TABLE_SCRIPT = '<script src="./static/js/table.js"></script>'
"""index.html's tag for static/js/table.js, which the build puts inline (:func:`inline_table`)."""
CSP_SCRIPTS = "script-src 'self'"


def inline_table(text: str, root: Path = ROOT) -> str:
    """The page with static/js/table.js inline in place of its tag, and its hash in the page's CSP: the last
    table is painted before the first paint, with nothing to fetch first (a later launch's whole point).

    >>> page = inline_table(f'<meta content="{CSP_SCRIPTS} data:">{TABLE_SCRIPT}')
    >>> "'sha256-" in page and TABLE_SCRIPT not in page and "<script>" in page
    True
    """
    source = (root / "static" / "js" / "table.js").read_text(encoding="utf-8")
    if "</script" in source.lower() or TABLE_SCRIPT not in text or CSP_SCRIPTS not in text:
        raise SystemExit(f"build: index.html needs {TABLE_SCRIPT!r} and {CSP_SCRIPTS!r}, and table.js no </script>")
    digest = base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
    text = text.replace(CSP_SCRIPTS, f"{CSP_SCRIPTS} 'sha256-{digest}'", 1)
    return text.replace(TABLE_SCRIPT, f"<script>{source}</script>", 1)


def build_id(root: Path, out: Path, paths: list[str]) -> str:
    """What a kept table must match to be painted: every shipped file but the page, and the page's source and
    table.js (the page itself carries the id, so it cannot be among its inputs)."""
    digest = hashlib.sha256(content_version(out, [p for p in paths if p != "index.html"]).encode())
    for source in ("index.html", "static/js/table.js"):
        digest.update(hashlib.sha256((root / source).read_bytes()).digest())
    return digest.hexdigest()[:16]


def page_with_preloads(root: Path, paths: list[str], texts: dict | None = None, build: str = "") -> str:
    """index.html with its markup markers rendered, the preload tags in place of their marker and
    pyscript.toml inlined as JSON (without [files] when the game bundle is among ``paths``) where
    static/js/game.mjs reads the worker's config.

    Inlining the config saves the worker a request and PyScript's TOML parser (a module of its own).
    """
    text = inline_table(render_markup((root / "index.html").read_text(), page_markup(texts, build)), root)
    if PRELOAD_MARKER not in text or CONFIG_ATTRIBUTE not in text:
        raise SystemExit(f"build: index.html lacks {PRELOAD_MARKER!r} or {CONFIG_ATTRIBUTE!r}")
    config = tomllib.loads((root / "pyscript.toml").read_text())
    if any(p.startswith(BUNDLE) for p in paths):
        del config["files"]  # python.mjs writes them from the bundle (bundle_game)
    config = json.dumps(config, separators=(",", ":"))
    inline = "config='" + config.replace("&", "&amp;").replace("'", "&#39;") + "'"
    return text.replace(PRELOAD_MARKER, "\n  ".join(preloads(root, paths))).replace(CONFIG_ATTRIBUTE, inline)


CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def lean_css(text: str) -> str:
    r"""A style sheet without its comments and indents: the same rules in 21 KB gzipped instead of 36. It blocks the
    first paint (Lighthouse mobile, one run each: LCP 1.84 s with them, 1.81 s without).

    >>> lean_css("/* why */\n.a {\n  color: red; /* a reason */\n}\n\n")
    '.a {\ncolor: red;\n}\n'
    """
    lines = (line.strip() for line in CSS_COMMENT.sub("", text).splitlines())
    return "".join(f"{line}\n" for line in lines if line)


def copy_site_file(root: Path, out: Path, path: str) -> bool:
    """Copy one site file into ``out`` as it is, a style sheet without its comments (:func:`lean_css`)."""
    if path.endswith(".css"):
        return write_if_changed(out / path, lean_css((root / path).read_text(encoding="utf-8")))
    return copy_if_changed(root / path, out / path)


def write_if_changed(target: Path, content: str | bytes) -> bool:
    """Write a generated file (text or bytes) only when its content changes (keeps the HTTP cache warm)."""
    data = content.encode() if isinstance(content, str) else content
    if target.is_file() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return True


def compress(out: Path, paths: list[str], root: Path = ROOT) -> list[Path]:
    """Write ``file.gz`` beside each compressible file, and copy the ``file.br`` tools/vendor.py made,
    for servers that serve pre-compressed files."""
    written = []
    for path in paths:
        if (root / f"{path}.br").is_file():
            copy_if_changed(root / f"{path}.br", out / f"{path}.br")
            written.append(out / f"{path}.br")
        elif path.startswith(snapshot.FOLDER + "/") and (out / f"{path}.br").is_file():
            written.append(out / f"{path}.br")  # the snapshot's, made with it (tools/snapshot.py)
    for path in paths + ["sw.js"]:
        source = out / path
        if not path.endswith(COMPRESSIBLE) or source.stat().st_size < 1024:
            continue
        target = source.with_name(source.name + ".gz")
        if not target.is_file() or target.stat().st_mtime < source.stat().st_mtime:
            data = source.read_bytes()
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) > 0.9 * len(data):
                continue
            target.write_bytes(packed)
        written.append(target)
    return written


def build(out: Path, root: Path = ROOT) -> tuple[list[str], str]:
    """Copy the site into ``out`` (only changed files), make the Python snapshot, write sw.js and .gz files, drop stale files."""
    bundle, packaged = bundle_game(root, out)
    paths = [p for p in site_files(root) if p not in packaged] + [bundle]
    copied = sum(copy_site_file(root, out, p) for p in paths if p not in ("index.html", bundle, STARTER))
    written, texts = catalogues(out, root)
    paths = sorted(paths + written)
    trimmed = None
    try:
        trimmed = stdlib.make(root, out, paths)
        paths = sorted([p for p in paths if p != FULL_STDLIB] + [trimmed])
    except (stdlib.StdlibError, snapshot.SnapshotError) as error:
        # The page loads Pyodide's whole standard library instead (1.7 MB more): say so.
        print(f"build: WARNING: the whole standard library is shipped: {error}", file=sys.stderr)
    try:
        made = snapshot.make(root, out, stdlib=trimmed)
        rest = snapshot.rest_name(made)
        paths = sorted(paths + [made] + ([rest] if trimmed and (out / rest).is_file() else []))
    except snapshot.SnapshotError as error:
        # The page starts Python without it (slower): say so, but still build a working site.
        print(f"build: WARNING: no Python snapshot, the game will start slower: {error}", file=sys.stderr)
    copied += write_if_changed(out / STARTER, starter(root, paths, out))
    page = page_with_preloads(root, paths, texts, build_id(root, out, paths))
    copied += write_if_changed(out / "index.html", page)
    version = content_version(out, paths)
    write_if_changed(out / "sw.js", service_worker((root / SW_SOURCE).read_text(), paths, version))
    packed = compress(out, paths, root)
    wanted = {out / p for p in paths} | {out / "sw.js"} | set(packed)
    stale = [p for p in out.rglob("*") if p.is_file() and p not in wanted]
    for path in stale:
        path.unlink()
    for folder in sorted((p for p in out.rglob("*") if p.is_dir()), reverse=True):  # deepest first
        if not any(folder.iterdir()):
            folder.rmdir()  # left empty (the game package's, now bundled)
    size = sum((out / p).stat().st_size for p in paths)
    print(
        f"build: {len(paths)} files ({size / 1e6:.1f} MB, {len(packed)} with .gz) in {out} — version {version}; {copied} copied, {len(stale)} stale removed"
    )
    return paths, version


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    args = parser.parse_args(argv)
    build(args.out.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
