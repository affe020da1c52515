"""An independent Terts deal simulator, the tests' second opinion on the referee (§1-§5).

It shares nothing with ``terts_referee.referee`` or ``terts_referee.domain.play``: the trick
orders, card points, the follow rule, the draws and the rounding are written again here,
straight from the rule book (docs/rules.md), and only the value types ``Card``, ``Rank`` and
``Suit`` come from the package.

``simulate(seed, ...)`` plays one deal with ``random.Random(seed)``: the shuffle, 9 cards each
(three at a time, dealer last), the next card face up (its suit is trump, it is drawn last), 14
in the stock, the non-dealer leads, after each of tricks 1-7 the winner draws first, then the
loser (who so draws the face-up card after trick 7). While the stock lasts any card is played
(``play.while_stock = "free"``; ``"follow"`` is simulated too); in the final phase (tricks 8-16)
a random legal card. Options add trump-7 exchanges, true declarations (by the player about to
lead; under ``when = "own-turn"`` by either), and one renege (an illegal card) in the final
phase.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from terts_referee.domain.cards import Card, Rank, Suit

__all__ = [
    "SimRules",
    "SimTrick",
    "SimDeclaration",
    "SimRenege",
    "SimDeal",
    "simulate",
    "find_deal",
    "legal_cards",
    "takes",
    "card_value",
    "round_deal",
    "notate",
    "full_deck",
    "runs_in",
]

# --- the deck, written again from §1 ----------------------------------------------------

SUITS = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
#: Sequence order (declarations), low to high: "полтинник от Валета" is J 10 9 8.
SEQUENCE = ("7", "8", "9", "10", "J", "Q", "K", "A")
#: Trick order of a plain suit, low to high: A 10 K Q J 9 8 7 read backwards.
PLAIN_TRICK = ("7", "8", "9", "J", "Q", "K", "10", "A")
#: Trick order of the trump suit, low to high: J 9 A 10 K Q 8 7 read backwards.
TRUMP_TRICK = ("7", "8", "Q", "K", "10", "A", "9", "J")
PLAIN_VALUE = {"A": 11, "10": 10, "K": 3, "Q": 2, "J": 1, "9": 0, "8": 0, "7": 0}
TRUMP_VALUE = {**PLAIN_VALUE, "J": 20, "9": 13}
FOUR_VALUE = {"J": 200, "A": 100, "K": 100, "Q": 100}

TRICKS = 16
FINAL_FROM = 8


_CARD = {(s, i): Card(Rank(r), s) for s in SUITS for i, r in enumerate(SEQUENCE)}


def full_deck() -> list[Card]:
    """The 32 cards in a fixed order (the shuffle starts from it)."""
    return [Card(Rank(r), s) for s in SUITS for r in reversed(SEQUENCE)]


def card_value(card: Card, trump: Suit) -> int:
    """Card points: trump J 20, 9 13; A 11, 10 10, K 3, Q 2, plain J 1."""
    return (TRUMP_VALUE if card.suit == trump else PLAIN_VALUE)[card.rank.value]


def _strength(card: Card, trump: Suit) -> int:
    return (TRUMP_TRICK if card.suit == trump else PLAIN_TRICK).index(card.rank.value)


def takes(lead: Card, follow: Card, trump: Suit) -> bool:
    """Whether the second card takes the trick: the higher trump, else the higher card of the
    led suit; another plain suit never wins."""
    if follow.suit == lead.suit:
        return _strength(follow, trump) > _strength(lead, trump)
    return follow.suit == trump


def legal_cards(
    hand: Iterable[Card],
    lead: Card,
    trump: Suit,
    *,
    must_beat: bool = True,
    trump_jack: str = "may-withhold",
) -> frozenset[Card]:
    """What the follower may play to ``lead`` when he is bound to follow (§3).

    Follow suit, beating when able (``must_beat``, the final phase); void: trump; else anything.
    The trump jack is never forced: a lone trump jack does not oblige on a trump lead nor when
    void, and a beat possible only with the jack obliges no beat. It does not excuse a failure to
    follow a plain suit unless ``trump_jack == "free"``, where it may always be played.
    """
    cards = frozenset(hand)
    jack = Card(Rank.JACK, trump)
    same = {c for c in cards if c.suit == lead.suit}
    if lead.suit == trump:
        if not same - {jack}:
            legal = set(cards)
        else:
            beating = {c for c in same if takes(lead, c, trump)} if must_beat else set()
            legal = beating if beating - {jack} else same
    elif same:
        beating = {c for c in same if takes(lead, c, trump)} if must_beat else set()
        legal = beating or same
    else:
        trumps = {c for c in cards if c.suit == trump}
        legal = trumps if trumps - {jack} else set(cards)
    if trump_jack == "free" and jack in cards:
        legal.add(jack)
    return frozenset(legal)


def round_deal(points: int, mode: str) -> int:
    """A deal total to tens: ``half-down`` 25 -> 20, 26 -> 30; ``half-up``, ``down``, ``none``."""
    if mode == "none":
        return points
    tens, rest = divmod(points, 10)
    if mode == "half-down":
        tens += rest > 5
    elif mode == "half-up":
        tens += rest >= 5
    return tens * 10


_RU_RANK = {"A": "Т", "K": "К", "Q": "Д", "J": "В"}
_RU_SUIT = {Suit.SPADES: "п", Suit.CLUBS: "т", Suit.DIAMONDS: "б", Suit.HEARTS: "ч"}
_LETTER = {Suit.SPADES: "s", Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h"}
_SYMBOL = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}


def notate(card: Card, style: str = "symbol") -> str:
    """A card as the table writes it: ``Q♥`` (symbol), ``Qh`` (letters), ``Дч`` (russian)."""
    rank = card.rank.value
    if style == "letters":
        return f"{rank}{_LETTER[card.suit]}"
    if style == "russian":
        return f"{_RU_RANK.get(rank, rank)}{_RU_SUIT[card.suit]}"
    return f"{rank}{_SYMBOL[card.suit]}"


# --- declarations, written again from §4 ------------------------------------------------


def runs_in(hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every run of 3-8 cards in sequence order in one suit, sub-runs included, top card first."""
    held = {(c.suit, SEQUENCE.index(c.rank.value)) for c in hand}
    found = []
    for suit in SUITS:
        for top in range(2, 8):
            length = 0
            while top - length >= 0 and (suit, top - length) in held:
                length += 1
            for n in range(3, length + 1):
                found.append(tuple(_CARD[suit, top - i] for i in range(n)))
    return found


