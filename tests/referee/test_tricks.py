"""Trick-by-trick mode through the ``terts`` command (the public contract), against simulated deals.

Each test drives ``terts_referee.cli.main`` in-process on a temporary game file, through the
shared ``terts`` fixture of conftest.py. The deals come from ``tests/simulator.py`` (seeded, so
every test is reproducible): the cards in every hand are real and every declaration said to be
true is true. Each refusal is checked the same way: exit code 2, one line on stderr, and the
game file byte-for-byte unchanged.
"""

from __future__ import annotations

import pytest

from terts_referee.domain.cards import Card, Rank, Suit
from tests.simulator import (
    card_value,
    find_deal,
    notate,
    round_deal,
    runs_in,
    simulate,
)

PLAYERS = ("Ann", "Bob")


class Table:
    """The shared ``terts`` fixture (conftest.py) with the moves of a simulated deal."""

    def __init__(self, terts):
        self.terts = terts

    def ok(self, *args: str) -> str:
        return self.terts.ok(*args).stdout

    def json(self, *args: str) -> dict:
        return self.terts.ok(*args, "--json").json()

    def refused(self, *args: str) -> str:
        """Exit 2, one line on stderr, the game file byte-for-byte unchanged; the message."""
        return self.terts.refused(*args).stderr

    def status(self) -> dict:
        return self.terts.status()

    def sheet(self) -> dict:
        return self.terts.sheet()

    def new(self, dealer: str, rules: str = "classic") -> None:
        self.ok("new", *PLAYERS, "--dealer", dealer, "--rules", rules, "--tricks")

    def deal(self, deal, style: str = "symbol") -> None:
        """``terts deal --trump <face-up card>`` for a simulated deal (dealer by rotation)."""
        self.ok("deal", "--trump", notate(deal.face_up, style))

    def play(self, deal, first: int = 1, last: int = 16, style: str = "symbol") -> list[dict]:
        """The simulated deal's commands for tricks ``first``-``last``; their JSON reports."""
        return [self.json(*cmd) for cmd in deal.cli_commands(style, first, last)]


@pytest.fixture
def table(terts) -> Table:
    return Table(terts)


def deal_of(sheet: dict, number: int) -> dict:
    return sheet["deals"][number - 1]


def rounded(points: dict[str, int]) -> dict[str, int]:
    return {p: round_deal(v, "half-down") for p, v in points.items()}


def plus(points: dict[str, int], player: str, extra: int) -> dict[str, int]:
    return {p: v + (extra if p == player else 0) for p, v in points.items()}


def trump_card(deal, rank: Rank) -> Card:
    return Card(rank, deal.trump)


def combo(cards) -> str:
    return ",".join(notate(c) for c in cards)


# --- simulated deals, whole, through the CLI ------------------------------------------------------

STYLES = ("symbol", "letters", "russian")


@pytest.mark.parametrize("game", range(15))
def test_simulated_deals_through_the_cli(table, game):
    """Two deals a game, 30 deals in all: §2 the deal and rotation, §3 the tricks, §5 the points.

    The sheet's card points, last trick, points and totals, the status after each deal, and the
    next deal's dealer (by rotation: the last trick's taker) all match the simulator."""
    style = STYLES[game % 3]
    dealer = PLAYERS[game % 2]
    table.new(dealer)
    totals = {p: 0 for p in PLAYERS}
    for number in (1, 2):
        deal = simulate(
            1000 * number + game,
            PLAYERS,
            dealer,
            exchange=0.5 if game % 2 else 0.0,
            declare=0.4 if game % 3 == 0 else 0.0,
            exchange_declared_seven=False,
        )
        table.deal(deal, style)
        status = table.status()
        assert (status["deal"], status["dealer"], status["leader"]) == (
            number,
            deal.dealer,
            deal.non_dealer,
        )
        assert status["trump"] == deal.trump.value
        table.play(deal, style=style)
        sheet = table.sheet()
        got = deal_of(sheet, number)
        for p in PLAYERS:
            totals[p] += deal.points[p]
        assert got["finished"] is True
        assert got["card_points"] == deal.card_points
        assert sum(got["card_points"].values()) == 150
        assert got["last_trick"] == deal.last_trick
        assert got["declarations"] == deal.declared
        assert got["points"] == deal.points
        assert got["totals"] == totals
        assert sheet["totals"] == totals
        assert got["penalty_list"] == []
        status = table.status()
        assert status["phase"] == "over"
        assert status["tricks"] == {p: deal.tricks_won(p) for p in PLAYERS}
        dealer = deal.next_dealer
    table.ok("deal", "--trump", "hearts")
    assert table.status()["dealer"] == dealer, "the last trick's taker deals next [000][001][003]"


