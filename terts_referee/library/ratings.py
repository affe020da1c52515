"""Players' ratings over finished games (pure functions, no files).

``rate(games)`` runs the games through openskill's Plackett-Luce model in the order they were
played and gives each player a skill estimate ``mu`` with its uncertainty ``sigma`` (a newcomer
starts at 25 ± 8.33, the model's defaults) and the value shown, ``rating``: openskill's
``ordinal``, ``mu - 3 * sigma``, a conservative figure (the player is very likely at least that
good) that starts at 0 and grows as games both raise ``mu`` and narrow ``sigma``. Each player
also gets a history, one point a game, for a chart; ``Ratings.chance(a, b)`` is the model's
chance of each winning the next game between them.

The same games always give the same numbers: there is no randomness in the model, and the
games are taken by start time, games started at the same moment by their ``key`` (a file name
or a game's id) and then by their players and winner. Names match as in the library: without
surrounding spaces and case-insensitively (``Аня`` and ``аня`` are one player, shown as spelt in
the latest game).

A ``memo`` (``RatingMemo``) keeps the ratings after each game, in game order, between runs:
the games a period held last time and holds still, in the same order, are not rated again
(one game more is one game rated); any change before a game rates from there on. The numbers
are the model's own either way: a rating is its two floats, and the model is given the same.

openskill is imported when ratings are computed, not with this module: the commands that
never rate (``terts status``, a recording command) do not pay its imports (about 13 ms).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

# The one step of rating a game, in a module of its own (one game more needs only it); ``_rated``
# named again so that it is this module's (a test counts the games ``rate_in_order`` rates).
from .rating_step import After, _key, _model, _ordinal, _sides, model_terms, rate_one
from .rating_step import _rated as _rated

if TYPE_CHECKING:
    from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = [
    "After",
    "PlayerRating",
    "Point",
    "RatedGame",
    "RatingMemo",
    "Ratings",
    "model_terms",
    "rate",
    "rate_in_order",
    "rate_one",
]


class RatingMemo(Protocol):
    """Where the ratings after each game of one period are kept between runs: ``load`` gives
    what ``save`` was given last (the chain of the games rated, one link a game, and the
    ratings after each), or None."""

    def load(self) -> tuple[list[str], list[After]] | None: ...

    def save(self, chain: list[str], after: list[After]) -> None: ...


def _chain(games: list[RatedGame]) -> list[str]:
    """One link a game: a hash of every game up to it, by what the model reads of it (the
    players' keys in their order and the winner's): two periods share their ratings for as
    many games as their chains share links."""
    from ..compat import blake2b  # not hashlib: none of its other hashes here

    links, h = [], b""
    for game in games:
        text = repr((_key(game.players[0]), _key(game.players[1]), _key(game.winner)))
        h = blake2b(h + text.encode("utf-8", "surrogatepass"), digest_size=12).digest()
        links.append(h.hex())
    return links


@dataclass(frozen=True)
class RatedGame:
    """One finished game as rating reads it: its two players, who won, when it started, and a
    ``key`` that orders games started at the same moment (the file's name or the game's id)."""

    players: tuple[str, str]
    winner: str
    started: datetime
    key: str = ""

    def order(self) -> tuple[float, str, tuple[str, ...], str]:
        """The place of the game in the evening: start time, then the tie-breaks (a naive time
        counts as local)."""
        first, second = _key(self.players[0]), _key(self.players[1])
        return (
            self.started.timestamp(),
            self.key,
            (first, second) if first <= second else (second, first),  # the two keys sorted
            _key(self.winner),
        )


@dataclass(frozen=True)
class Point:
    """A player's rating just after one game: the game's start, the opponent (as spelt in that
    game), whether the player won, the rating then, and the game's ``key``."""

    started: datetime
    opponent: str
    won: bool
    mu: float
    sigma: float
    rating: float
    key: str = ""


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating after all the games: ``mu`` ± ``sigma``, the conservative ``rating``
    (``mu - 3 * sigma``) and the ``history``, one ``Point`` a game in the order played."""

    name: str
    mu: float
    sigma: float
    rating: float
    history: tuple[Point, ...]

    @property
    def games(self) -> int:
        return len(self.history)


class Ratings:
    """Every rated player, best rating first (then by name); looked up by name the way the
    library matches names (``ratings["аня"]``)."""

    def __init__(self, players: Iterable[PlayerRating], model: PlackettLuce):
        ranked = sorted(players, key=lambda p: (-p.rating, _key(p.name)))
        self._players = {_key(p.name): p for p in ranked}
        self._model = model

    def __iter__(self) -> Iterator[PlayerRating]:
        return iter(self._players.values())

    def __len__(self) -> int:
        return len(self._players)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and _key(name) in self._players

    def __getitem__(self, name: str) -> PlayerRating:
        return self._players[_key(name)]

    def get(self, name: str) -> PlayerRating | None:
        return self._players.get(_key(name))

    def chance(self, a: str, b: str) -> tuple[float, float]:
        """The model's chance of ``a`` and of ``b`` winning their next game (they add up to 1).
        A name without a rated game counts as a newcomer (the model's starting rating)."""
        model = self._model

        def rating(name: str) -> PlackettLuceRating:
            known = self.get(name)
            return model.rating() if known is None else model.rating(known.mu, known.sigma)

        first, second = model.predict_win([[rating(a)], [rating(b)]])
        return first, second


def rate(games: Iterable[RatedGame], memo: RatingMemo | None = None) -> Ratings:
    """The ratings after ``games`` (finished games, in any order: they are taken by their start
    time), with the ratings after the games ``memo`` holds already taken from it (see the
    module's doc). Raises ValueError for a game whose players are one name twice or whose
    winner is not one of them (a summary of a finished game never is)."""
    ordered, afters = rate_in_order(games, memo)
    current: dict[str, tuple[float, float]] = {}  # player key -> (mu, sigma)
    names: dict[str, str] = {}  # player key -> spelling of the latest game
    history: dict[str, list[Point]] = {}
    for game, after in zip(ordered, afters, strict=True):
        keys, ranks = _sides(game.players, game.winner)
        for i, key in enumerate(keys):
            mu, sigma = after[2 * i], after[2 * i + 1]
            current[key] = (mu, sigma)
            names[key] = game.players[i]
            history.setdefault(key, []).append(
                Point(
                    started=game.started,
                    opponent=game.players[1 - i],
                    won=ranks[i] == 0,
                    mu=mu,
                    sigma=sigma,
                    rating=_ordinal(mu, sigma),
                    key=game.key,
                )
            )
    players = [
        PlayerRating(
            name=names[key],
            mu=mu,
            sigma=sigma,
            rating=_ordinal(mu, sigma),
            history=tuple(history[key]),
        )
        for key, (mu, sigma) in current.items()
    ]
    return Ratings(players, _model())


def rate_in_order(
    games: Iterable[RatedGame], memo: RatingMemo | None = None
) -> tuple[list[RatedGame], list[After]]:
    """The games in the order they are rated (``RatedGame.order``) and the two players'
    ratings just after each: what ``rate`` reads its ratings and histories from, and
    ``stats`` its figures (without a ``Point`` for each player of each game). The ratings
    after the games ``memo`` holds are taken from it; ValueError as for ``rate``."""
    ordered = sorted(games, key=RatedGame.order)
    model = _model()
    chain = _chain(ordered) if memo is not None else []
    known = memo.load() if memo is not None else None
    same = 0
    if known is not None:
        old_chain, old_after = known
        most = min(len(old_chain), len(chain), len(old_after))
        while same < most and old_chain[same] == chain[same]:
            same += 1
    from ..compat import pair_rater

    step = pair_rater(model)  # this call's own: a rater is not shared between threads
    current: dict[str, tuple[float, float]] = {}  # player key -> (mu, sigma)
    afters: list[After] = []
    for n, game in enumerate(ordered):
        keys, ranks = _sides(game.players, game.winner)
        if n < same and known is not None:
            after: After = tuple(known[1][n])  # type: ignore[assignment]
        else:
            after = _rated(model, current, keys, ranks, step)
        afters.append(after)
        current[keys[0]] = (after[0], after[1])
        current[keys[1]] = (after[2], after[3])
    if memo is not None and (known is None or same < len(chain) or len(known[0]) != len(chain)):
        memo.save(chain, afters)
    return ordered, afters
