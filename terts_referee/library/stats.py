"""History and statistics over the library's game summaries: pure functions, no files.

Names match case-insensitively across games, as within one game (``Аня`` and ``аня`` are one
player; a unique prefix is enough in ``--player``); a player is shown by the spelling of his
latest game. Dates are the games' start (a format 1 file without times: the file's date),
compared by their local calendar day.

Streaks run over a player's finished games in the order they started: the longest run of wins,
and the current one (the run of wins that ends with his latest game; 0 after a loss). Head to
head counts a pair's wins and adds up their final totals; the best games are ``best_games``'.

Ratings (``ratings.py``) are worked out over the finished games of the period the filters name
(``--since``, ``--until``, ``--rules``), whoever played them: ``--player`` and ``--vs`` choose
only what is shown, so a player's rating is the same whichever games are shown, and beating a
strong opponent counts for more than beating a newcomer. openskill is imported only here, when
``stats`` runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..domain.verdicts import Verdict
from ..errors import NotationError
from ..i18n import N_p, register, t
from .best_games import best_games
from .summary import add_figures, blank_figures

if TYPE_CHECKING:
    from collections.abc import Callable

    from .ratings import RatingMemo, Ratings

    RatingMemos = Callable[[str], RatingMemo]  # a period -> where its ratings are kept
    from .shapes import HeadToHead, PlayerStats, RatingTerms, Stats

__all__ = ["Filters", "history", "parse_date", "resolve_player", "stats"]

TEXT = register(
    N_p("library.bad_date", "{text!r} is not a date: expected YYYY-MM-DD, like 2026-11-30"),
    N_p("library.no_player", "no player {name!r} in the library: its players are {names}"),
    N_p("library.ambiguous", "{name!r} could be {names}: type more of the name"),
    N_p("library.empty", "(none)"),
    N_p("library.vs_alone", "--vs needs --player: the games of one player against another"),
)


def parse_date(text: str | None) -> date | None:
    """``YYYY-MM-DD`` (a full ISO time is accepted too); raises NotationError."""
    if text is None or not text.strip():
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        try:
            return datetime.fromisoformat(text.strip()).date()
        except ValueError:
            raise NotationError(Verdict("library.bad_date", {"text": text})) from None


@lru_cache(maxsize=4096)
def _key(name: str) -> str:
    """How names match across games. Remembered: a library of 10,000 games asks it some
    250,000 times of a few dozen names (a long-running server keeps at most 4,096)."""
    return name.strip().casefold()


def _by_date(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games by their start; games started at one moment by their key (the game's id), as the
    ratings take them, whatever their files are called."""
    return sorted(
        games,
        key=lambda g: (datetime.fromisoformat(g["date"]), g.get("key") or "", g["file"]),
    )


def display_names(games: list[dict[str, Any]]) -> dict[str, str]:
    """Each player's key -> the spelling of his latest game."""
    names: dict[str, str] = {}
    for game in _by_date(games):
        for p in game["players"]:
            names[_key(p)] = p
    return names


def resolve_player(text: str, games: list[dict[str, Any]]) -> str:
    """The key of the player meant by ``text``: case-insensitive, a unique prefix is enough.

    Raises NotationError naming the library's players.
    """
    from ..game.model import names_meant

    names = display_names(games)
    found = sorted(names_meant(text, names))  # the keys are case-folded already
    if len(found) == 1:
        return found[0]
    if found:
        raise NotationError(
            Verdict(
                "library.ambiguous", {"name": text, "names": ", ".join(names[k] for k in found)}
            )
        )
    listed = ", ".join(sorted(names.values())[:12]) or t("library.empty")
    raise NotationError(Verdict("library.no_player", {"name": text, "names": listed}))


