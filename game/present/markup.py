"""The page's markup as HTML strings: the setup form, the scorecard, the dice tray, cells and dice.

Pure and standard-library only. ``tools/build.py`` writes the setup form and the tray into
``index.html`` at build time, so the first paint shows the real form before Python starts; the
shell uses the same functions for what depends on the match (scorecard, cells, dice). Every text
and attribute value is escaped here, so a player's name is always text, never HTML. Every word a
person sees or hears is worded by the ``t`` each function takes (English by default).

>>> "data-rules" in setup_form() and 'name="kind5"' in setup_form()
True
>>> tray(2).count("<button")
2
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from game.core import rules
from game.core.engine import MAX_GAMES, MAX_PLAYERS, NAME_LENGTH
from game.core.i18n import ENGLISH, LANGUAGES, N_, Text, language
from game.core.rules import OptionKind, OptionSpec, Variant
from game.present import coach_view, stats_view, view
from game.present.setup import SEAT_KINDS, SEED_LENGTH, Quick

__all__ = [
    "PIPS",
    "advice",
    "challenge",
    "cell",
    "die_face",
    "language_picker",
    "lines",
    "problems",
    "report",
    "roll_marks",
    "scene",
    "scorecard",
    "setup_form",
    "statistics",
    "tray",
]

PIPS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (1, 2, 6, 7), 5: (1, 2, 4, 6, 7), 6: (1, 2, 3, 5, 6, 7)}
"""Pip positions (cells of a 3×3 grid, see app.css) of each face of a six-sided die."""
DEFAULT_PLAYERS = 1
"""Seats shown when the form first paints: a first visit plays alone."""


def _element(tag: str, content: str = "", /, **attributes: object) -> str:
    """``<tag …>content</tag>``: ``content`` is markup already; every attribute value is escaped.

    An attribute's name drops a trailing ``_`` and spells ``_`` as ``-`` (``class_``, ``aria_label``);
    True writes the bare name, False or None leaves the attribute out.

    >>> _element("td", "<b>1</b>", data_row="a&b", hidden=True, title=None)
    '<td data-row="a&amp;b" hidden><b>1</b></td>'
    """
    parts = [tag]
    for name, value in attributes.items():
        name = name.rstrip("_").replace("_", "-")
        if value is True:
            parts.append(name)
        elif value is not None and value is not False:
            parts.append(f'{name}="{escape(str(value))}"')
    opening = "<" + " ".join(parts) + ">"
    return opening if tag == "input" else f"{opening}{content}</{tag}>"


def _options(choices: Sequence[tuple[object, str]], selected: object) -> str:
    """``<option>`` tags of (value, label) pairs, ``selected`` marked."""
    return "".join(
        _element("option", escape(label), value=value, selected=value == selected) for value, label in choices
    )


def _numbers(low: int, high: int) -> tuple[tuple[int, str], ...]:
    return tuple((n, str(n)) for n in range(low, high + 1))


def _labelled(control_id: str, label: str, control: str) -> str:
    """A label and the control it names, side by side."""
    return _element("label", escape(label), for_=control_id) + control


def _checkbox(control_id: str, name: str, label: str, checked: bool) -> str:
    """A checkbox inside its label."""
    box = _element("input", type="checkbox", id=control_id, name=name, value="1", checked=checked)
    return _element("label", f"{box} {escape(label)}", for_=control_id)


def _option_control(owner: Variant, spec: OptionSpec, t: Text) -> str:
    """One rule set option's control: a checkbox, a select or a number, named ``rules.option``."""
    control_id, name = f"opt-{owner.name}-{spec.name}", f"{owner.name}.{spec.name}"
    if spec.kind is OptionKind.FLAG:
        return _checkbox(control_id, name, spec.display(t), bool(spec.default))
    if spec.kind is OptionKind.CHOICE:
        choices = [(value, spec.choice_display(value, t)) for value in spec.values]
        control = _element("select", _options(choices, spec.default), id=control_id, name=name)
    else:
        control = _element(
            "input",
            type="number",
            id=control_id,
            name=name,
            min=spec.low,
            max=spec.high,
            value=spec.default,
            inputmode="numeric",
        )
    return _labelled(control_id, spec.display(t), control)


