"""End-to-end start-up of ``terts`` commands against a minimal Typer app.

Every command is a fresh process (``subprocess``, no shell, stdin/stdout/stderr discarded),
started with the venv's python and the installed ``terts`` console script next to it. The
commands are run round-robin (interleaved), after warm-up runs, so that a burst of load on the
machine hits them all alike. For each: the median and the minimum wall time in ms, and the ratio
of its median (and of its minimum) to the baseline's, the minimal app's ``hello x``.

Exit status 1 when a checked command's median ratio exceeds ``--max-ratio`` (default 1.3), so
the script can serve as a check; it is not a test and pytest does not collect it.

Bytecode: by default the children run with ``PYTHONPYCACHEPREFIX`` set to a temporary
directory and ``PYTHONDONTWRITEBYTECODE`` removed, so the warm-up runs compile every module
once and the timed runs load cached bytecode, as after ``pip install`` (which compiles) or any
second run of an editable install. ``--inherit-env`` runs the children with this process's
environment unchanged instead (with ``PYTHONDONTWRITEBYTECODE=1`` the editable package's
sources are then compiled on every run).

    python benchmarks/bench_startup.py [--runs 30] [--warmup 3] [--max-ratio 1.3] [--game G]
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

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent  # the venv's bin/ (sys.executable is not resolved: a symlink)


def commands(game: Path) -> list[tuple[str, list[str], bool]]:
    """(label, argv, checked against --max-ratio); the first one is the baseline."""
    py = sys.executable
    terts = str(BIN / "terts")
    g = str(game)
    baseline = [py, str(HERE / "minimal_app.py"), "hello", "x"]
    return [
        ("minimal_app.py hello x (baseline)", baseline, False),
        ("python -c pass (interpreter only)", [py, "-c", "pass"], False),
        ("terts sheet", [terts, "sheet", "--game", g], True),
        ("terts status", [terts, "status", "--game", g], True),
        ("terts sheet --json", [terts, "sheet", "--json", "--game", g], True),
        ("terts status --json", [terts, "status", "--json", "--game", g], True),
        (
            "terts check hand Qh Jh 10h 9h 8h 7h --trump s",
            [terts, "check", "hand", "Qh", "Jh", "10h", "9h", "8h", "7h", "--trump", "s"],
            True,
        ),
    ]


def run_once(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    """Wall time of one run in seconds; raises if the command fails."""
    start = time.perf_counter()
    proc = subprocess.run(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=cwd,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited with {proc.returncode}")
    return elapsed


def child_env(inherit: bool, pycache: Path) -> dict[str, str]:
    """The children's environment: bytecode cached in ``pycache`` and the standard streams
    buffered as Python's defaults have them (``PYTHONUNBUFFERED``, set in this environment,
    dropped), unless ``inherit``."""
    env = dict(os.environ)
    env.pop("TERTS_GAME", None)
    if not inherit:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.pop("PYTHONUNBUFFERED", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="timed runs per command (30)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed runs per command first (3)")
    parser.add_argument(
        "--max-ratio", type=float, default=1.3, help="fail above this median ratio (1.3)"
    )
    parser.add_argument(
        "--game", type=Path, help="the game file (default: the 12-deal game of make_game.py)"
    )
    parser.add_argument(
        "--inherit-env",
        action="store_true",
        help="run the children in this environment as it is (no bytecode cache set up)",
    )
    args = parser.parse_args(argv)

    terts = BIN / "terts"
    if not terts.exists():
        parser.error(f"no terts console script at {terts}: run with the venv's python")

    with tempfile.TemporaryDirectory(prefix="terts-bench-") as tmp:
        workdir = Path(tmp)
        sys.path.insert(0, str(HERE))
        from make_game import bench_game

        game = bench_game(workdir, args.game)
        env = child_env(args.inherit_env, workdir / "pycache")
        cmds = commands(game)

        for _ in range(args.warmup):
            for _label, cmd, _checked in cmds:
                run_once(cmd, env, workdir)
        times: list[list[float]] = [[] for _ in cmds]
        for _ in range(args.runs):
            for i, (_label, cmd, _checked) in enumerate(cmds):
                times[i].append(run_once(cmd, env, workdir))

    base_med = statistics.median(times[0])
    base_min = min(times[0])
    mode = "inherited environment" if args.inherit_env else "bytecode cached (PYTHONPYCACHEPREFIX)"
    print(
        f"start-up, {args.runs} interleaved runs after {args.warmup} warm-up, {mode}, "
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs"
    )
    print(f"game file: {game if args.game else '12-deal game (make_game.py)'}")
    width = max(len(label) for label, _, _ in cmds)
    print(f"{'command':<{width}}  {'median ms':>9}  {'min ms':>7}  {'ratio':>6}  {'min ratio':>9}")
    failed = []
    for (label, _cmd, checked), ts in zip(cmds, times, strict=True):
        med, low = statistics.median(ts), min(ts)
        ratio, min_ratio = med / base_med, low / base_min
        flag = ""
        if checked and ratio > args.max_ratio:
            flag = f"  > {args.max_ratio}"
            failed.append(label)
        print(
            f"{label:<{width}}  {med * 1000:9.1f}  {low * 1000:7.1f}  {ratio:6.2f}  "
            f"{min_ratio:9.2f}{flag}"
        )
    if failed:
        print(f"FAIL: {len(failed)} command(s) over {args.max_ratio}x the baseline's median")
        return 1
    print(f"OK: every terts command within {args.max_ratio}x the baseline's median")
    return 0


if __name__ == "__main__":
    sys.exit(main())
