"""Playing to a trick: who takes it, and what the follower may play (§3)."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, Rank, Suit
from .rules import Ruleset
from .verdicts import Verdict

__all__ = ["trick_winner", "beats", "legal_follows", "follow_obligation", "trump_jack_matters"]


def beats(card: Card, lead: Card, trump: Suit | None) -> bool:
    """Whether ``card`` played second takes a trick led with ``lead`` [000].

    The higher trump if any trump was played; otherwise the higher card of the led suit; a card
    of another plain suit never wins.
    """
    if card.suit == lead.suit:
        return card.trick_strength(trump) > lead.trick_strength(trump)
    return card.suit == trump


def trick_winner(lead: Card, follow: Card, trump: Suit | None) -> int:
    """0 when the leader takes the trick, 1 when the follower does [000]."""
    return 1 if beats(follow, lead, trump) else 0


def legal_follows(
    hand: Iterable[Card], lead: Card, trump: Suit, rules: Ruleset, final: bool
) -> set[Card]:
    """The cards of ``hand`` the follower may play to ``lead``.

    Final phase (tricks 8-16) [000][001][002][003]: follow suit and beat when able; void, play a
    trump; otherwise anything. Trump led: play a trump, overtaking when able. While the stock lasts:
    anything under ``play.while_stock = "free"`` [000][001][002], or follow suit, else trump,
    without the duty to beat under ``"follow"`` [003][004]. The trump jack is never forced
    (``play.trump_jack = "may-withhold"`` [000][002]); under ``"free"`` it may also replace the
    obliged card [003][004].
    """
    cards = set(hand)
    if not final and rules.play.while_stock == "free":
        return cards
    legal = _obliged(cards, lead, trump, must_beat=final)
    jack = Card(Rank.JACK, trump)
    if rules.play.trump_jack == "free" and jack in cards:
        legal.add(jack)
    return legal


def trump_jack_matters(
    hand: Iterable[Card], lead: Card, trump: Suit, rules: Ruleset, final: bool
) -> bool:
    """Whether ``play.trump_jack`` decided what ``legal_follows`` allows: the trump jack is in
    ``hand`` and the cards allowed differ from those of a duty that treats it as any other
    trump. False where no duty applies (``play.while_stock = "free"`` with the stock left)."""
    cards = set(hand)
    if Card(Rank.JACK, trump) not in cards or (not final and rules.play.while_stock == "free"):
        return False
    plain = _obliged(cards, lead, trump, must_beat=final, jack_exempt=False)
    return legal_follows(cards, lead, trump, rules, final) != plain


def _obliged(
    cards: set[Card], lead: Card, trump: Suit, must_beat: bool, jack_exempt: bool = True
) -> set[Card]:
    """The cards the duty obliges, the trump jack exempt (``jack_exempt``: the rule itself;
    False, a duty blind to the jack, to tell whether the exemption changed anything)."""
    jack = Card(Rank.JACK, trump) if jack_exempt else None
    same = {c for c in cards if c.suit == lead.suit}
    if same:
        if lead.suit == trump and not (same - {jack}):
            return set(cards)  # the lone trump jack may be withheld on a trump lead
        if must_beat:
            beating = {c for c in same if beats(c, lead, trump)}
            # The jack is never forced: beating only with the jack does not oblige the jack.
            if beating - {jack}:
                return beating
        return same
    trumps = {c for c in cards if c.suit == trump}
    if trumps - {jack}:
        return trumps
    return set(cards)  # void in the led suit and no trump but perhaps the jack: anything


def follow_obligation(
    hand: Iterable[Card], lead: Card, trump: Suit, rules: Ruleset, final: bool, played: Card
) -> Verdict | None:
    """Why ``played`` was not allowed from ``hand`` (a renege), or None when it was legal."""
    cards = set(hand) | {played}
    legal = legal_follows(cards, lead, trump, rules, final)
    if played in legal:
        return None
    same = {c for c in cards if c.suit == lead.suit}
    if same and played.suit != lead.suit:
        return Verdict("note.follow.suit", {"suit": lead.suit, "cards": _cards(same & legal)})
    if same:
        return Verdict("note.follow.beat", {"lead": lead, "cards": _cards(legal)})
    return Verdict("note.follow.trump", {"cards": _cards(legal)})


def _cards(cards: set[Card]) -> tuple[Card, ...]:
    """The cards in the table's order, for a face to write in its language («Т♠ 10♠»)."""
    return tuple(sorted(cards, key=Card.sort_key))
