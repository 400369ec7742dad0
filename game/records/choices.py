"""A new match's choices, from a link or the setup form, checked against the rule set registry, and the session they
begin: the setup form's model (game.present.setup words its choices, game.present.forms draws it).

Every rule set, alias and option comes from :data:`game.core.variants.VARIANTS`: adding a rule set
there makes it a link and form choice with no change here.

>>> setup, problems = parse_link("?rules=yatzy&players=Ann,Bob&games=2&seed=42")
>>> setup.rules, setup.players, setup.games, setup.seed, problems
('yatzy', ('Ann', 'Bob'), 2, '42', ())
>>> parse_link("?games=%C2%B3")[1][0].message
"games='³' is not a number of games from 1 to 6"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from enum import Enum
from typing import Any

from game.coach.bots import computer_names, rival_name
from game.coach.names import people_names, you_name
from game.coach.session import Session
from game.core import variants
from game.core.cards import MAX_GAMES, MAX_PLAYERS, Level, Seat, clean_name
from game.core.dice import MAX_SEED, Draw
from game.core.engine import Match, new_match
from game.core.i18n import ENGLISH, Text
from game.core.link_problems import LinkProblem
from game.core.refusals import Refusal, SetupError
from game.core.rule_errors import RulesError, UnknownRuleSetError
from game.core.rules import RuleSet

__all__ = [
    "CPU_LEVELS",
    "Quick",
    "quick_setup",
    "TABLE_PARAMS",
    "START_PARAMS",
    "SEED_LENGTH",
    "Setup",
    "new_session",
    "parse_link",
    "has_start_params",
    "setup_from_fields",
    "form_name",
    "form_values",
]


class Quick(Enum):
    """The lobby's one-tap matches: alone, against a computer, two people passing the phone, or the
    day's daily game (game.records.daily), or the score of a game played with real dice (game.core.entered)."""

    SOLO = "solo"
    COMPUTER = "computer"
    PASS = "pass"
    DAILY = "daily"
    REAL = "real"


TABLE_PARAMS = ("rules", "players", "games", "seed", "cpu", "undo", "pass", "remote")
"""Link parameters of the table itself; every rule set option is one too (see START_PARAMS)."""


START_PARAMS: tuple[str, ...] = TABLE_PARAMS + tuple(
    dict.fromkeys(option.name for v in variants.VARIANTS.values() for option in v.options)
)
"""Link parameters that start a new match (``?rules=yatzy&players=Ann,Bob&games=2&seed=42``)."""


SEED_LENGTH = 64


_FLAG_WORDS = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False, "no": False, "off": False}


CPU_LEVELS = tuple(level.value for level in Level)
"""The values of a computer seat's levels (a seat's kind is "human" or one of these)."""


