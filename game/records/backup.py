"""A backup: the whole device in one file (the history, the match in progress, the settings, the challenge
played against and the trainer's progress), and reading one.

The page gives the export time as ISO 8601 UTC text ("2026-11-23T07:00:00Z"). Reading a
backup checks all of it (the history game by game, the session by restoring it, the settings
as plain bounded JSON) and refuses the file with a SaveError naming what is wrong.

>>> from game.records.record import demo_record
>>> b = Backup(History().add(demo_record()), None, {"theme": "dark"}, "2026-11-23T07:00:00Z")
>>> Backup.from_json(b.to_json()).history.games == (demo_record(),)
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.coach.session import Session
from game.core import links
from game.core.inputs import Trouble, read_json, refusal
from game.records import challenge as challenges
from game.records.history import History, check_header, parse_json
from game.records.record import utc_time
from game.records.trainer import Trainer

__all__ = [
    "BACKUP_FORMAT",
    "BACKUP_VERSION",
    "MAX_SETTINGS",
    "MAX_SETTINGS_CHARS",
    "MAX_CHALLENGE_CHARS",
    "Backup",
]

BACKUP_FORMAT = "yacht-dice/backup"
"""The ``format`` tag of a backup file."""
BACKUP_VERSION = 1
MAX_SETTINGS = 64
"""The most entries a backup's settings may have."""
MAX_SETTINGS_CHARS = 64 * 1024
"""The most characters a backup's settings take as JSON."""

_BACKUP_KEYS = ("format", "version", "exported", "history", "session", "settings")
_OPTIONAL_KEYS = ("challenge", "trainer")  # written only when there is one: a backup made before them still reads
MAX_CHALLENGE_CHARS = 4096
"""The most characters a backup's challenge link text may take (one finished game's link is far shorter)."""


def _settings(value: Any) -> dict[str, Any]:
    """A backup's settings checked: an object of at most MAX_SETTINGS plain JSON entries."""
    if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
        raise refusal("the backup's settings must be a JSON object", Trouble.BAD_SETTINGS)
    if len(value) > MAX_SETTINGS:
        message = f"the backup has {len(value)} settings; at most {MAX_SETTINGS} are read"
        raise refusal(message, Trouble.TOO_MANY_SETTINGS, count=len(value), limit=MAX_SETTINGS)
    try:
        text = json.dumps(dict(value), allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise refusal(f"the backup's settings are not plain JSON data: {exc}", Trouble.BAD_SETTINGS) from None
    if len(text) > MAX_SETTINGS_CHARS:
        message = f"the backup's settings take {len(text)} characters; at most {MAX_SETTINGS_CHARS} are read"
        raise refusal(message, Trouble.SETTINGS_TOO_LARGE, size=len(text), limit=MAX_SETTINGS_CHARS)
    return read_json(text, "backup's settings", limit=4 * MAX_SETTINGS_CHARS)  # a copy as plain data, read back


def _session(value: Any) -> dict[str, Any] | None:
    """A backup's session save, checked by restoring it (SaveError naming the problem); None kept."""
    if value is None:
        return None
    try:
        return Session.from_dict(value).to_dict()
    except Exception as exc:  # any failure of bad data refuses the backup
        raise refusal(f"the backup's game in progress cannot be restored: {exc}"[:300], Trouble.BAD_SESSION) from None


def _challenge(value: Any) -> str | None:
    """A backup's challenge: a challenge link's text that reads as one person's finished game; None kept."""
    if value is None:
        return None
    link = None
    if isinstance(value, str) and len(value) <= MAX_CHALLENGE_CHARS:
        try:
            link = links.read(value)
        except links.LinkError:
            pass  # refused below, as any other text
    if link is None or link.kind is not links.LinkKind.CHALLENGE or not challenges.playable(link.match):
        raise refusal("the backup's challenge is not a challenge link", Trouble.DAMAGED, part="challenge")
    return value


def _trainer(value: Any) -> str | None:
    """A backup's trainer progress, checked by reading it (game.records.trainer), as its stored text; None kept."""
    if value is None:
        return None
    try:
        return Trainer.from_json(json.dumps(value, allow_nan=False)).to_json()
    except (TypeError, ValueError, RecursionError):
        raise refusal("the backup's trainer progress is damaged", Trouble.DAMAGED, part="trainer") from None


@dataclass(frozen=True)
class Backup:
    """The device in one file: the history, the match in progress (a session save or None), the settings, the
    challenge this device plays against (its link's text, or None) and the trainer's progress (its stored text).

    ``exported`` is when the file was made (ISO 8601 UTC, given by the page).

    >>> from game.records.record import demo_record
    >>> b = Backup(History().add(demo_record()), None, {"theme": "dark"}, "2026-11-23T07:00:00Z")
    >>> Backup.from_json(b.to_json()) == b
    True
    """

    history: History = History()
    session: dict[str, Any] | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    exported: str | None = None
    challenge: str | None = None
    trainer: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data, versioned; :meth:`from_dict` restores it exactly.

        >>> sorted(Backup().to_dict())
        ['exported', 'format', 'history', 'session', 'settings', 'version']
        """
        data = {
            "format": BACKUP_FORMAT,
            "version": BACKUP_VERSION,
            "exported": self.exported,
            "history": self.history.to_dict(),
            "session": self.session,
            "settings": self.settings,
        }
        data |= {"challenge": self.challenge} if self.challenge is not None else {}
        return data | ({"trainer": read_json(self.trainer, "trainer's data")} if self.trainer is not None else {})

    def to_json(self) -> str:
        """:meth:`to_dict` as compact JSON text (the file people keep).

        >>> Backup().to_json()[:44]
        '{"format":"yacht-dice/backup","version":1,"e'
        """
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any) -> Backup:
        """The backup :meth:`to_dict` describes; SaveError naming what is wrong otherwise.

        >>> Backup.from_dict({"format": "yacht-dice/backup", "version": 2})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        game.core.refusals.SaveError: this backup comes from a newer version of the game (version 2); this one reads ...
        """
        given = tuple(key for key in _OPTIONAL_KEYS if isinstance(data, Mapping) and key in data)
        check_header(data, BACKUP_FORMAT, BACKUP_VERSION, _BACKUP_KEYS + given, "backup")
        exported = data["exported"]
        if exported is not None:
            try:
                exported = utc_time(exported)
            except ValueError as exc:
                raise refusal(f"the backup's export time: {exc}"[:200], Trouble.BAD_TIME) from None
        history, session, settings = (
            History.from_dict(data["history"]),
            _session(data["session"]),
            _settings(data["settings"]),
        )
        return cls(
            history, session, settings, exported, _challenge(data.get("challenge")), _trainer(data.get("trainer"))
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Backup:
        """The backup in a file's text; a bad, foreign, truncated or newer file raises SaveError.

        >>> Backup.from_json('{"format": "yacht-dice/backup", "vers')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        game.core.refusals.SaveError: the backup is not valid JSON (truncated or damaged?): ...
        """
        return cls.from_dict(parse_json(text, "backup"))
