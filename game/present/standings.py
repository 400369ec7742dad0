"""Where a game or match stands once it is over, as plain values: the standings panel and the winner scene.

The panel between games and after the match (:func:`results`), the winner's words, and the game just
played in context (:func:`ending`: each person's total against their own earlier games). Words come
through ``t`` (a game.core.i18n.Text, English by default).

>>> from game.core.engine import new_match
>>> results(new_match("yacht", ["Ann"], seed=1)) is None  # a game still being played
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from game.coach.moments import match_over
from game.core.actions import Finish, NextGame
from game.core.cards import SeatKind
from game.core.engine import Match
from game.core.i18n import ENGLISH, N_, Text
from game.present.luck_view import coach_line, luck_words
from game.present.stories import dice_of, edge, highlight, near_miss, told
from game.present.trophy_words import news
from game.present.you import is_you, said, said_n
from game.records import challenge
from game.records.endings import Ending, Personal, Series, Share, ending

# Translators: the end of a game: where the total stands ("Better than 62% of the optimal player's games.").
BETTER = N_("Better than {percent} of the optimal player's games.")
"""Where a total stands against the optimal player's exact final-score distribution (game.coach.finals)."""
# Translators: the end of a game whose total is below nearly all the optimal player's ("Lower than 99% of ...").
LOWER = N_("Lower than {percent} of the optimal player's games.")
"""Where a total below 99% of the optimal player's games stands: "better than 0%" says it the wrong way round."""

__all__ = [
    "BETTER",
    "LOWER",
    "standing_words",
    "Outcome",
    "Personal",
    "Share",
    "Ending",
    "Results",
    "CLOSE_GAP",
    "JUST_GAP",
    "winner_text",
    "story_text",
    "analysis",
    "ending",
    "results",
]


class Outcome(Enum):
    """How a match ended, as its winner scene tells it."""

    WIN = "win"
    TIE = "tie"  # several seats share the first place
    SOLO = "solo"  # one seat: a result, not a win
    BEATEN = "beaten"  # a challenge lost: the comparison leads, with no picture (a medal would say it was won)
    CLOSE = "close"  # the people here lost to a computer by a little: "So close", no trophy over the winner
    LOST = "lost"  # the people here lost to a computer by a lot: said plainly, no trophy, no confetti


CLOSE_GAP = 20
"""A loss by at most this many points is told as a near miss ("So close: 3 points"), a wider one plainly: a third of
a game's spread or less (a Yahtzee game's totals spread about 60 points; a loss by 14 told as "not your game" read as
unfair, fresh eyes round 29)."""

JUST_GAP = 10
"""A win by at most this many points is told as a narrow one ("Just! By 3 points."): narrower than a near miss, as a
winner hears "just" of a margin a loser still calls close ("Just! By 20 points" read as a wide win, round 34)."""


@dataclass(frozen=True)
class Results:
    """The standings panel between games and after the match.

    ``outcome`` and ``headline`` (large in the winner scene) are set once the match is over;
    ``context`` words an :class:`Ending`, when one is given.
    """

    title: str
    lines: tuple[str, ...]
    winner: str
    can_next: bool
    can_finish: bool
    final: bool
    review: bool  # a person played: "How did I play?" is offered
    outcome: Outcome | None = None
    headline: str = ""
    context: tuple[str, ...] = ()
    ending: Ending | None = None
    analysis: tuple[str, ...] = ()  # against the optimal player, and the luck: the report's (How did I play?)
    coach: str = ""  # the coach's one line on the end card: how the game was won, or the dice and the choices
    # Each line's total as a bar in tenths of the first's (app.css "fill-N"), and whether it stands first: who won by
    # how much is seen before it is read.
    fills: tuple[int, ...] = ()
    firsts: tuple[bool, ...] = ()
    # The last box's dice, left on the felt at the end (the scene draws them), their sides, and whose box they made.
    dice: tuple[int, ...] = ()
    sides: int = 6
    dice_box: str = ""
    # A solo game's total as a bar beside the person's earlier games (:func:`yardstick`): each line, its bar in
    # tenths, and whether it is this game's.
    yardstick: tuple[tuple[str, int, bool], ...] = ()
    trophies: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()  # the trophies won, named (trophy_words.news)
    series: str = ""  # a person's games against one computer (:func:`series_words`)

    @property
    def tally(self) -> str:
        """The series as a score, won first, drawn on Rematch ("0\u20131"; "" before any)."""
        series = _rivalry(self.ending)
        return "" if series is None else f"{series.won}\u2013{series.lost}"

    @property
    def new_best(self) -> bool:
        """Whether a one-seat match's game beat every earlier one: its medal (none for a game that did not)."""
        return self.ending is not None and len(self.ending.people) == 1 and self.ending.people[0].new_best


