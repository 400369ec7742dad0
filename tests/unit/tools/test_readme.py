"""The README's How to play names every link parameter the game reads."""

from __future__ import annotations

import re
from pathlib import Path

from game.core import links
from game.records.choices import START_PARAMS

README = Path(__file__).resolve().parents[3] / "README.md"


def test_how_to_play_lists_every_link_parameter():
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## How to play") : text.index("\n## ", text.index("## How to play") + 1)]
    table = {name for row in re.findall(r"^\| (.+?) \|", section, re.M) for name in re.findall(r"`(\w+)`", row)}
    missing = [param for param in (*START_PARAMS, *links.PARAMS) if param not in table]
    assert not missing, f"README's How to play does not list: {missing}"
