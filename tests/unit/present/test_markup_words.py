"""Every word game.present.markup, forms and setup show is worded by the catalogue, and index.html marks each of its texts.

A fake catalogue wraps every translation in «…»: rendered with it, no visible text or translatable
attribute may hold a letter outside the markers, but for the values a test passes in (names).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from game.coach.bots import LADDER, rival_name
from game.core import variants
from game.core.i18n import ENGLISH, LANGUAGES, Text
from game.present import board_view, coach_view, forms, markup, stats_markup, stats_view
from game.records.choices import Setup, parse_link, setup_from_fields
from tests.helpers.marked import Marked
from tools.serve import ROOT

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SPOKEN = ("aria-label", "title", "placeholder", "alt")
"""Attributes a person hears or sees."""
NAMES = ("Ann", "Bob")


MARKED = Text(LANGUAGES["sv"], Marked())


class _Words(HTMLParser):
    """Every text node and spoken attribute of some markup, with the tags around it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.found: list[tuple[tuple[str, ...], str, str]] = []  # (tags, "text" or the attribute, value)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in SPOKEN:
            if attrs.get(name):
                self.found.append(((*self.stack, tag), name, attrs[name]))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop() != tag:
            pass

    def handle_data(self, data):
        if data.strip():
            self.found.append((tuple(self.stack), "text", data))


def _outside_markers(text: str) -> str:
    """What is left of ``text`` once every «…» (nested too) is taken out.

    >>> _outside_markers("««Yahtzee» options» 3")
    ' 3'
    """
    while True:
        shorter = re.sub(r"«[^«»]*»", "", text)
        if shorter == text:
            return text
        text = shorter


def unworded(html: str, allowed: tuple[str, ...] = (), skip: tuple[str, ...] = ()) -> list[str]:
    """The texts and spoken attributes of ``html`` with a letter outside «…», once ``allowed`` values are taken out.

    Text inside a ``skip`` tag is not looked at.
    """
    parser = _Words()
    parser.feed(html)
    parser.close()
    out = []
    for tags, where, value in parser.found:
        if any(tag in skip for tag in tags):
            continue
        rest = _outside_markers(value)
        for word in sorted(allowed, key=len, reverse=True):
            rest = rest.replace(word, "")
        if re.search(r"[^\W\d_]", rest):
            out.append(f"<{tags[-1] if tags else '#root'}> {where}: {value!r}")
    return out


def test_the_fake_catalogue_catches_english():
    assert unworded('<p>«Roll»</p><b aria-label="«Die {n}» 3">«x» 2</b>') == []
    assert unworded('<p>«Roll» now</p><b title="Die">«x»</b>') == ["<p> text: '«Roll» now'", "<b> title: 'Die'"]
    assert unworded("<p>Ann «scored»</p>", allowed=("Ann",)) == []


# ------------------------------------------------------------------ (a) markup speaks through t


def test_the_setup_form_is_worded_by_t():
    # the rivals' names are names, as the catalogue gives them: the marked one's list reads "«Robin", "Sam", …, "Jamie»",
    # whose "«" would open a marker of its own here
    names = tuple(rival_name(level, MARKED).strip("«»") for level in LADDER)
    assert unworded(forms.setup_form(MARKED).replace("«Robin", "Robin"), names) == []


def test_the_setup_form_in_english_is_as_before():
    assert forms.setup_form() == forms.setup_form(ENGLISH)
    assert "«" not in forms.setup_form()


@pytest.mark.parametrize("name", list(variants.VARIANTS))
@pytest.mark.parametrize("games", [1, 3])
def test_the_scorecard_is_worded_by_t(name, games):
    ruleset = variants.VARIANTS[name].ruleset()
    assert unworded(markup.scorecard(ruleset, NAMES, games, t=MARKED), NAMES) == []


