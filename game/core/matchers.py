"""The rule vocabulary every box is built from: matchers (what the dice must show) and payouts.

Pure and standard-library only. A roll is read once into a :class:`Hand`, its face counts. A
matcher takes the hand and its own arguments and returns the sum of the matched dice, or None
when the roll does not match; a payout turns the hand, that sum and the rule's fixed points into
the points written. A :class:`Rule` is one matcher with its arguments and one payout: the data a
box scores by, and the data the Rules panel words (it keys its sentences by these very functions,
:data:`MATCHERS` and :data:`PAYOUTS`, never by a box's id or name).

>>> full_house = groups_rule((3, 2), pay_fixed, 25)
>>> full_house.pays(hand_of((2, 2, 5, 5, 5))), full_house.pays(hand_of((5, 5, 5, 5, 5)))
(25, 0)
>>> full_house.pays_as_joker(hand_of((5, 5, 5, 5, 5)))
25
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

__all__ = [
    "CHANCE",
    "MATCHERS",
    "PAYOUTS",
    "Hand",
    "Matcher",
    "Payout",
    "Rule",
    "face_rule",
    "face_set_rule",
    "groups_rule",
    "hand_of",
    "joker_score_sorted",
    "match_face",
    "match_face_set",
    "match_groups",
    "match_run",
    "pay_fixed",
    "pay_matched",
    "pay_total",
    "read_hand",
    "run_rule",
    "score_sorted",
]


class Hand(NamedTuple):
    """A roll seen through its face counts (built once per sorted roll).

    >>> hand_of((2, 5, 5))
    Hand(faces=(2, 5, 5), counts=((2, 1), (5, 2)), distinct=frozenset({2, 5}), total=12)
    """

    faces: tuple[int, ...]  # sorted
    counts: tuple[tuple[int, int], ...]  # (face, count), faces ascending
    distinct: frozenset[int]
    total: int


def read_hand(faces: tuple[int, ...]) -> Hand:
    """A sorted roll's face counts, not cached: enumerating every roll would flush the game's cache.

    >>> read_hand((1, 1, 3)).counts
    ((1, 2), (3, 1))
    """
    counts = Counter(faces)
    return Hand(faces, tuple(sorted(counts.items())), frozenset(counts), sum(faces))


@lru_cache(maxsize=1 << 15)
def hand_of(faces: tuple[int, ...]) -> Hand:
    """A sorted roll's face counts, cached: the rolls a game meets come back again and again.

    >>> hand_of((3, 4)).total
    7
    """
    return read_hand(faces)


Matcher = Callable[..., int | None]
"""(hand, *args) -> the sum of the matched dice, or None when the roll does not match."""

Payout = Callable[[Hand, int, int], int]
"""(hand, matched sum, fixed points) -> the points written."""


def match_face(hand: Hand, face: int) -> int | None:
    """Every die showing `face` (an upper box always matches, possibly with no dice).

    >>> match_face(hand_of((1, 4, 4)), 4), match_face(hand_of((1, 4, 4)), 6)
    (8, 0)
    """
    return face * sum(c for f, c in hand.counts if f == face)


def match_groups(hand: Hand, sizes: tuple[int, ...], distinct: bool) -> int | None:
    """Best sum of disjoint groups of single-face dice of the given sizes (faces differ if distinct).

    >>> match_groups(hand_of((2, 2, 5, 5, 5)), (3, 2), True), match_groups(hand_of((5,) * 5), (3, 2), True)
    (19, None)
    """
    best: int | None = None
    counts = dict(hand.counts)

    def place(i: int, used: frozenset[int], acc: int) -> None:
        nonlocal best
        if i == len(sizes):
            best = acc if best is None or acc > best else best
            return
        for face, count in counts.items():
            if count >= sizes[i] and not (distinct and face in used):
                counts[face] = count - sizes[i]
                place(i + 1, used | {face}, acc + face * sizes[i])
                counts[face] = count

    place(0, frozenset(), 0)
    return best


def match_run(hand: Hand, length: int) -> int | None:
    """Sum of the longest run of consecutive faces (duplicates removed) if it is at least `length` long.

    >>> match_run(hand_of((1, 2, 3, 3, 4)), 4), match_run(hand_of((1, 2, 3, 3, 5)), 4)
    (10, None)
    """
    best_len = best_sum = cur_len = cur_sum = 0
    prev = None
    for face, _ in hand.counts:
        cur_len, cur_sum = (cur_len + 1, cur_sum + face) if prev == face - 1 else (1, face)
        if cur_len >= best_len:
            best_len, best_sum = cur_len, cur_sum
        prev = face
    return best_sum if best_len >= length else None


def match_face_set(hand: Hand, faces: frozenset[int]) -> int | None:
    """Sum of `faces` if every one of them shows on some die.

    >>> match_face_set(hand_of((1, 2, 3, 4, 5)), frozenset(range(1, 6)))
    15
    """
    return sum(faces) if faces <= hand.distinct else None


MATCHERS: tuple[Matcher, ...] = (match_face, match_groups, match_run, match_face_set)
"""Every matcher a rule may use: the vocabulary the Rules panel has words for."""


def pay_fixed(hand: Hand, matched: int, points: int) -> int:
    """The rule's fixed points."""
    return points


