"""The Rules panel: every rule of a rule set in words, generated from the very data that scores.

Pure and standard-library only. Each box's condition and payout come from tables keyed by the
box's matcher and payout *functions* in :mod:`game.core.matchers` (never by its id or name), worded from
the rule's own numbers, so the text cannot say what the scoring does not do. A :class:`Sentence`
keeps its catalogue message and its numbers apart until it is worded in a language.

>>> from game.core.variants import ruleset
>>> text = rules_of(ruleset("yahtzee"))
>>> box = text.box("full_house")
>>> box.name(), box.condition.text(), box.payout.text()
('Full House', 'A group of 3 dice alike and another group of 2', 'Scores 25 points')
>>> [note.text() for note in box.notes]
['The groups must show different faces: 5 dice alike do not count.']
>>> rules_of(ruleset("yacht")).box("full_house").notes[0].text()
'The groups may show the same face: 5 dice alike count too.'
>>> "<h2 id=\\"rules-title\\" tabindex=\\"-1\\">Rules: Yatzy</h2>" in panel_html(ruleset("yatzy"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html import escape
from typing import Any

from game.core.i18n import ENGLISH, N_, Text, n_
from game.core.matchers import (
    Rule,
    hand_of,
    match_face,
    match_face_set,
    match_groups,
    match_run,
    pay_fixed,
    pay_matched,
    pay_total,
)
from game.core.rules import Category, Joker, RuleSet, Section

__all__ = ["Box", "RulesText", "Sentence", "panel_html", "rules_of"]


Field = int | Category | tuple[Any, ...]
"""A sentence's field: a number, a box (worded by its name), or a tuple of them (worded as a list)."""


def _word(value: Field, t: Text) -> str:
    if isinstance(value, Category):
        return value.display(t)
    if isinstance(value, tuple):
        return t.join(_word(item, t) for item in value)
    return str(value)


@dataclass(frozen=True)
class Sentence:
    """A sentence as a catalogue message and its fields, worded in a language only by :meth:`text`.

    ``plural`` and ``count`` are set for a message with plural forms (``{count}`` is filled in).

    >>> s = Sentence("{count} point", (), "{count} points", 25)
    >>> s.text(), s.values
    ('25 points', {'count': 25})
    >>> Sentence("The faces {faces}", (("faces", (1, 2, 3)),)).text()
    'The faces 1, 2 and 3'
    """

    msgid: str
    fields: tuple[tuple[str, Field], ...] = ()
    plural: str | None = None
    count: int | None = None

    @property
    def values(self) -> dict[str, Field]:
        """The fields by name, ``count`` included when the message has plural forms."""
        out = dict(self.fields)
        if self.plural is not None:
            assert self.count is not None, "a message with plural forms has its count"
            out["count"] = self.count
        return out

    def text(self, t: Text = ENGLISH) -> str:
        """The sentence in the language of ``t``."""
        fields = {name: _word(value, t) for name, value in self.fields}
        if self.plural is None:
            return t._(self.msgid, **fields)
        assert self.count is not None, "a message with plural forms has its count"
        return t.n_(self.msgid, self.plural, self.count, **fields)


def _say(msgid: str, **fields: Field) -> Sentence:
    return Sentence(msgid, tuple(fields.items()))


def _say_n(forms: tuple[str, str], count: int, **fields: Field) -> Sentence:
    return Sentence(forms[0], tuple(fields.items()), forms[1], count)


@dataclass(frozen=True)
class Box:
    """One box of the scorecard in words: what the dice must show, what it pays, and notes.

    >>> from game.core.variants import ruleset
    >>> box = rules_of(ruleset("yatzy")).box("sixes")
    >>> box.category_id, box.condition.text(), box.payout.text()
    ('sixes', 'Any roll: only the dice showing 6 count', 'Scores 6 points for each die showing 6')
    """

    category: Category
    condition: Sentence
    payout: Sentence
    notes: tuple[Sentence, ...] = ()

    @property
    def category_id(self) -> str:
        return self.category.id

    def name(self, t: Text = ENGLISH) -> str:
        """The box's name in the language of ``t``."""
        return self.category.display(t)


