"""The view's words for the model's facts: the lines' facts (game.app.notices), the share dialog, the hint, the win
chances and Statistics' numbers, worded in the page's language (the view's part that reaches the present layer with
game.app.view and game.app.page).

    >>> from game.app.notices import Plain
    >>> from game.core.i18n import ENGLISH
    >>> told((Plain.COPIED,), ENGLISH)
    'Copied: paste it into a message.'
"""

from __future__ import annotations

from functools import lru_cache
from typing import assert_never

from game.app.effects import Share
from game.app.entering import FACES
from game.app.facts import ChallengeSent, DailySent, Hinted, MatchSent, Reported, Sendable, Sharing, Statistics
from game.app.notices import (
    Again,
    Bests,
    BoardRead,
    CellRefused,
    Cheered,
    ComputerTurn,
    Cost,
    DailyPlayed,
    Elsewhere,
    Faces,
    Failed,
    Forked,
    Gone,
    Imported,
    Invalid,
    KeptGone,
    KeyRefused,
    MoveRefused,
    NoBoxNamed,
    Notice,
    Passing,
    PastBest,
    Plain,
    Ratings,
    Replacing,
    Said,
    Since,
    Status,
    UnderWay,
    Unreadable,
)
from game.app.page import Line, Shown
from game.app.practice import NO_TABLE, UNREADABLE
from game.app.screens import DAILY_PLAYED, OTHER_TAB_MATCH, REPLACED_KEPT
from game.app.settings import NO_CATALOGUE
from game.app.shared import BEGUN_HERE, PLAYED_HERE
from game.app.sharing import CHALLENGE_TITLE, COPIED, COPY_FAILED, DAILY_TITLE, MATCH_RESULT, QR_LABEL, YOUR_TURN
from game.app.start import FORKED_KEEP, FORKED_MATCH, FORKED_TAKE, OTHER_MATCH, SAME_TURN, TURN_UNDER_WAY
from game.app.state import App, Effect
from game.core.i18n import N_, Text
from game.core.inputs import problem_text
from game.core.link_problems import LinkProblem
from game.core.refusals import worded
from game.present import (
    board_view,
    coach_view,
    controls,
    ear,
    feel,
    markup,
    paint,
    standings,
    stats_markup,
    stats_view,
    trainer_view,
    trophy_words,
    you,
)
from game.present.aim_view import MAX_AIM, TYPED_JUNK, picker
from game.present.words import (
    KEPT_GONE,
    WORDS,
    announcement,
    cost,
    link_choice,
    match_summary,
    played_elsewhere,
    reading,
    seen,
    since_last,
    turn_line,
)
from game.records import challenge, daily
from game.records.trophies import earned


def status_words(status: Status, t: Text, eyes: bool = False) -> str:
    """The status line's words: the personal bests just set, then the step's celebration and what it did (the
    celebration first: it ends its sentence, where the status line does not: "Bo's turn: roll the dice"), else the
    board's own line; as the ``eyes`` read it over the table, a roll says whose turn it is, not the dice."""
    step = status.step
    did = seen if eyes else announcement
    cheer = "" if eyes or step is None else feel.cheer(step.session.match, status.cues, t=t)  # the moment shows it
    past = "" if eyes or status.past is None else feel.past_best(status.past.name, status.past.best, t=t)
    said = (cheer, past, did(step, t=t)) if step is not None else ()
    line = " ".join(filter(None, said))
    if not line and status.match is not None:
        line = turn_line(status.match, t=t) if eyes else board_view.status(status.match, t=t)
    bests = (*(feel.best_cheer(bests, t=t) for bests in status.bests),)
    ratings = (*(feel.rating_cheer(ratings, t=t) for ratings in status.ratings),)
    return " ".join(filter(None, (*bests, *ratings, line)))


# Translators: the send screen of a match by link: {name} is the person whose turn it is now.
SEND_ON = N_("Send the match to {name} by link: their phone plays the next turn.")
# Translators: the pass-the-phone screen: {name} is the person whose turn it is now.
PASS_ON = N_("Pass the phone to {name}, then tap Start.")

