"""`terts import SRC…` on the command line: each damaged file said on stderr (with --json too),
the counts on stdout, in English and Russian; a bad source or library refused in one line before
anything is copied. What the import does is tested through the API in
tests/library/test_import.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import assert_refused
from tests.library.test_import import usb

__all__ = ["usb"]  # the fixture, shared with the library's tests


def test_import_says_each_damaged_file_and_the_counts(terts, usb, tmp_path):
    library, broken = tmp_path / "library", usb / "2025" / "broken.toml"
    r = terts("import", str(usb), "--json", game=False)
    assert r.code == 0 and r.json()["imported"] == 3 and r.json()["library"] == str(library)
    assert r.stderr.splitlines() == [
        f"not imported {broken}, left as it is: game file {broken} is corrupt (not valid TOML: "
        "Invalid value (at end of document)): repair it or move it away"
    ]
    r = terts("import", str(usb), game=False)
    assert r.code == 0
    assert r.stdout.splitlines()[-1] == (
        f"0 games imported into {library}; already there: 4; damaged, left where they are: 1"
    )
    r = terts("--lang", "ru", "import", str(usb), "--library", str(tmp_path / "other"), game=False)
    assert r.code == 0
    assert r.stdout.splitlines()[-1].startswith("3 партии импортированы в библиотеку ")
    assert r.stderr.startswith(f"не импортирован файл {broken}, оставлен как есть: ")
    # a game command on the same file offers --game: there it names another file
    assert "or name another with --game" in terts("sheet", "--game", broken, game=False).stderr


@pytest.mark.parametrize(
    ("lang", "make", "fragment"),
    [
        ("en", lambda tmp: tmp / "nowhere", "there is no such file or folder"),
        ("en", lambda tmp: Path("/dev/null"), "it is a device, not a game file or a folder"),
        ("en", lambda tmp: tmp / ("x" * 300), "File name too long"),
        ("ru", lambda tmp: tmp / "nowhere", "такого файла или папки нет"),
    ],
    ids=["missing", "a device", "a name too long", "missing, in Russian"],
)
def test_a_bad_source_is_one_line(terts, usb, tmp_path, lang, make, fragment):
    r = terts("--lang", lang, "import", str(usb), str(make(tmp_path)), game=False)
    line = assert_refused(r, fragment)
    prefix = {"en": "terts: error: cannot import", "ru": "terts: ошибка: нельзя импортировать"}
    assert line.startswith(f"{prefix[lang]} {make(tmp_path)}")
    assert not (tmp_path / "library").exists()


def test_a_bad_library_is_one_line(terts, usb, tmp_path):
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    r = terts("import", str(usb), "--library", str(tmp_path / "notes.txt"), game=False)
    assert_refused(r, "is a regular file, not a directory", "--library")
