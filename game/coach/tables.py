"""The advisor's table files: the turn-start values of one rule set, compact and checked.

Standard library only (the browser decodes tables; ``tools/build_tables.py`` encodes them).
A file is::

    MAGIC (8 bytes) | header length (uint32, little-endian) | header (JSON) | payload (zlib)

The header (keys sorted) records the format, the rule set's :func:`game.coach.model.fingerprint` and
rules checksum (:attr:`game.coach.model.Model.crc`: every roll's points and the joker rules on a sample
of cards), the layout (U, F, rows), ``scale_bits`` and the fresh card's ``expected`` value (repr
of a float). A reader refuses a table whose fingerprint, checksum or layout differs from its
model's (:class:`TableMismatchError`): tables must be rebuilt when the rules change how anything
scores. The payload is described at :func:`encode`.

>>> from game.coach.model import Model
>>> from game.core.variants import ruleset
>>> m = Model(ruleset("generalized", dice=2, sides=2, upper_bonus=False, yahtzee_bonus=False))
>>> values = [float(i) for i in range((m.full + 1) * m.F * m.U)]
>>> data = encode(m, values, values[0])
>>> data[:8], read_header(data)["rows"], Table(m, data).row(1, 0)
(b'YADVTB01', 511, [1.0])
"""

from __future__ import annotations

import array
import json
import struct
import sys
import zlib
from collections.abc import Sequence
from itertools import accumulate
from typing import Any

from game.coach.model import Model, fingerprint
from game.core.i18n import N_
from game.core.inputs import read_json
from game.core.refusals import GameError, SaveError

__all__ = ("MAGIC", "SCALE_BITS", "SPREAD_BITS", "Table", "TableMismatchError", "encode", "read_header", "spread_name")

MAGIC = b"YADVTB01"
FORMAT = 1
SCALE_BITS = 16  # values are stored as integers of 2**-16 points (float32-like precision)
SPREAD_BITS = 3  # a spread (standard deviation) table stores 1/8 points: plenty for a win chance
SPREAD = "sd"  # the header's quantity of a spread table (a value table has none)
ZLIB_LEVEL = 9
_LENGTH = struct.Struct("<I")
MAX_HEADER_BYTES = 64 * 1024  # far above our headers (their sizes: docs/advisor.md): anything larger is not a table


class TableMismatchError(GameError):
    """The table bytes were built for other rules (or are corrupt).

    >>> issubclass(TableMismatchError, ValueError), TableMismatchError("bad magic").text()
    (True, "The optimal player's table for these rules could not be read.")
    """

    # Translators: the optimal player's table (a file of numbers the page fetches) is damaged or made for other rules.
    words = N_("The optimal player's table for these rules could not be read.")


def _int32_planes(ints: Sequence[int]) -> bytes:
    """Little-endian int32s split into four byte planes, low bytes first."""
    raw = array.array("i", ints)
    if sys.byteorder == "big":
        raw.byteswap()
    data = raw.tobytes()
    return b"".join(data[i::4] for i in range(4))


def spread_name(name: str) -> str:
    """The spread table's file name beside a value table's.

    >>> spread_name("yahtzee.joker-free.bin")
    'yahtzee.joker-free.sd.bin'
    """
    return name.removesuffix(".bin") + f".{SPREAD}.bin"


def encode(m: Model, values: Sequence[float], expected: float, *, spread: bool = False) -> bytes:
    """The table file of the model's rule set: magic, header length, JSON header, zlib payload.

    ``values`` are dense, ``values[(mask * F + flag) * U + up]``. Each value is rounded to a
    multiple of 2**-SCALE_BITS. Rows (one filled set and flag) go in ``m.rows()`` order; only
    reachable capped subtotals are stored: first the zigzag differences of the rows' first
    values, then each row's differences between consecutive reachable subtotals. The int32
    stream is split into four byte planes (low bytes first), which zlib compresses well.

    >>> from game.core.variants import ruleset
    >>> m = Model(ruleset("generalized", dice=2, sides=2, upper_bonus=False, yahtzee_bonus=False))
    >>> data = encode(m, [0.5] * ((m.full + 1) * m.F * m.U), 0.5)
    >>> header = read_header(data)
    >>> header["scale_bits"], header["expected"], header["rules"]["dice"]
    (16, '0.5', 2)

    With ``spread`` the values are standard deviations of the points to come, stored in 1/8
    points (SPREAD_BITS) under the header's ``"quantity": "sd"``.
    """
    U = m.U
    bits = SPREAD_BITS if spread else SCALE_BITS
    scale = float(1 << bits)
    firsts: list[int] = []
    deltas: list[int] = []
    for mask, flag in m.rows():
        a = (mask * m.F + flag) * U
        q = [round(values[a + u] * scale) for u in m.ups(mask)]
        firsts.append(q[0])
        deltas.extend(y - x for x, y in zip(q, q[1:]))
    prev = 0
    zig = []
    for f in firsts:
        dlt = f - prev
        prev = f
        zig.append(dlt << 1 if dlt >= 0 else (-dlt << 1) - 1)
    meta = {
        "format": FORMAT,
        "rules": fingerprint(m.rs),
        "rules_crc": m.crc,
        "U": U,
        "F": m.F,
        "rows": len(firsts),
        "scale_bits": bits,
        "expected": repr(float(expected)),
    }
    if spread:
        meta["quantity"] = SPREAD
    header = json.dumps(meta, sort_keys=True).encode()
    payload = zlib.compress(_int32_planes(zig + deltas), ZLIB_LEVEL)
    return MAGIC + _LENGTH.pack(len(header)) + header + payload


