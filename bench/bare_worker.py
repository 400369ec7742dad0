# The worker's side of bench/bare_worker.html: one function the page calls to learn Python runs.
from polyscript import xworker


def ready():
    return True


xworker.sync.ready = ready
