"""Real dice (issue 49, item 1) through ``update``: a game rolled on a table, its faces entered by taps or digits,
scored, undone, saved and recorded as real dice; and what is refused changes nothing."""

from __future__ import annotations

import pytest

from game.app.events import Button, DieToggled, FaceTapped, Key, Pressed, read_click, read_timer
from game.app.keys import HISTORY_KEY, SAVE_KEY
from game.app.state import App
from game.app.view import view
from game.coach.session import Session
from game.core import links, saves
from game.core.cards import Seat
from game.core.dice import Draw
from game.core.engine import new_match
from game.core.entered import entry
from game.core.refusals import GameError
from game.records import challenge, daily, rating
from game.records.choices import Setup, form_values
from game.records.history import History
from tests.helpers.app import after_ticks, click, notice, ops, send, start, stores, tick_token, visible

FORM = tuple(form_values(Setup(rules="yacht", players=("Ann", "Bob"))).items())


def real(rules: str = "yacht", players=("Ann", "Bob"), **kwargs) -> Session:
    return Session(new_match(rules, list(players), seed=7, draw=Draw.ENTERED), **kwargs)


def taps(*faces: int) -> list[FaceTapped]:
    return [FaceTapped(face) for face in faces]


def digits(text: str) -> list[Key]:
    return [Key(key) for key in text]


def same(before: App, after: App) -> bool:
    """Nothing of the game changed: the match and the faces entered so far."""
    return after.session == before.session and after.table.entering == before.table.entering


def test_the_lobby_starts_real_dice_for_the_forms_people_in_one_tap():
    app, _ = start()
    app, effects = send(app, Pressed(Button.QUICK_REAL, form=FORM))
    match = app.session.match
    assert match.draw is Draw.ENTERED and match.players == ("Ann", "Bob") and app.session.undo_allowed
    assert visible(effects, "face-pad") is True and visible(effects, "roll-button") is False
    assert read_click(data=(("face", "4"),)) == FaceTapped(4)


def test_five_taps_enter_a_roll_and_a_tap_on_a_die_takes_one_back():
    app, _ = start(match=real())
    app, _ = send(app, *taps(6, 6, 3))
    assert app.table.entering == (6, 6, 3) and app.session.match.rolls == 0
    app, _ = send(app, DieToggled(2))  # the 3 was a mistake
    assert app.table.entering == (6, 6)
    app, effects = send(app, *taps(6, 2, 2))
    match = app.session.match
    assert app.table.entering == () and match.dice == (6, 6, 6, 2, 2) and match.rolls == 1
    assert match.options()["full_house"] == 22 and stores(effects, SAVE_KEY)


def test_digits_enter_a_roll_and_the_next_roll_is_the_whole_table_again():
    app, _ = start(match=real())
    app, _ = send(app, *digits("66234"))
    assert app.session.match.dice == (6, 6, 2, 3, 4)
    app, _ = send(app, *digits("6615"), Key("Backspace"), Key("5"), Key("5"))  # kept 6 6, threw three dice
    match = app.session.match
    assert sorted(match.dice) == [1, 5, 5, 6, 6] and match.rolls == 2 and match.held.count(True) == 2


def test_scores_bonuses_and_jokers_are_the_engines():
    app, _ = start(match=real("yahtzee", ("Ann",)))
    app, _ = send(app, *taps(4, 4, 4, 4, 4), click("yahtzee"))
    app, _ = send(app, *taps(4, 4, 4, 4, 4))
    assert app.session.match.pending_bonus() == 100
    app, _ = send(app, click("fours"))
    assert app.session.match.totals(0).yahtzee_bonus == 100 and app.session.match.totals(0).grand_total == 170


def test_undo_takes_back_a_mis_entered_roll_whole():
    app, _ = start(match=real())
    app, _ = send(app, *digits("11111"), *digits("12345"))
    assert app.session.match.rolls == 2
    app, effects = send(app, Pressed(Button.UNDO))
    match = app.session.match
    assert match.rolls == 1 and match.dice == (1, 1, 1, 1, 1) and not any(match.held)
    app, _ = send(app, *digits("65432"), click("choice"))
    assert app.session.match.totals(0).grand_total == 20 and app.session.match.current_name == "Bob"
    app, _ = send(app, Pressed(Button.UNDO))  # the score, then the roll under it
    app, _ = send(app, Pressed(Button.UNDO))
    assert app.session.match.rolls == 1 and app.session.match.dice == (1, 1, 1, 1, 1)


def used_up() -> Session:
    """Ann's turn with every roll entered: a box must be chosen."""
    app, _ = start(match=real("yacht", ("Ann",)))
    app, _ = send(app, *digits("11111"), *digits("11112"), *digits("11122"))
    return app.session


