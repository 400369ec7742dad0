"""The App's parts, each a small frozen record (game.app.state.App holds them): what storage holds as far as this tab
knows (and an unreadable value being set aside), what the start gave, what holds for the visit, the table's state (held
by the play screen), the files asked for, the counters, the Statistics screen and the challenge kept. Each changes by its
App method (App.keeping, App.at_visit, App.at_table…).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, TypedDict

from game.app.facts import Chances, Ended, Hinted, Reported, Statistics
from game.app.ids import Token
from game.app.keys import (
    HINTED_KEY,
    HINTS_KEY,
    HISTORY_KEY,
    SAVE_KEY,
    SEEN_KEY,
    SETUP_KEY,
    SHARED_KEY,
    TRAINER_KEY,
    Wanted,
)
from game.app.notices import Notice, Status
from game.coach.aims import Aim
from game.coach.moments import Moment
from game.coach.session import Session
from game.core.engine import Match
from game.core.inputs import MAX_SETTINGS_BYTES, read_json
from game.core.refusals import GameError
from game.records.history import History
from game.records.stats import Reference
from game.records.trainer import Trainer

if TYPE_CHECKING:  # a start waits in the App for its language
    from game.app.events import Persisted


class Aside(Enum):
    """What an unreadable value set aside is (its value: the kind of its copies' keys, game.app.storage.kept_key)."""

    SAVE = "save"
    HISTORY = "history"

    @property
    def origin(self) -> str:
        """The key it is read from, and put back under when it cannot be kept."""
        return SAVE_KEY if self is Aside.SAVE else HISTORY_KEY


class Attempt(Enum):
    """How far setting an unreadable value aside went: each refused write of the copy is the next try."""

    COPY = "copy"  # a copy under its key (the value stays)
    MOVE = "move"  # the copy did not fit: the value removed to make room, then copied
    FAILED = "failed"  # neither fit: the value put back as it was, and nothing written over it


@dataclass(frozen=True)
class SetAside:
    """An unreadable value being put where nothing overwrites it (game.app.storage.set_aside)."""

    kind: Aside
    key: str | None  # where the copy goes (None: kept there already)
    raw: str
    attempt: Attempt = Attempt.COPY

    @property
    def trying(self) -> bool:
        """Whether a refusal of the copy may still come (and move it, or give up)."""
        return self.attempt is not Attempt.FAILED


Written = History | Trainer | tuple[list, ...] | Session | None
"""What this tab wrote as the text it stores, so that it is not decoded again (Storage.holding)."""


@dataclass(frozen=True)
class Storage:
    """What storage holds, as far as this tab knows, and where this tab's writes stand (App.storage)."""

    stored: tuple[tuple[str, str], ...] = ()  # what storage holds, as far as this tab knows
    saved: str | None = None  # the save this tab last wrote
    seen: str | None = None  # the save this tab last read, wrote or showed: what its person chooses knowing
    # The copies kept aside since the oldest last went: the token of the tick after the newest, and their keys.
    pruning: tuple[Token, tuple[str, ...]] | None = None
    history_aside: SetAside | None = None  # an unreadable history being put aside (its writers are held meanwhile)
    unwritten: str | None = None  # the history storage held before this tab's last write of it
    persisted: Persisted | None = None  # the browser's last answer to whether it keeps storage for good
    # The stored history, decoded once each time its text changes, by the first reader (a start does not read it:
    # a long one would delay the first paint); the problem instead when it cannot be read; None: not read since.
    # This tab's own write keeps the history it wrote. Its readers read this (game.app.storage.read_history).
    history: History | GameError | None = None
    trainer: Trainer | ValueError | None = None  # the trainer's data, so too (game.app.practice.read_trainer)
    # The shared games kept (SHARED_KEY) and the fingerprints of those gone (SEEN_KEY), decoded once per stored text
    # (at the start and on another tab's write; this tab's own write keeps what it wrote): game.app.shared reads them.
    shared: tuple[list, ...] = ()
    gone: tuple[list, ...] = ()
    # The save (SAVE_KEY, with format 1's hints, HINTS_KEY), decoded once per stored text: at the start (which resumes
    # it) and on another tab's write; this tab's own write keeps the session it wrote (decoding replays the match).
    # The problem instead when it cannot be read; None: nothing saved. game.app.storage.stored_session reads it.
    session: Session | GameError | None = None
    # The people who left their hints on (HINTED_KEY; None: never remembered, unreadable: nobody) and the setup form's
    # choices remembered (SETUP_KEY; None: stored but unreadable, so kept aside before a start writes over it),
    # decoded from each text storage holds, at the start and at each write (small, bounded settings).
    hinted: tuple[str, ...] | None = None
    setup: tuple[tuple[str, str], ...] | None = ()

    def read(self, stored: tuple[tuple[str, str], ...]) -> Storage:
        """What storage holds at the start, decoded once where the start reads it (not the history, nor the trainer's
        data: their first reader decodes them).

        >>> Storage().read((("yacht-dice/shared", '[["k", {}, {}], 5]'),)).shared
        (['k', {}, {}],)
        """
        values = dict(stored)
        shared, gone = decode_shared(values.get(SHARED_KEY)), decode_gone(values.get(SEEN_KEY))
        session = decode_session(values.get(SAVE_KEY), values.get(HINTS_KEY))
        hinted, setup = decode_hinted(values.get(HINTED_KEY)), decode_setup(values.get(SETUP_KEY))
        return replace(
            self,
            stored=stored,
            history=None,
            trainer=None,
            shared=shared,
            gone=gone,
            session=session,
            hinted=hinted,
            setup=setup,
        )

    def holding(self, key: str, value: str | None, written: Written = None) -> Storage:
        """Storage holding ``value`` under ``key`` (None: nothing); under a key decoded once, ``written`` is the value
        this tab wrote as ``value`` (None: another's text, decoded here, or by its first reader for the history and
        the trainer's data). The same text again (another tab wrote what was there) is not decoded again.

        >>> Storage().holding("yacht-dice/history", "[1]").history, Storage().holding("k", "v").stored
        (None, (('k', 'v'),))
        """
        before = dict(self.stored)
        held = {k: v for k, v in self.stored if k != key} | ({} if value is None else {key: value})
        if key in (SAVE_KEY, HINTS_KEY, HINTED_KEY, SETUP_KEY) and before.get(key) == value:
            return replace(self, stored=tuple(held.items()))  # as decoded already
        if key in (SAVE_KEY, HINTS_KEY):  # a session this tab wrote, else the text decoded (format 1's with its hints)
            session = (
                written if isinstance(written, Session) else decode_session(held.get(SAVE_KEY), held.get(HINTS_KEY))
            )
            return replace(self, stored=tuple(held.items()), session=session)
        if key == HINTED_KEY:
            return replace(self, stored=tuple(held.items()), hinted=decode_hinted(value))
        if key == SETUP_KEY:
            return replace(self, stored=tuple(held.items()), setup=decode_setup(value))
        if key == HISTORY_KEY:
            return replace(self, stored=tuple(held.items()), history=written if isinstance(written, History) else None)
        if key == TRAINER_KEY:
            return replace(self, stored=tuple(held.items()), trainer=written if isinstance(written, Trainer) else None)
        if key == SHARED_KEY:
            shared = written if isinstance(written, tuple) else decode_shared(value)
            return replace(self, stored=tuple(held.items()), shared=shared)
        if key == SEEN_KEY:
            gone = written if isinstance(written, tuple) else decode_gone(value)
            return replace(self, stored=tuple(held.items()), gone=gone)
        return replace(self, stored=tuple(held.items()))


MOST_HINTED = 64  # names remembered with their hints on (the newest switched first: game.app.hinting)


def decode_session(raw: str | None, legacy_hints: str | None = None) -> Session | GameError | None:
    """The session saved as ``raw`` (with format 1's separate hints record), why it cannot be read, or None where
    nothing is saved. Decoding replays the match: once per stored text (Storage.session).

    >>> decode_session(None), decode_session("[1]")
    (None, SaveError('a saved match is a JSON object, not list'))
    """
    if raw is None:
        return None
    try:
        return Session.from_json(raw, legacy_hints)
    except GameError as error:
        return error


def decode_hinted(raw: str | None) -> tuple[str, ...] | None:
    """The people who left their hints on, stored as ``raw`` (None: never remembered; unreadable: nobody).

    >>> decode_hinted(None), decode_hinted('["Ann", 3]'), decode_hinted("not json")
    (None, ('Ann',), ())
    """
    if raw is None:
        return None
    try:
        names = read_json(raw, "hints' names", limit=MOST_HINTED * 1024)
    except GameError:
        return ()
    return tuple(name for name in names if isinstance(name, str))[:MOST_HINTED] if isinstance(names, list) else ()


def decode_setup(raw: str | None) -> tuple[tuple[str, str], ...] | None:
    """The setup form's choices remembered as ``raw`` (none: none), or None when they cannot be read.

    >>> decode_setup(None), decode_setup('{"rules": "yacht"}'), decode_setup("[1]")
    ((), (('rules', 'yacht'),), None)
    """
    if not raw:
        return ()
    try:
        fields = read_json(raw, "setup", limit=MAX_SETTINGS_BYTES)
    except GameError:
        return None
    return tuple((str(k), str(v)) for k, v in fields.items()) if isinstance(fields, dict) else None


def decode_history(raw: str | None) -> History | GameError:
    """The history stored as ``raw`` (none: a new one), or why it cannot be read.

    >>> decode_history("[1]"), decode_history(None) == History()
    (SaveError('this is not a Yacht Dice history: it is not a JSON object'), True)
    """
    try:
        return History.from_json(raw) if raw else History()
    except GameError as error:
        return error


def decode_shared(raw: str | None) -> tuple[list, ...]:
    """The shared games stored as ``raw``, newest first, each ``[game_key, session save, facts]`` as stored (an
    earlier build's pair has no facts yet); anything else is left out (it is only a guard)."""
    return tuple(item for item in _stored_lists(raw) if len(item) in (2, 3) and isinstance(item[0], str))


def decode_gone(raw: str | None) -> tuple[list, ...]:
    """The fingerprints of shared games gone stored as ``raw``, newest first, each ``[fingerprint, total or None]``
    (anything else left out)."""
    pairs = (item for item in _stored_lists(raw) if len(item) == 2)
    return tuple(item for item in pairs if isinstance(item[0], str) and type(item[1]) in (int, type(None)))


def _stored_lists(raw: str | None) -> list[list]:
    """The lists in a stored JSON list (none where it is not one: a guard, never an error)."""
    try:
        items = read_json(raw or "[]")
    except (GameError, ValueError):
        return []
    return [item for item in items if isinstance(item, list)] if isinstance(items, list) else []


def decode_trainer(raw: str | None) -> Trainer | ValueError:
    """The trainer's data stored as ``raw`` (none: a new trainer), or why it cannot be read.

    >>> decode_trainer("[1]"), decode_trainer("") == Trainer()
    (ValueError("not the trainer's data: not the trainer's format"), True)
    """
    try:
        return Trainer.from_json(raw) if raw else Trainer()
    except ValueError as error:
        return error


class StorageChanges(TypedDict, total=False):
    """Changes to :class:`Storage` (App.keeping), each of its field's type."""

    stored: tuple[tuple[str, str], ...]
    saved: str | None
    seen: str | None
    pruning: tuple[Token, tuple[str, ...]] | None
    history_aside: SetAside | None
    unwritten: str | None
    persisted: Persisted | None
    history: History | GameError | None
    trainer: Trainer | ValueError | None
    shared: tuple[list, ...]
    gone: tuple[list, ...]
    session: Session | GameError | None
    hinted: tuple[str, ...] | None
    setup: tuple[tuple[str, str], ...] | None


@dataclass(frozen=True)
class Givens:
    """What the start gave, kept for the visit (App.givens): the page's Python, its address, this phone's id, the
    start's fresh random characters, the stamp of the table it drew and the page's own msgids."""

    python: str = ""
    address: str = ""  # the page's own address (the start's), that links to this game begin with
    phone: str = ""  # this phone's id (game.core.marks): the mark its person's turns leave on their seat
    entropy: str = ""  # the start's fresh random characters (the page draws them): new matches' seeds come from them
    woke: str = ""  # the stamp of the table the start drew (game.app.waking): early taps made on another do nothing
    msgids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Visit:
    """What holds for the whole visit, whatever the screen and the match (App.visit): whether the tab is hidden and
    asks for reduced motion, how many tables were drawn, the hint's one-time line, the win chances switch, the
    target the hint plays for, whether keys play, and the celebration shown."""

    hidden: bool = False  # the tab is hidden: it plays no computer turn (taken up when it is shown again)
    reduced: bool = False  # the page asks for reduced motion: no dice are thrown
    board: int = 0  # how many sessions were put on the board: each new one (or a new language) is drawn afresh
    hint_told: bool = False  # the one-time line on how the hint's dice look was shown in this visit
    chances: bool = False  # the win chances switch
    aim: Aim | None = None  # the total the target hint plays for (None: none asked), kept from match to match
    keyboard: bool = False  # a key has played at the table: a computer waits for the ear after a person's box
    # The celebration shown over whatever screen while its tick (App.waiting.cheer) is to come: its words, and which
    # it is (game.coach.moments.Moment: how the page draws it).
    cheer: Notice = Notice()
    moment: Moment | None = None


class VisitChanges(TypedDict, total=False):
    """Changes to :class:`Visit` (App.at_visit), each of its field's type."""

    hidden: bool
    reduced: bool
    board: int
    hint_told: bool
    chances: bool
    aim: Aim | None
    keyboard: bool
    cheer: Notice
    moment: Moment | None


@dataclass(frozen=True)
class Table:
    """The state of the table being played (game.app.state.PlayScreen.table, carried back by a screen opened over
    it): the pass of the phone, the keys, the status line, the dice entered and thrown, the hint, the ear's line,
    the win chances, the report and the results' context."""

    handed: int | None = None  # the match's action count when the phone was last passed on
    handing: str | None = None  # who the pass screen last showed
    boxing: bool = False  # S was the last key: the next letter or number names a box (game.app.keyboard.named_box)
    status: Status = Status()  # the status line under the table: the board's, or a step's (game.app.table.board)
    entering: tuple[int, ...] = ()  # real dice (game.app.entering): the faces of the roll on the table entered so far
    thrown: frozenset[int] = frozenset()  # the dice that tumble in this answer's draw (cleared once drawn)
    reporting: Reported | None = None  # the after-game report, open until the table is drawn again (None: closed)
    hint: Hinted | None = None  # the hint shown (None: hidden), with its short line for a screen reader
    # The results' context (its markup) and the challenge's end (None: not a challenge), once worked out for the game
    # on the board (game.app.ticks.draw_ending); None until then.
    ended: Ended | None = None
    spoken: Notice = Notice()  # the ear's line (the board read, the key B), in a live region the eyes do not see
    odds: Chances | None = None  # the win chances line (None until its numbers come)
    fast: bool = False  # skip the computer's pauses until a person's turn


class TableChanges(TypedDict, total=False):
    """Changes to :class:`Table` (App.at_table), each of its field's type."""

    handed: int | None
    handing: str | None
    boxing: bool
    status: Status
    entering: tuple[int, ...]
    thrown: frozenset[int]
    reporting: Reported | None
    hint: Hinted | None
    ended: Ended | None
    spoken: Notice
    odds: Chances | None
    fast: bool


@dataclass(frozen=True)
class Files:
    """The files asked of the page and not yet come, and the optimal player's numbers once fetched (App.files)."""

    fetching: frozenset[Wanted] = frozenset()
    references: dict[str, Reference] | None = (
        None  # the optimal player's numbers, once fetched ({} when they cannot be)
    )


class FilesChanges(TypedDict, total=False):
    """Changes to :class:`Files` (App.at_files), each of its field's type."""

    fetching: frozenset[Wanted]
    references: dict[str, Reference] | None


@dataclass(frozen=True)
class Counts:
    """The App's counters: the timers' tokens, the seeds drawn, the choices put in the setup form (App.counts)."""

    serial: int = 0  # for the tokens of timers (App.token): each tick's is new, kept where its work waits
    seeds: int = 0  # the seeds drawn since the start (game.app.table.new_seed): each new match's differs
    filled: int = 0  # how many times the game put choices in the setup form (App.form): the view puts them there


class CountsChanges(TypedDict, total=False):
    """Changes to :class:`Counts` (App.counting), each of its field's type."""

    serial: int
    seeds: int
    filled: int


@dataclass(frozen=True)
class StatsShown:
    """The Statistics screen: its filter and the numbers it last read (App.statistics)."""

    filters: tuple[str, str] = ("", "")  # the Statistics screen's rule set and person ("": all)
    stats: Statistics | None = None  # the Statistics screen's numbers as last read


class StatsShownChanges(TypedDict, total=False):
    """Changes to :class:`StatsShown` (App.at_statistics), each of its field's type."""

    filters: tuple[str, str]
    stats: Statistics | None


@dataclass(frozen=True)
class Kept:
    """The challenge this phone keeps: the challenger's game (None: none) and whether it allows hints (App.kept)."""

    challenge: Match | None = None  # the challenger's game of the challenge kept, or None
    challenge_hints: bool = False  # the challenge kept allows hints (sent "with hints")


class KeptChanges(TypedDict, total=False):
    """Changes to :class:`Kept` (App.keeping_challenge), each of its field's type."""

    challenge: Match | None
    challenge_hints: bool
