"""The deal as the sheet records it: phases, declaration statuses, the records of declarations,
penalties and tricks, the ``Deal`` with what its cards tell (who leads, which phase, who is known
to hold a card), and the ``Sheet`` of the whole game. Data and the questions asked of it; no rule
is judged here.
"""

from enum import StrEnum
from typing import Any

from ..domain.cards import Card, Rank, Suit
from ..domain.declarations import Declaration, Kind
from ..domain.events import PenaltyKind
from ..domain.rules import Ruleset
from ..domain.verdicts import Verdict

TRICKS_PER_DEAL = 16
FINAL_FROM = 8  # tricks 8-16 are the final phase, "разбор фрица" [000]
LAST_DECLARATION_TRICK = 8  # declarations only with 9 cards: before tricks 1-8 [000][003][004]
DECK_DRAWN_AFTER = 7  # the loser of trick 7 draws the last card, the face-up one [000][002]
MAX_DEAL_DECLARATIONS = 100  # the program's bound, not a rule: a real deal has a handful


class Phase(StrEnum):
    """The phases of a deal (§2); the value is the word in JSON and in ``phase.*``."""

    def __repr__(self) -> str:  # as it is written in Python (``Suit.HEARTS``), not <...: ...>
        return f"{type(self).__name__}.{self.name}"

    BEFORE_BREAK = "before-break"
    DRAWING = "drawing"
    FINAL = "final"
    OVER = "over"


class Status(StrEnum):
    """What became of a declaration; the value is the word in JSON and in ``status.*``."""

    def __repr__(self) -> str:  # as it is written in Python (``Suit.HEARTS``), not <...: ...>
        return f"{type(self).__name__}.{self.name}"

    SCORED = "scored"  # it counts its value
    BURNED = "burned"  # beaten by a challenge («Не годится!»)
    WITHDRAWN = "withdrawn"  # not announced: a lower one of the same turn, when the highest burned
    FALSE = "false"  # proven or called false: nothing, and a penalty
    LATE = "late"  # after the last 9-card moment: nothing, and uphill
    LOWERING = "lowering"  # lowers an earlier declaration: its value is lost
    REPEAT = "repeat"  # the same one recorded twice, in a file of a version that took it: nothing


class Unreachable(StrEnum):
    """Why a player cannot hold a card now, as far as the cards seen tell (``out_of_reach``)."""

    def __repr__(self) -> str:  # as it is written in Python (``Suit.HEARTS``), not <...: ...>
        return f"{type(self).__name__}.{self.name}"

    PLAYED = "played"  # it went to a trick
    FACE_UP = "face-up"  # it lies face up under the stock
    IN_HAND = "in-hand"  # the other player is known to hold it


STANDING = (Status.SCORED, Status.BURNED)  # a marriage so written cannot be written again
#: Declarations whose cards are claimed held, so provable false: a late one too [000] (lying late
#: is no cheaper than lying on time).
IN_PLAY = (Status.SCORED, Status.BURNED, Status.LOWERING, Status.LATE)


def stock_before(trick: int) -> int:
    """Cards in the stock before trick ``trick`` (1-16): 14, 12, ... 2, then 0 from trick 8."""
    return max(0, 14 - 2 * (trick - 1)) if trick <= 7 else 0


LOOK_MIN_STOCK = 4


def may_look_at_tricks(stock: int) -> bool:
    """Players may look at the tricks taken while the stock holds at least 4 cards
    [000][001][003] (§3; informational: nothing is recorded)."""
    return stock >= LOOK_MIN_STOCK


# The records below are plain classes with their ``__init__`` written out, not dataclasses: a
# dataclass generates its methods with ``exec`` when the module is imported, about 0.4 ms a
# class, and every command imports these, at start-up. The class-level annotations list the
# fields in order; ``__init__`` takes them in that order.


def phase_of(trick: int) -> Phase:
    """``before-break`` (trick 1), ``drawing`` (2-7), ``final`` (8-16), ``over`` after 16."""
    if trick > TRICKS_PER_DEAL:
        return Phase.OVER
    if trick == 1:
        return Phase.BEFORE_BREAK
    return Phase.DRAWING if trick < FINAL_FROM else Phase.FINAL


