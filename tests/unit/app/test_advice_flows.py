"""Hints, computer players, win chances and the after-game report through ``update``, read as the page shows them
(moved from tests/e2e/test_advice.py): each hint is the advisor's own best move, worded and marked exactly."""

from __future__ import annotations

import html
import re

from game.app.events import BoxChosen, Button, Pressed, Switch, Toggled
from game.app.keys import SAVE_KEY
from game.coach.advice import holds_for, position
from game.coach.advisor import Advisor
from game.core.actions import Keep, Score
from game.present.coach_view import HINT_OPTIONS, action_text
from game.present.paint import box_at, die_at
from tests.helpers.app import after, opened, play, play_out, stores, ticks
from tests.helpers.page import TAG, cell, heads, status, words

CHANCES = re.compile(r"^Chances to win \((estimated|exact)\): (.+) (\d+\.\d)% and (.+) (\d+\.\d)%$")


def the_hint(page) -> tuple[str, list[str], list[int], list[str]]:
    """The hint panel as shown: its title, its lines, the dice marked to keep and the boxes marked best."""
    panel = page["hint"]["html"]
    title = html.unescape(re.search(r"<p>(.*?)</p>", panel).group(1))
    lines = [html.unescape(TAG.sub("", line)) for line in re.findall(r"<li>(.*?)</li>", panel)]
    keep = [i for i in range(6) if page.get(die_at(i), {}).get("toggle", {}).get("hint-keep")]
    best = [at[0] for at, held in page.items() if isinstance(at, tuple) and held.get("toggle", {}).get("hint-best")]
    return title, lines, keep, best


def assert_the_advisors_best(match, page) -> list[str]:
    """The panel names the advisor's own best option, lists its options' expected scores best first, and marks the
    dice that keep holds (or the box that score fills); the panel's lines."""
    scores, dice, rolls_left, bonus = position(match)
    options = Advisor(match.ruleset).options(scores, dice, rolls_left, yahtzee_bonus=bonus)
    title, lines, keep, best = the_hint(page)
    assert title == "Best: " + action_text(match.ruleset, options[0].action)
    assert [re.search(r" — (\d+\.\d)", line).group(1) for line in lines] == [
        f"{option.expected:.1f}" for option in options[:HINT_OPTIONS]
    ]
    chosen = options[0].action
    if isinstance(chosen, Keep):
        assert keep == [i for i, held in enumerate(holds_for(match, chosen.faces)) if held] and best == []
    else:
        assert isinstance(chosen, Score) and best == [box_at(chosen.category)[0]] and keep == []
    return lines


def test_win_chances_add_up_and_each_hint_is_the_advisors_best_against_a_computer_playing_to_win():
    """A 2-seat game by link (Ann against a computer that plays to win): the chances add up to 100% after every
    turn and the last turns and the end are exact; each hint is the advisor's best move, its keeps with odds."""
    app, page, _ = opened("rules=yacht&players=Ann&cpu=2:win&seed=12")
    assert heads(page)[1:] == ["Ann", "Charlie"]  # More's fourth level, its own name
    app, page, effects = after(*play(app, page, Toggled(Switch.CHANCES, True)), "chances")
    assert words(page, "chances") == "Chances to win (estimated): Ann 50.0% and Charlie 50.0%"
    app, page, _ = play(app, page, Toggled(Switch.HINTS, True))
    seen, with_odds = set(), 0
    for _turn in range(12):
        assert "Ann's turn" in status(page)
        app, page, effects = after(*play(app, page, Pressed(Button.ROLL)), "hint", "chances")
        lines = assert_the_advisors_best(app.session.match, page)
        # A keep aiming at a box says its odds; a turn's keeps may all aim at none (a keep of everything but a
        # made box), so the odds are counted over the game.
        with_odds += any(re.search(r" · .+ \d+\.\d%", line) for line in lines if line.startswith("keep"))
        match = CHANCES.match(words(page, "chances"))
        seen.add(match.group(1))
        assert abs(float(match.group(3)) + float(match.group(5)) - 100.0) <= 0.1
        first = next(iter(app.session.match.options()))
        app, page, effects = play(app, page, BoxChosen(first))
        app, page, effects = after(app, page, effects, "computer", "chances", "records", "ending")
    assert words(page, "results-title") == "Final standings"
    final = CHANCES.match(words(page, "chances"))
    seen.add(final.group(1))
    totals = [int(cell(page, "grand_total", seat)) for seat in (0, 1)]
    assert totals[0] != totals[1]  # this seed's match has a winner (45 to 121)
    winner = 3 + 2 * (totals[1] > totals[0])  # the group of the winner's chance; 8 - winner the other's
    assert final.group(1) == "exact" and float(final.group(winner)) == 100.0 and float(final.group(8 - winner)) == 0.0
    assert seen == {"estimated", "exact"}  # the last turns are solved exactly
    assert with_odds >= 6, with_odds  # most turns have a keep aiming at a box, with its odds


