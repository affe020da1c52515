"""Tests for terts_referee.game.storage: parsing, refusals, atomic writes, locking, crash safety."""

from __future__ import annotations

import os
import random
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from terts_referee.domain.verdicts import Remedy, Verdict
from terts_referee.errors import GameFileError, RefereeError
from terts_referee.game.storage import (
    FORMAT_VERSION,
    create_game,
    game_lock,
    read_game,
    resolve_game_path,
    update_game,
    write_game,
)
from tests.helpers import raises_verdict, said


def terminal_line(exc: RefereeError) -> str:
    """The line the terminal prints for ``exc``: its sentence, then the terminal's words."""
    from terts_referee.cli.remedies import say

    return say(exc.verdict, "en")


REPO_ROOT = Path(__file__).resolve().parents[2]
POSIX = os.name == "posix"


def sample_doc() -> dict:
    """Return a small document using the TOML types a game file needs."""
    return {
        "format": FORMAT_VERSION,
        "ruleset": "standard",
        "players": ["Ann", "Bob"],
        "score": {"Ann": 0, "Bob": 12},
        "deals": [
            {"dealer": "Ann", "trump": "♥", "points": [81, 81]},
            {"dealer": "Bob", "tricks": [["7♠", "8♠", "A♠"]], "note": 'quotes " and \\ ok'},
        ],
    }


def child_env() -> dict[str, str]:
    """Return an environment in which a child Python can import terts_referee."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return env


def assert_one_line(exc: RefereeError) -> str:
    """Check an error's sentence (English) is a single non-empty line and return it."""
    message = said(exc)
    assert message
    assert "\n" not in message
    return message


# --- round trip and reading ------------------------------------------------------------


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    doc = sample_doc()
    write_game(path, doc)
    assert read_game(path) == doc
    assert not list(tmp_path.glob("*.tmp")), "temp file left behind after a clean write"


