"""A declaration typed as said at the table, unquoted, on the terminal and in table mode (README
"Languages"): `terts declare Оля сто королів`, `об Аня сто королей`; each in the language it
was found in."""

from __future__ import annotations

import pytest

from terts_referee.table import run_table


def _declared(terts) -> list[str]:
    return [c for e in terts.ok("log", "--json").json()["events"] for c in e.get("combos", [])]


@pytest.mark.parametrize(
    ("lang", "words", "combo"),
    [
        pytest.param("uk", ("сто", "королів"), "4K", id="uk: terts declare Оля сто королів"),
        pytest.param("ru", ("сто", "королей"), "4K", id="ru: сто королей [004]"),
        pytest.param("ru", ("Терц", "от", "Дамы", "червей"), "terts:Q♥", id="ru: [000]"),
        pytest.param("uk", ("терц", "від", "Дами", "чирви"), "terts:Q♥", id="uk: терц від Дами"),
        pytest.param("ru", ("четыре", "валета"), "4J", id="ru: четыре валета [001]"),
    ],
)
def test_declare_reads_the_words_unquoted(terts, lang, words, combo):
    terts.ok("new", "Оля", "Петро")
    terts.ok("deal", "--trump", "7ч")
    out = terts.ok("--lang", lang, "declare", "Оля", *words).stdout
    assert _declared(terts) == [combo], out


def test_challenge_reads_the_words_unquoted_in_ukrainian(terts):
    terts.ok("new", "Оля", "Петро")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Оля", "терц:Дп")
    terts.ok("--lang", "uk", "challenge", "Петро", "пʼятдесят", "від", "Туза", "чирви")
    events = terts.ok("log", "--json").json()["events"]
    assert events[-1]["combo"] == "50:A♥"


def test_a_run_said_without_its_suit_is_refused_in_ukrainian_with_a_cyrillic_example(terts):
    terts.ok("new", "Оля", "Петро")
    terts.ok("deal", "--trump", "7ч")
    line = terts.refused("--lang", "uk", "declare", "Оля", "сто").stderr
    assert line == "terts: помилка: 'сто': назвіть і старшу карту, наприклад 105:Д♥\n"
    line = terts.refused("--lang", "uk", "declare", "Оля", "сто", "шість", "від", "дами").stderr
    assert "назвіть і масть, наприклад 106:Д♥" in line


def test_several_declarations_unquoted_under_multi(terts):
    terts.ok("new", "Оля", "Петро", "--rules", "multi")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("--lang", "ru", "declare", "Оля", "сто", "королей", "терц", "от", "Дамы", "червей")
    assert _declared(terts) == ["4K", "terts:Q♥"]


def test_table_mode_reads_the_words_unquoted_in_russian(terts, capsys):
    terts.ok("new", "Аня", "Боря")
    lines = ["n 7ч", "об Аня сто королей", "нг Боря двести валетов"]
    assert run_table(str(terts.game), "ru", input=lines) == 0
    out = capsys.readouterr().out
    events = terts.ok("log", "--json").json()["events"]
    assert [e.get("combos") or e.get("combo") for e in events[1:]] == [["4K"], "4J"], out


def test_table_mode_writes_a_tricks_cards_as_the_declarations_are_in_ukrainian(terts, capsys):
    """«взятка К♠ 7♠», not «K♠ 7♠»: the ranks in the letters the declarations use (К, Т, Д, В)."""
    import re

    terts.ok("new", "Оля", "Петро", "--tricks")
    assert run_table(str(terts.game), "uk", input=["n 7ч", "t Кп 7п", "t Тч Дч", "l"]) == 0
    out = capsys.readouterr().out
    assert "взятка К♠ 7♠" in out and "взятка Т♥ Д♥" in out, out
    assert not re.search(r"(?<![\w:])[AKQJ][♠♣♦♥]", out), out
