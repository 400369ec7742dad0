"""The setup form's words: who may play a seat (a person, or the computer at each level) and who "Play the computer"
sets you against. The form's model (a new match's choices from a link or the form, and the session they begin) is
game.records.choices.

>>> opponent({"count": "2", "name1": "Ann", "kind2": "perfect"})
'You against Alex, who plays perfectly'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from html import escape

from game.coach.bots import LADDER, rival_name
from game.coach.moments import Mood
from game.core.cards import Level, SeatKind
from game.core.engine import Match
from game.core.i18n import ENGLISH, N_, Text
from game.present.tags import element
from game.records import daily
from game.records.choices import CPU_LEVELS, Quick, quick_setup
from game.records.endings import Series, against, led, series, won_lost
from game.records.history import History
from game.records.stats import best_total, ruleset_key
from game.records.trophies import earned

__all__ = [
    "SEAT_KINDS",
    "Rung",
    "best",
    "climb",
    "ladder",
    "opponent",
    "progress",
    "rematch",
    "rivalry",
    "rivals",
    "standing",
]


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


def opponent(fields: Mapping[str, str], t: Text = ENGLISH, rival: Level | None = None) -> str:
    """Who "Play the computer" sets you against, from the form's fields as they are (``rival``: the ladder's, where
    More names no computer): its name and level.

    >>> opponent({"count": "2", "name1": "Ann", "kind2": "perfect"}), opponent({}), opponent({}, rival=Level.EASY)
    ('You against Alex, who plays perfectly', 'You against Robin, who plays well', 'You against Sam, a beginner')
    """
    computer = quick_setup(fields, Quick.COMPUTER, rival=rival)[0].seats(t)[1]
    return t._(_OPPONENTS[computer.level or Level.GOOD], name=computer.name)


def rivalry(
    history: History, fields: Mapping[str, str], t: Text = ENGLISH, rival: Level | None = None
) -> tuple[int, int]:
    """The player's games against the lobby's computer (``rival``: as :func:`opponent`) under the chosen rules: (won,
    lost); a tie counts as neither.

    >>> rivalry(History(), {"rules": "yacht"})
    (0, 0)
    """
    solo = quick_setup(fields, Quick.SOLO)[0]
    name = quick_setup(fields, Quick.COMPUTER, rival=rival)[0].seats(t)[1].name
    return series(history, ruleset_key(solo.ruleset()), solo.seats(t)[0].name, name)


def standing(won: int, lost: int) -> Mood:
    """How the lobby's computer looks at the player's games against it (setup.rivalry): AHEAD, it has won more (the
    lobby offers a rematch, first), BEHIND, fewer.

    >>> standing(0, 1), standing(2, 1), standing(1, 1)
    (<Mood.AHEAD: 'ahead'>, <Mood.BEHIND: 'behind'>, <Mood.LEVEL: 'level'>)
    """
    return Mood.AHEAD if lost > won else Mood.BEHIND if won > lost else Mood.LEVEL


def rematch(fields: Mapping[str, str], t: Text = ENGLISH, rival: Level | None = None) -> str:
    """Play the computer's title once its computer (``rival``: as :func:`opponent`) leads the player's games against
    it: a score to settle.

    >>> rematch({"count": "2", "name1": "Ann", "kind2": "perfect"}), rematch({}, rival=Level.EASY)
    ('Rematch Alex', 'Rematch Sam')
    """
    name = quick_setup(fields, Quick.COMPUTER, rival=rival)[0].seats(t)[1].name
    # Translators: the lobby's "Play the computer", once that computer has won more of the player's games against it.
    return t._("Rematch {name}", name=name)


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
    tally = rivalry(history, fields, t, climb(ladder(history, fields, t), fields, last_rival(history)))
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


@dataclass(frozen=True)
class Rung:
    """A rival of the lobby's ladder (game.coach.bots.LADDER): its level, its name, the player's games won and lost
    against it under the chosen rules, whether the player has ever been ahead of it (``led``: its star, and the next
    rival open for good) and whether it is open to play (Sam and Robin always; the others once the one below is led:
    fresh eyes round 111, "a ladder that gives, then takes back")."""

    level: Level
    name: str
    won: int = 0
    lost: int = 0
    led: bool = False
    open: bool = True


def ladder(history: History, fields: Mapping[str, str], t: Text = ENGLISH) -> tuple[Rung, ...]:
    """The lobby's rivals, weakest first, with the player's games against each under the chosen rules.

    >>> [(rung.name, rung.won, rung.lost, rung.open) for rung in ladder(History(), {"rules": "yacht"})]
    [('Sam', 0, 0, True), ('Robin', 0, 0, True), ('Alex', 0, 0, False)]
    """
    solo = quick_setup(fields, Quick.SOLO)[0]
    key, person = ruleset_key(solo.ruleset()), solo.seats(t)[0].name
    rungs: list[Rung] = []
    for level in LADDER:  # (an empty history: the ladder as a first visit sees it, the page's own markup's)
        name = rival_name(level, t)
        games = against(history, key, person, name)  # one pass over the history: the record and the lead from it
        reached = not gated(level) or rungs[-1].led
        rungs.append(Rung(level, name, *won_lost(games), led(games), reached))
    return tuple(rungs)


def gated(level: Level) -> bool:
    """Whether a rival of the ladder is locked until the player has once been ahead of the one below (Alex, above
    Robin: the first two are open to all).

    >>> [gated(level) for level in LADDER]
    [False, False, True]
    """
    return LADDER.index(level) > LADDER.index(Level.GOOD)


def climb(rungs: Sequence[Rung], fields: Mapping[str, str], last: str = "") -> Level | None:
    """The rival Play the computer sets the player against: the one they played ``last`` (a name), while it is open to
    them, else the strongest open, from Robin (GOOD) up; None where More's seats name a computer (that one, as chosen).
    The next rival is the end's offer and a tap on its face, never pushed on a player just beaten (fresh eyes round
    113: "after a loss, the lobby's default is Alex, who plays perfectly: a wall").

    >>> robin, alex = Rung(Level.GOOD, "Robin", 2, 3, True), Rung(Level.PERFECT, "Alex")
    >>> climb([Rung(Level.EASY, "Sam"), robin, alex], {}), climb([robin, alex], {}, last="Robin")
    (<Level.PERFECT: 'perfect'>, <Level.GOOD: 'good'>)
    >>> climb([robin, Rung(Level.PERFECT, "Alex", open=False)], {}), climb([robin], {"count": "2", "kind2": "easy"})
    (<Level.GOOD: 'good'>, None)
    """
    shown = int(fields["count"]) if str(fields.get("count", "")).isdigit() else 0
    if any(fields.get(f"kind{row}") in CPU_LEVELS for row in range(1, shown + 1)):
        return None
    played = next((rung.level for rung in rungs if rung.name == last and rung.open), None)
    start = next((i for i, rung in enumerate(rungs) if rung.level is Level.GOOD), 0)
    return played or next((rung.level for rung in reversed(rungs[start:]) if rung.open), None)


def last_rival(history: History) -> str:
    """The name of the computer the player's latest game against one was played with ("": none yet)."""
    for record in reversed(history.games):
        computers = [seat.name for seat in record.seats if seat.kind != SeatKind.HUMAN.value]
        if computers:
            return computers[0]
    return ""


