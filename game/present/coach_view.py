"""What the coach says, as plain values: hints with their odds and why, the after-game report, win chances.

The words of game.coach.advice and game.coach.winning for the page (game.present.board_view has the table's): pure, standard-library
only, every word through ``t`` (a game.core.i18n.Text, English by default).

>>> from game.core import variants
>>> from game.core.actions import Keep
>>> action_text(variants.ruleset("yacht"), Keep((6, 6)))
'keep 6 6'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.core import rules
from game.core.actions import Decision, Keep, Score
from game.core.cards import SeatKind
from game.core.engine import Match
from game.core.i18n import ENGLISH, Text
from game.present.you import said

if TYPE_CHECKING:  # the coach's values, imported only when asked for, to keep the start short
    from game.coach.advice import Hint, Move, Report
    from game.coach.advisor import Option
    from game.coach.odds import Chances
    from game.coach.session import Session
    from game.coach.target import TargetHint
    from game.coach.winning import WinChances

__all__ = [
    "Advice",
    "ReportSection",
    "HINT_OPTIONS",
    "REPORT_MISTAKES",
    "action_text",
    "advice",
    "chances_text",
    "decision_text",
    "odds_text",
    "report",
    "report_summary",
    "target_lines",
    "why",
]


def action_text(ruleset: rules.RuleSet, decision: Decision, t: Text = ENGLISH) -> str:
    """A decision in words: "keep 5 5 5", "reroll all", "score Full House".

    They stand on their own after "Best:", in the hint panel's list and in the after-game report.

    >>> from game.core import variants
    >>> rs = variants.ruleset("yahtzee")
    >>> action_text(rs, Keep((5, 5, 5))), action_text(rs, Keep(())), action_text(rs, Score("full_house"))
    ('keep 5 5 5', 'reroll all', 'score Full House')
    """
    if isinstance(decision, Score):
        # Translators: a decision (in hints and the after-game report): write the dice in the box {category}.
        return t._("score {category}", category=ruleset.category(decision.category).display(t))
    if decision.faces:
        # Translators: a decision (in hints and the after-game report): roll again, keeping these faces ("keep 5 5 5").
        return t._("keep {dice}", dice=" ".join(map(str, decision.faces)))
    # Translators: a decision (in hints and the after-game report): roll every die again.
    return t._("reroll all")


def chances_text(match: Match, chances: WinChances | None, best: int | None = None, t: Text = ENGLISH) -> str:
    """The win chances line beside the scorecard, for a game.coach.winning.WinChances of the current game.

    With one seat, ``chances`` are those of beating the player's ``best`` total (first); without a
    best (no game of these rules in the history yet) the line says there is none to beat.

    >>> from game.core.engine import new_match
    >>> from game.coach.winning import WinChances
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1)
    >>> chances_text(m, WinChances((0.625, 0.375), exact=False))
    'Chances to win (estimated): Ann 62.5% and Bob 37.5%'
    >>> chances_text(new_match("yacht", ["Ann"], seed=1), WinChances((0.25, 0.75), exact=True), best=212)
    "Chance to beat Ann's best, 212 points (exact): 25.0%"
    >>> chances_text(new_match("yacht", ["Ann"], seed=1), None)
    'No best score to beat yet: finish a game of these rules first.'
    """
    if len(match.seats) == 1:
        if best is None or chances is None:
            # Translators: the win chances line of a player alone who has no finished game of these rules yet.
            return t._("No best score to beat yet: finish a game of these rules first.")
        name, fields = match.seats[0].name, {"best": best, "percent": t.percent(chances.chances[0], 1)}
        if chances.exact:
            # Translators: one player alone: the exact chance of beating their best total so far ({best} points).
            return said(t, "Chance to beat {name}'s best, {best} points (exact): {percent}", name, **fields)
        # Translators: one player alone: the estimated chance of beating their best total so far ({best} points).
        return said(t, "Chance to beat {name}'s best, {best} points (estimated): {percent}", name, **fields)
    assert chances is not None  # more than one seat always has chances (game.coach.advice.win_chances)
    # Translators: one seat's chance of winning the game in the win chances line ("Ann 62.5%"); listed with others.
    listed = t.join(
        t._("{name} {percent}", name=seat.name, percent=t.percent(p, 1))
        for seat, p in zip(match.seats, chances.chances)
    )
    if chances.exact:
        # Translators: each seat's exact chance of winning the game ({chances}: "Ann 62.5% and Bob 37.5%").
        return t._("Chances to win (exact): {chances}", chances=listed)
    # Translators: each seat's estimated chance of winning the game ({chances}: "Ann 62.5% and Bob 37.5%").
    return t._("Chances to win (estimated): {chances}", chances=listed)


def report_summary(report: Report, t: Text = ENGLISH) -> str:
    """One line for a player's after-game report.

    >>> from game.coach.advice import Report
    >>> report_summary(Report(()))
    'No decisions to review yet.'
    """
    count = len(report.decisions)
    if not count:
        return t._("No decisions to review yet.")
    # Translators: {count} decisions in a game, {best} of them the best one could make; {loss} is a number of
    # points with a decimal. The plural form follows {count}.
    return t.n_(
        "{best} of {count} decisions were the best move; expected points lost in all: {loss}.",
        "{best} of {count} decisions were the best move; expected points lost in all: {loss}.",
        count,
        best=report.best_moves,
        loss=t.number(report.total_loss, 1),
    )


def decision_text(ruleset: rules.RuleSet, decision: Move, t: Text = ENGLISH) -> str:
    """One costly decision in words, for the report's list of biggest mistakes.

    >>> from game.core import variants
    >>> from game.coach.advice import Move
    >>> d = Move(0, 0, 2, (2, 2, 3, 5, 6), 1, Keep((2, 2)), 180.0, Keep((2, 3, 5, 6)), 184.5)
    >>> decision_text(variants.ruleset("yahtzee"), d)
    'Round 3, dice 2 2 3 5 6 with 1 roll left: you chose keep 2 2; best was keep 2 3 5 6 (−4.5 points)'
    >>> from dataclasses import replace
    >>> decision_text(variants.ruleset("yahtzee"), replace(d, best_odds=(("large_straight", 1 / 3),)))
    'Round 3, dice 2 2 3 5 6 with 1 roll left: you chose keep 2 2; best was keep 2 3 5 6 (−4.5 points) · best keep: Large Straight 33.3%'
    """
    text = _decision_words(ruleset, decision, t)
    if not decision.best_odds:
        return text
    odds = odds_text(ruleset, decision.best_odds, t)
    if decision.chosen_odds:
        # Translators: after a costly decision in the report: the boxes the best keep aims at and their chances this
        # turn ("Large Straight 33.3%"), then those of the player's keep.
        aims = t._("best keep: {odds}; your keep: {mine}", odds=odds, mine=odds_text(ruleset, decision.chosen_odds, t))
    else:
        # Translators: after a costly decision in the report: the boxes the best keep aims at and their chances this
        # turn ("Large Straight 33.3%").
        aims = t._("best keep: {odds}", odds=odds)
    return f"{text} · {aims}"


def _decision_words(ruleset: rules.RuleSet, decision: Move, t: Text) -> str:
    left = decision.rolls_left
    fields = {
        "round": decision.round + 1,
        "dice": " ".join(map(str, decision.dice)),
        "chosen": action_text(ruleset, decision.chosen, t),
        "best": action_text(ruleset, decision.best, t),
        "loss": t.number(decision.loss, 1),
    }
    if not left:
        # Translators: a costly decision: {chosen} and {best} are decisions ("keep 2 2", "score Chance"),
        # {loss} the expected points it cost, with a decimal.
        return t._(
            "Round {round}, dice {dice} with no rolls left: you chose {chosen}; best was {best} (−{loss} points)",
            **fields,
        )
    # Translators: a costly decision, {count} rolls still left: {chosen} and {best} are decisions ("keep 2 2",
    # "score Chance"), {loss} the expected points it cost, with a decimal.
    return t.n_(
        "Round {round}, dice {dice} with {count} roll left: you chose {chosen}; best was {best} (−{loss} points)",
        "Round {round}, dice {dice} with {count} rolls left: you chose {chosen}; best was {best} (−{loss} points)",
        left,
        **fields,
    )


@dataclass(frozen=True)
class Advice:
    """The hint panel: the best choice, the top options with their expected final scores (and, for a keep,
    its likeliest boxes' odds), why the best is best, what to highlight."""

    title: str
    lines: tuple[str, ...]
    keep: tuple[int, ...]  # dice to hold for the best keep
    category: str | None  # the box to score, when scoring is best
    why: str = ""  # the best option against the next, in numbers ("" when there is nothing to compare)
    target: tuple[str, ...] = ()  # the choice for a target total beside the expected-score one, each with its chance
    plain: str = ""  # what to do and why in a player's words, the panel's first line (the numbers go behind Why?)
    said: str = ""  # the one short line a screen reader hears: the dice by their positions, not their faces


HINT_OPTIONS = 5
"""Options listed in the hint panel."""

TIED = 0.05
"""Expected final scores closer than this (they round alike) are level in the hint's "why"."""


def odds_text(ruleset: rules.RuleSet, chances: Chances, t: Text = ENGLISH) -> str:
    """A keep's odds as the hint shows them: "Yahtzee 4.6%, Four of a Kind 27.0% and Full House 12.5%".

    ``chances`` are (category id, chance) pairs, as game.coach.odds.shown gives them.

    >>> from game.core import variants
    >>> odds_text(variants.ruleset("yahtzee"), (("yahtzee", 0.046), ("four_of_a_kind", 0.27)))
    'Yahtzee 4.6% and Four of a Kind 27.0%'
    """
    # Translators: one box's chance of being made this turn in the hint panel ("Yahtzee 4.6%"); listed with others.
    return t.join(
        t._("{category} {percent}", category=ruleset.category(cid).display(t), percent=t.percent(p, 1))
        for cid, p in chances
    )


def _option_line(ruleset: rules.RuleSet, option: Option, chances: Chances, t: Text) -> str:
    action, expected = action_text(ruleset, option.action, t), t.number(option.expected, 1)
    if not chances:
        # Translators: a line of the hint panel: a decision and the expected final score it leads to (a decimal).
        return t._("{action} — {expected}", action=action, expected=expected)
    # Translators: a line of the hint panel: a decision, the expected final score it leads to (a decimal) and the
    # exact chances of the boxes it may make this turn ("Yahtzee 4.6%, Four of a Kind 27.0% and Full House 12.5%").
    return t._("{action} — {expected} · {odds}", action=action, expected=expected, odds=odds_text(ruleset, chances, t))


def why(ruleset: rules.RuleSet, hint: Hint, t: Text = ENGLISH) -> str:
    """Why the best option of ``hint`` is best, in the coach's words (the hint panel's and the trainer's)."""
    return _why(ruleset, hint, t)


def _why(ruleset: rules.RuleSet, hint: Hint, t: Text) -> str:
    """Why the best option is best, from the numbers: its expected final score against the next option's,
    and for a keep the box whose chance sets it apart from the next option most."""
    from game.coach.odds import AIM_MARGIN, shown

    if not hint.exact or len(hint.options) < 2:
        return ""
    best, other = hint.options[0], hint.options[1]
    fields = {"expected": t.number(best.expected, 1), "other": action_text(ruleset, other.action, t)}
    margin = best.expected - other.expected
    if margin < TIED:
        # Translators: the hint panel's reason when the two best choices ("keep 6 6", "score Chance") have the
        # same expected final score (a decimal).
        sentences = [
            t._(
                "The best choices are level: {action} and {other} both lead to {expected}.",
                action=action_text(ruleset, best.action, t),
                **fields,
            )
        ]
    elif isinstance(best.action, Score):
        # Translators: the hint panel's reason: {expected} is the best option's expected final score, {margin} how many
        # points more than the next option ({other}: "keep 6 6", "score Chance") leads to; both decimals.
        sentences = [
            t._(
                "Scoring {category} now gives the best expected final score ({expected}, {margin} more than {other}).",
                category=ruleset.category(best.action.category).display(t),
                margin=t.number(margin, 1),
                **fields,
            )
        ]
    elif best.action.faces:
        # Translators: the hint panel's reason: {expected} is the best option's expected final score, {margin} how many
        # points more than the next option ({other}: "keep 6 6", "score Chance") leads to; both decimals.
        sentences = [
            t._(
                "Keeping {dice} gives the best expected final score ({expected}, {margin} more than {other}).",
                dice=" ".join(map(str, best.action.faces)),
                margin=t.number(margin, 1),
                **fields,
            )
        ]
    else:
        # Translators: the hint panel's reason: {expected} is the best option's expected final score, {margin} how many
        # points more than the next option ({other}: "keep 6 6", "score Chance") leads to; both decimals.
        sentences = [
            t._(
                "Rerolling every die gives the best expected final score ({expected}, {margin} more than {other}).",
                margin=t.number(margin, 1),
                **fields,
            )
        ]
    odds: tuple[Chances | None, ...] = hint.odds if len(hint.odds) == len(hint.options) else ()
    mine = shown(odds[0], hint.baseline) if odds and isinstance(best.action, Keep) else ()
    if mine:
        theirs = dict(odds[1] or ()) if isinstance(other.action, Keep) else {}
        category, p = max(mine, key=lambda pair: pair[1] - theirs.get(pair[0], pair[1]))
        name = ruleset.category(category).display(t)
        if category in theirs and p - theirs[category] >= AIM_MARGIN:  # where it does better than the next option
            # Translators: the hint panel's reason, after the expected scores: keeping these dice makes the box
            # {category} this often this turn, against {other_percent} with the next option {other} ("keep 6 6").
            sentences.append(
                t._(
                    "It makes {category} {percent} of the time, against {other_percent} with {other}.",
                    category=name,
                    percent=t.percent(p, 1),
                    other_percent=t.percent(theirs[category], 1),
                    other=fields["other"],
                )
            )
        else:
            category, p = mine[0]
            # Translators: the hint panel's reason, after the expected scores: keeping these dice makes the box
            # {category} this often this turn.
            sentences.append(
                t._(
                    "It makes {category} {percent} of the time.",
                    category=ruleset.category(category).display(t),
                    percent=t.percent(p, 1),
                )
            )
    return " ".join(sentences)


SHOWN_GAIN = 0.0005
"""A target choice more likely than the expected-score one by less than this is not shown apart: their chances
read the same with one decimal ("100.0%" both)."""


def target_lines(ruleset: rules.RuleSet, hint: TargetHint, t: Text = ENGLISH) -> tuple[str, ...]:
    """The target hint's lines beside the expected-score hint: where the two choices differ (by a chance one can
    see), each with its chance of reaching the target; else the expected-score choice's; then how exact they are.

    >>> from game.core import variants
    >>> from game.core.actions import Keep
    >>> from game.coach.advisor import Option
    >>> from game.coach.target import TargetHint
    >>> rs = variants.ruleset("yahtzee")
    >>> for line in target_lines(rs, TargetHint(168, Option(Keep((4, 4)), 0.0738), Option(Keep((1, 2, 3, 4)), 0.0492), True)):
    ...     print(line)
    Best to reach 168: keep 4 4 — 7.4%
    Best for points: keep 1 2 3 4 — 4.9% to reach 168
    These chances are exact: at most 2 boxes are left.
    >>> target_lines(rs, TargetHint(300, Option(Keep((6, 6)), 0.018), Option(Keep((6, 6)), 0.018), False))
    ('Best for points is best to reach 300 too: keep 6 6 — 1.8%', 'These chances are estimated: they are exact only in the last 2 boxes.')
    >>> target_lines(rs, TargetHint(45, Option(Keep(()), 0.99999), Option(Keep((2, 2, 2)), 0.9999), False))[0]
    'Best for points is best to reach 45 too: keep 2 2 2 — 100.0%'
    """
    from game.coach.target import EXACT_OPEN

    if hint.differs and hint.gain < SHOWN_GAIN:  # the difference would not show: the expected-score choice
        hint = replace(hint, best=hint.usual)
    fields = {
        "target": hint.target,
        "action": action_text(ruleset, hint.best.action, t),
        "percent": t.percent(hint.best.expected, 1),
    }
    if hint.differs:
        # Translators: the hint panel's target line: the choice most likely to reach the target total ({target}
        # points; {action}: "keep 5 5 5") and that chance.
        best = t._("Best to reach {target}: {action} — {percent}", **fields)
        # Translators: the hint panel's target line: the choice for the best expected score ({action}: "keep 6 6")
        # and its chance of reaching the target total ({target} points).
        usual = t._(
            "Best for points: {action} — {percent} to reach {target}",
            target=hint.target,
            action=action_text(ruleset, hint.usual.action, t),
            percent=t.percent(hint.usual.expected, 1),
        )
        shown: tuple[str, ...] = (best, usual)
    else:
        # Translators: the hint panel's target line: the choice for the best expected score ({action}) is also the
        # one most likely to reach the target total ({target} points), with that chance.
        shown = (t._("Best for points is best to reach {target} too: {action} — {percent}", **fields),)
    if hint.exact:
        # Translators: the hint panel: the chances of reaching the target are exact, as at most {count} boxes are
        # left to fill. The plural form follows {count}.
        how = t.n_(
            "These chances are exact: at most {count} box is left.",
            "These chances are exact: at most {count} boxes are left.",
            EXACT_OPEN,
        )
    else:
        # Translators: the hint panel: the chances of reaching the target are estimated; they are worked out
        # exactly only once {count} boxes or fewer are left. The plural form follows {count}.
        how = t.n_(
            "These chances are estimated: they are exact only in the last {count} box.",
            "These chances are estimated: they are exact only in the last {count} boxes.",
            EXACT_OPEN,
        )
    return (*shown, how)


def advice(match: Match, hint: Hint, t: Text = ENGLISH, target: TargetHint | None = None) -> Advice:
    """The hint panel for a game.coach.advice.Hint of the match's current decision (and a target's, when given).

    A keep's line shows its likeliest boxes' exact odds when the hint has them (game.coach.odds).

    >>> from game.coach.advisor import Advisor
    >>> from game.coach.advice import hint
    >>> from game.core.engine import new_match
    >>> from game.coach.odds import Odds
    >>> m = new_match("yacht", seed=1).roll(faces=[6, 6, 6, 6, 6])
    >>> a = advice(m, hint(Advisor(m.ruleset), m))
    >>> a.title, a.category
    ('Best: score Yacht', 'yacht')
    >>> m = new_match("yahtzee", seed=1).roll(faces=[6, 6, 6, 3, 2])
    >>> a = advice(m, hint(Advisor(m.ruleset), m, Odds(m.ruleset)))
    >>> a.lines[0]
    'keep 6 6 6 — 265.1 · Four of a Kind 51.8%, Full House 28.2% and Yahtzee 9.3%'
    >>> a.why
    'Keeping 6 6 6 gives the best expected final score (265.1, 3.8 more than keep 3 6 6 6). It makes Four of a Kind 51.8% of the time, against 42.1% with keep 3 6 6 6.'
    """
    from game.coach.advice import holds_for
    from game.coach.odds import shown
    from game.present.hint_words import plain_text, said_text

    best = hint.best.action
    action = action_text(match.ruleset, best, t)
    if hint.exact:
        # Translators: the hint panel's title: the best decision now ("keep 5 5 5", "score Chance").
        title = t._("Best: {action}", action=action)
    else:
        # Translators: the hint panel's title when the advisor only looks at this turn (large custom dice).
        title = t._("Best this turn (estimate): {action}", action=action)
    odds = hint.odds if len(hint.odds) == len(hint.options) else (None,) * len(hint.options)
    lines = tuple(
        _option_line(match.ruleset, o, shown(chances, hint.baseline), t)
        for o, chances in zip(hint.options[:HINT_OPTIONS], odds)
    )
    why = _why(match.ruleset, hint, t)
    aim = () if target is None else target_lines(match.ruleset, target, t)
    if isinstance(best, Score):
        plain, said = plain_text(match, best, t=t), said_text(match, best, (), t)
        return Advice(title, lines, (), best.category, why, aim, plain, said)
    keep = tuple(i for i, held in enumerate(holds_for(match, best.faces)) if held)
    plain = plain_text(match, best, shown(odds[0], hint.baseline), t)
    return Advice(title, lines, keep, None, why, aim, plain, said_text(match, best, keep, t))


@dataclass(frozen=True)
class ReportSection:
    """One person's part of the after-game report."""

    name: str
    summary: str
    mistakes: tuple[str, ...]
    rolls: tuple[str, ...] = ()  # the luckiest and unluckiest rolls, where the advisor is exact (game.coach.luck)


REPORT_MISTAKES = 3
"""Costliest decisions listed per person in the after-game report."""


def report(session: Session, t: Text = ENGLISH) -> tuple[ReportSection, ...]:
    """The after-game report of a game.coach.session.Session: each person's decisions against the best.

    >>> from game.core.engine import new_match
    >>> from game.coach.session import Session
    >>> m = new_match("yacht", ["Ann"], seed=3).roll(faces=[6, 6, 6, 6, 6]).score("sixes")
    >>> report(Session(m))[0].summary
    '0 of 1 decisions were the best move; expected points lost in all: 25.6. No undos.'
    """
    from game.coach.luck import split
    from game.present.luck_view import roll_words

    match = session.match
    advisor = session.coach.advisor
    exact = session.coach.needs_table() is None and advisor.is_exact()
    out = []
    for player, seat in enumerate(match.seats):
        if seat.kind is not SeatKind.HUMAN:
            continue
        review = session.review(player)
        luck = split(advisor, match, match.game, player) if exact else None
        undos = session.undo_count(player)
        if not undos:
            # Translators: in the after-game report: the person took back no move in the game.
            taken_back = t._("No undos.")
        else:
            # Translators: in the after-game report: how many times the person took back a move in the game.
            taken_back = t._("Undos: {count}.", count=undos)
        summary = f"{report_summary(review, t)} {taken_back}"
        mistakes = tuple(decision_text(match.ruleset, move, t) for move in review.worst(REPORT_MISTAKES))
        out.append(ReportSection(seat.name, summary, mistakes, () if luck is None else roll_words(luck, t)))
    return tuple(out)
