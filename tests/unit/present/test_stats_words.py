"""The Statistics screen's words, charts and file problems go through the catalogue, and numbers and dates
come out in the player's language.

A fake catalogue wraps every translation in «…»: whatever visible text is left once the marked parts
are taken out must hold no words (numbers, dates, punctuation and players' names are fine).
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from game.core import variants
from game.core.i18n import ENGLISH, LANGUAGES, Text
from game.core.inputs import Problem, Trouble, problem_text, read_json
from game.core.refusals import SaveError
from game.present import stats_view
from game.records import charts, stats
from game.records.backup import Backup
from game.records.history import MAX_GAMES_KEPT, History
from game.records.record import demo_record
from tests.helpers.marked import Marked
from tests.helpers.records import references, statistics_history, yacht

ROOT = Path(__file__).resolve().parents[3]
NAMES = ("Ann", "Bob")


MARKED = Text(LANGUAGES["en"], Marked())
SWEDISH = Text(LANGUAGES["sv"])


def visible(html: str) -> str:
    """The text a person sees or hears: element text and the words of aria-label, title and alt attributes."""
    said = " ".join(unescape(v) for v in re.findall(r'\b(?:aria-label|title|alt)="([^"]*)"', html))
    return unescape(re.sub(r"<[^>]*>", " ", html)) + " " + said


def escaped_words(text: str) -> list[str]:
    """Words outside every «…» (nested ones included), players' names left out."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"«[^«»]*»", " ", text)
    assert "«" not in text and "»" not in text, text
    return [word for word in re.findall(r"[^\W\d_]{2,}", text) if word not in NAMES]


def page_texts(page: stats_view.StatsPage, t: Text) -> list[str]:
    """Every text of a StatsPage and of the charts drawn from it (captions worded as the screen words them)."""
    texts = [label for _, label in page.rule_sets] + [page.empty]
    texts += [f"{what} {value}" for what, value in page.numbers] + list(page.rivals) + [line for _, line in page.recent]
    texts += [
        visible(
            charts.histogram(
                page.histogram, page.reference, t._("Totals, with the optimal player's"), id_prefix="totals", t=t
            )
        ),
        visible(
            charts.bars(page.boxes, t._("Each box's average against the optimal player's"), id_prefix="boxes", t=t)
        ),
        visible(
            charts.trend(page.trend, t._("Points lost against optimal play, last 50 games"), id_prefix="lost", t=t)
        ),
    ]
    return texts


def test_every_word_of_the_statistics_screen_and_its_charts_is_from_the_catalogue():
    h, refs = statistics_history(), references()
    pages = [stats_view.statistics(h, refs, t=MARKED)]
    pages += [stats_view.statistics(h, refs, key, name, t=MARKED) for key, _ in pages[0].rule_sets for name in NAMES]
    pages.append(stats_view.statistics(History(), refs, t=MARKED))
    assert any(page.rivals for page in pages) and any("tied" in r for page in pages for r in page.rivals)
    assert any("(" in label for _, label in pages[0].rule_sets)  # a rule set with options off their defaults
    texts = [text for page in pages for text in page_texts(page, MARKED)]
    texts += [visible(charts.histogram([], None, MARKED._("Scores"), t=MARKED))]
    texts += [visible(charts.trend([1.5, 2.0], MARKED._("Points lost"), t=MARKED))]  # the default label
    texts += [stats_view.storage_status(value, t=MARKED) for value in (None, True, False)]
    texts += [stats_view.imported(before, 7, restored, t=MARKED) for before in (6, 2) for restored in (False, True)]
    found = [(text, escaped_words(text)) for text in texts if escaped_words(text)]
    assert not found, found


def test_with_english_nothing_is_marked_and_the_page_reads_as_before():
    h = statistics_history()
    page = stats_view.statistics(h, references(), yacht(h), "Ann")
    numbers = dict(page.numbers)
    assert numbers["Games"] == "4" and re.fullmatch(r"\d+\.\d", numbers["Mean"])
    assert re.fullmatch(r"\d+ \(\d{1,2} [A-Z][a-z]{2} 2026\)", numbers["Best"])  # issue 54: no US-only form
    assert numbers["Upper bonus"] == "—" or numbers["Upper bonus"].endswith("%")
    assert [line for _, line in page.recent][:2] == ["23 Nov 2026 · Yacht · Ann 60, Bob 60", page.recent[1][1]]
    assert page.recent[1][1].startswith("1 Apr 2026 · Yahtzee · Ann ")
    assert "«" not in "".join(page_texts(page, ENGLISH))


