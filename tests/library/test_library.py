"""The library: games kept after `terts new`, `history` and `stats` over them.

A season is built through the CLI: Аня and Боря play four games (Аня wins two, Боря one, one is
left unfinished), Вася and Петя play one under other rules, and Аня (typed "аня") plays Вася
once. The figures of `stats --json` are checked against counts made by hand from the events
typed below; the library's files must not change under `history` and `stats`.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from datetime import datetime, timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from terts_referee.game.storage import read_game, write_game
from terts_referee.library.location import index_path
from tests.helpers import assert_refused

DECLARATION_CLASSES = ("terts", "fifty", "hundred", "four", "marriage")


def redate(path: Path, day: str, minutes: int) -> None:
    """Test setup only: move a game to ``day`` 20:00 and spread its events over ``minutes``."""
    doc = read_game(path)
    start = datetime.fromisoformat(f"{day}T20:00:00+03:00")
    doc["started"] = start
    events = doc["events"]
    for i, event in enumerate(events, start=1):
        event["at"] = start + timedelta(minutes=minutes * i / len(events))
    write_game(path, doc)


# (players, rules, day, minutes, the events typed after `new`)
SEASON = [
    (  # 1: Аня wins 600 : 100 in two deals, each with four jacks
        ("Аня", "Боря"),
        "classic",
        "2026-01-10",
        30,
        [
            ("deal", "--trump", "ч"),
            ("declare", "Аня", "4J"),
            ("score", "100", "--by", "Аня", "--last-trick", "Аня"),
            ("deal", "--trump", "п"),
            ("declare", "Аня", "4J"),
            ("score", "100", "--by", "Аня", "--last-trick", "Аня"),
        ],
    ),
    (  # 2: Боря wins: he beats Аня's terts with a fifty, she burns; her false marriage
        ("Аня", "Боря"),
        "classic",
        "2026-02-10",
        45,
        [
            ("deal", "--trump", "ч"),
            ("declare", "Аня", "terts:Qs"),
            ("challenge", "Боря", "50:Kc"),
            ("score", "50", "--by", "Аня", "--last-trick", "Боря"),
            ("deal", "--trump", "б"),
            ("declare", "Аня", "marriage"),
            ("penalty", "Аня", "false-declaration"),
            ("declare", "Боря", "4J"),
            ("score", "50", "--by", "Аня", "--last-trick", "Боря"),
            ("deal", "--trump", "т"),
            ("declare", "Боря", "4J"),
            ("score", "50", "--by", "Аня", "--last-trick", "Боря"),
        ],
    ),
    (  # 3: Аня wins by a claim in deal 2
        ("Аня", "Боря"),
        "classic",
        "2026-03-10",
        20,
        [
            ("deal", "--trump", "ч"),
            ("declare", "Аня", "4J"),
            ("score", "100", "--by", "Аня", "--last-trick", "Аня"),
            ("deal", "--trump", "п"),
            ("declare", "Аня", "4J"),
            ("claim", "Аня", "--tricks", "3", "--card-points", "40"),
        ],
    ),
    (  # 4: unfinished; `new --force` moves it to the library
        ("Аня", "Боря"),
        "classic",
        "2026-03-20",
        10,
        [
            ("deal", "--trump", "ч"),
            ("score", "80", "--by", "Боря", "--last-trick", "Боря"),
        ],
    ),
    (  # 5: another pair under other rules: Петя wins with a hundred and fours
        ("Вася", "Петя"),
        "book",
        "2026-04-10",
        60,
        [
            ("deal", "--trump", "ч"),
            ("declare", "Петя", "100:As"),
            ("score", "150", "--by", "Петя", "--last-trick", "Петя"),
            ("deal", "--trump", "п"),
            ("declare", "Петя", "4J"),
            ("score", "150", "--by", "Петя", "--last-trick", "Петя"),
        ],
    ),
    (  # 6: "аня" (another spelling) beats Вася
        ("аня", "Вася"),
        "classic",
        "2026-05-10",
        40,
        [
            ("deal", "--trump", "ч"),
            ("declare", "аня", "4J"),
            ("score", "100", "--by", "аня", "--last-trick", "аня"),
            ("deal", "--trump", "п"),
            ("declare", "аня", "4J"),
            ("score", "100", "--by", "аня", "--last-trick", "аня"),
        ],
    ),
]


@pytest.fixture
def season(terts, tmp_path):
    """The library after the season above, with a damaged, a foreign and a newer file."""
    library = tmp_path / "library"
    for players, rules, day, minutes, events in SEASON:
        r = terts("new", *players, "--rules", rules, "--quick")
        if r.code != 0:  # the unfinished game 4 is in the file
            terts.ok("new", *players, "--rules", rules, "--quick", "--force")
        for event in events:
            terts.ok(*event)
        redate(terts.game, day, minutes)
    terts.ok("archive")
    (library / "broken.toml").write_text("format = 2\nplayers = [\n", encoding="utf-8")
    (library / "notes.toml").write_text('title = "not a game"\n', encoding="utf-8")
    (library / "future.toml").write_text("format = 99\n", encoding="utf-8")
    return library


def won_game(terts, a, b):
    """A quick game that ``a`` wins by a claim in deal 2."""
    terts.ok("new", a, b, "--quick")
    terts.ok("deal", "--trump", "h")
    terts.ok("declare", a, "4J")
    terts.ok("score", "150", "--by", a, "--last-trick", a)
    terts.ok("deal", "--trump", "s")
    terts.ok("declare", a, "4J")
    terts.ok("claim", a, "--tricks", "5", "--card-points", "100")


def stats(terts, *args):
    r = terts("stats", "--json", *args, game=False)
    assert r.code == 0, r.stderr
    return r.json()


def files_of(library: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.name: (p.read_bytes(), p.stat().st_mtime_ns)
        for p in library.iterdir()
        if not p.name.startswith(".terts-index")
    }


RATING_FIELDS = ("rating", "mu", "sigma", "rated_games")


def figures_of(players: dict) -> dict:
    """The players' figures of `stats --json` without their ratings (checked apart)."""
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


