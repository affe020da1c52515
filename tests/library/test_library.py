"""The library through the API (``terts_referee.api``): games moved in (``archive_game``,
``set_aside``), read through the index (``scan_library``), and ``history`` and ``stats`` over
them with their ``Filters``.

A season is played through ``GameFile`` (``tests/library/season.py``): the figures of ``stats``
are checked against counts made by hand from its requests, and the library's files must not
change under a scan. What the commands print of these is tested in tests/cli/test_library_cli.py.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from terts_referee.api import (
    DealRequest,
    Filters,
    GameFile,
    GameFileError,
    NotationError,
    Scan,
    Stats,
    archive_game,
    history,
    index_path,
    library_dir,
    parse_date,
    resolve_player,
    say,
    scan_library,
    set_aside,
    stats,
)
from terts_referee.game.storage import read_game, write_game
from tests.helpers import rewrite_as_format_1
from tests.library.season import season, season_played, won_game

DECLARATION_CLASSES = ("terts", "fifty", "hundred", "four", "marriage")
BAD_FILES = ["broken.toml", "future.toml", "notes.toml"]
REPO = Path(__file__).resolve().parents[2]

__all__ = ["season", "season_played"]  # the fixtures this module uses (tests/library/season.py)


def filters_of(
    scan: Scan,
    player: str | None = None,
    vs: str | None = None,
    since: str | None = None,
    until: str | None = None,
    rules: str | None = None,
) -> Filters:
    """The filters as a face reads them from what a user typed (``terts stats --player …``)."""
    return Filters(
        player=resolve_player(player, scan.games) if player else None,
        vs=resolve_player(vs, scan.games) if vs else None,
        since=parse_date(since),
        until=parse_date(until),
        rules=rules,
    )


def stats_of(library: Path, **typed: str) -> Stats:
    scan = scan_library(library)
    return stats(scan.games, filters_of(scan, **typed))


def history_of(library: Path, **typed: str) -> list[dict[str, Any]]:
    scan = scan_library(library)
    return history(scan.games, filters_of(scan, **typed))


def files_of(library: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in library.iterdir()}


RATING_FIELDS = ("rating", "mu", "sigma", "rated_games")


def figures_of(players: Any) -> dict[str, Any]:
    """The players' figures of ``stats`` without their ratings (checked apart)."""
    return {n: {k: v for k, v in p.items() if k not in RATING_FIELDS} for n, p in players.items()}


def player(name, games, wins, deals, points, best, decl, *, current, longest, **more):
    figures = {
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 3),
        "current_streak": current,
        "longest_streak": longest,
        "deals": deals,
        "points": points,
        "points_per_deal": round(points / deals, 1),
        "best_deal": best,
        "declarations": dict(zip(DECLARATION_CLASSES, decl, strict=True)),
        "challenges_won": 0,
        "burned": 0,
        "false_declarations": 0,
        "uphill": 0,
        "claims": 0,
    }
    figures.update(more)
    return name, figures


# Hand counts. Game 1: Аня 300+300 (4J 200 + 100 cards), Боря 50+50. Game 2: deal 1 Аня 50
# (terts burned), Боря 100 + fifty 50 = 150; deal 2 Аня 50 (marriage false: 100 uphill, 20 to
# Боря), Боря 100 + 200 + 20 = 320; deal 3 Аня 50, Боря 300: Боря 770 wins. Game 3: deal 1 Аня
# 300, Боря 50; deal 2 ends by Аня's claim: 40 + 200 = 240, Боря 0. Game 5 (book rules): Петя
# 150 + hundred 100 = 250, Вася 0; then 150 + 200 = 350, Вася 0. Game 6 as game 1, Вася for
# Боря.
EXPECTED_PLAYERS = dict(
    [
        player(
            "аня", 4, 3, 9, 600 + 150 + 540 + 600, 300, (0, 0, 0, 6, 0),
            current=2, longest=2, burned=1, false_declarations=1, uphill=100, claims=1,
        ),
        player(
            "Боря", 3, 1, 7, 100 + 770 + 50, 320, (0, 1, 0, 2, 0),
            current=0, longest=1, challenges_won=1,
        ),
        player("Вася", 2, 0, 4, 0 + 100, 50, (0, 0, 0, 0, 0), current=0, longest=0),
        player("Петя", 1, 1, 2, 600, 350, (0, 0, 1, 1, 0), current=1, longest=1),
    ]
)  # fmt: skip


