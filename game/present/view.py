"""What the page shows, as plain values: the pure half of the user interface.

The browser shell (the ``game.shell`` package) turns these values into DOM updates and DOM events into
engine calls; everything worth testing about the page — labels, scorecard cells, status lines,
link parameters — is computed here, in plain Python. Every function that returns words takes ``t``
(a game.core.i18n.Text, English by default) and words them through its catalogue.

>>> from game.core.engine import new_match
>>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[3, 3, 3, 5, 5])
>>> status(m)
"Ann's turn, roll 1 of 3"
>>> cells(m)[("full_house", 0)].label
'Full House, 25 points'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from game.core import rules
from game.core.actions import Action, Finish, Hold, NextGame, Roll, Score
from game.core.engine import Match, Phase, SeatKind, new_match
from game.core.i18n import ENGLISH, N_, Text, n_
from game.present.coach_view import action_text
from game.present.feel import holder, match_over
from game.records import daily
from game.records.challenge import offerable

__all__ = [
    "RowKind",
    "Row",
    "Cell",
    "Die",
    "Results",
    "Element",
    "UNDO",
    "NEXT_CHOICE",
    "CHOICE_KEYS",
    "PREVIOUS_CHOICE",
    "rows",
    "SECTIONS",
    "sections",
    "cells",
    "dice",
    "roll_label",
    "status",
    "describe",
    "results",
    "match_over",
    "ending",
    "Outcome",
    "Personal",
    "Ending",
    "elements",
    "current_seat",
    "announcement",
    "toggle",
    "cell_refusal",
    "key_command",
    "practice_turns",
    "Words",
    "WORDS",
    "failure",
]


class RowKind(Enum):
    """What a scorecard row holds."""

    CATEGORY = "category"
    SUM = "sum"
    GAME = "game"  # an earlier game's grand total
    MATCH = "match"  # the match total


@dataclass(frozen=True)
class Row:
    """One scorecard row: a key for the DOM, the label people read, and its kind."""

    key: str
    label: str
    kind: RowKind


@dataclass(frozen=True)
class Cell:
    """One scorecard cell. ``label`` is set when the cell is a choice (a button) right now."""

    text: str = ""
    label: str | None = None
    classes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Die:
    """One die of the tray: its face (None before the first roll), held, and its spoken name."""

    index: int
    face: int | None
    held: bool
    label: str
    enabled: bool


class Outcome(Enum):
    """How a match ended, as its winner scene tells it."""

    WIN = "win"
    TIE = "tie"  # several seats share the first place
    SOLO = "solo"  # one seat: a result, not a win


@dataclass(frozen=True)
class Personal:
    """A person's total of the game just played, against their own games under these rules before it.

    >>> Personal("Ann", 191, games=3, best=180, mean=150.0).new_best, Personal("Ann", 191).new_best
    (True, False)
    """

    name: str
    total: int
    games: int = 0  # finished games under these rules before this one
    best: int | None = None
    mean: float | None = None

    @property
    def new_best(self) -> bool:
        """Whether this game beat every earlier one (a first game sets no best to beat)."""
        return self.best is not None and self.total > self.best


@dataclass(frozen=True)
class Ending:
    """The game just played in context: each person's total against their history, and the optimal
    player's mean under these rules (None where no figure exists)."""

    people: tuple[Personal, ...] = ()
    optimal: float | None = None


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


def _upper_bonus_label(ruleset: rules.RuleSet, t: Text) -> str:
    # Translators: a scorecard row: the upper section's bonus, {amount} points when its boxes add up to
    # {threshold} or more.
    return t._("Upper bonus ({amount} at {threshold})",
               amount=ruleset.upper_bonus_amount, threshold=ruleset.upper_bonus_threshold)  # fmt: skip


def _yahtzee_bonus_label(ruleset: rules.RuleSet, t: Text) -> str:
    if not ruleset.yahtzee_id:
        return t._("Yahtzee bonus")
    # Translators: a scorecard row: the bonus for each further five of a kind; {box} is that box's name (Yahtzee…).
    return t._("{box} bonus", box=ruleset.category(ruleset.yahtzee_id).display(t))


# Sum rows: (key, label's msgid or label function, shown when); the key is also the Totals field
_SUMS_UPPER = (
    ("upper_subtotal", N_("Upper subtotal"), lambda rs: rs.upper_bonus_amount > 0),
    ("upper_bonus", _upper_bonus_label, lambda rs: rs.upper_bonus_amount > 0),
    ("upper_total", N_("Upper total"), lambda rs: True),
)
_SUMS_LOWER = (
    ("yahtzee_bonus", _yahtzee_bonus_label, lambda rs: rs.yahtzee_bonus_amount > 0),
    ("lower_total", N_("Lower total"), lambda rs: True),
    ("grand_total", N_("Grand total"), lambda rs: True),
)


