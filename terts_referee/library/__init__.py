"""The library: the finished games kept apart, their index, statistics and ratings.

``location`` (where the library lives, where its index and lock are), ``archive`` (moving a
finished game in crash-safely), ``index`` (the per-machine SQLite index of games in the
cache), ``scan`` (reading the library through its index), ``folders`` (the game files below
a folder), ``copies`` (one game in several copies: how they are known, which one counts,
when they are a conflict), ``importing`` (``terts import``), ``summary`` (what one finished
game says: the result, the declarations by class, the counts the statistics add up),
``stats`` (history, statistics and ratings over the library, with their filters),
``tally`` (the statistics as a fold, the best games), ``answers`` (the answers of ``history``
and ``stats``, and one game more added to them), ``kept`` (an answer kept with its tally, and
the games added since), ``ratings`` (openskill over finished games), ``pairings`` (an evening's
round robin).

May import the game, the domain, the referee, ``i18n``, ``errors`` and ``files`` (the layer
test, tests/architecture, enforces it). Library files are never changed by reading.
Deliberately no imports here: only the library commands load the library.
"""
