"""`terts serve --club DIR` over HTTP: the lobby's routes, a table opened and finished through
HTTP, the standings, the rounds, the tables under ``t/NAME/`` with every guarantee of the
single-game server, bad names and limits, the lock shared with a terminal.

A server runs in a thread of the test (``tests.club_helpers.club_server``); times are its own
(``Limits``), and a socket's timeout is only a guard against a hang, never a measure.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

import pytest

from terts_referee.api import GameFile, Penalty
from tests.club_helpers import club_server, table
from tests.serve_helpers import raw_http, request, serve_process, split_answer, streams_ended
from tests.web.test_serve import _next_data

REPO_ROOT = Path(__file__).resolve().parents[2]
TOKEN = "T" * 22


Where = tuple[Path, Path]  # the club folder and the library


@pytest.fixture
def where(tmp_path: Path) -> Where:
    """The club folder and the library (the ``TERTS_LIBRARY`` of every test)."""
    return tmp_path / "club", tmp_path / "library"


def _one_line(reply, status: int, reason: str) -> dict:
    """A refusal: the status, one line of JSON with ``ok: false`` naming ``reason``."""
    assert reply.status == status, (reply.status, reply.body[:300])
    assert reply.headers["Content-Type"] == "application/json; charset=utf-8"
    assert reply.body.count(b"\n") == 0 and b"Traceback" not in reply.body
    data = reply.json()
    assert data["ok"] is False and reason in data["error"], data
    return data


def _open(server, a="Аня", b="Боря", **more) -> str:
    reply = request(server, "POST", "api/tables", {"players": [a, b], **more})
    assert reply.status == 200, reply.body
    return reply.json()["name"]


def _finish(server, name: str, winner: str) -> None:
    """Four quick deals of 150 for ``winner``: past classic's 501."""
    for _ in range(4):
        assert request(server, "POST", table(name, "api/deal"), {"trump": "h"}).status == 200
        score = {"points": 150, "by": winner, "last_trick": winner}
        assert request(server, "POST", table(name, "api/score"), score).status == 200


def _wait(check, seconds: float = 10.0):
    """``check()`` once it is true (the server looks at the folder every poll): a hang guard."""
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.02)
    return found


# --- the lobby -------------------------------------------------------------------------------


def test_the_lobby_its_pages_and_assets(where):
    with club_server(*where) as server:
        lobby = request(server, "GET", "")
        standings = request(server, "GET", "standings.html")
        script = request(server, "GET", "club.js")
        style = request(server, "GET", "club.css")
        head = request(server, "HEAD", "api/tables")
        ui = request(server, "GET", "api/ui").json()
    assert lobby.status == 200 and b'data-page="lobby"' in lobby.body
    assert b'data-page="standings"' in standings.body
    assert lobby.headers["Content-Type"] == "text/html; charset=utf-8"
    assert "script-src 'self'" in lobby.headers["Content-Security-Policy"]
    assert script.headers["Content-Type"].startswith("text/javascript")
    assert style.headers["Content-Type"].startswith("text/css")
    assert head.status == 200 and head.body == b""
    assert ui["words"]["club.ui.title"] == "Club night" and "classic" in ui["rulesets"]


def test_the_lobby_speaks_the_servers_language(where: Where) -> None:
    with club_server(*where, lang="ru") as server:
        ui = request(server, "GET", "api/ui").json()
        page = request(server, "GET", "")
        missing = request(server, "GET", table("нет"))
    assert ui["words"]["club.ui.tables"] == "Столы"
    assert "<title>Клубный вечер</title>".encode() in page.body
    _one_line(missing, 404, "стола нет нет")


def test_the_club_folder_with_its_tables_and_files_passed_over(where, terts):
    folder, _ = where
    folder.mkdir()
    for name in ("Стол-1", "b"):
        terts.game = folder / f"{name}.toml"
        terts.ok("new", "Аня", "Боря")
    (folder / "my notes.toml").write_text("")
    with club_server(*where) as server:
        tables = request(server, "GET", "api/tables").json()["tables"]
        state = request(server, "GET", "api/state").json()
    assert [t["name"] for t in tables] == ["b", "Стол-1"]
    first = tables[0]
    assert first["players"] == ["Аня", "Боря"] and first["totals"] == {"Аня": 0, "Боря": 0}
    assert (first["finished"], first["winner"], first["dealer"]) == (False, None, "Боря")
    assert first["url"] == "t/b/" and tables[1]["url"] == "t/%D0%A1%D1%82%D0%BE%D0%BB-1/"
    assert state["skipped"] == [{"file": "my notes.toml", "reason": state["skipped"][0]["reason"]}]
    assert "letters, digits" in state["skipped"][0]["reason"]


