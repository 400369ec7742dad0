"""The small words of issue 54 (part 8, E): no stale "Starting…" once the game has started, whatever language the
lobby is worded in again; one game is "the last game", not "last 1 game", in every language; Practice spelt one way
on its button and its heading."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.events import Fetched, LanguagePicked
from game.app.keys import Wanted
from game.core.i18n import ENGLISH, LANGUAGES
from tests.helpers.app import ops, send, start
from tests.helpers.words import FIXED, catalogue, text_in


def test_a_change_of_language_leaves_no_stale_starting_line_in_the_lobby():
    app, _ = start(msgids=FIXED)
    app, effects = send(app, LanguagePicked("de"), Fetched(Wanted.language("de"), catalogue("de")))
    (form,) = [op["outer"] for op in ops(effects, "setup-form") if "outer" in op]
    assert "Startet" in form or "Starting" in form  # the line is in the form's markup, for the next start's wait
    start_line = form.split('id="loading"')[0].rsplit("<span", 1)[1] + form.split('id="loading"')[1].split(">")[0]
    assert "hidden" in start_line, start_line  # but hidden: the game started long ago


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_one_game_is_said_as_the_last_game_not_last_1_game(code):
    t = text_in(code) if code != "en" else ENGLISH
    for singular, plural in (
        ("Rating, last game", "Rating, last {count} games"),
        ("Luck: what the dice gave, last game", "Luck: what the dice gave, last {count} games"),
        ("Points lost against optimal play, last game", "Points lost against optimal play, last {count} games"),
        ("Rating: points lost per decision, last game", "Rating: points lost per decision, last {count} games"),
    ):
        one, five = t.n_(singular, plural, 1), t.n_(singular, plural, 5)
        assert "1" not in one and "5" in five and one != five, (code, one, five)


def test_practice_has_one_spelling_on_its_button_and_its_heading():
    page = Path("index.html").read_text()
    assert "Practise" not in page and 'id="practise" data-msg>Practice<' in page
    assert 'id="trainer-title" tabindex="-1" data-msg>Practice<' in page


@pytest.mark.parametrize(
    "code, said", [("en", "23 Nov 2026"), ("de", "23. Nov. 2026"), ("fr", "23 nov. 2026"), ("es", "23 nov 2026")]
)
def test_statistics_dates_name_their_month_in_the_players_language(code, said):
    from datetime import date

    from game.present import stats_view
    from tests.helpers.records import references, statistics_history, yacht

    t = text_in(code) if code != "en" else ENGLISH
    assert t.day_month(date(2026, 11, 23), year=True) == said  # never the US-only "11/23/2026" for all
    h = statistics_history()
    page = stats_view.statistics(h, references(), yacht(h), "Ann", t=t)
    assert page.recent[0][1].startswith(said + " · "), page.recent[0][1]
