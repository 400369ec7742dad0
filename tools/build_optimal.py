"""Simulate the optimal player and write its distributions to static/tables/optimal.json (CPython, offline).

    .venv/bin/python tools/build_optimal.py                          # 10,000 games per rule set
    .venv/bin/python tools/build_optimal.py --only yacht --games 1000 --out /tmp/optimal.json

Run by hand (``make test`` does not), after the advisor's tables or the scoring rules change.
For each rule set whose advisor table ships by default (the default options of every variant of
``game.core.variants.VARIANTS`` with ``tables=True``: Yahtzee, Yatzy, Yacht) it plays ``--games``
solitaire games, every decision the advisor's best (its shipped table), with dice from
``random.Random(--seed)``, so a run is reproducible. The file maps each rule set's key,
``json.dumps(rs.to_dict(), sort_keys=True, separators=(",", ":"))`` (see :func:`key`), to::

    {"title": "Yahtzee", "games": 10000, "seed": 20240601, "expected": 254.5877,
     "mean": 255.0359, "sd": 60.4871 (population), "bin_width": 10,
     "histogram": [[low, count], ...],   # every bin from the lowest to the highest total
     "boxes": {"ones": 1.8782, ...},     # mean points per box
     "upper_bonus_rate": 0.68,           # share of games with the upper bonus
     "yahtzee_rate": 0.34}               # share of games with points in the rule set's yahtzee_id box

Bins hold the totals ``low`` to ``low + bin_width - 1``; ``bin_width`` is game.records.charts.BIN_WIDTH.
``expected`` is ``Advisor(rs).expected_score()``; each mean must lie within three standard
errors of it (the z is printed), or nothing is written. With ``--only`` the other rule sets'
entries of an existing file are kept. Measured on the 2-core dev machine (shared), 10,000 games
per rule set: 255 s for all three (Yahtzee 90 s, Yatzy 101 s, Yacht 64 s); the file is 2.4 KB.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# the game's modules are found once the repository is on the path (this runs as a script)
from game.coach.advisor import Advisor  # noqa: E402
from game.core.actions import Score  # noqa: E402
from game.core.rules import RuleSet  # noqa: E402
from game.core.variants import VARIANTS  # noqa: E402
from game.records.charts import BIN_WIDTH  # noqa: E402

GAMES = 10_000
SEED = 20240601
OUT = ROOT / "static" / "tables" / "optimal.json"
MAX_Z = 3.0  # how many standard errors a mean may lie from the expected score
PROGRESS = 1000  # games between progress lines


def key(rs: RuleSet) -> str:
    """The rule set's key in optimal.json.

    >>> key(VARIANTS["yacht"].ruleset())
    '{"name":"yacht","options":{}}'
    """
    return json.dumps(rs.to_dict(), sort_keys=True, separators=(",", ":"))


def rulesets() -> list[RuleSet]:
    """The rule sets simulated: each variant's default options, where its tables ship.

    >>> [rs.name for rs in rulesets()]
    ['yahtzee', 'yatzy', 'yacht']
    """
    return [v.ruleset() for v in VARIANTS.values() if v.tables]


def play(adv: Advisor, rng: random.Random) -> tuple[dict[str, int], int]:
    """One solitaire game with every decision the advisor's best: (box id -> points, Yahtzee bonus points).

    >>> from game.core.variants import ruleset
    >>> scores, bonus = play(Advisor(ruleset("yacht")), random.Random(1))
    >>> len(scores), bonus
    (12, 0)
    """
    rs = adv.ruleset
    scores: dict[str, int] = {}
    bonus = 0
    while len(scores) < len(rs.categories):
        dice = [rng.randint(1, rs.sides) for _ in range(rs.dice)]
        rolls_left = rs.rolls_per_turn - 1
        action = adv.options(scores, dice, rolls_left, yahtzee_bonus=bonus)[0].action
        while not isinstance(action, Score):  # keeps are offered only while rolls are left
            dice = [*action.faces, *(rng.randint(1, rs.sides) for _ in range(rs.dice - len(action.faces)))]
            rolls_left -= 1
            action = adv.options(scores, dice, rolls_left, yahtzee_bonus=bonus)[0].action
        bonus += rs.yahtzee_bonus(scores, dice)
        scores[action.category] = rs.choices(scores, dice)[action.category]
    return scores, bonus


def summary(rs: RuleSet, games: list[tuple[dict[str, int], int]], seed: int, expected: float) -> dict[str, Any]:
    """The entry of optimal.json for these games (see the module's docstring).

    >>> from game.core.variants import ruleset
    >>> entry = summary(ruleset("yacht"), [({"yacht": 50}, 0), ({"yacht": 0}, 0)], 1, 100.0)
    >>> entry["mean"], entry["sd"], entry["histogram"][:1], entry["histogram"][-1], entry["yahtzee_rate"]
    (25.0, 25.0, [[0, 1]], [50, 1], 0.5)
    """
    n = len(games)
    totals = [rs.totals(scores, bonus) for scores, bonus in games]
    finals = [t.grand_total for t in totals]
    mean = sum(finals) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in finals) / n)
    bins = Counter(x // BIN_WIDTH * BIN_WIDTH for x in finals)
    yahtzees = sum(1 for scores, _ in games if rs.yahtzee_id and scores.get(rs.yahtzee_id, 0) > 0)
    return {
        "title": rs.title,
        "games": n,
        "seed": seed,
        "expected": round(expected, 4),
        "mean": round(mean, 4),
        "sd": round(sd, 4),
        "bin_width": BIN_WIDTH,
        "histogram": [[low, bins[low]] for low in range(min(bins), max(bins) + 1, BIN_WIDTH)],
        "boxes": {c.id: round(sum(scores.get(c.id, 0) for scores, _ in games) / n, 4) for c in rs.categories},
        "upper_bonus_rate": round(sum(1 for t in totals if t.upper_bonus) / n, 4),
        "yahtzee_rate": round(yahtzees / n, 4),
    }


def z_score(entry: dict[str, Any]) -> float:
    """How many standard errors the simulated mean lies from the expected score.

    >>> z_score({"games": 100, "mean": 101.0, "sd": 10.0, "expected": 100.0})
    1.0
    """
    se = entry["sd"] / math.sqrt(entry["games"])
    return (entry["mean"] - entry["expected"]) / se if se else 0.0


def simulate(rs: RuleSet, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` optimal games of ``rs`` (progress printed) and summarize them."""
    adv = Advisor(rs)
    rng = random.Random(seed)
    start = time.perf_counter()
    played = []
    for i in range(1, games + 1):
        played.append(play(adv, rng))
        if i % PROGRESS == 0 or i == games:
            print(f"  {rs.title}: {i:,}/{games:,} games, {time.perf_counter() - start:.0f}s", flush=True)
    return summary(rs, played, seed, adv.expected_score())


def dump(data: dict[str, dict[str, Any]]) -> str:
    """The file's text: one line per rule set (small, and a change reads as one line of diff)."""
    lines = [f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}" for k, v in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=GAMES, help=f"games per rule set (default {GAMES:,})")
    ap.add_argument("--only", help="one rule set's name (yahtzee, yatzy or yacht); other entries of --out are kept")
    ap.add_argument("--seed", type=int, default=SEED, help=f"the dice's random seed (default {SEED})")
    ap.add_argument("--out", type=Path, default=OUT, help="the file to write (default static/tables/optimal.json)")
    args = ap.parse_args(argv)
    chosen = [rs for rs in rulesets() if args.only in (None, rs.name)]
    if not chosen:
        ap.error(f"--only {args.only!r}: valid names are {', '.join(rs.name for rs in rulesets())}")
    if args.games < 2:
        ap.error("--games must be at least 2")
    data = json.loads(args.out.read_text()) if args.only and args.out.exists() else {}
    start = time.perf_counter()
    failed = []
    for rs in chosen:
        print(f"{rs.title}: {args.games:,} games, seed {args.seed}", flush=True)
        entry = simulate(rs, args.games, args.seed)
        z = z_score(entry)
        print(
            f"  mean {entry['mean']:.3f}  sd {entry['sd']:.3f}  expected {entry['expected']:.4f}  z {z:+.2f}"
            f"  upper bonus {entry['upper_bonus_rate']:.1%}  yahtzee {entry['yahtzee_rate']:.1%}",
            flush=True,
        )
        if abs(z) > MAX_Z:
            failed.append(f"{rs.title} (z {z:+.2f})")
        data[key(rs)] = entry
    elapsed = time.perf_counter() - start
    if failed:
        print(
            f"not written: the mean lies more than {MAX_Z:g} standard errors from the expected score for "
            f"{', '.join(failed)} ({elapsed:.0f}s)"
        )
        return 1
    order = [key(rs) for rs in rulesets()]
    text = dump({k: data[k] for k in sorted(data, key=lambda k: order.index(k) if k in order else len(order))})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(f"wrote {args.out} ({len(text.encode()):,} bytes) in {elapsed:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
