"""What tests/e2e/test_reliability.py and test_hostile.py played in the browser, through ``update`` only: hostile
stored values and saves, a link over a match in progress, full storage and a name written with joiners.

The browser keeps what only it can show (the real quota, real localStorage strings through the worker, two tabs'
storage events, downloads carried out); the words, the screens and what is stored are asserted here.
"""

from __future__ import annotations

import json
import re

from game.app.events import Button, Key, Pressed, Refused, Submit, read_click
from game.app.keys import SAVE_KEY, SETUP_KEY, UNREADABLE_KEY
from game.app.state import Screen
from game.coach.session import Session
from game.core.engine import new_match
from game.core.inputs import MAX_SAVE_BYTES
from game.core.saves import to_dict
from game.records.choices import Setup, form_values
from tests.helpers.app import kinds, notice, of, ops, send, start, stores, visible

HINTS_KEY = "yacht-dice/hints"
DIE_NAME = re.compile(r"^Die \d, (?:showing (\d)|blank)$")
SOLO = tuple(form_values(Setup()).items())  # the lobby's fields as the page sends them with Play solo


def shown_dice(effects) -> list[int | None]:
    """The faces the tray's dice are named by, as the last ops of each die left them (None for a blank die)."""
    names: dict[int, str] = {}
    for ops_, _ in of(effects, "apply"):
        for _at, changes in ops_:
            label = changes.get("attrs", {}).get("aria-label", "")
            if DIE_NAME.match(label):
                names[int(label.split(",")[0].removeprefix("Die "))] = label
    return [int(face) if face else None for face in (DIE_NAME.match(names[i]).group(1) for i in sorted(names))]


def test_hostile_stored_values_never_stop_the_start():
    old_save = json.dumps(to_dict(new_match("yacht", ["Ann"], seed=7).roll()))
    app, effects = start(
        match=old_save,  # a format-1 save, with its hints record…
        stored={HINTS_KEY: '{"seed":"7","players":[1e400]}', SETUP_KEY: '{"rules":"x]"}'},  # …a float too large
    )
    assert app.screen.kind is Screen.PLAY and visible(effects, "play") and kinds(effects)[-1] == "ready"
    dice = shown_dice(effects)
    assert len(dice) == 5 and None not in dice  # the match resumed; the bad hints record only lost the hints


def test_a_deeply_nested_save_is_reported_kept_and_never_breaks_a_start():
    nested = "[" * 10_000 + "]" * 10_000
    app, effects = start(match=nested)
    assert app.screen.kind is Screen.SAVE_PROBLEM and visible(effects, "save-problem")
    assert ops(effects, "save-problem-reason")[-1]["text"] == "The data nests 10,000 levels deep; at most 64 are read."
    assert "Nothing was deleted" in ops(effects, "save-problem-kept")[-1]["text"]
    assert stores(effects, UNREADABLE_KEY) == [nested]
    app, effects = send(app, Pressed(Button.SAVE_PROBLEM_DOWNLOAD))
    ((name, text),) = of(effects, "download")
    assert name.startswith("yacht-dice-unreadable-save-") and text == nested
    app, effects = send(
        app, Pressed(Button.SAVE_PROBLEM_DISMISS), Pressed(Button.QUICK_SOLO, form=SOLO), Pressed(Button.ROLL)
    )
    assert app.screen.kind is Screen.PLAY and app.session.match.rolls == 1
    assert not [args for args in of(effects, "remove") if args[0].startswith(UNREADABLE_KEY)]  # still kept
    assert app.value(UNREADABLE_KEY) == nested


def test_a_save_too_large_to_copy_is_moved_aside_not_lost():
    huge = '{"format":"yacht-dice/session","padding":"' + "x" * (3 * 1024 * 1024) + '"}'
    app, effects = start(match=huge)
    reason = ops(effects, "save-problem-reason")[-1]["text"]
    assert f"too much data: {len(huge):,} bytes, and at most {MAX_SAVE_BYTES:,} are read" in reason
    assert "a copy is kept" in ops(effects, "save-problem-kept")[-1]["text"]
    app, effects = send(app, Refused(UNREADABLE_KEY))  # the copy beside it did not fit (the browser's quota)
    assert of(effects, "remove") == [(SAVE_KEY,)] and stores(effects, UNREADABLE_KEY) == [huge]  # so it is moved
    app, effects = send(
        app, Pressed(Button.SAVE_PROBLEM_DISMISS), Pressed(Button.QUICK_SOLO, form=SOLO), Pressed(Button.ROLL)
    )
    assert app.screen.kind is Screen.PLAY and app.session.match.rolls == 1
    assert not of(effects, "download") and app.value(UNREADABLE_KEY) == huge
    assert not [args for args in of(effects, "remove") if args[0] == UNREADABLE_KEY]


