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
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from terts_referee.library import scan as scan_module
from terts_referee.library.folders import game_files
from terts_referee.library.index import RACY_NS, index_state
from terts_referee.library.kept import exact as exact_view
from terts_referee.library.kept import keep, kept_tally
from terts_referee.library.location import answers_folder, answers_path, cache_dir
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


def test_the_walk_counts_each_folders_files_in_its_order(library):
    """``counts``: each folder that holds game files, in the walk's order, with how many; the
    folders' hashes taken from them are those of the files grouped by folder."""
    for name in ("b.toml", "a.toml", "2026/c.toml", "2026/sub/d.toml", "2026/sub/e.toml"):
        aged(put(library / name, game_of("Аня", "Боря", DAY)))
    (library / "empty").mkdir()
    (library / "2026" / "x.toml").symlink_to(library / "a.toml")  # the careful way, in order
    counts: list[tuple[str, int]] = []
    files = game_files(library, [], counts=counts)
    assert list(files)[2:4] == ["2026/c.toml", "2026/x.toml"]
    assert counts == [("", 2), ("2026", 2), ("2026/sub", 2)]
    now = time.time_ns()
    digests = scan_module.folder_digests(files, now, counts)
    assert digests == scan_module.folder_digests(files, now)
    assert digests["2026"][1] == ["2026/c.toml", "2026/x.toml"] and all(
        h for h, _ in digests.values()
    )
    os.utime(library / "2026/sub/d.toml", None)  # now: within the racy window
    again = scan_module.folder_digests(game_files(library, []), time.time_ns())
    assert again["2026/sub"][0] == "" and again[""] == digests[""]


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


def kept(library: Path) -> list[Path]:
    """The files of the answers kept over ``library``."""
    folder = answers_folder(library)
    return sorted(folder.glob("*.answer")) if folder.is_dir() else []


TOLD = {"skipped": [["x.toml", "why"]], "conflicts": []}


def exact(library: Path, question: str, state: str) -> tuple[dict[str, Any], bytes] | None:
    """``kept.exact``, its text's view as bytes."""
    found = exact_view(library, question, state)
    return None if found is None else (found[0], bytes(found[1]))


def test_an_answer_is_given_back_as_kept_and_only_over_its_state(library):
    ready(library)
    text = '{\n  "Аня": "♠ «x»"\n}'
    keep(library, "q", "s1", TOLD, None, text.encode())
    assert exact(library, "q", "s1") == (TOLD, text.encode())
    assert exact(library, "q", "s2") is None
    assert exact(library, "other", "s1") is None
    assert kept_tally(library, "q") is None  # kept without a tally
    [file] = kept(library)
    first, head, rest = file.read_bytes().split(b"\n", 2)
    assert first.startswith(b"terts-answer/2 marshal ")
    assert json.loads(head) == ["q", "s1", TOLD, len(text.encode()), 0, 0]
    assert rest == text.encode()
    assert [p.name for p in answers_folder(library).iterdir()] == [file.name]  # no temp left


def test_a_tally_is_kept_as_json_reads_it_back(library):
    """The body is marshal's, and holds what a JSON round trip holds: the same values and
    kinds, floats to the last bit."""
    ready(library)
    body = {"gen": 3, "state": {"a": [1, 2.5, 0.1 + 0.2, None, True, "Аня ♠"], "b": {"x": -7}}}
    keep(library, "q", "s1", TOLD, body, b"with")
    assert kept_tally(library, "q") == (json.loads(json.dumps(body)), b"with")
    assert repr(kept_tally(library, "q")) == repr((json.loads(json.dumps(body)), b"with"))


def test_a_tally_is_kept_with_its_answer_and_its_base(library):
    ready(library)
    keep(library, "q", "s1", TOLD, {"gen": 3}, b"with", b"without")
    assert kept_tally(library, "q") == ({"gen": 3}, b"without")
    assert exact(library, "q", "s1") == (TOLD, b"with")
    keep(library, "q", "s2", TOLD, {"gen": 4}, b"answer")  # in the place of the first
    assert kept_tally(library, "q") == ({"gen": 4}, b"answer")
    assert exact(library, "q", "s1") is None and len(kept(library)) == 1


