"""The page's sentences that belong to no board value: the shell's fixed words, failures, announcements.

:class:`Words` holds the fixed sentences as msgids (the shell and the app word them with ``t._``);
:func:`failure` words what stopped; :func:`announcement` says what a step of the session did, for
the live region; :func:`match_summary` and :func:`link_choice` word the question a link asks when
it would replace a match in progress.

>>> failure(WORDS.cannot_start, ValueError("x"), saved=False)
"The game could not start. The details are in the browser's console."
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.coach.moments import computer_plays, took_lead
from game.core.actions import Hold, Score
from game.core.cards import SeatKind
from game.core.engine import Match, Phase
from game.core.i18n import ENGLISH, N_, Text, n_
from game.core.marks import elsewhere, filled_since
from game.present.board_view import BOX_POINTS, describe, scored, status
from game.present.coach_view import action_text
from game.present.you import said, said_n

if TYPE_CHECKING:
    from game.coach.session import Step

__all__ = [
    "Words",
    "WORDS",
    "KEPT_COPIES",
    "SAVE_KEPT",
    "KEPT_GONE",
    "failure",
    "announcement",
    "reading",
    "match_summary",
    "link_choice",
    "played_elsewhere",
    "since_last",
    "lead_taken",
    "stakes",
    "turn_line",
]


@dataclass(frozen=True)
class Words:
    """The page's fixed sentences, in one place: msgids, which the shell words with ``t._(WORDS.saved)``.

    >>> ENGLISH._(WORDS.saved)
    'Your match is saved.'
    """

    storage_full: str = N_(
        "This match is not being saved: this browser's storage is full or turned off. "
        "To make room, export a backup, then delete old games in Statistics."
    )
    lost_moves: str = N_(
        "The last moves were not saved (this browser's storage was full): this is the match as it was last saved."
    )
    leave_match: str = N_("Leave this match and set up a new one? The current match will be lost.")
    # Translators: the name dialog's button when the person about to send a challenge gives their name: sends it.
    naming_send: str = N_("Send")
    # Translators: the name dialog's button on a challenge's welcome card: plays the challenge.
    naming_play: str = N_("Play")
    # Translators: the name dialog's title before the first pass-and-play match: the two people's names are asked.
    naming_who: str = N_("Who is playing?")
    # a daily game or a challenge is kept as far as it went (game.app.shared): leaving it loses nothing
    leave_shared: str = N_("Leave this game for now? It stays as it is: open it again to carry on where you left off.")
    reviewing: str = N_("Reviewing every decision…")
    # what stopped, for failure(): the first sentence of its message
    computer_stopped: str = N_("The computer player stopped.")
    went_wrong: str = N_("Something went wrong.")
    cannot_start: str = N_("The game could not start.")
    saved: str = N_("Your match is saved.")
    details_logged: str = N_("The details are in the browser's console.")
    other_tab: str = N_("This match was continued in another tab, so this tab changes nothing.")
    # Translators: said in a tab whose match another tab of this browser replaced with a new match.
    other_tab_replaced: str = N_("Another tab started a new match in place of this one, so this tab changes nothing.")
    history_not_saved: str = N_(
        "This browser did not save the finished game to your history (storage full or refused)."
    )
    history_unreadable: str = N_("Your game history could not be read, so nothing was written over it.")
    history_set_aside: str = N_(
        "Your game history could not be read: it is kept aside in this browser (download it "
        "from Statistics), and a new history begins."
    )
    delete_kept: str = N_("Delete the copies kept aside? Download them first if you may want them.")
    delete_game: str = N_("Delete this game from your history? This cannot be undone.")
    delete_all: str = N_("Delete every game from your history? This cannot be undone (export a backup first).")
    # the confirming buttons of those questions (the game's own dialog; its other button is Cancel)
    leave_yes: str = N_("Leave the match")
    delete_kept_yes: str = N_("Delete the kept copies")
    delete_game_yes: str = N_("Delete the game")
    delete_all_yes: str = N_("Delete all games")
    import_refused: str = N_("That file was not imported, and nothing was changed.")
    import_too_large: str = N_("That file is too large to be a backup of this game; nothing was changed.")
    save_not_kept: str = N_(
        "This browser's storage is full, so no copy could be put aside: download the saved data "
        "before you start a new match, which replaces it."
    )
    start_new: str = N_("Start a new match")
    link_title: str = N_("Start the match in this link?")
    link_start: str = N_("Start the new match")
    # Translators: the title of the question asked when a link another player sent brings their match under way
    # (a match played by links) and this phone has another match in progress.
    link_play_on_title: str = N_("Play the match in this link?")
    # Translators: the button that takes up the match a link brings (a match played by links), replacing the one here.
    link_play_on: str = N_("Play the link's match")
    download_then_start: str = N_("Download it, then start a new match")


# Translators: {key} is the name the copy is stored under ("yacht-dice/unreadable-save"), kept as it is.
SAVE_KEPT = N_(
    "Nothing was deleted: a copy is kept in this browser's storage (under “{key}”), and you can download it."
)
"""The save-problem screen's line on the copy kept aside (it names its key: not one of the fixed Words)."""

