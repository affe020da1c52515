"""``terts serve``: a small local web server over the game file for the phones at the table (the
live sheet and every recording action), or with ``--club DIR`` over every game file of a folder,
the tables of a club night behind one lobby; the server and its dependencies are imported only
here."""

from typing import Annotated, Optional

import typer

from ..library import LibraryOpt
from ..options import AsciiInt, GameOpt


def command(
    game: GameOpt = None,
    port: Annotated[
        int, typer.Option(click_type=AsciiInt(0, 65535), help="Port; 0 picks a free one.")
    ] = 8765,
    lan: Annotated[
        bool, typer.Option("--lan", help="Listen on the network address, with an access token.")
    ] = False,
    host: Annotated[
        Optional[str],
        typer.Option(
            "--host",
            metavar="ADDR",
            help="Address to listen on (default 127.0.0.1; with --lan the network address). "
            "Any address but loopback gets an access token.",
        ),
    ] = None,
    club: Annotated[
        Optional[str],
        typer.Option(
            "--club",
            metavar="DIR",
            show_default=False,
            help="A club night: every game file in DIR is a table, behind one lobby with the "
            "evening's standings (DIR is made if missing).",
        ),
    ] = None,
    library: LibraryOpt = None,
    players: Annotated[
        Optional[str],
        typer.Option(
            "--players",
            metavar="A,B,…",
            show_default=False,
            help="With --club: the evening's players, separated by commas; the lobby opens "
            "each round of their round robin in one tap.",
        ),
    ] = None,
    since: Annotated[
        Optional[str],
        typer.Option(
            "--since",
            metavar="WHEN",
            show_default=False,
            help="With --club: when the evening began (YYYY-MM-DD, YYYY-MM-DDTHH:MM or HH:MM "
            "today); default 06:00 today (before 06:00: yesterday's).",
        ),
    ] = None,
) -> None:
    """A small web server over the game file: the live sheet and every action, for phones.
    With --club DIR: every game file of DIR is a table, behind one lobby.

    Example: terts --lang ru serve --lan
    """
    from ... import i18n
    from .. import long_running

    lang = i18n.lang()

    if club is None:
        given = [name for name, value in (("--players", players), ("--since", since)) if value]
        if given:
            from ...domain.verdicts import Verdict
            from ...errors import NotationError

            raise NotationError(Verdict("club.web.needs_club", {"option": given[0]}))
        from ...web.server import serve as run_server

        long_running()
        raise typer.Exit(run_server(game, port, lan, lang, host, library))
    if game is not None:
        from ...domain.verdicts import Verdict
        from ...errors import NotationError

        raise NotationError(Verdict("club.web.game_and_club"))
    from ...web.club_app import serve_club

    long_running()
    raise typer.Exit(serve_club(club, port, lan, lang, host, library, players, since))