@dataclass(frozen=True)
class RulesText:
    """A rule set's rules in words: how a turn goes, every box, the bonuses and the joker rule.

    >>> from game.core.variants import ruleset
    >>> text = rules_of(ruleset("yacht"))
    >>> text.title(), [s.text() for s in text.bonuses]
    ('Rules: Yacht', ['There are no bonuses.'])
    """

    ruleset: RuleSet
    general: tuple[Sentence, ...]
    boxes: tuple[Box, ...]
    bonuses: tuple[Sentence, ...]
    joker: tuple[Sentence, ...]

    def title(self, t: Text = ENGLISH) -> str:
        """The panel's heading, "Rules: Yahtzee", in the language of ``t``."""
        return t._("Rules: {title}", title=self.ruleset.display(t))

    def box(self, category_id: str) -> Box:
        """The box with this category id (KeyError if the rule set has none)."""
        for box in self.boxes:
            if box.category_id == category_id:
                return box
        raise KeyError(f"no box {category_id!r} in {self.ruleset!r}")

    def sentences(self) -> Iterator[Sentence]:
        """Every sentence of the rules, in panel order."""
        yield from self.general
        for box in self.boxes:
            yield box.condition
            yield box.payout
            yield from box.notes
        yield from self.bonuses
        yield from self.joker


# --------------------------------------------------------------------------------------------
# The messages
# --------------------------------------------------------------------------------------------

_DICE = n_("The game is played with {count} die.", "The game is played with {count} dice.")
_SIDES = n_("Each die has {count} side.", "Each die has {count} sides.")
_ROLLS = n_("On your turn, roll the dice up to {count} time.", "On your turn, roll the dice up to {count} times.")
_HOLD = N_("Between rolls, hold any dice you like and roll the others again; you may also stop early.")
_FILL = N_("Then score the dice in one open box of your choice: a box they do not fit scores nothing.")
# Translators: forced order: the boxes are filled in turn, from the top of the scorecard down.
_FILL_NEXT = N_(
    "Then score the dice in the next open box, down the scorecard from the top: you do not choose, "
    "and a box they do not fit scores nothing."
)
_SAVED = N_("Rolls you leave unused are saved for your later turns, on top of each turn's own.")
_SAVED_EXAMPLE = n_(
    "Stop after the first roll, for example, and your next turn has up to {count} roll.",
    "Stop after the first roll, for example, and your next turn has up to {count} rolls.",
)
_ROLL_ONCE = N_("You must roll at least once each turn.")
_ROUNDS = n_("A game has {count} round, one for each box.", "A game has {count} rounds, one for each box.")

_ANY_ROLL = N_("Any roll")
# Translators: {face} is a die's face (a number); an upper box counts only the dice showing it.
_FACE_COUNT = N_("Any roll: only the dice showing {face} count")
_AT_LEAST = n_("At least {count} die showing the same face", "At least {count} dice showing the same face")
_ALL_ALIKE = n_("All {count} die showing the same face", "All {count} dice showing the same face")
_DIFFERENT_FACES = n_("{count} different face", "{count} different faces")
_TWO_EQUAL_GROUPS = n_("Two groups of {count} die alike", "Two groups of {count} dice alike")
# Translators: {groups} is how many groups (3 or more): "3 groups of 2 dice alike".
_EQUAL_GROUPS = n_("{groups} groups of {count} die alike", "{groups} groups of {count} dice alike")
# Translators: {other} is how many dice the second group has ("… and another group of 2").
_TWO_GROUPS = n_(
    "A group of {count} die alike and another group of {other}",
    "A group of {count} dice alike and another group of {other}",
)
# Translators: {sizes} is a list of numbers of dice, such as "3, 2 and 2".
_GROUPS = N_("Groups of dice alike, of {sizes} dice")
_RUN = n_("A run of {count} consecutive face", "A run of {count} consecutive faces")
# Translators: {faces} is a list of die faces, such as "1, 2, 3, 4 and 5".
_FACE_SET = n_("The face {faces} on at least one die", "The faces {faces}, each on at least one die")

_DIFFERENT = n_(
    "The groups must show different faces: {count} die alike does not count.",
    "The groups must show different faces: {count} dice alike do not count.",
)
_SAME_OK = n_(
    "The groups may show the same face: {count} die alike counts too.",
    "The groups may show the same face: {count} dice alike count too.",
)
_IMPOSSIBLE = N_("No roll of these dice can do this: it scores nothing.")
_IMPOSSIBLE_JOKER = N_("No roll of these dice can do this: only a joker scores here.")

_PAY_FIXED = n_("Scores {count} point", "Scores {count} points")
_PAY_TOTAL = N_("Scores the total of all dice")
# Translators: the same number twice: "Scores 6 points for each die showing 6".
_PAY_FACE = n_(
    "Scores {count} point for each die showing {count}", "Scores {count} points for each die showing {count}"
)
_PAY_GROUPS = n_(
    "Scores the total of the {count} die that matches (the highest, if there is a choice)",
    "Scores the total of the {count} dice that match (the highest, if there is a choice)",
)
_PAY_RUN = N_("Scores the total of the faces in the run")
# Translators: {faces} is a list of die faces, such as "1, 2, 3, 4 and 5".
_PAY_FACE_SET = N_("Scores the total of the faces {faces}")

