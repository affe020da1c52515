"""One long deal: `sheet` and `sheet --as` cost the same per event however long the deal is, and
a deal holds at most MAX_DEAL_DECLARATIONS declarations (refused when recorded, set aside when
loaded).

Linearity is checked by counting the Python calls a replay makes (deterministic, unlike a
timing): ten times the events, about ten times the calls. The what-if replay's skipped events
are undone exactly as a deep copy of the whole state would undo them.
"""

from __future__ import annotations

import sys

import pytest

from terts_referee.api import (
    ChallengeRequest,
    DealRequest,
    DeclareRequest,
    EventRefused,
    GameFile,
    PenaltyRequest,
)
from terts_referee.domain.cards import Rank, Suit
from terts_referee.domain.declarations import Declaration
from terts_referee.domain.events import DealEvent, Declare, Penalty, PenaltyKind
from terts_referee.domain.rules import load_ruleset
from terts_referee.game.model import Game
from terts_referee.game.storage import write_game
from terts_referee.output.report.sheet import sheet_json
from terts_referee.referee import replay
from terts_referee.referee.records import MAX_DEAL_DECLARATIONS
from tests.helpers import said
from tests.referee.test_referee import _whole_copy_replay

A, B = "Аня", "Боря"


def house():
    classic = load_ruleset("classic")
    return classic._replace(
        name="house",
        game=classic.game._replace(target=5000),
        exchange=classic.exchange._replace(mandatory=True),
    )


def long_deal(n: int, declarations: int = 4) -> list:
    """One open quick deal: declarations, then penalties (a trump-seven one in four, which
    classic refuses: skipped by a what-if under classic). The declarations repeat two runs, as a
    game file of an earlier version may hold them (a repeat recorded now is refused): they are
    replayed as events of a file (``recorded``)."""
    events: list = [DealEvent(None, Suit.HEARTS, None, quick=True)]
    runs = (
        Declaration.sequence(3, Rank.QUEEN, Suit.SPADES),
        Declaration.sequence(3, Rank.KING, Suit.CLUBS),
    )
    events += [Declare((A, B)[i % 2], (runs[i % 2],)) for i in range(declarations)]
    cycle = [
        Penalty(A, PenaltyKind.MISCOUNT, points=10),
        Penalty(B, PenaltyKind.MISCOUNT, points=10),
        Penalty(A, PenaltyKind.MISCOUNT, points=5),
        Penalty(B, PenaltyKind.TRUMP_SEVEN, points=0),
    ]
    while len(events) < n:
        events.append(cycle[len(events) % 4])
    return events[:n]


def calls(run) -> int:
    """The Python function calls ``run()`` makes."""
    count = [0]

    def profile(frame, event, arg):
        if event == "call":
            count[0] += 1

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count[0]


@pytest.mark.slow  # deals of thousands of events, replayed whole: the full run has them
@pytest.mark.parametrize("what_if", [None, "classic"], ids=["sheet", "sheet --as classic"])
@pytest.mark.parametrize("declarations", [4, MAX_DEAL_DECLARATIONS])
def test_a_replay_is_linear_in_the_events_of_one_deal(what_if, declarations):
    rules = house()
    other = load_ruleset(what_if) if what_if else None

    def replayed(n):
        events = long_deal(n, declarations)
        return lambda: replay(
            (A, B), events, other or rules, strict=other is None, recorded=len(events)
        )

    small, large = calls(replayed(1000)), calls(replayed(10000))
    assert large / small < 11, (small, large)  # quadratic would be about 100


@pytest.mark.slow
def test_the_what_if_of_a_long_deal_is_what_a_deep_copy_gives():
    events = long_deal(400, declarations=30)
    game = Game((A, B), house(), events, quick=True)
    classic = load_ruleset("classic")
    got = game.sheet(classic)
    assert len(got.skipped) > 90
    want = _whole_copy_replay(events, classic, (A, B), recorded=len(events))
    assert sheet_json(game, got) == sheet_json(game, want)
    assert got.notices == want.notices


def test_the_declaration_after_the_bound_is_refused_when_recorded(tmp_path):
    file = GameFile.create(tmp_path / "g.toml", [A, B])
    file.record(DealRequest("h"))
    doc_events = long_deal(1 + MAX_DEAL_DECLARATIONS, MAX_DEAL_DECLARATIONS)
    game = Game((A, B), load_ruleset("classic"), doc_events, quick=True)  # a file's events
    write_game(file.path, game.to_doc())
    before = file.path.read_bytes()
    for request in (DeclareRequest(A, ["marriage"]), ChallengeRequest(B, "50:As")):
        with pytest.raises(EventRefused) as info:
            file.record(request)
        assert f"deal 1 already holds {MAX_DEAL_DECLARATIONS} declarations" in said(info.value)
        assert file.path.read_bytes() == before
    file.record(PenaltyRequest(A, "miscount", points=10))  # other events still go in


def test_a_file_past_the_bound_opens_its_declarations_past_it_set_aside(tmp_path):
    events = long_deal(1 + MAX_DEAL_DECLARATIONS + 20, MAX_DEAL_DECLARATIONS + 20)
    game = Game((A, B), load_ruleset("classic"), events, quick=True)
    past = list(range(MAX_DEAL_DECLARATIONS + 2, MAX_DEAL_DECLARATIONS + 22))
    assert sorted(game.sheet().set_aside) == past
    path = tmp_path / "g.toml"
    write_game(path, game.to_doc())
    file = GameFile(path)
    now = file.snapshot()
    assert sheet_json(now.game, now.sheet)["set_aside"] == past
    first = file.log().entries[past[0] - 1]
    assert first.number == past[0] and first.set_aside is not None
    assert f"event {past[0]} would be one more" in said(first.set_aside)
    assert f"already holds {MAX_DEAL_DECLARATIONS} declarations" in said(first.notices[0])
    notices = [n for _, n in file.sheet("exact").notices if "already holds" in said(n)]
    assert len(notices) == 20  # the what-if skips them, said per event
