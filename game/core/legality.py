"""Why an action (or a query) is refused now: one check per action type, as functions over a match.

Each check returns the :class:`~game.core.refusals.GameError` the action would raise (worded for
the developer, with the reason, fields and case that word it for a player), or None where the
action is legal. :class:`~game.core.engine.Match` asks :func:`refusal` before it applies anything,
and its queries (``is_legal``, ``legal_actions``, ``holdable``) ask the same; its score queries
read the seat and game they name through :func:`player_index` and :func:`game_index`.

>>> from game.core.actions import Hold, Roll
>>> from game.core.engine import new_match
>>> m = new_match("yahtzee", ["Ann", "Bob"], seed=1)
>>> str(refusal(m, Hold(2), None)), refusal(m, Roll(), None)
('Ann cannot hold die 3: roll the dice first', None)
>>> refusal(m, Roll(), "Bob").text()
'Ann is to play, not Bob.'
"""

from __future__ import annotations

from game.core.actions import Action, Finish, Hold, NextGame, Roll, Score
from game.core.cards import PlayerRef
from game.core.dice import Draw
from game.core.match_state import MatchState
from game.core.refusals import (
    FlowError,
    GameError,
    GameOverError,
    HoldError,
    NotYourTurnError,
    QueryError,
    Refusal,
    RollError,
    ScoreError,
    is_whole,
)
from game.core.rule_errors import CategoryFilledError, JokerRuleError, OrderError, RulesError
from game.core.rules import Section

__all__ = ["refusal", "seat_index", "player_index", "game_index"]


def refusal(match: MatchState, action: Action, player: PlayerRef) -> GameError | None:
    """The error ``action`` (a parsed action) would raise on ``match`` now, or None if it is legal.

    ``player`` (a seat's index or name), if not None, must be the one on turn.
    """
    if isinstance(action, Roll):
        return _roll_refusal(match, action, player)
    if isinstance(action, Hold):
        return _hold_refusal(match, action, player)
    if isinstance(action, Score):
        return _score_refusal(match, action, player)
    return _between_games_refusal(match, action, player)


def seat_index(match: MatchState, player: PlayerRef) -> int | None:
    """The seat ``player`` names (an index, or a name: the one on turn first), or None if none.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["Ann", "Bob", "Ann"], seed=1)
    >>> seat_index(m, "Bob"), seat_index(m, 2), seat_index(m, 5), seat_index(m, True)
    (1, 2, None, None)
    """
    if is_whole(player):
        return player if 0 <= player < len(match.seats) else None
    if isinstance(player, str):
        if player == match.current_name:
            return match.player
        for index, seat in enumerate(match.seats):
            if seat.name == player:
                return index
    return None


def player_index(match: MatchState, player: PlayerRef) -> int:
    """The seat a query names (None: the one on turn); QueryError if the match has no such player.

    >>> from game.core.engine import new_match
    >>> player_index(new_match("yacht", ["Ann", "Bob"], seed=1), "Bob")
    1
    """
    if player is None:
        return match.player
    index = seat_index(match, player)
    if index is None:
        raise QueryError(f"there is no player {player!r} in this match", Refusal.UNKNOWN_PLAYER)
    return index


def game_index(match: MatchState, game: int | None) -> int:
    """The game a query names (None: the current one); QueryError if it has not been played.

    >>> from game.core.engine import new_match
    >>> game_index(new_match("yacht", seed=1), 1)
    Traceback (most recent call last):
    ...
    game.core.refusals.QueryError: there is no game 1: games 0 to 0 have been played
    """
    if game is None:
        return match.game
    if not is_whole(game, 0, len(match.cards) - 1):
        raise QueryError(
            f"there is no game {game!r}: games 0 to {len(match.cards) - 1} have been played",
            Refusal.UNKNOWN_GAME,
        )
    return game


def _actor(match: MatchState, player: PlayerRef) -> str:
    if player is None:
        return match.current_name
    index = seat_index(match, player)
    return match.seats[index].name if index is not None else f"Player {player!r}"


def _match_over_error(match: MatchState, actor: str, verb: str, case: str, fields: dict[str, object]) -> GameOverError:
    return GameOverError(
        f"{actor} cannot {verb}: the match is over ({match.games_played} game(s) played)",
        Refusal.MATCH_OVER,
        fields | {"count": match.games_played},
        case,
    )


