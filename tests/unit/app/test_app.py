"""game.app through ``update`` only: each flow the browser shell had, then random events in a state machine.

The flows start an App the way the page does (stored values, a link, the browser's languages) and
send it events; they read what happened from the effects (docs/protocol.md): the ops of ``apply``,
the keys stored, the ticks and fetches asked for. The state machine sends any event at any time and
checks that ``update`` never raises, asks only for the protocol's effects, and stores only values
the game can read back.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from game.app.effects import (
    EFFECTS,
    Apply,
    Download,
    Fetch,
    Focus,
    Language,
    MoveFocus,
    OfferFocus,
    Store,
    Timer,
    to_json,
)
from game.app.events import (
    Answer,
    Answered,
    Button,
    CellPressed,
    DieToggled,
    Fetched,
    File,
    FormChanged,
    GameDeleteConfirmed,
    GameDeletePressed,
    Key,
    LanguagePicked,
    Motion,
    Persisted,
    Pressed,
    Refused,
    Start,
    StatsFiltered,
    Stored,
    Submit,
    Switch,
    TimerFired,
    TimerKind,
    Toggled,
    Visibility,
    read_answer,
    read_change,
    read_click,
    read_event,
    read_timer,
)
from game.app.keys import (
    CHALLENGE_KEY,
    HINTED_KEY,
    HINTS_KEY,
    HISTORY_KEY,
    KEPT_PREFIX,
    LANGUAGE_KEY,
    PACE_KEY,
    PHONE_KEY,
    REFERENCES,
    SAVE_KEY,
    SEEN_KEY,
    SETUP_KEY,
    SHARED_KEY,
    STORED_KEYS,
    TRAINER_KEY,
    UNREADABLE_KEY,
    UNSAVED_KEY,
    Wanted,
)
from game.app.records import REFERENCES_PATH
from game.app.settings import NO_CATALOGUE
from game.app.shared import game_key
from game.app.state import App, Effect, LinkChoice, SaveProblem, Screen
from game.app.update import step, update
from game.app.view import failed, view
from game.app.waits import TABLES
from game.coach.session import Session
from game.core import links
from game.core.cards import Level, Seat
from game.core.engine import Match, new_match
from game.core.i18n import Text
from game.present import board_view, controls, standings, words
from game.records.backup import Backup
from game.records.choices import Setup, form_values, parse_link
from game.records.history import History
from game.records.loading import MAX_BACKUP_BYTES
from game.records.record import session_record
from game.records.trainer import Trainer
from tests.helpers.app import (
    NOW,
    WORDS,
    after_ticks,
    click,
    computers_turn,
    en,
    kinds,
    notice,
    of,
    ops,
    send,
    start,
    stores,
    table_bytes,
    tick_token,
    ticks,
    visible,
)
from tests.helpers.scenes import backup_file, fresh, last_box, rolled, some_history
from tests.helpers.words import catalogue

ROOT = Path(__file__).resolve().parents[3]


# ----------------------------------------------------------------------------- helpers


# ----------------------------------------------------------------------------- the start and links


def test_a_start_with_nothing_saved_opens_the_setup_and_is_ready():
    app, effects = start()
    assert app.screen.kind is Screen.SETUP
    assert visible(effects, "setup") and ops(effects, "start-button") == [{"disabled": False}]
    assert all(ops(effects, quick) == [{"disabled": False}] for quick in ("quick-solo", "quick-pass"))
    assert ops(effects, "quick-computer") == [{"attrs": {"data-rival": "good"}}, {"disabled": False}]  # Robin's face
    assert ("quick-solo",) in of(effects, "offerFocus")  # the lobby's first one-tap match (Start is folded in More)
    assert kinds(effects)[-1] == "ready" and not of(effects, "store")


def test_a_saved_match_is_resumed():
    saved = rolled()
    app, effects = start(match=saved)
    assert app.screen.kind is Screen.PLAY and app.session.match == saved.match
    assert visible(effects, "play") and not visible(effects, "setup")
    assert ("roll-button",) in of(effects, "focus") and notice(effects) is None


def test_a_link_with_no_match_in_progress_starts_at_once():
    app, effects = start("rules=yatzy&players=Ann,Bob", match=fresh())  # a saved match not started is no loss
    assert app.screen.kind is Screen.PLAY
    assert app.session.match.ruleset.name == "yatzy" and app.session.match.players == ("Ann", "Bob")
    assert () in of(effects, "dropQuery")  # a reload never repeats the link
    assert Session.from_json(stores(effects, SAVE_KEY)[-1]).match == app.session.match


def test_a_link_over_a_match_in_progress_asks_first():
    saved = rolled()
    app, effects = start("rules=yatzy&players=Bob", match=saved)
    assert app.screen.kind is Screen.LINK_CHOICE
    assert visible(effects, "link-choice") and not visible(effects, "play") and not visible(effects, "setup")
    assert ops(effects, "link-choice-text")[-1]["text"] == words.link_choice(saved.match, app.screen.offered.match)
    assert ops(effects, "link-choice-title")[-1]["text"] == "Start the match in this link?"
    assert ops(effects, "link-start")[-1]["text"] == "Start the new match"
    assert ("link-keep",) in of(effects, "focus")
    assert not stores(effects, SAVE_KEY)  # nothing replaced yet


def test_keep_resumes_the_saved_match_and_start_then_does_nothing():
    saved = rolled()
    app, _ = start("rules=yatzy&players=Bob", match=saved)
    app, effects = send(app, Pressed(Button.LINK_KEEP))
    assert app.screen.kind is Screen.PLAY and app.session.match == saved.match and visible(effects, "play")
    after, effects = send(app, Pressed(Button.LINK_START))
    assert effects == [] and after.session.match == saved.match


def test_start_replaces_the_saved_match_with_the_links():
    app, _ = start("rules=yatzy&players=Bob", match=rolled())
    app, effects = send(app, Pressed(Button.LINK_START))
    assert app.screen.kind is Screen.PLAY and app.session.match.players == ("Bob",)
    assert Session.from_json(stores(effects, SAVE_KEY)[-1]).match.ruleset.name == "yatzy"


def test_a_link_with_problems_opens_the_setup_with_them():
    saved = rolled()
    app, effects = start("games=9&players=Ann", match=saved)
    assert app.screen.kind is Screen.SETUP and visible(effects, "setup")
    error = ops(effects, "setup-error")[-1]
    assert (
        error["hidden"] is False and error["scroll"] is True and "is not a number of games from 1 to 6" in error["html"]
    )
    assert ops(effects, "setup-form")[0]["fill"]["name1"] == "Ann"  # the link's choices, to mend
    assert () in of(effects, "dropQuery") and not of(effects, "store") and not of(effects, "offerFocus")


def test_a_link_over_an_unreadable_save_starts_once_the_save_is_dealt_with():
    app, effects = start("players=Bob", match="{not json")
    assert app.screen.kind is Screen.SAVE_PROBLEM and stores(effects, UNREADABLE_KEY) == ["{not json"]
    app, effects = send(app, Pressed(Button.SAVE_PROBLEM_DISMISS))
    assert app.screen.kind is Screen.PLAY and app.session.match.players == ("Bob",) and not of(effects, "download")


# ----------------------------------------------------------------------------- an unreadable save


def test_an_unreadable_save_is_kept_aside_and_offered():
    app, effects = start(match="{garbage")
    assert app.screen.kind is Screen.SAVE_PROBLEM and visible(effects, "save-problem") and not visible(effects, "setup")
    assert stores(effects, UNREADABLE_KEY) == ["{garbage"] and not stores(effects, SAVE_KEY)
    assert ops(effects, "save-problem-text")[-1] == {"value": "{garbage"}
    assert ops(effects, "save-problem-kept")[-1]["text"] == en(words.SAVE_KEPT, key=UNREADABLE_KEY)
    assert ops(effects, "save-problem-dismiss")[-1]["text"] == en(WORDS.start_new)
    assert ops(effects, "save-problem-reason")[-1]["text"]  # what is wrong with it
    app, effects = send(app, Pressed(Button.SAVE_PROBLEM_DOWNLOAD))
    assert of(effects, "download") == [("yacht-dice-unreadable-save-2026-11-24.json", "{garbage")]
    app, effects = send(app, Pressed(Button.SAVE_PROBLEM_DISMISS))
    assert app.screen.kind is Screen.SETUP and visible(effects, "setup") and not of(effects, "download")
    assert send(app, Pressed(Button.SAVE_PROBLEM_DISMISS))[1] == []  # once past it, nothing


def test_an_unreadable_save_already_kept_aside_is_not_copied_again():
    app, effects = start(match="[1]", stored={UNREADABLE_KEY: "[1]"})
    assert app.screen.kind is Screen.SAVE_PROBLEM and not of(effects, "store")


def test_a_second_unreadable_save_is_kept_beside_the_first_never_over_it():
    app, _ = start(match="{first")
    app, _ = send(app, Pressed(Button.SAVE_PROBLEM_DISMISS), Submit((("count", "1"), ("name1", "Ann"))))
    assert app.screen.kind is Screen.PLAY
    app, effects = send(app, Stored(SAVE_KEY, "{second"), Pressed(Button.LOAD_NEWER))
    assert app.screen.kind is Screen.SAVE_PROBLEM
    assert not stores(effects, UNREADABLE_KEY)
    assert stores(effects, f"{UNREADABLE_KEY}/{NOW}") == ["{second"]
    assert app.value(UNREADABLE_KEY) == "{first" and ops(effects, "save-problem-kept")[-1]["text"] == en(
        words.SAVE_KEPT, key=f"{UNREADABLE_KEY}/{NOW}"
    )
    app, effects = send(app, Pressed(Button.SAVE_PROBLEM_DOWNLOAD))
    assert of(effects, "download")[0][1] == "{second"


def test_a_refused_copy_becomes_a_move_then_the_save_is_put_back_and_downloaded_on_leaving():
    app, _ = start(match="{garbage")
    app, effects = send(app, Refused(UNREADABLE_KEY))  # the copy did not fit: move it (its own room frees space)
    assert of(effects, "remove") == [(SAVE_KEY,)] and stores(effects, UNREADABLE_KEY) == ["{garbage"]
    app, effects = send(app, Refused(UNREADABLE_KEY))  # the move did not fit either: put it back
    assert stores(effects, SAVE_KEY) == ["{garbage"] and not stores(effects, UNREADABLE_KEY)
    assert ops(effects, "save-problem-kept")[-1]["text"] == en(WORDS.save_not_kept)
    assert ops(effects, "save-problem-dismiss")[-1]["text"] == en(WORDS.download_then_start)
    app, effects = send(app, Pressed(Button.SAVE_PROBLEM_DISMISS))
    assert of(effects, "download") == [("yacht-dice-unreadable-save-2026-11-24.json", "{garbage")]
    assert app.screen.kind is Screen.SETUP


def test_a_moved_save_needs_no_download():
    app, _ = start(match="{garbage")
    app, _ = send(app, Refused(UNREADABLE_KEY))
    app, effects = send(app, Pressed(Button.SAVE_PROBLEM_DISMISS))
    assert not of(effects, "download") and app.screen.kind is Screen.SETUP


def test_a_refused_copy_after_the_save_problem_screen_changes_nothing():
    app, _ = start(match="{garbage")
    app, _ = send(app, Pressed(Button.SAVE_PROBLEM_DISMISS))
    assert send(app, Refused(UNREADABLE_KEY))[1] == []


# ----------------------------------------------------------------------------- backups


def test_an_import_restores_its_match_when_none_is_in_progress():
    app, _ = start()
    backup = rolled("yatzy", ("Cy",), seed=9)
    app, effects = send(app, backup_file(backup, some_history()))
    assert app.screen.kind is Screen.PLAY and app.session.match == backup.match
    assert len(History.from_json(stores(effects, HISTORY_KEY)[-1]).games) == 1
    assert Session.from_json(stores(effects, SAVE_KEY)[-1]).match == backup.match
    assert "Imported 1 new game" in notice(effects) and "restored" in notice(effects)
    assert ("references", REFERENCES_PATH) in of(effects, "fetch")  # the Statistics screen opens


def test_an_import_keeps_the_match_in_progress():
    saved = rolled()
    app, _ = start(match=saved)
    app, effects = send(app, backup_file(rolled("yatzy", ("Cy",), seed=9), some_history()))
    assert app.session.match == saved.match and not stores(effects, SAVE_KEY)
    assert stores(effects, HISTORY_KEY) and "restored" not in notice(effects)


def test_an_import_merges_with_the_history_stored():
    app, _ = start(stored={HISTORY_KEY: some_history(5).to_json()})
    app, effects = send(app, backup_file(None, some_history(6)))
    assert len(History.from_json(stores(effects, HISTORY_KEY)[-1]).games) == 2
    assert notice(effects) == "Imported 1 new game. 1 was already here."


def test_a_too_large_file_is_refused_with_words_and_nothing_stored():
    app, _ = start()
    app, effects = send(app, File(MAX_BACKUP_BYTES + 1, "{}"))
    assert notice(effects) == en(WORDS.import_too_large) and not of(effects, "store")


@pytest.mark.parametrize("text", ["", "hello", "{}", '{"format": "yacht-dice/backup", "vers', "[" * 10_000])
def test_a_garbage_file_is_refused_with_words_and_nothing_stored(text):
    app, _ = start()
    app, effects = send(app, File(len(text), text))
    assert notice(effects).startswith(en(WORDS.import_refused)) and not of(effects, "store")
    assert [level for level, _ in of(effects, "console")] == ["warn"]


KEPT_HISTORY = f"{KEPT_PREFIX}history"


@pytest.mark.parametrize(
    "damaged",
    [
        "{broken",
        "[]",
        '{"format": "yacht-dice/history", "version": 99}',
        "[" * 10_000,
        some_history().to_json()[:-7],
        "\x00" * 2_000_000,
    ],
)
def test_a_damaged_history_is_kept_aside_and_new_games_are_recorded(damaged):
    """B2: a history that cannot be read is copied aside when it is first needed (the start does not read
    it), never written over, said, and a new history begins once the copy is done: games are recorded,
    Statistics, export and "Delete all" work, and the damaged one can be downloaded until the player
    deletes it."""
    app, effects = start(match=last_box(8, [5] * 5), stored={HISTORY_KEY: damaged})
    assert not stores(effects, KEPT_HISTORY) and kinds(effects)[-1] == "ready"
    app, effects = after_ticks(*send(app, click("yacht")), "records")
    assert stores(effects, KEPT_HISTORY) == [damaged] and notice(effects) == en(WORDS.history_set_aside)
    assert not stores(effects, HISTORY_KEY)  # not until the copy is done: a refusal would come before its tick
    app, effects = after_ticks(app, effects, "history")
    assert len(History.from_json(stores(effects, HISTORY_KEY)[-1]).games) == 1 and app.value(KEPT_HISTORY) == damaged
    app, effects = send(app, Pressed(Button.EXPORT_BACKUP))
    assert len(Backup.from_json(of(effects, "download")[0][1]).history.games) == 1
    app, effects = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))
    assert visible(effects, "kept") and ops(effects, "kept-text")[-1]["text"].startswith("1 copy of data")
    app, effects = send(app, Pressed(Button.KEPT_DOWNLOAD))
    ((name, text),) = of(effects, "download")
    assert name == "yacht-dice-kept-2026-11-24.json" and json.loads(text) == {KEPT_HISTORY: damaged}
    app, effects = send(app, Answered(Answer.DELETE_ALL))
    assert History.from_json(stores(effects, HISTORY_KEY)[-1]).games == () and app.value(KEPT_HISTORY) == damaged
    app, effects = send(app, Pressed(Button.KEPT_DELETE))
    assert of(effects, "confirm") == [(en(WORDS.delete_kept), en(WORDS.delete_kept_yes), "delete-kept")] and not of(
        effects, "remove"
    )
    app, effects = send(app, Answered(Answer.DELETE_KEPT))
    assert of(effects, "remove") == [(KEPT_HISTORY,)] and visible(effects, "kept") is False


def test_deleting_a_history_kept_aside_before_any_game_replaced_it_does_not_copy_it_back():
    """The damaged history still under its key (no game recorded since its copy) goes with the copy: the
    Statistics screen then shows no kept copy, and nothing is copied aside again."""
    app, _ = start(stored={HISTORY_KEY: "{broken"})
    app, effects = after_ticks(*send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None)), "history")
    assert app.value(KEPT_HISTORY) == "{broken" and app.value(HISTORY_KEY) == "{broken"
    app, effects = send(app, Answered(Answer.DELETE_KEPT))
    assert of(effects, "remove") == [(KEPT_HISTORY,), (HISTORY_KEY,)] and not stores(effects, KEPT_HISTORY)
    assert visible(effects, "kept") is False


@pytest.mark.parametrize("setup", ['{"a":' * 10_000 + "1" + "}" * 10_000, "[1]", "{", "x" * 70_000])
def test_an_unreadable_setup_never_stops_the_start_and_is_kept_aside(setup):
    """B1: the remembered setup is read by the strict reader; one it cannot read is copied aside."""
    app, effects = start(stored={SETUP_KEY: setup})
    assert app.screen.kind is Screen.SETUP and kinds(effects)[-1] == "ready"
    assert stores(effects, f"{KEPT_PREFIX}setup") == [setup]


def test_a_start_does_not_read_the_history(monkeypatch):
    """A returning player's history (5,000 games: 0.14 s in CPython, more in Pyodide) waits until it is needed."""
    read = []
    monkeypatch.setattr(History, "from_json", classmethod(lambda cls, text: read.append(text)))
    app, effects = start(match=rolled(), stored={HISTORY_KEY: "{broken"})
    assert read == [] and kinds(effects)[-1] == "ready" and app.screen.kind is Screen.PLAY


