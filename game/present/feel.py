"""The feel of the table: what a step sounds like, which dice tumble, whose hands the phone goes to.

Pure and standard-library only: the shell plays the cues (game.shell.sound), animates the dice it is
told were thrown, shows the pass-the-phone screen and the celebrations, all decided here.

>>> from game.core.engine import new_match
>>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1)
>>> after = m.roll(faces=[2, 2, 2, 2, 3])
>>> cues(m, after), sorted(thrown(m, after))
((<Cue.ROLL: 'roll'>,), [0, 1, 2, 3, 4])
"""

from __future__ import annotations

from enum import Enum

from game.coach.pacing import ROLL_SECONDS
from game.core.cards import SeatKind
from game.core.engine import Match
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
    "finale",
    "handover",
    "match_over",
    "moment",
    "pose",
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


def turn_of(match: Match) -> int:
    """The turn being played, as one number (game, round and seat): a die's pose changes with it.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1)
    >>> turn_of(m), turn_of(m.roll().score("choice"))
    (0, 1)
    """
    return (match.game * match.rounds + match.round) * len(match.seats) + match.player


def throw(index: int, at: int) -> tuple[dict[str, object], ...]:
    """A thrown die's flight: in from beyond the felt's left edge (farther for a die further right, so that the
    throw comes from one hand), tumbling across the felt, bouncing once and settling in its pose ``at``
    (:data:`POSES`), where app.css keeps it. Transforms only: the compositor alone draws it.

    >>> throw(0, 0)[-1]
    {'transform': 'translate(-3%, -6%) rotate(-7deg)'}
    >>> throw(2, 1)[0]["transform"] != throw(0, 1)[0]["transform"]
    True
    """
    x, y, angle = POSES[at]
    start = round(160 + index * 118)  # the die's own widths (and a gap) to the edge, and one more
    spin = 300 + (index * 47 + at * 29) % 160
    rest = f"translate({x}%, {y}%) rotate({angle}deg)"
    return (
        {"transform": f"translate(-{start}%, {30 + index * 4}%) rotate(-{spin}deg) scale(0.82)"},
        {
            "transform": f"translate(-{start * 0.3:.0f}%, -{18 + at * 2}%) rotate(-{spin * 0.3:.0f}deg) scale(1.08)",
            "offset": 0.45,
        },
        {"transform": f"translate({x + 6}%, {y}%) rotate({angle + 10}deg) scale(1)", "offset": LAND},
        {"transform": f"translate({x - 2}%, {y}%) rotate({angle - 3}deg) scale(1)", "offset": 0.86},
        {"transform": rest},
    )


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


class Cue(Enum):
    """Something at the table a player may hear (and, for a roll, feel)."""

    ROLL = "roll"
    HOLD = "hold"
    SCORE = "score"
    STRAIGHT = "straight"  # a straight scored for its points
    BONUS = "bonus"  # the upper bonus reached
    YAHTZEE = "yahtzee"  # all dice alike, on the roll that shows them (its score is then a plain score)
    BEST = "best"  # a personal best total


class Moment(Enum):
    """A celebration at the table, as a fact (the view words it, the page draws it): a Yahtzee stops the table for a
    moment (the dice jump, confetti, its name large), the others are a banner under the header. None covers Menu or
    Roll; reduced motion shows them unmoved; Sound and look's sound setting decides whether they are heard."""

    YAHTZEE = "yahtzee"  # all dice alike: the big one
    BONUS = "bonus"  # the upper bonus reached
    STRAIGHT = "straight"  # a straight scored
    BEST = "best"  # a personal best total
    RATING = "rating"  # a new best rating (game.records.rating.new_best_ratings)


MOMENT_SECONDS = {
    Moment.YAHTZEE: 2.2,
    Moment.BONUS: 3.0,
    Moment.STRAIGHT: 2.0,
    Moment.BEST: 3.0,
    Moment.RATING: 3.0,
}
"""How long each moment stays unless a tap skips it: a Yahtzee stops the table about a second and a half once its
dice have landed (it comes with the roll: app.css holds it back while they tumble, game.coach.pacing.ROLL_SECONDS);
a banner, which stops nothing, stays long enough to be read."""


