"""Play at the table: a session put on the board, a step committed (stored, drawn, sounded, celebrated),
the pass of the phone, the challenge's lines, and the table's commands (roll, undo, next game; its keys: game.app.keyplay).

    >>> from game.app.state import App
    >>> from game.coach.session import Session
    >>> from game.core.engine import new_match
    >>> app, effects = begin(App(), Session(new_match("yacht", ["Ann"], seed=1)))
    >>> app, effects = roll(app)
    >>> app.session.match.rolls_left, [effect.KIND for effect in effects][:2]
    (2, ['store', 'flag'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import assert_never

from game.app import shared
from game.app.effects import Flag, Play, Vibrate
from game.app.events import TimerKind, Token, Visibility
from game.app.facts import Reported
from game.app.hinting import remember_hints, remembered_hints
from game.app.keys import SAVE_KEY, UNSAVED_KEY
from game.app.notices import (
    Cheered,
    ComputerTurn,
    Cost,
    Gone,
    MoveRefused,
    Notice,
    PastBest,
    Said,
    Status,
)
from game.app.sounds import RECIPES, ROLL_VIBRATION_MS, most_notable, recipe_data
from game.app.state import (
    FOR_TABLE,
    App,
    Effect,
    LinkChoice,
    LoadingScreen,
    Out,
    PlayScreen,
    SaveProblem,
    SetupScreen,
    TrainerScreen,
    focus,
    store,
    tick,
)
from game.app.storage import offer_newer, stored_best, stored_session
from game.app.waits import advance, schedule
from game.coach import moments
from game.coach.pacing import Pace
from game.coach.session import Next, Session, Step
from game.core.actions import Action, Finish, NextGame, Roll, Score
from game.core.cards import Seat, SeatKind
from game.core.dice import Draw, derived_seed
from game.core.engine import Match, new_match
from game.present.setup import next_rung
from game.records import challenge
from game.records import choices as setups

PREFETCH_SECONDS = 3.0  # after a match starts, before its advisor table is fetched for offline use


def new_seed(app: App) -> tuple[App, int]:
    """A new match's seed, derived from the start's entropy, the time and how many seeds the App drew before:
    ``update`` stays a pure function of the App and the event, and two phones (or two page loads) differ.

    Where the start brought no entropy (a browser without crypto, a test) the time and the count alone make it.

    >>> from game.app.parts import Givens
    >>> app, seed = new_seed(App(givens=Givens(entropy="AnnAnn"), now="2026-11-24T10:00:00Z"))
    >>> new_seed(app)[1] != seed == new_seed(App(givens=Givens(entropy="AnnAnn"), now="2026-11-24T10:00:00Z"))[1], app.counts.seeds
    (True, 1)
    """
    app = app.counting(seeds=app.counts.seeds + 1)
    return app, derived_seed(app.givens.entropy, app.now, app.counts.seeds)


def seeded(app: App, setup: setups.Setup) -> tuple[App, setups.Setup]:
    """The setup with a seed of the App's own (new_seed) where it names none, and the App that drew it."""
    if setup.seed_value() is not None:
        return app, setup
    app, seed = new_seed(app)
    return app, replace(setup, seed=str(seed), seed_own=True)


def begin(app: App, session: Session) -> Out:
    """Put a new or restored session on the board (a new match replaces whatever was saved).

    Every path to the board comes here: a shared game (game.app.shared) is marked as one, and taken up where
    it stands when it was begun before; a match begun now is stamped with the time.
    """
    session = shared.taken_up(app, shared.marked(app, session))
    gone = shared.seen(app, session)
    if gone is not None:  # begun here once and no longer kept whole: never dealt again, whatever the path
        return never_again(app, gone)
    if not session.began and not session.match.actions:
        session = replace(remembered_hints(app, session), began=app.now)
    # The table goes on where one is there to go back to (its state carried), else begins afresh; the last match's
    # board read aloud goes with it.
    table = replace(app.table, handed=None, entering=(), spoken=Notice())
    app = replace(app, session=session, screen=PlayScreen(table), other_tab=Notice())
    app = app.at_visit(board=app.visit.board + 1)
    app, effects = save(app)
    app, drawing = board(app, since=None)
    app, token = app.token(TimerKind.PREFETCH)
    return app, [*effects, *drawing, focus("roll-button"), tick(token, PREFETCH_SECONDS)]