def winner_text(match: Match, t: Text = ENGLISH) -> str:
    """Who stands first and with how many points: the last words of a finished match's status line and panel.

    >>> from game.core.engine import new_match
    >>> winner_text(new_match("yacht", ["Ann", "Bob"], seed=1).roll(faces=[6] * 5).score("choice"))
    'Ann wins with 30.'
    """
    standings = match.standings()
    top = [s.name for s in standings if s.rank == 1]
    total = standings[0].total
    if len(match.seats) == 1:
        # Translators: the result of a match of one player: their total points.
        return said_n(t, "{name} scored {count}.", "{name} scored {count}.", total, top[0])
    if len(top) > 1:
        you, others = shared_first(top, t)
        # Translators: {names} are the players who share the first place ("Ann and Bob"), {count} their points.
        return said_n(
            t, "A tie between {names} with {count}.", "A tie between {names} with {count}.", total, you, **others
        )
    # Translators: the winner of the match and their points.
    return said_n(t, "{name} wins with {count}.", "{name} wins with {count}.", total, top[0])


def shared_first(top: list[str], t: Text) -> tuple[str, dict[str, str]]:
    """The names sharing the first place as a tie's sentence takes them: the person's unnamed seat ("You") apart, for
    its second-person variant ("A tie between you and Robin"), and the others joined ("Ann and Bob"); or "" and all."""
    you = next((name for name in top if is_you(name, t)), "")
    return you, {"names": t.join([name for name in top if name != you])}


def _outcome(match: Match, t: Text, against: Match | None = None) -> tuple[Outcome, str]:
    """The winner scene's outcome and its large words: the winner's name, "A tie!", a solo game's points, or for
    people who lost to the computer how close it was; a challenge's (``against``, the challenger's game), the
    comparison: who won it, by how much."""
    if against is not None and challenge.applies(against, match):
        shown = challenge.compare(match, against)
        gap = shown.yours_total - shown.theirs_total
        return (Outcome.WIN if gap > 0 else Outcome.TIE if gap == 0 else Outcome.BEATEN), challenge.outcome(shown, t)
    standings = match.standings()
    if len(match.seats) == 1:
        # Translators: the large result of a match of one player, in the winner scene: their points.
        return Outcome.SOLO, t.n_("{count} point", "{count} points", standings[0].total)
    top = [s.name for s in standings if s.rank == 1]
    if len(top) > 1:
        # Translators: the large words of the winner scene when players share the first place.
        return Outcome.TIE, t._("A tie!")
    behind = _behind(match)
    if behind is None:
        # Translators: the large words at the end when the person (who left their name blank) won the match.
        return Outcome.WIN, t._("You win!") if is_you(top[0], t) else top[0]
    if behind <= CLOSE_GAP:
        # Translators: the large words at the end when the person lost to the computer by a few points ({count}).
        return Outcome.CLOSE, t.n_("So close: {count} point", "So close: {count} points", behind)
    # Translators: the large words at the end when the person lost to the computer by many points: who won.
    return Outcome.LOST, t._("{name} wins this one", name=top[0])


