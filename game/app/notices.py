"""What the page's lines say, as facts: the notice, the ear's line, the status line (issue 56: the model holds
facts, the view holds words). A handler says what happened; the view words it in the page's language
(game.app.view.told).

A saying is a few facts, worded in turn and joined by spaces (a fact worded "" adds nothing)::

    >>> Notice().then((Plain.LOST_MOVES,)).then((Plain.LOST_MOVES,)).again
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.coach.moments import Cue
from game.coach.session import Step
from game.core.engine import Match
from game.core.refusals import GameError


class Plain(Enum):
    """A notice that tells nothing more than what it is."""

    AIM_JUNK = "aim-junk"  # the total typed to play for is no whole number from 1 to the most
    LOST_MOVES = "lost-moves"  # the last moves were not saved before the page closed
    STORAGE_FULL = "storage-full"  # the browser refused the save
    HISTORY_NOT_SAVED = "history-not-saved"  # the browser refused the history
    HISTORY_UNREADABLE = "history-unreadable"  # the stored history cannot be read (and could not be set aside)
    HISTORY_SET_ASIDE = "history-set-aside"  # an unreadable history set aside, a new one begun
    IMPORT_TOO_LARGE = "import-too-large"  # a backup file over the size read
    IMPORT_REFUSED = "import-refused"  # a backup file that cannot be read (an Unreadable fact says why)
    NO_CATALOGUE = "no-catalogue"  # a language's words could not be fetched
    SAME_TURN = "same-turn"  # a match's link opened again on the phone that has its turn
    TRAINER_UNREADABLE = "trainer-unreadable"  # the trainer's progress could not be read: kept aside
    NO_TABLE = "no-table"  # practice asked of rules the optimal player has no table for
    REPLACED_KEPT = "replaced-kept"  # this phone's match, replaced by a link's, is kept aside
    COPIED = "copied"  # the share dialog's text copied (the browser cannot share)
    COPY_FAILED = "copy-failed"  # neither shared nor copied: to copy by hand
    OTHER_TAB = "other-tab"  # another tab played on this match
    OTHER_TAB_REPLACED = "other-tab-replaced"  # another tab began another match


@dataclass(frozen=True, eq=False)
class ErrorFact:
    """A fact that is an error of the game: equal to another of the same error's facts (an exception is equal only
    to itself, and the same refusal said again is marked as said again: Notice.then)."""

    error: GameError

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ErrorFact) and type(self) is type(other) and _key(self.error) == _key(other.error)

    def __hash__(self) -> int:
        return hash((type(self), type(self.error), self.error.args))


@dataclass(frozen=True, eq=False)
class MoveRefused(ErrorFact):
    """A move the rules refused, said to its person (the second person where the seat has no name).

    >>> from game.core.refusals import RollError
    >>> MoveRefused(RollError("no", None, {"name": "Ann"})) == MoveRefused(RollError("no", None, {"name": "Ann"}))
    True
    """


@dataclass(frozen=True, eq=False)
class Failed(ErrorFact):
    """Something that could not be done, as the error says it (a link that cannot be used or written)."""


@dataclass(frozen=True, eq=False)
class Unreadable(ErrorFact):
    """Why stored or imported data cannot be read (after what could not be)."""


@dataclass(frozen=True, eq=False)
class Invalid:
    """A start refused: why its setup cannot make a match (worded as game.core.refusals.worded words it)."""

    error: ValueError

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Invalid) and _key(self.error) == _key(other.error)

    def __hash__(self) -> int:
        return hash((type(self.error), self.error.args))


def _key(error: Exception) -> tuple:
    return type(error), error.args, vars(error)


@dataclass(frozen=True)
class Faces:
    """A face entered that the dice do not have."""

    sides: int


@dataclass(frozen=True)
class Passing:
    """A key at the pass screen (or the send screen of a match by link): the turn is ``name``'s."""

    name: str
    remote: bool


@dataclass(frozen=True)
class NoBoxNamed:
    """The key after S names no box offered."""

    key: str


@dataclass(frozen=True)
class KeyRefused:
    """A table's key that can do nothing now (``match``: the one on the board, None in the lobby)."""

    key: str
    match: Match | None


@dataclass(frozen=True)
class CellRefused:
    """A tap on a cell of the scorecard that is no choice now."""

    match: Match
    row: str
    player: int


@dataclass(frozen=True)
class Cost:
    """What a person's move cost against the best one (hints on): the step, which holds its feedback."""

    step: Step


@dataclass(frozen=True)
class Imported:
    """A backup merged: the games before and after, and whether its match was restored."""

    before: int
    after: int
    restored: bool


