"""The trainer's memory on this phone: each person's puzzles on a Leitner schedule, their progress, their own mistakes.

The schedule is a Leitner box system counted in puzzles asked, not in days (the game reads no clock):

* a puzzle never asked is new (as if in box 1); answered right it moves up one box (to :data:`BOXES` at
  most), answered wrong it goes back to box 1;
* a puzzle in box ``b`` comes back after :data:`WAITS` ``[b - 1]`` further puzzles: a missed one after
  2, one answered right in a row after 4, 8, 16 and 32;
* the next puzzle (:func:`pick`) is the due one in the lowest box (the longest due first), else a new
  one (the person's own costliest mistakes first, then the built-in set in order), else the one due soonest.

Stored as JSON under the trainer's key (game.app.keys.TRAINER_KEY); :func:`Trainer.from_json` refuses
anything that is not one (ValueError), and the app keeps such text aside before starting afresh.

>>> t = Trainer().answered("Ann", "p1", right=False)
>>> t.progress("Ann").boxes, t.progress("Ann").missed
((('p1', 1, 3),), 1)
>>> pick(t.progress("Ann"), ("p1", "p2"))
'p2'
>>> Trainer.from_json(t.to_json()) == t
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.coach.drills import Position, Theme
from game.core.inputs import read_json
from game.core.refusals import GameError

__all__ = ["BOXES", "MAX_OWN", "TRAINER_FORMAT", "WAITS", "Progress", "Trainer", "pick"]

TRAINER_FORMAT = "yacht-dice/trainer"
BOXES = 5
WAITS = (2, 4, 8, 16, 32)
"""Puzzles asked before one in each box (1 to BOXES) comes back."""
MAX_OWN = 30
"""A person's own mistakes kept (the costliest)."""
MAX_PEOPLE = 50
MAX_TRACKED = 500  # puzzles each person's schedule keeps (the least recently asked go first)


@dataclass(frozen=True)
class Progress:
    """One person's trainer: the puzzles asked ((id, box, due: the count of puzzles asked at which it is due)),
    how many puzzles were asked, answered right and wrong, and the current and best runs of right answers."""

    boxes: tuple[tuple[str, int, int], ...] = ()
    asked: int = 0
    solved: int = 0
    missed: int = 0
    streak: int = 0
    best_streak: int = 0

    def box_counts(self) -> tuple[int, ...]:
        """How many puzzles are in each box, 1 to BOXES.

        >>> Progress((("a", 1, 2), ("b", 3, 9), ("c", 3, 9))).box_counts()
        (1, 0, 2, 0, 0)
        """
        return tuple(sum(1 for _, box, _ in self.boxes if box == number) for number in range(1, BOXES + 1))


def pick(progress: Progress, candidates: Sequence[str]) -> str | None:
    """The next puzzle of ``candidates`` (ids, the order new ones come in): the schedule above; None without any.

    >>> p = Progress((("a", 1, 5), ("b", 2, 3)), asked=5)
    >>> pick(p, ("b", "a", "c")), pick(replace(p, asked=4), ("b", "a", "c")), pick(p, ())
    ('a', 'b', None)
    """
    if not candidates:
        return None
    known = {ident: (box, due) for ident, box, due in progress.boxes}
    due = [ident for ident in candidates if ident in known and known[ident][1] <= progress.asked]
    if due:
        return min(due, key=lambda ident: (known[ident][0], known[ident][1]))
    new = [ident for ident in candidates if ident not in known]
    if new:
        return new[0]
    return min(candidates, key=lambda ident: (known[ident][1], known[ident][0]))


def _position_data(p: Position) -> list:
    return [p.rules, [list(pair) for pair in p.scores], list(p.dice), p.rolls_left, p.yahtzee_bonus, p.chosen, p.lost]


def _position(item: Any) -> Position:
    rules, scores, dice, left, bonus, chosen, lost = item
    if not (isinstance(rules, str) and isinstance(chosen, str) and isinstance(lost, (int, float))):
        raise ValueError("a mistake's rules, choice and loss must be text, text and a number")
    pairs = tuple((str(box), int(points)) for box, points in scores)
    return Position(rules, pairs, tuple(int(d) for d in dice), int(left), int(bonus), Theme.OWN, chosen, float(lost))