def _edit(data: bytes, damage: str) -> bytes:
    first, head, rest = data.split(b"\n", 2)
    header = json.loads(head)
    if damage == "a byte of the answer":
        return data.replace("Аня".encode(), "Боя".encode())
    if damage == "a byte more":
        return data + b" "
    if damage == "a byte less":
        return data[:-1]
    if damage == "cut in two":
        return data[: len(data) // 2]
    if damage == "empty":
        return b""
    if damage == "the state":  # the header's state no longer the one sealed
        header[1] = "s2"
    elif damage == "what is told":
        header[2] = {}
    elif damage == "a length":
        header[3] -= 1
    elif damage == "the seal":
        return first[:-1] + (b"0" if first[-1:] != b"0" else b"1") + b"\n" + head + b"\n" + rest
    elif damage == "another kind":  # another format of body, or another Python's marshal
        return first.replace(b" py3.", b" py2.") + b"\n" + head + b"\n" + rest
    elif damage == "not a header":
        return first + b"\n" + head[:-3] + b"\n" + rest
    return first + b"\n" + json.dumps(header, ensure_ascii=True).encode() + b"\n" + rest


@pytest.mark.parametrize(
    "damage",
    [
        "a byte of the answer",
        "a byte more",
        "a byte less",
        "cut in two",
        "empty",
        "the state",
        "what is told",
        "a length",
        "the seal",
        "another kind",
        "not a header",
    ],
)
def test_a_damaged_answer_is_not_given(library, damage):
    ready(library)
    keep(library, "q", "s1", TOLD, {"gen": 1}, '{\n  "Аня": 1\n}'.encode())
    [file] = kept(library)
    file.write_bytes(_edit(file.read_bytes(), damage))
    assert exact(library, "q", "s2" if damage == "the state" else "s1") is None
    assert kept_tally(library, "q") is None


def test_an_answer_of_another_question_in_its_file_is_not_given(library):
    """Two questions whose files would be named alike only take each other's place: each
    file holds its question whole."""
    ready(library)
    keep(library, "q", "s1", TOLD, {"gen": 1}, b"of q")
    [file] = kept(library)
    keep(library, "r", "s1", TOLD, {"gen": 1}, b"of r")
    other = next(p for p in kept(library) if p != file)
    other.replace(file)  # q's file now holds r's answer
    assert exact(library, "q", "s1") is None and kept_tally(library, "q") is None


@pytest.mark.parametrize("kind", ["a folder", "a FIFO"])
def test_an_answer_file_in_the_way_of_nothing(library, kind):
    """A folder or a FIFO where an answer's file goes is passed over (never waited on), and
    the next answer kept takes a FIFO's place."""
    ready(library)
    keep(library, "q", "s1", TOLD, None, b"text")
    [file] = kept(library)
    file.unlink()
    if kind == "a folder":
        file.mkdir()
    else:
        os.mkfifo(file)
    assert exact(library, "q", "s1") is None and kept_tally(library, "q") is None
    keep(library, "q", "s1", TOLD, None, b"text")
    assert exact(library, "q", "s1") == ((TOLD, b"text") if kind == "a FIFO" else None)
    assert [p for p in answers_folder(library).iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("kind", ["a file", "a FIFO", "a link"])
def test_the_folder_of_answers_in_the_way_of_nothing(library, tmp_path, kind):
    ready(library)
    folder = answers_folder(library)
    if kind == "a file":
        folder.write_text("not answers")
    elif kind == "a FIFO":
        os.mkfifo(folder)
    else:
        (tmp_path / "elsewhere").mkdir()
        folder.symlink_to(tmp_path / "elsewhere")
    keep(library, "q", "s1", TOLD, None, b"text")
    assert exact(library, "q", "s1") is None
    assert kind != "a link" or list((tmp_path / "elsewhere").iterdir()) == []


def test_the_answers_kept_are_the_most_recent_ones(library, monkeypatch):
    """Beyond MOST, the least recently kept go, and a temporary file a process left when it
    died is removed once it is old."""
    import terts_referee.library.kept as kept_module

    monkeypatch.setattr(kept_module, "MOST", 3)
    ready(library)
    stale = answers_folder(library)
    stale.mkdir()
    left = stale / ".x.123.abcd.tmp"
    left.write_bytes(b"half")
    os.utime(left, (OLD, OLD))
    for n in range(5):
        keep(library, f"q{n}", "s", TOLD, None, b"%d" % n)
        at = int(OLD + n) * 10**9  # each kept a second after the one before
        os.utime(kept_module._file_of(library, f"q{n}"), ns=(at, at))
    assert [q for q in (f"q{n}" for n in range(5)) if exact(library, q, "s")] == ["q2", "q3", "q4"]
    assert not left.exists()


def test_the_table_earlier_versions_kept_answers_in_is_dropped_once(library):
    ready(library)
    db = sqlite3.connect(answers_path(library))
    db.execute("CREATE TABLE kept (question TEXT PRIMARY KEY, answer BLOB)")
    db.execute("INSERT INTO kept VALUES ('q', ?)", (b"x" * 100_000,))
    db.execute("CREATE TABLE ratings (period TEXT PRIMARY KEY, chain TEXT)")
    db.execute("INSERT INTO ratings VALUES ('p', 'c')")
    db.commit()
    db.close()
    keep(library, "q", "s1", TOLD, None, b"text")
    db = sqlite3.connect(answers_path(library))
    try:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
        assert "kept" not in tables and db.execute("SELECT * FROM ratings").fetchall() == [
            ("p", "c")
        ]
    finally:
        db.close()
    assert os.path.getsize(answers_path(library)) < 100_000


def test_a_damaged_answer_is_worked_out_again_through_the_command(terts, library, monkeypatch):
    game = put(library / "a.toml", game_of("Аня", "Боря", DAY))
    aged(game)
    fresh = terts("stats", "--json", game=False)
    [file] = kept(library)
    data = file.read_bytes()
    assert b'"games": 1' in data
    file.write_bytes(data.replace(b'"games": 1', b'"games": 7'))
    read = scans_counted(monkeypatch)
    again = terts("stats", "--json", game=False)
    assert read == [1] and (again.code, again.stdout) == (fresh.code, fresh.stdout)
    assert terts("stats", "--json", game=False).stdout == fresh.stdout and read == [1]


@pytest.mark.parametrize("folder", ["cache#1", "cache?x=1", "cache%20", "кэш"])
def test_answers_are_kept_in_a_cache_folder_of_any_name(library, tmp_path, monkeypatch, folder):
    """A ``#`` or ``?`` in the cache folder's name is part of the path (the ratings beside the
    answers are opened through a ``file:`` URI: not a fragment or a query, which would have
    opened, and created, another file)."""
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


# --- one game more: only the folders that changed are compared ---------------------------------


def _ask(library: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    from terts_referee.library.answers import Question
    from terts_referee.library.kept import answered

    monkeypatch.setenv("TERTS_CACHE", str(cache))
    question = Question("stats", indent=2, dumps=lambda d: json.dumps(d, indent=2))
    return answered(library, "q", question)[1].decode()


def _cold(library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    import shutil

    shutil.rmtree(tmp_path / "cold", ignore_errors=True)
    return _ask(library, tmp_path / "cold", monkeypatch)


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """What ``kept.grown`` compared with the index's rows, and the folders it read them of."""
    import terts_referee.library.kept as kept_module

    seen: dict[str, list[Any]] = {"compared": [], "within": [], "grown": []}
    from terts_referee.library.index import Index as index
    from terts_referee.library.scan import compare_files as compare

    grown = kept_module.grown

    def comparing(library: Path, files: dict[str, Any], *rest: Any) -> Any:
        seen["compared"].append(sorted(files))
        return compare(library, files, *rest)

    def opening(library: Path, light: bool = False, within: Any = None) -> Any:
        seen["within"].append(None if within is None else sorted(within))
        return index(library, light, within)

    def growing(*args: Any, **kwargs: Any) -> Any:
        found = grown(*args, **kwargs)
        seen["grown"].append(found is not None)
        return found

    monkeypatch.setattr(scan_module, "compare_files", comparing)  # by ``scan.brought_up``
    monkeypatch.setattr(kept_module, "Index", opening)
    monkeypatch.setattr(kept_module, "grown", growing)
    return seen


def _season(library: Path) -> None:
    for n, folder in enumerate(("2025", "2026", "2026/club", "2025", "2026")):
        aged(put(library / folder / f"g{n}.toml", game_of("Аня", "Боря", DAY + timedelta(n))))


def test_one_game_more_compares_only_its_folders_files(library, tmp_path, monkeypatch, watched):
    _season(library)
    warm = tmp_path / "warm"
    _ask(library, warm, monkeypatch)
    aged(put(library / "2026/club/later.toml", game_of("Вика", "Аня", DAY + timedelta(30))))
    got = _ask(library, warm, monkeypatch)
    assert watched["grown"] == [False, True]  # the first from a scan, then one game added
    assert watched["within"][-1] == ["2026/club"]
    assert watched["compared"][-1] == ["2026/club/g2.toml", "2026/club/later.toml"]
    assert got == _cold(library, tmp_path, monkeypatch)
    # in two folders, one below the other; in the library itself (every row read)
    aged(put(library / "2026/club/later2.toml", game_of("Вика", "Аня", DAY + timedelta(31))))
    aged(put(library / "2026/later3.toml", game_of("Вика", "Боря", DAY + timedelta(32))))
    got = _ask(library, warm, monkeypatch)
    assert watched["within"][-1] == ["2026", "2026/club"] and watched["grown"][-1]
    assert got == _cold(library, tmp_path, monkeypatch)
    aged(put(library / "top.toml", game_of("Вика", "Боря", DAY + timedelta(33))))
    got = _ask(library, warm, monkeypatch)
    assert "" in watched["within"][-1] and watched["grown"][-1]
    assert watched["compared"][-1] == ["top.toml"]  # the library's own files
    assert got == _cold(library, tmp_path, monkeypatch)


def test_a_folder_emptied_is_games_removed(library, tmp_path, monkeypatch, watched):
    _season(library)
    warm = tmp_path / "warm"
    _ask(library, warm, monkeypatch)
    for name in ("g0.toml", "g3.toml"):
        (library / "2025" / name).unlink()  # no game file in 2025 now: no folder walked
    aged(put(library / "2026/later.toml", game_of("Вика", "Аня", DAY + timedelta(30))))
    got = _ask(library, warm, monkeypatch)
    assert watched["grown"] == [False, False] and watched["within"] == []  # from a scan
    assert got == _cold(library, tmp_path, monkeypatch)


def test_a_folder_changed_within_the_racy_window_is_compared_again(
    library, tmp_path, monkeypatch, watched
):
    """A file written just before an answer is kept: its folder has no hash, and a change
    of its bytes in the same tick of the clock (the same size and time) is found next time by
    the bytes' hash, as a scan finds it."""
    _season(library)
    warm = tmp_path / "warm"
    fresh = put(library / "2026/fresh.toml", game_of("Вика", "Боря", DAY + timedelta(30)))
    _ask(library, warm, monkeypatch)  # kept with the folder 2026 unhashed
    before = os.stat(fresh)
    other = put(tmp_path / "other.toml", game_of("Боря", "Вика", DAY + timedelta(30)))
    assert os.path.getsize(other) == before.st_size
    fresh.write_bytes(other.read_bytes())  # other bytes in the same file, of the same size,
    os.utime(fresh, ns=(before.st_atime_ns, before.st_mtime_ns))  # below the same time
    time.sleep(RACY_NS / 1e9)  # out of the racy window now: the state is trusted again
    aged(put(library / "2025/later.toml", game_of("Вика", "Аня", DAY + timedelta(31))))
    got = _ask(library, warm, monkeypatch)
    assert watched["within"][-1] == ["2025", "2026"]
    assert got == _cold(library, tmp_path, monkeypatch)


def test_a_file_whose_name_is_not_utf8_is_never_passed_over(library, tmp_path, monkeypatch):
    """A name that is not UTF-8 is keyed by its bytes in the index, outside every folder's
    range of names: its rows are read whatever folder changed, so its removal is seen."""
    _season(library)
    odd = Path(os.fsdecode(os.fsencode(library / "2026") + b"/\xff.toml"))
    try:
        aged(put(odd, game_of("Вика", "Гена", DAY + timedelta(20))))
    except OSError:
        pytest.skip("this file system takes only UTF-8 names")
    warm = tmp_path / "warm"
    _ask(library, warm, monkeypatch)
    odd.unlink()  # its folder's hash changes, its folder's names are compared: not its own
    aged(put(library / "2025/later.toml", game_of("Вика", "Аня", DAY + timedelta(30))))
    assert _ask(library, warm, monkeypatch) == _cold(library, tmp_path, monkeypatch)


# --- a walk made ahead (``startup.walk_ahead``'s child) -----------------------------------------


def _walk_counted(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The walks ``answered`` makes itself from now on, by the library walked."""
    import terts_referee.library.folders as folders_module

    walks: list[Path] = []
    walk = folders_module.game_files

    def walking(root: Path, *args: Any, **kwargs: Any) -> Any:
        walks.append(root)
        return walk(root, *args, **kwargs)

    monkeypatch.setattr(folders_module, "game_files", walking)
    return walks


def test_an_answer_is_worked_out_from_a_walk_made_ahead(library, tmp_path, monkeypatch, watched):
    """A walk made elsewhere (``kept.walk_state``: a child process's) is the walk the answer
    takes: its folders' hashes find the answer kept over the files as they were walked; after
    a game added it is grown over the files of its folder alone, after one removed it is a
    scan's, the library walked here neither time; and each answer is a cold build's."""
    from terts_referee.library.answers import Question
    from terts_referee.library.kept import answered, walk_state

    _season(library)
    monkeypatch.setenv("TERTS_CACHE", str(tmp_path / "warm"))
    question = Question("stats", indent=2, dumps=lambda d: json.dumps(d, indent=2))
    first = answered(library, "q", question)[1]
    where, ahead = walk_state(str(library))
    assert where == str(library) and [f[0] for f in ahead[0]] == ["2025", "2026", "2026/club"]
    walks = _walk_counted(monkeypatch)
    assert answered(library, "q", question, ahead=ahead)[1] == first
    aged(put(library / "2026/later.toml", game_of("Вика", "Аня", DAY + timedelta(30))))
    _, after = walk_state(str(library))
    assert after[0] != ahead[0]
    walks.clear()
    got = answered(library, "q", question, ahead=after)[1].decode()
    assert walks == []  # the walk made ahead is the answer's
    assert watched["grown"][-1] and watched["within"][-1] == ["2026"]
    assert watched["compared"][-1] == ["2026/g1.toml", "2026/g4.toml", "2026/later.toml"]
    assert got != first.decode() and got == _cold(library, tmp_path, monkeypatch)
    monkeypatch.setenv("TERTS_CACHE", str(tmp_path / "warm"))
    assert answered(library, "q", question, ahead=after)[1].decode() == got  # kept now
    (library / "2025/g0.toml").unlink()
    _, fewer = walk_state(str(library))
    walks.clear()
    got = answered(library, "q", question, ahead=fewer)[1].decode()
    assert walks == [] and watched["grown"][-1] is False  # a game removed: a scan's
    assert got == _cold(library, tmp_path, monkeypatch)


def test_a_walk_made_ahead_carries_the_walks_figures(library):
    """``walk_state``'s figures, rebuilt, are the walk's own: every file, its size, time and
    inode, and each folder's hash and files, in the walk's order."""
    from terts_referee.library.kept import _listing, walk_state
    from terts_referee.library.scan import folder_digests

    _season(library)
    aged(put(library / "2026/club/Вика «x».toml", game_of("Вика", "Аня", DAY)))
    _, walk = walk_state(str(library))
    files, folders = _listing(walk)
    counts: list[tuple[str, int]] = []
    walked = game_files(library, [], counts=counts)
    assert list(files) == list(walked)
    for name, st in walked.items():
        assert (files[name].st_size, files[name].st_mtime_ns, files[name].st_ino) == (
            st.st_size,
            st.st_mtime_ns,
            st.st_ino,
        )
    assert folders == folder_digests(walked, walk[2], counts)


_MODULES = """
import json, sys
from terts_referee.cli import main
code = main(sys.argv[2:])
with open(sys.argv[1], "w") as out:
    json.dump([code, sorted(sys.modules)], out)
"""


@pytest.mark.parametrize("command", ["history", "stats"])
def test_what_is_imported_while_the_walk_is_awaited_is_needed_after_it(library, tmp_path, command):
    """Each module ``AFTER_THE_WALK`` names is one an answer grown by a game added imports
    (and one a kept answer does not): imported while the walk is awaited, it is never work the
    answer would not have done."""
    import subprocess
    import sys

    from terts_referee.library.kept import AFTER_THE_WALK

    _season(library)
    env = {**os.environ, "TERTS_CACHE": str(tmp_path / "cache"), "TERTS_NO_WALK_AHEAD": "1"}
    argv = [command, "--json", "--library", str(library)]

    def modules() -> set[str]:
        found = tmp_path / "modules.json"
        script = [sys.executable, "-c", _MODULES, str(found), *argv]
        subprocess.run(script, env=env, cwd=tmp_path, check=True, capture_output=True)
        code, names = json.loads(found.read_text())
        assert code == 0
        return set(names)

    modules()
    kept_again = modules()
    aged(put(library / "2026/later.toml", game_of("Вика", "Аня", DAY + timedelta(30))))
    grown = modules()
    listed = AFTER_THE_WALK[command]
    assert set(listed) <= grown
    assert not set(listed) & kept_again
    assert len(set(listed)) == len(listed)
