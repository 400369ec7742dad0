"""The game by ear (issue 58): a computer's whole turn in one sentence, the upper bonus's progress, and why a key
can do nothing here (the boxes a key names: game.app.keyboard.named_box).

A blind player hears the table through live regions and focused names. A computer's turn is said once it ends, with
what it kept between its rolls (never one hold at a time); the boxes are reached from Roll in a few keys: S goes to
them, then a face's number or a box's first letter names one (the same letter again: the next box it begins).

>>> from game.core.cards import Seat
>>> from game.core.engine import new_match
>>> m = new_match("yacht", ["Ann", Seat.computer("Robin", "easy")], seed=1).roll().score("choice")
>>> m = m.roll(faces=[5, 3, 4, 6, 5]).hold(0).hold(1).hold(2).hold(3).roll(faces=[2]).score("little_straight")
>>> computer_turn(m)
'Robin rolled 5, 3, 4, 6, 5, kept 5, 3, 4, 6, rolled 2: Little Straight, 0 points.'
"""

from __future__ import annotations

from game.core.actions import Hold, Roll, Score
from game.core.engine import Match
from game.core.i18n import ENGLISH, N_, Text, n_

__all__ = ["computer_turn", "bonus_progress", "KeyRefusal", "refusal"]

# Translators: a computer's turn said aloud once it ends: its first roll ("Robin rolled 5, 3, 4, 6, 5").
FIRST_ROLL = N_("{name} rolled {dice}")
# Translators: a computer's turn said aloud: the dice it kept before rolling again ("kept 5, 3, 4, 6").
KEPT = N_("kept {dice}")
# Translators: a computer's turn said aloud: it kept no die before rolling again.
KEPT_NONE = N_("kept none")
# Translators: a computer's turn said aloud: the dice of a later roll, the kept ones left out ("rolled 2").
ROLLED = N_("rolled {dice}")
# Translators: a computer's turn said aloud: its rolls ({turn}), then the box it chose and its points.
SCORED = n_("{turn}: {box}, {count} point.", "{turn}: {box}, {count} points.")
# Translators: the key B's reading: the upper section's points against the total its bonus needs ("45 of 63").
BONUS_PROGRESS = N_("Upper section: {points} of {needed} for the bonus.")
# Translators: the key B's reading once the upper section's bonus is reached.
BONUS_REACHED = N_("Upper section bonus reached.")


def computer_turn(match: Match, t: Text = ENGLISH) -> str:
    """The turn just ended by a score, in one sentence: its first roll, then before each later roll the dice kept
    and the new dice, then the box and its points ("" when the last action is no score).

    >>> from game.core.engine import new_match
    >>> computer_turn(new_match("yacht", ["Ann"], seed=1).roll())
    ''
    """
    actions = match.actions
    if not actions or not isinstance(actions[-1], Score):
        return ""
    start = len(actions) - 1
    while start > 0 and isinstance(actions[start - 1], (Roll, Hold)):
        start -= 1
    state = match.begun().apply_all(actions[:start])
    name = state.current_name
    parts: list[str] = []
    for action in actions[start:]:
        if isinstance(action, Roll):
            kept = [face for face, held in zip(state.dice, state.held, strict=True) if held] if state.dice else []
            held = state.held
            state = state.apply(action)
            if not parts:
                parts.append(t._(FIRST_ROLL, name=name, dice=faces(state.dice)))
            else:
                parts.append(t._(KEPT, dice=faces(kept)) if kept else t._(KEPT_NONE))
                new = [face for face, was in zip(state.dice, held, strict=True) if not was]
                parts.append(t._(ROLLED, dice=faces(new)))
        elif isinstance(action, Score):
            points = state.options().get(action.category, 0)
            box = state.ruleset.category(action.category).display(t)
            return t.n_(*SCORED, points, turn=", ".join(parts), box=box)
        else:
            state = state.apply(action)
    return ""


def faces(dice: tuple[int, ...] | list[int]) -> str:
    return ", ".join(map(str, dice))


def bonus_progress(match: Match, t: Text = ENGLISH) -> str:
    """The upper section's progress toward its bonus, for the person to move ("" where the rules have none).

    >>> from game.core.engine import new_match
    >>> bonus_progress(new_match("yahtzee", ["Ann"], seed=1).roll(faces=[6, 6, 6, 1, 2]).score("sixes"))
    'Upper section: 18 of 63 for the bonus.'
    >>> bonus_progress(new_match("yacht", ["Ann"], seed=1))
    ''
    """
    rules = match.ruleset
    if not rules.upper_bonus_amount or match.finished or match.game_over:
        return ""
    totals = match.totals()
    if totals.upper_bonus:
        return t._(BONUS_REACHED)
    return t._(BONUS_PROGRESS, points=totals.upper_subtotal, needed=rules.upper_bonus_threshold)


class KeyRefusal:
    """Why a key can do nothing here, said in the notice (issue 58: every key answers)."""

    # Translators: a key pressed where no match is on the table (R, S, B, U, A or a die's number).
    NO_MATCH = N_("No match is on the table: start one, then the keys play.")
    # Translators: S or an arrow before the turn's first roll: no box can be chosen yet.
    ROLL_FIRST = N_("Roll first: a box is chosen after a roll.")
    # Translators: S or an arrow when no box can be chosen (the game is over, or it is not this person's turn).
    NO_BOX = N_("No box can be chosen now.")
    # Translators: a die's number that the game's dice do not have ("There is no die 6: this game has 5 dice.").
    NO_DIE = n_(
        "There is no die {number}: this game has {count} die.", "There is no die {number}: this game has {count} dice."
    )
    # Translators: after S, a key that names no box offered now ("No open box answers to Q.").
    NO_NAME = N_("No open box answers to {key}.")


def refusal(key: str, match: Match | None, t: Text = ENGLISH) -> str:
    """Why a documented key can do nothing (the words a refused key says).

    >>> from game.core.engine import new_match
    >>> refusal("s", new_match("yacht", ["Ann"], seed=1)), refusal("r", None)[:8]
    ('Roll first: a box is chosen after a roll.', 'No match')
    >>> refusal("6", new_match("yacht", ["Ann"], seed=1))
    'There is no die 6: this game has 5 dice.'
    """
    if match is None:
        return t._(KeyRefusal.NO_MATCH)
    if key.isdigit():
        return t.n_(*KeyRefusal.NO_DIE, match.ruleset.dice, number=int(key) or 10)
    if match.rolls == 0 and not match.game_over and not match.finished:
        return t._(KeyRefusal.ROLL_FIRST)
    return t._(KeyRefusal.NO_BOX)
