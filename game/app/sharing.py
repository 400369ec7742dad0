"""Sending from this phone: the share dialog (shared where the browser can, copied otherwise, a QR code on
request), and what it sends: a match's link, a finished match's result, a challenge, a daily game's result.

    >>> from game.app.state import App
    >>> from game.core.engine import new_match
    >>> app, effects = open_share(App(), ChallengeSent(new_match("yacht", ["Ann"], seed=1)), "https://example.org/")
    >>> app.sharing.url, close_share(app)[0].sharing  # the view opens and closes the dialog (game.app.view.dialogs)
    ('https://example.org/', None)
"""

from __future__ import annotations

import json
from dataclasses import replace

from game.app.events import Shared
from game.app.facts import ChallengeSent, DailySent, MatchSent, Sendable, Sharing
from game.app.keys import SETUP_KEY, Sent
from game.app.notices import Failed, Plain, Said
from game.app.state import App, Effect, Naming, Out, Over, focus, store
from game.app.storage import read_history, remembered_fields
from game.app.table import against, board, handing, playing, save
from game.coach.moments import match_over
from game.coach.names import is_you, sent_name
from game.core import links
from game.core.cards import Seat
from game.core.i18n import N_
from game.records import challenge, daily
from game.records import choices as setups
from game.records.record import game_id, session_record, utc_time


def open_share(app: App, what: Sendable, url: str = "", note: tuple[Said, ...] = (), qr: bool = False) -> Out:
    """The share dialog for ``what`` (the view words it) and the address ``url``: Share sends both where the browser
    can (the Web Share API), copies them otherwise; the address is also shown to select by hand.

    >>> from game.core.engine import new_match
    >>> app, effects = open_share(App(), ChallengeSent(new_match("yacht", ["Ann"], seed=1)), "https://example.org/?c=x")
    >>> app.sharing.url, effects
    ('https://example.org/?c=x', [Focus(id='share-send')])
    """
    return replace(app, overlay=Sharing(what, url, note, qr and bool(url))), [focus("share-send")]


def close_share(app: App) -> Out:
    """The share dialog closed (its Close, or Escape)."""
    return (replace(app, overlay=Over.NOTHING) if app.sharing is not None else app), []


# Translators: said after a link (or a result) was copied because the browser cannot share it directly.
COPIED = N_("Copied: paste it into a message.")
# Translators: said when neither sharing nor copying worked; the link is selected for the person to copy.
COPY_FAILED = N_("The link could not be copied for you: it is selected, copy it with your keyboard or a long press.")
SENT = {Sent.COPIED: Plain.COPIED, Sent.FAILED: Plain.COPY_FAILED}
"""How sending went, said in the dialog (a share needs no words)."""


def on_shared(app: App, event: Shared) -> Out:
    """Say how sending went, in the dialog: copied, or copy it by hand (the address selected); a share
    needs no words."""
    said = SENT.get(event.how)
    if said is None or app.sharing is None:  # shared (or cancelled), or the dialog closed meanwhile
        return app, []
    failed = event.how is Sent.FAILED
    app = replace(app, overlay=replace(app.sharing, note=(said,), by_hand=app.sharing.by_hand or failed))
    return app, [focus("share-link")] if failed else []


# Translators: the accessible name of the QR code the share dialog draws of a challenge link.
QR_LABEL = N_("QR code of the challenge link")


def show_qr(app: App) -> Out:
    """The share dialog's "QR code": the address drawn as a QR code (game.present.qr, loaded only when asked)."""
    if app.sharing is None or not app.sharing.url:
        return app, []
    return replace(app, overlay=replace(app.sharing, qr=True)), []  # the view draws it


# Translators: the share dialog's text, sent with the link of a match played on separate phones; {rules} is its rule set.
YOUR_TURN = N_("{name}, your turn in our match of {rules}: open the link to play.")


# Translators: the share dialog's text, sent with the link of a finished match played on separate phones.
MATCH_RESULT = N_("Our match of {rules} is over: open the link to see the standings.")


def match_address(app: App) -> str:
    """The link that carries this phone's match (its finished turns): the page's address and ``?match=``;
    LinkError when the match cannot travel by link."""
    session = app.played
    value = links.write(
        session.match, undo=session.undo_allowed, pass_phone=session.pass_phone, seat_marks=session.marks
    )
    return f"{app.givens.address}?{links.LinkKind.MATCH.value}={value}"


def share_match(app: App, note: tuple[Said, ...] = ()) -> Out:
    """The share dialog with this phone's match: to the person whose turn comes, or the result to the others."""
    match = app.played.match
    try:
        url = match_address(app)
    except links.LinkError as error:
        return app.say(Failed(error)), []
    return open_share(app, MatchSent(match, handing(app) or match.current_name), url, note)


def send_turn(app: App) -> Out:
    """The send screen's "Send to Bob": the share dialog with the match's link; the dice wait."""
    return share_match(app) if playing(app) and app.played.remote and handing(app) else (app, [])


