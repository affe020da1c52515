"""``terts ask`` (§4.2 [001]): the question, the asker's forfeit refused naming the event,
and ``status`` saying what the asker may still declare.
"""

from __future__ import annotations


def test_ask_command_and_the_forfeit(terts):
    """§4.2 [001]: `terts ask P`; then no higher class in that turn, refused naming it."""
    terts.ok("new", "Аня", "Боря", "--rules", "book")
    terts.ok("deal", "--trump", "7ч", "--tricks")
    terts.ok("declare", "Аня", "терц:Дт")
    out = terts.ok("ask", "Боря").stdout
    assert "Боря asks" in out and "before trick 1" in out
    r = terts.refused("declare", "Боря", "50:Тб")
    assert "asker's forfeit" in r.stderr
    assert "Боря asked at event 3 about Аня's terts:Q♣ (event 2)" in r.stderr
    terts.ok("declare", "Боря", "терц:Тб")
    terts.ok("ask", "Аня")
    r = terts.refused("ask", "Аня")
    assert "none to ask about" in r.stderr


def test_status_says_the_askers_forfeit(terts):
    """§4.2 [001]: `status` shows what the asker may still declare."""
    terts.ok("new", "Аня", "Боря", "--rules", "book")
    terts.ok("deal", "--trump", "7ч", "--tricks")
    terts.ok("declare", "Аня", "терц:Дт")
    terts.ok("ask", "Боря")
    ups = {e["player"]: e["up_to"] for e in terts.status()["may_declare"]}
    assert ups == {"Аня": None, "Боря": "terts"}
    assert "nothing above a terts" in terts.ok("status").stdout
    terts.ok("trick", "8п", "9п")  # «в этом ходе»: the turn ends with the trick
    ups = {e["player"]: e["up_to"] for e in terts.status()["may_declare"]}
    assert ups == {"Аня": None, "Боря": None}


def test_a_quick_deal_records_no_turn_to_forfeit(terts):
    """§4.2, §4.3 [001]: a quick deal records no turns: the question forbids nothing there."""
    terts.ok("new", "Аня", "Боря", "--rules", "book")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "терц:Дт")
    assert "a quick deal records no turns" in terts.ok("ask", "Боря").stdout
    ups = {e["player"]: e["up_to"] for e in terts.status()["may_declare"]}
    assert ups == {"Аня": None, "Боря": None}
    terts.ok("declare", "Боря", "50:Тб")
