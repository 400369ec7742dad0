"""The start: the page's stored values taken up in the player's language, then the saved match resumed,
or a link's match, challenge or setup opened (asked first where it would replace a match in progress).

    >>> from game.app.events import Start
    >>> from game.app.state import App
    >>> app, effects = on_start(App(), Start(query=(("rules", "yacht"), ("players", "Ann"))))
    >>> app.screen.kind, app.session.match.players, effects[-1].KIND
    (<Screen.PLAY: 'play'>, ('Ann',), 'ready')
"""

from __future__ import annotations

from dataclasses import replace

from game.app import waking
from game.app.effects import DropQuery, Ready
from game.app.events import Start
from game.app.keys import CHALLENGE_KEY, LANGUAGE_KEY, PHONE_KEY, SAVE_KEY
from game.app.notices import Elsewhere, Failed, Forked, Invalid, Plain, Replacing, Since, UnderWay
from game.app.parts import Givens
from game.app.screens import Offer, filled, offer_link, open_setup, report_unreadable, resume_or_setup
from game.app.settings import ask_language, preferred, use_language
from game.app.sharing import ask_name, share_match
from game.app.state import App, Effect, Naming, Out, SetupScreen, store
from game.app.storage import history_read, keep_setup_aside, prune_kept, saved_setup, stored_session
from game.app.table import begin, seeded
from game.coach.moments import in_progress
from game.coach.session import Session
from game.core import links, marks
from game.core.cards import SeatKind
from game.core.i18n import N_, Text
from game.records import challenge
from game.records import choices as setups
from game.records.record import NO_TIME


def on_start(app: App, event: Start) -> Out:
    """The page is ready: word it in the player's language, then resume or set up a match."""
    seen = dict(event.stored).get(SAVE_KEY)  # what this tab's person sees first: never "another tab's"
    givens = Givens(event.python, event.address, this_phone(event), event.entropy, msgids=event.msgids)
    app = replace(
        app,
        storage=replace(app.storage.read(event.stored), seen=seen),
        givens=givens,
        form=event.form,
        screen=SetupScreen(),
        now=app.now or NO_TIME,
    ).at_visit(hidden=event.hidden, reduced=event.reduced)
    app = app.wait(starting=event)
    code = preferred(app.value(LANGUAGE_KEY), event.languages)
    if code != app.t.code:
        return ask_language(app.wait(language=code), code)
    return started(app)


def this_phone(event: Start) -> str:
    """This phone's id: the one it keeps, else the one the page drew for it now ("" where neither is one)."""
    kept = dict(event.stored).get(PHONE_KEY)
    return next((phone for phone in (kept, event.entropy) if phone is not None and marks.is_id(phone)), "")


def language_came(app: App, code: str, data: bytes | None) -> Out:
    """A catalogue came (or could not): the page worded in it, unless the player chose another since."""
    if code != app.waiting.language:
        return app, []
    app = app.wait(language=None)
    try:
        t = Text.from_mo(code, data) if data is not None else None
    except Exception:  # a damaged catalogue (gettext raises struct.error too): as if never fetched
        t = None
    if t is None:
        if app.waiting.starting:
            return started(app)
        return app.say(Plain.NO_CATALOGUE), []  # the view sets the picker back to the language spoken
    if app.waiting.starting:
        app, effects = use_language(app, t, remember=False)
        app, more = started(app)
        return app, effects + more
    return use_language(app, t, remember=True)


def started(app: App) -> Out:
    """The rest of the start, once the page speaks the player's language."""
    event = app.waiting.starting or Start()
    app = app.wait(starting=None)  # the view takes the buttons' taps from now on
    effects: list[Effect] = []
    if app.givens.phone and app.value(PHONE_KEY) != app.givens.phone:  # drawn now: kept, so its marks stay this phone's
        app = app.holding(PHONE_KEY, app.givens.phone)
        effects.append(store(PHONE_KEY, app.givens.phone))
    remembered = saved_setup(app)
    if remembered is not None:  # the form under a resumed match too: its New match shows the last choices
        app = filled(app, remembered)
    app = stored_challenge(app)
    app, pruned = prune_kept(app)  # copies kept by an earlier version, which had no bound
    effects += pruned
    carried = [(key, value) for key, value in event.query if key in links.PARAMS]
    if carried:
        app, more = from_game_link(app, *carried[0])
    elif setups.has_start_params(event.query):
        app, more = from_link(app, event.query)
    else:
        app, more = resume_or_setup(app, event.unsaved)
    app, setup_kept = keep_setup_aside(app)
    if isinstance(app.screen, SetupScreen):  # the lobby says the player's best and their days in a row
        app = history_read(app)
    app = replace(app, givens=replace(app.givens, woke=waking.stamp(app)))
    return app, [*effects, *more, *setup_kept, Ready(app.givens.python, app.givens.woke)]