def test_the_scorecards_boxes_and_title_are_the_catalogues():
    ruleset = variants.ruleset("generalized", dice=8)
    card = markup.scorecard(ruleset, NAMES, 1, t=MARKED)
    assert "<caption" in card and "«Custom {dice} dice × {sides} sides»" not in card
    assert "««Custom 8 dice × 6 sides» scorecard: «Upper section»»" in card
    assert "«4 of a Kind»" in card and "«Full House»" in card


def test_the_tray_cells_and_dice_are_worded_by_t():
    assert unworded(markup.tray(7, t=MARKED)) == []
    assert unworded(markup.cell("chance", board_view.Cell("12", "«Chance, 12 points»"), t=MARKED)) == []
    assert unworded(markup.die_face(5, 6, t=MARKED) + markup.die_face(17, 20, t=MARKED)) == []


def test_a_held_dies_tag_is_the_catalogues():
    # The tag on a held die's foot is the CSS's attr(data-held): worded like the rest, never a word of the CSS's own.
    assert markup.tray(2, t=MARKED).count('data-held="«HELD»"') == 2
    css = (ROOT / "static" / "css" / "app.css").read_text()
    assert "content: attr(data-held)" in css and '"HELD"' not in css


def test_hints_report_standings_and_problems_add_no_words_of_their_own():
    hint = coach_view.Advice("«Best: score Yacht»", ("«score Yacht — 50.0»", "«keep 6 6»"), (), "yacht")
    assert unworded(markup.advice(hint, t=MARKED)) == []
    sections = [
        coach_view.ReportSection("Ann", "«All best.»", ("«Round 3: …»",)),
        coach_view.ReportSection("Bob", "«x»", ()),
    ]
    assert unworded(markup.report(sections, t=MARKED), NAMES) == []
    assert unworded(markup.lines(["«1. Ann — 50»"], t=MARKED)) == []
    assert unworded(forms.problems(["«a»"], t=MARKED)) == []
    assert unworded(forms.problems(["«a»", "«b»"], t=MARKED)) == []


def test_link_problems_are_worded_by_t():
    cases = [
        "?games=%C2%B3",
        "?games=" + "9" * 500,
        "?games=2&games=3",
        "?players=a,b,c,d,e,f",
        "?seed=" + "x" * 80,
        "?undo=maybe",
        "?cpu=9:bad",
        "?rules=chess",
        "?players=Ann&cpu=5:easy",
        "?players=Ann&cpu=3:easy",
        "?rules=yacht&joker=free",
        "?rules=yahtzee&dice=3",
        "?rules=custom&dice=40",
        "?rules=custom&sides=x",
        "?rules=yahtzee&joker=wild",
        "?rules=yahtzee&upper_bonus=maybe",
    ]
    reasons = set()
    for link in cases:
        _, problems = parse_link(link)
        assert problems, link
        for problem in problems:
            reasons.add(problem.reason)
            worded = problem.text(MARKED)
            assert worded.startswith("«") and worded.endswith("»"), worded  # one whole sentence of the catalogue
            assert problem.text() == problem.message and "«" not in problem.message
    _, problems = setup_from_fields({"rules": "generalized", "generalized.dice": "40"})
    assert problems[0].text(MARKED) == "«dice=40 is outside 2..10 for «Custom dice» (at most 10 dice)»"
    assert len(reasons) == 14


