"""`terts serve` as an HTTP server: malformed and hostile requests, slow clients, the limits, the
bind address, and the seam between HTTP and the game.

Every answer has a status line and headers; every refusal is one line of JSON with its reason.
Times are the server's own (``Limits``), made short here: a socket's timeout is only a guard
against a hang, never a measure.
"""

from __future__ import annotations

import json
import os
import selectors
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.serve_helpers import connect, raw_http, request, running, split_answer

REPO_ROOT = Path(__file__).resolve().parents[2]
TLS_HELLO = bytes.fromhex("16030100a5010000a10303") + bytes(32) + bytes.fromhex("0000022f0100")


def _refused(answer: bytes, status: int, reason: str) -> dict:
    """An answer with a status line, the security headers and one line of JSON naming
    ``reason``."""
    got, headers, body = split_answer(answer)
    assert got == status, answer[:300]
    assert headers["content-type"] == "application/json; charset=utf-8"
    assert headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert body.count(b"\n") == 0 and b"Traceback" not in body
    data = json.loads(body)
    assert data["ok"] is False and reason in data["error"], data
    return headers


# --- requests that are not HTTP/1.x ----------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"GET / HTTP/9.9\r\nHost: {host}\r\n\r\n", "HTTP/9.9 is not spoken here"),
        (b"GET / HTTP/2.0\r\nHost: {host}\r\n\r\n", "HTTP/2.0 is not spoken here"),
        (TLS_HELLO, "not a request this server can read"),
        (b"GET /a b <c> HTTP/1.1\r\n\r\n", "not a request this server can read"),
        (b"\x00\x01 nonsense\r\n\r\n", "not a request this server can read"),
        (
            b"GET / HTTP/1.1\r\nHost: {host}\r\nNo colon here\r\n\r\n",
            "not a request this server can read",
        ),
        (b"GET / HTTP/1.1\r\nHost: {host}\r\nX: " + b"a" * 40000, "headers of at most 16384"),
    ],
    ids=["http-9.9", "http-2.0", "tls-hello", "garbage", "nul", "header", "endless-header"],
)
def test_a_request_that_is_not_http_1_gets_a_400_with_headers(two_games, data, reason):
    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        host = f"127.0.0.1:{server.server_address[1]}"
        answer = raw_http(server, data.replace(b"{host}", host.encode()))
    headers = _refused(answer, 400, reason)
    assert headers["connection"].lower() == "close"
    assert served.read_bytes() == before


def test_headers_too_large_get_431(two_games):
    _, served = two_games
    with running(served) as server:
        port = server.server_address[1]
        data = f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX: {'a' * 20000}\r\n\r\n"
        answer = raw_http(server, data.encode())
        fine = request(server, "GET", "api/state", headers={"X": "a" * 1000})
    _refused(answer, 431, "at most 16384")
    assert fine.status == 200


# --- JSON: depth and shape -------------------------------------------------------------------

DEEP = [
    b"[" * 1000 + b"]" * 1000,
    b'{"a":' * 1000 + b"1" + b"}" * 1000,
    b'{"player": "x", "combos": ' + b"[" * 9 + b"]" * 9 + b"}",
    b"[" * 100_000,  # not even JSON: refused for its depth before it is parsed
]


@pytest.mark.parametrize("raw", DEEP, ids=["list-1000", "object-1000", "depth-10", "open"])
def test_deeply_nested_json_gets_400_never_a_closed_connection(two_games, raw):
    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        port = server.server_address[1]
        head = f"POST /api/declare HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        head += f"Content-Type: application/json\r\nContent-Length: {len(raw)}\r\n\r\n"
        answer = raw_http(server, head.encode() + raw)
    if len(raw) > 16 * 1024:
        _refused(answer, 413, "at most 16384")
    else:
        _refused(answer, 400, "nests deeper than 8 levels")
    assert served.read_bytes() == before


@pytest.mark.parametrize("close", [False, True], ids=["keep-alive", "connection-close"])
def test_a_refused_body_still_gets_its_answer_whole(two_games, close):
    """A 413 (or a 403, a 404) answered before the body is read: the body is read and dropped
    first, so closing the connection cannot reset it before the client reads the answer."""
    _, served = two_games
    body = b"x" * 300_000
    with running(served) as server:
        port = server.server_address[1]
        for path, status in [("api/deal", 413), ("wrong/api/deal", 404), ("api/nothing", 404)]:
            head = f"POST /{path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            head += "Connection: close\r\n\r\n" if close else "\r\n"
            with connect(server) as sock:
                sock.sendall(head.encode() + body)
                answer = sock.recv(65536)
                while close and (chunk := sock.recv(65536)):  # to the end: a reset raises
                    answer += chunk
            assert split_answer(answer)[0] == status, answer[:200]


