"""The app as one value: :class:`App`, its screens, the stored keys, and the :class:`Effect` values it asks
the page for (game.app.effects, docs/protocol.md).

An App changes only by :func:`dataclasses.replace`; a handler returns the new App and its effects (:data:`Out`)::

    >>> from game.app.keys import SETUP_KEY
    >>> app = App().holding(SETUP_KEY, "{}")
    >>> app.value(SETUP_KEY), app.screen.kind, store(SETUP_KEY, "{}")
    ('{}', <Screen.LOADING: 'loading'>, Store(key='yacht-dice/setup', value='{}'))
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, ClassVar, TypedDict, Unpack, assert_never

from game.app.effects import Effect, Fetch, Focus, Store, Timer
from game.app.facts import Sharing
from game.app.ids import Asked, Asking, Question, TimerKind, Token
from game.app.keys import PACE_KEY, SAVE_KEY, Wanted
from game.app.notices import Failed, Invalid, Notice, Said
from game.app.parts import (
    Counts,
    CountsChanges,
    Files,
    FilesChanges,
    Givens,
    Kept,
    KeptChanges,
    SetAside,
    StatsShown,
    StatsShownChanges,
    Storage,
    StorageChanges,
    Table,
    TableChanges,
    Visit,
    VisitChanges,
    Written,
)
from game.coach.coaching import Coach
from game.coach.drills import Position, Solution
from game.coach.pacing import Pace
from game.coach.session import Session
from game.core.engine import Match
from game.core.i18n import ENGLISH, Text
from game.core.link_problems import LinkProblem
from game.core.rules import RuleSet
from game.records import choices as setups

if TYPE_CHECKING:  # a start waits in the App for its language
    from game.app.events import Event, Start


QUICK_BUTTONS = tuple(f"quick-{quick.value}" for quick in setups.Quick)
"""The lobby's one-tap matches' buttons (game.present.forms)."""


class Screen(Enum):
    """Which main screen is shown (Rules and Statistics open over it): each :data:`Shown`'s ``kind``."""

    LOADING = "loading"
    SETUP = "setup"
    PLAY = "play"
    SAVE_PROBLEM = "save-problem"
    LINK_CHOICE = "link-choice"
    TRAINER = "trainer"


@dataclass(frozen=True)
class LoadingScreen:
    """Before the start has drawn (or while it waits for its language)."""

    kind: ClassVar[Screen] = Screen.LOADING


@dataclass(frozen=True)
class SetupScreen:
    """The setup form and the lobby's one-tap matches; the problems of a start it refused (shown in More, opened and
    scrolled to), and which showing of them this is (the same problems again are shown again)."""

    kind: ClassVar[Screen] = Screen.SETUP
    problems: tuple[LinkProblem | Invalid, ...] = ()
    shown: int = 0


@dataclass(frozen=True)
class PlayScreen:
    """The table: the match on the board (App.session), and the state of its table (App.table reads it, App.at_table
    changes it)."""

    table: Table = Table()
    kind: ClassVar[Screen] = Screen.PLAY


@dataclass(frozen=True)
class SaveProblem:
    """The save could not be read: it is being put aside, and ``offered``, a link's (or the new) match, waits
    until the person has seen it."""

    aside: SetAside
    offered: Session | None = None
    reason: Failed | None = None  # why it cannot be read
    kind: ClassVar[Screen] = Screen.SAVE_PROBLEM


class Offer(Enum):
    """What the link-choice screen asks about: the match it would start over the one in progress."""

    LINK = "link"  # a link's new match
    PLAY_ON = "play-on"  # a link brings a match under way (played by links), to be played on
    OTHER_TAB = "other-tab"  # this tab's new match, over one another tab saved since this tab last saw one
    REPLACE = "replace"  # a link's state of this very match, over this phone's (a turn under way, or a fork)


@dataclass(frozen=True)
class LinkChoice:
    """A match (``offered``) would replace the one in progress (``kept``): the person chooses; a challenge link's
    text and game (``challenging``) are kept only once its match is chosen."""

    offered: Session
    kept: Session
    challenging: tuple[str, Match] | None = None
    words: tuple[Said, ...] = ()  # which match is which
    offer: Offer = (
        Offer.LINK
    )  # what it asks about (the view words its title and the button that takes the offered match)
    back: PlayScreen | None = None  # the table it was asked over, carried back to it (None: asked over none)
    kind: ClassVar[Screen] = Screen.LINK_CHOICE


