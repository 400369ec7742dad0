"""The table as page changes: what changed between two tables, as static/js/page-patch.js's ops.

An op is ``(where, changes)``: ``where`` an element id or ``(selector, index)``; ``changes`` as
docs/protocol.md's ``apply`` takes them. A :class:`Table` is what the page shows of the table, so a draw
writes only what changed between the table shown and the new one (game.app.view).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.coach.moments import computer_plays, mood
from game.core.cards import SeatKind
from game.core.engine import Match
from game.core.entered import entered
from game.core.i18n import Text
from game.present import board_view, controls, entry, feel, markup, standings, words
from game.present.banter import quipped, rooting, teaser
from game.present.ops import (
    Change,
    Op,
    SetAttrs,
    SetChecked,
    SetClass,
    SetHidden,
    SetHtml,
    SetText,
    Toss,
    attrs,
    toggle,
)

if TYPE_CHECKING:  # the session is the app's, handed in; its module loads the coach
    from game.coach.session import Session

HEADS = "#scorecard thead th[data-seat]"
"""The scorecard's column heads: one per seat in each of its tables (game.present.markup.scorecard), in order."""
BIG_BOX = 25
"""The points from which a person's box gets the felt's large flourish (a Full House, a straight, a Yahtzee, a big
Three of a Kind or Chance); below, a smaller one (app.css, #gain[data-size])."""

JACKPOT = 50
"""The points from which a box written with all dice alike is a Yahtzee's (Yacht's, Yatzy's, Maxi Yatzy's) and gets
the felt's largest flourish (app.css, #gain[data-size="jackpot"]): five sixes in Sixes are 30, no jackpot."""

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


def hinted_box(match: Match, hinted: tuple) -> str | None:
    """The box the hint's marks (``(where, mark)`` pairs: game.app.state.App.hinted) star as the best, or None.

    >>> from game.core.engine import new_match
    >>> hinted_box(new_match("yacht", seed=1), ((box_at("choice"), "hint-best"), (die_at(0), "hint-keep")))
    'choice'
    """
    starred = {at for at, mark in hinted if mark == "hint-best"}
    return next((box.id for box in match.ruleset.categories if box_at(box.id) in starred), None)


def say(words: str) -> Op:
    """The notice's op: an explanation shown, or hidden when empty."""
    return Op("notice", (SetText(words), SetHidden(not words)))


def element_ops(old: dict[str, controls.Element], elements: dict[str, controls.Element]) -> list[Op]:
    """Give each element by id the text, visibility, check and attributes the view says (if changed)."""
    ops = []
    for element_id, want in elements.items():
        if old.get(element_id) == want:
            continue
        changes: list[Change] = [SetAttrs(tuple(want.attributes))]
        changes += [SetText(want.text)] if want.text is not None else []
        changes += [SetHidden(want.hidden)] if want.hidden is not None else []
        changes += [SetChecked(want.checked)] if want.checked is not None else []
        ops.append(Op(element_id, tuple(changes)))
    return ops


def die_ops(old: board_view.Die | None, die: board_view.Die, match: Match, thrown: bool) -> list[Op]:
    """One die: its face (tumbling to it when ``thrown``, along its own flight: game.present.feel.throw), held (a
    pressed button), whether a tap does anything, and the pose it lies in."""
    if old == die and not thrown:
        return []
    held, enabled = "true" if die.held else "false", "false" if die.enabled else "true"
    # a kept die's place on the shelf from its left: a tall phone's rack lays the kept dice out by it (app.css)
    changes: list[Change] = [
        attrs(
            aria_label=die.label,
            aria_pressed=held,
            aria_disabled=enabled,
            data_pose=str(die.pose),
            data_move=str(die.move),
            data_rank=str(feel.shelf_order(match).index(die.index)) if die.held else "",
        ),
        toggle(die_empty=die.face is None),
    ]
    if old is None or old.face != die.face or thrown:
        tumble = feel.tumble(die.face, die.index, match.ruleset.sides, match.draws) if thrown and die.face else ()
        changes.append(SetHtml(markup.die_face(die.face, match.ruleset.sides, tumble)))
        # a turn's first roll pours the dice out of the cup they stood in (app.css), a later one throws them in
        cup = (match.ruleset.dice, old is not None and old.face is None)
        changes.append(Toss(feel.throw(die.index, die.pose, *cup) if tumble else None))
    return [Op(die_at(die.index), tuple(changes))]


PAGE = ("html", 0)
"""The page's root: the table's computer's face is drawn in every part of the page (app.css's data-rival)."""


