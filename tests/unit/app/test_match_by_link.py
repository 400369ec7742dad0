"""A match that travels by link, through ``update`` only: each phone an App started as the page starts it.

Ann's phone and Bob's phone are two Apps; what one sends is the address its share dialog holds, and the
other opens it as the page does (a start with ``?match=`` in its query and its own storage).
"""

from __future__ import annotations

import pytest

from game.app.events import BoxChosen, Button, Key, Pressed, read_timer
from game.app.keys import KEPT_PREFIX, SAVE_KEY
from game.app.state import App, Screen
from game.app.view import view
from game.coach.session import Session
from game.core import links
from game.core.actions import Roll, Score
from game.core.cards import Seat
from game.core.engine import new_match
from game.core.refusals import SaveError
from game.present import board_view
from game.records.choices import parse_link, quick_setup, setup_from_fields
from tests.helpers.app import ADDRESS, notice, of, opened_link, ops, phone, send, stores, visible

SHORT = "rules=custom&dice=2&sides=2&seed=5"  # 9 boxes, one roll a turn: a whole match in a few moves


def saved_of(app: App) -> str:
    """What this phone's storage holds (the app's own save)."""
    return app.value(SAVE_KEY)


def turn(app: App, box: str | None = None):
    """The person to move rolls once and scores ``box`` (the first open one by default)."""
    app, first = send(app, Pressed(Button.ROLL))
    box = box or next(iter(app.session.match.open_categories()))
    app, more = send(app, BoxChosen(box))
    return app, first + more


def shared_url(effects) -> str:
    """The address the share dialog was opened with (the last one)."""
    return [changes["value"] for changes in ops(effects, "share-link")][-1]


def sent(app: App):
    """The send screen's "Send to …": the App and the link it shares."""
    app, effects = send(app, Pressed(Button.SEND_LINK))
    assert ("share", True) in of(effects, "dialog")
    return app, shared_url(effects)


def test_a_turn_ends_on_the_send_screen_and_its_link_carries_the_match():
    ann, _ = phone(f"players=Ann,Bob&remote=1&{SHORT}")
    assert ann.session.remote and ann.session.floor == 0
    ann, effects = turn(ann)
    assert visible(effects, "send") and not visible(effects, "pass") and visible(effects, "tray") is False
    assert ops(effects, "send-link")[-1]["text"] == "Send to Bob"
    assert ops(effects, "send-here")[-1]["text"] == "Bob is here: play on this phone"
    assert ("send-link",) in of(effects, "focus")
    for key in ("r", "1"):  # the dice wait for Bob, on his phone; the key says so (issue 58)
        after, effects = send(ann, Key(key))
        assert after.session == ann.session and notice(effects).startswith("Send the match to Bob by link")
    ann, effects = send(ann, Pressed(Button.SEND_LINK))
    title, text, url = view(ann).share.title, view(ann).share.text, ann.sharing.url
    assert title == "Send to Bob" and "Bob, your turn" in text
    assert url.startswith(ADDRESS + "?match=") and shared_url(effects) == url
    link = links.read(url.partition("?match=")[2])
    assert link.match == ann.session.match and link.kind is links.LinkKind.MATCH


