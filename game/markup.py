"""The page's markup as HTML strings: the setup form, the scorecard, the dice tray, cells and dice.

Pure and standard-library only. ``tools/build.py`` writes the setup form and the tray into
``index.html`` at build time, so the first paint shows the real form before Python starts; the
shell uses the same functions for what depends on the match (scorecard, cells, dice). Every text
and attribute value is escaped here, so a player's name is always text, never HTML.

>>> "data-rules" in setup_form() and 'name="kind5"' in setup_form()
True
>>> tray(2).count("<button")
2
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from . import rules, stats_view, view
from .engine import MAX_GAMES, MAX_PLAYERS, NAME_LENGTH
from .rules import OptionKind, OptionSpec, Variant
from .setup import SEAT_KINDS, SEED_LENGTH

__all__ = ["PIPS", "advice", "cell", "die_face", "lines", "report", "scorecard", "setup_form", "statistics", "tray"]

PIPS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (1, 2, 6, 7), 5: (1, 2, 4, 6, 7), 6: (1, 2, 3, 5, 6, 7)}
"""Pip positions (cells of a 3×3 grid, see app.css) of each face of a six-sided die."""
DEFAULT_PLAYERS = 2
"""Seats shown when the form first paints."""


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
    return "".join(_element("option", escape(label), value=value, selected=value == selected) for value, label in choices)


def _numbers(low: int, high: int) -> tuple[tuple[int, str], ...]:
    return tuple((n, str(n)) for n in range(low, high + 1))


def _labelled(control_id: str, label: str, control: str) -> str:
    """A label and the control it names, side by side."""
    return _element("label", escape(label), for_=control_id) + control


def _checkbox(control_id: str, name: str, label: str, checked: bool) -> str:
    """A checkbox inside its label."""
    box = _element("input", type="checkbox", id=control_id, name=name, value="1", checked=checked)
    return _element("label", f"{box} {escape(label)}", for_=control_id)


def _option_control(owner: Variant, spec: OptionSpec) -> str:
    """One rule set option's control: a checkbox, a select or a number, named ``rules.option``."""
    control_id, name = f"opt-{owner.name}-{spec.name}", f"{owner.name}.{spec.name}"
    if spec.kind is OptionKind.FLAG:
        return _checkbox(control_id, name, spec.label, bool(spec.default))
    if spec.kind is OptionKind.CHOICE:
        control = _element("select", _options(spec.choices, spec.default), id=control_id, name=name)
    else:
        control = _element(
            "input", type="number", id=control_id, name=name, min=spec.low, max=spec.high, value=spec.default, inputmode="numeric"
        )
    return _labelled(control_id, spec.label, control)


def _rules_fieldsets() -> list[str]:
    """The rule choice (a radio per rule set) and one fieldset of options per rule set that has any."""
    variants = list(rules.VARIANTS.values())
    radios = [
        _element("label", _element("input", type="radio", name="rules", value=v.name, checked=i == 0) + " " + escape(v.title))
        for i, v in enumerate(variants)
    ]
    out = [_element("fieldset", "\n".join([_element("legend", "Rules"), *radios]), class_="choices", id="rules-choice")]
    for i, v in enumerate(variants):
        if v.options:
            controls = [_element("legend", escape(f"{v.title} options"))] + [_option_control(v, spec) for spec in v.options]
            out.append(_element("fieldset", "\n".join(controls), class_="options", data_rules=v.name, id=f"options-{v.name}", hidden=i > 0))
    return out


def _seat_row(seat: int) -> str:
    """One seat of the players list: its name and who plays it."""
    label = f"Player {seat}"
    name = _element(
        "input", type="text", id=f"player-name-{seat}", name=f"name{seat}", maxlength=NAME_LENGTH, placeholder=label, autocomplete="off"
    )
    kind = _element(
        "select", _options(SEAT_KINDS, SEAT_KINDS[0][0]), id=f"player-kind-{seat}", name=f"kind{seat}", aria_label=f"Who plays seat {seat}"
    )
    return _element("li", _labelled(f"player-name-{seat}", label, name) + kind, class_="player-row", data_seat=seat, hidden=seat > DEFAULT_PLAYERS)


