"""§4, Declarations: what they are, how they are written, found, scored and compared.

Each case names the rule and its source tag as the rule book (docs/rules.md) does. Comparisons
run under every bundled ruleset; where the sources disagree the case says which ruleset key decides.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terts_referee.domain.cards import DECK, SEQUENCE_ORDER, Card, Rank, Suit, parse_cards
from terts_referee.domain.declarations import (
    FOUR_RANKS,
    Declaration,
    Kind,
    best_order,
    challenge_verdict,
    compare,
    find_declarations,
    parse_combo,
    shared_cards,
)
from terts_referee.domain.rules import bundled_names, load_ruleset
from terts_referee.domain.verdicts import Remedy
from terts_referee.errors import NotationError, RefereeError, RuleError
from tests.helpers import raises_verdict, said

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
PROPS = settings(max_examples=300, deadline=None, database=None)

RULESETS = {name: load_ruleset(name) for name in bundled_names()}
CLASSIC = RULESETS["classic"]
EXACT = RULESETS["exact"]
ANY_SUIT = CLASSIC.with_values(declarations={"marriage": "any-suit"})
#: Rulesets whose fours rank above every run and whose challenges may use any higher one.
ABOVE_SEQUENCES = sorted(n for n, r in RULESETS.items() if r.declarations.challenge == "any-higher")


def seq(length: int, top: str, suit: Suit) -> Declaration:
    return Declaration.sequence(length, Rank(top), suit)


def four(rank: str) -> Declaration:
    return Declaration.four(Rank(rank))


def ranked(d: Declaration) -> Rank:
    """The rank of a run (its top card) or a four: only a marriage has none."""
    assert d.rank is not None, d
    return d.rank


def hand(text: str) -> set[Card]:
    return set(parse_cards(text))


ALL_RUNS = [
    Declaration.sequence(length, top, suit)
    for suit in Suit
    for length in range(3, 9)
    for top in SEQUENCE_ORDER[length - 1 :]
]
ALL_FOURS = [Declaration.four(r) for r in FOUR_RANKS]
ALL_MARRIAGES = [Declaration.marriage(s) for s in Suit]
EVERY_DECLARATION = ALL_RUNS + ALL_FOURS + ALL_MARRIAGES


def test_bundled_rulesets_are_the_seven_of_rules_section_7():
    assert sorted(RULESETS) == ["book", "classic", "exact", "follow", "multi", "short", "strict"]


# --- the table of §4 -------------------------------------------------------------------


def test_every_run_there_is():
    """Runs of 3-8 topped 9..A, 10..A, J..A, Q..A, K A, A: 21 per suit (§4 table)."""
    per_length = Counter(d.length for d in ALL_RUNS if d.suit is H)
    assert per_length == {3: 6, 4: 5, 5: 4, 6: 3, 7: 2, 8: 1}
    for length, lowest in {3: "9", 4: "10", 5: "J", 6: "Q", 7: "K", 8: "A"}.items():
        tops = {ranked(d) for d in ALL_RUNS if d.length == length}
        assert min(tops, key=lambda r: r.sequence_index) == Rank(lowest)


@pytest.mark.parametrize(
    ("declaration", "flat", "by_length"),
    [
        pytest.param(seq(3, "Q", H), 20, 20, id="terts 20 [all]"),
        pytest.param(seq(4, "K", S), 50, 50, id="fifty 50 [all]"),
        pytest.param(seq(5, "J", D), 100, 105, id="hundred (5) 100, by-length 105 [000]"),
        pytest.param(seq(6, "Q", C), 100, 106, id="hundred (6) 100, by-length 106 [000]"),
        pytest.param(seq(7, "K", H), 100, 107, id="hundred (7) 100, by-length 107 [000]"),
        pytest.param(seq(8, "A", S), 100, 108, id="hundred (8) 100, by-length 108 [000]"),
        pytest.param(four("Q"), 100, 100, id="four queens 100 [all]"),
        pytest.param(four("K"), 100, 100, id="four kings 100 [all]"),
        pytest.param(four("A"), 100, 100, id="four aces 100 [all]"),
        pytest.param(four("J"), 200, 200, id="four jacks 200 [all]"),
        pytest.param(Declaration.marriage(H), 20, 20, id="marriage 20 [all]"),
    ],
)
def test_points_flat_and_by_length(declaration, flat, by_length):
    """Key scoring.hundreds: flat (classic) or by-length (exact: "без округления") [000]."""
    assert declaration.points(CLASSIC) == flat
    assert declaration.points(EXACT) == by_length
    for name, rules in RULESETS.items():
        expected = by_length if rules.scoring.hundreds == "by-length" else flat
        assert declaration.points(rules) == expected, name


@pytest.mark.parametrize(
    "rank",
    [
        pytest.param(
            r,
            id=f"four {r.value}s: " + ("100 or 200" if r in FOUR_RANKS else "score nothing"),
        )
        for r in Rank
    ],
)
def test_only_fours_of_a_k_q_j(rank):
    if rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK):
        assert Declaration.four(rank).kind is Kind.FOUR
    else:
        with raises_verdict(NotationError, "err.four.rank", "score nothing"):
            Declaration.four(rank)


@pytest.mark.parametrize(
    ("declaration", "cards"),
    [
        pytest.param(seq(3, "Q", H), "Q♥ J♥ 10♥", id="терц от Дамы is Q J 10 [§4]"),
        pytest.param(seq(4, "J", S), "J♠ 10♠ 9♠ 8♠", id="полтинник от Валета is J 10 9 8 [000]"),
        pytest.param(seq(5, "J", D), "J♦ 10♦ 9♦ 8♦ 7♦", id="100:J♦ is five from the jack"),
        pytest.param(seq(8, "A", C), "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣", id="108 is all 8 of a suit"),
        pytest.param(four("J"), "J♠ J♣ J♦ J♥", id="four jacks"),
        pytest.param(Declaration.marriage(H), "K♥ Q♥", id="marriage K + Q"),
    ],
)
def test_a_declaration_is_named_by_class_and_top_card(declaration, cards):
    assert declaration.cards() == hand(cards)


@pytest.mark.parametrize(
    ("length", "top"),
    [
        pytest.param(3, "8", id="no terts tops at 8"),
        pytest.param(4, "9", id="no fifty tops at 9"),
        pytest.param(5, "10", id="no hundred (5) tops at 10"),
        pytest.param(6, "J", id="no 106 tops at J"),
        pytest.param(7, "Q", id="no 107 tops at Q"),
        pytest.param(8, "K", id="no 108 tops at K"),
        pytest.param(2, "A", id="two cards are no run"),
        pytest.param(9, "A", id="nine cards are no run"),
    ],
)
def test_impossible_runs(length, top):
    with pytest.raises(NotationError):
        Declaration.sequence(length, Rank(top), H)


# --- COMBO notation (the contract) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("terts:Q♥", seq(3, "Q", H), id="terts:Q♥"),
        pytest.param("50:K♠", seq(4, "K", S), id="50:K♠"),
        pytest.param("100:J♦", seq(5, "J", D), id="100:J♦ = 5 cards from J"),
        pytest.param("105:J♦", seq(5, "J", D), id="105:J♦"),
        pytest.param("106:Q♣", seq(6, "Q", C), id="106:Q♣"),
        pytest.param("107:K♥", seq(7, "K", H), id="107:K♥"),
        pytest.param("108:A♠", seq(8, "A", S), id="108:A♠"),
        pytest.param("терц:Дч", seq(3, "Q", H), id="терц:Дч"),
        pytest.param("полтинник:Кп", seq(4, "K", S), id="полтинник:Кп"),
        pytest.param("сто:Вб", seq(5, "J", D), id="сто:Вб"),
        pytest.param("пятьдесят:Тт", seq(4, "A", C), id="пятьдесят:Тт"),
        pytest.param("полсотни:10ч", seq(4, "10", H), id="полсотни:10ч"),
        pytest.param("кварт:Вп", seq(4, "J", S), id="кварт:Вп"),
        pytest.param("четверик:Дб", seq(4, "Q", D), id="четверик:Дб"),
        pytest.param("сто пять:Вч", seq(5, "J", H), id="сто пять:Вч"),
        pytest.param("пятерик:Тп", seq(5, "A", S), id="пятерик:Тп"),
        pytest.param("шестерик:Дк", seq(6, "Q", C), id="шестерик:Дк"),
        pytest.param("сто шесть:Кч", seq(6, "K", H), id="сто шесть:Кч"),
        pytest.param("семерик:Кб", seq(7, "K", D), id="семерик:Кб"),
        pytest.param("сто семь:Тч", seq(7, "A", H), id="сто семь:Тч"),
        pytest.param("восьмерик:Тп", seq(8, "A", S), id="восьмерик:Тп"),
        pytest.param("сто восемь:Тб", seq(8, "A", D), id="сто восемь:Тб"),
        pytest.param("TERTS:qh", seq(3, "Q", H), id="case-insensitive"),
        pytest.param("terts:Q♥\ufe0f", seq(3, "Q", H), id="U+FE0F ignored"),
        pytest.param("4J", four("J"), id="4J"),
        pytest.param("200", four("J"), id="200 = four jacks"),
        pytest.param("4A", four("A"), id="4A"),
        pytest.param("4K", four("K"), id="4K"),
        pytest.param("4Q", four("Q"), id="4Q"),
        pytest.param("4В", four("J"), id="4В"),
        pytest.param("4Т", four("A"), id="4Т"),
        pytest.param("4К", four("K"), id="4К"),
        pytest.param("4Д", four("Q"), id="4Д"),
        pytest.param("двести валетов", four("J"), id="двести валетов"),
        pytest.param("сто тузов", four("A"), id="сто тузов"),
        pytest.param("сто королей", four("K"), id="сто королей"),
        pytest.param("сто дам", four("Q"), id="сто дам"),
        pytest.param("Q♥,J♥,10♥", seq(3, "Q", H), id="cards Q♥,J♥,10♥"),
        pytest.param("10h,Qh,Jh", seq(3, "Q", H), id="cards in any order"),
        pytest.param("Дч,Вч,10ч,9ч,8ч,7ч", seq(6, "Q", H), id="cards, Russian: a 106"),
        pytest.param("Js,Jc,Jd,Jh", four("J"), id="cards: four jacks"),
        pytest.param("As,Ac,Ad,Ah", four("A"), id="cards: four aces"),
    ],
)
def test_combo_notation(text, expected):
    assert parse_combo(text, H, CLASSIC) == expected
    assert Declaration.parse(text, H, CLASSIC) == expected


@pytest.mark.parametrize(
    ("text", "trump", "rules", "expected"),
    [
        pytest.param("marriage", H, CLASSIC, Declaration.marriage(H), id="marriage: trump implied"),
        pytest.param("марьяж", S, CLASSIC, Declaration.marriage(S), id="марьяж: trump implied"),
        pytest.param("белла", D, CLASSIC, Declaration.marriage(D), id="белла"),
        pytest.param("marriage:♥", H, CLASSIC, Declaration.marriage(H), id="marriage:♥ of trump"),
        pytest.param("Kh,Qh", H, CLASSIC, Declaration.marriage(H), id="cards K♥,Q♥ of trump"),
        pytest.param(
            "marriage:♠", H, ANY_SUIT, Declaration.marriage(S), id="marriage:♠ under any-suit"
        ),
        pytest.param("Кп,Дп", H, ANY_SUIT, Declaration.marriage(S), id="Кп,Дп under any-suit"),
    ],
)
def test_marriage_notation(text, trump, rules, expected):
    assert parse_combo(text, trump, rules) == expected


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("marriage:♠", id="marriage:♠ with hearts trump"),
        pytest.param("Ks,Qs", id="K♠,Q♠ with hearts trump"),
    ],
)
def test_marriage_of_plain_suit_refused_under_trump(text):
    """Key declarations.marriage = "trump" [001][003][004]: K+Q of trump only."""
    with raises_verdict(RuleError, "err.in", r"declarations\.marriage") as info:
        parse_combo(text, H, CLASSIC)
    assert info.value.verdict.params["reason"].code == "err.marriage.trump"


@pytest.mark.parametrize(
    ("text", "code", "named"),
    [
        pytest.param("terts:8h", "err.in", "8", id="terts:8h: no terts tops at 8"),
        pytest.param("106:Jh", "err.in", "106", id="106:Jh: a 106 tops at Q, K or A"),
        pytest.param("Qh,Jh,9h", "err.cards.gap", "missing 10", id="Qh,Jh,9h: not in sequence"),
        pytest.param("Qh,Jh", "err.cards.few", "no declaration", id="two cards of a run"),
        pytest.param("Qh,Js,10h", "err.cards.suits", "one suit", id="a run is of one suit"),
        pytest.param("Kh,Qs", "err.cards.few", "no declaration", id="K and Q of two suits"),
        pytest.param("4-10", "err.in", "score nothing", id="four tens score nothing"),
        pytest.param("410", "err.in", "score nothing", id="410: four tens"),
        pytest.param("4X", "err.combo.four", "4J, 4A, 4K or 4Q", id="4X"),
        pytest.param("terts", "err.combo.top", "top card", id="terts without its top card"),
        pytest.param("terts:Qh,Jh", "err.combo.one_top", "one top card", id="two top cards"),
        pytest.param("hundred:Qx", "err.in", "'x'", id="a bad card after the class"),
        pytest.param("quint:Qh", "err.combo.class", "unknown class", id="unknown class word"),
        pytest.param("", "err.combo.empty", "empty", id="empty"),
        pytest.param("Qx", "err.combo.not", "'x'", id="Qx"),
        pytest.param("6h,7h,8h", "err.combo.not", "'6'", id="6h is no card"),
    ],
)
def test_bad_combo_names_the_problem(text, code, named):
    with raises_verdict(NotationError, code) as info:
        parse_combo(text, H, CLASSIC)
    message = said(info.value)
    assert named in message
    assert "\n" not in message


@given(st.sampled_from(EVERY_DECLARATION))
@settings(max_examples=200, deadline=None, database=None)
def test_notation_parses_back(declaration):
    """notation() is CLI notation that parses back to the same declaration, symbols or letters."""
    trump = declaration.suit or H
    for ascii_only in (False, True):
        text = declaration.notation(ascii_only=ascii_only)
        assert parse_combo(text, trump, ANY_SUIT) == declaration
    if declaration.kind is not Kind.MARRIAGE:
        cards = ",".join(str(c) for c in declaration.cards())
        assert parse_combo(cards, trump, ANY_SUIT) == declaration


@pytest.mark.parametrize(
    ("declaration", "shape"),
    [
        pytest.param(
            seq(3, "Q", H),
            {"kind": "sequence", "length": 3, "top": "Q", "suit": "hearts", "points": 20},
            id="sequence JSON (the contract)",
        ),
        pytest.param(four("J"), {"kind": "four", "rank": "J", "points": 200}, id="four JSON"),
        pytest.param(
            Declaration.marriage(H),
            {"kind": "marriage", "suit": "hearts", "points": 20},
            id="marriage JSON",
        ),
    ],
)
def test_json_shape(declaration, shape):
    data = declaration.to_json(CLASSIC)
    assert {k: data[k] for k in shape} == shape


# --- finding every declaration in a hand ------------------------------------------------------


def _count(found: list[Declaration]) -> Counter:
    return Counter(
        {3: "terts", 4: "fifty"}.get(d.length, "hundred")
        if d.kind is Kind.SEQUENCE
        else d.kind.value
        for d in found
    )


@pytest.mark.parametrize(
    ("cards", "trump", "rules", "expected"),
    [
        pytest.param(
            "J♥ 10♥ 9♥ 8♥ 7♥",
            S,
            CLASSIC,
            {"terts": 3, "fifty": 2, "hundred": 1},
            id="a run of 5 gives 3 terts, 2 fifties, 1 hundred [001]",
        ),
        pytest.param(
            "Q♥ J♥ 10♥ 9♥ 8♥ 7♥",
            S,
            CLASSIC,
            {"terts": 4, "fifty": 3, "hundred": 3},
            id="Q J 10 9 8 7: 4 terts, 3 fifties, 3 hundreds [000]",
        ),
        pytest.param(
            "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠",
            H,
            CLASSIC,
            {"terts": 5, "fifty": 4, "hundred": 6},
            id="a 107 from K: 4 fifties, 6 hundreds [001]",
        ),
        pytest.param(
            "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦",
            H,
            CLASSIC,
            {"terts": 6, "fifty": 5, "hundred": 10},
            id="a 108: ten hundreds [001]",
        ),
        pytest.param("10♥ 10♠ 10♦ 10♣", H, CLASSIC, {}, id="four tens score nothing"),
        pytest.param("9♥ 9♠ 9♦ 9♣ 7h 7s", H, CLASSIC, {}, id="four nines score nothing"),
        pytest.param("J♥ J♠ J♦ J♣", H, CLASSIC, {"four": 1}, id="four jacks"),
        pytest.param(
            "A♥ K♥ Q♥ A♠ A♦ A♣",
            S,
            CLASSIC,
            {"terts": 1, "four": 1},
            id="a four may share a card with a run [000][004]",
        ),
        pytest.param("K♥ Q♥", H, CLASSIC, {"marriage": 1}, id="marriage of trump [001][003][004]"),
        pytest.param("K♥ Q♥", S, CLASSIC, {}, id="no plain marriage under marriage = trump"),
        pytest.param(
            "K♥ Q♥ K♠ Q♠", D, ANY_SUIT, {"marriage": 2}, id="any-suit marriages [000][002]"
        ),
        pytest.param(
            "K♥ Q♥ J♥", H, CLASSIC, {"terts": 1, "marriage": 1}, id="terts and marriage share"
        ),
        pytest.param("A♥ K♥ 9♥ 8♠ 7♠ Q♦", H, CLASSIC, {}, id="broken runs are nothing"),
        pytest.param("", H, CLASSIC, {}, id="an empty hand"),
    ],
)
def test_find_declarations(cards, trump, rules, expected):
    found = find_declarations(hand(cards), trump, rules)
    assert _count(found) == Counter(expected)
    assert len(found) == len(set(found))


def test_found_in_ascending_order():
    """Declared from lower to higher ("от младшей к старшей" [000]): sorted ascending."""
    found = find_declarations(hand("A♥ K♥ Q♥ J♥ 10♥ J♠ J♦ J♣"), S, CLASSIC)
    points = [d.points(CLASSIC) for d in found]
    assert points == sorted(points)


COURT_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


def _brute_force(held: set[Card], trump: Suit, rules) -> set[Declaration]:
    """Every declaration by definition: every subset of 3-8 cards of one suit in sequence,
    every four of A K Q J, every marriage the ruleset allows."""
    expected: set[Declaration] = set()
    for suit in Suit:
        of_suit = [c for c in held if c.suit is suit]
        for size in range(3, 9):
            for subset in itertools.combinations(of_suit, size):
                idx = sorted(c.rank.sequence_index for c in subset)
                if idx[-1] - idx[0] == size - 1:
                    expected.add(Declaration.sequence(size, SEQUENCE_ORDER[idx[-1]], suit))
        if {Card(Rank.KING, suit), Card(Rank.QUEEN, suit)} <= held:
            if suit is trump or rules.declarations.marriage == "any-suit":
                expected.add(Declaration.marriage(suit))
    for rank in COURT_RANKS:  # four 10s, 9s, 8s, 7s score nothing
        if all(Card(rank, s) in held for s in Suit):
            expected.add(Declaration.four(rank))
    return expected


COURT = [c for c in DECK if c.rank in COURT_RANKS]
POOLS = [list(DECK), COURT] + [[c for c in DECK if c.suit is s] for s in Suit]
POOLS += [[c for c in DECK if c.suit in pair] for pair in itertools.combinations(Suit, 2)]


@st.composite
def hands(draw) -> set[Card]:
    """0-9 distinct cards; drawn from a suit or two, or the court cards, often enough to hold
    long runs, fours and marriages."""
    pool = draw(st.sampled_from(POOLS))
    return draw(st.sets(st.sampled_from(pool), max_size=9))


@given(held=hands(), trump=st.sampled_from(list(Suit)), any_suit=st.booleans())
@PROPS
def test_every_declaration_found_and_every_one_valid(held, trump, any_suit):
    """Every reported declaration is in the hand and is what it claims; every one is reported."""
    rules = ANY_SUIT if any_suit else CLASSIC
    found = find_declarations(held, trump, rules)
    assert len(found) == len(set(found))
    for d in found:
        cards = d.cards()
        assert cards <= held, d
        listed = ",".join(str(c) for c in cards)
        assert parse_combo(listed, trump, rules) == d  # the cards form what it claims
        if d.kind is Kind.SEQUENCE:
            assert len(cards) == d.length and {c.suit for c in cards} == {d.suit}
            assert max(c.rank.sequence_index for c in cards) == ranked(d).sequence_index
    assert set(found) == _brute_force(held, trump, rules)


# --- the best order to declare (§4.3) ---------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "turns", "points"),
    [
        pytest.param(
            CLASSIC,
            10,
            530,
            id="Q J 10 9 8 7 ♥ one per turn over 10 turns: 4x20 + 3x50 + 3x100 = 530 [000]",
        ),
        pytest.param(CLASSIC, 8, 490, id="the same over the 8 nine-card moments: 490"),
        pytest.param(EXACT, 10, 546, id="exact: the 106 scores 106, the 105s 105 [000]"),
        pytest.param(CLASSIC, 0, 0, id="no turns left: nothing"),
        pytest.param(CLASSIC, 1, 100, id="one turn: a hundred"),
    ],
)
def test_best_order_of_rules_example(rules, turns, points):
    order = best_order(hand("Q♥ J♥ 10♥ 9♥ 8♥ 7♥"), S, rules, turns)
    assert sum(d.points(rules) for d in order) == points
    assert len(order) == min(turns, 10)
    assert len(set(order)) == len(order)


def test_best_order_declares_lower_to_higher_within_a_suit():
    """ "от младшей к старшей" [000]: in each suit, no declaration follows a higher one."""
    order = best_order(hand("Q♥ J♥ 10♥ 9♥ 8♥ 7♥ A♠ K♠ Q♠"), S, CLASSIC, 8)
    for suit in Suit:
        runs = [d for d in order if d.suit is suit and d.kind is Kind.SEQUENCE]
        assert runs == sorted(runs, key=lambda d: (d.length, ranked(d).sequence_index))


def test_marriage_goes_alongside_without_a_turn():
    """A marriage is declared alongside another declaration [000]."""
    order = best_order(hand("K♥ Q♥ J♥"), H, CLASSIC, 1)
    assert set(order) == {seq(3, "K", H), Declaration.marriage(H)}


# --- which declaration is higher (§4.1) and the challenge (§4.2) -----------------------

#: (declarer's, challenger's, trump, winner) the same under every bundled ruleset.
SAME_EVERYWHERE = [
    pytest.param("terts:A♠", "terts:A♥", S, "first", id="a trump ace terts cannot be beaten [001]"),
    pytest.param(
        "terts:A♥", "terts:A♠", S, "second", id="the trump ace terts beats a plain ace terts"
    ),
    pytest.param("50:A♣", "50:A♦", C, "first", id="a trump ace fifty cannot be beaten [001]"),
    pytest.param("terts:Q♥", "terts:Q♣", S, "first", id="equal plain runs stay with the declarer"),
    pytest.param(
        "terts:Q♣", "terts:Q♥", S, "first", id="equal plain runs stay with the declarer (swapped)"
    ),
    pytest.param("terts:Q♥", "terts:Q♠", S, "second", id="same top, the trump one wins [000][004]"),
    pytest.param("terts:Q♠", "terts:Q♥", S, "first", id="same top, the trump one wins (declarer)"),
    pytest.param("105:K♥", "105:K♠", S, "second", id="same top 105, the trump one wins"),
    pytest.param("terts:K♠", "terts:A♥", S, "second", id="higher top beats a trump run [000][001]"),
    pytest.param("50:K♥", "50:A♠", D, "second", id="a fifty beaten by a higher fifty"),
    pytest.param("105:J♦", "105:K♠", H, "second", id="105 from K beats 105 from J [000]"),
    pytest.param("106:Q♥", "105:A♠", S, "first", id="the longer run wins [all]: 106 over 105"),
    pytest.param("107:K♥", "108:A♠", D, "second", id="108 beats 107 [all]"),
    pytest.param("4A", "4K", H, "first", id="four aces beat four kings"),
    pytest.param("4Q", "4K", H, "second", id="four kings beat four queens"),
    pytest.param("4A", "4J", H, "second", id="four jacks beat four aces [000][001]"),
    pytest.param("50:10♥", "4J", H, "second", id="four jacks beat a trump fifty [000][001]"),
    pytest.param("terts:A♥", "4J", H, "second", id="four jacks beat a trump ace terts"),
    pytest.param("4J", "4A", H, "first", id="four jacks stand against four aces"),
    pytest.param(
        "marriage", "terts:A♠", H, "neither", id="marriage vs a terts: neither [000][004]"
    ),
    pytest.param("terts:A♠", "marriage", H, "neither", id="a terts vs marriage: neither"),
    pytest.param("marriage", "4J", H, "neither", id="marriage vs four jacks: neither"),
    pytest.param("108:A♠", "marriage", H, "neither", id="a 108 vs marriage: neither"),
    pytest.param("терц:Дч", "терц:Кп", H, "second", id="терц от Короля beats терц от Дамы"),
]


@pytest.mark.parametrize("name", sorted(RULESETS))
@pytest.mark.parametrize(("first", "second", "trump", "winner"), SAME_EVERYWHERE)
def test_comparison_under_every_ruleset(name, first, second, trump, winner):
    rules = RULESETS[name]
    a, b = parse_combo(first, trump, rules), parse_combo(second, trump, rules)
    assert compare(a, b, trump, rules).winner == winner
    assert challenge_verdict(a, b, trump, rules).winner == winner


#: (declarer's, challenger's, trump, winner at the table under each bundled ruleset).
FLIPS = [
    pytest.param(
        "105:J♦",
        "4A",
        H,
        {"book": "first", "*": "second"},
        id="105 vs four aces: 4A wins above-sequences [000][002], 105 below-hundreds [001]",
    ),
    pytest.param(
        "4A",
        "105:J♦",
        H,
        {"book": "second", "*": "first"},
        id="four aces vs 105: fours_rank decides [000][002] / [001]",
    ),
    pytest.param(
        "107:K♠",
        "4A",
        H,
        {"book": "first", "*": "second"},
        id="107 vs four aces: fours_rank decides",
    ),
    pytest.param(
        "106:Q♠",
        "4K",
        H,
        {"book": "first", "*": "second"},
        id="106 vs four kings: fours_rank decides",
    ),
    pytest.param(
        "50:K♥",
        "105:J♦",
        S,
        {"book": "first", "*": "second"},
        id="a fifty: a hundred beats it any-higher [000], not same-class [001]",
    ),
    pytest.param(
        "terts:A♥",
        "50:10♠",
        S,
        {"book": "first", "*": "second"},
        id="a terts: a fifty beats it any-higher [000], not same-class [001]",
    ),
    pytest.param(
        "50:K♥",
        "4A",
        S,
        {"book": "first", "*": "second"},
        id="a fifty: four aces beat it any-higher, not same-class (a hundred) [001]",
    ),
    pytest.param(
        "4Q",
        "105:J♦",
        S,
        {"book": "second", "*": "first"},
        id="four queens vs 105: both hundreds, fours_rank decides [001]",
    ),
]


@pytest.mark.parametrize("name", sorted(RULESETS))
@pytest.mark.parametrize(("first", "second", "trump", "winners"), FLIPS)
def test_comparison_flips_with_the_ruleset(name, first, second, trump, winners):
    rules = RULESETS[name]
    a, b = parse_combo(first, trump, rules), parse_combo(second, trump, rules)
    expected = winners.get(name, winners["*"])
    verdict = challenge_verdict(a, b, trump, rules)
    assert verdict.winner == expected
    assert verdict.reason.code and verdict.source


def test_fours_rank_is_the_only_thing_that_flips_the_order():
    """Book's fours_rank = below-hundreds is the only bundled ruleset with fours below runs."""
    flipped = [n for n, r in RULESETS.items() if r.declarations.fours_rank == "below-hundreds"]
    assert flipped == ["book"]
    assert ABOVE_SEQUENCES == sorted(set(RULESETS) - {"book"})


