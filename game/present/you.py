"""The person's own seat, left unnamed: shown as the language's "You", and the sentences about it in the second person.

A person alone (or alone with the computers: solo, against the computer, the daily game, a challenge taken up
without a name) who typed no name is not "Player": the seat is named the language's "You" ("Du", "Tú", "Toi"),
and a sentence that puts a name first reads "Your turn", not "You's turn". Which sentences have such a variant
is data (:data:`SECOND`, :data:`SECOND_PLURAL`): :func:`said` and :func:`said_n` pick it by the name alone, so a
caller words every seat alike. A typed name always wins; pass and play has no "you" (its seats get friendly names,
:func:`people_names`). A link never carries "You" for its sender: a challenge's sender is asked a name first
(game.app.sharing.challenge_friend), one who gives none is sent as "Player" (:func:`sent_name`), and separate
phones are a match of people, each named. Stored games keep the name as it was shown ("You" in this phone's own
history; older records' "Player" stays theirs).

>>> from game.core.i18n import ENGLISH
>>> said(ENGLISH, "{name}'s turn: roll the dice", "Ann"), said(ENGLISH, "{name}' turn: roll the dice", you_name())
("Ann's turn: roll the dice", 'Your turn: roll the dice')
>>> said_n(ENGLISH, "{name} scored {count}.", "{name} scored {count}.", 25, you_name())
'You scored 25.'
"""

from __future__ import annotations

from game.coach.names import PEOPLE_NAMES, is_you, people_names, sent_name, you_name
from game.core.i18n import ENGLISH, N_, Text, n_
from game.core.refusals import GameError, Wording

__all__ = (
    "PEOPLE_NAMES",
    "SECOND",
    "SECOND_PLURAL",
    "SECOND_REFUSALS",
    "is_you",
    "people_names",
    "refused",
    "sent_name",
    "said",
    "said_n",
    "you_name",
)