KEPT_COPIES = n_(
    "{count} copy of data this game could not read is kept aside in this browser.",
    "{count} copies of data this game could not read are kept aside in this browser.",
)
"""The Statistics screen's line on the copies kept aside (a plural: not one of the Words)."""
# Translators: the copies kept aside are bounded; when a newer one is kept, the oldest go, each downloaded as a file
# first: a copy the game said it kept is never deleted without a word. {file} is the downloaded file's name.
KEPT_GONE = n_(
    "{count} older copy kept aside made room for a newer one: it is in your downloads ({file}).",
    "{count} older copies kept aside made room for a newer one: they are in your downloads ({file}).",
)

WORDS = Words()


def failure(what: str, error: BaseException, saved: bool = True, t: Text = ENGLISH) -> str:
    """A failure in words, never Python's: what stopped (a sentence of WORDS); the error itself goes to the console.

    >>> failure(WORDS.went_wrong, KeyError("x"))
    "Something went wrong. Your match is saved. The details are in the browser's console."
    """
    return " ".join([t._(what)] + ([t._(WORDS.saved)] if saved else []) + [t._(WORDS.details_logged)])


def announcement(step: Step, t: Text = ENGLISH) -> str:
    """What a game.coach.session.Step did, for the status line (a live region): the roll, the score, the undo.

    >>> from game.core.engine import new_match
    >>> from game.coach.session import Session
    >>> from game.core.actions import Hold, Roll
    >>> s = Session(new_match("yacht", ["Ann"], seed=1)).act(Roll((6, 6, 6, 6, 1))).session.act(Hold(0)).session
    >>> announcement(s.undo())
    "Undone: die 1 is no longer held. Ann's turn, roll 1 of 3"
    """
    after = step.session.match
    return f"{taken_back(step, t)} {status(after, t)}" if step.undone is not None else describe(step.before, after, t)


def headline(before: Match, after: Match, t: Text = ENGLISH) -> str:
    """What an action did, as the eyes read it over the dice: a score said, then where the turn stands
    (:func:`turn_line`); a roll or a hold only where the turn stands (the dice are on the table; the live region reads
    them back, game.present.board_view.describe).

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1)
    >>> headline(m, m.roll(faces=[3, 3, 3, 5, 5]))
    "Ann's turn"
    >>> solo = new_match("yahtzee", ["You"], seed=1).roll(faces=[3, 3, 3, 5, 5])
    >>> headline(solo, solo.roll(faces=[3, 3, 3, 5, 5])), headline(solo, solo.score("full_house"))
    ('Turn 1 of 13', 'You scored 25 in Full House. Turn 2 of 13')
    >>> two = m.roll(faces=[3, 3, 3, 5, 5])
    >>> headline(two, two.score("full_house"))  # Ann's score: the line under Bob's turn says it
    "Bob's turn: roll the dice"
    """
    # another seat's score is said by the line under it (:func:`last_move`), in sight through the turn: said here too,
    # the one fact stood twice over the dice (fresh eyes round 38)
    # before a computer's turn, its line alone ("Robin is playing"): the box just written is lit on the card, and two
    # sentences over the dice crowded Skip (fresh eyes rounds 53 to 55)
    written = "" if computer_plays(after) or last_move(after, t) else scored(before, after, t)
    return f"{written} {turn_line(after, t)}" if written else turn_line(after, t)


