"""Reading many game files at once: the changed files of a scan summarized on every CPU.

A first build reads and replays every game file of the library (the TOML parsed, the events
built and walked by the referee, the summary and the digest worked out: about 1 ms a game on
one core, ten seconds for a club's 10,000 games), and no file's summary depends on another's.
From :data:`PARALLEL_FROM` files on, :func:`read_games` has them summarized in worker
processes, one per CPU this process may run on, :data:`CHUNK` names at a time. The results come
back in the order of the names given, each chunk as soon as it and those before it are done:
the caller's progress bar advances as the games finish, and what the caller builds from them
is what a reading one by one builds, in the same order (the functions are the same, and they
depend on nothing but the file's bytes and the language, which the workers inherit).

Processes, not threads: the work is Python code that holds the interpreter's lock throughout.

The workers are forked: the only start method that costs nothing (``spawn`` and
``forkserver`` start a new interpreter and import the package again in each), and one that is
safe only when all of these hold, else the files are read here one by one:

- the platform forks, and is not macOS, where system libraries may start threads of their own
  (Python made ``spawn`` its default there for that reason);
- no other thread runs in this process (``terts serve``'s and the club's server threads, a
  progress bar's refresh thread): a lock such a thread holds at the fork stays held in the
  child for ever; the caller starts its progress bar after :func:`read_games` returns;
- stdout and stderr can be flushed: a child flushes them when it ends, and what this process
  had not written yet would be written twice.

A pool that cannot be made (no ``/dev/shm`` for its semaphores, a sandbox that forbids new
processes) or breaks (a worker killed) leaves the rest of the files to be read here, one by
one: the same results, only later.

The workers only read: they open the game files and send back what they found; the index is
written by the caller, in this process, as after a reading one by one. They are forked with
Ctrl-C (SIGINT) ignored, so that one Ctrl-C is taken by this process alone: when the caller
stops early (Ctrl-C, an error, a generator closed), the work not started is cancelled and the
workers are terminated and waited for before the exception goes on; none is left behind.

Not a start-up trick (``terts_referee.startup``): those make a command answer sooner at the
cost of an invariant a test guards; this shortens a long reading, gives the same results by
construction, and turns itself off wherever it could not be done safely.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.process import BaseProcess

__all__ = ["CHUNK", "PARALLEL_FROM", "Read", "Reader", "read_games"]

#: From how many files a pool is worth starting: forking the workers and sending the results
#: back costs a few milliseconds, a tenth of a second's reading; an update of a few files is
#: read here.
PARALLEL_FROM = 200

#: Names a worker is sent at a time: few enough for the bar to move smoothly and the workers to
#: end together, enough that sending them and their results back costs little beside reading
#: them (25 games: about 25 ms of work for a message each way).
CHUNK = 25

#: One file read: (its name, its summary, the reason it is skipped, the hash of its bytes);
#: the summary and the reason as ``scan.summarize_file`` gives them, the hash None for a file
#: that could not be read at all (the reason says why; it has no row in the index).
Read = tuple[str, dict[str, Any] | None, str | None, str | None]


#: How one file is read: ``read(library, name)`` gives its :data:`Read` (the scan's own,
#: ``scan._read_one``: passed in, since the scan imports this module).
Reader = Callable[[Path, str], Read]

#: In a worker, the reader its chunks are read with (set as it starts, ``_worker``); forked with
#: it, never pickled.
_reader: Reader | None = None


def _worker(read: Reader) -> None:
    global _reader
    _reader = read


def _read_chunk(library: Path, names: Sequence[str]) -> list[Read]:
    """What a worker does with one chunk of names."""
    assert _reader is not None  # set as the worker started
    return [_reader(library, name) for name in names]


def read_games(library: Path, names: Sequence[str], read: Reader) -> Generator[Read, None, None]:
    """The files ``names`` (paths inside ``library``) read by ``read``, in the order given:
    in worker processes when there are enough of them and forking is safe (see the module's
    doc), else one by one here. The workers are started before this returns (a progress bar's
    thread started after it is none of theirs); close the iterator (``contextlib.closing``)
    when not reading it to its end, so that they stop at once."""
    chunks = [names[i : i + CHUNK] for i in range(0, len(names), CHUNK)]
    started = _start(library, chunks, read) if len(names) >= PARALLEL_FROM else None
    if started is None:
        return _one_by_one(library, names, read)
    return _gathered(library, chunks, read, *started)


def _one_by_one(library: Path, names: Sequence[str], read: Reader) -> Generator[Read, None, None]:
    for name in names:
        yield read(library, name)


def _cpus() -> int:
    """The CPUs this process may run on (a container or ``taskset`` may give it fewer than the
    machine has)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on every platform
        return os.cpu_count() or 1


