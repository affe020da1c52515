"""The game and its file: one game kept on disk, safe against crashes and concurrent writers.

``model`` (``Game``: players, ruleset and events, ``record`` judged by the referee, the sheet
derived by replay, corrections), ``storage`` (the game file: reading with every check, atomic
writes under the lock, the TOML format), ``locking`` (the OS file lock), ``corrections`` (the
trail of what a correction replaced and when; the effective events), ``demo`` (the demo game).

May import the domain, the referee, ``errors`` and ``files`` (the layer test,
tests/architecture, enforces it): no words, no language, no face; what it refuses is a
verdict. Deliberately no imports here: ``from .game.model import
Game`` loads the model without anything else of the package.
"""
