"""The page's addresses a handler names itself agree with the view's: the box a key names gets the focus on the very
button the view draws for it (game.app.keyplay.box_button against game.present.paint.box_at)."""

from __future__ import annotations

from game.app.keyplay import box_button
from game.core.variants import VARIANTS
from game.present.paint import box_at


def test_a_handlers_box_button_is_where_the_view_draws_it():
    boxes = {category.id for variant in VARIANTS.values() for category in variant.ruleset().categories}
    assert boxes and all(box_button(box) == box_at(box)[0] for box in boxes)
