"""The fresh-eyes screenshots (issue 54): a phone (390×844, touch) and a desktop (1440×900), light and dark.

A reviewer who has not seen the code scores these (look, clarity, fun); nothing is checked here. Each match is
stored as a save before the page opens, so every run shows the same dice:

    1 the lobby, first visit       2 a roll against the computer     2a the computer's turn
    3 a second roll, dice held     3b its box written (its points on its cell and on the felt)
    4 a Yahtzee rolled (its moment)   5 the Yahtzee scored
    5b the upper bonus reached (its smaller moment)
    6 a solo game's end            7b a game against the computer won (Robin beaten: the next rival offered)
    6b the last turn against the computer, behind    7 a loss to the computer's end (the series 1–1)
    8 the lobby after those games

    python3 -m tools.review OUTDIR          (serves dist/: run ``python3 -m tools.build`` first)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from functools import cache
from pathlib import Path

from tools.screens import served
from tools.serve import ROOT

SIZES = {"phone": (390, 844), "desktop": (1440, 900)}
STILL = "() => document.getAnimations().every(a => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)"
READY = "html[data-ready='true']"
SAVE_KEY = "yacht-dice/match"


@cache
def _advisor():
    """The Yahtzee advice the computer plays by (built once)."""
    from game.coach.advisor import Advisor
    from game.core.variants import ruleset

    return Advisor(ruleset("yahtzee"))


def _bot(match):
    """``match`` after the next step of whoever is to move, played as the computer's Good level plays it."""
    from game.coach import advice
    from game.core.cards import Level

    return match.apply_all(advice.bot_step(_advisor(), match, Level.GOOD))


def _scores(match) -> bool:
    """Whether the next step of whoever is to move, as the computer's Good level plays, writes a box."""
    from game.coach import advice
    from game.core.actions import Score
    from game.core.cards import Level

    return any(isinstance(action, Score) for action in advice.bot_step(_advisor(), match, Level.GOOD))


def _played(match, boxes: int):
    """``match`` after each seat has filled ``boxes`` boxes."""
    while len(match.open_categories(len(match.players) - 1)) > 13 - boxes:
        match = _bot(match)
    return match


def _scored_best(match):
    """``match`` after its person's roll (seeded) and their best-scoring box, as the review clicks it."""
    rolled = match.roll()
    options = rolled.options()
    return rolled.score(max(options, key=options.get))


def _opponent():
    from game.core.cards import Level, Seat

    return Seat.computer("Robin", Level.GOOD)


@cache
def saves() -> dict[str, str]:
    """The stored matches: a game against Robin in its fifth round, one whose next roll is five alike, the last box
    of a solo game (235 to 260 points, a usual good game) and of a game against Robin that Robin wins by 20 or fewer."""
    from game.coach.session import Session
    from game.core.engine import new_match

    def save(match) -> str:
        return Session(match).to_json()

    out = {"mid": save(_played(new_match("yahtzee", ["You", _opponent()], seed=11), 4))}
    for seed in range(200, 20_000):
        match = _played(new_match("yahtzee", ["You", _opponent()], seed=seed), 6)
        if "yahtzee" in match.open_categories(0) and len(set(match.roll().dice)) == 1:
            out["yahtzee"] = save(match)
            break
    for seed in range(300, 2000):
        match = _played(new_match("yahtzee", ["You"], seed=seed), 12)
        if 235 <= _scored_best(match).game_totals()[0] <= 260:
            out["solo"] = save(match)
            break
    # not the solo game's seeds (a seat's dice are its seed's, whoever sits beside it): a game Robin wins by 20 or
    # fewer, and one the person wins (Robin beaten: the next rival offered)
    for key, seeds, margin in (("versus", range(2000, 4000), range(-20, 0)), ("won", range(6000, 8000), range(1, 41))):
        for seed in seeds:
            match = _played(new_match("yahtzee", ["You", _opponent()], seed=seed), 12)
            end = _scored_best(match)
            while not end.game_over:
                end = _bot(end)
            you, robin = end.game_totals()
            if you - robin in margin:
                out[key] = save(match)
                break
    for seed in range(4000, 6000):  # the upper bonus reached by the box a person's turn ends in
        match = _played(new_match("yahtzee", ["You", _opponent()], seed=seed), 5)
        while not match.game_over and not (match.player == 0 and _scores(match)):
            match = _bot(match)
        if not match.game_over and _bot(match).totals(0).upper_bonus and not match.totals(0).upper_bonus:
            out["bonus"] = save(match)
            out["bonus-box"] = match.ruleset.category(_bot(match).last_scored.category).name
            break
    return out


