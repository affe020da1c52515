"""§4.3 "One deck" ([000] rule 5), judged by the referee: two players never show the same
card; the trump seven changes hands in the exchange; a declaration proven false no longer blocks.
"""

from __future__ import annotations

import pytest

from terts_referee.domain.cards import Card
from terts_referee.referee import Status
from tests.helpers import said
from tests.scripted import play, refused


@pytest.mark.parametrize(
    ("rule", "mode", "second", "cards"),
    [
        ("one deck [000] rule 5: a run", "quick", "declare Боря терц:Кт", "Q♣ J♣"),
        ("one deck [000] rule 5: a four", "quick", "declare Боря 4Q", "Q♣"),
        ("one deck [000] rule 5: a marriage", "quick", "declare Боря марьяж:т", "Q♣"),
        ("one deck [000] rule 5: trick by trick", "", "declare Боря терц:Кт", "Q♣ J♣"),
    ],
)
def test_one_deck_two_players_never_share_a_card(rule, mode, second, cards):
    """§4.3 "One deck" [000] rule 5: refused naming the shared cards and the earlier one."""
    # Under `lead` Боря declares before trick 2, after Аня's trick 1 (trick by trick).
    middle = "trick 10п 9п\n" if not mode else ""
    error = refused(f"deal 7т {mode}\ndeclare Аня терц:Дт\n{middle}{second}", "book")
    # the cards as data, for each face to write in its language («Д♣ В♣»)
    shared = tuple(Card.parse(c) for c in cards.split())
    assert error.verdict.code == "err.one_deck" and error.verdict.params["cards"] == shared
    text = said(error)
    assert "one deck" in text and cards in text, text
    assert "terts:Q♣ (event 2)" in text, text


def test_one_deck_a_challenge_shares_no_card_with_an_earlier_declaration():
    """§4.3 one deck [000] rule 5: a challenge is refused too, naming the earlier one."""
    error = refused(
        "deal 7ч quick\ndeclare Аня терц:Дт\ndeclare Боря терц:Тп\n"
        "declare Аня терц:9б\nchallenge Боря 50:Тт"
    )
    assert error.verdict.code == "err.one_deck"
    text = said(error)
    assert "one deck" in text and "Q♣ J♣" in text and "(event 2)" in text, text


def test_one_deck_the_trump_seven_changes_hands():
    """§4.3: the trump 7 and the face-up card change hands in the exchange [000][001]."""
    error = refused("deal Kч quick\ndeclare Аня терц:9ч\ndeclare Боря терц:9ч")
    assert error.verdict.code == "err.one_deck"
    text = said(error)
    assert "9♥ 8♥" in text and "7♥" not in text, text


def test_one_deck_a_false_declaration_no_longer_blocks():
    """§4.3: «until the false one is found by showing the cards» (§6): then it may."""
    deal = play("deal 7ч quick\ndeclare Аня терц:Дт\nfalse Аня 2\ndeclare Боря 4Q").deals[-1]
    assert deal.declarations[-1].status == Status.SCORED
