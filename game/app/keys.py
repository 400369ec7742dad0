"""The names the app and the page share: the keys kept in the page's storage, the files asked for and how
sending went (docs/protocol.md).

A module of their own below game.app.state and game.app.events, which both read them: the events
module takes the stored values of these keys from the page's start message, the state holds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.core.i18n import LANGUAGE_KEY

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
    "SEEN_KEY",
    "PHONE_KEY",
    "HINTED_KEY",
    "TRAINER_KEY",
    "PACE_KEY",
    "STORED_KEYS",
    "FileKind",
    "Wanted",
    "REFERENCES",
    "Sent",
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
SEEN_KEY = "yacht-dice/shared-seen"  # fingerprints of shared games begun here and no longer kept whole: never again
PHONE_KEY = "yacht-dice/phone"  # this phone's id (game.core.marks), drawn once by the page
HINTED_KEY = "yacht-dice/hints-by-name"  # the people who left their hints on (a JSON list of names)
TRAINER_KEY = "yacht-dice/trainer"  # the trainer's schedule, progress and own mistakes (game.records.trainer)
PACE_KEY = "yacht-dice/pace"  # how fast a computer plays (game.coach.pacing.Pace; Sound and look's Pace)
STORED_KEYS = (
    SAVE_KEY,
    SETUP_KEY,
    HISTORY_KEY,
    HINTS_KEY,
    UNREADABLE_KEY,
    LANGUAGE_KEY,
    CHALLENGE_KEY,
    SHARED_KEY,
    SEEN_KEY,
    PHONE_KEY,
    HINTED_KEY,
    TRAINER_KEY,
    PACE_KEY,
)
"""The localStorage keys the page reads at start (docs/protocol.md)."""


class FileKind(Enum):
    """What a file the app asks the page for is."""

    TABLE = "table"  # an advisor's table or spread (static/tables/, by its file's name)
    LANGUAGE = "language"  # a language's catalogue (by its code)
    REFERENCES = "references"  # the optimal player's numbers (static/tables/optimal.json)


@dataclass(frozen=True)
class Wanted:
    """A file the app asks for, named on the wire as ``kind:name`` (a table by its bare file name).

    >>> Wanted.read(Wanted(FileKind.LANGUAGE, "de").wire), Wanted.read("yacht.bin").kind
    (Wanted(kind=<FileKind.LANGUAGE: 'language'>, name='de'), <FileKind.TABLE: 'table'>)
    """

    kind: FileKind
    name: str = ""

    @property
    def wire(self) -> str:
        """The name the fetch effect gives the page, which its answer carries back."""
        return self.name if self.kind is FileKind.TABLE else f"{self.kind.value}:{self.name}".rstrip(":")

    @classmethod
    def table(cls, name: str) -> Wanted:
        return cls(FileKind.TABLE, name)

    @classmethod
    def language(cls, code: str) -> Wanted:
        return cls(FileKind.LANGUAGE, code)

    @classmethod
    def read(cls, wire: str) -> Wanted:
        """The file a name on the wire stands for (any name unknown: a table's, which no coach waits for)."""
        kind, colon, name = wire.partition(":")
        known = {k.value: k for k in FileKind if k is not FileKind.TABLE}
        if kind in known and (colon or known[kind] is FileKind.REFERENCES):
            return cls(known[kind], name)
        return cls(FileKind.TABLE, wire)


REFERENCES = Wanted(FileKind.REFERENCES)


class Sent(Enum):
    """How sending a link or a text went (the page's ``shared`` answer)."""

    SHARED = "shared"
    COPIED = "copied"
    CANCELLED = "cancelled"
    FAILED = "failed"  # neither: the person copies it by hand
