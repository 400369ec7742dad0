"""The page as the view leaves it (:class:`Page`) and the ops that bring the page from one view to the next
(:func:`diff`): game.app.view works the Page out of the App; ``update`` draws the difference once, after the handler.

    >>> diff(Page(), Page())
    ([], None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape

from game.app.effects import Dialog
from game.app.state import QUICK_BUTTONS, Over, Screen
from game.coach.moments import Mood
from game.core.i18n import ENGLISH, Text
from game.present import forms, paint
from game.present import setup as setups
from game.present.ops import (
    Fill,
    Op,
    Optional,
    RemoveAttrs,
    Scroll,
    SetDisabled,
    SetHidden,
    SetHtml,
    SetOuter,
    SetText,
    SetValue,
    Target,
    Toggle,
    attrs,
    show,
    toggle,
)
from game.present.words import KEPT_COPIES
from game.records.choices import Quick


@dataclass(frozen=True)
class Line:
    """A line's words ("": hidden) and how many times words were said there: each saying is drawn, the same words
    again too (the App says facts: game.app.notices.Notice; game.app.wording.notice_line words them)."""

    words: str = ""
    said: int = 0
    tip: bool = False  # a passing note of the coach's (what a move cost), not a refusal or a problem
    again: bool = False  # the words said before, said again: written with a mark so the region changes (issue 58)

    @property
    def written(self) -> str:
        """The words as the live region is given them: a repeat ends with a no-break space, so a screen reader, which
        reads a region whose text changed, says them again."""
        return self.words + ("\u00a0" if self.again else "")


@dataclass(frozen=True)
class Shown:
    """The share dialog as the page shows it (game.app.state.Sharing, its note worded)."""

    title: str
    text: str
    url: str
    note: str
    qr_offered: bool
    qr: str
    by_hand: bool


@dataclass(frozen=True)
class Page:
    """What the page shows: the main screen (None while loading: the page's own; a table put on the board is shown
    anew), what is open over it, the notice (its words and how many times they were said) and the table (None
    when no match is on the screen)."""

    screen: tuple[Screen, int] | None = None
    over: Over = Over.NOTHING
    notice: Line = Line()
    # The celebration: its words, whether it is shown, which moment it is (game.coach.moments.Moment's value), the
    # dice that jump in it (a Yahtzee's roll: their markup), what a computer at the table says of it (for the eyes:
    # app.css draws data-quip) and its Score button's words ("": none offered).
    cheer: tuple[Line, bool, str, str, str, str] = (Line(), False, "", "", "", "")
    table: paint.Table | None = None
    other_tab: Line = Line()  # the offer of another tab's newer match ("": hidden)
    odds: str = ""  # the win chances line
    storage: str = ""  # on Statistics: whether the browser keeps the games ("": not answered yet)
    texts: tuple[Op, ...] = ()  # the save-problem's or the link choice's texts, while that screen is shown
    report: Op | None = None  # the after-game report's op while it is open (None: as the table has it)
    hint: str | None = None  # the hint's markup (None: hidden)
    said: str = ""  # the hint's one short line for a screen reader ("": no hint shown)
    rules: str | None = None  # the Rules screen's text while it is open
    hinted: tuple[tuple[Target, str], ...] = ()  # the dice or box it marks, each with its mark
    ready: bool = False  # the start is over: the buttons take taps
    t: Text = ENGLISH  # the page's language: the setup form is worded in it
    picked: str = ENGLISH.code  # the language picker's choice: the one spoken, or the one whose catalogue comes
    form: tuple = (0, ())  # how many times the game put choices in the setup form, and the form's choices
    opponent: str = ""  # the lobby's "Play the computer" line ("" off the lobby: drawn on the way back)
    progress: str = ""  # the lobby's daily game line that knows the player (game.present.setup.progress)
    best: str = ""  # the lobby's line of the player's best under the chosen rules (game.present.setup.best)
    trophies: str = ""  # the lobby's shelf of the player's trophies (game.present.setup.trophies; "": none yet)
    tally: str = ""  # the lobby's scoreboard against its computer, won–lost ("": none played; setup.rivalry)
    record: str = ""  # the same games in words, for the ear ("won 1, lost 0"; setup.progress)
    rival: Mood = Mood.LEVEL  # the lobby computer's mood over those games (AHEAD: it has won more of them)
    climbing: bool = False  # the player's last game was against a computer: Play the computer is the lobby's gold
    rematch: str = ""  # Play the computer's title while its computer leads them (setup.rematch; "": the printed one)
    rivals: str = ""  # the lobby's ladder of computer players (setup.rivals; "": before the history is read)
    face: str = ""  # the level of Play the computer's rival, for its face (app.css; "": More's own computer, Robin's)
    setup: tuple | None = None  # the setup screen's problems shown and which showing of them (None: not shown)
    stats: tuple | None = None  # the Statistics screen's body and how many copies are kept aside, while it is open
    ended: tuple | None = None  # the results' context, challenge's end, replay's label, series' score, next rival
    share: Shown | None = None  # the share dialog's content, worded (None: closed)
    spoken: Line = Line()  # the board read aloud (the key B), in a live region the eyes do not see
    quiet: bool = False  # a computer's move on the status line: not said (its whole turn is, at its end)
    trainer: tuple[str, bool] | None = None  # the trainer's body while it is shown, and whether it is answered
    naming: tuple[str, tuple[str, ...], bool, str, bool] = ("", (), False, "", False)  # title, lines, known, OK, pair
    dialogs: tuple[str, ...] = ()  # the <dialog>s open (their ids, of DIALOGS): the page opens and closes them so


DIALOGS = ("share", "naming")
"""The page's own dialogs (index.html) that the view opens: the share dialog and the name dialog."""