def _rules_fieldsets(t: Text) -> list[str]:
    """The rule choice (a radio per rule set) and one fieldset of options per rule set that has any."""
    variants = list(rules.VARIANTS.values())
    radios = [
        _element(
            "label",
            _element("input", type="radio", name="rules", value=v.name, checked=i == 0) + " " + escape(v.display(t)),
        )
        for i, v in enumerate(variants)
    ]
    # Translators: the legend of the setup form's choice of rule set (Yahtzee, Yatzy…).
    legend = _element("legend", escape(t._("Rules")))
    out = [_element("fieldset", "\n".join([legend, *radios]), class_="choices", id="rules-choice")]
    for i, v in enumerate(variants):
        if v.options:
            # Translators: the legend of a rule set's options in the setup form; {rules} is its name ("Yahtzee options").
            legend = _element("legend", escape(t._("{rules} options", rules=v.display(t))))
            controls = [legend] + [_option_control(v, spec, t) for spec in v.options]
            out.append(
                _element(
                    "fieldset",
                    "\n".join(controls),
                    class_="options",
                    data_rules=v.name,
                    id=f"options-{v.name}",
                    hidden=i > 0,
                )
            )
    return out


def _seat_row(seat: int, t: Text) -> str:
    """One seat of the players list: its name and who plays it."""
    # Translators: the label and placeholder of a seat's name field in the setup form; {seat} is its number.
    label = t._("Player {seat}", seat=seat)
    name = _element(
        "input",
        type="text",
        id=f"player-name-{seat}",
        name=f"name{seat}",
        maxlength=NAME_LENGTH,
        placeholder=label,
        autocomplete="off",
    )
    kinds = [(value, t._(word)) for value, word in SEAT_KINDS]
    kind = _element(
        "select",
        _options(kinds, SEAT_KINDS[0][0]),
        id=f"player-kind-{seat}",
        name=f"kind{seat}",
        aria_label=t._("Who plays seat {seat}", seat=seat),
    )
    return _element(
        "li",
        _labelled(f"player-name-{seat}", label, name) + kind,
        class_="player-row",
        data_seat=seat,
        hidden=seat > DEFAULT_PLAYERS,
    )


def _players_fieldset(t: Text) -> str:
    count = _element("select", _options(_numbers(1, MAX_PLAYERS), DEFAULT_PLAYERS), id="player-count", name="count")
    seats = _element(
        "ol",
        "\n".join(_seat_row(seat, t) for seat in range(1, MAX_PLAYERS + 1)),
        id="player-list",
        class_="player-list",
    )
    # Translators: a setup form choice: between two people's turns, a screen says whose turn it is until they tap Start.
    passing = _checkbox("opt-pass", "pass", t._("Pass the phone: show whose turn it is between people"), False)
    parts = [
        _element("legend", escape(t._("Players"))),
        _labelled("player-count", t._("Number of players"), count),
        seats,
        passing,
        _remote_choice(t),
    ]
    return _element("fieldset", "\n".join(parts), id="players-choice")


def _remote_choice(t: Text) -> str:
    """The choice of a match that travels by link (game.present.setup.Setup.remote), and the honest word on its dice."""
    box = _element(
        "input", type="checkbox", id="opt-remote", name="remote", value="1", aria_describedby="opt-remote-note"
    )
    # Translators: a setup form choice: each person plays on their own phone; after a turn, a link goes to the next.
    words = t._("Play on separate phones (send a link after each turn)")
    label = _element("label", f"{box} {escape(words)}", for_="opt-remote")
    # Translators: under the choice of playing on separate phones: why a link's dice are not secret.
    note = t._(
        "Dice come from the match's seed: a player who reads the game's code could foresee them. "
        "This is play among friends."
    )
    return label + _element("p", escape(note), id="opt-remote-note", class_="field-note")


