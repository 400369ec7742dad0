"""What the page shows, from the App alone (:func:`view`), and the ops that bring the page from one view to the
next (:func:`diff`): ``update`` draws the difference once, after the handler (Elm's ``view``).

    >>> from game.app.state import App
    >>> view(App()).table is None, diff(view(App()), view(App()))
    (True, ([], None))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from typing import assert_never

from game.app.effects import Apply, Console, ConsoleLevel, Flag, Language, Ready, Remove, Store
from game.app.events import Message, Start
from game.app.keys import UNREADABLE_KEY
from game.app.screens import rules_shown
from game.app.state import (
    QUICK_BUTTONS,
    App,
    Effect,
    Ended,
    LinkChoice,
    LoadingScreen,
    Naming,
    Notice,
    Over,
    PlayScreen,
    SaveProblem,
    Screen,
    SetupScreen,
    Sharing,
    Status,
    TrainerScreen,
    draw,
)
from game.app.storage import kept_copies, kept_under
from game.app.table import against
from game.core.cards import SeatKind
from game.core.i18n import ENGLISH, Text
from game.present import board_view, feel, forms, markup, paint, rules_text, standings, stats_view, trainer_view
from game.present import setup as setups
from game.present.words import KEPT_COPIES, SAVE_KEPT, WORDS, announcement, failure, seen
from game.records import challenge, daily


@dataclass(frozen=True)
class Page:
    """What the page shows: the main screen (None while loading: the page's own; a table put on the board is shown
    anew), what is open over it, the notice (its words and how many times they were said) and the table (None
    when no match is on the screen)."""

    screen: tuple[Screen, int] | None = None
    over: Over = Over.NOTHING
    notice: Notice = Notice()
    # The celebration: its words, whether it is shown, which moment it is (game.present.feel.Moment's value) and the
    # dice that jump in it (a Yahtzee's roll: their markup).
    cheer: tuple[Notice, bool, str, str] = (Notice(), False, "", "")
    table: paint.Table | None = None
    other_tab: Notice = Notice()  # the offer of another tab's newer match ("": hidden)
    odds: str = ""  # the win chances line
    storage: str = ""  # on Statistics: whether the browser keeps the games ("": not answered yet)
    texts: tuple = ()  # the save-problem's or the link choice's texts, while that screen is shown
    report: tuple | None = None  # the after-game report's op while it is open (None: as the table has it)
    hint: str | None = None  # the hint's markup (None: hidden)
    said: str = ""  # the hint's one short line for a screen reader ("": no hint shown)
    rules: str | None = None  # the Rules screen's text while it is open
    hinted: tuple = ()  # the dice or box it marks, each with its mark
    ready: bool = False  # the start is over: the buttons take taps
    t: Text = ENGLISH  # the page's language: the setup form is worded in it
    picked: str = ENGLISH.code  # the language picker's choice: the one spoken, or the one whose catalogue comes
    form: tuple = (0, ())  # how many times the game put choices in the setup form, and the form's choices
    opponent: str = ""  # the lobby's "Play the computer" line ("" off the lobby: drawn on the way back)
    setup: tuple | None = None  # the setup screen's problems shown and which showing of them (None: not shown)
    stats: tuple | None = None  # the Statistics screen's body and how many copies are kept aside, while it is open
    ended: tuple | None = None  # the results' context and the challenge's end (game.app.state.App.ended)
    share: Sharing | None = None  # the share dialog's content (None: closed)
    spoken: Notice = Notice()  # the board read aloud (the key B), in a live region the eyes do not see
    quiet: bool = False  # a computer's move on the status line: not said (its whole turn is, at its end)
    trainer: tuple[str, bool] | None = None  # the trainer's body while it is shown, and whether it is answered
    naming: tuple[str, tuple[str, ...], bool, str, bool] = ("", (), False, "", False)  # title, lines, known, OK, pair


SHOWN_SAVE_CHARS = 64 * 1024  # of an unreadable save, shown on the page (all of it is kept and downloadable)

SCREENS = (Screen.SETUP, Screen.SAVE_PROBLEM, Screen.LINK_CHOICE, Screen.PLAY, Screen.TRAINER)
"""The main screens, each an element of its kind's id: one is shown, the others hidden."""


