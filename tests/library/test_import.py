"""``import_games``: games copied in from another folder (a USB stick, another device's
library) or files: the new ones copied under the library's names, those already there skipped
(by id, or by content for a file from before ids), nothing overwritten, damaged files named and
left, the sources never touched, and a copy cut off by a kill leaving no half file. Through the
API; what `terts import` prints of it is tested in tests/cli/test_import_cli.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from terts_referee import i18n
from terts_referee.api import (
    Filters,
    GameFileError,
    Imported,
    check_sources,
    import_games,
    say,
    scan_library,
    stats,
)
from terts_referee.game.model import new_game_id
from terts_referee.game.storage import read_game, write_game
from tests.library.games import game_of, put

REPO = Path(__file__).resolve().parents[2]
DAY = datetime(2026, 3, 2, 20, 0).astimezone()
BROKEN = "format = 2\nplayers = [\n"


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
    (root / "2025" / "broken.toml").write_text(BROKEN, encoding="utf-8")
    put(root / ".Trash" / "d.toml", game_of("Вика", "Боря", DAY))
    return root


@pytest.fixture
def library(tmp_path) -> Path:
    return tmp_path / "library"


def imported(*sources: Path, library: Path) -> Imported:
    done = import_games(list(sources), library)
    assert done.library == library
    return done


def test_import_from_a_usb_folder(usb, library):
    before = snapshot(usb)
    done = imported(usb, library=library)
    data = done.to_dict()  # what `terts import --json` prints
    assert data["imported"] == 3 and data["skipped"] == 1
    assert data["damaged"] == [str(usb / "2025" / "broken.toml")]
    broken = usb / "2025" / "broken.toml"
    assert done.damaged == [
        (
            str(broken),
            f"game file {broken} is corrupt (not valid TOML: Invalid value (at end of document)): "
            "repair it or move it away",
        )
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
    scan = scan_library(library)
    assert len(scan.games) == 3 and scan.copies == []


def test_a_damaged_file_is_worded_for_a_reader_of_it(usb, library):
    """Import (and the library's scan, for a damaged file in the library) has no --game: the
    reason is the file's own remedy, repair it or move it away, in English and Russian."""
    broken = usb / "2025" / "broken.toml"
    i18n.set_lang("ru")
    (reason,) = [why for _, why in imported(broken, library=library).damaged]
    assert reason == (
        f"файл партии {broken} повреждён (ошибка в TOML: неверное значение (в конце файла)): "
        "исправьте или уберите его"
    )
    i18n.set_lang(None)
    library.mkdir(exist_ok=True)
    (library / "broken.toml").write_bytes(broken.read_bytes())
    ((name, reason),) = scan_library(library).skipped
    assert name == "broken.toml" and "--game" not in reason
    assert reason.startswith(f"game file {library / 'broken.toml'} is corrupt (")
    assert reason.endswith("): repair it or move it away"), reason


def test_a_second_import_skips_everything_and_writes_nothing(usb, library):
    imported(usb, library=library)
    before = snapshot(library)
    done = imported(usb, usb / "a.toml", library=library)  # a file named twice is one file
    assert (len(done.written), len(done.already), len(done.damaged)) == (0, 4, 1)
    assert snapshot(library) == before


def test_a_copy_without_an_id_is_known_by_its_content(tmp_path, library):
    """A file from before ids, already in the library under another name and laid out
    otherwise: skipped; the same players' other game (one event differs): imported."""
    game = game_of("Аня", "Боря", DAY)
    put(library / "mine.toml", game)
    text = (library / "mine.toml").read_text(encoding="utf-8")
    copy = tmp_path / "phone" / "export.toml"
    copy.parent.mkdir()
    copy.write_text("# exported\n" + text.replace("    ", "  "), encoding="utf-8")
    other = game.to_doc()
    other["events"][0]["trump"] = "clubs"
    write_game(tmp_path / "phone" / "other.toml", other)
    done = imported(copy.parent, library=library)
    assert done.already == [(str(copy), str(library / "mine.toml"))]
    assert [source for source, _ in done.written] == [str(tmp_path / "phone" / "other.toml")]


def test_a_fuller_copy_is_added_beside_the_one_there(tmp_path, library):
    """The library holds a game as it stood mid-game; the stick holds it finished: the finished
    copy is added, the other left as it was, and the game counts once, finished."""
    game_id = new_game_id()
    early = put(library / "early.toml", game_of("Аня", "Боря", DAY, game_id, moves=4))
    kept = early.read_bytes()
    full = put(tmp_path / "usb" / "full.toml", game_of("Аня", "Боря", DAY, game_id))
    done = imported(full, library=library)
    assert len(done.written) == 1 and done.already == []
    assert early.read_bytes() == kept
    scan = scan_library(library)
    figures = stats(scan.games, Filters())
    assert figures["games"] == 1 and figures["unfinished"] == 0
    assert scan.copies == [(str(early), done.written[0][1])]
    # and the other way round: the earlier copy brought to a library with the full one
    again = imported(early, library=library)
    assert again.written == [] and len(again.already) == 1


def test_a_name_taken_gets_another_and_nothing_is_overwritten(usb, library):
    game_id = read_game(usb / "a.toml")["id"]
    taken = library / f"2026-03-02_2000_Аня_Боря_{game_id[:8]}.toml"
    library.mkdir()
    taken.write_text(BROKEN, encoding="utf-8")  # damaged, in the way
    done = imported(usb / "a.toml", library=library)
    assert done.written == [(str(usb / "a.toml"), str(taken).replace(".toml", "_2.toml"))]
    assert taken.read_text(encoding="utf-8") == BROKEN


def test_a_damaged_file_named_alone_is_reported_and_left(usb, tmp_path, library):
    broken = usb / "2025" / "broken.toml"
    notes = tmp_path / "notes.txt"
    notes.write_text("not a game\n", encoding="utf-8")
    done = imported(broken, notes, library=library)
    assert done.written == [] and [source for source, _ in done.damaged] == [
        str(broken),
        str(notes),
    ]
    assert all(reason for _, reason in done.damaged)
    assert broken.read_text(encoding="utf-8") == BROKEN
    assert not library.exists()  # nothing but damaged files: the library is not even made


@pytest.mark.parametrize(
    ("make", "code", "reason"),
    [
        (lambda tmp: tmp / "nowhere", "import.missing", "there is no such file or folder"),
        (
            lambda tmp: Path("/dev/null"),
            "import.not_game",
            "it is a device, not a game file or a folder",
        ),
        (lambda tmp: tmp / ("x" * 300), "import.unusable", "File name too long"),
    ],
    ids=["missing", "a device", "a name too long"],
)
def test_a_bad_source_is_refused_before_anything_is_copied(
    usb, tmp_path, library, make, code, reason
):
    bad = make(tmp_path)
    for refuse in (lambda: check_sources([usb, bad]), lambda: import_games([usb, bad], library)):
        with pytest.raises(GameFileError) as refused:
            refuse()
        verdict = refused.value.verdict
        assert verdict.code == code and verdict.params["path"] == bad
        english = say(verdict, "en")
        assert english.startswith(f"cannot import {bad}") and reason in english
        assert say(verdict, "ru").startswith(f"нельзя импортировать {bad}")
    assert not library.exists()


def test_a_bad_library_is_refused(usb, tmp_path):
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    with pytest.raises(GameFileError) as refused:
        import_games([usb], tmp_path / "notes.txt")
    assert refused.value.verdict.code == "library.not_directory"
    assert "is a regular file, not a directory" in say(refused.value.verdict, "en")
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "x\n"


def test_a_copy_killed_before_the_link_leaves_no_half_file(usb, library):
    """The bytes went to a temp file beside the library's games, then the process was killed
    before linking it: no game file appears, the source is untouched; the next import copies
    the game and clears the temp file."""
    before = snapshot(usb)
    code = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "os.link = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)\n"
        "from terts_referee.api import import_games\n"
        "import_games([Path(sys.argv[1])], Path(sys.argv[2]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "TERTS_LANG": "en"}
    proc = subprocess.run(
        [sys.executable, "-c", code, str(usb / "a.toml"), str(library)],
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    (stray,) = [p for p in library.iterdir() if p.name.startswith(".archive.")]
    assert tomls(library) == {} and snapshot(usb) == before
    assert scan_library(library).games == []  # the temp is not a game
    done = imported(usb / "a.toml", library=library)
    assert len(done.written) == 1 and not stray.exists()
    assert list(tomls(library).values()) == [(usb / "a.toml").read_bytes()]