def _lobby(t: Text) -> str:
    """The one-tap matches (game.present.setup.Quick), each a large button named by its title and described by its
    line; they wait for Python, as Start does. "Starting…" sits under them while Python starts."""
    choices = {
        # Translators: a large button of the setup screen: starts a match at once, one person playing alone.
        Quick.SOLO: (t._("Play solo"), t._("Just you, for your best score")),
        # Translators: a large button of the setup screen: starts a match at once, the player against a computer player.
        Quick.COMPUTER: (t._("Play the computer"), t._("You against a computer player")),
        # Translators: a large button of the setup screen: starts a match at once for two people who pass the phone.
        Quick.PASS: (t._("Pass and play"), t._("Two people, passing the phone")),
        # Translators: a large button of the setup screen: starts the day's game, the same dice for everyone (one a day per rule set).
        Quick.DAILY: (t._("Daily game"), t._("Today's dice, the same for everyone")),
    }
    buttons = []
    for quick, (title, line) in choices.items():
        control = f"quick-{quick.value}"
        words = _element("span", escape(title), id=f"{control}-title", class_="quick-title")
        words += _element("span", escape(line), id=f"{control}-line", class_="quick-line")
        buttons.append(
            _element(
                "button",
                words,
                type="button",
                id=control,
                class_="quick primary" if quick is Quick.SOLO else "quick",
                aria_labelledby=f"{control}-title",
                aria_describedby=f"{control}-line",
                disabled=True,
            )
        )
    # Translators: names the setup screen's one-tap ways to start a match (read by screen readers).
    lobby = _element("div", "".join(buttons), class_="lobby", role="group", aria_label=t._("Play now"))
    return lobby + _element("span", escape(t._("Starting…")), id="loading", class_="loading", role="status")


def _more(t: Text, inside: Sequence[str]) -> str:
    """Everything else, folded: ``inside`` (the rule set's options, the seats, games), seed, undo, and Start."""
    seed = _element(
        "input", type="text", id="seed", name="seed", maxlength=SEED_LENGTH, autocomplete="off", spellcheck="false"
    )
    # Translators: the setup form's button that starts the match.
    start = _element(
        "button", escape(t.p_("setup form", "Start")), type="submit", id="start-button", class_="primary", disabled=True
    )
    parts = [
        # Translators: opens the setup screen's other choices (options, players, games, seed, undo) and its Start.
        _element("summary", escape(t.p_("setup form", "More"))),
        *inside,
        _labelled("seed", t._("Seed (optional: the same seed gives the same dice)"), seed),
        _checkbox("opt-undo", "undo", t._("Allow undo"), True),
        _element("div", id="setup-error", class_="form-error", role="alert", hidden=True),
        _element("div", start, class_="start-row"),
    ]
    return _element("details", "\n".join(parts), class_="more", id="setup-more")


def setup_form(t: Text = ENGLISH) -> str:
    """The setup screen's form, made from the rule set registry and the match's limits, in ``t``'s words.

    A lobby: four one-tap matches (``quick-solo``, ``quick-computer``, ``quick-pass``, ``quick-daily``) over the choice
    of rule set, then More (``details#setup-more``), which folds every other choice and Start. Rule set
    options are named ``rules.option`` (``yahtzee.joker``); a checkbox sends ``1`` when checked and
    nothing otherwise. The one-tap buttons and Start stay disabled until the shell has bound the form.

    >>> form = setup_form()
    >>> form.startswith('<form id="setup-form" novalidate>'), form.count('type="radio" name="rules"')
    (True, 4)
    >>> 'name="generalized.sides" min="2" max="20" value="6"' in form
    True
    >>> form.index('id="quick-solo"') < form.index('name="rules"') < form.index('id="setup-more"')
    True
    """
    games = _element("select", _options(_numbers(1, MAX_GAMES), 1), id="games", name="games")
    choice, *options = _rules_fieldsets(t)
    inside = [
        *options,
        _players_fieldset(t),
        _element("div", _labelled("games", t._("Games in the match"), games), class_="field"),
    ]
    parts = [_lobby(t), choice, _more(t, inside)]
    return _element("form", "\n" + "\n".join(parts) + "\n", id="setup-form", novalidate=True)


