"""A write replays the log once: after ``Game.sheet()``, ``Game.record`` judges only
the new event on the kept state; the sheet is the one a whole replay gives, a refusal the same."""

import pytest

from terts_referee.domain.cards import Suit
from terts_referee.domain.declarations import Declaration
from terts_referee.domain.events import Declare
from terts_referee.domain.rules import load_ruleset
from terts_referee.game.model import Game
from terts_referee.output.report.sheet import sheet_json
from terts_referee.referee import EventRefused, replay
from tests.helpers import sample_events, whole_replay_sheet

A, B = "Аня", "Боря"
H, S = Suit.HEARTS, Suit.SPADES
EVENTS = sample_events()
whole = whole_replay_sheet


def test_record_after_sheet_gives_the_sheet_of_a_whole_replay():
    game = Game((A, B), load_ruleset("classic"))
    for event in EVENTS:
        game.sheet()  # what a builder looks at
        sheet = game.record(event)
        assert sheet_json(game, sheet) == whole(game)
        assert sheet_json(game, game.sheet()) == whole(game)


def test_a_refusal_on_the_kept_state_is_the_replays_refusal():
    game = Game((A, B), load_ruleset("classic"), list(EVENTS[:3]))
    late = Declare(B, (Declaration.marriage(H),))  # deal 1 is scored: no open deal
    with pytest.raises(EventRefused) as whole_replay:
        replay(game.players, [*game.events, late], game.rules)
    game.sheet()
    with pytest.raises(EventRefused) as kept:
        game.record(late)
    assert (kept.value.number, str(kept.value)) == (
        whole_replay.value.number,
        str(whole_replay.value),
    )
    assert len(game.events) == 3
    assert sheet_json(game, game.record(EVENTS[3])) == whole(game)


def test_a_log_changed_after_sheet_is_replayed_whole():
    game = Game((A, B), load_ruleset("classic"), list(EVENTS[:2]))
    game.sheet()
    game.events[1] = Declare(A, (Declaration.marriage(H),))  # changed in place
    sheet = game.record(EVENTS[2])
    assert sheet_json(game, sheet) == whole(game)
