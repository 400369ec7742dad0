"""The trainer's puzzles: positions ("What's the best keep?", "Which box?") and their exact answers.

A :class:`Position` is a decision taken out of a game: the card filled so far, the dice and the rolls
left. It comes from one of two places: the built-in set (game.coach.drills_data, found by
tools/find_drills.py in optimally played games and kept by what it teaches, :class:`Theme`), or the
person's own costly decisions (:func:`mistakes`, taken from a finished game as it is recorded).
:func:`solve` ranks every choice exactly with the optimal player's advisor; :func:`offered` picks the
few a keep puzzle offers (every box the roll fits, for a box puzzle).

>>> from game.coach.coaching import Coach
>>> from game.core import variants
>>> p = Position("yacht", (), (6, 6, 6, 6, 6), 0)
>>> s = solve(Coach(variants.ruleset("yacht")), p)
>>> p.kind, s.best, code(s.best)
(<Kind.BOX: 'box'>, Score(category='yacht'), 'box:yacht')
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from game.core.actions import Decision, Keep, Score
from game.core.rules import RuleSet, Section

if TYPE_CHECKING:
    from game.coach.advice import Hint
    from game.coach.advisor import Advisor, Option
    from game.coach.coaching import Coach
    from game.core.engine import Match

__all__ = [
    "MARGIN",
    "OWN_LEAST",
    "OWN_PER_GAME",
    "PER_THEME",
    "Kind",
    "Position",
    "Solution",
    "Theme",
    "built_in",
    "code",
    "decision",
    "instructive",
    "mistakes",
    "offered",
    "rules_key",
    "solve",
    "tempting",
    "theme_of",
]

MARGIN = 1.0
"""Expected points by which a built-in position's best choice beats the tempting one, at least."""
PER_THEME = 4
"""Built-in positions of each theme per rule set (Yacht, without an upper bonus, has two themes)."""
RACED = 2
"""Upper boxes filled, at least, for an upper bonus race (the built-in set's)."""
OWN_LEAST = 1.0
"""The least expected points a person's own decision lost to become a puzzle."""
OWN_PER_GAME = 3
"""A finished game's costliest decisions that become puzzles, at most."""
OFFERED = 4
"""Choices a keep puzzle offers: the best ones, the tempting one and the person's own."""
RIGHT = 0.005
"""An answer within this many expected points of the best is right (the best moves of the review)."""


class Kind(Enum):
    """What a puzzle asks: the best keep (rolls are left) or the box to score (none are)."""

    KEEP = "keep"
    BOX = "box"


class Theme(Enum):
    """What a puzzle teaches: its one-line tag (game.present.trainer_view words it)."""

    BONUS = "bonus"  # an upper bonus race: the box that keeps the bonus in reach, against more points now
    STRAIGHT = "straight"  # a straight against a pair: the run or the group
    LAST = "last"  # the last turns: three boxes or fewer left
    OWN = "own"  # one of the person's own costly decisions


@dataclass(frozen=True)
class Position:
    """One decision out of a game: the card's filled boxes, the dice (ascending) and the rolls left.

    ``rules`` is a variant's name (built-in positions, for each of its rule sets with a table) or a
    rule set's key (:func:`rules_key`: a person's own decision, for that rule set alone); ``chosen``
    and ``lost`` are the person's own choice (:func:`code`) and what it cost.
    """

    rules: str
    scores: tuple[tuple[str, int], ...]
    dice: tuple[int, ...]
    rolls_left: int
    yahtzee_bonus: int = 0
    theme: Theme = Theme.OWN
    chosen: str = ""
    lost: float = 0.0

    @property
    def kind(self) -> Kind:
        return Kind.KEEP if self.rolls_left else Kind.BOX

    @property
    def ident(self) -> str:
        """The puzzle's id: the same position has the same id on every phone (its schedule's key).

        >>> len(Position("yacht", (), (1, 2, 3, 4, 6), 2).ident)
        12
        """
        import hashlib  # here, not at the top: start-up time in the browser

        data = [self.rules, sorted(self.scores), list(self.dice), self.rolls_left, self.yahtzee_bonus]
        return hashlib.sha256(json.dumps(data).encode()).hexdigest()[:12]

    def fits(self, ruleset: RuleSet) -> bool:
        """Whether the position is one of ``ruleset``'s (its own rule set, or a built-in one of its variant)."""
        if self.rules.startswith("{"):
            return self.rules == rules_key(ruleset)
        if self.rules != ruleset.name or (self.theme is Theme.BONUS and not ruleset.upper_bonus_amount):
            return False
        ids = {category.id for category in ruleset.categories}
        return all(box in ids for box, _ in self.scores)


