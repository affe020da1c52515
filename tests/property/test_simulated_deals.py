"""Simulated deals replayed through the library: the referee against an independent simulator.

``tests/simulator.py`` plays whole deals by §2-§3 with its own trick orders, card points,
follow rule and draws; here every deal becomes events (``DealEvent``, ``Exchange``, ``Declare``,
``Trick``) and ``replay`` must agree: 150 card points, the same split, the same rounded deal
points, the last trick and the next dealer, no penalty for a legal deal, and every injected
renege caught once later play proves it (§3, §6 ``penalties.renege``).
"""

from __future__ import annotations

import random
from functools import cache
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from terts_referee.domain.cards import DECK, Card, Suit
from terts_referee.domain.declarations import parse_combo
from terts_referee.domain.events import DealEvent, Declare, Event, Exchange, PenaltyKind, Trick
from terts_referee.domain.play import legal_follows, trick_winner
from terts_referee.domain.rules import Ruleset, load_ruleset
from terts_referee.i18n.sentences import say
from terts_referee.referee import replay, round_points
from tests.simulator import (
    SimDeal,
    SimRules,
    find_deal,
    full_deck,
    legal_cards,
    round_deal,
    simulate,
    takes,
)

PLAYERS = ("Ann", "Bob")
SETTINGS = settings(
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@cache
def ruleset(name: str):
    """Bundled rulesets, plus classic variants under the keys this suite exercises."""
    classic = load_ruleset("classic")
    variants = {
        "classic+flag": {"penalties": {"renege": "flag"}},
        "classic+jack-free": {"play": {"trump_jack": "free"}},
        "classic+follow": {"play": {"while_stock": "follow"}},
        "classic+half-up": {"scoring": {"rounding": "half-up"}},
    }
    if name in variants:
        return classic.with_values(**variants[name])
    return load_ruleset(name)


RULESETS = (
    "classic",
    "short",
    "exact",
    "book",
    "follow",
    "strict",
    "classic+flag",
    "classic+jack-free",
    "classic+follow",
    "classic+half-up",
)


def events_of(deal: SimDeal, rules: Ruleset, dealer: str | None = "given") -> list[Event]:
    """The deal as the referee's events; ``dealer=None`` leaves the dealer to the rotation."""
    first = deal.dealer if dealer == "given" else dealer
    events: list[Event] = [DealEvent(first, deal.trump, deal.face_up)]
    for action in deal.actions:
        if action[0] == "exchange":
            events.append(Exchange(action[1]))
        elif action[0] == "declare":
            combos = tuple(parse_combo(d.combo(), deal.trump, rules) for d in action[2])
            events.append(Declare(action[1], combos))
        else:
            events.append(Trick(action[1].lead, action[1].follow))
    return events


def trick_event_number(events, trick: int) -> int:
    """The 1-based event number of trick ``trick`` in ``events``."""
    numbers = [i for i, e in enumerate(events, start=1) if isinstance(e, Trick)]
    return numbers[trick - 1]


def penalties(deal, kind: PenaltyKind | None = None):
    return [p for p in deal.penalties if kind is None or p.kind is kind]


# --- the simulator checks itself ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_simulator_deals_by_the_rules(seed):
    """§2: 9 cards each, the face-up card drawn last by the loser of trick 7, 14 draws, every card
    played once, the non-dealer leads trick 1 and each winner the next; §1: 150 points."""
    dealer = PLAYERS[seed % 2]
    deal = simulate(seed, PLAYERS, dealer, exchange=0.3 if seed % 3 else 0.0)
    assert all(len(h) == 9 for h in deal.hands.values())
    assert not deal.hands["Ann"] & deal.hands["Bob"]
    assert deal.face_up not in deal.hands["Ann"] | deal.hands["Bob"]
    assert deal.trump == deal.face_up.suit
    assert len(deal.draws) == 14
    for k in range(1, 8):
        (_, first, _), (_, second, _) = [d for d in deal.draws if d[0] == k]
        winner = deal.tricks[k - 1].winner
        assert (first, second) == (winner, deal.other(winner)), "the winner draws first"
    assert deal.draws[-1][1] == deal.other(deal.tricks[6].winner)
    assert deal.draws[-1][2] == (deal.last_drawn)
    if deal.exchange is None:
        assert deal.last_drawn == deal.face_up
    played = [c for t in deal.tricks for c in (t.lead, t.follow)]
    assert len(played) == len(set(played)) == 32
    assert deal.tricks[0].leader == deal.non_dealer
    for a, b in pairwise(deal.tricks):
        assert b.leader == a.winner
    assert sum(deal.card_points.values()) == 150
    for k in range(1, 9):
        assert all(len(deal.hand_before(k, p)) == 9 for p in PLAYERS), "9 cards before tricks 1-8"
    for t in deal.tricks[7:]:
        hand = deal.hand_before(t.number, t.follower)
        assert t.follow in legal_cards(hand, t.lead, deal.trump), "legal play in the final phase"


@pytest.mark.parametrize(
    ("points", "rounded"),
    [(0, 0), (4, 0), (5, 0), (6, 10), (25, 20), (26, 30), (135, 130), (136, 140), (150, 150)],
)
def test_half_down_rounding(points, rounded):
    """§5 scoring.rounding = "half-down": to tens, a final 5 goes down [000][001][003]."""
    assert round_deal(points, "half-down") == rounded
    assert round_points(points, "half-down") == rounded


@given(
    hand_size=st.integers(1, 9),
    seed=st.integers(0, 2**32 - 1),
    trump=st.sampled_from(list(Suit)),
    rules=st.sampled_from(["classic", "follow", "classic+jack-free", "classic+follow"]),
    final=st.booleans(),
)
@SETTINGS
def test_legal_follows_agrees_with_the_simulator(hand_size, seed, trump, rules, final):
    """§3: the library's follow rule and trick winner against the simulator's own."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    hand, lead, other = deck[:hand_size], deck[hand_size], deck[hand_size + 1]
    r = ruleset(rules)
    ours = (
        frozenset(hand)
        if not final and r.play.while_stock == "free"
        else legal_cards(hand, lead, trump, must_beat=final, trump_jack=r.play.trump_jack)
    )
    assert legal_follows(hand, lead, trump, r, final) == ours
    assert (trick_winner(lead, other, trump) == 1) == takes(lead, other, trump)


def test_simulator_deck_is_the_referee_deck():
    assert set(full_deck()) == set(DECK)
    assert sum(c.points(Suit.HEARTS) for c in DECK) == 140


# --- legal deals: the referee agrees and accuses nobody -------------------------------------------


@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.sampled_from(PLAYERS),
    rules=st.sampled_from(RULESETS),
    exchange=st.sampled_from([0.0, 0.3, 1.0]),
    declare=st.sampled_from([0.0, 0.5, 1.0]),
)
@settings(SETTINGS, max_examples=1500)
def test_legal_deals_replay_like_the_simulator(seed, dealer, rules, exchange, declare):
    """§1, §5: card points sum to 150 and match; rounded points, last trick and the next dealer
    match; true declarations score; no renege, false-declaration, late or lowering penalty."""
    r = ruleset(rules)
    deal = simulate(
        seed,
        PLAYERS,
        dealer,
        rules=SimRules.of(r),
        exchange=exchange,
        declare=declare,
        exchange_declared_seven=False,  # see test_exchanged_declared_seven_is_no_false_declaration
    )
    events = events_of(deal, r)
    over = [p for p in PLAYERS if deal.points[p] >= r.game.target]
    sheet = replay(PLAYERS, events if over else [*events, DealEvent()], r)
    got = sheet.deals[0]
    assert got.card_points is not None  # a finished deal's
    assert sum(got.card_points.values()) == 150
    assert got.card_points == deal.card_points
    assert {p: got.declared(p) for p in PLAYERS} == deal.declared
    assert got.points == deal.points
    assert got.totals == deal.points
    assert got.last_trick == deal.last_trick
    assert got.finished
    assert got.penalties == []
    said = [n.code for n in got.notices]
    assert not any(c.startswith(("notice.renege", "notice.false", "notice.lowering")) for c in said)
    words = [say(n, "en") for n in got.notices]
    assert not any("renege" in n or "false" in n or "lowering" in n for n in words)
    assert [r.status for r in got.declarations] == ["scored"] * len(deal.declarations)
    if over:  # §5: whoever reaches his target wins; both: the last trick's taker [000][002]
        assert sheet.finished
        assert sheet.winner == (over[0] if len(over) == 1 else deal.last_trick)
    else:
        assert not sheet.finished
        nxt = sheet.deals[1]
        assert nxt.dealer == deal.next_dealer, "the last trick's taker deals next [000][001][003]"
        assert nxt.leader == deal.other(deal.next_dealer)


@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(["classic", "exact", "book"]))
@settings(SETTINGS, max_examples=60)
def test_games_of_several_deals_keep_running_totals(seed, rules):
    """Deals chained by the rotation: each deal's totals add up and each last-trick taker deals."""
    r = ruleset(rules)
    events, deals = [], []
    dealer = PLAYERS[seed % 2]
    for i in range(3):
        deal = simulate(seed + i, PLAYERS, dealer, rules=SimRules.of(r))
        events += events_of(deal, r, dealer=None if i else "given")
        deals.append(deal)
        dealer = deal.next_dealer
    sheet = replay(PLAYERS, events, r)  # at most 3 x 150 points: nobody reaches 501
    running = {p: 0 for p in PLAYERS}
    for got, deal in zip(sheet.deals, deals, strict=True):
        assert got.dealer == deal.dealer
        for p in PLAYERS:
            running[p] += deal.points[p]
        assert got.totals == running
    assert sheet.totals == running and not sheet.finished


# --- reneges: caught once later play proves them --------------------------------------------------


@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.sampled_from(PLAYERS),
    renege_at=st.integers(8, 15),
    rules=st.sampled_from(["classic", "classic+flag", "classic+jack-free", "book", "follow"]),
    exchange=st.sampled_from([0.0, 0.5]),
)
@settings(SETTINGS, max_examples=700)
def test_injected_renege_is_caught_when_proven(seed, dealer, renege_at, rules, exchange):
    """§3, §6: a final-phase renege is flagged at the trick where the offender's own later play
    (or the face-up card he drew) shows he could have followed, beaten or trumped; not before.
    Under "deal-to-opponent" the opponent takes all 150 card points; under "flag" none move."""
    r = ruleset(rules)
    deal = simulate(
        seed, PLAYERS, dealer, rules=SimRules.of(r), renege_at=renege_at, exchange=exchange
    )
    assume(deal.renege is not None)
    ren = deal.renege
    assert ren is not None  # assumed above
    events = events_of(deal, r)
    proof = trick_event_number(events, ren.proven_at_public)
    before = replay(PLAYERS, events[: proof - 1], r).deals[0]
    assert penalties(before, PenaltyKind.RENEGE) == [], "not flagged before it is proven"
    sheet = replay(PLAYERS, events, r)
    got = sheet.deals[0]
    flagged = penalties(got, PenaltyKind.RENEGE)
    assert [(p.player, p.event, p.auto) for p in flagged] == [(ren.player, proof, True)]
    assert flagged[0].note.code == "note.renege" and flagged[0].note.params["trick"] == ren.trick
    assert f"trick {ren.trick}" in say(flagged[0].note, "en")
    assert any(
        f"renege at trick {ren.trick}: {ren.player}" in n
        and f"proven at trick {ren.proven_at_public}" in n
        for n in (say(v, "en") for v in got.notices)
    )
    assert penalties(got) == flagged, "no other penalty"
    assert got.card_points is not None  # a finished deal's
    assert sum(got.card_points.values()) == 150
    if r.penalties.renege == "deal-to-opponent":
        assert got.card_points == {ren.player: 0, deal.other(ren.player): 150}
    else:
        assert got.card_points == deal.card_points
    assert got.card_points == deal.scored_card_points
    assert got.points == deal.points