@dataclass(frozen=True)
class TrainerScreen:
    """The trainer (game.app.practice): whose practice, of which rule set, the puzzle (None while the optimal
    player's table comes), the choice answered ("": not yet), how many puzzles it asked, the table it returns to,
    carried with its state (None: it returns to the lobby), and a puzzle to ask before the schedule's (a game's
    costliest decision, played again from its end: None once asked)."""

    person: str
    ruleset: RuleSet
    coach: Coach
    solution: Solution | None = None
    answer: str = ""
    asked: int = 0
    back: PlayScreen | None = None
    first: Position | None = None
    kind: ClassVar[Screen] = Screen.TRAINER


Shown = LoadingScreen | SetupScreen | PlayScreen | SaveProblem | LinkChoice | TrainerScreen
"""The main screen shown, with what it alone holds."""


def carried(shown: Shown) -> PlayScreen | None:
    """The table ``shown`` holds: the play screen itself, or the one a screen opened over it carries back to it (the
    trainer's, the link choice's); None where there is no table to go back to.

    >>> table = PlayScreen(Table(fast=True))
    >>> carried(table) is table, carried(SetupScreen()), carrying(SetupScreen(), Table(fast=True))
    (True, None, SetupScreen(problems=(), shown=0))
    """
    match shown:
        case PlayScreen():
            return shown
        case TrainerScreen() | LinkChoice():
            return shown.back
        case LoadingScreen() | SetupScreen() | SaveProblem():
            return None
        case _:
            assert_never(shown)


def carrying(shown: Shown, table: Table) -> Shown:
    """``shown`` with ``table`` where it holds one (carried): where it holds none, ``shown`` as it is."""
    back = carried(shown)
    if back is None:
        return shown
    match shown:
        case PlayScreen():
            return replace(shown, table=table)
        case TrainerScreen() | LinkChoice():
            return replace(shown, back=replace(back, table=table))
        case LoadingScreen() | SetupScreen() | SaveProblem():
            return shown
        case _:
            assert_never(shown)


class Naming(Enum):
    """Whose name the name dialog asks (game.app.sharing.ask_name): a challenge's, both ends; or, before the first
    pass-and-play match of a phone that knows no names, the two people's (game.app.screens.quick_start)."""

    CHALLENGED = "challenged"  # the friend who opened a challenge link: their seat takes it
    CHALLENGING = "challenging"  # the person about to send a challenge: their seat takes it, then the link is sent
    PASSING = "passing"  # the people about to pass the phone: the form's first two people rows take them, then play


class Over(Enum):
    """A screen open over the main one (Rules, Statistics), or nothing: the overlays that are no dialog."""

    NOTHING = ""
    RULES = "rules"
    STATS = "stats"


Overlay = Over | Sharing | Naming
"""What is open over the screen, one at a time: nothing, Rules or Statistics (:class:`Over`), the share dialog
(game.app.facts.Sharing: what it sends) or the name dialog (:class:`Naming`: whose name it asks). A dialog is modal
on the page, so nothing opens under it; the view opens and closes the dialogs (game.app.page.dialog_effects)."""


def store(key: str, value: str) -> Store:
    return Store(key, value)


def focus(element_id: str) -> Focus:
    return Focus(element_id)


def tick(token: Token, seconds: float) -> Timer:
    return Timer(token.wire, round(seconds * 1000))


def ask(app: App, asked: Asked, answer: Question) -> App:
    """The game's own question (page.js's #ask dialog), as a fact of the App: ``update`` has the view word it
    (game.app.view.confirm) and sends it once; ``answer`` comes back in a ``confirmed`` event only on its yes.

    >>> from game.app.ids import Answer
    >>> ask(App(), Asked.LEAVE_MATCH, Answer.LEAVE).asking
    Asking(asked=<Asked.LEAVE_MATCH: 'leave-match'>, answer=<Answer.LEAVE: 'leave'>)
    """
    return replace(app, asking=Asking(asked, answer))


