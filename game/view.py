"""What the page shows, as plain values: the pure half of the user interface.

The browser shell (``game.shell``) turns these values into DOM updates and DOM events into
engine calls; everything worth testing about the page — labels, scorecard cells, status lines,
link parameters — is computed here, in plain Python.

>>> from game.engine import new_match
>>> m = new_match("yahtzee", ["Ann"], seed=1).roll(faces=[3, 3, 3, 5, 5])
>>> status(m)
"Ann's turn, roll 1 of 3"
>>> cells(m)[("full_house", 0)].label
'Full House, 25 points'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from . import rules
from .engine import MAX_GAMES, MAX_PLAYERS, Match, Phase, Seat, SeatKind, new_match

__all__ = [
    "RowKind",
    "Row",
    "Cell",
    "Die",
    "Results",
    "Setup",
    "LinkProblem",
    "RULE_CHOICES",
    "SEAT_KINDS",
    "START_PARAMS",
    "rows",
    "cells",
    "dice",
    "roll_label",
    "status",
    "describe",
    "results",
    "parse_link",
    "has_start_params",
    "setup_from_fields",
    "action_text",
    "report_summary",
    "decision_text",
]

RULE_CHOICES = ("yahtzee", "yatzy", "yacht", "custom")
"""The rule choices of the setup form; "custom" is the Formulae rule set with n dice of d sides."""

START_PARAMS = ("rules", "players", "games", "seed", "upper_bonus", "yahtzee_bonus", "joker", "dice", "sides", "cpu")
"""Link parameters that start a new match (``?rules=yatzy&players=Ann,Bob&games=2&seed=42``)."""

SEAT_KINDS = ("human", "easy", "good", "perfect")
"""Who plays a seat: a person, or the computer at one of its levels (see game.bots.Level)."""


class RowKind(Enum):
    """What a scorecard row holds."""

    CATEGORY = "category"
    SUM = "sum"
    GAME = "game"  # an earlier game's grand total
    MATCH = "match"  # the match total


@dataclass(frozen=True)
class Row:
    """One scorecard row: a key for the DOM, the label people read, and its kind."""

    key: str
    label: str
    kind: RowKind


@dataclass(frozen=True)
class Cell:
    """One scorecard cell. ``label`` is set when the cell is a choice (a button) right now."""

    text: str = ""
    label: str | None = None
    classes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Die:
    """One die of the tray: its face (None before the first roll), held, and its spoken name."""

    index: int
    face: int | None
    held: bool
    label: str
    enabled: bool


@dataclass(frozen=True)
class Results:
    """The standings panel between games and after the match."""

    title: str
    lines: tuple[str, ...]
    winner: str
    can_next: bool
    can_finish: bool
    final: bool


def _upper_bonus_label(ruleset: rules.RuleSet) -> str:
    return f"Upper bonus ({ruleset.upper_bonus_amount} at {ruleset.upper_bonus_threshold})"


def _yahtzee_bonus_label(ruleset: rules.RuleSet) -> str:
    name = ruleset.category(ruleset.yahtzee_id).name if ruleset.yahtzee_id else "Yahtzee"
    return f"{name} bonus"


# Sum rows: (key, label or label function, Totals field, shown when)
_SUMS_UPPER = (
    ("upper_subtotal", "Upper subtotal", lambda rs: rs.upper_bonus_amount > 0),
    ("upper_bonus", _upper_bonus_label, lambda rs: rs.upper_bonus_amount > 0),
    ("upper_total", "Upper total", lambda rs: True),
)
_SUMS_LOWER = (
    ("yahtzee_bonus", _yahtzee_bonus_label, lambda rs: rs.yahtzee_bonus_amount > 0),
    ("lower_total", "Lower total", lambda rs: True),
    ("grand_total", "Grand total", lambda rs: True),
)


def _sum_rows(ruleset: rules.RuleSet, specs) -> list[Row]:
    return [
        Row(key, label(ruleset) if callable(label) else label, RowKind.SUM)
        for key, label, shown in specs
        if shown(ruleset)
    ]


def rows(ruleset: rules.RuleSet, games: int = 1) -> tuple[Row, ...]:
    """The scorecard's rows in order; with more than one game, each game's total and the match's.

    >>> [r.label for r in rows(rules.ruleset("yacht"))][-4:]
    ['Choice', 'Yacht', 'Lower total', 'Grand total']
    >>> [r.key for r in rows(rules.ruleset("yatzy"), games=2)][-3:]
    ['game:0', 'game:1', 'match']
    """
    out = [Row(c.id, c.name, RowKind.CATEGORY) for c in ruleset.upper]
    out += _sum_rows(ruleset, _SUMS_UPPER)
    out += [Row(c.id, c.name, RowKind.CATEGORY) for c in ruleset.lower]
    out += _sum_rows(ruleset, _SUMS_LOWER)
    if games > 1:
        out += [Row(f"game:{g}", f"Game {g + 1}", RowKind.GAME) for g in range(games)]
        out.append(Row("match", "Match total", RowKind.MATCH))
    return tuple(out)


def cells(match: Match) -> dict[tuple[str, int], Cell]:
    """Every scorecard cell of the current game, keyed by (row key, player index).

    The current player's legal categories, once the dice are rolled, are choices labelled
    "<Category>, <points> points"; filled cells show their points; open ones are empty.

    >>> from game.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=2).roll(faces=[2, 2, 2, 2, 2]).score("yacht")
    >>> cells(m)[("yacht", 0)], cells(m)[("grand_total", 0)].text
    (Cell(text='50', label=None, classes=('last',)), '50')
    >>> {key for key, _ in cells(m)} == {row.key for row in rows(m.ruleset)}
    True
    """
    ruleset = match.ruleset
    game = len(match.cards) - 1
    options = match.options()
    last = match.last_scored
    computer = match.current_seat.kind is SeatKind.COMPUTER  # its options show, but are not buttons
    out: dict[tuple[str, int], Cell] = {}
    for player, card in enumerate(match.cards[-1]):
        current = player == match.player and not match.game_over and not match.finished
        mark = ("current",) if current else ()
        scores = card.scores
        for category in ruleset.categories:
            points = scores.get(category.id)
            if points is not None:
                is_last = last is not None and (last.game, last.player, last.category) == (game, player, category.id)
                classes = mark + (("last",) if is_last else ()) + (("scratch",) if points == 0 else ())
                out[(category.id, player)] = Cell(str(points), None, classes)
            elif current and category.id in options and computer:
                out[(category.id, player)] = Cell(str(options[category.id]), None, mark + ("preview",))
            elif current and category.id in options:
                value = options[category.id]
                label = f"{category.name}, {value} point{'' if value == 1 else 's'}"
                out[(category.id, player)] = Cell(str(value), label, mark + (("zero",) if value == 0 else ()))
            else:
                out[(category.id, player)] = Cell("", None, mark)
        totals = ruleset.totals(scores, card.yahtzee_bonus)
        for key, _label, shown in _SUMS_UPPER + _SUMS_LOWER:
            if shown(ruleset):
                out[(key, player)] = Cell(str(getattr(totals, key)), None, mark)
    if len(match.cards) > 1 or match.games > 1:
        played = len(match.cards)
        for g in range(max(match.games, played)):
            for player in range(len(match.seats)):
                text = str(match.game_totals(g)[player]) if g < played else ""
                out[(f"game:{g}", player)] = Cell(text)
        for player, total in enumerate(match.match_totals()):
            out[("match", player)] = Cell(str(total))
    return out


def dice(match: Match) -> tuple[Die, ...]:
    """The dice tray: faces, holds, names ("Die 2, showing 5") and whether a tap does anything.

    >>> from game.engine import new_match
    >>> m = new_match("yahtzee", seed=1)
    >>> dice(m)[0].label, dice(m.roll(faces=[1, 5, 1, 1, 1]))[1].label
    ('Die 1, blank', 'Die 2, showing 5')
    """
    holdable = set(match.holdable())
    out = []
    for index in range(match.ruleset.dice):
        face = match.dice[index] if match.dice else None
        label = f"Die {index + 1}, " + ("blank" if face is None else f"showing {face}")
        out.append(Die(index, face, match.held[index], label, index in holdable))
    return tuple(out)


def roll_label(match: Match) -> str:
    """The roll button's text: it always starts with "Roll" and says how many rolls are left.

    >>> from game.engine import new_match
    >>> roll_label(new_match("yahtzee", seed=1)), roll_label(new_match("yahtzee", seed=1).roll())
    ('Roll (3 left)', 'Roll (2 left)')
    """
    if match.game_over or match.finished:
        return "Roll"
    return f"Roll ({match.rolls_left} left)"


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def status(match: Match) -> str:
    """Whose turn it is and which roll, or where the match stands.

    >>> from game.engine import new_match
    >>> m = new_match("yahtzee", ["Ann"], seed=1)
    >>> status(m), status(m.roll().roll())
    ("Ann's turn: roll the dice", "Ann's turn, roll 2 of 3")
    """
    phase = match.phase
    if phase is Phase.MATCH_OVER:
        return "The match is over. " + _winner_text(match)
    if phase is Phase.GAME_OVER:
        return f"Game {match.game + 1} is over."
    who = _possessive(match.current_name)
    if match.current_seat.kind is SeatKind.COMPUTER:
        who = f"{who} (computer)"
    if phase is Phase.FIRST_ROLL:
        return f"{who} turn: roll the dice"
    text = f"{who} turn, roll {match.rolls} of {match.ruleset.rolls_per_turn}"
    return text + (": choose a category" if phase is Phase.MUST_SCORE else "")


def describe(before: Match, after: Match) -> str:
    """What an action did, for the live region: the dice rolled, or the points scored.

    >>> from game.engine import new_match
    >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[3, 3, 3, 5, 5])
    >>> describe(m, m.score("full_house"))
    "Ann scored 25 in Full House. Bob's turn: roll the dice"
    >>> describe(new_match("yacht", ["Ann"], seed=1), m)
    "Ann's turn, roll 1 of 3: 3 3 3 5 5"
    """
    last = after.last_scored
    if last is not None and last is not before.last_scored:
        name = after.seats[last.player].name
        category = after.ruleset.category(last.category).name
        text = f"{name} scored {last.points} in {category}"
        if last.bonus:
            text += f" and a {last.bonus}-point bonus"
        return f"{text}. {status(after)}"
    if after.rolls > before.rolls or (after.dice and after.dice != before.dice):
        return f"{status(after)}: {' '.join(map(str, after.dice))}"
    return status(after)


def _winner_text(match: Match) -> str:
    standings = match.standings()
    top = [s.name for s in standings if s.rank == 1]
    if len(match.seats) == 1:
        return f"{top[0]} scored {standings[0].total}."
    if len(top) > 1:
        return f"A tie between {' and '.join(top)} with {standings[0].total}."
    return f"{top[0]} wins with {standings[0].total}."


def results(match: Match) -> Results | None:
    """The standings panel once a game is over (None while a game is being played).

    The title is "Final standings" after the match, or once the planned games are played.

    >>> from game.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1)
    >>> for cat in m.ruleset.categories:
    ...     m = m.roll(faces=[6] * 5).score(cat.id).roll(faces=[1] * 5).score(cat.id)
    >>> r = results(m)
    >>> r.title, r.lines[0], r.winner
    ('Final standings', '1. Ann — 164', 'Ann wins with 164.')
    """
    if not (match.game_over or match.finished):
        return None
    final = match.finished or not match.more_games_planned
    standings = match.standings()
    lines = tuple(f"{s.rank}. {s.name} — {s.total}" for s in standings)
    title = "Final standings" if final else f"Standings after game {match.game + 1}"
    return Results(
        title=title,
        lines=lines,
        winner=_winner_text(match) if final else "",
        can_next=match.is_legal(["next_game"]),
        can_finish=match.is_legal(["finish"]) and not final,
        final=final,
    )


# ----------------------------------------------------------------------------- advice


def action_text(ruleset: rules.RuleSet, action) -> str:
    """An advisor action in words: "keep 5 5 5", "reroll all", "score Full House".

    >>> rs = rules.ruleset("yahtzee")
    >>> action_text(rs, ("keep", (5, 5, 5))), action_text(rs, ("keep", ())), action_text(rs, ("score", "full_house"))
    ('keep 5 5 5', 'reroll all', 'score Full House')
    """
    kind, value = action
    if kind == "score":
        return f"score {ruleset.category(value).name}"
    return "keep " + " ".join(map(str, value)) if value else "reroll all"


def report_summary(report) -> str:
    """One line for a player's after-game report.

    >>> from game.coach import Report
    >>> report_summary(Report(()))
    'No decisions to review yet.'
    """
    count = len(report.decisions)
    if not count:
        return "No decisions to review yet."
    return (
        f"{report.best_moves} of {count} decisions were the best move; "
        f"expected points lost in all: {report.total_loss:.1f}."
    )


def decision_text(ruleset: rules.RuleSet, decision) -> str:
    """One costly decision in words, for the report's list of biggest mistakes.

    >>> from game.coach import Decision
    >>> d = Decision(0, 0, 2, (2, 2, 3, 5, 6), 1, ("keep", (2, 2)), 180.0, ("keep", (2, 3, 5, 6)), 184.5)
    >>> decision_text(rules.ruleset("yahtzee"), d)
    'Round 3, dice 2 2 3 5 6 with 1 roll left: you chose keep 2 2; best was keep 2 3 5 6 (−4.5 points)'
    """
    left = decision.rolls_left
    rolls = f"{left} roll{'' if left == 1 else 's'} left" if left else "no rolls left"
    return (
        f"Round {decision.round + 1}, dice {' '.join(map(str, decision.dice))} with {rolls}: "
        f"you chose {action_text(ruleset, decision.chosen)}; best was {action_text(ruleset, decision.best)} "
        f"(−{decision.loss:.1f} points)"
    )


# ----------------------------------------------------------------------------- setup


@dataclass(frozen=True)
class Setup:
    """What a new match is made of: the setup form's fields, or a link's parameters.

    >>> Setup(rules="yatzy", players=("Ann", "Bob"), seed="42").start().ruleset.name
    'yatzy'
    """

    rules: str = "yahtzee"
    upper_bonus: bool = True
    yahtzee_bonus: bool = True
    joker: str = "forced"
    dice: int = 6
    sides: int = 8
    players: tuple[str, ...] = ("", "")
    games: int = 1
    seed: str = ""
    kinds: tuple[str, ...] = ()  # per seat, from SEAT_KINDS; missing seats are human

    def ruleset(self) -> rules.RuleSet:
        """The rule set these choices name (raises rules.RulesError with a clear message)."""
        options = {"upper_bonus": self.upper_bonus, "yahtzee_bonus": self.yahtzee_bonus, "joker": self.joker}
        if self.rules == "custom":
            return rules.ruleset("generalized", dice=self.dice, sides=self.sides, **options)
        if self.rules == "yahtzee":
            return rules.ruleset("yahtzee", **options)
        if self.rules not in RULE_CHOICES:
            raise rules.UnknownRuleSetError(
                f"unknown rules {self.rules!r}: choose one of {', '.join(RULE_CHOICES)}"
            )
        return rules.ruleset(self.rules)

    def seats(self) -> list[Seat]:
        """The seats: people, or computer players with their level.

        >>> [s.kind.value for s in Setup(players=("Ann", ""), kinds=("human", "perfect")).seats()]
        ['human', 'computer']
        """
        out = []
        for index, name in enumerate(self.players):
            kind = self.kinds[index] if index < len(self.kinds) else "human"
            if kind == "human":
                out.append(Seat.human(name))
            else:
                out.append(Seat.computer(name.strip() or f"Computer {index + 1}", kind))
        return out

    def start(self) -> Match:
        """A new match from these choices (raises a ValueError subclass naming what is wrong)."""
        seed = self.seed.strip()
        return new_match(
            self.ruleset(),
            self.seats(),
            games=self.games,
            seed=int(seed) if seed.isdigit() else (seed or None),
        )


@dataclass(frozen=True)
class LinkProblem:
    """One link parameter that could not be used, and why, in words."""

    param: str
    message: str


_BOOL = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False, "no": False, "off": False}
_RULE_ALIASES = {"generalized": "custom", "yahtzee": "yahtzee", "yatzy": "yatzy", "yacht": "yacht", "custom": "custom"}


def _int_in(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if text.isdigit() and low <= int(text) <= high:
        return int(text)
    return None


def _parse_param(setup: Setup, key: str, value: str) -> tuple[Setup, str | None]:
    """Apply one link parameter to ``setup``; return the new setup and a problem, if any."""
    if key == "rules":
        choice = _RULE_ALIASES.get(value.strip().lower())
        if choice is None:
            return setup, f"rules={value!r} is not a rule set: use yahtzee, yatzy, yacht or custom"
        return replace(setup, rules=choice), None
    if key == "players":
        names = tuple(name.strip() for name in value.split(","))
        if not 1 <= len(names) <= MAX_PLAYERS:
            return setup, f"players: {len(names)} names given; a match has 1 to {MAX_PLAYERS} players"
        return replace(setup, players=names), None
    if key == "games":
        games = _int_in(value, 1, MAX_GAMES)
        if games is None:
            return setup, f"games={value!r} is not a number of games from 1 to {MAX_GAMES}"
        return replace(setup, games=games), None
    if key == "seed":
        if not value.strip() or len(value) > 64:
            return setup, "seed must be 1 to 64 characters"
        return replace(setup, seed=value.strip()), None
    if key in ("upper_bonus", "yahtzee_bonus"):
        flag = _BOOL.get(value.strip().lower())
        if flag is None:
            return setup, f"{key}={value!r} must be 1 or 0 (on or off)"
        return replace(setup, **{key: flag}), None
    if key == "cpu":
        kinds = list(setup.kinds) + ["human"] * (MAX_PLAYERS - len(setup.kinds))
        for item in value.split(","):
            seat, _, level = item.partition(":")
            number = _int_in(seat, 1, MAX_PLAYERS)
            if number is None or level not in SEAT_KINDS[1:]:
                return setup, f"cpu={value!r}: use seat:level pairs such as 2:perfect (levels easy, good, perfect)"
            kinds[number - 1] = level
        return replace(setup, kinds=tuple(kinds)), None
    if key == "joker":
        if value not in ("forced", "free", "none"):
            return setup, f"joker={value!r} must be forced, free or none"
        return replace(setup, joker=value), None
    low, high = (2, 10) if key == "dice" else (2, 20)
    number = _int_in(value, low, high)
    if number is None:
        return setup, f"{key}={value!r} must be a whole number from {low} to {high}"
    return replace(setup, **{key: number}), None


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


def parse_link(query: str | Sequence[tuple[str, str]], base: Setup | None = None) -> tuple[Setup, tuple[LinkProblem, ...]]:
    """The setup a link asks for, and the problems of any parameter that could not be used.

    Parameters not given keep their defaults; bad ones are reported and left at their default.

    >>> setup, problems = parse_link("?rules=yatzy&players=Ann,Bob&games=2&seed=42")
    >>> setup.rules, setup.players, setup.games, setup.seed, problems
    ('yatzy', ('Ann', 'Bob'), 2, '42', ())
    >>> parse_link("?games=9")[1][0].message
    "games='9' is not a number of games from 1 to 6"
    >>> parse_link("?players=Ann&cpu=2:perfect")[0].seats()[1]
    Seat(name='Computer 2', kind=<SeatKind.COMPUTER: 'computer'>, level='perfect')
    """
    setup = base or Setup()
    problems: list[LinkProblem] = []
    for key, value in _pairs(query):
        if key not in START_PARAMS:
            continue
        setup, problem = _parse_param(setup, key, value)
        if problem:
            problems.append(LinkProblem(key, problem))
    needed = max((i + 1 for i, kind in enumerate(setup.kinds) if kind != "human"), default=0)
    if needed > len(setup.players):  # cpu=3:good with two names: the third seat is the computer
        setup = replace(setup, players=setup.players + ("",) * (needed - len(setup.players)))
    if not problems:
        try:
            setup.ruleset()
        except rules.RulesError as error:
            problems.append(LinkProblem("rules", str(error)))
    return setup, tuple(problems)


def setup_from_fields(fields: Mapping[str, str]) -> tuple[Setup, tuple[LinkProblem, ...]]:
    """The setup the form's raw field values describe, and any field that could not be used.

    The shell reads the fields; parsing them here shares the link's checks and messages.

    >>> setup, problems = setup_from_fields({"rules": "custom", "dice": "3", "sides": "4", "count": "1", "name1": "Zoe"})
    >>> setup.players, setup.dice, problems
    (('Zoe',), 3, ())
    >>> setup_from_fields({"rules": "custom", "dice": "40"})[1][0].message
    "dice='40' must be a whole number from 2 to 10"
    """
    count = _int_in(fields.get("count", "2"), 1, MAX_PLAYERS) or 2
    setup = Setup(
        rules=fields.get("rules", "yahtzee"),
        upper_bonus=fields.get("upper_bonus", "1") == "1",
        yahtzee_bonus=fields.get("yahtzee_bonus", "1") == "1",
        joker=fields.get("joker", "forced"),
        players=tuple(fields.get(f"name{i}", "") for i in range(1, count + 1)),
        seed=fields.get("seed", "").strip(),
        kinds=tuple(k if k in SEAT_KINDS else "human" for k in (fields.get(f"kind{i}", "human") for i in range(1, count + 1))),
    )
    checked = ["games"] + (["dice", "sides"] if setup.rules == "custom" else [])
    problems = []
    for key in checked:
        if key in fields:
            setup, problem = _parse_param(setup, key, fields[key])
            if problem:
                problems.append(LinkProblem(key, problem))
    return setup, tuple(problems)
