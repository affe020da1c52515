"""Assertions shared by the CLI tests."""

from __future__ import annotations

import tomllib
from pathlib import Path


def assert_refused(result, *fragments: str) -> str:
    """Exit 2, exactly one line on stderr naming the problem, nothing on stdout, no traceback.

    ``result`` has ``code``, ``stdout`` and ``stderr``; returns the line.
    """
    assert result.code == 2, (result.code, result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.endswith("\n")
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def untimed(path: Path) -> dict:
    """The game document without its times (when each event was typed differs, issue 11)."""
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    doc.pop("started", None)
    for event in doc.get("events", []):
        event.pop("at", None)
    for correction in doc.get("corrections", []):  # the trail's times too
        correction.pop("at", None)
        correction.get("old", {}).pop("at", None)
    return doc
