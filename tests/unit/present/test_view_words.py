"""Every word the view, the engine's refusals and the table show a player comes from the catalogue.

A marking catalogue writes each message it is asked for inside «…», its own words in capitals
and its {fields} as they are. A whole played match is then drawn with it: any lowercase letter
left (other than a player's name) is English that reached the page without the catalogue, and
any letter outside «…» was glued on after it.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.coach.session import Next, Session
from game.core import refusals, saves
from game.core.actions import Finish, Hold, NextGame, Roll, Score
from game.core.cards import Seat
from game.core.dice import Draw
from game.core.engine import new_match
from game.core.i18n import ENGLISH, Text
from game.core.refusals import GameError, QueryError, Refusal, RollError, ScoreError, SetupError
from game.core.variants import ruleset
from game.present import board_view, coach_view, controls, standings, words
from tests.helpers.marked import marked, unmarked


class Seen:
    """Every text drawn, with where it came from."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, str]] = []

    def add(self, where: str, text: str | None) -> None:
        if text:
            self.texts.append((where, text))

    def problems(self) -> list[str]:
        return [f"{where}: {problem}" for where, text in self.texts if (problem := unmarked(text))]


def draw(seen: Seen, session: Session, t: Text) -> None:
    """Everything the page shows of a session, as the shell draws it."""
    match = session.match
    for row in board_view.rows(match.ruleset, max(match.games, len(match.cards)), t):
        seen.add("row", row.label)
    for (row, player), cell in board_view.cells(match, t).items():
        seen.add("cell", cell.text)
        seen.add("cell label", cell.label)
        if cell.label is None and match.ruleset.has(row):
            seen.add("cell refusal", board_view.cell_refusal(match, row, player, t))
    for die in board_view.dice(match, t):
        seen.add("die", die.label)
    seen.add("roll", board_view.roll_label(match, t))
    seen.add("status", board_view.status(match, t))
    shown = standings.results(match, t)
    if shown is not None:
        seen.add("results title", shown.title)
        seen.add("winner", shown.winner)
        for line in shown.lines:
            seen.add("standing", line)
    for key, element in controls.elements(session, shown, t).items():
        seen.add(f"element {key}", element.text)
    if session.wants_hint():
        advice = coach_view.advice(match, session.hint(), t)
        seen.add("advice", advice.title)
        for line in advice.lines:
            seen.add("advice line", line)


def step(seen: Seen, session: Session, outcome, t: Text) -> Session:
    """Record a step's words (its refusal, or what it did) and draw the session after it."""
    if outcome.refusal is not None:
        seen.add("refusal", outcome.refusal.text(t))
        return session
    seen.add("announcement", words.announcement(outcome, t))
    seen.add("cost", words.cost(outcome, t))
    seen.add("describe", board_view.describe(outcome.before, outcome.session.match, t))
    draw(seen, outcome.session, t)
    return outcome.session


def play_person(seen: Seen, session: Session, t: Text, faces=None, box=None) -> Session:
    """A person's turn: roll (these faces, if given), hold a die and roll again, then score ``box`` or the worst option."""
    session = step(seen, session, session.act(Roll(faces)), t)
    if faces is None:
        session = step(seen, session, session.act(Hold(0)), t)
        session = step(seen, session, session.act(Hold(0, False)), t)
        session = step(seen, session, session.act(Hold(1)), t)
        session = step(seen, session, session.act(Roll()), t)
    options = session.match.options()
    choice = box if box is not None else min(options, key=options.get)
    return step(seen, session, session.act(Score(choice)), t)


