"""The advisor at the table: hints, computer turns and the after-game report, for a Match.

``game.advisor`` answers one decision in its own vocabulary (a card's scores, the dice, the
rolls left; actions ``("keep", faces)`` and ``("score", id)``). This module translates between
that and the engine's matches and actions, purely, so the shell only schedules and draws.

>>> from game.engine import new_match
>>> m = new_match("yacht", ["Ann"], seed=1).roll(faces=[6, 6, 6, 6, 6])
>>> hint(m).best.action
('score', 'yacht')
>>> bot_step(m, "perfect")
[('score', 'yacht')]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from . import advisor, bots
from .engine import Match, new_match

__all__ = ["Hint", "Decision", "Report", "position", "kept_faces", "holds_for", "hint", "cost", "bot_step", "bot_rng", "decisions", "review"]


@dataclass(frozen=True)
class Hint:
    """The options of the decision in front of the current player, best first."""

    options: tuple[advisor.Option, ...]

    @property
    def best(self) -> advisor.Option:
        """The best option."""
        return self.options[0]

    @property
    def exact(self) -> bool:
        """Whether the values are exactly optimal (False: a one-turn advisor for large custom dice)."""
        return self.best.exact


@dataclass(frozen=True)
class Decision:
    """One decision of a player, against the best one: the points it cost in expectation."""

    game: int
    player: int
    round: int
    dice: tuple[int, ...]
    rolls_left: int
    chosen: tuple[str, Any]
    chosen_expected: float
    best: tuple[str, Any]
    best_expected: float

    @property
    def loss(self) -> float:
        """Expected points lost by the choice (0 for a best move)."""
        return max(0.0, self.best_expected - self.chosen_expected)


@dataclass(frozen=True)
class Report:
    """A player's game, decision by decision: total expected points lost and the worst mistakes."""

    decisions: tuple[Decision, ...]

    @property
    def total_loss(self) -> float:
        """The sum of every decision's loss."""
        return sum(d.loss for d in self.decisions)

    @property
    def best_moves(self) -> int:
        """How many decisions were (within 0.005 points of) the best."""
        return sum(d.loss < 0.005 for d in self.decisions)

    def worst(self, count: int = 3) -> tuple[Decision, ...]:
        """The ``count`` costliest decisions, costliest first (only those that cost anything)."""
        costly = [d for d in self.decisions if d.loss >= 0.005]
        return tuple(sorted(costly, key=lambda d: -d.loss)[:count])


def position(match: Match) -> tuple[dict[str, int], tuple[int, ...], int, int]:
    """The current decision in the advisor's terms: (scores, dice, rolls_left, yahtzee_bonus).

    >>> from game.engine import new_match
    >>> position(new_match("yacht", seed=1).roll(faces=[1, 2, 3, 4, 5]))
    ({}, (1, 2, 3, 4, 5), 2, 0)
    """
    card = match.scorecard()
    return card.scores, match.dice, match.rolls_left, card.yahtzee_bonus


def kept_faces(match: Match) -> tuple[int, ...]:
    """The faces of the held dice, ascending: the keep that rolling now would make.

    >>> from game.engine import new_match
    >>> kept_faces(new_match("yacht", seed=1).roll(faces=[5, 2, 5, 1, 1]).hold(0).hold(2))
    (5, 5)
    """
    return tuple(sorted(face for face, held in zip(match.dice, match.held) if held))


def holds_for(match: Match, faces: Sequence[int]) -> tuple[bool, ...]:
    """Which dice to hold so that exactly ``faces`` are kept, preferring dice already held.

    >>> from game.engine import new_match
    >>> holds_for(new_match("yacht", seed=1).roll(faces=[5, 2, 5, 1, 5]), (5, 5))
    (True, False, True, False, False)
    """
    wanted = Counter(faces)
    holds = [False] * len(match.dice)
    order = sorted(range(len(match.dice)), key=lambda i: (not match.held[i], i))
    for index in order:
        face = match.dice[index]
        if wanted[face] > 0:
            wanted[face] -= 1
            holds[index] = True
    if +wanted:
        raise ValueError(f"cannot keep {tuple(faces)} from dice {match.dice}")
    return tuple(holds)


def _decision_open(match: Match) -> bool:
    return match.rolls > 0 and not (match.game_over or match.finished)


