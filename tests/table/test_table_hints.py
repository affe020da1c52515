"""``terts table``: the hints of a session are the table's own short forms, names with a space
quoted.
"""

from __future__ import annotations

import tomllib


def test_table_hints_use_the_short_forms_and_quote_names(tmp_path, capsys):
    """A scripted table session: the hints are the table's own forms (`c 'Анна Мария' COMBO`,
    `n CARD|SUIT`, `tr CARD|SUIT`), names with a space quoted; the new forms `a`, `tr`,
    `n … tricks`."""
    from terts_referee.cli import main
    from terts_referee.table import run_table

    path = tmp_path / "g.toml"
    assert main(["new", "Анна Мария", "Боря", "--game", str(path)]) == 0
    capsys.readouterr()
    lines = [
        "n",
        "d 'Анна Мария' марьяж",  # no trump yet: the hint is `tr CARD|SUIT`
        "tr 7ч",
        "d 'Анна Мария' терц:Дт",
        "a Боря",
        "s 54 Боря 'Анна Мария'",
        "n 8п tricks",
        "q",
    ]
    assert run_table(str(path), input=lines) == 0
    out, err = capsys.readouterr()
    assert "`tr CARD|SUIT`" in err, err
    assert "c Боря COMBO" in out, out
    assert "terts challenge" not in out
    assert "Боря asks" in out, out
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    types = [e["type"] for e in doc["events"]]
    assert types == ["deal", "trump", "declare", "ask", "score", "deal"], types
    assert doc["events"][-1].get("quick") is None  # n … tricks: trick by trick