@dataclass(frozen=True)
class Table:
    """What the page shows of the table: its layout's shape and each part's value (a value, compared, never changed).

    ``thrown`` are the dice that tumble to their faces in the draw that brings this table (a roll's event).
    """

    match: Match
    t: Text
    shape: tuple
    cells: dict[tuple[str, int], board_view.Cell]
    current: int | None
    dice: tuple[board_view.Die, ...]
    elements: dict[str, controls.Element]
    marks: tuple[bool, ...]
    results: standings.Results | None
    status: str
    thrown: frozenset[int] = frozenset()
    challenge: str | None = None
    headline: str = ""  # the status line as the eyes read it: the dice are on the table, not read back
    last_move: str = ""  # what the seat before wrote on its turn, in sight over the dice (game.present.words.last_move)
    quip: str = ""  # what a computer says of it (game.present.banter.quipped)
    race: str = ""  # two seats' totals, or one's against its best, drawn as a race (game.present.markup.race)
    mood: str = ""  # how the computer at the table looks at the score (game.coach.moments.mood; "": none plays)
    rival: str = ""  # the first computer's level, its face (the lobby's ladder: Sam, Robin, Alex; "": none plays)
    aim: str = (
        ""  # what a computer roots for through its turn, or a person's dice are one away from (game.present.banter)
    )
    gain: feel.Gained = ("", "", (), ())  # a person's box just written, on the felt (feel.gained)


def table(
    session: Session,
    t: Text,
    status: str,
    handing: str | None,
    thrown: frozenset[int] = frozenset(),
    reporting: bool = False,
    board: int = 0,
    challenge: str | None = None,
    against: Match | None = None,
    entering: tuple[int, ...] = (),
    best: str | None = None,
    headline: str | None = None,
    record: int | None = None,
) -> Table:
    """The table ``session`` shows: ``reporting`` when the after-game report is open; ``board`` counts the
    sessions put on the board, so a new one is drawn afresh (its shape differs); ``challenge`` the line above
    the card while a challenge is played (None: hidden), and ``against`` the challenger's game (the scene compares);
    ``entering`` the faces of real dice entered so far (game.present.entry), which the tray shows; ``best`` the box
    the hint marks (None: none), whose name says so; ``headline`` the status line shown to the eyes (None: the
    status's words, which the live region says); ``record`` the best total a game alone races (None: none).

    >>> from game.core.engine import new_match
    >>> from game.coach.session import Session
    >>> from game.core.i18n import ENGLISH
    >>> shown = table(Session(new_match("yacht", ["Ann"], seed=1)), ENGLISH, "Ann's turn", None)
    >>> from game.present.ops import wire
    >>> ops = table_ops(None, shown)
    >>> ops[0].target, [wire(op) for op in ops[-8:]], table_ops(shown, shown)
    ('scorecard', [('status', {'text': "Ann's turn"}), ('headline', {'text': "Ann's turn", 'toggle': {'computer': False, 'lead': False, 'last': False}, 'attrs': {'data-quip': ''}}), ('last-move', {'text': '', 'hidden': True, 'toggle': {'computer': False}, 'attrs': {'data-quip': ''}}), ('race', {'html': '', 'hidden': True}), ('gain', {'html': '', 'hidden': True, 'attrs': {'data-size': 'small'}}), ('tray', {'attrs': {'data-mood': ''}}), ('race', {'attrs': {'data-mood': ''}}), (('html', 0), {'attrs': {'data-rival': ''}})], [])
    """
    match = session.match
    results = standings.results(match, t=t, against=against)
    elements = controls.elements(session, results, t=t, handing=handing)
    if reporting:  # open, as the handler drew it: left as it is until the table is drawn again
        elements.pop("report", None)
    return Table(
        match=match,
        t=t,
        shape=(match.ruleset, match.seats, max(match.games, len(match.cards)), t.code, board),
        cells=board_view.cells(match, t=t, best=best),
        current=board_view.current_seat(match),
        dice=entry.dice(match, entering, t) if entered(match) else board_view.dice(match, t=t),
        elements=elements,
        marks=board_view.roll_marks(match),
        results=results,
        status=entry.status(match, entering, status, t) if entered(match) else status,
        thrown=thrown,
        challenge=challenge,
        headline=entry.status(match, entering, status, t) if entered(match) or headline is None else headline,
        last_move=words.last_move(match, t),
        quip=quipped(match, t),
        race=markup.race(match, record, t),
        mood=(found.value if (found := mood(match)) else ""),
        rival=next((seat.level.value for seat in match.seats if seat.level is not None), ""),
        aim=rooting(match, t) or teaser(match, t),
        gain=feel.gained(match, t),
    )


