"""Every command whose cost grows with the game's events, timed at 1,000 / 10,000 / 100,000
events, each linear in them.

For each size the N-event game of ``make_game.replay_game`` (a valid file: target 5000, never
reached) is written to a temporary folder,
then each command runs in a fresh process (``terts`` with the 4 MiB file-size limit lifted, since
100,000 events take about 7 MiB; output discarded): the
reading commands on that file, the writing ones (``undo``, ``deal``) on a fresh copy each run.
Printed: the median wall time in ms, µs per event, and "growth": µs per event at the largest size
against the size before it (1.0 = linear; start-up weighs on the smaller size, so a cheap
command's ratio is below 1).
Not a test; pytest does not collect it.

    python benchmarks/bench_commands.py [--sizes 1000 10000 100000] [--runs 3] [--only log ...]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_game import replay_game, write

#: The child: ``terts`` with the game file's size limit (4 MiB: about 55,000 events of
#: these games) lifted, so that 100,000 events (about 7 MiB) can be timed at all.
CHILD = (
    "import sys, terts_referee.files as f; f.MAX_FILE_BYTES = 1 << 30; "
    "f.read_regular.__defaults__ = (1 << 30,); "
    "from terts_referee.cli import main; sys.exit(main(sys.argv[1:]))"
)

# name -> (arguments after `terts`, writes the game file?)
COMMANDS: dict[str, tuple[list[str], bool]] = {
    "status": (["status"], False),
    "sheet": (["sheet"], False),
    "sheet --json": (["sheet", "--json"], False),
    "sheet --as": (["sheet", "--as", "short"], False),
    "log": (["log"], False),
    "log --json": (["log", "--json"], False),
    "undo": (["undo"], True),
    "deal (recording)": (["deal", "--trump", "h"], True),
    "export --html": (["export", "--html", "{dir}/sheet.html"], False),
}


def _time(argv: list[str], game: Path, writes: bool, workdir: Path) -> float:
    target = game
    if writes:
        target = workdir / "copy.toml"
        shutil.copyfile(game, target)
    args = [a.replace("{dir}", str(workdir)) for a in argv]
    env = dict(os.environ, TERTS_GAME=str(target), NO_COLOR="1", COLUMNS="120")
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args, "--game", str(target)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.decode()}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--runs", type=int, default=3, help="runs per command and size (median)")
    parser.add_argument("--only", nargs="+", help="command names to run (default all)")
    args = parser.parse_args(argv)
    names = [n for n in COMMANDS if not args.only or n in args.only or n.split()[0] in args.only]
    sizes = sorted(args.sizes)
    results: dict[str, dict[int, float]] = {n: {} for n in names}
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        for n in sizes:
            game = write(replay_game(n, check=False), workdir / f"game{n}.toml")
            for name in names:
                command, writes = COMMANDS[name]
                times = [_time(command, game, writes, workdir) for _ in range(args.runs)]
                results[name][n] = statistics.median(times)
                print(f"  {name} at {n}: {results[name][n] * 1e3:.0f} ms", file=sys.stderr)
    head = f"| command | {' | '.join(f'{n:,} ms (µs/ev)' for n in sizes)} | growth |"
    print(head)
    print("|---|" + "---:|" * (len(sizes) + 1))
    for name in names:
        cells = [f"{results[name][n] * 1e3:,.0f} ({results[name][n] / n * 1e6:.1f})" for n in sizes]
        # µs per event at the largest size against the one before it: 1.0 is linear
        before, last = sizes[-2] if len(sizes) > 1 else sizes[0], sizes[-1]
        growth = (results[name][last] / last) / (results[name][before] / before)
        print(f"| `{name}` | {' | '.join(cells)} | {growth:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
