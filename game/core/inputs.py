"""Text from outside the game (a stored save, remembered choices, an imported file) read strictly.

One reader for every JSON value that comes from storage or a file: its size and nesting are
checked before the parser sees it (no recursion on a depth someone else chose), numbers must be
finite, and every failure is a :class:`~game.core.refusals.SaveError` whose message a person can read.
Links are read by :mod:`game.records.choices` (ASCII digits only, bounded lengths).

The message of such an error is developer detail (English). What a player reads is its
:class:`Problem`, a reason and its fields, worded by the catalogue: :func:`problem_text`.

>>> read_json('{"rules": "yatzy"}', "remembered choices", MAX_SETTINGS_BYTES)
{'rules': 'yatzy'}
>>> read_json("[" * 10_000 + "]" * 10_000)
Traceback (most recent call last):
...
game.core.refusals.SaveError: the saved match nests 10000 levels deep; at most 64 are read
>>> try:
...     read_json("[" * 10_000)
... except SaveError as error:
...     problem_text(error)
'The data nests 10,000 levels deep; at most 64 are read.'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from itertools import accumulate
from typing import Any, NamedTuple

from game.core.i18n import ENGLISH, N_, Text, n_
from game.core.refusals import SaveError

__all__ = [
    "MAX_DEPTH",
    "MAX_SAVE_BYTES",
    "MAX_SETTINGS_BYTES",
    "Trouble",
    "Problem",
    "refusal",
    "problem_text",
    "read_json",
    "nesting",
    "shorten",
]

MAX_DEPTH = 64
"""The deepest JSON nesting read; a history nests 5 levels, a backup with a session about 9."""
MAX_SAVE_BYTES = 1024 * 1024
"""The largest saved match read: room to spare above the longest real match (five players, six games
of custom dice with 27 categories, all ten dice held and released around every roll; docs/speed.md gives
its size)."""
MAX_SETTINGS_BYTES = 64 * 1024
"""The largest small record read (the setup form's remembered choices, format 1's hints)."""
QUOTE_CHARS = 24
"""How much of an outside value a message quotes."""

_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


class Trouble(Enum):
    """What is wrong with data from outside (a file, storage): a closed vocabulary a UI can switch on."""

    TOO_LARGE = "too_large"  # size, limit (bytes)
    NOT_TEXT = "not_text"  # not UTF-8 text
    TOO_DEEP = "too_deep"  # depth, limit
    NOT_JSON = "not_json"  # cut short or damaged
    FOREIGN = "foreign"  # what ("backup", "history"): not this game's file
    NEWER = "newer"  # version, supported: made by a newer version of the game
    VERSION = "version"  # version, supported: a version this game does not read
    FIELDS = "fields"  # names: parts missing or unknown
    DAMAGED = "damaged"  # part: a part is not what it should be
    TOO_MANY_GAMES = "too_many_games"  # count, limit
    UNKNOWN_RULES = "unknown_rules"  # number (1-based)
    BAD_GAME = "bad_game"  # number (1-based), seat (1-based or None), part
    BAD_TIME = "bad_time"  # the backup's export time
    BAD_SETTINGS = "bad_settings"
    TOO_MANY_SETTINGS = "too_many_settings"  # count, limit
    SETTINGS_TOO_LARGE = "settings_too_large"  # size, limit (characters)
    BAD_SESSION = "bad_session"  # the match in progress cannot be restored


_HEADLINES = {
    Trouble.NOT_TEXT: N_("The data is not text (UTF-8)."),
    Trouble.NOT_JSON: N_("The data is cut short or damaged (it is not valid JSON)."),
    # Translators: "It" is the backup file or the stored game history that could not be read.
    Trouble.NEWER: N_(
        "It was made by a newer version of the game (format {version}; this one reads format {supported}):"
        " reload the page to update the game."
    ),
    # Translators: "It" is the backup file or the stored game history that could not be read.
    Trouble.VERSION: N_("Its format version ({version}) is not one this game reads."),
    # Translators: "it" is the backup file or the stored game history; {names} are names of its parts as written in it.
    Trouble.FIELDS: N_("Parts of it are missing or unknown: {names}."),
    # Translators: {part} is the name of a part of a JSON file, as it is written in it ("games").
    Trouble.DAMAGED: N_("The data is damaged: “{part}” is not what it should be."),
    # Translators: "It" is the backup file or the stored game history that could not be read.
    Trouble.UNKNOWN_RULES: N_("Its rule set {number} is not one this game knows."),
    # Translators: "It" is the backup file or the stored game history that could not be read.
    Trouble.BAD_TIME: N_("Its export time is not a valid time."),
    # Translators: "It" is the backup file or the stored game history that could not be read.
    Trouble.BAD_SETTINGS: N_("Its settings are damaged."),
    # Translators: "It" is the backup file or the stored game history that could not be read.
    Trouble.BAD_SESSION: N_("Its match in progress cannot be restored."),
}


class _Counted(NamedTuple):
    """A trouble that counts something: its plural pair, the field counted, and its name in the msgid."""

    wording: tuple[str, str]
    counted: str
    shown: str


_COUNTED = {
    Trouble.TOO_LARGE: _Counted(
        n_(
            "There is too much data: {size} byte, and at most {limit} are read.",
            "There is too much data: {size} bytes, and at most {limit} are read.",
        ),
        counted="size",
        shown="size",
    ),
    Trouble.TOO_DEEP: _Counted(
        n_(
            "The data nests {depth} level deep; at most {limit} are read.",
            "The data nests {depth} levels deep; at most {limit} are read.",
        ),
        counted="depth",
        shown="depth",
    ),
    Trouble.TOO_MANY_GAMES: _Counted(
        # Translators: "It" is the backup file or the stored game history that could not be read.
        n_("It holds {games} game; at most {limit} are kept.", "It holds {games} games; at most {limit} are kept."),
        counted="count",
        shown="games",
    ),
    Trouble.TOO_MANY_SETTINGS: _Counted(
        # Translators: "It" is the backup file or the stored game history that could not be read.
        n_(
            "It has {settings} setting; at most {limit} are read.",
            "It has {settings} settings; at most {limit} are read.",
        ),
        counted="count",
        shown="settings",
    ),
    Trouble.SETTINGS_TOO_LARGE: _Counted(
        # Translators: "It" is the backup file or the stored game history that could not be read.
        n_(
            "Its settings take {size} character; at most {limit} are read.",
            "Its settings take {size} characters; at most {limit} are read.",
        ),
        counted="size",
        shown="size",
    ),
}
_FOREIGN = {
    "backup": N_("This is not a Yacht Dice backup."),
    "history": N_("This is not a Yacht Dice game history."),
    "": N_("This is not a file of Yacht Dice."),
}


@dataclass(frozen=True)
class Problem:
    """What a player is told about data that cannot be read: a :class:`Trouble` and its fields.

    >>> Problem(Trouble.TOO_MANY_GAMES, {"count": 60000, "limit": 50000}).text()
    'It holds 60,000 games; at most 50,000 are kept.'
    """

    trouble: Trouble
    fields: Mapping[str, Any] = field(default_factory=dict)

    def text(self, t: Text = ENGLISH) -> str:
        """The problem worded for a player in the language of ``t``: one sentence.

        >>> Problem(Trouble.BAD_GAME, {"number": 3, "seat": 2, "part": "name"}).text()
        'Game 3 (seat 2) is damaged or impossible.'
        """
        trouble, f = self.trouble, self.fields
        if trouble in _COUNTED:
            (singular, plural), key, name = _COUNTED[trouble]
            return t.n_(singular, plural, f[key], **{name: t.number(f[key]), "limit": t.number(f["limit"])})
        if trouble is Trouble.FOREIGN:
            return t._(_FOREIGN.get(f.get("what", ""), _FOREIGN[""]))
        if trouble is Trouble.BAD_GAME:
            if f.get("seat") is None:
                return t._("Game {number} is damaged or impossible.", number=f["number"])
            # Translators: a game of a history or backup file, and a seat (player) in it, by number.
            return t._("Game {number} (seat {seat}) is damaged or impossible.", number=f["number"], seat=f["seat"])
        if trouble is Trouble.FIELDS:
            return t._(_HEADLINES[trouble], names=", ".join(f["names"]))
        return t._(
            _HEADLINES[trouble], **{key: f[key] for key in ("version", "supported", "part", "number") if key in f}
        )


def refusal(message: str, trouble: Trouble, **fields: Any) -> SaveError:
    """A SaveError: ``message`` for developers (its ``str``), its ``problem`` for a player.

    >>> error = refusal("the backup is too large: 99 bytes", Trouble.TOO_LARGE, size=99, limit=10)
    >>> str(error), error.problem.text()
    ('the backup is too large: 99 bytes', 'There is too much data: 99 bytes, and at most 10 are read.')
    """
    return SaveError(message, problem=Problem(trouble, fields))


def problem_text(error: BaseException, t: Text = ENGLISH) -> str:
    """What a player reads about ``error`` (a SaveError of a file or storage), in the language of ``t``.

    An error without a :class:`Problem` (raised elsewhere) gets a general sentence; its message
    stays technical detail.

    >>> problem_text(SaveError("the save's actions must be a list"))
    'The data is damaged or cannot be read.'
    """
    problem = getattr(error, "problem", None)
    if isinstance(problem, Problem):
        return problem.text(t)
    return t._("The data is damaged or cannot be read.")


def shorten(value: Any, limit: int = QUOTE_CHARS, t: Text = ENGLISH) -> str:
    """An outside value quoted for a message, cut to ``limit`` characters (its length in ``t``'s words).

    >>> shorten("9" * 5000)
    "'999999999999999999999999…' (5000 characters)"
    >>> shorten("³")
    "'³'"
    """
    text = str(value)
    if len(text) <= limit:
        return repr(text)
    # Translators: {value} is the start of a long value from a link, quoted and cut with "…".
    return t.n_(
        "{value} ({count} character)", "{value} ({count} characters)", len(text), value=f"{text[:limit]!r}"[:-1] + "…'"
    )


def nesting(text: str) -> int:
    """The deepest [ / { nesting of JSON text, strings left out: linear, no recursion.

    >>> nesting('{"a": [[1], "]]]]"]}'), nesting("[" * 10_000)
    (3, 10000)
    """
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(map(_NESTING.__getitem__, brackets)), default=0)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    number = float(text)
    if number in (float("inf"), float("-inf")):
        raise ValueError(f"{text[:QUOTE_CHARS]} is too large a number")
    return number


def read_json(text: Any, what: str = "saved match", limit: int = MAX_SAVE_BYTES) -> Any:
    """JSON text (or UTF-8 bytes) of at most ``limit`` bytes and MAX_DEPTH levels, parsed.

    >>> read_json('{"players": [1e400]}')
    Traceback (most recent call last):
    ...
    game.core.refusals.SaveError: the saved match is not valid JSON (truncated or damaged?): 1e400 is too large a number
    >>> read_json("x" * 100, "hints", limit=10)
    Traceback (most recent call last):
    ...
    game.core.refusals.SaveError: the hints is too large: 100 bytes, at most 10 are read
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limit:
            raise refusal(
                f"the {what} is too large: {len(text)} bytes, at most {limit} are read",
                Trouble.TOO_LARGE,
                size=len(text),
                limit=limit,
            )
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise refusal(f"the {what} is not UTF-8 text: {exc}", Trouble.NOT_TEXT) from None
    if not isinstance(text, str):
        raise refusal(f"the {what} must be JSON text, not {type(text).__name__}", Trouble.NOT_TEXT)
    size = len(text) if len(text) * 4 <= limit else len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise refusal(
            f"the {what} is too large: {size} bytes, at most {limit} are read",
            Trouble.TOO_LARGE,
            size=size,
            limit=limit,
        )
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise refusal(
            f"the {what} nests {depth} levels deep; at most {MAX_DEPTH} are read",
            Trouble.TOO_DEEP,
            depth=depth,
            limit=MAX_DEPTH,
        )
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as exc:
        raise refusal(f"the {what} is not valid JSON (truncated or damaged?): {exc}"[:300], Trouble.NOT_JSON) from None