_RUNG_WORDS = {
    # Translators: under a rival's name in the lobby's ladder of computer players: the beginner (short: one word).
    Level.EASY: N_("Beginner"),
    # Translators: under a rival's name in the lobby's ladder of computer players: the one who plays well (one word).
    Level.GOOD: N_("Skilled"),
    # Translators: under a rival's name in the lobby's ladder of computer players: the one who plays perfectly, the top
    # of the ladder (one word; "Perfect" read as a wall, not a rival to beat: fresh eyes rounds 115 and 116).
    Level.PERFECT: N_("Champion"),
}


# Translators: a small badge on a rival of the lobby's ladder just opened and not yet played (one short word).
NEW_RIVAL = N_("New!")


def rivals(rungs: Sequence[Rung], current: Level | None, t: Text = ENGLISH, ready: bool = True) -> str:
    """The lobby's ladder: a button for each rival that starts a match against it at once (``data-rival``), its face,
    its name and the player's games against it (a star once they have led), else its level, or that it is locked (a
    button that waits: the line under the row says how to open it); ``current``, Play the computer's, marked. Before
    the start is over (not ``ready``) the buttons wait, as the lobby's others do.

    >>> alex = Rung(Level.PERFECT, "Alex", open=False)
    >>> ladder_ = (Rung(Level.EASY, "Sam", 2, 1, led=True), Rung(Level.GOOD, "Robin", 0, 1), alex)
    >>> shown = rivals(ladder_, Level.GOOD)
    >>> shown.count("<button"), 'data-rival="good" aria-current="true"' in shown, shown.count("data-beaten")
    (3, True, 1)
    >>> 'aria-label="You against Sam, a beginner: won 2, lost 1"' in shown, ">2\u20131<" in shown, ">Locked<" in shown
    (True, True, True)
    >>> shown.count(" disabled"), shown.endswith('<p class="rival-goal">Get ahead of Robin to meet Alex</p>')
    (1, True)
    >>> opened = rivals(ladder_[:2] + (Rung(Level.PERFECT, "Alex"),), None)
    >>> "rival-goal" in rivals(ladder_, None), ">Champion<" in opened, opened.count('data-new="New!"')
    (False, True, 1)
    """
    buttons = []
    for rung in rungs:
        played = rung.won or rung.lost
        said = t._(_OPPONENTS[rung.level], name=rung.name)
        if played:
            said += ": " + t._("won {won}, lost {lost}", won=rung.won, lost=rung.lost)
        # Translators: under a rival's name in the lobby's ladder: not open to play until the one before is beaten.
        line = (
            f"{rung.won}\u2013{rung.lost}" if played else t._(_RUNG_WORDS[rung.level]) if rung.open else t._("Locked")
        )
        words = element("span", escape(rung.name), class_="rival-name") + element(
            "span", escape(line), class_="rival-line"
        )
        buttons.append(
            element(
                "button",
                element("span", class_="rival-face", aria_hidden="true") + words,
                type="button",
                class_="rival",
                data_rival=rung.level.value,
                aria_current="true" if rung.level is current else None,
                data_beaten="" if rung.led else None,
                # a rival just opened and not yet played, marked new: the next one to chase (round 116)
                data_new=t._(NEW_RIVAL) if rung.open and gated(rung.level) and not played else None,
                data_locked=None if rung.open else "",
                aria_label=said,
                disabled=not (ready and rung.open),
            )
        )
    # Translators: names the lobby's row of computer players to play, weakest first (read by screen readers).
    row = element("div", "".join(buttons), class_="rival-row", role="group", aria_label=t._("Rivals"))
    at = next((i for i, rung in enumerate(rungs) if rung.level is current), len(rungs))
    if at + 1 >= len(rungs) or rungs[at + 1].open:  # More's own computer, or the top: no step to take
        return row
    # Translators: under the lobby's rivals: the way up the ladder: win more games against one than it wins against
    # you, and the next, stronger one is Play the computer's ("Get ahead of Robin to meet Alex").
    goal = t._("Get ahead of {name} to meet {next}", name=rungs[at].name, next=rungs[at + 1].name)
    return row + element("p", escape(goal), class_="rival-goal")