def inputs(app: App) -> tuple:
    """What the view reads of the App: when they are the same objects, the view is the same (cheap to tell)."""
    return (
        app.notice,
        app.spoken,
        app.cheer,
        app.waiting.cheer,
        app.moment,
        app.over,
        app.screen,
        app.session,
        app.t,
        app.status,
        app.handing,
        app.thrown,
        app.entering,
        app.reporting,
        app.board,
        app.challenge,
        app.challenge_hints,
        app.other_tab,
        app.odds,
        app.persisted,
        app.hint,
        app.hint_said,
        app.hinted,
        app.form,
        app.waiting.starting,
        app.waiting.language,
        app.filled,
        app.stats,
        app.stored,
        app.ended,
        app.sharing,
        app.naming,
        app.challenge,
    )


def view(app: App) -> Page:
    """What the page shows for ``app``."""
    shown = app.screen
    match shown:  # the main screen's element, and for the table which one was put on the board (drawn anew)
        case LoadingScreen():
            main = None
        case PlayScreen():
            main = (Screen.PLAY, app.board)
        case SetupScreen() | SaveProblem() | LinkChoice() | TrainerScreen():
            main = (shown.kind, 0)
        case _:
            assert_never(shown)
    loading = main is None or app.waiting.starting is not None  # the start waits for its language
    screen = None if loading else main
    cheer = (app.cheer, app.waiting.cheer is not None, *moment_shown(app))
    storage = stats_view.storage_status(app.persisted.persisted, t=app.t) if app.persisted is not None else ""
    page = Page(screen, app.over, app.notice, cheer, None, app.other_tab, app.odds, storage, screen_texts(app))
    rules = rules_text.panel_html(rules_shown(app), t=app.t) if app.over is Over.RULES else None
    # Real dice being entered: the tray shows the new roll, which the hint's marks on the last one's dice are not of.
    last = app.played.match.dice if app.entering else ()  # the roll the marks were on
    dice = {paint.die_at(index) for index in range(len(last))}
    hinted = tuple(mark for mark in app.hinted if mark[0] not in dice)
    page = replace(
        page, hint=app.hint, hinted=hinted, rules=rules, ended=ended_words(app.ended, app.t), share=app.sharing
    )
    page = replace(page, spoken=app.spoken, trainer=trainer_body(app), said=app.hint_said if app.hint else "")
    page = replace(page, naming=welcome_card(app))
    if not loading:
        page = lobby(app, page)
    if not isinstance(shown, PlayScreen) or app.session is None:
        return page
    theirs = against(app)
    # who sent the challenge and the total to beat, or which day's daily game this is
    line = (
        challenge.line(theirs, app.t, app.challenge_hints)
        if theirs is not None
        else daily.table_line(app.session.match, app.t)
    )
    reporting = app.reporting is not None
    # A hidden tray (the pass screen, the results) says nothing: its words go to the ear's region (issue 58).
    tray = app.handing is None and board_view.current_seat(app.session.match) is not None
    said, read = status_words(app.status, app.t), status_words(app.status, app.t, eyes=True)
    table = paint.table(
        app.session,
        app.t,
        said if tray else "",
        app.handing,
        app.thrown,
        reporting,
        app.board,
        line,
        theirs,
        app.entering,
        paint.hinted_box(app.session.match, hinted),
        read if tray else "",
    )
    spoken = app.spoken
    if not tray and said and said not in spoken.words:  # with a computer's last turn, or the board read, if said
        words = f"{spoken.words} {said}" if spoken.words else said
        spoken = replace(spoken, words=words) if spoken.words else Notice(said, -len(app.session.match.actions) - 1)
    return replace(page, table=table, report=report_op(app), quiet=quiet(app.status), spoken=spoken)


def quiet(status: Status) -> bool:
    """Whether the status line shows a computer's move: not live then (its turn is said once, when it ends)."""
    step = status.step
    return step is not None and step.refusal is None and step.before.current_seat.kind is SeatKind.COMPUTER


def moment_shown(app: App) -> tuple[str, str]:
    """The celebration's moment (its value, "" none) and, for a Yahtzee, the dice on the table (its roll's)."""
    moment = app.moment
    if moment is None:
        return "", ""
    match = app.session.match if app.session is not None else None
    jumping = match.dice if moment is feel.Moment.YAHTZEE and match is not None and feel.all_alike(match) else ()
    sides = match.ruleset.sides if match is not None else 6
    return moment.value, markup.moment_dice(jumping, sides)


def ended_words(ended: Ended | None, t: Text) -> tuple[str, str | None] | None:
    """The results' context (its markup: "" when it has none) and a challenge's end (None: not a challenge), once
    worked out for the game on the board."""
    if ended is None:
        return None
    shown = standings.results(ended.match, t=t, ending=ended.ending)
    assert shown is not None  # worked out once the game was over
    context = markup.ending(shown) if shown.context else ""
    comparison = ended.comparison
    return context, None if comparison is None else markup.challenge(comparison, ended.match, t=t, hints=ended.hints)


