"""The advisor at the table: hints, computer turns and the after-game report, for a Match.

``game.coach.advisor`` answers one decision from a card's scores, the dice and the rolls left, as a
decision of game.core.actions (``Keep(faces)`` or ``Score(id)``). This module puts a Match to it and
turns decisions into engine actions (holds, then a roll), purely: the session owns the advisor.

>>> from game.coach.advisor import Advisor
>>> from game.core.engine import new_match
>>> m = new_match("yacht", ["Ann"], seed=1).roll(faces=[6, 6, 6, 6, 6])
>>> coach = Advisor(m.ruleset)
>>> hint(coach, m).best.action
Score(category='yacht')
>>> bot_step(coach, m, "perfect")
[Score(category='yacht')]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.coach import advisor, bots
from game.coach.advisor import Advisor
from game.coach.odds import Chances, Odds, shown
from game.coach.race import Prospect
from game.coach.winning import WinChances, Winning
from game.core.actions import Action, Decision, Hold, Keep, Roll, Score
from game.core.engine import Match

__all__ = [
    "Hint",
    "Move",
    "Report",
    "position",
    "kept_faces",
    "holds_for",
    "hint",
    "as_decision",
    "cost",
    "bot_step",
    "bot_rng",
    "decisions",
    "review",
    "reviews",
    "rivals",
    "win_chances",
    "target_chance",
]


@dataclass(frozen=True)
class Hint:
    """The options of the decision in front of the current player, best first.

    ``odds`` (when asked for) holds, per option, every open box's exact chance of being made this
    turn from it, likeliest first (game.coach.odds): () for a score option, None where there are no odds;
    ``baseline`` the same for rerolling every die, against which a keep's aims are told.
    """

    options: tuple[advisor.Option, ...]
    odds: tuple[Chances | None, ...] = ()
    baseline: Chances | None = ()

    @property
    def best(self) -> advisor.Option:
        """The best option."""
        return self.options[0]

    @property
    def exact(self) -> bool:
        """Whether the values are exactly optimal (False: a one-turn advisor for large custom dice)."""
        return self.best.exact


@dataclass(frozen=True)
class Move:
    """One decision of a player, against the best one: the points it cost in expectation.

    ``best_odds`` and ``chosen_odds`` are the boxes each keep aimed at and their exact chances this
    turn (game.coach.odds.shown; () for a score, or when the review had no odds).
    """

    game: int
    player: int
    round: int
    dice: tuple[int, ...]
    rolls_left: int
    chosen: Decision
    chosen_expected: float
    best: Decision
    best_expected: float
    best_odds: Chances = ()
    chosen_odds: Chances = ()

    @property
    def loss(self) -> float:
        """Expected points lost by the choice (0 for a best move)."""
        return max(0.0, self.best_expected - self.chosen_expected)


@dataclass(frozen=True)
class Report:
    """A player's game, decision by decision: total expected points lost and the worst mistakes."""

    decisions: tuple[Move, ...]

    @property
    def total_loss(self) -> float:
        """The sum of every decision's loss."""
        return sum(d.loss for d in self.decisions)

    @property
    def best_moves(self) -> int:
        """How many decisions were (within 0.005 points of) the best."""
        return sum(d.loss < 0.005 for d in self.decisions)

    def worst(self, count: int = 3) -> tuple[Move, ...]:
        """The ``count`` costliest decisions, costliest first (only those that cost anything)."""
        costly = [d for d in self.decisions if d.loss >= 0.005]
        return tuple(sorted(costly, key=lambda d: -d.loss)[:count])


def position(match: Match) -> tuple[dict[str, int], tuple[int, ...], int, int]:
    """The current decision in the advisor's terms: (scores, dice, rolls_left, yahtzee_bonus).

    >>> from game.core.engine import new_match
    >>> position(new_match("yacht", seed=1).roll(faces=[1, 2, 3, 4, 5]))
    ({}, (1, 2, 3, 4, 5), 2, 0)
    """
    card = match.scorecard()
    return card.scores, match.dice, match.rolls_left, card.yahtzee_bonus


def kept_faces(match: Match) -> tuple[int, ...]:
    """The faces of the held dice, ascending: the keep that rolling now would make.

    >>> from game.core.engine import new_match
    >>> kept_faces(new_match("yacht", seed=1).roll(faces=[5, 2, 5, 1, 1]).hold(0).hold(2))
    (5, 5)
    """
    return tuple(sorted(face for face, held in zip(match.dice, match.held) if held))


