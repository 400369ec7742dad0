"""Fair play as properties: each seat has dice of its own, no undo crosses a roll or another seat's action (so
no state shows a face before its roll), and what earlier builds saved or sent replays the dice it had."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.coach.session import Next, Session
from game.core import links, saves
from game.core.actions import Hold, Roll, Score
from game.core.cards import Seat, SeatKind
from game.core.dice import Draw
from game.core.engine import new_match
from game.records import challenge

OLD = Path(__file__).resolve().parents[2] / "data" / "old_builds"
EXPECTED = json.loads((OLD / "expected.json").read_text(encoding="utf-8"))

# ----------------------------------------------------------------------------- each seat its own dice


def first_rolls(seed: int, rules: str = "yahtzee") -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ann's and Bob's first rolls of round 1 at one table on ``seed``."""
    ann = new_match(rules, ["Ann", "Bob"], seed=seed).roll()
    bob = ann.score(ann.open_categories()[0]).roll()
    return ann.dice, bob.dice


def test_two_seats_in_a_round_get_independent_dice_over_1000_seeds():
    pairs = [first_rolls(seed) for seed in range(1000)]
    equal_dice = sum(a == b for ann, bob in pairs for a, b in zip(ann, bob))
    # 5,000 dice, each equal to the other seat's with chance 1/6: 833 expected, a standard deviation of 26.4
    assert 833 - 5 * 26.4 < equal_dice < 833 + 5 * 26.4
    # a whole roll alike has chance 1/7776: 0.13 expected in 1,000 (the shared slots of before gave 1,000)
    assert sum(ann == bob for ann, bob in pairs) <= 3


def test_a_bob_who_watched_ann_cannot_foresee_his_rerolls():
    """The issue's table: seed 7, Ann's rolls, then Bob's: his rerolls of dice 3-5 no longer bring Ann's faces."""
    ann = new_match("yahtzee", ["Ann", "Bob"], seed=7).roll()
    ann_second = ann.hold(0).hold(1).roll()
    bob = ann_second.score("chance").roll()
    bob_second = bob.hold(0).hold(1).roll()
    assert bob.dice != ann.dice and bob_second.dice[2:] != ann_second.dice[2:]


def test_a_computer_beside_a_person_meets_other_first_rolls():
    alike = 0
    for seed in range(40):
        match = new_match("yacht", ["Ann", Seat.computer("Cy", "easy")], seed=seed).roll()
        mine = match.dice
        alike += match.score(match.open_categories()[0]).roll().dice == mine
    assert alike == 0


def test_the_daily_game_and_a_challenge_replay_one_seats_dice():
    table = new_match("yacht", [Seat.computer("Robin", "easy"), "Ann"], seed=5)
    while not table.game_over:
        table = table.roll()
        table = table.score(table.open_categories()[0])
    alone = challenge.solo(table)  # Ann, seat 1, alone on her own dice
    assert alone.dice_seats == (1,) and alone.cards[0][0] == table.cards[0][1]
    sent = links.read(links.write(alone, links.LinkKind.CHALLENGE)).match
    friend = sent.alone(0, Seat.human("Bob")).roll()
    assert friend.dice == table.alone(1).roll().dice  # the friend's first roll is Ann's at the table
    assert challenge.applies(sent, friend)


# ----------------------------------------------------------------------------- undo never crosses a roll


def slot(match) -> tuple[int, int, int, int]:
    """Where the next roll's dice come from: the game, the seat, its round and the roll of the turn."""
    return match.game, match.player, match.round, match.rolls


moves = st.lists(
    st.one_of(
        st.just("roll"),
        st.just("undo"),
        st.just("computer"),
        st.tuples(st.just("hold"), st.integers(0, 4)),
        st.tuples(st.just("score"), st.integers(0, 20)),
    ),
    max_size=120,
)


