"""The packed Python snapshot: zero pages dropped, everything else kept byte for byte."""

from __future__ import annotations

import doctest
import gzip

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools import snapshot

PAGE = snapshot.PAGE


def test_doctests():
    assert doctest.testmod(snapshot).failed == 0


@given(
    st.lists(st.tuples(st.integers(0, 40), st.binary(min_size=1, max_size=300)), max_size=8), st.integers(0, PAGE * 3)
)
def test_pack_then_unpack_gives_the_memory_back(pieces, tail):
    memory = bytearray(PAGE * 40 + tail)
    for page, data in pieces:
        memory[page * PAGE : page * PAGE + len(data)] = data
    assert snapshot.unpack(snapshot.pack(bytes(memory))) == bytes(memory)


def test_zero_pages_are_not_stored():
    memory = bytes(PAGE * 1000) + b"\x01" * PAGE + bytes(PAGE * 1000)
    raw = gzip.decompress(snapshot.pack(memory))
    assert len(raw) == 16 + 8 + PAGE  # header, one run, one page


@pytest.mark.parametrize(
    "packed, reason",
    [
        (b"plain text", "no gzip header"),
        (b"", "wrong magic number"),
        (gzip.compress(b"YSNAP\x00\x02\x00" + bytes(8), mtime=0), "wrong magic number"),
        (
            gzip.compress(snapshot.MAGIC + (8).to_bytes(4, "little") + bytes(4) + b"extra", mtime=0),
            "after its last run",
        ),
    ],
    # Named ids: xdist's workers must collect the same names, and raw bytes make poor ones.
    ids=["plain text", "empty", "old magic", "bytes after the last run"],
)
def test_a_damaged_snapshot_is_refused_with_a_reason(packed, reason):
    with pytest.raises(snapshot.SnapshotError, match=reason):
        snapshot.unpack(packed)
