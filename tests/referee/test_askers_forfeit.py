"""RULES §4.2 [001], judged by the referee: the question «Рост?» (``ask``) and the asker's forfeit
under ``same-class``: what it forbids, when it ends, when the question is refused.
"""

from __future__ import annotations

import pytest

from terts_referee.referee import Status
from tests.helpers import said
from tests.scripted import play, refused


@pytest.mark.parametrize(
    ("rule", "script", "refused_line"),
    [
        (
            "ask, then a higher class in a quick deal's turn [001]",
            "deal 7ч quick\ndeclare Аня терц:Дт\nask Боря\ndeclare Боря 50:Тб",
            "until Аня's next declaration",
        ),
        (
            "ask, then a higher class before the same trick [001]",
            "deal 7ч\ndeclare Аня терц:Дт\nask Боря\ndeclare Боря 50:Тб",
            "before trick 1",
        ),
        (
            "a challenge implies the question [001]",
            "deal 7ч quick\ndeclare Аня терц:Дт\nchallenge Боря терц:Тб\ndeclare Боря 50:Кп",
            "until Аня's next declaration",
        ),
    ],
)
def test_the_askers_forfeit_under_same_class(rule, script, refused_line):
    """RULES §4.2 [001] «этими самыми словами он лишается высшего назначения в этом ходе»."""
    error = refused(script, "book")
    assert error.verdict.code == "err.forfeit" and error.verdict.params["event"] == 3
    text = said(error)
    assert "asker's forfeit" in text and refused_line in text, (rule, text)
    assert "(event 3)" in text, text


@pytest.mark.parametrize(
    ("rule", "rules", "script"),
    [
        ("same class is still allowed [001]", "book", "declare Боря терц:Тб"),
        ("any-higher: no forfeit [000]", "classic", "declare Боря 50:Тб"),
        ("the other's next declaration ends it (quick) [001]", "book",
         "declare Аня терц:Дп\ndeclare Боря 50:Тб"),
    ],
)  # fmt: skip
def test_the_askers_forfeit_ends(rule, rules, script):
    """RULES §4.2: what the forfeit does not forbid."""
    sheet = play(f"deal 7ч quick\ndeclare Аня терц:Дт\nask Боря\n{script}", rules)
    assert sheet.deals[-1].declarations[-1].status == Status.SCORED, rule


def test_the_forfeit_ends_with_the_turn_trick_by_trick():
    """RULES §4.2 [001]: "в этом ходе": after the trick, the asker declares freely again."""
    sheet = play("deal 7ч\ndeclare Аня терц:Дт\nask Боря\ntrick Тп 9п\ndeclare Боря 50:Тб", "book")
    assert sheet.deals[-1].declarations[-1].status == Status.SCORED


@pytest.mark.parametrize(
    ("rule", "script", "why"),
    [
        ("ask answers the declaration just made", "deal 7ч quick\nask Боря", "none to ask"),
        ("not one's own", "deal 7ч quick\ndeclare Аня терц:Дт\nask Аня", "of their own"),
        ("not a marriage", "deal 7ч quick\ndeclare Аня марьяж\nask Боря", "no height"),
    ],
)
def test_ask_is_refused_without_a_declaration_to_ask_about(rule, script, why):
    """RULES §4.2: «Рост?» is asked about the opponent's declaration just made."""
    error = refused(script, "book")
    assert error.verdict.code.startswith("err.ask."), rule
    assert why in said(error), rule


def test_ask_notice_says_what_it_does():
    deal = play("deal 7ч quick\ndeclare Аня терц:Дт\nask Боря", "book").deals[-1]
    assert (
        "nothing above a terts but four jacks may be declared until Аня's next declaration"
        in said(deal.notices[-1])
    )
    deal = play("deal 7ч quick\ndeclare Аня терц:Дт\nask Боря", "classic").deals[-1]
    assert deal.notices[-1].code == "notice.ask" and "no forfeit" in said(deal.notices[-1])
