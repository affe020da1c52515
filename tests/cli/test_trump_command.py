"""``terts trump`` and ``deal --trump`` on an open deal recorded without its trump, and a marriage
of a suit naming the trump, through the ``terts`` command.
"""

from __future__ import annotations


def test_terts_trump_records_the_open_deals_trump(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal")
    r = terts.refused("declare", "Аня", "марьяж")
    assert "terts trump CARD|SUIT" in r.stderr
    out = terts.ok("trump", "9ч").stdout
    assert "trump 9♥ face up" in out
    assert terts.status()["trump"] == "hearts"
    r = terts.refused("trump", "п")
    assert "already has its trump" in r.stderr and "(event 2)" in r.stderr
    log = terts.ok("log", "--json").json()["events"]
    assert log[1]["type"] == "trump" and log[1]["trump_card"] == "9♥"


def test_deal_trump_on_an_open_deal_without_one(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal")
    terts.ok("deal", "--trump", "ч")
    assert terts.status()["trump"] == "hearts" and terts.status()["deal"] == 1
    r = terts.refused("deal", "--trump", "п")
    assert "still open" in r.stderr


def test_a_marriage_of_a_suit_names_the_trump(terts):
    """§4 ``declarations.marriage = "trump"``: a marriage:♥ says hearts is trump."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal")
    out = terts.ok("declare", "Аня", "марьяж:ч").stdout
    assert "names the trump" in out
    assert terts.status()["trump"] == "hearts"
