"""A challenge: one person's finished game sent by link, played again on the very same dice, and compared.

A match's dice come from their slots (game.core.dice.seat_face: the seed, the game, the round, the seat,
the roll and the die's place). A person's turns of the first game, taken out of a match with computers and
replayed alone, keep their seat's dice (Match.alone); a friend who opens the link plays on the challenger's
seat's dice, meets the same first roll each round, and where their keeps or boxes differ from the
challenger's, that is a choice, not luck. Only the first game of a match can be sent:
the game's index is part of the slot, and a challenge is a one-game match.

Pure and standard library only; the optimal player's game asks an advisor (game.coach.advisor) for each choice.

>>> from game.core.cards import Seat
>>> from game.core.engine import new_match
>>> table = new_match("yacht", ["Ann", Seat.computer("Robin", "easy")], seed=5)
>>> for box in table.open_categories():
...     table = table.roll().score(box).roll().score(box)
>>> offerable(table), person(table)
(True, 0)
>>> alone = solo(table)
>>> alone.players, alone.cards[0][0] == table.cards[0][0]
(('Ann',), True)
>>> friend = alone.alone(0, Seat.human("Bob"))
>>> for box in reversed(friend.open_categories()):
...     friend = friend.roll().score(box)
>>> shown = compare(friend, alone)
>>> shown.theirs_total == alone.totals(0).grand_total, len(shown.differences) > 0
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.actions import Finish, NextGame, Roll, Score
from game.core.cards import Level, Seat, SeatKind
from game.core.dice import Draw
from game.core.engine import Match, new_match  # noqa: F401 - the doctests use it
from game.core.i18n import ENGLISH, Text

if TYPE_CHECKING:  # the advisor is asked only for the optimal player's game; its module loads the tables
    from game.coach.advisor import Advisor
    from game.coach.session import Session

__all__ = [
    "Turn",
    "Difference",
    "Comparison",
    "person",
    "offerable",
    "challengeable",
    "challenge_hints",
    "playable",
    "applies",
    "solo",
    "turns",
    "differences",
    "optimal_game",
    "compare",
    "line",
    "invitation",
    "welcome",
    "outcome",
    "optimal_text",
    "turn_text",
    "difference_text",
]


@dataclass(frozen=True)
class Turn:
    """One turn of a person: its round (0-based), the faces kept before each reroll (ascending), and the
    box the dice went in with the points written there (``bonus``: a further five of a kind's)."""

    round: int
    keeps: tuple[tuple[int, ...], ...]
    category: str
    points: int
    bonus: int = 0

    @property
    def choices(self) -> tuple:
        """What the person chose this turn: every keep, then the box."""
        return (*self.keeps, self.category)


@dataclass(frozen=True)
class Difference:
    """A round where the two people chose differently: the friend's turn (``yours``) and the challenger's."""

    round: int
    yours: Turn
    theirs: Turn


@dataclass(frozen=True)
class Comparison:
    """Two finished games on one seed as plain values: each box and total side by side (``rows``: row key
    -> (yours, theirs), a box left open is None), the rounds where the choices differed and the optimal
    player's total on the same dice (None where it is not known)."""

    challenger: str
    yours_total: int
    theirs_total: int
    rows: tuple[tuple[str, int | None, int | None], ...]
    differences: tuple[Difference, ...]
    optimal: int | None = None

    def row(self, key: str) -> tuple[int | None, int | None]:
        """(yours, theirs) of one row (a box, or a total such as ``grand_total``).

        >>> Comparison("Ann", 5, 7, (("chance", 5, 7),), ()).row("chance")
        (5, 7)
        """
        return next(((mine, other) for at, mine, other in self.rows if at == key), (None, None))


# ----------------------------------------------------------------------------- which games


def person(match: Match) -> int | None:
    """The seat of the one person at the table (computers beside them or not); None for no person or several.

    >>> person(new_match("yacht", ["Ann", Seat.computer("Robin")], seed=1)), person(new_match("yacht", ["Ann", "Bob"], seed=1))
    (0, None)
    """
    people = [index for index, seat in enumerate(match.seats) if seat.kind is SeatKind.HUMAN]
    return people[0] if len(people) == 1 else None


def offerable(match: Match) -> bool:
    """Whether "Challenge a friend" is offered: the match's first game is over (only the first: a later
    game's dice are another game's slots), exactly one person played it, and its dice came from their
    slots (a match begun before links drew them in sequence and cannot be replayed elsewhere, nor one of real dice),
    and from this phone's own seed: a typed seed deals its dice to whoever types it (game.core.dice.Draw.TYPED).

    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> for box in m.open_categories():
    ...     m = m.roll().score(box)
    >>> offerable(m), offerable(new_match("yacht", ["Ann"], seed=1)), offerable(m.next_game())
    (True, False, False)
    """
    if match.draw is not Draw.SEAT:  # real dice (game.core.entered) are nobody else's to replay
        return False
    return len(match.cards) == 1 and match.game_over and person(match) is not None


def playable(theirs: Match) -> bool:
    """Whether a challenge link's game can be played against: one person's finished first game.

    >>> playable(new_match("yacht", ["Ann"], seed=1))
    False
    """
    return offerable(theirs) and len(theirs.seats) == 1


def applies(theirs: Match | None, mine: Match) -> bool:
    """Whether ``mine`` is a game against the challenge ``theirs``: one person, the same rules, seed and dice.

    >>> applies(new_match("yacht", ["Ann"], seed=1), new_match("yacht", ["Bob"], seed=1))
    True
    >>> applies(new_match("yacht", ["Ann"], seed=1), new_match("yacht", ["Bob"], seed=2))
    False
    """
    return (
        theirs is not None
        and len(mine.seats) == 1
        and mine.seats[0].kind is SeatKind.HUMAN
        and (mine.ruleset, mine.seed, mine.draw, mine.dice_seats)
        == (theirs.ruleset, theirs.seed, theirs.draw, theirs.dice_seats)
    )


def solo(match: Match, seat: int | None = None) -> Match:
    """The person's turns of the first game alone: a one-game match of that seat on the same rules, seed
    and dice (that seat's own), so it ends with the same card.

    >>> from game.core.cards import Seat
    >>> m = new_match("yacht", [Seat.computer("Robin", "easy"), "Ann"], seed=3).roll().score("choice").roll()
    >>> solo(m).players, solo(m).dice == m.dice, solo(m).player
    (('Ann',), True, 0)
    """
    if seat is None:
        seat = person(match)
        if seat is None:
            raise ValueError("no one person at the table: name the seat to replay alone")
    alone = match.alone(seat)
    table = match.begun()
    for action in match.actions:
        if isinstance(action, (NextGame, Finish)):
            break
        if table.player == seat:
            alone = alone.apply(action)
        table = table.apply(action)
    return alone


def turns(match: Match, seat: int = 0) -> tuple[Turn, ...]:
    """A seat's finished turns of the first game: what it kept before each reroll and where it scored.

    >>> m = new_match("yacht", ["Ann"], seed=1).roll(faces=[6, 6, 2, 3, 6]).hold(0).hold(1).hold(4)
    >>> turns(m.roll(faces=[6, 1]).roll(faces=[6, 6]).score("yacht"))
    (Turn(round=0, keeps=((6, 6, 6), (6, 6, 6)), category='yacht', points=50, bonus=0),)
    """
    table = match.begun()
    out: list[Turn] = []
    keeps: list[tuple[int, ...]] = []
    for action in match.actions:
        if isinstance(action, (NextGame, Finish)):
            break
        mine = table.player == seat
        if mine and isinstance(action, Roll) and table.rolls > 0:
            keeps.append(tuple(sorted(face for face, held in zip(table.dice, table.held) if held)))
        after = table.apply(action)
        if mine and isinstance(action, Score):
            last = after.last_scored
            assert last is not None  # a score was just written
            out.append(Turn(table.round, tuple(keeps), action.category, last.points, last.bonus))
            keeps = []
        table = after
    return tuple(out)


def differences(yours: Match, theirs: Match) -> tuple[Difference, ...]:
    """The rounds where the two one-seat games' choices differed (a keep, or the box).

    Both games meet the same first roll each round, so a different first keep or box is a choice;
    after a different keep the dice differ too, and the rest of the round follows from it.

    >>> a = new_match("yacht", ["Ann"], seed=2).roll().score("choice")
    >>> b = new_match("yacht", ["Bob"], seed=2).roll().score("sixes")
    >>> [(d.round, d.yours.category, d.theirs.category) for d in differences(b, a)], differences(a, a)
    ([(0, 'sixes', 'choice')], ())
    """
    mine, other = turns(yours), {turn.round: turn for turn in turns(theirs)}
    return tuple(
        Difference(turn.round, turn, other[turn.round])
        for turn in mine
        if turn.round in other and turn.choices != other[turn.round].choices
    )


def optimal_game(advisor: Advisor, theirs: Match) -> Match:
    """The optimal player's game on the challenge's rules and seed (the same dice slot by slot), played
    with ``advisor`` (a game.coach.advisor.Advisor of those rules) at the Perfect level.

    >>> from game.coach.advisor import Advisor
    >>> m = new_match("yacht", ["Ann"], seed=4)
    >>> best = optimal_game(Advisor(m.ruleset), m)
    >>> best.game_over, best.seats[0].level.value, best.totals(0).grand_total >= 0
    (True, 'perfect', True)
    """
    from game.coach.advice import bot_step

    match = theirs.alone(0, Seat.computer(theirs.seats[0].name, Level.PERFECT))  # a name nobody sees
    while not match.game_over:
        for action in bot_step(advisor, match, Level.PERFECT):
            match = match.apply(action)
    return match


def _rows(match: Match) -> dict[str, int | None]:
    card = match.cards[0][0]
    totals = match.totals(0, 0)
    rows = {category.id: card.get(category.id) for category in match.ruleset.categories}
    return rows | {name: getattr(totals, name) for name in type(totals).__dataclass_fields__}


def compare(yours: Match, theirs: Match, optimal: int | None = None) -> Comparison:
    """The friend's game (``yours``) against the challenger's (``theirs``), both one seat on one seed.

    >>> a = new_match("yacht", ["Ann"], seed=2).roll().score("choice")
    >>> b = new_match("yacht", ["Bob"], seed=2).roll().score("choice")
    >>> shown = compare(b, a, optimal=180)
    >>> shown.challenger, shown.row("choice") == shown.row("grand_total"), shown.differences, shown.optimal
    ('Ann', True, (), 180)
    """
    mine, other = _rows(yours), _rows(theirs)
    return Comparison(
        challenger=theirs.seats[0].name,
        yours_total=yours.totals(0, 0).grand_total,
        theirs_total=theirs.totals(0, 0).grand_total,
        rows=tuple((key, mine[key], other[key]) for key in mine),
        differences=differences(yours, theirs),
        optimal=optimal,
    )


# ----------------------------------------------------------------------------- in words


def line(theirs: Match, t: Text = ENGLISH, hints: bool = False) -> str:
    """The line above the card while a challenge is played (``hints``: sent with hints allowed).

    >>> m = new_match("yacht", ["Ann"], seed=1).roll(faces=[6] * 5).score("sixes")
    >>> line(m), line(m, hints=True)
    ('Challenge from Ann: 30 points', 'Challenge from Ann: 30 points · with hints')
    """
    total = theirs.totals(0, 0).grand_total
    if hints:
        # Translators: shown while a person plays a challenge sent with hints allowed: who sent it and the total to
        # beat, and that both play with hints.
        return t.n_(
            "Challenge from {name}: {count} point · with hints",
            "Challenge from {name}: {count} points · with hints",
            total,
            name=theirs.seats[0].name,
        )
    # Translators: shown while a person plays a challenge sent by link: who sent it and the total to beat.
    return t.n_(
        "Challenge from {name}: {count} point",
        "Challenge from {name}: {count} points",
        total,
        name=theirs.seats[0].name,
    )


def invitation(theirs: Match, t: Text = ENGLISH, hints: bool = False) -> str:
    """The words sent with a challenge link (``hints``: it was played with hints, which the friend may ask for too).

    >>> invitation(new_match("yacht", ["Ann"], seed=1).roll(faces=[6] * 5).score("sixes"))
    'I scored 30 points at Yacht. Can you beat me on the very same dice? No undo, no hints, for either of us.'
    >>> invitation(new_match("yacht", ["Ann"], seed=1).roll(faces=[6] * 5).score("sixes"), hints=True)[-45:]
    'dice? Hints allowed, no undo, for both of us.'
    """
    total = theirs.totals(0, 0).grand_total
    # Translators: the message sent with a challenge link; {rules} is the rule set's name (Yacht, Yatzy…).
    boast = t.n_(
        "I scored {count} point at {rules}. Can you beat me on the very same dice?",
        "I scored {count} points at {rules}. Can you beat me on the very same dice?",
        total,
        rules=theirs.ruleset.display(t),
    )
    if hints:
        # Translators: sent with a challenge link played with hints, after the challenge itself: how both games are
        # played (either may ask for hints, neither may undo).
        allowed = t._("Hints allowed, no undo, for both of us.")
        return f"{boast} {allowed}"
    # Translators: sent with a challenge link, after the challenge itself: how both games are played.
    rule = t._("No undo, no hints, for either of us.")
    return f"{boast} {rule}"


def welcome(theirs: Match, t: Text = ENGLISH, hints: bool = False) -> tuple[str, tuple[str, ...]]:
    """The welcome card a challenge link opens on: who challenges (its title), then the score to beat and the rules,
    and how it is played (no undo; no hints unless sent with them).

    >>> title, lines = welcome(new_match("yacht", ["Ann"], seed=1).roll(faces=[6] * 5).score("sixes"))
    >>> title, lines
    ('Ann challenges you', ('Ann scored 30 points at Yacht. Beat it on the very same dice, roll for roll.', 'No undo, no hints.'))
    """
    name = theirs.seats[0].name
    total = theirs.totals(0, 0).grand_total
    # Translators: the title of the card a challenge link opens on: who sent it.
    title = t._("{name} challenges you", name=name)
    # Translators: the challenge's welcome card: the total to beat, and the rule set ({rules}: Yacht, Yatzy…).
    score = t.n_(
        "{name} scored {count} point at {rules}. Beat it on the very same dice, roll for roll.",
        "{name} scored {count} points at {rules}. Beat it on the very same dice, roll for roll.",
        total,
        name=name,
        rules=theirs.ruleset.display(t),
    )
    if hints:
        # Translators: the challenge's welcome card, for a challenge sent with hints: how it is played.
        rule = t._("No undo; hints allowed, as they were for {name}.", name=name)
    else:
        # Translators: the challenge's welcome card: how it is played, by both.
        rule = t._("No undo, no hints.")
    return title, (score, rule)


def outcome(shown: Comparison, t: Text = ENGLISH) -> str:
    """Who won the challenge, and by how much.

    >>> outcome(Comparison("Ann", 200, 180, (), ())), outcome(Comparison("Ann", 150, 180, (), ()))
    ('You beat Ann by 20 points: 200 to 180.', 'Ann wins by 30 points: 180 to 150.')
    >>> outcome(Comparison("Ann", 180, 180, (), ()))
    'A tie with Ann: 180 points each.'
    """
    fields = {"name": shown.challenger, "yours": shown.yours_total, "theirs": shown.theirs_total}
    gap = abs(shown.yours_total - shown.theirs_total)
    if shown.yours_total > shown.theirs_total:
        # Translators: the end of a challenge the person won: by {count} points, their total {yours} to {theirs}.
        return t.n_(
            "You beat {name} by {count} point: {yours} to {theirs}.",
            "You beat {name} by {count} points: {yours} to {theirs}.",
            gap,
            **fields,
        )
    if shown.yours_total < shown.theirs_total:
        # Translators: the end of a challenge the sender won: by {count} points, their total {theirs} to {yours}.
        return t.n_(
            "{name} wins by {count} point: {theirs} to {yours}.",
            "{name} wins by {count} points: {theirs} to {yours}.",
            gap,
            **fields,
        )
    # Translators: the end of a challenge with equal totals ({count} points each).
    return t.n_(
        "A tie with {name}: {count} point each.",
        "A tie with {name}: {count} points each.",
        shown.yours_total,
        name=shown.challenger,
    )


def optimal_text(total: int, t: Text = ENGLISH) -> str:
    """The optimal player's total on the challenge's dice.

    >>> optimal_text(212)
    'The optimal player scores 212 points on these very dice.'
    """
    # Translators: the end of a challenge: the total of the optimal player (the game's best strategy) on the same dice.
    return t.n_(
        "The optimal player scores {count} point on these very dice.",
        "The optimal player scores {count} points on these very dice.",
        total,
    )


def turn_text(match: Match, turn: Turn, t: Text = ENGLISH) -> str:
    """A turn's choices in words: each keep, then the box and its points.

    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> turn_text(m, Turn(2, ((5, 5), ()), "full_house", 25))
    'kept 5 5, rerolled all, scored 25 in Full House'
    """
    # Translators: a choice of a turn, in the list of turns where two people chose differently ("kept 5 5").
    kept = [
        t._("kept {dice}", dice=" ".join(map(str, faces))) if faces else t._("rerolled all") for faces in turn.keeps
    ]
    category = match.ruleset.category(turn.category).display(t)
    # Translators: the last choice of a turn, in the list of turns where two people chose differently.
    scored = t.n_("scored {count} in {category}", "scored {count} in {category}", turn.points, category=category)
    return ", ".join([*kept, scored])


def difference_text(match: Match, shown: Comparison, difference: Difference, t: Text = ENGLISH) -> str:
    """One round where the choices differed: the challenger's, then the friend's.

    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> d = Difference(2, Turn(2, ((6,),), "sixes", 18), Turn(2, ((5, 5),), "full_house", 25))
    >>> difference_text(m, Comparison("Ann", 0, 0, (), (d,)), d)
    'Round 3 — Ann: kept 5 5, scored 25 in Full House. You: kept 6, scored 18 in Sixes.'
    """
    # Translators: a round where two people chose differently: the sender's choices ({theirs}), then the person's own.
    return t._(
        "Round {number} — {name}: {theirs}. You: {yours}.",
        number=difference.round + 1,
        name=shown.challenger,
        theirs=turn_text(match, difference.theirs, t),
        yours=turn_text(match, difference.yours, t),
    )


def challengeable(session: Session) -> bool:
    """Whether the results offer "Challenge a friend": one person's first game, played with no undo (a result
    helped by one would not be a fair one to beat); one played with hints is sent "with hints" (the friend may
    ask for them too, :func:`challenge_hints`).

    >>> from game.coach.session import Session
    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> for box in m.open_categories():
    ...     m = m.roll().score(box)
    >>> challengeable(Session(m)), challengeable(Session(m, hinted=frozenset({(0, 0)})))
    (True, True)
    """
    seat = person(session.match)
    return offerable(session.match) and seat is not None and session.undo_count(seat, 0) == 0


def challenge_hints(session: Session) -> bool:
    """Whether a challenge of this game is sent "with hints": its person had hints on in it.

    >>> from game.coach.session import Session
    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> challenge_hints(Session(m)), challenge_hints(Session(m, hinted=frozenset({(0, 0)})))
    (False, True)
    """
    seat = person(session.match)
    return seat is not None and not session.played_alone(seat)
