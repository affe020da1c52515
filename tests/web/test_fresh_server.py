"""A fresh ``terts serve`` process answers its very first request as a warm one does, and random
JSON of every type sent to every action of a fresh process (one game, a club night, token mode;
English, Russian, Ukrainian) is refused with a 4xx and one line of JSON, never a 500, every file
unchanged by a refusal.

Each case starts a server process of its own: a module imported on the way by an earlier
request must not be what makes a refusal work.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terts_referee.game.game_file import GameFile
from terts_referee.i18n import t
from terts_referee.web.fields import ACTIONS

#: Slow: a server process for each of hundreds of cases (the full run has it).
pytestmark = pytest.mark.slow

REPO_ROOT = Path(__file__).resolve().parents[2]
MODES = ("single", "club", "token")
LANGS = ("en", "ru", "uk")


@contextmanager
def fresh_server(tmp_path: Path, mode: str, lang: str):
    """A new ``terts serve`` process over a game (``single``, ``token``: ``--lan`` on loopback)
    or a club folder with one table ``t1`` (``club``); yields (the root URL, the files that a
    refusal must leave as they are)."""
    env = {**os.environ, "TERTS_LANG": lang, "NO_COLOR": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    if mode == "club":
        folder = tmp_path / "club"
        folder.mkdir()
        GameFile.create(folder / "t1.toml", ["Аня", "Боря"])
        args = ["--club", str(folder)]
    else:
        game = tmp_path / "game.toml"
        GameFile.create(game, ["Аня", "Боря"])
        args = ["--game", str(game)] + (["--lan", "--host", "127.0.0.1"] if mode == "token" else [])
    process = subprocess.Popen(
        [sys.executable, "-m", "terts_referee", "serve", "--port", "0", *args],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = ""
        while not (found := re.search(r"http://\S+/", first)):
            line = process.stdout.readline()
            assert line, process.stderr.read() if process.stderr else "no output"
            first += line
        yield found.group(0)
    finally:
        process.terminate()
        process.communicate(timeout=10)


def post(url: str, route: str, raw: bytes) -> tuple[int, bytes]:
    """One POST of ``raw`` as JSON to ``route`` below ``url``, on a connection closed after it."""
    where = urlsplit(url)
    conn = http.client.HTTPConnection(where.hostname or "127.0.0.1", where.port, timeout=10)
    headers = {"Content-Type": "application/json", "Connection": "close"}
    try:
        conn.request("POST", where.path + route, body=raw, headers=headers)
        reply = conn.getresponse()
        return reply.status, reply.read()
    finally:
        conn.close()


def files_of(tmp_path: Path) -> dict[str, bytes]:
    """Every game file of the case, by its path (the listing of a club's folder with them)."""
    return {str(p): p.read_bytes() for p in sorted(tmp_path.rglob("*.toml"))}


def _refusal(status: int, body: bytes) -> dict:
    assert 400 <= status < 500, (status, body[:300])
    assert body.count(b"\n") == 0 and b"Traceback" not in body
    data = json.loads(body)
    assert data["ok"] is False and isinstance(data["error"], str) and data["error"], data
    return data


def _bad_trump(lang: str) -> str:
    """What a warm server says to ``{"trump": "zz"}`` (``fields._trump``'s words)."""
    accepted = t("err.accept.suit", lang)
    reason = t("err.card_or_suit", lang, text="zz", accepted=accepted)
    return t("web.err.field_value", lang, field="trump", action="deal", reason=reason)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
def test_a_fresh_server_refuses_its_first_request_as_a_warm_one(tmp_path, mode, lang):
    with fresh_server(tmp_path, mode, lang) as url:
        before = files_of(tmp_path)
        table = "t/t1/" if mode == "club" else ""
        status, body = post(url, f"{table}api/deal", b'{"trump": "zz"}')
        assert status == 400, body
        assert _refusal(status, body)["error"] == _bad_trump(lang)
        if mode == "club":  # the lobby's own first refusal, on the same fresh process
            status, body = post(url, "api/tables", b'{"players": ["A", "B"], "rules": "x"}')
            assert _refusal(status, body)["code"] == "web.err.rules"
    assert files_of(tmp_path) == before


class Raw(str):
    """JSON text written as it is (what ``json.dumps`` cannot write: a 5,000-digit integer,
    nesting a hundred deep)."""


def dump(value: object) -> str:
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return json.dumps(value)  # a lone surrogate as its \\ud800 escape, NaN as NaN


SURROGATE = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, categories=["Cs"])
# Half of a surrogate pair between other characters (two halves side by side would make a pair).
LONE = st.tuples(st.text(max_size=4), SURROGATE, st.text(max_size=4)).map("".join)
TEXT = st.text(max_size=30) | LONE
HUGE = st.integers(4301, 6000).map(lambda n: Raw("-" * (n % 2) + "9" * n))
NUMBER = st.integers() | st.integers(-(10**30), 10**30) | st.floats() | HUGE
SCALAR = st.none() | st.booleans() | NUMBER | TEXT
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=20,
)
DEEP = st.integers(9, 200).map(lambda n: Raw("[" * n + "]" * n))
WIDE = st.integers(50, 3000).map(
    lambda n: Raw("{" + ", ".join(f'"k{i}": [{i}]' for i in range(n)) + "}")
)


def bodies(names: list[str]) -> st.SearchStrategy[object]:
    """Any JSON value; an object of the action's own fields holding any values, and an unknown
    one beside; nesting past the limit; an object too wide for the body's limit."""
    own = st.fixed_dictionaries({}, optional={name: VALUE for name in names})
    extra = st.dictionaries(TEXT, VALUE, min_size=1, max_size=3)
    return st.one_of(VALUE, own, st.tuples(own, extra).map(lambda p: {**p[1], **p[0]}), DEEP, WIDE)


def routes(mode: str) -> list[tuple[str, list[str]]]:
    """Every action of the case: its route and its fields."""
    table = [(f"api/{a}", [f.name for f in fields]) for a, fields in ACTIONS.items()]
    if mode != "club":
        return table
    lobby = [("api/tables", [f.name for f in ACTIONS["new"]]), ("api/round", ["round", "rules"])]
    return lobby + [(f"t/t1/{route}", names) for route, names in table]


EXAMPLES = 25  # per action: 13 to 15 actions, so some 350 requests a process


def fuzz(url: str, tmp_path: Path, route: str, names: list[str]) -> None:
    """Random bodies to one route: each refused with a 4xx and one line, the files unchanged
    (or, where the random fields happen to make a request the game takes, done)."""

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(body=bodies(names))
    def one(body: object) -> None:
        raw = dump(body).encode("utf-8", "surrogatepass")
        before = files_of(tmp_path)
        status, answer = post(url, route, raw)
        if status == 200:
            assert json.loads(answer)["ok"] is True
            return
        _refusal(status, answer)
        assert files_of(tmp_path) == before, (route, raw[:200])

    one()


SLOW = pytest.mark.slow  # Russian and Ukrainian: the same code in other words, for the full run


@pytest.mark.parametrize(
    "lang", ["en", pytest.param("ru", marks=SLOW), pytest.param("uk", marks=SLOW)]
)
@pytest.mark.parametrize("mode", MODES)
def test_random_json_to_every_action_of_a_fresh_server_is_a_4xx_line(tmp_path, mode, lang):
    with fresh_server(tmp_path, mode, lang) as url:
        for route, names in routes(mode):
            fuzz(url, tmp_path, route, names)
