"""§3, the ruleset keys of play, judged by the referee: stock-phase reneges under
``play.while_stock = "follow"`` ([003][004]) and their price, the trump jack free under ``book``.
"""

from __future__ import annotations

import pytest

from terts_referee.domain.rules import load_ruleset
from tests.helpers import said
from tests.scripted import play


@pytest.mark.parametrize(
    ("rule", "script", "renege"),
    [
        (
            "follow suit while the stock lasts [003][004], proven by a declaration",
            "deal 7ч\ndeclare Боря терц:Тт\ntrick 10т 9п",
            True,
        ),
        (
            "follow suit while the stock lasts [003][004], under free nothing [000]",
            "deal 7ч quick\ndeclare Боря терц:Тт\ntrick 10т 9п",
            False,
        ),
        (
            "a declared card already played proves nothing [003][004]",
            "deal 7ч\ndeclare Боря терц:Тт\ntrick Тп Тт\ntrick 9т 9п",
            None,
        ),
        (
            "later play proves nothing while the stock lasts (he may have drawn it) [003][004]",
            "deal 7ч\ntrick 10т 9п\ntrick Тп Тт",
            False,
        ),
        (
            "trump when void, proven by the face-up card taken in the exchange [003][004]",
            "deal 10ч\nexchange Боря\ntrick 9б 8п",
            True,
        ),
    ],
)
def test_stock_phase_renege_under_follow(rule, script, renege):
    """§3: under while_stock = "follow" a renege is proven only by a card known held."""
    rules = "follow" if "free" not in rule else "classic"
    deal = play(script, rules).deals[-1]
    flagged = [tr.number for tr in deal.tricks if tr.renege]
    if renege is None:  # the second trick: the clubs Боря showed are gone but one
        assert flagged == [2], (rule, flagged)
        return
    assert bool(flagged) is renege, (rule, flagged, deal.notices)
    if renege:
        assert deal.renege_by == "Боря"
        renege_notices = [said(n) for n in deal.notices if n.code == "notice.renege"]
        assert any("renege at trick 1" in n for n in renege_notices), deal.notices


def test_stock_phase_renege_is_priced_by_penalties_renege():
    """§3 ``penalties.renege`` (house): the opponent takes the deal's card points."""
    deal = play("deal 7ч\ndeclare Боря терц:Тт\ntrick 10т 9п", "follow").deals[-1]
    assert [p.kind.value for p in deal.penalties] == ["renege"]
    assert deal.notices[-1].code == "notice.renege"
    assert "deal-to-opponent" in said(deal.notices[-1])


def test_book_plays_the_trump_jack_free():
    """§3 ``play.trump_jack = "free"``: the same sentence stands in [001] as in [003]."""
    assert load_ruleset("book").play.trump_jack == "free"
