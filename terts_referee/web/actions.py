"""The one place where the web server runs a ``terts`` command.

``run(argv)`` runs the CLI's dispatcher (``cli.dispatch.run_command``, the same one the entry
point and table mode use) in-process on an argument list and returns its exit code, stdout and
stderr. Commands run one at a time (a process-wide lock: the redirected ``sys.stdout`` is
global); the game file's own lock also keeps a terminal ``terts`` in step.
"""

from __future__ import annotations

import io
import threading
from contextlib import redirect_stderr, redirect_stdout

_LOCK = threading.Lock()


class _Text(io.StringIO):
    """A captured stream that says it speaks UTF-8 (suits stay symbols, Russian stays Russian)."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return False


def run(argv: list[str]) -> tuple[int, str, str]:
    """Run ``terts ARGV`` in-process; returns (exit code, stdout, stderr). Never raises."""
    from ..cli.dispatch import run_command

    out, err = _Text(), _Text()
    with _LOCK, redirect_stdout(out), redirect_stderr(err):
        try:
            code = run_command(list(argv))
        except SystemExit as exc:  # pragma: no cover - main returns its codes
            code = exc.code if isinstance(exc.code, int) else 1
        except Exception as exc:  # pragma: no cover - a bug: one line, never a traceback
            err.write(f"terts: internal error: {type(exc).__name__}\n")
            code = 1
    return code, out.getvalue(), err.getvalue()
