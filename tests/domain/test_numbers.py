"""Numbers typed by users are ASCII digits only: int() would take more."""

from __future__ import annotations

import pytest

from terts_referee.domain.numbers import parse_int
from terts_referee.errors import NotationError


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
    with pytest.raises(NotationError, match="ASCII digits 0-9"):
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
