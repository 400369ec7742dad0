"""Two or three phones playing one match by link, through ``update`` only: each phone an App with its own storage.

A phone is started as the page starts it (a Start with what its storage holds, the address's query and the
id the page drew for it); what one phone sends is the address its share dialog holds, and any phone may open
any link sent so far, in any order, any number of times. The properties: some phone can always move the match
on (no two phones left waiting for each other), a turn under way is never replaced without a question (and
what the answer leaves is kept aside), and a fair round of the phones always ends the match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.app.events import BoxChosen, Button, Key, Pressed, Start, read_click, read_event, read_timer
from game.app.keys import KEPT_PREFIX, PHONE_KEY, SAVE_KEY
from game.app.sharing import match_address
from game.app.state import App, Screen
from game.app.table import handing
from game.app.update import update
from game.coach.session import Session
from game.core import links
from game.core.cards import SeatKind
from game.core.engine import Match, new_match
from game.core.refusals import SaveError
from game.present import board_view
from tests.helpers.app import notice, of, ops, visible

NOW = "2026-11-24T10:00:00Z"
ADDRESS = "https://example.org/yacht/"
SHORT = "rules=custom&dice=2&sides=2&seed=5"  # 9 boxes, one roll a turn: a whole match in a few moves
NAMES = ("Ann", "Bob", "Eve")
IDS = ("AnnAnn", "BobBob", "EveEve")


@dataclass
class Phone:
    """One phone: the seat its person plays, the id its page draws (once) and its App (whose storage it is)."""

    seat: int
    entropy: str
    app: App = field(default_factory=App)
    asked: int = 0  # questions this phone asked (link-choice screens shown)
    known: set[str] = field(default_factory=set)  # the links this phone sent or opened

    def start(self, query: str = "") -> list:
        """The page (re)started: a Start with what storage holds and the address's query."""
        event = Start(
            stored=self.app.storage.stored,
            query=tuple(parse_qsl(query, keep_blank_values=True)),
            address=ADDRESS,
            entropy=self.entropy,
        )
        self.app = App()
        return self.send(event)

    def send(self, *events) -> list:
        """Events in turn; a computer's timers run out at once (this phone holds the match while it plays)."""
        out: list = []
        for event in events:
            self.app, effects = update(self.app, event, now=NOW)
            out += effects
            pending = [token for token, _ in of(effects, "tick") if token.startswith("computer:")]
            while pending:
                self.app, effects = update(self.app, read_timer(pending[-1]), now=NOW)
                out += effects
                pending = [token for token, _ in of(effects, "tick") if token.startswith("computer:")]
        return out

    def open(self, url: str, take: bool | None) -> list:
        """Open a link sent; asked, take the link's match (``take``) or keep this phone's (None: as recommended,
        the button the question focuses)."""
        self.known.add(url)
        effects = self.start(urlsplit(url).query)
        if self.app.screen.kind is Screen.LINK_CHOICE:
            self.asked += 1
            answer = of(effects, "focus")[-1][0] if take is None else "link-start" if take else "link-keep"
            effects += self.send(read_click(answer))
        return effects

    @property
    def match(self) -> Match | None:
        session = self.app.session
        return session.match if session is not None and self.app.screen.kind is Screen.PLAY else None

    def to_move(self) -> bool:
        """Whether this phone's person plays now: their seat to move, a turn handed to this phone ("Bob is here")
        or one under way on it (whoever's: the person holding the phone goes on with what it shows)."""
        match = self.match
        if match is None or board_view.match_over(match):
            return False
        passing = handing(self.app)
        if passing is not None:  # the send screen: "Ann is here" where it is this phone's own person's turn
            return passing == NAMES[self.seat] and match.player == self.seat
        return match.player == self.seat or self.app.table.handed == len(match.actions) or match.rolls > 0

    def sendable(self) -> str | None:
        """The link the send screen would share now (None where this phone has nothing to send)."""
        if self.match is None or handing(self.app) is None:
            return None
        return match_address(self.app)

    def kept(self) -> list[Match]:
        """The matches this phone kept aside."""
        out = []
        for key, value in self.app.storage.stored:
            if key.startswith(KEPT_PREFIX):
                try:
                    out.append(Session.from_json(value).match)
                except Exception:
                    pass
        return out


def world(people: int, computer: bool) -> tuple[list[Phone], list[str]]:
    """The phones, the first with the match set up, and the links sent (none yet)."""
    players = ",".join([*NAMES[:people], *(["Cy"] if computer else [])])
    query = f"players={players}&remote=1&{SHORT}" + (f"&cpu={people + 1}:easy" if computer else "")
    phones = [Phone(seat, IDS[seat]) for seat in range(people)]
    phones[0].start(query)
    for phone in phones[1:]:
        phone.start()
    return phones, []


