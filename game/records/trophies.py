"""Trophies: feats a person keeps once won, read from the games in the history (nothing else is stored).

Each trophy is a fact about one person's finished game (the top box made, the upper bonus, every straight, a card
without a zero, a computer beaten), or, for the daily game, about the days played. A trophy is won by a person's name,
as their best is (game.records.stats.best_total): any rule set, any way to play on this device.

>>> from dataclasses import replace
>>> from game.records.record import demo_record
>>> game = demo_record()
>>> sorted(t.value for t in earned(History().add(game), "Ann"))
['fives']
>>> won_now(History(), game, "Ann"), won_now(History().add(replace(game, id="an earlier one")), game, "Ann")
((<Trophy.FIVES: 'fives'>,), ())
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from enum import Enum

from game.core import variants
from game.core.cards import Level, SeatKind
from game.core.rules import RuleSet
from game.records.daily import day_of
from game.records.history import History
from game.records.record import GameRecord

__all__ = ["RUN", "TROPHIES", "Trophy", "earned", "won_in", "won_now"]


class Trophy(Enum):
    """A feat; its value is the name it is kept by in a page's markup (app.css draws its medal)."""

    FIVES = "fives"  # the top box made: Yahtzee, Yatzy, Yacht
    BONUS = "bonus"  # the upper section's bonus
    STRAIGHTS = "straights"  # every straight box of the card made in one game
    NO_ZEROS = "no-zeros"  # a whole card without a 0
    TWICE = "twice"  # the top box and a bonus for another five of a kind
    BEATEN = "beaten"  # a game won against a computer
    BEST_BEATEN = "best-beaten"  # a game won against a computer playing perfectly
    RUN = "run"  # the daily game played on RUN days in a row


RUN = 3
"""The days in a row of daily games that win :attr:`Trophy.RUN`."""

_STRONG = {Level.PERFECT.value, Level.WIN.value}
_HUMAN = SeatKind.HUMAN.value


def _beaten(record: GameRecord, seat: int, strong: bool) -> bool:
    """Whether the seat finished above a computer at the table (one playing perfectly, where ``strong``)."""
    return any(
        not sitter.person and record.totals[seat] > record.totals[other] and (not strong or sitter.level in _STRONG)
        for other, sitter in enumerate(record.seats)
    )


def _straights(rules: RuleSet, scores: dict[str, int]) -> bool:
    """Whether every straight box of the card was made (none on a card without straights)."""
    boxes = [c.id for c in rules.categories if c.id.endswith("straight")]
    return bool(boxes) and all(scores.get(box, 0) > 0 for box in boxes)


TROPHIES: dict[Trophy, Callable[[GameRecord, int, RuleSet], bool]] = {
    Trophy.FIVES: lambda r, s, rules: rules.yahtzee_id is not None and r.scores[s].get(rules.yahtzee_id, 0) > 0,
    Trophy.BONUS: lambda r, s, rules: bool(r.upper_bonus) and r.upper_bonus[s] > 0,
    Trophy.STRAIGHTS: lambda r, s, rules: _straights(rules, r.scores[s]),
    Trophy.NO_ZEROS: lambda r, s, rules: all(points > 0 for points in r.scores[s].values()),
    Trophy.TWICE: lambda r, s, rules: r.yahtzee_bonus[s] > 0,
    Trophy.BEATEN: lambda r, s, rules: _beaten(r, s, strong=False),
    Trophy.BEST_BEATEN: lambda r, s, rules: _beaten(r, s, strong=True),
}
"""Each game's trophy and what wins it, in the order they are shown (:attr:`Trophy.RUN` is the days', not a game's)."""


def won_in(record: GameRecord, seat: int, rules: RuleSet | None = None) -> frozenset[Trophy]:
    """The trophies a seat's game wins (a person's seat; a record whose rules are unknown wins none); ``rules``, its
    rule set where the caller has it.

    >>> from game.records.record import demo_record
    >>> won_in(demo_record(), 0), won_in(demo_record(), 1)
    (frozenset({<Trophy.FIVES: 'fives'>}), frozenset({<Trophy.FIVES: 'fives'>}))
    """
    if record.seats[seat].kind != _HUMAN:
        return frozenset()
    if rules is None:
        try:
            rules = variants.from_dict(record.rules)
        except ValueError:
            return frozenset()
    return frozenset(trophy for trophy, wins in TROPHIES.items() if wins(record, seat, rules))


def _longest_run(history: History, name: str) -> int:
    """The most days in a row the person called ``name`` played the daily game (game.records.daily.day_of)."""
    theirs = (record for record in history.games if any(sitter.name == name for sitter in record.seats))
    days = sorted({named[0] for named in map(day_of, theirs) if named is not None})
    best = run = 0
    for before, day in zip([None, *days], days, strict=False):
        run = run + 1 if before is not None and day - before == timedelta(days=1) else 1
        best = max(best, run)
    return best


def earned(history: History, name: str) -> frozenset[Trophy]:
    """Every trophy the person called ``name`` has won in the history's games."""
    got: set[Trophy] = set()
    for records in history.by_rules.values():  # a rule set read once for its games
        try:
            rules = variants.from_dict(records[0].rules)
        except ValueError:
            continue
        for record in records:
            for seat, sitter in enumerate(record.seats):
                if sitter.name == name:
                    got |= won_in(record, seat, rules)
    return frozenset(got | ({Trophy.RUN} if _longest_run(history, name) >= RUN else set()))


def won_now(history: History, record: GameRecord, name: str) -> tuple[Trophy, ...]:
    """The trophies the person called ``name`` wins with a finished game not yet in ``history``, in their order."""
    before = earned(history.without(record.id), name)
    seats = [seat for seat, sitter in enumerate(record.seats) if sitter.name == name]
    new = set().union(*(won_in(record, seat) for seat in seats)) - before
    return tuple(trophy for trophy in Trophy if trophy in new)