@pytest.mark.parametrize(
    ("route", "method", "status"),
    [
        ("api/standings", "POST", 405),
        ("standings.html", "POST", 405),
        ("api/tables", "PUT", 405),
        ("api/round", "GET", 405),
        ("api/deal", "POST", 404),  # a table's action, not the lobby's
        ("app.js", "GET", 404),
        ("api/nothing", "GET", 404),
        ("../etc/passwd", "GET", 404),
    ],
)
def test_the_lobby_refuses_what_it_does_not_serve(where, route, method, status):
    with club_server(*where) as server:
        reply = request(server, method, route, raw=b"{}" if method != "GET" else None)
    _one_line(reply, status, "")


# --- a table opened and finished through HTTP -------------------------------------------------


def test_a_table_opened_played_and_finished_through_http(where):
    folder, library = where
    with club_server(*where) as server:
        name = _open(server, rules="classic")
        assert (folder / f"{name}.toml").is_file()
        assert re.fullmatch(r"\d{4}-\d\d-\d\d_\d{4}_Аня_Боря", name)
        page = request(server, "GET", table(name))
        state = request(server, "GET", table(name, "api/state")).json()
        assert state["sheet"]["players"] == ["Аня", "Боря"]
        _finish(server, name, "Аня")
        assert (folder / f"{name}.toml").is_file()  # a finished table stays while served
        listed = request(server, "GET", "api/tables").json()["tables"]
        standings = request(server, "GET", "api/standings").json()
        key = standings["finished"][0]["key"]
        sheet = request(server, "GET", f"sheet.html?game={key}")
    assert page.status == 200 and b'<script src="app.js">' in page.body  # the phone's page
    assert listed[0]["finished"] is True and listed[0]["winner"] == "Аня"
    assert listed[0]["dealer"] is None
    assert listed[0]["totals"] == {"Аня": 600, "Боря": 0}
    rows = {r["name"]: r for r in standings["players"]}
    assert rows["Аня"] == {**rows["Аня"], "rank": 1, "games": 1, "wins": 1, "points": 600}
    assert rows["Боря"]["wins"] == 0 and rows["Аня"]["rating"] > rows["Боря"]["rating"]
    assert standings["finished"][0]["table"] == name
    assert standings["games"] == 1
    assert sheet.status == 200 and "Аня".encode() in sheet.body
    assert "script-src" not in sheet.headers["Content-Security-Policy"]  # the sheet runs none
    # once the server has stopped, the finished table is in the library
    assert not (folder / f"{name}.toml").exists()
    moved = list(library.glob("*.toml"))
    assert len(moved) == 1 and "Аня_Боря" in moved[0].name


def test_a_table_s_page_is_the_phone_page_and_its_root_redirects(where: Where) -> None:
    with club_server(*where, lang="ru") as server:
        name = _open(server)
        ui = request(server, "GET", table(name, "api/ui")).json()
        page = request(server, "GET", table(name))
        script = request(server, "GET", table(name, "app.js"))
        bare = request(server, "GET", table(name).rstrip("/"))
        lobby_script = request(server, "GET", "club.js")
    assert page.status == 200 and script.status == 200 and lobby_script.status == 200
    assert bare.status == 301 and bare.headers["Location"] == "/" + table(name)
    # the phone's words, and which table of the club this is (titled by its players), with
    # the lobby two folders up
    assert ui["words"]["ui.act.undo"] == "Удалить последнее" and ui["club"] == {
        "table": name,
        "lobby": "../../",
        "title": "Аня — Боря",
    }
    assert ui["words"]["club.ui.lobby"] == "Все столы"
    assert ui["words"]["club.ui.table_name"] == "Стол {name}"


# --- the phone's whole app at a table ----------------------------------------------------------