def test_stats_of_the_season_match_the_hand_counts(terts, season):
    r = terts("stats", "--json", game=False)
    assert r.code == 0
    data = r.json()
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
    # the three bad files: one line each on stderr, named, and skipped
    lines = r.stderr.splitlines()
    assert len(lines) == 3
    for name in ("broken.toml", "future.toml", "notes.toml"):
        assert sum(name in line for line in lines) == 1
    assert sorted(data["skipped"]) == ["broken.toml", "future.toml", "notes.toml"]


@pytest.mark.parametrize(
    ("args", "games", "players"),
    [
        pytest.param(("--player", "Боря"), 3, ["аня", "Боря"], id="player"),
        pytest.param(("--player", "ВАС"), 2, ["Вася", "Петя", "аня"], id="player prefix any case"),
        pytest.param(("--player", "Аня", "--vs", "вася"), 1, ["аня", "Вася"], id="vs"),
        pytest.param(
            ("--since", "2026-03-10"), 3, ["Боря", "Вася", "Петя", "аня"], id="since inclusive"
        ),
        pytest.param(("--until", "2026-02-10"), 2, ["аня", "Боря"], id="until inclusive"),
        pytest.param(
            ("--since", "2026-02-01", "--until", "2026-04-30"), 3, None, id="since and until"
        ),
        pytest.param(("--rules", "BOOK"), 1, ["Вася", "Петя"], id="rules"),
        pytest.param(("--rules", "exact"), 0, [], id="rules with no games"),
    ],
)
def test_stats_filters(terts, season, args, games, players):
    data = stats(terts, *args)
    assert data["games"] == games
    if players is not None:
        assert sorted(data["players"]) == sorted(players)
    assert sum(p["wins"] for p in data["players"].values()) == games


def test_stats_of_one_pair(terts, season):
    data = stats(terts, "--player", "аня", "--vs", "Бо")
    assert data["games"] == 3 and data["unfinished"] == 1
    assert data["players"]["аня"]["wins"] == 2
    assert data["players"]["Боря"]["wins"] == 1
    assert data["players"]["Боря"]["current_streak"] == 0  # he lost game 3, his latest


