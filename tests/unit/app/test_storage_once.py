"""Storage decoded once (issue 56), the rest of it: the save (with format 1's hints), the names who left their hints on
and the setup form's choices remembered are each read into a typed value once per stored text (at the start and on
another tab's write); their readers read that value. The save this tab writes keeps the session it wrote, so playing
on never replays the match again; an unreadable value still reads as unreadable and is still copied aside."""

from __future__ import annotations

import json

from game.app import parts
from game.app.effects import Download
from game.app.events import Button, Pressed, Stored, Switch, Toggled
from game.app.keys import HINTED_KEY, KEPT_PREFIX, SAVE_KEY, SETUP_KEY
from game.app.state import Screen
from game.coach.session import Session
from game.core.engine import new_match
from game.core.refusals import GameError
from tests.helpers.app import send, start, stores


def counting_sessions(monkeypatch) -> list[str]:
    """Every save text decoded from now on (Session.from_json replays its match)."""
    decoded: list[str] = []
    from_json = Session.from_json
    monkeypatch.setattr(
        Session, "from_json", classmethod(lambda cls, text, hints=None: decoded.append(text) or from_json(text, hints))
    )
    return decoded


def counting_settings(monkeypatch, what: str) -> list[str]:
    """Every text of the setting ``what`` ("setup", "hints' names") decoded from now on."""
    decoded: list[str] = []
    read_json = parts.read_json

    def counted(text, *args, **kwargs):
        if what in args or kwargs.get("what") == what:
            decoded.append(text)
        return read_json(text, *args, **kwargs)

    monkeypatch.setattr(parts, "read_json", counted)
    return decoded


def test_the_save_is_decoded_once_at_the_start_and_this_tabs_own_saves_are_never_replayed(monkeypatch):
    """The start resumes the save it decoded; each roll writes a save, keeping the session it wrote (the same as
    its text reads back); another tab's save is decoded once, read by the offer and by Load it, and the same text
    written again is not decoded again."""
    read_back = Session.from_json
    decoded = counting_sessions(monkeypatch)
    saved = Session(new_match("yacht", ["Ann", "Bob"], seed=3).roll()).to_json()
    app, _ = start(match=saved)
    assert decoded == [saved] and app.session == app.storage.session
    for _ in range(2):
        app, effects = send(app, Pressed(Button.ROLL))
        assert stores(effects, SAVE_KEY)
    assert decoded == [saved] and app.session.match.rolls == 3
    assert read_back(app.value(SAVE_KEY)) == app.storage.session == app.session
    newer = Session(new_match("yacht", ["Cy"], seed=4).roll()).to_json()
    app, effects = send(app, Stored(SAVE_KEY, newer))  # another tab's: the offer reads it
    assert decoded == [saved, newer] and app.other_tab.said
    app, _ = send(app, Stored(SAVE_KEY, newer), Pressed(Button.LOAD_NEWER))
    assert decoded == [saved, newer] and app.session.match.seats[0].name == "Cy"


def test_an_unreadable_save_is_decoded_once_said_and_still_copied_aside(monkeypatch):
    decoded = counting_sessions(monkeypatch)
    app, effects = start(match="{not a save")
    assert decoded == ["{not a save"] and isinstance(app.storage.session, GameError)
    assert stores(effects, KEPT_PREFIX + "save") == ["{not a save"] and app.screen.kind is Screen.SAVE_PROBLEM
    app, _ = send(app, Pressed(Button.SAVE_PROBLEM_DISMISS))
    assert decoded == ["{not a save"]


def test_the_names_who_left_their_hints_on_are_decoded_once_per_text(monkeypatch):
    """Read at the start (the match's hints as Ann left them), written at the switch (its text decoded once), read
    again by the next match without decoding; another tab's write is decoded; an unreadable one reads as nobody."""
    decoded = counting_settings(monkeypatch, "hints' names")
    app, _ = start("players=Ann&rules=yacht", stored={HINTED_KEY: '["Ann"]'})
    assert decoded == ['["Ann"]'] and app.session.hints == frozenset({0})
    app, effects = send(app, Toggled(Switch.HINTS, False))
    assert stores(effects, HINTED_KEY) == ["[]"] and decoded == ['["Ann"]', "[]"] and app.storage.hinted == ()
    app, _ = send(app, Pressed(Button.ROLL), Toggled(Switch.HINTS, False))  # the same text again: not decoded
    assert decoded == ['["Ann"]', "[]"]
    app, _ = send(app, Stored(HINTED_KEY, '["Bob", "Ann"]'))
    assert decoded[2:] == ['["Bob", "Ann"]'] and app.storage.hinted == ("Bob", "Ann")
    app, _ = send(app, Stored(HINTED_KEY, "[not json"))
    assert app.storage.hinted == () and len(decoded) == 4


def test_the_remembered_setup_is_decoded_once_and_an_unreadable_one_is_still_kept_aside(monkeypatch):
    """The start fills the form from it and the backup exports it, from the one decode; an unreadable one reads as
    none, and the start copies it aside before anything writes over it."""
    decoded = counting_settings(monkeypatch, "setup")
    remembered = '{"rules": "yatzy", "count": "1", "name1": "Ann"}'
    app, _ = start(stored={SETUP_KEY: remembered})
    assert decoded == [remembered] and dict(app.form)["rules"] == "yatzy"
    app, effects = send(app, Pressed(Button.MENU_STATS), Pressed(Button.EXPORT_BACKUP))
    backup = next(effect for effect in effects if isinstance(effect, Download))
    assert json.loads(backup.text)["settings"]["setup"]["name1"] == "Ann" and decoded == [remembered]
    app, _ = send(app, Stored(SETUP_KEY, '{"rules": "yacht"}'))
    assert decoded[1:] == ['{"rules": "yacht"}'] and app.storage.setup == (("rules", "yacht"),)
    app, effects = start(stored={SETUP_KEY: "not json"})
    assert app.storage.setup is None and stores(effects, KEPT_PREFIX + "setup") == ["not json"]
