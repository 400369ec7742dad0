"""History and statistics through ``update``, read as the page shows them (moved from
tests/e2e/test_statistics_page.py): games recorded and counted, a backup exported, cleared and imported, and two
tabs' games both kept. The download, the file input and the screen's accessibility stay in the browser."""

from __future__ import annotations

import re

from game.app.events import Button, Fetched, File, Pressed, Stored, Submit
from game.app.keys import HISTORY_KEY, REFERENCES
from game.app.state import Over
from game.app.view import view
from game.records.choices import form_values, parse_link
from game.records.history import History
from tests.helpers.app import after_ticks, notice, of, opened, play, play_out, send, start, stores
from tests.helpers.page import cell, words


def play_game(seed: int, name: str = "Ann", stored: dict | None = None):
    """A solo Yacht game by link, played to the end and recorded: the App and its grand total."""
    app, page, _ = opened(f"rules=yacht&players={name}&seed={seed}", stored=stored)
    app, page, effects = play_out(app, page)
    app, _ = after_ticks(app, effects, "records")
    return app, int(cell(page, "grand_total"))


def games(app) -> int:
    return len(History.from_json(dict(app.storage.stored)[HISTORY_KEY]).games)


def statistics(app):
    """The Statistics screen opened (without the optimal player's numbers): the App and the screen's body."""
    opened_before = app.over is Over.STATS  # then it is shown already, and stays so
    app, page, _ = play(app, {}, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))
    shown = page.get("stats", {}).get("hidden")  # None: not drawn again (the view draws what changed)
    assert app.over is Over.STATS and shown is (None if opened_before else False)
    body = view(app).stats[0]  # the App holds the numbers, the view their markup
    assert opened_before or page["stats-body"]["html"] == body  # opened: its body drawn (else as it was)
    return app, body


def stat(body: str, what: str) -> str:
    row = re.search(rf'<th scope="row">{what}</th>\s*<td[^>]*>(.*?)</td>', body)
    assert row, (what, body[:2000])
    return re.sub(r"<[^>]+>", "", row.group(1)).strip()


def test_two_games_by_link_show_in_statistics_with_mean_and_best():
    app, first = play_game(1)
    assert games(app) == 1
    app, second = play_game(2, stored=dict(app.storage.stored))
    assert games(app) == 2
    app, body = statistics(app)
    assert stat(body, "Games") == "2" and stat(body, "Mean") == f"{(first + second) / 2:.1f}"
    assert stat(body, "Best").startswith(str(max(first, second)))
    assert body.count("<svg") >= 2 and body.count('role="img"') >= 2  # charts, each with its table of numbers
    charts = re.findall(r'<figure [^>]*class="chart">(.*?)</figure>', body, re.S)
    assert len(charts) >= 2 and all("<table" in chart for chart in charts[:2])
    recent = re.search(r'<ul class="recent-games">(.*?)</ul>', body, re.S)
    assert recent and recent.group(1).count("<li") == 2


def test_export_clear_import_and_a_bad_file_changes_nothing():
    app, total = play_game(3)
    app, effects = send(app, Pressed(Button.EXPORT_BACKUP))
    ((_, backup),) = of(effects, "download")
    cleared, _ = start()  # storage cleared, the page opened again
    cleared, body = statistics(cleared)
    assert "No finished games yet" in body
    app, page, effects = play(cleared, {}, File(len(backup.encode()), backup))
    assert "Imported 1 new game" in notice(effects) and games(app) == 1
    app, body = statistics(app)
    assert stat(body, "Best").startswith(str(total))
    app, effects = send(app, File(len(backup.encode()), backup))  # twice: nothing doubled
    assert "Imported 0 new games" in notice(effects) and games(app) == 1
    before = dict(app.storage.stored)[HISTORY_KEY]
    for bad in ('{"format": "yacht-dice/backup", "version": 99}', "[" * 10000):
        app, effects = send(app, File(len(bad), bad))
        assert "not imported" in notice(effects) and not stores(effects, HISTORY_KEY)
    assert dict(app.storage.stored)[HISTORY_KEY] == before


def test_two_tabs_finishing_games_both_land_in_the_history():
    second, _ = start()
    second, _ = statistics(second)  # this tab has read the (empty) history before the other tab's game ends
    first, page, _ = opened("rules=yacht&players=Ann&seed=4")
    first, page, effects = play_out(first, page)
    first, more = after_ticks(first, effects, "records")
    assert games(first) == 1
    written = [Stored(key, value) for key, value in of(effects + more, "store")]
    second, _ = send(second, *written, Pressed(Button.STATS_CLOSE))  # the storage events of the other tab's writes
    fields = form_values(parse_link("?rules=yacht&players=Bob&seed=5")[0])
    second, page, effects = play(second, {}, Submit(tuple(fields.items())))
    second, page, effects = play_out(second, page)  # a new match in the second tab, finished there
    second, _ = after_ticks(second, effects, "records")
    history = History.from_json(dict(second.storage.stored)[HISTORY_KEY])
    assert {seat.name for game in history.games for seat in game.seats} == {"Ann", "Bob"}
    assert words(page, "results-title") == "Game over"  # one seat: no standings of one
