"""Render the app icons (PNG) from the one committed SVG source, static/icons/icon.svg.

Uses the test browser (headless Chromium through Playwright), so run it after `make test`
has set up `.venv`. The PNGs are committed; rerun this when the SVG changes:

    .venv/bin/python tools/icons.py
"""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import browser

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
# (file, size, scale of the artwork inside the square: maskable icons keep a 10% safe margin each side)
OUTPUTS = (
    ("icon-192.png", 192, 1.0),
    ("icon-512.png", 512, 1.0),
    ("icon-maskable-512.png", 512, 0.8),
    ("apple-touch-icon.png", 180, 0.9),
)
BACKGROUND = "#0b6e4f"


def main() -> int:
    svg = (ICONS / "icon.svg").read_bytes()
    data = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(browser.ensure()), args=browser.launch_args())
        for name, size, scale in OUTPUTS:
            page = chromium.new_page(viewport={"width": size, "height": size})
            inner = round(size * scale)
            page.set_content(
                f"<body style='margin:0;background:{BACKGROUND};display:grid;place-items:center;"
                f"width:{size}px;height:{size}px'><img src='{data}' width='{inner}' height='{inner}'></body>"
            )
            page.screenshot(path=str(ICONS / name), omit_background=False)
            print(f"icons: wrote static/icons/{name} ({size}x{size})")
        chromium.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