def fours_in(hand: Iterable[Card]) -> list[str]:
    ranks = [c.rank.value for c in hand]
    return [r for r in FOUR_VALUE if ranks.count(r) == 4]


def run_value(length: int, hundreds: str) -> int:
    if length == 3:
        return 20
    if length == 4:
        return 50
    return 100 + length if hundreds == "by-length" else 100


# --- the simulation ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SimRules:
    """The ruleset keys the simulation needs (§7)."""

    while_stock: str = "free"
    trump_jack: str = "may-withhold"
    rounding: str = "half-down"
    hundreds: str = "flat"
    last_trick: int = 10
    renege: str = "deal-to-opponent"
    when: str = "lead"
    before_break: str = "sequences"
    min_stock: int = 2
    lowering: str = "suit"

    @classmethod
    def of(cls, ruleset) -> SimRules:
        """Read the keys off a resolved ruleset object (only its values are used)."""
        return cls(
            while_stock=ruleset.play.while_stock,
            trump_jack=ruleset.play.trump_jack,
            rounding=ruleset.scoring.rounding,
            hundreds=ruleset.scoring.hundreds,
            last_trick=ruleset.scoring.last_trick,
            renege=ruleset.penalties.renege,
            when=ruleset.declarations.when,
            before_break=ruleset.declarations.before_break,
            min_stock=ruleset.exchange.min_stock,
            lowering=ruleset.declarations.lowering,
        )


@dataclass(frozen=True)
class SimTrick:
    number: int
    leader: str
    follower: str
    lead: Card
    follow: Card
    winner: str


@dataclass(frozen=True)
class SimDeclaration:
    """A declaration made before trick ``before_trick``: a run (its cards, top first), a four
    (``rank``) or the marriage."""

    before_trick: int
    player: str
    kind: str  # run | four | marriage
    cards: tuple[Card, ...]
    points: int
    false: bool = False  # a lie: one of its cards is in the opponent's hand (``lie``)

    def combo(self, style: str = "symbol") -> str:
        """COMBO notation of the contract: the cards comma-separated, ``4A``, or ``marriage``."""
        if self.kind == "marriage":
            return "marriage"
        if self.kind == "four":
            return f"4{self.cards[0].rank.value}"
        return ",".join(notate(c, style) for c in self.cards)


@dataclass(frozen=True)
class SimRenege:
    """An injected renege: at ``trick`` the follower ``player`` played ``card`` though only
    ``legal`` was allowed. ``proven_at``: the first trick after which his own later play (and
    the face-up card he drew) shows it; ``proven_at_public`` also counts the card he took in a
    trump-7 exchange, which the referee knows to be his (declared cards prove nothing: a
    declaration may be false)."""

    trick: int
    player: str
    lead: Card
    card: Card
    legal: frozenset[Card]
    proven_at: int
    proven_at_public: int


