"""Options of the whole suite."""


def pytest_addoption(parser):
    parser.addoption(
        "--host",
        choices=("isolating", "plain"),
        default="plain",
        help="how the end-to-end tests' base_url serves the game: plain (no COOP and COEP, as "
        "GitHub Pages; the default) or isolating (both headers, as `make play`). Python runs "
        "in a worker on both; tests/e2e/test_hosts.py plays on each whatever this says",
    )
