"""§5 [000][002], judged by the referee: a claim is made on one's own turn, and judged on
the claimer's points.
"""

from __future__ import annotations

from tests.helpers import said
from tests.scripted import refused


def test_claim_only_by_the_player_about_to_lead():
    """§5 [000][002] «на любом своём ходу»: followed trick by trick, only the leader."""
    error = refused("deal 7ч\ntrick Тп 9п\nclaim Боря")
    assert error.verdict.code == "err.claim.turn_trick"
    text = said(error)
    assert "own turn" in text and "Аня took trick 1 (event 2) and leads trick 2" in text, text
    error = refused("deal 7ч\nclaim Боря")
    assert error.verdict.code == "err.claim.turn_deal"
    text = said(error)
    assert "Аня leads trick 1" in text and "event 1" in text, text


def test_claim_by_the_leader_is_judged_on_its_points():
    """§5: the leader's claim is judged by his total (here short of 501)."""
    error = refused("deal 7ч\ntrick Тп 9п\nclaim Аня")
    assert error.verdict.code == "err.claim.short"
    text = said(error)
    assert "own turn" not in text, text
