"""The player's language: the registry of languages, and a :class:`Text` that words messages in one.

Every sentence a person sees or hears is a gettext message: an English msgid marked in the source
(``t._("Roll")``, ``t.n_("{count} roll left", "{count} rolls left", n)``, ``N_("Chance")`` for data
worded later), extracted and compiled by Babel at build time (``tools/i18n.py``) and read here by the
standard library's :mod:`gettext`. Fields are named and filled after translation, so a translator
may move them: ``t._("{name}'s turn", name="Ann")``.

>>> t = Text(LANGUAGES["sv"])  # no catalogue given: the English msgid, in Swedish number format
>>> t._("{name} scored {points}", name="Ann", points=25), t.number(1234.5, 1), t.percent(0.046, 1)
('Ann scored 25', '1\\xa0234,5', '4,6\\xa0%')
>>> negotiate(["nb-NO", "en"]).code, negotiate(["no"]).code, negotiate(["pt-BR"]).code
('nb', 'nb', 'en')
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

Day = date  # a day, named so within Text, whose own ``date`` method hides the type

__all__ = ["N_", "n_", "Language", "LANGUAGES", "DEFAULT", "ENGLISH", "Text", "language", "negotiate", "DOMAIN"]

DOMAIN = "game"
"""The gettext domain: the catalogues are ``locale/<code>/LC_MESSAGES/game.po`` and ``.mo``."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (data worded later by a Text).

    >>> N_("Full House")
    'Full House'
    """
    return message


def n_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for the catalogue without translating it (the plural twin of ``N_``).

    Babel extracts ``n_("…", "…")`` as one plural message; ``Text.n_(*pair, count)`` words it later.
    (An ``N_`` on each form would make two unrelated messages.)

    >>> n_("{count} point", "{count} points")
    ('{count} point', '{count} points')
    """
    return singular, plural


@dataclass(frozen=True)
class Language:
    """One language the game speaks: its code, its own name, and how it writes numbers and dates.

    The number and date fields are CLDR's (a unit test checks them against Babel's data), so the
    game formats with the standard library alone.
    """

    code: str  # BCP 47 and gettext: "sv"
    name: str  # in itself: "Svenska"
    decimal: str
    group: str
    percent: str  # "{}" is the number: "{}%" or "{}\u00a0%"
    date: str  # a CLDR pattern of y, M, d: "y-MM-dd"
    aliases: tuple[str, ...] = ()  # other primary tags a browser may send for it ("no" for bokmål)


LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("en", "English", ".", ",", "{}%", "M/d/y"),
        Language("sv", "Svenska", ",", "\u00a0", "{}\u00a0%", "y-MM-dd"),
        Language("da", "Dansk", ",", ".", "{}\u00a0%", "dd.MM.y"),
        Language("nb", "Norsk bokmål", ",", "\u00a0", "{}\u00a0%", "dd.MM.y", ("no", "nn")),
        Language("de", "Deutsch", ",", ".", "{}\u00a0%", "dd.MM.y"),
        Language("fr", "Français", ",", "\u202f", "{}\u00a0%", "dd/MM/y"),
        Language("es", "Español", ",", ".", "{}\u00a0%", "d/M/y"),
    )
}
"""Every language of the game, in the order the picker offers them; English is the source."""

DEFAULT = "en"
"""The language of the msgids, of the page rendered at build time, and of a browser we cannot match."""

LANGUAGE_KEY = "yacht-dice/language"
"""Where the player's chosen language is remembered (localStorage), read by boot.js, the shell and the app."""

PRIMARY_TAGS: dict[str, str] = {tag: lang.code for lang in LANGUAGES.values() for tag in (lang.code, *lang.aliases)}
"""Each primary language tag the game knows (a code or an alias), and its language's code: what :func:`language`
reads, and what the build writes into the page for boot.js, which picks the language before Python starts."""


def language(code: str) -> Language:
    """The language with this code or alias (any region: "sv-FI" is Swedish), else the default.

    >>> language("de-AT").name, language("xx").code, language("NO").code
    ('Deutsch', 'en', 'nb')
    """
    return LANGUAGES[PRIMARY_TAGS.get(_primary(code), DEFAULT)]


def _primary(code: str) -> str:
    """A language tag's primary subtag, lower case ("sv" of "sv-FI", "en" of "EN_gb")."""
    return str(code).split("-")[0].split("_")[0].lower()


def negotiate(preferred: Iterable[str]) -> Language:
    """The first of the browser's languages (``navigator.languages``) that the game speaks.

    >>> negotiate(["fr-CA", "sv"]).code, negotiate(["pt", "EN_gb", "sv"]).code, negotiate([]).code
    ('fr', 'en', 'en')
    """
    for code in preferred:
        if _primary(code) in PRIMARY_TAGS:
            return language(code)
    return LANGUAGES[DEFAULT]


def _group(digits: str, separator: str) -> str:
    head = len(digits) % 3 or 3
    return separator.join([digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)])