def _shown_dice(match: Match, outcome: Outcome | None, t: Text = ENGLISH) -> tuple[tuple[int, ...], str]:
    """The dice the end shows, and whose box they made, with its points ("Your Yahtzee · 50"): those of the box its
    story names (a solo game's Yahtzee, the box that won a loss), else the best box of the best-placed person (the
    winner's where no person played), else the last box's. A last box's dice read as a throwaway roll (fresh eyes
    rounds 34, 46 to 48); a rival's best box at a person's loss put the rival's roll at its heart, the person's own
    Yahtzee left out (round 49); unnamed, or without its points, the dice read as chosen for no clear reason."""
    named = told(match) if outcome in (Outcome.SOLO, Outcome.LOST) else None
    if named is None and outcome is not None:
        standings = match.standings()
        people = [s.player for s in standings if match.seats[s.player].kind is SeatKind.HUMAN]
        seat = people[0] if people else standings[0].player
        scores = match.cards[match.game][seat].scores
        named = (seat, max(scores, key=lambda box: scores[box])) if scores else None
    dice = dice_of(match, *named) if named is not None else ()
    last = match.last_scored
    if not dice and last is not None:
        named, dice = (last.player, last.category), last.dice
    if named is None:
        return (), ""
    seat, box = named
    name, shown = match.seats[seat].name, match.ruleset.category(box).display(t)
    points = match.cards[match.game][seat].scores.get(box, 0)
    return dice, f"{said(t, _WHOSE_BOX[name.endswith('s')], name, box=shown)} · {t.number(points)}"


# Translators: under the dice at the end of a game: whose box they made ("Robin's Yahtzee"). The next message is the
# same for a name ending in "s" ("Chris' Yahtzee").
_WHOSE_BOX = (N_("{name}'s {box}"), N_("{name}' {box}"))


def _behind(match: Match) -> int | None:
    """How many points the best person here finished behind the computer that won (None: a person won, or no
    person played: then the winner's scene is a win)."""
    standings = match.standings()
    people = [s.total for s in standings if match.seats[s.player].kind is SeatKind.HUMAN]
    if not people or match.seats[standings[0].player].kind is SeatKind.HUMAN:
        return None
    return standings[0].total - max(people)


def story_text(match: Match, outcome: Outcome, t: Text = ENGLISH) -> str:
    """The sentence under the scene's large words: what they do not say already (the standings list has every
    total, the context each person's game), so that nothing is said twice; "" where there is nothing to add.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1).roll(faces=[6] * 5).score("choice")
    >>> story_text(m, Outcome.WIN)
    'Ann wins by 30 points.'
    """
    standings = match.standings()
    if outcome is Outcome.WIN:
        gap = standings[0].total - standings[1].total if len(standings) > 1 else 0
        if is_you(standings[0].name, t) and gap <= JUST_GAP:
            # Translators: under "You win!" at the end of a match: won, but by only a few points.
            return t.n_("Just! By {count} point.", "Just! By {count} points.", gap)
        if is_you(standings[0].name, t) and len(standings) == 2:
            # Translators: under "You win!" at the end of a game against one other player: whom, and by how many points.
            return t.n_(
                "You beat {name} by {count} point!", "You beat {name} by {count} points!", gap, name=standings[1].name
            )
        if is_you(standings[0].name, t):
            # A win is a win: nothing under it that takes its shine (fresh eyes round 115: "Upper bonus missed by just 1
            # point!" under "You win!"); the card shows the bonus row, the report the rest.
            # Translators: under "You win!" at the end of a match: by how many points the person won.
            return t.n_("By {count} point.", "By {count} points.", gap)
        if gap <= JUST_GAP:
            # Translators: under the winner's name at the end of a match: they won, but by only a few points.
            return said_n(
                t, "{name} wins by just {count} point.", "{name} wins by just {count} points.", gap, standings[0].name
            )
        # Translators: under the winner's name at the end of a match: by how many points they won.
        return said_n(t, "{name} wins by {count} point.", "{name} wins by {count} points.", gap, standings[0].name)
    if outcome is Outcome.TIE:
        you, others = shared_first([s.name for s in standings if s.rank == 1], t)
        # Translators: under "A tie!" at the end of a match: who share the first place ("Ann and Bob").
        return said(t, "{names} share the first place.", you, **others)
    if outcome is Outcome.CLOSE:
        # Translators: under "So close" at the end: the computer player who won, and a word of comfort.
        return t._("{name} wins, just. One more game?", name=standings[0].name)
    if outcome is Outcome.LOST:
        people = [s.player for s in match.standings(match.game) if match.seats[s.player].kind is SeatKind.HUMAN]
        # the box that decided it, else a bonus nearly won where it would have won the game (after a heavy loss, "missed
        # by just 3" read as tone-deaf: fresh eyes round 40)
        behind = _behind(match)
        within = behind is not None and behind < match.ruleset.upper_bonus_amount
        decided = edge(match, t) or (near_miss(match, people[0], t) if within else "")
        if decided:
            # Translators: under "{name} wins this one" at the end, after the box that decided the game: another game?
            more = t._("One more?")
            return f"{decided} {more}"
        # Translators: under "{name} wins this one" at the end: a loss by many points, and an offer to try again.
        return t._("Not your game this time. One more?")
    if outcome is Outcome.SOLO:
        return highlight(match, t)
    return ""


