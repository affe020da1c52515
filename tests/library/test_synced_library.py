"""One library across devices: folders below it, copies of one game counted once (by its id, or
the digest of its content for a file from before ids), the index kept per machine outside the
library, and nothing written inside the library by reading it."""

from __future__ import annotations

import os
import shutil
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from terts_referee.game.model import Game, new_game_id
from terts_referee.game.storage import read_game, write_game
from terts_referee.i18n.messages import t
from terts_referee.library.answers import Told, conflicts_of, history_document, stats_document
from terts_referee.library.folders import MAX_DEPTH
from terts_referee.library.index import OLD_INDEX_NAME
from terts_referee.library.location import cache_dir, index_path
from terts_referee.library.scan import Scan, scan_library
from terts_referee.library.stats import Filters
from terts_referee.library.stats import history as history_of
from terts_referee.library.stats import stats as stats_of
from tests.library.games import game_of, put

DAY = datetime(2026, 3, 2, 20, 0).astimezone()


def said_of(scan: Scan) -> list[str]:
    """What a face tells of the scan, one line each, in the catalogue's words (``terts stats``
    prints them on stderr): the index's notes, the files skipped, the games continued
    differently."""
    return [
        *scan.notes,
        *(t("library.skipped", path=scan.library / name, reason=why) for name, why in scan.skipped),
        *(t("library.conflict", files=", ".join(c["files"])) for c in conflicts_of(scan)),
    ]


def stats(library: Path, current: Path | None = None) -> tuple[Any, list[str]]:
    """The library's figures (``terts stats --json``) and what is said of its scan, through the
    library's functions; ``current``: the game file being played."""
    scan = scan_library(library, current=current)
    return stats_document(stats_of(scan.games, Filters()), Told.of(scan)), said_of(scan)


def history(library: Path, current: Path | None = None) -> Any:
    """The library's games as ``terts history --json`` lists them, through the library."""
    scan = scan_library(library, current=current)
    return history_document(history_of(scan.games, Filters()), Told.of(scan))


def snapshot(root: Path) -> dict[str, tuple]:
    """Every entry below ``root`` (hidden ones too), its bytes (files) and times: a file made
    and removed again still changes its folder's time."""
    found = {}
    for path in sorted(root.rglob("*")):
        st = path.lstat()
        data = path.read_bytes() if path.is_file() and not path.is_symlink() else None
        found[str(path.relative_to(root))] = (data, st.st_mtime_ns, st.st_mode)
    top = root.lstat()
    found["."] = (None, top.st_mtime_ns, top.st_mode)
    return found


@pytest.fixture
def library(tmp_path):
    return tmp_path / "library"


# --- copies of one game ------------------------------------------------------------------------


def test_the_same_game_in_three_places_counts_once(library):
    """A sync tool's conflict copy and a backup folder: one game; the copies are listed with
    the file counted instead, and no file changes."""
    game = game_of("Аня", "Боря", DAY, new_game_id())
    first = put(library / "2026-03-02_2000_Аня_Боря.toml", game)
    put(library / "2026-03-02_2000_Аня_Боря.sync-conflict-20260303-101010-ABC.toml", game)
    put(library / "backup" / first.name, game)
    put(library / "2026-03-09_2000_Аня_Боря.toml", game_of("Боря", "Аня", DAY + timedelta(7)))
    before = snapshot(library)
    data, said = stats(library)
    assert said == []
    assert data["games"] == 2 and data["players"]["Аня"]["games"] == 2
    assert data["players"]["Аня"]["wins"] == 1 and data["players"]["Боря"]["wins"] == 1
    # as many entries, as late: the original counts, the shorter file name (a conflict copy's
    # is longer), then the first path in code-point order ("2" < "b")
    counted = str(first)
    conflict = library / "2026-03-02_2000_Аня_Боря.sync-conflict-20260303-101010-ABC.toml"
    assert data["copies"] == [
        {"file": str(library / "backup" / first.name), "counted": counted},
        {"file": str(conflict), "counted": counted},
    ]
    listed = history(library)
    assert len(listed["games"]) == 2 and listed["copies"] == data["copies"]
    assert counted in [g["file"] for g in listed["games"]]
    assert snapshot(library) == before


