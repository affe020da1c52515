"""``terts history``: the games in the library, newest first."""

from ..library import (
    LibraryOpt,
    PlayerOpt,
    RulesOpt,
    SinceOpt,
    UntilOpt,
    check_filters,
    filters_from,
    library_checked,
    scan_games,
)
from ..options import JsonOpt


def command(
    player: PlayerOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    rules: RulesOpt = None,
    library: LibraryOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The games in the library, newest first: date, players, rules, winner, totals, deals,
    minutes played.

    Example: terts history --player Аня --since 2026-01-01
    """
    from ...library.stats import history as history_of
    from ...output.library_report import report_history

    check_filters(player, None, since, until)  # arguments before work
    library_checked(library)
    scan = scan_games(library, as_json)
    filters = filters_from(scan, player, None, since, until, rules)
    report_history(history_of(scan.games, filters), scan, as_json)
