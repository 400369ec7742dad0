"""Statistics of the history, per rule set and per player's name, against the optimal player.

People on one device are told apart by name; computers are left out of every statistic here.
A rule set is named by its key, :func:`ruleset_key` (its ``to_dict()`` data as JSON with sorted
keys), the same key ``static/tables/optimal.json`` uses for the optimal player's numbers
(:class:`Reference`).

>>> from game.records.history import History
>>> from game.records.record import demo_record
>>> h = History().add(demo_record())
>>> [(key, title) for key, title in rule_sets(h)]
[('{"name":"yacht","options":{}}', 'Yacht')]
>>> s = summary(h, ruleset_key(variants.ruleset("yacht")), "Ann")
>>> s.games, s.mean, s.yahtzee_rate
(1, 60.0, 1.0)
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from game.core import variants
from game.core.cards import SeatKind
from game.core.i18n import ENGLISH, Text
from game.core.inputs import MAX_SETTINGS_BYTES, read_json
from game.core.refusals import GameError
from game.core.rules import RuleSet
from game.core.variants import OptionKind
from game.records.charts import BIN_WIDTH
from game.records.charts import LAST as TREND_GAMES

if TYPE_CHECKING:
    from game.records.history import History
    from game.records.record import GameRecord

__all__ = [
    "BIN_WIDTH",
    "TREND_GAMES",
    "Bin",
    "BoxAverage",
    "PlayerStats",
    "HeadToHead",
    "Reference",
    "ruleset_key",
    "best_total",
    "ruleset_label",
    "rule_sets",
    "players",
    "summary",
    "luck_of",
    "head_to_head",
    "reference_from_dict",
    "references_from_dict",
]

_REFERENCE_KEYS = (
    "games",
    "expected",
    "mean",
    "sd",
    "bin_width",
    "histogram",
    "boxes",
    "upper_bonus_rate",
    "yahtzee_rate",
)

Bin = tuple[int, int, int]
"""A histogram bar as game.records.charts draws it: (low, high, count), totals from low to high inclusive,
BIN_WIDTH wide (game.records.charts.BIN_WIDTH, the optimal player's reference's too)."""


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class BoxAverage:
    """A box's average points for a player; ``reference`` the optimal player's, ``shortfall`` how far below.

    >>> BoxAverage("sixes", "Sixes", 18.5, 19.2, 0.7).shortfall
    0.7
    """

    id: str
    name: str
    mean: float
    reference: float | None = None
    shortfall: float | None = None


@dataclass(frozen=True)
class PlayerStats:
    """One person's games of one rule set, summed up (the numbers are None when there are no games).

    ``sd`` is the population standard deviation of the totals (of these games, not an estimate);
    ``best_ended`` is when the best total was first reached; ``histogram`` bars are BIN_WIDTH
    wide; ``boxes`` are ordered biggest shortfall against the reference first (scorecard order
    without one); rates are None where the rule set has no upper bonus or Yahtzee box;
    ``lost_trend`` is the points lost in each of the latest TREND_GAMES games, oldest first,
    games without a value left out; ``luck`` what the dice gave in each game whose points lost are known, oldest
    first (with the optimal player's ``reference``; see :func:`luck_of`).

    >>> PlayerStats("k", "Yacht", "Ann", 0).mean is None
    True
    """

    key: str
    title: str
    name: str
    games: int
    mean: float | None = None
    median: float | None = None
    sd: float | None = None
    best: int | None = None
    best_ended: str | None = None
    histogram: tuple[Bin, ...] = ()
    boxes: tuple[BoxAverage, ...] = ()
    upper_bonus_rate: float | None = None
    yahtzee_rate: float | None = None
    lost_trend: tuple[float, ...] = ()
    luck: tuple[float, ...] = ()


@dataclass(frozen=True)
class HeadToHead:
    """Two people's games against each other in one rule set: ``a`` sorts before ``b``.

    >>> HeadToHead("Ann", "Bob", 3, 1, 1).games
    5
    """

    a: str
    b: str
    wins_a: int
    wins_b: int
    ties: int

    @property
    def games(self) -> int:
        """Games the two played together."""
        return self.wins_a + self.wins_b + self.ties


@dataclass(frozen=True)
class Reference:
    """The optimal player's numbers for a rule set, from the build's simulation of ``games`` games.

    >>> reference_from_dict(_demo_reference()).histogram
    ((150, 159, 2), (160, 169, 0), (170, 179, 2))
    """

    games: int
    expected: float  # the exact mean (the advisor's expected score), the one shown: the end screen's too
    mean: float  # the simulation's, which lies within three standard errors of it
    sd: float
    histogram: tuple[Bin, ...]
    boxes: Mapping[str, float]
    upper_bonus_rate: float | None
    yahtzee_rate: float | None

    @property
    def counts(self) -> tuple[tuple[int, int], ...]:
        """The histogram as (low, count) bars: the reference game.records.charts.histogram draws.

        >>> reference_from_dict(_demo_reference()).counts
        ((150, 2), (160, 0), (170, 2))
        """
        return tuple((low, count) for low, _, count in self.histogram)


def _demo_reference() -> dict[str, Any]:
    """A Yacht reference's data for the examples."""
    return {
        "games": 4,
        "expected": 164.8,
        "mean": 165.0,
        "sd": 10.0,
        "bin_width": BIN_WIDTH,
        "histogram": [[150, 2], [170, 2]],
        "boxes": {"yacht": 20.0},
        "upper_bonus_rate": None,
        "yahtzee_rate": 0.4,
    }


# --------------------------------------------------------------------------- rule sets and players


PERSON = SeatKind.HUMAN.value
"""A seat record's kind for a person (statistics are about people)."""


def ruleset_key(ruleset: RuleSet | Mapping[str, Any]) -> str:
    """A rule set's key: its ``to_dict()`` data (or that data itself) as compact JSON with sorted keys.

    >>> ruleset_key(variants.ruleset("yahtzee", joker="free"))
    '{"name":"yahtzee","options":{"joker":"free","upper_bonus":true,"yahtzee_bonus":true}}'
    """
    data = ruleset.to_dict() if isinstance(ruleset, RuleSet) else ruleset
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def ruleset_label(ruleset: RuleSet, *, t: Text = ENGLISH) -> str:
    """The rule set's title and, in words, each switch or choice not at its default (in the language of ``t``).

    >>> ruleset_label(variants.ruleset("yahtzee", joker="free", upper_bonus=False))
    'Yahtzee (Upper bonus off, Free joker)'
    >>> ruleset_label(variants.ruleset("generalized", dice=4))
    'Custom 4 dice × 6 sides'
    """
    words = []
    for spec in variants.VARIANTS[ruleset.name].options:
        value = ruleset.options[spec.name]
        if value == spec.default or spec.kind is OptionKind.NUMBER:  # numbers shape the dice: in the title
            continue
        if spec.kind is OptionKind.CHOICE:
            words.append(spec.choice_display(value, t))
        elif value:
            # Translators: a rule switched on, in a list of a rule set's options ("Upper bonus on").
            words.append(t._("{option} on", option=spec.display(t)))
        else:
            # Translators: a rule switched off, in a list of a rule set's options ("Upper bonus off").
            words.append(t._("{option} off", option=spec.display(t)))
    if not words:
        return ruleset.display(t)
    # Translators: a rule set's title and its options not at their defaults: "Yahtzee (Upper bonus off, Free joker)".
    return t._("{title} ({options})", title=ruleset.display(t), options=", ".join(words))


def rule_sets(history: History, *, t: Text = ENGLISH) -> tuple[tuple[str, str], ...]:
    """(key, label) of each rule set played, in the registry's order, then by key; labels in the language of ``t``.

    >>> from game.records.history import History
    >>> rule_sets(History())
    ()
    """
    found = {key: records[0].rules for key, records in history.by_rules.items()}
    order = list(variants.VARIANTS)
    ranked = sorted(found, key=lambda key: (order.index(found[key]["name"]), key))
    return tuple((key, ruleset_label(variants.from_dict(found[key]), t=t)) for key in ranked)


def players(history: History, key: str) -> tuple[str, ...]:
    """Names of the people (not computers) who played the rule set ``key``, alphabetically.

    >>> from game.records.history import History
    >>> from game.records.record import demo_record
    >>> players(History().add(demo_record()), '{"name":"yacht","options":{}}')
    ('Ann', 'Bob')
    """
    names = history.people.get(key, {})
    return tuple(sorted(names, key=lambda name: (name.casefold(), name)))


def best_total(history: History, key: str, name: str) -> int | None:
    """The highest total the person called ``name`` reached under rule set ``key`` (None: no game yet).

    >>> from game.records.history import History
    >>> from game.records.record import demo_record
    >>> best_total(History().add(demo_record()), '{"name":"yacht","options":{}}', "Ann"), best_total(History(), "{}", "Ann")
    (60, None)
    """
    return max((record.totals[seat] for record, seat in history.people.get(key, {}).get(name, ())), default=None)


def new_bests(history: History, record: GameRecord) -> tuple[tuple[str, int], ...]:
    """The people of a finished game (a history.GameRecord not yet added) who beat their best total under its rules.

    A first game under a rule set sets no record to beat, so it is no best.

    >>> from dataclasses import replace
    >>> from game.records.history import History
    >>> from game.records.record import demo_record
    >>> old = demo_record()
    >>> new_bests(History().add(old), replace(old, id="g2", totals=(61, 59))), new_bests(History(), old)
    ((('Ann', 61),), ())
    """
    key = ruleset_key(record.rules)
    out = []
    for seat, sitter in enumerate(record.seats):
        best = best_total(history, key, sitter.name) if sitter.kind == PERSON else None
        if best is not None and record.totals[seat] > best:
            out.append((sitter.name, record.totals[seat]))
    return tuple(out)


# --------------------------------------------------------------------------- a player's numbers


def _bins(counts: Counter[int], low: int, high: int) -> tuple[Bin, ...]:
    """Bars from bin ``low`` to bin ``high`` (bin numbers: total // BIN_WIDTH), empty ones included."""
    return tuple((b * BIN_WIDTH, (b + 1) * BIN_WIDTH - 1, counts.get(b, 0)) for b in range(low, high + 1))


def _median(values: list[int]) -> float:
    """The middle value (the mean of the two middle ones for an even count)."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return float(ordered[middle]) if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _boxes(ruleset: RuleSet, cards: list[dict[str, int]], reference: Reference | None) -> tuple[BoxAverage, ...]:
    """Each box's average over ``cards``, the biggest shortfall against the reference first."""
    boxes = []
    for category in ruleset.categories:
        mean = sum(map(itemgetter(category.id), cards)) / len(cards)
        best = None if reference is None else reference.boxes.get(category.id)
        boxes.append(BoxAverage(category.id, category.name, mean, best, None if best is None else best - mean))
    return tuple(sorted(boxes, key=lambda box: -math.inf if box.shortfall is None else box.shortfall, reverse=True))


def summary(history: History, key: str, name: str, reference: Reference | None = None) -> PlayerStats:
    """The games the person called ``name`` played under rule set ``key``, summed up.

    With the optimal player's ``reference`` the boxes are ordered by shortfall against it. It runs each
    time the Statistics screen opens (docs/records.md says how long
    10,000 games take).

    >>> from game.records.history import History
    >>> from game.records.record import demo_record
    >>> s = summary(History().add(demo_record()), '{"name":"yacht","options":{}}', "Bob")
    >>> s.best, s.best_ended, s.histogram, s.boxes[0].id, s.upper_bonus_rate
    (60, '2026-11-23T06:40:00Z', ((60, 69, 1),), 'ones', None)
    """
    ruleset = variants.from_dict(read_json(key, "rule set's key", limit=MAX_SETTINGS_BYTES))
    title = ruleset_label(ruleset)
    totals: list[int] = []
    cards: list[dict[str, int]] = []
    lost: list[float | None] = []
    best_ended = None
    max_total = bonuses = 0
    for record, seat in history.people.get(key, {}).get(name, ()):
        total = record.totals[seat]
        if not totals or total > max_total:
            max_total, best_ended = total, record.ended
        totals.append(total)
        cards.append(record.scores[seat])
        lost.append(record.lost[seat])
        bonuses += record.upper_bonus[seat] > 0
    count = len(totals)
    if not count:
        return PlayerStats(key, title, name, 0)
    mean = sum(totals) / count
    counts = Counter(total // BIN_WIDTH for total in totals)
    yahtzee = ruleset.yahtzee_id
    return PlayerStats(
        key=key,
        title=title,
        name=name,
        games=count,
        mean=mean,
        median=_median(totals),
        sd=math.sqrt(sum((total - mean) ** 2 for total in totals) / count),
        best=max_total,
        best_ended=best_ended,
        histogram=_bins(counts, min(counts), max(counts)),
        boxes=_boxes(ruleset, cards, reference),
        upper_bonus_rate=bonuses / count if ruleset.upper_bonus_amount else None,
        yahtzee_rate=None if yahtzee is None else sum(card[yahtzee] > 0 for card in cards) / count,
        lost_trend=tuple(value for value in lost[-TREND_GAMES:] if value is not None),
        luck=()
        if reference is None
        else tuple(luck_of(n, reference.expected, x) for n, x in zip(totals, lost) if x is not None),
    )


def luck_of(total: int, expected: float, lost: float) -> float:
    """What the dice gave a finished game: its total less the optimal player's mean, plus the points its choices lost.

    The split of game.coach.luck, read back from a record: total = expected + luck − lost holds exactly for every
    game, so the luck follows from what the record keeps (to the hundredth its points lost are kept to).

    >>> luck_of(268, 254.5877, 17.25)
    30.6623
    """
    return round(total - expected + lost, 4)


def head_to_head(history: History, key: str, name: str | None = None) -> tuple[HeadToHead, ...]:
    """Wins, losses and ties of each pair of people who sat in the same games (computers left out).

    Pairs are ordered by name; a game counts once for each pair of people in it (by total). With
    ``name``, only that person's pairs (worked out from their games alone: the screen's case).

    >>> from game.records.history import History
    >>> from game.records.record import demo_record
    >>> head_to_head(History().add(demo_record()), '{"name":"yacht","options":{}}')
    (HeadToHead(a='Ann', b='Bob', wins_a=0, wins_b=0, ties=1),)
    """
    people = history.people.get(key, {})
    tally: dict[tuple[str, str], list[int]] = {}
    for own in people if name is None else [name]:
        for record, seat in people.get(own, ()):
            mine = record.totals[seat]
            for other, sitter in enumerate(record.seats):
                if sitter.kind != PERSON or sitter.name == own or (name is None and sitter.name < own):
                    continue  # each pair once: from its first name's games (or from the chosen name's)
                theirs = record.totals[other]
                a, b, total_a, total_b = (
                    (own, sitter.name, mine, theirs) if own < sitter.name else (sitter.name, own, theirs, mine)
                )
                counts = tally.get((a, b))
                if counts is None:
                    counts = tally[a, b] = [0, 0, 0]
                counts[0 if total_a > total_b else 1 if total_b > total_a else 2] += 1
    return tuple(HeadToHead(a, b, *tally[a, b]) for a, b in sorted(tally))


# --------------------------------------------------------------------------- the optimal player


def _number(value: Any, what: str, low: float = 0.0, high: float = math.inf) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ValueError(f"the reference's {what} must be a number from {low:g} to {high:g}, not {value!r}")
    return float(value)


def _rate(value: Any, what: str) -> float | None:
    return None if value is None else _number(value, what, 0.0, 1.0)


def reference_from_dict(data: Any) -> Reference:
    """The optimal player's numbers for one rule set, as ``static/tables/optimal.json`` holds them.

    ``{"games": N, "expected" (the advisor's exact mean), "mean", "sd", "bin_width": BIN_WIDTH, "histogram": [[low, count], ...],
    "boxes": {id: mean}, "upper_bonus_rate", "yahtzee_rate"}`` (a rate is null where the rule
    set has none); anything malformed raises ValueError naming it.

    >>> reference_from_dict({**_demo_reference(), "bin_width": 5})
    Traceback (most recent call last):
    ...
    ValueError: the reference's bins are 5 points wide; statistics use 10
    """
    if not isinstance(data, Mapping) or any(key not in data for key in _REFERENCE_KEYS):
        raise ValueError(f"a reference must be an object with {', '.join(_REFERENCE_KEYS)}")
    games = data["games"]
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"the reference's games must be a positive count, not {games!r}")
    if data["bin_width"] != BIN_WIDTH:
        raise ValueError(f"the reference's bins are {data['bin_width']!r} points wide; statistics use {BIN_WIDTH}")
    bars = data["histogram"]
    if not isinstance(bars, list) or not all(isinstance(bar, list) and len(bar) == 2 for bar in bars):
        raise ValueError("the reference's histogram must be a list of [low, count] bars")
    counts: dict[int, int] = {}
    for low, count in bars:
        if isinstance(low, bool) or not isinstance(low, int) or low % BIN_WIDTH or low // BIN_WIDTH in counts:
            raise ValueError(f"the reference's histogram has a bar at {low!r}: not a new multiple of {BIN_WIDTH}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"the reference's histogram has {count!r} games at {low}: not a count")
        counts[low // BIN_WIDTH] = count
    if sum(counts.values()) != games:
        raise ValueError(f"the reference's histogram counts {sum(counts.values())} games, not {games}")
    boxes = data["boxes"]
    if not isinstance(boxes, Mapping) or not all(isinstance(box, str) for box in boxes):
        raise ValueError("the reference's boxes must map box ids to average points")
    return Reference(
        games=games,
        expected=_number(data["expected"], "expected score"),
        mean=_number(data["mean"], "mean"),
        sd=_number(data["sd"], "sd"),
        histogram=_bins(Counter(counts), min(counts, default=0), max(counts, default=-1)),
        boxes={box: _number(mean, f"average of {box}") for box, mean in boxes.items()},
        upper_bonus_rate=_rate(data["upper_bonus_rate"], "upper bonus rate"),
        yahtzee_rate=_rate(data["yahtzee_rate"], "Yahtzee rate"),
    )


def references_from_dict(data: Any) -> dict[str, Reference]:
    """Every rule set's reference from the whole ``optimal.json`` (keyed by :func:`ruleset_key`).

    >>> list(references_from_dict({'{"name":"yacht","options":{}}': _demo_reference()}))
    ['{"name":"yacht","options":{}}']
    """
    if not isinstance(data, Mapping):
        raise ValueError("the optimal player's numbers must be an object keyed by rule set")
    found = {}
    for key, entry in data.items():
        try:
            canonical = ruleset_key(variants.from_dict(read_json(key, "rule set's key", limit=MAX_SETTINGS_BYTES)))
        except (TypeError, ValueError, GameError) as exc:
            raise ValueError(f"{key!r} is not a rule set's key: {exc}") from None
        if canonical != key:
            raise ValueError(f"{key!r} is not a rule set's key; that rule set's is {canonical!r}")
        try:
            found[key] = reference_from_dict(entry)
        except ValueError as exc:
            raise ValueError(f"{key}: {exc}") from None
    return found
