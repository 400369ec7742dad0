"""The page's ids that Python answers: its buttons, its switches and the questions whose yes comes back.

Closed vocabularies of the page (index.html, game.present.forms), read by game.app.events into its messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum


class Button(Enum):
    """The buttons with an id that Python answers (index.html, game.present.forms' lobby): the value is the id."""

    SHARE_SEND = "share-send"
    SHARE_CLOSE = "share-close"
    ROLL = "roll-button"
    UNDO = "undo-button"
    NEXT_GAME = "next-game"
    FINISH_MATCH = "finish-match"
    SKIP = "skip-button"
    PASS_START = "pass-start"
    SEND_HERE = "send-here"
    SEND_LINK = "send-link"
    SEND_RESULT = "send-result"
    CHEER_CLOSE = "cheer-close"
    CHEER_TAKE = "cheer-take"
    SHOW_REPORT = "show-report"
    REPLAY_TURN = "replay-turn"  # the results' costliest turn, played again as the trainer's puzzle
    CHALLENGE_FRIEND = "challenge-friend"
    SHARE_QR = "share-qr-button"
    NEW_MATCH = "new-match"
    QUICK_SOLO = "quick-solo"
    QUICK_COMPUTER = "quick-computer"
    QUICK_PASS = "quick-pass"
    QUICK_DAILY = "quick-daily"
    QUICK_REAL = "quick-real"
    SHARE_RESULT = "share-result"
    PLAY_AGAIN = "play-again"
    NEXT_RIVAL = "next-rival"  # the results' rival above the one just beaten (game.present.setup.next_rung)
    NAMING_OK = "naming-ok"
    NAMING_SKIP = "naming-skip"
    MENU_NEW = "menu-new"
    SAVE_PROBLEM_DISMISS = "save-problem-dismiss"
    SAVE_PROBLEM_DOWNLOAD = "save-problem-download"
    LINK_KEEP = "link-keep"
    LINK_START = "link-start"
    LOAD_NEWER = "load-newer"
    MENU_STATS = "menu-stats"
    STATS_CLOSE = "stats-close"
    MENU_RULES = "menu-rules"
    RULES_CLOSE = "rules-close"
    EXPORT_BACKUP = "export-backup"
    DELETE_ALL = "delete-all"
    KEPT_DOWNLOAD = "kept-download"
    KEPT_DELETE = "kept-delete"
    AIM_POINTS = "aim-points"  # the hint panel's target control (game.present.aim_view.picker)
    AIM_CHALLENGE = "aim-challenge"
    AIM_BEST = "aim-best"
    AIM_SET = "aim-set"
    PRACTISE = "practise"  # the trainer (game.app.practice), and its Next and Back
    DRILL_NEXT = "drill-next"
    DRILL_LEAVE = "drill-leave"


class Switch(Enum):
    """The switches at the table: the value is the checkbox's id."""

    HINTS = "hint-toggle"
    CHANCES = "chances-toggle"


class Answer(StrEnum):
    """The questions the app asks (game.app.state.ask) whose yes comes back as it is (a deletion: :class:`DeleteGame`)."""

    LEAVE = "leave"
    DELETE_KEPT = "delete-kept"
    DELETE_ALL = "delete-all"


DELETE_GAME = "delete:"
"""The answer to deleting one game on the page: this, then the game's id (:attr:`DeleteGame.wire`)."""


@dataclass(frozen=True)
class DeleteGame:
    """The question whether to delete one game of the history: its yes comes back with the game's id."""

    game: str

    @property
    def wire(self) -> str:
        """The answer as the page carries it (game.app.events.read_answer reads it back).

        >>> DeleteGame("ab").wire
        'delete:ab'
        """
        return DELETE_GAME + self.game


Question = Answer | DeleteGame
"""A question the app asks whose yes comes back (game.app.state.ask)."""


class Asked(Enum):
    """Which question the app asks (game.app.state.ask), as a fact: the view words it (game.app.view.confirm)."""

    LEAVE_MATCH = "leave-match"  # a match under way would be lost
    LEAVE_SHARED = "leave-shared"  # a daily game or a challenge: it stays as it is, to carry on later
    DELETE_KEPT = "delete-kept"
    DELETE_GAME = "delete-game"
    DELETE_ALL = "delete-all"


@dataclass(frozen=True)
class Asking:
    """A question asked by the answer being worked out: which (``asked``), and the ``answer`` its yes brings back."""

    asked: Asked
    answer: Question


def wire(answer: Question) -> str:
    """The answer the page's question carries, and brings back with a yes."""
    return answer.wire if isinstance(answer, DeleteGame) else answer.value


class TimerKind(StrEnum):
    """What a timer the app set is for (each :class:`Token`'s kind)."""

    CHEER = "cheer"
    RECORDS = "records"
    KEPT = "kept"
    HISTORY = "history"
    COMPUTER = "computer"
    REPORT = "report"
    ENDING = "ending"
    PREFETCH = "prefetch"
    HINT = "hint"
    CHANCES = "chances"


@dataclass(frozen=True, order=True)
class Token:
    """A timer the app set: what for, and the App's count then (game.app.state.App.token), the one way a tick is
    told from an older one. The page carries it as ``kind:n`` (:attr:`wire`; game.app.events.read_timer).

    >>> Token(TimerKind.CHEER, 2).wire
    'cheer:2'
    """

    kind: TimerKind
    number: int

    @property
    def wire(self) -> str:
        return f"{self.kind}:{self.number}"
