"""Project-wide pytest settings: the browser shell is only importable inside Pyodide; hypothesis keeps no deadline."""

from hypothesis import settings

# game/shell/ imports `pyscript`, which exists only in the browser; the e2e tests cover it.
collect_ignore = ["game/shell", "static", "tools", "node_modules"]

# Speed is measured by the benches, never by a test: hypothesis's 200 ms deadline per example failed a
# property test on a busy 2-core machine (the browser tests share it) with nothing wrong in the rules.
settings.register_profile("house", deadline=None)
settings.load_profile("house")
