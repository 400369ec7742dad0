"""What the board shows, as plain values: the scorecard's rows and cells, the dice, the status line.

The shell turns these values into DOM updates; all worth testing about the board (labels, cells, status lines) is
here, worded through ``t`` (game.core.i18n.Text, English by default). Beside it: controls, standings, words.

>>> from game.core.engine import new_match
>>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[3, 3, 3, 5, 5])
>>> status(m), cells(m)[("full_house", 0)].label
("Ann's turn, roll 1 of 3", 'Full House, 25 points')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from game.coach.moments import bonus_near, bonus_reached, current_seat, in_progress, match_over
from game.core import rules
from game.core.actions import Score
from game.core.cards import SeatKind
from game.core.engine import Match, Phase
from game.core.i18n import ENGLISH, N_, Text, n_
from game.present.feel import gathered, pose, shelved, turn_of
from game.present.short_names import short_name, short_sum
from game.present.standings import winner_text
from game.present.you import refused, said, said_n

__all__ = [
    "RowKind",
    "Row",
    "Cell",
    "Die",
    "rows",
    "SECTIONS",
    "sections",
    "cells",
    "BOX_POINTS",
    "HINTED",
    "dice",
    "roll_label",
    "roll_marks",
    "current_seat",
    "status",
    "whose",
    "describe",
    "rolled",
    "toggled",
    "scored",
    "match_over",
    "cell_refusal",
    "in_progress",
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
    short: str = ""  # the name a narrow card shows ("Sm. straight"; "": the label fits as it is)


@dataclass(frozen=True)
class Cell:
    """One scorecard cell. ``label`` is set when the cell is a choice (a button) right now."""

    text: str = ""
    label: str | None = None
    classes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Die:
    """One die of the tray: face (None before the first roll), held, spoken name, the pose it landed in (feel.POSES),
    and its move in half places (negative: left) on the shelf when kept (feel.shelved), else along the row (feel.gathered)."""

    index: int
    face: int | None
    held: bool
    label: str
    enabled: bool
    pose: int = 0
    move: int = 0


def _upper_bonus_label(ruleset: rules.RuleSet, t: Text) -> str:
    # Translators: a scorecard row: the upper section's bonus, {amount} points when its boxes add up to
    # {threshold} or more.
    amount, threshold = ruleset.upper_bonus_amount, ruleset.upper_bonus_threshold
    return t._("Upper bonus ({amount} at {threshold})", amount=amount, threshold=threshold)


def _yahtzee_bonus_label(ruleset: rules.RuleSet, t: Text) -> str:
    if not ruleset.yahtzee_id:
        return t._("Yahtzee bonus")
    # Translators: a scorecard row: the bonus for each further five of a kind; {box} is that box's name (Yahtzee…).
    return t._("{box} bonus", box=ruleset.category(ruleset.yahtzee_id).display(t))


# Sum rows: (key, label's msgid or label function, shown when); the key is also the Totals field
_SumRow = tuple[str, str | Callable[[rules.RuleSet, Text], str], Callable[[rules.RuleSet], bool]]
_SUMS_UPPER: tuple[_SumRow, ...] = (
    ("upper_subtotal", N_("Upper subtotal"), lambda rs: rs.upper_bonus_amount > 0),
    ("upper_bonus", _upper_bonus_label, lambda rs: rs.upper_bonus_amount > 0),
    ("upper_total", N_("Upper total"), lambda rs: True),
)
_SUMS_LOWER: tuple[_SumRow, ...] = (
    ("yahtzee_bonus", _yahtzee_bonus_label, lambda rs: rs.yahtzee_bonus_amount > 0),
    ("lower_total", N_("Lower total"), lambda rs: True),
    ("grand_total", N_("Grand total"), lambda rs: True),
)


def _sum_rows(ruleset: rules.RuleSet, specs: tuple[_SumRow, ...], t: Text) -> list[Row]:
    return [
        Row(key, label(ruleset, t) if callable(label) else t._(label), RowKind.SUM, short_sum(ruleset, key, t))
        for key, label, shown in specs
        if shown(ruleset)
    ]


def rows(ruleset: rules.RuleSet, games: int = 1, t: Text = ENGLISH) -> tuple[Row, ...]:
    """The scorecard's rows in order; with more than one game, each game's total and the match's.

    >>> from game.core import variants
    >>> [r.label for r in rows(variants.ruleset("yacht"))][-4:]
    ['Choice', 'Yacht', 'Lower total', 'Grand total']
    >>> [r.key for r in rows(variants.ruleset("yatzy"), games=2)][-3:]
    ['game:0', 'game:1', 'match']
    """
    out = [Row(c.id, c.display(t), RowKind.CATEGORY) for c in ruleset.upper]
    out += _sum_rows(ruleset, _SUMS_UPPER, t)
    out += [Row(c.id, c.display(t), RowKind.CATEGORY, short_name(c, t)) for c in ruleset.lower]
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

    >>> from game.core import variants
    >>> [(name, len(part)) for name, part in sections(variants.ruleset("yatzy"), games=2)]
    [('upper', 9), ('lower', 11), ('match', 3)]
    """
    out = rows(ruleset, games, t)
    split = [row.key for row in out].index("upper_total") + 1
    lower = [row.kind in (RowKind.CATEGORY, RowKind.SUM) for row in out[split:]]
    end = split + (lower.index(False) if False in lower else len(lower))
    parts = (("upper", out[:split]), ("lower", out[split:end]), ("match", out[end:]))
    return tuple((name, part) for name, part in parts if part)


