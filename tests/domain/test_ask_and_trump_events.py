"""The ``ask`` and ``trump`` events: their file form round-trips, and a damaged game file's are
checked field by field like every other event's.
"""

from __future__ import annotations

import pytest

from terts_referee.domain.cards import parse_card_or_suit
from terts_referee.domain.events import (
    Ask,
    SetTrump,
    event_from_dict,
)
from tests.helpers import raises_verdict, said
from tests.scripted import PLAYERS


def test_trump_event_round_trips():
    ev = SetTrump(*parse_card_or_suit("9ч"))
    assert event_from_dict(ev.to_dict()) == ev
    assert event_from_dict(Ask("Аня").to_dict()) == Ask("Аня")


@pytest.mark.parametrize(
    ("table", "field"),
    [
        ({"type": "ask", "player": "Вася"}, "player"),
        ({"type": "ask"}, "player"),
        ({"type": "trump"}, "trump"),
        ({"type": "trump", "trump": "x"}, "trump"),
        ({"type": "trump", "trump": "h", "trump_card": "Z♥"}, "trump_card"),
        ({"type": "ask", "player": "Аня", "extra": 1}, "extra"),
    ],
)
def test_ask_and_trump_events_are_validated_in_the_file(table, field):
    """A damaged game file: the new events are checked field by field like the others."""
    from terts_referee.errors import GameFileError

    with raises_verdict(GameFileError, "store.event_field") as info:
        event_from_dict(table, 3, PLAYERS)
    assert info.value.verdict.params["field"] == field and field in said(info.value)