@pytest.mark.parametrize(
    "conflict",
    [
        pytest.param("X.sync-conflict-20261201-115500-ABCDEFG.toml", id="Syncthing"),
        pytest.param("X (conflicted copy 2026-12-01 115500).toml", id="Nextcloud"),
        pytest.param("X (Аня's conflicted copy 2026-12-01).toml", id="Dropbox"),
    ],
)
def test_of_identical_copies_the_original_counts_not_the_sync_conflict(library, conflict):
    """A sync tool names its conflict copy by adding to the original's name: of copies as full
    and as late, the shorter file name counts, though the conflict copy may come first in
    code-point order (" " and "." sort before "_")."""
    game = game_of("Аня", "Боря", DAY, new_game_id())
    original = put(library / "X.toml", game)
    copy = put(library / conflict, game)
    data, _ = stats(library)
    assert data["games"] == 1
    assert data["copies"] == [{"file": str(copy), "counted": str(original)}]
    assert [g["file"] for g in history(library)["games"]] == [str(original)]


def test_the_copy_with_more_events_counts(library):
    """A phone's export made mid-game (four events) beside the finished game (six): the
    finished one counts, whatever its path."""
    game_id = new_game_id()
    full = put(library / "z-laptop" / "game.toml", game_of("Аня", "Боря", DAY, game_id))
    early = put(library / "a-phone" / "game.toml", game_of("Аня", "Боря", DAY, game_id, moves=4))
    data, _ = stats(library)
    assert data["games"] == 1 and data["unfinished"] == 0
    assert data["copies"] == [{"file": str(early), "counted": str(full)}]
    (game,) = history(library)["games"]
    assert game["file"] == str(full) and game["winner"] == "Аня"


def test_copies_as_full_with_other_entries_are_a_conflict_not_a_tie(library):
    """Two copies with six entries each, the same drop entered at two moments: as full, but
    neither holds the other's entries; no tie-break by time drops one of them."""
    game_id = new_game_id()
    put(library / "b.toml", game_of("Аня", "Боря", DAY, game_id, moves=5))
    later = game_of("Аня", "Боря", DAY, game_id, moves=5)
    later.correct("drop", 5)  # a sixth entry: the trail
    newer = put(library / "c.toml", later)
    doc = read_game(newer)
    doc["corrections"][0]["at"] = DAY + timedelta(minutes=1)  # the same drop, entered earlier
    older = library / "a.toml"
    write_game(older, doc)
    data, said = stats(library)
    assert data["copies"] == [] and data["games"] == 0 and data["unfinished"] == 0
    assert data["conflicts"] == [
        {"files": [str(newer), str(older)], "earlier": [str(library / "b.toml")]}
    ]
    assert len(said) == 1 and said[0].startswith("one game continued differently in ")


def test_copies_continued_differently_are_a_conflict_none_counted(library):
    """One device played a sixth event, another corrected the fifth: neither copy holds the
    other's entries, so counting either would drop the other's play in silence. Both are
    named, none counted, and the copy both grew from is an earlier version."""
    game_id = new_game_id()
    game = game_of("Аня", "Боря", DAY, game_id, moves=5)
    common = put(library / "b.toml", game)
    later = game_of("Аня", "Боря", DAY, game_id, moves=5)
    later.correct("drop", 5)
    corrected = put(library / "c.toml", later)
    played = put(library / "a.toml", game_of("Аня", "Боря", DAY, game_id, moves=6))
    before = snapshot(library)
    data, said = stats(library)
    assert data["games"] == 0 and data["unfinished"] == 0 and data["copies"] == []
    assert data["conflicts"] == [{"files": [str(corrected), str(played)], "earlier": [str(common)]}]
    assert said == [
        f"one game continued differently in {corrected}, {played}: neither is counted until "
        "one is kept (`terts keep FILE` keeps FILE and moves the others aside)"
    ]
    listed = history(library)
    assert listed["games"] == [] and listed["conflicts"] == data["conflicts"]
    assert snapshot(library) == before