def _sum_rows(ruleset: rules.RuleSet, specs, t: Text) -> list[Row]:
    return [
        Row(key, label(ruleset, t) if callable(label) else t._(label), RowKind.SUM)
        for key, label, shown in specs
        if shown(ruleset)
    ]


def rows(ruleset: rules.RuleSet, games: int = 1, t: Text = ENGLISH) -> tuple[Row, ...]:
    """The scorecard's rows in order; with more than one game, each game's total and the match's.

    >>> [r.label for r in rows(rules.ruleset("yacht"))][-4:]
    ['Choice', 'Yacht', 'Lower total', 'Grand total']
    >>> [r.key for r in rows(rules.ruleset("yatzy"), games=2)][-3:]
    ['game:0', 'game:1', 'match']
    """
    out = [Row(c.id, c.display(t), RowKind.CATEGORY) for c in ruleset.upper]
    out += _sum_rows(ruleset, _SUMS_UPPER, t)
    out += [Row(c.id, c.display(t), RowKind.CATEGORY) for c in ruleset.lower]
    out += _sum_rows(ruleset, _SUMS_LOWER, t)
    if games > 1:
        # Translators: a scorecard row: the total of one game of the match, by number.
        out += [Row(f"game:{g}", t._("Game {number}", number=g + 1), RowKind.GAME) for g in range(games)]
        out.append(Row("match", t._("Match total"), RowKind.MATCH))
    return tuple(out)


SECTIONS = ("upper", "lower", "match")
"""The scorecard's parts, each a table of its own: a phone shows the upper and lower side by side."""


def sections(ruleset: rules.RuleSet, games: int = 1, t: Text = ENGLISH) -> tuple[tuple[str, tuple[Row, ...]], ...]:
    """:func:`rows` in the scorecard's parts: the upper section with its sums, the lower with the grand
    total, and (a match of several games) each game's total and the match's.

    >>> [(name, len(part)) for name, part in sections(rules.ruleset("yatzy"), games=2)]
    [('upper', 9), ('lower', 11), ('match', 3)]
    """
    out = rows(ruleset, games, t)
    split = [row.key for row in out].index("upper_total") + 1
    lower = [row.kind in (RowKind.CATEGORY, RowKind.SUM) for row in out[split:]]
    end = split + (lower.index(False) if False in lower else len(lower))
    parts = (("upper", out[:split]), ("lower", out[split:end]), ("match", out[end:]))
    return tuple((name, part) for name, part in parts if part)


def cells(match: Match, t: Text = ENGLISH) -> dict[tuple[str, int], Cell]:
    """Every scorecard cell of the current game, keyed by (row key, player index).

    The current player's legal categories, once the dice are rolled, are choices labelled
    "<Category>, <points> points"; filled cells show their points; open ones are empty.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=2).roll(faces=[2, 2, 2, 2, 2]).score("yacht")
    >>> cells(m)[("yacht", 0)], cells(m)[("grand_total", 0)].text
    (Cell(text='50', label=None, classes=('last',)), '50')
    >>> {key for key, _ in cells(m)} == {row.key for row in rows(m.ruleset)}
    True
    """
    ruleset = match.ruleset
    game = len(match.cards) - 1
    options = match.options()
    last = match.last_scored
    computer = match.current_seat.kind is SeatKind.COMPUTER  # its options show, but are not buttons
    out: dict[tuple[str, int], Cell] = {}
    for player, card in enumerate(match.cards[-1]):
        current = player == match.player and not match.game_over and not match.finished
        mark = ("current",) if current else ()
        scores = card.scores
        for category in ruleset.categories:
            points = scores.get(category.id)
            if points is not None:
                is_last = last is not None and (last.game, last.player, last.category) == (game, player, category.id)
                classes = mark + (("last",) if is_last else ()) + (("scratch",) if points == 0 else ())
                out[(category.id, player)] = Cell(str(points), None, classes)
            elif current and category.id in options and computer:
                out[(category.id, player)] = Cell(str(options[category.id]), None, mark + ("preview",))
            elif current and category.id in options:
                value = options[category.id]
                name = category.display(t)
                # Translators: a scorecard button's spoken name: the box and the points the dice would write in it.
                label = t.n_("{category}, {count} point", "{category}, {count} points", value, category=name)
                out[(category.id, player)] = Cell(str(value), label, mark + (("zero",) if value == 0 else ()))
            else:
                out[(category.id, player)] = Cell("", None, mark)
        totals = ruleset.totals(scores, card.yahtzee_bonus)
        for key, _label, shown in _SUMS_UPPER + _SUMS_LOWER:
            if shown(ruleset):
                out[(key, player)] = Cell(str(getattr(totals, key)), None, mark)
    if len(match.cards) > 1 or match.games > 1:
        played = len(match.cards)
        for g in range(max(match.games, played)):
            for player in range(len(match.seats)):
                text = str(match.game_totals(g)[player]) if g < played else ""
                out[(f"game:{g}", player)] = Cell(text)
        for player, total in enumerate(match.match_totals()):
            out[("match", player)] = Cell(str(total))
    return out


