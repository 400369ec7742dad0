"""A match in a link: the rules, the seats, the seed and every finished turn, compact and checked.

A link carries a match that travels between phones (``?match=``) or a finished solo game sent as a
challenge (``?challenge=``). Its moves are the choices of each finished turn (how many rolls, which
dice were held before each reroll, which box), written as one mixed-radix number: every digit's base
is what the rules allowed at that moment, so a 5-person Yahtzee match fits in a few hundred
characters. The reader is strict: a link is read only by replaying it with the engine, a damaged,
edited or future one raises :class:`LinkError`, and reading one never runs code or reaches anything.

>>> from game.core.engine import new_match
>>> m = new_match("yatzy", ["Ann", "Bob"], seed=7)
>>> m = m.roll().score("chance").roll().roll().score("ones")
>>> text = write(m)
>>> read(text).match.cards == m.cards
True
>>> relation(m, read(text).match) is Relation.SAME
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.core import marks, rules, variants
from game.core.actions import Finish, Hold, NextGame, Roll, Score
from game.core.cards import MAX_GAMES, Level, Seat, SeatKind
from game.core.dice import Draw
from game.core.engine import Match, new_match
from game.core.i18n import N_
from game.core.inputs import read_json
from game.core.refusals import GameError

__all__ = [
    "LINK_VERSION",
    "MAX_LINK_CHARS",
    "LinkKind",
    "Relation",
    "Why",
    "LinkError",
    "Link",
    "PARAMS",
    "write",
    "read",
    "hints_allowed",
    "relation",
    "preferred",
    "turn_over",
    "moves",
]

LINK_VERSION = 2
"""The version of the links this build writes (and the newest it reads): 2 gives each seat dice of its own
and says whose dice each seat meets (``i``), and may carry each seat's marks (``f``, game.core.marks: a version 2
link made before marks has none); a version 1 link is a match whose seats shared each round's
slots, read and written as it was so that a match begun by an earlier build goes on with its dice."""
MAX_LINK_CHARS = 2000
"""The longest link value written or read: what messengers keep whole."""
_CHECK_BYTES = 6


class LinkKind(Enum):
    """What a link carries: a match to play on, or a finished game to play against."""

    MATCH = "match"
    CHALLENGE = "challenge"


PARAMS = tuple(kind.value for kind in LinkKind)
"""The query parameters that carry a link (``?match=…``, ``?challenge=…``)."""


class Why(Enum):
    """Why a link was refused: a closed vocabulary with a wording each."""

    DAMAGED = "damaged"
    TOO_LONG = "too_long"
    FUTURE = "future"
    ILLEGAL = "illegal"
    ANOTHER_MATCH = "another_match"
    OLDER = "older"
    UNSENDABLE = "unsendable"


_WORDS = {
    Why.DAMAGED: N_("This link is damaged or cut short: ask for it again."),
    Why.TOO_LONG: N_("This link is too long to be a game's link."),
    Why.FUTURE: N_("This link was made by a newer version of the game: reload to update, then open it again."),
    Why.ILLEGAL: N_("This link's moves break the rules: it was changed after it was made."),
    Why.ANOTHER_MATCH: N_("This link is of the same match, but its moves differ from this phone's: it was not used."),
    Why.OLDER: N_("This phone already has a newer state of this match: it is kept."),
    Why.UNSENDABLE: N_("This match cannot be sent by link (it began before links)."),
}


class LinkError(GameError):
    """A link that cannot be used; ``why`` says which way (a :class:`Why`), :meth:`text` says it in words.

    >>> try:
    ...     read("nonsense")
    ... except LinkError as error:
    ...     print(error.why.value, "-", error.text())
    damaged - This link is damaged or cut short: ask for it again.
    """

    def __init__(self, message: str, why: Why) -> None:
        super().__init__(message)
        self.why = why

    @property
    def wording(self) -> str:
        """The msgid of the refusal: its ``why``'s, read by :meth:`GameError.text`.

        >>> LinkError("x", Why.TOO_LONG).text()
        "This link is too long to be a game's link."
        """
        return _WORDS[self.why]


@dataclass(frozen=True)
class Link:
    """A link read: its kind, the match its moves lead to (finished turns only), and the table's settings."""

    kind: LinkKind
    match: Match
    undo: bool = True
    pass_phone: bool = False
    marks: tuple[str, ...] = ()  # each seat's phones (game.core.marks), () when the link has none
    hints: bool = False  # a challenge sent "with hints": its friend may ask for hints too (never undo)