def never_again(app: App, gone: shared.Seen) -> Out:
    """A shared game this phone played (or began) before and keeps no longer whole: said, and not begun; at the
    start (a link's) the saved match goes on, else the lobby."""
    app = app.say(Gone(gone.total))
    if not isinstance(app.screen, LoadingScreen):
        return app, []
    saved, error = stored_session(app)
    if saved is not None and error is None and shared.seen(app, shared.marked(app, saved)) is None:
        return begin(app, saved)
    return replace(app, screen=SetupScreen()), []


def save(app: App) -> Out:
    """Keep the session in storage so a reload resumes it exactly."""
    saved = app.played.to_json()
    written = replace(app.played, feedback=None)  # as read back from the text (the feedback is not saved)
    app, kept = shared.keep(app.holding(SAVE_KEY, saved, written).keeping(saved=saved, seen=saved), app.played)
    return app, [store(SAVE_KEY, saved), Flag(UNSAVED_KEY, False), *kept]


def handing(app: App) -> str | None:
    """The person the phone is being passed to (game.coach.moments.handover), until they tap Start; in a match that
    travels by link, the person to send it to (never on the phone that has just received their turn)."""
    session = app.played
    match = session.match
    if app.table.handed == len(match.actions) or (session.remote and session.floor == len(match.actions)):
        return None
    return moments.handover(match, session.pass_phone or session.remote)


def board(
    app: App,
    step: Step | None = None,
    cues: tuple[moments.Cue, ...] = (),
    thrown: frozenset[int] = frozenset(),
    since: Match | None = None,
) -> Out:
    """The table as the session has it (game.app.view draws it: ``thrown`` dice tumble, the status line says the
    ``step`` that brought it and celebrates its ``cues``, else the board's own line); then schedule what the session
    says is next. ``since`` is the match the table showed (None: the table
    is drawn afresh), whose results, when the new ones differ, are not new."""
    session = app.played
    match = session.match
    passing = handing(app)
    effects: list[Effect] = []
    if passing is not None and passing != app.table.handing:
        effects.append(focus("send-link" if session.remote else "pass-start"))
    results = moments.game_end(match)
    fresh = since is None or moments.game_end(since) != results
    app = app.at_table(ended=None) if fresh else app  # the results' context goes with the results it was of
    if results is not None and fresh:
        effects.append(focus("play-again" if results.final else "next-game"))
        app = app.wait(ending=FOR_TABLE)  # the game in context (history, optimal mean) comes on a tick after this draw
    app = app.at_table(
        status=Status(match, step, cues),
        handing=passing,
        thrown=app.table.thrown | (thrown if not app.visit.reduced else frozenset()),
        reporting=None,
    )
    app, scheduled = schedule(app)
    return app, effects + scheduled


