"""§6 «Offences add up … the sheet is the same whatever order the penalties are written in»: a
differential property over simulated quick games.

Each deal is a legal one of ``tests/simulator.py`` (its true declarations, some with a lie the
simulator injects), written as a quick deal; mistakes are injected at random: a question «Рост?»
after the opponent's declaration, a lowering (a lower run of a suit already scored), and after
them a block of penalties naming random declarations and kinds (false, with or without the
combination, late, lowering, empty-challenge, miscount), some of which the referee refuses
(an offence that did not happen, one charged twice). The same game with its penalty blocks in
two random orders must give the same totals, uphill, deal points and winner.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from terts_referee.domain.declarations import Declaration, Kind
from terts_referee.domain.events import Ask, DealEvent, Declare, Penalty, PenaltyKind, Score
from terts_referee.referee import replay
from tests.property.test_simulated_deals import events_of, ruleset
from tests.simulator import simulate

PLAYERS = ("Ann", "Bob")

#: The kinds a penalty block draws from, the ones naming a declaration thrice as often.
KINDS = (
    [PenaltyKind.FALSE_DECLARATION] * 3
    + [PenaltyKind.LATE_DECLARATION] * 3
    + [PenaltyKind.LOWERING] * 3
    + [PenaltyKind.EMPTY_CHALLENGE] * 2
    + [PenaltyKind.MISCOUNT]
)


def lower_run(decl: Declaration) -> Declaration | None:
    """A run inside ``decl`` one card shorter at its bottom, or a terts below its top: a
    lowering under every ``declarations.lowering`` but ``allowed``."""
    if decl.kind is not Kind.SEQUENCE or decl.length is None or decl.length <= 3:
        return None
    assert decl.rank is not None and decl.suit is not None
    return Declaration.sequence(decl.length - 1, decl.rank, decl.suit)


def quick_game(seed: int, rules) -> tuple[list, list[tuple[int, int]]]:
    """A quick game's events and the (start, end) of each penalty block in them."""
    rng = random.Random(seed)
    events: list = []
    blocks: list[tuple[int, int]] = []
    for k in range(rng.randint(1, 3)):
        deal = simulate(seed * 11 + k, PLAYERS, None, exchange=0.0, declare=0.7, lie=0.2)
        events.append(DealEvent(None, deal.trump, deal.face_up, quick=True))
        declared: list[tuple[int, Declare]] = []
        for ev in events_of(deal, rules, dealer=None)[1:]:
            if not isinstance(ev, Declare):
                continue  # a quick deal records its declarations, not its tricks
            events.append(ev)
            declared.append((len(events), ev))
            if rng.random() < 0.3:  # the opponent asks «Рост?»
                events.append(Ask(PLAYERS[1 - PLAYERS.index(ev.player)]))
            low = lower_run(ev.combos[0])
            if low is not None and rng.random() < 0.4:  # a lowering, injected
                events.append(Declare(ev.player, (low,)))
                declared.append((len(events), events[-1]))
        start = len(events)
        for _ in range(rng.randint(0, 6)):
            events.append(random_penalty(rng, declared))
        blocks.append((start, len(events)))
        events.append(Score(rng.choice(PLAYERS), rng.randint(0, 150), rng.choice(PLAYERS)))
    return events, blocks


def random_penalty(rng: random.Random, declared: list[tuple[int, Declare]]) -> Penalty:
    kind = rng.choice(KINDS)
    if kind is PenaltyKind.MISCOUNT:
        return Penalty(rng.choice(PLAYERS), kind, rng.randint(1, 30))
    if kind is PenaltyKind.EMPTY_CHALLENGE or not declared:
        return Penalty(rng.choice(PLAYERS), PenaltyKind.EMPTY_CHALLENGE)
    number, ev = rng.choice(declared)
    combo = rng.choice(ev.combos) if kind is PenaltyKind.FALSE_DECLARATION else None
    points = rng.randint(0, 40) if kind is PenaltyKind.LOWERING and rng.random() < 0.2 else None
    return Penalty(ev.player, kind, points, number, combo)


def reordered(events: list, blocks: list[tuple[int, int]], rng: random.Random) -> list:
    out = list(events)
    for start, end in blocks:
        block = out[start:end]
        rng.shuffle(block)
        out[start:end] = block
    return out


def outcome(events: list, rules):
    """What the order must not change: totals, uphill, each deal's points, the winner; the
    referee judging the game as new, the penalties it refuses skipped."""
    sheet = replay(PLAYERS, events, rules, strict=False)
    return (
        sheet.totals,
        sheet.uphill,
        [d.points for d in sheet.deals],
        [sorted((str(r.decl), r.event, r.status) for r in d.declarations) for d in sheet.deals],
        sheet.winner,
    )


@given(
    seed=st.integers(0, 2**20),
    order=st.integers(0, 2**20),
    name=st.sampled_from(["classic", "book", "multi", "exact", "follow"]),
)
@settings(max_examples=150, deadline=None, database=None)
def test_the_sheet_is_the_same_in_any_order_of_the_penalties(seed, order, name):
    rules = ruleset(name)
    events, blocks = quick_game(seed, rules)
    rng = random.Random(order)
    first, second = reordered(events, blocks, rng), reordered(events, blocks, rng)
    assert outcome(first, rules) == outcome(second, rules)


def test_the_simulated_games_hold_the_mistakes_they_test():
    """The property is not vacuous: over a few seeds the penalties charge each kind, and some
    are refused (an offence that did not happen, one charged twice)."""
    rules = ruleset("classic")
    charged: set[PenaltyKind] = set()
    skipped = 0
    for seed in range(40):
        events, _ = quick_game(seed, rules)
        sheet = replay(PLAYERS, events, rules, strict=False)
        skipped += sum(1 for n in sheet.skipped if isinstance(events[n - 1], Penalty))
        for deal in sheet.deals:
            charged |= {p.kind for p in deal.penalties}
            charged |= {k for r in deal.declarations for k, _ in r.charged}
    assert {
        PenaltyKind.FALSE_DECLARATION,
        PenaltyKind.LATE_DECLARATION,
        PenaltyKind.LOWERING,
        PenaltyKind.EMPTY_CHALLENGE,
        PenaltyKind.MISCOUNT,
    } <= charged
    assert skipped > 10