def test_a_two_person_match_travels_by_link_to_its_end_and_each_phone_shows_the_standings():
    phones = {"Ann": phone(f"players=Ann,Bob&remote=1&{SHORT}")[0], "Bob": None}
    name, url, sends = "Ann", None, 0
    while True:
        if url is not None:  # this person's phone opens the link it was sent, over what it holds
            app, effects = opened_link(url, None if phones[name] is None else saved_of(phones[name]))
            assert app.screen.kind is Screen.PLAY and app.session.match.current_name == name
            assert not visible(effects, "send")  # their turn, on their phone, after what happened since (issue 54)
            assert (notice(effects) or "Since this phone last played: ").startswith("Since this phone last played: ")
            assert app.session.floor == len(app.session.match.actions) and not app.session.can_undo
            phones[name] = app
        app, effects = turn(phones[name])
        phones[name] = app
        if board_view.match_over(app.session.match):
            break
        other = "Bob" if name == "Ann" else "Ann"
        assert visible(effects, "send") and ops(effects, "send-link")[-1]["text"] == f"Send to {other}"
        phones[name], url = sent(app)
        name, sends = other, sends + 1
    assert sends == 17  # 9 boxes each: every turn but the last went by link
    other = "Bob" if name == "Ann" else "Ann"
    assert visible(effects, "results") and visible(effects, "send-result")
    assert ops(effects, "send-result")[-1]["text"] == f"Send the result to {other}"
    last, effects = send(phones[name], Pressed(Button.SEND_RESULT))
    title, text, url = view(last).share.title, view(last).share.text, last.sharing.url
    assert title == f"Send the result to {other}" and "is over" in text and ("share", True) in of(effects, "dialog")
    there, effects = opened_link(url, saved_of(phones[other]))
    assert board_view.match_over(there.session.match) and there.session.match == last.session.match
    assert visible(effects, "results") and not visible(effects, "send-result")  # only the last phone sends it


def two_turns():
    """Ann's first turn sent (``first``, her phone after it) and Bob's phone after his turn on it."""
    ann, _ = phone(f"players=Ann,Bob&remote=1&{SHORT}")
    ann, _ = turn(ann)
    ann, first = sent(ann)
    bob, _ = opened_link(first, None)
    bob, _ = turn(bob)
    return ann, first, bob


def test_a_newer_link_is_taken_and_the_same_one_again_is_said_so():
    ann, _, bob = two_turns()
    bob, second = sent(bob)
    ann, effects = opened_link(second, saved_of(ann))
    assert ann.session.match == bob.session.match
    assert notice(effects) == "Since this phone last played: Bob scored 1 in Ones."  # issue 54: then the turn
    assert ann.session.floor == len(ann.session.match.actions)
    again, effects = opened_link(second, saved_of(ann))
    assert notice(effects) == "You already have this turn: play on." and again.session.match == ann.session.match


def test_an_older_link_is_refused_in_words_and_the_newer_state_kept_and_offered():
    _, first, bob = two_turns()
    held = saved_of(bob)
    after, effects = opened_link(first, held)
    words = links.LinkError("", links.Why.OLDER).text()
    assert notice(effects) == words
    assert after.session.match == Session.from_json(held).match  # nothing changed
    assert all(Session.from_json(value).match == after.session.match for value in stores(effects, SAVE_KEY))
    assert ("share", True) in of(effects, "dialog")  # the newer state, offered to send again
    assert links.read(shared_url(effects).partition("?match=")[2]).match == after.session.match
    assert [c["text"] for c in ops(effects, "share-note") if "text" in c][-1] == words and visible(
        effects, "share-note"
    )


def forked():
    """Bob's phone after his turn on Ann's first link, and the link of his turn played otherwise on another phone."""
    ann, first, bob = two_turns()
    other, _ = opened_link(first, None)
    other, _ = turn(other, box=list(other.session.match.open_categories())[-1])  # Bob's turn played otherwise
    other, link = sent(other)
    return bob, other, link


def test_a_forked_link_asks_and_keeping_this_phones_state_offers_it_to_send_again():
    bob, other, link = forked()
    asked, effects = opened_link(link, saved_of(bob))
    assert asked.screen.kind is Screen.LINK_CHOICE and visible(effects, "link-choice")
    assert ops(effects, "link-choice-title")[-1]["text"] == "Play on from this link?"
    assert "a turn was played on two phones" in ops(effects, "link-choice-text")[-1]["text"]
    assert not stores(effects, SAVE_KEY)  # nothing written before the answer
    kept, effects = send(asked, Pressed(Button.LINK_KEEP))
    assert kept.session.match == bob.session.match
    assert notice(effects) == links.LinkError("", links.Why.ANOTHER_MATCH).text()
    assert links.read(shared_url(effects).partition("?match=")[2]).match == bob.session.match  # sent again


