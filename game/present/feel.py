"""The feel of the table: how thrown dice tumble and land, and the celebrations in words.

Pure and standard-library only: what a step sounds like, which dice it threw, whose hands the phone goes to and which
moment it celebrates are facts of game.coach.moments (named here too, for the view); the page animates the dice it is
told were thrown and shows the celebrations this module words.

>>> from game.core.engine import new_match
>>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1)
>>> after = m.roll(faces=[2, 2, 2, 2, 3])
>>> cues(m, after), sorted(thrown(m, after))
((<Cue.ROLL: 'roll'>,), [0, 1, 2, 3, 4])
"""

from __future__ import annotations

from game.coach.moments import (
    FINALE,
    MOMENT_SECONDS,
    Cue,
    Moment,
    all_alike,
    celebrates,
    computer_plays,
    cues,
    finale,
    handover,
    match_over,
    moment,
    thrown,
)
from game.coach.pacing import ROLL_SECONDS
from game.core.actions import Hold, Roll
from game.core.cards import SeatKind
from game.core.engine import Match, Phase
from game.core.i18n import ENGLISH, N_, Text
from game.present.you import said, said_n

__all__ = [
    "Cue",
    "MOMENT_SECONDS",
    "Moment",
    "FLICK",
    "FLICK_MOTION",
    "MOTION",
    "POSES",
    "TOSS",
    "TUMBLE_FACES",
    "FINALE",
    "all_alike",
    "best_cheer",
    "cheer",
    "cues",
    "rating_cheer",
    "scored_roll",
    "finale",
    "handover",
    "match_over",
    "moment",
    "Gained",
    "gained",
    "gathered",
    "pose",
    "shelf_order",
    "shelved",
    "throw",
    "thrown",
    "tumble",
    "turn_of",
]

TUMBLE_FACES = 4
"""Faces a thrown die shows on its way before the one it lands on."""


LAND = 0.7
"""The part of the roll, from its start, after which the die shows the face it lands on."""

TOSS: tuple[dict[str, object], ...] = (
    {"transform": "translate(-120%, -24%) rotate(-250deg) scale(0.86)"},
    {"transform": "translate(-42%, -10%) rotate(-70deg) scale(1.04)", "offset": 0.4},
    {"transform": "translate(5%, 0) rotate(8deg) scale(1)", "offset": LAND},
    {"transform": "translate(-1%, 0) rotate(-3deg) scale(1)", "offset": 0.86},
    {"transform": "none"},
)
"""A die's body rolling in and settling where no throw of its own is given (:func:`throw` gives each die one):
transforms only, so the compositor alone draws it (none with reduced motion: game.app leaves such a roll unthrown)."""

POSES: tuple[tuple[int, int, int], ...] = (
    (-3, -6, -7),
    (3, 5, 6),
    (-2, 8, 3),
    (4, -4, -5),
    (-4, 3, 8),
    (2, -8, -2),
    (4, 7, -8),
    (-3, -3, 5),
    (1, 6, -6),
    (-4, -7, 7),
    (3, 2, 8),
    (-2, 4, -4),
)
"""Where a die comes to rest on the felt: (x, y) in percent of its own size from its place in the row, and an angle in
degrees. app.css draws pose ``k`` for ``.die[data-pose="k"]`` (tests/unit/present/test_throw.py holds the two alike), so that
a die lies as it landed in every draw, a kept table's too, reduced motion included (it appears there, unmoved)."""


def pose(index: int, face: int | None, turn: int) -> int:
    """The pose (an index of :data:`POSES`) a die lands in: from its place, its face and the turn, so that neighbours
    never lie alike (an odd step against an even one), a die thrown again lands elsewhere when its face changes, a
    throw's landing differs from the last turn's, and a held die (its face and turn unchanged) stays where it lies.

    >>> [pose(index, 6, 3) for index in range(5)], pose(0, 5, 3)
    ([3, 6, 9, 0, 3], 1)
    """
    return (turn * 5 + index * 3 + (face or 0) * 2) % len(POSES)


def shelf_order(match: Match) -> tuple[int, ...]:
    """The kept dice, left to right on the shelf: in the tray's order, a computer's in the order of their faces (its
    aim read at a glance: fresh eyes round 93, "he holds 5-1-4-2").

    >>> from game.core.engine import new_match
    >>> from game.core.cards import Seat
    >>> bot = new_match("yacht", ["Ann", Seat.computer("Robin", "good")], seed=1)
    >>> shelf_order(bot.roll(faces=[5, 1, 4, 2, 6]).hold(0).hold(1)), shelf_order(bot.roll(faces=[1] * 5).score("ones").roll(faces=[5, 1, 4, 2, 6]).hold(0).hold(1))
    ((0, 1), (1, 0))
    """
    kept = [index for index, held in enumerate(match.held) if held]
    if computer_plays(match):
        kept.sort(key=lambda index: (match.dice[index], index))
    return tuple(kept)


