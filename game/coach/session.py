"""The table as a value: the match, who sits in each seat, hints, coaching feedback and undo.

The page only draws a :class:`Session` and asks it for steps: a person's action, an undo, the
computer's next move, hints on or off. Each step returns a :class:`Step`, the session after it
and what changed; a refused step returns the same session with the refusal, so nothing changes.
Computer turns, "that cost you X points" and undo live here, testable in CPython; the page only
schedules what :attr:`Session.next` says and draws.

>>> from game.core.actions import Score
>>> from game.core.engine import new_match
>>> s = Session(new_match("yahtzee", ["Ann", "Bob"], seed=7)).act(Roll()).session
>>> after = s.act(Score("chance")).session
>>> after.match.current_name, after.undo().session.match == s.match
('Bob', True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from game.coach.coaching import Coach
from game.coach.pacing import Pace
from game.coach.undo import Undo, is_undo_record, refusal, undo_point
from game.core import marks, saves
from game.core.actions import Action, Decision, Hold, Roll
from game.core.cards import Level, SeatKind
from game.core.engine import Match
from game.core.inputs import MAX_SETTINGS_BYTES, read_json
from game.core.refusals import GameError, Refusal, SaveError, TableError

if TYPE_CHECKING:  # types only: the coach's modules load on first need
    from game.coach.advice import Hint, Report
    from game.coach.winning import WinChances

__all__ = ["SESSION_FORMAT", "SESSION_VERSION", "Next", "Feedback", "Step", "Session"]

SESSION_FORMAT = "yacht-dice/session"
"""The ``format`` tag of a saved session (a bare match, format ``yacht-dice/match``, is version 1)."""
SESSION_VERSION = 2
FEEDBACK_THRESHOLD = 0.05
"""Expected points lost below which a person's choice is not remarked on."""


class Next(Enum):
    """Who the table waits for."""

    PERSON = "person"  # a person's turn, or between games
    COMPUTER = "computer"  # a computer seat: the page schedules computer_step()
    OVER = "over"  # the match is over


@dataclass(frozen=True)
class Feedback:
    """What a person's choice cost against the best one (for a seat that asked for hints).

    >>> from game.core.actions import Score
    >>> Feedback(0, 4.5, Score("yacht")).best
    Score(category='yacht')
    """

    player: int
    loss: float
    best: Decision


@dataclass(frozen=True)
class Step:
    """What one step did: the session after it, the match before it, and what there is to say.

    ``finished`` is the index of a game this step completed (to record in the history: an undo never
    opens a completed game again, game.coach.undo).
    """

    session: Session
    before: Match
    refusal: GameError | None = None
    feedback: Feedback | None = None
    undone: Undo | None = None
    finished: int | None = None


