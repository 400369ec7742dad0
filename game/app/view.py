"""What the page shows, from the App alone (:func:`view`), and the ops that bring the page from one view to the
next (:func:`diff`): ``update`` draws the difference once, after the handler (Elm's ``view``).

    >>> from game.app.state import App
    >>> view(App()).table is None, diff(view(App()), view(App()))
    (True, ([], None))
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from game.app.effects import Apply, Confirm, Console, ConsoleLevel, Flag, Keep, Language, Ready, Remove, Store
from game.app.events import Message, Start
from game.app.facts import Ended
from game.app.ids import Asked, Asking, wire
from game.app.keys import UNREADABLE_KEY
from game.app.notices import Status
from game.app.page import Line, Page, dialog_effects, diff
from game.app.screens import OTHER_TAB_TITLE, REPLACE_START, REPLACE_TITLE, rules_shown
from game.app.state import (
    App,
    Effect,
    LinkChoice,
    LoadingScreen,
    Naming,
    Offer,
    Over,
    PlayScreen,
    SaveProblem,
    Screen,
    SetupScreen,
    TrainerScreen,
)
from game.app.storage import kept_copies, kept_under
from game.app.table import against, offered
from game.app.waking import stamp, starting
from game.app.wording import (
    hint_shown,
    notice_line,
    problems_words,
    report_body,
    shared,
    stats_body,
    status_words,
    told,
)
from game.coach.moments import Mood
from game.core.cards import Level, SeatKind
from game.core.i18n import N_, Text
from game.present import (
    banter,
    board_view,
    coach_view,
    feel,
    markup,
    paint,
    replay_view,
    rules_text,
    standings,
    stats_view,
    trainer_view,
)
from game.present import ops as page_ops
from game.present import setup as setups
from game.present.ops import Op, SetHidden, SetHtml, SetText, SetValue
from game.present.words import (
    SAVE_KEPT,
    WORDS,
    failure,
)
from game.records import challenge, choices, daily, stats
from game.records.history import History

SHOWN_SAVE_CHARS = 64 * 1024  # of an unreadable save, shown on the page (all of it is kept and downloadable)


def inputs(app: App) -> tuple:
    """What the view reads of the App: when they are the same objects, the view is the same (cheap to tell). Checked:
    tests/unit/app/test_view_inputs.py finds every part of the App the view reads (through every helper it hands the
    App to) and fails on one not listed here, or listed and never read."""
    return (
        app.notice,
        app.visit.cheer,
        app.waiting.cheer,
        app.visit.moment,
        app.overlay,
        app.screen,  # the table's state too (PlayScreen.table, or carried back by the screen over it)
        app.session,
        app.t,
        app.visit.board,
        app.kept.challenge,
        app.kept.challenge_hints,
        app.other_tab,
        app.storage.persisted,
        app.form,
        app.waiting.starting,
        app.waiting.language,
        app.counts.filled,
        app.statistics.stats,
        app.storage.stored,
        app.storage.history,  # the lobby's lines that know the player (progress), and the day they are for
        app.now,
    )


def view(app: App) -> Page:
    """What the page shows for ``app``."""
    shown = app.screen
    match shown:  # the main screen's element, and for the table which one was put on the board (drawn anew)
        case LoadingScreen():
            main = None
        case PlayScreen():
            main = (Screen.PLAY, app.visit.board)
        case SetupScreen() | SaveProblem() | LinkChoice() | TrainerScreen():
            main = (shown.kind, 0)
        case _:
            assert_never(shown)
    loading = main is None or app.waiting.starting is not None  # the start waits for its language
    screen = None if loading else main
    cheer = (notice_line(app.visit.cheer, app.t), app.waiting.cheer is not None, *moment_shown(app), take_words(app))
    storage = (
        stats_view.storage_status(app.storage.persisted.persisted, t=app.t) if app.storage.persisted is not None else ""
    )
    notice, other_tab = notice_line(app.notice, app.t), notice_line(app.other_tab, app.t)
    odds = (
        coach_view.chances_text(app.table.odds.match, app.table.odds.chances, app.table.odds.best, t=app.t)
        if app.table.odds
        else ""
    )
    page = Page(screen, app.over, notice, cheer, None, other_tab, odds, storage, screen_texts(app))
    rules = rules_text.panel_html(rules_shown(app), t=app.t) if app.over is Over.RULES else None
    # Real dice being entered: the tray shows the new roll, which the hint's marks on the last one's dice are not of.
    last = app.played.match.dice if app.table.entering else ()  # the roll the marks were on
    dice = {paint.die_at(index) for index in range(len(last))}
    panel, said, marks = hint_shown(app.table.hint, app.t) if app.table.hint is not None else (None, "", ())
    hinted = tuple(mark for mark in marks if mark[0] not in dice)
    page = replace(
        page,
        hint=panel,
        hinted=hinted,
        rules=rules,
        ended=ended_words(app.table.ended, app.t),
        share=shared(app.sharing, app.t),
    )
    page = replace(page, spoken=notice_line(app.table.spoken, app.t), trainer=trainer_body(app), said=said)
    dialogs = (("share", app.sharing is not None), ("naming", app.naming is not None))
    page = replace(page, naming=welcome_card(app), dialogs=tuple(name for name, shown in dialogs if shown))
    if not loading:
        page = lobby(app, page)
    if not isinstance(shown, PlayScreen) or app.session is None:
        return page
    theirs = against(app)
    # who sent the challenge and the total to beat, or which day's daily game this is
    line = (
        challenge.line(theirs, app.t, app.kept.challenge_hints)
        if theirs is not None
        else daily.table_line(app.session.match, app.t)
    )
    reporting = app.table.reporting is not None
    # A hidden tray (the pass screen, the results) says nothing: its words go to the ear's region (issue 58).
    tray = app.table.handing is None and board_view.current_seat(app.session.match) is not None
    said, read = status_words(app.table.status, app.t), status_words(app.table.status, app.t, eyes=True)
    table = paint.table(
        app.session,
        app.t,
        said if tray else "",
        app.table.handing,
        app.table.thrown,
        reporting,
        app.visit.board,
        line,
        theirs,
        app.table.entering,
        paint.hinted_box(app.session.match, hinted),
        read if tray else "",
        chased(app),
    )
    spoken = notice_line(app.table.spoken, app.t)
    if not tray and said and said not in spoken.words:  # with a computer's last turn, or the board read, if said
        words = f"{spoken.words} {said}" if spoken.words else said
        spoken = replace(spoken, words=words) if spoken.words else Line(said, -len(app.session.match.actions) - 1)
    return replace(page, table=table, report=report_op(app), quiet=quiet(app.table.status), spoken=spoken)


def quiet(status: Status) -> bool:
    """Whether the status line shows a computer's move: not live then (its turn is said once, when it ends)."""
    step = status.step
    return step is not None and step.refusal is None and step.before.current_seat.kind is SeatKind.COMPUTER


