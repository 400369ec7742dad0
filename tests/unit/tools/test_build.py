"""The deployable site: what dist/ holds, the precache list, preloads and pre-compressed files."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import shutil
import tomllib
import zipfile

import pytest

from tests.helpers.site import build_copy, build_dist
from tools import build, snapshot, stdlib
from tools.serve import ROOT

needs_vendor = pytest.mark.skipif(
    not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").is_file(),
    reason="static/vendor/ is made by setup (make setup)",
)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One whole build, for the tests that read it: (its folder, its paths, its version). Its trimmed standard
    library and snapshot (each made under Node: most of a build's time) are dist/'s, made once a run for the browser
    tests too: each is named by a hash of all its inputs (the recipe's files among them), so the build finds them
    made, as it finds them in dist/ when nothing they are made of changed."""
    out = tmp_path_factory.mktemp("built") / "site"
    build_dist()
    paths, version = build_copy(ROOT, out)
    return out, paths, version


@needs_vendor
def test_build_writes_site_worker_preloads_and_gzip(built):
    out, paths, version = built
    assert "index.html" in paths and "pyscript.toml" in paths
    assert not any("py-editor" in p or "xterm" in p or p.endswith(".map") for p in paths)
    page = (out / "index.html").read_text()
    assert build.PRELOAD_MARKER not in page
    # The setup form and the tray are rendered by game.present.forms and markup: no marker is left.
    assert "<!-- markup:" not in page
    assert '<form id="setup-form" novalidate>' in page and 'name="rules" value="yahtzee" checked' in page
    assert page.count('class="die die-empty"') == 5
    # PyScript's core (game.mjs imports it) and the worker's pyodide.mjs are preloaded; python.mjs is
    # not: the worker's own request for it tells python.mjs whether the browser holds the site.
    preloaded = re.findall(r'<link rel="modulepreload" href="\./([^"]+)"', page)
    assert "static/vendor/pyscript/core.js" in preloaded and "static/vendor/pyodide/pyodide.mjs" in preloaded
    assert any(re.fullmatch(r"static/vendor/pyscript/core-[\w-]+\.js", p) for p in preloaded)
    assert not any(p.endswith("python.mjs") for p in preloaded)
    # Python runs only in the worker game.mjs starts: no Python script on the page.
    assert '<script type="py"' not in page and "static/js/game.mjs" in page
    # The runtime's megabytes are not preloaded: on a slow line they would hold up the form's paint.
    for large in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"):
        assert large not in page, large
    # pyscript.toml is inlined as JSON where game.mjs reads the worker's config (no request, no TOML
    # parser), and says the same.
    inline = json.loads(
        re.search(
            r"<script type=\"module\" src=\"\./static/js/game\.mjs\" data-python-config config='([^']*)'", page
        ).group(1)
    )
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert inline == {k: v for k, v in config.items() if k != "files"}
    # [files] travel as one hashed bundle that python.mjs writes into Python's file system: named in
    # its BUILT table (read in the worker, where there is no page), precached, holding every listed
    # file as it is; the files themselves are not shipped.
    starter = (out / build.STARTER).read_text()
    built = json.loads(re.search(r"^const BUILT = (\{.*\});$", starter, re.M).group(1))
    [bundle] = [p for p in paths if p.startswith("static/python/game-")]
    assert built["files"] == "../python/" + bundle.removeprefix("static/python/")
    assert '<meta name="python-' not in page
    shipped = json.loads((out / bundle).read_text())
    assert shipped == {t.removeprefix("./"): (ROOT / s).read_text() for s, t in config["files"].items()}
    assert not any(p.startswith("game/") for p in paths) and not (out / "game").exists()
    worker = (out / "sw.js").read_text()
    assert f'const VERSION = "{version}"' in worker
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker, re.S).group(1))
    assert listed == ["./" + p for p in build.precached(paths)] and "./" + bundle in listed
    wasm = out / "static/vendor/pyodide/pyodide.asm.wasm"
    assert gzip.decompress((out / "static/vendor/pyodide/pyodide.asm.wasm.gz").read_bytes()) == wasm.read_bytes()
    # The Python snapshot: named by its inputs' hash, named in a <meta> (not preloaded), precached, and whole.
    [python_snapshot] = [p for p in paths if p.startswith("static/python/snapshot-")]
    assert re.fullmatch(r"static/python/snapshot-[0-9a-f]{16}\.bin", python_snapshot)
    assert built["snapshot"] == "../python/" + python_snapshot.removeprefix("static/python/")
    assert "./" + python_snapshot in listed
    # (Whole: the build unpacks it against the module's initial memory before it ships it.)
    _, total, count, _ = snapshot.HEADER.unpack_from(gzip.decompress((out / python_snapshot).read_bytes()))
    assert total > 16 * 2**20 and count > 0
    # Its Brotli copy (the pages without gzip) is smaller, and kept by the build.
    assert 0 < (out / f"{python_snapshot}.br").stat().st_size < 0.85 * (out / python_snapshot).stat().st_size
    # The standard library the game loads, not Pyodide's whole one: named in a <meta>, precached, and
    # the snapshot made with it (its name's hash covers the zip).
    [trimmed] = [p for p in paths if p.startswith("static/python/stdlib-")]
    assert built["stdlib"] == "../python/" + trimmed.removeprefix("static/python/") and "./" + trimmed in listed
    assert build.FULL_STDLIB not in paths and not (out / build.FULL_STDLIB).exists()
    assert python_snapshot == f"static/python/snapshot-{snapshot.fingerprint(ROOT, out / trimmed)}.bin"
    with zipfile.ZipFile(out / trimmed) as z, zipfile.ZipFile(ROOT / build.FULL_STDLIB) as whole:
        kept = set(z.namelist())
        assert {"json/__init__.py", "asyncio/__init__.py", "gettext.py", "html/__init__.py"} <= kept
        assert kept < set(whole.namelist()) and "pydoc.py" not in kept and "unittest/__init__.py" not in kept
    # A start from the snapshot loads only the rest of it: what the snapshot has not loaded (Pyodide's own start
    # loads most of the zip), named after the snapshot, precached.
    [rest] = [p for p in paths if p.startswith("static/python/rest-")]
    assert rest == snapshot.rest_name(python_snapshot) and "./" + rest in listed
    assert built["rest"] == "../python/" + rest.removeprefix("static/python/")
    with zipfile.ZipFile(out / rest) as z:
        assert set(z.namelist()) < kept and "json/__init__.py" not in z.namelist()
    assert (out / rest).stat().st_size < 0.2 * (out / trimmed).stat().st_size
    # The last table's painter (static/js/table.js) runs inline, allowed by its hash in the page's CSP, and is
    # not shipped as a file; the page names its build, which a kept table must match to be painted.
    source = (ROOT / "static/js/table.js").read_text()
    assert f"<script>{source}</script>" in page and build.TABLE_SCRIPT not in page
    assert "static/js/table.js" not in paths
    digest = base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}'" in page
    [build_id] = re.findall(r'<meta name="yacht-build" content="([0-9a-f]{16})">', page)
    assert build_id == build.build_id(ROOT, out, paths)
    # A second build changes nothing and keeps the version.
    assert build.build(out)[1] == version
    assert re.findall(r'<meta name="yacht-build" content="([0-9a-f]{16})">', (out / "index.html").read_text()) == [
        build_id
    ]
    # A file of the game changed: another build, whose page paints no table kept by this one.
    (out / "static/css/app.css").write_text("/* changed */")
    assert build.build_id(ROOT, out, paths) != build_id