SCREENS = (Screen.SETUP, Screen.SAVE_PROBLEM, Screen.LINK_CHOICE, Screen.PLAY, Screen.TRAINER)
"""The main screens, each an element of its kind's id: one is shown, the others hidden."""


def text(target: Target, words: str) -> Op:
    """The op that gives an element its text."""
    return Op(target, (SetText(words),))


def html(target: Target, markup: str) -> Op:
    """The op that gives an element its markup."""
    return Op(target, (SetHtml(markup),))


def naming_ops(old: Page, new: Page) -> list[Op]:
    """The name dialog: its title and lines (hidden for the sender), the field or pair, Not now where a name is asked."""
    if new.naming == old.naming:
        return []
    title, lines, known, ok, pair = new.naming
    labelled = "naming-title" if title else "naming-label"
    return [
        show("naming-pair", pair),
        text("naming-ok", ok),
        Op("naming-title", (SetText(title), SetHidden(not title))),
        Op("naming-text", (SetHtml("".join(f"<p>{escape(line)}</p>" for line in lines)), SetHidden(not lines))),
        show("naming-ask", not (known or pair)),
        show("naming-skip", not known),
        Op("naming", (attrs(aria_labelledby=labelled),)),
    ]


def lines_ops(old: Page, new: Page) -> list[Op]:
    """The lines outside the table: the other tab's offer (each saying drawn), the win chances, the storage's."""
    ops: list[Op] = []
    if new.other_tab != old.other_tab:
        words = new.other_tab.words
        ops += [text("other-tab-text", words), show("other-tab")] if words else [show("other-tab", False)]
    ops += [text("chances", new.odds)] if new.odds != old.odds else []
    ops += [text("storage-status", new.storage)] if new.storage != old.storage else []
    ops += [op for index, op in enumerate(new.texts) if old.texts[index : index + 1] != (op,)]
    return ops


BODY = ("body", 0)
"""The page's body: it says which screen is open over the main one (data-screen), for its styles."""


def screen_ops(old: Page, new: Page) -> list[Op]:
    """The main screen shown and what is open over it (the page's body says which, for its styles)."""
    ops = []
    if new.screen is not None and new.screen != old.screen:
        ops += [show(kind.value, kind is new.screen[0]) for kind in SCREENS]
        if new.screen[0] is Screen.SETUP:  # the last match's results and New match go with the table
            ops += [show("results", False), show("menu-new", False)]
    if new.over is not old.over:
        ops += [show(old.over.value, False)] if old.over is not Over.NOTHING else []
        if new.over is Over.NOTHING:
            ops.append(Op(BODY, (RemoveAttrs(("data-screen",)),)))
        else:
            ops += [Op(BODY, (attrs(data_screen=new.over.value),)), show(new.over.value)]
    return ops


READY = ("start-button", "roll-button", *QUICK_BUTTONS)
"""The buttons that take no tap before the start is over (the page's markup has them disabled)."""


