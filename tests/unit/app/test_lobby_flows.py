"""The lobby through ``update``, read as the page shows it (moved from tests/e2e/test_lobby.py): each one-tap match
and its first turn, the seat levels More offers, a computer named in the page's language.

Where the one-tap choices are on the first screen, and More's folding, stay in the browser (tests/e2e/test_lobby.py).
"""

from __future__ import annotations

import re

import pytest

from game.app.events import BoxChosen, Button, Fetched, Pressed, read_click
from game.app.keys import Wanted
from game.coach.bots import computer_names
from game.core.i18n import Text
from game.present import forms
from game.records.choices import Setup, form_values
from tests.helpers.app import opened, play
from tests.helpers.page import heads, status, words
from tests.helpers.words import catalogue

FIRST_VISIT = tuple(form_values(Setup(players=("",))).items())  # the form as it first paints: one seat, blank


def a_turn(app, page):
    """Roll and take the first box offered."""
    app, page, _ = play(app, page, Pressed(Button.ROLL))
    return play(app, page, BoxChosen(next(iter(app.session.match.options()))))


@pytest.mark.parametrize(
    "choice, seats, first, said",
    [
        ("quick-solo", ["You"], "Your turn", "Your turn"),
        ("quick-computer", ["You", "Robin"], "Your turn", "Robin (computer) is playing"),  # never "Computer 2's turn"
        ("quick-pass", ["Ann", "Bob"], "Ann's turn", None),  # friendly names, not "Player 1"
    ],
)
def test_each_one_tap_choice_starts_its_match_and_its_first_turn(choice, seats, first, said):
    app, page, _ = opened()
    app, page, _ = play(app, page, read_click(choice, (), FIRST_VISIT))
    if choice == "quick-pass":  # the two names asked first (tests/unit/app/test_you_names.py): Not now
        app, page, _ = play(app, page, Pressed(Button.NAMING_SKIP))
    assert list(dict.fromkeys(heads(page)[1:])) == seats and app.session.match.ruleset.name == "yahtzee"
    assert status(page) == f"{first}: roll the dice"
    app, page, _ = a_turn(app, page)
    if said is None:  # the phone goes to the next person
        assert page["pass"]["hidden"] is False and "Bob" in words(page, "pass-title")
    else:
        assert said in status(page)


def test_more_offers_each_seat_a_person_or_a_computer_of_each_level():
    kinds = re.search(r'<select id="player-kind-2".*?</select>', forms.setup_form(), re.S).group(0)
    assert re.findall(r"<option[^>]*>(.*?)</option>", kinds) == [
        "Person",
        "Computer (Easy)",
        "Computer (Good)",
        "Computer (Perfect)",
        "Computer (Perfect, to win)",
    ]


def test_a_computers_name_is_in_the_pages_language():
    sv = Text.from_mo("sv", catalogue("sv"))
    app, page, _ = opened(languages=("sv-SE",))
    app, page, _ = play(app, page, Fetched(Wanted.language("sv"), catalogue("sv")))
    robot = computer_names(sv)[0]
    assert robot != computer_names()[0] and len(robot) <= 8
    assert words(page, "quick-computer-line") == sv._("You against {name}, who plays well", name=robot)
    app, page, _ = play(app, page, Pressed(Button.QUICK_COMPUTER, form=FIRST_VISIT))
    assert heads(page)[1:] == [sv.p_("default name", "You"), robot] == ["Du", robot]
    app, page, _ = a_turn(app, page)
    assert sv._("{name} (computer) is playing", name=robot) in status(page)