def dice(match: Match, t: Text = ENGLISH) -> tuple[Die, ...]:
    """The dice tray: faces, holds, names ("Die 2, showing 5") and whether a tap does anything.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", seed=1)
    >>> dice(m)[0].label, dice(m.roll(faces=[1, 5, 1, 1, 1]))[1].label
    ('Die 1, blank', 'Die 2, showing 5')
    """
    holdable = set(match.holdable())
    out = []
    for index in range(match.ruleset.dice):
        face = match.dice[index] if match.dice else None
        if face is None:
            # Translators: a die's spoken name before the turn's first roll; {number} counts the dice from 1.
            label = t._("Die {number}, blank", number=index + 1)
        else:
            # Translators: a die's spoken name; {number} counts the dice from 1, {face} is the face it shows.
            label = t._("Die {number}, showing {face}", number=index + 1, face=face)
        out.append(Die(index, face, match.held[index], label, index in holdable))
    return tuple(out)


def roll_label(match: Match, t: Text = ENGLISH) -> str:
    """The roll button's text: it always starts with "Roll" and says how many rolls are left.

    >>> from game.core.engine import new_match
    >>> roll_label(new_match("yahtzee", seed=1)), roll_label(new_match("yahtzee", seed=1).roll())
    ('Roll (3 left)', 'Roll (2 left)')
    """
    if match.game_over or match.finished:
        # Translators: the roll button (a verb: roll the dice).
        return t._("Roll")
    # Translators: the roll button (a verb: roll the dice), with the rolls left in this turn.
    return t.n_("Roll ({count} left)", "Roll ({count} left)", match.rolls_left)


# Whose turn it is, by (phase, a computer's seat): a pair of msgids, the second for a name ending
# in "s" (English writes "Chris' turn", not "Chris's turn"). Fields: {name}, {roll} of {rolls}.
# fmt: off
_TURNS = {
    (Phase.FIRST_ROLL, False): (
        # Translators: whose turn it is. The next message is the same for a name ending in "s" ("Chris' turn"):
        # translate both alike unless your language, too, writes such names differently.
        N_("{name}'s turn: roll the dice"),
        # Translators: as "{name}'s turn: roll the dice", for a name ending in "s" (English: "Chris' turn").
        N_("{name}' turn: roll the dice")),
    (Phase.FIRST_ROLL, True): (
        # Translators: a computer player's turn has begun ("Robin (computer) is playing").
        N_("{name} (computer) is playing"),) * 2,
    (Phase.MID_TURN, False): (
        # Translators: whose turn it is, and which roll ("roll 2 of 3"). The next message is for a name ending in "s".
        N_("{name}'s turn, roll {roll} of {rolls}"),
        # Translators: as "{name}'s turn, roll {roll} of {rolls}", for a name ending in "s" ("Chris' turn").
        N_("{name}' turn, roll {roll} of {rolls}")),
    (Phase.MID_TURN, True): (
        # Translators: a computer player's turn, and which roll ("Robin (computer) is playing, roll 2 of 3").
        N_("{name} (computer) is playing, roll {roll} of {rolls}"),) * 2,
    (Phase.MUST_SCORE, False): (
        # Translators: whose turn it is, every roll used: a box must be chosen. The next message: a name ending in "s".
        N_("{name}'s turn, roll {roll} of {rolls}: choose a category"),
        # Translators: as "{name}'s turn, roll {roll} of {rolls}: choose a category", for a name ending in "s".
        N_("{name}' turn, roll {roll} of {rolls}: choose a category")),
    (Phase.MUST_SCORE, True): (
        # Translators: a computer player's turn, every roll used: it is choosing a box to score in.
        N_("{name} (computer) is playing, roll {roll} of {rolls}: choosing a category"),) * 2,
}
# fmt: on


def _whose(t: Text, name: str, pair: tuple[str, str], **fields: object) -> str:
    """A sentence about someone's turn: the pair's second msgid for a name ending in "s".

    >>> pair = _TURNS[(Phase.FIRST_ROLL, False)]
    >>> _whose(ENGLISH, "Chris", pair), _whose(ENGLISH, "Ann", pair)
    ("Chris' turn: roll the dice", "Ann's turn: roll the dice")
    """
    return t._(pair[1] if name.endswith("s") else pair[0], name=name, **fields)


