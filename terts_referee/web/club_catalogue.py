"""Every word of ``terts serve --club`` and its lobby, in Russian and English.

``club.web.*``: the server's own lines (the terminal, the refusals of its routes);
``club.ui.*``: the lobby's and the standings page's words, sent by the lobby's ``GET api/ui``.
A table's own page speaks the phone page's words (``catalogue.py``). No word here names a
terminal command: the pages are for the table, not for a terminal.
"""

from __future__ import annotations

from ..i18n import N_np, N_p, register

TEXTS = register(
    # --- the terminal ---------------------------------------------------------------------
    N_np(
        "club.web.listening",
        "terts serve: the club night in {path} ({n} table) at {url}",
        "terts serve: the club night in {path} ({n} tables) at {url}",
        "n",
    ),
    N_p("club.web.made", "made the club folder {path}"),
    N_p("club.web.skipped", "passed over {file}: {reason}"),
    N_p(
        "club.web.library",
        "finished tables go to the library {path}; the evening counts from {since}",
    ),
    N_np(
        "club.web.moved",
        "moved {n} finished table to the library {path}",
        "moved {n} finished tables to the library {path}",
        "n",
    ),
    N_p("club.web.not_moved", "the table {name} stays in the club folder: {reason}"),
    N_p(
        "club.web.game_and_club",
        "--club serves every game file of a folder and --game names one: give one of them",
    ),
    N_p("club.web.needs_club", "{option} is for a club night: give --club DIR too"),
    # --- the refusals of the club's routes (HTTP 4xx bodies) ------------------------------
    N_p("club.web.no_table", "no table {name}: the lobby lists the tables"),
    N_p(
        "club.web.table_closed",
        "table {name} has closed: its game went to the library, or its file left the club "
        "folder; the lobby lists the open tables",
    ),
    N_p(
        "club.web.bad_name",
        "{name!r} is not a table's name: letters, digits, - and _ (a letter or digit first, "
        "at most 80)",
    ),
    N_p("club.web.too_many", "the club has {most} tables already: no more are served"),
    N_p(
        "club.web.round_open",
        "round {number} is open already: each of its pairs has a table or has played",
    ),
    N_p(
        "club.web.round_waits",
        "round {number} waits for its players to finish their games: {names}",
    ),
    N_p("club.web.no_game", "no game {game} among the evening's finished games"),
    N_p(
        "club.web.game_param",
        "sheet.html takes one parameter, game: a key the standings list",
    ),
    N_p("club.web.library_bad", "the library could not be read: {reason}"),
    N_p(
        "club.web.conflict",
        "one game continued differently in {files}: not counted until one copy is kept "
        "(terts keep FILE)",
    ),
    # --- the lobby and the standings page ---------------------------------------------
    N_p("club.ui.title", "Club night"),
    N_p("club.ui.standings_title", "Club night: standings"),
    N_p("club.ui.loading", "Loading…"),
    N_p("club.ui.offline", "No connection to the server: retrying…"),
    N_p("club.ui.tables", "Tables"),
    N_p("club.ui.no_tables", "No table yet: open one below."),
    N_p("club.ui.deal_n", "deal {n}"),
    N_p("club.ui.no_deal", "no deal yet"),
    N_p("club.ui.deals", "{p} deals"),
    N_p("club.ui.winner", "Winner: {p}"),
    N_p("club.ui.finished", "finished"),
    N_p("club.ui.unreadable", "cannot be read"),
    N_p("club.ui.open", "Open"),
    N_p("club.ui.new_table", "New table"),
    N_p("club.ui.name_a", "First player"),
    N_p("club.ui.name_b", "Second player (deals first)"),
    N_p("club.ui.rules", "Rules"),
    N_p("club.ui.open_table", "Open the table"),
    N_p("club.web.opened", "Table {name} is open."),
    N_p("club.ui.rounds", "Rounds"),
    N_p("club.ui.round_n", "Round {n}"),
    N_p("club.ui.open_round", "Open round {n}"),
    N_np(
        "club.web.round_opened",
        "Round {n}: {k} table is open.",
        "Round {n}: {k} tables are open.",
        "k",
    ),
    N_np(
        "club.web.moved_now",
        "{k} finished table went to the library.",
        "{k} finished tables went to the library.",
        "k",
    ),
    N_p("club.ui.bye", "{p} sits out"),
    N_p("club.ui.played", "played"),
    N_p("club.ui.playing", "playing"),
    N_p("club.ui.waiting", "not yet"),
    N_p("club.ui.all_played", "Every pair has played."),
    N_p("club.ui.waits_for", "waits for {names}"),
    N_p("club.ui.standings", "Standings"),
    N_p("club.ui.since", "Games since {when}"),
    N_p("club.ui.col.rank", "#"),
    N_p("club.ui.col.player", "Player"),
    N_p("club.ui.col.games", "Games"),
    N_p("club.ui.col.wins", "Wins"),
    N_p("club.ui.col.points", "Points"),
    N_p("club.ui.col.rating", "Rating"),
    N_p("club.ui.no_players", "Nobody has played yet this evening."),
    N_p(
        "club.ui.rating_note",
        "Rating: openskill's estimate of skill minus three times its uncertainty, over every "
        "finished game; in brackets, the change this evening.",
    ),
    N_p("club.ui.finished_games", "Finished this evening"),
    N_p("club.ui.no_finished", "No game is finished yet."),
    N_p("club.ui.sheet", "Sheet"),
    N_p("club.ui.in_library", "in the library"),
    N_p("club.ui.big_screen", "Standings page"),
    N_p("club.ui.lobby", "All tables"),
    N_p("club.ui.table_name", "Table {name}"),
    N_p("club.ui.opened_at", "opened at {t}"),
    N_p("club.ui.table_closed", "This table has closed."),
    N_p("club.ui.skipped", "Not served as tables: {files}"),
)


def lobby_words(lang: str) -> dict[str, str]:
    """The lobby's words in ``lang``: every ``club.ui.*`` text."""
    from ..i18n import t

    return {key: t(key, lang) for key in TEXTS if key.startswith("club.ui.")}