# --- status -------------------------------------------------------------------------------------


def test_status_through_the_drawing_phase(table):
    """§2: before trick k the stock holds 14 - 2(k - 1); the non-dealer leads trick 1, then each
    trick's winner; phases before-break, drawing, final; the trump 7 may be exchanged while the
    stock holds at least 2."""
    seven = {s: Card(Rank.SEVEN, s) for s in Suit}
    deal = find_deal(
        lambda d: (
            d.face_up.rank is not Rank.SEVEN
            and all(seven[d.trump] not in (t.lead, t.follow) for t in d.tricks[:6])
        ),
        players=PLAYERS,
        dealer="Bob",
    )
    table.new("Bob")
    table.deal(deal)
    status = table.status()
    assert status["phase"] == "before-break"
    assert (status["trick"], status["stock"], status["leader"]) == (1, 14, "Ann")
    assert status["may_exchange"] is True
    for k in range(2, 9):
        table.play(deal, k - 1, k - 1)
        status = table.status()
        assert status["trick"] == k
        assert status["stock"] == (14 - 2 * (k - 1) if k <= 7 else 0)
        assert status["leader"] == deal.tricks[k - 2].winner
        assert status["phase"] == ("drawing" if k < 8 else "final")
        assert status["may_exchange"] is (k <= 7)
    assert (status["phase"], status["trick"], status["stock"]) == ("final", 8, 0)
    assert status["may_exchange"] is False


# --- when a declaration may be made (§4.3) --------------------------------------------------


def _classic_opening_deal():
    """A deal where the non-dealer (Ann, leader of trick 1) holds a run and a four."""

    def fits(d):
        hand = d.hands["Ann"]
        return runs_in(hand) and any(
            sum(c.rank is r for c in hand) == 4
            for r in (Rank.JACK, Rank.ACE, Rank.KING, Rank.QUEEN)
        )

    return find_deal(fits, players=PLAYERS, dealer="Bob")


def test_classic_no_fours_before_the_break_a_terts_allowed(table):
    """classic, before_break = "sequences" [000] rule 1: the leader's four is refused before
    trick 1, his terts is written; both scored into the deal."""
    deal = _classic_opening_deal()
    hand = deal.hands["Ann"]
    four = next(r for r in ("J", "A", "K", "Q") if sum(c.rank.value == r for c in hand) == 4)
    run = runs_in(hand)[0]
    table.new("Bob")
    table.deal(deal)
    err = table.refused("declare", "Ann", f"4{four}")
    assert "before_break" in err
    table.ok("declare", "Ann", combo(run[:3]))
    sheet = table.sheet()
    assert deal_of(sheet, 1)["declarations"] == {"Ann": 20, "Bob": 0}
    assert [d["status"] for d in deal_of(sheet, 1)["declared"]] == ["scored"]
    table.play(deal)
    got = deal_of(table.sheet(), 1)
    assert got["points"] == rounded(plus(deal.card_points, "Ann", 20))


def test_classic_follower_may_not_declare_before_trick_1(table):
    """classic, when = "lead" [000][002]: the dealer follows to trick 1, so he may not declare
    before it (a marriage aside)."""
    deal = find_deal(lambda d: runs_in(d.hands["Bob"]), players=PLAYERS, dealer="Bob")
    table.new("Bob")
    table.deal(deal)
    err = table.refused("declare", "Bob", combo(runs_in(deal.hands["Bob"])[0][:3]))
    assert "Ann" in err and "lead" in err
    kinds = {e["player"]: e["kinds"] for e in table.status()["may_declare"]}
    assert kinds["Bob"] == ["marriage"]
    assert kinds["Ann"] == ["sequence", "marriage"]