def status(match: Match, t: Text = ENGLISH) -> str:
    """Whose turn it is and which roll, or where the match stands.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann"], seed=1)
    >>> status(m), status(m.roll().roll())
    ("Ann's turn: roll the dice", "Ann's turn, roll 2 of 3")
    """
    phase = match.phase
    if phase is Phase.MATCH_OVER or match_over(match):  # its last planned game played: no next one is offered
        return t._("The match is over.") + " " + _winner_text(match, t)
    if phase is Phase.GAME_OVER:
        return t._("Game {number} is over.", number=match.game + 1)
    computer = match.current_seat.kind is SeatKind.COMPUTER
    pair = _TURNS[(phase, computer)]
    return _whose(t, match.current_name, pair, roll=match.rolls, rolls=match.ruleset.rolls_per_turn)


def describe(before: Match, after: Match, t: Text = ENGLISH) -> str:
    """What an action did, for the live region: the dice rolled, or the points scored.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[3, 3, 3, 5, 5])
    >>> describe(m, m.score("full_house"))
    "Ann scored 25 in Full House. Bob's turn: roll the dice"
    >>> describe(new_match("yacht", ["Ann"], seed=1), m)
    "Ann's turn, roll 1 of 3: 3 3 3 5 5"
    """
    last = after.last_scored
    if last is not None and last is not before.last_scored:
        name = after.seats[last.player].name
        category = after.ruleset.category(last.category).display(t)
        if last.bonus:
            # Translators: {count} points written in a box, and {bonus} points more for a further five of a kind.
            scored = t.n_("{name} scored {count} in {category} and a {bonus}-point bonus.",
                          "{name} scored {count} in {category} and a {bonus}-point bonus.",
                          last.points, name=name, category=category, bonus=last.bonus)  # fmt: skip
        else:
            # Translators: {count} points written in a box ({category}).
            scored = t.n_("{name} scored {count} in {category}.", "{name} scored {count} in {category}.",
                          last.points, name=name, category=category)  # fmt: skip
        return f"{scored} {status(after, t)}"
    if after.rolls > before.rolls or (after.dice and after.dice != before.dice):
        # Translators: the status line ("Ann's turn, roll 1 of 3"), then the faces just rolled ("3 3 3 5 5").
        return t._("{status}: {dice}", status=status(after, t), dice=" ".join(map(str, after.dice)))
    return status(after, t)


def _winner_text(match: Match, t: Text) -> str:
    standings = match.standings()
    top = [s.name for s in standings if s.rank == 1]
    total = standings[0].total
    if len(match.seats) == 1:
        # Translators: the result of a match of one player: their total points.
        return t.n_("{name} scored {count}.", "{name} scored {count}.", total, name=top[0])
    if len(top) > 1:
        # Translators: {names} are the players who share the first place ("Ann and Bob"), {count} their points.
        return t.n_("A tie between {names} with {count}.", "A tie between {names} with {count}.", total,
                    names=t.join(top))  # fmt: skip
    # Translators: the winner of the match and their points.
    return t.n_("{name} wins with {count}.", "{name} wins with {count}.", total, name=top[0])


def _outcome(match: Match, t: Text) -> tuple[Outcome, str]:
    """The winner scene's outcome and its large words: the winner's name, "A tie!", or a solo game's points."""
    standings = match.standings()
    if len(match.seats) == 1:
        # Translators: the large result of a match of one player, in the winner scene: their points.
        return Outcome.SOLO, t.n_("{count} point", "{count} points", standings[0].total)
    top = [s.name for s in standings if s.rank == 1]
    if len(top) > 1:
        # Translators: the large words of the winner scene when players share the first place.
        return Outcome.TIE, t._("A tie!")
    return Outcome.WIN, top[0]


def ending(match: Match, history=None, optimal: float | None = None) -> Ending:
    """The game just played (the match's current one) in context: each person's total against their
    earlier games under these rules in ``history`` (a game.records.history.History; this game's own record,
    once written, is left out), and ``optimal``, the optimal player's mean (None: not known).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1)
    >>> for box in m.open_categories():
    ...     m = m.roll(faces=[6] * 5).score(box)
    >>> ending(m).people
    (Personal(name='Ann', total=164, games=0, best=None, mean=None),)
    """
    from game.records.history import game_id
    from game.records.stats import ruleset_key

    game = match.game
    key = ruleset_key(match.ruleset)
    itself = game_id(match, game) if history is not None else ""
    played = history.people.get(key, {}) if history is not None else {}
    people = []
    for seat, sitter in enumerate(match.seats):
        if sitter.kind is not SeatKind.HUMAN:
            continue
        totals = [record.totals[at] for record, at in played.get(sitter.name, ()) if record.id != itself]
        total = match.totals(seat, game).grand_total
        if totals:
            people.append(Personal(sitter.name, total, len(totals), max(totals), sum(totals) / len(totals)))
        else:
            people.append(Personal(sitter.name, total))
    return Ending(tuple(people), optimal)


