"""Replay: the score sheet as a pure function of the events and the ruleset.

The façade the rest of the program imports; the referee itself lives in ``terts_referee.referee``
(one module per rule area of RULES.md). ``replay(players, events, rules)`` stays the one way the
state is derived.
"""

from __future__ import annotations

from .referee import (
    FINAL_FROM,
    LAST_DECLARATION_TRICK,
    TRICKS_PER_DEAL,
    Deal,
    DeclRecord,
    EventRefused,
    PenaltyRecord,
    Phase,
    Sheet,
    Status,
    TrickRecord,
    declaration_bar,
    exchange_bar,
    forfeit_in_force,
    phase_of,
    reachable_card_points,
    replay,
    round_points,
    stock_before,
)

__all__ = [
    "declaration_bar",
    "exchange_bar",
    "forfeit_in_force",
    "replay",
    "Sheet",
    "Deal",
    "EventRefused",
    "round_points",
    "stock_before",
    "phase_of",
    "TRICKS_PER_DEAL",
    "FINAL_FROM",
    "LAST_DECLARATION_TRICK",
    "DeclRecord",
    "PenaltyRecord",
    "TrickRecord",
    "Phase",
    "Status",
    "reachable_card_points",
]