def commit(app: App, step: Step, person: bool = True) -> Out:
    """Take a step's session (or explain its refusal), store it, draw it and sound it."""
    if step.refusal is not None:
        return app.say(MoveRefused(step.refusal)), []
    if app.stale:
        return offer_newer(app)
    before, after = app.played.match, step.session.match
    # What the move cost (hints on) is a passing note: the status line keeps to what happened, in two lines.
    note = (Cost(step),) if step.feedback is not None else ()
    app, effects = save(
        replace(app, session=step.session).at_table(spoken=Notice(), entering=()).say(*note, tip=bool(note))
    )
    found = moments.cues(before, after)
    past = past_best(app, before, after)
    if moments.celebrates(after, found):  # before the board: a computer to move next waits for a Yahtzee's moment
        app, shown = celebrate(app, Cheered(after, found), moments.moment(found) or moments.Moment.BONUS, past)
        effects += shown
    elif past is not None:
        app, shown = celebrate(app, past, moments.Moment.BEST)
        effects += shown
    # At the Instant pace a computer's dice are not thrown: its whole turn is drawn at once.
    thrown = moments.thrown(before, after) if person or app.pace is not Pace.INSTANT else frozenset()
    app, drawing = board(app, step, found, thrown, since=before)
    app = app.at_table(status=replace(app.table.status, past=past)) if past is not None else app
    if not person and after.actions and isinstance(after.actions[-1], Score):  # a computer's turn, said once
        app = app.at_table(spoken=app.table.spoken.then((ComputerTurn(after),)))
    finale = moments.finale(before, after)  # the match's end: the winner scene, and its fanfare over the step's cue
    heard = (*found, moments.FINALE) if finale else (*found, moments.Cue.BEST) if past is not None else found
    effects += drawing + sound(heard, person)
    if step.finished is not None:
        app = app.wait(records=(*app.waiting.records, (step.session, step.finished, app.now)))
        app, more = advance(app)
        effects += more
    return app, effects


def sound(cues: Iterable[moments.Cue], person: bool) -> list[Effect]:
    """A step's most notable cue (page.js plays it where Sound is on); a person's roll also buzzes the phone (a
    Yahtzee's too: its fanfare is the sound, the buzz is the roll's)."""
    cues = tuple(cues)
    cue = most_notable(cues)
    if cue is None:
        return []
    buzz = [Vibrate(ROLL_VIBRATION_MS)] if person and moments.Cue.ROLL in cues else []
    return [*buzz, Play(recipe_data(RECIPES[cue]))]


def act(app: App, action: Action) -> Out:
    """A person's action, through the session; in a match by link, a score marks its seat with this phone's id."""
    if not playing(app):
        return app, []
    session = app.played
    step = session.act(action)
    if session.remote and isinstance(action, Score) and step.refusal is None:
        step = replace(step, session=step.session.marked(session.match.player, app.givens.phone))
    return commit(app, step)


def playing(app: App) -> bool:
    """Whether a match is on the board (then ``app.played`` is its session)."""
    return app.session is not None and isinstance(app.screen, PlayScreen)


def celebrate(app: App, said: Said, moment: moments.Moment, more: Said | None = None) -> Out:
    """A brief celebration, the ``moment`` it is (its words are spoken with the step's, ``more``'s after them): shown
    for the moment's time (a Yahtzee's stops the table about a second and a half), then gone unless a tap skipped it
    or a newer one came."""
    app, token = app.token(TimerKind.CHEER)
    told = (said,) if more is None else (said, more)
    app = app.at_visit(cheer=Notice(told, app.visit.cheer.said + 1), moment=moment)
    return app.wait(cheer=token), [tick(token, moments.MOMENT_SECONDS[moment])]


def past_best(app: App, before: Match, after: Match) -> PastBest | None:
    """The person whose box just took their total past their best under these rules, mid-game (its end says "A new
    best"), where the history is read already: read here, a long one would hold up the tap."""
    last = after.last_scored
    if last is None or not isinstance(after.actions[-1], Score) or moments.game_end(after) is not None:
        return None
    seat = after.seats[last.player]
    if seat.kind is not SeatKind.HUMAN or app.storage.history is None:
        return None
    best = stored_best(app, after.ruleset, seat.name)
    was, now = (match.totals(last.player, last.game).grand_total for match in (before, after))
    return PastBest(seat.name, best) if best is not None and was <= best < now else None


def hand_over(app: App) -> Out:
    """The pass screen's Start: the turn begins (a Start with no pass screen shown does nothing)."""
    if not playing(app) or handing(app) is None:
        return app, []
    # The pass is a wall: the person handed the phone never takes back the last person's box (Session.passed). A match
    # by link has its own (a turn scored is sent; its floor marks the turns a link brought), so it stays as it is.
    session = app.played if app.played.remote else app.played.passed()
    app = replace(app, session=session).at_table(handed=len(app.played.match.actions))
    app, saving = save(app)
    app, effects = board(app, since=app.played.match)
    return app, saving + effects + [focus("roll-button")]


