"""The daily game (game.records.daily): its seed, which games were daily ones, the streak, the share text, and
the lobby's Daily game, the results' Share result and the Statistics screen through ``game.app.update``."""

from __future__ import annotations

import json
import re
from datetime import date

import pytest

from game.app.events import Answer, Answered, BoxChosen, Button, Fetched, Pressed, Shared
from game.app.keys import HISTORY_KEY, REFERENCES, SETUP_KEY, Sent
from game.app.state import Screen
from game.app.update import update
from game.coach.session import Session
from game.core import variants
from game.core.actions import Hold, Roll, Score
from game.core.engine import new_match
from game.core.i18n import ENGLISH, LANGUAGES, Text
from game.records import daily
from game.records.history import History
from game.records.record import session_record
from tests.helpers.app import NOW, after_ticks, of, ops, send, start, stores, visible
from tests.helpers.scenes import lobby

DAY = date(2026, 11, 24)  # NOW's day (tests/helpers/app.py)


def played(rules_name: str, day: date, ended: str, seed: str | None = None, undo: bool = False, seats=("Ann",)):
    """The history record of a finished game on ``day``'s daily seed (or ``seed``), ended at ``ended``."""
    match = new_match(daily.standard(rules_name), list(seats), seed=seed or daily.seed(rules_name, day))
    session = _finished(match, undo)
    return session_record(session, 0, ended)


def _finished(match, undo: bool = False) -> Session:
    """Every seat scores each box on its first roll, in order; with ``undo``, the last score undone and made again."""
    session = Session(match)
    if undo:  # a hold taken back: one undo on the record
        session = session.act(Roll()).session.act(Hold(0)).session.undo().session
    while not session.match.game_over:
        session = session.act(Roll()).session
        session = session.act(Score(session.match.open_categories()[0])).session
    return session


def history_of(*records) -> History:
    out = History()
    for record in records:
        out = out.add(record)
    return out


# ----------------------------------------------------------------------------- the seed and the day


def test_the_seed_names_the_day_and_the_rule_set():
    assert daily.seed("yatzy", DAY) == "daily:2026-11-24:yatzy" == daily.seed("yatzy", date(2026, 11, 24))
    seeds = {daily.seed(name, day) for name in variants.VARIANTS for day in (DAY, date(2026, 11, 25))}
    assert len(seeds) == 2 * len(variants.VARIANTS)  # different across days and rule sets


def test_the_same_seed_gives_the_same_first_roll_and_another_day_another():
    def first_roll(day):
        return new_match(daily.standard("yatzy"), ["Ann"], seed=daily.seed("yatzy", day)).roll().dice

    assert first_roll(DAY) == first_roll(DAY)
    assert any(first_roll(DAY) != first_roll(date(2026, 11, day)) for day in range(25, 29))


def test_today_is_the_utc_day_whatever_the_time_zone():
    assert daily.today("2026-11-24T23:59:59.999Z") == DAY
    assert daily.today("2026-11-25T00:30:00+01:00") == DAY  # already the 25th in Paris: the 24th in UTC
    assert daily.today("2026-11-23T20:00:00-05:00") == date(2026, 11, 24)  # still the 23rd in New York
    assert daily.today("") is None and daily.today("tomorrow") is None


# ----------------------------------------------------------------------------- which games were daily ones


def test_a_daily_game_is_known_by_its_seed_rules_and_seat():
    assert daily.day_of(played("yatzy", DAY, "2026-11-24T10:00:00Z")) == (DAY, "yatzy")
    assert daily.day_of(played("yatzy", DAY, "2026-11-25T00:05:00Z")) == (DAY, "yatzy")  # begun before midnight
    assert daily.day_of(played("yatzy", DAY, "2026-11-23T10:00:00Z")) is None  # typed in More the day before
    assert daily.day_of(played("yatzy", DAY, "2026-11-27T10:00:00Z")) is None  # or days after
    assert daily.day_of(played("yatzy", DAY, NOW, seats=("Ann", "Bob"))) is None
    assert daily.day_of(played("yatzy", DAY, NOW, undo=True)) is None  # undo showed the dice to come
    assert daily.day_of(played("yatzy", DAY, NOW, seed="daily:2026-11-24:yacht")) is None  # another rule set's
    assert daily.day_of(played("yatzy", DAY, NOW, seed="42")) is None
    other_options = session_record(
        _finished(new_match(variants.ruleset("yahtzee", joker="free"), ["Ann"], seed=daily.seed("yahtzee", DAY))),
        0,
        NOW,
    )
    assert daily.day_of(other_options) is None  # the daily game is the standard rules'