@pytest.mark.parametrize(
    "session, events",
    [
        (real(), taps(7)),  # no 7 on six sides
        (real(), [FaceTapped(0)]),
        (real(), digits("7")),
        (used_up(), taps(3)),  # every roll of the turn entered
        (Session(new_match("yacht", ["Ann"], seed=7)), taps(6)),  # a seeded match takes no faces
    ],
)
def test_a_refused_entry_changes_nothing(session, events):
    app, _ = start(match=session)
    after, effects = send(app, *events)
    assert same(app, after) and notice(effects)


def test_a_seeded_matchs_digits_still_hold_and_its_roll_button_rolls():
    app, _ = start(match=Session(new_match("yacht", ["Ann"], seed=7)))
    app, _ = send(app, Pressed(Button.ROLL), Key("1"))
    assert app.session.match.held[0] and app.table.entering == ()


def test_a_real_dice_matchs_roll_button_draws_no_dice():
    app, _ = start(match=real())
    after, effects = send(app, Pressed(Button.ROLL), Key("r"))
    assert same(app, after) and "real dice" in notice(effects)


def test_a_sixth_face_and_entering_in_a_computers_turn_are_refused():
    app, _ = start(match=real())
    app, _ = send(app, *taps(1, 2, 3, 4))
    assert app.table.entering == (1, 2, 3, 4)
    app, _ = send(app, FaceTapped(5))  # the fifth enters the roll: a sixth cannot be pending
    assert app.table.entering == () and len(app.session.match.dice) == 5
    computer = Session(new_match("yacht", [Seat.computer("Cy", "easy"), "Ann"], seed=7))
    app, _ = start(match=computer)
    after, effects = send(app, FaceTapped(3))
    assert same(app, after) and notice(effects)
    with pytest.raises(GameError):
        new_match("yacht", ["Ann", Seat.computer("Cy", "easy")], seed=7, draw=Draw.ENTERED)


def test_a_real_dice_match_round_trips_through_a_save_and_a_link_with_its_faces():
    app, _ = start(match=real())
    app, _ = send(app, *digits("66234"), *digits("66661"), click("choice"), *digits("123"))
    saved = app.session.to_json()
    assert Session.from_json(saved) == app.session and app.table.entering == (1, 2, 3)
    again, _ = start(match=saved)
    assert again.session.match == app.session.match and again.session.match.draw is Draw.ENTERED
    assert saves.from_json(saves.to_json(app.session.match)) == app.session.match
    app, _ = send(app, *digits("45"), *digits("12345"))  # Bob's roll, then his second as it lies
    app, _ = send(app, click("little_straight"))
    match = app.session.match
    link = links.read(links.write(match))
    assert link.match == match and link.match.draw is Draw.ENTERED  # the faces entered, not the seed's dice
    assert [card.scores for card in link.match.cards[0]] == [{"choice": 25}, {"little_straight": 30}]
    assert links.relation(match, link.match) is links.Relation.SAME
    other = match.begun()
    for faces in ((6, 6, 2, 3, 4), (6, 6, 6, 6, 1)):
        other = other.apply_all(entry(other, faces))
    other = other.score("choice")
    other = other.apply_all(entry(other, (2, 3, 4, 5, 6))).score("little_straight")
    assert links.relation(match, other) is links.Relation.FORKED  # the same choices on other faces: another state
    seeded = new_match("yacht", ["Ann", "Bob"], seed=7)
    assert links.read(links.write(seeded.roll().score("choice"))).match.draw is not Draw.ENTERED


def finished(app: App) -> tuple[App, list]:
    """Every box of the cards filled with what the dice give (Yacht: 12 rounds each), and the last score's effects."""
    effects: list = []
    while not app.session.match.game_over:
        app, _ = send(app, *digits("12346"))
        app, effects = send(app, click(next(iter(app.session.match.options()))))
    return app, effects


def test_records_are_marked_real_dice_and_never_daily_challenge_or_rated():
    app, _ = start(match=real("yacht", ("Ann",), undo_allowed=True))
    app, effects = after_ticks(*finished(app), "records")
    (record,) = History.from_json(stores(effects, HISTORY_KEY)[-1]).games
    assert record.real_dice and record.totals[0] > 0
    assert History.from_json(History().add(record).to_json()).games[0].real_dice  # round-trips
    assert rating.rated(record, 0) is None and daily.day_of(record) is None
    match = app.session.match
    assert not challenge.offerable(match) and daily.match_day(match) is None
    assert visible(effects, "challenge-friend") is not True and visible(effects, "share-result") is not True


def test_a_history_without_the_mark_loads_as_the_games_dice():
    m = new_match("yacht", ["Ann"], seed=3)
    for box in m.open_categories():
        m = m.roll().score(box)
    from game.records.record import session_record

    record = session_record(Session(m), 0, "2026-11-20T09:00:00Z")
    data = History().add(record).to_dict()
    assert len(data["games"][0]) in (6, 7)
    assert not History.from_dict(data).games[0].real_dice
    data["games"][0] = [*data["games"][0][:6], "", False]
    with pytest.raises(GameError):
        History.from_dict(data)


