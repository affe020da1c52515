"""A season of games played through the API into a library, for the library's tests and the
commands' (tests/cli): Аня and Боря play four games (Аня wins two, Боря one, one is left
unfinished), Вася and Петя play one under other rules, and Аня (typed "аня") plays Вася once;
then a damaged, a foreign and a newer file are put beside them. The counts the tests expect are
made by hand from the requests below."""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from terts_referee.api import (
    ChallengeRequest,
    ClaimRequest,
    DealRequest,
    DeclareRequest,
    GameFile,
    PenaltyRequest,
    Request,
    ScoreRequest,
    archive_game,
)
from terts_referee.game.storage import read_game, write_game


def redate(path: Path, day: str, minutes: int) -> None:
    """Test setup only: move a game to ``day`` 20:00 and spread its events over ``minutes``."""
    doc = read_game(path)
    start = datetime.fromisoformat(f"{day}T20:00:00+03:00")
    doc["started"] = start
    events = doc["events"]
    for i, event in enumerate(events, start=1):
        event["at"] = start + timedelta(minutes=minutes * i / len(events))
    write_game(path, doc)


def _four_jacks_and_score(player: str, points: int, trump: str) -> list[Request]:
    return [
        DealRequest(trump=trump),
        DeclareRequest(player, ["4J"]),
        ScoreRequest(points, by=player, last_trick=player),
    ]


# (players, rules, day, minutes, the requests recorded after the game is made)
SEASON: list[tuple[tuple[str, str], str, str, int, list[Request]]] = [
    (  # 1: Аня wins 600 : 100 in two deals, each with four jacks
        ("Аня", "Боря"),
        "classic",
        "2026-01-10",
        30,
        [*_four_jacks_and_score("Аня", 100, "ч"), *_four_jacks_and_score("Аня", 100, "п")],
    ),
    (  # 2: Боря wins: he beats Аня's terts with a fifty, she burns; her false marriage
        ("Аня", "Боря"),
        "classic",
        "2026-02-10",
        45,
        [
            DealRequest(trump="ч"),
            DeclareRequest("Аня", ["terts:Qs"]),
            ChallengeRequest("Боря", "50:Kc"),
            ScoreRequest(50, by="Аня", last_trick="Боря"),
            DealRequest(trump="б"),
            DeclareRequest("Аня", ["marriage"]),
            PenaltyRequest("Аня", "false-declaration"),
            DeclareRequest("Боря", ["4J"]),
            ScoreRequest(50, by="Аня", last_trick="Боря"),
            DealRequest(trump="т"),
            DeclareRequest("Боря", ["4J"]),
            ScoreRequest(50, by="Аня", last_trick="Боря"),
        ],
    ),
    (  # 3: Аня wins by a claim in deal 2
        ("Аня", "Боря"),
        "classic",
        "2026-03-10",
        20,
        [
            *_four_jacks_and_score("Аня", 100, "ч"),
            DealRequest(trump="п"),
            DeclareRequest("Аня", ["4J"]),
            ClaimRequest("Аня", tricks=3, card_points=40),
        ],
    ),
    (  # 4: unfinished; set aside into the library as such
        ("Аня", "Боря"),
        "classic",
        "2026-03-20",
        10,
        [DealRequest(trump="ч"), ScoreRequest(80, by="Боря", last_trick="Боря")],
    ),
    (  # 5: another pair under other rules: Петя wins with a hundred and fours
        ("Вася", "Петя"),
        "book",
        "2026-04-10",
        60,
        [
            DealRequest(trump="ч"),
            DeclareRequest("Петя", ["100:As"]),
            ScoreRequest(150, by="Петя", last_trick="Петя"),
            *_four_jacks_and_score("Петя", 150, "п"),
        ],
    ),
    (  # 6: "аня" (another spelling) beats Вася
        ("аня", "Вася"),
        "classic",
        "2026-05-10",
        40,
        [*_four_jacks_and_score("аня", 100, "ч"), *_four_jacks_and_score("аня", 100, "п")],
    ),
]


def play_season(library: Path, where: Path) -> Path:
    """The library after SEASON, each game played in ``where``'s game file and moved in (the
    unfinished one with ``force``, as ``terts new --force`` sets it aside), with a damaged, a
    foreign and a newer file beside them."""
    game = where / "season-game.toml"
    for players, rules, day, minutes, requests in SEASON:
        played = GameFile.create(game, players, rules=rules, quick=True)
        for request in requests:
            played.record(request)
        redate(game, day, minutes)
        archive_game(game, library, force=True)
    (library / "broken.toml").write_text("format = 2\nplayers = [\n", encoding="utf-8")
    (library / "notes.toml").write_text('title = "not a game"\n', encoding="utf-8")
    (library / "future.toml").write_text("format = 99\n", encoding="utf-8")
    return library


@pytest.fixture(scope="session")
def season_played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The season's library, played once per run (some 0.5 s of recording and moving)."""
    where = tmp_path_factory.mktemp("season")
    return play_season(where / "library", where)


@pytest.fixture
def season(season_played: Path, tmp_path: Path) -> Path:
    """A test's own copy of the season's library ($TERTS_LIBRARY), the files' times kept; its
    index is the test's own too (the cache is per test)."""
    return Path(shutil.copytree(season_played, tmp_path / "library"))


def won_game(path: Path, a: str, b: str) -> GameFile:
    """A quick game in ``path`` that ``a`` wins by a claim in deal 2."""
    game = GameFile.create(path, (a, b), quick=True, force=True)
    for request in (
        *_four_jacks_and_score(a, 150, "h"),
        DealRequest(trump="s"),
        DeclareRequest(a, ["4J"]),
        ClaimRequest(a, tricks=5, card_points=100),
    ):
        game.record(request)
    return game