def test_the_days_result_is_its_first_game_and_replays_change_nothing():
    first = played("yacht", DAY, "2026-11-24T08:00:00Z")
    again = played("yacht", DAY, "2026-11-24T09:00:00Z", seats=("Zoe",))  # another name: another record
    other = played("yatzy", DAY, "2026-11-24T08:30:00Z")
    history = history_of(again, other, first)
    assert daily.played(history, "yacht", DAY) == first
    assert daily.results(history) == (first, other) or daily.results(history) == (other, first)
    assert len(daily.results(history)) == 2  # one a day per rule set
    assert daily.played(history, "yahtzee", DAY) is None and daily.played(history, "yacht", date(2026, 11, 25)) is None


@pytest.mark.parametrize(
    "days, today, expected",
    [
        ([], DAY, 0),
        ([24], DAY, 1),  # today
        ([23], DAY, 1),  # yesterday: still alive, today not played yet
        ([22], DAY, 0),  # a whole day went by
        ([20, 21, 22, 23, 24], DAY, 5),
        ([20, 21, 23, 24], DAY, 2),  # a gap
        ([22, 23], DAY, 2),
        ([24, 24, 23], DAY, 2),  # two games on one day count once
    ],
)
def test_the_streak(days, today, expected):
    names = ("yacht", "yatzy", "yahtzee")  # any rule set counts
    records = [
        played(names[i % 3], date(2026, 11, day), f"2026-11-{day}T{10 + i:02d}:00:00Z") for i, day in enumerate(days)
    ]
    assert daily.streak(history_of(*records), today) == expected


def test_the_streak_goes_by_the_days_in_utc():
    late = played("yacht", date(2026, 11, 23), "2026-11-23T23:50:00Z")  # 00:50 on the 24th in Paris
    early = played("yacht", DAY, "2026-11-24T00:10:00Z")  # 19:10 on the 23rd in New York
    assert daily.streak(history_of(late, early), daily.today("2026-11-24T20:00:00-05:00")) == 2  # the 25th in UTC


# ----------------------------------------------------------------------------- the share text


def test_the_share_text_has_no_dice_and_no_box_but_the_top_one():
    record = played("yahtzee", DAY, NOW)
    ruleset = daily.standard("yahtzee")
    text = daily.share_text(record)
    assert text.startswith("Yacht Dice · Yahtzee daily 2026-11-24 — ")
    assert f"{record.totals[0]} points" in text and ("bonus ✓" in text or "bonus ✗" in text)
    top = ruleset.category(ruleset.yahtzee_id)
    others = [category.display() for category in ruleset.categories if category.id != top.id]
    assert not [name for name in others if name in text]  # no box chosen is named
    numbers = re.findall(r"\d+(?:\.\d+)?", text.replace("2026-11-24", ""))
    allowed = {str(record.totals[0]), str(daily._fives(record, ruleset))}
    allowed |= {f"{record.lost[0]:.1f}"} if record.lost[0] is not None else set()
    assert set(numbers) <= allowed, text  # the total, the Yahtzees, the points lost: never a die's face


def test_the_share_text_says_what_the_history_has():
    yacht = played("yacht", DAY, NOW)
    assert "bonus" not in daily.share_text(yacht)  # Yacht has no upper bonus
    without = played("yatzy", DAY, NOW)
    without = type(without)(**{**without.__dict__, "lost": (None,)})  # recorded offline: no points lost
    assert "optimal" not in daily.share_text(without)


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_the_share_text_is_in_the_players_language(code):
    from tools import i18n

    t = Text.from_mo(code, i18n.compiled(code))
    text = daily.share_text(played("yatzy", DAY, NOW), t)
    assert text != daily.share_text(played("yatzy", DAY, NOW), ENGLISH) and "2026-11-24" in text
    assert "daily" not in text and "from optimal" not in text


# ----------------------------------------------------------------------------- the lobby's Daily game


