"""A ``terts serve`` server on 127.0.0.1 (an ephemeral port) for the HTTP and browser tests."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]


def serve_process(cwd: Path, *args: str) -> subprocess.Popen[str]:
    """``terts serve ARGS`` as its own process in ``cwd``, in English and without colour, its
    output piped (text): for the tests of what a real process prints and how it stops."""
    env = {**os.environ, "TERTS_LANG": "en", "NO_COLOR": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return subprocess.Popen(
        [sys.executable, "-m", "terts_referee", "serve", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@dataclass
class Reply:
    status: int
    body: bytes
    headers: http.client.HTTPMessage

    def json(self):
        return json.loads(self.body.decode("utf-8"))


@contextmanager
def running(
    game, lang="en", token=None, host="127.0.0.1", backend=None, port=0, library=None, **limits
):
    """A server over ``game`` in a thread, with its own event loop; yields it (``.url``,
    ``.server_address``). ``backend``: another than today's over ``game``; ``port``: 0 for any
    free one (a server started again on the port of one stopped: a restart); ``library``: as
    ``--library``; ``limits``: any of ``Limits``' fields (short timeouts, a small cap)."""
    from terts_referee.web.app import Limits
    from terts_referee.web.backend import GameBackend
    from terts_referee.web.server import PhoneServer
    from terts_referee.web.transport import bind

    sock = bind(host, port)
    backend = backend or GameBackend(str(game), lang, library)
    server = PhoneServer(sock, backend, lang, token, Limits(**limits), library)
    with served(server):
        yield server


@contextmanager
def served(server):
    """``server`` (a phone or club server) serving in a thread with its own event loop until
    the block ends; then stopped, and the thread gone."""
    thread = threading.Thread(target=asyncio.run, args=(server.serve(),), daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.stop()
        thread.join(10)
        assert not thread.is_alive(), "the server did not stop"


def request(server, method: str, path: str, body=None, headers=None, raw: bytes | None = None):
    """One request; ``body`` is sent as JSON, ``raw`` as it is; ``path`` is below the token."""
    host, port = server.server_address[:2]
    prefix = f"/{server.token}/" if server.token else "/"
    conn = http.client.HTTPConnection(host, port, timeout=10)
    sent_headers = {}
    data = raw
    if body is not None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
    if data is not None:
        sent_headers["Content-Type"] = "application/json"
    sent_headers.update(headers or {})
    path = path if path.startswith("/") else prefix + path
    conn.request(method, path, body=data, headers=sent_headers)
    response = conn.getresponse()
    reply = Reply(response.status, response.read(), response.headers)  # names in any case
    conn.close()
    return reply


def connect(server, timeout: float = 10) -> socket.socket:
    host, port = server.server_address[:2]
    return socket.create_connection((host, port), timeout=timeout)


def closing(data: bytes) -> bytes:
    """A request's bytes with ``Connection: close`` among its headers (unless it names the
    connection itself, or its head is not complete): the server then closes the connection
    once it has answered, instead of holding it for Uvicorn's 5 s keep-alive."""
    head, end, rest = data.partition(b"\r\n\r\n")
    if not end or b"\nconnection:" in head.lower():
        return data
    return head + b"\r\nConnection: close" + end + rest


def raw_http(server, data: bytes, timeout: float = 10) -> bytes:
    """``data`` sent on one connection (with ``Connection: close``: ``closing``); everything
    answered until the server closes it (``timeout``: a hang guard)."""
    with connect(server, timeout) as sock:
        sock.sendall(closing(data))
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def split_answer(answer: bytes) -> tuple[int, dict, bytes]:
    """An HTTP answer's status, headers (names in lower case) and body."""
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    version, status, *_ = status_line.split(" ")
    assert version == "HTTP/1.1", status_line
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(status), headers, body


def cli_refusal(stderr: str) -> str:
    """The CLI's refusal: the one line, without the terminal's ``terts: error:`` (``terts:
    ошибка:``) before it."""
    from tests.helpers import refusal_text

    return refusal_text(stderr)  # without its prefix, in whichever language it was said


#: What only a terminal says: a command to type, a backtick, an option.
TERMINAL_WORDS = re.compile(
    r"`|(?<![\w-])--[a-z]|\bterts (?:new|deal|declare|challenge|score|"
    r"trick|penalty|claim|undo|drop|log|trump|exchange|ask)\b"
)


def assert_page_refusal(error: str, stderr: str) -> None:
    """The page's refusal is the CLI's sentence without what the terminal adds after it (the
    command to type, the options): the CLI's line begins with it, and the page's names no
    command, no backtick, no option."""
    line = cli_refusal(stderr)
    assert line.startswith(error), (error, line)
    assert not TERMINAL_WORDS.search(error), error
    rest = line[len(error) :]
    assert not rest or TERMINAL_WORDS.search(rest), rest  # the terminal's tail, if any


def assert_page_message(message: str, stdout: str) -> None:
    """The page's message is the CLI's output but for the lines that only suggest a command to
    type (the page has its buttons): the same lines in the same order."""
    # the terminal marks a notice's line with «! » (its colour's mark); the page styles it
    page = message.splitlines()
    cli = [re.sub(r"^(\s*)! ", r"\1", line) for line in stdout.strip().splitlines()]
    left = [line for line in cli if line not in page]
    assert [line for line in cli if line in page] == page, (page, cli)
    assert all(TERMINAL_WORDS.search(line) for line in left), left


def same_as_cli(server, served, terts, action: str, body, argv: list[str]):
    """One step through the page's API and through the CLI on a copy: the same answer (the
    CLI's output, or its refusal with the file byte-identical) and the same game file but for
    its times. Returns the CLI's exit code and the server's JSON answer."""
    from tests.helpers import untimed

    before = served.read_bytes()
    if "--" in argv:  # the fixture's --game must come before the words
        cut = argv.index("--")
        cli = terts(*argv[:cut], "--game", terts.game, *argv[cut:], game=False)
    else:
        cli = terts(*argv)
    reply = request(server, "POST", f"api/{action}", body)
    data = reply.json()
    assert data["ok"] == (cli.code == 0), (action, body, data, cli.stderr)
    if cli.code == 0:
        assert reply.status == 200
        assert_page_message(data["message"], cli.stdout)
    else:
        assert reply.status == 422
        assert_page_refusal(data["error"], cli.stderr)
        assert set(data) == {"ok", "error", "code", "remedy"}
        assert served.read_bytes() == before, "a refusal changed the file"
    assert untimed(served) == untimed(terts.game), (action, body)
    return cli.code, data


def streams_ended(pages) -> None:
    """Each live page's stream (a socket reading ``api/events``) was ended by the server, its
    chunked body closed with the last chunk, not cut."""
    for live in pages:
        tail = b""
        while chunk := live.recv(1000):
            tail += chunk
        assert tail.endswith(b"0\r\n\r\n"), tail


def win_quickly(terts) -> None:
    """Two quick deals recorded from a terminal that Аня wins (340, then 300: four jacks each
    time), Боря taking the last trick of both: the game is over."""
    for suit, points in (("п", "140"), ("б", "100")):
        terts.ok("deal", "--trump", suit)
        terts.ok("declare", "Аня", "4J")
        terts.ok("score", points, "--by", "Аня", "--last-trick", "Боря")
