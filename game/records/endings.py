"""The game just played in context, as facts: each person's total against their own games before it (the history),
the optimal player's mean under these rules, and every seat's total split into what the dice gave and what its
choices lost (game.coach.luck). game.present.standings and game.present.luck_view word it.

>>> Personal("Ann", 191, games=3, best=180, mean=150.0).new_best, Share("Ann", True, 268, 31.4, 17.2).dice
(True, 31)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING

from game.core.cards import SeatKind
from game.core.engine import Match

if TYPE_CHECKING:  # the coach's values, imported only when asked for, to keep the start short
    from game.coach.luck import Split
    from game.records.history import History
    from game.records.trophies import Trophy

__all__ = ("Ending", "Personal", "Share", "ending")


@dataclass(frozen=True)
class Share:
    """A seat's game split into what the dice gave and what its choices lost (game.coach.luck.Split), with its name.

    >>> Share("Ann", True, 268, 31.4, 17.2).dice, Share("Ann", True, 268, 31.4, 17.2).choices
    (31, -17)
    """

    name: str
    person: bool  # a person's seat (a computer's is told only against a person's)
    total: int
    luck: float  # the sum of every roll's luck
    loss: float  # the sum of every choice's expected points lost
    away: bool = False  # a challenger's game, played on another phone: never "you"

    @property
    def dice(self) -> int:
        """The dice's share, in whole points."""
        return round(self.luck)

    @property
    def choices(self) -> int:
        """The choices' share, in whole points (never positive: a choice can only lose against the best)."""
        return -round(self.loss)


@dataclass(frozen=True)
class Personal:
    """A person's total of the game just played, against their own games under these rules before it.

    >>> Personal("Ann", 191, games=3, best=180, mean=150.0).new_best, Personal("Ann", 191).new_best
    (True, False)
    """

    name: str
    total: int
    games: int = 0  # finished games under these rules before this one
    best: int | None = None
    mean: float | None = None
    standing: float | None = None  # the share of the optimal player's games below this total (None: not known)

    @property
    def new_best(self) -> bool:
        """Whether this game beat every earlier one (a first game sets no best to beat)."""
        return self.best is not None and self.total > self.best


@dataclass(frozen=True)
class Ending:
    """The game just played in context: each person's total against their history, the optimal player's mean
    under these rules (None where no figure exists) and where it is exact, every seat's split of its total
    into luck and choices (``shares``, in seat order; empty without an exact advisor)."""

    people: tuple[Personal, ...] = ()
    optimal: float | None = None
    shares: tuple[Share, ...] = ()
    series: Series | None = None  # a person against one computer: their games won and lost, this one in
    trophies: tuple[tuple[str, tuple[Trophy, ...]], ...] = ()  # each person's trophies won by this game, if any


@dataclass(frozen=True)
class Series:
    """A person's games against one computer under these rules, the game just played in: won, lost (ties aside)."""

    rival: str
    won: int
    lost: int
    first_lead: bool = False  # this game put the person ahead of it for the first time: the ladder's next rival opens


def against(history: History, key: str, name: str, rival: str, leave_out: str = "") -> tuple[bool, ...]:
    """``name``'s decisive two-seat games against the computer ``rival`` under the rules ``key`` in ``history``,
    oldest first: whether each was won (a tie is neither; the record ``leave_out``, a game's id, is left out)."""
    games = []
    for record, seat in history.people.get(key, {}).get(name, ()):
        theirs = [
            record.totals[i]
            for i, sitter in enumerate(record.seats)
            if sitter.name == rival and sitter.kind != SeatKind.HUMAN.value and i != seat
        ]
        if record.id != leave_out and len(record.seats) == 2 and theirs and record.totals[seat] != theirs[0]:
            games.append((record.ended, record.totals[seat] > theirs[0]))
    return tuple(won for _, won in sorted(games, key=lambda game: game[0]))


def series(history: History, key: str, name: str, rival: str, leave_out: str = "") -> tuple[int, int]:
    """``name``'s games against the computer ``rival`` under the rules ``key`` in ``history`` (:func:`against`):
    (won, lost).

    >>> from game.records.history import History
    >>> series(History(), "yacht", "Ann", "Robin")
    (0, 0)
    """
    return won_lost(against(history, key, name, rival, leave_out))


