"""§3, Playing to a trick: who takes it, and what the follower may play.

Each case names the rule and its source tag as the rule book (docs/rules.md) does.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terts_referee.domain.cards import DECK, Card, Rank, Suit, parse_card, parse_cards
from terts_referee.domain.play import beats, follow_obligation, legal_follows, trick_winner
from terts_referee.domain.rules import bundled_names, load_ruleset
from tests.helpers import said

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
RULESETS = {name: load_ruleset(name) for name in bundled_names()}
CLASSIC = RULESETS["classic"]
FOLLOW = RULESETS["follow"]
#: follow suit while the stock lasts, but the trump jack rule of classic (may-withhold)
FOLLOW_WITHHOLD = FOLLOW.with_values(play={"trump_jack": "may-withhold"})
#: classic's final phase with the trump jack of [003][004]
JACK_FREE = CLASSIC.with_values(play={"trump_jack": "free"})


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


# --- who takes the trick ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "follow", "trump", "winner"),
    [
        pytest.param("A♥", "10♥", S, 0, id="plain: A over 10 [000][002][003]"),
        pytest.param("10♥", "A♥", S, 1, id="plain: A over 10, follower"),
        pytest.param("K♥", "10♥", S, 1, id="plain: 10 over K"),
        pytest.param("J♥", "Q♥", S, 1, id="plain: Q over J"),
        pytest.param("9♥", "J♥", S, 1, id="plain: J over 9"),
        pytest.param("8♥", "9♥", S, 1, id="plain: 9 over 8"),
        pytest.param("8♥", "7♥", S, 0, id="plain: 8 over 7"),
        pytest.param("9♠", "J♠", S, 1, id="trump: J over 9 [000][002][003]"),
        pytest.param("J♠", "9♠", S, 0, id="trump: J over 9, leader"),
        pytest.param("A♠", "9♠", S, 1, id="trump: 9 over A"),
        pytest.param("10♠", "A♠", S, 1, id="trump: A over 10"),
        pytest.param("Q♠", "K♠", S, 1, id="trump: K over Q"),
        pytest.param("8♠", "Q♠", S, 1, id="trump: Q over 8"),
        pytest.param("A♥", "7♠", S, 1, id="any trump takes a plain card [000]"),
        pytest.param("7♠", "A♥", S, 0, id="a plain card never takes a trump [000]"),
        pytest.param("A♥", "7♣", S, 0, id="another plain suit never wins [000]"),
        pytest.param("7♥", "A♣", S, 0, id="a plain ace of another suit does not take a 7 [000]"),
        pytest.param("Q♦", "J♦", D, 1, id="trump jack over trump queen"),
    ],
)
def test_trick_winner(lead, follow, trump, winner):
    lead_card, follow_card = parse_card(lead), parse_card(follow)
    assert trick_winner(lead_card, follow_card, trump) == winner
    assert beats(follow_card, lead_card, trump) is bool(winner)


@given(lead=st.sampled_from(DECK), follow=st.sampled_from(DECK), trump=st.sampled_from(list(Suit)))
@settings(max_examples=300, deadline=None, database=None)
def test_trick_winner_by_definition(lead, follow, trump):
    """The higher trump if any trump was played; else the higher card of the led suit [000]."""
    if lead == follow:
        return
    winner = (lead, follow)[trick_winner(lead, follow, trump)]
    trumps = [c for c in (lead, follow) if c.suit is trump]
    if trumps:
        assert winner == max(trumps, key=lambda c: c.trick_strength(trump))
    else:
        led = [c for c in (lead, follow) if c.suit is lead.suit]
        assert winner == max(led, key=lambda c: c.trick_strength(trump))


# --- the final phase: follow, beat, trump (§3) ------------------------------------------

FINAL = [
    pytest.param(
        "K♠", "A♠ 9♠ 7♥ Q♦", "A♠", id="follow suit and beat when able [000][001][002][003]"
    ),
    pytest.param("K♠", "A♠ 10♠ 9♠ 7♦", "A♠ 10♠", id="any card that beats will do"),
    pytest.param("A♠", "K♠ 7♠ 7♥", "K♠ 7♠", id="follow without beating when unable"),
    pytest.param("A♠", "7♥ Q♥ K♦", "7♥ Q♥", id="void in the led suit: play a trump"),
    pytest.param("A♠", "K♦ 7♣", "K♦ 7♣", id="void of both: any card"),
    pytest.param("A♥", "9♥ K♥ 7♠", "9♥", id="trump led: overtake when able (9 over A)"),
    pytest.param("A♥", "J♥ 9♥ K♥ 7♠", "J♥ 9♥", id="trump led: J and 9 overtake the A"),
    pytest.param("9♥", "A♥ K♥ 7♠", "A♥ K♥", id="trump led: a trump, no overtaking possible"),
    pytest.param(
        "A♥", "J♥ 7♠ K♦", "J♥ 7♠ K♦", id="the lone trump jack withheld on a trump lead [000][002]"
    ),
    pytest.param(
        "9♥",
        "J♥ 7♥ K♦",
        "J♥ 7♥",
        id="the jack not forced though it alone could beat: any trump [000][002]",
    ),
    pytest.param("A♠", "J♥ K♦ 7♣", "J♥ K♦ 7♣", id="void, only the trump jack: any card [000]"),
    pytest.param("A♠", "J♥ 7♥ K♦", "J♥ 7♥", id="void, the jack and another trump: a trump"),
    pytest.param(
        "K♠",
        "7♠ J♥ A♦",
        "7♠",
        id="may-withhold does not excuse failing to follow a plain suit [000]",
    ),
    pytest.param("J♥", "A♥ 7♥ 7♠", "A♥ 7♥", id="the trump jack led: follow with a trump"),
    pytest.param("7♠", "J♠ Q♠ A♥", "J♠ Q♠", id="both plain cards beat a 7: either"),
]


@pytest.mark.parametrize(("lead", "hand", "legal"), FINAL)
def test_final_phase_legal_cards(lead, hand, legal):
    """Tricks 8-16, trump hearts, classic (trump_jack = "may-withhold")."""
    assert legal_follows(cards(hand), parse_card(lead), H, CLASSIC, final=True) == cards(legal)


@pytest.mark.parametrize(
    ("lead", "hand", "legal"),
    [
        pytest.param(
            "K♠", "A♠ 7♠ J♥", "A♠ J♥", id='trump_jack = "free": the jack replaces the obliged [003]'
        ),
        pytest.param("A♠", "K♠ J♥ 7♥", "K♠ J♥", id='"free": the jack instead of following'),
        pytest.param("A♠", "J♥ 7♥ K♦", "J♥ 7♥", id='"free": void, the jack is a trump anyway'),
        pytest.param("9♥", "J♥ 7♥", "J♥ 7♥", id='"free": trump led, any trump'),
        pytest.param("K♠", "A♠ 7♠ 9♥", "A♠", id='"free" frees the jack only, not the 9'),
    ],
)
def test_trump_jack_free(lead, hand, legal):
    """Key play.trump_jack = "free" [003][004]: the jack may be played at any time."""
    assert legal_follows(cards(hand), parse_card(lead), H, JACK_FREE, final=True) == cards(legal)


# --- while the stock lasts (tricks 1-7) -------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in sorted(RULESETS) if n != "follow"])
@pytest.mark.parametrize(
    ("lead", "hand"),
    [
        pytest.param("K♠", "A♠ 7♠ 9♥ Q♦", id="holding the led suit"),
        pytest.param("K♠", "9♥ 7♥ Q♦", id="void in the led suit"),
        pytest.param("A♥", "J♥ 7♥ 7♠", id="trump led"),
    ],
)
def test_while_stock_free_any_card(name, lead, hand):
    """Key play.while_stock = "free" [000][001][002]: no need to follow or trump."""
    assert legal_follows(cards(hand), parse_card(lead), H, RULESETS[name], final=False) == cards(
        hand
    )


@pytest.mark.parametrize(
    ("lead", "hand", "legal"),
    [
        pytest.param("K♠", "A♠ 7♠ 9♥ Q♦", "A♠ 7♠", id="follow suit, no duty to beat [003][004]"),
        pytest.param("K♠", "9♥ 7♥ Q♦", "9♥ 7♥", id="void: trump [003][004]"),
        pytest.param("K♠", "Q♦ 7♣", "Q♦ 7♣", id="void of both: any card"),
        pytest.param("9♥", "A♥ 7♥ K♠", "A♥ 7♥", id="trump led: a trump, no need to overtake"),
        pytest.param("A♥", "J♥ 7♠ K♦", "J♥ 7♠ K♦", id="trump led, only the jack: any card"),
        pytest.param("K♠", "J♥ Q♦", "J♥ Q♦", id="void, only the jack: any card"),
    ],
)
def test_while_stock_follow(lead, hand, legal):
    """Key play.while_stock = "follow" (ruleset follow, trump_jack may-withhold)."""
    got = legal_follows(cards(hand), parse_card(lead), H, FOLLOW_WITHHOLD, final=False)
    assert got == cards(legal)


@pytest.mark.parametrize(
    ("lead", "hand", "legal"),
    [
        pytest.param("K♠", "A♠ 7♠ J♥", "A♠ 7♠ J♥", id="follow ruleset: follow suit or the jack"),
        pytest.param("K♠", "9♥ J♥ Q♦", "9♥ J♥", id="follow ruleset: void, a trump"),
        pytest.param("K♠", "7♠ J♥ A♦", "7♠ J♥", id="follow ruleset: the jack or follow suit"),
    ],
)
def test_follow_ruleset_while_stock(lead, hand, legal):
    """The bundled follow ruleset [003][004]: follow suit else trump, the jack at will."""
    assert legal_follows(cards(hand), parse_card(lead), H, FOLLOW, final=False) == cards(legal)


# --- properties -------------------------------------------------------------------------------


@st.composite
def deals(draw):
    """A led card, the follower's non-empty hand (without it), a trump."""
    lead = draw(st.sampled_from(DECK))
    rest = [c for c in DECK if c != lead]
    hand = draw(st.sets(st.sampled_from(rest), min_size=1, max_size=9))
    return lead, hand, draw(st.sampled_from(list(Suit)))


