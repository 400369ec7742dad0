"""The match's markup as HTML strings: the scorecard, the dice tray, cells and dice, and the panels and scenes
drawn over them (hint, report, the winner, a challenge's end; the Statistics screen's is game.present.stats_markup).

Pure and standard-library only. ``tools/build.py`` writes the tray into ``index.html`` at build
time; the shell uses the same functions for what depends on the match. Every text and attribute
value is escaped (game.present.tags), so a player's name is always text, never HTML. Every word a
person sees or hears is worded by the ``t`` each function takes (English by default).

>>> tray(2).count("<button")
2
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from game.core.cards import SeatKind
from game.core.engine import Match
from game.core.i18n import ENGLISH, Text
from game.core.rules import RuleSet
from game.present import board_view, coach_view, standings
from game.present.tags import element

if TYPE_CHECKING:  # the challenge module loads only when a challenge ends
    from game.records.challenge import Comparison

__all__ = [
    "LONG_PART",
    "PIPS",
    "advice",
    "challenge",
    "cell",
    "die_face",
    "lines",
    "race",
    "report",
    "roll_marks",
    "scene",
    "scorecard",
    "tray",
]

PIPS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (1, 2, 6, 7), 5: (1, 2, 4, 6, 7), 6: (1, 2, 3, 5, 6, 7)}
"""Pip positions (cells of a 3×3 grid, see app.css) of each face of a six-sided die."""

LONG_PART = 11
"""The most rows a part of the card may have (Yatzy's lower part) before its card is long: app.css lets a long
card's rows shrink with the screen's height (Maxi Yatzy's 16-row lower part on a phone), never below 24 px."""


def scorecard(
    ruleset: RuleSet, seat_names: Sequence[str], games: int, t: Text = ENGLISH, computers: Collection[int] = ()
) -> str:
    """The scorecard's inner HTML: a table per part (``board_view.sections``), each with a header per seat.

    Each cell is an empty ``<td data-row="key" data-player="index">`` for the shell to fill. Two parts
    side by side let a phone show the whole card on one screen (app.css lays them out). A computer's seat
    (``computers``) is marked, for its face over its name.

    >>> from game.core.variants import ruleset
    >>> card = scorecard(ruleset("yacht"), ["<Ann>"], 1)
    >>> '<th scope="col" title="&lt;Ann&gt;" data-seat="0">&lt;Ann&gt;</th>' in card
    True
    >>> '<tr class="category"><th scope="row">Yacht</th><td data-row="yacht" data-player="0"></td></tr>' in card
    True
    >>> '<th scope="col" title="Robin" data-seat="1" data-computer>' in scorecard(ruleset("yacht"), ["Ann", "Robin"], 1, computers={1})
    True
    >>> card.count("<table"), card.count("<caption")
    (2, 2)
    >>> scorecard(ruleset("maxi"), ["Ann"], 1).count('class="section lower long"')  # denser rows where needed
    1
    >>> '<th scope="row" title="Full House" data-short="Full house">Full House</th>' in scorecard(ruleset("yahtzee"), ["Ann"], 1)
    True
    """
    title = ruleset.display(t)
    # Each part is headed by its own name, as a printed pad heads it (the rule set's name over the upper part read as
    # the Yahtzee box's heading); the caption names the rule set for a screen reader.
    captions = {"upper": t._("Upper section"), "lower": t._("Lower section"), "match": t._("Match total")}
    corners = captions
    seats = "".join(
        element("th", escape(name), scope="col", title=name, data_seat=i, data_computer=i in computers)
        for i, name in enumerate(seat_names)
    )
    tables = []
    parts = board_view.sections(ruleset, games, t=t)
    long = " long" if max(len(rows) for _, rows in parts) > LONG_PART else ""
    for part, rows in parts:
        body = []
        for row in rows:
            cells = "".join(element("td", data_row=row.key, data_player=i) for i in range(len(seat_names)))
            # a short name for a narrow card (app.css shows it there), the full one its text, title and name
            short = {"title": row.label, "data_short": row.short} if row.short else {}
            head = element("th", escape(row.label), scope="row", **short)
            body.append(element("tr", head + cells, class_=row.kind.value))
        # Translators: the caption of one part of the scorecard, read by screen readers ("Yatzy scorecard: Upper section").
        caption = t._("{rules} scorecard: {part}", rules=title, part=captions[part])
        tables.append(
            element(
                "table",
                element("caption", escape(caption), class_="visually-hidden")
                + element("thead", element("tr", element("th", escape(corners[part]), scope="col") + seats))
                + element("tbody", "".join(body)),
                class_=f"section {part}{long}",
            )
        )
    return "".join(tables)


def tray(dice: int, t: Text = ENGLISH) -> str:
    """The dice tray's buttons, all blank before the first roll.

    >>> tray(1)
    '<button type="button" class="die die-empty" data-die="0" data-held="HELD" aria-label="Die 1, blank" \
aria-pressed="false" aria-disabled="true"><span class="body" aria-hidden="true"><span class="strip"></span></span></button>'
    """
    return "".join(
        element(
            "button",
            die_face(None, 6),
            type="button",
            class_="die die-empty",
            data_die=i,
            # Translators: the tag on the foot of a die that is held (kept out of the next roll), in capitals
            # and as short as can be: it sits under a die no wider than itself (HOLD or KEEP would read as an order).
            data_held=t._("HELD"),
            # Translators: a die's spoken name before the first roll; {number} is its place in the tray.
            aria_label=t._("Die {number}, blank", number=i + 1),
            aria_pressed="false",
            aria_disabled="true",
        )
        for i in range(dice)
    )


def cell(row_key: str, cell: board_view.Cell, t: Text = ENGLISH) -> str:
    """A scorecard cell's inner HTML: a choice button while it can be chosen, its text otherwise.

    Its words come worded from game.present.board_view (``board_view.cells``); ``t`` is taken for uniformity.

    An open box worth nothing is blank (its name says 0 points), unless the hint picks it: then its 0 is the point.
    (Fresh eyes round 66 asked for a quiet 0; round 68 read it as a 0 written: blank it stays.)

    >>> cell("chance", board_view.Cell("0", "Chance, 0 points", ("zero",)))
    '<button type="button" class="choice zero" data-category="chance" aria-label="Chance, 0 points"></button>'
    >>> cell("chance", board_view.Cell("0", "Chance, 0 points, hinted", ("zero", "best")))[-11:]
    '>0</button>'
    >>> cell("grand_total", board_view.Cell("<12>"))
    '&lt;12&gt;'
    """
    if not cell.label:
        return escape(cell.text)
    # worth nothing: quiet; a pattern made at its full points: firm; the hint's best box: starred; a Yahtzee's box
    # while its dice are on the table: gold
    marks = {"zero": "zero", "made": "made", "best": "hint-best", "alike": "alike"}
    kind = " ".join(["choice", *(marks[mark] for mark in cell.classes if mark in marks)])
    text = "" if "zero" in cell.classes and "best" not in cell.classes else cell.text  # zeros are noise on the pad
    return element("button", escape(text), type="button", class_=kind, data_category=row_key, aria_label=cell.label)


def _face(face: int, sides: int) -> str:
    """One face: its number and, up to six sides, its pips (app.css shows one of the two, by dice style)."""
    number = element("span", str(face), class_="number")
    if sides > 6:
        return element("span", number, class_="face", data_face=face)
    pips = element("span", "".join(element("span", class_=f"pip p{spot}") for spot in PIPS[face]), class_="pips")
    return element("span", pips + number, class_="face", data_face=face)


def die_face(face: int | None, sides: int, tumble: Sequence[int] = (), t: Text = ENGLISH) -> str:
    """A die's inner HTML: its body with a strip of faces, the face shown first (no words: the button has its name).

    A thrown die's strip goes on with the faces it ``tumble``s through, last first: the shell slides
    the strip up to them and steps it back to the face (game.present.feel.TOSS, FLICK). Blank: an empty strip.

    >>> die_face(2, 6)
    '<span class="body" aria-hidden="true"><span class="strip"><span class="face" data-face="2"><span class="pips">\
<span class="pip p2"></span><span class="pip p6"></span></span><span class="number">2</span></span></span></span>'
    >>> die_face(17, 20, tumble=(3, 9)).count('class="face"'), die_face(None, 6)
    (3, '<span class="body" aria-hidden="true"><span class="strip"></span></span>')
    """
    faces = () if face is None else (face, *reversed(tumble))
    strip = element("span", "".join(_face(shown, sides) for shown in faces), class_="strip")
    return element("span", strip, class_="body", aria_hidden="true")


def moment_dice(faces: Sequence[int], sides: int, counted: Sequence[bool] = ()) -> str:
    """The dice of a moment (game.present.feel.Moment) or of a box written: the roll that made it, drawn as the tray's
    dice are (no words: the moment's text says it), those that did not count (``counted``) set aside.

    >>> moment_dice((3, 3), 6).count('class="die"'), moment_dice((3, 1), 6, (True, False)).count("aside"), moment_dice((), 6)
    (2, 1, '')
    """
    aside = [not c for c in counted] + [False] * (len(faces) - len(counted))
    return "".join(element("span", die_face(f, sides), class_=("die", "die aside")[a]) for f, a in zip(faces, aside))


def moment_points(
    points: int,
    faces: Sequence[int] = (),
    sides: int = 6,
    box: tuple[str, str] = ("", ""),
    counted: Sequence[bool] = (),
    name: str = "",
) -> str:
    """The points a small moment brings, large, and their ``name`` under them ("+35", "Upper bonus": round 111, a bare
    +35), the dice that brought it (the box's roll, hopping) and the box they wrote (``box``: its points and name, game.
    present.feel.gained): the dice read as the box's, the points as the bonus's (round 97: "three 3s over +35").

    >>> moment_points(35), moment_points(35, (6, 6, 6, 1), 6, counted=(True,) * 3 + (False,)).count('class="die"')
    ('<span class="cheer-points">+35</span>', 3)
    >>> moment_points(35, (3, 3, 3), 6, ("+9", "Threes")).split("</span></span>")[-1]
    '<span class="cheer-box"><b>+9</b> Threes</span><span class="cheer-points">+35</span>'
    """
    hand = element("span", moment_dice(faces, sides, counted), class_="cheer-hand") if faces else ""
    written = element("span", element("b", escape(box[0])) + " " + escape(box[1]), class_="cheer-box") if box[0] else ""
    return hand + written + element("span", f"+{points}", class_="cheer-points", data_name=name or None)


def gain(points: str, box: str, faces: Sequence[int], sides: int, counted: Sequence[bool]) -> str:
    """A person's box just written on the felt (game.present.feel.gained): the roll (moment_dice), its points, its name.

    >>> gain("+9", "Threes", (3, 3, 3, 1), 6, (True,) * 3 + (False,)).count('class="die aside"'), gain("", "", (), 6, ())
    (1, '')
    """
    if not points:
        return ""
    hand = element("span", moment_dice(faces, sides, counted), class_="gain-hand")
    return hand + element("span", escape(points), class_="gain-points") + escape(box)


def roll_marks(used: Sequence[bool], t: Text = ENGLISH) -> str:
    """The marks beside the Roll button (game.present.board_view.roll_marks), filled for each roll used; no words (the button has them).

    >>> roll_marks((True, False))
    '<span class="mark used"></span><span class="mark"></span>'
    """
    return "".join(element("span", class_="mark used" if done else "mark") for done in used)


def lines(texts: Sequence[str], t: Text = ENGLISH) -> str:
    """List items, one per text (the standings), worded already by game.present.standings.

    >>> lines(["1. Ann — 50", "2. <b>"])
    '<li>1. Ann — 50</li><li>2. &lt;b&gt;</li>'
    """
    return "".join(element("li", escape(text)) for text in texts)


# The winner scene's pictures: inline SVG drawn with the theme's colours (app.css), no image from elsewhere.
_TROPHY = (
    '<svg class="trophy" viewBox="0 0 64 64" aria-hidden="true" focusable="false">'
    '<path class="handle" d="M19 13H11v4c0 7 4 12 10 12M45 13h8v4c0 7-4 12-10 12"/>'
    '<path class="cup" d="M17 7h30v12c0 10-6.5 17-15 17S17 29 17 19z"/>'
    '<path class="shine" d="M23 11v8c0 5 2 9 5 11"/>'
    '<path class="star" d="M32 12l2.2 4.6 5 .6-3.7 3.4 1 5-4.5-2.5-4.5 2.5 1-5-3.7-3.4 5-.6z"/>'
    '<rect class="cup" x="29" y="35" width="6" height="10"/>'
    '<rect class="base" x="21" y="45" width="22" height="6" rx="1"/>'
    '<rect class="base" x="17" y="51" width="30" height="7" rx="2"/></svg>'
)
_MEDAL = (
    '<svg class="medal" viewBox="0 0 64 64" aria-hidden="true" focusable="false">'
    '<path class="ribbon" d="M20 4h10l6 20h-10zM44 4H34l-6 20h10z"/>'
    '<circle class="cup" cx="32" cy="40" r="17"/><circle class="base" cx="32" cy="40" r="12"/>'
    '<path class="star" d="M32 31l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z"/></svg>'
)
CONFETTI = 14
"""Pieces of confetti over a win (app.css scatters and colours them; none where motion is reduced)."""


def race(match: Match, best: int | None = None, t: Text = ENGLISH) -> str:
    """Two seats' totals either side of a bar cut at their shares, the leader's side gold: the race at a glance, for the
    eyes ("" unless two seats play a game, or one plays with a ``best`` to chase; aria-hidden: the ear's words are
    the status's, as before). Fresh eyes round 71: "Robin leads by 31" in words only; "show the race tightening". A game alone races the
    player's best total under its rules, the bar how far this game has come towards it (round 74: "something to
    chase in a solo game").

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "<Bo>"], seed=1).roll(faces=[6] * 5).score("sixes")
    >>> race(m)
    '<span class="race-seat" data-seat="0" data-lead>Ann<b>30</b></span><span class="race-bar fill-10"></span><span class="race-seat" data-seat="1">&lt;Bo&gt;<b>0</b></span>'
    >>> race(new_match("yacht", ["Ann", "Bo"], seed=1)).count("fill-5"), race(new_match("yacht", ["Ann"], seed=1))
    (1, '')
    >>> race(new_match("yacht", ["Ann"], seed=1).roll(faces=[6] * 5).score("sixes"), best=100)
    '<span class="race-seat" data-seat="0">Ann<b>30</b></span><span class="race-bar fill-3"></span><span class="race-seat" data-seat="best">Best<b>100</b></span>'
    """
    totals = match.game_totals()
    if match.game_over or not (len(totals) == 2 or (len(totals) == 1 and best)):
        return ""
    if len(totals) == 1:
        assert best is not None
        mine = element("b", str(totals[0]))
        you = element(
            "span", escape(match.players[0]) + mine, class_="race-seat", data_seat=0, data_lead=totals[0] > best
        )
        # Translators: at the end of a solo game's race in the header: the player's best total under these rules.
        chased = element("span", escape(t._("Best")) + element("b", str(best)), class_="race-seat", data_seat="best")
        return you + element("span", class_=f"race-bar fill-{min(10, round(10 * totals[0] / best))}") + chased
    share = round(10 * totals[0] / sum(totals)) if sum(totals) else 5

    def seat(i: int) -> str:
        robot = match.seats[i].kind is SeatKind.COMPUTER
        lead = totals[i] > totals[1 - i]
        name = escape(match.players[i]) + element("b", str(totals[i]))
        return element("span", name, class_="race-seat", data_seat=i, data_computer=robot, data_lead=lead)

    return seat(0) + element("span", class_=f"race-bar fill-{share}") + seat(1)


def ranking(shown: standings.Results) -> str:
    """The standings, a line each with its total drawn as a bar against the first's (the first's gold).

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1)
    >>> for box in m.open_categories():
    ...     m = m.roll(faces=[6] * 5).score(box).roll(faces=[1] * 5).score(box)
    >>> ranking(standings.results(m))
    '<li class="first">1. Ann — 164<span class="bar fill-10" aria-hidden="true"></span></li><li>2. Bob — 69<span class="bar fill-4" aria-hidden="true"></span></li>'
    """
    return bars(zip(shown.lines, shown.fills, shown.firsts, strict=True))


def bars(shown: Iterable[tuple[str, int, bool]]) -> str:
    """Lines each with a bar (a fill in tenths), the first's gold: what is seen before it is read."""
    return "".join(
        element(
            "li",
            escape(line) + element("span", "", class_=f"bar fill-{fill}", aria_hidden="true"),
            class_="first" if first else None,
        )
        for line, fill, first in shown
    )


def ending(shown: standings.Results) -> str:
    """The game just played in context (game.present.standings.results' context), a line each; a new best first, with
    its medal unless the game was lost (tests/unit/app/test_match_ending.py); then a solo game's bars."""
    measured = element("li", element("ul", bars(shown.yardstick), class_="standings"), class_="yardstick")
    # the trophies the game won, a line per person, each trophy a gold badge: news, as a best is (trophy_words.news)
    comma = element("span", ", ", class_="visually-hidden")  # the names a list for the ear, badges for the eyes
    won = "".join(
        element(
            "li",
            element("span", escape(words), class_="trophy-words")
            + " "
            + comma.join(element("span", escape(name), class_="badge", data_trophy=kind) for name, kind in names),
            class_="ending-trophy",
        )
        for words, names in shown.trophies
    )
    # the series for the ear (the eyes read it on Rematch); the coach's line last: what sets this game apart (round 34)
    after = (
        won
        + (element("li", escape(shown.series), class_="visually-hidden") if shown.series else "")
        + (measured if shown.yardstick else "")
        + (element("li", escape(shown.coach), class_="ending-coach") if shown.coach else "")
    )
    lost = shown.outcome in (standings.Outcome.LOST, standings.Outcome.CLOSE)  # a medal beside a loss read as a win
    if not shown.new_best:
        return lines(shown.context) + after
    if lost:  # a star of its own, in gold (a plain line read as a best not worth a word, round 34)
        first, *rest = shown.context
        return element("li", escape(first), class_="ending-star") + lines(rest) + after
    first, *rest = shown.context
    return element("li", _MEDAL + escape(first), class_="ending-best") + lines(rest) + after


def scene(shown: standings.Results, t: Text = ENGLISH) -> str:
    """The winner scene of a finished match (game.present.standings.results): the last box's dice still on the felt, a
    trophy (two for a tie, none for a solo game's total or a challenge lost), the large words and the sentence under
    them; "" between games.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["<Ann>", "Bob"], seed=1)
    >>> for box in m.open_categories():
    ...     m = m.roll(faces=[6] * 5).score(box).roll(faces=[1] * 5).score(box)
    >>> html = scene(standings.results(m))
    >>> html.count('class="trophy"'), '<p class="scene-headline">&lt;Ann&gt;</p>' in html, html.count('class="die"')
    (1, True, 5)
    >>> import re, dataclasses
    >>> straight = dataclasses.replace(standings.results(m), dice=(3, 6, 5, 4, 2))
    >>> [int(face) for face in re.findall(r'data-face="(\\d)"', scene(straight))]
    [2, 3, 4, 5, 6]
    """
    if shown.outcome is None:
        return ""
    # A solo game's medal is a new best's alone (:func:`ending`, once its history is known): a total is not a win.
    pictures = {standings.Outcome.WIN: _TROPHY, standings.Outcome.TIE: _TROPHY * 2}
    art = pictures.get(shown.outcome, "")
    # confetti over a win and over a solo game played to its end (no trophy: a total is no win); none over a loss
    festive = shown.outcome in (standings.Outcome.WIN, standings.Outcome.TIE, standings.Outcome.SOLO)
    confetti = element("span", "<i></i>" * CONFETTI, class_="confetti", aria_hidden="true") if festive else ""
    return "".join(
        [
            confetti,
            # in order: a straight reads as one (unsorted, fresh eyes round 64 read it as junk)
            element("div", moment_dice(sorted(shown.dice), shown.sides), class_="scene-dice", aria_hidden="true")
            if shown.dice
            else "",
            element("p", escape(shown.dice_box), class_="scene-dice-box") if shown.dice and shown.dice_box else "",
            element("div", art, class_="scene-art") if art else "",
            element("p", escape(shown.headline), class_="scene-headline"),
            element("p", escape(shown.winner), class_="scene-detail") if shown.winner else "",
        ]
    )


def advice(hint: coach_view.Advice, t: Text = ENGLISH, explain: bool = False) -> str:
    """The hint panel: what to do and why in a player's words, then behind Why? (a disclosure, closed: the numbers
    are there for whoever asks) the best choice, why in numbers, the top options with their expected final scores
    and odds and the target's lines; ``explain`` adds the one-time line on how the hint's dice look.

    >>> advice(coach_view.Advice("Best: score Yacht", ("score Yacht — 50.0",), (), "yacht", plain="Score 50 in Yacht"))
    '<p class="hint-line">Score 50 in Yacht</p><details class="hint-more"><summary>Why?</summary><p>Best: score Yacht</p><ol><li>score Yacht — 50.0</li></ol></details>'
    >>> html = advice(coach_view.Advice("Best: keep 6", ("keep 6 — 9.0",), (0,), None, "Keeping 6 <wins>.", ("Aim",)))
    >>> '<div class="hint-why">Keeping 6 &lt;wins&gt;.</div>' in html, '<div class="hint-target"><div>Aim</div>' in html
    (True, True)
    >>> 'class="hint-told"' in advice(coach_view.Advice("Best: keep 6", (), (0,), None), explain=True)
    True
    """
    why = element("div", escape(hint.why), class_="hint-why") if hint.why else ""
    # the target's lines after the list: the list's lines are expected final scores, the target's chances
    aim = "".join(element("div", escape(line)) for line in hint.target)
    aim = element("div", aim, class_="hint-target") if aim else ""
    numbers = element("p", escape(hint.title)) + why + element("ol", lines(hint.lines)) + aim
    # Translators: the hint panel's disclosure that opens the numbers behind the hint (the button "Why?" too).
    more = element("details", element("summary", escape(t._("Why?"))) + numbers, class_="hint-more")
    # Translators: said once, under the first hint that marks dice: how the hint's dice differ from held ones.
    told = t._("The dice with a star and a dashed ring are the hint's pick: tap a die to hold it.")
    told = element("p", escape(told), class_="hint-told") if explain else ""
    return element("p", escape(hint.plain or hint.title), class_="hint-line") + told + more


def analysis(texts: Sequence[str]) -> str:
    """The game's numbers at the report's head (game.present.standings.analysis): the optimal player's, the luck."""
    return element("ul", lines(texts), class_="analysis")


def report(sections: Sequence[coach_view.ReportSection], t: Text = ENGLISH) -> str:
    """The after-game report: per person a heading, the summary, the costliest decisions (worded by game.present.board_view)
    and the luckiest and unluckiest rolls.

    >>> report([coach_view.ReportSection("Ann", "All best.", ())])
    '<h3>Ann</h3><p>All best.</p>'
    """
    parts = []
    for section in sections:
        parts += [element("h3", escape(section.name)), element("p", escape(section.summary))]
        if section.mistakes:
            parts.append(element("ol", lines(section.mistakes)))
        if section.rolls:  # the dice's turns, after the choices' (a list of its own: they are no mistakes)
            parts.append(element("ul", lines(section.rolls)))
    return "".join(parts)


def challenge(shown: Comparison, match: Match, t: Text = ENGLISH, hints: bool = False) -> str:
    """The end of a challenge (a game.records.challenge.Comparison; ``match``, the person's game, names the boxes):
    who won, the optimal player's total on the same dice, both cards in one table (box, yours, theirs: it
    fits a phone) and the rounds where the choices differed.

    >>> from game.records.challenge import compare
    >>> from game.core.engine import new_match
    >>> a = new_match("yacht", ["<Ann>"], seed=2).roll().score("choice")
    >>> html = challenge(compare(a, a, optimal=99), a)
    >>> '<th scope="col">&lt;Ann&gt;</th>' in html, html.count("<tr"), "99 points" in html
    (True, 16, True)
    """
    from game.records import challenge as challenges

    name = shown.challenger
    # Translators: the heading of a challenge's end: {name} sent the challenge.
    parts = [element("h3", escape(t._("Challenge from {name}", name=name)), id="challenge-result-title")]
    parts.append(element("p", escape(challenges.outcome(shown, t)), class_="challenge-outcome"))
    if hints:
        # Translators: the end of a challenge sent with hints allowed: both games were played so.
        parts.append(
            element("p", escape(t._("A challenge with hints: both of you could ask for hints, neither could undo.")))
        )
    if shown.optimal is not None:
        parts.append(element("p", escape(challenges.optimal_text(shown.optimal, t))))
    # Translators: the column headings of a challenge's two cards side by side: the box, the person's points.
    heads = (t._("Box"), t._("You"), name)
    head = element("tr", "".join(element("th", escape(text), scope="col") for text in heads))
    body = []
    for row in board_view.rows(match.ruleset, 1, t):
        numbers = "".join(element("td", "" if points is None else str(points)) for points in shown.row(row.key))
        body.append(element("tr", element("th", escape(row.label), scope="row") + numbers, class_=row.kind.value))
    # Translators: the caption of the table of a challenge's two cards, read by screen readers.
    caption = element("caption", escape(t._("The two cards, box by box")), class_="visually-hidden")
    parts.append(element("table", caption + element("thead", head) + element("tbody", "".join(body)), class_="compare"))
    # Translators: the heading of the rounds where the two people of a challenge chose differently.
    parts.append(element("h4", escape(t._("Where your choices differed"))))
    if shown.differences:
        texts = [challenges.difference_text(match, shown, difference, t) for difference in shown.differences]
        parts.append(element("ol", lines(texts), class_="challenge-rounds"))
    else:
        # Translators: said at a challenge's end when both people made the same choices in every round.
        parts.append(element("p", escape(t._("You and {name} chose alike in every round.", name=name))))
    return "".join(parts)
