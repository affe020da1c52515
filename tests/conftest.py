"""Shared fixtures: every CLI test runs in its own temp directory, with a fixed environment."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.helpers import lang_of_args, refusal_prefix


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers a core. The browser tests wait on Chromium and Pyodide more
    than they compute (a whole run with a worker a core kept one of the two cores busy on
    average), so two a core overlap the waits: 3 min 38 s against 4 min 44 s on two cores."""
    return 2 * (os.cpu_count() or 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules that hold slow tests (a browser, a pseudo-terminal, a build) run first,
    each module's tests still together and in order: under xdist the long ones then start at
    once and the short ones fill the workers in around them, instead of a 25 s browser test
    starting last while the other workers have nothing left to take."""
    slow = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow)  # stable: the order within kept


@pytest.fixture(autouse=True)
def _isolate(monkeypatch, tmp_path):
    """No colour, fixed width, English, no game file from the environment, a clean cwd.

    The language chosen by an earlier test's ``--lang`` is forgotten too: the domain's messages
    are built in the current language, so a leftover ``ru`` would leak into the next test.
    """
    from terts_referee import i18n

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("TERTS_LANG", "en")
    monkeypatch.delenv("TERTS_GAME", raising=False)
    monkeypatch.setenv("TERTS_LIBRARY", str(tmp_path / "library"))  # never the user's own
    monkeypatch.setenv("TERTS_CACHE", str(tmp_path / "cache"))  # the index: never the user's
    monkeypatch.chdir(tmp_path)
    i18n.set_lang(None)
    yield
    i18n.set_lang(None)


@dataclass
class Result:
    code: int
    stdout: str
    stderr: str

    def json(self):
        return json.loads(self.stdout)


@dataclass
class Terts:
    """Runs ``terts`` in-process against one game file: ``terts("declare", "Аня", "терц:Дч")``."""

    capsys: pytest.CaptureFixture
    game: Path

    def __call__(self, *args: str, game: bool = True) -> Result:
        from terts_referee.cli import main

        argv = [str(a) for a in args]
        values = {i + 1 for i, a in enumerate(argv) if a == "--lang"}  # the language named
        command = next(
            (a for i, a in enumerate(argv) if not a.startswith("-") and i not in values), ""
        )
        if game and command not in ("check", "rules", "demo", ""):
            argv += ["--game", str(self.game)]
        self.capsys.readouterr()
        code = main(argv)
        captured = self.capsys.readouterr()
        return Result(code, captured.out, captured.err)

    def ok(self, *args: str) -> Result:
        r = self(*args)
        assert r.code == 0, f"terts {' '.join(args)} -> {r.code}: {r.stderr}"
        return r

    def refused(self, *args: str) -> Result:
        """The command must fail with exit 2, one line on stderr, and leave the file unchanged."""
        before = self.game.read_bytes() if self.game.exists() else None
        r = self(*args)
        assert r.code == 2, f"terts {' '.join(args)} -> {r.code}: {r.stdout} {r.stderr}"
        assert r.stderr.count("\n") == 1, r.stderr
        refusal_prefix(r.stderr, lang_of_args(args))  # the refusal's own word in its language
        assert "Traceback" not in r.stderr
        after = self.game.read_bytes() if self.game.exists() else None
        assert before == after, "the game file changed on a refused command"
        return r

    def sheet(self) -> dict:
        return self.ok("sheet", "--json").json()

    def status(self) -> dict:
        return self.ok("status", "--json").json()


@pytest.fixture
def terts(capsys, tmp_path) -> Terts:
    return Terts(capsys, tmp_path / "game.toml")


@pytest.fixture
def two_games(terts, tmp_path):
    """The CLI's file (the ``terts`` fixture's) and the server's, both from `terts new` (the
    ``terts serve`` tests compare the two after each action)."""
    terts.ok("new", "Аня", "Боря")
    served = tmp_path / "served.toml"
    served.write_bytes(terts.game.read_bytes())
    return terts, served
