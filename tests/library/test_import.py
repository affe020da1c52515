"""`terts import SRC…`: games copied in from another folder (a USB stick, another device's
library) or files: the new ones copied under the library's names, those already there skipped
(by id, or by content for a file from before ids), nothing overwritten, damaged files named and
left, the sources never touched, and a copy cut off by a kill leaving no half file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from terts_referee.game.model import new_game_id
from terts_referee.game.storage import read_game, write_game
from tests.helpers import assert_refused
from tests.library.games import game_of, put

REPO = Path(__file__).resolve().parents[2]
DAY = datetime(2026, 3, 2, 20, 0).astimezone()


def snapshot(root: Path) -> dict[str, tuple[bytes | None, int]]:
    """Every entry below ``root`` with its bytes and times (a folder's time changes when a file
    is made or removed in it)."""
    if not root.exists():
        return {}
    found: dict[str, tuple[bytes | None, int]] = {".": (None, root.lstat().st_mtime_ns)}
    for path in sorted(root.rglob("*")):
        st = path.lstat()
        data = path.read_bytes() if path.is_file() and not path.is_symlink() else None
        found[str(path.relative_to(root))] = (data, st.st_mtime_ns)
    return found


def tomls(library: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in library.glob("*.toml")}


@pytest.fixture
def usb(tmp_path):
    """A USB stick: three games (one twice, in two folders), a damaged file, a hidden folder."""
    root = tmp_path / "usb"
    put(root / "a.toml", game_of("Аня", "Боря", DAY, new_game_id()))
    put(root / "2025" / "b.toml", game_of("Вика", "Гена", DAY - timedelta(300), new_game_id()))
    put(root / "2025" / "c.toml", game_of("Гена", "Аня", DAY - timedelta(200)))  # no id
    (root / "backup").mkdir()
    (root / "backup" / "a.toml").write_bytes((root / "a.toml").read_bytes())
    (root / "2025" / "broken.toml").write_text("format = 2\nplayers = [\n", encoding="utf-8")
    put(root / ".Trash" / "d.toml", game_of("Вика", "Боря", DAY))
    return root


def run_import(terts, *args):
    r = terts("import", *map(str, args), "--json", game=False)
    assert r.code == 0, r.stderr
    return r.json(), r.stderr.splitlines()


def test_import_from_a_usb_folder(terts, usb, tmp_path):
    library = tmp_path / "library"
    before = snapshot(usb)
    data, said = run_import(terts, usb)
    assert data["imported"] == 3 and data["skipped"] == 1
    assert data["damaged"] == [str(usb / "2025" / "broken.toml")]
    assert said == [
        f"not imported {usb / '2025' / 'broken.toml'}, left as it is: game file "
        f"{usb / '2025' / 'broken.toml'} is corrupt (not valid TOML: Invalid value (at end of "
        "document)): repair it or move it away"
    ]  # not the game commands' «or name another with --game»: import has no --game
    written = {f["source"]: Path(f["file"]) for f in data["files"]}
    assert set(written) == {
        str(usb / "2025" / "b.toml"),
        str(usb / "2025" / "c.toml"),
        str(usb / "a.toml"),
    }
    for source, target in written.items():
        assert target.parent == library and Path(source).read_bytes() == target.read_bytes()
        assert target.stat().st_mtime_ns == Path(source).stat().st_mtime_ns
    game_id = read_game(usb / "a.toml")["id"]
    assert written[str(usb / "a.toml")].name == f"2026-03-02_2000_Аня_Боря_{game_id[:8]}.toml"
    assert data["already"] == [
        {"source": str(usb / "backup" / "a.toml"), "file": str(usb / "a.toml")}
    ]
    assert snapshot(usb) == before  # the source is only read
    stats = terts("stats", "--json", game=False).json()
    assert stats["games"] == 3 and stats["copies"] == []


def test_a_damaged_file_is_worded_for_a_command_that_only_reads_it(terts, usb, tmp_path):
    """``import`` (and ``history``, ``stats``, for a damaged file in the library) has no
    --game: the remedy is the file's own, repair it or move it away, in English and Russian."""
    broken = usb / "2025" / "broken.toml"
    r = terts("--lang", "ru", "import", str(broken), game=False)
    assert r.code == 0 and "--game" not in r.stderr
    assert r.stderr.splitlines() == [
        f"не импортирован файл {broken}, оставлен как есть: файл партии {broken} повреждён "
        "(ошибка в TOML: неверное значение (в конце файла)): исправьте или уберите его"
    ]
    library = tmp_path / "library"
    library.mkdir(exist_ok=True)
    (library / "broken.toml").write_bytes(broken.read_bytes())
    r = terts("history", game=False)
    assert r.code == 0 and "--game" not in r.stderr
    assert f"skipped {library / 'broken.toml'}: game file " in r.stderr
    assert r.stderr.rstrip().endswith("): repair it or move it away"), r.stderr
    # a game command on the same file still offers --game: there it names another file
    assert "or name another with --game" in terts("sheet", "--game", broken, game=False).stderr


def test_a_second_import_skips_everything_and_writes_nothing(terts, usb, tmp_path):
    library = tmp_path / "library"
    run_import(terts, usb)
    before = snapshot(library)
    data, _ = run_import(terts, usb, usb / "a.toml")  # a file named twice is one file
    assert data["imported"] == 0 and data["skipped"] == 4 and data["files"] == []
    assert snapshot(library) == before
    r = terts("import", str(usb), game=False)
    assert r.code == 0
    assert r.stdout.splitlines()[-1] == (
        f"0 games imported into {library}; already there: 4; damaged, left where they are: 1"
    )


