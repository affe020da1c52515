"""A ``terts serve --club`` server on 127.0.0.1 (an ephemeral port) for the club's HTTP and
browser tests; requests go through ``tests.serve_helpers.request`` as for one game."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import datetime
from urllib.parse import quote

from tests.serve_helpers import served


@contextmanager
def club_server(
    folder,
    library,
    lang="en",
    token=None,
    players=(),
    since: datetime | None = None,
    **limits,
):
    """A club night over ``folder`` in a thread, with its own event loop; yields the server
    (``.url``, ``.server_address``, ``.app``). ``limits``: any of ``Limits``' fields."""
    from terts_referee.game.model import now
    from terts_referee.library.evening import check_club_folder, evening_start
    from terts_referee.web.app import Limits
    from terts_referee.web.club_app import ClubServer
    from terts_referee.web.transport import bind

    check_club_folder(folder, library)
    sock = bind("127.0.0.1", 0)
    start = since or evening_start(now())
    server = ClubServer(sock, folder, library, lang, token, start, tuple(players), Limits(**limits))
    with served(server):
        yield server


def table(name: str, route: str = "") -> str:
    """The path of a table's route, below the token: ``t/NAME/ROUTE``."""
    return f"t/{quote(name)}/{route}"