# Each sentence about a named seat that reads wrong with "You" in place of the name, and its second-person variant:
# (its msgids, the second for a name ending in "s" where there is one; the variant). Sentences not here read well
# either way ("You: 25 points"), are about others (a computer's turn), or say "you" already where the person is
# alone (game.present.luck_view). Only the variant has a translators' comment: the msgids have theirs where used.
_VARIANTS = (
    (
        (N_("{name}: the first game under these rules."),),
        # Translators: the end of the person's first game under these rules (they left their name blank; the total
        # is shown above): it is now the score to beat.
        N_("Your first game with these rules: now try to beat it!"),
    ),
    (
        (
            N_("{name}'s turn: roll the dice"),
            N_("{name}' turn: roll the dice"),
        ),
        # Translators: the person's own turn (they left their name blank): the dice are to be rolled.
        N_("Your turn: roll the dice"),
    ),
    (
        (N_("{name}'s turn"), N_("{name}' turn")),
        # Translators: the person's own turn (they left their name blank), rolled: Roll says how many rolls are left.
        N_("Your turn"),
    ),
    (
        (
            N_("{name}'s turn, roll {roll} of {rolls}"),
            N_("{name}' turn, roll {roll} of {rolls}"),
        ),
        # Translators: the person's own turn, and which roll ("roll 2 of 3").
        N_("Your turn, roll {roll} of {rolls}"),
    ),
    (
        (
            N_("{name}'s turn, roll {roll} of {rolls}: choose a box"),
            N_("{name}' turn, roll {roll} of {rolls}: choose a box"),
        ),
        # Translators: the person's own turn, every roll used: a box must be chosen.
        N_("Your turn, roll {roll} of {rolls}: choose a box"),
    ),
    (
        (N_("{name} rolled {dice} (roll {roll} of {rolls}): choose a box"),),
        # Translators: the person's last roll of the turn, said aloud: the faces ("3, 3, 5, 6, 4"); a box must be chosen.
        N_("You rolled {dice} (roll {roll} of {rolls}): choose a box"),
    ),
    (
        (N_("{name} rolled {dice} (roll {roll} of {rolls})"),),
        # Translators: the person's roll, said aloud: the faces in the tray's order ("3, 3, 5, 6, 4"), which roll it was.
        N_("You rolled {dice} (roll {roll} of {rolls})"),
    ),
    (
        (N_("{name}'s last turn"), N_("{name}' last turn")),
        # Translators: the person's own last turn of the game (they left their name blank), before who leads.
        N_("Your last turn"),
    ),
    (
        (N_("{name} takes the lead!"),),
        # Translators: the person's box just written has put them ahead of everyone at the table.
        N_("You take the lead!"),
    ),
    (
        (N_("Hints for {name}"),),
        # Translators: the label of the switch that shows hints for the person (their own turn).
        N_("Hints"),
    ),
    (
        (N_("Chance to beat {name}'s best, {best} points (exact): {percent}"),),
        # Translators: the person alone: the chance of beating their own best total so far ({best} points).
        N_("Chance to beat your best, {best} points (exact): {percent}"),
    ),
    (
        (N_("Chance to beat {name}'s best, {best} points (estimated): {percent}"),),
        # Translators: the person alone: the estimated chance of beating their own best total so far ({best} points).
        N_("Chance to beat your best, {best} points (estimated): {percent}"),
    ),
    (
        (N_("{category} for {name}!"),),
        # Translators: a celebration when the person scores all dice alike or a straight: just the box ("Yahtzee!").
        N_("{category}!"),
    ),
    (
        (N_("{name} reached the upper bonus: {points} more points!"),),
        # Translators: a celebration, when the person's upper section reaches its bonus of {points} points.
        N_("You reached the upper bonus: {points} more points!"),
    ),
    (
        (N_("A new best rating for {name}: {value} per decision!"),),
        # Translators: a celebration at the end of a game: the person's rating is the best it has been ("0.18").
        N_("A new best rating: {value} per decision!"),
    ),
    (
        (N_("{name} enters the roll: {faces} ({count} of {dice} dice)"),),
        # Translators: the status line (read aloud) while the person enters the dice rolled on a table.
        N_("You enter the roll: {faces} ({count} of {dice} dice)"),
    ),
    (
        (N_("{name}'s {box}"), N_("{name}' {box}")),
        # Translators: under the dice at the end of the person's game: their box that the dice made ("Your Yahtzee").
        N_("Your {box}"),
    ),
    (
        (N_("{name} is past their best of {best}!"),),
        # Translators: a celebration mid-game: the person's total has just passed their best total so far ({best}).
        N_("Past your best of {best}!"),
    ),
    (
        (N_("A new best for {name}, up from {best}!"),),
        # Translators: the end of the person's game (they left their name blank): its total (shown above) beat every
        # earlier one; {best}, their best before it.
        N_("A new best, up from {best}!"),
    ),
    (
        (N_("{names} share the first place."),),
        # Translators: under "A tie!" at the end: the person (who left their name blank) shares it with {names}.
        N_("You share the first place with {names}."),
    ),
)
SECOND: dict[str, str] = {third: you for thirds, you in _VARIANTS for third in thirds}
"""Second-person variants of single sentences, by the msgid of the sentence about a named seat."""

_PLURAL_VARIANTS = (
    (
        n_(
            "{name} scored {count} in {category} and a {bonus}-point bonus.",
            "{name} scored {count} in {category} and a {bonus}-point bonus.",
        ),
        # Translators: {count} points the person wrote in a box, and {bonus} points more for a further five of a kind.
        n_(
            "You scored {count} in {category} and a {bonus}-point bonus.",
            "You scored {count} in {category} and a {bonus}-point bonus.",
        ),
    ),
    (
        n_("{name} scored {count} in {category}.", "{name} scored {count} in {category}."),
        # Translators: {count} points the person wrote in a box ({category}).
        n_("You scored {count} in {category}.", "You scored {count} in {category}."),
    ),
    (
        n_("{name} scored {count}.", "{name} scored {count}."),
        # Translators: the result of a match the person played alone: their total points.
        n_("You scored {count}.", "You scored {count}."),
    ),
    (
        n_("{name} wins with {count}.", "{name} wins with {count}."),
        # Translators: the person won the match, with {count} points.
        n_("You win with {count}.", "You win with {count}."),
    ),
    (
        n_("{name} wins by {count} point.", "{name} wins by {count} points."),
        # Translators: under the person's win at the end of a match: by how many points they won.
        n_("You win by {count} point.", "You win by {count} points."),
    ),
    (
        n_("A tie between {names} with {count}.", "A tie between {names} with {count}."),
        # Translators: the person (who left their name blank) shares the first place with {names} ("Robin").
        n_("A tie between you and {names} with {count}.", "A tie between you and {names} with {count}."),
    ),
    (
        n_("{name} leads by {count} point", "{name} leads by {count} points"),
        # Translators: after whose turn it is ("Your turn · you lead by 4"): the person leads the game by {count} points.
        n_("you lead by {count} point", "you lead by {count} points"),
    ),
    (
        n_(
            "{name}: before this game, best {best}, average {mean} over {count} game.",
            "{name}: before this game, best {best}, average {mean} over {count} games.",
        ),
        # Translators: the end of a game: the person's earlier games under these rules (they left their name blank;
        # this game's total is shown above): their best total, their average and how many.
        n_(
            "Your best before this game: {best}, your average {mean} over {count} game.",
            "Your best before this game: {best}, your average {mean} over {count} games.",
        ),
    ),
    (
        n_("A personal best for {name}: {count} point!", "A personal best for {name}: {count} points!"),
        # Translators: a celebration at the end of a game: the person's highest total so far under these rules.
        n_("A personal best: {count} point!", "A personal best: {count} points!"),
    ),
)
SECOND_PLURAL: dict[tuple[str, str], tuple[str, str]] = dict(_PLURAL_VARIANTS)
"""Second-person variants of plural sentences, by the (singular, plural) msgids of the sentence about a named seat."""


