"""``terts check when`` on the command line: its JSON, its words in the player's language, its
help and its refusals of bad input (exit 2, one line). The answers themselves (each moment of
§4.3 through ``when_verdict``) are tested in tests/referee/test_check_when.py."""

from __future__ import annotations

import pytest


def test_check_when_json(terts):
    r = terts("check", "when", "50:K♠", "--trick", "8", "--follower", "--trump", "h", "--json")
    assert r.code == 0, r.stderr
    data = r.json()
    assert data["allowed"] is False and data["refused"] is True and data["code"] == "not-leader"
    assert data["rule"] == "§4.3" and data["key"] == 'declarations.when = "lead"'
    assert data["reason"] and data["source"] == "[000][002]" and data["rules"] == "classic"
    assert data["declaration"]["kind"] == "sequence" and data["trick"] == 8
    assert data["leader"] is False
    r = terts(
        "check",
        "when",
        "50:K♠",
        "--trick",
        "8",
        "--follower",
        "--trump",
        "h",
        "--rules",
        "book",
        "--json",
    )
    assert r.json()["allowed"] is True


def test_check_when_in_russian(terts):
    r = terts("--lang", "ru", "check", "when", "4Q", "--trick", "1", "--trump", "h")
    assert r.code == 0, r.stderr
    assert "нет: сто дам (4Д) нельзя объявить перед взяткой 1" in r.stdout
    # the source's own rule in the output's words, the section's sign once («§4.3», not «§§»)
    assert "фигуры до ломки колоды" in r.stdout and "(§4.3 [000] правило 1;" in r.stdout
    assert "rule 1" not in r.stdout and "§§" not in r.stdout


@pytest.mark.parametrize(
    ("lang", "late", "priced"),
    [
        pytest.param("ru", "очков не даст", "запишется, но со штрафом", id="ru"),
        pytest.param("uk", "очок не дасть", "запишеться, але зі штрафом", id="uk"),
    ],
)
def test_check_when_a_late_declaration_uses_one_verb_in_one_sense(terts, lang, late, priced):
    """«запишется, но со штрафом» (it is recorded) then «не запишется» (it scores nothing) two
    lines apart read as a contradiction: the second says it scores nothing."""
    args = ("--lang", lang, "check", "when", "терц:Дч", "--trick", "12", "--trump", "h")
    out = terts.ok(*args).stdout
    assert priced in out and late in out, out
    assert "§§" not in out and "(§4.3, §6 [000][002];" in out


def test_check_when_help_has_an_example(terts):
    r = terts("check", "when", "--help")
    assert r.code == 0 and "Example: terts check when" in r.stdout


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        pytest.param(["--trick", "0"], ["0"], id="trick 0"),
        pytest.param(["--trick", "17"], ["16 tricks", "1-16"], id="trick 17"),
        pytest.param(
            ["--trick", "3", "--hand", "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ A♥ K♥"],
            ["9"],
            id="a hand of 10 cards",
        ),
        pytest.param(["--trick", "3", "--declared", "quint:Q♥"], ["quint"], id="a bad COMBO"),
    ],
)
def test_check_when_refuses_bad_input(terts, args, fragments):
    from tests.helpers import assert_refused

    r = terts("check", "when", "50:K♠", "--trump", "h", *args)
    assert_refused(r, *fragments)