@given(
    deal=deals(),
    name=st.sampled_from([*sorted(RULESETS), "jack-free"]),
    final=st.booleans(),
)
@settings(max_examples=400, deadline=None, database=None)
def test_legal_follows_invariants(deal, name, final):
    """Never empty for a non-empty hand, always a subset of it; the trump jack is never forced;
    follow_obligation agrees with legal_follows."""
    lead, hand, trump = deal
    rules = JACK_FREE if name == "jack-free" else RULESETS[name]
    legal = legal_follows(hand, lead, trump, rules, final)
    assert legal and legal <= hand
    jack = Card(Rank.JACK, trump)
    if len(hand) > 1:
        assert legal - {jack}, "the trump jack is never forced [000][002]"
    for c in hand:
        why = follow_obligation(hand - {c}, lead, trump, rules, final, c)
        assert (why is None) == (c in legal), (c, why)
    same = {c for c in hand if c.suit is lead.suit}
    if final and same and not (lead.suit is trump and same <= {jack}):
        assert legal - {jack} <= same, "follow suit in the final phase"


@given(deal=deals())
@settings(max_examples=300, deadline=None, database=None)
def test_the_final_phase_only_narrows_follow_suit(deal):
    """The final phase (follow and beat) allows a subset of what "follow" allows while the stock
    lasts (follow, no duty to beat)."""
    lead, hand, trump = deal
    final = legal_follows(hand, lead, trump, CLASSIC, final=True)
    stock = legal_follows(hand, lead, trump, FOLLOW_WITHHOLD, final=False)
    assert final <= stock


@pytest.mark.parametrize(
    ("lead", "hand", "played", "match"),
    [
        pytest.param("K♠", "A♠ 7♥", "7♥", "follow spades", id="renege: could follow"),
        pytest.param("K♠", "A♠ 7♠", "7♠", "beat", id="renege: could beat"),
        pytest.param("K♠", "7♥ Q♦", "Q♦", "trump", id="renege: could trump"),
    ],
)
def test_follow_obligation_names_the_renege(lead, hand, played, match):
    """A renege in the final phase: failure to follow / beat / trump when able [000]."""
    held = cards(hand) - {parse_card(played)}
    why = follow_obligation(held, parse_card(lead), H, CLASSIC, True, parse_card(played))
    assert why is not None and why.code.startswith("note.follow.") and match in said(why)
