"""The library whatever its files, through the API: a damaged or locked index, file names that
are not UTF-8, a file of a gigabyte, names too long for a file system, a move into the library
cut off by a kill, and bad library paths. A scan always answers, and ``history`` and ``stats``
over it (what the index did is a note of the scan, said once), a bad library is refused as a
verdict, and no game file ever changes. What the commands print of these (one line for a bad
--library, a bad date refused before the scan, an odd name escaped) is in
tests/cli/test_library_cli.py."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terts_referee import files
from terts_referee.api import (
    Filters,
    GameFile,
    GameFileError,
    archive_game,
    archive_name,
    check_library,
    history,
    index_path,
    library_dir,
    scan_library,
    set_aside,
    stats,
)
from terts_referee.game.storage import write_game
from tests.library.games import game_of as finished_game  # a quick game the first wins

REPO = Path(__file__).resolve().parents[2]
PAIRS = [("Аня", "Боря"), ("Вася", "Петя"), ("Аня", "Вася"), ("Зоя", "Гоша")]
OLD = datetime(2025, 3, 1, 12, 0).timestamp()  # the files' time: long before any scan


def fill(library: Path, count: int = 8) -> None:
    library.mkdir(parents=True, exist_ok=True)
    day = datetime(2026, 1, 5, 20, 0).astimezone()
    for i in range(count):
        a, b = PAIRS[i % len(PAIRS)]
        started = day + timedelta(days=i)
        path = library / archive_name((a, b), started)
        write_game(path, finished_game(a, b, started).to_doc())
        os.utime(path, (OLD, OLD))


def games_of(library: Path) -> dict[str, tuple[bytes, int, int]]:
    return {
        p.name: (p.read_bytes(), p.stat().st_mtime_ns, p.stat().st_ino)
        for p in library.iterdir()
        if p.suffix == ".toml"
    }


@pytest.fixture
def library(tmp_path):
    where = tmp_path / "library"
    fill(where)
    return where


def answers(library: Path) -> tuple[list[Any], list[str]]:
    """A ``history`` and a ``stats`` over ``library``, each after a scan of its own (as two
    commands read it): (what each answers with the names of the files its scan skipped, what
    both scans had to say: the index's notes and the reasons files were skipped)."""
    out: list[Any] = []
    said: list[str] = []
    for work in (history, stats):
        scan = scan_library(library)
        out.append((work(scan.games, Filters()), [name for name, _ in scan.skipped]))
        said += [*scan.notes, *(reason for _, reason in scan.skipped)]
    return out, said


def sql(library: Path, *statements: str) -> None:
    db = sqlite3.connect(index_path(library), isolation_level=None)
    for statement in statements:
        db.execute(statement)
    db.close()


# --- a damaged index -------------------------------------------------------------------------

DAMAGE = {
    "summary not JSON": [
        "UPDATE games SET summary = 'not json' WHERE rowid IN (SELECT min(rowid) FROM games)"
    ],
    "summary a list": ["UPDATE games SET summary = '[1, 2]'"],
    "summary without a key": ["UPDATE games SET summary = json_remove(summary, '$.figures')"],
    "summary of other players": [
        "UPDATE games SET summary = json_set(summary, '$.players', json_array('X', 'Y'))"
    ],
    "winner not a player": ["UPDATE games SET summary = json_set(summary, '$.winner', 'Z')"],
    "a count of the wrong type": [
        "UPDATE games SET summary = json_set(summary, '$.deals', 'many')"
    ],
    "figures of the wrong shape": [
        "UPDATE games SET summary = json_set(summary, '$.figures', json_object('a', 1))"
    ],
    "a bad start time": ["UPDATE games SET summary = json_set(summary, '$.started', 'soon')"],
    "summary and error both": ["UPDATE games SET error = 'x'"],
    "sizes as text": ["UPDATE games SET size = 'big', mtime_ns = 'then'"],
    "names as numbers": ["UPDATE games SET file = rowid"],
    "a NULL hash": ["UPDATE games SET hash = NULL, checked_ns = NULL"],
    "another column": ["ALTER TABLE games ADD COLUMN extra TEXT"],
    "a column gone": ["DROP INDEX games_skipped", "ALTER TABLE games DROP COLUMN error"],
    "other tables": ["DROP TABLE games", "CREATE TABLE games (file, size)"],
    "no meta": ["DROP TABLE meta"],
    "a foreign meta": ["DROP TABLE meta", "CREATE TABLE meta (a, b, c)"],
    "a view": ["DROP TABLE games", "CREATE VIEW games AS SELECT 1 AS file"],
}


@pytest.mark.parametrize("damage", list(DAMAGE), ids=list(DAMAGE))
def test_a_damaged_index_is_rebuilt_and_said_once(library, damage):
    expected, quiet = answers(library)
    assert quiet == [] and len(expected[0][0]) == 8 and expected[1][0]["games"] == 8
    before = games_of(library)
    sql(library, *DAMAGE[damage])
    got, said = answers(library)
    assert got == expected
    assert len(said) == 1, said
    assert said[0].startswith("the library's index ") and str(index_path(library)) in said[0]
    assert "rebuilt from the game files" in said[0] or "read again from the game" in said[0]
    assert answers(library) == (expected, [])  # repaired: nothing more to say
    assert games_of(library) == before


def test_an_index_that_is_not_a_database(library):
    expected, _ = answers(library)
    (index_path(library)).write_bytes(b"\x00garbage" * 1000)
    got, said = answers(library)
    assert got == expected
    assert said == [
        f"the library's index {index_path(library)} was damaged (not a database): rebuilt "
        "from the game files, nothing is lost"
    ]


def test_an_index_of_an_older_version_is_rebuilt_quietly(library):
    expected, _ = answers(library)
    sql(library, "UPDATE meta SET value = '1.1'")
    assert answers(library) == (expected, [])


COLUMNS = ("file", "size", "mtime_ns", "hash", "checked_ns", "summary", "error")
VALUES = st.one_of(
    st.none(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.binary(max_size=30),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=8,
    ).map(json.dumps),
)
SUMMARY_PATHS = st.sampled_from(
    "$.players $.players[0] $.winner $.totals $.figures $.deals $.minutes $.started $.finished "
    "$.figures.Аня $.figures.Аня.declarations $.rules".split()
)
#: The sound index's bytes and what history and stats answer over it: the first example's, which
#: every later example of the random damages starts from.
_PRISTINE: dict[str, tuple[bytes, list[Any]]] = {}

DAMAGES = st.lists(
    st.one_of(
        st.tuples(st.just("cell"), st.integers(1, 8), st.sampled_from(COLUMNS), VALUES),
        st.tuples(st.just("json"), st.integers(1, 8), SUMMARY_PATHS, VALUES),
        st.tuples(st.just("drop row"), st.integers(1, 8)),
        st.tuples(st.just("alter"), st.sampled_from(COLUMNS), st.sampled_from(["drop", "add"])),
    ),
    min_size=1,
    max_size=4,
)


def _damage(db, step) -> None:
    kind = step[0]
    if kind == "cell":
        _, row, column, value = step
        db.execute(f"UPDATE games SET {column} = ? WHERE rowid = ?", (value, row))
    elif kind == "json":
        _, row, path, value = step
        db.execute(
            "UPDATE games SET summary = json_set(summary, ?, json(?)) WHERE rowid = ?",
            (path, value if isinstance(value, str) else json.dumps(None), row),
        )
    elif kind == "drop row":
        db.execute("DELETE FROM games WHERE rowid = ?", (step[1],))
    else:
        _, column, how = step
        if how == "drop":  # with the indexes on it: SQLite drops no column an index reads
            for (index,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games' "
                "AND sql IS NOT NULL"
            ).fetchall():
                db.execute(f"DROP INDEX {index}")
            db.execute(f"ALTER TABLE games DROP COLUMN {column}")
        else:
            db.execute(f"ALTER TABLE games ADD COLUMN {column}_x")


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(damages=DAMAGES)
def test_random_damage_to_index_rows_and_columns(library, damages):
    """Whatever is done to the index's rows and columns, ``history`` and ``stats`` answer as
    over a sound index, and at most one scan says that it rebuilt."""
    index = index_path(library)
    if "index" not in _PRISTINE:  # the first example's: the sound index and its answers
        expected = answers(library)[0]
        _PRISTINE["index"] = (index.read_bytes(), expected)
    pristine, expected = _PRISTINE["index"]
    for suffix in ("-wal", "-shm"):
        Path(str(index) + suffix).unlink(missing_ok=True)
    index.write_bytes(pristine)
    db = sqlite3.connect(index, isolation_level=None)
    for step in damages:
        try:
            _damage(db, step)
        except sqlite3.Error:
            pass  # a damage SQLite itself refuses (a malformed JSON path, the last column)
    db.close()
    got, said = answers(library)
    assert got == expected  # the same figures: every changed row is read again (its seal)
    assert all("the library's index" in line for line in said) and len(said) <= 1


# --- file names, sizes and reading --------------------------------------------------------


def test_a_file_name_that_is_not_utf8_still_counts(library):
    odd = os.fsdecode(b"\xff\xfe.toml")
    another = finished_game("Аня", "Боря", datetime(2026, 3, 1, 20, 0).astimezone())
    write_game(library / odd, another.to_doc())
    broken = os.fsdecode(b"\xfebroken.toml")
    (library / broken).write_text("format = 2\nplayers = [\n", encoding="utf-8")
    reasons = []
    for _ in range(2):  # built, then read from the index
        ((games, skipped), (figures, _)), said = answers(library)
        assert figures["games"] == 9
        assert str(library / odd) in [game["file"] for game in games]
        assert skipped == [broken]
        # the damaged one, in each scan's reasons, its name escaped (\\xfe) as the index keeps it
        assert len(said) == 2 and all("\\xfebroken.toml is corrupt (" in r for r in said)
        reasons.append(said)
    assert reasons[0] == reasons[1]  # said alike, built or from the index


def _reads_seen(monkeypatch: pytest.MonkeyPatch) -> list[str | os.PathLike[str]]:
    """The paths ``files.read_regular`` is asked for from now on (it still reads them)."""
    read: list[str | os.PathLike[str]] = []
    real = files.read_regular

    def read_regular(path: str | os.PathLike[str], limit: int = files.MAX_FILE_BYTES) -> bytes:
        read.append(path)
        return real(path, limit)

    monkeypatch.setattr(files, "read_regular", read_regular)
    return read


def test_a_huge_file_is_skipped_without_being_read(library, monkeypatch):
    huge = library / "huge.toml"
    with open(huge, "wb") as out:
        out.truncate(1 << 30)  # a sparse gigabyte
    read = _reads_seen(monkeypatch)
    start = time.monotonic()
    ((_, skipped), (figures, _)), said = answers(library)
    assert time.monotonic() - start < 10
    assert figures["games"] == 8 and skipped == ["huge.toml"]
    assert said == ["larger than 4 MiB, more than any game: not read"] * 2
    assert all(Path(p).name != "huge.toml" for p in read)


def test_only_changed_files_are_read(library, monkeypatch):
    answers(library)  # the index is built
    read = _reads_seen(monkeypatch)
    answers(library)
    assert read == []  # current: not one file opened
    one = sorted(library.glob("*.toml"))[0]
    os.utime(one, None)  # touched, not changed: read and hashed, not replayed
    assert scan_library(library).rebuilt == 0
    assert [Path(p).name for p in read] == [one.name]


def test_a_same_size_change_in_the_same_tick_is_seen(library):
    """A file changed within the clock tick of its indexing keeps its size and time; such a
    row is not trusted, the bytes are hashed again."""
    one = sorted(library.glob("*.toml"))[0]
    os.utime(one, None)  # just now
    scan_library(library)
    st = one.stat()
    data = one.read_bytes()
    one.write_bytes(data.replace(b"150", b"140", 1))  # same size, another count
    os.utime(one, ns=(st.st_atime_ns, st.st_mtime_ns))
    scan = scan_library(library)
    assert scan.rebuilt == 1


# --- archive moves ----------------------------------------------------------------------


def _finish_a_game(tmp_path: Path) -> Path:
    path = tmp_path / "game.toml"
    write_game(
        path, finished_game("Аня", "Боря", datetime(2026, 2, 2, 20, 0).astimezone()).to_doc()
    )
    os.chmod(path, 0o640)
    return path


def _killed(action: str, step: str, game: Path, library: Path) -> None:
    """Run ``action`` (``archive``: ``archive_game``; ``new``: ``GameFile.create`` setting the
    game aside first, as ``terts new`` does) in a child that SIGKILLs itself at ``step`` of the
    move: the seam ``_remove_source`` (the link into the library is made, the game file not yet
    removed), ``storage.create_game`` (the game is in the library, the new one not yet written
    over the file, which is never removed) or ``os.link`` (the temp file is written, not yet
    linked)."""
    if step == "before unlink":
        patch = "L._remove_source = lambda path: os.kill(os.getpid(), signal.SIGKILL)"
    elif step == "before the new game":
        patch = (
            "import terts_referee.game.storage as S\n"
            "S.create_game = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)"
        )
    else:
        patch = "os.link = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)"
    code = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "import terts_referee.library.archive as L\n"
        f"{patch}\n"
        "from terts_referee.api import GameFile, archive_game, set_aside\n"
        "game, library = Path(sys.argv[2]), Path(sys.argv[3])\n"
        f"{CHILD_ACTIONS[action]}\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "TERTS_LANG": "en"}
    proc = subprocess.run(
        [sys.executable, "-c", code, action, str(game), str(library)],
        cwd=game.parent,
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr


def _new_game(game: Path, library: Path) -> Path | None:
    """``terts new Аня Боря``: the game the file holds set aside, a new one written over it;
    where the game went."""
    moved: list[Path | None] = []

    def aside(path: Path) -> Path | None:
        moved.append(set_aside(path, str(library), False))
        return moved[-1]

    GameFile.create(game, ("Аня", "Боря"), set_aside=aside)
    return moved[0]


#: What the killed child does, as ``ACTIONS`` below do it.
CHILD_ACTIONS = {
    "archive": "archive_game(game, library)",
    "new": "GameFile.create(game, ('Аня', 'Боря'), "
    "set_aside=lambda p: set_aside(p, str(library), False))",
}
#: The same, run again in this process to finish the move.
ACTIONS: dict[str, Callable[[Path, Path], Path | None]] = {
    "archive": archive_game,
    "new": _new_game,
}


@pytest.mark.parametrize(
    ("action", "step"), [("archive", "before unlink"), ("new", "before the new game")]
)
def test_a_move_killed_between_link_and_unlink_is_finished_not_copied(tmp_path, action, step):
    game = _finish_a_game(tmp_path)
    data = game.read_bytes()
    library = tmp_path / "library"
    _killed(action, step, game, library)
    (copy,) = library.glob("*.toml")
    assert game.read_bytes() == data == copy.read_bytes()  # in both places: the window
    assert ACTIONS[action](game, library) == copy  # the move finished, into the same file
    assert list(library.glob("*.toml")) == [copy]  # no _2
    assert copy.read_bytes() == data and copy.stat().st_mode & 0o777 == 0o640
    if action == "archive":
        assert not game.exists()
    else:  # the new game in its place
        assert game.read_bytes() != data and b"[[events]]" not in game.read_bytes()
    assert stats(scan_library(library).games, Filters())["games"] == 1


def test_a_move_killed_before_the_link_leaves_the_game_and_its_temp_is_removed(tmp_path):
    game = _finish_a_game(tmp_path)
    data = game.read_bytes()
    library = tmp_path / "library"
    _killed("archive", "before link", game, library)
    (stray,) = [p for p in library.iterdir() if p.name.startswith(".archive.")]
    assert list(library.glob("*.toml")) == [] and game.read_bytes() == data
    moved = archive_game(game, library)
    assert list(library.glob("*.toml")) == [moved]
    assert moved.read_bytes() == data and not game.exists() and not stray.exists()


def test_stray_temp_files_are_left_by_a_scan_and_removed_by_the_next_archive(library):
    stray = library / ".archive.abcd1234.tmp"
    stray.write_bytes(b"half a game")
    keep = library / ".archive.notmine.txt"
    keep.write_bytes(b"x")
    scan = scan_library(library)  # reading writes nothing in the library, removes nothing
    assert stray.exists() and keep.exists() and len(scan.games) == 8 and scan.skipped == []
    archive_game(_finish_a_game(library.parent), library)
    assert not stray.exists() and keep.exists()


def test_the_archived_file_keeps_its_mode(tmp_path):
    game = _finish_a_game(tmp_path)
    os.chmod(game, 0o644)
    moved = archive_game(game, library_dir(None))  # $TERTS_LIBRARY: tmp_path / "library"
    assert moved.parent == tmp_path / "library"
    assert moved.stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("name", ["我" * 40, "😀" * 30, "é" * 40])
def test_long_names_are_cut_by_bytes_in_the_library(tmp_path, name):
    other = name[:-1] + "ы"
    game, library = tmp_path / "game.toml", tmp_path / "library"
    GameFile.create(game, (name, other))
    # unfinished: set aside, marked so
    GameFile.create(game, (name, other), force=True, set_aside=lambda p: set_aside(p, None, True))
    won = finished_game(name, other, datetime(2026, 2, 2, 20, 0).astimezone())
    write_game(game, won.to_doc())
    archive_game(game, library)
    moved = sorted(p.name for p in library.glob("*.toml"))
    assert len(moved) == 2 and sum(m.endswith("_unfinished.toml") for m in moved) == 1
    assert all(len(os.fsencode(m)) <= 167 for m in moved)  # 15 + 2 * 61 + 9 + 11 + 5 + 5
    assert stats(scan_library(library).games, Filters())["games"] == 1


# --- bad library paths ------------------------------------------------------------------

BAD_LIBRARIES = {
    "a regular file": (lambda tmp: tmp / "notes.txt", "library.not_directory"),
    "a name too long": (lambda tmp: tmp / ("x" * 300), "library.bad_path"),
    "a file as a parent": (lambda tmp: tmp / "notes.txt" / "games", "library.bad_path"),
}


@pytest.mark.parametrize("case", list(BAD_LIBRARIES))
def test_a_bad_library_path_is_refused_and_changes_nothing(tmp_path, case):
    """A library path that cannot be one is a GameFileError with its verdict, whether it is
    read or a game is moved there; the game file stays as it was."""
    notes = tmp_path / "notes.txt"
    notes.write_text("not a library\n", encoding="utf-8")
    make, code = BAD_LIBRARIES[case]
    game = _finish_a_game(tmp_path)
    before = game.read_bytes()
    for use in (check_library, scan_library, lambda bad: archive_game(game, bad)):
        with pytest.raises(GameFileError) as refused:
            use(make(tmp_path))
        assert refused.value.verdict.code == code
    assert game.read_bytes() == before
    assert notes.read_text(encoding="utf-8") == "not a library\n"


# --- a locked index -----------------------------------------------------------------------


def test_readers_do_not_wait_on_a_writer(library):
    expected, _ = answers(library)
    holder = sqlite3.connect(index_path(library), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program writing, and not finishing
    try:
        start = time.monotonic()
        assert answers(library) == (expected, [])  # nothing to write: the last committed state
        one = sorted(library.glob("*.toml"))[0]
        os.utime(one, None)
        got, said = answers(library)
        assert got == expected
        assert said[0].endswith("is not kept in the index this time") and len(said) == 2
        holder.execute("ROLLBACK")
        holder.execute("PRAGMA journal_mode = DELETE")
        holder.execute("BEGIN EXCLUSIVE")  # not even readers may read
        got, said = answers(library)
        assert got == expected
        assert (
            said
            == [
                f"the library's index {index_path(library)} is locked by another program: the "
                "game files were read instead this time"
            ]
            * 2
        )
        assert time.monotonic() - start < 10  # six scans; the busy timeout was 30 s
    finally:
        holder.close()
    assert answers(library) == (expected, [])