def test_stats_of_the_season_match_the_hand_counts(season):
    scan = scan_library(season)
    data = stats(scan.games, Filters())
    assert json.loads(json.dumps(data)) == data  # the figures are the JSON `stats --json` gives
    assert data["games"] == 5
    assert data["unfinished"] == 1
    assert figures_of(data["players"]) == EXPECTED_PLAYERS
    assert list(data["players"]) == ["аня", "Боря", "Вася", "Петя"]
    assert data["head_to_head"] == [
        {
            "players": ["аня", "Боря"],
            "games": 3,
            "wins": {"аня": 2, "Боря": 1},
            "points": {"аня": 600 + 150 + 540, "Боря": 100 + 770 + 50},
        },
        {
            "players": ["аня", "Вася"],
            "games": 1,
            "wins": {"аня": 1, "Вася": 0},
            "points": {"аня": 600, "Вася": 100},
        },
        {
            "players": ["Вася", "Петя"],
            "games": 1,
            "wins": {"Вася": 0, "Петя": 1},
            "points": {"Вася": 0, "Петя": 600},
        },
    ]
    assert data["average_deals"] == round((2 + 3 + 2 + 2 + 2) / 5, 1)
    assert data["average_minutes"] == round((30 + 45 + 20 + 60 + 40) / 5, 1)
    # the three bad files: skipped, each named in its reason, nothing else said
    assert [name for name, _ in scan.skipped] == BAD_FILES
    assert all(str(season / name) in reason for name, reason in scan.skipped)
    assert scan.notes == [] and scan.copies == [] and scan.conflicts == []


@pytest.mark.parametrize(
    ("typed", "games", "players"),
    [
        pytest.param({"player": "Боря"}, 3, ["аня", "Боря"], id="player"),
        pytest.param({"player": "ВАС"}, 2, ["Вася", "Петя", "аня"], id="player prefix any case"),
        pytest.param({"player": "Аня", "vs": "вася"}, 1, ["аня", "Вася"], id="vs"),
        pytest.param(
            {"since": "2026-03-10"}, 3, ["Боря", "Вася", "Петя", "аня"], id="since inclusive"
        ),
        pytest.param({"until": "2026-02-10"}, 2, ["аня", "Боря"], id="until inclusive"),
        pytest.param({"since": "2026-02-01", "until": "2026-04-30"}, 3, None, id="since and until"),
        pytest.param({"rules": "BOOK"}, 1, ["Вася", "Петя"], id="rules"),
        pytest.param({"rules": "exact"}, 0, [], id="rules with no games"),
    ],
)
def test_stats_filters(season, typed, games, players):
    data = stats_of(season, **typed)
    assert data["games"] == games
    if players is not None:
        assert sorted(data["players"]) == sorted(players)
    assert sum(p["wins"] for p in data["players"].values()) == games


def test_stats_of_one_pair(season):
    data = stats_of(season, player="аня", vs="Бо")
    assert data["games"] == 3 and data["unfinished"] == 1
    assert data["players"]["аня"]["wins"] == 2
    assert data["players"]["Боря"]["wins"] == 1
    assert data["players"]["Боря"]["current_streak"] == 0  # he lost game 3, his latest


