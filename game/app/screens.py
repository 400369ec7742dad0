"""The screens a match is chosen on: the setup form (its Start, the lobby's one-tap and daily matches),
the save problem (an unreadable save kept aside), the choice a link's match asks for, and the Rules over them.

    >>> from game.app.state import App
    >>> app, effects = open_setup(App())
    >>> app.screen.kind, effects[-1]
    (<Screen.SETUP: 'setup'>, OfferFocus(id='quick-solo'))
"""

from __future__ import annotations

import json
from dataclasses import replace

from game.app.effects import Console, ConsoleLevel, OfferFocus
from game.app.events import Answer, Submit
from game.app.facts import DailySent
from game.app.ids import Asked
from game.app.keys import CHALLENGE_KEY, SAVE_KEY, SETUP_KEY
from game.app.notices import DailyPlayed, Elsewhere, Failed, Invalid, Plain, Replacing, Said
from game.app.parts import Aside
from game.app.records import close_stats
from game.app.shared import is_shared
from game.app.sharing import open_share, share_match
from game.app.state import (
    QUICK_BUTTONS,
    App,
    LinkChoice,
    Naming,
    Notice,
    Offer,
    Out,
    Over,
    PlayScreen,
    SaveProblem,
    SetupScreen,
    ask,
    carried,
    focus,
    store,
)
from game.app.storage import (
    download_unreadable,
    history_read,
    keep_copy,
    kept_key,
    read_history,
    same_match,
    saved_setup,
    set_aside,
    stored_session,
)
from game.app.table import begin, seeded
from game.coach.moments import Mood, in_progress
from game.coach.session import Session
from game.core import links
from game.core.cards import MAX_PLAYERS, Level
from game.core.engine import Match
from game.core.i18n import N_
from game.core.link_problems import LinkProblem
from game.core.refusals import GameError
from game.core.rules import RuleSet
from game.present.setup import climb, ladder, last_rival, rivalry, rivals_first, standing
from game.records import choices as setups
from game.records import daily
from game.records.history import History


def open_setup(app: App, problems: tuple[LinkProblem | Invalid, ...] = (), setup: setups.Setup | None = None) -> Out:
    """Show the setup screen (with a link's or the last start's choices, and a link's problems, in More opened)."""
    app = filled(app, setup) if setup is not None else app
    app = history_read(refused(app, problems))  # the lobby says the player's best, days in a row and rival
    return app, [] if problems else [OfferFocus(first_way(app))]


def first_way(app: App) -> str:
    """The lobby's first way to play: Play the computer (Rematch) while its computer has won more of the player's
    games, or after a game against a computer (the view makes it the lobby's gold, page.lobby_ops), else Play solo."""
    history = app.storage.history
    if isinstance(history, History):
        fields = dict(app.form)
        ahead = standing(*rivalry(history, fields, app.t, lobby_rival(app))) is Mood.AHEAD
        if ahead or rivals_first(history):
            return f"quick-{setups.Quick.COMPUTER.value}"
    return QUICK_BUTTONS[0]


def rival_open(app: App, level: Level) -> bool:
    """Whether the ladder's rival of ``level`` is open to the player (a locked one's tap means nothing)."""
    history = app.storage.history
    rungs = ladder(history if isinstance(history, History) else History(), dict(app.form), app.t)
    return any(rung.level is level and rung.open for rung in rungs)


def lobby_rival(app: App) -> Level | None:
    """Play the computer's rival on the lobby's ladder (game.present.setup.climb: the one last played, while open):
    None where More's seats name a computer, or before the history is read (then Robin, as ever)."""
    history = app.storage.history
    if not isinstance(history, History):
        return None
    fields = dict(app.form)
    return climb(ladder(history, fields, app.t), fields, last_rival(history))


def filled(app: App, setup: setups.Setup) -> App:
    """The setup form holding ``setup``'s choices (the view puts them in it)."""
    return replace(app, form=tuple(setups.form_values(setup).items())).counting(filled=app.counts.filled + 1)


def refused(app: App, problems: tuple[LinkProblem | Invalid, ...]) -> App:
    """The setup screen, showing ``problems`` (the view words them) in More, opened, or none."""
    shown = app.screen.shown + 1 if isinstance(app.screen, SetupScreen) else 0
    return replace(app, screen=SetupScreen(problems, shown))


def on_submit(app: App, event: Submit) -> Out:
    """The setup form's Start (in More): the match its every choice describes."""
    app = replace(app, form=event.form)
    setup, problems = setups.setup_from_fields(dict(event.form))
    return start_setup(app, setup, problems, setup)


