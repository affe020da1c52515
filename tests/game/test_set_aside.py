"""A stored event the referee no longer takes is set aside, shown and kept: never a locked file.

The games here are files an earlier version wrote: it took every event in them, and the referee
now reads the rules better (a late declaration is checked for truth, one deck is enforced, a
claim is judged against the target). Each game opens, the events that no longer hold are set
aside with the refusal's reason, and drop, undo and corrections work on it; a new event is
still judged strictly.
"""

from __future__ import annotations

import pytest

from terts_referee.domain.cards import Suit
from terts_referee.domain.declarations import Declaration, parse_combo
from terts_referee.domain.events import (
    Challenge,
    Claim,
    DealEvent,
    Declare,
    Penalty,
    PenaltyKind,
    Score,
)
from terts_referee.domain.rules import load_ruleset
from terts_referee.domain.verdicts import Remedy
from terts_referee.game.corrections import Action, CorrectionRefused
from terts_referee.game.model import Game
from terts_referee.game.storage import parsed_form
from terts_referee.referee import EventRefused, Status
from tests.helpers import raises_verdict, said
from tests.referee.test_source_verdicts import LATE_FIFTY_FALSE_BY_THE_LEAD
from tests.scripted import events as scripted

A, B = "Аня", "Боря"
H = Suit.HEARTS
CLASSIC = load_ruleset("classic")


def quick(by: str, points: int, last: str) -> list:
    return [DealEvent(None, H, None, quick=True), Score(by, points, last)]


#: Deal 5 trick by trick: Боря's late terts:K♦ after trick 8 (K♦ Q♦ J♦ all played by then).
DEAL_5 = LATE_FIFTY_FALSE_BY_THE_LEAD.replace("declare Боря 50:Кч", "declare Боря терц:Кб")


def won_earlier() -> Game:
    """A game the version before took to 490 for Аня after deal 5, with deal 6 after it. The
    late terts is false now too (its cards were played): Боря goes 100 uphill and Аня writes
    20, so she reaches 501 after deal 5 and deal 6 (events 27-29) comes after the win."""
    events = [*quick(B, 10, A), *quick(B, 10, A), *quick(B, 120, B), *quick(B, 120, B)]
    events += scripted(DEAL_5, CLASSIC)
    events += [
        DealEvent(None, H, None, quick=True),
        Declare(A, (parse_combo("50:Кч", H, CLASSIC),)),
        Score(A, 60, A),
    ]
    return loaded(events)


def loaded(events: list, rules=CLASSIC) -> Game:
    """The game as its file reads back."""
    return Game.from_doc(parsed_form(Game((A, B), rules, events).to_doc()))


def test_a_game_now_won_earlier_opens_with_the_events_after_the_win_set_aside():
    game = won_earlier()
    sheet = game.sheet()
    assert sorted(sheet.set_aside) == [27, 28, 29]
    assert all(r.code == "err.game_over" for r in sheet.set_aside.values())
    assert all(said(r).startswith("the game is over: Аня won") for r in sheet.set_aside.values())
    assert (sheet.winner, sheet.totals) == (A, {A: 510, B: 260})
    assert len(sheet.deals) == 5  # deal 6 is not on the sheet
    (notice,) = sheet.notices_for(28)
    assert notice.code == "notice.set_aside" and notice.remedy == Remedy("drop", {"number": 28})
    assert said(notice).startswith("event 28 no longer holds: the game is over")
    assert "kept in the file, not counted; drop it, or correct an earlier event" in said(notice)
    deal = sheet.deals[4]
    assert [p.kind for p in deal.penalties if p.kind is not PenaltyKind.RENEGE] == [
        PenaltyKind.LATE_DECLARATION,
        PenaltyKind.FALSE_DECLARATION,
    ]


def test_a_new_event_is_still_refused_at_once():
    game = won_earlier()
    with raises_verdict(EventRefused, "err.game_over") as refused:
        game.record(DealEvent(None, H, None, quick=True))
    assert refused.value.number == 30
    assert said(refused.value).startswith("the game is over: Аня won")
    assert len(game.events) == 29


@pytest.mark.parametrize(
    ("how", "left"),
    [
        pytest.param(lambda g: g.undo(), [27, 28], id="undo: the latest"),
        pytest.param(lambda g: g.correct("drop", 29), [27, 28], id="drop the latest"),
        pytest.param(lambda g: g.correct("drop", 28), [27, 28], id="drop the declaration"),
        # a deal event set aside whose events are set aside too is no deal on the sheet
        pytest.param(lambda g: g.correct("drop", 27), [27, 28], id="drop its deal"),
    ],
)
def test_a_set_aside_event_is_dropped_or_undone(how, left):
    game = won_earlier()
    how(game)
    again = loaded(game.events)
    assert sorted(game.sheet().set_aside) == sorted(again.sheet().set_aside) == left
    assert game.sheet().totals == {A: 510, B: 260}


def test_all_the_set_aside_events_dropped_leave_the_game_as_it_stands():
    game = won_earlier()
    for _ in range(3):
        game.undo()
    assert game.sheet().set_aside == {}
    assert game.sheet().winner == A and len(game.events) == 26


