"""Installable and offline-first: service worker, precache, updates, sub-path hosting, CSP."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest

from tests.helpers import ui
from tests.helpers.site import DIST, PLAYED_HERE, build_copy, copy_sources, open_game
from tests.helpers.ui import wait_for_control
from tools.build import build
from tools.serve import serve_in_background


def precache_list(page) -> list[str]:
    source = page.request.get(page.url.split("?")[0].rsplit("/", 1)[0] + "/sw.js").text()
    match = re.search(r"const PRECACHE = (\[.*?\]);", source, re.S)
    return json.loads(match.group(1))


@pytest.fixture
def served(tmp_path, site_server):
    """A private source tree and its built site on its own server: (source, site, url)."""
    source = copy_sources(tmp_path / "source")
    build_copy(source, tmp_path / "site")
    server = serve_in_background(tmp_path / "site", 0)
    yield source, tmp_path / "site", f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def manifest_is_installable(page, base_url: str) -> None:
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.request.get(f"{base_url}/{href.removeprefix('./')}").json()
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "../"
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert page.request.get(f"{base_url}/static/{icon['src']}").ok, icon["src"]
    assert page.locator("link[rel=apple-touch-icon]").count() == 1


INLINE_SCRIPT = """() => new Promise(resolve => {
    const seen = [];
    document.addEventListener('securitypolicyviolation', e => { seen.push(e.violatedDirective); resolve({seen, ran}); });
    window.__inlineRan = false;
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.appendChild(s);  // an inline script runs as it is added, or never
    const ran = window.__inlineRan;
    if (ran) resolve({seen, ran});
    setTimeout(() => resolve({seen, ran}), 5000);  // reached only where no violation is reported
})"""
"""An inline script added to the page: whether it ran, and the directives of the violations reported for it."""


def test_an_installable_game_that_precaches_every_request_and_plays_offline_after_one_visit(
    context, page, page_log, base_url
):
    """The manifest makes the game installable; every request of a full game is in the service worker's precache;
    the page's CSP refuses an inline script; once the service worker controls the page, a match starts and plays
    offline."""
    ui.start(page, base_url, "rules=yacht&players=Ann&seed=12")
    ui.roll(page)
    # A first visit's service worker waits for the first box (its install would compete with the first roll).
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r === undefined)")
    ui.play_out(page)
    cached = {f"{base_url}/{url.removeprefix('./')}" for url in precache_list(page)}
    cached.add(f"{base_url}/")
    asked = {url.split("?")[0] for url in page_log.requests if urlsplit(url).netloc == urlsplit(base_url).netloc}
    assert asked - cached - {f"{base_url}/sw.js"} == set()
    manifest_is_installable(page, base_url)
    violations = page.evaluate(INLINE_SCRIPT)
    assert violations["ran"] is False
    assert any(v.startswith("script-src") for v in violations["seen"])

    wait_for_control(page)
    context.set_offline(True)
    try:
        ui.start(page, base_url, "rules=yahtzee&players=Ann&seed=31")  # the last match is over: nothing to replace
        assert page.evaluate("navigator.onLine") is False
        ui.roll(page)
        ui.die(page, 1).click()
        ui.roll(page)
        ui.choose(page, "Chance")
        assert ui.cell(page, "chance") == ui.cell(page, "grand_total") != ""
        assert "Ann scored" in ui.status(page)
    finally:
        context.set_offline(False)


def test_an_update_is_offered_and_applied_and_a_reload_for_one_that_does_not_take_over_still_reloads(page, served):
    """The update bar's Reload never leaves a dead button: a new version that does not take over (here one that
    ignores the page's skip-waiting, as one held by a request still open would wait) is left waiting, the page
    reloads anyway from the version it has, and the update is offered again. A version that takes over is applied
    by the same Reload: one cache left, its own. The match in progress survives both, mid-turn."""
    source, site, url = served
    ui.start(page, url, "rules=yatzy&players=Ann,Bob&seed=77")
    ui.roll(page)
    ui.choose(page, "Chance")
    wait_for_control(page)
    ui.roll(page)
    ui.die(page, 4).click()
    match_before = (ui.dice(page), ui.held(page), ui.cell(page, "chance", 0))
    first = page.evaluate("caches.keys()")

    sw = source / "static" / "js" / "sw.js"
    release_1 = sw.read_text()
    taking_over = 'if (event.data === "skip-waiting") self.skipWaiting();'
    assert taking_over in release_1
    sw.write_text(release_1.replace(taking_over, "// release 2 stays waiting"))
    build(site, root=source)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("#update-bar:not([hidden])", timeout=60_000)
    # The page's clock from here on (it runs as the real one): the 5 s the page waits for a version that never takes
    # over (static/js/offline.js's RELOAD_ANYWAY_MS) pass at once.
    page.clock.install()
    with page.expect_navigation(timeout=30_000):
        page.click("#update-reload")
        page.clock.fast_forward(5_000)
    page.wait_for_selector("html[data-ready='true']", timeout=60_000)
    page.wait_for_selector("#update-bar:not([hidden])", timeout=30_000)
    assert page.locator("#update-reload").is_enabled()
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.waiting !== null)")
    assert (ui.dice(page), ui.held(page), ui.cell(page, "chance", 0)) == match_before

    # Release 3: the service worker takes over again, and one source file changed.
    sw.write_text(release_1)
    css = source / "static" / "css" / "app.css"
    css.write_text(css.read_text() + "\n.release-3 { color: inherit; }\n")  # a rule: comments are not shipped
    _, version = build(site, root=source)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    # Installed and waiting in release 2's place (its cache made), the bar still offering an update.
    page.wait_for_function(
        f"""() => navigator.serviceWorker.getRegistration().then(r => caches.has('yacht-{version}')
            .then(made => made && r.installing === null && r.waiting !== null))""",
        timeout=60_000,
    )
    page.wait_for_selector("#update-bar:not([hidden])", timeout=60_000)
    with page.expect_navigation():
        page.click("#update-reload")
    page.wait_for_selector("html[data-ready='true']", timeout=60_000)
    page.wait_for_function(f"caches.keys().then(k => k.length === 1 && k[0] === 'yacht-{version}')")
    assert first != [f"yacht-{version}"]
    assert (ui.dice(page), ui.held(page), ui.cell(page, "chance", 0)) == match_before


def test_site_works_under_a_sub_path(page, page_log, tmp_path):
    (tmp_path / "yacht").symlink_to(DIST, target_is_directory=True)
    server = serve_in_background(tmp_path, 0)
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/yacht"
        page.add_init_script(PLAYED_HERE)
        open_game(page, base)
        wait_for_control(page)
        assert page_log.errors == []
        # The worker's code is a blob: URL the page made (same origin by construction).
        assert all(urlsplit(u).path.startswith("/yacht/") for u in page_log.requests if not u.startswith("blob:"))
    finally:
        server.shutdown()
        server.server_close()
