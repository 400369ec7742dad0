"""Fair play, second pass, as properties: a typed seed deals in a domain of its own (never a daily game's or a
challenge's dice), a seat's move is its own once the phone is passed, and a link never gives two seats one
seat's dice."""

from __future__ import annotations

import base64
import json
from datetime import date
from urllib.parse import parse_qsl, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.events import BoxChosen, Button, DieToggled, Pressed, Start
from game.app.state import App
from game.app.update import update
from game.app.view import view
from game.core import links
from game.core.dice import Draw
from game.core.engine import new_match
from game.core.refusals import SetupError
from game.records import daily
from game.records.choices import new_session, parse_link
from tests.helpers.app import NOW, challenger, send
from tests.helpers.matches import finish
from tests.helpers.scenes import lobby

ROUNDS = 3
"""First rolls compared per seat: 15 dice, so two domains meet by chance with odds of 6**-15."""
RULES = ("yacht", "yahtzee", "yatzy", "maxi")
DAILY_NAMES = sorted(daily.game_name(name, forced) for name in RULES for forced in (False, True))


def first_rolls(match, seat: int, game: int = 0) -> tuple[tuple[int, ...], ...]:
    """The first roll of ``seat``'s turn in each of the first ROUNDS rounds of ``game``, as the seed deals them."""
    faces = match.ruleset.sides
    dice = range(match.ruleset.dice)
    from game.core.dice import seat_face

    dealt = match.dice_seat(seat)
    return tuple(
        tuple(seat_face(match.seed, game, r, dealt, 0, p, faces, match.draw) for p in dice) for r in range(ROUNDS)
    )


def shared_dice(seed: int | str, rules: str) -> set[tuple[tuple[int, ...], ...]]:
    """Every seat's first rolls a shared game on ``seed`` deals: a daily game (seat 0) or a challenge replaying any
    seat's dice of a match begun here (game 0: only a first game is ever a challenge)."""
    return {first_rolls(new_match(rules, ["Ann"], seed=seed).alone(0), 0)} | {
        first_rolls(new_match(rules, ["A", "B", "C", "D", "E"], seed=seed), seat) for seat in range(5)
    }


day_seeds = st.builds(
    daily.seed, st.sampled_from(DAILY_NAMES), st.dates(date(2020, 1, 1), date(2040, 12, 31))
)  # the hostile case: the very text of a day's seed
typed_seeds = st.one_of(
    day_seeds,
    st.integers(0, 2**53 - 1).map(str),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=40).filter(str.strip),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=typed_seeds,
    rules=st.sampled_from(RULES),
    seats=st.integers(1, 5),
    games=st.integers(1, 6),
    forced=st.booleans(),
    undo=st.booleans(),
)
def test_a_typed_seed_never_deals_a_shared_games_dice(seed, rules, seats, games, forced, undo):
    players = ",".join(f"P{i}" for i in range(seats))
    query = {"rules": rules, "players": players, "games": str(games), "seed": seed, "undo": str(int(undo))}
    if forced and rules != "maxi":
        query["forced_order"] = "1"
    setup, problems = parse_link(tuple(query.items()))
    try:
        session = new_session(setup, problems)
    except (SetupError, ValueError):
        return  # a link the game refuses deals nothing
    match = session.match
    assert match.draw is Draw.TYPED and daily.match_day(match) is None
    seen = shared_dice(match.seed, rules)
    for game in range(games):
        for seat in range(seats):
            assert first_rolls(match, seat, game) not in seen


def test_the_issues_hostile_address_plays_other_dice_than_the_daily_game():
    """Two seats on the day's seed made it 'not the daily game', while seat 1 met exactly its dice."""
    today = date.fromisoformat(NOW[:10])
    app, _ = update(App(), Start(), now=NOW)
    app, _ = send(app, Pressed(Button.QUICK_DAILY, form=lobby("Me", "yahtzee")), Pressed(Button.ROLL))
    real = app.session
    assert real.shared and real.match.seed == daily.seed("yahtzee", today)
    query = f"rules=yahtzee&players=Me,Bob&seed={daily.seed('yahtzee', today)}&undo=1"
    practice, _ = update(App(), Start(query=tuple(parse_qsl(query))), now=NOW)
    practice, _ = send(practice, Pressed(Button.ROLL), Pressed(Button.ROLL), Pressed(Button.ROLL))
    seen = practice.session.match
    assert not practice.session.shared and seen.seed == real.match.seed
    assert first_rolls(seen, 0) != first_rolls(real.match, 0) and first_rolls(seen, 1) != first_rolls(real.match, 0)


def test_the_seed_a_challenge_link_carries_deals_other_dice_when_typed():
    app, _ = challenger()
    url = app.sharing.url
    body = dict(parse_qsl(urlsplit(url).query))["challenge"].partition(".")[0]
    carried = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))["e"]  # in plain sight
    theirs = links.read(dict(parse_qsl(urlsplit(url).query))["challenge"]).match
    typed, _ = update(App(), Start(query=(("rules", "yacht"), ("players", "Me"), ("seed", str(carried)),
                                          ("games", "2"), ("undo", "1"))), now=NOW)  # fmt: skip
    assert typed.session.match.seed == theirs.seed and not typed.session.shared
    assert first_rolls(typed.session.match, 0) != first_rolls(theirs, 0)


def test_a_typed_seeds_match_is_never_offered_as_a_challenge_and_keeps_its_dice_by_link_and_save():
    from game.coach.session import Session
    from game.records import challenge

    match = finish(new_match("yacht", ["Ann"], seed=5, draw=Draw.TYPED))
    assert not challenge.offerable(match)
    assert links.read(links.write(match)).match == match  # a link keeps the typed seed's domain ("d": 2)
    assert Session.from_json(Session(match).to_json()).match == match


