"""The page as plain values and HTML strings: the view, its words and markup, the feel and sounds of the table.

Pure: the shell (:mod:`game.shell`) turns these values into page changes.
"""