def test_two_different_games_never_merge(library):
    """Equal content under two ids; an id copied by hand into a game of other players; two
    games without ids that differ by one event: four games, nothing merged."""
    same = game_of("Аня", "Боря", DAY)
    put(library / "one.toml", Game.from_doc({**same.to_doc(), "id": new_game_id()}))
    put(library / "two.toml", Game.from_doc({**same.to_doc(), "id": new_game_id()}))
    taken = read_game(library / "one.toml")["id"]
    put(library / "three.toml", game_of("Вика", "Гена", DAY, taken))
    put(library / "four.toml", game_of("Вика", "Гена", DAY))
    other = game_of("Вика", "Гена", DAY).to_doc()
    other["events"][0]["trump"] = "clubs"
    write_game(library / "five.toml", other)
    data, _ = stats(library)
    assert data["games"] == 5 and data["copies"] == []


# --- files from before ids: known by the digest of their content -------------------------------


def _reformatted(doc: dict) -> str:
    """The same document as another program would lay it out: keys in another order, events
    as inline tables, comments, a byte-order mark's worth of whitespace."""
    lines = ["# kept by hand", f"format = {doc['format']}"]
    rules = doc.pop("rules")
    events = doc.pop("events")
    for key in reversed([k for k in doc if k != "format"]):
        lines.append(tomli_w.dumps({key: doc[key]}).strip())
    lines.append("events = [")
    for event in events:
        inline = ", ".join(
            f"{k} = {tomli_w.dumps({'v': v}).strip()[4:]}" for k, v in reversed(event.items())
        )
        lines.append(f"  {{ {inline} }},  # an event")
    lines.append("]")
    lines.append(tomli_w.dumps({"rules": rules}))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("times", [True, False], ids=["format 2", "format 1"])
def test_a_reformatted_copy_of_a_game_without_an_id_still_matches(library, times):
    game = game_of("Аня", "Боря", DAY)
    doc = game.to_doc()
    if not times:
        doc["format"] = 1
        del doc["started"]
        for event in doc["events"]:
            del event["at"]
    library.mkdir()
    write_game(library / "game.toml", doc)
    text = _reformatted(read_game(library / "game.toml"))
    copy = library / "phone" / "game (conflicted copy).toml"
    copy.parent.mkdir()
    copy.write_text(text, encoding="utf-8")
    assert copy.read_bytes() != (library / "game.toml").read_bytes()
    assert read_game(copy) == read_game(library / "game.toml")  # the same parsed content
    data, said = stats(library)
    assert said == [] and data["games"] == 1
    assert data["copies"] == [{"file": str(copy), "counted": str(library / "game.toml")}]


# --- folders -----------------------------------------------------------------------------------


def test_games_in_folders_are_read_and_the_index_is_keyed_by_their_paths(library):
    put(library / "2025" / "a.toml", game_of("Аня", "Боря", DAY - timedelta(365)))
    put(library / "2026" / "club" / "b.toml", game_of("Аня", "Вика", DAY))
    put(library / "c.toml", game_of("Вика", "Боря", DAY + timedelta(1)))
    data, said = stats(library)
    assert data["games"] == 3 and said == []
    db = sqlite3.connect(index_path(library))
    keys = sorted(row[0] for row in db.execute("SELECT file FROM games"))
    db.close()
    assert keys == ["2025/a.toml", "2026/club/b.toml", "c.toml"]


