"""A person's rating under one rule set: the mean points lost per decision against the optimal player.

The measure is Tom Verhoeff's, from his Yahtzee Proficiency Test against the Optimal Solitaire
Yahtzee Player: "the mean difference in expected final score per choice [...] Aim for a value below
0.2." (https://www-set.win.tue.nl/~wstomv/misc/yahtzee/instr-pt.html). He gives that one mark and no
bands; the bands of :class:`Band` are ours, around it. A decision is a keep or a box, each weighed by
the after-game review (game.coach.advice.Report); a rating over several games is their points lost
over their decisions (a long game weighs more than a short one).

Which games count (:func:`rating`), from the records the history keeps (game.records.record):

* only people's games where the review weighed the choices (the loss is known) and the record says
  how many decisions that loss is over (records from before that was kept are left out);
* a game played on hints decides nothing: one with hints on where no choice lost anything (:data:`ON_HINTS`)
  is left out;
* a game with an undo or with hints on is rated apart (:attr:`Rating.helped`), not in the rating.

>>> from game.records.history import History
>>> rating(History(), "{}", "Ann").recent is None
True
>>> band(0.15), band(0.2)
(<Band.STRONG: 'strong'>, <Band.GOOD: 'good'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.records.history import History
    from game.records.record import GameRecord

__all__ = (
    "BANDS",
    "MIN_RATED",
    "ON_HINTS",
    "RECENT",
    "Band",
    "Rated",
    "Rating",
    "band",
    "new_best_ratings",
    "rated",
    "rating",
)

RECENT = 20
"""The games of the recent rating (the latest, on their own)."""

ON_HINTS = 0.005
"""A game with hints on that lost less than this in all was played on hints: every choice a best move (the
review's tolerance, game.coach.advice.Report.best_moves), a tie's rounding (1e-12, say) no choice of the person's."""


class Band(Enum):
    """A rating in words: where the mean loss per decision stands (our bands, around Verhoeff's 0.2)."""

    SUPERB = "superb"
    STRONG = "strong"
    GOOD = "good"
    FAIR = "fair"
    LEARNING = "learning"


BANDS: tuple[tuple[float, Band], ...] = (
    (0.1, Band.SUPERB),
    (0.2, Band.STRONG),  # Verhoeff's aim: below 0.2
    (0.5, Band.GOOD),
    (1.0, Band.FAIR),
)
"""Each band's upper end (exclusive), lowest first; LEARNING above the last."""


def band(per_decision: float) -> Band:
    """The band of a mean loss per decision.

    >>> band(0.05).value, band(0.6).value, band(3.0).value
    ('superb', 'fair', 'learning')
    """
    return next((b for top, b in BANDS if per_decision < top), Band.LEARNING)


@dataclass(frozen=True)
class Rated:
    """One game as the rating sees it: when it ended, its points lost and decisions, and whether it was helped.

    >>> Rated("2026-11-23T06:40:00Z", 6.0, 40, False).per_decision
    0.15
    """

    ended: str
    lost: float
    decisions: int
    helped: bool  # an undo or hints

    @property
    def per_decision(self) -> float:
        return self.lost / self.decisions


def _mean(games: Sequence[Rated]) -> float | None:
    """Points lost over decisions of the games (None without any)."""
    decisions = sum(g.decisions for g in games)
    return sum(g.lost for g in games) / decisions if decisions else None


@dataclass(frozen=True)
class Rating:
    """A person's games under one rule set, rated: those played alone, and apart those with an undo or hints.

    >>> r = Rating((Rated("", 4.0, 40, False), Rated("", 8.0, 40, False)), (Rated("", 1.0, 40, True),), 1)
    >>> r.recent, r.overall, r.helped_overall, r.trend, r.band
    (0.15, 0.15, 0.025, (0.1, 0.2), <Band.STRONG: 'strong'>)
    """

    games: tuple[Rated, ...] = ()  # played alone, oldest first
    helped: tuple[Rated, ...] = ()  # with an undo or hints, oldest first
    left_out: int = 0  # no loss measured, its decisions not recorded, or played on hints

    @property
    def recent(self) -> float | None:
        """The mean loss per decision over the latest RECENT games played alone."""
        return _mean(self.games[-RECENT:])

    @property
    def overall(self) -> float | None:
        """The mean loss per decision over every game played alone."""
        return _mean(self.games)

    @property
    def helped_recent(self) -> float | None:
        return _mean(self.helped[-RECENT:])

    @property
    def helped_overall(self) -> float | None:
        return _mean(self.helped)

    @property
    def band(self) -> Band | None:
        """The recent rating's band (None without games)."""
        recent = self.recent
        return None if recent is None else band(recent)

    @property
    def trend(self) -> tuple[float, ...]:
        """Each game's loss per decision, games played alone, oldest first (the chart draws the latest)."""
        return tuple(g.per_decision for g in self.games)


def rated(record: GameRecord, seat: int) -> Rated | None:
    """A seat's game as the rating sees it; None where it is left out (see the module's docstring).

    >>> from game.records.record import demo_record
    >>> rated(demo_record(), 0) is None  # its record does not say how many decisions
    True
    """
    if record.real_dice:  # real dice (game.core.entered): not played on the game's dice, never rated
        return None
    if not record.seats[seat].person or not record.decisions or not record.hinted:
        return None
    lost, decisions, hinted = record.lost[seat], record.decisions[seat], record.hinted[seat]
    if lost is None or not decisions or (hinted and lost < ON_HINTS):
        return None
    return Rated(record.ended, lost, decisions, hinted or record.undos[seat] > 0)


def rating(history: History, key: str, name: str) -> Rating:
    """The rating of the person called ``name`` under rule set ``key`` (game.records.stats.ruleset_key)."""
    alone: list[Rated] = []
    helped: list[Rated] = []
    left_out = 0
    for record, seat in history.people.get(key, {}).get(name, ()):
        game = rated(record, seat)
        if game is None:
            left_out += 1
        else:
            (helped if game.helped else alone).append(game)
    return Rating(tuple(alone), tuple(helped), left_out)


MIN_RATED = 3
"""Games played alone a person's rating needs before it can be a new best (after one, any second game would be)."""


def new_best_ratings(history: History, record: GameRecord) -> tuple[tuple[str, float], ...]:
    """The people of a finished game (``record``, not yet added to ``history``) whose recent rating, with it, is the
    best (lowest) it has stood after any of their games under these rules: :data:`MIN_RATED` played alone at least,
    this one too (a game with an undo or hints is rated apart: it sets no best). Each with the rating.

    >>> from game.records.history import History
    >>> from game.records.record import demo_record
    >>> new_best_ratings(History(), demo_record())  # decisions not recorded: not rated
    ()
    """
    from game.records.stats import ruleset_key  # the key's home: stats, which never imports this module

    key, after = ruleset_key(record.rules), history.add(record)
    out = []
    for seat, sitter in enumerate(record.seats):
        game = rated(record, seat)
        if game is None or game.helped:
            continue
        games = rating(after, key, sitter.name).games
        stood = [_mean(games[max(0, end - RECENT) : end]) for end in range(1, len(games) + 1)]
        now, before = stood[-1], [value for value in stood[:-1] if value is not None]
        if len(games) >= MIN_RATED and now is not None and before and now < min(before):
            out.append((sitter.name, now))
    return tuple(out)