@dataclass
class SimDeal:
    seed: int
    players: tuple[str, str]
    dealer: str
    trump: Suit
    face_up: Card
    rules: SimRules
    hands: dict[str, frozenset[Card]]  # the 9 cards dealt
    draws: list[tuple[int, str, Card]] = field(default_factory=list)  # (after trick, who, card)
    actions: list[tuple] = field(default_factory=list)  # ("exchange", p) ("declare", p, decls)
    tricks: list[SimTrick] = field(default_factory=list)
    held_before: list[dict[str, frozenset[Card]]] = field(default_factory=list)
    declarations: list[SimDeclaration] = field(default_factory=list)
    exchange: tuple[str, int] | None = None  # (player, before trick)
    renege: SimRenege | None = None
    last_drawn: Card | None = None  # the face-up card, or the trump 7 after an exchange

    # --- who and what -------------------------------------------------------------------------

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    @property
    def non_dealer(self) -> str:
        return self.other(self.dealer)

    @property
    def last_trick(self) -> str:
        return self.tricks[-1].winner

    @property
    def next_dealer(self) -> str:
        """The last trick's taker deals next [000][001][003]."""
        return self.last_trick

    def hand_before(self, trick: int, player: str) -> frozenset[Card]:
        """``player``'s cards when trick ``trick`` (1-16) is played (after any exchange)."""
        return self.held_before[trick - 1][player]

    def leader_of(self, trick: int) -> str:
        return self.tricks[trick - 1].leader

    def tricks_won(self, player: str) -> int:
        return sum(1 for t in self.tricks if t.winner == player)

    # --- points -------------------------------------------------------------------------------

    @property
    def card_points(self) -> dict[str, int]:
        """Card points taken, the last trick included: 150 between them."""
        pts = {p: 0 for p in self.players}
        for t in self.tricks:
            pts[t.winner] += card_value(t.lead, self.trump) + card_value(t.follow, self.trump)
        pts[self.last_trick] += self.rules.last_trick
        return pts

    @property
    def scored_card_points(self) -> dict[str, int]:
        """Card points as written: under ``renege = "deal-to-opponent"`` the offender's opponent
        takes them all."""
        pts = self.card_points
        if self.renege and self.rules.renege == "deal-to-opponent":
            total = sum(pts.values())
            return {self.renege.player: 0, self.other(self.renege.player): total}
        return pts

    @property
    def declared(self) -> dict[str, int]:
        pts = {p: 0 for p in self.players}
        for d in self.declarations:
            if not d.false:
                pts[d.player] += d.points
        return pts

    @property
    def points(self) -> dict[str, int]:
        """The deal's points per player: cards plus declarations, rounded."""
        cards, decl = self.scored_card_points, self.declared
        return {p: round_deal(cards[p] + decl[p], self.rules.rounding) for p in self.players}

    # --- scripts ------------------------------------------------------------------------------

    def cli_commands(
        self, style: str = "symbol", first: int = 1, last: int = 16
    ) -> list[list[str]]:
        """The ``terts`` commands after ``deal`` (exchange, declare, trick) for tricks ``first`` to
        ``last``, each trick with the exchange and declarations made just before it."""
        out = []
        k = 1
        for action in self.actions:
            if first <= k <= last:
                if action[0] == "exchange":
                    out.append(["exchange", action[1]])
                elif action[0] == "declare":
                    out.append(["declare", action[1], *(d.combo(style) for d in action[2])])
                else:
                    t = action[1]
                    out.append(["trick", notate(t.lead, style), notate(t.follow, style)])
            if action[0] == "trick":
                k += 1
        return out


