"""The page's messages as typed values (game.app.events): the page's ids are the enums' values, every message the
page's JSON can say reads back as itself, anything else reads as no message, and every type and enum has a handler.
"""

from __future__ import annotations

import json
import typing
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.events import (
    Answer,
    Answered,
    BoxChosen,
    Button,
    CellPressed,
    DieToggled,
    DrillAnswered,
    Early,
    FaceTapped,
    File,
    FormChanged,
    GameDeleteConfirmed,
    GameDeletePressed,
    Key,
    LanguagePicked,
    Message,
    PersonMessage,
    Pressed,
    Start,
    StatsFiltered,
    Submit,
    Switch,
    TimerFired,
    TimerKind,
    Toggled,
    Token,
    read_answer,
    read_click,
    read_event,
    read_timer,
)
from game.present.aim_view import AimKind, Offer, picker
from game.present.forms import setup_form

ROOT = Path(__file__).resolve().parents[3]
NOW = "2026-11-24T10:00:00Z"
PAGE_ONLY = {"ask-no", "ask-yes", "hint-open", "menu-button", "update-reload", "start-button"}
"""Buttons with an id that page.js answers itself (the question's, the menu's, the update's) or that submit."""


class Ids(HTMLParser):
    """The ids of the buttons and inputs in some markup."""

    def __init__(self) -> None:
        super().__init__()
        self.buttons: set[str] = set()
        self.inputs: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        ident = dict(attrs).get("id")
        if ident and tag == "button":
            self.buttons.add(ident)
        elif ident and tag == "input":
            self.inputs.add(ident)


def page_ids() -> Ids:
    ids = Ids()
    ids.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    ids.feed(setup_form())  # the lobby's one-tap buttons, which index.html's <!-- markup:setup-form --> becomes
    ids.feed(picker(Offer(AimKind.POINTS, ("Ann", 250), 287, 300)))  # the hint panel's target control, all offered
    return ids


def test_every_button_of_the_page_maps_to_a_button_and_back():
    buttons = page_ids().buttons
    assert {button.value for button in Button} == buttons - PAGE_ONLY  # none missing, none the page lacks
    for ident in buttons - PAGE_ONLY:
        assert Button(ident).value == ident
        assert read_event(json.dumps({"type": "click", "id": ident, "now": NOW})) == (Pressed(Button(ident)), NOW)
    for ident in PAGE_ONLY:
        assert read_click(ident) is None  # Python does not answer it: no message, as before


def test_every_switch_is_a_checkbox_of_the_page():
    assert {switch.value for switch in Switch} <= page_ids().inputs


@pytest.mark.parametrize("kind", list(TimerKind))
def test_a_timers_token_reads_back_as_the_timer(kind):
    fired = read_timer(Token(kind, 7).wire)
    assert fired == TimerFired(kind, 7) and fired.tag == Token(kind, 7)


def test_what_names_nothing_reads_as_no_message():
    for text in (
        '{"type": "click", "id": "nope"}',
        '{"type": "click", "data": {"die": "-1"}}',
        '{"type": "click", "data": {"die": "²"}}',
        '{"type": "click", "data": {"row": "yacht", "player": "x"}}',
        '{"type": "click", "data": {"game": ""}}',
        '{"type": "click", "data": {"other": "1"}}',
        '{"type": "change", "id": "other", "value": "x"}',
        '{"type": "confirmed", "answer": "delete:"}',
        '{"type": "confirmed", "answer": "nonsense"}',
        '{"type": "tick", "token": "nonsense"}',
        '{"type": "tick", "token": "computer:"}',
        '{"type": "tick", "token": "computer:-1"}',
        '{"type": "tick", "token": "soon:1"}',
        '{"type": "click", "id": "nope", "board": ""}',
    ):
        assert read_event(text) == (None, ""), text


def test_a_click_on_an_unknown_button_does_nothing():
    text = json.dumps({"type": "click", "id": "nope", "form": [["a", "b"]], "now": NOW})
    assert read_event(text) == (None, "")  # the shell then hands update nothing: the App, its form too, stays


FORMS = st.sampled_from([(), (("count", "1"), ("name1", "Ann"))])
TEXTS = st.text(max_size=8)