def test_a_damaged_history_kept_before_is_not_copied_again():
    app, _ = start(match=last_box(8, [5] * 5), stored={HISTORY_KEY: "{broken", KEPT_HISTORY: "{broken"})
    app, effects = after_ticks(*send(app, click("yacht")), "records")
    assert not stores(effects, KEPT_HISTORY) and en(WORDS.history_set_aside) not in (notice(effects) or "")
    assert len(History.from_json(stores(effects, HISTORY_KEY)[-1]).games) == 1


def test_a_second_damaged_history_is_kept_beside_the_first_when_statistics_reads_it():
    app, _ = start(stored={HISTORY_KEY: "{second", KEPT_HISTORY: "{first"})
    app, effects = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))
    assert stores(effects, f"{KEPT_HISTORY}/{NOW}") == ["{second"] and not stores(effects, KEPT_HISTORY)
    assert ops(effects, "kept-text")[-1]["text"].startswith("2 copies of data")


def test_a_damaged_history_that_cannot_be_copied_is_moved_then_left_as_it_was():
    app, _ = start(stored={HISTORY_KEY: "{broken"})
    app, effects = send(app, backup_file(None, some_history()))  # the import waits for the copy
    assert stores(effects, KEPT_HISTORY) == ["{broken"] and not stores(effects, HISTORY_KEY)
    token = tick_token(effects, "history")
    app, effects = send(app, Refused(KEPT_HISTORY))  # no room for a copy: move it (its own room frees space)
    assert of(effects, "remove") == [(HISTORY_KEY,)] and stores(effects, KEPT_HISTORY) == ["{broken"]
    app, effects = send(app, Refused(KEPT_HISTORY))  # nor for the move: put it back, write nothing over it
    assert stores(effects, HISTORY_KEY) == ["{broken"] and app.value(KEPT_HISTORY) is None
    app, effects = send(app, read_timer(token))  # the import goes on: it writes nothing over the history
    assert notice(effects).startswith(en(WORDS.history_unreadable)) and not of(effects, "store")
    app, effects = send(app, backup_file(None, some_history()))
    assert notice(effects).startswith(en(WORDS.history_unreadable)) and not of(effects, "store")


def test_export_backup_downloads_a_file_the_game_reads_back():
    fields = form_values(parse_link("players=Ann&rules=yacht")[0])
    history = some_history()
    app, _ = start(match=rolled(), stored={HISTORY_KEY: history.to_json(), SETUP_KEY: json.dumps(fields)})
    app, effects = send(app, Pressed(Button.EXPORT_BACKUP))
    ((name, text),) = of(effects, "download")
    assert name == "yacht-dice-backup-2026-11-24.json"
    backup = Backup.from_json(text)
    assert backup.history == history and backup.session == app.session.to_dict()
    assert backup.settings == {"setup": fields} and backup.exported == NOW


def test_export_with_an_unreadable_history_not_kept_says_so_and_downloads_nothing():
    app, _ = start(stored={HISTORY_KEY: "nope"})
    app, effects = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))  # the first reader keeps it aside
    assert stores(effects, KEPT_HISTORY) == ["nope"]
    app, _ = send(app, Refused(KEPT_HISTORY), Refused(KEPT_HISTORY))
    app, effects = send(app, Pressed(Button.EXPORT_BACKUP))
    assert not of(effects, "download") and notice(effects).startswith(en(WORDS.history_unreadable))


def test_a_backup_exported_before_any_time_is_known_can_be_imported():
    app, _ = update(App(), Start())  # a start without its time: the App's time is still a valid one
    app, effects = update(app, Pressed(Button.EXPORT_BACKUP))
    assert Backup.from_json(of(effects, "download")[0][1]).exported == "1970-01-01T00:00:00Z"
    app, effects = update(app, Pressed(Button.EXPORT_BACKUP), now="yesterday")  # not a time: never an unreadable file
    assert Backup.from_json(of(effects, "download")[0][1]).exported == "1970-01-01T00:00:00Z"
    app, effects = update(app, Pressed(Button.EXPORT_BACKUP), now="2026-11-24T10:00:00.123Z")
    assert Backup.from_json(of(effects, "download")[0][1]).exported == NOW


# ----------------------------------------------------------------------------- another tab


def test_another_tabs_save_makes_this_tab_stale_until_it_loads_the_newer_match():
    app, _ = start(match=rolled())
    newer = Session(app.session.match.roll())
    app, effects = send(app, Stored(SAVE_KEY, newer.to_json()))
    assert visible(effects, "other-tab") and ops(effects, "other-tab-text")[-1]["text"] == en(WORDS.other_tab)
    before = app.session.match
    app, effects = send(app, Pressed(Button.ROLL))  # refused: this tab's match is out of date
    assert app.session.match == before and not of(effects, "store") and visible(effects, "other-tab")
    app, effects = send(app, Toggled(Switch.HINTS, True))
    assert not of(effects, "store") and visible(effects, "other-tab")
    app, effects = send(app, Pressed(Button.LOAD_NEWER))
    assert app.session.match == newer.match and visible(effects, "other-tab") is False
    app, effects = send(app, Pressed(Button.ROLL))
    assert stores(effects, SAVE_KEY)


def test_this_tabs_own_save_or_a_removal_is_no_news():
    app, effects = start(match=rolled())
    assert send(app, Stored(SAVE_KEY, stores(effects, SAVE_KEY)[-1]))[1] == []
    app, effects = send(app, Stored(SAVE_KEY, None))
    assert effects == []
    assert stores(send(app, Pressed(Button.ROLL))[1], SAVE_KEY)


def test_loading_a_newer_match_that_is_unreadable_shows_the_save_problem():
    app, _ = start(match=rolled())
    app, _ = send(app, Stored(SAVE_KEY, "{other"))
    app, effects = send(app, Pressed(Button.LOAD_NEWER))
    assert app.screen.kind is Screen.SAVE_PROBLEM and stores(effects, UNREADABLE_KEY) == ["{other"]


