"""The page's scripts (static/js/page-*.js, page.js) and static/js/game.mjs against their counterparts: the protocol
(docs/protocol.md), the game's Python, pyscript.toml and index.html. The browser tests play them; these say which side
moved."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from game.app import keyboard, sounds
from game.app import keys as stored
from game.app.settings import preferred
from game.core.i18n import LANGUAGES
from game.present import forms
from tools import build

ROOT = Path(__file__).resolve().parents[3]
GAME = (ROOT / "static/js/game.mjs").read_text()
PROTOCOL = (ROOT / "docs/protocol.md").read_text()
INDEX = (ROOT / "index.html").read_text()
PARTS = re.findall(r'<script src="\./static/js/(page(?:-\w+)?\.js)" defer></script>', INDEX)
"""The page's parts, in the order index.html loads them."""
SOURCES = {name: (ROOT / "static/js" / name).read_text() for name in PARTS}
PAGE = "\n".join(SOURCES.values())
MOST_LINES = 300


def constant(name: str, source: str = PAGE):
    """A constant of the page's parts (``var NAME = value;``: a JSON list, string or number, trailing commas allowed)."""
    found = re.search(rf"^\s*var {name} = (.*?);", source, re.M | re.S)
    assert found, f"no part of the page has var {name}"
    return json.loads(re.sub(r",(\s*[\]}])", r"\1", found.group(1)))


def test_the_keys_prevented_on_a_box_are_the_keys_that_move_between_boxes():
    assert tuple(constant("CHOICE_KEYS")) == keyboard.CHOICE_KEYS


def test_the_start_reads_every_stored_key_the_protocol_and_the_app_name():
    listed = re.search(r"^STORED_KEYS \(localStorage\): (.*?)\.$", PROTOCOL, re.M | re.S).group(1)
    assert constant("STORED_KEYS") == re.findall(r"`([^`]+)`", listed)
    assert tuple(constant("STORED_KEYS")) == stored.STORED_KEYS
    assert constant("UNSAVED_KEY") == stored.UNSAVED_KEY
    assert constant("KEPT_PREFIX") == stored.KEPT_PREFIX
    assert re.search(r"^KEPT_PREFIX \(localStorage\): `([^`]+)`", PROTOCOL, re.M).group(1) == stored.KEPT_PREFIX


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
    """Its parts run as classic scripts before the modules: no arrow, let, const, class or template literal."""
    for name, source in SOURCES.items():
        code = re.sub(r"//.*", "", source)
        code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)
        for pattern in (r"=>", r"\blet\s", r"\bconst\s", r"\bclass\s", r"`", r"\basync\s", r"\bawait\s"):
            assert not re.search(pattern, code), (name, pattern)


def test_the_page_loads_every_part_it_names_in_order_before_the_modules():
    """page-parts.js lists the parts in their loading order; index.html loads each, deferred, before game.mjs."""
    listed = re.findall(r"^//   (page(?:-\w+)?\.js) ", SOURCES["page-parts.js"], re.M)
    assert PARTS == listed
    assert sorted(PARTS) == sorted(p.name for p in (ROOT / "static/js").glob("page*.js"))
    assert INDEX.index(PARTS[-1]) < INDEX.index("static/js/game.mjs")
    assert INDEX.index("static/js/table.js") > INDEX.index(PARTS[-1])  # inline and run at once, before the deferred


def test_each_part_of_the_page_is_one_concern_of_a_few_hundred_lines():
    """Each part puts its functions on the namespace under its own name, uses only what a part before it put
    there while it loads, and nothing no part puts there; none is over MOST_LINES lines."""
    defined: list[str] = []
    every = {found for source in SOURCES.values() for found in re.findall(r"^  parts\.(\w+) = ", source, re.M)}
    for name, source in SOURCES.items():
        assert len(source.splitlines()) <= MOST_LINES, name
        assert set(re.findall(r"\bparts\.(\w+)\b", re.sub(r"//.*", "", source))) <= every | {
            "message",
            "find",
            "byId",
        }, name
        assert set(re.findall(r"^  var \w+ = parts\.(\w+)\.", source, re.M)) <= set(defined), name
        own = re.findall(r"^  parts\.(\w+) = ", source, re.M)
        assert len(own) <= 1 and (not own or own[0] in name), name
        defined += own


