"""Hints to beat a target, for the page: what the target hint plays for, the words of its lines and the small
control in the hint panel that picks the target (the challenge's score, the person's best or a number typed).

Pure and standard library only; every word through ``t``. The chances come from game.coach.target, their lines'
words from game.present.coach_view.target_lines.

>>> picker(Offer(AimKind.POINTS)).count("<button")
2
"""

from __future__ import annotations

from html import escape

from game.coach.aims import AIM_FIELD, MAX_AIM, Aim, AimKind, Offer, read_total
from game.core.i18n import ENGLISH, N_, Text
from game.present.tags import element

__all__ = [
    "AIM_FIELD",
    "MAX_AIM",
    "TYPED_JUNK",
    "Aim",
    "AimKind",
    "Offer",
    "picker",
    "read_total",
]

# Translators: said when the total typed for the target hint is not a whole number from 1 to {most}.
TYPED_JUNK = N_("Type the total to play for as a whole number from 1 to {most}: nothing was changed.")


def _choice(ident: str, label: str, pressed: bool) -> str:
    return element(
        "button", escape(label), type="button", id=ident, class_="aim-choice", aria_pressed=str(pressed).lower()
    )


def picker(offer: Offer, t: Text = ENGLISH) -> str:
    """The control that picks the target: points alone, beating the challenge, beating the person's best, or a
    number typed (its field and its button); the target played for is pressed.

    >>> html = picker(Offer(AimKind.CHALLENGE, ("<Ann>", 250), 287, 300))
    >>> 'id="aim-challenge" class="aim-choice" aria-pressed="true">Beat &lt;Ann&gt;&#x27;s 250<' in html
    True
    >>> 'aria-pressed="false">Beat my best, 287<' in html, 'value="300"' in html
    (True, True)
    """
    # Translators: the hint panel's target control: its name ("Play for: points, beat Ann's 250, …").
    title = element("span", escape(t._("Play for:")), id="aim-title", class_="aim-title")
    # Translators: the hint panel's target control: play for the best expected score alone (no target).
    parts = [title, _choice("aim-points", t._("points"), offer.chosen is AimKind.POINTS)]
    if offer.challenge is not None:
        name, total = offer.challenge
        # Translators: the hint panel's target control: play to beat the challenge's total ({total} points).
        label = t._("Beat {name}'s {total}", name=name, total=total)
        parts.append(_choice("aim-challenge", label, offer.chosen is AimKind.CHALLENGE))
    if offer.best is not None:
        # Translators: the hint panel's target control: play to beat the person's best total of these rules.
        label = t._("Beat my best, {total}", total=offer.best)
        parts.append(_choice("aim-best", label, offer.chosen is AimKind.BEST))
    # Translators: the hint panel's target control: the label of the field to type a total to reach.
    label = element("label", escape(t._("A total to reach")), for_=AIM_FIELD)
    typed = element(
        "input",
        id=AIM_FIELD,
        name=AIM_FIELD,
        form="setup-form",
        type="text",
        inputmode="numeric",
        maxlength=len(str(MAX_AIM)),
        autocomplete="off",
        size=4,
        value="" if offer.typed is None else offer.typed,
    )
    # Translators: the hint panel's target control: the button that plays for the total typed beside it.
    aim = _choice("aim-set", t._("Aim"), offer.chosen is AimKind.TYPED)
    parts.append(element("span", label + typed + aim, class_="aim-typed"))
    return element("div", "".join(parts), class_="aim", role="group", aria_labelledby="aim-title")
