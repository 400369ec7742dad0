"""The Rules panel says what the scoring code does: its numbers are the rule set's, its conditions
match the same rolls the matchers match, and every word comes from the catalogue."""

from __future__ import annotations

import html
import itertools
import math
import random
import re
from collections import Counter
from html.parser import HTMLParser

import pytest

from game.core import matchers, rules, variants
from game.core.i18n import LANGUAGES, Text
from game.core.rules import Joker, Section
from game.present import rules_text as rt
from tests.helpers.marked import Marked as _Marked

SHIPPED = [rs for name in ("yahtzee", "yatzy", "yacht") for rs in variants.VARIANTS[name].shipped_tables()]
_OPTIONS = [
    dict(upper_bonus=True, yahtzee_bonus=True, joker="forced"),
    dict(upper_bonus=False, yahtzee_bonus=False, joker="none"),
    dict(upper_bonus=True, yahtzee_bonus=False, joker="free"),
    dict(upper_bonus=False, yahtzee_bonus=True, joker="forced"),
]
CUSTOM = [
    variants.ruleset("generalized", dice=n, sides=d, **_OPTIONS[i % len(_OPTIONS)])
    for i, (n, d) in enumerate(itertools.product((2, 3, 4, 5, 6, 7, 10), (2, 3, 4, 6, 8, 20)))
]  # n > d included (6 dice of 4 sides: the large straight cannot be rolled)
MAXI = [variants.ruleset("maxi", upper_bonus=bonus) for bonus in ("100", "50")]  # six dice, saved rolls
FORCED = [variants.ruleset(name, forced_order=True) for name in ("yatzy", "yahtzee")]  # no table: none shipped
FORCED.append(variants.ruleset("yatzy", forced_order=True, bonus_at_42=True))  # the Norwegian bonus at 42
ALL = SHIPPED + CUSTOM + MAXI + FORCED


def _id(rs: rules.RuleSet) -> str:
    return repr(rs).removeprefix("ruleset(").removesuffix(")")


each_ruleset = pytest.mark.parametrize("rs", ALL, ids=_id)


def _ints(value) -> list[int]:
    """The numbers a field shows when worded in English."""
    if isinstance(value, bool):
        raise AssertionError(f"a bool field {value!r}")
    if isinstance(value, int):
        return [value]
    if isinstance(value, rules.Category):
        return [int(x) for x in re.findall(r"\d+", value.display())]
    if isinstance(value, tuple):
        return [n for item in value for n in _ints(item)]
    raise AssertionError(f"unexpected field {value!r}")


def _shown(sentence: rt.Sentence) -> list[int]:
    """The numbers the English text must show: each placeholder of the English form, filled from the fields."""
    template = sentence.msgid if sentence.plural is None or sentence.count == 1 else sentence.plural
    values = sentence.values
    return sorted(n for name in re.findall(r"\{(\w+)\}", template) for n in _ints(values[name]))


def _numbers(sentence: rt.Sentence) -> set[int]:
    """Every number in a sentence's fields."""
    return {n for value in sentence.values.values() for n in _ints(value)}


# --------------------------------------------------------------------------------------------
# The numbers
# --------------------------------------------------------------------------------------------


@each_ruleset
def test_text_shows_exactly_the_numbers_of_its_fields(rs):
    for sentence in rt.rules_of(rs).sentences():
        text = sentence.text()
        assert sorted(int(x) for x in re.findall(r"\d+", text)) == _shown(sentence), (text, sentence)
        assert "{" not in text and "}" not in text, text


@each_ruleset
def test_general_numbers_are_the_rule_sets(rs):
    text = rt.rules_of(rs)
    wanted = {
        rt._DICE[0]: rs.dice,
        rt._SIDES[0]: rs.sides,
        rt._ROLLS[0]: rs.rolls_per_turn,
        rt._ROUNDS[0]: len(rs.categories),
    }
    if rs.saved_rolls:  # the turn's own rolls and, after a one-roll turn, all but one saved
        wanted[rt._SAVED_EXAMPLE[0]] = 2 * rs.rolls_per_turn - 1
    seen = {}
    for sentence in text.general:
        if sentence.values:
            assert sentence.msgid in wanted, sentence
            assert sentence.values == {"count": wanted[sentence.msgid]}, sentence
            seen[sentence.msgid] = sentence.count
    assert seen == wanted
    assert (rt._HOLD in [s.msgid for s in text.general]) == (rs.rolls_per_turn > 1)
    said = {s.msgid for s in text.general}
    assert {rt._SAVED, rt._ROLL_ONCE} <= said if rs.saved_rolls else not {rt._SAVED, rt._ROLL_ONCE} & said