def chased(app: App) -> int | None:
    """The best total a person playing alone has reached under these rules before this game, for the table's race
    (None: a table of others, no game yet, or the history not read)."""
    match = app.session.match if app.session is not None else None
    if match is None or len(match.seats) != 1 or match.seats[0].kind is not SeatKind.HUMAN:
        return None
    history = app.storage.history
    if not isinstance(history, History):
        return None
    return stats.best_total(history, stats.ruleset_key(match.ruleset), match.seats[0].name)


def moment_shown(app: App) -> tuple[str, str, str]:
    """The celebration's moment (its value, "" none) and, for a Yahtzee, the dice on the table (its roll's); for the
    upper bonus, its points and the dice that counted in the box that reached it (the moment's markup is drawn once,
    as it starts: the box just written is the match's last); then what a computer at the table says of it ("": none)."""
    moment = app.visit.moment
    if moment is None:
        return "", "", ""
    match = app.session.match if app.session is not None else None
    said = banter.reacted(match, moment, app.t) if match is not None else ""
    if moment is feel.Moment.BONUS and match is not None:
        # its roll, the dice that counted lit (the 3s of Threes: round 64), the others set aside as on the felt (107)
        faces, counted = feel.scored_roll(match)
        points, box, *_ = feel.gained(match, app.t)  # the box that reached it, where the felt would show it
        bonus = match.ruleset.upper_bonus_amount
        name = app.t._("Upper bonus")  # the bonus's name, as the rules and Statistics name it
        return moment.value, markup.moment_points(bonus, faces, match.ruleset.sides, (points, box), counted, name), said
    jumping = match.dice if moment is feel.Moment.YAHTZEE and match is not None and feel.all_alike(match) else ()
    sides = match.ruleset.sides if match is not None else 6
    return moment.value, markup.moment_dice(jumping, sides), said


# Translators: the button on a Yahtzee's celebration that writes it in its own box at once ("Score 50 in Yahtzee").
TAKE = N_("Score {points} in {box}")


