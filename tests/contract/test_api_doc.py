"""docs/api.md: its first Python block is a complete program that runs as it is, in an empty
directory, and makes a game file every command reads."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def first_python_block(text: str) -> str:
    found = re.search(r"^```python\n(.*?)^```$", text, re.DOTALL | re.MULTILINE)
    assert found, "docs/api.md has no ```python block"
    return found.group(1)


def test_the_api_example_runs_as_it_is_in_an_empty_directory(tmp_path):
    code = first_python_block(DOC.read_text(encoding="utf-8"))
    assert "GameFile.create" in code and code.count(".record(") >= 4
    where = tmp_path / "empty"
    where.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TERTS_")}
    env["TERTS_LIBRARY"] = str(tmp_path / "library")
    ran = subprocess.run(
        [sys.executable, "-c", code], cwd=where, env=env, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr == ""
    assert ran.stdout.splitlines() == ["Аня: 120 of 501", "Боря: 150 of 501"]  # as the doc says
    assert "`Аня: 120 of 501` and `Боря: 150 of 501`" in DOC.read_text(encoding="utf-8")
    # the file is the one the commands read
    assert _terts(where, env, "sheet", "--json")["totals"] == {"Аня": 120, "Боря": 150}
    events = [e["type"] for e in _terts(where, env, "log", "--json")["events"]]
    assert events == ["deal", "declare", "declare", "score"]


def _terts(where: Path, env: dict[str, str], *args: str) -> dict:
    """``terts ARGS`` in ``where``, a fresh process: its JSON."""
    ran = subprocess.run(
        [sys.executable, "-m", "terts_referee", *args],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)