def next_rung(match: Match, won: Series | None, t: Text = ENGLISH) -> Rung | None:
    """The rival above the ladder's rival ``match`` was played against, once the player leads their games against it
    (``won``: the ending's series, this game in); None where there is none to offer: no lead, a computer named in More,
    the top of the ladder.

    >>> from game.core.cards import Seat
    >>> from game.core.engine import new_match
    >>> robin = new_match("yacht", ["You", Seat.computer("Robin", "good")], seed=1)
    >>> next_rung(robin, Series("Robin", 2, 1)), next_rung(robin, Series("Robin", 1, 1))
    (Rung(level=<Level.PERFECT: 'perfect'>, name='Alex', won=0, lost=0, led=False, open=True), None)
    """
    level = next((seat.level for seat in match.seats if seat.level is not None), None)
    if won is None or won.won <= won.lost or level not in LADDER or won.rival != rival_name(level, t):
        return None
    above = LADDER[LADDER.index(level) + 1 :]
    return Rung(above[0], rival_name(above[0], t)) if above else None


# Translators: a button at the end of a game against a computer player the player now leads in games won: a match
# against the next, stronger one of the lobby's rivals ("Next rival: Alex").
NEXT_RIVAL = N_("Next rival: {name}")
# Translators: under "Next rival: Alex", what that stronger computer player says to the player who has just got ahead
# of the one before it ({name}: "So you beat Robin? Try me."): a friendly taunt.
TAUNT = N_("So you beat {name}? Try me.")
# Translators: over "Next rival: Alex" at the end of the game that first put the player ahead of the rival before:
# that stronger computer player, locked in the lobby until now, can now be played.
UNLOCKED = N_("New rival unlocked!")


def offer(match: Match, won: Series | None, t: Text = ENGLISH) -> tuple[str, str, str]:
    """The end's offer of the next rival (:func:`next_rung`): the button's content, the rival's level (its face) and
    its taunt for the eyes; ("", "", "") where none is offered. The game that first opens a locked rival says so over
    it, a moment of its own (fresh eyes rounds 111 to 114: "let Alex walk in").

    >>> from game.core.cards import Seat
    >>> from game.core.engine import new_match
    >>> robin = new_match("yacht", ["You", Seat.computer("Robin", "good")], seed=1)
    >>> offer(robin, Series("Robin", 2, 1))
    ('Next rival: Alex', 'perfect', 'So you beat Robin? Try me.')
    >>> offer(robin, Series("Robin", 1, 0, first_lead=True))[0]
    '<span class="rival-news">New rival unlocked!</span> Next rival: Alex'
    >>> offer(robin, Series("Robin", 1, 1))
    ('', '', '')
    """
    up = next_rung(match, won, t)
    if up is None or won is None:
        return "", "", ""
    label = escape(t._(NEXT_RIVAL, name=up.name))
    if won.first_lead and gated(up.level):
        label = element("span", escape(t._(UNLOCKED)), class_="rival-news") + " " + label
    return label, up.level.value, t._(TAUNT, name=won.rival)


def rivals_first(history: History) -> bool:
    """Whether the player's last game was against a computer: Play the computer is then the lobby's gold, the way on
    up the ladder (fresh eyes round 112: "the rivals are the hook, yet Play solo is the huge button").

    >>> rivals_first(History())
    False
    """
    return bool(history.games) and any(seat.kind != SeatKind.HUMAN.value for seat in history.games[-1].seats)
