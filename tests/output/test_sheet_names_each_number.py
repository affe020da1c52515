"""The sheet says what each number is: a false declaration's gift to the opponent, a miscount's
amount, who took the last trick, in the terminal sheet and in the JSON.
"""

from __future__ import annotations


def test_sheet_says_what_each_number_is(terts):
    """The false declaration's gift to the opponent [000], a miscount's amount [000][001][004],
    who took the last trick: named in the terminal sheet and in the JSON."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "терц:Дт")
    terts.ok("penalty", "Аня", "false-declaration")
    terts.ok("score", "54", "--by", "Боря", "--last-trick", "Аня")
    terts.ok("penalty", "Боря", "miscount", "--points", "10")
    out = terts.ok("sheet").stdout
    assert "last trick" in out and "Аня" in out
    assert "Боря writes 20 points" in out, out  # the false terts: classic gives its value
    assert "-10 points in the deal, Аня writes 10 points" in out, out
    pens = terts.sheet()["deals"][0]["penalty_list"]
    false, miscount = pens
    assert false["opponent"] == "Боря" and false["to_opponent"] == 20
    assert "Боря writes 20 points" in false["says"]
    assert miscount["points"] == -10 and miscount["opponent"] == "Аня"
    assert terts.sheet()["deals"][0]["last_trick"] == "Аня"