def table_ops(old: Table | None, new: Table) -> list[Op]:
    """The ops that bring the page from ``old``'s table (None: none drawn, or another shape) to ``new``'s."""
    match, t = new.match, new.t
    ops: list[Op] = []
    tables = len(board_view.sections(match.ruleset, new.shape[2]))
    if old is None or old.shape != new.shape:
        old = None
        robots = {i for i, seat in enumerate(match.seats) if seat.kind is SeatKind.COMPUTER}
        card = markup.scorecard(match.ruleset, match.players, new.shape[2], t=t, computers=robots)
        ops.append(Op("scorecard", (SetHtml(card), attrs(data_seats=str(len(match.seats))))))
        ops.append(Op("dice", (SetHtml(markup.tray(match.ruleset.dice, t=t)),)))
        ops.append(Op("face-pad", (SetHtml(entry.pad(match.ruleset, t) if entered(match) else ""),)))
    for key, cell in new.cells.items():
        if old is None or old.cells.get(key) != cell:
            # the box just written pops on its cell as "+25" a moment (app.css; fresh eyes rounds 86 to 91 asked for a
            # scoring tap's flourish): for the eyes only, the ear hears the score said; not on a page drawn afresh
            # (a reload's last box is no news)
            written = old is not None and "last" in cell.classes and "scratch" not in cell.classes
            gain = f"+{cell.text}" if written else ""
            ops.append(
                Op(
                    cell_at(key),
                    (SetClass(" ".join(cell.classes)), SetHtml(markup.cell(key[0], cell)), attrs(data_gain=gain)),
                )
            )
    seats = len(match.seats)
    for index in range(seats):
        if old is None or (old.current == index) != (new.current == index):
            current = index == new.current
            ops += [Op((HEADS, table * seats + index), (toggle(current=current),)) for table in range(tables)]
    before = {die.index: die for die in old.dice} if old is not None else {}
    for die in new.dice:
        ops += die_ops(before.get(die.index), die, match, die.index in new.thrown)
    ops += element_ops(old.elements if old is not None else {}, new.elements)
    if old is None or old.marks != new.marks:
        ops.append(Op("roll-marks", (SetHtml(markup.roll_marks(new.marks)),)))
    results = new.results
    if results is not None and (old is None or old.results != results):
        ops.append(Op("standings", (SetHtml(markup.ranking(results)),)))
        outcome = results.outcome.value if results.outcome else ""
        scene = markup.scene(results, t=t)
        ops.append(Op("scene", (SetHtml(scene), SetHidden(not outcome), attrs(data_outcome=outcome))))
    if old is None or old.challenge != new.challenge:
        ops.append(Op("challenge-line", (SetText(new.challenge or ""), SetHidden(new.challenge is None))))
    if old is None or old.status != new.status:
        ops.append(Op("status", (SetText(new.status),)))
    if old is None or (old.headline, old.aim) != (new.headline, new.aim):
        # a computer's turn: its face beside the line (Robin is someone at the table, not a column of numbers), and
        # what it roots for under it, for the eyes (app.css draws data-quip)
        # (not beside "You take the lead!": the person's words, though the computer plays next, round 92)
        lead = bool(words.lead_taken(match, t))  # a moment of its own, large (fresh eyes round 99: "small print")
        robin = computer_plays(match) and not lead
        # a person's last turn at a table: its stakes in gold, a showdown (round 102: "the last turn is just a line")
        showdown = words.stakes(match) and not lead and match.current_seat.kind is SeatKind.HUMAN
        line = (SetText(new.headline), toggle(computer=robin, lead=lead, last=showdown), attrs(data_quip=new.aim))
        ops.append(Op("headline", line))
    if old is None or (old.last_move, old.quip) != (new.last_move, new.quip):
        last = match.last_scored
        by = last is not None and match.seats[last.player].kind is SeatKind.COMPUTER
        # its words for the eyes only (app.css draws data-quip as a bubble): the ear hears the computer's turn once
        changes = (SetText(new.last_move), SetHidden(not new.last_move), toggle(computer=by), attrs(data_quip=new.quip))
        ops.append(Op("last-move", changes))
    if old is None or old.race != new.race:
        ops.append(Op("race", (SetHtml(new.race), SetHidden(not new.race))))
    if old is None or old.gain != new.gain:  # on a page drawn afresh, none: a reload's last box is no news
        points, box, faces, counted = new.gain if old is not None else ("", "", (), ())
        # its flourish as large as the box is (fresh eyes round 98: "a plain +6 in Twos gets the +35's treatment")
        size = "big" if points and int(points) >= BIG_BOX else "small"
        # a Yahtzee's box written the largest of all (fresh eyes rounds 110 to 114: "+50 Yahtzee looks like +6 Twos")
        size = "jackpot" if size == "big" and int(points) >= JACKPOT and len(set(faces)) == 1 else size
        drawn = SetHtml(markup.gain(points, box, faces, match.ruleset.sides, counted))
        ops.append(Op("gain", (drawn, SetHidden(not points), attrs(data_size=size))))
    if old is None or old.mood != new.mood:  # Robin's face on the felt and over the race (app.css)
        ops += [Op("tray", (attrs(data_mood=new.mood),)), Op("race", (attrs(data_mood=new.mood),))]
    if old is None or old.rival != new.rival:  # whose face that is, everywhere at the table and at its end (app.css)
        ops.append(Op(PAGE, (attrs(data_rival=new.rival),)))
    return ops