@each_ruleset
def test_box_numbers_are_the_rules(rs):
    text = rt.rules_of(rs)
    assert [box.category for box in text.boxes] == list(rs.categories)
    for box in text.boxes:
        rule = box.category.rule
        args = rule.args
        allowed = {
            matchers.match_face: lambda: {args[0]},
            matchers.match_groups: lambda: set(args[0]) | {sum(args[0]), len(args[0])},
            matchers.match_run: lambda: {args[0]},
            matchers.match_face_set: lambda: set(args[0]),
        }[rule.match]()
        for sentence in (box.condition, *box.notes):
            assert _numbers(sentence) <= allowed, (box.category_id, sentence)
        if rule.pay is matchers.pay_fixed:
            assert box.payout.values == {"count": rule.points}
        elif rule.pay is matchers.pay_total:
            assert box.payout.values == {}
        else:
            assert _numbers(box.payout) <= allowed, (box.category_id, box.payout)


@each_ruleset
def test_bonus_numbers_are_the_rule_sets(rs):
    bonuses = {s.msgid: s.values for s in rt.rules_of(rs).bonuses}
    upper = bonuses.pop(rt._UPPER_BONUS[0], None)
    yahtzee = bonuses.pop(rt._YAHTZEE_BONUS[0], None)
    if rs.upper_bonus_amount:
        assert upper == {"threshold": rs.upper_bonus_threshold, "count": rs.upper_bonus_amount}
        # and the totals pay it from exactly that threshold on
        assert rs.totals({"ones": upper["threshold"]}).upper_bonus == upper["count"]
        assert rs.totals({"ones": upper["threshold"] - 1}).upper_bonus == 0
    else:
        assert upper is None
    if rs.yahtzee_bonus_amount:
        box = rs.category(rs.yahtzee_id)
        assert yahtzee == {"name": box, "count": rs.yahtzee_bonus_amount}
        alike = [1] * rs.dice
        assert rs.yahtzee_bonus({box.id: box.max_score}, alike) == yahtzee["count"]
        assert rs.yahtzee_bonus({box.id: 0}, alike) == 0  # "after scoring points in the box"
    else:
        assert yahtzee is None
    assert bonuses == ({} if rs.upper_bonus_amount or rs.yahtzee_bonus_amount else {rt._NO_BONUS: {}})


# --------------------------------------------------------------------------------------------
# The conditions and payouts against the scoring code, read from the sentences' fields alone
# --------------------------------------------------------------------------------------------


def _longest_run(counts: Counter) -> tuple[int, int]:
    best = (0, 0)
    length = total = 0
    for face in sorted(counts):
        length, total = (length + 1, total + face) if face - 1 in counts else (1, face)
        best = max(best, (length, total))
    return best