def test_variant_tables_are_cached_on_use_not_precached():
    paths = [
        "index.html",
        "static/tables/yahtzee.bin",
        "static/tables/yahtzee.joker-free.bin",
        "static/tables/yatzy.bin",
    ]
    assert build.precached(paths) == ["index.html", "static/tables/yahtzee.bin", "static/tables/yatzy.bin"]


@needs_vendor
def test_without_a_snapshot_the_build_still_makes_a_working_site(built, tmp_path, monkeypatch, capsys):
    def fail(root, out, **options):
        raise snapshot.SnapshotError("node is not on PATH (simulated)")

    monkeypatch.setattr(snapshot, "make", fail)
    # The trimmed standard library is the whole build's (named by its inputs' hash, it is found, not made again).
    [trimmed] = [p for p in built[1] if p.startswith("static/python/stdlib-")]
    (tmp_path / "site" / trimmed).parent.mkdir(parents=True)
    shutil.copy(built[0] / trimmed, tmp_path / "site" / trimmed)
    paths, _ = build.build(tmp_path / "site")
    assert trimmed in paths
    starter = (tmp_path / "site" / build.STARTER).read_text()
    built = json.loads(re.search(r"^const BUILT = (\{.*\});$", starter, re.M).group(1))
    assert "snapshot" not in built and not any(p.startswith("static/python/snapshot-") for p in paths)
    assert "WARNING: no Python snapshot" in capsys.readouterr().err


@needs_vendor
def test_without_a_trimmed_standard_library_the_build_ships_pyodides_whole_one(tmp_path, monkeypatch, capsys):
    def fail(root, out, paths):
        raise stdlib.StdlibError("tools/stdlib.mjs failed (simulated)")

    monkeypatch.setattr(stdlib, "make", fail)
    paths, _ = build.build(tmp_path / "site")
    starter = (tmp_path / "site" / build.STARTER).read_text()
    built = json.loads(re.search(r"^const BUILT = (\{.*\});$", starter, re.M).group(1))
    assert build.FULL_STDLIB in paths and "stdlib" not in built
    assert not any(p.startswith("static/python/stdlib-") for p in paths)
    [python_snapshot] = [p for p in paths if p.startswith("static/python/snapshot-")]
    assert python_snapshot == f"static/python/snapshot-{snapshot.fingerprint(ROOT)}.bin"  # made with the whole zip
    assert "WARNING: the whole standard library is shipped" in capsys.readouterr().err