def test_the_phone_s_next_game_history_and_sheet_work_at_a_table(tmp_path):
    """A table's page is the phone's whole app under ``t/NAME/``: its next game moves the
    finished one into the club's library (``--library``, not ``$TERTS_LIBRARY``), whose history
    and statistics every table reads; the standings count both games."""
    folder, library = tmp_path / "club", tmp_path / "club-library"
    with club_server(folder, library) as server:
        name = _open(server)
        assert request(server, "GET", table(name, "api/next")).json() == {"finished": False}
        _finish(server, name, "Аня")
        after = request(server, "GET", table(name, "api/next")).json()
        sheet = request(server, "GET", table(name, "sheet.html"))
        manifest = request(server, "GET", table(name, "manifest.webmanifest")).json()
        other_manifest = None
        icon = request(server, "GET", table(name, "icon-192.png"))
        fields = {k: after[k] for k in ("players", "rules", "quick", "dealer")}
        again = request(server, "POST", table(name, "api/new"), fields)
        assert again.status == 200, again.body
        moved = list(library.glob("*.toml"))
        history = request(server, "GET", table(name, "api/history")).json()
        stats = request(server, "GET", table(name, "api/stats")).json()
        other = _open(server, "Вика", "Гена")
        other_manifest = request(server, "GET", table(other, "manifest.webmanifest")).json()
        elsewhere = request(server, "GET", table(other, "api/history")).json()
        file = history["games"][0]["file"]
        old = request(server, "GET", table(other, "sheet.html"))
        opened = request(server, "GET", table(other, "api/game") + "?file=" + quote(file, safe=""))
        state = request(server, "GET", table(name, "api/state")).json()
        standings = _wait(lambda: _standings_with(server, games=1, playing=2))
    assert after == {
        "finished": True,
        "players": ["Аня", "Боря"],
        "rules": "classic",
        "quick": True,
        "dealer": "Аня",
    }
    assert sheet.status == 200 and "Аня".encode() in sheet.body
    assert "script-src" not in sheet.headers["Content-Security-Policy"]
    assert (manifest["start_url"], manifest["scope"]) == ("./", "./")  # installs this table
    # two tables added to one home screen are told apart by their names
    assert name in manifest["short_name"] and name in manifest["name"]
    assert other_manifest is not None and other in other_manifest["short_name"]
    assert manifest["short_name"] != other_manifest["short_name"]
    assert icon.status == 200 and icon.headers["Content-Type"] == "image/png"
    assert len(moved) == 1 and not list((tmp_path / "library").glob("*.toml"))
    assert (folder / f"{name}.toml").is_file()  # the table goes on with the new game
    assert state["sheet"]["players"] == ["Аня", "Боря"] and state["sheet"]["deals"] == []
    assert [g["file"] for g in history["games"]] == [str(moved[0])]
    assert elsewhere == history  # every table reads the one library
    assert stats["players"]["Аня"]["wins"] == 1
    assert old.status == 200  # the other table's own (unfinished) sheet
    assert opened.status == 200 and opened.json()["sheet"]["players"] == ["Аня", "Боря"]
    rows = {r["name"]: r for r in standings["players"]}
    assert (rows["Аня"]["games"], rows["Аня"]["wins"], rows["Аня"]["playing"]) == (1, 1, name)
    assert standings["finished"][0]["table"] is None  # in the library now: its sheet by key


def test_a_tables_next_game_never_leaves_its_file_missing_for_the_lobby(where, monkeypatch):
    """The lobby's watcher reads the folder between any two steps of a table's next game
    (the finished game put in the library, the new one in its place) and never sees the
    table gone: the file is replaced, never removed and written again. The watcher's read
    (``Club.refresh``, as ``ClubApp.watch`` calls it) is forced right after every unlink,
    rename, replace and link, so every interleaving with the folder's listing is tried."""
    from terts_referee.game.model import now
    from terts_referee.library.evening import check_club_folder, evening_start
    from terts_referee.web.app import Limits
    from terts_referee.web.club_app import ClubApp

    folder, library = where
    check_club_folder(folder, library)
    app = ClubApp(folder, library, "en", None, {"127.0.0.1"}, Limits(), evening_start(now()))
    try:
        status, opened = app.lobby.backend.act("tables", {"players": ["Аня", "Боря"]})
        assert status == 200, opened
        name = opened["name"]
        file, here = folder / f"{name}.toml", app.club.tables[name]
        for _ in range(4):  # past classic's 501
            assert here.backend.act("deal", {"trump": "h"})[0] == 200
            score = {"points": 150, "by": "Аня", "last_trick": "Аня"}
            assert here.backend.act("score", score)[0] == 200
        seen: list[tuple[str, str, bool, list[str]]] = []

        def then_the_watcher_looks(step, original):
            def step_then_look(*args, **kwargs):
                done = original(*args, **kwargs)
                _, gone = app.club.refresh(remove=True)
                seen.append((step, str(args[-1]), file.is_file(), [t.name for t in gone]))
                return done

            return step_then_look

        for step in ("unlink", "rename", "replace", "link"):
            monkeypatch.setattr(os, step, then_the_watcher_looks(step, getattr(os, step)))
        status, said = here.backend.act("new", {"players": ["Аня", "Боря"]})
        monkeypatch.undo()
        assert status == 200, said
        assert all(there and gone == [] for _, _, there, gone in seen), seen
        assert ("replace", str(file), True, []) in seen  # the new game renamed over the old
        assert any(step == "link" for step, *_ in seen)  # the finished game into the library
        (kept,) = library.glob("*.toml")
        assert GameFile(kept).sheet().winner == "Аня"
        assert app.club.tables[name] is here and name not in app.club.closed
        assert here.backend.state()["sheet"]["deals"] == []  # the table plays the new game
    finally:
        app.close()