# Translators: a scorecard button's spoken name: the box and the points the dice would write in it.
BOX_POINTS = n_("{category}, {count} point", "{category}, {count} points")
"""An offered box's spoken name, with its points (a plural: the board read aloud says it too)."""


# Translators: a score box's spoken name when the hint marks it as the best choice; {box} is its name with its points
# ("Chance, 23 points").
HINTED = N_("{box}, hinted")
"""The hinted box's spoken name: a screen reader hears which box the hint marks, as the eyes see its star."""


def cells(match: Match, t: Text = ENGLISH, best: str | None = None) -> dict[tuple[str, int], Cell]:
    """Every scorecard cell of the current game, keyed by (row key, player index).

    The current player's legal categories, once the dice are rolled, are choices labelled "<Category>, <points>
    points" (a box worth nothing marked ``zero``, drawn quiet; one at its most, ``made``); filled cells show their
    points; open ones are empty. In forced order each card's next box is marked ``next``. ``best`` is the box the hint
    marks (None: hints off, or none yet): marked ``best``, and its name says "hinted".

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=2).roll(faces=[2, 2, 2, 2, 2]).score("yacht")
    >>> cells(m)[("yacht", 0)], cells(m)[("grand_total", 0)].text
    (Cell(text='50', label=None, classes=('last', 'starred')), '50')
    >>> {key for key, _ in cells(m)} == {row.key for row in rows(m.ruleset)}
    True
    >>> from game.core.variants import ruleset
    >>> forced = new_match(ruleset("yatzy", forced_order=True), ["Ann"], seed=2)
    >>> cells(forced)[("ones", 0)], cells(forced.roll(faces=[1, 1, 2, 3, 4]))[("ones", 0)].classes
    (Cell(text='', label=None, classes=('current', 'next')), ('current', 'next'))
    """
    ruleset = match.ruleset
    game = len(match.cards) - 1
    options = match.options()
    last = match.last_scored
    computer = match.current_seat.kind is SeatKind.COMPUTER  # its options are not shown (below)
    alike = len(set(match.dice)) == 1
    out: dict[tuple[str, int], Cell] = {}
    for player, card in enumerate(match.cards[-1]):
        current = player == match.player and not match.game_over and not match.finished
        mark = ("current",) if current else ()
        scores = card.scores
        upcoming = ruleset.next_box(scores)
        for category in ruleset.categories:
            here = mark + (("next",) if category == upcoming else ())  # forced order: the box this card fills next
            points = scores.get(category.id)
            if points is not None:
                is_last = last is not None and (last.game, last.player, last.category) == (game, player, category.id)
                starred = ("starred",) if points and category.id == ruleset.yahtzee_id else ()  # gold, as a bonus won
                classes = here + (("last",) if is_last else ()) + (("scratch",) if points == 0 else ()) + starred
                out[(category.id, player)] = Cell(str(points), None, classes)
            elif current and category.id in options and computer:  # blank while it weighs them (fresh eyes
                out[(category.id, player)] = Cell("", None, here)  # rounds 45, 61, 65 read them as written)
            elif current and category.id in options:
                value = options[category.id]
                label = t.n_(*BOX_POINTS, value, category=category.display(t))
                lower = category.section is rules.Section.LOWER  # a pattern made, not five alike: rounds 43, 45
                made = value == category.max_score and lower and not alike
                marks = here + (("zero",) if value == 0 else ("made",) if made else ())
                if value and category.id == ruleset.yahtzee_id and alike:
                    marks += ("alike",)  # the Yahtzee on the table: its box glows gold (app.css)
                if category.id == best:
                    label, marks = t._(HINTED, box=label), marks + ("best",)
                out[(category.id, player)] = Cell(str(value), label, marks)
            else:
                out[(category.id, player)] = Cell("", None, here)
        totals = ruleset.totals(scores, card.yahtzee_bonus)
        for key, _label, shown in _SUMS_UPPER + _SUMS_LOWER:
            if shown(ruleset):
                value = getattr(totals, key)
                # a Yahtzee bonus not yet won is quiet ("nil": app.css leaves its row out while every seat's is 0)
                quiet = key == "yahtzee_bonus" and not value
                out[(key, player)] = Cell(str(value), None, (*mark, "nil") if quiet else mark)
        if ruleset.upper_bonus_amount:  # reached: its points, "won"; not yet: how far the upper boxes have come
            come, need = totals.upper_subtotal, ruleset.upper_bonus_threshold  # "18/63", a bar in tenths ("fill-5")
            won, near = bool(totals.upper_bonus), bonus_near(match, player)  # near: its bar in gold (round 35)
            won_now = ("won", "reached") if bonus_reached(match, player) else ("won",)  # reached: its moment's box
            look = won_now if won else (f"fill-{min(10, come * 10 // need)}", *(("near",) if near else ()))
            out[("upper_bonus", player)] = Cell(
                str(totals.upper_bonus) if won else f"{come}/{need}", None, (*mark, *look)
            )
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
    holdable, held, turn = set(match.holdable()), match.held, turn_of(match)
    moves = [kept + rolled for kept, rolled in zip(shelved(match), gathered(match), strict=True)]
    out = []
    for index in range(match.ruleset.dice):
        face = match.dice[index] if match.dice else None
        if face is None:
            # Translators: a die's spoken name before the turn's first roll; {number} counts the dice from 1.
            label = t._("Die {number}, blank", number=index + 1)
        else:
            # Translators: a die's spoken name; {number} counts the dice from 1, {face} is the face it shows.
            label = t._("Die {number}, showing {face}", number=index + 1, face=face)
        out.append(Die(index, face, held[index], label, index in holdable, pose(index, face, turn), moves[index]))
    return tuple(out)