def _lead(match: Match, t: Text, always: bool = False) -> str:
    """Who leads this game and by how much, said beside whose turn it is ("" while level, and at a table of two unless
    ``always``: their race over the dice shows it, markup.race; said in both, the lead stood three times on a phone,
    round 74)."""
    totals = [match.totals(seat, match.game).grand_total for seat in range(len(match.seats))]
    if len(totals) == 2 and not always:
        return ""
    first = max(range(len(totals)), key=totals.__getitem__)
    lead = totals[first] - max(total for seat, total in enumerate(totals) if seat != first)
    if not lead:
        return ""
    # Translators: after whose turn it is ("Your turn · Robin leads by 18"): {name} leads the game by {count} points.
    return said_n(t, "{name} leads by {count} point", "{name} leads by {count} points", lead, match.seats[first].name)


def turn_line(match: Match, t: Text = ENGLISH) -> str:
    """Where the turn stands as the eyes read it over the dice, saying nothing Roll says ("2 left"): whose turn it is,
    or in a game played alone which turn of the game; the first roll and the box to choose as :func:`status` says.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["You", "Robin"], seed=1)
    >>> turn_line(m), turn_line(m.roll()), turn_line(m.roll().roll().roll())
    ('Your turn: roll the dice', 'Your turn', 'Your turn, roll 3 of 3: choose a box')
    >>> m = new_match("yahtzee", ["You", "Robin", "Cy"], seed=1)
    >>> m = m.roll(faces=[6, 6, 6, 1, 2]).score("sixes").roll(faces=[1, 2, 3, 4, 4]).score("fours")
    >>> turn_line(m.roll(faces=[5, 5, 5, 1, 2])), turn_line(m.roll(faces=[5, 5, 5, 1, 2]).score("fives").roll())
    ("Cy's turn · you lead by 10 points", 'Your turn · you lead by 3 points')
    >>> two = new_match("yahtzee", ["You", "Robin"], seed=1).roll(faces=[6, 6, 6, 1, 2]).score("sixes").roll()
    >>> turn_line(two)  # Robin's turn, 18 behind: their race over the dice shows it
    "Robin's turn"
    >>> from game.core.cards import Seat
    >>> bot = new_match("yahtzee", ["You", Seat.computer("Robin", "good")], seed=1).roll(faces=[6] * 5).score("sixes")
    >>> turn_line(bot), turn_line(bot.roll(faces=[1, 2, 3, 4, 4]))  # not begun (a person's moment may show), begun
    ('Next up: Robin', 'Robin is playing')
    >>> behind = bot.roll(faces=[6] * 5).score("yahtzee")  # Robin 50, you 30
    >>> turn_line(behind.roll(faces=[6, 6, 6, 5, 5]).score("chance")), turn_line(behind.roll(faces=[1] * 5).score("ones"))
    ('You take the lead!', 'Next up: Robin')
    >>> two = new_match("yahtzee", ["You", Seat.computer("Robin", "good")], seed=1)
    >>> for box in [category.id for category in two.ruleset.categories][:-1]:  # all but Chance, level
    ...     two = two.roll(faces=[1, 2, 3, 4, 6]).score(box).roll(faces=[1, 2, 3, 4, 6]).score(box)
    >>> turn_line(two), turn_line(two.roll(faces=[1, 1, 2, 2, 3]).score("chance").roll(faces=[6] * 5))  # the stakes
    ('Your last turn · 1 point to lead, then Robin plays', "Robin's last turn · you lead by 9 points")
    >>> last = new_match("yahtzee", [Seat.computer("Robin", "good"), "You"], seed=1)
    >>> for box in [category.id for category in last.ruleset.categories][:-1]:  # You play last: a promise kept
    ...     last = last.roll(faces=[6, 6, 6, 4, 6]).score(box).roll(faces=[1, 2, 3, 4, 6]).score(box)
    >>> turn_line(last.roll(faces=[1, 1, 2, 2, 3]).score("chance"))
    'Your last turn · 48 points to pass Robin'
    """
    if match.game_over or match.finished:
        return status(match, t)
    name, phase = match.current_name, match.phase
    if stakes(match):
        return _last_turn(match, t)
    if match.current_seat.kind is SeatKind.COMPUTER:  # Roll says whose turn it is: here, who leads (the pad's face
        # says a computer plays)
        if phase is Phase.FIRST_ROLL:  # not begun: a person's moment may hold it (rounds 77, 78: "my bonus landed on
            # Robin's turn")
            # Translators: over the dice before a computer player's first roll, while a person's moment may still show.
            return lead_taken(match, t) or " · ".join(
                filter(None, (t._("Next up: {name}", name=name), _lead(match, t)))
            )
        # Translators: over the dice while a computer player plays, before who leads ("Robin is playing · you lead by
        # 5 points").
        playing = t._("{name} is playing", name=name)
        return " · ".join(filter(None, (playing, _lead(match, t))))
    if len(match.seats) > 1:
        if phase is not Phase.MID_TURN:
            return status(match, t)
        # Translators: whose turn it is (rolled: Roll says how many rolls are left). The next message is the same
        # for a name ending in "s" ("Chris' turn").
        whose = said(t, N_("{name}' turn") if name.endswith("s") else N_("{name}'s turn"), name)
        return " · ".join(filter(None, (whose, _lead(match, t))))
    turn, turns = match.round + 1, match.rounds
    if phase is Phase.MUST_SCORE:
        # Translators: a game played alone, every roll of the turn used: a box must be chosen ("Turn 3 of 13").
        return t._("Turn {turn} of {turns}: choose a box", turn=turn, turns=turns)
    # Translators: the line over the dice in a game played alone: which turn of the game it is ("Turn 3 of 13").
    return t._("Turn {turn} of {turns}", turn=turn, turns=turns)