@settings(max_examples=150, deadline=None)
@given(
    moves=moves,
    seats=st.lists(st.sampled_from(["person", "computer"]), min_size=1, max_size=3),
    seed=st.integers(0, 2**53 - 1),
    remote=st.booleans(),
)
def test_no_reachable_state_shows_a_face_before_its_roll(moves, seats, seed, remote):
    """Whatever people press, a slot's dice are rolled (and so seen) once: no undo takes a roll back to let it
    be made again, an undo takes back one hold or score of a person and nothing else, never a computer's."""
    players = [
        Seat.human(f"P{i}") if kind == "person" else Seat.computer(f"C{i}", "easy") for i, kind in enumerate(seats)
    ]
    session = Session(new_match("yacht", players, seed=seed), remote=remote)
    rolled: set[tuple[int, int, int, int]] = set()
    for move in moves:
        before = session.match
        if move == "undo":
            step = session.undo()
        elif move == "computer":
            step = session.computer_step()
        elif session.next is not Next.PERSON:
            continue
        elif move == "roll":
            step = session.act(Roll())
        elif move[0] == "hold":
            step = session.act(Hold(move[1], not before.held[move[1]] if before.dice else True))
        else:
            open_boxes = before.open_categories() if not before.game_over else ()
            if not open_boxes:
                continue
            step = session.act(Score(open_boxes[move[1] % len(open_boxes)]))
        after = step.session.match
        if step.refusal is not None:
            assert step.session is session  # a refused action changes nothing
            continue
        if step.undone is not None:
            assert after.actions == before.actions[:-1] and step.undone.actions == 1
            taken = before.actions[-1]
            assert isinstance(taken, (Hold, Score))  # never a roll, a game's end or more than one action
            assert before.seats[step.undone.player].kind is SeatKind.HUMAN  # never a computer's
            assert not (remote and isinstance(taken, Score))  # never a turn sent
        elif isinstance(after.actions[-1], Roll):
            where = slot(before)
            assert where not in rolled, f"slot {where} rolled twice: its faces were seen before the roll"
            rolled.add(where)
        session = step.session


def test_roll_roll_undo_leaves_the_second_roll():
    session = Session(new_match("yacht", ["Ann"], seed=3)).act(Roll()).session.act(Roll()).session
    step = session.undo()
    assert step.session.match.dice == session.match.dice and step.session.match.rolls == 2


# ----------------------------------------------------------------------------- what earlier builds made


def test_a_save_from_before_seat_dice_goes_on_with_its_dice():
    expected = EXPECTED["session_v2.json"]
    session = Session.from_json((OLD / "session_v2.json").read_text(encoding="utf-8"))
    match = session.match
    assert match.draw is Draw.SLOT and list(match.dice) == expected["dice"]
    assert [match.totals(i).grand_total for i in range(2)] == expected["totals"]
    assert list(match.roll().dice) == expected["next_roll"]
    data = saves.to_dict(match)
    assert data["version"] == 2 and "dice_seats" not in data  # written back as it was: an older tab reads it


def test_a_match_link_from_before_seat_dice_goes_on_with_its_dice():
    expected = EXPECTED["match_link_v1.txt"]
    text = (OLD / "match_link_v1.txt").read_text(encoding="utf-8").strip()
    match = links.read(text).match
    assert match.draw is Draw.SLOT and match.player == expected["player"]
    assert [match.totals(i).grand_total for i in range(2)] == expected["totals"]
    assert list(match.roll().dice) == expected["next_roll"]
    assert links.write(match) == text  # sent on as the version it came in


def test_a_challenge_link_from_before_seat_dice_deals_the_friend_the_same_dice():
    expected = EXPECTED["challenge_link_v1.txt"]
    theirs = links.read((OLD / "challenge_link_v1.txt").read_text(encoding="utf-8").strip()).match
    assert theirs.totals(0).grand_total == expected["total"]
    friend = theirs.alone(0, Seat.human("Bob")).roll()
    assert list(friend.dice) == expected["friend_first_roll"] and challenge.applies(theirs, friend)


def resigned(text: str, **changes) -> str:
    """A link's data changed and signed anew (its check has no secret: anyone who reads the code can)."""
    import base64
    import hashlib

    body = text.split(".")[0]
    data = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))) | changes
    raw = json.dumps(data, separators=(",", ":")).encode()
    b64 = lambda part: base64.urlsafe_b64encode(part).decode().rstrip("=")  # noqa: E731 - used twice just below
    return f"{b64(raw)}.{b64(hashlib.sha256(raw).digest()[:6])}"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), turns=st.integers(0, 12))
def test_a_link_forged_into_real_dice_chooses_no_ones_dice(seed, turns):
    """Real dice travel by link with their faces, so a seeded link re-signed as real dice could let a person type
    dice: it is never a challenge (whose friend would type the dice to beat), and never the same match as the seeded
    one, so it cannot replace the match a phone holds without asking (and is recorded as real dice)."""
    match = new_match("yacht", ["Ann"], seed=seed)
    for _ in range(turns):
        match = match.roll().score(match.open_categories()[0]) if not match.game_over else match
    texts = [resigned(links.write(match), d=1)]
    if match.game_over:
        texts.append(resigned(links.write(challenge.solo(match), links.LinkKind.CHALLENGE), d=1))
    for text in texts:
        try:
            forged = links.read(text)
        except links.LinkError:
            continue  # its moves read as faces break the rules: refused, which is as good
        assert forged.match.draw is Draw.ENTERED and links.relation(match, forged.match) is links.Relation.OTHER
        assert not challenge.playable(forged.match)
