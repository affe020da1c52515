"""A warm answer (``kept.answered``): the walk that finds the files (``folders.game_files``), the
state it gives (``scan._state``), and the answer kept beside the index with its seal
(``kept.exact``, ``kept.keep``). Fast ways all three: each is checked here against
what it must still tell apart."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from terts_referee.library import scan as scan_module
from terts_referee.library.folders import game_files
from terts_referee.library.index import RACY_NS, index_state
from terts_referee.library.kept import _seal, exact, keep, kept_tally
from terts_referee.library.location import answers_path, cache_dir
from tests.library.games import game_of, put, scans_counted
from tests.library.test_synced_library import DAY, library

__all__ = ["library"]  # the fixture

OLD = DAY.timestamp()  # out of the racy window


def aged(*paths: Path) -> None:
    for path in paths:
        os.utime(path, (OLD, OLD))


def state(root: Path, current: Path | None = None) -> str | None:
    skipped: list[tuple[str, str]] = []
    files = game_files(root, skipped)
    return scan_module._state(root, files, skipped, current, time.time_ns())


# --- the walk ----------------------------------------------------------------------------------


def test_the_walk_finds_what_it_found_before_and_passes_over_the_rest(library):
    """Game files in folders (in name order, depth first), a folder named like a game file
    walked as a folder, a FIFO named like one named (never opened: its open would hang), other
    files and hidden ones passed over."""
    for name in ("b.toml", "a.toml", "2026/c.toml", "2026/sub/d.toml", "x.toml/e.toml"):
        put(library / name, game_of("Аня", "Боря", DAY))
    (library / "notes.txt").write_text("not a game")
    (library / ".hidden.toml").write_text("hidden")
    os.mkfifo(library / "pipe.toml")
    skipped: list[tuple[str, str]] = []
    found = game_files(library, skipped)
    # each folder's files in name order, then its folders, each in turn
    assert list(found) == ["a.toml", "b.toml", "2026/c.toml", "2026/sub/d.toml", "x.toml/e.toml"]
    assert all(stat.S_ISREG(st.st_mode) for st in found.values())
    assert found["a.toml"] == os.stat(library / "a.toml")
    assert [name for name, _ in skipped] == ["pipe.toml"]


def test_a_link_to_a_game_file_inside_is_followed(library):
    put(library / "2026" / "a.toml", game_of("Аня", "Боря", DAY))
    (library / "b.toml").symlink_to(library / "2026" / "a.toml")
    (library / "gone.toml").symlink_to(library / "nowhere.toml")
    skipped: list[tuple[str, str]] = []
    found = game_files(library, skipped)
    assert sorted(found) == ["2026/a.toml", "b.toml"]
    assert found["b.toml"] == os.stat(library / "2026" / "a.toml")  # the link followed
    assert [name for name, _ in skipped] == ["gone.toml"]


# --- the state ---------------------------------------------------------------------------------


def test_the_state_changes_with_any_file_and_holds_while_none_does(library):
    a = put(library / "a.toml", game_of("Аня", "Боря", DAY))
    b = put(library / "2026" / "b.toml", game_of("Вика", "Гена", DAY))
    aged(a, b)
    first = state(library)
    assert first is not None and state(library) == first
    seen = {first}

    def changed() -> None:
        now = state(library)
        assert now is not None and now not in seen
        seen.add(now)

    os.utime(a, (OLD + 1, OLD + 1))  # its time
    changed()
    a.write_bytes(a.read_bytes() + b"\n")  # its size (and time, put back)
    aged(a)
    changed()
    other = library / "other"
    other.write_bytes(a.read_bytes())  # the same bytes and time in another file (inode)
    aged(other)
    other.replace(a)
    changed()
    a.rename(library / "c.toml")  # its name
    changed()
    (library / "x.toml").mkdir()  # nothing found in it: the same files
    assert state(library) in seen


def test_a_file_changed_within_the_racy_window_gives_no_state(library):
    a = put(library / "a.toml", game_of("Аня", "Боря", DAY))
    aged(a)
    assert state(library) is not None
    soon = time.time() - RACY_NS / 1e9 / 2
    os.utime(a, (soon, soon))
    assert state(library) is None


def test_a_time_past_what_64_bits_hold_still_gives_a_state(library):
    """A file dated 2300 (its time in nanoseconds is past 2**63): the state is worked out
    another way, and still tells a change."""
    a = put(library / "a.toml", game_of("Аня", "Боря", DAY))
    b = put(library / "b.toml", game_of("Вика", "Гена", DAY))
    aged(a)
    far = datetime(2300, 1, 1).timestamp()
    os.utime(b, (far, far))
    if os.stat(b).st_mtime_ns < 2**63:
        pytest.skip("this file system does not keep a time past 2262")
    # In the future, hence in the racy window: the state of another clock's "now".
    files = game_files(library, [])
    now = os.stat(b).st_mtime_ns + 2 * RACY_NS
    first = scan_module._state(library, files, [], None, now)
    assert first is not None
    os.utime(a, (OLD + 1, OLD + 1))
    files = game_files(library, [])
    assert scan_module._state(library, files, [], None, now) not in (None, first)


# --- the answers kept --------------------------------------------------------------------------


def ready(library: Path) -> None:
    """A library and its cache folder, as a first scan leaves them."""
    library.mkdir()
    answers_path(library).parent.mkdir(parents=True, exist_ok=True)


def kept(library: Path) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(answers_path(library))
    try:
        return db.execute("SELECT question, state, told, answer, seal FROM kept").fetchall()
    finally:
        db.close()


TOLD = {"skipped": [["x.toml", "why"]], "conflicts": []}


def test_an_answer_is_given_back_as_kept_and_only_over_its_state(library):
    ready(library)
    text = '{\n  "Аня": "♠ «x»"\n}'
    keep(library, "q", "s1", TOLD, None, text.encode())
    assert exact(library, "q", "s1") == (TOLD, text.encode())
    assert exact(library, "q", "s2") is None
    assert exact(library, "other", "s1") is None
    assert kept_tally(library, "q") is None  # kept without a tally
    [(question, state_, _, answer, seal)] = kept(library)
    assert (question, state_, answer) == ("q", "s1", text.encode())
    assert seal == _seal("q", "s1", json.dumps(TOLD), "", text.encode(), b"")


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE kept SET answer = CAST(replace(CAST(answer AS TEXT), 'Аня', 'Боя') AS BLOB)",
        "UPDATE kept SET answer = answer || X'20'",
        "UPDATE kept SET state = 's2'",  # the state no longer the one sealed
        "UPDATE kept SET told = '{}'",
        "UPDATE kept SET seal = 'b2b1d6c8a44cd70b3b7eaa1bb0d3e1f2'",
        "UPDATE kept SET answer = CAST(answer AS TEXT)",  # the bytes as text: not this module's
        "UPDATE kept SET answer = NULL",
        "UPDATE kept SET answer = 12",
    ],
)
def test_a_damaged_answer_is_not_given(library, damage):
    ready(library)
    keep(library, "q", "s1", TOLD, None, '{\n  "Аня": 1\n}'.encode())
    db = sqlite3.connect(answers_path(library))
    db.execute(damage)
    db.commit()
    db.close()
    assert exact(library, "q", "s2" if "state" in damage else "s1") is None


def test_a_damaged_answer_is_worked_out_again_through_the_command(terts, library, monkeypatch):
    game = put(library / "a.toml", game_of("Аня", "Боря", DAY))
    aged(game)
    fresh = terts("stats", "--json", game=False)
    assert kept(library)
    db = sqlite3.connect(answers_path(library))
    db.execute(
        "UPDATE kept SET answer = "
        "CAST(replace(CAST(answer AS TEXT), '\"games\": 1', '\"games\": 7') AS BLOB)"
    )
    db.commit()
    db.close()
    read = scans_counted(monkeypatch)
    again = terts("stats", "--json", game=False)
    assert read == [1] and (again.code, again.stdout) == (fresh.code, fresh.stdout)
    assert terts("stats", "--json", game=False).stdout == fresh.stdout and read == [1]


@pytest.mark.parametrize("folder", ["cache#1", "cache?x=1", "cache%20", "кэш"])
def test_answers_are_kept_in_a_cache_folder_of_any_name(library, tmp_path, monkeypatch, folder):
    """The answers are opened read-only through a ``file:`` URI: a ``#`` or ``?`` in the cache
    folder's name is part of the path, not a fragment or a query (which would have opened,
    and created, another file)."""
    monkeypatch.setenv("TERTS_CACHE", str(tmp_path / folder))
    ready(library)
    keep(library, "q", "s1", TOLD, None, b"text")
    assert answers_path(library).parent == cache_dir() == tmp_path / folder
    before = sorted(tmp_path.iterdir())
    assert exact(library, "q", "s1") == (TOLD, b"text")
    assert sorted(tmp_path.iterdir()) == before


def test_the_index_state_changes_when_the_index_does(library):
    put(library / "a.toml", game_of("Аня", "Боря", DAY))
    before = index_state(library)
    scan_module.scan_library(library)
    assert index_state(library) != before