def test_when_nothing_can_be_put_aside_the_new_match_waits_for_a_download():
    app, _ = start(match="{truncated")
    app, _ = send(app, Refused(UNREADABLE_KEY))  # the copy refused: a move
    app, effects = send(app, Refused(UNREADABLE_KEY))  # the move refused too: put back where it was
    assert (
        stores(effects, SAVE_KEY) == ["{truncated"]
        and "storage is full" in ops(effects, "save-problem-kept")[-1]["text"]
    )
    assert ops(effects, "save-problem-dismiss")[-1]["text"] == "Download it, then start a new match"
    app, effects = send(app, Pressed(Button.SAVE_PROBLEM_DISMISS))
    ((name, text),) = of(effects, "download")
    assert name.endswith(".json") and text == "{truncated"
    assert app.screen.kind is Screen.SETUP and visible(effects, "setup")


def test_a_long_save_loads():
    """5,000 holds (the browser test had 20,000: 8 s of replay in CPython, for no other case)."""
    first = new_match("yahtzee", ["Ann", "Bob"], seed=3).roll()
    holds = [["hold", i % 5, (i // 5) % 2 == 0] for i in range(5_000)]
    long = Session(first.apply_all(holds))
    app, effects = start(match=long)
    assert app.screen.kind is Screen.PLAY and visible(effects, "play")
    assert shown_dice(effects) == list(long.match.dice)


def test_a_link_asks_in_words_before_it_replaces_a_match_in_progress():
    app, _ = start("rules=yacht&players=Ann&seed=5")
    app, _ = send(app, Pressed(Button.ROLL))
    mine = app.session
    asked, effects = start("rules=yatzy&players=Bob,Cy&seed=6", match=mine)
    assert asked.screen.kind is Screen.LINK_CHOICE and visible(effects, "link-choice")
    assert ops(effects, "link-choice-title")[-1]["text"] == "Start the match in this link?"
    assert ops(effects, "link-choice-text")[-1]["text"] == (
        "You have a match in progress (Yacht, Ann, game 1 of 1, round 1 of 12). "
        "This link starts a new one (Yatzy, Bob and Cy, not started), which would replace it."
    )
    assert () in of(effects, "dropQuery")
    kept, effects = send(asked, Pressed(Button.LINK_KEEP))
    assert kept.session.match == mine.match and shown_dice(effects) == list(mine.match.dice)
    taken, effects = send(asked, Pressed(Button.LINK_START))
    assert re.search(r"<th[^>]*>Yatzy</th>", ops(effects, "scorecard")[-1]["html"])
    assert Session.from_json(stores(effects, SAVE_KEY)[-1]).match.ruleset.name == "yatzy"


def test_full_storage_is_said_never_blamed_on_another_tab_and_every_hold_is_taken():
    app, _ = start("rules=yacht&players=Ann&seed=2")
    app, effects = send(app, Pressed(Button.ROLL))
    assert stores(effects, SAVE_KEY)
    app, effects = send(app, Refused(SAVE_KEY))  # storage is full
    assert "not being saved" in notice(effects)
    for die in (1, 2, 3, 2):
        app, effects = send(app, read_click(data=(("die", str(die - 1)),)))
        assert stores(effects, SAVE_KEY)
        app, refused = send(app, Refused(SAVE_KEY))
        assert "not being saved" in notice(refused) and visible(effects + refused, "other-tab") is not True
    app, effects = send(app, Pressed(Button.ROLL))
    assert app.session.match.rolls == 2 and visible(effects, "other-tab") is not True
    assert [app.session.match.held[i] for i in range(5)] == [True, False, True, False, False]  # none refused
    # The page kept the flag: the next start says what was lost, and resumes the match as last saved.
    again, effects = start(match=Session.from_json(stores(effects, SAVE_KEY)[-1]), unsaved=True)
    assert "last moves were not saved" in notice(effects)


def test_a_family_emoji_in_a_name_stays_one_character():
    """Issue 36's smaller item: a name's zero-width joiners were taken for controls, so a family came out as four
    people with spaces between them, in the setup form, on the card and in the save."""
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
    app, effects = start(f"rules=yacht&players=Ann {family}&seed=3")
    assert app.session.match.players == (f"Ann {family}",)
    assert re.search(rf'<th[^>]*data-seat="0"[^>]*>Ann {family}</th>', ops(effects, "scorecard")[-1]["html"])
    app, effects = send(app, Key("r"))
    assert f"Ann {family}" in json.dumps(json.loads(stores(effects, SAVE_KEY)[-1]), ensure_ascii=False)
    app, effects = send(start()[0], Submit((("count", "1"), ("name1", f"Ann {family}"))))
    assert app.session.match.players == (f"Ann {family}",)
