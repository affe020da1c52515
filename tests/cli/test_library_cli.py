"""`terts history`, `stats`, `archive` and `new` over the library on the command line: refusals
in one line (a bad filter, a bad --library), and before the library is read where they need no
library; what they print when nothing is there or nothing matches; the tables at 80 columns;
the terminal chart; `--force` named as the way out; an odd file name shown escaped. What the
library does (what it indexes, moves, counts) is tested through the API in tests/library."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pytest

from terts_referee.api import archive_game
from terts_referee.game.storage import write_game
from tests.helpers import assert_refused
from tests.library.games import game_of
from tests.library.season import season, season_played, won_game

__all__ = ["season", "season_played"]  # the fixtures this module uses (tests/library/season.py)


def files_of(library: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in library.iterdir()}


REFUSALS = [
    # (lang, the command, the refusal's words, whether the library is read first)
    ("en", ("stats", "--player", "Гоша"), "no player 'Гоша' in the library", True),
    ("en", ("stats", "--player", "Ва", "--vs", "Зоя"), "no player 'Зоя'", True),
    ("ru", ("history", "--player", "Гоша"), "в библиотеке нет игрока с именем 'Гоша'", True),
    # refused before the library is read: no file named, nothing to wait for
    ("en", ("stats", "--vs", "Боря"), "--vs needs --player", False),
    (
        "en",
        ("stats", "--since", "yesterday"),
        "'yesterday' is not a date: expected YYYY-MM-DD",
        False,
    ),
    ("en", ("history", "--since", "bogus"), "'bogus' is not a date: expected YYYY-MM-DD", False),
    ("en", ("stats", "--until", "2026-13-01"), "is not a date", False),
    ("ru", ("stats", "--since", "вчера"), "'вчера' — не дата: ожидается ГГГГ-ММ-ДД", False),
]


@pytest.mark.parametrize(("lang", "argv", "fragment", "read"), REFUSALS)
def test_a_bad_filter_is_one_line(terts, season, monkeypatch, lang, argv, fragment, read):
    if not read:
        import terts_referee.library.scan as library_module

        def boom(*args, **kwargs):  # pragma: no cover - must not run
            raise AssertionError("the library was read")

        monkeypatch.setattr(library_module, "scan_library", boom)
    r = terts("--lang", lang, *argv, game=False)
    if read:  # the library's three bad files are named first, one line each
        lines = r.stderr.splitlines()
        assert r.code == 2 and r.stdout == "" and len(lines) == 4, r.stderr
        assert all(str(season) in line for line in lines[:3])
        r.stderr = lines[-1] + "\n"
    assert_refused(r, fragment)


BAD_LIBRARIES = {
    "a regular file": (lambda tmp: tmp / "notes.txt", "is a regular file, not a directory"),
    "a name too long": (lambda tmp: tmp / ("x" * 300), "File name too long"),
    "a file as a parent": (lambda tmp: tmp / "notes.txt" / "games", "Not a directory"),
}


@pytest.mark.parametrize("case", list(BAD_LIBRARIES))
@pytest.mark.parametrize(
    "command",
    [["history"], ["stats"], ["stats", "--html", "s.html"], ["archive"], ["new", "A", "B"]],
)
def test_a_bad_library_path_is_one_line(terts, tmp_path, case, command):
    (tmp_path / "notes.txt").write_text("not a library\n", encoding="utf-8")
    make, reason = BAD_LIBRARIES[case]
    if command[0] in ("archive", "new"):
        write_game(terts.game, game_of("A", "B", datetime(2026, 2, 2, 20, 0).astimezone()).to_doc())
    before = terts.game.read_bytes() if terts.game.exists() else None
    r = terts(*command, "--library", str(make(tmp_path)), game=command[0] in ("archive", "new"))
    line = assert_refused(r, reason)
    assert "--library" in line
    assert (terts.game.read_bytes() if terts.game.exists() else None) == before
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "not a library\n"
    assert not (tmp_path / "s.html").exists()


def test_nothing_there_and_nothing_matching_are_told_apart(terts, tmp_path):
    """A missing library is no games, said on stdout, and is not made; a user who filters
    every game out is told so, not that the library is empty; one game is counted in the
    singular."""
    r = terts("stats", "--json", "--library", str(tmp_path / "nowhere"), game=False)
    assert r.code == 0 and r.json()["games"] == 0 and r.stderr == ""
    assert not (tmp_path / "nowhere").exists()
    r = terts("history", game=False)
    assert r.code == 0 and "no games" in r.stdout
    archive_game(won_game(tmp_path / "won.toml", "Аня", "Боря").path, tmp_path / "library")
    r = terts("stats", game=False)
    assert r.code == 0 and "Players (1 game)" in r.stdout and "1 finished game," in r.stdout
    for command in ("history", "stats"):
        r = terts(command, "--until", "2000-01-01", game=False)
        assert r.code == 0
        assert "matches the options given (1 game in the library)" in r.stdout, r.stdout
        assert "no games in the library yet" not in r.stdout
    r = terts("stats", "--rules", "book", "--lang", "ru", game=False)
    assert "ни одна оконченная партия не подходит под заданные условия" in r.stdout


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_stats_tables_cut_nothing_at_80_columns(terts, season, monkeypatch, lang):
    """The terminal's `stats`: every header and name whole in an 80-column terminal."""
    monkeypatch.setenv("COLUMNS", "80")
    r = terts("--lang", lang, "stats", game=False)
    assert r.code == 0, r.stderr
    assert "…" not in r.stdout
    assert max(len(line) for line in r.stdout.splitlines()) <= 80


