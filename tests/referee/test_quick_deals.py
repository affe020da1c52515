"""§4.3, quick deals, judged by the referee: timing only where tricks are followed, and the
first trick recorded turns a quick deal trick by trick.
"""

from __future__ import annotations

from terts_referee.referee import Status
from tests.helpers import said
from tests.scripted import play, refused


def test_a_trick_turns_a_quick_deal_trick_by_trick():
    """§4.3: timing only where tricks are followed; from the first trick on they are."""
    deal = play("deal 7ч quick\ndeclare Боря терц:Тт\ndeclare Боря 4Q\ntrick Тп 9п").deals[-1]
    assert not deal.quick and deal.timed_from == 4
    assert any(n.code == "notice.trick_mode" for n in deal.notices), deal.notices
    assert any("now followed trick by trick" in said(n) for n in deal.notices), deal.notices
    # from here on timed: Боря does not lead trick 2 under `lead`
    error = refused("deal 7ч quick\ntrick Тп 9п\ndeclare Боря терц:Тт")
    assert error.verdict.code == "err.declare.not_leader" and error.verdict.remedy is None
    text = said(error)
    assert "does not lead trick 2" in text, text


def test_quick_deal_never_refuses_for_timing():
    """§4.3: a scorer's quick deal (declarations in any order) under `strict` [002]."""
    sheet = play(
        "deal 7ч quick\ndeclare Боря 4A\ndeclare Аня терц:Дт\ndeclare Боря терц:Тп\n"
        "declare Аня 50:Кб",
        "strict",
    )
    assert [r.status for r in sheet.deals[-1].declarations] == [Status.SCORED] * 4
