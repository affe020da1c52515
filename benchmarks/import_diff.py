"""Which imports a ``terts`` command adds over the minimal Typer app (``-X importtime``).

Runs the baseline (``minimal_app.py hello x``) and a ``terts`` command ``--runs`` times each
with ``python -X importtime`` (``python -m terts_referee ...`` for terts), takes every module's
median self and cumulative time in µs, and lists the modules the terts command imports that the
baseline does not, by cumulative time (indented as in the import tree). Bytecode is cached in a
temporary ``PYTHONPYCACHEPREFIX`` as in ``bench_startup.py``; the first run of each is untimed.
The game file is the 12-deal game of ``make_game.py`` unless ``--game-file`` names one; ``G``
in the command stands for it. Options of this script go before the terts command.

    python benchmarks/import_diff.py status --game G
    python benchmarks/import_diff.py --top 20 check hand Qh Jh 10h 9h 8h 7h --trump s
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def importtime(argv: list[str], env: dict[str, str], cwd: Path) -> dict[str, tuple[int, int, int]]:
    """module -> (self µs, cumulative µs, depth) for one run."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", *argv],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=cwd,
        check=False,
    )
    rows = {}
    for line in proc.stderr.splitlines():
        m = LINE.match(line)
        if m:
            rows[m.group(4)] = (int(m.group(1)), int(m.group(2)), (len(m.group(3)) - 1) // 2)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited with {proc.returncode}")
    return rows


def medians(runs: list[dict[str, tuple[int, int, int]]]) -> dict[str, tuple[float, float, int]]:
    result = {}
    for name, (_s, _c, depth) in runs[0].items():
        present = [r[name] for r in runs if name in r]
        result[name] = (
            statistics.median(p[0] for p in present),
            statistics.median(p[1] for p in present),
            depth,
        )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--game-file", type=Path, help="the game file G stands for")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="terts arguments")
    args = parser.parse_args(argv)
    if not args.command:
        parser.error("name a terts command, e.g. status --game G")

    with tempfile.TemporaryDirectory(prefix="terts-bench-") as tmp:
        workdir = Path(tmp)
        sys.path.insert(0, str(HERE))
        from make_game import bench_game

        game = bench_game(workdir, args.game_file)
        from bench_startup import child_env

        env = child_env(False, workdir / "pycache")
        base_argv = [str(HERE / "minimal_app.py"), "hello", "x"]
        terts_argv = ["-m", "terts_referee", *(str(game) if a == "G" else a for a in args.command)]
        importtime(base_argv, env, workdir)
        importtime(terts_argv, env, workdir)
        base_runs, terts_runs = [], []
        for _ in range(args.runs):
            base_runs.append(importtime(base_argv, env, workdir))
            terts_runs.append(importtime(terts_argv, env, workdir))

    base, terts = medians(base_runs), medians(terts_runs)
    extra = {n: v for n, v in terts.items() if n not in base}
    command = " ".join(args.command)
    print(f"terts {command}  vs  minimal_app.py hello x  ({args.runs} runs, medians)")
    print(
        f"baseline modules {len(base)}, terts {len(terts)}, added {len(extra)}; "
        f"self time of the added modules {sum(v[0] for v in extra.values()) / 1000:.1f} ms "
        "(runpy is -m's own)"
    )
    print(f"{'cumul ms':>8} {'self ms':>7}  module")
    for name, (own, cumulative, depth) in sorted(extra.items(), key=lambda kv: -kv[1][1])[
        : args.top
    ]:
        print(f"{cumulative / 1000:8.1f} {own / 1000:7.1f}  {'  ' * depth}{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