def _described(box: rt.Box):
    """(matched(roll) -> the sum of the dice the condition names, or None; pay(roll, matched) -> points),
    built from the condition, its notes and the payout as they are worded, not from the rule."""
    cond, values = box.condition, box.condition.values
    notes = {note.msgid for note in box.notes}
    distinct = rt._SAME_OK[0] not in notes

    def groups(sizes):
        def matched(counts):
            sums = []
            for picks in itertools.product(counts, repeat=len(sizes)):
                if distinct and len(set(picks)) < len(picks):
                    continue
                need = Counter()
                for face, size in zip(picks, sizes):
                    need[face] += size
                if all(counts[f] >= n for f, n in need.items()):
                    sums.append(sum(f * s for f, s in zip(picks, sizes)))
            return max(sums, default=None)

        return matched

    shapes = {
        rt._ANY_ROLL: lambda counts: 0,
        rt._FACE_COUNT: lambda counts: values["face"] * counts[values["face"]],
        rt._AT_LEAST[0]: groups((cond.count,)),
        rt._ALL_ALIKE[0]: groups((cond.count,)),
        rt._TWO_EQUAL_GROUPS[0]: groups((cond.count, cond.count)),
        rt._TWO_GROUPS[0]: groups((cond.count, values.get("other"))),
        rt._EQUAL_GROUPS[0]: groups((cond.count,) * values.get("groups", 0)),
        rt._GROUPS: groups(values.get("sizes")),
        rt._DIFFERENT_FACES[0]: lambda counts: sum(sorted(counts)[-cond.count :])
        if len(counts) >= cond.count
        else None,
        rt._RUN[0]: lambda counts: _longest_run(counts)[1] if _longest_run(counts)[0] >= cond.count else None,
        rt._FACE_SET[0]: lambda counts: sum(values["faces"]) if set(values["faces"]) <= set(counts) else None,
    }
    pay, pay_values = box.payout, box.payout.values
    payouts = {
        rt._PAY_FIXED[0]: lambda roll, matched: pay.count,
        rt._PAY_TOTAL: lambda roll, matched: sum(roll),
        rt._PAY_FACE[0]: lambda roll, matched: pay.count * roll.count(pay.count),
        rt._PAY_GROUPS[0]: lambda roll, matched: matched,
        rt._PAY_RUN: lambda roll, matched: matched,
        rt._PAY_FACE_SET: lambda roll, matched: sum(pay_values["faces"]),
    }
    return shapes[cond.msgid], payouts[pay.msgid]


def _example(box: rt.Box, rs: rules.RuleSet) -> list[int] | None:
    """A roll the condition's fields say matches (None when the notes say no roll can)."""
    if {rt._IMPOSSIBLE, rt._IMPOSSIBLE_JOKER} & {n.msgid for n in box.notes}:
        return None
    cond, values, top = box.condition, box.condition.values, rs.sides
    k = cond.count
    head = {
        rt._ANY_ROLL: lambda: [],
        rt._FACE_COUNT: lambda: [values["face"]] * rs.dice,
        rt._AT_LEAST[0]: lambda: [top] * k,
        rt._ALL_ALIKE[0]: lambda: [top] * k,
        rt._TWO_EQUAL_GROUPS[0]: lambda: [top] * k + [top - 1] * k,
        rt._TWO_GROUPS[0]: lambda: [top] * k + [top - 1] * values["other"],
        rt._EQUAL_GROUPS[0]: lambda: [f for g in range(values["groups"]) for f in [top - g] * k],
        rt._DIFFERENT_FACES[0]: lambda: list(range(1, k + 1)),
        rt._RUN[0]: lambda: list(range(1, k + 1)),
        rt._FACE_SET[0]: lambda: sorted(values["faces"]),
    }[cond.msgid]()
    return head + [head[0] if head else 1] * (rs.dice - len(head))


def _rolls(rs: rules.RuleSet) -> list[tuple[int, ...]]:
    faces = range(1, rs.sides + 1)
    if math.comb(rs.dice + rs.sides - 1, rs.dice) <= 4000:
        return list(itertools.combinations_with_replacement(faces, rs.dice))
    rng = random.Random(f"{rs!r}")
    sample = [tuple(sorted(rng.choices(faces, k=rs.dice))) for _ in range(1500)]
    return sample + [(f,) * rs.dice for f in faces]


@each_ruleset
def test_conditions_and_payouts_agree_with_the_scoring(rs):
    text = rt.rules_of(rs)
    rolls = _rolls(rs)
    for box in text.boxes:
        matched, pay = _described(box)
        impossible = {rt._IMPOSSIBLE, rt._IMPOSSIBLE_JOKER} & {n.msgid for n in box.notes}
        for roll in rolls:
            m = matched(Counter(roll))
            want = 0 if m is None else pay(list(roll), m)
            why = (box.category_id, roll, box.condition.text(), box.payout.text())
            assert rs.score(box.category_id, roll) == want, why
            assert not (impossible and m is not None), (box.category_id, roll)
        example = _example(box, rs)
        if example is not None:  # a roll built from the fields scores what the payout says
            want = pay(example, matched(Counter(example)))
            assert rs.score(box.category_id, example) == want > 0, (box.category_id, example)
        else:  # and "no roll can do this" is true
            assert all(rs.score(box.category_id, roll) == 0 for roll in rolls)
        if rt._DIFFERENT[0] in {n.msgid for n in box.notes}:  # all alike does not count
            assert all(rs.score(box.category_id, [f] * rs.dice) == 0 for f in range(1, rs.sides + 1))
        if rt._SAME_OK[0] in {n.msgid for n in box.notes}:  # all alike counts
            assert all(rs.score(box.category_id, [f] * rs.dice) > 0 for f in range(1, rs.sides + 1))