@dataclass(frozen=True)
class Session:
    """The table: a match, undo allowed or not, seats with hints on, the last feedback and the undos.

    >>> from game.core.engine import new_match
    >>> Session(new_match("yacht", ["Ann"], seed=1)).next
    <Next.PERSON: 'person'>
    """

    match: Match
    undo_allowed: bool = True
    hints: frozenset[int] = frozenset()
    undos: tuple[Undo, ...] = ()
    pass_phone: bool = False  # the "Bob's turn" screen between people (game.coach.moments.handover)
    remote: bool = False  # the match travels by link between people's phones (a "Send to Bob" screen)
    floor: int = 0  # actions undo never takes back: those a link brought, or made before the phone was passed
    marks: tuple[str, ...] = ()  # the phones each seat was played on (game.core.marks): a match by link's
    shared: bool = False  # the daily game or a challenge: no undo, no hints, final (game.app.shared keeps it)
    open_hints: bool = False  # a shared game that allows hints all the same (a challenge sent "with hints")
    hinted: frozenset[tuple[int, int]] = frozenset()  # (game, seat) of every seat that had hints on in a game
    began: str = ""  # when the match began (UTC ISO, as the page said it), "" where it is not known
    feedback: Feedback | None = field(default=None, compare=False)
    # None only until __post_init__ gives the session its rule set's coach, so it reads as always a Coach.
    coach: Coach = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.coach is None or self.coach.ruleset != self.match.ruleset:
            object.__setattr__(self, "coach", Coach(self.match.ruleset))

    # ----------------------------------------------------------------- queries

    @property
    def next(self) -> Next:
        """Whom the table waits for: a person, a computer, or nobody (the match is over)."""
        match = self.match
        if match.finished:
            return Next.OVER
        if not match.game_over and match.current_seat.kind is SeatKind.COMPUTER:
            return Next.COMPUTER
        return Next.PERSON

    @property
    def hints_allowed(self) -> bool:
        """Whether hints may be asked for: not in a shared game, unless it allows them (open_hints)."""
        return not self.shared or self.open_hints

    @property
    def can_undo(self) -> bool:
        """Whether an undo would be accepted now."""
        return self._undo_refusal() is None

    def _undo_refusal(self) -> TableError | None:
        off = not self.undo_allowed or self.shared
        return refusal(self.match, off, self.floor, self.remote)

    def wants_hint(self) -> bool:
        """Whether the person to move asked for hints and has a decision to make."""
        match = self.match
        wanted = match.player in self.hints and self.hints_allowed  # a shared game has none, whatever its save says
        return self.next is Next.PERSON and wanted and match.rolls > 0 and not match.game_over

    def table_needed(self) -> str | None:
        """The advisor table to fetch before the next step, if any (for hints or a Perfect computer;
        a computer that plays to win needs the spread table too)."""
        level = self.match.current_seat.level if self.next is Next.COMPUTER else None
        if level is Level.WIN:
            return self.coach.needs_spread()
        return self.coach.needs_table() if level is Level.PERFECT or self.hints else None

    def win_chances(self, target: int | None = None) -> WinChances | None:
        """Each seat's chance of winning the current game (a game.coach.winning.WinChances); for one seat,
        its chance of beating ``target`` (None: no target, no chances). Asked for by the page.

        >>> from game.core.engine import new_match
        >>> [round(p, 6) for p in Session(new_match("yacht", ["Ann", "Bob"], seed=1)).win_chances().chances]
        [0.5, 0.5]
        """
        from game.coach import advice as coach

        match = self.match
        if len(match.seats) > 1:
            return coach.win_chances(self.coach.winning, match)
        return None if target is None else coach.target_chance(self.coach.winning, match, target)

    def hint(self) -> Hint | None:
        """The options of the decision in front of the person to move (a game.coach.advice.Hint), or None."""
        if not self.wants_hint():
            return None
        from game.coach import advice as coach

        return coach.hint(self.coach.advisor, self.match, self.coach.odds)

    def review(self, player: int, game: int | None = None) -> Report:
        """A seat's decisions in a game (default: the current one) against the best (a game.coach.advice.Report)."""
        from game.coach import advice as coach

        game = self.match.game if game is None else game
        return coach.review(self.coach.advisor, self.match, game, player, self.coach.odds)

    def undo_count(self, player: int, game: int | None = None) -> int:
        """How many undos a seat made in a game (default: the current one)."""
        game = self.match.game if game is None else game
        return sum(1 for undo in self.undos if (undo.game, undo.player) == (game, player))

    # ----------------------------------------------------------------- steps

    def _refused(self, error: TableError) -> Step:
        return Step(self, self.match, refusal=error)

    def _apply(self, action: Action, by_person: bool) -> Step:
        try:
            after = self.match.apply(action)
        except GameError as error:
            return Step(self, self.match, refusal=error)
        feedback = self._feedback(action) if by_person else self.feedback
        finished = self.match.game if after.game_over and not self.match.game_over else None
        hinted = self.hinted
        if len(after.cards) > len(self.match.cards):  # a new game: the seats with hints on have them in it too
            hinted |= {(after.game, seat) for seat in self.hints}
        session = replace(self, match=after, feedback=feedback, hinted=hinted)
        return Step(session, self.match, feedback=feedback if by_person else None, finished=finished)

    def _feedback(self, action: Action) -> Feedback | None:
        """The cost of a person's decision, when their seat asked for hints."""
        seat = self.match.player
        if seat not in self.hints or not self.hints_allowed or self.coach.needs_table() is not None:
            return None
        from game.coach import advice as coach

        lost = coach.cost(self.coach.advisor, self.match, action)
        if lost is None or lost[0] < FEEDBACK_THRESHOLD:
            return None
        return Feedback(seat, lost[0], lost[1].action)

    def act(self, action: Action) -> Step:
        """A person's action (refused while a computer plays).

        A refusal's ``str`` is for developers; ``refusal.text(t)`` words it for the player.

        >>> from game.core.engine import new_match
        >>> refusal = Session(new_match("yacht", ["Ann"], seed=1)).act(Hold(0)).refusal
        >>> str(refusal), refusal.text()
        ('Ann cannot hold die 1: roll the dice first', 'Ann cannot hold die 1: roll the dice first')
        """
        if self.next is Next.COMPUTER:
            name = self.match.current_name
            return self._refused(
                TableError(
                    f"{name} (computer) is playing: wait, or press Skip to the result.",
                    Refusal.COMPUTER_PLAYING,
                    {"name": name},
                )
            )
        return self._apply(action, by_person=True)

    def computer_move(self) -> Action | None:
        """The next action of the computer seat to move (None when a person, or nobody, is to move).

        >>> from game.core.cards import Seat
        >>> from game.core.engine import new_match
        >>> Session(new_match("yacht", [Seat.computer("CPU", "easy")], seed=1)).computer_move()
        Roll(faces=None)
        """
        if self.next is not Next.COMPUTER:
            return None
        from game.coach import advice as coach

        level = self.match.current_seat.level
        assert level is not None  # a computer seat always has its level
        winning = self.coach.winning if level is Level.WIN else None
        return coach.bot_step(self.coach.advisor, self.match, level, winning)[0]

    def computer_step(self) -> Step:
        """Play the computer's next action (one hold, one roll or one score)."""
        action = self.computer_move()
        if action is None:
            return self._refused(
                TableError("No computer player is to move now.", Refusal.NOT_YOUR_TURN, case="computer")
            )
        return self._apply(action, by_person=False)

    def pause_before(self, action: Action, pace: Pace = Pace.RELAXED) -> float:
        """Seconds to wait before a computer's action at ``pace`` (game.coach.pacing), so people can follow it: a
        thrown die lands first.

        >>> from game.core.cards import Seat
        >>> from game.core.engine import new_match
        >>> s = Session(new_match("yacht", [Seat.computer("Cy", "easy")], seed=1))
        >>> rolled = replace(s, match=s.match.roll())
        >>> s.pause_before(Roll()), rolled.pause_before(Hold(0)), rolled.pause_before(Hold(0), Pace.BRISK)
        (0.7, 0.81, 0.45)
        """
        timing = pace.timing
        last = self.match.actions[-1] if self.match.actions else None
        thrown = timing.land if isinstance(last, Roll) else 0.0
        if isinstance(action, Hold):
            wait = timing.before_hold
        elif isinstance(action, Roll):
            wait = timing.before_roll if isinstance(last, (Roll, Hold)) else timing.before_turn
        else:
            wait = timing.before_score
        return round(thrown + wait, 3)

    def undo(self) -> Step:
        """Take back a person's last hold or score, made since the last roll (game.coach.undo says why no more).

        A roll is never taken back, nor a computer's action, nor a turn sent by link, nor the box that ended a game:
        undo mends a mis-tap, it never shows a die before its roll or takes back what another person has seen or
        been sent.

        >>> from game.core.engine import new_match
        >>> s = Session(new_match("yacht", ["Ann"], seed=1), undo_allowed=False).act(Roll()).session
        >>> str(s.undo().refusal)
        'Undo is off for this match.'
        """
        refusal = self._undo_refusal()
        if refusal is not None:
            return self._refused(refusal)
        point = undo_point(self.match)
        assert point is not None  # _undo_refusal refuses otherwise
        index, seat = point
        match = self.match
        restored = match.begun().apply_all(match.actions[:index])
        record = Undo(match.game, seat, len(match.actions) - index)
        session = replace(self, match=restored, undos=self.undos + (record,), feedback=None)
        return Step(session, match, undone=record)

    def passed(self) -> Session:
        """The session once the phone was passed to the next person (its pass screen's Start): what was played
        before is theirs to see, never to take back, as a turn sent by link is.

        >>> from game.core.engine import new_match
        >>> from game.core.actions import Score
        >>> s = Session(new_match("yacht", ["Ann", "Bob"], seed=1).roll(), pass_phone=True)
        >>> s = s.act(Score("choice")).session
        >>> s.can_undo, s.passed().can_undo, s.passed().floor
        (True, False, 2)
        """
        return replace(self, floor=max(self.floor, len(self.match.actions)))

    def marked(self, seat: int, phone: str) -> Session:
        """The session after a person scored a turn of ``seat`` on the phone ``phone`` (game.core.marks).

        >>> from game.core.engine import new_match
        >>> Session(new_match("yacht", ["Ann", "Bob"], seed=1)).marked(1, "BBBBBB").marks
        ('', 'BBBBBB')
        """
        return replace(self, marks=marks.marked(self.marks or ("",) * len(self.match.seats), seat, phone))

    def with_hints(self, on: bool) -> Session:
        """Hints on or off for the seat to move.

        >>> from game.core.engine import new_match
        >>> sorted(Session(new_match("yacht", ["Ann"], seed=1)).with_hints(True).hints)
        [0]
        """
        if not self.hints_allowed:
            return self  # a shared game is played without hints: its result is compared with others'
        seat = self.match.player
        if not on:
            return replace(self, hints=self.hints - {seat})
        return replace(self, hints=self.hints | {seat}, hinted=self.hinted | {(self.match.game, seat)})

    def played_alone(self, seat: int, game: int = 0) -> bool:
        """Whether ``seat`` played ``game`` with no undo and no hint: a result that can be compared with others'.

        >>> from game.core.engine import new_match
        >>> s = Session(new_match("yacht", ["Ann"], seed=1))
        >>> s.played_alone(0), s.with_hints(True).with_hints(False).played_alone(0)
        (True, False)
        """
        return self.undo_count(seat, game) == 0 and (game, seat) not in self.hinted

    # ----------------------------------------------------------------- save

    def to_dict(self) -> dict[str, Any]:
        """The save: plain JSON data, versioned; :meth:`from_dict` restores it exactly.

        >>> from game.core.engine import new_match
        >>> data = Session(new_match("yacht", ["Ann"], seed=1)).to_dict()
        >>> data["format"], data["version"], data["undo"], data["match"]["version"]
        ('yacht-dice/session', 2, True, 3)
        """
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "match": saves.to_dict(self.match),
            "undo": self.undo_allowed,
            "hints": sorted(self.hints),
            "undos": [[undo.game, undo.player, undo.actions] for undo in self.undos],
            "pass": self.pass_phone,
            **({"remote": True, "floor": self.floor} if self.remote else {"floor": self.floor} if self.floor else {}),
            **({"marks": list(self.marks)} if self.marks else {}),
            **({"shared": True} if self.shared else {}),
            **({"openHints": True} if self.open_hints else {}),
            **({"hinted": sorted(map(list, self.hinted))} if self.hinted else {}),
            **({"began": self.began} if self.began else {}),
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as compact JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any, legacy_hints: Any = None) -> Session:
        """The session a save describes: this version's, or a bare match saved by format 1.

        ``legacy_hints`` is format 1's separate hints record (``{"seed": "7", "players": [0]}``),
        used only when its seed is the match's. Anything else raises SaveError naming the problem.

        >>> from game.core.engine import new_match
        >>> old = saves.to_dict(new_match("yacht", ["Ann"], seed=7))
        >>> sorted(Session.from_dict(old, {"seed": "7", "players": [0]}).hints)
        [0]
        """
        if isinstance(data, Mapping) and data.get("format") == SESSION_FORMAT:
            return cls._from_v2(data)
        match = saves.from_dict(data)
        hints: frozenset[int] = frozenset()
        if isinstance(legacy_hints, Mapping) and legacy_hints.get("seed") == str(match.seed):
            players = legacy_hints.get("players")
            if isinstance(players, list):
                hints = frozenset(p for p in players if _seat_number(p, match))
        return cls(match, hints=hints)

    @classmethod
    def _from_v2(cls, data: Mapping[str, Any]) -> Session:
        version = data.get("version")
        if version != SESSION_VERSION or isinstance(version, bool):
            raise SaveError(f"unsupported session version {version!r} (this build reads version {SESSION_VERSION})")
        expected, optional = (
            {"format", "version", "match", "undo", "hints", "undos"},
            {"pass", "remote", "floor", "marks", "shared", "hinted", "began", "openHints"},
        )  # each added since: the pass screen; matches by link ("remote", "floor", "marks"); fair play
        if not expected <= set(data) <= expected | optional:
            raise SaveError(
                f"the session save has fields {sorted(map(str, data))}, not {sorted(expected)} (and {sorted(optional)})"
            )
        match = saves.from_dict(data["match"])
        if not isinstance(data["undo"], bool):
            raise SaveError(f"the session's undo setting must be true or false, not {data['undo']!r}")
        hints = data["hints"]
        if not isinstance(hints, list) or not all(_seat_number(seat, match) for seat in hints):
            raise SaveError(f"the session's hints must list seats of the match, not {hints!r}")
        undos = data["undos"]
        if not isinstance(undos, list) or not all(is_undo_record(item, match) for item in undos):
            raise SaveError(f"the session's undos must be [game, seat, actions] records, not {undos!r}")
        if not isinstance(data.get("pass", False), bool):
            raise SaveError(f"the session's pass setting must be true or false, not {data['pass']!r}")
        remote, floor = data.get("remote", False), data.get("floor", 0)
        if not isinstance(remote, bool) or type(floor) is not int or not 0 <= floor <= len(match.actions):
            raise SaveError(
                f"the session's remote setting and floor must be true or false and a count of its actions, "
                f"not {remote!r} and {floor!r}"
            )
        seat_marks = data.get("marks", [])
        if not isinstance(seat_marks, list) or not marks.valid(seat_marks, len(match.seats)):
            raise SaveError(f"the session's marks must be one phone mark a seat, not {seat_marks!r}")
        shared, hinted, began = data.get("shared", False), data.get("hinted", []), data.get("began", "")
        open_hints = data.get("openHints", False)
        if (
            shared not in (False, True)
            or open_hints not in (False, True)
            or not isinstance(began, str)
            or len(began) > 40
        ):
            raise SaveError(f"the session's shared setting and start must be true or false and a time, not {shared!r}")
        if not isinstance(hinted, list) or not all(_game_seat(item, match) for item in hinted):
            raise SaveError(f"the session's hinted seats must be [game, seat] pairs, not {hinted!r}"[:200])
        return cls(
            match,
            data["undo"],
            frozenset(hints),
            tuple(Undo(*item) for item in undos),
            data.get("pass", False),
            remote,
            floor,
            marks=tuple(seat_marks),
            shared=bool(shared),
            open_hints=bool(open_hints),
            hinted=frozenset((game, seat) for game, seat in hinted),
            began=began,
        )

    @classmethod
    def from_json(cls, text: str, legacy_hints: str | None = None) -> Session:
        """The session saved as JSON text, read strictly (game.core.inputs); SaveError on anything else.

        >>> Session.from_json("[" * 10_000 + "]" * 10_000)
        Traceback (most recent call last):
        ...
        game.core.refusals.SaveError: the saved match nests 10000 levels deep; at most 64 are read
        """
        data = read_json(text)
        try:
            hints = read_json(legacy_hints, "hints record", MAX_SETTINGS_BYTES) if legacy_hints else None
        except SaveError:
            hints = None  # a bad hints record only loses the hints
        return cls.from_dict(data, hints)


def _seat_number(value: Any, match: Match) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(match.seats)


def _game_seat(value: Any, match: Match) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and type(value[0]) is int
        and 0 <= value[0] < len(match.cards)
        and _seat_number(value[1], match)
    )
