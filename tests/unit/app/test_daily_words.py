"""The daily game's words (issue 54, part 6): its table says which day's game it is ("Daily game · 24 Nov", in the
player's language and date form), and leaving it says truthfully that it stays as it is (it comes back intact), where
leaving an ordinary match still warns that it will be lost."""

from __future__ import annotations

from datetime import date

import pytest

from game.app.events import Answer, Answered, Button, Pressed
from game.core.engine import new_match
from game.core.i18n import LANGUAGES, Text
from game.present.words import WORDS
from game.records import daily
from tests.helpers.app import en, of, ops, send, start
from tests.helpers.scenes import lobby
from tests.helpers.words import text_in


def daily_begun():
    app, _ = start()
    return send(app, Pressed(Button.QUICK_DAILY, form=lobby()), Pressed(Button.ROLL))


def test_the_daily_games_table_says_which_days_game_it_is():
    app, effects = daily_begun()
    line = ops(effects, "challenge-line")
    assert line and line[0] == {"text": "Daily game · 24 Nov", "hidden": False}
    app, effects = start("rules=yatzy&players=Ann&seed=7")
    assert ops(effects, "challenge-line") == [{"text": "", "hidden": True}]  # an ordinary game has no such line


@pytest.mark.parametrize(
    "code, said",
    [("de", "Tagesspiel · 29. Nov."), ("fr", "Partie du jour · 29 nov."), ("sv", "Dagens parti · 29 nov.")],
)
def test_the_daily_label_is_in_the_players_words_and_date_form(code, said):
    match = new_match(daily.standard("yatzy"), ["Ann"], seed=daily.seed("yatzy", date(2026, 11, 29)))
    assert daily.table_line(match, text_in(code)) == said
    assert daily.short_day(date(2026, 5, 1), Text(LANGUAGES["en"])) == "1 May"


def test_leaving_the_daily_game_says_it_stays_and_it_does():
    app, _ = daily_begun()
    rolled = app.session.match
    app, effects = send(app, Pressed(Button.MENU_NEW))
    ((question, yes, answer),) = of(effects, "confirm")
    assert question == en(WORDS.leave_shared) and "lost" not in question and "stays as it is" in question
    assert answer == "leave"
    app, _ = send(app, Answered(Answer.LEAVE), Pressed(Button.QUICK_DAILY, form=lobby()))
    assert app.session.match == rolled  # what the question said: it came back as it was


def test_leaving_an_ordinary_match_still_warns_that_it_is_lost():
    app, _ = start("rules=yatzy&players=Ann&seed=7")
    app, _ = send(app, Pressed(Button.ROLL))
    app, effects = send(app, Pressed(Button.MENU_NEW))
    assert of(effects, "confirm")[0][0] == en(WORDS.leave_match)
