"""The ``terts`` command's entry point (contract: CLI.md).

``run`` is the console script, ``main(argv)`` runs one command line and returns its exit code,
``app`` is the whole Typer app (built on first use: help, completion and the tests read it).
The work is done in ``dispatch`` (one command line -> exit code, shared with table mode), the
command names live in ``registry`` and each command in its own module under ``commands/``.
"""

import sys

from .dispatch import run_command as main

__all__ = ["app", "main", "run"]


def run() -> None:
    """Console-script entry point."""
    code = main()
    # The process ends here. Python's shutdown would walk every object left (Typer's, Click's,
    # the game's) with the cyclic collector, several times, to free memory the end of the
    # process frees anyway: about 11 ms of every command (issue 13). Frozen, they are skipped;
    # the shutdown itself (atexit, flushing stdout and stderr, the exit code) is unchanged.
    import gc

    gc.freeze()
    sys.exit(code)


def __getattr__(name: str):
    if name == "app":  # built once, on first use: a command that runs does not need it
        from .dispatch import full_app

        globals()["app"] = built = full_app()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