def take_words(app: App) -> str:
    """The Score button of a Yahtzee's moment: "Score 50 in Yahtzee" ("" where it offers none: game.app.table.offered)."""
    box = offered(app)
    if box is None:
        return ""
    name = app.played.match.ruleset.category(box[0]).display(app.t)
    return app.t._(TAKE, points=box[1], box=name)


def ended_words(ended: Ended | None, t: Text) -> tuple[str, str | None, str, str, tuple[str, str, str]] | None:
    """The results' context (its markup: "" when it has none), a challenge's end (None: not a challenge), the label
    of the button that plays the game's costliest turn again ("": none), the series drawn on Rematch ("0–1"; "":
    none) and the next rival's button, its content, its level and what it says (("", "", ""): none), once worked out
    for the game on the board."""
    if ended is None:
        return None
    rival = setups.offer(ended.match, ended.ending.series, t)
    shown = standings.results(ended.match, t=t, ending=ended.ending)
    assert shown is not None  # worked out once the game was over
    context = markup.ending(shown) if shown.context or shown.yardstick or shown.trophies else ""
    comparison = ended.comparison
    challenged = None if comparison is None else markup.challenge(comparison, ended.match, t=t, hints=ended.hints)
    # one pull beside Rematch: the next rival where it is offered, else after a loss the costliest turn to play again
    # (fresh eyes round 111: "the win screen offers six actions"; rounds 116 to 118: after a game alone or a win "it
    # feels like homework": the report and the trainer keep it)
    lost = shown.outcome in (standings.Outcome.LOST, standings.Outcome.CLOSE)
    replay = replay_view.replay(ended.replay, ended.match.ruleset.sides, t) if lost and not rival[0] else ""
    return context, challenged, replay, shown.tally, rival


def welcome_card(app: App) -> tuple[str, tuple[str, ...], bool, str, bool]:
    """The name dialog as a challenge link opens it: a welcome card (who challenges, the score, the rules) with Play,
    the field only where no name is remembered; the sender's: the field and Send; pass and play's: "Who is playing?"."""
    known, play = bool(choices.form_name(dict(app.form).get("name1", ""))), app.t._(WORDS.naming_play)
    if app.naming is Naming.PASSING:
        return app.t._(WORDS.naming_who), (), False, play, True
    if app.naming is not Naming.CHALLENGED or app.kept.challenge is None:
        return "", (), False, app.t._(WORDS.naming_send) if app.naming is Naming.CHALLENGING else play, False
    return *challenge.welcome(app.kept.challenge, app.t, app.kept.challenge_hints), known, play, False


def trainer_body(app: App) -> tuple[str, bool] | None:
    """The trainer's body (its puzzle, then its answer; a word while its table comes) and whether it is answered
    (then Next is shown), while it is shown."""
    shown = app.screen
    if not isinstance(shown, TrainerScreen):
        return None
    if shown.solution is None:
        return trainer_view.waiting(t=app.t), False
    return trainer_view.puzzle(shown.ruleset, shown.solution, shown.answer, t=app.t), bool(shown.answer)


def lobby(app: App, page: Page) -> Page:
    """The page's parts once the start is over: the setup form and its lines, the language, Statistics."""
    shown = app.screen
    setup = (problems_words(shown.problems, app.t), shown.shown) if isinstance(shown, SetupScreen) else None
    body = stats_body(app.statistics.stats, app.t) if app.statistics.stats is not None else None
    stats = (body, len(kept_copies(app))) if app.over is Over.STATS else None
    picked = app.waiting.language or app.t.code
    form = (app.counts.filled, app.form)
    known, best, tally, record, opponent = page.progress, page.best, page.tally, page.record, ""
    rival, rematch, trophies, rivals, face = page.rival, page.rematch, page.trophies, page.rivals, page.face
    climbing = page.climbing
    if isinstance(shown, SetupScreen):  # worked out on the lobby alone: reading the form at the table is waste
        # the games against that computer: a scoreboard for the eyes (a rivalry, fresh eyes round 66), their words for
        # the ear (beside the scoreboard, they said it twice: round 69); while it leads them, a score to settle (round
        # 77: "after a loss, Rematch Robin as large as Play solo"); that computer the ladder's next rival (rounds 83
        # to 109: "after Robin, who?")
        known, record, best, (won, lost), trophies, (rungs, current) = progress(app)
        tally = f"{won}\u2013{lost}" if won or lost else ""
        rival = setups.standing(won, lost)
        rematch = setups.rematch(dict(app.form), app.t, current) if rival is Mood.AHEAD else ""
        opponent = setups.opponent(dict(app.form), app.t, current)
        rivals = setups.rivals(rungs, current, app.t)
        face = current.value if current is not None else ""
        history = app.storage.history
        climbing = isinstance(history, History) and setups.rivals_first(history)
    return replace(
        page,
        ready=True,
        t=app.t,
        picked=picked,
        form=form,
        opponent=opponent,
        progress=known,
        best=best,
        tally=tally,
        record=record,
        rival=rival,
        rematch=rematch,
        rivals=rivals,
        face=face,
        climbing=climbing,
        trophies=trophies,
        setup=setup,
        stats=stats,
    )


