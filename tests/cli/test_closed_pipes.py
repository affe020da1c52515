"""A closed pipe exits 0 for every command, with nothing on stderr: `terts sheet | head -1`.

Each command runs in a child process whose stdout is a real pipe, closed either before the
child writes anything (every write fails: with stdout buffered the failure comes at the final
flush, unbuffered at the first write, in rich's output too) or after one line was read (the
failure comes in the middle of the output). And `--show-completion` without a shell it knows
is one line, exit 2.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from terts_referee.domain.cards import Suit
from terts_referee.domain.events import DealEvent, Penalty, PenaltyKind, Score
from terts_referee.domain.rules import load_ruleset
from terts_referee.game.model import Game
from terts_referee.game.storage import write_game

#: Slow: a `terts` process for each command and pipe (the full run has them).
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def long_game(tmp_path_factory) -> Path:
    """A 40-deal game (the sheet is long: more than a pipe's buffer with rich's tables)."""
    rules = load_ruleset("classic")
    rules = rules._replace(game=rules.game._replace(target=5000))
    at = datetime(2026, 3, 1, 20, 0).astimezone()
    game = Game(("Аня", "Боря"), rules, quick=True, started=at)
    for i in range(40):
        for event in (
            DealEvent(None, list(Suit)[i % 4], None, quick=True),
            Score("Аня" if i % 2 else "Боря", 54 + i % 7 * 10, "Аня"),
            Penalty("Боря", PenaltyKind.MISCOUNT, points=10),
        ):
            at += timedelta(minutes=1)
            game.record(event, at)
    path = tmp_path_factory.mktemp("pipes") / "game.toml"
    write_game(path, game.to_doc())
    return path


COMMANDS = [
    ["sheet"],
    ["sheet", "--chart"],
    ["--color", "sheet"],
    ["--color", "sheet", "--chart"],
    ["sheet", "--json"],
    ["sheet", "--csv"],
    ["sheet", "--as", "exact"],
    ["log"],
    ["log", "--all", "--json"],
    ["status"],
    ["history"],
    ["--color", "stats", "--chart"],
    ["rules", "show", "classic"],
    ["check", "hand", "Qh", "Jh", "10h", "9h", "8h", "7h", "--trump", "s"],
    ["--help"],
    ["sheet", "--help"],
]


def _run(argv: list[str], game: Path, *, buffered: bool, early: bool) -> tuple[int, bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "TERTS_GAME": str(game), "COLUMNS": "100"}
    env["TERTS_LIBRARY"] = str(game.parent / "library")
    env.pop("PYTHONUNBUFFERED", None)
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    command = [sys.executable, "-m", "terts_referee", *argv]
    if early:  # the reader is gone before the first byte
        read, write = os.pipe()
        os.close(read)
        try:
            proc = subprocess.run(
                command, stdout=write, stderr=subprocess.PIPE, env=env, timeout=60
            )
        finally:
            os.close(write)
        return proc.returncode, proc.stderr
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert child.stdout is not None and child.stderr is not None  # both were PIPE
    child.stdout.readline()  # `| head -1`
    child.stdout.close()
    err = child.stderr.read()
    child.stderr.close()
    return child.wait(timeout=60), err


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("early", [True, False], ids=["closed-first", "after-a-line"])
def test_a_closed_pipe_exits_0_quietly(long_game, argv, buffered, early):
    code, err = _run(argv, long_game, buffered=buffered, early=early)
    assert (code, err) == (0, b"")


def test_a_refusal_still_exits_2_when_stdout_is_closed(long_game, tmp_path):
    code, err = _run(
        ["sheet", "--game", str(tmp_path / "none.toml")], long_game, buffered=True, early=True
    )
    assert code == 2 and b"not found" in err


def test_in_process_the_streams_are_given_back(long_game, capsys):
    """Table mode and the web page run commands in-process: a closed pipe there must not leave
    click's replacement streams behind."""
    import io

    from terts_referee.cli.dispatch import run_command

    read, write = os.pipe()
    os.close(read)
    closed = io.TextIOWrapper(os.fdopen(write, "wb"), encoding="utf-8", write_through=True)
    saved = sys.stdout
    sys.stdout = closed
    try:
        code = run_command(["sheet", "--game", str(long_game)])
        assert sys.stdout is closed
        closed.write("more\n")  # pointed at the null device: no second failure
    finally:
        sys.stdout = saved
        closed.close()
    assert code == 0


# --- completion ---------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["--show-completion", "--install-completion"])
@pytest.mark.parametrize(
    ("shell", "fragment"),
    [
        (None, "cannot tell which shell runs terts"),
        ("sh", "completion is written for bash, zsh, fish, powershell, pwsh, not sh"),
        ("tcsh", "not tcsh"),
    ],
)
def test_completion_without_a_known_shell_is_one_line(terts, monkeypatch, option, shell, fragment):
    import typer._completion_shared as shared

    monkeypatch.setattr(shared, "_get_shell_name", lambda: shell)
    r = terts(option, game=False)
    assert r.code == 2 and r.stdout == ""
    (line,) = r.stderr.splitlines()
    assert line.startswith(f"terts: error: {option}: ") and fragment in line
    assert "_TERTS_COMPLETE=source_bash terts" in line


def test_completion_in_russian(terts, monkeypatch):
    import typer._completion_shared as shared

    monkeypatch.setattr(shared, "_get_shell_name", lambda: None)
    r = terts("--lang", "ru", "--show-completion", game=False)
    assert r.code == 2 and "не удаётся понять, какая оболочка запускает terts" in r.stderr


def test_completion_for_a_known_shell_is_typers(terts, monkeypatch):
    import typer._completion_shared as shared

    monkeypatch.setattr(shared, "_get_shell_name", lambda: "bash")
    with pytest.raises(SystemExit) as ended:
        terts("--show-completion", game=False)
    assert ended.value.code == 0
    assert "complete -o default -F _terts_completion terts" in terts.capsys.readouterr().out


def test_the_script_for_a_named_shell_needs_no_detection(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO), "_TERTS_COMPLETE": "source_zsh"}
    proc = subprocess.run(
        [sys.executable, "-m", "terts_referee"], env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0 and "#compdef terts" in proc.stdout