def test_write_replaces_whole_document(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    write_game(path, sample_doc())
    write_game(path, {"format": FORMAT_VERSION, "only": 1})
    assert read_game(path) == {"format": FORMAT_VERSION, "only": 1}


def test_missing_file_message(tmp_path: Path) -> None:
    path = tmp_path / "terts-game.toml"
    with raises_verdict(GameFileError, "store.not_found") as info:
        read_game(path)
    message = assert_one_line(info.value)
    assert str(path) in message
    assert "not found" in message
    assert info.value.verdict.remedy == Remedy("new", {"players": (None, None)})
    terminal = terminal_line(info.value)  # the terminal adds its command and option
    assert "`terts new P1 P2`" in terminal and "--game" in terminal
    assert isinstance(info.value, RefereeError)


def test_newer_format_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(f"format = {FORMAT_VERSION + 1}\nplayers = []\n", encoding="utf-8")
    with raises_verdict(GameFileError, "store.newer") as info:
        read_game(path)
    message = assert_one_line(info.value)
    assert "newer terts" in message
    assert f"format {FORMAT_VERSION + 1}" in message
    assert f"reads up to {FORMAT_VERSION}" in message
    assert str(path) in message


@pytest.mark.parametrize(
    ("content", "detail"),
    [
        (b"format = 1\nplayers = [\n", "not valid TOML"),
        (b"format = 1\nformat = 1\n", "not valid TOML"),
        (b"players = ['Ann']\n", "no format key"),
        (b"format = 'one'\n", "format must be"),
        (b"format = true\n", "format must be"),
        (b"format = 0\n", "format must be"),
        (b"format = 1\nname = '\xff\xfe'\n", "not UTF-8"),
        (b"", "no format key"),
    ],
)
def test_corrupt_file_reported(tmp_path: Path, content: bytes, detail: str) -> None:
    path = tmp_path / "game.toml"
    path.write_bytes(content)
    with raises_verdict(GameFileError, "store.corrupt") as info:
        read_game(path)
    message = assert_one_line(info.value)
    assert "corrupt" in message
    assert detail in message
    assert "will not be overwritten" in message
    assert str(path) in message
    assert path.read_bytes() == content


def test_toml_error_has_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text("format = 1\n\nplayers = [1,,]\n", encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        read_game(path)
    assert "line 3" in assert_one_line(info.value)


def test_byte_order_mark_tolerated(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_bytes(b"\xef\xbb\xbfformat = 1\n")
    assert read_game(path) == {"format": 1}


@pytest.mark.parametrize(
    "data",
    [
        b'format = 1\nplayers = ["\xff"]\n',
        b'\xef\xbb\xbfformat = 1\nplayers = ["\xff"]\n',
        b"\xef\xbb\xbf\xef\xbb",  # a second, cut mark: bad at once
    ],
    ids=["plain", "byte-order mark", "cut second mark"],
)
def test_bad_byte_offset_as_utf8_sig_counts_it(tmp_path: Path, data: bytes) -> None:
    """The offset named for a bad byte is the one Python's "utf-8-sig" codec gives (after the
    mark, when there is one): storage strips the mark itself, without importing that codec."""
    path = tmp_path / "game.toml"
    path.write_bytes(data)
    with pytest.raises(UnicodeDecodeError) as codec:
        data.decode("utf-8-sig")
    with pytest.raises(GameFileError) as info:
        read_game(path)
    assert f"bad byte at offset {codec.value.start}" in assert_one_line(info.value)
    assert path.read_bytes() == data


def test_directory_reported(tmp_path: Path) -> None:
    with pytest.raises(GameFileError) as info:
        read_game(tmp_path)
    assert "directory" in assert_one_line(info.value)


# --- update_game ------------------------------------------------------------------------


def test_update_game_applies_change_and_returns_result(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    write_game(path, sample_doc())

    def change(doc: dict) -> int:
        doc["score"]["Ann"] += 7
        doc["players"].append("Cy")
        return doc["score"]["Ann"]

    assert update_game(path, change) == 7
    doc = read_game(path)
    assert doc["score"]["Ann"] == 7
    assert doc["players"] == ["Ann", "Bob", "Cy"]


def test_update_game_leaves_corrupt_file_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    content = b"format = 1\nplayers = ['Ann',\n# half a file"
    path.write_bytes(content)
    called: list[object] = []
    with raises_verdict(GameFileError, "store.corrupt", "corrupt"):
        update_game(path, called.append)
    assert called == []
    assert path.read_bytes() == content


def test_update_game_writes_nothing_when_change_raises(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    # Hand-written formatting that a rewrite would not reproduce byte for byte.
    content = b"# a comment\nformat   =   1\nplayers = [ 'Ann' , 'Bob' ]\n"
    path.write_bytes(content)
    before = os.stat(path).st_mtime_ns

    def change(doc: dict) -> None:
        doc["players"].append("Cy")
        raise GameFileError(Verdict("err.trick.played", {"card": "Q♥", "trick": 3}))

    with raises_verdict(GameFileError, "err.trick.played", "already played"):
        update_game(path, change)
    assert path.read_bytes() == content
    assert os.stat(path).st_mtime_ns == before
    assert not list(tmp_path.glob("*.tmp"))


def test_update_game_missing_file(tmp_path: Path) -> None:
    with raises_verdict(GameFileError, "store.not_found", "not found"):
        update_game(tmp_path / "nope.toml", lambda doc: None)
    assert not (tmp_path / "nope.toml").exists()


# --- create_game ------------------------------------------------------------------------


def test_create_game_refuses_existing_without_force(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    create_game(path, sample_doc())
    original = path.read_bytes()
    with raises_verdict(GameFileError, "store.exists") as info:
        create_game(path, {"format": FORMAT_VERSION, "players": ["X", "Y"]})
    message = assert_one_line(info.value)
    assert "already exists" in message and str(path) in message
    assert "--force moves it there first" in terminal_line(info.value)
    assert path.read_bytes() == original

    create_game(path, {"format": FORMAT_VERSION, "players": ["X", "Y"]}, force=True)
    assert read_game(path)["players"] == ["X", "Y"]


def test_create_game_refuses_even_a_corrupt_file_without_force(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_bytes(b"garbage = [")
    with raises_verdict(GameFileError, "store.exists", "already exists"):
        create_game(path, sample_doc())
    assert path.read_bytes() == b"garbage = ["


def test_create_game_in_missing_directory(tmp_path: Path) -> None:
    path = tmp_path / "no" / "such" / "dir" / "game.toml"
    with raises_verdict(GameFileError, "store.no_directory") as info:
        create_game(path, sample_doc())
    message = assert_one_line(info.value)
    assert str(path) in message and "does not exist" in message
    assert not (tmp_path / "no").exists(), "locking must not create directories"
    with raises_verdict(GameFileError, "store.no_directory", "does not exist"):
        update_game(path, lambda doc: None)
    assert not (tmp_path / "no").exists()


# --- write_game ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "where"),
    [
        ({"format": 1, "winner": None}, "winner"),
        ({"format": 1, "score": {"Ann": 3, "Bob": None}}, "score.Bob"),
        ({"format": 1, "deals": [{"trump": "♥"}, {"trump": None}]}, "deals[1].trump"),
        ({"format": 1, "tricks": [["7♠", None]]}, "tricks[0][1]"),
        ({"format": 1, "by name": {"two words": None}}, "'by name'.'two words'"),
    ],
)
def test_none_rejected(tmp_path: Path, doc: dict, where: str) -> None:
    path = tmp_path / "game.toml"
    write_game(path, sample_doc())
    original = path.read_bytes()
    with pytest.raises(ValueError, match="None") as info:
        write_game(path, doc)
    assert not isinstance(info.value, GameFileError)
    assert f"at {where}:" in str(info.value)
    assert path.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml"]


def test_none_from_change_rejected_and_nothing_written(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    write_game(path, sample_doc())
    original = path.read_bytes()
    with pytest.raises(ValueError, match=r"score\.Ann"):
        update_game(path, lambda doc: doc["score"].update(Ann=None))
    assert path.read_bytes() == original


def test_format_key_required_on_write(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="format"):
        write_game(tmp_path / "game.toml", {"players": []})
    with pytest.raises(TypeError, match="format"):
        write_game(tmp_path / "game.toml", {"format": "1"})
    assert not list(tmp_path.iterdir())


@pytest.mark.skipif(not POSIX, reason="POSIX permission bits")
def test_permissions_preserved(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    write_game(path, sample_doc())
    os.chmod(path, 0o640)
    write_game(path, {"format": FORMAT_VERSION})
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


@pytest.mark.skipif(not POSIX, reason="POSIX umask")
def test_new_file_follows_the_umask_the_process_started_with(tmp_path: Path) -> None:
    script = (
        "import sys; from terts_referee.game.storage import write_game;"
        "write_game(__import__('pathlib').Path(sys.argv[1]), {'format': 1})"
    )
    subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "game.toml")],
        check=True,
        preexec_fn=lambda: os.umask(0o027),
    )
    assert stat.S_IMODE(os.stat(tmp_path / "game.toml").st_mode) == 0o640


@pytest.mark.skipif(not POSIX, reason="POSIX umask")
def test_a_write_never_sets_the_umask(tmp_path: Path, monkeypatch) -> None:
    """The page's server writes from several threads: a write that set the umask and set it
    back would give another thread's file the wrong mode in between."""

    def umask(mask: int) -> int:
        raise AssertionError("os.umask called during a write")

    monkeypatch.setattr(os, "umask", umask)
    write_game(tmp_path / "game.toml", sample_doc())
    assert (tmp_path / "game.toml").exists()


@pytest.mark.skipif(not POSIX, reason="symlinks")
def test_symlink_kept_and_target_replaced(tmp_path: Path) -> None:
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "game.toml"
    write_game(real, sample_doc())
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    update_game(link, lambda doc: doc.update(ruleset="other"))
    assert link.is_symlink()
    assert read_game(real)["ruleset"] == "other"


@pytest.mark.skipif(not POSIX or os.geteuid() == 0, reason="root ignores permissions")
def test_unwritable_directory_reported(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    write_game(path, sample_doc())
    os.chmod(tmp_path, 0o555)
    try:
        with raises_verdict(GameFileError, "store.unwritable", "cannot"):
            write_game(path, {"format": FORMAT_VERSION})
    finally:
        os.chmod(tmp_path, 0o755)
    assert read_game(path) == sample_doc()


# --- resolve_game_path ------------------------------------------------------------------


def test_resolve_game_path_precedence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"TERTS_GAME": "from-env.toml"}
    assert resolve_game_path("from-option.toml", env) == Path("from-option.toml")
    assert resolve_game_path(None, env) == Path("from-env.toml")
    assert resolve_game_path(None, {}) == Path("terts-game.toml")
    assert resolve_game_path("", {"TERTS_GAME": ""}) == Path("terts-game.toml")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TERTS_GAME", "env-default.toml")
    assert resolve_game_path(None) == Path("env-default.toml")
    monkeypatch.delenv("TERTS_GAME")
    default = resolve_game_path(None)
    assert default == Path("terts-game.toml")
    assert default.resolve() == tmp_path.resolve() / "terts-game.toml"


# --- locking ---------------------------------------------------------------------------


def test_game_lock_is_reentrant_in_one_thread(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    write_game(path, {"format": FORMAT_VERSION, "n": 0})
    with game_lock(path, timeout=1), game_lock(path, timeout=1):
        update_game(path, lambda doc: doc.update(n=doc["n"] + 1))
    assert read_game(path)["n"] == 1


def test_game_lock_times_out_against_another_holder(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    errors: list[GameFileError] = []

    def contender() -> None:
        try:
            with game_lock(path, timeout=0.2):
                pass
        except GameFileError as exc:  # handed back to the main thread
            errors.append(exc)

    with game_lock(path):
        thread = threading.Thread(target=contender)
        thread.start()
        thread.join(10)
    assert len(errors) == 1
    assert isinstance(errors[0], GameFileError)
    assert errors[0].verdict.code == "store.locked"
    message = assert_one_line(errors[0])
    assert "locked by another command" in message and str(path) in message

    with game_lock(path, timeout=0.2):  # released: free to take again
        pass


CHILD_APPEND = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from terts_referee.game.storage import update_game

    path, item = Path(sys.argv[1]), sys.argv[2]
    update_game(path, lambda doc: doc["items"].append(item))
    """
)


def test_concurrent_updates_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    create_game(path, {"format": FORMAT_VERSION, "items": []})
    env = child_env()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD_APPEND, str(path), f"item-{i}"],
            env=env,
            stderr=subprocess.PIPE,
        )
        for i in range(24)
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err.decode(errors="replace")
    items = read_game(path)["items"]
    assert len(items) == 24
    assert sorted(items) == sorted(f"item-{i}" for i in range(24))


# --- crash safety -----------------------------------------------------------------------


def big_doc(version: str, rows: int) -> dict:
    """Return a large document (a few hundred KB) tagged with ``version``."""
    return {
        "format": FORMAT_VERSION,
        "version": version,
        "rows": [{"n": i, "text": f"{version}-{i}-" + version * 60} for i in range(rows)],
    }


CHILD_WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from terts_referee.game.storage import read_game, write_game

    import tomli_w

    path = Path(sys.argv[1])
    docs = [read_game(Path(sys.argv[2])), read_game(Path(sys.argv[3]))]
    # Serialise each document once, so that the loop spends its time in the file
    # operations (where a kill is interesting) rather than in tomli_w.
    cached = {id(doc): tomli_w.dumps(doc) for doc in docs}
    tomli_w.dumps = lambda doc, **options: cached[id(doc)]
    print("ready", flush=True)
    i = 0
    while True:
        write_game(path, docs[i % 2])
        i += 1
    """
)


def test_killed_writer_leaves_a_loadable_file(tmp_path: Path) -> None:
    versions = {"a": big_doc("a", 2000), "b": big_doc("b", 3000)}
    sources = tmp_path / "sources"
    sources.mkdir()
    for name, doc in versions.items():
        write_game(sources / f"{name}.toml", doc)
    games = tmp_path / "games"
    games.mkdir()
    path = games / "game.toml"
    write_game(path, versions["a"])
    # The child alternates b, a, b, ... so a kill mid-write would show up as a torn file.
    command = [sys.executable, "-c", CHILD_WRITER, str(path)]
    command += [str(sources / "b.toml"), str(sources / "a.toml")]
    env = child_env()
    rng = random.Random()
    for _ in range(20):
        proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            assert line == b"ready\n", proc.communicate()[1].decode(errors="replace")
            time.sleep(rng.uniform(0, 0.05))
        finally:
            proc.kill()  # SIGKILL on POSIX
            proc.communicate(timeout=30)
        doc = read_game(path)
        assert doc in versions.values()
    # Leftover temp files are allowed; they never take the game file's name.
    assert {p.name for p in games.iterdir() if not p.name.endswith(".tmp")} == {"game.toml"}
    assert all(p.name.startswith(".game.toml.") for p in games.glob("*.tmp"))


@pytest.mark.parametrize(
    ("doc", "where"),
    [
        ({"format": 1, "events": [{"by": "A"}, {"by": None}]}, "events[1].by"),
        ({"format": 1, "a b": {"c": [1, (2, None)]}}, "'a b'.c[1][1]"),
        ({"format": 1, "rules": {"game": {"target": None}}}, "rules.game.target"),
    ],
)
def test_a_none_is_named_by_its_key_path(tmp_path: Path, doc, where) -> None:
    """TOML has no null: a document with a None is refused before anything is written, naming
    where the None is."""
    path = tmp_path / "game.toml"
    with pytest.raises(ValueError) as info:
        write_game(path, doc)
    assert f"None at {where}:" in str(info.value)
    assert not path.exists()


def test_a_ruleset_read_before_is_the_one_its_table_holds(tmp_path):
    """A library scan reads thousands of files with one ruleset: a table read before gives
    the ruleset it gave then, and a table that differs in a value or in its value's type (1
    against 1.0, true against 1) is checked anew, a bad one refused after a good one."""
    from terts_referee.domain.rules import load_ruleset
    from terts_referee.game.model import Game

    game = Game(("Аня", "Боря"), load_ruleset("classic"))
    doc = game.to_doc()
    first = Game.from_doc(doc, "a.toml").rules
    assert first == load_ruleset("classic")
    goal = doc["rules"]["game"]["target"]
    changed = {**doc, "rules": {**doc["rules"], "game": {**doc["rules"]["game"]}}}
    changed["rules"]["game"]["target"] = goal + 100
    assert Game.from_doc(changed, "b.toml").rules.game.target == goal + 100
    assert Game.from_doc(doc, "a.toml").rules == first
    changed["rules"]["game"]["target"] = float(goal)  # a float where an integer belongs
    with pytest.raises(GameFileError):
        Game.from_doc(changed, "c.toml")
