"""Unit tests of game.core.engine: setup, the turn, refusals, queries, totals and standings."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from game.core import rule_errors, saves, variants
from game.core.actions import Finish, Hold, NextGame, Roll, Score
from game.core.cards import (
    NAME_LENGTH,
    LastScored,
    Level,
    Scorecard,
    Seat,
    SeatKind,
    Standing,
    competition_ranks,
    make_seats,
    normalize_name,
)
from game.core.dice import MAX_SEED, die_face
from game.core.engine import Match, Phase, new_match
from game.core.refusals import (
    ActionError,
    FlowError,
    GameError,
    GameOverError,
    HoldError,
    NotYourTurnError,
    QueryError,
    Refusal,
    RollError,
    ScoreError,
    SetupError,
)
from game.core.saves import replay

YAHTZEE = variants.ruleset("yahtzee")


def rolled(match: Match, faces) -> Match:
    """``match`` after a first roll showing ``faces``."""
    return match.roll(faces=list(faces))


def finish_turn(match: Match, faces, category: str) -> Match:
    """Roll ``faces`` and score ``category``."""
    return rolled(match, faces).score(category)


def refuse(match: Match, call, error=GameError, reason: Refusal | None = None, message: str | None = None):
    """Assert that ``call(match)`` raises ``error`` and leaves the match exactly as it was."""
    before = saves.to_dict(match)
    with pytest.raises(error) as info:
        call(match)
    assert isinstance(info.value, GameError) and isinstance(info.value, ValueError)
    if reason is not None:
        assert info.value.reason is reason
    if message is not None:
        assert str(info.value) == message
    assert saves.to_dict(match) == before
    return info.value


def toggle(match: Match, index: int) -> Match:
    """Hold die ``index`` if it is free, release it if it is held."""
    return match.hold(index, not match.held[index])


def play_out_game(match: Match) -> Match:
    """Finish the current game: every turn rolls once and takes the first legal option."""
    while not match.game_over:
        match = match.roll()
        match = match.score(next(iter(match.options())))
    return match


# ----------------------------------------------------------------------------- setup


def test_new_match_defaults():
    match = new_match("yahtzee", seed=1)
    assert match.players == ("Player 1",)
    assert match.games == 1 and match.game == 0 and match.round == 0
    assert match.phase is Phase.FIRST_ROLL
    assert match.dice == () and match.held == (False,) * 5 and match.rolls == 0
    assert match.rolls_left == 3
    assert match.actions == () and match.last_scored is None
    assert match.player == 0 and match.current_seat == Seat("Player 1")
    assert not match.game_over and not match.finished
    assert (match.seed, match.draws) == (1, 0)


def test_new_match_accepts_a_ruleset_value_or_name_or_dict():
    generalized = variants.ruleset("generalized", dice=6, sides=8)
    assert new_match(generalized, seed=1).ruleset == generalized
    assert new_match("yatzy", seed=1).ruleset == variants.ruleset("yatzy")
    assert new_match(generalized.to_dict(), seed=1).ruleset == generalized
    assert new_match(generalized, seed=1).held == (False,) * 6


@pytest.mark.parametrize("bad", ["chess", 42, None, {"name": "yacht", "options": {"joker": "free"}}])
def test_unknown_ruleset_is_a_setup_error(bad):
    with pytest.raises(SetupError):
        new_match(bad, seed=1)


def test_names_are_normalized():
    match = new_match("yacht", ["  Ann  ", "", "   ", "B\tob\n", "Z" * (NAME_LENGTH + 6)], seed=1)
    assert match.players == ("Ann", "Player 2", "Player 3", "B ob", "Z" * NAME_LENGTH)
    assert normalize_name(None, 0) == "Player 1"
    assert normalize_name("x" * (NAME_LENGTH - 1) + " y", 0) == "x" * (NAME_LENGTH - 1)  # trimmed, then stripped


FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # four people joined: one character on screen
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"  # a flag and its tags
SWEDEN = "\U0001f1f8\U0001f1ea"  # two regional letters
WAVE = "\U0001f44b\U0001f3fd"  # a hand and its skin tone
PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # a word a zero-width non-joiner holds together


@pytest.mark.parametrize(
    "name", [f"Ann {FAMILY}", f"{SCOTLAND} Cy", f"Bo {SWEDEN}", f"{WAVE} Di", PERSIAN, "Zoë", "e\u0301"]
)
def test_a_name_written_with_joiners_tags_or_accents_is_kept_whole(name):
    # A family emoji came out as four people, spaced (the joiners taken for controls), and a region's flag as a black one.
    assert normalize_name(name, 0) == name and new_match("yacht", [name], seed=1).players == (name,)


def test_a_long_name_is_never_cut_inside_one_character():
    for clusters in ([FAMILY], [SCOTLAND], [SWEDEN] * 3, [WAVE] * 2, ["e\u0301"] * 4):
        tail = "".join(clusters)
        wholes = {"".join(clusters[:count]) for count in range(len(clusters) + 1)}
        for filler in range(NAME_LENGTH - len(tail), NAME_LENGTH + 1):
            cut = normalize_name("x" * filler + tail, 0)
            assert len(cut) <= NAME_LENGTH and cut[:filler] == "x" * filler and cut[filler:] in wholes, (filler, cut)


def test_controls_and_direction_overrides_in_a_name_become_spaces():
    assert normalize_name("Bo\u202eoB", 0) == "Bo oB" and normalize_name("A\u0000n\u200bn", 0) == "A n n"
    assert normalize_name("\u200dAnn\u200d \u200dBo", 0) == "Ann Bo"  # a joiner with nothing to join


@pytest.mark.parametrize("players", [[], ["a"] * 6, [1], None])
def test_bad_players_are_refused(players):
    with pytest.raises(SetupError):
        new_match("yacht", players, seed=1)


def test_a_single_name_is_one_player():
    assert new_match("yacht", "Ann", seed=1).players == ("Ann",)


def test_seats_keep_their_kind_and_level():
    match = new_match("yahtzee", ["Ann", Seat.computer("CPU", "perfect"), Seat.human(" Bob ")], seed=1)
    assert [seat.kind for seat in match.seats] == [SeatKind.HUMAN, SeatKind.COMPUTER, SeatKind.HUMAN]
    assert match.seats[1].level is Level.PERFECT and match.players[2] == "Bob"
    assert match.seats[0].level is None and match.seats[2].level is None
    assert saves.to_dict(match)["seats"][1] == {"name": "CPU", "kind": "computer", "level": "perfect"}
    with pytest.raises(SetupError):
        make_seats([Seat("Ann", SeatKind.HUMAN, Level.EASY)])
    with pytest.raises(SetupError):
        make_seats([Seat("Ann", SeatKind.HUMAN, "easy")])  # type: ignore[arg-type]
    with pytest.raises(SetupError):
        make_seats([Seat("CPU", SeatKind.COMPUTER, "")])  # type: ignore[arg-type]
    with pytest.raises(SetupError):
        make_seats([Seat("CPU", SeatKind.COMPUTER, "hard")])  # type: ignore[arg-type]
    with pytest.raises(SetupError):
        make_seats([Seat("CPU", "robot")])  # type: ignore[arg-type]


def test_a_computer_level_is_a_level_value():
    assert [level.value for level in Level] == ["easy", "good", "perfect", "win"]
    assert Seat.computer("CPU").level is Level.GOOD
    assert (
        Seat.computer("CPU", Level.EASY) == Seat.computer("CPU", "easy") == Seat("CPU", SeatKind.COMPUTER, Level.EASY)
    )
    assert make_seats([Seat("CPU", SeatKind.COMPUTER)])[0].level is Level.GOOD  # a computer always has a level
    assert make_seats([Seat("CPU", SeatKind.COMPUTER, "easy")])[0].level is Level.EASY  # type: ignore[arg-type]
    for bad in ("hard", "Easy", "", 1):
        with pytest.raises(SetupError) as info:
            Seat.computer("CPU", bad)
        assert info.value.reason is Refusal.BAD_SETUP
    with pytest.raises(SetupError, match="unknown computer level 'hard'"):
        Seat.from_dict({"name": "CPU", "kind": "computer", "level": "hard"})
    assert Seat.from_dict({"name": "CPU", "kind": "computer", "level": "good"}).level is Level.GOOD


@pytest.mark.parametrize("games", [0, 7, -1, True, 2.0, "3", None])
def test_bad_number_of_games(games):
    with pytest.raises(SetupError):
        new_match("yacht", ["Ann"], games=games, seed=1)


@pytest.mark.parametrize("games", [1, 6])
def test_games_bounds(games):
    assert new_match("yacht", games=games, seed=1).games == games


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, True, 1.5, [1], "x" * 65])
def test_bad_seeds(seed):
    with pytest.raises(SetupError):
        new_match("yacht", seed=seed)


def test_seed_is_drawn_and_kept_when_none_is_given():
    match = new_match("yacht")
    assert isinstance(match.seed, int) and 0 <= match.seed <= MAX_SEED
    assert new_match("yacht", seed="text seed").roll().dice == new_match("yacht", seed="text seed").roll().dice


# ----------------------------------------------------------------------------- the generator


def test_die_face_is_deterministic_and_pinned():
    # Pinned values: a saved match must replay identically on every Python (3.11 tests, 3.14 Pyodide).
    assert [die_face(42, i, 6) for i in range(10)] == [1, 5, 5, 6, 5, 2, 2, 1, 4, 6]
    assert [die_face("seed", i, 8) for i in range(10)] == [1, 7, 1, 8, 2, 4, 7, 1, 6, 8]
    assert [die_face("42", i, 6) for i in range(10)] != [die_face(42, i, 6) for i in range(10)]


def test_die_face_covers_every_face_fairly():
    for sides in (2, 6, 8, 10):
        counts = Counter(die_face(7, i, sides) for i in range(300 * sides))
        assert set(counts) == set(range(1, sides + 1))
        assert all(200 < count < 400 for count in counts.values()), counts


def test_same_seed_same_dice_different_seed_different_dice():
    def dice_of(seed):
        match = new_match("yahtzee", ["Ann", "Bob"], seed=seed)
        seen = []
        for _ in range(6):
            match = match.roll().hold(0).roll()
            seen.append(match.dice)
            match = match.score(next(iter(match.options())))
        return seen

    assert dice_of(5) == dice_of(5)
    assert dice_of(5) != dice_of(6)


# ----------------------------------------------------------------------------- the turn


def test_first_roll_throws_every_die_and_rerolls_keep_held_dice():
    match = new_match("yahtzee", ["Ann"], seed=3).roll()
    assert len(match.dice) == 5 and all(1 <= face <= 6 for face in match.dice)
    assert match.rolls == 1 and match.draws == 5 and match.phase is Phase.MID_TURN
    kept = match.dice
    match = match.hold(1).hold(3).roll()
    assert match.dice[1] == kept[1] and match.dice[3] == kept[3]
    assert match.draws == 8 and match.rolls == 2
    match = match.roll()
    assert match.phase is Phase.MUST_SCORE and match.rolls_left == 0


def test_injected_faces_fill_the_free_dice_in_order_and_are_recorded():
    match = rolled(new_match("yahtzee", seed=1), [1, 2, 3, 4, 5]).hold(1).hold(3)
    match = match.roll(faces=[6, 6, 6])
    assert match.dice == (6, 2, 6, 4, 6)
    assert match.draws == 0
    assert match.actions == (Roll((1, 2, 3, 4, 5)), Hold(1, True), Hold(3, True), Roll((6, 6, 6)))
    assert [action.data() for action in match.actions] == [
        ["roll", [1, 2, 3, 4, 5]],
        ["hold", 1, True],
        ["hold", 3, True],
        ["roll", [6, 6, 6]],
    ]


@pytest.mark.parametrize(
    "faces", [[1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4], [7, 1, 1, 1, 1], [True, 1, 1, 1, 1], "12345", 5]
)
def test_impossible_injected_faces_are_refused(faces):
    match = new_match("yahtzee", ["Ann"], seed=1)
    error = refuse(match, lambda m: m.roll(faces=faces), RollError, Refusal.BAD_FACES)
    assert str(error).startswith("Ann cannot roll ")


def test_rolling_after_the_last_roll_is_refused():
    match = new_match("yahtzee", ["Ann"], seed=1).roll().roll().roll()
    refuse(
        match,
        Match.roll,
        RollError,
        Refusal.NO_ROLLS_LEFT,
        "Ann cannot roll: all 3 rolls of this turn are used; choose a box",
    )


def test_rolling_with_every_die_held_is_refused():
    match = new_match("yahtzee", ["Ann"], seed=1).roll()
    for index in range(5):
        match = match.hold(index)
    refuse(match, Match.roll, RollError, Refusal.ALL_HELD, "Ann cannot roll: all 5 dice are held")
    assert match.hold(2, False).can_roll


def test_holds_may_be_set_and_released_between_rolls():
    match = new_match("yahtzee", seed=1).roll()
    match = toggle(toggle(toggle(match, 0), 1), 0)
    assert match.held == (False, True, False, False, False)
    assert match.hold(1) is match  # already held: accepted, nothing recorded
    assert match.hold(0, False) is match
    assert match.actions[-1] == Hold(0, False)


def test_holding_after_the_last_roll_is_refused():
    match = new_match("yahtzee", ["Ann"], seed=1).roll().roll().roll()
    refuse(
        match,
        lambda m: m.hold(0),
        HoldError,
        Refusal.NO_ROLLS_LEFT,
        "Ann cannot hold die 1: no rolls are left this turn; choose a box",
    )
    assert match.holdable() == () and not match.is_legal(Hold(0)) and not match.is_legal(Hold(0, False))


@pytest.mark.parametrize("index", [-1, 5, 99, "1", 1.0, True, None])
def test_unknown_die_index_is_refused(index):
    match = new_match("yahtzee", ["Ann"], seed=1).roll()
    error = refuse(match, lambda m: m.hold(index), HoldError, Refusal.UNKNOWN_DIE)
    assert str(error).startswith("Ann cannot hold die index ")
    error = refuse(match, lambda m: m.hold(index, False), HoldError, Refusal.UNKNOWN_DIE)
    assert str(error).startswith("Ann cannot release die index ")
    assert not match.is_legal(Hold(index)) and not match.is_legal(Hold(index, False))


def test_hold_flag_must_be_a_bool():
    match = new_match("yahtzee", seed=1).roll()
    refuse(match, lambda m: m.hold(0, 1), HoldError, Refusal.BAD_ACTION)


def test_player_may_stop_after_any_roll():
    for rolls in (1, 2, 3):
        match = new_match("yahtzee", ["Ann", "Bob"], seed=rolls)
        for _ in range(rolls):
            match = match.roll()
        match = match.score("chance")
        assert match.current_name == "Bob" and match.rolls == 0 and match.dice == ()
        assert match.totals("Ann").lower_total == match.last_scored.points == sum(match.last_scored.dice)


# ----------------------------------------------------------------------------- scoring


def test_scoring_before_the_first_roll_is_refused():
    match = new_match("yahtzee", ["Ann"], seed=1)
    refuse(
        match,
        lambda m: m.score("chance"),
        ScoreError,
        Refusal.NOT_ROLLED,
        "Ann cannot score Chance: roll the dice first",
    )
    assert match.options() == {}


def test_a_scratch_scores_zero_and_a_zero_may_always_be_chosen():
    match = rolled(new_match("yahtzee", seed=1), [1, 2, 2, 4, 6])
    options = match.options()
    assert set(options) == {c.id for c in YAHTZEE.categories}
    for category in ("full_house", "small_straight", "large_straight", "yahtzee", "three_of_a_kind", "threes"):
        assert options[category] == 0
        after = match.score(category)
        assert after.scorecard(0).get(category) == 0
        assert after.last_scored == LastScored(0, 0, category, 0, 0, (1, 2, 2, 4, 6))


def test_choosing_a_filled_category_changes_nothing_and_another_may_be_chosen():
    match = new_match("yahtzee", ["Ann", "Bob"], seed=1)
    match = finish_turn(match, [1, 1, 1, 2, 2], "ones")
    match = finish_turn(match, [3, 3, 4, 4, 4], "full_house")
    match = finish_turn(match, [1, 2, 3, 4, 6], "chance")
    match = rolled(match, [5, 5, 6, 6, 6])
    error = refuse(
        match,
        lambda m: m.score("full_house"),
        ScoreError,
        Refusal.FILLED,
        "Bob cannot score Full House: it is already filled (25); choose another box",
    )
    assert isinstance(error.rules_error, rule_errors.CategoryFilledError) and error.category == "full_house"
    assert isinstance(error.__cause__, rule_errors.CategoryFilledError)
    assert str(error.rules_error) == "Full House is already filled (25)"
    assert "full_house" not in match.options()
    match = match.score("three_of_a_kind")
    assert match.scorecard("Bob").scores == {"full_house": 25, "three_of_a_kind": 28}


def test_unknown_category_is_refused():
    match = new_match("yacht", ["Ann"], seed=1).roll()
    for category in ("bogus", "", 3, None, "full_house ", "three_of_a_kind"):
        error = refuse(match, lambda m: m.score(category), ScoreError, Refusal.UNKNOWN_CATEGORY)
        assert str(error).startswith("Ann cannot score ")


def test_joker_rule_forbids_categories_and_pays_the_bonus():
    match = new_match("yahtzee", ["Ann"], seed=1)
    match = finish_turn(match, [5] * 5, "yahtzee")
    match = rolled(match, [5] * 5)
    assert match.options() == {"fives": 25}
    assert match.pending_bonus() == 100
    error = refuse(match, lambda m: m.score("chance"), ScoreError, Refusal.JOKER)
    assert isinstance(error.rules_error, rule_errors.JokerRuleError) and error.__cause__ is error.rules_error
    assert str(error) == f"Ann cannot score Chance: {error.rules_error}"
    assert str(error).startswith("Ann cannot score Chance: ") and "joker" in str(error)
    match = match.score("fives")
    assert match.scorecard().yahtzee_bonus == 100
    totals = match.totals()
    assert (totals.upper_subtotal, totals.lower_total, totals.yahtzee_bonus, totals.grand_total) == (25, 50, 100, 175)
    assert match.last_scored.bonus == 100
    # fives filled now: the joker goes to an open lower box at its full value
    match = rolled(match, [5] * 5)
    assert match.options()["large_straight"] == 40 and "sixes" not in match.options()


def test_a_free_joker_allows_any_open_box():
    match = new_match(variants.ruleset("yahtzee", joker="free"), seed=1)
    match = rolled(finish_turn(match, [2] * 5, "yahtzee"), [2] * 5)
    assert set(match.options()) == {c.id for c in YAHTZEE.categories} - {"yahtzee"}
    assert match.score("chance").totals().yahtzee_bonus == 100


# ----------------------------------------------------------------------------- turn order and refusals


def test_players_take_turns_in_seat_order_every_round():
    match = new_match("yacht", ["Ann", "Bob", "Cy"], seed=1)
    order = []
    for _ in range(6):
        order.append(match.current_name)
        match = match.roll().score(next(iter(match.roll().options())))
    assert order == ["Ann", "Bob", "Cy", "Ann", "Bob", "Cy"]
    assert match.round == 2


def test_acting_out_of_turn_is_refused():
    match = new_match("yahtzee", ["Ann", "Bob"], seed=1)
    refuse(
        match,
        lambda m: m.roll(player="Bob"),
        NotYourTurnError,
        Refusal.NOT_YOUR_TURN,
        "Bob cannot roll: it is Ann's turn",
    )
    refuse(match, lambda m: m.roll(player=1), NotYourTurnError, Refusal.NOT_YOUR_TURN)
    refuse(match, lambda m: m.roll(player="Zed"), NotYourTurnError, Refusal.UNKNOWN_PLAYER)
    refuse(match, lambda m: m.roll(player=2), NotYourTurnError, Refusal.UNKNOWN_PLAYER)
    match = match.roll(player="Ann").roll(player=0)
    refuse(
        match,
        lambda m: m.hold(2, player="Bob"),
        NotYourTurnError,
        Refusal.NOT_YOUR_TURN,
        "Bob cannot hold die 3: it is Ann's turn",
    )
    refuse(
        match,
        lambda m: m.score("chance", player=1),
        NotYourTurnError,
        Refusal.NOT_YOUR_TURN,
        "Bob cannot score Chance: it is Ann's turn",
    )
    match = match.score("chance", player="Ann")
    assert match.roll(player="Bob").current_name == "Bob"


def test_not_your_turn_is_checked_before_the_die_holding_rules():
    match = new_match("yahtzee", ["Ann", "Bob"], seed=1)
    refuse(match, lambda m: m.hold(0, player="Bob"), NotYourTurnError)


def test_game_and_match_end_and_the_flow_between_games():
    match = new_match("yacht", ["Ann", "Bob"], games=2, seed=9)
    refuse(match, Match.next_game, FlowError, Refusal.GAME_IN_PROGRESS)
    refuse(match, Match.finish, FlowError, Refusal.GAME_IN_PROGRESS)
    match = play_out_game(match)
    assert match.game_over and not match.finished and match.phase is Phase.GAME_OVER
    assert match.games_played == 1 and match.more_games_planned
    assert match.legal_actions() == [NextGame(), Finish()]
    for call in (Match.roll, lambda m: m.hold(0), lambda m: m.score("choice")):
        error = refuse(match, call, GameOverError, Refusal.GAME_OVER)
        assert "game 1 is over" in str(error)
    assert match.options() == {} and match.holdable() == () and not match.can_roll
    match = match.next_game()
    assert match.game == 1 and match.phase is Phase.FIRST_ROLL and match.current_name == "Ann"
    assert match.scorecard(0).scores == {} and len(match.scorecard(0, game=0)) == 12
    match = play_out_game(match)
    assert match.games_played == 2 and not match.more_games_planned and not match.finished
    match = match.finish()
    assert match.finished and match.phase is Phase.MATCH_OVER and match.legal_actions() == []
    for call in (Match.roll, lambda m: m.hold(0), lambda m: m.score("choice"), Match.next_game, Match.finish):
        error = refuse(match, call, GameOverError, Refusal.MATCH_OVER)
        assert "the match is over (2 game(s) played)" in str(error)


def test_the_number_of_games_is_a_default_not_a_cage():
    match = play_out_game(new_match("yacht", ["Ann"], games=1, seed=2))
    assert not match.more_games_planned
    match = play_out_game(match.next_game())  # more than planned
    assert match.games_played == 2
    early = play_out_game(new_match("yacht", ["Ann"], games=4, seed=2)).finish()  # fewer than planned
    assert early.finished and early.games_played == 1


def test_the_sixth_game_ends_the_match():
    match = new_match("yacht", ["Ann"], games=6, seed=4)
    for game in range(6):
        match = play_out_game(match)
        if game < 5:
            assert not match.finished
            match = match.next_game()
    assert match.finished and match.games_played == 6 and isinstance(match.actions[-1], Score)
    refuse(match, Match.next_game, GameOverError, Refusal.MATCH_OVER)


# ----------------------------------------------------------------------------- queries


def test_legal_actions_are_exactly_what_is_accepted():
    match = new_match("yahtzee", ["Ann", "Bob"], seed=8)
    for step in range(40):
        legal = match.legal_actions()
        assert legal, step
        for action in legal:
            assert match.is_legal(action) and match.refusal(action) is None
            assert match.is_legal(action.data()) and match.refusal(action.data()) is None
            assert match.apply(action) == match.apply(action.data())  # accepted, in either form
        candidates = [Roll(), NextGame(), Finish()]
        candidates += [Hold(i, flag) for i in range(-1, 6) for flag in (True, False)]
        candidates += [Score(c.id) for c in YAHTZEE.categories]
        for action in candidates:
            if action in legal:
                continue
            if isinstance(action, Hold) and match.is_legal(Hold(action.die)):
                assert match.held[action.die] == action.held and match.apply(action) is match  # a no-op hold
                continue
            with pytest.raises(GameError):
                match.apply(action)
            with pytest.raises(GameError):
                match.apply(action.data())
            assert not match.is_legal(action) and not match.is_legal(action.data())
        match = match.apply(legal[(step * 7) % len(legal)])


def test_options_are_the_rules_choices_for_the_current_player():
    match = new_match("yatzy", ["Ann", "Bob"], seed=1)
    match = finish_turn(match, [6, 6, 5, 5, 1], "two_pairs")
    match = rolled(match, [6, 6, 5, 5, 1])
    assert match.options() == variants.ruleset("yatzy").choices({}, [6, 6, 5, 5, 1])
    assert match.options()["two_pairs"] == 22
    match = rolled(match.score("chance"), [6, 6, 5, 5, 1])  # Ann again
    assert match.current_name == "Ann" and "two_pairs" not in match.options()
    assert match.options() == variants.ruleset("yatzy").choices({"two_pairs": 22}, [6, 6, 5, 5, 1])


def test_can_roll_and_reason():
    match = new_match("yahtzee", ["Ann"], seed=1)
    assert match.can_roll and match.refusal(Roll()) is None
    match = match.roll().roll().roll()
    assert not match.can_roll and "all 3 rolls" in str(match.refusal(Roll()))


def test_refusal_of_a_malformed_action():
    match = new_match("yahtzee", seed=1)
    for bad in (
        [],
        ["jump"],
        ["roll", 1],
        ["hold", 0],
        ["hold", "0", True],
        ["hold", 0, 1],
        ["score"],
        ["score", 5],
        ["finish", 1],
        "roll",
        None,
    ):
        assert isinstance(match.refusal(bad), ActionError)
        refuse(match, lambda m: m.apply(bad), ActionError, Refusal.BAD_ACTION)


def test_queries_reject_unknown_players_and_games():
    match = new_match("yahtzee", ["Ann"], seed=1)
    with pytest.raises(QueryError):
        match.totals(3)
    with pytest.raises(QueryError):
        match.totals("Bob")
    with pytest.raises(QueryError):
        match.scorecard(0, game=1)
    with pytest.raises(QueryError):
        match.standings(game=-1)


def test_repr_is_short():
    match = new_match("yahtzee", ["Ann"], seed=1)
    assert repr(match).startswith("<Match yahtzee 1p: game 1, round 1/13, Ann")
    assert "match over" in repr(play_out_game(match).finish())


# ----------------------------------------------------------------------------- totals and standings


def test_totals_per_player_game_and_match():
    match = new_match("yahtzee", ["Ann", "Bob"], games=2, seed=1)
    match = finish_turn(match, [6, 6, 6, 6, 1], "sixes")  # Ann 24
    match = finish_turn(match, [1, 2, 3, 4, 5], "large_straight")  # Bob 40
    ann = match.totals("Ann")
    assert (ann.upper_subtotal, ann.upper_bonus, ann.upper_total, ann.lower_total, ann.grand_total) == (
        24,
        0,
        24,
        0,
        24,
    )
    assert match.totals(1).grand_total == 40
    assert match.game_totals() == (24, 40) and match.match_totals() == (24, 40)
    match = play_out_game(match)
    first = match.game_totals(0)
    match = finish_turn(match.next_game(), [2, 2, 2, 3, 3], "full_house")
    assert match.match_totals() == (first[0] + 25, first[1])
    assert match.totals("Ann", game=0).grand_total == first[0]
    assert len(match.cards) == 2 and match.cards[1][0] == Scorecard((("full_house", 25),))


def test_upper_bonus_counts_in_the_totals():
    match = new_match("yahtzee", ["Ann"], seed=1)
    for face, name in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), start=1):
        match = finish_turn(match, [face] * 3 + [(face % 6) + 1] * 2, name)
    totals = match.totals()
    assert totals.upper_subtotal == 63 and totals.upper_bonus == 35 and totals.upper_total == 98
    assert totals.grand_total == 98


def test_standings_share_ranks():
    assert competition_ranks([10, 10, 5]) == (1, 1, 3)
    assert competition_ranks([5, 10, 10, 7]) == (4, 1, 1, 3)
    assert competition_ranks([0]) == (1,)
    match = new_match("yahtzee", ["Ann", "Bob", "Cy"], seed=1)
    match = finish_turn(match, [1, 1, 2, 2, 3], "chance")  # 9
    match = finish_turn(match, [1, 1, 1, 2, 2], "ones")  # 3
    match = finish_turn(match, [2, 2, 1, 1, 3], "chance")  # 9
    assert match.standings() == (
        Standing(1, 0, "Ann", 9),
        Standing(1, 2, "Cy", 9),
        Standing(3, 1, "Bob", 3),
    )
    assert match.standings(game=0) == match.standings()


def test_last_scored_and_history():
    match = finish_turn(new_match("yacht", ["Ann", "Bob"], seed=1), [4, 4, 4, 4, 2], "four_of_a_kind")
    assert match.last_scored == LastScored(0, 0, "four_of_a_kind", 16, 0, (4, 4, 4, 4, 2))
    assert match.cards[0][0].scores == {"four_of_a_kind": 16}
    assert match.open_categories("Ann") == tuple(
        c.id for c in variants.ruleset("yacht").categories if c.id != "four_of_a_kind"
    )


# ----------------------------------------------------------------------------- immutability and replay


def test_actions_return_new_matches_and_never_mutate():
    match = new_match("yahtzee", ["Ann"], seed=1)
    snapshot = saves.to_dict(match)
    after = match.roll().hold(0).roll().score("chance")
    assert saves.to_dict(match) == snapshot and after is not match
    with pytest.raises(dataclasses.FrozenInstanceError):
        match.rolls = 2  # type: ignore[misc]


def test_replay_reproduces_a_match_from_seed_and_actions():
    match = new_match("yahtzee", ["Ann", Seat.computer("CPU", "easy")], games=2, seed=77)
    match = match.roll().hold(0).roll(faces=[6, 6, 6, 6]).score("sixes")
    match = match.roll().roll().roll().score("chance")
    again = replay("yahtzee", match.seats, 2, 77, [a.data() for a in match.actions])
    assert again == match
    assert replay("yahtzee", match.seats, 2, 77, match.actions) == match
    with pytest.raises(SetupError):
        replay("yahtzee", match.seats, 2, None, [])
    with pytest.raises(ScoreError):
        replay("yahtzee", ["Ann"], 1, 1, [["score", "chance"]])
