"""The keys the app keeps in the page's storage (docs/protocol.md).

A module of their own below game.app.state and game.app.events, which both read them: the events
module takes the stored values of these keys from the page's start message, the state holds them.
"""

from __future__ import annotations

from game.present.boot import LANGUAGE_KEY

__all__ = [
    "SAVE_KEY",
    "UNREADABLE_KEY",
    "KEPT_PREFIX",
    "LANGUAGE_KEY",
    "UNSAVED_KEY",
    "SETUP_KEY",
    "HINTS_KEY",
    "HISTORY_KEY",
    "CHALLENGE_KEY",
    "SHARED_KEY",
    "PHONE_KEY",
    "STORED_KEYS",
]

SAVE_KEY = "yacht-dice/match"
UNREADABLE_KEY = "yacht-dice/unreadable-save"  # the first unreadable save kept aside; later ones beside it
KEPT_PREFIX = "yacht-dice/unreadable-"  # every copy kept aside: unreadable-save, unreadable-history/<time>...
UNSAVED_KEY = "yacht-dice/unsaved"  # in sessionStorage (its own quota): this tab's last save failed
SETUP_KEY = "yacht-dice/setup"
HINTS_KEY = "yacht-dice/hints"  # format 1 kept hints apart; read once, when such a save loads
HISTORY_KEY = "yacht-dice/history"
CHALLENGE_KEY = "yacht-dice/challenge"  # the challenge link this phone's person plays against (its text)
SHARED_KEY = "yacht-dice/shared"  # the shared games (daily, challenge) played lately, each as far as it went
PHONE_KEY = "yacht-dice/phone"  # this phone's id (game.core.marks), drawn once by the page
STORED_KEYS = (
    SAVE_KEY,
    SETUP_KEY,
    HISTORY_KEY,
    HINTS_KEY,
    UNREADABLE_KEY,
    LANGUAGE_KEY,
    CHALLENGE_KEY,
    SHARED_KEY,
    PHONE_KEY,
)
"""The localStorage keys the page reads at start (docs/protocol.md)."""