@dataclass(frozen=True)
class KeptGone:
    """Older copies kept aside that made room, downloaded as ``file``."""

    count: int
    file: str


@dataclass(frozen=True)
class Gone:
    """A shared game this phone began and keeps no longer whole: its total where it was finished, else None."""

    total: int | None


@dataclass(frozen=True)
class Elsewhere:
    """The seats whose turns a link says were played on another phone (game.core.marks)."""

    held: tuple[str, ...]
    incoming: tuple[str, ...]
    match: Match


@dataclass(frozen=True)
class Since:
    """The boxes a link's match filled since this phone last played it (``before``: its state here, if any)."""

    before: Match | None
    after: Match


@dataclass(frozen=True)
class DailyPlayed:
    """Today's daily game of these rules (their daily name) was played already."""

    name: str


@dataclass(frozen=True)
class Replacing:
    """A link's match (``offered``) would replace the one in progress (``saved``): which is which. ``other``: a match
    of a link other than this one's (``tab``: another tab's), else a new one."""

    saved: Match
    offered: Match
    other: bool = False
    tab: bool = False


@dataclass(frozen=True)
class UnderWay:
    """A link brings ``name``'s turn played on another phone, while this phone has it under way."""

    name: str


@dataclass(frozen=True)
class Forked:
    """A link's moves part ways with this phone's; ``take``: its are the ones to play on (recommended alike)."""

    take: bool


@dataclass(frozen=True)
class ComputerTurn:
    """A computer's whole turn, said once it ends (the match after it)."""

    match: Match


@dataclass(frozen=True)
class BoardRead:
    """The board read aloud (the key B), with the upper bonus's progress."""

    match: Match


@dataclass(frozen=True)
class PastBest:
    """A person's total, mid-game, just past their best total under its rules: their name and that best."""

    name: str
    best: int


@dataclass(frozen=True)
class Status:
    """The status line under the table as facts, worded by the view (game.app.view.status_words): the match on the
    board, the step that brought it (None: the board's own line) with the cues it celebrates, and the personal
    bests and new best ratings set since, newest first (each celebrated before the line)."""

    match: Match | None = None
    step: Step | None = None
    cues: tuple[Cue, ...] = ()
    bests: tuple[tuple[tuple[str, int], ...], ...] = ()
    ratings: tuple[tuple[tuple[str, float], ...], ...] = ()
    past: PastBest | None = None  # the step took a person's total past their best (said after its celebration)


@dataclass(frozen=True)
class Cheered:
    """A step's celebration: the match after it and its cues (a Yahtzee, a straight, the upper bonus)."""

    match: Match
    cues: tuple[Cue, ...]


@dataclass(frozen=True)
class Bests:
    """Personal best totals just set: each person's name and total."""

    bests: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Ratings:
    """New best ratings just set: each person's name and mean points lost per decision."""

    ratings: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class Again:
    """The last words said again (the key A): the ear's own (``spoken``), else the status line's, then the notice's."""

    spoken: tuple[Said, ...]
    status: Status
    notice: tuple[Said, ...]


Said = (
    Plain
    | MoveRefused
    | Failed
    | Unreadable
    | Faces
    | Passing
    | NoBoxNamed
    | KeyRefused
    | CellRefused
    | Cost
    | Imported
    | KeptGone
    | Gone
    | Elsewhere
    | Since
    | DailyPlayed
    | Replacing
    | UnderWay
    | Forked
    | ComputerTurn
    | BoardRead
    | Again
    | Cheered
    | Bests
    | Ratings
    | PastBest
)
"""One fact a notice tells."""


@dataclass(frozen=True)
class Notice:
    """What a line says as facts (none: hidden) and how many times something was said there: each saying is drawn,
    the same again too (game.app.view)."""

    facts: tuple[Said, ...] = ()
    said: int = 0
    tip: bool = False  # a passing note of the coach's (what a move cost), not a refusal or a problem
    again: bool = False  # the facts said before, said again: written with a mark so the region changes (issue 58)

    def then(self, facts: tuple[Said, ...], tip: bool = False) -> Notice:
        """The next saying: ``facts``, marked when they repeat the last ones unmarked (and unmarked after a mark).

        >>> hi = (Plain.COPIED,)
        >>> Notice(hi, 1).then(hi).again, Notice(hi, 1).then(hi).then(hi).again, Notice().then(hi).again
        (True, False, False)
        """
        return Notice(facts, self.said + 1, tip, facts == self.facts and bool(facts) and not self.again)