def test_classic_declaration_before_trick_9_is_late(table):
    """§4.3, §6 late-declaration [000]: declarations only with 9 cards (before tricks 1-8); one
    made before trick 9 is accepted, scores nothing, and its value goes uphill."""
    deal = find_deal(
        lambda d: any(len(r) == 3 for r in runs_in(d.hand_before(9, d.leader_of(9)))),
        players=PLAYERS,
        dealer="Bob",
    )
    leader = deal.leader_of(9)
    run = next(r for r in runs_in(deal.hand_before(9, leader)) if len(r) == 3)
    table.new("Bob")
    table.deal(deal)
    table.play(deal, 1, 8)
    assert table.status()["trick"] == 9
    report = table.json("declare", leader, combo(run))
    assert any("late" in n for n in report["notices"])
    sheet = table.sheet()
    got = deal_of(sheet, 1)
    assert [(d["status"], d["points"]) for d in got["declared"]] == [("late", 0)]
    assert got["declarations"] == {"Ann": 0, "Bob": 0}
    assert sheet["uphill"] == plus({"Ann": 0, "Bob": 0}, leader, 20)
    assert sheet["targets"] == plus({"Ann": 501, "Bob": 501}, leader, 20)
    (pen,) = got["penalty_list"]
    assert (pen["kind"], pen["player"], pen["uphill"]) == ("late-declaration", leader, 20)
    table.play(deal, 9, 16)
    got = deal_of(table.sheet(), 1)
    assert got["points"] == deal.points, "a late declaration scores nothing"


def test_classic_marriage_before_trick_12_scores_20(table):
    """§4.3: from trick 9 on only a marriage may be declared [000][002]; it scores 20."""

    def fits(d):
        hand = d.hand_before(12, d.leader_of(12))
        return trump_card(d, Rank.KING) in hand and trump_card(d, Rank.QUEEN) in hand

    deal = find_deal(fits, players=PLAYERS, dealer="Bob")
    leader = deal.leader_of(12)
    table.new("Bob")
    table.deal(deal)
    table.play(deal, 1, 11)
    kinds = {e["player"]: e["kinds"] for e in table.status()["may_declare"]}
    assert kinds[leader] == ["marriage"]
    table.ok("declare", leader, "marriage")
    got = deal_of(table.sheet(), 1)
    assert got["declarations"] == plus({"Ann": 0, "Bob": 0}, leader, 20)
    assert got["penalty_list"] == []
    table.play(deal, 12, 16)
    got = deal_of(table.sheet(), 1)
    assert got["points"] == rounded(plus(deal.card_points, leader, 20))


def test_book_fours_and_the_followers_declaration_before_the_break(table):
    """book [001]: before_break = "all" ("ещё до первого захода игроки хвалят свои карты") and
    when = "own-turn": the leader's four and the follower's run are both written before trick 1."""
    deal = find_deal(
        lambda d: (
            runs_in(d.hands["Bob"])
            and any(
                sum(c.rank is r for c in d.hands["Ann"]) == 4
                for r in (Rank.JACK, Rank.ACE, Rank.KING, Rank.QUEEN)
            )
        ),
        players=PLAYERS,
        dealer="Bob",
    )
    hand = deal.hands["Ann"]
    four = next(r for r in ("J", "A", "K", "Q") if sum(c.rank.value == r for c in hand) == 4)
    run = runs_in(deal.hands["Bob"])[0][:3]
    table.new("Bob", "book")
    table.deal(deal)
    table.ok("declare", "Ann", f"4{four}")
    table.ok("declare", "Bob", combo(run))
    value = 200 if four == "J" else 100
    got = deal_of(table.sheet(), 1)
    assert got["declarations"] == {"Ann": value, "Bob": 20}
    table.play(deal)
    got = deal_of(table.sheet(), 1)
    assert got["points"] == rounded(plus(plus(deal.card_points, "Ann", value), "Bob", 20))


