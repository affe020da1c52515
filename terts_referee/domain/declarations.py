"""Declarations ("назначения"): what they are, how they are written, found and compared (§4).

A declaration is named by its class and its top card: "терц от Дамы" is Q J 10. The COMBO
notation of the contract: ``terts:Q♥ 50:K♠ 100:J♦ 105:J♦ 106:Q♣ 107:K♥ 108:A♠``, Russian class words
(``терц:Дч полтинник:Кп сто:Вб сотня:Вп``), Ukrainian ones (``пʼятдесят:Квино``), fours ``4J 200
4A 4K 4Q 4В 4Т 4К 4Д двісті «чотири тузи»``, ``marriage`` / ``марьяж`` / ``марʼяж`` (``marriage:♥``
where any suit is allowed), or the cards themselves ``Q♥,J♥,10♥``. The names of a declaration
in words are the faces' (``i18n.sentences.named``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..errors import NotationError, RuleError
from .cards import (
    FOLD,
    SEQUENCE_ORDER,
    Card,
    Rank,
    Suit,
    parse_card,
    parse_cards,
    parse_rank,
    parse_suit,
    word_table,
)
from .rules import Ruleset
from .verdicts import Remedy, Verdict

if TYPE_CHECKING:
    from .shapes import DeclarationJSON

__all__ = [
    "Kind",
    "Declaration",
    "Comparison",
    "parse_combo",
    "parse_said",
    "find_declarations",
    "compare",
    "challenge_verdict",
    "shared_cards",
    "best_order",
]


class Kind(enum.Enum):
    """The kinds of declaration: a sequence, four of a rank, a marriage."""

    def __repr__(self) -> str:  # as it is written in Python (``Suit.HEARTS``), not <...: ...>
        return f"{type(self).__name__}.{self.name}"

    __hash__ = object.__hash__  # by identity, in C (as ``cards.Suit``'s, which says why)

    SEQUENCE = "sequence"
    FOUR = "four"
    MARRIAGE = "marriage"


#: The ranks whose four scores: four 10s, 9s, 8s and 7s score nothing (no source lists them).
FOUR_RANKS = (Rank.JACK, Rank.ACE, Rank.KING, Rank.QUEEN)

_SEQ_NOTATION = {3: "terts", 4: "50", 5: "105", 6: "106", 7: "107", 8: "108"}
# Class words on input, English, Russian and Ukrainian (folded: lower case, е for ё, no
# spaces, hyphens, underscores or apostrophes: «сто п'ять» is стопять) -> run length. A hundred
# without its length (сто, сотня, сотка, 100) is the five-card run.
_CLASS_WORDS: dict[str, int] = word_table(
    {
        3: "terts terz tierce терц терца 20",
        4: "fifty quart 50 пятьдесят полтинник полсотни кварт четверик пятдесят півсотні",
        5: "100 105 hundred сто стопять пятерик сотня сотка",
        6: "106 стошесть шестерик стошість",
        7: "107 стосемь семерик стосім",
        8: "108 стовосемь восьмерик стовісім",
    }
)

_FOUR_WORDS: dict[str, Rank] = word_table(
    {
        Rank.JACK: "200 двести двеставалетов двестивалетов четыревалета двісті двістівалетів "
        "двістіхлопів чотиривалети",
        Rank.QUEEN: "стодам четыредамы стокраль чотиридами чотирикралі",
        Rank.KING: "стокоролей четырекороля стокоролів чотирикоролі",
        Rank.ACE: "стотузов четыретуза стотузів чотиритузи",
    }
)
_MARRIAGE_WORDS = {
    *("marriage", "m", "bella", "belote"),
    *("марьяж", "мариаж", "маряж", "белла", "бела"),  # Russian
    "маряж",  # Ukrainian марʼяж, its apostrophe folded
}

#: The top card's rank as it is said after «от» / «від» / «from» (the genitive: «терц от Дамы»,
#: «сто от туза», «пʼятдесят від Короля»), besides the ranks' own letters and words.
_RANK_SAID: dict[str, Rank] = word_table(
    {
        Rank.ACE: "туза ace",
        Rank.KING: "короля king",
        Rank.QUEEN: "дамы дами крали кралі queen",
        Rank.JACK: "валета хлопа jack",
        Rank.TEN: "десятки десяти ten",
        Rank.NINE: "девятки nine",
        Rank.EIGHT: "восьмерки вісімки eight",
        Rank.SEVEN: "семерки сімки seven",
    }
)
#: The words between a class and its top card, dropped: «терц от Дамы», «терц до Дамы» (the
#: top reached from below), «терц від Дами», "terts from Queen".
_LINKS = frozenset({"от", "до", "від", "вiд", "з", "from", "to", "of"})
#: A declaration said in words is at most this many words: «сто шесть от дамы червей» is five.
_MOST_WORDS = 6

_COMBOS = Verdict("err.accept.combo")  # what a declaration may be written as
#: The words of a class (``value_class``) and of a run's length, for a face to say.
_CLASS_KEYS = {
    "terts": "name.class.terts",
    "fifty": "name.class.fifty",
    "hundred": "name.class.hundred",
    "jacks": "name.class.jacks",
    "marriage": "name.class.marriage",
}
_RUN_KEYS = {
    3: "name.run.3",
    4: "name.run.4",
    5: "name.run.5",
    6: "name.run.6",
    7: "name.run.7",
    8: "name.run.8",
}


def _in(text: str, exc: NotationError) -> NotationError:
    """The refusal of a part of ``text``, naming the text it was found in."""
    return NotationError(Verdict("err.in", {"text": text, "reason": exc.verdict}))


class Declaration(NamedTuple):
    """One declaration: a run (``length``, ``rank`` = top card, ``suit``), a four (``rank``), or a
    marriage (``suit``; None until the deal's trump is known)."""

    kind: Kind
    rank: Rank | None = None
    suit: Suit | None = None
    length: int = 0

    # --- construction ---------------------------------------------------------------------

    @classmethod
    def sequence(cls, length: int, top: Rank, suit: Suit) -> Declaration:
        """A run of ``length`` cards from ``top`` down; raises NotationError if impossible."""
        if not 3 <= length <= 8:
            raise NotationError(Verdict("err.run.length", {"length": length}))
        if top.sequence_index < length - 1:
            tops = SEQUENCE_ORDER[length - 1 :]  # ranks, worded by the face: «9, 10, В …»
            name = Verdict(_RUN_KEYS[length])
            params = {"name": name, "top": top, "length": length, "tops": tops}
            raise NotationError(Verdict("err.run.top", params))
        return cls(Kind.SEQUENCE, top, suit, length)

    @classmethod
    def four(cls, rank: Rank) -> Declaration:
        if rank not in FOUR_RANKS:
            raise NotationError(Verdict("err.four.rank", {"rank": rank}))
        return cls(Kind.FOUR, rank, None, 4)

    @classmethod
    def marriage(cls, suit: Suit | None) -> Declaration:
        return cls(Kind.MARRIAGE, None, suit, 2)

    @classmethod
    def parse(
        cls, text: str, trump: Suit | None = None, rules: Ruleset | None = None
    ) -> Declaration:
        """Read a COMBO; raises NotationError (syntax) or RuleError (marriage suit)."""
        return parse_combo(text, trump, rules)

    # --- what it is -----------------------------------------------------------------------

    @property
    def top(self) -> Rank | None:
        return self.rank if self.kind is Kind.SEQUENCE else None

    def cards(self) -> frozenset[Card]:
        """The cards the declaration is made of."""
        if self.kind is Kind.SEQUENCE:
            assert self.rank is not None and self.suit is not None  # a run has both
            i = self.rank.sequence_index
            suit = self.suit
            return frozenset(Card(r, suit) for r in SEQUENCE_ORDER[i - self.length + 1 : i + 1])
        if self.kind is Kind.FOUR:
            assert self.rank is not None  # a four has its rank
            rank = self.rank
            return frozenset(Card(rank, s) for s in Suit)
        if self.suit is None:
            return frozenset()
        return frozenset({Card(Rank.KING, self.suit), Card(Rank.QUEEN, self.suit)})

    def points(self, rules: Ruleset) -> int:
        """Points written for it (§4 table; ``scoring.hundreds`` for runs of 5-8 [000])."""
        if self.kind is Kind.MARRIAGE:
            return 20
        if self.kind is Kind.FOUR:
            return 200 if self.rank is Rank.JACK else 100
        if self.length == 3:
            return 20
        if self.length == 4:
            return 50
        return 100 + self.length if rules.scoring.hundreds == "by-length" else 100

    @property
    def value_class(self) -> str:
        """terts, fifty, hundred (runs of 5-8 and 4A/4K/4Q) or jacks: the classes of [001]."""
        if self.kind is Kind.FOUR:
            return "jacks" if self.rank is Rank.JACK else "hundred"
        if self.kind is Kind.MARRIAGE:
            return "marriage"
        return {3: "terts", 4: "fifty"}.get(self.length, "hundred")

    # --- how it is written ----------------------------------------------------------------

    def notation(self, ascii_only: bool = False) -> str:
        """CLI notation that parses back: ``terts:Q♥``, ``105:J♦``, ``4A``, ``marriage:♥``."""
        suit = (self.suit.letter if ascii_only else self.suit.symbol) if self.suit else ""
        if self.kind is Kind.SEQUENCE:
            assert self.rank is not None  # a run has its top card
            return f"{_SEQ_NOTATION[self.length]}:{self.rank.value}{suit}"
        if self.kind is Kind.FOUR:
            assert self.rank is not None  # a four has its rank
            return f"4{self.rank.value}"
        return f"marriage:{suit}" if suit else "marriage"

    def __str__(self) -> str:
        return self.notation()

    def to_json(self, rules: Ruleset) -> DeclarationJSON:
        """The JSON shape of the contract."""
        points = self.points(rules)
        if self.kind is Kind.SEQUENCE:
            assert self.rank is not None and self.suit is not None  # a run has both
            return {
                "kind": "sequence",
                "length": self.length,
                "top": self.rank.value,
                "suit": self.suit.value,
                "points": points,
            }
        if self.kind is Kind.FOUR:
            assert self.rank is not None  # a four has its rank
            return {"kind": "four", "rank": self.rank.value, "points": points}
        return {
            "kind": "marriage",
            "suit": self.suit.value if self.suit else None,
            "points": points,
        }

    def sort_key(self) -> tuple[bool, int, int]:
        """Ascending order for declaring "от младшей к старшей": points, length, top."""
        return (
            self.kind is not Kind.MARRIAGE,
            self.length if self.kind is Kind.SEQUENCE else 4,
            self.rank.sequence_index if self.rank else 0,
        )


# --- parsing ----------------------------------------------------------------------------------


#: What a declaration's word is read without (besides ``cards.FOLD``): spaces, hyphens,
#: underscores.
_JOINED = str.maketrans({" ": None, "-": None, "_": None})


def _norm(word: str) -> str:
    return word.lower().translate(FOLD).translate(_JOINED).strip()


def parse_combo(text: str, trump: Suit | None = None, rules: Ruleset | None = None) -> Declaration:
    """Read one declaration in COMBO notation; raises NotationError naming what is accepted.

    A marriage of a suit other than trump raises RuleError unless ``declarations.marriage`` is
    ``any-suit`` [000][002] (``trump`` [001][003][004]).
    """
    raw = text.strip()
    if not raw:
        raise NotationError(Verdict("err.combo.empty", {"accepted": _COMBOS}))
    word = _norm(raw)
    if ":" in raw:
        head, _, tail = raw.partition(":")
        head_n = _norm(head)
        if head_n in _MARRIAGE_WORDS:
            return _marriage(text, parse_suit(tail), trump, rules)
        if head_n not in _CLASS_WORDS:
            params = {"text": text, "head": head.strip(), "accepted": _COMBOS}
            raise NotationError(Verdict("err.combo.class", params))
        length = _CLASS_WORDS[head_n]
        try:
            cards = parse_cards(tail)
        except NotationError as exc:
            raise _in(text, exc) from None
        if len(cards) != 1:
            raise NotationError(Verdict("err.combo.one_top", {"text": text}))
        try:
            return Declaration.sequence(length, cards[0].rank, cards[0].suit)
        except NotationError as exc:
            raise _in(text, exc) from None
    if word in _MARRIAGE_WORDS:
        return _marriage(text, None, trump, rules)
    if word in _FOUR_WORDS:
        return Declaration.four(_FOUR_WORDS[word])
    said = _said(text, raw.split(), trump, rules) if len(raw.split()) > 1 else None
    if said is not None:
        return said
    if len(word) >= 2 and word[0] == "4" and "," not in word:
        try:
            rank = _RANK_SAID.get(word[1:]) or parse_rank(word[1:])
        except NotationError:
            raise NotationError(Verdict("err.combo.four", {"text": text})) from None
        try:
            return Declaration.four(rank)
        except NotationError as exc:
            raise _in(text, exc) from None
    if word in _CLASS_WORDS:
        notation = _SEQ_NOTATION[_CLASS_WORDS[word]]
        raise NotationError(Verdict("err.combo.top", {"text": text, "notation": notation}))
    try:
        cards = parse_cards(raw)
    except NotationError as exc:
        params = {"text": text, "reason": exc.verdict, "accepted": _COMBOS}
        raise NotationError(Verdict("err.combo.not", params)) from None
    return _from_cards(text, cards, trump, rules)


def _said(
    text: str, words: list[str], trump: Suit | None, rules: Ruleset | None
) -> Declaration | None:
    """A declaration said in words, as the table says it: «терц от Дамы червей», «сто шесть от
    дамы ♥», «пʼятдесят від Короля ♠», «терц Д♥», «марьяж черви», "terts from Queen hearts";
    None when the words are no such phrase (then they are read as the notation or as cards).

    A run said without its suit («сто шесть от дамы») is refused naming the suit: the record
    needs it (shared cards, the trump's tie) though the table often leaves it unsaid.
    """
    folded = [_norm(w) for w in words]
    if folded[0] in _MARRIAGE_WORDS and len(words) == 2:
        try:
            suit = parse_suit(words[1])
        except NotationError as exc:
            raise _in(text, exc) from None
        return _marriage(text, suit, trump, rules)
    head = next((k for k in range(len(words), 0, -1) if "".join(folded[:k]) in _CLASS_WORDS), 0)
    if not head:
        return None
    length = _CLASS_WORDS["".join(folded[:head])]
    rest = words[head:]
    if rest and _norm(rest[0]) in _LINKS:
        rest = rest[1:]
    if not rest or len(rest) > 2:
        return None if rest else _no_top(text, length)
    rank = _RANK_SAID.get(_norm(rest[0]))
    try:
        if rank is None and len(rest) == 1:
            card = parse_card(rest[0]) if _norm(rest[0]) not in _RANKISH else None
            if card is None:
                rank = parse_rank(rest[0])
            else:
                return Declaration.sequence(length, card.rank, card.suit)
        if rank is None:
            rank = parse_rank(rest[0])
        if len(rest) == 1:
            example = _SEQ_NOTATION[length]
            raise NotationError(Verdict("err.combo.suit", {"text": text, "notation": example}))
        return Declaration.sequence(length, rank, parse_suit(rest[1]))
    except NotationError as exc:
        if exc.verdict.code == "err.combo.suit":
            raise
        raise _in(text, exc) from None


def _no_top(text: str, length: int) -> Declaration:
    """«сто шесть»: a class said without its top card, refused naming it."""
    notation = _SEQ_NOTATION[length]
    raise NotationError(Verdict("err.combo.top", {"text": text, "notation": notation}))


#: A top card said by its rank alone («от 10», «від Д»): a rank, not a card missing its suit.
_RANKISH = frozenset(["10", "9", "8", "7", *"tкдвтakqj", "туз", "король", "дама", "валет"])


def parse_said(
    words: Sequence[str], trump: Suit | None = None, rules: Ruleset | None = None
) -> tuple[Declaration, ...]:
    """The declarations in the words as typed, unquoted: ``сто королей терц:Дч`` is two, «сто
    королей» and «терц:Дч»; each word given is one COMBO or a part of one (a shell splits
    «терц от Дамы червей» into four). From the left, the most words that read as one
    declaration make it; a word that starts none is refused with the reason the longest phrase
    from it gave (``сто шесть от дамы``: name the suit), or its own."""
    found: list[Declaration] = []
    i = 0
    while i < len(words):
        refusal: NotationError | None = None
        for j in range(min(len(words), i + _MOST_WORDS), i, -1):
            try:
                found.append(parse_combo(" ".join(words[i:j]), trump, rules))
            except NotationError as exc:
                if refusal is None and (j == i + 1 or exc.verdict.code in _SAID_REFUSALS):
                    refusal = exc
                continue
            i = j
            break
        else:
            assert refusal is not None  # the one word alone was refused at least
            raise refusal
    return tuple(found)


#: The refusals of words that do read as a declaration said in words, only an incomplete one:
#: reported rather than the first word's own.
_SAID_REFUSALS = frozenset({"err.combo.suit", "err.combo.top"})


def _marriage(
    text: str, suit: Suit | None, trump: Suit | None, rules: Ruleset | None
) -> Declaration:
    any_suit = rules is not None and rules.declarations.marriage == "any-suit"
    if suit is None:
        return Declaration.marriage(trump)
    if trump is not None and suit != trump and not any_suit:
        reason = Verdict("err.marriage.trump", {"suit": trump})
        raise RuleError(Verdict("err.in", {"text": text, "reason": reason}))
    return Declaration.marriage(suit)


def _from_cards(
    text: str, cards: list[Card], trump: Suit | None, rules: Ruleset | None
) -> Declaration:
    listed = tuple(cards)  # as given, worded by the face
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if len(cards) == 4 and len(ranks) == 1:
        return Declaration.four(cards[0].rank)
    if len(cards) == 2 and ranks == {Rank.KING, Rank.QUEEN} and len(suits) == 1:
        return _marriage(text, cards[0].suit, trump, rules)
    if len(cards) < 3:
        raise NotationError(Verdict("err.cards.few", {"cards": listed}))
    if len(suits) > 1:
        raise NotationError(Verdict("err.cards.suits", {"cards": listed}))
    indices = sorted(c.rank.sequence_index for c in cards)
    missing = [SEQUENCE_ORDER[i] for i in range(indices[0], indices[-1] + 1) if i not in indices]
    if missing:
        gap = tuple(missing)
        raise NotationError(Verdict("err.cards.gap", {"cards": listed, "gap": gap}))
    return Declaration.sequence(len(cards), SEQUENCE_ORDER[indices[-1]], cards[0].suit)


# --- finding ----------------------------------------------------------------------------------


def find_declarations(
    hand: Iterable[Card], trump: Suit | None, rules: Ruleset
) -> list[Declaration]:
    """Every declaration in a hand: every sub-run of every run, the fours, the marriage(s).

    A card may sit in a four and a run at once (§4.3 [000][004]). Sorted ascending.
    """
    held = set(hand)
    found: list[Declaration] = []
    for suit in Suit:
        present = [Card(r, suit) in held for r in SEQUENCE_ORDER]
        for top in range(8):
            for length in range(3, top + 2):
                if all(present[top - k] for k in range(length)):
                    found.append(Declaration(Kind.SEQUENCE, SEQUENCE_ORDER[top], suit, length))
        if Card(Rank.KING, suit) in held and Card(Rank.QUEEN, suit) in held:
            if suit == trump or rules.declarations.marriage == "any-suit":
                found.append(Declaration.marriage(suit))
    for rank in FOUR_RANKS:
        if all(Card(rank, s) in held for s in Suit):
            found.append(Declaration.four(rank))
    return sorted(found, key=lambda d: (d.points(rules), d.sort_key(), str(d)))


# --- comparing --------------------------------------------------------------------------------


class Comparison(NamedTuple):
    """Which of two declarations wins, why (``reason``, a verdict for each face to word), and
    the rule that decided it."""

    winner: str  # "first" | "second" | "neither"
    reason: Verdict
    key: str | None = None  # the ruleset key that decided, as the file writes it, if any
    source: str = ""


def _tier(d: Declaration, rules: Ruleset) -> tuple[int, int]:
    """Rank in the order of §4.1 (trump and declaration order aside)."""
    if d.kind is Kind.FOUR:
        if d.rank is Rank.JACK:
            return (100, 0)
        assert d.rank is not None  # a four has its rank
        sub = d.rank.sequence_index
        return (60, sub) if rules.declarations.fours_rank == "above-sequences" else (30, sub)
    assert d.rank is not None  # a run has its top card (a marriage is never ranked here)
    if rules.declarations.fours_rank == "below-hundreds" and d.length >= 5:
        return (40 + d.length, d.rank.sequence_index)
    return (d.length, d.rank.sequence_index)


def shared_cards(first: Declaration, second: Declaration) -> frozenset[Card]:
    """The cards two declarations share: two players cannot both hold them."""
    return first.cards() & second.cards()


def compare(
    first: Declaration, second: Declaration, trump: Suit | None, rules: Ruleset
) -> Comparison:
    """Which declaration is higher, the first being the declarer's (§4.1).

    The order only: two declarations that share a card (``shared_cards``) are still ranked, as
    "four jacks beat a trump 108" is, though two players can never hold both. Raises RuleError
    when a tie needs the trump suit and none is known.
    """
    if Kind.MARRIAGE in (first.kind, second.kind):
        return Comparison("neither", Verdict("verdict.marriage"), None, "[000][004]")
    for d, who in ((first, "first"), (second, "second")):
        if d.kind is Kind.FOUR and d.rank is Rank.JACK:
            return Comparison(who, Verdict("verdict.jacks"), None, "[000][001]")
    t1, t2 = _tier(first, rules), _tier(second, rules)
    if t1 != t2:
        winner = "first" if t1 > t2 else "second"
        high, low = (first, second) if winner == "first" else (second, first)
        return Comparison(winner, _why_higher(high, low, rules), *_key_for(high, low, rules))
    # Same tier and rank: two runs of one length and top.
    if trump is None:
        params = {"first": first, "second": second}
        raise RuleError(
            Verdict("err.tie_needs_trump", params, remedy=Remedy("trump", {"trump": None}))
        )
    if first.suit == trump or second.suit == trump:
        winner = "first" if first.suit == trump else "second"
        return Comparison(winner, Verdict("verdict.trump"), None, "[000][004]")
    return Comparison("first", Verdict("verdict.first"), None, "[000][004]")


def _why_higher(high: Declaration, low: Declaration, rules: Ruleset) -> Verdict:
    pair = {"high": high, "low": low}
    if high.kind is Kind.FOUR and low.kind is Kind.FOUR:
        return Verdict("verdict.fours", pair)
    if high.kind is Kind.FOUR:
        return Verdict("verdict.four_over_run", pair)
    if low.kind is Kind.FOUR:
        return Verdict("verdict.run_over_four", pair)
    if high.length != low.length:
        return Verdict("verdict.longer", pair)
    return Verdict("verdict.higher_top", pair)


def _key_for(high: Declaration, low: Declaration, rules: Ruleset) -> tuple[str | None, str]:
    if Kind.FOUR in (high.kind, low.kind) and Kind.SEQUENCE in (high.kind, low.kind):
        src = "[000][002]" if rules.declarations.fours_rank == "above-sequences" else "[001]"
        return (f'declarations.fours_rank = "{rules.declarations.fours_rank}"', src)
    return (None, "[all]" if high.length != low.length else "[000][001]")


def challenge_verdict(
    declared: Declaration, challenger: Declaration, trump: Suit | None, rules: Ruleset
) -> Comparison:
    """Whether ``challenger`` beats ``declared`` at the table under ``declarations.challenge``.

    ``any-higher`` [000] rule 4: any higher declaration beats. ``same-class`` [001]: after
    "От чего?" only one of equal value beats (a terts by a terts, a fifty by a fifty, a hundred
    by a hundred); four jacks still beat anything. Raises RuleError as ``compare`` does.
    """
    verdict = compare(declared, challenger, trump, rules)
    if verdict.winner != "second" or rules.declarations.challenge == "any-higher":
        return verdict
    c_class, d_class = challenger.value_class, declared.value_class
    if c_class == "jacks" or c_class == d_class:
        return verdict
    params = {
        "challenger": challenger,
        "c_class": Verdict(_CLASS_KEYS[c_class]),
        "declared": declared,
        "d_class": Verdict(_CLASS_KEYS[d_class]),
    }
    reason = Verdict("verdict.same_class", params)
    return Comparison("first", reason, 'declarations.challenge = "same-class"', "[001]")


# --- planning ---------------------------------------------------------------------------------


def best_order(
    hand: Iterable[Card], trump: Suit | None, rules: Ruleset, turns: int = 8
) -> list[Declaration]:
    """The declarations, one per turn over ``turns`` turns, that score most when unbeaten.

    Declared from lower to higher within a suit [000], so no lowering is ever incurred under any
    ``declarations.lowering``: each suit's chosen runs go in ascending order, which lets any
    choice be declared; the best is therefore the ``turns`` highest-scoring declarations. A
    marriage goes alongside another declaration and needs no turn of its own [000].
    §4.3's Q J 10 9 8 7 ♥ scores 530 over ten turns, 490 over eight.
    """
    found = find_declarations(hand, trump, rules)
    marriages = [d for d in found if d.kind is Kind.MARRIAGE]
    others = [d for d in found if d.kind is not Kind.MARRIAGE]
    chosen = sorted(others, key=lambda d: (d.points(rules), d.sort_key()), reverse=True)
    chosen = chosen[: max(turns, 0)]
    chosen.sort(key=lambda d: (d.points(rules), d.sort_key()))
    return chosen + (marriages if turns > 0 else [])