def stored_challenge(app: App) -> App:
    """The challenge this phone keeps (CHALLENGE_KEY), taken up at the start: a reload does not lose it."""
    try:
        link = links.read(app.value(CHALLENGE_KEY) or "")
        playable = link.kind is links.LinkKind.CHALLENGE and challenge.playable(link.match)
    except Exception:  # none, unreadable or changed (whatever it holds): no challenge (a new one writes over it)
        return app
    return app.keeping_challenge(challenge=link.match, challenge_hints=link.hints) if playable else app


def from_link(app: App, query: tuple[tuple[str, str], ...]) -> Out:
    """Start a link's match, or show its problems, or ask first when it would replace a match in progress."""
    effects: list[Effect] = [DropQuery()]  # a reload never repeats a link
    setup, problems = setups.parse_link(query)
    if problems:
        app, more = open_setup(app, problems, setup)
        return app, effects + more
    try:
        drawn, with_seed = seeded(app, setup)  # the form keeps the link's setup, seed as the link had it
        offered = setups.new_session(with_seed, t=app.t)
        app = drawn
    except ValueError as problem:
        app, more = open_setup(app, (Invalid(problem),), setup)
        return app, effects + more
    saved, error = stored_session(app)
    if error is not None:
        app, more = report_unreadable(app, error, offered)
    elif saved is not None and in_progress(saved.match):
        app, more = offer_link(app, saved, offered, Replacing(saved.match, offered.match))
    else:
        app, more = begin(app, offered)
    return app, effects + more


def from_game_link(app: App, param: str, text: str) -> Out:
    """A match (``?match=``) or a challenge (``?challenge=``) sent by link: read by replaying it; a link
    that cannot be used is said in words, and what this phone holds goes on as it was."""
    effects: list[Effect] = [DropQuery()]  # a reload never repeats a link
    try:
        link = links.read(text)
        opened = open_match_link if link.kind is links.LinkKind.MATCH else open_challenge
        taken, more = opened(app, link)
    except Exception as error:  # a link never stops the start: whatever fails, the game starts as without one
        unusable = error if isinstance(error, links.LinkError) else links.LinkError(repr(error), links.Why.DAMAGED)
        app, more = resume_or_setup(app, False)
        return app.say(Failed(unusable)), [*effects, *more]
    return taken, effects + more


# Translators: a link of a match played on separate phones was opened again on the phone that already has its turn.
SAME_TURN = N_("You already have this turn: play on.")


# Translators: a link of another match was opened while a match is in progress; {saved} and {offered} are matches
# in a few words ("Yacht, Ann and Bob, game 1 of 1, round 3 of 12").
OTHER_MATCH = N_(
    "You have a match in progress ({saved}). This link brings another match ({offered}), which would replace it."
)


# Translators: asked when a link of a match played on separate phones brings {name}'s turn already played (on another
# phone) while this phone has {name}'s turn under way (rolled, not yet scored).
TURN_UNDER_WAY = N_(
    "{name}'s turn is under way on this phone, but this link brings it already played on another phone. "
    "Play on from the link (this phone's turn is then kept aside), or keep playing here (the link is not used)?"
)


# Translators: asked when a link of a match played on separate phones parts ways with this phone's moves (a turn was
# played twice, on two phones).
FORKED_MATCH = N_(
    "This link is of the same match, but its moves differ from this phone's: a turn was played on two phones. "
    "Play on from the link (this phone's moves are then kept aside), or keep this phone's and send them again?"
)


# Translators: added to the question about a link whose moves part ways with this phone's, when the link's are the ones
# to play on (they go further; the other phone recommends the same, so that both meet on one state).
FORKED_TAKE = N_("Recommended: play on from the link (the other phone recommends the same).")
# Translators: added to the question about a link whose moves part ways with this phone's, when this phone's are the
# ones to play on (they go further; the other phone recommends the same, so that both meet on one state).
FORKED_KEEP = N_("Recommended: keep this phone's moves (the other phone recommends the same).")


