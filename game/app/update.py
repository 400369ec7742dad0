"""``update(app, message)``: the new App and the effects, as one ``match`` over the message union (Elm's ``update``).

It reads no clock, no storage and no page, and changes nothing in place. Each message type, button, switch and answer
has its case; a type checker proves each ``match`` complete (``assert_never``), so a message without a case is a
type error (and tests/unit/app/test_update.py fails). The handlers live by concern (game.app's docstring)::

    >>> from game.app.events import Start
    >>> app, effects = update(App(), Start(query=(("rules", "yacht"), ("players", "Ann"))))
    >>> app.played.match.players, effects[-1].KIND
    (('Ann',), 'ready')
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from game.app import aiming, entering, keyboard, keyplay, practice, screens, sharing, table, ticks, waking
from game.app.events import (
    Answer,
    Answered,
    BoxChosen,
    Button,
    CellPressed,
    DieToggled,
    DrillAnswered,
    Early,
    FaceTapped,
    Fetched,
    File,
    FormChanged,
    GameDeleteConfirmed,
    GameDeletePressed,
    Input,
    Key,
    LanguagePicked,
    Message,
    Motion,
    PacePicked,
    Persisted,
    Pressed,
    Refused,
    RivalPicked,
    Shared,
    Start,
    StatsFiltered,
    Stored,
    Submit,
    Switch,
    TimerFired,
    TimerKind,
    Toggled,
    Visibility,
)
from game.app.ids import Asked, DeleteGame
from game.app.notices import Again, CellRefused
from game.app.page import Page, settled
from game.app.records import close_stats, delete_games, delete_kept, export_backup, on_file, on_persisted, open_stats
from game.app.settings import pick_pace, switch_language
from game.app.start import on_start
from game.app.state import App, Effect, Naming, Out, Over, Until, ask, focus
from game.app.storage import download_kept, on_refused, on_stored
from game.app.view import confirm, drawn, keep
from game.app.wording import sent
from game.coach.aims import AimKind
from game.coach.bots import LADDER
from game.core.actions import Score
from game.core.entered import entered
from game.records import choices as setups


def update(app: App, message: Message, now: str = "") -> Out:
    """The app after ``message`` and what the page must do (a message out of turn changes nothing); then the held
    messages whose wait is over, and after a draw what the page keeps (game.app.waking).

    >>> from game.app.events import Key
    >>> update(App(), Key("r"))
    (App(...), [])
    """
    app, _, effects = step(app, None, message, now)
    return app, effects


def step(app: App, shown: Page | None, message: Message, now: str = "") -> tuple[App, Page | None, list[Effect]]:
    """:func:`update` for a caller that keeps the page shown (the shell): ``shown`` is the view of ``app`` (None:
    not kept, worked out when needed), and the page after comes back with the App, so no view is worked out twice.

    >>> from game.app.view import view
    >>> app, shown, effects = step(App(), view(App()), Key("r"))
    >>> shown == view(app), effects
    (True, [])
    """
    before = app
    app, effects = dispatch(replace(app, now=now or app.now), message)
    app, more = take_up(app, message)
    shown, effects = drawn(before, app, effects + more, shown)
    if app.table.thrown:  # the dice tumbled in this draw: spent
        app, shown = app.at_table(thrown=frozenset()), settled(shown)
    asking = app.asking
    if asking is not None:  # the question asked, worded once (the page's #ask dialog holds it from here)
        app, effects = replace(app, asking=None), [*effects, confirm(asking, app.t)]
    if app.sending:  # the share dialog's Share: what it shows, worded by the view, sent once
        app, effects = replace(app, sending=False), [*effects, *sent(app)]
    return app, shown, effects + keep(app, effects)


def wait_over(app: App, message: Message, until: Until) -> bool:
    """Whether a held message's wait is over, after ``message``: the start drew, or the history's tick came."""
    match until:
        case Until.START:
            return not waking.starting(app)
        case Until.HISTORY:
            return isinstance(message, TimerFired) and message.kind is TimerKind.HISTORY
        case _:
            assert_never(until)


def take_up(app: App, message: Message) -> Out:
    """The held messages whose wait ``message`` ended, in the order they came; one pass (what they hold waits on)."""
    if not app.held:
        return app, []
    done = [wait_over(app, message, held.until) for held in app.held]
    ready = [held.event for held, ended in zip(app.held, done, strict=True) if ended]
    app = replace(app, held=tuple(held for held, ended in zip(app.held, done, strict=True) if not ended))
    effects = []
    for waited in ready:
        app, more = dispatch(app, waited)
        effects += more
    return app, effects


def on_early(app: App, message: Early) -> Out:
    """A person's message sent before Python was ready: held until the start has drawn, then taken only if it was
    made on the table the start drew (a tap on a table that has moved on since does nothing)."""
    if waking.starting(app):
        return app.hold(message, Until.START), []
    if message.board != app.givens.woke:
        return app, []
    return dispatch(app, message.event)


def dispatch(app: App, message: Message) -> Out:
    """The message's handler, by its type (a person's tap or change brings the setup form's fields as they are;
    a tap on the board's dice or card does nothing unless a match is being played)."""
    if isinstance(message, Input):
        app = replace(app, form=message.form or app.form)
    match message:
        case DieToggled() | FaceTapped() | BoxChosen() | CellPressed() if not table.playing(app):
            return app, []
        case Start():
            return on_start(app, message)
        case Pressed(button=button):
            return press(app, button)
        case DieToggled(index=index):
            if entered(app.played.match):  # real dice (game.app.entering): a face being entered taken back
                return entering.take_back(app, index)
            return table.act(app, keyboard.toggle(app.played.match, index))
        case FaceTapped(face=face):
            return entering.tap(app, face)
        case BoxChosen(category=category):  # scored; the focus back on Roll
            app, effects = table.act(app, Score(category))
            return app, [*effects, focus("roll-button")]
        case CellPressed(row=row, player=player):  # a cell that is no choice: why
            return app.say(CellRefused(app.played.match, row, player)), []
        case GameDeletePressed(game=game):
            return ask(app, Asked.DELETE_GAME, DeleteGame(game)), []
        case DrillAnswered():
            return practice.answer(app, message)
        case RivalPicked(level=level):  # none of the ladder's levels, or one locked: a tap that means nothing
            rung = next((rung for rung in LADDER if rung.value == level), None)
            if rung is None or not screens.rival_open(app, rung):
                return app, []
            return screens.quick_start(app, setups.Quick.COMPUTER, rival=rung)
        case Submit():
            return screens.on_submit(app, message)
        case Toggled(switch=switch, checked=checked):
            return toggle(app, switch, checked)
        case LanguagePicked(code=code):
            return switch_language(app, code)
        case PacePicked(pace=pace):
            return pick_pace(app, pace)
        case StatsFiltered(rules=rules, player=player):
            return open_stats(app, [], rules, player)
        case FormChanged():  # its fields are the form's (above): the view's lobby lines follow them
            return app, []
        case File():
            return on_file(app, message)
        case Key():
            if not message.typing and table.playing(app):
                app = app.at_visit(keyboard=True)  # the keys play: the computer waits for the ear (game.app.waits)
            if again(app, message):
                return say_again(app)
            if message.key == "Escape" and app.over in (Over.RULES, Over.STATS) and not message.alt:
                return landed(app, screens.close_rules(app) if app.over is Over.RULES else close_stats(app))
            return entering.on_key(app, message) or keyplay.on_key(app, message)
        case TimerFired():
            return ticks.on_timer(app, message)
        case Stored():
            return on_stored(app, message)
        case Visibility():
            return table.on_visibility(app, message)
        case Motion(reduced=reduced):
            return app.at_visit(reduced=reduced), []
        case Fetched():
            return ticks.on_fetched(app, message)
        case Refused():
            return on_refused(app, message)
        case Answered(answer=answer):
            return answered(app, message, answer)
        case GameDeleteConfirmed():
            return delete_games(app, message)
        case Persisted():
            return on_persisted(app, message)
        case Shared():
            return sharing.on_shared(app, message)
        case Early():
            return on_early(app, message)
        case _:
            assert_never(message)


