"""The imperative shell: the only module that touches the browser (pyscript / js).

It turns DOM events into engine calls and engine state into the DOM; every rule lives in
the pure modules beside it.
"""

from pyscript import document


def start() -> None:
    """Bind the page and mark it ready for people and tests."""
    document.getElementById("loading").hidden = True
    document.documentElement.dataset.ready = "true"
