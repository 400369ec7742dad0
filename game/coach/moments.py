"""What a step at the table makes happen, as facts: what it sounds like (its cues), the moment it celebrates and for
how long, which dice it threw, whose hands the phone goes to, and whether the match is under way or over.

The app decides with these (game.app.table: a celebration's timer, a step's sound); game.present.feel words them
and draws the dice's flight.

>>> from game.core.engine import new_match
>>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1)
>>> after = m.roll(faces=[2, 2, 2, 2, 3])
>>> cues(m, after), sorted(thrown(m, after))
((<Cue.ROLL: 'roll'>,), [0, 1, 2, 3, 4])
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.core.actions import Finish, NextGame
from game.core.cards import SeatKind, Standing
from game.core.engine import Match

__all__ = [
    "Cue",
    "MOMENT_SECONDS",
    "Moment",
    "FINALE",
    "GameEnd",
    "game_end",
    "all_alike",
    "bonus_near",
    "celebrates",
    "cues",
    "current_seat",
    "finale",
    "handover",
    "its_box",
    "holder",
    "in_progress",
    "match_over",
    "moment",
    "Mood",
    "mood",
    "Quip",
    "quip",
    "reaction",
    "thrown",
    "took_lead",
]


class Cue(Enum):
    """Something at the table a player may hear (and, for a roll, feel)."""

    ROLL = "roll"
    HOLD = "hold"
    SCORE = "score"
    STRAIGHT = "straight"  # a straight (or a full house) scored for its points
    BONUS = "bonus"  # the upper bonus reached
    YAHTZEE = "yahtzee"  # all dice alike, on the roll that shows them (its score is then a plain score)
    BEST = "best"  # a personal best total


class Moment(Enum):
    """A celebration at the table, as a fact (the view words it, the page draws it): a Yahtzee stops the table for a
    moment (the dice jump, confetti, its name large), the others are a banner under the header. None covers Menu or
    Roll; reduced motion shows them unmoved; Sound and look's sound setting decides whether they are heard."""

    YAHTZEE = "yahtzee"  # all dice alike: the big one
    BONUS = "bonus"  # the upper bonus reached
    STRAIGHT = "straight"  # a straight (or a full house) scored
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

RISING_SECONDS = 1.2
"""How long a smaller moment's words take to rise over the dice and fade (app.css's moment-float): a computer to move
next waits for them, or its first roll came under words that were about the person's box (fresh eyes round 50)."""


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
        if last.points and ("straight" in last.category or last.category == "full_house"):
            out.append(Cue.STRAIGHT)  # a made hand the table cheers, a full house as a straight
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


NEAR_BONUS = 10
"""An upper bonus this few points away, with an upper box still open to reach it, is nearly won: the card shows it."""


def bonus_near(match: Match, seat: int) -> bool:
    """Whether ``seat``'s upper bonus in the current game is not yet reached but within :data:`NEAR_BONUS` points,
    with an upper box still open.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann"], seed=1)
    >>> for box, faces in (("sixes", [6] * 4 + [1]), ("fives", [5] * 4 + [1]), ("fours", [4, 4, 4, 1, 2])):
    ...     m = m.roll(faces=faces).score(box)
    >>> bonus_near(m, 0), bonus_near(new_match("yahtzee", ["Ann"], seed=1), 0)
    (True, False)
    """
    ruleset, scores = match.ruleset, match.cards[match.game][seat].scores
    totals = match.totals(seat, match.game)
    short = ruleset.upper_bonus_threshold - totals.upper_subtotal
    reachable = any(category.id not in scores for category in ruleset.upper)
    return bool(ruleset.upper_bonus_amount) and not totals.upper_bonus and 0 < short <= NEAR_BONUS and reachable


def bonus_reached(match: Match, seat: int) -> bool:
    """Whether ``seat``'s upper bonus in the current game came with the box written last.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann"], seed=1)
    >>> for face, box in zip((1, 2, 3, 4, 5), ("ones", "twos", "threes", "fours", "fives")):
    ...     m = m.roll(faces=[face] * 4 + [6]).score(box)
    >>> m = m.roll(faces=[6, 6, 6, 1, 2]).score("sixes")
    >>> bonus_reached(m, 0), bonus_reached(m.roll(faces=[6, 6, 6, 6, 2]).score("chance"), 0)
    (True, False)
    """
    last, ruleset = match.last_scored, match.ruleset
    if last is None or last.player != seat or last.game != len(match.cards) - 1 or not ruleset.upper_bonus_amount:
        return False
    totals = match.totals(seat, last.game)
    upper = ruleset.category(last.category) in ruleset.upper
    points = match.cards[last.game][seat].scores[last.category]
    return upper and bool(totals.upper_bonus) and totals.upper_subtotal - points < ruleset.upper_bonus_threshold


