"""Friendly default names (issue 54, part 7): the person's own unnamed seat is the language's "You" and is spoken to
in the second person ("Your turn", "You scored 25 in Full House", "Yahtzee!"), never "You's turn" or "Player";
people passing one phone get common names of the language ("Ann", "Bob"; "Anna", "Ben"), and typed ones are kept
for the next match. A challenge's link never calls its sender "You" (tests/unit/app/test_challenge_names.py)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.app.events import Button, Fetched, LanguagePicked, Pressed, read_click
from game.app.keys import SAVE_KEY, SETUP_KEY, Wanted
from game.app.state import Naming
from game.coach.session import Session
from game.core.actions import Roll
from game.core.engine import new_match
from game.core.i18n import ENGLISH, LANGUAGES, Text
from game.present import board_view, controls, feel, standings
from game.present.you import SECOND, SECOND_PLURAL, SECOND_REFUSALS, people_names, said, sent_name, you_name
from game.records.choices import Setup, form_values
from tests.helpers.app import notice, of, opened, play, play_out, shown, stores
from tests.helpers.page import heads, status, words
from tests.helpers.words import catalogue

FIRST_VISIT = tuple(form_values(Setup(players=("",))).items())  # the form as it first paints: one seat, blank
CODES = tuple(LANGUAGES)


def text_in(code: str) -> Text:
    return ENGLISH if code == "en" else Text.from_mo(code, catalogue(code))


def in_language(code: str, *events):
    """The App opened in ``code``'s language (its catalogue fetched), after ``events``: the App and the page."""
    app, page, _ = opened(languages=(code,))
    if code != "en":
        app, page, _ = play(app, page, Fetched(Wanted.language(code), catalogue(code)))
    app, page, _ = play(app, page, *events)
    return app, page


def wrong(texts, t: Text) -> list[str]:
    """The texts that still word the seat in the third person, leave a field, or say "Player"."""
    you, player = you_name(t), t.p_("default name", "Player")
    bad = (f"{you}'s", f"{you}' ", f"{you}s ", "{", player, "You's", "Player")
    return [text for text in texts if any(part in text for part in bad)]


@pytest.mark.parametrize("code", CODES)
def test_a_solo_game_speaks_to_the_person_in_the_second_person(code):
    t = text_in(code)
    app, page = in_language(code, read_click("quick-solo", (), FIRST_VISIT))
    assert heads(page)[1:] == [you_name(t)] and app.session.match.players == (you_name(t),)
    said_first = [status(page), words(page, "hint-toggle-text")]
    assert said_first == [t._("Your turn: roll the dice"), t._("Hints")]
    app, page, _ = play(app, page, Pressed(Button.ROLL))
    rolled = status(page)
    match = app.session.match
    assert rolled == t._(
        "You rolled {dice} (roll {roll} of {rolls})", dice=", ".join(map(str, match.dice)), roll=1, rolls=3
    )
    app, _, effects = play_out(app)
    over = app.session.match
    total = over.totals(0).grand_total
    page = shown(effects, page)
    ending = board_view.status(over, t)  # the status line (and its live region) once the match is over
    assert ending == t._("The match is over.") + " " + t.n_("You scored {count}.", "You scored {count}.", total)
    the_end = [words(page, at) for at in ("ending", "scene", "results")]
    assert any(str(total) in text for text in the_end)
    said_all = [*said_first, rolled, ending, board_view.status(match.roll(), t), *the_end]
    assert wrong(said_all, t) == []
    if code != "en":  # translated, not English
        assert not any(text.startswith(("Your turn", "You rolled", "You scored")) for text in said_all)


