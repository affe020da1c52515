"""``terts undo``: remove the latest event under the lock and say which; it is a drop of the
latest (issue 11), kept in the corrections trail like any other."""

from typing import TYPE_CHECKING, Any

from ..options import GameOpt, JsonOpt, game_path

if TYPE_CHECKING:
    from ...domain.events import Event
    from ...game.model import Game


def command(game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Remove the latest event and say which (kept in the trail: terts log --all).

    Example: terts undo
    """
    from ...game.model import Game
    from ...game.storage import update_game
    from ...output.report.events import report_undo

    path = game_path(game)

    def change(doc: dict[str, Any]) -> "tuple[Game, int, Event]":
        g = Game.from_doc(doc, str(path))
        number, event = g.undo()
        doc.clear()
        doc.update(g.to_doc())
        return g, number, event

    g, number, event = update_game(path, change)
    report_undo(g, number, event, as_json)
