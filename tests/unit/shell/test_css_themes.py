"""The system's dark theme and the chosen dark theme are one set of colours (app.css writes it twice:
CSS cannot share a block between a media query and an attribute selector), so axe checks one of them."""

from __future__ import annotations

import re
from pathlib import Path

CSS = (Path(__file__).resolve().parents[3] / "static/css/app.css").read_text(encoding="utf-8")


def variables(block: str) -> dict[str, str]:
    return dict(re.findall(r"(--[\w-]+):\s*([^;]+);", block))


def test_the_system_dark_theme_has_the_dark_themes_colours():
    system = re.search(r"@media \(prefers-color-scheme: dark\) \{\s*:root[^{]*\{([^}]*)\}", CSS).group(1)
    chosen = re.search(r':root\[data-theme="dark"\] \{([^}]*)\}', CSS).group(1)
    assert variables(system) and variables(system) == variables(chosen)
