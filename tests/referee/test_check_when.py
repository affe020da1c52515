"""``terts check when``: «may I declare now?» answered at a moment of the deal told rather than
recorded (§4.3): each moment of the rule book through ``when_verdict`` naming its rule and
source, the same answers as the referee gives a ``declare`` event at that moment (over simulated
deals). The command's JSON, words, help and refusals are tested in tests/cli/.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terts_referee.domain.cards import Suit, parse_cards
from terts_referee.domain.declarations import find_declarations, parse_combo
from terts_referee.domain.events import Declare, Trick
from terts_referee.domain.rules import load_ruleset
from terts_referee.errors import RuleError
from terts_referee.referee import Status, replay
from terts_referee.referee.moments import Moment, when_verdict
from tests.property.test_simulated_deals import SETTINGS, events_of, ruleset
from tests.simulator import SimRules, simulate

H = Suit.HEARTS


def verdict(rules: str, combo: str, trick: int, **moment):
    r = load_ruleset(rules)
    for name in ("declared", "this_turn", "opponent"):
        moment[name] = tuple(parse_combo(c, H, r) for c in moment.get(name, ()))
    if "asked" in moment:
        moment["asked"] = parse_combo(moment["asked"], H, r)
    if "hand" in moment:
        moment["hand"] = frozenset(parse_cards(moment["hand"]))
    if "face_up" in moment:
        moment["face_up"] = parse_cards(moment["face_up"])[0]
    return when_verdict(r, parse_combo(combo, H, r), Moment(trick, trump=H, **moment))


MOMENTS = [
    pytest.param(
        "classic",
        "50:Kп",
        3,
        {"this_turn": ("marriage",)},
        True,
        False,
        "yes",
        None,
        id="§4.3 [000]: a marriage goes alongside and uses up no turn",
    ),
    # (rules, combo, trick, moment, allowed, refused, code, key fragment)
    pytest.param(
        "classic",
        "50:Kп",
        3,
        {},
        True,
        False,
        "yes",
        'when = "lead"',
        id="§4.3 [000][002]: the leader, with 9 cards, before trick 3",
    ),
    pytest.param(
        "classic",
        "50:Kп",
        3,
        {"leads": False},
        False,
        True,
        "not-leader",
        'when = "lead"',
        id="§4.3 [000][002]: the follower under lead",
    ),
    pytest.param(
        "classic",
        "50:Kп",
        8,
        {"leads": False},
        False,
        True,
        "not-leader",
        'when = "lead"',
        id="§4.3 [000][002]: the follower has no last moment of his own before trick 8",
    ),
    pytest.param(
        "book",
        "50:Kп",
        8,
        {"leads": False},
        True,
        False,
        "yes",
        'when = "own-turn"',
        id="§4.3 [001]: either player before his card, the last moment before trick 8",
    ),
    pytest.param(
        "classic",
        "50:Kп",
        9,
        {},
        False,
        False,
        "late",
        "late_uphill",
        id="§4.3 [000]: before trick 9, after the last 9-card moment: late, priced",
    ),
    pytest.param(
        "classic",
        "marriage",
        12,
        {"leads": False},
        True,
        False,
        "yes",
        None,
        id="§4.3 [000][003]: a marriage before any trick, by either player",
    ),
    pytest.param(
        "classic",
        "marriage",
        4,
        {"opponent": ("marriage",)},
        False,
        True,
        "marriage-written",
        'marriage = "trump"',
        id="§4.3: one trump marriage a deal",
    ),
    pytest.param(
        "classic",
        "4Q",
        1,
        {},
        False,
        True,
        "no-fours",
        'before_break = "sequences"',
        id="§4.3 [000] rule 1: no fours before the break",
    ),
    pytest.param(
        "classic",
        "terts:Qп",
        1,
        {},
        True,
        False,
        "yes",
        None,
        id="§4.3 [000]: a run before the break",
    ),
    pytest.param(
        "strict",
        "terts:Qп",
        1,
        {},
        False,
        True,
        "none-before-break",
        'before_break = "none"',
        id="§4.3 [002]: nothing before the break",
    ),
    pytest.param(
        "book",
        "4Q",
        1,
        {"leads": False},
        True,
        False,
        "yes",
        None,
        id="§4.3 [001]: everything before the first lead",
    ),
    pytest.param(
        "follow",
        "4Q",
        1,
        {},
        True,
        False,
        "yes",
        None,
        id="§4.3 [003][004]: nine cards in hand, the break not named",
    ),
    pytest.param(
        "classic",
        "terts:Qп",
        3,
        {"this_turn": ("50:Кб",)},
        False,
        True,
        "turn-used",
        "multiple = false",
        id="§4.3 [000][002]: one declaration per turn",
    ),
    pytest.param(
        "multi",
        "terts:Qп",
        3,
        {"this_turn": ("50:Кб",)},
        True,
        False,
        "yes",
        None,
        id="§4.3 [000] variant: several per turn, lower after higher",
    ),
    pytest.param(
        "multi",
        "50:Kб",
        3,
        {"this_turn": ("terts:Qп",)},
        False,
        True,
        "highest-first",
        "multiple = true",
        id="§4.3 [000] variant: several per turn go highest first",
    ),
    pytest.param(
        "multi",
        "terts:Kп",
        3,
        {"this_turn": ("terts:Aп",)},
        False,
        True,
        "share",
        "multiple = true",
        id="§4.3 [000] variant: runs of one turn share no card",
    ),
    pytest.param(
        "classic",
        "terts:Jп",
        3,
        {"declared": ("50:Qп",)},
        False,
        False,
        "lowering",
        'lowering = "suit"',
        id="§4.3 [000]: a lowering is recorded, minus its value",
    ),
    pytest.param(
        "book",
        "terts:Qп",
        3,
        {"declared": ("50:Kп",)},
        False,
        True,
        "lowering",
        'lowering_penalty = "refuse"',
        id="§4.3 [001]: after fifty from K♠ no terts from Q♠",
    ),
    pytest.param(
        "book",
        "terts:Jп",
        3,
        {"declared": ("50:Kп",)},
        True,
        False,
        "yes",
        None,
        id="§4.3 [001]: a drawn 9♠ opens terts from J♠",
    ),
    pytest.param(
        "classic",
        "50:Kп",
        5,
        {"declared": ("50:Kп",)},
        False,
        True,
        "repeat",
        None,
        id="§4.3: the same combination again is a repeat, not a lowering",
    ),
    pytest.param(
        "classic",
        "terts:Qт",
        3,
        {"opponent": ("terts:Кт",)},
        False,
        True,
        "one-deck",
        None,
        id="§4.3 [000] rule 5: one deck, no card in two hands",
    ),
    pytest.param(
        "classic",
        "terts:Qч",
        3,
        {"opponent": ("terts:Aч",), "face_up": "Q♥"},
        False,
        True,
        "one-deck",
        None,
        id="§4.3 [000] rule 5: the face-up Q♥ ends in one hand, so is no exception",
    ),
    pytest.param(
        "book",
        "105:Вп",
        3,
        {"asked": "terts:Aч"},
        False,
        True,
        "forfeit",
        "same-class",
        id="§4.2 [001]: the asker forfeits a higher class in that turn",
    ),
    pytest.param(
        "book",
        "4J",
        3,
        {"asked": "terts:Aч"},
        True,
        False,
        "yes",
        None,
        id="§4.2 [001]: but keeps his four jacks",
    ),
    pytest.param(
        "classic",
        "50:Kп",
        3,
        {"hand": "Кп Дп Вп 9п 7ч"},
        False,
        False,
        "not-held",
        None,
        id="§6 [000] rule 5: a combination not in the hand given is a false declaration",
    ),
]


@pytest.mark.parametrize(
    ("rules", "combo", "trick", "moment", "allowed", "refused", "code", "key"), MOMENTS
)
def test_the_moments_of_the_rule_book(rules, combo, trick, moment, allowed, refused, code, key):
    """§4.3 (and §4.2's forfeit): yes or no, recorded at a price or refused, the key."""
    v = verdict(rules, combo, trick, **moment)
    assert (v.allowed, v.refused, v.code) == (allowed, refused, code), v.reason
    assert v.rule.startswith("§") and v.source.startswith("[")
    if key:
        assert key in v.key, v.key


# --- the same answers as the referee ----------------------------------------------------------


@given(
    seed=st.integers(0, 2**32 - 1),
    rules=st.sampled_from(["classic", "book", "strict", "follow", "multi"]),
    trick=st.integers(1, 12),
    follower=st.booleans(),
    pick=st.integers(0, 100),
)
@settings(SETTINGS, max_examples=250)
def test_check_when_answers_as_the_referee_judges(seed, rules, trick, follower, pick):
    """At a moment of a simulated deal (true declarations made), a declaration from the player's
    true hand: ``check when`` refuses it exactly when the referee refuses the ``declare`` event,
    and says it scores exactly when the referee writes it as scored."""
    r = ruleset(rules)
    deal = simulate(seed, ("Ann", "Bob"), "Bob", rules=SimRules.of(r), declare=0.6)
    events = events_of(deal, r)
    tricks = [i for i, e in enumerate(events) if isinstance(e, Trick)]
    prefix = events[: tricks[trick - 1]]
    leader = deal.leader_of(trick)
    player = deal.other(leader) if follower else leader
    hand = deal.hand_before(trick, player)
    found = find_declarations(hand, deal.trump, r)
    if not found:
        return
    decl = found[pick % len(found)]
    sheet = replay(("Ann", "Bob"), prefix, r)
    now = sheet.deals[-1]
    mine = [x for x in now.declarations if x.player == player]
    moment = Moment(
        trick,
        player == leader,
        deal.trump,
        deal.face_up,
        hand,
        tuple(x.decl for x in mine),
        tuple(x.decl for x in mine if x.trick == trick),
        tuple(x.decl for x in now.declarations if x.player != player),
    )
    v = when_verdict(r, decl, moment)
    try:
        after = replay(("Ann", "Bob"), [*prefix, Declare(player, (decl,))], r)
    except RuleError as exc:
        assert v.refused, (v.code, str(exc))
        return
    assert not v.refused, (v.code, v.reason)
    status = after.deals[-1].declarations[-1].status
    assert v.allowed == (status == Status.SCORED), (v.code, status)
