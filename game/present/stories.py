"""The good news and the turning points of a game just ended, in a sentence: a solo game's highlight, the box that
decided a loss, an upper bonus nearly won. game.present.standings tells them under the end's large words.
"""

from __future__ import annotations

from functools import lru_cache

from game.core.actions import Score
from game.core.cards import SeatKind
from game.core.engine import Match
from game.core.i18n import ENGLISH, Text

__all__ = ["NEAR", "edge", "highlight", "near_miss", "told", "dice_of"]


def _edge_box(match: Match) -> tuple[int, str, int] | None:
    """The seat of the computer that beat the people here in a one-game match, the box that won it and its points,
    where one box did (the winner ahead in it by the whole gap or more, a Yahtzee's bonuses counted with its box)."""
    standings, game, ruleset = match.standings(match.game), match.game, match.ruleset
    people = [s for s in standings if match.seats[s.player].kind is SeatKind.HUMAN]
    if len(match.cards) > 1 or not people or people[0].rank == 1:
        return None
    winner, person = standings[0], people[0]

    def points(seat: int, box: str) -> int:
        bonus = match.totals(seat, game).yahtzee_bonus if box == ruleset.yahtzee_id else 0
        return match.cards[game][seat].scores.get(box, 0) + bonus

    box = max(ruleset.categories, key=lambda c: points(winner.player, c.id) - points(person.player, c.id))
    won = points(winner.player, box.id)
    if won - points(person.player, box.id) < winner.total - person.total:
        return None
    return winner.player, box.id, won


def edge(match: Match, t: Text = ENGLISH) -> str:
    """The box that won a one-game match for the computer that beat the people here, where one box did (the winner
    ahead in it by the whole gap or more), a Yahtzee's bonuses counted with its box; "" where none did.

    >>> from game.core.engine import new_match
    >>> from game.core.cards import Seat
    >>> m = new_match("yacht", ["Ann", Seat("Robin", SeatKind.COMPUTER)], seed=1)
    >>> m = m.roll(faces=[2, 2, 3, 3, 1]).score("twos").roll(faces=[5] * 5).score("yacht")
    >>> edge(m)
    "Robin's Yacht (50 points) made the difference."
    """
    decided = _edge_box(match)
    if decided is None:
        return ""
    seat, box, won = decided
    fields = {"name": match.seats[seat].name, "box": match.ruleset.category(box).display(t)}
    if box == match.ruleset.yahtzee_id and match.totals(seat, match.game).yahtzee_bonus:
        # Translators: as "{name}'s {box} ({count} points) made the difference.", the box's points with its bonus for
        # more Yahtzees counted in ("Robin's Yahtzee and its bonus (150 points)": 150 alone read as a puzzle).
        return t.n_(
            "{name}'s {box} and its bonus ({count} point) made the difference.",
            "{name}'s {box} and its bonus ({count} points) made the difference.",
            won,
            **fields,
        )
    # Translators: at the end, under "{name} wins this one": the box where the computer player gained the whole gap.
    return t.n_(
        "{name}'s {box} ({count} point) made the difference.",
        "{name}'s {box} ({count} points) made the difference.",
        won,
        **fields,
    )


NEAR = 9
"""An upper bonus missed by this many points or fewer is a near miss worth saying at the end (more: not news)."""


def near_miss(match: Match, seat: int, t: Text = ENGLISH) -> str:
    """The upper bonus ``seat`` missed by a few points (:data:`NEAR` or fewer) in the match's game, said; else ""."""
    ruleset, totals = match.ruleset, match.totals(seat, match.game)
    short = ruleset.upper_bonus_threshold - totals.upper_subtotal
    if not ruleset.upper_bonus_amount or totals.upper_bonus or not 0 < short <= NEAR:
        return ""
    # Translators: at the end of a game: the upper section's bonus missed by only {count} points.
    return t.n_("Upper bonus missed by just {count} point!", "Upper bonus missed by just {count} points!", short)


