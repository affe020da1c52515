"""Games written as lines like the commands (``deal 7ч quick``, ``declare Аня терц:Дт``), turned
into events and judged by the referee: the referee's tests state a rule's case in a few lines.
"""

from __future__ import annotations

import pytest

from terts_referee.domain.cards import parse_card, parse_card_or_suit
from terts_referee.domain.declarations import parse_combo
from terts_referee.domain.events import (
    Ask,
    Challenge,
    Claim,
    DealEvent,
    Declare,
    Exchange,
    Penalty,
    PenaltyKind,
    SetTrump,
    Trick,
)
from terts_referee.domain.rules import load_ruleset
from terts_referee.referee import EventRefused, replay

PLAYERS = ("Аня", "Боря")  # Боря deals first: Аня leads trick 1


def events(script: str, rules) -> list:
    """Events from lines like the commands: ``deal 7ч quick``, ``declare Аня терц:Дт``,
    ``challenge Боря 50:Тб``, ``ask Боря``, ``trick 10т 9п``, ``exchange Аня``, ``claim Аня``,
    ``trump ч``, ``false Аня 2`` (its event), ``penalty Аня miscount 10``."""
    out: list = []
    trump = None
    for line in script.strip().splitlines():
        verb, *args = line.split()
        if verb == "deal":
            quick = "quick" in args
            rest = [a for a in args if a != "quick"]
            trump, card = parse_card_or_suit(rest[0]) if rest else (None, None)
            out.append(DealEvent(None, trump, card, quick))
        elif verb == "declare":
            out.append(Declare(args[0], tuple(parse_combo(c, trump, rules) for c in args[1:])))
        elif verb == "challenge":
            out.append(Challenge(args[0], parse_combo(args[1], trump, rules)))
        elif verb == "ask":
            out.append(Ask(args[0]))
        elif verb == "trick":
            out.append(Trick(parse_card(args[0]), parse_card(args[1])))
        elif verb == "exchange":
            out.append(Exchange(args[0]))
        elif verb == "claim":
            out.append(Claim(args[0]))
        elif verb == "false":
            out.append(Penalty(args[0], PenaltyKind.FALSE_DECLARATION, None, int(args[1])))
        elif verb == "penalty":  # ``penalty Аня miscount 10``; for a lowering the number is
            kind = PenaltyKind.parse(args[1])  # the event it names
            number = int(args[2]) if len(args) > 2 else None
            if kind is PenaltyKind.LOWERING:
                out.append(Penalty(args[0], kind, None, number))
            else:
                out.append(Penalty(args[0], kind, number))
        elif verb == "trump":
            trump, card = parse_card_or_suit(args[0])
            out.append(SetTrump(trump, card))
    return out


def play(script: str, rules: str = "classic"):
    ruleset = load_ruleset(rules)
    return replay(PLAYERS, events(script, ruleset), ruleset)


def refused(script: str, rules: str = "classic") -> EventRefused:
    with pytest.raises(EventRefused) as info:
        play(script, rules)
    return info.value
