"""The page's language: the one to start in, a catalogue fetched for the picker's choice, and the whole
page worded in it (fixed texts, the form, the board and what is open over it).

    >>> from game.app.state import App
    >>> app, effects = switch_language(App(), "de")
    >>> app.waiting.language, effects[0]
    ('de', Fetch(name='language:de', path='./static/locale/de.mo'))
"""

from __future__ import annotations

from dataclasses import replace

from game.app.effects import Language
from game.app.keys import LANGUAGE_KEY, PACE_KEY, Wanted
from game.app.records import open_stats
from game.app.state import App, Out, Over, PlayScreen, fetch, store
from game.app.table import board, save, show_report
from game.coach.names import you_name
from game.coach.pacing import Pace
from game.core.cards import SeatKind
from game.core.i18n import DEFAULT, ENGLISH, LANGUAGES, N_, Text, negotiate

CATALOGUE = "./static/locale/{code}.mo"  # tools/i18n.mo_name: where the build writes each compiled catalogue
MANIFEST = "./static/manifest{suffix}.webmanifest"  # tools/build.manifest_name
NO_CATALOGUE = N_("That language could not be loaded (no connection?), so the page stays as it was.")


def preferred(stored_choice: str | None, browser: tuple[str, ...]) -> str:
    """The language to start in: the remembered choice if the game speaks it, else the browser's.

    >>> preferred("sv", ("de",)), preferred(None, ("de-AT", "en")), preferred("xx", ())
    ('sv', 'de', 'en')
    """
    return stored_choice if stored_choice in LANGUAGES else negotiate(browser).code


def ask_language(app: App, code: str) -> Out:
    """Fetch the catalogue of ``code`` (once: one already on its way is not asked for again)."""
    file = Wanted.language(code)
    if file in app.files.fetching:
        return app, []
    return app.at_files(fetching=app.files.fetching | {file}), [fetch(file, CATALOGUE.format(code=code))]


def switch_language(app: App, code: str) -> Out:
    """The picker's choice: its catalogue fetched, then the page worded in it and the choice remembered."""
    if code == app.t.code or code not in LANGUAGES:
        return app.wait(language=None), []  # a catalogue on its way for another choice is no longer wanted
    if code == DEFAULT:
        return use_language(app, ENGLISH, remember=True)
    return ask_language(app.wait(language=code), code)


def use_language(app: App, t: Text, remember: bool) -> Out:
    """Word the whole page in ``t``'s language: fixed texts, the form (its choices kept), the board, open screens."""
    app, effects = own_seat_worded(replace(app, t=t), app.t)  # the view words the setup form anew in it
    words = {msgid: t._(msgid) for msgid in app.givens.msgids}
    manifest = MANIFEST.format(suffix="" if t.code == DEFAULT else f".{t.code}")
    # The fixed texts first (a write, before the view's draw): some are the board's too (the Roll button, the hint
    # switch), which the draw then words as the table says ("Roll (2 left)"); worded after it, they would show the
    # bare msgid's word.
    effects = [Language(t.code, manifest, words), *effects]
    if remember:
        app, effects = app.say(), [*effects, store(LANGUAGE_KEY, t.code)]
    reporting = app.table.reporting
    app = app.at_visit(board=app.visit.board + 1)  # the page's words changed under the table shown: drawn afresh
    if app.session is not None and isinstance(app.screen, PlayScreen):
        app, more = board(app)
        effects += more
        if reporting is not None:
            app, more = show_report(app)
            effects += more
    if app.over is Over.STATS:
        app, more = open_stats(app)
        effects += more
    return app, effects


def own_seat_worded(app: App, before: Text) -> Out:
    """The person's unnamed seat, named ``before``'s "You", renamed in the new language's word ("Du") and saved: the
    sentences about it are chosen by that word (game.present.you), and "Du" among English words would read wrong."""
    session = app.session
    old, new = you_name(before), you_name(app.t)
    if session is None or old == new or old not in session.match.players:
        return app, []
    seats = tuple(
        replace(s, name=new) if s.kind is SeatKind.HUMAN and s.name == old else s for s in session.match.seats
    )
    return save(replace(app, session=replace(session, match=replace(session.match, seats=seats))))


def pick_pace(app: App, value: str) -> Out:
    """Sound and look's Pace: kept (static/js/settings.js stores it too, for the next visit's start), and taken from
    the computer's next move on (a value the game lacks: the default).

    >>> app, effects = pick_pace(App(), "instant")
    >>> app.pace, effects
    (<Pace.INSTANT: 'instant'>, [Store(key='yacht-dice/pace', value='instant')])
    """
    pace = Pace.read(value).value
    return app.holding(PACE_KEY, pace), [store(PACE_KEY, pace)]
