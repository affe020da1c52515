"""§4.3, how many declarations a turn holds, judged by the referee: one per turn, or several
under ``declarations.multiple`` ([000][002]); a quick deal's command is one turn; the lower ones
of a beaten turn are withdrawn, never announced.
"""

from __future__ import annotations

import pytest

from terts_referee.referee import Status
from tests.helpers import said
from tests.scripted import play, refused


@pytest.mark.parametrize(
    ("rule", "rules", "script", "outcome"),
    [
        ("one per turn, one command [000][002]", "classic",
         "declare Аня терц:Дт 50:Кб", "one declaration per turn"),
        ("one per turn, separate commands are separate turns [000][002]", "classic",
         "declare Аня терц:Дт\ndeclare Аня 50:Кб", ["scored", "scored"]),
        ("runs of one turn share no card, one command [000]", "multi",
         "declare Аня 50:Кт терц:Дт", "share a card"),
        ("several in one command do not lower each other [000]", "multi",
         "declare Аня терц:Кт терц:10т", ["scored", "scored"]),
        ("separate commands are separate turns: lowering [000]", "multi",
         "declare Аня терц:Кт\ndeclare Аня терц:10т", ["scored", "lowering"]),
    ],
)  # fmt: skip
def test_quick_deal_turns_are_commands(rule, rules, script, outcome):
    """§4.3: a quick deal judges everything but the moment; one command is one turn."""
    text = f"deal 7ч quick\n{script}"
    if isinstance(outcome, str):
        assert outcome in said(refused(text, rules)), rule
        return
    statuses = [r.status.value for r in play(text, rules).deals[-1].declarations]
    assert statuses == outcome, rule


def test_multi_withdrawn_lower_declarations_do_not_block():
    """§4.3 ``multiple`` [000]: the lower ones of a beaten turn were never announced."""
    sheet = play(
        "deal 7б\ndeclare Аня 50:Кт терц:10ч\nchallenge Боря 50:Тп\ndeclare Аня 50:Дч", "multi"
    )
    statuses = [(r.decl.notation(), r.status) for r in sheet.deals[-1].declarations]
    assert statuses[-1] == ("50:Q♥", Status.SCORED), statuses
    assert ("terts:10♥", Status.WITHDRAWN) in statuses
