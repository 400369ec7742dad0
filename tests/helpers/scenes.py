"""Ready-made situations below the App: matches saved midway or at their last box, histories, backups, the
setup form's fields, a seed that rolls five alike."""

from __future__ import annotations

from game.app.events import File
from game.coach.session import Session
from game.core.dice import Draw
from game.core.engine import new_match
from game.records.backup import Backup
from game.records.choices import Setup, form_values
from game.records.history import History
from game.records.record import session_record


def rolled(rules: str = "yacht", players=("Ann",), seed: int = 1, faces=None, **kwargs) -> Session:
    """A saved match in progress: the first person has rolled."""
    return Session(new_match(rules, list(players), seed=seed).roll(faces=faces), **kwargs)


def fresh(rules: str = "yacht", players=("Ann",), seed: int = 1) -> Session:
    return Session(new_match(rules, list(players), seed=seed))


def some_history(seed: int = 5) -> History:
    """A history of one finished Yacht game of Ann's."""
    match = new_match("yacht", ["Ann"], seed=seed)
    for box in match.open_categories():
        match = match.roll().score(box)
    return History().add(session_record(Session(match), 0, "2026-11-20T09:00:00Z"))


def backup_file(session: Session | None = None, history: History = History(), **settings) -> File:
    text = Backup(history, None if session is None else session.to_dict(), settings, "2026-11-23T07:00:00Z").to_json()
    return File(len(text.encode()), text)


def last_box(seed: int, faces) -> Session:
    """A one-game Yacht match of Ann's with every box scored but Yacht, whose dice are ``faces``."""
    match = new_match("yacht", ["Ann"], seed=seed)
    for box in match.open_categories():
        if box != "yacht":
            match = match.roll(faces=[1, 2, 3, 4, 6]).score(box)
    return Session(match.roll(faces=faces))


def lobby(name: str = "Zoe", rules_name: str = "yatzy", **options) -> tuple:
    """The setup form's fields as the page sends them."""
    return tuple(form_values(Setup(rules=rules_name, players=(name, "Bob"), options=tuple(options.items()))).items())


def at_the_last_box(rules: str, seats, person: list[int], other: list[int]) -> Session:
    """A match of ``seats`` (the person last), every box scored but the person's last one, whose roll is made."""
    match = new_match(rules, seats, seed=9)
    boxes = match.open_categories()
    for box in boxes:
        match = match.roll(faces=other).score(box)
        if box != boxes[-1]:
            match = match.roll(faces=person).score(box)
    return Session(match.roll(faces=person))


def yahtzee_seed(rules: str = "yahtzee") -> int:
    """A seed whose first roll is five of a kind (found by the engine, as the page rolls a link's typed seed)."""
    return next(
        seed
        for seed in range(100_000)
        if len(set(new_match(rules, ["Ann"], seed=seed, draw=Draw.TYPED).roll().dice)) == 1
    )
