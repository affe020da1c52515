"""Events: what happened at the table, one record each, appended to the game file in order.

Each event is a frozen dataclass with ``to_dict`` (a TOML table, absent fields omitted: TOML has
no null) and ``event_from_dict``. Players are stored by the names given to ``terts new``.
"""

from __future__ import annotations

import enum
from typing import Any, NamedTuple

from .cards import Card, Suit, parse_card, parse_suit
from .declarations import Declaration, parse_combo
from .errors import GameFileError, NotationError
from .messages import t

__all__ = [
    "PenaltyKind",
    "Event",
    "DealEvent",
    "Declare",
    "Challenge",
    "Score",
    "Penalty",
    "Claim",
    "Trick",
    "Exchange",
    "Ask",
    "SetTrump",
    "event_from_dict",
]


class PenaltyKind(enum.Enum):
    """The offences of RULES §6 ("штрафы")."""

    FALSE_DECLARATION = "false-declaration"
    MISCOUNT = "miscount"
    EMPTY_CHALLENGE = "empty-challenge"
    LATE_DECLARATION = "late-declaration"
    OUT_OF_TURN_DRAW = "out-of-turn-draw"
    WRONG_HAND_SIZE = "wrong-hand-size"
    DRAW_BEFORE_BREAK = "draw-before-break"
    RENEGE = "renege"
    TRUMP_SEVEN = "trump-seven"
    LOWERING = "lowering"

    @classmethod
    def parse(cls, text: str) -> PenaltyKind:
        """Read a kind by its name or the table's Russian word; raises NotationError."""
        word = text.strip().lower().replace("_", "-").replace("ё", "е")
        if word in _PENALTY_WORDS:
            return _PENALTY_WORDS[word]
        kinds = ", ".join(k.value for k in cls)
        raise NotationError(t("err.penalty_kind", text=text, kinds=kinds))

    @property
    def loses_game(self) -> bool:
        """Offences that lose the whole game [000][001][004]."""
        return self in (
            PenaltyKind.OUT_OF_TURN_DRAW,
            PenaltyKind.WRONG_HAND_SIZE,
            PenaltyKind.DRAW_BEFORE_BREAK,
        )


_PENALTY_WORDS: dict[str, PenaltyKind] = {k.value: k for k in PenaltyKind}
_PENALTY_WORDS.update(
    {
        "false": PenaltyKind.FALSE_DECLARATION,
        "ложное": PenaltyKind.FALSE_DECLARATION,
        "ложное-объявление": PenaltyKind.FALSE_DECLARATION,
        "неправильный-подсчет": PenaltyKind.MISCOUNT,
        "подсчет": PenaltyKind.MISCOUNT,
        "рост": PenaltyKind.EMPTY_CHALLENGE,
        "чужой-подъем": PenaltyKind.OUT_OF_TURN_DRAW,
        "подъем": PenaltyKind.OUT_OF_TURN_DRAW,
        "лишняя-карта": PenaltyKind.WRONG_HAND_SIZE,
        "понижение": PenaltyKind.LOWERING,
        "семерка": PenaltyKind.TRUMP_SEVEN,
    }
)


class DealEvent(NamedTuple):
    """A new deal: dealer (None: by rotation), trump suit and face-up card when known."""

    type = "deal"
    dealer: str | None = None
    trump: Suit | None = None
    trump_card: Card | None = None
    quick: bool = False  # the tricks are not followed: declarations are not timed

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        if self.quick:
            d["quick"] = True
        if self.dealer:
            d["dealer"] = self.dealer
        if self.trump:
            d["trump"] = self.trump.value
        if self.trump_card:
            d["trump_card"] = str(self.trump_card)
        return d


class Declare(NamedTuple):
    """A player declares one or more combinations before his card."""

    type = "declare"
    player: str
    combos: tuple[Declaration, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "combos": [str(c) for c in self.combos]}


class Challenge(NamedTuple):
    """The opponent beats the latest declaration ("Не годится!") with his own."""

    type = "challenge"
    player: str
    combo: Declaration

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "combo": str(self.combo)}


class Score(NamedTuple):
    """Quick mode: ``by`` counted ``points`` card points (last trick included); closes the deal."""

    type = "score"
    by: str
    points: int
    last_trick: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "by": self.by,
            "points": self.points,
            "last_trick": self.last_trick,
        }


class Penalty(NamedTuple):
    """An offence of RULES §6; ``target`` is the event number of the declaration it voids."""

    type = "penalty"
    player: str
    kind: PenaltyKind
    points: int | None = None
    target: int | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "player": self.player, "kind": self.kind.value}
        if self.points is not None:
            d["points"] = self.points
        if self.target is not None:
            d["event"] = self.target
        return d


class Claim(NamedTuple):
    """A player claims the win during a deal; quick mode states tricks and card points so far."""

    type = "claim"
    player: str
    tricks: int | None = None
    card_points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "player": self.player}
        if self.tricks is not None:
            d["tricks"] = self.tricks
        if self.card_points is not None:
            d["card_points"] = self.card_points
        return d


class Trick(NamedTuple):
    """One trick, the leader's card first."""

    type = "trick"
    lead: Card
    follow: Card

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "cards": [str(self.lead), str(self.follow)]}


class Exchange(NamedTuple):
    """A player swaps the trump 7 for the face-up trump card."""

    type = "exchange"
    player: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


class Ask(NamedTuple):
    """A player asked «Рост?» / «От чего?» about the opponent's declaration and did not beat it."""

    type = "ask"
    player: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


class SetTrump(NamedTuple):
    """The trump of the open deal, recorded after the deal was: its suit, the face-up card."""

    type = "trump"
    trump: Suit
    trump_card: Card | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "trump": self.trump.value}
        if self.trump_card:
            d["trump_card"] = str(self.trump_card)
        return d


def event_from_dict(d: dict[str, Any], number: int = 0) -> Event:
    """Rebuild an event from its game-file table; raises GameFileError when it is malformed."""
    try:
        kind = d["type"]
        if kind == "deal":
            return DealEvent(
                d.get("dealer"),
                parse_suit(d["trump"]) if "trump" in d else None,
                parse_card(d["trump_card"]) if "trump_card" in d else None,
                bool(d.get("quick", False)),
            )
        if kind == "declare":
            return Declare(d["player"], tuple(parse_combo(c) for c in d["combos"]))
        if kind == "challenge":
            return Challenge(d["player"], parse_combo(d["combo"]))
        if kind == "score":
            return Score(d["by"], int(d["points"]), d["last_trick"])
        if kind == "penalty":
            return Penalty(
                d["player"], PenaltyKind.parse(d["kind"]), d.get("points"), d.get("event")
            )
        if kind == "claim":
            return Claim(d["player"], d.get("tricks"), d.get("card_points"))
        if kind == "trick":
            lead, follow = d["cards"]
            return Trick(parse_card(lead), parse_card(follow))
        if kind == "exchange":
            return Exchange(d["player"])
        if kind == "ask":
            return Ask(d["player"])
        if kind == "trump":
            card = parse_card(d["trump_card"]) if "trump_card" in d else None
            return SetTrump(parse_suit(d["trump"]), card)
    except (KeyError, TypeError, ValueError) as exc:
        raise GameFileError(t("store.event_malformed", number=number, reason=exc)) from None
    raise GameFileError(t("store.event_type", number=number, type=d.get("type")))


#: Any event; each is an immutable NamedTuple (cheap to define at start-up) whose class
#: attribute ``type`` names it in the game file.
Event = (
    DealEvent | Declare | Challenge | Score | Penalty | Claim | Trick | Exchange | Ask | SetTrump
)