def quick_start(app: App, quick: setups.Quick, asking: bool = True, rival: Level | None = None) -> Out:
    """A one-tap match of the lobby (game.records.choices.quick_setup), from the form's choices as they are now.

    What is remembered is the form's own setup (More's seats stay as they were), so the next one-tap
    match of another kind finds its names and computer level again. Pass and play with no person named is
    ``asking`` for the two names first (the name dialog): once given, they are remembered so (passing_named). Play
    the computer takes the ladder's rival (a ``rival`` tapped on it, else :func:`lobby_rival`).
    """
    if not isinstance(app.screen, SetupScreen):
        return app, []  # a click that arrives after the setup was left
    if quick is setups.Quick.DAILY:
        return daily_start(app)
    fields = dict(app.form)
    if (
        quick is setups.Quick.PASS
        and asking
        and not any(fields.get(f"name{row}", "").strip() for row in people_rows(fields))
    ):
        return replace(app, overlay=Naming.PASSING), [focus(FIRST_FIELD)]
    if quick is setups.Quick.COMPUTER:
        rival = rival or lobby_rival(app)
    setup, problems = setups.quick_setup(fields, quick, rival=rival)
    return start_setup(app, setup, problems, setups.setup_from_fields(fields)[0])


FIRST_FIELD, ASKED_PAIR = "naming-first", ("asked-first", "asked-second")
"""The name dialog's two fields for pass and play (index.html's #naming-pair), in the setup form as asked-name is."""
SEAT_COUNTS = {str(count) for count in range(1, MAX_PLAYERS + 1)}  # the form's "count" values (More's seats)


def people_rows(fields: dict[str, str]) -> list[int]:
    """The form's rows (numbered from 1) of the two people a pass-and-play match seats (as setups.quick_setup)."""
    computers = set(setups.CPU_LEVELS)
    return [row for row in range(1, MAX_PLAYERS + 1) if fields.get(f"kind{row}", "human") not in computers][:2]


def passing_named(app: App, given: bool) -> Out:
    """The two names asked before pass and play: ``given`` ones fill the form's people rows (the start remembers them,
    so the next match is not asked), a blank one the language's friendly name; not given, all are. Then: play."""
    if app.naming is not Naming.PASSING:
        return app, []
    fields = dict(app.form)
    names = [setups.form_name(fields.get(key, "")) if given else "" for key in ASKED_PAIR]
    if given and not any(names):
        return app, []  # nothing typed: the dialog stays (Not now plays under the friendly names)
    named = {row: name for row, name in zip(people_rows(fields), names) if name}
    count = fields.get("count", "")
    shown = max([int(count) if count in SEAT_COUNTS else 1, *named])  # the form keeps the rows it shows: both
    fields |= {f"name{row}": name for row, name in named.items()} | {"count": str(shown)}
    app = replace(app, overlay=Over.NOTHING, form=tuple(fields.items())).counting(filled=app.counts.filled + 1)
    return quick_start(app, setups.Quick.PASS, asking=False)


def daily_start(app: App) -> Out:
    """The lobby's Daily game: today's game (UTC) of the rule set chosen (in forced order where it is chosen, a game
    of its own), for the first person (game.records.daily).

    Played once a day: when today's game of that rule set is in the history, its result and Share are
    offered instead; one left in progress (New match, then Daily game) is taken up where it was, not
    begun again on dice already seen.
    """
    day = daily.today(app.now)
    if day is None:
        return app, []  # the page's every event carries its time: never without one
    fields = dict(app.form)
    setup, problems = setups.quick_setup(fields, setups.Quick.DAILY, day)
    name = daily.game_name(setup.rules, dict(setup.options).get("forced_order") is True)
    session = app.session
    if session is not None and daily.match_day(session.match) == (day, name):
        if in_progress(session.match):
            return begin_new(app, session)
    app, history, _ = read_history(app)
    done = daily.played(history, name, day) if history is not None else None
    if done is not None:
        return open_share(app, DailySent(done), note=(DailyPlayed(name),))
    return start_setup(app, setup, problems, setups.setup_from_fields(fields)[0])


