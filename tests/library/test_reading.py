"""Reading a library's changed files on every CPU (``library.reading``): the same scan and the
same index rows as a reading one by one, in the same order; one by one wherever forking is not
safe or the pool cannot be had; no worker left behind when the reading stops early."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import threading
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from terts_referee.game.model import new_game_id
from terts_referee.library import reading
from terts_referee.library import scan as scan_module
from terts_referee.library.location import index_path
from terts_referee.library.scan import Scan, scan_library
from tests.library.games import game_of, put

PLAYERS = ["Аня", "Боря", "Вася", "Петя", "Зоя"]
OLD = datetime(2025, 3, 1, 12, 0).timestamp()  # long before the scan: no racy rows


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Some forty games in folders, with what a scan skips or counts once: a copy of a game, an
    earlier version of one, a damaged file, a foreign document, a name that is not UTF-8."""
    where = tmp_path_factory.mktemp("reading") / "library"
    day = datetime(2026, 1, 5, 20, 0).astimezone()
    written = []
    for i in range(40):
        a, b = PLAYERS[i % 5], PLAYERS[(i + 1 + (i // 5) % 4) % 5]  # never twice one
        started = day + timedelta(days=i)
        game = game_of(a, b, started, new_game_id() if i % 3 else None, moves=6 - (i == 7))
        written.append(put(where / str(2026 + i % 2) / f"{i:02d}-{a}-{b}.toml", game))
    (where / "2026" / "copy of 05.toml").write_bytes(written[5].read_bytes())
    (where / "damaged.toml").write_text("format = 4\nplayers = [\n", encoding="utf-8")
    (where / "foreign.toml").write_text('format = 4\nplayers = "none"\n', encoding="utf-8")
    (where / os.fsdecode(b"\xff odd.toml")).write_bytes(written[0].read_bytes())
    for path in where.rglob("*.toml"):
        os.utime(path, (OLD, OLD))
    return where


def rows(library: Path) -> list[tuple[Any, ...]]:
    """The index's rows as stored, but for the time each was checked at and the seal (a hash
    over the row with that time)."""
    db = sqlite3.connect(index_path(library))
    try:
        found = db.execute("SELECT * FROM games ORDER BY file").fetchall()
        columns = [c[1] for c in db.execute("PRAGMA table_info(games)")]
    finally:
        db.close()
    kept = [i for i, name in enumerate(columns) if name not in ("checked_ns", "seal")]
    return [tuple(row[i] for i in kept) for row in found]


def scanned(library: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Scan, Any]:
    """A first build of the index in ``cache``: the scan and the rows it wrote."""
    monkeypatch.setenv("TERTS_CACHE", str(cache))
    scan = scan_library(library)
    return scan, rows(library)


def seen(scan: Scan) -> tuple[Any, ...]:
    return (scan.games, scan.skipped, scan.copies, scan.conflicts, scan.notes, scan.rebuilt)


@pytest.fixture
def one_by_one(library, tmp_path, monkeypatch) -> tuple[Scan, Any]:
    monkeypatch.setattr(reading, "PARALLEL_FROM", 10**9)
    return scanned(library, tmp_path / "serial", monkeypatch)


def forks(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Every reading from now on in a pool of at least two workers, chunks of three names; the
    list says, for each, whether a pool was started."""
    monkeypatch.setattr(reading, "PARALLEL_FROM", 1)
    monkeypatch.setattr(reading, "CHUNK", 3)
    monkeypatch.setattr(reading, "_cpus", lambda: 2)
    started: list[bool] = []
    real = reading._start

    def start(library: Path, chunks: list[Any], read: Any) -> Any:
        got = real(library, chunks, read)
        started.append(got is not None)
        return got

    monkeypatch.setattr(reading, "_start", start)
    return started


def no_workers_left() -> bool:
    return multiprocessing.active_children() == [] and threading.active_count() == 1


def test_the_pool_reads_what_one_by_one_reads(library, tmp_path, monkeypatch, one_by_one):
    started = forks(monkeypatch)
    handler = signal.getsignal(signal.SIGINT)
    scan, written = scanned(library, tmp_path / "pool", monkeypatch)
    assert started == [True]
    assert signal.getsignal(signal.SIGINT) is handler  # ignored only while the workers fork
    assert seen(scan) == seen(one_by_one[0])
    assert written == one_by_one[1]
    assert scan.rebuilt == 44 and len(scan.skipped) == 2 and scan.copies  # all of them read
    assert no_workers_left()


def test_a_pool_that_cannot_be_made_leaves_the_reading_here(
    library, tmp_path, monkeypatch, one_by_one
):
    import concurrent.futures

    started = forks(monkeypatch)

    def no_pool(*args: Any, **kwargs: Any) -> Any:
        raise OSError(38, "Function not implemented")  # no /dev/shm: no semaphores

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    scan, written = scanned(library, tmp_path / "pool", monkeypatch)
    assert started == [False]
    assert (seen(scan), written) == (seen(one_by_one[0]), one_by_one[1])


def test_a_broken_pool_leaves_the_rest_to_be_read_here(library, tmp_path, monkeypatch, one_by_one):
    forks(monkeypatch)
    parent, real = os.getpid(), scan_module._read_one

    def read_one(where: Path, name: str) -> Any:
        if os.getpid() != parent and name.startswith("2026/1"):
            os._exit(1)  # a worker killed halfway
        return real(where, name)

    monkeypatch.setattr(scan_module, "_read_one", read_one)
    scan, written = scanned(library, tmp_path / "pool", monkeypatch)
    assert (seen(scan), written) == (seen(one_by_one[0]), one_by_one[1])
    assert no_workers_left()


def test_another_thread_alive_reads_here(library, tmp_path, monkeypatch, one_by_one):
    """``terts serve`` and the club answer in threads: a fork there could copy a lock held."""
    started = forks(monkeypatch)
    got: list[tuple[Scan, Any]] = []
    worker = threading.Thread(
        target=lambda: got.append(scanned(library, tmp_path / "thread", monkeypatch))
    )
    worker.start()
    worker.join()
    assert started == [False]
    assert (seen(got[0][0]), got[0][1]) == (seen(one_by_one[0]), one_by_one[1])


def test_a_reading_stopped_early_leaves_no_worker(library, monkeypatch):
    forks(monkeypatch)
    names = sorted(str(p.relative_to(library)) for p in library.rglob("*.toml"))
    results = reading.read_games(library, names, scan_module._read_one)
    assert len(multiprocessing.active_children()) == 2
    first = next(results)
    assert first == scan_module._read_one(library, names[0])
    results.close()
    assert no_workers_left()


def test_ctrl_c_in_a_scan_stops_the_workers(library, tmp_path, monkeypatch):
    forks(monkeypatch)
    monkeypatch.setenv("TERTS_CACHE", str(tmp_path / "cache"))

    def progress(total: int) -> Any:
        def advance() -> None:
            raise KeyboardInterrupt  # as Ctrl-C on a terminal, while the bar advances

        return advance

    with pytest.raises(KeyboardInterrupt):
        scan_library(library, progress)
    assert no_workers_left()
    assert scan_library(library).rebuilt == 44  # nothing was kept of the reading stopped


def test_the_bar_advances_as_the_pool_reads(library, tmp_path, monkeypatch):
    forks(monkeypatch)
    monkeypatch.setenv("TERTS_CACHE", str(tmp_path / "cache"))
    told: list[int] = []
    advanced = [0]

    def progress(total: int) -> Any:
        told.append(total)

        def advance() -> None:
            advanced[0] += 1

        return advance

    scan = scan_library(library, progress)
    assert told[0] == advanced[0] == scan.rebuilt == 44


def test_a_first_builds_seals_are_those_the_write_works_out(library, tmp_path, monkeypatch):
    """The seals worked out as the files come back (``index.first_seal``) are the write's own:
    every row reads back sealed, and a seal given for a row of a later generation is not
    taken (the write works its own out)."""
    from terts_referee.library.index import Index

    monkeypatch.setenv("TERTS_CACHE", str(tmp_path / "cache"))
    taken = []
    write = Index.write

    def spying(self, fresh, gone, meta, sealed=None):
        taken.append(None if sealed is None else dict(sealed))
        return write(self, fresh, gone, meta, sealed)

    monkeypatch.setattr(Index, "write", spying)
    scan_library(library)
    assert taken and taken[0] and len(taken[0]) == len(rows(library))
    index = Index(library)
    assert index.bad == 0 and not index.rebuild and len(index.rows) == len(rows(library))
    name = sorted(index.rows)[0]
    row = index.rows[name]
    fresh = {name: (row.size, row.mtime_ns, row.hash, row.checked_ns + 1, *_stored(row), True)}
    assert index.write(fresh, [], {}, {name: "not the seal"}) == 2  # born 1, gen 2: its own
    index.close()
    again = Index(library)
    assert again.bad == 0 and again.rows[name].gen == 2
    again.close()


def _stored(row: Any) -> tuple[Any, ...]:
    return scan_module._stored((row.summary, row.error))
