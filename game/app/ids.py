"""The page's ids that Python answers: its buttons, its switches and the questions whose yes comes back.

Closed vocabularies of the page (index.html, game.present.forms), read by game.app.events into its messages.
"""

from __future__ import annotations

from enum import Enum, StrEnum


class Button(Enum):
    """The buttons with an id that Python answers (index.html, game.present.forms' lobby): the value is the id."""

    SHARE_SEND = "share-send"
    SHARE_CLOSE = "share-close"
    ROLL = "roll-button"
    UNDO = "undo-button"
    RESULTS_UNDO = "results-undo"
    NEXT_GAME = "next-game"
    FINISH_MATCH = "finish-match"
    SKIP = "skip-button"
    PASS_START = "pass-start"
    SEND_HERE = "send-here"
    SEND_LINK = "send-link"
    SEND_RESULT = "send-result"
    CHEER_CLOSE = "cheer-close"
    SHOW_REPORT = "show-report"
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
    AIM_POINTS = "aim-points"  # the hint panel's target control (game.present.aiming.picker)
    AIM_CHALLENGE = "aim-challenge"
    AIM_BEST = "aim-best"
    AIM_SET = "aim-set"
    PRACTISE = "practise"  # the trainer (game.app.trainer), and its Next and Back
    DRILL_NEXT = "drill-next"
    DRILL_LEAVE = "drill-leave"


class Switch(Enum):
    """The switches at the table: the value is the checkbox's id."""

    HINTS = "hint-toggle"
    CHANCES = "chances-toggle"


class Answer(StrEnum):
    """The questions the app asks (game.app.state.ask) whose yes comes back as it is (a deletion: DELETE_GAME)."""

    LEAVE = "leave"
    DELETE_KEPT = "delete-kept"
    DELETE_ALL = "delete-all"


DELETE_GAME = "delete:"
"""The answer to deleting one game: this, then the game's id."""