def play_one(phone: Phone, choice: int) -> list:
    """One move of the person to move on ``phone``: roll, else score one of the open boxes."""
    if handing(phone.app) is not None:
        return phone.send(Pressed(Button.SEND_HERE))  # the send screen says this phone's own person: "Ann is here"
    match = phone.match
    assert match is not None
    if match.rolls == 0:
        return phone.send(Pressed(Button.ROLL))
    boxes = list(match.open_categories())
    return phone.send(BoxChosen(boxes[choice % len(boxes)]))


def turn(phone: Phone) -> None:
    """The person to move on ``phone`` rolls and scores the first open box."""
    play_one(phone, 0)
    play_one(phone, 0)


def send_link(phone: Phone, sent: list[str]) -> list:
    """The send screen's "Send to …": the link shared is recorded (the dialog then closed)."""
    effects = phone.send(Pressed(Button.SEND_LINK))
    shared = [changes["value"] for changes in ops(effects, "share-link") if changes.get("value")]
    if shared:  # the address the share dialog was opened with
        sent.append(shared[-1])
        phone.known.add(sent[-1])
        effects += phone.send(Pressed(Button.SHARE_CLOSE))
    return effects


def someone_can_move(phones: list[Phone], sent: list[str]) -> bool:
    """Whether some phone can move the match on: its person's turn is here, or comes by opening a link sent (or
    one a send screen offers now), taking the link's match where asked."""
    if any(phone.to_move() or (phone.match is not None and board_view.match_over(phone.match)) for phone in phones):
        return True
    offered = [url for phone in phones if (url := phone.sendable()) is not None]
    for url in dict.fromkeys(reversed(sent + offered)):  # the newest first, each once
        match = links.read(url.partition("?match=")[2]).match
        for phone in phones:
            if board_view.match_over(match) or match.player == phone.seat:
                trial = Phone(phone.seat, phone.entropy, phone.app)
                trial.open(url, take=True)
                if trial.to_move() or (trial.match is not None and board_view.match_over(trial.match)):
                    return True
    return False


def fair_end(phones: list[Phone], sent: list[str]) -> int:
    """The phones in turn, each doing what it can (play and send its person's turn, else open the newest link it has
    not seen, answering a question as recommended), until the match is over on one of them; the rounds it took."""
    total = len(phones[0].match.seats) * 9 if phones[0].match else 30  # type: ignore[union-attr]
    for rounds in range(4 * total + 8):
        for phone in phones:
            if phone.match is not None and board_view.match_over(phone.match):
                return rounds
            while phone.to_move():
                play_one(phone, 0)
            if phone.sendable() not in (None, *sent):
                send_link(phone, sent)
            else:  # the newest link this phone has not seen yet, if any
                unseen = [url for url in reversed(sent) if url not in phone.known]
                if unseen:
                    phone.open(unseen[0], take=None)
    raise AssertionError("a fair round of the phones did not end the match")


STEPS = ("play", "undo", "send", "open", "reload", "here")
STEP = st.tuples(
    st.sampled_from(STEPS), st.integers(0, 2), st.integers(0, 40), st.booleans()
)  # what, on which phone, which box or link (0: the newest), and the answer where asked (True: take the link)
P, S, OPEN, H = "play", "send", "open", "here"
TURN_REPLACED = [(P, 0, 0, 1), (P, 0, 0, 1), (S, 0, 0, 1), (OPEN, 1, 0, 1), (P, 1, 0, 1), (H, 0, 0, 1)]
TURN_REPLACED += [(P, 0, 0, 1)] * 5 + [(S, 0, 0, 1), (OPEN, 1, 0, 1)]  # Bob's turn played on Ann's phone, and sent
FORK = [(P, 0, 0, 1), (P, 0, 0, 1), (S, 0, 0, 1), (OPEN, 1, 0, 1), (P, 1, 0, 1), (P, 1, 0, 1), (S, 1, 0, 1)]
FORK += [(H, 0, 0, 1), (P, 0, 0, 1), (P, 0, 1, 1)] + [(P, 0, 0, 1)] * 3 + [(S, 0, 0, 1)]  # Bob's turn played twice