@dataclass(frozen=True)
class Text:
    """Messages, numbers and dates in one language; the owner of that language's gettext catalogue.

    >>> t = ENGLISH
    >>> t.n_("{count} roll left", "{count} rolls left", 2), t.number(-1234.56, 1), t.date(date(2026, 11, 3))
    ('2 rolls left', '-1,234.6', '11/3/2026')
    """

    language: Language
    catalogue: gettext.NullTranslations = field(default_factory=gettext.NullTranslations, compare=False, repr=False)

    @classmethod
    def from_mo(cls, code: str, data: bytes) -> Text:
        """The language ``code`` read from a compiled catalogue (a ``.mo`` file's bytes)."""
        return cls(language(code), gettext.GNUTranslations(io.BytesIO(data)))

    @property
    def code(self) -> str:
        return self.language.code

    def _(self, message: str, /, **fields: object) -> str:
        """``message`` in this language, its ``{fields}`` filled in."""
        text = self.catalogue.gettext(message)
        return text.format(**fields) if fields else text

    def n_(self, singular: str, plural: str, count: int, /, **fields: object) -> str:
        """The form of a message for ``count`` (this language's plural rule); ``{count}`` is filled in too."""
        return self.catalogue.ngettext(singular, plural, count).format(count=count, **fields)

    def p_(self, context: str, message: str, /, **fields: object) -> str:
        """``message`` in a context, where one English word needs two translations ("Roll" the verb)."""
        text = self.catalogue.pgettext(context, message)
        return text.format(**fields) if fields else text

    def number(self, value: float, digits: int = 0) -> str:
        """``value`` rounded to ``digits`` decimals, grouped and pointed as this language writes it.

        >>> Text(LANGUAGES["de"]).number(12345.678, 2), Text(LANGUAGES["fr"]).number(0.5, 1)
        ('12.345,68', '0,5')
        """
        text = f"{abs(value):.{digits}f}"
        whole, _, fraction = text.partition(".")
        sign = "-" if value < 0 and text.strip("0.") else ""
        out = sign + _group(whole, self.language.group)
        return out + (self.language.decimal + fraction if fraction else "")

    def percent(self, share: float, digits: int = 0) -> str:
        """A share (0.046) as a percentage in this language ("4.6%", "4,6 %").

        >>> ENGLISH.percent(0.25), Text(LANGUAGES["da"]).percent(0.046, 1)
        ('25%', '4,6\\xa0%')
        """
        return self.language.percent.format(self.number(share * 100, digits))

    def date(self, day: date) -> str:
        """A day in this language's short numeric form (four-digit year).

        >>> Text(LANGUAGES["sv"]).date(date(2026, 1, 5)), Text(LANGUAGES["es"]).date(date(2026, 1, 5))
        ('2026-01-05', '5/1/2026')
        """
        fields = {
            "y": str(day.year),
            "MM": f"{day.month:02d}",
            "M": str(day.month),
            "dd": f"{day.day:02d}",
            "d": str(day.day),
        }
        out, pattern = [], self.language.date
        while pattern:
            token = next((key for key in ("y", "MM", "M", "dd", "d") if pattern.startswith(key)), pattern[0])
            out.append(fields.get(token, token))
            pattern = pattern[len(token) :]
        return "".join(out)

    def day_month(self, day: Day, year: bool = False) -> str:
        """A day with its month's short name ("29 Nov", "29. Nov."), with its year where asked: the same to every
        reader of a language, where a numeric date reads differently on each side of the Atlantic ("11/28/2026").

        >>> ENGLISH.day_month(date(2026, 11, 29)), ENGLISH.day_month(date(2026, 5, 1), year=True)
        ('29 Nov', '1 May 2026')
        """
        months = (
            # Translators: a month's short name, in a day's short form ("29 Nov"; Statistics, the daily game's label).
            self.p_("short month", "Jan"),
            self.p_("short month", "Feb"),
            self.p_("short month", "Mar"),
            self.p_("short month", "Apr"),
            self.p_("short month", "May"),
            self.p_("short month", "Jun"),
            self.p_("short month", "Jul"),
            self.p_("short month", "Aug"),
            self.p_("short month", "Sep"),
            self.p_("short month", "Oct"),
            self.p_("short month", "Nov"),
            self.p_("short month", "Dec"),
        )
        # Translators: a day and its month's short name ("29 Nov"), in Statistics and the daily game's label.
        shown = self._("{day} {month}", day=day.day, month=months[day.month - 1])
        return f"{shown} {day.year}" if year else shown

    def join(self, items: Iterable[str]) -> str:
        """Names in a list: "Ann", "Ann and Bob", "Ann, Bob and Cy".

        >>> ENGLISH.join(["Ann", "Bob", "Cy"])
        'Ann, Bob and Cy'
        """
        items = list(items)
        if len(items) < 2:
            return "".join(items)
        return self._("{names} and {last}", names=", ".join(items[:-1]), last=items[-1])


ENGLISH = Text(LANGUAGES[DEFAULT])
"""The source language (msgids as they are): the default of every function that words something."""
