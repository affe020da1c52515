"""The ``terts`` command's entry point (the contract: README's commands, ``docs/http.md``).

``run`` is the console script, ``main(argv)`` runs one command line and returns its exit code.
The work is done in ``dispatch`` (one command line -> exit code, shared with table mode;
``dispatch.full_app()`` is the whole Typer app, for help and completion), the command names live
in ``registry`` and each command in its own module under ``commands/``. Importing this package
imports none of them (``run`` first sets the start-up tricks up: ``terts_referee.startup``).
"""

import sys

from .. import startup

__all__ = ["left_for_the_end", "long_running", "main", "run", "walk_ahead"]

_state = {"long_running": False}  # set by ``long_running``: Python's own shutdown at the end
_state["one_shot"] = False  # set by ``run``: one command, then the process ends


def main(argv: list[str] | None = None) -> int:
    """Run ``terts ARGV…`` (default ``sys.argv[1:]``) in this process and return its exit code
    (``dispatch.run_command``)."""
    from .dispatch import run_command

    return run_command(argv)


def run() -> None:
    """Console-script entry point: one command, then the process ends.

    The cyclic garbage collector is off for the imports and the command, what the imports made
    frozen, and the process ended at once after the command (``startup``: ``gc``,
    ``fast_exit``); the commands that run for long (``table``, ``serve``) and the library's
    scans turn the collector back on and end through Python's own shutdown
    (``long_running``). For ``history`` and ``stats``, the library is walked in a child
    process while this one imports (``startup.walk_ahead``)."""
    startup.collector_off()
    walk_ahead(sys.argv[1:])
    _state["one_shot"] = True
    from .dispatch import run_command

    startup.freeze()
    code = run_command()
    if not _state["long_running"]:
        startup.end_now(code, _flushed)
    _end(code)


#: The commands whose answer starts with a walk of the library.
_WALKERS = ("history", "stats")


def walk_ahead(argv: list[str]) -> None:
    """For ``terts history`` or ``terts stats`` (``argv``, the words after ``terts``): the
    library the command line names (the last ``--library``, as click takes it; else the
    default) walked in a child process (``startup.walk_ahead``) while this one imports."""
    from .registry import command_word, hoist_root_options

    args = hoist_root_options(argv)
    if command_word(args) not in _WALKERS or "--help" in args or "-h" in args:
        return
    option = None
    words = iter(args)
    for word in words:
        if word == "--":
            break
        if word == "--library":
            option = next(words, None)
        elif word.startswith("--library="):
            option = word.partition("=")[2]

    def walk() -> object:
        from ..library.kept import walk_state

        return walk_state(option)

    startup.walk_ahead(walk)


def _end(code: int) -> None:
    """Python's own end: what is left frozen first (``startup.freeze``), then atexit, the
    standard streams flushed and the exit code, but for output still buffered for a closed
    pipe (``_flushed``)."""
    startup.freeze()
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


def left_for_the_end() -> list[object] | None:
    """Where a command puts what it made and no longer needs, to be freed with the process
    (``startup.left_for_the_end``): only in a one-shot process (``run``) not running long;
    None otherwise (a session, a server, a test calling ``main``: freed as usual)."""
    if not _state["one_shot"] or _state["long_running"]:
        return None
    return startup.left_for_the_end()


def long_running() -> None:
    """A command that keeps running (a session, a server) or reads many files: the cyclic
    garbage collector back on (``run`` turns it off for a one-shot command), and Python's own
    shutdown at its end."""
    import gc

    _state["long_running"] = True
    gc.enable()