def status_words(status: Status, t: Text, eyes: bool = False) -> str:
    """The status line's words: the personal bests just set, then the step's celebration and what it did (the
    celebration first: it ends its sentence, where the status line does not: "Bo's turn: roll the dice"), else the
    board's own line; as the ``eyes`` read it over the table, a roll says whose turn it is, not the dice."""
    step = status.step
    did = seen if eyes else announcement
    said = (feel.cheer(step.session.match, status.cues, t=t), did(step, t=t)) if step is not None else ()
    line = " ".join(filter(None, said))
    if not line and status.match is not None:
        line = board_view.status(status.match, t=t)
    bests = (*(feel.best_cheer(bests, t=t) for bests in status.bests),)
    ratings = (*(feel.rating_cheer(ratings, t=t) for ratings in status.ratings),)
    return " ".join(filter(None, (*bests, *ratings, line)))


def welcome_card(app: App) -> tuple[str, tuple[str, ...], bool, str, bool]:
    """The name dialog as a challenge link opens it: a welcome card (who challenges, the score, the rules) with Play,
    the field only where no name is remembered; the sender's: the field and Send; pass and play's: "Who is playing?"."""
    known, play = bool(setups.form_name(dict(app.form).get("name1", ""))), app.t._(WORDS.naming_play)
    if app.naming is Naming.PASSING:
        return app.t._(WORDS.naming_who), (), False, play, True
    if app.naming is not Naming.CHALLENGED or app.challenge is None:
        return "", (), False, app.t._(WORDS.naming_send) if app.naming is Naming.CHALLENGING else play, False
    return *challenge.welcome(app.challenge, app.t, app.challenge_hints), known, play, False


def naming_ops(old: Page, new: Page) -> list:
    """The name dialog: its title and lines (hidden for the sender), the field or pair, Not now where a name is asked."""
    if new.naming == old.naming:
        return []
    title, lines, known, ok, pair = new.naming
    labelled = "naming-title" if title else "naming-label"
    return [
        ("naming-pair", {"hidden": not pair}),
        ("naming-ok", {"text": ok}),
        ("naming-title", {"text": title, "hidden": not title}),
        ("naming-text", {"html": "".join(f"<p>{escape(line)}</p>" for line in lines), "hidden": not lines}),
        ("naming-ask", {"hidden": known or pair}),
        ("naming-skip", {"hidden": known}),
        ("naming", {"attrs": {"aria-labelledby": labelled}}),
    ]


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
    setup = (shown.problems, shown.shown) if isinstance(shown, SetupScreen) else None
    stats = (app.stats, len(kept_copies(app))) if app.over is Over.STATS else None
    # The lobby's line, worked out on the lobby alone: reading the form's choices on every tap at the table is waste.
    opponent = setups.opponent(dict(app.form), app.t) if isinstance(shown, SetupScreen) else ""
    picked = app.waiting.language or app.t.code
    form = (app.filled, app.form)
    return replace(page, ready=True, t=app.t, picked=picked, form=form, opponent=opponent, setup=setup, stats=stats)


def report_op(app: App) -> tuple | None:
    """The after-game report open (a word while it is worked out, then the report), or None: the table's own."""
    if app.reporting is None:
        return None
    if not app.reporting:
        return ("report", {"text": app.t._(WORDS.reviewing), "hidden": False})
    return ("report", {"html": app.reporting})


def screen_texts(app: App) -> tuple:
    """The texts of the save-problem or the link-choice screen shown (their elements' ops), else none."""
    shown, t = app.screen, app.t
    if isinstance(shown, SaveProblem):
        failed = not shown.aside.trying  # not even moved aside: downloaded before anything is written over it
        # Where its copy is kept now (a copy refused moves beside another tab's: game.app.storage.set_aside_again).
        key = kept_under(app, shown.aside.raw) or UNREADABLE_KEY
        kept = t._(WORDS.save_not_kept) if failed else t._(SAVE_KEPT, key=key)
        return (
            ("save-problem-kept", {"text": kept}),
            ("save-problem-reason", {"text": shown.reason}),
            ("save-problem-text", {"value": shown.aside.raw[:SHOWN_SAVE_CHARS]}),
            ("save-problem-dismiss", {"text": t._(WORDS.download_then_start if failed else WORDS.start_new)}),
        )
    if isinstance(shown, LinkChoice):
        title, start = shown.question
        return (
            ("link-choice-text", {"text": shown.words}),
            ("link-choice-title", {"text": t._(title)}),
            ("link-start", {"text": t._(start)}),
        )
    return ()


