"""No link can stop the game: a re-signed link (its checksum has no secret) holding a value of any wrong type
anywhere is refused with a LinkError, never another exception (issue 45, item 5)."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.core import links
from game.core.cards import Seat
from game.core.engine import new_match
from game.core.links import LinkError, LinkKind, Why
from game.core.variants import ruleset
from tests.unit.test_links import play, sign, unpack


def _base(match, kind: LinkKind = LinkKind.MATCH) -> dict:
    return unpack(links.write(match, kind, undo=False, pass_phone=True))


BASES = (
    _base(
        play(
            new_match(ruleset("yahtzee", joker="free"), ["Ann", Seat.computer("C", "good")], 2, 8), random.Random(4), 9
        )
    ),
    _base(play(new_match("yatzy", ["Ann"], seed="daily"), random.Random(7), 15), LinkKind.CHALLENGE),
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