_REFUSAL_VARIANTS: tuple[tuple[Wording, Wording], ...] = (
    (
        n_(
            "{name} cannot roll: the match is over ({count} game played)",
            "{name} cannot roll: the match is over ({count} games played)",
        ),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        n_(
            "You cannot roll: the match is over ({count} game played)",
            "You cannot roll: the match is over ({count} games played)",
        ),
    ),
    (
        n_(
            "{name} cannot hold die {die}: the match is over ({count} game played)",
            "{name} cannot hold die {die}: the match is over ({count} games played)",
        ),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        n_(
            "You cannot hold die {die}: the match is over ({count} game played)",
            "You cannot hold die {die}: the match is over ({count} games played)",
        ),
    ),
    (
        n_(
            "{name} cannot release die {die}: the match is over ({count} game played)",
            "{name} cannot release die {die}: the match is over ({count} games played)",
        ),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        n_(
            "You cannot release die {die}: the match is over ({count} game played)",
            "You cannot release die {die}: the match is over ({count} games played)",
        ),
    ),
    (
        n_(
            "{name} cannot score {category}: the match is over ({count} game played)",
            "{name} cannot score {category}: the match is over ({count} games played)",
        ),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        n_(
            "You cannot score {category}: the match is over ({count} game played)",
            "You cannot score {category}: the match is over ({count} games played)",
        ),
    ),
    (
        N_("{name} cannot roll: game {game} is over; start the next game or finish the match"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot roll: game {game} is over; start the next game or finish the match"),
    ),
    (
        N_("{name} cannot hold die {die}: game {game} is over; start the next game or finish the match"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot hold die {die}: game {game} is over; start the next game or finish the match"),
    ),
    (
        N_("{name} cannot release die {die}: game {game} is over; start the next game or finish the match"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot release die {die}: game {game} is over; start the next game or finish the match"),
    ),
    (
        N_("{name} cannot score {category}: game {game} is over; start the next game or finish the match"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot score {category}: game {game} is over; start the next game or finish the match"),
    ),
    (
        N_("{name} cannot hold die {die}: roll the dice first"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot hold die {die}: roll the dice first"),
    ),
    (
        N_("{name} cannot release die {die}: roll the dice first"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot release die {die}: roll the dice first"),
    ),
    (
        N_("{name} cannot score {category}: roll the dice first"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot score {category}: roll the dice first"),
    ),
    (
        n_(
            "{name} cannot roll: all {count} roll of this turn is used; choose a box",
            "{name} cannot roll: all {count} rolls of this turn are used; choose a box",
        ),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        n_(
            "You cannot roll: all {count} roll of this turn is used; choose a box",
            "You cannot roll: all {count} rolls of this turn are used; choose a box",
        ),
    ),
    (
        N_("{name} cannot hold die {die}: no rolls are left this turn; choose a box"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot hold die {die}: no rolls are left this turn; choose a box"),
    ),
    (
        N_("{name} cannot release die {die}: no rolls are left this turn; choose a box"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot release die {die}: no rolls are left this turn; choose a box"),
    ),
    (
        n_("{name} cannot roll: all {count} die is held", "{name} cannot roll: all {count} dice are held"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        n_("You cannot roll: all {count} die is held", "You cannot roll: all {count} dice are held"),
    ),
    (
        N_("{name} cannot roll: dice are held before the first roll of the turn"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot roll: dice are held before the first roll of the turn"),
    ),
    (
        n_(
            "{name} cannot hold die {die}: there is {count} die", "{name} cannot hold die {die}: there are {count} dice"
        ),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        n_("You cannot hold die {die}: there is {count} die", "You cannot hold die {die}: there are {count} dice"),
    ),
    (
        n_(
            "{name} cannot release die {die}: there is {count} die",
            "{name} cannot release die {die}: there are {count} dice",
        ),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        n_(
            "You cannot release die {die}: there is {count} die", "You cannot release die {die}: there are {count} dice"
        ),
    ),
    (
        n_(
            "{name} cannot roll {faces}: {count} face from 1 to {sides} is needed for the dice not held",
            "{name} cannot roll {faces}: {count} faces from 1 to {sides} are needed for the dice not held",
        ),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        n_(
            "You cannot roll {faces}: {count} face from 1 to {sides} is needed for the dice not held",
            "You cannot roll {faces}: {count} faces from 1 to {sides} are needed for the dice not held",
        ),
    ),
    (
        N_("{name} rolls real dice in this match: enter the faces they show"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You roll real dice in this match: enter the faces they show"),
    ),
    (
        N_("{name} cannot score {category}: {rules} has no such box"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot score {category}: {rules} has no such box"),
    ),
    (
        N_("{name} cannot score {category}: it is already filled ({points}); choose another box"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot score {category}: it is already filled ({points}); choose another box"),
    ),
    (
        N_(
            "{name} cannot score {category}: {category} is not allowed for {dice}: a Yahtzee joker must go in the matching upper box, {box}, while it is open"
        ),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_(
            "You cannot score {category}: {category} is not allowed for {dice}: a Yahtzee joker must go in the matching upper box, {box}, while it is open"
        ),
    ),
    (
        N_(
            "{name} cannot score {category}: {category} is not allowed for {dice}: a Yahtzee joker must go in an open lower box ({boxes}) before any upper box"
        ),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_(
            "You cannot score {category}: {category} is not allowed for {dice}: a Yahtzee joker must go in an open lower box ({boxes}) before any upper box"
        ),
    ),
    (
        N_("{name} cannot score {category}: in forced order this turn scores {box}"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot score {category}: in forced order this turn scores {box}"),
    ),
    (
        N_("{name} cannot score {category}: the rules do not allow it"),
        # Translators: as the sentence before, said to the person (who left their name blank): "you".
        N_("You cannot score {category}: the rules do not allow it"),
    ),
)
SECOND_REFUSALS: dict[Wording, Wording] = dict(_REFUSAL_VARIANTS)
"""Second-person variants of the refusals (game.core.refusals) that name the seat first: "You cannot roll: …"."""


def refused(error: GameError, t: Text = ENGLISH) -> str:
    """A refusal in ``t``'s words: one about the person's unnamed seat in the second person ("Du kannst nicht …").

    >>> from game.core.engine import new_match
    >>> from game.core.actions import Roll
    >>> m = new_match("yacht", [you_name()], seed=1).roll().roll().roll()
    >>> refused(m.refusal(Roll()))
    'You cannot roll: all 3 rolls of this turn are used; choose a box'
    """
    variant = SECOND_REFUSALS.get(error.wording) if is_you(str(error.fields.get("name", "")), t) else None
    return error.text(t, variant)


def said(t: Text, message: str, name: str, /, **fields: object) -> str:
    """``message`` about the seat ``name`` in ``t``'s words: its second-person variant for the default "you" seat."""
    if is_you(name, t) and message in SECOND:
        message = SECOND[message]
    return t._(message, name=name, **fields)


def said_n(t: Text, singular: str, plural: str, count: int, name: str, /, **fields: object) -> str:
    """The plural twin of :func:`said`: the form for ``count`` of the sentence, or of its second-person variant."""
    if is_you(name, t) and (singular, plural) in SECOND_PLURAL:
        singular, plural = SECOND_PLURAL[(singular, plural)]
    return t.n_(singular, plural, count, name=name, **fields)
