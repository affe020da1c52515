"""Replay: the score sheet as a pure function of the events and the ruleset.

``replay(players, events, rules)`` walks the events in order, applies every rule of RULES §2-§6
that the events let it judge, and returns a ``Sheet``. Nothing is stored twice: the sheet, the
deal's phase, who leads and who deals next are all derived here. An event the rules forbid at
its moment raises ``EventRefused`` naming the event, unless ``strict=False`` (what-if replays
under another ruleset), where it is skipped with a notice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from . import vocabulary  # noqa: F401  (status words in notices)
from .cards import CARD_POINTS, DECK, Card, Rank, Suit
from .declarations import Declaration, Kind, challenge_verdict, compare, shared_cards
from .errors import RuleError
from .events import (
    Challenge,
    Claim,
    DealEvent,
    Declare,
    Event,
    Exchange,
    Penalty,
    PenaltyKind,
    Score,
    Trick,
)
from .i18n import pinned
from .messages import shown, suit_word, t
from .play import follow_obligation, trick_winner
from .rules import Ruleset

__all__ = [
    "declaration_bar",
    "exchange_bar",
    "replay",
    "Sheet",
    "Deal",
    "EventRefused",
    "round_points",
    "stock_before",
    "phase_of",
    "TRICKS_PER_DEAL",
]

TRICKS_PER_DEAL = 16
FINAL_FROM = 8  # tricks 8-16 are the final phase, "разбор фрица" [000]
LAST_DECLARATION_TRICK = 8  # declarations only with 9 cards: before tricks 1-8 [000][003][004]


class EventRefused(RuleError):
    """An event the rules forbid at its moment; ``number`` is its position in the log."""

    def __init__(self, number: int, message: str):
        super().__init__(message)
        self.number = number


def round_points(points: int, rounding: str) -> int:
    """A deal total rounded per ``scoring.rounding`` [000][001][003].

    half-down: 25 -> 20, 26 -> 30.
    """
    if rounding == "none":
        return points
    if rounding == "half-down":
        return (points + 4) // 10 * 10
    if rounding == "half-up":
        return (points + 5) // 10 * 10
    return points // 10 * 10  # down


def stock_before(trick: int) -> int:
    """Cards in the stock before trick ``trick`` (1-16): 14, 12, ... 2, then 0 from trick 8."""
    return max(0, 14 - 2 * (trick - 1)) if trick <= 7 else 0


def phase_of(trick: int) -> str:
    """``before-break`` (trick 1), ``drawing`` (2-7), ``final`` (8-16), ``over`` after 16."""
    if trick > TRICKS_PER_DEAL:
        return "over"
    if trick == 1:
        return "before-break"
    return "drawing" if trick < FINAL_FROM else "final"


@lru_cache(maxsize=4)
def reachable_card_points(last_trick: int) -> frozenset[int]:
    """Every card-point count one player can hold after a deal, with and without the last trick."""
    sums = {0}
    for card in DECK:
        value = card.points(Suit.HEARTS)  # the multiset of values is the same for every trump
        sums |= {s + value for s in sums}
    return frozenset(sums | {s + last_trick for s in sums})


@dataclass(eq=False)
class DeclRecord:
    """A declaration as the sheet records it."""

    event: int
    player: str
    decl: Declaration
    value: int  # its points under the ruleset
    status: str = "scored"  # scored | burned | withdrawn | false | late | lowering
    trick: int | None = None  # the trick it was made before, when known
    note: str = ""
    beats: DeclRecord | None = None  # for a challenge: the declaration it beat

    @property
    def points(self) -> int:
        if self.status == "scored":
            return self.value
        if self.status == "lowering":
            return -self.value
        return 0


@dataclass(eq=False)
class PenaltyRecord:
    """A penalty: points added to the offender's deal (negative for a loss), uphill, and points
    given to the opponent."""

    event: int
    player: str
    kind: PenaltyKind
    points: int = 0
    uphill: int = 0
    to_opponent: int = 0
    note: str = ""
    auto: bool = False


@dataclass(eq=False)
class TrickRecord:
    number: int
    leader: str
    lead: Card
    follow: Card
    winner: str
    event: int
    renege: bool = False


@dataclass(eq=False)
class Deal:
    """One deal's record and the state derived from its events."""

    number: int
    dealer: str
    players: tuple[str, str]
    trump: Suit | None
    trump_card: Card | None
    event: int
    declarations: list[DeclRecord] = field(default_factory=list)
    penalties: list[PenaltyRecord] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    card_points: dict[str, int] | None = None
    last_trick: str | None = None
    finished: bool = False
    claimed_by: str | None = None
    renege_by: str | None = None
    exchange_by: str | None = None
    exchange_event: int | None = None
    points: dict[str, int] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    burned: dict[str, set[Declaration]] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    quick: bool = False  # recorded with --quick: declarations are not timed

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    @property
    def next_trick(self) -> int:
        return len(self.tricks) + 1

    @property
    def leader(self) -> str:
        """Who leads the next trick: the non-dealer, then each trick's winner [all]."""
        return self.tricks[-1].winner if self.tricks else self.other(self.dealer)

    @property
    def phase(self) -> str:
        return "over" if self.finished else phase_of(self.next_trick)

    @property
    def face_up(self) -> Card | None:
        """The face-up trump card lying under the stock, when known (after an exchange: the 7)."""
        if self.exchange_by and self.trump:
            return Card(Rank.SEVEN, self.trump)
        return self.trump_card

    def declared(self, player: str) -> int:
        return sum(r.points for r in self.declarations if r.player == player)

    def penalty_points(self, player: str) -> int:
        own = sum(p.points for p in self.penalties if p.player == player)
        given = sum(p.to_opponent for p in self.penalties if p.player != player)
        return own + given

    def played_at(self) -> dict[Card, TrickRecord]:
        """Every card played in this deal, and the trick it went to."""
        return {c: tr for tr in self.tricks for c in (tr.lead, tr.follow)}

    def played(self) -> set[Card]:
        return set(self.played_at())

    def tricks_taken(self, player: str) -> int:
        return sum(1 for tr in self.tricks if tr.winner == player)

    def trick_card_points(self, player: str) -> int:
        return sum(
            tr.lead.points(self.trump) + tr.follow.points(self.trump)
            for tr in self.tricks
            if tr.winner == player
        )

    def turn_declarations(self, player: str) -> list[DeclRecord]:
        """``player``'s declarations (not marriages, not challenges) before the next trick."""
        k = self.next_trick
        return [
            r
            for r in self.declarations
            if r.player == player
            and r.trick == k
            and r.decl.kind is not Kind.MARRIAGE
            and not r.beats
        ]

    def scored_runs(self, player: str, suit: Suit, turn: int | None = None) -> list[Declaration]:
        """``player``'s scored runs in ``suit``, those of ``turn`` (a trick number) left out."""
        return [
            r.decl
            for r in self.declarations
            if r.player == player
            and r.status == "scored"
            and r.decl.kind is Kind.SEQUENCE
            and r.decl.suit == suit
            and (turn is None or r.trick != turn)
        ]


