"""The game on the page as a value: the shell's face of the app layer.

``update(app, message)`` (game.app.update) returns the new :class:`App` and the effects; it reads no clock, no
storage and no page, and changes nothing in place (``step`` does the same for a caller that keeps the page shown,
``view(app)``, and gets the next one back). The shell (game/shell) reads the page's JSON into a message
(``read_event``), keeps the App and hands the effects, as JSON (``to_json``), to static/js/page.js, which carries
them out and sends the next event (docs/protocol.md); ``failed`` is what the page shows when ``update`` itself fails.

The modules, each importing (at run time) only those listed before it: ``ids``, ``keys``, ``effects``, ``events``
(the page's messages and their reader), ``state`` (the App and its screens), ``storage``, ``waits``, ``table``,
``aiming``, ``entering``, ``records``, ``sharing``, ``screens``, ``trainer``, ``settings``, ``start``, ``ticks``,
``view`` (what the page shows, from the App alone) and ``update``, the one ``match`` over the messages.
"""

from __future__ import annotations

from game.app.effects import to_json
from game.app.events import Start, read_event
from game.app.state import App
from game.app.update import step, update
from game.app.view import failed, view

__all__ = ["App", "Start", "failed", "read_event", "step", "to_json", "update", "view"]
