"""The trainer's screen: Practice asks a puzzle, a choice answers it, Next asks the next, Back leaves.

The puzzles (game.coach.drills) are the person's own costly decisions, remembered as each game is
recorded (:func:`remember`), then the built-in set of the rule set; which comes next, and when a
missed one comes back, is the Leitner schedule of game.records.trainer, stored under TRAINER_KEY.
Trainer data that cannot be read is kept aside first (Statistics offers it for download): practice
starts afresh over it, and is never written over a copy that could not be kept.

    >>> from game.app.state import App
    >>> app, _ = open_trainer(App())
    >>> app.screen.kind.value, app.screen.solution.position.rules
    ('trainer', 'yahtzee')
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from game.app.effects import Console, ConsoleLevel
from game.app.events import DrillAnswered
from game.app.keys import TRAINER_KEY
from game.app.notices import Plain
from game.app.records import close_stats, person, shown_key
from game.app.screens import close_rules, rules_shown
from game.app.state import (
    App,
    Effect,
    LinkChoice,
    LoadingScreen,
    Out,
    Over,
    PlayScreen,
    SaveProblem,
    SetupScreen,
    TrainerScreen,
    focus,
    store,
)
from game.app.storage import keep_copy, kept_key, kept_under, trainer_read
from game.app.waits import needing, schedule
from game.coach.coaching import Coach
from game.coach.drills import Position, built_in, code, decision, mistakes, solve
from game.coach.session import Session
from game.core import variants
from game.core.cards import SeatKind
from game.core.i18n import N_
from game.records.trainer import Trainer, pick

# Translators: said when the trainer's stored progress could not be read: a copy is kept and practice starts afresh.
UNREADABLE = N_(
    "Your practice record could not be read: a copy is kept aside (Statistics offers it for download) "
    "and practice starts afresh."
)
# Translators: said when Practice is chosen for rules the optimal player has no table of (custom dice, forced order).
NO_TABLE = N_("Practice needs rules the optimal player has a table for: Yacht, Yahtzee or Yatzy and their options.")


def read_trainer(app: App, keep: bool = True) -> tuple[App, Trainer, list[Effect]]:
    """The stored trainer; unreadable, a new one begins, and (``keep``) the old is kept aside, the notice says so."""
    app, problem = trainer_read(app)  # decoded once per stored text (game.app.parts.Storage.trainer)
    if not isinstance(problem, ValueError):
        return app, problem, []
    if not keep:
        return app, Trainer(), []
    raw = app.value(TRAINER_KEY) or ""
    key = kept_key(app, "trainer", raw)
    app, effects = keep_copy(app, key, raw) if key is not None else (app, [])
    warned = Console(ConsoleLevel.WARN, f"unreadable trainer data: {problem}")
    return app.say(Plain.TRAINER_UNREADABLE), Trainer(), [*effects, warned]


def write_trainer(app: App, trainer: Trainer) -> Out:
    """The trainer stored, unless storage holds unreadable trainer data that is not kept aside (it is never lost)."""
    raw = app.value(TRAINER_KEY)
    if raw and kept_under(app, raw) is None:
        app, here = trainer_read(app)
        if isinstance(here, ValueError):
            return app, []
    text = trainer.to_json()
    return app.holding(TRAINER_KEY, text, trainer), [store(TRAINER_KEY, text)]


def open_trainer(app: App, first: Position | None = None) -> Out:
    """Practice: the trainer of the rule set shown (Statistics', else the match's, else the form's), over whatever
    was shown; ``first``, a puzzle to ask before the schedule's (a game's costliest decision, from its end)."""
    ruleset = rules_shown(app)
    if app.over is Over.STATS:
        history, key = shown_key(app)
        ruleset = variants.from_dict(history.by_rules[key][0].rules) if history is not None and key else ruleset
    if not variants.has_table(ruleset):
        return app.say(Plain.NO_TABLE), []
    app, _ = close_stats(app)
    app, _ = close_rules(app)
    shown = app.screen
    # Where Back returns: the table (its state carried), when the trainer was opened from it, else the lobby.
    match shown:
        case TrainerScreen():
            back = shown.back
        case PlayScreen():
            back = shown
        case LoadingScreen() | SetupScreen() | SaveProblem() | LinkChoice():
            back = None
        case _:
            assert_never(shown)
    session = app.session
    coach = session.coach if session is not None and session.match.ruleset == ruleset else Coach(ruleset)
    app = replace(app, screen=TrainerScreen(person(app), ruleset, coach, back=back, first=first))
    app, effects, wait = needing(app, coach.needs_table())
    if wait:
        return app, [*effects, focus("trainer-title")]
    return ask(app)


def ask(app: App) -> Out:
    """The next puzzle of the schedule: the person's own mistakes of these rules, then the built-in set."""
    shown = app.screen
    assert isinstance(shown, TrainerScreen)
    app, trainer, effects = read_trainer(app)
    own = [p for p in trainer.mistakes(shown.person) if p.fits(shown.ruleset)]
    by_id = {p.ident: p for p in (*own, *built_in(shown.ruleset))}
    first = shown.first if shown.first is not None and shown.first.fits(shown.ruleset) else None
    ident = first.ident if first is not None else pick(trainer.progress(shown.person), tuple(by_id))
    if ident is None:  # a rule set with a table always has built-in positions
        return leave(app)
    solution = solve(shown.coach, first if first is not None else by_id[ident])
    app = replace(app, screen=replace(shown, solution=solution, answer="", asked=shown.asked + 1, first=None))
    return app, [*effects, focus("trainer-title")]