@pytest.mark.parametrize(
    ("first", "second", "order", "table"),
    [
        pytest.param(
            "50:K♥", "50:A♠", "second", "second", id="a fifty by a higher fifty: beaten [001]"
        ),
        pytest.param(
            "50:K♥",
            "105:J♦",
            "second",
            "first",
            id="a fifty by a hundred: higher, but not at the table [001]",
        ),
        pytest.param(
            "50:K♥", "108:A♠", "second", "first", id="a fifty by a 108: not at the table [001]"
        ),
        pytest.param("50:10♥", "4J", "second", "second", id="four jacks still beat anything [001]"),
        pytest.param(
            "terts:Q♥", "50:10♠", "second", "first", id="a terts by a fifty: not at the table"
        ),
        pytest.param(
            "105:J♦", "106:Q♠", "second", "second", id="a hundred by a higher hundred [001]"
        ),
        pytest.param(
            "4A", "105:J♦", "second", "second", id="four aces by a 105: both hundreds [001]"
        ),
        pytest.param("105:J♦", "4A", "first", "first", id="105 stands against four aces [001]"),
    ],
)
def test_book_same_class_challenges(first, second, order, table):
    """Key declarations.challenge = "same-class" [001]: after "От чего?" only a declaration of
    equal value may beat; compare() gives the order, challenge_verdict() the table's ruling."""
    book = RULESETS["book"]
    a, b = parse_combo(first, S, book), parse_combo(second, S, book)
    assert compare(a, b, S, book).winner == order
    verdict = challenge_verdict(a, b, S, book)
    assert verdict.winner == table
    if order != table:
        assert verdict.key == 'declarations.challenge = "same-class"'
        assert verdict.source == "[001]"


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_trump_ace_run_cannot_be_beaten_at_its_length(name):
    """A trump-ace sequence of a length cannot be beaten at that length [001]."""
    rules = RULESETS[name]
    for trump in Suit:
        for length in range(3, 9):
            ace = Declaration.sequence(length, Rank.ACE, trump)
            for other in ALL_RUNS:
                if other.length != length or other.cards() & ace.cards():
                    continue
                assert compare(ace, other, trump, rules).winner == "first"
                assert compare(other, ace, trump, rules).winner == "second"