def scorecard(ruleset: rules.RuleSet, seat_names: Sequence[str], games: int, t: Text = ENGLISH) -> str:
    """The scorecard's inner HTML: a table per part (``view.sections``), each with a header per seat.

    Each cell is an empty ``<td data-row="key" data-player="index">`` for the shell to fill. Two parts
    side by side let a phone show the whole card on one screen (app.css lays them out).

    >>> card = scorecard(rules.ruleset("yacht"), ["<Ann>"], 1)
    >>> '<th scope="col" title="&lt;Ann&gt;" data-seat="0">&lt;Ann&gt;</th>' in card
    True
    >>> '<tr class="category"><th scope="row">Yacht</th><td data-row="yacht" data-player="0"></td></tr>' in card
    True
    >>> card.count("<table"), card.count("<caption")
    (2, 2)
    """
    title = ruleset.display(t)
    corners = {"upper": title, "lower": t._("Lower section"), "match": t._("Match total")}
    captions = {
        "upper": t._("Upper section"),
        "lower": t._("Lower section"),
        "match": t._("Match total"),
    }
    seats = "".join(
        _element("th", escape(name), scope="col", title=name, data_seat=i) for i, name in enumerate(seat_names)
    )
    tables = []
    for part, rows in view.sections(ruleset, games, t=t):
        body = []
        for row in rows:
            cells = "".join(_element("td", data_row=row.key, data_player=i) for i in range(len(seat_names)))
            body.append(_element("tr", _element("th", escape(row.label), scope="row") + cells, class_=row.kind.value))
        # Translators: the caption of one part of the scorecard, read by screen readers ("Yatzy scorecard: Upper section").
        caption = t._("{rules} scorecard: {part}", rules=title, part=captions[part])
        tables.append(
            _element(
                "table",
                _element("caption", escape(caption), class_="visually-hidden")
                + _element("thead", _element("tr", _element("th", escape(corners[part]), scope="col") + seats))
                + _element("tbody", "".join(body)),
                class_=f"section {part}",
            )
        )
    return "".join(tables)


def tray(dice: int, t: Text = ENGLISH) -> str:
    """The dice tray's buttons, all blank before the first roll.

    >>> tray(1)
    '<button type="button" class="die die-empty" data-die="0" aria-label="Die 1, blank" aria-pressed="false" \
aria-disabled="true"><span class="body" aria-hidden="true"><span class="strip"></span></span></button>'
    """
    return "".join(
        _element(
            # Translators: a die's spoken name before the first roll; {number} is its place in the tray.
            "button", die_face(None, 6), type="button", class_="die die-empty", data_die=i,
            aria_label=t._("Die {number}, blank", number=i + 1), aria_pressed="false", aria_disabled="true",
        )
        for i in range(dice)
    )  # fmt: skip


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
        _element("option", escape(lang.name), value=code, lang=code, selected=code == chosen)
        for code, lang in LANGUAGES.items()
    )
    # Translators: the label of the header's choice of language.
    msgid = N_("Language")
    label = _element("label", escape(t._(msgid)), for_="language", data_msg=msgid)
    return label + _element("select", options, id="language", name="language")


def cell(row_key: str, cell: view.Cell, t: Text = ENGLISH) -> str:
    """A scorecard cell's inner HTML: a choice button while it can be chosen, its text otherwise.

    Its words come worded from game.present.view (``view.cells``); ``t`` is taken for uniformity.

    >>> cell("chance", view.Cell("0", "Chance, 0 points", ("zero",)))
    '<button type="button" class="choice zero" data-category="chance" aria-label="Chance, 0 points">0</button>'
    >>> cell("grand_total", view.Cell("<12>"))
    '&lt;12&gt;'
    """
    if not cell.label:
        return escape(cell.text)
    kind = "choice zero" if "zero" in cell.classes else "choice"
    return _element(
        "button", escape(cell.text), type="button", class_=kind, data_category=row_key, aria_label=cell.label
    )


def _face(face: int, sides: int) -> str:
    """One face: its number and, up to six sides, its pips (app.css shows one of the two, by dice style)."""
    number = _element("span", str(face), class_="number")
    if sides > 6:
        return _element("span", number, class_="face", data_face=face)
    pips = _element("span", "".join(_element("span", class_=f"pip p{spot}") for spot in PIPS[face]), class_="pips")
    return _element("span", pips + number, class_="face", data_face=face)


