"""`terts serve`'s read-only routes: the library (history, stats, a library game), the printable
sheet, the next game, and the web app manifest with its icons.

Each library route answers exactly what the CLI prints with ``--json`` for the same filters,
given as query parameters, and refuses what the CLI refuses, with the reason; nothing read
changes a file.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from tests.serve_helpers import request, running

WEB = Path(__file__).resolve().parents[2] / "terts_referee" / "web"


def _won(cli, a, b, claim=False, *new):
    """A quick game ``a`` wins in two deals (the second ended by a claim when ``claim``)."""
    cli.ok("new", a, b, "--quick", *new)
    cli.ok("deal", "--trump", "h")
    cli.ok("declare", a, "4J")
    cli.ok("score", "140", "--by", a, "--last-trick", b)
    cli.ok("deal", "--trump", "s")
    cli.ok("declare", a, "4J")
    if claim:
        cli.ok("claim", a, "--tricks", "5", "--card-points", "100")
    else:
        cli.ok("score", "100", "--by", a, "--last-trick", b)


@pytest.fixture
def library(terts, tmp_path):
    """Three finished games in the library (Аня twice, Боря once, Вася once) and an
    unfinished one set aside; the game file holds a finished game of Аня and Боря."""
    _won(terts, "Аня", "Боря")
    _won(terts, "Боря", "Аня", claim=True)
    _won(terts, "Вася", "Аня")
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "c")
    _won(terts, "Аня", "Боря", False, "--force")  # the unfinished game moves first
    return tmp_path / "library"


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.glob("*.toml")}


QUERIES = [
    ("", ()),
    ("player=%D0%B0%D0%BD", ("--player", "ан")),
    (
        "player=%D0%91%D0%BE%D1%80%D1%8F&since=2020-01-01",
        ("--player", "Боря", "--since", "2020-01-01"),
    ),
    ("until=2020-01-01", ("--until", "2020-01-01")),
    ("rules=CLASSIC", ("--rules", "CLASSIC")),
    ("rules=book", ("--rules", "book")),
]


@pytest.mark.parametrize(("query", "args"), QUERIES)
def test_history_and_stats_are_the_cli_s_json(terts, library, query, args):
    before = _files(library)
    with running(terts.game) as server:
        history = request(server, "GET", f"api/history?{query}")
        stats = request(server, "GET", f"api/stats?{query}")
    assert history.status == stats.status == 200
    assert history.headers["Content-Type"] == "application/json; charset=utf-8"
    assert history.json() == terts("history", "--json", *args).json()
    assert stats.json() == terts("stats", "--json", *args).json()
    assert _files(library) == before  # reading changes no game file


def test_stats_of_one_pair_with_vs(terts, library):
    with running(terts.game) as server:
        pair = request(server, "GET", "api/stats?player=%D0%B0%D0%BD%D1%8F&vs=%D0%B2").json()
    assert pair == terts("stats", "--json", "--player", "аня", "--vs", "в").json()
    assert pair["games"] == 1 and pair["head_to_head"][0]["points"]


BAD = [
    ("api/stats?vs=%D0%90", 400, "'vs' needs 'player'"),
    ("api/stats?since=bogus", 400, "'bogus' is not a date: expected YYYY-MM-DD"),
    ("api/history?until=2026-13-01", 400, "is not a date"),
    ("api/history?player=Zed", 400, "no player 'Zed' in the library: its players are"),
    ("api/history?vs=x", 400, "unknown parameter 'vs' for api/history"),
    ("api/stats?game=/etc/passwd", 400, "unknown parameter 'game' for api/stats"),
    ("api/stats?player=a&player=b", 400, "parameter 'player' given more than once"),
    ("api/stats?player=" + "x" * 201, 400, "parameter 'player' is too long: at most 200"),
    ("api/game", 400, "api/game needs the parameter 'file'"),
    ("api/game?file=/etc/passwd", 404, "no game '/etc/passwd' in the library"),
    ("api/game?file=..%2Fgame.toml", 404, "in the library"),
    ("api/game?file=x&player=y", 400, "unknown parameter 'player' for api/game"),
    ("sheet.html?file=/etc/hosts", 404, "no game '/etc/hosts' in the library"),
    ("sheet.html?print=1", 400, "unknown parameter 'print' for sheet.html"),
]


@pytest.mark.parametrize(("path", "status", "reason"), BAD)
def test_a_query_the_cli_would_refuse_is_refused_with_its_reason(
    terts, library, path, status, reason
):
    before = _files(library)
    with running(terts.game) as server:
        reply = request(server, "GET", path)
    assert reply.status == status, reply.body
    assert reply.body.count(b"\n") == 0
    data = reply.json()
    assert data["ok"] is False and reason in data["error"], data
    assert _files(library) == before


def test_an_ambiguous_player_is_refused_as_the_cli_refuses_it(terts, library):
    _won(terts, "Алла", "Боря")  # the finished game of the file moves to the library
    terts.ok("new", "Петя", "Боря")  # and so does Алла's
    with running(terts.game) as server:
        ambiguous = request(server, "GET", "api/stats?player=%D0%90")  # "А": Аня or Алла
        one = request(server, "GET", "api/history?player=%D0%B0%D0%BB")  # "ал": Алла
    cli = terts("stats", "--json", "--player", "А")
    assert ambiguous.status == 400 and cli.code == 2
    assert "terts: error: " + ambiguous.json()["error"] == cli.stderr.strip()
    assert "could be" in cli.stderr
    assert [g["players"] for g in one.json()["games"]] == [["Алла", "Боря"]]


def test_refusals_in_russian(terts, library):
    with running(terts.game, lang="ru") as server:
        date = request(server, "GET", "api/history?since=x").json()["error"]
        param = request(server, "GET", "api/history?x=1").json()["error"]
        alone = request(server, "GET", "api/stats?vs=x").json()["error"]
    assert date == "'x' — не дата: ожидается ГГГГ-ММ-ДД, например 2026-11-30"
    assert param.startswith("неизвестный параметр 'x' для api/history")
    assert alone.startswith("для 'vs' нужен 'player'")


def test_a_library_game_opens_from_the_history(terts, library):
    with running(terts.game) as server:
        games = request(server, "GET", "api/history").json()["games"]
        file = games[-1]["file"]
        reply = request(server, "GET", "api/game?file=" + _quoted(file))
        page = request(server, "GET", "sheet.html?file=" + _quoted(file))
    assert reply.status == 200
    assert reply.json() == {
        "file": file,
        "sheet": terts("sheet", "--json", "--game", file, game=False).json(),
    }
    assert page.status == 200 and page.headers["Content-Type"] == "text/html; charset=utf-8"
    out = Path(terts.game.parent / "exported.html")
    assert terts("export", "--html", str(out), "--game", file, game=False).code == 0
    assert page.body == out.read_bytes()


def test_serve_library_is_the_library_the_page_reads(terts, library, tmp_path):
    """``terts serve --library DIR``: the page's history is that library, where its finished
    game goes, not ``$TERTS_LIBRARY``'s; the game won in the file is in it at once, and once
    the next game moves it there it is the library's copy, counted once."""
    own = tmp_path / "own-library"
    with running(terts.game, library=str(own)) as server:
        empty = request(server, "GET", "api/history").json()
        fields = request(server, "GET", "api/next").json()
        del fields["finished"]
        assert request(server, "POST", "api/new", fields).status == 200
        games = request(server, "GET", "api/history").json()["games"]
    assert [g["file"] for g in empty["games"]] == [str(terts.game)]
    assert [g["file"] for g in games] == [str(p) for p in own.glob("*.toml")] and len(games) == 1


