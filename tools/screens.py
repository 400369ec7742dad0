"""Screenshots of the game in every theme, for people to look at (not a test: nothing is checked).

For each theme (light, dark, high contrast) at a phone's 360×800 and a desktop's 1280×900: the
setup screen, a two-person game after one roll with two dice held, the open Sound and look
panel, the pass-the-phone screen and a Yahtzee's celebration. Serves the built site (dist/: run ``python3 -m tools.build`` first) in headless Chromium.

    python3 -m tools.screens OUTDIR
    python3 -m tools.screens OUTDIR --themes contrast --sizes 360x800 --dice-style numbers
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tools import browser
from tools.serve import ROOT, serve_in_background

THEMES = ("light", "dark", "contrast")
SIZES = ("360x800", "1280x900")
GAME = "?rules=yahtzee&players=Ann,Bob&seed=2"
PASSING = "?rules=yacht&players=Ann,Bob&pass=1&seed=4"
SETTLED = "() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null))).then(() => true)"


def shoot(page, base_url: str, out: Path, stem: str, suffix: str = ".png") -> list[Path]:
    """The screens of one theme and size, as ``stem-setup.png``, ``stem-game.png``, ``stem-settings.png`` and so on
    (``.jpg`` with ``suffix``: the felt's smooth gradients make a desktop's PNG several hundred KB)."""
    shots = []

    def save(name: str, full_page: bool = True) -> None:
        page.evaluate(SETTLED)
        path = out / f"{stem}-{name}{suffix}"
        extra = {"quality": 82} if suffix == ".jpg" else {}
        page.screenshot(path=str(path), full_page=full_page, **extra)
        shots.append(path)

    page.goto(f"{base_url}/")
    page.wait_for_selector("html[data-ready='true']", timeout=60_000)
    save("setup")
    page.goto(f"{base_url}/{GAME}")
    page.wait_for_selector("html[data-ready='true']", timeout=60_000)
    page.locator("#roll-button").click()
    for die in (1, 3):
        page.locator(f"#dice button[data-die='{die}']").click()
    page.wait_for_selector("#dice button[aria-pressed='true'] >> nth=1")
    page.evaluate("window.scrollTo(0, 0)")
    save("game", full_page=False)  # the screen as a player sees it (the tray sticks to its foot on a phone)
    if page.locator("#menu-button").is_visible():  # on a phone the header's actions fold under Menu
        page.locator("#menu-button").click()
    page.locator("#settings summary").click()
    page.locator("#theme").wait_for()
    page.locator("#settings").scroll_into_view_if_needed()
    page.locator("#dice-style").focus()  # a focus ring in the picture too
    save("settings", full_page=False)
    page.evaluate("localStorage.removeItem('yacht-dice/match')")
    page.goto(f"{base_url}/{PASSING}")
    page.wait_for_selector("html[data-ready='true']", timeout=60_000)
    page.locator("#roll-button").click()
    page.locator("#scorecard button.choice").first.click()
    page.locator("#pass-start").wait_for()
    save("pass", full_page=False)
    page.evaluate("localStorage.removeItem('yacht-dice/match')")
    page.goto(f"{base_url}/?rules=yahtzee&players=Ann&seed={yahtzee_seed()}")
    page.wait_for_selector("html[data-ready='true']", timeout=60_000)
    page.locator("#roll-button").click()  # five alike: the moment comes with the roll, once its dice land
    page.locator("#cheer").wait_for()
    page.wait_for_timeout(1000)
    save("cheer", full_page=False)
    return shots


def yahtzee_seed() -> int:
    """A seed whose first roll is five of a kind, for the celebration's picture (a link's seed is typed: Draw.TYPED)."""
    from game.core.dice import Draw
    from game.core.engine import new_match

    return next(
        seed
        for seed in range(100_000)
        if len(set(new_match("yahtzee", ["Ann"], seed=seed, draw=Draw.TYPED).roll().dice)) == 1
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the PNG files (made if missing)")
    parser.add_argument("--themes", nargs="+", choices=THEMES, default=THEMES)
    parser.add_argument("--sizes", nargs="+", default=SIZES, help="WIDTHxHEIGHT (default: 360x800 1280x900)")
    parser.add_argument("--dice-style", choices=("pips", "numbers"), default="pips")
    parser.add_argument("--jpeg", action="store_true", help="JPEG files (smaller, for the README) instead of PNG")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site to serve (default dist/)")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"screens: no site in {args.site}: run `python3 -m tools.build` first", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    with served(args.site) as (chromium, base_url):
        for theme in args.themes:
            for size in args.sizes:
                width, height = (int(n) for n in size.split("x"))
                context = chromium.new_context(
                    viewport={"width": width, "height": height}, locale="en-US", service_workers="block"
                )
                context.add_init_script(
                    f"localStorage.setItem('yacht-dice/theme', '{theme}');"
                    f"localStorage.setItem('yacht-dice/dice-style', '{args.dice_style}');"
                )
                try:
                    for path in shoot(
                        context.new_page(),
                        base_url,
                        args.out,
                        f"{theme}-{width}" + ("-numbers" if args.dice_style == "numbers" else ""),
                        ".jpg" if args.jpeg else ".png",
                    ):
                        print(path)
                finally:
                    context.close()
    return 0


@contextmanager
def served(site: Path) -> Iterator[tuple[object, str]]:
    """The built ``site`` served on a free port, and a headless Chromium: (the browser, the site's address)."""
    from playwright.sync_api import sync_playwright

    server = serve_in_background(site, 0)
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(browser.ensure()), args=browser.launch_args())
            try:
                yield chromium, f"http://127.0.0.1:{server.server_address[1]}"
            finally:
                chromium.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    sys.exit(main())