def _standings_with(server, games: int, playing: int):
    found = request(server, "GET", "api/standings").json()
    in_play = {r["playing"] for r in found["players"] if r["playing"]}
    return found if found["games"] == games and len(in_play) == playing else None


def test_the_lobby_answers_the_library_but_has_no_game_of_its_own(where):
    with club_server(*where) as server:
        history = request(server, "GET", "api/history")
        stats = request(server, "GET", "api/stats?player=Zed")
        icon = request(server, "GET", "icon.svg")
        lobby = request(server, "GET", "")
        nexts = request(server, "GET", "api/next")
        manifest = request(server, "GET", "manifest.webmanifest")
        sheet = request(server, "GET", "sheet.html")
    assert history.status == 200 and history.json()["games"] == []
    _one_line(stats, 400, "no player 'Zed'")
    assert icon.status == 200 and b'rel="icon" href="icon.svg"' in lobby.body
    _one_line(nexts, 404, "api/next")
    _one_line(manifest, 404, "manifest.webmanifest")
    _one_line(sheet, 400, "game")  # the lobby's sheet is an evening's game, by its key


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("nope", "no table nope"),
        ("..", "is not a table's name"),
        ("%2e%2e", "is not a table's name"),
        ("a%2fb", "is not a table's name"),
        ("a%00b", "is not a table's name"),
        (".hidden", "is not a table's name"),
        ("a%20b", "is not a table's name"),
        ("%ff", "is not a table's name"),
        ("x" * 81, "is not a table's name"),
    ],
)
def test_an_unknown_or_bad_table_name_is_404_with_one_json_line(where, name, reason):
    code = "club.web.no_table" if name == "nope" else "club.web.bad_name"
    with club_server(*where) as server:
        _open(server)
        for route in (f"t/{name}/api/state", f"t/{name}/", f"t/{name}"):
            assert _one_line(request(server, "GET", route), 404, reason)["code"] == code
        posted = request(server, "POST", f"t/{name}/api/deal", {"trump": "h"})
    _one_line(posted, 404, reason)


def test_a_table_name_in_a_raw_path_is_never_a_path(where):
    folder, _ = where
    with club_server(*where) as server:
        name = _open(server)
        port = server.server_address[1]
        for path in ("/t/../api/state", f"/{table(name)}../../../etc/passwd", "/t//api/state"):
            data = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
            status, _, body = split_answer(raw_http(server, data))
            assert status == 404, (path, body)
            assert json.loads(body)["ok"] is False
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == [
        f"{name}.toml"
    ]


# --- every limit of the single-game server holds per table -----------------------------------


