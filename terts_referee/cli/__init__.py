"""The ``terts`` command's entry point (contract: CLI.md).

``run`` is the console script, ``main(argv)`` runs one command line and returns its exit code,
``app`` is the whole Typer app (built on first use: help, completion and the tests read it).
The work is done in ``dispatch`` (one command line -> exit code, shared with table mode), the
command names live in ``registry`` and each command in its own module under ``commands/``.
Importing this package imports none of them (``run`` first sets the collector up).
"""

import sys

__all__ = ["app", "main", "run"]


def main(argv: list[str] | None = None) -> int:
    """Run ``terts ARGV…`` (default ``sys.argv[1:]``) in this process and return its exit code
    (``dispatch.run_command``)."""
    from .dispatch import run_command

    return run_command(argv)


def run() -> None:
    """Console-script entry point."""
    import gc

    # Start-up imports Typer and Click: tens of thousands of objects, none of them garbage,
    # which the cyclic collector would walk again and again while they are made (about 5 ms,
    # issue 13). It is off while they are imported, and what they made is frozen (never walked
    # again, in a long table or web session either) before it is on again for the command.
    gc.disable()
    try:
        from .dispatch import run_command
    finally:
        gc.freeze()
        gc.enable()
    code = run_command()
    # The process ends here. Python's shutdown would walk every object left (Typer's, Click's,
    # the game's) with the cyclic collector, several times, to free memory the end of the
    # process frees anyway: about 11 ms of every command (issue 13). Frozen, they are skipped;
    # the shutdown itself (atexit, flushing stdout and stderr, the exit code) is unchanged.
    gc.freeze()
    sys.exit(code)


def __getattr__(name: str):
    if name == "app":  # built once, on first use: a command that runs does not need it
        from .dispatch import full_app

        globals()["app"] = built = full_app()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