def shelved(match: Match) -> tuple[int, ...]:
    """Each kept die's move along the shelf, in half places (negative: left): the kept dice stand side by side in its
    middle, in their order, as the dice of a throw do in the row under it; a computer's in the order of their faces. A
    die not kept: 0.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1).roll()
    >>> shelved(m.hold(4)), shelved(m.hold(1).hold(3).hold(4))
    ((0, 0, 0, 0, -4), (0, 0, 0, -2, -2))
    >>> from game.core.cards import Seat
    >>> bot = new_match("yacht", ["Ann", Seat.computer("Robin", "good")], seed=1).roll(faces=[1] * 5).score("ones")
    >>> shelved(bot.roll(faces=[5, 1, 4, 2, 6]).hold(0).hold(1).hold(2).hold(3))  # 1 2 4 5 on its shelf
    (7, -1, 1, -3, 0)
    """
    kept = shelf_order(match)
    start = len(match.held) - len(kept)  # in half places: the middle, to the half place
    moves = [0] * len(match.held)
    for place, index in enumerate(kept):
        moves[index] = start + 2 * place - 2 * index
    return tuple(moves)


def gathered(match: Match) -> tuple[int, ...]:
    """Each die's move along the rolled row, in half places (negative: left; whole places here): the dice the turn's
    last roll threw land side by side in the row's middle, in their order, and any let go since take the places beside
    them, right first; a die kept after the throw leaves its place empty until the next one, so nothing moves under a
    second tap. A die kept now stands on the shelf: 0.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1).roll().hold(0).hold(2)
    >>> gathered(m), gathered(m.roll()), gathered(m.roll().hold(0, False))
    ((0, 0, 0, 0, 0), (0, 0, 0, -2, -2), (8, 0, 0, -2, -2))
    """
    turn: list[Roll | Hold] = []
    for action in reversed(match.actions):
        if not isinstance(action, Roll | Hold):
            break
        turn.append(action)
    dice = match.ruleset.dice
    held, places, let_go = [False] * dice, {i: 2 * i for i in range(dice)}, dict[int, int]()
    for number, action in enumerate(reversed(turn)):
        if isinstance(action, Roll):
            threw = [i for i in range(dice) if number == 0 or not held[i]]
            # In whole places (as many as dice, so a die let go always finds one), the middle's left where it falls
            # between two: the shelf above centres to the half place.
            start = 2 * ((dice - len(threw)) // 2)
            places, let_go = {index: start + 2 * place for place, index in enumerate(threw)}, {}
            free = [*range(start + 2 * len(threw), 2 * dice, 2), *range(start - 2, -1, -2)]
        else:
            held[action.die] = action.held
            if action.die not in places and not action.held:  # kept at the throw, let go since: the first place free
                let_go[action.die] = next(place for place in free if place not in let_go.values())
            elif action.die not in places:
                let_go.pop(action.die, None)
    places |= let_go
    return tuple(0 if match.held[i] else places[i] - 2 * i for i in range(dice))


def turn_of(match: Match) -> int:
    """The turn being played, as one number (game, round and seat): a die's pose changes with it.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1)
    >>> turn_of(m), turn_of(m.roll().score("choice"))
    (0, 1)
    """
    return (match.game * match.rounds + match.round) * len(match.seats) + match.player


def throw(index: int, at: int, dice: int = 5, cup: bool = False) -> tuple[dict[str, object], ...]:
    """A thrown die's flight: in from beyond the felt's left edge (farther for a die further right, so that the
    throw comes from one hand), tumbling across the felt, bouncing once and settling in its pose ``at``
    (:data:`POSES`), where app.css keeps it. Out of the ``cup`` (a turn's first roll, of ``dice`` dice): poured from
    the row's middle, where the cup stood, small as in its mouth, up and out to its place (fresh eyes round 92: "shake
    the cup, then the dice tumble out"). Transforms only: the compositor alone draws it.

    >>> throw(0, 0)[-1]
    {'transform': 'translate(-3%, -6%) rotate(-7deg)'}
    >>> throw(2, 1)[0]["transform"] != throw(0, 1)[0]["transform"]
    True
    >>> throw(0, 0, 5, cup=True)[0], throw(2, 0, 5, cup=True)[0]  # the first die from two places right, the middle's
    ({'transform': 'translate(216%, -20%) rotate(-300deg) scale(0.4)'}, {'transform': 'translate(0%, -20%) rotate(-394deg) scale(0.4)'})
    """
    x, y, angle = POSES[at]
    start = round(160 + index * 118)  # the die's own widths (and a gap) to the edge, and one more
    spin = 300 + (index * 47 + at * 29) % 160
    rest = f"translate({x}%, {y}%) rotate({angle}deg)"
    flight: tuple[dict[str, object], ...]
    if cup:
        middle = round(((dice - 1) / 2 - index) * 108)  # its own widths (and a gap) from the row's middle
        flight = (
            {"transform": f"translate({middle}%, -20%) rotate(-{spin}deg) scale(0.4)"},
            {
                "transform": f"translate({middle * 0.35:.0f}%, -{45 + at * 3}%) rotate(-{spin * 0.3:.0f}deg) scale(1.1)",
                "offset": 0.45,
            },
        )
    else:
        flight = (
            {"transform": f"translate(-{start}%, {30 + index * 4}%) rotate(-{spin}deg) scale(0.82)"},
            {
                "transform": f"translate(-{start * 0.3:.0f}%, -{18 + at * 2}%) rotate(-{spin * 0.3:.0f}deg) scale(1.08)",
                "offset": 0.45,
            },
        )
    landing: tuple[dict[str, object], ...] = (
        {"transform": f"translate({x + 6}%, {y}%) rotate({angle + 10}deg) scale(1)", "offset": LAND},
        {"transform": f"translate({x - 2}%, {y}%) rotate({angle - 3}deg) scale(1)", "offset": 0.86},
        {"transform": rest},
    )
    return flight + landing


FLICK: tuple[dict[str, object], ...] = (
    {
        "transform": f"translateY(-{100 * TUMBLE_FACES / (TUMBLE_FACES + 1):g}%)",
        "easing": f"steps({TUMBLE_FACES}, end)",
    },
    {"transform": "none", "offset": LAND},
    {"transform": "none"},
)
"""Its strip of faces (game.present.markup.die_face), stepped from the first tumbled face back to the face it lands on."""
MOTION = {"duration": round(ROLL_SECONDS * 1000), "easing": "cubic-bezier(0.2, 0.7, 0.3, 1)"}
"""The timing of both (Web Animations options)."""
FLICK_MOTION = {**MOTION, "easing": "linear"}
"""The strip's: the same length, its own steps for easing."""


def tumble(face: int, die: int, sides: int, throw: int) -> tuple[int, ...]:
    """The faces a thrown die shows before it lands on ``face``: varied, never the same twice running.

    ``throw`` tells throws apart (the match's draw count), so the same landing tumbles differently.

    >>> tumble(6, 0, 6, 5), tumble(1, 0, 2, 5)
    ((3, 6, 4, 2), (1, 2, 1, 2))
    >>> all(a != b for a, b in zip(tumble(2, 3, 6, 9) + (2,), tumble(2, 3, 6, 9)[1:] + (2,)))
    True
    """
    out: list[int] = []
    state = (face * 7919 + die * 104729 + throw * 1299709) % 2147483647 or 1
    for _ in range(TUMBLE_FACES):
        state = state * 48271 % 2147483647  # a Lehmer generator: looks random, always the same
        shown = state % sides + 1
        avoid = {out[-1] if out else None, face if len(out) == TUMBLE_FACES - 1 and sides > 2 else None}
        while shown in avoid:
            shown = shown % sides + 1
        out.append(shown)
    return tuple(out)


CHEERS = {
    # Translators: a celebration, shown and spoken when all dice alike are rolled, or a straight is scored; {category}
    # is the box ("Yahtzee for Ann!", "Large Straight for Ann!").
    Cue.YAHTZEE: N_("{category} for {name}!"),
    # Translators: a celebration, when a player's upper section reaches its bonus of {points} points.
    Cue.BONUS: N_("{name} reached the upper bonus: {points} more points!"),
}
"""The words of each cue worth a celebration (a personal best's are :func:`best_cheer`'s)."""


def cheer(match: Match, found: tuple[Cue, ...], t: Text = ENGLISH) -> str:
    """The celebration of a step's cues (:func:`cues`), most notable first; "" when there is none. A Yahtzee's is the
    roll's: it goes to the player whose dice show it.

    >>> from game.core.engine import new_match
    >>> m = new_match("yatzy", ["Ann"], seed=1)
    >>> after = m.roll(faces=[4] * 5)
    >>> cheer(after, cues(m, after)), cheer(after.score("yatzy"), (Cue.SCORE,))
    ('Yatzy for Ann!', '')
    """
    if not celebrates(match, found):
        return ""
    last = match.last_scored
    name = match.current_name if Cue.ROLL in found or last is None else match.seats[last.player].name

    def alike() -> str:
        box = match.ruleset.yahtzee_id
        assert box is not None  # cues finds Cue.YAHTZEE only under rules with that box (a bonus needs it too)
        return said(t, CHEERS[Cue.YAHTZEE], name, category=match.ruleset.category(box).display(t))

    words = {
        Cue.YAHTZEE: alike,
        Cue.BONUS: lambda: said(t, CHEERS[Cue.BONUS], name, points=match.ruleset.upper_bonus_amount),
        Cue.STRAIGHT: lambda: said(
            t, CHEERS[Cue.YAHTZEE], name, category=match.ruleset.category(last.category).display(t) if last else ""
        ),
    }
    return " ".join(words[cue]() for cue in (Cue.YAHTZEE, Cue.STRAIGHT, Cue.BONUS) if cue in found)


def past_best(name: str, best: int, t: Text = ENGLISH) -> str:
    """The celebration of a total that has just passed its person's best, mid-game (the end says "A new best").

    >>> from game.present.you import you_name
    >>> past_best("Ann", 149), past_best(you_name(), 149)
    ('Ann is past their best of 149!', 'Past your best of 149!')
    """
    # Translators: a celebration mid-game: {name}'s total has just passed their best total so far ({best} points).
    return said(t, "{name} is past their best of {best}!", name, best=best)


def best_cheer(bests: tuple[tuple[str, int], ...], t: Text = ENGLISH) -> str:
    """The celebration of personal best totals (game.records.stats.new_bests).

    >>> best_cheer((("Ann", 271),))
    'A personal best for Ann: 271 points!'
    """
    # Translators: a celebration at the end of a game: {name}'s highest total so far under these rules.
    return " ".join(
        said_n(
            t,
            "A personal best for {name}: {count} point!",
            "A personal best for {name}: {count} points!",
            total,
            name,
        )
        for name, total in bests
    )


def rating_cheer(bests: tuple[tuple[str, float], ...], t: Text = ENGLISH) -> str:
    """The celebration of new best ratings (game.records.rating.new_best_ratings): mean points lost per decision.

    >>> rating_cheer((("Ann", 0.184),))
    'A new best rating for Ann: 0.18 per decision!'
    """
    # Translators: a celebration at the end of a game: {name}'s rating (mean points lost per decision against the
    # optimal player, lower is better) is the best it has been; {value} is that rating ("0.18").
    return " ".join(
        said(t, "A new best rating for {name}: {value} per decision!", name, value=t.number(value, 2))
        for name, value in bests
    )


Gained = tuple[str, str, tuple[int, ...], tuple[bool, ...]]
"""A person's box just written, as the felt shows it (:func:`gained`): its points, its name, the roll, what counted."""


def gained(match: Match, t: Text = ENGLISH) -> Gained:
    """A person's box just written, as the felt shows it large until the next roll ("+25", "Full House") over the
    roll's dice, each marked whether it counted (an upper box's faces, all of a lower box's), where the cup waits
    (app.css; fresh eyes rounds 93 and 94: "scoring feels like filling in a form", "the dice vanish: the table goes
    empty"; round 103: "keep all five, the others dimmed"). ("", "", (), ()) where there is none: a roll since, a box
    crossed out, a computer's box (its line and its word say it), the game over.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[3, 5, 3, 3, 5])
    >>> gained(m.score("full_house"))[2:], gained(m.score("threes")), gained(m.score("full_house").roll())
    (((3, 5, 3, 3, 5), (True, True, True, True, True)), ('+9', 'Threes', (3, 5, 3, 3, 5), (True, False, True, True, False)), ('', '', (), ()))
    >>> gained(m.score("yahtzee"))  # crossed out: quiet
    ('', '', (), ())
    """
    last = match.last_scored
    if last is None or match.phase is not Phase.FIRST_ROLL or match.game_over or match.finished:
        return "", "", (), ()
    points = match.cards[last.game][last.player].scores[last.category]
    if last.game != len(match.cards) - 1 or match.seats[last.player].kind is not SeatKind.HUMAN or not points:
        return "", "", (), ()
    return f"+{points}", match.ruleset.category(last.category).display(t), *scored_roll(match)


def scored_roll(match: Match) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """The last box's roll, each die marked whether it counted (an upper box's faces, all of a lower box's); (), ()
    before any box.

    >>> from game.core.engine import new_match
    >>> scored_roll(new_match("yacht", ["Ann"], seed=1).roll(faces=[2, 6, 2, 1, 2]).score("twos"))
    ((2, 6, 2, 1, 2), (True, False, True, False, True))
    """
    last = match.last_scored
    if last is None:
        return (), ()
    face = match.ruleset.category(last.category).face
    return tuple(last.dice), tuple(not face or die == face for die in last.dice)