def _context(shown: Ending, t: Text) -> tuple[str, ...]:
    """An :class:`Ending` in words: a line per person, then the optimal player's mean where known."""
    out = []
    for person in shown.people:
        fields = {"name": person.name}
        if person.best is None:
            # Translators: the end of a game: a person's points, in their first game under these rules.
            line = t.n_("{name}: {count} point this game, the first under these rules.",
                        "{name}: {count} points this game, the first under these rules.", person.total, **fields)  # fmt: skip
        elif person.new_best:
            # Translators: the end of a game: a person's points, more than in any of their earlier games.
            line = t.n_("{name}: {count} point this game, a new best!",
                        "{name}: {count} points this game, a new best!", person.total, **fields)  # fmt: skip
        else:
            # Translators: the end of a game: a person's points (their earlier games follow).
            line = t.n_("{name}: {count} point this game.", "{name}: {count} points this game.", person.total, **fields)
        if person.best is not None:
            # Translators: a person's earlier games under these rules: their best total, their average and how many.
            before = t.n_("Before it: best {best}, average {mean} over {count} game.",
                          "Before it: best {best}, average {mean} over {count} games.",
                          person.games, best=person.best, mean=t.number(person.mean, 1))  # fmt: skip
            line = f"{line} {before}"
        out.append(line)
    if shown.optimal is not None:
        # Translators: the end of a game: the optimal player's expected total under the match's rules ("254.6").
        out.append(t._("The optimal player averages {mean} under these rules.", mean=t.number(shown.optimal, 1)))
    return tuple(out)


def results(match: Match, t: Text = ENGLISH, ending: Ending | None = None) -> Results | None:
    """The standings panel once a game is over (None while a game is being played).

    The title is "Final standings" after the match, or once the planned games are played; then the
    winner scene's outcome and large words are set. Next game is offered only between the planned
    games (never adding one), Finish the match only there (ending it early). ``ending`` (see
    :func:`ending`) gives the context lines.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1)
    >>> for cat in m.ruleset.categories:
    ...     m = m.roll(faces=[6] * 5).score(cat.id).roll(faces=[1] * 5).score(cat.id)
    >>> r = results(m)
    >>> r.title, r.lines[0], r.winner, r.outcome.value, r.headline, r.can_next
    ('Final standings', '1. Ann — 164', 'Ann wins with 164.', 'win', 'Ann', False)
    """
    if not (match.game_over or match.finished):
        return None
    final = match_over(match)
    standings = match.standings()
    # Translators: a line of the standings: the rank, the player's name and their points ("1. Ann — 164").
    lines = tuple(t._("{rank}. {name} — {total}", rank=s.rank, name=s.name, total=s.total) for s in standings)
    title = t._("Final standings") if final else t._("Standings after game {number}", number=match.game + 1)
    outcome, headline = _outcome(match, t) if final else (None, "")
    between = not final and match.is_legal(NextGame())
    return Results(
        title=title,
        lines=lines,
        winner=_winner_text(match, t) if final else "",
        can_next=between,
        can_finish=between and match.is_legal(Finish()),
        final=final,
        review=any(seat.kind is SeatKind.HUMAN for seat in match.seats),
        outcome=outcome,
        headline=headline,
        context=_context(ending, t) if ending is not None else (),
        ending=ending,
    )


# ----------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class Element:
    """What one element of the page (by id) shows; None (or no attributes) leaves that part as it is."""

    text: str | None = None
    hidden: bool | None = None
    checked: bool | None = None
    attributes: tuple[tuple[str, str], ...] = ()


def _flag(value: bool) -> str:
    return "true" if value else "false"


def current_seat(match: Match) -> int | None:
    """The seat whose column is marked as playing (None between games and after the match)."""
    return None if match.game_over or match.finished else match.player


# Translators: the pass-the-phone screen's heading between people's turns. The next message is the same
# for a name ending in "s" ("Chris' turn"): translate both alike unless your language writes such names differently.
_PASS_TITLE = (N_("{name}'s turn"), N_("{name}' turn"))


def roll_marks(match: Match) -> tuple[bool, ...]:
    """The marks beside the Roll button, one per roll of a turn: True for each roll used.

    >>> from game.core.engine import new_match
    >>> roll_marks(new_match("yacht", seed=1).roll())
    (True, False, False)
    """
    used = 0 if match.game_over or match.finished else match.rolls
    return tuple(n < used for n in range(match.ruleset.rolls_per_turn))