_UPPER_BONUS = n_(
    "If your upper boxes total {threshold} or more, you get a bonus of {count} point.",
    "If your upper boxes total {threshold} or more, you get a bonus of {count} points.",
)
# Translators: {name} is the name of the box for all dice alike ("Yahtzee").
_YAHTZEE_BONUS = n_(
    "Each time you roll all dice alike after scoring points in the {name} box, you get a bonus of {count} point.",
    "Each time you roll all dice alike after scoring points in the {name} box, you get a bonus of {count} points.",
)
_NO_BONUS = N_("There are no bonuses.")

# Translators: {name} is the name of the box for all dice alike ("Yatzy", "Yacht").
_NO_JOKER = N_("There is no joker: all dice alike after the {name} box is filled score like any other roll.")
# Translators: forced order (boxes filled in turn); {name} is the name of the box for all dice alike ("Yahtzee").
_ORDER_JOKER = N_(
    "In forced order there is no joker: all dice alike after the {name} box is filled go in the next box "
    "like any other roll."
)
# Translators: {name} is the name of the box for all dice alike ("Yahtzee").
_JOKER = N_("Once the {name} box is filled, even if it scored nothing, any roll of all dice alike is a joker.")
_FORCED_UPPER = N_("The joker must go in the upper box of its face while that box is open.")
# Translators: {boxes} is a list of box names, such as "Full House, Small Straight and Large Straight".
_FORCED_LOWER_WILD = N_("Otherwise it must go in an open lower box, where it counts as a match even in {boxes}.")
_FORCED_LOWER = N_("Otherwise it must go in an open lower box.")
_FORCED_LAST = N_("If no lower box is open either, it goes in an open upper box and scores nothing there.")
_FREE_ANY = N_("The joker may go in any open box.")
# Translators: {boxes} is a list of box names, such as "Full House, Small Straight and Large Straight".
_FREE_WILD = N_("In {boxes} it counts as a match, but only once the upper box of its face is filled.")

_HOW_TO_PLAY = N_("How to play")
_SECTIONS = {Section.UPPER: N_("Upper section"), Section.LOWER: N_("Lower section")}
_BONUSES = N_("Bonuses")
_JOKER_RULE = N_("Joker rule")


# --------------------------------------------------------------------------------------------
# The tables: matcher and payout functions to sentences
# --------------------------------------------------------------------------------------------


def _face_count_condition(rs: RuleSet, face: int) -> tuple[Sentence, ...]:
    return (_say(_FACE_COUNT, face=face),)


def _groups_condition(rs: RuleSet, sizes: tuple[int, ...], distinct: bool) -> tuple[Sentence, ...]:
    if max(sizes, default=0) <= 1 and (len(sizes) <= 1 or not distinct) and sum(sizes) <= rs.dice:
        return (_say(_ANY_ROLL),)
    if len(sizes) == 1:
        return (_say_n(_ALL_ALIKE if sizes[0] == rs.dice else _AT_LEAST, sizes[0]),)
    if max(sizes) == 1:
        condition = _say_n(_DIFFERENT_FACES, len(sizes))
    elif len(sizes) == 2 and sizes[0] == sizes[1]:
        condition = _say_n(_TWO_EQUAL_GROUPS, sizes[0])
    elif len(sizes) == 2:
        condition = _say_n(_TWO_GROUPS, sizes[0], other=sizes[1])
    elif len(set(sizes)) == 1:
        condition = _say_n(_EQUAL_GROUPS, sizes[0], groups=len(sizes))
    else:
        condition = _say(_GROUPS, sizes=sizes)
    if sum(sizes) > rs.dice or max(sizes) == 1:  # all alike cannot fill them, or the condition says "different"
        return (condition,)
    # what players misread: may the groups share a face (is five alike a full house)?
    return condition, _say_n(_DIFFERENT if distinct else _SAME_OK, sum(sizes))


def _run_condition(rs: RuleSet, length: int) -> tuple[Sentence, ...]:
    return (_say_n(_RUN, length),)


def _face_set_condition(rs: RuleSet, faces: frozenset[int]) -> tuple[Sentence, ...]:
    return (_say_n(_FACE_SET, len(faces), faces=tuple(sorted(faces))),)