def test_full_house_five_alike_yacht_counts_yahtzee_does_not():
    yacht, yahtzee = variants.ruleset("yacht"), variants.ruleset("yahtzee")
    yacht_notes = [n.text() for n in rt.rules_of(yacht).box("full_house").notes]
    yahtzee_notes = [n.text() for n in rt.rules_of(yahtzee).box("full_house").notes]
    assert yacht_notes == ["The groups may show the same face: 5 dice alike count too."]
    assert yahtzee_notes == ["The groups must show different faces: 5 dice alike do not count."]
    assert yacht.score("full_house", [4] * 5) == 20 and yahtzee.score("full_house", [4] * 5) == 0
    assert "5 dice alike count too" in rt.panel_html(yacht) and "5 dice alike do not count" in rt.panel_html(yahtzee)


def test_a_run_longer_than_the_sides_cannot_be_rolled():
    rs = variants.ruleset("generalized", dice=6, sides=4)
    assert [n.text() for n in rt.rules_of(rs).box("large_straight").notes] == [
        "No roll of these dice can do this: only a joker scores here."
    ]
    rs = variants.ruleset("generalized", dice=6, sides=4, joker="none")
    assert [n.msgid for n in rt.rules_of(rs).box("large_straight").notes] == [rt._IMPOSSIBLE]


# --------------------------------------------------------------------------------------------
# The joker rule against the scoring code
# --------------------------------------------------------------------------------------------


@each_ruleset
def test_joker_rule_agrees_with_the_choices(rs):
    sentences = rt.rules_of(rs).joker
    msgids = [s.msgid for s in sentences]
    yahtzee = rs.yahtzee_id
    lower = [c.id for c in rs.lower if c.id != yahtzee]
    wild = next((tuple(c.id for c in s.values["boxes"]) for s in sentences if "boxes" in s.values), ())
    for face in {1, rs.sides}:
        dice = [face] * rs.dice
        upper = rs.upper[face - 1].id
        normal = {c.id: rs.score(c.id, dice) for c in rs.categories}
        first = rs.choices({yahtzee: 0}, dice)
        later = rs.choices({yahtzee: 0, upper: normal[upper]}, dice)
        if rs.forced_order:  # every roll goes in the next box, all dice alike too
            assert msgids == [rt._NO_JOKER if rs.joker is Joker.NONE else rt._ORDER_JOKER]
            assert list(first) == [rs.next_box({yahtzee: 0}).id]
            continue
        if rs.joker is Joker.NONE:
            assert msgids == [rt._NO_JOKER]
            assert first == {c.id: normal[c.id] for c in rs.categories if c.id != yahtzee}
            assert later == {c: v for c, v in first.items() if c != upper}
            continue
        assert msgids[0] == rt._JOKER and sentences[0].values == {"name": rs.category(yahtzee)}
        # the boxes named in the joker rule are exactly the lower ones all alike does not fit
        assert set(wild) == {c for c in lower if normal[c] == 0}
        if rs.joker is Joker.FORCED:
            assert msgids == [
                rt._JOKER,
                rt._FORCED_UPPER,
                rt._FORCED_LOWER_WILD if wild else rt._FORCED_LOWER,
                rt._FORCED_LAST,
            ]
            # it must go in the upper box of its face, even when the Yahtzee box holds 0
            assert first == {upper: normal[upper]}
            assert set(later) == set(lower)  # otherwise an open lower box
            for c in wild:
                assert later[c] > 0 == normal[c]  # counting as a match
            full = {c: 0 for c in lower} | {yahtzee: 0, upper: normal[upper]}
            last = rs.choices(full, dice)
            assert set(last) == {c.id for c in rs.upper} - {upper} and set(last.values()) == {0}
        else:
            assert msgids == [rt._JOKER, rt._FREE_ANY] + ([rt._FREE_WILD] if wild else [])
            assert set(first) == {c.id for c in rs.categories} - {yahtzee}  # any open box
            for c in wild:
                assert first[c] == 0 == normal[c] and later[c] > 0  # a match only once the upper box is filled