def test_daily_game_starts_the_days_seed_for_the_first_person_without_undo():
    app, _ = start()
    app, effects = send(app, Pressed(Button.QUICK_DAILY, form=lobby("Zoe", "yahtzee", joker="free")))
    match = app.session.match
    assert app.screen.kind is Screen.PLAY and match.seed == "daily:2026-11-24:yahtzee" == daily.seed("yahtzee", DAY)
    assert match.players == ("Zoe",) and match.games == 1 and not app.session.undo_allowed
    assert match.ruleset == daily.standard("yahtzee")  # the standard rules, whatever More's options say
    assert json.loads(stores(effects, SETUP_KEY)[-1])["yahtzee.joker"] == "free"  # More's choices kept as they were
    assert daily.match_day(match) == (DAY, "yahtzee")


def test_daily_game_is_the_same_for_everyone_on_a_day_and_another_the_next():
    first_rolls = []
    for name, now in (("Ann", NOW), ("Bob", "2026-11-24T23:59:00+00:00"), ("Cy", "2026-11-25T00:01:00Z")):
        app, _ = start()
        app, _ = update(app, Pressed(Button.QUICK_DAILY, form=lobby(name)), now=now)
        first_rolls.append(app.session.match.roll().dice)
    assert first_rolls[0] == first_rolls[1] != first_rolls[2]


def finished_daily(rules_name: str = "yacht", name: str = "Ann") -> tuple[Session, str]:
    """Today's daily game of ``rules_name`` with every box scored but the last, its dice rolled."""
    match = new_match(daily.standard(rules_name), [name], seed=daily.seed(rules_name, DAY))
    *boxes, last = match.open_categories()
    for box in boxes:
        match = match.roll().score(box)
    return Session(match.roll(), undo_allowed=False), last


def test_a_daily_games_results_offer_its_spoiler_free_share():
    session, last = finished_daily()
    app, _ = start(match=session)
    assert (
        visible(send(app, Pressed(Button.QUICK_DAILY))[1], "share-result") is None
    )  # not on the setup screen: nothing
    app, effects = send(app, BoxChosen(last))
    assert visible(effects, "share-result") is True
    app, effects = after_ticks(app, effects, "records")
    record = History.from_json(stores(effects, HISTORY_KEY)[-1]).games[0]
    app, effects = send(app, Pressed(Button.SHARE_RESULT))
    assert ("share", True) in of(effects, "dialog") and ("share-send",) in of(effects, "focus")
    assert ops(effects, "share-text")[-1]["text"] == daily.share_text(record) and app.sharing.url == ""  # no address
    app, effects = send(app, Pressed(Button.SHARE_SEND))
    assert of(effects, "share") == [("Your daily result", daily.share_text(record), "")]


def test_two_devices_get_the_same_first_roll_and_no_undo():
    """Two people's devices (two Apps, each its own storage: nothing shared but the day) press Daily game and roll."""
    rolls = []
    for name in ("Zoe", "Yann"):
        app, _ = start()
        app, effects = send(app, Pressed(Button.QUICK_DAILY, form=lobby(name)))
        assert visible(effects, "undo-button") is False  # undo would show the dice to come
        app, _ = send(app, Pressed(Button.ROLL))
        rolls.append(app.session.match.dice)
    assert rolls[0] == rolls[1] and None not in rolls[0], rolls


def test_where_the_browser_cannot_share_the_result_is_copied_and_said_so():
    session, last = finished_daily("yatzy")
    app, _ = start(match=session)
    app, effects = send(app, BoxChosen(last))
    app, effects = after_ticks(app, effects, "records")
    text = daily.share_text(History.from_json(stores(effects, HISTORY_KEY)[-1]).games[0])
    assert re.fullmatch(r"Yacht Dice · Yatzy daily \d{4}-\d{2}-\d{2} — \d+ points?, bonus [✓✗], Yatzy × \d.*", text)
    app, effects = send(app, Pressed(Button.SHARE_RESULT), Pressed(Button.SHARE_SEND))
    assert of(effects, "share") == [("Your daily result", text, "")]
    copied, effects = send(app, Shared(Sent.COPIED))  # page.js: no Web Share API, so the clipboard took it
    assert ops(effects, "share-note")[-1] == {"hidden": False} and visible(effects, "share-note")
    assert [c["text"] for c in ops(effects, "share-note") if "text" in c] == ["Copied: paste it into a message."]
    _, effects = send(app, Shared(Sent.FAILED))  # nor the clipboard: the text, selected to copy by hand
    assert [c["value"] for c in ops(effects, "share-link") if "value" in c] == [text]
    assert visible(effects, "share-link-row") and of(effects, "focus") == [("share-link",)]
    assert send(app, Shared(Sent.SHARED))[1] == [] and send(app, Shared(Sent.CANCELLED))[1] == []
    _, effects = send(copied, Pressed(Button.SHARE_CLOSE))
    assert of(effects, "dialog") == [("share", False)]