class _Form(HTMLParser):
    """A form's fields as page-patch.js's formFields reads them (a radio group's checked value, a select's
    selected option), and its elements that data-show-if marks, with their attributes."""

    def __init__(self, markup: str):
        super().__init__()
        self.fields: dict[str, str] = {}
        self.marked: list[dict[str, str | None]] = []
        self.select: str | None = None
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        at = dict(attrs)
        if "data-show-if" in at:
            self.marked.append(at)
        if tag == "input" and at.get("name") and (at.get("type") != "radio" or "checked" in at):
            self.fields[at["name"]] = at.get("value") or ""
        elif tag == "select":
            self.select = at.get("name")
        elif tag == "option" and self.select and (self.select not in self.fields or "selected" in at):
            self.fields[self.select] = at.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


def shown(rule: dict[str, str | None], fields: dict[str, str]) -> bool:
    """page-patch.js's syncForm on one marked element (its field held data-equals, or a number at least data-at-least)."""
    value = fields[str(rule["data-show-if"])]
    if "data-equals" in rule:
        return value == rule["data-equals"]
    return value.isdigit() and int(value) >= int(str(rule["data-at-least"]))


def test_the_setup_forms_rules_are_pythons_marks_and_the_first_paint_follows_them():
    """Which parts the setup form's choices show is written once, by game/present/forms.py, as data-show-if
    marks; the page follows them (page-patch.js) and the first paint's hidden parts are what they say."""
    form = _Form(forms.setup_form())
    # each rule set's options, its line under the tiles and its name on the folded choice, each seat's row
    marks = r"data-rules=|class=\"player-row\"|<p data-show-if=|<span data-show-if="
    assert len(form.marked) == sum(1 for _ in re.finditer(marks, forms.setup_form()))
    for rule in form.marked:
        assert rule["data-show-if"] in form.fields and ("data-equals" in rule) != ("data-at-least" in rule), rule
        assert shown(rule, form.fields) == ("hidden" not in rule), rule
    sync = re.search(r"function syncForm\(form\) \{\n(.*?)\n  \}", SOURCES["page-patch.js"], re.S).group(1)
    # No field, default or number of the setup form's own in JavaScript (it once had `fields.count || "2"`).
    assert not re.search(r'fields\.\w|"\d|\|\| *\d|\b(rules|count|seat|players?)\b', re.sub(r"//.*", "", sync)), sync


# boot.js run in Node for each (remembered choice, navigator.languages), with a stub of the page around it: the
# language it picks, told by its word("lang") (each language's words are only their code here).
PICK_IN_NODE = """
const vm = require("vm");
const source = require("fs").readFileSync(process.argv[1], "utf8");
const [cases, data] = [JSON.parse(process.argv[2]), JSON.parse(process.argv[3])];
const noop = () => {};
const picked = cases.map(([stored, languages]) => {
  const window = { addEventListener: noop };
  vm.runInNewContext(source, {
    window, navigator: { languages }, setTimeout: () => 0, clearTimeout: noop,
    localStorage: { getItem: (key) => (key === data.key ? stored : null) },
    document: {
      getElementById: (id) => (id === "boot-words" ? { textContent: JSON.stringify(data) } : null),
      documentElement: { dataset: {} },
    },
    MutationObserver: class { observe() {} },
    PerformanceObserver: class { observe() {} },
  });
  return window.yachtBoot.word("lang");
});
console.log(JSON.stringify(picked));
"""
PICKS = [
    (None, ["sv-FI", "en"]),
    (None, ["pt-BR", "EN_gb", "sv"]),
    (None, ["x-klingon", "nn-NO", "da"]),
    (None, ["de_AT"]),
    (None, []),
    (None, [""]),
    ("da", ["fr"]),
    ("no", ["de"]),  # an alias is no remembered choice: the game remembers codes only
    ("NB", ["es-MX"]),
    ("sv-FI", ["fr"]),
    ("xx", ["nn"]),
    ("", ["pt"]),
]


def test_boot_js_picks_the_language_as_python_does():
    """Before Python, boot.js words the page in the language Python will start in (game/app/settings.py's
    preferred), from the build's data: a remembered choice that is a code of the game, else the browser's first."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node (make setup installs the runtime with npm, which needs it)")
    block = build.page_markup()["boot-words"]
    data = json.loads(block.split(">", 1)[1].rsplit("<", 1)[0].replace("<\\/", "</"))
    data["words"] = {code: {"lang": code} for code in LANGUAGES}
    ran = subprocess.run(
        [node, "-e", PICK_IN_NODE, str(ROOT / "static/js/boot.js"), json.dumps(PICKS), json.dumps(data)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(ran.stdout) == [preferred(stored, tuple(languages)) for stored, languages in PICKS]
