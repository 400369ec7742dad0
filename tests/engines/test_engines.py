"""The end-to-end smoke in Firefox ESR and WebKitGTK: boot, a turn, and an offline reload.

The e2e suite runs in Chromium; this runs its smoke in the two other engines, from Debian:
Firefox (``firefox-esr``) through ``tests/engines/firefox_smoke.mjs`` (npm's puppeteer-core over
WebDriver BiDi), WebKit (``webkit2gtk-driver``'s ``WebKitWebDriver``) through Selenium on an
``Xvfb`` display. ``tools/engines.py`` finds them or installs them (root, apt-get); where that is
not possible the engine's tests are skipped with one line saying what to install.

Each engine plays one visit, step by step, and records what it saw; its test checks the steps:

* boot: the page loads and Python answers its start (``<html data-ready="true">``), from a PyScript
  worker on either kind of host (one that sends COOP and COEP, as ``make play``'s does, and a plain
  one, as GitHub Pages): no Python script on the page; the visit boots on the first, then plays on
  the second (a boot costs seconds; Chromium plays on both, tests/e2e/test_hosts.py),
* a turn, from a link: roll, hold die 1, roll again, score Chance; the scorecard shows the points,
* offline: once the service worker controls the page, the server is shut down (nothing listens
  on the port) and the page reloaded: the game boots again and a roll works.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tools import engines
from tools.build import build
from tools.serve import ROOT, serve_in_background

DIST = ROOT / "dist"
HERE = Path(__file__).resolve().parent
START = "/?rules=yahtzee&players=Ann&seed=31"
STEP_TIMEOUT = 90  # seconds for any one wait (a first boot takes a few seconds; CI machines are slow)
RUN_TIMEOUT = 240  # seconds for one engine's whole visit
LOG_LINES = 20  # of WebKitWebDriver's log, kept in a failed visit's error

# Selenium's own WebKitGTK driver still passes an argument it deprecates; nothing to fix here.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")


class Site:
    """The built site on a private server that a test can take away (really offline)."""

    def __init__(self, root: Path, isolate: bool):
        self.server = serve_in_background(root, 0, isolate=isolate)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.running = True

    def stop(self) -> None:
        """Stop serving and close the listening socket (idempotent)."""
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()

    def listening(self) -> bool:
        with socket.socket() as probe:
            probe.settimeout(2)
            return probe.connect_ex(("127.0.0.1", self.port)) == 0


@pytest.fixture(scope="module")
def site_root() -> Path:
    """dist/, rebuilt incrementally (as the e2e suite does)."""
    build(DIST)
    return DIST


# ---------------------------------------------------------------------- Firefox (puppeteer-core)


def firefox_visit(firefox: Path, site: Site, other: Site) -> dict[str, dict]:
    """Run firefox_smoke.mjs against the site, booting first on the other host's; its steps by name (an "error" step
    if it failed)."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "puppeteer-core" / "package.json").is_file():
        pytest.fail("puppeteer-core is not installed in node_modules/: run 'make setup' (npm ci)")
    process = subprocess.Popen(
        [
            node,
            str(HERE / "firefox_smoke.mjs"),
            str(firefox),
            site.url,
            str(STEP_TIMEOUT * 1000),
            f"({SCORED})()",
            other.url,
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str | None] = queue.Queue()
    stderr: list[str] = []

    def pump_stdout():
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump_stdout, daemon=True).start()
    threading.Thread(target=lambda: stderr.extend(process.stderr), daemon=True).start()
    steps: dict[str, dict] = {}
    deadline = time.monotonic() + RUN_TIMEOUT
    try:
        while True:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                steps["error"] = {"message": f"Firefox smoke did not finish in {RUN_TIMEOUT} s"}
                break
            if line is None:
                break
            try:
                step = json.loads(line)
            except ValueError:
                continue  # not one of ours
            steps[step["step"]] = step
            if step["step"] == "controlled":
                site.stop()
                steps["controlled"]["server_listening"] = site.listening()
                process.stdin.write("offline\n")
                process.stdin.flush()
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)
    if "error" not in steps and process.returncode != 0:
        steps["error"] = {"message": f"exit status {process.returncode}: {''.join(stderr)[-2000:]}"}
    return steps


# ---------------------------------------------------------------------- WebKitGTK (Selenium)


