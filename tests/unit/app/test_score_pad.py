"""The score pad takes what it needs (issue 54): after a roll each open box shows what it would score, a box worth
nothing is marked quiet, and the box the hint marks (hints on only) is starred and says "hinted" to a screen reader."""

from __future__ import annotations

from game.app.events import read_timer
from game.coach.session import Session
from game.core.engine import new_match
from game.present import board_view, markup
from tests.helpers.app import of, start, tick_token
from tests.helpers.app import send as step

ROLLED = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[2, 2, 2, 5, 5])


def test_a_box_worth_nothing_is_quiet_and_the_best_box_is_starred_and_named_hinted_only_where_the_hint_marks_it():
    plain = board_view.cells(ROLLED)
    assert plain[("yahtzee", 0)].classes == ("current", "zero")  # worth nothing: drawn quiet (app.css)
    assert markup.cell("yahtzee", plain[("yahtzee", 0)]).startswith('<button type="button" class="choice zero"')
    assert plain[("full_house", 0)].text == "25" and "zero" not in plain[("full_house", 0)].classes
    # a pattern made at its full points written firm (fresh eyes round 43: a 40 in pencil was missed); a sum is not
    assert plain[("full_house", 0)].classes == ("current", "made") and "made" not in plain[("chance", 0)].classes
    five = board_view.cells(new_match("yahtzee", ["Ann"], seed=1).roll(faces=[4] * 5))  # five alike: the Yahtzee's gold
    assert not [key for key, cell in five.items() if "made" in cell.classes]  # not Fours 20 beside it (round 45)
    assert not any("best" in cell.classes or "hinted" in (cell.label or "") for cell in plain.values())
    hinted = board_view.cells(ROLLED, best="full_house")
    box = hinted[("full_house", 0)]
    assert box.label == "Full House, 25 points, hinted" and "best" in box.classes
    assert 'class="choice made hint-best"' in markup.cell("full_house", box)
    assert [key for key, cell in hinted.items() if "best" in cell.classes] == [("full_house", 0)]


def box_html(effects) -> dict[str, str]:
    """Each scorecard cell's last markup drawn, by row (Ann's column)."""
    drawn = {}
    for ops_, _ in of(effects, "apply"):
        for where, changes in ops_:
            if isinstance(where, tuple) and 'data-player="0"' in where[0] and "html" in changes:
                drawn[where[0].split('data-row="')[1].split('"')[0]] = changes["html"]
    return drawn


def test_through_the_app_the_hinted_box_is_named_so_only_with_hints_on():
    match = new_match("yacht", ["Ann"], seed=1).roll().roll().roll()
    app, effects = start(match=Session(match, hints=frozenset({0})))
    app, effects = step(app, read_timer(tick_token(effects, "hint")))
    named = [row for row, html in box_html(effects).items() if ", hinted" in html and "hint-best" in html]
    assert len(named) == 1
    _, effects = start(match=Session(match))
    assert not [row for row, html in box_html(effects).items() if "hinted" in html or "hint-best" in html]