def test_load_newer_after_the_other_tab_removed_the_save_just_hides_the_offer():
    app, _ = start(match=rolled())
    newer = Session(app.session.match.roll()).to_json()  # offered, then removed before it is taken
    app, effects = send(app, Stored(SAVE_KEY, newer), Stored(SAVE_KEY, None), Pressed(Button.LOAD_NEWER))
    assert visible(effects, "other-tab") is False and app.screen.kind is Screen.PLAY


# ----------------------------------------------------------------------------- storage refused


def test_a_refused_save_says_storage_is_full_and_sets_the_unsaved_flag():
    app, _ = start(match=rolled())
    app, effects = send(app, Refused(SAVE_KEY))
    assert (UNSAVED_KEY, True) in of(effects, "flag") and notice(effects) == en(WORDS.storage_full)


def test_after_a_refused_save_the_tab_never_blames_another_tab():
    app, _ = start(match=rolled())
    app, _ = send(app, Refused(SAVE_KEY))
    for event in (Pressed(Button.ROLL), Key("1"), Pressed(Button.UNDO), Key("r"), Toggled(Switch.HINTS, True)):
        app, effects = send(app, event)
        assert visible(effects, "other-tab") is None
        if stores(effects, SAVE_KEY):  # written again, and refused again
            app, effects = send(app, Refused(SAVE_KEY))
            assert notice(effects) == en(WORDS.storage_full)


def test_a_refused_history_write_is_said():
    app, _ = start()
    app, effects = send(app, Refused(HISTORY_KEY))
    assert notice(effects) == en(WORDS.history_not_saved)


def test_a_refused_history_write_is_not_taken_as_written():
    app, _ = start(stored={HISTORY_KEY: some_history(5).to_json()})
    backup = backup_file(None, some_history(6))
    app, effects = send(app, backup)
    assert notice(effects) == "Imported 1 new game. 1 was already here."
    app, _ = send(app, Refused(HISTORY_KEY))
    app, effects = send(app, backup)  # storage still holds one game: the import is to do again
    assert notice(effects) == "Imported 1 new game. 1 was already here."


def test_a_refused_setup_or_language_write_is_harmless():
    app, _ = start()
    assert send(app, Refused(SETUP_KEY))[1] == [] and send(app, Refused(LANGUAGE_KEY))[1] == []


def test_a_start_with_the_unsaved_flag_says_the_last_moves_were_lost():
    app, effects = start(match=rolled(), unsaved=True)
    assert notice(effects) == en(WORDS.lost_moves) and (UNSAVED_KEY, False) in of(effects, "flag")
    app, effects = start(match=rolled())
    assert notice(effects) != en(WORDS.lost_moves)


# ----------------------------------------------------------------------------- playing


def test_the_setup_forms_start_begins_a_match_and_remembers_the_form():
    app, _ = start()
    fields = form_values(parse_link("players=Ann,Bob&rules=yatzy")[0])
    app, effects = send(app, Submit((*fields.items(), ("games", "99"))))  # refused: its problem shown
    assert visible(effects, "setup-error") is True and app.screen.kind is Screen.SETUP
    app, effects = send(app, Submit(tuple(fields.items())))
    assert app.screen.kind is Screen.PLAY and app.session.match.players == ("Ann", "Bob")
    assert json.loads(stores(effects, SETUP_KEY)[-1]) == fields and visible(effects, "setup-error") is False
    assert [ms for _, ms in ticks(effects, "prefetch")] == [3000]  # the advisor's table, for offline hints


def test_the_setup_forms_problems_are_shown():
    app, _ = start()
    fields = {**form_values(parse_link("players=Ann")[0]), "games": "99"}
    app, effects = send(app, Submit(tuple(fields.items())))
    assert app.screen.kind is Screen.SETUP and visible(effects, "setup-error") and not of(effects, "store")


def test_the_lobbys_one_tap_matches_start_at_once_on_a_first_visit():
    first_visit = tuple(form_values(Setup(players=("",))).items())  # the form as it first paints: one seat, blank
    expected = {
        "quick-solo": ((("You", None),), False),
        "quick-computer": ((("You", None), ("Robin", Level.GOOD)), False),
        "quick-pass": ((("Ann", None), ("Bob", None)), True),
    }
    for button, (seats, passing) in expected.items():
        app, _ = start()
        app, effects = send(app, read_click(button, (), first_visit))
        if button == "quick-pass":  # the two names asked first (tests/unit/app/test_you_names.py): not given here
            app, effects = send(app, Pressed(Button.NAMING_SKIP))
        assert app.screen.kind is Screen.PLAY and app.session.match.ruleset.name == "yahtzee", button
        assert [(seat.name, seat.level) for seat in app.session.match.seats] == list(seats), button
        assert app.session.pass_phone is passing and app.session.undo_allowed
        assert json.loads(stores(effects, SETUP_KEY)[-1]) == dict(first_visit)  # the form's own choices


def test_the_lobbys_one_tap_matches_use_the_last_choices():
    remembered = form_values(parse_link("rules=yatzy&players=Ann,Bob,HAL&cpu=3:perfect&games=2&undo=0")[0])
    for button, names, seat_kinds in [
        ("quick-solo", ["Ann"], ["human"]),
        ("quick-computer", ["Ann", "HAL"], ["human", "computer"]),
        ("quick-pass", ["Ann", "Bob"], ["human", "human"]),
    ]:
        app, _ = start(stored={SETUP_KEY: json.dumps(remembered)})
        app, effects = send(app, read_click(button))  # the page sends the form as the remembered choices filled it
        match = app.session.match
        assert match.players == tuple(names) and [seat.kind.value for seat in match.seats] == seat_kinds, button
        assert (match.ruleset.name, match.games, app.session.undo_allowed) == ("yatzy", 2, False)
        assert [seat.level for seat in match.seats if seat.level] == [Level.PERFECT] * seat_kinds.count("computer")
        # More's three seats stay remembered, so the next one-tap match of another kind finds them
        assert json.loads(stores(effects, SETUP_KEY)[-1]) == remembered


def test_play_the_computer_names_who_you_will_play_as_the_form_changes():
    # The lobby's line said only "You against a computer player": now the name and level More's seats give.
    app, effects = start()
    assert ops(effects, "quick-computer-line")[-1] == {"text": "You against Robin, who plays well"}
    remembered = form_values(parse_link("players=Ann,HAL&cpu=2:perfect")[0])
    app, effects = start(stored={SETUP_KEY: json.dumps(remembered)})
    assert ops(effects, "quick-computer-line")[-1] == {"text": "You against HAL, who plays perfectly"}
    easy = {**remembered, "kind2": "easy", "name2": ""}
    app, effects = send(app, FormChanged(form=tuple(easy.items())))
    assert ops(effects, "quick-computer-line") == [{"text": "You against Sam, a beginner"}]  # the beginner's name
    app, effects = send(app, Pressed(Button.QUICK_COMPUTER))
    assert [(seat.name, seat.level) for seat in app.session.match.seats] == [("Ann", None), ("Sam", Level.EASY)]
    assert send(app, FormChanged(form=tuple(easy.items())))[1] == []  # at the table: nothing to word


def test_a_one_tap_match_needs_the_setup_screen_and_shows_its_problems_in_more():
    app, _ = start(match=rolled())
    late, effects = send(app, Pressed(Button.QUICK_SOLO, form=tuple(form_values(Setup()).items())))
    assert late.session is app.session and late.screen.kind is Screen.PLAY and not effects  # a late click: no new match
    app, _ = start()
    wrong = {**form_values(Setup(players=("Ann",))), "games": "99"}
    app, effects = send(app, Pressed(Button.QUICK_PASS, form=tuple(wrong.items())))
    assert app.screen.kind is Screen.SETUP and not of(effects, "store")
    assert ops(effects, "setup-more") == [{"attrs": {"open": ""}}]  # the lobby's tap came from outside More
    [error] = ops(effects, "setup-error")
    assert error["hidden"] is False and error["scroll"] and "games=" in error["html"]


def test_a_remembered_setup_fills_the_form():
    fields = form_values(parse_link("players=Zoe&rules=yatzy")[0])
    app, effects = start(stored={SETUP_KEY: json.dumps(fields)})
    assert ops(effects, "setup-form")[0]["fill"]["name1"] == "Zoe"


def test_an_unreadable_remembered_setup_is_left_out():
    app, effects = start(stored={SETUP_KEY: "{"})
    assert app.screen.kind is Screen.SETUP and not ops(effects, "setup-form")
    app, effects = send(app, Pressed(Button.EXPORT_BACKUP))
    assert Backup.from_json(of(effects, "download")[0][1]).settings == {"setup": {}}


def test_new_match_asks_first_when_a_match_is_in_progress():
    app, _ = start(match=rolled())
    app, effects = send(app, Pressed(Button.MENU_NEW))
    assert (
        of(effects, "confirm") == [(en(WORDS.leave_match), "Leave the match", "leave")]
        and app.screen.kind is Screen.PLAY
    )
    app, effects = send(app, Answered(Answer.LEAVE))
    assert app.screen.kind is Screen.SETUP and visible(effects, "setup")
    app, _ = start(match=fresh())
    app, effects = send(app, Pressed(Button.MENU_NEW))
    assert app.screen.kind is Screen.SETUP and not of(effects, "confirm")


def test_the_games_questions_are_asked_in_the_players_language():
    app, _ = start(match=rolled(), languages=("de",))
    app, _ = send(app, Fetched(Wanted.language("de"), catalogue("de")))
    de = Text.from_mo("de", catalogue("de"))
    _, effects = send(app, Pressed(Button.MENU_NEW))
    assert of(effects, "confirm") == [(de._(WORDS.leave_match), "Partie verlassen", "leave")]


def test_new_match_after_a_reload_shows_the_last_starts_choices():
    app, effects = start()
    fields = form_values(parse_link("rules=yatzy&players=Ann,Bob,Cy")[0])
    app, effects = send(app, Submit(form=tuple(fields.items())))
    (remembered,) = stores(effects, SETUP_KEY)
    app, effects = start(match=app.session, stored={SETUP_KEY: remembered})  # the reload
    assert app.screen.kind is Screen.PLAY
    app, more = send(app, Pressed(Button.MENU_NEW), Answered(Answer.LEAVE))
    assert app.screen.kind is Screen.SETUP
    filled: dict = {}
    for changes in ops(effects + more, "setup-form"):
        filled |= changes.get("fill", {})
    assert (filled["rules"], filled["count"], filled["name1"], filled["name3"]) == ("yatzy", "3", "Ann", "Cy")
    assert dict(app.form)["rules"] == "yatzy"  # and what the Rules screen shows for the form


def test_holding_and_scoring_by_click():
    app, _ = start(match=rolled())
    app, effects = send(app, DieToggled(0))
    assert app.session.match.held[0] and stores(effects, SAVE_KEY)
    box = next(iter(app.session.match.options()))
    app, effects = send(app, click(box))
    assert app.session.match.rolls == 0 and ("roll-button",) in of(effects, "focus")


def test_a_refused_action_is_explained_and_changes_nothing():
    app, _ = start(match=fresh())
    after, effects = send(app, DieToggled(0))  # no dice yet
    assert after.session == app.session and not of(effects, "store") and "roll the dice first" in notice(effects)


def test_a_tap_on_a_box_that_is_no_choice_says_why():
    app, _ = start(match=fresh())
    app, effects = send(app, CellPressed("yacht", 0))
    assert notice(effects) == "Ann cannot score Yacht: roll the dice first" and not of(effects, "store")


def test_undo_takes_back_the_last_action():
    saved = rolled()
    app, _ = start(match=saved)
    app, _ = send(app, DieToggled(2))
    app, effects = send(app, Pressed(Button.UNDO))
    assert app.session.match == saved.match and stores(effects, SAVE_KEY)
    assert ops(effects, "status")[-1]["text"].startswith("Undone: die 3 is no longer held.")  # says what, to an ear too
    app, effects = send(app, Pressed(Button.UNDO))  # the roll stays: undo never takes one back
    assert notice(effects) == "Undo takes back only a hold or a box chosen since the last roll, never a roll."
    assert app.session.match == saved.match and not of(effects, "store")