def moment(found: tuple[Cue, ...]) -> Moment | None:
    """The moment a step's cues (:func:`cues`) make, the biggest of them; None for none.

    >>> moment((Cue.SCORE, Cue.BONUS, Cue.YAHTZEE)), moment((Cue.SCORE, Cue.STRAIGHT)), moment((Cue.ROLL,))
    (<Moment.YAHTZEE: 'yahtzee'>, <Moment.STRAIGHT: 'straight'>, None)
    """
    for cue, big in ((Cue.YAHTZEE, Moment.YAHTZEE), (Cue.BONUS, Moment.BONUS), (Cue.STRAIGHT, Moment.STRAIGHT)):
        if cue in found:
            return big
    return None


def thrown(before: Match, after: Match) -> frozenset[int]:
    """The dice a step threw: every die not held when the roll was made (none if the step was no roll).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1).roll(faces=[1, 2, 3, 4, 5]).hold(0).hold(4)
    >>> sorted(thrown(m, m.roll(faces=[6, 6, 6]))), sorted(thrown(m, m.hold(1)))
    ([1, 2, 3], [])
    """
    rolled = (
        len(after.actions) > len(before.actions)  # undo takes actions back: nothing is thrown
        and after.rolls == before.rolls + 1
        and after.player == before.player
        and after.game == before.game
    )
    if not rolled:
        return frozenset()
    return frozenset(i for i, held in enumerate(before.held) if not held or not before.dice)


def cues(before: Match, after: Match) -> tuple[Cue, ...]:
    """What a step sounds like, plainest first: a roll (and the Yahtzee it shows), a hold, a score and what the score
    brought. A Yahtzee is celebrated on the roll that shows it, the moment it happens; scoring it is a plain score
    (nothing said twice).

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann"], seed=1)
    >>> cues(m, m.roll(faces=[6, 6, 6, 6, 6])), cues(m, m.roll(faces=[6, 6, 6, 6, 5]))
    ((<Cue.ROLL: 'roll'>, <Cue.YAHTZEE: 'yahtzee'>), (<Cue.ROLL: 'roll'>,))
    >>> m = m.roll(faces=[6, 6, 6, 6, 6])
    >>> cues(m, m.score("yahtzee")), cues(m, m.hold(2)), cues(m, m)
    ((<Cue.SCORE: 'score'>,), (<Cue.HOLD: 'hold'>,), ())
    """
    if len(after.actions) <= len(before.actions):  # an undo, or nothing done: silence
        return ()
    last = after.last_scored
    if last is not None and last is not before.last_scored:
        out = [Cue.SCORE]
        if "straight" in last.category and last.points:
            out.append(Cue.STRAIGHT)
        bonus = before.totals(last.player).upper_bonus if last.game == before.game else 0
        if after.totals(last.player, last.game).upper_bonus > bonus:
            out.append(Cue.BONUS)
        return tuple(out)
    if thrown(before, after):
        return (Cue.ROLL, Cue.YAHTZEE) if all_alike(after) else (Cue.ROLL,)
    if after.held != before.held and after.dice == before.dice:
        return (Cue.HOLD,)
    return ()


def all_alike(match: Match) -> bool:
    """Whether the dice on the table are a Yahtzee: all alike, under rules with a box for it (Yahtzee, Yatzy, Maxi
    Yatzy's six alike).

    >>> from game.core.engine import new_match
    >>> all_alike(new_match("yahtzee", ["Ann"], seed=1).roll(faces=[3] * 5)), all_alike(new_match("yahtzee", ["Ann"]))
    (True, False)
    """
    dice = match.dice
    return match.ruleset.yahtzee_id is not None and len(dice) > 1 and len(set(dice)) == 1


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