def test_hidden_folders_and_files_are_passed_over(library):
    put(library / "a.toml", game_of("Аня", "Боря", DAY))
    put(library / ".stversions" / "old.toml", game_of("Вика", "Гена", DAY))
    put(library / ".hidden.toml", game_of("Вика", "Гена", DAY + timedelta(1)))
    put(library / "x" / ".trash" / "b.toml", game_of("Вика", "Гена", DAY + timedelta(2)))
    data, said = stats(library)
    assert data["games"] == 1 and said == [] and data["skipped"] == []


def test_folders_deeper_than_the_bound_are_named_and_not_read(library):
    deep = library.joinpath(*[f"d{i}" for i in range(1, MAX_DEPTH + 1)])
    put(deep / "deepest.toml", game_of("Аня", "Боря", DAY))  # eight folders down: read
    put(deep / "d9" / "lost.toml", game_of("Вика", "Гена", DAY))
    data, said = stats(library)
    assert data["games"] == 1 and list(data["players"]) == ["Аня", "Боря"]
    assert said == [
        f"skipped {deep / 'd9'}: a folder more than {MAX_DEPTH} folders below the library: not read"
    ]
    assert data["skipped"] == [str((deep / "d9").relative_to(library))]


def test_a_link_loop_is_refused_and_a_linked_folder_read_once(library):
    put(library / "a.toml", game_of("Аня", "Боря", DAY))
    inside = library / "phone"
    put(inside / "b.toml", game_of("Вика", "Гена", DAY))
    (library / "sub").mkdir()
    (library / "sub" / "up").symlink_to(library, target_is_directory=True)  # a loop
    (library / "sub" / "usb-2").symlink_to(inside, target_is_directory=True)  # read already
    data, said = stats(library)
    assert data["games"] == 2 and data["copies"] == []
    assert said == [
        f"skipped {library / 'sub' / 'up'}: the same folder as ., read already (a link loop, "
        "or two links to one folder): not read twice",
        f"skipped {library / 'sub' / 'usb-2'}: the same folder as phone, read already (a link "
        "loop, or two links to one folder): not read twice",
    ]


def test_links_that_leave_the_library_are_named_once_and_not_followed(library, tmp_path):
    """A link to ``/`` inside the library would walk the machine: a link whose target is
    outside the library, to a folder or to a file, is one line and nothing of it is read."""
    put(library / "a.toml", game_of("Аня", "Боря", DAY))
    outside = tmp_path / "usb"
    put(outside / "b.toml", game_of("Вика", "Гена", DAY))
    (library / "root").symlink_to("/", target_is_directory=True)
    (library / "usb").symlink_to(outside, target_is_directory=True)
    (library / "b.toml").symlink_to(outside / "b.toml")
    data, said = stats(library)
    assert data["games"] == 1 and sorted(data["skipped"]) == ["b.toml", "root", "usb"]
    assert said == [
        f"skipped {library / name}: a link to {target}, outside the library: not followed "
        "(links that leave the library are never read)"
        for name, target in (("b.toml", outside / "b.toml"), ("root", "/"), ("usb", outside))
    ]


# --- the index, per machine, outside the library ---------------------------------------------


def test_a_read_only_library_answers(library):
    put(library / "a.toml", game_of("Аня", "Боря", DAY))
    put(library / "2026" / "b.toml", game_of("Вика", "Гена", DAY))
    for path in [*library.rglob("*"), library]:
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        before = snapshot(library)
        data, said = stats(library)
        assert data["games"] == 2 and said == []
        assert len(history(library)["games"]) == 2
        assert snapshot(library) == before
    finally:
        for path in [library, *library.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)


def test_two_copies_of_a_library_have_two_indexes(library, tmp_path):
    """Two devices syncing one library (here: a copy made by cp -r) never share an index: each
    library path has its own, in this machine's cache."""
    import shutil

    put(library / "a.toml", game_of("Аня", "Боря", DAY))
    other = tmp_path / "synced"
    shutil.copytree(library, other)
    assert stats(library)[0]["games"] == stats(other)[0]["games"] == 1
    assert index_path(library) != index_path(other)
    assert index_path(library).exists() and index_path(other).exists()