def landed(before: App, out: Out) -> Out:
    """A screen over the page closed: the focus where it lands (game.app.table.landing); none closed: nothing."""
    app, effects = out
    return app, [*effects, *(table.landing(app) if app.over is not before.over else [])]


def again(app: App, message: Key) -> bool:
    """Whether the key says the last words again (A at the table, not right after S, where it names a box)."""
    if message.typing or message.alt or message.ctrl or not table.playing(app):
        return False
    named = app.table.boxing and message.choice
    return not named and keyboard.key_command(app.played.match, message.key) == keyboard.AGAIN


def say_again(app: App) -> Out:
    """The last words said again, in the ear's region: the ear's own (a computer's turn, the board read), else the
    status line, then the notice's explanation if one is shown."""
    said = Again(app.table.spoken.facts, app.table.status, app.notice.facts)
    return app.at_table(spoken=app.table.spoken.then((said,)), boxing=False), []


def press(app: App, button: Button) -> Out:
    """What each button with an id does."""
    match button:
        case Button.SHARE_SEND:  # a fact: step has the view word what the dialog shows, and sends it
            return (replace(app, sending=True) if app.sharing is not None else app), []
        case Button.SHARE_CLOSE:
            return sharing.close_share(app)
        case Button.ROLL:
            return table.roll(app)
        case Button.UNDO:
            return table.undo(app)
        case Button.NEXT_GAME:
            return table.next_game(app)
        case Button.FINISH_MATCH:
            return table.finish(app)
        case Button.SKIP:
            return table.skip(app)
        case Button.PASS_START | Button.SEND_HERE:
            return table.hand_over(app)
        case Button.SEND_LINK:
            return sharing.send_turn(app)
        case Button.SEND_RESULT:
            return sharing.send_result(app)
        case Button.CHEER_CLOSE:
            return table.dismiss_cheer(app)
        case Button.CHEER_TAKE:
            return table.take(app)
        case Button.SHOW_REPORT:
            return table.show_report(app)
        case Button.REPLAY_TURN:
            ended = app.table.ended if app.session is not None else None
            return practice.open_trainer(app, ended.replay) if ended is not None and ended.replay else (app, [])
        case Button.CHALLENGE_FRIEND:
            return sharing.challenge_friend(app)
        case Button.SHARE_QR:
            return sharing.show_qr(app)
        case Button.NEW_MATCH:
            return screens.open_setup(app)
        case Button.QUICK_SOLO:
            return screens.quick_start(app, setups.Quick.SOLO)
        case Button.QUICK_COMPUTER:
            return screens.quick_start(app, setups.Quick.COMPUTER)
        case Button.QUICK_PASS:
            return screens.quick_start(app, setups.Quick.PASS)
        case Button.QUICK_DAILY:
            return screens.quick_start(app, setups.Quick.DAILY)
        case Button.QUICK_REAL:
            return screens.quick_start(app, setups.Quick.REAL)
        case Button.SHARE_RESULT:
            return sharing.share_daily(app)
        case Button.PLAY_AGAIN:
            return table.play_again(app)
        case Button.NEXT_RIVAL:
            return table.play_next(app)
        case Button.NAMING_OK:
            return screens.passing_named(app, True) if app.naming is Naming.PASSING else sharing.name_given(app)
        case Button.NAMING_SKIP:
            return screens.passing_named(app, False) if app.naming is Naming.PASSING else sharing.name_skipped(app)
        case Button.MENU_NEW:
            return screens.leave_match(app)
        case Button.SAVE_PROBLEM_DISMISS:
            return screens.leave_save_problem(app)
        case Button.SAVE_PROBLEM_DOWNLOAD:
            return screens.download_save_problem(app)
        case Button.LINK_KEEP:
            return screens.choose_link(app, False)
        case Button.LINK_START:
            return screens.choose_link(app, True)
        case Button.LOAD_NEWER:
            return screens.load_newer(app)
        case Button.MENU_STATS:
            return open_stats(*screens.close_rules(app))
        case Button.STATS_CLOSE:
            return landed(app, close_stats(app))
        case Button.MENU_RULES:
            return screens.open_rules(app)
        case Button.RULES_CLOSE:
            return landed(app, screens.close_rules(app))
        case Button.EXPORT_BACKUP:
            return export_backup(app)
        case Button.DELETE_ALL:
            return ask(app, Asked.DELETE_ALL, Answer.DELETE_ALL), []
        case Button.KEPT_DOWNLOAD:
            return app, [download_kept(app)]
        case Button.KEPT_DELETE:
            return ask(app, Asked.DELETE_KEPT, Answer.DELETE_KEPT), []
        case Button.AIM_POINTS:
            return aiming.aim_at(app, AimKind.POINTS)
        case Button.AIM_CHALLENGE:
            return aiming.aim_at(app, AimKind.CHALLENGE)
        case Button.AIM_BEST:
            return aiming.aim_at(app, AimKind.BEST)
        case Button.AIM_SET:
            return aiming.aim_typed(app)
        case Button.PRACTISE:
            return practice.open_trainer(app)
        case Button.DRILL_NEXT:
            return practice.next_puzzle(app)
        case Button.DRILL_LEAVE:
            return practice.leave(app)
        case _:
            assert_never(button)


def toggle(app: App, switch: Switch, on: bool) -> Out:
    """What each switch at the table does, turned on or off."""
    match switch:
        case Switch.HINTS:
            return table.switch_hints(app, on) if table.playing(app) else (app, [])
        case Switch.CHANCES:
            return table.switch_chances(app, on) if app.session is not None else (app, [])
        case _:
            assert_never(switch)


def answered(app: App, message: Answered, answer: Answer) -> Out:
    """What each yes to a question the app asked (game.app.state.ask) does."""
    match answer:
        case Answer.LEAVE:
            return screens.open_setup(app)
        case Answer.DELETE_KEPT:
            return delete_kept(app)
        case Answer.DELETE_ALL:
            return delete_games(app, message)
        case _:
            assert_never(answer)