def _players_fieldset() -> str:
    count = _element("select", _options(_numbers(1, MAX_PLAYERS), DEFAULT_PLAYERS), id="player-count", name="count")
    seats = _element("ol", "\n".join(_seat_row(seat) for seat in range(1, MAX_PLAYERS + 1)), id="player-list", class_="player-list")
    parts = [_element("legend", "Players"), _labelled("player-count", "Number of players", count), seats]
    return _element("fieldset", "\n".join(parts), id="players-choice")


def _more() -> str:
    seed = _element("input", type="text", id="seed", name="seed", maxlength=SEED_LENGTH, autocomplete="off", spellcheck="false")
    parts = [
        _element("summary", "More"),
        _labelled("seed", "Seed (optional: the same seed gives the same dice)", seed),
        _checkbox("opt-undo", "undo", "Allow undo", True),
    ]
    return _element("details", "\n".join(parts), class_="more")


def setup_form() -> str:
    """The whole setup form, made from the rule set registry and the match's limits.

    Rule set options are named ``rules.option`` (``yahtzee.joker``); a checkbox sends ``1`` when
    checked and nothing otherwise. Start stays disabled until the shell has bound the form.

    >>> form = setup_form()
    >>> form.startswith('<form id="setup-form" novalidate>'), form.count('type="radio" name="rules"')
    (True, 4)
    >>> 'name="generalized.sides" min="2" max="20" value="6"' in form
    True
    """
    games = _element("select", _options(_numbers(1, MAX_GAMES), 1), id="games", name="games")
    parts = [
        *_rules_fieldsets(),
        _players_fieldset(),
        _element("div", _labelled("games", "Games in the match", games), class_="field"),
        _more(),
        _element("div", id="setup-error", class_="form-error", role="alert", hidden=True),
        _element("div", _element("button", "Start", type="submit", id="start-button", class_="primary", disabled=True)
                 + _element("span", "Starting…", id="loading", class_="loading", role="status"), class_="start-row"),
    ]
    return _element("form", "\n" + "\n".join(parts) + "\n", id="setup-form", novalidate=True)


def scorecard(ruleset: rules.RuleSet, seat_names: Sequence[str], games: int) -> str:
    """The scorecard table's inner HTML: caption, a header per seat, and a row per ``view.rows``.

    Each cell is an empty ``<td data-row="key" data-player="index">`` for the shell to fill.

    >>> card = scorecard(rules.ruleset("yacht"), ["<Ann>"], 1)
    >>> '<th scope="col" title="&lt;Ann&gt;">&lt;Ann&gt;</th>' in card
    True
    >>> '<tr class="category"><th scope="row">Yacht</th><td data-row="yacht" data-player="0"></td></tr>' in card
    True
    """
    title = escape(ruleset.title)
    heads = [_element("th", title, scope="col")] + [_element("th", escape(name), scope="col", title=name) for name in seat_names]
    body = []
    for row in view.rows(ruleset, games):
        cells = "".join(_element("td", data_row=row.key, data_player=i) for i in range(len(seat_names)))
        body.append(_element("tr", _element("th", escape(row.label), scope="row") + cells, class_=row.kind.value))
    return "".join([
        _element("caption", f"{title} scorecard", class_="visually-hidden"),
        _element("thead", _element("tr", "".join(heads))),
        _element("tbody", "".join(body)),
    ])


def tray(dice: int) -> str:
    """The dice tray's buttons, all blank before the first roll.

    >>> tray(1)
    '<button type="button" class="die die-empty" data-die="0" aria-label="Die 1, blank" aria-pressed="false" aria-disabled="true"></button>'
    """
    return "".join(
        _element(
            "button", type="button", class_="die die-empty", data_die=i, aria_label=f"Die {i + 1}, blank",
            aria_pressed="false", aria_disabled="true",
        )
        for i in range(dice)
    )  # fmt: skip


def cell(row_key: str, cell: view.Cell) -> str:
    """A scorecard cell's inner HTML: a choice button while it can be chosen, its text otherwise.

    >>> cell("chance", view.Cell("0", "Chance, 0 points", ("zero",)))
    '<button type="button" class="choice zero" data-category="chance" aria-label="Chance, 0 points">0</button>'
    >>> cell("grand_total", view.Cell("<12>"))
    '&lt;12&gt;'
    """
    if not cell.label:
        return escape(cell.text)
    kind = "choice zero" if "zero" in cell.classes else "choice"
    return _element("button", escape(cell.text), type="button", class_=kind, data_category=row_key, aria_label=cell.label)