def elements(session, shown: Results | None, t: Text = ENGLISH, handing: str | None = None) -> dict[str, Element]:
    """The elements around the board, by id, for a game.coach.session.Session: controls and the standings panel.

    ``shown`` is the match's standings panel (:func:`results`), which the caller draws too; ``handing``
    names the person the phone is being passed to (game.present.feel.handover): the pass screen replaces the tray.

    >>> from game.core.engine import new_match
    >>> from game.coach.session import Session
    >>> e = elements(Session(new_match("yacht", ["Ann"], seed=1)), None)
    >>> e["roll-button"].text, e["undo-button"].attributes, e["skip-button"].hidden, e["hint-toggle-text"].text
    ('Roll (3 left)', (('aria-disabled', 'true'),), True, 'Hints for Ann')
    """
    from game.coach.session import Next

    match = session.match
    playing = current_seat(match) is not None
    computer = session.next is Next.COMPUTER
    out = {
        "roll-button": Element(roll_label(match, t), attributes=(("aria-disabled", _flag(not match.can_roll)),)),
        "undo-button": Element(
            hidden=not session.undo_allowed, attributes=(("aria-disabled", _flag(not session.can_undo)),)
        ),
        "tray": Element(hidden=not playing or handing is not None),
        "pass": Element(hidden=handing is None or session.remote),
        "send": Element(hidden=handing is None or not session.remote),
        "skip-button": Element(hidden=not computer),
        "hint-toggle-label": Element(hidden=not playing or computer),
        "hint-toggle": Element(checked=match.player in session.hints),
        # Translators: the label of the switch that shows hints for the player whose turn it is.
        "hint-toggle-text": Element(t._("Hints for {name}", name=match.current_name)),
    }
    if handing is not None and session.remote:
        out |= send_screen(handing, t)
    elif handing is not None:
        out |= {
            "pass-title": Element(_whose(t, handing, _PASS_TITLE)),
            # Translators: the pass-the-phone screen: {name} is the person whose turn it is now.
            "pass-text": Element(t._("Pass the phone to {name}, then tap Start.", name=handing)),
            # Translators: the pass-the-phone screen's button, which starts the turn of the person it was passed to.
            "pass-start": Element(t.p_("pass screen", "Start")),
        }
    out["results"] = Element(hidden=shown is None)
    out["menu-new"] = Element(hidden=shown is not None and shown.final)  # the panel then has its own
    if shown is not None:
        out |= {
            "results-title": Element(shown.title), "report": Element(hidden=True),
            "show-report": Element(hidden=not shown.review), "next-game": Element(hidden=not shown.can_next),
            "finish-match": Element(hidden=not shown.can_finish), "new-match": Element(hidden=not shown.final),
            "play-again": Element(hidden=not shown.final), "results-undo": Element(hidden=not session.can_undo),
            "share-result": Element(hidden=not shown.final or daily.match_day(match) is None),  # a daily game's
            "challenge-friend": Element(hidden=not offerable(match)),  # one person's first game (game.records.challenge)
        }  # fmt: skip
        if shown.final and session.remote and session.floor < len(match.actions):  # this phone played the end
            out["send-result"] = Element(result_title(match, t), hidden=False)
    out.setdefault("send-result", Element(hidden=True))
    return out


def send_screen(name: str, t: Text = ENGLISH) -> dict[str, Element]:
    """The screen between turns of a match that travels by link: send it to ``name``, or play on here.

    >>> send_screen("Bob")["send-link"].text, send_screen("Bob")["send-here"].text
    ('Send to Bob', 'Bob is here: play on this phone')
    """
    return {
        "send-title": Element(_whose(t, name, _PASS_TITLE)),
        # Translators: the screen after a person's turn in a match played on separate phones; {name} plays next.
        "send-text": Element(t._("Send the match to {name} by link: their phone plays the next turn.", name=name)),
        "send-link": Element(send_title(name, t)),
        # Translators: a button of the screen between turns of a match on separate phones: {name} plays on this phone instead.
        "send-here": Element(t._("{name} is here: play on this phone", name=name)),
    }


def send_title(name: str, t: Text = ENGLISH) -> str:
    """The send screen's button, and the share dialog's title, that send the match to ``name``."""
    # Translators: a button that opens the share dialog with the match's link for {name}; the share dialog's title too.
    return t._("Send to {name}", name=name)


def result_title(match: Match, t: Text = ENGLISH) -> str:
    """The button (and the share dialog's title) that sends a finished match's link to everyone else.

    >>> from game.core.engine import new_match
    >>> result_title(new_match("yacht", ["Ann", "Bob", "Cy"], seed=1).roll().score("choice"))
    'Send the result to Bob and Cy'
    """
    here = holder(match)
    others = [seat.name for i, seat in enumerate(match.seats) if i != here and seat.kind is SeatKind.HUMAN]
    # Translators: at the end of a match played on separate phones: {names} are the others ("Bob and Cy").
    return t._("Send the result to {names}", names=t.join(others)) if others else t._("Send the result")


