"""Files a command writes where the user says (`export --html`, `stats --html`, `rules new`):
never the game, never the library, never an existing file without --force. Every refusal is
one line naming the path and what would be accepted, and leaves every file as it was (bytes,
modification time and inode)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from terts_referee.domain.rules import bundled_dir
from terts_referee.library.location import index_path
from tests.helpers import assert_refused


def snapshot(*roots: Path) -> dict[str, tuple[bytes, int, int]]:
    """Every regular file under ``roots``: bytes, mtime and inode."""
    found = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and not path.is_symlink():
                st = path.stat()
                found[str(path)] = (path.read_bytes(), st.st_mtime_ns, st.st_ino)
    return found


@pytest.fixture
def table(terts, tmp_path):
    """A game in progress and a library holding one game."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "h")
    library = tmp_path / "library"
    library.mkdir()
    (library / "2026-01-01_2000_Аня_Боря.toml").write_bytes(terts.game.read_bytes())
    return tmp_path


# (command words, the example a refusal suggests); OUT is the output path
WRITERS = [
    (("export", "--html", "OUT"), "sheet.html"),
    (("stats", "--html", "OUT"), "season.html"),
    (("rules", "new", "OUT"), "house.toml"),
]


def run_writer(terts, words, out: Path, *more: str):
    argv = [str(out) if w == "OUT" else w for w in words]
    if words[0] == "export":
        return terts(*argv, *more)
    return terts(*argv, *more, game=False)


@pytest.mark.parametrize(("words", "example"), WRITERS, ids=lambda w: " ".join(w))
def test_the_game_file_is_never_an_output(terts, table, words, example):
    before = snapshot(table)
    for out in (terts.game, table / "terts-game.toml"):  # --game's, the default one
        if not out.exists():
            out.write_bytes(terts.game.read_bytes())
            before = snapshot(table)
        line = assert_refused(run_writer(terts, words, out, "--force"), str(out))
        game_named = words[0] == "export" or out.name == "terts-game.toml"
        reason = "is the game file" if game_named else "is a game file (Аня v Боря)"
        assert reason in line and f"such as {example}" in line
    assert snapshot(table) == before


@pytest.mark.parametrize(("words", "example"), WRITERS, ids=lambda w: " ".join(w))
def test_links_to_the_game_are_refused(terts, table, words, example):
    soft, hard = table / "soft.toml", table / "hard.toml"
    soft.symlink_to(terts.game.name)
    os.link(terts.game, hard)
    before = snapshot(table)
    for out in (soft, hard):
        line = assert_refused(run_writer(terts, words, out, "--force"), str(out))
        if words[0] == "export":  # the game it was given: named
            assert "is the game file" in line and str(terts.game) in line
        else:
            assert "is a game file (Аня v Боря)" in line
    assert snapshot(table) == before
    assert soft.is_symlink()


def test_the_game_file_of_terts_game_is_protected(terts, table, monkeypatch):
    other = table / "friday.toml"
    other.write_bytes(terts.game.read_bytes())
    monkeypatch.setenv("TERTS_GAME", str(other))
    before = snapshot(table)
    line = assert_refused(terts("stats", "--html", str(other), "--force", game=False))
    assert "is the game file" in line
    assert snapshot(table) == before


@pytest.mark.parametrize(("words", "example"), WRITERS, ids=lambda w: " ".join(w))
def test_the_lock_and_temp_files_of_the_game_are_refused(terts, table, words, example):
    lock = table / f".{terts.game.name}.lock"
    assert lock.exists()
    before = snapshot(table)
    for out in (lock, table / f".{terts.game.name}.abcdefgh.tmp"):
        line = assert_refused(run_writer(terts, words, out, "--force"), str(out))
        assert "belongs to" in line and "its lock or a temp file of a save" in line
    assert snapshot(table) == before