def test_renege_penalty_names_the_follower_not_the_leader():
    """A concrete deal, seed-found: the follower of the renege trick is the one penalised."""
    r = ruleset("classic")
    deal = _first(lambda d: d.renege is not None and d.renege.trick == 9, renege_at=9)
    assert deal.renege is not None  # found for it
    got = replay(PLAYERS, events_of(deal, r), r).deals[0]
    (pen,) = penalties(got, PenaltyKind.RENEGE)
    assert pen.player == deal.renege.player == deal.tricks[8].follower
    assert got.card_points is not None and got.card_points[deal.tricks[8].leader] == 150


def _first(predicate, **kwargs):
    return find_deal(predicate, limit=5000, players=PLAYERS, dealer="Bob", **kwargs)


# --- referee bugs found by the simulator ----------------------------------------------------------


def test_exchanged_declared_seven_is_no_false_declaration():
    """§3 exchange, §4.2, §6: Ann holds 9♥ 8♥ 7♥ (hearts trump, A♥ face up) and declares the terts
    before trick 1, then swaps 7♥ for A♥. The 7♥ lies under the stock, goes to the loser of trick
    7 (Bob), and Bob plays it: that proves nothing against Ann's declaration."""
    r = ruleset("classic")
    c = Card.parse
    events: list[Event] = [
        DealEvent("Bob", Suit.HEARTS, c("Ah")),
        Declare("Ann", (parse_combo("9h,8h,7h", Suit.HEARTS, r),)),
        Trick(c("Ks"), c("As")),  # Bob wins and leads
        Exchange("Ann"),
        *(
            Trick(c(a), c(b))
            for a, b in map(str.split, ["Qs Js", "Kc Qc", "Kd Qd", "Ac Jc", "Ad Jd"])
        ),
        Trick(c("8s"), c("9s")),  # trick 7: Bob loses and draws the last card, 7♥
        Trick(c("9h"), c("7h")),  # trick 8: Ann leads 9♥, Bob plays the 7♥
    ]
    sheet = replay(PLAYERS, events, r)
    got = sheet.deals[0]
    assert [d.status for d in got.declarations] == ["scored"]
    assert penalties(got, PenaltyKind.FALSE_DECLARATION) == []
    assert sheet.uphill == {"Ann": 0, "Bob": 0}