@dataclass(frozen=True)
class Filters:
    """``--player``, ``--vs`` (player keys), ``--since``, ``--until``, ``--rules``."""

    player: str | None = None
    vs: str | None = None
    since: date | None = None
    until: date | None = None
    rules: str | None = None

    def kept(self, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The games these filters keep, in the order they started."""
        return [g for g in _by_date(games) if self.keep(g)]

    def keep(self, game: dict[str, Any]) -> bool:
        keys = {_key(p) for p in game["players"]}
        if self.player and self.player not in keys:
            return False
        if self.vs and self.vs not in keys:
            return False
        day = datetime.fromisoformat(game["date"]).date()
        if self.since and day < self.since:
            return False
        if self.until and day > self.until:
            return False
        return not (self.rules and _key(game["rules"]) != _key(self.rules))


def history(games: list[dict[str, Any]], filters: Filters) -> list[dict[str, Any]]:
    """The games kept by ``filters``, newest first, in the shape of ``history --json``."""
    kept = filters.kept(games)
    return [
        {
            "file": g["file"],
            "started": g["date"],
            "finished": g["last_event"] if g["finished"] else None,
            "players": g["players"],
            "rules": g["rules"],
            "winner": g["winner"] if g["finished"] else None,
            "totals": g["totals"],
            "deals": g["deals"],
            "minutes": g["minutes"],
        }
        for g in reversed(kept)
    ]


def _mean(values: list[float], digits: int = 1) -> float | None:
    return round(sum(values) / len(values), digits) if values else None


def _ratings(
    games: list[dict[str, Any]], filters: Filters, memos: RatingMemos | None = None
) -> tuple[Ratings, RatingTerms]:
    """The ratings over the finished games of the period ``filters`` name (its dates and rules,
    not its players), and what they mean (``stats --json``'s ``ratings``); ``memos(period)``:
    where the ratings after each game of the period are kept between runs."""
    from .ratings import RatedGame, model_terms, rate

    period = Filters(since=filters.since, until=filters.until, rules=filters.rules)
    memo = None
    if memos is not None:
        rules = _key(period.rules) if period.rules else None
        memo = memos(repr((str(period.since), str(period.until), rules)))
    rated = [g for g in period.kept(games) if g["finished"] and g["winner"]]
    ratings = rate(
        (
            RatedGame(
                players=(g["players"][0], g["players"][1]),
                winner=g["winner"],
                started=datetime.fromisoformat(g["date"]),
                key=g.get("key") or g["file"],
            )
            for g in rated
        ),
        memo,
    )
    model = model_terms()
    terms: RatingTerms = {
        "model": model["model"],
        "rating": model["rating"],
        "start": {"mu": model["start"]["mu"], "sigma": model["start"]["sigma"]},
        "games": len(rated),
        "over": "every finished game of the period (--since, --until, --rules), whoever "
        "played it; --player and --vs only choose what is shown",
        "order": "the games by their start; games started at one moment by their id",
    }
    return ratings, terms


def stats(games: list[dict[str, Any]], filters: Filters, memos: RatingMemos | None = None) -> Stats:
    """The figures of ``stats --json`` over the finished games ``filters`` keeps, with each
    player's rating (over the period: see the module's doc), and the chance of each of
    ``--player`` and ``--vs`` to win their next game when both are given and both have a
    rating in the period, whether or not they played each other. ``memos``: where the ratings
    after each game are kept between runs (``index.KeptRatings``), so that one game more is
    one game rated; the figures are the same without it."""
    names = display_names(games)
    ratings, terms = _ratings(games, filters, memos)
    kept = filters.kept(games)
    finished = [g for g in kept if g["finished"]]
    players: dict[str, dict[str, Any]] = {}
    results: dict[str, list[bool]] = {}
    pairs: dict[tuple[str, ...], dict[str, Any]] = {}
    for game in finished:
        winner = _key(game["winner"]) if game["winner"] else None
        keys = [_key(p) for p in game["players"]]
        for p in game["players"]:
            k = _key(p)
            mine = players.setdefault(k, {"games": 0, "wins": 0, **blank_figures()})
            mine["games"] += 1
            mine["wins"] += winner == k
            results.setdefault(k, []).append(winner == k)
            add_figures(mine, game["figures"][p])
        pair = tuple(sorted(keys))
        tally = pairs.setdefault(
            pair, {"games": 0, "wins": dict.fromkeys(pair, 0), "points": dict.fromkeys(pair, 0)}
        )
        tally["games"] += 1
        for p in game["players"]:
            tally["points"][_key(p)] += game["totals"][p]
        if winner in tally["wins"]:
            tally["wins"][winner] += 1

    shown: dict[str, PlayerStats] = {}
    order = sorted(players, key=lambda k: (-players[k]["games"], -players[k]["wins"], k))
    for k in order:
        mine = players[k]
        run, longest = 0, 0
        for won in results[k]:
            run = run + 1 if won else 0
            longest = max(longest, run)
        mine["win_rate"] = round(mine["wins"] / mine["games"], 3)
        mine["points_per_deal"] = (
            round(mine["points"] / mine["deals"], 1) if mine["deals"] else None
        )
        mine["current_streak"] = run
        mine["longest_streak"] = longest
        rated = ratings.get(k)  # None only for a player of finished games without a winner
        for item in ("rating", "mu", "sigma"):
            mine[item] = None if rated is None else round(getattr(rated, item), 2)
        mine["rated_games"] = 0 if rated is None else rated.games
        shown[names[k]] = {
            "games": mine["games"],
            "wins": mine["wins"],
            "win_rate": mine["win_rate"],
            "current_streak": mine["current_streak"],
            "longest_streak": mine["longest_streak"],
            "deals": mine["deals"],
            "points": mine["points"],
            "points_per_deal": mine["points_per_deal"],
            "best_deal": mine["best_deal"],
            "declarations": mine["declarations"],
            "challenges_won": mine["challenges_won"],
            "burned": mine["burned"],
            "false_declarations": mine["false_declarations"],
            "uphill": mine["uphill"],
            "claims": mine["claims"],
            "rating": mine["rating"],
            "mu": mine["mu"],
            "sigma": mine["sigma"],
            "rated_games": mine["rated_games"],
        }
    head_to_head: list[HeadToHead] = [
        {
            "players": [names[a], names[b]],
            "games": tally["games"],
            "wins": {names[a]: tally["wins"][a], names[b]: tally["wins"][b]},
            "points": {names[a]: tally["points"][a], names[b]: tally["points"][b]},
        }
        for (a, b), tally in sorted(pairs.items(), key=lambda item: (-item[1]["games"], item[0]))
    ]
    minutes = [g["minutes"] for g in finished if g["minutes"] is not None]
    after: dict[tuple[str, str], float] = {}  # (game key, player key) -> rating after it
    for player in ratings:
        for point in player.history:
            after[(point.key, _key(player.name))] = round(point.rating, 2)
    figures: Stats = {
        "games": len(finished),
        "unfinished": len(kept) - len(finished),
        "players": shown,
        "head_to_head": head_to_head,
        "average_deals": _mean([g["deals"] for g in finished]),
        "average_minutes": _mean(minutes),
        "timeline": [
            {
                "date": g["date"],
                "players": g["players"],
                "winner": g["winner"],
                "ratings": {
                    names[_key(p)]: after.get((g.get("key") or g["file"], _key(p)))
                    for p in g["players"]
                },
            }
            for g in finished
        ],
        "best_games": best_games(finished, _key, names),
        "ratings": terms,
    }
    if filters.player and filters.vs and filters.player != filters.vs:
        a, b = names[filters.player], names[filters.vs]
        if a in ratings and b in ratings:  # even if they never played each other
            first, second = ratings.chance(a, b)
            figures["chance"] = {a: round(first, 3), b: round(second, 3)}
    return figures
