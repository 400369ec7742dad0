"""The end of a match: the winner scene's values, the game's total in context, and what the results offer.

game.present.standings.results and game.present.standings.ending as values; game.app's results
buttons (Next game, Finish the match, Play again) and the context's tick through ``update``, as
test_app.py drives it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app.events import BoxChosen, Button, Fetched, Pressed, Start, read_click, read_timer
from game.app.keys import HISTORY_KEY, SAVE_KEY, Wanted
from game.app.sounds import RECIPES, recipe_data
from game.app.state import App
from game.app.update import update
from game.coach import advisor
from game.coach.session import Session
from game.core import variants
from game.core.cards import Seat, SeatKind
from game.core.engine import new_match
from game.present import board_view, controls, feel, markup, standings
from game.records.history import History
from game.records.record import session_record
from tests.helpers.app import of, ops, send, stores
from tests.helpers.app import ticks as timers

NOW = "2026-11-24T10:00:00Z"
YACHT_OPTIMAL = "The optimal player averages 167.0 under these rules."  # the Yacht table's 166.99


def played(rules="yacht", players=("Ann",), games=1, seed=3, faces=None, last=True):
    """A match with its first game played out (each box scored with ``faces``, or a roll), or all but the
    last seat's last box when ``last`` is False."""
    match = new_match(rules, list(players), games=games, seed=seed)
    boxes = [box for box in match.open_categories() for _ in match.seats]
    for box in boxes if last else boxes[:-1]:
        match = match.roll(faces=faces).score(box)
    return match


def solo_game(faces, seed):
    """A one-game Yacht match of Ann's, every box scored with the same dice."""
    return played(players=("Ann",), seed=seed, faces=faces)


def record_of(match, ended="2026-11-20T09:00:00Z"):
    return session_record(Session(match), match.game, ended)


# ----------------------------------------------------------------------------- the winner scene


def test_a_win_names_the_winner_large():
    match = new_match("yacht", ["Ann", "Bob"], seed=1)
    for box in match.open_categories():
        match = match.roll(faces=[6] * 5).score(box).roll(faces=[1] * 5).score(box)
    shown = standings.results(match)
    assert shown.final and shown.outcome is standings.Outcome.WIN
    assert shown.headline == "Ann" and shown.winner == "Ann wins by 95 points."  # the totals are the list's
    html = markup.scene(shown)
    assert html.count('class="trophy"') == 1 and 'class="confetti"' in html and "Ann wins by 95 points." in html


def test_a_tie_is_said_as_a_tie():
    match = new_match("yacht", ["Ann", "Bob"], seed=1)
    for box in match.open_categories():
        match = match.roll(faces=[2] * 5).score(box).roll(faces=[2] * 5).score(box)
    shown = standings.results(match)
    assert shown.outcome is standings.Outcome.TIE and shown.headline == "A tie!"
    assert shown.winner == "Ann and Bob share the first place."
    assert markup.scene(shown).count('class="trophy"') == 2


def test_a_solo_game_is_a_result_not_a_win():
    match = solo_game([6] * 5, 3)
    shown = standings.results(match)
    total = match.totals(0).grand_total
    assert shown.outcome is standings.Outcome.SOLO
    assert shown.headline == f"{total} points" and shown.lines == ()  # said once, large
    assert shown.winner == "Your Yacht earned 50 points!"  # and its good news under it
    assert "win" not in (shown.headline + shown.winner).lower() and shown.title == "Game over"
    html = markup.scene(shown)
    assert 'class="medal"' not in html and "trophy" not in html  # a total is no win
    assert 'class="confetti"' in html  # but a game played to its end is cheered


def report(app):
    """The after-game report (How did I play?) once worked out: its markup."""
    app, effects = send(app, Pressed(Button.SHOW_REPORT))
    app, effects = send(app, *[read_timer(token) for token in ticks(effects, "report")])
    return ops(effects, "report")[-1]["html"]