def test_a_client_waiting_for_100_continue_is_refused_at_once(two_games):
    _, served = two_games
    with running(served) as server:
        port = server.server_address[1]
        head = f"POST /api/deal HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nExpect: 100-continue\r\n"
        head += "Content-Type: application/json\r\nContent-Length: 300000\r\n\r\n"
        with connect(server) as sock:
            sock.sendall(head.encode())  # and no body: it waits to be invited
            answer = b""
            while chunk := sock.recv(65536):  # the answer, then the server closes
                answer += chunk
    _refused(answer, 413, "at most 16384")


def test_brackets_inside_strings_are_not_depth(two_games):
    """Only the JSON's structure counts: a name full of brackets is a name (the CLI judges it)."""
    _, served = two_games
    with running(served) as server:
        body = {"player": "[[[[[[[[[[{{{{{{{{", "combos": ['\\"[[[[[[[[[[[']}
        reply = request(server, "POST", "api/declare", body)
        at_limit = request(server, "POST", "api/declare", raw=b"[" * 8 + b"]" * 8)
    assert reply.status == 422 and "is not a player" in reply.json()["error"]
    assert at_limit.status == 400 and "expected a JSON object" in at_limit.json()["error"]


# --- fields that look like options -----------------------------------------------------------

OPTION_LIKE = [
    ("deal", {"trump": "--color"}, 400, "field 'trump' of deal: '--color' is neither a card"),
    (
        "deal",
        {"trump": "--color", "dealer": "--game"},
        400,
        "field 'trump' of deal: '--color' is neither a card nor a suit",
    ),
    ("deal", {"trump": "-h"}, 400, "field 'trump' of deal: '-h' is neither a card nor a suit"),
    ("trump", {"trump": "--help"}, 400, "field 'trump' of trump: '--help' is neither a card"),
    ("deal", {"trump": "7ч", "dealer": "--game"}, 422, "'--game' is not a player"),
    ("deal", {"trump": "h", "dealer": "--lang=ru"}, 422, "'--lang=ru' is not a player"),
    ("declare", {"player": "--rules", "combos": ["--help"]}, 422, "'--rules' is not a player"),
    (
        "score",
        {"points": 54, "by": "--replace", "last_trick": "--before"},
        422,
        "'--replace' is not a player",
    ),
    ("penalty", {"player": "Аня", "kind": "--points"}, 422, "--points"),
]


@pytest.mark.parametrize(("action", "body", "status", "reason"), OPTION_LIKE)
def test_a_field_that_looks_like_an_option_stays_a_value(two_games, action, body, status, reason):
    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        reply = request(server, "POST", f"api/{action}", body)
    error = reply.json()["error"]
    assert reply.status == status and reason in error, error
    for click_words in ("requires an argument", "No such option", "Got unexpected extra"):
        assert click_words not in error
    assert served.read_bytes() == before


def test_a_deal_with_an_empty_trump_is_a_deal_without_one(two_games):
    """As `terts deal --trump=` on the command line: no trump yet (the page never sends it)."""
    _, served = two_games
    with running(served) as server:
        reply = request(server, "POST", "api/deal", {"trump": ""})
        state = request(server, "GET", "api/state").json()
    assert reply.status == 200, reply.body
    assert state["status"]["trump"] is None


# --- slow clients ----------------------------------------------------------------------------


def _trickle(server, sockets: list[socket.socket], data: bytes, every: float, guard: float):
    """Send ``data`` one byte at a time on every socket, ``every`` seconds apart, until the
    server answers or closes each; returns the answers (the guard only bounds a hang)."""
    answers: dict[int, bytes] = {}
    selector = selectors.DefaultSelector()
    for sock in sockets:
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
    sent = 0
    rounds = int(guard / every)
    for _ in range(rounds):
        if len(answers) == len(sockets):
            break
        for sock in sockets:
            if sock.fileno() not in answers and sent < len(data):
                try:
                    sock.send(data[sent : sent + 1])
                except OSError:
                    answers.setdefault(sock.fileno(), b"")
        sent += 1
        for key, _ in selector.select(every):
            assert isinstance(key.fileobj, socket.socket)  # it watches the sockets alone
            sock = key.fileobj
            chunks = b""
            try:
                while chunk := sock.recv(65536):
                    chunks += chunk
            except BlockingIOError:
                pass
            except OSError:
                pass
            answers[sock.fileno()] = answers.get(sock.fileno(), b"") + chunks
            if not chunks or b"\r\n\r\n" in answers[sock.fileno()]:
                selector.unregister(sock)
    selector.close()
    return answers


