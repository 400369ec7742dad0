"""The message catalogues, with Babel: extract every marked string, update each language's .po, compile .mo.

The source language is English (the msgids). Each other language of ``game.core.i18n.LANGUAGES`` has
``game/locale/<code>/LC_MESSAGES/game.po``, edited by people; the build compiles them and stops
when one lacks a translation, holds a fuzzy one, or no longer matches the source.

    python3 -m tools.i18n update    # after changing strings: extract, then add/drop entries in every .po
    python3 -m tools.i18n check     # what the build checks: every language complete and current

Marked strings: ``t._("…")``, ``t.n_("…", "…", n)``, ``t.p_("context", "…")`` and ``N_("…")`` in
``game/``; in index.html, the text of every element with a ``data-msg`` attribute and the attributes
it names in ``data-msg-attrs``.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from game.core.i18n import DEFAULT, DOMAIN, LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
LOCALE = "game/locale"
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "said": (2,), "said_n": (2, 3)}
"""The marking functions and where their msgid (and plural, and context) are."""
HTML_FILES = ("index.html",)


DRAFT = "YACHT_DRAFT_CATALOGUES"
"""Set to 1 while strings are being written, a build goes on with English where a translation is missing
(`make test` never sets it: a release has every language whole)."""


class CatalogueError(SystemExit):
    """A language's catalogue is incomplete, fuzzy or stale: the build stops and says which."""


def _words(text: str) -> str:
    return " ".join(text.split())


class _MarkedText(HTMLParser):
    """The ``data-msg`` texts and ``data-msg-attrs`` attributes of a page, with their lines."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]] | None] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        line = self.getpos()[0]
        for name in (attrs.get("data-msg-attrs") or "").split():
            if attrs.get(name):
                self.found.append((line, _words(attrs[name])))
        if tag in ("meta", "link", "input", "br", "img"):
            return
        self._open.append((tag, line, []) if "data-msg" in attrs else None)

    def handle_endtag(self, tag):
        while self._open:
            entry = self._open.pop()
            if entry is not None:
                if entry[0] != tag:
                    continue
                self.found.append((entry[1], _words("".join(entry[2]))))
            break

    def handle_data(self, data):
        for entry in self._open:
            if entry is not None:
                entry[2].append(data)


def marked_html(text: str) -> list[tuple[int, str]]:
    """(line, msgid) of every marked text and attribute of an HTML page.

    >>> marked_html('<p data-msg>Roll  the\\n dice</p><b aria-label="Tray" data-msg-attrs="aria-label">x</b>')
    [(1, 'Roll the dice'), (1, 'Tray')]
    """
    parser = _MarkedText()
    parser.feed(text)
    parser.close()
    return parser.found


def template(root: Path = ROOT) -> Catalog:
    """Every marked message of the game, as a fresh catalogue template."""
    catalog = Catalog(project="yacht-dice", charset="utf-8", fuzzy=False)
    for filename, line, message, comments, context in extract_from_dir(
        root / "game",
        [("**.py", "python")],
        {},
        KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        catalog.add(message, None, [(f"game/{filename}", line)], auto_comments=comments, context=context)
    for name in HTML_FILES:
        for line, message in marked_html((root / name).read_text(encoding="utf-8")):
            if message:
                catalog.add(message, None, [(name, line)])
    return catalog


def po_path(code: str, root: Path = ROOT) -> Path:
    return root / LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(code: str, root: Path = ROOT) -> Catalog:
    """A language's catalogue as people last edited it (an empty one if there is none yet)."""
    path = po_path(code, root)
    if not path.is_file():
        return Catalog(locale=code, domain=DOMAIN, fuzzy=False)
    with path.open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def _key(message) -> tuple:
    msgid = message.id if isinstance(message.id, str) else tuple(message.id)
    return msgid, message.context


def problems(code: str, source: Catalog, root: Path = ROOT) -> list[str]:
    """What keeps a language from being complete: missing, untranslated, fuzzy or obsolete messages.

    >>> problems("sv", Catalog(), root=Path("/nonexistent"))
    []
    """
    catalog = read(code, root)
    have = {_key(m): m for m in catalog if m.id}
    out = []
    for message in source:
        if not message.id:
            continue
        found = have.get(_key(message))
        label = message.id if isinstance(message.id, str) else message.id[0]
        if found is None:
            out.append(f"missing: {label!r}")
        elif found.fuzzy:
            out.append(f"fuzzy: {label!r}")
        elif not (all(found.string) if isinstance(found.string, (tuple, list)) else found.string):
            out.append(f"untranslated: {label!r}")
    wanted = {_key(m) for m in source if m.id}
    out += [f"obsolete: {k[0] if isinstance(k[0], str) else k[0][0]!r}" for k in have if k not in wanted]
    return out


def update(root: Path = ROOT) -> dict[str, int]:
    """Bring every language's .po up to date with the source: new messages added empty, gone ones dropped.

    Returns each language's count of messages still to translate.
    """
    source = template(root)
    todo = {}
    for code in LANGUAGES:
        if code == DEFAULT:
            continue
        catalog = read(code, root)
        created = catalog.creation_date  # kept: a date that moved on every update would churn the files
        catalog.update(source, update_header_comment=False, no_fuzzy_matching=True)
        catalog.creation_date = created
        catalog.project, catalog.version, catalog.msgid_bugs_address = "Yacht Dice", "1", ""
        catalog.copyright_holder, catalog.language_team = "the Yacht Dice authors", f"{LANGUAGES[code].name} <>"
        catalog.header_comment = f"# {LANGUAGES[code].name} messages of Yacht Dice: see README, Languages.\n#"
        catalog.obsolete.clear()
        path = po_path(code, root)
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_po(buffer, catalog, width=100, omit_header=False, sort_output=False, include_previous=False)
        if not path.is_file() or path.read_bytes() != buffer.getvalue():
            path.write_bytes(buffer.getvalue())
        todo[code] = len(problems(code, source, root))
    return todo


def check(root: Path = ROOT) -> Catalog:
    """The source catalogue, once every language is complete and current (else CatalogueError, naming them)."""
    source = template(root)
    report = []
    for code in LANGUAGES:
        if code == DEFAULT:
            continue
        found = problems(code, source, root)
        if found:
            shown = "; ".join(found[:5]) + (f"; and {len(found) - 5} more" if len(found) > 5 else "")
            report.append(f"{code}: {len(found)} problems: {shown}")
    if report and os.environ.get(DRAFT) == "1":
        print("i18n: a draft build, English where a translation is missing:\n  " + "\n  ".join(report), file=sys.stderr)
    elif report:
        raise CatalogueError(
            "i18n: the catalogues do not match the game's strings (run `python3 -m tools.i18n update`, "
            f"then translate; {DRAFT}=1 lets a work-in-progress build through):\n  " + "\n  ".join(report)
        )
    return source


def compiled(code: str, root: Path = ROOT) -> bytes:
    """A language's catalogue as a .mo file's bytes (what the page reads with gettext)."""
    buffer = io.BytesIO()
    write_mo(buffer, read(code, root), use_fuzzy=False)
    return buffer.getvalue()


def mo_name(code: str) -> str:
    """Where the page finds a language's compiled catalogue, relative to the site's root."""
    return f"static/locale/{code}.mo"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "check"))
    args = parser.parse_args(argv)
    if args.command == "update":
        for code, count in update().items():
            print(f"{code}: {count} to translate" if count else f"{code}: complete")
        return 0
    source = check()
    print(f"i18n: {len(source)} messages, every language complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