_KNOWN: list[tuple] = []
"""The lobby's last lines that know the player, with what they were worked out from (its history by identity): the
view is drawn on every message, and the same history, form, day and language give the same lines."""


Climbed = tuple[tuple[setups.Rung, ...], Level | None]
"""The lobby's ladder of rivals and Play the computer's among them (None: More's own computer)."""


def progress(app: App) -> tuple[str, str, str, tuple[int, int], str, Climbed]:
    """The lobby's lines that know the player (game.present.setup.progress, then the best under the chosen rules:
    setup.best), the games won and lost against its computer (setup.rivalry), the shelf of their trophies
    (setup.trophies) and the ladder (setup.ladder, setup.climb), once the history is decoded (the start decodes it for
    the lobby; "": the printed lines, no ladder)."""
    history = app.storage.history
    if not isinstance(history, History):  # the ladder as a first visit's: its rivals take taps all the same
        return "", "", "", (0, 0), "", (setups.ladder(History(), dict(app.form), app.t), None)
    inputs = (app.form, daily.today(app.now), app.t.code)
    if _KNOWN and _KNOWN[0][0] is history and _KNOWN[0][1] == inputs:
        return _KNOWN[0][2]
    fields = dict(app.form)
    rungs = setups.ladder(history, fields, app.t)
    current = setups.climb(rungs, fields, setups.last_rival(history))
    lines = (
        *setups.progress(history, fields, inputs[1], app.t),
        setups.best(history, fields, app.t),
        setups.rivalry(history, fields, app.t, current),
        setups.trophies(history, fields, app.t),
        (rungs, current),
    )
    _KNOWN[:] = [(history, inputs, lines)]
    return lines


def report_op(app: App) -> Op | None:
    """The after-game report open (a word while it is worked out, then the report), or None: the table's own."""
    if app.table.reporting is None:
        return None
    if app.table.reporting.session is None:
        return Op("report", (SetText(app.t._(WORDS.reviewing)), SetHidden(False)))
    return Op("report", (SetHtml(report_body(app.table.reporting, app.t)),))


def screen_texts(app: App) -> tuple[Op, ...]:
    """The texts of the save-problem or the link-choice screen shown (their elements' ops), else none."""
    shown, t = app.screen, app.t
    match shown:
        case LoadingScreen() | SetupScreen() | PlayScreen() | TrainerScreen():
            return ()
        case SaveProblem():
            return problem_texts(app, shown)
        case LinkChoice():
            title, start = OFFER_WORDS[shown.offer]
            return (
                Op("link-choice-text", (SetText(told(shown.words, t)),)),
                Op("link-choice-title", (SetText(t._(title)),)),
                Op("link-start", (SetText(t._(start)),)),
            )
        case _:
            assert_never(shown)


def problem_texts(app: App, shown: SaveProblem) -> tuple[Op, ...]:
    """The save-problem screen's texts: where its copy is kept, why it could not be read, the save itself, its way on."""
    t = app.t
    failed = not shown.aside.trying  # not even moved aside: downloaded before anything is written over it
    # Where its copy is kept now (a copy refused moves beside another tab's: game.app.storage.set_aside_again).
    key = kept_under(app, shown.aside.raw) or UNREADABLE_KEY
    kept = t._(WORDS.save_not_kept) if failed else t._(SAVE_KEPT, key=key)
    return (
        Op("save-problem-kept", (SetText(kept),)),
        Op("save-problem-reason", (SetText(told((shown.reason,) if shown.reason else (), t)),)),
        Op("save-problem-text", (SetValue(shown.aside.raw[:SHOWN_SAVE_CHARS]),)),
        Op("save-problem-dismiss", (SetText(t._(WORDS.download_then_start if failed else WORDS.start_new)),)),
    )


WRITES = (Store, Remove, Flag, Language)
"""What the page does before the view's draw: what storage keeps, and the page's words (which the view's then word)."""


