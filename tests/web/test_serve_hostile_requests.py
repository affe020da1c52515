"""What an outside probe sends that a page never does: half a surrogate pair, an integer of
thousands of digits, a body framed two ways, a query string past the header limit, an Origin of
another scheme, an absolute request target; and a read while a tap waits for the game's lock.

Each refusal is asserted by its status and its one line, and no file changes for it.
"""

from __future__ import annotations

import json
import os
import threading
import time

import pytest

from terts_referee.game.storage import game_lock
from tests.club_helpers import club_server
from tests.serve_helpers import connect, raw_http, request, running, split_answer


def _line(status: int, body: bytes, expected: int, reason: str) -> dict:
    assert status == expected, (status, body[:300])
    assert body.count(b"\n") == 0 and b"Traceback" not in body
    data = json.loads(body)
    assert data["ok"] is False and reason in data["error"], data
    return data


def _post_raw(server, route: str, raw: bytes):
    return request(server, "POST", route, raw=raw, headers={"Connection": "close"})


def _http(server, lines: list[str], body: bytes = b"") -> tuple[int, dict, bytes]:
    """A request written by hand (``Connection: close`` added), its answer split."""
    head = "\r\n".join([*lines, "Connection: close"]) + "\r\n\r\n"
    return split_answer(raw_http(server, head.encode("latin-1") + body))


def _host(server) -> str:
    return f"127.0.0.1:{server.server_address[1]}"


# --- half a surrogate pair ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "raw"),
    [
        ("api/deal", rb'{"\ud800": 1}'),  # a field's name, echoed by the refusal
        ("api/deal", rb'{"trump": "\udc00"}'),
        ("api/new", rb'{"players": ["A", "B"], "rules": "\ud800"}'),
        ("api/declare", rb'{"player": "\ud83d", "combos": ["x"]}'),
    ],
)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_half_a_surrogate_pair_is_a_400_naming_it(two_games, route, raw, lang):
    _, served = two_games
    before = served.read_bytes()
    with running(served, lang=lang) as server:
        reply = _post_raw(server, route, raw)
    reason = "half of a surrogate pair" if lang == "en" else "суррогатной пары"
    _line(reply.status, reply.body, 400, reason)
    assert served.read_bytes() == before


def test_a_whole_surrogate_pair_is_a_character(two_games):
    """An escaped pair is one character (😀): read as any text, refused only as a name."""
    _, served = two_games
    with running(served) as server:
        reply = _post_raw(server, "api/deal", rb'{"trump": "\ud83d\ude00"}')
    _line(reply.status, reply.body, 400, "neither a card nor a suit")


@pytest.mark.parametrize("route", ["api/tables", "api/round"])
def test_half_a_surrogate_pair_to_the_lobby_is_a_400(tmp_path, route):
    folder, library = tmp_path / "club", tmp_path / "library"
    folder.mkdir()
    fields = '"players": ["A", "B"]' if route == "api/tables" else '"round": 1'
    with club_server(folder, library) as server:
        reply = _post_raw(server, route, ("{" + fields + r', "rules": "\ud800"}').encode())
    _line(reply.status, reply.body, 400, "half of a surrogate pair")
    assert list(folder.iterdir()) == []


# --- integers past any field's -----------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "template"),
    [
        ("api/score", '{{"points": {n}, "by": "Аня", "last_trick": "Боря"}}'),
        ("api/drop", '{{"number": {n}}}'),
        ("api/penalty", '{{"player": "Аня", "kind": "renege", "points": -{n}}}'),
        ("api/deal", '{{"replace": {n}}}'),
    ],
)
def test_an_integer_of_thousands_of_digits_is_a_400(two_games, route, template):
    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        huge = _post_raw(server, route, template.format(n="9" * 5000).encode())
        long = _post_raw(server, route, template.format(n="9" * 19).encode())
    _line(huge.status, huge.body, 400, "a number of 5000 digits: a field's number has at most 18")
    _line(long.status, long.body, 400, "19 digits")
    assert served.read_bytes() == before


def test_nan_and_infinity_are_not_json(two_games):
    _, served = two_games
    with running(served) as server:
        replies = [
            _post_raw(server, "api/drop", f'{{"number": {v}}}'.encode())
            for v in ("NaN", "-Infinity")
        ]
    for reply, name in zip(replies, ("NaN", "-Infinity"), strict=True):
        _line(reply.status, reply.body, 400, f"not valid JSON: {name}")


# --- a body framed two ways ------------------------------------------------------------------


def test_content_length_with_transfer_encoding_is_refused_and_runs_nothing(two_games):
    """RFC 9112 section 6.1: a message with both may be smuggling; an empty chunked body with a
    length of 0 ran ``undo``."""
    terts, served = two_games
    terts.ok("deal", "--game", str(served), "--trump", "п")
    before = served.read_bytes()
    with running(served) as server:
        lines = [
            "POST /api/undo HTTP/1.1",
            f"Host: {_host(server)}",
            "Content-Type: application/json",
            "Content-Length: 0",
            "Transfer-Encoding: chunked",
        ]
        status, headers, body = _http(server, lines, b"0\r\n\r\n")
    _line(status, body, 400, "both Content-Length and Transfer-Encoding")
    assert headers["connection"] == "close"
    assert served.read_bytes() == before