def test_fifty_slow_clients_are_dropped_and_never_block_a_real_one(two_games):
    """Fifty clients trickling a request line a byte at a time: each gets a 408 once the header
    timeout runs out, and meanwhile a real page is answered at once."""
    _, served = two_games
    with running(served, header_timeout=1.0) as server:
        port = server.server_address[1]
        slow = [connect(server) for _ in range(50)]
        try:
            first = b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX: " % port
            for sock in slow:
                sock.sendall(first[:5])
            real = request(server, "GET", "api/state")  # while all fifty are held
            answers = _trickle(server, slow, first[5:] + b"a" * 1000, every=0.1, guard=30)
        finally:
            for sock in slow:
                sock.close()
    assert real.status == 200
    assert len(answers) == 50
    for answer in answers.values():
        _refused(answer, 408, "took longer than 1 s to arrive")


def test_an_idle_connection_is_closed_without_an_answer(two_games):
    _, served = two_games
    with running(served, header_timeout=0.5) as server, connect(server) as sock:
        assert sock.recv(100) == b""  # closed by the server (the timeout is a hang guard)


def test_a_slow_body_gets_408_and_changes_nothing(two_games):
    _, served = two_games
    before = served.read_bytes()
    with running(served, body_timeout=0.5) as server, connect(server) as sock:
        port = server.server_address[1]
        head = f"POST /api/deal HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        head += "Content-Type: application/json\r\nContent-Length: 40\r\n\r\n"
        sock.sendall(head.encode() + b'{"trump": ')  # and then nothing
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    _refused(answer, 408, "took longer than 0.5 s")
    assert served.read_bytes() == before