def stakes(match: Match) -> bool:
    """Whether the line over the dice is a seat's last turn of the game and what is at stake (:func:`turn_line`)."""
    last = len(match.seats) > 1 and match.round + 1 == match.rounds and match.phase is not Phase.MUST_SCORE
    return last and not (match.game_over or match.finished)


def lead_taken(match: Match, t: Text = ENGLISH) -> str:
    """Before a computer's turn, a person's box that has just put them ahead (fresh eyes rounds 86 to 91: "You take the
    lead!"), said in place of who is next: Robin's face beside the line says it, and both were cut on a phone beside
    Skip; "" else."""
    seat, after = took_lead(match), match.current_seat.kind is SeatKind.COMPUTER and match.phase is Phase.FIRST_ROLL
    if seat is None or match.seats[seat].kind is not SeatKind.HUMAN or not after:
        return ""
    # Translators: a name is taking the lead of the game with the box just written ("Ann takes the lead!").
    return said(t, N_("{name} takes the lead!"), match.seats[seat].name)


def _last_turn(match: Match, t: Text) -> str:
    """A seat's last turn of the game, and who leads by how much, at every table: the stakes, said while they are
    highest (fresh eyes rounds 86 to 91: "nothing says what is at stake in the last rounds"). A person's box that has
    just put them ahead says so first, as on any turn."""
    if said_first := lead_taken(match, t):
        return said_first
    name = match.current_name
    # Translators: a seat's last turn of the game, before who leads ("Robin's last turn · you lead by 8 points"). The
    # next message is the same for a name ending in "s" ("Chris' last turn").
    whose = said(t, N_("{name}' last turn") if name.endswith("s") else N_("{name}'s last turn"), name)
    totals = match.game_totals()
    mine, first = totals[match.player], max(range(len(totals)), key=lambda seat: (seat != match.player, totals[seat]))
    if match.current_seat.kind is SeatKind.HUMAN and mine <= totals[first]:  # what it takes, in a person's terms
        gap, after = totals[first] - mine + 1, match.seats[match.player + 1 :]  # a seat after: no promise (round 99)
        # Translators: after "Your last turn · ": the points the person must score to pass the leader ({name}); or,
        # where {name} still plays its last turn after the person, the points to take the lead before it.
        forms = n_("{count} point to lead, then {name} plays", "{count} points to lead, then {name} plays")
        forms = forms if after else n_("{count} point to pass {name}", "{count} points to pass {name}")
        return f"{whose} · {t.n_(*forms, gap, name=(after[0] if after else match.seats[first]).name)}"
    return " · ".join(filter(None, (whose, _lead(match, t, always=True))))