def its_box(match: Match) -> tuple[str, int] | None:
    """The Yahtzee on the table's own box and what it would write there, while that box is open (None otherwise):
    what its moment offers to score at once.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[3] * 5)
    >>> its_box(m), its_box(m.score("yahtzee").roll(faces=[3] * 5)), its_box(m.score("chance"))
    (('yahtzee', 50), None, None)
    """
    box = match.ruleset.yahtzee_id
    points = match.options().get(box) if box is not None and all_alike(match) else None
    return (box, points) if box is not None and points else None


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


def celebrates(match: Match, found: tuple[Cue, ...]) -> bool:
    """Whether a step's cues are celebrated (:func:`cheer` words them): a Yahtzee rolled, or a box scored that makes
    a Yahtzee, a straight or the upper bonus.

    >>> from game.core.engine import new_match
    >>> m = new_match("yatzy", ["Ann"], seed=1)
    >>> celebrates(m.roll(faces=[4] * 5), cues(m, m.roll(faces=[4] * 5))), celebrates(m, (Cue.ROLL,))
    (True, False)
    >>> from game.core.cards import Seat
    >>> bot = new_match("yahtzee", ["Ann", Seat.computer("Robin", "good")], seed=1).roll(faces=[1] * 5).score("ones")
    >>> celebrates(bot.roll(faces=[1, 2, 3, 4, 5]).score("large_straight"), (Cue.STRAIGHT,))  # its line says it
    False
    """
    if Cue.ROLL in found:
        return Cue.YAHTZEE in found
    last = match.last_scored
    # A computer's straight or bonus written is said by its line and its quip over the person's next turn: celebrated
    # there too, it hid the cup that turn rolls from for two seconds (fresh eyes round 92: "a bare felt").
    if last is None or match.seats[last.player].kind is not SeatKind.HUMAN:
        return False
    return any(cue in found for cue in (Cue.YAHTZEE, Cue.STRAIGHT, Cue.BONUS))


FINALE = Cue.BEST
"""The cue whose fanfare closes a match (game.app.sounds' one fanfare of three steps up, a personal best's too)."""


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


def current_seat(match: Match) -> int | None:
    """The seat whose column is marked as playing (None between games and after the match)."""
    return None if match.game_over or match.finished else match.player


def computer_plays(match: Match) -> bool:
    """Whether a computer plays the turn now (none does between games and after the match).

    >>> from game.core.engine import new_match
    >>> from game.core.cards import Seat
    >>> m = new_match("yahtzee", ["Ann", Seat.computer("Robin", "good")], seed=1)
    >>> computer_plays(m), computer_plays(m.roll(faces=[1, 2, 3, 4, 6]).score("chance"))
    (False, True)
    """
    seat = current_seat(match)
    return seat is not None and match.seats[seat].kind is SeatKind.COMPUTER


class Quip(Enum):
    """What a computer says of the box it has just written, beside it at the table: its character (fresh eyes rounds
    54 to 64: "Robin has no personality"), no fact the game needs."""

    FIVE_ALIKE = "five-alike"  # its Yahtzee
    CROSSED_OUT = "crossed-out"  # a box written for nothing
    AHEAD = "ahead"  # the box took it into the lead
    PROUD = "proud"  # a box of 25 points or more
    SHOW_OFF = "show-off"  # a person's Yahtzee, rolled at its table
    STUNG = "stung"  # a person's upper bonus reached


def quip(match: Match) -> Quip | None:
    """What the computer whose box was written last says of it, where it is worth a word (None: a person's box).

    >>> from game.core.engine import new_match
    >>> from game.core.cards import Seat
    >>> m = new_match("yahtzee", ["Ann", Seat.computer("Robin", "good")], seed=1).roll(faces=[1, 2, 3, 4, 6])
    >>> m = m.score("chance")
    >>> quip(m), quip(m.roll(faces=[5] * 5).score("yahtzee")), quip(m.roll(faces=[1, 1, 2, 3, 5]).score("sixes"))
    (None, <Quip.FIVE_ALIKE: 'five-alike'>, <Quip.CROSSED_OUT: 'crossed-out'>)
    >>> quip(m.roll(faces=[6, 6, 6, 6, 1]).score("sixes")), quip(m.roll(faces=[3, 3, 1, 2, 5]).score("threes"))
    (<Quip.AHEAD: 'ahead'>, None)
    """
    last = match.last_scored
    if last is None or match.seats[last.player].kind is not SeatKind.COMPUTER:
        return None
    points = match.cards[last.game][last.player].scores[last.category]
    if last.category == match.ruleset.yahtzee_id and points:
        return Quip.FIVE_ALIKE
    if not points:
        return Quip.CROSSED_OUT
    if took_lead(match) == last.player:
        return Quip.AHEAD
    return Quip.PROUD if points >= 25 else None


