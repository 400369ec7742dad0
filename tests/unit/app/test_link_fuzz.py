"""No link can stop the game: a re-signed link (its checksum has no secret) holding a value of any wrong type
anywhere is refused with a LinkError, never another exception (issue 45, item 5)."""

from __future__ import annotations

import copy
import random
from urllib.parse import quote

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.app.events import Button, Pressed
from game.app.keys import CHALLENGE_KEY, SAVE_KEY
from game.app.state import Screen
from game.core import links
from game.core.cards import Seat
from game.core.engine import new_match
from game.core.links import LinkError, LinkKind, Why
from game.core.variants import ruleset
from game.records import challenge
from tests.helpers.app import kinds, notice, of, send, start, stores
from tests.helpers.matches import random_turns, sign, unpack
from tests.helpers.scenes import rolled


def _base(match, kind: LinkKind = LinkKind.MATCH, seat_marks: tuple[str, ...] = ()) -> dict:
    return unpack(links.write(match, kind, undo=False, pass_phone=True, seat_marks=seat_marks))


BASES = (
    _base(
        random_turns(
            new_match(ruleset("yahtzee", joker="free"), ["Ann", Seat.computer("C", "good")], 2, 8), random.Random(4), 9
        ),
        seat_marks=("AnnAnnBobBob", ""),  # the seats' marks (game.core.marks): checked by type too
    ),
    _base(random_turns(new_match("yatzy", ["Ann"], seed="daily"), random.Random(7), 15), LinkKind.CHALLENGE),
)


def _paths(value, prefix: tuple = ()):
    """The path to every value inside ``value`` (keys of objects, indexes of lists), outer ones first."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        yield (*prefix, key)
        yield from _paths(inner, (*prefix, key))


PLACES = [(index, path) for index, base in enumerate(BASES) for path in _paths(base)]

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(["", "match", "challenge", "good", "yacht", "\ud800", "A" * 3000]),
)
KEYS = st.sampled_from(["name", "options", "joker", "dice", "v", "k"]) | st.text(max_size=4)
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=8,
)


def _with(data: dict, path: tuple, value) -> dict:
    """``data`` with the value at ``path`` replaced by ``value``."""
    data = copy.deepcopy(data)
    inner = data
    for step in path[:-1]:
        inner = inner[step]
    inner[path[-1]] = value
    return data


@settings(max_examples=400, deadline=None)
@given(place=st.sampled_from(PLACES), junk=JUNK)
@example(place=(0, ("k",)), junk=[])  # the first one found: a list where the kind's text belongs (unhashable)
@example(place=(0, ("s", 1, 1)), junk={})
@example(place=(0, ("r", "options")), junk={"joker": []})
def test_a_resigned_link_with_a_value_of_any_type_anywhere_is_refused_only_with_a_link_error(place, junk):
    index, path = place
    text = sign(_with(BASES[index], path, junk))
    try:
        link = links.read(text)
    except LinkError as error:
        assert error.text()  # every refusal has words
    else:
        assert isinstance(link, links.Link)  # a value of the right type after all (another name, say): a link


@pytest.mark.parametrize("key", sorted(links._KEYS))
@pytest.mark.parametrize("junk", [[], {}, None, True, 1.5, -1, [[]], {"name": []}])
def test_each_key_of_the_wrong_type_is_damaged(key, junk):
    for base in BASES:
        with pytest.raises(LinkError) as info:
            links.read(sign({**base, key: junk}))
        assert info.value.why in (Why.DAMAGED, Why.ILLEGAL, Why.FUTURE)


def test_what_deep_code_still_cannot_take_is_a_damaged_link(monkeypatch):
    def broken(*_):
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(links, "_replay", broken)
    with pytest.raises(LinkError) as info:
        links.read(sign(BASES[0]))
    assert info.value.why is Why.DAMAGED


# ----------------------------------------------------------------------------- the start, through update only

UNUSABLE = links.LinkError("", Why.DAMAGED).text()
WRONG = [("k", []), ("s", [["Ann", []]]), ("r", {"name": "yatzy", "options": {"joker": []}}), ("m", 7), ("e", [1])]


@pytest.mark.parametrize("base", [0, 1], ids=["match", "challenge"])
@pytest.mark.parametrize(("key", "junk"), WRONG, ids=[key for key, _ in WRONG])
def test_a_resigned_link_of_the_wrong_type_starts_the_game_as_without_a_link(base, key, junk):
    saved = rolled()
    param = BASES[base]["k"]
    app, effects = start(f"{param}={quote(sign({**BASES[base], key: junk}))}", match=saved)
    assert kinds(effects)[-1] == "ready" and () in of(effects, "dropQuery")  # a reload never repeats it
    assert notice(effects) == UNUSABLE
    assert app.screen.kind is Screen.PLAY and app.session.match == saved.match
    assert all(value == saved.to_json() for value in stores(effects, SAVE_KEY))  # the save untouched
    app, effects = send(app, Pressed(Button.ROLL))
    assert app.session.match.rolls == 2 and stores(effects, SAVE_KEY)  # playable: the Roll is answered


def test_whatever_fails_while_taking_a_link_starts_the_game_as_without_one(monkeypatch):
    """The last resort of the start: not even a bug deep in reading or opening a link stops it."""
    saved = rolled()
    text = links.write(random_turns(new_match("yacht", ["Bob"], seed=3), random.Random(1), 2))

    def broken(*_):
        raise RecursionError("too deep")

    for name in ("read", "relation"):
        with monkeypatch.context() as patch:
            patch.setattr(links, name, broken)
            app, effects = start(f"match={quote(text)}", match=saved)
        assert kinds(effects)[-1] == "ready" and () in of(effects, "dropQuery") and notice(effects) == UNUSABLE
        assert app.screen.kind is Screen.PLAY and app.session.match == saved.match
        assert all(value == saved.to_json() for value in stores(effects, SAVE_KEY))
        assert send(app, Pressed(Button.ROLL))[0].session.match.rolls == 2


@pytest.mark.parametrize(("key", "junk"), WRONG, ids=[key for key, _ in WRONG])
def test_a_resigned_stored_challenge_of_the_wrong_type_does_not_stop_the_start(key, junk):
    saved = rolled()
    app, effects = start(match=saved, stored={CHALLENGE_KEY: sign({**BASES[1], key: junk})})
    assert kinds(effects)[-1] == "ready" and app.kept.challenge is None
    assert app.screen.kind is Screen.PLAY and app.session.match == saved.match
    assert all(value == saved.to_json() for value in stores(effects, SAVE_KEY))
    assert send(app, Pressed(Button.ROLL))[0].session.match.rolls == 2


def test_a_stored_challenge_that_fails_deeper_does_not_stop_the_start(monkeypatch):
    monkeypatch.setattr(challenge, "playable", lambda match: {}[match])  # a KeyError (a bug) past reading
    saved = rolled()
    app, effects = start(match=saved, stored={CHALLENGE_KEY: sign(BASES[1])})
    assert kinds(effects)[-1] == "ready" and app.kept.challenge is None and app.session.match == saved.match
