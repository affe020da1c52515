"""The public Python API of terts-referee: one game file, the events recorded into it, and
what the referee makes of them, as typed values. ``docs/api.md`` shows it whole.

- ``GameFile``: a game file opened on its path (``GameFile.create`` starts one): ``record``,
  ``correct``, ``insert_before``, ``drop``, ``undo``; ``sheet``, ``status``, ``log``,
  ``snapshot``, ``game``. Locking, atomic writes and the one replay per write are behind it.
- The requests, one per recording action (``DealRequest``, ``DeclareRequest`` …): the words a
  player would say, read against the game when recorded (a player by a prefix of the name,
  cards and declarations in the table's notations).
- What it returns: ``Recorded``, ``Corrected``, ``Removed``, ``Snapshot``, ``StatusView``
  (``MayDeclare``), ``LogView`` (``LogEntry``), the referee's ``Sheet`` and ``Deal``.
- What it raises: ``RefereeError`` and its kinds (``NotationError`` for words it cannot read,
  ``EventRefused`` and ``CorrectionRefused`` for what the rules refuse now, ``RulesetError``,
  ``GameFileError``); the game file is then left byte for byte as it was. Each carries its
  ``Verdict`` (``exc.verdict``: a code, its parameters, the rule, the ``Remedy``), as every
  notice and note is one; ``say(verdict, lang)`` gives its sentence (``docs/verdicts.md``).

Every face of the program (the ``terts`` commands, ``terts table``, ``terts serve``) is a client
of these; this module gathers them in one place (the program itself imports each from its
module, so that a command loads only what it uses).
"""

from __future__ import annotations

from .domain.verdicts import Remedy, Verdict
from .errors import GameFileError, NotationError, RefereeError, RuleError, RulesetError
from .game.corrections import CorrectionRefused
from .game.model import Game
from .game.requests import (
    FLAG,
    NUMBER,
    REQUESTS,
    TEXT,
    TEXTS,
    AskRequest,
    ChallengeRequest,
    ClaimRequest,
    DealRequest,
    DeclareRequest,
    ExchangeRequest,
    Field,
    NoteRequest,
    PenaltyRequest,
    Request,
    ScoreRequest,
    TrickRequest,
    TrumpRequest,
)
from .game.session import GameFile
from .game.views import (
    Corrected,
    LogEntry,
    LogView,
    MayDeclare,
    Recorded,
    Removed,
    Snapshot,
    StatusView,
)
from .i18n.words import say
from .referee import Deal, EventRefused, Sheet

__all__ = [
    "FLAG",
    "NUMBER",
    "REQUESTS",
    "TEXT",
    "TEXTS",
    "AskRequest",
    "ChallengeRequest",
    "ClaimRequest",
    "Corrected",
    "CorrectionRefused",
    "Deal",
    "DealRequest",
    "DeclareRequest",
    "EventRefused",
    "ExchangeRequest",
    "Field",
    "Game",
    "GameFile",
    "GameFileError",
    "LogEntry",
    "LogView",
    "MayDeclare",
    "NotationError",
    "NoteRequest",
    "PenaltyRequest",
    "Recorded",
    "RefereeError",
    "Remedy",
    "Removed",
    "Request",
    "RuleError",
    "RulesetError",
    "ScoreRequest",
    "Sheet",
    "Snapshot",
    "StatusView",
    "TrickRequest",
    "TrumpRequest",
    "Verdict",
    "say",
]
