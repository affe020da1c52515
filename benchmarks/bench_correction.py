"""A correction at event 1 of a 200-event game against one ``terts status``.

The game is ``make_game.replay_game(200)`` written to a temporary file. Timed:

- **correct, in process**: ``read_game`` + ``Game.from_doc`` (the trail folded) +
  ``Game.correct("replace", 1, …)`` (the sheet before, then every event judged again after the
  new first deal) + ``Game.to_doc`` + ``write_game``: what ``terts deal --replace 1`` does past
  its start-up;
- **terts status**: one fresh process, as a player at the table would run it;
- **terts deal --replace 1**: the whole command, a fresh process, on a fresh copy of the file.

Median and minimum of ``--runs`` runs each (after one warm-up), in ms. Exit status 1 when the
in-process correction's median is not under ``terts status``'s. Not a test; pytest does not
collect it.

    python benchmarks/bench_correction.py [--events 200] [--runs 15]
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

from terts_referee.game.model import Game
from terts_referee.game.storage import read_game, write_game

BIN = Path(sys.executable).parent


def correct_in_process(path: Path) -> float:
    start = time.perf_counter()
    game = Game.from_doc(read_game(path))
    game.correct("replace", 1, game.events[0])
    write_game(path, game.to_doc())
    return time.perf_counter() - start


def fresh(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args(argv)
    terts = str(BIN / "terts")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")  # compiled once, as installed
        original = write(replay_game(args.events), folder / "game.toml")
        trump = read_game(original)["events"][0]["trump"]
        work = folder / "work.toml"
        status = [terts, "status", "--game", str(original)]
        replace = [terts, "deal", "--trump", trump, "--replace", "1", "--game", str(work)]
        times: dict[str, list[float]] = {"correct": [], "status": [], "replace": []}
        for i in range(args.runs + 1):
            shutil.copyfile(original, work)
            t_correct = correct_in_process(work)
            t_status = fresh(status, env)
            shutil.copyfile(original, work)
            t_replace = fresh(replace, env)
            if i:  # the first round warms up
                times["correct"].append(t_correct)
                times["status"].append(t_status)
                times["replace"].append(t_replace)
    labels = {
        "correct": f"correct at event 1 of {args.events}, in process",
        "status": "terts status (fresh process)",
        "replace": "terts deal --replace 1 (fresh process)",
    }
    median = {k: statistics.median(v) for k, v in times.items()}
    print(f"{'':44} {'median ms':>10} {'min ms':>8} {'/ status':>9}")
    for key, label in labels.items():
        ratio = median[key] / median["status"]
        print(f"{label:44} {median[key] * 1e3:>10.1f} {min(times[key]) * 1e3:>8.1f} {ratio:>9.2f}")
    return 0 if median["correct"] < median["status"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
