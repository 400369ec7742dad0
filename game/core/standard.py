"""The standard rule sets as data: Yacht, Yahtzee, Yatzy, Maxi Yatzy and generalized n dice × d sides.

Pure and standard-library only. Each builder takes a rule set's options and returns its
:class:`Design`, every box built from the vocabulary of :mod:`game.core.matchers`; the registry
(:mod:`game.core.variants`) names the builders, checks the options and makes the RuleSet.

>>> design = build_yahtzee(upper_bonus=True, yahtzee_bonus=False, joker="free")
>>> design["title"], len(design["categories"]), design["yahtzee_bonus_amount"], design["joker"]
('Yahtzee', 13, 0, <Joker.FREE: 'free'>)
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from game.core.i18n import N_
from game.core.matchers import CHANCE, Rule, face_set_rule, groups_rule, pay_fixed, pay_matched, pay_total, run_rule
from game.core.rules import Category, Joker

__all__ = [
    "MAX_DICE",
    "MAX_SIDES",
    "Design",
    "build_generalized",
    "build_maxi",
    "build_yacht",
    "build_yahtzee",
    "build_yatzy",
]


class Design(TypedDict):
    """What a builder returns: every field of a RuleSet but its name and options."""

    title: str
    wording: NotRequired[str]  # the title's msgid when it has {dice} and {sides}
    dice: int
    sides: int
    rolls_per_turn: int
    yahtzee_id: str
    categories: tuple[Category, ...]
    upper_bonus_threshold: int
    upper_bonus_amount: int
    yahtzee_bonus_amount: int
    joker: Joker
    saved_rolls: NotRequired[bool]  # unused rolls carry over to the seat's later turns (False when left out)
    forced_order: NotRequired[bool]  # each turn scores the next open box, in the card's order (False when left out)


_UPPER_WORDS = (
    "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "elevens", "twelves", "thirteens", "fourteens", "fifteens", "sixteens", "seventeens",
    "eighteens", "nineteens", "twenties",
)  # fmt: skip
_UPPER_NAMES = (
    N_("Ones"), N_("Twos"), N_("Threes"), N_("Fours"), N_("Fives"), N_("Sixes"), N_("Sevens"), N_("Eights"),
    N_("Nines"), N_("Tens"), N_("Elevens"), N_("Twelves"), N_("Thirteens"), N_("Fourteens"), N_("Fifteens"),
    N_("Sixteens"), N_("Seventeens"), N_("Eighteens"), N_("Nineteens"), N_("Twenties"),
)  # fmt: skip
MAX_DICE = 10
MAX_SIDES = len(_UPPER_WORDS)


def _upper(dice: int, sides: int, names: dict[int, str] | None = None) -> tuple[Category, ...]:
    """One box per face: the sum of the dice showing it."""
    names = names or {}
    return tuple(
        Category.upper_box(_UPPER_WORDS[f - 1], names.get(f, _UPPER_NAMES[f - 1]), f, dice) for f in range(1, sides + 1)
    )


def _lower(*rows: tuple[str, str | tuple[str, int], int, Rule]) -> tuple[Category, ...]:
    """Lower boxes; a name is a msgid, or (a template with {count}, count) such as ("{count} of a Kind", 4)."""
    return tuple(Category.lower_box(*row) for row in rows)


def build_yacht() -> Design:
    # Seed 000 (Z spec): ENTRY ::= ks<FACE> | full_house | four_of_a_kind | little_straight | big_straight | choice | yacht
    categories = _upper(5, 6, {1: N_("Aces")}) + _lower(
        # three alike and two alike, the same face allowed: a Yacht is a Full House
        ("full_house", N_("Full House"), 30, groups_rule((3, 2), pay_total, distinct=False)),
        ("four_of_a_kind", N_("Four of a Kind"), 24, groups_rule((4,), pay_matched)),
        ("little_straight", N_("Little Straight"), 30, face_set_rule(range(1, 6), 30)),
        ("big_straight", N_("Big Straight"), 30, face_set_rule(range(2, 7), 30)),
        ("choice", N_("Choice"), 30, CHANCE),
        ("yacht", N_("Yacht"), 50, groups_rule((5,), pay_fixed, 50)),
    )
    return Design(
        title=N_("Yacht"),
        dice=5,
        sides=6,
        rolls_per_turn=3,
        yahtzee_id="yacht",
        categories=categories,
        upper_bonus_threshold=0,
        upper_bonus_amount=0,
        yahtzee_bonus_amount=0,
        joker=Joker.NONE,
    )


def build_yahtzee(upper_bonus: bool, yahtzee_bonus: bool, joker: str, forced_order: bool = False) -> Design:
    # Seed 001 (tables), cross-checked with seed 003; bonuses and joker from the official rules.
    categories = _upper(5, 6) + _lower(
        ("three_of_a_kind", N_("Three of a Kind"), 30, groups_rule((3,), pay_total)),
        ("four_of_a_kind", N_("Four of a Kind"), 30, groups_rule((4,), pay_total)),
        # the groups' faces differ: 5 alike is not a Full House
        ("full_house", N_("Full House"), 25, groups_rule((3, 2), pay_fixed, 25)),
        ("small_straight", N_("Small Straight"), 30, run_rule(4, 30)),
        ("large_straight", N_("Large Straight"), 40, run_rule(5, 40)),
        ("yahtzee", N_("Yahtzee"), 50, groups_rule((5,), pay_fixed, 50)),
        ("chance", N_("Chance"), 30, CHANCE),
    )
    return Design(
        title=N_("Yahtzee"),
        dice=5,
        sides=6,
        rolls_per_turn=3,
        yahtzee_id="yahtzee",
        categories=categories,
        upper_bonus_threshold=63 if upper_bonus else 0,
        upper_bonus_amount=35 if upper_bonus else 0,
        yahtzee_bonus_amount=100 if yahtzee_bonus else 0,
        joker=Joker(joker),
        forced_order=forced_order,
    )


def build_yatzy(
    full_house_five: bool = False, two_pairs_four: bool = False, forced_order: bool = False, bonus_at_42: bool = False
) -> Design:
    """Scandinavian Yatzy, with the house rules precisit's solver names +fh5 and +tp4, forced order, and the
    Norwegian sheets' upper bonus at 42 (two of each face) that goes with it.

    >>> build_yatzy()["categories"][7].max_score, build_yatzy(two_pairs_four=True)["categories"][7].max_score
    (22, 24)
    """
    # Seed 002: Scandinavian Yatzy, 15 boxes, 50 bonus at 63, no joker, no Yatzy bonus.
    # The house rules let the groups share a face: four alike are two pairs (+tp4), five alike a full house (+fh5).
    categories = _upper(5, 6) + _lower(
        ("one_pair", N_("One Pair"), 12, groups_rule((2,), pay_matched)),
        (
            "two_pairs",
            N_("Two Pairs"),
            24 if two_pairs_four else 22,
            groups_rule((2, 2), pay_matched, distinct=not two_pairs_four),
        ),
        ("three_of_a_kind", N_("Three of a Kind"), 18, groups_rule((3,), pay_matched)),
        ("four_of_a_kind", N_("Four of a Kind"), 24, groups_rule((4,), pay_matched)),
        ("small_straight", N_("Small Straight"), 15, face_set_rule(range(1, 6), 15)),
        ("large_straight", N_("Large Straight"), 20, face_set_rule(range(2, 7), 20)),
        (
            "full_house",
            N_("Full House"),
            30 if full_house_five else 28,
            groups_rule((3, 2), pay_total, distinct=not full_house_five),
        ),
        ("chance", N_("Chance"), 30, CHANCE),
        ("yatzy", N_("Yatzy"), 50, groups_rule((5,), pay_fixed, 50)),
    )
    return Design(
        title=N_("Yatzy"),
        dice=5,
        sides=6,
        rolls_per_turn=3,
        yahtzee_id="yatzy",
        categories=categories,
        upper_bonus_threshold=42 if bonus_at_42 else 63,
        upper_bonus_amount=50,
        yahtzee_bonus_amount=0,
        joker=Joker.NONE,
        forced_order=forced_order,
    )


_MAXI_BONUSES = {"100": 84, "50": 75}  # the upper bonus's points: the sum that earns it, by the rule sheets


def build_maxi(upper_bonus: str) -> Design:
    """Maxi Yatzy: six dice, twenty boxes, and the rolls a turn leaves unused saved for later turns.

    >>> design = build_maxi(upper_bonus="100")
    >>> len(design["categories"]), design["upper_bonus_threshold"], design["upper_bonus_amount"], design["saved_rolls"]
    (20, 84, 100, True)
    >>> build_maxi(upper_bonus="50")["upper_bonus_threshold"]
    75
    """
    # The rule sheets cited in docs/rules.md: 6 dice, 3 rolls a turn, at least one, unused rolls saved for later turns.
    categories = _upper(6, 6) + _lower(
        ("one_pair", N_("One Pair"), 12, groups_rule((2,), pay_matched)),
        ("two_pairs", N_("Two Pairs"), 22, groups_rule((2, 2), pay_matched)),
        ("three_pairs", N_("Three Pairs"), 30, groups_rule((2, 2, 2), pay_matched)),
        ("three_of_a_kind", N_("Three of a Kind"), 18, groups_rule((3,), pay_matched)),
        ("four_of_a_kind", N_("Four of a Kind"), 24, groups_rule((4,), pay_matched)),
        ("five_of_a_kind", N_("Five of a Kind"), 30, groups_rule((5,), pay_matched)),
        ("small_straight", N_("Small Straight"), 15, face_set_rule(range(1, 6), 15)),
        ("large_straight", N_("Large Straight"), 20, face_set_rule(range(2, 7), 20)),
        ("full_straight", N_("Full Straight"), 21, face_set_rule(range(1, 7), 21)),
        # the sheets' "sum of those five": the group of 3 and the pair, of different faces; a sixth die is left out
        ("full_house", N_("Full House"), 28, groups_rule((3, 2), pay_matched)),
        ("villa", N_("Villa"), 33, groups_rule((3, 3), pay_matched)),
        ("tower", N_("Tower"), 34, groups_rule((4, 2), pay_matched)),
        ("chance", N_("Chance"), 36, CHANCE),
        ("maxi_yatzy", N_("Maxi Yatzy"), 100, groups_rule((6,), pay_fixed, 100)),
    )
    return Design(
        title=N_("Maxi Yatzy"),
        dice=6,
        sides=6,
        rolls_per_turn=3,
        yahtzee_id="maxi_yatzy",
        categories=categories,
        upper_bonus_threshold=_MAXI_BONUSES[upper_bonus],
        upper_bonus_amount=int(upper_bonus),
        yahtzee_bonus_amount=0,
        joker=Joker.NONE,
        saved_rolls=True,
    )


def _ceil(value: int, factor: str) -> int:
    """⌈value × factor⌉ for a decimal ``factor`` such as "0.83", in exact integer arithmetic.

    No binary rounding can move the ceiling: "0.83" is read as 83/100.

    >>> _ceil(30, "0.83"), _ceil(100, "0.83"), _ceil(5, "0.5")
    (25, 83, 3)
    """
    whole, _, fraction = factor.partition(".")
    scale = 10 ** len(fraction)
    return -(-value * int(whole + fraction) // scale)


def build_generalized(dice: int, sides: int, upper_bonus: bool, yahtzee_bonus: bool, joker: str) -> Design:
    # Seed 004, "Yahtzee Formulae": n dice, d sides, every decimal constant taken exactly (see _ceil).
    n, d = dice, sides
    dn = d * n
    small_kind = _ceil(n, "0.5")  # (3)
    large_kind = _ceil(n, "0.75")  # (4)
    full_house = _ceil(dn, "0.83")  # (5)
    small_run = _ceil(n, "0.75")  # (6): run length needed, scores d*n
    large_straight = _ceil(dn, "1.33")  # (7)
    yahtzee = _ceil(dn, "1.66")  # (8)
    kind_names = (
        (N_("Three of a Kind"), N_("Four of a Kind"))
        if (small_kind, large_kind) == (3, 4)
        else ((N_("{count} of a Kind"), small_kind), (N_("{count} of a Kind"), large_kind))
    )
    categories = _upper(n, d) + _lower(
        ("three_of_a_kind", kind_names[0], dn, groups_rule((small_kind,), pay_total)),
        ("four_of_a_kind", kind_names[1], dn, groups_rule((large_kind,), pay_total)),
        # a group of floor(n/2) alike and one of ceil(n/2) alike of another face: all the dice
        ("full_house", N_("Full House"), full_house, groups_rule((n // 2, n - n // 2), pay_fixed, full_house)),
        # a run longer than d faces cannot be rolled (n > d): then only a joker fills these boxes
        ("small_straight", N_("Small Straight"), dn, run_rule(small_run, dn)),
        ("large_straight", N_("Large Straight"), large_straight, run_rule(n, large_straight)),
        ("yahtzee", N_("Yahtzee"), yahtzee, groups_rule((n,), pay_fixed, yahtzee)),
        ("chance", N_("Chance"), dn, CHANCE),
    )
    return Design(
        title=f"Custom {n} dice × {d} sides",
        wording=N_("Custom {dice} dice × {sides} sides"),
        dice=n,
        sides=d,
        rolls_per_turn=_ceil(max(d, n), "0.5"),  # (1)
        yahtzee_id="yahtzee",
        categories=categories,
        upper_bonus_threshold=_ceil(n, "0.5") * (d * (d + 1) // 2) if upper_bonus else 0,  # (10)
        upper_bonus_amount=_ceil(dn, "1.162") if upper_bonus else 0,  # (11)
        yahtzee_bonus_amount=_ceil(dn, "3.32") if yahtzee_bonus else 0,  # (12)
        joker=Joker(joker),
    )
