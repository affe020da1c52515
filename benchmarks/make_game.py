"""Benchmark games, built through the library as the commands would build them.

``twelve_deal_game()`` is a realistic game as a table records it in quick mode: twelve deals,
declarations, a challenge («Не годится!»), a question («Рост?») asked with nothing to show and
its empty-challenge penalty, a marriage, a four, a false declaration and a miscount. The
twelfth deal is left open (one declaration made, no count yet), so ``terts status`` has a live
deal to describe. The target is raised to 5000 so that the game does
not end before deal 12 (classic's 501 would be reached around deal 6).

``replay_events(n)`` builds an ``n``-event game for the replay benchmark: a two-deal cycle of
eight events that every ruleset check lets through (quick deals, so declarations are not timed;
one declaration per turn; no lowering, because each run is declared once per deal), with the
target far out of reach. Any prefix of it is a valid game too.

Run it to write a game file:

    python benchmarks/make_game.py game.toml             # the 12-deal game
    python benchmarks/make_game.py game.toml --events 10000
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from terts_referee.domain.cards import Rank, Suit
from terts_referee.domain.declarations import Declaration
from terts_referee.domain.events import (
    Ask,
    Challenge,
    DealEvent,
    Declare,
    Event,
    Penalty,
    PenaltyKind,
    Score,
)
from terts_referee.domain.rules import Ruleset, load_ruleset
from terts_referee.game.model import Game
from terts_referee.game.storage import create_game
from terts_referee.referee import replay

PLAYERS = ("Аня", "Боря")
A, B = PLAYERS

SUITS = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)


def rules(target: int) -> Ruleset:
    """The classic ruleset with the game's target moved to ``target``."""
    return load_ruleset("classic").with_values(game={"target": target})


def run(length: int, top: Rank, suit: Suit) -> Declaration:
    return Declaration.sequence(length, top, suit)


def _twelve_deal_script() -> list[list[Event]]:
    """The events of each deal; a deal that is scored ends with its Score."""
    H, S, D, C = SUITS
    marriage = Declaration.marriage
    return [
        # 1: a terts and a marriage of trumps (one deck: they share no card)
        [
            DealEvent(None, H, None, quick=True),
            Declare(A, (run(3, Rank.JACK, H),)),
            Declare(B, (marriage(H),)),
            Score(B, 54, A),
        ],
        # 2: a fifty beaten by a hundred («Не годится!»)
        [
            DealEvent(None, S, None, quick=True),
            Declare(B, (run(4, Rank.KING, S),)),
            Challenge(A, run(5, Rank.JACK, D)),
            Declare(B, (marriage(S),)),
            Score(A, 71, B),
        ],
        # 3: a four of kings, a false declaration voided
        [
            DealEvent(None, D, None, quick=True),
            Declare(A, (Declaration.four(Rank.KING),)),
            Declare(B, (run(3, Rank.TEN, C),)),
            Penalty(B, PenaltyKind.FALSE_DECLARATION),
            Score(A, 88, A),
        ],
        # 4: plain deal
        [
            DealEvent(None, C, None, quick=True),
            Declare(B, (run(3, Rank.ACE, C),)),
            Score(B, 62, B),
        ],
        # 5: two runs in different suits, a miscount
        [
            DealEvent(None, H, None, quick=True),
            Declare(A, (run(3, Rank.JACK, S),)),
            Declare(A, (run(4, Rank.ACE, D),)),
            Declare(B, (marriage(H),)),
            Score(B, 80, A),
            Penalty(B, PenaltyKind.MISCOUNT, points=10),
        ],
        # 6: nothing declared
        [
            DealEvent(None, S, None, quick=True),
            Score(A, 75, A),
        ],
        # 7: a terts asked about, an empty-challenge penalty (the asker's, who showed nothing)
        [
            DealEvent(None, D, None, quick=True),
            Declare(A, (run(3, Rank.KING, D),)),
            Ask(B),
            Penalty(B, PenaltyKind.EMPTY_CHALLENGE),
            Score(B, 97, B),
        ],
        # 8: four aces and a marriage
        [
            DealEvent(None, C, None, quick=True),
            Declare(B, (Declaration.four(Rank.ACE),)),
            Declare(A, (marriage(C),)),
            Score(A, 44, B),
        ],
        # 9: a hundred
        [
            DealEvent(None, H, None, quick=True),
            Declare(A, (run(5, Rank.ACE, H),)),
            Score(A, 91, A),
        ],
        # 10: runs for both
        [
            DealEvent(None, S, None, quick=True),
            Declare(B, (run(3, Rank.NINE, S),)),
            Declare(A, (run(3, Rank.QUEEN, C),)),
            Score(B, 66, A),
        ],
        # 11: four jacks (200)
        [
            DealEvent(None, D, None, quick=True),
            Declare(B, (Declaration.four(Rank.JACK),)),
            Declare(A, (marriage(D),)),
            Score(B, 58, B),
        ],
        # 12: open: a fifty declared, the count not written yet
        [
            DealEvent(None, C, None, quick=True),
            Declare(A, (run(4, Rank.JACK, H),)),
        ],
    ]