def rules_key(ruleset: RuleSet) -> str:
    """A rule set as a person's own positions name it (game.records.stats.ruleset_key's text)."""
    return json.dumps(ruleset.to_dict(), sort_keys=True, separators=(",", ":"))


def code(choice: Decision) -> str:
    """A choice as the page names it: ``keep:4-4-6`` (``keep:`` rerolls all) or ``box:<id>``.

    >>> code(Keep((4, 4, 6))), code(Keep(())), code(Score("chance"))
    ('keep:4-4-6', 'keep:', 'box:chance')
    """
    if isinstance(choice, Score):
        return f"box:{choice.category}"
    return "keep:" + "-".join(map(str, choice.faces))


def decision(text: str) -> Decision | None:
    """The choice a code names (None for any other text).

    >>> decision("keep:4-4-6"), decision("box:chance"), decision("keep:x")
    (Keep(faces=(4, 4, 6)), Score(category='chance'), None)
    """
    kind, _, rest = text.partition(":")
    if kind == "box" and rest:
        return Score(rest)
    if kind == "keep":
        parts = rest.split("-") if rest else []
        if all(p.isascii() and p.isdigit() and len(p) < 3 for p in parts):
            return Keep(tuple(sorted(int(p) for p in parts)))
    return None


@dataclass(frozen=True)
class Solution:
    """A position solved: every choice ranked (with its odds, for the coach's reason) and the choices offered."""

    position: Position
    hint: Hint
    offered: tuple[Decision, ...]

    @property
    def best(self) -> Decision:
        return self.hint.best.action

    @property
    def options(self) -> tuple[Option, ...]:
        return self.hint.options

    def loss(self, choice: Decision) -> float | None:
        """Expected points the choice loses against the best (None: not a choice of this position)."""
        values = {option.action: option.expected for option in self.options}
        return None if choice not in values else max(0.0, self.options[0].expected - values[choice])

    def right(self, choice: Decision) -> bool:
        loss = self.loss(choice)
        return loss is not None and loss < RIGHT


def solve(coach: Coach, position: Position) -> Solution:
    """Every choice of the position ranked exactly, with each keep's odds (as a hint at the table has them)."""
    from game.coach.advice import Hint

    advisor, odds = coach.advisor, coach.odds
    scores, dice, left = dict(position.scores), position.dice, position.rolls_left
    options = tuple(advisor.options(scores, dice, left, yahtzee_bonus=position.yahtzee_bonus))
    chances = tuple(
        odds.chances(scores, o.action.faces, left, most=None, least=0.0) if isinstance(o.action, Keep) else ()
        for o in options
    )
    hint = Hint(options, chances, odds.chances(scores, (), left, most=None, least=0.0) if left else ())
    return Solution(position, hint, offered(advisor.ruleset, position, options))


def offered(ruleset: RuleSet, position: Position, options: tuple[Option, ...]) -> tuple[Decision, ...]:
    """The choices a puzzle offers, in a neutral order (never best first): a box puzzle every box the roll may
    be scored in, in card order; a keep puzzle the best few, the tempting one and the person's own, keeps by size."""
    order = {category.id: index for index, category in enumerate(ruleset.categories)}
    if position.kind is Kind.BOX:
        return tuple(sorted((o.action for o in options), key=lambda a: order.get(getattr(a, "category", ""), 0)))
    picked: list[Decision] = []
    own = decision(position.chosen)
    for choice in (own, tempting(ruleset, position, options[0].action), *(o.action for o in options)):
        if choice is not None and choice not in picked and any(o.action == choice for o in options):
            picked.append(choice)
        if len(picked) >= OFFERED:
            break
    keeps = sorted((c for c in picked if isinstance(c, Keep)), key=lambda k: (len(k.faces), k.faces))
    boxes = sorted((c for c in picked if isinstance(c, Score)), key=lambda s: order.get(s.category, 0))
    return (*keeps, *boxes)


def _runs(faces: tuple[int, ...]) -> tuple[int, ...]:
    """The longest run of consecutive faces among the dice (the highest of equal length)."""
    best: tuple[int, ...] = ()
    current: list[int] = []
    distinct = sorted(set(faces))
    for face in distinct:
        current = [*current, face] if current and face == current[-1] + 1 else [face]
        if len(current) >= len(best):
            best = tuple(current)
    return best


