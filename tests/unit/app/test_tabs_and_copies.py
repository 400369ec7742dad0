"""Nothing lost across tabs and dialogs (issue 45, item 6), through ``update`` only: a tab that is behind never
writes over a newer saved match, a declined challenge link leaves the kept challenge, a backup carries the
challenge, and the copies kept aside are bounded and named by the key they went under."""

from __future__ import annotations

import json

import pytest

from game.app.effects import Remove, Store
from game.app.events import (
    Answer,
    Answered,
    Button,
    Fetched,
    File,
    Message,
    Pressed,
    Refused,
    Start,
    Stored,
    Submit,
    read_timer,
)
from game.app.keys import CHALLENGE_KEY, HISTORY_KEY, KEPT_PREFIX, REFERENCES, SAVE_KEY, SETUP_KEY, UNREADABLE_KEY
from game.app.screens import OTHER_TAB_TITLE
from game.app.state import App, Effect, Screen
from game.app.storage import KEPT_BUDGET, MAX_KEPT_PER_KIND, kept_kind
from game.app.update import update
from game.coach.session import Session
from game.core import links
from game.core.engine import new_match
from game.present.words import SAVE_KEPT
from game.records.backup import Backup
from tests.helpers.app import NOW, WORDS, en, notice, of, ops, send, start, stores, visible
from tests.helpers.scenes import backup_file, lobby, rolled, some_history

FORM = (("count", "1"), ("name1", "Ann"))


def other_tabs_match() -> Session:
    """The match another tab saved: in progress, on its own seed."""
    return rolled("yatzy", ("Cy",), seed=7)


def behind_on_the_setup_screen() -> tuple[App, Session]:
    """A tab left on the setup screen (nothing saved when it opened) while another tab saved a match."""
    app, _ = start()
    assert app.screen.kind is Screen.SETUP
    theirs = other_tabs_match()
    app, _ = send(app, Stored(SAVE_KEY, theirs.to_json()))
    return app, theirs


def challenge_text(seed: int, name: str = "Ann") -> str:
    """A challenge link's value: one person's finished Yacht game."""
    match = new_match("yacht", [name], seed=seed)
    for box in match.open_categories():
        match = match.roll().score(box)
    return links.write(match, links.LinkKind.CHALLENGE)


# ----------------------------------------------------------------------------- a tab that is behind


@pytest.mark.parametrize(
    "starting", [Submit(FORM), Pressed(Button.QUICK_SOLO, form=FORM), Pressed(Button.QUICK_COMPUTER, form=FORM)]
)
def test_a_start_on_a_stale_setup_screen_asks_before_replacing_another_tabs_match(starting):
    app, theirs = behind_on_the_setup_screen()
    app, effects = send(app, starting)
    assert not of(effects, "store")  # nothing written: not the match, not the form's choices
    assert app.screen.kind is Screen.LINK_CHOICE and app.screen.kept.match == theirs.match
    assert ops(effects, "link-choice-title")[-1]["text"] == en(OTHER_TAB_TITLE)
    assert "Another tab has a match in progress" in ops(effects, "link-choice-text")[-1]["text"]
    app, effects = send(app, Pressed(Button.LINK_KEEP))  # declined: the other tab's match, as it saved it
    assert app.screen.kind is Screen.PLAY and app.session.match == theirs.match
    assert set(stores(effects, SAVE_KEY)) <= {theirs.to_json()}  # the very text storage holds: nothing changes


def test_a_stale_tab_replaces_the_other_tabs_match_only_when_asked_and_that_tab_says_so():
    other, _ = start(match=other_tabs_match())  # the other tab, playing
    app, _ = behind_on_the_setup_screen()
    app, _ = send(app, Stored(SAVE_KEY, other.storage.saved))
    app, effects = send(app, Submit(FORM))
    assert not stores(effects, SAVE_KEY)
    app, effects = send(app, Pressed(Button.LINK_START))  # the person's yes
    (written,) = stores(effects, SAVE_KEY)
    assert app.screen.kind is Screen.PLAY and Session.from_json(written).match.players == ("Ann",)
    other, effects = send(other, Stored(SAVE_KEY, written))
    assert visible(effects, "other-tab") and ops(effects, "other-tab-text")[-1]["text"] == en(WORDS.other_tab_replaced)
    other, effects = send(other, Pressed(Button.ROLL))
    assert not of(effects, "store")