def test_a_copy_without_an_id_is_known_by_its_content(terts, tmp_path):
    """A file from before ids, already in the library under another name and laid out
    otherwise: skipped; the same players' other game (one event differs): imported."""
    library = tmp_path / "library"
    game = game_of("Аня", "Боря", DAY)
    put(library / "mine.toml", game)
    text = (library / "mine.toml").read_text(encoding="utf-8")
    copy = tmp_path / "phone" / "export.toml"
    copy.parent.mkdir()
    copy.write_text("# exported\n" + text.replace("    ", "  "), encoding="utf-8")
    other = game.to_doc()
    other["events"][0]["trump"] = "clubs"
    write_game(tmp_path / "phone" / "other.toml", other)
    data, _ = run_import(terts, copy.parent)
    assert data["already"] == [{"source": str(copy), "file": str(library / "mine.toml")}]
    assert [f["source"] for f in data["files"]] == [str(tmp_path / "phone" / "other.toml")]


def test_a_fuller_copy_is_added_beside_the_one_there(terts, tmp_path):
    """The library holds a game as it stood mid-game; the stick holds it finished: the finished
    copy is added, the other left as it was, and the game counts once, finished."""
    library = tmp_path / "library"
    game_id = new_game_id()
    early = put(library / "early.toml", game_of("Аня", "Боря", DAY, game_id, moves=4))
    kept = early.read_bytes()
    full = put(tmp_path / "usb" / "full.toml", game_of("Аня", "Боря", DAY, game_id))
    data, _ = run_import(terts, full)
    assert data["imported"] == 1 and data["skipped"] == 0
    assert early.read_bytes() == kept
    stats = terts("stats", "--json", game=False).json()
    assert stats["games"] == 1 and stats["unfinished"] == 0
    assert stats["copies"] == [{"file": str(early), "counted": data["files"][0]["file"]}]
    # and the other way round: the earlier copy brought to a library with the full one
    data, _ = run_import(terts, early)
    assert data["imported"] == 0 and data["skipped"] == 1


def test_a_name_taken_gets_another_and_nothing_is_overwritten(terts, usb, tmp_path):
    library = tmp_path / "library"
    game_id = read_game(usb / "a.toml")["id"]
    taken = library / f"2026-03-02_2000_Аня_Боря_{game_id[:8]}.toml"
    library.mkdir()
    taken.write_text("format = 2\nplayers = [\n", encoding="utf-8")  # damaged, in the way
    data, _ = run_import(terts, usb / "a.toml")
    assert data["files"] == [
        {"source": str(usb / "a.toml"), "file": str(taken).replace(".toml", "_2.toml")}
    ]
    assert taken.read_text(encoding="utf-8") == "format = 2\nplayers = [\n"


def test_a_damaged_file_named_alone_is_reported_and_left(terts, usb, tmp_path):
    broken = usb / "2025" / "broken.toml"
    notes = tmp_path / "notes.txt"
    notes.write_text("not a game\n", encoding="utf-8")
    data, said = run_import(terts, broken, notes)
    assert data["imported"] == 0 and data["damaged"] == [str(broken), str(notes)]
    assert len(said) == 2 and all(line.startswith("not imported ") for line in said)
    assert broken.read_text(encoding="utf-8") == "format = 2\nplayers = [\n"
    assert not (tmp_path / "library").exists()


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda tmp: tmp / "nowhere", "there is no such file or folder"),
        (lambda tmp: Path("/dev/null"), "it is a device, not a game file or a folder"),
        (lambda tmp: tmp / ("x" * 300), "File name too long"),
    ],
    ids=["missing", "a device", "a name too long"],
)
def test_a_bad_source_is_refused_before_anything_is_copied(terts, usb, tmp_path, make, reason):
    library = tmp_path / "library"
    r = terts("import", str(usb), str(make(tmp_path)), game=False)
    line = assert_refused(r, reason)
    assert line.startswith(f"terts: error: cannot import {make(tmp_path)}")
    assert not library.exists()


def test_a_bad_library_is_refused(terts, usb, tmp_path):
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    r = terts("import", str(usb), "--library", str(tmp_path / "notes.txt"), game=False)
    assert_refused(r, "is a regular file, not a directory")


def test_a_copy_killed_before_the_link_leaves_no_half_file(terts, usb, tmp_path):
    """The bytes went to a temp file beside the library's games, then the process was killed
    before linking it: no game file appears, the source is untouched; the next import copies
    the game and clears the temp file."""
    library = tmp_path / "library"
    before = snapshot(usb)
    code = (
        "import os, signal, sys\n"
        "os.link = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)\n"
        "from terts_referee.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "TERTS_LANG": "en"}
    argv = ["import", str(usb / "a.toml"), "--library", str(library)]
    proc = subprocess.run(
        [sys.executable, "-c", code, *argv], env=env, capture_output=True, timeout=60
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    (stray,) = [p for p in library.iterdir() if p.name.startswith(".archive.")]
    assert tomls(library) == {} and snapshot(usb) == before
    assert terts("stats", "--json", game=False).json()["games"] == 0  # the temp is not a game
    data, _ = run_import(terts, usb / "a.toml")
    assert data["imported"] == 1 and not stray.exists()
    assert list(tomls(library).values()) == [(usb / "a.toml").read_bytes()]


def test_import_in_russian(terts, usb):
    r = terts("--lang", "ru", "import", str(usb), game=False)
    assert r.code == 0
    assert r.stdout.splitlines()[-1].startswith("3 партии импортированы в библиотеку ")
    assert r.stderr.startswith(f"не импортирован файл {usb / '2025' / 'broken.toml'}")
    r = terts("--lang", "ru", "import", "nowhere", game=False)
    assert_refused(r, "нельзя импортировать nowhere: такого файла или папки нет")