class DeclRecord:
    """A declaration as the sheet records it."""

    event: int
    player: str
    decl: Declaration
    value: int  # its points under the ruleset
    status: Status
    trick: int | None  # the trick it was made before, when known
    note: Verdict | None  # why it did not score, or why it stands again
    beats: "DeclRecord | None"  # for a challenge: the declaration it beat
    restored: int | None  # burned, then standing again from this event (its challenge false)
    lowers: Verdict | None  # why it is a lowering (§4.3), priced or not: a run lowering one
    # scored before it; what a ``lowering`` penalty written by hand needs (§6)
    # the offences charged on it, each with the event that charged it (the declaration itself
    # when the referee priced it): they add up, whatever order they were written in (§6); a
    # tuple, replaced rather than changed, so that ``dispatch.Undo`` saves it with the fields
    charged: tuple[tuple[PenaltyKind, int], ...]
    lowering_cost: int | None  # what its lowering costs when the penalty named an amount
    shown_false: bool  # the cards seen proved it false (not only a penalty naming it)

    def __init__(
        self,
        event: int,
        player: str,
        decl: Declaration,
        value: int,
        status: Status = Status.SCORED,
        trick: int | None = None,
        note: Verdict | None = None,
        beats: "DeclRecord | None" = None,
    ) -> None:
        self.event, self.player, self.decl, self.value = event, player, decl, value
        self.status, self.trick, self.note, self.beats = status, trick, note, beats
        self.restored = None
        self.lowers = None
        self.charged = ()
        self.lowering_cost = None
        self.shown_false = False

    @property
    def points(self) -> int:
        status = self.status
        if status is Status.SCORED:
            return self.value
        if status is Status.LOWERING or (status is not Status.REPEAT and self.charged_with(LOWER)):
            # a lowering later found false or late keeps its cost: offences add up (§6)
            return -(self.value if self.lowering_cost is None else self.lowering_cost)
        return 0

    def charged_with(self, kind: PenaltyKind) -> int | None:
        """The event that charged offence ``kind`` on this declaration, or None."""
        for charged, event in self.charged:
            if charged is kind:
                return event
        return None

    def charge(self, kind: PenaltyKind, event: int) -> None:
        """Offence ``kind`` charged on this declaration by ``event``. Its status is the gravest
        of its offences (false, then lowering, then late), whatever order they came in: the
        sheet is the same in any order of the penalties (§6)."""
        self.charged = (*self.charged, (kind, event))
        kinds = {k for k, _ in self.charged}
        if PenaltyKind.FALSE_DECLARATION in kinds:
            self.status = Status.FALSE
        elif LOWER in kinds:
            self.status = Status.LOWERING
        else:
            self.status = Status.LATE


LOWER = PenaltyKind.LOWERING


class PenaltyRecord:
    """A penalty: points added to the offender's deal (negative for a loss), uphill, and points
    given to the opponent. A renege found by the referee names its ``trick``. Never changed once
    written (``Deal.penalty_points`` adds each once, a what-if replay does not save them): a
    renege withdrawn is noted in its deal's ``withdrawn``, not on the record."""

    event: int
    player: str
    kind: PenaltyKind
    points: int
    uphill: int
    to_opponent: int
    note: Verdict | None
    auto: bool
    trick: int | None

    def __init__(
        self,
        event: int,
        player: str,
        kind: PenaltyKind,
        points: int = 0,
        uphill: int = 0,
        to_opponent: int = 0,
        note: Verdict | None = None,
        auto: bool = False,
        trick: int | None = None,
    ) -> None:
        self.event, self.player, self.kind = event, player, kind
        self.points, self.uphill, self.to_opponent = points, uphill, to_opponent
        self.note, self.auto = note, auto
        self.trick = trick