def test_between_games_there_is_no_scene():
    shown = standings.results(played(players=("Ann", "Bob"), games=2))
    assert not shown.final and shown.outcome is None and shown.headline == "" and markup.scene(shown) == ""


# ----------------------------------------------------------------------------- next game only where there is one


def test_next_game_and_finish_only_between_the_planned_games():
    one = standings.results(played())
    assert one.final and not one.can_next and not one.can_finish
    first = played(games=2)
    between = standings.results(first)
    assert between.can_next and between.can_finish and not between.final
    second = first.next_game()
    for box in second.open_categories():
        second = second.roll().score(box)
    last = standings.results(second)
    assert last.final and not last.can_next and not last.can_finish
    assert standings.results(first.finish()).final and not standings.results(first.finish()).can_next


def test_the_results_buttons_follow():
    session = Session(played())
    elements = controls.elements(session, standings.results(session.match))
    assert elements["next-game"].hidden and elements["finish-match"].hidden
    assert not elements["play-again"].hidden and not elements["new-match"].hidden
    assert elements["play-again"].text == "Play again"  # alone: again; at a table of two or more, a rematch
    rematch = Session(played(players=("Ann", "Bob")))
    assert controls.elements(rematch, standings.results(rematch.match))["play-again"].text == "Rematch"
    session = Session(played(games=2))
    elements = controls.elements(session, standings.results(session.match))
    assert not elements["next-game"].hidden and not elements["finish-match"].hidden and elements["play-again"].hidden


def test_the_status_says_the_match_is_over_after_its_last_planned_game():
    assert board_view.status(played()).startswith("The match is over. Ann scored")
    assert board_view.status(played(games=2)) == "Game 1 is over."


# ----------------------------------------------------------------------------- the total in context


def test_a_first_game_under_these_rules():
    match = solo_game([6] * 5, 3)
    shown = standings.results(match, ending=standings.ending(match, History()))
    (person,) = shown.ending.people
    assert (person.games, person.best, person.mean, person.new_best) == (0, None, None, False)
    assert shown.context == ("Ann: the first game under these rules.",)  # the total is the scene's


def test_best_average_and_a_new_best():
    low, mid = solo_game([1] * 5, 1), solo_game([3] * 5, 2)
    history = History().add(record_of(low, "2026-11-01T09:00:00Z")).add(record_of(mid, "2026-11-02T09:00:00Z"))
    best, mean = mid.totals(0).grand_total, (low.totals(0).grand_total + mid.totals(0).grand_total) / 2
    high = solo_game([6] * 5, 3)
    ending = standings.ending(high, history)
    (person,) = ending.people
    assert (person.games, person.best, person.mean, person.new_best) == (2, best, mean, True)
    total = high.totals(0).grand_total
    expected = f"A new best for Ann, up from {best}!"  # a cheer, not a statistic (the total is said above)
    assert standings.results(high, ending=ending).context == (expected,) and str(total) not in expected
    worse = solo_game([2] * 5, 4)
    shown = standings.results(worse, ending=standings.ending(worse, history))
    assert shown.context == ()  # its bars say the best and the average: no sentence says them again
    lines = [line for line, _, _ in shown.yardstick]
    assert lines == [f"Ann — {worse.totals(0).grand_total}", f"Average so far — {mean:.0f}", f"Best so far — {best}"]


def test_this_games_own_record_is_left_out():
    """Records are written on a tick after the card is drawn: whether this game's is there or not, the
    context is the history as it was before the game."""
    earlier = solo_game([3] * 5, 2)
    history = History().add(record_of(earlier))
    high = solo_game([6] * 5, 3)
    with_it = history.add(record_of(high, "2026-11-21T09:00:00Z"))
    assert standings.ending(high, with_it) == standings.ending(high, history)
    assert standings.ending(high, with_it).people[0].new_best


def test_other_rules_and_computers_are_left_out():
    yatzy = played("yatzy", ("Ann",), seed=5)
    history = History().add(record_of(yatzy))
    match = played(players=("Ann", Seat.computer("Cy", "easy")), seed=4)
    (person,) = standings.ending(match, history).people  # the computer has no line; the Yatzy game is no earlier Yacht
    assert person.name == "Ann" and person.games == 0


