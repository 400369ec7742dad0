"""A match by link: written and read back exactly, within 2,000 characters, and every bad link refused."""

from __future__ import annotations

import base64
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import links
from game.core.actions import Hold, Roll
from game.core.cards import Seat
from game.core.dice import Draw
from game.core.engine import new_match
from game.core.links import LinkError, LinkKind, Relation, Why
from tests.helpers.matches import random_turns, sign, unpack

RULES = ["yacht", "yahtzee", "yatzy", ("generalized", {"dice": 3, "sides": 4}), ("yahtzee", {"joker": "free"})]


@settings(max_examples=60, deadline=None)
@given(
    rules=st.sampled_from(RULES),
    seats=st.integers(1, 5),
    games=st.integers(1, 3),
    seed=st.one_of(st.integers(0, 2**53 - 1), st.text(min_size=1, max_size=64)),
    turns=st.integers(0, 80),
    chance=st.integers(0, 2**32),
)
def test_a_link_reads_back_as_the_match_it_was_written_from(rules, seats, games, seed, turns, chance):
    name, options = (rules, {}) if isinstance(rules, str) else rules
    from game.core.variants import ruleset

    names = [Seat.computer(f"C{i}", "good") if i == 2 else f"Ann ,{i} 🎲" for i in range(seats)]
    match = random_turns(new_match(ruleset(name, **options), names, games, seed), random.Random(chance), turns)
    text = links.write(match, undo=False, pass_phone=True)
    link = links.read(text)
    assert (link.kind, link.undo, link.pass_phone) == (LinkKind.MATCH, False, True)
    got = link.match
    assert (got.ruleset, got.seats, got.seed, got.games, got.cards, got.player) == (
        match.ruleset,
        match.seats,
        match.seed,
        match.games,
        match.cards,
        match.player,
    )
    assert (got.finished, got.game_over) == (match.finished, match.game_over)
    assert links.relation(match, got) is Relation.SAME
    assert links.write(got, undo=False, pass_phone=True) == text


@settings(max_examples=40, deadline=None)
@given(rules=st.sampled_from(RULES), seats=st.integers(1, 5), turns=st.integers(0, 70), chance=st.integers(0, 2**32))
def test_a_real_dice_link_reads_back_with_every_face_entered(rules, seats, turns, chance):
    """Real dice: no seed draws them, so the link carries each roll's faces; it stays within a messenger's link."""
    name, options = (rules, {}) if isinstance(rules, str) else rules
    from game.core.variants import ruleset

    start = new_match(ruleset(name, **options), [f"P{i}" for i in range(seats)], 1, 5, draw=Draw.ENTERED)
    match = random_turns(start, random.Random(chance), turns)
    text = links.write(match)
    got = links.read(text).match
    assert (got.draw, got.cards, got.player, got.finished) == (Draw.ENTERED, match.cards, match.player, match.finished)
    assert links.relation(match, got) is Relation.SAME and links.write(got) == text
    assert len(text) <= links.MAX_LINK_CHARS
    if match.actions:  # another play of the same start: never the same state unless it is the same play
        other = random_turns(start, random.Random(chance + 1), turns)
        assert links.relation(match, other) is not Relation.SAME or other.actions == match.actions


def test_a_turn_under_way_is_left_out_and_the_link_stops_at_its_start():
    match = random_turns(new_match("yatzy", ["Ann", "Bob"], seed=5), random.Random(1), 3)
    rolled = match.roll().apply(Hold(2)).roll()
    assert not links.turn_over(rolled) and links.turn_over(match)
    assert links.read(links.write(rolled)).match.cards == match.cards


def test_a_whole_five_person_yahtzee_match_fits_in_a_messengers_link():
    names = [f"{'Annabelle-Christina Østergård'[:28]} {i}" for i in range(5)]
    longest = 0
    for chance in range(20):
        match = random_turns(new_match("yahtzee", names, 1, "x" * 64), random.Random(chance), 65)
        assert match.game_over
        longest = max(longest, len(links.write(match)), len(links.write(match, LinkKind.CHALLENGE)))
    address = "https://someone.github.io/yacht-dice/?match="
    assert len(address) + longest <= links.MAX_LINK_CHARS, longest
    print(f"the longest 5-person Yahtzee link of 20: {longest} characters")


