"""A ``terts serve`` server on 127.0.0.1 (an ephemeral port) for the HTTP and browser tests."""

from __future__ import annotations

import http.client
import json
import threading
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass
class Reply:
    status: int
    body: bytes
    headers: dict

    def json(self):
        return json.loads(self.body.decode("utf-8"))


@contextmanager
def running(game, lang: str = "en", token: str | None = None):
    """A server over ``game`` in a thread; yields it (``.url``, ``.server_address``)."""
    from terts_referee.web.server import Server

    server = Server(("127.0.0.1", 0), str(game), lang, token)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.daemon = True
    thread.start()
    try:
        yield server
    finally:
        server.stop()
        thread.join(5)


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
    reply = Reply(response.status, response.read(), dict(response.getheaders()))
    conn.close()
    return reply


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
        assert data["message"] == cli.stdout.strip()
    else:
        assert reply.status == 422
        assert data["error"] == cli.stderr.strip()
        assert served.read_bytes() == before, "a refusal changed the file"
    assert untimed(served) == untimed(terts.game), (action, body)
    return cli.code, data