def test_history_newest_first_with_the_unfinished(terts, season):
    r = terts("history", "--json", game=False)
    assert r.code == 0
    games = r.json()["games"]
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
    only = terts("history", "--json", "--player", "петя", "--rules", "book", game=False).json()
    assert [g["players"] for g in only["games"]] == [["Вася", "Петя"]]


def test_history_and_stats_change_no_file_in_the_library(terts, season):
    before = files_of(season)
    for command in (
        ("history",),
        ("history", "--json"),
        ("stats",),
        ("stats", "--json"),
        ("stats", "--chart"),
    ):
        assert terts(*command, game=False).code == 0
    assert files_of(season) == before
    (index_path(season)).unlink()  # deleting the index loses nothing
    assert figures_of(stats(terts)["players"]) == EXPECTED_PLAYERS
    assert files_of(season) == before


def test_the_index_follows_the_files(terts, season):
    data = stats(terts)
    assert data["games"] == 5
    db = sqlite3.connect(index_path(season))
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 9  # 6 games, 3 bad files
    db.close()
    # a file removed, one repaired, one changed in place with the same size and mtime
    (season / "notes.toml").unlink()
    (season / "future.toml").unlink()
    newest = max(season.glob("2026-05-10_*.toml"))
    newest.unlink()
    assert stats(terts)["games"] == 4
    (first,) = season.glob("2026-01-10_2000_Аня_Боря_*.toml")
    st = first.stat()
    text = first.read_text(encoding="utf-8")
    swapped = text.replace('"Аня"', '"Ася"')  # same length in UTF-8 bytes
    assert len(swapped.encode()) == len(text.encode())
    first.write_text(swapped, encoding="utf-8")
    os.utime(first, ns=(st.st_atime_ns, st.st_mtime_ns))
    data = stats(terts)
    assert data["players"]["Ася"]["wins"] == 1  # the hash saw the change


def test_stats_and_history_of_an_empty_or_missing_library(terts, tmp_path):
    r = terts("stats", "--json", "--library", str(tmp_path / "nowhere"), game=False)
    assert r.code == 0 and r.json()["games"] == 0 and r.stderr == ""
    assert not (tmp_path / "nowhere").exists()
    r = terts("history", game=False)
    assert r.code == 0 and "no games" in r.stdout


def test_options_that_leave_nothing_do_not_call_the_library_empty(terts, tmp_path):
    """A user who filters every game out is told so, not that the library is empty; one game
    is counted in the singular."""
    won_game(terts, "Аня", "Боря")
    terts.ok("archive")
    r = terts("stats", game=False)
    assert r.code == 0 and "Players (1 game)" in r.stdout and "1 finished game," in r.stdout
    for command in ("history", "stats"):
        r = terts(command, "--until", "2000-01-01", game=False)
        assert r.code == 0
        assert "matches the options given (1 game in the library)" in r.stdout, r.stdout
        assert "no games in the library yet" not in r.stdout
    r = terts("stats", "--rules", "book", "--lang", "ru", game=False)
    assert "ни одна оконченная партия не подходит под заданные условия" in r.stdout


@pytest.mark.parametrize(
    ("args", "fragment", "read"),
    [
        (("--player", "Гоша"), "no player 'Гоша' in the library", True),
        (("--player", "Ва", "--vs", "Зоя"), "no player 'Зоя'", True),
        # refused before the library is read: no file named, nothing to wait for
        (("--vs", "Боря"), "--vs needs --player", False),
        (("--since", "yesterday"), "'yesterday' is not a date: expected YYYY-MM-DD", False),
        (("--until", "2026-13-01"), "is not a date", False),
    ],
)
def test_bad_filters_are_refused(terts, season, args, fragment, read):
    r = terts("stats", *args, game=False)
    assert r.stderr.count("skipped") == (3 if read else 0)
    r.stderr = "\n".join(x for x in r.stderr.splitlines() if "skipped" not in x) + "\n"
    assert_refused(r, fragment)


