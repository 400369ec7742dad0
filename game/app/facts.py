"""What the screens over the table show, as facts the view words (game.app.wording): the share dialog, the hint,
the win chances, the after-game report, Statistics' numbers and the results' context. The App holds them (game.app.state); none holds text
or markup.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from game.app.notices import Said
from game.coach.advice import Hint
from game.coach.aims import Offer
from game.coach.drills import Position
from game.coach.session import Session
from game.coach.target import TargetHint
from game.coach.winning import WinChances
from game.core.engine import Match
from game.records.challenge import Comparison
from game.records.endings import Ending
from game.records.history import History
from game.records.record import GameRecord
from game.records.stats import Reference
from game.records.trainer import Trainer


@dataclass(frozen=True)
class MatchSent:
    """A match by link sent on: to ``name``, whose turn comes, or (once over) its result to the others."""

    match: Match
    name: str


@dataclass(frozen=True)
class ChallengeSent:
    """A challenge: the challenger's game alone, sent "with hints" where ``hints``."""

    game: Match
    hints: bool = False


@dataclass(frozen=True)
class DailySent:
    """A daily game's result, without spoilers."""

    record: GameRecord


Sendable = MatchSent | ChallengeSent | DailySent
"""What the share dialog sends, as facts (the view words its title and text: game.app.view.shared)."""


@dataclass(frozen=True)
class Sharing:
    """What the share dialog shows and sends."""

    what: Sendable
    url: str = ""
    note: tuple[Said, ...] = ()  # a line under it: why it opened, then how sending went
    qr_offered: bool = False
    qr: bool = False  # the address asked for as a QR code (the view draws it)
    by_hand: bool = False  # sending failed: the address (or the text alone) shown to copy by hand


@dataclass(frozen=True)
class Ended:
    """The results' context as facts, worded by the view (game.app.view.ended_words): the match it is of, each
    person's total in context, a challenge's end (None: not a challenge) with whether it allowed hints, and the
    person's costliest decision of the game, to play again as a puzzle (None: none, or several people at the table)."""

    match: Match
    ending: Ending
    comparison: Comparison | None = None
    hints: bool = False
    replay: Position | None = None


@dataclass(frozen=True)
class Hinted:
    """The hint as facts, worded by the view (game.app.view.hint_shown): the match it is of, the coach's options and
    the target's (None: points alone), the target control's offer, whether the one-time line on how the hint's dice
    look goes with it, and whether its marks are on the table (taken off as a move makes them moot; the panel stays
    until the next hint)."""

    match: Match
    hint: Hint
    target: TargetHint | None
    offer: Offer
    explain: bool = False
    marked: bool = True


@dataclass(frozen=True)
class Chances:
    """The win chances line as facts: the match, its chances (None: none) and the best total they are of (one seat)."""

    match: Match
    chances: WinChances | None
    best: int | None = None


@dataclass(frozen=True)
class Statistics:
    """The Statistics screen's numbers as facts, worded by the view (game.app.view.stats_body): the history read,
    the optimal player's numbers, the filter (None: all), the day it is, and the trainer's progress of the person it
    shows (``person`` where its filter names no one)."""

    history: History
    references: Mapping[str, Reference]
    key: str | None
    name: str | None
    today: date | None
    trainer: Trainer
    person: str

    def __hash__(self) -> int:  # the view's cache key (its numbers are worked out once per screen shown)
        return hash((len(self.history.games), self.key, self.name, self.today, self.person))


@dataclass(frozen=True)
class Reported:
    """The after-game report as facts, worded by the view (game.app.wording.report_body): the session it reviews
    (None while it is worked out: it waits for the advisor's table) and the results' context, whose analysis (the game
    against the optimal player's, and its luck) comes first."""

    session: Session | None = None
    ended: Ended | None = None
