"""The command dispatcher and the registry: every registered command is one
module, help lists them all in the registry's order, and running one command imports its module
alone. ``run_command`` writes to the current streams and returns the exit code."""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from terts_referee.cli import dispatch, registry

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", list(registry.COMMANDS))
def test_each_registered_command_is_one_module(name):
    module = importlib.import_module(registry.module_name(name))
    assert hasattr(module, "command") or hasattr(module, "group")
    assert module.__doc__, f"{module.__name__} opens with what it owns"


def test_the_whole_app_lists_the_registry_in_order():
    from typer.core import TyperGroup
    from typer.main import get_command

    group = get_command(dispatch.full_app())
    assert isinstance(group, TyperGroup)
    assert list(group.commands) == list(registry.COMMANDS)


def test_run_command_writes_to_the_current_streams():
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = dispatch.run_command(["check", "trick", "Ah", "7s", "--trump", "s", "--json"])
    assert code == 0 and err.getvalue() == ""
    assert json.loads(out.getvalue()) == {"winner": "second", "card": "7♠"}
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert dispatch.run_command(["frobnicate"]) == 2
    assert err.getvalue().count("\n") == 1


PROBE = """
import sys, json
from terts_referee.cli import main
code = main(sys.argv[1:])
sys.stdout.flush()
print(json.dumps(sorted(m for m in sys.modules if m.startswith("terts_referee.cli.commands."))),
      file=sys.stderr)
sys.exit(code)
"""


def _commands_loaded(*argv: str) -> set[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    return {m.rsplit(".", 1)[1] for m in json.loads(proc.stderr.splitlines()[-1])}


def test_one_command_imports_its_module_alone():
    assert _commands_loaded("check", "trick", "Ah", "7s", "--trump", "s") == {"check"}


def test_help_imports_every_command():
    assert _commands_loaded("--help") == set(registry.COMMANDS.values())


def test_one_shot_runs_without_the_cyclic_collector_long_ones_with_it(monkeypatch, tmp_path):
    """``terts`` (the console script) turns the cyclic garbage collector off for a
    one-shot command (start-up speed) and ends the process at once (``_end_now``); ``table``
    and ``serve`` keep running, so they turn it back on before they start and end through
    Python's own shutdown."""
    import gc

    import terts_referee.table as table
    from terts_referee import cli

    seen = {}

    def fake_table(game, lang):
        seen["table"] = gc.isenabled()
        return 0

    def fake_exit(code):
        seen["ended now"] = code
        raise SystemExit(code)

    monkeypatch.setattr(table, "run_table", fake_table)
    monkeypatch.setattr(os, "_exit", fake_exit)
    monkeypatch.setattr(cli, "_state", {"long_running": False})
    monkeypatch.setattr(sys, "argv", ["terts", "--version"])
    try:
        with pytest.raises(SystemExit) as done:
            cli.run()
        assert done.value.code == 0
        seen["version"] = gc.isenabled()
        assert seen.pop("ended now") == 0
        gc.enable()
        monkeypatch.setattr(sys, "argv", ["terts", "table", "--game", str(tmp_path / "g.toml")])
        with pytest.raises(SystemExit):
            cli.run()
    finally:
        gc.enable()
    assert seen == {"version": False, "table": True}  # the table ended by Python's shutdown


# ``terts`` ending at once (``cli._end_now``) shows what Python's own shutdown shows: every
# line written, the exit handlers run, the exit code; a thread still running is waited for.
END = """
import atexit, sys, threading, time
from pathlib import Path
from terts_referee import cli
marks = Path(sys.argv[1])
def mark(word):
    with marks.open("a") as f:
        f.write(word + "\\n")
atexit.register(lambda: (print("handler ran"), mark("handler")))
if sys.argv[2] == "thread":
    def late():
        time.sleep(0.3)
        mark("thread")
    threading.Thread(target=late).start()
sys.argv = ["terts", *sys.argv[3:]]
cli.run()
"""


def _ended(tmp_path, *argv: str, mode: str = "plain") -> tuple[subprocess.CompletedProcess, str]:
    env = dict(os.environ, TERTS_LANG="en", NO_COLOR="1")
    env.pop("PYTHONUNBUFFERED", None)  # stdout buffered, as in a pipe: the end must flush it
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    marks = tmp_path / f"marks-{len(list(tmp_path.iterdir()))}.txt"  # one file per run
    proc = subprocess.run(
        [sys.executable, "-c", END, str(marks), mode, *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    return proc, marks.read_text() if marks.exists() else ""


def test_a_one_shot_command_ends_with_its_output_code_and_exit_handlers(tmp_path):
    proc, marks = _ended(tmp_path, "check", "compare", "terts:Qh", "50:Ks", "-t", "h")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.endswith("the longer run wins [all] (classic)\nhandler ran\n")  # flushed
    assert proc.stderr == "" and marks == "handler\n"

    proc, marks = _ended(tmp_path, "check", "compare", "terts:Qh", "fifty:Zz", "-t", "h")
    assert proc.returncode == 2 and proc.stdout == "handler ran\n"
    assert proc.stderr.startswith("terts: error: ") and "unknown rank" in proc.stderr
    assert proc.stderr.count("\n") == 1 and marks == "handler\n"


def test_a_thread_still_running_is_waited_for_as_python_would(tmp_path):
    proc, marks = _ended(tmp_path, "--version", mode="thread")
    assert proc.returncode == 0 and proc.stdout.startswith("terts")
    assert proc.stdout.endswith("handler ran\n")
    assert marks == "thread\nhandler\n"  # the thread ended, then the exit handlers ran


def test_only_a_one_shot_process_leaves_things_for_its_end(monkeypatch):
    """What a command no longer needs is left for the end of the process only when the process
    is one command (``run``) that ends at once: never in a session, a server or a test."""
    import terts_referee.cli as cli

    for switch in ("TERTS_NO_TRICKS", "TERTS_NO_FAST_EXIT"):
        monkeypatch.delenv(switch, raising=False)
    monkeypatch.setitem(cli._state, "long_running", False)  # an earlier test's scan set it
    assert cli.left_for_the_end() is None  # main(), as here: freed as usual
    monkeypatch.setitem(cli._state, "one_shot", True)
    assert isinstance(cli.left_for_the_end(), list)
    monkeypatch.setenv("TERTS_NO_FAST_EXIT", "1")  # the process ends through Python's shutdown
    assert cli.left_for_the_end() is None
    monkeypatch.delenv("TERTS_NO_FAST_EXIT")
    monkeypatch.setitem(cli._state, "long_running", True)
    assert cli.left_for_the_end() is None