def test_strict_nothing_but_a_marriage_before_the_break(table):
    """strict [002]: before_break = "none": a run before trick 1 is refused, the marriage is
    not; before trick 2 the leader (trick 1's winner) declares his run."""

    def fits(d):
        hand, winner = d.hands["Ann"], d.tricks[0].winner
        return (
            runs_in(hand)
            and trump_card(d, Rank.KING) in hand
            and trump_card(d, Rank.QUEEN) in hand
            and runs_in(d.hand_before(2, winner))
        )

    deal = find_deal(fits, players=PLAYERS, dealer="Bob")
    table.new("Bob", "strict")
    table.deal(deal)
    err = table.refused("declare", "Ann", combo(runs_in(deal.hands["Ann"])[0][:3]))
    assert "before_break" in err
    table.ok("declare", "Ann", "marriage")
    table.play(deal, 1, 1)
    winner = deal.tricks[0].winner
    table.refused("declare", deal.other(winner), combo(runs_in(deal.hands["Ann"])[0][:3]))
    run = runs_in(deal.hand_before(2, winner))[0][:3]
    table.ok("declare", winner, combo(run))
    got = deal_of(table.sheet(), 1)
    assert got["declarations"] == plus(plus({"Ann": 0, "Bob": 0}, "Ann", 20), winner, 20)


# --- offences proven by later play (§3, §6) -------------------------------------------------


def _renege_deal():
    """A classic deal with a renege that only a later trick proves."""
    return find_deal(
        lambda d: d.renege is not None and d.renege.proven_at > d.renege.trick + 1,
        players=PLAYERS,
        dealer="Bob",
        renege_at=9,
    )


def test_renege_caught_from_later_play(table):
    """§3 penalties.renege = "deal-to-opponent" (house): the renege is noticed at the trick that
    proves it, and the offender's opponent takes all 150 card points."""
    deal = _renege_deal()
    ren = deal.renege
    table.new("Bob")
    table.deal(deal)
    reports = table.play(deal)
    tricks = [r for r in reports if r["type"] == "trick"]
    flagged = [i for i, r in enumerate(tricks, start=1) if any("renege" in n for n in r["notices"])]
    assert flagged == [ren.proven_at_public]
    (notice,) = [n for n in tricks[ren.proven_at_public - 1]["notices"] if "renege" in n]
    assert f"trick {ren.trick}" in notice and ren.player in notice
    got = deal_of(table.sheet(), 1)
    assert [(p["kind"], p["player"]) for p in got["penalty_list"]] == [("renege", ren.player)]
    opponent = deal.other(ren.player)
    assert got["card_points"] == {ren.player: 0, opponent: 150}
    assert got["points"] == {ren.player: 0, opponent: 150}


def test_renege_flagged_only(table, tmp_path):
    """penalties.renege = "flag": the renege is reported, no points move."""
    rules = tmp_path / "flagged.toml"
    rules.write_text(
        'name = "flagged"\nextends = "classic"\n\n[penalties]\nrenege = "flag"\n', encoding="utf-8"
    )
    deal = _renege_deal()
    table.new("Bob", str(rules))
    table.deal(deal)
    table.play(deal)
    got = deal_of(table.sheet(), 1)
    assert [(p["kind"], p["player"]) for p in got["penalty_list"]] == [
        ("renege", deal.renege.player)
    ]
    assert got["card_points"] == deal.card_points
    assert got["points"] == rounded(deal.card_points)


def test_false_terts_voided_when_the_opponent_plays_its_card(table):
    """§6 false-declaration, classic [000]: Ann declares a terts of which Bob holds a card; when
    Bob plays it the declaration scores nothing, Ann gets 100 uphill and Bob writes its 20."""

    def bluff(d):
        for run in runs_in(d.hands["Ann"] | d.hands["Bob"]):
            run = run[:3]
            if sum(c in d.hands["Ann"] for c in run) == 2:
                return run
        return None

    deal = find_deal(bluff, players=PLAYERS, dealer="Bob")
    run = bluff(deal)
    (bobs,) = [c for c in run if c in deal.hands["Bob"]]
    when = next(t.number for t in deal.tricks if bobs in (t.lead, t.follow))
    table.new("Bob")
    table.deal(deal)
    table.ok("declare", "Ann", combo(run))
    assert deal_of(table.sheet(), 1)["declarations"] == {"Ann": 20, "Bob": 0}
    reports = [r for r in table.play(deal) if r["type"] == "trick"]
    flagged = [i for i, r in enumerate(reports, 1) if any("false" in n for n in r["notices"])]
    assert flagged == [when]
    sheet = table.sheet()
    got = deal_of(sheet, 1)
    assert [d["status"] for d in got["declared"]] == ["false"]
    assert got["declarations"] == {"Ann": 0, "Bob": 0}
    assert got["penalties"] == {"Ann": 0, "Bob": 20}
    assert sheet["uphill"] == {"Ann": 100, "Bob": 0}
    assert sheet["targets"] == {"Ann": 601, "Bob": 501}
    assert got["points"] == rounded(plus(deal.card_points, "Bob", 20))