def play_match(t: Text) -> tuple[Seen, Session]:
    """A Yahtzee match of Ann (hints on), Chris and a computer, one game of two, then finished."""
    seen = Seen()
    match = new_match("yahtzee", ["Ann", "Chris", Seat.computer("Robo", "easy")], games=2, seed=5)
    session = Session(match).with_hints(True)
    draw(seen, session, t)
    seen.add("refusal", session.undo().refusal.text(t))  # nothing to undo
    script = [([6] * 5, "yahtzee"), ([4] * 5, "fours"), ([4] * 5, "full_house")]  # a Yahtzee, then two jokers
    while not session.match.game_over:
        if session.next is Next.COMPUTER:
            seen.add("refusal", session.act(Roll()).refusal.text(t))  # a person acting in a computer's turn
            while session.next is Next.COMPUTER:
                session = step(seen, session, session.computer_step(), t)
            continue
        if session.match.player == 0 and script:
            faces, box = script.pop(0)
            session = play_person(seen, session, t, faces, box)
            if box == "fours":  # Ann takes her first joker back, and plays it again
                session = step(seen, session, session.undo(), t)
                session = step(seen, session, session.act(Score(box)), t)
        else:
            session = play_person(seen, session, t)
    seen.add("refusal", session.computer_step().refusal.text(t))  # no computer to move
    for section in coach_view.report(session, t):
        seen.add("report name", section.name)
        seen.add("report summary", section.summary)
        for mistake in section.mistakes:
            seen.add("report mistake", mistake)
    seen.add("summary", words.match_summary(session.match, t))
    seen.add("link choice", words.link_choice(session.match, new_match("yatzy", ["Ann"], seed=2), t))
    session = step(seen, session, session.act(Finish()), t)
    return seen, session


@pytest.fixture(scope="module")
def played():
    t = marked()
    seen, session = play_match(t)
    return t, seen, session


def test_a_whole_match_is_worded_by_the_catalogue(played):
    t, seen, session = played
    assert session.match.finished
    assert not seen.problems(), "\n".join(seen.problems()[:20])
    kinds = {where for where, _ in seen.texts}
    assert {
        "row",
        "cell label",
        "cell refusal",
        "die",
        "roll",
        "status",
        "advice",
        "advice line",
        "standing",
        "winner",
        "announcement",
        "report summary",
        "report mistake",
        "summary",
        "link choice",
    } <= kinds
    texts = [text for _, text in seen.texts]
    assert any("(COMPUTER) IS PLAYING" in text for text in texts)
    assert any("«{name}' TURN".replace("{name}", "Chris") in text for text in texts)  # the msgid for a name in "s"
    assert any("-POINT BONUS" in text for text in texts) and any("UNDONE" in text for text in texts)
    assert any("COACH: BETTER WAS" in text for text in texts)  # feedback on a costly choice
    assert any("JOKER MUST GO IN THE MATCHING UPPER BOX" in text for text in texts)
    assert any("JOKER MUST GO IN AN OPEN LOWER BOX" in text for text in texts)


def test_every_message_asked_for_is_in_the_extracted_catalogue(played):
    """No msgid is made up at run time: each one the match asked for is marked in the source."""
    from tools import i18n

    t, _, _ = played
    ids = {m.id if isinstance(m.id, str) else tuple(m.id) for m in i18n.template() if m.id}
    assert t.catalogue.asked and not t.catalogue.asked - ids, sorted(map(str, t.catalogue.asked - ids))


def test_a_one_turn_estimate_and_the_fixed_sentences_are_worded_too():
    from game.coach.advice import hint
    from game.coach.advisor import Advisor

    t = marked()
    match = new_match(ruleset("generalized", dice=7, sides=9), ["Ann"], seed=1).roll()
    advice = coach_view.advice(match, hint(Advisor(match.ruleset), match), t)
    assert "ESTIMATE" in advice.title
    texts = [advice.title, *advice.lines, advice.plain, advice.said]
    texts += [t._(getattr(words.WORDS, f.name)) for f in dataclasses.fields(words.Words)]
    texts += [
        words.failure(words.WORDS.went_wrong, KeyError("x"), t=t),
        words.failure(words.WORDS.cannot_start, KeyError("x"), False, t),
    ]
    solo = new_match("yacht", ["Ann"], seed=3)
    for box in solo.open_categories():
        solo = solo.roll().score(box)
    texts += [standings.results(solo, t).winner, board_view.status(solo.finish(), t), board_view.status(solo, t)]
    tie = new_match("yacht", ["Ann", "Chris", "Robo"], seed=3)
    for box in tie.open_categories():
        tie = tie.roll(faces=[2] * 5).score(box).roll(faces=[2] * 5).score(box).roll(faces=[2] * 5).score(box)
    texts += [standings.results(tie, t).winner, words.match_summary(tie, t)]
    assert "SHARE THE FIRST PLACE" in texts[-2]
    problems = [p for text in texts if (p := unmarked(text))]
    assert not problems, problems