@dataclass(eq=False)
class Sheet:
    """The running score sheet derived from the events."""

    rules: Ruleset
    players: tuple[str, str]
    deals: list[Deal]
    totals: dict[str, int]
    uphill: dict[str, int]
    finished: bool = False
    winner: str | None = None
    win_reason: str = ""
    notices: list[tuple[int, str]] = field(default_factory=list)  # (event number, text)
    skipped: list[int] = field(default_factory=list)

    @property
    def targets(self) -> dict[str, int]:
        return {p: self.rules.game.target + self.uphill[p] for p in self.players}

    @property
    def current(self) -> Deal | None:
        """The open deal, if any."""
        return self.deals[-1] if self.deals and not self.deals[-1].finished else None

    def notices_for(self, number: int) -> list[str]:
        return [text for n, text in self.notices if n == number]


def declaration_bar(
    rules: Ruleset, deal: Deal, player: str, kind: Kind, challenge: bool = False
) -> str | None:
    """Why ``player`` may not declare a ``kind`` before the next trick, or None (RULES §4.3).

    The one place the timing rules live: ``late`` (after the last 9-card moment: an offence that
    is priced, not refused [000]), ``not-leader`` (``declarations.when = "lead"`` [000][002]),
    ``none-before-break`` / ``no-fours`` (``declarations.before_break`` [002] / [000]),
    ``turn-used`` (``declarations.multiple = false`` [000][002]), ``marriage-written`` (one trump
    marriage a deal). A quick deal times nothing. A challenge answers the declarer at his moment:
    ``when`` does not bind it, nor does it use up the challenger's turn.
    """
    if kind is Kind.MARRIAGE:
        written = any(
            r.decl.kind is Kind.MARRIAGE and r.status in ("scored", "burned")
            for r in deal.declarations
        )
        return "marriage-written" if written and rules.declarations.marriage == "trump" else None
    if deal.quick:
        return None
    k = deal.next_trick
    if k > LAST_DECLARATION_TRICK:
        return "late"
    if rules.declarations.when == "lead" and player != deal.leader and not challenge:
        return "not-leader"
    if k == 1 and rules.declarations.before_break == "none":
        return "none-before-break"
    if k == 1 and rules.declarations.before_break == "sequences" and kind is Kind.FOUR:
        return "no-fours"
    if not challenge and not rules.declarations.multiple and deal.turn_declarations(player):
        return "turn-used"
    return None


def exchange_bar(rules: Ruleset, deal: Deal) -> str | None:
    """Why the trump 7 may not be exchanged now, or None (RULES §3, ``exchange.min_stock``).

    ``done`` (once a deal), ``stock`` (fewer than min_stock cards left [000][001][003]),
    ``seven-up`` (the face-up card is the 7 itself), ``played`` (the 7 is gone). Without the
    trump recorded only the first two can be judged.
    """
    if deal.exchange_by:
        return "done"
    if stock_before(deal.next_trick) < rules.exchange.min_stock:
        return "stock"
    seven = Card(Rank.SEVEN, deal.trump) if deal.trump else None
    if seven is not None and deal.trump_card == seven:
        return "seven-up"
    if seven is not None and seven in deal.played():
        return "played"
    return None