def lobby_ops(old: Page, new: Page) -> list[Op]:
    """The setup form worded in the page's language, with the choices the game put in it, the lobby's lines, the
    language picker, the buttons taken once the start is over, and the problems of a start refused."""
    ops: list[Op] = []
    worded = new.t.code != old.t.code
    if worded:  # the form's markup anew, its choices kept: the buttons in it as the start has them
        ops.append(Op("setup-form", (SetOuter(forms.setup_form(t=new.t, ready=new.ready)),)))
        ops += [Op(button, (SetDisabled(not new.ready),)) for button in ("start-button", *QUICK_BUTTONS)]
    if worded or new.form[0] != old.form[0]:
        ops.append(Op("setup-form", (Fill(tuple(new.form[1])),)))
    if worded or (new.opponent and new.opponent != old.opponent):  # the form's markup anew words it too
        opponent = new.opponent or setups.opponent(dict(new.form[1]), new.t)
        ops.append(text("quick-computer-line", opponent))
    if worded or new.progress != old.progress:  # "": the printed line again (a history gone, other rules chosen)
        ops.append(text("quick-daily-line", new.progress or forms.quick_words(new.t)[Quick.DAILY][1]))
    if worded or new.tally != old.tally:  # for the eyes (app.css); the ear hears quick-computer-record
        ops.append(Op("quick-computer", (attrs(data_tally=new.tally),)))
    if worded or new.record != old.record:
        ops.append(text("quick-computer-record", new.record))
    if worded or (new.rival, new.climbing) != (old.rival, old.climbing):  # its face grins while it leads, frowns
        # while it trails (app.css); while it leads, or the player's last game was against a computer, it is the
        # lobby's first way, in its gold (a rematch, or the way up the ladder)
        gold = new.rival is Mood.AHEAD or new.climbing
        ops.append(Op("quick-computer", (attrs(data_mood=new.rival.value), toggle(primary=gold))))
        ops.append(Op("quick-solo", (toggle(primary=not gold),)))
    if new.rivals and (worded or new.rivals != old.rivals):  # the form's markup anew has a first visit's
        ops.append(Op("rivals", (SetHtml(new.rivals),)))
    if worded or new.face != old.face:
        ops.append(Op("quick-computer", (attrs(data_rival=new.face),)))
    if worded or new.rematch != old.rematch:  # the form's markup anew has the printed title
        ops.append(text("quick-computer-title", new.rematch or forms.quick_words(new.t)[Quick.COMPUTER][0]))
    if worded or new.best != old.best:  # the form's markup anew has it hidden
        ops.append(Op("rules-best", (SetText(new.best), SetHidden(not new.best))))
    if worded or new.trophies != old.trophies:  # the same
        ops.append(Op("lobby-trophies", (SetHtml(new.trophies), SetHidden(not new.trophies))))
    ops += [Op("language", (SetValue(new.picked),))] if new.picked != old.picked else []
    if new.ready and not old.ready:
        ops += [Op(button, (SetDisabled(False),)) for button in READY]
        ops += [Op(button, (RemoveAttrs(("aria-disabled",)),)) for button in ("menu-stats", "menu-rules")]
    if new.setup != old.setup:
        if new.setup is None:
            ops += [show("setup-error", False)] if old.setup and old.setup[0] else []
        else:
            problems = new.setup[0]
            ops += [Op("setup-more", (attrs(open=""),))] if problems else []
            shown = forms.problems(list(problems), t=new.t) if problems else ""
            ops.append(Op("setup-error", (SetHtml(shown), SetHidden(not problems), Scroll(bool(problems)))))
    return ops


TOP = ("html", 0)
"""The page's root: a screen opened is read from its top."""


def records_ops(old: Page, new: Page) -> list[Op]:
    """Statistics' body and kept copies while it is open (read from its top when opened), the results' context and
    the challenge's end, the share dialog's content."""
    ops: list[Op] = []
    if new.stats is not None and new.stats != old.stats:
        (body, kept), before = new.stats, old.stats or (None, None)
        ops += [html("stats-body", body)] if body is not None and body != before[0] else []
        if kept != before[1] or new.t.code != old.t.code:
            ops += [text("kept-text", new.t.n_(*KEPT_COPIES, kept)), show("kept", kept > 0)]
        ops += [Op(TOP, (Scroll(),))] if old.stats is None else []
    if new.ended != old.ended:
        context, result, replay, tally, (rival, level, taunt) = new.ended or ("", None, "", "", ("", "", ""))
        ops.append(Op("ending", (SetHtml(context), SetHidden(not context))))
        ops.append(Op("play-again", (attrs(data_tally=tally),)))  # the series' score on it (app.css)
        # its face, and its taunt for the eyes (app.css draws data-quip, as the table's computer's words)
        ops.append(Op("next-rival", (SetHtml(rival), SetHidden(not rival), attrs(data_rival=level, data_quip=taunt))))
        ops.append(Op("replay-turn", (SetHtml(replay), SetHidden(not replay))))
        ops.append(Op("challenge-result", (SetHtml(result or ""), SetHidden(result is None))))
    if new.share is not None and new.share != old.share:
        ops += share_ops(new.share)
    return ops


