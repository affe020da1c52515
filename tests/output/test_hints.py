"""The hints: the next command to type, as a terminal command or in the table's short form, built
in one place; names with a space quoted in both.
"""

from __future__ import annotations

import pytest


def test_plain_hints_quote_names_with_spaces(terts):
    terts.ok("new", "Анна Мария", "Боря")
    terts.ok("deal", "--trump", "7ч")
    out = terts.ok("declare", "Боря", "терц:Тп").stdout
    assert "terts challenge 'Анна Мария' COMBO" in out, out


@pytest.mark.parametrize(
    ("command", "args", "options", "plain", "table"),
    [
        ("challenge", ("Анна Мария", "COMBO"), {}, "terts challenge 'Анна Мария' COMBO",
         "c 'Анна Мария' COMBO"),
        ("claim", ("Боря",), {"--tricks": "N", "--card-points": "N"},
         "terts claim Боря --tricks N --card-points N", "cl Боря N N"),
        ("score", ("POINTS",), {"--by": "P", "--last-trick": "P"},
         "terts score POINTS --by P --last-trick P", "s POINTS P P"),
        ("deal", (), {"--trump": "7♥", "--quick": True, "--replace": "1"},
         "terts deal --trump 7♥ --quick --replace 1", "n 7♥ quick --replace 1"),
        ("deal", (), {"--trump": "7♥", "--dealer": "Анна Мария"},
         "terts deal --trump 7♥ --dealer 'Анна Мария'", "n 7♥ 'Анна Мария'"),
        ("trump", ("SUIT",), {}, "terts trump SUIT", "tr SUIT"),
        ("score", ("POINTS",), {"--by": "O'Neil", "--last-trick": "Аня"},
         "terts score POINTS --by 'O'\\''Neil' --last-trick Аня", "s POINTS 'O'\\''Neil' Аня"),
    ],
)  # fmt: skip
def test_hints_plain_and_at_the_table(command, args, options, plain, table):
    """One place builds every hint: the plain command, or the table's short form; names with a
    space quoted in both."""
    from terts_referee.output.hints import at_the_table, hint

    assert hint(command, *args, options=dict(options)) == plain
    with at_the_table():
        assert hint(command, *args, options=dict(options)) == table