@pytest.mark.parametrize("code", CODES)
def test_the_moments_and_the_hint_lines_of_the_persons_own_seat_read_in_the_second_person(code):
    t, you = text_in(code), you_name(text_in(code))
    begun = new_match("yahtzee", [you], seed=1, t=t)
    rolled = begun.roll(faces=[4] * 5)
    scored = rolled.score("yahtzee")
    box = scored.ruleset.category("yahtzee").display(t)
    cheered = feel.cheer(rolled, feel.cues(begun, rolled), t)  # a Yahtzee is cheered on the roll that shows it
    assert cheered == t._("{category}!", category=box)
    scored_line = board_view.describe(rolled, scored, t)
    assert scored_line.startswith(
        t.n_("You scored {count} in {category}.", "You scored {count} in {category}.", 50, category=box)
    )
    lines = [
        cheered,
        scored_line,
        feel.best_cheer(((you, 271),), t),
        feel.rating_cheer(((you, 0.184),), t),
        controls.elements(Session(rolled), None, t)["hint-toggle-text"].text,
        standings.winner_text(scored, t),
    ]
    assert lines[2] == t.n_("A personal best: {count} point!", "A personal best: {count} points!", 271)
    assert lines[4] == t._("Hints")
    assert wrong(lines, t) == []
    tie = new_match("yacht", [you, "Robin"], seed=1, t=t).roll(faces=[6] * 5).score("choice")
    tie = tie.roll(faces=[6] * 5).score("choice")  # 30 each
    ending = [standings.winner_text(tie, t), standings.story_text(tie, standings.Outcome.TIE, t)]
    pair = ("A tie between you and {names} with {count}.", "A tie between you and {names} with {count}.")
    assert ending[0] == t.n_(*pair, 30, names="Robin")
    assert ending[1] == t._("You share the first place with {names}.", names="Robin") and wrong(ending, t) == []
    # Another name is worded as before: the third person, the name in it.
    fresh = new_match("yahtzee", ["Ann"], seed=1, t=t)
    ann = fresh.roll(faces=[4] * 5)
    assert "Ann" in feel.cheer(ann, feel.cues(fresh, ann), t)
    assert (
        "Ann" in board_view.status(ann, t)
        and "Ann" in controls.elements(Session(ann), None, t)["hint-toggle-text"].text
    )


def test_every_second_person_variant_is_worded_and_fills_its_fields():
    """Each variant, in every language, fills the fields its third-person sentence gets (none left, none missing)."""
    fields = {
        "roll": 1,
        "rolls": 3,
        "dice": "1, 2",
        "best": 200,
        "percent": "5%",
        "category": "Chance",
        "points": 35,
        "mean": "150",
    }
    fields |= {"value": "0.18", "faces": "6", "bonus": 100, "count": 2, "names": "Robin", "box": "Yahtzee"}
    for code in CODES:
        t = text_in(code)
        for third in SECOND:
            assert "{" not in said(t, third, you_name(t), **fields)
        for pair in SECOND_PLURAL.values():
            assert "{" not in t.n_(*pair, 2, **{k: v for k, v in fields.items() if k != "count"})


@pytest.mark.parametrize("code", CODES)
def test_pass_and_play_names_are_friendly_and_the_languages_own(code):
    t = text_in(code)
    app, page = in_language(code, read_click("quick-pass", (), FIRST_VISIT), Pressed(Button.NAMING_SKIP))
    names = people_names(t)
    assert app.session.match.players == names[:2] and heads(page)[1:3] == list(names[:2])
    assert wrong([status(page)], t) == [] and you_name(t) not in names
    if code != "en":
        assert set(names).isdisjoint(people_names()), code  # the language's own names, not the English ones


def test_typed_pass_and_play_names_are_kept_for_the_next_match():
    fields = dict(FIRST_VISIT) | {"count": "2", "name1": "Kim", "name2": ""}
    app, page = in_language("en", read_click("quick-pass", (), tuple(fields.items())))
    assert app.session.match.players == ("Kim", "Ann")  # a blank seat beside a typed one: a friendly name
    kept = app.value(SETUP_KEY)
    assert kept is not None and '"name1": "Kim"' in kept
    again, page, _ = opened(stored={SETUP_KEY: kept})
    again, page, _ = play(again, page, read_click("quick-pass", (), again.form))
    assert again.session.match.players == ("Kim", "Ann")


def test_a_link_never_names_its_sender_you():
    for code in CODES:
        t = text_in(code)
        assert sent_name(you_name(t), t) == t.p_("default name", "Player") != you_name(t)
        assert sent_name("Ann", t) == "Ann"


