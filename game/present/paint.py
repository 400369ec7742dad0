"""The table as page changes: what changed since the last draw, as static/js/page-patch.js's ops.

An op is ``(where, changes)``: ``where`` an element id or ``(selector, index)``; ``changes`` as
docs/protocol.md's ``apply`` takes them. :class:`Drawn` remembers what the page shows, so a draw
writes only what changed; it is a value, replaced at each draw, never changed in place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.engine import Match
from game.core.i18n import Text
from game.present import controls, feel, markup, standings, view

if TYPE_CHECKING:  # the session is the app's, handed in; its module loads the coach
    from game.coach.session import Session

HEADS = "#scorecard thead th[data-seat]"
"""The scorecard's column heads: one per seat in each of its tables (game.present.markup.scorecard), in order."""

MOTION = {
    "toss": [dict(f) for f in feel.TOSS],
    "motion": feel.MOTION,
    "flick": [dict(f) for f in feel.FLICK],
    "flickMotion": feel.FLICK_MOTION,
}
"""game.present.feel's keyframes, as static/js/page-patch.js tosses a die with them."""


def cell_at(key: tuple[str, int]) -> tuple[str, int]:
    """Where a scorecard cell is: a selector and which match.

    >>> cell_at(("yacht", 1))
    ('#scorecard td[data-row="yacht"][data-player="1"]', 0)
    """
    row, player = key
    return f'#scorecard td[data-row={json.dumps(row, ensure_ascii=False)}][data-player="{int(player)}"]', 0


def die_at(index: int) -> tuple[str, int]:
    """Where a die's button is.

    >>> die_at(2)
    ('#dice button[data-die="2"]', 0)
    """
    return f'#dice button[data-die="{int(index)}"]', 0


def box_at(category: str) -> tuple[str, int]:
    """Where a box's choice button is (the hint marks the best one)."""
    return f"#scorecard button[data-category={json.dumps(category, ensure_ascii=False)}]", 0


def show(element_id: str, visible: bool = True) -> tuple:
    """The op that shows (or hides) an element."""
    return element_id, {"hidden": not visible}


def say(words: str) -> tuple:
    """The notice's op: an explanation shown, or hidden when empty."""
    return "notice", {"text": words, "hidden": not words}


@dataclass(frozen=True)
class Drawn:
    """What the page shows of the table: the layout's shape and each part's last value."""

    shape: tuple | None = None
    values: dict = field(default_factory=dict)

    def changed(self, updates: dict) -> Drawn:
        return Drawn(self.shape, {**self.values, **updates})


def element_ops(drawn: Drawn, elements: dict[str, controls.Element], seen: dict) -> list:
    """Give each element by id the text, visibility, check and attributes the view says (if changed)."""
    ops = []
    for element_id, want in elements.items():
        if drawn.values.get(element_id) == want:
            continue
        seen[element_id] = want
        changes: dict = {"attrs": dict(want.attributes)}
        for name, value in (("text", want.text), ("hidden", want.hidden), ("checked", want.checked)):
            if value is not None:
                changes[name] = value
        ops.append((element_id, changes))
    return ops


def die_ops(drawn: Drawn, die: view.Die, match: Match, thrown: bool, seen: dict) -> list:
    """One die: its face (tumbling to it when ``thrown``), held (a pressed button) and whether a tap does anything."""
    old = drawn.values.get(("die", die.index))
    if old == die and not thrown:
        return []
    seen[("die", die.index)] = die
    changes: dict = {
        "attrs": {
            "aria-label": die.label,
            "aria-pressed": "true" if die.held else "false",
            "aria-disabled": "false" if die.enabled else "true",
        },
        "toggle": {"die-empty": die.face is None},
    }
    if old is None or old.face != die.face or thrown:
        tumble = feel.tumble(die.face, die.index, match.ruleset.sides, match.draws) if thrown and die.face else ()
        changes["html"] = markup.die_face(die.face, match.ruleset.sides, tumble)
        changes["toss"] = bool(tumble)
    return [(die_at(die.index), changes)]


def table(
    drawn: Drawn, session: Session, t: Text, status: str, handing: str | None, thrown: frozenset[int] = frozenset()
) -> tuple[Drawn, list, standings.Results | None]:
    """The ops that bring the page to ``session``'s table, the new Drawn, and the standings when new.

    >>> from game.core.engine import new_match
    >>> from game.coach.session import Session
    >>> from game.core.i18n import ENGLISH
    >>> drawn, ops, _ = table(Drawn(), Session(new_match("yacht", ["Ann"], seed=1)), ENGLISH, "Ann's turn", None)
    >>> ops[0][0], ops[-1]
    ('scorecard', ('status', {'text': "Ann's turn"}))
    >>> table(drawn, Session(new_match("yacht", ["Ann"], seed=1)), ENGLISH, "Ann's turn", None)[1]
    [('status', {'text': "Ann's turn"})]
    """
    match = session.match
    ops: list = []
    shape = (match.ruleset, match.seats, max(match.games, len(match.cards)), t.code)
    if shape != drawn.shape:
        # The scorecard's tables are counted once per shape (a draw per click need not rebuild its rows).
        drawn = Drawn(shape, {"tables": len(view.sections(match.ruleset, shape[2]))})
        card = markup.scorecard(match.ruleset, match.players, shape[2], t=t)
        ops.append(("scorecard", {"html": card, "attrs": {"data-seats": str(len(match.seats))}}))
        ops.append(("dice", {"html": markup.tray(match.ruleset.dice, t=t)}))
    seen: dict = {}
    for key, cell in view.cells(match, t=t).items():
        if drawn.values.get(key) != cell:
            seen[key] = cell
            ops.append((cell_at(key), {"class": " ".join(cell.classes), "html": markup.cell(key[0], cell)}))
    current = view.current_seat(match)
    seats, tables = len(match.seats), drawn.values["tables"]
    for index in range(seats):
        if drawn.values.get(("head", index)) != (index == current):
            seen[("head", index)] = index == current
            ops += [
                ((HEADS, table * seats + index), {"toggle": {"current": index == current}}) for table in range(tables)
            ]
    for die in view.dice(match, t=t):
        ops += die_ops(drawn, die, match, die.index in thrown, seen)
    results = standings.results(match, t=t)
    ops += element_ops(drawn, controls.elements(session, results, t=t, handing=handing), seen)
    marks = view.roll_marks(match)
    if drawn.values.get("marks") != marks:
        seen["marks"] = marks
        ops.append(("roll-marks", {"html": markup.roll_marks(marks)}))
    new_results = results if results is not None and drawn.values.get("standings") != results else None
    seen["standings"] = results
    if new_results is not None:
        ops.append(("standings", {"html": markup.lines(new_results.lines)}))
        outcome = new_results.outcome.value if new_results.outcome else ""
        scene = markup.scene(new_results, t=t)
        ops.append(("scene", {"html": scene, "hidden": not outcome, "attrs": {"data-outcome": outcome}}))
        ops.append(("ending", {"html": markup.lines(new_results.context), "hidden": not new_results.context}))
    seen["status"] = status
    ops.append(("status", {"text": status}))  # page.js writes it only if it differs
    return drawn.changed(seen), ops, new_results