def test_undo_off_is_said():
    app, _ = start(match=rolled(undo_allowed=False))
    app, effects = send(app, Pressed(Button.UNDO))
    assert notice(effects) == "Undo is off for this match." and not of(effects, "store")


# ----------------------------------------------------------------------------- keys


def test_a_hold_or_release_is_announced_once_in_the_live_region():
    app, _ = start(match=rolled(faces=[3, 5, 3, 5, 6]))
    app, effects = send(app, Key("2"))
    assert [changes["text"] for changes in ops(effects, "status")] == ["Held 5 (die 2)"]
    app, effects = send(app, DieToggled(1))
    assert [changes["text"] for changes in ops(effects, "status")] == ["Released 5 (die 2)"]
    app, effects = send(app, DieToggled(4))
    assert [changes["text"] for changes in ops(effects, "status")] == ["Held 6 (die 5)"]


def test_keys_before_a_match_say_why_and_change_nothing_else():
    assert update(App(), Key("r")) == (App(), [])  # loading: nothing to say yet
    app, _ = start()
    for key in ("r", "1", "u", "S", "b", "A"):  # the keys help's keys say why (issue 58)
        after, effects = send(app, Key(key))
        assert notice(effects) == "No match is on the table: start one, then the keys play." and after.session is None
    for key in ("Escape", "ArrowDown", "x", "Tab"):
        assert send(app, Key(key))[1] == []


def test_r_rolls_digits_hold_u_undoes():
    app, _ = start(match=fresh())
    app, effects = send(app, Key("r"))
    assert app.session.match.rolls == 1 and of(effects, "vibrate") and of(effects, "play")
    app, _ = send(app, Key("1"), Key("3"))
    assert app.session.match.held[:3] == (True, False, True)
    app, _ = send(app, Key("3"))
    assert app.session.match.held[2] is False
    app, _ = send(app, Key("u"))
    assert app.session.match.held[:3] == (True, False, True)
    app, _ = send(app, Key("z", ctrl=True))
    assert app.session.match.held[:3] == (True, False, False)
    after, effects = send(app, Key("7"))  # no seventh die: said why (issue 58), nothing else changed
    assert after.session == app.session and notice(effects) == "There is no die 7: this game has 5 dice."
    assert send(app, Key("r", ctrl=True))[1] == []  # Ctrl+R is the browser's


def test_alt_and_typing_are_ignored():
    app, _ = start(match=fresh())
    assert send(app, Key("r", alt=True))[1] == [] and send(app, Key("r", typing=True))[1] == []


def test_arrows_move_between_choices_only_on_a_choice():
    app, _ = start(match=rolled())
    assert send(app, Key("ArrowDown"))[1] == []
    assert send(app, Key("ArrowDown", choice=True))[1] == [MoveFocus("#scorecard button.choice", 1)]
    assert send(app, Key("ArrowUp", choice=True))[1] == [MoveFocus("#scorecard button.choice", -1)]


def test_keys_with_no_meaning_do_nothing():
    app, _ = start(match=rolled())
    for key in ("x", "Enter", " ", "F5", "٣"):
        assert send(app, Key(key))[1] == []


# ----------------------------------------------------------------------------- pass the phone


def test_pass_the_phone_between_people():
    app, _ = start("players=Ann,Bob&pass=1")
    app, _ = send(app, Key("r"))
    app, effects = send(app, click(next(iter(app.session.match.options()))))
    assert visible(effects, "pass") and visible(effects, "tray") is False
    assert ops(effects, "pass-text")[-1]["text"] == "Pass the phone to Bob, then tap Start."
    assert ("pass-start",) in of(effects, "focus")
    waiting = app
    for key in ("r", "1", "ArrowDown"):  # the dice wait for Bob's Start, and the keys say so (issue 58)
        after, effects = send(app, Key(key, choice=True))
        assert after.session == app.session and notice(effects) == "Pass the phone to Bob, then tap Start."
    app, effects = send(app, Key("u"))  # Ann may still take it back
    assert app.session.match.player == 0 and visible(effects, "pass") is False
    app, effects = send(waiting, Pressed(Button.PASS_START))
    assert visible(effects, "pass") is False and visible(effects, "tray") and ("roll-button",) in of(effects, "focus")
    app, _ = send(app, Key("r"))
    assert app.session.match.rolls == 1 and app.session.match.player == 1


def test_a_resumed_match_at_a_handover_shows_the_pass_screen():
    match = new_match("yacht", ["Ann", "Bob"], seed=1).roll().score("choice")
    app, effects = start(match=Session(match, pass_phone=True))
    assert visible(effects, "pass")
    after, effects = send(app, Key("r"))
    assert visible(effects, "pass") is None and after.session == app.session and "tap Start" in notice(effects)


def test_no_pass_screen_without_the_link_parameter():
    app, _ = start("players=Ann,Bob")
    app, _ = send(app, Key("r"))
    app, effects = send(app, click(next(iter(app.session.match.options()))))
    assert not visible(effects, "pass")


# ----------------------------------------------------------------------------- screens over the game


def test_rules_open_and_close():
    app, _ = start(match=rolled("yatzy"))
    app, effects = send(app, Pressed(Button.MENU_RULES))
    assert visible(effects, "rules") and ops(effects, ("body", 0)) == [{"attrs": {"data-screen": "rules"}}]
    assert of(effects, "focus") == [("rules-title",)] and "Yatzy" in ops(effects, "rules-body")[0]["html"]
    app, effects = send(app, Pressed(Button.RULES_CLOSE))
    assert visible(effects, "rules") is False and ops(effects, ("body", 0)) == [{"remove": ["data-screen"]}]
    assert of(effects, "focus") == [("roll-button",)]  # back on Roll, never the page's body (issue 58)
    assert send(app, Pressed(Button.RULES_CLOSE))[1] == []


def test_the_rules_on_the_setup_screen_are_the_forms():
    app, _ = start()
    fields = form_values(parse_link("rules=yatzy")[0])
    app, effects = send(app, Pressed(Button.MENU_RULES, form=tuple(fields.items())))
    assert "Yatzy" in ops(effects, "rules-body")[0]["html"]


def test_the_rules_of_a_form_with_a_refused_option_are_its_rule_sets():
    app, _ = start()
    fields = {**form_values(parse_link("rules=custom")[0]), "generalized.dice": "40"}
    app, effects = send(app, Pressed(Button.MENU_RULES, form=tuple(fields.items())))
    assert "Custom" in ops(effects, "rules-body")[0]["html"]


def test_statistics_wait_for_the_optimal_players_numbers_then_open_and_close():
    app, _ = start(stored={HISTORY_KEY: some_history().to_json()})
    app, effects = send(app, Pressed(Button.MENU_STATS))
    assert of(effects, "fetch") == [("references", REFERENCES_PATH)] and visible(effects, "stats") is None
    app, effects = send(app, Pressed(Button.MENU_STATS))
    assert effects == []  # asked once
    app, effects = send(app, Fetched(REFERENCES, table_bytes("optimal.json")))
    assert visible(effects, "stats") and ops(effects, ("body", 0)) == [{"attrs": {"data-screen": "stats"}}]
    assert ops(effects, "stats-body") and of(effects, "persisted") == [()]
    app, effects = send(app, Persisted(True))
    assert ops(effects, "storage-status") == [{"text": "This browser keeps your games: storage is persistent."}]
    app, effects = send(app, Pressed(Button.STATS_CLOSE))
    assert visible(effects, "stats") is False and ops(effects, ("body", 0)) == [{"remove": ["data-screen"]}]
    app, effects = send(app, Pressed(Button.MENU_STATS))  # the numbers are kept: at once
    assert visible(effects, "stats") and not of(effects, "fetch")


def test_statistics_open_without_the_numbers_when_they_cannot_be_fetched():
    app, _ = start()
    app, effects = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))
    assert visible(effects, "stats") and app.files.references == {}
    app, effects = send(app, Pressed(Button.STATS_CLOSE), Pressed(Button.MENU_STATS))
    assert visible(effects, "stats") and not of(effects, "fetch")


def test_damaged_numbers_are_as_none():
    app, _ = start()
    app, effects = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, b"{"))
    assert visible(effects, "stats") and app.files.references == {}


def test_statistics_filters():
    bobs = new_match("yatzy", ["Bob"], seed=9)
    for box in bobs.open_categories():
        bobs = bobs.roll().score(box)
    history = some_history().add(session_record(Session(bobs), 0, "2026-11-21T09:00:00Z"))
    app, _ = start(stored={HISTORY_KEY: history.to_json()})
    app, _ = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))
    every = view(app).stats[0]
    app, effects = send(app, StatsFiltered(player="Bob"))  # Bob's Yatzy: the first rule set's first person, shown
    assert ops(effects, "stats-body") == [] and app.statistics.filters == ("", "Bob") and view(app).stats[0] == every
    yacht = '{"name":"yacht","options":{}}'
    app, effects = send(app, StatsFiltered(yacht))  # Ann's Yacht
    assert (
        ops(effects, "stats-body") == [{"html": view(app).stats[0]}]
        and app.statistics.filters == (yacht, "")
        and view(app).stats[0] != every
    )
    app, effects = send(app, StatsFiltered(yacht))  # the same again: the body as it is
    assert ops(effects, "stats-body") == []


def test_rules_close_the_statistics_and_statistics_close_the_rules():
    app, _ = start()
    app, _ = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))
    app, effects = send(app, Pressed(Button.MENU_RULES))
    assert visible(effects, "stats") is False and visible(effects, "rules")
    app, effects = send(app, Pressed(Button.MENU_STATS))
    assert visible(effects, "rules") is False and visible(effects, "stats")


def test_rules_opened_while_the_statistics_wait_stay_on_top_and_close():
    app, _ = start()
    app, _ = send(app, Pressed(Button.MENU_STATS))  # the numbers are on their way
    app, _ = send(app, Pressed(Button.MENU_RULES))
    app, effects = send(app, Fetched(REFERENCES, None))
    assert visible(effects, "stats") is not True  # the person went on to the Rules
    app, effects = send(app, Pressed(Button.RULES_CLOSE))
    assert visible(effects, "rules") is False


def test_deleting_games_asks_first():
    history = some_history()
    app, _ = start(stored={HISTORY_KEY: history.to_json()})
    (game_id,) = [record.id for record in history.games]
    app, effects = send(app, GameDeletePressed(game_id))
    assert of(effects, "confirm") == [(en(WORDS.delete_game), "Delete the game", f"delete:{game_id}")] and not of(
        effects, "store"
    )
    app, effects = send(app, GameDeleteConfirmed(game_id))
    assert History.from_json(stores(effects, HISTORY_KEY)[-1]).games == ()
    app, effects = send(app, Pressed(Button.DELETE_ALL))
    assert of(effects, "confirm") == [(en(WORDS.delete_all), "Delete all games", "delete-all")]
    app, effects = send(app, Answered(Answer.DELETE_ALL))
    assert History.from_json(stores(effects, HISTORY_KEY)[-1]).games == ()
    assert send(app, read_answer("something else"))[1] == []


# ----------------------------------------------------------------------------- the computer's turns


def test_a_computer_turn_is_played_one_action_a_tick():
    app, effects = computers_turn()
    ((token, ms),) = ticks(effects, "computer")
    assert ms == 2000 and visible(effects, "skip-button")  # R was a key: the ear's grace (pacing.GRACE_SECONDS)
    assert send(app, TimerFired(TimerKind.COMPUTER, 0))[1] == []  # a stale token
    actions = len(app.session.match.actions)
    app, effects = send(app, read_timer(token))
    assert len(app.session.match.actions) == actions + 1 and stores(effects, SAVE_KEY)
    ((again, ms),) = ticks(effects, "computer")
    assert again != token and ms > 0
    assert send(app, read_timer(token))[1] == []  # that tick is spent
    while app.session.match.player == 1:
        app, effects = send(app, read_timer(tick_token(effects, "computer")))
    assert not ticks(effects, "computer") and visible(effects, "skip-button") is False


