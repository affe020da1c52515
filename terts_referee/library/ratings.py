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

openskill is imported when ratings are computed, not with this module: the commands that
never rate (``terts status``, a recording command) do not pay its imports (about 13 ms).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = ["PlayerRating", "Point", "RatedGame", "Ratings", "model_terms", "rate"]


def _key(name: str) -> str:
    """How the library matches a player's name across games."""
    return name.strip().casefold()


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
        return (
            self.started.timestamp(),
            self.key,
            tuple(sorted(_key(p) for p in self.players)),
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


def _model() -> PlackettLuce:
    """openskill's Plackett-Luce model with its own defaults (mu 25, sigma 25/3, beta 25/6,
    tau 25/300: sigma widens a little before each game, so that a rating keeps moving)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


def model_terms() -> dict[str, Any]:
    """What the numbers mean, for a face to state beside them (``stats --json``)."""
    model = _model()
    return {
        "model": "openskill Plackett-Luce",
        "rating": "mu - 3 * sigma",
        "start": {"mu": model.mu, "sigma": model.sigma},
    }


def rate(games: Iterable[RatedGame]) -> Ratings:
    """The ratings after ``games`` (finished games, in any order: they are taken by their start
    time). Raises ValueError for a game whose players are one name twice or whose winner is
    not one of them (a summary of a finished game never is)."""
    ordered = sorted(games, key=RatedGame.order)
    model = _model()
    current: dict[str, Any] = {}  # player key -> openskill rating object
    names: dict[str, str] = {}  # player key -> spelling of the latest game
    history: dict[str, list[Point]] = {}
    for game in ordered:
        first, second = game.players
        keys = (_key(first), _key(second))
        if keys[0] == keys[1]:
            raise ValueError(f"a game of {first!r} against {second!r}: one player twice")
        if _key(game.winner) not in keys:
            raise ValueError(f"{game.winner!r} won a game of {first!r} and {second!r}")
        before = [current.get(k) or model.rating() for k in keys]
        ranks: list[float] = [0 if k == _key(game.winner) else 1 for k in keys]
        after = model.rate([[before[0]], [before[1]]], ranks=ranks)
        for i, key in enumerate(keys):
            (new,) = after[i]
            current[key] = new
            names[key] = game.players[i]
            history.setdefault(key, []).append(
                Point(
                    started=game.started,
                    opponent=game.players[1 - i],
                    won=ranks[i] == 0,
                    mu=new.mu,
                    sigma=new.sigma,
                    rating=new.ordinal(),
                    key=game.key,
                )
            )
    players = [
        PlayerRating(
            name=names[key],
            mu=r.mu,
            sigma=r.sigma,
            rating=r.ordinal(),
            history=tuple(history[key]),
        )
        for key, r in current.items()
    ]
    return Ratings(players, model)
