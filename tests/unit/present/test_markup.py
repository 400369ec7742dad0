"""The page's markup made by game.present.forms and markup: the setup form follows the registry, and links take it all."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest

from game.core import variants
from game.core.cards import MAX_GAMES, MAX_PLAYERS, NAME_LENGTH
from game.core.variants import OptionKind
from game.present import board_view, forms, markup
from game.present.setup import SEAT_KINDS
from game.records.choices import Quick, parse_link, setup_from_fields
from tools import build
from tools.serve import ROOT

VOID = {"input", "br", "img", "meta", "link", "hr"}
FIRST = next(iter(variants.VARIANTS.values()))


@dataclass
class Node:
    """An element of parsed markup: tag, attributes, children and the text inside it."""

    tag: str
    attrs: dict[str, str | None]
    children: list[Node] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join("".join(self.parts).split())

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def find_all(self, tag: str | None = None, **attrs: str) -> list[Node]:
        """Descendants (self included) with this tag and these attribute values (``class_`` for class)."""
        wanted = {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}
        return [
            n
            for n in self.walk()
            if (tag is None or n.tag == tag) and all(n.attrs.get(k) == v for k, v in wanted.items())
        ]

    def find(self, tag: str | None = None, **attrs: str) -> Node:
        [node] = self.find_all(tag, **attrs)
        return node

    def has(self, name: str) -> bool:
        return name in self.attrs


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag):
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data):
        for node in self.stack:
            node.parts.append(data)


def parse(markup_text: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(markup_text)
    builder.close()
    assert builder.stack == [builder.root], "unclosed elements"
    return builder.root


@pytest.fixture(scope="module")
def form() -> Node:
    return parse(forms.setup_form()).find("form", id="setup-form")


def options_of(select: Node) -> list[tuple[str, str, bool]]:
    """A select's options as (value, label, selected)."""
    return [(o.attrs["value"], o.text, o.has("selected")) for o in select.find_all("option")]


def label_for(form: Node, control_id: str) -> str:
    return form.find("label", for_=control_id).text


def default_fields(form: Node) -> dict[str, str]:
    """The form's field values as the shell reads them: a checkbox is "1" or "0", a radio its checked value."""
    fields = {}
    for node in form.walk():
        name = node.attrs.get("name")
        if not name:
            continue
        if node.tag == "select":
            fields[name] = next(value for value, _, selected in options_of(node) if selected)
        elif node.attrs.get("type") == "checkbox":
            fields[name] = "1" if node.has("checked") else "0"
        elif node.attrs.get("type") == "radio":
            if node.has("checked"):
                fields[name] = node.attrs["value"]
        else:
            fields[name] = node.attrs.get("value") or ""
    return fields


# ------------------------------------------------------------------ the setup form


def test_one_radio_per_rule_set_the_first_checked(form):
    radios = form.find("fieldset", id="rules-choice").find_all("input", type="radio", name="rules")
    assert [r.attrs["value"] for r in radios] == list(variants.VARIANTS)
    assert [r.has("checked") for r in radios] == [v is FIRST for v in variants.VARIANTS.values()]
    labels = [label.text for label in form.find("fieldset", id="rules-choice").find_all("label")]
    assert labels == [v.title for v in variants.VARIANTS.values()]


@pytest.mark.parametrize("name", list(variants.VARIANTS))
def test_each_rule_set_has_a_control_per_option_of_the_right_kind(form, name):
    v = variants.VARIANTS[name]
    found = form.find_all("fieldset", data_rules=name)
    if not v.options:
        assert found == [] and form.find_all(id=f"options-{name}") == []
        return
    [box] = found
    assert box.attrs["id"] == f"options-{name}" and box.attrs["class"] == "options"
    assert box.has("hidden") == (v is not FIRST)
    assert box.find("legend").text == f"{v.title} options"
    controls = [n for n in box.walk() if n.tag in ("input", "select")]
    assert [c.attrs["name"] for c in controls] == [f"{name}.{spec.name}" for spec in v.options]
    for spec, control in zip(v.options, controls):
        control_id = f"opt-{name}-{spec.name}"
        assert control.attrs["id"] == control_id
        assert label_for(box, control_id) == spec.label
        if spec.kind is OptionKind.FLAG:
            assert (control.tag, control.attrs["type"], control.attrs["value"]) == ("input", "checkbox", "1")
            assert control.has("checked") == spec.default
        elif spec.kind is OptionKind.CHOICE:
            assert control.tag == "select"
            assert options_of(control) == [(value, label, value == spec.default) for value, label in spec.choices]
        else:
            assert (control.tag, control.attrs["type"], control.attrs["inputmode"]) == ("input", "number", "numeric")
            assert (control.attrs["min"], control.attrs["max"], control.attrs["value"]) == (
                str(spec.low),
                str(spec.high),
                str(spec.default),
            )


