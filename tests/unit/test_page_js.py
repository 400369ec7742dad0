"""static/js/page.js and static/js/game.mjs against their counterparts: the protocol (docs/protocol.md),
the game's Python, pyscript.toml and index.html. The browser tests play them; these say which side moved."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from game import app
from game.present import keys, sounds

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "static/js/page.js").read_text()
GAME = (ROOT / "static/js/game.mjs").read_text()
PROTOCOL = (ROOT / "docs/protocol.md").read_text()
INDEX = (ROOT / "index.html").read_text()


def constant(name: str, source: str = PAGE):
    """A constant of page.js (``var NAME = value;``: a JSON list, string or number, trailing commas allowed)."""
    found = re.search(rf"^\s*var {name} = (.*?);", source, re.M | re.S)
    assert found, f"page.js has no var {name}"
    return json.loads(re.sub(r",(\s*[\]}])", r"\1", found.group(1)))


def test_the_keys_prevented_on_a_box_are_the_keys_that_move_between_boxes():
    assert tuple(constant("CHOICE_KEYS")) == keys.CHOICE_KEYS


def test_the_start_reads_every_stored_key_the_protocol_and_the_app_name():
    listed = re.search(r"^STORED_KEYS \(localStorage\): (.*?)\.$", PROTOCOL, re.M | re.S).group(1)
    assert constant("STORED_KEYS") == re.findall(r"`([^`]+)`", listed)
    assert tuple(constant("STORED_KEYS")) == app.STORED_KEYS
    assert constant("UNSAVED_KEY") == app.UNSAVED_KEY
    assert constant("KEPT_PREFIX") == app.KEPT_PREFIX
    assert re.search(r"^KEPT_PREFIX \(localStorage\): `([^`]+)`", PROTOCOL, re.M).group(1) == app.KEPT_PREFIX


def test_the_changes_sent_are_the_protocols():
    row = next(line for line in PROTOCOL.splitlines() if line.startswith("| `change` |"))
    assert constant("CHANGES") == re.findall(r"`#([\w-]+)`", row)
    assert f"`#{constant('BACKUP_INPUT')}`" in next(
        line for line in PROTOCOL.splitlines() if line.startswith("| `file` |")
    )


def test_every_effect_of_the_protocol_is_carried_out_and_no_other():
    table = PROTOCOL.split("## Effects", 1)[1]
    kinds = re.findall(r"^\| `(\w+)` \|", table, re.M)
    carried = re.search(r"var EFFECTS = \{(.*?)\n  \};", PAGE, re.S).group(1)
    assert sorted(re.findall(r"^    (\w+):", carried, re.M)) == sorted(kinds)


def test_the_page_wakes_the_audio_with_the_games_loudness():
    assert constant("MASTER_GAIN") == sounds.MASTER_GAIN


def test_the_worker_runs_the_shells_handle_only():
    code = re.search(r"^const WORKER_CODE = '(.*)';$", GAME, re.M).group(1).encode().decode("unicode_escape")
    assert code == 'from game.shell import handle\n__export__ = ["handle"]\n'
    assert re.findall(r'^import .* from "([^"]+)";', GAME, re.M) == ["../vendor/pyscript/core.js"]
    assert 'new URL("./python.mjs", import.meta.url)' in GAME


def test_the_page_starts_python_only_through_game_mjs():
    assert '<script type="py"' not in INDEX and "python.mjs" not in INDEX
    [script] = re.findall(r"<script [^>]*game\.mjs[^>]*>", INDEX)
    assert 'type="module"' in script and "data-python-config" in script and 'config="./pyscript.toml"' in script


def test_the_page_loads_only_the_plugins_pyscript_toml_keeps():
    """PyScript takes the page's plugins from <py-config> (and <mpy-config>), never from a worker's config."""
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text())["plugins"]
    for tag in ("py-config", "mpy-config"):
        [text] = re.findall(rf"<{tag}>(.*?)</{tag}>", INDEX, re.S)
        assert json.loads(text) == {"plugins": plugins}, tag


def test_page_js_stays_plain_es5_syntax():
    """It runs as a classic script before the modules: no arrow, let, const, class or template literal."""
    code = re.sub(r"//.*", "", PAGE)
    code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)
    for pattern in (r"=>", r"\blet\s", r"\bconst\s", r"\bclass\s", r"`", r"\basync\s", r"\bawait\s"):
        assert not re.search(pattern, code), pattern
