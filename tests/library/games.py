"""Finished games built through the library (``Game.record``), for the library's tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from terts_referee.domain.cards import Rank, Suit
from terts_referee.domain.declarations import Declaration
from terts_referee.domain.events import Claim, DealEvent, Declare, Score
from terts_referee.domain.rules import load_ruleset
from terts_referee.game.model import Game
from terts_referee.game.storage import write_game


def game_of(a: str, b: str, started: datetime, game_id: str | None = None, moves: int = 6):
    """A quick game ``a`` wins by a claim in deal 2 (``moves`` < 6: the first moves only, the
    game unfinished: an earlier copy of it)."""
    game = Game((a, b), load_ruleset("classic"), quick=True, started=started, id=game_id)
    at = started
    for event in (
        DealEvent(None, Suit.HEARTS, None, quick=True),
        Declare(a, (Declaration.four(Rank.JACK),)),
        Score(a, 150, a),
        DealEvent(None, Suit.SPADES, None, quick=True),
        Declare(a, (Declaration.four(Rank.JACK),)),
        Claim(a, 5, 100),
    )[:moves]:
        at += timedelta(minutes=3)
        game.record(event, at)
    return game


def put(path: Path, game: Game) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_game(path, game.to_doc())
    return path


def scans_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gains an item each time the library is scanned from now on (an answer
    worked out from the files, not given back as kept)."""
    from terts_referee.library import scan as scan_module

    read: list[int] = []
    real = scan_module.scan_library

    def counting(*a: Any, **k: Any) -> Any:
        read.append(1)
        return real(*a, **k)

    monkeypatch.setattr(scan_module, "scan_library", counting)
    return read


@contextmanager
def cache_in(folder: Path) -> Iterator[None]:
    """The library's index and kept answers in ``folder`` (``$TERTS_CACHE``) while it lasts,
    for an API call that reads the environment as a command does."""
    saved = os.environ.get("TERTS_CACHE")
    os.environ["TERTS_CACHE"] = str(folder)
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("TERTS_CACHE", None)
        else:
            os.environ["TERTS_CACHE"] = saved
