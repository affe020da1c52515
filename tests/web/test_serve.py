"""`terts serve` over HTTP: the server on 127.0.0.1 with an ephemeral port.

Every action sent to the server must leave the same game file as the same command typed on the
CLI, refuse with the CLI's own one-line message (the file byte-for-byte unchanged), and a
malformed request must get a 4xx with a message, never a traceback, never a change to the file.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import terts_referee
from terts_referee import i18n
from terts_referee.web import catalogue
from tests.helpers import untimed
from tests.serve_helpers import (
    assert_page_refusal,
    raw_http,
    request,
    running,
    same_as_cli,
    serve_process,
    streams_ended,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
WEB = Path(terts_referee.__file__).parent / "web"

# (the action and its JSON body, the same command on the CLI): run in order on two files.
STEPS = [
    ("deal", {"trump": "7ч", "quick": False}, ["deal", "--trump", "7ч", "--tricks"]),
    ("deal", {"trump": "Тп"}, ["deal", "--trump", "Тп"]),  # refused: a deal is in progress
    ("declare", {"player": "Аня", "combos": ["терц:Дч"]}, ["declare", "Аня", "терц:Дч"]),
    ("challenge", {"player": "Боря", "combo": "50:Кп"}, ["challenge", "Боря", "50:Кп"]),
    ("challenge", {"player": "Боря", "combo": "терц:8п"}, ["challenge", "Боря", "терц:8п"]),
    ("trick", {"cards": ["Тп", "7п"]}, ["trick", "Тп", "7п"]),
    ("trick", {"cards": ["Тп"]}, ["trick", "Тп"]),
    ("trick", {"cards": ["Zz", "7т"]}, ["trick", "Zz", "7т"]),
    ("exchange", {"player": "Аня"}, ["exchange", "Аня"]),
    ("declare", {"player": "Вася", "combos": ["терц:Дб"]}, ["declare", "Вася", "терц:Дб"]),
    ("declare", {"player": "-x", "combos": ["4J"]}, ["declare", "--", "-x", "4J"]),
    ("penalty", {"player": "Боря", "kind": "renege"}, ["penalty", "Боря", "renege"]),
    ("penalty", {"player": "Боря", "kind": "bogus"}, ["penalty", "Боря", "bogus"]),
    (
        "penalty",
        {"player": "Аня", "kind": "miscount", "points": 10},
        ["penalty", "Аня", "miscount", "--points", "10"],
    ),
    ("claim", {"player": "Аня"}, ["claim", "Аня"]),
    ("undo", {}, ["undo"]),
    ("undo", {}, ["undo"]),
    ("undo", {}, ["undo"]),
    ("undo", {}, ["undo"]),
    ("undo", {}, ["undo"]),
    ("undo", {}, ["undo"]),
    ("undo", {}, ["undo"]),
    ("deal", {"trump": "♠", "quick": True}, ["deal", "--trump", "♠", "--quick"]),
    ("declare", {"player": "Аня", "combos": ["4J"]}, ["declare", "Аня", "4J"]),
    (
        "score",
        {"points": -1, "by": "Аня", "last_trick": "Боря"},
        ["score", "--by", "Аня", "--last-trick", "Боря", "--", "-1"],
    ),
    (
        "claim",
        {"player": "Боря", "tricks": 3, "card_points": 40},
        ["claim", "Боря", "--tricks", "3", "--card-points", "40"],
    ),
    (
        "score",
        {"points": 54, "by": "Аня", "last_trick": "Боря"},
        ["score", "54", "--by", "Аня", "--last-trick", "Боря"],
    ),
    ("undo", {}, ["undo"]),
]


def test_every_action_gives_the_cli_s_game_file(two_games):
    terts, served = two_games
    outcomes = []
    with running(served) as server:
        for action, body, argv in STEPS:
            code, _ = same_as_cli(server, served, terts, action, body, argv)
            outcomes.append(code)
    assert outcomes.count(0) >= 10 and outcomes.count(2) >= 6, outcomes  # both kinds exercised


def test_a_refusal_is_the_cli_s_line_in_russian(two_games):
    terts, served = two_games
    with running(served, lang="ru") as server:
        reply = request(server, "POST", "api/trick", {"cards": ["Тп", "7п"]})
        cli = terts("--lang", "ru", "trick", "Тп", "7п")
    assert reply.status == 422
    assert_page_refusal(reply.json()["error"], cli.stderr)
    assert reply.json()["code"] == "err.no_deal"
    assert reply.json()["remedy"] == {"action": "deal", "fields": {}}
    assert re.search("[а-яё]", reply.json()["error"])


def test_state_is_the_cli_s_json(two_games):
    terts, served = two_games
    terts.ok("deal", "--trump", "7ч")
    served.write_bytes(terts.game.read_bytes())
    with running(served) as server:
        reply = request(server, "GET", "api/state")
    assert reply.status == 200
    data = reply.json()
    assert data["sheet"] == terts.sheet()
    assert data["status"] == terts.status()
    assert data["log"] == terts.ok("log", "--json").json()
    assert data["version"]


def test_state_without_a_game_file_is_the_cli_s_message(tmp_path, terts):
    with running(tmp_path / "none.toml") as server:
        data = request(server, "GET", "api/state").json()
    assert "not found" in data["error"] and "start one" in data["error"]
    assert "terts new" not in data["error"]  # no terminal command on a page


GETS = ["", "index.html", "app.js", "app.css", "api/ui", "api/state", "api/deal", "api/undo", "x"]


def test_get_never_changes_the_file(two_games):
    _, served = two_games
    before, stat = served.read_bytes(), served.stat()
    with running(served) as server:
        codes = [request(server, "GET", path).status for path in GETS]
        codes += [request(server, "HEAD", path).status for path in ("", "api/state", "api/events")]
    assert codes == [200, 200, 200, 200, 200, 200, 405, 405, 404, 200, 200, 200]
    assert served.read_bytes() == before
    assert served.stat().st_mtime_ns == stat.st_mtime_ns


def test_the_page_and_its_assets(two_games):
    _, served = two_games
    with running(served, lang="ru") as server:
        page = request(server, "GET", "")
        script = request(server, "GET", "app.js")
        ui = request(server, "GET", "api/ui").json()
    assert page.headers["Content-Type"].startswith("text/html")
    assert '<html lang="ru">' in page.body.decode()
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert page.headers["Cache-Control"] == "no-store"
    assert script.headers["Content-Type"].startswith("text/javascript")
    assert ui["lang"] == "ru" and ui["words"]["ui.act.deal"] == "Сдача"
    assert ui["words"]["phase.final"] == "разбор фрица"


def test_the_page_never_writes_html_from_data():
    """User text (names, messages) reaches the page only through textContent."""
    script = (WEB / "static" / "app.js").read_text("utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script
    page = (WEB / "static" / "index.html").read_text("utf-8")
    assert "http://" not in page and "https://" not in page  # no CDN: everything is served here


# --- malformed requests ----------------------------------------------------------------------

BAD_BODIES = [
    (b"{", "not valid JSON"),
    (b"[1, 2]", "expected a JSON object"),
    (b'"declare"', "expected a JSON object"),
    (b"\xff\xfe", "not valid JSON"),
    (b'{"player": "\xd0\x90\xd0\xbd\xd1\x8f", "combos": "4J"}', "must be a list"),
    (b'{"player": 1, "combos": ["4J"]}', "'player' of declare must be a text"),
    (b'{"player": "x", "combos": []}', "must be a list of 1 to 4 texts"),
    (b'{"player": "x", "combos": [1]}', "must be a list of 1 to 4 texts"),
    (b'{"player": "x"}', "declare needs the field 'combos'"),
    (b'{"player": "x", "combos": ["4J"], "game": "/etc/x"}', "unknown field 'game'"),
    (b'{"player": "' + b"x" * 300 + b'", "combos": ["4J"]}', "must be a text"),
]


@pytest.mark.parametrize(("raw", "fragment"), BAD_BODIES)
def test_a_bad_body_gets_400_with_a_message(two_games, raw, fragment):
    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        reply = request(server, "POST", "api/declare", raw=raw)
    assert reply.status == 400, reply.body
    message = reply.json()["error"]
    assert fragment in message and "Traceback" not in message and "\n" not in message
    assert served.read_bytes() == before


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"points": "54", "by": "Аня", "last_trick": "Боря"}, "'points' of score must be"),
        ({"points": True, "by": "Аня", "last_trick": "Боря"}, "'points' of score must be"),
        ({"points": 5.5, "by": "Аня", "last_trick": "Боря"}, "'points' of score must be"),
        ({"points": 54, "by": "Аня"}, "score needs the field 'last_trick'"),
    ],
)
def test_a_field_of_the_wrong_type_gets_400(two_games, body, fragment):
    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        reply = request(server, "POST", "api/score", body)
    assert reply.status == 400 and fragment in reply.json()["error"]
    assert served.read_bytes() == before


def test_a_quick_flag_must_be_true_or_false(two_games):
    _, served = two_games
    with running(served) as server:
        reply = request(server, "POST", "api/deal", {"trump": "h", "quick": "yes"})
    assert reply.status == 400 and "true or false" in reply.json()["error"]


def test_oversize_body_gets_413(two_games):
    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        reply = request(server, "POST", "api/declare", raw=b" " * (17 * 1024))
    assert reply.status == 413
    assert "at most 16384" in reply.json()["error"]
    assert served.read_bytes() == before


def test_a_form_post_from_another_page_is_refused(two_games):
    _, served = two_games
    before = served.read_bytes()
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    with running(served) as server:
        reply = request(server, "POST", "api/undo", raw=b"a=b", headers=form)
        cross = request(server, "POST", "api/undo", {}, headers={"Origin": "http://evil.example"})
        rebound = request(server, "GET", "api/state", headers={"Host": "evil.example:80"})
    assert reply.status == 415 and "application/json" in reply.json()["error"]
    assert cross.status == 403 and rebound.status == 403
    assert served.read_bytes() == before


def test_a_post_without_content_length_gets_411(two_games):
    _, served = two_games
    with running(served) as server:
        port = server.server_address[1]
        answer = raw_http(
            server,
            f"POST /api/undo HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Content-Type: application/json\r\nConnection: close\r\n\r\n".encode(),
        )
    assert answer.startswith(b"HTTP/1.1 411"), answer[:100]
    assert b"Content-Length" in answer


def test_a_garbage_request_line_gets_400(two_games):
    _, served = two_games
    with running(served) as server:
        answer = raw_http(server, b"GET /a b <c> HTTP/1.1\r\n\r\n")
        early = raw_http(server, b"\x00\x01 nonsense\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400 ")
    body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert body["error"].startswith("not a request this server can read: expected")
    assert b"Traceback" not in answer and b"Traceback" not in early and b"<html" not in early


def test_unknown_action_and_wrong_methods(two_games):
    _, served = two_games
    with running(served) as server:
        unknown = request(server, "POST", "api/format", {})
        put = request(server, "PUT", "api/undo", {})
        post_state = request(server, "POST", "api/state", {})
    assert unknown.status == 404
    assert put.status == 405 and post_state.status == 405
    assert post_state.headers["Allow"] == "GET, HEAD"


# --- the token (`--lan`) ---------------------------------------------------------------------

TOKEN = "s3cret-token_value"


@pytest.mark.parametrize(
    "path",
    ["/", "/api/state", "/index.html", "/wrong/", "/wrong/api/state", "/s3cret-token_valuf/"],
)
def test_without_the_token_403(two_games, path):
    _, served = two_games
    with running(served, token=TOKEN) as server:
        reply = request(server, "GET", path)
    assert reply.status == 403
    assert "access token" in reply.json()["error"]


def test_a_post_with_a_wrong_token_changes_nothing(two_games):
    _, served = two_games
    before = served.read_bytes()
    with running(served, token=TOKEN) as server:
        wrong = request(server, "POST", "/x" + TOKEN + "/api/deal", {"trump": "h"})
        right = request(server, "POST", "api/deal", {"trump": "h"})
    assert wrong.status == 403
    assert right.status == 200
    assert served.read_bytes() != before


def test_with_the_token_everything_works(two_games):
    _, served = two_games
    with running(served, token=TOKEN) as server:
        assert server.url.endswith(f"/{TOKEN}/")
        assert request(server, "GET", "").status == 200
        assert request(server, "GET", "api/state").json()["sheet"]["players"] == ["Аня", "Боря"]
        bare = request(server, "GET", f"/{TOKEN}")
        # any Host: the token is the key (a phone uses the machine's address)
        other_host = request(server, "GET", "api/state", headers={"Host": "192.0.2.1:1"})
    assert bare.status == 301 and bare.headers["Location"] == f"/{TOKEN}/"
    assert other_host.status == 200


def test_tokens_are_random_and_long():
    from terts_referee.web.server import new_token

    tokens = {new_token() for _ in range(20)}
    assert len(tokens) == 20 and all(len(t) >= 20 for t in tokens)


# --- live ------------------------------------------------------------------------------------


def _events(server):
    host, port = server.server_address[:2]
    sock = socket.create_connection((host, port), timeout=5)
    sock.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    return sock, sock.makefile("rb")


def _next_data(stream) -> str:
    while True:
        line = stream.readline()
        assert line, "the event stream ended"
        if line.startswith(b"data: "):
            return line[6:].strip().decode()


def test_a_terminal_command_reaches_every_open_page(two_games):
    """The file's version is looked at every poll (0.1 s): a `terts` command in a terminal is
    on every live page without a reload (the socket's timeout is only a hang guard)."""
    terts, served = two_games
    with running(served) as server:
        pages = [_events(server) for _ in range(3)]
        try:
            first = [_next_data(stream) for _, stream in pages]
            terts.game = served  # a `terts` command in a terminal, on the served file
            terts.ok("deal", "--trump", "7ч")
            second = [_next_data(stream) for _, stream in pages]
            terts.ok("declare", "Аня", "терц:Дч")
            third = [_next_data(stream) for _, stream in pages]
        finally:
            for sock, stream in pages:
                stream.close()
                sock.close()
    assert len(set(first)) == 1 and len(set(second)) == 1 and len(set(third)) == 1
    assert first[0] != second[0] != third[0]


def test_a_tap_on_one_phone_reaches_the_others(two_games):
    _, served = two_games
    with running(served) as server:
        pages = [_events(server) for _ in range(2)]
        try:
            first = [_next_data(stream) for _, stream in pages]
            assert request(server, "POST", "api/deal", {"trump": "7ч"}).status == 200
            second = [_next_data(stream) for _, stream in pages]
            state = request(server, "GET", "api/state").json()
        finally:
            for sock, stream in pages:
                stream.close()
                sock.close()
    assert first[0] == first[1] != second[0] == second[1] == state["version"]


# --- the command -----------------------------------------------------------------------------


def _first_line(proc, timeout: float = 30) -> str:
    """The server's first line, waited for at most ``timeout`` seconds: an unbounded
    ``readline`` would hang the whole run if the server never printed it."""
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, "the server printed nothing"
    return proc.stdout.readline()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_serve_stops_cleanly_with_pages_open(tmp_path, sig):
    """Ctrl-C (or a plain kill) with four live pages open: their streams end, the server says
    it stopped and exits 0, with nothing on stderr (the timeout is only a hang guard)."""
    proc = serve_process(tmp_path, "--port", "0", "--game", "g.toml")
    pages = []
    try:
        first = _first_line(proc)
        assert proc.stderr is not None  # piped (``serve_process``)
        assert "http://127.0.0.1:" in first, first + proc.stderr.read()
        address = re.search(r"127\.0\.0\.1:(\d+)/", first)
        assert address is not None, first
        port = int(address.group(1))
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(f"GET /api/ui HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert sock.recv(100).startswith(b"HTTP/1.1 200")
        for _ in range(4):
            live = socket.create_connection(("127.0.0.1", port), timeout=10)
            pages.append(live)
            live.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            seen = b""
            while b"data: " not in seen:  # the headers, then the file's version
                chunk = live.recv(1000)
                assert chunk, seen
                seen += chunk
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=20)
        streams_ended(pages)
    finally:
        for live in pages:
            live.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "stopped" in out and err == ""


def test_lan_prints_the_address_with_its_token_and_a_qr_code(terts, monkeypatch, capsys):
    """`--lan` as far as it can go without leaving loopback: the address is patched to
    127.0.0.1; the token is in the address, and the QR code is drawn."""
    from terts_referee.web import server as web

    monkeypatch.setattr(web, "lan_address", lambda: "127.0.0.1")
    terts.ok("new", "Аня", "Боря")
    capsys.readouterr()
    srv = web.open_server(str(terts.game), 0, True, "ru")
    try:
        web.announce(srv)
        out = capsys.readouterr().out
        assert srv.token and len(srv.token) >= 20
        assert f"/{srv.token}/" in out.splitlines()[0]
        assert "по адресу http://127.0.0.1:" in out
        assert out.count("█") + out.count("▀") + out.count("▄") > 50  # the QR code
    finally:
        srv.close()


def test_serve_refuses_a_bad_port(terts):
    r = terts("serve", "--port", "70000")
    assert r.code == 2 and "70000" in r.stderr and r.stderr.count("\n") == 1


def test_serve_says_when_the_port_is_taken(terts):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = terts("serve", "--port", str(port))
    assert r.code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in r.stderr and r.stderr.count("\n") == 1


def test_other_commands_do_not_import_the_server(tmp_path):
    probe = (
        "import sys; from terts_referee.cli import main; main(['status', '--game', 'x.toml']); "
        "print(sorted(m for m in sys.modules if m.startswith(('terts_referee.web', 'http.server',"
        " 'segno', 'uvicorn', 'starlette', 'sse_starlette', 'anyio', 'h11', 'asyncio'))))"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert proc.stdout.strip().splitlines()[-1] == "[]", proc.stdout + proc.stderr


# --- words -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_word_in_every_language(lang):
    """Every word of the page has its translation, in the language's letters."""
    words = catalogue.page_words(lang)
    for key, english in catalogue.page_words("en").items():
        if re.search("[a-z]{3}", english) and not key.startswith("ui.cls.10"):
            assert re.search("[а-яёіїєґ]", words[key], re.IGNORECASE), key


def test_every_word_the_server_and_page_use_exists():
    words = catalogue.page_words("en")
    source = "\n".join(p.read_text("utf-8") for p in WEB.glob("*.py"))
    used = set(re.findall(r"""\bt\(\s*"((?:web|ui)\.[a-z0-9_.]+)""", source))
    script = (WEB / "static" / "app.js").read_text("utf-8")
    used_by_page = set(re.findall(r"""w\(\s*"((?:ui|phase|pen)\.[a-z0-9_.]+)""", script))
    assert used and used_by_page
    assert sorted(k for k in used if k not in catalogue.TEXTS) == []
    assert sorted(k for k in used_by_page if k not in words and not k.endswith(".")) == []
    penalties = re.search(r"PENALTIES = \[([^\]]+)\]", script)
    assert penalties is not None, "app.js lists its PENALTIES"
    for kind in penalties.group(1).split(","):
        assert "pen." + kind.strip().strip('"') in words
    assert json.dumps(words)  # every word is plain text


def test_words_follow_the_language():
    assert catalogue.page_words("ru")["ui.act.undo"] == "Удалить последнее"
    assert i18n.t("web.stop", "en") == "Ctrl-C stops the server."


def test_a_bad_body_in_russian(two_games):
    _, served = two_games
    with running(served, lang="ru") as server:
        wrong = request(server, "POST", "api/score", {"points": "54", "by": "a", "last_trick": "b"})
        junk = request(server, "POST", "api/undo", raw=b"\xff")
    assert wrong.status == 400 and "должно быть целым числом" in wrong.json()["error"]
    assert junk.status == 400 and "не текст UTF-8" in junk.json()["error"]


def test_a_new_game_from_the_server_is_the_cli_s(terts, tmp_path):
    served = tmp_path / "served.toml"
    with running(served) as server:
        before = request(server, "GET", "api/state").json()
        body = {"players": ["Аня", "Боря"], "rules": "short", "quick": True}
        reply = request(server, "POST", "api/new", body)
        again = request(server, "POST", "api/new", {"players": ["Вася", "Петя"]})
    assert before["exists"] is False and "not found" in before["error"]
    assert reply.status == 200, reply.body
    terts.ok("new", "Аня", "Боря", "--rules", "short", "--quick")
    assert untimed(served) == untimed(terts.game)
    cli_again = terts("new", "Вася", "Петя")
    assert again.status == 422 and again.json()["code"] == "store.exists"
    stderr = cli_again.stderr.replace(str(terts.game), str(served))
    assert_page_refusal(again.json()["error"], stderr)
    assert untimed(served) == untimed(terts.game)  # never overwritten


@pytest.mark.parametrize("rules", ["/etc/passwd", "../house.toml", "house.toml", "Classic"])
def test_a_new_game_takes_only_a_bundled_ruleset(tmp_path, rules):
    served = tmp_path / "served.toml"
    with running(served) as server:
        reply = request(server, "POST", "api/new", {"players": ["A", "B"], "rules": rules})
    assert reply.status == 400
    assert f"unknown ruleset '{rules}'" in reply.json()["error"]
    assert "classic" in reply.json()["error"]
    assert not served.exists()
