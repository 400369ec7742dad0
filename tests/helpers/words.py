"""The real catalogues as tests read them, compiled from the .po files as the build does (tools/i18n.py)."""

from __future__ import annotations

import functools

from game.core.i18n import Text


@functools.cache
def catalogue(code: str) -> bytes:
    """A language's compiled catalogue, as the build makes it (tools/i18n.py, with Babel)."""
    from tools import i18n

    return i18n.compiled(code)


FIXED = ("Statistics", "Yacht Dice")  # two of the page's fixed texts (index.html's data-msg)


def text_in(code: str) -> Text:
    return Text.from_mo(code, catalogue(code))