def roll_label(match: Match, t: Text = ENGLISH) -> str:
    """The roll button's text: "Roll" and how many rolls are left (where rolls are saved, how many are saved ones).

    >>> from game.core.engine import new_match
    >>> roll_label(new_match("yahtzee", seed=1)), roll_label(new_match("yahtzee", seed=1).roll())
    ('Roll (3 left)', 'Roll (2 left)')
    >>> roll_label(new_match("maxi", seed=1).roll().score("chance"))
    'Roll (5 left, 2 saved)'
    """
    if match.game_over or match.finished:
        # Translators: the roll button (a verb: roll the dice).
        return t._("Roll")
    saved = match.saved_rolls()
    if saved:
        # Translators: the roll button (a verb: roll the dice), with the rolls left in this turn, {saved} of
        # them saved from the player's earlier turns (Maxi Yatzy: unused rolls carry over).
        return t.n_(
            "Roll ({count} left, {saved} saved)", "Roll ({count} left, {saved} saved)", match.rolls_left, saved=saved
        )
    # Translators: the roll button (a verb: roll the dice), with the rolls left in this turn.
    return t.n_("Roll ({count} left)", "Roll ({count} left)", match.rolls_left)


def roll_marks(match: Match) -> tuple[bool, ...]:
    """The marks beside the Roll button, one per roll of a turn (saved ones included): True for each roll used.

    >>> from game.core.engine import new_match
    >>> roll_marks(new_match("yacht", seed=1).roll())
    (True, False, False)
    """
    if match.game_over or match.finished:
        return (False,) * match.ruleset.rolls_per_turn
    return tuple(n < match.rolls for n in range(match.rolls_allowed))


