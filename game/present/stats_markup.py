"""The Statistics screen's markup as an HTML string (its facts and words: game.present.stats_view): the rule set and
person pickers, the numbers, the charts (game.records.charts, loaded only when the screen opens), the rivals, the daily
games and the recent games, each with its Delete.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from game.core.i18n import ENGLISH, Text
from game.present import stats_view
from game.present.markup import lines
from game.present.tags import element, labelled, options

__all__ = ["statistics"]


def _drawn(values: Sequence[float]) -> int:
    """How many games a trend chart draws, for its caption: the last charts.LAST, or all where fewer (LAST for none)."""
    from game.records.charts import LAST

    return min(LAST, len(values)) or LAST


def _luck_chart(page: stats_view.StatsPage, t: Text) -> list[str]:
    """What the dice gave each game, where it is known (a rule set without the optimal player's numbers has none)."""
    from game.records import charts

    if not page.luck_trend:
        return []
    # Translators: a chart's caption: what the dice gave each game, against what the optimal player expected
    # ("+12.0"; the points lost chart beside it is what the choices cost).
    caption = t.n_(
        "Luck: what the dice gave, last game",
        "Luck: what the dice gave, last {count} games",
        _drawn(page.luck_trend),
    )
    # Translators: what a luck chart's line shows (its legend and table head).
    return [charts.trend(page.luck_trend, caption, label=t._("Luck"), id_prefix="luck", t=t)]


def statistics(page: stats_view.StatsPage, t: Text = ENGLISH) -> str:
    """The Statistics screen's body: rule set and person pickers, numbers, charts, rivals, recent games.

    >>> statistics(stats_view.StatsPage(empty="No games."))
    '<p>No games.</p>'
    """
    from game.records import charts

    pickers = []
    if page.rule_sets:
        pickers.append(
            element(
                "span",
                labelled(
                    "stats-rules",
                    t._("Rules"),
                    element("select", options(page.rule_sets, page.key), id="stats-rules", name="stats-rules"),
                ),
            )
        )
    if page.players:
        # Translators: the label of the Statistics screen's choice of person.
        pickers.append(
            element(
                "span",
                labelled(
                    "stats-player",
                    t._("Player"),
                    element(
                        "select",
                        options([(n, n) for n in page.players], page.name),
                        id="stats-player",
                        name="stats-player",
                    ),
                ),
            )
        )
    parts = [element("div", "".join(pickers), class_="stats-pickers")] if pickers else []
    if page.empty:
        parts.append(element("p", escape(page.empty)))
    if page.numbers:
        rows = "".join(
            element("tr", element("th", escape(k), scope="row") + element("td", escape(v))) for k, v in page.numbers
        )
        caption = element("caption", escape(t._("Statistics")), class_="visually-hidden")  # a table named (issue 58)
        parts.append(element("table", caption + element("tbody", rows), class_="stats-numbers"))
        if page.scale:
            parts.append(element("p", escape(page.scale), class_="stats-scale"))
        parts.append(
            element(
                "div",
                "".join(
                    [
                        # Translators: a chart's caption: a histogram of the player's final scores beside the optimal player's.
                        charts.histogram(
                            page.histogram,
                            page.reference,
                            t._("Totals, with the optimal player's"),
                            id_prefix="totals",
                            t=t,
                        ),
                        charts.bars(
                            page.boxes, t._("Each box's average against the optimal player's"), id_prefix="boxes", t=t
                        ),
                        charts.trend(
                            page.trend,
                            t.n_(
                                "Points lost against optimal play, last game",
                                "Points lost against optimal play, last {count} games",
                                _drawn(page.trend),
                            ),
                            id_prefix="lost",
                            t=t,
                        ),
                        charts.trend(
                            page.rating_trend,
                            # Translators: a chart's caption: the rating (points lost per decision) of each game.
                            t.n_(
                                "Rating: points lost per decision, last game",
                                "Rating: points lost per decision, last {count} games",
                                _drawn(page.rating_trend),
                            ),
                            # Translators: what a rating chart's line shows (its legend and table head).
                            label=t._("Per decision"),
                            id_prefix="rating",
                            t=t,
                            digits=2,
                        ),
                    ]
                    + _luck_chart(page, t)
                ),
                class_="stats-charts",
            )
        )
    if page.rivals:
        parts.append(element("h3", escape(t._("Head to head"))) + element("ul", lines(page.rivals)))
    if page.daily:
        # Translators: the Statistics screen's part on daily games (the lobby's Daily game): the streak, the results.
        parts.append(element("h3", escape(t._("Daily games"))) + element("p", escape(page.streak), class_="streak"))
        parts.append(element("ul", lines(page.daily), class_="daily-results"))
    if page.recent:
        # Translators: the button that deletes one finished game from the Statistics screen's list.
        delete = escape(t.p_("one game", "Delete"))
        items = []
        for game_id, text in page.recent:
            label = t._("Delete the game {game}", game=text)
            button = element("button", delete, type="button", class_="delete-game", data_game=game_id, aria_label=label)
            items.append(element("li", escape(text) + " " + button))
        parts.append(element("h3", escape(t._("Recent games"))) + element("ul", "".join(items), class_="recent-games"))
    return "".join(parts)
