"""The page ops: what the view asks static/js/page-patch.js to change in one element, as typed values, and the one place
they become the JSON the page reads (:func:`wire`).

An :class:`Op` names its element (an id, or a selector and which of its matches) and its changes, each one of a
closed union (:data:`Change`): text, markup, shown or hidden, attributes set or removed, classes toggled, a form
filled, a value, a switch, a scroll, a die's toss. The page applies an op's changes in the order page-patch.js reads
them, so an op's JSON keeps its changes' order.

>>> wire(Op("notice", (SetText("Roll first"), SetHidden(False))))
('notice', {'text': 'Roll first', 'hidden': False})
>>> wire(show("hint", False)), wire(Op(("html", 0), (Scroll(True),)))
(('hint', {'hidden': True}), (('html', 0), {'scroll': True}))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, assert_never

__all__ = [
    "Change",
    "Fill",
    "Op",
    "Optional",
    "RemoveAttrs",
    "Scroll",
    "SetAttrs",
    "SetChecked",
    "SetClass",
    "SetDisabled",
    "SetHidden",
    "SetHtml",
    "SetOuter",
    "SetText",
    "SetValue",
    "Target",
    "Toggle",
    "Toss",
    "attrs",
    "show",
    "toggle",
    "wire",
]

Target = str | tuple[str, int]
"""An element: its id, or a CSS selector and which of the elements it finds (0: the first)."""


@dataclass(frozen=True)
class SetText:
    """The element's text."""

    KEY: ClassVar[str] = "text"
    text: str


@dataclass(frozen=True)
class SetHtml:
    """The element's markup (escaped where it was made: game.present.tags)."""

    KEY: ClassVar[str] = "html"
    html: str


@dataclass(frozen=True)
class SetOuter:
    """The element replaced by this markup (the setup form worded anew)."""

    KEY: ClassVar[str] = "outer"
    html: str


@dataclass(frozen=True)
class SetHidden:
    """The element hidden (True) or shown (False)."""

    KEY: ClassVar[str] = "hidden"
    hidden: bool


@dataclass(frozen=True)
class SetAttrs:
    """Attributes set, by name (in the order given)."""

    KEY: ClassVar[str] = "attrs"
    attrs: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RemoveAttrs:
    """Attributes removed, by name."""

    KEY: ClassVar[str] = "remove"
    names: tuple[str, ...]


@dataclass(frozen=True)
class Toggle:
    """Classes put on (True) or taken off (False), by name."""

    KEY: ClassVar[str] = "toggle"
    classes: tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class SetClass:
    """The element's whole class attribute."""

    KEY: ClassVar[str] = "class"
    name: str


@dataclass(frozen=True)
class Fill:
    """The form's fields given these values, by name (the setup form: game.present.forms)."""

    KEY: ClassVar[str] = "fill"
    values: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class SetValue:
    """A field's or a picker's value."""

    KEY: ClassVar[str] = "value"
    value: str


@dataclass(frozen=True)
class SetDisabled:
    """A button that takes taps (False) or not (True)."""

    KEY: ClassVar[str] = "disabled"
    disabled: bool


@dataclass(frozen=True)
class SetChecked:
    """A switch on or off."""

    KEY: ClassVar[str] = "checked"
    checked: bool


@dataclass(frozen=True)
class Scroll:
    """Scrolled into view (True), read from its top."""

    KEY: ClassVar[str] = "scroll"
    on: bool = True


@dataclass(frozen=True)
class Toss:
    """A thrown die's flight (its keyframes: game.present.feel.throw), or none (False: it lands where it lies)."""

    KEY: ClassVar[str] = "toss"
    frames: tuple[Mapping[str, object], ...] | None


@dataclass(frozen=True)
class Optional:
    """The element may be missing (a table drawn afresh has none of the old marks): no error then."""

    KEY: ClassVar[str] = "optional"


Change = (
    SetText
    | SetHtml
    | SetOuter
    | SetHidden
    | SetAttrs
    | RemoveAttrs
    | Toggle
    | SetClass
    | Fill
    | SetValue
    | SetDisabled
    | SetChecked
    | Scroll
    | Toss
    | Optional
)
"""One change to an element: a closed union, each its own JSON key (page-patch.js reads them)."""


@dataclass(frozen=True)
class Op:
    """The changes to one element, in the order the page applies them."""

    target: Target
    changes: tuple[Change, ...]


def show(target: Target, visible: bool = True) -> Op:
    """The op that shows (or hides) an element."""
    return Op(target, (SetHidden(not visible),))


def attrs(**named: str) -> SetAttrs:
    """Attributes by name (a Python name: ``aria_label`` is written ``aria-label``; ``data_x`` is ``data-x``).

    >>> attrs(aria_live="off", role="status")
    SetAttrs(attrs=(('aria-live', 'off'), ('role', 'status')))
    """
    return SetAttrs(tuple((name.replace("_", "-"), value) for name, value in named.items()))


def toggle(**classes: bool) -> Toggle:
    """Classes on or off by name (``hint_keep`` is the class ``hint-keep``)."""
    return Toggle(tuple((name.replace("_", "-"), on) for name, on in classes.items()))


def _value(change: Change) -> object:
    """A change's JSON value, as page-patch.js reads it."""
    match change:
        case SetText(text=text):
            return text
        case SetHtml(html=html) | SetOuter(html=html):
            return html
        case SetHidden(hidden=hidden):
            return hidden
        case SetAttrs(attrs=pairs) | Fill(values=pairs):
            return dict(pairs)
        case RemoveAttrs(names=names):
            return list(names)
        case Toggle(classes=classes):
            return dict(classes)
        case SetClass(name=name):
            return name
        case SetValue(value=value):
            return value
        case SetDisabled(disabled=flag) | SetChecked(checked=flag) | Scroll(on=flag):
            return flag
        case Toss(frames=frames):
            return [dict(frame) for frame in frames] if frames is not None else False
        case Optional():
            return True
        case _:
            assert_never(change)


def wire(op: Op) -> tuple[Target, dict[str, object]]:
    """The op as the page reads it: ``[where, changes]``, its changes by key in their order (the one place an op becomes
    JSON: game.app.effects.to_json writes an Apply's ops with it)."""
    return op.target, {change.KEY: _value(change) for change in op.changes}