def _either(msgid: str) -> tuple[str, str]:
    """One msgid as the pair for any name: a computer's sentence puts no possessive on the name."""
    return (msgid, msgid)


# Whose turn it is, by (phase, a computer's seat): a pair of msgids, the second for a name ending
# in "s" (English writes "Chris' turn", not "Chris's turn"). Fields: {name}, {roll} of {rolls}.
_TURNS = {
    (Phase.FIRST_ROLL, False): (
        # Translators: whose turn it is. The next message is the same for a name ending in "s" ("Chris' turn"):
        # translate both alike unless your language, too, writes such names differently.
        N_("{name}'s turn: roll the dice"),
        # Translators: as "{name}'s turn: roll the dice", for a name ending in "s" (English: "Chris' turn").
        N_("{name}' turn: roll the dice"),
    ),
    (Phase.FIRST_ROLL, True): _either(
        # Translators: a computer player's turn has begun ("Robin (computer) is playing").
        N_("{name} (computer) is playing")
    ),
    (Phase.MID_TURN, False): (
        # Translators: whose turn it is, and which roll ("roll 2 of 3"). The next message is for a name ending in "s".
        N_("{name}'s turn, roll {roll} of {rolls}"),
        # Translators: as "{name}'s turn, roll {roll} of {rolls}", for a name ending in "s" ("Chris' turn").
        N_("{name}' turn, roll {roll} of {rolls}"),
    ),
    (Phase.MID_TURN, True): _either(
        # Translators: a computer player's turn, and which roll ("Robin (computer) is playing, roll 2 of 3").
        N_("{name} (computer) is playing, roll {roll} of {rolls}")
    ),
    (Phase.MUST_SCORE, False): (
        # Translators: whose turn it is, every roll used: a box must be chosen. The next message: a name ending in "s".
        N_("{name}'s turn, roll {roll} of {rolls}: choose a box"),
        # Translators: as "{name}'s turn, roll {roll} of {rolls}: choose a box", for a name ending in "s".
        N_("{name}' turn, roll {roll} of {rolls}: choose a box"),
    ),
    (Phase.MUST_SCORE, True): _either(
        # Translators: a computer player's turn, every roll used: it is choosing a box to score in.
        N_("{name} (computer) is playing, roll {roll} of {rolls}: choosing a box")
    ),
}


def whose(t: Text, name: str, pair: tuple[str, str], **fields: object) -> str:
    """A sentence about someone's turn: the pair's second msgid for a name ending in "s".

    >>> pair = _TURNS[(Phase.FIRST_ROLL, False)]
    >>> whose(ENGLISH, "Chris", pair), whose(ENGLISH, "Ann", pair)
    ("Chris' turn: roll the dice", "Ann's turn: roll the dice")
    """
    return said(t, pair[1] if name.endswith("s") else pair[0], name, **fields)


def status(match: Match, t: Text = ENGLISH) -> str:
    """Whose turn it is and which roll, or where the match stands.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann"], seed=1)
    >>> status(m), status(m.roll().roll())
    ("Ann's turn: roll the dice", "Ann's turn, roll 2 of 3")
    """
    phase = match.phase
    if phase is Phase.MATCH_OVER or match_over(match):  # its last planned game played: no next one is offered
        return t._("The match is over.") + " " + winner_text(match, t)
    if phase is Phase.GAME_OVER:
        return t._("Game {number} is over.", number=match.game + 1)
    computer = match.current_seat.kind is SeatKind.COMPUTER
    pair = _TURNS[(phase, computer)]
    return whose(t, match.current_name, pair, roll=match.rolls, rolls=match.rolls_allowed)


def describe(before: Match, after: Match, t: Text = ENGLISH) -> str:
    """What an action did, for the live region: the dice rolled, or the points scored.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[3, 3, 3, 5, 5])
    >>> describe(m, m.score("full_house"))
    "Ann scored 25 in Full House. Bob's turn: roll the dice"
    >>> describe(new_match("yacht", ["Ann"], seed=1), m)
    'Ann rolled 3, 3, 3, 5, 5 (roll 1 of 3)'
    """
    written = scored(before, after, t)
    if written:
        return f"{written} {status(after, t)}"
    if after.rolls > before.rolls or (after.dice and after.dice != before.dice):
        return rolled(after, t)
    return toggled(before, after, t) or status(after, t)