def fetch(file: Wanted, path: str) -> Fetch:
    """Ask the page for ``file`` at ``path``: its answer names it as the effect does."""
    return Fetch(file.wire, path)


class Until(Enum):
    """What an event held in App.held waits for (game.app.update takes it up then)."""

    START = "start"  # the start to draw its table (game.app.waking): a person's tap made before Python was ready
    HISTORY = "history"  # the history's tick: an unreadable history set aside, or given up (game.app.storage)


@dataclass(frozen=True)
class Held:
    """An event that came before what it needs, and waits for it."""

    event: Event
    until: Until


@dataclass(frozen=True)
class ForTable:
    """Work that waits for the advisor's table (game.app.waits.needing asks for it), then for its tick."""


FOR_TABLE = ForTable()

Pending = ForTable | Token | None
"""Where work waiting for the table and a tick is: FOR_TABLE, then its tick's token (the one tick that does it: a
newer token, or None, makes an older tick moot), or None when nothing waits."""


@dataclass(frozen=True)
class Waiting:
    """Work that waits for a file or a timer: each is done once what it needs is here."""

    computer: Pending = None  # the computer's turn
    hint: Pending = None
    chances: Pending = None  # the win chances (the spread of final scores is their table)
    report: Pending = None  # the after-game report
    ending: Pending = None  # the results' context
    cheer: Token | None = None  # the tick that hides the celebration shown
    stats: tuple[str | None, str | None] | None = None  # the Statistics screen's filter, while its numbers come
    language: str | None = None  # a language whose catalogue comes
    starting: Start | None = None  # the start, which goes on once the language is here
    records: tuple[tuple[Session, int, str], ...] = ()  # finished games to record: (session, game, ended)
    recording: Token | None = None  # their tick's token: recorded a moment after the last score is drawn


class Waits(TypedDict, total=False):
    """Changes to :class:`Waiting` (App.wait), each of its field's type."""

    computer: Pending
    hint: Pending
    chances: Pending
    report: Pending
    ending: Pending
    cheer: Token | None
    stats: tuple[str | None, str | None] | None
    language: str | None
    starting: Start | None
    records: tuple[tuple[Session, int, str], ...]
    recording: Token | None


