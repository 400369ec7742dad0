"""The elements around the board, by id, as plain values: the controls, the pass and send screens, the panel's buttons.

:func:`elements` says for a game.coach.session.Session what each control shows (its text, whether
it is hidden, checked or disabled); game.present.paint turns the changes into page operations.

>>> send_title("Bob"), Element(hidden=True).text
('Send to Bob', None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.coach.moments import holder
from game.coach.session import Next
from game.core.actions import Hold
from game.core.cards import SeatKind
from game.core.engine import Match
from game.core.entered import entered
from game.core.i18n import ENGLISH, N_, Text
from game.core.moves import turn_after
from game.present.board_view import current_seat, roll_label, whose
from game.present.entry import pad_label
from game.present.standings import Results
from game.present.you import said
from game.records import daily
from game.records.challenge import challenge_hints, challengeable

if TYPE_CHECKING:
    from game.coach.session import Session

__all__ = ["Element", "elements", "challengeable", "challenge_hints", "send_screen", "send_title", "result_title"]


@dataclass(frozen=True)
class Element:
    """What one element of the page (by id) shows; None (or no attributes) leaves that part as it is."""

    text: str | None = None
    hidden: bool | None = None
    checked: bool | None = None
    attributes: tuple[tuple[str, str], ...] = ()


def _flag(value: bool) -> str:
    return "true" if value else "false"


# Translators: the pass-the-phone screen's heading between people's turns. The next message is the same
# for a name ending in "s" ("Chris' turn"): translate both alike unless your language writes such names differently.
_PASS_TITLE = (N_("{name}'s turn"), N_("{name}' turn"))


def kept_one(match: Match) -> bool:
    """Whether a person (not a computer) has kept a die in the match: its actions walked seat by seat, the turn passed
    on as the engine passes it (game.core.moves.turn_after)."""
    seat = 0
    for action in match.actions:
        if isinstance(action, Hold) and match.seats[seat].kind is not SeatKind.COMPUTER:
            return True
        seat = turn_after(seat, action, len(match.seats))
    return False


def computer_roll(match: Match, t: Text = ENGLISH) -> str:
    """Roll's words while a computer plays: whose roll, and which of its rolls the dice on the felt are ("Roll 1 of 3"
    alone read as the person's, under a person's moment: fresh eyes round 93, "whose roll is it?").

    >>> from game.core.engine import new_match
    >>> from game.core.cards import Seat
    >>> m = new_match("yahtzee", ["Ann", Seat.computer("Robin", "good")], seed=1).roll().score("chance")
    >>> computer_roll(m), computer_roll(m.roll().roll())
    ('Robin: roll 1 of 3', 'Robin: roll 2 of 3')
    """
    # Translators: on the (disabled) Roll button while a computer player plays: whose and which of its rolls this is.
    return t._(
        "{name}: roll {roll} of {rolls}", name=match.current_name, roll=max(match.rolls, 1), rolls=match.rolls_allowed
    )


def heaped(session: Session) -> bool:
    """Whether a tall phone may lay the dice large, three over two (app.css, data-heap): five dice or fewer under a
    short card (one or two seats, 13 boxes or fewer, whose height app.css allows for), the game's own dice (real
    dice need the face pad's room) and nobody at the table with hints on (their line stands over the felt; decided
    for the table, not the person, so that nothing moves from one person's turn to the next).

    >>> from game.core.engine import new_match
    >>> from game.coach.session import Session
    >>> yahtzee, yatzy = (Session(new_match(rules, ["Ann", "Bob"], seed=1)) for rules in ("yahtzee", "yatzy"))
    >>> heaped(yahtzee), heaped(yatzy)
    (True, False)
    """
    match = session.match
    short = len(match.seats) <= 2 and len(match.ruleset.categories) <= 13 and match.ruleset.dice <= 5
    return short and not entered(match) and not session.hints


def keep_tip(session: Session, t: Text = ENGLISH) -> Element:
    """The line under a person's roll that tapping a die keeps it: on a person's turn once rolled, with rolls left and
    nothing kept, until a person keeps a die in the match (or lets one go); never on a computer's turn. A newcomer
    who scores without keeping a die has not found it yet: the line comes back on their next turn.

    >>> from game.core.engine import new_match
    >>> from game.coach.session import Session
    >>> m = new_match("yahtzee", ["Ann"], seed=1)
    >>> keep_tip(Session(m)).hidden, keep_tip(Session(m.roll(faces=[1, 2, 3, 4, 4]))).text
    (True, 'Tap a die to keep it, or a box to score')
    >>> keep_tip(Session(m.roll(faces=[1, 2, 3, 4, 4]).hold(3))).hidden
    True
    >>> keep_tip(Session(m.roll(faces=[1, 2, 3, 4, 4]).hold(3).hold(3, False))).hidden  # let go: known now
    True
    >>> keep_tip(Session(m.roll(faces=[1, 2, 3, 4, 4]).score("chance").roll(faces=[1, 2, 3, 4, 4]))).hidden
    False
    """
    match = session.match
    shown = session.next is not Next.COMPUTER and bool(match.holdable()) and not any(match.held) and not kept_one(match)
    # Translators: a line on the table under a person's roll until they first keep a die: tapping (clicking) a die
    # keeps it out of the next roll; tapping a box on the score card writes the dice's points in it.
    if not shown:
        return Element("", hidden=True)
    # Translators: as "Tap a die to keep it, or a box to score", where a mouse points (a computer's screen).
    clicked = t._("Click a die to keep it, or a box to score")
    # where a mouse points, app.css shows data-fine's words ("Tap" at a computer read as a phone's words: fresh eyes
    # round 40); the ear hears the text
    return Element(t._("Tap a die to keep it, or a box to score"), hidden=False, attributes=(("data-fine", clicked),))


def elements(
    session: Session, shown: Results | None, t: Text = ENGLISH, handing: str | None = None
) -> dict[str, Element]:
    """The elements around the board, by id, for a game.coach.session.Session: controls and the standings panel.

    ``shown`` is the match's standings panel (game.present.standings.results), which the caller draws too; ``handing``
    names the person the phone is being passed to (game.coach.moments.handover): the pass screen replaces the tray.

    >>> from game.core.engine import new_match
    >>> from game.coach.session import Session
    >>> e = elements(Session(new_match("yacht", ["Ann"], seed=1)), None)
    >>> e["roll-button"].text, e["undo-button"].attributes, e["skip-button"].hidden, e["hint-toggle-text"].text
    ('Roll (3 left)', (('aria-disabled', 'true'),), True, 'Hints for Ann')
    """
    match = session.match
    playing = current_seat(match) is not None
    computer = session.next is Next.COMPUTER
    real = entered(match)  # real dice: the face pad instead of Roll (game.present.entry)
    out = {
        # A computer's turn: Roll looks disabled and says which of its rolls the dice are (the line over the dice says
        # whose turn: its name here as well read twice, fresh eyes round 40; its rolls left read as the person's), and
        # a tap on it says why (game.coach.session.Session.act).
        "roll-button": Element(
            computer_roll(match, t) if computer else roll_label(match, t),
            hidden=real,
            attributes=(("aria-disabled", _flag(computer or not match.can_roll)),),
        ),
        "face-pad": Element(
            hidden=not real or not playing or handing is not None or match.rolls_left <= 0,
            attributes=(("aria-label", pad_label(t)),),
        ),
        "undo-button": Element(
            hidden=not session.undo_allowed, attributes=(("aria-disabled", _flag(not session.can_undo)),)
        ),
        "tray": Element(hidden=not playing or handing is not None, attributes=(("data-heap", _flag(heaped(session))),)),
        "pass": Element(hidden=handing is None or session.remote),
        "send": Element(hidden=handing is None or not session.remote),
        "skip-button": Element(hidden=not computer),
        # a shared game: none (a challenge sent with hints allows them)
        "hint-toggle-label": Element(hidden=not playing or computer or not session.hints_allowed),
        "hint-toggle": Element(checked=match.player in session.hints),
        # Translators: the label of the switch that shows hints for the player whose turn it is.
        "hint-toggle-text": Element(said(t, "Hints for {name}", match.current_name)),
        "keep-tip": keep_tip(session, t) if handing is None else Element(hidden=True),
    }
    if handing is not None and session.remote:
        out |= send_screen(handing, t)
    elif handing is not None:
        out |= {
            "pass-title": Element(whose(t, handing, _PASS_TITLE)),
            # Translators: the pass-the-phone screen: {name} is the person whose turn it is now.
            "pass-text": Element(t._("Pass the phone to {name}, then tap Start.", name=handing)),
            # Translators: the pass-the-phone screen's button, which starts the turn of the person it was passed to.
            "pass-start": Element(t.p_("pass screen", "Start")),
        }
    out["results"] = Element(hidden=shown is None)
    out["menu-new"] = Element(hidden=shown is not None and shown.final)  # the panel then has its own
    if shown is not None:
        out |= {
            "results-title": Element(shown.title),
            "report": Element(hidden=True),
            "show-report": Element(hidden=not shown.review),
            "next-game": Element(hidden=not shown.can_next),
            "finish-match": Element(hidden=not shown.can_finish),
            "new-match": Element(hidden=not shown.final),
            # Translators: the button at the end of a match of two or more seats: the same table plays again.
            "play-again": Element(
                t._("Rematch") if len(match.seats) > 1 else t._("Play again"), hidden=not shown.final
            ),
            "share-result": Element(hidden=not shown.final or daily.match_day(match) is None),  # a daily game's
            # one person's first game (game.records.challenge), played with no undo and no hint: a fair result
            "challenge-friend": Element(hidden=not challengeable(session)),
        }
        if shown.final and session.remote and session.floor < len(match.actions):  # this phone played the end
            out["send-result"] = Element(result_title(match, t), hidden=False)
    out.setdefault("send-result", Element(hidden=True))
    return out


def send_screen(name: str, t: Text = ENGLISH) -> dict[str, Element]:
    """The screen between turns of a match that travels by link: send it to ``name``, or play on here.

    >>> send_screen("Bob")["send-link"].text, send_screen("Bob")["send-here"].text
    ('Send to Bob', 'Bob is here: play on this phone')
    """
    return {
        "send-title": Element(whose(t, name, _PASS_TITLE)),
        # Translators: the screen after a person's turn in a match played on separate phones; {name} plays next.
        "send-text": Element(t._("Send the match to {name} by link: their phone plays the next turn.", name=name)),
        "send-link": Element(send_title(name, t)),
        # Translators: a button of the screen between turns of a match on separate phones: {name} plays on this phone instead.
        "send-here": Element(t._("{name} is here: play on this phone", name=name)),
    }


def send_title(name: str, t: Text = ENGLISH) -> str:
    """The send screen's button, and the share dialog's title, that send the match to ``name``."""
    # Translators: a button that opens the share dialog with the match's link for {name}; the share dialog's title too.
    return t._("Send to {name}", name=name)


def result_title(match: Match, t: Text = ENGLISH) -> str:
    """The button (and the share dialog's title) that sends a finished match's link to everyone else.

    >>> from game.core.engine import new_match
    >>> result_title(new_match("yacht", ["Ann", "Bob", "Cy"], seed=1).roll().score("choice"))
    'Send the result to Bob and Cy'
    """
    here = holder(match)
    others = [seat.name for i, seat in enumerate(match.seats) if i != here and seat.kind is SeatKind.HUMAN]
    # Translators: at the end of a match played on separate phones: {names} are the others ("Bob and Cy").
    return t._("Send the result to {names}", names=t.join(others)) if others else t._("Send the result")
