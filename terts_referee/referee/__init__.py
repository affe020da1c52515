"""The referee: the score sheet as a pure function of the events and the ruleset.

``replay(players, events, rules)`` walks the events in order, applies every rule of §2-§6
that the events let it judge, and returns a ``Sheet``. Nothing is stored twice: the sheet, the
deal's phase, who leads and who deals next are all derived here. An event the rules forbid at
its moment raises ``EventRefused`` naming the event, unless ``strict=False`` (what-if replays
under another ruleset), where it is skipped with a notice.

The shape follows the rule book, one module per rule area, so that "how is a challenge judged"
or "when is a renege proven" is answered by opening the module of that name:

- ``records``: the deal state (``Deal``, ``Sheet``, the records, ``Phase``, ``Status``); data
  and the questions asked of it (who leads, who is known to hold a card), no rule.
- ``state``: ``State``, what every judge reads and writes (ruleset, players, sheet, event
  number), passed to each judge explicitly.
- ``deals`` (§2, §5: opening a deal, its trump recorded late, a quick deal's score, closing a
  deal), ``declaring`` (§4.3: when, how many, lowering, one deck; §4.2: the asker's forfeit),
  ``challenges`` (§4.2: the challenge and the question ``ask``), ``false_declarations`` (§6:
  proven false and its price), ``tricks`` (§3; a quick deal's first trick makes it trick by
  trick), ``reneges`` (§3: final phase, and the stock phase under ``while_stock = "follow"``),
  ``exchange`` (§3: the trump seven), ``penalties`` (§6: penalties by command), ``claims`` (§5:
  on one's own turn), ``scoring`` (§5: rounding, totals), ``ending`` (the winner).
- ``moments`` (§4.3 asked, not recorded: ``terts check when``): the same timing, repeat,
  turn, forfeit, one-deck and lowering rules at a moment told by its caller.
- ``dispatch``: the walk, one judge per event type, and undoing a skipped event.

A judge is a function ``on_<event>(state, event)``; the helpers it needs from another rule area
are imported from that module. The imports form no cycle (``tests/referee/test_referee.py`` checks):
``records`` and ``state`` at the bottom, then ``scoring``, ``ending``, ``reneges``, ``exchange``
and ``false_declarations``, then the judges that use them, ``dispatch`` on top. Functions rather
than classes: the rules share one state, and a class per rule area would only wrap it again.
"""

from .declaring import DeclarationBar, declaration_bar, forfeit_in_force
from .dispatch import JUDGES, EventRefused, replay
from .exchange import ExchangeBar, exchange_bar
from .records import (
    FINAL_FROM,
    LAST_DECLARATION_TRICK,
    TRICKS_PER_DEAL,
    Deal,
    DeclRecord,
    PenaltyRecord,
    Phase,
    Sheet,
    Status,
    TrickRecord,
    Unreachable,
    phase_of,
    stock_before,
)
from .scoring import reachable_card_points, round_points
from .state import State

__all__ = [
    "FINAL_FROM",
    "JUDGES",
    "LAST_DECLARATION_TRICK",
    "TRICKS_PER_DEAL",
    "Deal",
    "DeclarationBar",
    "DeclRecord",
    "EventRefused",
    "ExchangeBar",
    "PenaltyRecord",
    "Phase",
    "Sheet",
    "State",
    "Status",
    "TrickRecord",
    "Unreachable",
    "declaration_bar",
    "exchange_bar",
    "forfeit_in_force",
    "phase_of",
    "reachable_card_points",
    "replay",
    "round_points",
    "stock_before",
]