def send_result(app: App) -> Out:
    """The standings' "Send the result to …": the finished match's link, for everyone else's phone."""
    session = app.session if playing(app) else None
    if session is None or not session.remote or not match_over(session.match):
        return app, []
    return share_match(app)


CHALLENGE_TITLE = N_("Challenge a friend")  # the results' button (index.html) and the share dialog's title


def challenge_friend(app: App, asking: bool = True) -> Out:
    """The results' "Challenge a friend": the share dialog with a link carrying this game (the person's turns
    alone: computers beside them are left out, and the friend meets this seat's own dice), its rules, options
    and seed; offered only for a match's first game played with no undo (challenge.challengeable), sent "with hints"
    where hints were on in it (the friend may ask for them too). A
    person under the default name, with none remembered, is ``asking`` first for theirs (ask_name)."""
    session = app.session if playing(app) else None
    if session is None or not challenge.challengeable(session):
        return app, []
    seat = session.match.seats[challenge.person(session.match) or 0]
    if asking and not remembered_name(app) and is_you(seat.name, app.t):
        return ask_name(app, Naming.CHALLENGING)  # the friend is told who challenges them: asked once
    game = challenge.solo(session.match)
    if is_you(game.seats[0].name, app.t):  # no name given: the friend must not read "Challenge from You"
        game = replace(game, seats=(Seat.human(sent_name(game.seats[0].name, app.t)),))
    try:
        hints = challenge.challenge_hints(session)
        value = links.write(game, links.LinkKind.CHALLENGE, session.undo_allowed, hints=hints)
    except links.LinkError as error:
        return app.say(Failed(error)), []
    url = f"{app.givens.address}?{links.LinkKind.CHALLENGE.value}={value}"
    return open_share(app, ChallengeSent(game, hints), url, qr=True)


# Translators: the title of the share dialog for a daily game's result.
DAILY_TITLE = N_("Your daily result")


def share_daily(app: App) -> Out:
    """The results' Share result, after a daily game: its spoiler-free text (game.records.daily.share_text), from
    the history's record (its points lost against optimal play) or, before it is written, the game's own."""
    session = app.session if playing(app) else None
    if session is None or not match_over(session.match) or daily.match_day(session.match) is None:
        return app, []
    app, history, _ = read_history(app)
    record = history.get(game_id(session.match, 0)) if history is not None else None
    if record is None:
        try:
            ended = utc_time(app.now)
        except ValueError:
            ended = "1970-01-01T00:00:00Z"  # the text never says when it ended
        record = session_record(session, 0, ended)
    return open_share(app, DailySent(record))


NAMING = "naming"
"""The name dialog (index.html): its field, ``asked-name``, belongs to the setup form, which every tap carries."""
ASKED_NAME = "asked-name"


def remembered_name(app: App) -> str:
    """The person's name as the setup form holds it ("": none remembered)."""
    return setups.form_name(dict(app.form).get("name1", ""))


def ask_name(app: App, whose: Naming) -> Out:
    """Ask the person's name, a challenge's on either end, where none is remembered: the friend is told who played."""
    return replace(app, overlay=whose), []


def name_given(app: App) -> Out:
    """The name asked, given: the person's seat takes it (the challenge's, or the one about to be sent, which is then
    sent), and the setup form remembers it (never asked again); a blank one changes nothing (the dialog stays)."""
    name = setups.form_name(dict(app.form).get(ASKED_NAME, ""))
    whose, session = app.naming, app.session
    if whose is Naming.CHALLENGED and not name:  # the welcome card of a phone that knows its person: Play plays
        name = setups.form_name(dict(app.form).get("name1", ""))
    if whose is None or not name:
        return app, []
    app = replace(app, overlay=Over.NOTHING)
    effects: list[Effect] = []
    if session is not None:
        match = session.match
        seat = challenge.person(match) if whose is Naming.CHALLENGING else (0 if against(app) is not None else None)
        if seat is not None:
            match = replace(match, seats=tuple(Seat.human(name) if i == seat else s for i, s in enumerate(match.seats)))
            app, saved = save(replace(app, session=replace(session, match=match)))
            app, drawing = board(app)
            effects += saved + drawing
    remembered, _ = setups.setup_from_fields(remembered_fields(app) | {"name1": name})
    kept = json.dumps(setups.form_values(remembered))  # as a start remembers the form's choices: bounded
    form = tuple(setups.form_values(remembered).items())
    app = replace(app.holding(SETUP_KEY, kept), form=form).counting(
        filled=app.counts.filled + 1
    )  # the view puts it in the form
    effects = [store(SETUP_KEY, kept), *effects]
    if whose is Naming.CHALLENGING:
        app, sent = challenge_friend(app, asking=False)
        effects += sent
    return app, effects


def name_skipped(app: App) -> Out:
    """The name asked, not given: played, or sent, under the default name (asked again next time)."""
    if app.naming is None:
        return app, []
    whose, app = app.naming, replace(app, overlay=Over.NOTHING)
    if whose is Naming.CHALLENGING:
        return challenge_friend(app, asking=False)
    return app, []
