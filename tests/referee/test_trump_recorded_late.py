"""A deal recorded without its trump, judged by the referee: the trump named by a marriage
(§4 ``declarations.marriage = "trump"``) or recorded after the deal, once.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers import said
from tests.scripted import play, refused


def test_a_marriage_names_the_trump_where_only_the_trump_marriage_counts(tmp_path: Path):
    """§4 ``declarations.marriage = "trump"``: a marriage of hearts says hearts is trump."""
    deal = play("deal quick\ndeclare Аня марьяж:ч\ndeclare Боря терц:Тп").deals[-1]
    assert deal.trump is not None and deal.trump.symbol == "♥"
    assert any(n.code == "notice.trump.marriage" for n in deal.notices), deal.notices
    assert any("names the trump" in said(n) for n in deal.notices), deal.notices


def test_trump_recorded_after_the_deal():
    """The trump of an open deal (``terts trump``): once; a trick needs it."""
    deal = play("deal quick\ntrump 9ч\ntrick Тп 9п").deals[-1]
    assert deal.trump is not None and str(deal.trump_card) == "9♥" and len(deal.tricks) == 1
    error = refused("deal 7ч quick\ntrump п")
    assert error.verdict.code == "err.trump.known" and error.verdict.params["event"] == 1
    text = said(error)
    assert "already has its trump" in text and "event 1" in text, text
    error = refused("deal quick\ndeclare Аня марьяж:ч\ntrump п")
    assert error.verdict.code == "err.trump.known" and error.verdict.params["event"] == 2
    text = said(error)
    assert "(event 2)" in text, text