PLAIN = {
    Plain.AIM_JUNK: TYPED_JUNK,
    Plain.LOST_MOVES: WORDS.lost_moves,
    Plain.STORAGE_FULL: WORDS.storage_full,
    Plain.HISTORY_NOT_SAVED: WORDS.history_not_saved,
    Plain.HISTORY_UNREADABLE: WORDS.history_unreadable,
    Plain.HISTORY_SET_ASIDE: WORDS.history_set_aside,
    Plain.IMPORT_TOO_LARGE: WORDS.import_too_large,
    Plain.IMPORT_REFUSED: WORDS.import_refused,
    Plain.NO_CATALOGUE: NO_CATALOGUE,
    Plain.SAME_TURN: SAME_TURN,
    Plain.TRAINER_UNREADABLE: UNREADABLE,
    Plain.NO_TABLE: NO_TABLE,
    Plain.REPLACED_KEPT: REPLACED_KEPT,
    Plain.COPIED: COPIED,
    Plain.COPY_FAILED: COPY_FAILED,
    Plain.OTHER_TAB: WORDS.other_tab,
    Plain.OTHER_TAB_REPLACED: WORDS.other_tab_replaced,
}
"""Each plain notice's msgid (a test proves every one is here)."""


def told(facts: tuple[Said, ...], t: Text) -> str:
    """What ``facts`` say in ``t``'s words, each in turn ("" where one says nothing)."""
    return " ".join(filter(None, (fact_words(fact, t) for fact in facts)))


def fact_words(fact: Said, t: Text) -> str:
    """One fact in ``t``'s words."""
    match fact:
        case Plain.AIM_JUNK:
            return t._(TYPED_JUNK, most=MAX_AIM)
        case Plain():
            return t._(PLAIN[fact])
        case MoveRefused(error=error):
            return you.refused(error, t)
        case Failed(error=error):
            return error.text(t)
        case Unreadable(error=error):
            return problem_text(error, t)
        case Faces(sides=sides):
            return t._(FACES, sides=sides)
        case Passing(name=name, remote=remote):
            return t._(SEND_ON if remote else PASS_ON, name=name)
        case NoBoxNamed(key=key):
            return t._(ear.KeyRefusal.NO_NAME, key=key.upper())
        case KeyRefused(key=key, match=match):
            return ear.refusal(key, match, t)
        case CellRefused(match=match, row=row, player=player):
            return board_view.cell_refusal(match, row, player, t=t)
        case Cost(step=step):
            return cost(step, t=t)
        case Imported(before=before, after=after, restored=restored):
            return stats_view.imported(before, after, restored, t=t)
        case KeptGone(count=count, file=file):
            return t.n_(*KEPT_GONE, count, file=file)
        case Gone(total=total):
            return t._(BEGUN_HERE) if total is None else t._(PLAYED_HERE, total=total)
        case Elsewhere(held=held, incoming=incoming, match=match):
            return played_elsewhere(held, incoming, match, t)
        case Since(before=before, after=after):
            return since_last(before, after, t)
        case DailyPlayed(name=name):
            return t._(DAILY_PLAYED, rules=daily.display(name, t))
        case Replacing(saved=saved, offered=offered, other=False):
            return link_choice(saved, offered, t=t)
        case Replacing(saved=saved, offered=offered, tab=tab):
            summaries = {"saved": match_summary(saved, t), "offered": match_summary(offered, t)}
            return t._(OTHER_TAB_MATCH if tab else OTHER_MATCH, **summaries)
        case UnderWay(name=name):
            return t._(TURN_UNDER_WAY, name=name)
        case Forked(take=take):
            return f"{t._(FORKED_MATCH)} {t._(FORKED_TAKE if take else FORKED_KEEP)}"
        case ComputerTurn(match=match):
            return ear.computer_turn(match, t)
        case BoardRead(match=match):
            return " ".join(filter(None, (reading(match, t), ear.bonus_progress(match, t))))
        case Again(spoken=spoken, status=status, notice=notice):
            last = told(spoken, t) or status_words(status, t)
            return " ".join(dict.fromkeys(filter(None, (last, told(notice, t)))))
        case Cheered(match=match, cues=cues):
            return feel.cheer(match, cues, t=t)
        case Bests(bests=bests):
            return feel.best_cheer(bests, t=t)
        case Ratings(ratings=ratings):
            return feel.rating_cheer(ratings, t=t)
        case PastBest(name=name, best=best):
            return feel.past_best(name, best, t=t)
        case _:
            assert_never(fact)


