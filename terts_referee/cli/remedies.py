"""The command line's words for a verdict: its sentence, then the ``terts …`` command to type
for its remedy and what only the command line has (``--game``): ``output.remedies`` in the
command line's form. ``say(verdict)`` is the line a refusal prints on stderr; ``command`` writes
a remedy as the command to type, for the reports that suggest the next one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import i18n
from ..output.remedies import command

if TYPE_CHECKING:
    from ..domain.verdicts import Verdict

__all__ = ["command", "say"]


def say(verdict: Verdict, lang: str | None = None) -> str:
    """The line the terminal shows for ``verdict``: its sentence in ``lang`` (default the run's
    language), the commands as ``terts …``."""
    from ..output.remedies import say as terminal

    return terminal(verdict, lang or i18n.lang(), command)