def test_the_hint_after_a_first_roll_is_the_advisors_best_with_each_options_expected_score():
    app, page, _ = opened("rules=yahtzee&players=Ann&seed=21")
    app, page, effects = play(app, page, Pressed(Button.ROLL))
    app, page, _ = after(*play(app, page, Toggled(Switch.HINTS, True)), "hint")
    lines = assert_the_advisors_best(app.session.match, page)
    values = [float(re.search(r" — (\d+\.\d)", line).group(1)) for line in lines]
    assert values == sorted(values, reverse=True) and 100 < values[0] < 400


def test_a_worse_choice_says_what_it_cost():
    app, page, _ = opened("rules=yacht&players=Ann&seed=4")
    app, page, _ = play(app, page, Toggled(Switch.HINTS, True))
    app, page, _ = after(*play(app, page, Pressed(Button.ROLL)), "hint")
    scores, dice, rolls_left, _ = position(app.session.match)
    options = Advisor(app.session.match.ruleset).options(scores, dice, rolls_left)
    aces = next(option for option in options if option.action == Score("ones"))
    assert options[0].action != Score("ones")  # scoring a poor box on the first roll is never the best move
    app, page, _ = play(app, page, BoxChosen("ones"))
    loss = max(1, round(options[0].expected - aces.expected))  # whole points: no solver's decimals (round 37)
    best = action_text(app.session.match.ruleset, options[0].action)
    said = f"Coach: better was {best} (about {loss} point{'s' if loss != 1 else ''} more)."
    assert said == page["notice"]["text"] and said not in status(page)  # a passing note, not the status line
    assert page["notice"]["attrs"] == {"role": "status"} and page["notice"]["toggle"] == {"tip": True}  # not an alert


def test_a_match_with_a_computer_seat_plays_to_the_end():
    app, page, _ = opened("rules=yacht&players=Ann&cpu=2:perfect&seed=8")
    assert heads(page)[1:] == ["Ann", "Alex"]  # a computer left unnamed: its level's name (the lobby's ladder)
    for _ in range(12):
        assert "Ann's turn" in status(page)
        app, page, _ = play(app, page, Pressed(Button.ROLL))
        first = next(iter(app.session.match.options()))
        app, page, effects = play(app, page, BoxChosen(first))
        assert page["skip-button"]["hidden"] is (app.session.match.game_over)  # the computer plays visibly
        app, page, _ = after(app, page, effects, "computer")
    assert words(page, "results-title") == "Final standings" and int(cell(page, "grand_total", 1)) > 0


def test_a_computer_turn_resumes_after_a_reload():
    app, page, _ = opened("rules=yatzy&players=Ann&cpu=2:good&seed=19")
    app, page, effects = play(app, page, Pressed(Button.ROLL), BoxChosen("chance"))
    assert "(computer)" in status(page) and ticks(effects, "computer")
    app, page, effects = opened(stored={SAVE_KEY: stores(effects, SAVE_KEY)[-1]})  # the reload, before its tick
    assert "(computer)" in status(page)
    app, page, _ = after(app, page, effects, "computer")
    assert "Ann's turn" in status(page)
    filled = [cell(page, c.id, 1) for c in app.session.match.ruleset.categories]
    assert sum(1 for text in filled if text) == 1


def test_the_after_game_report():
    app, page, _ = opened("rules=yacht&players=Ann&seed=6")
    app, page, effects = play_out(app, page)
    app, page, effects = after(app, page, effects, "records", "ending")
    app, page, _ = after(*play(app, page, Pressed(Button.SHOW_REPORT)), "report")
    report = page["report"]["html"]
    assert re.search(r"\d+ of \d+ decisions were the best move; expected points lost in all: \d+\.\d", report)
    assert report.startswith('<ul class="analysis">')  # the game's numbers first (against the optimal player, luck)
    first = html.unescape(TAG.sub("", re.search(r"<ol><li>(.*?)</li>", report).group(1)))
    assert re.match(
        r"^Round \d+, dice [\d ]+ with .*best was .*\(−\d+\.\d points\)( · best keep: .+ \d+\.\d%.*)?$", first
    )
    if "best was keep" in first:  # a keep's aims and their odds follow
        assert re.search(r" · best keep: .+ \d+\.\d%", first)