def test_history_newest_first_with_the_unfinished(season):
    games = history_of(season)
    assert json.loads(json.dumps(games)) == games  # as `history --json` lists them
    assert [g["started"][:10] for g in games] == [
        "2026-05-10",
        "2026-04-10",
        "2026-03-20",
        "2026-03-10",
        "2026-02-10",
        "2026-01-10",
    ]
    unfinished = games[2]
    assert unfinished["winner"] is None and unfinished["finished"] is None
    assert unfinished["file"].endswith("_unfinished.toml")
    assert unfinished["totals"] == {"Аня": 70, "Боря": 80}
    first = games[-1]
    assert first["players"] == ["Аня", "Боря"] and first["winner"] == "Аня"
    assert first["totals"] == {"Аня": 600, "Боря": 100} and first["deals"] == 2
    assert first["rules"] == "classic" and first["minutes"] == 30
    assert first["finished"] == "2026-01-10T20:30:00+03:00"
    game_id = read_game(Path(first["file"]))["id"]
    assert Path(first["file"]).name == f"2026-01-10_2000_Аня_Боря_{game_id[:8]}.toml"
    only = history_of(season, player="петя", rules="book")
    assert [g["players"] for g in only] == [["Вася", "Петя"]]


def test_reading_the_library_changes_no_file_in_it(season):
    before = files_of(season)
    scan = scan_library(season)
    history(scan.games, Filters())
    stats(scan.games, Filters())
    assert files_of(season) == before  # the index is in the cache, not in the library
    index_path(season).unlink()  # deleting the index loses nothing
    assert figures_of(stats_of(season)["players"]) == EXPECTED_PLAYERS
    assert files_of(season) == before


