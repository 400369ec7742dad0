"""One error family: every exception class of game/ is a GameError, worded for players in every language.

A player never reads Python's English: each error says what went wrong through ``t`` (its reason's
msgid, or its class's own :attr:`~game.core.refusals.GameError.words`), and the page shows only that.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import game
from game.app.effects import Apply, Console, to_json
from game.app.events import Fetched, Start
from game.app.keys import SAVE_KEY, Wanted
from game.app.state import App
from game.app.update import update
from game.core.i18n import DEFAULT, ENGLISH, LANGUAGES, Text
from game.core.links import LinkError, Why
from game.core.refusals import GameError
from tools import i18n

NOW = "2026-11-24T10:00:00Z"


def modules() -> list[str]:
    """Every module of game/ but the shell's (it imports the browser's ``js`` and ``pyscript``)."""
    names = [info.name for info in pkgutil.walk_packages(game.__path__, "game.")]
    return sorted(name for name in names if name != "game.shell" and not name.startswith("game.shell."))


def error_classes() -> list[type[BaseException]]:
    """Every exception class defined in game/ (its module is one of game/'s)."""
    found = set()
    for name in modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == name:
                found.add(value)
    return sorted(found, key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


ERRORS = error_classes()
LANGUAGE_TEXTS = {code: Text.from_mo(code, i18n.compiled(code)) for code in LANGUAGES if code != DEFAULT}


def examples(cls: type[BaseException]) -> list[BaseException]:
    """Instances of ``cls`` as the game raises them: a developer's detail for each text a constructor needs."""
    if cls is LinkError:
        return [LinkError("the link's detail", why) for why in Why]
    needed = [
        p
        for p in inspect.signature(cls).parameters.values()
        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return [cls(*["a developer's detail"] * len(needed))]


def test_the_walk_finds_the_errors_of_every_layer():
    names = {cls.__name__ for cls in ERRORS}
    expected = {"GameError", "RulesError", "JokerRuleError", "LinkError", "TableMismatchError", "TableMissingError"}
    assert expected | {"_BadGame"} <= names
    assert {cls.__module__.split(".")[1] for cls in ERRORS} >= {"core", "coach", "records"}


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: cls.__name__)
def test_every_error_of_the_game_is_a_game_error(cls):
    assert issubclass(cls, GameError)


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: cls.__name__)
def test_every_error_keeps_the_bases_its_catchers_rely_on(cls):
    assert issubclass(cls, ValueError)  # GameError is one: `except ValueError` still catches every error
    if cls.__name__ == "TableMissingError":
        assert issubclass(cls, LookupError)


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: cls.__name__)
def test_every_error_is_worded_for_players_in_every_language(cls):
    for error in examples(cls):
        english = error.text(ENGLISH)
        assert english and "detail" not in english  # the player's words, never the developer's message
        if cls.__module__ != "game.core.refusals":  # the family's own classes word through their reasons
            assert english != GameError("").text(), f"{cls.__name__} says no more than the general refusal"
        for code, t in LANGUAGE_TEXTS.items():
            assert error.text(t) != english, f"{cls.__name__} is not translated in {code}: {english!r}"


def test_an_unreadable_save_is_told_in_the_players_language():
    """The save-problem screen says what is wrong in the player's words; the developer's detail goes
    to the console (it is English, and quotes the data)."""
    nested = "[" * 100 + "]" * 100
    app, _ = update(App(), Start(stored=((SAVE_KEY, nested),), languages=("de",)), now=NOW)
    app, effects = update(app, Fetched(Wanted.language("de"), i18n.compiled("de")), now=NOW)
    reason = [
        changes["text"]
        for effect in effects
        if isinstance(effect, Apply)
        for at, changes in effect.ops
        if at == "save-problem-reason"
    ]
    assert reason == ["Die Daten sind 100 Ebenen tief verschachtelt; gelesen werden höchstens 64."]
    logged = [to_json(effect)[1:] for effect in effects if isinstance(effect, Console)]
    assert ["warn", "unreadable save: the saved match nests 100 levels deep; at most 64 are read"] in logged