_CONDITIONS: dict[Callable[..., Any], Callable[..., tuple[Sentence, ...]]] = {
    match_face: _face_count_condition,
    match_groups: _groups_condition,
    match_run: _run_condition,
    match_face_set: _face_set_condition,
}
"""Each matcher's words: its condition sentence, then notes (called with the rule set and the rule's args)."""

_POSSIBLE: dict[Callable[..., Any], Callable[..., bool]] = {
    match_face: lambda rs, face: True,
    match_groups: lambda rs, sizes, distinct: sum(sizes) <= rs.dice and (not distinct or len(sizes) <= rs.sides),
    match_run: lambda rs, length: length <= min(rs.dice, rs.sides),
    match_face_set: lambda rs, faces: len(faces) <= rs.dice and all(1 <= f <= rs.sides for f in faces),
}
"""Whether some roll of the rule set's dice can match (a run of 8 faces cannot, on six-sided dice)."""

_PAY_MATCHED: dict[Callable[..., Any], Callable[..., Sentence]] = {
    match_face: lambda rs, face: _say_n(_PAY_FACE, face),
    match_groups: lambda rs, sizes, distinct: _say_n(_PAY_GROUPS, sum(sizes)),
    match_run: lambda rs, length: _say(_PAY_RUN),
    match_face_set: lambda rs, faces: _say(_PAY_FACE_SET, faces=tuple(sorted(faces))),
}
"""What "the matched dice" are for each matcher, when a box pays their total."""

_PAYOUTS: dict[Callable[..., Any], Callable[[RuleSet, Rule], Sentence]] = {
    pay_fixed: lambda rs, rule: _say_n(_PAY_FIXED, rule.points),
    pay_total: lambda rs, rule: _say(_PAY_TOTAL),
    pay_matched: lambda rs, rule: _PAY_MATCHED[rule.match](rs, *rule.args),
}
"""Each payout function's words (called with the rule set and the rule)."""


def _box(rs: RuleSet, category: Category) -> Box:
    """A box in words, from its rule's matcher and payout: the tables word every one of the vocabulary.

    >>> from game.core.matchers import MATCHERS, PAYOUTS
    >>> set(_CONDITIONS) == set(_POSSIBLE) == set(_PAY_MATCHED) == set(MATCHERS)
    True
    >>> set(_PAYOUTS) == set(PAYOUTS)
    True
    """
    rule = category.rule
    if rule is None or rule.match not in _CONDITIONS or rule.pay not in _PAYOUTS:
        raise LookupError(f"{category.id!r} of {rs!r}: no words for its rule {rule!r}")
    condition, *notes = _CONDITIONS[rule.match](rs, *rule.args)
    if not _POSSIBLE[rule.match](rs, *rule.args):
        joker = rs.joker is not Joker.NONE and category.section is Section.LOWER and rs.yahtzee_id is not None
        notes.append(_say(_IMPOSSIBLE_JOKER if joker else _IMPOSSIBLE))
    return Box(category, condition, _PAYOUTS[rule.pay](rs, rule), tuple(notes))


def _wild(rs: RuleSet) -> tuple[Category, ...]:
    """The lower boxes some roll of all dice alike does not match: there a joker makes a difference."""
    alike = [hand_of((face,) * rs.dice) for face in range(1, rs.sides + 1)]
    return tuple(
        c
        for c in rs.lower
        if c.id != rs.yahtzee_id and c.rule is not None and any(c.rule.matched(hand) is None for hand in alike)
    )


def _joker(rs: RuleSet) -> tuple[Sentence, ...]:
    if rs.yahtzee_id is None:
        return ()
    name = rs.category(rs.yahtzee_id)
    if rs.joker is Joker.NONE:
        return (_say(_NO_JOKER, name=name),)
    if rs.forced_order:  # every roll goes in the next box: a joker's choice of box is gone
        return (_say(_ORDER_JOKER, name=name),)
    wild = _wild(rs)
    if rs.joker is Joker.FORCED:
        lower = _say(_FORCED_LOWER_WILD, boxes=wild) if wild else _say(_FORCED_LOWER)
        return _say(_JOKER, name=name), _say(_FORCED_UPPER), lower, _say(_FORCED_LAST)
    return (_say(_JOKER, name=name), _say(_FREE_ANY)) + ((_say(_FREE_WILD, boxes=wild),) if wild else ())


