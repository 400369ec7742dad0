"""Saving and replaying a match: plain JSON data that a replay of its actions must reproduce.

A save holds the rule set, the seats, the seed and every action; its ``state`` is what those
actions lead to, and :func:`from_dict` rejects a save whose state its replay does not give.

>>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[3, 3, 3, 5, 5]).score("full_house")
>>> from_json(to_json(m)) == m
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.core import variants
from game.core.actions import Action
from game.core.cards import Seat
from game.core.dice import Draw
from game.core.engine import Match, new_match
from game.core.inputs import read_json
from game.core.refusals import GameError, Refusal, SaveError, SetupError
from game.core.rules import RuleSet

__all__ = ["SCHEMA_VERSION", "SAVE_FORMAT", "to_dict", "to_json", "replay", "from_dict", "from_json"]

SCHEMA_VERSION = 3
"""Version of the save format written by :func:`to_dict`: 3 gives each seat dice of its own (``draw``
"seat") and says whose dice each seat meets (``dice_seats``, empty for its own). An older save keeps the
dice it had and is written back in its own version, exactly as it was (a tab of an older build can still
read it): version 2 named where the dice come from (``draw``: one slot for every seat), version 1 drew
them in sequence. A match played with real dice (``draw`` "entered", game.core.entered) is a version 3 save whose
rolls carry their faces."""
_VERSIONS = {
    Draw.SEQUENCE: 1,
    Draw.SLOT: 2,
    Draw.SEAT: SCHEMA_VERSION,
    Draw.ENTERED: SCHEMA_VERSION,
    Draw.TYPED: SCHEMA_VERSION,
}
SAVE_FORMAT = "yacht-dice/match"
"""The ``format`` tag of a saved match."""


def to_dict(match: Match) -> dict[str, Any]:
    """Plain JSON-compatible data (schema ``version``) that :func:`from_dict` restores exactly.

    >>> data = to_dict(new_match("yacht", ["Ann"], seed=5).roll())
    >>> data["version"], data["draw"], data["dice_seats"], data["actions"], data["state"]["rolls"]
    (3, 'seat', [], [['roll']], 1)
    """
    version = _VERSIONS[match.draw]
    return {
        "format": SAVE_FORMAT,
        "version": version,
        "ruleset": match.ruleset.to_dict(),
        "seats": [seat.to_dict() for seat in match.seats],
        "games": match.games,
        "seed": match.seed,
        **({} if version == 1 else {"draw": match.draw.value}),
        **({"dice_seats": list(match.dice_seats)} if version >= 3 else {}),
        "actions": [action.data() for action in match.actions],
        "state": {
            "game": match.game,
            "player": match.player,
            "rolls": match.rolls,
            "dice": list(match.dice),
            "held": list(match.held),
            "draws": match.draws,
            "finished": match.finished,
            "cards": [[card.to_dict() for card in game] for game in match.cards],
            "last_scored": None if match.last_scored is None else match.last_scored.to_dict(),
        },
    }


def to_json(match: Match) -> str:
    """:func:`to_dict` as compact JSON text.

    >>> from_json(to_json(new_match("yacht", seed=5))).seed
    5
    """
    return json.dumps(to_dict(match), separators=(",", ":"))


def replay(
    ruleset: RuleSet | str,
    seats: Iterable[str | Seat | None],
    games: int,
    seed: int | str,
    actions: Iterable[Action | Sequence[Any]],
    draw: Draw = Draw.SEAT,
    dice_seats: Sequence[int] = (),
) -> Match:
    """The match that ``seed`` and ``actions`` produce (raises the first refused action's error).

    >>> m = new_match("yatzy", ["Ann"], seed=11).roll().hold(0).roll().score("chance")
    >>> replay("yatzy", ["Ann"], 1, 11, m.actions) == m
    True
    """
    if seed is None:
        raise SetupError("a replay needs the match's seed", Refusal.BAD_SETUP)
    return new_match(ruleset, seats, games, seed, draw=draw, dice_seats=dice_seats).apply_all(actions)


_TOP_KEYS = {"format", "version", "ruleset", "seats", "games", "seed", "draw", "dice_seats", "actions", "state"}
_DRAWS = {draw.value: draw for draw in Draw}


def _first_difference(expected: Any, given: Any, path: str = "") -> str:
    if isinstance(expected, dict) and isinstance(given, dict):
        for key in list(expected) + [k for k in given if k not in expected]:
            if key not in given:
                return f"{path}{key} is missing"
            if key not in expected:
                return f"{path}{key} is unexpected"
            if expected[key] != given[key]:
                return _first_difference(expected[key], given[key], f"{path}{key}.")
    if isinstance(expected, list) and isinstance(given, list) and len(expected) == len(given):
        for index, (a, b) in enumerate(zip(expected, given)):
            if a != b:
                return _first_difference(a, b, f"{path}{index}.")
    return f"{path.rstrip('.') or 'data'} is {given!r}, the replay gives {expected!r}"


def from_dict(data: Any) -> Match:
    """The match saved by :func:`to_dict`, rebuilt by replaying its actions and checked.

    Any problem (not a save, wrong version, malformed or impossible values, a state that does
    not match its actions) raises :class:`SaveError`; a half-built match is never returned.

    >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=4).roll().hold(2)
    >>> from_dict(to_dict(m)) == m
    True
    >>> from_dict({"version": 99})
    Traceback (most recent call last):
    ...
    game.core.refusals.SaveError: unsupported save version 99 (this build reads versions 1 to 3)
    """
    if not isinstance(data, Mapping):
        raise SaveError(f"a saved match is a JSON object, not {type(data).__name__}")
    if data.get("format", SAVE_FORMAT) != SAVE_FORMAT:
        raise SaveError(f"not a saved match (format {data.get('format')!r})")
    version = data.get("version")
    if version not in _VERSIONS.values() or isinstance(version, bool):
        raise SaveError(f"unsupported save version {version!r} (this build reads versions 1 to {SCHEMA_VERSION})")
    if version == 1:  # before slot dice: the dice were drawn in sequence
        data = {**data, "draw": Draw.SEQUENCE.value} if "draw" not in data else {**data, "draw": None}
    if version in (1, 2):  # before seats had dice of their own: each seat met its own slots' dice, as its index says
        data = {**data, "dice_seats": []} if "dice_seats" not in data else {**data, "dice_seats": None}
    missing = sorted(_TOP_KEYS - set(data))
    if missing:
        raise SaveError(f"the save is incomplete: {', '.join(missing)} missing")
    extra = sorted(str(key) for key in set(data) - _TOP_KEYS)
    if extra:
        raise SaveError(f"the save has unknown fields: {', '.join(extra)}")
    try:
        normalized = read_json(json.dumps(dict(data), allow_nan=False))
    except (TypeError, ValueError, RecursionError, SaveError) as exc:
        raise SaveError(f"the save is not plain JSON data: {exc}") from exc
    if not isinstance(normalized["actions"], list):
        raise SaveError("the save's actions must be a list")
    if not isinstance(normalized["seats"], list):
        raise SaveError("the save's seats must be a list")
    draw = _DRAWS.get(normalized["draw"]) if isinstance(normalized["draw"], str) else None
    if draw is None or _VERSIONS[draw] != version:
        raise SaveError(f"a version {version} save's draw cannot be {normalized['draw']!r}")
    if not isinstance(normalized["dice_seats"], list):
        raise SaveError("the save's dice seats must be a list")
    try:
        rule_set = variants.from_dict(normalized["ruleset"])
        seats = [Seat.from_dict(seat) for seat in normalized["seats"]]
        match = replay(
            rule_set,
            seats,
            normalized["games"],
            normalized["seed"],
            normalized["actions"],
            draw,
            normalized["dice_seats"],
        )
        expected = read_json(json.dumps(to_dict(match)))
    except SaveError:
        raise
    except GameError as exc:  # a rule broken too (a RulesError is a GameError)
        raise SaveError(f"the save cannot be replayed: {exc}") from exc
    except Exception as exc:  # any failure of bad data is a SaveError
        raise SaveError(f"the save is malformed: {type(exc).__name__}: {exc}") from exc
    if version in (1, 2):
        expected["dice_seats"] = []
    if version == 1:
        expected["draw"] = Draw.SEQUENCE.value
    if expected != normalized:
        raise SaveError(
            "the saved state does not match its recorded actions: " + _first_difference(expected, normalized)
        )
    return match


def from_json(text: str | bytes) -> Match:
    """The match saved by :func:`to_json` (SaveError on anything else).

    >>> from_json("{truncated")
    Traceback (most recent call last):
    ...
    game.core.refusals.SaveError: the saved match is not valid JSON (truncated or damaged?): Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
    """
    return from_dict(read_json(text))
