"""The names a seat gets when nobody typed one: the person alone is the language's "You", people passing one phone
get friendly first names, and a link carries "Player" for a sender who gave none.

These names are facts of the match (a seat keeps the name it was given, in saves and the history), so they are
chosen here, below the view, in the words of the player's language ``t`` (as game.coach.bots names the computer
players); game.present.you words the sentences about the "You" seat in the second person.

>>> you_name(), is_you("You"), sent_name("You"), people_names()[:2]
('You', True, 'Player', ('Ann', 'Bob'))
"""

from __future__ import annotations

from game.core.i18n import ENGLISH, N_, Text

__all__ = ("PEOPLE_NAMES", "is_you", "people_names", "sent_name", "you_name")


def you_name(t: Text = ENGLISH) -> str:
    """The name of the person's own seat left unnamed, in ``t``'s words ("You")."""
    # Translators: the name of the one person at a match who left the name blank (alone, or with computers): the word
    # your language's games show for the player themselves, as a column heading and alone ("Du", "Tú", "Toi").
    return t.p_("default name", "You")


def is_you(name: str, t: Text = ENGLISH) -> bool:
    """Whether ``name`` is the default "you" seat's (a sentence about it takes its second-person variant).

    >>> is_you("You"), is_you("Ann"), is_you("you")
    (True, False, False)
    """
    return name == you_name(t)


def sent_name(name: str, t: Text = ENGLISH) -> str:
    """``name`` as a link read on another phone carries it: the default "you" seat's is the neutral "Player", never
    "You", which would name the friend who opens it (older builds, too, sent and read "Player" there).

    >>> sent_name("Ann"), sent_name(you_name())
    ('Ann', 'Player')
    """
    # Translators: the name a challenge link carries for the person who sent it without giving a name (the friend
    # who opens it reads "Challenge from Player"): a neutral word for a player, never "you".
    return t.p_("default name", "Player") if is_you(name, t) else name


# Translators: the names people passing one phone get when they leave theirs blank, separated by commas: five short,
# common first names (at most 8 letters each) of your language, none of them a computer player's name (Robin, …).
PEOPLE_NAMES = N_("Ann, Bob, Cleo, Dev, Eli")


def people_names(t: Text = ENGLISH) -> tuple[str, ...]:
    """The names of people left unnamed among people (pass and play), in ``t``'s words: five, none over 8 letters.

    >>> people_names()
    ('Ann', 'Bob', 'Cleo', 'Dev', 'Eli')
    """
    english = tuple(name.strip() for name in PEOPLE_NAMES.split(","))
    names = [" ".join(name.split()) for name in t._(PEOPLE_NAMES).split(",")]
    names = list(dict.fromkeys(name for name in names if 0 < len(name) <= 8))  # no name twice
    return tuple(names + [name for name in english if name not in names])[: max(len(names), len(english))]
