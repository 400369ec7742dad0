"""How long a computer's turn takes at each pace (issue 54): the median and the longest, in seconds.

It times the waits the game models, not a page: whole games are played in CPython through the session (one person
who rolls once and scores the first box offered, against a computer of the "good" level with its optimal table), and
each computer turn's time is the sum of ``Session.pause_before`` over its actions at that pace — from the person's box
to the computer's own, its first roll's wait included. What the page adds (a step's work in Pyodide, a frame to paint
it: tens of milliseconds a move; bench/feel.py measures a roll's) is not counted. A second line counts the keyboard's
grace (game.coach.pacing.GRACE_SECONDS), which the first roll after a person's box waits for while keys play.

    .venv/bin/python -m bench.pace [--games 4] [--rules yahtzee]
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import replace
from pathlib import Path

from game.coach.pacing import GRACE_SECONDS, Pace
from game.coach.session import Next, Session
from game.core.actions import Roll, Score
from game.core.cards import Seat
from game.core.engine import new_match

TABLES = Path(__file__).resolve().parent.parent / "static" / "tables"


def turns(rules: str, games: int) -> list[list]:
    """Each computer turn of ``games`` games, as the (session, action) pairs of its moves."""
    played: list[list] = []
    coach = None
    for seed in range(1, games + 1):
        session = Session(new_match(rules, ["Ann", Seat.computer("Robin", "good")], seed=seed))
        if coach is None:
            name = session.coach.needs_table()
            data = (TABLES / name).read_bytes() if name and (TABLES / name).exists() else None
            coach = session.coach.loaded(data, name)
        session = replace(session, coach=coach)
        turn: list = []
        while session.next is not Next.OVER and not session.match.game_over:
            if session.next is Next.COMPUTER:
                action = session.computer_move()
                turn.append((session, action))
                session = session.computer_step().session
                if isinstance(action, Score):
                    played.append(turn)
                    turn = []
                continue
            match = session.match
            step = session.act(Roll() if match.can_roll and match.rolls == 0 else Score(next(iter(match.options()))))
            session = step.session
    return played


def seconds(turn: list, pace: Pace, keys: bool) -> float:
    total = 0.0
    for index, (session, action) in enumerate(turn):
        wait = session.pause_before(action, pace)
        total += max(wait, GRACE_SECONDS) if keys and index == 0 else wait
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--rules", default="yahtzee")
    args = parser.parse_args()
    played = turns(args.rules, args.games)
    print(f"{args.rules}: {len(played)} computer turns ({args.games} games), modelled waits in seconds")
    for pace in Pace:
        for keys in (False, True):
            times = [seconds(turn, pace, keys) for turn in played]
            label = f"{pace.value:8} {'keys (grace)' if keys else 'taps':12}"
            print(f"{label} median {statistics.median(times):5.2f}  longest {max(times):5.2f}")


if __name__ == "__main__":
    main()