def test_new_moves_a_finished_game_and_refuses_an_unfinished_one(terts, tmp_path):
    library = tmp_path / "library"
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "ч")
    before = terts.game.read_bytes()
    r = terts.refused("new", "Аня", "Боря")
    # the way out is named, and it does not sound like losing the game ("start over")
    assert "--force moves it there first, nothing is deleted" in r.stderr
    assert not library.exists()
    terts.ok("new", "Аня", "Боря", "--force")
    (moved,) = library.glob("*.toml")
    assert re.search(r"_Аня_Боря_[0-9a-f]{8}_unfinished\.toml$", moved.name)
    assert moved.read_bytes() == before  # moved as it was
    # archive refuses a game that has not started to be finished, names the way out
    r = terts.refused("archive")
    assert "--force" in r.stderr


def test_archive_never_overwrites(terts, tmp_path):
    """Three games of one minute get three names by their ids (no device's name clashes with
    another's); the same game twice with other bytes (a copy with one more event, moved from
    another folder) gets ``_2``, then ``_3``: nothing is ever replaced."""
    library = tmp_path / "library"
    ids = []
    for second in range(3):
        won_game(terts, "Аня", "Боря")
        doc = read_game(terts.game)
        doc["started"] = datetime.fromisoformat(f"2026-06-01T21:15:0{second}+02:00")
        write_game(terts.game, doc)
        ids.append(doc["id"][:8])
        r = terts.ok("archive", "--json")
        assert Path(r.json()["file"]).parent == library
        assert not terts.game.exists()
    names = sorted(p.name for p in library.glob("*.toml"))
    assert names == sorted(f"2026-06-01_2115_Аня_Боря_{tag}.toml" for tag in ids)
    kept = {p.name: p.read_bytes() for p in library.glob("*.toml")}
    first = library / f"2026-06-01_2115_Аня_Боря_{ids[0]}.toml"
    for copy in range(2):
        doc = read_game(first)
        doc["rules"]["name"] = f"house {copy}"  # other bytes, the same id
        write_game(terts.game, doc)
        terts.ok("archive", "--force")
    assert {p.name: p.read_bytes() for p in library.glob("*.toml") if p.name in kept} == kept
    new = sorted(set(p.name for p in library.glob("*.toml")) - set(kept))
    assert new == [first.name.replace(".toml", "_2.toml"), first.name.replace(".toml", "_3.toml")]


def test_a_damaged_game_file_is_set_aside_by_new_force(terts, tmp_path):
    terts.game.write_text("format = 2\nplayers = [\n", encoding="utf-8")
    terts.refused("new", "Аня", "Боря")
    terts.ok("new", "Аня", "Боря", "--force")
    (moved,) = (tmp_path / "library").glob("*_damaged.toml")
    assert moved.read_text(encoding="utf-8") == "format = 2\nplayers = [\n"


def test_library_location(monkeypatch, tmp_path):
    from terts_referee.library.location import library_dir

    assert library_dir("here") == Path("here")
    assert library_dir(None, {"TERTS_LIBRARY": "/x/y"}) == Path("/x/y")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = library_dir(None, {})
    assert path.parts[-2:] == ("terts", "games")


def test_a_format_1_file_still_reads_and_is_not_rewritten(terts):
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "ч")
    doc = read_game(terts.game)
    doc["format"] = 1
    del doc["started"], doc["id"]
    for event in doc["events"]:
        del event["at"]
    write_game(terts.game, doc)
    old = terts.game.read_text(encoding="utf-8")
    mtime = terts.game.stat().st_mtime_ns
    for command in (("log", "--json"), ("sheet", "--json"), ("status", "--json")):
        terts.ok(*command)
    assert terts.game.read_text(encoding="utf-8") == old
    assert terts.game.stat().st_mtime_ns == mtime
    log = terts.ok("log", "--json").json()["events"]
    assert [e["at"] for e in log] == [None]
    sheet = terts.ok("sheet", "--json").json()
    assert sheet["started"] is None and sheet["deals"][0]["started"] is None
    terts.ok("score", "80", "--by", "Аня", "--last-trick", "Аня")  # recording rewrites it
    doc = read_game(terts.game)
    assert doc["format"] == 2 and "at" not in doc["events"][0] and "at" in doc["events"][1]


