"""Charts as HTML strings: inline SVG drawn from plain values, each with a table of its numbers.

Pure and standard-library only (it runs in Pyodide and touches no page). Every chart is a
``<figure class="chart">``: a visible caption, an ``<svg role="img">`` whose ``<title>`` names it
(``aria-labelledby``) and whose ``aria-describedby`` points at a ``<table>`` of the same numbers
(in a ``<details>`` below the drawing), so a screen reader gets the figures and anyone can read
them exactly. The drawing has a ``viewBox`` and ``width="100%"``: it fits a 360 px screen and
grows with a wider one (up to the width app.css allows). Nothing is styled inline (the page's
Content-Security-Policy forbids ``style=``): colours, strokes and text anchors come from the
``chart-*`` classes of static/css/app.css, which use the theme's custom properties, so dark mode
follows. Every text is escaped, and the whole string is well-formed XML as well as HTML.

Every word, number and share is in the language of ``t`` (the caption and labels given are
worded by the caller).

Ids start with ``id_prefix`` (by default ``chart-`` and the caption's words): two charts on one
page need different captions or different prefixes.

>>> page = trend([12.5, 3.0], "Points lost") + trend([], "Points lost")
>>> page.count("<polyline"), "no games yet" in page
(1, True)
>>> from game.core.i18n import LANGUAGES
>>> "<td>12,5</td>" in trend([12.5, 3.0], "Points lost", t=Text(LANGUAGES["sv"]))
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from game.core.i18n import ENGLISH, N_, Text

__all__ = ["BIN_WIDTH", "LAST", "bars", "histogram", "trend"]

BIN_WIDTH = 10
"""The width of a histogram bin of final scores: bins start at multiples of it (the game's
histograms and the optimal player's, tools/build_optimal.py -> static/tables/optimal.json)."""
LAST = 50
"""The most games a trend shows (the last ones)."""
TAIL = 0.005
"""The share of the optimal player's games left out of a histogram's range at each end (rare tails)."""
EMPTY = N_("{chart}: no games yet.")
"""What a chart without data says instead (``{chart}`` is its caption)."""

WIDTH = 320  # the viewBox width: one user unit is about one CSS pixel on a 360 px phone
SVG_NS = "http://www.w3.org/2000/svg"
_LEFT, _RIGHT, _TOP = 40.0, 312.0, 30.0  # the plot area of histogram and trend (x from _LEFT to _RIGHT)
_PLOT_HEIGHT = 140.0


def _num(value: float) -> str:
    """A coordinate for an SVG attribute: one decimal at most.

    >>> _num(12.0), _num(3.14159), _num(-0.01)
    ('12', '3.1', '0')
    """
    text = f"{value:.1f}".removesuffix(".0")
    return "0" if text == "-0" else text


def _tag(name: str, content: str | None = None, /, **attributes: object) -> str:
    """An element: ``content`` is markup already (None closes the tag at once: ``<rect …/>``).

    Attribute names drop a trailing ``_`` and spell ``_`` as ``-``; every value is escaped.

    >>> _tag("text", "a &amp; b", class_="chart-label", aria_hidden="true")
    '<text class="chart-label" aria-hidden="true">a &amp; b</text>'
    """
    attrs = "".join(f' {key.rstrip("_").replace("_", "-")}="{escape(str(value))}"' for key, value in attributes.items())
    return f"<{name}{attrs}/>" if content is None else f"<{name}{attrs}>{content}</{name}>"


def _text(x: float, y: float, text: str, kind: str = "chart-label", anchor: str = "") -> str:
    """A label at (x, y); ``anchor`` is "" (start), "end" or "middle" (a class, never a style)."""
    return _tag("text", escape(text), x=_num(x), y=_num(y), class_=f"{kind} chart-{anchor}" if anchor else kind)


def _line(x1: float, y1: float, x2: float, y2: float, kind: str) -> str:
    return _tag("line", x1=_num(x1), y1=_num(y1), x2=_num(x2), y2=_num(y2), class_=kind)


def _polyline(points: Sequence[tuple[float, float]], kind: str) -> str:
    return _tag("polyline", points=" ".join(f"{_num(x)},{_num(y)}" for x, y in points), class_=kind)


def _prefix(caption: str, id_prefix: str | None) -> str:
    """The chart's id prefix: the words of ``id_prefix`` (or ``chart-`` and the caption's), joined by '-'.

    >>> _prefix("Your final scores & the best", None), _prefix("x", "Boxes 2"), _prefix("!", None)
    ('chart-your-final-scores-the-best', 'boxes-2', 'chart')
    """
    words = "-".join(re.findall(r"[a-z0-9]+", (caption if id_prefix is None else id_prefix).lower()))[:48].strip("-")
    if id_prefix is None:
        return f"chart-{words}" if words else "chart"
    return words or "chart"


def _legend(items: Sequence[tuple[str, str]]) -> str:
    """Swatches and labels along the top: (what to draw: "bar" or a line class, label)."""
    out, x = [], 4.0
    for kind, label in items:
        if kind == "bar":
            out.append(_tag("rect", x=_num(x), y="8", width="12", height="12", class_="chart-bar"))
        else:
            out.append(_line(x, 14, x + 12, 14, kind))
        out.append(_text(x + 16, 18, label))
        x += 16 + 6.5 * len(label) + 14
    return "".join(out)


def _empty(caption: str, t: Text) -> str:
    """What a chart without data shows: a sentence, not an empty drawing."""
    return _tag("p", escape(t._(EMPTY, chart=caption)), class_="chart-empty")


def _figure(
    prefix: str,
    caption: str,
    height: float,
    drawing: str,
    head: Sequence[str],
    rows: Sequence[Sequence[str]],
    foot: Sequence[str] = (),
    t: Text = ENGLISH,
) -> str:
    """The figure: caption, the SVG (named by its title, described by the table) and the table."""
    title, data = f"{prefix}-title", f"{prefix}-data"
    svg = _tag(
        "svg",
        _tag("title", escape(caption), id=title) + drawing,
        xmlns=SVG_NS,
        viewBox=f"0 0 {WIDTH} {_num(height)}",
        width="100%",
        role="img",
        aria_labelledby=title,
        aria_describedby=data,
        class_="chart-svg",
    )

    def row(cells: Sequence[str]) -> str:
        return _tag("tr", _tag("th", escape(cells[0]), scope="row") + "".join(_tag("td", escape(c)) for c in cells[1:]))

    table = _tag("thead", _tag("tr", "".join(_tag("th", escape(h), scope="col") for h in head)))
    table += _tag("tbody", "".join(row(r) for r in rows))
    if foot:
        table += _tag("tfoot", row(foot))
    table = _tag("table", _tag("caption", escape(caption)) + table, id=data, class_="chart-table")
    # Translators: what opens the table of a chart's numbers, below the drawing.
    # Each chart's own is named by its caption too (for the ear: three disclosures all "The numbers" tell nothing apart).
    summary = _tag(
        "summary", escape(t._("The numbers")) + _tag("span", escape(f" ({caption})"), class_="visually-hidden")
    )
    return _tag(
        "figure",
        _tag("figcaption", escape(caption), class_="chart-caption")
        + svg
        + _tag("details", summary + table, class_="chart-data"),
        id=prefix,
        class_="chart",
    )


def _amount(value: float, t: Text = ENGLISH, digits: int = 1) -> str:
    """A value for a label: whole numbers as they are, others with ``digits`` decimals (as ``t`` writes numbers).

    >>> _amount(3.0), _amount(2.25), _amount(1234), _amount(0.125, digits=2)
    ('3', '2.2', '1,234', '0.12')
    """
    return t.number(value, 0 if float(value).is_integer() else digits)


def _trimmed(reference: Sequence[tuple[int, int]], total: int) -> list[tuple[int, int]]:
    """The reference bins without the rare tails (TAIL of the games at each end)."""
    ordered = sorted(reference)
    cut = TAIL * total
    start, seen = 0, 0
    while start < len(ordered) - 1 and seen + ordered[start][1] <= cut:
        seen += ordered[start][1]
        start += 1
    end, seen = len(ordered), 0
    while end - 1 > start and seen + ordered[end - 1][1] <= cut:
        seen += ordered[end - 1][1]
        end -= 1
    return ordered[start:end]


def histogram(
    bins: Sequence[tuple[int, int, int]],
    reference: Sequence[tuple[int, int]] | None,
    caption: str,
    *,
    reference_width: int = BIN_WIDTH,
    id_prefix: str | None = None,
    t: Text = ENGLISH,
) -> str:
    """The player's final scores as bars, the optimal player's distribution as a line beside them.

    ``bins`` are the player's (low, high, count): ``count`` games scored ``low`` to ``high``
    (inclusive), ascending, usually BIN_WIDTH wide. ``reference`` is the optimal player's
    histogram, (low, count) bins ``reference_width`` wide (static/tables/optimal.json), or None:
    it is drawn scaled to the player's number of games, so the two shapes compare, without its
    rarest tails (TAIL). The table has a row per bin drawn: the player's bins, then the
    optimal player's bins that no player's bin covers (player's count 0), by score; its columns
    are the scores, the player's games and the optimal player's share of games in that bin.
    No games at all give a sentence instead of a drawing. Words and numbers are in the language of ``t``.

    >>> html = histogram([(150, 159, 2), (170, 179, 1)], [(150, 5), (160, 10), (170, 5)], "Scores", id_prefix="h")
    >>> html.count('<th scope="row">'), 'aria-describedby="h-data"' in html, html.count('class="chart-bar"')
    (3, True, 3)
    >>> histogram([], None, "Scores")
    '<p class="chart-empty">Scores: no games yet.</p>'
    """
    games = sum(count for _, _, count in bins)
    if not games:
        return _empty(caption, t)
    prefix = _prefix(caption, id_prefix)
    ref_total = sum(count for _, count in reference or ())
    shown = _trimmed(reference, ref_total) if reference and ref_total else []
    lo = min([low for low, _, _ in bins] + [low for low, _ in shown])
    hi = max([high + 1 for _, high, _ in bins] + [low + reference_width for low, _ in shown])
    scale = games / ref_total if ref_total else 0.0
    # the reference as one point per bin, missing bins inside its range counted as empty
    counts = dict(shown)
    ref_points = (
        [(low, counts.get(low, 0) * scale) for low in range(shown[0][0], shown[-1][0] + 1, reference_width)]
        if shown
        else []
    )
    top = max([count for _, _, count in bins] + [c for _, c in ref_points])
    bottom = _TOP + _PLOT_HEIGHT

    def x(score: float) -> float:
        return _LEFT + (score - lo) / (hi - lo) * (_RIGHT - _LEFT)

    def y(count: float) -> float:
        return bottom - count / top * _PLOT_HEIGHT

    legend = [("bar", t._("Your games"))] + ([("chart-ref", t._("Optimal player"))] if ref_points else [])
    parts = [_legend(legend)]
    for low, high, count in bins:
        if count:
            left, right = x(low), x(high + 1)
            parts.append(
                _tag(
                    "rect",
                    x=_num(left + 0.5),
                    y=_num(y(count)),
                    width=_num(max(0.5, right - left - 1)),
                    height=_num(bottom - y(count)),
                    class_="chart-bar",
                )
            )
    if ref_points:
        parts.append(_polyline([(x(low + reference_width / 2), y(c)) for low, c in ref_points], "chart-ref"))
    parts += [
        _line(_LEFT, _TOP, _LEFT, bottom, "chart-axis"),
        _line(_LEFT, bottom, _RIGHT, bottom, "chart-axis"),
        _text(_LEFT - 4, _TOP + 4, _amount(round(top, 1), t), anchor="end"),
        _text(_LEFT - 4, bottom, t.number(0), anchor="end"),
        _text(_LEFT, bottom + 16, t.number(lo)),
        # Translators: the label of a chart's horizontal axis: the points a game ended with.
        _text((_LEFT + _RIGHT) / 2, bottom + 16, t._("final score"), anchor="middle"),
        _text(_RIGHT, bottom + 16, t.number(hi - 1), anchor="end"),
    ]

    def share(low: int, high: int) -> str:
        part = sum(count for start, count in reference or () if low <= start <= high)
        return t.percent(part / ref_total, 1)

    rows = [(low, high, count) for low, high, count in bins]
    rows += [(low, low + reference_width - 1, 0) for low, _ in shown if not any(a <= low <= b for a, b, _ in bins)]
    rows.sort()
    head = [t._("Final score"), t._("Your games")] + ([t._("Optimal player")] if ref_total else [])
    table = [
        # Translators: a range of final scores in a table ("150–159").
        [t._("{low}–{high}", low=t.number(low), high=t.number(high)), t.number(count)]
        + ([share(low, high)] if ref_total else [])
        for low, high, count in rows
    ]
    return _figure(prefix, caption, bottom + 24, "".join(parts), head, table, t=t)


def bars(
    rows: Sequence[tuple[str, float, float | None]], caption: str, *, id_prefix: str | None = None, t: Text = ENGLISH
) -> str:
    """A horizontal bar per box: the player's average, and a marker at the optimal player's.

    ``rows`` are (label, the player's average, the optimal average or None), top to bottom. The
    table has a row per box: its label, the player's average and the optimal one ("–" if None).
    No rows give a sentence instead of a drawing. Words and numbers are in the language of ``t``
    (the labels are given worded: ``category.display(t)``).

    >>> html = bars([("Chance", 21.5, 22.0), ("Yacht", 10.0, None)], "Average per box", id_prefix="b")
    >>> html.count('class="chart-bar"'), html.count('class="chart-marker"'), html.count('<th scope="row">')
    (3, 2, 2)
    """
    if not rows:
        return _empty(caption, t)
    prefix = _prefix(caption, id_prefix)
    left, right, row_height = 118.0, 280.0, 24.0
    top = max([value for _, value, _ in rows] + [best for _, _, best in rows if best is not None]) or 1.0

    def x(value: float) -> float:
        return left + max(0.0, value) / top * (right - left)

    parts = [_legend([("bar", t._("You")), ("chart-marker", t._("Optimal player"))])]
    for i, (label, value, best) in enumerate(rows):
        row_top = _TOP + i * row_height
        parts.append(_text(0, row_top + 16, label))
        parts.append(
            _tag(
                "rect", x=_num(left), y=_num(row_top + 4), width=_num(x(value) - left), height="16", class_="chart-bar"
            )
        )
        if best is not None:
            parts.append(_line(x(best), row_top + 1, x(best), row_top + row_height - 1, "chart-marker"))
        parts.append(_text(max(x(value), x(best or 0)) + 5, row_top + 16, _amount(round(value, 1), t), "chart-value"))
    table = [[label, t.number(value, 1), "–" if best is None else t.number(best, 1)] for label, value, best in rows]
    height = _TOP + len(rows) * row_height + 6
    # Translators: the columns of a table: a scorecard's box, the player's average points in it, the optimal player's.
    head = [t._("Box"), t._("You"), t._("Optimal player")]
    return _figure(prefix, caption, height, "".join(parts), head, table, t=t)


def trend(
    values: Sequence[float],
    caption: str,
    *,
    label: str | None = None,
    id_prefix: str | None = None,
    t: Text = ENGLISH,
    digits: int = 1,
) -> str:
    """A line of one number per game (the last LAST games) and a dashed line at their mean.

    ``values`` are oldest first (points lost per game, say: ``label`` names them, "Points lost"
    when None). The table has a row per game drawn, numbered from the first game of ``values``,
    and the mean below; numbers have ``digits`` decimals (a rating's small values: 2). No values
    give a sentence instead of a drawing. Words and numbers are in
    the language of ``t``.

    >>> html = trend([float(n % 7) for n in range(60)], "Points lost per game", id_prefix="t")
    >>> html.count('<th scope="row">'), html.count("<circle"), '<th scope="row">Game 11</th>' in html
    (51, 50, True)
    """
    if not values:
        return _empty(caption, t)
    label = t._("Points lost") if label is None else label
    prefix = _prefix(caption, id_prefix)
    shown = list(values[-LAST:])
    first = len(values) - len(shown) + 1
    mean = sum(shown) / len(shown)
    low, high = min(0.0, *shown), max(shown)
    if high == low:
        high = low + 1
    bottom = _TOP + _PLOT_HEIGHT

    def x(i: int) -> float:
        return (_LEFT + _RIGHT) / 2 if len(shown) == 1 else _LEFT + i / (len(shown) - 1) * (_RIGHT - _LEFT)

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * _PLOT_HEIGHT

    points = [(x(i), y(v)) for i, v in enumerate(shown)]
    parts = [
        _legend([("chart-line", label), ("chart-mean", t._("Mean"))]),
        _line(_LEFT, _TOP, _LEFT, bottom, "chart-axis"),
        _line(_LEFT, bottom, _RIGHT, bottom, "chart-axis"),
        _line(_LEFT, y(mean), _RIGHT, y(mean), "chart-mean"),
        _polyline(points, "chart-line"),
        *(_tag("circle", cx=_num(px), cy=_num(py), r="2.5", class_="chart-dot") for px, py in points),
        _text(_LEFT - 4, _TOP + 4, _amount(round(high, digits), t, digits), anchor="end"),
        _text(_LEFT - 4, bottom, _amount(round(low, digits), t, digits), anchor="end"),
        # Translators: a label on a chart's dashed line at the mean ("mean 12.5").
        _text(_RIGHT, y(mean) - 4, t._("mean {value}", value=t.number(mean, digits)), "chart-value", anchor="end"),
        # Translators: a label under a chart's horizontal axis: the first (or last) game drawn ("game 31").
        _text(_LEFT, bottom + 16, t._("game {number}", number=first)),
        _text(_RIGHT, bottom + 16, t._("game {number}", number=first + len(shown) - 1), anchor="end"),
    ]
    # Translators: a row of a chart's table: one game, by number ("Game 31").
    table = [[t._("Game {number}", number=first + i), t.number(v, digits)] for i, v in enumerate(shown)]
    head, foot = [t._("Game"), label], [t._("Mean"), t.number(mean, digits)]
    return _figure(prefix, caption, bottom + 24, "".join(parts), head, table, foot, t)