def test_other_games_results_offer_no_share():
    match = new_match("yacht", ["Ann"], seed=5)
    *boxes, last = match.open_categories()
    for box in boxes:
        match = match.roll().score(box)
    app, _ = start(match=Session(match.roll()))
    app, effects = send(app, BoxChosen(last))
    assert visible(effects, "share-result") is False and send(app, Pressed(Button.SHARE_RESULT))[1] == []


@pytest.mark.parametrize("undo", ["1", "0"])
def test_play_again_after_the_daily_game_is_an_ordinary_game_with_the_forms_undo(undo):
    app, _ = start()
    fields = tuple((k, undo if k == "undo" else v) for k, v in lobby("Zoe", "yacht"))
    app, _ = send(app, Pressed(Button.QUICK_DAILY, form=fields))
    assert not app.session.undo_allowed
    *boxes, last = app.session.match.open_categories()
    for box in boxes:
        app, _ = send(app, Pressed(Button.ROLL), BoxChosen(box))
    app, _ = send(app, Pressed(Button.ROLL), BoxChosen(last))
    app, _ = send(app, Pressed(Button.PLAY_AGAIN))
    assert (
        app.screen.kind is Screen.PLAY and daily.match_day(app.session.match) is None
    )  # a new seed: not the day's dice
    assert app.session.undo_allowed is (undo == "1") and app.session.match.players == ("Zoe",)


def test_play_again_after_another_game_keeps_its_undo():
    session = Session(new_match("yacht", ["Ann"], seed=5), undo_allowed=False)
    match = session.match
    *boxes, last = match.open_categories()
    for box in boxes:
        match = match.roll().score(box)
    app, _ = start(match=Session(match.roll(), undo_allowed=False))
    app, _ = send(app, BoxChosen(last), Pressed(Button.PLAY_AGAIN))
    assert app.screen.kind is Screen.PLAY and not app.session.undo_allowed and app.session.match.seed != 5


def test_a_daily_game_played_today_offers_its_result_instead_of_a_new_game():
    record = played("yatzy", DAY, "2026-11-24T08:00:00Z")
    app, _ = start(stored={HISTORY_KEY: history_of(record).to_json()})
    app, effects = send(app, Pressed(Button.QUICK_DAILY, form=lobby()))
    assert app.screen.kind is Screen.SETUP and app.session is None  # no new game on dice already seen
    assert ("share", True) in of(effects, "dialog")
    assert ops(effects, "share-text")[-1]["text"] == daily.share_text(record)
    assert "today's Yatzy game" in [op["text"] for op in ops(effects, "share-note") if "text" in op][-1]
    app, effects = send(
        app, Pressed(Button.QUICK_DAILY, form=lobby(rules_name="yacht"))
    )  # another rule set's is still to play
    assert app.screen.kind is Screen.PLAY and app.session.match.seed == "daily:2026-11-24:yacht"


def test_a_daily_game_left_in_progress_is_taken_up_again():
    app, _ = start()
    app, _ = send(app, Pressed(Button.QUICK_DAILY, form=lobby()), Pressed(Button.ROLL))
    rolled = app.session
    app, _ = send(app, Pressed(Button.MENU_NEW))
    app, _ = send(app, Answered(Answer.LEAVE))
    assert app.screen.kind is Screen.SETUP
    app, _ = send(app, Pressed(Button.QUICK_DAILY, form=lobby()))
    assert app.screen.kind is Screen.PLAY and app.session.match == rolled.match  # not begun again on seen dice


def test_statistics_show_the_streak_and_the_daily_results():
    records = [played("yacht", date(2026, 11, day), f"2026-11-{day}T08:00:00Z") for day in (22, 23, 24)]
    app, _ = start(stored={HISTORY_KEY: history_of(*records, played("yacht", DAY, NOW, seed="7")).to_json()})
    app, effects = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))
    html = ops(effects, "stats-body")[-1]["html"]
    assert "Daily games" in html and "Daily streak: 3 days" in html
    lines = re.findall(r"<li>(2\d Nov 2026 · Yacht · \d+)</li>", html)
    assert lines == [daily.result_line(record) for record in reversed(records)]  # newest first, seed 7 left out


# ----------------------------------------------------------------------------- forced order's daily game


