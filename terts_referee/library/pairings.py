"""A club evening's schedule: who plays whom in which round (pure functions, no files).

``round_robin(players)`` pairs every two players exactly once over the evening, nobody twice in
a round, by the circle method: the players sit in two rows facing each other; after each round
everyone but the first moves one seat round the circle. With an odd count an empty seat joins
the circle, and whoever faces it sits the round out (the bye), each player exactly once. The
same players in the same order always give the same schedule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..domain.verdicts import Verdict
from ..errors import NotationError
from ..game.model import distinct_names
from ..i18n import N_p, register

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Round", "round_robin"]

#: A round robin needs two players; 32 is already 31 rounds, past any evening.
MIN_PLAYERS = 2
MAX_PLAYERS = 32

TEXT = register(
    N_p("club.players.count", "a round robin needs {least} to {most} players, not {n}"),
)


@dataclass(frozen=True)
class Round:
    """One round of the evening: its number (from 1), the pairs that play, table by table, and
    who sits it out (None with an even count)."""

    number: int
    pairs: tuple[tuple[str, str], ...]
    bye: str | None

    def to_dict(self) -> dict[str, Any]:
        """The round as ``club pairs --json`` gives it."""
        return {"pairs": [list(pair) for pair in self.pairs], "bye": self.bye}


def round_robin(players: Sequence[str]) -> list[Round]:
    """The rounds of an evening for ``players`` (their names checked as ``terts new`` checks
    them, stripped); raises NotationError for fewer than two, more than ``MAX_PLAYERS``, an
    empty name, a control character or a name given twice (case-insensitively).

    ``n`` players play ``n - 1`` rounds when ``n`` is even and ``n`` rounds when it is odd. The
    byes go in the order the players were named.
    """
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        params = {"least": MIN_PLAYERS, "most": MAX_PLAYERS, "n": len(players)}
        raise NotationError(Verdict("club.players.count", params))
    names: list[str | None] = list(distinct_names(players))
    if len(names) % 2:
        # The empty seat stays put and the others are seated so that the one facing it, who
        # sits the round out, is the first player in round 1, the second in round 2, ...
        seats = [None, *names[1:], names[0]]
    else:
        seats = names
    half = len(seats) // 2
    rounds = []
    for number in range(1, len(seats)):
        pairs: list[tuple[str, str]] = []
        bye = None
        for table in range(half):
            first, second = seats[table], seats[-1 - table]
            if first is None or second is None:
                bye = second if first is None else first
                continue
            if table == 0 and number % 2 == 0:
                # The fixed seat is always named first otherwise; alternate it.
                first, second = second, first
            pairs.append((first, second))
        rounds.append(Round(number, tuple(pairs), bye))
        seats = [seats[0], *seats[2:], seats[1]]  # everyone else moves one seat on
    return rounds
