"""Project-wide pytest settings: the browser shell is only importable inside Pyodide."""

# game/shell.py imports `pyscript`, which exists only in the browser; the e2e tests cover it.
collect_ignore = ["game/shell.py", "static", "tools", "node_modules"]
