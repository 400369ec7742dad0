"""The page's forms as HTML: the setup screen, the header's language choice, and what is wrong with a setup.

Pure and standard-library only. ``tools/build.py`` writes the setup form into ``index.html`` at
build time, so the first paint shows the real form before Python starts; the shell writes it again
in another language. The form follows the rule set registry and the match's limits; every word is
worded by the ``t`` each function takes (English by default).

>>> "data-rules" in setup_form() and 'name="kind5"' in setup_form()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from game.core import variants
from game.core.cards import MAX_GAMES, MAX_PLAYERS, NAME_LENGTH, Level
from game.core.i18n import ENGLISH, LANGUAGES, N_, Text, language
from game.core.variants import OptionKind, OptionSpec, Variant
from game.present.markup import lines
from game.present.setup import SEAT_KINDS, ladder, rivals
from game.present.tags import checkbox, element, labelled, numbers, options
from game.records.choices import SEED_LENGTH, Quick
from game.records.history import History

__all__ = ["language_picker", "problems", "setup_form"]

DEFAULT_PLAYERS = 1
"""Seats shown when the form first paints: a first visit plays alone."""

# Which parts of the form its choices show, written here once: an element with data-show-if (a field's name)
# is shown where that field holds data-equals, or a number at least data-at-least. static/js/page-patch.js
# follows the marks as the choices change, before Python has started as after; hidden= is the first paint's.


def _option_control(owner: Variant, spec: OptionSpec, t: Text) -> str:
    """One rule set option's control: a checkbox, a select or a number, named ``rules.option``."""
    control_id, name = f"opt-{owner.name}-{spec.name}", f"{owner.name}.{spec.name}"
    if spec.kind is OptionKind.FLAG:
        return checkbox(control_id, name, spec.display(t), bool(spec.default))
    if spec.kind is OptionKind.CHOICE:
        choices = [(value, spec.choice_display(value, t)) for value in spec.values]
        control = element("select", options(choices, spec.default), id=control_id, name=name)
    else:
        control = element(
            "input",
            type="number",
            id=control_id,
            name=name,
            min=spec.low,
            max=spec.high,
            value=spec.default,
            inputmode="numeric",
        )
    return labelled(control_id, spec.display(t), control)


# Each rule set in a line under its tile, for whoever does not know them by name (the one chosen shows).
BRIEFS = {
    # Translators: under the lobby's rule set tiles, while Yahtzee is chosen.
    "yahtzee": N_("The American classic: 13 boxes, 35 bonus points at 63, and 100 for each extra Yahtzee."),
    # Translators: under the lobby's rule set tiles, while Yatzy is chosen.
    "yatzy": N_("The Nordic game: 15 boxes, pairs among them, and 50 bonus points at 63."),
    # Translators: under the lobby's rule set tiles, while Maxi Yatzy is chosen.
    "maxi": N_("Six dice and 20 boxes, a Villa and a Tower among them: the long game."),
    # Translators: under the lobby's rule set tiles, while Yacht is chosen.
    "yacht": N_("The original: 12 boxes, no bonus, 50 for a Yacht."),
    # Translators: under the lobby's rule set tiles, while Custom dice is chosen.
    "generalized": N_("Your own dice: choose how many, and how many sides."),
}


def _rules_fieldsets(t: Text) -> list[str]:
    """The rule choice (a radio per rule set) and one fieldset of options per rule set that has any."""
    every = list(variants.VARIANTS.values())
    radios = [
        element(
            "label",
            element("input", type="radio", name="rules", value=v.name, checked=i == 0) + " " + escape(v.display(t)),
        )
        for i, v in enumerate(every)
    ]
    # Translators: the legend of the setup form's choice of rule set (Yahtzee, Yatzy…).
    legend = element("legend", escape(t._("Rules")))
    briefs = "".join(
        element("p", escape(t._(BRIEFS[v.name])), data_show_if="rules", data_equals=v.name, hidden=i > 0)
        for i, v in enumerate(every)
        if v.name in BRIEFS
    )
    choice = element("fieldset", "\n".join([legend, *radios]), class_="choices", id="rules-choice")
    # Folded to the rule set chosen (fresh eyes rounds 63 to 71: five rule sets before a first roll read as a settings
    # form): a tap opens the five. The summary names the one chosen; page-patch.js shows its span.
    # Translators: the lobby's folded choice of rule set, opened to choose another; {rules} is its name.
    names = [t._("Rules: {rules}", rules=v.display(t)) for v in every]
    chosen = "".join(
        element("span", escape(name), data_show_if="rules", data_equals=v.name, hidden=i > 0)
        for i, (v, name) in enumerate(zip(every, names, strict=True))
    )
    choice = element("details", element("summary", chosen) + choice, class_="rules-pick", id="rules-pick")
    best = element("p", "", id="rules-best", class_="rules-best", hidden=True)  # the player's best (setup.best)
    shelf = element("p", "", id="lobby-trophies", class_="trophies", hidden=True)  # their trophies (setup.trophies)
    out = [choice + element("div", briefs + best + shelf, class_="rules-brief")]
    for i, v in enumerate(every):
        if v.options:
            # Translators: the legend of a rule set's options in the setup form; {rules} is its name ("Yahtzee options").
            legend = element("legend", escape(t._("{rules} options", rules=v.display(t))))
            controls = [legend] + [_option_control(v, spec, t) for spec in v.options]
            out.append(
                element(
                    "fieldset",
                    "\n".join(controls),
                    class_="options",
                    data_rules=v.name,
                    data_show_if="rules",
                    data_equals=v.name,
                    id=f"options-{v.name}",
                    hidden=i > 0,
                )
            )
    return out