def took_lead(match: Match) -> int | None:
    """The seat the box written last took into the lead of its game, alone, from level or behind (None: none did; the
    first points of a game lead nobody past anyone).

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[1, 2, 3, 4, 6]).score("chance")
    >>> took_lead(m), took_lead(m.roll(faces=[6, 6, 6, 6, 1]).score("sixes")), took_lead(m.roll(faces=[1] * 5).score("ones"))
    (None, 1, None)
    """
    last = match.last_scored
    if last is None or len(match.seats) < 2 or last.game != len(match.cards) - 1:
        return None
    totals = match.game_totals(last.game)
    mine, others = totals[last.player], max(total for seat, total in enumerate(totals) if seat != last.player)
    points = match.cards[last.game][last.player].scores[last.category]
    bonus = match.ruleset.upper_bonus_amount if bonus_reached(match, last.player) else 0
    return last.player if mine > others >= mine - points - last.bonus - bonus and others else None


def reaction(match: Match, moment: Moment) -> Quip | None:
    """What the computer at the table says of a person's Yahtzee rolled or upper bonus reached, under the moment
    (None: no computer plays, or the moment is a computer's own). Fresh eyes round 71: "let Robin react to your big
    moments".

    >>> from game.core.engine import new_match
    >>> from game.core.cards import Seat
    >>> m = new_match("yahtzee", ["Ann", Seat.computer("Robin", "good")], seed=1).roll(faces=[4] * 5)
    >>> reaction(m, Moment.YAHTZEE), reaction(new_match("yahtzee", ["Ann"], seed=1).roll(faces=[4] * 5), Moment.YAHTZEE)
    (<Quip.SHOW_OFF: 'show-off'>, None)
    >>> reaction(m.score("fours"), Moment.BONUS), reaction(m.score("fours").roll(faces=[4] * 5), Moment.YAHTZEE)
    (<Quip.STUNG: 'stung'>, None)
    """
    said = {Moment.YAHTZEE: Quip.SHOW_OFF, Moment.BONUS: Quip.STUNG}.get(moment)
    seat = match.last_scored.player if moment is Moment.BONUS and match.last_scored else match.player
    computers = any(kind.kind is SeatKind.COMPUTER for kind in match.seats)
    return said if said is not None and computers and _person(match, seat) else None


class Mood(Enum):
    """How the computer at the table looks at the score: its face on the felt (fresh eyes round 71: "give Robin
    moods tied to the score")."""

    AHEAD = "ahead"
    LEVEL = "level"
    BEHIND = "behind"


def mood(match: Match) -> Mood | None:
    """How the first computer at the table stands against the best other seat in this game (None: no computer).

    >>> from game.core.engine import new_match
    >>> from game.core.cards import Seat
    >>> m = new_match("yahtzee", ["Ann", Seat.computer("Robin", "good")], seed=1)
    >>> mood(m), mood(m.roll(faces=[6] * 5).score("sixes")), mood(new_match("yahtzee", ["Ann"], seed=1))
    (<Mood.LEVEL: 'level'>, <Mood.BEHIND: 'behind'>, None)
    """
    robots = [seat for seat, kind in enumerate(match.seats) if kind.kind is SeatKind.COMPUTER]
    if not robots or len(match.seats) < 2:
        return None
    totals = match.game_totals()
    mine = totals[robots[0]]
    best = max(total for seat, total in enumerate(totals) if seat != robots[0])
    return Mood.AHEAD if mine > best else Mood.BEHIND if mine < best else Mood.LEVEL


def in_progress(match: Match | None) -> bool:
    """Whether leaving ``match`` would lose play: started, and neither finished nor done with its planned games.

    >>> from game.core.engine import new_match
    >>> in_progress(new_match("yacht", seed=1)), in_progress(new_match("yacht", seed=1).roll())
    (False, True)
    """
    if match is None or match.finished or not match.actions:
        return False
    return not (match.game_over and len(match.cards) >= match.games)


@dataclass(frozen=True)
class GameEnd:
    """A game's end as facts: which game, whether the match is over with it, the standings, and whether Next game
    and Finish are offered (game.present.standings.results words it as the standings panel)."""

    game: int
    final: bool
    standings: tuple[Standing, ...]
    can_next: bool
    can_finish: bool


def game_end(match: Match) -> GameEnd | None:
    """The end of the game just played (None while a game is being played): Next game is offered only between the
    planned games (never adding one), Finish the match only there (ending it early).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], games=2, seed=1)
    >>> game_end(m) is None
    True
    >>> for box in m.open_categories():
    ...     m = m.roll(faces=[6] * 5).score(box)
    >>> end = game_end(m)
    >>> end.final, end.can_next, end.can_finish, game_end(m.finish()).final
    (False, True, True, True)
    """
    if not (match.game_over or match.finished):
        return None
    final = match_over(match)
    between = not final and match.is_legal(NextGame())
    return GameEnd(match.game, final, match.standings(), between, between and match.is_legal(Finish()))
