"""The referee's errors: one base with a ready-to-show message; the CLI maps it to exit 2.

Narrow subclasses say what kind of input was wrong, in the manner of python-chess's
``InvalidMoveError`` (syntax) and ``IllegalMoveError`` (a rule).
"""


class RefereeError(Exception):
    """An error with a ready-to-show one-line message; the CLI maps it to exit 2."""


class NotationError(RefereeError, ValueError):
    """A card, suit, declaration or player could not be read as written."""


class RuleError(RefereeError):
    """The input was read, but the rules forbid it (at this moment, under this ruleset)."""


class RulesetError(RefereeError):
    """A ruleset file is missing, malformed, or has an unknown key, type or value."""


class GameFileError(RefereeError):
    """The game file is missing, corrupt, of a newer format, or locked."""
