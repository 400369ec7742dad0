"""game.app.view: the page drawn from the App alone, once per answer, as the difference between two views."""

from __future__ import annotations

import ast
from dataclasses import fields, replace
from pathlib import Path

import game.app
from game.app.effects import Apply
from game.app.events import (
    Answer,
    Answered,
    BoxChosen,
    Button,
    CellPressed,
    DieToggled,
    Fetched,
    FormChanged,
    Key,
    LanguagePicked,
    Motion,
    Persisted,
    Pressed,
    Refused,
    Shared,
    Stored,
    Submit,
    Switch,
    Toggled,
    read_timer,
)
from game.app.keys import HISTORY_KEY, REFERENCES, SAVE_KEY, UNREADABLE_KEY, Sent, Wanted
from game.app.notices import Plain
from game.app.page import diff
from game.app.state import App, Over, Screen
from game.app.update import update
from game.app.view import view
from game.app.wording import PLAIN, told
from game.coach.session import Session
from game.core.engine import new_match
from game.present.ops import wire
from game.records.choices import form_values, parse_link
from tests.helpers.app import NOW, challenger, click, friend, ops, play_out, send, start, tick_token, ticks, visible
from tests.helpers.scenes import fresh, last_box, rolled, some_history, yahtzee_seed
from tests.helpers.words import catalogue

SCREEN_IDS = ["setup", "save-problem", "link-choice", "play"]


def test_the_app_keeps_no_memory_of_the_draws():
    assert "drawn" not in {field.name for field in fields(App)}


def test_an_answer_draws_the_difference_between_the_views_once():
    before, _ = start(match=fresh())
    after, effects = send(before, Pressed(Button.ROLL))
    typed, _ = diff(view(before), view(after.at_table(thrown=frozenset(range(5)))))
    table = [wire(op) for op in typed]  # as the draw writes them (game.app.view.painted)
    drawn = [op for effect in effects if isinstance(effect, Apply) for op in effect.ops]
    assert table and [op for op in drawn if op in table] == table  # each once, in the view's order
    applies = [effect for effect in effects if isinstance(effect, Apply)]
    assert applies[0].motion is not None and not after.table.thrown  # the toss is drawn once, then spent


def test_an_answer_that_changes_nothing_shown_draws_nothing():
    app, _ = start(match=rolled())
    _, effects = send(app, Motion(reduced=False))
    assert not [effect for effect in effects if isinstance(effect, Apply)]


def test_a_table_off_the_screen_is_not_drawn_and_is_drawn_whole_when_back():
    app, _ = start(match=rolled())
    assert app.screen.kind is Screen.PLAY and view(app).table is not None
    shown = view(app)
    assert diff(shown, shown) == ([], None)
    assert ops(send(start(match=rolled())[0], Pressed(Button.ROLL))[1], "scorecard") == []  # same board: no rebuild
    drawn = [op.target for op in diff(view(App()), shown)[0] if op.target in (*SCREEN_IDS, "scorecard", "dice")]
    assert drawn[:6] == [*SCREEN_IDS, "scorecard", "dice"]


def test_the_notice_is_the_apps_and_each_saying_is_drawn_the_same_words_again_too():
    app, _ = start(match=fresh())
    app, effects = send(app, CellPressed("yacht", 0))  # no choice before a roll: why
    words = view(app).notice.words
    assert words and ops(effects, "notice") == [{"text": words, "hidden": False}]
    app, effects = send(app, CellPressed("yacht", 0))  # the same words again: written differently, so said again
    assert ops(effects, "notice") == [{"text": words + "\u00a0", "hidden": False}]
    app, effects = send(app, CellPressed("yacht", 0))
    assert ops(effects, "notice") == [{"text": words, "hidden": False}]
    app, effects = send(app, Pressed(Button.ROLL))
    assert view(app).notice.words == "" and ops(effects, "notice") == [{"text": "", "hidden": True}]


def test_the_screens_shown_are_the_apps():
    app, effects = start(match=rolled())
    assert [visible(effects, where) for where in SCREEN_IDS] == [False, False, False, True]
    app, effects = send(app, Pressed(Button.MENU_RULES))
    assert visible(effects, "rules") and ops(effects, ("body", 0)) == [{"attrs": {"data-screen": "rules"}}]
    app, effects = send(app, Pressed(Button.MENU_STATS), Fetched(REFERENCES, None))  # once its numbers come
    assert app.over is Over.STATS and not visible(effects, "rules") and visible(effects, "stats")
    assert ops(effects, ("body", 0))[-1] == {"attrs": {"data-screen": "stats"}}
    app, effects = send(app, Pressed(Button.STATS_CLOSE))
    assert not visible(effects, "stats") and ops(effects, ("body", 0)) == [{"remove": ["data-screen"]}]
    assert visible(effects, "play") is None  # the screen under it stays as it was