def die_face(face: int | None, sides: int, tumble: Sequence[int] = (), t: Text = ENGLISH) -> str:
    """A die's inner HTML: its body with a strip of faces, the face shown first (no words: the button has its name).

    A thrown die's strip goes on with the faces it ``tumble``s through, last first: the shell slides
    the strip up to them and steps it back to the face (game.present.feel.TOSS, FLICK). Blank: an empty strip.

    >>> die_face(2, 6)
    '<span class="body" aria-hidden="true"><span class="strip"><span class="face" data-face="2"><span class="pips">\
<span class="pip p2"></span><span class="pip p6"></span></span><span class="number">2</span></span></span></span>'
    >>> die_face(17, 20, tumble=(3, 9)).count('class="face"'), die_face(None, 6)
    (3, '<span class="body" aria-hidden="true"><span class="strip"></span></span>')
    """
    faces = () if face is None else (face, *reversed(tumble))
    strip = _element("span", "".join(_face(shown, sides) for shown in faces), class_="strip")
    return _element("span", strip, class_="body", aria_hidden="true")


def roll_marks(used: Sequence[bool], t: Text = ENGLISH) -> str:
    """The marks beside the Roll button (game.present.view.roll_marks), filled for each roll used; no words (the button has them).

    >>> roll_marks((True, False))
    '<span class="mark used"></span><span class="mark"></span>'
    """
    return "".join(_element("span", class_="mark used" if done else "mark") for done in used)


def lines(texts: Sequence[str], t: Text = ENGLISH) -> str:
    """List items, one per text (the standings), worded already by game.present.view.

    >>> lines(["1. Ann — 50", "2. <b>"])
    '<li>1. Ann — 50</li><li>2. &lt;b&gt;</li>'
    """
    return "".join(_element("li", escape(text)) for text in texts)


# The winner scene's pictures: inline SVG drawn with the theme's colours (app.css), no image from elsewhere.
_TROPHY = (
    '<svg class="trophy" viewBox="0 0 64 64" aria-hidden="true" focusable="false">'
    '<path class="handle" d="M19 13H11v4c0 7 4 12 10 12M45 13h8v4c0 7-4 12-10 12"/>'
    '<path class="cup" d="M17 7h30v12c0 10-6.5 17-15 17S17 29 17 19z"/>'
    '<path class="shine" d="M23 11v8c0 5 2 9 5 11"/>'
    '<path class="star" d="M32 12l2.2 4.6 5 .6-3.7 3.4 1 5-4.5-2.5-4.5 2.5 1-5-3.7-3.4 5-.6z"/>'
    '<rect class="cup" x="29" y="35" width="6" height="10"/>'
    '<rect class="base" x="21" y="45" width="22" height="6" rx="1"/>'
    '<rect class="base" x="17" y="51" width="30" height="7" rx="2"/></svg>'
)
_MEDAL = (
    '<svg class="medal" viewBox="0 0 64 64" aria-hidden="true" focusable="false">'
    '<path class="ribbon" d="M20 4h10l6 20h-10zM44 4H34l-6 20h10z"/>'
    '<circle class="cup" cx="32" cy="40" r="17"/><circle class="base" cx="32" cy="40" r="12"/>'
    '<path class="star" d="M32 31l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z"/></svg>'
)
CONFETTI = 14
"""Pieces of confetti over a win (app.css scatters and colours them; none where motion is reduced)."""


def scene(shown: view.Results, t: Text = ENGLISH) -> str:
    """The winner scene of a finished match (game.present.view.results): a trophy (two for a tie, a medal for a
    solo game's result), the large words and the sentence under them; "" between games.

    >>> from game.core.engine import new_match
    >>> m = new_match("yacht", ["<Ann>", "Bob"], seed=1)
    >>> for box in m.open_categories():
    ...     m = m.roll(faces=[6] * 5).score(box).roll(faces=[1] * 5).score(box)
    >>> html = scene(view.results(m))
    >>> html.count('class="trophy"'), '<p class="scene-headline">&lt;Ann&gt;</p>' in html
    (1, True)
    """
    if shown.outcome is None:
        return ""
    art = {view.Outcome.WIN: _TROPHY, view.Outcome.TIE: _TROPHY * 2, view.Outcome.SOLO: _MEDAL}[shown.outcome]
    confetti = "" if shown.outcome is view.Outcome.SOLO else _element(
        "span", "<i></i>" * CONFETTI, class_="confetti", aria_hidden="true"
    )  # fmt: skip
    return "".join(
        [
            confetti,
            _element("div", art, class_="scene-art"),
            _element("p", escape(shown.headline), class_="scene-headline"),
            _element("p", escape(shown.winner), class_="scene-detail"),
        ]
    )