def test_a_forked_link_taken_keeps_this_phones_state_aside_so_two_phones_never_wait_for_each_other():
    bob, other, link = forked()
    asked, _ = opened_link(link, saved_of(bob))
    taken, effects = send(asked, Pressed(Button.LINK_START))
    assert taken.session.match == other.session.match and taken.session.match.current_name == "Ann"
    (key,) = [key for key, _ in of(effects, "store") if key.startswith(KEPT_PREFIX)]
    assert key == KEPT_PREFIX + "replaced" and Session.from_json(taken.value(key)).match == bob.session.match
    assert notice(effects).startswith("This phone's match as it was is kept aside")


def test_a_damaged_link_is_said_in_words_on_the_setup_and_over_a_stored_match_changes_nothing():
    ann, first, bob = two_turns()
    value = first.partition("?match=")[2]
    edited = value[:10] + ("A" if value[10] != "A" else "B") + value[11:]
    app, effects = phone(f"match={edited}")
    assert app.screen.kind is Screen.SETUP and visible(effects, "setup")
    assert notice(effects) == links.LinkError("", links.Why.DAMAGED).text()  # #notice: shown over any screen
    held = saved_of(bob)
    app, effects = phone(f"match={edited}", held)
    assert app.session.match == Session.from_json(held).match and notice(effects)
    cut = links.write(new_match("yacht", ["Ann"], seed=1))[:-3]
    app, effects = phone("match=" + cut, held)
    assert notice(effects) == links.LinkError("", links.Why.DAMAGED).text()


def test_undo_never_reaches_back_into_the_turns_a_link_brought():
    _, first, _ = two_turns()
    bob, effects = opened_link(first, None)
    assert not bob.session.can_undo
    bob, effects = send(bob, Key("u"))
    assert notice(effects) == "Undo cannot reach back before the turn this link brought."
    assert bob.session.match.player == 1 and len(bob.session.match.actions) == bob.session.floor
    bob, _ = send(bob, Pressed(Button.ROLL))
    assert not bob.session.can_undo  # his own roll: never taken back
    held = new_match("yacht", ["Ann", "Bob"], seed=1).roll().hold(0)
    step = Session(held, remote=True, floor=len(held.actions)).undo()  # a hold the link brought (links are remote)
    assert step.refusal is not None and step.refusal.case == "link"


def test_bob_is_here_plays_on_this_phone():
    ann, _ = phone(f"players=Ann,Bob&remote=1&{SHORT}")
    ann, _ = turn(ann)
    ann, effects = send(ann, Pressed(Button.SEND_HERE))
    assert visible(effects, "send") is False and visible(effects, "tray") and ("roll-button",) in of(effects, "focus")
    ann, _ = send(ann, Key("r"))
    assert ann.session.match.player == 1 and ann.session.match.rolls == 1


def test_computers_play_on_the_phone_that_holds_the_match_before_the_next_person_is_sent_it():
    match = new_match("yacht", ["Ann", Seat.computer("Cy", "easy"), "Bob"], seed=2)
    session = Session(match.apply(Roll()).apply(Score("choice")), remote=True)
    app, effects = phone(saved=session.to_json())
    assert not visible(effects, "send")  # Cy's turn first, here
    while app.session.match.player == 1:
        token = [t for t, _ in of(effects, "tick") if t.startswith("computer:")][-1]
        app, effects = send(app, read_timer(token))
    assert ops(effects, "send-link")[-1]["text"] == "Send to Bob"


