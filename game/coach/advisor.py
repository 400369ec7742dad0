"""The exact optimal advisor: maximum expected final score for solitaire play.

Standard library only (it runs in Pyodide). The classic dynamic program:

* A *turn-start state* is ``(filled, up, flag)``: the set of filled categories (a bit mask in
  scorecard order), the upper subtotal capped at the bonus threshold (always 0 when the rule
  set has no upper bonus) and, only when the rule set has a Yahtzee bonus, whether the Yahtzee
  box holds its points (``flag`` 1) rather than 0 or nothing.
* Its value is the expected sum of all points still to come under optimal play: boxes still to
  fill, the upper bonus when it is still to be earned, future Yahtzee bonuses.
* Inside a turn, with ``s`` rolls left, ``V_s[roll]`` is the best value of the roll and
  ``K_s[keep] = E[V_s[keep + rerolled dice]]``; ``K`` is computed for every kept multiset by
  averaging over one more die at a time, and ``V_{s+1}[roll]`` is the best ``K_s`` over the
  roll's sub-multisets (found by removing one die at a time). Everything runs on the 252 sorted
  rolls and 462 keeps of 5 six-sided dice (other shapes alike). The rolls, keeps and program
  live in :mod:`game.coach.model`.

An :class:`Advisor` serves one rule set and keeps everything it computed (the model, the table,
a solve, the last turns). Where its turn-start values come from, in this order (see is_exact):

1. A table (shipped: Yacht, Yahtzee with each joker rule and with/without the Yahtzee bonus,
   Yatzy). ``tools/build_tables.py`` (NumPy, offline) writes them to ``static/tables/``
   (``game.core.variants.table_name(ruleset)``; ``manifest.json`` lists them; the format is
   :mod:`game.coach.tables`). In the browser the owner fetches the bytes and calls
   :meth:`Advisor.load_table`; in CPython a table not loaded is read from ``table_dir``.
2. Small custom dice: every state solved here in pure Python on first use (game.coach.solve,
   within its SOLVE_BUDGET); forced order too, whose turn starts are few (game.coach.ordered).
3. Otherwise a one-turn advisor, flagged ``exact=False``: this turn is played exactly against a
   heuristic value of the card after it (:meth:`Advisor.heuristic_options`); for huge shapes
   (more than MAX_KEEPS kept multisets) keeps are valued by a few sample rerolls instead
   (game.coach.sampled).

Where the rule set saves rolls (``RuleSet.saved_rolls``, Maxi Yatzy) neither a table nor a solve
knows them, so the one-turn advisor plays, and ``rolls_left`` counts the saved rolls too. Scoring
with rolls unused saves them for the card's later turns; :meth:`Advisor.options` adds their
estimated worth to every way of stopping (:meth:`game.coach.solve.Heuristic.saved_value`: one
turn's gain from j extra rolls is the mean over the boxes of its par with j more rolls, less its
par, counted twice, the saved rolls shared among the turns left as well as they can be), so each roll is spent
only where it gains more now than it is worth kept. :meth:`Advisor.heuristic_options` (the Good
computer) gives saved rolls no worth: it spends every roll it has that gains anything.

>>> from game.core.variants import ruleset
>>> best = Advisor(ruleset("yacht")).options({}, [6, 6, 6, 6, 6], rolls_left=2)[0]
>>> best.action
Score(category='yacht')
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.coach.model import Model, Values, check_rolls_left, modelable, most_rolls_left, sub_keeps
from game.coach.ordered import Ordered
from game.coach.sampled import sampled
from game.coach.solve import Heuristic, Solved, fits_budget, solve
from game.coach.tables import Table, TableMismatchError, spread_name
from game.core.actions import Decision, Keep, Score
from game.core.i18n import N_
from game.core.refusals import GameError
from game.core.rules import RuleSet
from game.core.variants import table_name

__all__ = ("Advisor", "Option", "TABLE_DIR", "TableMismatchError", "TableMissingError")

TABLE_DIR = Path(__file__).resolve().parents[2] / "static" / "tables"  # the site root, two floors above game/coach/
TURN_CACHE = 64  # turn-start states whose within-turn values an Advisor keeps (least recent out)
KEEPS_CACHE = 512  # rolls whose keep actions an Advisor keeps (all 252 of five six-sided dice)


class TableMissingError(GameError, LookupError):
    """The rule set needs a table that was not loaded (and is too large to solve here).

    >>> issubclass(TableMissingError, LookupError), TableMissingError("no table").text()
    (True, "The optimal player's table for these rules is not loaded.")
    """

    # Translators: the optimal player's table (a file of numbers the page fetches) was not fetched (yet) for these rules.
    words = N_("The optimal player's table for these rules is not loaded.")


@dataclass(frozen=True)
class Option:
    """One choice of a decision and the expected final score if it is taken.

    ``action`` is a :class:`~game.core.actions.Keep` (faces ascending, fewer than all dice) or a
    :class:`~game.core.actions.Score`. ``expected`` is the expected *final* score of the game: the
    points already on the card, the upper bonus if the card already earned it, the Yahtzee
    bonuses passed to :meth:`Advisor.options`, and the expected points still to come with
    optimal play afterwards. ``exact`` is False when the advisor only plays this turn exactly
    (large custom dice shapes without a table).

    >>> Option(Score("chance"), 22.0)
    Option(action=Score(category='chance'), expected=22.0, exact=True)
    """

    action: Decision
    expected: float
    exact: bool = True


class _Turn:
    """The within-turn values of one turn-start state, computed stage by stage on demand.

    ``saved(s)``, where given, is the worth of the s rolls that stopping with s rolls left saves:
    with it a roll's value is the best of stopping (scoring, plus that worth) and every keep of
    fewer than all the dice (keeping all would throw a roll away).
    """

    def __init__(
        self, m: Model, src: Values, mask: int, up: int, flag: int, saved: Callable[[int], float] | None = None
    ) -> None:
        self.m = m
        self.V = [m.v0(src, mask, up, flag)]
        self.K: list[list[list[float]]] = []
        self.saved = saved

    def keep_values(self, rolls_left: int) -> list[list[float]]:
        """K for a reroll made with rolls_left rolls left (it leaves rolls_left - 1)."""
        while len(self.K) < rolls_left:
            s = len(self.K)
            if len(self.V) <= s:
                self.V.append(self._up(s))
            self.K.append(self.m.down(self.V[s]))
        return self.K[rolls_left - 1]

    def roll_values(self, rolls_left: int) -> list[float]:
        """V with rolls_left rolls left (max over scoring now and every keep)."""
        while len(self.V) <= rolls_left:
            self.keep_values(len(self.V))
            self.V.append(self._up(len(self.V)))
        return self.V[rolls_left]

    def _up(self, s: int) -> list[float]:
        """V_s from K_{s-1}; where rolls are saved, keeping all the dice is stopping with s saved."""
        K = self.K[s - 1]
        if self.saved is None:
            return self.m.up(K)
        worth = self.saved(s)
        return self.m.up(K[:-1] + [[v + worth for v in self.V[0]]])


class Advisor:
    """The advice for one rule set; it keeps what it computes, so its owner holds on to it.

    ``table_dir`` is where a table not loaded is looked for (CPython: the repository's
    static/tables; in the browser that folder does not exist and the owner calls
    :meth:`load_table` with the bytes it fetched); None never reads files.

    >>> from game.core.variants import ruleset
    >>> Advisor(ruleset("yatzy"))
    Advisor(ruleset('yatzy'))
    """

    def __init__(self, ruleset: RuleSet, table_dir: Path | None = TABLE_DIR) -> None:
        self.ruleset = ruleset
        self.table_dir = table_dir
        self._model: Model | None = None
        self._table: Table | None = None
        self._no_file = False  # table_dir was tried and has no table
        self._spread: Table | None = None
        self._no_spread_file = False
        self._solved: Solved | Ordered | None = None
        self._can_solve: bool | None = None  # whether a solve fits SOLVE_BUDGET, once known
        self._heuristic: Heuristic | None = None
        self._turns: dict[tuple[int, int, int, bool, bool], _Turn] = {}  # least recently used first
        self._saves = ruleset.saved_rolls  # no table or solve knows saved rolls: the one-turn advisor
        self._scores: dict[str, Score] = {c.id: Score(c.id) for c in ruleset.categories}
        self._keeps: dict[tuple[int, ...], list[tuple[int, int, Keep]]] = {}  # roll -> (size, index, Keep)

    def __repr__(self) -> str:
        return f"Advisor({self.ruleset!r})"

    @property
    def table_name(self) -> str:
        """The file name of the rule set's table (under static/tables/, shipped or not).

        >>> from game.core.variants import ruleset
        >>> Advisor(ruleset("yahtzee", joker="free")).table_name
        'yahtzee.joker-free.bin'
        """
        return table_name(self.ruleset)

    @property
    def model(self) -> Model:
        """The rule set's rolls, keeps and within-turn program (built on first use).

        >>> from game.core.variants import ruleset
        >>> Advisor(ruleset("yacht")).model.R  # the distinct rolls of five six-sided dice
        252
        """
        if self._model is None:
            self._model = Model(self.ruleset)
        return self._model

    def load_table(self, data: bytes) -> float:
        """Use a table's bytes (as fetched from static/tables/); returns the fresh card's value.

        Raises TableMismatchError when the bytes were built for other rules.

        >>> from game.core.variants import ruleset
        >>> adv = Advisor(ruleset("yacht"), table_dir=None)
        >>> round(adv.load_table((TABLE_DIR / adv.table_name).read_bytes()), 2)
        166.99
        """
        self._table = Table(self.model, data)
        self._turns.clear()
        return self._table.expected

    def with_table(self, data: bytes) -> Advisor:
        """A new advisor like this one that uses a table's bytes (as fetched from static/tables/); this one
        unchanged (the game's coach is a value: game.coach.coaching). TableMismatchError as load_table.

        >>> from game.core.variants import ruleset
        >>> adv = Advisor(ruleset("yacht"), table_dir=None)
        >>> loaded = adv.with_table((TABLE_DIR / adv.table_name).read_bytes())
        >>> adv.has_table(), loaded.has_table(), round(loaded.expected_score(), 2)
        (False, True, 166.99)
        """
        table = Table(self.model, data)
        new = self._copy()
        new._table = table
        return new

    def with_spread(self, data: bytes) -> Advisor:
        """A new advisor like this one that uses a spread table's bytes (load_spread); this one unchanged."""
        spread = Table(self.model, data, spread=True)
        new = self._copy()
        new._spread = spread
        return new

    def _copy(self) -> Advisor:
        """A copy sharing what does not hang on the tables (the model, a solve, the heuristic), with its own caches."""
        new = copy.copy(self)
        new._turns, new._keeps = {}, dict(self._keeps)
        return new

    @property
    def spread_name(self) -> str:
        """The file name of the rule set's spread table (beside its value table).

        >>> from game.core.variants import ruleset
        >>> Advisor(ruleset("yatzy")).spread_name
        'yatzy.sd.bin'
        """
        return spread_name(self.table_name)

    def load_spread(self, data: bytes) -> float:
        """Use a spread table's bytes: the standard deviation of the points to come from each
        turn start under this advisor's play (game.coach.winning); returns the fresh card's.

        Raises TableMismatchError when the bytes were built for other rules or hold values.

        >>> from game.core.variants import ruleset
        >>> adv = Advisor(ruleset("yahtzee"), table_dir=None)
        >>> round(adv.load_spread((TABLE_DIR / adv.spread_name).read_bytes()), 2)  # the published 59.61
        59.61
        """
        self._spread = Table(self.model, data, spread=True)
        return self._spread.expected

    def spread(self) -> Table | None:
        """The spread table, loaded or found in ``table_dir`` (None: the rule set has none here).

        >>> from game.core.variants import ruleset
        >>> Advisor(ruleset("yacht")).spread().row(0, 0)[0] > 30, Advisor(ruleset("generalized", dice=3, sides=4)).spread()
        (True, None)
        """
        if self._spread is None and not self._no_spread_file:
            data = self._read(self.spread_name)
            if data is None:
                self._no_spread_file = True
                return None
            self._spread = Table(self.model, data, spread=True)
        return self._spread

    def _read(self, name: str) -> bytes | None:
        """A table file's bytes from ``table_dir`` (None: no folder or no file; in the browser the
        owner fetches and loads tables instead)."""
        try:
            return None if self.table_dir is None else (self.table_dir / name).read_bytes()
        except OSError:
            return None

    def _find_table(self) -> Table | None:
        if self._saves or self.ruleset.forced_order:  # no table knows saved rolls; forced order needs none
            return None
        if self._table is None and not self._no_file:
            data = self._read(self.table_name)
            if data is None:
                self._no_file = True
                return None
            self._table = Table(self.model, data)
        return self._table

    def has_table(self) -> bool:
        """Whether a table is loaded (or found in ``table_dir``).

        >>> from game.core.variants import ruleset
        >>> Advisor(ruleset("yacht")).has_table(), Advisor(ruleset("generalized", dice=7, sides=9)).has_table()
        (True, False)
        """
        return self._find_table() is not None

    def _solvable(self) -> bool:
        """Whether a pure-Python solve of every turn-start state fits SOLVE_BUDGET (game.coach.solve)."""
        if self._can_solve is None:
            forced = self.ruleset.forced_order
            self._can_solve = not self._saves and (forced or fits_budget(self.ruleset, lambda: self.model))
        return self._can_solve

    def is_exact(self) -> bool:
        """Whether options() is exactly optimal (a table, or small enough to solve here).

        >>> from game.core.variants import ruleset
        >>> Advisor(ruleset("yacht")).is_exact(), Advisor(ruleset("generalized", dice=2, sides=2)).is_exact()
        (True, True)
        >>> Advisor(ruleset("generalized", dice=7, sides=9)).is_exact(), Advisor(ruleset("maxi")).is_exact()
        (False, False)
        """
        if self._solved is not None or self._find_table() is not None:
            return True
        return modelable(self.ruleset) and self._solvable()

    def source(self) -> Values | None:
        """Where turn-start values come from; None when the dice are too many to model."""
        if not modelable(self.ruleset):
            return None
        table = self._find_table()
        if table is not None:
            return table
        if self._solved is None and self._solvable():
            forced = self.ruleset.forced_order
            self._solved = Ordered(self.model) if forced else Solved(self.model, solve(self.model))
        return self._solved if self._solved is not None else self._heuristic_values()

    def _heuristic_values(self) -> Heuristic:
        if self._heuristic is None:
            self._heuristic = Heuristic(self.model)
        return self._heuristic

    def expected_score(self) -> float:
        """The optimal expected final score of a fresh scorecard.

        Raises TableMissingError when no table is loaded and the rule set is too large to
        solve here (see is_exact).

        >>> from game.core.variants import ruleset
        >>> round(Advisor(ruleset("yacht")).expected_score(), 4)
        166.9881
        >>> round(Advisor(ruleset("generalized", dice=2, sides=3)).expected_score(), 4)
        152.4081
        """
        src = self.source()
        if src is None or not src.exact:
            raise TableMissingError(
                f"no table loaded for {self.ruleset!r} ({self.table_name}) and too large to solve here"
            )
        return src.expected

    def options(
        self, scores: Mapping[str, int], dice: Sequence[int], rolls_left: int, *, yahtzee_bonus: int = 0
    ) -> list[Option]:
        """Every legal option of one decision with its expected final score, best first.

        ``scores`` maps each filled category id to its points; ``dice`` are the faces showing;
        ``rolls_left`` is 2 after the first roll of a 3-roll turn, 0 after the last (saved rolls
        included where the rule set saves them: then stopping saves them, at their worth). Keeps are
        offered only while rolls are left (``Keep(())`` rerolls every die); scoring options are
        exactly ``ruleset.choices(scores, dice)``. ``expected`` = points written + upper bonus if
        earned + ``yahtzee_bonus`` (the Yahtzee bonus points already earned, which the scorecard
        cannot show) + the optimal expectation of everything still to come (including any Yahtzee
        bonus this roll earns). Ties keep scorecard order, scoring before keeping. Exact
        (``exact=True``) when is_exact(); otherwise the one-turn advisor of heuristic_options.

        >>> from game.core.variants import ruleset
        >>> best = Advisor(ruleset("yacht")).options({}, [1, 2, 3, 4, 6], rolls_left=1)[0]
        >>> best.action, round(best.expected, 2)
        (Keep(faces=(1, 2, 3, 4)), 162.5)
        >>> maxi = Advisor(ruleset("maxi"))  # a full straight with 4 rolls left: score it, save them
        >>> [(o.action, round(o.expected, 1)) for o in maxi.options({}, [1, 2, 3, 4, 5, 6], rolls_left=4)[:2]]
        [(Score(category='full_straight'), 241.2), (Score(category='large_straight'), 235.6)]
        """
        src = self.source()
        if src is None:
            return self._sampled(scores, dice, rolls_left, yahtzee_bonus)
        return self._rank(scores, dice, rolls_left, yahtzee_bonus, src, self._saves)

    def heuristic_options(
        self, scores: Mapping[str, int], dice: Sequence[int], rolls_left: int, *, yahtzee_bonus: int = 0
    ) -> list[Option]:
        """The one-turn advisor (no table): exact play of this turn against a heuristic future, exact=False.

        The position after the turn is valued at each open box's one-turn par (its expected
        score when a whole turn aims at it) plus a rough chance of the upper bonus and of more
        Yahtzee bonuses. Same contract as options(); ``expected`` is an estimate. Rolls the rule set
        would save for later turns are given no worth here (options() weighs them).

        >>> from game.core.variants import ruleset
        >>> best = Advisor(ruleset("yahtzee")).heuristic_options({}, [2, 3, 4, 5, 6], rolls_left=2)[0]
        >>> best.action, best.exact
        (Score(category='large_straight'), False)
        """
        if not modelable(self.ruleset):
            return self._sampled(scores, dice, rolls_left, yahtzee_bonus)
        return self._rank(scores, dice, rolls_left, yahtzee_bonus, self._heuristic_values(), False)

    # -- one decision -------------------------------------------------------------------------

    def saved_worth(self, mask: int) -> Callable[[int], float]:
        """The worth of the rolls a turn from this filled set saves by stopping with s rolls left
        (its later turns share them; see game.coach.solve.Heuristic.saved_value).

        >>> from game.core.variants import ruleset
        >>> round(Advisor(ruleset("maxi")).saved_worth(0)(2), 2)
        9.81
        """
        turns = self.model.open_boxes(mask) - 1  # the turns after this one
        value = self._heuristic_values().saved_value
        return lambda s: value(s, turns)

    def _turn(self, src: Values, mask: int, up: int, flag: int, saving: bool = False) -> _Turn:
        key = (mask, up, flag, src.exact, saving)
        turn = self._turns.pop(key, None)
        if turn is None:
            turn = _Turn(self.model, src, mask, up, flag, self.saved_worth(mask) if saving else None)
            if len(self._turns) >= TURN_CACHE:
                del self._turns[next(iter(self._turns))]
        self._turns[key] = turn  # most recent last
        return turn

    def keeps_of(self, faces: tuple[int, ...]) -> list[tuple[int, int, Keep]]:
        """The roll's keeps as (size, index in model.keeps[size], action), memoized per roll."""
        got = self._keeps.get(faces)
        if got is None:
            if len(self._keeps) >= KEEPS_CACHE:
                del self._keeps[next(iter(self._keeps))]
            kidx = self.model.kidx
            got = self._keeps[faces] = [(len(k), kidx[len(k)][k], Keep(k)) for k in sub_keeps(faces)]
        return got

    def position(
        self, scores: Mapping[str, int], dice: Sequence[int], rolls_left: int, yahtzee_bonus: int
    ) -> tuple[tuple[int, ...], tuple[int, int, int], int, list[tuple[Score, int, int, int, int]]]:
        """One decision, checked and set out: the faces (ascending), the turn-start state, the points
        on the card, and each box the roll may be scored in as (action, mask, up, flag after it,
        points it adds with the bonuses it earns). ValueError for a decision that cannot be."""
        rs, m = self.ruleset, self.model
        faces = tuple(sorted(rs.validate_dice(dice)))
        check_rolls_left(rolls_left, most_rolls_left(rs))
        mask, up, flag = m.state(scores)
        if mask == m.full:
            raise ValueError("the scorecard is full: no decision is left")
        bonus = rs.yahtzee_bonus(scores, faces)
        scorings = []
        for cid, points in rs.choices(scores, faces).items():
            m2, up2, f2, extra = m.succ(m.index[cid], points, mask, up, flag)
            scorings.append((self._scores[cid], m2, up2, f2, points + bonus + extra))
        return faces, (mask, up, flag), rs.totals(scores, yahtzee_bonus).grand_total, scorings

    def _rank(
        self,
        scores: Mapping[str, int],
        dice: Sequence[int],
        rolls_left: int,
        yahtzee_bonus: int,
        src: Values,
        saving: bool,
    ) -> list[Option]:
        """The options ranked; ``saving``: stopping saves the rolls left, at their worth (saved_worth)."""
        faces, (mask, up, flag), base, scorings = self.position(scores, dice, rolls_left, yahtzee_bonus)
        exact = src.exact
        kept = base + (self.saved_worth(mask)(rolls_left) if saving else 0.0)
        out = [Option(score, kept + gain + src.row(m2, f2)[up2], exact) for score, m2, up2, f2, gain in scorings]
        if rolls_left:
            K = self._turn(src, mask, up, flag, saving).keep_values(rolls_left)
            for size, index, keep in self.keeps_of(faces):
                out.append(Option(keep, base + K[size][index], exact))
        out.sort(key=lambda o: -o.expected)
        return out

    def _sampled(
        self, scores: Mapping[str, int], dice: Sequence[int], rolls_left: int, yahtzee_bonus: int
    ) -> list[Option]:
        """Huge dice shapes: the sampled advisor's values (game.coach.sampled), ranked. exact=False."""
        out = [
            Option(action, value, False)
            for action, value in sampled(self.ruleset, scores, dice, rolls_left, yahtzee_bonus)
        ]
        out.sort(key=lambda o: -o.expected)
        return out