def test_a_match_continued_in_another_tab_is_still_said_so():
    app, _ = start(match=rolled())
    app, effects = send(app, Stored(SAVE_KEY, Session(app.session.match.roll()).to_json()))
    assert ops(effects, "other-tab-text")[-1]["text"] == en(WORDS.other_tab)


def test_a_finished_match_of_another_tab_is_no_question():
    app, _ = start()
    match = new_match("yacht", ["Cy"], seed=5)
    for box in match.open_categories():
        match = match.roll().score(box)
    app, _ = send(app, Stored(SAVE_KEY, Session(match).to_json()))  # finished: nothing in it to lose
    app, effects = send(app, Submit(FORM))
    assert app.screen.kind is Screen.PLAY and stores(effects, SAVE_KEY)


def test_the_daily_start_of_a_stale_tab_asks_before_replacing_another_tabs_match():
    app, theirs = behind_on_the_setup_screen()
    app, effects = send(app, Pressed(Button.QUICK_DAILY, form=lobby()))
    assert not of(effects, "store") and app.screen.kind is Screen.LINK_CHOICE and app.screen.kept.match == theirs.match


def test_the_daily_game_taken_up_in_a_stale_tab_is_the_newer_state_another_tab_saved():
    app, _ = start()
    app, _ = send(app, Pressed(Button.QUICK_DAILY, form=lobby()), Pressed(Button.ROLL))
    app, _ = send(app, Pressed(Button.MENU_NEW), Answered(Answer.LEAVE))
    newer = Session(app.session.match.score(next(iter(app.session.match.options()))).roll(), undo_allowed=False)
    app, _ = send(app, Stored(SAVE_KEY, newer.to_json()))  # the same daily game, played on in another tab
    older = app.session.to_json()
    app, effects = send(app, Pressed(Button.QUICK_DAILY, form=lobby()))
    assert app.screen.kind is Screen.PLAY and app.session.match == newer.match
    assert older not in stores(effects, SAVE_KEY)


def test_an_import_in_a_stale_tab_never_restores_over_another_tabs_match():
    app, theirs = behind_on_the_setup_screen()
    app, effects = send(app, backup_file(rolled("yacht", ("Bo",), seed=9), some_history()))
    assert not stores(effects, SAVE_KEY) and app.session is None
    assert stores(effects, HISTORY_KEY) and "restored" not in notice(effects)


def test_a_link_choice_answered_after_another_tab_played_on_never_writes_the_older_state():
    saved = rolled()
    app, _ = start("players=Bob&rules=yatzy", match=saved)
    assert app.screen.kind is Screen.LINK_CHOICE
    newer = Session(saved.match.score(next(iter(saved.match.options()))).roll())
    app, _ = send(app, Stored(SAVE_KEY, newer.to_json()))  # the match played on in another tab meanwhile
    app, effects = send(app, Pressed(Button.LINK_KEEP))
    assert app.screen.kind is Screen.PLAY and app.session.match == newer.match
    assert saved.to_json() not in stores(effects, SAVE_KEY)


def test_a_tab_up_to_date_starts_at_once():
    app, _ = start(match=rolled())
    app, _ = send(app, Pressed(Button.MENU_NEW), Answered(Answer.LEAVE))  # its own match, left: no question
    app, effects = send(app, Submit(FORM))
    assert app.screen.kind is Screen.PLAY and stores(effects, SAVE_KEY)


# ----------------------------------------------------------------------------- a challenge link declined


def test_a_declined_challenge_link_leaves_the_kept_challenge():
    kept, offered = challenge_text(2), challenge_text(3)
    app, effects = start(f"challenge={offered}", match=rolled("yatzy", ("Cy",)), stored={CHALLENGE_KEY: kept})
    assert app.screen.kind is Screen.LINK_CHOICE and not stores(effects, CHALLENGE_KEY)
    app, effects = send(app, Pressed(Button.LINK_KEEP))
    assert not stores(effects, CHALLENGE_KEY) and app.value(CHALLENGE_KEY) == kept
    assert app.kept.challenge == links.read(kept).match


def test_an_accepted_challenge_link_is_kept():
    kept, offered = challenge_text(2), challenge_text(3)
    app, _ = start(f"challenge={offered}", match=rolled("yatzy", ("Cy",)), stored={CHALLENGE_KEY: kept})
    app, effects = send(app, Pressed(Button.LINK_START))
    assert stores(effects, CHALLENGE_KEY) == [offered] and app.kept.challenge == links.read(offered).match


