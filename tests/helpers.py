"""Assertions shared by the CLI tests."""

from __future__ import annotations


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