def test_skip_makes_the_pauses_zero_until_a_persons_turn():
    app, effects = computers_turn()
    waiting = tick_token(effects, "computer")
    app, effects = send(app, Pressed(Button.SKIP))
    ((token, ms),) = ticks(effects, "computer")
    assert ms == 0 and token != waiting
    assert send(app, read_timer(waiting))[1] == []  # the slow tick became stale
    while ticks(effects, "computer"):
        ((token, ms),) = ticks(effects, "computer")
        assert ms == 0
        app, effects = send(app, read_timer(token))
    assert app.session.match.player == 0 and not app.table.fast
    assert send(app, Pressed(Button.SKIP))[1] == []  # a person's turn: nothing to skip


def test_a_hidden_tab_plays_no_computer_turn_until_shown():
    app, effects = start("cpu=1:easy", hidden=True)
    assert not ticks(effects, "computer")
    app, effects = send(app, Visibility(False))
    ((token, ms),) = ticks(effects, "computer")
    app, effects = send(app, Visibility(True), Visibility(False))
    assert not ticks(effects, "computer")  # its tick is still coming
    app, effects = send(app, read_timer(token))
    assert len(app.session.match.actions) == 1 and ticks(effects, "computer")


def test_a_tab_hidden_while_a_computer_tick_waits_plays_nothing():
    app, effects = start("cpu=1:easy")
    token = tick_token(effects, "computer")
    app, _ = send(app, Visibility(True))
    app, effects = send(app, read_timer(token))
    assert not app.session.match.actions and not of(effects, "store")
    app, effects = send(app, Visibility(False))
    assert ticks(effects, "computer")  # shown again: it plays on


def test_a_stale_tab_plays_no_computer_turn():
    app, effects = computers_turn()
    token = tick_token(effects, "computer")
    app, _ = send(app, Stored(SAVE_KEY, Session(app.session.match.roll()).to_json()))
    app, effects = send(app, read_timer(token))
    assert not of(effects, "store") and visible(effects, "other-tab")
    assert send(app, Visibility(True), Visibility(False))[1] == []


def test_a_computer_that_needs_the_advisors_table_waits_for_it(in_browser):
    app, effects = start("players=Ann&cpu=2:perfect&rules=yacht")
    app, _ = send(app, Key("r"))
    app, effects = send(app, click(next(iter(app.session.match.options()))))
    assert of(effects, "fetch") == [("yacht.bin", TABLES + "yacht.bin")] and not ticks(effects, "computer")
    app, effects = send(app, Fetched(Wanted.table("yacht.bin"), table_bytes("yacht.bin")))
    assert ticks(effects, "computer")


def test_skip_while_the_computer_waits_for_its_table(in_browser):
    app, effects = start("players=Ann&cpu=2:perfect&rules=yacht")
    app, _ = send(app, Key("r"))
    app, effects = send(app, click(next(iter(app.session.match.options()))), Pressed(Button.SKIP))
    assert not ticks(effects, "computer")
    app, effects = send(app, Fetched(Wanted.table("yacht.bin"), table_bytes("yacht.bin")))
    assert [ms for _, ms in ticks(effects, "computer")] == [0]


def test_a_table_that_comes_to_a_hidden_tab_waits_until_it_is_shown(in_browser):
    app, effects = start("players=Ann&cpu=2:perfect&rules=yacht")
    app, _ = send(app, Key("r"))
    app, _ = send(app, click(next(iter(app.session.match.options()))), Visibility(True))
    app, effects = send(app, Fetched(Wanted.table("yacht.bin"), table_bytes("yacht.bin")))
    assert not ticks(effects, "computer")
    app, effects = send(app, Visibility(False))
    assert ticks(effects, "computer")


# ----------------------------------------------------------------------------- celebrations


def upper_bonus_then_yatzy() -> Session:
    """Ann's Yatzy with the upper bonus a score of fours away, whose next roll (from its seed) is five alike."""

    def upper(seed: int):
        m = new_match("yatzy", ["Ann"], seed=seed)
        for face, box in ((6, "sixes"), (5, "fives"), (3, "threes"), (2, "twos"), (1, "ones")):
            m = m.roll(faces=[face] * 3 + [4, 4]).score(box)
        return m.roll(faces=[4, 4, 4, 4, 1])

    seed = next(s for s in range(100_000) if len(set(upper(s).score("fours").roll().dice)) == 1)
    return Session(upper(seed))


def test_a_celebration_shows_then_hides_unless_a_newer_one_came():
    app, _ = start(match=upper_bonus_then_yatzy())
    app, effects = send(app, click("fours"))  # the upper bonus: a banner
    ((first, ms),) = ticks(effects, "cheer")
    assert ms == 3000 and visible(effects, "cheer")
    app, effects = send(app, Pressed(Button.ROLL))  # five alike, on the roll: a newer celebration, the Yatzy's
    assert ops(effects, "cheer-text")[-1] == {"text": "Yatzy for Ann!"} and visible(effects, "cheer")
    # Spoken with the step, first: the status line ends without a full stop ("Ann's turn: roll the dice").
    assert ops(effects, "status")[-1]["text"].startswith("Yatzy for Ann! Ann rolled")
    ((second, ms),) = ticks(effects, "cheer")
    assert ms == 2200 and second != first  # it stops the table (game.present.feel.MOMENT_SECONDS)
    assert send(app, read_timer(first))[1] == []
    assert visible(send(app, read_timer(second))[1], "cheer") is False
    app, effects = send(app, click("yatzy"))  # scoring it is a plain score: nothing said twice
    assert not ticks(effects, "cheer") and "Yatzy for" not in ops(effects, "status")[-1]["text"]


def test_a_celebration_is_dismissed_with_escape_or_its_button():
    app, _ = start(match=upper_bonus_then_yatzy())
    app, _ = send(app, click("fours"))
    app, effects = send(app, Pressed(Button.ROLL))
    token = tick_token(effects, "cheer")
    assert visible(send(app, read_timer(token))[1], "cheer") is False  # not dismissed: it hides on its tick
    for event in (Key("Escape"), Pressed(Button.CHEER_CLOSE)):
        after, effects = send(app, event)
        assert visible(effects, "cheer") is False and send(after, read_timer(token))[1] == []


def test_a_finished_game_is_recorded_and_a_personal_best_celebrated():
    before = last_box(7, [1, 2, 3, 4, 6])
    history = History().add(session_record(Session(before.match.score("yacht")), 0, "2026-11-20T09:00:00Z"))
    app, _ = start(match=last_box(8, [5] * 5), stored={HISTORY_KEY: history.to_json()})
    app, effects = send(app, click("yacht"))
    assert not stores(effects, HISTORY_KEY)  # the card is drawn first; the record comes on its tick
    app, effects = after_ticks(app, effects, "records")
    recorded = History.from_json(stores(effects, HISTORY_KEY)[-1])
    assert len(recorded.games) == 2
    ((best, _),) = ticks(effects, "cheer")  # the Yacht was celebrated on its roll, its score is a plain one
    assert ops(effects, "spoken")[-1]["text"] == (  # the tray is hidden: said in the ear's region (issue 58)
        "A personal best for Ann: 82 points! Ann scored 50 in Yacht. The match is over. Ann scored 82."
    )
    assert ("play-again",) in of(effects, "focus")
    assert visible(send(app, read_timer(best))[1], "cheer") is False


def test_a_finished_game_waits_for_the_advisors_table_to_be_recorded(in_browser):
    app, _ = start(match=last_box(8, [5] * 5))
    app, effects = send(app, click("yacht"))
    assert of(effects, "fetch") == [("yacht.bin", TABLES + "yacht.bin")] and not stores(effects, HISTORY_KEY)
    app, effects = after_ticks(
        *send(app, Fetched(Wanted.table("yacht.bin"), None)), "records"
    )  # offline: without the points lost
    (record,) = History.from_json(stores(effects, HISTORY_KEY)[-1]).games
    assert record.lost == (None,)


def test_the_after_game_report(in_browser):
    app, _ = start(match=last_box(8, [5] * 5))
    app, _ = send(app, click("yacht"), Fetched(Wanted.table("yacht.bin"), table_bytes("yacht.bin")))
    app, effects = send(app, Pressed(Button.SHOW_REPORT))
    assert ops(effects, "report")[0] == {"text": en(WORDS.reviewing), "hidden": False}
    app, effects = send(app, read_timer(tick_token(effects, "report")))
    assert "html" in ops(effects, "report")[-1]


def test_the_report_waits_for_the_table_the_record_asked_for(in_browser):
    app, _ = start(match=last_box(8, [5] * 5))
    app, effects = send(app, click("yacht"), Pressed(Button.SHOW_REPORT))
    assert of(effects, "fetch") == [("yacht.bin", TABLES + "yacht.bin")] and not ticks(effects, "report")
    app, effects = after_ticks(*send(app, Fetched(Wanted.table("yacht.bin"), table_bytes("yacht.bin"))), "records")
    assert ticks(effects, "report") and stores(effects, HISTORY_KEY)


def test_the_report_is_drawn_when_the_tab_was_hidden_and_shown_before_its_tick():
    app, _ = start(match=last_box(8, [5] * 5))
    app, effects = send(app, click("yacht"), Pressed(Button.SHOW_REPORT))
    token = tick_token(effects, "report")
    app, effects = send(app, Visibility(True), Visibility(False))
    app, more = send(app, *[read_timer(token) for token, _ in ticks(effects, "report")], read_timer(token))
    assert any("html" in changes for changes in ops(more, "report"))


def test_a_games_end_is_final_and_its_record_kept():
    app, _ = start(match=last_box(8, [5] * 5))
    app, effects = after_ticks(*send(app, click("yacht")), "records")
    assert len(History.from_json(stores(effects, HISTORY_KEY)[-1]).games) == 1
    ended = app.session
    app, effects = send(app, Pressed(Button.UNDO))
    assert app.session == ended and not stores(effects, HISTORY_KEY)
    assert view(app).notice.words == "The game is over: its result is final."


def test_a_games_end_is_final_before_its_record_was_written_too(in_browser):
    app, _ = start(match=last_box(8, [5] * 5))
    app, effects = send(app, click("yacht"))  # the record waits for yacht.bin
    app, _ = send(app, Key("u"))
    app, effects = after_ticks(*send(app, Fetched(Wanted.table("yacht.bin"), table_bytes("yacht.bin"))), "records")
    assert app.session.match.game_over
    assert len(History.from_json(stores(effects, HISTORY_KEY)[-1]).games) == 1


def test_next_game_and_finish():
    match = new_match("yacht", ["Ann"], games=2, seed=3)
    for box in match.open_categories():
        match = match.roll().score(box)
    app, _ = start(match=Session(match))
    app, effects = send(app, Pressed(Button.NEXT_GAME))
    assert app.session.match.game == 1 and ("roll-button",) in of(effects, "focus")
    app, _ = start(match=Session(match))
    app, effects = send(app, Pressed(Button.FINISH_MATCH))
    assert app.session.match.finished


# ----------------------------------------------------------------------------- hints and win chances


def test_the_hint_waits_for_the_advisors_table(in_browser):
    app, _ = start(match=rolled())
    app, effects = send(app, Toggled(Switch.HINTS, True))
    assert of(effects, "fetch") == [("yacht.bin", TABLES + "yacht.bin")] and not ticks(effects, "hint")
    assert 0 in Session.from_json(stores(effects, SAVE_KEY)[-1]).hints
    app, effects = send(app, Fetched(Wanted.table("yacht.bin"), table_bytes("yacht.bin")))
    token = tick_token(effects, "hint")
    app, effects = send(app, read_timer(token))
    assert visible(effects, "hint") and ops(effects, "hint")[0]["html"]
    marked = [
        changes
        for _, changes in (op for ops_, _ in of(effects, "apply") for op in ops_)
        if "optional" in changes and changes["toggle"]
    ]
    assert marked  # the best keep or box marked
    app, effects = send(app, Key("r"))  # the board moves on: the marks are taken off, the old tick is moot
    assert any(
        changes.get("toggle") == {"hint-keep": False, "hint-best": False}
        for _, changes in (op for ops_, _ in of(effects, "apply") for op in ops_)
    )
    assert send(app, read_timer(token))[1] == []