def _bonuses(rs: RuleSet) -> tuple[Sentence, ...]:
    out = []
    if rs.upper_bonus_amount:
        out.append(_say_n(_UPPER_BONUS, rs.upper_bonus_amount, threshold=rs.upper_bonus_threshold))
    if rs.yahtzee_bonus_amount and rs.yahtzee_id is not None:
        out.append(_say_n(_YAHTZEE_BONUS, rs.yahtzee_bonus_amount, name=rs.category(rs.yahtzee_id)))
    return tuple(out) or (_say(_NO_BONUS),)


def rules_of(ruleset: RuleSet) -> RulesText:
    """The rules of ``ruleset`` in words (worded in a language only when shown).

    >>> from game.core.variants import ruleset
    >>> text = rules_of(ruleset("generalized", dice=6, sides=4))
    >>> [s.text() for s in text.general][:3]
    ['The game is played with 6 dice.', 'Each die has 4 sides.', 'On your turn, roll the dice up to 3 times.']
    >>> [s.text() for s in text.box("large_straight").notes]
    ['No roll of these dice can do this: only a joker scores here.']
    >>> [s.text() for s in rules_of(ruleset("maxi")).general][4:7]  # ruleset.saved_rolls, not the name, says so
    ["Rolls you leave unused are saved for your later turns, on top of each turn's own.", 'Stop after the first roll, for example, and your next turn has up to 5 rolls.', 'You must roll at least once each turn.']
    >>> rules_of(ruleset("maxi")).box("three_pairs").condition.text()
    '3 groups of 2 dice alike'
    >>> rules_of(ruleset("yatzy", forced_order=True)).general[4].text()[:50]  # ruleset.forced_order says so
    'Then score the dice in the next open box, down the'
    >>> [s.text() for s in rules_of(ruleset("yatzy", two_pairs_four=True)).box("two_pairs").notes]
    ['The groups may show the same face: 4 dice alike count too.']
    """
    rs = ruleset
    general = [_say_n(_DICE, rs.dice), _say_n(_SIDES, rs.sides), _say_n(_ROLLS, rs.rolls_per_turn)]
    if rs.rolls_per_turn > 1:
        general.append(_say(_HOLD))
    if rs.saved_rolls and rs.rolls_per_turn > 1:  # with one roll a turn none is ever left to save
        general += [_say(_SAVED), _say_n(_SAVED_EXAMPLE, 2 * rs.rolls_per_turn - 1), _say(_ROLL_ONCE)]
    general += [_say(_FILL_NEXT if rs.forced_order else _FILL), _say_n(_ROUNDS, len(rs.categories))]
    return RulesText(rs, tuple(general), tuple(_box(rs, c) for c in rs.categories), _bonuses(rs), _joker(rs))


# --------------------------------------------------------------------------------------------
# The panel
# --------------------------------------------------------------------------------------------


def _paragraphs(sentences: tuple[Sentence, ...], t: Text) -> str:
    return "".join(f"<p>{escape(s.text(t))}</p>" for s in sentences)


def panel_html(ruleset: RuleSet, t: Text = ENGLISH) -> str:
    """The Rules panel's content: a heading (``id="rules-title"``, focused when it opens), then how to play, the boxes,
    the bonuses and the joker rule. Every text is escaped; the only id is ``rules-title``.

    >>> from game.core.variants import ruleset
    >>> html = panel_html(ruleset("yacht"))
    >>> html.count("<dt>"), "<dt>Aces</dt><dd>Any roll: only the dice showing 1 count</dd>" in html
    (12, True)
    """
    text = rules_of(ruleset)
    out = [f'<h2 id="rules-title" tabindex="-1">{escape(text.title(t))}</h2>', f"<h3>{escape(t._(_HOW_TO_PLAY))}</h3>"]
    out.append(_paragraphs(text.general, t))
    for section, heading in _SECTIONS.items():
        boxes = [box for box in text.boxes if box.category.section is section]
        if not boxes:
            continue
        rows = "".join(
            f"<dt>{escape(box.name(t))}</dt><dd>{escape(box.condition.text(t))}</dd>"
            f'<dd class="rules-pay">{escape(box.payout.text(t))}</dd>'
            + "".join(f'<dd class="rules-note">{escape(note.text(t))}</dd>' for note in box.notes)
            for box in boxes
        )
        out.append(f'<h3>{escape(t._(heading))}</h3><dl class="rules-boxes">{rows}</dl>')
    out.append(f"<h3>{escape(t._(_BONUSES))}</h3>" + _paragraphs(text.bonuses, t))
    if text.joker:
        out.append(f"<h3>{escape(t._(_JOKER_RULE))}</h3>" + _paragraphs(text.joker, t))
    return "".join(out)
