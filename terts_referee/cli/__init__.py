"""The ``terts`` command's entry point (contract: CLI.md).

``run`` is the console script, ``main(argv)`` runs one command line and returns its exit code,
``app`` is the whole Typer app (built on first use: help, completion and the tests read it).
The work is done in ``dispatch`` (one command line -> exit code, shared with table mode), the
command names live in ``registry`` and each command in its own module under ``commands/``.
"""

import gc
import sys

from ..startup import long_lived

with long_lived():  # Typer and Click load here: ~30 collector passes that free nothing
    from .dispatch import run_command as main

__all__ = ["app", "main", "run"]


def run() -> None:
    """Console-script entry point: one command line, then the process ends."""
    code = main()
    # Everything alive now (modules, classes, the game, rich's renderables) dies with the
    # process: frozen, it is left out of the collector's last pass at exit, which would walk
    # it and free it object by object (about 15 ms of `terts sheet`, 10 of `terts status`;
    # issue 13). Output is flushed and atexit handlers run as before; our files are closed by
    # their `with` blocks. Only here, once the command is over: a table-mode session or the
    # web server runs inside `main` and collects as usual, and the tests call `main`.
    gc.freeze()
    sys.exit(code)


def __getattr__(name: str):
    if name == "app":  # built once, on first use: a command that runs does not need it
        from .dispatch import full_app

        globals()["app"] = built = full_app()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
