"""Replay time against the number of events.

For each size (1,000, 2,000, 5,000 and 10,000 events by default) the game of
``make_game.replay_game`` is replayed with ``Game.sheet()`` (``terts_referee.referee.replay``,
strict, as ``terts sheet`` does): one warm-up replay, then the median and minimum of
``--repeat`` runs, in ms and in µs per event. Replay is linear when µs/event stays flat as the
size grows; the last column is the per-event cost relative to the smallest size.

With ``--load`` it also times loading the same game from its file, as every command does before
replaying: ``storage.read_game`` (tomllib) plus ``Game.from_doc``.

Exit status 1 when the 10,000-event replay (its median) takes longer than ``--limit`` seconds
(default 1), or when ``--max-growth`` is given and the per-event cost of the largest size
exceeds that many times the smallest's. Not a test; pytest does not collect it.

    python benchmarks/bench_replay.py [--sizes 1000 2000 5000 10000] [--repeat 5] [--load]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_game import replay_game, write

from terts_referee.game.model import Game
from terts_referee.game.storage import read_game


def timed(fn, repeat: int) -> tuple[float, float]:
    """(median, min) wall time of ``fn()`` in seconds over ``repeat`` runs, after one warm-up."""
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 5000, 10000])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per size (5)")
    parser.add_argument(
        "--limit", type=float, default=1.0, help="seconds allowed for 10,000 events (1.0)"
    )
    parser.add_argument(
        "--max-growth",
        type=float,
        default=None,
        help="fail when µs/event at the largest size exceeds this many times the smallest's",
    )
    parser.add_argument("--load", action="store_true", help="also time read_game + from_doc")
    args = parser.parse_args(argv)
    sizes = sorted(args.sizes)

    print(
        f"replay (Game.sheet, strict), median and min of {args.repeat} runs after one warm-up, "
        f"python {sys.version.split()[0]}"
    )
    header = (
        f"{'events':>7} {'deals':>6} {'median ms':>10} {'min ms':>8} {'µs/event':>9} {'x 1st':>6}"
    )
    if args.load:
        header += f" {'load ms':>8} {'file KB':>8}"
    print(header)
    results: dict[int, float] = {}
    first_per_event = None
    with tempfile.TemporaryDirectory(prefix="terts-bench-") as tmp:
        for n in sizes:
            game = replay_game(n, check=False)
            med, low = timed(game.sheet, args.repeat)
            sheet = game.sheet()
            results[n] = med
            per_event = med / n * 1e6
            first_per_event = first_per_event or per_event
            line = (
                f"{n:7d} {len(sheet.deals):6d} {med * 1000:10.1f} {low * 1000:8.1f} "
                f"{per_event:9.1f} {per_event / first_per_event:6.2f}"
            )
            if args.load:
                path = write(game, Path(tmp) / f"game{n}.toml")

                def load(path=path):
                    return Game.from_doc(read_game(path), str(path))

                load_med, _ = timed(load, max(1, args.repeat // 2))
                line += f" {load_med * 1000:8.1f} {path.stat().st_size / 1024:8.0f}"
            print(line)

    failures = []
    if 10000 in results and results[10000] > args.limit:
        failures.append(
            f"10,000 events take {results[10000] * 1000:.0f} ms, over the {args.limit:g} s limit"
        )
    if args.max_growth is not None and len(sizes) > 1:
        growth = (results[sizes[-1]] / sizes[-1]) / (results[sizes[0]] / sizes[0])
        if growth > args.max_growth:
            failures.append(
                f"µs/event grows {growth:.2f}x from {sizes[0]} to {sizes[-1]} events "
                f"(limit {args.max_growth:g}x): not linear"
            )
    for failure in failures:
        print(f"FAIL: {failure}")
    if failures:
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
