"""Every finished game on the device: the history (merging, ordering, grouping) and its compact saved form.

A :class:`History` holds game records (game.records.record) sorted by when they ended, each
once: a record's id is a hash of how the game was played, so importing the same game again
never doubles it. Reading a saved history checks every game (game.records.loading).

>>> from game.core.engine import new_match
>>> from game.records.record import record_game
>>> m = new_match("yacht", ["Ann"], seed=1)
>>> while not m.game_over:
...     m = m.roll().score(m.open_categories()[0])
>>> record = record_game(m, 0, "2026-11-23T06:40:00Z", undos=[0], lost=[12.5])
>>> History().add(record).add(record).games == (record,)
True
>>> History.from_json(History().add(record).to_json()).games == (record,)
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.core.cards import SeatKind
from game.core.inputs import Trouble, refusal
from game.records.loading import check_header, parse_json, read_games
from game.records.record import TYPED_MARK, GameRecord

__all__ = ["HISTORY_FORMAT", "HISTORY_VERSION", "MAX_GAMES_KEPT", "History"]

HISTORY_FORMAT = "yacht-dice/history"
"""The ``format`` tag of a saved history."""
HISTORY_VERSION = 1
MAX_GAMES_KEPT = 50_000
"""The most games a history keeps (the oldest go first) and the most a file may hold."""

_HUMAN = SeatKind.HUMAN.value
_HISTORY_KEYS = ("format", "version", "rules", "games")


def _rank(record: GameRecord) -> tuple[str, str]:
    """Which of two records with one id is kept: a total order, so merging is commutative."""
    return record.ended, repr(record)


def _normalized(games: Iterable[GameRecord]) -> tuple[GameRecord, ...]:
    """Each id once (the same choice whatever the order given), by (ended, id), the newest kept."""
    by_id: dict[str, GameRecord] = {}
    for record in games:
        kept = by_id.setdefault(record.id, record)
        if kept is not record and kept != record and _rank(record) < _rank(kept):
            by_id[record.id] = record
    ordered = sorted(by_id.values(), key=lambda record: (record.ended, record.id))
    return tuple(ordered[-MAX_GAMES_KEPT:])


@dataclass(frozen=True)
class History:
    """Every finished game on the device, oldest first, each id once, at most MAX_GAMES_KEPT.

    A value: every change returns a new history. Saved as compact JSON, loaded in time linear
    in the games (docs/speed.md has the figures).

    >>> from game.records.record import demo_record
    >>> record = demo_record()
    >>> h = History().add(record)
    >>> len(h.games), h.merge(h) == h, h.without(record.id).games
    (1, True, ())
    """

    games: tuple[GameRecord, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "games", _normalized(self.games))

    def __len__(self) -> int:
        return len(self.games)

    @cached_property
    def by_rules(self) -> dict[str, tuple[GameRecord, ...]]:
        """The games grouped by rule set key (game.records.stats.ruleset_key), oldest first; worked out once.

        >>> from game.records.record import demo_record
        >>> list(History().add(demo_record()).by_rules)
        ['{"name":"yacht","options":{}}']
        """
        groups: dict[str, list[GameRecord]] = {}
        keys: dict[int, str] = {}  # games loaded together share one rules dict: key it once
        for record in self.games:
            key = keys.get(id(record.rules))
            if key is None:
                key = keys[id(record.rules)] = json.dumps(record.rules, sort_keys=True, separators=(",", ":"))
            groups.setdefault(key, []).append(record)
        return {key: tuple(records) for key, records in groups.items()}

    @cached_property
    def people(self) -> dict[str, dict[str, tuple[tuple[GameRecord, int], ...]]]:
        """Per rule set key, per person's name: their games as (record, seat), oldest first; worked out once.

        >>> from game.records.record import demo_record
        >>> sorted(History().add(demo_record()).people['{"name":"yacht","options":{}}'])
        ['Ann', 'Bob']
        """
        out: dict[str, dict[str, list[tuple[GameRecord, int]]]] = {}
        for key, records in self.by_rules.items():
            names = out[key] = {}
            for record in records:
                for seat, sitter in enumerate(record.seats):
                    if sitter.kind == _HUMAN:
                        names.setdefault(sitter.name, []).append((record, seat))
        return {key: {name: tuple(games) for name, games in names.items()} for key, names in out.items()}

    def get(self, ident: str) -> GameRecord | None:
        """The game with this id, or None.

        >>> History().get("0" * 16) is None
        True
        """
        return next((record for record in self.games if record.id == ident), None)

    def add(self, record: GameRecord) -> History:
        """This history with ``record`` (a game already here is not doubled).

        >>> from game.records.record import demo_record
        >>> len(History().add(demo_record()).add(demo_record()))
        1
        """
        return History(self.games + (record,))

    def merge(self, other: History) -> History:
        """Both histories' games, each id once; commutative and idempotent.

        >>> from game.records.record import demo_record
        >>> h = History().add(demo_record())
        >>> h.merge(History()) == History().merge(h) == h.merge(h) == h
        True
        """
        return History(self.games + other.games)

    def without(self, ident: str) -> History:
        """This history less the game with id ``ident`` (the same history if there is none).

        >>> from game.records.record import demo_record
        >>> History().add(demo_record()).without("0" * 16) == History()
        True
        """
        return History(tuple(record for record in self.games if record.id != ident))

    def cleared(self) -> History:
        """An empty history.

        >>> from game.records.record import demo_record
        >>> len(History().add(demo_record()).cleared())
        0
        """
        return History()

    # ----------------------------------------------------------------- save

    def to_dict(self) -> dict[str, Any]:
        """Compact plain JSON data, versioned; :meth:`from_dict` restores it exactly.

        ``rules`` lists each rule set once; a game is ``[id, ended, rules index, seed, game,
        seats]`` (and when the match began, where known, then ``true`` for a game of real dice) and a seat ``[name, level or null for a person, [points in scorecard order],
        yahtzee bonus, undos, lost or null]``, then, where known, ``decisions or null, hinted`` (how many
        decisions the loss is over, whether hints were on). Totals and places are derived on loading.

        >>> from game.records.record import demo_record
        >>> History().add(demo_record()).to_dict()["games"][0][5][0]
        ['Ann', None, [5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 50], 0, 0, 1.5]
        """
        table: list[dict[str, Any]] = []
        where: dict[str, int] = {}
        by_object: dict[int, int] = {}  # records loaded together share one rules dict
        games = []
        for record in self.games:
            index = by_object.get(id(record.rules))
            if index is None:
                key = json.dumps(record.rules, sort_keys=True)
                index = where.setdefault(key, len(table))
                if index == len(table):
                    table.append(record.rules)
                by_object[id(record.rules)] = index
            seats = [
                [seat.name, seat.level, list(card.values()), bonus, undos, lost]
                for seat, card, bonus, undos, lost in zip(
                    record.seats, record.scores, record.yahtzee_bonus, record.undos, record.lost
                )
            ]
            if record.decisions and record.hinted:  # written where known: older records lack them
                for row, count, on in zip(seats, record.decisions, record.hinted):
                    row += [count, on]
            began: list[Any] = [record.began] if record.began else []  # written where known: older records lack it
            if record.real_dice or record.typed_seed:  # marked after when it began ("": not known); others have none
                began = [record.began, True if record.real_dice else TYPED_MARK]
            games.append([record.id, record.ended, index, record.seed, record.game, seats, *began])
        return {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "rules": table, "games": games}

    def to_json(self) -> str:
        """:meth:`to_dict` as compact JSON text.

        >>> History().to_json()
        '{"format":"yacht-dice/history","version":1,"rules":[],"games":[]}'
        """
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any) -> History:
        """The history :meth:`to_dict` describes; otherwise SaveError naming what is wrong (see inputs.problem_text).

        >>> History.from_dict({"format": "yacht-dice/history", "version": 1, "rules": [], "games": "x"})
        Traceback (most recent call last):
        ...
        game.core.refusals.SaveError: the history's games must be a list, not 'x'
        """
        check_header(data, HISTORY_FORMAT, HISTORY_VERSION, _HISTORY_KEYS, "history")
        table, games = data["rules"], data["games"]
        if not isinstance(table, list) or not isinstance(games, list):
            bad = "rules" if not isinstance(table, list) else "games"
            raise refusal(f"the history's {bad} must be a list, not {data[bad]!r}"[:200], Trouble.DAMAGED, part=bad)
        if len(games) > MAX_GAMES_KEPT:
            message = f"the history holds {len(games)} games; at most {MAX_GAMES_KEPT} are kept"
            raise refusal(message, Trouble.TOO_MANY_GAMES, count=len(games), limit=MAX_GAMES_KEPT)
        return cls(read_games(table, games))

    @classmethod
    def from_json(cls, text: str | bytes) -> History:
        """The history saved as JSON text; SaveError on anything else (see game.records.loading.parse_json).

        >>> History.from_json('{"format":"yacht-dice/history","version":1,"rules":[],"games":[]}')
        History(games=())
        """
        return cls.from_dict(parse_json(text, "history"))