def twelve_deal_game(target: int = 5000) -> Game:
    """The realistic 12-deal game (deal 12 open), every event recorded through ``Game.record``."""
    game = Game(PLAYERS, rules(target))
    for deal in _twelve_deal_script():
        for event in deal:
            game.record(event)
    sheet = game.sheet()
    assert len(sheet.deals) == 12 and not sheet.finished and sheet.current is not None
    return game


def _cycle(i: int) -> list[Event]:
    """Two quick deals, eight events; ``i`` varies the suits, the counts and who does what."""
    s1, s2 = SUITS[i % 4], SUITS[(i + 1) % 4]
    p, q = PLAYERS if i % 2 == 0 else PLAYERS[::-1]
    points = (54, 71, 88, 62, 80, 75, 97, 44)
    return [
        DealEvent(None, s1, None, quick=True),
        Declare(p, (run(3, Rank.QUEEN, s1),)),
        Score(q, points[i % 8], p),
        Penalty(q, PenaltyKind.MISCOUNT, points=10),
        DealEvent(None, s2, None, quick=True),
        Declare(q, (run(4, Rank.KING, s2),)),
        Challenge(p, run(5, Rank.ACE, s1)),
        Score(p, points[(i + 3) % 8], q),
    ]


def replay_events(n: int) -> list[Event]:
    """``n`` events of a valid game (see the module docstring)."""
    events: list[Event] = []
    i = 0
    while len(events) < n:
        events.extend(_cycle(i))
        i += 1
    return events[:n]


def replay_game(n: int, check: bool = True) -> Game:
    """An ``n``-event game a game file may hold (its validation bounds the target at 5000): the
    cycle of ``replay_events`` with two late-declaration penalties of 500 uphill each after it,
    one on each player's declaration of the cycle's second deal (the fifty and the challenge
    that beat it: a quick deal records no moment, so the players may name one late), so that
    the targets move away faster than the totals and the game never ends. Ten events a cycle;
    ``n`` a multiple of ten ends after a scored deal, so ``deal`` is next.

    The events are appended directly (``Game.record`` judging each would be slower to build);
    ``check`` replays the log once, strictly.
    """
    events: list[Event] = []
    i = 0
    while len(events) < n:
        events.extend(_cycle(i))
        late = PenaltyKind.LATE_DECLARATION  # each player's latest declaration, charged once
        events.extend(Penalty(player, late, points=500) for player in PLAYERS)
        i += 1
    game = Game(PLAYERS, rules(5000), events[:n])
    if check:
        sheet = replay(game.players, game.events, game.rules)
        assert not sheet.finished
    return game


def write(game: Game, path: Path) -> Path:
    """Write ``game`` to ``path`` (overwriting) through ``storage.create_game``."""
    create_game(path, game.to_doc(), force=True)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path, help="the game file to write (overwritten)")
    parser.add_argument(
        "--events", type=int, default=0, help="write an N-event replay game instead of 12 deals"
    )
    args = parser.parse_args(argv)
    game = replay_game(args.events) if args.events else twelve_deal_game()
    write(game, args.path)
    sheet = game.sheet()
    print(f"wrote {args.path}: {len(game.events)} events, {len(sheet.deals)} deals")
    return 0


def bench_game(workdir: Path, given: Path | None) -> Path:
    """The game file to benchmark: the one given, else the 12-deal game written in ``workdir``."""
    if given is not None:
        return given.resolve()
    return write(twelve_deal_game(), workdir / "game12.toml")


if __name__ == "__main__":
    sys.exit(main())