def _group(faces: tuple[int, ...]) -> tuple[int, ...]:
    """The largest group of one face among the dice (the highest face of equal count)."""
    face, count = max(Counter(faces).items(), key=lambda item: (item[1], item[0]))
    return (face,) * count


def tempting(ruleset: RuleSet, position: Position, best: Decision) -> Decision:
    """The choice a hasty player makes: the box that scores most now; the group when the best keeps a run;
    the run when the best keeps anything else.

    >>> from game.core import variants
    >>> tempting(variants.ruleset("yacht"), Position("yacht", (), (2, 3, 4, 4, 6), 2), Keep((4, 4)))
    Keep(faces=(2, 3, 4))
    """
    if position.kind is Kind.BOX:
        points = ruleset.choices(dict(position.scores), position.dice)
        return Score(max(points, key=lambda box: points[box]))
    run = _runs(position.dice)
    if isinstance(best, Keep) and len(best.faces) >= 3 and best.faces == tuple(sorted(set(best.faces))):
        return Keep(_group(position.dice))
    return Keep(run)


def instructive(advisor: Advisor, position: Position) -> float:
    """How far the best choice beats the tempting one, in expected points (0 where the tempting one is best)."""
    options = advisor.options(dict(position.scores), position.dice, position.rolls_left)
    values = {option.action: option.expected for option in options}
    lure = tempting(advisor.ruleset, position, options[0].action)
    return options[0].expected - values.get(lure, options[0].expected)


def theme_of(advisor: Advisor, position: Position) -> Theme | None:
    """What a position may teach, or None: the last turns (three boxes or fewer open), an upper bonus race (no
    rolls left, two upper boxes filled or more and the bonus still to earn, an upper box best and a lower one scoring
    more), a straight against a pair."""
    rs = advisor.ruleset
    scores = dict(position.scores)
    if len(rs.categories) - len(scores) <= 3:
        return Theme.LAST
    best = advisor.options(scores, position.dice, position.rolls_left)[0].action
    if position.kind is Kind.BOX:
        if not rs.upper_bonus_amount or not isinstance(best, Score):
            return None
        upper = {c.id for c in rs.categories if c.section is Section.UPPER}
        got = sum(points for box, points in scores.items() if box in upper)
        lure = tempting(rs, position, best)
        raced = sum(box in upper for box in scores) >= RACED  # a race under way: the bonus is in reach or slipping
        if best.category in upper and isinstance(lure, Score) and lure.category not in upper and raced:
            return Theme.BONUS if got < rs.upper_bonus_threshold else None
        return None
    run, group = _runs(position.dice), _group(position.dice)
    if len(run) >= 3 and len(group) >= 2 and best in (Keep(run), Keep(group)):
        return Theme.STRAIGHT
    return None


def built_in(ruleset: RuleSet) -> tuple[Position, ...]:
    """The built-in positions of ``ruleset``'s variant (game.coach.drills_data), those that fit it."""
    from game.coach.drills_data import POSITIONS

    positions = (
        Position(name, scores, dice, left, theme=Theme(theme)) for name, scores, dice, left, theme in POSITIONS
    )
    return tuple(p for p in positions if p.fits(ruleset))


def _decisions(match: Match, game: int, player: int) -> Iterator[tuple[Match, Decision]]:
    from game.coach.advice import as_decision, decisions

    for before, action in decisions(match):
        chosen = as_decision(before, action)
        if chosen is not None and len(before.cards) - 1 == game and before.player == player:
            yield before, chosen


def mistakes(advisor: Advisor, match: Match, game: int, player: int) -> tuple[Position, ...]:
    """A finished game's costliest decisions of one person (at least OWN_LEAST points lost, OWN_PER_GAME at most,
    costliest first), as positions of the game's rule set with the person's choice and its cost."""
    from game.coach.advice import position

    found = []
    key = rules_key(match.ruleset)
    for before, chosen in _decisions(match, game, player):
        scores, dice, left, bonus = position(before)
        options = advisor.options(scores, dice, left, yahtzee_bonus=bonus)
        values = {option.action: option.expected for option in options}
        lost = options[0].expected - values.get(chosen, options[0].expected)
        if lost >= OWN_LEAST:
            found.append(
                Position(
                    key,
                    tuple(scores.items()),
                    tuple(sorted(dice)),
                    left,
                    bonus,
                    chosen=code(chosen),
                    lost=round(lost, 2),
                )
            )
    return tuple(sorted(found, key=lambda p: -p.lost)[:OWN_PER_GAME])
