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
from typing import TYPE_CHECKING, ClassVar, TypedDict, Unpack

from game.app.effects import Apply, Confirm, Effect, Fetch, Focus, Store, Timer
from game.app.facts import Chances, Ended, Hinted, Reported, Sharing, Statistics
from game.app.ids import Question, TimerKind, Token, wire
from game.app.keys import HISTORY_KEY, PACE_KEY, SAVE_KEY, Wanted
from game.app.notices import Failed, Invalid, Notice, Said, Status
from game.coach.aims import Aim
from game.coach.coaching import Coach
from game.coach.drills import Solution
from game.coach.pacing import Pace
from game.coach.session import Session
from game.core.engine import Match
from game.core.i18n import ENGLISH, Text
from game.core.rules import RuleSet
from game.present import setup as setups
from game.present.feel import Moment
from game.present.link_problems import LinkProblem
from game.records.stats import Reference

if TYPE_CHECKING:  # a start waits in the App for its language
    from game.app.events import Event, Persisted, Start


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


class Aside(Enum):
    """What an unreadable value set aside is (its value: the kind of its copies' keys, game.app.storage.kept_key)."""

    SAVE = "save"
    HISTORY = "history"

    @property
    def origin(self) -> str:
        """The key it is read from, and put back under when it cannot be kept."""
        return SAVE_KEY if self is Aside.SAVE else HISTORY_KEY


class Attempt(Enum):
    """How far setting an unreadable value aside went: each refused write of the copy is the next try."""

    COPY = "copy"  # a copy under its key (the value stays)
    MOVE = "move"  # the copy did not fit: the value removed to make room, then copied
    FAILED = "failed"  # neither fit: the value put back as it was, and nothing written over it


@dataclass(frozen=True)
class SetAside:
    """An unreadable value being put where nothing overwrites it (game.app.storage.set_aside)."""

    kind: Aside
    key: str | None  # where the copy goes (None: kept there already)
    raw: str
    attempt: Attempt = Attempt.COPY

    @property
    def trying(self) -> bool:
        """Whether a refusal of the copy may still come (and move it, or give up)."""
        return self.attempt is not Attempt.FAILED


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
    """The table: the match on the board (App.session)."""

    kind: ClassVar[Screen] = Screen.PLAY


@dataclass(frozen=True)
class SaveProblem:
    """The save could not be read: it is being put aside, and ``offered``, a link's (or the new) match, waits
    until the person has seen it."""

    aside: SetAside
    offered: Session | None = None
    reason: Failed | None = None  # why it cannot be read
    kind: ClassVar[Screen] = Screen.SAVE_PROBLEM


@dataclass(frozen=True)
class LinkChoice:
    """A match (``offered``) would replace the one in progress (``kept``): the person chooses; a challenge link's
    text and game (``challenging``) are kept only once its match is chosen."""

    offered: Session
    kept: Session
    challenging: tuple[str, Match] | None = None
    words: tuple[Said, ...] = ()  # which match is which
    question: tuple[str, str] = ("", "")  # the msgids of its title and of the button that takes the offered match
    kind: ClassVar[Screen] = Screen.LINK_CHOICE


@dataclass(frozen=True)
class TrainerScreen:
    """The trainer (game.app.practice): whose practice, of which rule set, the puzzle (None while the optimal
    player's table comes), the choice answered ("": not yet), how many puzzles it asked, the screen it returns to."""

    person: str
    ruleset: RuleSet
    coach: Coach
    solution: Solution | None = None
    answer: str = ""
    asked: int = 0
    back: Screen = Screen.SETUP
    kind: ClassVar[Screen] = Screen.TRAINER


Shown = LoadingScreen | SetupScreen | PlayScreen | SaveProblem | LinkChoice | TrainerScreen
"""The main screen shown, with what it alone holds."""


