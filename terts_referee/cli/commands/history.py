"""``terts history``: the games in the library, newest first."""

from typing import TYPE_CHECKING

from ..library import (
    LibraryOpt,
    PlayerOpt,
    RulesOpt,
    SinceOpt,
    UntilOpt,
    check_filters,
    library_answer,
    library_checked,
)

if TYPE_CHECKING:
    pass
from ..options import GameOpt, JsonOpt


def command(
    player: PlayerOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    rules: RulesOpt = None,
    library: LibraryOpt = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The games in the library, newest first: date, players, rules, winner, totals, deals,
    minutes played.

    Example: terts history --player Аня --since 2026-01-01
    """
    from ...output import console

    check_filters(player, None, since, until)  # arguments before work
    library_checked(library)

    options = {"player": player, "since": since, "until": until, "rules": rules}
    answer = library_answer("history", library, as_json, options, game)
    if as_json:
        console.write_json_text(answer)
        return
    from ...output.library_report import report_history_document

    report_history_document(answer["history"], library_checked(library), answer["in_library"])