class Relation(Enum):
    """How a link's match stands to the one a phone holds."""

    OTHER = "other"  # another match altogether
    SAME = "same"
    NEWER = "newer"  # the link's moves go on from this phone's
    OLDER = "older"  # this phone's moves go on from the link's
    FORKED = "forked"  # the same match, but the moves part ways


# ----------------------------------------------------------------------------- moves as one number


def turn_over(match: Match) -> bool:
    """Whether ``match`` stands between turns (nothing rolled yet), where a link can be made.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> turn_over(m), turn_over(m.roll())
    (True, False)
    """
    return match.rolls == 0 or match.game_over or match.finished


def _mask(held: tuple[bool, ...]) -> int:
    return sum(1 << i for i, flag in enumerate(held) if flag)


def moves(match: Match) -> tuple[tuple[int, int], ...]:
    """The digits of the match's finished turns and game ends, each with its base: ``(digit, base)``.

    A turn is the number of rolls less one (base: the rolls it had, saved ones included: the engine's
    ``rolls_left`` as it began, never the rule set's rolls a turn), the dice held before each
    reroll (base: 2 ** dice) and the box among those still open; a game's end is next (0) or
    finish (1). A turn not yet scored is left out. Real dice (Draw.ENTERED: no seed draws them) add each roll's faces.

    >>> from game.core.engine import new_match
    >>> moves(new_match("yacht", ["Ann"], seed=1).roll().hold(0).roll().score("choice"))
    ((1, 3), (1, 32), (10, 12))
    """
    current = match.begun()
    out: list[tuple[int, int]] = []
    turn: list[tuple[int, int]] = []
    rolls = rerolls = 0
    for action in match.actions:
        if isinstance(action, Roll):
            if (action.faces is not None) != (match.draw is Draw.ENTERED):
                raise LinkError("a roll with given faces cannot travel by link", Why.UNSENDABLE)
            if current.rolls == 0:
                turn, rolls, rerolls = [], current.rolls_left, 0
            else:
                turn.append((_mask(current.held), 1 << current.ruleset.dice))
                rerolls += 1
            turn += [(face - 1, current.ruleset.sides) for face in action.faces or ()]
        elif isinstance(action, Score):
            ids = list(current.open_categories())
            out += [(rerolls, rolls), *turn, (ids.index(action.category), len(ids))]
        elif isinstance(action, (NextGame, Finish)):
            out.append((int(isinstance(action, Finish)), 2))
        current = current.apply(action)
    return tuple(out)


def _number(digits: tuple[tuple[int, int], ...]) -> int:
    value = 0
    for digit, base in reversed(digits):
        value = value * base + digit
    return value


def _replay(start: Match, steps: int, value: int) -> Match:
    """The match ``steps`` turns and game ends after ``start``, reading the digits out of ``value``."""
    match = start

    def take(base: int) -> int:
        nonlocal value
        if base < 1:
            raise LinkError("a move with no choice", Why.ILLEGAL)
        value, digit = divmod(value, base)
        return digit

    for _ in range(steps):
        if match.finished:
            raise LinkError("moves after the match's end", Why.ILLEGAL)
        if match.game_over:
            match = match.apply(Finish() if take(2) else NextGame())
            continue
        rerolls = take(match.rolls_left)
        match = _rolled(match, take)
        for _ in range(rerolls):
            mask = take(1 << match.ruleset.dice)
            for die in range(match.ruleset.dice):
                if match.held[die] != bool(mask >> die & 1):
                    match = match.apply(Hold(die, bool(mask >> die & 1)))
            match = _rolled(match, take)
        ids = list(match.open_categories())
        match = match.apply(Score(ids[take(len(ids))]))
    if value:
        raise LinkError("digits left over after the last move", Why.DAMAGED)
    return match


