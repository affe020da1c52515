"""The ``terts`` command's entry point (contract: CLI.md).

``run`` is the console script, ``main(argv)`` runs one command line and returns its exit code,
``app`` is the whole Typer app (built on first use: help, completion and the tests read it).
The work is done in ``dispatch`` (one command line -> exit code, shared with table mode), the
command names live in ``registry`` and each command in its own module under ``commands/``.
Importing this package imports none of them (``run`` first sets the collector up).
"""

import gc
import sys

# The entry point runs before typing is imported (by typer, after ``run`` has turned the
# collector off): the names below are for the type checker only, which takes this for True.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn

    from typer import Typer

__all__ = ["app", "main", "run", "long_running"]

_state = {"long_running": False}  # set by ``long_running``: Python's own shutdown at the end


def main(argv: list[str] | None = None) -> int:
    """Run ``terts ARGV…`` (default ``sys.argv[1:]``) in this process and return its exit code
    (``dispatch.run_command``)."""
    from .dispatch import run_command

    return run_command(argv)


def run() -> None:
    """Console-script entry point: one command, then the process ends.

    The cyclic garbage collector is off for the run: starting up (Typer, click, this package)
    allocates tens of thousands of objects that live until the end, and the collector would walk
    them some 40 times for nothing, about 5 ms of a 65 ms start (issue 13). What the imports made
    is frozen (never walked again, in a long table or web session either). Reference counting
    still frees what a command drops; the commands that run for long (``table``, ``serve``) and
    the library's scans turn the collector back on (``long_running``)."""
    gc.disable()
    from .dispatch import run_command

    gc.freeze()
    code = run_command()
    if not _state["long_running"]:
        _end_now(code)
    _end(code)


def _end(code: int) -> "NoReturn":
    """Python's own end: its shutdown would walk every object left (Typer's, Click's, the
    game's) with the cyclic collector, several times, to free memory the end of the process
    frees anyway: about 11 ms of every command (issue 13). Frozen, they are skipped; the
    shutdown itself (atexit, flushing stdout and stderr, the exit code) is unchanged, but for
    output still buffered for a closed pipe (``_flushed``)."""
    gc.freeze()
    _flushed()
    sys.exit(code)


def _flushed() -> bool:
    """Flush stdout and stderr; False if one cannot be flushed for another reason than a
    closed pipe. Output still buffered when the reader of a pipe went away (``terts history |
    head -1``: everything fits the buffer, the failure comes at the end) is dropped as the
    dispatcher drops the rest of a closed pipe (``dispatch.pipe_closed``), instead of Python
    reporting "Exception ignored … BrokenPipeError" and exit code 120."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            stream.flush()
        except BrokenPipeError:
            from .dispatch import pipe_closed

            pipe_closed()
            try:
                stream.flush()  # into the null device now
            except (OSError, ValueError):
                pass
        except (OSError, ValueError):
            return False
    return True


def _end_now(code: int) -> None:
    """End a one-shot command without tearing the interpreter down (issue 13): what Python's
    shutdown does that anyone could see is done here, the standard streams flushed and the
    exit handlers run, then the process ends with ``code``. What is skipped is freeing every
    module, class and function one by one (about 3 ms), memory the end of the process frees.

    Nothing written is at stake: the game file is already written, synced and replaced before
    the command returns (``storage``), and the lock goes with the process. Returns (for
    ``_end``, Python's own shutdown) when this ending could differ from it: another thread
    still running (its end would be waited for), a stream that cannot be flushed (but for a
    closed pipe), or no way to run the exit handlers."""
    import os

    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return
    import atexit

    run_handlers = getattr(atexit, "_run_exitfuncs", None)
    if run_handlers is None:
        return
    run_handlers()  # before the streams are flushed, as in Python's shutdown
    if not _flushed():
        return
    os._exit(code)


def long_running() -> None:
    """A command that keeps running (a session, a server) or reads many files: the cyclic
    garbage collector back on (``run`` turns it off for a one-shot command), and Python's own
    shutdown at its end."""
    _state["long_running"] = True
    gc.enable()


def __getattr__(name: str) -> "Typer":
    if name == "app":  # built once, on first use: a command that runs does not need it
        from .dispatch import full_app

        globals()["app"] = built = full_app()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
