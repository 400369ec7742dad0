"""The rating (game.records.rating): mean points lost per decision from hand-built records, what is left out and
what is rated apart, the records keeping decisions and hints, and Statistics showing it."""

from __future__ import annotations

import json

import pytest

from game.coach.session import Session
from game.core.engine import new_match
from game.core.refusals import SaveError
from game.present import stats_markup
from game.present.stats_view import statistics
from game.records.history import History
from game.records.rating import RECENT, Band, band, rating
from game.records.record import record_game, session_record
from game.records.stats import ruleset_key
from tests.helpers.records import YACHT, game, history

KEY = ruleset_key(YACHT)


def test_the_rating_is_points_lost_over_decisions_recent_and_overall():
    games = [game(n, lost=(float(n),), decisions=(40,)) for n in range(1, 26)]  # 25 games, losses 1..25
    r = rating(history(*games), KEY, "Ann")
    assert r.overall == pytest.approx(sum(range(1, 26)) / (25 * 40))
    assert r.recent == pytest.approx(sum(range(6, 26)) / (RECENT * 40))  # the latest 20
    assert r.trend == tuple(n / 40 for n in range(1, 26))
    assert r.band is band(r.recent)


def test_long_games_weigh_more_than_short_ones():
    r = rating(history(game(1, lost=(2.0,), decisions=(10,)), game(2, lost=(2.0,), decisions=(30,))), KEY, "Ann")
    assert r.overall == pytest.approx(4.0 / 40)  # not the mean of 0.2 and 0.0667


def test_games_that_decide_nothing_are_left_out():
    records = [
        game(1, lost=(3.0,), decisions=(30,)),
        game(2, lost=(0.0,), decisions=(30,), hinted=(True,)),  # played on hints: every choice the hint's
        game(3, lost=(None,), decisions=(None,)),  # no review (the advisor was not exact)
        game(4, lost=(9.0,), decisions=(), hinted=()),  # an older record: its decisions unknown
        game(5, lost=(9.0,), decisions=(0,)),
        game(6, lost=(3e-12,), decisions=(30,), hinted=(True,)),  # on hints: a tie's rounding is no choice
    ]
    r = rating(history(*records), KEY, "Ann")
    assert [g.lost for g in r.games] == [3.0] and r.helped == () and r.left_out == 5


def test_games_with_undos_or_hints_are_rated_apart():
    records = [
        game(1, lost=(3.0,), decisions=(30,)),
        game(2, lost=(6.0,), decisions=(30,), undos=(2,)),
        game(3, lost=(1.5,), decisions=(30,), hinted=(True,)),  # hints on, yet one choice its own
    ]
    r = rating(history(*records), KEY, "Ann")
    assert r.overall == pytest.approx(0.1)
    assert r.helped_overall == pytest.approx(7.5 / 60) and len(r.helped) == 2


def test_computers_and_other_people_are_not_in_a_persons_rating():
    two = game(
        1,
        lost=(3.0, None),
        decisions=(30, None),
        hinted=(False, False),
        undos=(0, 0),
        seats=(("Ann", "human", None), ("Robo", "computer", "perfect")),
    )
    h = history(two, game(2, lost=(9.0,), decisions=(30,), seats=(("Bob", "human", None),)))
    assert [g.lost for g in rating(h, KEY, "Ann").games] == [3.0]
    assert rating(h, KEY, "Robo").games == ()
    assert [g.lost for g in rating(h, KEY, "Bob").games] == [9.0]


@pytest.mark.parametrize(
    ("mean", "expected"),
    [(0.0, Band.SUPERB), (0.099, Band.SUPERB), (0.1, Band.STRONG), (0.199, Band.STRONG), (0.2, Band.GOOD)]
    + [(0.49, Band.GOOD), (0.5, Band.FAIR), (0.99, Band.FAIR), (1.0, Band.LEARNING), (7.0, Band.LEARNING)],
)
def test_the_bands_around_verhoeffs_aim(mean, expected):
    assert band(mean) is expected


# ------------------------------------------------------------------------- the records keep it


def test_decisions_and_hints_survive_the_saved_history():
    records = [game(1, lost=(3.0,), decisions=(31,), hinted=(True,)), game(2, decisions=(), hinted=())]
    saved = history(*records).to_dict()
    assert saved["games"][0][5][0][6:] == [31, True]
    assert len(saved["games"][1][5][0]) == 6  # an older record stays as it was
    back = History.from_json(json.dumps(saved))
    assert back.games[0].decisions == (31,) and back.games[0].hinted == (True,)
    assert back.games[1].decisions == () and back.games[1].hinted == ()


@pytest.mark.parametrize(
    ("extra", "part"),
    [([-1, False], "decisions -1"), ([1.5, False], "decisions 1.5"), ([30, "yes"], "hinted 'yes'"), ([30], "must be")],
)
def test_bad_decisions_or_hints_in_a_file_are_refused(extra, part):
    saved = history(game(1)).to_dict()
    saved["games"][0][5][0] = saved["games"][0][5][0][:6] + extra
    with pytest.raises(SaveError, match=part):
        History.from_dict(saved)


def test_a_session_records_each_persons_decisions_and_hints():
    match = new_match("yacht", ["Ann", "Bob"], seed=3)
    session = Session(match).with_hints(True)  # Ann's seat asks for hints
    while not session.match.game_over:
        session = Session(
            session.match.roll().score(session.match.open_categories()[0]), hints=session.hints, hinted=session.hinted
        )
    record = session_record(session, 0, "2026-11-23T06:40:00Z")
    assert record.decisions == (12, 12)  # one box a turn, no keep: twelve decisions each
    assert record.hinted == (True, False)


def test_record_game_refuses_decisions_that_are_not_counts():
    match = new_match("yacht", ["Ann"], seed=1)
    while not match.game_over:
        match = match.roll().score(match.open_categories()[0])
    with pytest.raises(ValueError, match="decisions"):
        record_game(match, 0, "2026-11-23T06:40:00Z", [0], [1.0], decisions=[-3], hinted=[False])


# ------------------------------------------------------------------------- Statistics shows it


def test_statistics_show_the_rating_its_scale_and_its_chart():
    records = [game(n, lost=(6.0,), decisions=(40,)) for n in range(1, 4)] + [game(9, lost=(2.0,), undos=(1,))]
    page = statistics(history(*records), {}, KEY, "Ann")
    numbers = dict(page.numbers)
    assert numbers["Rating, last 3 games"] == "0.15 per decision, strong"
    assert numbers["Rating, all 3 games"] == "0.15 per decision"
    assert numbers["With undos or hints, 1 game"] == "0.07 per decision"
    assert page.rating_trend == (0.15, 0.15, 0.15)
    assert "Tom Verhoeff's aim" in page.scale and "Below 0.1: superb" in page.scale
    html = stats_markup.statistics(page)
    assert 'id="rating-' in html and "stats-scale" in html
    assert "<td>0.15</td>" in html  # a rating's chart gives hundredths
    # each chart's caption counts the games it draws (fewer than charts.LAST here)
    assert "Rating: points lost per decision, last 3 games" in html
    assert "Points lost against optimal play, last 4 games" in html


def test_statistics_say_when_no_game_is_rated_yet():
    page = statistics(history(game(1, decisions=(), hinted=())), {}, KEY, "Ann")
    assert dict(page.numbers)["Rating"] == "no game rated yet" and page.rating_trend == ()
