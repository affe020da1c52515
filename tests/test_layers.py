"""STYLE.md §1: three layers. The domain imports nothing from typer or rich; only the CLI and
its output layer do. Each module is imported in a fresh interpreter, so nothing imported by
another test can hide a stray import.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
DOMAIN = [
    "cards",
    "declarations",
    "play",
    "rules",
    "events",
    "replay",
    "referee",
    "game",
    "corrections",  # issue 11: the trail and the effective events
    "storage",
    "errors",
    "messages",
    "summary",  # issue 12: the library's domain and storage
    "stats",
    "library",
    "season",
    "club",
    "ratings",
]
UI_PACKAGES = ("typer", "rich", "click")

PROBE = """
import importlib, json, sys
module = importlib.import_module(sys.argv[1])
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules})))
"""


def imported_by(module: str) -> set[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, module],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(proc.stdout))


@pytest.mark.parametrize("name", DOMAIN)
def test_domain_module_imports_neither_typer_nor_rich(name):
    loaded = imported_by(f"terts_referee.{name}")
    assert "terts_referee" in loaded
    assert not loaded & set(UI_PACKAGES), (
        f"terts_referee.{name} pulls in {loaded & set(UI_PACKAGES)}"
    )


def test_all_domain_modules_together():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    code = (
        "import sys, json\n"
        + "".join(f"import terts_referee.{name}\n" for name in DOMAIN)
        + "print(json.dumps(sorted(m for m in sys.modules if m.startswith('terts_referee'))))\n"
        + f"assert not any(m.split('.')[0] in {UI_PACKAGES!r} for m in sys.modules)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    loaded = set(json.loads(proc.stdout))
    assert "terts_referee.cli" not in loaded and "terts_referee.console" not in loaded


def test_the_probe_would_see_typer():
    """The check itself works: the CLI's dispatcher does pull in typer (the ``cli`` package
    itself imports it only when a command runs: ``run`` sets the collector up first)."""
    assert "typer" in imported_by("terts_referee.cli.dispatch")