def test_a_kept_alive_connection_has_the_header_timeout_again(two_games):
    """After an answer, the next request on the same connection gets the same time for its
    headers (data on the connection does not reset it)."""
    _, served = two_games
    with running(served, header_timeout=0.5) as server, connect(server) as sock:
        port = server.server_address[1]
        sock.sendall(f"GET /api/ui HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        answer = b""
        while b'"rulesets"' not in answer:
            answer += sock.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200")
        answers = _trickle(server, [sock], b"GET /api/ui HTTP/1.1\r\n" + b"X" * 500, 0.1, 30)
    _refused(next(iter(answers.values())), 408, "took longer than 0.5 s")


def test_keep_alive_serves_several_requests_on_one_connection(two_games):
    import http.client

    _, served = two_games
    with running(served) as server:
        host, port = server.server_address
        conn = http.client.HTTPConnection(host, port, timeout=10)
        statuses = []
        for path in ("/api/ui", "/api/state", "/app.css", "/"):
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            statuses.append(response.status)
        conn.close()
    assert statuses == [200, 200, 200, 200]


# --- the connection cap ----------------------------------------------------------------------


def test_a_connection_over_the_cap_gets_503_at_once(two_games):
    _, served = two_games
    with running(served, max_connections=3) as server:
        held = [connect(server) for _ in range(3)]
        try:
            for sock in held:  # each accepted (an answer proves it) and kept open
                port = sock.getpeername()[1]
                sock.sendall(b"GET /api/ui HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
                assert sock.recv(20).startswith(b"HTTP/1.1 200")
            answer = raw_http(server, b"")
            held.pop().close()
            again = None
            for _ in range(50):  # the server sees the close a moment later
                again = request(server, "GET", "api/state")
                if again.status == 200:
                    break
        finally:
            for sock in held:
                sock.close()
    _refused(answer, 503, "too many connections (at most 3 at once)")
    assert again is not None and again.status == 200


def test_refused_connections_get_their_answer_whole_while_they_still_send(two_games):
    """The server's own refusals (503 over the cap, 400 to what is not HTTP) shut its end and
    drop what the client still sends until it closes: the answer is read to its end, never
    cut by a reset."""
    _, served = two_games
    junk = b"y" * 300_000
    with running(served, max_connections=1) as server:
        port = server.server_address[1]
        request_line = f"POST /api/deal HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode()
        with connect(server) as held:
            held.sendall(b"GET /api/ui HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
            assert held.recv(20).startswith(b"HTTP/1.1 200")
            over = raw_http(server, request_line + b"Content-Length: 300000\r\n\r\n" + junk)
    with running(served) as server:
        garbage = raw_http(server, b"\x16\x03\x01" + junk)
    _refused(over, 503, "too many connections (at most 1 at once)")
    _refused(garbage, 400, "not a request this server can read")


# --- the bind address ------------------------------------------------------------------------


def test_token_mode_on_loopback_with_lan_and_host(terts):
    """`--lan --host 127.0.0.1`: the token as on the network, tried without leaving loopback."""
    from terts_referee.web import server as web

    terts.ok("new", "Аня", "Боря")
    srv = web.open_server(str(terts.game), 0, True, "en", host="127.0.0.1")
    plain = web.open_server(str(terts.game), 0, False, "en", host="127.0.0.1")
    try:
        assert srv.server_address[0] == "127.0.0.1" and srv.token and len(srv.token) >= 20
        assert srv.url.endswith(f"/{srv.token}/")
        assert plain.token is None and plain.url == f"http://127.0.0.1:{plain.server_address[1]}/"
    finally:
        srv.close()
        plain.close()


def test_token_mode_answers_only_with_the_token(two_games):
    _, served = two_games
    with running(served, token="t0k3n-for-the-test") as server:
        without = request(server, "GET", "/api/state")
        with_it = request(server, "GET", "api/state")
    assert without.status == 403 and "access token" in without.json()["error"]
    assert with_it.status == 200


def test_any_address_but_loopback_gets_a_token(terts):
    """Bound (never served) on every interface: a token, whatever `--lan` says."""
    from terts_referee.web import server as web

    terts.ok("new", "Аня", "Боря")
    srv = web.open_server(str(terts.game), 0, False, "en", host="0.0.0.0")
    try:
        assert srv.token and srv.url.endswith(f"/{srv.token}/")
    finally:
        srv.close()


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _ipv6_loopback(), reason="no IPv6 loopback on this machine")
def test_ipv6_loopback(two_games):
    _, served = two_games
    with running(served, host="::1") as server:
        port = server.server_address[1]
        assert server.url == f"http://[::1]:{port}/" and server.token is None
        reply = request(server, "GET", "api/state", headers={"Host": f"[::1]:{port}"})
        other = request(server, "GET", "api/state", headers={"Host": "evil.example"})
    assert reply.status == 200 and other.status == 403


def _serve(tmp_path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TERTS_LANG": "en", "NO_COLOR": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "terts_referee", "serve", "--game", "g.toml", *args]
    return subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("host", "reason"),
    [
        ("no-such-host.invalid", "--host 'no-such-host.invalid' is not an address"),
        ("192.0.2.1", "cannot listen on 192.0.2.1:0: "),  # a documentation address, not ours
        ("a" * 300, "is not an address"),
    ],
    ids=["unknown-name", "not-this-machine", "too-long"],
)
def test_a_bad_host_is_one_line_and_exit_2(tmp_path, host, reason):
    result = _serve(tmp_path, "--port", "0", "--host", host)
    assert result.returncode == 2, result.stderr
    assert reason in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_host_is_in_the_help(tmp_path):
    result = _serve(tmp_path, "--help")
    assert result.returncode == 0 and "--host" in result.stdout and "ADDR" in result.stdout


# --- the seam --------------------------------------------------------------------------------


class FakeBackend:
    """The whole interface the server needs of a game: five members."""

    path = "/nowhere/game.toml"
    actions = frozenset({"tap", "boom"})

    def __init__(self):
        self.taps = 0
        self.calls: list[str] = []

    def version(self) -> str:
        return f"v{self.taps}"

    def ui(self) -> dict:
        return {"lang": "en", "words": {}, "rulesets": []}

    def state(self) -> dict:
        self.calls.append("state")
        return {"taps": self.taps}

    def act(self, action: str, body: object, page: bool = False):
        if action == "boom":
            raise RuntimeError("a bug")
        if not isinstance(body, dict):
            return 400, {"ok": False, "error": "an object, please"}
        self.taps += body.get("n", 1)
        return 200, {"ok": True, "message": f"{self.taps} taps"}


def test_the_server_needs_only_the_backend_interface(tmp_path):
    backend = FakeBackend()
    with running(tmp_path / "unused.toml", backend=backend) as server:
        assert request(server, "GET", "api/state").json() == {"version": "v0", "taps": 0}
        assert request(server, "GET", "api/state").json() == {"version": "v0", "taps": 0}
        tap = request(server, "POST", "api/tap", {"n": 2})
        listed = request(server, "POST", "api/tap", [1])
        boom = request(server, "POST", "api/boom", {})
        unknown = request(server, "POST", "api/deal", {})
        state = request(server, "GET", "api/state").json()
    assert tap.status == 200 and tap.json() == {"ok": True, "message": "2 taps"}
    assert listed.status == 400 and listed.json()["error"] == "an object, please"
    assert boom.status == 500 and boom.json() == {
        "ok": False,
        "error": "the server failed to answer this request (RuntimeError)",
    }
    assert unknown.status == 404
    assert state == {"version": "v2", "taps": 2}
    assert backend.calls == ["state", "state"]  # once per version, however many ask


def test_the_server_s_own_refusals_name_no_terminal_command():
    """A phone has no terminal: the server's refusals (not the CLI's, which the backend passes
    on) never tell it to type `terts …` or an --option."""
    from terts_referee.web import catalogue
    from tests.i18n.catalogues import entries

    for lang in ("en", "ru", "uk"):
        for key, forms in entries(lang).items():
            if key in catalogue.TEXTS and key.startswith(("web.err.", "web.type.")):
                for text in forms:
                    assert "terts" not in text and "`" not in text and "--" not in text, (key, lang)
