"""``terts table``: start the guided table mode (``terts_referee.table``) on a game file."""

import typer

from ..options import GameOpt


def command(game: GameOpt = None) -> None:
    """Guided mode for a real table: short commands, Tab completion, history, saved as you go.

    Example: terts table   (then: d Аня терц:Дч, t Тп 7п, s 54 Боря Аня, u, q)
    """
    from ... import i18n
    from ...table import run_table
    from .. import long_running

    long_running()
    raise typer.Exit(run_table(game, i18n.lang()))