def test_swedish_numbers_dates_and_shares():
    h, refs = statistics_history(), references()
    page = stats_view.statistics(h, refs, yacht(h), "Ann", t=SWEDISH)
    numbers = dict(page.numbers)
    assert re.fullmatch(r"\d+,\d", numbers["Mean"]) and re.fullmatch(r"\d+,\d", numbers["Standard deviation"])
    assert re.fullmatch(r"\d+,\d", numbers["Optimal player's mean"])
    assert re.fullmatch(r"\d+ \(\d{1,2} \S+ 2026\)", numbers["Best"])
    assert numbers["Games with a Yacht"].endswith("\u00a0%")
    assert page.recent[0][1] == "23 Nov 2026 · Yacht · Ann 60, Bob 60"  # the month by its name
    histogram = charts.histogram(page.histogram, page.reference, "Totals", t=SWEDISH)
    assert re.search(r"<td>\d+,\d\u00a0%</td>", histogram)
    assert re.search(r"<td>\d+,\d</td>", charts.bars(page.boxes, "Boxes", t=SWEDISH))
    trend = charts.trend([12.25, 3.5, 1000.0], "Lost", t=SWEDISH)
    assert "<td>12,2</td>" in trend and "<td>1\u00a0000,0</td>" in trend and "medel" not in trend
    assert (
        stats_view.imported(1000, 3500, False, t=SWEDISH)
        == "Imported 2\u00a0500 new games. 1\u00a0000 were already here."
    )
    assert stats.ruleset_label(variants.ruleset("yahtzee", upper_bonus=False), t=SWEDISH) == "Yahtzee (Upper bonus off)"


def problems() -> list[SaveError]:
    """One refused history, backup or stored text for each kind of problem."""
    header = {"format": "yacht-dice/history", "version": 1, "rules": [], "games": []}
    good = History().add(demo_record()).to_dict()
    bad_seat = json.loads(json.dumps(good))
    bad_seat["games"][0][5][1][0] = ""  # seat 2's name
    bad_game = json.loads(json.dumps(good))
    bad_game["games"][0][0] = "xyz"
    backup = Backup().to_dict()
    attempts = [
        lambda: read_json(b"x" * 100, "backup", 10),
        lambda: read_json(b"\xff\xfe", "backup", 10),
        lambda: read_json("[" * 100, "backup"),
        lambda: read_json('{"a": ', "backup"),
        lambda: History.from_dict([]),
        lambda: Backup.from_dict({"format": "other"}),
        lambda: History.from_dict({**header, "version": 9}),
        lambda: History.from_dict({**header, "version": 0}),
        lambda: History.from_dict({**header, "version": "1"}),
        lambda: History.from_dict({**header, "extra": 1, "x" * 500: 2}),
        lambda: History.from_dict({**header, "games": {}}),
        lambda: History.from_dict({**header, "games": [0] * (MAX_GAMES_KEPT + 1)}),
        lambda: History.from_dict({**header, "rules": [{"name": "nope"}]}),
        lambda: History.from_dict(bad_seat),
        lambda: History.from_dict(bad_game),
        lambda: Backup.from_dict({**backup, "exported": "yesterday"}),
        lambda: Backup.from_dict({**backup, "settings": []}),
        lambda: Backup.from_dict({**backup, "settings": {str(n): n for n in range(100)}}),
        lambda: Backup.from_dict({**backup, "settings": {"a": "x" * 70_000}}),
        lambda: Backup.from_dict({**backup, "session": {"format": "nope"}}),
    ]
    errors = []
    for attempt in attempts:
        with pytest.raises(SaveError) as caught:
            attempt()
        errors.append(caught.value)
    return errors


def test_every_problem_with_a_file_is_worded_by_the_catalogue_for_a_player():
    errors = problems()
    kinds = {error.problem.trouble for error in errors}
    assert kinds == set(Trouble), set(Trouble) - kinds
    for error in errors:
        assert str(error) and "«" not in str(error)  # the developer's detail stays English and unmarked
        marked = problem_text(error, MARKED)
        assert marked.startswith("«") and not escaped_words(marked), (str(error), marked)
        english = problem_text(error)
        assert english.endswith(".") and english[0].isupper() and "{" not in english, english
        assert error.problem.text(ENGLISH) == english
    bad_seat = next(
        error for error in errors if error.problem.trouble is Trouble.BAD_GAME and error.problem.fields["seat"]
    )
    assert problem_text(bad_seat) == "Game 1 (seat 2) is damaged or impossible."
    assert str(bad_seat).startswith("history game 1: seat 2's name ''")
    too_many = next(error for error in errors if error.problem.trouble is Trouble.TOO_MANY_GAMES)
    assert problem_text(too_many, SWEDISH) == "It holds 50\u00a0001 games; at most 50\u00a0000 are kept."


def test_an_error_without_a_problem_gets_a_general_sentence():
    assert (
        problem_text(SaveError("the save's actions must be a list"), MARKED)
        == "«The data is damaged or cannot be read.»"
    )
    assert Problem(Trouble.FOREIGN, {"what": "saved match"}).text() == "This is not a file of Yacht Dice."