def scored(before: Match, after: Match, t: Text = ENGLISH) -> str:
    """The box just written between ``before`` and ``after``, in words ("" if none was).

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[3, 3, 3, 5, 5])
    >>> scored(m, m.score("full_house")), scored(m, m)
    ('Ann scored 25 in Full House.', '')
    """
    last = after.last_scored
    if last is None or last is before.last_scored:
        return ""
    name = after.seats[last.player].name
    category = after.ruleset.category(last.category).display(t)
    if last.bonus:
        # Translators: {count} points written in a box, and {bonus} points more for a further five of a kind.
        return said_n(
            t,
            "{name} scored {count} in {category} and a {bonus}-point bonus.",
            "{name} scored {count} in {category} and a {bonus}-point bonus.",
            last.points,
            name,
            category=category,
            bonus=last.bonus,
        )
    # Translators: {count} points written in a box ({category}).
    return said_n(
        t,
        "{name} scored {count} in {category}.",
        "{name} scored {count} in {category}.",
        last.points,
        name,
        category=category,
    )


def rolled(match: Match, t: Text = ENGLISH) -> str:
    """A roll in words, for the live region: who rolled, every die in the tray's order, and which roll it was.

    >>> from game.core.engine import new_match
    >>> rolled(new_match("yacht", ["Ann"], seed=1).roll(faces=[3, 3, 5, 6, 4]))
    'Ann rolled 3, 3, 5, 6, 4 (roll 1 of 3)'
    """
    name = match.current_name
    fields: dict[str, object] = {"dice": ", ".join(map(str, match.dice))}
    fields |= {"roll": match.rolls, "rolls": match.rolls_allowed}
    if match.phase is Phase.MUST_SCORE and match.current_seat.kind is not SeatKind.COMPUTER:
        # Translators: a person's last roll of the turn, said aloud: the faces ("3, 3, 5, 6, 4"); a box must be chosen.
        return said(t, "{name} rolled {dice} (roll {roll} of {rolls}): choose a box", name, **fields)
    # Translators: a roll, said aloud: who rolled, the faces in the tray's order ("3, 3, 5, 6, 4"), which roll it was.
    return said(t, "{name} rolled {dice} (roll {roll} of {rolls})", name, **fields)


def toggled(before: Match, after: Match, t: Text = ENGLISH) -> str:
    """The one die held or released between ``before`` and ``after``, in words ("" if not one toggle).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann"], seed=1).roll(faces=[3, 3, 3, 5, 5])
    >>> toggled(m, m.hold(1)), toggled(m.hold(1), m), toggled(m, m)
    ('Held 3 (die 2)', 'Released 3 (die 2)', '')
    """
    changed = [index for index, held in enumerate(after.held) if held != before.held[index]]
    if len(changed) != 1 or not after.dice or after.dice != before.dice or after.player != before.player:
        return ""
    (index,) = changed
    if after.current_seat.kind is SeatKind.COMPUTER:  # the computer's holds name it: nobody pressed a key
        fields = {"name": after.current_name, "number": index + 1, "face": after.dice[index]}
        if after.held[index]:
            # Translators: said aloud when a computer player holds a die: its face, then which die (counted from 1).
            return t._("{name} held {face} (die {number})", **fields)
        # Translators: said aloud when a computer player lets a held die go: its face, then which die.
        return t._("{name} released {face} (die {number})", **fields)
    if after.held[index]:
        # Translators: said aloud when a die is held between rolls: its face, then which die (counted from 1).
        return t._("Held {face} (die {number})", number=index + 1, face=after.dice[index])
    # Translators: said aloud when a held die is let go: its face, then which die (counted from 1).
    return t._("Released {face} (die {number})", number=index + 1, face=after.dice[index])


def cell_refusal(match: Match, row: str, player: int, t: Text = ENGLISH) -> str:
    """Why a tap on a scorecard cell that is not a choice does nothing ("" for a total or another seat).

    >>> from game.core.engine import new_match
    >>> cell_refusal(new_match("yacht", ["Ann"], seed=1), "yacht", 0)
    'Ann cannot score Yacht: roll the dice first'
    """
    if player != match.player or not match.ruleset.has(row):
        return ""
    refusal = match.refusal(Score(row))
    return "" if refusal is None else refused(refusal, t)