def person_messages() -> st.SearchStrategy[PersonMessage]:
    return st.one_of(
        st.builds(Pressed, st.sampled_from(Button), form=FORMS),
        st.builds(DieToggled, st.integers(0, 10**20), form=FORMS),
        st.builds(BoxChosen, TEXTS, form=FORMS),
        st.builds(CellPressed, TEXTS, st.integers(0, 99), form=FORMS),
        st.builds(GameDeletePressed, TEXTS.filter(bool), form=FORMS),
        st.builds(FaceTapped, st.integers(0, 10**20), form=FORMS),
        st.builds(DrillAnswered, TEXTS, form=FORMS),
        st.builds(Toggled, st.sampled_from(Switch), st.booleans(), form=FORMS),
        st.builds(LanguagePicked, TEXTS, form=FORMS),
        st.builds(StatsFiltered, TEXTS, st.just(""), form=FORMS),
        st.builds(StatsFiltered, st.none(), TEXTS, form=FORMS),
        st.builds(FormChanged, form=FORMS),
        st.builds(Submit, form=FORMS),
        st.builds(Key, TEXTS, st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    )


def page_json(message: Message) -> dict:
    """The page's JSON for a message (docs/protocol.md), as page.js writes it."""
    if isinstance(message, Early):
        return {**page_json(message.event), "board": message.board}
    form = [list(pair) for pair in getattr(message, "form", ())]
    written: dict[type, typing.Callable[[typing.Any], dict]] = {
        Pressed: lambda m: {"type": "click", "id": m.button.value, "data": {}},
        DieToggled: lambda m: {"type": "click", "id": "", "data": {"die": str(m.index)}},
        BoxChosen: lambda m: {"type": "click", "data": {"category": m.category}},
        CellPressed: lambda m: {"type": "click", "data": {"row": m.row, "player": str(m.player)}},
        GameDeletePressed: lambda m: {"type": "click", "data": {"game": m.game}},
        FaceTapped: lambda m: {"type": "click", "data": {"face": str(m.face)}},
        DrillAnswered: lambda m: {"type": "click", "data": {"choice": m.choice}},
        Toggled: lambda m: {"type": "change", "id": m.switch.value, "value": "on", "checked": m.checked},
        LanguagePicked: lambda m: {"type": "change", "id": "language", "value": m.code},
        StatsFiltered: lambda m: (
            {"type": "change", "id": "stats-rules", "value": m.rules}
            if m.rules is not None
            else {"type": "change", "id": "stats-player", "value": m.player}
        ),
        FormChanged: lambda m: {"type": "change", "id": "setup-form"},
        Submit: lambda m: {"type": "submit"},
        Key: lambda m: {
            "type": "key",
            "key": m.key,
            "ctrl": m.ctrl,
            "alt": m.alt,
            "typing": m.typing,
            "choice": m.choice,
        },
        Answered: lambda m: {"type": "confirmed", "answer": m.answer.value},
        GameDeleteConfirmed: lambda m: {"type": "confirmed", "answer": "delete:" + m.game},
        TimerFired: lambda m: {"type": "tick", "token": m.tag.wire},
    }
    found = written[type(message)](message)
    return {**found, "form": form} if found["type"] in ("click", "change", "submit") else found


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        person_messages(),
        st.builds(Early, person_messages(), TEXTS),
        st.builds(Answered, st.sampled_from(Answer)),
        st.builds(GameDeleteConfirmed, TEXTS.filter(bool)),
        st.builds(TimerFired, st.sampled_from(TimerKind), st.integers(0, 10**20)),
    )
)
def test_every_message_the_page_can_send_reads_back_as_itself(message):
    assert read_event(json.dumps({**page_json(message), "now": NOW})) == (message, NOW)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXTS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXTS, inner, max_size=3),
    max_leaves=8,
)
FIELDS = ("id", "data", "form", "value", "checked", "answer", "token", "board", "key", "now", "size", "text")


@settings(max_examples=500, deadline=None)
@given(
    kind=st.sampled_from(["click", "change", "confirmed", "tick", "key", "submit", "file", "start", "nope"]),
    fields=st.dictionaries(
        st.sampled_from(FIELDS),
        st.one_of(
            JSON,
            st.sampled_from([button.value for button in Button] + [switch.value for switch in Switch]),
            st.sampled_from([*Answer, "delete:", "delete:x", *(Token(kind, 1).wire for kind in TimerKind), "hint:²"]),
            st.dictionaries(st.sampled_from(["die", "category", "row", "player", "game"]), TEXTS, max_size=2),
        ),
    ),
)
def test_any_message_reads_as_a_typed_message_or_none_and_never_raises(kind, fields):
    message, now = read_event(json.dumps({"type": kind, **fields}))
    assert message is None and now == "" or isinstance(message, typing.get_args(Message))
    if message is not None and not isinstance(message, Start | File):  # written back, read the same
        assert read_event(json.dumps({**page_json(message), "now": now}))[0] == message


def test_an_answer_is_what_the_question_carried():
    assert read_answer(Answer.LEAVE) == Answered(Answer.LEAVE)
    assert read_answer("delete:" + "0" * 16) == GameDeleteConfirmed("0" * 16)
