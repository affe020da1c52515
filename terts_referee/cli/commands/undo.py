"""``terts undo``: remove the latest event under the lock and say which; it is a drop of the
latest, kept in the corrections trail like any other."""

from ..options import GameOpt, JsonOpt, opened


def command(game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Remove the latest event and say which (kept in the trail: terts log --all).

    Example: terts undo
    """
    from ...output.report.events import report_undo

    report_undo(opened(game).undo(), as_json)
