"""The referee's errors: one base carrying the verdict; the CLI maps it to exit 2.

Narrow subclasses say what kind of input was wrong, in the manner of python-chess's
``InvalidMoveError`` (syntax) and ``IllegalMoveError`` (a rule). An error holds its verdict as
data (``exc.verdict``: a code, its parameters, the rule and the remedy); each face words it in
its own terms. ``str(exc)`` is for debugging only (the code and its parameters): no face shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .domain.verdicts import Verdict


class RefereeError(Exception):
    """An error with its verdict (``verdict``); the CLI maps it to exit 2."""

    verdict: Verdict

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict)
        self.verdict = verdict

    def __str__(self) -> str:
        return f"{self.verdict.code} {dict(self.verdict.params)!r}"


class NotationError(RefereeError, ValueError):
    """A card, suit, declaration or player could not be read as written."""


class RuleError(RefereeError):
    """The input was read, but the rules forbid it (at this moment, under this ruleset)."""


class RulesetError(RefereeError):
    """A ruleset file is missing, malformed, or has an unknown key, type or value."""


class GameFileError(RefereeError):
    """The game file is missing, corrupt, of a newer format, or locked."""
