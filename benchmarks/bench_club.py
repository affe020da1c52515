"""``terts serve --club`` on loopback, a club night at full tilt: eight tables, two phones each,
every table tapping at once, in one server process.

Measured, with ``--tables`` game files of ``make_game.replay_game(--events)`` in a temporary club
folder (and a temporary library), the server a fresh process on a free port:

- **tap to both phones of the table**: each table has ``--phones`` pages listening on its
  ``t/NAME/api/events`` and fetching its ``api/state`` at each new version, as the phone's
  page does; one thread per table sends ``--taps`` POSTs, alternately ``api/deal`` and
  ``api/undo`` (each changes the file), all the tables at once, ``--gap`` seconds between two
  taps of one table (0: as fast as the answers come); from sending the POST to the moment the
  last phone of that table has the new state; and the POST's own answer (``--no-fetch``: to
  the moment the last phone has the new version, as ``bench_serve.py`` measures);
- **the lobby**: ``--lobbies`` lobby pages listen on ``api/events`` and fetch ``api/state`` at
  each new version, as the lobby's page does (the tables, the standings and the rounds): the
  time of each such fetch;
- **memory**: the server's resident set with every page open, and its peak at the end;
- **CPU**: the server's CPU time (user and system, ``/proc/PID/stat``) over the taps, per tap:
  a figure the machine's other load does not move much, where the times above are.

Goal: every tap answered and both phones of its table updated, p95 under 100 ms. Exit status 1
when it is missed, when a tap is not answered 200, or when the server does not exit 0 on
Ctrl-C. Not a test.

    python benchmarks/bench_club.py [--tables 8] [--phones 2] [--lobbies 2] [--taps 60]
        [--gap 0.25] [--events 60]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import random
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_serve import Server, child_env, line, memory, ms
from make_game import replay_game, write


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time of ``pid`` so far (Linux)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stream(threading.Thread):
    """One open page: its live stream (``root`` + ``api/events``); at each version it fetches
    ``api/state`` when ``fetch`` says (timed) and puts (the time it has the version, or the
    state, and the version) in ``seen``."""

    def __init__(self, port: int, root: str, fetch: bool = True):
        super().__init__(daemon=True)
        self.port, self.root, self.fetch = port, root, fetch
        path = root + "api/events"
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=120)
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        self.seen: queue.Queue[tuple[float, str]] = queue.Queue()
        self.fetches: list[float] = []
        self.start()

    def run(self) -> None:
        stream = self.sock.makefile("rb")
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            for raw in stream:
                if not raw.startswith(b"data: "):
                    continue
                at = time.perf_counter()
                version = raw[6:].strip().decode()
                if self.fetch:
                    conn.request("GET", self.root + "api/state")
                    body = conn.getresponse().read()
                    assert body.startswith(b'{"version"'), body[:200]
                    self.fetches.append(time.perf_counter() - at)
                self.seen.put((time.perf_counter(), version))
        except (OSError, ValueError):
            pass
        finally:
            conn.close()

    def next_version(self, other_than: str) -> tuple[float, str]:
        while True:
            at, version = self.seen.get(timeout=60)
            if version != other_than:
                return at, version

    def close(self) -> None:
        self.sock.close()


class Tapper(threading.Thread):
    """One table's taps, each timed to the moment every phone of the table has the version."""

    def __init__(self, port: int, name: str, phones: list[Stream], taps: int, gap: float):
        super().__init__(daemon=True)
        self.port, self.name, self.phones, self.taps, self.gap = port, name, phones, taps, gap
        self.updated: list[float] = []
        self.answered: list[float] = []
        self.statuses: list[int] = []
        self.version = ""
        self.ready = threading.Event()

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        jitter = random.Random(self.name)
        self.ready.wait()
        for i in range(self.taps):
            action, body = ("deal", {"trump": "h"}) if i % 2 == 0 else ("undo", {})
            data = json.dumps(body).encode()
            start = time.perf_counter()
            conn.request(
                "POST", f"/t/{self.name}/api/{action}", data, {"Content-Type": "application/json"}
            )
            response = conn.getresponse()
            response.read()
            self.answered.append(time.perf_counter() - start)
            self.statuses.append(response.status)
            arrivals = [phone.next_version(self.version) for phone in self.phones]
            self.version = arrivals[0][1]
            assert all(v == self.version for _, v in arrivals), arrivals
            self.updated.append(max(at for at, _ in arrivals) - start)
            if self.gap:
                time.sleep(self.gap * (0.5 + jitter.random()))
        conn.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8, help="tables (8)")
    parser.add_argument("--phones", type=int, default=2, help="phones per table (2)")
    parser.add_argument("--lobbies", type=int, default=2, help="open lobby pages (2)")
    parser.add_argument("--taps", type=int, default=60, help="taps per table (60)")
    parser.add_argument("--gap", type=float, default=0.25, help="seconds between taps (0.25)")
    parser.add_argument("--events", type=int, default=60, help="events in each game (60)")
    parser.add_argument(
        "--no-fetch", action="store_true", help="phones only hear the version (bench_serve's)"
    )
    args = parser.parse_args(argv)

    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="bench-club-") as tmp:
        work = Path(tmp)
        folder = work / "club"
        folder.mkdir()
        names = [f"table-{n + 1}" for n in range(args.tables)]
        for name in names:
            write(replay_game(args.events), folder / f"{name}.toml")
        env = child_env(work / "pycache", None)
        env["TERTS_LIBRARY"] = str(work / "library")
        env["TERTS_CACHE"] = str(work / "cache")
        Server(folder, env, "--club").stop()  # the warm-up: bytecode compiled and cached

        server = Server(folder, env, "--club")
        fetch = not args.no_fetch
        phones = {
            name: [Stream(server.port, f"/t/{name}/", fetch) for _ in range(args.phones)]
            for name in names
        }
        lobbies = [Stream(server.port, "/") for _ in range(args.lobbies)]
        tappers = [Tapper(server.port, n, phones[n], args.taps, args.gap) for n in names]
        for tapper in tappers:
            tapper.version = tapper.phones[0].next_version("")[1]
            for phone in tapper.phones[1:]:
                phone.next_version("")
            tapper.start()
        for lobby in lobbies:
            lobby.next_version("")
        opened = memory(server.proc.pid)["VmRSS"]
        cpu = cpu_seconds(server.proc.pid)
        started = time.perf_counter()
        for tapper in tappers:
            tapper.ready.set()
        for tapper in tappers:
            tapper.join(600)
        seconds = time.perf_counter() - started
        cpu = cpu_seconds(server.proc.pid) - cpu
        peak = memory(server.proc.pid)
        _, code = server.stop()
        for stream in [*lobbies, *(p for group in phones.values() for p in group)]:
            stream.close()

    updated = [t for tapper in tappers for t in tapper.updated]
    answered = [t for tapper in tappers for t in tapper.answered]
    statuses = {s for tapper in tappers for s in tapper.statuses}
    fetches = [f for lobby in lobbies for f in lobby.fetches]
    tap = ms(updated)
    pages = args.tables * args.phones
    print(
        f"terts serve --club: {args.tables} tables x {args.phones} phones, {args.lobbies} "
        f"lobbies, {args.taps} taps a table {args.gap:g} s apart, {args.events}-event games, "
        f"load average {load:.1f} at the start"
    )
    has = "the new state" if fetch else "the new version"
    print(line(f"tap -> both phones have {has}, ms", tap, "goal p95 < 100"))
    print(line("  the POST's own answer, ms", ms(answered)))
    if fetches:
        print(line(f"  lobby api/state per change ({len(fetches)}), ms", ms(fetches)))
    print(
        f"{len(updated)} taps in {seconds:.1f} s ({len(updated) / seconds:.0f} a second); "
        f"RSS with {pages + args.lobbies} pages {opened:.1f} MiB, at the end "
        f"{peak['VmRSS']:.1f} MiB (peak {peak['VmHWM']:.1f}); server CPU "
        f"{cpu * 1000 / len(updated):.1f} ms a tap"
    )
    failed = []
    if tap["p95"] >= 100:
        failed.append("tap p95")
    if statuses != {200}:
        failed.append(f"statuses {sorted(statuses)}")
    if code:
        failed.append(f"exit code {code}")
    if failed:
        print("missed: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
