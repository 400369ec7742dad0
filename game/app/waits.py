"""What waits for a file or a timer (App.waiting): asking for the advisor's tables it needs, then setting
the tick that does it (game.app.ticks).

    >>> from game.app.state import App
    >>> needing(App(), "yacht.bin")[1:]
    ([Fetch(name='yacht.bin', path='./static/tables/yacht.bin')], True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Literal, assert_never

from game.app.events import TimerKind, Token
from game.app.keys import Wanted
from game.app.state import FOR_TABLE, App, Effect, ForTable, Out, Pending, fetch, tick
from game.coach.moments import MOMENT_SECONDS, RISING_SECONDS, Moment
from game.coach.pacing import GRACE_SECONDS, Pace
from game.coach.session import Next, Session
from game.coach.undo import undo_point
from game.core.actions import Score
from game.core.cards import SeatKind
from game.core.engine import Match

TABLES = "./static/tables/"


def schedule(app: App) -> Out:
    """Start the computer's turn, or refresh the hint and the win chances, as the session says."""
    session = app.played
    hint = app.table.hint if app.table.hint is None else replace(app.table.hint, marked=False)
    app = app.at_table(hint=hint)  # a hint or chances on their way are moot: newer ones wait for their table
    app = app.wait(hint=FOR_TABLE if session.wants_hint() else None, chances=FOR_TABLE if app.visit.chances else None)
    if session.next is not Next.COMPUTER:
        app = app.at_table(fast=False)
    if not session.wants_hint():
        app = app.at_table(hint=None)
    if session.next is Next.COMPUTER and app.waiting.computer is None and not app.visit.hidden:
        app = app.wait(computer=FOR_TABLE)
    return advance(app)


def needing(app: App, name: str | None) -> tuple[App, list[Effect], bool]:
    """Ask for an advisor table unless it is here or coming; whether the caller must wait for it."""
    if name is None:
        return app, [], False
    file = Wanted.table(name)
    if file in app.files.fetching:
        return app, [], True
    return app.at_files(fetching=app.files.fetching | {file}), [fetch(file, TABLES + name)], True


def advance(app: App) -> Out:
    """Do whatever waits and can be done now; ask for the files the rest waits for (all but the
    records wait for the session on the board)."""
    effects: list[Effect] = []
    for step in (advance_computer, advance_hint, advance_chances, advance_report, advance_ending, advance_records):
        if app.session is not None or step is advance_records:
            app, more = step(app)
            effects += more
    return app, effects


def advance_computer(app: App) -> Out:
    """The computer's turn waits for its table, then for its pause (none once skipped)."""
    if not isinstance(app.waiting.computer, ForTable):
        return app, []
    session = app.played
    if session.next is not Next.COMPUTER or app.visit.hidden:
        return app.wait(computer=None).at_table(fast=False), []
    app, effects, wait = needing(app, session.table_needed())
    if wait:
        return app, effects
    app, token = app.token(TimerKind.COMPUTER)
    move = None if app.table.fast else session.computer_move()
    pause = 0 if move is None else session.pause_before(move, app.pace)
    if move is not None and app.visit.keyboard and undo_point(session.match) is not None:
        # A person's box just scored, by keys: the computer waits till the ear has heard it, and Undo can still take
        # it back (never once the computer has rolled: game.coach.undo).
        pause = max(pause, GRACE_SECONDS)
    if move is not None and app.waiting.cheer is not None and app.visit.moment is not None:
        if app.visit.moment is Moment.YAHTZEE:
            pause = max(pause, MOMENT_SECONDS[Moment.YAHTZEE])  # a Yahtzee stops the table: the computer waits too
        elif app.pace is not Pace.INSTANT:
            pause = max(pause, RISING_SECONDS)  # a smaller moment's words rise and fade before the computer rolls
    if move is not None and app.pace is not Pace.INSTANT and landed(session.match):
        pause = max(pause, LANDING_SECONDS)
    return app.wait(computer=token), [tick(token, pause)]