def test_a_finished_match_resumed_shows_its_results_own_new_match_not_the_menus():
    over = last_box(8, [5] * 5)
    over = replace(over, match=over.match.score("yacht"))
    _, effects = start(match=over)
    assert visible(effects, "results") and visible(effects, "new-match") and visible(effects, "menu-new") is False


def test_a_celebration_is_the_apps_words_shown_until_its_tick():
    app, _ = start(f"rules=yatzy&players=Ann&seed={yahtzee_seed('yatzy')}")
    app, effects = send(app, Pressed(Button.ROLL))
    assert view(app).cheer[0].words == "Yatzy for Ann!" and app.waiting.cheer is not None and visible(effects, "cheer")
    app, effects = send(app, Key("Escape"))
    assert app.waiting.cheer is None and visible(effects, "cheer") is False


def test_another_tabs_offer_is_the_apps_and_each_saying_is_drawn():
    app, _ = start(match=rolled())
    app, effects = send(app, Stored(SAVE_KEY, Session(app.session.match.roll()).to_json()))
    words = view(app).other_tab.words
    assert words and ops(effects, "other-tab-text") == [{"text": words}] and visible(effects, "other-tab")
    app, effects = send(app, Pressed(Button.ROLL))  # refused (out of date): said again
    assert ops(effects, "other-tab-text") == [{"text": words}] and visible(effects, "other-tab")
    app, effects = send(app, Pressed(Button.LOAD_NEWER))
    assert view(app).other_tab.words == "" and visible(effects, "other-tab") is False


def test_the_win_chances_line_is_the_apps():
    app, _ = start(match=rolled(), stored={HISTORY_KEY: some_history().to_json()})
    app, effects = send(app, Toggled(Switch.CHANCES, True))
    app, effects = send(app, read_timer(tick_token(effects, "chances")))
    assert view(app).odds and ops(effects, "chances") == [{"text": view(app).odds}]
    app, effects = send(app, Toggled(Switch.CHANCES, False))
    assert view(app).odds == "" and ops(effects, "chances") == [{"text": ""}]


def test_the_storage_line_is_the_browsers_last_answer_drawn_when_it_changes():
    app, _ = start()
    app, effects = send(app, Persisted(None))  # it cannot say: said so
    assert view(app).storage and ops(effects, "storage-status") == [{"text": view(app).storage}]
    assert send(app, Persisted(None))[1] == []
    app, effects = send(app, Persisted(False))
    assert ops(effects, "storage-status") == [{"text": view(app).storage}]


def test_the_save_problems_texts_are_its_screens_and_a_copy_not_kept_rewords_only_what_changed():
    app, effects = start(match="{garbage")
    texts = ["save-problem-kept", "save-problem-reason", "save-problem-text", "save-problem-dismiss"]
    assert [op.target for op in view(app).texts] == texts and all(ops(effects, at) for at in texts)
    app, effects = send(app, Refused(UNREADABLE_KEY), Refused(UNREADABLE_KEY))  # neither the copy nor the move fit
    assert app.screen.kind is Screen.SAVE_PROBLEM and not app.screen.aside.trying
    assert [at for at in texts if ops(effects, at)] == ["save-problem-kept", "save-problem-dismiss"]
    assert ops(effects, "save-problem-kept") == [wire(view(app).texts[0])[1]]


def test_the_link_choices_texts_are_its_screens():
    app, _ = start(match=rolled())
    app, effects = send(app, Stored(SAVE_KEY, Session(app.session.match.roll()).to_json()), Pressed(Button.NEW_MATCH))
    app, effects = send(app, Pressed(Button.QUICK_SOLO))  # over the match another tab saved: asked first
    assert app.screen.kind is Screen.LINK_CHOICE and app.screen.words
    words = told(app.screen.words, app.t)  # the screen holds facts, the view words them
    assert words.startswith("Another tab has a match in progress (Yacht, Ann")
    assert ops(effects, "link-choice-text") == [{"text": words}] and ops(effects, "link-start")


def test_every_notice_has_its_words_and_the_model_holds_none():
    """Each plain notice is worded by the view (game.app.wording.PLAIN); the App's notice holds facts, not text."""
    assert set(PLAIN) == set(Plain)
    app, _ = start(match=fresh())
    app, _ = send(app, CellPressed("yacht", 0))
    assert not any(isinstance(fact, str) for fact in app.notice.facts) and view(app).notice.words