# --- claiming the win (§5) -----------------------------------------------------------------


def _claim_setup(table):
    """short (301): two quick deals give Ann 280; in deal 3 (Bob deals) Ann declares a fifty she
    holds, so she has 330 before any trick; she then takes trick 1."""
    deal = find_deal(
        lambda d: any(len(r) == 4 for r in runs_in(d.hands["Ann"])) and d.tricks[0].winner == "Ann",
        players=PLAYERS,
        dealer="Bob",
    )
    table.new("Bob", "short")
    for _ in range(2):
        table.ok("deal", "--quick")
        table.ok("score", "140", "--by", "Ann", "--last-trick", "Bob")
    assert table.sheet()["totals"] == {"Ann": 280, "Bob": 20}
    table.deal(deal)
    assert table.status()["dealer"] == "Bob"
    fifty = next(r for r in runs_in(deal.hands["Ann"]) if len(r) == 4)
    table.ok("declare", "Ann", combo(fifty))
    return deal


def test_claim_refused_before_any_trick_accepted_after_one(table):
    """game.win_requires_trick [000][002]: a claim needs a trick taken in the deal, however many
    points the claimant has; once Ann has taken trick 1 her claim stands."""
    deal = _claim_setup(table)
    err = table.refused("claim", "Ann")
    assert "trick" in err
    table.play(deal, 1, 1)
    table.refused("claim", "Bob")
    table.ok("claim", "Ann")
    sheet = table.sheet()
    assert sheet["finished"] is True and sheet["winner"] == "Ann"
    t = deal.tricks[0]
    taken = card_value(t.lead, deal.trump) + card_value(t.follow, deal.trump)
    assert sheet["totals"]["Ann"] == 280 + round_deal(taken + 50, "half-down")


def test_claim_with_stated_tricks_refused_before_any_trick(table):
    """A deal not started with --quick is followed trick by trick (its declarations are timed);
    before its first trick nobody has taken a trick, whatever --tricks says."""
    _claim_setup(table)
    table.refused("claim", "Ann", "--tricks", "1", "--card-points", "0")


def test_claim_after_a_proven_renege_counts_no_card_points_for_the_offender(table):
    """§3, §5: under "deal-to-opponent" a proven renege forfeits the offender's card points of
    the deal, so they cannot carry him over his target: Ann (280 of 301) reneged; the 30-odd card
    points she has taken since are not hers to claim with."""

    def taken(d, k):
        return sum(
            card_value(t.lead, d.trump) + card_value(t.follow, d.trump)
            for t in d.tricks[:k]
            if t.winner == "Ann"
        )

    deal = find_deal(
        lambda d: (
            d.renege is not None and d.renege.player == "Ann" and taken(d, d.renege.proven_at) >= 26
        ),
        players=PLAYERS,
        dealer="Bob",
        renege_at=8,
    )
    table.new("Bob", "short")
    for _ in range(2):
        table.ok("deal", "--quick")
        table.ok("score", "140", "--by", "Ann", "--last-trick", "Bob")
    table.deal(deal)
    assert deal.renege is not None  # the deal was found for its renege
    table.play(deal, 1, deal.renege.proven_at)
    penalty_list = deal_of(table.sheet(), 3)["penalty_list"]
    assert [(p["kind"], p["player"]) for p in penalty_list] == [("renege", "Ann")]
    table.refused("claim", "Ann")


# --- card conservation (§1, §2) -------------------------------------------------------------


def _plain_deal(**kwargs):
    return find_deal(
        lambda d: d.face_up.rank is not Rank.SEVEN, players=PLAYERS, dealer="Bob", **kwargs
    )


