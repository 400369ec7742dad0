"""Hints to beat a target at the table: the target the person picks in the hint panel (the challenge's score,
their best, or a number typed) and the target hint drawn beside the expected-score hint.

The target hint is worked out only once a target is picked (game.coach.target: up to a second in the browser),
in the hint's own tick, where the expected-score hint is worked out too: nothing of it is computed otherwise.

    >>> from game.app.state import App
    >>> from game.app.state import PlayScreen
    >>> from game.coach.session import Session
    >>> from game.core.engine import new_match
    >>> table = App(screen=PlayScreen(), session=Session(new_match("yacht", ["Ann"], seed=1)), form=(("aim-total", "x"),))
    >>> app, effects = aim_typed(table)
    >>> app.visit.aim, app.notice.facts, effects
    (None, (<Plain.AIM_JUNK: 'aim-junk'>,), [])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.notices import Plain
from game.app.state import FOR_TABLE, App, Effect, Out, focus
from game.app.storage import history_read, stored_best
from game.app.table import against, playing
from game.app.waits import advance
from game.coach.aims import AIM_FIELD, Aim, AimKind, Offer, read_total

if TYPE_CHECKING:
    from game.coach.advice import Hint
    from game.coach.target import TargetHint

__all__ = ["aim_at", "aim_typed", "offer", "target", "target_hint"]


def _best(app: App) -> int | None:
    """The person to move's best total of these rules, from the history (None: none yet, or unreadable)."""
    match = app.played.match
    return stored_best(app, match.ruleset, match.current_name)


def offer(app: App) -> Offer:
    """The target control for the session on the board: what is picked and what there is to pick."""
    theirs = against(app)
    aim = app.visit.aim or Aim(AimKind.POINTS)
    challenge = None if theirs is None else (theirs.seats[0].name, theirs.totals(0, 0).grand_total)
    best = _best(app)
    typed = aim.total if aim.kind is AimKind.TYPED else None
    missing = (aim.kind is AimKind.CHALLENGE and challenge is None) or (aim.kind is AimKind.BEST and best is None)
    return Offer(AimKind.POINTS if missing else aim.kind, challenge, best, typed)  # a target not there: points


def target(app: App, shown: Offer | None = None) -> int | None:
    """The total the target hint plays for: one more than the challenge's or the best total (to beat it), or the
    number typed; None for points alone, or a target not there to play for (no challenge, no best yet)."""
    shown = offer(app) if shown is None else shown
    if shown.chosen is AimKind.CHALLENGE and shown.challenge is not None:
        return shown.challenge[1] + 1
    if shown.chosen is AimKind.BEST and shown.best is not None:
        return shown.best + 1
    return shown.typed


def target_hint(app: App, hint: Hint, total: int | None) -> TargetHint | None:
    """The target hint of the decision on the board, played for ``total`` (None: none asked)."""
    if total is None:
        return None
    from game.coach.target import target_hint as reach

    session = app.played
    return reach(session.coach.reaching, session.match, total, hint.best)


def _redraw(app: App) -> Out:
    """The hint worked out again in its tick, with the new target (the board is drawn first)."""
    if not playing(app) or not app.played.wants_hint():
        return app, []
    return advance(app.wait(hint=FOR_TABLE))


def aim_at(app: App, kind: AimKind) -> Out:
    """A target picked in the hint panel (points alone, the challenge's score, the person's best), the focus kept on
    its button; a choice the panel does not offer changes nothing."""
    if not playing(app):
        return app, []
    shown = offer(app.at_visit(aim=Aim(kind)))
    if shown.chosen is not kind:  # not offered (no challenge played, no best yet)
        return app, []
    app, effects = _redraw(history_read(app).at_visit(aim=Aim(kind)))
    return app, [*effects, focus(f"aim-{kind.value}")]


def aim_typed(app: App) -> Out:
    """The number typed in the hint panel, played for; anything but a whole number from 1 to MAX_AIM is refused
    with a word and changes nothing."""
    total = read_total(dict(app.form).get(AIM_FIELD, ""))
    if not playing(app):
        return app, []
    if total is None:
        return app.say(Plain.AIM_JUNK), []
    app, effects = _redraw(history_read(app).at_visit(aim=Aim(AimKind.TYPED, total)))
    more: list[Effect] = [focus("aim-set")]
    return app, [*effects, *more]
