"""Project-wide pytest settings: the browser shell is only importable inside Pyodide."""

# game/shell/ imports `pyscript`, which exists only in the browser; the e2e tests cover it.
collect_ignore = ["game/shell", "static", "tools", "node_modules"]