def landing(app: App) -> list[Effect]:
    """Where the focus lands when a screen over the page closes (issue 58: always somewhere named): Roll at the table,
    the pass screen's Start, the results' heading once the game is over; else the main screen's heading."""
    shown = app.screen
    match shown:
        case SetupScreen():
            return [focus("setup-title")]
        case TrainerScreen():
            return [focus("trainer-title")]
        case LoadingScreen() | SaveProblem() | LinkChoice():
            return []
        case PlayScreen() if app.session is None:
            return []
        case PlayScreen():
            pass
        case _:
            assert_never(shown)
    if app.table.handing is not None:
        return [focus("send-link" if app.played.remote else "pass-start")]
    if moments.current_seat(app.played.match) is None:
        return [focus("results-title")]
    return [focus("roll-button")]


def undo(app: App) -> Out:
    """Undo the last action the session allows to (the buttons' Undo, U or Ctrl+Z)."""
    return commit(app, app.played.undo()) if playing(app) else (app, [])


def between_games(app: App) -> bool:
    """Whether the match waits between its planned games: only then are Next game and Finish offered."""
    shown = moments.game_end(app.played.match) if playing(app) else None
    return shown is not None and shown.can_next


def next_game(app: App) -> Out:
    """The next planned game (never one more than the match was set up for)."""
    if not between_games(app):
        return app, []
    app, effects = act(app, NextGame())
    return app, effects + [focus("roll-button")]


def finish(app: App) -> Out:
    """End a match of several games before its planned last."""
    return act(app, Finish()) if between_games(app) else (app, [])


def rematch(session: Session, seed: int | str, seats: Sequence[Seat] = ()) -> Session:
    """A new match like ``session``'s: the same seats (names, kinds, levels), rules, options, number of
    games, undo, hints and pass-the-phone; a new seed (the App's: new_seed); ``seats`` in their place where given (the
    next rival: :func:`play_next`). The advisor's tables stay loaded.

    >>> from game.core.cards import Seat
    >>> from game.core.engine import new_match
    >>> old = Session(new_match("yatzy", ["Ann", Seat.computer("Cy", "good")], games=2, seed=1))
    >>> new = rematch(old, seed=2)
    >>> new.match.seats == old.match.seats, new.match.ruleset == old.match.ruleset, new.match.games, new.match.seed
    (True, True, 2, 2)
    """
    match = session.match
    draw = Draw.ENTERED if match.draw is Draw.ENTERED else Draw.SEAT  # real dice stay real (game.core.entered)
    fresh = new_match(match.ruleset, seats or match.seats, games=match.games, seed=seed, draw=draw)
    hinted = frozenset((0, seat) for seat in session.hints)
    return replace(
        session, match=fresh, undos=(), feedback=None, floor=0, marks=(), shared=False, hinted=hinted, began=""
    )


def play_again(app: App) -> Out:
    """The results' Play again: a new match with the same seats and rules (only once the match is over).

    After a shared game (the daily game, a challenge), whose undo is off, the new match is an ordinary one
    on a new seed: undo as the setup form has it.
    """
    if not playing(app) or not moments.match_over(app.played.match):
        return app, []
    app, seed = new_seed(app)
    again = rematch(app.played, seed)
    if app.played.shared:
        again = replace(again, undo_allowed=setups.setup_from_fields(dict(app.form))[0].undo)
    return begin(app.wait(ending=None, report=None), again)


def play_next(app: App) -> Out:
    """The results' next rival (game.present.setup.next_rung, once the player leads the ladder's rival just played):
    Play again's match against the rival above; nothing where none is offered."""
    ended = app.table.ended
    if not playing(app) or not moments.match_over(app.played.match) or ended is None:
        return app, []
    up = next_rung(ended.match, ended.ending.series, app.t)
    if up is None:
        return app, []
    seats = [Seat.computer(up.name, up.level) if seat.level is not None else seat for seat in ended.match.seats]
    app, seed = new_seed(app)
    return begin(app.wait(ending=None, report=None), rematch(app.played, seed, seats))


