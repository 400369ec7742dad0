"""The one driver of the App for tests: through ``update``, as the page drives it.

``start`` opens the App as the page does (stored values, a link, the browser's languages) and ``send`` sends it
messages; the effects are read back by kind (docs/protocol.md): the ops of ``apply``, the keys stored, the ticks.
``opened``, ``play`` and ``play_out`` also fold the ``apply`` ops into what the page shows (``shown``), read with
tests/helpers/page.py's readers.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

from game.app.effects import EFFECTS, to_json
from game.app.events import BoxChosen, Button, Key, Message, Pressed, Start, read_timer
from game.app.keys import SAVE_KEY
from game.app.state import App, Effect
from game.app.update import update
from game.coach import advisor
from game.coach.session import Next, Session
from game.core.i18n import ENGLISH
from game.present import words

NOW = "2026-11-24T10:00:00Z"
ADDRESS = "https://example.org/yacht/"
WORDS = words.WORDS
en = ENGLISH._  # the English words of a msgid
KINDS = frozenset(effect.KIND for effect in EFFECTS)  # docs/protocol.md's (tests/unit/app/test_effects.py)


# -------------------------------------------------------------------- the start


def start(
    query: str = "",
    *,
    match: Session | str | None = None,
    stored: dict | None = None,
    unsaved: bool = False,
    languages: tuple[str, ...] = (),
    hidden: bool = False,
    msgids: tuple[str, ...] = (),
):
    """An App after the page's Start: ``query`` is the link (``"players=Ann&rules=yatzy"``), ``match`` the save."""
    values = dict(stored or {})
    if match is not None:
        values[SAVE_KEY] = match if isinstance(match, str) else match.to_json()
    event = Start(
        stored=tuple(values.items()),
        unsaved=unsaved,
        query=tuple(parse_qsl(query, keep_blank_values=True)),
        languages=languages,
        hidden=hidden,
        msgids=msgids,
    )
    return update(App(), event, now=NOW)


def send(app: App, *events) -> tuple[App, list[Effect]]:
    """The App after ``events`` in turn, and all their effects; as the shell, no update for what reads as no message
    (None)."""
    out: list[Effect] = []
    for event in events:
        app, effects = update(app, event, now=NOW) if event is not None else (app, [])
        out += effects
    return app, out


def phone(query: str = "", saved: str | None = None, address: str = ADDRESS):
    """A phone's App after the page's start: ``query`` its address's query, ``saved`` what its storage holds."""
    stored = () if saved is None else ((SAVE_KEY, saved),)
    event = Start(stored=stored, query=tuple(parse_qsl(query, keep_blank_values=True)), address=address)
    return update(App(), event, now=NOW)


def opened_link(url: str, saved: str | None):
    """A phone that opens ``url`` (a link it was sent) over what its storage holds."""
    return phone(urlsplit(url).query, saved)


def friend(url: str, stored: dict | None = None):
    query = tuple(parse_qsl(urlsplit(url).query))
    return update(App(), Start(stored=tuple((stored or {}).items()), query=query, address=ADDRESS), now=NOW)


# -------------------------------------------------------- the effects read back


def of(effects: list[Effect], kind: str) -> list[tuple]:
    """The arguments the page gets of each effect of one kind (its fields in order)."""
    assert kind in KINDS, kind  # a misspelt kind would find nothing, and a test of its absence would pass
    return [tuple(to_json(effect)[1:]) for effect in effects if effect.KIND == kind]


def kinds(effects: list[Effect]) -> list[str]:
    return [effect.KIND for effect in effects]


def ops(effects: list[Effect], where) -> list[dict]:
    """The changes every ``apply`` effect makes to one element (an id, or a (selector, index) pair)."""
    return [changes for ops_, _ in of(effects, "apply") for at, changes in ops_ if at == where]


def visible(effects: list[Effect], where) -> bool | None:
    """Whether the effects leave an element shown (True), hidden (False), or do not touch it (None)."""
    hidden = [changes["hidden"] for changes in ops(effects, where) if "hidden" in changes]
    return None if not hidden else not hidden[-1]


def notice(effects: list[Effect]) -> str | None:
    """The notice's last words ("" when hidden), None when the effects leave it alone (words said again end with a
    no-break space, so a screen reader says them again: left out)."""
    said = [changes["text"] for changes in ops(effects, "notice") if "text" in changes]  # not its role's op
    return said[-1].removesuffix("\u00a0") if said else None


def stores(effects: list[Effect], key: str) -> list[str]:
    return [value for stored_key, value in of(effects, "store") if stored_key == key]


