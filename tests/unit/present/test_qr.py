"""game.present.qr: module for module what segno makes, read back by zbar, and every link up to 2,000 characters fits.

segno (pinned in pyproject.toml's ``test`` extra) is the reference only; the game never imports it.
segno 1.6.6 writes a zero byte where the standard wants the first pad codeword when the data ends
on a byte boundary (heuer/segno#148, open); decoders ignore it, but it changes the codewords. So
texts that fill their version exactly are compared with segno as it is, and the others with segno
padding as ISO/IEC 18004 7.4.10 says (the one-line fix proposed in that issue).
"""

from __future__ import annotations

import ast
import base64
import random
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.present import qr
from game.present.qr import Ecc

segno = pytest.importorskip("segno", reason="segno, the reference, is in pyproject.toml's test extra")
# segno's parts are imported once importorskip has found it (without it the module is skipped)
from segno import consts as segno_consts  # noqa: E402
from segno import encoder as segno_encoder  # noqa: E402

LEVELS = {Ecc.L: segno_consts.ERROR_LEVEL_L, Ecc.M: segno_consts.ERROR_LEVEL_M}
LEVELS |= {Ecc.Q: segno_consts.ERROR_LEVEL_Q, Ecc.H: segno_consts.ERROR_LEVEL_H}
NAMES = "Åse, Zoë, Jürgen, Øyvind, Łucja, 山田太郎 🎲"
SITE = "https://someone.github.io/yacht/?challenge="


def link(length: int, seed: int = 33) -> str:
    """A challenge link of ``length`` characters: the address and base64url text."""
    value = base64.urlsafe_b64encode(random.Random(seed).randbytes(length)).decode().rstrip("=")
    return (SITE + value)[:length]


@pytest.fixture
def standard_padding(monkeypatch):
    """segno with its padding bits as the standard has them (heuer/segno#148)."""
    monkeypatch.setattr(
        segno_encoder, "write_padding_bits", lambda buff, version, length: buff.extend([0] * (-length % 8))
    )


def reference(text: str, ecc: Ecc = Ecc.L, version: int | None = None, mask: int | None = None):
    """segno's code of ``text`` in one byte-mode UTF-8 segment, as (version, mask, modules)."""
    code = segno.make(
        text, error=ecc.name, version=version, mask=mask, mode="byte", encoding="utf-8", boost_error=False, micro=False
    )
    return code.version, code.mask, tuple(tuple(bool(module) for module in row) for row in code.matrix)


def filling(version: int, ecc: Ecc) -> str:
    """A text (names and all) whose UTF-8 fills the version exactly: no pad codewords."""
    room = qr.capacity(version, ecc)
    text = (NAMES * 200).encode()[:room].decode(errors="ignore")
    return text + "x" * (room - len(text.encode()))


@pytest.mark.parametrize(
    "version, ecc, mask",
    [(1, Ecc.L, 0), (2, Ecc.M, 5), (7, Ecc.L, 3), (10, Ecc.M, 6), (15, Ecc.L, 1), (25, Ecc.L, 7), (40, Ecc.M, 2)],
)
def test_a_full_symbol_is_segnos_module_for_module(version, ecc, mask):
    text = filling(version, ecc)
    code = qr.encode(text, ecc, version=version, mask=mask)
    assert (code.version, code.mask, code.modules) == reference(text, ecc, version, mask)


@pytest.mark.parametrize(
    "text, version, ecc, mask",
    [
        ("hi", 1, Ecc.L, 0),
        ("hi", 1, Ecc.M, 4),
        (NAMES[:16], 2, Ecc.L, 2),
        (NAMES, 7, Ecc.L, 5),  # the first version with version information
        (NAMES, 7, Ecc.M, 6),
        (link(200), 10, Ecc.L, 7),  # the first with a 16-bit character count
        (link(300), 15, Ecc.M, 1),
        (link(700), 25, Ecc.L, 3),
        (link(700), 25, Ecc.M, 0),
    ],
)
def test_the_matrix_is_segnos_module_for_module(standard_padding, text, version, ecc, mask):
    code = qr.encode(text, ecc, version=version, mask=mask)
    assert (code.version, code.mask, code.modules) == reference(text, ecc, version, mask)


@pytest.mark.parametrize("text", ["A", "hi", NAMES, link(120), link(700), link(1500), "0" * 400])
@pytest.mark.parametrize("ecc", [Ecc.L, Ecc.M])
def test_the_version_and_mask_chosen_are_segnos(standard_padding, text, ecc):
    """The smallest version that fits, and the mask the standard's penalty rules choose."""
    code = qr.encode(text, ecc)
    assert (code.version, code.mask, code.modules) == reference(text, ecc)


def test_every_reed_solomon_degree_is_segnos(standard_padding):
    """Each error correction block length the tables use, at its smallest version (L to H)."""
    first = {}
    for version in range(1, 41):
        for ecc in Ecc:
            first.setdefault(qr.blocks(version, ecc)[0][1], (version, ecc))
    assert sorted(first) == [7, 10, 13, 15, 16, 17, 18, 20, 22, 24, 26, 28, 30]
    for version, ecc in first.values():
        code = qr.encode("yacht", ecc, version=version, mask=version % 8)
        assert code.modules == reference("yacht", ecc, version, version % 8)[2], (version, ecc)