def highlight(match: Match, t: Text = ENGLISH) -> str:
    """The good news of a one-seat game, said under its total: its Yahtzee and its upper bonus, where it made them,
    else its best box. True and warm: never a verdict (the report, How did I play?, compares).

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann"], seed=1)
    >>> upper = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}
    >>> for box in m.open_categories():
    ...     m = m.roll(faces=[upper.get(box, 4)] * 4 + [1 if box in upper else 4]).score(box)
    >>> highlight(m)
    'Your Yahtzee earned 50 points! Upper bonus reached: 35 more points!'
    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> for box in m.open_categories():
    ...     m = m.roll(faces=[1, 2, 3, 4, 5]).score(box)
    >>> highlight(m)
    'Your best box: Little Straight, 30 points.'
    >>> m = new_match("yahtzee", ["Ann"], seed=1)
    >>> near = {"ones": [1, 1, 1, 2, 3], "twos": [2, 2, 2, 1, 3], "threes": [3, 3, 3, 1, 2], "fours": [4, 4, 4, 1, 2]}
    >>> near |= {"fives": [5, 5, 5, 1, 2], "sixes": [6, 6, 1, 2, 3]}  # 57 of 63
    >>> for box in m.open_categories():
    ...     m = m.roll(faces=near.get(box, [2, 3, 4, 5, 1])).score(box)
    >>> highlight(m)
    'Upper bonus missed by just 6 points!'
    """
    game = match.game
    scores = match.cards[game][0].scores
    ruleset = match.ruleset
    facts = []
    alike = ruleset.yahtzee_id
    if alike is not None and scores.get(alike):
        # Translators: at the end of a one-player game: the all-alike box ("Yahtzee") scored, and its points.
        facts.append(
            t.n_(
                "Your {category} earned {count} point!",
                "Your {category} earned {count} points!",
                scores[alike],
                category=ruleset.category(alike).display(t),
            )
        )
    totals = match.totals(0, game)
    if totals.upper_bonus:
        # Translators: at the end of a one-player game: the upper section reached its bonus, worth {count} points.
        facts.append(
            t.n_(
                "Upper bonus reached: {count} more point!",
                "Upper bonus reached: {count} more points!",
                totals.upper_bonus,
            )
        )
    elif missed := near_miss(match, 0, t):
        facts.append(missed)
    named = told(match)  # no fact above: the best box, the one whose dice the end shows
    if facts or named is None:
        return " ".join(facts)
    best = ruleset.category(named[1])
    # Translators: at the end of a one-player game: the box that scored most ("Your best box: Large Straight, 40 points").
    return t.n_(
        "Your best box: {category}, {count} point.",
        "Your best box: {category}, {count} points.",
        scores.get(best.id, 0),
        category=best.display(t),
    )


def told(match: Match) -> tuple[int, str] | None:
    """The seat and the box that the end's story names, where it names one: a solo game's Yahtzee, or its best box
    where neither the bonus nor a near miss is told; the box that won a loss. Its dice are the ones the end shows.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1).roll(faces=[4] * 5).score("yacht").roll(faces=[1, 2, 3, 4, 6])
    >>> told(m.score("choice")), told(new_match("yacht", ["Ann"], seed=1))
    ((0, 'yacht'), None)
    """
    if len(match.seats) > 1:
        decided = _edge_box(match)
        return decided[:2] if decided is not None else None
    scores, ruleset = match.cards[match.game][0].scores, match.ruleset
    if not scores:
        return None
    if ruleset.yahtzee_id is not None and scores.get(ruleset.yahtzee_id):
        return 0, ruleset.yahtzee_id
    if match.totals(0, match.game).upper_bonus or near_miss(match, 0):
        return None
    return 0, max(ruleset.categories, key=lambda category: scores.get(category.id, 0)).id


@lru_cache(maxsize=8)  # the end is drawn on every message after it: its match replayed once, not each time
def dice_of(match: Match, seat: int, box: str) -> tuple[int, ...]:
    """The dice with which ``seat`` scored ``box`` in the match's current game; () where it has not.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1).roll(faces=[4] * 5).score("yacht").roll(faces=[1, 2, 3, 4, 6])
    >>> dice_of(m.score("choice"), 0, "yacht"), dice_of(m, 0, "choice")
    ((4, 4, 4, 4, 4), ())
    """
    table = match.begun()
    found: tuple[int, ...] = ()
    for action in match.actions:
        table = table.apply(action)
        last = table.last_scored
        if isinstance(action, Score) and last is not None and (last.game, last.player) == (match.game, seat):
            found = last.dice if last.category == box else found
    return found