# --------------------------------------------------------------------------------------------
# The panel: every word from the catalogue, escaped, compact
# --------------------------------------------------------------------------------------------


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text, self.open = [], []

    def handle_starttag(self, tag, attrs):
        self.open.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open.pop() == tag, tag

    def handle_data(self, data):
        self.text.append(data)


def _visible(markup: str) -> str:
    parser = _Text()
    parser.feed(markup)
    parser.close()
    assert parser.open == []
    return " ".join(parser.text)


@pytest.mark.parametrize("rs", SHIPPED[:1] + SHIPPED[-2:] + CUSTOM[::5] + MAXI[:1], ids=_id)
def test_panel_has_no_words_outside_the_catalogue(rs):
    t = Text(LANGUAGES["sv"], _Marked())
    rest = _visible(rt.panel_html(rs, t))
    while re.search(r"«[^«»]*»", rest):
        rest = re.sub(r"«[^«»]*»", "", rest)
    assert re.fullmatch(r"[\s\d]*", rest), rest


def test_panel_escapes_every_text():
    t = Text(LANGUAGES["en"], _Marked("<b>&", ""))
    markup = rt.panel_html(variants.ruleset("yahtzee"), t)
    assert "<b>" not in markup and "&lt;b&gt;&amp;Rules: " in markup
    _visible(markup)


@each_ruleset
def test_panel_structure(rs):
    markup = rt.panel_html(rs)
    assert markup.startswith(f'<h2 id="rules-title" tabindex="-1">Rules: {html.escape(rs.display())}</h2>')
    assert re.findall(r'\bid="([^"]*)"', markup) == ["rules-title"]
    assert markup.count("<dt>") == len(rs.categories) == markup.count('<dd class="rules-pay">')
    assert markup.count('<dl class="rules-boxes">') == len({c.section for c in rs.categories})
    for section in (Section.UPPER, Section.LOWER):
        assert (f"<h3>{rt._SECTIONS[section]}</h3>" in markup) == any(c.section is section for c in rs.categories)
    visible = _visible(markup)
    for box in rt.rules_of(rs).boxes:
        assert box.name() in visible and box.condition.text() in visible and box.payout.text() in visible
    # compact: no line of text wider than a phone can wrap well (no long unbreakable runs)
    assert max(len(word) for word in visible.split()) <= 20


def test_every_message_is_extracted_for_translators():
    i18n = pytest.importorskip("tools.i18n")
    catalog = i18n.template()
    found = {}
    for rs in ALL:
        for s in rt.rules_of(rs).sentences():
            found[s.msgid] = s.plural
    headings = [rt._HOW_TO_PLAY, rt._BONUSES, rt._JOKER_RULE, *rt._SECTIONS.values(), "Rules: {title}"]
    found.update(dict.fromkeys(headings))
    for msgid, plural in found.items():
        message = catalog.get(msgid)
        assert message is not None, msgid
        assert message.id == (msgid if plural is None else (msgid, plural)), message.id
    comments = {m.id if isinstance(m.id, str) else m.id[0]: m.auto_comments for m in catalog}
    assert comments[rt._TWO_GROUPS[0]] and comments[rt._FACE_SET[0]]


def test_every_matcher_and_payout_of_the_rules_has_words():
    used = {(c.rule.match, c.rule.pay) for rs in ALL for c in rs.categories}
    assert {m for m, _ in used} <= set(rt._CONDITIONS) == set(rt._POSSIBLE) == set(rt._PAY_MATCHED)
    assert {p for _, p in used} <= set(rt._PAYOUTS)
