"""game.records.charts: well-formed SVG with a table alternative, classes only (no inline style), escaped text."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.records import charts

SVG = "{http://www.w3.org/2000/svg}"
CSS = (Path(__file__).resolve().parents[3] / "static" / "css" / "app.css").read_text()
HOSTILE = "<b>Tom & \"Jerry\"</b> 'x'"
REFERENCE = [(low, count) for low, count in zip(range(100, 400, 10), [1, 3, 8, 20, 40, 70, 90, 100, 95, 80] * 3)]


def parse(html: str) -> ET.Element:
    """The whole figure as XML (the chart's markup is well-formed)."""
    return ET.fromstring(html)


def svg_of(html: str) -> ET.Element:
    return ET.fromstring(re.search(r"<svg\b.*?</svg>", html, re.S).group(0))


def body_rows(html: str) -> list[list[str]]:
    tbody = parse(html).find(".//tbody")
    return [["".join(cell.itertext()) for cell in tr] for tr in tbody]


def samples() -> list[str]:
    return [
        charts.histogram([(150, 159, 2), (160, 169, 5), (200, 209, 1)], REFERENCE, "Your final scores"),
        charts.histogram([(150, 159, 2)], None, "Scores without reference"),
        charts.bars([("Chance", 21.4, 22.1), ("Yahtzee", 8.0, None), ("Ones", 0.0, 2.1)], "Points per box"),
        charts.trend([3.5, 0.0, 12.25, 7.0], "Points lost per game"),
        charts.trend([5.0], "One game"),
    ]


def test_each_chart_is_well_formed_svg_named_and_described():
    for html in samples():
        figure = parse(html)
        assert figure.tag == "figure" and figure.get("class") == "chart"
        svg = svg_of(html)
        assert svg.tag == f"{SVG}svg"
        assert svg.get("role") == "img" and svg.get("width") == "100%"
        assert re.fullmatch(r"0 0 \d+ \d+(\.\d)?", svg.get("viewBox"))
        title = svg[0]
        assert title.tag == f"{SVG}title" and svg.get("aria-labelledby") == title.get("id")
        table = figure.find(".//table")
        assert svg.get("aria-describedby") == table.get("id")
        assert figure.find("figcaption").text == title.text == table.find("caption").text


def test_nothing_is_styled_inline_and_every_class_has_a_rule():
    for html in samples():
        assert "style=" not in html
        for element in parse(html).iter():
            for name in (element.get("class") or "").split():
                if name.startswith("chart"):
                    assert re.search(rf"\.{name}\b", CSS), f"no rule for .{name} in app.css"


def test_drawings_stay_inside_the_view_box():
    for html in samples():
        svg = svg_of(html)
        _, _, width, height = map(float, svg.get("viewBox").split())
        for element in svg.iter():
            for name in ("x", "x1", "x2", "cx"):
                if element.get(name) is not None:
                    assert 0 <= float(element.get(name)) <= width, (name, element.attrib)
            for name in ("y", "y1", "y2", "cy"):
                if element.get(name) is not None:
                    assert 0 <= float(element.get(name)) <= height, (name, element.attrib)
            for point in (element.get("points") or "").split():
                x, y = map(float, point.split(","))
                assert 0 <= x <= width and 0 <= y <= height


def test_every_text_is_escaped():
    htmls = [
        charts.histogram([(100, 109, 1)], [(100, 3)], HOSTILE),
        charts.bars([(HOSTILE, 1.0, 2.0)], HOSTILE),
        charts.trend([1.0, 2.0], HOSTILE, label=HOSTILE),
        charts.trend([], HOSTILE),
    ]
    for html in htmls:
        assert "<b>" not in html and "Tom & " not in html
        texts = ["".join(e.itertext()) for e in parse(html).iter()]
        assert any(HOSTILE in t for t in texts)
    assert svg_of(htmls[1]).find(f"{SVG}title").text == HOSTILE


def test_ids_are_unique_on_one_page_and_every_reference_resolves():
    page = "<div>" + "".join(samples()) + charts.trend([1.0], "Points lost per game", id_prefix="second") + "</div>"
    root = parse(page)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    for element in root.iter():
        for name in ("aria-labelledby", "aria-describedby"):
            if element.get(name):
                assert element.get(name) in ids


def test_ids_come_from_the_prefix_or_the_caption():
    html = charts.bars([("Ones", 1.0, 2.0)], "Points per box", id_prefix="Stats 1")
    assert parse(html).get("id") == "stats-1" and 'id="stats-1-data"' in html
    assert parse(charts.bars([("Ones", 1.0, 2.0)], "Points per box")).get("id") == "chart-points-per-box"


def test_histogram_table_has_a_row_per_bin_with_the_optimal_share():
    bins = [(150, 159, 2), (160, 169, 5), (200, 209, 1)]
    reference = [(150, 25), (160, 50), (170, 25)]
    rows = body_rows(charts.histogram(bins, reference, "Scores"))
    assert rows == [
        ["150–159", "2", "25.0%"],
        ["160–169", "5", "50.0%"],
        ["170–179", "0", "25.0%"],  # only the optimal player scored here
        ["200–209", "1", "0.0%"],
    ]
    assert body_rows(charts.histogram(bins, None, "Scores")) == [["150–159", "2"], ["160–169", "5"], ["200–209", "1"]]


def test_histogram_scales_the_reference_to_the_players_games():
    """The same shape gives the same heights: the optimal line runs through the tops of the bars."""
    html = charts.histogram([(100, 109, 4), (110, 119, 12)], [(100, 250), (110, 750)], "Scores")
    svg = svg_of(html)
    bars = [r for r in svg.iter(f"{SVG}rect") if r.get("class") == "chart-bar"][1:]  # the legend's swatch first
    line = [p for p in svg.iter(f"{SVG}polyline") if p.get("class") == "chart-ref"]
    assert len(bars) == 2 and len(line) == 1
    heights = [float(y) for _, y in (p.split(",") for p in line[0].get("points").split())]
    assert heights == [float(b.get("y")) for b in bars]


def test_histogram_leaves_out_the_rare_tails_of_the_reference():
    reference = [(0, 1), *((low, 1000) for low in range(100, 200, 10)), (900, 1)]
    html = charts.histogram([(150, 159, 3)], reference, "Scores")
    labels = [row[0] for row in body_rows(html)]
    assert labels[0] == "100–109" and labels[-1] == "190–199"


def test_bars_draw_one_bar_and_one_marker_per_row():
    rows = [("Ones", 2.0, 2.1), ("Chance", 21.0, 22.0), ("Yahtzee", 0.0, None)]
    html = charts.bars(rows, "Per box")
    svg = svg_of(html)
    assert len([r for r in svg.iter(f"{SVG}rect") if r.get("class") == "chart-bar"]) == 1 + 3
    assert len([m for m in svg.iter(f"{SVG}line") if m.get("class") == "chart-marker"]) == 1 + 2
    assert body_rows(html) == [["Ones", "2.0", "2.1"], ["Chance", "21.0", "22.0"], ["Yahtzee", "0.0", "–"]]


def test_trend_shows_the_last_games_and_their_mean():
    values = [float(i) for i in range(1, 81)]
    html = charts.trend(values, "Points lost")
    rows = body_rows(html)
    assert len(rows) == charts.LAST == 50
    assert rows[0] == ["Game 31", "31.0"] and rows[-1] == ["Game 80", "80.0"]
    foot = parse(html).find(".//tfoot/tr")
    assert ["".join(c.itertext()) for c in foot] == ["Mean", "55.5"]
    assert len(list(svg_of(html).iter(f"{SVG}circle"))) == 50


def test_no_data_gives_a_sentence_not_an_empty_chart():
    for html in (
        charts.trend([], "Points lost"),
        charts.bars([], "Per box"),
        charts.histogram([], [(100, 5)], "Scores"),
    ):
        assert "<svg" not in html and parse(html).tag == "p" and "no games yet" in html


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 80), st.integers(0, 50)), max_size=12),
    st.lists(st.tuples(st.integers(0, 80), st.integers(0, 1000)), max_size=20, unique_by=lambda t: t[0]),
    st.lists(st.floats(-50, 500, allow_nan=False), max_size=70),
)
def test_any_data_gives_well_formed_finite_markup(bins, reference, values):
    histogram_bins = sorted({(i * 10, i * 10 + 9, c) for i, c in bins})
    htmls = [
        charts.histogram(histogram_bins, [(i * 10, c) for i, c in reference] or None, "H"),
        charts.bars([(f"Box {i}", c / 3, None if c % 2 else c / 2) for i, c in bins], "B"),
        charts.trend(values, "T"),
    ]
    for html in htmls:
        root = parse(html)
        assert "style=" not in html
        for element in root.iter():
            for name in ("x", "y", "width", "height", "x1", "y1", "x2", "y2", "cx", "cy"):
                if element.get(name) is not None and element.tag != f"{SVG}svg":
                    assert math.isfinite(float(element.get(name))), (name, element.attrib)
                    if name in ("width", "height"):
                        assert float(element.get(name)) >= 0