@dataclass(frozen=True)
class Setup:
    """What a new match is made of: rule set and the options given, seats, games, seed, undo.

    >>> Setup(rules="yatzy", players=("Ann", "Bob"), seed="42").start().ruleset.name
    'yatzy'
    >>> Setup(rules="generalized", options=(("dice", 3),)).ruleset().dice
    3
    """

    rules: str = next(iter(variants.VARIANTS))
    options: tuple[tuple[str, Any], ...] = ()  # given options of the rule set; the rest are defaults
    players: tuple[str, ...] = ("", "")
    kinds: tuple[str, ...] = ()  # per seat, "human" or one of CPU_LEVELS; missing seats are people
    games: int = 1
    seed: str = ""
    undo: bool = True
    pass_phone: bool = False  # a "Bob's turn" screen before each person's turn that follows another person's
    remote: bool = False  # people play on their own phones: a "Send to Bob" screen, the match sent by link
    real_dice: bool = False  # the dice are rolled on a table and their faces entered (game.core.entered)
    seed_own: bool = False  # the seed is this phone's or the daily game's, not typed (else Draw.TYPED's dice)

    def ruleset(self) -> RuleSet:
        """The rule set these choices name (raises game.core.rule_errors.RulesError naming what is wrong)."""
        return variants.variant(self.rules).ruleset(**dict(self.options))

    def seats(self, t: Text = ENGLISH) -> list[Seat]:
        """The seats: people, or computer players with their level; a nameless seat named in ``t``'s words.

        A nameless person alone (or with computers) is the language's "You" (game.coach.names); among people, the
        first of ``t``'s people names no other seat has; a nameless computer, its level's own name (game.coach.bots.
        rival_name: Sam is the beginner, Robin plays well), else the first of ``t``'s computer names no seat has.

        >>> [s.kind.value for s in Setup(players=("Ann", ""), kinds=("human", "perfect")).seats()]
        ['human', 'computer']
        >>> [s.name for s in Setup(players=("", "", "Sam"), kinds=("human", "good", "easy")).seats()]
        ['You', 'Robin', 'Sam']
        >>> [s.name for s in Setup(players=("", "", "", ""), kinds=("human", "perfect", "easy", "good")).seats()]
        ['You', 'Alex', 'Sam', 'Robin']
        >>> [s.name for s in Setup(players=("", "", ""), kinds=("human", "good", "good")).seats()]
        ['You', 'Robin', 'Sam']
        >>> [s.name for s in Setup(players=("", "Ann", "")).seats()]
        ['Bob', 'Ann', 'Cleo']
        """
        kinds = [self.kinds[i] if i < len(self.kinds) else "human" for i in range(len(self.players))]
        names = [form_name(name) for name in self.players]
        taken = {name.casefold() for name in names}
        pool = computer_names(t)
        friends = (name for name in people_names(t) if name.casefold() not in taken)
        out = []
        for name, kind in zip(names, kinds):
            if kind == "human":
                alone = kinds.count("human") == 1 and not name
                out.append(Seat.human(you_name(t) if alone else name or next(friends, "")))  # "": the engine's
                continue
            if not name:  # its level's own name (game.coach.bots.LADDER), else the first no seat has
                own = rival_name(Level(kind), t)
                name = (
                    own
                    if own.casefold() not in taken
                    else next((n for n in pool if n.casefold() not in taken), pool[0])
                )
                taken.add(name.casefold())
            out.append(Seat.computer(name, Level(kind)))  # past 5 seats: refused later
        return out

    def seed_value(self) -> int | str | None:
        """The seed: a whole number when the text is one (and fits), the text otherwise, None when empty.

        >>> Setup(seed="42").seed_value(), Setup(seed="x1").seed_value(), Setup(seed="").seed_value()
        (42, 'x1', None)
        """
        seed = self.seed.strip()
        if seed.isascii() and seed.isdigit() and int(seed) <= MAX_SEED:
            return int(seed)
        return seed or None

    def start(self, t: Text = ENGLISH) -> Match:
        """A new match from these choices (raises a ValueError subclass naming what is wrong)."""
        draw = Draw.ENTERED if self.real_dice else Draw.SEAT if self.seed_own else Draw.TYPED
        return new_match(self.ruleset(), self.seats(t=t), games=self.games, seed=self.seed_value(), t=t, draw=draw)


def new_session(setup: Setup, problems: tuple[LinkProblem, ...] = (), t: Text = ENGLISH) -> Session:
    """A new table from a setup and its parsing problems (a ValueError naming what is wrong).

    Here, not in game.coach.session: a setup is the page's (a layer up); the session takes plain values.
    ``t`` words the names of unnamed seats ("Player 2"). The error's ``str`` joins the problems'
    English messages (for developers); a player reads each problem's ``text(t)``.

    >>> new_session(*parse_link("?rules=yatzy&undo=0")).undo_allowed
    False
    >>> new_session(*parse_link("?games=9"))
    Traceback (most recent call last):
    ...
    game.core.refusals.SetupError: games='9' is not a number of games from 1 to 6
    """
    if problems:
        raise SetupError(" ".join(problem.message for problem in problems), Refusal.BAD_SETUP)
    return Session(setup.start(t=t), undo_allowed=setup.undo, pass_phone=setup.pass_phone, remote=setup.remote)


