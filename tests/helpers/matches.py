"""The engine played without the App: a first game finished, random legal turns, and links packed by hand."""

from __future__ import annotations

import base64
import hashlib
import json
import random

from game.coach.advisor import Advisor
from game.core.actions import Finish, Hold, NextGame, Score
from game.core.dice import Draw


def finish(match, pick=lambda match: match.open_categories()[0], keep=()):
    """``match`` played to the end of its first game: each person rolls, keeps the faces of ``keep`` once, and
    scores the box ``pick`` names; a computer seat plays Easy's own way (its seed-driven choices)."""
    from game.coach import advice as coach

    advisor = Advisor(match.ruleset)
    while not match.game_over:
        seat = match.current_seat
        if seat.kind.value == "computer":
            for action in coach.bot_step(advisor, match, seat.level):
                match = match.apply(action)
            continue
        match = match.roll()
        if keep:
            for die, face in enumerate(match.dice):
                if face in keep:
                    match = match.hold(die)
            match = match.roll()
        match = match.score(pick(match))
    return match


def random_turns(match, rng: random.Random, turns: int):
    """``turns`` finished turns (and game ends) of random but legal play."""
    for _ in range(turns):
        if match.finished:
            break
        if match.game_over:
            match = match.apply(Finish() if rng.random() < 0.3 else NextGame())
            continue
        match = next_roll(match, rng)
        while match.rolls_left and rng.random() < 0.7:
            for die in range(match.ruleset.dice):
                match = match.apply(Hold(die, rng.random() < 0.5))
            if all(match.held):
                match = match.apply(Hold(0, False))
            match = next_roll(match, rng)
        if match.rolls_left and rng.random() < 0.3:  # a hold not followed by a roll: a link drops it
            match = match.apply(Hold(0, True))
        match = match.apply(rng.choice([a for a in match.legal_actions() if isinstance(a, Score)]))
    return match


def next_roll(match, rng: random.Random):
    """The next roll: the seed's dice, or with real dice faces typed in at random."""
    if match.draw is not Draw.ENTERED:
        return match.roll()
    thrown = match.ruleset.dice if match.rolls == 0 else match.held.count(False)
    return match.roll(faces=[rng.randint(1, match.ruleset.sides) for _ in range(thrown)])


def sign(data: dict) -> str:
    body = json.dumps(data, separators=(",", ":")).encode()
    b64 = lambda raw: base64.urlsafe_b64encode(raw).decode().rstrip("=")  # noqa: E731 - one line, used twice just below
    return f"{b64(body)}.{b64(hashlib.sha256(body).digest()[:6])}"


def unpack(text: str) -> dict:
    body = text.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
