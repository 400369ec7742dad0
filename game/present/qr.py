"""A QR code of a text, drawn as SVG: the game's own small encoder, in plain Python.

It follows ISO/IEC 18004 (QR Code, model 2) in its simplest useful form: one byte-mode segment
of the text's UTF-8, error correction level L by default (M, Q and H on request), the smallest
version 1–40 that holds the text, Reed–Solomon codewords interleaved by block, the data mask of
the eight whose penalty (the standard's rules N1–N4) is lowest, and the format and version
information. It is here so that a challenge link can be shown to a phone in the same room; the
game imports it only when a QR code is asked for (tests/unit/present/test_qr.py checks it module for
module against segno and decodes it with zbar).

>>> code = encode("https://example.org/")
>>> code.version, code.size, code.ecc
(2, 25, <Ecc.L: 1>)
>>> svg("hi", "A QR code").startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"')
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from html import escape

__all__ = ["Ecc", "Code", "encode", "svg", "capacity", "blocks", "alignment"]


class Ecc(Enum):
    """An error correction level: how much of the symbol may be lost (about 7, 15, 25, 30 %).

    The value is the level's two bits in the format information (the standard's order).

    >>> Ecc.M.value
    0
    """

    L = 1
    M = 0
    Q = 3
    H = 2


@dataclass(frozen=True)
class Code:
    """A QR code: its version, level, mask and modules (rows of columns, True dark), without quiet zone.

    >>> encode("A").modules[0][:8]
    (True, True, True, True, True, True, True, False)
    """

    version: int
    ecc: Ecc
    mask: int
    modules: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        """Modules on a side: 17 + 4 × version.

        >>> encode("A", version=7).size
        45
        """
        return len(self.modules)


# ISO/IEC 18004 Table 9, by version 1–40: error correction codewords per block, and blocks.
# (Strings, so that each level stays one line; read once at import, a few hundred numbers.)
_EC_PER_BLOCK_ROWS = {
    Ecc.L: "7 10 15 20 26 18 20 24 30 18 20 24 26 30 22 24 28 30 28 28 28 28 30 30 26 28 30 30 30 30 30 30 30 30 30 30 30 30 30 30",
    Ecc.M: "10 16 26 18 24 16 18 22 22 26 30 22 22 24 24 28 28 26 26 26 26 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28 28",
    Ecc.Q: "13 22 18 26 18 24 18 22 20 24 28 26 24 20 30 24 28 28 26 30 28 30 30 30 30 28 30 30 30 30 30 30 30 30 30 30 30 30 30 30",
    Ecc.H: "17 28 22 16 22 28 26 26 24 28 24 28 22 24 24 30 28 28 26 28 30 24 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30",
}
_BLOCKS_ROWS = {
    Ecc.L: "1 1 1 1 1 2 2 2 2 4 4 4 4 4 6 6 6 6 7 8 8 9 9 10 12 12 12 13 14 15 16 17 18 19 19 20 21 22 24 25",
    Ecc.M: "1 1 1 2 2 4 4 4 5 5 5 8 9 9 10 10 11 13 14 16 17 17 18 20 21 23 25 26 28 29 31 33 35 37 38 40 43 45 47 49",
    Ecc.Q: "1 1 2 2 4 4 6 6 8 8 8 10 12 16 12 17 16 18 21 20 23 23 25 27 29 34 34 35 38 40 43 45 48 51 53 56 59 62 65 68",
    Ecc.H: "1 1 2 4 4 4 5 6 8 8 11 11 16 16 18 16 19 21 25 25 25 34 30 32 35 37 40 42 45 48 51 54 57 60 63 66 70 74 77 81",
}
_EC_PER_BLOCK = {ecc: tuple(map(int, row.split())) for ecc, row in _EC_PER_BLOCK_ROWS.items()}
_BLOCKS = {ecc: tuple(map(int, row.split())) for ecc, row in _BLOCKS_ROWS.items()}

# GF(256) with the standard's polynomial x^8 + x^4 + x^3 + x^2 + 1, as exponent and log tables.
_EXP = [0] * 510
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _EXP[_i + 255] = _x
    _LOG[_x] = _i
    _x = (_x << 1) ^ (0x11D if _x & 0x80 else 0)
del _x, _i


def alignment(version: int) -> tuple[int, ...]:
    """The rows (and columns) of the alignment patterns' centres (Annex E), spaced evenly from the end.

    >>> alignment(1), alignment(7), alignment(32)
    ((), (6, 22, 38), (6, 34, 60, 86, 112, 138))
    """
    if version == 1:
        return ()
    count = version // 7 + 2
    # the standard's spacing, even, as equal as can be: the first gap takes what is left over
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    last = 10 + 4 * version
    return (6,) + tuple(last - step * i for i in range(count - 2, -1, -1))


def blocks(version: int, ecc: Ecc) -> tuple[tuple[int, int], ...]:
    """The Reed–Solomon blocks: (data codewords, error correction codewords) of each, in order.

    >>> blocks(5, Ecc.Q)
    ((15, 18), (15, 18), (16, 18), (16, 18))
    """
    count, ec = _BLOCKS[ecc][version - 1], _EC_PER_BLOCK[ecc][version - 1]
    # the modules left for data (the symbol less finders, timing, alignment, format and version areas),
    # in closed form; the 0-7 beyond whole codewords are remainder bits
    raw = (16 * version + 128) * version + 64
    if version > 1:
        aligns = version // 7 + 2
        raw -= (25 * aligns - 10) * aligns - 55 + (36 if version >= 7 else 0)
    total = raw // 8
    short = total // count - ec  # the later blocks hold one data codeword more
    return tuple((short + (i >= count - total % count), ec) for i in range(count))


def capacity(version: int, ecc: Ecc = Ecc.L) -> int:
    """How many bytes of UTF-8 a symbol of this version and level holds in byte mode.

    >>> capacity(1), capacity(40), capacity(40, Ecc.M)
    (17, 2953, 2331)
    """
    bits = 8 * sum(data for data, _ in blocks(version, ecc))
    return (bits - 4 - (8 if version < 10 else 16)) // 8


def encode(text: str, ecc: Ecc = Ecc.L, *, version: int | None = None, mask: int | None = None) -> Code:
    """The QR code of ``text`` at level ``ecc``: the smallest version and the best mask unless given.

    Raises ValueError where the text does not fit (version 40 at level L holds 2,953 bytes), or for a mask not 0–7.

    >>> code = encode("Ünïcödé", Ecc.M)
    >>> code.version, code.ecc.name, 0 <= code.mask < 8
    (1, 'M', True)
    """
    data = text.encode("utf-8")
    fits = [v for v in range(1, 41) if len(data) <= capacity(v, ecc)]
    if not fits or (version is not None and version not in fits):
        raise ValueError(f"{len(data)} bytes do not fit a QR code of version {version or 40} at level {ecc.name}")
    if mask not in (None, *range(8)):
        raise ValueError(f"no mask {mask}: the masks are 0 to 7")
    version = version or fits[0]
    grid = _frame(version)
    free = [[cell is None for cell in row] for row in grid]
    _place(grid, _codewords(data, version, ecc))
    size = len(grid)
    rows, region = [int(_bits(row), 2) for row in grid], [int(_bits(row), 2) for row in free]
    masks = range(8) if mask is None else (mask,)
    # the standard scores each mask with format and version information still light (as segno does)
    masked = {m: _masked(rows, region, m, size) for m in masks}
    best = min(masks, key=lambda m: _penalty(masked[m], size))
    final = [[bool(row >> (size - 1 - c) & 1) for c in range(size)] for row in masked[best]]
    _information(final, version, ecc, best)
    return Code(version, ecc, best, tuple(map(tuple, final)))


def svg(text: str, label: str, ecc: Ecc = Ecc.L) -> str:
    """The QR code of ``text`` as an SVG to inline: one path of dark modules on white, a quiet zone of 4.

    ``label`` is its accessible name, given by the caller so that it is translated.

    >>> picture = svg("hi", 'Scan "me"')
    >>> 'role="img" aria-label="Scan &quot;me&quot;"' in picture, picture.count("<path")
    (True, 1)
    """
    code = encode(text, ecc)
    side = code.size + 8
    steps = []
    for y, row in enumerate(code.modules):
        x = None  # where the pen is on this row (a stroke 1 wide along y + 0.5 fills the modules)
        for start, dark in ((m.start(), m.end() - m.start()) for m in re.finditer("1+", _bits(row))):
            steps.append(f"M{start + 4} {y + 4.5}h{dark}" if x is None else f"m{start - x} 0h{dark}")
            x = start + dark
    # the white square under the path keeps the quiet zone and light modules light on a dark page;
    # no width or height, so the page's CSS sizes it
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" role="img"'
        f' aria-label="{escape(label)}" shape-rendering="crispEdges">'
        f'<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path stroke="#000" d="{"".join(steps)}"/></svg>'
    )


def _bits(row: list[bool] | list[bool | None] | tuple[bool, ...]) -> str:
    """A row as a string of 1s (dark) and 0s (light or not yet filled)."""
    return "".join("1" if dark else "0" for dark in row)


def _codewords(data: bytes, version: int, ecc: Ecc) -> bytes:
    """The final sequence: byte-mode data padded to capacity, split into blocks, interleaved with their EC."""
    layout = blocks(version, ecc)
    room = 8 * sum(n for n, _ in layout)
    bits = "0100" + format(len(data), "016b" if version >= 10 else "08b") + "".join(f"{b:08b}" for b in data)
    bits += "0" * min(4, room - len(bits))  # the terminator, cut short where the symbol is full
    bits += "0" * (-len(bits) % 8)
    stream = bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits), 8))
    stream += bytes((0xEC, 0x11) * (room // 16 + 1))[: room // 8 - len(stream)]
    chunks, at = [], 0
    for n, _ in layout:
        chunks.append(stream[at : at + n])
        at += n
    checks = [_reed_solomon(chunk, ec) for chunk, (_, ec) in zip(chunks, layout)]
    # interleave: the i-th codeword of every block in turn, data first, then error correction
    out = bytearray()
    for group in (chunks, checks):
        for i in range(max(map(len, group))):
            out.extend(block[i] for block in group if i < len(block))
    return bytes(out)


def _reed_solomon(data: bytes, degree: int) -> bytes:
    """The remainder of data·x^degree divided by the generator (x - α^0)…(x - α^(degree-1))."""
    generator = [1]
    for i in range(degree):
        product = generator + [0]
        for j, coefficient in enumerate(generator):
            product[j + 1] ^= _EXP[_LOG[coefficient] + i] if coefficient else 0
        generator = product
    logs = [_LOG[g] for g in generator[1:]]  # none is zero for degrees 1–30 (tests/unit/present/test_qr.py)
    remainder = [0] * degree
    for byte in data:
        factor = byte ^ remainder.pop(0)
        remainder.append(0)
        if factor:
            f = _LOG[factor]
            for j, g in enumerate(logs):
                remainder[j] ^= _EXP[f + g]
    return bytes(remainder)


def _frame(version: int) -> list[list[bool | None]]:
    """The function patterns; format and version areas reserved light; None where data goes."""
    size = 17 + 4 * version
    grid: list[list[bool | None]] = [[None] * size for _ in range(size)]

    def put(r: int, c: int, dark: bool) -> None:
        if 0 <= r < size and 0 <= c < size:
            grid[r][c] = dark

    for top, left in ((0, 0), (0, size - 7), (size - 7, 0)):
        for dr in range(-1, 8):  # the finder with its light separator, rings by distance from the centre
            for dc in range(-1, 8):
                put(top + dr, left + dc, max(abs(dr - 3), abs(dc - 3)) not in (2, 4))
    centres = alignment(version)
    for r in centres:
        for c in centres:
            if grid[r][c] is None:  # those on a finder are left out
                for dr in range(-2, 3):
                    for dc in range(-2, 3):
                        put(r + dr, c + dc, max(abs(dr), abs(dc)) != 1)
    for i in range(size):
        for r, c in ((6, i), (i, 6)):
            if grid[r][c] is None:
                grid[r][c] = i % 2 == 0
    for i in [*range(9), *range(size - 8, size)]:
        for r, c in ((8, i), (i, 8)):
            if grid[r][c] is None:
                grid[r][c] = False
    if version >= 7:
        for i in range(6):
            for j in range(size - 11, size - 8):
                grid[i][j] = grid[j][i] = False
    return grid


def _place(grid: list[list[bool | None]], codewords: bytes) -> None:
    """Fill the free modules two columns at a time, up and down from the right; remainder bits light."""
    bits = "".join(f"{b:08b}" for b in codewords)
    size, i = len(grid), 0
    for right in range(size - 1, 0, -2):
        if right <= 6:  # the vertical timing pattern is skipped whole
            right -= 1
        upward = (right + 1) & 2 == 0
        for step in range(size):
            r = size - 1 - step if upward else step
            for c in (right, right - 1):
                if grid[r][c] is None:
                    grid[r][c] = i < len(bits) and bits[i] == "1"
                    i += 1


# Each mask depends on the row only through its remainder modulo 12, so a mask's rows are made once.
_MASKS = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: r * c % 2 + r * c % 3 == 0,
    lambda r, c: (r * c % 2 + r * c % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + r * c % 3) % 2 == 0,
)


def _masked(rows: list[int], region: list[int], mask: int, size: int) -> list[int]:
    """Rows as integers (column 0 the highest bit), the data region flipped where the mask is dark."""
    pattern = [int("".join("1" if _MASKS[mask](r, c) else "0" for c in range(size)), 2) for r in range(12)]
    return [row ^ (pattern[r % 12] & region[r]) for r, row in enumerate(rows)]


def _penalty(rows: list[int], size: int) -> int:
    """The standard's score: runs of 5+ (N1), 2×2 blocks (N2), finder-like 1:1:3:1:1 (N3), balance (N4)."""
    lines = [format(row, f"0{size}b") for row in rows]
    lines += ["".join(column) for column in zip(*lines)]
    score = sum(len(run.group()) - 2 for line in lines for run in re.finditer("0{5,}|1{5,}", line))
    edge = (1 << (size - 1)) - 1
    for a, b in zip(rows, rows[1:]):
        score += 3 * (~(a ^ b) & ~(a ^ a >> 1) & ~(b ^ b >> 1) & edge).bit_count()
    for line in lines:
        padded = f"0000{line}0000"  # beyond the symbol is the light quiet zone
        at = padded.find("1011101")
        while at != -1:
            if padded[at - 4 : at] == "0000" or padded[at + 7 : at + 11] == "0000":
                score += 40
                at = padded.find("1011101", at + 7)
            else:  # the next one can begin at the third dark run at the earliest
                at = padded.find("1011101", at + 4)
    dark = sum(row.bit_count() for row in rows)
    return score + 10 * (abs(100 * dark - 50 * size * size) // (5 * size * size))


def _bch(value: int, generator: int) -> int:
    """``value`` followed by its BCH check bits: the remainder of value·x^k by the generator of degree k."""
    degree = generator.bit_length() - 1
    remainder = value << degree
    while remainder.bit_length() > degree:
        remainder ^= generator << (remainder.bit_length() - 1 - degree)
    return value << degree | remainder


def _information(grid: list[list[bool]], version: int, ecc: Ecc, mask: int) -> None:
    """Draw the format information twice (bit 0 nearest the corner's edge), the dark module, the version information."""
    size = len(grid)
    bits = _bch(ecc.value << 3 | mask, 0x537) ^ 0x5412  # masked so that it is never all light
    around = [(r, 8) for r in (0, 1, 2, 3, 4, 5, 7, 8)] + [(8, c) for c in (7, 5, 4, 3, 2, 1, 0)]
    apart = [(8, size - 1 - i) for i in range(8)] + [(size - 7 + i, 8) for i in range(7)]
    for i, ((r1, c1), (r2, c2)) in enumerate(zip(around, apart)):
        grid[r1][c1] = grid[r2][c2] = bool(bits >> i & 1)
    grid[size - 8][8] = True
    if version >= 7:
        bits = _bch(version, 0x1F25)
        for i in range(18):
            grid[i // 3][size - 11 + i % 3] = grid[size - 11 + i % 3][i // 3] = bool(bits >> i & 1)