class Naming(Enum):
    """Whose name the name dialog asks (game.app.sharing.ask_name): a challenge's, both ends; or, before the first
    pass-and-play match of a phone that knows no names, the two people's (game.app.screens.quick_start)."""

    CHALLENGED = "challenged"  # the friend who opened a challenge link: their seat takes it
    CHALLENGING = "challenging"  # the person about to send a challenge: their seat takes it, then the link is sent
    PASSING = "passing"  # the people about to pass the phone: the form's first two people rows take them, then play


class Over(Enum):
    """What is open over the screen."""

    NOTHING = ""
    RULES = "rules"
    STATS = "stats"


def draw(ops: list | tuple, motion: dict | None = None) -> Apply:
    return Apply(tuple(ops), motion)


def store(key: str, value: str) -> Store:
    return Store(key, value)


def focus(element_id: str) -> Focus:
    return Focus(element_id)


def tick(token: Token, seconds: float) -> Timer:
    return Timer(token.wire, round(seconds * 1000))


def ask(app: App, question: str, yes: str, answer: Question) -> Confirm:
    """The game's own question (page.js's #ask dialog): ``question`` and ``yes``, its confirming button,
    are msgids; ``answer`` comes back in a ``confirmed`` event only when the person chooses ``yes``.

    >>> from game.app.ids import Answer
    >>> from game.present.words import WORDS
    >>> asked = ask(App(), WORDS.leave_match, WORDS.leave_yes, Answer.LEAVE)
    >>> asked.yes, asked.answer
    ('Leave the match', 'leave')
    """
    return Confirm(app.t._(question), app.t._(yes), wire(answer))


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
class Storage:
    """What storage holds, as far as this tab knows, and where this tab's writes stand (App.storage)."""

    stored: tuple[tuple[str, str], ...] = ()  # what storage holds, as far as this tab knows
    saved: str | None = None  # the save this tab last wrote
    seen: str | None = None  # the save this tab last read, wrote or showed: what its person chooses knowing
    # The copies kept aside since the oldest last went: the token of the tick after the newest, and their keys.
    pruning: tuple[Token, tuple[str, ...]] | None = None
    history_aside: SetAside | None = None  # an unreadable history being put aside (its writers are held meanwhile)
    unwritten: str | None = None  # the history storage held before this tab's last write of it
    persisted: Persisted | None = None  # the browser's last answer to whether it keeps storage for good


class StorageChanges(TypedDict, total=False):
    """Changes to :class:`Storage` (App.keeping), each of its field's type."""

    stored: tuple[tuple[str, str], ...]
    saved: str | None
    seen: str | None
    pruning: tuple[Token, tuple[str, ...]] | None
    history_aside: SetAside | None
    unwritten: str | None
    persisted: Persisted | None


@dataclass(frozen=True)
class Givens:
    """What the start gave, kept for the visit (App.givens): the page's Python, its address, this phone's id, the
    start's fresh random characters, the stamp of the table it drew and the page's own msgids."""

    python: str = ""
    address: str = ""  # the page's own address (the start's), that links to this game begin with
    phone: str = ""  # this phone's id (game.core.marks): the mark its person's turns leave on their seat
    entropy: str = ""  # the start's fresh random characters (the page draws them): new matches' seeds come from them
    woke: str = ""  # the stamp of the table the start drew (game.app.waking): early taps made on another do nothing
    msgids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Table:
    """The table's state (App.table): the pass of the phone, the keys, the status line, the dice entered and thrown,
    the hint, the celebration, the ear's line, the win chances, the report and the results' context."""

    handed: int | None = None  # the match's action count when the phone was last passed on
    handing: str | None = None  # who the pass screen last showed
    boxing: bool = False  # S was the last key: the next letter or number names a box (game.present.ear.named_box)
    status: Status = Status()  # the status line under the table: the board's, or a step's (game.app.table.board)
    entering: tuple[int, ...] = ()  # real dice (game.app.entering): the faces of the roll on the table entered so far
    thrown: frozenset[int] = frozenset()  # the dice that tumble in this answer's draw (cleared once drawn)
    reporting: Reported | None = None  # the after-game report, open until the table is drawn again (None: closed)
    hint: Hinted | None = None  # the hint shown (None: hidden), with its short line for a screen reader
    hint_told: bool = False  # the one-time line on how the hint's dice look was shown in this visit
    board: int = 0  # how many sessions were put on the board: each new one (or a new language) is drawn afresh
    # The results' context (its markup) and the challenge's end (None: not a challenge), once worked out for the game
    # on the board (game.app.ticks.draw_ending); None until then.
    ended: Ended | None = None
    spoken: Notice = Notice()  # the ear's line (the board read, the key B), in a live region the eyes do not see
    cheer: Notice = Notice()  # the celebration's words, shown while its tick (App.waiting.cheer) is to come
    moment: Moment | None = None  # which celebration it is (game.present.feel.Moment): how the page draws it
    odds: Chances | None = None  # the win chances line (None until its numbers come)
    aim: Aim | None = None  # the total the target hint plays for (None: none asked)
    fast: bool = False  # skip the computer's pauses until a person's turn
    keyboard: bool = False  # a key has played at the table: a computer waits for the ear after a person's box
    chances: bool = False


