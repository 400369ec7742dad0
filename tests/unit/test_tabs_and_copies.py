"""Nothing lost across tabs and dialogs (issue 45, item 6), through ``update`` only: a tab that is behind never
writes over a newer saved match, a declined challenge link leaves the kept challenge, a backup carries the
challenge, and the copies kept aside are bounded and named by the key they went under."""

from __future__ import annotations

import pytest

from game.app import (
    HISTORY_KEY,
    KEPT_PREFIX,
    SAVE_KEY,
    SETUP_KEY,
    UNREADABLE_KEY,
    App,
    Click,
    Effect,
    Fetched,
    Refused,
    Start,
    Tick,
    update,
)
from game.app.storage import KEPT_BUDGET, MAX_KEPT_PER_KIND, kept_kind
from tests.unit.test_app import (
    NOW,
    WORDS,
    en,
    of,
    ops,
    send,
    start,
    stores,
)

# ----------------------------------------------------------------------------- copies kept aside


def launch(storage: dict[str, str], now: str) -> list[Effect]:
    """A launch with an unreadable save and history: the save problem passed, Statistics opened (which keeps the
    history aside), every tick answered; storage changed as the page would."""
    events = [Click("save-problem-dismiss"), Click("menu-stats"), Fetched("references", None)]
    app, effects = update(App(), Start(stored=tuple(storage.items())), now=now)
    everything = list(effects)
    apply(storage, effects)
    pending = list(events)
    while pending or of(effects, "tick"):
        ticks = [Tick(token) for token, _ in of(effects, "tick") if token.split(":")[0] in ("kept", "history")]
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
        if effect.kind == "store":
            storage[effect.args[0]] = effect.args[1]
        elif effect.kind == "remove":
            storage.pop(effect.args[0], None)


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


def kept_ticks(effects: list[Effect]) -> list[Tick]:
    return [Tick(token) for token, _ in of(effects, "tick") if token.startswith("kept:")]


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
    assert ops(effects, "save-problem-kept")[-1]["text"] == en(WORDS.save_kept, key=f"{UNREADABLE_KEY}/{NOW}")
    app, effects = start(match="{first", stored={f"{UNREADABLE_KEY}/2026-11-20T10:00:00Z": "{first"})
    assert not of(effects, "store")  # kept already: the message names where
    assert "2026-11-20T10:00:00Z" in ops(effects, "save-problem-kept")[-1]["text"]


def test_a_copy_of_the_setup_is_bounded_too():
    storage = {SETUP_KEY: "{"}
    for day in range(10, 16):
        storage[SETUP_KEY] = "{" + str(day)
        app, effects = update(App(), Start(stored=tuple(storage.items())), now=f"2026-11-{day}T10:00:00Z")
        apply(storage, effects)
        app, more = send(app, *[Tick(token) for token, _ in of(effects, "tick") if token.startswith("kept:")])
        apply(storage, more)
    assert sorted(kept(storage).values()) == ["{13", "{14", "{15"]