def _whole(text: str, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high`` written in ASCII digits, or None.

    >>> _whole("3", 1, 6), _whole("³", 1, 6), _whole("9" * 5000, 1, 6)
    (3, None, None)
    """
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= len(str(high)) and low <= int(text) <= high:
        return int(text)
    return None


def form_name(name: str) -> str:
    """A name as the form holds it: as a seat will have it (game.core.cards.clean_name), wherever it came
    from (a link's 20,000 characters would otherwise be remembered, and exported, whole).

    >>> form_name("  Ann   Lee "), len(form_name("x" * 20_000))
    ('Ann Lee', 32)
    """
    return clean_name(name)


def _players(setup: Setup, value: str) -> tuple[Setup, LinkProblem | None]:
    names = tuple(form_name(name) for name in value.split(","))
    if not 1 <= len(names) <= MAX_PLAYERS:
        return setup, LinkProblem.of("players", "players", count=len(names), most=MAX_PLAYERS)
    return replace(setup, players=names), None


def _games(setup: Setup, value: str) -> tuple[Setup, LinkProblem | None]:
    games = _whole(value, 1, MAX_GAMES)
    if games is None:
        return setup, LinkProblem.of("games", "games", value=value, most=MAX_GAMES)
    return replace(setup, games=games), None


def _seed(setup: Setup, value: str) -> tuple[Setup, LinkProblem | None]:
    if not value.strip() or len(value) > SEED_LENGTH:
        return setup, LinkProblem.of("seed", "seed", count=SEED_LENGTH)
    return replace(setup, seed=value.strip()), None


def _flag(param: str, field_name: str) -> Callable[[Setup, str], tuple[Setup, LinkProblem | None]]:
    """The parser of an on/off link parameter that sets the Setup field ``field_name``."""

    def parse(setup: Setup, value: str) -> tuple[Setup, LinkProblem | None]:
        flag = _FLAG_WORDS.get(value.strip().lower())
        if flag is None:
            return setup, LinkProblem.of(param, param, value=value)
        changes: dict[str, Any] = {field_name: flag}  # a bool field, named by the parser's caller
        return replace(setup, **changes), None

    return parse


def _cpu(setup: Setup, value: str) -> tuple[Setup, LinkProblem | None]:
    kinds = list(setup.kinds) + ["human"] * (MAX_PLAYERS - len(setup.kinds))
    for item in value.split(","):
        seat, _, level = item.partition(":")
        number = _whole(seat, 1, MAX_PLAYERS)
        if number is None or level not in CPU_LEVELS:
            return setup, LinkProblem.of("cpu", "cpu", value=value, levels=", ".join(CPU_LEVELS))
        kinds[number - 1] = level
    return replace(setup, kinds=tuple(kinds)), None


def _rules(setup: Setup, value: str) -> tuple[Setup, LinkProblem | None]:
    try:
        chosen = variants.variant(value.strip().lower())
    except UnknownRuleSetError:
        return setup, LinkProblem.of("rules", "rules", value=value, names=variants.known_names())
    return replace(setup, rules=chosen.name), None


_TABLE_PARSERS = {
    "rules": _rules,
    "players": _players,
    "games": _games,
    "seed": _seed,
    "cpu": _cpu,
    "undo": _flag("undo", "undo"),
    "pass": _flag("pass", "pass_phone"),
    "remote": _flag("remote", "remote"),
}


def _with_options(setup: Setup, texts: Sequence[tuple[str, str]]) -> tuple[Setup, list[LinkProblem]]:
    """Apply option texts to the chosen rule set's options; an option it does not take is a problem."""
    chosen = variants.variant(setup.rules)
    given = dict(setup.options)
    problems = []
    for key, text in texts:
        try:
            spec = chosen.option(key)
        except RulesError:
            problems.append(LinkProblem.unknown_option(chosen, key))
            continue
        try:
            given[key] = spec.from_text(chosen.title, text)
        except RulesError:
            problems.append(LinkProblem.bad_option(chosen, spec, text))
    return replace(setup, options=tuple(given.items())), problems


def _pairs(query: str | Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """A query string (``?a=1&b=2``) or already-decoded (key, value) pairs, as pairs.

    The browser shell passes pairs decoded by URLSearchParams, so that urllib.parse (slow to
    import in Pyodide) is only imported where a string is given: in CPython and tests.
    """
    if isinstance(query, str):
        from urllib.parse import parse_qsl

        return parse_qsl(query.lstrip("?"), keep_blank_values=True)
    return [(str(key), str(value)) for key, value in query]


def has_start_params(query: str | Sequence[tuple[str, str]]) -> bool:
    """Whether a page address's query asks for a new match.

    >>> has_start_params("?rules=yatzy"), has_start_params("?utm=x"), has_start_params([])
    (True, False, False)
    """
    return any(key in START_PARAMS for key, _ in _pairs(query))


def parse_link(
    query: str | Sequence[tuple[str, str]], base: Setup | None = None
) -> tuple[Setup, tuple[LinkProblem, ...]]:
    """The setup a link asks for, and the problems of any parameter that could not be used.

    Parameters not given keep their defaults; bad ones are reported and left at their default.

    >>> parse_link("?rules=custom&dice=3&sides=4")[0].ruleset().title
    'Custom 3 dice × 4 sides'
    >>> parse_link("?rules=yacht&joker=free")[1][0].message
    "unknown option 'joker' for yacht; yacht takes no options"
    >>> parse_link("?players=Ann&cpu=2:perfect")[0].seats()[1].level
    <Level.PERFECT: 'perfect'>
    """
    setup = base or Setup()
    problems: list[LinkProblem] = []
    option_texts = []
    seen: set[str] = set()
    for key, value in _pairs(query):
        if key in START_PARAMS and key in seen:
            problems.append(LinkProblem.of(key, "repeated", param=key))
            continue
        seen.add(key)
        if key in _TABLE_PARSERS:
            setup, problem = _TABLE_PARSERS[key](setup, value)
            if problem:
                problems.append(problem)
        elif key in START_PARAMS:
            option_texts.append((key, value))
    setup, option_problems = _with_options(setup, option_texts)
    problems += option_problems
    return _computer_seats(setup, problems)


def _computer_seats(setup: Setup, problems: list[LinkProblem]) -> tuple[Setup, tuple[LinkProblem, ...]]:
    """Seats past the named players are added for computers only: never a nameless person between.

    >>> _computer_seats(Setup(players=("Ann",), kinds=("human", "good", "easy")), [])[0].players
    ('Ann', '', '')
    >>> _computer_seats(Setup(players=("Ann",), kinds=("human",) * 4 + ("easy",)), [])[1][0].message
    'cpu: seat 5 is a computer, but only 1 player is named and seats 2 to 4 would have nobody; name them in players, or make them computers too'
    """
    named = len(setup.players)
    computers = [i + 1 for i, kind in enumerate(setup.kinds) if kind != "human"]
    needed = max(computers, default=0)
    empty = [seat for seat in range(named + 1, needed + 1) if seat not in computers]
    if empty:
        if len(empty) == 1:
            problem = LinkProblem.of("cpu", "cpu-seat", seat=needed, count=named, empty=empty[0])
        else:
            problem = LinkProblem.of("cpu", "cpu-seats", seat=needed, count=named, first=empty[0], last=empty[-1])
        return replace(setup, kinds=setup.kinds[:named]), tuple(problems) + (problem,)
    if needed > named:  # cpu=3:good with two names: the third seat is the computer
        setup = replace(setup, players=setup.players + ("",) * (needed - named))
    return setup, tuple(problems)


def setup_from_fields(fields: Mapping[str, str]) -> tuple[Setup, tuple[LinkProblem, ...]]:
    """The setup the form's raw field values describe (see game.present.forms.setup_form), and any problems.

    Options are the fields ``"<rule set>.<option>"`` of the chosen rule set; checkboxes are "1" or "0".

    >>> setup, problems = setup_from_fields({"rules": "generalized", "generalized.dice": "3", "count": "1", "name1": "Zoe"})
    >>> setup.players, setup.ruleset().dice, problems
    (('Zoe',), 3, ())
    >>> setup_from_fields({"rules": "generalized", "generalized.dice": "40"})[1][0].message
    'dice=40 is outside 2..10 for Custom dice (at most 10 dice)'
    """
    count = _whole(fields.get("count", "2"), 1, MAX_PLAYERS) or 2
    kinds = tuple(fields.get(f"kind{i}", "human") for i in range(1, count + 1))
    setup = Setup(
        players=tuple(form_name(str(fields.get(f"name{i}", ""))) for i in range(1, count + 1)),
        kinds=tuple(kind if kind in CPU_LEVELS else "human" for kind in kinds),
        seed=fields.get("seed", "").strip()[:SEED_LENGTH],
        undo=fields.get("undo", "1") == "1",
        pass_phone=fields.get("pass", "0") == "1",
        remote=fields.get("remote", "0") == "1",
    )
    problems: list[LinkProblem] = []
    for key in ("rules", "games"):
        if key in fields:
            setup, problem = _TABLE_PARSERS[key](setup, fields[key])
            if problem:
                problems.append(problem)
    prefix = f"{setup.rules}."
    texts = [(key.removeprefix(prefix), value) for key, value in fields.items() if key.startswith(prefix)]
    setup, option_problems = _with_options(setup, texts)
    return setup, tuple(problems + option_problems)


def quick_setup(
    fields: Mapping[str, str], quick: Quick | str, day: date | None = None, rival: Level | None = None
) -> tuple[Setup, tuple[LinkProblem, ...]]:
    """A one-tap match of the lobby from the form's fields, and their problems (as setup_from_fields).

    The rule set, options, games, seed and undo are the form's; the seats come from its rows, shown
    or not: the first person's name (alone), the first two people's (passing the phone), the first
    person's and the first computer's name and level (Good where no row is a computer; a ``rival``, the lobby's
    ladder's, nameless at that level instead: game.present.setup.climb). A blank name
    is named by Setup.seats. The daily game (``day``, UTC) takes only the rule set and the first
    person's name: one game of the standard rules (in forced order where it is chosen) on the day's seed
    (game.records.daily), and no undo, which would show the dice to come (a slot's dice are the same after an undo).
    Real dice (the score of a game played on a table) takes the seats the form shows, every one a person, and keeps
    undo on: it mends a mis-entered roll; with separate phones chosen, each phone sends its turn and its faces.

    >>> fields = {"rules": "yatzy", "count": "3", "name1": "Ann", "kind2": "perfect", "name3": "Bob", "undo": "1"}
    >>> for quick in Quick:
    ...     setup = quick_setup(fields, quick, date(2026, 11, 24))[0]
    ...     print(quick.value, setup.rules, [s.name for s in setup.seats()], setup.kinds, setup.pass_phone, setup.undo)
    solo yatzy ['Ann'] ('human',) False True
    computer yatzy ['Ann', 'Alex'] ('human', 'perfect') False True
    pass yatzy ['Ann', 'Bob'] ('human', 'human') True True
    daily yatzy ['Ann'] ('human',) False False
    real yatzy ['Ann', 'Cleo', 'Bob'] ('human', 'human', 'human') False True
    >>> quick_setup(fields, "daily", date(2026, 11, 24))[0].seed
    'daily:2026-11-24:yatzy'
    >>> quick_setup(fields | {"yatzy.forced_order": "1"}, "daily", date(2026, 11, 24))[0].seed
    'daily:2026-11-24:yatzy-forced'
    """
    quick = Quick(quick)
    setup, problems = setup_from_fields(fields)
    rows = [
        (form_name(str(fields.get(f"name{i}", ""))), fields.get(f"kind{i}", "human")) for i in range(1, MAX_PLAYERS + 1)
    ]
    people = [(name, "human") for name, kind in rows if kind not in CPU_LEVELS] + [("", "human")] * 2
    computers = [(name, kind) for name, kind in rows if kind in CPU_LEVELS] + [("", Level.GOOD.value)]
    computers = computers if rival is None else [("", Level(rival).value)]
    if quick is Quick.DAILY:
        if day is None:
            raise ValueError("the daily game needs its day (UTC)")
        from game.records import daily

        # forced order, where chosen, is a daily game of its own (its own seed and result); other options are not
        forced = dict(setup.options).get("forced_order") is True
        name = daily.game_name(setup.rules, forced)
        options = (("forced_order", True),) if name != setup.rules else ()
        day_seed = daily.seed(name, day)
        setup = Setup(setup.rules, options, people[0][:1], ("human",), seed=day_seed, undo=False, seed_own=True)
        return setup, tuple(problem for problem in problems if problem.param == "rules")  # its own options
    if quick is Quick.REAL:  # the seats the form shows, every one a person: the dice are on the table, not the phone
        count = _whole(fields.get("count", "2"), 1, MAX_PLAYERS) or 2
        shown = tuple(name for name, _ in rows[:count])
        real = Setup(setup.rules, setup.options, shown, ("human",) * count, setup.games, remote=setup.remote)
        return replace(real, real_dice=True), problems  # on separate phones too: each sends its turn's faces
    seats = {Quick.SOLO: people[:1], Quick.COMPUTER: [people[0], computers[0]], Quick.PASS: people[:2]}[quick]
    players, kinds = zip(*seats)
    passing = quick is Quick.PASS  # two people on one phone: never a match sent between phones
    return replace(
        setup, players=players, kinds=kinds, pass_phone=passing, remote=setup.remote and not passing
    ), problems


def form_values(setup: Setup) -> dict[str, str]:
    """The form's field values for ``setup`` (the inverse of setup_from_fields), to fill the form.

    >>> values = form_values(Setup(rules="yacht", players=("Ann",), games=3))
    >>> values["rules"], values["count"], values["name1"], values["games"], values["yahtzee.joker"]
    ('yacht', '1', 'Ann', '3', 'forced')
    """
    given = dict(setup.options)
    out = {
        "rules": setup.rules,
        "count": str(len(setup.players)),
        "games": str(setup.games),
        "seed": setup.seed,
        "undo": "1" if setup.undo else "0",
        "pass": "1" if setup.pass_phone else "0",
        "remote": "1" if setup.remote else "0",
    }
    for v in variants.VARIANTS.values():
        for option in v.options:
            value = given.get(option.name, option.default) if v.name == setup.rules else option.default
            out[f"{v.name}.{option.name}"] = ("1" if value else "0") if isinstance(value, bool) else str(value)
    for seat in range(1, MAX_PLAYERS + 1):
        out[f"name{seat}"] = setup.players[seat - 1] if seat <= len(setup.players) else ""
        out[f"kind{seat}"] = setup.kinds[seat - 1] if seat <= len(setup.kinds) else "human"
    return out
