"""No sentence shown to people is left outside the catalogue: a scan of the Python sources and the page.

A string literal in ``game/`` that reads like words for people (a capitalized word, or a phrase
ending in punctuation) must be a msgid (inside ``_``/``n_``/``p_``/``N_``), a docstring, part of an
exception raised for developers, or a console message. What remains is listed by file and line.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tools import i18n

ROOT = Path(__file__).resolve().parents[3]
MARKING = {"_", "N_", "n_", "p_", "said", "said_n"}  # as tools/i18n.py KEYWORDS: said, said_n are game.present.you's
WORDY = re.compile(r"\b[A-Z][a-z]{2,}\b|[a-z]{2,} [a-z]{2,}[.:!?…]$")
TAGS = re.compile(r"<[^>]*>|\{[^}]*\}|&\w+;")
# Literals that read like words but no person sees: (file, literal).
TECHNICAL = {
    ("game/coach/advisor.py", "Advisor("),  # a repr
    ("game/core/match_state.py", "<Match "),  # a repr
    ("game/core/legality.py", "Player "),  # the developer message's name for a seat a caller got wrong
    ("game/core/legality.py", "The match"),  # the actor of a developer message (people read the wording table's)
    ("game/records/record.py", "Ann"),
    ("game/records/record.py", "Bob"),  # a doctest's demo record
    ("game/records/daily.py", "Ann"),  # a doctest's demo record
    ("game/core/i18n.py", "Text"),  # a type in quotes
    ("game/core/standard.py", "Custom "),  # RuleSet.title in English, for developer messages (people see display(t))
    ("game/records/stats.py", "Yahtzee rate"),  # names a bad field in a developer message
    ("game/app/keyboard.py", "Escape"),  # a KeyboardEvent.key value
    ("game/app/keyboard.py", "Home"),
    ("game/app/keyboard.py", "End"),
    ("game/app/update.py", "Escape"),  # KeyboardEvent.key values
    ("game/app/entering.py", "Backspace"),
    ("game/app/entering.py", "Delete"),  # KeyboardEvent.key values
} | {
    ("game/core/i18n.py", name)
    for name in ("English", "Svenska", "Dansk", "Norsk bokmål", "Deutsch", "Français", "Español")
}
# (each language is offered in its own name, the same in every language)


def _called_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _exempt_nodes(tree: ast.AST) -> set[int]:
    """ids of the constant nodes that are msgids, docstrings, exception or console messages."""
    out: set[int] = set()

    def cover(node: ast.AST) -> None:
        out.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Constant))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
                out.add(id(node.body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            out.add(id(node.value))  # attribute docstrings
        if isinstance(node, ast.Raise):
            cover(node)
        if isinstance(node, ast.Assign) and any(isinstance(n, ast.Name) and n.id == "__all__" for n in node.targets):
            cover(node)
        if isinstance(node, ast.Call):
            name = _called_name(node)
            if name in MARKING or name.endswith(("Error", "Exception")) or name in ("warn", "error", "log", "info"):
                cover(node)
    return out


def stray_words(path: Path, relative: str | None = None) -> list[str]:
    """Literals of one module that read like words for people but are not in the catalogue."""
    relative = relative or path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exempt = _exempt_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in exempt:
            text = TAGS.sub(" ", node.value)
            if WORDY.search(text) and (relative, node.value) not in TECHNICAL:
                found.append(f"{relative}:{node.lineno}: {node.value!r}")
    return found


def test_every_sentence_for_people_in_the_python_sources_is_in_the_catalogue():
    found = [line for path in sorted((ROOT / "game").rglob("*.py")) for line in stray_words(path)]
    assert not found, "strings outside the catalogue:\n" + "\n".join(found)


def test_every_visible_text_of_the_page_template_is_marked():
    from html.parser import HTMLParser

    unmarked: list[str] = []

    class Page(HTMLParser):
        def __init__(self):
            super().__init__()
            self.stack: list[tuple[str, bool]] = []

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            listed = (attrs.get("data-msg-attrs") or "").split()
            for name in ("aria-label", "title", "placeholder", "alt", "content"):
                if attrs.get(name) and name not in listed and (tag != "meta" or attrs.get("name") == "description"):
                    unmarked.append(f"index.html:{self.getpos()[0]}: <{tag} {name}={attrs[name]!r}>")
            if tag not in ("meta", "link", "input", "br", "img"):
                self.stack.append((tag, "data-msg" in attrs))

        def handle_endtag(self, tag):
            while self.stack and self.stack.pop()[0] != tag:
                pass

        def handle_data(self, data):
            if data.strip() and self.stack and self.stack[-1][0] not in ("script", "style", "py-config", "mpy-config"):
                if not any(marked for _, marked in self.stack):
                    unmarked.append(f"index.html:{self.getpos()[0]}: {data.strip()!r}")

    Page().feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert not unmarked, "visible texts of index.html without data-msg:\n" + "\n".join(unmarked)


def test_the_scan_finds_a_stray_sentence(tmp_path):
    """The scan itself can fail: an unmarked sentence in a module is reported, a marked one is not."""
    module = tmp_path / "probe.py"
    module.write_text('def f(t):\n    return "Roll the dice", t._("Roll the dice")\n')
    assert stray_words(module, "game/probe.py") == ["game/probe.py:2: 'Roll the dice'"]


def test_the_catalogue_holds_the_page_template_texts():
    ids = {m.id for m in i18n.template() if m.id}
    assert {"Statistics", "Export backup"} <= ids