def _seat_row(seat: int, t: Text) -> str:
    """One seat of the players list: its name and who plays it."""
    # Translators: the label and placeholder of a seat's name field in the setup form; {seat} is its number.
    label = t._("Player {seat}", seat=seat)
    name = element(
        "input",
        type="text",
        id=f"player-name-{seat}",
        name=f"name{seat}",
        maxlength=NAME_LENGTH,
        placeholder=label,
        autocomplete="off",
    )
    kinds = [(value, t._(word)) for value, word in SEAT_KINDS]
    kind = element(
        "select",
        options(kinds, SEAT_KINDS[0][0]),
        id=f"player-kind-{seat}",
        name=f"kind{seat}",
        aria_label=t._("Who plays seat {seat}", seat=seat),
    )
    return element(
        "li",
        labelled(f"player-name-{seat}", label, name) + kind,
        class_="player-row",
        data_seat=seat,
        data_show_if="count",
        data_at_least=seat,
        hidden=seat > DEFAULT_PLAYERS,
    )


def _players_fieldset(t: Text) -> str:
    count = element("select", options(numbers(1, MAX_PLAYERS), DEFAULT_PLAYERS), id="player-count", name="count")
    seats = element(
        "ol",
        "\n".join(_seat_row(seat, t) for seat in range(1, MAX_PLAYERS + 1)),
        id="player-list",
        class_="player-list",
    )
    # Translators: a setup form choice: between two people's turns, a screen says whose turn it is until they tap Start.
    passing = checkbox("opt-pass", "pass", t._("Pass the phone: show whose turn it is between people"), False)
    parts = [
        element("legend", escape(t._("Players"))),
        labelled("player-count", t._("Number of players"), count),
        seats,
        passing,
        _remote_choice(t),
    ]
    return element("fieldset", "\n".join(parts), id="players-choice")


def _remote_choice(t: Text) -> str:
    """The choice of a match that travels by link (game.records.choices.Setup.remote), and the honest word on its dice."""
    box = element(
        "input", type="checkbox", id="opt-remote", name="remote", value="1", aria_describedby="opt-remote-note"
    )
    # Translators: a setup form choice: each person plays on their own phone; after a turn, a link goes to the next.
    words = t._("Play on separate phones (send a link after each turn)")
    label = element("label", f"{box} {escape(words)}", for_="opt-remote")
    # Translators: under the choice of playing on separate phones: why a link's dice are not secret.
    note = t._(
        "Dice come from the match's seed: a player who reads the game's code could foresee them. "
        "This is play among friends."
    )
    return label + element("p", escape(note), id="opt-remote-note", class_="field-note")


def quick_words(t: Text = ENGLISH) -> dict[Quick, tuple[str, str]]:
    """Each one-tap match's title and printed line (a line that knows the player replaces the printed one: game.present.
    setup.progress)."""
    return {
        # Translators: a large button of the setup screen: starts a match at once, one person playing alone.
        Quick.SOLO: (t._("Play solo"), t._("Just you, for your best score")),
        # Translators: a large button of the setup screen: starts a match at once, the player against a computer player.
        Quick.COMPUTER: (t._("Play the computer"), t._("You against a computer player")),
        # Translators: a large button of the setup screen: starts a match at once for two people who pass the phone.
        Quick.PASS: (t._("Pass and play"), t._("Two people, passing the phone")),
        # Translators: a large button of the setup screen: starts the day's game, the same dice for everyone (one a day per rule set).
        Quick.DAILY: (t._("Daily game"), t._("Today's dice, the same for everyone")),
        # Translators: a large button of the setup screen: the game keeps the score of a game played with dice on a table.
        Quick.REAL: (t._("Real dice"), t._("Roll your own dice; the game keeps the score")),
    }