class AskRecord:
    """«Рост?» / «От чего?»: ``player`` asked about ``about`` (a challenge implies it). Under
    ``declarations.challenge = "same-class"`` he forfeits higher classes in that turn [001]:
    before trick ``trick`` when tricks are followed; a quick deal (``trick`` None) records no
    turns, so there it binds nothing (§4.2, §4.3)."""

    event: int
    player: str
    about: DeclRecord
    trick: int | None

    def __init__(self, event: int, player: str, about: DeclRecord, trick: int | None) -> None:
        self.event, self.player, self.about, self.trick = event, player, about, trick


class TrickRecord:
    """One trick as the sheet records it, with the event that recorded it."""

    number: int
    leader: str
    lead: Card
    follow: Card
    winner: str
    event: int
    renege: bool

    def __init__(
        self,
        number: int,
        leader: str,
        lead: Card,
        follow: Card,
        winner: str,
        event: int,
        renege: bool = False,
    ) -> None:
        self.number, self.leader, self.lead, self.follow = number, leader, lead, follow
        self.winner, self.event, self.renege = winner, event, renege


class Deal:
    """One deal's record and the state derived from its events."""

    number: int
    dealer: str
    players: tuple[str, str]
    trump: Suit | None
    trump_card: Card | None
    event: int
    declarations: list[DeclRecord]
    penalties: list[PenaltyRecord]
    tricks: list[TrickRecord]
    card_points: dict[str, int] | None
    last_trick: str | None
    finished: bool
    claimed_by: str | None
    renege_by: str | None
    exchange_by: str | None
    exchange_event: int | None
    points: dict[str, int]
    totals: dict[str, int]
    burned: dict[str, set[Declaration]]
    notices: list[Verdict]
    quick: bool  # a quick deal: declarations are not timed
    named_dealer: bool  # the deal event named its dealer
    timed_from: int | None  # a quick deal turned trick by trick by the trick of this event
    trump_event: int | None  # the trump recorded after the deal (``terts trump``)
    asked: dict[str, AskRecord]  # the asker's forfeit, in force
    askers: dict[str, int]  # who asked in this deal (an ask or a challenge): the first event
    questions: dict[str, int]  # how many questions each asked in this deal (asks, challenges)
    empty_charged: dict[str, int]  # how many of them an empty-challenge penalty charged
    # reneges withdrawn, by their place in ``penalties``: why (the declaration they rested on
    # found false); the penalty records themselves are never changed
    withdrawn: dict[int, Verdict]
    notes: list[tuple[int, str]]  # the players' notes on this deal: (event number, text)
    _penalty_sums: tuple[int, dict[str, int], "PenaltyRecord | None"]  # penalty_points' cache

    def __init__(
        self,
        number: int,
        dealer: str,
        players: tuple[str, str],
        trump: Suit | None,
        trump_card: Card | None,
        event: int,
    ) -> None:
        """A deal just dealt; the judges fill in the rest as its events are walked."""
        self.number, self.dealer, self.players = number, dealer, players
        self.trump, self.trump_card, self.event = trump, trump_card, event
        self.declarations = []
        self.penalties = []
        self.tricks = []
        self.card_points = None
        self.last_trick = None
        self.finished = False
        self.claimed_by = None
        self.renege_by = None
        self.exchange_by = None
        self.exchange_event = None
        self.points = {}
        self.totals = {}
        self.burned = {}
        self.notices = []
        self.quick = False
        self.named_dealer = False
        self.timed_from = None
        self.trump_event = None
        self.asked = {}
        self.askers = {}
        self.questions = {}
        self.empty_charged = {}
        self.withdrawn = {}
        self.notes = []
        self._penalty_sums: tuple[int, dict[str, int], PenaltyRecord | None] = (0, {}, None)

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
    def phase(self) -> Phase:
        return Phase.OVER if self.finished else phase_of(self.next_trick)

    @property
    def face_up(self) -> Card | None:
        """The face-up trump card lying under the stock, when known (after an exchange: the 7)."""
        if self.exchange_by and self.trump:
            return Card(Rank.SEVEN, self.trump)
        return self.trump_card

    @property
    def trump_seven(self) -> Card | None:
        return Card(Rank.SEVEN, self.trump) if self.trump else None

    def declared(self, player: str) -> int:
        return sum(r.points for r in self.declarations if r.player == player)

    def penalty_points(self, player: str) -> int:
        """The points penalties give ``player`` in this deal: his own, and what his opponent's
        give him. Kept as running sums over the penalties counted so far (they are only ever
        appended, and never changed), so that a deal of many penalties, each settled, stays
        linear; counted again from the start if the list is not the one counted."""
        counted, sums, last = self._penalty_sums
        penalties = self.penalties
        if counted > len(penalties) or (counted and penalties[counted - 1] is not last):
            counted, sums = 0, {}
        if counted < len(penalties):
            sums = dict(sums)
            for p in penalties[counted:]:
                sums[p.player] = sums.get(p.player, 0) + p.points
                other = self.other(p.player)
                sums[other] = sums.get(other, 0) + p.to_opponent
            counted = len(penalties)
            self._penalty_sums = (counted, sums, penalties[-1])
        return sums.get(player, 0)

    def played_at(self) -> dict[Card, TrickRecord]:
        """Every card played in this deal, and the trick it went to."""
        return {c: tr for tr in self.tricks for c in (tr.lead, tr.follow)}

    def played(self) -> set[Card]:
        return set(self.played_at())

    def standing_reneges(self) -> list[tuple[int, PenaltyRecord]]:
        """The deal's reneges not withdrawn, with their places in ``penalties``."""
        return [
            (i, p)
            for i, p in enumerate(self.penalties)
            if p.kind is PenaltyKind.RENEGE and i not in self.withdrawn
        ]

    def tricks_taken(self, player: str) -> int:
        return sum(1 for tr in self.tricks if tr.winner == player)

    def trick_card_points(self, player: str) -> int:
        return sum(
            tr.lead.points(self.trump) + tr.follow.points(self.trump)
            for tr in self.tricks
            if tr.winner == player
        )

    def turn_declarations(self, player: str) -> list[DeclRecord]:
        """``player``'s declarations (not marriages, not challenges) before the next trick; those
        withdrawn (lower ones of a turn whose highest burned) were never announced: left out."""
        k = self.next_trick
        return [
            r
            for r in self.declarations
            if r.player == player
            and r.trick == k
            and r.decl.kind is not Kind.MARRIAGE
            and not r.beats
            and r.status != Status.WITHDRAWN
        ]

    def scored_records(self, player: str, suit: Suit, turn: int | None = None) -> list[DeclRecord]:
        """``player``'s scored runs in ``suit``, those of ``turn`` (a trick number) left out."""
        return [
            r
            for r in self.declarations
            if r.player == player
            and r.status == Status.SCORED
            and r.decl.kind is Kind.SEQUENCE
            and r.decl.suit == suit
            and (turn is None or r.trick != turn)
        ]

    # --- what the cards seen tell -----------------------------------------------------------

    def holder(self, card: Card) -> str | None:
        """Who is known to hold an unplayed card: "table" for the face-up card, a player, None."""
        original, seven = self.trump_card, self.trump_seven
        if self.exchange_by and card == original and original != seven:
            return self.exchange_by
        if card == self.face_up:
            if len(self.tricks) < DECK_DRAWN_AFTER:
                return "table"
            t7 = self.tricks[DECK_DRAWN_AFTER - 1]
            return self.other(t7.winner)  # the loser of trick 7 draws the last card [000][002]
        return None

    def out_of_reach(self, player: str, card: Card) -> tuple[Unreachable, dict[str, Any]] | None:
        """Why ``player`` cannot hold ``card`` now, as far as the cards seen tell: ("played",
        its trick), ("face-up",) under the stock, ("in-hand", the holder); None if he may."""
        played = self.played_at()
        if card in played:
            return Unreachable.PLAYED, {"trick": played[card].number}
        holder = self.holder(card)
        if holder == "table":
            return Unreachable.FACE_UP, {}
        if holder is not None and holder != player:
            return Unreachable.IN_HAND, {"holder": holder}
        return None

    def shown_held(self, player: str, trick: int) -> set[Card]:
        """Cards ``player`` is known to hold at trick ``trick`` (1-16) before playing to it:
        shown in a declaration made before it, not proven false and not yet played, the face-up
        card taken in an exchange made before it (the 7 then left his hand) [003][004].

        Only cards he can truly hold (§3): never one played before or at that trick (the
        card the other player has just led or played is in no hand), never the face-up card
        while it lies under the stock, never one the other player is known to hold."""
        at = self.tricks[trick - 1] if len(self.tricks) >= trick else None
        gone = {c for tr in self.tricks[:trick] for c in (tr.lead, tr.follow)}
        held: set[Card] = set()
        for r in self.declarations:
            if r.player != player or r.status in (Status.FALSE, Status.WITHDRAWN, Status.REPEAT):
                continue
            if r.trick is not None and r.trick > trick:
                continue
            held |= r.decl.cards()
        exchanged = (
            self.exchange_by is not None
            and self.exchange_event is not None
            and self.trump is not None
            and (at is None or self.exchange_event < at.event)
        )
        seven = self.trump_seven
        if exchanged and seven is not None:
            if self.exchange_by == player:
                held.discard(seven)
                if self.trump_card is not None:
                    held.add(self.trump_card)
            elif self.trump_card is not None:
                held.discard(self.trump_card)
        if trick <= DECK_DRAWN_AFTER:  # the face-up card still lies under the stock
            face_up = seven if exchanged else self.trump_card
            if face_up is not None:
                held.discard(face_up)
        else:
            for card in (self.face_up, self.trump_card):
                owner = self.holder(card) if card is not None else None
                if owner is not None and owner != player:
                    held.discard(card)
        return held - gone

    def known_held(self, player: str) -> set[Card]:
        """Cards known to be in ``player``'s final-phase hand though not yet played."""
        held = {
            card
            for card in (self.face_up, self.trump_card)
            if card is not None and self.holder(card) == player
        }
        return held - self.played()


