"""Luck and skill in words, at the end of a game: each person's total split into the dice's share and the
choices', and who won by how much, from the dice or from the choices (the facts: game.coach.luck).

>>> ann, robin = Share("Ann", True, 265, 3.4, 17.2), Share("Robin", False, 268, 15.4, 8.2)
>>> luck_words((ann, robin))
('Ann 265: dice +3, choices −17', 'Unlucky! Robin won by 3: the dice gave Robin 12 more, your choices were 9 better')
>>> luck_words((Share("Chris", True, 270, 20.0, 5.0), Share("Ann", True, 268, 25.4, 8.2)))[-1]
"Chris won by 2: the dice gave Ann 5 more, Chris' choices were 7 better"
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.i18n import ENGLISH, Text
from game.records.endings import Share

if TYPE_CHECKING:  # the coach's values, imported only when asked for, to keep the start short
    from game.coach.luck import Luck, Split

__all__ = ("Share", "coach_line", "luck_words", "roll_words", "signed")

MINUS = "\N{MINUS SIGN}"  # a number's sign, not a hyphen: screen readers say "minus"


def signed(value: float, t: Text = ENGLISH, digits: int = 0) -> str:
    """A number with its sign, as a gain or a loss is told ("+31", "−17", "0"; with ``digits`` decimals "+38.2").

    >>> signed(31), signed(-17), signed(0), signed(-0.04, digits=1), signed(38.25, digits=1)
    ('+31', '−17', '0', '0.0', '+38.2')
    """
    shown = t.number(abs(value), digits)
    if not shown.strip("0.,"):  # rounds to nothing: no sign
        return shown
    return ("+" if value > 0 else MINUS) + shown


def roll_words(split: Split, t: Text = ENGLISH) -> tuple[str, ...]:
    """The rolls that made the difference in a seat's game, for the after-game report: its luckiest and unluckiest.

    >>> from game.coach.luck import Luck, Split
    >>> rolls = (Luck(0, 0, 3, 2, (6, 6, 6, 6, 6), 150.0, 188.25), Luck(0, 0, 8, 1, (1, 2, 2, 4, 6), 90.0, 69.0))
    >>> for line in roll_words(Split(0, 0, 100.0, rolls, (), 0, 100.0)):
    ...     print(line)
    Luckiest roll: round 4 (roll 2), dice 6 6 6 6 6: +38.2 points
    Unluckiest roll: round 9 (roll 1), dice 1 2 2 4 6: −21.0 points
    """
    out = []
    luckiest, unluckiest = split.luckiest(), split.unluckiest()
    if luckiest is not None:
        # Translators: in the after-game report: the roll whose dice gave the most against what was expected
        # before it ("+38.2": the optimal player's expected total after it less before it, with a decimal).
        out.append(
            t._("Luckiest roll: round {round} (roll {roll}), dice {dice}: {luck} points", **_fields(luckiest, t))
        )
    if unluckiest is not None:
        # Translators: in the after-game report: the roll whose dice took the most against what was expected
        # before it ("−21.0" points, with a decimal).
        out.append(
            t._("Unluckiest roll: round {round} (roll {roll}), dice {dice}: {luck} points", **_fields(unluckiest, t))
        )
    return tuple(out)


def _fields(roll: Luck, t: Text) -> dict[str, object]:
    return {
        "round": roll.round + 1,
        "roll": roll.roll,
        "dice": " ".join(map(str, roll.dice)),
        "luck": signed(roll.luck, t, 1),
    }


def coach_line(shares: Sequence[Share], t: Text = ENGLISH) -> str:
    """The coach's one line on the end card: with several seats and one winner, how the winner won (by the dice, by
    the choices); a person alone, what the dice gave, and where the rest is told (the numbers are the report's); ""
    else.

    >>> coach_line((Share("Ann", True, 265, 13.4, 17.2),))
    'The dice were kind: about 13 points more than an average game. “How did I play?” shows where the points went.'
    >>> coach_line((Share("Ann", True, 265, 3.4, 17.2), Share("Robin", False, 268, 15.4, 8.2)))
    'Unlucky! Robin won by 3: the dice gave Robin 12 more, your choices were 9 better'
    """
    if len(shares) == 1 and shares[0].person:
        return _alone(shares[0], t)
    ranked = sorted(shares, key=lambda s: -s.total)
    if len(ranked) > 1 and ranked[0].total > ranked[1].total and any(s.person for s in shares):
        if _told_off(ranked[0], ranked[1], shares):
            # Translators: the coach's line at the end of a game against the computer where the person's choices
            # were not the better ones: the report (the button "How did I play?") splits the result into the dice's
            # share and the choices'.
            return t._("Luck or skill? “How did I play?” has the answer.")
        return _won(ranked[0], ranked[1], shares, t)
    return ""


def _told_off(first: Share, second: Share, shares: Sequence[Share]) -> bool:
    """Whether how the game was won, said on the card, would tell a person alone against computers that the other's
    choices were better: a winner that they won by the dice (fresh eyes rounds 110 to 116: "it takes the shine off
    the win"), a loser that they lost by their choices. The report says it (:func:`luck_words`); the card, as a game
    alone's does (:func:`_alone`), invites to it. Between people (pass and play, a challenge) it is said: who chose
    better is the point.

    >>> robin = Share("Robin", False, 206, 0.0, 10.0)
    >>> lucky, able = Share("You", True, 226, 47.0, 37.0), Share("You", True, 226, 0.0, 0.0)
    >>> _told_off(lucky, robin, (lucky, robin)), _told_off(able, robin, (able, robin))
    (True, False)
    """
    people = [s for s in shares if s.person]
    you = people[0] if len(people) == 1 else None
    if you is not first and you is not second:
        return False
    _, choices = _parts(first, second)
    return choices < 0 if you is first else choices > 0


LUCKY = 5
"""The dice's share of a game, in points, from which a person alone hears their dice called lucky (or, below its
negative, tough): within it, about average."""


def _alone(share: Share, t: Text) -> str:
    """A person alone's game in a line: the dice (lucky, tough, about average), then where the choices are told; where
    the choices left :data:`ROOM` points or more (and the dice were not tough), an invitation to see them instead.
    What best play would have added, said as a number, read as a telling-off (fresh eyes rounds 35, 37, 38, 41);
    kind dice said beside a low total read as praise (round 40).

    >>> _alone(Share("Ann", True, 240, -7.6, 0.3), ENGLISH)
    'Tough dice: about 8 points less than an average game. “How did I play?” shows where the points went.'
    >>> _alone(Share("Ann", True, 240, 1.0, 1.0), ENGLISH)
    'The dice were about average. “How did I play?” shows where the points went.'
    >>> _alone(Share("Ann", True, 149, 107.0, 150.4), ENGLISH)
    'Want more points? “How did I play?” shows the choices that cost the most.'
    """
    if -share.choices >= ROOM and share.dice > -LUCKY:
        # Translators: the coach's line at the end of a game played alone whose choices cost many points: an
        # invitation to the report (the button "How did I play?"), which shows them.
        return t._("Want more points? “How did I play?” shows the choices that cost the most.")
    # in points against an average game, said as such ("Lucky dice (+107)", a number with no unit, read as a puzzle:
    # fresh eyes round 39)
    if share.dice >= LUCKY:
        # Translators: the coach's line at the end of a game played alone: the dice gave about {count} points more
        # than an average game; a sentence on the report follows.
        dice = t.n_(
            "The dice were kind: about {count} point more than an average game.",
            "The dice were kind: about {count} points more than an average game.",
            share.dice,
        )
    elif share.dice <= -LUCKY:
        # Translators: as "The dice were kind: …", for dice that gave about {count} points less than an average game.
        dice = t.n_(
            "Tough dice: about {count} point less than an average game.",
            "Tough dice: about {count} points less than an average game.",
            -share.dice,
        )
    else:
        # Translators: as "The dice were kind: …", for dice within a few points of an average game.
        dice = t._("The dice were about average.")
    # Translators: the coach's line at the end of a game played alone, after the dice: the report (the button "How
    # did I play?") tells the choices.
    report = t._("“How did I play?” shows where the points went.")
    return f"{dice} {report}"


ROOM = 20
"""The points a person alone's choices lost (against best play) from which the end card invites them to the report
rather than telling the dice: fewer is a game well played."""


def luck_words(shares: Sequence[Share], t: Text = ENGLISH, said: str = "") -> tuple[str, ...]:
    """A line per person ("Ann 268: dice +31, choices −17"), then with several seats and one winner, how the winner
    won against the next best: by the dice, by the choices. A lone person against computers, or a challenger, is "you".
    Without the winner's line where ``said`` says it already (the end card's :func:`coach_line`)."""
    out = [
        # Translators: the end of a game: a person's total split into the dice's share (the luck of every roll,
        # against what the optimal player expected: "+31") and the choices' (the points every choice lost: "−17").
        t._(
            "{name} {total}: dice {dice}, choices {choices}",
            name=s.name,
            total=t.number(s.total),
            dice=signed(s.dice, t),
            choices=signed(s.choices, t),
        )
        for s in shares
        if s.person
    ]
    ranked = sorted(shares, key=lambda s: -s.total)
    if len(ranked) > 1 and ranked[0].total > ranked[1].total:
        won = _won(ranked[0], ranked[1], shares, t)
        out += [] if won == said else [won]
    return tuple(out)


def _won(first: Share, second: Share, shares: Sequence[Share], t: Text) -> str:
    """How the winner beat the next best: the dice's difference, rounded, and the choices' as the rest of the gap
    (so the two numbers add up to it, each within half a point of its exact value)."""
    here = [s for s in shares if s.person and not s.away]
    you = here[0] if len(here) == 1 else None
    gap = first.total - second.total
    dice, choices = _parts(first, second)
    fields = {"dice": _dice(first, second, dice, you, t), "choices": _choices(first, second, choices, you, t)}
    if first is you:
        # Translators: the end of a game against the computer: the person won by {count} points; {dice} and
        # {choices} are the two parts below ("the dice gave Robin 12 more", "your choices were 15 better").
        return t.n_("You won by {count}: {dice}, {choices}", "You won by {count}: {dice}, {choices}", gap, **fields)
    # Translators: the end of a game: {name} won by {count} points; {dice} and {choices} are the two parts below
    # ("the dice gave Robin 12 more", "your choices were 9 better").
    line = t.n_(
        "{name} won by {count}: {dice}, {choices}",
        "{name} won by {count}: {dice}, {choices}",
        gap,
        name=first.name,
        **fields,
    )
    if second is you and dice > 0 and choices < 0:  # lost to the dice alone: said kindly first (fresh eyes round 43)
        # Translators: before "Robin won by 29: the dice gave Robin 37 more, your choices were 8 better": the person
        # played better and lost to the dice.
        unlucky = t._("Unlucky!")
        return f"{unlucky} {line}"
    return line


def _parts(first: Share, second: Share) -> tuple[int, int]:
    """The winner's lead over the next best split into the dice's difference, rounded, and the choices' as the rest
    of the gap (so the two add up to it, each within half a point of its exact value)."""
    dice = round(first.luck - second.luck)
    return dice, first.total - second.total - dice


def _dice(first: Share, second: Share, dice: int, you: Share | None, t: Text) -> str:
    """Whom the dice favoured, by how many points."""
    if dice == 0:
        # Translators: part of "Robin won by 3: the dice were even, your choices were 3 better".
        return t._("the dice were even")
    lucky, count = (first, dice) if dice > 0 else (second, -dice)
    if lucky is you:
        # Translators: part of "You won by 3: the dice gave you 12 more, Robin's choices were 9 better" (points).
        return t.n_("the dice gave you {count} more", "the dice gave you {count} more", count)
    # Translators: part of "Robin won by 3: the dice gave Robin 12 more, your choices were 9 better" (points).
    return t.n_("the dice gave {name} {count} more", "the dice gave {name} {count} more", count, name=lucky.name)


def _choices(first: Share, second: Share, choices: int, you: Share | None, t: Text) -> str:
    """Whose choices were better, by how many points."""
    if choices == 0:
        # Translators: part of "Robin won by 12: the dice gave Robin 12 more, the choices were even".
        return t._("the choices were even")
    better, count = (first, choices) if choices > 0 else (second, -choices)
    if better is you:
        # Translators: part of "Robin won by 3: the dice gave Robin 12 more, your choices were 9 better" (points).
        return t.n_("your choices were {count} better", "your choices were {count} better", count)
    if better.name.endswith("s"):  # English writes "Chris' choices", not "Chris's" (as game.present.board_view.whose)
        # Translators: as "{name}'s choices were {count} better", for a name ending in "s" (English: "Chris' choices"):
        # translate both alike unless your language, too, writes such names differently.
        return t.n_(
            "{name}' choices were {count} better", "{name}' choices were {count} better", count, name=better.name
        )
    # Translators: part of "You won by 3: the dice gave you 12 more, Robin's choices were 9 better" (points).
    # The message before is the same for a name ending in "s".
    return t.n_("{name}'s choices were {count} better", "{name}'s choices were {count} better", count, name=better.name)