# ----------------------------------------------------------------------------- a backup's challenge


def test_a_backup_carries_the_challenge_and_restores_it_where_none_is_kept():
    text = challenge_text(2)
    app, _ = start(match=rolled(), stored={CHALLENGE_KEY: text})
    app, effects = send(app, Pressed(Button.EXPORT_BACKUP))
    exported = of(effects, "download")[0][1]
    assert Backup.from_json(exported).challenge == text
    fresh, _ = start()
    fresh, effects = send(fresh, backup(exported))
    assert stores(effects, CHALLENGE_KEY) == [text] and fresh.kept.challenge == links.read(text).match
    own = challenge_text(4)
    phone, _ = start(stored={CHALLENGE_KEY: own})
    phone, effects = send(phone, backup(exported))  # this phone's own challenge is kept
    assert not stores(effects, CHALLENGE_KEY) and phone.value(CHALLENGE_KEY) == own


def backup(text: str) -> File:
    """The import of a backup file's text."""
    return File(len(text.encode()), text)


def test_a_backup_without_a_challenge_still_imports_and_a_damaged_one_is_refused():
    old = json.loads(backup_file(None, some_history()).text)
    assert "challenge" not in old and Backup.from_dict(old).challenge is None
    app, _ = start()
    app, effects = send(app, backup(json.dumps(old)))
    assert stores(effects, HISTORY_KEY) and not stores(effects, CHALLENGE_KEY)
    app, effects = send(app, backup(json.dumps({**old, "challenge": "nope"})))
    assert notice(effects).startswith(en(WORDS.import_refused)) and not of(effects, "store")


# ----------------------------------------------------------------------------- copies kept aside


def launch(storage: dict[str, str], now: str) -> list[Effect]:
    """A launch with an unreadable save and history: the save problem passed, Statistics opened (which keeps the
    history aside), every tick answered; storage changed as the page would."""
    events = [Pressed(Button.SAVE_PROBLEM_DISMISS), Pressed(Button.MENU_STATS), Fetched(REFERENCES, None)]
    app, effects = update(App(), Start(stored=tuple(storage.items())), now=now)
    everything = list(effects)
    apply(storage, effects)
    pending = list(events)
    while pending or of(effects, "tick"):
        ticks = [read_timer(token) for token, _ in of(effects, "tick") if token.split(":")[0] in ("kept", "history")]
        batch = ticks + ([pending.pop(0)] if pending else [])
        effects = []
        for event in batch:
            app, more = update(app, event, now=now)
            apply(storage, more)
            effects += more
        everything += effects
        if not batch:
            break
    return everything


def apply(storage: dict[str, str], effects: list[Effect]) -> None:
    for effect in effects:
        match effect:
            case Store(key, value):
                storage[key] = value
            case Remove(key):
                storage.pop(key, None)


def kept(storage: dict[str, str]) -> dict[str, str]:
    return {key: value for key, value in storage.items() if key.startswith(KEPT_PREFIX)}


@pytest.mark.parametrize("size", [10, 400_000])
def test_copies_kept_aside_over_many_launches_stay_bounded_and_the_newest_are_kept(size):
    storage: dict[str, str] = {}
    for day in range(10, 18):
        save, history = "{save " + "s" * size + str(day), "{history " + "h" * size + str(day)
        storage |= {SAVE_KEY: save, HISTORY_KEY: history}
        launch(storage, f"2026-11-{day}T10:00:00Z")
        copies = kept(storage)
        assert save in copies.values() and history in copies.values()  # this launch's: kept
        kinds = [kept_kind(key) for key in copies]
        assert max(kinds.count(kind) for kind in set(kinds)) <= MAX_KEPT_PER_KIND
        assert sum(map(len, copies.values())) <= KEPT_BUDGET
    if size == 10:
        assert len(kept(storage)) == 2 * MAX_KEPT_PER_KIND  # the three newest of each


def three_saves_kept() -> dict[str, str]:
    """Storage holding as many copies of unreadable saves as are kept (the first has no time)."""
    storage = {f"{UNREADABLE_KEY}/2026-11-1{day}T10:00:00Z": "{old" + str(day) for day in range(MAX_KEPT_PER_KIND - 1)}
    return storage | {UNREADABLE_KEY: "{oldest"}