def step(phones: list[Phone], sent: list[str], what: str, which: int, choice: int, take: bool) -> None:
    """One step of the people holding the phones (what cannot be done then is skipped)."""
    phone = phones[which % len(phones)]
    if what == "play" and phone.to_move():
        play_one(phone, choice)
    elif what == "undo":
        phone.send(Key("u"))  # at any moment: on the send screen too
    elif what == "send" and phone.sendable() is not None:
        send_link(phone, sent)
    elif what == "open" and sent:
        phone.open(sent[-1 - choice % len(sent)], take)  # any link sent so far, old or new, in any order
    elif what == "reload":
        phone.start()
    elif what == "here" and phone.sendable() is not None:
        phone.send(Pressed(Button.SEND_HERE))  # "Bob is here": another seat's turn played on this phone


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(people=st.integers(2, 3), computer=st.booleans(), steps=st.lists(STEP, max_size=30))
@example(people=2, computer=False, steps=TURN_REPLACED)
@example(people=2, computer=False, steps=FORK)
def test_no_steps_of_two_or_three_phones_leave_them_all_waiting_or_lose_a_turn_under_way(people, computer, steps):
    phones, sent = world(people, computer)
    for what, which, choice, take in steps:
        phone = phones[which % len(phones)]
        match, asked = phone.match, phone.asked
        under_way = match if match is not None and match.rolls and not match.game_over else None
        step(phones, sent, what, which, choice, take)
        if under_way is not None and what in ("open", "reload") and phone.match != under_way:
            # A turn under way replaced (by one played elsewhere): only at the person's answer, and kept aside.
            assert phone.asked > asked, f"a turn under way was replaced without a question ({what})"
            assert under_way in phone.kept()
        assert someone_can_move(phones, sent), f"every phone waits for another after {what}"
    fair_end(phones, sent)


# ----------------------------------------------------------------------------- the cases, one by one


def two_phones() -> tuple[Phone, Phone, list[str]]:
    """Ann's phone, after her first turn sent, and Bob's, after his first turn sent back; Ann has it."""
    (ann, bob), sent = world(2, False)
    turn(ann)
    send_link(ann, sent)
    bob.open(sent[-1], take=True)
    turn(bob)
    send_link(bob, sent)
    ann.open(sent[-1], take=True)
    return ann, bob, sent


def test_each_phone_keeps_the_id_its_page_drew_and_marks_its_persons_seat():
    ann, bob, sent = two_phones()
    assert ann.app.value(PHONE_KEY) == "AnnAnn" and bob.app.value(PHONE_KEY) == "BobBob"
    ann.entropy = "ZZZZZZ"  # a later start's fresh draw: the kept id stays
    ann.start()
    assert ann.app.givens.phone == "AnnAnn" and ann.app.session.marks == ("AnnAnn", "BobBob")
    assert links.read(sent[-1].partition("?match=")[2]).marks == ("AnnAnn", "BobBob")


def test_the_u_key_on_the_send_screen_takes_back_nothing_sent():
    (ann, bob), sent = world(2, False)
    turn(ann)
    effects = send_link(ann, sent)
    assert visible(effects, "send") is not False and handing(ann.app) == "Bob"
    before = ann.match
    effects = ann.send(Key("u"))
    assert ann.match == before and notice(effects) == "This turn is scored and sent: it is final."
    assert ann.sendable() is not None  # still on the send screen


def test_a_link_that_would_replace_a_turn_under_way_asks_and_keeps_both():
    ann, bob, sent = two_phones()
    turn(ann)
    send_link(ann, sent)
    bob.open(sent[-1], take=True)
    play_one(bob, 0)  # Bob's turn under way on his phone
    rolled = bob.match
    assert rolled is not None and rolled.rolls == 1
    ann.send(Pressed(Button.SEND_HERE))  # meanwhile Bob's turn is played on Ann's phone, and sent
    turn(ann)
    send_link(ann, sent)
    played = ann.match

    effects = bob.start(urlsplit(sent[-1]).query)
    assert bob.app.screen.kind is Screen.LINK_CHOICE and visible(effects, "link-choice")
    assert ops(effects, "link-choice-text")[-1]["text"].startswith("Bob's turn is under way on this phone")
    assert ops(effects, "link-start")[-1]["text"] == "Play on from the link"
    effects = bob.send(Pressed(Button.LINK_KEEP))  # kept: the turn goes on; the link, unused, stays in its message
    assert bob.match == rolled and bob.to_move() and not of(effects, "dialog")  # nothing to send mid-turn

    bob.start(urlsplit(sent[-1]).query)  # opened again: asked again
    effects = bob.send(Pressed(Button.LINK_START))
    assert bob.match == played and any(kept == rolled for kept in bob.kept())
    assert notice(effects) == (
        "This phone's match as it was is kept aside: Statistics offers it for download. "
        "Bob's turn was played on another phone."
    )
    assert bob.app.session.marks == ("AnnAnn", "BobBobAnnAnn")