def test_renege_proven_by_the_card_taken_in_an_exchange():
    """§3: Bob swapped the trump 7 for the face-up A (trump), so the referee knows he holds it;
    when in the final phase he follows a trump lead under it with a low trump while that A would
    have overtaken, the renege is proven at once, as it is for the face-up card he drew."""
    r = ruleset("classic")
    deal = _first(
        lambda d: (
            d.renege is not None
            and d.exchange is not None
            and d.renege.proven_at_public < d.renege.proven_at
        ),
        renege_at=8,
        exchange=1.0,
    )
    events = events_of(deal, r)
    got = replay(
        PLAYERS, events[: trick_event_number(events, deal.renege.proven_at_public)], r
    ).deals[0]
    assert [p.player for p in penalties(got, PenaltyKind.RENEGE)] == [deal.renege.player]


# --- evidence only from cards truly held (§3) -----------------------------------------------


@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.sampled_from(PLAYERS),
    renege_at=st.sampled_from([None, 8, 9, 11, 13]),
    rules=st.sampled_from(["classic", "book", "follow", "classic+follow", "classic+flag", "multi"]),
    exchange=st.sampled_from([0.0, 0.5]),
    declare=st.sampled_from([0.0, 0.5]),
    lie=st.sampled_from([0.3, 0.7]),
)
@settings(SETTINGS, max_examples=600)
def test_a_renege_is_flagged_only_from_cards_truly_held(
    seed, dealer, renege_at, rules, exchange, declare, lie
):
    """§3 [000][003][004]: a renege is proven only by a card the offender truly held at that
    trick. Deals with false declarations mixed in (each with a card the opponent holds, so that
    his play or exchange shows it): at the end every standing renege is a real one (the card he
    played was not allowed from his true hand), every true final-phase renege injected is caught,
    every false declaration recorded is found false, and the cards the referee takes a player to
    hold at a trick are all in his true hand then (never in two hands, never one just played)."""
    r = ruleset(rules)
    deal = simulate(
        seed,
        PLAYERS,
        dealer,
        rules=SimRules.of(r),
        renege_at=renege_at,
        exchange=exchange,
        declare=declare,
        lie=lie,
    )
    events = events_of(deal, r)
    sheet = replay(PLAYERS, [*events, DealEvent()], r, strict=False)
    # only declarations may be refused (a lie sharing a card with the opponent's, a second one
    # in a turn, one out of the leader's turn): every trick and exchange stands
    assert all(isinstance(events[i - 1], Declare) for i in sheet.skipped if i <= len(events))
    got = sheet.deals[0]
    assert got.finished and len(got.tricks) == 16
    standing = [p for _, p in got.standing_reneges() if p.auto]
    for pen in standing:
        assert pen.trick is not None  # a renege is of a trick
        sim = deal.tricks[pen.trick - 1]
        hand = deal.hand_before(pen.trick, sim.follower)
        final = pen.trick >= 8
        legal = legal_cards(
            hand, sim.lead, deal.trump, must_beat=final, trump_jack=r.play.trump_jack
        )
        assert pen.player == sim.follower and sim.follow not in legal, (pen.trick, pen.note)
    if deal.renege is not None:
        assert deal.renege.trick in {p.trick for p in standing}, "a true renege is caught"
    # a lie with the cards of a true declaration of his (made before he exchanged its 7) is a
    # repeat, refused: the record of those cards is the true one
    truths = {(d.player, frozenset(d.cards)) for d in deal.declarations if not d.false}
    lies = {(d.player, frozenset(d.cards)) for d in deal.declarations if d.false} - truths
    for rec in got.declarations:
        if (rec.player, rec.decl.cards()) in lies:
            assert rec.status == "false", (rec.decl, rec.status)
    for k in range(1, 17):
        for player in PLAYERS:
            known = got.shown_held(player, k)
            assert known <= deal.hand_before(k, player), (k, player, known)