# ----------------------------------------------------------------------------- refusals


def provoke() -> list[GameError]:
    """A refusal of every reason (and of every action each reason words differently)."""
    m0 = new_match("yahtzee", ["Ann", "Chris"], seed=5)
    m1 = m0.roll(faces=[1, 2, 3, 4, 6])
    m3 = m1.roll().roll()
    over = new_match("yacht", ["Ann"], games=2, seed=3)
    for box in over.open_categories():
        over = over.roll().score(box)
    finished = over.finish()
    filled = m1.score("chance").roll().score("chance").roll(faces=[1, 1, 2, 2, 3])
    joker = m0.roll(faces=[4] * 5).score("yahtzee").roll().score("chance").roll(faces=[4] * 5)
    joker_lower = joker.score("fours").roll().score("sixes").roll(faces=[4] * 5)
    out = [
        *(m0.refusal(action) for action in (Hold(0), Hold(0, False), Score("chance"))),
        *(m3.refusal(action) for action in (Roll(), Hold(0), Hold(0, False))),
        m1.hold(0).hold(1).hold(2).hold(3).hold(4).refusal(Roll()),
        dataclasses.replace(m0, held=(True,) + (False,) * 4).refusal(Roll()),
        m1.refusal(Hold(7)),
        m1.refusal(Hold(7, False)),
        m0.refusal(Roll((1, 2))),
        m1.refusal(Hold(0, "yes")),
        m0.refusal(["jump"]),
        m1.refusal(Score("NOPE")),
        filled.refusal(Score("chance")),
        joker.refusal(Score("chance")),
        joker_lower.refusal(Score("ones")),
        new_match(ruleset("yatzy", forced_order=True), ["Ann"], seed=5).roll().refusal(Score("chance")),
        ScoreError(
            "x",
            Refusal.RULES,
            "chance",
            fields={"name": "Ann", "category": m0.ruleset.category("chance")},
            case="score",
        ),
        *(m0.refusal(action, player="Chris") for action in (Roll(), Hold(0), Score("chance"))),
        m0.refusal(Roll(), player="ZED"),
        m0.refusal(NextGame(), player=9),
        *(over.refusal(action) for action in (Roll(), Hold(0), Hold(0, False), Score("choice"))),
        *(m0.refusal(action) for action in (NextGame(), Finish())),
        *(
            finished.refusal(action)
            for action in (Roll(), Hold(0), Hold(0, False), Score("choice"), NextGame(), Finish())
        ),
        finished.refusal(Roll(), player="ZED"),
        saves_error(),
        Session(m0, undo_allowed=False).undo().refusal,
        Session(m0).undo().refusal,
        Session(m0.roll()).undo().refusal,  # a roll is never taken back
        Session(m0.roll().hold(0), remote=True, floor=2).undo().refusal,  # a hold a link brought: another phone's
        Session(m0.roll().hold(0), pass_phone=True, floor=2).undo().refusal,  # the phone was passed since
        Session(m0.roll().score("chance"), remote=True).undo().refusal,  # a turn sent by link
        Session(over).undo().refusal,  # the box that ended a game
        Session(m0).computer_step().refusal,
        Session(new_match("yacht", [Seat.computer("Robo")], seed=1)).act(Roll()).refusal,
        new_match("yacht", ["Ann"], seed=1, draw=Draw.ENTERED).refusal(Roll()),  # real dice: entered, not drawn
        RollError(
            "This match rolls its own dice: there are no faces to enter.", Refusal.ENTERED_DICE, case="seeded"
        ),  # faces typed into a seeded match
    ]
    for call in (lambda: m0.scorecard(game=5), lambda: m0.scorecard("ZED"), lambda: new_match("nope")):
        with pytest.raises(GameError) as info:
            call()
        out.append(info.value)
    return out