def test_the_chart_shows_names_as_typed_and_reading_writes_nothing(terts, tmp_path):
    library = tmp_path / "library"
    archive_game(won_game(tmp_path / "won.toml", "<b>Ann", "[red]Bob").path, library)
    before = files_of(library)
    r = terts("stats", "--chart", game=False)
    assert "[red]Bob" in r.stdout and "Wins by month" in r.stdout  # not read as markup
    for command in (("history",), ("history", "--json"), ("stats",), ("stats", "--json")):
        assert terts(*command, game=False).code == 0
    assert files_of(library) == before


def test_new_and_archive_name_force_as_the_way_out(terts, tmp_path):
    library = tmp_path / "library"
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "ч")
    r = terts.refused("new", "Аня", "Боря")
    # the way out is named, and it does not sound like losing the game ("start over")
    assert "--force moves it there first, nothing is deleted" in r.stderr
    assert not library.exists()
    assert "--force" in terts.refused("archive").stderr
    r = terts.ok("new", "Аня", "Боря", "--force")
    (moved,) = library.glob("*_unfinished.toml")
    assert f"to the library: {moved}" in r.stderr  # where the game went is said
    r = terts.ok("archive", "--force", "--json")
    (second,) = set(library.glob("*_unfinished.toml")) - {moved}
    assert r.json() == {"game": str(terts.game), "file": str(second)}


def test_a_file_name_that_is_not_utf8_is_shown_escaped(terts, tmp_path):
    library = tmp_path / "library"
    library.mkdir()
    odd = os.fsdecode(b"\xff\xfe.toml")
    write_game(
        library / odd, game_of("Аня", "Боря", datetime(2026, 3, 1, 20).astimezone()).to_doc()
    )
    broken = os.fsdecode(b"\xfebroken.toml")
    (library / broken).write_text("format = 2\nplayers = [\n", encoding="utf-8")
    for _ in range(2):  # built, then read from the index
        for command in ("history", "stats"):
            r = terts(command, "--json", game=False)
            assert r.code == 0 and r.json()["skipped"] == [broken]
            (line,) = r.stderr.splitlines()  # the damaged one, named in each command's line
            assert line.startswith(f"skipped {library}{os.sep}")
            assert "\\xfebroken.toml" in line and "\ufffd" not in line
    r = terts("history", game=False)
    assert r.code == 0 and "\\xff\\xfe.toml" not in r.stderr  # the odd one counts: not named