def test_every_limit_of_the_single_game_server_holds_per_table(where):
    with club_server(*where, max_body=1024, max_depth=4) as server:
        name = _open(server)
        path = table(name, "api/declare")
        big = request(server, "POST", path, raw=b'{"player": "' + b"a" * 2000 + b'"}')
        deep = request(server, "POST", path, raw=b"[" * 10 + b"]" * 10)
        form = request(server, "POST", path, raw=b"x=1", headers={"Content-Type": "text/plain"})
        host = request(server, "GET", table(name, "api/state"), headers={"Host": "evil.example"})
        origin = request(
            server,
            "POST",
            table(name, "api/deal"),
            {"trump": "h"},
            headers={"Origin": "http://evil.example"},
        )
        get_action = request(server, "GET", table(name, "api/deal"))
        page = request(server, "GET", table(name))
        lobby_big = request(server, "POST", "api/tables", raw=b'{"players": ["' + b"a" * 2000)
        file = GameFile(server.app.club.tables[name].path).log()
    _one_line(big, 413, "at most 1024")
    _one_line(deep, 400, "nests deeper than 4")
    _one_line(form, 415, "Content-Type")
    _one_line(host, 403, "Host or Origin")
    _one_line(origin, 403, "Host or Origin")
    _one_line(get_action, 405, "GET is not allowed")
    _one_line(lobby_big, 413, "at most 1024")
    assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    assert page.headers["X-Frame-Options"] == "DENY"
    assert file.entries == ()  # nothing refused was recorded


def test_with_a_token_every_table_needs_it_and_a_wrong_one_never_learns_a_name(
    where: Where,
) -> None:
    with club_server(*where, token=TOKEN) as server:
        name = _open(server)
        good = request(server, "GET", table(name, "api/state"))
        bare = request(server, "GET", f"/{TOKEN}/" + table(name).rstrip("/"))
        wrong = f"/{'W' * 22}/"
        refused = [
            request(server, "GET", wrong + table(name, "api/state")),
            request(server, "GET", wrong + table("nope", "api/state")),
            request(server, "POST", wrong + table(name, "api/deal"), {"trump": "h"}),
            request(server, "GET", "/" + table(name, "api/state")),
            request(server, "GET", wrong + "api/tables"),
        ]
        other_host = request(server, "GET", table(name, "api/state"), headers={"Host": "x:1"})
        deals = GameFile(server.app.club.tables[name].path).status().deal
    assert good.status == 200 and other_host.status == 200
    assert bare.status == 301 and bare.headers["Location"] == f"/{TOKEN}/" + table(name)
    for reply in refused:
        _one_line(reply, 403, "access token")
    assert deals == 0


# --- POST api/tables -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "reason"),
    [
        ({}, 400, "field 'players' is required"),
        ({"players": "Аня"}, 400, "must be a list"),
        ({"players": ["Аня", "Боря"], "rules": "../secret.toml"}, 400, "no bundled ruleset"),
        ({"players": ["Аня", "Боря"], "game": "x.toml"}, 400, "unknown field 'game'"),
        ({"players": ["Аня", "аня"]}, 422, "twice"),
        ({"players": ["Аня"]}, 422, "two players"),
        ([], 400, "a JSON object"),
    ],
)
def test_a_table_that_cannot_be_opened_is_refused_and_no_file_is_made(where, body, status, reason):
    folder, _ = where
    with club_server(*where) as server:
        reply = request(server, "POST", "api/tables", body)
    data = _one_line(reply, status, "")
    assert set(data) == {"ok", "error", "code", "remedy"}
    assert reason.split()[0] in data["error"] or reason in data["error"], data["error"]
    assert [p for p in folder.iterdir() if p.suffix == ".toml"] == []


def test_a_new_table_never_overwrites_a_file(where, monkeypatch):
    from terts_referee.game import model

    folder, _ = where
    folder.mkdir()
    at = datetime(2026, 11, 30, 19, 4).astimezone()
    monkeypatch.setattr(model, "now", lambda: at)
    taken = folder / "2026-11-30_1904_Аня_Боря.toml"
    taken.write_bytes(b"not a game")
    with club_server(*where) as server:
        names = [_open(server) for _ in range(2)]
    assert names == ["2026-11-30_1904_Аня_Боря_2", "2026-11-30_1904_Аня_Боря_3"]
    assert taken.read_bytes() == b"not a game"


def test_no_more_tables_than_the_club_serves(where, monkeypatch):
    from terts_referee.web import club_backend

    monkeypatch.setattr(club_backend, "MAX_TABLES", 2)
    with club_server(*where) as server:
        _open(server)
        _open(server, "Вика", "Гена")
        reply = request(server, "POST", "api/tables", {"players": ["Даша", "Женя"]})
    _one_line(reply, 409, "2 tables already")


# --- rounds ----------------------------------------------------------------------------------