def saves_error() -> GameError:
    with pytest.raises(refusals.SaveError) as info:
        saves.from_dict({"version": 99})
    return info.value


def test_every_reason_is_provoked_and_worded_from_its_own_entry():
    errors = provoke()
    assert all(isinstance(error, GameError) for error in errors)
    assert {error.reason for error in errors} == set(Refusal)
    # each refusal has an entry of its own: its case's, or its reason's general wording (case None)
    table = refusals._WORDINGS
    missing = [
        (error.reason, error.case, str(error))
        for error in errors
        if (error.reason, error.case) not in table and (error.reason, None) not in table
    ]
    assert not missing
    used = {(e.reason, e.case) if (e.reason, e.case) in table else (e.reason, None) for e in errors}
    assert used == set(table), f"entries no refusal uses: {set(table) - used}"
    t = marked()
    problems = [(str(error), p) for error in errors if (p := unmarked(error.text(t)))]
    assert not problems


def test_every_refusal_has_a_wording_in_the_table():
    assert {reason for reason, _ in refusals._WORDINGS} == set(Refusal)
    for wording in refusals._WORDINGS.values():
        assert isinstance(wording, str) or (len(wording) == 2 and all("{count}" in form for form in wording))
    assert GameError("no reason").text() == "That cannot be done now."


def test_a_refusal_in_english_says_what_its_message_says_where_a_person_can_meet_it():
    """People met str(error) before; text() says the same, except where only a program can go."""
    developers_only = {
        Refusal.MATCH_OVER,  # "game(s)" became a plural form
        Refusal.NOT_YOUR_TURN,
        Refusal.UNKNOWN_PLAYER,
        Refusal.UNKNOWN_GAME,
        Refusal.UNKNOWN_DIE,
        Refusal.BAD_FACES,
        Refusal.BAD_ACTION,
        Refusal.BAD_SETUP,
        Refusal.BAD_SAVE,
        Refusal.RULES,
    }
    differ = {error.reason for error in provoke() if error.text() != str(error)}
    assert differ <= developers_only and Refusal.MATCH_OVER in differ


def test_refusals_in_english():
    m0 = new_match("yahtzee", ["Ann", "Chris"], seed=5)
    assert m0.refusal(Hold(2)).text() == "Ann cannot hold die 3: roll the dice first"
    assert m0.refusal(Hold(2)).fields == {"name": "Ann", "die": 3}
    joker = m0.roll(faces=[4] * 5).score("yahtzee").roll().score("chance").roll(faces=[4] * 5)
    error = joker.refusal(Score("chance"))
    assert (
        error.text()
        == str(error)
        == (
            "Ann cannot score Chance: Chance is not allowed for 4-4-4-4-4: "
            "a Yahtzee joker must go in the matching upper box, Fours, while it is open"
        )
    )
    lower = joker.score("fours").roll().score("sixes").roll(faces=[4] * 5).refusal(Score("ones"))
    assert lower.case == "lower" and lower.text() == str(lower)
    over = new_match("yacht", ["Ann"], seed=3)
    for box in over.open_categories():
        over = over.roll().score(box)
    assert over.finish().refusal(Roll()).text() == "Ann cannot roll: the match is over (1 game played)"
    assert str(over.finish().refusal(Roll())) == "Ann cannot roll: the match is over (1 game(s) played)"
    assert m0.refusal(Roll(), player="Chris").text() == "Ann is to play, not Chris."
    assert new_match("yacht", ["Ann"], seed=1).refusal(Roll(), player="ZED").fields["name"] == "'ZED'"


