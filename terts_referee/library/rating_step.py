"""One game rated, and what a kept tally needs of the model (``tally.PeriodRatings``,
``stats``' terms and chances): the step of ``ratings.rate`` without the rest of that module (its
classes and their hashes), since one game more rates one game and nothing else.

The numbers are openskill's Plackett-Luce model's, through ``compat.pair_rater``; openskill is
imported when a game is rated, not with this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

    from ..compat import PairRater

__all__ = ["After", "model_terms", "rate_one"]

#: The two players' (mu, sigma) just after one game, in the game's order of players.
After = tuple[float, float, float, float]


@lru_cache(maxsize=4096)
def _key(name: str) -> str:
    """How the library matches a player's name across games (remembered: asked for every
    player of every game, of a few dozen names)."""
    return name.strip().casefold()


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


def _sides(players: tuple[str, str], winner: str) -> tuple[tuple[str, str], list[float]]:
    """A game's two player keys and their ranks (0 the winner); ValueError for a game of one
    name twice or whose winner is not one of them (a summary of a finished game never is)."""
    first, second = players
    keys = (_key(first), _key(second))
    if keys[0] == keys[1]:
        raise ValueError(f"a game of {first!r} against {second!r}: one player twice")
    if _key(winner) not in keys:
        raise ValueError(f"{winner!r} won a game of {first!r} and {second!r}")
    return keys, [0 if k == _key(winner) else 1 for k in keys]


def rate_one(
    model: PlackettLuce,
    current: Mapping[str, Sequence[float]],
    players: tuple[str, str],
    winner: str,
) -> After:
    """One game rated: the two players' (mu, sigma) just after it, from ``current`` (each
    player's (mu, sigma, …) before it, by key; a newcomer at the model's start). The one
    step of ``rate`` and of a kept tally's (``tally.PeriodRatings``)."""
    from ..compat import pair_rater

    keys, ranks = _sides(players, winner)
    return _rated(model, current, keys, ranks, pair_rater(model))


def _rated(
    model: PlackettLuce,
    current: Mapping[str, Sequence[float]],
    keys: tuple[str, str],
    ranks: list[float],
    step: PairRater,
) -> After:
    """``rate_one`` of the players ``keys`` with their ``ranks``, by ``step``
    (``compat.pair_rater``: the floats of ``model.rate([[first], [second]], ranks=ranks)``,
    which takes the teams in the order of their ranks)."""
    first, second = (current.get(k) for k in keys)
    mu0, sigma0 = (model.mu, model.sigma) if first is None else (first[0], first[1])
    mu1, sigma1 = (model.mu, model.sigma) if second is None else (second[0], second[1])
    if ranks[0] == 0:
        return step(mu0, sigma0, mu1, sigma1)
    won_mu, won_sigma, lost_mu, lost_sigma = step(mu1, sigma1, mu0, sigma0)
    return (lost_mu, lost_sigma, won_mu, won_sigma)


def _ordinal(mu: float, sigma: float) -> float:
    """openskill's ``ordinal()`` with its defaults (z 3, alpha 1, target 0), ``mu - 3 sigma``,
    worked out as it does: ``alpha * ((mu - z * sigma) + target / alpha)``."""
    return 1.0 * ((mu - 3.0 * sigma) + 0.0 / 1.0)