def problems(messages: Sequence[str], t: Text = ENGLISH) -> str:
    """What is wrong with a link or the form (game.present.setup.LinkProblem.text(t)): one paragraph, or a list when there are several.

    >>> problems(["games=³ is not a number"])
    '<p>games=³ is not a number</p>'
    >>> problems(["a", "<b>"])
    '<p>This link has 2 problems:</p><ul><li>a</li><li>&lt;b&gt;</li></ul>'
    """
    if len(messages) == 1:
        return _element("p", escape(messages[0]))
    heading = t.n_("This link has {count} problem:", "This link has {count} problems:", len(messages))
    return _element("p", escape(heading)) + _element("ul", lines(messages))


def advice(hint: coach_view.Advice, t: Text = ENGLISH) -> str:
    """The hint panel: the best choice, why (when there is a reason in numbers), then the top options with their
    expected final scores and odds (worded by game.present.view). The reason is no paragraph: the title is the panel's one.

    >>> advice(coach_view.Advice("Best: score Yacht", ("score Yacht — 50.0",), (), "yacht"))
    '<p>Best: score Yacht</p><ol><li>score Yacht — 50.0</li></ol>'
    >>> advice(coach_view.Advice("Best: keep 6", ("keep 6 — 9.0",), (0,), None, "Keeping 6 <wins>."))
    '<p>Best: keep 6</p><div class="hint-why">Keeping 6 &lt;wins&gt;.</div><ol><li>keep 6 — 9.0</li></ol>'
    """
    why = _element("div", escape(hint.why), class_="hint-why") if hint.why else ""
    return _element("p", escape(hint.title)) + why + _element("ol", lines(hint.lines))


def report(sections: Sequence[coach_view.ReportSection], t: Text = ENGLISH) -> str:
    """The after-game report: per person a heading, the summary and the costliest decisions (worded by game.present.view).

    >>> report([coach_view.ReportSection("Ann", "All best.", ())])
    '<h3>Ann</h3><p>All best.</p>'
    """
    parts = []
    for section in sections:
        parts += [_element("h3", escape(section.name)), _element("p", escape(section.summary))]
        if section.mistakes:
            parts.append(_element("ol", lines(section.mistakes)))
    return "".join(parts)