def lines_ops(old: Page, new: Page) -> list:
    """The lines outside the table: the other tab's offer (each saying drawn), the win chances, the storage's."""
    ops: list = []
    if new.other_tab != old.other_tab:
        words = new.other_tab.words
        ops += (
            [("other-tab-text", {"text": words}), paint.show("other-tab")]
            if words
            else [paint.show("other-tab", False)]
        )
    ops += [("chances", {"text": new.odds})] if new.odds != old.odds else []
    ops += [("storage-status", {"text": new.storage})] if new.storage != old.storage else []
    ops += [op for index, op in enumerate(new.texts) if old.texts[index : index + 1] != (op,)]
    return ops


def screen_ops(old: Page, new: Page) -> list:
    """The main screen shown and what is open over it (the page's body says which, for its styles)."""
    ops = []
    if new.screen is not None and new.screen != old.screen:
        ops += [paint.show(kind.value, kind is new.screen[0]) for kind in SCREENS]
        if new.screen[0] is Screen.SETUP:  # the last match's results and New match go with the table
            ops += [paint.show("results", False), paint.show("menu-new", False)]
    if new.over is not old.over:
        ops += [paint.show(old.over.value, False)] if old.over is not Over.NOTHING else []
        if new.over is Over.NOTHING:
            ops.append((("body", 0), {"remove": ["data-screen"]}))
        else:
            ops += [(("body", 0), {"attrs": {"data-screen": new.over.value}}), paint.show(new.over.value)]
    return ops


READY = ("start-button", "roll-button", *QUICK_BUTTONS)
"""The buttons that take no tap before the start is over (the page's markup has them disabled)."""


def lobby_ops(old: Page, new: Page) -> list:
    """The setup form worded in the page's language, with the choices the game put in it, the lobby's lines, the
    language picker, the buttons taken once the start is over, and the problems of a start refused."""
    ops: list = []
    worded = new.t.code != old.t.code
    if worded:  # the form's markup anew, its choices kept: the buttons in it as the start has them
        ops.append(("setup-form", {"outer": forms.setup_form(t=new.t, ready=new.ready)}))
        ops += [(button, {"disabled": not new.ready}) for button in ("start-button", *QUICK_BUTTONS)]
    if worded or new.form[0] != old.form[0]:
        ops.append(("setup-form", {"fill": dict(new.form[1])}))
    if worded or (new.opponent and new.opponent != old.opponent):  # the form's markup anew words it too
        opponent = new.opponent or setups.opponent(dict(new.form[1]), new.t)
        ops.append(("quick-computer-line", {"text": opponent}))
    ops += [("language", {"value": new.picked})] if new.picked != old.picked else []
    if new.ready and not old.ready:
        ops += [(button, {"disabled": False}) for button in READY]
        ops += [(button, {"remove": ["aria-disabled"]}) for button in ("menu-stats", "menu-rules")]
    if new.setup != old.setup:
        if new.setup is None:
            ops += [paint.show("setup-error", False)] if old.setup and old.setup[0] else []
        else:
            problems = new.setup[0]
            ops += [("setup-more", {"attrs": {"open": ""}})] if problems else []
            html = forms.problems(list(problems), t=new.t) if problems else ""
            ops.append(("setup-error", {"html": html, "hidden": not problems, "scroll": bool(problems)}))
    return ops


def records_ops(old: Page, new: Page) -> list:
    """Statistics' body and kept copies while it is open (read from its top when opened), the results' context and
    the challenge's end, the share dialog's content."""
    ops: list = []
    if new.stats is not None and new.stats != old.stats:
        (body, kept), before = new.stats, old.stats or (None, None)
        ops += [("stats-body", {"html": body})] if body is not None and body != before[0] else []
        if kept != before[1] or new.t.code != old.t.code:
            ops += [("kept-text", {"text": new.t.n_(*KEPT_COPIES, kept)}), paint.show("kept", kept > 0)]
        ops += [(("html", 0), {"scroll": True})] if old.stats is None else []
    if new.ended != old.ended:
        context, result = new.ended or ("", None)
        ops.append(("ending", {"html": context, "hidden": not context}))
        ops.append(("challenge-result", {"html": result or "", "hidden": result is None}))
    if new.share is not None and new.share != old.share:
        ops += share_ops(new.share)
    return ops


def share_ops(shown: Sharing) -> list:
    """The share dialog's content: what it sends, its note, its address to copy by hand, its QR code."""
    by_hand = shown.url or (shown.text if shown.by_hand else "")
    return [
        ("share-title", {"text": shown.title}),
        ("share-text", {"text": shown.text}),
        ("share-link", {"value": by_hand}),
        paint.show("share-link-row", bool(by_hand)),
        ("share-note", {"text": shown.note}),
        paint.show("share-note", bool(shown.note)),
        paint.show("share-qr-button", shown.qr_offered),
        ("share-qr", {"html": shown.qr, "hidden": not shown.qr}),
    ]


