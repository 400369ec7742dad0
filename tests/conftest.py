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


FIRST_BESIDE_THE_BUILD = ("tests/unit/core/test_engine_stateful.py", "tests/unit/app/test_phones.py")
"""CPython test files that need no site, dealt to the second worker first: the first worker's browser tests begin with
the site's build (tests/e2e/conftest.py's site_server: about 20 s on CI, the snapshot and the standard library made
under Node), which the second worker's browser tests would only wait for, one core idle."""

SLOW_CPYTHON = (
    "tests/unit/tools/test_build.py",
    "tests/unit/records/test_inputs_fuzz.py",
    "tests/unit/app/test_shared_memory.py",
    "tests/unit/records/test_history.py",
    "tests/unit/present/test_rules_text.py",
    "tests/unit/coach/test_luck.py",
    "tests/unit/coach/test_winning.py",
    "tests/unit/app/test_daily_games.py",
    "tests/unit/coach/test_bots.py",
    "tests/unit/tools/test_translations.py",
    "tests/unit/app/test_app.py",
    "tests/unit/coach/test_advisor.py",
    "tests/unit/core/test_links.py",
)
"""CPython test files of 5 s and more (the sum of their --durations, alone on a busy machine), longest first, dealt
before the others (which follow by their number of tests, most first): the run ends on short files, shared by both
workers, not on one worker alone with a long one."""


def dealing_rank(scope: str) -> tuple[int, int]:
    """Where a unit of work (a browser group, or a file of CPython tests) stands in the dealing order: the first
    browser group; the CPython files beside the build; the other browser groups; the slow CPython files, in
    SLOW_CPYTHON's order; the rest.

    >>> [dealing_rank(scope) for scope in ("browser-0", "tests/unit/app/test_phones.py", "browser-1",
    ...  "tests/unit/tools/test_build.py", "tests/unit/app/test_shared_memory.py", "game/core/engine.py")]
    [(0, 0), (1, 1), (2, 0), (3, 0), (3, 2), (4, 0)]
    """
    if scope.startswith("browser-"):
        return (0 if scope == "browser-0" else 2), 0
    if scope in FIRST_BESIDE_THE_BUILD:
        return 1, FIRST_BESIDE_THE_BUILD.index(scope)
    if scope in SLOW_CPYTHON:
        return 3, SLOW_CPYTHON.index(scope)
    return 4, 0


def pytest_xdist_make_scheduler(config, log):
    """Under pytest-xdist (`make test` runs `-n 2`), the browser tests are dealt file by file, every other
    file in name order, into one group per worker: a file's tests stay together and in order (they share a
    page's set-up), and the two groups come out about even (353 s and 334 s of the 692 s a lone browser
    worker took, measured). Each group is one unit of work, so each worker starts on one, with a browser of
    its own, and the CPython tests go, file by file, to whichever worker is free. (One group for all the
    browser tests kept one worker on them for 11 minutes while the other's CPython tests were done in about five. Measured from
    a clean clone, `.ci/run`: pytest 10 m 56 s with the new tests of issue 35, where one group took
    10 m 55 s to 11 m 30 s without them.)

    A CPython file is one unit: dealt test by test, each of its 3,300 tests waits for a word from the controller,
    which on a busy machine left the workers idle (tests/unit/present and game/'s doctests, two workers, a machine
    loaded 6 on 2 cores: 44 s a test at a time, 24 s a file at a time, 21 s in one process; loaded 3, 14 to 16 s
    either way).
    The units are dealt in dealing_rank's order: the second worker runs FIRST_BESIDE_THE_BUILD while the first
    builds the site, and the slow CPython files come before the short ones that even out the two workers' ends."""
    from collections import OrderedDict

    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsInGroups(LoadScopeScheduling):
        groups: dict[str, str] | None = None
        ordered = False

        def _assign_work_unit(self, node) -> None:
            if not self.ordered:  # the queue is complete before its first unit is dealt
                self.ordered = True
                self.workqueue = OrderedDict(
                    (scope, self.workqueue[scope]) for scope in sorted(self.workqueue, key=dealing_rank)
                )
            super()._assign_work_unit(node)

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:
                files = sorted({file for file in map(browser_file, self.collection or ()) if file})
                self.groups = {file: f"browser-{index % BROWSER_GROUPS}" for index, file in enumerate(files)}
            file = browser_file(nodeid)
            return self.groups.get(file, nodeid) if file else nodeid.split("::")[0]  # a CPython test's file

    return BrowserTestsInGroups(config, log)