def test_a_link_whose_seats_share_one_seats_dice_is_refused():
    match = new_match("yacht", ["Ann", "Bob"], seed=3)
    text = links.write(match)
    body, _, _ = text.partition(".")
    data = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    data["i"] = [0, 0]
    forged = json.dumps(data, separators=(",", ":")).encode()
    resigned = f"{base64.urlsafe_b64encode(forged).decode().rstrip('=')}.{links._check(forged)}"
    with pytest.raises(links.LinkError):
        links.read(resigned)
    with pytest.raises(SetupError, match="one seat's dice"):
        new_match("yacht", ["Ann", "Bob"], seed=3, dice_seats=(1, 1))


# ----------------------------------------------------------------------------- a seat's move is its own

plays = st.lists(
    st.sampled_from(("roll", "score", "start", "undo", "turn", "hold0", "hold1", "hold2", "hold3", "hold4")),
    min_size=5,
    max_size=40,
)  # "score" rolls first where the turn has not; "turn" is a score and the pass screen's Start


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 5), moves=plays)
def test_in_pass_and_play_an_undo_never_takes_back_another_seats_move(seats, moves):
    players = ",".join(f"P{i}" for i in range(seats))
    app, _ = update(App(), Start(query=(("rules", "yacht"), ("players", players), ("pass", "1"))), now=NOW)
    wall = 0  # the actions made before the last pass screen's Start: the seat who tapped it made none of them
    holder = 0  # the seat whose person has the phone: who tapped Start, or who acted last
    for move in (step for each in moves for step in (("score", "start") if each == "turn" else (each,))):
        match = app.session.match
        if match.finished:
            break
        if move == "roll":
            event = Pressed(Button.ROLL)
        elif move == "score":
            event = BoxChosen(match.open_categories()[0]) if match.rolls else Pressed(Button.ROLL)
        elif move == "start":
            event = Pressed(Button.PASS_START)
        elif move == "undo":
            event = Pressed(Button.UNDO)
        else:
            event = DieToggled(int(move[4:]))
        before, handed = match, app.table.handed
        app, _ = update(app, event, now=NOW)
        after = app.session.match
        if move == "start" and app.table.handed == len(after.actions) and handed != app.table.handed:
            wall, holder = len(after.actions), after.player
        elif len(after.actions) > len(before.actions):
            holder = before.player
        elif len(after.actions) < len(before.actions):  # an undo was taken: one action, the holder's own
            assert len(after.actions) == len(before.actions) - 1 >= wall, (moves, wall)
            assert after.player == holder, (moves, holder)


def test_bobs_undo_after_the_pass_screen_is_refused_in_words():
    app, _ = update(App(), Start(query=(("rules", "yacht"), ("players", "Ann,Bob"), ("pass", "1"))), now=NOW)
    app, _ = send(app, Pressed(Button.ROLL), BoxChosen("choice"))
    scored = app.session.match
    app, _ = send(app, Pressed(Button.PASS_START), Pressed(Button.UNDO))
    assert app.session.match == scored
    assert view(app).notice.words == "The phone was passed on: the turns before it are final."
    reloaded, _ = update(App(), Start(stored=app.storage.stored), now=NOW)  # the wall is kept in the save
    reloaded, _ = send(reloaded, Pressed(Button.UNDO))
    assert reloaded.session.match == scored


def test_ann_may_still_undo_her_box_before_she_passes_the_phone():
    app, _ = update(App(), Start(query=(("rules", "yacht"), ("players", "Ann,Bob"), ("pass", "1"))), now=NOW)
    app, _ = send(app, Pressed(Button.ROLL))
    rolled = app.session.match
    app, _ = send(app, BoxChosen("choice"), Pressed(Button.UNDO))
    assert app.session.match == rolled


def test_a_typed_practice_on_the_days_seed_is_never_the_days_result_even_through_a_backup():
    from game.records.history import History
    from game.records.record import record_game

    day = daily.seed("yacht", date(2026, 11, 24))
    for draw, counts in ((Draw.TYPED, False), (Draw.SEAT, True)):  # the same finish, typed or the day's own
        match = finish(new_match("yacht", ["Ann"], seed=day, draw=draw))
        record = record_game(match, 0, "2026-11-24T10:00:00Z", [0], [None], began="2026-11-24T09:00:00Z")
        again = History.from_json(History().add(record).to_json()).games[0]  # kept and read back (a backup too)
        assert again.typed_seed is (draw is Draw.TYPED)
        assert (daily.day_of(again) is not None) is counts


# ----------------------------------------------------------------------------- a game's end is final


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(RULES),
    seats=st.lists(st.sampled_from(("person", "computer")), min_size=1, max_size=3),
    seed=st.integers(0, 2**32),
    games=st.integers(1, 2),
    pass_phone=st.booleans(),
    last=st.booleans(),
)
def test_no_one_takes_back_the_box_that_ended_a_game(rules, seats, seed, games, pass_phone, last):
    from game.coach.session import Session
    from game.core.cards import Seat

    named = [f"P{i}" if kind == "person" else Seat.computer(f"C{i}", "easy") for i, kind in enumerate(seats)]
    # the last or first box the rules allow (a joker's Yahtzee may not go in any open box: seed 199 found one)
    pick = (lambda match: list(match.options())[-1]) if last else (lambda match: list(match.options())[0])
    ended = Session(finish(new_match(rules, named, games=games, seed=seed), pick), pass_phone=pass_phone)
    step = ended.undo()
    assert step.session == ended and step.refusal is not None and step.refusal.case == "over"
    assert not ended.can_undo
