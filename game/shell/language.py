"""The player's language on the page: chosen, loaded, remembered, and applied without a reload.

The page is built in the default language (English, the msgids). At start the shell takes the
remembered choice, else the browser's first language the game speaks (``game.i18n.negotiate``), and
words the page in it; the header's picker changes it at any time, the match staying as it is.
"""

from __future__ import annotations

import json

from pyscript import document, fetch, window

from ..app import CATALOGUE, MANIFEST
from ..boot import LANGUAGE_KEY
from .dom import PAGE

__all__ = ["LANGUAGE_KEY", "preferred", "load", "apply", "word_static", "remember_choice"]
from ..i18n import DEFAULT, ENGLISH, LANGUAGES, Text, negotiate



def preferred(stored_choice: str | None) -> str:
    """The language to start in: the remembered choice if the game speaks it, else the browser's."""
    if stored_choice in LANGUAGES:
        return stored_choice
    browser = [str(code) for code in json.loads(PAGE.steps().languages())]
    return negotiate(browser).code


async def load(code: str) -> Text | None:
    """The language's Text, its catalogue fetched (None when it cannot be: offline before it was kept)."""
    if code == DEFAULT or code not in LANGUAGES:
        return ENGLISH if code == DEFAULT else None
    try:
        response = await fetch(PAGE.site(CATALOGUE.format(code=code)))
        if not response.ok:
            return None
        return Text.from_mo(code, bytes(await response.bytearray()))
    except Exception:  # noqa: BLE001 - offline and not cached: the caller keeps the current language
        return None


def _msgid(element, key: str, current: str) -> str:
    """The English msgid kept on an element (``data-msg`` for its text, ``data-msg-<attr>``), kept at first use."""
    kept = element.getAttribute(key)
    if not kept:
        kept = " ".join(str(current or "").split())
        element.setAttribute(key, kept)
    return str(kept)


def word_static(t: Text) -> None:
    """Word the page's fixed texts (index.html's ``data-msg`` elements and attributes) in ``t``'s language."""
    for element in document.querySelectorAll("[data-msg]"):
        element.textContent = t._(_msgid(element, "data-msg", element.textContent))
    for element in document.querySelectorAll("[data-msg-attrs]"):
        for name in str(element.getAttribute("data-msg-attrs")).split():
            element.setAttribute(name, t._(_msgid(element, f"data-msg-{name}", element.getAttribute(name))))


def apply(t: Text) -> None:
    """The page's language, fixed texts, picker and manifest set to ``t`` (views are redrawn by the caller, first:
    the page names its language last, once it is worded in it)."""
    root = document.documentElement
    word_static(t)
    picker = document.getElementById("language")
    if picker is not None and str(picker.value) != t.code:
        picker.value = t.code
    link = document.querySelector("link[rel=manifest]")
    if link is not None:
        link.setAttribute("href", MANIFEST.format(suffix="" if t.code == DEFAULT else f".{t.code}"))
    root.dataset.language = t.code
    root.lang = t.code


def remember_choice(code: str) -> None:
    """Keep the player's choice for the next visit (boot.js reads it too); refused storage is fine."""
    try:
        window.localStorage.setItem(LANGUAGE_KEY, code)
    except Exception:  # noqa: BLE001 - the choice lasts for this visit only
        pass