def test_the_tray_shows_the_faces_entered_and_the_pad_hides_once_every_roll_is_used():
    app, _ = start(match=real())
    app, effects = send(app, *taps(5, 3))
    assert any(
        "entered 3" in changes.get("attrs", {}).get("aria-label", "")
        for changes in ops(effects, ('#dice button[data-die="1"]', 0))
    )
    app, effects = send(app, *taps(1, 1, 1), *digits("11111"), *digits("11112"))
    assert visible(effects, "face-pad") is False


def test_the_coach_hints_and_counts_its_cost_on_the_entered_dice():
    app, _ = start(match=real("yacht", ("Ann",), hints=frozenset({0})))
    app, effects = send(app, *digits("66662"))
    app, effects = send(app, read_timer(tick_token(effects, "hint")))
    assert visible(effects, "hint") and "6 6 6 6" in ops(effects, "hint")[-1]["html"]
    app, effects = send(app, *digits("11111"))  # threw all five (the four sixes too): a costly keep
    assert "Coach: better was" in notice(effects)


def test_the_recent_games_say_real_dice_and_play_again_stays_real():
    from dataclasses import replace

    from game.present.stats_view import statistics
    from game.records.record import demo_record

    marked = replace(demo_record(), real_dice=True)
    assert statistics(History().add(marked), {}).recent[0][1] == "23 Nov 2026 · Yacht, real dice · Ann 60, Bob 60"
    app, _ = start(match=real("yacht", ("Ann",)))
    app, _ = finished(app)
    app, _ = send(app, Pressed(Button.PLAY_AGAIN))
    match = app.session.match
    assert match.draw is Draw.ENTERED and match.rolls == 0 and match.players == ("Ann",)


def test_a_daily_seed_does_not_make_real_dice_a_daily_game():
    seed = "daily:2026-11-24:yacht"
    session = Session(new_match("yacht", ["Ann"], seed=seed, draw=Draw.ENTERED), undo_allowed=False)
    assert daily.match_day(session.match) is None
    app, _ = start(match=session)
    app, effects = after_ticks(*finished(app), "records")
    (record,) = History.from_json(stores(effects, HISTORY_KEY)[-1]).games
    assert record.seed == seed and record.real_dice and daily.day_of(record) is None


def test_the_hints_marks_leave_the_tray_while_the_next_roll_is_entered():
    app, _ = start(match=real("yacht", ("Ann",), hints=frozenset({0})))
    app, effects = send(app, *digits("66662"))
    app, effects = send(app, read_timer(tick_token(effects, "hint")))
    die_marks = [at for at, _ in view(app).hinted if at[0].startswith("#dice ")]
    assert die_marks
    app, effects = send(app, Key("6"))
    assert all(ops(effects, at)[-1]["toggle"] == {"hint-keep": False, "hint-best": False} for at in die_marks)


def test_each_face_entered_or_taken_back_is_said_in_the_status_line():
    """By ear: the live region says the roll being entered at every tap, so a person who cannot see the tray knows."""
    app, _ = start(match=real())
    app, effects = send(app, *taps(6, 3))
    assert [o["text"] for o in ops(effects, "status")][-1] == "Ann enters the roll: 6, 3 (2 of 5 dice)"
    app, effects = send(app, Key("Backspace"))
    assert [o["text"] for o in ops(effects, "status")] == ["Ann enters the roll: 6 (1 of 5 dice)"]
    app, effects = send(app, *taps(6, 6, 6, 1))
    assert [o["text"] for o in ops(effects, "status")][-1].startswith("Ann rolled 6, 6, 6, 6, 1")


def test_real_dice_on_separate_phones_send_each_turn_with_the_faces_entered():
    """People far apart, each with dice on their own table: the link carries the faces, and Bob's phone enters his."""
    from tests.helpers.app import opened_link

    app, _ = start()
    app, _ = send(app, Pressed(Button.QUICK_REAL, form=(*FORM, ("remote", "1"))))
    assert app.session.remote and app.session.match.draw is Draw.ENTERED
    app, _ = send(app, *digits("66234"), click("choice"))
    app, _ = send(app, Pressed(Button.SEND_LINK))
    bob, effects = opened_link(app.sharing.url, None)
    match = bob.session.match
    assert match == app.session.match and match.current_name == "Bob" and visible(effects, "face-pad") is True
    assert match.cards[0][0].scores == {"choice": 21} and bob.session.floor == len(match.actions)  # no undo into it
    bob, _ = send(bob, *digits("12345"), click("little_straight"))
    assert bob.session.match.cards[0][1].scores == {"little_straight": 30}