def test_after_the_last_roll_the_hint_marks_the_best_box():
    match = new_match("yacht", ["Ann"], seed=1).roll().roll().roll()
    app, effects = start(match=Session(match, hints=frozenset({0})))
    app, effects = send(app, read_timer(tick_token(effects, "hint")))
    marks = [(at, changes) for ops_, _ in of(effects, "apply") for at, changes in ops_ if "optional" in changes]
    assert [changes["toggle"] for _, changes in marks] == [{"hint-best": True}]
    assert marks[0][0][0].startswith("#scorecard button[data-category=")


def test_a_failed_table_fetch_lets_the_advisor_estimate(in_browser):
    app, effects = start(match=rolled().with_hints(True))
    assert of(effects, "fetch") == [("yacht.bin", TABLES + "yacht.bin")]
    app, effects = send(app, Fetched(Wanted.table("yacht.bin"), None))
    app, effects = send(app, read_timer(tick_token(effects, "hint")))
    assert visible(effects, "hint")


def test_a_table_of_other_rules_is_not_loaded(in_browser):
    app, effects = start(match=rolled().with_hints(True))
    app, effects = send(app, Fetched(Wanted.table("yatzy.bin"), table_bytes("yatzy.bin")))
    assert not ticks(effects, "hint")  # still waiting for yacht.bin


def test_the_prefetch_asks_for_the_table_once(in_browser):
    app, effects = start(match=rolled())
    app, effects = send(app, read_timer(tick_token(effects, "prefetch")))
    assert of(effects, "fetch") == [("yacht.bin", TABLES + "yacht.bin")]


def test_win_chances(in_browser):
    app, _ = start(match=rolled(players=("Ann", "Bob")))
    app, effects = send(app, Toggled(Switch.CHANCES, True))
    assert app.table.odds is None and not any(op["text"] for op in ops(effects, "chances")) and of(effects, "fetch")
    name = of(effects, "fetch")[0][0]
    app, effects = send(app, Fetched(Wanted.table(name), table_bytes(name)))
    name = of(effects, "fetch")[0][0]  # then the spread table
    app, effects = send(app, Fetched(Wanted.table(name), table_bytes(name)))
    app, effects = send(app, read_timer(tick_token(effects, "chances")))
    assert "%" in ops(effects, "chances")[-1]["text"]


def test_win_chances_of_one_player_against_their_best():
    app, _ = start(match=rolled(), stored={HISTORY_KEY: some_history().to_json()})
    app, effects = send(app, Toggled(Switch.CHANCES, True))
    app, effects = send(app, read_timer(tick_token(effects, "chances")))
    assert ops(effects, "chances")[-1]["text"]


# ----------------------------------------------------------------------------- languages


def test_a_language_switch_fetches_the_catalogue_then_words_the_page():
    app, _ = start(match=rolled(), msgids=("Statistics",))
    app, effects = send(app, LanguagePicked("de"))
    assert of(effects, "fetch") == [("language:de", "./static/locale/de.mo")] and ops(effects, "language") == [
        {"value": "de"}  # the picker shows the choice while its catalogue comes
    ]
    assert send(app, LanguagePicked("de"))[1] == []  # asked once
    app, effects = send(app, Fetched(Wanted.language("de"), catalogue("de")))
    assert app.t.code == "de" and stores(effects, LANGUAGE_KEY) == ["de"]
    ((code, manifest, words),) = of(effects, "language")
    assert code == "de" and manifest == "./static/manifest.de.webmanifest" and words == {"Statistics": "Statistik"}
    assert ops(effects, "setup-form") and ops(effects, "scorecard")  # the form and the board in German
    assert ops(effects, "quick-computer-line") == [{"text": "Du gegen Lena, Stufe gut"}]  # the form's words rebuilt
    app, effects = send(app, LanguagePicked("en"))  # English needs no catalogue
    assert app.t.code == "en" and stores(effects, LANGUAGE_KEY) == ["en"] and not of(effects, "fetch")
    assert of(effects, "language")[0][:2] == ("en", "./static/manifest.webmanifest")


def test_a_catalogue_that_could_not_be_fetched_leaves_the_page_as_it_was():
    app, _ = start()
    app, effects = send(app, LanguagePicked("de"), Fetched(Wanted.language("de"), None))
    assert app.t.code == "en" and ops(effects, "language")[-1] == {"value": "en"}  # the picker set back
    assert notice(effects) == en(NO_CATALOGUE) and not of(effects, "store") and not of(effects, "language")


def test_an_unknown_language_is_ignored():
    app, _ = start()
    assert send(app, LanguagePicked("xx"))[1] == [] and send(app, LanguagePicked("en"))[1] == []


def test_a_catalogue_for_a_language_no_longer_wanted_is_ignored():
    app, _ = start()
    app, _ = send(app, LanguagePicked("de"), LanguagePicked("sv"))
    app, effects = send(app, Fetched(Wanted.language("de"), catalogue("de")))
    assert effects == [] and app.t.code == "en"


def test_the_start_waits_for_the_browsers_language():
    app, effects = start(match=rolled(), languages=("de-AT", "en"))
    assert effects == [Fetch("language:de", "./static/locale/de.mo")] and app.session is None
    app, effects = send(app, Fetched(Wanted.language("de"), catalogue("de")))
    assert app.t.code == "de" and app.screen.kind is Screen.PLAY and kinds(effects)[-1] == "ready"
    assert not stores(effects, LANGUAGE_KEY)  # the browser's choice, not the person's: not remembered
    assert ops(effects, "start-button")[-1] == {"disabled": False}


def test_the_remembered_language_comes_before_the_browsers():
    app, effects = start(languages=("fr",), stored={LANGUAGE_KEY: "sv"})
    assert of(effects, "fetch") == [("language:sv", "./static/locale/sv.mo")]


def test_a_start_whose_catalogue_cannot_come_goes_on_in_english():
    app, effects = start(match=rolled(), languages=("de",))
    app, effects = send(app, Fetched(Wanted.language("de"), None))
    assert app.t.code == "en" and app.screen.kind is Screen.PLAY and kinds(effects)[-1] == "ready"


def test_the_rules_and_statistics_are_worded_again():
    app, _ = start(match=rolled())
    app, _ = send(app, Pressed(Button.MENU_RULES), LanguagePicked("de"))
    app, effects = send(app, Fetched(Wanted.language("de"), catalogue("de")))
    assert ops(effects, "rules-body")
    app, _ = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))
    app, effects = send(app, LanguagePicked("en"))
    assert ops(effects, "stats-body")


def test_an_open_report_is_worded_again():
    app, _ = start(match=last_box(8, [5] * 5))
    app, effects = send(app, click("yacht"), Pressed(Button.SHOW_REPORT))
    app, effects = send(app, LanguagePicked("de"), Fetched(Wanted.language("de"), catalogue("de")))
    assert ops(effects, "report")[-1]["hidden"] is False and ticks(effects, "report")


def test_a_link_opened_in_a_browser_of_another_language_starts_its_match():
    app, _ = start("rules=yatzy&players=Ann", languages=("de",))
    app, effects = send(app, Fetched(Wanted.language("de"), catalogue("de")))
    assert app.screen.kind is Screen.PLAY and app.session.match.players == ("Ann",) and of(effects, "dropQuery")


def test_the_lost_moves_are_said_in_a_browser_of_another_language():
    app, _ = start(match=rolled(), unsaved=True, languages=("de",))
    app, effects = send(app, Fetched(Wanted.language("de"), None))
    assert notice(effects) == en(WORDS.lost_moves)


def test_back_to_english_before_the_catalogue_comes_stays_english():
    app, _ = start()
    app, _ = send(app, LanguagePicked("de"), LanguagePicked("en"))
    app, effects = send(app, Fetched(Wanted.language("de"), catalogue("de")))
    assert app.t.code == "en" and not stores(effects, LANGUAGE_KEY)


def fixed_texts() -> dict[str, str]:
    """index.html's fixed texts that have an id: {id: msgid} (page.js words them at each language effect)."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    found = re.finditer(r'<[a-z0-9]+ [^>]*\bid="([^"]+)"[^>]*\bdata-msg(?![-\w])[^>]*>([^<]*)<', html)
    return {match[1]: " ".join(match[2].split()) for match in found}


def shown_texts(effects: list[Effect], fixed: dict[str, str]) -> dict[str, str]:
    """Each element's text by id once page.js has carried out the effects in order: a draw's text, and a
    language's words on the fixed texts."""
    shown: dict[str, str] = {}
    for effect in effects:
        if isinstance(effect, Apply):
            shown |= {where: changes["text"] for where, changes in effect.ops if "text" in changes}
        elif isinstance(effect, Language):
            shown |= {element_id: effect.words.get(msgid, msgid) for element_id, msgid in fixed.items()}
    return shown


def test_a_second_language_switch_mid_turn_leaves_every_element_in_the_last():
    fixed = fixed_texts()
    assert fixed["roll-button"] == "Roll" and fixed["hint-toggle-text"] == "Hints"  # the board's and fixed texts
    app, _ = start(match=rolled(), msgids=tuple(fixed.values()))
    app, _ = send(app, LanguagePicked("sv"), Fetched(Wanted.language("sv"), catalogue("sv")))
    app, effects = send(app, LanguagePicked("de"), Fetched(Wanted.language("de"), catalogue("de")))
    de = Text.from_mo("de", catalogue("de"))
    shown = shown_texts(effects, fixed)
    assert shown["roll-button"] == board_view.roll_label(app.session.match, t=de) == "Würfeln (noch 2)"
    assert shown["hint-toggle-text"] == de._("Hints for {name}", name="Ann")
    match = app.session.match
    for element_id, element in controls.elements(app.session, standings.results(match, t=de), t=de).items():
        if element.text is not None:
            assert shown[element_id] == element.text, element_id
    # What the draw remembers is what the page shows: the next draw writes only what changes.
    app, effects = send(app, Key("r"))
    assert shown_texts(effects, fixed)["roll-button"] == board_view.roll_label(app.session.match, t=de)


@pytest.mark.parametrize("data", [b"", b"\xde\x12\x04\x95"])
def test_a_truncated_catalogue_is_as_one_that_could_not_be_fetched(data):
    app, _ = start(languages=("de",))
    app, effects = send(app, Fetched(Wanted.language("de"), data))
    assert app.t.code == "en" and kinds(effects)[-1] == "ready"


def test_a_damaged_catalogue_is_as_one_that_could_not_be_fetched():
    app, _ = start()
    app, effects = send(app, LanguagePicked("de"), Fetched(Wanted.language("de"), b"this is no catalogue"))
    assert app.t.code == "en" and notice(effects) == en(NO_CATALOGUE)


# ----------------------------------------------------------------------------- odds and ends


def test_motion_reduced_tosses_no_dice():
    app, _ = start(match=fresh())
    _, effects = send(app, Key("r"))
    assert [motion for _, motion in of(effects, "apply")][0] is not None
    app, _ = send(app, Motion(True))
    _, effects = send(app, Key("r"))
    assert all(motion is None for _, motion in of(effects, "apply"))


