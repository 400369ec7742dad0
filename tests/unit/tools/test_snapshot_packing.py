"""The packed Python snapshot: zero pages and those the module's initial memory holds dropped, everything else kept byte for byte."""

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


# The module's initial memory, as a test's stand-in: no page of it is zero.
INITIAL = bytes((index * 7 + 3) % 251 + 1 for index in range(PAGE * 24))


@given(
    st.lists(st.tuples(st.integers(0, 40), st.binary(min_size=1, max_size=300)), max_size=8),
    st.integers(0, PAGE * 3),
    st.integers(0, PAGE // 16).map(lambda n: n * 16),
    st.lists(st.tuples(st.integers(0, PAGE * 20), st.integers(1, PAGE * 4)), max_size=4),
)
def test_pack_then_unpack_with_initial_memory_gives_the_memory_back(pieces, tail, base, copied):
    """Stretches of the memory that read as the initial memory does at their heap address (offset
    less the heap's start) are left to it, whole pages or not; the rest comes back byte for byte."""
    memory = bytearray(PAGE * 40 + tail)
    for address, length in copied:
        memory[base + address : base + address + length] = INITIAL[address : address + length]
    for page, data in pieces:
        memory[page * PAGE : page * PAGE + len(data)] = data
    memory = bytes(memory[: PAGE * 40 + tail])
    assert snapshot.unpack(snapshot.pack(memory, INITIAL, base), INITIAL) == memory
    assert snapshot.unpack(snapshot.layout(memory, INITIAL, base), INITIAL) == memory


def test_zero_pages_are_not_stored():
    memory = bytes(PAGE * 1000) + b"\x01" * PAGE + bytes(PAGE * 1000)
    raw = gzip.decompress(snapshot.pack(memory))
    assert len(raw) == snapshot.HEADER.size + snapshot.RUN.size + PAGE  # header, one run, one page


def test_pages_as_the_initial_memory_has_them_carry_no_bytes_and_changed_ones_their_changes():
    base = 128
    changed = bytearray(INITIAL[PAGE * 20 - base : PAGE * 21 - base])
    changed[100:104] = b"\x00\x01\x02\x03"
    memory = (
        bytes(base)
        + INITIAL[: PAGE * 20 - base]
        + changed
        + INITIAL[PAGE * 21 - base : PAGE * 22 - base]
        + bytes(PAGE * 3)
        + b"\x03" * PAGE  # past the initial memory's end
    )
    raw = snapshot.layout(memory, INITIAL, base)
    runs = [snapshot.RUN.unpack_from(raw, snapshot.HEADER.size + snapshot.RUN.size * i) for i in range(5)]
    # The first page holds the heap's start and what comes before it: never left to the initial memory.
    # The DELTA runs come last (the most compressible bytes: see tools/snapshot.py's layout).
    assert runs == [
        (0, PAGE, snapshot.CARRIED),
        (PAGE, PAGE * 19, snapshot.INITIAL),
        (PAGE * 21, PAGE, snapshot.INITIAL),
        (PAGE * 25, PAGE, snapshot.CARRIED),
        (PAGE * 20, PAGE, snapshot.DELTA),
    ]
    body = raw[snapshot.HEADER.size + 5 * snapshot.RUN.size :]
    assert len(body) == 3 * PAGE and body[PAGE : 2 * PAGE] == b"\x03" * PAGE
    delta = body[2 * PAGE :]
    assert delta.count(0) == PAGE - 4 and delta[100:104] != b"\x00\x01\x02\x03"  # only the changed bytes
    assert snapshot.unpack(raw, INITIAL) == memory


def packed(total, runs, body=b"", base=0, magic=snapshot.MAGIC, count=None):
    """A packed snapshot made by hand: header, runs, bytes (``count``: the runs the header claims)."""
    table = b"".join(snapshot.RUN.pack(*run) for run in runs)
    header = snapshot.HEADER.pack(magic, total, len(runs) if count is None else count, base)
    return gzip.compress(header + table + body, mtime=0)


@pytest.mark.parametrize(
    "packed, reason",
    [
        (b"plain text", "no gzip header"),
        (b"", "wrong magic number"),
        (packed(8, [], magic=b"YSNAP\x00\x01\x00"), "wrong magic number"),
        (gzip.compress(snapshot.MAGIC + bytes(4), mtime=0), "cut short in its header"),
        (packed(8, [(0, 4, snapshot.CARRIED)], b"1234", count=3), "cut short in its runs"),
        (packed(8, [(0, 8, snapshot.CARRIED)], b"1234"), "cut short in its bytes"),
        (packed(8, [], b"extra"), "after its last run"),
        (packed(8, [(4, 8, snapshot.CARRIED)], bytes(8)), "outside its memory"),
        (packed(PAGE * 2, [(0, PAGE, snapshot.INITIAL)], base=128), "lies before the heap"),
        (packed(PAGE * 2, [(0, PAGE, snapshot.DELTA)], bytes(PAGE), base=128), "lies before the heap"),
        (packed(PAGE * 30, [(PAGE * 25, PAGE, snapshot.INITIAL)]), "initial memory lies outside it"),
        (packed(8, [(0, 8, 7)]), "unknown source"),
    ],
    # Named ids: xdist's workers must collect the same names, and raw bytes make poor ones.
    ids=[
        "plain text",
        "empty",
        "old version",
        "short header",
        "short runs",
        "short bytes",
        "bytes after the last run",
        "run outside the memory",
        "initial run before the heap",
        "delta run before the heap",
        "initial run past the initial memory",
        "unknown source",
    ],
)
def test_a_damaged_snapshot_is_refused_with_a_reason(packed, reason):
    with pytest.raises(snapshot.SnapshotError, match=reason):
        snapshot.unpack(packed, INITIAL)


def test_the_heap_start_is_read_from_pyodides_header():
    with pytest.raises(snapshot.SnapshotError, match="not a Pyodide memory snapshot"):
        snapshot.heap_start(bytes(4) + (1 << 20).to_bytes(4, "little") + bytes(100))