def test_the_index_follows_the_files(season):
    assert stats_of(season)["games"] == 5
    db = sqlite3.connect(index_path(season))
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 9  # 6 games, 3 bad files
    db.close()
    # a file removed, one repaired, one changed in place with the same size and mtime
    (season / "notes.toml").unlink()
    (season / "future.toml").unlink()
    newest = max(season.glob("2026-05-10_*.toml"))
    newest.unlink()
    assert stats_of(season)["games"] == 4
    (first,) = season.glob("2026-01-10_2000_Аня_Боря_*.toml")
    st = first.stat()
    text = first.read_text(encoding="utf-8")
    swapped = text.replace('"Аня"', '"Ася"')  # same length in UTF-8 bytes
    assert len(swapped.encode()) == len(text.encode())
    first.write_text(swapped, encoding="utf-8")
    os.utime(first, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert stats_of(season)["players"]["Ася"]["wins"] == 1  # the hash saw the change


def test_an_empty_or_missing_library_is_no_games_and_is_not_made(tmp_path):
    nowhere = tmp_path / "nowhere"
    scan = scan_library(nowhere)
    assert (scan.games, scan.skipped, scan.notes) == ([], [], [])
    assert stats(scan.games, Filters())["games"] == 0 and history(scan.games, Filters()) == []
    assert not nowhere.exists()


@pytest.mark.parametrize(
    ("typed", "code", "sentences"),
    [
        (
            {"player": "Гоша"},
            "library.no_player",
            {
                "en": "no player 'Гоша' in the library",
                "ru": "в библиотеке нет игрока с именем 'Гоша'",
            },
        ),
        ({"player": "Ва", "vs": "Зоя"}, "library.no_player", {"en": "no player 'Зоя'"}),
        (
            {"since": "yesterday"},
            "library.bad_date",
            {"en": "'yesterday' is not a date: expected YYYY-MM-DD"},
        ),
        ({"since": "вчера"}, "library.bad_date", {"ru": "'вчера' — не дата: ожидается ГГГГ-ММ-ДД"}),
        ({"until": "2026-13-01"}, "library.bad_date", {"en": "is not a date"}),
    ],
)
def test_bad_filters_are_refused_as_verdicts(season, typed, code, sentences):
    """A player the library does not hold and a date that is none: a NotationError whose
    verdict is the data (its code, what was typed), worded in each language by ``say``."""
    scan = scan_library(season)
    with pytest.raises(NotationError) as refused:
        filters_of(scan, **typed)
    verdict = refused.value.verdict
    assert verdict.code == code
    assert set(typed.values()) & {str(v) for v in verdict.params.values()}
    for lang, sentence in sentences.items():
        assert sentence in say(verdict, lang)


def test_set_aside_moves_a_finished_game_and_leaves_an_unfinished_one(tmp_path):
    """Before a new game (``terts new``): an unfinished game stays, and the new one is refused
    for the file it finds; with ``force`` it moves as it was, marked unfinished. A game not
    finished is refused by ``archive_game``; the terminal names the way out."""
    library, path = tmp_path / "library", tmp_path / "game.toml"
    GameFile.create(path, ("Аня", "Боря")).record(DealRequest(trump="ч"))
    before = path.read_bytes()
    assert set_aside(path, None, force=False) is None
    with pytest.raises(GameFileError) as refused:
        GameFile.create(path, ("Аня", "Боря"), set_aside=lambda p: set_aside(p, None, False))
    assert refused.value.verdict.code == "store.exists"
    assert "was not moved to the library" in say(refused.value.verdict, "en")
    assert path.read_bytes() == before and not library.exists()
    with pytest.raises(GameFileError) as unfinished:
        archive_game(path, library)
    assert unfinished.value.verdict.code == "library.unfinished"
    from terts_referee.output import remedies

    # the sentence, which every face shares, names no command; the terminal adds the way out
    assert "--force" not in say(unfinished.value.verdict, "en")
    assert "`terts new --force`" in remedies.say(unfinished.value.verdict, "en", remedies.command)
    assert path.read_bytes() == before and not library.exists()
    GameFile.create(path, ("Аня", "Боря"), set_aside=lambda p: set_aside(p, None, True))
    (moved,) = library.glob("*.toml")
    assert re.search(r"_Аня_Боря_[0-9a-f]{8}_unfinished\.toml$", moved.name)
    assert moved.read_bytes() == before  # moved as it was
    assert path.read_bytes() != before  # the new game over it
    won_game(path, "Аня", "Боря")
    assert set_aside(path, None, force=False) is not None  # a finished game always moves


def test_archive_never_overwrites(tmp_path):
    """Three games of one minute get three names by their ids (no device's name clashes with
    another's); the same game twice with other bytes (a copy with one more event, moved from
    another folder) gets ``_2``, then ``_3``: nothing is ever replaced."""
    library, path = tmp_path / "library", tmp_path / "game.toml"
    ids = []
    for second in range(3):
        won_game(path, "Аня", "Боря")
        doc = read_game(path)
        doc["started"] = datetime.fromisoformat(f"2026-06-01T21:15:0{second}+02:00")
        write_game(path, doc)
        ids.append(doc["id"][:8])
        assert archive_game(path, library).parent == library
        assert not path.exists()
    names = sorted(p.name for p in library.glob("*.toml"))
    assert names == sorted(f"2026-06-01_2115_Аня_Боря_{tag}.toml" for tag in ids)
    kept = {p.name: p.read_bytes() for p in library.glob("*.toml")}
    first = library / f"2026-06-01_2115_Аня_Боря_{ids[0]}.toml"
    for copy in range(2):
        doc = read_game(first)
        doc["rules"]["name"] = f"house {copy}"  # other bytes, the same id
        write_game(path, doc)
        archive_game(path, library, force=True)
    assert {p.name: p.read_bytes() for p in library.glob("*.toml") if p.name in kept} == kept
    new = sorted(set(p.name for p in library.glob("*.toml")) - set(kept))
    assert new == [first.name.replace(".toml", "_2.toml"), first.name.replace(".toml", "_3.toml")]


def test_a_damaged_game_file_is_set_aside_only_with_force(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text("format = 2\nplayers = [\n", encoding="utf-8")
    with pytest.raises(GameFileError):
        GameFile.create(path, ("Аня", "Боря"), set_aside=lambda p: set_aside(p, None, False))
    assert path.read_text(encoding="utf-8") == "format = 2\nplayers = [\n"
    GameFile.create(path, ("Аня", "Боря"), set_aside=lambda p: set_aside(p, None, True))
    (moved,) = (tmp_path / "library").glob("*_damaged.toml")
    assert moved.read_text(encoding="utf-8") == "format = 2\nplayers = [\n"


def test_library_location(monkeypatch, tmp_path):
    assert library_dir("here") == Path("here")
    assert library_dir(None, {"TERTS_LIBRARY": "/x/y"}) == Path("/x/y")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = library_dir(None, {})
    assert path.parts[-2:] == ("terts", "games")


def test_two_scans_at_once_share_the_index(season):
    """Two programs reading a library without an index at once: both answer the same, and the
    index they built is sound."""
    code = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from terts_referee.api import Filters, scan_library, stats\n"
        "print(json.dumps(stats(scan_library(Path(sys.argv[1])).games, Filters())))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "TERTS_LANG": "en"}
    argv = [sys.executable, "-c", code, str(season)]
    runs = [
        subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(2)
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    assert json.loads(outputs[0][0]) == json.loads(outputs[1][0])
    assert figures_of(json.loads(outputs[0][0])["players"]) == EXPECTED_PLAYERS
    db = sqlite3.connect(index_path(season))
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 9
    db.close()


def test_the_progress_is_told_only_when_files_are_read(season):
    told: list[int | str] = []

    def progress(total):
        told.append(total)
        return lambda: told.append("+")

    scan = scan_library(season, progress)
    assert told == [9, *["+"] * 9] and scan.rebuilt == 9
    assert len(scan.games) == 6 and len(scan.skipped) == 3
    told.clear()
    assert scan_library(season, progress).rebuilt == 0 and told == []


def test_a_format_1_game_keeps_its_date_in_the_library(tmp_path):
    path = tmp_path / "game.toml"
    won_game(path, "Аня", "Боря")
    rewrite_as_format_1(path)
    when = datetime(2025, 3, 8, 19, 0).timestamp()
    os.utime(path, (when, when))
    moved = archive_game(path, tmp_path / "library")
    assert moved.name.startswith("2025-03-08_1900_")
    (game,) = history_of(tmp_path / "library")
    assert game["started"].startswith("2025-03-08T19:00:00") and game["minutes"] is None
    assert stats_of(tmp_path / "library", until="2025-03-08")["games"] == 1


def test_a_damaged_index_is_no_loss(season):
    assert figures_of(stats_of(season)["players"]) == EXPECTED_PLAYERS
    index = index_path(season)
    index.write_bytes(b"this is not a database" * 100)
    scan = scan_library(season)
    assert figures_of(stats(scan.games, Filters())["players"]) == EXPECTED_PLAYERS
    assert len(scan.notes) == 1 and "rebuilt from the game files" in scan.notes[0]
    db = sqlite3.connect(index)  # built again
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 9
    db.close()


def test_the_best_games_of_the_season(season):
    """The records by hand from SEASON: game 2 (Боря 770 : 150) has the largest margin and the
    highest total; of the four wins in two deals, game 3 took the fewest minutes (20)."""
    best = stats_of(season)["best_games"]
    margin = best["largest_margin"]
    assert margin is not None
    assert (margin["winner"], margin["margin"], margin["date"][:10]) == ("Боря", 620, "2026-02-10")
    assert margin["totals"] == {"Аня": 150, "Боря": 770} and margin["deals"] == 3
    assert margin["file"].startswith(str(season))
    high = best["highest_total"]
    assert high is not None
    assert (high["player"], high["total"], high["date"][:10]) == ("Боря", 770, "2026-02-10")
    fast = best["fastest_win"]
    assert fast is not None
    assert (fast["winner"], fast["deals"], fast["minutes"]) == ("Аня", 2, 20.0)
    assert fast["date"][:10] == "2026-03-10"
    assert best["players"] == {
        "аня": {"largest_margin": 500, "highest_total": 600, "fastest_win": 2},
        "Боря": {"largest_margin": 620, "highest_total": 770, "fastest_win": 3},
        "Вася": {"largest_margin": None, "highest_total": 100, "fastest_win": None},
        "Петя": {"largest_margin": 600, "highest_total": 600, "fastest_win": 2},
    }
    # the filters choose the games the records are over
    only = stats_of(season, rules="book")["best_games"]
    assert only["largest_margin"] is not None and only["largest_margin"]["winner"] == "Петя"
    assert only["fastest_win"] is not None and only["fastest_win"]["minutes"] == 60
    none = stats_of(season, rules="exact")["best_games"]
    assert none == {
        "largest_margin": None,
        "highest_total": None,
        "fastest_win": None,
        "players": {},
    }