@dataclass(frozen=True)
class Trainer:
    """Every person's trainer on this phone, and each person's own costly decisions, costliest first."""

    people: tuple[tuple[str, Progress], ...] = ()
    own: tuple[tuple[str, tuple[Position, ...]], ...] = field(default=())

    def progress(self, person: str) -> Progress:
        return dict(self.people).get(person, Progress())

    def mistakes(self, person: str) -> tuple[Position, ...]:
        return dict(self.own).get(person, ())

    def answered(self, person: str, ident: str, right: bool) -> Trainer:
        """The trainer once ``person`` answered puzzle ``ident``, right or wrong (the Leitner step above)."""
        p = self.progress(person)
        box = next((b for i, b, _ in p.boxes if i == ident), 0)
        box = min(max(box, 1) + 1, BOXES) if right else 1
        asked = p.asked + 1
        kept = tuple(entry for entry in p.boxes if entry[0] != ident)[-(MAX_TRACKED - 1) :]
        streak = p.streak + 1 if right else 0
        p = Progress(
            (*kept, (ident, box, asked + WAITS[box - 1])),
            asked,
            p.solved + right,
            p.missed + (not right),
            streak,
            max(p.best_streak, streak),
        )
        people = tuple((name, prog) for name, prog in self.people if name != person) + ((person, p),)
        return replace(self, people=people[-MAX_PEOPLE:])

    def with_mistakes(self, person: str, found: Sequence[Position]) -> Trainer:
        """The trainer with a finished game's costly decisions of ``person`` added (each position once)."""
        if not found:
            return self
        mine = {p.ident: p for p in (*self.mistakes(person), *found)}
        ranked = tuple(sorted(mine.values(), key=lambda p: -p.lost)[:MAX_OWN])
        own = tuple((name, kept) for name, kept in self.own if name != person) + ((person, ranked),)
        return replace(self, own=own[-MAX_PEOPLE:])

    def merged(self, other: Trainer) -> Trainer:
        """This trainer with the people of ``other`` (a backup's) it lacks: a person's own progress here is kept.

        >>> ann, bob = Trainer().answered("Ann", "k1", True), Trainer().answered("Bob", "k1", False)
        >>> [name for name, _ in ann.merged(bob).people], ann.merged(ann.answered("Ann", "k2", True)) == ann
        (['Bob', 'Ann'], True)
        """
        people = tuple(entry for entry in other.people if entry[0] not in dict(self.people)) + self.people
        own = tuple(entry for entry in other.own if entry[0] not in dict(self.own)) + self.own
        return replace(self, people=people[-MAX_PEOPLE:], own=own[-MAX_PEOPLE:])  # the newest last, as above

    def to_json(self) -> str:
        data = {
            "format": TRAINER_FORMAT,
            "version": 1,
            "people": {
                name: [[list(entry) for entry in p.boxes], p.asked, p.solved, p.missed, p.streak, p.best_streak]
                for name, p in self.people
            },
            "own": {name: [_position_data(p) for p in kept] for name, kept in self.own},
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Trainer:
        """The trainer stored as ``text``; ValueError when it is not one (the caller keeps it aside).

        >>> Trainer.from_json('{"format": "yacht-dice/trainer", "version": 2}')
        Traceback (most recent call last):
        ...
        ValueError: not the trainer's data: not the trainer's format
        """
        try:
            data = read_json(text, "trainer's data")
            if not isinstance(data, dict) or data.get("format") != TRAINER_FORMAT or data.get("version") != 1:
                raise ValueError("not the trainer's format")
            people = []
            for name, (boxes, *counts) in data["people"].items():
                entries = tuple((str(i), int(b), int(d)) for i, b, d in boxes)
                if len(counts) != 5 or not all(1 <= b <= BOXES for _, b, _ in entries):
                    raise ValueError("a person's progress is not five counts and boxes 1 to 5")
                people.append((str(name), Progress(entries, *(int(c) for c in counts))))
            own = tuple((str(name), tuple(_position(item) for item in kept)) for name, kept in data["own"].items())
            return cls(tuple(people), own)
        except (GameError, ValueError, TypeError, KeyError, AttributeError, RecursionError) as problem:
            raise ValueError(f"not the trainer's data: {problem}") from None