def open_match_link(app: App, link: links.Link) -> Out:
    """A match sent by link, compared with what this phone holds (links.relation): another match or none
    is played on (asked first over a match in progress); a newer state is taken (asked first where it replaces
    a turn under way here); the same is said so; an older one is refused in words, this phone's state kept and
    offered to send again; a forked one is asked about (either way the other is kept: this phone's aside, the
    link's in its message), so two phones never wait for each other. Undo never reaches back into the turns
    the link brought (Session.floor); a turn played on another phone than its seat's first is said (marks)."""
    incoming = Session(
        link.match,
        link.undo,
        pass_phone=link.pass_phone,
        remote=True,
        floor=len(link.match.actions),
        marks=link.marks,
    )
    saved, error = stored_session(app)
    if error is not None:
        return report_unreadable(app, error, incoming)
    try:
        relation = links.Relation.OTHER if saved is None else links.relation(saved.match, link.match)
    except links.LinkError:  # a stored match no link can carry (its dice drawn in sequence): another match
        relation = links.Relation.OTHER
    if saved is None or relation is links.Relation.OTHER:
        if saved is not None and in_progress(saved.match):
            return offer_link(app, saved, incoming, Replacing(saved.match, link.match, other=True), Offer.PLAY_ON)
        app, effects = begin(app, incoming)
        return elsewhere_said(app, None, incoming), effects
    if relation in (links.Relation.NEWER, links.Relation.FORKED):
        taken = replace(
            saved,
            match=link.match,
            undo_allowed=link.undo,
            pass_phone=link.pass_phone,
            remote=True,
            floor=incoming.floor,
            feedback=None,
            marks=marks.merged(saved.marks, link.marks) if relation is links.Relation.NEWER else link.marks,
        )
        if relation is links.Relation.FORKED:  # the answer every phone recommends alike (links.preferred): focused
            take = links.preferred(saved.match, link.match)
            return offer_link(app, saved, taken, Forked(take), Offer.REPLACE, take)
        if not links.turn_over(saved.match) and saved.match.current_seat.kind is SeatKind.HUMAN:
            # A person's turn under way here, which the link's would replace: asked (a computer's goes unasked).
            return offer_link(app, saved, taken, UnderWay(saved.match.current_name), Offer.REPLACE)
        app, effects = begin(app, taken)
        return elsewhere_said(app, saved, taken), effects
    app, effects = begin(app, saved)
    if relation is links.Relation.SAME:
        return app.say(Plain.SAME_TURN), effects
    older = Failed(links.LinkError(relation.value, links.Why.OLDER))
    app = app.say(older)
    if not links.turn_over(saved.match):
        return app, effects  # a turn under way here: it is sent once it ends
    app, shared = share_match(app, (older,))  # this phone's state, offered to send again
    return app, effects + shared


def elsewhere_said(app: App, held: Session | None, taken: Session) -> App:
    """What a link brought that this phone did not know: the boxes filled since it last played (issue 54: "Ann
    scored 28 in Three of a Kind"), said politely, then the turn; and, as a warning, that a link's turns were played
    on a phone other than their seat's first."""
    before, marked = (held.match, held.marks) if held is not None else (None, ())
    since = (Since(before, taken.match),) if marks.filled_since(before, taken.match) else ()
    seats = [seat for seat in marks.elsewhere(marked, taken.marks) if seat < len(taken.match.seats)]
    warning = (Elsewhere(marked, taken.marks, taken.match),) if seats else ()
    return app.say(*since, *warning, tip=not warning) if since or warning else app


def open_challenge(app: App, link: links.Link) -> Out:
    """A challenge: a one-game match on the challenge's rules and seed (the very same dice) for this phone's
    person (the first remembered name, else the default one). The challenge is kept in storage
    (CHALLENGE_KEY), so a reload does not lose it; a match in progress is asked about first (the challenge
    kept only if its match is chosen), and the same
    challenge opened again resumes the game under way."""
    theirs = link.match
    if link.kind is not links.LinkKind.CHALLENGE or not challenge.playable(theirs):
        app, more = resume_or_setup(app, False)
        return app.say(Failed(links.LinkError("not one person's game", links.Why.DAMAGED))), more
    text = links.write(theirs, links.LinkKind.CHALLENGE, link.undo, hints=link.hints)
    seat = setups.quick_setup(dict(app.form), setups.Quick.SOLO)[0].seats(app.t)[0]
    # The challenger's seat's own dice, and no undo: a challenge's result is final once played.
    offered = Session(theirs.alone(0, seat), undo_allowed=False)
    saved, error = stored_session(app)
    resumed = saved is not None and challenge.applies(theirs, saved.match) and saved.match.games == 1
    if saved is not None and not resumed and in_progress(saved.match):
        # Asked first: the challenge is kept only once its match is chosen (choose_link); "keep" changes nothing.
        return offer_link(app, saved, offered, Replacing(saved.match, offered.match), challenging=(text, theirs))
    app = app.holding(CHALLENGE_KEY, text).keeping_challenge(challenge=theirs, challenge_hints=link.hints)
    effects = [store(CHALLENGE_KEY, text)]
    if error is not None:
        app, more = report_unreadable(app, error, offered)
    elif saved is not None and resumed:
        app, more = begin(app, saved)  # this challenge, under way (or played) on this phone already
    else:
        app, more = begin(app, offered)
        # The welcome card (who challenges, the score, the rules), its name field only where none is remembered.
        app, asked = ask_name(app, Naming.CHALLENGED)
        more += asked
    return app, effects + more
