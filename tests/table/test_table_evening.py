"""Table mode as a Russian and a Ukrainian evening meets it: the words of `?` that work (a
deal's mode as said: `сд 7ч взятки`), a note on a deal in the table's words, who deals next
between deals, and who took each trick in the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from terts_referee.cli import main
from terts_referee.game.requests import DealRequest, NoteRequest
from terts_referee.table import help_lines, parse_line, run_table


def _new(path: Path, capsys, *more: str) -> Path:
    assert main(["new", "Аня", "Боря", *more, "--game", str(path)]) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        pytest.param("ru", ("взятки", "быстро", "= tricks", "= quick"), id="ru"),
        pytest.param("uk", ("повзятково", "швидко", "= tricks", "= quick"), id="uk"),
    ],
)
def test_help_lists_the_words_of_a_deals_mode(lang, words):
    shown = "\n".join(help_lines(lang))
    for word in words:
        assert word in shown, word
    example = "сд 7ч взятки" if lang == "ru" else "рд 7ч повзятково"
    assert example in shown


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        pytest.param("сд 7ч взятки", DealRequest("7ч", None, False), id="сд 7ч взятки"),
        pytest.param("рд 7ч швидко", DealRequest("7ч", None, True), id="рд 7ч швидко"),
        pytest.param("зам пересдача: у Бори 8 карт", NoteRequest("пересдача: у Бори 8 карт")),
        pytest.param("прим суперечка --deal 2", NoteRequest("суперечка", 2), id="прим --deal"),
        pytest.param("note misdeal", NoteRequest("misdeal"), id="note"),
    ],
)
def test_the_words_said_are_read(line, expected):
    assert parse_line(line, "g.toml").request == expected


def test_a_russian_evening_at_the_table(tmp_path, capsys):
    game = _new(tmp_path / "g.toml", capsys, "--tricks")
    lines = ["сд 7ч", "в Тп 7п", "в 8п Кч", "зам спор о взятке", "l", "sh"]
    assert run_table(str(game), "ru", input=lines) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "взятка — Аня" in out and "взятка — Боря" in out  # the log: who took each trick
    assert "заметка к сдаче 1: спор о взятке" in out
    assert "1. спор о взятке" in out  # the sheet's notes


def test_between_deals_the_table_says_who_deals_next(tmp_path, capsys):
    game = _new(tmp_path / "g.toml", capsys)
    assert run_table(str(game), "uk", input=["рд 7ч", "s 54 Боря Аня"]) == 0
    out, _ = capsys.readouterr()
    assert "наступну роздає Боря" in out  # before the first deal
    assert "наступну роздає Аня" in out  # after it: the last trick's taker