def hint(match: Match) -> Hint | None:
    """Every option of the current player's decision, best first (None before the first roll).

    >>> from game.engine import new_match
    >>> hint(new_match("yacht", seed=1)) is None
    True
    """
    if not _decision_open(match):
        return None
    scores, dice, rolls_left, bonus = position(match)
    return Hint(tuple(advisor.options(match.ruleset, scores, dice, rolls_left, yahtzee_bonus=bonus)))


def _as_advisor_action(match: Match, action: Sequence[Any]) -> tuple[str, Any] | None:
    """The advisor's name for an engine action taken now (a roll keeps the held dice)."""
    if action[0] == "score":
        return ("score", action[1])
    if action[0] == "roll" and _decision_open(match):
        return ("keep", kept_faces(match))
    return None


def cost(match: Match, action: Sequence[Any], known: Hint | None = None) -> tuple[float, advisor.Option] | None:
    """Expected points ``action`` gives up against the best option now, and that best option.

    None when the action is not a decision (the first roll of a turn, a hold).

    >>> from game.engine import new_match
    >>> m = new_match("yacht", seed=1).roll(faces=[6, 6, 6, 6, 6])
    >>> loss, best = cost(m, ("score", "choice"))
    >>> round(loss, 1) > 0, best.action
    (True, ('score', 'yacht'))
    """
    chosen = _as_advisor_action(match, action)
    if chosen is None:
        return None
    options = (known or hint(match)).options
    values = {option.action: option.expected for option in options}
    if chosen not in values:
        return None
    return max(0.0, options[0].expected - values[chosen]), options[0]


def bot_rng(match: Match) -> random.Random:
    """The computer's randomness for this moment: derived from the seed and the actions so far.

    So a computer turn replays identically after a reload.

    >>> from game.engine import new_match
    >>> m = new_match("yacht", seed=5)
    >>> bot_rng(m).random() == bot_rng(m).random()
    True
    """
    return random.Random(f"{match.seed}:{len(match.actions)}")


def bot_step(match: Match, level: str | bots.Level) -> list[tuple]:
    """The engine actions of the computer's next step: roll, set holds then roll, or score.

    >>> from game.engine import new_match
    >>> bot_step(new_match("yacht", seed=1), "easy")
    [('roll',)]
    """
    if not _decision_open(match):
        return [("roll",)]
    scores, dice, rolls_left, bonus = position(match)
    kind, value = bots.choose(
        match.ruleset, scores, dice, rolls_left, level=level, rng=bot_rng(match), yahtzee_bonus=bonus
    )
    if kind == "score":
        return [("score", value)]
    target = holds_for(match, value)
    steps: list[tuple] = [("hold", i, h) for i, h in enumerate(target) if match.held[i] != h]
    return steps + [("roll",)]


def decisions(match: Match) -> Iterator[tuple[Match, tuple]]:
    """Every decision of the match so far: the match just before it, and the action taken.

    Rebuilt from the seed and the recorded actions; the first roll of a turn and holds are
    not decisions (a reroll is: it keeps the held dice).
    """
    replay = new_match(match.ruleset, match.seats, match.games, match.seed)
    for action in match.actions:
        if _as_advisor_action(replay, action) is not None:
            yield replay, action
        replay = replay.apply(action)


def review(match: Match, game: int, player: int) -> Report:
    """A player's decisions in one game against the best ones (the after-game report).

    >>> from game.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=3).roll(faces=[6, 6, 6, 6, 6]).score("sixes")
    >>> r = review(m, 0, 0)
    >>> len(r.decisions), r.decisions[0].best, round(r.total_loss, 2) > 0
    (1, ('score', 'yacht'), True)
    """
    out = []
    for before, action in decisions(match):
        if len(before.cards) - 1 != game or before.player != player:
            continue
        chosen = _as_advisor_action(before, action)
        known = hint(before)
        values = {option.action: option.expected for option in known.options}
        out.append(
            Decision(
                game=game,
                player=player,
                round=before.round,
                dice=before.dice,
                rolls_left=before.rolls_left,
                chosen=chosen,
                chosen_expected=values.get(chosen, known.best.expected),
                best=known.best.action,
                best_expected=known.best.expected,
            )
        )
    return Report(tuple(out))