def _lobby(t: Text, ready: bool = False) -> str:
    """The one-tap matches (game.records.choices.Quick), each a large button named by its title and described by its
    line; they wait for Python, as Start does. "Starting…" sits under them while Python starts."""
    choices = quick_words(t)
    buttons = []
    for quick, (title, line) in choices.items():
        control = f"quick-{quick.value}"
        words = element("span", escape(title), id=f"{control}-title", class_="quick-title")
        words += element("span", escape(line), id=f"{control}-line", class_="quick-line")
        described = f"{control}-line"
        if quick is Quick.COMPUTER:  # the games against it, heard after the line: its scoreboard shows them (app.css)
            words += element("span", "", id=f"{control}-record", class_="visually-hidden")
            described += f" {control}-record"
        buttons.append(
            element(
                "button",
                words,
                type="button",
                id=control,
                class_="quick primary" if quick is Quick.SOLO else "quick",
                aria_labelledby=f"{control}-title",
                aria_describedby=described,
                disabled=True,
            )
        )
        if quick is Quick.COMPUTER:  # its ladder of rivals as a first visit sees it: the lobby moves nothing later
            rungs = ladder(History(), {}, t)
            buttons.append(element("div", rivals(rungs, Level.GOOD, t, ready), id="rivals", class_="rivals"))
    # Translators: names the setup screen's one-tap ways to start a match (read by screen readers).
    lobby = element("div", "".join(buttons), class_="lobby", role="group", aria_label=t._("Play now"))
    # once started (``ready``), the form worded anew in another language keeps "Starting…" hidden: it is no longer true
    starting = element("span", escape(t._("Starting…")), id="loading", class_="loading", role="status", hidden=ready)
    return lobby + starting


def _more(t: Text, inside: Sequence[str]) -> str:
    """Everything else, folded: ``inside`` (the rule set's options, the seats, games), seed, undo, and Start."""
    seed = element(
        "input", type="text", id="seed", name="seed", maxlength=SEED_LENGTH, autocomplete="off", spellcheck="false"
    )
    # Translators: the setup form's button that starts the match.
    start = element(
        "button", escape(t.p_("setup form", "Start")), type="submit", id="start-button", class_="primary", disabled=True
    )
    parts = [
        # Translators: opens the setup screen's other choices (options, players, games, seed, undo) and its Start.
        element("summary", escape(t.p_("setup form", "More"))),
        *inside,
        labelled("seed", t._("Seed (optional: the same seed gives the same dice)"), seed),
        checkbox("opt-undo", "undo", t._("Allow undo"), True),
        element("div", id="setup-error", class_="form-error", role="alert", hidden=True),
        element("div", start, class_="start-row"),
    ]
    return element("details", "\n".join(parts), class_="more", id="setup-more")


def setup_form(t: Text = ENGLISH, ready: bool = False) -> str:
    """The setup screen's form, made from the rule set registry and the match's limits, in ``t``'s words.

    A lobby: four one-tap matches (``quick-solo``, ``quick-computer``, ``quick-pass``, ``quick-daily``) over the choice
    of rule set, then More (``details#setup-more``), which folds every other choice and Start. Rule set
    options are named ``rules.option`` (``yahtzee.joker``); a checkbox sends ``1`` when checked and
    nothing otherwise. The one-tap buttons and Start stay disabled until the shell has bound the form; once it has
    (``ready``), "Starting…" is hidden.

    >>> form = setup_form()
    >>> form.startswith('<form id="setup-form" novalidate>'), form.count('type="radio" name="rules"') == len(variants.VARIANTS)
    (True, True)
    >>> 'name="generalized.sides" min="2" max="20" value="6"' in form
    True
    >>> form.index('id="quick-solo"') < form.index('name="rules"') < form.index('id="setup-more"')
    True
    """
    games = element("select", options(numbers(1, MAX_GAMES), 1), id="games", name="games")
    choice, *option_sets = _rules_fieldsets(t)
    inside = [
        *option_sets,
        _players_fieldset(t),
        element("div", labelled("games", t._("Games in the match"), games), class_="field"),
    ]
    parts = [_lobby(t, ready), choice, _more(t, inside)]
    return element("form", "\n" + "\n".join(parts) + "\n", id="setup-form", novalidate=True)


def language_picker(current: str, t: Text = ENGLISH) -> str:
    """The header's language choice: a labelled select of every language, each in its own name.

    The label keeps its msgid in ``data-msg``, so the shell can word it again in another language.

    >>> picker = language_picker("sv")
    >>> picker.startswith('<label for="language" data-msg="Language">Language</label><select id="language" name="language">')
    True
    >>> '<option value="sv" lang="sv" selected>Svenska</option>' in picker, picker.count("<option")
    (True, 7)
    """
    chosen = language(current).code
    options = "".join(
        element("option", escape(lang.name), value=code, lang=code, selected=code == chosen)
        for code, lang in LANGUAGES.items()
    )
    # Translators: the label of the header's choice of language.
    msgid = N_("Language")
    label = element("label", escape(t._(msgid)), for_="language", data_msg=msgid)
    return label + element("select", options, id="language", name="language")


def problems(messages: Sequence[str], t: Text = ENGLISH) -> str:
    """What is wrong with a link or the form (game.core.link_problems.LinkProblem.text(t)): one paragraph, or a list when there are several.

    >>> problems(["games=³ is not a number"])
    '<p>games=³ is not a number</p>'
    >>> problems(["a", "<b>"])
    '<p>This link has 2 problems:</p><ul><li>a</li><li>&lt;b&gt;</li></ul>'
    """
    if len(messages) == 1:
        return element("p", escape(messages[0]))
    heading = t.n_("This link has {count} problem:", "This link has {count} problems:", len(messages))
    return element("p", escape(heading)) + element("ul", lines(messages))