def test_another_match_by_link_over_a_match_in_progress_asks_first():
    _, first, _ = two_turns()
    mine, _ = phone("players=Cy&rules=yatzy&seed=3")
    mine, _ = send(mine, Pressed(Button.ROLL))
    app, effects = opened_link(first, saved_of(mine))
    assert app.screen.kind is Screen.LINK_CHOICE and visible(effects, "link-choice")
    assert "This link brings another match" in ops(effects, "link-choice-text")[-1]["text"]
    # Their match, under way, is played on: not "started" as a new one.
    assert ops(effects, "link-choice-title")[-1]["text"] == "Play the match in this link?"
    assert ops(effects, "link-start")[-1]["text"] == "Play the link's match"
    app, effects = send(app, Pressed(Button.LINK_START))
    assert app.session.remote and app.session.match.current_name == "Bob"


def test_the_choice_is_made_in_more_or_by_link_and_one_phone_passing_is_not_remote():
    assert parse_link("?players=Ann,Bob&remote=1")[0].remote
    assert parse_link("?remote=maybe")[1][0].message == "remote='maybe' must be 1 or 0 (on or off)"
    assert setup_from_fields({"remote": "1"})[0].remote and not setup_from_fields({})[0].remote
    assert not quick_setup({"remote": "1"}, "pass")[0].remote and quick_setup({"remote": "1"}, "computer")[0].remote
    from game.present.forms import setup_form

    form = setup_form()
    assert 'name="remote"' in form and 'aria-describedby="opt-remote-note"' in form
    assert "a player who reads the game&#x27;s code could foresee them" in form


def test_the_session_save_keeps_the_remote_setting_and_floor_and_older_saves_still_read():
    match = new_match("yacht", ["Ann", "Bob"], seed=1).roll().score("choice")
    session = Session(match, remote=True, floor=2)
    data = session.to_dict()
    assert (data["remote"], data["floor"]) == (True, 2) and Session.from_dict(data) == session
    plain = Session(match).to_dict()
    assert "remote" not in plain and not Session.from_dict(plain).remote  # an older save reads as before

    for bad in ({"remote": "yes"}, {"floor": 99}, {"floor": -1}, {"floor": True}):
        with pytest.raises(SaveError):
            Session.from_dict(data | bad)


def test_play_again_after_a_match_by_link_starts_with_no_floor():
    from game.app.table import rematch

    match = new_match("yacht", ["Ann", "Bob"], seed=1).roll().score("choice")
    again = rematch(Session(match, remote=True, floor=2), seed=3)
    assert again.remote and again.floor == 0


def test_an_older_link_during_a_turn_is_refused_and_the_turn_goes_on():
    ann, first, bob = two_turns()
    bob, second = sent(bob)
    ann, _ = opened_link(second, saved_of(ann))
    ann, _ = send(ann, Pressed(Button.ROLL))  # Ann's turn under way
    after, effects = opened_link(first, saved_of(ann))
    assert notice(effects) == links.LinkError("", links.Why.OLDER).text()
    assert after.session.match == ann.session.match and after.session.match.rolls == 1
    assert ("share", True) not in of(effects, "dialog")  # nothing to send until the turn ends


def test_both_phones_of_a_fork_recommend_the_same_state_so_following_it_they_meet():
    bob, other, link = forked()
    bob, mine = sent(bob)
    asked, effects = opened_link(link, saved_of(bob))  # the other phone's moves, on Bob's phone
    assert of(effects, "focus")[-1] == ("link-start",)
    assert ops(effects, "link-choice-text")[-1]["text"].endswith(
        "Recommended: play on from the link (the other phone recommends the same)."
    )
    there, effects = opened_link(mine, saved_of(other))  # Bob's phone's moves, on the other phone
    assert of(effects, "focus")[-1] == ("link-keep",)
    assert ops(effects, "link-choice-text")[-1]["text"].endswith(
        "Recommended: keep this phone's moves (the other phone recommends the same)."
    )
    followed, _ = send(asked, Pressed(Button.LINK_START))
    stayed, _ = send(there, Pressed(Button.LINK_KEEP))
    assert followed.session.match == stayed.session.match == other.session.match
