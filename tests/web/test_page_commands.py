"""``terts serve``: the page's actions are the commands the terminal takes (``new`` with quick
off is ``new --tricks``; ``ask`` and ``trump`` are actions).
"""

from __future__ import annotations


def test_the_web_page_asks_for_the_same_commands():
    """`terts serve`: `new` with quick off is `new --tricks`; `ask` and `trump` are actions."""
    from terts_referee.web import texts  # noqa: F401  (registers the catalogue)
    from terts_referee.web.api import argv_for

    argv = argv_for("new", {"players": ["Аня", "Боря"], "quick": False}, "g.toml", "en")
    assert "--tricks" in argv and "--quick" not in argv
    assert "ask" in argv_for("ask", {"player": "Боря"}, "g.toml", "en")
    assert "ч" in argv_for("trump", {"trump": "ч"}, "g.toml", "en")
