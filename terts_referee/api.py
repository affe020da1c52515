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

- The library, the finished games kept apart (``docs/api.md``): ``library_dir`` (where it
  lives), ``archive_game`` and ``set_aside`` (a game file moved in), ``import_games`` (games
  copied in from other folders: ``Imported``), ``scan_library`` (every game summarized
  through the index, each counted once: ``Scan``), and over a scan's games ``history`` and
  ``stats`` (the figures and ratings: ``Stats``) with their ``Filters``. Library files are
  never changed by reading them.
- The types of those values and the readers of the table's notations: cards, declarations,
  the events, rulesets, corrections, the sheet's records (every type a signature here names is
  exported here; ``tests/architecture/test_api_exports.py`` walks the signatures).

Every face of the program (the ``terts`` commands, ``terts table``, ``terts serve``) is a client
of these; this module gathers them in one place. The program itself imports each from its
module, so that a command loads only what it uses: a test holds that the faces take nothing
from the game's modules this one does not export. What counts as a breaking change of it:
CHANGELOG.md.
"""

from __future__ import annotations

from .domain.cards import (
    DECK,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_card_or_suit,
    parse_cards,
)
from .domain.declarations import Declaration, Kind, parse_combo
from .domain.events import (
    ALL_PENALTY_WORDS,
    FORMER_PENALTY_WORDS,
    PENALTY_WORDS,
    Ask,
    Challenge,
    Claim,
    DealEvent,
    Declare,
    Event,
    Exchange,
    Note,
    Penalty,
    PenaltyKind,
    Score,
    SetTrump,
    Trick,
)
from .domain.numbers import parse_int
from .domain.rules import (
    DeclarationRules,
    ExchangeRules,
    GameRules,
    PenaltyRules,
    PlayRules,
    Ruleset,
    ScoringRules,
    bundled_dir,
    bundled_names,
    dump_ruleset_toml,
    load_ruleset,
    ruleset_from_dict,
)
from .domain.shapes import DeclarationJSON
from .domain.verdicts import Remedy, Verdict
from .errors import GameFileError, NotationError, RefereeError, RuleError, RulesetError
from .game.corrections import Action, Change, Correction, CorrectionRefused, DealChange
from .game.demo import play_demo
from .game.game_file import GameFile
from .game.model import Game
from .game.requests import (
    FLAG,
    LINE,
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
from .game.storage import resolve_game_path
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
from .i18n.sentences import say
from .library.archive import archive_game, archive_name, set_aside
from .library.copies import Conflict
from .library.importing import Imported, check_sources, import_games
from .library.location import check_library, index_path, library_dir
from .library.ratings import RatingMemo
from .library.scan import Scan, scan_library
from .library.shapes import (
    BestGames,
    ConflictShown,
    Copy,
    GameRecord,
    HeadToHead,
    MarginRecord,
    PlayerRecords,
    PlayerStats,
    RatingStart,
    RatingTerms,
    Stats,
    TimelineEntry,
    TotalRecord,
)
from .library.stats import Filters, history, parse_date, resolve_player, stats
from .referee import (
    Deal,
    DeclRecord,
    EventRefused,
    PenaltyRecord,
    Phase,
    Sheet,
    Status,
    TrickRecord,
    Unreachable,
)
from .referee.deals import next_game_dealer
from .referee.moments import Moment
from .referee.records import AskRecord

__all__ = [
    "Action",
    "ALL_PENALTY_WORDS",
    "archive_game",
    "archive_name",
    "Ask",
    "AskRecord",
    "AskRequest",
    "BestGames",
    "bundled_dir",
    "bundled_names",
    "Card",
    "Challenge",
    "ChallengeRequest",
    "Change",
    "check_library",
    "check_sources",
    "Claim",
    "ClaimRequest",
    "Conflict",
    "ConflictShown",
    "Copy",
    "Corrected",
    "Correction",
    "CorrectionRefused",
    "Deal",
    "DealChange",
    "DealEvent",
    "DealRequest",
    "DECK",
    "Declaration",
    "DeclarationJSON",
    "DeclarationRules",
    "Declare",
    "DeclareRequest",
    "DeclRecord",
    "dump_ruleset_toml",
    "Event",
    "EventRefused",
    "Exchange",
    "ExchangeRequest",
    "ExchangeRules",
    "Field",
    "Filters",
    "FLAG",
    "format_cards",
    "FORMER_PENALTY_WORDS",
    "Game",
    "GameFile",
    "GameFileError",
    "GameRecord",
    "GameRules",
    "HeadToHead",
    "history",
    "import_games",
    "Imported",
    "index_path",
    "Kind",
    "library_dir",
    "LINE",
    "load_ruleset",
    "LogEntry",
    "LogView",
    "MarginRecord",
    "MayDeclare",
    "Moment",
    "next_game_dealer",
    "NotationError",
    "Note",
    "NoteRequest",
    "NUMBER",
    "parse_card",
    "parse_card_or_suit",
    "parse_cards",
    "parse_combo",
    "parse_date",
    "parse_int",
    "Penalty",
    "PENALTY_WORDS",
    "PenaltyKind",
    "PenaltyRecord",
    "PenaltyRequest",
    "PenaltyRules",
    "Phase",
    "play_demo",
    "PlayerRecords",
    "PlayerStats",
    "PlayRules",
    "Rank",
    "RatingMemo",
    "RatingStart",
    "RatingTerms",
    "Recorded",
    "RefereeError",
    "Remedy",
    "Removed",
    "Request",
    "REQUESTS",
    "resolve_game_path",
    "resolve_player",
    "RuleError",
    "Ruleset",
    "ruleset_from_dict",
    "RulesetError",
    "say",
    "Scan",
    "scan_library",
    "Score",
    "ScoreRequest",
    "ScoringRules",
    "set_aside",
    "SetTrump",
    "Sheet",
    "Snapshot",
    "Stats",
    "stats",
    "Status",
    "StatusView",
    "Suit",
    "TEXT",
    "TEXTS",
    "TimelineEntry",
    "TotalRecord",
    "Trick",
    "TrickRecord",
    "TrickRequest",
    "TrumpRequest",
    "Unreachable",
    "Verdict",
]