class _Referee:
    """Walks the events; one method per event type."""

    def __init__(self, players: Sequence[str], rules: Ruleset, first_dealer: str | None):
        self.rules = rules
        self.players = (players[0], players[1])
        self.first_dealer = first_dealer or self.players[1]
        self.sheet = Sheet(
            rules, self.players, [], {p: 0 for p in players}, {p: 0 for p in players}
        )
        self.number = 0

    # --- helpers ----------------------------------------------------------------------------

    def notice(self, text: str, deal: Deal | None = None) -> None:
        self.sheet.notices.append((self.number, text))
        if deal is not None:
            deal.notices.append(text)

    def refuse(self, message: str) -> RuleError:
        return RuleError(message)

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    @property
    def deal_points(self) -> int:
        """Card points in a deal, the last trick's bonus included: 150 [000][002]."""
        return CARD_POINTS + self.rules.scoring.last_trick

    def check_player(self, player: str) -> None:
        if player not in self.players:
            raise self.refuse(
                t(
                    "err.player.not_in_game",
                    player=player,
                    a=self.players[0],
                    b=self.players[1],
                )
            )

    def open_deal(self, what: str) -> Deal:
        """The open deal; ``what`` is the message key of what was to be done in it."""
        deal = self.sheet.current
        if deal is None:
            raise self.refuse(t("err.no_deal", what=t(what)))
        return deal

    def penalty_deal(self) -> Deal:
        if not self.sheet.deals:
            raise self.refuse(t("err.penalty.no_deal"))
        return self.sheet.deals[-1]

    def not_over(self) -> None:
        if self.sheet.finished:
            raise self.refuse(
                t("err.game_over", winner=self.sheet.winner, reason=self.sheet.win_reason)
            )

    def end_game(self, winner: str, reason: str) -> None:
        self.sheet.finished = True
        self.sheet.winner = winner
        self.sheet.win_reason = reason
        self.notice(t("notice.win", winner=winner, reason=reason))

    # --- points -----------------------------------------------------------------------------

    def settle(self, deal: Deal) -> None:
        """Recompute a deal's points and every running total from it on."""
        rounding = self.rules.scoring.rounding
        start = deal.number - 1
        running = (
            dict(self.sheet.deals[start - 1].totals) if start else {p: 0 for p in self.players}
        )
        for d in self.sheet.deals[start:]:
            for p in self.players:
                cards = d.card_points.get(p, 0) if d.card_points else 0
                raw = cards + d.declared(p) + d.penalty_points(p)
                d.points[p] = round_points(raw, rounding)
                if d.finished:  # an open deal's points are written when it closes
                    running[p] += d.points[p]
            d.totals = dict(running)
        self.sheet.totals = dict(running)

    def close_deal(self, deal: Deal, card_points: dict[str, int], last_trick: str) -> None:
        deal.card_points = card_points
        deal.last_trick = last_trick
        deal.finished = True
        self.apply_renege(deal)
        self.settle(deal)
        self.check_winner(deal)

    def apply_renege(self, deal: Deal) -> None:
        if deal.renege_by and deal.card_points is not None:
            if self.rules.penalties.renege == "deal-to-opponent":
                total = self.deal_points
                deal.card_points = {deal.renege_by: 0, deal.other(deal.renege_by): total}

    def check_winner(self, deal: Deal) -> None:
        """After a deal: whoever reached his own target wins; both -> the last trick [000][002]."""
        if self.sheet.finished:
            return
        targets = self.sheet.targets
        over = [p for p in self.players if self.sheet.totals[p] >= targets[p]]
        if len(over) == 1:
            p = over[0]
            self.end_game(
                p,
                t("win.target", total=self.sheet.totals[p], target=targets[p], deal=deal.number),
            )
        elif len(over) == 2 and deal.last_trick:
            p = deal.last_trick
            self.end_game(p, t("win.both_over", deal=deal.number))

    # --- events -----------------------------------------------------------------------------

    def on_deal(self, ev: DealEvent) -> None:
        self.not_over()
        if self.sheet.current is not None:
            cur = self.sheet.current
            raise self.refuse(t("err.deal_open", deal=cur.number))
        previous = self.sheet.deals[-1] if self.sheet.deals else None
        rotation = previous.last_trick if previous and previous.last_trick else None
        if previous is None:
            rotation = self.first_dealer
        dealer = ev.dealer or rotation or self.first_dealer
        self.check_player(dealer)
        deal = Deal(
            len(self.sheet.deals) + 1, dealer, self.players, ev.trump, ev.trump_card, self.number
        )
        deal.burned = {p: set() for p in self.players}
        deal.quick = ev.quick
        if ev.dealer and rotation and ev.dealer != rotation and previous is not None:
            self.notice(
                t("notice.dealer", dealer=dealer, rotation=rotation, deal=previous.number), deal
            )
        self.sheet.deals.append(deal)

    def _marriage_suit(self, deal: Deal, decl: Declaration) -> Declaration:
        if decl.kind is Kind.MARRIAGE and decl.suit is None:
            if deal.trump is None:
                raise self.refuse(t("err.marriage.no_trump"))
            return Declaration.marriage(deal.trump)
        if (
            decl.kind is Kind.MARRIAGE
            and deal.trump
            and decl.suit != deal.trump
            and self.rules.declarations.marriage == "trump"
        ):
            raise self.refuse(t("err.marriage.trump", suit=suit_word(deal.trump)))
        return decl

    def _timing(
        self, deal: Deal, player: str, combos: Sequence[Declaration], challenge: bool = False
    ) -> str | None:
        """Refuse a declaration out of its moment (``declaration_bar``); "late" is returned, for
        the offence is priced, not refused."""
        k = deal.next_trick
        for d in combos:
            if d.kind is Kind.MARRIAGE:
                continue
            bar = declaration_bar(self.rules, deal, player, d.kind, challenge)
            if bar == "late":
                return "late"
            if bar == "not-leader":
                raise self.refuse(
                    t("err.declare.not_leader", player=player, trick=k, leader=deal.leader)
                    + _quick_hint(deal)
                )
            if bar == "none-before-break":
                raise self.refuse(t("err.declare.none_before_break") + _quick_hint(deal))
        for d in combos:
            if (
                d.kind is Kind.FOUR
                and declaration_bar(self.rules, deal, player, d.kind, challenge) == "no-fours"
            ):
                raise self.refuse(t("err.declare.no_fours", four=shown(d)) + _quick_hint(deal))
        return None

    def _one_per_turn(self, deal: Deal, player: str, combos: Sequence[Declaration]) -> None:
        non_marriage = [d for d in combos if d.kind is not Kind.MARRIAGE]
        marriages = [d for d in combos if d.kind is Kind.MARRIAGE]
        if len(marriages) > 1:
            raise self.refuse(t("err.declare.marriage_once"))
        multiple = self.rules.declarations.multiple
        if not multiple and len(non_marriage) > 1:
            raise self.refuse(t("err.declare.one_per_turn"))
        if multiple:
            runs = [d for d in non_marriage if d.kind is Kind.SEQUENCE]
            for i, a in enumerate(runs):
                for b in runs[i + 1 :]:
                    if a.cards() & b.cards():
                        raise self.refuse(t("err.declare.share", a=shown(a), b=shown(b)))
        if not non_marriage or deal.quick:
            return
        k = deal.next_trick
        earlier = deal.turn_declarations(player)
        if multiple:
            # One turn told in several commands: the same limits as in one [000][004].
            for r in earlier:
                for d in non_marriage:
                    if d.kind is Kind.SEQUENCE and r.decl.kind is Kind.SEQUENCE:
                        if d.cards() & r.decl.cards():
                            raise self.refuse(t("err.declare.share", a=shown(d), b=shown(r.decl)))
                    if compare(r.decl, d, deal.trump, self.rules).winner == "second":
                        raise self.refuse(
                            t("err.declare.highest_first", a=shown(d), b=shown(r.decl))
                        )
        elif earlier:  # declaration_bar's "turn-used"
            raise self.refuse(
                t("err.declare.already", player=player, decl=shown(earlier[0].decl), trick=k)
                + _quick_hint(deal)
            )

    def _written_again(self, deal: Deal, player: str, decl: Declaration) -> bool:
        """A declaration already scored in this deal scores once: declared again it is refused,
        except a run where lowering is priced, which then costs its value (RULES §4.3)."""
        if decl.kind is Kind.MARRIAGE:
            return False
        if decl.kind is Kind.SEQUENCE and self.rules.declarations.lowering != "allowed":
            return False
        return any(
            r.player == player and r.decl == decl and r.status == "scored"
            for r in deal.declarations
        )

    def _lowering(self, deal: Deal, player: str, decl: Declaration) -> str | None:
        """Why ``decl`` lowers an earlier declaration of this suit (RULES §4.3), or None."""
        mode = self.rules.declarations.lowering
        if mode == "allowed" or decl.kind is not Kind.SEQUENCE:
            return None
        # Under `multiple`, runs of one turn do not lower each other ([000]: terts from K♣ and
        # terts from 10♣ in one turn); a turn told in several commands counts as one.
        same_turn = deal.next_trick if self.rules.declarations.multiple and not deal.quick else None
        for earlier in deal.scored_runs(player, decl.suit, same_turn):
            if mode == "suit" and (earlier.length, earlier.rank.sequence_index) >= (
                decl.length,
                decl.rank.sequence_index,
            ):
                return t(
                    "note.lowering.suit",
                    decl=shown(decl),
                    earlier=shown(earlier),
                    suit=suit_word(decl.suit),
                )
            if mode == "subset" and decl.cards() <= earlier.cards():
                return t("note.lowering.subset", decl=shown(decl), earlier=shown(earlier))
        return None

    def _proven_false(self, deal: Deal, player: str, decl: Declaration) -> str | None:
        """Evidence, from the cards seen, that ``player`` cannot hold ``decl`` now."""
        if not deal.tricks and deal.quick:
            return None
        notes = {"played": "note.played", "face-up": "note.face_up", "in-hand": "note.in_hand"}
        for card in sorted(decl.cards(), key=Card.sort_key):
            where = self._out_of_reach(deal, player, card)
            if where is not None:
                return t(notes[where[0]], card=card, **where[1])
        return None

    def _out_of_reach(self, deal: Deal, player: str, card: Card) -> tuple[str, dict] | None:
        """Why ``player`` cannot hold ``card`` now, as far as the cards seen tell: ("played",
        its trick), ("face-up",) under the stock, ("in-hand", the holder); None if he may."""
        played = deal.played_at()
        if card in played:
            return "played", {"trick": played[card].number}
        holder = self._holder(deal, card)
        if holder == "table":
            return "face-up", {}
        if holder is not None and holder != player:
            return "in-hand", {"holder": holder}
        return None

    def _holder(self, deal: Deal, card: Card) -> str | None:
        """Who is known to hold an unplayed card: "table" for the face-up card, a player, None."""
        original, seven = deal.trump_card, (Card(Rank.SEVEN, deal.trump) if deal.trump else None)
        if deal.exchange_by and card == original and original != seven:
            return deal.exchange_by
        if card == deal.face_up:
            if len(deal.tricks) < 7:
                return "table"
            t7 = deal.tricks[6]
            return deal.other(t7.winner)  # the loser of trick 7 draws the last card [000][002]
        return None

    def on_declare(self, ev: Declare) -> None:
        self.not_over()
        self.check_player(ev.player)
        deal = self.open_deal("err.no_deal.declare")
        combos = [self._marriage_suit(deal, d) for d in ev.combos]
        if len(set(combos)) != len(combos):
            raise self.refuse(t("err.declare.twice"))
        for d in combos:
            if d in deal.burned[ev.player]:
                raise self.refuse(t("err.declare.burned", player=ev.player, decl=shown(d)))
            if d.kind is Kind.MARRIAGE and any(
                r.decl == d and r.status in ("scored", "burned") for r in deal.declarations
            ):
                raise self.refuse(t("err.declare.marriage_written", decl=shown(d)))
            if self._written_again(deal, ev.player, d):
                raise self.refuse(t("err.declare.written", player=ev.player, decl=shown(d)))
        self._one_per_turn(deal, ev.player, combos)
        late = self._timing(deal, ev.player, combos)
        trick = None if deal.quick else deal.next_trick
        # Highest first: it is the one announced and contested first [000].
        combos.sort(
            key=lambda d: (d.kind is not Kind.MARRIAGE, d.points(self.rules), d.sort_key()),
            reverse=True,
        )
        records = []
        for d in combos:
            rec = DeclRecord(self.number, ev.player, d, d.points(self.rules), trick=trick)
            if late and d.kind is not Kind.MARRIAGE:
                rec.status = "late"
            else:
                why = self._lowering(deal, ev.player, d)
                if why:
                    rec.status, rec.note = "lowering", why
                    self.notice(
                        t("notice.lowering", player=ev.player, why=why, points=-rec.value), deal
                    )
            records.append(rec)
        deal.declarations.extend(records)
        if late:
            value = sum(r.value for r in records if r.status == "late")
            deal.penalties.append(
                PenaltyRecord(
                    self.number,
                    ev.player,
                    PenaltyKind.LATE_DECLARATION,
                    uphill=value,
                    auto=True,
                    note=t("note.late", trick=deal.next_trick),
                )
            )
            self.sheet.uphill[ev.player] += value
            self.notice(
                t("notice.late", player=ev.player, trick=LAST_DECLARATION_TRICK, value=value),
                deal,
            )
        for rec in records:
            evidence = self._proven_false(deal, ev.player, rec.decl)
            if evidence and rec.status not in ("false", "late"):  # late is one offence already
                self._void_false(deal, [rec], f"{evidence}", auto=True)
                break
        self.settle(deal)

    def on_challenge(self, ev: Challenge) -> None:
        self.not_over()
        self.check_player(ev.player)
        deal = self.open_deal("err.no_deal.challenge")
        previous = self.last_event
        if not isinstance(previous, Declare) or self.last_deal_event_deal is not deal:
            raise self.refuse(t("err.challenge.none"))
        if previous.player == ev.player:
            raise self.refuse(t("err.challenge.own", player=ev.player))
        targets = [
            r
            for r in deal.declarations
            if r.event == self.number - 1 and r.decl.kind is not Kind.MARRIAGE
        ]
        if not targets:
            raise self.refuse(t("err.challenge.marriage"))
        target = targets[0]  # the highest, announced first
        if target.status != "scored":
            raise self.refuse(
                t(
                    "err.challenge.void",
                    decl=shown(target.decl),
                    status=t(f"status.{target.status}"),
                )
            )
        combo = self._marriage_suit(deal, ev.combo)
        if combo in deal.burned[ev.player]:
            raise self.refuse(t("err.challenge.burned", player=ev.player, decl=shown(combo)))
        if self._written_again(deal, ev.player, combo):
            raise self.refuse(t("err.declare.written", player=ev.player, decl=shown(combo)))
        self._timing(deal, ev.player, [combo], challenge=True)
        shared = shared_cards(target.decl, combo)
        if shared:
            cards = " ".join(str(c) for c in sorted(shared, key=Card.sort_key))
            raise self.refuse(
                t("err.challenge.shared", combo=shown(combo), decl=shown(target.decl), cards=cards)
            )
        verdict = challenge_verdict(target.decl, combo, deal.trump, self.rules)
        if verdict.winner != "second":
            rule = f" ({verdict.key})" if verdict.key else ""
            raise self.refuse(
                t(
                    "err.challenge.no_beat",
                    combo=shown(combo),
                    decl=shown(target.decl),
                    reason=verdict.reason,
                    rule=rule,
                    source=verdict.source,
                ).rstrip()
            )
        for rec in targets:
            rec.status = "burned" if rec is target else "withdrawn"
        target.note = t("note.beaten", player=ev.player, combo=shown(combo))
        deal.burned[target.player].add(target.decl)
        rec = DeclRecord(
            self.number,
            ev.player,
            combo,
            combo.points(self.rules),
            trick=target.trick,
            beats=target,
        )
        why = self._lowering(deal, ev.player, combo)
        if why:
            rec.status, rec.note = "lowering", why
        deal.declarations.append(rec)
        self.notice(
            t(
                "notice.challenge",
                player=ev.player,
                combo=shown(combo),
                decl=shown(target.decl),
                reason=verdict.reason,
                source=verdict.source,
                loser=target.player,
            ),
            deal,
        )
        evidence = self._proven_false(deal, ev.player, combo)
        if evidence:
            self._void_false(deal, [rec], evidence, auto=True)
        self.settle(deal)

    def _void_false(self, deal: Deal, records: list[DeclRecord], evidence: str, auto: bool) -> None:
        """A false declaration (RULES §6): it scores nothing, uphill, perhaps points to the
        opponent [000][001][004]."""
        player = records[0].player
        value = sum(r.value for r in records)
        for r in records:
            r.status = "false"
            r.note = evidence
            if r.beats is not None and r.beats.status == "burned":
                r.beats.status = "scored"  # the beaten declaration stands again
                r.beats.note = ""
                deal.burned[r.beats.player].discard(r.beats.decl)
        setting = self.rules.penalties.false_uphill
        uphill = value if setting == "value" else int(setting)
        to_opp = value if self.rules.penalties.false_to_opponent else 0
        deal.penalties.append(
            PenaltyRecord(
                self.number,
                player,
                PenaltyKind.FALSE_DECLARATION,
                uphill=uphill,
                to_opponent=to_opp,
                note=evidence,
                auto=auto,
            )
        )
        self.sheet.uphill[player] += uphill
        names = ", ".join(shown(r.decl) for r in records)
        gain = t("notice.false.gain", player=deal.other(player), points=to_opp) if to_opp else ""
        self.notice(
            t(
                "notice.false",
                player=player,
                names=names,
                event=records[0].event,
                evidence=evidence,
                uphill=uphill,
                gain=gain,
            ),
            deal,
        )

    def on_score(self, ev: Score) -> None:
        self.not_over()
        for p in (ev.by, ev.last_trick):
            self.check_player(p)
        deal = self.open_deal("err.no_deal.score")
        if deal.tricks:
            raise self.refuse(t("err.score.tricks", deal=deal.number))
        bonus = self.rules.scoring.last_trick
        total = self.deal_points
        if not 0 <= ev.points <= total:
            raise self.refuse(t("err.score.range", points=ev.points, total=total))
        if ev.last_trick == ev.by and ev.points < bonus:
            raise self.refuse(t("err.score.below_bonus", player=ev.by, bonus=bonus))
        if ev.last_trick != ev.by and ev.points > total - bonus:
            raise self.refuse(
                t(
                    "err.score.no_last",
                    points=ev.points,
                    player=ev.last_trick,
                    most=total - bonus,
                )
            )
        cards_only = ev.points - (bonus if ev.last_trick == ev.by else 0)
        if cards_only not in reachable_card_points(0):
            raise self.refuse(t("err.score.no_set", points=cards_only))
        other = self.other(ev.by)
        self.close_deal(deal, {ev.by: ev.points, other: total - ev.points}, ev.last_trick)

    def on_trick(self, ev: Trick) -> None:
        self.not_over()
        deal = self.open_deal("err.no_deal.trick")
        if deal.quick:
            raise self.refuse(t("err.trick.quick", deal=deal.number))
        if deal.trump is None:
            raise self.refuse(t("err.trick.no_trump"))
        k = deal.next_trick
        if ev.lead == ev.follow:
            raise self.refuse(t("err.trick.twice", card=ev.lead))
        leader = deal.leader
        follower = deal.other(leader)
        errors = {
            "played": "err.trick.played",
            "face-up": "err.trick.face_up",
            "in-hand": "err.trick.holder",
        }
        for card, who in ((ev.lead, leader), (ev.follow, follower)):
            where = self._out_of_reach(deal, who, card)
            if where is not None:
                raise self.refuse(t(errors[where[0]], card=card, player=who, **where[1]))
        winner = leader if trick_winner(ev.lead, ev.follow, deal.trump) == 0 else follower
        deal.tricks.append(TrickRecord(k, leader, ev.lead, ev.follow, winner, self.number))
        self._check_reneges(deal)
        self._check_trump_seven(deal)
        self._check_declared_cards(deal, follower, ev.follow)
        self._check_declared_cards(deal, leader, ev.lead)
        if k == TRICKS_PER_DEAL:
            bonus = self.rules.scoring.last_trick
            points = {p: deal.trick_card_points(p) for p in self.players}
            points[winner] += bonus
            self.close_deal(deal, points, winner)
        else:
            self.settle(deal)

    def _check_trump_seven(self, deal: Deal) -> None:
        """``exchange.mandatory``: the trump 7 played at a trick before which the stock held
        ``exchange.min_stock`` proves its holder kept it when he had to exchange [000]."""
        if not self.rules.exchange.mandatory or deal.exchange_by or deal.trump is None:
            return
        seven = Card(Rank.SEVEN, deal.trump)
        trick = deal.tricks[-1]
        if seven not in (trick.lead, trick.follow) or deal.trump_card == seven:
            return
        if stock_before(trick.number) < self.rules.exchange.min_stock:
            return
        player = trick.leader if trick.lead == seven else deal.other(trick.leader)
        value = self.rules.penalties.trump_seven
        deal.penalties.append(
            PenaltyRecord(self.number, player, PenaltyKind.TRUMP_SEVEN, uphill=value, auto=True)
        )
        self.sheet.uphill[player] += value
        self.notice(
            t("notice.trump_seven", player=player, card=seven, trick=trick.number, points=value),
            deal,
        )

    def _check_declared_cards(self, deal: Deal, player: str, card: Card) -> None:
        """A card the opponent had declared turns up in ``player``'s play: that was false."""
        opponent = deal.other(player)
        seven = Card(Rank.SEVEN, deal.trump) if deal.trump else None
        for rec in deal.declarations:
            if (
                rec.player == opponent
                and rec.status in ("scored", "burned", "lowering")
                and card in rec.decl.cards()
            ):
                if (
                    card == seven
                    and deal.exchange_by == opponent
                    and rec.event < (deal.exchange_event or 0)
                ):
                    continue  # he held it when he declared, then exchanged it [000][001][003]
                group = [
                    r
                    for r in deal.declarations
                    if r.event == rec.event and r.player == opponent and r.status != "false"
                ]
                self._void_false(
                    deal,
                    group,
                    t("note.played_by", player=player, card=card, trick=deal.tricks[-1].number),
                    auto=True,
                )
                self.settle(deal)

    def _check_reneges(self, deal: Deal) -> None:
        """Final-phase reneges proven by later play (RULES §3; ``penalties.renege``)."""
        final = [tr for tr in deal.tricks if tr.number >= FINAL_FROM]
        if not final:
            return
        for i, tr in enumerate(final):
            if tr.renege:
                continue
            follower = deal.other(tr.leader)
            later = {u.lead if u.leader == follower else u.follow for u in final[i:]}
            known = later | self._known_held(deal, follower)
            why = follow_obligation(
                known - {tr.follow}, tr.lead, deal.trump, self.rules, True, tr.follow
            )
            if why:
                tr.renege = True
                evidence = deal.tricks[-1].number
                self._renege(deal, follower, tr, why, evidence)

    def _known_held(self, deal: Deal, player: str) -> set[Card]:
        """Cards known to be in ``player``'s final-phase hand though not yet played."""
        held = {
            card
            for card in (deal.face_up, deal.trump_card)
            if card is not None and self._holder(deal, card) == player
        }
        return held - deal.played()

    def _renege(self, deal: Deal, player: str, trick: TrickRecord, why: str, evidence: int) -> None:
        setting = self.rules.penalties.renege
        first = deal.renege_by is None
        if first:
            deal.renege_by = player
        deal.penalties.append(
            PenaltyRecord(
                self.number,
                player,
                PenaltyKind.RENEGE,
                auto=True,
                note=t("note.renege", trick=trick.number, why=why),
            )
        )
        effect = (
            t("notice.renege.deal")
            if setting == "deal-to-opponent" and first
            else t("notice.renege.flag")
        )
        self.notice(
            t(
                "notice.renege",
                trick=trick.number,
                player=player,
                follow=trick.follow,
                lead=trick.lead,
                why=why,
                proof=evidence,
                effect=effect,
                setting=setting,
            ),
            deal,
        )

    def on_exchange(self, ev: Exchange) -> None:
        self.not_over()
        self.check_player(ev.player)
        deal = self.open_deal("err.no_deal.exchange")
        # Without the trump recorded (a quick deal) the swap is noted; its cards are not traced.
        seven = Card(Rank.SEVEN, deal.trump) if deal.trump else None
        bar = exchange_bar(self.rules, deal)
        if bar == "done":
            raise self.refuse(t("err.exchange.done", player=deal.exchange_by))
        if bar == "stock":
            stock, need = stock_before(deal.next_trick), self.rules.exchange.min_stock
            raise self.refuse(t("err.exchange.stock", stock=stock, need=need))
        if bar == "seven-up":
            raise self.refuse(t("err.exchange.seven_up"))
        if bar == "played":
            raise self.refuse(t("err.exchange.played", card=seven))
        deal.exchange_by = ev.player
        deal.exchange_event = self.number
        got = t("notice.exchange.for", card=deal.trump_card) if deal.trump_card else ""
        shown_seven = str(seven) if seven else t("name.trump_seven")
        self.notice(t("notice.exchange", player=ev.player, seven=shown_seven, got=got), deal)

    def on_penalty(self, ev: Penalty) -> None:
        self.not_over()
        self.check_player(ev.player)
        deal = self.penalty_deal()
        kind = ev.kind
        pen = self.rules.penalties
        if kind.loses_game:
            deal.penalties.append(PenaltyRecord(self.number, ev.player, kind))
            self.settle(deal)
            self.end_game(self.other(ev.player), t("win.loses", player=ev.player, kind=kind.value))
            return
        if ev.points is not None and ev.points < 0:
            raise self.refuse(t("err.penalty.negative", points=ev.points))
        limit = self.deal_points if kind is PenaltyKind.MISCOUNT else self.rules.game.target
        if ev.points is not None and ev.points > limit:
            raise self.refuse(
                t("err.penalty.too_many", points=ev.points, kind=kind.value, limit=limit)
            )
        if kind is PenaltyKind.MISCOUNT:
            if not ev.points:
                raise self.refuse(t("err.penalty.miscount"))
            deal.penalties.append(
                PenaltyRecord(
                    self.number, ev.player, kind, points=-ev.points, to_opponent=ev.points
                )
            )
        elif kind in (
            PenaltyKind.FALSE_DECLARATION,
            PenaltyKind.LATE_DECLARATION,
            PenaltyKind.LOWERING,
        ):
            group = self._target_declarations(deal, ev)
            if kind is PenaltyKind.FALSE_DECLARATION:
                self._void_false(deal, group, t("note.by_command"), auto=False)
            elif kind is PenaltyKind.LATE_DECLARATION:
                value = ev.points if ev.points is not None else sum(r.value for r in group)
                for r in group:
                    r.status = "late"
                deal.penalties.append(PenaltyRecord(self.number, ev.player, kind, uphill=value))
                self.sheet.uphill[ev.player] += value
            else:
                for r in group:
                    r.status = "lowering"
                if ev.points is not None:
                    for r in group:
                        r.value = ev.points // len(group)
        elif kind is PenaltyKind.EMPTY_CHALLENGE:
            value = ev.points if ev.points is not None else pen.empty_challenge
            deal.penalties.append(PenaltyRecord(self.number, ev.player, kind, uphill=value))
            self.sheet.uphill[ev.player] += value
        elif kind is PenaltyKind.TRUMP_SEVEN:
            if not self.rules.exchange.mandatory:
                raise self.refuse(t("err.penalty.trump_seven"))
            value = ev.points if ev.points is not None else pen.trump_seven
            deal.penalties.append(PenaltyRecord(self.number, ev.player, kind, uphill=value))
            self.sheet.uphill[ev.player] += value
        elif kind is PenaltyKind.RENEGE:
            deal.penalties.append(
                PenaltyRecord(self.number, ev.player, kind, note=t("note.by_command"))
            )
            if deal.renege_by is None:
                deal.renege_by = ev.player
            self.apply_renege(deal)
        self.settle(deal)
        if deal.finished:
            self.check_winner(deal)

    def _target_declarations(self, deal: Deal, ev: Penalty) -> list[DeclRecord]:
        mine = [
            r
            for r in deal.declarations
            if r.player == ev.player and r.status not in ("false", "withdrawn")
        ]
        if ev.target is not None:
            mine = [r for r in mine if r.event == ev.target]
            if not mine:
                raise self.refuse(
                    t(
                        "err.penalty.no_event",
                        event=ev.target,
                        player=ev.player,
                        deal=deal.number,
                    )
                )
        elif not mine:
            raise self.refuse(t("err.penalty.no_declaration", player=ev.player, deal=deal.number))
        latest = max(r.event for r in mine)
        return [r for r in mine if r.event == latest]

    def on_claim(self, ev: Claim) -> None:
        self.not_over()
        self.check_player(ev.player)
        deal = self.open_deal("err.no_deal.claim")
        if not deal.quick:  # trick mode: what was taken is known from the tricks
            tricks = deal.tricks_taken(ev.player)
            cards = deal.trick_card_points(ev.player)
            if ev.tricks is not None and ev.tricks != tricks:
                raise self.refuse(
                    t("err.claim.tricks", player=ev.player, tricks=tricks, claimed=ev.tricks)
                )
        else:
            tricks, cards = ev.tricks, ev.card_points
            if (tricks is not None and not 0 <= tricks <= TRICKS_PER_DEAL) or (
                cards is not None and not 0 <= cards <= CARD_POINTS
            ):
                raise self.refuse(t("err.claim.range", tricks=tricks, cards=cards))
            if tricks is None or cards is None:
                raise self.refuse(t("err.claim.quick"))
        if self.rules.game.win_requires_trick and tricks == 0:
            raise self.refuse(t("err.claim.no_trick", player=ev.player))
        if deal.renege_by and self.rules.penalties.renege == "deal-to-opponent":
            # A proven renege: the offender's opponent takes all the deal's card points.
            cards = 0 if deal.renege_by == ev.player else self.deal_points
        raw = cards + deal.declared(ev.player) + deal.penalty_points(ev.player)
        partial = round_points(raw, self.rules.scoring.rounding)
        total = self._total_before(deal, ev.player) + partial
        target = self.sheet.targets[ev.player]
        if total < target:
            raise self.refuse(
                t(
                    "err.claim.short",
                    player=ev.player,
                    total=total,
                    partial=partial,
                    target=target,
                    short=target - total,
                )
            )
        deal.claimed_by = ev.player
        deal.card_points = {ev.player: cards, self.other(ev.player): 0}
        deal.finished = True
        self.apply_renege(deal)
        self.settle(deal)
        self.end_game(ev.player, t("win.claim", deal=deal.number, total=total, target=target))

    def _total_before(self, deal: Deal, player: str) -> int:
        i = deal.number - 1
        return self.sheet.deals[i - 1].totals[player] if i else 0

    # --- the walk ---------------------------------------------------------------------------

    last_event: Event | None = None
    last_deal_event_deal: Deal | None = None

    def apply(self, number: int, ev: Event) -> None:
        self.number = number
        getattr(self, f"on_{ev.type}")(ev)
        self.last_event = ev
        self.last_deal_event_deal = self.sheet.deals[-1] if self.sheet.deals else None


