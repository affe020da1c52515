"""A warm answer A/B: ``stats --json`` and ``history --json`` asked again (the answer kept) and
after one more game is put in the library, and ``status --json`` of one game, run by two trees
of the program in turn over one library, in the same minutes.

On a shared machine the load moves more between two runs of ``bench_library.py`` than a change
of a few milliseconds does; interleaved, each tree sees the same load. ``--base`` is another
checkout (``git worktree add`` or ``git archive main | tar -x -C DIR``), run with this venv's
python from its own folder (``python -m terts_referee`` finds the tree in the current folder
first), each tree with its own cache folder and bytecode folder, kept between runs under
``--work`` (the first run builds each tree's index: about 10 s at 10,000 games). The library is
``bench_library.py``'s (``--libraries``, ``games-N-40``): run that once first to write it.
Prints the wall and CPU (user + system, from ``wait4``) medians and their ratio to ``status``.
Each run puts one game more in the library's ``extra`` folder (as ``bench_library.py`` does,
removed at the end) and asks both trees for ``stats --json`` and ``history --json`` with it
(``stats more``, ``history more``), then the rest (asked again).

    python benchmarks/bench_warm_ab.py --base /tmp/main-tree [--games 10000] [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_library import MORE_PLAYERS, child, one_game_more  # beside this script


def run(tree: Path, args: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """(wall ms, CPU ms, max RSS MiB) of ``python -m terts_referee ARGS`` in ``tree``."""
    wall, cpu, peak = child([sys.executable, "-m", "terts_referee", *args], env, tree)
    return wall * 1000, cpu * 1000, peak / 1024


def _output(tree: Path, args: list[str], env: dict[str, str]) -> bytes:
    import subprocess

    command = [sys.executable, "-m", "terts_referee", *args]
    return subprocess.run(command, cwd=tree, env=env, capture_output=True, check=True).stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--libraries", type=Path, default=Path("/tmp/terts-bench-libraries"))
    parser.add_argument("--work", type=Path, default=Path("/tmp/terts-bench-warm-ab"))
    args = parser.parse_args(argv)

    library = args.libraries / f"games-{args.games}-40"
    written = library / ".written"
    if not written.exists():
        sys.exit(f"no library {library}: run bench_library.py --games {args.games} --players 40")
    one = written.read_text(encoding="utf-8")
    players = MORE_PLAYERS
    trees = {"base": args.base.resolve(), "this": Path(__file__).resolve().parent.parent}
    envs = {}
    for name in trees:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE",)}
        env.pop("PYTHONPATH", None)
        env.update(NO_COLOR="1", TERTS_LANG="en")
        env["PYTHONPYCACHEPREFIX"] = str(args.work / f"pycache-{name}")
        env["TERTS_CACHE"] = str(args.work / f"cache-{name}-{args.games}")
        envs[name] = env
    lib = ["--library", str(library)]
    commands = {
        "stats": ["stats", "--json", *lib],
        "history": ["history", "--json", *lib],
        "status": ["status", "--json", "--game", one],
    }
    for name, tree in trees.items():  # the index built, each answer worked out and kept
        for command in ("stats", "history"):
            for _ in range(2):
                run(tree, commands[command], envs[name])
    results: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    extra = library / "extra"
    rng = random.Random(77)
    when = datetime(2099, 1, 1, 19, 30).astimezone()
    try:
        for i in range(args.runs):
            order = list(trees) if i % 2 == 0 else list(trees)[::-1]
            one_game_more(extra, rng, when + timedelta(days=i), players)
            for command in ("stats", "history"):  # each answer with the game more
                for name in order:
                    got = run(trees[name], commands[command], envs[name])
                    results.setdefault((name, f"{command} more"), []).append(got)
            for command, argv_ in commands.items():
                for name in order:
                    got = run(trees[name], argv_, envs[name])
                    results.setdefault((name, command), []).append(got)
        same = all(
            len({_output(trees[name], commands[command], envs[name]) for name in trees}) == 1
            for command in ("stats", "history")
        )
    finally:
        shutil.rmtree(extra, ignore_errors=True)
    print("the two trees' answers, byte for byte:", "the same" if same else "DIFFERENT")
    print(f"{args.games} games, {args.runs} runs each, interleaved; {os.getloadavg()[0]:.1f} load")
    for command in [*commands, "stats more", "history more"]:
        for name in trees:
            got = results[(name, command)]
            status = results[(name, "status")]
            wall = statistics.median(r[0] for r in got)
            cpu = statistics.median(r[1] for r in got)
            base_wall = statistics.median(r[0] for r in status)
            base_cpu = statistics.median(r[1] for r in status)
            print(
                f"{command:12s} {name:5s} wall {wall:6.1f} ms ({wall / base_wall:4.2f}x)  "
                f"CPU {cpu:6.1f} ms ({cpu / base_cpu:4.2f}x)  "
                f"peak {max(r[2] for r in got):5.1f} MiB"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
