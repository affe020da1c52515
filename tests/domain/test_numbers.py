"""Numbers typed by users are ASCII digits only: int() would take more (١٢, ３, 5_0, +3)."""

from __future__ import annotations

import pytest

from terts_referee.domain.numbers import parse_int
from terts_referee.errors import NotationError
from tests.helpers import raises_verdict


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("54", 54), ("150", 150), ("-1", -1)])
def test_ascii_digits_read(text: str, value: int) -> None:
    assert parse_int(text) == value


@pytest.mark.parametrize(
    "text",
    [
        "١٢",
        "5_0",
        "٣",
        "１２",
        " 54",
        "54 ",
        "+54",
        "",
        "-",
        "--1",
        "5e1",
        "0x10",
        "1234567",
        "5.0",
    ],
)
def test_anything_else_refused(text: str) -> None:
    with raises_verdict(NotationError, "err.number", "ASCII digits 0-9"):
        parse_int(text)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["score", "١٢", "--by", "Аня", "--last-trick", "Боря"], "'١٢' is not a number"),
        (["score", "5_0", "--by", "Аня", "--last-trick", "Боря"], "'5_0' is not a number"),
        (["penalty", "Аня", "miscount", "--points", "1_0"], "'1_0' is not a number"),
        (["penalty", "Аня", "false-declaration", "--event", "٢"], "'٢' is not a number"),
        (["claim", "Аня", "--tricks", "٣"], "'٣' is not a number"),
        (["claim", "Аня", "--card-points", "4_0"], "'4_0' is not a number"),
    ],
)
def test_game_commands_refuse_non_ascii_numbers(terts, args, fragment) -> None:
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "-t", "s")
    line = terts.refused(*args).stderr
    assert fragment in line and "ASCII digits" in line


def test_check_hand_turns(terts) -> None:
    r = terts("check", "hand", "Qh", "--trump", "s", "--turns", "-1")
    assert r.code == 2 and "expected at least 0" in r.stderr
    r = terts("check", "hand", "Qh", "--trump", "s", "--turns", "٣")
    assert r.code == 2 and "ASCII digits" in r.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["drop", "３"],
        ["drop", "+3"],
        ["drop", "1_0"],
        ["drop", " 1"],
        ["declare", "Аня", "марьяж", "--before", "١"],
        ["declare", "Аня", "марьяж", "--before", " 1"],
        ["declare", "Аня", "марьяж", "--before", "０"],  # would be event 0
        ["score", "54", "--by", "Аня", "--last-trick", "Боря", "--replace", "²"],
        ["score", "54", "--by", "Аня", "--last-trick", "Боря", "--replace", "+2"],
    ],
)
def test_event_numbers_are_ascii_digits(terts, args) -> None:
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "-t", "s")
    line = terts.refused(*args).stderr
    assert f"{args[-1]!r} is not a number: expected ASCII digits 0-9" in line


@pytest.mark.parametrize(
    ("port", "fragment"),
    [
        ("١٢٣٤٥", "'١٢٣٤٥' is not a number: expected ASCII digits 0-9"),
        ("+8000", "'+8000' is not a number"),
        ("70000", "70000 is too big: expected at most 65535"),
        ("-1", "-1 is too small: expected at least 0"),
    ],
)
def test_serve_port_is_ascii_digits(terts, port, fragment) -> None:
    terts.ok("new", "Аня", "Боря")
    line = terts.refused("serve", "--port", port).stderr
    assert fragment in line


def test_table_mode_numbers_go_through_the_same_parser(terts) -> None:
    """`drop ３`, `fix １ …`, `ins ٢ …` at the table: the CLI's refusal, nothing recorded."""
    from terts_referee.table import run_table

    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "-t", "s")
    before = terts.game.read_bytes()
    lines = ["drop ３", "fix １ s 64 Аня Боря", "ins ٢ d Аня марьяж", "q"]
    terts.capsys.readouterr()
    run_table(str(terts.game), input=lines)
    err = terts.capsys.readouterr().err
    for word in ("'３'", "'１'", "'٢'"):
        assert f"{word} is not a number: expected ASCII digits 0-9" in err
    assert terts.game.read_bytes() == before


def test_no_command_reads_a_number_with_int(terts) -> None:
    """Every integer parameter of every command is AsciiInt: click's own INT or IntRange
    would take what Python's int() takes."""
    import typer.main
    from typer._click import types

    from terts_referee.cli.dispatch import full_app
    from terts_referee.cli.options import AsciiInt

    def walk(command, path):
        for param in command.params:
            kind = param.type
            assert not isinstance(kind, (types.IntParamType, types.FloatParamType)), (
                path,
                param.name,
            )
            if param.name in {"number", "replace", "before", "port", "points", "event"}:
                assert isinstance(kind, AsciiInt), (path, param.name)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(typer.main.get_command(full_app()), ["terts"])


def test_a_content_length_that_is_not_ascii_digits_gets_400(two_games) -> None:
    """HTTP's framing: a Content-Length that is not digits is a bad request (400), and the
    connection is closed (RFC 9112, 6.3); 411 is for a body with no length at all."""
    from tests.serve_helpers import raw_http, running

    _, served = two_games
    before = served.read_bytes()
    with running(served) as server:
        port = server.server_address[1]
        for length in ("١٢", "+2", "1_0", "2.0"):  # (spaces around it are HTTP's own)
            answer = raw_http(
                server,
                f"POST /api/undo HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {length}\r\n"
                "Connection: close\r\n\r\n{}".encode(),
            )
            assert answer.startswith(b"HTTP/1.1 400"), (length, answer[:100])
            assert b"a Content-Length in digits" in answer
    assert served.read_bytes() == before