def roll(app: App) -> Out:
    """The Roll button (or R); during a Yahtzee's moment it skips it: a hasty tap never throws the Yahtzee away."""
    if stopped(app):
        return dismiss_cheer(app)
    return act(app, Roll())


def stopped(app: App) -> bool:
    """Whether a Yahtzee's moment stops the table now, its dice still the turn's (a new turn's first Roll rolls)."""
    yahtzee = app.waiting.cheer is not None and app.visit.moment is moments.Moment.YAHTZEE
    return yahtzee and playing(app) and app.played.match.rolls > 0


def offered(app: App) -> tuple[str, int] | None:
    """What a Yahtzee's moment offers to write at once, on a person's turn while it stops the table: its own box
    and its points (None: no moment, a computer's turn, its box filled)."""
    if not stopped(app) or app.played.next is Next.COMPUTER:
        return None
    return moments.its_box(app.played.match)


def take(app: App) -> Out:
    """The Score button of a Yahtzee's moment: the Yahtzee written in its box, the moment gone with its turn, the focus
    on Roll (nothing once the moment has passed: its box is on the card)."""
    box = offered(app)
    if box is None:
        return app, []
    app, effects = act(app.wait(cheer=None), Score(box[0]))
    return app, [*effects, focus("roll-button")]


def skip(app: App) -> Out:
    """Skip the computer's pauses until a person's turn (a waiting pause ends now)."""
    if app.session is None or app.session.next is not Next.COMPUTER:
        return app, []
    app = app.at_table(fast=True)
    landed = landing(app)  # the Skip button goes once the computer is done: the focus waits on Roll
    if isinstance(app.waiting.computer, Token):  # its tick is set: a new one, now
        app, token = app.token(TimerKind.COMPUTER)
        return app.wait(computer=token), [tick(token, 0), *landed]
    return app, landed


def dismiss_cheer(app: App) -> Out:
    """A celebration closed before its time (its close button or Escape)."""
    return app.wait(cheer=None), []


def show_report(app: App) -> Out:
    """The results' "How did I play?": a word while the report is worked out (it waits for the advisor's table)."""
    if app.session is None:
        return app, []
    return advance(app.at_table(reporting=Reported()).wait(report=FOR_TABLE))


def against(app: App) -> Match | None:
    """The challenger's game this phone's match is played against, or None."""
    session = app.session
    return app.kept.challenge if session is not None and challenge.applies(app.kept.challenge, session.match) else None


def challenge_result(app: App) -> challenge.Comparison | None:
    """The end of a challenge as facts (the view words it with the ending, which waited for the advisor's table):
    both games compared and the optimal player's total on the same dice (None where the advisor is not exact: its
    table could not be fetched)."""
    theirs, session = against(app), app.played
    match = session.match
    if theirs is None or not match.game_over:
        return None
    advisor = session.coach.advisor
    optimal = challenge.optimal_game(advisor, theirs).totals(0, 0).grand_total if advisor.is_exact() else None
    return challenge.compare(match, theirs, optimal)


def on_visibility(app: App, event: Visibility) -> Out:
    """A tab shown again takes up the computer's turns (a hidden tab never plays them)."""
    app = app.at_visit(hidden=event.hidden)
    if event.hidden or not playing(app) or app.stale:
        return app, []
    return schedule(app)


def switch_hints(app: App, on: bool) -> Out:
    """The hint switch: the match's hints turned on or off, stored and drawn (written over no newer save)."""
    if app.stale:
        return offer_newer(app)
    app, effects = save(replace(app, session=app.played.with_hints(on)))
    app, remembered = remember_hints(app)
    app, drawing = board(app, since=app.played.match)
    return app, effects + remembered + drawing


def switch_chances(app: App, on: bool) -> Out:
    """The win chances switch: the line emptied, then drawn again when its numbers come (if on)."""
    return schedule(app.at_visit(chances=on).at_table(odds=None))