def last_move(match: Match, t: Text = ENGLISH) -> str:
    """What the seat before wrote on its turn, said over the dice while a person plays against others: who is at the
    table and what they did stays in sight through the turn ("" alone, before anyone scored, or at the end).

    >>> from game.core.engine import new_match
    >>> from game.core.cards import Seat
    >>> m = new_match("yahtzee", ["You", Seat.computer("Robin", "good")], seed=1)
    >>> m = m.roll(faces=[1, 2, 3, 4, 4]).score("fours").roll(faces=[3, 3, 3, 5, 5]).score("full_house")
    >>> last_move(m), last_move(m.roll(faces=[1, 1, 2, 3, 6])), last_move(m.roll(faces=[1, 1, 2, 3, 6]).score("ones"))
    ('Robin scored 25 in Full House', 'Robin scored 25 in Full House', '')
    """
    last = match.last_scored
    if last is None or len(match.seats) < 2 or match.game_over or match.finished or last.player == match.player:
        return ""
    if match.current_seat.kind is SeatKind.COMPUTER or last.game != len(match.cards) - 1:
        return ""
    points = match.cards[last.game][last.player].scores[last.category]
    return said_n(
        t,
        "{name} scored {count} in {category}",
        "{name} scored {count} in {category}",
        points,
        match.seats[last.player].name,
        category=match.ruleset.category(last.category).display(t),
    )


def seen(step: Step, t: Text = ENGLISH) -> str:
    """What a step did as the eyes read it over the table (:func:`headline`): an undo or a refusal as it is said."""
    if step.undone is None and step.refusal is None:
        return headline(step.before, step.session.match, t)
    return announcement(step, t)


def taken_back(step: Step, t: Text = ENGLISH) -> str:
    """What an undo took back, said as what it changed (issue 58: a count alone does not tell an ear what)."""
    assert step.undone is not None
    taken = step.before.actions[-1] if step.undone.actions == 1 and step.before.actions else None
    if isinstance(taken, Score):
        box = step.before.ruleset.category(taken.category).display(t)
        # Translators: an undo took back the box just written: {category} can be chosen again.
        return t._("Undone: {category} is open again.", category=box)
    if isinstance(taken, Hold):
        if taken.held:
            # Translators: an undo took back a hold: die {die} (1-based) will be rolled again.
            return t._("Undone: die {die} is no longer held.", die=taken.die + 1)
        # Translators: an undo took back a release: die {die} (1-based) is kept again.
        return t._("Undone: die {die} is held again.", die=taken.die + 1)
    return t.n_("Undone: {count} action taken back.", "Undone: {count} actions taken back.", step.undone.actions)