def statistics(page: stats_view.StatsPage, t: Text = ENGLISH) -> str:
    """The Statistics screen's body: rule set and person pickers, numbers, charts, rivals, recent games.

    >>> statistics(stats_view.StatsPage(empty="No games."))
    '<p>No games.</p>'
    """
    from game.records import charts

    pickers = []
    if page.rule_sets:
        pickers.append(
            _element(
                "span",
                _labelled(
                    "stats-rules",
                    t._("Rules"),
                    _element("select", _options(page.rule_sets, page.key), id="stats-rules", name="stats-rules"),
                ),
            )
        )
    if page.players:
        # Translators: the label of the Statistics screen's choice of person.
        pickers.append(
            _element(
                "span",
                _labelled(
                    "stats-player",
                    t._("Player"),
                    _element(
                        "select",
                        _options([(n, n) for n in page.players], page.name),
                        id="stats-player",
                        name="stats-player",
                    ),
                ),
            )
        )
    parts = [_element("div", "".join(pickers), class_="stats-pickers")] if pickers else []
    if page.empty:
        parts.append(_element("p", escape(page.empty)))
    if page.numbers:
        rows = "".join(
            _element("tr", _element("th", escape(k), scope="row") + _element("td", escape(v))) for k, v in page.numbers
        )
        parts.append(_element("table", _element("tbody", rows), class_="stats-numbers"))
        parts.append(
            _element(
                "div",
                "".join(
                    [
                        # Translators: a chart's caption: a histogram of the player's final scores beside the optimal player's.
                        charts.histogram(
                            page.histogram,
                            page.reference,
                            t._("Totals, with the optimal player's"),
                            id_prefix="totals",
                            t=t,
                        ),
                        charts.bars(
                            page.boxes, t._("Each box's average against the optimal player's"), id_prefix="boxes", t=t
                        ),
                        charts.trend(
                            page.trend,
                            t.n_(
                                "Points lost against optimal play, last {count} game",
                                "Points lost against optimal play, last {count} games",
                                charts.LAST,
                            ),
                            id_prefix="lost",
                            t=t,
                        ),
                    ]
                ),
                class_="stats-charts",
            )
        )
    if page.rivals:
        parts.append(_element("h3", escape(t._("Head to head"))) + _element("ul", lines(page.rivals)))
    if page.daily:
        # Translators: the Statistics screen's part on daily games (the lobby's Daily game): the streak, the results.
        parts.append(_element("h3", escape(t._("Daily games"))) + _element("p", escape(page.streak), class_="streak"))
        parts.append(_element("ul", lines(page.daily), class_="daily-results"))
    if page.recent:
        # Translators: the button that deletes one finished game from the Statistics screen's list.
        delete = escape(t.p_("one game", "Delete"))
        items = "".join(
            _element("li", escape(text) + " " + _element("button", delete, type="button", class_="delete-game",
                                                         data_game=game_id, aria_label=t._("Delete the game {game}", game=text)))
            for game_id, text in page.recent
        )  # fmt: skip
        parts.append(_element("h3", escape(t._("Recent games"))) + _element("ul", items, class_="recent-games"))
    return "".join(parts)


def challenge(shown, match, t: Text = ENGLISH) -> str:
    """The end of a challenge (a game.records.challenge.Comparison; ``match``, the person's game, names the boxes):
    who won, the optimal player's total on the same dice, both cards in one table (box, yours, theirs: it
    fits a phone) and the rounds where the choices differed.

    >>> from game.records.challenge import compare
    >>> from game.core.engine import new_match
    >>> a = new_match("yacht", ["<Ann>"], seed=2).roll().score("choice")
    >>> html = challenge(compare(a, a, optimal=99), a)
    >>> '<th scope="col">&lt;Ann&gt;</th>' in html, html.count("<tr"), "99 points" in html
    (True, 16, True)
    """
    from game.records import challenge as challenges

    name = shown.challenger
    # Translators: the heading of a challenge's end: {name} sent the challenge.
    parts = [_element("h3", escape(t._("Challenge from {name}", name=name)), id="challenge-result-title")]
    parts.append(_element("p", escape(challenges.outcome(shown, t)), class_="challenge-outcome"))
    if shown.optimal is not None:
        parts.append(_element("p", escape(challenges.optimal_text(shown.optimal, t))))
    # Translators: the column headings of a challenge's two cards side by side: the box, the person's points.
    heads = (t._("Box"), t._("You"), name)
    head = _element("tr", "".join(_element("th", escape(text), scope="col") for text in heads))
    body = []
    for row in view.rows(match.ruleset, 1, t):
        numbers = "".join(_element("td", "" if points is None else str(points)) for points in shown.row(row.key))
        body.append(_element("tr", _element("th", escape(row.label), scope="row") + numbers, class_=row.kind.value))
    # Translators: the caption of the table of a challenge's two cards, read by screen readers.
    caption = _element("caption", escape(t._("The two cards, box by box")), class_="visually-hidden")
    parts.append(
        _element("table", caption + _element("thead", head) + _element("tbody", "".join(body)), class_="compare")
    )
    # Translators: the heading of the rounds where the two people of a challenge chose differently.
    parts.append(_element("h4", escape(t._("Where your choices differed"))))
    if shown.differences:
        texts = [challenges.difference_text(match, shown, difference, t) for difference in shown.differences]
        parts.append(_element("ol", lines(texts), class_="challenge-rounds"))
    else:
        # Translators: said at a challenge's end when both people made the same choices in every round.
        parts.append(_element("p", escape(t._("You and {name} chose alike in every round.", name=name))))
    return "".join(parts)
