"""What the app does when what it waited for comes: a timer it set fires (the computer's move, the hint,
the win chances, the report, the results' context, finished games recorded) or a file it asked for arrives.

    >>> from game.app.events import TimerFired, TimerKind, Token
    >>> from game.app.state import App
    >>> fired = TimerFired(TimerKind.CHEER, 1)
    >>> on_timer(App().wait(cheer=Token(TimerKind.CHEER, 1)), fired)[0].waiting.cheer is None
    True
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from game.app import aiming
from game.app.events import Fetched, TimerFired, TimerKind
from game.app.facts import Chances, Ended, Hinted, Reported
from game.app.keys import FileKind
from game.app.notices import Bests, Ratings
from game.app.practice import remember, table_came
from game.app.records import references_came
from game.app.start import language_came
from game.app.state import App, Effect, Out, focus
from game.app.storage import (
    copy_kept,
    history_kept,
    history_read,
    history_to_write,
    offer_newer,
    read_history,
    stored_best,
    write_history,
)
from game.app.table import celebrate, challenge_result, commit, playing, sound
from game.app.waits import advance, needing
from game.coach import moments
from game.coach.advice import holds_for
from game.coach.advisor import Advisor
from game.coach.coaching import Coach
from game.coach.drills import Position, mistakes
from game.coach.session import Next, Session
from game.core import variants
from game.core.actions import Keep
from game.core.cards import SeatKind
from game.core.engine import Match
from game.core.rules import RuleSet
from game.records import challenge
from game.records.endings import ending as in_context
from game.records.history import History
from game.records.rating import new_best_ratings
from game.records.record import GameRecord, session_record
from game.records.stats import new_bests


def draw_ending(app: App) -> Out:
    """The results' context: each person's total against their earlier games (the history as storage holds
    it, this game's own record left out) and the optimal player's mean where it is exact (a table, or forced order and
    small custom dice, solved here), with each seat's total split into luck and choices there (game.coach.luck)."""
    from game.coach import luck  # the coach's review, imported at a game's end only: the start stays short

    app, session = app.wait(ending=None), app.played
    match = session.match
    if moments.game_end(match) is None:
        return app, []
    app, history, _ = read_history(app)  # unreadable: no personal numbers (Statistics says why)
    advisor = session.coach.advisor
    exact = advisor.is_exact()
    optimal = advisor.expected_score() if exact else None
    split = luck.splits(advisor, match) if exact else None  # every seat's luck and choices: none estimated
    theirs = app.kept.challenge if challenge.applies(app.kept.challenge, match) else None
    rival = None if theirs is None or split is None else luck.splits(advisor, theirs)
    challenger = (theirs.seats[0].name, rival[0]) if theirs is not None and rival else None  # both splits side by side
    ending = in_context(match, history, optimal, split, challenger)
    ended = Ended(match, ending, challenge_result(app), app.kept.challenge_hints, costliest(match, advisor))
    return app.at_table(ended=ended), []


def costliest(match: Match, advisor: Advisor) -> Position | None:
    """The one person's costliest decision of the game just ended, to play again as the trainer's puzzle (fresh eyes
    round 97: "after a close loss, let me find the points"); None where several people share the table (whose would
    it be?), where the advisor is not exact, or where the trainer has no table for the rules (it could not ask it)."""
    people = [seat for seat, at in enumerate(match.seats) if at.kind is SeatKind.HUMAN]
    if len(people) != 1 or not advisor.is_exact() or not variants.has_table(match.ruleset):
        return None
    return next(iter(mistakes(advisor, match, match.game, people[0])), None)


def record_finished(app: App, event: TimerFired) -> Out:
    """Record the finished games whose table is here; ask for the next one's."""
    app, history, answer = history_to_write(app, event)
    if history is None:
        return answer
    effects: list[Effect] = []
    app = app.wait(recording=None)
    while app.waiting.records:
        session, game, ended = app.waiting.records[0]
        app, asked, wait = needing(app, session.coach.needs_table())
        if wait:
            return app, effects + asked
        app = app.wait(records=app.waiting.records[1:])
        finale = game == session.match.game and moments.match_over(session.match)  # its fanfare played already
        app, history, more = record(app, history, session_record(session, game, ended), fanfare=not finale)
        app, kept = remember(app, session, game)  # its costliest decisions: the trainer's puzzles
        effects += more + kept
    return app, effects


def record(app: App, history: History, finished: GameRecord, fanfare: bool = True) -> tuple[App, History, list[Effect]]:
    """``history`` with a finished game added, written, and a personal best celebrated (its fanfare
    unless ``fanfare`` is False: the match's end played one)."""
    bests = new_bests(history, finished)
    ratings = new_best_ratings(history, finished)
    history = history.add(finished)
    app, effects = write_history(app, history)
    if bests:
        app, shown = celebrate(app, Bests(bests), moments.Moment.BEST)
        app = app.at_table(
            status=replace(app.table.status, bests=(bests, *app.table.status.bests))
        )  # as a step's: first
        effects += shown
        effects += sound((moments.Cue.BEST,), True) if fanfare else []
    elif ratings:  # a smaller moment of its own where no personal best took the stage; said as a best is
        app, shown = celebrate(app, Ratings(ratings), moments.Moment.RATING)
        app = app.at_table(status=replace(app.table.status, ratings=(ratings, *app.table.status.ratings)))
        effects += shown
        effects += sound((moments.Cue.BEST,), True) if fanfare else []
    return app, history, effects


def on_computer(app: App, fired: TimerFired) -> Out:
    """The computer's pause is over: its step, unless something newer made the pause moot."""
    session = app.played
    if fired.tag != app.waiting.computer:
        return app, []
    app = app.wait(computer=None)
    if app.visit.hidden or not playing(app):
        return app, []  # taken up again when the tab is shown (on_visibility)
    if session.next is not Next.COMPUTER or app.stale:
        app = app.at_table(fast=False)
        return offer_newer(app) if app.stale else (app, [])
    return commit(app, session.computer_step(), person=False)


def on_prefetch(app: App, fired: TimerFired) -> Out:
    """A moment after a match starts: its advisor table fetched for offline use, and the history read, off a tap's
    path, for a total that passes a person's best mid-game (game.app.table.past_best)."""
    app, effects, _ = needing(history_read(app), app.played.coach.needs_table())
    return app, effects


def draw_hint(app: App) -> Out:
    """The best option and the others' expected final scores; the best keep or box marked."""
    app = history_read(app)  # the person's best, a target to play for
    hint = app.played.hint()
    if hint is None:
        return app, []
    shown = aiming.offer(app)  # the target the person picked, played for only once picked
    target = aiming.target_hint(app, hint, aiming.target(app, shown))
    match = app.played.match
    best = hint.best.action
    keeps = isinstance(best, Keep) and any(holds_for(match, best.faces))  # the hint marks dice to hold
    explain = not app.visit.hint_told and keeps  # once: how a suggested die differs from a held one
    app = app.at_visit(hint_told=app.visit.hint_told or explain)
    return app.at_table(hint=Hinted(match, hint, target, shown, explain)), []


def draw_chances(app: App) -> Out:
    """The win chances line (asked for with its switch)."""
    app = history_read(app)  # a game alone: the person's best, to beat
    session = app.played
    match = session.match
    best = stored_best(app, match.ruleset, match.seats[0].name) if len(match.seats) == 1 else None
    chances = session.win_chances(best)
    return app.at_table(odds=Chances(match, chances, best)), []


def draw_report(app: App) -> Out:
    """The after-game report: each person's choices against the best, costliest first."""
    if app.table.reporting is None:
        return app, []  # closed since it was asked for (the table was drawn again)
    report = Reported(app.played, app.table.ended)
    return app.at_table(reporting=report), [focus("report")]  # what appeared is read (issue 58)


def on_fetched(app: App, event: Fetched) -> Out:
    """A file came (or could not): the advisor's table, the optimal player's numbers or a language."""
    file = event.file
    app = app.at_files(fetching=app.files.fetching - {file})
    if file.kind is FileKind.LANGUAGE:
        return language_came(app, file.name, event.data)
    if file.kind is FileKind.REFERENCES:
        return references_came(app, event.data)
    coaches: dict[RuleSet, Coach] = {}  # each rule set's table read once, for every session that waits for it

    def taught(session: Session) -> Session:
        """The session with a coach that has the table (a new value: older Apps keep theirs without it)."""
        coach = session.coach
        if file.name not in (coach.needs_table(), coach.needs_spread()):  # never another rule set's table
            return session
        if coach.ruleset not in coaches:  # a failed fetch: a coach that estimates instead
            coaches[coach.ruleset] = coach.loaded(event.data, file.name)
        return replace(session, coach=coaches[coach.ruleset])

    records = tuple((taught(session), game, ended) for session, game, ended in app.waiting.records)
    app = replace(app, session=None if app.session is None else taught(app.session)).wait(records=records)
    app, asked = table_came(app, file.name, event.data)
    app, effects = advance(app)
    return app, asked + effects


def on_timer(app: App, fired: TimerFired) -> Out:
    """What a timer the app set does when it fires: nothing unless it is the one its work waits for (a newer token,
    or none, makes an older tick moot), and nothing for the session on the board once there is none."""
    waiting = app.waiting
    match fired.kind:
        case TimerKind.CHEER:
            return (app.wait(cheer=None), []) if fired.tag == waiting.cheer else (app, [])
        case TimerKind.RECORDS:
            return record_finished(app, fired) if fired.tag == waiting.recording else (app, [])
        case TimerKind.KEPT:
            return copy_kept(app, fired.tag)
        case TimerKind.HISTORY:
            return history_kept(app)
        case (
            TimerKind.COMPUTER
            | TimerKind.REPORT
            | TimerKind.ENDING
            | TimerKind.PREFETCH
            | TimerKind.HINT
            | TimerKind.CHANCES
        ) if app.session is None:
            return app, []
        case TimerKind.COMPUTER:
            return on_computer(app, fired)
        case TimerKind.PREFETCH:
            return on_prefetch(app, fired)
        case TimerKind.REPORT:
            return draw_report(app.wait(report=None)) if fired.tag == waiting.report else (app, [])
        case TimerKind.ENDING:
            return draw_ending(app) if fired.tag == waiting.ending else (app, [])
        case TimerKind.HINT:
            return draw_hint(app.wait(hint=None)) if fired.tag == waiting.hint else (app, [])
        case TimerKind.CHANCES:
            return draw_chances(app.wait(chances=None)) if fired.tag == waiting.chances else (app, [])
        case _:
            assert_never(fired.kind)
