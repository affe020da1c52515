"""Only regular files are read or replaced: FIFOs, devices and
directories are refused at once and left as they are; reads are bounded; a read-only game file
is not replaced; a killed save's temp files are cleaned up; long names are one-line refusals."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from terts_referee.files import MAX_FILE_BYTES
from terts_referee.game.storage import FORMAT_VERSION, remove_stale_temp_files, write_game

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")

GAME_COMMANDS = [
    ["status"],
    ["sheet"],
    ["sheet", "--json"],
    ["log"],
    ["undo"],
    ["deal", "-t", "s"],
    ["new", "Аня", "Боря"],
    ["new", "Аня", "Боря", "--force"],
]


def _terts(*args: str, cwd: Path, timeout: float = 10) -> subprocess.CompletedProcess:
    """A real process, so that a hang is a timeout and not a stuck test run."""
    return subprocess.run(
        [sys.executable, "-m", "terts_referee", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "TERTS_LANG": "en", "NO_COLOR": "1"},
    )


@needs_fifo
@pytest.mark.parametrize("args", GAME_COMMANDS, ids=" ".join)
def test_fifo_game_file_refused_at_once(tmp_path: Path, args: list[str]) -> None:
    fifo = tmp_path / "game.toml"
    os.mkfifo(fifo)
    start = time.monotonic()
    result = _terts(*args, "--game", str(fifo), cwd=tmp_path)
    # a hang guard, not a speed test: reading the FIFO would block until the 10 s timeout
    assert time.monotonic() - start < 9
    assert result.returncode == 2, result.stderr
    expected = "already exists" if args == ["new", "Аня", "Боря"] else "FIFO"
    assert result.stderr.count("\n") == 1 and expected in result.stderr, result.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode), "the FIFO must still be a FIFO"


@needs_fifo
def test_fifo_refused_at_once_in_process(terts) -> None:
    os.mkfifo(terts.game)
    start = time.monotonic()
    r = terts("status")  # not terts.refused: reading the FIFO to compare would block
    assert time.monotonic() - start < 30  # a hang guard: opening the FIFO would block for ever
    assert r.code == 2 and r.stderr.count("\n") == 1
    line = r.stderr
    assert "is a FIFO (named pipe), not a regular file" in line
    assert stat.S_ISFIFO(os.stat(terts.game).st_mode)


@needs_fifo
@pytest.mark.parametrize(
    "args",
    [["rules", "check", "X"], ["rules", "show", "X"], ["new", "A", "B", "--rules", "X"]],
    ids=" ".join,
)
def test_fifo_ruleset_refused(tmp_path: Path, args: list[str]) -> None:
    fifo = tmp_path / "house.toml"
    os.mkfifo(fifo)
    args = [str(fifo) if a == "X" else a for a in args]
    result = (
        _terts(*args, "--game", str(tmp_path / "g.toml"), cwd=tmp_path)
        if args[0] == "new"
        else _terts(*args, cwd=tmp_path)
    )
    assert result.returncode == 2 and "FIFO" in result.stderr, result.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@needs_fifo
def test_rules_new_force_on_fifo_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "house.toml"
    os.mkfifo(fifo)
    result = _terts("rules", "new", str(fifo), "--force", cwd=tmp_path)
    assert result.returncode == 2 and "FIFO" in result.stderr, result.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def _refused(terts, *args: str) -> str:
    """Exit 2 and one line; unlike terts.refused, never reads the (special) game file."""
    r = terts(*args)
    assert r.code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr
    return r.stderr


def test_directory_game_file_refused(terts) -> None:
    terts.game.mkdir()
    assert "is a directory" in _refused(terts, "status")
    r = terts("new", "Аня", "Боря", "--force")
    assert r.code == 2 and "a directory, not a game file" in r.stderr
    assert terts.game.is_dir()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_device_refused_and_never_replaced(tmp_path: Path, terts) -> None:
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    terts.game = link
    assert "is a device" in _refused(terts, "status")
    r = terts("new", "Аня", "Боря", "--force")
    assert r.code == 2 and "a device, not a game file: it will not be replaced" in r.stderr
    assert stat.S_ISCHR(os.stat("/dev/zero").st_mode) and link.is_symlink()


def test_file_larger_than_the_limit_refused(terts) -> None:
    terts.game.write_bytes(b"# " + b"x" * MAX_FILE_BYTES + b"\nformat = 1\n")
    line = terts.refused("status").stderr
    assert "larger than 4 MiB" in line


def test_read_only_game_file_refused_for_writing(terts) -> None:
    terts.ok("new", "Аня", "Боря")
    os.chmod(terts.game, 0o444)
    before = terts.game.read_bytes()
    line = terts.refused("deal", "-t", "s").stderr
    assert "is read-only and will not be replaced" in line
    r = terts("new", "Аня", "Боря", "--force")
    assert r.code == 2 and "read-only" in r.stderr
    assert terts.game.read_bytes() == before
    assert stat.S_IMODE(os.stat(terts.game).st_mode) == 0o444
    terts.ok("status")  # reading is fine


def test_stale_temp_files_cleaned_on_next_write(terts, tmp_path: Path) -> None:
    terts.ok("new", "Аня", "Боря")
    ours = [tmp_path / ".game.toml.abc_1234.tmp", tmp_path / ".game.toml.zzzzzzzz.tmp"]
    others = [
        tmp_path / ".game.toml.ABCDEFGH.tmp",  # not mkstemp's alphabet
        tmp_path / ".game.toml.abc.tmp",  # wrong length
        tmp_path / ".other.toml.abcdefgh.tmp",  # another game's
        tmp_path / "game.toml.abcdefgh.tmp",  # not hidden
    ]
    for p in ours + others:
        p.write_text("partial")
    (tmp_path / ".game.toml.dir12345.tmp").mkdir()  # not a regular file: left alone
    terts.ok("deal", "-t", "s")
    assert not any(p.exists() for p in ours)
    assert all(p.exists() for p in others)
    assert (tmp_path / ".game.toml.dir12345.tmp").is_dir()


def test_remove_stale_temp_files_names_what_it_removed(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    write_game(path, {"format": FORMAT_VERSION})
    (tmp_path / ".g.toml.k2j3h4g5.tmp").write_text("x")
    assert remove_stale_temp_files(path) == [".g.toml.k2j3h4g5.tmp"]
    assert remove_stale_temp_files(path) == []


LONG = "x" * 300


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "check", LONG],
        ["rules", "check", LONG + ".toml"],
        ["rules", "show", LONG],
        ["new", "Аня", "Боря", "--rules", LONG],
        ["sheet", "--as", LONG],
        ["check", "hand", "Qh", "--trump", "s", "--rules", LONG],
        ["rules", "new", LONG + ".toml"],
        ["status", "--game", LONG],
        ["deal", "--game", LONG],
        ["new", "Аня", "Боря", "--game", LONG],
    ],
    ids=lambda a: " ".join(x[:8] for x in a),
)
def test_long_names_are_one_line_refusals(terts, args: list[str]) -> None:
    if args[0] == "sheet":
        terts.ok("new", "Аня", "Боря")
    if "--game" in args:
        from terts_referee.cli import main

        code = main(args)
        err = terts.capsys.readouterr().err
    else:
        r = terts(*args)
        code, err = r.code, r.stderr
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "too long" in err or "not found" in err, err


def test_extends_chain_limited(terts, tmp_path: Path) -> None:
    (tmp_path / "r0.toml").write_text('extends = "classic"\n')
    for i in range(1, 12):
        (tmp_path / f"r{i}.toml").write_text(f'extends = "r{i - 1}.toml"\n')
    terts.ok("rules", "check", str(tmp_path / "r6.toml"))
    r = terts("rules", "check", str(tmp_path / "r11.toml"))
    assert r.code == 2 and "extends chain is longer than 8" in r.stderr, r.stderr


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("[game]\ntarget = " + "1" + "0" * 5000, "too many digits"),
        ("[game]\ntarget = " + "1" + "0" * 400, "0000… is too big: expected at most 5000"),
        ("[game]\ntarget = 100000", "game.target = 100000 is too big: expected at most 5000"),
        ("[game]\ntarget = inf", "game.target = inf is not allowed"),
        ("[game]\ntarget = 501.0", "game.target = 501.0 is not allowed"),
        ('[game]\nwin_requires_trick = "false"', "expected true or false"),
        ("[penalties]\nempty_challenge = 99999", "at most 1000"),
        ("[scoring]\nlast_trick = 500", "at most 100"),
        ("x = " + "[" * 1200 + "]" * 1200, "nested too deeply"),
    ],
)
def test_ruleset_bounds_and_parser_limits(terts, tmp_path: Path, line: str, fragment: str) -> None:
    path = tmp_path / "house.toml"
    path.write_text(line + "\n")
    r = terts("rules", "check", str(path))
    assert r.code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert fragment in r.stderr, r.stderr


@needs_fifo
def test_an_html_page_is_never_written_into_a_fifo(terts, tmp_path: Path) -> None:
    """`export --html` to a FIFO: refused at once (it would block until read), still a FIFO."""
    terts.ok("new", "Аня", "Боря")
    fifo = tmp_path / "sheet.html"
    os.mkfifo(fifo)
    start = time.monotonic()
    r = terts("export", "--html", str(fifo))
    assert time.monotonic() - start < 30  # a hang guard: writing into it would block for ever
    assert r.code == 2 and r.stderr.count("\n") == 1
    assert "is a FIFO (named pipe), not a regular file: nothing is written" in r.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