def test_events_before_the_start_do_nothing():
    for event in (
        Pressed(Button.ROLL),
        Pressed(Button.UNDO),
        Pressed(Button.PASS_START),
        Pressed(Button.SKIP),
        Pressed(Button.SHOW_REPORT),
        Pressed(Button.LINK_START),
        Pressed(Button.SAVE_PROBLEM_DISMISS),
        TimerFired(TimerKind.COMPUTER, 1),
        TimerFired(TimerKind.HINT, 1),
        TimerFired(TimerKind.PREFETCH, 1),
        TimerFired(TimerKind.CHEER, 5),
        Visibility(False),
        Refused(UNREADABLE_KEY),
        DieToggled(1),
        CellPressed("yacht", 0),
        Toggled(Switch.HINTS, False),
    ):
        app, effects = update(App(), event)
        assert [effect for effect in effects if not isinstance(effect, Apply | Focus)] == [], event


@pytest.mark.parametrize("data", [(("die", "²"),), (("row", "yacht"), ("player", "²"))])
def test_a_click_with_odd_digits_does_nothing(data):
    app, _ = start(match=rolled())
    assert send(app, read_click(data=data))[1] == []


def test_read_event_reads_the_protocols_messages():
    assert read_event(
        '{"type": "start", "stored": {"yacht-dice/match": "x", "other": "y"}, "query": [["a", "b"]],'
        ' "unsaved": true, "now": "T"}',
        python="snapshot",
    ) == (Start(stored=((SAVE_KEY, "x"),), unsaved=True, query=(("a", "b"),), python="snapshot"), "T")
    assert read_event('{"type": "fetched", "name": "n", "ok": true}', b"ab")[0] == Fetched(Wanted.table("n"), b"ab")
    assert read_event('{"type": "fetched", "name": "n", "ok": false}', b"ab")[0] == Fetched(Wanted.table("n"), None)
    assert read_event('{"type": "storage", "key": "k", "value": 3}')[0] == Stored("k", None)
    assert read_event('{"type": "persisted", "persisted": "x"}')[0] == Persisted(None)
    assert read_event('{"type": "click", "data": {"die": 1}, "form": [["a", null]]}')[0] == DieToggled(
        1, form=(("a", ""),)
    )
    for text in ("", "[]", '"x"', '{"type": "file"}', '{"type": ["x"]}', '{"type": "start", "stored": []}'):
        assert read_event(text) == (None, "")


def test_a_message_with_an_infinite_size_is_no_event():
    assert read_event('{"type": "file", "size": 1e400, "text": ""}') == (None, "")


def test_a_failure_is_said_in_words_and_a_failed_start_still_ends():
    effects = failed(App(), Start(), KeyError("x"))
    assert kinds(effects) == ["apply", "console", "ready"] and notice(effects).startswith(en(WORDS.cannot_start))
    effects = failed(App(), Key("r"), KeyError("x"))
    assert kinds(effects) == ["apply", "console"] and notice(effects).startswith(en(WORDS.went_wrong))


# ----------------------------------------------------------------------------- random events


def _challenge() -> str:
    """A challenge link's value: Ann's finished Yacht game (game.records.challenge)."""
    match = new_match("yacht", ["Ann"], seed=2)
    for box in match.open_categories():
        match = match.roll().score(box)
    return links.write(match, links.LinkKind.CHALLENGE)


CHALLENGE = _challenge()
LINKS = (
    "",
    "players=Ann&rules=yacht",
    "players=Ann&cpu=2:easy",
    "players=Ann,Bob&pass=1&rules=yacht",
    "players=Ann&cpu=2:perfect&rules=yacht",
    "cpu=1:win&rules=yacht",
    "games=9",
    "rules=yacht&players=Ann&games=2",
    f"challenge={CHALLENGE}",
)
"""Links the machine starts from (Yacht, whose tables are small)."""

BOXES = tuple(box.id for box in new_match("yacht", ["A"]).ruleset.categories) + ("nope", "")
KEYS = ("r", "R", "u", "z", "0", "1", "2", "5", "6", "9", "ArrowDown", "ArrowUp", "Escape", "Enter", "x")


def saves() -> st.SearchStrategy[str]:
    """A save another tab might write: a readable one (this kind of match, at some point) or garbage."""
    readable = st.builds(
        lambda seed, rolls: Session(_played(seed, rolls)).to_json(), st.integers(0, 3), st.integers(0, 4)
    )
    return st.one_of(readable, st.sampled_from(["", "{", "[]", "null", '{"format": "yacht-dice/session"}']))


def _played(seed: int, rolls: int):
    match = new_match("yacht", ["Ann", Seat.computer("C", "easy")], seed=seed)
    for _ in range(rolls):
        match = match.roll() if match.can_roll else match.score(next(iter(match.options())))
    return match


DAILY_UNDER_WAY = Session(new_match("yacht", ["Ann"], seed="daily:2026-11-24:yacht").roll(), False, shared=True)
STORED_VALUES = {
    SAVE_KEY: st.one_of(st.none(), saves()),
    SETUP_KEY: st.sampled_from([None, "{", "[]", json.dumps(form_values(parse_link("players=Zoe&rules=yacht")[0]))]),
    HISTORY_KEY: st.sampled_from([None, "", "{", "[]", History().to_json(), some_history().to_json()]),
    LANGUAGE_KEY: st.sampled_from([None, "de", "xx", "en"]),
    UNREADABLE_KEY: st.sampled_from([None, "{", "old"]),
    HINTS_KEY: st.sampled_from([None, "{", '{"seed": "1", "players": [0]}']),
    CHALLENGE_KEY: st.sampled_from([None, "{", CHALLENGE]),
    SHARED_KEY: st.sampled_from(
        [
            None,
            "{",
            "[1]",
            "[]",
            '[["x", {}]]',
            json.dumps([[game_key(DAILY_UNDER_WAY.match), DAILY_UNDER_WAY.to_dict()]]),
        ]
    ),
    SEEN_KEY: st.sampled_from([None, "", "{", "[1]", '[["x", null], ["y", 2]]']),
    PHONE_KEY: st.sampled_from([None, "", "AnnAnn", "not an id!"]),
    HINTED_KEY: st.sampled_from([None, "", "{", "[1]", '["Ann", "Zoe"]']),
    PACE_KEY: st.sampled_from([None, "", "brisk", "instant", "relaxed", "fast"]),
    TRAINER_KEY: st.sampled_from([None, "", "{", "[]", Trainer().answered("Ann", "x", right=False).to_json()]),
}


def fields() -> st.SearchStrategy[tuple]:
    good = form_values(parse_link("players=Ann,Bob&rules=yacht")[0])
    return st.sampled_from([(), tuple(good.items()), tuple({**good, "games": "99"}.items()), (("rules", "nope"),)])


def reference_bytes(name: str) -> bytes:
    """The real bytes of a file the app asked for by name."""
    kind, _, code = name.partition(":")
    if kind == "language":
        return catalogue(code)
    if kind == "references":
        return table_bytes("optimal.json")
    return table_bytes(name)


class AppMachine(RuleBasedStateMachine):
    """Any event at any time, as the page could send it; after each, the effects are checked."""

    def __init__(self) -> None:
        super().__init__()
        self.app = App()
        self.page = view(self.app)  # the page the shell keeps (game.app.update.step)
        self.tokens: set[str] = {"computer:1", "hint:0", "cheer:1", "prefetch:1", "nonsense", "report:1"}
        self.names: set[str] = {"yacht.bin", "references", "language:de"}
        self.backups: list[str] = []
        self.latest: dict[str, str] = {}  # the last tick token given of each kind

    def send(self, event) -> None:
        held = dict(event.stored) if isinstance(event, Start) else dict(self.app.storage.stored)
        try:  # the shared games storage held before this event (another tab's, or hostile: then none)
            shared = json.loads(held.get(SHARED_KEY) or "[]")
        except (ValueError, RecursionError):
            shared = []
        self.held_shared = shared if isinstance(shared, list) else []
        app, effects = update(self.app, event, now=NOW) if event is not None else (self.app, [])  # as the shell
        if event is not None:  # the shell's way in, with the page kept, answers the same, and keeps the page shown
            kept, self.page, answered = step(self.app, self.page, event, now=NOW)
            assert answered == effects and self.page == view(kept)  # (an App may hold a coach: equal by identity)
        json.dumps([to_json(effect) for effect in effects])  # the shell's reply
        if isinstance(event, Start) and not of(effects, "fetch"):
            assert kinds(effects)[-1] == "ready"  # a start always ends (unless it waits for its language)
        for effect in effects:
            assert isinstance(effect, EFFECTS), effect
            match effect:
                case Store(key, value):
                    self.check_stored(app, key, value)
                case Timer(token, ms):
                    assert isinstance(ms, int) and ms >= 0
                    self.tokens.add(token)
                    self.latest[token.partition(":")[0]] = token
                case Fetch(name):
                    self.names.add(name)
                case Download(filename, text) if filename.startswith("yacht-dice-backup"):
                    Backup.from_json(text)
                    self.backups.append(text)
        self.app = app

    def check_stored(self, app: App, key: str, value: str) -> None:
        assert (key in STORED_KEYS or key.startswith(KEPT_PREFIX)) and isinstance(value, str)
        if key.startswith(KEPT_PREFIX):  # a copy kept aside is never written over
            assert self.app.value(key) in (None, value), key
        if key == SAVE_KEY and not (
            isinstance(app.screen, SaveProblem) and not app.screen.aside.trying and value == app.screen.aside.raw
        ):  # an unreadable save put back
            Session.from_json(value)
        elif key == HISTORY_KEY:
            History.from_json(value)
        elif key == SETUP_KEY:
            assert isinstance(json.loads(value), dict)
        elif key == CHALLENGE_KEY:
            assert links.read(value).kind is links.LinkKind.CHALLENGE
        elif key == SHARED_KEY:  # the game this tab writes first, read back whole; the others carried as they were
            (written_key, data, _), *others = json.loads(value)
            kept = Session.from_dict(data)
            assert kept.shared and game_key(kept.match) == written_key
            assert all(other[:2] in [held[:2] for held in self.held_shared] for other in others)
        elif key == SEEN_KEY:  # fingerprints, each with a finished game's total or none
            assert all(type(mark) is str and type(total) in (int, type(None)) for mark, total in json.loads(value))

    @initialize(
        early=st.lists(
            st.sampled_from(
                [
                    Key("r"),
                    Pressed(Button.ROLL),
                    Pressed(Button.MENU_STATS),
                    TimerFired(TimerKind.COMPUTER, 1),
                    Fetched(REFERENCES, None),
                    Refused(SAVE_KEY),
                    Visibility(False),
                    DieToggled(0),
                    Submit(()),
                ]
            ),
            max_size=2,
        ),
        query=st.sampled_from(LINKS),
        stored=st.fixed_dictionaries({}, optional=STORED_VALUES),
        unsaved=st.booleans(),
        hidden=st.booleans(),
        languages=st.sampled_from([(), (), ("de",), ("en-GB",)]),
    )
    def start(self, early, query, stored, unsaved, hidden, languages):
        """Events that come too early (the page queues them; still), then the page's Start."""
        for event in early:
            self.send(event)
        self.send(
            Start(
                tuple((k, v) for k, v in stored.items() if v is not None),
                unsaved,
                tuple(parse_qsl(query, keep_blank_values=True)),
                languages,
                hidden=hidden,
                msgids=("Statistics",),
            )
        )

    @rule(box=st.integers(0, 20))
    def play(self, box):
        """A person's sensible move: roll, or score one of the boxes offered (the match moves on)."""
        session = self.app.session
        if session is None or not session.match.rolls or box % 3 == 0:
            self.send(Key("r"))
        else:
            options = list(session.match.options())
            self.send(click(options[box % len(options)]))

    @rule(button=st.sampled_from([button.value for button in Button] + ["", "unknown"]), form=fields())
    def click_button(self, button, form):
        self.send(read_click(button, (), form))

    @rule(die=st.integers(-1, 10))
    def click_die(self, die):
        self.send(read_click(data=(("die", str(die)),)))

    @rule(face=st.integers(-1, 21))
    def tap_face(self, face):
        """A face of the real dice's pad (one the dice lack, or in a match of the game's own dice, too)."""
        self.send(read_click(data=(("face", str(face)),)))

    @rule(box=st.sampled_from(BOXES))
    def click_box(self, box):
        self.send(click(box))

    @rule(row=st.sampled_from(BOXES), player=st.sampled_from(["0", "1", "7", "", "x"]))
    def click_cell(self, row, player):
        self.send(read_click(data=(("row", row), ("player", player))))

    @rule(choice=st.sampled_from(["keep:", "keep:4-4", "box:yacht", "box:chance", "keep:x", ""]))
    def click_choice(self, choice):
        """A trainer's choice (a stray one where no puzzle is shown, or one that is not the puzzle's)."""
        self.send(read_click(data=(("choice", choice),)))

    @rule(game_id=st.sampled_from(["0" * 16, "x"]))
    def click_game(self, game_id):
        self.send(GameDeletePressed(game_id))

    @rule(
        key=st.sampled_from(KEYS),
        flags=st.sampled_from(
            [(False,) * 4] * 3
            + [
                (False, False, False, True),
                (True, False, False, False),
                (False, True, False, False),
                (False, False, True, False),
            ]
        ),
    )
    def key(self, key, flags):
        self.send(Key(key, *flags))

    @rule(data=st.data())
    def tick(self, data):
        """Any token given so far (most are stale), or a made-up one."""
        self.send(read_timer(data.draw(st.sampled_from(sorted(self.tokens)))))

    @precondition(lambda self: self.latest)
    @rule(data=st.data())
    def tick_latest(self, data):
        """A timer that fires as set: the latest token of its kind."""
        self.send(read_timer(data.draw(st.sampled_from(sorted(self.latest.values())))))

    @rule(data=st.data(), real=st.booleans())
    def fetched(self, data, real):
        name = data.draw(st.sampled_from(sorted(self.names)))
        self.send(Fetched(Wanted.table(name), reference_bytes(name) if real else None))

    @rule(key=st.sampled_from(STORED_KEYS), data=st.data())
    def other_tab(self, key, data):
        self.send(Stored(key, data.draw(STORED_VALUES[key])))

    @precondition(lambda self: self.app.session is not None)
    @rule()
    def other_tab_continues(self):
        """Another tab played this very match on (a readable newer save)."""
        match = self.app.session.match
        self.send(Stored(SAVE_KEY, Session(match.roll() if match.can_roll else match).to_json()))

    @rule(
        text=st.sampled_from(["", "{", "[]", "x" * 100, '{"format": "yacht-dice/backup", "version": 1}']),
        huge=st.booleans(),
    )
    def garbage_file(self, text, huge):
        self.send(File(MAX_BACKUP_BYTES + 1 if huge else len(text), text))

    @precondition(lambda self: self.backups)
    @rule(data=st.data())
    def backup_file(self, data):
        text = data.draw(st.sampled_from(self.backups))
        self.send(File(len(text), text))

    @rule(key=st.sampled_from(STORED_KEYS))
    def refused(self, key):
        self.send(Refused(key))

    @rule(hidden=st.booleans())
    def visibility(self, hidden):
        self.send(Visibility(hidden))

    @rule(reduced=st.booleans())
    def motion(self, reduced):
        self.send(Motion(reduced))

    @rule(persisted=st.sampled_from([True, False, None]))
    def persisted(self, persisted):
        self.send(Persisted(persisted))

    @rule(answer=st.sampled_from(["leave", "delete-all", "delete:" + "0" * 16, "delete:", "nonsense"]))
    def confirmed(self, answer):
        self.send(read_answer(answer))

    @rule(
        element=st.sampled_from(["hint-toggle", "chances-toggle", "language", "stats-rules", "stats-player", "other"]),
        value=st.sampled_from(["", "de", "en", "sv", "xx", "yacht", "Ann"]),
        checked=st.booleans(),
        form=fields(),
    )
    def change(self, element, value, checked, form):
        self.send(read_change(element, value, checked, form))

    @rule(form=fields())
    def submit(self, form):
        self.send(Submit(form))

    @invariant()
    def screens_agree(self):
        app = self.app
        if app.screen.kind is Screen.PLAY:
            assert app.session is not None
        if app.screen.kind is Screen.LINK_CHOICE:
            assert isinstance(app.screen, LinkChoice)


