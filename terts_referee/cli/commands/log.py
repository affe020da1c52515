"""``terts log``: the game's events, numbered."""

from ..options import GameOpt, JsonOpt, load


def command(game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """The events, numbered.

    Example: terts log --json
    """
    from ...report.events import report_log

    _, g = load(game)
    report_log(g, as_json)