def test_every_seat_row_offers_the_seat_kinds(form):
    rows = form.find("ol", id="player-list").find_all("li", class_="player-row")
    assert [r.attrs["data-seat"] for r in rows] == [str(s) for s in range(1, MAX_PLAYERS + 1)]
    for seat, row in enumerate(rows, start=1):
        assert row.has("hidden") == (seat > 1)  # a first visit plays alone
        name = row.find("input", id=f"player-name-{seat}")
        assert (name.attrs["name"], name.attrs["type"], name.attrs["maxlength"]) == (
            f"name{seat}",
            "text",
            str(NAME_LENGTH),
        )
        assert name.attrs["placeholder"] == label_for(row, f"player-name-{seat}") == f"Player {seat}"
        kind = row.find("select", id=f"player-kind-{seat}")
        assert kind.attrs["name"] == f"kind{seat}" and kind.attrs["aria-label"] == f"Who plays seat {seat}"
        assert options_of(kind) == [(value, label, i == 0) for i, (value, label) in enumerate(SEAT_KINDS)]


def test_player_count_games_seed_undo_and_start(form):
    count = form.find("select", id="player-count")
    assert count.attrs["name"] == "count"
    assert options_of(count) == [(str(n), str(n), n == 1) for n in range(1, MAX_PLAYERS + 1)]
    games = form.find("select", id="games")
    assert games.attrs["name"] == "games"
    assert options_of(games) == [(str(n), str(n), n == 1) for n in range(1, MAX_GAMES + 1)]
    more = form.find("details", class_="more")
    assert more.find("input", id="seed").attrs["name"] == "seed"
    undo = more.find("input", id="opt-undo")
    assert (undo.attrs["name"], undo.attrs["type"], undo.attrs["value"], undo.has("checked")) == (
        "undo",
        "checkbox",
        "1",
        True,
    )
    assert label_for(more, "opt-undo") == "Allow undo"
    error = form.find("div", id="setup-error")
    assert error.has("hidden") and error.attrs["role"] == "alert"
    start = form.find("button", id="start-button")
    assert start.attrs["type"] == "submit" and start.has("disabled") and start.text == "Start"


def test_the_lobby_offers_four_one_tap_matches_first(form):
    lobby = form.children[0]  # first: no scrolling to reach it
    assert lobby.tag == "div" and lobby.attrs["class"] == "lobby" and lobby.attrs["role"] == "group"
    buttons = [b for b in lobby.find_all("button") if "id" in b.attrs]  # and the rivals (tests/unit/app/test_ladder.py)
    assert [b.attrs["id"] for b in buttons] == [f"quick-{q.value}" for q in Quick]
    for button in buttons:
        # not a submit: each starts its own match (game.app's BUTTONS); it waits for Python, as Start does
        assert button.attrs["type"] == "button" and button.has("disabled")
        title, line, *record = button.find_all("span")  # Play the computer: its games against it, for the ear
        assert button.attrs["aria-labelledby"] == title.attrs["id"] and button.attrs["aria-describedby"].split() == [
            line.attrs["id"],
            *(span.attrs["id"] for span in record),
        ]
        assert len(record) == (button.attrs["id"] == "quick-computer")
    assert [b.find("span", class_="quick-title").text for b in buttons] == [
        "Play solo",
        "Play the computer",
        "Pass and play",
        "Daily game",
        "Real dice",
    ]
    assert form.find("span", id="loading").attrs["role"] == "status"