def handover(match: Match, enabled: bool) -> str | None:
    """The person to hand the phone to now, if the pass screen is on and due, else None.

    Due at the start of a person's turn when the last person to play was someone else: between
    people, never between a person and the computers, never before the match's first turn.

    >>> from game.core.cards import Seat
    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", Seat.computer("Cy", "easy"), "Bob"], seed=1)
    >>> handover(m, True), handover(m.roll().score("choice"), True)
    (None, None)
    >>> handover(new_match("yacht", [Seat.computer("Cy", "easy")], seed=1).roll().score("choice"), True) is None
    True
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1).roll().score("choice")
    >>> handover(m, True), handover(m, False), handover(m.roll(), True)
    ('Bob', None, None)
    """
    if (
        not enabled
        or not match.actions
        or match.game_over
        or match.finished
        or match.rolls
        or not _person(match, match.player)
    ):
        return None
    seats = len(match.seats)
    last_person = next(
        seat for seat in ((match.player - step) % seats for step in range(1, seats + 1)) if _person(match, seat)
    )
    return match.current_name if last_person != match.player else None


def holder(match: Match) -> int | None:
    """The seat of the person who acted last (who holds the phone), or None before any person acted.

    Replays the match's actions from its seed: only asked for at a match's end, to name who the result goes to.

    >>> from game.core.cards import Seat
    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob", Seat.computer("Cy", "easy")], seed=1)
    >>> holder(m), holder(m.roll().score("choice")), holder(m.roll().score("choice").roll().score("yacht").roll())
    (None, 0, 1)
    """
    replay, last = match.begun(), None
    for action in match.actions:
        if not replay.game_over and not replay.finished and _person(replay, replay.player):
            last = replay.player
        replay = replay.apply(action)
    return last


CHEERS = {
    # Translators: a celebration, shown and spoken when all dice alike are rolled, or a straight is scored; {category}
    # is the box ("Yahtzee for Ann!", "Large Straight for Ann!").
    Cue.YAHTZEE: N_("{category} for {name}!"),
    # Translators: a celebration, when a player's upper section reaches its bonus of {points} points.
    Cue.BONUS: N_("{name} reached the upper bonus: {points} more points!"),
}
"""The words of each cue worth a celebration (a personal best's are :func:`best_cheer`'s)."""


def celebrates(match: Match, found: tuple[Cue, ...]) -> bool:
    """Whether a step's cues are celebrated (:func:`cheer` words them): a Yahtzee rolled, or a box scored that makes
    a Yahtzee, a straight or the upper bonus.

    >>> from game.core.engine import new_match
    >>> m = new_match("yatzy", ["Ann"], seed=1)
    >>> celebrates(m.roll(faces=[4] * 5), cues(m, m.roll(faces=[4] * 5))), celebrates(m, (Cue.ROLL,))
    (True, False)
    """
    if Cue.ROLL in found:
        return Cue.YAHTZEE in found
    return match.last_scored is not None and any(cue in found for cue in (Cue.YAHTZEE, Cue.STRAIGHT, Cue.BONUS))


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


FINALE = Cue.BEST
"""The cue whose fanfare closes a match (game.present.sounds' one fanfare of three steps up, a personal best's too)."""


def match_over(match: Match) -> bool:
    """Whether the match has ended: finished, or its last planned game played (no next game is offered).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], games=2, seed=1)
    >>> for box in m.open_categories():
    ...     m = m.roll().score(box)
    >>> match_over(m), match_over(m.finish())
    (False, True)
    """
    return match.finished or (match.game_over and not match.more_games_planned)


def finale(before: Match, after: Match) -> bool:
    """Whether a step brought the match to its end: its last planned game played, or finished early.

    The winner scene then takes the stage (game.present.standings.results) and the fanfare of :data:`FINALE` plays.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> for box in m.open_categories()[:-1]:
    ...     m = m.roll().score(box)
    >>> last = m.roll()
    >>> finale(last, last.score(last.open_categories()[0])), finale(m, last)
    (True, False)
    """
    return len(after.actions) > len(before.actions) and match_over(after) and not match_over(before)


def _person(match: Match, seat: int) -> bool:
    return match.seats[seat].kind is SeatKind.HUMAN