def test_times_in_log_and_sheet(terts):
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "ч")
    terts.ok("score", "80", "--by", "Аня", "--last-trick", "Аня")
    terts.ok("deal", "--trump", "п")
    doc = read_game(terts.game)
    assert doc["started"].utcoffset() is not None and doc["started"].microsecond == 0
    log = terts.ok("log", "--json").json()["events"]
    assert [e["at"] for e in log] == [e["at"].isoformat() for e in doc["events"]]
    deals = terts.ok("sheet", "--json").json()["deals"]
    assert deals[0]["started"] == log[0]["at"] and deals[0]["ended"] == log[1]["at"]
    assert deals[1]["started"] == log[2]["at"] and deals[1]["ended"] is None
    assert re.search(r"\d\d:\d\d:\d\d", terts.ok("log").stdout)
    terts.ok("undo")  # a drop of the latest, kept in the trail: the journal is not rewritten
    doc = read_game(terts.game)
    assert len(doc["events"]) == 3 and doc["format"] == 4  # an id and corrections
    assert [c["action"] for c in doc["corrections"]] == ["drop"]
    assert len(terts.ok("log", "--json").json()["events"]) == 2


# --- the season page --------------------------------------------------------------------------


class _Cells(HTMLParser):
    """Every cell with data-field: (row's pair or None, data-player, data-field, data-value)."""

    def __init__(self):
        super().__init__()
        self.cells: list[tuple[str | None, str | None, str, str]] = []
        self.texts: list[str] = []
        self.tags: list[str] = []
        self._open: tuple | None = None
        self._pair: str | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        if tag == "tr":
            self._pair = a.get("data-pair") or a.get("data-record")
        if "data-field" in a:
            self._open = (self._pair, a.get("data-player"), a["data-field"], a["data-value"])
            self._text = ""

    def handle_data(self, data):
        if self._open:
            self._text += data

    def handle_endtag(self, tag):
        if tag in ("td", "span") and self._open:  # a figure is a cell, or a span in one
            self.cells.append(self._open)
            self.texts.append(self._text)
            self._open = None


def test_season_page_matches_stats_json(terts, season, tmp_path):
    data = stats(terts)
    page = tmp_path / "season.html"
    r = terts("stats", "--html", str(page), game=False)
    assert r.code == 0 and str(page) in r.stdout
    html = page.read_text(encoding="utf-8")
    parser = _Cells()
    parser.feed(html)
    assert html.startswith("<!DOCTYPE html>") and "@media print" in html
    assert parser.tags.count("svg") == 3 and parser.tags.count("table") == 5
    players = {(p, f): json.loads(v) for pair, p, f, v in parser.cells if pair is None}
    expected = {}
    for name, figures in data["players"].items():
        for field, value in figures.items():
            if field == "declarations":
                for cls, count in value.items():
                    expected[(name, f"declarations.{cls}")] = count
            elif field not in ("deals", "points", "sigma", "rated_games"):  # sigma beside mu
                expected[(name, field)] = value
    assert players == expected
    pairs = {(pair, p, f): json.loads(v) for pair, p, f, v in parser.cells if pair is not None}
    expected_pairs: dict[tuple[str, str | None, str], Any] = {}
    for h2h in data["head_to_head"]:
        key = " — ".join(h2h["players"])
        expected_pairs[(key, None, "games")] = h2h["games"]
        for name, wins in h2h["wins"].items():
            expected_pairs[(key, name, "wins")] = wins
        for name, points in h2h["points"].items():
            expected_pairs[(key, name, "points")] = points
    # the best games: each record's holder and figure, then each player's own
    best = data["best_games"]
    expected_pairs[("largest_margin", "Боря", "margin")] = best["largest_margin"]["margin"]
    expected_pairs[("highest_total", "Боря", "total")] = best["highest_total"]["total"]
    expected_pairs[("fastest_win", "Аня", "deals")] = best["fastest_win"]["deals"]
    for name, own in best["players"].items():
        for field, value in own.items():
            expected_pairs[("players", name, field)] = value
    assert pairs == expected_pairs
    assert "2026-02-10, Аня 150 : 770 Боря" in html
    # what the eye reads is the same number (a rate as a percentage, nothing as a dash)
    for (_, name, field, value), text in zip(parser.cells, parser.texts, strict=True):
        value = json.loads(value)
        if field == "win_rate":
            assert text == f"{value * 100:.0f}%"
        elif field == "rating":
            assert text == f"{value:.1f}"
        elif field == "mu":
            assert text == f"{value:.1f} ± {data['players'][name]['sigma']:.1f}"
        else:
            assert text == ("—" if value is None else f"{value:g}")
    # the charts: each player's line ends at his wins; each bar is his win rate
    for name, figures in data["players"].items():
        assert f'data-player="{name}" data-wins="{figures["wins"]}"' in html
        assert f'data-player="{name}" data-win-rate="{figures["win_rate"]}"' in html
        assert f'data-player="{name}" data-rating="{figures["rating"]}"' in html
    assert f'data-games="{data["games"]}" data-unfinished="{data["unfinished"]}"' in html