def start_setup(app: App, setup: setups.Setup, problems: tuple, remembered_setup: setups.Setup) -> Out:
    """Begin the match of ``setup``, remembering ``remembered_setup`` as the form holds it; or show what is
    wrong in More, opened (a one-tap start comes from outside it) and scrolled to."""
    try:
        if problems:
            raise ValueError(problems)
        drawn, with_seed = seeded(app, setup)
        session = setups.new_session(with_seed, t=app.t)
    except ValueError as problem:
        if not isinstance(app.screen, SetupScreen):  # a start whose form is not on the screen: nothing to show
            return app, []
        return refused(app, problems or (Invalid(problem),)), []
    app, effects = begin_new(drawn, session)
    if not isinstance(
        app.screen, PlayScreen
    ):  # asked first (or the save problem): nothing remembered before the answer
        return app, effects
    remembered = json.dumps(setups.form_values(remembered_setup))  # the choices as the form holds them: bounded
    return app.holding(SETUP_KEY, remembered), [store(SETUP_KEY, remembered), *effects]


def leave_match(app: App) -> Out:
    """The header's "New match": ask first when a match is under way."""
    if app.session is not None and in_progress(app.session.match):
        # A daily game or a challenge comes back as it was (game.app.shared): the question says so, not "lost".
        question = Asked.LEAVE_SHARED if is_shared(app, app.session) else Asked.LEAVE_MATCH
        return ask(app, question, Answer.LEAVE), []
    return open_setup(app)


def resume_or_setup(app: App, unsaved: bool) -> Out:
    """Resume the saved session, or say why it cannot be, or show the setup form."""
    session, error = stored_session(app)
    if error is not None:
        return report_unreadable(app, error)
    if session is None:
        return open_setup(app, setup=saved_setup(app))
    app, effects = begin(app, session)
    return (app.say(Plain.LOST_MOVES) if unsaved else app), effects


def report_unreadable(app: App, error: GameError, offered: Session | None = None) -> Out:
    """The save-problem screen: what happened, whether a copy is kept, the data to download; ``offered``, a link's
    (or the new) match, begins once the person has seen it."""
    app, aside, effects = set_aside(app, Aside.SAVE)
    app = replace(app, screen=SaveProblem(aside, offered, Failed(error)))
    return app, [*effects, Console(ConsoleLevel.WARN, f"unreadable save: {error}")]


def download_save_problem(app: App) -> Out:
    """The unreadable save downloaded, while its screen is shown."""
    return app, [download_unreadable(app)] if isinstance(app.screen, SaveProblem) else []


def leave_save_problem(app: App) -> Out:
    """Past the save-problem screen: to the link's match if one waits, otherwise the setup form."""
    shown = app.screen
    if not isinstance(shown, SaveProblem):
        return app, []
    effects = [download_unreadable(app)] if not shown.aside.trying else []
    if shown.offered is not None:
        app, more = begin(app, shown.offered)
    else:
        app, more = open_setup(app, setup=saved_setup(app))
    return app, effects + more


# Translators: the title of the question asked when another tab of this browser saved a match in progress, and a
# new match started in this tab would replace it.
OTHER_TAB_TITLE = N_("Replace the match in progress?")
# Translators: asked when another tab of this browser saved a match in progress, and a new match started in this tab
# would replace it; {saved} and {offered} are matches in a few words ("Yacht, Ann and Bob, game 1 of 1, round 3 of 12").
OTHER_TAB_MATCH = N_(
    "Another tab has a match in progress ({saved}). The match you start here ({offered}) would replace it."
)

# Translators: the title of the question asked when a link of a match played on separate phones would replace this
# phone's state of the same match (a turn under way here, or moves that part ways with the link's).
REPLACE_TITLE = N_("Play on from this link?")
# Translators: the button that takes the state of the match a link brings, this phone's own being kept aside.
REPLACE_START = N_("Play on from the link")
# Translators: said once this phone's state of a match played by links was replaced by a link's, at the person's
# choice; the copy kept aside is listed (and downloadable) in Statistics.
REPLACED_KEPT = N_("This phone's match as it was is kept aside: Statistics offers it for download.")

# Translators: said in the share dialog when the lobby's Daily game was already played today.
DAILY_PLAYED = N_("You have played today's {rules} game: a new one comes at midnight (UTC).")


def offer_link(
    app: App,
    saved: Session,
    offered: Session,
    words: Said,
    offer: Offer = Offer.LINK,
    take: bool = False,
    challenging: tuple[str, Match] | None = None,
) -> Out:
    """Ask first: a match would replace the match in progress (``words`` say which is which); the save is then
    seen, so the answer is made knowing it. The focus is on keeping, unless ``take`` recommends the offered one."""
    app = replace(app, screen=LinkChoice(offered, saved, challenging, (words,), offer, carried(app.screen)))
    app = app.keeping(seen=app.value(SAVE_KEY))
    return app, [focus("link-start" if take else "link-keep")]