def drawn(
    before: App, after: App, effects: list[Effect], shown: Page | None = None
) -> tuple[Page | None, list[Effect]]:
    """The handler's effects with the view's changes drawn after their leading writes and language, before the
    rest (the handler's own draws, focus, sounds, ticks), and the page now shown; ``shown`` is the page ``before``
    showed, when the caller kept it (worked out here otherwise). The App is never changed here: its one-draw
    events (thrown dice) are spent by ``update``. The page is None when nothing changed and none was kept."""
    if inputs(before) == inputs(after):
        return shown, effects
    new = view(after)
    old = view(before) if shown is None else shown
    ops, motion = diff(old, new)
    drawing: list[Effect] = [painted(ops, motion)] if ops else []
    drawing += dialog_effects(old, new)  # after their content is drawn, as a handler's focus in them comes after
    if not drawing:
        return new, effects
    at = next((index for index, effect in enumerate(effects) if not isinstance(effect, WRITES)), len(effects))
    return new, [*effects[:at], *drawing, *effects[at:]]


def painted(drawn: list[Op], motion: dict | None = None) -> Apply:
    """The draw of typed ops (game.present.ops): the one place they become the ``[where, changes]`` pairs page.js reads.

    >>> painted([Op("notice", (SetText("Roll first"),))])
    Apply(ops=(('notice', {'text': 'Roll first'}),), motion=None)
    """
    return Apply(tuple(page_ops.wire(op) for op in drawn), motion)


def failed(app: App, message: Message | None, error: BaseException) -> list[Effect]:
    """What the page shows when ``update`` itself failed: words, never a traceback, and a start that ends."""
    start = isinstance(message, Start) or message is None
    words = failure(WORDS.cannot_start if start else WORDS.went_wrong, error, saved=not start, t=app.t)
    effects: list[Effect] = [
        painted([paint.say(words)]),
        Console(ConsoleLevel.ERROR, f"{type(error).__name__}: {error}"),
    ]
    return effects + ([Ready(app.givens.python, "")] if start else [])


OFFER_WORDS = {
    Offer.LINK: (WORDS.link_title, WORDS.link_start),
    Offer.PLAY_ON: (WORDS.link_play_on_title, WORDS.link_play_on),
    Offer.OTHER_TAB: (OTHER_TAB_TITLE, WORDS.link_start),
    Offer.REPLACE: (REPLACE_TITLE, REPLACE_START),
}
"""Each question's title and its button that starts the offered match."""


QUESTIONS = {
    Asked.LEAVE_MATCH: (WORDS.leave_match, WORDS.leave_yes),
    Asked.LEAVE_SHARED: (WORDS.leave_shared, WORDS.leave_yes),
    Asked.DELETE_KEPT: (WORDS.delete_kept, WORDS.delete_kept_yes),
    Asked.DELETE_GAME: (WORDS.delete_game, WORDS.delete_game_yes),
    Asked.DELETE_ALL: (WORDS.delete_all, WORDS.delete_all_yes),
}
"""Each question the app asks (game.app.ids.Asked): its words and its confirming button's."""


def confirm(asking: Asking, t: Text) -> Confirm:
    """The question asked (App.asking) worded for page.js's #ask dialog, with the answer its yes brings back.

    >>> from game.app.ids import Answer
    >>> from game.core.i18n import ENGLISH
    >>> asked = confirm(Asking(Asked.LEAVE_MATCH, Answer.LEAVE), ENGLISH)
    >>> asked.yes, asked.answer
    ('Leave the match', 'leave')
    """
    question, yes = QUESTIONS[asking.asked]
    return Confirm(t._(question), t._(yes), wire(asking.answer))


def keep(app: App, effects: list[Effect]) -> list[Effect]:
    """The page keeps what it shows after an answer that drew, once started: the table's stamp, or "" to forget a
    kept table (the setup, a save problem or a link's question is on screen: a later launch paints none), and
    the status line a start would draw (a step's own words, such as the dice just rolled, are not kept). The
    start's answer says it in its ready effect, unless the early taps it answered have moved the table on."""
    if starting(app) or not any(isinstance(effect, Apply) for effect in effects):
        return []  # checked first: most events draw nothing, and a stamp hashes the save
    shown = stamp(app)
    if shown == app.givens.woke and any(isinstance(effect, Ready) for effect in effects):
        return []
    return [Keep(shown, board_view.status(app.played.match, t=app.t) if shown else "")]