def _fork_safe() -> bool:
    """Whether this process may fork its workers now (see the module's doc)."""
    import multiprocessing
    import threading

    if sys.platform == "darwin" or "fork" not in multiprocessing.get_all_start_methods():
        return False
    if threading.active_count() != 1 or threading.current_thread() is not threading.main_thread():
        return False
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a closed pipe: its buffer could be written again
            return False
    return True


Started = tuple["ProcessPoolExecutor", list["Future[list[Read]]"], set["BaseProcess"]]


def _start(library: Path, chunks: list[Sequence[str]], read: Reader) -> Started | None:
    """A pool of workers forked, every chunk sent to it, and the workers it forked; None when
    forking is not safe here or the pool cannot be made (the caller reads one by one)."""
    workers = min(_cpus(), len(chunks))
    if workers < 2 or not _fork_safe():
        return None
    import multiprocessing
    import signal
    from concurrent.futures import ProcessPoolExecutor

    before = set(multiprocessing.active_children())
    pool = None
    # Ignored while the workers are forked (the first ``submit`` forks them all): they inherit
    # it, and one Ctrl-C stops this process, which stops them. A few milliseconds.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        pool = ProcessPoolExecutor(workers, multiprocessing.get_context("fork"), _worker, (read,))
        futures = [pool.submit(_read_chunk, library, chunk) for chunk in chunks]
    except (OSError, ImportError, NotImplementedError, RuntimeError):
        # No semaphores (no /dev/shm), no fork allowed, no thread for the pool's manager.
        if pool is not None:
            _stop(pool, set(multiprocessing.active_children()) - before)
        return None
    finally:
        signal.signal(signal.SIGINT, previous)
    return pool, futures, set(multiprocessing.active_children()) - before


def _gathered(
    library: Path,
    chunks: list[Sequence[str]],
    read: Reader,
    pool: ProcessPoolExecutor,
    futures: list[Future[list[Read]]],
    workers: set[BaseProcess],
) -> Generator[Read, None, None]:
    """The pool's results in the order of the chunks; after a broken pool, the chunks it did
    not give read here."""
    from collections import deque
    from concurrent.futures.process import BrokenProcessPool

    done = 0
    pending = deque(futures)
    del futures  # each future let go once read: the results are the caller's then
    try:
        while pending:
            try:
                results = pending[0].result()
            except BrokenProcessPool:  # a worker died: its chunk and the rest are read here
                break
            pending.popleft()
            # The caller's own name for each file, not the copy that came back: it is kept as
            # the key of every table the scan makes (10,000 strings more otherwise).
            for name, (_, summary, error, hashed) in zip(chunks[done], results, strict=True):
                yield name, summary, error, hashed
            done += 1
    finally:
        if not pending:
            pool.shutdown(wait=True)
        else:  # stopped early, or broken: nothing more from the pool
            _stop(pool, workers)
    for chunk in chunks[done:]:
        for name in chunk:
            yield read(library, name)


def _stop(pool: ProcessPoolExecutor, workers: set[BaseProcess]) -> None:
    """The pool stopped now: the work not started cancelled, the workers terminated (each is in
    the middle of a chunk at most: what it read is dropped) and waited for."""
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join()
    # Its manager thread sees them gone, fails what is left and ends: no thread is left.
    pool.shutdown(wait=True, cancel_futures=True)