def _turn_refusal(
    match: MatchState, verb: str, player: PlayerRef, case: str, fields: dict[str, object]
) -> GameError | None:
    """Why no turn action may be taken now (the match or game over, another player's turn), or None.

    ``verb`` says the action in the developer's message; ``case`` (the action's sub-key of the
    wording table) and ``fields`` (its facts, e.g. the die) word it for a player.
    """
    actor = _actor(match, player)
    known = player is None or seat_index(match, player) is not None
    fields = {"name": actor if known else repr(player)} | fields  # no English "Player" in a player's words
    if match.finished:
        return _match_over_error(match, actor, verb, case, fields)
    if match.game_over:
        return GameOverError(
            f"{actor} cannot {verb}: game {match.game + 1} is over; start the next game or finish the match",
            Refusal.GAME_OVER,
            fields | {"game": match.game + 1},
            case,
        )
    if player is not None:
        index = seat_index(match, player)
        if index is None:
            return NotYourTurnError(
                f"{actor} cannot {verb}: there is no such player in this match",
                Refusal.UNKNOWN_PLAYER,
                fields,
                case,
            )
        if index != match.player:
            return NotYourTurnError(
                f"{actor} cannot {verb}: it is {match.current_name}'s turn",
                Refusal.NOT_YOUR_TURN,
                fields | {"current": match.current_name},
                case,
            )
    return None


def _roll_refusal(match: MatchState, action: Roll, player: PlayerRef) -> GameError | None:
    refused = _turn_refusal(match, "roll", player, "roll", {})
    if refused is not None:
        return refused
    name, limit, count = match.current_name, match.rolls_allowed, match.ruleset.dice
    if match.rolls >= limit:
        return RollError(
            f"{name} cannot roll: all {limit} rolls of this turn are used; choose a box",
            Refusal.NO_ROLLS_LEFT,
            {"name": name, "count": limit},
            "roll",
        )
    if match.rolls == 0 and any(match.held):
        return RollError(
            f"{name} cannot roll: dice are held before the first roll of the turn",
            Refusal.HELD_BEFORE_FIRST_ROLL,
            {"name": name},
            "roll",
        )
    if all(match.held):
        return RollError(
            f"{name} cannot roll: all {count} dice are held",
            Refusal.ALL_HELD,
            {"name": name, "count": count},
            "roll",
        )
    faces = action.faces
    if faces is None and match.draw is Draw.ENTERED:  # real dice: the seed draws none, the person enters them
        return RollError(
            f"{name} rolls real dice in this match: enter the faces they show",
            Refusal.ENTERED_DICE,
            {"name": name},
            "roll",
        )
    if faces is not None:
        free = match.held.count(False)
        sides = match.ruleset.sides
        if (
            not isinstance(faces, (list, tuple))
            or len(faces) != free
            or not all(is_whole(face) and 1 <= face <= sides for face in faces)
        ):
            shown = list(faces) if isinstance(faces, (list, tuple)) else faces
            return RollError(
                f"{name} cannot roll {shown!r}: {free} faces from 1 to {sides} are needed for the dice not held",
                Refusal.BAD_FACES,
                {"name": name, "faces": repr(shown), "count": free, "sides": sides},
                "roll",
            )
    return None


def _hold_refusal(match: MatchState, action: Hold, player: PlayerRef) -> GameError | None:
    index, held = action.die, action.held
    valid = is_whole(index) and 0 <= index < match.ruleset.dice
    verb = "hold" if held else "release"
    what = f"{verb} die {index + 1}" if valid else f"{verb} die index {index!r}"
    die: dict[str, object] = {"die": index + 1 if is_whole(index) else repr(index)}
    refused = _turn_refusal(match, what, player, verb, die)
    if refused is not None:
        return refused
    name, count = match.current_name, match.ruleset.dice
    fields = {"name": name} | die
    if not valid:
        return HoldError(
            f"{name} cannot {what}: there are {count} dice (indices 0 to {count - 1})",
            Refusal.UNKNOWN_DIE,
            fields | {"count": count},
            verb,
        )
    if not isinstance(held, bool):
        return HoldError(
            f"{name} cannot {what}: held must be True or False, not {held!r}", Refusal.BAD_ACTION, fields, verb
        )
    if match.rolls == 0:
        return HoldError(f"{name} cannot {what}: roll the dice first", Refusal.NOT_ROLLED, fields, verb)
    if match.rolls >= match.rolls_allowed:
        return HoldError(
            f"{name} cannot {what}: no rolls are left this turn; choose a box",
            Refusal.NO_ROLLS_LEFT,
            fields,
            verb,
        )
    return None