def _context(shown: Ending, t: Text, totals_said: bool = False) -> tuple[str, ...]:
    """An :class:`Ending` in words: a line per person, then the optimal player's mean where known; where the
    scene and the standings say each total already (``totals_said``: a one-game match), without the totals."""
    out = []
    for person in shown.people:
        fields = {"name": person.name}
        if totals_said and not person.new_best and yardstick(shown):
            continue  # a solo game's bars say its best and its average: said again here, they were said twice
        if totals_said:
            out.append(_without_total(person, t))
            continue
        if person.best is None:
            # Translators: the end of a game: a person's points, in their first game under these rules.
            line = t.n_(
                "{name}: {count} point this game, the first under these rules.",
                "{name}: {count} points this game, the first under these rules.",
                person.total,
                **fields,
            )
        elif person.new_best:
            # Translators: the end of a game: a person's points, more than in any of their earlier games.
            line = t.n_(
                "{name}: {count} point this game, a new best!",
                "{name}: {count} points this game, a new best!",
                person.total,
                **fields,
            )
        else:
            # Translators: the end of a game: a person's points (their earlier games follow).
            line = t.n_("{name}: {count} point this game.", "{name}: {count} points this game.", person.total, **fields)
        if person.best is not None:
            assert person.mean is not None  # ending() sets the mean with the best, from the same games
            # Translators: a person's earlier games under these rules: their best total, their average and how many.
            before = t.n_(
                "Before it: best {best}, average {mean} over {count} game.",
                "Before it: best {best}, average {mean} over {count} games.",
                person.games,
                best=person.best,
                mean=t.number(person.mean, 0),
            )
            line = f"{line} {before}"
        out.append(line)
    return tuple(out)


def _rivalry(shown: Ending | None) -> Series | None:
    """A person's games against one computer, this one in (None: no computer, or no game won or lost yet)."""
    series = shown.series if shown is not None else None
    return series if series is not None and series.won + series.lost else None


def series_words(shown: Ending, t: Text = ENGLISH) -> str:
    """A person's games against one computer, this one in, in words ("" before any): for the ear, where the eyes read
    the same score on Rematch (:attr:`Results.tally`; fresh eyes round 68: a rivalry to settle; round 103: one block
    fewer at the end)."""
    if (series := _rivalry(shown)) is None:
        return ""
    # Translators: the end of a game against a computer player: the person's games won and lost against it.
    return t._("Series: you {won}, {name} {lost}", won=series.won, lost=series.lost, name=series.rival)