def won_lost(games: Sequence[bool]) -> tuple[int, int]:
    """Games (:func:`against`: whether each was won) as a record: (won, lost).

    >>> won_lost((True, False, True))
    (2, 1)
    """
    return sum(games), len(games) - sum(games)


def led(games: Sequence[bool]) -> bool:
    """Whether a player was ever ahead over these games (:func:`against`: won more than lost, after some game): the
    lobby's ladder opens the next rival for good (game.present.setup).

    >>> led((False, True, True, False, False)), led((False, True))
    (True, False)
    """
    return any(ahead > 0 for ahead in accumulate(1 if won else -1 for won in games))


def ending(
    match: Match,
    history: History | None = None,
    optimal: float | None = None,
    splits: tuple[Split, ...] | None = None,
    challenger: tuple[str, Split] | None = None,
) -> Ending:
    """The game just played (the match's current one) in context: each person's total against their
    earlier games under these rules in ``history`` (a game.records.history.History; this game's own record,
    once written, is left out), and ``optimal``, the optimal player's mean (None: not known); where it is
    known, the share of the optimal player's games below each total too (game.coach.finals, where shipped);
    ``splits``, every seat's luck and choices (game.coach.luck.splits; None: the advisor is not exact), and a
    challenge's, the ``challenger``'s name and split, beside them (a person away: "you" is the one here).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> for box in m.open_categories():
    ...     m = m.roll(faces=[6] * 5).score(box)
    >>> [(p.name, p.total, p.games, p.best, round(p.standing, 2)) for p in ending(m, optimal=166.99).people]
    [('Ann', 164, 0, None, 0.47)]
    """
    from game.coach.finals import standing
    from game.records.record import game_id
    from game.records.stats import ruleset_key

    game = match.game
    key = ruleset_key(match.ruleset)
    itself = game_id(match, game) if history is not None else ""
    played = history.people.get(key, {}) if history is not None else {}
    people = []
    for seat, sitter in enumerate(match.seats):
        if sitter.kind is not SeatKind.HUMAN:
            continue
        totals = [record.totals[at] for record, at in played.get(sitter.name, ()) if record.id != itself]
        total = match.totals(seat, game).grand_total
        share = (
            standing(match.ruleset, total) if optimal is not None else None
        )  # the optimal player's words where known
        if totals:
            people.append(Personal(sitter.name, total, len(totals), max(totals), sum(totals) / len(totals), share))
        else:
            people.append(Personal(sitter.name, total, standing=share))
    shares = tuple(
        Share(match.seats[s.player].name, match.seats[s.player].kind is SeatKind.HUMAN, s.total, s.luck, s.loss)
        for s in splits or ()
    )
    if challenger is not None and shares:
        name, theirs = challenger
        shares += (Share(name, True, theirs.total, theirs.luck, theirs.loss, away=True),)
    return Ending(tuple(people), optimal, shares, _series(match, history, key, itself), _trophies(match, history))


def _trophies(match: Match, history: History | None) -> tuple[tuple[str, tuple[Trophy, ...]], ...]:
    """Each person's trophies won by the game just played (game.records.trophies), where any were."""
    from game.records.record import NO_TIME, record_game
    from game.records.trophies import won_now

    if history is None:
        return ()
    seats = len(match.seats)
    played = record_game(match, match.game, NO_TIME, [0] * seats, [None] * seats)  # its facts: no time, no review
    people = dict.fromkeys(sitter.name for sitter in match.seats if sitter.kind is SeatKind.HUMAN)
    won = ((name, won_now(history, played, name)) for name in people)
    return tuple((name, trophies) for name, trophies in won if trophies)


def _series(match: Match, history: History | None, key: str, itself: str) -> Series | None:
    """A person's games against the one computer they played, this game's result in (None: another table)."""
    kinds = [sitter.kind for sitter in match.seats]
    if history is None or len(kinds) != 2 or SeatKind.HUMAN not in kinds or SeatKind.COMPUTER not in kinds:
        return None
    person = kinds.index(SeatKind.HUMAN)
    rival = match.seats[1 - person].name
    games = against(history, key, match.seats[person].name, rival, itself)
    won, lost = won_lost(games)
    mine, theirs = (match.totals(seat, match.game).grand_total for seat in (person, 1 - person))
    first = mine > theirs and not led(games) and led((*games, True))
    return Series(rival, won + (mine > theirs), lost + (mine < theirs), first)