def test_the_lobby_opens_each_round_in_one_tap(where: Where) -> None:
    folder, library = where
    players = ["Аня", "Боря", "Вика", "Гена"]
    with club_server(*where, players=players) as server:
        rounds = request(server, "GET", "api/rounds").json()
        assert rounds["players"] == players and [r["next"] for r in rounds["rounds"]] == [
            True,
            False,
            False,
        ]
        first = request(server, "POST", "api/round", {"round": 1})
        again = request(server, "POST", "api/round", {"round": 1})
        early = request(server, "POST", "api/round", {"round": 2})
        tables = first.json()["tables"]
        pairs = {tuple(p["players"]) for p in rounds["rounds"][0]["pairs"]}
        assert {tuple(GameFile(folder / f"{n}.toml").game().players) for n in tables} == pairs
        for name in tables:
            _finish(server, name, GameFile(folder / f"{name}.toml").game().players[0])
        second = request(server, "POST", "api/round", {"round": 2, "rules": "short"})
        _wait(lambda: all(t not in server.app.club.tables for t in tables))
        gone = request(server, "GET", table(tables[0], "api/state"))
        standings = request(server, "GET", "api/standings").json()
        after = request(server, "GET", "api/rounds").json()["rounds"]
        names = [t["name"] for t in request(server, "GET", "api/tables").json()["tables"]]
    assert first.status == 200 and len(tables) == 2 and first.json()["moved"] == []
    _one_line(again, 409, "round 1 is open already")
    _one_line(early, 409, "waits for its players")
    assert second.status == 200, second.body
    assert sorted(second.json()["moved"]) == sorted(tables)
    assert "2 finished tables went to the library" in second.json()["message"]
    assert sorted(names) == sorted(second.json()["tables"])
    assert {GameFile(folder / f"{n}.toml").game().rules.name for n in names} == {"short"}
    assert len(list(library.glob("*.toml"))) == 2
    # a page still open on a moved table is told it has closed, not that it never was
    closed = _one_line(gone, 404, f"table {tables[0]} has closed: its game went to the library")
    assert closed["code"] == "club.web.table_closed"
    # the moved tables are the library's games of the evening now: still counted
    assert standings["games"] == 2 and all(g["table"] is None for g in standings["finished"])
    assert sum(r["wins"] for r in standings["players"]) == 2
    assert [p["opened"] for p in after[0]["pairs"]] == [True, True]
    assert all(isinstance(p["opened"], str) for p in after[1]["pairs"])
    assert [r["next"] for r in after] == [False, False, True]


def test_a_round_without_the_evenings_players_is_refused(where):
    with club_server(*where) as server:
        reply = request(server, "POST", "api/round", {"round": 1})
        bad = request(server, "POST", "api/round", {"round": "1"})
    _one_line(reply, 422, "players were not named")
    _one_line(bad, 400, "field 'round'")


# --- live, and one history with a terminal -----------------------------------------------------