def test_the_after_game_report_is_the_apps_until_the_table_is_drawn_again():
    match = new_match("yacht", ["Ann"], games=2, seed=8)  # a second game to go on to
    for box in match.open_categories()[:-1]:
        match = match.roll(faces=[1, 2, 3, 4, 6]).score(box)
    app, _ = start(match=Session(match.roll(faces=[5] * 5)))
    app, _ = send(app, click("yacht"))
    app, effects = send(app, Pressed(Button.SHOW_REPORT))
    assert app.table.reporting.session is None and ops(effects, "report") == [wire(view(app).report)[1]]
    app, effects = send(app, read_timer(tick_token(effects, "report")))
    html = wire(view(app).report)[1]["html"]  # the App holds the session reviewed, the view the report's markup
    assert app.table.reporting.session is not None and html and ops(effects, "report") == [{"html": html}]
    app, effects = send(app, Pressed(Button.NEXT_GAME))  # the table drawn again: the report closed
    assert app.table.reporting is None and view(app).report is None and not ops(effects, "report")


def test_the_hint_and_its_marks_are_the_apps_and_hidden_once_when_hints_go_off():
    app, effects = start(match=Session(rolled().match.roll().roll(), hints=frozenset({0})))
    app, effects = send(app, read_timer(tick_token(effects, "hint")))
    assert view(app).hint and ops(effects, "hint") == [{"html": view(app).hint, "hidden": False}]
    ((at, mark),) = view(app).hinted  # after the last roll: the best box
    assert ops(effects, at) == [{"toggle": {mark: True}, "optional": True}]
    app, effects = send(app, Toggled(Switch.HINTS, False))
    assert app.table.hint is None and visible(effects, "hint") is False
    assert ops(effects, at) == [{"toggle": {"hint-keep": False, "hint-best": False}, "optional": True}]
    scored, effects = send(
        app, BoxChosen("ones")
    )  # the board moves on (the hint's wait set anew): it is hidden already
    assert len(scored.session.match.actions) > len(app.session.match.actions) and visible(effects, "hint") is None


def test_the_rules_text_is_the_views_while_open():
    app, _ = start(match=rolled())
    app, effects = send(app, Pressed(Button.MENU_RULES))
    assert view(app).rules and ops(effects, "rules-body") == [{"html": view(app).rules}]
    assert ops(effects, ("html", 0)) == [{"scroll": True}]
    app, effects = send(app, Pressed(Button.RULES_CLOSE))
    assert view(app).rules is None and not ops(effects, "rules-body")
    assert ops(send(app, Pressed(Button.MENU_RULES))[1], "rules-body")  # opened again: drawn again


def test_only_the_view_draws():
    """No handler writes page ops of its own: the typed ops become an Apply in ``painted`` alone, called by the view's
    draw and by ``failed`` (when the view itself may be what failed), and each answer of a journey through the lobby, a refused start, a language, Statistics, sharing, an
    ending and a challenge's end draws at most once (the view's difference)."""
    source = Path(game.app.__file__).parent
    calls = {
        (path.name, node.name)
        for path in source.glob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef)
        for call in ast.walk(node)
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) in ("painted", "Apply")
    }
    assert calls == {("view.py", "drawn"), ("view.py", "failed"), ("view.py", "painted")}
    app, _ = start()
    theirs = challenger()[0].sharing.url
    journey = [
        FormChanged(form=(("rules", "yatzy"),)),
        Submit(tuple({**form_values(parse_link("players=Ann")[0]), "games": "99"}.items())),
        LanguagePicked("de"),
        Fetched(Wanted.language("de"), catalogue("de")),
        Pressed(Button.MENU_STATS),
        Fetched(REFERENCES, None),
        Pressed(Button.STATS_CLOSE),
        LanguagePicked("en"),
        Pressed(Button.QUICK_SOLO),
    ]
    for event in journey:
        app, effects = update(app, event, now=NOW)
        assert sum(isinstance(effect, Apply) for effect in effects) <= 1, event
    app, _ = friend(theirs)
    app, _, effects = play_out(app)
    for event in [*(read_timer(token) for token, _ in ticks(effects, "ending")), Pressed(Button.CHALLENGE_FRIEND)]:
        app, effects = update(app, event, now=NOW)
        assert sum(isinstance(effect, Apply) for effect in effects) <= 1, event
    for event in (Pressed(Button.SHARE_QR), Shared(Sent.FAILED), Pressed(Button.SHARE_CLOSE)):
        app, effects = update(app, event, now=NOW)
        assert sum(isinstance(effect, Apply) for effect in effects) <= 1, event
    assert app.sharing is None


def test_the_lobbys_line_is_worked_out_on_the_lobby_alone(monkeypatch):
    """A tap at the table reads nothing of the setup form: the computer's line is the lobby's."""
    import game.present.setup as setups

    app, _ = start(match=rolled())
    calls = []
    real = setups.opponent
    monkeypatch.setattr(setups, "opponent", lambda *args, **kwargs: calls.append(1) or real(*args, **kwargs))
    app, _ = send(app, Pressed(Button.ROLL), DieToggled(0))
    assert calls == []
    app, effects = send(app, Pressed(Button.MENU_NEW), Answered(Answer.LEAVE))  # the lobby again: its line drawn
    assert calls and ops(effects, "quick-computer-line") == [{"text": real(dict(app.form), app.t)}]