def test_an_old_index_in_the_library_is_named_once_and_kept(library):
    put(library / "a.toml", game_of("Аня", "Боря", DAY))
    old = library / OLD_INDEX_NAME
    old.write_bytes(b"SQLite format 3\x00 an index of an older version")
    _, said = stats(library)
    assert said == [
        f"the library holds an index an older version kept there, {old}: it is no longer used "
        f"(the index is now kept on each machine, in {index_path(library)}) and may be "
        "deleted; said once"
    ]
    assert stats(library)[1] == [] and history(library)["skipped"] == []
    assert old.read_bytes() == b"SQLite format 3\x00 an index of an older version"


def test_the_cache_directory(monkeypatch, tmp_path):
    assert cache_dir({"TERTS_CACHE": "/c"}) == Path("/c")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if os.name == "posix" and not os.uname().sysname == "Darwin":
        assert cache_dir({}) == tmp_path / "xdg" / "terts"


# --- the game just won, before `terts new` moves it -------------------------------------------


def test_a_game_won_is_in_history_and_stats_at_once_and_counted_once(library, tmp_path):
    """The game in the game file counts as soon as it is won, before `terts new` moves it;
    corrected after the win, it is still one game; once moved, the library's copy is it."""
    game_id = new_game_id()
    playing = tmp_path / "terts-game.toml"  # the game file being played, outside the library
    put(library / "old.toml", game_of("Вика", "Гена", DAY - timedelta(days=1)))
    put(playing, game_of("Аня", "Боря", DAY, game_id))
    data, said = stats(library, playing)
    assert said == [] and data["games"] == 2 and data["players"]["Аня"]["wins"] == 1
    assert [g["file"] for g in history(library, playing)["games"]] == [
        str(playing),
        str(library / "old.toml"),
    ]
    shutil.copy(playing, library / "synced-copy.toml")  # a sync tool's copy of it, meanwhile
    data, _ = stats(library, playing)
    assert data["games"] == 2 and data["copies"] == [
        {"file": str(library / "synced-copy.toml"), "counted": str(playing)}
    ]
    (library / "synced-copy.toml").unlink()
    unfinished = game_of("Аня", "Боря", DAY, new_game_id(), moves=4)
    put(playing, unfinished)  # a game still played counts nowhere yet
    assert stats(library, playing)[0]["games"] == 1 and len(history(library, playing)["games"]) == 1


# --- the index's own troubles are said --------------------------------------------------------


@pytest.mark.parametrize("kind", ["a folder", "a FIFO", "an unwritable cache", "a file above"])
def test_an_index_that_cannot_be_used_is_said_and_the_files_answer(library, tmp_path, kind):
    put(library / "a.toml", game_of("Аня", "Боря", DAY))
    expected, _ = stats(library)
    index = index_path(library)
    for suffix in ("", "-wal", "-shm"):
        Path(str(index) + suffix).unlink(missing_ok=True)
    for kept in index.parent.glob("answers-*"):
        kept.unlink()
    if kind == "a folder":
        index.mkdir()
        reason = "a directory"
    elif kind == "a FIFO":
        os.mkfifo(index)
        reason = "a FIFO (named pipe)"
    elif kind == "a file above":  # $TERTS_CACHE under a regular file: no folder can be made
        (tmp_path / "file").write_text("")
        os.environ["TERTS_CACHE"] = str(tmp_path / "file" / "cache")
        index = index_path(library)
        reason = "Not a directory"
    else:
        index.parent.chmod(0o555)
        reason = "Permission denied"
    try:
        if kind == "an unwritable cache" and os.access(index.parent, os.W_OK):
            pytest.skip("the superuser writes anywhere")
        got, said = stats(library)
    finally:
        if index.parent.is_dir():
            index.parent.chmod(0o755)
    assert got == expected
    assert said == [
        f"the library's index {index} cannot be used ({reason}): the game files were read "
        "instead, and nothing is kept for the next time"
    ]
