"""One long deal: `terts sheet` and `terts sheet --as RULESET` against the events of one deal.

A quick deal of a house ruleset (classic with ``exchange.mandatory = true``, to 5000) opens with
four declarations and then holds N penalties, a cycle of a miscount by each player, an empty
challenge and a trump-seven penalty. Replayed under ``classic`` (``--as classic``, the what-if)
every trump-seven penalty is refused there and skipped: a quarter of the deal. Before the
what-if saved the deal by its structure, each event deep-copied the whole deal first, and each
settled penalty summed the deal's penalties again: 1,000 events took 11 s.

For each size the game is timed in process (``Game.sheet()``, strict, and ``Game.sheet(
classic)``, the what-if), then written and run as ``terts sheet`` and ``terts sheet --as
classic`` in a fresh process (median of ``--runs``). Both should cost the same per event at
every size. Not a test; pytest does not collect it.

    python benchmarks/bench_deal.py [--sizes 1000 10000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from terts_referee.domain.cards import Rank, Suit
from terts_referee.domain.declarations import Declaration
from terts_referee.domain.events import DealEvent, Declare, Event, Penalty, PenaltyKind
from terts_referee.domain.rules import load_ruleset
from terts_referee.game.model import Game
from terts_referee.game.storage import create_game

A, B = "Аня", "Боря"


def house_rules():
    classic = load_ruleset("classic")
    return classic._replace(
        name="house",
        game=classic.game._replace(target=5000),
        exchange=classic.exchange._replace(mandatory=True),
    )


def long_deal(n: int) -> Game:
    """A game of one open quick deal: the deal, four declarations, then ``n`` penalties."""
    events: list[Event] = [DealEvent(None, Suit.HEARTS, None, quick=True)]
    events += [
        Declare(A, (Declaration.sequence(3, Rank.QUEEN, Suit.SPADES),)),
        Declare(B, (Declaration.sequence(4, Rank.KING, Suit.CLUBS),)),
        Declare(A, (Declaration.marriage(Suit.HEARTS),)),
        Declare(B, (Declaration.sequence(3, Rank.ACE, Suit.DIAMONDS),)),
    ]
    cycle = [
        Penalty(A, PenaltyKind.MISCOUNT, points=10),
        Penalty(B, PenaltyKind.MISCOUNT, points=10),
        Penalty(A, PenaltyKind.MISCOUNT, points=5),
        Penalty(B, PenaltyKind.TRUMP_SEVEN, points=0),
    ]
    while len(events) < n:
        events.append(cycle[len(events) % len(cycle)])
    return Game((A, B), house_rules(), events[:n], quick=True)


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    classic = load_ruleset("classic")
    env = {**os.environ, "NO_COLOR": "1", "TERTS_LANG": "en"}
    terts = [sys.executable, "-m", "terts_referee"]
    print(
        f"{'events':>7} {'sheet ms':>9} {'µs/ev':>6} {'--as ms':>8} {'µs/ev':>6} {'skipped':>7}"
        f" | {'terts sheet':>11} {'--as':>7}"
    )
    with tempfile.TemporaryDirectory(prefix="terts-bench-deal-") as work:
        for n in sorted(args.sizes):
            game = long_deal(n)
            strict = timed(game.sheet)
            sheet = game.sheet(classic)
            whatif = timed(lambda: game.sheet(classic))  # noqa: B023 - called at once
            path = Path(work) / f"deal{n}.toml"
            create_game(path, game.to_doc(), force=True)
            cli = [*terts, "sheet", "--game", str(path)]
            subprocess.run(cli, env=env, capture_output=True, check=True)  # bytecode cached
            plain = statistics.median(
                timed(lambda: subprocess.run(cli, env=env, capture_output=True, check=True))  # noqa: B023
                for _ in range(args.runs)
            )
            other = [*cli, "--as", "classic"]
            what = statistics.median(
                timed(lambda: subprocess.run(other, env=env, capture_output=True, check=True))  # noqa: B023
                for _ in range(args.runs)
            )
            print(
                f"{n:>7} {strict * 1e3:>9.1f} {strict / n * 1e6:>6.1f} {whatif * 1e3:>8.1f} "
                f"{whatif / n * 1e6:>6.1f} {len(sheet.skipped):>7} | {plain * 1e3:>9.0f} ms "
                f"{what * 1e3:>4.0f} ms"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