def _rolled(match: Match, take: Callable[[int], int]) -> Match:
    """The match after its next roll: drawn from its seed, or with real dice the faces the link carries."""
    if match.draw is not Draw.ENTERED:
        return match.roll()
    thrown = match.ruleset.dice if match.rolls == 0 else match.held.count(False)
    return match.roll(faces=[take(match.ruleset.sides) + 1 for _ in range(thrown)])


# ----------------------------------------------------------------------------- the text of a link


def _b64(data: bytes) -> str:
    import base64

    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    import base64
    import binascii

    if not text.isascii():
        raise LinkError("a link is plain ASCII", Why.DAMAGED)
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as error:
        raise LinkError(f"not base64: {error}", Why.DAMAGED) from error


def _check(body: bytes) -> str:
    import hashlib

    return _b64(hashlib.sha256(body).digest()[:_CHECK_BYTES])


def hints_allowed(text: str | None) -> bool:
    """Whether a challenge link's text allows hints, read without replaying it (False for anything else).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1).roll().score("choice")
    >>> hints_allowed(write(m, LinkKind.CHALLENGE, hints=True)), hints_allowed(write(m, LinkKind.CHALLENGE)), hints_allowed("x")
    (True, False, False)
    """
    encoded, _, check = (text or "").strip().partition(".")
    try:
        body = _unb64(encoded)
        data = read_json(body.decode("utf-8")) if _check(body) == check else None
    except (GameError, ValueError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and data.get("k") == LinkKind.CHALLENGE.value and data.get("h") == 1


def _seat(seat: Seat) -> list[str]:
    return [seat.name] if seat.kind is SeatKind.HUMAN else [seat.name, seat.level.value]  # type: ignore[union-attr]


def _rules(ruleset: rules.RuleSet) -> dict[str, Any]:
    """The rule set as its name and the options that differ from the defaults (a shorter link)."""
    defaults = {spec.name: spec.default for spec in variants.VARIANTS[ruleset.name].options}
    given = {name: value for name, value in ruleset.options.items() if defaults.get(name) != value}
    return {"name": ruleset.name, **({"options": given} if given else {})}


def write(
    match: Match,
    kind: LinkKind = LinkKind.MATCH,
    undo: bool = True,
    pass_phone: bool = False,
    seat_marks: tuple[str, ...] = (),
    hints: bool = False,
) -> str:
    """The link value (``?match=`` or ``?challenge=`` takes it) carrying ``match``'s finished turns and, in a
    version 2 link, each seat's marks (game.core.marks; none when ``seat_marks`` is empty) and whether a
    challenge allows hints (``h``, written only when it does: a challenge without is as it always was).

    >>> from game.core.engine import new_match
    >>> len(write(new_match("yahtzee", ["Ann", "Bob"], seed=3))) < 200
    True
    """
    if match.draw is Draw.SEQUENCE:
        raise LinkError("a match that draws its dice in sequence", Why.UNSENDABLE)
    digits = moves(match)
    number = _number(digits)
    version = 1 if match.draw is Draw.SLOT else LINK_VERSION
    data = {
        "v": version,
        "k": kind.value,
        "r": _rules(match.ruleset),
        "s": [_seat(seat) for seat in match.seats],
        "g": match.games,
        "e": match.seed,
        "u": int(undo),
        "p": int(pass_phone),
        "n": sum(isinstance(action, (Score, NextGame, Finish)) for action in match.actions),
        "m": _b64(number.to_bytes((number.bit_length() + 7) // 8, "big")),
        **({"i": list(match.dice_seats)} if version >= 2 else {}),
        **({"f": list(seat_marks)} if version >= 2 and seat_marks else {}),
        **({"h": 1} if version >= 2 and hints and kind is LinkKind.CHALLENGE else {}),
        **({"d": _DICE_MARKS[match.draw]} if match.draw in _DICE_MARKS else {}),  # real dice, or a typed seed's
    }
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return f"{_b64(body)}.{_check(body)}"


_KEYS = {1: {"v", "k", "r", "s", "g", "e", "u", "p", "n", "m"}}  # each checked by its entry in _SHAPES
_KEYS[2] = _KEYS[1] | {"i"}  # optional below: "f", the seats' marks (none before marks); "h", a challenge's hints
_OPTIONAL = {1: set(), 2: {"f", "h", "d"}}  # "d", dice not from seat slots: real dice (faces in the moves), typed seed
_DRAWS = {1: Draw.SLOT, 2: Draw.SEAT}
_MARKED_DRAWS = {1: Draw.ENTERED, 2: Draw.TYPED}
_DICE_MARKS = {draw: mark for mark, draw in _MARKED_DRAWS.items()}


def read(text: str) -> Link:
    """The link ``text`` carries, replayed from its seed; :class:`LinkError` when it cannot be used.

    >>> from game.core.engine import new_match
    >>> read(write(new_match("yacht", ["Ann"], seed=4).roll().score("choice"))).match.round
    1
    """
    try:
        return _read(text)
    except LinkError:
        raise
    except GameError as error:  # a rule broken too (a RulesError is a GameError)
        raise LinkError(f"the moves cannot be replayed: {error}", Why.ILLEGAL) from error
    except Exception as error:  # the last resort: data _SHAPES let through that deep code still cannot take
        raise LinkError(f"the link's data cannot be used: {error!r}", Why.DAMAGED) from error


def _read(text: Any) -> Link:
    if not isinstance(text, str):
        raise LinkError("a link is text", Why.DAMAGED)
    if len(text) > MAX_LINK_CHARS:
        raise LinkError(f"a link has at most {MAX_LINK_CHARS} characters", Why.TOO_LONG)
    encoded, dot, check = text.strip().partition(".")
    if not dot:
        raise LinkError("a link has its checksum after a dot", Why.DAMAGED)
    body = _unb64(encoded)
    if _check(body) != check:
        raise LinkError("the checksum does not match: the link was cut or changed", Why.DAMAGED)
    try:
        data = read_json(body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        raise LinkError(f"not JSON: {error}", Why.DAMAGED) from error
    if not isinstance(data, dict):
        raise LinkError("a link's data is an object", Why.DAMAGED)
    version = data.get("v")
    if type(version) is int and version > LINK_VERSION:
        raise LinkError(f"link version {version} (this build reads {LINK_VERSION})", Why.FUTURE)
    if (
        type(version) is not int
        or version not in _KEYS
        or not _KEYS[version] <= set(data) <= _KEYS[version] | _OPTIONAL[version]
    ):
        raise LinkError(f"not a version 1 or {LINK_VERSION} link: {sorted(data)}", Why.DAMAGED)
    malformed = sorted(key for key, value in data.items() if key not in _SHAPES or not _SHAPES[key](value))
    if malformed:
        raise LinkError(f"a link's values of the wrong type or shape: {malformed}", Why.DAMAGED)
    kind = LinkKind(data["k"])
    seats = data["s"]
    start = new_match(
        variants.from_dict(data["r"]),
        [Seat.human(seat[0]) if len(seat) == 1 else Seat.computer(seat[0], Level(seat[1])) for seat in seats],
        data["g"],
        data["e"],
        draw=_MARKED_DRAWS[data["d"]] if "d" in data else _DRAWS[version],
        dice_seats=data.get("i", []),
    )
    if data["n"] > len(start.seats) * MAX_GAMES * (start.rounds + 1):  # the engine plays on up to MAX_GAMES
        raise LinkError("more moves than a match has", Why.ILLEGAL)
    seat_marks = tuple(data.get("f", ()))
    if not marks.valid(seat_marks, len(start.seats)):
        raise LinkError("the seats' marks do not fit the seats", Why.DAMAGED)
    match = _replay(start, data["n"], int.from_bytes(_unb64(data["m"]), "big"))
    hints = bool(data.get("h", 0))
    if hints and kind is not LinkKind.CHALLENGE:
        raise LinkError("only a challenge allows hints", Why.DAMAGED)
    return Link(kind, match, bool(data["u"]), bool(data["p"]), seat_marks, hints)


_LEVELS = {level.value for level in Level}


def _seat_data(seat: Any) -> bool:
    return (
        isinstance(seat, list)
        and 1 <= len(seat) <= 2
        and isinstance(seat[0], str)
        and (len(seat) == 1 or (isinstance(seat[1], str) and seat[1] in _LEVELS))
    )


def _rules_data(value: Any) -> bool:
    """``{"name": text, "options": {text: flag, number or text}}``, options optional (as :func:`_rules` writes)."""
    if not isinstance(value, dict) or "name" not in value or not set(value) <= {"name", "options"}:
        return False
    options = value.get("options", {})
    return (
        isinstance(value["name"], str)
        and isinstance(options, dict)
        and all(type(option) in (bool, int, str) for option in options.values())
    )


def _whole(value: Any) -> bool:
    """A whole number, 0 or more (a bool is none: JSON's true is not a count)."""
    return type(value) is int and value >= 0


# The type (and shape) of each key's value, checked before anything uses one: whatever a re-signed link holds
# (the checksum has no secret), the code past this table meets only the types it was written for.
_SHAPES: dict[str, Callable[[Any], bool]] = {
    "v": _whole,
    "k": lambda value: isinstance(value, str) and value in PARAMS,
    "r": _rules_data,
    "s": lambda value: isinstance(value, list) and all(_seat_data(seat) for seat in value),
    "g": _whole,
    "e": lambda value: _whole(value) or isinstance(value, str),  # never None: new_match would draw its own
    "u": lambda value: type(value) is int and value in (0, 1),
    "p": lambda value: type(value) is int and value in (0, 1),
    "n": _whole,
    "m": lambda value: isinstance(value, str) and len(value) <= MAX_LINK_CHARS,
    "i": lambda value: isinstance(value, list) and all(_whole(seat) for seat in value),  # whose dice each seat meets
    "f": lambda value: isinstance(value, list) and all(marks.is_mark(mark) for mark in value),  # each seat's phones
    "h": lambda value: type(value) is int and value == 1,  # a challenge's hints allowed (absent: none)
    "d": lambda value: type(value) is int and value in _MARKED_DRAWS,  # absent: the seed draws from seat slots
}


def preferred(held: Match, incoming: Match) -> bool:
    """Of two states of a match that part ways (Relation.FORKED), whether the incoming one is the one to play on:
    the one with more finished turns, else the greater moves; the same answer on every phone, so that phones
    that follow it meet on one state instead of each taking the other's.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=2).roll()
    >>> one, other = m.score("choice"), m.score("yacht").roll().score("choice")
    >>> preferred(one, other), preferred(other, one)
    (True, False)
    """
    mine, theirs = [digit for digit, _ in moves(held)], [digit for digit, _ in moves(incoming)]
    return (len(theirs), theirs) > (len(mine), mine)


def relation(held: Match, incoming: Match) -> Relation:
    """How the match a link brings stands to the one this phone holds (finished turns compared).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=2)
    >>> later = m.roll().score("choice")
    >>> relation(m, later).value, relation(later, m).value, relation(m, new_match("yacht", ["Ann"], seed=2)).value
    ('newer', 'older', 'other')
    """
    if held.begun() != incoming.begun():  # another match: its rules, seats, games, seed or dice differ
        return Relation.OTHER
    mine = [digit for digit, _ in moves(held)]
    theirs = [digit for digit, _ in moves(incoming)]
    if mine == theirs:
        return Relation.SAME
    if theirs[: len(mine)] == mine:
        return Relation.NEWER
    if mine[: len(theirs)] == theirs:
        return Relation.OLDER
    return Relation.FORKED