def test_forced_order_chosen_in_the_lobby_is_that_days_forced_order_game():
    app, _ = start()
    app, _ = send(app, Pressed(Button.QUICK_DAILY, form=lobby("Zoe", "yatzy", forced_order=True, two_pairs_four=True)))
    match = app.session.match
    assert match.seed == "daily:2026-11-24:yatzy-forced" == daily.seed(daily.game_name("yatzy", True), DAY)
    assert match.ruleset == variants.ruleset("yatzy", forced_order=True)  # forced order kept, the house rule not
    assert daily.match_day(match) == (DAY, "yatzy-forced") and not app.session.undo_allowed
    app, _ = send(app, Pressed(Button.ROLL))
    assert list(app.session.match.options()) == ["ones"]  # played in forced order


def test_the_forced_order_game_has_dice_and_a_result_of_its_own_and_old_seeds_keep_their_meaning():
    assert daily.standard("yatzy") == variants.ruleset("yatzy") and daily.standard("yahtzee-forced").forced_order

    def first_roll(name):
        return new_match(daily.standard(name), ["Ann"], seed=daily.seed(name, DAY)).roll().dice

    assert first_roll("yatzy") != first_roll("yatzy-forced")
    forced = played("yatzy-forced", DAY, NOW)
    assert daily.day_of(forced) == (DAY, "yatzy-forced") and daily.day_of(played("yatzy", DAY, NOW)) == (DAY, "yatzy")
    history = history_of(forced)
    assert daily.played(history, "yatzy-forced", DAY) == forced and daily.played(history, "yatzy", DAY) is None
    free_on_forced_seed = new_match(daily.standard("yatzy"), ["Ann"], seed=daily.seed("yatzy-forced", DAY))
    assert daily.match_day(free_on_forced_seed) is None  # a forced-order seed played in free order is no daily game
    assert daily.game_name("yacht", True) == "yacht"  # Yacht has no forced order: its one daily game


def test_the_forced_order_share_text_and_result_line_say_forced_order():
    record = played("yatzy-forced", DAY, NOW)
    assert daily.share_text(record).startswith("Yacht Dice · Yatzy in forced order daily 2026-11-24 — ")
    assert daily.result_line(record).startswith("24 Nov 2026 · Yatzy in forced order · ")
    assert daily.share_text(played("yatzy", DAY, NOW)).startswith("Yacht Dice · Yatzy daily 2026-11-24 — ")


def test_the_lobby_offers_the_forced_order_result_once_played_and_the_free_order_game_still():
    record = played("yatzy-forced", DAY, "2026-11-24T08:00:00Z")
    app, _ = start(stored={HISTORY_KEY: history_of(record).to_json()})
    app, effects = send(app, Pressed(Button.QUICK_DAILY, form=lobby(forced_order=True)))
    assert app.screen.kind is Screen.SETUP and ops(effects, "share-text")[-1]["text"] == daily.share_text(record)
    assert "today's Yatzy in forced order game" in [op["text"] for op in ops(effects, "share-note") if "text" in op][-1]
    app, _ = send(app, Pressed(Button.QUICK_DAILY, form=lobby()))
    assert app.screen.kind is Screen.PLAY and app.session.match.seed == "daily:2026-11-24:yatzy"


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_forced_orders_daily_name_is_in_the_players_language(code):
    from tools import i18n

    t = Text.from_mo(code, i18n.compiled(code))
    assert daily.display("yatzy-forced", t) != daily.display("yatzy-forced") and "forced" not in daily.display(
        "yatzy-forced", t
    )


def test_a_forced_order_daily_match_stays_that_days_game_through_a_save_a_link_and_a_challenge():
    from game.core import links, saves

    def turn(match):
        rolled = match.roll()
        return rolled.score(next(iter(rolled.options())))  # the one box forced order offers

    match = new_match(daily.standard("yatzy-forced"), ["Ann"], seed=daily.seed("yatzy-forced", DAY))
    for _ in range(4):
        match = turn(match)
    assert daily.match_day(saves.from_json(saves.to_json(match))) == (DAY, "yatzy-forced")
    assert daily.match_day(links.read(links.write(match)).match) == (DAY, "yatzy-forced")
    while not match.game_over:
        match = turn(match)
    challenge = links.read(links.write(match, links.LinkKind.CHALLENGE)).match
    assert challenge.ruleset.forced_order and challenge.cards == match.cards
    assert daily.match_day(challenge) == (DAY, "yatzy-forced")