def _category_label(match: MatchState, category: object) -> str:
    if isinstance(category, str):
        try:
            return match.ruleset.category(category).name
        except RulesError:
            pass
    return repr(category)


def _category_field(match: MatchState, category: object) -> object:
    """The box as a refusal's field: the Category (worded by display(t)), or the unknown id quoted."""
    if isinstance(category, str) and match.ruleset.has(category):
        return match.ruleset.category(category)
    return repr(category)


def _score_refusal(match: MatchState, action: Score, player: PlayerRef) -> GameError | None:
    category = action.category
    verb = f"score {_category_label(match, category)}"
    box = {"category": _category_field(match, category)}
    refused = _turn_refusal(match, verb, player, "score", box)
    if refused is not None:
        return refused
    name = match.current_name
    fields = {"name": name} | box
    if not match.ruleset.has(category):
        return ScoreError(
            f"{name} cannot {verb}: {match.ruleset.title} has no such box",
            Refusal.UNKNOWN_CATEGORY,
            category,
            fields=fields | {"rules": match.ruleset},
            case="score",
        )
    if match.rolls == 0:
        return ScoreError(
            f"{name} cannot {verb}: roll the dice first", Refusal.NOT_ROLLED, category, fields=fields, case="score"
        )
    scores = match.cards[-1][match.player].scores
    try:
        match.ruleset.check(scores, match.dice, category)
    except RulesError as exc:
        case = "score"
        if isinstance(exc, CategoryFilledError):
            detail = f"it is already filled ({scores.get(category)}); choose another box"
            reason = Refusal.FILLED
            fields |= {"points": scores.get(category)}
        elif isinstance(exc, OrderError):
            upcoming = match.ruleset.next_box(scores)
            detail, reason = f"in forced order this turn scores {getattr(upcoming, 'name', '')}", Refusal.ORDER
            fields |= {"box": upcoming}
        else:
            detail = str(exc)
            reason = Refusal.JOKER if isinstance(exc, JokerRuleError) else Refusal.RULES
            if reason is Refusal.JOKER:
                case, joker = _joker_fields(match)
                fields |= joker
        error = ScoreError(f"{name} cannot {verb}: {detail}", reason, category, exc, fields, case)
        error.__cause__ = exc
        return error
    return None


def _joker_fields(match: MatchState) -> tuple[str, dict[str, object]]:
    """The joker rule's case and fields for the current dice: where the rules let a joker go.

    The same facts as the rules' JokerRuleError message: the matching upper box ("upper"),
    or the open lower boxes ("lower"), and the dice.
    """
    ruleset = match.ruleset
    allowed = tuple(ruleset.category(box) for box in ruleset.choices(match.cards[-1][match.player].scores, match.dice))
    dice = "-".join(str(face) for face in sorted(match.dice))
    if len(allowed) == 1 and allowed[0].section is Section.UPPER:
        return "upper", {"dice": dice, "box": allowed[0]}
    return "lower", {"dice": dice, "boxes": allowed}


def _between_games_refusal(match: MatchState, action: NextGame | Finish, player: PlayerRef) -> GameError | None:
    verb = "finish" if isinstance(action, Finish) else "go on to the next game"
    case = action.NAME
    if player is not None and seat_index(match, player) is None:
        return NotYourTurnError(
            f"there is no player {player!r} in this match", Refusal.UNKNOWN_PLAYER, {"name": repr(player)}, case
        )
    if match.finished:
        return _match_over_error(match, "The match", verb, case, {})
    if not match.game_over:
        return FlowError(
            f"The match cannot {verb}: game {match.game + 1} is still in progress "
            f"(round {match.round + 1} of {match.rounds}, {match.current_name} to play)",
            Refusal.GAME_IN_PROGRESS,
            {"game": match.game + 1, "round": match.round + 1, "rounds": match.rounds, "name": match.current_name},
            case,
        )
    return None
