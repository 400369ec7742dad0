"""What the hints play for (the target the person picked) and the total typed for it: values the app keeps and the
page's target control shows (game.present.aim_view words it).

>>> Aim(AimKind.TYPED, 300).total, read_total("300")
(300, 300)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

AIM_FIELD = "aim-total"
"""The typed total's field: it belongs to the setup form (form="setup-form"), whose fields every tap carries."""
MAX_AIM = 9999
"""The largest total that may be typed (far above any rule set's best game: its chance is then nought)."""


class AimKind(Enum):
    """What the hints play for: points alone (the expected-score hint), or the chance of reaching a total."""

    POINTS = "points"
    CHALLENGE = "challenge"  # beating the challenge's score (its total and one)
    BEST = "best"  # beating the person's best of these rules
    TYPED = "typed"  # reaching a number the person typed


@dataclass(frozen=True)
class Aim:
    """The target the person picked: its kind and, for a typed one, the number."""

    kind: AimKind
    total: int = 0  # the number typed (AimKind.TYPED)


@dataclass(frozen=True)
class Offer:
    """The target control as drawn: what is picked, and the targets there are to pick.

    ``challenge`` is the challenger's name and total (while a challenge is played), ``best`` the person's best
    total of these rules (None: no finished game yet), ``typed`` the number last typed (None: none).
    """

    chosen: AimKind
    challenge: tuple[str, int] | None = None
    best: int | None = None
    typed: int | None = None


def read_total(text: str) -> int | None:
    """A typed total: a whole number from 1 to MAX_AIM (spaces around it allowed), else None.

    >>> read_total(" 300 "), read_total("3e2"), read_total("0"), read_total("１２"), read_total("12345"), read_total("")
    (300, None, None, None, None, None)
    """
    text = text.strip()
    if not text or len(text) > len(str(MAX_AIM)) or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if 1 <= value <= MAX_AIM else None
