"""What a new match is made of, checked: its rule set, its number of games, and whose dice each seat meets.

Each check returns the value a match holds, or raises SetupError in the player's words.

>>> games(3), ruleset("yacht").name, dice_seats([2], 1, Draw.SEAT)
(3, 'yacht', (2,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core import variants
from game.core.cards import MAX_GAMES, MAX_PLAYERS
from game.core.dice import Draw
from game.core.refusals import Refusal, SetupError, is_whole
from game.core.rule_errors import RulesError
from game.core.rules import RuleSet

__all__ = ["games", "ruleset", "dice_seats"]


def games(count: object) -> int:
    """A match's planned number of games, 1 to MAX_GAMES."""
    if not is_whole(count, 1, MAX_GAMES):
        raise SetupError(f"a match is played for 1 to {MAX_GAMES} games, not {count!r}", Refusal.BAD_SETUP)
    return count


def ruleset(given: object) -> RuleSet:
    """A rule set, from itself, its name or its data."""
    if isinstance(given, RuleSet):
        return given
    if isinstance(given, str):
        try:
            return variants.ruleset(given)
        except RulesError as exc:
            raise SetupError(f"unknown rule set {given!r}: {exc}", Refusal.BAD_SETUP) from exc
    if isinstance(given, Mapping):
        try:
            return variants.from_dict(given)
        except RulesError as exc:
            raise SetupError(f"bad rule set {given!r}: {exc}", Refusal.BAD_SETUP) from exc
    raise SetupError(f"a rule set or its name is needed, not {given!r}", Refusal.BAD_SETUP)


def dice_seats(given: Sequence[object], seats: int, draw: Draw) -> tuple[int, ...]:
    """Whose dice each of ``seats`` seats meets: empty (its own), or one seat index each, with seats' own dice.

    Two seats never meet one seat's dice: one who watched the other's turn would know what a reroll brings
    (only a forged link asks for it).

    >>> dice_seats([], 2, Draw.SLOT), dice_seats([1, 0], 2, Draw.SEAT)
    ((), (1, 0))
    >>> dice_seats([0, 0], 2, Draw.SEAT)
    Traceback (most recent call last):
    ...
    game.core.refusals.SetupError: dice seats (0, 0) give two seats one seat's dice
    """
    checked = tuple(given)
    if checked and (
        len(checked) != seats or not draw.by_seat or not all(is_whole(seat, 0, MAX_PLAYERS - 1) for seat in checked)
    ):
        raise SetupError(f"dice seats {checked!r} do not fit {seats} seat(s)", Refusal.BAD_SETUP)
    if len(set(checked)) != len(checked):
        raise SetupError(f"dice seats {checked!r} give two seats one seat's dice", Refusal.BAD_SETUP)
    return checked  # type: ignore[return-value]  # each was checked whole