def test_newer_older_same_forked_and_another_match():
    start = new_match("yahtzee", ["Ann", "Bob"], seed=8)
    one = random_turns(start, random.Random(1), 3)
    two = random_turns(one, random.Random(2), 2)
    fork = random_turns(one, random.Random(3), 2)
    assert links.relation(one, two) is Relation.NEWER
    assert links.relation(two, one) is Relation.OLDER
    assert links.relation(two, two) is Relation.SAME
    if links.moves(fork) != links.moves(two):
        assert links.relation(two, fork) is Relation.FORKED
    assert links.relation(two, new_match("yahtzee", ["Ann", "Bob"], seed=9)) is Relation.OTHER
    assert links.relation(two, new_match("yahtzee", ["Ann", "Cy"], seed=8)) is Relation.OTHER


def refused(text) -> Why:
    with pytest.raises(LinkError) as info:
        links.read(text)
    assert info.value.text()  # every refusal has words
    return info.value.why


GOOD = links.write(random_turns(new_match("yahtzee", ["Ann", "Bob"], seed=8), random.Random(4), 10))


@pytest.mark.parametrize("cut", [1, 5, 20, len(GOOD) // 2, len(GOOD) - 1])
def test_a_truncated_link_is_damaged(cut):
    assert refused(GOOD[:-cut]) is Why.DAMAGED


def test_an_edited_character_is_damaged():
    for position in range(0, len(GOOD), 7):
        edited = GOOD[:position] + ("A" if GOOD[position] != "A" else "B") + GOOD[position + 1 :]
        assert refused(edited) is Why.DAMAGED


def test_edited_moves_with_a_new_checksum_break_the_rules():
    data = unpack(GOOD)
    data["n"] += 400  # more turns than the number holds: digits run out into zeros, then past the end
    assert refused(sign(data)) is Why.ILLEGAL
    data = unpack(GOOD)
    data["s"] = [["Ann"]]  # the same moves for one seat fill boxes twice or end early
    assert refused(sign(data)) in (Why.ILLEGAL, Why.DAMAGED)
    data = unpack(GOOD)
    data["m"] = base64.urlsafe_b64encode(b"\xff" * 40).decode().rstrip("=")
    assert refused(sign(data)) in (Why.ILLEGAL, Why.DAMAGED)


def test_too_long_future_and_foreign_links():
    assert refused("A" * (links.MAX_LINK_CHARS + 1)) is Why.TOO_LONG
    assert refused(sign({**unpack(GOOD), "v": links.LINK_VERSION + 1})) is Why.FUTURE
    for bad in ("", ".", "x.y", 5, None, sign([1, 2]), sign({**unpack(GOOD), "extra": 1})):
        assert refused(bad) is Why.DAMAGED
    for field, value in [("k", "duel"), ("s", [["Ann", "grandmaster"]]), ("u", 2), ("n", -1), ("m", 7)]:
        assert refused(sign({**unpack(GOOD), field: value})) in (Why.DAMAGED, Why.ILLEGAL)
    assert refused(sign({**unpack(GOOD), "r": {"name": "chess"}})) is Why.ILLEGAL
    assert refused(sign({**unpack(GOOD), "e": 2**60})) is Why.ILLEGAL
    assert refused(sign({**unpack(GOOD), "e": None})) is Why.DAMAGED  # never a seed of the reader's own


def test_a_challenge_carries_one_finished_game():
    game = random_turns(new_match("yatzy", ["Ann"], seed="daily"), random.Random(7), 15)
    link = links.read(links.write(game, LinkKind.CHALLENGE))
    assert link.kind is LinkKind.CHALLENGE and link.match.game_over and link.match.cards == game.cards


def test_a_match_from_before_slot_dice_cannot_be_sent():
    from game.core.dice import Draw

    with pytest.raises(LinkError) as info:
        links.write(new_match("yacht", ["Ann"], seed=1, draw=Draw.SEQUENCE))
    assert info.value.why is Why.UNSENDABLE
    with pytest.raises(LinkError):
        links.write(new_match("yacht", ["Ann"], seed=1).apply(Roll((1, 2, 3, 4, 5))).score("choice"))