def test_more_folds_every_other_choice_and_start_but_not_the_rule_set(form):
    more = form.find("details", id="setup-more")
    assert more.children[0].tag == "summary" and more.children[0].text == "More" and not more.has("open")
    assert [n.attrs["id"] for n in form.children if "id" in n.attrs][-2:] == ["rules-pick", "setup-more"]
    assert not more.find_all(id="rules-choice")  # the rule set in use is shown outside it
    pick = form.find("details", id="rules-pick")  # folded to its name, the five a tap away
    assert pick.children[0].tag == "summary" and pick.find_all(id="rules-choice") and not pick.has("open")
    inside = {n.attrs["name"] for n in more.walk() if n.attrs.get("name")}
    everything = {n.attrs["name"] for n in form.walk() if n.attrs.get("name")}
    assert inside == everything - {"rules"}  # every option, seat, games, seed, undo and pass: nothing lost
    assert more.find("button", id="start-button") and more.find("div", id="setup-error")


def test_ids_are_unique_and_every_label_names_a_control(form):
    ids = [n.attrs["id"] for n in form.walk() if "id" in n.attrs]
    assert len(ids) == len(set(ids))
    for label in form.find_all("label"):
        if "for" in label.attrs:
            assert label.attrs["for"] in ids
        else:  # a radio's label wraps it
            assert label.find_all("input")


@pytest.mark.parametrize("name", list(variants.VARIANTS))
def test_the_forms_defaults_give_each_rule_sets_default_match(form, name):
    """The field names the form sends are the ones game.present.setup reads, for every rule set."""
    fields = {**default_fields(form), "rules": name}
    setup, problems = setup_from_fields(fields)
    assert problems == ()
    assert setup.ruleset() == variants.VARIANTS[name].ruleset()
    assert (len(setup.players), setup.games, setup.undo, set(setup.kinds)) == (1, 1, True, {"human"})


# ------------------------------------------------------------------ links take every rule set and option


@pytest.mark.parametrize("name", [n for v in variants.VARIANTS.values() for n in (v.name, *v.aliases)])
def test_every_rule_set_name_and_alias_is_a_link(name):
    setup, problems = parse_link(f"?rules={name}")
    assert problems == ()
    assert setup.ruleset() == variants.variant(name).ruleset()


def _link_values(spec: variants.OptionSpec) -> list[tuple[str, object]]:
    """(text in a link, value) pairs to try for an option: every choice, both flags, a number range's ends."""
    if spec.kind is OptionKind.FLAG:
        return [("1", True), ("0", False)]
    if spec.kind is OptionKind.CHOICE:
        return [(value, value) for value in spec.values]
    return [(str(n), n) for n in dict.fromkeys((spec.low, spec.default, spec.high))]


@pytest.mark.parametrize(
    "name, spec",
    [(v.name, spec) for v in variants.VARIANTS.values() for spec in v.options],
    ids=lambda x: getattr(x, "name", x),
)
def test_every_option_is_a_link_parameter(name, spec):
    v = variants.VARIANTS[name]
    for text, value in _link_values(spec):
        for alias in (v.name, *v.aliases):
            setup, problems = parse_link(f"?rules={alias}&{spec.name}={text}")
            assert problems == (), (alias, spec.name, text)
            assert setup.ruleset() == v.ruleset(**{spec.name: value})


# ------------------------------------------------------------------ scorecard, tray, cells, dice


@pytest.mark.parametrize("name", list(variants.VARIANTS))
def test_scorecard_has_a_header_per_seat_and_a_cell_per_row_and_seat(name):
    ruleset = variants.VARIANTS[name].ruleset()
    seats = ["Ann", 'B<o>b "&"']
    card = parse(markup.scorecard(ruleset, seats, 2))
    tables = card.find_all("table")
    parts = board_view.sections(ruleset, 2)
    long = " long" if name == "maxi" else ""  # the one card with a part longer than Yatzy's: denser rows (app.css)
    assert (
        [t.attrs["class"] for t in tables]
        == [f"section {part}{long}" for part, _ in parts]
        == [
            f"section upper{long}",
            f"section lower{long}",
            f"section match{long}",
        ]
    )
    expected = [row for _, rows in parts for row in rows]
    assert expected == list(board_view.rows(ruleset, 2))  # the parts hold every row, in order
    captions = [t.find("caption").text for t in tables]
    assert captions == [f"{ruleset.title} scorecard: {p}" for p in ("Upper section", "Lower section", "Match total")]
    for table in tables:
        heads = table.find("thead").find_all("th")
        assert [h.text for h in heads[1:]] == seats
        assert [h.attrs.get("title") for h in heads[1:]] == seats
        assert [h.attrs.get("data-seat") for h in heads[1:]] == ["0", "1"]
    assert tables[0].find("thead").find_all("th")[0].text == "Upper section"  # its own part, not the rule set's box
    rows = [r for t in tables for r in t.find("tbody").find_all("tr")]
    assert [(r.attrs["class"], r.find("th", scope="row").text) for r in rows] == [
        (e.kind.value, e.label) for e in expected
    ]
    for row, want in zip(rows, expected):
        assert [(td.attrs["data-row"], td.attrs["data-player"]) for td in row.find_all("td")] == [
            (want.key, "0"),
            (want.key, "1"),
        ]


