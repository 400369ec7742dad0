"""What the page shows, read from the elements ``tests.helpers.app.shown`` folds from the ``apply`` effects: an
element's words, the scorecard's cells and heads, the dice and their holds, the boxes offered, the status line."""

from __future__ import annotations

import html
import re

from game.present import paint

TAG = re.compile(r"<[^>]+>")


CHOICE = re.compile(r'aria-label="([^"]+), (\d+) points?(?:, hinted)?"')


def words(page: dict, at) -> str:
    """An element's words as a person reads them (tags left out)."""
    held = page.get(at, {})
    return held["text"] if "text" in held else html.unescape(TAG.sub("", held.get("html", ""))).strip()


def cell(page: dict, row: str, player: int = 0) -> str:
    return words(page, paint.cell_at((row, player)))


def heads(page: dict) -> list[str]:
    """The scorecard's first table's column heads."""
    first = page["scorecard"]["html"].split("</thead>", 1)[0]
    return [html.unescape(TAG.sub("", th)) for th in re.findall(r"<th[^>]*>.*?</th>", first)]


def row_names(page: dict) -> list[str]:
    return [html.unescape(name) for name in re.findall(r'<th scope="row"[^>]*>(.*?)</th>', page["scorecard"]["html"])]


def dice(page: dict, count: int) -> list[str]:
    return [page[paint.die_at(index)]["attrs"]["aria-label"] for index in range(count)]


def held(page: dict, count: int) -> list[bool]:
    return [page[paint.die_at(index)]["attrs"]["aria-pressed"] == "true" for index in range(count)]


def choices(page: dict, seats: int = 1) -> dict[str, int]:
    """The boxes offered now (a choice button in a cell): display name -> points."""
    out = {}
    for at, held_ in page.items():
        if isinstance(at, tuple) and at[0].startswith("#scorecard td") and "choice" in held_.get("html", ""):
            name, points = CHOICE.search(held_["html"]).groups()
            out[html.unescape(name)] = int(points)
    return out


def status(page: dict) -> str:
    return page["status"]["text"]


def labels(faces) -> list[str]:
    return [f"Die {index + 1}, showing {face}" for index, face in enumerate(faces)]
