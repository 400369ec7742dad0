"""Where a match's dice come from: its seed, and the faces that seed gives each die.

A match draws nothing from a hidden generator: every face is a function of the seed and where
the die is (:func:`seat_face`: the game, round, seat, roll and position). Matches made by earlier
builds keep the dice they had: those made before seats had dice of their own took the same slot for
every seat (:func:`slot_face`), and those made before slots counted the dice drawn (:func:`die_face`).
So ``seed + actions`` replays a match exactly, on any Python.

>>> check_seed(7), Draw("seat") is Draw.SEAT
(7, True)
>>> 1 <= seat_face(7, 0, 0, 1, 0, 2, 6) <= 6
True
"""

from __future__ import annotations

import json
from enum import Enum

from game.core.refusals import Refusal, SetupError, is_whole

__all__ = ["MAX_SEED", "SEED_TEXT_LENGTH", "Draw", "check_seed", "derived_seed", "die_face", "seat_face", "slot_face"]

MAX_SEED = 2**53 - 1
"""Largest integer seed: seeds stay exact when a save passes through JavaScript."""
SEED_TEXT_LENGTH = 64
"""The longest text seed."""


class Draw(Enum):
    """Where a match's dice come from, by the build that began it: each seat's own slots (every match
    now), one slot shared by every seat of a round (matches begun from links until seats had dice of
    their own), or a count of the dice drawn so far (matches before links). The older two are kept
    only so that saves and links made then replay the very dice they had. ENTERED: none of these: real dice
    rolled on a table, each roll's faces entered by hand (game.core.entered); the seed draws nothing.
    TYPED: each seat's own slots, as SEAT, but in a domain of their own: the seed was typed by a person or
    given in a link's ``seed=``, so it can never deal the dice of a game this phone drew (the daily game's
    day and rule set, a match begun here from its entropy, a challenge made of one), whatever the text."""

    SEAT = "seat"
    SLOT = "slot"
    SEQUENCE = "sequence"
    ENTERED = "entered"
    TYPED = "typed"

    @property
    def by_seat(self) -> bool:
        """Whether each seat meets dice of its own slots (:func:`seat_face`).

        >>> [draw.by_seat for draw in Draw]
        [True, False, False, False, True]
        """
        return self in (Draw.SEAT, Draw.TYPED)


def die_face(seed: int | str, index: int, sides: int) -> int:
    """Face (1..sides) of the ``index``-th die drawn from ``seed``; the same on every Python.

    A counter-based generator (SHA-256 of seed and index, with rejection sampling), so the
    generator's whole state is the seed and the number of dice drawn so far.

    >>> [die_face(42, i, 6) for i in range(5)] == [die_face(42, i, 6) for i in range(5)]
    True
    >>> all(1 <= die_face("x", i, 8) <= 8 for i in range(50))
    True
    """
    return _face(f"yacht-dice:{json.dumps(seed)}:{index}", sides)


def seat_face(
    seed: int | str, game: int, round_: int, seat: int, roll: int, position: int, sides: int, draw: Draw = Draw.SEAT
) -> int:
    """Face (1..sides) of the die at ``position`` on roll ``roll`` of seat ``seat``'s turn in a round.

    The seat is part of the slot, so two people at one table never meet the same roll (one who watched
    the other would know what a reroll brings), while a replay of one seat's turns elsewhere (a
    challenge, the daily game) meets exactly that seat's dice.

    >>> seat_face(7, 0, 0, 0, 0, 2, 6) == seat_face(7, 0, 0, 0, 0, 2, 6)
    True
    >>> [seat_face(7, 0, 0, s, 0, p, 6) for s in (0, 1) for p in range(5)] != [seat_face(7, 0, 0, 0, 0, p, 6) for p in range(5)] * 2
    True

    ``draw`` names the domain (:attr:`Draw.TYPED`: a typed seed's own): one seed meets other dice in each.
    """
    return _face(f"yacht-dice/{_DOMAINS[draw]}:{json.dumps(seed)}:{game}:{round_}:{seat}:{roll}:{position}", sides)


_DOMAINS = {Draw.SEAT: "seat", Draw.TYPED: "typed"}
"""The prefix of each seat-slot domain's hash input: no text of one begins as the other's does."""


def slot_face(seed: int | str, game: int, round_: int, roll: int, position: int, sides: int) -> int:
    """Face (1..sides) of the die at ``position`` on roll ``roll`` of round ``round_`` of game ``game``,
    the same for every seat (:data:`Draw.SLOT`, matches made before seats had dice of their own).

    >>> slot_face(7, 0, 0, 0, 2, 6) == slot_face(7, 0, 0, 0, 2, 6)
    True
    >>> sorted({slot_face("x", 0, r, 0, 0, 6) for r in range(60)})
    [1, 2, 3, 4, 5, 6]
    """
    return _face(f"yacht-dice/slot:{json.dumps(seed)}:{game}:{round_}:{roll}:{position}", sides)


def _face(text: str, sides: int) -> int:
    import hashlib  # here, not at the top: it costs start-up time in the browser before any roll

    if not isinstance(sides, int) or sides < 1:
        raise ValueError(f"sides must be a positive integer, not {sides!r}")
    key = text.encode()
    limit = (1 << 64) - ((1 << 64) % sides)
    salt = 0
    while True:
        digest = hashlib.sha256(key if salt == 0 else key + b"#" + str(salt).encode()).digest()
        for offset in range(0, len(digest), 8):
            value = int.from_bytes(digest[offset : offset + 8], "big")
            if value < limit:
                return value % sides + 1
        salt += 1  # pragma: no cover - probability below 2**-200


def derived_seed(*known: object) -> int:
    """An integer seed derived from what is known (a hash of ``known``): the same things give the same seed.

    Nothing in the game draws from the system's randomness (the updates stay pure functions): a new
    match's seed comes from entropy the page sent, mixed with what makes each draw differ (game.app.table).

    >>> derived_seed("AnnAnn", 1) == derived_seed("AnnAnn", 1) != derived_seed("AnnAnn", 2)
    True
    >>> 0 <= derived_seed() <= MAX_SEED
    True
    """
    import hashlib  # here, not at the top: it costs start-up time in the browser before any roll

    text = "yacht-dice/seed:" + json.dumps([str(part) for part in known])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & MAX_SEED


def check_seed(seed: object) -> int | str:
    """A match's seed, checked (SetupError otherwise).

    >>> check_seed("daily-2026-11-03"), check_seed(2**53 - 1) == MAX_SEED
    ('daily-2026-11-03', True)
    """
    if isinstance(seed, str):
        if len(seed) > SEED_TEXT_LENGTH:
            raise SetupError(f"a text seed has at most {SEED_TEXT_LENGTH} characters", Refusal.BAD_SETUP)
        return seed
    if not is_whole(seed):
        raise SetupError(f"the seed must be an integer or text, not {seed!r}", Refusal.BAD_SETUP)
    if not 0 <= seed <= MAX_SEED:
        raise SetupError(f"an integer seed must be between 0 and 2**53 - 1, not {seed}", Refusal.BAD_SETUP)
    return seed
