"""``terts rules show`` and ``terts rules check`` at 80 columns: no key name cut, a valid file
said in one line.
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("name", ["classic", "book", "follow", "multi"])
def test_rules_show_never_cuts_a_key_name_at_80_columns(terts, monkeypatch, name):
    from terts_referee.domain.rules import key_docs

    monkeypatch.setenv("COLUMNS", "80")
    out = terts.ok("rules", "show", name).stdout
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80
    for dotted, *_ in key_docs():
        assert f"│ {dotted} " in out, dotted


def test_rules_check_a_valid_file_says_so_in_one_line(terts, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    path = tmp_path / "house.toml"
    path.write_text('extends = "classic"\n[game]\ntarget = 301\n', encoding="utf-8")
    out = terts.ok("rules", "check", str(path)).stdout
    assert out.count("\n") == 1 and "valid" in out, out
    verbose = terts.ok("rules", "check", str(path), "--verbose").stdout
    assert "game.win_requires_trick" in verbose and "valid" in verbose.splitlines()[0]
