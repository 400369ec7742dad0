"""Words shown before Python runs: boot.js's messages and the web app manifest, worded at build time.

tools/build.py writes them, in every language of the catalogue, into the page (for boot.js) and into
one manifest per language; they live here so that Babel extracts them with the game's other messages.

>>> boot_words()["starting"]
'Starting Python…'
>>> manifest_words(ENGLISH)["short_name"]
'Yacht'
"""

from __future__ import annotations

from game.core.i18n import ENGLISH, LANGUAGE_KEY, N_, Text

__all__ = ["BOOT", "LANGUAGE_KEY", "MANIFEST", "boot_words", "manifest_words"]

BOOT = {
    # Translators: {reason} is one of the next messages, or the browser's own (English) error text.
    "failed": N_(
        "The game could not start: {reason} Reload the page to try again; if it keeps failing, "
        "this browser may not support WebAssembly."
    ),
    "python_error": N_("its Python code raised an error (the details are in the browser's console)."),
    "stopped": N_("its Python code stopped before the page was ready."),
    "unknown": N_("an unknown error."),
    "script": N_("a script failed to load."),
    # Translators: shown in place of the game when one of the files that start it could not be downloaded.
    "not_downloaded": N_(
        "The game could not start: one of its files did not download. Check the connection, then reload the page."
    ),
    # Translators: shown, in place of the game, when loading has not moved for {seconds} seconds; it
    # goes away by itself if loading goes on.
    "stalled": N_(
        "Loading has stopped: nothing has come for {seconds} seconds. Check the connection, or reload "
        "the page to try again. If loading goes on, this message goes away."
    ),
    # Translators: the name of the progress bar shown while the game loads on a slow line.
    "loading": N_("Loading the game…"),
    # Translators: {percent} is how much of the game's download has come, e.g. "42%" (written by the browser).
    "downloading": N_("Downloading the game: {percent}"),
    # Translators: {megabytes} is how much of the game's download has come, e.g. "2.5".
    "downloaded": N_("Downloading the game: {megabytes} MB"),
    # Translators: everything is downloaded; the Python interpreter the game runs in is starting.
    "starting": N_("Starting Python…"),
    # Translators: a badge over the last table, shown at once when the game opens again, until the game can
    # answer a tap (a tap made meanwhile is answered then). Short: it sits on one line on a phone.
    "waking": N_("Waking up…"),
}
"""boot.js's messages by key; it fills ``{reason}``, ``{seconds}``, ``{percent}`` and ``{megabytes}`` itself."""

MANIFEST = {
    "name": N_("Yacht Dice"),
    # Translators: the name under the app's icon on a phone's home screen: keep it short (12 characters at most).
    "short_name": N_("Yacht"),
    "description": N_("Yacht, Yahtzee and Yatzy dice games that play offline."),
}
"""The web app manifest's words."""


def boot_words(t: Text = ENGLISH) -> dict[str, str]:
    """boot.js's messages in the language of ``t`` (placeholders left for boot.js to fill)."""
    return {key: t._(message) for key, message in BOOT.items()}


def manifest_words(t: Text = ENGLISH) -> dict[str, str]:
    """The manifest's name, short name and description in the language of ``t``."""
    return {key: t._(message) for key, message in MANIFEST.items()}