def test_the_dev_server_prefers_brotli_and_caches_hashed_files_for_a_year(tmp_path):
    import urllib.request

    from tools.serve import serve_in_background

    (tmp_path / "static/python").mkdir(parents=True)
    for name in ("app.js", "static/python/snapshot-0123456789abcdef.bin"):
        (tmp_path / name).write_bytes(b"plain")
        (tmp_path / f"{name}.gz").write_bytes(b"gzipped")
        (tmp_path / f"{name}.br").write_bytes(b"brotli")
    (tmp_path / "static/python/stdlib-0123456789abcdef.zip").write_bytes(b"zip")
    server = serve_in_background(tmp_path, 0)
    base = f"http://127.0.0.1:{server.server_address[1]}"

    def get(path, accept):
        request = urllib.request.Request(base + path, headers={"Accept-Encoding": accept})
        with urllib.request.urlopen(request) as response:
            return response.read(), response.headers

    try:
        assert get("/app.js", "gzip, deflate, br")[0] == b"brotli"
        assert get("/app.js", "gzip")[0] == b"gzipped"
        body, headers = get("/app.js", "identity")
        assert body == b"plain" and headers["Cache-Control"] == "no-cache"
        body, headers = get("/static/python/snapshot-0123456789abcdef.bin", "br")
        assert headers["Content-Encoding"] == "br" and headers["Cache-Control"] == "public, max-age=31536000, immutable"
        body, headers = get("/static/python/stdlib-0123456789abcdef.zip", "br")  # the trimmed standard library
        assert body == b"zip" and headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert (
            "Cross-Origin-Embedder-Policy" not in headers
        )  # by default: no isolation (Python runs in a worker either way)
    finally:
        server.shutdown()
        server.server_close()
    isolating = serve_in_background(tmp_path, 0, isolate=True)  # as make play: cross-origin isolated
    base = f"http://127.0.0.1:{isolating.server_address[1]}"
    try:
        for path, accept in (("/app.js", "gzip"), ("/static/python/stdlib-0123456789abcdef.zip", "identity")):
            headers = get(path, accept)[1]
            assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
            assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
    finally:
        isolating.shutdown()
        isolating.server_close()


def test_the_dev_server_takes_a_download_stopped_midway_quietly(tmp_path, capsys):
    """The page gives up a snapshot whose download would not pay (static/js/python.mjs): the browser
    stops reading, which is no error to report; anything else still is."""
    import socket
    import struct
    import threading

    from tools.serve import serve_in_background

    (tmp_path / "big.bin").write_bytes(bytes(32 * 2**20))
    server = serve_in_background(tmp_path, 0)
    answered = threading.Event()
    shutdown_request = server.shutdown_request

    def done(request):  # socketserver calls it last, once the request's error (if any) is handled
        shutdown_request(request)
        answered.set()

    server.shutdown_request = done
    try:
        with socket.create_connection(server.server_address) as client:
            client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            assert client.recv(1024).startswith(b"HTTP/1.0 200")
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a reset
        assert answered.wait(30), "the server never finished the request"  # its thread met the reset as it wrote
        try:
            raise ValueError("a real fault")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
    finally:
        server.shutdown()
        server.server_close()
    err = capsys.readouterr().err
    assert "ConnectionResetError" not in err and "BrokenPipeError" not in err
    assert "ValueError: a real fault" in err


def test_stdlib_doctests():
    """tools/stdlib.py's examples: the import scans and the trimming (tools/ is outside pytest's doctest paths)."""
    import doctest

    assert doctest.testmod(stdlib).failed == 0


def test_cache_version_follows_content(tmp_path):
    site = tmp_path / "copy"
    skip = shutil.ignore_patterns("node_modules", ".venv", "dist", ".git", "tests", "*.egg-info")
    shutil.copytree(ROOT, site, ignore=skip, symlinks=True)
    paths = build.site_files(site)
    before = build.content_version(site, paths)
    assert build.content_version(site, paths) == before
    (site / "static" / "css" / "app.css").write_text((site / "static" / "css" / "app.css").read_text() + "\n/* v2 */\n")
    assert build.content_version(site, paths) != before


def test_the_style_sheet_ships_without_its_comments_and_with_every_rule(tmp_path):
    """The first paint waits on app.css: its comments (why each rule is there) stay in the source, and the site gets
    the same rules without them, so a slow line fetches about 21 KB gzipped rather than 36."""
    assert build.copy_site_file(ROOT, tmp_path, "static/css/app.css")
    source = (ROOT / "static" / "css" / "app.css").read_text(encoding="utf-8")
    shipped = (tmp_path / "static" / "css" / "app.css").read_text(encoding="utf-8")
    assert "/*" in source and "/*" not in shipped
    assert re.sub(r"\s+", "", shipped) == re.sub(r"\s+", "", build.CSS_COMMENT.sub("", source))
    assert len(gzip.compress(shipped.encode())) < 0.7 * len(gzip.compress(source.encode()))
