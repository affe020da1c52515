"""The statistics as a fold: ``stats --json``'s figures over games taken one at a time, in order.

``Tally.add(game, after)`` takes the next finished or unfinished game the filters keep (in
the order the games started) with its players' ratings just after it; ``figures()`` gives the
document ``stats.stats`` returns, without the timeline (whose entries ``timeline_entry`` makes
one a game). Every figure of ``stats`` is such a fold: counts and sums, each player's current
and longest run of wins, head to head, the best games (a record changes hands only when beaten,
so the earlier game keeps a tie), the ratings (openskill rates one game from the two players'
ratings before it). So a library that gained games later than any it held is answered by
adding those games to the tally kept from the last answer (``to_state``/``from_state``: plain
JSON, floats as ``repr`` writes them, which reads back the same float), and the answer is the
one a fold over every game gives: the same code in the same order (the sums of minutes too,
added one game at a time either way).

The best games are three records over the finished games counted, and each player's own:
**the largest margin** (the winner's total less the loser's, over the games won: a game won
by a penalty can be won from behind, and its margin counts as it is), **the highest total** (a
player's final total in one game, won or lost) and **the fastest win** (the fewest deals; of
two wins in as many deals the one played in fewer minutes, a game without times after one with
them, then the earlier). A record names its game (file, date, players, totals, deals, minutes)
so that a page can open it; ties of the largest margin and the highest total go to the earlier
game: a record stands until it is beaten.

Pure functions over summaries, like ``stats.py``; openskill only for a game to rate.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from .summary import add_figures, blank_figures

if TYPE_CHECKING:
    from collections.abc import Callable

    from .shapes import BestGames, HeadToHead, PlayerStats, Stats, TimelineEntry

__all__ = ["PeriodRatings", "Tally", "timeline_entry"]

Key = str
#: The two players' rating (mu - 3 sigma) just after a game, by player key; None: not rated.
AfterRatings = dict[Key, float] | None


class PeriodRatings:
    """The ratings over the period's finished games so far: each player's ``mu``, ``sigma``
    and games rated, by key (``ratings.rate`` over the same games gives the same floats: one
    game is rated from the two ratings before it, as there)."""

    def __init__(self, current: dict[Key, list[Any]] | None = None, games: int = 0) -> None:
        self.current: dict[Key, list[Any]] = current if current is not None else {}
        self.games = games

    def rate(self, game: dict[str, Any], key: Callable[[str], str]) -> dict[Key, float]:
        """Rates one finished game with a winner; its players' ratings just after it. Raises
        ValueError as ``ratings.rate`` does for a game it cannot rate."""
        from .rating_step import _model, _ordinal, rate_one

        players = (game["players"][0], game["players"][1])
        after = rate_one(_model(), self.current, players, game["winner"])
        shown = {}
        for i, k in enumerate(key(p) for p in players):
            games = self.current[k][2] + 1 if k in self.current else 1
            self.current[k] = [after[2 * i], after[2 * i + 1], games]
            shown[k] = round(_ordinal(after[2 * i], after[2 * i + 1]), 2)
        self.games += 1
        return shown


def timeline_entry(
    game: dict[str, Any], after: AfterRatings, key: Callable[[str], str], names: dict[str, str]
) -> TimelineEntry:
    """One finished game of the timeline: its date, players, winner and each player's rating
    just after it (None for a game not rated)."""
    return {
        "date": game["date"],
        "players": game["players"],
        "winner": game["winner"],
        "ratings": {
            names[key(p)]: None if after is None else after.get(key(p)) for p in game["players"]
        },
    }


def _record(game: dict[str, Any]) -> dict[str, Any]:
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


def _speed(record: dict[str, Any]) -> tuple[int, float, datetime]:
    """Smaller is faster: deals, then minutes (unknown last), then the start."""
    minutes = record["minutes"]
    return (
        record["deals"],
        float("inf") if minutes is None else minutes,
        datetime.fromisoformat(record["date"]),
    )


def _faster(game: dict[str, Any], record: dict[str, Any]) -> bool:
    """Whether ``game`` was won faster than the game of ``record`` (``_speed``): its start read
    only when the deals and the minutes are the same."""
    ours, theirs = game["deals"], record["deals"]
    if ours != theirs:
        return bool(ours < theirs)
    ours = float("inf") if game["minutes"] is None else game["minutes"]
    theirs = float("inf") if record["minutes"] is None else record["minutes"]
    if ours != theirs:
        return bool(ours < theirs)
    return _speed(game) < _speed(record)


class Tally:
    """The figures of the games added so far (see the module's doc)."""

    def __init__(self) -> None:
        self.players: dict[Key, dict[str, Any]] = {}
        self.streaks: dict[Key, list[int]] = {}  # key -> [current run, longest run]
        self.pairs: dict[tuple[Key, Key], dict[str, Any]] = {}
        self.finished = 0
        self.unfinished = 0
        self.deals = 0
        self.minutes = [0.0, 0]  # their sum, how many games had them
        self.widest: list[Any] | None = None  # [record, margin]
        self.highest: list[Any] | None = None  # [record, player, total]
        self.fastest: dict[str, Any] | None = None  # the record
        self.records: dict[Key, dict[str, Any]] = {}  # each player's own, by key

    def add(self, game: dict[str, Any], key: Callable[[str], str]) -> None:
        """The next game the filters keep, in the order the games started."""
        if not game["finished"]:
            self.unfinished += 1
            return
        self.finished += 1
        winner = key(game["winner"]) if game["winner"] else None
        players = game["players"]
        keys = [key(p) for p in players]
        figures, totals = game["figures"], game["totals"]
        # Each player's entries made when first met, not a blank one made for every game and
        # dropped (``setdefault``): 10,000 games of a first ``stats`` add each in turn.
        for p, k in zip(players, keys, strict=True):
            mine = self.players.get(k)
            if mine is None:
                mine = self.players[k] = {"games": 0, "wins": 0, **blank_figures()}
            mine["games"] += 1
            mine["wins"] += winner == k
            add_figures(mine, figures[p])
            streak = self.streaks.get(k)
            if streak is None:
                streak = self.streaks[k] = [0, 0]
            streak[0] = streak[0] + 1 if winner == k else 0
            if streak[0] > streak[1]:
                streak[1] = streak[0]
        pair = (keys[0], keys[1]) if keys[0] <= keys[1] else (keys[1], keys[0])
        tally = self.pairs.get(pair)
        if tally is None:
            tally = {"games": 0, "wins": dict.fromkeys(pair, 0), "points": dict.fromkeys(pair, 0)}
            self.pairs[pair] = tally
        tally["games"] += 1
        points = tally["points"]
        for p, k in zip(players, keys, strict=True):
            points[k] += totals[p]
        if winner in tally["wins"]:
            tally["wins"][winner] += 1
        self.deals += game["deals"]
        if game["minutes"] is not None:
            self.minutes[0] += game["minutes"]
            self.minutes[1] += 1
        self._best(game, keys, winner)

    def _best(self, game: dict[str, Any], keys: list[Key], winner: Key | None) -> None:
        """The records (``best_games``'s): each changes hands only when beaten. A game's
        record (``_record``) is made when it sets one."""
        record: dict[str, Any] | None = None
        totals = game["totals"]
        margin = _margin(game) if game["winner"] else None
        if margin is not None:
            if self.widest is None or margin > self.widest[1]:
                record = _record(game)
                self.widest = [record, margin]
            if self.fastest is None or _faster(game, self.fastest):
                record = record or _record(game)
                self.fastest = record
        for p in game["players"]:
            total = int(totals[p])
            if self.highest is None or total > self.highest[2]:
                record = record or _record(game)
                self.highest = [record, p, total]
        for p, k in zip(game["players"], keys, strict=True):
            mine = self.records.get(k)
            if mine is None:
                mine = {"largest_margin": None, "highest_total": None, "fastest_win": None}
                self.records[k] = mine
            total = int(totals[p])
            if mine["highest_total"] is None or total > mine["highest_total"]:
                mine["highest_total"] = total
            if winner is None or winner != k:
                continue
            assert margin is not None  # a winner: the game's margin is his
            if mine["largest_margin"] is None or margin > mine["largest_margin"]:
                mine["largest_margin"] = margin
            if mine["fastest_win"] is None or game["deals"] < mine["fastest_win"]:
                mine["fastest_win"] = game["deals"]

    def best_games(self, names: dict[str, str]) -> BestGames:
        best: BestGames = {
            "largest_margin": None,
            "highest_total": None,
            "fastest_win": None,
            "players": {names[k]: dict(v) for k, v in self.records.items()},  # type: ignore[misc]
        }
        # the records are plain dicts read back from JSON: their shape is ``_record``'s
        if self.widest is not None:
            widest: Any = {**self.widest[0], "margin": self.widest[1]}
            best["largest_margin"] = widest
        if self.highest is not None:
            highest: Any = {**self.highest[0], "player": self.highest[1], "total": self.highest[2]}
            best["highest_total"] = highest
        if self.fastest is not None:
            fastest: Any = {**self.fastest}
            best["fastest_win"] = fastest
        return best

    def pair_order(self) -> list[tuple[Key, Key]]:
        """The pairs as head to head shows them: the most games first, then by their keys."""
        return sorted(self.pairs, key=lambda pair: (-self.pairs[pair]["games"], pair))

    def figures(self, names: dict[str, str], ratings: PeriodRatings) -> Stats:
        """The figures of ``stats --json`` but the timeline (an empty list: the caller's) and
        the ratings' terms (``ratings``, the caller's too)."""
        shown: dict[str, PlayerStats] = {}
        players = self.players
        for k in sorted(players, key=lambda k: (-players[k]["games"], -players[k]["wins"], k)):
            mine = players[k]
            run, longest = self.streaks[k]
            rated = ratings.current.get(k)  # None only for finished games without a winner
            mu = None if rated is None else round(rated[0], 2)
            sigma = None if rated is None else round(rated[1], 2)
            rating = None
            if rated is not None:
                from .rating_step import _ordinal

                rating = round(_ordinal(rated[0], rated[1]), 2)
            shown[names[k]] = {
                "games": mine["games"],
                "wins": mine["wins"],
                "win_rate": round(mine["wins"] / mine["games"], 3),
                "current_streak": run,
                "longest_streak": longest,
                "deals": mine["deals"],
                "points": mine["points"],
                "points_per_deal": (
                    round(mine["points"] / mine["deals"], 1) if mine["deals"] else None
                ),
                "best_deal": mine["best_deal"],
                "declarations": mine["declarations"],
                "challenges_won": mine["challenges_won"],
                "burned": mine["burned"],
                "false_declarations": mine["false_declarations"],
                "uphill": mine["uphill"],
                "claims": mine["claims"],
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "rated_games": 0 if rated is None else rated[2],
            }
        head_to_head: list[HeadToHead] = []
        for a, b in self.pair_order():
            tally = self.pairs[(a, b)]
            head_to_head.append(
                {
                    "players": [names[a], names[b]],
                    "games": tally["games"],
                    "wins": {names[a]: tally["wins"][a], names[b]: tally["wins"][b]},
                    "points": {names[a]: tally["points"][a], names[b]: tally["points"][b]},
                }
            )
        minutes, timed = self.minutes
        return {
            "games": self.finished,
            "unfinished": self.unfinished,
            "players": shown,
            "head_to_head": head_to_head,
            "average_deals": round(self.deals / self.finished, 1) if self.finished else None,
            "average_minutes": round(minutes / timed, 1) if timed else None,
            "timeline": [],
            "best_games": self.best_games(names),
        }  # type: ignore[typeddict-item]  # the ratings' terms are the caller's

    # --- kept between runs: JSON's types alone (kept.keep writes them with marshal) ------

    def to_state(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "streaks": self.streaks,
            "pairs": [[list(pair), tally] for pair, tally in self.pairs.items()],
            "counts": [self.finished, self.unfinished, self.deals, self.minutes],
            "widest": self.widest,
            "highest": self.highest,
            "fastest": self.fastest,
            "records": self.records,
        }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Tally:
        """A tally from what ``to_state`` gave (read from a sealed row: its shape is this
        module's; a KeyError or TypeError is the caller's sign to work everything out)."""
        tally = cls()
        tally.players = state["players"]
        tally.streaks = state["streaks"]
        tally.pairs = {(pair[0], pair[1]): counts for pair, counts in state["pairs"]}
        tally.finished, tally.unfinished, tally.deals, tally.minutes = state["counts"]
        tally.widest, tally.highest = state["widest"], state["highest"]
        tally.fastest, tally.records = state["fastest"], state["records"]
        return tally