def analysis(shown: Ending, t: Text = ENGLISH) -> tuple[str, ...]:
    """An :class:`Ending`'s numbers, for the report (How did I play?), never the ending's first words: where each
    total stands against the optimal player's games, the optimal player's mean, and the luck and the choices
    (game.present.luck_view)."""
    out = []
    for person in shown.people:
        if person.standing is not None:
            words = standing_words(person.standing, t)
            out.append(words if len(shown.people) == 1 else f"{person.name}: {words}")
    if shown.optimal is not None:
        # Translators: the end of a game: the optimal player's expected total under the match's rules ("254.6").
        out.append(t._("The optimal player averages {mean} under these rules.", mean=t.number(shown.optimal, 1)))
    return tuple(out) + luck_words(shown.shares, t, said=coach_line(shown.shares, t))  # the card's line not again


def _detail(match: Match, outcome: Outcome | None, t: Text, against: Match | None) -> str:
    """The scene's sentence under its large words: a challenge's comparison says it all; "" between games."""
    if outcome is None or (against is not None and challenge.applies(against, match)):
        return ""
    return story_text(match, outcome, t)


def _without_total(person: Personal, t: Text) -> str:
    """A person's game in context when their total is said elsewhere: first, a new best, or against their earlier
    games, then where it stands against the optimal player's."""
    if person.best is None:
        # Translators: the end of a game: a person's first game under these rules (the total is shown above).
        line = said(t, "{name}: the first game under these rules.", person.name)
    elif person.new_best:
        # Translators: the end of a game: this game's total (shown above) beat every earlier one; {best}, the best before.
        line = said(t, "A new best for {name}, up from {best}!", person.name, best=person.best)
    else:
        assert person.mean is not None  # ending() sets the mean with the best, from the same games
        # Translators: the end of a game: a person's earlier games under these rules: their best total, their average
        # and how many (this game's total is shown above).
        line = said_n(
            t,
            "{name}: before this game, best {best}, average {mean} over {count} game.",
            "{name}: before this game, best {best}, average {mean} over {count} games.",
            person.games,
            person.name,
            best=person.best,
            mean=t.number(person.mean, 0),
        )
    return line


def yardstick(ending: Ending | None, t: Text = ENGLISH) -> tuple[tuple[str, int, bool], ...]:
    """A solo game's total as a bar beside the person's own earlier games under its rules (their average, and their
    best unless this game beat it: the medal's line says it): a line each, its bar in tenths of the longest, and
    whether it is this game's; none for a first game (nothing to measure it by: its line dares the next).

    >>> yardstick(Ending((Personal("Ann", 127, games=4, best=183, mean=150.0),)))
    (('Ann — 127', 7, True), ('Average so far — 150', 8, False), ('Best so far — 183', 10, False))
    >>> yardstick(Ending((Personal("Ann", 191, games=4, best=183, mean=150.0),)))
    (('Ann — 191', 10, True), ('Average so far — 150', 8, False))
    >>> yardstick(Ending((Personal("Ann", 127),)))
    ()
    """
    if ending is None or len(ending.people) != 1:
        return ()
    person = ending.people[0]
    if person.best is None or person.mean is None:
        return ()
    # Translators: at the end of a one-player game, beside a bar: the player's name and this game's total.
    rows: list[tuple[str, float]] = [(t._("{name} — {total}", name=person.name, total=person.total), person.total)]
    # Translators: at the end of a one-player game, beside a bar: the player's average total before this game.
    rows.append((t._("Average so far — {mean}", mean=t.number(person.mean, 0)), person.mean))
    if not person.new_best:
        # Translators: at the end of a one-player game, beside a bar: the player's best total before this game.
        rows.append((t._("Best so far — {best}", best=person.best), person.best))
    top = max(value for _, value in rows)
    return tuple(
        (line, min(10, max(0, round(value * 10 / top))) if top > 0 else 0, n == 0)
        for n, (line, value) in enumerate(rows)
    )