def test_names_and_texts_are_escaped():
    card = markup.scorecard(variants.ruleset("yacht"), ["<img src=x onerror=alert(1)>"], 1)
    assert "<img" not in card and "&lt;img src=x onerror=alert(1)&gt;" in card
    assert markup.cell("chance", board_view.Cell("<b>", "<i>, 1 point")) == (
        '<button type="button" class="choice" data-category="chance" aria-label="&lt;i&gt;, 1 point">&lt;b&gt;</button>'
    )
    assert markup.cell("chance", board_view.Cell("<b>")) == "&lt;b&gt;"


def test_tray_has_a_blank_button_per_die():
    buttons = parse(markup.tray(7)).find_all("button")
    assert [b.attrs["data-die"] for b in buttons] == [str(i) for i in range(7)]
    assert [b.attrs["aria-label"] for b in buttons] == [f"Die {i}, blank" for i in range(1, 8)]
    assert {(b.attrs["class"], b.attrs["aria-pressed"], b.attrs["aria-disabled"]) for b in buttons} == {
        ("die die-empty", "false", "true")
    }


def test_die_faces_pips_up_to_six_numbers_above():
    for face in range(1, 7):
        shown = parse(markup.die_face(face, 6)).find("span", class_="face")
        assert len(shown.find("span", class_="pips").children) == face
        assert shown.find("span", class_="number").text == str(face) and shown.attrs["data-face"] == str(face)
    eight = parse(markup.die_face(8, 8))
    assert eight.find_all("span", class_="pips") == [] and eight.find("span", class_="number").text == "8"
    assert parse(markup.die_face(None, 20)).find_all("span", class_="face") == []


def test_a_thrown_die_shows_its_face_first_then_the_faces_it_tumbles_through_last_first():
    strip = parse(markup.die_face(5, 6, tumble=(1, 2, 3, 4))).find("span", class_="strip")
    assert [face.attrs["data-face"] for face in strip.find_all("span", class_="face")] == ["5", "4", "3", "2", "1"]
    assert parse(markup.die_face(5, 6)).find("span", class_="body").attrs["aria-hidden"] == "true"


# ------------------------------------------------------------------ the page template and the build


def test_the_page_is_a_template_whose_setup_paints_first():
    source = (ROOT / "index.html").read_text()
    assert source.count("<!-- markup:setup-form -->") == 1 and source.count("<!-- markup:tray -->") == 1
    assert 'id="setup-form"' not in source
    page = parse(build.render_markup(source))
    setup = page.find("section", id="setup")
    assert not setup.has("hidden")
    assert setup.find("form", id="setup-form").find_all("input", name="rules")
    assert len(page.find("div", id="dice").find_all("button", class_="die die-empty")) == FIRST.ruleset().dice


def _elements(node: Node) -> list[tuple[str, dict]]:
    return [(n.tag, n.attrs) for n in node.walk()]


def test_a_rendered_page_has_no_markers_and_the_form():
    rendered = build.render_markup((ROOT / "index.html").read_text())
    assert "<!-- markup:" not in rendered
    expected = parse(forms.setup_form()).find("form")
    assert _elements(parse(rendered).find("form", id="setup-form")) == _elements(expected)


@pytest.mark.parametrize(
    "page, missing",
    [
        ("<main>\n  <!-- markup:tray -->\n</main>", "missing: setup-form"),
        ("<!-- markup:setup-form -->\n<!-- markup:tray -->\n<!-- markup:scoreboard -->", "unknown: scoreboard"),
        ("<!-- markup:setup-form -->\n<!-- markup:tray -->\n<!-- markup:tray -->", "found: setup-form, tray, tray"),
    ],
)
def test_the_build_stops_on_a_missing_or_unknown_marker(page, missing):
    with pytest.raises(SystemExit, match=missing):
        build.render_markup(page)
