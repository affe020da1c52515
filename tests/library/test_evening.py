"""A club night below the faces (``library.evening``): which files are tables, a new table, the
evening's games counted once, the standings and their ratings, the rounds, the move of the
finished tables to the library."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from terts_referee.api import GameFile
from terts_referee.errors import GameFileError, NotationError
from terts_referee.library import evening
from terts_referee.library.scan import scan_library
from tests.helpers import raises_verdict, said
from tests.library.games import game_of, put

if TYPE_CHECKING:
    from terts_referee.library.ratings import Ratings

TZ = datetime.now().astimezone().tzinfo
NIGHT = datetime(2026, 11, 30, 19, 0, tzinfo=TZ)


# --- names and folders -------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["a", "2026-11-30_1904_Аня_Боря", "Стол-1", "table_2", "x" * 80, "Ёлка", "٣"],
)
def test_a_table_name_is_letters_digits_dash_and_underscore(name):
    assert evening.is_table_name(name)


@pytest.mark.parametrize(
    "name",
    [
        "",
        "..",
        ".hidden",
        "a.b",
        "a/b",
        "a\\b",
        "a\x00b",
        "a b",
        "-dash-first",
        "_under",
        "x" * 81,
        "tab\tle",
        "new\nline",
        "name.toml",
        "и\u0306",  # a combining mark is not a letter: the name is refused, never mangled
    ],
)
def test_a_table_name_is_never_a_path(name):
    assert not evening.is_table_name(name)


def test_the_tables_of_a_folder_and_the_files_passed_over_with_their_reason(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    started = NIGHT
    for name in ("b", "a", "Стол-1"):
        put(folder / f"{name}.toml", game_of("Аня", "Боря", started))
    put(folder / "with space.toml", game_of("Аня", "Боря", started))
    (folder / ".hidden.toml").write_text("")  # hidden: the lock and temp files are like it
    (folder / ".a.toml.lock").write_text("")
    (folder / "notes.txt").write_text("not a game")
    (folder / "sub.toml").mkdir()
    os.symlink(folder / "a.toml", folder / "link.toml")

    tables = evening.tables_in(folder)

    assert list(tables.found) == ["a", "b", "Стол-1"]
    assert tables.found["a"] == folder / "a.toml"
    reasons = dict(tables.skipped)
    assert set(reasons) == {"with space.toml", "sub.toml", "link.toml"}
    assert "letters, digits, - and _" in reasons["with space.toml"]
    assert "a link" in reasons["link.toml"]
    assert "directory" in reasons["sub.toml"]


def test_a_folder_holds_at_most_max_tables(tmp_path, monkeypatch):
    monkeypatch.setattr(evening, "MAX_TABLES", 2)
    for name in ("a", "b", "c"):
        put(tmp_path / f"{name}.toml", game_of("Аня", "Боря", NIGHT))
    tables = evening.tables_in(tmp_path)
    assert list(tables.found) == ["a", "b"]
    assert tables.skipped == [("c.toml", "more than 2 tables: not served")]


def test_a_missing_club_folder_is_made_once_in_a_folder_that_exists(tmp_path):
    folder = tmp_path / "club"
    assert evening.check_club_folder(folder) is True
    assert folder.is_dir()
    assert evening.check_club_folder(folder) is False


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda p: p.write_text("x"), "is a regular file, not a folder"),
        (lambda p: os.mkfifo(p), "not a folder"),
        (lambda p: None, "No such file or directory"),  # its parent is missing: not made
    ],
    ids=["a file", "a fifo", "no parent"],
)
def test_a_club_folder_that_is_not_one_is_refused_in_one_line(tmp_path, make, says):
    path = tmp_path / "club"
    if says.startswith("No such"):
        path = tmp_path / "missing" / "club"
    else:
        make(path)
    with pytest.raises(GameFileError) as refused:
        evening.check_club_folder(path)
    assert says in said(refused.value)
    assert "\n" not in said(refused.value)
    assert not (tmp_path / "missing").exists()


def test_a_club_folder_inside_the_library_is_refused(tmp_path):
    library = tmp_path / "library"
    (library / "club").mkdir(parents=True)
    for inside in (library, library / "club"):
        with raises_verdict(GameFileError, "club.folder.in_library", "inside the library"):
            evening.check_club_folder(inside, library)
    evening.check_club_folder(tmp_path / "library-club", library)  # a sibling is not inside


def test_a_new_tables_name_is_the_time_and_the_players():
    at = datetime(2026, 11, 30, 19, 4)
    assert evening.new_table_name(["Аня", "Боря"], at) == "2026-11-30_1904_Аня_Боря"
    odd = evening.new_table_name(["../etc/passwd", "a.b c_d"], at)
    assert odd == "2026-11-30_1904_etc-passwd_a-b-c-d"
    assert evening.is_table_name(evening.new_table_name(["…", "\u200b"], at))


def test_a_new_table_never_overwrites_a_file(tmp_path):
    at = datetime(2026, 11, 30, 19, 4).astimezone()
    taken = tmp_path / "2026-11-30_1904_Аня_Боря.toml"
    taken.write_bytes(b"somebody's notes")
    name, game = evening.open_table(tmp_path, ["Аня", "Боря"], at=at)
    again, _ = evening.open_table(tmp_path, ["Аня", "Боря"], at=at)
    assert (name, again) == ("2026-11-30_1904_Аня_Боря_2", "2026-11-30_1904_Аня_Боря_3")
    assert taken.read_bytes() == b"somebody's notes"
    assert game.game().players == ("Аня", "Боря")


def test_a_new_tables_players_are_checked_as_terts_new_checks_them(tmp_path):
    with raises_verdict(NotationError, "err.players.same"):
        evening.open_table(tmp_path, ["Аня", "аня"])
    assert list(tmp_path.iterdir()) == []


# --- the evening ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("now", "start"),
    [
        (datetime(2026, 11, 30, 19, 0), datetime(2026, 11, 30, 6, 0)),
        (datetime(2026, 12, 1, 1, 30), datetime(2026, 11, 30, 6, 0)),  # past midnight
        (datetime(2026, 12, 1, 6, 0), datetime(2026, 12, 1, 6, 0)),
    ],
)
def test_an_evening_starts_at_six_in_the_morning(now, start):
    assert evening.evening_start(now.astimezone()) == start.astimezone()


@pytest.mark.parametrize(
    ("text", "moment"),
    [
        ("2026-11-30", datetime(2026, 11, 30)),
        ("2026-11-30T18:30", datetime(2026, 11, 30, 18, 30)),
        ("2026-11-30 18:30:15", datetime(2026, 11, 30, 18, 30, 15)),
        ("18:30", datetime(2026, 11, 30, 18, 30)),
        (" 9:05 ", datetime(2026, 11, 30, 9, 5)),
    ],
)
def test_since_is_a_day_a_time_or_an_hour_of_today(text, moment):
    now = datetime(2026, 11, 30, 21, 0).astimezone()
    assert evening.parse_since(text, now) == moment.astimezone()


@pytest.mark.parametrize("text", ["yesterday", "30.11.2026", "25:00", "2026-13-01", "", "18:3"])
def test_since_that_is_not_a_moment_is_refused(text):
    with raises_verdict(NotationError, "club.since.bad", "is not a moment: expected YYYY-MM-DD"):
        evening.parse_since(text, datetime(2026, 11, 30, 21, 0).astimezone())


def test_since_later_than_now_is_refused():
    with raises_verdict(NotationError, "club.since.future", "later than now"):
        evening.parse_since("22:00", datetime(2026, 11, 30, 21, 0).astimezone())


def _table(folder: Path, name: str, game) -> dict:
    path = put(folder / f"{name}.toml", game)
    now = GameFile(path).snapshot()
    return evening.table_summary(name, path, now.game, now.sheet)


def _library(tmp_path: Path, *games) -> list[dict]:
    library = tmp_path / "library"
    for n, game in enumerate(games):
        put(library / f"g{n}.toml", game)
    return scan_library(library).games


def test_the_evening_counts_the_tables_and_the_library_games_since_it_began(tmp_path):
    before = game_of(
        "Аня", "Боря", NIGHT - timedelta(days=1), "11111111-1111-4111-8111-111111111111"
    )
    moved = game_of(
        "Вика", "Гена", NIGHT + timedelta(hours=1), "22222222-2222-4222-8222-222222222222"
    )
    library = _library(tmp_path, before, moved)
    tables = [
        _table(tmp_path / "club", "t1", game_of("Боря", "Аня", NIGHT + timedelta(hours=2))),
        # the same game as the library's copy: counted once (the table holds as many entries)
        _table(tmp_path / "club", "t2", moved),
        _table(tmp_path / "club", "old", game_of("Аня", "Гена", NIGHT - timedelta(hours=20))),
    ]
    tonight, everything = evening.evening_games(tables, library, NIGHT)
    assert sorted(g["key"] for g in everything) == sorted({g["key"] for g in [*library, *tables]})
    assert len(everything) == 4
    assert sorted((g["players"][0], g.get("table")) for g in tonight) == [
        ("Боря", "t1"),
        ("Вика", "t2"),
    ]


def test_standings_rank_wins_then_points_with_ratings_before_and_after(tmp_path):
    earlier = game_of("Аня", "Боря", NIGHT - timedelta(days=7))
    library = _library(tmp_path, earlier)
    club = tmp_path / "club"
    tables = [
        _table(club, "t1", game_of("Боря", "Аня", NIGHT + timedelta(minutes=10))),
        _table(club, "t2", game_of("Вика", "Гена", NIGHT + timedelta(minutes=20))),
        _table(club, "t3", game_of("Боря", "Вика", NIGHT + timedelta(minutes=60), moves=3)),
    ]
    tonight, everything = evening.evening_games(tables, library, NIGHT)
    ratings = evening.rate_games(everything)
    table = evening.standings(
        tonight, ratings, NIGHT, players=["Аня", "Боря", "Вика", "Гена", "Даша"]
    )

    rows = {r["name"]: r for r in table["players"]}
    assert [r["name"] for r in table["players"]] == ["Боря", "Вика", "Аня", "Гена", "Даша"]
    assert [r["rank"] for r in table["players"]] == [1, 2, 3, 4, 5]
    assert (rows["Боря"]["games"], rows["Боря"]["wins"]) == (1, 1)
    assert rows["Аня"]["points"] == tables[0]["totals"]["Аня"]
    assert rows["Даша"] == {**rows["Даша"], "games": 0, "rating": None, "change": None}
    assert rows["Боря"]["playing"] == rows["Вика"]["playing"] == "t3"
    assert rows["Аня"]["playing"] is None
    # Аня and Боря had a rating before the evening (last week's game); Вика had none
    assert rows["Аня"]["rating_before"] == round(ratings["Аня"].history[0].rating, 2)
    now, before = rows["Аня"]["rating"], rows["Аня"]["rating_before"]
    assert now is not None and before is not None
    assert rows["Аня"]["change"] == round(now - before, 2)
    assert rows["Вика"]["rating_before"] is None
    assert rows["Вика"]["change"] == rows["Вика"]["rating"]
    assert table["games"] == 2 and table["playing"] == 1
    assert [g["table"] for g in table["finished"]] == ["t2", "t1"]  # the latest first
    assert table["ratings"]["games"] == 3


def test_the_same_games_give_the_same_standings(tmp_path):
    club = tmp_path / "club"
    tables = [
        _table(club, f"t{n}", game_of(a, b, NIGHT + timedelta(minutes=n)))
        for n, (a, b) in enumerate([("Аня", "Боря"), ("Вика", "Аня"), ("Боря", "Вика")])
    ]
    first = evening.standings(*_rated(tables), NIGHT)
    again = evening.standings(*_rated(list(reversed(tables))), NIGHT)
    assert first == again


def _rated(tables: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], Ratings]:
    tonight, everything = evening.evening_games(tables, [], NIGHT)
    return tonight, evening.rate_games(everything)


# --- rounds ---------------------------------------------------------------------------------


def test_rounds_mark_the_pairs_played_and_playing_and_the_next_round(tmp_path):
    players = ["Аня", "Боря", "Вика", "Гена"]
    club = tmp_path / "club"
    schedule = evening.rounds(players, [])
    assert [r["next"] for r in schedule] == [True, False, False]
    first = [p["players"] for p in schedule[0]["pairs"]]
    (a, b), (c, d) = first
    tables = [
        _table(club, "r1a", game_of(a, b, NIGHT)),  # finished
        _table(club, "r1b", game_of(c, d, NIGHT, moves=2)),  # still playing
    ]
    views = evening.rounds(players, evening.evening_games(tables, [], NIGHT)[0])
    assert [p["opened"] for p in views[0]["pairs"]] == [True, "r1b"]
    assert [r["next"] for r in views] == [False, True, False]
    # round 2: each pair has one of round 1's players still at table r1b
    ready, waiting = evening.round_to_open(views, 2, True)
    assert ready == []
    assert sorted(waiting) == sorted(first[1])
    assert all(p["waiting"] for p in views[1]["pairs"])


@pytest.mark.parametrize("finished_first", [True, False])
def test_a_pair_playing_again_after_their_game_has_played(tmp_path, finished_first):
    players = ["Аня", "Боря", "Вика", "Гена"]
    club = tmp_path / "club"
    pair = evening.rounds(players, [])[0]["pairs"][0]["players"]
    a, b = pair
    done = _table(club, "done", game_of(a, b, NIGHT))
    again = _table(club, "again", game_of(a, b, NIGHT, moves=2))  # the next game at a table
    tables = [done, again] if finished_first else [again, done]
    views = evening.rounds(players, evening.evening_games(tables, [], NIGHT)[0])
    assert views[0]["pairs"][0]["opened"] is True
    # still at a table: whoever would play them waits
    assert all(set(p["waiting"]) <= set(pair) for r in views[1:] for p in r["pairs"])
    assert any(p["waiting"] for r in views[1:] for p in r["pairs"])


def test_a_round_opens_the_pairs_whose_players_are_free(tmp_path):
    players = ["Аня", "Боря", "Вика", "Гена", "Даша"]  # odd: a bye each round
    views = evening.rounds(players, [])
    ready, waiting = evening.round_to_open(views, 1, True)
    assert ready == [p["players"] for p in views[0]["pairs"]] and waiting == []
    assert views[0]["bye"] == "Аня"


@pytest.mark.parametrize(
    ("number", "given", "code", "says"),
    [
        (0, True, "club.round.unknown", "no round 0"),
        (4, True, "club.round.unknown", "no round 4"),
        (1, False, "club.round.no_players", "were not named"),
    ],
)
def test_a_round_the_evening_does_not_have_is_refused(number, given, code, says):
    views = evening.rounds(["Аня", "Боря", "Вика", "Гена"], [])
    with raises_verdict(NotationError, code, says):
        evening.round_to_open(views, number, given)


# --- the finished tables go to the library ---------------------------------------------------


def test_the_finished_tables_move_to_the_library_and_the_others_stay(tmp_path):
    club, library = tmp_path / "club", tmp_path / "library"
    done = put(club / "done.toml", game_of("Аня", "Боря", NIGHT))
    playing = put(club / "playing.toml", game_of("Вика", "Гена", NIGHT, moves=2))
    damaged = club / "damaged.toml"
    damaged.write_text("not toml [")
    data = done.read_bytes()
    moved, failed = evening.move_finished(
        {"done": done, "playing": playing, "damaged": damaged}, library
    )
    assert [name for name, _ in moved] == ["done"]
    assert moved[0][1].parent == library and moved[0][1].read_bytes() == data
    assert failed == []
    assert not done.exists() and playing.exists() and damaged.exists()
