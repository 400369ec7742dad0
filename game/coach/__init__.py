"""The optimal player at the table: the advisor, its tables, odds, win chances, the bots and the session.

Above :mod:`game.core`; nothing here draws or words a page.
"""