def test_blocks_and_alignment_are_the_standards_tables():
    """Every version and level: the block structure and the alignment patterns, as segno tabulates them."""
    for version in range(1, 41):
        assert qr.alignment(version) == (segno_consts.ALIGNMENT_POS[version - 2] if version > 1 else ())
        for ecc, level in LEVELS.items():
            table = segno_consts.ECC[version][level]
            expected = tuple((b.num_data, b.num_total - b.num_data) for b in table for _ in range(b.num_blocks))
            assert qr.blocks(version, ecc) == expected, (version, ecc)


def png(code: qr.Code, scale: int = 4, quiet: int = 4) -> bytes:
    """The code as an 8-bit grey PNG, ``scale`` pixels a module, on a white quiet zone."""
    span = range(-quiet, code.size + quiet)
    lines = []
    for r in span:
        row = code.modules[r] if 0 <= r < code.size else ()
        pixels = b"".join((b"\0" if 0 <= c < len(row) and row[c] else b"\xff") * scale for c in span)
        lines += [b"\0" + pixels] * scale  # each scanline starts with its filter type, none

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    side = len(span) * scale
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(lines)))
        + chunk(b"IEND", b"")
    )


@pytest.mark.skipif(not shutil.which("zbarimg"), reason="zbarimg missing: apt-get install zbar-tools")
@pytest.mark.parametrize(
    "text, ecc, scale",
    [("Yacht!", Ecc.L, 8), (link(700), Ecc.L, 4), (link(700), Ecc.M, 4), (f"Challenge from {NAMES}", Ecc.L, 6)],
)
def test_zbar_reads_the_text_back(tmp_path, text, ecc, scale):
    picture = tmp_path / "code.png"
    picture.write_bytes(png(qr.encode(text, ecc), scale))
    read = subprocess.run(["zbarimg", "--raw", "-q", str(picture)], capture_output=True, check=True, timeout=60)
    assert read.stdout.decode("utf-8").removesuffix("\n") == text


def finder_ok(code: qr.Code, top: int, left: int) -> bool:
    """A 7×7 finder at (top, left) with its light separator where the symbol has one."""
    for r in range(top - 1, top + 8):
        for c in range(left - 1, left + 8):
            if 0 <= r < code.size and 0 <= c < code.size:
                ring = max(abs(r - top - 3), abs(c - left - 3))
                if code.modules[r][c] != (ring in (0, 1, 3)):
                    return False
    return True


@settings(max_examples=30, deadline=None)
@given(st.text(max_size=300), st.sampled_from([Ecc.L, Ecc.M]))
def test_any_text_gives_a_square_of_the_smallest_version_with_its_finders(text, ecc):
    code = qr.encode(text, ecc)
    size = 17 + 4 * code.version
    assert code.size == size and all(len(row) == size for row in code.modules)
    assert len(text.encode()) <= qr.capacity(code.version, ecc)
    assert code.version == 1 or len(text.encode()) > qr.capacity(code.version - 1, ecc)
    assert all(finder_ok(code, top, left) for top, left in ((0, 0), (0, size - 7), (size - 7, 0)))
    assert code.modules[size - 8][8]  # the dark module


def test_a_link_of_2000_characters_fits_version_33():
    """MAX_LINK_CHARS worth of address: version 33 at level L (version 40 holds 2,953 bytes)."""
    code = qr.encode(link(2000))
    assert code.version == 33 and code.size == 149
    assert qr.encode(link(2000), Ecc.M).version == 38


def test_too_long_a_text_is_refused():
    assert qr.encode("x" * 2953).version == 40
    with pytest.raises(ValueError):
        qr.encode("x" * 2954)
    with pytest.raises(ValueError):
        qr.encode("x" * 2332, Ecc.M)
    with pytest.raises(ValueError):
        qr.encode("x" * 18, version=1)
    with pytest.raises(ValueError):
        qr.encode("x", mask=8)


def drawn(picture: str) -> tuple[int, set[tuple[int, int]]]:
    """The side of the SVG's viewBox and the modules its one path paints (strokes 1 wide along y + 0.5)."""
    root = ET.fromstring(picture)
    side = int(root.get("viewBox").split()[3])
    (path,) = root.iter("{http://www.w3.org/2000/svg}path")
    dark, x, y = set(), 0.0, 0.0
    for kind, numbers in re.findall(r"([Mmh])([-\d. ]+)", path.get("d")):
        values = [float(n) for n in numbers.split()]
        if kind == "h":
            dark |= {(int(y), int(x) + i) for i in range(int(values[0]))}
            x += values[0]
        else:
            x, y = values if kind == "M" else (x + values[0], y + values[1])
    return side, dark


@pytest.mark.parametrize("text", ["hi", link(700)])
def test_the_svg_paints_the_dark_modules_in_a_quiet_zone_of_4(text):
    picture = qr.svg(text, 'QR code of "the link" <for a phone>')
    code = qr.encode(text)
    root = ET.fromstring(picture)  # well-formed XML, so it inlines in HTML as it is
    assert root.get("role") == "img" and root.get("aria-label") == 'QR code of "the link" <for a phone>'
    assert root.get("shape-rendering") == "crispEdges"
    assert [child.tag.split("}")[1] for child in root] == ["rect", "path"]
    side, dark = drawn(picture)
    assert side == code.size + 8
    expected = {(r + 4, c + 4) for r, row in enumerate(code.modules) for c, on in enumerate(row) if on}
    assert dark == expected


def test_the_module_imports_only_small_standard_modules():
    """Importing game.present.qr costs nothing much, and never segno."""
    tree = ast.parse((Path(qr.__file__)).read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert imported == {"__future__", "re", "dataclasses", "enum", "html"}