def test_a_chunked_body_is_refused_before_it_is_read_and_holds_nothing_up(two_games):
    """A chunked body (no Content-Length) is answered 411 at once, while it is still
    arriving, and the server answers another page meanwhile."""
    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        with connect(server) as sock:
            head = (
                f"POST /api/undo HTTP/1.1\r\nHost: {_host(server)}\r\n"
                "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            )
            sock.sendall(head.encode() + b"4000\r\n" + b"a" * 0x4000 + b"\r\n")
            state = request(server, "GET", "api/state", headers={"Connection": "close"})
            answer = b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                chunk = sock.recv(65536)
                if not chunk:
                    break
                answer += chunk
    assert state.status == 200
    status, _, body = split_answer(answer)
    _line(status, body, 411, "Content-Length")
    assert served.read_bytes() == before


# --- the request line -------------------------------------------------------------------------


def test_the_query_string_counts_in_the_header_limit(two_games):
    _, served = two_games
    with running(served) as server:
        long = request(server, "GET", "api/state?x=" + "a" * 17000, headers={"Connection": "close"})
        fine = request(server, "GET", "api/history?x=" + "a" * 1000)
    _line(long.status, long.body, 431, "at most 16384")
    _line(fine.status, fine.body, 400, "unknown parameter 'x'")


@pytest.mark.parametrize(
    ("origin", "status"),
    [
        ("http://{host}", 200),
        ("https://{host}", 403),  # the server speaks no TLS: another site's page
        ("ws://{host}", 403),
        ("null", 403),
        ("http://{host}/x", 403),
    ],
)
def test_an_origin_is_http_and_the_host(two_games, origin, status):
    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        sent = origin.format(host=_host(server))
        state = request(server, "GET", "api/state", headers={"Origin": sent})
        undo = request(server, "POST", "api/undo", {}, headers={"Origin": sent})
    assert state.status == status
    if status == 403:
        _line(state.status, state.body, 403, "unexpected Host or Origin")
        _line(undo.status, undo.body, 403, "unexpected Host or Origin")
    assert served.read_bytes() == before


def test_an_absolute_target_is_checked_by_its_own_host(two_games):
    """RFC 9112 section 3.2.2: the target's host, not the Host header, says whom it is for."""
    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        host = _host(server)
        evil = _http(server, ["GET http://evil.example/api/state HTTP/1.1", f"Host: {host}"])
        ours = _http(server, [f"GET http://{host}/api/ui HTTP/1.1", "Host: evil.example"])
        tls = _http(server, [f"GET https://{host}/api/ui HTTP/1.1", f"Host: {host}"])
        star = _http(server, ["GET * HTTP/1.1", f"Host: {host}"])
    _line(evil[0], evil[2], 403, "unexpected Host or Origin")
    assert ours[0] == 200 and json.loads(ours[2])["lang"] == "en"
    _line(tls[0], tls[2], 400, "must be a path")
    _line(star[0], star[2], 400, "must be a path")
    assert served.read_bytes() == before


def test_an_absolute_target_still_needs_the_token(two_games):
    _, served = two_games
    with running(served, token="tok") as server:
        host = _host(server)
        without = _http(server, [f"GET http://{host}/api/ui HTTP/1.1", f"Host: {host}"])
        within = _http(server, [f"GET http://{host}/tok/api/ui HTTP/1.1", f"Host: {host}"])
    _line(without[0], without[2], 403, "")
    assert within[0] == 200


# --- reads and the lock -----------------------------------------------------------------------


def test_reads_answer_while_a_tap_waits_for_the_lock(two_games):
    """A tap waits for the game file's lock (a terminal holds it); the page's reads answer
    from the file as last written meanwhile, and the tap is recorded once the lock is free."""
    _, served = two_games
    with running(served) as server:
        tap: dict[str, object] = {}
        with game_lock(served):
            thread = threading.Thread(
                target=lambda: tap.update(reply=request(server, "POST", "api/deal", {"trump": "п"}))
            )
            thread.start()
            while "terts-write" not in {t.name.split("_")[0] for t in threading.enumerate()}:
                time.sleep(0.01)  # the tap has reached its worker
            state = request(server, "GET", "api/state")
            ui = request(server, "GET", "api/ui")
            waiting = thread.is_alive()
        thread.join(20)
    assert waiting, "the reads waited for the tap"
    assert state.status == 200 and state.json()["log"]["events"] == []  # as last written
    assert ui.status == 200
    assert tap["reply"].status == 200  # type: ignore[attr-defined]


# --- the club folder --------------------------------------------------------------------------


def test_the_club_folder_is_read_again_only_when_it_changes(tmp_path):
    from datetime import datetime

    from terts_referee.game.game_file import GameFile
    from terts_referee.web.club_app import ClubApp
    from terts_referee.web.guard import Limits

    folder, library = tmp_path / "club", tmp_path / "library"
    folder.mkdir()
    library.mkdir()
    for i in range(50):  # files that are no tables change nothing either
        (folder / f"notes {i}.txt").write_text("x")
    app = ClubApp(folder, library, "en", None, set(), Limits(), datetime.now())
    past = time.time() - 3600
    os.utime(folder, (past, past))
    assert app.folder_changed()  # the first look
    assert [app.folder_changed() for _ in range(20)] == [False] * 20
    (folder / "notes 1.txt").write_text("changed")  # a file written in place: its own watcher
    assert not app.folder_changed()
    GameFile.create(folder / "new.toml", ["Аня", "Боря"])  # a new entry changes the folder
    assert app.folder_changed()
    app.close()
