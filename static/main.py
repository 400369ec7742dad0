"""Entry point loaded by index.html: hand the page to the UI shell."""

from game.shell import start

start()