def test_the_persons_seat_takes_the_new_languages_you_when_the_language_changes():
    de = text_in("de")
    app, page = in_language("en", read_click("quick-solo", (), FIRST_VISIT), Pressed(Button.ROLL))
    app, page, effects = play(app, page, LanguagePicked("de"), Fetched(Wanted.language("de"), catalogue("de")))
    assert app.session.match.players == (you_name(de),) == ("Du",) and heads(page)[1:] == ["Du"]
    assert status(page) == "Du bist dran, Wurf 1 von 3" and wrong([status(page)], de) == []
    assert Session.from_json(stores(effects, SAVE_KEY)[-1]).match.players == ("Du",)  # a reload finds it so
    app, page, _ = play(app, page, LanguagePicked("en"))
    assert app.session.match.players == ("You",) and status(page) == "Your turn, roll 1 of 3"


def test_pass_and_play_asks_the_names_once_and_remembers_them():
    app, page = in_language("en", read_click("quick-pass", (), FIRST_VISIT))
    assert app.naming is Naming.PASSING and app.session is None  # asked before anything is played
    assert page["naming-pair"]["hidden"] is False and page["naming-ask"]["hidden"] is True
    assert words(page, "naming-title") == "Who is playing?" and page["naming-skip"]["hidden"] is False
    blank = (*FIRST_VISIT, ("asked-first", " "), ("asked-second", ""))
    same, _, effects = play(app, page, Pressed(Button.NAMING_OK, form=blank))
    assert same.naming is Naming.PASSING and same.session is None and effects == []  # nothing typed: still asked
    typed = (*FIRST_VISIT, ("asked-first", "  Kim "), ("asked-second", "Lee"))
    app, page, effects = play(app, page, Pressed(Button.NAMING_OK, form=typed))
    assert app.naming is None and ("naming", False) in of(effects, "dialog")
    assert app.session.match.players == ("Kim", "Lee") and app.session.pass_phone
    kept = stores(effects, SETUP_KEY)[-1]
    assert json.loads(kept)["name1"] == "Kim" and json.loads(kept)["name2"] == "Lee"
    # The next visit: the form holds the names, pass and play starts at once under them (not asked again).
    again, page, _ = opened(stored={SETUP_KEY: kept})
    again, page, _ = play(again, page, read_click("quick-pass", (), again.form))
    assert again.naming is None and again.session.match.players == ("Kim", "Lee")
    # Not now: the language's friendly names, and nothing remembered (asked again next time).
    app, page = in_language("de", read_click("quick-pass", (), FIRST_VISIT))
    app, page, effects = play(app, page, Pressed(Button.NAMING_SKIP))
    assert app.session.match.players == people_names(text_in("de"))[:2] == ("Anna", "Ben")
    assert all(
        "name1" not in json.loads(value) or not json.loads(value)["name1"] for value in stores(effects, SETUP_KEY)
    )


@pytest.mark.parametrize("code", CODES)
def test_a_refusal_to_the_persons_own_seat_is_said_to_them(code):
    t = text_in(code)
    spent = new_match("yacht", [you_name(t)], seed=1, t=t).roll().roll().roll()  # every roll of the turn used
    app, page = in_language(code, read_click("quick-solo", (), FIRST_VISIT))
    app = replace(app, session=replace(app.session, match=spent))
    _, _, effects = play(app, page, Pressed(Button.ROLL))
    said_now = notice(effects)  # the notice (a live region) says it
    pair = SECOND_REFUSALS[spent.refusal(Roll()).wording]
    assert said_now == t.n_(*pair, 3) and wrong([said_now], t) == []
    assert said_now.split()[0] == {"en": "You", "es": "No", "fr": "Tu"}.get(code, "Du")
    assert {"de": "kannst", "es": "puedes", "fr": "peux"}.get(code, "") in said_now  # the verb of "you", not "kann"
    # Another seat's refusal keeps its name: "Ann cannot roll: …".
    assert "Ann" in board_view.cell_refusal(new_match("yacht", ["Ann"], seed=1, t=t), "yacht", 0, t)