class TableChanges(TypedDict, total=False):
    """Changes to :class:`Table` (App.at_table), each of its field's type."""

    handed: int | None
    handing: str | None
    boxing: bool
    status: Status
    entering: tuple[int, ...]
    thrown: frozenset[int]
    reporting: Reported | None
    hint: Hinted | None
    hint_told: bool
    board: int
    ended: Ended | None
    spoken: Notice
    cheer: Notice
    moment: Moment | None
    odds: Chances | None
    aim: Aim | None
    fast: bool
    keyboard: bool
    chances: bool


@dataclass(frozen=True)
class App:
    """Everything the page shows and waits for, as one value."""

    t: Text = ENGLISH
    screen: Shown = LoadingScreen()
    storage: Storage = Storage()
    givens: Givens = Givens()
    table: Table = Table()
    over: Over = Over.NOTHING
    session: Session | None = None
    serial: int = 0  # for the tokens of timers (App.token): each tick's is new, kept where its work waits
    hidden: bool = False
    reduced: bool = False
    form: tuple[tuple[str, str], ...] = ()
    notice: Notice = Notice()  # the line that explains a refusal or a problem, as facts (App.say)
    other_tab: Notice = Notice()  # the offer of the match another tab saved: each saying drawn ("": hidden)
    fetching: frozenset[Wanted] = frozenset()
    waiting: Waiting = field(default_factory=Waiting)
    references: dict[str, Reference] | None = (
        None  # the optimal player's numbers, once fetched ({} when they cannot be)
    )
    filters: tuple[str, str] = ("", "")  # the Statistics screen's rule set and person ("": all)
    now: str = ""
    sharing: Sharing | None = None  # what the share dialog shows and sends (None: closed)
    stats: Statistics | None = None  # the Statistics screen's numbers as last read
    filled: int = 0  # how many times the game put choices in the setup form (App.form): the view puts them there
    challenge: Match | None = None  # the challenger's game of the challenge kept, or None
    challenge_hints: bool = False  # the challenge kept allows hints (sent "with hints")
    naming: Naming | None = None  # whose name the name dialog asks (None: closed)
    held: tuple[Held, ...] = ()  # events that came before what they need, in the order they came
    seeds: int = 0  # the seeds drawn since the start (game.app.table.new_seed): each new match's differs

    def value(self, key: str) -> str | None:
        """What storage holds under ``key``, as far as this tab knows."""
        return dict(self.storage.stored).get(key)

    def holding(self, key: str, value: str | None) -> App:
        held = {k: v for k, v in self.storage.stored if k != key}
        return self.keeping(stored=tuple((held | ({} if value is None else {key: value})).items()))

    def at_table(self, **changes: Unpack[TableChanges]) -> App:
        """Changes to the table's state (App.table)."""
        return replace(self, table=replace(self.table, **changes))

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
        """A new timer's token: the one way a tick is told from an older one (kept in App.waiting, App.pruning)."""
        return replace(self, serial=self.serial + 1), Token(kind, self.serial + 1)

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
