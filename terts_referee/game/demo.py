"""``terts demo``: a bundled sample game, played through the library into a temporary file."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

from ..domain.cards import parse_card_or_suit
from ..domain.declarations import parse_combo
from ..domain.events import (
    Challenge,
    Claim,
    DealEvent,
    Declare,
    Event,
    Penalty,
    PenaltyKind,
    Score,
)
from ..domain.rules import load_ruleset
from .model import Game
from .storage import create_game

#: A game to 501 as a table would record it in quick mode: Аня leads the first deal.
SCRIPT = """
deal 7ч
declare Аня терц:Дч
score 54 Боря Аня
deal Тп
declare Боря 50:Кп
challenge Аня 105:Вб
declare Боря марьяж
score 71 Аня Боря
deal 9б
declare Аня 4К
declare Боря 50:Дп
penalty Боря false-declaration
score 48 Аня Боря
deal Дт
declare Аня терц:10т
claim Аня 2 35
"""


def sample_events(game: Game) -> Iterator[Event]:
    """The sample game's events, built as the commands would build them."""
    trump = None
    for line in SCRIPT.strip().splitlines():
        verb, *args = line.split()
        if verb == "deal":
            trump, card = parse_card_or_suit(args[0])
            yield DealEvent(None, trump, card, quick=True)
        elif verb == "declare":
            yield Declare(
                game.player(args[0]), tuple(parse_combo(c, trump, game.rules) for c in args[1:])
            )
        elif verb == "challenge":
            yield Challenge(game.player(args[0]), parse_combo(args[1], trump, game.rules))
        elif verb == "score":
            yield Score(game.player(args[1]), int(args[0]), game.player(args[2]))
        elif verb == "penalty":
            yield Penalty(game.player(args[0]), PenaltyKind.parse(args[1]))
        elif verb == "claim":
            yield Claim(game.player(args[0]), int(args[1]), int(args[2]))


def play_demo(directory: Path | None = None) -> tuple[Game, Path]:
    """Play the sample game into a new file (a temporary directory by default)."""
    folder = Path(directory or tempfile.mkdtemp(prefix="terts-demo-"))
    game = Game(("Аня", "Боря"), load_ruleset("classic"))
    for event in sample_events(game):
        game.record(event)
    path = folder / "terts-game.toml"
    create_game(path, game.to_doc(), force=True)
    return game, path
