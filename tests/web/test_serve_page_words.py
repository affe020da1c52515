"""``terts serve``: what the server says to its own page is in the page's words: a field the
form left empty named by its label's words (a script still gets the request's field name), and
a new game without the server's file path."""

from __future__ import annotations

import pytest

from tests.serve_helpers import request, running, win_quickly

PAGE = {"Terts-Page": "1"}  # what the page sends with every action

MISSING = [
    ("en", "score", {"points": 54, "last_trick": "Боря"}, "by", "Choose who counted"),
    ("ru", "score", {"points": 54, "by": "Аня"}, "last_trick", "Выберите, у кого последняя взятка"),
    ("en", "declare", {"combos": ["4J"]}, "player", "Choose who declares"),
    ("ru", "ask", {}, "player", "Выберите, кто спрашивает"),
    ("ru", "trump", {}, "trump", "Выберите масть козыря"),
    ("en", "new", {}, "players", "Type both players' names"),
]


@pytest.mark.parametrize(("lang", "action", "body", "field", "words"), MISSING)
def test_a_missing_field_is_named_in_the_page_s_words(two_games, lang, action, body, field, words):
    _, served = two_games
    before = served.read_bytes()
    with running(served, lang=lang) as server:
        page = request(server, "POST", f"api/{action}", body, headers=PAGE)
        script = request(server, "POST", f"api/{action}", body)
    assert page.status == script.status == 400
    assert page.json()["error"] == words  # no JSON key, no action name
    assert f"'{field}'" not in page.json()["error"]
    assert page.json()["field"] == script.json()["field"] == field  # to mark it on the form
    assert f"'{field}'" in script.json()["error"]  # a script is told the field's name
    assert page.json()["code"] == script.json()["code"] == "web.err.missing_field"
    assert served.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "words", "moved"),
    [
        (
            "en",
            "new game: Аня v Боря, rules classic (to 501)",
            "the finished game is in the history",
        ),
        (
            "ru",
            "новая партия: Аня — Боря, правила classic (до 501)",
            "оконченная партия — в истории",
        ),
    ],
)
def test_a_new_game_from_the_page_names_no_file(terts, tmp_path, lang, words, moved):
    """The answer to a new game names the players and the rules, and says where the finished
    game went (the history), never the server's file path (a phone's player has no use for
    the laptop's folders)."""
    served = terts.game
    with running(served, lang=lang) as server:
        first = request(server, "POST", "api/new", {"players": ["Аня", "Боря"]}, headers=PAGE)
        win_quickly(terts)
        second = request(server, "POST", "api/new", {"players": ["Аня", "Боря"]}, headers=PAGE)
    assert first.json() == {"ok": True, "message": words}
    assert second.json() == {"ok": True, "message": words + "\n" + moved}
    for reply in (first, second):
        assert str(tmp_path) not in reply.json()["message"]
        assert served.name not in reply.json()["message"]
    assert len(list((tmp_path / "library").glob("*.toml"))) == 1
