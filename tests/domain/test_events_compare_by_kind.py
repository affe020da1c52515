"""Events compare by their kind, then their fields, as python-chess's ``Move`` does: two events
of different kinds are never equal and never one in a set, whatever their fields; and the
referee's walk kept with a game is not taken for the walk of a log whose event changed kind.
"""

from __future__ import annotations

import typing
from itertools import combinations

import pytest

from terts_referee.domain import events as ev
from terts_referee.domain.cards import Suit
from terts_referee.domain.rules import load_ruleset
from terts_referee.game.model import Game

#: Pairs of kinds whose fields are the same values.
SAME_FIELDS = [
    (ev.Exchange("Ann"), ev.Ask("Ann")),
]


@pytest.mark.parametrize(("a", "b"), SAME_FIELDS, ids=lambda e: e.type)
def test_two_events_of_different_kinds_are_never_equal(a, b):
    assert tuple(a) == tuple(b)  # the same fields, as tuples
    assert a != b and b != a and not a == b
    assert len({a, b}) == 2
    assert a in {a} and b not in {a}


def test_an_event_equals_one_of_its_kind_and_fields_only():
    assert ev.Ask("Ann") == ev.Ask("Ann") and hash(ev.Ask("Ann")) == hash(ev.Ask("Ann"))
    assert ev.Ask("Ann") != ev.Ask("Bob")
    assert ev.Ask("Ann") != ("Ann",) and ("Ann",) != ev.Ask("Ann")  # nor a plain tuple
    assert ev.Ask("Ann")._replace(player="Bob") == ev.Ask("Bob")


def test_every_kind_of_event_compares_by_its_kind():
    """Each class of ``Event`` (a kind added later too) is made with ``@event``: one instance
    of each, its fields all set alike, equals no other."""
    kinds = typing.get_args(ev.Event)
    assert len(kinds) == len(ev._FIELDS)
    for a, b in combinations(kinds, 2):
        assert a.__eq__ is not tuple.__eq__, a
        assert a.__eq__ is b.__eq__ and a.__hash__ is b.__hash__, (a, b)


def test_a_correction_that_swaps_the_kind_is_walked_again():
    """An ``ask`` replaced by an ``exchange`` of the same player: the kept walk of the old log
    is not reused, and the sheet no longer shows the question's notice."""
    rules = load_ruleset("classic")
    game = Game(("Ann", "Bob"), rules, [ev.DealEvent(None, Suit.HEARTS, None, quick=True)])
    from terts_referee.domain.declarations import parse_combo

    game.record(ev.Declare("Ann", (parse_combo("terts:Q♣", Suit.HEARTS, rules),)), keep=True)
    game.record(ev.Ask("Bob"), keep=True)
    assert any(n.code == "notice.ask" for _, n in game.sheet(keep=True).notices)
    game.events[-1] = ev.Exchange("Bob")  # the same fields, another kind
    sheet = game.sheet(keep=True)
    assert not any(n.code == "notice.ask" for _, n in sheet.notices)
    assert any(n.code == "notice.exchange" for _, n in sheet.notices)


def test_a_correction_through_the_game_replaces_the_question(tmp_path):
    """The same through the game's own correction, as the faces make it."""
    from terts_referee.domain.declarations import parse_combo

    rules = load_ruleset("classic")
    game = Game(("Ann", "Bob"), rules, [ev.DealEvent(None, Suit.HEARTS, None, quick=True)])
    game.record(ev.Declare("Ann", (parse_combo("terts:Q♣", Suit.HEARTS, rules),)), keep=True)
    game.record(ev.Ask("Bob"), keep=True)
    game.sheet(keep=True)
    game.correct("replace", 3, ev.Exchange("Bob"))
    codes = [n.code for _, n in game.sheet(keep=True).notices]
    assert "notice.ask" not in codes and "notice.exchange" in codes