def holds_for(match: Match, faces: Sequence[int]) -> tuple[bool, ...]:
    """Which dice to hold so that exactly ``faces`` are kept, preferring dice already held.

    >>> from game.core.engine import new_match
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


def hint(coach: Advisor, match: Match, odds: Odds | None = None) -> Hint | None:
    """Every option of the current player's decision, best first (None before the first roll).

    With ``odds`` each option gets every open box's chance of being made this turn (Hint.odds).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", seed=1)
    >>> hint(Advisor(m.ruleset), m) is None
    True
    >>> m = m.roll(faces=[6, 6, 6, 6, 2])
    >>> h = hint(Advisor(m.ruleset), m, Odds(m.ruleset))
    >>> h.best.action, [(cid, round(p, 3)) for cid, p in h.odds[0][:3]], h.options[1].action, h.odds[1]
    (Keep(faces=(6, 6, 6, 6)), [('four_of_a_kind', 1.0), ('full_house', 0.306), ('yacht', 0.306)], Score(category='four_of_a_kind'), ())
    """
    if not _decision_open(match):
        return None
    scores, dice, rolls_left, bonus = position(match)
    options = tuple(coach.options(scores, dice, rolls_left, yahtzee_bonus=bonus))
    if odds is None:
        return Hint(options)
    chances = tuple(
        odds.chances(scores, o.action.faces, rolls_left, most=None, least=0.0) if isinstance(o.action, Keep) else ()
        for o in options
    )
    return Hint(options, chances, odds.chances(scores, (), rolls_left, most=None, least=0.0))


def as_decision(match: Match, action: Action) -> Decision | None:
    """The decision an engine action taken now makes: a score, or a reroll keeping the held dice.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", seed=1).roll(faces=[5, 2, 5, 1, 1]).hold(0)
    >>> as_decision(m, Roll()), as_decision(m, Hold(1)), as_decision(m, Score("ones"))
    (Keep(faces=(5,)), None, Score(category='ones'))
    """
    if isinstance(action, Score):
        return action
    if isinstance(action, Roll) and _decision_open(match):
        return Keep(kept_faces(match))
    return None


def cost(coach: Advisor, match: Match, action: Action) -> tuple[float, advisor.Option] | None:
    """Expected points ``action`` gives up against the best option now, and that best option.

    None when the action is not a decision (the first roll of a turn, a hold).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", seed=1).roll(faces=[6, 6, 6, 6, 6])
    >>> loss, best = cost(Advisor(m.ruleset), m, Score("choice"))
    >>> round(loss, 1) > 0, best.action
    (True, Score(category='yacht'))
    """
    chosen = as_decision(match, action)
    if chosen is None:
        return None
    known = hint(coach, match)
    if known is None:  # a score before the turn's first roll decides nothing
        return None
    options = known.options
    values = {option.action: option.expected for option in options}
    if chosen not in values:
        return None
    return max(0.0, options[0].expected - values[chosen]), options[0]


def bot_rng(match: Match) -> random.Random:
    """The computer's randomness for this decision: derived from the seed and the position.

    So a computer turn replays identically after a reload, and holds set one at a time do not
    change the decision they carry out.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", seed=5)
    >>> bot_rng(m).random() == bot_rng(m).random()
    True
    """
    return random.Random(f"{match.seed}:{match.game}:{match.player}:{match.round}:{match.rolls}")


def rivals(winning: Winning, match: Match) -> tuple[Prospect, ...]:
    """The prospects of the other seats of the current game, for a player who plays to win.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1).roll(faces=[6] * 5).score("yacht")
    >>> [p.total for p in rivals(Winning(Advisor(m.ruleset)), m)]
    [50]
    """
    cards = match.cards[match.game]
    return tuple(winning.prospect(c.scores, c.yahtzee_bonus) for i, c in enumerate(cards) if i != match.player)


def win_chances(winning: Winning, match: Match) -> WinChances | None:
    """Each seat's chance of winning the current game (None with one seat: see target_chance).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1).roll(faces=[6] * 5)
    >>> got = win_chances(Winning(Advisor(m.ruleset)), m)
    >>> got.exact, got.chances[0] > 0.5, round(sum(got.chances), 9)
    (False, True, 1.0)
    """
    if len(match.seats) < 2:
        return None
    cards = [(c.scores, c.yahtzee_bonus) for c in match.cards[match.game]]
    if _decision_open(match):
        return winning.chances(cards, match.player, match.dice, match.rolls_left)
    return winning.chances(cards)


def target_chance(winning: Winning, match: Match, target: int) -> WinChances:
    """The current seat's chance of beating ``target`` points this game (first), a tie counting half.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> round(target_chance(Winning(Advisor(m.ruleset)), m, 167).chances[0], 2)
    0.5
    """
    card = match.scorecard()
    cards = [(card.scores, card.yahtzee_bonus)]
    if _decision_open(match):
        return winning.chances(cards, 0, match.dice, match.rolls_left, against=(target,))
    return winning.chances(cards, against=(target,))


def bot_step(coach: Advisor, match: Match, level: str | bots.Level, winning: Winning | None = None) -> list[Action]:
    """The engine actions of the computer's next step: roll, set holds then roll, or score.

    A computer that plays to win (level "win") weighs the other seats with ``winning``.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", seed=1)
    >>> bot_step(Advisor(m.ruleset), m, "easy")
    [Roll(faces=None)]
    """
    if not _decision_open(match):
        return [Roll()]
    scores, dice, rolls_left, bonus = position(match)
    others = rivals(winning, match) if winning is not None and bots.Level(level) is bots.Level.WIN else ()
    decision = bots.choose(
        coach,
        scores,
        dice,
        rolls_left,
        level=level,
        rng=bot_rng(match),
        yahtzee_bonus=bonus,
        winning=winning,
        rivals=others,
    )
    if isinstance(decision, Score):
        return [decision]
    target = holds_for(match, decision.faces)
    steps: list[Action] = [Hold(i, h) for i, h in enumerate(target) if match.held[i] != h]
    return steps + [Roll()]


def decisions(match: Match) -> Iterator[tuple[Match, Action]]:
    """Every decision of the match so far: the match just before it, and the action taken.

    Rebuilt from the seed and the recorded actions; the first roll of a turn and holds are
    not decisions (a reroll is: it keeps the held dice).
    """
    replay = match.begun()
    for action in match.actions:
        if as_decision(replay, action) is not None:
            yield replay, action
        replay = replay.apply(action)


def review(coach: Advisor, match: Match, game: int, player: int, odds: Odds | None = None) -> Report:
    """A player's decisions in one game against the best ones (the after-game report).

    With ``odds`` each keep's aims and their chances are told (Move.best_odds, Move.chosen_odds).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=3).roll(faces=[6, 6, 6, 6, 6]).score("sixes")
    >>> r = review(Advisor(m.ruleset), m, 0, 0)
    >>> len(r.decisions), r.decisions[0].best, round(r.total_loss, 2) > 0
    (1, Score(category='yacht'), True)
    """
    return Report(tuple(_move(coach, before, action, odds) for before, action in _of(match, game, player)))


def reviews(coach: Advisor, match: Match, game: int, odds: Odds | None = None) -> tuple[Report, ...]:
    """Every seat's review of one game, in seat order, from one replay of the match (review() replays it per seat).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=3).roll().score("sixes").roll().score("yacht")
    >>> [len(r.decisions) for r in reviews(Advisor(m.ruleset), m, 0)] == [1, 1]
    True
    """
    moves: list[list[Move]] = [[] for _ in match.seats]
    for before, action in _of(match, game, None):
        moves[before.player].append(_move(coach, before, action, odds))
    return tuple(Report(tuple(seat)) for seat in moves)


def _of(match: Match, game: int, player: int | None) -> Iterator[tuple[Match, Action]]:
    """The decisions of one game, of one seat (None: of every seat)."""
    for before, action in decisions(match):
        if len(before.cards) - 1 == game and (player is None or before.player == player):
            yield before, action


def _move(coach: Advisor, before: Match, action: Action, odds: Odds | None) -> Move:
    """One decision against the best one."""
    chosen = as_decision(before, action)
    known = hint(coach, before, odds)
    assert chosen is not None and known is not None  # decisions() yields decisions only
    values = {option.action: option.expected for option in known.options}
    aims = {option.action: shown(chances, known.baseline) for option, chances in zip(known.options, known.odds)}
    return Move(
        game=len(before.cards) - 1,
        player=before.player,
        round=before.round,
        dice=before.dice,
        rolls_left=before.rolls_left,
        chosen=chosen,
        chosen_expected=values.get(chosen, known.best.expected),
        best=known.best.action,
        best_expected=known.best.expected,
        best_odds=aims.get(known.best.action, ()),
        chosen_odds=aims.get(chosen, ()),
    )