def test_a_card_is_played_once_a_deal(table):
    """§1: each card is in the deck once: a card already played, or one card twice in a trick,
    is refused."""
    deal = _plain_deal()
    table.new("Bob")
    table.deal(deal)
    table.play(deal, 1, 1)
    t1, t2 = deal.tricks[0], deal.tricks[1]
    err = table.refused("trick", notate(t1.lead), notate(t2.follow))
    assert "already played" in err
    err = table.refused("trick", notate(t2.lead), notate(t1.follow))
    assert "already played" in err
    table.refused("trick", notate(t2.lead), notate(t2.lead))
    table.refused("trick", notate(t2.lead))
    table.play(deal, 2, 16)
    assert deal_of(table.sheet(), 1)["card_points"] == deal.card_points
    err = table.refused("trick", notate(t1.lead), notate(t1.follow))
    assert "deal" in err


def test_score_refused_in_a_deal_followed_trick_by_trick(table):
    """The public contract: `score` is quick mode; a deal with tricks counts its own card points."""
    deal = _plain_deal()
    table.new("Bob")
    table.deal(deal)
    table.play(deal, 1, 1)
    table.refused("score", "80", "--by", "Ann", "--last-trick", "Bob")
    table.play(deal, 2, 15)
    table.refused("score", "80", "--by", "Ann", "--last-trick", "Bob")


def test_face_up_card_is_drawn_last(table):
    """§2: the face-up trump card lies under the stock and is drawn last, by the loser of
    trick 7: played before trick 8 it is refused; from trick 8 only its holder may play it."""
    deal = _plain_deal()
    face = notate(deal.face_up)
    table.new("Bob")
    table.deal(deal)
    for k in range(1, 8):
        t = deal.tricks[k - 1]
        assert "face-up" in table.refused("trick", face, notate(t.follow))
        assert "face-up" in table.refused("trick", notate(t.lead), face)
        table.play(deal, k, k)
    holder = deal.other(deal.tricks[6].winner)
    t8 = deal.tricks[7]
    if t8.leader != holder:
        assert holder in table.refused("trick", face, notate(t8.follow))
    else:
        assert holder in table.refused("trick", notate(t8.lead), face)
    table.play(deal, 8, 16)
    assert deal_of(table.sheet(), 1)["card_points"] == deal.card_points


def test_exchange_while_the_stock_holds_two(table):
    """§3 exchange.min_stock = 2 [000][001][003]: before trick 7 the stock holds 2, the trump 7
    may be swapped; then the 7 is the face-up card and the card taken is the exchanger's."""
    deal = find_deal(
        lambda d: d.exchange is not None and d.exchange[1] == 7,
        players=PLAYERS,
        dealer="Bob",
        exchange_at=7,
    )
    assert deal.exchange is not None  # the deal was found for its exchange
    holder = deal.exchange[0]
    seven = notate(trump_card(deal, Rank.SEVEN))
    table.new("Bob")
    table.deal(deal)
    table.play(deal, 1, 6)
    status = table.status()
    assert (status["trick"], status["stock"], status["may_exchange"]) == (7, 2, True)
    table.ok("exchange", holder)
    assert table.status()["may_exchange"] is False
    assert "already" in table.refused("exchange", deal.other(holder))
    t7 = deal.tricks[6]
    assert "face-up" in table.refused("trick", notate(t7.lead), seven)
    other = deal.other(holder)
    if t7.leader == other:
        assert holder in table.refused("trick", notate(deal.face_up), notate(t7.follow))
    else:
        assert holder in table.refused("trick", notate(t7.lead), notate(deal.face_up))
    table.ok("trick", notate(t7.lead), notate(t7.follow))
    table.play(deal, 8, 16)
    got = deal_of(table.sheet(), 1)
    assert got["card_points"] == deal.card_points
    assert got["penalty_list"] == []


def test_exchange_refused_once_the_stock_is_empty(table):
    """§3: before trick 8 the stock is empty: the trump 7 may no longer be exchanged."""
    seven = {s: Card(Rank.SEVEN, s) for s in Suit}

    def fits(d):
        return d.face_up.rank is not Rank.SEVEN and any(
            seven[d.trump] in d.hand_before(8, p) for p in PLAYERS
        )

    deal = find_deal(fits, players=PLAYERS, dealer="Bob")
    holder = next(p for p in PLAYERS if seven[deal.trump] in deal.hand_before(8, p))
    table.new("Bob")
    table.deal(deal)
    table.play(deal, 1, 7)
    assert table.status()["may_exchange"] is False
    err = table.refused("exchange", holder)
    assert "min_stock" in err
