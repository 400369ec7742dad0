"""A test catalogue that words every message as itself between markers: what escapes them was not worded."""

from __future__ import annotations

import gettext
import re
import string

from game.core.i18n import LANGUAGES, Text


class Marked(gettext.NullTranslations):
    """Every message "translated" to ``prefix + word(message) + suffix``; the msgids asked for are kept.

    >>> Marked().gettext("Roll"), Marked().ngettext("{count} die", "{count} dice", 2)
    ('«Roll»', '«{count} dice»')
    """

    def __init__(self, prefix: str = "«", suffix: str = "»") -> None:
        super().__init__()
        self.prefix, self.suffix = prefix, suffix
        self.asked: set[str | tuple[str, str]] = set()

    def word(self, message: str) -> str:
        """The message as marked (a subclass may change its letters, keeping its fields)."""
        return f"{self.prefix}{message}{self.suffix}"

    def gettext(self, message):
        self.asked.add(message)
        return self.word(message)

    def ngettext(self, singular, plural, n):
        self.asked.add((singular, plural))
        return self.word(singular if n == 1 else plural)

    def pgettext(self, context, message):
        self.asked.add(message)
        return self.word(message)

    def npgettext(self, context, singular, plural, n):
        return self.ngettext(singular, plural, n)


def outside_markers(text: str, prefix: str = "«", suffix: str = "»") -> str:
    """The characters of ``text`` that no marked message wrote (outside every «…»).

    >>> outside_markers("«Roll» 3 «dice»")
    ' 3 '
    """
    depth, outside = 0, []
    for char in text:
        if char == prefix:
            depth += 1
        elif char == suffix:
            depth -= 1
        elif depth == 0:
            outside.append(char)
    return "".join(outside)


NAMES = ("Ann", "Chris", "Robo")  # Chris: a name ending in "s"; Robo: a computer player


def mark(msgid: str) -> str:
    """A msgid "translated": in «…», its words in capitals, its fields kept."""
    out = []
    for literal, name, spec, conversion in string.Formatter().parse(msgid):
        out.append(literal.upper().replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return "«" + "".join(out) + "»"


class Marking(Marked):
    """The shared marking catalogue, with the words of each message in capitals (its fields kept)."""

    def word(self, message: str) -> str:
        return mark(message)


def marked() -> Text:
    return Text(LANGUAGES["en"], Marking())


def unmarked(text: str) -> str:
    """What of ``text`` the catalogue did not write: "" when every word came from it."""
    for name in NAMES:
        text = text.replace(name, "")
    outside = outside_markers(text)
    problems = []
    if re.search(r"[^\W\d_]", outside):
        problems.append(f"words outside the catalogue: {outside!r}")
    if re.search(r"[a-z]", text):
        problems.append(f"English inside a message: {text!r}")
    return "; ".join(problems)