class Display:
    """A private Xvfb display (its number chosen by Xvfb itself, so parallel runs never clash)."""

    def __init__(self, xvfb: str):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [xvfb, "-displayfd", str(write), "-nolisten", "tcp", "-screen", "0", "1280x1024x24"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()  # Xvfb writes it once it accepts clients
        if not number:
            self.close()
            raise RuntimeError("Xvfb did not start")
        self.name = f":{number}"

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


WEBKIT_FACES = """return [...document.querySelectorAll('#dice button')].map(b => {
    const m = /showing (\\d+)/.exec(b.getAttribute('aria-label') || ''); return m ? Number(m[1]) : null; });"""
SCORED = """() => { const box = document.querySelector("#scorecard td[data-row='chance'][data-player='0']");
    return box.querySelector("button.choice") === null && box.textContent.trim() !== ""; }"""
"""Chance is scored: its box holds its points, no longer a choice (a choice shows its points too; in a
worker the page answers a click after the click returns)."""
SETTLED = "return document.getAnimations().every((a) => a.playState !== 'running')"
WEBKIT_ROLLED = """return document.getElementById('status').textContent !== arguments[0] &&
    [...document.querySelectorAll('#dice button')].every(b => /showing \\d/.test(b.getAttribute('aria-label')));"""


def webkit_visit(driver_path: Path, site: Site, other: Site) -> dict[str, dict]:
    """Play the visit in WebKitGTK through Selenium, booting first on the other host's site; its steps by name (an
    "error" step if it failed)."""
    try:
        from selenium import webdriver
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.wait import WebDriverWait
        from selenium.webdriver.webkitgtk.service import Service
    except ImportError:
        pytest.fail("selenium is not installed: run pip install -e '.[test]' (make test does)")
    steps: dict[str, dict] = {}
    display = driver = None
    doing = ["starting WebKitWebDriver"]  # what was under way, named in an error (a driver's own message may be empty)
    log = tempfile.NamedTemporaryFile(prefix="webkitdriver-", suffix=".log", delete=False)  # kept, to be read on error
    try:
        display = Display(shutil.which("Xvfb"))
        env = {**os.environ, "DISPLAY": display.name, "SE_OFFLINE": "true"}
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            env["WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS"] = "1"  # as Chromium's --no-sandbox when root
        # The driver's path is given, so Selenium Manager is never asked to find or fetch one.
        service = Service(executable_path=str(driver_path), env=env, log_output=log.name)
        driver = webdriver.WebKitGTK(options=webdriver.WebKitGTKOptions(), service=service)
        driver.set_page_load_timeout(STEP_TIMEOUT)
        driver.set_script_timeout(STEP_TIMEOUT)
        wait = WebDriverWait(driver, STEP_TIMEOUT, poll_frequency=0.1)
        js = driver.execute_script

        def ready():
            state = wait.until(
                lambda d: js("return document.documentElement.dataset.ready || null"), "the page never became ready"
            )
            if state != "true":
                why = js("return (document.getElementById('boot-error') || {}).textContent || ''")
                raise AssertionError(f"the game did not boot (data-ready={state}): {why}")

        def roll():
            before = js("return document.getElementById('status').textContent")
            wait.until(lambda d: js("return !document.getElementById('roll-button').disabled"), "Roll stayed disabled")
            driver.find_element(By.ID, "roll-button").click()
            wait.until(lambda d: js(WEBKIT_ROLLED, before), f"a click on Roll changed nothing (status: {before!r})")

        def cell(row):
            selector = f"#scorecard td[data-row='{row}'][data-player='0']"
            return js("return document.querySelector(arguments[0]).textContent.trim()", selector)

        def boot(url: str) -> dict:
            began = time.monotonic()
            driver.get(url + START)
            ready()
            return {
                "seconds": time.monotonic() - began,
                "version": driver.capabilities.get("browserVersion"),
                "worker": js("return document.querySelector('script[type=\"py\"]') === null"),
                "sharing": js("return crossOriginIsolated && typeof SharedArrayBuffer === 'function'"),
                "python": js("return document.documentElement.dataset.python"),
            }

        doing[0] = "booting on the other host"
        steps["booted-there"] = boot(other.url)
        doing[0] = "booting"
        steps["booted"] = boot(site.url)

        doing[0] = "the turn's first roll"
        roll()
        first = js(WEBKIT_FACES)
        doing[0] = "holding die 1"
        # The dice roll across the tray and settle: a click lands where a player's would, on a die at rest.
        wait.until(lambda d: js(SETTLED), "the thrown dice never settled")
        driver.find_element(By.CSS_SELECTOR, "#dice button:nth-child(1)").click()
        wait.until(
            lambda d: js("return document.querySelector('#dice button').getAttribute('aria-pressed') === 'true'"),
            "a click on die 1 did not hold it",
        )
        doing[0] = "the turn's second roll"
        roll()
        second = js(WEBKIT_FACES)
        doing[0] = "scoring Chance"
        chance = driver.find_element(By.CSS_SELECTOR, "#scorecard button.choice[aria-label^='Chance, ']")
        offered = chance.get_attribute("aria-label")
        chance.click()
        wait.until(lambda d: js(f"return ({SCORED})()"), "a click on Chance scored nothing")
        status = js("return document.getElementById('status').textContent")
        # (No "errors": classic WebDriver cannot hear the page's errors; Firefox's steps list them.)
        steps["turn"] = {
            "first": first,
            "second": second,
            "offered": offered,
            "chance": cell("chance"),
            "total": cell("grand_total"),
            "status": status,
        }

        doing[0] = "waiting for the service worker"
        support = js("return {serviceWorker: 'serviceWorker' in navigator, secure: window.isSecureContext}")
        if not (support["serviceWorker"] and support["secure"]):
            steps["no-service-worker"] = support
            return steps
        wait.until(lambda d: js("return navigator.serviceWorker.controller !== null"), "no service worker took control")
        site.stop()
        steps["controlled"] = {"server_listening": site.listening()}
        again = time.monotonic()
        doing[0] = "the offline reload"
        driver.refresh()
        ready()
        roll()
        steps["offline"] = {
            "seconds": time.monotonic() - again,
            "controlled": js("return navigator.serviceWorker.controller !== null"),
            "dice": js(WEBKIT_FACES),
            "chance": cell("chance"),
            "status": js("return document.getElementById('status').textContent"),
        }
    except Exception as error:  # recorded: the tests say which step failed
        said = Path(log.name).read_text(errors="replace").strip().splitlines()[-LOG_LINES:]
        steps["error"] = {
            "message": f"{type(error).__name__} during {doing[0]}: {error}".strip()
            + "".join(f"\n  driver: {line}" for line in said)
        }
    finally:
        log.close()
        Path(log.name).unlink(missing_ok=True)
        if driver is not None:
            try:
                driver.quit()
            except Exception:  # the browser is gone already; the steps say why
                pass
        if display is not None:
            display.close()
    return steps


# ---------------------------------------------------------------------- the tests


VISITS = {"firefox": (engines.FIREFOX, firefox_visit), "webkit": (engines.WEBKIT, webkit_visit)}


@pytest.fixture(scope="module", params=sorted(VISITS))
def visit(request, site_root):
    """One visit of the game in the engine: a boot from a host that sends COOP and COEP (`make play`'s), then a
    visit from a plain one (as GitHub Pages; Python runs in a worker on both); its steps, or a skip where the engine
    is missing."""
    engine, play = VISITS[request.param]
    try:
        path = engines.ensure(engine)
    except engines.EngineNotFound as error:
        pytest.skip(str(error))
    plain, isolating = Site(site_root, isolate=False), Site(site_root, isolate=True)
    try:
        steps = play(path, plain, isolating)
    finally:
        plain.stop()
        isolating.stop()
    steps["engine"] = {"name": request.param}
    return steps


def step(steps: dict, name: str) -> dict:
    """The step, or a failure that says what went wrong before it."""
    if name not in steps:
        error = steps.get("error", {}).get("message", "it was never reached")
        pytest.fail(f"{steps['engine']['name']}: no '{name}' step: {error}")
    return steps[name]


def test_the_game_boots_on_either_host_plays_a_turn_and_boots_offline(visit):
    for name, isolating in (("booted-there", True), ("booted", False)):
        booted = step(visit, name)
        assert booted["seconds"] < STEP_TIMEOUT
        # Python runs in the worker static/js/game.mjs starts, on every host and whether or not the engine
        # has SharedArrayBuffer (WebKitGTK 2.50 has none, isolated or not): the page never runs it.
        assert booted["worker"], f"a Python script on the page ({name})"
        assert booted["sharing"] is False or isolating, "a plain host's page is never isolated"
        # Neither engine rates its line: on this machine's loopback the snapshot's pace keeps it.
        assert booted["python"] == "snapshot", (name, booted)

    turn = step(visit, "turn")
    first, second = turn["first"], turn["second"]
    assert all(isinstance(face, int) and 1 <= face <= 6 for face in first + second), (first, second)
    assert second[0] == first[0], "the held die kept its face"
    points = str(sum(second))
    assert turn["offered"] == f"Chance, {points} points"
    assert turn["chance"] == turn["total"] == points
    assert turn["status"].startswith(f"Ann scored {points} in Chance")
    assert turn.get("errors", []) == []

    if "no-service-worker" in visit:
        support = visit["no-service-worker"]
        pytest.skip(f"{visit['engine']['name']}: no service worker here ({support}): the offline reload is not checked")
    controlled = step(visit, "controlled")
    assert controlled["server_listening"] is False, "the server was shut down before the reload"
    offline = step(visit, "offline")
    assert offline["controlled"] is True
    assert all(isinstance(face, int) and 1 <= face <= 6 for face in offline["dice"]), offline["dice"]
    assert offline["chance"] == turn["chance"], "the reload resumed the match"
    assert offline["status"].startswith("Ann rolled") and offline["status"].endswith("(roll 1 of 3)")
    assert offline.get("errors", []) == []
