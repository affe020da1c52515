"""A game's summary for the library: who played, who won, and each player's figures.

``summarize(game)`` replays one game and returns a plain dict (JSON-able, what the library's
index stores); ``stats.py`` adds summaries up. Nothing here reads or writes files.

Figures per player (every count is over the game's deals as the sheet judged them):

- ``deals``, ``points``: the deals whose points are written (finished, or ended by a claim) and
  the sum of the player's points in them; ``best_deal`` the most in one (None without a deal);
- ``declarations``: declarations that scored, by class (a challenge that won scores too);
- ``challenges_won``: challenges recorded ("Не годится!") that stand; ``burned``: the player's
  declarations burned by a challenge; ``false_declarations``: false-declaration penalties;
- ``uphill``: points the player went uphill ("в гору") by; ``claims``: deals he ended by a claim.

And what tells one game's copies apart from another game (``copies.py``): the game's ``id``
(None in a file from before ids), the ``digest`` of its content, the ``entries`` it holds
(events recorded and corrections made) and the time of the ``latest`` of them.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from ..domain.declarations import Declaration, Kind
from ..domain.events import PenaltyKind
from ..game.model import Game

if TYPE_CHECKING:
    from ..referee import Sheet

__all__ = [
    "COUNTS",
    "DECLARATION_CLASSES",
    "SUMMARY_VERSION",
    "add_figures",
    "blank_figures",
    "check_summary",
    "declaration_class",
    "summarize",
]

#: Bumped whenever the shape or meaning of a summary changes: the index then rebuilds.
SUMMARY_VERSION = 2

#: The classes ``stats`` counts scored declarations by.
DECLARATION_CLASSES = ("terts", "fifty", "hundred", "four", "marriage")


def declaration_class(decl: Declaration) -> str:
    """``terts`` (3 in a row), ``fifty`` (4), ``hundred`` (5 or more), ``four``, ``marriage``."""
    if decl.kind is Kind.FOUR:
        return "four"
    if decl.kind is Kind.MARRIAGE:
        return "marriage"
    return {3: "terts", 4: "fifty"}.get(decl.length, "hundred")


#: The figures that are plain counts: ``stats`` adds them up over games as they are.
COUNTS: Final = ("challenges_won", "burned", "false_declarations", "uphill", "claims")


def blank_figures() -> dict[str, Any]:
    """A player's figures before any deal: the shape of each entry of a summary's ``figures``."""
    return {
        "deals": 0,
        "points": 0,
        "best_deal": None,
        "declarations": dict.fromkeys(DECLARATION_CLASSES, 0),
        **dict.fromkeys(COUNTS, 0),
    }


def _best(best: int | None, points: int | None) -> int | None:
    """The larger of two ``best_deal`` figures, either of which may be None (no deal)."""
    if points is None:
        return best
    return points if best is None else max(best, points)


def add_figures(total: dict[str, Any], fig: dict[str, Any]) -> None:
    """Adds one game's figures for a player (``fig``, from a summary) into ``total``."""
    total["deals"] += fig["deals"]
    total["points"] += fig["points"]
    total["best_deal"] = _best(total["best_deal"], fig["best_deal"])
    for cls in DECLARATION_CLASSES:
        total["declarations"][cls] += fig["declarations"].get(cls, 0)
    for item in COUNTS:
        total[item] += fig[item]


def _iso(at: datetime | None) -> str | None:
    return at.isoformat() if at is not None else None


