"""Text from outside the game (a stored save, remembered choices, an imported file) read strictly.

One reader for every JSON value that comes from storage or a file: its size and nesting are
checked before the parser sees it (no recursion on a depth someone else chose), numbers must be
finite, and every failure is a :class:`~game.engine.SaveError` whose message a person can read.
Links are read by :mod:`game.setup` (ASCII digits only, bounded lengths).

>>> read_json('{"rules": "yatzy"}', "remembered choices", MAX_SETTINGS_BYTES)
{'rules': 'yatzy'}
>>> read_json("[" * 10_000 + "]" * 10_000)
Traceback (most recent call last):
...
game.engine.SaveError: the saved match nests 10000 levels deep; at most 64 are read
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .engine import SaveError

__all__ = ["MAX_DEPTH", "MAX_SAVE_BYTES", "MAX_SETTINGS_BYTES", "read_json", "nesting", "shorten"]

MAX_DEPTH = 64
"""The deepest JSON nesting read; a history nests 5 levels, a backup with a session about 9."""
MAX_SAVE_BYTES = 1024 * 1024
"""The largest saved match read. The longest real match (five players, six games of custom dice
with 27 categories, all ten dice held and released around every roll) saves about 0.6 MB."""
MAX_SETTINGS_BYTES = 64 * 1024
"""The largest small record read (the setup form's remembered choices, format 1's hints)."""
QUOTE_CHARS = 24
"""How much of an outside value a message quotes."""

_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def shorten(value: Any, limit: int = QUOTE_CHARS) -> str:
    """An outside value quoted for a message, cut to ``limit`` characters.

    >>> shorten("9" * 5000)
    "'999999999999999999999999…' (5000 characters)"
    >>> shorten("³")
    "'³'"
    """
    text = str(value)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"…' ({len(text)} characters)"


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
    game.engine.SaveError: the saved match is not valid JSON (truncated or damaged?): 1e400 is too large a number
    >>> read_json("x" * 100, "hints", limit=10)
    Traceback (most recent call last):
    ...
    game.engine.SaveError: the hints is too large: 100 bytes, at most 10 are read
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limit:
            raise SaveError(f"the {what} is too large: {len(text)} bytes, at most {limit} are read")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"the {what} is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise SaveError(f"the {what} must be JSON text, not {type(text).__name__}")
    size = len(text) if len(text) * 4 <= limit else len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise SaveError(f"the {what} is too large: {size} bytes, at most {limit} are read")
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise SaveError(f"the {what} nests {depth} levels deep; at most {MAX_DEPTH} are read")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"the {what} is not valid JSON (truncated or damaged?): {exc}"[:300]) from None
