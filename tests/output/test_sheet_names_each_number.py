"""The sheet says what each number is: a false declaration's gift to the opponent, a miscount's
amount, who took the last trick, in the terminal sheet and in the JSON.
"""

from __future__ import annotations

import re


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


def test_the_legend_says_what_an_open_deals_cells_mean(terts):
    """A deal not over shows ``?`` (card points not counted) and ``…`` (its total to come): the
    legend says so, in English and Russian, and only while a deal is open."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("score", "54", "--by", "Аня", "--last-trick", "Боря")
    assert "? card points" not in terts.ok("sheet").stdout  # every deal over: nothing to say
    terts.ok("deal", "--trump", "п")
    terts.ok("declare", "Боря", "50:Тб")
    out = terts.ok("sheet").stdout
    assert re.search(r"│ 2 │.*│ \? +│ … +│ \? \+50 +│ … +│", out), out
    assert (
        "a deal still open: ? card points not counted yet, … the total, written when it ends"
        in (" ".join(out.split()))
    )
    ru = " ".join(terts.ok("--lang", "ru", "sheet").stdout.split())
    assert (
        "сдача ещё идёт: ? — очки в картах ещё не подсчитаны, … — итог, появится в конце сдачи"
        in ru
    )