def _open(page, base_url: str, save: str | None) -> None:
    """Open the game with ``save`` as the match left on this phone (None: no match, the lobby)."""
    page.goto(f"{base_url}/static/icons/icon.svg")
    page.evaluate(
        "([key, save]) => save === null ? localStorage.removeItem(key) : localStorage.setItem(key, save)",
        [SAVE_KEY, save],
    )
    page.goto(f"{base_url}/")
    page.wait_for_selector(READY, timeout=60_000)


def _settle(page, extra_ms: int = 400) -> None:
    """Wait until the dice have landed (looping animations aside)."""
    page.wait_for_timeout(extra_ms)
    page.wait_for_function(STILL, timeout=10_000)


def _hold_most(page) -> None:
    """Hold the dice of the face rolled most (two or more of them), as a player would."""
    labels = page.locator("#dice button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    faces = [int(label.rsplit(" ", 1)[-1]) if label[-1].isdigit() else 0 for label in labels]
    face, count = Counter(faces).most_common(1)[0]
    for index, value in enumerate(faces):
        if value == face and count > 1:
            page.locator("#dice button").nth(index).click()


def _best_choice(page):
    """The open box that scores most now (the first of them on a tie), as the review clicks it."""
    boxes = page.locator("#scorecard button.choice")
    labels = boxes.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    points = [int(label.split(", ")[-1].split(" ")[0]) for label in labels]
    return boxes.nth(points.index(max(points)))


def shoot(page, base_url: str, out: Path, stem: str) -> None:
    """The nine screens of one device and theme, as ``stem-N-what.png``."""

    def save(name: str) -> None:
        page.screenshot(path=str(out / f"{stem}-{name}.png"))
        print(out / f"{stem}-{name}.png")

    stored = saves()
    _open(page, base_url, None)
    save("1-lobby")
    _open(page, base_url, stored["mid"])
    page.locator("#roll-button").click()
    _settle(page)
    save("2-roll")
    _hold_most(page)
    page.locator("#roll-button").click()
    _settle(page)
    save("3-second-roll")
    _best_choice(page).click()
    page.wait_for_timeout(450)  # the box written, its points on its cell and on the felt
    save("3b-box-written")
    _settle(page, 450)
    save("2a-computers-turn")
    _open(page, base_url, stored["yahtzee"])
    page.locator("#roll-button").click()
    page.wait_for_timeout(1300)  # landed, and the moment come in whole
    save("4-yahtzee-rolled")
    page.wait_for_timeout(2000)
    page.locator("#scorecard button.choice[aria-label^='Yahtzee,']").click()
    page.wait_for_timeout(800)  # its +50 on the felt, seen 1.4 s before the computer throws (game.app.waits.landed):
    save("5-yahtzee-scored")  # waiting for stillness caught Robin's turn instead (round 110: "the +50 never lands")
    _open(page, base_url, stored["bonus"])
    page.locator(f"#scorecard button.choice[aria-label^='{stored['bonus-box']},']").click()
    page.wait_for_timeout(700)
    save("5b-bonus-reached")
    # a session's games in turn: alone, then Robin beaten (the next rival offered), then a loss to Robin (1–1)
    for key, name in (("solo", "6-solo-ending"), ("won", "7b-win-vs-computer"), ("versus", "7-ending-vs-computer")):
        _open(page, base_url, stored[key])
        if key == "versus":
            _settle(page)
            save("6b-last-turn-vs-computer")
        page.locator("#roll-button").click()
        _settle(page)
        _best_choice(page).click()
        page.locator("#results").wait_for()
        _settle(page, 1500)
        page.evaluate("window.scrollTo(0, 0)")
        save(name)
    _open(page, base_url, None)
    save("8-lobby-again")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the PNG files (made if missing)")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built site to serve (default dist/)")
    parser.add_argument("--devices", nargs="+", choices=tuple(SIZES), default=tuple(SIZES))
    parser.add_argument("--themes", nargs="+", choices=("light", "dark"), default=("light", "dark"))
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"review: no site in {args.site}: run `python3 -m tools.build` first", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    print(json.dumps({key: len(text) for key, text in saves().items()}))
    with served(args.site) as (chromium, base_url):
        for device in args.devices:
            width, height = SIZES[device]
            for theme in args.themes:
                touch = device == "phone"
                context = chromium.new_context(
                    viewport={"width": width, "height": height},
                    locale="en-US",
                    service_workers="block",
                    has_touch=touch,
                    is_mobile=touch,
                )
                context.add_init_script(f"localStorage.setItem('yacht-dice/theme', '{theme}');")
                try:
                    shoot(context.new_page(), base_url, args.out, f"{device}-{theme}")
                finally:
                    context.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