def test_season_page_writes_head_to_head_wins_in_one_cell(terts, season, tmp_path):
    """«Побед» of a pair is one cell, «1 : 2» (each player's figure a span in it with its value
    as data), under one header: not three bordered cells for two figures and a colon."""
    page = tmp_path / "season.html"
    assert terts("--lang", "ru", "stats", "--html", str(page), game=False).code == 0
    html = page.read_text(encoding="utf-8")
    table = html[html.index('<table class="stats h2h">') :]
    table = table[: table.index("</table>")]
    assert '<th scope="col">Побед</th>' in table and "colspan" not in table
    data = stats(terts)
    for pair in data["head_to_head"]:
        a, b = pair["players"]
        row = re.search(rf'<tr data-pair="{re.escape(a)} — {re.escape(b)}">(.*?)</tr>', table)
        assert row, (a, b)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row[1])
        assert len(cells) == 3, cells  # the games, the wins, the points
        shown = re.sub(r"<[^>]+>", "", cells[1])
        assert shown == f"{pair['wins'][a]} : {pair['wins'][b]}", cells[1]
        points = re.sub(r"<[^>]+>", "", cells[2])
        assert points == f"{pair['points'][a]} : {pair['points'][b]}", cells[2]


def test_season_page_escapes_names_and_the_chart_in_the_terminal(terts, tmp_path):
    won_game(terts, "<b>Ann", "[red]Bob")
    terts.ok("archive")
    page = tmp_path / "s.html"
    assert terts("stats", "--html", str(page), game=False).code == 0
    html = page.read_text(encoding="utf-8")
    assert "<b>Ann" not in html and "&lt;b&gt;Ann" in html
    r = terts("stats", "--chart", game=False)
    assert "[red]Bob" in r.stdout and "Wins by month" in r.stdout
    assert json.loads(terts("stats", "--json", game=False).stdout)["games"] == 1


