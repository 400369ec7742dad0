"""Options of the whole suite, and how `make test` runs it in two processes."""

BROWSER_TESTS = ("e2e", "engines")
"""Folders of tests/ whose tests drive a browser."""

BROWSER_GROUPS = 2
"""How many groups the browser tests are dealt into under pytest-xdist: one a worker."""


def pytest_addoption(parser):
    parser.addoption(
        "--host",
        choices=("isolating", "plain"),
        default="plain",
        help="how the end-to-end tests' base_url serves the game: plain (no COOP and COEP, as "
        "GitHub Pages; the default) or isolating (both headers, as `make play`). Python runs "
        "in a worker on both; tests/e2e/test_hosts.py plays on each whatever this says",
    )


def browser_file(nodeid: str) -> str | None:
    """The test file of a browser test's node id, or None for a CPython test.

    >>> browser_file("tests/e2e/test_game.py::test_a[chromium]"), browser_file("tests/unit/app/test_app.py::test_b")
    ('tests/e2e/test_game.py', None)
    """
    path = nodeid.split("::")[0]
    parts = path.split("/")
    return path if len(parts) > 2 and parts[0] == "tests" and parts[1] in BROWSER_TESTS else None


def pytest_xdist_make_scheduler(config, log):
    """Under pytest-xdist (`make test` runs `-n 2`), the browser tests are dealt file by file, every other
    file in name order, into one group per worker: a file's tests stay together and in order (they share a
    page's set-up), and the two groups come out about even (353 s and 334 s of the 692 s a lone browser
    worker took, measured). Each group is one unit of work, so each worker starts on one, with a browser of
    its own, and the CPython tests go to whichever worker is free. (One group for all the browser tests kept
    one worker on them for 11 minutes while the other's CPython tests were done in about five. Measured from
    a clean clone, `.ci/run`: pytest 10 m 56 s with the new tests of issue 35, where one group took
    10 m 55 s to 11 m 30 s without them.)"""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsInGroups(LoadScopeScheduling):
        groups: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:
                files = sorted({file for file in map(browser_file, self.collection or ()) if file})
                self.groups = {file: f"browser-{index % BROWSER_GROUPS}" for index, file in enumerate(files)}
            file = browser_file(nodeid)
            return self.groups.get(file, nodeid) if file else nodeid

    return BrowserTestsInGroups(config, log)
