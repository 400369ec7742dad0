"""What each action does to a match: the new match it leads to, once it is known to be legal.

The state machine's steps as functions over a :class:`~game.core.engine.Match` (which checks an
action with game.core.legality first, then performs it here): each returns a new match with the
action added to its record; nothing is ever changed in place.

>>> from game.core.actions import Roll, Score
>>> from game.core.engine import new_match
>>> m = perform(new_match("yacht", ["Ann"], seed=1), Roll((2, 2, 2, 2, 2)))
>>> m.dice, perform(m, Score("yacht")).totals(0).grand_total
((2, 2, 2, 2, 2), 50)
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from game.core.actions import Action, Finish, Hold, NextGame, Roll, Score
from game.core.cards import MAX_GAMES, LastScored, Scorecard
from game.core.dice import Draw, die_face, seat_face, slot_face
from game.core.match_state import MatchState

M = TypeVar("M", bound=MatchState)
"""The match: game.core.engine's Match (a MatchState), which asks for its moves; each move returns one of its kind."""

__all__ = ["perform", "turn_after"]


def perform(match: M, action: Action) -> M:
    """The match after ``action``, which must be legal now (game.core.legality says so)."""
    if isinstance(action, Roll):
        return _roll(match, action)
    if isinstance(action, Hold):
        return _hold(match, action)
    if isinstance(action, Score):
        return _score(match, action)
    if isinstance(action, NextGame):
        return _next_game(match, action)
    return _finish(match, action)


def turn_after(player: int, action: Action, seats: int) -> int:
    """The seat on turn after ``action`` by ``player``: a score passes the turn on, a new game gives it to the first.

    >>> turn_after(1, Score("chance"), 2), turn_after(1, NextGame(), 2), turn_after(0, Hold(2), 2)
    (0, 0, 0)
    """
    if isinstance(action, Score):
        return (player + 1) % seats
    return 0 if isinstance(action, NextGame) else player


def _record(match: M, action: Action, **changes: Any) -> M:
    return dataclasses.replace(match, actions=match.actions + (action,), **changes)


def _roll(match: M, action: Roll) -> M:
    count = match.ruleset.dice
    free = [i for i in range(count) if not match.held[i]]
    draws = match.draws
    sides = match.ruleset.sides
    if action.faces is None and match.draw.by_seat:
        seat = match.dice_seat(match.player)
        new = tuple(
            seat_face(match.seed, match.game, match.round, seat, match.rolls, p, sides, match.draw) for p in free
        )
        draws += len(free)
    elif action.faces is None and match.draw is Draw.SLOT:
        new = tuple(slot_face(match.seed, match.game, match.round, match.rolls, p, sides) for p in free)
        draws += len(free)
    elif action.faces is None:
        new = tuple(die_face(match.seed, draws + k, sides) for k in range(len(free)))
        draws += len(free)
    else:
        new = action.faces
    dice = list(match.dice) if match.dice else [0] * count
    for position, face in zip(free, new):
        dice[position] = face
    return _record(match, action, dice=tuple(dice), rolls=match.rolls + 1, draws=draws)


def _hold(match: M, action: Hold) -> M:
    if match.held[action.die] == action.held:
        return match  # holding a held die (or releasing a free one) changes nothing
    new = list(match.held)
    new[action.die] = action.held
    return _record(match, action, held=tuple(new))


def _score(match: M, action: Score) -> M:
    category = action.category
    scores = match.cards[-1][match.player].scores
    points = match.ruleset.check(scores, match.dice, category)
    bonus = match.ruleset.yahtzee_bonus(scores, match.dice)
    game_cards = list(match.cards[-1])
    game_cards[match.player] = game_cards[match.player].with_score(category, points, bonus)
    cards = match.cards[:-1] + (tuple(game_cards),)
    last = LastScored(match.game, match.player, category, points, bonus, match.dice)
    game_over = len(game_cards[-1]) >= match.rounds
    banked = match.banked
    if banked:  # the rolls this turn left unused are saved for the seat's later turns
        banked = banked[: match.player] + (match.rolls_left,) + banked[match.player + 1 :]
    return _record(
        match,
        action,
        cards=cards,
        player=turn_after(match.player, action, len(match.seats)),
        dice=(),
        held=(False,) * match.ruleset.dice,
        rolls=0,
        last_scored=last,
        banked=banked,
        finished=game_over and len(cards) >= MAX_GAMES,
    )


def _next_game(match: M, action: NextGame) -> M:
    fresh = tuple(Scorecard() for _ in match.seats)
    held = (False,) * match.ruleset.dice
    banked = (0,) * len(match.banked)  # saved rolls do not outlast their game
    player = turn_after(match.player, action, len(match.seats))
    return _record(
        match, action, cards=match.cards + (fresh,), player=player, dice=(), held=held, rolls=0, banked=banked
    )


def _finish(match: M, action: Finish) -> M:
    return _record(match, action, finished=True)
