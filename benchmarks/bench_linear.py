"""What-if replay and per-event notices against the number of events.

For each size the game of ``make_game.replay_game`` is replayed non-strictly (``Game.sheet(
strict=False)``, as ``terts sheet --as`` does: an event the ruleset refuses is skipped), and the
notices of every event are looked up one by one (``Sheet.notices_for``, as ``terts log --json``
does). Both should cost the same per event at every size. Not a test; pytest does not collect it.

    python benchmarks/bench_linear.py [--sizes 1000 10000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_game import replay_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    args = parser.parse_args(argv)
    print(f"{'events':>7} {'what-if ms':>11} {'µs/event':>9} {'notices ms':>11} {'µs/event':>9}")
    for n in sorted(args.sizes):
        game = replay_game(n, check=False)
        start = time.perf_counter()
        sheet = game.sheet(strict=False)
        whatif = time.perf_counter() - start
        start = time.perf_counter()
        for i in range(1, n + 1):
            sheet.notices_for(i)
        lookup = time.perf_counter() - start
        print(
            f"{n:>7} {whatif * 1e3:>11.1f} {whatif / n * 1e6:>9.1f} "
            f"{lookup * 1e3:>11.1f} {lookup / n * 1e6:>9.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