@dataclass(frozen=True)
class App:
    """Everything the page shows and waits for, as one value."""

    t: Text = ENGLISH
    screen: Shown = LoadingScreen()
    storage: Storage = Storage()
    givens: Givens = Givens()
    visit: Visit = Visit()
    kept: Kept = Kept()
    statistics: StatsShown = StatsShown()
    counts: Counts = Counts()
    files: Files = Files()
    overlay: Overlay = Over.NOTHING  # what is open over the screen, one at a time (over, sharing, naming read it)
    session: Session | None = None
    form: tuple[tuple[str, str], ...] = ()
    notice: Notice = Notice()  # the line that explains a refusal or a problem, as facts (App.say)
    other_tab: Notice = Notice()  # the offer of the match another tab saved: each saying drawn ("": hidden)
    waiting: Waiting = field(default_factory=Waiting)
    now: str = ""
    held: tuple[Held, ...] = ()  # events that came before what they need, in the order they came
    asking: Asking | None = None  # the question this answer asks (ask): sent once by update, then None again
    sending: bool = False  # the share dialog's Share pressed: what it shows is sent once by update, worded by the view

    def value(self, key: str) -> str | None:
        """What storage holds under ``key``, as far as this tab knows."""
        return dict(self.storage.stored).get(key)

    def holding(self, key: str, value: str | None, written: Written = None) -> App:
        """Storage holds ``value`` under ``key`` (None: nothing), as far as this tab knows; decoded once
        (Storage.holding: ``written``, the history, trainer, shared games or session this tab wrote as it)."""
        return replace(self, storage=self.storage.holding(key, value, written))

    @property
    def table(self) -> Table:
        """The state of the table being played: the play screen's, or the one a screen opened over it carries back
        (state.carried); an empty one where no table is there to go back to."""
        shown = carried(self.screen)
        return Table() if shown is None else shown.table

    def at_table(self, **changes: Unpack[TableChanges]) -> App:
        """Changes to the table's state (App.table), where the screen holds one: where none is there, nothing (a new
        table begins afresh, game.app.table.begin)."""
        return replace(self, screen=carrying(self.screen, replace(self.table, **changes)))

    def at_visit(self, **changes: Unpack[VisitChanges]) -> App:
        """Changes to what holds for the visit (App.visit)."""
        return replace(self, visit=replace(self.visit, **changes))

    def at_files(self, **changes: Unpack[FilesChanges]) -> App:
        """Changes to App.files."""
        return replace(self, files=replace(self.files, **changes))

    def counting(self, **changes: Unpack[CountsChanges]) -> App:
        """Changes to App.counts."""
        return replace(self, counts=replace(self.counts, **changes))

    def at_statistics(self, **changes: Unpack[StatsShownChanges]) -> App:
        """Changes to App.statistics."""
        return replace(self, statistics=replace(self.statistics, **changes))

    def keeping_challenge(self, **changes: Unpack[KeptChanges]) -> App:
        """Changes to App.kept."""
        return replace(self, kept=replace(self.kept, **changes))

    def keeping(self, **changes: Unpack[StorageChanges]) -> App:
        """Changes to what this tab knows of storage (App.storage)."""
        return replace(self, storage=replace(self.storage, **changes))

    @property
    def pace(self) -> Pace:
        """How fast a computer plays, as Sound and look keeps it (game.coach.pacing).

        >>> App().pace, App().holding(PACE_KEY, "relaxed").pace
        (<Pace.BRISK: 'brisk'>, <Pace.RELAXED: 'relaxed'>)
        """
        return Pace.read(self.value(PACE_KEY))

    @property
    def over(self) -> Over:
        """The screen open over the main one (Over.NOTHING: none, or a dialog is open)."""
        overlay = self.overlay
        match overlay:
            case Over():
                return overlay
            case Sharing() | Naming():
                return Over.NOTHING
            case _:
                assert_never(overlay)

    @property
    def sharing(self) -> Sharing | None:
        """What the share dialog shows and sends (None: closed)."""
        overlay = self.overlay
        match overlay:
            case Sharing():
                return overlay
            case Over() | Naming():
                return None
            case _:
                assert_never(overlay)

    @property
    def naming(self) -> Naming | None:
        """Whose name the name dialog asks (None: closed)."""
        overlay = self.overlay
        match overlay:
            case Naming():
                return overlay
            case Over() | Sharing():
                return None
            case _:
                assert_never(overlay)

    @property
    def played(self) -> Session:
        """The session on the board, where the caller's screen or check guarantees one (a bug otherwise).

        >>> App().played
        Traceback (most recent call last):
        AssertionError: no session on the board
        """
        assert self.session is not None, "no session on the board"
        return self.session

    @property
    def stale(self) -> bool:
        """Another tab saved a match since this one last did: then this tab writes nothing."""
        current = self.value(SAVE_KEY)
        return self.storage.saved is not None and current is not None and current != self.storage.saved

    @property
    def behind(self) -> bool:
        """Storage holds a save another tab wrote since this tab last saw one: a new match here would replace it."""
        current = self.value(SAVE_KEY)
        return current is not None and current != self.storage.seen

    def token(self, kind: TimerKind) -> tuple[App, Token]:
        """A new timer's token: the one way a tick is told from an older one (kept in App.waiting, App.storage.pruning)."""
        return self.counting(serial=self.counts.serial + 1), Token(kind, self.counts.serial + 1)

    def say(self, *facts: Said, tip: bool = False) -> App:
        """The notice says ``facts`` (hidden when none), worded and drawn by the view; a ``tip`` is the coach's passing
        note."""
        return replace(self, notice=self.notice.then(facts, tip))

    def wait(self, **changes: Unpack[Waits]) -> App:
        return replace(self, waiting=replace(self.waiting, **changes))

    def hold(self, event: Event, until: Until) -> App:
        """``event`` held until its wait is over (game.app.update takes it up then)."""
        return replace(self, held=(*self.held, Held(event, until)))


Out = tuple[App, list[Effect]]