def share_ops(shown: Shown) -> list[Op]:
    """The share dialog's content: what it sends, its note, its address to copy by hand, its QR code."""
    by_hand = shown.url or (shown.text if shown.by_hand else "")
    return [
        text("share-title", shown.title),
        text("share-text", shown.text),
        Op("share-link", (SetValue(by_hand),)),
        show("share-link-row", bool(by_hand)),
        text("share-note", shown.note),
        show("share-note", bool(shown.note)),
        show("share-qr-button", shown.qr_offered),
        Op("share-qr", (SetHtml(shown.qr), SetHidden(not shown.qr))),
    ]


def diff(old: Page, new: Page) -> tuple[list[Op], dict | None]:
    """The ops that bring the page from ``old`` to ``new`` (typed: game.present.ops), and the dice's motion when some
    are thrown."""
    ops = [*lobby_ops(old, new), *screen_ops(old, new), *records_ops(old, new)]
    if new.trainer is not None and new.trainer != old.trainer:
        ops += [html("trainer-body", new.trainer[0]), show("drill-next", new.trainer[1])]
        ops += [Op(TOP, (Scroll(),))] if old.trainer is None else []  # opened: read from its top
    if new.rules is not None and new.rules != old.rules:
        ops.append(html("rules-body", new.rules))
        ops += [Op(TOP, (Scroll(),))] if old.rules is None else []  # opened: read from their start
    if new.notice.tip != old.notice.tip:  # a tip is said politely and looks like one: a refusal or a problem alerts
        tip = new.notice.tip
        ops.append(Op("notice", (attrs(role="status" if tip else "alert"), toggle(tip=tip))))
    ops += [paint.say(new.notice.written)] if new.notice != old.notice else []
    ops += [text("spoken", new.spoken.written)] if new.spoken != old.spoken else []
    if new.quiet != old.quiet:  # before the status line's words: a computer's move is shown, not said
        ops.append(Op("status", (attrs(aria_live="off" if new.quiet else "polite"),)))
    (said, shown, moment, jumping, quip, take), (was_said, was_shown, *_, took) = new.cheer, old.cheer
    if take != took:  # a Yahtzee's moment offers its box: written at once, from the moment
        ops += [text("cheer-take", take), show("cheer-take", bool(take))]
    if shown and said != was_said:  # a new celebration, over any still shown
        ops += [text("cheer-text", said.words), html("cheer-dice", jumping)]
        ops += [Op("cheer", (attrs(data_moment=moment, data_quip=quip), SetHidden(False)))]
    elif shown != was_shown:
        ops.append(show("cheer", shown))
    ops += lines_ops(old, new)
    if new.table is not None:  # else the table left the screen: it stays as it was, hidden
        ops += paint.table_ops(old.table, new.table)
        ops += [new.report] if new.report is not None and new.report != old.report else []
    ops += hint_ops(old, new) + naming_ops(old, new)
    return ops, paint.MOTION if new.table is not None and new.table.thrown else None


UNMARK = (Toggle((("hint-keep", False), ("hint-best", False))), Optional())
"""A die or box the hint no longer marks (optional: a table drawn afresh has none of the old ones)."""


def hint_ops(old: Page, new: Page) -> list[Op]:
    """The hint: its words shown or hidden, the marks it no longer makes taken off, then its new marks."""
    ops: list[Op] = []
    if new.hint != old.hint:
        ops.append(show("hint", False) if new.hint is None else Op("hint", (SetHtml(new.hint), SetHidden(False))))
    ops += [text("hint-said", new.said)] if new.said != old.said else []  # one short line, not the panel
    ops += [Op(at, UNMARK) for at, mark in old.hinted if (at, mark) not in new.hinted]
    marked = [(at, mark) for at, mark in new.hinted if (at, mark) not in old.hinted]
    ops += [Op(at, (Toggle(((mark, True),)), Optional())) for at, mark in marked]
    return ops


def dialog_effects(old: Page, new: Page) -> list[Dialog]:
    """The dialogs to close, then those to open, from ``old``'s to ``new``'s (a dialog is part of the page: no handler
    opens one).

    >>> dialog_effects(Page(dialogs=("naming",)), Page(dialogs=("share",)))
    [Dialog(id='naming', open=False), Dialog(id='share', open=True)]
    """
    closed = [Dialog(name, False) for name in old.dialogs if name not in new.dialogs]
    return closed + [Dialog(name, True) for name in new.dialogs if name not in old.dialogs]


def settled(page: Page | None) -> Page | None:
    """The page once its thrown dice have tumbled: the view of the App whose thrown dice are spent."""
    if page is None or page.table is None or not page.table.thrown:
        return page
    return replace(page, table=replace(page.table, thrown=frozenset()))