def _stream(server, path: str):
    host, port = server.server_address[:2]
    sock = socket.create_connection((host, port), timeout=10)
    sock.sendall(f"GET /{path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    return sock, sock.makefile("rb")


def test_a_terminal_command_on_a_table_reaches_its_page_and_the_lobby(where, terts):
    folder, _ = where
    with club_server(*where) as server:
        name = _open(server)
        other = _open(server, "Вика", "Гена")
        streams = [_stream(server, table(name, "api/events")), _stream(server, "api/events")]
        quiet = _stream(server, table(other, "api/events"))
        try:
            first = [_next_data(s) for _, s in streams]
            quiet_first = _next_data(quiet[1])
            terts.game = folder / f"{name}.toml"  # a `terts` command in a terminal
            terts.ok("deal", "--trump", "7ч")
            second = [_next_data(s) for _, s in streams]
            state = request(server, "GET", table(name, "api/state")).json()
            listed = request(server, "GET", "api/tables").json()["tables"]
            quiet_state = request(server, "GET", table(other, "api/state")).json()
        finally:
            for sock, stream in [*streams, quiet]:
                stream.close()
                sock.close()
    assert first[0] != second[0] == state["version"]
    assert first[1] != second[1]
    assert state["status"]["deal"] == 1 and state["status"]["dealer"] == "Боря"
    assert [t["deals"] for t in listed if t["name"] == name] == [1]
    assert quiet_state["version"] == quiet_first  # another table's stream heard nothing


def test_a_game_file_made_in_a_terminal_becomes_a_table(where, terts):
    folder, _ = where
    with club_server(*where) as server:
        terts.game = folder / "from-terminal.toml"
        terts.ok("new", "Вика", "Гена")
        _wait(lambda: "from-terminal" in server.app.club.tables)
        listed = request(server, "GET", "api/tables").json()["tables"]
        reply = request(server, "POST", table("from-terminal", "api/deal"), {"trump": "h"})
    assert [t["name"] for t in listed] == ["from-terminal"]
    assert reply.status == 200


LOCKER = """
import sys
from pathlib import Path
from terts_referee.game.storage import game_lock
with game_lock(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.readline()
"""


def test_a_tables_game_is_locked_like_any_game_file(where):
    """A terminal command holding the table's lock: the tap waits for it, then both see one
    history (the terminal's `terts log` is the page's log)."""
    folder, _ = where
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    with club_server(*where) as server:
        name = _open(server)
        path = folder / f"{name}.toml"
        assert request(server, "POST", table(name, "api/deal"), {"trump": "h"}).status == 200
        locker = subprocess.Popen(
            [sys.executable, "-c", LOCKER, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert locker.stdin is not None and locker.stdout is not None  # both piped
        try:
            assert locker.stdout.readline() == "held\n"
            before = path.read_bytes()
            answers = []
            tap = threading.Thread(
                target=lambda: answers.append(
                    request(
                        server,
                        "POST",
                        table(name, "api/declare"),
                        {"player": "Аня", "combos": ["4J"]},
                    )
                )
            )
            tap.start()
            tap.join(0.5)
            assert tap.is_alive() and path.read_bytes() == before  # waiting for the lock
            locker.stdin.write("\n")
            locker.stdin.flush()
            tap.join(20)
        finally:
            locker.stdin.close()
            locker.wait(10)
        terminal = subprocess.run(
            [sys.executable, "-m", "terts_referee", "log", "--json", "--game", str(path)],
            capture_output=True,
            text=True,
            env={**env, "TERTS_LANG": "en"},
            check=True,
        )
        page = request(server, "GET", table(name, "api/state")).json()
    assert answers and answers[0].status == 200, answers
    assert json.loads(terminal.stdout) == page["log"]
    assert [e["type"] for e in page["log"]["events"]] == ["deal", "declare"]


def test_taps_and_terminal_commands_at_once_keep_every_event(where, terts):
    """Ten taps and ten terminal commands on one table at once (penalties, legal in any
    order): every one is recorded, none lost to the other's write."""
    folder, _ = where
    with club_server(*where) as server:
        name = _open(server)
        path = folder / f"{name}.toml"
        assert request(server, "POST", table(name, "api/deal"), {"trump": "h"}).status == 200
        terts.game = path
        taps = []

        def tapping():
            body = {"player": "Аня", "kind": "miscount", "points": 10}
            for _ in range(10):
                taps.append(request(server, "POST", table(name, "api/penalty"), body).status)

        thread = threading.Thread(target=tapping)
        thread.start()
        for _ in range(10):
            terts.ok("penalty", "Боря", "miscount", "--points", "10")
        thread.join(30)
        log = GameFile(path).log()
    assert taps == [200] * 10
    offenders = []
    for entry in log.entries[1:]:
        assert isinstance(entry.event, Penalty)
        offenders.append(entry.event.player)
    assert sorted(offenders) == ["Аня"] * 10 + ["Боря"] * 10


# --- the end of the evening --------------------------------------------------------------------


def test_the_finished_tables_go_to_the_library_when_the_server_stops(where):
    folder, library = where
    with club_server(*where) as server:
        done = _open(server)
        playing = _open(server, "Вика", "Гена")
        _finish(server, done, "Боря")
        assert request(server, "POST", table(playing, "api/deal"), {"trump": "h"}).status == 200
    assert not (folder / f"{done}.toml").exists()
    assert (folder / f"{playing}.toml").exists()
    assert [p.name.split("_")[2:4] for p in library.glob("*.toml")] == [["Аня", "Боря"]]
    assert server.closing() == [f"moved 1 finished table to the library {library}"]


# --- the command ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--club", "afile"], "the club folder afile is a regular file, not a folder"),
        (["--club", "missing/club"], "cannot use the club folder missing/club"),
        (["--club", "library"], "is inside the library"),
        (["--club", "c", "--game", "g.toml"], "--club serves every game file of a folder"),
        (["--players", "Аня,Боря"], "--players is for a club night: give --club DIR too"),
        (["--since", "18:00"], "--since is for a club night"),
        (["--club", "c", "--since", "soon"], "--since 'soon' is not a moment"),
        (["--club", "c", "--players", "Аня"], "a round robin needs 2 to 32 players, not 1"),
        (["--club", "c", "--players", "Аня,,Боря"], "empty"),
        (["--club", "c", "--players", "Аня,аня"], "twice"),
    ],
)
def test_serve_club_refuses_bad_options_in_one_line(terts, tmp_path, args, says):
    (tmp_path / "afile").write_text("x")
    (tmp_path / "library").mkdir()
    monkey_library = os.environ["TERTS_LIBRARY"]
    assert monkey_library == str(tmp_path / "library")
    r = terts("serve", "--port", "0", *args, game=False)
    assert r.code == 2, (r.stdout, r.stderr)
    assert r.stderr.startswith("terts: error: ") and r.stderr.count("\n") == 1, r.stderr
    assert says in r.stderr, r.stderr
    assert not (tmp_path / "c").exists()  # nothing made for a refusal


def _live(port: int, path: str) -> socket.socket:
    """A live stream of ``path``, read up to its first version."""
    live = socket.create_connection(("127.0.0.1", port), timeout=10)
    live.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    seen = b""
    while b"data: " not in seen:
        chunk = live.recv(1000)
        assert chunk, seen
        seen += chunk
    return live


def test_serve_club_makes_its_folder_says_where_and_stops_cleanly(tmp_path):
    """The folder made, the first lines said; Ctrl-C with the lobby's and a table's live pages
    open ends every stream cleanly, moves the finished tables and exits 0 (the timeouts are
    only hang guards)."""
    proc = serve_process(tmp_path, "--club", "night", "--port", "0")
    pages = []
    assert proc.stdout is not None  # piped (``serve_process``)
    try:
        made = proc.stdout.readline()
        heading = proc.stdout.readline()
        said = [proc.stdout.readline() for _ in range(2)]
        address = re.search(r"127\.0\.0\.1:(\d+)/", heading)
        assert address is not None, heading
        port = int(address.group(1))
        conn = socket.create_connection(("127.0.0.1", port), timeout=10)
        body = json.dumps({"players": ["Аня", "Боря"]}).encode()
        conn.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: "
            b"application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s"
            % (port, len(body), body)
        )
        answer = b""
        while chunk := conn.recv(4096):
            answer += chunk
        conn.close()
        name = json.loads(answer.partition(b"\r\n\r\n")[2])["name"]
        pages = [_live(port, "/api/events"), _live(port, "/" + table(name, "api/events"))]
        proc.send_signal(2)
        out, err = proc.communicate(timeout=20)
        streams_ended(pages)
    finally:
        for live in pages:
            live.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert made == f"made the club folder {tmp_path / 'night'}\n"
    assert heading.startswith(f"terts serve: the club night in {tmp_path / 'night'} (0 tables) at")
    assert "the evening counts from" in said[0] and said[1] == "Ctrl-C stops the server.\n"
    assert out.endswith("stopped\n") and proc.returncode == 0 and err == ""
    assert (tmp_path / "night" / f"{name}.toml").exists()  # unfinished: it stays


def test_lan_prints_the_lobby_with_its_token_and_a_qr_code(where, monkeypatch, capsys):
    """`--lan` as far as it can go without leaving loopback (the address patched to
    127.0.0.1): one token for the lobby and every table, in the address and its QR code."""
    from terts_referee.library.evening import check_club_folder
    from terts_referee.web import server as web
    from terts_referee.web.club_app import ClubServer
    from terts_referee.web.transport import bind

    monkeypatch.setattr(web, "lan_address", lambda: "127.0.0.1")
    folder, library = where
    check_club_folder(folder)
    sock = bind(web.bind_address(True, None), 0)
    since = datetime(2026, 11, 30, 18, 0).astimezone()
    srv = ClubServer(sock, folder, library, "ru", web.token_for(sock, True), since)
    try:
        web.announce(srv)
        out = capsys.readouterr().out
    finally:
        srv.close()
    assert srv.token and len(srv.token) >= 20
    assert f"клубный вечер в {folder} (столов: 0) по адресу http://127.0.0.1:" in out
    assert f"/{srv.token}/" in out.splitlines()[0]
    assert "вечер считается с 2026-11-30 18:00" in out
    assert out.count("█") + out.count("▀") + out.count("▄") > 50  # the QR code
