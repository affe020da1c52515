"""The library over years of play: ``--games`` (400) games, `stats` the first time and after.

Writes ``--games`` finished games of six players (forty with ``--players 40``) through the
library itself (``Game.record`` with made-up times, one game an evening from 2024 on, random
quick deals with declarations, challenges and penalties, each game played to classic's 501),
each with its id as ``terts new`` gives one, in a folder per year. The library is kept under
``--libraries`` (``/tmp/terts-bench-libraries``) and reused by the next run with as many games
(writing 20,000 games takes minutes). Then times, each in a fresh process (the index in a cache
folder of its own, ``$TERTS_CACHE``, made anew; the bytecode of every module a first build
imports compiled first, in a folder of its own, as pip's install leaves it):

1. the first ``terts stats`` (no index yet: every file read and replayed; with ``--tty`` it runs
   under ``script`` so that the progress bar shows, as on a terminal);
2. ``terts stats --json`` again (nothing changed: the answer kept), median of ``--runs``;
3. ``terts history --json`` again, median of ``--runs``;
4. ``terts stats --json`` after one more game is put in the library (removed again at the end),
   each run with another game: what one game more costs;
5. ``terts stats --json --player P`` for a player not asked about before: a new filter, a
   query of the index (each run another player);
6. ``terts status --json`` on one game file, median of ``--runs``: the yardstick;

and the peak memory of each (the child's max RSS, ``wait4``; with ``--tty`` the first build's
is that of ``script`` and the command together).

Exit status 1 when the first build takes longer than ``--max-first`` seconds (20) or the
repeated ``stats --json`` more than ``--max-ratio`` (3) times ``status --json``. Not a test.

    python benchmarks/bench_library.py [--games 400] [--runs 10] [--tty] [--players 6]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from terts_referee.domain.cards import Rank, Suit
from terts_referee.domain.declarations import Declaration
from terts_referee.domain.events import Challenge, DealEvent, Declare, Penalty, PenaltyKind, Score
from terts_referee.domain.rules import load_ruleset
from terts_referee.game.model import Game
from terts_referee.game.storage import write_game
from terts_referee.library.archive import archive_name, short_tag
from terts_referee.referee import EventRefused

PLAYERS = ("Аня", "Боря", "Вася", "Петя", "Зоя", "Гоша")
MORE_PLAYERS = tuple(f"Игрок{n:02d}" for n in range(40))
SUITS = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)
TOPS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


def random_game(rng: random.Random, started: datetime, players=PLAYERS) -> Game:
    """A quick-mode classic game between two of ``players``, played until someone wins; its
    id a random UUID drawn from ``rng`` (the same library every run)."""
    import uuid

    a, b = rng.sample(players, 2)
    game_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    game = Game((a, b), load_ruleset("classic"), quick=True, started=started, id=game_id)
    at = started

    def record(event) -> bool:
        nonlocal at
        at += timedelta(seconds=rng.randint(20, 200))
        try:
            game.record(event, at)
        except EventRefused:
            return False
        return True

    while not game.sheet().finished and len(game.events) < 200:
        trump = rng.choice(SUITS)
        record(DealEvent(None, trump, None, quick=True))
        for player in rng.sample((a, b), 2):
            roll = rng.random()
            if roll < 0.3:
                length = rng.choice((3, 3, 3, 4, 5))
                decl = Declaration.sequence(
                    length, rng.choice(TOPS[: 9 - length]), rng.choice(SUITS)
                )
                if record(Declare(player, (decl,))) and rng.random() < 0.2:
                    other = b if player == a else a
                    record(Challenge(other, Declaration.sequence(5, Rank.ACE, rng.choice(SUITS))))
            elif roll < 0.4:
                record(Declare(player, (Declaration.marriage(trump),)))
                if rng.random() < 0.1:
                    record(Penalty(player, PenaltyKind.FALSE_DECLARATION))
            elif roll < 0.45:
                record(Declare(player, (Declaration.four(rng.choice((Rank.JACK, Rank.ACE))),)))
        by = rng.choice((a, b))
        record(Score(by, rng.randint(20, 130), rng.choice((a, b))))
    return game


def build(library: Path, count: int, seed: int = 12, players=PLAYERS) -> Path:
    """Write ``count`` games into ``library``; returns one of them (for ``status``)."""
    rng = random.Random(seed)
    library.mkdir(parents=True, exist_ok=True)
    day = datetime(2024, 1, 1, 19, 30).astimezone()
    last = None
    for i in range(count):
        started = day + timedelta(hours=i * 8, minutes=rng.randint(0, 90))
        game = random_game(rng, started, players)
        folder = library / str(started.year)
        folder.mkdir(exist_ok=True)
        last = folder / archive_name(game.players, started, tag=short_tag(game.id, ""))
        write_game(last, game.to_doc())
    return last


PEAK: dict[str, int] = {}  # the largest resident set of a run, KiB, by the run's label
CPU: dict[str, list[float]] = {}  # the CPU seconds (user + system) of each run, by its label


def child(
    command: list[str], env: dict[str, str], cwd: Path | None = None
) -> tuple[float, float, int]:
    """(seconds, CPU seconds, max RSS in KiB) of ``command``, its output dropped, from
    ``wait4``; exits with its error when it fails."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )
    err = proc.stderr.read() if proc.stderr else b""
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        where = f"{cwd}: " if cwd else ""
        sys.exit(f"{where}{' '.join(command)} failed: {err.decode(errors='replace')}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def run(argv: list[str], env: dict[str, str], tty: bool = False, label: str = "") -> float:
    """Seconds ``argv`` took; its peak memory (the child's max RSS, from ``wait4``) is kept in
    PEAK under ``label``."""
    command = argv
    if tty and shutil.which("script"):
        command = ["script", "-qec", " ".join(argv), "/dev/null"]
    elapsed, cpu, peak = child(command, env)
    if label:
        PEAK[label] = max(PEAK.get(label, 0), peak)
        CPU.setdefault(label, []).append(cpu)
    return elapsed


def doubled(half: Path, library: Path, years: int = 10) -> Path:
    """The games of the library ``half`` again, ``years`` later, each with an id of its own,
    into ``library``: twice the games without playing them again (writing 20,000 random games
    takes a loaded machine half an hour). Returns one of them."""
    import uuid

    from terts_referee.game.storage import read_game

    rng = random.Random(21)
    last = None
    for path in sorted(half.rglob("*.toml")):
        doc = read_game(path)
        doc["id"] = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        shift = timedelta(days=round(365.25 * years))  # a 29 February has no twin ten years on
        later = doc["started"] + shift
        doc["started"] = later
        for event in doc["events"]:
            if event.get("at") is not None:
                event["at"] = event["at"] + shift
        folder = library / str(later.year)
        folder.mkdir(parents=True, exist_ok=True)
        last = folder / archive_name(doc["players"], later, tag=short_tag(doc["id"], ""))
        write_game(last, doc)
    return last


def kept_library(root: Path, count: int, players: tuple[str, ...]) -> tuple[Path, Path, float]:
    """The library of ``count`` games under ``root``, written once and reused: (the library,
    one of its games, the seconds writing it took; 0 when it was there already). A library of
    an even count whose half is kept already is that half and the half again (``doubled``)."""
    library = root / f"games-{count}-{len(players)}"
    done = library / ".written"  # hidden: the library never reads it
    if done.exists():
        return library, Path(done.read_text(encoding="utf-8")), 0.0
    shutil.rmtree(library, ignore_errors=True)
    t0 = time.perf_counter()
    half = root / f"games-{count // 2}-{len(players)}"
    if count % 2 == 0 and (half / ".written").exists():
        shutil.copytree(half, library, ignore=shutil.ignore_patterns(".written"))
        one = doubled(half, library)
    else:
        one = build(library, count, players=players)
    done.write_text(str(one), encoding="utf-8")
    return library, one, time.perf_counter() - t0


def one_game_more(
    folder: Path, rng: random.Random, started: datetime, players: tuple[str, ...]
) -> Path:
    """A finished game put in ``folder`` (made if need be) as ``terts new`` archives one, its
    time an hour ago: out of the racy window, so that a kept answer is built on."""
    game = random_game(rng, started, players)
    folder.mkdir(exist_ok=True)
    path = folder / archive_name(game.players, started, tag=short_tag(game.id, ""))
    write_game(path, game.to_doc())
    old = time.time() - 3600
    os.utime(path, (old, old))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=6, choices=(6, 40))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--tty", action="store_true", help="first stats under script(1): a tty")
    parser.add_argument("--libraries", type=Path, default=Path("/tmp/terts-bench-libraries"))
    parser.add_argument("--max-first", type=float, default=20.0)
    parser.add_argument("--max-ratio", type=float, default=3.0)
    args = parser.parse_args(argv)

    players = PLAYERS if args.players == 6 else MORE_PLAYERS
    library, one, built = kept_library(args.libraries, args.games, players)
    size = sum(p.stat().st_size for p in library.rglob("*.toml"))
    how = f"wrote in {built:.1f} s" if built else "kept from an earlier run"
    print(f"{args.games} games ({size / 1024:.0f} KiB, {how}): {library}")
    work = Path(tempfile.mkdtemp(prefix="terts-bench-library-"))
    pycache = work / "pycache"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPYCACHEPREFIX=str(pycache), NO_COLOR="1", TERTS_LANG="en")
    env["TERTS_CACHE"] = str(work / "cache")  # a first run is a first run: no index yet
    terts = [sys.executable, "-m", "terts_referee"]
    extra = library / "extra"
    try:
        # Every module a first build imports compiled first, as pip compiles a package and
        # what it needs when it installs them: the first build below times the index, not
        # Python compiling the modules (0.4-0.9 s at 10,000 games here). The bytecode folder
        # is the run's own, so a build into a cache folder thrown away fills it.
        warm = dict(env, TERTS_CACHE=str(work / "warm-up"))
        run([*terts, "stats", "--library", str(library)], warm, tty=args.tty)
        shutil.rmtree(work / "warm-up")
        lib = ["--library", str(library)]
        first = run([*terts, "stats", *lib], env, tty=args.tty, label="first")
        # The JSON's answers once, untimed: each form of an answer is worked out once (over
        # the index, as after one game more) and kept; the runs below time asking again.
        run([*terts, "stats", "--json", *lib], env)
        run([*terts, "history", "--json", *lib], env)
        stats_again = [
            run([*terts, "stats", "--json", *lib], env, label="again") for _ in range(args.runs)
        ]
        history_again = [
            run([*terts, "history", "--json", *lib], env, label="history") for _ in range(args.runs)
        ]
        rng = random.Random(99)
        one_more = []
        when = datetime(2099, 1, 1, 19, 30).astimezone()
        for n in range(max(3, args.runs // 3)):
            one_game_more(extra, rng, when + timedelta(days=n), players)
            one_more.append(run([*terts, "stats", "--json", *lib], env, label="one more"))
        # A filter asked for the first time: another player each run (nothing kept for it)
        new_filter = [
            run([*terts, "stats", "--json", "--player", name, *lib], env, label="new filter")
            for name in players[: max(3, args.runs // 3)]
        ]
        status = [
            run([*terts, "status", "--json", "--game", str(one)], env, label="status")
            for _ in range(args.runs)
        ]
        ms = {
            "stats": statistics.median(stats_again) * 1000,
            "history": statistics.median(history_again) * 1000,
            "one more": statistics.median(one_more) * 1000,
            "new filter": statistics.median(new_filter) * 1000,
            "status": statistics.median(status) * 1000,
        }
        ratio = ms["stats"] / ms["status"]
        print(f"first `stats` (index built):      {first:6.2f} s  (limit {args.max_first:g} s)")
        print(f"`stats --json` again (median):    {ms['stats']:6.0f} ms  {ratio:5.2f}x status")
        print(
            f"`history --json` again (median):  {ms['history']:6.0f} ms  "
            f"{ms['history'] / ms['status']:5.2f}x status"
        )
        print(
            f"`stats --json`, one game more:    {ms['one more']:6.0f} ms  "
            f"{ms['one more'] / ms['status']:5.2f}x status"
        )
        print(
            f"`stats --json --player P`, new:   {ms['new filter']:6.0f} ms  "
            f"{ms['new filter'] / ms['status']:5.2f}x status"
        )
        print(f"`status --json` (median):         {ms['status']:6.0f} ms")
        cpu = {label: statistics.median(times) * 1000 for label, times in CPU.items()}
        print(
            f"CPU (user + system, median):      again {cpu['again']:.0f} ms "
            f"({cpu['again'] / cpu['status']:.2f}x), history {cpu['history']:.0f} ms "
            f"({cpu['history'] / cpu['status']:.2f}x), one more {cpu['one more']:.0f} ms "
            f"({cpu['one more'] / cpu['status']:.2f}x), new filter {cpu['new filter']:.0f} ms, "
            f"status {cpu['status']:.0f} ms; "
            f"first {cpu['first'] / 1000:.2f} s"
        )
        mib = {label: kib / 1024 for label, kib in PEAK.items()}
        print(
            f"peak memory (max RSS):            first {mib['first']:.0f} MiB, again "
            f"{mib['again']:.0f} MiB, history {mib['history']:.0f} MiB, one more "
            f"{mib['one more']:.0f} MiB, new filter {mib['new filter']:.0f} MiB, status "
            f"{mib['status']:.0f} MiB"
        )
        return 0 if first <= args.max_first and ratio <= args.max_ratio else 1
    finally:
        shutil.rmtree(extra, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