def diff(old: Page, new: Page) -> tuple[list, dict | None]:
    """The ops that bring the page from ``old`` to ``new``, and the dice's motion when some are thrown."""
    ops = [*lobby_ops(old, new), *screen_ops(old, new), *records_ops(old, new)]
    if new.trainer is not None and new.trainer != old.trainer:
        ops += [("trainer-body", {"html": new.trainer[0]}), paint.show("drill-next", new.trainer[1])]
        ops += [(("html", 0), {"scroll": True})] if old.trainer is None else []  # opened: read from its top
    if new.rules is not None and new.rules != old.rules:
        ops.append(("rules-body", {"html": new.rules}))
        ops += [(("html", 0), {"scroll": True})] if old.rules is None else []  # opened: read from their start
    if new.notice.tip != old.notice.tip:  # a tip is said politely and looks like one: a refusal or a problem alerts
        tip = new.notice.tip
        ops.append(("notice", {"attrs": {"role": "status" if tip else "alert"}, "toggle": {"tip": tip}}))
    ops += [paint.say(new.notice.written)] if new.notice != old.notice else []
    ops += [("spoken", {"text": new.spoken.written})] if new.spoken != old.spoken else []
    if new.quiet != old.quiet:  # before the status line's words: a computer's move is shown, not said
        ops.append(("status", {"attrs": {"aria-live": "off" if new.quiet else "polite"}}))
    (said, shown, moment, jumping), (was_said, was_shown, *_) = new.cheer, old.cheer
    if shown and said != was_said:  # a new celebration, over any still shown
        ops += [("cheer-text", {"text": said.words}), ("cheer-dice", {"html": jumping})]
        ops += [("cheer", {"attrs": {"data-moment": moment}, "hidden": False})]
    elif shown != was_shown:
        ops.append(paint.show("cheer", shown))
    ops += lines_ops(old, new)
    if new.table is not None:  # else the table left the screen: it stays as it was, hidden
        ops += paint.table_ops(old.table, new.table)
        ops += [new.report] if new.report is not None and new.report != old.report else []
    ops += hint_ops(old, new) + naming_ops(old, new)
    return ops, paint.MOTION if new.table is not None and new.table.thrown else None


UNMARK = {"toggle": {"hint-keep": False, "hint-best": False}, "optional": True}
"""A die or box the hint no longer marks (optional: a table drawn afresh has none of the old ones)."""


def hint_ops(old: Page, new: Page) -> list:
    """The hint: its words shown or hidden, the marks it no longer makes taken off, then its new marks."""
    ops: list = []
    if new.hint != old.hint:
        ops.append(paint.show("hint", False) if new.hint is None else ("hint", {"html": new.hint, "hidden": False}))
    ops += [("hint-said", {"text": new.said})] if new.said != old.said else []  # one short line, not the panel
    ops += [(at, UNMARK) for at, mark in old.hinted if (at, mark) not in new.hinted]
    ops += [(at, {"toggle": {mark: True}, "optional": True}) for at, mark in new.hinted if (at, mark) not in old.hinted]
    return ops


WRITES = (Store, Remove, Flag, Language)
"""What the page does before the view's draw: what storage keeps, and the page's words (which the view's then word)."""


def settled(page: Page | None) -> Page | None:
    """The page once its thrown dice have tumbled: the view of the App whose thrown dice are spent."""
    if page is None or page.table is None or not page.table.thrown:
        return page
    return replace(page, table=replace(page.table, thrown=frozenset()))


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
    ops, motion = diff(view(before) if shown is None else shown, new)
    if not ops:
        return new, effects
    at = next((index for index, effect in enumerate(effects) if not isinstance(effect, WRITES)), len(effects))
    return new, [*effects[:at], Apply(tuple(ops), motion), *effects[at:]]


def failed(app: App, message: Message | None, error: BaseException) -> list[Effect]:
    """What the page shows when ``update`` itself failed: words, never a traceback, and a start that ends."""
    start = isinstance(message, Start) or message is None
    words = failure(WORDS.cannot_start if start else WORDS.went_wrong, error, saved=not start, t=app.t)
    effects: list[Effect] = [
        draw([paint.say(words)]),
        Console(ConsoleLevel.ERROR, f"{type(error).__name__}: {error}"),
    ]
    return effects + ([Ready(app.python, "")] if start else [])
