"""``terts serve``: a small local web server over the game file for the phones at the table (the
live sheet and every recording action); the server and its dependencies are imported only here."""

from typing import Annotated, Optional

import typer

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
) -> None:
    """A small web server over the game file: the live sheet and every action, for phones.

    Example: terts --lang ru serve --lan
    """
    from ... import i18n
    from ...web.server import serve as run_server
    from .. import long_running

    long_running()
    raise typer.Exit(run_server(game, port, lan, i18n.lang(), host))