def _quick_hint(deal: Deal) -> str:
    if deal.tricks:
        return ""
    return t("err.quick_hint")


def replay(
    players: Sequence[str],
    events: Sequence[Event],
    rules: Ruleset,
    *,
    first_dealer: str | None = None,
    strict: bool = True,
) -> Sheet:
    """The score sheet for ``events`` under ``rules``; pure.

    Raises EventRefused for an event the rules forbid, unless ``strict`` is False, where the
    event is skipped and a notice names it.
    """
    with pinned():
        return _replay(players, events, rules, first_dealer, strict)


def _replay(
    players: Sequence[str],
    events: Sequence[Event],
    rules: Ruleset,
    first_dealer: str | None,
    strict: bool,
) -> Sheet:
    """``replay``, its messages in the language chosen once."""
    ref = _Referee(players, rules, first_dealer)
    for i, ev in enumerate(events, start=1):
        if not strict:
            snapshot = _snapshot(ref)
        try:
            ref.apply(i, ev)
        except RuleError as exc:
            if strict:
                raise EventRefused(i, str(exc)) from None
            _restore(ref, snapshot)
            ref.sheet.skipped.append(i)
            ref.sheet.notices.append(
                (i, t("notice.skipped", number=i, type=ev.type, rules=rules.name, reason=exc))
            )
    return ref.sheet


def _snapshot(ref: _Referee):
    import copy

    return copy.deepcopy((ref.sheet, ref.last_event, ref.last_deal_event_deal))


def _restore(ref: _Referee, snap) -> None:
    ref.sheet, ref.last_event, ref.last_deal_event_deal = snap