def die_face(face: int | None, sides: int) -> str:
    """A die's inner HTML: pips up to six sides, the number above, nothing when blank.

    >>> die_face(2, 6)
    '<span class="pips" aria-hidden="true"><span class="pip p2"></span><span class="pip p6"></span></span>'
    >>> die_face(17, 20), die_face(None, 6)
    ('17', '')
    """
    if face is None:
        return ""
    if sides > 6:
        return str(face)
    return _element("span", "".join(_element("span", class_=f"pip p{spot}") for spot in PIPS[face]), class_="pips", aria_hidden="true")


def lines(texts: Sequence[str]) -> str:
    """List items, one per text (the standings).

    >>> lines(["1. Ann — 50", "2. <b>"])
    '<li>1. Ann — 50</li><li>2. &lt;b&gt;</li>'
    """
    return "".join(_element("li", escape(text)) for text in texts)


def problems(messages: Sequence[str]) -> str:
    """What is wrong with a link or the form: one paragraph, or a list when there are several.

    >>> problems(["games=³ is not a number"])
    '<p>games=³ is not a number</p>'
    >>> problems(["a", "<b>"])
    '<p>This link has 2 problems:</p><ul><li>a</li><li>&lt;b&gt;</li></ul>'
    """
    if len(messages) == 1:
        return _element("p", escape(messages[0]))
    return _element("p", f"This link has {len(messages)} problems:") + _element("ul", lines(messages))


def advice(hint: view.Advice) -> str:
    """The hint panel: the best choice, then the top options with their expected final scores.

    >>> advice(view.Advice("Best: score Yacht", ("score Yacht — 50.0",), (), "yacht"))
    '<p>Best: score Yacht</p><ol><li>score Yacht — 50.0</li></ol>'
    """
    return _element("p", escape(hint.title)) + _element("ol", lines(hint.lines))


def report(sections: Sequence[view.ReportSection]) -> str:
    """The after-game report: per person a heading, the summary and the costliest decisions.

    >>> report([view.ReportSection("Ann", "All best.", ())])
    '<h3>Ann</h3><p>All best.</p>'
    """
    parts = []
    for section in sections:
        parts += [_element("h3", escape(section.name)), _element("p", escape(section.summary))]
        if section.mistakes:
            parts.append(_element("ol", lines(section.mistakes)))
    return "".join(parts)


def statistics(page: stats_view.StatsPage) -> str:
    """The Statistics screen's body: rule set and person pickers, numbers, charts, rivals, recent games.

    >>> statistics(stats_view.StatsPage(empty="No games."))
    '<p>No games.</p>'
    """
    from . import charts

    pickers = []
    if page.rule_sets:
        pickers.append(_element("span", _labelled("stats-rules", "Rules", _element(
            "select", _options(page.rule_sets, page.key), id="stats-rules", name="stats-rules"))))
    if page.players:
        pickers.append(_element("span", _labelled("stats-player", "Player", _element(
            "select", _options([(n, n) for n in page.players], page.name), id="stats-player", name="stats-player"))))
    parts = [_element("div", "".join(pickers), class_="stats-pickers")] if pickers else []
    if page.empty:
        parts.append(_element("p", escape(page.empty)))
    if page.numbers:
        rows = "".join(_element("tr", _element("th", escape(k), scope="row") + _element("td", escape(v))) for k, v in page.numbers)
        parts.append(_element("table", _element("tbody", rows), class_="stats-numbers"))
        parts.append(_element("div", "".join([
            charts.histogram(page.histogram, page.reference, "Totals, with the optimal player's", id_prefix="totals"),
            charts.bars(page.boxes, "Each box's average against the optimal player's", id_prefix="boxes"),
            charts.trend(page.trend, "Points lost against optimal play, last 50 games", id_prefix="lost"),
        ]), class_="stats-charts"))
    if page.rivals:
        parts.append(_element("h3", "Head to head") + _element("ul", lines(page.rivals)))
    if page.recent:
        items = "".join(
            _element("li", escape(text) + " " + _element("button", "Delete", type="button", class_="delete-game",
                                                         data_game=game_id, aria_label=f"Delete the game {text}"))
            for game_id, text in page.recent
        )  # fmt: skip
        parts.append(_element("h3", "Recent games") + _element("ul", items, class_="recent-games"))
    return "".join(parts)
