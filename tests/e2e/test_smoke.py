"""The page boots Python from its own origin and the game package imports in the browser."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from tests.helpers.site import copy_sources, open_game
from tests.helpers.ui import run_python
from tools.build import build
from tools.serve import serve_in_background

ROOT = Path(__file__).resolve().parents[2]


def _game_modules() -> list[str]:
    return sorted(
        "game" if p.name == "__init__.py" else "game." + p.stem
        for p in (ROOT / "game").glob("*.py")  # game.shell only runs in the worker, where it is imported already
    )


def test_page_boots_with_no_errors_only_same_origin_requests_and_the_right_types(page, page_log, base_url):
    open_game(page, base_url)
    assert page.locator("h1").inner_text()
    assert page_log.errors == []
    origin = urlsplit(base_url).netloc
    foreign = [
        url
        for url in page_log.requests
        if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url).netloc != origin
    ]
    assert foreign == []
    assert any(url.endswith("pyodide.asm.wasm") for url in page_log.requests)
    for path, expected in [  # the types a browser needs to compile the wasm and import the modules
        ("static/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("static/vendor/pyodide/pyodide.mjs", "text/javascript"),
    ]:
        response = page.request.get(f"{base_url}/{path}")
        assert response.ok, path
        assert response.headers["content-type"].split(";")[0] == expected, path


def test_every_game_module_imports_in_the_browser(page, plain_base_url):
    open_game(page, plain_base_url)
    modules = _game_modules()
    result = run_python(
        page,
        "\n".join(
            [
                "import importlib",
                "result = {}",
                f"for name in {modules!r}:",
                "    try:",
                "        importlib.import_module(name)",
                "        result[name] = 'ok'",
                "    except Exception as error:",
                "        result[name] = f'{type(error).__name__}: {error}'",
            ]
        ),
    )
    assert result == {name: "ok" for name in modules}


def test_a_failed_start_is_said_in_words(page, tmp_path, monkeypatch):
    """If Python fails to start, the page says so (quickly, and without a traceback)."""
    from tools import snapshot, stdlib

    def skipped(*args, **kwargs):  # Python started the plain way: the failure comes from the game's own code
        raise snapshot.SnapshotError("left out: this site's Python fails on purpose")

    monkeypatch.setattr(stdlib, "make", skipped)
    monkeypatch.setattr(snapshot, "make", skipped)
    source = copy_sources(tmp_path / "source")
    shell = source / "game" / "shell" / "__init__.py"
    shell.write_text("raise RuntimeError('broken on purpose')\n" + shell.read_text())
    build(tmp_path / "site", root=source)
    server = serve_in_background(tmp_path / "site", 0)
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        page.wait_for_selector("html[data-ready='failed']", timeout=20_000)
        message = page.locator("#boot-error").inner_text()
        assert message.startswith("The game could not start")
        assert "Traceback" not in message and "broken on purpose" not in message
        assert page.locator("#loading").is_hidden()
    finally:
        server.shutdown()
        server.server_close()


def test_the_game_files_refused_are_said_in_words(page, base_url):
    """The game bundle (static/python/game-<hash>.json) not served, where a start without the snapshot needs it
    (a start from the snapshot fetches none): the page says it could not start, never hangs."""
    page.route("**/static/python/snapshot-*", lambda route: route.fulfill(status=404, body="not found"))
    page.route("**/static/python/game-*.json", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(f"{base_url}/")
    page.wait_for_selector("html[data-ready='failed']", timeout=30_000)
    message = page.locator("#boot-error").inner_text()
    assert message.startswith("The game could not start") and "Traceback" not in message
    assert page.locator("#loading").is_hidden()
