"""``terts serve``: the page's actions are the commands the terminal takes (``new`` with quick
off is ``new --tricks``; ``ask`` and ``trump`` are actions), each a request of the game API.
"""

from __future__ import annotations


def test_the_web_page_asks_for_the_same_commands(tmp_path):
    """`terts serve`: `new` with quick off is `new --tricks`; `ask` and `trump` are actions."""
    from terts_referee.game.requests import AskRequest, TrumpRequest
    from terts_referee.web.backend import GameBackend
    from terts_referee.web.fields import asked

    backend = GameBackend(str(tmp_path / "g.toml"), "en")
    status, answer = backend.act("new", {"players": ["Аня", "Боря"], "quick": False})
    assert status == 200, answer
    assert backend.file.game().quick is False  # trick by trick, as `terts new --tricks`
    assert asked("ask", {"player": "Боря"}, "en").request == AskRequest("Боря")
    assert asked("trump", {"trump": "ч"}, "en").request == TrumpRequest("ч")