def test_the_optimal_mean_where_known():
    match = solo_game([6] * 5, 3)
    with_it = standings.results(match, ending=standings.ending(match, History(), 166.9881))
    assert with_it.analysis[-1] == YACHT_OPTIMAL  # the report's (How did I play?), not the ending's first words
    assert not any("optimal" in line for line in with_it.context)
    without = standings.results(match, ending=standings.ending(match, History(), None))
    assert not any("optimal" in line for line in without.analysis)
    computers = new_match("yacht", [Seat.computer("Cy", "easy")], seed=1)
    for box in computers.open_categories():
        computers = computers.roll().score(box)
    assert standings.results(computers, ending=standings.ending(computers, None, None)).context == ()


# ----------------------------------------------------------------------------- the app


def start(match, stored=None):
    values = {SAVE_KEY: Session(match).to_json() if not isinstance(match, Session) else match.to_json()}
    values |= stored or {}
    return update(App(), Start(stored=tuple(values.items())), now=NOW)


def ticks(effects, kind):
    return [token for token, _ in timers(effects, kind)]


def last_box(players=("Ann",), games=1, seed=8):
    """A saved match whose last box (Yacht, of the last seat) is all that is left, its dice rolled: five 5s."""
    match = played("yacht", players, games, seed, faces=[1, 2, 3, 4, 6], last=False)
    return Session(match.roll(faces=[5] * 5))


def score_yacht(app):
    return send(app, BoxChosen("yacht"))


def test_the_context_comes_on_a_tick_after_the_scene(monkeypatch):
    reads = []
    real = History.from_json
    monkeypatch.setattr(History, "from_json", classmethod(lambda cls, text: reads.append(1) or real(text)))
    low = solo_game([1] * 5, 1)
    earlier = History().add(record_of(low))
    app, effects = start(last_box(), {HISTORY_KEY: earlier.to_json()})
    assert not reads  # the start parses no history
    app, effects = score_yacht(app)
    scene = ops(effects, "scene")[-1]
    assert scene["hidden"] is False and scene["attrs"] == {"data-outcome": "solo"} and "medal" not in scene["html"]
    assert (
        ops(effects, "ending") == [] and app.table.ended is None
    )  # hidden (as the game's start left it) until it comes
    assert ("play-again",) in of(effects, "focus")
    app, more = send(app, *[read_timer(token) for token in ticks(effects, "ending")])
    (drawn,) = ops(more, "ending")
    assert (
        f"A new best for Ann, up from {low.totals(0).grand_total}!" in drawn["html"]
        and drawn["html"].index('class="medal"') < drawn["html"].index("A new best")  # its medal: a best's alone
        and YACHT_OPTIMAL not in drawn["html"]
    )
    assert YACHT_OPTIMAL in report(app)  # the numbers are the report's: How did I play?


def test_the_context_waits_for_the_advisors_table(monkeypatch):
    monkeypatch.setattr(advisor.Advisor, "_read", lambda self, name: None)  # as in the browser: tables are fetched
    app, _ = start(last_box())
    app, effects = score_yacht(app)
    assert not ticks(effects, "ending")
    app, effects = send(app, Fetched(Wanted.table("yacht.bin"), (advisor.TABLE_DIR / "yacht.bin").read_bytes()))
    app, more = send(app, *[read_timer(token) for token in ticks(effects, "ending")])
    assert ops(more, "ending") and YACHT_OPTIMAL in report(app)


def test_without_the_table_the_optimal_mean_is_left_out(monkeypatch):
    monkeypatch.setattr(advisor.Advisor, "_read", lambda self, name: None)
    app, _ = start(last_box())
    app, effects = score_yacht(app)
    app, effects = send(app, Fetched(Wanted.table("yacht.bin"), None))  # offline
    app, more = send(app, *[read_timer(token) for token in ticks(effects, "ending")])
    html = ops(more, "ending")[-1]["html"]
    assert "the first game under these rules" in html and "optimal" not in html