def test_two_commands_at_once_share_the_index(terts, season):
    """Two `stats` started together on a library without an index: both answer the same, and
    the index they built is sound."""
    import subprocess
    import sys

    env = {**os.environ, "TERTS_LANG": "en"}
    argv = [sys.executable, "-m", "terts_referee", "stats", "--json", "--library", str(season)]
    runs = [subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)]
    runs.append(subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    assert json.loads(outputs[0][0]) == json.loads(outputs[1][0])
    assert figures_of(json.loads(outputs[0][0])["players"]) == EXPECTED_PLAYERS
    db = sqlite3.connect(index_path(season))
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 9
    db.close()


def test_the_progress_is_told_only_when_files_are_read(season):
    from terts_referee.library.scan import scan_library

    told = []

    def progress(total):
        told.append(total)
        return lambda: told.append("+")

    scan = scan_library(season, progress)
    assert told == [9, *["+"] * 9] and scan.rebuilt == 9
    assert len(scan.games) == 6 and len(scan.skipped) == 3
    told.clear()
    assert scan_library(season, progress).rebuilt == 0 and told == []


def test_refusals_in_russian(terts, season):
    r = terts("--lang", "ru", "stats", "--since", "вчера", game=False)
    line = r.stderr.splitlines()[-1]
    assert r.code == 2 and "'вчера' — не дата: ожидается ГГГГ-ММ-ДД" in line
    assert r.stderr.count("\n") == 1  # refused before the library is read
    r = terts("--lang", "ru", "history", "--player", "Гоша", game=False)
    assert "в библиотеке нет игрока с именем 'Гоша'" in r.stderr


def test_a_format_1_game_keeps_its_date_in_the_library(terts, tmp_path):
    won_game(terts, "Аня", "Боря")
    doc = read_game(terts.game)
    doc["format"] = 1
    del doc["started"], doc["id"]
    for event in doc["events"]:
        del event["at"]
    write_game(terts.game, doc)
    when = datetime(2025, 3, 8, 19, 0).timestamp()
    os.utime(terts.game, (when, when))
    terts.ok("archive")
    (moved,) = (tmp_path / "library").glob("*.toml")
    assert moved.name.startswith("2025-03-08_1900_")
    (game,) = terts("history", "--json", game=False).json()["games"]
    assert game["started"].startswith("2025-03-08T19:00:00") and game["minutes"] is None
    assert stats(terts, "--until", "2025-03-08")["games"] == 1


def test_a_damaged_index_is_no_loss(terts, season):
    assert figures_of(stats(terts)["players"]) == EXPECTED_PLAYERS
    index = index_path(season)
    index.write_bytes(b"this is not a database" * 100)
    assert figures_of(stats(terts)["players"]) == EXPECTED_PLAYERS
    db = sqlite3.connect(index)  # built again
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 9
    db.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_stats_tables_cut_nothing_at_80_columns(terts, season, monkeypatch, lang):
    """The terminal's `stats`: every header and name whole in an 80-column terminal."""
    monkeypatch.setenv("COLUMNS", "80")
    r = terts("--lang", lang, "stats", game=False)
    assert r.code == 0, r.stderr
    assert "…" not in r.stdout
    assert max(len(line) for line in r.stdout.splitlines()) <= 80


def test_the_best_games_of_the_season(terts, season):
    """The records by hand from SEASON: game 2 (Боря 770 : 150) has the largest margin and the
    highest total; of the four wins in two deals, game 3 took the fewest minutes (20)."""
    best = stats(terts)["best_games"]
    margin = best["largest_margin"]
    assert (margin["winner"], margin["margin"], margin["date"][:10]) == ("Боря", 620, "2026-02-10")
    assert margin["totals"] == {"Аня": 150, "Боря": 770} and margin["deals"] == 3
    assert margin["file"].startswith(str(season))
    high = best["highest_total"]
    assert (high["player"], high["total"], high["date"][:10]) == ("Боря", 770, "2026-02-10")
    fast = best["fastest_win"]
    assert (fast["winner"], fast["deals"], fast["minutes"]) == ("Аня", 2, 20.0)
    assert fast["date"][:10] == "2026-03-10"
    assert best["players"] == {
        "аня": {"largest_margin": 500, "highest_total": 600, "fastest_win": 2},
        "Боря": {"largest_margin": 620, "highest_total": 770, "fastest_win": 3},
        "Вася": {"largest_margin": None, "highest_total": 100, "fastest_win": None},
        "Петя": {"largest_margin": 600, "highest_total": 600, "fastest_win": 2},
    }
    # the filters choose the games the records are over
    only = stats(terts, "--rules", "book")["best_games"]
    assert only["largest_margin"]["winner"] == "Петя" and only["fastest_win"]["minutes"] == 60
    none = stats(terts, "--rules", "exact")["best_games"]
    assert none == {
        "largest_margin": None,
        "highest_total": None,
        "fastest_win": None,
        "players": {},
    }
