"""The trainer on the page: a puzzle (the dice, the card, the rolls left, the choices), its answer (the exact
ranking, the cost of the choice, the coach's reason) and the progress Statistics shows, as HTML strings.

Pure; every word through ``t`` (game.core.i18n.Text), every value escaped (game.present.tags).

>>> from game.coach.coaching import Coach
>>> from game.coach.drills import Position, solve
>>> from game.core import variants
>>> rs = variants.ruleset("yacht")
>>> s = solve(Coach(rs), Position("yacht", (("ones", 3),), (6, 6, 6, 6, 6), 0))
>>> html = puzzle(rs, s, "box:yacht")
>>> 'data-choice="box:yacht"' in html, "Right: that is the best choice." in html
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from game.coach.drills import Kind, Theme, code, decision
from game.core.i18n import ENGLISH, N_, Text
from game.core.rules import Section
from game.present.coach_view import action_text, why
from game.present.tags import element
from game.present.words import ROLLS_LEFT

if TYPE_CHECKING:
    from game.coach.drills import Solution
    from game.core.rules import RuleSet
    from game.records.trainer import Progress

__all__ = ["RANKED", "puzzle", "progress", "waiting"]

RANKED = 5
"""Choices the answer ranks (with the person's own, where it is further down)."""

# Translators: the trainer's title (a screen of puzzles taken from games: which keep, which box).
TITLE = N_("Practice")
THEMES = {
    # Translators: what a trainer puzzle teaches (one line above it).
    Theme.BONUS: N_("Upper bonus race: the box that keeps the bonus in reach, or more points now?"),
    # Translators: what a trainer puzzle teaches (one line above it).
    Theme.STRAIGHT: N_("A straight or a pair: keep the run or the group?"),
    # Translators: what a trainer puzzle teaches (one line above it).
    Theme.LAST: N_("The last turns: only a few boxes are left."),
}
# Translators: what a trainer puzzle is (one line above it): one of the person's own decisions in a game, which lost
# {loss} expected points (a decimal).
OWN = N_("One of your own decisions: it cost {loss} points.")
# Translators: the trainer's puzzle dice, for a screen reader ("Dice: 2 3 4 4 6").
DICE = N_("Dice: {dice}")
# Translators: the upper section's points so far in a trainer puzzle, against the bonus's threshold ("45 of 63").
UPPER = N_("Upper section: {points} of {threshold}")
# Translators: the trainer's answer when the person's choice was not the best: the expected points it loses.
WRONG = N_("Not the best: your choice costs {loss} points.")
# Translators: a line of the trainer's ranking: the person's own choice ("keep 4 4 — 251.1") is marked.
YOURS = N_("{line} (your choice)")
# Translators: a line of the trainer's ranking: its place, then the choice and its expected final score.
PLACED = N_("{place}. {line}")


def _card(ruleset: RuleSet, scores: dict[str, int], t: Text) -> str:
    """The card so far as two short tables side by side, its upper and its lower section ("–": open)."""
    parts = []
    for section, caption in ((Section.UPPER, t._("Upper section")), (Section.LOWER, t._("Lower section"))):
        rows = "".join(
            element(
                "tr",
                element("th", escape(c.display(t)), scope="row")
                + element("td", escape(str(scores[c.id]) if c.id in scores else "–")),
                class_="filled" if c.id in scores else "open",
            )
            for c in ruleset.categories
            if c.section is section
        )
        parts.append(
            element("table", element("caption", escape(caption)) + element("tbody", rows), class_="drill-card")
        )
    return element("h3", escape(t._("Scorecard"))) + element("div", "".join(parts), class_="drill-cards")


def _dice(dice: tuple[int, ...], t: Text) -> str:
    from game.present.markup import die_face

    faces = "".join(element("span", die_face(face, 6, t=t), class_="die") for face in dice)
    label = t._(DICE, dice=" ".join(map(str, dice)))
    return element("div", faces, class_="dice drill-dice", role="img", aria_label=label)


def _answer(ruleset: RuleSet, solution: Solution, answer: str, t: Text) -> str:
    chosen = decision(answer)
    loss = solution.loss(chosen) if chosen is not None else None
    if chosen is not None and solution.right(chosen):
        # Translators: the trainer's answer when the person chose the best choice.
        verdict = element("p", escape(t._("Right: that is the best choice.")), class_="drill-verdict right")
    else:
        verdict = element("p", escape(t._(WRONG, loss=t.number(loss or 0.0, 1))), class_="drill-verdict wrong")
    lines = []
    for place, option in enumerate(solution.options, 1):
        if place > RANKED and option.action != chosen:
            continue
        # Translators: a line of the hint panel: a decision and the expected final score it leads to (a decimal).
        line = t._(
            "{action} — {expected}",
            action=action_text(ruleset, option.action, t),
            expected=t.number(option.expected, 1),
        )
        line = t._(YOURS, line=line) if option.action == chosen else line
        mark = "mine" if option.action == chosen else None
        lines.append(element("li", escape(t._(PLACED, place=place, line=line)), class_=mark))
    # Translators: the heading of the trainer's ranking of every choice, best first, with expected final scores.
    ranking = element("h3", escape(t._("Every choice, best first"))) + element(
        "ol", "".join(lines), class_="drill-ranking"
    )
    reason = why(ruleset, solution.hint, t)
    return verdict + ranking + (element("p", escape(reason), class_="drill-reason") if reason else "")


def puzzle(ruleset: RuleSet, solution: Solution, answer: str = "", t: Text = ENGLISH) -> str:
    """The trainer's body: the puzzle and its choices, and once ``answer`` (a choice's code) is given, the answer."""
    p = solution.position
    scores = dict(p.scores)
    if p.theme is Theme.OWN:
        tag = t._(OWN, loss=t.number(p.lost, 1))
    else:
        tag = t._(THEMES[p.theme])
    if p.kind is Kind.KEEP:
        # Translators: the trainer's question when rolls are left: which dice to keep (or which box to score now).
        question = t._("What's the best keep?")
    else:
        # Translators: the trainer's question when no rolls are left: which box to score the dice in.
        question = t._("Which box?")
    left = t.n_(*ROLLS_LEFT, p.rolls_left) if p.rolls_left else t._("No rolls left.")
    parts = [
        element("p", escape(tag), class_="drill-tag"),
        element("h3", escape(question), id="drill-question"),
        _dice(p.dice, t),
        element("p", escape(left), class_="drill-left"),
    ]
    if ruleset.upper_bonus_amount:
        upper = sum(v for k, v in scores.items() if ruleset.category(k).section is Section.UPPER)
        parts.append(element("p", escape(t._(UPPER, points=upper, threshold=ruleset.upper_bonus_threshold))))
    buttons = "".join(
        element(
            "button",
            escape(action_text(ruleset, choice, t)),
            type="button",
            class_="drill-choice best" if answer and choice == solution.best else "drill-choice",
            data_choice=code(choice),
            aria_pressed=("true" if code(choice) == answer else "false") if answer else None,
            disabled=bool(answer),
        )
        for choice in solution.offered
    )
    parts.append(element("div", buttons, class_="drill-choices", role="group", aria_labelledby="drill-question"))
    if answer:
        parts.append(
            element(
                "div", _answer(ruleset, solution, answer, t), id="drill-answer", class_="drill-answer", tabindex="-1"
            )
        )
    parts.append(_card(ruleset, scores, t))
    return "".join(parts)


def waiting(t: Text = ENGLISH) -> str:
    """The trainer's body while the optimal player's table comes."""
    return element("p", escape(t._("Loading the game…")))


def progress(shown: Progress, t: Text = ENGLISH) -> str:
    """Statistics' part on the trainer: puzzles right and missed, the runs of right answers, the boxes (index.html's
    Practice follows it)."""
    rows = (
        # Translators: in Statistics: trainer puzzles answered right.
        (t._("Puzzles answered right"), t.number(shown.solved)),
        # Translators: in Statistics: trainer puzzles answered wrong (they come back).
        (t._("Puzzles missed"), t.number(shown.missed)),
        # Translators: in Statistics: the current run of right trainer answers, and the longest ("3 (best 7)").
        (t._("Right in a row"), t._("{count} (best {best})", count=shown.streak, best=shown.best_streak)),
        # Translators: in Statistics: how many trainer puzzles wait in each box, 1 (back soonest) to 5, shown beside it
        # as "1 · 0 · 2 · 0 · 0".
        (t._("Puzzles in boxes 1 to 5 (1 comes back soonest)"), " · ".join(map(str, shown.box_counts()))),
    )
    body = "".join(element("tr", element("th", escape(k), scope="row") + element("td", escape(v))) for k, v in rows)
    return element(
        "section",
        element("h3", escape(t._(TITLE)), id="stats-practice")
        + element("table", element("tbody", body), class_="practice-numbers"),
        class_="stats-practice",
        aria_labelledby="stats-practice",
    )