def test_next_game_is_never_added_and_finish_means_nothing_after_the_last_game():
    app, _ = score_yacht(start(last_box())[0])
    before = app.session.match
    for button in ("next-game", "finish-match"):
        after, effects = send(app, read_click(button))
        assert after.session.match == before and not effects
    app, _ = score_yacht(start(last_box(games=2))[0])
    app, _ = send(app, Pressed(Button.NEXT_GAME))
    assert app.session.match.game == 1


def test_play_again_keeps_the_seats_and_rules_with_a_new_seed():
    seats = ["Ann", Seat.computer("Cy", "perfect"), "Bob"]
    ruleset = variants.ruleset("yahtzee", joker="free", upper_bonus=False)
    match = new_match(ruleset, seats, games=1, seed=4)
    for box in match.open_categories():
        for _ in match.seats:
            match = match.roll().score(box)
    session = replace(Session(match, undo_allowed=False, pass_phone=True), hints=frozenset({0}))
    app, _ = start(session)
    assert app.session.match.game_over
    app, effects = send(app, Pressed(Button.PLAY_AGAIN))
    fresh = app.session.match
    assert fresh.seats == match.seats and [s.kind for s in fresh.seats][1] is SeatKind.COMPUTER
    assert fresh.seats[1].level == match.seats[1].level
    assert fresh.ruleset == ruleset and fresh.games == 1 and fresh.seed != match.seed
    assert not fresh.actions and not app.session.undo_allowed and app.session.pass_phone and app.session.hints == {0}
    assert Session.from_json(stores(effects, SAVE_KEY)[-1]).match == fresh
    assert ops(effects, "results")[-1]["hidden"] is True


def test_play_again_only_once_the_match_is_over():
    app, _ = start(last_box())
    after, effects = send(app, Pressed(Button.PLAY_AGAIN))
    assert after.session.match == app.session.match and not effects
    app, _ = score_yacht(start(last_box(games=2))[0])  # between the planned games
    after, effects = send(app, Pressed(Button.PLAY_AGAIN))
    assert after.session.match == app.session.match and not effects


@pytest.mark.parametrize("games", [1, 2])
def test_the_matchs_end_plays_its_fanfare(games):
    app, effects = score_yacht(start(last_box(games=games))[0])
    played_recipes = [recipe for (recipe,) in of(effects, "play")]
    finale = recipe_data(RECIPES[feel.FINALE])
    assert (finale in played_recipes) is (games == 1)


def test_a_best_at_the_matchs_end_is_toasted_without_a_second_fanfare():
    earlier = History().add(record_of(solo_game([1] * 5, 1)))
    app, _ = start(last_box(), {HISTORY_KEY: earlier.to_json()})
    app, effects = score_yacht(app)
    app, more = send(app, *[read_timer(token) for token in ticks(effects, "records")])
    assert ops(more, "cheer-text") and not of(more, "play")


def test_every_word_of_the_ending_is_the_catalogues():
    from tests.helpers.marked import marked, unmarked

    t = marked()
    low, high = solo_game([1] * 5, 1), solo_game([6] * 5, 3)
    history = History().add(record_of(low))
    texts = []
    for match, earlier in ((high, history), (high, History()), (low, History().add(record_of(high)))):
        shown = standings.results(match, t, ending=standings.ending(match, earlier, 166.99))
        texts += [shown.title, shown.headline, shown.winner, *shown.context, *(line for line, *_ in shown.yardstick)]
    tie = new_match("yacht", ["Ann", "Chris"], seed=1)
    for box in tie.open_categories():
        tie = tie.roll(faces=[2] * 5).score(box).roll(faces=[2] * 5).score(box)
    texts += [standings.results(tie, t).headline, board_view.status(tie, t)]
    assert any("A NEW BEST" in text for text in texts) and any("AVERAGE SO FAR" in text for text in texts)
    problems = [p for text in texts if (p := unmarked(text))]
    assert not problems, problems