class Sheet:
    """The running score sheet derived from the events."""

    rules: Ruleset
    players: tuple[str, str]
    deals: list[Deal]
    totals: dict[str, int]
    uphill: dict[str, int]
    finished: bool
    winner: str | None
    win_reason: Verdict | None
    notices: list[tuple[int, Verdict]]  # (event number, notice)
    skipped: list[int]
    # stored events the referee no longer takes, by number: the reason (``dispatch.walk``)
    set_aside: dict[int, Verdict]
    _by_event: tuple[int, dict[int, list[Verdict]]]  # notices by event, built on first use
    first_dealer: str | None  # who deals the first deal (the lot's, else the second player)

    def __init__(
        self,
        rules: Ruleset,
        players: tuple[str, str],
        deals: list[Deal],
        totals: dict[str, int],
        uphill: dict[str, int],
    ) -> None:
        """A sheet before any event is judged: no winner, no notices."""
        self.rules, self.players, self.deals = rules, players, deals
        self.totals, self.uphill = totals, uphill
        self.finished = False
        self.winner = None
        self.win_reason = None
        self.notices = []
        self.skipped = []
        self.set_aside = {}
        self._by_event = (0, {})
        self.first_dealer = None

    @property
    def targets(self) -> dict[str, int]:
        return {p: self.rules.game.target + self.uphill[p] for p in self.players}

    @property
    def current(self) -> Deal | None:
        """The open deal, if any."""
        return self.deals[-1] if self.deals and not self.deals[-1].finished else None

    def notices_for(self, number: int) -> list[Verdict]:
        """The notices of event ``number``, from an index built once (``log --json`` asks for
        every event's: a scan each time would make it quadratic)."""
        size, index = self._by_event
        if size != len(self.notices):
            index = {}
            for n, notice in self.notices:
                index.setdefault(n, []).append(notice)
            self._by_event = (len(self.notices), index)
        return list(index.get(number, ()))