def simulate(
    seed: int,
    players: tuple[str, str] = ("Ann", "Bob"),
    dealer: str | None = None,
    *,
    rules: SimRules | None = None,
    renege_at: int | None = None,
    exchange: float = 0.0,
    exchange_at: int | None = None,
    declare: float = 0.0,
    marriage: float | None = None,
    exchange_declared_seven: bool = True,
    lie: float = 0.0,
) -> SimDeal:
    """Play one deal. ``renege_at``: from that final-phase trick on, the first time the follower
    holds an illegal card he plays one. ``exchange``: the chance the trump-7 holder swaps it before
    a trick while the stock allows; ``exchange_at``: he swaps it before that trick if he can.
    ``declare``: the chance the player about to lead (under ``when = "own-turn"`` each player)
    declares one true declaration before tricks 1-8 (ascending, never lowering); ``marriage``
    the chance he declares the trump marriage when he holds it (default: ``declare``).
    ``exchange_declared_seven=False`` keeps a trump 7 that its holder has declared. ``lie``: the
    chance that, before any trick (late ones too), the player about to lead (under ``own-turn``
    either) also declares a false run of three or the trump marriage, one of whose cards is in
    the opponent's hand (so that his play or exchange will show it)."""
    rules = rules or SimRules()
    marriage = declare if marriage is None else marriage
    dealer = dealer or players[1]
    rng = random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    non_dealer = players[1] if dealer == players[0] else players[0]
    hands: dict[str, set[Card]] = {non_dealer: set(), dealer: set()}
    pos = 0
    for _ in range(3):
        for who in (non_dealer, dealer):
            hands[who].update(deck[pos : pos + 3])
            pos += 3
    face_up = deck[pos]
    trump = face_up.suit
    stock = [face_up, *deck[pos + 1 :]]  # pop() draws; the face-up card comes last
    assert len(stock) == 14
    deal = SimDeal(
        seed,
        players,
        dealer,
        trump,
        face_up,
        rules,
        {p: frozenset(h) for p, h in hands.items()},
    )
    seven = Card(Rank.SEVEN, trump)
    leader = non_dealer
    declared_runs: dict[str, list[tuple[Card, ...]]] = {p: [] for p in players}
    declared_fours: dict[str, set[str]] = {p: set() for p in players}
    marriage_done = False
    for k in range(1, TRICKS + 1):
        follower = deal.other(leader)
        # The trump 7 exchange, before the holder's move, while the stock holds enough.
        if (
            (exchange or exchange_at == k)
            and deal.exchange is None
            and face_up != seven
            and len(stock) >= rules.min_stock
        ):
            for who in (leader, follower):
                if seven in hands[who] and (exchange_at == k or rng.random() < exchange):
                    if not exchange_declared_seven and any(
                        seven in run for run in declared_runs[who]
                    ):
                        continue
                    hands[who].remove(seven)
                    hands[who].add(face_up)
                    stock[0] = seven
                    deal.exchange = (who, k)
                    deal.actions.append(("exchange", who))
                    break
        # True declarations: the player about to lead, and under "own-turn" the follower too.
        king, queen = Card(Rank.KING, trump), Card(Rank.QUEEN, trump)
        for who in (leader, follower) if rules.when == "own-turn" else (leader,):
            made = []
            if declare and k <= 8 and rng.random() < declare:
                choice = _pick_declaration(
                    hands[who], k, rules, declared_runs[who], declared_fours[who], rng
                )
                if choice is not None:
                    kind, cards = choice
                    if kind == "run":
                        declared_runs[who].append(cards)
                        value = run_value(len(cards), rules.hundreds)
                    else:
                        declared_fours[who].add(cards[0].rank.value)
                        value = FOUR_VALUE[cards[0].rank.value]
                    made.append(SimDeclaration(k, who, kind, cards, value))
            if (
                marriage
                and not marriage_done
                and king in hands[who]
                and queen in hands[who]
                and rng.random() < marriage
            ):
                marriage_done = True
                made.append(SimDeclaration(k, who, "marriage", (king, queen), 20))
            if made:
                deal.declarations.extend(made)
                deal.actions.append(("declare", who, tuple(made)))
            if lie and rng.random() < lie:
                false = _false_declaration(hands[deal.other(who)], k, who, trump, rng)
                if false is not None:
                    deal.declarations.append(false)
                    deal.actions.append(("declare", who, (false,)))
        deal.held_before.append({p: frozenset(h) for p, h in hands.items()})
        # The trick.
        lead = rng.choice(sorted(hands[leader], key=_order))
        final = k >= FINAL_FROM
        if final or rules.while_stock == "follow":
            legal = legal_cards(
                hands[follower], lead, trump, must_beat=final, trump_jack=rules.trump_jack
            )
        else:
            legal = frozenset(hands[follower])
        illegal = hands[follower] - legal
        if final and renege_at is not None and deal.renege is None and k >= renege_at and illegal:
            follow = rng.choice(sorted(illegal, key=_order))
            deal.renege = SimRenege(k, follower, lead, follow, legal, 0, 0)
        else:
            follow = rng.choice(sorted(legal, key=_order))
        hands[leader].remove(lead)
        hands[follower].remove(follow)
        winner = follower if takes(lead, follow, trump) else leader
        trick = SimTrick(k, leader, follower, lead, follow, winner)
        deal.tricks.append(trick)
        deal.actions.append(("trick", trick))
        if k <= 7:
            loser = deal.other(winner)
            for who in (winner, loser):
                card = stock.pop()
                hands[who].add(card)
                deal.draws.append((k, who, card))
                if k == 7:  # the loser's draw, the second, is the face-up card (or the 7)
                    deal.last_drawn = card
        leader = winner
    assert not stock and not hands[players[0]] and not hands[players[1]]
    if deal.renege is not None:
        deal.renege = _with_proof(deal, deal.renege)
    return deal