def _quoted(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")


def test_sheet_html_is_export_html_of_the_current_game(terts, library):
    with running(terts.game, lang="ru") as server:
        page = request(server, "GET", "sheet.html")
        head = request(server, "HEAD", "sheet.html")
        posted = request(server, "POST", "sheet.html", {})
    out = terts.game.parent / "sheet.html"
    terts.ok("--lang", "ru", "export", "--html", str(out))
    assert page.status == 200 and page.body == out.read_bytes()
    assert '<html lang="ru">' in page.body.decode()
    policy = page.headers["Content-Security-Policy"]
    assert "script-src" not in policy and "default-src 'none'" in policy  # no script runs
    assert page.headers["X-Frame-Options"] == "DENY"
    assert head.status == 200 and head.body == b""
    assert posted.status == 405


def test_without_a_game_file_sheet_html_and_next_say_so(tmp_path):
    with running(tmp_path / "none.toml") as server:
        page = request(server, "GET", "sheet.html")
        after = request(server, "GET", "api/next")
    for reply in (page, after):
        assert reply.status == 404
        assert reply.json() == {
            "ok": False,
            "error": "no game file yet: start one with New game",
            "code": "web.err.no_game",
            "remedy": None,
        }


def test_the_next_game_is_offered_once_the_game_is_finished(terts, tmp_path):
    terts.ok("new", "Аня", "Боря", "--quick", "--rules", "book")
    terts.ok("deal", "--trump", "h")
    with running(terts.game) as server:
        running_game = request(server, "GET", "api/next").json()
        terts.ok("declare", "Аня", "4J")
        terts.ok("score", "140", "--by", "Аня", "--last-trick", "Боря")
        terts.ok("deal", "--trump", "s")
        terts.ok("declare", "Аня", "4J")
        terts.ok("score", "100", "--by", "Аня", "--last-trick", "Боря")
        assert terts.sheet()["winner"] == "Аня"
        finished = request(server, "GET", "api/next").json()
    assert running_game == {"finished": False}
    # the rotation runs on (§2): Боря took the last trick of the last deal, so he deals
    assert finished == {
        "finished": True,
        "players": ["Аня", "Боря"],
        "rules": "book",
        "quick": True,
        "dealer": "Боря",
    }


def test_after_a_claim_the_next_game_s_dealer_is_by_lot(terts):
    _won(terts, "Аня", "Боря", claim=True)
    with running(terts.game) as server:
        assert request(server, "GET", "api/next").json()["dealer"] is None


def test_a_custom_ruleset_is_not_offered_for_the_next_game(terts, tmp_path):
    own = tmp_path / "house.toml"
    terts.ok("rules", "new", str(own), "--from", "classic")
    terts.ok("new", "Аня", "Боря", "--rules", str(own))
    terts.ok("deal", "--trump", "h")
    terts.ok("declare", "Аня", "4J")
    terts.ok("score", "150", "--by", "Аня", "--last-trick", "Аня")
    terts.ok("deal", "--trump", "s")
    terts.ok("declare", "Аня", "4J")
    terts.ok("score", "150", "--by", "Аня", "--last-trick", "Аня")
    with running(terts.game) as server:
        offered = request(server, "GET", "api/next").json()
    assert offered["finished"] and offered["rules"] is None  # the page takes bundled names only


def test_the_next_game_moves_the_finished_one_to_the_library(terts, tmp_path):
    """`POST api/new` on a finished game is `terts new`: the finished game goes to the library
    (where the page's history finds it) and the new one starts, quick unless told otherwise."""
    _won(terts, "Аня", "Боря")
    finished = terts.game.read_bytes()
    with running(terts.game) as server:
        offer = request(server, "GET", "api/next").json()
        body = {"players": offer["players"], "rules": offer["rules"], "dealer": offer["dealer"]}
        reply = request(server, "POST", "api/new", {**body, "quick": offer["quick"]})
        history = request(server, "GET", "api/history").json()["games"]
        state = request(server, "GET", "api/state").json()
    assert reply.status == 200, reply.body
    (moved,) = (tmp_path / "library").glob("*.toml")
    assert moved.read_bytes() == finished
    assert [g["file"] for g in history] == [str(moved)]
    assert state["sheet"]["players"] == ["Аня", "Боря"] and not state["sheet"]["deals"]
    terts.ok("deal", "--trump", "h")
    assert terts.sheet()["deals"][0]["dealer"] == "Боря"  # who took the last trick
    assert terts.status()["quick"] is True


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_page_is_installable(two_games):
    _, served = two_games
    with running(served, lang="ru") as server:
        page = request(server, "GET", "").body.decode()
        reply = request(server, "GET", "manifest.webmanifest")
        manifest = reply.json()
        icons = {i["src"]: request(server, "GET", i["src"]) for i in manifest["icons"]}
        touch = request(server, "GET", "apple-touch-icon.png")
    assert '<link rel="manifest" href="manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#1f5f3f">' in page
    assert reply.headers["Content-Type"] == "application/manifest+json; charset=utf-8"
    assert "manifest-src 'self'" in reply.headers["Content-Security-Policy"]
    assert manifest["name"] == "Судья Терца" and manifest["lang"] == "ru"
    assert manifest["display"] == "standalone" and manifest["theme_color"] == "#1f5f3f"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"  # below the token too
    for icon in manifest["icons"]:
        got = icons[icon["src"]]
        assert got.status == 200 and got.headers["Content-Type"] == icon["type"]
        if icon["type"] == "image/png":
            width, height = _png_size(got.body)
            assert f"{width}x{height}" == icon["sizes"]
    assert {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
    assert any(i.get("purpose") == "maskable" for i in manifest["icons"])
    assert _png_size(touch.body) == (180, 180)


def test_with_a_token_the_manifest_and_the_library_are_below_it(two_games):
    _, served = two_games
    with running(served, token="tok") as server:
        assert request(server, "GET", "/manifest.webmanifest").status == 403
        assert request(server, "GET", "/api/history").status == 403
        assert request(server, "GET", "/sheet.html").status == 403
        assert request(server, "GET", "manifest.webmanifest").status == 200
        assert request(server, "GET", "api/stats").status == 200


@pytest.mark.parametrize("path", ["api/history", "api/stats", "api/next", "manifest.webmanifest"])
def test_the_read_routes_take_no_post(two_games, path):
    _, served = two_games
    with running(served) as server:
        reply = request(server, "POST", path, {})
    assert reply.status == 405 and reply.headers["Allow"] == "GET, HEAD"


def test_the_first_load_is_under_100_kb():
    """The page, its script and its style sheet together: what a phone loads before the first
    sheet (the icons come later, and only when installed)."""
    total = sum(
        (WEB / "static" / name).stat().st_size for name in ("index.html", "app.js", "app.css")
    )
    assert total < 100 * 1024, f"{total} bytes"


def test_the_manifest_words_exist():
    from terts_referee.web import catalogue

    for key in ("ui.title", "ui.short_name", "ui.description"):
        assert json.dumps(catalogue.TEXTS[key])


def test_the_page_names_a_game_continued_differently(terts, tmp_path):
    """Two copies of one game that went two ways: the page's history and statistics count
    neither and name both files, as the terminal does."""
    from datetime import datetime, timedelta

    from terts_referee.game.model import new_game_id
    from terts_referee.game.storage import write_game
    from tests.library.games import game_of, put

    library = tmp_path / "library"
    day = datetime.fromisoformat("2026-03-01T19:00:00+02:00")
    game_id = new_game_id()
    one = put(library / "a.toml", game_of("Аня", "Боря", day, game_id))
    doc = game_of("Аня", "Боря", day, game_id).to_doc()
    doc["events"][-1]["at"] += timedelta(seconds=5)  # the last event went otherwise
    other = library / "a.sync-conflict-20260301-201500-ABCDEFG.toml"
    write_game(other, doc)
    terts.ok("new", "Вика", "Гена")
    with running(terts.game) as server:
        history = request(server, "GET", "api/history").json()
        stats = request(server, "GET", "api/stats").json()
    expected = [{"files": [str(other), str(one)], "earlier": []}]  # the latest entry first
    assert history["games"] == [] and history["conflicts"] == expected
    assert stats["games"] == 0 and stats["conflicts"] == expected