def pay_total(hand: Hand, matched: int, points: int) -> int:
    """The total of all dice."""
    return hand.total


def pay_matched(hand: Hand, matched: int, points: int) -> int:
    """The total of the matched dice."""
    return matched


PAYOUTS: tuple[Payout, ...] = (pay_fixed, pay_total, pay_matched)
"""Every payout a rule may use: the vocabulary the Rules panel has words for."""


@dataclass(frozen=True)
class Rule:
    """A category's scoring data: a matcher with its arguments and a payout (with its fixed points).

    >>> run_rule(4, 30).matched(hand_of((1, 2, 3, 4, 4))), run_rule(4, 30).pays(hand_of((1, 2, 3, 4, 4)))
    (10, 30)
    """

    match: Matcher
    args: tuple[Any, ...]
    pay: Payout
    points: int = 0

    def matched(self, hand: Hand) -> int | None:
        """The sum of the dice the roll matches with, or None when it does not match."""
        return self.match(hand, *self.args)

    def pays(self, hand: Hand) -> int:
        """Points of a roll in a category, out of context (not cached)."""
        matched = self.matched(hand)
        return 0 if matched is None else self.pay(hand, matched, self.points)

    def pays_as_joker(self, hand: Hand) -> int:
        """Points of a roll played as a joker, the pattern counted as matched (not cached)."""
        matched = self.matched(hand)
        return self.pay(hand, hand.total if matched is None else matched, self.points)


@lru_cache(maxsize=1 << 16)
def score_sorted(rule: Rule, faces: tuple[int, ...]) -> int:
    """Points of a sorted roll in a category, out of context (cached).

    >>> score_sorted(CHANCE, (1, 2, 6))
    9
    """
    return rule.pays(hand_of(faces))


@lru_cache(maxsize=1 << 12)
def joker_score_sorted(rule: Rule, faces: tuple[int, ...]) -> int:
    """Points of a sorted roll played as a joker: the pattern counts as matched (cached).

    >>> joker_score_sorted(run_rule(5, 40), (3, 3, 3, 3, 3))
    40
    """
    return rule.pays_as_joker(hand_of(faces))


# The rules the standard rule sets are built from.


def face_rule(face: int) -> Rule:
    """An upper box: the total of the dice showing `face`."""
    return Rule(match_face, (face,), pay_matched)


def groups_rule(sizes: tuple[int, ...], pay: Payout, points: int = 0, *, distinct: bool = True) -> Rule:
    """Disjoint groups of alike dice of the given sizes (of different faces when distinct).

    >>> groups_rule((2, 3), pay_total).args
    ((3, 2), True)
    """
    return Rule(match_groups, (tuple(sorted(sizes, reverse=True)), distinct), pay, points)


def run_rule(length: int, points: int) -> Rule:
    """A run of `length` consecutive faces, duplicates ignored, for fixed points."""
    return Rule(match_run, (length,), pay_fixed, points)


def face_set_rule(faces: range, points: int) -> Rule:
    """These very faces, each on some die, for fixed points."""
    return Rule(match_face_set, (frozenset(faces),), pay_fixed, points)


CHANCE = groups_rule((), pay_total)
"""No group required: every roll matches and scores the total of its dice."""
