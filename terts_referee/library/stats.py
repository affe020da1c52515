"""History and statistics over the library's game summaries: pure functions, no files.

Names match case-insensitively across games, as within one game (``Аня`` and ``аня`` are one
player; a unique prefix is enough in ``--player``); a player is shown by the spelling of his
latest game. Dates are the games' start (a format 1 file without times: the file's date),
compared by their local calendar day.

Streaks run over a player's finished games in the order they started: the longest run of wins,
and the current one (the run of wins that ends with his latest game; 0 after a loss). Head to
head counts a pair's wins and adds up their final totals; the best games are ``tally.Tally``'s.

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

if TYPE_CHECKING:
    from collections.abc import Callable

    from .ratings import RatingMemo

    RatingMemos = Callable[[str], RatingMemo]  # a period -> where its ratings are kept
    from .shapes import RatingTerms, Stats
    from .tally import PeriodRatings, Tally

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
    return names_in_order(_by_date(games))


def names_in_order(ordered: list[dict[str, Any]]) -> dict[str, str]:
    """``display_names`` of games in the order they started (``_by_date``)."""
    names: dict[str, str] = {}
    for game in ordered:
        for p in game["players"]:
            names[_key(p)] = p
    return names


def resolve_player(text: str, games: list[dict[str, Any]]) -> str:
    """The key of the player meant by ``text``: case-insensitive, a unique prefix is enough.

    Raises NotationError naming the library's players.
    """
    return resolve_name(text, display_names(games))


def resolve_name(text: str, names: dict[str, str]) -> str:
    """``resolve_player`` over the players' keys and shown names (``display_names``)."""
    from ..game.model import names_meant

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
        # Each test made only when its filter is given: asked of every game two or three
        # times a ``stats``, where mostly none is.
        if self.player or self.vs:
            keys = {_key(p) for p in game["players"]}
            if self.player and self.player not in keys:
                return False
            if self.vs and self.vs not in keys:
                return False
        if self.since or self.until:
            day = datetime.fromisoformat(game["date"]).date()
            if self.since and day < self.since:
                return False
            if self.until and day > self.until:
                return False
        return not (self.rules and _key(game["rules"]) != _key(self.rules))


def history(games: list[dict[str, Any]], filters: Filters) -> list[dict[str, Any]]:
    """The games kept by ``filters``, newest first, in the shape of ``history --json``."""
    return [history_entry(g) for g in reversed(filters.kept(games))]