def ticks(effects: list[Effect], kind: str) -> list[tuple[str, int]]:
    """(token, ms) of each tick of one kind ("computer", "hint", ...)."""
    return [(token, ms) for token, ms in of(effects, "tick") if token.startswith(kind + ":")]


def tick_token(effects: list[Effect], kind: str) -> str:
    (found,) = ticks(effects, kind)
    return found[0]


def after_ticks(app: App, effects: list[Effect], kind: str) -> tuple[App, list[Effect]]:
    """The App once the ticks of one kind the effects asked for have come, and all the effects."""
    app, more = send(app, *[read_timer(token) for token, _ in ticks(effects, kind)])
    return app, effects + more


def ending(app, effects):
    """The App once the ending's tick has come, and its effects."""
    return send(app, *[read_timer(token) for token, _ in ticks(effects, "ending")])


# ---------------------------------------------------- play as the page shows it


def shown(effects, page: dict | None = None) -> dict:
    """What each element holds once the effects' ``apply`` ops are done (on top of ``page``): text or html,
    hidden, its attributes and its toggled classes."""
    page = dict(page or {})
    for ops_, _ in of(effects, "apply"):
        for at, changes in ops_:
            now = dict(page.get(at, {}))
            for key, value in changes.items():
                if key in ("attrs", "toggle"):
                    now[key] = {**now.get(key, {}), **value}
                elif key in ("text", "html"):
                    now.pop("text", None), now.pop("html", None)
                    now[key] = value
                else:
                    now[key] = value
            page[at] = now
    return page


def opened(query: str = "", **kwargs):
    """An App started as ``start`` starts it, what the page shows, and the start's effects."""
    app, effects = start(query, **kwargs)
    return app, shown(effects), effects


def play(app, page, *events):
    """The App after ``events``, what the page shows, and the events' effects."""
    app, effects = send(app, *events)
    return app, shown(effects, page), effects


def click(box: str) -> Message:
    """A click on a scorecard box offered as a choice."""
    return BoxChosen(box)


def play_out(app: App, page: dict | None = None, *, pick: int = 0) -> tuple[App, dict, list[Effect]]:
    """The App's game played to its end, what the page shows then (folded on top of ``page``), and every effect on
    the way: each person rolls once and takes the ``pick``-th box offered (0 the first, -1 the last); a computer
    plays on its ticks (as tests/helpers/ui.play_out in the browser)."""
    effects: list[Effect] = []
    while not app.session.match.game_over:
        if app.session.next is Next.COMPUTER:
            app, more = send(app, read_timer(app.waiting.computer.wire))
        else:
            app, more = send(app, Pressed(Button.ROLL))
            app, chosen = send(app, BoxChosen(list(app.session.match.options())[pick]))
            more += chosen
        effects += more
    return app, shown(effects, page), effects


def after(app, page, effects, *kinds: str):
    """The App and page once the ticks of these kinds have come, over and over (a computer's turn asks for its
    next action's tick at each), and the last effects."""
    while pending := [token for kind in kinds for token, _ in ticks(effects, kind)]:
        app, page, effects = play(app, page, *[read_timer(token) for token in pending])
    return app, page, effects


def settled(app, page, effects):
    """The App and page once the ticks the ending asked for (its record, its context) have come."""
    while pending := [token for kind in ("records", "ending") for token, _ in ticks(effects, kind)]:
        app, page, effects = play(app, page, *[read_timer(token) for token in pending])
    return app, page


def ended(session: Session, **kwargs):
    """A saved match opened and its last open box scored, once the ending has settled: the App and the page."""
    app, page, _ = opened(match=session, **kwargs)
    last = app.session.match.open_categories()[-1]
    app, page, effects = play(app, page, BoxChosen(last))
    return settled(app, page, effects)


# ------------------------------------------------------------------- situations


def computers_turn(query: str = "players=Ann&cpu=2:easy", **kwargs):
    """An App whose person has just played: the computer's turn is due."""
    app, _ = start(query, **kwargs)
    app, _ = send(app, Key("r"))
    return send(app, click(next(iter(app.session.match.options()))))


def challenger():
    """Ann's finished Yacht game beside a computer (on this phone's own seed: a typed one is never a challenge), and
    the address her Challenge a friend shares."""
    query = (("rules", "yacht"), ("players", "Ann"), ("cpu", "2:easy"))
    app, _ = update(App(), Start(query=query, address=ADDRESS, entropy="AnnAnnAnnAnn"), now=NOW)  # Ann's phone
    app, _, _ = play_out(app)
    app, effects = send(app, Pressed(Button.CHALLENGE_FRIEND))
    return app, effects


def table_bytes(name: str) -> bytes:
    """An advisor table's bytes, as the page's fetch brings them."""
    return (advisor.TABLE_DIR / name).read_bytes()
