"""What the tests share, found in one place: a test module imports these, never another test module.

- ``app``: the one driver of the App, through ``update`` as the page drives it: ``start`` (or ``phone`` and
  ``friend`` for a link), ``send``, the effects read back (``of``, ``ops``, ``notice``, ``stores``, ``ticks``),
  and play as the page shows it: ``opened``, ``play`` (a few messages), ``play_out`` (a game to its end).
- ``page``: what the page shows, read from the elements ``app.shown`` folds: words, cells, dice, the status.
- ``scenes``: ready-made situations below the App: matches saved midway or at their last box, histories, backups.
- ``records``: hand-built Yacht records, and games played into the Statistics.
- ``matches``: the engine played without the App: a first game finished, random legal turns, links packed by hand.
- ``words`` and ``marked``: the catalogues, real (compiled as the build does) and marking (what escapes the markers
  was not worded).
- ``luck_games``: the games tests/unit's and tests/slow's luck tests split.
- ``site`` and ``ui``: the browser tests' site (built, copied, opened and answered) and the game page driven by its
  accessible names.
"""