def announcement(step, t: Text = ENGLISH) -> str:
    """What a game.coach.session.Step did, for the live region: the roll, the score, the cost, the undo.

    >>> from game.core.engine import new_match
    >>> from game.coach.session import Session
    >>> s = Session(new_match("yacht", ["Ann"], seed=1)).act(Roll((6, 6, 6, 6, 1))).session
    >>> announcement(s.undo())
    "Undone: 1 action taken back. Ann's turn: roll the dice"
    """
    after = step.session.match
    if step.undone is not None:
        undone = t.n_("Undone: {count} action taken back.", "Undone: {count} actions taken back.", step.undone.actions)
        return f"{undone} {status(after, t)}"
    text = describe(step.before, after, t)
    if step.feedback is not None:
        best = action_text(after.ruleset, step.feedback.best, t)
        # Translators: after a person's move, with hints on: {loss} expected points (a decimal) it cost, and the
        # best decision instead ("keep 5 5 5", "score Chance").
        loss = t.number(step.feedback.loss, 1)
        text += " " + t._("(That cost {loss} points against the best: {best}.)", loss=loss, best=best)
    return text


def toggle(match: Match, index: int) -> Hold:
    """The hold that a tap on die ``index`` asks for: hold it if free, release it if held.

    >>> from game.core.engine import new_match
    >>> toggle(new_match("yacht", seed=1).roll().hold(1), 1), toggle(new_match("yacht", seed=1), 9)
    (Hold(die=1, held=False), Hold(die=9, held=True))
    """
    held = match.held[index] if 0 <= index < len(match.held) else False
    return Hold(index, not held)


def cell_refusal(match: Match, row: str, player: int, t: Text = ENGLISH) -> str:
    """Why a tap on a scorecard cell that is not a choice does nothing ("" for a total or another seat).

    >>> from game.core.engine import new_match
    >>> cell_refusal(new_match("yacht", ["Ann"], seed=1), "yacht", 0)
    'Ann cannot score Yacht: roll the dice first'
    """
    if player != match.player or not match.ruleset.has(row):
        return ""
    refusal = match.refusal(Score(row))
    return "" if refusal is None else refusal.text(t)


UNDO = "undo"
NEXT_CHOICE = "next-choice"
PREVIOUS_CHOICE = "previous-choice"
DISMISS = "dismiss"  # a celebration
_KEYS = {
    "r": Roll(),
    "R": Roll(),
    "u": UNDO,
    "U": UNDO,
    "ArrowDown": NEXT_CHOICE,
    "ArrowUp": PREVIOUS_CHOICE,
    "Escape": DISMISS,
}
_CTRL_KEYS = {"z": UNDO, "Z": UNDO}
CHOICE_KEYS = tuple(key for key, command in _KEYS.items() if command in (NEXT_CHOICE, PREVIOUS_CHOICE))
"""The keys that move between the offered boxes (their own action, scrolling, is prevented on a box).

>>> CHOICE_KEYS
('ArrowDown', 'ArrowUp')
"""


def key_command(match: Match, key: str, ctrl: bool = False) -> Action | str | None:
    """What a key asks for: an action (R rolls, 1-9 and 0 hold dice), UNDO (U, Ctrl+Z), moving between choices, DISMISS (Escape).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", seed=1).roll()
    >>> key_command(m, "r"), key_command(m, "3"), key_command(m, "z", ctrl=True), key_command(m, "7"), key_command(m, "r", ctrl=True)
    (Roll(faces=None), Hold(die=2, held=True), 'undo', None, None)
    """
    if ctrl:
        return _CTRL_KEYS.get(key)
    if len(key) == 1 and key.isascii() and key.isdigit():
        index = (int(key) or 10) - 1
        return toggle(match, index) if index < match.ruleset.dice else None
    return _KEYS.get(key)


def practice_turns() -> Iterator[Match]:
    """Endless throwaway turns of engine and view work, one per ``next()``: a fresh interpreter's warm-up.

    >>> turns = practice_turns()
    >>> next(turns).player, next(turns).player
    (1, 0)
    """
    seed = 0
    while True:
        seed += 1
        match = new_match("yahtzee", ("A", "B"), seed=seed)
        while not match.game_over:
            match = match.roll()
            cells(match), dice(match), status(match)
            match = match.score(next(iter(match.options())))
            yield match