def test_random_events_never_break_the_app(in_browser):
    run_state_machine_as_test(
        AppMachine,
        settings=settings(
            max_examples=40, stateful_step_count=30, deadline=None, suppress_health_check=list(HealthCheck)
        ),
    )


@pytest.mark.parametrize("query", ["rules=yacht", "rules=yahtzee", "rules=yatzy", "rules=custom&dice=6&sides=8"])
def test_a_whole_solo_game_by_clicks_is_the_engines_game(query):
    """For every rule set: the roll, hold and box clicks of a whole game drive the engine exactly, and the
    card's choices offered are the engine's options (the browser plays one turn: tests/e2e/test_game.py)."""
    from game.records.choices import parse_link

    query = f"{query}&players=Solo&seed=2024"
    app, _ = start(query)
    twin = parse_link("?" + query)[0].start()
    for _ in range(twin.rounds):
        app, _ = send(app, Pressed(Button.ROLL), DieToggled(0), DieToggled(2))
        app, effects = send(app, Pressed(Button.ROLL))
        twin = twin.roll().hold(0).hold(2).roll()
        assert app.session.match.dice == twin.dice
        offered = {box: points for box, points in twin.options().items() if box in twin.open_categories()}
        best = max(offered, key=lambda box: (offered[box], -list(offered).index(box)))
        app, _ = send(app, click(best))
        twin = twin.score(best)
    assert app.session.match.cards == twin.cards and app.session.match.game_over


def test_the_lobby_says_the_players_days_in_a_row():
    """A returning player's lobby knows them: the daily game says today's result or the days in a row; with nothing
    played, the printed lines. A change of rules changes them."""
    from game.records.daily import _demo

    history = History().add(_demo("daily:2026-11-23:yacht", "2026-11-23T08:00:00Z", 75))
    remembered = {"rules": "yacht", "count": "1", "name1": "Ann"}
    stored = {SETUP_KEY: json.dumps(remembered), HISTORY_KEY: history.to_json()}
    app, effects = start(stored=stored)
    assert not ops(effects, "quick-solo-line")  # no best under Play solo (rounds 33 to 37: two records that disagreed)
    assert ops(effects, "quick-daily-line")[-1] == {"text": "Keep it going: 1 day in a row"}
    assert ops(effects, "rules-best")[-1] == {"text": "Your best: 75 points", "hidden": False}  # any game's
    app, effects = send(app, FormChanged(form=tuple((remembered | {"rules": "yatzy"}).items())))
    assert not ops(effects, "quick-solo-line")  # Play solo's printed line under any rules
    assert ops(effects, "rules-best")[-1] == {"text": "", "hidden": True}  # none played under Yatzy
    app, effects = start(stored={SETUP_KEY: json.dumps(remembered)})
    assert not ops(effects, "quick-solo-line") and not ops(effects, "quick-daily-line")  # the page's printed lines


def test_the_lobby_offers_a_rematch_while_its_computer_leads_and_the_player_is_ahead_otherwise():
    """Robin's card is Rematch Robin, grinning, while it has won more of the player's games under these rules; it
    frowns while the player leads, and a level series, or none, keeps the printed title."""
    robin = Seat.computer("Robin", "good")

    def game(mine: int, its: int, seed: int = 1) -> Match:
        played = new_match("yacht", ["Ann", robin], seed=seed)
        for box in played.open_categories():
            played = played.roll(faces=[mine] * 5).score(box).roll(faces=[its] * 5).score(box)
        return played

    def lobby(*games: Match) -> list:
        history = History()
        for number, played in enumerate(games):
            history = history.add(session_record(Session(played), 0, f"2026-11-2{number}T09:00:00Z"))
        remembered = {"rules": "yacht", "count": "2", "name1": "Ann", "kind2": "good", "name2": ""}
        return start(stored={SETUP_KEY: json.dumps(remembered), HISTORY_KEY: history.to_json()})[1]

    lost = lobby(game(1, 6))
    assert ops(lost, "quick-computer-title")[-1] == {"text": "Rematch Robin"}
    assert {"attrs": {"data-mood": "ahead"}, "toggle": {"primary": True}} in ops(lost, "quick-computer")
    assert {"toggle": {"primary": False}} in ops(lost, "quick-solo")  # the rematch is the lobby's gold...
    assert OfferFocus("quick-computer") in lost  # ...and its first way for the keys
    won = lobby(game(6, 1), game(6, 1, seed=2), game(1, 6, seed=3))
    assert {"attrs": {"data-tally": "2\u20131"}} in ops(won, "quick-computer")
    # still the lobby's gold, its last game being against a computer (round 112), but no rematch: Robin frowns
    assert {"attrs": {"data-mood": "behind"}, "toggle": {"primary": True}} in ops(won, "quick-computer")
    assert OfferFocus("quick-computer") in won
    assert "Rematch Robin" not in str(ops(won, "quick-computer-title"))
    level = lobby(game(6, 1), game(1, 6, seed=2))
    assert {"attrs": {"data-tally": "1\u20131"}} in ops(level, "quick-computer")
    assert {"attrs": {"data-mood": "level"}, "toggle": {"primary": True}} in ops(level, "quick-computer")
    assert "Rematch Robin" not in str(ops(level, "quick-computer-title"))


def test_the_lobby_counts_the_players_games_against_the_computer_it_offers():
    """Play the computer's line says who it is, then the player's games against that one computer under the rules
    chosen; Play solo keeps its printed line (a best there read as a solo best, and as another record than the end's)."""
    robin = Seat.computer("Robin", "good")
    won = new_match("yacht", ["Ann", robin], seed=1)
    for box in won.open_categories():
        won = won.roll(faces=[6] * 5).score(box).roll(faces=[1] * 5).score(box)
    history = History().add(session_record(Session(won), 0, "2026-11-20T09:00:00Z"))
    remembered = {"rules": "yacht", "count": "2", "name1": "Ann", "kind2": "good", "name2": ""}
    app, effects = start(stored={SETUP_KEY: json.dumps(remembered), HISTORY_KEY: history.to_json()})
    assert ops(effects, "quick-computer-line")[-1] == {"text": "You against Robin, who plays well"}
    assert {"attrs": {"data-tally": "1\u20130"}} in ops(effects, "quick-computer")  # its scoreboard, for the eyes
    assert ops(effects, "quick-computer-record")[-1] == {"text": "won 1, lost 0"}  # its words, for the ear
    assert not ops(effects, "quick-solo-line")  # no game alone yet: Play solo's printed line
    assert (
        ops(effects, "rules-best")[-1]["text"] == f"Your best: {won.totals(0, 0).grand_total} points"
    )  # as the end counts it


def test_the_lobby_shows_the_players_trophies_once_they_have_one():
    """The lobby's shelf counts the trophies the player's games won (game.records.trophies); before any, it is hidden."""
    robin = Seat.computer("Robin", "good")
    beaten = new_match("yacht", ["Ann", robin], seed=1)
    for box in beaten.open_categories():
        beaten = beaten.roll(faces=[6] * 5).score(box).roll(faces=[1, 1, 2, 2, 3]).score(box)
    remembered = {"rules": "yacht", "count": "2", "name1": "Ann", "kind2": "good", "name2": ""}
    history = History().add(session_record(Session(beaten), 0, "2026-11-20T09:00:00Z"))
    shown = start(stored={SETUP_KEY: json.dumps(remembered), HISTORY_KEY: history.to_json()})[1]
    shelf = ops(shown, "lobby-trophies")[-1]
    assert shelf["hidden"] is False and "Trophies: 2 of 8" in shelf["html"]  # all alike, and Robin beaten
    assert shelf["html"].count('class="won"') == 2
    fresh = start(stored={SETUP_KEY: json.dumps(remembered)})[1]
    assert all(op.get("hidden", True) for op in ops(fresh, "lobby-trophies"))
