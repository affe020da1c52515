"""The ``terts`` command's entry point (contract: CLI.md).

``run`` is the console script, ``main(argv)`` runs one command line and returns its exit code,
``app`` is the whole Typer app (built on first use: help, completion and the tests read it).
The work is done in ``dispatch`` (one command line -> exit code, shared with table mode), the
command names live in ``registry`` and each command in its own module under ``commands/``.
Importing this package imports none of them (``run`` first sets the collector up).
"""

import gc
import sys

__all__ = ["app", "main", "run", "long_running"]


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
    # The process ends here. Python's shutdown would walk every object left (Typer's, Click's,
    # the game's) with the cyclic collector, several times, to free memory the end of the
    # process frees anyway: about 11 ms of every command (issue 13). Frozen, they are skipped;
    # the shutdown itself (atexit, flushing stdout and stderr, the exit code) is unchanged.
    gc.freeze()
    sys.exit(code)


def long_running() -> None:
    """A command that keeps running (a session, a server) or reads many files: the cyclic
    garbage collector back on (``run`` turns it off for a one-shot command)."""
    gc.enable()


def __getattr__(name: str):
    if name == "app":  # built once, on first use: a command that runs does not need it
        from .dispatch import full_app

        globals()["app"] = built = full_app()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