@pytest.mark.parametrize(("words", "example"), WRITERS, ids=lambda w: " ".join(w))
def test_nothing_is_written_into_the_library(terts, table, words, example):
    library = table / "library"
    assert terts("history", game=False).code == 0  # the index exists, in the cache
    index = index_path(library)
    assert index.exists()
    game = library / "2026-01-01_2000_Аня_Боря.toml"
    before = snapshot(table, index.parent)
    for out in (game, library / "new.toml", library / "page.html", library / "a" / "b.html"):
        line = assert_refused(run_writer(terts, words, out, "--force"), str(out))
        assert "is in the library" in line and f"such as {example}" in line
    line = assert_refused(run_writer(terts, words, index, "--force"), str(index))
    assert "is the index of the library" in line and f"such as {example}" in line
    assert snapshot(table, index.parent) == before


@pytest.mark.parametrize(("words", "example"), WRITERS, ids=lambda w: " ".join(w))
def test_a_link_to_a_library_file_is_refused(terts, table, words, example):
    game = table / "library" / "2026-01-01_2000_Аня_Боря.toml"
    hard, soft = table / "hard.toml", table / "soft.toml"
    os.link(game, hard)
    soft.symlink_to(game)
    before = snapshot(table)
    line = assert_refused(run_writer(terts, words, hard, "--force"), str(hard))
    assert "is the library's file" in line and str(game) in line
    line = assert_refused(run_writer(terts, words, soft, "--force"), str(soft))
    assert "is in the library" in line
    assert snapshot(table) == before


@pytest.mark.parametrize(("words", "example"), WRITERS, ids=lambda w: " ".join(w))
def test_an_existing_file_needs_force(terts, table, words, example):
    out = table / "mine.toml"
    out.write_text("keep me\n", encoding="utf-8")
    os.chmod(out, 0o640)
    before = snapshot(table)
    line = assert_refused(run_writer(terts, words, out), str(out))
    assert "already exists: add --force to replace it" in line and example in line
    assert snapshot(table) == before
    r = run_writer(terts, words, out, "--force")
    assert r.code == 0, r.stderr
    assert out.read_text(encoding="utf-8") != "keep me\n"
    assert out.stat().st_mode & 0o777 == 0o640  # the file keeps its permission bits
    leftovers = [p.name for p in table.iterdir() if p.name.startswith(".mine.toml.")]
    assert leftovers == []


def test_force_never_replaces_a_read_only_file(terts, table):
    out = table / "sheet.html"
    out.write_text("old\n", encoding="utf-8")
    os.chmod(out, 0o444)
    before = snapshot(table)
    line = assert_refused(terts("export", "--html", str(out), "--force"), str(out))
    assert "is read-only and is not replaced" in line
    assert snapshot(table) == before


def test_a_hard_linked_output_is_replaced_under_its_name_only(terts, table):
    """--force on a file with another name elsewhere: that other name keeps the old bytes."""
    out, twin = table / "sheet.html", table / "twin.html"
    out.write_text("old\n", encoding="utf-8")
    os.link(out, twin)
    assert terts("export", "--html", str(out), "--force").code == 0
    assert twin.read_text(encoding="utf-8") == "old\n"
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_a_bundled_ruleset_is_never_written(terts, table):
    target = bundled_dir() / "classic.toml"
    before = target.read_bytes(), target.stat().st_mtime_ns
    line = assert_refused(terts("rules", "new", str(target), "--force", game=False))
    assert "rulesets that come with the program" in line and "house.toml" in line
    assert (target.read_bytes(), target.stat().st_mtime_ns) == before


def test_refused_before_the_work(terts, table, monkeypatch):
    """The output is checked before the library is read or the page made."""
    import terts_referee.library.scan as library

    def boom(*args, **kwargs):  # pragma: no cover - must not run
        raise AssertionError("the library was read")

    monkeypatch.setattr(library, "scan_library", boom)
    line = assert_refused(terts("stats", "--html", str(terts.game), game=False))
    assert "is a game file" in line


def test_refusals_in_russian(terts, table):
    r = terts("--lang", "ru", "export", "--html", str(terts.game))
    assert_refused(r, "это файл партии", "например sheet.html")
    page = table / "p.html"
    page.write_text("x", encoding="utf-8")
    assert_refused(terts("--lang", "ru", "export", "--html", str(page)), "уже есть: --force")


def test_a_new_page_is_written_without_force(terts, table):
    out = table / "new.html"
    r = terts.ok("export", "--html", str(out))
    assert r.stdout == f"wrote {out}\n"
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
