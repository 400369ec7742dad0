"""Options of the whole suite, and how `make test` runs it in two processes."""

BROWSER_TESTS = ("e2e", "engines")
"""Folders of tests/ whose tests drive a browser."""


def pytest_addoption(parser):
    parser.addoption(
        "--host",
        choices=("isolating", "plain"),
        default="plain",
        help="how the end-to-end tests' base_url serves the game: plain (no COOP and COEP, as "
        "GitHub Pages; the default) or isolating (both headers, as `make play`). Python runs "
        "in a worker on both; tests/e2e/test_hosts.py plays on each whatever this says",
    )


def pytest_xdist_make_scheduler(config, log):
    """Under pytest-xdist (`make test` runs `-n 2`), every browser test goes to one worker, in order: they
    share one built site and one browser, and a second browser would only fight the first for CI's two
    cores (measured: two workers of browser tests took longer than one). The other worker runs the
    CPython tests meanwhile. (xdist's own `--dist loadgroup` does not group under this pytest: its marks
    never reach the scheduler.)"""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            parts = nodeid.split("::")[0].split("/")
            return "browser" if len(parts) > 2 and parts[0] == "tests" and parts[1] in BROWSER_TESTS else nodeid

    return BrowserTestsTogether(config, log)