def notice_line(notice: Notice, t: Text) -> Line:
    """A notice worded: its facts' words, how many times it was said, and whether it is a tip or said again."""
    return Line(told(notice.facts, t), notice.said, notice.tip, notice.again)


def sent_words(what: Sendable, t: Text) -> tuple[str, str]:
    """The share dialog's title and the text it sends."""
    match what:
        case MatchSent(match=match, name=name) if board_view.match_over(match):
            return controls.result_title(match, t), t._(MATCH_RESULT, rules=match.ruleset.display(t))
        case MatchSent(match=match, name=name):
            return controls.send_title(name, t), t._(YOUR_TURN, name=name, rules=match.ruleset.display(t))
        case ChallengeSent(game=game, hints=hints):
            return t._(CHALLENGE_TITLE), challenge.invitation(game, t, hints=hints)
        case DailySent(record=record):
            return t._(DAILY_TITLE), daily.share_text(record, t)
        case _:
            assert_never(what)


@lru_cache(maxsize=4)
def qr_code(url: str, t: Text) -> str:
    """The address drawn as a QR code (its markup), once per address: the view is worked out on every answer."""
    # Imported here: a start without the snapshot then compiles no QR encoder that few ask for.
    from game.present.qr import svg

    return svg(url, t._(QR_LABEL))


def shared(sharing: Sharing | None, t: Text) -> Shown | None:
    """The share dialog's content worded (None: closed)."""
    if sharing is None:
        return None
    title, text = sent_words(sharing.what, t)
    qr = qr_code(sharing.url, t) if sharing.qr else ""
    return Shown(title, text, sharing.url, told(sharing.note, t), sharing.qr_offered, qr, sharing.by_hand)


def sent(app: App) -> list[Effect]:
    """The dialog's Share: what it holds shared (or copied), worded as it shows it."""
    shown = shared(app.sharing, app.t)
    return [Share(shown.title, shown.text, shown.url)] if shown is not None else []


@lru_cache(maxsize=2)
def stats_body(shown: Statistics, t: Text) -> str:
    """Statistics' body (its markup), worked out once per numbers read: the view is worked out on every answer."""
    page = stats_view.statistics(shown.history, dict(shown.references), shown.key, shown.name, t=t, today=shown.today)
    practice = trainer_view.progress(shown.trainer.progress(page.name or shown.person), t=t)
    won = trophy_words.listing(earned(shown.history, page.name or shown.person), t=t)
    return stats_markup.statistics(page, t=t) + won + practice  # the trophies before the practice, its button after it


@lru_cache(maxsize=4)
def hint_shown(hinted: Hinted, t: Text) -> tuple[str, str, tuple[tuple[tuple[str, int], str], ...]]:
    """The hint panel (its markup, with the target control), its one short line for a screen reader, and the dice or
    box it marks, each with its mark (none once a move made them moot): worked out once per hint."""
    advice = coach_view.advice(hinted.match, hinted.hint, t=t, target=hinted.target)
    targets = [paint.die_at(index) for index in advice.keep]
    if advice.category is not None:
        targets.append(paint.box_at(advice.category))
    mark = "hint-keep" if advice.category is None else "hint-best"
    panel = markup.advice(advice, t=t, explain=hinted.explain) + picker(hinted.offer, t=t)
    return panel, advice.said, tuple((at, mark) for at in targets) if hinted.marked else ()


@lru_cache(maxsize=2)
def report_body(reported: Reported, t: Text) -> str:
    """The after-game report (its markup): each person's choices against the best, costliest first; worked out once
    per report (the view is worked out on every answer)."""
    assert reported.session is not None  # worked out: the view says a word while it is not
    report = markup.report(coach_view.report(reported.session, t=t), t=t)
    ended = reported.ended
    shown = standings.results(ended.match, t=t, ending=ended.ending) if ended is not None else None
    if shown is not None and shown.analysis:  # the game against the optimal player's, and its luck, first
        report = markup.analysis(shown.analysis) + report
    return report


def problems_words(problems: tuple[LinkProblem | Invalid, ...], t: Text) -> tuple[str, ...]:
    """The problems of a start refused, each in words."""
    return tuple(worded(problem.error, t) if isinstance(problem, Invalid) else problem.text(t) for problem in problems)
