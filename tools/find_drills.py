"""Search play for the trainer's built-in positions (game.coach.drills_data): prints them as Python data.

Games are played by the optimal player on seeded random dice; every decision is a candidate, sorted
into a theme (game.coach.drills.Theme) by what it teaches, and kept where the best choice beats the
tempting one (game.coach.drills.tempting) by at least game.coach.drills.MARGIN points:

    .venv/bin/python -m tools.find_drills > game/coach/drills_data.py && .venv/bin/ruff format game/coach/drills_data.py
"""

from __future__ import annotations

import random
import sys

from game.coach.advisor import Advisor
from game.coach.drills import MARGIN, PER_THEME, Position, Theme, instructive, theme_of
from game.core.actions import Score
from game.core.variants import ruleset

RULES = ("yacht", "yahtzee", "yatzy")


def candidates(name: str, seed: int):
    """Every decision of one optimally played game on seeded dice, as a Position (theme unset)."""
    rs, rng = ruleset(name), random.Random(seed)
    advisor = Advisor(rs)
    scores: dict[str, int] = {}
    while len(scores) < len(rs.categories):
        dice = [rng.randint(1, 6) for _ in range(5)]
        for left in (2, 1, 0):
            position = Position(name, tuple(scores.items()), tuple(sorted(dice)), left)
            yield position
            best = advisor.options(scores, dice, left)[0].action
            if isinstance(best, Score):
                scores = {**scores, best.category: rs.choices(scores, dice)[best.category]}
                break
            kept = list(best.faces)
            dice = kept + [rng.randint(1, 6) for _ in range(5 - len(kept))]


HEADER = '''"""The trainer's built-in positions (game.coach.drills), written by tools/find_drills.py: do not edit.

Each is (variant, the card's filled boxes, the dice, the rolls left, its theme's value)."""

POSITIONS = ('''


def main() -> None:
    print(HEADER)
    for name in RULES:
        advisor = Advisor(ruleset(name))
        found: dict[Theme, list[Position]] = {theme: [] for theme in Theme if theme is not Theme.OWN}
        seed = 0
        while any(len(v) < PER_THEME for k, v in found.items() if theme_of_allowed(name, k)) and seed < 400:
            taken: set[Theme] = set()  # one position of each theme per game: each from another game
            for position in candidates(name, seed):
                theme = theme_of(advisor, position)
                if theme is None or theme in taken or len(found[theme]) >= PER_THEME:
                    continue
                placed = Position(name, position.scores, position.dice, position.rolls_left, theme=theme)
                if instructive(advisor, placed) >= MARGIN:
                    found[theme].append(placed)
                    taken.add(theme)
            seed += 1
        print(f"# {name}: {seed} games searched", file=sys.stderr)
        for positions in found.values():
            for p in positions:
                print(f"    ({p.rules!r}, {p.scores!r}, {p.dice!r}, {p.rolls_left}, {p.theme.value!r}),")
    print(")")


def theme_of_allowed(name: str, theme: Theme) -> bool:
    return theme is not Theme.BONUS or ruleset(name).upper_bonus_amount > 0


if __name__ == "__main__":
    main()