def test_a_correction_may_make_set_aside_events_stand_again():
    game = won_earlier()
    _, change, sheet = game.correct("drop", 18)  # Боря's late terts: never declared
    assert change.stands_again == (26, 27, 28)  # deal 6, numbered after the drop
    assert sheet.set_aside == {}
    assert (sheet.winner, sheet.totals) == (A, {A: 600, B: 350})
    assert change.to_json()["stands_again"] == [26, 27, 28]


def test_events_set_aside_do_not_block_a_correction_and_stay_set_aside():
    game = won_earlier()
    _, change, sheet = game.correct("replace", 2, Score(B, 0, A))  # deal 1 counted again
    assert sorted(sheet.set_aside) == [27, 28, 29]
    assert change.stands_again == ()
    assert sheet.deals[0].points == {A: 150, B: 0} and sheet.totals[A] == 520


def test_a_correction_that_breaks_an_event_that_stood_is_refused_naming_it():
    game = won_earlier()
    before = list(game.events)
    with raises_verdict(CorrectionRefused, "err.fix.broken") as refused:
        game.correct(Action.DROP, 8)  # deal 4's score: deal 4 stays open, deal 5 cannot start
    assert refused.value.number == 9
    assert said(refused.value).startswith(
        "event 9, the deal, no longer holds: deal 4 is still open"
    )
    assert game.events == before


def test_a_corrections_own_event_refused_is_refused_as_before():
    game = won_earlier()
    with raises_verdict(CorrectionRefused, "err.fix.own.replace") as refused:
        game.correct("replace", 28, Score(A, 60, A))  # the game is still over there
    assert refused.value.verdict.params["reason"].code == "err.game_over"
    assert "the game is over" in said(refused.value)
    assert sorted(game.sheet().set_aside) == [27, 28, 29]


def claim_short() -> Game:
    """Аня claimed deal 4 at 460 of 501 (an earlier version took it); the deal was then
    counted, and deal 5 played."""
    events = [*quick(B, 10, A), *quick(B, 10, A), *quick(B, 10, A)]
    events += [DealEvent(None, H, None, quick=True), Claim(A, 3, 40), Score(B, 100, B)]
    events += quick(B, 10, A)
    return loaded(events)


def test_a_claim_now_short_is_set_aside_and_the_deal_counted_by_its_score():
    game = claim_short()
    sheet = game.sheet()
    assert list(sheet.set_aside) == [8]
    assert sheet.set_aside[8].code == "err.claim.short"
    assert said(sheet.set_aside[8]).startswith("claim refused: Аня has 460 with this deal's 40")
    assert "short of the target 501 by 41" in said(sheet.set_aside[8])
    assert [d.points[A] for d in sheet.deals] == [140, 140, 140, 50, 140]
    assert (sheet.winner, sheet.totals[A]) == (A, 610)


def test_a_claim_set_aside_stands_again_when_a_correction_makes_it_reach():
    game = loaded(claim_short().events[:8])  # the claim is the latest event
    miscount = Penalty(B, PenaltyKind.MISCOUNT, points=50)  # Аня writes 50 in deal 4
    _, change, sheet = game.correct("insert", 8, miscount)
    assert change.stands_again == (9,)  # the claim, numbered after the insert
    assert sheet.set_aside == {}
    assert sheet.deals[3].claimed_by == A and sheet.winner == A


def test_a_claim_made_to_stand_again_may_not_break_the_events_that_stood_after_it():
    game = claim_short()
    miscount = Penalty(B, PenaltyKind.MISCOUNT, points=50)
    with raises_verdict(CorrectionRefused, "err.fix.broken") as refused:
        game.correct("insert", 8, miscount)  # the claim would win: deal 4's score comes after
    assert refused.value.number == 9
    assert said(refused.value).startswith("event 9, Боря's count, no longer holds: the game is")
    assert list(game.sheet().set_aside) == [8]


def test_a_one_deck_clash_is_set_aside_and_the_first_declaration_scores():
    terts = parse_combo("терц:Дч", H, CLASSIC)
    clash = parse_combo("терц:Кч", H, CLASSIC)  # K♥ Q♥ J♥: Q♥ and J♥ are Аня's
    game = loaded(
        [DealEvent(None, H, None, quick=True), Declare(A, (terts,)), Declare(B, (clash,))]
    )
    sheet = game.sheet()
    assert list(sheet.set_aside) == [3]
    assert sheet.set_aside[3].code == "err.one_deck"
    assert said(sheet.set_aside[3]).startswith("one deck (§4.3, [000] rule 5): Боря's terts:K♥")
    assert [(r.player, r.status) for r in sheet.deals[0].declarations] == [(A, Status.SCORED)]
    game.record(Score(B, 60, A))  # the game goes on
    assert game.sheet().deals[0].finished


def test_a_challenge_answers_the_declaration_before_an_event_set_aside():
    """An event set aside is not counted: a challenge after it answers the declaration before
    it, as it would in the file without it (§4.2)."""
    terts = parse_combo("терц:Дч", H, CLASSIC)
    assert terts.rank is not None  # a run's top card
    events = [
        DealEvent(None, H, None, quick=True),
        Declare(A, (terts,)),
        Penalty(A, PenaltyKind.FALSE_DECLARATION, target=1),  # names the deal: refused
        Challenge(B, Declaration.sequence(4, terts.rank, Suit.SPADES)),
    ]
    sheet = loaded(events).sheet()
    assert list(sheet.set_aside) == [3]
    assert [r.status for r in sheet.deals[0].declarations] == [Status.BURNED, Status.SCORED]