LANDING_SECONDS = 1.4
"""After a person's Yahtzee box written, the least wait before a computer's first roll: the felt's "+50" (1.4 s in
app.css) is seen whole before the next dice fly (fresh eyes rounds 97 and 98: "the Yahtzee is celebrated when rolled,
not when written: Robin is already rolling")."""


def landed(match: Match) -> bool:
    """Whether the last action wrote a person's Yahtzee (the rule set's all-alike box, with points): its second beat.

    >>> from game.core.cards import Seat
    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann", Seat.computer("Robin", "good")], seed=1).roll(faces=[4] * 5)
    >>> landed(m.score("yahtzee")), landed(m.score("fours")), landed(m)
    (True, False, False)
    """
    last = match.last_scored
    if last is None or not match.actions or not isinstance(match.actions[-1], Score):
        return False
    points = match.cards[last.game][last.player].scores[last.category]
    return match.seats[last.player].kind is SeatKind.HUMAN and last.category == match.ruleset.yahtzee_id and points > 0


Tabled = Literal[TimerKind.HINT, TimerKind.CHANCES, TimerKind.REPORT, TimerKind.ENDING]
"""The work that waits for a file, then a tick, each in App.waiting's field of its name."""


def pending(app: App, what: Tabled) -> Pending:
    """Where the work ``what`` is (App.waiting's field of its name)."""
    match what:
        case TimerKind.HINT:
            return app.waiting.hint
        case TimerKind.CHANCES:
            return app.waiting.chances
        case TimerKind.REPORT:
            return app.waiting.report
        case TimerKind.ENDING:
            return app.waiting.ending
        case _:
            assert_never(what)


def waiting_for(app: App, what: Tabled, token: Token) -> App:
    """The work ``what`` waits for the tick of ``token``."""
    match what:
        case TimerKind.HINT:
            return app.wait(hint=token)
        case TimerKind.CHANCES:
            return app.wait(chances=token)
        case TimerKind.REPORT:
            return app.wait(report=token)
        case TimerKind.ENDING:
            return app.wait(ending=token)
        case _:
            assert_never(what)


def advance_with_table(app: App, what: Tabled, needs: Callable[[Session], str | None]) -> Out:
    """Work that waits for the file ``needs`` names for the session on the board, then for a tick (``what``: the
    hint, the win chances, the report or the ending, each App.waiting's field of its name): the ending's context,
    for one, reads the history only once the results are on the page."""
    if not isinstance(pending(app, what), ForTable):
        return app, []
    app, effects, wait = needing(app, needs(app.played))
    if wait:
        return app, effects
    app, token = app.token(what)
    return waiting_for(app, what, token), [tick(token, 0)]


def advance_hint(app: App) -> Out:
    """The hint waits for the advisor's table."""
    return advance_with_table(app, TimerKind.HINT, Session.table_needed)


def advance_chances(app: App) -> Out:
    """The win chances wait for the spread of final scores their rule set has (if any)."""
    return advance_with_table(app, TimerKind.CHANCES, lambda session: session.coach.needs_spread())


def advance_report(app: App) -> Out:
    """The after-game report waits for the advisor's table, then for a tick."""
    return advance_with_table(app, TimerKind.REPORT, lambda session: session.coach.needs_table())


def advance_ending(app: App) -> Out:
    """The game in context waits for the advisor's table (the optimal player's mean), then for a tick."""
    return advance_with_table(app, TimerKind.ENDING, lambda session: session.coach.needs_table())


def advance_records(app: App) -> Out:
    """Ask for the advisor's table finished games are recorded with (their points lost), then for a
    tick: the record's review weighs every choice of the game, so it comes after the last score is drawn."""
    if not app.waiting.records or app.waiting.recording is not None:
        return app, []
    app, asked, wait = needing(app, app.waiting.records[0][0].coach.needs_table())
    if wait:
        return app, asked
    app, token = app.token(TimerKind.RECORDS)
    return app.wait(recording=token), [tick(token, 0)]