def standing_words(share: float, t: Text = ENGLISH) -> str:
    """Where a total stands: the share of the optimal player's games below it, rounded down, or where that is
    under 1%, the share above it (at most 99%: "lower than 100%" would claim more than its rounding knows).

    >>> standing_words(0.625), standing_words(0.004)
    ("Better than 62% of the optimal player's games.", "Lower than 99% of the optimal player's games.")
    """
    if share < 0.01:
        return t._(LOWER, percent=t.percent(min(math.floor((1 - share) * 100) / 100, 0.99), 0))
    return t._(BETTER, percent=t.percent(math.floor(share * 100) / 100, 0))


def results(
    match: Match, t: Text = ENGLISH, ending: Ending | None = None, against: Match | None = None
) -> Results | None:
    """The standings panel once a game is over (None while a game is being played).

    The title is "Final standings" after the match, or once the planned games are played; then the
    winner scene's outcome and large words are set. Next game is offered only between the planned
    games (never adding one), Finish the match only there (ending it early). ``ending`` (see
    :func:`ending`) gives the context lines; ``against``, a challenge's other game, the scene's comparison.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1)
    >>> for cat in m.ruleset.categories:
    ...     m = m.roll(faces=[6] * 5).score(cat.id).roll(faces=[1] * 5).score(cat.id)
    >>> r = results(m)
    >>> r.title, r.lines[0], r.winner, r.outcome.value, r.headline, r.can_next
    ('Final standings', '1. Ann — 164', 'Ann wins by 95 points.', 'win', 'Ann', False)
    """
    if not (match.game_over or match.finished):
        return None
    final = match_over(match)
    standings = match.standings()
    # Translators: a line of the standings: the rank, the player's name and their points ("1. Ann — 164").
    lines = tuple(t._("{rank}. {name} — {total}", rank=s.rank, name=s.name, total=s.total) for s in standings)
    top = max((s.total for s in standings), default=0)
    # in tenths, rounded: a loss by 2 of 274 is a bar as long as the winner's, as close as the words say (round 88)
    fills = tuple(min(10, max(0, round(s.total * 10 / top))) if top > 0 else 0 for s in standings)
    firsts = tuple(s.rank == 1 for s in standings)
    if final and len(standings) == 1:
        lines = fills = firsts = ()  # a solo game's total is the scene's large words: a list of one would say it again
    if final and len(standings) == 1:
        # Translators: the heading of a one-player game's end (its total and its good news follow, large).
        title = t._("Game over")
    else:
        title = t._("Final standings") if final else t._("Standings after game {number}", number=match.game + 1)
    outcome, headline = _outcome(match, t, against) if final else (None, "")
    between = not final and match.is_legal(NextGame())
    dice, dice_box = _shown_dice(match, outcome, t) if final else ((), "")
    return Results(
        title=title,
        lines=lines,
        winner=_detail(match, outcome, t, against),
        can_next=between,
        can_finish=between and match.is_legal(Finish()),
        final=final,
        review=any(seat.kind is SeatKind.HUMAN for seat in match.seats),
        outcome=outcome,
        headline=headline,
        context=_context(ending, t, final and len(match.cards) == 1) if ending is not None else (),
        ending=ending,
        analysis=analysis(ending, t) if ending is not None else (),
        coach=coach_line(ending.shares, t) if ending is not None else "",
        fills=fills,
        firsts=firsts,
        dice=dice,
        sides=match.ruleset.sides,
        dice_box=dice_box,
        yardstick=yardstick(ending, t) if final and len(standings) == 1 else (),
        trophies=news(ending.trophies, t) if ending is not None and ending.trophies else (),
        series=series_words(ending, t) if ending is not None else "",
    )