@dataclass(frozen=True)
class Words:
    """The page's fixed sentences, in one place: msgids, which the shell words with ``t._(WORDS.saved)``.

    >>> ENGLISH._(WORDS.saved)
    'Your match is saved.'
    """

    storage_full: str = N_(
        "This match is not being saved: this browser's storage is full or turned off. "
        "To make room, export a backup, then delete old games in Statistics."
    )
    lost_moves: str = N_(
        "The last moves were not saved (this browser's storage was full): this is the match as it was last saved."
    )
    leave_match: str = N_("Leave this match and set up a new one? The current match will be lost.")
    reviewing: str = N_("Reviewing every decision…")
    # what stopped, for failure(): the first sentence of its message
    computer_stopped: str = N_("The computer player stopped.")
    went_wrong: str = N_("Something went wrong.")
    cannot_start: str = N_("The game could not start.")
    saved: str = N_("Your match is saved.")
    details_logged: str = N_("The details are in the browser's console.")
    other_tab: str = N_("This match was continued in another tab, so this tab changes nothing.")
    history_not_saved: str = N_(
        "This browser did not save the finished game to your history (storage full or refused)."
    )
    history_unreadable: str = N_("Your game history could not be read, so nothing was written over it.")
    history_set_aside: str = N_(
        "Your game history could not be read: it is kept aside in this browser (download it "
        "from Statistics), and a new history begins."
    )
    delete_kept: str = N_("Delete the copies kept aside? Download them first if you may want them.")
    delete_game: str = N_("Delete this game from your history? This cannot be undone.")
    delete_all: str = N_("Delete every game from your history? This cannot be undone (export a backup first).")
    # the confirming buttons of those questions (the game's own dialog; its other button is Cancel)
    leave_yes: str = N_("Leave the match")
    delete_kept_yes: str = N_("Delete the kept copies")
    delete_game_yes: str = N_("Delete the game")
    delete_all_yes: str = N_("Delete all games")
    import_refused: str = N_("That file was not imported, and nothing was changed.")
    import_too_large: str = N_("That file is too large to be a backup of this game; nothing was changed.")
    save_kept: str = N_(
        "Nothing was deleted: a copy is kept in this browser's storage "
        "(under “yacht-dice/unreadable-save”), and you can download it."
    )
    save_not_kept: str = N_(
        "This browser's storage is full, so no copy could be put aside: download the saved data "
        "before you start a new match, which replaces it."
    )
    start_new: str = N_("Start a new match")
    download_then_start: str = N_("Download it, then start a new match")


KEPT_COPIES = n_(
    "{count} copy of data this game could not read is kept aside in this browser.",
    "{count} copies of data this game could not read are kept aside in this browser.",
)
"""The Statistics screen's line on the copies kept aside (a plural: not one of the Words)."""

WORDS = Words()


def failure(what: str, error: BaseException, saved: bool = True, t: Text = ENGLISH) -> str:
    """A failure in words, never Python's: what stopped (a sentence of WORDS); the error itself goes to the console.

    >>> failure(WORDS.went_wrong, KeyError("x"))
    "Something went wrong. Your match is saved. The details are in the browser's console."
    """
    return " ".join([t._(what)] + ([t._(WORDS.saved)] if saved else []) + [t._(WORDS.details_logged)])


def match_summary(match: Match, t: Text = ENGLISH) -> str:
    """A match in a few words: rules, players and how far it has got.

    >>> from game.core.engine import new_match
    >>> match_summary(new_match("yatzy", ["Ann", "Bob"], games=2, seed=1).roll().score("chance"))
    'Yatzy, Ann and Bob, game 1 of 2, round 1 of 15'
    >>> match_summary(new_match("yacht", ["Cy"], seed=1))
    'Yacht, Cy, not started'
    """
    title, players = match.ruleset.display(t), t.join(seat.name for seat in match.seats)
    if not match.actions:
        # Translators: a match in a few words: its rules ("Yatzy"), its players ("Ann and Bob"); no move made yet.
        return t._("{rules}, {players}, not started", rules=title, players=players)
    # Translators: a match in a few words: its rules ("Yatzy"), its players ("Ann and Bob") and how far it has got.
    return t._(
        "{rules}, {players}, game {game} of {games}, round {round} of {rounds}",
        rules=title,
        players=players,
        game=match.game + 1,
        games=max(match.games, match.game + 1),
        round=match.round + 1,
        rounds=match.rounds,
    )


def link_choice(saved: Match, offered: Match, t: Text = ENGLISH) -> str:
    """What the page asks when a link would replace a match in progress.

    >>> from game.core.engine import new_match
    >>> link_choice(new_match("yacht", ["Cy"], seed=1).roll(), new_match("yatzy", ["Ann"], seed=2))
    'You have a match in progress (Yacht, Cy, game 1 of 1, round 1 of 12). This link starts a new one (Yatzy, Ann, not started), which would replace it.'
    """
    # Translators: {saved} and {offered} are matches in a few words ("Yacht, Cy, game 1 of 1, round 1 of 12").
    return t._("You have a match in progress ({saved}). "
               "This link starts a new one ({offered}), which would replace it.",
               saved=match_summary(saved, t), offered=match_summary(offered, t))  # fmt: skip


def in_progress(match: Match | None) -> bool:
    """Whether leaving ``match`` would lose play: started, and neither finished nor done with its planned games.

    >>> from game.core.engine import new_match
    >>> in_progress(new_match("yacht", seed=1)), in_progress(new_match("yacht", seed=1).roll())
    (False, True)
    """
    if match is None or match.finished or not match.actions:
        return False
    return not (match.game_over and len(match.cards) >= match.games)
