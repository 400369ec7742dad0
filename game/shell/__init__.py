"""The worker's endpoint: the only Python that meets the browser, and it decides nothing.

static/js/page.js sends each event as JSON to :func:`handle` (the worker's one exposed function,
docs/protocol.md); the shell reads it, asks ``game.app.update`` for the new App and the effects,
keeps the App and the page it shows (so the view before an event is never worked out again), and returns the
effects as JSON for page.js to carry out. One message in, one out.
"""

from __future__ import annotations

import asyncio
import gc
import json
import time

import js

from game import app as game
from game.present import warmup

WARM_UP_SECONDS = 0.4  # Python time spent on throwaway turns after a start from the snapshot


class Endpoint:
    """The App between events, and the page it shows (game.app.view): the values the shell keeps."""

    def __init__(self) -> None:
        self.app = game.App()
        self.page = game.view(self.app)

    def handle(self, text: str, data=None) -> str:
        """One event in (JSON, with a fetched file's bytes), the effects out (JSON)."""
        event = None
        try:
            payload = None if data is None else bytes(data.to_bytes() if hasattr(data, "to_bytes") else data)
            python = str(getattr(js, "yachtPython", "") or "")  # how Python started: "snapshot" or "started"
            event, now = game.read_event(str(text), payload, python=python)
            if isinstance(event, game.Start):
                # What the interpreter holds before the game starts (modules, the snapshot's heap: some 34,000
                # objects) is kept for good: frozen, no collection walks it again. A restored interpreter
                # forgets how much survived the snapshot's collection, so its first full collection came soon
                # and cost 100-200 ms, on the first roll of a start by link (issue 47; docs/speed.md).
                gc.freeze()
            if event is not None:
                self.app, self.page, effects = game.step(self.app, self.page, event, now)
            else:
                effects = []
            if isinstance(event, game.Start) and python == "snapshot":  # the runtime's state, not the game's
                asyncio.ensure_future(warm_up())
        except Exception as error:  # the last line of defence: words on the page, never a traceback
            effects = game.failed(self.app, event, error)
        return json.dumps([game.to_json(effect) for effect in effects], ensure_ascii=False)


async def warm_up(budget: float = WARM_UP_SECONDS) -> None:
    """Play throwaway turns (warmup.practice_turns, never the page), a third of one per slice between events.

    A start from the snapshot skips the second of Python work a fresh start does, and with it what
    gets the interpreter's WebAssembly optimised: the first rolls would be slower (docs/speed.md).
    """
    spent, turns = 0.0, warmup.practice_turns()
    try:
        while spent < budget:
            began = time.perf_counter()
            next(turns)
            spent += time.perf_counter() - began
            await asyncio.sleep(0)
    except Exception as error:  # only speed is at stake: say so in the console
        js.console.warn(f"warm-up stopped: {type(error).__name__}: {error}")
    js.performance.mark("yacht:warm")  # in the worker's timeline (tests/e2e/test_snapshot.py waits for it)


ENDPOINT = Endpoint()
handle = ENDPOINT.handle