def test_link_problems_in_english_are_as_before():
    """The English sentences are those of the messages before they were structured."""
    expected = {
        "?games=%C2%B3": ["games='³' is not a number of games from 1 to 6"],
        "?games=" + "9" * 5000: [
            "games='999999999999999999999999…' (5000 characters) is not a number of games from 1 to 6"
        ],
        "?games=2&games=3": ["games is given more than once; the first value is used"],
        "?players=a,b,c,d,e,f": ["players: 6 names given; a match has 1 to 5 players"],
        "?seed=" + "x" * 80: ["seed must be 1 to 64 characters"],
        "?undo=maybe": ["undo='maybe' must be 1 or 0 (on or off)"],
        "?cpu=9:bad": ["cpu='9:bad': use seat:level pairs such as 2:perfect (levels easy, good, perfect, win)"],
        "?rules=chess": [
            "rules='chess' is not a rule set; valid rule sets: yahtzee, yatzy, maxi (or maxi-yatzy, maxiyatzy), yacht, generalized (or custom)"
        ],
        "?players=Ann&cpu=5:easy": [
            "cpu: seat 5 is a computer, but only 1 player is named and seats 2 to 4 would have "
            "nobody; name them in players, or make them computers too"
        ],
        "?players=Ann,Bob&cpu=4:easy": [
            "cpu: seat 4 is a computer, but only 2 players are named and seat 3 would have "
            "nobody; name them in players, or make them computers too"
        ],
        "?rules=yacht&joker=free": ["unknown option 'joker' for yacht; yacht takes no options"],
        "?rules=yahtzee&dice=3": [
            "unknown option 'dice' for yahtzee; valid options: upper_bonus, yahtzee_bonus, joker, forced_order"
        ],
        "?rules=custom&dice=40": ["dice=40 is outside 2..10 for Custom dice (at most 10 dice)"],
        "?rules=custom&sides=x": ["sides='x' is not valid for Custom dice; valid values: whole numbers 2..20"],
        "?rules=yahtzee&joker=wild": ["joker='wild' is not valid for Yahtzee; valid values: forced, free, none"],
        "?rules=yahtzee&upper_bonus=maybe": ["upper_bonus='maybe' is not valid for Yahtzee; valid values: True, False"],
    }
    for link, messages in expected.items():
        _, problems = parse_link(link)
        assert [p.text() for p in problems] == messages, link


def test_a_nameless_computer_is_named_in_the_players_language():
    setup = Setup(players=("Ann", ""), kinds=("human", "good"))
    assert [s.name for s in setup.seats()] == ["Ann", "Robin"]
    assert [s.name for s in setup.seats(t=MARKED)] == ["Ann", "«Robin"]  # the first of the catalogue's list
    assert [s.name for s in setup.start(t=MARKED).seats] == ["Ann", "«Robin"]


def _stats_page() -> stats_view.StatsPage:
    return stats_view.StatsPage(
        rule_sets=(("yatzy", "«Yatzy»"), ("yacht", "«Yacht»")),
        key="yatzy",
        players=NAMES,
        name="Ann",
        numbers=(("«Games»", "3"), ("«Average»", "«212.5»")),
        histogram=((200, 209, 2), (210, 219, 1)),
        reference=((200, 5), (210, 5)),
        boxes=(("«Chance»", 21.5, 22.0),),
        trend=(3.0, 4.5),
        rivals=("«Ann beat Bob 2 to 1»",),
        recent=(("g1", "«2026-01-05 · Yatzy · Ann 212»"),),
    )


def test_the_statistics_screen_is_worded_by_t():
    html = stats_markup.statistics(_stats_page(), t=MARKED)
    assert unworded(html, NAMES) == []
    html = html.replace("&#x27;", "'")
    assert "«Totals, with the optimal player's»" in html and "«Points lost against optimal play, last 2 games»" in html
    assert 'aria-label="«Delete the game «2026-01-05 · Yatzy · Ann 212»»"' in html


def test_the_statistics_screen_in_english_is_as_before():
    html = stats_markup.statistics(_stats_page())
    for words in (
        "Totals, with the optimal player&#x27;s",
        "Each box&#x27;s average against the optimal player&#x27;s",
        "Points lost against optimal play, last 2 games",
        ">Head to head<",
        ">Recent games<",
        ">Delete<",
        'aria-label="Delete the game «2026-01-05 · Yatzy · Ann 212»"',
        ">Rules<",
        ">Player<",
    ):
        assert words in html, words