def history_entry(g: dict[str, Any]) -> dict[str, Any]:
    """One game of ``history --json``."""
    return {
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


def _ratings(
    ordered: list[dict[str, Any]], filters: Filters, memos: RatingMemos | None = None
) -> tuple[dict[str, list[Any]], dict[tuple[str, str], float], RatingTerms]:
    """The ratings over the finished games among ``ordered`` (in the order they started) of
    the period ``filters`` name (its dates and rules, not its players): each player's [mu,
    sigma, games rated] by key, best first (as ``ratings.Ratings`` lists them), each player's
    rating just after each game, rounded as the timeline shows it, by (the game's key, the
    player's key), and what they mean (``stats --json``'s ``ratings``); ``memos(period)``:
    where the ratings after each game of the period are kept between runs. The figures of
    ``ratings.rate`` over the same games, read from the ratings after each game
    (``rate_in_order``) without a ``Point`` for each."""
    from .rating_step import _ordinal
    from .ratings import RatedGame, rate_in_order

    period = Filters(since=filters.since, until=filters.until, rules=filters.rules)
    memo = None
    if memos is not None:
        rules = _key(period.rules) if period.rules else None
        memo = memos(repr((str(period.since), str(period.until), rules)))
    rated = [g for g in ordered if g["finished"] and g["winner"] and period.keep(g)]
    played, afters = rate_in_order(
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
    current: dict[str, list[Any]] = {}
    after: dict[tuple[str, str], float] = {}  # (game key, player key) -> rating after it
    for game, figures in zip(played, afters, strict=True):
        for i, player in enumerate(game.players):
            k = _key(player)
            mu, sigma = figures[2 * i], figures[2 * i + 1]
            mine = current.get(k)
            current[k] = [mu, sigma, 1 if mine is None else mine[2] + 1]
            after[(game.key, k)] = round(_ordinal(mu, sigma), 2)
    best = sorted(current, key=lambda k: (-_ordinal(current[k][0], current[k][1]), k))
    return {k: current[k] for k in best}, after, rating_terms(len(rated))


def rating_terms(games: int) -> RatingTerms:
    """What the ratings mean (``stats --json``'s ``ratings``), over ``games`` rated."""
    from .rating_step import model_terms

    model = model_terms()
    return {
        "model": model["model"],
        "rating": model["rating"],
        "start": {"mu": model["start"]["mu"], "sigma": model["start"]["sigma"]},
        "games": games,
        "over": "every finished game of the period (--since, --until, --rules), whoever "
        "played it; --player and --vs only choose what is shown",
        "order": "the games by their start; games started at one moment by their id",
    }


def stats(games: list[dict[str, Any]], filters: Filters, memos: RatingMemos | None = None) -> Stats:
    """The figures of ``stats --json`` over the finished games ``filters`` keeps, with each
    player's rating (over the period: see the module's doc), and the chance of each of
    ``--player`` and ``--vs`` to win their next game when both are given and both have a
    rating in the period, whether or not they played each other. ``memos``: where the ratings
    after each game are kept between runs (``index.KeptRatings``), so that one game more is
    one game rated; the figures are the same without it. The figures are a fold over the
    games in order (``tally.Tally``): what ``answers`` keeps to add a later game to."""
    return stats_tally(games, filters, memos)[0]


def stats_tally(
    games: list[dict[str, Any]], filters: Filters, memos: RatingMemos | None = None
) -> tuple[Stats, Tally, PeriodRatings]:
    """``stats``' figures, with the tally and the period's ratings they were read from."""
    return tally_in_order(_by_date(games), filters, memos)


def tally_in_order(
    ordered: list[dict[str, Any]], filters: Filters, memos: RatingMemos | None = None
) -> tuple[Stats, Tally, PeriodRatings]:
    """``stats_tally`` of games in the order they started (``_by_date``): sorted once, by the
    caller, not again by each step."""
    from .tally import PeriodRatings, Tally, timeline_entry

    names = names_in_order(ordered)
    current, after, terms = _ratings(ordered, filters, memos)
    period = PeriodRatings(current, terms["games"])
    tally = Tally()
    timeline = []
    for game in ordered:
        if not filters.keep(game):
            continue
        tally.add(game, _key)
        if game["finished"]:
            mark = game.get("key") or game["file"]
            rated = {
                _key(p): after[(mark, _key(p))] for p in game["players"] if (mark, _key(p)) in after
            }
            timeline.append(timeline_entry(game, rated or None, _key, names))
    figures = tally.figures(names, period)
    figures["timeline"] = timeline
    figures["ratings"] = terms
    chance_of(figures, filters, names, period)
    return figures, tally, period


def chance_of(
    figures: Stats, filters: Filters, names: dict[str, str], period: PeriodRatings
) -> None:
    """``figures["chance"]``: the model's chance of ``--player`` and of ``--vs`` to win their
    next game, when both are given and both have a rating in the period (even if they never
    played each other)."""
    if not (filters.player and filters.vs and filters.player != filters.vs):
        return
    first, second = period.current.get(filters.player), period.current.get(filters.vs)
    if first is None or second is None:
        return
    from .rating_step import _model

    model = _model()
    a, b = model.predict_win([[model.rating(*first[:2])], [model.rating(*second[:2])]])
    figures["chance"] = {names[filters.player]: round(a, 3), names[filters.vs]: round(b, 3)}