def cost(step: Step, t: Text = ENGLISH) -> str:
    """With hints on, what a person's move cost against the best one ("" when it was the best, or hints are off): a
    passing note of its own, so the status line keeps to what happened."""
    if step.feedback is None:
        return ""
    best = action_text(step.session.match.ruleset, step.feedback.best, t)
    # in whole points, at least 1: a decimal cost after each move read as a solver's verdict (fresh eyes round 37)
    count = max(1, round(step.feedback.loss))
    # Translators: after a person's move, with hints on: the best decision instead ("keep 5 5 5", "score Chance")
    # and about how many points more it would bring on average (whole points).
    return t.n_(
        "Coach: better was {best} (about {count} point more).",
        "Coach: better was {best} (about {count} points more).",
        count,
        best=best,
    )


# Translators: the board read aloud (the key B): the rolls the person to move has left in this turn.
ROLLS_LEFT = n_("{count} roll left.", "{count} rolls left.")
# Translators: the board read aloud (the key B): the dice in the tray's order, as "{face} held" where held.
DICE_READ = N_("Dice: {dice}.")
# Translators: the board read aloud (the key B): a held die ("5 held").
DIE_HELD = N_("{face} held")
# Translators: the board read aloud (the key B), before the turn's first roll.
NOT_ROLLED = N_("The dice are not rolled yet.")
# Translators: the board read aloud (the key B): the boxes still open to the person to move, each with the points
# the dice would write in it once rolled ("Full House, 25 points; Chance, 21 points").
OPEN_BOXES = N_("Open boxes: {boxes}.")
# Translators: the board read aloud (the key B): each player's total in this game ("Ann 45, Bob 30").
SCORES_READ = N_("Scores: {scores}.")


def reading(match: Match, t: Text = ENGLISH) -> str:
    """The board read aloud (the key B): whose turn it is, the rolls left, the dice (held ones said), the open
    boxes (with the points the dice would write) and the scores.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob"], seed=1).roll(faces=[3, 3, 5, 6, 4]).hold(1)
    >>> reading(m).split(". ")[:3]
    ["Ann's turn, roll 1 of 3", '2 rolls left', 'Dice: 3, 3 held, 5, 6, 4']
    """
    parts = [status(match, t) + "."]
    scores = ", ".join(f"{seat.name} {total}" for seat, total in zip(match.seats, match.game_totals(), strict=True))
    if match.game_over or match.finished:
        return " ".join([*parts, t._(SCORES_READ, scores=scores)])
    parts.append(t.n_(*ROLLS_LEFT, match.rolls_left))
    if match.dice:
        faces = [t._(DIE_HELD, face=face) if held else str(face) for face, held in zip(match.dice, match.held)]
        parts.append(t._(DICE_READ, dice=", ".join(faces)))
    else:
        parts.append(t._(NOT_ROLLED))
    options, boxes = match.options(), []
    for box in match.ruleset.categories:
        if box.id in options:
            boxes.append(t.n_(*BOX_POINTS, options[box.id], category=box.display(t)))
        elif box.id in match.open_categories():  # not rolled yet
            boxes.append(box.display(t))
    parts.append(t._(OPEN_BOXES, boxes="; ".join(boxes)))
    return " ".join([*parts, t._(SCORES_READ, scores=scores)])