# ------------------------------------------------------------------ (c) the language picker


def test_the_language_picker_lists_every_language_in_its_own_name():
    html = forms.language_picker("de")
    assert html.startswith('<label for="language" data-msg="Language">Language</label>')
    options = re.findall(r'<option value="([^"]*)" lang="([^"]*)"( selected)?>([^<]*)</option>', html)
    assert [(value, lang, name) for value, lang, _, name in options] == [
        (code, code, language.name) for code, language in LANGUAGES.items()
    ]
    assert [value for value, _, selected, _ in options if selected] == ["de"]
    assert html.count("<option") == len(LANGUAGES) and '<select id="language" name="language">' in html


def test_the_language_picker_selects_a_regional_code_and_words_its_label():
    html = forms.language_picker("sv-FI", t=MARKED)
    assert '<option value="sv" lang="sv" selected>Svenska</option>' in html
    assert unworded(html, tuple(lang.name for lang in LANGUAGES.values())) == []
    assert 'data-msg="Language">«Language»</label>' in html


# ------------------------------------------------------------------ (b) index.html marks its texts


class _Page(HTMLParser):
    """index.html's texts a person sees or hears that are not marked for the catalogue."""

    SILENT = ("script", "style", "py-config", "mpy-config", "template")
    META = ("description", "apple-mobile-web-app-title", "application-name")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, has data-msg)
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        line = self.getpos()[0]
        listed = (attrs.get("data-msg-attrs") or "").split()
        spoken = list(SPOKEN) + (["content"] if tag == "meta" and attrs.get("name") in self.META else [])
        for name in spoken:
            if attrs.get(name) and name not in listed:
                self.problems.append(f"line {line}: <{tag} {name}={attrs[name]!r}> is not in data-msg-attrs")
        for name in listed:
            if not attrs.get(name):
                self.problems.append(f"line {line}: <{tag}> lists {name} in data-msg-attrs but has none")
        if self.stack and self.stack[-1][1]:
            self.problems.append(f"line {line}: <{tag}> inside a data-msg element (its text is replaced whole)")
        if tag not in VOID:
            self.stack.append((tag, "data-msg" in attrs))

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data):
        if not data.strip() or not self.stack or any(tag in self.SILENT for tag, _ in self.stack):
            return
        tag, marked = self.stack[-1]
        if not marked:
            self.problems.append(f"line {self.getpos()[0]}: <{tag}> text {data.strip()!r} has no data-msg")


def page_problems(html: str) -> list[str]:
    parser = _Page()
    parser.feed(html)
    parser.close()
    return parser.problems


def test_index_html_marks_every_text_and_spoken_attribute():
    assert page_problems((ROOT / "index.html").read_text(encoding="utf-8")) == []


def test_the_page_check_finds_what_is_unmarked():
    page = """<title>Yacht</title><div>Update <button data-msg>Reload</button></div>
<section aria-label="Game"><p data-msg>Fine <b>bold</b></p><p id="status"></p></section>
<meta name="description" content="Dice"><script>var x = "Words";</script><mpy-config>{"a": "B c"}</mpy-config>
<!-- markup:language -->"""
    assert page_problems(page) == [
        "line 1: <title> text 'Yacht' has no data-msg",
        "line 1: <div> text 'Update' has no data-msg",
        "line 2: <section aria-label='Game'> is not in data-msg-attrs",
        "line 2: <b> inside a data-msg element (its text is replaced whole)",
        "line 2: <b> text 'bold' has no data-msg",
        "line 3: <meta content='Dice'> is not in data-msg-attrs",
    ]


def test_the_language_picker_goes_in_the_headers_actions():
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    actions = re.search(r'<div id="menu" class="header-actions">(.*?)<details', source, re.S)
    assert actions and re.search(r"^[ \t]*<!-- markup:language -->[ \t]*$", actions.group(1), re.M)
    assert source.count("<!-- markup:language -->") == 1