_ORDER = {
    card: (SUITS.index(card.suit), SEQUENCE.index(card.rank.value)) for card in _CARD.values()
}
_order = _ORDER.__getitem__


def _pick_declaration(
    hand: set[Card],
    k: int,
    rules: SimRules,
    runs_done: list[tuple[Card, ...]],
    fours_done: set[str],
    rng: random.Random,
) -> tuple[str, tuple[Card, ...]] | None:
    """One declaration the leader may truly make now, never lowering one he made [000]."""
    if k == 1 and rules.before_break == "none":
        return None
    options: list[tuple[str, tuple[Card, ...]]] = []
    for run in runs_in(hand):
        mine = [r for r in runs_done if r[0].suit == run[0].suit]
        key = (len(run), SEQUENCE.index(run[0].rank.value))
        # under "subset" [001] a run made only of cards already declared lowers them, in one
        # run or across several: it brings no new card
        old = {c for r in mine for c in r}
        if rules.lowering == "subset" and set(run) <= old:
            continue
        if all(key > (len(r), SEQUENCE.index(r[0].rank.value)) for r in mine):
            options.append(("run", run))
    if k > 1 or rules.before_break == "all":
        for rank in fours_in(hand):
            if rank not in fours_done:
                options.append(("four", tuple(Card(Rank(rank), s) for s in SUITS)))
    return rng.choice(options) if options else None


def _false_declaration(
    theirs: set[Card], k: int, who: str, trump: Suit, rng: random.Random
) -> SimDeclaration | None:
    """A false declaration by ``who``: the trump marriage or a run of three, with a card the
    opponent holds (``theirs``)."""
    if not theirs:
        return None
    card = rng.choice(sorted(theirs, key=_order))
    if card.rank in (Rank.KING, Rank.QUEEN) and card.suit == trump and rng.random() < 0.3:
        pair = (Card(Rank.KING, trump), Card(Rank.QUEEN, trump))
        return SimDeclaration(k, who, "marriage", pair, 20, false=True)
    i = SEQUENCE.index(card.rank.value)
    top = rng.choice([t for t in range(max(i, 2), min(i + 2, 7) + 1)])
    run = tuple(_CARD[card.suit, top - j] for j in range(3))
    return SimDeclaration(k, who, "run", run, 20, false=True)


def _with_proof(deal: SimDeal, r: SimRenege) -> SimRenege:
    """When the renege is shown by what the offender played from then on, plus what is known of
    his hand (the face-up card he drew; then also the card he took in an exchange)."""
    player = r.player
    before = {c for t in deal.tricks[: r.trick - 1] for c in (t.lead, t.follow)}
    drawn = deal.last_drawn
    assert drawn is not None  # every deal draws after trick 7
    face: set[Card] = set()
    if deal.tricks[6].winner != player and drawn not in before:
        face.add(drawn)
    public = set(face)
    if deal.exchange and deal.exchange[0] == player and deal.face_up not in before:
        public.add(deal.face_up)
    rules = deal.rules

    def shown(known: set[Card]) -> bool:
        legal = legal_cards(known, r.lead, deal.trump, trump_jack=rules.trump_jack)
        return r.card not in legal

    proven = proven_public = 0
    played: set[Card] = set()
    for t in deal.tricks[r.trick - 1 :]:
        played.add(t.follow if t.leader != player else t.lead)
        if not proven and shown(played | face):
            proven = t.number
        if not proven_public and shown(played | public):
            proven_public = t.number
    assert proven and proven_public, "every final-phase renege shows by trick 16"
    return SimRenege(r.trick, player, r.lead, r.card, r.legal, proven, proven_public)


def find_deal(predicate, *, start: int = 0, limit: int = 20000, **kwargs) -> SimDeal:
    """The first simulated deal (by seed, from ``start``) for which ``predicate`` holds."""
    for seed in range(start, start + limit):
        deal = simulate(seed, **kwargs)
        if predicate(deal):
            return deal
    raise LookupError(f"no seed in {start}..{start + limit} gives such a deal")