def test_a_save_problem_is_worded_by_the_problem_it_carries():
    class Problem:
        def text(self, t=ENGLISH):
            return t._("The data is damaged or cannot be read.")

    error = refusals.SaveError("the save's actions must be a list")
    assert error.text() == "The saved match could not be read."
    error.problem = Problem()  # what game.core.inputs attaches
    assert error.text() == "The data is damaged or cannot be read." and str(error).startswith("the save's")


# ----------------------------------------------------------------------------- English as it was


def test_english_output_is_unchanged():
    m = new_match("yahtzee", ["Chris", Seat.computer("Robo"), "Ann"], seed=1)
    assert board_view.status(m) == "Chris' turn: roll the dice"
    assert board_view.status(m.roll(faces=[1, 1, 1, 1, 1]).score("ones")) == "Robo (computer) is playing"
    rolled = m.roll(faces=[1, 2, 2, 2, 2]).roll().roll()
    assert board_view.status(rolled).startswith("Chris' turn, roll 3 of 3: choose a box")
    labels = {
        key: cell.label
        for (key, player), cell in board_view.cells(m.roll(faces=[1, 3, 3, 5, 5])).items()
        if player == 0
    }
    assert (
        labels["ones"] == "Ones, 1 point"
        and labels["threes"] == "Threes, 6 points"
        and labels["yahtzee"] == "Yahtzee, 0 points"
    )
    assert [r.label for r in board_view.rows(m.ruleset, 2)][6:9] == [
        "Upper subtotal",
        "Upper bonus (35 at 63)",
        "Upper total",
    ]
    assert [r.label for r in board_view.rows(m.ruleset, 2)][-5:] == [
        "Lower total",
        "Grand total",
        "Game 1",
        "Game 2",
        "Match total",
    ]
    assert [r.label for r in board_view.rows(m.ruleset)][-3] == "Yahtzee bonus"
    yahtzee = m.roll(faces=[6] * 5).score("yahtzee").roll().score("chance").roll().score("chance")
    bonus = yahtzee.roll(faces=[6] * 5)
    assert (
        board_view.describe(bonus, bonus.score("sixes"))
        == "Chris scored 30 in Sixes and a 100-point bonus. Robo (computer) is playing"
    )
    assert board_view.roll_label(m.roll().roll()) == "Roll (1 left)"
    assert words.failure(words.WORDS.cannot_start, KeyError("x"), saved=False) == (
        "The game could not start. The details are in the browser's console."
    )
    assert words.match_summary(m) == "Yahtzee, Chris, Robo and Ann, not started"
    assert board_view.cell_refusal(m, "yacht", 0) == "" and board_view.cell_refusal(m, "chance", 0) == (
        "Chris cannot score Chance: roll the dice first"
    )


def test_the_words_of_the_page_are_msgids():
    """WORDS holds msgids: the shell words each with t._ (failure() does for its own)."""
    t = marked()
    assert all(t._(getattr(words.WORDS, f.name)).startswith("«") for f in dataclasses.fields(words.Words))
    assert words.failure(words.WORDS.went_wrong, KeyError("x"), t=t) == (
        "«SOMETHING WENT WRONG.» «YOUR MATCH IS SAVED.» «THE DETAILS ARE IN THE BROWSER'S CONSOLE.»"
    )


def test_a_default_name_is_in_the_players_language():
    t = marked()
    assert new_match("yacht", ["Ann", ""], seed=1, t=t).players == ("Ann", "«PLAYER 2»")
    assert new_match("yacht", seed=1).players == ("Player 1",)
    with pytest.raises(SetupError):
        new_match("yacht", [], seed=1, t=t)
    with pytest.raises(QueryError):
        new_match("yacht", seed=1).scorecard(game=3)