def test_four_jacks_beat_a_trump_108():
    """ "Four jacks beat everything, a trump 8-sequence included" [000][001]: compare() gives the
    order, though the two can never meet at a table (both hold the trump jack)."""
    assert compare(seq(8, "A", H), four("J"), H, CLASSIC).winner == "second"
    assert shared_cards(seq(8, "A", H), four("J")) == {Card(Rank.JACK, H)}
    for d in ALL_RUNS + ALL_FOURS:
        if d == four("J"):
            continue
        for name, rules in RULESETS.items():
            assert compare(d, four("J"), H, rules).winner == "second", (name, d)
            assert compare(four("J"), d, H, rules).winner == "first", (name, d)


def test_a_tie_needs_the_trump():
    with raises_verdict(RuleError, "err.tie_needs_trump", "trump") as info:
        compare(seq(3, "Q", H), seq(3, "Q", S), None, CLASSIC)
    assert info.value.verdict.remedy == Remedy("trump", {"trump": None})
    with raises_verdict(RefereeError, "err.tie_needs_trump"):
        challenge_verdict(seq(3, "Q", H), seq(3, "Q", S), None, CLASSIC)


def _is_tie(a: Declaration, b: Declaration, trump: Suit) -> bool:
    """Two plain runs of one length and top: the declarer keeps it [000][004]."""
    return (
        a.kind is b.kind is Kind.SEQUENCE
        and a.length == b.length
        and a.rank == b.rank
        and trump not in (a.suit, b.suit)
    )


