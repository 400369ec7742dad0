"""The setup form's words: who may play a seat (a person, or the computer at each level) and who "Play the computer"
sets you against. The form's model (a new match's choices from a link or the form, and the session they begin) is
game.records.choices.

>>> opponent({"count": "2", "name1": "Ann", "kind2": "perfect"})
'You against Robin, who plays perfectly'
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from game.coach.moments import Mood
from game.core.cards import Level
from game.core.i18n import ENGLISH, N_, Text
from game.records import daily
from game.records.choices import Quick, quick_setup
from game.records.endings import series
from game.records.history import History
from game.records.stats import best_total, ruleset_key
from game.records.trophies import earned

__all__ = ["SEAT_KINDS", "best", "opponent", "progress", "rematch", "rivalry", "standing"]


_LEVEL_LABELS = {
    # Translators: who plays a seat (the setup form): the computer, at its beginner's level.
    Level.EASY: N_("Computer (Easy)"),
    # Translators: who plays a seat (the setup form): the computer, at its middle level.
    Level.GOOD: N_("Computer (Good)"),
    # Translators: who plays a seat (the setup form): the computer, playing the best possible game.
    Level.PERFECT: N_("Computer (Perfect)"),
    # Translators: who plays a seat (the setup form): the computer, playing to win against the others, not for the most points.
    Level.WIN: N_("Computer (Perfect, to win)"),
}


SEAT_KINDS: tuple[tuple[str, str], ...] = (
    # Translators: who plays a seat (the setup form): a person at this device.
    ("human", N_("Person")),
    *((level.value, _LEVEL_LABELS[level]) for level in Level),
)
"""Who plays a seat, as (value, label): a person, or the computer at each of its levels (labels worded by ``t._``)."""


_OPPONENTS = {
    # Translators: under the setup screen's "Play the computer": who you will play; {name} is the computer player's name.
    Level.EASY: N_("You against {name}, a beginner"),
    # Translators: under the setup screen's "Play the computer": who you will play, a computer at its middle level.
    Level.GOOD: N_("You against {name}, who plays well"),
    # Translators: under the setup screen's "Play the computer": who you will play, a computer playing the best game.
    Level.PERFECT: N_("You against {name}, who plays perfectly"),
    # Translators: under the setup screen's "Play the computer": a computer that plays to win against you, not for points.
    Level.WIN: N_("You against {name}, who plays to win"),
}


def opponent(fields: Mapping[str, str], t: Text = ENGLISH) -> str:
    """Who "Play the computer" sets you against, from the form's fields as they are: its name and level.

    >>> opponent({"count": "2", "name1": "Ann", "kind2": "perfect"}), opponent({})
    ('You against Robin, who plays perfectly', 'You against Robin, who plays well')
    """
    computer = quick_setup(fields, Quick.COMPUTER)[0].seats(t)[1]
    return t._(_OPPONENTS[computer.level or Level.GOOD], name=computer.name)


def rivalry(history: History, fields: Mapping[str, str], t: Text = ENGLISH) -> tuple[int, int]:
    """The player's games against the lobby's computer under the chosen rules: (won, lost); a tie counts as neither.

    >>> rivalry(History(), {"rules": "yacht"})
    (0, 0)
    """
    solo = quick_setup(fields, Quick.SOLO)[0]
    rival = quick_setup(fields, Quick.COMPUTER)[0].seats(t)[1].name
    return series(history, ruleset_key(solo.ruleset()), solo.seats(t)[0].name, rival)


def standing(won: int, lost: int) -> Mood:
    """How the lobby's computer looks at the player's games against it (setup.rivalry): AHEAD, it has won more (the
    lobby offers a rematch, first), BEHIND, fewer.

    >>> standing(0, 1), standing(2, 1), standing(1, 1)
    (<Mood.AHEAD: 'ahead'>, <Mood.BEHIND: 'behind'>, <Mood.LEVEL: 'level'>)
    """
    return Mood.AHEAD if lost > won else Mood.BEHIND if won > lost else Mood.LEVEL


def rematch(fields: Mapping[str, str], t: Text = ENGLISH) -> str:
    """Play the computer's title once its computer leads the player's games against it: a score to settle.

    >>> rematch({"count": "2", "name1": "Ann", "kind2": "perfect"})
    'Rematch Robin'
    """
    # Translators: the lobby's "Play the computer", once that computer has won more of the player's games against it.
    return t._("Rematch {name}", name=quick_setup(fields, Quick.COMPUTER)[0].seats(t)[1].name)


def progress(history: History, fields: Mapping[str, str], day: date | None, t: Text = ENGLISH) -> tuple[str, str]:
    """The lobby's lines that know the player (each "" where it has nothing to say, and the button keeps its printed
    line): under the daily game, today's result, else the days in a row it keeps going; after Play the computer's
    line, their games against that computer. (No best under Play solo: every game's best there read as a solo best,
    fresh eyes rounds 34 and 35, and a solo best beside the end's "A new best" against the computer as two records
    that disagree, rounds 33 and 37.)

    >>> from game.records.daily import _demo
    >>> h = History().add(_demo("daily:2026-11-23:yacht", "2026-11-23T08:00:00Z", 170))
    >>> progress(h, {"rules": "yacht", "name1": "Ann"}, date(2026, 11, 24))
    ('Keep it going: 1 day in a row', '')
    >>> h = h.add(_demo("daily:2026-11-24:yacht", "2026-11-24T08:00:00Z", 150))
    >>> progress(h, {"rules": "yacht", "name1": "Ann"}, date(2026, 11, 24))
    ('Today: 150 points · 2 days in a row', '')
    >>> progress(History(), {"rules": "yacht"}, date(2026, 11, 24))
    ('', '')
    """
    tally = rivalry(history, fields, t)
    # Translators: after "You against Robin, who plays well" in the lobby: the player's games against that computer.
    against = t._("won {won}, lost {lost}", won=tally[0], lost=tally[1]) if any(tally) else ""
    if day is None:
        return "", against
    todays = str(quick_setup(fields, Quick.DAILY, day)[0].seed).rsplit(":", 1)[-1]  # the daily game's name
    played, run = daily.played(history, todays, day), daily.streak(history, day)
    if played is not None:
        # Translators: under the lobby's "Daily game" once today's is played: its total and the days in a row played.
        return (
            t.n_(
                "Today: {total} points · {count} day in a row",
                "Today: {total} points · {count} days in a row",
                run,
                total=played.totals[0],
            ),
            against,
        )
    # Translators: under the lobby's "Daily game" before today's is played: the days in a row played until now.
    kept = t.n_("Keep it going: {count} day in a row", "Keep it going: {count} days in a row", run) if run else ""
    return kept, against


def best(history: History, fields: Mapping[str, str], t: Text = ENGLISH) -> str:
    """The lobby's line under the chosen rule set: the player's best total under it, in any game (the end's "A new
    best" counts the same games); "" before their first. Under Play solo it read as a solo best (fresh eyes rounds 34
    and 35); none at all, the lobby after a new best knew nothing of it (round 41).

    >>> from game.records.daily import _demo
    >>> h = History().add(_demo("daily:2026-11-23:yacht", "2026-11-23T08:00:00Z", 170))
    >>> best(h, {"rules": "yacht", "name1": "Ann"}), best(h, {"rules": "yahtzee", "name1": "Ann"})
    ('Your best: 170 points', '')
    """
    solo = quick_setup(fields, Quick.SOLO)[0]
    top = best_total(history, ruleset_key(solo.ruleset()), solo.seats(t)[0].name)
    if top is None:
        return ""
    # Translators: in the lobby, under the chosen rule set's description: the player's best total under these rules.
    return t.n_("Your best: {count} point", "Your best: {count} points", top)


def trophies(history: History, fields: Mapping[str, str], t: Text = ENGLISH) -> str:
    """The lobby's shelf of the player's trophies, under any rules (game.present.trophy_words.shelf); "" before the
    first, when the lobby has nothing to show for them.

    >>> from game.records.daily import _demo
    >>> "Trophies: 1 of 8" in trophies(History().add(_demo("daily:2026-11-23:yacht", "2026-11-23T08:00:00Z", 170)), {"name1": "Ann"})
    True
    >>> trophies(History(), {})
    ''
    """
    from game.present.trophy_words import shelf  # the lobby's words, only where a history is there to count

    won = earned(history, quick_setup(fields, Quick.SOLO)[0].seats(t)[0].name)
    return shelf(won, t) if won else ""