def begin_new(app: App, session: Session) -> Out:
    """Begin ``session``, never over a save another tab wrote since this tab last saw one: the same match is
    taken as saved (its newer state), another in progress is asked about first, an unreadable one kept aside."""
    if not app.behind:
        return begin(app, session)
    saved, error = stored_session(app)
    if error is not None:
        return report_unreadable(app, error, session)
    assert saved is not None  # behind: storage holds a save
    if same_match(saved.match, session.match):
        return begin(app, saved)
    if in_progress(saved.match):
        replacing = Replacing(saved.match, session.match, other=True, tab=True)
        return offer_link(app, saved, session, replacing, Offer.OTHER_TAB)
    return begin(app, session)


def choose_link(app: App, start_it: bool) -> Out:
    """The answer to "Start the match in this link?": a challenge link's challenge is kept only once its match is
    chosen; a save another tab wrote meanwhile is never written over (begin_new)."""
    shown = app.screen
    if not isinstance(shown, LinkChoice):
        return app, []
    kept, offered = shown.kept, shown.offered
    if offered.remote and same_match(kept.match, offered.match):
        return choose_state(app, kept, offered, start_it)
    pending, before, allowed = shown.challenging if start_it else None, app.kept.challenge, app.kept.challenge_hints
    hints = links.hints_allowed(pending[0]) if pending else allowed
    app = app.keeping_challenge(challenge=pending[1] if pending else before, challenge_hints=hints)
    app, effects = begin_new(app, offered if start_it else kept)
    if isinstance(app.screen, LinkChoice):  # asked again: another tab saved since; the challenge waits with its match
        asking = replace(app.screen, challenging=pending)
        return replace(app, screen=asking).keeping_challenge(challenge=before, challenge_hints=allowed), effects
    if pending is None:
        return app, effects
    return app.holding(CHALLENGE_KEY, pending[0]), [store(CHALLENGE_KEY, pending[0]), *effects]


def choose_state(app: App, kept: Session, offered: Session, take: bool) -> Out:
    """The answer to "Play on from this link?" (Offer.REPLACE): nothing is lost either way. Taken, this phone's
    state is first kept aside (KEPT_PREFIX, "replaced": Statistics lists it for download); kept, the link's state
    stays in its message (opened again, it asks again), and this phone's, between turns, is offered to send."""
    if not take:
        app, effects = begin_new(app, kept)
        if not isinstance(app.screen, PlayScreen) or not links.turn_over(kept.match):
            return app, effects  # a turn under way here goes on: it is sent once it ends
        kept_here = Failed(links.LinkError("kept", links.Why.ANOTHER_MATCH))
        app, shared = share_match(app, (kept_here,))
        return app.say(kept_here), [*effects, *shared]
    raw = kept.to_json()
    key = kept_key(app, "replaced", raw)
    app, effects = keep_copy(app, key, raw) if key is not None else (app, [])
    app, more = begin_new(app, offered)
    if not isinstance(app.screen, PlayScreen):
        return app, effects + more
    return app.say(Plain.REPLACED_KEPT, Elsewhere(kept.marks, offered.marks, offered.match)), [*effects, *more]


def load_newer(app: App) -> Out:
    """Take the match another tab saved (this tab's own state is older and was never written)."""
    session, error = stored_session(app)
    if error is not None:
        return report_unreadable(app, error)
    return begin(app, session) if session is not None else (replace(app, other_tab=Notice()), [])


def rules_shown(app: App) -> RuleSet:
    """The rule set whose rules the Rules screen shows: the match's, else the one chosen in the form."""
    if app.session is not None and not isinstance(app.screen, SetupScreen):
        return app.session.match.ruleset
    setup, _ = setups.setup_from_fields(dict(app.form))
    try:
        return setup.ruleset()
    except ValueError:  # options the form would refuse: the rule set's defaults
        return setups.Setup(rules=setup.rules).ruleset()


def open_rules(app: App) -> Out:
    """The Rules screen, in the player's language, over whatever is on the page."""
    app, closing = close_stats(app.wait(stats=None))
    # The focus on the heading (Back, at the end of a long text, would scroll the start out of sight).
    return replace(app, overlay=Over.RULES), [*closing, focus("rules-title")]


def close_rules(app: App) -> Out:
    """The Rules closed (its Back, or Statistics opened over it)."""
    return (replace(app, overlay=Over.NOTHING), []) if app.over is Over.RULES else (app, [])