def _split(data: bytes) -> tuple[dict[str, Any], int]:
    """The header and where the payload starts (TableMismatchError for anything else)."""
    if data[: len(MAGIC)] != MAGIC:
        raise TableMismatchError("not an advisor table (bad magic)")
    try:
        (hlen,) = _LENGTH.unpack_from(data, len(MAGIC))
        start = len(MAGIC) + _LENGTH.size
        meta = read_json(bytes(data[start : start + hlen]), "advisor table's header", limit=MAX_HEADER_BYTES)
    except (struct.error, ValueError, SaveError) as error:
        raise TableMismatchError(f"corrupt advisor table: {error}") from None
    if not isinstance(meta, dict):
        raise TableMismatchError("corrupt advisor table: the header is not an object")
    return meta, start + hlen


def read_header(data: bytes) -> dict[str, Any]:
    """The JSON header of table bytes (TableMismatchError when they are not a table).

    >>> read_header(b"nonsense")
    Traceback (most recent call last):
    ...
    game.coach.tables.TableMismatchError: not an advisor table (bad magic)
    """
    return _split(data)[0]


class Table:
    """Turn-start values decoded lazily, row by row, from the compressed table bytes.

    Checks the bytes against the model first (TableMismatchError), and that they hold the
    quantity asked for: expected points to come (``spread=False``) or their standard deviation.
    A :class:`game.coach.model.Values`.
    """

    exact = True

    def __init__(self, m: Model, data: bytes, *, spread: bool = False) -> None:
        data = bytes(data)
        meta, start = _split(data)
        try:
            raw = zlib.decompress(data[start:])
        except zlib.error as error:
            raise TableMismatchError(f"corrupt advisor table: {error}") from None
        want = fingerprint(m.rs)
        if meta.get("rules") != want:
            raise TableMismatchError(f"table built for {meta.get('rules')}, not for {want}")
        if meta.get("rules_crc") != m.crc:
            raise TableMismatchError(
                f"table for {m.rs!r} was built from other scoring or joker rules (checksum differs): "
                "rebuild it with tools/build_tables.py"
            )
        rows = m.rows()
        lengths = [len(m.ups(mask)) - 1 for mask, _ in rows]
        if meta.get("quantity") != (SPREAD if spread else None):
            raise TableMismatchError(
                f"table holds {meta.get('quantity', 'expected values')}, not {SPREAD if spread else 'expected values'}"
            )
        if (meta.get("U"), meta.get("F"), meta.get("rows")) != (m.U, m.F, len(rows)) or len(raw) != 4 * (
            len(rows) + sum(lengths)
        ):
            raise TableMismatchError("table layout does not match the rule set")
        self.meta = meta
        self.m = m
        self.expected = float(meta["expected"])
        self.scale = 2.0 ** -meta["scale_bits"]
        size = len(raw) // 4
        view = memoryview(raw)
        self.planes = [view[i * size : (i + 1) * size] for i in range(4)]
        zig = self._ints(0, len(rows))
        self.firsts = list(accumulate((z >> 1) ^ -(z & 1) for z in zig))
        self.offsets = list(accumulate(lengths, initial=len(rows)))
        self.where = {key: i for i, key in enumerate(rows)}
        self.cache: dict[tuple[int, int], list[float]] = {}
        self.zero = [0.0] * m.U

    def _ints(self, a: int, b: int) -> array.array:
        buf = bytearray(4 * (b - a))
        for i, plane in enumerate(self.planes):
            buf[i::4] = plane[a:b]
        ints = array.array("i")
        ints.frombytes(bytes(buf))
        if sys.byteorder == "big":
            ints.byteswap()
        return ints

    def row(self, mask: int, flag: int) -> list[float]:
        """Values of (mask, flag) for every capped upper subtotal (unreachable ones copy the one below)."""
        got = self.cache.get((mask, flag))
        if got is None:
            if mask == self.m.full:
                return self.zero
            r = self.where.get((mask, flag))
            if r is None:  # a flag the card cannot show (Yahtzee box still open)
                r = self.where[(mask, 0)]
            a = self.offsets[r]
            scale = self.scale
            vals = [q * scale for q in accumulate(self._ints(a, self.offsets[r + 1]), initial=self.firsts[r])]
            got = self.cache[(mask, flag)] = [vals[i] for i in self.m.posmap(mask)]
        return got
