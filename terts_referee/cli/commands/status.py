"""``terts status``: where the current deal stands and what may be done next."""

from ..options import GameOpt, JsonOpt, opened


def command(game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """The current deal: phase, trick, stock, who leads, what may be declared or exchanged.

    Example: terts status --json
    """
    from ...output.report.status import report_status
    from ..remedies import command as typed

    report_status(opened(game).status(), as_json, command=typed)
