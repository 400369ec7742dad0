"""Hints in a player's words (issue 54, part 3c; issue 58, 4.3) through ``update``, read as the page shows them: the
panel's first line says what to do and why without numbers, the numbers wait behind Why? (a closed disclosure, on
every screen), a screen reader hears one short line with the dice's positions, and how a suggested die differs from
a held one is said once."""

from __future__ import annotations

import re

from game.app.events import BoxChosen, Button, Pressed, Switch, Toggled
from game.core.actions import Keep
from game.present import hint_words
from game.present.paint import die_at
from tests.helpers.app import after, opened, play
from tests.helpers.page import TAG
from tests.helpers.words import text_in

DECIMAL = re.compile(r"\d\.\d")


def hinted(query: str):
    """A game of ``query`` with hints on, rolled once, its hint come."""
    app, page, _ = opened(query)
    app, page, _ = play(app, page, Toggled(Switch.HINTS, True))
    return after(*play(app, page, Pressed(Button.ROLL)), "hint")


def first_line(page) -> str:
    return TAG.sub("", re.match(r'<p class="hint-line">(.*?)</p>', page["hint"]["html"]).group(1))


def test_the_first_line_is_plain_and_the_numbers_wait_behind_why():
    app, page, _ = hinted("rules=yahtzee&players=Ann&seed=21")
    panel = page["hint"]["html"]
    line = first_line(page)
    assert line and not DECIMAL.search(line) and "%" not in line and "—" not in line, line
    best = app.session.hint().best.action
    assert line.startswith(("Keep", "Roll all", "Score", "Put a 0")) and isinstance(best, Keep)
    more = re.search(r'<details class="hint-more"><summary>Why\?</summary>(.*)</details>', panel)
    assert more and DECIMAL.search(more.group(1)) and "<ol>" in more.group(1)  # the expected scores, in it
    assert "<details open" not in panel  # closed until asked, on a phone and at 1280 px alike


def test_a_screen_reader_hears_one_short_line_with_the_dices_positions():
    app, page, _ = hinted("rules=yahtzee&players=Ann&seed=21")
    said = page["hint-said"]["text"]
    keep = [i for i in range(5) if page.get(die_at(i), {}).get("toggle", {}).get("hint-keep")]
    assert keep and said.startswith("Hint: keep di"), said
    assert [int(n) for n in re.findall(r"\b\d\b", said.split("—")[0])] == [i + 1 for i in keep], (said, keep)
    assert len(said.split()) <= 12 and not DECIMAL.search(said)  # not ~80 words a roll
    assert "aria-live" not in page.get("hint", {}).get("attrs", {})  # the panel itself is not read out


def test_the_hint_says_once_how_its_dice_differ_from_held_ones():
    app, page, _ = hinted("rules=yahtzee&players=Ann&seed=21")
    assert 'class="hint-told"' in page["hint"]["html"] and "dashed ring" in page["hint"]["html"]
    box = next(iter(app.session.match.options()))
    app, page, _ = play(app, page, BoxChosen(box))
    app, page, _ = after(*play(app, page, Pressed(Button.ROLL)), "hint")
    assert page["hint"]["html"] and 'class="hint-told"' not in page["hint"]["html"]  # said once


def test_a_box_to_score_is_said_with_its_points_and_the_spoken_line_follows_the_language():
    app, page, _ = hinted("rules=yacht&players=Ann&seed=21")
    app, page, _ = after(*play(app, page, Pressed(Button.ROLL)), "hint")
    app, page, _ = after(*play(app, page, Pressed(Button.ROLL)), "hint")  # no rolls left: a box is best
    match, best = app.session.match, app.session.hint().best.action
    points = match.options()[best.category]
    name = match.ruleset.category(best.category).name
    assert page["hint-said"]["text"] == f"Hint: score {points} in {name}"
    assert first_line(page) in (f"Score {points} in {name}", f"Put a 0 in {name}: it costs you the least")
    german = text_in("de")
    assert hint_words.said_text(match, best, (), german).startswith("Tipp: trag ")
    assert hint_words.said_text(match, Keep((match.dice[0],)), (0,), german) == "Tipp: behalte Würfel 1"
