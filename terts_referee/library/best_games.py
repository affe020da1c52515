"""The best games over the library's finished games: the records ``stats`` shows.

Three records, each over the finished games ``stats`` counts, and each player's own:

- **the largest margin**: the winner's total less the loser's, over the games won (a game won
  by a penalty can be won from behind: its margin is negative, and counts as it is);
- **the highest total**: a player's final total in one game, won or lost;
- **the fastest win**: the fewest deals to a win; of two wins in as many deals, the one played
  in fewer minutes (a game without times after one with them), then the earlier.

A record names its game (file, date, players, totals, deals, minutes) so that a page can open
it. Ties of the largest margin and the highest total go to the earlier game: a record stands
until it is beaten. Pure functions over the summaries, like ``stats``.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from .shapes import BestGames, GameRecord, PlayerRecords

__all__ = ["best_games"]


def _record(game: dict[str, Any]) -> GameRecord:
    return {
        "file": game["file"],
        "date": game["date"],
        "players": game["players"],
        "winner": game["winner"],
        "totals": game["totals"],
        "deals": game["deals"],
        "minutes": game["minutes"],
    }


def _margin(game: dict[str, Any]) -> int:
    winner = game["winner"]
    loser = next(p for p in game["players"] if p != winner)
    return int(game["totals"][winner]) - int(game["totals"][loser])


def _speed(game: dict[str, Any]) -> tuple[int, float, datetime]:
    """Smaller is faster: deals, then minutes (unknown last), then the start."""
    minutes = game["minutes"]
    return game["deals"], float("inf") if minutes is None else minutes, _start(game)


def _start(game: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(game["date"])


def _first_max(
    items: list[tuple[dict[str, Any], int]], key: Callable[[tuple[dict[str, Any], int]], int]
) -> tuple[dict[str, Any], int] | None:
    """The item with the largest key, the earliest game of those tied (``items`` are in the
    order the games started)."""
    best: tuple[dict[str, Any], int] | None = None
    for item in items:
        if best is None or key(item) > key(best):
            best = item
    return best


def best_games(
    finished: list[dict[str, Any]], key: Callable[[str], str], names: dict[str, str]
) -> BestGames:
    """The records over ``finished`` (summaries in the order they started); ``key`` gives a
    player's key from a spelling, ``names`` the key's shown spelling (as ``stats`` does)."""
    won = [g for g in finished if g["winner"]]
    margins = [(g, _margin(g)) for g in won]
    totals = [(g, int(g["totals"][p])) for g in finished for p in g["players"]]
    widest = _first_max(margins, lambda item: item[1])
    highest = _first_max(totals, lambda item: item[1])
    fastest = min(won, key=_speed, default=None)

    players: dict[str, PlayerRecords] = {}
    for game in finished:
        for p in game["players"]:
            mine = players.setdefault(
                names[key(p)], {"largest_margin": None, "highest_total": None, "fastest_win": None}
            )
            total = int(game["totals"][p])
            if mine["highest_total"] is None or total > mine["highest_total"]:
                mine["highest_total"] = total
            if game["winner"] is None or key(game["winner"]) != key(p):
                continue
            margin = _margin(game)
            if mine["largest_margin"] is None or margin > mine["largest_margin"]:
                mine["largest_margin"] = margin
            if mine["fastest_win"] is None or game["deals"] < mine["fastest_win"]:
                mine["fastest_win"] = game["deals"]

    best: BestGames = {
        "largest_margin": None,
        "highest_total": None,
        "fastest_win": None,
        "players": players,
    }
    if widest is not None:
        best["largest_margin"] = {**_record(widest[0]), "margin": widest[1]}
    if highest is not None:
        game, total = highest
        player = next(p for p in game["players"] if int(game["totals"][p]) == total)
        best["highest_total"] = {**_record(game), "player": player, "total": total}
    if fastest is not None:
        best["fastest_win"] = {**_record(fastest)}
    return best
