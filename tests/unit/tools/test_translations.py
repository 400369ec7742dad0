"""Every message translated in every language, checked over the compiled catalogues the page reads.

Also: each language's number and date forms are CLDR's (Babel's data), and the language a browser
gets is the one the game speaks.
"""

from __future__ import annotations

import re
import string
from datetime import date

import pytest
from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent

from game.core.i18n import DEFAULT, LANGUAGES, Text, language, negotiate
from tools import i18n

OTHERS = [code for code in LANGUAGES if code != DEFAULT]
FIELD = re.compile(r"\{(\w*)\}")


@pytest.fixture(scope="module")
def source():
    return [m for m in i18n.template() if m.id]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("code", OTHERS)
def test_every_message_is_translated_in_the_compiled_catalogue(code, source):
    text = Text.from_mo(code, i18n.compiled(code))
    catalogue = text.catalogue._catalog  # what gettext reads: msgid (or (msgid, n), or "ctx\x04msgid") -> msgstr
    missing, broken = [], []
    for message in source:
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        key = ids[0] if message.context is None else f"{message.context}\x04{ids[0]}"
        forms = [catalogue.get((key, n)) for n in range(2)] if len(ids) > 1 else [catalogue.get(key)]
        if not all(forms):
            missing.append(ids[0])
            continue
        wanted = set().union(*(_fields(i) for i in ids))
        for form in forms:
            try:
                form.format(**{name: 2 for name in wanted})
            except (KeyError, IndexError, ValueError) as error:
                broken.append(f"{ids[0]!r} -> {form!r}: {error}")
            if _fields(form) - wanted:
                broken.append(f"{ids[0]!r} -> {form!r}: invents {_fields(form) - wanted}")
            if len(ids) == 1 and wanted - _fields(form):
                broken.append(f"{ids[0]!r} -> {form!r}: drops {wanted - _fields(form)}")
    assert not missing, f"{code}: {len(missing)} untranslated, e.g. {missing[:5]}"
    assert not broken, f"{code}: " + "\n".join(broken[:10])


@pytest.mark.parametrize("code", OTHERS)
def test_the_catalogue_is_complete_and_current(code, source):
    assert i18n.problems(code, i18n.template()) == []


def test_the_build_refuses_a_fuzzy_or_missing_translation(tmp_path):
    """The build's check fails on a fuzzy entry and on a missing one (a copy of the sources is changed)."""
    import shutil

    shutil.copytree(i18n.ROOT / "game", tmp_path / "game")
    shutil.copy(i18n.ROOT / "index.html", tmp_path / "index.html")
    po = i18n.po_path("sv", tmp_path)
    text = po.read_text(encoding="utf-8")
    fuzzy = text.replace('msgid "Statistics"', '#, fuzzy\nmsgid "Statistics"', 1)
    assert fuzzy != text
    po.write_text(fuzzy, encoding="utf-8")
    with pytest.raises(i18n.CatalogueError, match=r"sv: 1 problems: fuzzy: 'Statistics'"):
        i18n.check(tmp_path)
    po.write_text(text, encoding="utf-8")
    (tmp_path / "game" / "probe.py").write_text('def f(t):\n    return t._("A sentence nobody translated")\n')
    with pytest.raises(i18n.CatalogueError, match="missing: 'A sentence nobody translated'"):
        i18n.check(tmp_path)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_numbers_percentages_and_dates_are_cldr_forms(code):
    t = Text(LANGUAGES[code])
    for value, digits in ((0.5, 1), (3.25, 2), (1234.5, 1), (-12345.678, 2), (1234567, 0), (7, 0)):
        pattern = "#,##0" + ("." + "0" * digits if digits else "")
        assert t.number(value, digits) == format_decimal(value, format=pattern, locale=code), (value, digits)
    for share in (0.046, 0.5, 1.0):
        assert t.percent(share, 1) == format_percent(
            share,
            format=Locale.parse(code).percent_formats[None].pattern.replace("0%", "0.0%").replace("0\xa0%", "0.0\xa0%"),
            locale=code,
        )
    short = Locale.parse(code).date_formats["short"].pattern
    four_digit_year = re.sub(r"y+", "y", short)
    for day in (date(2026, 1, 5), date(2026, 11, 23), date(1999, 12, 31)):
        assert t.date(day) == format_date(day, four_digit_year, locale=code), (code, day)


def test_a_browser_gets_the_language_the_game_speaks():
    assert negotiate(["sv-SE", "en-US"]).code == "sv"
    assert negotiate(["nn-NO"]).code == "nb" and negotiate(["no"]).code == "nb"
    assert negotiate(["pt-BR", "de-CH"]).code == "de"  # the first one the game speaks
    assert negotiate(["en-GB", "sv"]).code == "en"  # English first means English
    assert negotiate(["zz"]).code == DEFAULT and language("").code == DEFAULT