@given(
    a=st.sampled_from(EVERY_DECLARATION),
    b=st.sampled_from(EVERY_DECLARATION),
    trump=st.sampled_from(list(Suit)),
    name=st.sampled_from(sorted(RULESETS)),
)
@settings(max_examples=600, deadline=None, database=None)
def test_comparison_is_consistent(a, b, trump, name):
    """For two different declarations the winner is unique: swapping them swaps first
    and second, except the declarer-keeps tie; a marriage is never compared. The table's ruling
    (challenge_verdict) only ever takes a win away from the challenger."""
    rules = RULESETS[name]
    if a == b:  # the same declaration twice: the declarer keeps it
        assert compare(a, b, trump, rules).winner in ("first", "neither")
        return
    ab, ba = compare(a, b, trump, rules), compare(b, a, trump, rules)
    if Kind.MARRIAGE in (a.kind, b.kind):
        assert ab.winner == ba.winner == "neither"
    elif _is_tie(a, b, trump):
        assert ab.winner == ba.winner == "first"
    else:
        assert {ab.winner, ba.winner} == {"first", "second"}
    table = challenge_verdict(a, b, trump, rules)
    if rules.declarations.challenge == "any-higher":
        assert table == ab
    elif table.winner == "second":
        assert ab.winner == "second"
        assert b.value_class in (a.value_class, "jacks")
    else:
        assert table.winner == ab.winner or (ab.winner == "second" and table.winner == "first")


def _higher(x: Declaration, y: Declaration, trump: Suit, rules) -> bool:
    return compare(x, y, trump, rules).winner == "first" and compare(y, x, trump, rules).winner == (
        "second"
    )


@given(data=st.data(), trump=st.sampled_from(list(Suit)), name=st.sampled_from(sorted(RULESETS)))
@settings(max_examples=300, deadline=None, database=None)
def test_the_order_is_transitive(data, trump, name):
    """If a is higher than b and b higher than c, a is higher than c (§4.1 is an order)."""
    chosen: list[Declaration] = []
    for _ in range(3):
        held = set().union(*(d.cards() for d in chosen))
        free = [d for d in ALL_RUNS + ALL_FOURS if not d.cards() & held]
        chosen.append(data.draw(st.sampled_from(free)))
    a, b, c = chosen
    rules = RULESETS[name]
    if _higher(a, b, trump, rules) and _higher(b, c, trump, rules):
        assert _higher(a, c, trump, rules)