def match_summary(match: Match, t: Text = ENGLISH) -> str:
    """A match in a few words: rules, players and how far it has got.

    >>> from game.core.engine import new_match
    >>> match_summary(new_match("yatzy", ["Ann", "Bob"], games=2, seed=1).roll().score("chance"))
    'Yatzy, Ann and Bob, game 1 of 2, round 1 of 15'
    >>> match_summary(new_match("yacht", ["Cy"], seed=1))
    'Yacht, Cy, not started'
    """
    title, players = match.ruleset.display(t), t.join(seat.name for seat in match.seats)
    if not match.actions:
        # Translators: a match in a few words: its rules ("Yatzy"), its players ("Ann and Bob"); no move made yet.
        return t._("{rules}, {players}, not started", rules=title, players=players)
    # Translators: a match in a few words: its rules ("Yatzy"), its players ("Ann and Bob") and how far it has got.
    return t._(
        "{rules}, {players}, game {game} of {games}, round {round} of {rounds}",
        rules=title,
        players=players,
        game=match.game + 1,
        games=max(match.games, match.game + 1),
        round=match.round + 1,
        rounds=match.rounds,
    )


def link_choice(saved: Match, offered: Match, t: Text = ENGLISH) -> str:
    """What the page asks when a link would replace a match in progress.

    >>> from game.core.engine import new_match
    >>> link_choice(new_match("yacht", ["Cy"], seed=1).roll(), new_match("yatzy", ["Ann"], seed=2))
    'You have a match in progress (Yacht, Cy, game 1 of 1, round 1 of 12). This link starts a new one (Yatzy, Ann, not started), which would replace it.'
    """
    # Translators: {saved} and {offered} are matches in a few words ("Yacht, Cy, game 1 of 1, round 1 of 12").
    return t._(
        "You have a match in progress ({saved}). This link starts a new one ({offered}), which would replace it.",
        saved=match_summary(saved, t),
        offered=match_summary(offered, t),
    )


def played_elsewhere(held: tuple[str, ...], incoming: tuple[str, ...], match: Match, t: Text = ENGLISH) -> str:
    """What a link's seat marks say that this phone did not know: whose turn was played on a phone other than
    the one that first played that seat (game.core.marks); "" when nothing.

    >>> from game.core.engine import new_match
    >>> played_elsewhere(("", "BBBBBB"), ("", "BBBBBBAAAAAA"), new_match("yacht", ["Ann", "Bob"], seed=1))
    "Bob's turn was played on another phone."
    """
    # Translators: said when a link of a match played on separate phones brings a turn of {name} played on a phone
    # other than the one {name} first played on (a mix-up, or someone else playing it).
    line = N_("{name}'s turn was played on another phone.")
    return " ".join(
        t._(line, name=match.seats[seat].name) for seat in elsewhere(held, incoming) if seat < len(match.seats)
    )


def since_last(before: Match | None, after: Match, t: Text = ENGLISH) -> str:
    """What happened since this phone last played a match that travels by link: the boxes filled on other phones
    (in ``after``, not in ``before``, this phone's last state; with none, the last box filled), "" when nothing.

    >>> from game.core.engine import new_match
    >>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1).roll(faces=[3, 3, 3, 5, 5]).score("full_house")
    >>> later = m.roll(faces=[4, 4, 1, 2, 3]).score("fours").roll(faces=[6] * 5).score("yahtzee")
    >>> since_last(m, later)
    'Since this phone last played: Bob scored 8 in Fours and Ann scored 50 in Yahtzee.'
    >>> since_last(None, m), since_last(m, m)
    ('Since this phone last played: Ann scored 25 in Full House.', '')
    """
    filled = filled_since(before, after)
    if not filled:
        return ""
    # Translators: one box filled on another phone, in the line of what happened since this phone last played.
    items = [
        t.n_(
            "{name} scored {count} in {category}",
            "{name} scored {count} in {category}",
            points,
            name=after.seats[seat].name,
            category=after.ruleset.category(cid).display(t),
        )
        for seat, cid, points in filled
    ]
    # Translators: said when a match played on separate phones comes back to this phone: the boxes filled since
    # ({scores}: "Ann scored 28 in Three of a Kind and Bob scored 12 in Fours").
    return t._("Since this phone last played: {scores}.", scores=t.join(items))