def answer(app: App, message: DrillAnswered) -> Out:
    """A choice of the puzzle shown: right or wrong, the schedule moves on and the answer is shown; a choice that is
    not one of the puzzle's, or a second answer, changes nothing."""
    shown = app.screen
    if not isinstance(shown, TrainerScreen) or shown.solution is None or shown.answer:
        return app, []
    chosen = decision(message.choice)
    if chosen is None or chosen not in shown.solution.offered:
        return app, []
    app, trainer, effects = read_trainer(app, keep=False)  # kept aside when the puzzle was asked, or refused
    right = shown.solution.right(chosen)
    app, written = write_trainer(app, trainer.answered(shown.person, shown.solution.position.ident, right))
    app = replace(app, screen=replace(shown, answer=code(chosen)))
    return app, [*effects, *written, focus("drill-answer")]


def next_puzzle(app: App) -> Out:
    """Next puzzle, once this one is answered."""
    shown = app.screen
    if not isinstance(shown, TrainerScreen) or not shown.answer:
        return app, []
    return ask(app)


def leave(app: App) -> Out:
    """Back: the screen the trainer was opened from (the table, when its match is still there)."""
    shown = app.screen
    if not isinstance(shown, TrainerScreen):
        return app, []
    if shown.back is not None and app.session is not None:
        app = replace(app, screen=shown.back)  # the computer's turn, paused meanwhile, is taken up again
        return (app, []) if app.stale else schedule(app)
    return replace(app, screen=SetupScreen()), []


def table_came(app: App, name: str, data: bytes | None) -> Out:
    """The optimal player's table the trainer waited for: its first puzzle (or, when it could not come, Back)."""
    shown = app.screen
    if not isinstance(shown, TrainerScreen) or shown.solution is not None or name != shown.coach.needs_table():
        return app, []
    coach = shown.coach.loaded(data, name)
    app = replace(app, screen=replace(shown, coach=coach))
    if not coach.advisor.is_exact():
        app, effects = leave(app)
        return app.say(Plain.NO_TABLE), effects
    return ask(app)


def remember(app: App, session: Session, game: int) -> Out:
    """A recorded game's costliest decisions of each person, kept as their own puzzles (where the advisor is exact;
    never over unreadable trainer data, which the trainer keeps aside when it opens)."""
    coach, match = session.coach, session.match
    if coach.needs_table() is not None or not variants.has_table(match.ruleset) or not coach.advisor.is_exact():
        return app, []
    found = {
        seat.name: mistakes(coach.advisor, match, game, player)
        for player, seat in enumerate(match.seats)
        if seat.kind is SeatKind.HUMAN
    }
    found = {name: positions for name, positions in found.items() if positions}
    if not found:
        return app, []
    app, trainer = trainer_read(app)
    if isinstance(trainer, ValueError):
        return app, []
    for name, positions in found.items():
        trainer = trainer.with_mistakes(name, positions)
    return write_trainer(app, trainer)