def test_a_turn_played_on_another_phone_is_said_to_every_phone_once():
    ann, bob, sent = two_phones()
    turn(ann)
    ann.send(Pressed(Button.SEND_HERE))  # Bob's turn on Ann's phone, never sent to Bob's
    turn(ann)
    send_link(ann, sent)
    eve = Phone(1, "EveEve")  # a third phone (Bob's new one) opens it: told
    effects = eve.open(sent[-1], take=True)
    said = notice(effects)  # what happened since (issue 54), then the warning
    assert said.startswith("Since this phone last played: Bob scored ") and said.endswith(
        "Bob's turn was played on another phone."
    )
    assert eve.match == ann.match and eve.app.session.marks == ("AnnAnn", "BobBobAnnAnn")
    effects = eve.open(sent[-1], take=True)
    assert notice(effects) == "You already have this turn: play on."  # told once


def test_a_seat_first_played_on_a_phone_is_not_said_when_that_phone_plays_it():
    ann, bob, sent = two_phones()
    assert all(SeatKind.HUMAN is seat.kind for seat in ann.match.seats)  # type: ignore[union-attr]
    turn(ann)
    send_link(ann, sent)
    effects = bob.open(sent[-1], take=True)
    assert "another phone" not in (notice(effects) or "")  # only what happened since (issue 54)


def test_a_links_marks_travel_and_marks_that_do_not_fit_its_seats_are_damaged():
    import base64
    import hashlib
    import json

    match = new_match("yacht", ["Ann", "Bob"], seed=1).roll().score("choice")
    text = links.write(match, seat_marks=("AnnAnn", ""))
    assert links.read(text).marks == ("AnnAnn", "")
    assert links.read(links.write(match)).marks == ()  # a link made before marks: none

    def signed(marks) -> str:
        body = base64.urlsafe_b64decode(text.partition(".")[0] + "==")
        data = json.loads(body) | {"f": marks}
        raw = json.dumps(data, separators=(",", ":")).encode()
        check = base64.urlsafe_b64encode(hashlib.sha256(raw).digest()[:6]).decode().rstrip("=")
        return base64.urlsafe_b64encode(raw).decode().rstrip("=") + "." + check

    assert links.read(signed(["AnnAnnBobBob", "BobBob"])).marks == ("AnnAnnBobBob", "BobBob")
    for bad in (["AnnAnn"], ["AnnAnn", "", ""], ["AnnAnnAnnAnn", ""], ["no!", ""], [1, ""], "AnnAnn"):
        with pytest.raises(links.LinkError) as info:
            links.read(signed(bad))
        assert info.value.why is links.Why.DAMAGED


def test_the_save_keeps_the_marks_and_refuses_marks_that_do_not_fit():
    match = new_match("yacht", ["Ann", "Bob"], seed=1).roll().score("choice")
    session = Session(match, remote=True, marks=("AnnAnn", ""))
    assert Session.from_json(session.to_json()) == session
    assert "marks" not in Session(match, remote=True).to_dict()  # none yet: the save as before
    for bad in (["AnnAnn"], ["x", ""], "AnnAnn", [None, ""]):
        with pytest.raises(SaveError):
            Session.from_dict(session.to_dict() | {"marks": bad})


def test_a_phone_takes_the_pages_id_only_where_it_keeps_none_and_only_a_well_formed_one():
    app, effects = update(App(), Start(entropy="AnnAnn"), now=NOW)
    assert app.givens.phone == "AnnAnn" and ("yacht-dice/phone", "AnnAnn") in of(effects, "store")
    app, effects = update(App(), Start(stored=(("yacht-dice/phone", "AnnAnn"),), entropy="BobBob"), now=NOW)
    assert app.givens.phone == "AnnAnn" and not [key for key, _ in of(effects, "store") if key == PHONE_KEY]
    app, effects = update(App(), Start(stored=((PHONE_KEY, "bad"),), entropy="not one"), now=NOW)
    assert app.givens.phone == "" and not [key for key, _ in of(effects, "store") if key == PHONE_KEY]
    assert read_event('{"type": "start", "entropy": "AnnAnn"}')[0].entropy == "AnnAnn"  # type: ignore[union-attr]


def test_a_computers_turn_under_way_is_taken_from_a_link_without_a_question():
    from game.core.actions import Roll, Score
    from game.core.cards import Seat

    match = new_match("yacht", ["Ann", Seat.computer("Cy", "easy"), "Bob"], seed=2).apply(Roll()).apply(Score("choice"))
    rolled = match.apply(Roll())  # Cy's turn under way on this phone (its page closed mid-turn)
    played = rolled.apply(Score("yacht"))
    phone = Phone(0, "AnnAnn", App().keeping(stored=((SAVE_KEY, Session(rolled, remote=True).to_json()),)))
    phone.open(f"{ADDRESS}?match={links.write(played)}", take=False)
    assert phone.asked == 0 and phone.match == played
