"""HTML elements as strings, for the page's markup: every attribute value and text escaped here.

The markup modules (game.present.markup, game.present.forms) build the page's parts from these, so
a player's name is always text, never HTML.

>>> labelled("seed", "Seed <optional>", element("input", id="seed", name="seed"))
'<label for="seed">Seed &lt;optional&gt;</label><input id="seed" name="seed">'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

__all__ = ["checkbox", "element", "labelled", "numbers", "options"]


def element(tag: str, content: str = "", /, **attributes: object) -> str:
    """``<tag …>content</tag>``: ``content`` is markup already; every attribute value is escaped.

    An attribute's name drops a trailing ``_`` and spells ``_`` as ``-`` (``class_``, ``aria_label``);
    True writes the bare name, False or None leaves the attribute out.

    >>> element("td", "<b>1</b>", data_row="a&b", hidden=True, title=None)
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


def options(choices: Sequence[tuple[object, str]], selected: object) -> str:
    """``<option>`` tags of (value, label) pairs, ``selected`` marked."""
    return "".join(
        element("option", escape(label), value=value, selected=value == selected) for value, label in choices
    )


def numbers(low: int, high: int) -> tuple[tuple[int, str], ...]:
    """(value, label) choices of the whole numbers ``low`` to ``high``.

    >>> numbers(1, 3)
    ((1, '1'), (2, '2'), (3, '3'))
    """
    return tuple((n, str(n)) for n in range(low, high + 1))


def labelled(control_id: str, label: str, control: str) -> str:
    """A label and the control it names, side by side."""
    return element("label", escape(label), for_=control_id) + control


def checkbox(control_id: str, name: str, label: str, checked: bool) -> str:
    """A checkbox inside its label."""
    box = element("input", type="checkbox", id=control_id, name=name, value="1", checked=checked)
    return element("label", f"{box} {escape(label)}", for_=control_id)