def kept_ticks(effects: list[Effect]) -> list[Message]:
    return [read_timer(token) for token, _ in of(effects, "tick") if token.startswith("kept:")]


def test_the_oldest_copy_goes_once_the_newest_is_known_kept():
    app, effects = update(App(), Start(stored=(*three_saves_kept().items(), (SAVE_KEY, "{new"))), now=NOW)
    assert stores(effects, f"{UNREADABLE_KEY}/{NOW}") == ["{new"] and not of(effects, "remove")
    app, effects = send(app, *kept_ticks(effects))
    assert of(effects, "remove") == [(UNREADABLE_KEY,)] and app.value(f"{UNREADABLE_KEY}/{NOW}") == "{new"


def test_no_copy_goes_when_the_newest_could_not_be_kept():
    app, effects = update(App(), Start(stored=(*three_saves_kept().items(), (SAVE_KEY, "{new"))), now=NOW)
    first = kept_ticks(effects)
    app, effects = send(app, Refused(f"{UNREADABLE_KEY}/{NOW}"))  # the copy did not fit: a move, its own tick
    second = kept_ticks(effects)
    app, gone = send(app, *first)
    assert second and not of(gone, "remove")  # the copy's tick: the move is not known kept yet
    app, effects = send(app, Refused(f"{UNREADABLE_KEY}/{NOW}"))  # nor the move: the save is put back
    app, gone = send(app, *second)
    assert not of(gone, "remove") and app.value(UNREADABLE_KEY) == "{oldest" and stores(effects, SAVE_KEY) == ["{new"]


def test_the_save_problem_names_the_key_its_copy_went_under():
    app, effects = start(match="{second", stored={UNREADABLE_KEY: "{first"})
    assert stores(effects, f"{UNREADABLE_KEY}/{NOW}") == ["{second"]
    assert ops(effects, "save-problem-kept")[-1]["text"] == en(SAVE_KEPT, key=f"{UNREADABLE_KEY}/{NOW}")
    app, effects = start(match="{first", stored={f"{UNREADABLE_KEY}/2026-11-20T10:00:00Z": "{first"})
    assert not of(effects, "store")  # kept already: the message names where
    assert "2026-11-20T10:00:00Z" in ops(effects, "save-problem-kept")[-1]["text"]


def test_a_copy_of_the_setup_is_bounded_too():
    storage = {SETUP_KEY: "{"}
    for day in range(10, 16):
        storage[SETUP_KEY] = "{" + str(day)
        app, effects = update(App(), Start(stored=tuple(storage.items())), now=f"2026-11-{day}T10:00:00Z")
        apply(storage, effects)
        app, more = send(app, *[read_timer(token) for token, _ in of(effects, "tick") if token.startswith("kept:")])
        apply(storage, more)
    assert sorted(kept(storage).values()) == ["{13", "{14", "{15"]


def test_a_copy_refused_after_another_tab_kept_a_value_under_its_key_moves_beside_it_never_over_it():
    """Hypothesis found it: the save's copy was refused after another tab had kept a value of its own under the
    same key; the move then wrote over that tab's copy. It now goes under a key of its own."""
    app, _ = start(match="{broken")
    assert app.value(UNREADABLE_KEY) == "{broken"
    app, _ = send(app, Stored(UNREADABLE_KEY, "{other tab's"))
    app, effects = send(app, Refused(UNREADABLE_KEY))
    written = [effect.key for effect in effects if isinstance(effect, Store)]
    assert written == [f"{UNREADABLE_KEY}/{NOW}"] and app.value(UNREADABLE_KEY) == "{other tab's"
    assert Remove(SAVE_KEY) in effects and app.value(f"{UNREADABLE_KEY}/{NOW}") == "{broken"
    assert f"{UNREADABLE_KEY}/{NOW}" in ops(effects, "save-problem-kept")[-1]["text"]  # the screen names where


def test_a_copy_refused_after_another_tab_kept_the_same_save_moves_nothing():
    app, _ = start(match="{broken")
    app, _ = send(app, Stored(UNREADABLE_KEY, "{other tab's"), Stored(f"{UNREADABLE_KEY}/x", "{broken"))
    app, effects = send(app, Refused(UNREADABLE_KEY))
    assert not [effect for effect in effects if isinstance(effect, Store | Remove)]
    assert app.value(SAVE_KEY) == "{broken" and app.value(f"{UNREADABLE_KEY}/x") == "{broken"
