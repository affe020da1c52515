"""The public contract (docs/scripting.md): help with an example everywhere, languages,
encodings, colour."""

from __future__ import annotations

import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from terts_referee import i18n

ROOT = Path(__file__).resolve().parents[2]


def _commands() -> list[tuple[str, ...]]:
    from typer.core import TyperGroup
    from typer.main import get_command

    from terts_referee.cli.dispatch import full_app

    root = get_command(full_app())
    assert isinstance(root, TyperGroup)  # terts has subcommands
    found: list[tuple[str, ...]] = []
    for name, cmd in root.commands.items():
        sub = getattr(cmd, "commands", None)
        if sub:
            found += [(name, s) for s in sub]
        else:
            found.append((name,))
    return found


@pytest.mark.parametrize("path", _commands(), ids=lambda p: " ".join(p))
def test_every_command_has_help_with_an_example(terts, path):
    r = terts(*path, "--help", game=False)
    assert r.code == 0, r.stderr
    assert "Example:" in r.stdout, r.stdout


def test_contract_commands_exist():
    names = {" ".join(p) for p in _commands()}
    for name in (
        "new",
        "deal",
        "declare",
        "challenge",
        "trick",
        "exchange",
        "score",
        "penalty",
        "claim",
        "undo",
        "log",
        "sheet",
        "status",
        "demo",
        "check hand",
        "check compare",
        "check trick",
        "check legal",
        "rules list",
        "rules show",
        "rules new",
        "rules check",
    ):
        assert name in names


def test_version(terts):
    from terts_referee import __version__

    r = terts("--version", game=False)
    assert r.code == 0 and __version__ in r.stdout


def _run(*args, env=None, cwd=None, input=None):
    full = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "terts_referee", *args],
        env=full,
        cwd=cwd,
        input=input,
        capture_output=True,
        timeout=60,
    )


def test_python_dash_m_entry_point():
    r = _run("--version")
    assert r.returncode == 0 and b"terts" in r.stdout


def test_usage_error_is_one_line_exit_2(terts):
    r = terts("declare", game=False)
    assert r.code == 2
    assert r.stderr.count("\n") == 1 and "Missing argument" in r.stderr


def test_unknown_command_is_one_line_exit_2(terts):
    r = terts("frobnicate", game=False)
    assert r.code == 2 and r.stderr.count("\n") == 1


# --- languages --------------------------------------------------------------------------------


def _all_catalogues():
    import terts_referee.output.report.catalogue  # noqa: F401  (registers its catalogue)

    for module in (
        "terts_referee.output.export",
        "terts_referee.table",
        "terts_referee.i18n.messages",
        "terts_referee.output.rulebook",
        "terts_referee.output.remedies",  # the terminal's words after a verdict
        "terts_referee.i18n.ruledocs",
    ):
        try:
            __import__(module)
        except ModuleNotFoundError:
            pass
    return i18n.CATALOGUES


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_message_keys_are_unique_across_catalogues():
    seen: dict[str, int] = {}
    for catalogue in _all_catalogues():
        for key in catalogue:
            seen[key] = seen.get(key, 0) + 1
    assert [k for k, n in seen.items() if n > 1] == []


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"TERTS_LANG": "ru"}, "ru"),
        ({"TERTS_LANG": "en", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "uk_UA.UTF-8"}, "uk"),
        ({"TERTS_LANG": "uk"}, "uk"),
        ({"LC_ALL": "ru_UA.UTF-8"}, "ru"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_language_from_environment(env, lang):
    assert i18n.lang_from_env(env) == lang


def _game(tmp_path) -> Path:
    from terts_referee.game.demo import play_demo

    _, path = play_demo(tmp_path)
    return path


def test_russian_locale_prints_russian_headers(tmp_path):
    path = _game(tmp_path)
    env = {"LANG": "ru_RU.UTF-8", "TERTS_LANG": "", "LC_ALL": "", "COLUMNS": "120"}
    r = _run("sheet", "--game", str(path), env=env)
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode("utf-8")
    assert "Терц" in out and "сдаёт" in out and "итого" in out


def test_cp1252_prints_letter_suits(tmp_path):
    """A terminal that cannot print ♠♥♦♣ gets letters instead of a crash."""
    path = _game(tmp_path)
    r = _run("sheet", "--game", str(path), env={"PYTHONIOENCODING": "cp1252", "TERTS_LANG": "en"})
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode("cp1252")
    assert "♥" not in out and re.search(r"\b(10|[AKQJ9])[shdc]\b|\s[shdc]\s", out)


def test_cp1252_errors_too(tmp_path):
    r = _run("check", "hand", "Q♥", "J♥", "6h", "--trump", "s", env={"PYTHONIOENCODING": "cp1252"})
    assert r.returncode == 2
    assert r.stderr.decode("cp1252").count("\n") == 1


CP1252 = {"PYTHONIOENCODING": "cp1252", "TERTS_LANG": "en"}


@pytest.mark.parametrize(
    "args",
    [["--help"], ["declare", "--help"], ["check", "compare", "--help"], ["table", "--help"]],
    ids=" ".join,
)
def test_cp1252_help_is_printed_not_a_traceback(args):
    """Help holds ♥ and Russian words: on cp1252 they become ``?``, the rest is help."""
    r = _run(*args, env=CP1252)
    assert r.returncode == 0 and r.stderr == b""
    out = r.stdout.decode("cp1252")
    assert out.startswith("Usage: terts") and "?" in out


def test_cp1252_csv_into_a_pipe_refuses_what_it_cannot_write_exactly(tmp_path):
    """CSV into a file or pipe is exact or nothing: Cyrillic names cannot be cp1252."""
    path = _game(tmp_path)
    r = _run("sheet", "--csv", "--game", str(path), env=CP1252)
    assert r.returncode == 2 and r.stdout == b""
    err = r.stderr.decode("cp1252")
    assert err.count("\n") == 1
    assert "U+0410" in err and "cp1252" in err and "PYTHONIOENCODING=utf-8" in err


def test_cp1252_table_input_that_is_not_cp1252_ends_with_one_line(tmp_path):
    """UTF-8 lines piped into a cp1252 stdin: one error line naming the byte and the fix,
    exit 2, no traceback; the game file is as it was (the first block read held the byte)."""
    path = _game(tmp_path)
    before = path.read_bytes()
    r = _run("table", "--game", str(path), env=CP1252, input="n h\nd Аня terts:Qh\n".encode())
    assert r.returncode == 2
    err = r.stderr.decode("cp1252")
    assert err.count("\n") == 1 and "the input is not cp1252 text (byte 0x90)" in err
    assert "PYTHONIOENCODING=utf-8" in err
    assert path.read_bytes() == before


def test_no_color_and_color(tmp_path):
    path = _game(tmp_path)
    plain = _run("sheet", "--game", str(path), env={"NO_COLOR": "1"})
    assert b"\x1b[" not in plain.stdout
    coloured = _run("--color", "sheet", "--game", str(path))
    assert b"\x1b[" in coloured.stdout
    no = _run("--no-color", "sheet", "--game", str(path))
    assert b"\x1b[" not in no.stdout


def test_root_options_after_the_command(terts):
    """`terts sheet --lang ru` works like `terts --lang ru sheet`."""
    r = terts("check", "trick", "Th", "Тч", "--trump", "s", "--lang", "ru", game=False)
    assert r.code == 0 and "взятку берёт" in r.stdout
    r = terts("check", "trick", "Th", "Тч", "--no-color", "--trump", "s", game=False)
    assert r.code == 0 and "takes the trick" in r.stdout