def summarize(game: Game, digest: str | None = None, sheet: Sheet | None = None) -> dict[str, Any]:
    """The summary of one game; raises what ``game.sheet()`` raises for an event that does not
    stand (a damaged file). ``digest`` is that of the document the game was read from
    (``copies.digest_of``); by default that of the document the game would be written as.
    ``sheet``: the game's sheet when the caller has it already (a club's table), else
    replayed."""
    if digest is None:
        from .copies import digest_of

        digest = digest_of(game.to_doc())
    if sheet is None:
        sheet = game.sheet()
    players = list(game.players)
    figures: dict[str, dict[str, Any]] = {p: blank_figures() for p in players}
    for p in players:
        figures[p]["uphill"] = sheet.uphill.get(p, 0)
    counted = 0
    for deal in sheet.deals:
        for record in deal.declarations:
            mine = figures[record.player]
            if record.status == "scored":
                mine["declarations"][declaration_class(record.decl)] += 1
                if record.beats is not None:
                    mine["challenges_won"] += 1
            elif record.status == "burned":
                mine["burned"] += 1
        for penalty in deal.penalties:
            if penalty.kind is PenaltyKind.FALSE_DECLARATION:
                figures[penalty.player]["false_declarations"] += 1
        if deal.claimed_by:
            figures[deal.claimed_by]["claims"] += 1
        if not (deal.finished or deal.claimed_by):
            continue
        counted += 1
        for p in players:
            points = deal.points.get(p, 0)
            mine = figures[p]
            mine["deals"] += 1
            mine["points"] += points
            mine["best_deal"] = _best(mine["best_deal"], points)

    last = game.time_of(len(game.events)) if game.events else None
    journal = game.journal or []
    stamps = [at for at in (game.journal_times or []) if at is not None]
    stamps += [c.at for c in game.corrections if c.at is not None]
    latest = max(stamps, key=lambda at: at.timestamp()) if stamps else None
    minutes = None
    if game.started is not None and last is not None:
        minutes = round(max((last - game.started).total_seconds(), 0) / 60, 1)
    return {
        "players": players,
        "rules": game.rules.name,
        "started": _iso(game.started),
        "last_event": _iso(last),
        "finished": sheet.finished,
        "winner": sheet.winner,
        "totals": {p: sheet.totals.get(p, 0) for p in players},
        "deals": len(sheet.deals),
        "counted_deals": counted,
        "events": len(game.events),
        "minutes": minutes,
        "figures": figures,
        "id": game.id,
        "digest": digest,
        "entries": len(journal) + len(game.corrections),
        "latest": _iso(latest),
    }


# --- reading a summary back (the library's index is a cache, read like a file) ---------------

_KEYS = frozenset(
    "players rules started last_event finished winner totals deals counted_deals events "
    "minutes figures id digest entries latest".split()
)
_FIGURE_KEYS = frozenset(blank_figures())


def _count(value: Any) -> bool:
    """A count as a summary holds it: a non-negative int (never a bool)."""
    return type(value) is int and value >= 0


def _points(value: Any) -> bool:
    """Points, which penalties can make negative."""
    return type(value) is int


def _time(value: Any) -> bool:
    if value is None:
        return True
    if not isinstance(value, str):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


_CLASSES = frozenset(DECLARATION_CLASSES)


def _figures(fig: Any) -> bool:
    if type(fig) is not dict or fig.keys() != _FIGURE_KEYS:
        return False
    declarations = fig["declarations"]
    best = fig["best_deal"]
    return (
        type(declarations) is dict
        and declarations.keys() == _CLASSES
        and all(type(n) is int and n >= 0 for n in declarations.values())
        and type(fig["deals"]) is int
        and fig["deals"] >= 0
        and type(fig["points"]) is int
        and (best is None or type(best) is int)
        and all(type(fig[item]) is int for item in COUNTS)
    )


def check_summary(data: Any) -> bool:
    """Whether ``data`` has exactly the shape :func:`summarize` gives: the keys, the types, two
    distinct players and every per-player table keyed by them. The library reads its index
    through this, so that a row damaged or written by something else is summarized again from
    its game file instead of reaching ``stats`` (where a wrong shape would be a traceback)."""
    if not isinstance(data, dict) or set(data) != _KEYS:
        return False
    players = data["players"]
    if not (
        isinstance(players, list)
        and len(players) == 2
        and all(isinstance(p, str) and p.strip() for p in players)
        and players[0].strip().casefold() != players[1].strip().casefold()
    ):
        return False
    minutes = data["minutes"]
    totals, figures = data["totals"], data["figures"]
    from ..game.model import is_game_id
    from .copies import is_digest

    return (
        isinstance(data["rules"], str)
        and (data["id"] is None or is_game_id(data["id"]))
        and is_digest(data["digest"])
        and _count(data["entries"])
        and _time(data["latest"])
        and _time(data["started"])
        and _time(data["last_event"])
        and type(data["finished"]) is bool
        and (data["winner"] is None or data["winner"] in players)
        and isinstance(totals, dict)
        and set(totals) == set(players)
        and all(_points(v) for v in totals.values())
        and all(_count(data[key]) for key in ("deals", "counted_deals", "events"))
        and (
            minutes is None
            or (type(minutes) in (int, float) and 0 <= minutes < 10**9)  # not NaN, not inf
        )
        and isinstance(figures, dict)
        and set(figures) == set(players)
        and all(_figures(fig) for fig in figures.values())
    )
