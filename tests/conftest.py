"""Options of the whole suite."""


def pytest_addoption(parser):
    parser.addoption("--host", choices=("isolating", "plain"), default="isolating",
                     help="how the end-to-end tests' base_url serves the game: isolating (COOP and COEP, as "
                          "`make play`: Python in a worker; the default) or plain (Python on the page's thread)")
